/**
 * Issue 26, fourteenth session's metamorphic rewrites: a call of a forwarding function of the file (engine/api/
 * aliases.ts: its whole body passes its parameters, unchanged and in order, to one client call) is read as that
 * client call made at the call site, so what the caller's function does to the options before the call (headers
 * assigned to them, a body written only under a test of the method, options handed to a local sender) is read as
 * it is for a direct call. Each shape: the direct call's finding, the same through a forwarder written as a function,
 * an arrow, a static method, an instance method and an object literal's method, or with a defaulted sender; and
 * look-alikes that are no forwarder (a fixed method, a body, reordered or extra arguments, a shadowed name, a callee
 * that is no client). Synthesized code.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-26' } });
const project = tempProjects('cm-forwarders-');

function scan(code: string, notice = 'get-request-content-type'): string[] {
  const files = { 'api.js': code };
  return analyzeFile({ filename: path.join(project(files), 'api.js'), text: code }, only(notice)).matches.map((m: Match) => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`);
}

/** The forwarder of `fetch(u, i)` in each style, and how the caller calls it. */
const STYLES: Array<{ style: string; def: string; invoke: string }> = [
  { style: 'function', def: 'function send(u, i) {\n  return fetch(u, i);\n}\n', invoke: 'send' },
  { style: 'async arrow with await', def: 'const send = async (u, i) => await fetch(u, i);\n', invoke: 'send' },
  { style: 'static method', def: 'class Http {\n  static send(u, i) {\n    return fetch(u, i);\n  }\n}\n', invoke: 'Http.send' },
  { style: 'instance method', def: 'class Http {\n  send(u, i) {\n    return fetch(u, i);\n  }\n}\n', invoke: 'new Http().send' },
  { style: 'object method', def: 'const http = {\n  send(u, i) {\n    return fetch(u, i);\n  },\n};\n', invoke: 'http.send' },
  { style: 'defaulted sender', def: 'function send(u, i, go = fetch) {\n  return go(u, i);\n}\n', invoke: 'send' },
  { style: 'forwarder of a forwarder', def: 'function send(u, i) {\n  return relay(u, i);\n}\nfunction relay(a, b) {\n  return fetch(a, b);\n}\n', invoke: 'send' },
];

/**
 * A request helper other files call: the method is the caller's, the body is written only for a POST, the
 * Content-Type on every call (line 5). `invoke` sends it.
 */
const gated = (invoke: string): string => `export const makeRequest = async (url, body, opts = {}) => {
  const init = {
    method: opts.method ? opts.method : 'POST',
    headers: {
      'content-type': 'application/json',
      Authorization: 'Bearer ' + opts.token,
    },
  };
  if (opts.method === 'POST') {
    init.body = JSON.stringify(body);
  }
  return ${invoke}(url, init);
};
const API = 'https://webexapis.com/v1';
`;

/** Options whose headers are assigned before the call (line 3), sent by a GET to the API. */
const assigned = (invoke: string): string => `export class Client {
  async list(url, options = {}) {
    options.headers = { ...(options.headers || {}), Authorization: 'Bearer t', 'Content-Type': 'application/json' };
    return ${invoke}(url, options);
  }
  rooms() {
    return this.list('https://webexapis.com/v1/rooms');
  }
}
`;

/**
 * A variadic request method whose callers in other files pick the method: the options object gets a body only under a
 * test of the method and is handed to a local sender, which gives it to `invoke` (the request library's call form).
 */
const lifted = (invoke: string): string => `const request = require('request');
class Client {
  request(method, data) {
    const headers = { Authorization: 'Bearer t', 'Content-Type': 'application/json' };
    const options = { url: 'https://webexapis.com/v1/rooms', headers: headers };
    if (/^(post|put)$/i.test(method)) {
      options.method = method;
      options.body = data;
    }
    const makeRequest = (opts, done) => new Promise((resolve) => {
      ${invoke}(opts, (err, res) => resolve(done(res)));
    });
    return makeRequest(options, (r) => r);
  }
}
module.exports = Client;
`;

