/**
 * The within-file API model (issue 26): names bound by block scope, wrappers several levels deep, methods and
 * options from parameters, their defaults and merged defaults, values wrapped on their way into a URL. Each
 * shape has a case the engine must follow and a look-alike it must not.
 */
import { describe, expect, it } from 'vitest';
import { UNKNOWN } from '../engine/parse/file-context.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { getRequests, type HttpRequest } from '../engine/api/index.js';
import { analyzeFile } from '../engine/analyze.js';
import { contextOf } from './helpers/snippets.js';

const catalog = loadCatalog();
const requests = (code: string, filename = 'file.ts'): HttpRequest[] => getRequests(contextOf(code, filename), catalog);
const url = (r: HttpRequest | undefined): string | undefined => r?.url?.value.replaceAll(UNKNOWN, '*');
/** The request made at the call whose source text starts with `start`. */
const at = (code: string, start: string, filename?: string): HttpRequest | undefined => {
  const offset = code.indexOf(start);
  expect(offset, start).toBeGreaterThanOrEqual(0);
  return requests(code, filename).find((r) => r.node.range[0] === offset);
};

describe('shape 3: names bound by block scope', () => {
  it('an inner block\'s const hides the outer one, and only inside its block', () => {
    const code = `const url = 'https://example.com/status';
export async function f() {
  {
    const url = 'https://webexapis.com/v1/rooms';
    await fetch(url);
  }
  await fetch(url);
}`;
    expect(url(at(code, 'fetch(url);\n  }'))).toBe('https://webexapis.com/v1/rooms');
    expect(at(code, 'fetch(url);\n  }')?.isApi).toBe(true);
    expect(url(at(code, 'fetch(url);\n}'))).toBe('https://example.com/status');
    expect(at(code, 'fetch(url);\n}')?.isApi).toBe(false);
  });
  it('each branch reads its own declaration', () => {
    const code = `export async function f(admin: boolean) {
  if (admin) { const path = 'https://webexapis.com/v1/people'; return fetch(path); }
  else { const path = 'https://example.com/people'; return fetch(path); }
}`;
    expect(at(code, 'fetch(path); }\n  else')?.isApi).toBe(true);
    expect(at(code, 'fetch(path); }\n}')?.isApi).toBe(false);
  });
  it('look-alike: a block\'s const does not reach a use outside the block (a parameter of that name)', () => {
    const code = `export async function f(url: string) {
  if (Math.random()) { const url = 'https://webexapis.com/v1/rooms'; console.log(url); }
  return fetch(url);
}`;
    expect(requests(code).filter((r) => r.isApi)).toEqual([]);
  });
  it('look-alike: a loop head\'s let reassigned in the loop is not one value', () => {
    const code = `export async function f() {
  for (let next = 'https://webexapis.com/v1/rooms'; next; ) { const res = await fetch(next, { headers: { 'Content-Type': 'application/json' } }); next = res.headers.get('link') ?? ''; }
}`;
    const r = requests(code)[0];
    expect(url(r)).toBe('https://webexapis.com/v1/rooms');
  });
});

describe('shape 1: wrappers several levels deep', () => {
  const code = `const BASE = 'https://webexapis.com/v1';
async function throttled(url: string, init: RequestInit = {}) {
  return fetch(url, { ...init, headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json', ...init.headers } });
}
async function webexFetch(path: string, init?: RequestInit) {
  return throttled(\`\${BASE}\${path}\`, init);
}
async function safe(path: string) {
  return webexFetch(path);
}
export const rooms = () => safe('/rooms');
export const post = () => webexFetch('/messages', { method: 'POST', body: JSON.stringify({ text: 'hi' }) });
`;
  it('reads the URL and method at the outermost call, three levels out', () => {
    const r = at(code, "safe('/rooms')");
    expect(url(r)).toBe('https://webexapis.com/v1/rooms');
    expect(r?.method).toBe('GET');
    expect(r?.body).toBeUndefined();
    expect(r?.wrapper?.functions).toHaveLength(3);
  });
  it('reads a call two levels out with its own method and body', () => {
    const r = at(code, "webexFetch('/messages'");
    expect(url(r)).toBe('https://webexapis.com/v1/messages');
    expect(r?.method).toBe('POST');
    expect(r?.body?.format).toBe('json');
  });
  it('look-alike: a function that calls a wrapper with a fixed, non-API URL is not the API', () => {
    const lookalike = `async function get(url: string) { return fetch(url, { headers: { 'Content-Type': 'application/json' } }); }
async function status(region: string) { return get('https://status.example.com/' + region); }
export const s = () => status('eu');`;
    expect(requests(lookalike).filter((r) => r.isApi)).toEqual([]);
  });
});

