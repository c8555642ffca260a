/**
 * Issue 26, the metamorphic losses read as shapes (twentieth session, branch `26meta7`): shapes real code writes
 * across modules, each with a case that must be found and look-alikes that must stay quiet (synthesized code,
 * nothing copied from a repository):
 * - options merged with `Object.assign({}, DEFAULTS, { ... })` whose headers are in an imported defaults object, for
 *   the `request` library, fetch and got (the last literal part was read as the whole options);
 * - a request helper of another module given options that spread a defaults object (`{ ...DEFAULTS, signal }`):
 *   the defaults' headers go with the call, whether the defaults are imported (the file then holds no header name
 *   at all, so the prefilter must open it) or written in the file;
 * - a browser module that builds `${BASE}/rooms` from a config module's origin and hands it to a fetch helper of
 *   another module (no host and no HTTP call in its own text);
 * - an imported URL constant built in its own module on an origin that module imports from a third (two hops).
 */
import { describe, expect, it } from 'vitest';
import { projectScanner } from './helpers/temp-project.js';

const scan = projectScanner('cm-metamorphic7-');

const GET_CT = 'get-request-content-type';
const CORS = 'cors-localhost-origins';

describe('options merged with Object.assign from an imported defaults object', () => {
  const defaults = (headers: string, extra = '') => `const DEFAULTS = {\n${extra}  headers: { ${headers} },\n};\nmodule.exports = { DEFAULTS };\n`;
  const JSON_CT = "'Content-Type': 'application/json', Authorization: 'Bearer ' + process.env.TOKEN";
  const requestCall = (options: string) =>
    `const request = require('request');\nconst { DEFAULTS } = require('./defaults.js');\nexports.person = function (id, cb) {\n  request(${options}, function (err, res, body) { cb(err, body); });\n};\n`;
  it("the `request` library: `request(Object.assign({}, DEFAULTS, { url, qs }), cb)` sends the imported Content-Type with its GET", () => {
    const options = "Object.assign({}, DEFAULTS, { url: 'https://webexapis.com/v1/people', qs: { id } })";
    expect(scan({ 'defaults.js': defaults(JSON_CT), 'a.js': requestCall(options) }, 'a.js', GET_CT)).toEqual([`${GET_CT} 4 certain`]);
    // The URL in the defaults too (the whole literal part moved there).
    const both = defaults(JSON_CT, "  url: 'https://webexapis.com/v1/people',\n");
    expect(scan({ 'defaults.js': both, 'a.js': requestCall('Object.assign({}, DEFAULTS, { qs: { id } })') }, 'a.js', GET_CT)).toEqual([`${GET_CT} 4 certain`]);
  });
  it("a prototype method's `request(Object.assign({}, DEFAULTS, { uri: url, auth }))` called with an API URL", () => {
    const client = `var request = require('request');\nvar { DEFAULTS } = require('./defaults.js');\nfunction Client(token) { this.token = token; }\nClient.prototype._get = function (url, cb) {\n  request(Object.assign({}, DEFAULTS, { uri: url, auth: { bearer: this.token } }), function (e, r, b) { cb(b); });\n};\nClient.prototype.rooms = function (cb) { this._get('https://webexapis.com/v1/rooms', cb); };\nmodule.exports = Client;\n`;
    expect(scan({ 'defaults.js': defaults("'content-type': 'application/json'", "  method: 'GET',\n"), 'a.js': client }, 'a.js', GET_CT)).toEqual([`${GET_CT} 5 certain`]);
  });
  it('fetch and got: `Object.assign({}, DEFAULTS, { ... })` as the options of a GET', () => {
    const esm = "export const DEFAULTS = { headers: { 'Content-Type': 'application/json' } };\n";
    const viaFetch = "import { DEFAULTS } from './defaults.js';\nexport function rooms() {\n  return fetch('https://webexapis.com/v1/rooms', Object.assign({}, DEFAULTS, { cache: 'no-store' }));\n}\n";
    const viaGot = "import got from 'got';\nimport { DEFAULTS } from './defaults.js';\nexport function rooms() {\n  return got('https://webexapis.com/v1/rooms', Object.assign({}, DEFAULTS, { timeout: { request: 5000 } }));\n}\n";
    expect(scan({ 'defaults.js': esm, 'a.js': viaFetch }, 'a.js', GET_CT)).toEqual([`${GET_CT} 3 certain`]);
    expect(scan({ 'defaults.js': esm, 'a.js': viaGot }, 'a.js', GET_CT)).toEqual([`${GET_CT} 4 certain`]);
  });
  it('look-alikes: the last part writes its own headers; the defaults send no Content-Type; a POST with a JSON body; another service', () => {
    const own = "Object.assign({}, DEFAULTS, { url: 'https://webexapis.com/v1/people', headers: { Accept: 'application/json' }, qs: { id } })";
    expect(scan({ 'defaults.js': defaults(JSON_CT), 'a.js': requestCall(own) }, 'a.js', GET_CT)).toEqual([]);
    const plain = "Object.assign({}, DEFAULTS, { url: 'https://webexapis.com/v1/people', qs: { id } })";
    expect(scan({ 'defaults.js': defaults("Authorization: 'Bearer ' + process.env.TOKEN"), 'a.js': requestCall(plain) }, 'a.js', GET_CT)).toEqual([]);
    const post = "Object.assign({}, DEFAULTS, { method: 'POST', url: 'https://webexapis.com/v1/messages', json: { roomId: id, text: 'hi' } })";
    expect(scan({ 'defaults.js': defaults(JSON_CT), 'a.js': requestCall(post) }, 'a.js', GET_CT)).toEqual([]);
    const other = "Object.assign({}, DEFAULTS, { url: 'https://api.example.com/v1/people', qs: { id } })";
    expect(scan({ 'defaults.js': defaults(JSON_CT), 'a.js': requestCall(other) }, 'a.js', GET_CT)).toEqual([]);
  });
});

