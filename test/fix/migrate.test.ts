import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commonRoot, dirtyFiles } from '../../engine/fix/migrate.js';
import { git, writeTree } from '../cli/run.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cm-dirty-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('dirtyFiles', () => {
  it('finds modified, staged, renamed and untracked files among many (chunked git calls)', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1200; i++) files[`src/f${i}.ts`] = `export const v = ${i};\n`;
    writeTree(dir, files);
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'init');
    writeFileSync(path.join(dir, 'src/f1100.ts'), 'changed\n');
    writeFileSync(path.join(dir, 'src/f7.ts'), 'staged\n');
    git(dir, 'add', 'src/f7.ts');
    git(dir, 'mv', 'src/f3.ts', 'src/renamed.ts');
    writeFileSync(path.join(dir, 'src/new.ts'), 'untracked\n');
    const all = [...Object.keys(files).map((f) => path.join(dir, f)), path.join(dir, 'src/new.ts'), path.join(dir, 'src/renamed.ts')];
    const rel = dirtyFiles(all).map((f) => path.relative(dir, f)).sort();
    // f3.ts, the rename's source, is a staged deletion: uncommitted too.
    expect(rel).toEqual(['src/f1100.ts', 'src/f3.ts', 'src/f7.ts', 'src/new.ts', 'src/renamed.ts']);
  });

  it('checks each file against the repository that holds it, whatever the working folder', () => {
    // Two repositories side by side, the run started from their parent (or from /): both are checked.
    for (const repo of ['one', 'two']) {
      writeTree(path.join(dir, repo), { 'a.ts': 'x\n', 'b.ts': 'y\n' });
      git(path.join(dir, repo), 'init', '-q');
      git(path.join(dir, repo), 'add', '-A');
      git(path.join(dir, repo), 'commit', '-qm', 'init');
      writeFileSync(path.join(dir, repo, 'a.ts'), 'changed\n');
    }
    const all = ['one/a.ts', 'one/b.ts', 'two/a.ts', 'two/b.ts'].map((f) => path.join(dir, f));
    expect(dirtyFiles(all).map((f) => path.relative(dir, f)).sort()).toEqual(['one/a.ts', 'two/a.ts']);
  });

  it('reads file names as literal pathspecs (`:x.ts` is a file, not pathspec magic)', () => {
    writeTree(dir, { ':x.ts': 'x\n', '*.ts': 'y\n', 'clean.ts': 'z\n' });
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'init');
    writeFileSync(path.join(dir, ':x.ts'), 'changed\n');
    writeFileSync(path.join(dir, '*.ts'), 'changed\n');
    const all = [':x.ts', '*.ts', 'clean.ts'].map((f) => path.join(dir, f));
    expect(dirtyFiles(all).map((f) => path.relative(dir, f)).sort()).toEqual(['*.ts', ':x.ts']);
  });

  it('is empty outside a git work tree', () => {
    writeFileSync(path.join(dir, 'a.ts'), 'x\n');
    expect(dirtyFiles([path.join(dir, "a.ts")])).toEqual([]);
  });
});

describe('commonRoot', () => {
  it('keeps the preferred folder when it holds every file, else the deepest common one', () => {
    expect(commonRoot('/w/app', ['/w/app/a.ts', '/w/app/src/b.ts'])).toBe('/w/app');
    expect(commonRoot('/w/app', ['/w/lib/a.ts', '/w/lib/src/b.ts'])).toBe('/w/lib');
    expect(commonRoot('/w/app', ['/w/app/a.ts', '/w/lib/b.ts'])).toBe('/w');
  });
});