describe('a call of a forwarding function is the call it forwards, made at the call site', () => {
  it('the direct calls are found (the reference for every style below)', () => {
    expect(scan(gated('fetch'))).toEqual(['get-request-content-type 5 likely']);
    expect(scan(assigned('fetch'))).toEqual(['get-request-content-type 3 certain']);
    expect(scan(lifted('request'))).toEqual(['get-request-content-type 4 likely']);
  });
  for (const { style, def, invoke } of STYLES) {
    it(`${style}: the method-gated body and the assigned headers are read in the caller's function`, () => {
      expect(scan(gated(invoke) + def)).toEqual(['get-request-content-type 5 likely']);
      expect(scan(assigned(invoke) + def)).toEqual(['get-request-content-type 3 certain']);
      const viaRequest = def.replace(/\bfetch\b/g, 'request');
      expect(scan(lifted(invoke) + viaRequest)).toEqual(['get-request-content-type 4 likely']);
    });
  }
  it('an inline GET through a forwarder keeps the per-call removal a direct call gets', () => {
    const code = `${STYLES[0].def}export function rooms(token) {\n  return send('https://webexapis.com/v1/rooms', {\n    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token },\n  });\n}\n`;
    const r = analyzeFile({ filename: path.join(project({ 'api.js': code }), 'api.js'), text: code }, only('get-request-content-type'));
    expect(r.matches.map((m) => `${m.loc.start.line} ${m.confidence}`)).toEqual(['6 certain']);
    expect(r.matches[0].fix?.length).toBe(1);
  });
});

describe('look-alikes: functions that are not forwarders, and calls that are not calls of one', () => {
  it('a helper that fixes the method and sends a body is read as the wrapper it is (a POST: nothing)', () => {
    const post = 'function send(u, i) {\n  return fetch(u, { ...i, method: \'POST\', body: JSON.stringify({ a: 1 }) });\n}\n';
    expect(scan(assigned('send') + post)).toEqual([]);
  });
  it('a forwarder whose callee is no client says nothing', () => {
    const log = 'function send(u, i) {\n  return console.log(u, i);\n}\n';
    expect(scan(assigned('send') + log)).toEqual([]);
  });
  it('a call passing the defaulted sender is not the default client', () => {
    const code = `function send(u, i, go = fetch) {\n  return go(u, i);\n}\nfunction post(u, i) {\n  return fetch(u, { ...i, method: 'POST', body: '{}' });\n}\n${assigned('send').replace('return send(url, options)', 'return send(url, options, post)')}`;
    expect(scan(code)).toEqual([]);
  });
  it('a forwarder given fewer arguments than it passes on is still one (the rest are undefined, as for the client)', () => {
    expect(scan(gated('send') + 'function send(u, i, extra) {\n  return fetch(u, i, extra);\n}\n')).toEqual(['get-request-content-type 5 likely']);
  });
  it('a helper that fixes an argument of its own is no forwarder: its POST stays a POST', () => {
    const fixed = "function send(u, i) {\n  return fetch(u, { method: 'POST', body: JSON.stringify(i) });\n}\n";
    expect(scan(assigned('send') + fixed)).toEqual([]);
  });
  it('a parameter of the caller with the forwarder\'s name hides it', () => {
    const code = `function send(u, i) {\n  return fetch(u, i);\n}\nexport async function list(send, options = {}) {\n  options.headers = { 'Content-Type': 'application/json' };\n  return send('https://webexapis.com/v1/rooms', options);\n}\n`;
    expect(scan(code)).toEqual([]);
  });
  it('a method of another class, or an object that is not a const, is not the forwarder', () => {
    const other = 'class Cache {\n  send(u, i) {\n    return [u, i];\n  }\n}\nclass Http {\n  send(u, i) {\n    return fetch(u, i);\n  }\n}\n';
    expect(scan(assigned('new Cache().send') + other)).toEqual([]);
    const mutable = 'let http = {\n  send(u, i) {\n    return fetch(u, i);\n  },\n};\nhttp = { send: (u, i) => [u, i] };\n';
    expect(scan(assigned('http.send') + mutable)).toEqual([]);
  });
});