describe('a request helper of another module given options that spread a defaults object', () => {
  const SEND = 'export function send(url, init) {\n  return fetch(url, init);\n}\n';
  const CLIENT = "import { send } from './send.js';\n\nexport function request(url, init = {}, method = 'GET') {\n  return send(url, { method, ...init });\n}\n";
  const DEFAULTS = "export const DEFAULTS = {\n  headers: { Authorization: 'Bearer ' + process.env.TOKEN, 'Content-Type': 'application/json' },\n};\n";
  const caller = (head: string, url: string, options: string) =>
    `import { request } from './client.js';\n${head}export function getName(email) {\n  return request(${url}, ${options});\n}\n`;
  const PEOPLE = '`https://webexapis.com/v1/people?email=${email}`';
  it('imported defaults (the file names no header): found at the call', () => {
    const files = { 'send.js': SEND, 'client.js': CLIENT, 'defaults.js': DEFAULTS, 'a.js': caller("import { DEFAULTS } from './defaults.js';\n", PEOPLE, '{ ...DEFAULTS }') };
    expect(scan(files, 'a.js', GET_CT)).toEqual([`${GET_CT} 4 certain`]);
  });
  it("defaults written in the calling file: found at the defaults' header", () => {
    const head = "const DEFAULTS = { headers: { 'Content-Type': 'application/json' } };\n";
    expect(scan({ 'send.js': SEND, 'client.js': CLIENT, 'a.js': caller(head, PEOPLE, '{ ...DEFAULTS, cache: "no-store" }') }, 'a.js', GET_CT)).toEqual([`${GET_CT} 2 certain`]);
  });
  it('look-alikes: the call writes a body; the defaults send no Content-Type; another service; the call writes its own headers', () => {
    const imp = "import { DEFAULTS } from './defaults.js';\n";
    const base = { 'send.js': SEND, 'client.js': CLIENT, 'defaults.js': DEFAULTS };
    expect(scan({ ...base, 'a.js': caller(imp, "'https://webexapis.com/v1/messages'", "{ ...DEFAULTS, method: 'POST', body: JSON.stringify({ toPersonEmail: email }) }") }, 'a.js', GET_CT)).toEqual([]);
    const noCt = "export const DEFAULTS = { headers: { Authorization: 'Bearer ' + process.env.TOKEN } };\n";
    expect(scan({ ...base, 'defaults.js': noCt, 'a.js': caller(imp, PEOPLE, '{ ...DEFAULTS }') }, 'a.js', GET_CT)).toEqual([]);
    expect(scan({ ...base, 'a.js': caller(imp, '`https://api.example.com/v1/people?email=${email}`', '{ ...DEFAULTS }') }, 'a.js', GET_CT)).toEqual([]);
    expect(scan({ ...base, 'a.js': caller(imp, PEOPLE, '{ ...DEFAULTS, headers: { Accept: "application/json" } }') }, 'a.js', GET_CT)).toEqual([]);
  });
});

