/**
 * The shape generator's deep-chain misses (thirty-first session, branch `31chains`; test/shape-gen.test.ts), each
 * closed by a general mechanism and pinned here by a minimal case and a look-alike that must stay quiet (synthesized
 * code):
 * - a configured axios instance (`axios.create({ baseURL, headers })`) called as a function by a wrapper of another
 *   module (`client(url, opts)`): the instance's base goes with the wrapper's summary (and on through every further
 *   wrapper), and the caller's config (method, data) is sent as axios sends it;
 * - a sender parameter whose default is such an instance (`request = client`): read as a call of the instance;
 * - a method parameter's default in a function of another module (`layer1(url, opts, method = 'POST')` sending
 *   `{ method, ...opts }`) reached through a wrapper that passes its caller's options on (`layer1(url, opts)`): the
 *   default is the method when the caller's options name none (was: GET);
 * - a chain of sender defaults (`request = layer1` with the imported `layer1(url, opts, request = fetch)`): the
 *   imported module is followed (its text was taken for one that cannot make a request: `= fetch)` is no call);
 * - a method default in an inner same-file wrapper under the outer one's merged options (`layer1(url, { ...DEFAULTS,
 *   ...opts })` into `fetch(url, { method, ...opts })`): the outer defaults and the outer caller's object give the
 *   body and headers, and a GET's Content-Type in those defaults is reported where they write it.
 */
import { describe, expect, it } from 'vitest';
import { projectScanner } from './helpers/temp-project.js';

const scan = projectScanner('cm-chains31-shapes-');

const TOKEN_FORM = 'token-endpoint-form-body';
const ROOMS = 'rooms-meeting-info-deprecated';
const FORM_JSON = 'form-content-type-json-body';
const GET_CT = 'get-request-content-type';

/** A module making an axios instance on `host` with `headers` and a wrapper calling it as a function with `call`. */
const instanceModule = (host: string, headers: string, call = 'client(url, opts)', params = 'url, opts') =>
  `import axios from 'axios';\n\nconst client = axios.create({\n  baseURL: 'https://${host}/v1',\n  headers: {\n    ${headers},\n  },\n});\n\nexport function send(${params}) {\n  return ${call};\n}\n`;
const AXIOS_PKG = '{ "name": "t", "type": "module", "dependencies": { "axios": "^1.7.0" } }\n';

describe('an axios instance called as a function by a wrapper of another module', () => {
  const JSON_BODY = "JSON.stringify({ grant_type: 'refresh_token', refresh_token: token })";
  const caller = (body: string, method = 'POST', path = '/access_token') =>
    `import { send } from './send.js';\n\nexport function refresh(token) {\n  return send('${path}', {\n    method: '${method}',\n    data: ${body},\n  });\n}\n`;
  const JSON_CT = "'Content-Type': 'application/json'";
  it("the caller's config is sent: a JSON body to the token endpoint is found at its `data:`", () => {
    const files = { 'package.json': AXIOS_PKG, 'send.js': instanceModule('webexapis.com', JSON_CT), 'a.js': caller(JSON_BODY) };
    expect(scan(files, 'a.js', TOKEN_FORM)).toEqual([`${TOKEN_FORM} 6 certain`]);
    // Merged with the wrapper's defaults first (`{ ...DEFAULTS, ...opts }`): the caller's config still wins.
    const merged = instanceModule('webexapis.com', JSON_CT, 'client(url, { ...DEFAULTS, ...opts })').replace('export function', 'const DEFAULTS = { timeout: 5000 };\n\nexport function');
    expect(scan({ ...files, 'send.js': merged }, 'a.js', TOKEN_FORM)).toEqual([`${TOKEN_FORM} 6 certain`]);
  });
  it("look-alikes: another vendor's instance (the caller's path alone is the token endpoint's); a form body; a GET", () => {
    const files = { 'package.json': AXIOS_PKG, 'send.js': instanceModule('api.example.com', JSON_CT), 'a.js': caller(JSON_BODY) };
    expect(scan(files, 'a.js', TOKEN_FORM)).toEqual([]);
    const form = "new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token })";
    const formCt = "'Content-Type': 'application/x-www-form-urlencoded'";
    expect(scan({ ...files, 'send.js': instanceModule('webexapis.com', formCt), 'a.js': caller(form) }, 'a.js', TOKEN_FORM)).toEqual([]);
    // `client.get(url, opts)`: axios's method is the call's, whatever the caller's config says.
    expect(scan({ ...files, 'send.js': instanceModule('webexapis.com', JSON_CT, 'client.get(url, opts)') }, 'a.js', TOKEN_FORM)).toEqual([]);
  });
});

