/**
 * Issue 26's speed clause (twenty-second session, branch `26speed2`): what reading a file's imported texts
 * (ProjectModel.importedTexts, the prefilter's joined text) costs besides the texts it returns.
 * - Once the limit of modules is read, no further specifier is resolved: neither the remaining modules of the
 *   level (their specifiers were all resolved before, memoized per text) nor the rest of a module's own list.
 * - While the files are held steady (holdFilesSteady: the CLI's scan), a module is checked against the disk once
 *   per run instead of once per analysed file; a new run checks it again, and with it off every analysis does.
 * - isInside compares a path under the root as a string, and falls back to `path.relative` for anything else.
 * Synthesized code throughout.
 */
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdFilesSteady, ProjectModel } from '../engine/project/modules.js';
import { isInside } from '../engine/project/resolve.js';
import { runMain } from './helpers/main-io.js';
import { tempProjects } from './helpers/temp-project.js';

const project = tempProjects('cm-imported-cost-');

afterEach(() => {
  holdFilesSteady(false);
});

const MODULES = {
  'package.json': '{ "name": "p", "private": true }',
  'main.ts': "import { a } from './a';\nimport { b } from './b';\nexport const all = [a, b];\n",
  'a.ts': "import { x1 } from './x1';\nimport { x2 } from './x2';\nimport { x3 } from './x3';\nexport const a = 'from-a' + x1 + x2 + x3;\n",
  'b.ts': "import { y } from './y';\nexport const b = 'from-b' + y;\n",
  'x1.ts': "export const x1 = 'from-x1';\n",
  'x2.ts': "export const x2 = 'from-x2';\n",
  'x3.ts': "export const x3 = 'from-x3';\n",
  'y.ts': "export const y = 'from-y';\n",
};

/** importedTexts of `main.ts` with a limit, and the (module, specifier) pairs the resolver was asked for. */
function importedOfMain(limit: number): { texts: string[]; asked: string[] } {
  const root = project(MODULES);
  const model = new ProjectModel(root);
  const asked: string[] = [];
  const resolve = model.resolver.resolve.bind(model.resolver);
  vi.spyOn(model.resolver, 'resolve').mockImplementation((from: string, spec: string) => {
    asked.push(`${path.basename(from)} ${spec}`);
    return resolve(from, spec);
  });
  model.begin();
  const main = path.join(root, 'main.ts');
  const texts = model.importedTexts(main, MODULES['main.ts'], 2, limit);
  model.end();
  return { texts, asked };
}

describe('importedTexts resolves no specifier past its limit', () => {
  it('the limit reached with the file own imports: the next level is not begun', () => {
    const { texts, asked } = importedOfMain(2);
    expect(texts).toEqual(["'from-a'", "'from-b'"]);
    expect(asked).toEqual(['main.ts ./a', 'main.ts ./b']);
  });

  it('the limit reached inside a module: its later specifiers are not resolved, nor the next module', () => {
    // At 7f342dc each module of the second level had all its specifiers resolved first (`./x3`, then b.ts's `./y`).
    const { texts, asked } = importedOfMain(4);
    expect(texts).toEqual(["'from-a'", "'from-b'", "'from-x1'", "'from-x2'"]);
    expect(asked).toEqual(['main.ts ./a', 'main.ts ./b', 'a.ts ./x1', 'a.ts ./x2']);
  });

  it('still read: every module of both levels when the limit allows them', () => {
    const { texts, asked } = importedOfMain(16);
    expect(texts).toEqual(["'from-a'", "'from-b'", "'from-x1'", "'from-x2'", "'from-x3'", "'from-y'"]);
    expect(asked).toEqual(['main.ts ./a', 'main.ts ./b', 'a.ts ./x1', 'a.ts ./x2', 'a.ts ./x3', 'b.ts ./y']);
  });
});

