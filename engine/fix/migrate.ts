/**
 * Stage `engine/fix/`: changing files, shared by the CLI's `--fix`, the codemods and ESLint. It owns applying
 * text edits (edits.ts: sorted, overlap-checked, re-parsed), which form of a fix a day allows (timing.ts), the
 * per-file migration driver with the dirty guard (this file) and the safe writer (writer.ts).
 *
 * Fix mode: computes the fixed text of each file, never writing anything itself (see writer.ts).
 * `migrate` is the one place that chooses the fixer: the ts-morph project's `migrateProject`
 * (engine/project/ts-morph.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { analyzeFile, type AnalyzeOptions, type FileAnalysisResult, type SourceFile } from '../analyze.js';
import { applyEdits, checkSyntax, fixFile } from './edits.js';
import type { FileMigration } from '../project/ts-morph.js';
import type { Match } from '../types.js';
import { UsageError } from '../errors.js';
import { parseSuppressions, suppressionFor } from '../findings/suppressions.js';
import { declaredRenameSites, renamesOf } from '../project/renames.js';

export type { FileMigration };

export interface MigrateOptions extends AnalyzeOptions {
  root: string;
  today: string;
  /** The project's tsconfig for project-wide renames (default `<root>/tsconfig.json` when it exists). */
  tsconfig?: string;
}

/** Whether a match is hidden by a live suppression comment of its text. */
function suppressedIn(text: string, opts: MigrateOptions): (m: Match) => boolean {
  const suppressions = parseSuppressions(text, (id) => opts.catalog.get(id) !== undefined);
  const today = opts.today;
  return (m) => suppressions.length > 0 && suppressionFor(suppressions, m.noticeId, m.loc.start.line, today).state === 'suppressed';
}

const MAX_PASSES = 10;

/**
 * Like the engine's fix loop, but leaves findings under a suppression comment alone. Used only for
 * files where a suppression covers a fixable finding.
 */
function fixRespectingSuppressions(file: SourceFile, opts: MigrateOptions, shared: ReadonlySet<string>): FileMigration {
  const fixed: Match[] = [];
  let text = file.text;
  let failure: string | undefined;
  // A property the run's files declare in a type and name in another file is renamed project-wide or not at all:
  // never here, file by file (issue 28: a rename across files is all or nothing).
  const isShared = (m: Match): boolean => m.data.name !== undefined && shared.has(m.data.name) && renamesOf(opts.catalog.get(m.noticeId)).has(m.data.name);
  let held = false;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const result = analyzeFile({ filename: file.filename, text }, opts);
    if (result.parseError) break;
    const isSuppressed = suppressedIn(text, opts);
    if (result.matches.some((m) => m.fix && !isSuppressed(m) && isShared(m))) held = true;
    const fixable = result.matches.filter((m) => m.fix && !isSuppressed(m) && !isShared(m));
    if (fixable.length === 0) break;
    const { output, applied } = applyEdits(text, fixable.map((m) => m.fix!));
    if (output === text) break;
    const broken = checkSyntax(file.filename, output);
    if (broken && !checkSyntax(file.filename, file.text)) {
      failure = `the fixed text would not parse (${broken}); left as it was`;
      break;
    }
    fixed.push(...applied.map((i) => fixable[i]));
    text = output;
  }
  const remaining = analyzeFile({ filename: file.filename, text }, opts).matches;
  const out: FileMigration = { filename: file.filename, before: file.text, after: text, fixed, remaining };
  if (failure) out.failure = failure;
  if (held) out.notes = [`not fixed: ${[...shared].filter((n) => text.includes(n)).map((n) => `"${n}"`).join(', ')} is declared in one file and named in another; a file with a suppression comment is fixed on its own, and renaming it here alone would break the other uses`];
  return out;
}

/** The renamed property names one of `files` declares in a named type and another of them names too. */
function sharedDeclaredRenames(files: readonly SourceFile[], opts: MigrateOptions): Set<string> {
  const renames = new Map<string, string>();
  for (const notice of opts.notices) for (const [from, to] of renamesOf(notice)) renames.set(from, to);
  return new Set(declaredRenameSites(files, renames, true).keys());
}

/**
 * The files of `others` a migration of `files` must include: those whose text names a property a notice renames that
 * one of `files` names too (a declaration in a file with no finding, `interface Settings { answerConfirmationEnabled:
 * boolean }`, or another use of it). Without them a typed project's declaration kept the old name while `--fix`
 * renamed its uses, and the project stopped compiling; with them the project-wide rename reaches every file of the
 * scan that holds the name (one that has no place the rename touches is left as it is).
 */
