/**
 * Issue 26 (precision on code the tool was not shaped on, fourteenth session): conditions a finding needs that
 * the engine did not check, found by writing out each notice's conditions (docs/evaluation.md, "Precision by
 * notice"). Synthesized code: each look-alike beside the platform's case that stays reported.
 */
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`;
const scan = (text: string, opts: AnalyzeOptions, name = '/virtual/numbers.js'): string[] => analyzeFile({ filename: name, text }, opts).matches.map(summary);

describe('large-org-location-required: a query object completed after it is written', () => {
  const numbers = (completion: string): string => `const axios = require('axios');
exports.numbers = (t, loc, key, extra) => {
  const params = { max: 100 };
${completion}
  return axios.get('https://webexapis.com/v1/telephony/config/numbers', { params, headers: { Authorization: 'Bearer ' + t } });
};
`;
  const location = only('large-org-location-required');
  it('look-alike: the location is assigned to the object before the request', () => {
    expect(scan(numbers('  params.locationId = loc;'), location)).toEqual([]);
    expect(scan(numbers('  params.location = loc;'), location)).toEqual([]);
  });
  it('look-alike: keys the code does not show (a computed key, `Object.assign`) are not judged', () => {
    expect(scan(numbers('  params[key] = loc;'), location)).toEqual([]);
    expect(scan(numbers('  Object.assign(params, extra);'), location)).toEqual([]);
  });
  it('positive: other keys assigned, or none, still lack the location', () => {
    expect(scan(numbers('  params.max = 50;'), location)).toEqual(['large-org-location-required 5 certain']);
    expect(scan(numbers(''), location)).toEqual(['large-org-location-required 5 certain']);
  });
  it('positive: an assignment after the request does not reach it', () => {
    const late = numbers('').replace('  return axios.get(', '  const p = axios.get(').replace('\n};', '\n  params.locationId = loc;\n  return p;\n};');
    expect(scan(late, location)).toEqual(['large-org-location-required 5 certain']);
  });
});

describe('legacy-api-host: a list of hosts keeps accepting the legacy host (the fix adds the new one)', () => {
  const legacy = only('legacy-api-host');
  const fixes = (text: string): string[] =>
    analyzeFile({ filename: '/virtual/hosts.js', text }, legacy).matches.map((m) => `${m.loc.start.line} ${m.confidence} ${(m.fix ?? []).map((e) => JSON.stringify(e.text)).join(' ')}`);
  it('an allow-list, a Set, an origin array, a comma list and a CSP directive without the new host: certain, the new host added beside the old', () => {
    const code = `exports.ALLOWED = ['api.ciscospark.com'];
exports.TRUSTED = new Set(["https://api.ciscospark.com:443"]);
exports.NO_PROXY = 'localhost, api.ciscospark.com';
exports.CSP = "default-src 'self'; connect-src https://api.ciscospark.com; img-src *";
`;
    expect(fixes(code)).toEqual([
      `1 certain ${JSON.stringify(", 'webexapis.com'")}`,
      `2 certain ${JSON.stringify(', "https://webexapis.com:443"')}`,
      `3 certain ${JSON.stringify(', webexapis.com')}`,
      `4 certain ${JSON.stringify(' https://webexapis.com')}`,
    ]);
  });
  it('look-alike of a rewrite: a list that already names the new host is likely and has no fix', () => {
    const code = `exports.BOTH = ['webexapis.com', 'api.ciscospark.com'];
exports.CSP = "connect-src 'self' https://api.ciscospark.com https://webexapis.com";
`;
    expect(fixes(code)).toEqual(['1 likely ', '2 likely ']);
  });
  it('look-alikes of a list: an address, URLs with paths in an array, prose, an escaped string are replaced as before', () => {
    const code = `exports.BASE = 'https://api.ciscospark.com/v1';
