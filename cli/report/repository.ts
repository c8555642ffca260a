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

/** `owner/name` of a remote URL (https, ssh or scp-like), or undefined. */
export function nameOfRemote(url: string): string | undefined {
  const m = /[/:]([^/:]+\/[^/]+?)(?:\.git)?\/?$/.exec(url.trim());
  return m?.[1];
}

/**
 * The repository of the first scanned path (or `cwd`). Asynchronous, so the scan starts it first and its
 * three git runs overlap the scan (run one after the other at the end, they took 20-70 ms of every JSON run).
 */
export async function detectRepository(cwd: string, paths: readonly string[], repoName?: string): Promise<ReportRepository> {
  let dir = path.resolve(cwd, paths[0] ?? '.');
  try {
    if (!statSync(dir).isDirectory()) dir = path.dirname(dir);
  } catch {
    dir = cwd;
  }
  if (repoName) return { name: repoName, commit: (await git(dir, ['rev-parse', 'HEAD'])) ?? null };
  const [head, remote, top] = await Promise.all([git(dir, ['rev-parse', 'HEAD']), git(dir, ['config', '--get', 'remote.origin.url']), git(dir, ['rev-parse', '--show-toplevel'])]);
  const commit = head ?? null;
  const name = (remote && nameOfRemote(remote)) ?? path.basename(top ?? dir);
  return { name, commit };
}
