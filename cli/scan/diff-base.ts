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

const C_ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/**
 * A path as git prints it in a diff header: as it is, or, when it holds a control character, a double quote or a
 * backslash, in double quotes with C escapes (`\t`, `\"`, `\\`, `\a`, `\v`, and octal `\001` for any other
 * byte; core.quotePath=false leaves other non-ASCII bytes as they are). The escapes give bytes, read as UTF-8. A
 * name of the scanned repository chooses them: JSON.parse failed on `\001` and `\a` (an internal error, exit 2).
 */
export function unquoteGitPath(name: string): string {
  if (!name.startsWith('"') || !name.endsWith('"') || name.length < 2) return name;
  const bytes: number[] = [];
  const body = Buffer.from(name.slice(1, -1), 'utf8');
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== 0x5c || i + 1 >= body.length) {
      bytes.push(body[i]!);
      continue;
    }
    const next = String.fromCharCode(body[i + 1]!);
    const octal = /^[0-7]{3}$/.exec(body.subarray(i + 1, i + 4).toString('latin1'));
    if (octal) {
      bytes.push(parseInt(octal[0], 8) & 0xff);
      i += 3;
    } else if (next in C_ESCAPES) {
      bytes.push(C_ESCAPES[next]!);
      i += 1;
    } else bytes.push(body[i]!);
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The lines of a `git diff -U0` output that exist on the new side, per file (paths relative to the repository
 * root, as git prints them after `+++ b/`, quoted or not, less the tab git puts after a name with a space: with
 * it, a file whose path held a space matched no scanned file and lost every finding). A pure deletion adds no line.
 */
export function parseUnifiedDiff(diff: string): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  let current: Set<number> | undefined;
  // Lines of the current hunk still to come (its old and new lines: -U0 has no context). They are content, even
  // an added line that reads `++ x` (`+++ x` in the diff) or `@@ -1 +2 @@`.
  let body = 0;
  for (const line of diff.split('\n')) {
    if (body > 0) {
      if (!line.startsWith('\\')) body--;
      continue;
    }
    if (line.startsWith('+++ ')) {
      // git ends the header with a tab when the name holds a space (for patch(1)); a tab in the name itself is quoted.
      const name = line.slice(4).replace(/\t$/, '');
      if (name === '/dev/null') {
        current = undefined;
        continue;
      }
      const file = unquoteGitPath(name).replace(/^b\//, '');
      current = out.get(file) ?? new Set<number>();
      out.set(file, current);
      continue;
    }
    const hunk = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk) {
      const start = Number(hunk[2]);
      const count = hunk[3] === undefined ? 1 : Number(hunk[3]);
      body = (hunk[1] === undefined ? 1 : Number(hunk[1])) + count;
      if (current) for (let n = start; n < start + count; n++) current.add(n);
    }
  }
  return out;
}

/**
 * The merge base of `target` (`ref` resolved) and HEAD. In a shallow clone (actions/checkout's default depth of 1)
 * git finds none when the history that joins them was not fetched: the error says so and how to fetch it.
 */
function mergeBase(target: string, ref: string, cwd: string): string {
  const what = `find the merge base of ${JSON.stringify(ref)} and HEAD`;
  try {
    return git(['merge-base', target, 'HEAD'], cwd, what).trim();
  } catch (error) {
    let shallow = false;
    try {
      shallow = git(['rev-parse', '--is-shallow-repository'], cwd, 'ask whether the clone is shallow').trim() === 'true';
    } catch {
      // An old git without the question: the first error stands.
    }
    if (!shallow) throw error;
    throw new UsageError(`--diff-base: cannot ${what}: this clone is shallow and lacks the history that joins them (fetch it: actions/checkout with fetch-depth: 0, or git fetch --unshallow).`);
  }
}

/** The lines changed since the merge base of `ref` and HEAD, for the repository holding `cwd`. */
export function changedLines(ref: string, cwd: string): ChangedLines {
  if (ref.trim() === '' || ref.startsWith('-')) throw new UsageError(`--diff-base: ${JSON.stringify(ref)} is not a git ref.`);
  const top = git(['rev-parse', '--show-toplevel'], cwd, 'find the git repository (--diff-base needs one)').trim();
  const target = git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], cwd, `find the commit ${JSON.stringify(ref)} (fetch it first, e.g. actions/checkout with fetch-depth: 0)`).trim();
  const base = mergeBase(target, ref, cwd);
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
