/**
 * Issue 26 items 1-3 over HTTP clients (test/helpers/client-matrix.ts): for every common way of sending a request,
 * the engine must read back the method, the URL (base + path + query), the headers and the body, and the
 * request-level notices must follow (a GET with Content-Type, the legacy host, a bare Authorization token, a call
 * history page size out of range), while the look-alikes stay quiet (another API's host, a GET without
 * Content-Type, a client of the same name from another package). Set CLIENT_MATRIX_REPORT=<file> to write the
 * matrix (client x part) as a markdown table.
 */
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { getRequests, type HttpRequest } from '../engine/api/index.js';
import { contextOf } from './helpers/snippets.js';
import { CLIENTS, type ClientCell, type Req } from './helpers/client-matrix.js';

const catalog = loadCatalog();
const API = 'https://webexapis.com/v1';
const AUTH: [string, string] = ['Authorization', '`Bearer ${token}`'];
const CT: [string, string] = ['Content-Type', "'application/json'"];

const POST: Req = { method: 'POST', base: API, path: '/messages', headers: [AUTH, CT], body: "{ roomId: 'r1', text: 'hi' }", query: { max: 10 } };
const GET_CT: Req = { method: 'GET', base: API, path: '/people/me', headers: [AUTH, CT] };

/** `notice line` of every finding of the given notices. */
function findings(code: string, filename: string, ids: readonly string[]): string[] {
  const notices = catalog.notices.filter((n) => ids.includes(n.id));
  return analyzeFile({ filename, text: code }, { catalog, notices, engine: { today: '2026-11-22' } }).matches.map((m) => `${m.noticeId} ${m.loc.start.line}`);
}

/** The request the matrix sent (the one to the path asked for). */
function sent(cell: ClientCell, r: Req): HttpRequest | undefined {
  const all = getRequests(contextOf(cell.code(r), cell.filename), catalog);
  return all.find((x) => x.url?.value.includes(r.path)) ?? all[0];
}

const hasHeader = (x: HttpRequest | undefined, name: string): boolean => !!x?.headers.some((h) => h.name.toLowerCase() === name.toLowerCase());

/** The parts and notices of one client: true when the engine gets it right. */
const PARTS: Record<string, (cell: ClientCell) => boolean> = {
  method: (c) => sent(c, POST)?.method === 'POST' && sent(c, GET_CT)?.method === 'GET',
  url: (c) => {
    const u = sent(c, POST)?.url;
    return !!u?.complete && u.value.replace(/\?.*$/, '') === `${API}/messages`;
  },
  query: (c) => {
    const x = sent(c, POST);
    return !!x && (/[?&]max=10\b/.test(x.url?.value ?? '') || !!x.query?.properties.some((p) => p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === 'max'));
  },
  headers: (c) => hasHeader(sent(c, POST), 'authorization') && hasHeader(sent(c, POST), 'content-type'),
  body: (c) => {
    const b = sent(c, POST)?.body;
    return !!b && (b.format === 'json' || !!b.object);
  },
  'GET Content-Type': (c) => findings(c.code(GET_CT), c.filename, ['get-request-content-type']).length > 0,
  'legacy host': (c) => findings(c.code({ ...POST, base: 'https://api.ciscospark.com/v1' }), c.filename, ['legacy-api-host']).length > 0,
  'bare token': (c) => {
    const bare: Req = { ...GET_CT, headers: [['Authorization', 'token']] };
    return findings(c.code(bare), c.filename, ['authorization-bearer-scheme']).length > 0;
  },
  'page size': (c) => {
    const cdr: Req = { method: 'GET', base: 'https://analytics-calling.webexapis.com/v1', path: '/cdr_feed', headers: [AUTH], query: { max: 10 } };
    return findings(c.code(cdr), c.filename, ['call-history-page-size']).length > 0;
  },
  'quiet: other host': (c) => findings(c.code({ ...GET_CT, base: 'https://api.example.com/v1' }), c.filename, ['get-request-content-type', 'authorization-bearer-scheme']).length === 0,
  'quiet: GET without CT': (c) => findings(c.code({ ...GET_CT, headers: [AUTH] }), c.filename, ['get-request-content-type']).length === 0,
  'quiet: POST with body': (c) => findings(c.code(POST), c.filename, ['get-request-content-type']).length === 0,
  'quiet: other package': (c) => !c.other || findings(c.other(GET_CT), c.filename, ['get-request-content-type']).length === 0,
};