export function renameCompanions(files: readonly SourceFile[], others: readonly SourceFile[], notices: MigrateOptions['notices']): SourceFile[] {
  const names = new Set<string>();
  for (const notice of notices) for (const from of renamesOf(notice).keys()) names.add(from);
  const named = [...names].filter((n) => files.some((f) => f.text.includes(n)));
  if (named.length === 0) return [];
  return others.filter((f) => named.some((n) => f.text.includes(n)));
}

/**
 * Computes the migration of every file; writes nothing. Files where a live suppression comment covers a
 * fixable finding go through {@link fixRespectingSuppressions}; the rest through the ts-morph codemod,
 * which also renames declared properties project-wide.
 */
export async function migrate(files: readonly SourceFile[], opts: MigrateOptions): Promise<FileMigration[]> {
  const bySuppression = new Map<string, FileMigration>();
  const plain: SourceFile[] = [];
  const initials = new Map<string, { text: string; result: FileAnalysisResult }>();
  let shared: Set<string> | undefined;
  for (const file of files) {
    const initial = analyzeFile(file, opts);
    const isSuppressed = suppressedIn(file.text, opts);
    if (initial.matches.some((m) => m.fix && isSuppressed(m))) bySuppression.set(file.filename, fixRespectingSuppressions(file, opts, (shared ??= sharedDeclaredRenames(files, opts))));
    else {
      plain.push(file);
      initials.set(file.filename, { text: file.text, result: initial });
    }
  }
  const { today: _today, tsconfig, root: _root, ...analyze } = opts;
  const root = commonRoot(opts.root, plain.map((f) => f.filename));
  // The analyses above, for the migration to reuse: made with the options it analyses with (it leaves out the
  // `prefilter` and `project` switches, so only when they are not set).
  const analyses = opts.prefilter === undefined && opts.project === undefined ? new Map([...initials].map(([f, a]) => [path.resolve(root, f), a])) : undefined;
  let project: FileMigration[] = [];
  if (plain.length > 0) {
    try {
      // Loaded on demand: ts-morph is heavy and a scan without --fix never needs it.
      const { migrateProject } = await import('../project/ts-morph.js');
      // The texts as the scan read them (decoded from UTF-16 where needed), not read again from disk.
      project = await migrateProject({ ...analyze, root, files: plain.map((f) => f.filename), sources: plain, ...(tsconfig ? { tsconfig } : {}), ...(analyses ? { analyses } : {}) });
    } catch (error) {
      // The project-wide view failed (a broken tsconfig, say): fix file by file instead.
      const why = `project-wide migration failed (${(error as Error).message.split('\n')[0]}); fixed file by file`;
      project = plain.map((file) => {
        try {
          const r = fixFile(file, analyze);
          return { filename: file.filename, before: file.text, after: r.output, fixed: r.fixed, remaining: r.remaining, notes: [why], ...(r.failure ? { failure: r.failure } : {}) };
        } catch (inner) {
          return { filename: file.filename, before: file.text, after: file.text, fixed: [], remaining: [], failure: `internal error: ${(inner as Error).message}` };
        }
      });
    }
  }
  const byFile = new Map<string, FileMigration>(project.map((m) => [path.resolve(root, m.filename), m]));
  return files.map((f) => bySuppression.get(f.filename) ?? byFile.get(path.resolve(root, f.filename))!).filter((m) => m !== undefined);
}

/** `preferred` when every file is inside it, else the deepest folder that holds them all. */
export function commonRoot(preferred: string, files: readonly string[]): string {
  const isInside = (dir: string, f: string): boolean => {
    const rel = path.relative(dir, f);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  };
  if (files.every((f) => isInside(preferred, f))) return preferred;
  let root = path.dirname(path.resolve(files[0]));
  while (!files.every((f) => isInside(root, path.resolve(f))) && path.dirname(root) !== root) root = path.dirname(root);
  return root;
}

const GIT_STATUS_TIMEOUT_MS = 120_000;
/** git's messages in English, whatever the user's locale: "not a git repository" is matched. */
// Literal pathspecs: a file named `:x.ts` or `*.ts` is that file, not pathspec magic or a glob.
const GIT_ENV = { ...process.env, LC_ALL: 'C', GIT_LITERAL_PATHSPECS: '1' };

function gitFailure(e: NodeJS.ErrnoException & { stderr?: string }): string {
  if (e.code === 'ETIMEDOUT') return `git gave no answer in ${GIT_STATUS_TIMEOUT_MS / 1000} s`;
  const first = (e.stderr ?? '').trim().split('\n')[0] || e.message.split('\n')[0];
  return `git failed (${first})`;
}

/** The real path of a file (git prints paths under its real top folder), or the resolved path when it is gone. */
function realFile(f: string): string {
  try {
    return realpathSync(f);
  } catch {
    return path.resolve(f);
  }
}

/**
 * The folder that holds the git work tree `dir` belongs to (a `.git` folder, or the `.git` file of a
 * worktree or submodule), or undefined outside any. Looked up by the file system, once per folder.
 */
