/**
 * A request inside a loop over an array literal (issue 26): `for (const url of [A, B])`, `for (const u of URLS)`
 * with `URLS` a `const` array of the file, `[A, B].forEach((url) => fetch(url, ...))` and `.map(...)`. The loop
 * variable takes each element's value, so each URL that reaches the call is read and judged. Look-alikes: a
 * loop over URLs of another service, a loop whose requests send a body, and a `let` array replaced later.
 */
import { describe, expect, it } from 'vitest';
import { UNKNOWN } from '../engine/parse/file-context.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { getRequests } from '../engine/api/index.js';
import { analyzeFile } from '../engine/analyze.js';
import { contextOf } from './helpers/snippets.js';

const catalog = loadCatalog();
const urls = (code: string): string[] =>
  getRequests(contextOf(code, 'file.js'), catalog).filter((r) => r.isApi).map((r) => `${r.method ?? '?'} ${r.url?.value.replaceAll(UNKNOWN, '*')}`);
const findings = (code: string): string[] =>
  analyzeFile({ filename: 'index.js', text: code }, { catalog, notices: catalog.notices.filter((n) => n.id === 'get-request-content-type'), engine: {} }).matches.map(
    (m) => `${m.loc.start.line}:${m.loc.start.column} ${m.noticeId}`,
  );

const HEADERS = "{ headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` } }";

describe('a request in a loop over an array literal reads each element', () => {
  it('for...of an inline array', () => {
    const code = `export async function load(token) {
  for (const url of ['https://webexapis.com/v1/people/me', 'https://webexapis.com/v1/reports']) {
    await fetch(url, ${HEADERS});
  }
}`;
    expect(urls(code)).toEqual(['GET https://webexapis.com/v1/people/me', 'GET https://webexapis.com/v1/reports']);
    // One finding for the header, though two requests carry it.
    expect(findings(code)).toEqual(['3:34 get-request-content-type']);
  });
  it('for...of a const array of the file, the element in a template', () => {
    const code = `const PATHS = ['people/me', 'rooms'];
export async function load(token) {
  for (const p of PATHS) {
    await fetch(\`https://webexapis.com/v1/\${p}\`, ${HEADERS});
  }
}`;
    expect(urls(code)).toEqual(['GET https://webexapis.com/v1/people/me', 'GET https://webexapis.com/v1/rooms']);
    expect(findings(code)).toEqual(['4:62 get-request-content-type']);
  });
  it('forEach and map callbacks', () => {
    const forEach = `export function load(token) {
  ['https://webexapis.com/v1/people/me', 'https://webexapis.com/v1/rooms'].forEach((url) => fetch(url, ${HEADERS}));
}`;
    expect(urls(forEach)).toEqual(['GET https://webexapis.com/v1/people/me', 'GET https://webexapis.com/v1/rooms']);
    expect(findings(forEach)).toHaveLength(1);
    const map = `const URLS = ['https://webexapis.com/v1/people/me', 'https://webexapis.com/v1/rooms'];
export function load(token) {
  return Promise.all(URLS.map((u) => fetch(u, ${HEADERS})));
}`;
    expect(urls(map)).toEqual(['GET https://webexapis.com/v1/people/me', 'GET https://webexapis.com/v1/rooms']);
    expect(findings(map)).toHaveLength(1);
  });
  it('only the elements that are API URLs are API requests', () => {
    const code = `export async function load(token) {
  for (const url of ['https://example.com/health', 'https://webexapis.com/v1/rooms']) await fetch(url, ${HEADERS});
}`;
    expect(urls(code)).toEqual(['GET https://webexapis.com/v1/rooms']);
    expect(findings(code)).toHaveLength(1);
  });
});

