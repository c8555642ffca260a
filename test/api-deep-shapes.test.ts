/**
 * Issue 26: call shapes spread over code the engine did not follow (read in the tuned sets' remaining misses and
 * widened to what real code does): a class's `this` fields written in its constructor, a browser wrapper whose
 * URL is its caller's, REST connector configurations, merged option objects, bound methods, curried senders and
 * promise chains. Each shape has a case the engine must find and a look-alike that must stay quiet. Projects are
 * small trees written to a temporary folder (the project model, which reads assumed values, follows files on disk).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-22' } });

const project = tempProjects('cm-deep-shapes-');

/** Writes a project (a `.git` folder marks its root) and scans one of its files. */
function scanProject(files: Record<string, string>, rel: string, opts: AnalyzeOptions): Match[] {
  return analyzeFile({ filename: path.join(project(files), rel), text: files[rel] }, opts).matches;
}

/** A file scanned on its own (no project model). */
const scanAlone = (text: string, opts: AnalyzeOptions, filename = 'client.js'): Match[] => analyzeFile({ filename, text }, opts).matches;

const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}${m.fix ? ' fix' : ''}`;

describe('a `this` field written in the constructor and read in methods', () => {
  const client = (ctor: string, extra = ''): string => `class Webex {
  #base = 'https://example.org';
  ${ctor}
  ${extra}
  list(path) {
    return fetch(this.#base + path, { method: 'GET', headers: { 'Content-Type': 'application/json' } });
  }
}
module.exports = Webex;
`;
  it("the constructor's parameter default rewritten by known string methods gives the host: likely, with the reason", () => {
    const code = client(`constructor(baseUrl = 'https://webexapis.com/v1/') { this.#base = /\\/$/.test(baseUrl) ? baseUrl.replace(/\\/$/, '') : baseUrl; }`);
    const found = scanProject({ 'client.js': code }, 'client.js', only('get-request-content-type'));
    expect(found.map(summary)).toEqual(['get-request-content-type 6 likely']);
    expect(found[0].confidenceReason).toContain('`baseUrl`');
  });
  it('a constant written in the constructor is certain', () => {
    const code = client(`constructor() { this.#base = 'https://webexapis.com/v1'; }`);
    expect(scanProject({ 'client.js': code }, 'client.js', only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 6 certain fix']);
  });
  it('a config object with a default (`options.baseUrl || DEFAULT`) is likely', () => {
    const code = client(`constructor(options) { this.#base = options.baseUrl || 'https://webexapis.com/v1'; }`);
    expect(scanProject({ 'client.js': code }, 'client.js', only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 6 likely']);
  });
  it('look-alike: the initializer is another host and the constructor sets nothing', () => {
    const code = client('constructor() {}');
    expect(scanProject({ 'client.js': code }, 'client.js', only('get-request-content-type'))).toEqual([]);
  });
  it('look-alike: another method rewrites the field (its value depends on what ran before)', () => {
    const code = client(`constructor() { this.#base = 'https://webexapis.com/v1'; }`, 'useProxy(url) { this.#base = url; }');
    expect(scanProject({ 'client.js': code }, 'client.js', only('get-request-content-type'))).toEqual([]);
  });
  it('look-alike: a parameter without a default, and a write under a condition', () => {
    expect(scanProject({ 'client.js': client('constructor(baseUrl) { this.#base = baseUrl; }') }, 'client.js', only('get-request-content-type'))).toEqual([]);
    const conditional = client(`constructor(eu) { if (eu) this.#base = 'https://webexapis.com/v1'; }`);
    expect(scanProject({ 'client.js': conditional }, 'client.js', only('get-request-content-type'))).toEqual([]);
  });
  it('without the project model an assumed default is not read', () => {
    const code = client(`constructor(baseUrl = 'https://webexapis.com/v1') { this.#base = baseUrl; }`);
    expect(scanAlone(code, only('get-request-content-type'))).toEqual([]);
  });
});

describe('a browser wrapper whose URL is its caller\'s: its one fetch is reported', () => {
  const page = (calls: string): string => `class Api {
  constructor() { this.base = 'https://webexapis.com/v1'; }
  async #send(url, options = {}) {
    const res = await fetch(url, options);
    return res.json();
  }
  ${calls}
}
window.api = new Api();
`;
  const PAGE = '<!doctype html><script src="app.js"></script>\n';
  it('callers build the URL from a field: reported at the fetch, once', () => {
    const code = page(`rooms() { return this.#send(this.base + '/rooms', { method: 'GET' }); }
  people() { return this.#send(this.base + '/people/me', { method: 'GET' }); }`);
    // The repository's own page loads it (with no production origin, it runs from this machine: certain).
    expect(scanProject({ 'app.js': code, 'index.html': PAGE }, 'app.js', only('cors-localhost-origins')).map(summary)).toEqual(['cors-localhost-origins 4 certain']);
    // A lone script: where its page is served is not in the repository (likely, with the reason).
    expect(scanProject({ 'app.js': code }, 'app.js', only('cors-localhost-origins')).map(summary)).toEqual(['cors-localhost-origins 4 likely']);
  });
  it('a caller that writes the host itself is reported where it writes it', () => {
    const code = page(`me() { return this.#send('https://webexapis.com/v1/people/me', { method: 'GET' }); }`);
    expect(scanProject({ 'app.js': code, 'index.html': PAGE }, 'app.js', only('cors-localhost-origins')).map(summary)).toEqual(['cors-localhost-origins 7 certain']);
  });
  it('look-alike: the callers reach the project\'s own back end', () => {
    const code = page(`rooms() { return this.#send('/api/rooms', { method: 'GET' }); }`);
    expect(scanProject({ 'app.js': code }, 'app.js', only('cors-localhost-origins'))).toEqual([]);
  });
});

describe('a REST connector configuration (LoopBack datasources): its default headers go out with every operation', () => {
  const datasource = (operations: string, extra = ''): string => `import { juggler } from '@loopback/repository';
const config = {
  name: 'WebexApi',
  connector: 'rest',
  baseURL: 'https://webexapis.com/v1',
  ${extra}
  options: {
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
    },
  },
  operations: [${operations}],
};
export class WebexDataSource extends juggler.DataSource {
  static readonly defaultConfig = config;
}
`;
  const get = `{ template: { method: 'GET', url: 'https://webexapis.com/v1/people', query: { email: '{email}' } }, functions: { people: ['email'] } }`;
  const implicitGet = `{ template: { url: '/rooms' }, functions: { rooms: [] } }`;
  const post = `{ template: { method: 'POST', url: 'https://webexapis.com/v1/messages', body: { roomId: '{roomId}', text: '{text}' } }, functions: { send: ['roomId', 'text'] } }`;
  it('every operation a bodiless GET (a template without a method is one): certain, the header removed', () => {
    const code = datasource(`${get}, ${implicitGet}`);
    const found = analyzeFile({ filename: 'webex.datasource.ts', text: code }, only('get-request-content-type')).matches;
    expect(found.map(summary)).toEqual(['get-request-content-type 10 certain fix']);
    expect(found[0].fix!.some((e) => code.slice(e.range[0], e.range[1]).includes("'content-type'"))).toBe(true);
  });
  it('a POST operation too: likely, no edit (the POST needs the header)', () => {
    expect(scanAlone(datasource(`${get}, ${post}`), only('get-request-content-type'), 'webex.datasource.ts').map(summary)).toEqual(['get-request-content-type 10 likely']);
  });
  it('look-alikes: only POST operations; a connector to another host; `crud: true` keeps the edit away', () => {
    expect(scanAlone(datasource(post), only('get-request-content-type'), 'a.datasource.ts')).toEqual([]);
    const other = datasource(get.replace('https://webexapis.com/v1/people', 'https://api.example.org/people')).replace("baseURL: 'https://webexapis.com/v1'", "baseURL: 'https://api.example.org'");
    expect(scanAlone(other, only('get-request-content-type'), 'b.datasource.ts')).toEqual([]);
    expect(scanAlone(datasource(get, 'crud: true,'), only('get-request-content-type'), 'c.datasource.ts').map(summary)).toEqual(['get-request-content-type 10 likely']);
  });
  it('look-alike: a configuration whose connector is not REST', () => {
    expect(scanAlone(datasource(get).replace("connector: 'rest'", "connector: 'mongodb'"), only('get-request-content-type'), 'd.datasource.ts')).toEqual([]);
  });
  it("LoopBack 3's datasources.json: reported in the JSON file, at the header's line", () => {
    const json = `{
  "webex": {
    "name": "webex",
    "connector": "rest",
    "options": { "headers": { "Content-Type": "application/json" } },
    "operations": [
      { "template": { "method": "GET", "url": "https://webexapis.com/v1/rooms" }, "functions": { "rooms": [] } }
    ]
  }
}
`;
    const found = analyzeFile({ filename: 'server/datasources.json', text: json }, only('get-request-content-type')).matches;
    expect(found.map(summary)).toEqual(['get-request-content-type 5 certain fix']);
    expect(scanAlone(json.replace('"GET"', '"POST"').replace('"url"', '"body": {}, "url"'), only('get-request-content-type'), 'server/datasources.json')).toEqual([]);
  });
});

describe('options merged from defaults (lodash and underscore merges, as `Object.assign`)', () => {
  const wrapper = (merge: string, calls: string): string => `const _ = require('lodash');
const defaults = { method: 'GET', headers: { 'Content-Type': 'application/json' } };
function call(path, init) {
  return fetch('https://webexapis.com/v1' + path, ${merge});
}
${calls}
`;
  it('`_.merge({}, defaults, init)` called with nothing: a GET with the default header', () => {
    const code = wrapper('_.merge({}, defaults, init)', "module.exports = { rooms: () => call('/rooms') };");
    expect(scanAlone(code, only('get-request-content-type')).map((m) => m.loc.start.line)).toEqual([2]);
  });
  it("`_.defaults({}, init, defaults)`: the caller's method wins", () => {
    const code = wrapper('_.defaults({}, init, defaults)', "module.exports = { rooms: () => call('/rooms') };");
    expect(scanAlone(code, only('get-request-content-type')).map((m) => m.loc.start.line)).toEqual([2]);
  });
  it("look-alike: every call is a POST with a body (the caller's options win the merge)", () => {
    const code = wrapper('_.merge({}, defaults, init)', "module.exports = { send: (m) => call('/messages', { method: 'POST', body: JSON.stringify(m) }) };");
    expect(scanAlone(code, only('get-request-content-type'))).toEqual([]);
  });
  it('look-alike: `_.defaults({}, defaults, init)` keeps the default method for every call, and the default is a POST', () => {
    const code = wrapper('_.defaults({}, init, defaults)', "module.exports = { send: (m) => call('/messages', { method: 'POST', body: JSON.stringify(m) }) };").replace("method: 'GET'", "method: 'POST'");
    expect(scanAlone(code, only('get-request-content-type'))).toEqual([]);
  });
});

describe('a method bound under another name (`this.get = this.request.bind(this, "GET")`)', () => {
  const api = (calls: string): string => `class Api {
  constructor(token) {
    this.token = token;
    this.get = this.request.bind(this, 'GET');
    this.post = this.request.bind(this, 'POST');
  }
  request(method, path, body) {
    return fetch('https://webexapis.com/v1' + path, { method, headers: { Authorization: 'Bearer ' + this.token, 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  }
  ${calls}
}
module.exports = Api;
`;
  it('a call of the bound GET reaches the request with the bound method: the header is sent only with a body', () => {
    const code = api("rooms() { return this.get('/rooms'); }\n  send(m) { return this.post('/messages', m); }");
    const found = scanAlone(code, only('get-request-content-type'));
    expect(found.map(summary)).toEqual(['get-request-content-type 8 certain fix']);
    expect(found[0].fix!.map((e) => e.text).join('')).toContain('body !== undefined');
  });
  it('look-alike: only the bound POST is called, with a body', () => {
    expect(scanAlone(api("send(m) { return this.post('/messages', m); }"), only('get-request-content-type'))).toEqual([]);
  });
  it('look-alike: an alias bound to another method of the class is not a call of the request', () => {
    const code = api("rooms() { return this.fmt('/rooms'); }").replace("this.post = this.request.bind(this, 'POST');", "this.fmt = this.format.bind(this, 'GET');") .replace('  request(method', '  format(m, p) { return m + p; }\n  request(method');
    expect(scanAlone(code, only('get-request-content-type'))).toEqual([]);
  });
});

describe('a variadic wrapper that builds the options and gates the body on the method its callers pick', () => {
  const client = (gate: string): string => `const request = require('request');
class Spark {
  constructor() { this.apiUrl = 'https://webexapis.com/v1/'; }
  request(...args) {
    const method = args.length > 0 && typeof args[0] === 'string' ? args.shift() : undefined;
    const resource = args.shift();
    const data = args.length > 0 ? args.shift() : {};
    const headers = { Authorization: 'Bearer ' + this.token, 'Content-Type': 'application/json' };
    const requestOptions = { url: this.apiUrl + resource, headers, json: true };
    ${gate}
    const makeRequest = (opts) => new Promise((resolve, reject) => {
      request(opts, (err, res) => (err ? reject(err) : resolve(res)));
    });
    return makeRequest(requestOptions);
  }
}
module.exports = Spark;
`;
  it('the body only for POST and PUT, the header on every call: likely, no edit', () => {
    const code = client(`if (method.match(/^(post|put)$/i)) { requestOptions.method = method; requestOptions.body = data; }
    if (method.match(/^(get|delete)$/i)) { requestOptions.method = method; requestOptions.qs = data; }`);
    expect(scanAlone(code, only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 8 likely']);
  });
  it('look-alike: the body is written whatever the method', () => {
    const code = client(`requestOptions.method = method;
    requestOptions.body = data;`);
    expect(scanAlone(code, only('get-request-content-type'))).toEqual([]);
  });
  it('look-alike: the Content-Type is set under the same test as the body', () => {
    const code = client(`if (method.match(/^(post|put)$/i)) { requestOptions.method = method; requestOptions.body = data; requestOptions.headers = { ...headers, 'Content-Type': 'application/json' }; }`)
      .replace(", 'Content-Type': 'application/json' };", ' };');
    expect(scanAlone(code, only('get-request-content-type'))).toEqual([]);
  });
});

describe('a URL a promise resolves to (`.then((url) => fetch(url))`)', () => {
  const get = (source: string, prelude = ''): string => `${prelude}
export function rooms(t) {
  return ${source}.then((url) => fetch(url, { headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + t } }));
}
`;
  it('`Promise.resolve(url)`, a previous `.then` that returns it, and a same-file async builder', () => {
    expect(scanAlone(get("Promise.resolve('https://webexapis.com/v1/rooms')"), only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 3 certain fix']);
    expect(scanAlone(get("Promise.resolve('/rooms').then((p) => 'https://webexapis.com/v1' + p)"), only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 3 certain fix']);
    const builder = "const BASE = 'https://webexapis.com/v1';\nasync function roomsUrl() { return BASE + '/rooms'; }";
    expect(scanAlone(get('roomsUrl()', builder), only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 4 certain fix']);
  });
  it('look-alikes: a promise of another host, and a promise the file does not write (a fetch of its own)', () => {
    expect(scanAlone(get("Promise.resolve('https://api.example.org/rooms')"), only('get-request-content-type'))).toEqual([]);
    expect(scanAlone(get("fetch('https://webexapis.com/v1/links').then((r) => r.json())"), only('get-request-content-type'))).toEqual([]);
  });
});

describe('a curried sender (`const api = (method) => (path) => fetch(...)`)', () => {
  const sender = (uses: string): string => `const api = (method) => (path, body) => fetch('https://webexapis.com/v1' + path, { method, headers: { 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
${uses}
`;
  it('`const get = api("GET")` and `api("GET")(path)`: GETs through the sender', () => {
    expect(scanAlone(sender("const get = api('GET');\nexport const rooms = () => get('/rooms');"), only('get-request-content-type')).map((m) => m.loc.start.line)).toEqual([1]);
    expect(scanAlone(sender("export const rooms = () => api('GET')('/rooms');"), only('get-request-content-type')).map((m) => m.loc.start.line)).toEqual([1]);
  });
  it('look-alike: the sender is only made for POST, every call with a body', () => {
    expect(scanAlone(sender("const post = api('POST');\nexport const send = (m) => post('/messages', m);"), only('get-request-content-type'))).toEqual([]);
  });
});
