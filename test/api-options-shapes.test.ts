/**
 * Request options the API model follows (issue 26, shapes 1 and 2): headers a same-file helper returns,
 * frozen header constants merged by `Object.assign`, options merged and passed whole through wrappers, headers
 * assigned onto an options parameter in a `#private` method, URL objects sent as `url.toString()`, and the
 * default method of a configured client (`axios.create`, `got.extend`) overridden per call. Each shape has a
 * case the engine must follow and a look-alike that must stay quiet; an edit in shared code (a helper, a
 * module constant) is made only when it is right for every call that reaches it.
 */
import { describe, expect, it } from 'vitest';
import { UNKNOWN } from '../engine/parse/file-context.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { getRequests, type HttpRequest } from '../engine/api/index.js';
import { analyzeFile } from '../engine/analyze.js';
import type { Match } from '../engine/types.js';
import { contextOf } from './helpers/snippets.js';

const catalog = loadCatalog();
const requests = (code: string, filename = 'file.js'): HttpRequest[] => getRequests(contextOf(code, filename), catalog);
const url = (r: HttpRequest | undefined): string | undefined => r?.url?.value.replaceAll(UNKNOWN, '*');
/** The request made at the call whose source text starts with `start`. */
const at = (code: string, start: string, filename?: string): HttpRequest | undefined => {
  const offset = code.indexOf(start);
  expect(offset, start).toBeGreaterThanOrEqual(0);
  return requests(code, filename).find((r) => r.node.range[0] === offset);
};
const contentType = catalog.notices.filter((n) => n.id === 'get-request-content-type');
/** The get-request-content-type findings of a file. */
const findings = (code: string, filename = 'file.js'): Match[] => analyzeFile({ filename, text: code }, { catalog, notices: contentType, engine: {} }).matches;
const lineOf = (code: string, text: string): number => code.slice(0, code.indexOf(text)).split('\n').length;

describe('headers a same-file helper returns', () => {
  const wrapper = (calls: string): string => `const baseUrl = "https://webexapis.com/v1";
function createHeaders(webex) {
  return {
    Authorization: "Bearer " + webex.accessToken,
    "Content-Type": "application/json",
  };
}
export async function callWebex(webex, path, method = "GET", body = null) {
  return fetch(baseUrl + path, { method, headers: createHeaders(webex), body: body ? JSON.stringify(body) : null });
}
${calls}`;
  it('reads the helper\'s headers; a call passing nothing for the body (default null) is a bodiless GET', () => {
    const code = wrapper('export const getMe = (w) => callWebex(w, "/people/me");\nexport const add = (w, id) => callWebex(w, "/workspaces", "POST", { id });');
    const get = at(code, 'callWebex(w, "/people/me")');
    expect(get?.method).toBe('GET');
    expect(get?.body).toBeUndefined();
    expect(get?.headers.map((h) => h.name)).toEqual(['Authorization', 'Content-Type']);
    expect(at(code, 'callWebex(w, "/workspaces"')?.body?.format).toBe('json');
    const found = findings(code);
    expect(found.map((m) => m.loc.start.line)).toEqual([lineOf(code, '"Content-Type"')]);
    // The helper's object is shared by the POST too, and cannot see the wrapper's body: no edit there.
    expect(found[0].fix).toBeUndefined();
  });
  it('look-alike: every call through the wrapper sends a body', () => {
    expect(findings(wrapper('export const add = (w, id) => callWebex(w, "/workspaces", "POST", { id });'))).toEqual([]);
  });
  it('look-alike: a helper that returns one of several objects is not read as one', () => {
    const code = `function createHeaders(json) {
  if (json) return { "Content-Type": "application/json" };
  return { Accept: "application/json" };
}
export const me = () => fetch("https://webexapis.com/v1/people/me", { headers: createHeaders(false) });`;
    expect(requests(code)[0].headers).toEqual([]);
    expect(findings(code)).toEqual([]);
  });
  it('look-alike: `JSON.stringify(null)` sends the text null, a body', () => {
    const code = `export async function call(path, method = "GET", body = null) {
  return fetch("https://webexapis.com/v1" + path, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}
export const me = () => call("/people/me");`;
    expect(at(code, 'call("/people/me")')?.body).toBeDefined();
  });
});