describe('look-alikes stay quiet', () => {
  it('a loop over URLs of another service', () => {
    const code = `export async function load(token) {
  for (const url of ['https://api.github.com/user', 'https://example.com/a']) await fetch(url, ${HEADERS});
}`;
    expect(urls(code)).toEqual([]);
    expect(findings(code)).toEqual([]);
  });
  it('a loop whose requests send a body (POST): the GET rule stays quiet', () => {
    const code = `export async function send(token) {
  for (const url of ['https://webexapis.com/v1/messages', 'https://webexapis.com/v1/rooms']) {
    await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: 'x' }) });
  }
}`;
    expect(urls(code)).toEqual(['POST https://webexapis.com/v1/messages', 'POST https://webexapis.com/v1/rooms']);
    expect(findings(code)).toEqual([]);
  });
  it('a let array replaced later is not read as its literal', () => {
    const code = `export async function load(token, more) {
  let urls = ['https://webexapis.com/v1/people/me'];
  if (more) urls = more;
  for (const url of urls) await fetch(url, ${HEADERS});
}`;
    expect(urls(code)).toEqual([]);
    expect(findings(code)).toEqual([]);
  });
  it('a loop variable the body assigns again is not read as the element', () => {
    const code = `export function load(token, base) {
  ['https://webexapis.com/v1/people/me', 'https://webexapis.com/v1/rooms'].forEach((path) => {
    path = path + base;
    fetch(path, ${HEADERS});
  });
}`;
    expect(urls(code)).toEqual([]);
    expect(findings(code)).toEqual([]);
  });
  describe('which names a loop reads an array through (bindings.ts arrayNames: others are not bound by scope)', () => {
    it('an array reached through names declared with names (`const ALL = URLS`, frozen, `as const`) is read', () => {
      const code = `const URLS = Object.freeze(['https://webexapis.com/v1/people/me', 'https://webexapis.com/v1/rooms'] as const);
  const ALL = URLS;
  const CHOSEN = ALL as readonly string[];
  export async function load(token) {
    for (const url of CHOSEN) await fetch(url, ${HEADERS});
  }`;
      expect(urls(code)).toEqual(['GET https://webexapis.com/v1/people/me', 'GET https://webexapis.com/v1/rooms']);
    });
    it('an array declared in an inner block is bound by scope: the inner one, not an outer name', () => {
      const code = `const urls = ['https://example.com/a'];
  export async function load(token, inner) {
    if (inner) {
      const urls = ['https://webexapis.com/v1/rooms'];
      for (const url of urls) await fetch(url, ${HEADERS});
    }
  }`;
      expect(urls(code)).toEqual(['GET https://webexapis.com/v1/rooms']);
    });
    it('a loop over a parameter, a member or a call result reads no element (no array literal is declared with that name)', () => {
      const code = `const LIST = ['https://webexapis.com/v1/rooms'];
  export async function load(token, list, self) {
    for (const url of list) await fetch(url, ${HEADERS});
    for (const url of self.urls) await fetch(url, ${HEADERS});
    for (const url of pick(LIST)) await fetch(url, ${HEADERS});
  }`;
      expect(urls(code)).toEqual([]);
    });
  });
  it('a loop variable the URL does not read leaves the request as it was', () => {
    const code = `export async function load(token) {
  for (const id of ['a', 'b']) await fetch('https://webexapis.com/v1/rooms', { headers: { 'x-id': id } });
}`;
    expect(urls(code)).toEqual(['GET https://webexapis.com/v1/rooms']);
  });
});

describe('nested loops', () => {
  it('a URL built from two loop variables reads every pair; a loop the URL does not read adds no copies', () => {
    const code = `export function load(ids) {
  const out = [];
  for (const area of ['people', 'rooms']) {
    for (const tag of ['x']) {
      for (const page of ['1', '2']) out.push(fetch('https://webexapis.com/v1/' + area + '?page=' + page));
    }
  }
  return out;
}`;
    expect(urls(code)).toEqual([
      'GET https://webexapis.com/v1/people?page=1',
      'GET https://webexapis.com/v1/people?page=2',
      'GET https://webexapis.com/v1/rooms?page=1',
      'GET https://webexapis.com/v1/rooms?page=2',
    ]);
  });
});

describe('a wrapper called in a loop over an array literal', () => {
  const WRAPPER = `function get(url, token) {
  return fetch(url, { headers: { 'Content-Type': 'application/json', Authorization: \`Bearer \${token}\` } });
}`;
  it('for...of: each element reaches the wrapper\'s request, and the wrapper\'s header is reported once', () => {
    const code = `${WRAPPER}
export async function load(token) {
  for (const url of ['https://webexapis.com/v1/people/me', 'https://webexapis.com/v1/rooms']) await get(url, token);
}`;
    expect(urls(code)).toEqual(['GET https://webexapis.com/v1/people/me', 'GET https://webexapis.com/v1/rooms']);
    expect(findings(code)).toEqual(['2:33 get-request-content-type']);
  });
  it('forEach and map over a const array, the element in a template the wrapper completes', () => {
    const code = `const BASE = 'https://webexapis.com/v1/';
function api(path, token) {
  return fetch(BASE + path, { headers: { 'Content-Type': 'application/json', Authorization: token } });
}
const PATHS = ['people/me', 'rooms'];
export function load(token) {
  PATHS.forEach((p) => api(p, token));
  return Promise.all(['licenses', 'roles'].map((p) => api(p, token)));
}`;
    // The wrapper's own request (its path a parameter), then one request per element at each call site.
    expect(urls(code)).toEqual([
      'GET https://webexapis.com/v1/*',
      'GET https://webexapis.com/v1/people/me',
      'GET https://webexapis.com/v1/rooms',
      'GET https://webexapis.com/v1/licenses',
      'GET https://webexapis.com/v1/roles',
    ]);
    expect(findings(code)).toEqual(['3:41 get-request-content-type']);
  });
  it('look-alike: a wrapper called in a loop over URLs of another service stays quiet', () => {
    const code = `${WRAPPER}
export async function load(token) {
  for (const url of ['https://api.github.com/user', 'https://example.com/a']) await get(url, token);
}`;
    expect(urls(code)).toEqual([]);
    expect(findings(code)).toEqual([]);
  });
});
