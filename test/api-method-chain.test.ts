/**
 * Issue 26 shape 2 (branch `26mpc`): the request's method passed as a parameter through two helpers of two modules
 * (`get('GET', url)` -> `send(method, url, init)` -> `fetch(url, { ...init, method })`). The outer helper's summary
 * takes its method from the argument that gave the inner helper's method, so a call of the outer helper from a third
 * module gets the method it passes (synthesized code, nothing copied from a repository).
 */
import { describe, expect, it } from 'vitest';
import { projectScanner } from './helpers/temp-project.js';

/** `notice line confidence` per finding of `name` in a fresh project holding `files`, sorted. */
const scan = projectScanner('cm-method-chain-');

const GET_CT = 'get-request-content-type';

/** The inner helper: the method is its first parameter, written after the caller's options. */
const SEND = 'export function send(method, url, init = {}) {\n  return fetch(url, { ...init, method });\n}\n';
/** The outer helper, another module: hands its own method parameter on. */
const CALL = "import { send } from './send.js';\n\nexport function call(method, url, init) {\n  return send(method, url, init);\n}\n";
const CALL_CJS = "const { send } = require('./send.js');\n\nfunction call(method, url, init) {\n  return send(method, url, init);\n}\n\nmodule.exports = { call };\n";
const SEND_CJS = 'function send(method, url, init = {}) {\n  return fetch(url, { ...init, method });\n}\n\nmodule.exports = { send };\n';

/** A module calling the outer helper with `method`, an extra option text and an import line. */
const user = (method: string, extra = '', head = "import { call } from './call.js';"): string =>
  `${head}\n\nexport function rooms(token) {\n  return call(${method}, 'https://webexapis.com/v1/rooms', { headers: { 'Content-Type': 'application/json', Authorization: \`Bearer \${token}\` }${extra} });\n}\n`;

describe('the method passed as a parameter through two helpers of two modules', () => {
  it("a GET with a Content-Type through call('GET', url, init) -> send(method, url, init) -> fetch is found at the call", () => {
    expect(scan({ 'send.js': SEND, 'call.js': CALL, 'rooms.js': user("'GET'") }, 'rooms.js', GET_CT)).toEqual([`${GET_CT} 4 certain`]);
    // CommonJS modules: the same.
    const cjs = user("'GET'", '', "const { call } = require('./call.js');").replace('export function', 'function');
    expect(scan({ 'send.js': SEND_CJS, 'call.js': CALL_CJS, 'rooms.js': cjs }, 'rooms.js', GET_CT)).toEqual([`${GET_CT} 4 certain`]);
  });
  it('the method a constant of the calling file gives, and a lower-case one, are read the same', () => {
    const named = user('METHOD').replace('\n\nexport function', "\n\nconst METHOD = 'GET';\n\nexport function");
    expect(scan({ 'send.js': SEND, 'call.js': CALL, 'rooms.js': named }, 'rooms.js', GET_CT)).toEqual([`${GET_CT} 6 certain`]);
    expect(scan({ 'send.js': SEND, 'call.js': CALL, 'rooms.js': user("'get'") }, 'rooms.js', GET_CT)).toEqual([`${GET_CT} 4 certain`]);
  });
  it("look-alikes: the same chain called with 'POST' and a body, or with a method the file does not know, stays quiet", () => {
    expect(scan({ 'send.js': SEND, 'call.js': CALL, 'rooms.js': user("'POST'", ', body: JSON.stringify({ title: token })') }, 'rooms.js', GET_CT)).toEqual([]);
    const unknown = user('verb').replace('rooms(token)', 'rooms(token, verb)');
    expect(scan({ 'send.js': SEND, 'call.js': CALL, 'rooms.js': unknown }, 'rooms.js', GET_CT)).toEqual([]);
  });
  it("look-alike: a bodiless 'POST' through the chain inside a function the file calls (a same-file wrapper) stays quiet", () => {
    const wrapped = "import { call } from './call.js';\n\nconst token = async (code) => {\n  const r = await call('POST', 'https://webexapis.com/v1/access_token?code=' + code, { headers: { 'content-type': 'application/x-www-form-urlencoded' } });\n  return r.json();\n};\n\nexport function start(code) {\n  return token(code);\n}\n";
    expect(scan({ 'send.js': SEND, 'call.js': CALL, 'token.js': wrapped }, 'token.js', GET_CT)).toEqual([]);
    // The same wrapper with 'GET': found at the helper's call.
    expect(scan({ 'send.js': SEND, 'call.js': CALL, 'token.js': wrapped.replace("'POST'", "'GET'") }, 'token.js', GET_CT)).toEqual([`${GET_CT} 4 certain`]);
  });
  it("a same-file wrapper with a default method handed to the chain (`api(path, method = 'GET')`): its calls are read with their method", () => {
    const api = "import { call } from './call.js';\n\nfunction api(path, method = 'GET') {\n  return call(method, 'https://webexapis.com/v1' + path, { headers: { 'Content-Type': 'application/json' } });\n}\n\nexport const rooms = () => api('/rooms');\n";
    expect(scan({ 'send.js': SEND, 'call.js': CALL, 'api.js': api }, 'api.js', GET_CT)).toEqual([`${GET_CT} 4 certain`]);
    // Look-alike: every call of the wrapper names a bodiless POST.
    expect(scan({ 'send.js': SEND, 'call.js': CALL, 'api.js': api.replace("api('/rooms')", "api('/rooms', 'POST')") }, 'api.js', GET_CT)).toEqual([]);
  });
  it('the inner helper called directly: the reference the chain must match', () => {
    const direct = user("'GET'", '', "import { send as call } from './send.js';");
    expect(scan({ 'send.js': SEND, 'rooms.js': direct }, 'rooms.js', GET_CT)).toEqual([`${GET_CT} 4 certain`]);
  });
});
