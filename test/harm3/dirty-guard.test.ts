/**
 * Issue 28, item 19: the uncommitted-changes guard of --fix also stops at an explicitly named git-ignored file
 * (no copy in git to go back to) and at files marked skip-worktree or assume-unchanged (git status hides their
 * changes). In process: git is run by the guard as it is by --fix.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dirtyFiles } from '../../engine/fix/migrate.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-harm3-dirty-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.invalid', '-c', 'user.name=t', ...args], { cwd: dir, stdio: 'pipe' });

describe('the dirty guard (issue 28, item 19)', () => {
  it('counts ignored, skip-worktree and assume-unchanged files as changed; a clean tracked file is not', () => {
    git('init', '-q');
    for (const f of ['clean.ts', 'skip.ts', 'assume.ts']) writeFileSync(path.join(dir, f), 'export const a = 1;\n');
    writeFileSync(path.join(dir, '.gitignore'), 'ignored.ts\n');
    git('add', '.');
    git('commit', '-qm', 'x');
    writeFileSync(path.join(dir, 'ignored.ts'), 'export const b = 1;\n');
    git('update-index', '--skip-worktree', 'skip.ts');
    git('update-index', '--assume-unchanged', 'assume.ts');
    writeFileSync(path.join(dir, 'skip.ts'), 'export const a = 2; // work\n');
    writeFileSync(path.join(dir, 'assume.ts'), 'export const a = 3; // work\n');
    const files = ['clean.ts', 'skip.ts', 'assume.ts', 'ignored.ts'].map((f) => path.join(dir, f));
    expect(dirtyFiles(files).map((f) => path.basename(f)).sort()).toEqual(['assume.ts', 'ignored.ts', 'skip.ts']);
  });
});
