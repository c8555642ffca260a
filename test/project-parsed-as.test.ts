/**
 * An analysed file that the project model parsed already as another file's import (engine/project/modules.ts
 * `parsedAs`, engine/analyze.ts): its tree, indexes and what was memoized on them are reused when the text given is
 * the text parsed, under the same absolute name. The findings are those of the file analysed in a fresh project; an
 * editor's buffer that differs from the disk, or another file with the same text, is parsed afresh.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { projectOf } from '../engine/project/modules.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const options: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.status !== 'informational'), engine: { today: '2026-11-28' } };
const project = tempProjects('cm-parsed-as-');

// A helper module whose request sends a bare token (a finding of its own), called by a page module that imports it.
const API = `export function getMe(token) {
  return fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: token } });
}
`;
const APP = `import { getMe } from './api.js';
export async function load(token) {
  const me = await getMe(token);
  return fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: \`Bearer \${token}\` } });
}
`;

const analyse = (file: string, text: string) => analyzeFile({ filename: file, text }, options);
const shown = (file: string, text: string): string[] => analyse(file, text).matches.map((m) => JSON.stringify(m));

describe('a file parsed already as an import is analysed on that tree', () => {
  it('after its importer, the same findings as in a fresh project (and the tree is the one the model holds)', () => {
    const fresh = project({ 'src/api.js': API, 'src/app.js': APP });
    const alone = shown(path.join(fresh, 'src/api.js'), API);
    expect(alone.length).toBeGreaterThan(0);
    expect(alone.join('\n')).toContain('authorization-bearer-scheme');

    const root = project({ 'src/api.js': API, 'src/app.js': APP });
    const api = path.join(root, 'src/api.js');
    expect(projectOf(api)?.parsedAs(api, API)).toBeUndefined();
    analyse(path.join(root, 'src/app.js'), APP);
    // The importer's analysis parsed the helper for its summary: the analysis of the helper takes that tree.
    const held = projectOf(api)?.parsedAs(api, API);
    expect(held?.filename).toBe(api);
    expect(shown(api, API)).toEqual(alone);
    // And again (memoized requests on the shared tree), the same.
    expect(shown(api, API)).toEqual(alone);
  });

  it('a file with a byte order mark: the same ranges as in a fresh project', () => {
    const text = '\uFEFF' + API;
    const fresh = project({ 'src/api.js': text, 'src/app.js': APP });
    const alone = shown(path.join(fresh, 'src/api.js'), text);
    const root = project({ 'src/api.js': text, 'src/app.js': APP });
    analyse(path.join(root, 'src/app.js'), APP);
    expect(projectOf(path.join(root, 'src/api.js'))?.parsedAs(path.join(root, 'src/api.js'), API)).toBeDefined();
    expect(shown(path.join(root, 'src/api.js'), text)).toEqual(alone);
  });

  it('an editor buffer unlike the disk is read as given, not as the tree parsed from the disk', () => {
    const root = project({ 'src/api.js': API, 'src/app.js': APP });
    const api = path.join(root, 'src/api.js');
    analyse(path.join(root, 'src/app.js'), APP);
    expect(projectOf(api)?.parsedAs(api, API)).toBeDefined();
    // The buffer fixed the header: no finding (the disk's tree has one).
    const fixed = API.replace('Authorization: token', 'Authorization: `Bearer ${token}`');
    expect(projectOf(api)?.parsedAs(api, fixed)).toBeUndefined();
    expect(shown(api, fixed).filter((m) => m.includes('authorization-bearer-scheme'))).toEqual([]);
    // The buffer moved the request two lines down: the finding is on the buffer's line.
    const moved = `// a\n// b\n${API}`;
    const lines = analyse(api, moved).matches.filter((m) => m.noticeId === 'authorization-bearer-scheme').map((m) => m.loc.start.line);
    expect(lines).toEqual([4]);
  });

  it('another file with the same text is not given that tree', () => {
    const root = project({ 'src/api.js': API, 'src/app.js': APP, 'lib/api.js': API });
    const api = path.join(root, 'src/api.js');
    analyse(path.join(root, 'src/app.js'), APP);
    expect(projectOf(api)?.parsedAs(api, API)).toBeDefined();
    expect(projectOf(api)?.parsedAs(path.join(root, 'lib/api.js'), API)).toBeUndefined();
    expect(projectOf(api)?.parsedAs(path.relative(process.cwd(), api), API)).toBeUndefined();
  });
});
