/**
 * Issue 26, the seventeenth session's metamorphic losses (branch `26meta5`), each a general shape with a case that
 * must be found and look-alikes that must stay quiet (synthesized code, nothing copied from a repository):
 * - an authorize URL built with `new URL(path, origin).href` (or `.toString()`);
 * - a base URL that an environment variable may override, `process.env.NAME ?? '<url>'` (or `||`), with no value in
 *   the repository: its fallback, as an assumed value (likely);
 * - an authorize URL whose base is a constant of an imported module, its query written in a file that makes no
 *   request (the gate opens a file that writes `response_type=` with the imported texts);
 * - a body written only under a test of a name the function sends as the request's method, whatever it is called
 *   (`if (v1.match(/^(post|put)$/i)) { opts.method = v1; opts.body = ... }`);
 * - a webhook verifier whose names are all neutral, called in the file with the signature header's value.
 */
import { describe, expect, it } from 'vitest';
import { projectScanner } from './helpers/temp-project.js';

/** `notice line confidence` per finding of `name` in a fresh project holding `files`, sorted. */
const scan = projectScanner('cm-metamorphic5-');

const OAUTH = 'oauth-authorize-state-missing';
/** A login redirect on line 3 whose authorize URL is `base` (line 1 declares it). */
const login = (base: string, query = "'?client_id=' + id + '&response_type=token&scope=spark%3Aall'"): string =>
  `const AUTHORIZE = ${base};\nfunction login(id) {\n  window.location.href = AUTHORIZE + ${query};\n}\n`;

describe('an authorize URL built with new URL(path, origin).href', () => {
  it('`.href` and `.toString()` of `new URL(path, origin)` fold to the URL', () => {
    const found = scan({ 'a.js': login("new URL('/v1/authorize', 'https://webexapis.com').href") }, 'a.js', OAUTH);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.startsWith(`${OAUTH} 3 `))).toBe(true);
    expect(scan({ 'b.js': login("new URL('/v1/authorize', 'https://webexapis.com').toString()") }, 'b.js', OAUTH).length).toBeGreaterThan(0);
  });
  it('look-alikes: another origin; a query with state and the code grant', () => {
    expect(scan({ 'a.js': login("new URL('/v1/authorize', 'https://login.example.com').href") }, 'a.js', OAUTH)).toEqual([]);
    const good = "'?client_id=' + id + '&response_type=code&state=' + nonce()";
    expect(scan({ 'a.js': login("new URL('/v1/authorize', 'https://webexapis.com').href", good) }, 'a.js', OAUTH)).toEqual([]);
  });
});

describe('a base URL with an environment variable in front of a literal fallback', () => {
  it('`process.env.X ?? url` and `|| url`, the variable set nowhere: the fallback, found as likely', () => {
    for (const op of ['??', '||']) {
      const found = scan({ 'a.js': login(`process.env.AUTH_URL ${op} 'https://webexapis.com/v1/authorize'`) }, 'a.js', OAUTH);
      expect(found.length, op).toBeGreaterThan(0);
      expect(found.every((f) => f === `${OAUTH} 3 likely`), op).toBe(true);
    }
  });
  it('look-alikes: the environment file sets the variable to another host; `&&`; a fallback on another host', () => {
    const files = { '.env': 'AUTH_URL=https://login.example.com/v1/authorize\n', 'a.js': login("process.env.AUTH_URL ?? 'https://webexapis.com/v1/authorize'") };
    expect(scan(files, 'a.js', OAUTH)).toEqual([]);
    expect(scan({ 'a.js': login("process.env.AUTH_URL && 'https://webexapis.com/v1/authorize'") }, 'a.js', OAUTH)).toEqual([]);
    expect(scan({ 'a.js': login("process.env.AUTH_URL ?? 'https://login.example.com/v1/authorize'") }, 'a.js', OAUTH)).toEqual([]);
  });
});

describe('an authorize URL whose base is a constant of an imported module', () => {
  const config = (url: string) => `const OAUTH_URL = '${url}';\nconst CLIENT_ID = 'abc';\nmodule.exports = { OAUTH_URL, CLIENT_ID };\n`;
  const page = (query: string) => `const { OAUTH_URL, CLIENT_ID } = require('./config.js');\nfunction startLogin() {\n  window.location.href = OAUTH_URL + ${query};\n}\n`;
  const implicit = "'?' + `client_id=${CLIENT_ID}&` + 'response_type=token&scope=spark%3Aall'";
  it('a file that writes the query (`response_type=`) and makes no request is read with its imports', () => {
    const found = scan({ 'config.js': config('https://webexapis.com/v1/authorize'), 'page.js': page(implicit) }, 'page.js', OAUTH);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.startsWith(`${OAUTH} 3 `))).toBe(true);
  });
  it('look-alikes: the imported base is another service; the query asks for the code grant with state', () => {
    expect(scan({ 'config.js': config('https://login.example.com/v1/authorize'), 'page.js': page(implicit) }, 'page.js', OAUTH)).toEqual([]);
    const good = "'?' + `client_id=${CLIENT_ID}&` + 'response_type=code&state=' + nonce()";
    expect(scan({ 'config.js': config('https://webexapis.com/v1/authorize'), 'page.js': page(good) }, 'page.js', OAUTH)).toEqual([]);
  });
});

