/**
 * Issue 26's speed clause (twenty-first session, branch `26speed`): the prefilter's merge rule
 * (`requiresMergingTokens`, twentieth session) opens a file that holds a detection's `requires` but none of its
 * tokens and merges a named object (`{ ...DEFAULTS }`, `Object.assign(`), for the detections whose tokens a
 * request's options hold (a header, a body field: Detector.tokensInMergedOptions). Not for the authorize URL's
 * query detection, whose `requires` are query words (`stringify`, `client_id`) and whose token is a URL path no
 * merged object gives: such a file is neither sent by the walker nor read with its imports. Synthesized code.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, prefilterEntries, sourceCandidates, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { PrefilterPlan } from '../engine/prefilter/prefilter.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const notices = catalog.notices.filter((n) => n.status !== 'informational');
const options: AnalyzeOptions = { catalog, notices, engine: { today: '2026-11-26' } };
const plan = new PrefilterPlan(prefilterEntries(notices, catalog));
const project = tempProjects('cm-merged-options-');

const FILES = {
  'defaults.ts': "export const DEFAULTS = { client_id: 'abc', response_type: 'code', headers: { 'Content-Type': 'application/json' } };\n",
  'http.ts': 'export async function request(url: string, options: RequestInit) {\n  const res = await fetch(url, options);\n  return res.json();\n}\n',
  // A query built with `stringify` over a merged defaults object: no authorize path, no HTTP call, no API URL.
  'link.ts': "import qs from 'qs';\nimport { DEFAULTS } from './defaults';\nexport const link = (state: string) => '/login?' + qs.stringify({ ...DEFAULTS, state });\n",
  // A GET to the API through the imported helper, its options the imported defaults (their Content-Type).
  'rooms.ts': "import { request } from './http';\nimport { DEFAULTS } from './defaults';\nexport const rooms = () => request('https://webexapis.com/v1/rooms', { ...DEFAULTS });\n",
};

/** The detections the engine chooses for a file of the project, and the project modules it read to choose. */
function choose(root: string, name: keyof typeof FILES): { ids: string[]; read: string[] } {
  const reads = new Map<string, string>();
  const chosen = sourceCandidates(FILES[name], options, undefined, path.join(root, name), reads);
  const read = [...reads.keys()].filter((k) => !k.startsWith('\0')).map((k) => path.relative(root, k));
  return { ids: chosen.map((p) => p.notice.id), read: read.sort() };
}

describe("the merge rule only for detections whose tokens a request's options hold", () => {
  it('a query of merged defaults (`stringify({ ...DEFAULTS, state })`): not sent by the walker, its imports not read', () => {
    const text = FILES['link.ts'];
    expect(plan.present(text, 'ts').has('stringify')).toBe(true);
    expect(plan.needsAnalysis(text, 'ts')).toBe(false);
    const root = project(FILES);
    expect(choose(root, 'link.ts')).toEqual({ ids: [], read: [] });
    expect(analyzeFile({ filename: path.join(root, 'link.ts'), text }, options)).toMatchObject({ parsed: false, matches: [] });
  });

  it('still opened: a GET to the API whose options spread imported defaults (the Content-Type is theirs)', () => {
    const text = FILES['rooms.ts'];
    expect(plan.needsAnalysis(text, 'ts')).toBe(true);
    const root = project(FILES);
    const chosen = choose(root, 'rooms.ts');
    expect(chosen.ids).toContain('get-request-content-type');
    expect(chosen.read).toEqual(['defaults.ts', 'http.ts']);
    const found = analyzeFile({ filename: path.join(root, 'rooms.ts'), text }, options).matches.map((m) => `${m.noticeId} ${m.loc.start.line}`);
    expect(found).toEqual(['get-request-content-type 3']);
  });

  it('the merge is what opens it: the same GET with options of its own (no named object merged) is not opened, in the same run', () => {
    // The decision searches a file for a merge once for all its detections (issue 30, item 4): asked after a file that
    // merges, one that does not is decided on its own text.
    const own = "import { request } from './http';\nimport { DEFAULTS } from './defaults';\nexport const rooms = () => request('https://webexapis.com/v1/rooms', { method: 'GET' });\nexport const d = DEFAULTS;\n";
    const root = project({ ...FILES, 'own.ts': own });
    expect(choose(root, 'rooms.ts').ids).toContain('get-request-content-type');
    const reads = new Map<string, string>();
    const ids = sourceCandidates(own, options, undefined, path.join(root, 'own.ts'), reads).map((p) => p.notice.id);
    expect(ids).not.toContain('get-request-content-type');
    expect(choose(root, 'rooms.ts').ids).toContain('get-request-content-type');
  });

  it('the same query with the authorize URL written in the file is still a candidate of its own tokens', () => {
    const text = "import qs from 'qs';\nimport { DEFAULTS } from './defaults';\nexport const link = (state: string) => 'https://webexapis.com/v1/authorize?' + qs.stringify({ ...DEFAULTS, state });\n";
    expect(plan.needsAnalysis(text, 'ts')).toBe(true);
    const root = project({ ...FILES, 'authorize.ts': text });
    const ids = sourceCandidates(text, options, undefined, path.join(root, 'authorize.ts')).map((p) => p.notice.id);
    expect(ids).toContain('oauth-authorize-state-missing');
  });
});