function workTreeOf(dir: string, known: Map<string, string | undefined>): string | undefined {
  const seen: string[] = [];
  let top: string | undefined;
  for (let d = dir; ; d = path.dirname(d)) {
    if (known.has(d)) {
      top = known.get(d);
      break;
    }
    seen.push(d);
    if (existsSync(path.join(d, '.git'))) {
      top = d;
      break;
    }
    if (path.dirname(d) === d) break;
  }
  for (const d of seen) known.set(d, top);
  return top;
}

/**
 * Files among `files` in no git work tree (no `.git` in their folder or above): a fix written there has no undo
 * that git could give (`git diff` to review it, `git checkout` to restore the file).
 */
export function filesOutsideGit(files: readonly string[]): string[] {
  const known = new Map<string, string | undefined>();
  return files.filter((f) => workTreeOf(path.dirname(realFile(f)), known) === undefined);
}

/**
 * Files among `files` with uncommitted changes (modified, staged or untracked) in the git work tree that
 * holds each of them, wherever the command runs from; files in no work tree, or with git not installed,
 * have nothing to protect. Paths are given to git as literal pathspecs (a file named `:x.ts` is a name,
 * not pathspec magic). Throws a UsageError when git fails in a work tree: nothing says its files are clean.
 */
export function dirtyFiles(files: readonly string[]): string[] {
  const known = new Map<string, string | undefined>();
  const byTree = new Map<string, string[]>();
  for (const f of files) {
    const real = realFile(f);
    const tree = workTreeOf(path.dirname(real), known);
    if (tree === undefined) continue;
    const list = byTree.get(tree);
    if (list) list.push(real);
    else byTree.set(tree, [real]);
  }
  const dirty = new Set<string>();
  for (const [tree, inTree] of byTree) {
    let top: string;
    try {
      top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: tree, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: GIT_STATUS_TIMEOUT_MS, env: GIT_ENV }).trim();
    } catch (error) {
      const e = error as NodeJS.ErrnoException & { stderr?: string };
      // git not installed: there is nothing it could tell.
      if (e.code === 'ENOENT') return [];
      // A `.git` git does not take for a repository (an empty folder, say) holds no commits to protect.
      if (/not a git repository/i.test(e.stderr ?? '')) continue;
      // Anything else (a repository git refuses to read, such as one owned by another user) is not "clean".
      throw new UsageError(`Cannot check the files for uncommitted changes: ${gitFailure(e)}. Use --allow-dirty to fix anyway.`);
    }
    top = realFile(top);
    // In chunks, so a large fix run stays under the command-line length limit.
    for (let start = 0; start < inTree.length; start += 500) {
      const chunk = inTree.slice(start, start + 500);
      let status: string;
      try {
        // `--ignored=matching`: a git-ignored file named on the command line has no copy in git to go back to (issue 28).
        status = execFileSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--ignored=matching', '--', ...chunk.map((f) => path.relative(top, f) || '.')], {
          cwd: top,
          env: GIT_ENV,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          maxBuffer: 64 * 1024 * 1024,
          // git blocks for ever on a FIFO where it expects an ignore file.
          timeout: GIT_STATUS_TIMEOUT_MS,
        });
      } catch (error) {
        // Inside a work tree that git cannot read, nothing says the files are clean: do not assume it.
        throw new UsageError(`Cannot check the files for uncommitted changes: ${gitFailure(error as NodeJS.ErrnoException & { stderr?: string })}. Use --allow-dirty to fix anyway.`);
      }
      const entries = status.split('\0');
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i];
        if (entry.length < 4) continue;
        const code = entry.slice(0, 2);
        dirty.add(path.resolve(top, entry.slice(3)));
        if (code.includes('R') || code.includes('C')) i++; // the next entry is the rename's source
      }
      // Files marked assume-unchanged (a lower-case tag) or skip-worktree (`S`): git status does not look at
      // them, so nothing says they hold no uncommitted work; they count as changed (issue 28).
      let listed = '';
      try {
        listed = execFileSync('git', ['ls-files', '-v', '-z', '--', ...chunk.map((f) => path.relative(top, f) || '.')], { cwd: top, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024, timeout: GIT_STATUS_TIMEOUT_MS });
      } catch (error) {
        throw new UsageError(`Cannot check the files for uncommitted changes: ${gitFailure(error as NodeJS.ErrnoException & { stderr?: string })}. Use --allow-dirty to fix anyway.`);
      }
      for (const entry of listed.split('\0')) {
        if (entry.length < 3) continue;
        const tag = entry[0];
        if (tag === 'S' || (tag >= 'a' && tag <= 'z')) dirty.add(path.resolve(top, entry.slice(2)));
      }
    }
  }
  return files.filter((f) => dirty.has(realFile(f)));
}
