/**
 * Issue 26, hold-out set 20 after its first run (docs/evaluation.md, "Set 20 after set20fix"): the shapes behind
 * its unsafe fix and false positives, each with the platform's case that must still be found and look-alikes that
 * must stay quiet (synthesized code, nothing copied from the set's repositories). Projects are small trees in a
 * temporary folder (a `.git` folder marks the root).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-28' } });
const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`;
const project = tempProjects('cm-holdout20-shapes-');
const scan = (files: Record<string, string>, rel: string, ...ids: string[]): string[] => analyzeFile({ filename: path.join(project(files), rel), text: files[rel] }, only(...ids)).matches.map(summary);

const GET_CT = 'get-request-content-type';

describe('a base URL read from the object a getter gives (`const config = getConfig(); config.apiBaseUrl`)', () => {
  /** A GET helper whose base is `config.apiBaseUrl`, with `getter` defining `getConfig()` around the base expression. */
  const helper = (getter: string): string => `${getter}
async function apiRequest(endpoint: string, options: RequestInit = {}) {
  const config = getConfig();
  const response = await fetch(\`\${config.apiBaseUrl}\${endpoint}\`, {
    ...options,
    headers: { Authorization: \`Bearer \${config.accessToken}\`, 'Content-Type': 'application/json' },
  });
  return response.json();
}
export const profile = (id: string) => apiRequest(\`/people/\${id}\`);
`;
  /** A getter memoising its object in a module-level `let`. */
  const memoised = (base: string): string => `let cached: { accessToken: string; apiBaseUrl: string } | null = null;
function getConfig() {
  if (cached) return cached;
  cached = { accessToken: process.env.TOKEN ?? '', apiBaseUrl: ${base} };
  return cached;
}`;
  /** A getter returning its object literal directly. */
  const direct = (base: string): string => `function getConfig() {
  return { accessToken: process.env.TOKEN ?? '', apiBaseUrl: ${base} };
}`;
  /** The Content-Type line: the getter's lines, then the helper's fifth line. */
  const line = (getter: string): number => getter.split('\n').length + 5;

  it('look-alike: another service\'s host as the fallback of an environment variable, memoised or returned directly, stays quiet', () => {
    const other = "process.env.LINKEDIN_API_URL || 'https://api.linkedin.com/v2'";
    expect(scan({ 'src/linkedin.ts': helper(memoised(other)) }, 'src/linkedin.ts', GET_CT)).toEqual([]);
    expect(scan({ 'src/linkedin.ts': helper(direct(other)) }, 'src/linkedin.ts', GET_CT)).toEqual([]);
    // Another service's host written as the base itself.
    expect(scan({ 'src/linkedin.ts': helper(memoised("'https://api.linkedin.com/v2'")) }, 'src/linkedin.ts', GET_CT)).toEqual([]);
  });

  it('positive: the same helpers whose fallback is the platform\'s host are still reported', () => {
    const platform = "process.env.WEBEX_API_URL || 'https://webexapis.com/v1'";
    expect(scan({ 'src/webex.ts': helper(memoised(platform)) }, 'src/webex.ts', GET_CT)).toEqual([`${GET_CT} ${line(memoised(platform))} certain`]);
    expect(scan({ 'src/webex.ts': helper(direct(platform)) }, 'src/webex.ts', GET_CT)).toEqual([`${GET_CT} ${line(direct(platform))} certain`]);
  });

  it('positive: a memoised variable assigned more than one object is not read (the API path decides, as before)', () => {
    const twice = memoised("process.env.LINKEDIN_API_URL || 'https://api.linkedin.com/v2'").replace(
      'return cached;\n}',
      "return cached;\n}\nexport function reset() {\n  cached = { accessToken: '', apiBaseUrl: process.env.OTHER_URL ?? '' };\n}",
    );
    expect(scan({ 'src/two.ts': helper(twice) }, 'src/two.ts', GET_CT).map((s) => s.split(' ')[0])).toEqual([GET_CT]);
  });
});
