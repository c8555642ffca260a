/**
 * Values and callers the within-file API model follows (issue 26, shapes 1, 4 and 5 as real code combines them):
 * a `let` path that a wrapper appends a query to, helpers that append to their argument (`withOrgQuery`),
 * a wrapper call site that makes two requests, a method defaulted with `options.method || 'GET'`, and window or
 * page-size values read from the incoming request with a fallback. Each shape has a case that must be followed
 * and a look-alike that must stay quiet.
 */
import { describe, expect, it } from 'vitest';
import { UNKNOWN } from '../engine/parse/file-context.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { getRequests, type HttpRequest } from '../engine/api/index.js';
import { analyzeFile } from '../engine/analyze.js';
import { contextOf } from './helpers/snippets.js';

const catalog = loadCatalog();
const requests = (code: string, filename = 'file.js'): HttpRequest[] => getRequests(contextOf(code, filename), catalog);
const urls = (code: string): string[] => requests(code).filter((r) => r.isApi).map((r) => `${r.method ?? '?'} ${r.url?.value.replaceAll(UNKNOWN, '*')}`);
/** `line notice` of every finding of the given notices. */
const findings = (code: string, ids: string[], filename = 'index.js'): string[] =>
  analyzeFile({ filename, text: code }, { catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: {} }).matches.map((m) => `${m.loc.start.line} ${m.noticeId}`);
const messages = (code: string, ids: string[]): string[] =>
  analyzeFile({ filename: 'index.js', text: code }, { catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: {} }).matches.map((m) => m.message);

/** A Worker-style chain: `webexFetchSafe` -> `webexFetch` (appends `orgId` to a `let` path) -> `throttled` -> `fetch`. */
const CHAIN = `async function throttled(url, init = {}) {
  return fetch(url, init);
}
async function ensureDelegation(env, orgId) {
  return fetch(\`https://webexapis.com/v1/organizations/\${orgId}\`);
}
async function webexFetch(env, path, orgId = null, options = {}) {
  if (orgId) await ensureDelegation(env, orgId);
  let finalPath = path;
  if (orgId) {
    const sep = finalPath.includes('?') ? '&' : '?';
    finalPath = \`\${finalPath}\${sep}orgId=\${encodeURIComponent(orgId)}\`;
  }
  const base = finalPath.startsWith('/cdr_feed') ? env.ANALYTICS : env.API;
  return throttled(\`\${base}\${finalPath}\`, { method: options.method || 'GET', headers: { Authorization: 'Bearer t' }, body: options.body || null });
}
async function webexFetchSafe(env, path, orgId = null, options = {}) {
  try {
    return await webexFetch(env, path, orgId, options);
  } catch (e) {
    return null;
  }
}
function withOrgQuery(path, orgId) {
  if (!orgId) return path;
  if (/[?&]orgId=/.test(path)) return path;
  const sep = path.includes('?') ? '&' : '?';
  return \`\${path}\${sep}orgId=\${encodeURIComponent(orgId)}\`;
}
`;