/**
 * Cells the engine does not get right yet (docs/evaluation.md, "HTTP client matrix"): each is asserted to still
 * fail, so a change that makes one pass must move it out of this list.
 */
const KNOWN_GAPS = new Set<string>([]);

const results = new Map<string, Record<string, boolean>>();
afterAll(() => {
  const file = process.env.CLIENT_MATRIX_REPORT;
  if (!file) return;
  const parts = Object.keys(PARTS);
  const rows = [`| client | ${parts.join(' | ')} |`, `| --- |${parts.map(() => ' --- |').join('')}`];
  for (const [id, r] of results) rows.push(`| ${id} | ${parts.map((p) => (r[p] ? 'yes' : '**no**')).join(' | ')} |`);
  const total = [...results.values()].reduce((n, r) => n + Object.values(r).filter(Boolean).length, 0);
  rows.push('', `${total}/${results.size * parts.length} cells`);
  writeFileSync(file, rows.join('\n') + '\n');
});

describe('HTTP client matrix: each client sends method, URL, query, headers and body the engine reads back', () => {
  it('every cell of the matrix parses and names a client', () => {
    expect(CLIENTS.length).toBeGreaterThanOrEqual(30);
    for (const c of CLIENTS) for (const r of [POST, GET_CT]) expect(() => contextOf(c.code(r), c.filename), c.id).not.toThrow();
    for (const gap of KNOWN_GAPS) expect(CLIENTS.some((c) => gap.startsWith(`${c.id} | `)), gap).toBe(true);
  });
  for (const cell of CLIENTS) {
    it(cell.id, () => {
      const row: Record<string, boolean> = {};
      for (const [part, check] of Object.entries(PARTS)) row[part] = check(cell);
      results.set(cell.id, row);
      const wrong = Object.entries(row).filter(([part, ok]) => ok === KNOWN_GAPS.has(`${cell.id} | ${part}`)).map(([part, ok]) => `${part}: ${ok ? 'passes (remove from KNOWN_GAPS)' : 'fails'}`);
      expect(wrong).toEqual([]);
    });
  }
});

describe('look-alikes of the clients read by name', () => {
  const quiet = (code: string, filename = 'send.js'): string[] => findings(code, filename, ['get-request-content-type']);
  it('a `$fetch` or `$http` the file declares itself is not ofetch / AngularJS', () => {
    expect(quiet(`const $fetch = (u, o) => cache.read(u, o);
export const me = () => $fetch('${API}/people/me', { headers: { 'Content-Type': 'application/json' } });
`)).toEqual([]);
    expect(quiet(`const $http = makeHttp();
export const me = () => $http({ url: '${API}/people/me', method: 'GET', headers: { 'Content-Type': 'application/json' } });
`)).toEqual([]);
  });
  it('`x.request(method, url, options)` of an unknown client counts only with the API as its URL', () => {
    expect(quiet(`export class Store {
  constructor(private http: any) {}
  me() { return this.http.request('GET', 'https://api.example.com/v1/people/me', { headers: { 'Content-Type': 'application/json' } }); }
}
`, 'store.ts')).toEqual([]);
  });
  it('a chain ending in `.get()` that does not start at wretch is not a request', () => {
    expect(quiet(`import wretch from 'wretch';
const cache = new Map();
export const me = () => cache.get('${API}/people/me');
export const headers = { 'Content-Type': 'application/json' };
`)).toEqual([]);
  });
});
