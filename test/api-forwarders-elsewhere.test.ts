/**
 * Issue 26, sixteenth session's metamorphic rewrites (`helper-module`, `helper-default`, `helper-barrels`,
 * `this-method`): a forwarding function (engine/api/aliases.ts: its whole body hands its parameters, unchanged and
 * in order, to one client call) that lives in ANOTHER module (imported by name, as a default, through two barrels,
 * or required), or a client class whose public method calls another method of its own through `this.`, is read as
 * the client call made at the call site: the caller's options, headers and body are that request's own. The
 * forwarded callee's names are bound in the module that writes it (`request` required there, never in the caller).
 * Look-alikes: the same helpers called with a POST body, an imported forwarder of something that is no client, a
 * call to another service, a `this.` chain that ends at a method that is no forwarder, a subclass's `this.` (a
 * class below may override the method). Synthesized code.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-26' } });
const project = tempProjects('cm-forwarders-elsewhere-');

/** Scans `main` of a project with these files: each match as `line confidence`. */
function scan(files: Record<string, string>, main = 'main.js'): string[] {
  const root = project(files);
  return analyzeFile({ filename: path.join(root, main), text: files[main] }, only('get-request-content-type')).matches.map((m: Match) => `${m.loc.start.line} ${m.confidence}`);
}

/** A caller (line 4 holds the Content-Type) of `invoke(url, options)`; `head` brings the helper in. */
const caller = (head: string, invoke: string, extra = '', url = 'https://webexapis.com/v1/rooms'): string =>
  `${head}\nexport async function rooms(token) {\n  const options = {\n    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token },${extra}\n  };\n  return ${invoke}('${url}', options);\n}\n`;
const cjsCaller = (head: string, invoke: string, extra = ''): string =>
  `${head}\nasync function rooms(token) {\n  const options = {\n    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token },${extra}\n  };\n  return ${invoke}('https://webexapis.com/v1/rooms', options);\n}\nmodule.exports = { rooms };\n`;
const POST = "\n    method: 'POST', body: JSON.stringify({ title: 't' }),";

const ESM_FETCH = 'export function webexFetch(u, i) {\n  return fetch(u, i);\n}\n';
const CJS_AXIOS = "const axios = require('axios');\nfunction webexGet(u, c) {\n  return axios.get(u, c);\n}\nmodule.exports = { webexGet };\n";

describe('a forwarder of another module', () => {
  it('ES named import, default export, async helper through two barrels', () => {
    expect(scan({ 'api.js': ESM_FETCH, 'main.js': caller("import { webexFetch } from './api.js';", 'webexFetch') })).toEqual(['4 certain']);
    expect(scan({ 'api.js': 'export default function send(u, i) {\n  return fetch(u, i);\n}\n', 'main.js': caller("import send from './api.js';", 'send') })).toEqual(['4 certain']);
    const barrels = {
      'lib/http/api.js': 'export async function webexFetch(u, i) {\n  return await fetch(u, i);\n}\n',
      'lib/http/index.js': "export * from './api.js';\n",
      'lib/index.js': "export { webexFetch } from './http/index.js';\n",
      'main.js': caller("import { webexFetch } from './lib/index.js';", 'webexFetch'),
    };
    expect(scan(barrels)).toEqual(['4 certain']);
  });
  it('CommonJS: a client required only by the helper module (axios.get, request(options))', () => {
    expect(scan({ 'api.js': CJS_AXIOS, 'main.js': cjsCaller("const { webexGet } = require('./api.js');", 'webexGet') })).toEqual(['4 certain']);
    const req = "const request = require('request');\nfunction send(o, cb) {\n  return request(o, cb);\n}\nmodule.exports = send;\n";
    const main = "const send = require('./send.js');\nfunction rooms(token, done) {\n  const options = {\n    url: 'https://webexapis.com/v1/rooms',\n    headers: { 'Content-type': 'application/json', Authorization: 'Bearer ' + token },\n  };\n  send(options, (e, r, body) => done(body));\n}\nmodule.exports = { rooms };\n";
    expect(scan({ 'send.js': req, 'main.js': main })).toEqual(['5 certain']);
  });
  it('look-alikes: a POST body, a helper of something that is no client, another service', () => {
    expect(scan({ 'api.js': ESM_FETCH, 'main.js': caller("import { webexFetch } from './api.js';", 'webexFetch', POST) })).toEqual([]);
    expect(scan({ 'api.js': CJS_AXIOS, 'main.js': cjsCaller("const { webexGet } = require('./api.js');", 'webexGet', POST.replace("method: 'POST', ", '')) })).toEqual(['4 certain']);
    const cache = "const cache = require('./cache-impl.js');\nfunction webexGet(u, c) {\n  return cache.get(u, c);\n}\nmodule.exports = { webexGet };\n";
    expect(scan({ 'api.js': cache, 'cache-impl.js': 'module.exports = new Map();\n', 'main.js': cjsCaller("const { webexGet } = require('./api.js');", 'webexGet') })).toEqual([]);
    expect(scan({ 'api.js': ESM_FETCH, 'main.js': caller("import { webexFetch } from './api.js';", 'webexFetch', '', 'https://api.example.com/v1/items') })).toEqual([]);
  });
});

describe('a client class whose method calls another through this.', () => {
  const cls = (send: string, ext = '') => `class Client${ext} {\n  ${send}\n  request(u, i) {\n    return this.send(u, i);\n  }\n}\nconst client = new Client();\n`;
  const at = (pre: string) => caller(pre, 'client.request');
  it('request -> this.send -> fetch, called on an instance', () => {
    const code = at(cls('send(u, i) {\n    return fetch(u, i);\n  }'));
    expect(scan({ 'main.js': code })).toEqual([`${code.split('\n').findIndex((l) => l.includes("'Content-Type'")) + 1} certain`]);
    // Headers assigned to the options before the call are read only where the client call is made: the forwarder
    // chain puts it at the call site (the wrapper model read the helper through its parameters and lost them).
    const assigned = `${cls('send(u, i) {\n    return fetch(u, i);\n  }')}export async function rooms() {\n  const init = {};\n  init.headers = { 'Content-Type': 'application/json' };\n  return client.request('https://webexapis.com/v1/rooms', init);\n}\n`;
    expect(scan({ 'main.js': assigned })).toEqual([`${assigned.split('\n').findIndex((l) => l.includes('init.headers =')) + 1} certain`]);
  });
  it('look-alikes: a POST body, a send that is no client, a class that extends another', () => {
    const fetchSend = cls('send(u, i) {\n    return fetch(u, i);\n  }');
    expect(scan({ 'main.js': caller(fetchSend, 'client.request', POST) })).toEqual([]);
    expect(scan({ 'main.js': at(cls('send(u, i) {\n    return this.cache.get(u, i);\n  }')) })).toEqual([]);
    // A subclass may override `send`: the chain is not read as a forwarder (the wrapper model may still read it).
    const sub = `class Base {}\n${cls('send(u, i) {\n    return fetch(u, i);\n  }', ' extends Base').replace('new Client()', 'new Client()')}`;
    const code = at(sub);
    const line = code.split('\n').findIndex((l) => l.includes("'Content-Type'")) + 1;
    expect(scan({ 'main.js': code }).every((m) => m.startsWith(`${line} `))).toBe(true);
  });
});