describe('a path with a query appended on its way to the request', () => {
  it('a let the wrapper appends to keeps the caller\'s path and query, through four wrapper levels', () => {
    const code = `${CHAIN}export async function numbers(env, org) {
  return webexFetchSafe(env, '/telephony/config/numbers?max=1000', org);
}`;
    expect(urls(code)).toContain('GET */telephony/config/numbers?max=1000&orgId=*');
    // The call site makes the delegation check and the call itself: both are read.
    expect(urls(code)).toContain('GET https://webexapis.com/v1/organizations/*');
    expect(findings(code, ['large-org-location-required'])).toEqual(['31 large-org-location-required']);
  });
  it('a helper that appends to its argument (withOrgQuery) inside an arrow wrapper; reported at the caller\'s path', () => {
    const code = `${CHAIN}export async function summary(env, org) {
  const safe = (path) => webexFetchSafe(env, withOrgQuery(path, org), org);
  const [locations, numbers] = await Promise.all([
    safe('/locations'),
    safe('/telephony/config/numbers'),
  ]);
  return [locations, numbers];
}`;
    expect(urls(code)).toContain('GET */telephony/config/numbers?orgId=*&orgId=*');
    expect(findings(code, ['large-org-location-required'])).toEqual(['34 large-org-location-required']);
  });
  it('a base URL from a same-file helper of a caller\'s value (`${apiBase(env)}${path}`): reported at the path the caller writes, not at the wrapper', () => {
    const code = `${CHAIN.replace("const base = finalPath.startsWith('/cdr_feed') ? env.ANALYTICS : env.API;", "const base = finalPath.startsWith('/cdr_feed') ? analyticsBase(env) : apiBase(env);")}function apiBase(env) {
  return env.API || 'https://webexapis.com/v1';
}
function analyticsBase(env) {
  return env.ANALYTICS || 'https://analytics.webexapis.com/v1';
}
export async function numbers(env, org) {
  return webexFetchSafe(env, '/telephony/config/numbers', org);
}`;
    expect(code).toContain('analyticsBase(env) : apiBase(env)');
    const callerLine = code.split('\n').findIndex((l) => l.includes("webexFetchSafe(env, '/telephony/config/numbers', org)")) + 1;
    expect(findings(code, ['large-org-location-required'])).toEqual([`${callerLine} large-org-location-required`]);
  });
  it('a caller\'s method passed in the options is the request\'s method', () => {
    const code = `${CHAIN}export async function make(env, org) {
  return webexFetchSafe(env, '/telephony/config/numbers', org, { method: 'POST', body: '{}' });
}`;
    expect(urls(code)).toContain('POST */telephony/config/numbers?orgId=*');
    expect(findings(code, ['large-org-location-required'])).toEqual([]);
  });
  it('look-alike: a query that carries location is not reported', () => {
    const code = `${CHAIN}export async function numbers(env, org, loc) {
  return webexFetchSafe(env, \`/telephony/config/numbers?location=\${loc}\`, org);
}`;
    expect(findings(code, ['large-org-location-required'])).toEqual([]);
  });
  it('look-alike: a let replaced by another value (not appended to) is not one value', () => {
    const code = `export async function f(env, path, next) {
  let url = \`https://webexapis.com/v1\${path}\`;
  if (next) url = next;
  return fetch(url);
}
f(env, '/telephony/config/numbers');`;
    expect(urls(code).some((u) => u.includes('numbers'))).toBe(false);
    expect(findings(code, ['large-org-location-required'])).toEqual([]);
  });
  it('look-alike: a helper whose return is not its argument with text appended is not followed', () => {
    const code = `${CHAIN}function lookup(path, orgId) {
  if (!orgId) return path;
  return ROUTES[path];
}
export async function numbers(env, org) {
  const safe = (path) => webexFetchSafe(env, lookup(path, org), org);
  return safe('/telephony/config/numbers');
}`;
    expect(findings(code, ['large-org-location-required'])).toEqual([]);
  });
  it('a query separator is chosen from the folded path: `?` for a path without a query, `&` after one', () => {
    const code = `export async function f(orgId) {
  let a = '/telephony/config/numbers';
  let b = '/telephony/config/numbers?max=1';
  a = \`\${a}\${a.includes('?') ? '&' : '?'}orgId=\${orgId}\`;
  b = \`\${b}\${b.indexOf('?') >= 0 ? '&' : '?'}orgId=\${orgId}\`;
  await fetch(\`https://webexapis.com/v1\${a}\`);
  await fetch(\`https://webexapis.com/v1\${b}\`);
}`;
    expect(urls(code)).toEqual(['GET https://webexapis.com/v1/telephony/config/numbers?orgId=*', 'GET https://webexapis.com/v1/telephony/config/numbers?max=1&orgId=*']);
  });
});

describe('call history values through the wrapper chain', () => {
  it('a fixed 24-hour window and a page size of 1 in the URL a caller passes down', () => {
    const code = `${CHAIN}export async function direct(env, org) {
  const now = new Date().toISOString();
  const from = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  return webexFetchSafe(env, \`/cdr_feed?startTime=\${encodeURIComponent(from)}&endTime=\${encodeURIComponent(now)}&max=1\`, org);
}`;
    expect(findings(code, ['call-history-query-window', 'call-history-page-size']).sort()).toEqual(['32 call-history-query-window', '33 call-history-page-size']);
  });
  it('look-alike: a 12-hour window of 500 records through the same chain', () => {
    const code = `${CHAIN}export async function direct(env, org) {
  const now = new Date().toISOString();
  const from = new Date(Date.now() - 12 * 60 * 60 * 1000).toISOString();
  return webexFetchSafe(env, \`/cdr_feed?startTime=\${encodeURIComponent(from)}&endTime=\${encodeURIComponent(now)}&max=500\`, org);
}`;
    expect(findings(code, ['call-history-query-window', 'call-history-page-size'])).toEqual([]);
    expect(messages(code, ['call-history-query-window'])).toEqual([]);
  });
});

