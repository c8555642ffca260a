/**
 * Issue 26, the thirteenth session's metamorphic rewrites (scripts/metamorphic.ts): behaviour-preserving rewrites
 * of found occurrences that the engine lost, each as a general shape with a case it must find and a look-alike that
 * must stay quiet (synthesized code). One more helper level around a client's method call that passes the config
 * whole (`function api(u, cfg) { return axios.get(u, cfg) }`); the helper as an instance method called on an
 * instance made in the file (`new Api().call(...)`, `api.call(...)`); the sender passed as a parameter with a client
 * as its default (`function api(u, init, send = fetch) { return send(u, init) }`).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-26' } });
const project = tempProjects('cm-metamorphic-shapes-');

function scan(code: string): string[] {
  const files = { 'api.js': code };
  return analyzeFile({ filename: path.join(project(files), 'api.js'), text: code }, only('get-request-content-type')).matches.map(
    (m: Match) => `${m.noticeId} ${m.loc.start.line}`,
  );
}

/** A GET whose options (written at the call site, line 5 holds the Content-Type) go through `invoke`. */
const caller = (invoke: string, method = "method: 'GET',"): string => `async function listRooms(token) {
  const res = await ${invoke}('https://webexapis.com/v1/rooms', {
    ${method}
    headers: {
      'Content-Type': 'application/json',
      Authorization: 'Bearer ' + token,
    },
  });
  return res;
}
`;

describe('a client method call wrapped in a helper that passes the config whole', () => {
  it('`axios.get(u, cfg)` in the helper: the call site GET sends the Content-Type it wrote', () => {
    const code = `const axios = require('axios');\n${caller('api', '')}function api(u, cfg) {\n  return axios.get(u, cfg);\n}\n`;
    expect(scan(code)).toEqual(['get-request-content-type 6']);
  });
  it('look-alike: the helper POSTs a body with the config, so its Content-Type is right', () => {
    const code = `const axios = require('axios');\n${caller('api', '')}function api(u, cfg) {\n  return axios.post(u, { title: 'x' }, cfg);\n}\n`;
    expect(scan(code)).toEqual([]);
  });
});

describe('the helper as an instance method called on an instance made in the file', () => {
  const cls = `class Api {\n  call(u, init) {\n    return fetch(u, init);\n  }\n}\n`;
  it('`new Api().call(...)` and `api.call(...)` with `const api = new Api()` are call sites of the method', () => {
    expect(scan(caller('new Api().call') + cls)).toEqual(['get-request-content-type 5']);
    expect(scan(`const api = new Api();\n${caller('api.call')}${cls}`)).toEqual(['get-request-content-type 6']);
  });
  it('look-alikes: a POST with a body through the method; a same-named method of another class; a shadowed class name', () => {
    expect(scan(caller('new Api().call', "method: 'POST', body: JSON.stringify({ title: 'x' }),") + cls)).toEqual([]);
    const other = `class Cache {\n  call(u, init) {\n    return [u, init];\n  }\n}\n`;
    expect(scan(caller('new Cache().call') + cls + other)).toEqual([]);
    const shadowed = `function inner(Api) {\n  return new Api().call('https://webexapis.com/v1/rooms', { method: 'GET', headers: { 'Content-Type': 'application/json' } });\n}\n`;
    expect(scan(shadowed + cls)).toEqual([]);
  });
});

describe('the sender as a parameter with a client as its default', () => {
  it('`send = fetch` (and `http = axios`): the default is the client that sends', () => {
    expect(scan(`${caller('api')}function api(u, init, send = fetch) {\n  return send(u, init);\n}\n`)).toEqual(['get-request-content-type 5']);
    const viaAxios = `const axios = require('axios');\n${caller('api')}function api(u, init, http = axios) {\n  return http(u, init);\n}\n`;
    expect(scan(viaAxios)).toEqual(['get-request-content-type 6']);
  });
  it('look-alikes: a default that is no client, a parameter without default, a local of the same name', () => {
    const log = `${caller('api')}function record(u, init) {\n  return [u, init];\n}\nfunction api(u, init, send = record) {\n  return send(u, init);\n}\n`;
    expect(scan(log)).toEqual([]);
    expect(scan(`${caller('api')}function api(u, init, send) {\n  return send(u, init);\n}\n`)).toEqual([]);
    const local = `${caller('api')}function api(u, init, send = fetch) {\n  const s = (a, b) => [a, b];\n  {\n    const send = s;\n    return send(u, init);\n  }\n}\n`;
    expect(scan(local)).toEqual([]);
  });
});

describe('the sender as a parameter defaulting to a client method', () => {
  it('`send = axios.get`: the call site GET through the helper sends the Content-Type it wrote', () => {
    const code = `const axios = require('axios');\n${caller('api', '')}function api(u, cfg, send = axios.get) {\n  return send(u, cfg);\n}\n`;
    expect(scan(code)).toEqual(['get-request-content-type 6']);
  });
  it('look-alike: `send = axios.post` with a body argument, and `send = cache.get` of no client, stay quiet', () => {
    const post = `const axios = require('axios');\n${caller('api', '')}function api(u, cfg, send = axios.post) {\n  return send(u, { title: 'x' }, cfg);\n}\n`;
    expect(scan(post)).toEqual([]);
    const cache = `const cache = new Map();\n${caller('api', '')}function api(u, cfg, send = cache.get) {\n  return send(u, cfg);\n}\n`;
    expect(scan(cache)).toEqual([]);
  });
});