describe("a browser module building an API path on a config module's origin, sent by another module's fetch helper", () => {
  const HTTP = 'export async function getJson(url, token) {\n  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });\n  return res.json();\n}\n';
  const settings = (origin: string) => `export default {\n  api: { origin: '${origin}' },\n};\n`;
  const rooms = (tail: string) =>
    `import settings from './settings.js';\nimport { getJson } from './http.js';\nconst BASE = settings.api.origin + '/v1';\nexport async function showRooms(token) {\n  const rooms = await getJson(\`\${BASE}/rooms\`, token);\n  ${tail}\n}\n`;
  const BROWSER = "document.getElementById('count').textContent = String(rooms.items.length);";
  it('found at the call (the helper reports nothing in its own module: its URL is its callers\')', () => {
    expect(scan({ 'http.js': HTTP, 'settings.js': settings('https://webexapis.com'), 'rooms.js': rooms(BROWSER) }, 'rooms.js', CORS)).toEqual([`${CORS} 5 likely`]);
    expect(scan({ 'http.js': HTTP, 'settings.js': settings('https://webexapis.com'), 'rooms.js': rooms(BROWSER) }, 'http.js', CORS)).toEqual([]);
  });
  it('look-alikes: the config names another service; the module is no browser code', () => {
    expect(scan({ 'http.js': HTTP, 'settings.js': settings('https://api.example.com'), 'rooms.js': rooms(BROWSER) }, 'rooms.js', CORS)).toEqual([]);
    expect(scan({ 'http.js': HTTP, 'settings.js': settings('https://webexapis.com'), 'rooms.js': rooms('return rooms.items.length;') }, 'rooms.js', CORS)).toEqual([]);
  });
});

describe('an imported URL constant built in its module on an origin of a third module', () => {
  const page = "import axios from 'axios';\nimport { TOKEN_URL } from './constants.js';\nexport async function exchange(code) {\n  const { data } = await axios.post(TOKEN_URL, new URLSearchParams({ code }));\n  window.localStorage.setItem('token', data.access_token);\n}\n";
  const constants = (head: string, origin: string) => `${head}export const TOKEN_URL = ${origin} + '/v1/access_token';\nexport const SCOPE = 'spark:people_read';\n`;
  it('a named origin and a default-exported config\'s nested origin: found', () => {
    const named = { 'config.js': "export const ORIGIN = 'https://webexapis.com';\n", 'constants.js': constants("import { ORIGIN } from './config.js';\n", 'ORIGIN'), 'a.js': page };
    expect(scan(named, 'a.js', CORS)).toEqual([`${CORS} 4 likely`]);
    const nested = { 'config.js': "export default { api: { origin: 'https://webexapis.com' } };\n", 'constants.js': constants("import config from './config.js';\n", 'config.api.origin'), 'a.js': page };
    expect(scan(nested, 'a.js', CORS)).toEqual([`${CORS} 4 likely`]);
  });
  it("look-alike: the config's origin is another service's", () => {
    const other = { 'config.js': "export const ORIGIN = 'https://auth.example.com';\n", 'constants.js': constants("import { ORIGIN } from './config.js';\n", 'ORIGIN'), 'a.js': page };
    expect(scan(other, 'a.js', CORS)).toEqual([]);
  });
});