describe("an axios instance's base carried through wrappers of further modules", () => {
  const AUTH = 'Authorization: `Bearer ${process.env.WEBEX_TOKEN}`';
  const middle = "import { send } from './send.js';\n\nexport function call(url, opts) {\n  return send(url, opts);\n}\n";
  const caller = "import { call } from './call.js';\n\nexport function info(id) {\n  return call(`/rooms/${id}/meetingInfo`, { method: 'GET' });\n}\n";
  it("the platform's instance two modules down: the path is the API's", () => {
    const files = { 'package.json': AXIOS_PKG, 'send.js': instanceModule('webexapis.com', AUTH), 'call.js': middle, 'a.js': caller };
    expect(scan(files, 'a.js', ROOMS)).toEqual([`${ROOMS} 4 certain`]);
  });
  it("another vendor's instance two modules down, and a same-file wrapper between: quiet", () => {
    const files = { 'package.json': AXIOS_PKG, 'send.js': instanceModule('api.example.com', AUTH), 'call.js': middle, 'a.js': caller };
    expect(scan(files, 'a.js', ROOMS)).toEqual([]);
    // A same-file wrapper of the instance's wrapper (`inner` then `call`), then the caller in another module.
    const sameFile = instanceModule('api.example.com', AUTH).replace('export function send', 'function inner').replace(/\n$/, '\n\nexport function call(url, opts) {\n  return inner(url, { ...opts });\n}\n');
    expect(scan({ 'package.json': AXIOS_PKG, 'call.js': sameFile, 'a.js': caller }, 'a.js', ROOMS)).toEqual([]);
  });
});

describe('a sender parameter whose default is a configured client (`request = client`)', () => {
  const AUTH = 'Authorization: `Bearer ${process.env.WEBEX_TOKEN}`';
  const caller = "import { send } from './send.js';\n\nexport function info(id) {\n  return send(`/rooms/${id}/meetingInfo`, { method: 'GET' });\n}\n";
  const sender = (host: string) => instanceModule(host, AUTH, 'request(url, opts)', 'url, opts, request = client');
  it("the platform's instance: the caller's path is the API's", () => {
    expect(scan({ 'package.json': AXIOS_PKG, 'send.js': sender('webexapis.com'), 'a.js': caller }, 'a.js', ROOMS)).toEqual([`${ROOMS} 4 certain`]);
  });
  it("another vendor's instance: quiet (the path alone was taken for the API's before)", () => {
    expect(scan({ 'package.json': AXIOS_PKG, 'send.js': sender('api.example.com'), 'a.js': caller }, 'a.js', ROOMS)).toEqual([]);
  });
});

describe("a method parameter's default reached through a wrapper passing its caller's options on", () => {
  const inner = "export function layer1(url, opts, method = 'POST') {\n  return fetch(url, { method, ...opts });\n}\n";
  const middle = "import { layer1 } from './layer1.js';\n\nexport function layer0(url, opts) {\n  return layer1(url, opts);\n}\n";
  const caller = (ct: string, method = '') =>
    `import { layer0 } from './layer0.js';\n\nexport function post(id, token) {\n  return layer0('https://webexapis.com/v1/messages', {\n${method}    headers: { 'Content-Type': '${ct}' },\n    body: JSON.stringify({ roomId: id, text: 'hello' }),\n  });\n}\n`;
  it("the default POST goes with the caller's options: a JSON body under a form Content-Type is found", () => {
    const files = { 'layer1.js': inner, 'layer0.js': middle, 'a.js': caller('application/x-www-form-urlencoded') };
    expect(scan(files, 'a.js', FORM_JSON)).toEqual([`${FORM_JSON} 6 certain`]);
  });
  it("look-alikes: the caller's own GET wins over the default (no body check; the GET's header is judged instead); a JSON Content-Type", () => {
    const get = { 'layer1.js': inner, 'layer0.js': middle, 'a.js': caller('application/x-www-form-urlencoded', "    method: 'GET',\n") };
    expect(scan(get, 'a.js', FORM_JSON)).toEqual([]);
    // Under the default POST with a body, the Content-Type is no GET's.
    expect(scan({ 'layer1.js': inner, 'layer0.js': middle, 'a.js': caller('application/json') }, 'a.js', FORM_JSON, GET_CT)).toEqual([]);
  });
});

