/**
 * Issue 26, the tuned sets' remaining misses (docs/evaluation.md, "Metamorphic rewrites (fifteenth session)"): the
 * general shape behind each, with the platform's case that must be found and look-alikes that must stay quiet
 * (synthesized code, nothing copied from the sets' repositories).
 */
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const scan = (text: string, name: string, opts: AnalyzeOptions): Match[] => analyzeFile({ filename: name, text }, opts).matches;
const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`;
const getCt = only('get-request-content-type');

describe('options built by a helper three wrapper levels up, the method and URL passed as keys of an object', () => {
  // A factory of resource methods over two private levels (`handle` -> `send`) and an options builder.
  const client = (base: string, calls: string) => `const request = require('request');
const buildOptions = (o) => {
  const opts = {
    url: o.uri,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    method: o.method,
  };
  if (o.token) opts.headers.Authorization = 'Bearer ' + o.token;
  return opts;
};
const send = (args) => {
  const options = buildOptions({ uri: args.uri, token: args.token, method: args.method });
  if (args.path) options.url += args.path;
  if (args.body) options.json = args.body;
  return new Promise((resolve, reject) => request(options, (err, res, body) => (err ? reject(err) : resolve(body))));
};
module.exports = (params) => {
  const base = ${base};
  const handle = (req) => send({ uri: req.uri || base, token: req.token || params.token, path: req.path || '', method: req.method, body: req.body || '' });
  return {
${calls}
  };
};
`;
  const mixed = `    room: (id) => handle({ path: '/rooms/' + id, method: 'GET' }),
    createRoom: (room) => handle({ path: '/rooms', method: 'POST', body: room }),`;
  it('positive: a GET through the three levels reaches the builder\'s Content-Type: reported at the header, without an edit (the POST shares it)', () => {
    const found = scan(client('params.uri', mixed), 'client.js', getCt);
    expect(found.map(summary)).toEqual(['get-request-content-type 5 certain']);
    expect(found[0].fix).toBeUndefined();
    expect(found[0].affects?.map((a) => a.method)).toContain('GET');
  });
  it('positive: the same with the API base written in the factory', () => {
    expect(scan(client("'https://webexapis.com/v1'", mixed), 'client.js', getCt).map(summary)).toEqual(['get-request-content-type 5 certain']);
  });
  it('look-alike: every call through the levels sends a body (POST, PUT) and stays quiet', () => {
    const calls = `    createRoom: (room) => handle({ path: '/rooms', method: 'POST', body: room }),
    rename: (id, title) => handle({ path: '/rooms/' + id, method: 'PUT', body: { title } }),`;
    expect(scan(client("'https://webexapis.com/v1'", calls), 'client.js', getCt).map(summary)).toEqual([]);
  });
  it('look-alike: the same client on another service\'s host stays quiet', () => {
    expect(scan(client("'https://api.example.org/v2'", mixed), 'client.js', getCt).map(summary)).toEqual([]);
  });
});
