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
