/**
 * `--diff-base <git ref>`: only findings on lines added or changed since the merge base of the ref and `HEAD`
 * (committed, staged and working-tree changes, and untracked files), as Semgrep's `--baseline-commit`, so a pull
 * request is judged on its own lines. git is asked once per run, with the ref passed as one argument (never an
 * option: a ref starting with `-` is refused), no external diff driver and no text conversion (a scanned
 * repository's attributes choose neither).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { UsageError } from '../errors.js';
import type { ScannedFile } from './scan-core.js';

const GIT_TIMEOUT_MS = 120_000;
const GIT_ENV = { ...process.env, LC_ALL: 'C', GIT_LITERAL_PATHSPECS: '1' };

/** Changed lines per absolute file path; `all` for a file that is new since the base (every line counts). */
export type ChangedLines = Map<string, Set<number> | 'all'>;

function git(args: readonly string[], cwd: string, what: string): string {
  try {
    return execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: GIT_TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    const why = e.code === 'ENOENT' ? 'git is not installed' : e.code === 'ETIMEDOUT' ? `git gave no answer in ${GIT_TIMEOUT_MS / 1000} s` : ((e.stderr ?? '').trim().split('\n')[0] ?? '') || (e.message.split('\n')[0] ?? '');
    throw new UsageError(`--diff-base: cannot ${what} (${why}).`);
  }
}

/**
 * The lines of a `git diff -U0` output that exist on the new side, per file (paths relative to the repository
 * root, as git prints them after `+++ b/`). A pure deletion adds no line.
 */
export function parseUnifiedDiff(diff: string): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  let current: Set<number> | undefined;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const name = line.slice(4);
      if (name === '/dev/null') {
        current = undefined;
        continue;
      }
      const file = name.startsWith('"') ? (JSON.parse(name) as string).replace(/^b\//, '') : name.replace(/^b\//, '');
      current = out.get(file) ?? new Set<number>();
      out.set(file, current);
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk && current) {
      const start = Number(hunk[1]);
      const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
      for (let n = start; n < start + count; n++) current.add(n);
    }
  }
  return out;
}

/** The lines changed since the merge base of `ref` and HEAD, for the repository holding `cwd`. */
export function changedLines(ref: string, cwd: string): ChangedLines {
  if (ref.trim() === '' || ref.startsWith('-')) throw new UsageError(`--diff-base: ${JSON.stringify(ref)} is not a git ref.`);
  const top = git(['rev-parse', '--show-toplevel'], cwd, 'find the git repository (--diff-base needs one)').trim();
  const target = git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], cwd, `find the commit ${JSON.stringify(ref)} (fetch it first, e.g. actions/checkout with fetch-depth: 0)`).trim();
  const base = git(['merge-base', target, 'HEAD'], cwd, `find the merge base of ${JSON.stringify(ref)} and HEAD`).trim();
  const diff = git(['-c', 'core.quotePath=false', 'diff', '--no-ext-diff', '--no-textconv', '--no-color', '--no-renames', '-U0', base, '--'], top, 'diff against it');
  const changed: ChangedLines = new Map();
  for (const [file, lines] of parseUnifiedDiff(diff)) changed.set(path.resolve(top, file), lines);
  const untracked = git(['ls-files', '--others', '--exclude-standard', '-z'], top, 'list untracked files');
  for (const file of untracked.split('\0').filter(Boolean)) changed.set(path.resolve(top, file), 'all');
  return changed;
}

/** Keeps only findings whose lines were changed; returns how many were left out. */
export function keepChanged(scanned: ScannedFile[], changed: ChangedLines): number {
  let dropped = 0;
  for (const s of scanned) {
    const lines = changed.get(path.resolve(s.file.path));
    if (lines === 'all') continue;
    const before = s.findings.length;
    s.findings = lines === undefined ? [] : s.findings.filter((f) => {
      for (let n = f.match.loc.start.line; n <= f.match.loc.end.line; n++) if (lines.has(n)) return true;
      return false;
    });
    dropped += before - s.findings.length;
  }
  return dropped;
}
