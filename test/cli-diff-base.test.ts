/** `--diff-base <ref>`: only findings on lines changed since the merge base (committed, staged, working tree, untracked). */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseUnifiedDiff, unquoteGitPath } from '../cli/scan/diff-base.js';
import { assertBuilt, cli, tempTrees } from './cli/run.js';

// Effective 2026-05-19 (a warning on 2026-03-01).
const SIGNATURE = (name: string) => `export function ${name}(req: { headers: Record<string, string> }) {
  return req.headers['X-Spark-Signature'];
}
`;
const DAY = ['--today', '2026-03-01', '--format', 'json'];
const tree = tempTrees();
beforeAll(() => assertBuilt());

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'commit.gpgsign=false', ...args], { cwd, stdio: 'pipe' });

function findings(d: string, args: string[]): string[] {
  const r = cli([...DAY, ...args], { cwd: d });
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { findings: { file: string; line: number }[] }).findings.map((f) => `${f.file}:${f.line}`);
}

describe('--diff-base', { timeout: 120_000 }, () => {
  it('reports only findings on lines changed since the merge base, in committed, uncommitted and untracked files', () => {
    const d = tree({ 'src/a.ts': SIGNATURE('a'), 'src/b.ts': SIGNATURE('b') });
    git(d, 'init', '-q', '-b', 'main');
    git(d, 'add', '.');
    git(d, 'commit', '-qm', 'base');
    git(d, 'checkout', '-qb', 'feature');
    writeFileSync(path.join(d, 'src/a.ts'), SIGNATURE('a') + SIGNATURE('a2'));
    git(d, 'commit', '-qam', 'feature');
    writeFileSync(path.join(d, 'src/b.ts'), `// comment\n${SIGNATURE('b')}`);
    writeFileSync(path.join(d, 'src/c.ts'), SIGNATURE('c'));
    expect(findings(d, [])).toEqual(['src/a.ts:2', 'src/a.ts:5', 'src/b.ts:3', 'src/c.ts:2']);
    // a.ts line 5 is new (committed on the branch), c.ts is untracked; b.ts only gained a comment above its finding.
    expect(findings(d, ['--diff-base', 'main'])).toEqual(['src/a.ts:5', 'src/c.ts:2']);
    // From a subfolder, the same.
    expect(findings(path.join(d, 'src'), ['.', '--diff-base', 'main']).map((f) => f.replace(/^src\//, ''))).toEqual(['a.ts:5', 'c.ts:2']);
  });

  it('an unknown ref, a ref that looks like an option, no repository, or --fix is a usage error', () => {
    const d = tree({ 'a.ts': SIGNATURE('a') });
    expect(cli([...DAY, '--diff-base', 'main'], { cwd: d }).stderr).toMatch(/--diff-base: cannot find the git repository/);
    git(d, 'init', '-q', '-b', 'main');
    git(d, 'add', '.');
    git(d, 'commit', '-qm', 'base');
    const unknown = cli([...DAY, '--diff-base', 'nope'], { cwd: d });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--diff-base: cannot find the commit "nope" \(fetch it first/);
    expect(cli([...DAY, '--diff-base=--output=x'], { cwd: d }).stderr).toMatch(/is not a git ref/);
    expect(cli([...DAY, '--diff-base', 'main', '--fix'], { cwd: d }).code).toBe(2);
  });

  it('a shallow clone without the history that joins the ref and HEAD (a pull request checked out at depth 1): a usage error that says how to fetch it', () => {
    const origin = tree({ 'a.ts': SIGNATURE('a') });
    git(origin, 'init', '-q', '-b', 'main');
    git(origin, 'add', '.');
    git(origin, 'commit', '-qm', 'base');
    git(origin, 'checkout', '-qb', 'feature');
    writeFileSync(path.join(origin, 'b.ts'), SIGNATURE('b'));
    git(origin, 'add', '.');
    git(origin, 'commit', '-qm', 'feature');
    git(origin, 'checkout', '-q', 'main');
    writeFileSync(path.join(origin, 'c.ts'), SIGNATURE('c'));
    git(origin, 'add', '.');
    git(origin, 'commit', '-qm', 'main moves on');
    const d = tree({});
    git(d, 'clone', '-q', '--depth', '1', '--branch', 'feature', `file://${origin}`, 'clone');
    const clone = path.join(d, 'clone');
    git(clone, 'fetch', '-q', '--depth', '1', 'origin', 'main:refs/remotes/origin/main');
    const r = cli([...DAY, '--diff-base', 'origin/main'], { cwd: clone });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^collab-migrate: --diff-base: cannot find the merge base of "origin\/main" and HEAD: this clone is shallow .*fetch-depth: 0, or git fetch --unshallow\)\.$/m);
    // Once the history is there, the same command runs: only b.ts changed on the branch.
    git(clone, 'fetch', '-q', '--unshallow', 'origin', 'main:refs/remotes/origin/main');
    expect(findings(clone, ['--diff-base', 'origin/main'])).toEqual(['b.ts:2']);
  });

  it('parses unified diffs: additions, changes, pure deletions, quoted names', () => {
    const diff = ['diff --git a/x.ts b/x.ts', '--- a/x.ts', '+++ b/x.ts', '@@ -1,0 +2,2 @@', '+a', '+b', '@@ -9 +11 @@', '-x', '+y', '@@ -20,3 +22,0 @@', '-p', '-q', '-r', '--- a/"q.ts"', '+++ "b/s p\\303\\251.ts"', '@@ -1 +1 @@', '-old', '+new', '--- a/gone.ts', '+++ /dev/null', '@@ -1 +0,0 @@', '-z'].join('\n');
    const parsed = parseUnifiedDiff(diff);
    expect([...parsed.get('x.ts')!]).toEqual([2, 3, 11]);
    expect([...parsed.keys()]).toEqual(['x.ts', 's pé.ts']);
  });

  it('reads every name as git prints it: the tab after a name with a space, C escapes and octal bytes in quotes', () => {
    const header = (name: string) => ['--- a/x', `+++ ${name}`, '@@ -0,0 +1 @@', '+x'].join('\n');
    const names = ['b/dir with space/a.ts\t', '"b/with space \\303\\251.ts"\t', '"b/a\\001b.ts"', '"b/q\\\\v \\"x\\".ts"', '"b/t\\tn\\nbell\\a.ts"', 'b/plain.ts'];
    expect([...parseUnifiedDiff(names.map(header).join('\n')).keys()]).toEqual(['dir with space/a.ts', 'with space é.ts', 'a\u0001b.ts', 'q\\v "x".ts', 't\tn\nbell\u0007.ts', 'plain.ts']);
    // Added lines that read like headers (`++ x`, `@@ -1 +9 @@`) are content: the hunk's counts say how many lines it has.
    const lookalikes = ['--- a/x.ts', '+++ b/x.ts', '@@ -1 +1,3 @@', '-old', '+++ y.ts', '+@@ -1 +9 @@', '+z', '\\ No newline at end of file', '@@ -7,0 +10 @@', '+w'].join('\n');
    expect([...parseUnifiedDiff(lookalikes)].map(([f, lines]) => [f, [...lines]])).toEqual([['x.ts', [1, 2, 3, 10]]]);
    expect(unquoteGitPath('b/as is')).toBe('b/as is');
    expect(unquoteGitPath('"\\342\\202\\254 \\f\\v\\r"')).toBe('\u20ac \f\v\r');
  });

  it.skipIf(process.platform === 'win32')('keeps the findings of changed files whose names hold a space or a control character', () => {
    const spaced = 'src/with space/a.ts';
    const control = 'src/b\u0001c.ts';
    const d = tree({ [spaced]: SIGNATURE('a'), 'src/plain.ts': SIGNATURE('p') });
    git(d, 'init', '-q', '-b', 'main');
    git(d, 'add', '.');
    git(d, 'commit', '-qm', 'base');
    git(d, 'checkout', '-qb', 'feature');
    writeFileSync(path.join(d, spaced), SIGNATURE('a') + SIGNATURE('a2'));
    writeFileSync(path.join(d, control), SIGNATURE('c'));
    git(d, 'add', '.');
    git(d, 'commit', '-qm', 'feature');
    // Before: the space's tab left the first out (a silent pass), and the quoted name crashed the run (exit 2).
    expect(findings(d, ['--diff-base', 'main'])).toEqual([`${control}:2`, `${spaced}:5`]);
  });
});
