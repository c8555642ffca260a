/**
 * Issue 26, the eighteenth session's metamorphic losses (branch `26meta6`): shapes real code combines across modules,
 * each a general shape with a case that must be found and look-alikes that must stay quiet (synthesized code,
 * nothing copied from a repository):
 * - a helper of another module that merges the caller's options after its own method (`{ method, ...init }`, `method
 *   = 'GET'`): the caller's method wins (before: the helper's default, a wrong GET), and a wrapper that hands its
 *   options to such a helper is read as one that calls the client itself;
 * - a method-gated wrapper whose API host is written in a module it imports (a URL helper's default, a config);
 * - headers taken from an imported defaults object merged into the options (`{ ...DEFAULTS, params }`,
 *   `Object.assign({}, DEFAULTS, { params })`), and a config's URL taken from one (`axios({ ...DEFAULTS, headers })`);
 * - a URL built by an imported helper whose base is a default parameter (`apiUrl('/v1/rooms')`);
 * - a browser call of another module's helper with a URL built in the calling file.
 */
import { describe, expect, it } from 'vitest';
import { projectScanner } from './helpers/temp-project.js';

/** `notice line confidence` per finding of `name` in a fresh project holding `files`, sorted. */
const scan = projectScanner('cm-metamorphic6-');

const GET_CT = 'get-request-content-type';
const CORS = 'cors-localhost-origins';

/** A sender module (`fetch` one module further) and a client module that merges `{ method, ...init }` over a GET default. */
const SEND = 'export function send(url, init) {\n  return fetch(url, init);\n}\n';
const CLIENT = "import { send } from './send.js';\n\nexport function request(url, init = {}, method = 'GET') {\n  return send(url, { method, ...init });\n}\n";
const CLIENT_ONE = "export function request(url, init = {}, method = 'GET') {\n  return fetch(url, { method, ...init });\n}\n";

/** A wrapper other files call: its method is the caller's, its body written only for a POST, through `call`. */
const wrapper = (head: string, call: string, tail = ''): string => `${head}
export const makeRequest = async (url, body, opts = {}) => {
  const init = {
    method: opts.method ? opts.method : 'POST',
    headers: { 'content-type': 'application/json', Authorization: \`Bearer \${opts.token}\` },
  };
  if (opts.method === 'POST') {
    init.body = JSON.stringify(body);
  }
  return ${call}(url, init);
};
${tail}`;

describe('a helper of another module that merges the caller\'s options after its method ({ method, ...init })', () => {
  it('a method-gated wrapper handing its options to the helper (two modules away) is found as likely', () => {
    const files = { 'send.js': SEND, 'client.js': CLIENT, 'common.js': wrapper("import { request } from './client.js';", 'request', "export const API = 'https://webexapis.com/v1';\n") };
    expect(scan(files, 'common.js', GET_CT)).toEqual([`${GET_CT} 5 likely`]);
    // The same wrapper calling fetch itself: the reference the helper version must match.
    expect(scan({ 'direct.js': wrapper('', 'fetch', "export const API = 'https://webexapis.com/v1';\n") }, 'direct.js', GET_CT)).toEqual([`${GET_CT} 5 likely`]);
  });
  it('the caller\'s method wins over the helper\'s default: a bodiless POST with a Content-Type is no GET', () => {
    const post = "import { request } from './client.js';\nexport function close(token) {\n  return request('https://webexapis.com/v1/rooms/x/close', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` } });\n}\n";
    expect(scan({ 'client.js': CLIENT_ONE, 'post.js': post }, 'post.js', GET_CT)).toEqual([]);
    // Without a method the helper's default sends a GET: reported.
    const get = post.replace("method: 'POST', ", '');
    expect(scan({ 'client.js': CLIENT_ONE, 'get.js': get }, 'get.js', GET_CT)).toEqual([`${GET_CT} 3 certain`]);
  });
  it('look-alikes: the wrapper sends the body on every path; the file and its imports name no API host', () => {
    const always = wrapper("import { request } from './client.js';", 'request', "export const API = 'https://webexapis.com/v1';\n").replace("if (opts.method === 'POST') {", 'if (body) {');
    expect(scan({ 'send.js': SEND, 'client.js': CLIENT, 'common.js': always }, 'common.js', GET_CT)).toEqual([]);
    expect(scan({ 'send.js': SEND, 'client.js': CLIENT, 'common.js': wrapper("import { request } from './client.js';", 'request') }, 'common.js', GET_CT)).toEqual([]);
  });
});

describe('a method-gated wrapper whose API host is written in a module it imports', () => {
  const urls = (host: string) => `export function apiUrl(path, base = 'https://${host}') {\n  return base + path;\n}\n`;
  const common = wrapper("import { apiUrl } from './urls.js';", 'fetch', "export const ME = apiUrl('/v1/people/me');\n");
  it('a URL helper\'s default base names the API host: found', () => {
    expect(scan({ 'urls.js': urls('webexapis.com'), 'common.js': common }, 'common.js', GET_CT)).toEqual([`${GET_CT} 5 likely`]);
  });
  it('look-alike: the imported helper names another service', () => {
    expect(scan({ 'urls.js': urls('api.example.com'), 'common.js': common }, 'common.js', GET_CT)).toEqual([]);
  });
});

