/**
 * Where spec readings come from: a file, `REV:path` in a git repository, or every commit of the spec files
 * of a repository (the history). Git is run as a child process (`git show`, `git log`); a blob the repository
 * does not have (a partial mirror) is skipped and named.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseSpecText, SpecError } from './openapi.js';
import type { LoadedVersion, VersionSource } from './observe.js';

const MAX_SPEC_BYTES = 256 * 1024 * 1024;

function git(repo: string, args: readonly string[]): { ok: boolean; out: string; err: string } {
  const r = spawnSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: MAX_SPEC_BYTES });
  return { ok: r.status === 0, out: r.stdout ?? '', err: (r.stderr ?? r.error?.message ?? '').trim() };
}

/** `{commit}` and `{path}` filled in; the default names the repository folder. */
export function sourceUrl(template: string | undefined, repo: string, commit: string, file: string): string {
  if (template) return template.replace(/\{commit\}/g, commit).replace(/\{path\}/g, file);
  return `git:${repo}@${commit}:${file}`;
}

const specName = (file: string): string => path.basename(file).replace(/\.json$/i, '');

export interface ReadOptions {
  cwd: string;
  /** URL template for readings from git: `https://github.com/o/r/blob/{commit}/{path}`. */
  sourceUrlTemplate?: string;
}

/** One reading from a file path or from `REV:path` (in the git repository around `cwd`). */
export function readSpecArg(arg: string, options: ReadOptions): LoadedVersion {
  const file = path.resolve(options.cwd, arg);
  const m = /^([^:]+):(.+)$/.exec(arg);
  if (existsSync(file) || !m) {
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats) throw new SpecError(arg, 'file not found');
    if (!stats.isFile()) throw new SpecError(arg, 'not a regular file');
    if (stats.size > MAX_SPEC_BYTES) throw new SpecError(arg, `larger than ${MAX_SPEC_BYTES} bytes`);
    const model = parseSpecText(readFileSync(file, 'utf8'), arg);
    return { spec: specName(arg), file: arg, url: arg, model };
  }
  const [, rev, inner] = m;
  const commit = git(options.cwd, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]);
  if (!commit.ok) throw new SpecError(arg, `"${rev}" is not a commit of a git repository at ${options.cwd} (and no file ${arg} exists)`);
  const sha = commit.out.trim();
  const text = git(options.cwd, ['show', `${sha}:${inner}`]);
  if (!text.ok) throw new SpecError(arg, `cannot read ${inner} at ${rev}: ${text.err.split('\n')[0]}`);
  const date = git(options.cwd, ['show', '-s', '--format=%cs', sha]).out.trim() || undefined;
  const top = git(options.cwd, ['rev-parse', '--show-toplevel']).out.trim() || options.cwd;
  return { spec: specName(inner), file: inner, commit: sha, ...(date ? { date } : {}), url: sourceUrl(options.sourceUrlTemplate, top, sha, inner), model: parseSpecText(text.out, arg) };
}

export interface HistorySpec {
  spec: string;
  file: string;
  versions: VersionSource[];
  /** Commits whose blob of the file is missing from the repository (skipped). */
  unreadable: string[];
}

/**
 * The spec files of a repository (JSON files under a `public-spec` folder when there is one, else every JSON
 * file at HEAD; `names` narrows them to those whose base name is or contains one of the names) and, for each,
 * every commit that changed it, oldest first.
 */
export function historyOf(repo: string, names: readonly string[], sourceUrlTemplate?: string): HistorySpec[] {
  if (!existsSync(repo)) throw new SpecError(repo, 'no such folder');
  const head = git(repo, ['rev-parse', '--verify', '--quiet', 'HEAD']);
  if (!head.ok) throw new SpecError(repo, 'not a git repository with commits');
  const tree = git(repo, ['ls-tree', '-r', '--name-only', 'HEAD']).out.split('\n').filter((f) => /\.json$/i.test(f));
  const underSpec = tree.filter((f) => /(^|\/)public-spec\//.test(f));
  let files = underSpec.length ? underSpec : tree;
  if (names.length) {
    files = files.filter((f) => names.some((n) => specName(f) === n || specName(f).includes(n)));
    const missing = names.filter((n) => !files.some((f) => specName(f) === n || specName(f).includes(n)));
    if (missing.length) throw new SpecError(repo, `no spec file named like ${missing.map((n) => `"${n}"`).join(', ')} at HEAD`);
  }
  return files.map((file) => {
    const log = git(repo, ['log', '--reverse', '--format=%H %cs', '--', file]).out.trim();
    const versions: VersionSource[] = [];
    const unreadable: string[] = [];
    for (const line of log ? log.split('\n') : []) {
      const [commit, date] = line.split(' ');
      if (!git(repo, ['cat-file', '-e', `${commit}:${file}`]).ok) {
        unreadable.push(commit);
        continue;
      }
      const version = { spec: specName(file), file, commit, date, url: sourceUrl(sourceUrlTemplate, repo, commit, file) };
      versions.push({
        ...version,
        load: () => {
          const text = git(repo, ['show', `${commit}:${file}`]);
          if (!text.ok) throw new SpecError(`${commit}:${file}`, `cannot read: ${text.err.split('\n')[0]}`);
          return { ...version, model: parseSpecText(text.out, `${commit.slice(0, 12)}:${file}`) };
        },
      });
    }
    return { spec: specName(file), file, versions, unreadable };
  });
}