describe('holdFilesSteady: each module checked against the disk once per run', () => {
  /** The strings main.ts reads from its imports in one analysis (a generation of the model). */
  const stringsOf = (model: ProjectModel, root: string): string[] => {
    model.begin();
    try {
      return model.importedTexts(path.join(root, 'main.ts'), MODULES['main.ts'], 1, 16);
    } finally {
      model.end();
    }
  };

  it('held steady: a module changed during the run is not read again; a new run reads it', () => {
    const root = project(MODULES);
    const model = new ProjectModel(root);
    holdFilesSteady(true);
    expect(stringsOf(model, root)).toEqual(["'from-a'", "'from-b'"]);
    writeFileSync(path.join(root, 'b.ts'), "export const b = 'changed-b, longer';\n");
    expect(stringsOf(model, root)).toEqual(["'from-a'", "'from-b'"]);
    expect(holdFilesSteady(false)).toBe(true);
    expect(holdFilesSteady(true)).toBe(false);
    expect(stringsOf(model, root)).toEqual(["'from-a'", "'changed-b, longer'"]);
  });

  it('not held (ESLint, codemods): every analysis checks its modules against the disk', () => {
    const root = project(MODULES);
    const model = new ProjectModel(root);
    expect(stringsOf(model, root)).toEqual(["'from-a'", "'from-b'"]);
    writeFileSync(path.join(root, 'b.ts'), "export const b = 'changed-b, longer';\n");
    expect(stringsOf(model, root)).toEqual(["'from-a'", "'changed-b, longer'"]);
  });

  it('the CLI holds them for its scan only: a second scan in the process sees a changed module, and the setting is restored', async () => {
    const files = {
      'package.json': '{ "name": "p", "private": true }',
      'defaults.ts': "export const DEFAULTS = { headers: { Accept: 'application/json' } };\n",
      'http.ts': 'export async function request(url: string, options: RequestInit) {\n  const res = await fetch(url, options);\n  return res.json();\n}\n',
      'rooms.ts': "import { request } from './http';\nimport { DEFAULTS } from './defaults';\nexport const rooms = () => request('https://webexapis.com/v1/rooms', { ...DEFAULTS });\n",
    };
    const root = project(files);
    const scan = async (): Promise<string[]> => {
      const { code, out } = await runMain(root, ['.', '--format', 'json', '--today', '2026-11-27', '--concurrency', 'off']);
      expect(code === 0 || code === 1).toBe(true);
      return (JSON.parse(out) as { findings: Array<{ noticeId: string; file: string }> }).findings.map((f) => `${f.noticeId} ${f.file}`);
    };
    expect(await scan()).toEqual([]);
    expect(holdFilesSteady(false)).toBe(false);
    // The Content-Type of a GET now comes from the imported defaults.
    writeFileSync(path.join(root, 'defaults.ts'), "export const DEFAULTS = { headers: { 'Content-Type': 'application/json' } };\n");
    expect(await scan()).toEqual(['get-request-content-type rooms.ts']);
    expect(holdFilesSteady(false)).toBe(false);
  });
});

describe('isInside', () => {
  const root = path.resolve('/work/repo');
  it('a path under the root, as written or with `.`/`..` segments resolved', () => {
    expect(isInside(root, path.join(root, 'src', 'a.ts'))).toBe(true);
    expect(isInside(root, root)).toBe(true);
    expect(isInside(root, `${root}${path.sep}src${path.sep}.${path.sep}a.ts`)).toBe(true);
    expect(isInside(`${root}${path.sep}`, path.join(root, 'a.ts'))).toBe(true);
  });
  it('not inside: a sibling whose name starts with the root, a `..` that leaves it, a folder above', () => {
    expect(isInside(root, `${root}-other${path.sep}a.ts`)).toBe(false);
    expect(isInside(root, `${root}${path.sep}..${path.sep}other${path.sep}a.ts`)).toBe(false);
    expect(isInside(root, `${root}${path.sep}src${path.sep}..${path.sep}..${path.sep}a.ts`)).toBe(false);
    expect(isInside(root, path.dirname(root))).toBe(false);
  });
});