describe('frozen header constants merged by Object.assign into options merged from parts', () => {
  const code = `const url = require('url');
const fetch = require('node-fetch');
const DEFAULT_ORIGIN = process.env.ORIGIN || 'https://webexapis.com';
const defaultHeaders = Object.freeze({ 'content-type': 'application/json', 'user-agent': 'tool' });
const fetchJSON = async (uri, options) => {
  const headers = options && options.headers;
  const request = Object.assign({ method: 'GET' }, options, {
    headers: Object.assign({}, defaultHeaders, headers),
    url: new url.URL(uri, DEFAULT_ORIGIN).toString(),
  });
  const response = await fetch(request.url, Object.freeze(request));
  return response.json();
};
`;
  it('a call passing no method is a GET carrying the constant\'s content-type; the POST with a body is not', () => {
    const all = code + `module.exports.me = (headers) => fetchJSON('/v1/people/me', { headers });
module.exports.hook = (headers, body) => fetchJSON('/v1/webhooks', { body, headers, method: 'POST' });`;
    const me = at(all, "fetchJSON('/v1/people/me'");
    expect(me?.method).toBe('GET');
    // The origin is `process.env.ORIGIN || 'https://webexapis.com'`: read with its fallback, which names the host (fp13).
    expect(url(me)).toBe('https://webexapis.com/v1/people/me');
    expect(me?.isApi).toBe(true);
    expect(me?.body).toBeUndefined();
    expect(me?.headers.map((h) => h.name)).toEqual(['content-type', 'user-agent']);
    const hook = at(all, "fetchJSON('/v1/webhooks'");
    expect(hook?.method).toBe('POST');
    expect(hook?.body).toBeDefined();
    const found = findings(all);
    expect(found.map((m) => m.loc.start.line)).toEqual([lineOf(all, "'content-type'")]);
    // A module constant cannot read the wrapper's options: reported, never edited.
    expect(found[0].fix).toBeUndefined();
  });
  it('look-alike: every call through the wrapper is a POST', () => {
    expect(findings(code + `module.exports.hook = (headers, body) => fetchJSON('/v1/webhooks', { body, headers, method: 'POST' });`)).toEqual([]);
  });
  it('look-alike: a GET whose call passes a body through the merged options', () => {
    const all = code + `module.exports.odd = (body) => fetchJSON('/v1/people/me', { body });`;
    expect(at(all, "fetchJSON('/v1/people/me'")?.body).toBeDefined();
    expect(findings(all)).toEqual([]);
  });
});

describe('options passed whole through a method assigned in the constructor', () => {
  const code = `const fetch = require('node-fetch');
const JSON_HEADERS = Object.freeze({ accept: 'application/json', 'content-type': 'application/json' });
class Client {
  constructor(token) {
    this.json = async (uri, options) => {
      const headers = Object.assign({ authorization: token }, JSON_HEADERS);
      const request = Object.assign({ method: 'GET' }, options, { headers });
      return this.fetch('https://webexapis.com' + uri, request);
    };
  }
  async fetch(url, options) { return fetch(url, options); }
  person(id) { return this.json(\`/v1/people/\${id}\`); }
  send(body) { return this.json('/v1/messages', { body: JSON.stringify(body), method: 'POST' }); }
}
module.exports = Client;`;
  it('`this.json(...)` calls are followed into the arrow, with the merged headers and body', () => {
    const person = at(code, 'this.json(`');
    expect(person?.method).toBe('GET');
    expect(url(person)).toBe('https://webexapis.com/v1/people/*');
    expect(person?.body).toBeUndefined();
    expect(person?.headers.map((h) => h.name)).toEqual(['authorization', 'accept', 'content-type']);
    const send = at(code, "this.json('/v1/messages'");
    expect(send?.method).toBe('POST');
    expect(send?.body?.format).toBe('json');
    expect(findings(code).map((m) => m.loc.start.line)).toEqual([lineOf(code, "'content-type'")]);
  });
  it('look-alike: `this.json` of another class is not a call of this one', () => {
    const other = `${code}
class Other { constructor() { this.json = (uri) => uri; } go() { return this.json('/v1/people/me'); } }`;
    expect(at(other, "this.json('/v1/people/me')")).toBeUndefined();
  });
});

describe('headers assigned onto an options parameter in a #private method', () => {
  const wrapper = (assignment: string, calls: string): string => `export class Webex {
  #token;
  constructor(token) { this.#token = token; }
  async #fetchWithRetry(fullUrl, options = {}) {
    ${assignment}
    return fetch(fullUrl, options);
  }
${calls}
}`;
  const headers = 'options.headers = { ...(options.headers || {}), Authorization: `Bearer ${this.#token}`, "Content-Type": "application/json" };';
  it('a `this.#fetchWithRetry(url, { method: "GET" })` call carries the assigned Content-Type', () => {
    const code = wrapper(headers, `  list() { return this.#fetchWithRetry("https://webexapis.com/v1/locations", { method: "GET" }); }
  create(body) { return this.#fetchWithRetry("https://webexapis.com/v1/workspaces", { method: "POST", body: JSON.stringify(body) }); }`);
    const list = at(code, 'this.#fetchWithRetry("https://webexapis.com/v1/locations"');
    expect(list?.method).toBe('GET');
    expect(list?.isApi).toBe(true);
    expect(list?.headers.map((h) => h.name)).toEqual(['Authorization', 'Content-Type']);
    const found = findings(code);
    expect(found.map((m) => m.loc.start.line)).toEqual([lineOf(code, '"Content-Type"')]);
    // The POST through the same method needs the header, and the options parameter's body decides: no plain removal.
    expect(found[0].fix).toBeUndefined();
  });
  it('look-alike: headers assigned only on one branch are not taken as sent', () => {
    const code = wrapper(`if (options.body) ${headers}`, '  list() { return this.#fetchWithRetry("https://webexapis.com/v1/locations", { method: "GET" }); }');
    expect(findings(code)).toEqual([]);
  });
  it('look-alike: a public method of the same name is not the private one', () => {
    const code = wrapper(headers, '  list(other) { return other.fetchWithRetry("https://webexapis.com/v1/locations", { method: "GET" }); }');
    expect(findings(code)).toEqual([]);
  });
});