describe('headers and URLs merged in from an imported defaults object', () => {
  const defaults = (headers: string, url = '') => `export const DEFAULTS = {\n  ${url}headers: { ${headers} },\n};\n`;
  const CT = "Authorization: `Bearer ${process.env.TOKEN}`, 'Content-Type': 'application/json'";
  const list = (options: string) => `import axios from 'axios';\nimport { DEFAULTS } from './defaults.js';\nexport async function list(params) {\n  const r = await axios.get('https://webexapis.com/v1/rooms', ${options});\n  return r.data;\n}\n`;
  it('`{ ...DEFAULTS, params }` and `Object.assign({}, DEFAULTS, { params })`: the imported headers go with the GET', () => {
    expect(scan({ 'defaults.js': defaults(CT), 'a.js': list('{ ...DEFAULTS, params }') }, 'a.js', GET_CT)).toEqual([`${GET_CT} 4 certain`]);
    expect(scan({ 'defaults.js': defaults(CT), 'a.js': list('Object.assign({}, DEFAULTS, { params })') }, 'a.js', GET_CT)).toEqual([`${GET_CT} 4 certain`]);
  });
  it('look-alikes: the call\'s own headers come after the spread; the defaults send no Content-Type', () => {
    expect(scan({ 'defaults.js': defaults(CT), 'a.js': list("{ ...DEFAULTS, headers: { Authorization: 'Bearer x' }, params }") }, 'a.js', GET_CT)).toEqual([]);
    expect(scan({ 'defaults.js': defaults("Accept: 'application/json'"), 'a.js': list('{ ...DEFAULTS, params }') }, 'a.js', GET_CT)).toEqual([]);
  });
  const page = "import axios from 'axios';\nimport { DEFAULTS } from './defaults.js';\nexport function load() {\n  return axios({ ...DEFAULTS, headers: { Authorization: localStorage.getItem('token') } });\n}\ndocument.getElementById('load').onclick = load;\n";
  const HTML = '<!doctype html><script type="module" src="page.js"></script>\n';
  it('`axios({ ...DEFAULTS, headers })` whose imported defaults give the URL: the browser\'s request to the API', () => {
    const files = { 'defaults.js': "export const DEFAULTS = { method: 'get', url: 'https://webexapis.com/v1/rooms' };\n", 'page.js': page, 'index.html': HTML };
    expect(scan(files, 'page.js', CORS)).toEqual([`${CORS} 4 certain`]);
  });
  it('look-alike: the imported defaults give another service\'s URL', () => {
    const files = { 'defaults.js': "export const DEFAULTS = { method: 'get', url: 'https://api.example.com/v1/rooms' };\n", 'page.js': page, 'index.html': HTML };
    expect(scan(files, 'page.js', CORS)).toEqual([]);
  });
});

describe('a URL built by an imported helper whose base is a default parameter', () => {
  const urls = (host: string) => `export function apiUrl(path, base = 'https://${host}') {\n  return base + path;\n}\n`;
  const me = "import { apiUrl } from './urls.js';\nexport function me(token) {\n  return fetch(apiUrl('/v1/people/me'), { headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` } });\n}\n";
  it('`apiUrl(\'/v1/people/me\')`: the default base and the path', () => {
    expect(scan({ 'urls.js': urls('webexapis.com'), 'me.js': me }, 'me.js', GET_CT)).toEqual([`${GET_CT} 3 certain`]);
  });
  it('look-alikes: the default names another service; the caller passes another base', () => {
    expect(scan({ 'urls.js': urls('api.example.com'), 'me.js': me }, 'me.js', GET_CT)).toEqual([]);
    const other = me.replace("apiUrl('/v1/people/me')", "apiUrl('/v1/people/me', 'https://api.example.com')");
    expect(scan({ 'urls.js': urls('webexapis.com'), 'me.js': other }, 'me.js', GET_CT)).toEqual([]);
  });
});

describe('a browser call of another module\'s helper with a URL built in the calling file', () => {
  const page = (base: string) => `import { request } from './client.js';\nconst BASE = '${base}';\nexport async function rooms() {\n  const url = new URL(BASE + '/rooms');\n  return request(url, { headers: { Authorization: localStorage.getItem('token') } });\n}\ndocument.getElementById('rooms').onclick = rooms;\n`;
  const HTML = '<!doctype html><script type="module" src="page.js"></script>\n';
  it('reported at the call (the helper\'s own fetch is the caller\'s URL, not the API, in its module)', () => {
    expect(scan({ 'send.js': SEND, 'client.js': CLIENT, 'page.js': page('https://webexapis.com/v1'), 'index.html': HTML }, 'page.js', CORS)).toEqual([`${CORS} 5 certain`]);
  });
  it('look-alike: the URL is the project\'s own back end', () => {
    expect(scan({ 'send.js': SEND, 'client.js': CLIENT, 'page.js': page('/api'), 'index.html': HTML }, 'page.js', CORS)).toEqual([]);
  });
});