describe('shape 2: the method as a parameter with a default, or merged defaults', () => {
  it('a caller that passes nothing gets the default; one that passes a method gets it', () => {
    const code = `async function webex(url: string, token: string, method = 'GET') {
  return fetch('https://webexapis.com/v1' + url, { method, headers: { Authorization: \`Bearer \${token}\` } });
}
export const list = (t: string) => webex('/rooms', t);
export const del = (t: string) => webex('/rooms/1', t, 'DELETE');
export const get = (t: string) => webex('/rooms/2', t, 'get');`;
    expect(at(code, "webex('/rooms', t)")?.method).toBe('GET');
    expect(at(code, "webex('/rooms/1'")?.method).toBe('DELETE');
    expect(at(code, "webex('/rooms/2'")?.method).toBe('GET');
  });
  it('Object.assign defaults overridden by the call\'s options, and `{ ...defaults, ...init }`', () => {
    const code = `const defaults = { method: 'GET', headers: { 'Content-Type': 'application/json' } };
function call(path: string, options?: RequestInit) {
  return fetch('https://webexapis.com/v1' + path, Object.assign({ method: 'GET', headers: { 'Content-Type': 'application/json' } }, options));
}
function call2(path: string, init: RequestInit = {}) {
  return fetch('https://webexapis.com/v1' + path, { ...defaults, ...init });
}
export const a = () => call('/people');
export const b = () => call('/people', { method: 'PUT', body: '{}' });
export const c = () => call2('/rooms');
export const d = () => call2('/rooms', { method: 'POST' });`;
    expect(at(code, "call('/people')")?.method).toBe('GET');
    expect(at(code, "call('/people', {")?.method).toBe('PUT');
    expect(at(code, "call2('/rooms')")?.method).toBe('GET');
    expect(at(code, "call2('/rooms', {")?.method).toBe('POST');
  });
  it('look-alike: the wrapper\'s own request, whose options come from its callers, has no method of its own', () => {
    const code = `export function call(path: string, init: RequestInit) { return fetch('https://webexapis.com/v1' + path, { ...init }); }`;
    expect(requests(code)[0].method).toBeUndefined();
  });
  it('look-alike: a method parameter without a default, called with a variable, stays unknown', () => {
    const code = `async function webex(url: string, method: string) { return fetch('https://webexapis.com/v1' + url, { method }); }
export const x = (m: string) => webex('/rooms', m);`;
    expect(at(code, "webex('/rooms'")?.method).toBeUndefined();
  });
});

describe('shape 4: values wrapped on their way into a URL', () => {
  it('encodeURIComponent and String of a wrapper\'s parameter keep the path known', () => {
    const code = `function get(path: string) { return fetch('https://webexapis.com/v1' + path); }
export const p = (email: string) => get('/people?email=' + encodeURIComponent(email));
export const q = () => get('/rooms?max=' + String(100));`;
    expect(url(at(code, "get('/people"))).toBe('https://webexapis.com/v1/people?email=*');
    expect(url(at(code, "get('/rooms"))).toBe('https://webexapis.com/v1/rooms?max=100');
  });
});

describe('shape 4: query strings built by URLSearchParams and searchParams.set', () => {
  it('a URLSearchParams in a template prints its pairs', () => {
    const code = `export function list() {
  const q = new URLSearchParams({ max: String(100), email: 'a@b.c' });
  return fetch(\`https://webexapis.com/v1/people?\${q}\`);
}`;
    expect(url(requests(code)[0])).toBe('https://webexapis.com/v1/people?max=100&email=a@b.c');
  });
  it('searchParams.set before the call is in the URL; one after it is not', () => {
    const code = `export async function page(from: Date) {
  const url = new URL('https://analytics-calling.webexapis.com/v1/cdr_feed');
  url.searchParams.set('startTime', from.toISOString());
  url.searchParams.set('max', '500');
  const res = await fetch(url.toString());
  url.searchParams.set('max', '1000');
  return res;
}`;
    expect(url(requests(code)[0])).toBe('https://analytics-calling.webexapis.com/v1/cdr_feed?startTime=*&max=500');
  });
  it('look-alike: another variable\'s searchParams do not reach the URL', () => {
    const code = `export async function page() {
  const url = new URL('https://webexapis.com/v1/rooms');
  const other = new URL('https://example.com/x');
  other.searchParams.set('max', '5000');
  return fetch(url);
}`;
    expect(url(requests(code)[0])).toBe('https://webexapis.com/v1/rooms');
  });
});

describe('shape 5: values that reach a call from parameters and their defaults', () => {
  const window = (calls: string): string[] => {
    const code = `async function history(hours = 12) {
  const end = new Date();
  const start = new Date(end.getTime() - hours * 3600000);
  return fetch(\`https://analytics-calling.webexapis.com/v1/cdr_feed?startTime=\${encodeURIComponent(start.toISOString())}&endTime=\${encodeURIComponent(end.toISOString())}\`);
}
${calls}`;
    const notices = catalog.notices.filter((n) => n.id === 'call-history-query-window');
    return analyzeFile({ filename: 'h.ts', text: code }, { catalog, notices, engine: {} }).matches.map((m) => m.message);
  };
  it('judges the default and every literal argument, and names the value that breaks the limit', () => {
    const messages = window('history();\nhistory(6);\nhistory(48);');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('(with `hours` = 48, line 8) spans 48 hours');
  });
  it('look-alike: the default and every argument within the limit', () => {
    expect(window('history();\nhistory(6);')).toEqual([]);
  });
});