describe('a chain of sender defaults (`request = layer1`, `layer1(url, opts, request = fetch)`)', () => {
  const inner = 'export function layer1(url, opts, request = fetch) {\n  return request(url, opts);\n}\n';
  const caller = (ct: string, host = 'webexapis.com') =>
    `import { layer1 } from './layer1.js';\n\nfunction layer0(url, opts, request = layer1) {\n  return request(url, opts);\n}\n\nexport function post(id) {\n  return layer0('https://${host}/v1/messages', {\n    method: 'POST',\n    headers: { 'Content-Type': '${ct}' },\n    body: JSON.stringify({ roomId: id, text: 'hello' }),\n  });\n}\n`;
  it("the imported wrapper's own sender default is followed: a JSON body under a form Content-Type is found", () => {
    expect(scan({ 'layer1.js': inner, 'a.js': caller('application/x-www-form-urlencoded') }, 'a.js', FORM_JSON)).toEqual([`${FORM_JSON} 11 certain`]);
  });
  it("look-alikes: another vendor's host; a JSON Content-Type; a sender default that is no client (`request = log`)", () => {
    expect(scan({ 'layer1.js': inner, 'a.js': caller('application/x-www-form-urlencoded', 'api.example.com') }, 'a.js', FORM_JSON)).toEqual([]);
    expect(scan({ 'layer1.js': inner, 'a.js': caller('application/json') }, 'a.js', FORM_JSON)).toEqual([]);
    const log = 'const log = (url, opts) => console.log(url, opts);\n\nexport function layer1(url, opts, request = log) {\n  return request(url, opts);\n}\n';
    expect(scan({ 'layer1.js': log, 'a.js': caller('application/x-www-form-urlencoded') }, 'a.js', FORM_JSON)).toEqual([]);
  });
});

describe("a method default in an inner same-file wrapper under the outer one's merged options", () => {
  // `layer0` merges its defaults and its caller's options into what it hands `layer1`, whose method parameter defaults.
  const file = (method: string, defaults: string, call: string) =>
    `function layer1(url, opts, method = '${method}') {\n  return fetch(url, { method, ...opts });\n}\n\nconst DEFAULTS = {\n  headers: {\n    ${defaults},\n  },\n};\n\nfunction layer0(url, opts) {\n  return layer1(url, { ...DEFAULTS, ...opts });\n}\n\nexport function main(id, email, token) {\n  return ${call};\n}\n`;
  const refresh = (body: string) => `layer0('https://webexapis.com/v1/access_token', {\n    body: ${body},\n  })`;
  const JSON_CT = "'Content-Type': 'application/json'";
  it("the caller's body goes with the default POST: a JSON body to the token endpoint is found at its `body:`", () => {
    expect(scan({ 'a.js': file('POST', JSON_CT, refresh("JSON.stringify({ grant_type: 'refresh_token', refresh_token: token })")) }, 'a.js', TOKEN_FORM)).toEqual([`${TOKEN_FORM} 17 certain`]);
  });
  it("the defaults' Content-Type goes with the default GET: found where the defaults write it", () => {
    const get = "layer0(`https://webexapis.com/v1/people?email=${email}`, {})";
    expect(scan({ 'a.js': file('GET', JSON_CT, get) }, 'a.js', GET_CT)).toEqual([`${GET_CT} 7 certain`]);
  });
  it('look-alikes: a form body; a default POST (the header describes its body); no Content-Type in the defaults', () => {
    expect(scan({ 'a.js': file('POST', JSON_CT, refresh("new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token })")) }, 'a.js', TOKEN_FORM)).toEqual([]);
    const post = "layer0('https://webexapis.com/v1/messages', { body: JSON.stringify({ text: 'hi' }) })";
    expect(scan({ 'a.js': file('POST', JSON_CT, post) }, 'a.js', GET_CT)).toEqual([]);
    const get = "layer0(`https://webexapis.com/v1/people?email=${email}`, {})";
    expect(scan({ 'a.js': file('GET', "Accept: 'application/json'", get) }, 'a.js', GET_CT)).toEqual([]);
  });
});
