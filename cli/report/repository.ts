/**
 * Which repository a report is about, for merged organisation reports: `--repo-name` wins; otherwise the
 * `origin` remote of the scanned folder's git repository (`owner/name`), else the folder's name. The commit is
 * git's HEAD there, or null outside git.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { ReportRepository } from './report.js';

function git(cwd: string, args: string[]): string | undefined {
  try {
    const out = execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 });
    return out.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** `owner/name` of a remote URL (https, ssh or scp-like), or undefined. */
export function nameOfRemote(url: string): string | undefined {
  const m = /[/:]([^/:]+\/[^/]+?)(?:\.git)?\/?$/.exec(url.trim());
  return m?.[1];
}

/** The repository of the first scanned path (or `cwd`). */
export function detectRepository(cwd: string, paths: readonly string[], repoName?: string): ReportRepository {
  let dir = path.resolve(cwd, paths[0] ?? '.');
  try {
    if (!statSync(dir).isDirectory()) dir = path.dirname(dir);
  } catch {
    dir = cwd;
  }
  const commit = git(dir, ['rev-parse', 'HEAD']) ?? null;
  if (repoName) return { name: repoName, commit };
  const remote = git(dir, ['config', '--get', 'remote.origin.url']);
  const top = git(dir, ['rev-parse', '--show-toplevel']);
  const name = (remote && nameOfRemote(remote)) ?? path.basename(top ?? dir);
  return { name, commit };
}
