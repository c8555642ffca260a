/**
 * Issue 26, the fifteenth session's sweep of new public repositories: shapes the engine missed there, each with a
 * case it must find and a look-alike that must stay quiet (synthesized code). An authorize URL whose query comes
 * from `stringify(params)` with its spaces re-encoded (`.replace(/\+/g, '%20')`, `.replaceAll('+', '%20')`), and a
 * required parameter written with an empty value (`state: ''` in the query object, `&state=` ending the URL).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const authorize = only('oauth-authorize-state-missing');

const project = tempProjects('cm-sweep9-shapes-');

/** Writes a project (a `.git` folder marks its root) and scans one of its files. */
function scanProject(files: Record<string, string>, rel: string, opts: AnalyzeOptions = authorize): Match[] {
  return analyzeFile({ filename: path.join(project(files), rel), text: files[rel] }, opts).matches;
}

const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`;

describe('an authorize query built by stringify and re-encoded', () => {
  it('reads the keys through .replace / .replaceAll of the spaces, and reports a state that is missing or empty', () => {
    const handler = `import { stringify } from 'querystring';
export function noState(clientId, base) {
  const query = stringify({ response_type: 'code', client_id: clientId, redirect_uri: base + '/cb', scope: 'spark:kms' }).replace(/\\+/g, '%20');
  return \`https://webexapis.com/v1/authorize?\${query}\`;
}
export function emptyState(clientId, base) {
  const params = { response_type: 'code', client_id: clientId, redirect_uri: base + '/cb', scope: 'spark:kms', state: '' };
  const query = stringify(params).replaceAll('+', '%20');
  const url = \`https://webexapis.com/v1/authorize?\${query}\`;
  return { url };
}
export const literal = (clientId) => 'https://webexapis.com/v1/authorize?response_type=code&scope=spark%3Akms&state=&client_id=' + clientId;
`;
    const found = scanProject({ 'api/add.js': handler }, 'api/add.js').map(summary);
    expect(found).toEqual([
      'oauth-authorize-state-missing 4 certain',
      'oauth-authorize-state-missing 9 likely',
      'oauth-authorize-state-missing 12 likely',
    ]);
    const messages = scanProject({ 'api/add.js': handler }, 'api/add.js').map((m) => m.message);
    expect(messages[1]).toContain('with an empty value');
  });

  it('look-alike: a state that is given, and a replace that could change a key, stay quiet', () => {
    const handler = `import { stringify } from 'querystring';
export function withState(clientId, base, state) {
  const query = stringify({ response_type: 'code', client_id: clientId, redirect_uri: base + '/cb', scope: 'spark:kms', state }).replace(/\\+/g, '%20');
  return \`https://webexapis.com/v1/authorize?\${query}\`;
}
export function renamed(clientId) {
  const query = stringify({ response_type: 'code', client_id: clientId, scope: 'spark:kms' }).replace('client_id', 'state');
  return \`https://webexapis.com/v1/authorize?\${query}\`;
}
export function fixedState(clientId) {
  return \`https://webexapis.com/v1/authorize?response_type=code&client_id=\${clientId}&scope=spark%3Akms&state=\${crypto.randomUUID()}\`;
}
const PREFIX = 'https://webexapis.com/v1/authorize?response_type=code&scope=spark%3Akms&client_id=abc&state=';
export const completed = (state) => PREFIX + encodeURIComponent(state);
`;
    expect(scanProject({ 'api/add.js': handler }, 'api/add.js').map(summary)).toEqual([]);
  });
});