describe('a body written only under a test of the name the function sends as the method', () => {
  /** A variadic client method (request's `request(opts, cb)` through a local sender); `test` is what the branches test. */
  const client = (test: string, params = '...v0') => `const request = require('request');

class Client {
  constructor(token) {
    this.token = token;
    this.apiUrl = 'https://webexapis.com/v1/';
  }

  call(${params}) {
    const v1 = v0.shift();
    const v2 = v0.shift();
    const v3 = v0.length ? v0.shift() : {};
    const v4 = {
      url: this.apiUrl + v2,
      headers: { Authorization: 'Bearer ' + this.token, 'Content-Type': 'application/json' },
    };
    if (${test}.match(/^(post|put)$/i)) {
      v4.method = v1;
      v4.body = v3;
      v4.json = true;
    }
    if (${test}.match(/^(get|delete)$/i)) {
      v4.method = v1;
      v4.qs = v3;
      v4.json = true;
    }
    const v5 = (v6, v7) => new Promise((v8, v9) => {
      request(v6, (v10, v11) => (v10 ? v9(v10) : v8(v7(v11))));
    });
    return v5(v4, (v12) => v12.body);
  }
}

module.exports = Client;
`;
  it('`v1` is sent as the method (`v4.method = v1`): a test of `v1` is a test of the method; the header goes out on GETs', () => {
    expect(scan({ 'client.js': client('v1') }, 'client.js', 'get-request-content-type')).toEqual(['get-request-content-type 15 likely']);
  });
  it('look-alike: the branches test another value than the one sent as the method', () => {
    expect(scan({ 'client.js': client('kind', 'kind, ...v0') }, 'client.js', 'get-request-content-type')).toEqual([]);
  });
});

describe('a webhook verifier with neutral names, called with the signature header', () => {
  /** A handler that reads the header (line 2) and a verifier `v3` (SHA-1 Web Crypto, `===`), its names all neutral. */
  const hooks = (arg: string) => `async function handle(v0) {
  const v1 = v0.headers.get('x-spark-signature');
  const v2 = await v0.json();
  return v3(v2, 'secret', ${arg});
}
async function v3(v4, v5, v6) {
  const v7 = typeof v4 !== 'string' ? JSON.stringify(v4) : v4;
  const v8 = { name: 'HMAC', hash: 'SHA-1' };
  const v9 = await crypto.subtle.importKey('raw', new TextEncoder().encode(v5), v8, false, ['sign']);
  const v10 = await crypto.subtle.sign(v8, v9, new TextEncoder().encode(v7));
  const v11 = Buffer.from(v10).toString('hex') === v6;
  return v11;
}
module.exports = { handle };
`;
  const ids = ['webhook-signature-sha1', 'webhook-signature-raw-body'];
  it('the parameter the caller gives the header value makes the function verification code, and a side of its comparison', () => {
    expect(scan({ 'hooks.js': hooks('v1') }, 'hooks.js', ...ids)).toEqual([
      'webhook-signature-raw-body 7 certain',
      'webhook-signature-sha1 11 certain',
      'webhook-signature-sha1 8 certain',
    ]);
  });
  it('look-alike: the same function called with something else than the header', () => {
    expect(scan({ 'hooks.js': hooks("v0.headers.get('x-request-id')") }, 'hooks.js', ...ids)).toEqual([]);
  });
});

describe('a URL built with new URL(path, origin).href is read as the string it gives', () => {
  it('an authorize URL written whole in `new URL(...).href` is judged; one held by a name later strings build on is a building block', () => {
    const whole = "function login() {\n  window.location.href = new URL('/v1/authorize?client_id=x&response_type=code', 'https://webexapis.com').href;\n}\n";
    expect(scan({ 'a.js': whole }, 'a.js', OAUTH)).toEqual([`${OAUTH} 2 certain`]);
    const block = "const AUTH = new URL('/v1/authorize?client_id=x&response_type=code', 'https://webexapis.com').href;\nfunction login(s) {\n  window.location.href = `${AUTH}&state=${s}`;\n}\n";
    expect(scan({ 'a.js': block }, 'a.js', OAUTH)).toEqual([]);
  });
  it('a deprecated path in `new URL(path, origin).href` is a request when fetched, not when only an assertion\'s expected value', () => {
    const sent = "async function info() {\n  return fetch(new URL('/v1/rooms/r1/meetingInfo', 'https://webexapis.com').href);\n}\n";
    expect(scan({ 'a.js': sent }, 'a.js', 'rooms-meeting-info-deprecated')).toEqual(['rooms-meeting-info-deprecated 2 certain']);
    const asserted = "const assert = require('assert');\nit('asks for the meeting', () => {\n  assert.strictEqual(captured.url, new URL('/v1/rooms/r1/meetingInfo', 'https://webexapis.com').href);\n});\n";
    expect(scan({ 'a.test.js': asserted }, 'a.test.js', 'rooms-meeting-info-deprecated')).toEqual([]);
  });
});
