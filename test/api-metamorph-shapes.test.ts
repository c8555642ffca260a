/**
 * Thirty-first session (`metamorph`): the evaluation sets' own requests rewritten by `scripts/metamorph-occurrences.ts`
 * lost their findings in two shapes real code writes, each fixed by a general mechanism and tested here on
 * synthesized code (nothing copied from a repository), with look-alikes that must stay quiet:
 * - a request helper of another module that calls a helper of a third module, which makes the call
 *   (`request(url, opts)` -> `./send.js`'s `send(url, opts)` -> `axios.get(url, opts)`): a forwarder of a forwarder
 *   across modules (engine/api/aliases.ts `foreignForward`);
 * - a method of a class that forwards to `this.request(url, opts)`, a method the class inherits from a base class of
 *   another module, which makes the call (`new Api().send(url, opts)`; engine/api/aliases.ts `inheritedForward`).
 */
import { describe, expect, it } from 'vitest';
import { projectScanner } from './helpers/temp-project.js';

const scan = projectScanner('cm-metamorph-shapes-');

const GET_CT = 'get-request-content-type';

const SEND_CJS = (call: string, head = "const axios = require('axios');") => `${head}\nfunction send(url, options) {\n  return ${call}(url, options);\n}\nmodule.exports = { send };\n`;
const REQUEST_CJS = "const { send } = require('./send.js');\nfunction request(url, options) {\n  return send(url, options);\n}\nmodule.exports = { request };\n";
const CALLER_CJS = (url: string, headers = "'Content-Type': 'application/json'") =>
  `const { request } = require('./request.js');\nasync function rooms(token) {\n  const res = await request('${url}', {\n    headers: {\n      Authorization: 'Bearer ' + token,\n      ${headers},\n    },\n  });\n  return res.data;\n}\nmodule.exports = { rooms };\n`;

describe('a forwarder of another module that forwards to a forwarder of a third module', () => {
  it('axios.get two modules down: the GET with a Content-Type written at the call is found there', () => {
    const files = { 'send.js': SEND_CJS('axios.get'), 'request.js': REQUEST_CJS, 'a.js': CALLER_CJS('https://webexapis.com/v1/rooms') };
    expect(scan(files, 'a.js', GET_CT)).toEqual([`${GET_CT} 6 certain`]);
  });
  it('ES modules, the `request` library, and a third layer: found at the call', () => {
    const sendEsm = "import axios from 'axios';\n\nexport function send(url, options) {\n  return axios.get(url, options);\n}\n";
    const requestEsm = "import { send } from './send.js';\n\nexport function request(url, options) {\n  return send(url, options);\n}\n";
    const callerEsm = CALLER_CJS('https://webexapis.com/v1/rooms').replace("const { request } = require('./request.js');", "import { request } from './request.js';").replace('module.exports = { rooms };', 'export { rooms };');
    expect(scan({ 'send.js': sendEsm, 'request.js': requestEsm, 'a.js': callerEsm }, 'a.js', GET_CT)).toEqual([`${GET_CT} 6 certain`]);
    const viaRequestLib = SEND_CJS('request', "const request = require('request');");
    expect(scan({ 'send.js': viaRequestLib, 'request.js': REQUEST_CJS, 'a.js': CALLER_CJS('https://webexapis.com/v1/rooms') }, 'a.js', GET_CT)).toEqual([`${GET_CT} 6 certain`]);
    const api = "const { request } = require('./request.js');\nfunction api(url, options) {\n  return request(url, options);\n}\nmodule.exports = { request: api };\n";
    const files = { 'send.js': SEND_CJS('axios.get'), 'request.js': REQUEST_CJS, 'api.js': api, 'a.js': CALLER_CJS('https://webexapis.com/v1/rooms').replace('./request.js', './api.js') };
    expect(scan(files, 'a.js', GET_CT)).toEqual([`${GET_CT} 6 certain`]);
  });
  it('look-alikes: another service; a POST two modules down; a last layer that calls no client; a middle layer that adds a body', () => {
    const files = (send: string, request = REQUEST_CJS, url = 'https://webexapis.com/v1/rooms') => ({ 'send.js': send, 'request.js': request, 'a.js': CALLER_CJS(url) });
    expect(scan(files(SEND_CJS('axios.get'), REQUEST_CJS, 'https://api.example.com/v1/rooms'), 'a.js', GET_CT)).toEqual([]);
    expect(scan(files(SEND_CJS('axios.post')), 'a.js', GET_CT)).toEqual([]);
    expect(scan(files(SEND_CJS('cache.get', 'const cache = new Map();')), 'a.js', GET_CT)).toEqual([]);
    const withBody = "const { send } = require('./send.js');\nfunction request(url, options) {\n  return send(url, { ...options, method: 'POST', data: { ok: true } });\n}\nmodule.exports = { request };\n";
    expect(scan(files(SEND_CJS('axios'), withBody), 'a.js', GET_CT)).toEqual([]);
  });
});

describe('a method forwarding to a method inherited from a base class of another module', () => {
  const BASE = (call: string) => `const axios = require('axios');\nclass Base {\n  request(url, options) {\n    return ${call}(url, options);\n  }\n}\nmodule.exports = { Base };\n`;
  const CALLER = (receiver: string, extra = '', url = 'https://webexapis.com/v1/rooms') =>
    `const { Base } = require('./base.js');\nclass Api extends Base {\n  send(url, options) {\n    return this.request(url, options);\n  }${extra}\n}\nasync function rooms(api) {\n  return ${receiver}.send('${url}', {\n    headers: { 'Content-Type': 'application/json' },\n  });\n}\nmodule.exports = { rooms, Api };\n`;
  it('`new Api().send(url, opts)` and a const bound to `new Api()`: the GET with a Content-Type is found at the call', () => {
    expect(scan({ 'base.js': BASE('axios.get'), 'a.js': CALLER('new Api()') }, 'a.js', GET_CT)).toEqual([`${GET_CT} 9 certain`]);
    const bound = CALLER('client').replace('async function rooms(api) {', 'const client = new Api();\nasync function rooms(api) {');
    expect(scan({ 'base.js': BASE('axios.get'), 'a.js': bound }, 'a.js', GET_CT)).toEqual([`${GET_CT} 10 certain`]);
  });
  it('look-alikes: the class overrides the method; an unknown receiver; a POST in the base; another service', () => {
    const own = '\n  request(url, options) {\n    return cache.read(url, options);\n  }';
    expect(scan({ 'base.js': BASE('axios.get'), 'a.js': CALLER('new Api()', own) }, 'a.js', GET_CT)).toEqual([]);
    expect(scan({ 'base.js': BASE('axios.get'), 'a.js': CALLER('api') }, 'a.js', GET_CT)).toEqual([]);
    expect(scan({ 'base.js': BASE('axios.post'), 'a.js': CALLER('new Api()') }, 'a.js', GET_CT)).toEqual([]);
    expect(scan({ 'base.js': BASE('axios.get'), 'a.js': CALLER('new Api()', '', 'https://api.example.com/v1/rooms') }, 'a.js', GET_CT)).toEqual([]);
  });
});
