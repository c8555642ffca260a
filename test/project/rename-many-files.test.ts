/**
 * Issue 28, item 14: the project-wide rename of declared properties searches each declaration near its file first
 * and then looks, once, for what such a narrowed search could miss. Its result must be the language service's:
 * with a renamed property declared in each of many files and used in others (directly, through an import, and
 * indirectly, through a function of a module that does not declare it), every use in every file is renamed.
 * Time and memory per file are measured by `BENCH_RENAMES=50,150,400 npm run bench`, not here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../engine/catalog/catalog.js';
import { migrateProject, renameSearchWork } from '../../engine/project/ts-morph.js';
import { generateRenames, RENAMED, renameFile } from '../../scripts/gen-renames.js';

const catalog = loadCatalog();
const notices = [catalog.get('workspace-answer-confirmation-renamed')!];
const work = mkdtempSync(path.join(os.tmpdir(), 'cm-rename-many-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const N = 24;

describe.each([false, true])('a renamed property declared in every file (indirect uses too: %s)', (indirect) => {
  it(`renames every use in every one of ${N} files, all or nothing`, async () => {
    const root = path.join(work, indirect ? 'indirect' : 'direct');
    const files = generateRenames(root, N, indirect);
    const out = await migrateProject({ catalog, notices, root, files, engine: { today: '2026-11-01', fixMode: 'final' } });
    expect(out).toHaveLength(N);
    for (const [i, r] of out.entries()) {
      expect(r.failure, r.filename).toBeUndefined();
      // Every occurrence of the old name is a place of the rename in these files: the expected text is the
      // generated one with the name replaced, which a rename that missed one file's use (or renamed a declaration
      // without its uses) would not give.
      expect(r.after, r.filename).toBe(renameFile(i, N, indirect).replaceAll(RENAMED.from, RENAMED.to));
    }
  });
});

describe('the narrowed search reaches what only the whole project shows', () => {
  it('a use through a third module (no import of the declaring file) is renamed with its declaration', async () => {
    const root = path.join(work, 'third');
    const files = generateRenames(root, 3, true);
    // Only the files of one declaration's group, plus the one that reads it through another module's function.
    const out = await migrateProject({ catalog, notices, root, files, engine: { today: '2026-11-01', fixMode: 'final' } });
    const third = out.find((r) => r.filename.endsWith('ring2.ts'))!;
    // ring2 reads SimRing0's property through defaults1() of ring1; it imports nothing of ring0.
    expect(third.before).toContain(`defaults1().${RENAMED.from}`);
    expect(third.before).not.toContain("from './ring0.js'");
    expect(third.after).toContain(`defaults1().${RENAMED.to}`);
    expect(out.every((r) => !r.after.includes(RENAMED.from))).toBe(true);
  });
});

describe('the rename search grows with the files, not their square (issue 28, item 14)', () => {
  it('twice the files with indirect uses: about twice the files looked through, not four times', async () => {
    // Counted, not timed: how many files the searches covered in all. Searching each declaration a narrowed search
    // missed a use of in every file again made it quadratic (400 files: 13 s of CPU); now such a declaration is
    // searched in the file of the use only.
    const searched = async (n: number): Promise<number> => {
      const root = path.join(work, `scale-${n}`);
      const files = generateRenames(root, n, true);
      const before = renameSearchWork();
      const out = await migrateProject({ catalog, notices, root, files, engine: { today: '2026-11-01', fixMode: 'final' } });
      expect(out.every((r, i) => r.after === renameFile(i, n, true).replaceAll(RENAMED.from, RENAMED.to))).toBe(true);
      return renameSearchWork() - before;
    };
    const small = await searched(20);
    const large = await searched(40);
    expect(small).toBeGreaterThan(0);
    expect(large / small).toBeLessThan(2.6);
  });
});
