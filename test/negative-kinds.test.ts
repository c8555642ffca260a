/**
 * The negative metamorphic rewrites of scripts/negative.ts (eighteenth session, branch `26neg`): each kind changes
 * one fact of the code and nothing else (checked edit by edit), and the rewritten code is a look-alike the engine
 * must not report while the original stays reported. Synthesized code only.
 */
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { applyChecked, methodEdits, NEGATIVE_KINDS, nodeModuleEdits } from '../scripts/negative.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const ids = (text: string, name: string, ...notices: string[]): string[] => analyzeFile({ filename: name, text }, only(...notices)).matches.map((m) => `${m.noticeId} ${m.loc.start.line}`);

const rewrite = (kind: string, rel: string, text: string): string => {
  const r = applyChecked(NEGATIVE_KINDS[kind], rel, text);
  if (!r || 'refused' in r) throw new Error(`not rewritten: ${JSON.stringify(r)}`);
  return r.text;
};

const getWithType = `const BASE = 'https://webexapis.com/v1';
export async function rooms(token) {
  const r = await fetch(\`\${BASE}/rooms\`, { headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token } });
  return r.json();
}
export const people = (token) => axios.get('https://api.ciscospark.com/v1/people/me', { headers: { 'Content-Type': 'application/json', Authorization: token } });
`;

describe('other-host: the platform\'s domains become another service\'s, nothing else', () => {
  it('rewrites every spelling of the domains on their own lines, and undoes to the original', () => {
    const out = rewrite('other-host', 'a.js', getWithType);
    expect(out).not.toMatch(/webexapis|ciscospark/);
    expect(out.split('\n').length).toBe(getWithType.split('\n').length);
    expect(out.replace(/chatopsapis\.io/g, 'webexapis.com').replace(/sparkchat\.io/g, 'ciscospark.com')).toBe(getWithType);
  });
  it('leaves longer hosts alone (`mywebex.com`, `webex.com.evil.org` keeps its first label only if whole)', () => {
    const text = "const a = 'https://mywebex.com/x';\nconst b = 'https://xwebexapis.com/v1';\n";
    expect(applyChecked(NEGATIVE_KINDS['other-host'], 'a.js', text)).toBeNull();
  });
  it('the original is reported, the rewrite is quiet', () => {
    expect(ids(getWithType, '/virtual/a.js', 'get-request-content-type', 'legacy-api-host')).toEqual(['get-request-content-type 3', 'legacy-api-host 6', 'get-request-content-type 6']);
    expect(ids(rewrite('other-host', 'a.js', getWithType), '/virtual/a.js', 'get-request-content-type', 'legacy-api-host')).toEqual([]);
  });
});

describe('non-get: a GET becomes a DELETE, nothing else', () => {
  it('an explicit method, a client\'s .get( and a fetch options object without a method', () => {
    const text = `export const a = (u) => fetch(u, { method: 'GET', headers: { 'Content-Type': 'application/json' } });
export const b = (u) => axios.get(u, { headers: { 'Content-Type': 'application/json' } });
export const c = (u) => fetch(u, { headers: { 'Content-Type': 'application/json' } });
export const d = (u, opts) => fetch(u, { ...opts, headers: { 'Content-Type': 'application/json' } });
export const e = (m) => cache.get(m);
`;
    const out = rewrite('non-get', 'a.js', text);
    expect(out.split('\n')).toEqual([
      "export const a = (u) => fetch(u, { method: 'DELETE', headers: { 'Content-Type': 'application/json' } });",
      "export const b = (u) => axios.delete(u, { headers: { 'Content-Type': 'application/json' } });",
      "export const c = (u) => fetch(u, { method: 'DELETE', headers: { 'Content-Type': 'application/json' } });",
      // A spread may carry the method: not rewritten (the fact would not be the only one changed).
      "export const d = (u, opts) => fetch(u, { ...opts, headers: { 'Content-Type': 'application/json' } });",
      // A cache's get is no request.
      'export const e = (m) => cache.get(m);',
      '',
    ]);
  });
  it('refuses nothing that is not a method: every edit is checked against the kind\'s spellings', () => {
    const edits = methodEdits('a.ts', "const method = 'GET';\nconst kind = 'GET';\nfetch(u, { headers: { 'Content-Type': 'x' }, method });\n");
    expect(edits.map((e) => `${e.from}->${e.to}`)).toEqual(['GET->DELETE']);
  });
  it('the original is reported, the rewrite is quiet', () => {
    expect(ids(getWithType, '/virtual/a.js', 'get-request-content-type')).toEqual(['get-request-content-type 3', 'get-request-content-type 6']);
    expect(ids(rewrite('non-get', 'a.js', getWithType), '/virtual/a.js', 'get-request-content-type')).toEqual([]);
  });
});

describe('other-signature and node-module', () => {
  it('the platform\'s signature header becomes GitHub\'s, in the case it was written', () => {
    const text = "const sig = req.headers['x-spark-signature'];\nconst other = req.get('X-Webex-Signature');\n";
    expect(rewrite('other-signature', 'a.js', text)).toBe("const sig = req.headers['x-hub-signature'];\nconst other = req.get('X-Hub-Signature');\n");
  });
  it('a module that reads no browser global gets a Node-only import at its end, on a line of its own', () => {
    expect(nodeModuleEdits('a.ts', 'export const x = 1;\n')).toEqual([{ start: 20, from: '', to: "import 'node:fs';\n" }]);
    expect(nodeModuleEdits('a.js', 'module.exports = 1;')).toEqual([{ start: 19, from: '', to: "\nrequire('node:fs');\n" }]);
    expect(nodeModuleEdits('a.js', 'document.title = "x";\n')).toEqual([]);
  });
  it('a rewrite whose edit is not the kind\'s fact is refused', () => {
    const bad = { ...NEGATIVE_KINDS['other-host'], edits: () => [{ start: 0, from: 'const', to: 'let' }] };
    expect(applyChecked(bad, 'a.js', 'const a = 1;\n')).toEqual({ refused: 'edit "const" -> "let" is not the kind\'s fact' });
  });
});