describe('shape 5: values read from the incoming request with a fallback, defaults passed down', () => {
  const FEED = 'https://analytics-calling.webexapis.com/v1/cdr_feed';
  const windowOf = (days: string): string => `export async function cdr(request) {
  const url = new URL(request.url);
  const days = ${days};
  const end = new Date().toISOString();
  const start = new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
  const endpoint = \`${FEED}?\` + \`startTime=\${encodeURIComponent(start)}\` + \`&endTime=\${encodeURIComponent(end)}\`;
  return fetch(endpoint);
}`;
  it('a window of `Number(get(\'days\') || 1)` days, clamped to 30, is judged with its fallback and says which', () => {
    const code = windowOf("Math.min(Number(url.searchParams.get('days') || 1), 30)");
    expect(messages(code, ['call-history-query-window'])).toEqual([expect.stringContaining('(with `days` = 1, line 3) spans 24 hours')]);
  });
  it('a helper that clamps with a fallback (`clampInt(v, 1440, 5, 10080)`) gives its fallback', () => {
    const code = `function clampInt(v, def, min, max) {
  const n = Number(v);
  if (!Number.isFinite(n)) return def;
  return Math.max(min, Math.min(max, Math.trunc(n)));
}
export async function cdr(request) {
  const url = new URL(request.url);
  const minutes = clampInt(url.searchParams.get('minutes'), 1440, 5, 10080);
  const now = new Date().toISOString();
  const from = new Date(Date.now() - minutes * 60000).toISOString();
  return fetch(\`${FEED}?startTime=\${from}&endTime=\${now}\`);
}`;
    expect(messages(code, ['call-history-query-window'])).toEqual([expect.stringContaining('(with `minutes` = 1440, line 8) spans 24 hours')]);
  });
  it('look-alike: a fallback and a clamp both within 12 hours', () => {
    const code = windowOf("Math.min(Number(url.searchParams.get('days') || 0.25), 0.5)");
    expect(messages(code, ['call-history-query-window'])).toEqual([]);
  });
  it('look-alike: a value read at run time with no literal that can reach the call is not judged', () => {
    expect(messages(windowOf("Number(url.searchParams.get('days'))"), ['call-history-query-window'])).toEqual([]);
  });
  it('a page size `parseInt(req.query.max) || 100` is judged by its fallback', () => {
    const code = `export async function feed(req, start, end) {
  const max = parseInt(req.query.max) || 100;
  return fetch(\`${FEED}?startTime=\${start}&endTime=\${end}&max=\${max}\`);
}`;
    expect(messages(code, ['call-history-page-size'])).toEqual([expect.stringContaining('`max` of 100 (`100`, line 2)')]);
  });
  it('a page size `max = 100` default passed down through a parameter', () => {
    const code = `async function page(start, end, max = 100) {
  return fetch(\`${FEED}?startTime=\${start}&endTime=\${end}&max=\${max}\`);
}
export const first = (s, e) => page(s, e);`;
    // Reported at the call that passes nothing (so the default is sent).
    expect(findings(code, ['call-history-page-size'])).toEqual(['4 call-history-page-size']);
    expect(messages(code, ['call-history-page-size'])[0]).toContain('`max` of 100');
  });
  it('look-alike: a default of 500 passed down', () => {
    const code = `async function page(start, end, max = 500) {
  return fetch(\`${FEED}?startTime=\${start}&endTime=\${end}&max=\${max}\`);
}
export const first = (s, e) => page(s, e);`;
    expect(findings(code, ['call-history-page-size'])).toEqual([]);
  });
  it('look-alike: a page size whose fallback and clamp stay within 500..5000', () => {
    const code = `export async function feed(req, start, end) {
  const max = Math.min(Number(req.query.max || 500), 5000);
  return fetch(\`${FEED}?startTime=\${start}&endTime=\${end}&max=\${max}\`);
}`;
    expect(messages(code, ['call-history-page-size'])).toEqual([]);
  });
});

describe('a URL that is only compared is not a request (url-path)', () => {
  const URL_ = "'https://webexapis.com/v1/rooms/room-123/meetingInfo'";
  it('look-alike: the expected URL of a test assertion against a mocked fetch', () => {
    const code = `import assert from 'node:assert';
export function check(captured, url) {
  assert.strictEqual(captured.url, ${URL_});
  expect(captured.url).toBe(${URL_});
  expect(globalThis.fetch).toHaveBeenCalledWith(${URL_}, expect.anything());
  return url === ${URL_};
}`;
    expect(findings(code, ['rooms-meeting-info-deprecated'], 'tool.test.js')).toEqual([]);
  });
  it('the same URL requested, or held in a constant, is reported', () => {
    const code = `const MEETING_INFO = ${URL_};
export async function info(token) {
  await fetch(${URL_}, { headers: { Authorization: \`Bearer \${token}\` } });
  return MEETING_INFO;
}`;
    expect(findings(code, ['rooms-meeting-info-deprecated'])).toEqual(['1 rooms-meeting-info-deprecated', '3 rooms-meeting-info-deprecated']);
  });
});
