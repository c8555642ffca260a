import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findFiles } from '../../../cli/walk/files.js';
import { trackedIgnored } from '../../../cli/walk/tracked.js';

// A repository may commit files its `.gitignore` lists: git never ignores a tracked file, and the scan reads them.

let root: string;
const hasGit = (() => {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

function write(rel: string, text = 'export {};\n'): void {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function git(...args: string[]): void {
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.invalid', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.invalid' };
  execFileSync('git', args, { cwd: root, env, stdio: 'ignore' });
}

function scan(paths: string[] = []): string[] {
  return findFiles({ cwd: root, paths, include: [], exclude: [], maxFileSize: 1e6 }).files.map((f) => f.display).sort();
}

/** The same tree in every case: sources under an ignored `models/`, a tracked `*.gen.ts`, a folder our own ignore file leaves out. */
function tree(): void {
  write('.gitignore', 'models/\n*.gen.ts\nlegacy/\n');
  write('.collab-migrateignore', 'legacy/\n');
  write('src/a.ts');
  write('src/x.gen.ts');
  write('src/y.gen.ts');
  write('models/cisco/device.ts');
  write('models/local.ts');
  write('legacy/old.js');
  write('node_modules/dep/index.js');
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'cm-tracked-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(!hasGit)('files git tracks although .gitignore lists them', () => {
  it('a clone: the tracked files under an ignored folder and of an ignored name are read; untracked ignored ones, our own ignore file and node_modules still leave theirs out', () => {
    tree();
    git('init', '-q');
    git('add', '.gitignore', '.collab-migrateignore', 'src/a.ts');
    git('add', '-f', 'models/cisco/device.ts', 'src/x.gen.ts', 'legacy/old.js', 'node_modules/dep/index.js');
    git('commit', '-qm', 'init');
    expect(scan()).toEqual(['models/cisco/device.ts', 'src/a.ts', 'src/x.gen.ts']);
    // A subfolder scanned alone, and the ignored folder itself.
    expect(scan(['models'])).toEqual(['models/cisco/device.ts']);
    expect(scan(['src'])).toEqual(['src/a.ts', 'src/x.gen.ts']);
    // Staged counts as tracked (the index is git's truth, before any commit too).
    write('models/staged.ts');
    git('add', '-f', 'models/staged.ts');
    expect(scan(['models'])).toEqual(['models/cisco/device.ts', 'models/staged.ts']);
  });

  it('the repository cannot run code through git: a file-system monitor hook its configuration names never runs', () => {
    tree();
    git('init', '-q');
    git('add', '.gitignore', 'src/a.ts');
    git('add', '-f', 'models/cisco/device.ts');
    git('commit', '-qm', 'init');
    const marker = path.join(root, 'hook-ran');
    const hook = path.join(root, 'fsmonitor-hook.sh');
    writeFileSync(hook, `#!/bin/sh\ntouch '${marker}'\nexit 1\n`);
    chmodSync(hook, 0o755);
    git('config', 'core.fsmonitor', hook);
    git('config', 'alias.ls-files', '!touch hook-ran');
    expect(scan()).toContain('models/cisco/device.ts');
    expect(existsSync(marker)).toBe(false);
  });

  it('a `.git` with no index (git init alone, an exported tree) tracks nothing: .gitignore decides, and git is not asked', () => {
    tree();
    git('init', '-q');
    expect(trackedIgnored(root, root)).toBeUndefined();
    expect(scan()).toEqual(['src/a.ts']);
  });
});

describe('a folder that is no git repository', () => {
  it('honours .gitignore as before', () => {
    tree();
    expect(trackedIgnored(root, root)).toBeUndefined();
    expect(scan()).toEqual(['src/a.ts']);
    expect(scan(['models'])).toEqual(['models/cisco/device.ts', 'models/local.ts']);
  });
});
