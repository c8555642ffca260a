/**
 * Which repository a report is about, for merged organisation reports: `--repo-name` wins; otherwise the
 * `origin` remote of the scanned folder's git repository (`owner/name`), else the folder's name. The commit is
 * git's HEAD there, or null outside git.
 */
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { ReportRepository } from './report.js';

/** git's answer, or undefined when git fails (or is not installed); never rejects. */
function git(cwd: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['-C', cwd, ...args], { encoding: 'utf8', timeout: 5000 }, (error, out) => resolve(error ? undefined : out.trim() || undefined));
  });
}

/**
 * The top-level folder of the work tree `cwd` is in and its HEAD commit, from one git run (`rev-parse --show-toplevel
 * --verify -q HEAD`): the folder's line, then the commit's when HEAD has one (git exits 1 after the folder's line when
 * it has none: a repository without a commit). Outside a work tree, or when git fails otherwise, neither.
 */
function topAndHead(cwd: string): Promise<{ top?: string; head?: string }> {
  return new Promise((resolve) => {
    execFile('git', ['-C', cwd, 'rev-parse', '--show-toplevel', '--verify', '-q', 'HEAD'], { encoding: 'utf8', timeout: 5000 }, (error, out) => {
      const text = out.endsWith('\n') ? out.slice(0, -1) : out;
      if (!error) {
        const at = text.lastIndexOf('\n');
        resolve(at < 0 ? {} : { top: text.slice(0, at).trim() || undefined, head: text.slice(at + 1).trim() || undefined });
      } else resolve(error.code === 1 && !error.killed ? { top: text.trim() || undefined } : {});
    });
  });
}

/** `owner/name` of a remote URL (https, ssh or scp-like), or undefined. */
export function nameOfRemote(url: string): string | undefined {
  const m = /[/:]([^/:]+\/[^/]+?)(?:\.git)?\/?$/.exec(url.trim());
  return m?.[1];
}

/**
 * The repository of the first scanned path (or `cwd`). Asynchronous, so the scan starts it first and its
 * git runs overlap the scan (run one after the other at the end, they took 20-70 ms of every JSON run). Two runs, not
 * three: the top-level folder and HEAD come from one ({@link topAndHead}); each run is a `fork` of the scan's process
 * and a git process on the cores the walker thread is starting on (issue 30).
 */
export async function detectRepository(cwd: string, paths: readonly string[], repoName?: string): Promise<ReportRepository> {
  let dir = path.resolve(cwd, paths[0] ?? '.');
  try {
    if (!statSync(dir).isDirectory()) dir = path.dirname(dir);
  } catch {
    dir = cwd;
  }
  if (repoName) return { name: repoName, commit: (await git(dir, ['rev-parse', 'HEAD'])) ?? null };
  const [{ top, head }, remote] = await Promise.all([topAndHead(dir), git(dir, ['config', '--get', 'remote.origin.url'])]);
  const commit = head ?? null;
  const name = (remote && nameOfRemote(remote)) ?? path.basename(top ?? dir);
  return { name, commit };
}