describe('URL objects sent as text', () => {
  const history = (host: string): string => `export async function records(token, q) {
  const url = new URL("https://${host}/v1/cdr_feed");
  for (const [key, value] of Object.entries(q)) url.searchParams.set(key, value);
  const headers = { Authorization: \`Bearer \${token}\`, "Content-Type": "application/json" };
  let items = [];
  let currentUrl = url.toString();
  while (currentUrl) {
    const fetchUrl = currentUrl;
    currentUrl = null;
    const response = await fetch(fetchUrl, { method: "GET", headers });
    const data = await response.json();
    items = items.concat(data.items);
    currentUrl = data.next ?? null;
  }
  return items;
}`;
  it('`url.toString()` through a paging loop\'s variables is the URL', () => {
    const code = history('analytics-calling.webexapis.com');
    const r = requests(code)[0];
    expect(url(r)).toBe('https://analytics-calling.webexapis.com/v1/cdr_feed?*=*');
    expect(r.isApi).toBe(true);
    const found = findings(code);
    expect(found.map((m) => m.loc.start.line)).toEqual([lineOf(code, '"Content-Type"')]);
    expect(found[0].fix).toBeUndefined(); // the headers object is not written in the call
  });
  it('look-alike: the same paging loop against another host', () => {
    expect(findings(history('example.com'))).toEqual([]);
  });
});

describe('URLs a same-file helper builds', () => {
  const code = (origin: string, helper = "(path, base = ORIGIN) => new URL(path, base).toString()"): string => `const ORIGIN = '${origin}';
const buildURL = ${helper};
async function call(path, init) { return fetch(buildURL(path), init); }
export const me = () => call('/v1/people/me', { headers: { Accept: 'application/json' } });`;
  it('folds the helper with its parameter\'s default when the call passes nothing', () => {
    const r = at(code('https://webexapis.com'), "call('/v1/people/me'");
    expect(url(r)).toBe('https://webexapis.com/v1/people/me');
    expect(r?.isApi).toBe(true);
  });
  it('look-alike: the same helper with another origin is not the API', () => {
    expect(at(code('https://example.com'), "call('/v1/people/me'")?.isApi).toBe(false);
  });
  it('look-alike: a helper with two returns is not folded', () => {
    const two = code('https://webexapis.com', 'function (path) { if (!path) return ORIGIN; return path.startsWith("/") ? "https://example.com" + path : path; }');
    expect(url(at(two, "call('/v1/people/me'"))).toBeUndefined();
  });
});

describe('a configured client\'s default method, overridden per call', () => {
  const code = `import axios from 'axios';
import got from 'got';
const api = axios.create({ baseURL: 'https://webexapis.com/v1', method: 'post' });
const plain = axios.create({ baseURL: 'https://webexapis.com/v1' });
const client = got.extend({ prefixUrl: 'https://webexapis.com/v1', method: 'POST' });
export const a = () => api({ url: '/rooms' });
export const b = () => api({ url: '/rooms', method: 'GET' });
export const c = () => api.request({ url: '/rooms' });
export const d = () => plain({ url: '/rooms' });
export const e = () => client('rooms');
export const f = () => client('rooms', { method: 'GET' });
export const g = () => client.get('rooms');`;
  it('a call naming no method sends the client\'s; one naming GET is a GET', () => {
    expect(at(code, "api({ url: '/rooms' })")?.method).toBe('POST');
    expect(at(code, "api({ url: '/rooms', method")?.method).toBe('GET');
    expect(at(code, 'api.request(')?.method).toBe('POST');
    expect(at(code, 'plain(')?.method).toBe('GET');
    expect(at(code, "client('rooms')")?.method).toBe('POST');
    expect(at(code, "client('rooms', {")?.method).toBe('GET');
    expect(at(code, 'client.get(')?.method).toBe('GET');
  });
  it('per-call headers override the client\'s: a GET\'s own Content-Type is reported and removed there', () => {
    const withHeaders = `import axios from 'axios';
const api = axios.create({ baseURL: 'https://webexapis.com/v1', headers: { Accept: 'application/json' } });
export const me = () => api.get('/people/me', { headers: { 'Content-Type': 'application/json' } });`;
    const found = findings(withHeaders, 'file.ts');
    expect(found.map((m) => m.loc.start.line)).toEqual([3]);
    expect(found[0].fix).toBeDefined();
  });
  it('the client\'s own default header goes out with its GET: reported where it is written, not edited (its POST shares it)', () => {
    const shared = `import axios from 'axios';
const api = axios.create({ baseURL: 'https://webexapis.com/v1', headers: { 'Content-Type': 'application/json' } });
export const me = () => api.get('/people/me');
export const post = (b: unknown) => api.post('/messages', b);`;
    const found = findings(shared, 'file.ts');
    expect(found.map((m) => m.loc.start.line)).toEqual([2]);
    expect(found[0].fix).toBeUndefined();
  });
});