exports.URLS = ['https://api.ciscospark.com/v1/rooms', 'https://webexapis.com/v1/people'];
exports.TEXT = 'Calls go to api.ciscospark.com for now';
exports.ESCAPED = ['api.ciscospark.com\\u0020'];
`;
    const to = JSON.stringify('webexapis.com');
    expect(fixes(code)).toEqual([`1 certain ${to}`, `2 certain ${to}`, `3 certain ${to}`, `4 certain ${to}`]);
  });
});

describe('legacy-api-host: lists of hosts in template literals and configuration files', () => {
  const legacy = only('legacy-api-host');
  const fixes = (text: string, filename: string): string[] =>
    analyzeFile({ filename, text }, legacy).matches.map((m) => `${m.loc.start.line} ${m.confidence} ${(m.fix ?? []).map((e) => JSON.stringify(e.text)).join(' ')}`);
  const to = JSON.stringify('webexapis.com');
  it('a template literal: a list beside an interpolation gets the new host added; one already naming it is likely', () => {
    const code = "exports.csp = (x) => `connect-src 'self' https://api.ciscospark.com ${x}`;\nexports.tail = (x) => `${x} api.ciscospark.com`;\nexports.both = (x) => `${x},api.ciscospark.com,webexapis.com`;\n";
    expect(fixes(code, '/virtual/t.js')).toEqual([`1 certain ${JSON.stringify(' https://webexapis.com')}`, `2 certain ${JSON.stringify(' webexapis.com')}`, '3 likely ']);
  });
  it('look-alikes in template literals: an address, a host glued to an interpolation, escapes: replaced as before', () => {
    const code = "exports.a = (id) => `https://api.ciscospark.com/v1/rooms/${id}`;\nexports.b = (p) => `${p}api.ciscospark.com`;\nexports.c = (x) => `api.ciscospark.com${x}`;\nexports.d = (x) => `\\u00e9 api.ciscospark.com ${x}`;\n";
    expect(fixes(code, '/virtual/t.js')).toEqual([`1 certain ${to}`, `2 certain ${to}`, `3 certain ${to}`, `4 certain ${to}`]);
  });
  it('configuration: a KEY=value list, a YAML block list item, a JSON array element get the new host added', () => {
    expect(fixes('NO_PROXY=localhost,api.ciscospark.com # hosts\nB=2\n', '/virtual/.env')).toEqual([`1 certain ${JSON.stringify(',webexapis.com')}`]);
    expect(fixes('hosts:\n  - localhost\n  - "api.ciscospark.com"\nother: 1\n', '/virtual/c.yaml')).toEqual([`3 certain ${JSON.stringify('\n  - "webexapis.com"')}`]);
    expect(fixes('{"origins": [\n  "https://api.ciscospark.com"\n]}\n', '/virtual/c.json')).toEqual([`2 certain ${JSON.stringify(', "https://webexapis.com"')}`]);
    expect(fixes('hosts:\n  - api.ciscospark.com\n  - webexapis.com\n', '/virtual/c.yaml')).toEqual(['2 likely ']);
  });
  it('a list longer than 4,096 characters is not read as one (its hosts are replaced): a line of many hosts costs its hosts, not their square', () => {
    const line = `HOSTS=${Array(300).fill('api.ciscospark.com').join(',')}\n`;
    const found = fixes(line, '/virtual/.env');
    expect(found).toHaveLength(300);
    expect(new Set(found)).toEqual(new Set([`1 certain ${to}`]));
    const yaml = `hosts:\n${Array(300).fill('  - api.ciscospark.com').join('\n')}\n`;
    // Items stay items (each gets the new host after it), however long the list.
    expect(fixes(yaml, '/virtual/c.yaml')).toHaveLength(300);
  });
  it('look-alikes in configuration: an address, prose, a key of an object, comma-separated addresses with paths, a list without brackets: replaced as before', () => {
    expect(fixes('API_BASE=https://api.ciscospark.com/v1\nNOTE="Calls go to api.ciscospark.com for now"\n', '/virtual/.env')).toEqual([`1 certain ${to}`, `2 certain ${to}`]);
    expect(fixes('{"api.ciscospark.com": true, "base": "https://api.ciscospark.com/v1"}\n', '/virtual/c.json')).toEqual([`1 certain ${to}`, `1 certain ${to}`]);
    expect(fixes('URLS=https://api.ciscospark.com/v1/rooms,https://api.ciscospark.com/v1/people\n', '/virtual/.env')).toEqual([`1 certain ${to}`, `1 certain ${to}`]);
    expect(fixes('- see https://api.ciscospark.com/v1 for details\n', '/virtual/c.yaml')).toEqual([`1 certain ${to}`]);
  });
});

describe('legacy-api-host: code that recognises the legacy host is not using it', () => {
  const legacy = only('legacy-api-host');
  it('look-alikes: a comparison, a switch case, a string search, the text a migration replaces, a RegExp source', () => {
    const code = `exports.isLegacy = (url) => url.startsWith('https://api.ciscospark.com/') || url.includes('api.ciscospark.com');
exports.same = (base) => base === 'https://api.ciscospark.com/v1';
exports.migrate = (url) => url.replace('https://api.ciscospark.com/v1', 'https://webexapis.com/v1');
exports.kind = (host) => { switch (host) { case 'api.ciscospark.com': return 'legacy'; default: return 'current'; } };
exports.pattern = new RegExp('api.ciscospark.com');
`;
    expect(scan(code, legacy, '/virtual/legacy.js')).toEqual([]);
  });
  it('positive: the host used as an address (a request, a base constant, the replacement text of a replace) stays reported', () => {
    const code = `const BASE = 'https://api.ciscospark.com/v1';
exports.rooms = (t) => fetch(BASE + '/rooms', { headers: { Authorization: 'Bearer ' + t } });
exports.people = (t) => fetch('https://api.ciscospark.com/v1/people/me', { headers: { Authorization: 'Bearer ' + t } });
exports.back = (url) => url.replace('https://webexapis.com/v1', 'https://api.ciscospark.com/v1');
`;
    expect(scan(code, legacy, '/virtual/legacy.js')).toEqual(['legacy-api-host 1 certain', 'legacy-api-host 3 certain', 'legacy-api-host 4 certain']);
  });
});
