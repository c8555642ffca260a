/**
 * Issue 26 items 1-2 (shape 1): a request whose options a same-file helper builds (`_reqOptions({ uri, method })`
 * returning `{ url, headers, method: o.method }`), sent inside a `new Promise((resolve, reject) => ...)` executor,
 * by a wrapper called through another wrapper that copies or renames the method's key on the way
 * (`makeReq({ verb: opts.method })`, read back as `o.verb`). The method each call site gives is followed key by
 * key through the helper and both wrappers; the helper's header goes out with each of them. Each shape has a
 * case the engine must find and look-alikes that must stay quiet.
 */
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';

const catalog = loadCatalog();
const only: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.id === 'get-request-content-type'), engine: { today: '2026-11-22' } };
const scan = (text: string): string[] => analyzeFile({ filename: 'client.js', text }, only).matches.map((m) => `${m.noticeId} ${m.loc.start.line} ${m.confidence}${m.fix ? ' fix' : ''}`);

/** The client: a helper builds the options, a sender wraps the request in a promise, a handler renames the key. */
const client = (callers: string, methodKey = 'o.verb'): string => `const request = require('request');

const BASE = 'https://webexapis.com/v1';

const reqOptions = (o) => {
  const opts = {
    url: BASE + o.path,
    headers: { 'Content-Type': 'application/json', Authorization: \`Bearer \${o.token}\` },
    method: ${methodKey},
  };
  return opts;
};

const makeReq = (args) => {
  const options = reqOptions({ path: args.path, token: args.token, verb: args.method });
  return new Promise((resolve, reject) => {
    request(options, (err, res, body) => (err ? reject(err) : resolve(body)));
  });
};

module.exports = (token) => {
  const handle = (opts) => makeReq({ path: opts.path, token, method: opts.method });
  return {
${callers}
  };
};
`;

describe('options built by a helper, sent from a promise executor, the method renamed on its way through two wrappers', () => {
  it('GETs three levels out reach the helper\'s Content-Type: reported where the helper writes it (no edit: the helper is not the request\'s)', () => {
    const gets = `    getRoom: (id) => handle({ path: \`/rooms/\${id}\`, method: 'GET' }),
    listRooms: () => handle({ path: '/rooms', method: 'GET' }),`;
    expect(scan(client(gets))).toEqual(['get-request-content-type 8 certain']);
  });

  it('look-alike: every call is a POST', () => {
    const posts = `    createRoom: (title) => handle({ path: '/rooms', method: 'POST' }),
    addMember: () => handle({ path: '/memberships', method: 'POST' }),`;
    expect(scan(client(posts))).toEqual([]);
  });

  it('look-alike: the helper computes the method from another key (not a copy): not known, not reported', () => {
    const gets = `    getRoom: (id) => handle({ path: \`/rooms/\${id}\`, method: 'GET' }),`;
    expect(scan(client(gets, "o.write ? 'POST' : o.verb"))).toEqual([]);
  });

  it('look-alike: the sender is called only with a method its own callers pick (no call site in the file)', () => {
    expect(scan(client(''))).toEqual([]);
  });
});
