/**
 * The repository a JSON report names (cli/report/repository.ts, `detectRepository`): the `origin` remote's
 * `owner/name`, else the work tree's folder name, and HEAD's commit, from two git runs (the top-level folder and HEAD
 * from one: issue 30). A repository without a commit, a folder below the top, a folder outside git, a file as the
 * scanned path, `--repo-name`, and a top-level folder whose name holds a line break.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectRepository } from '../cli/report/repository.js';

const hasGit = spawnSync('git', ['--version']).status === 0;
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', ['-C', cwd, ...args], { encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

describe.skipIf(!hasGit)('detectRepository', () => {
  const work = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-repository-')));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** A repository in `work/name`, with a commit unless `empty`, with `origin` when given. */
  function repo(name: string, opts: { empty?: boolean; origin?: string } = {}): string {
    const dir = path.join(work, name);
    mkdirSync(path.join(dir, 'src', 'deep'), { recursive: true });
    writeFileSync(path.join(dir, 'src', 'deep', 'a.ts'), 'export const a = 1;\n');
    git(dir, 'init', '-q');
    if (opts.origin) git(dir, 'remote', 'add', 'origin', opts.origin);
    if (!opts.empty) {
      git(dir, 'add', '.');
      git(dir, 'commit', '-q', '-m', 'one');
    }
    return dir;
  }

  it('names the origin remote and HEAD, from the repository or a folder or file below its top', async () => {
    const dir = repo('with-origin', { origin: 'git@github.com:acme/app.git' });
    const head = git(dir, 'rev-parse', 'HEAD');
    expect(head).toMatch(/^[0-9a-f]{40,64}$/);
    expect(await detectRepository(dir, [])).toEqual({ name: 'acme/app', commit: head });
    expect(await detectRepository(work, ['with-origin/src/deep'])).toEqual({ name: 'acme/app', commit: head });
    expect(await detectRepository(dir, ['src/deep/a.ts'])).toEqual({ name: 'acme/app', commit: head });
  });

  it('names the top-level folder without a remote, and no commit in a repository without one', async () => {
    const dir = repo('plain');
    const head = git(dir, 'rev-parse', 'HEAD');
    expect(await detectRepository(path.join(dir, 'src'), [])).toEqual({ name: 'plain', commit: head });
    const empty = repo('no-commit-yet', { empty: true, origin: 'https://github.com/acme/fresh' });
    expect(await detectRepository(empty, ['src'])).toEqual({ name: 'acme/fresh', commit: null });
    const emptyPlain = repo('no-commit-plain', { empty: true });
    expect(await detectRepository(path.join(emptyPlain, 'src', 'deep'), [])).toEqual({ name: 'no-commit-plain', commit: null });
  });

  it('names the folder itself outside git', async () => {
    const dir = path.join(work, 'outside', 'project');
    mkdirSync(dir, { recursive: true });
    // Outside a work tree only if the temporary folder is not in one itself.
    if (spawnSync('git', ['-C', dir, 'rev-parse', '--show-toplevel'], { env }).status === 0) return;
    expect(await detectRepository(dir, [])).toEqual({ name: 'project', commit: null });
  });

  it('takes --repo-name and still reads HEAD', async () => {
    const dir = repo('named', { origin: 'https://github.com/acme/other.git' });
    expect(await detectRepository(dir, [], 'acme/given')).toEqual({ name: 'acme/given', commit: git(dir, 'rev-parse', 'HEAD') });
  });

  it('reads a top-level folder whose name holds a line break', async () => {
    const dir = repo('two\nlines');
    expect(await detectRepository(path.join(dir, 'src'), [])).toEqual({ name: 'two\nlines', commit: git(dir, 'rev-parse', 'HEAD') });
    const empty = repo('empty\ntwo', { empty: true });
    expect(await detectRepository(empty, [])).toEqual({ name: 'empty\ntwo', commit: null });
  });
});
