/**
 * Which files a scan reads: walks the given paths, honouring `.gitignore` files (nested ones too, and
 * those of parent folders up to the repository root; a file git tracks is read although they list it, see
 * tracked.ts) and `.collab-migrateignore`, `--include` and
 * `--exclude`; skips dependency and build folders, generated files (see generated.ts) unless asked for, files
 * over the size limit, links that leave the scanned root and link loops. Every file left out for a reason the
 * user may not expect is returned in `skipped` so the summary can say so.
 */
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { fileLanguage, type FileLanguage } from '../../engine/read/language.js';
import { UsageError } from '../errors.js';
import { oversize, readRegularFile } from '../../engine/read/read-file.js';
import { buildFolderReason, generatedByName, GENERATED_REASONS } from './generated.js';
import { IgnoreScope, mayMatch, type ScopeState } from './ignore-scope.js';
import { trackedIgnored, type TrackedIgnored } from './tracked.js';
import { SKIPPED_DIRS } from './prestart.js';
import { markerBit } from '../../engine/project/folder-markers.js';

// The one guarded reader lives in the engine (the catalog and the codemods read through it too).
export { FileTooLarge, formatSize, NotRegularFile, oversize, readRegularFile } from '../../engine/read/read-file.js';

// Folders never entered (node_modules, .git, build caches): listed in prestart.ts, which the size check before the walk uses too.
export { SKIPPED_DIRS } from './prestart.js';

const IGNORE_FILES = ['.gitignore', '.collab-migrateignore'];

export interface WalkOptions {
  cwd: string;
  paths: readonly string[];
  include: readonly string[];
  exclude: readonly string[];
  maxFileSize: number;
  /**
   * Stat every file during the walk (default true): gives `size` and `mtimeMs` (the result cache needs
   * them) and applies the size limit in the walk. Without it the walk costs one system call less per
   * file, and the limit is applied when the file is read (`maxSize`); measured on 26,893 files, the
   * stat calls were 220 ms of a 2.3 s scan.
   */
  stat?: boolean;
  /** Absolute paths never listed (the run's own `--output` report). */
  leaveOut?: readonly string[];
  /** Scan generated files (`--include-generated`) instead of listing them as skipped. */
  includeGenerated?: boolean;
}

export interface FoundFile {
  /** Absolute path. */
  path: string;
  /** Path shown to the user: relative to cwd, forward slashes. */
  display: string;
  language: Exclude<FileLanguage, 'unsupported'>;
  /** Size from the walk's stat; absent when the walk did not stat (`stat: false`). */
  size?: number;
  /** Modification time from the walk's stat (the result cache compares it with size). */
  mtimeMs?: number;
  /** The size limit, when the walk did not apply it: the reader refuses a larger file. */
  maxSize?: number;
  /** The run scans generated files (`--include-generated`): the reader does not skip a text for looking generated. */
  keepGenerated?: true;
  /**
   * A committed bundle with its source map beside it (this path): the reader scans it only when it is the only copy
   * of its code in the repository (generated.ts, `isOnlyCopy`), and its findings are likely, without an autofix.
   */
  bundleMap?: string;
}

export interface SkippedFile {
  display: string;
  reason: string;
}

export interface WalkResult {
  /** The files found, in walk order; empty when they were handed to the `onFile` callback instead (a streaming walk keeps no list). */
  files: FoundFile[];
  skipped: SkippedFile[];
}

/** Forward-slash path of `file` relative to `from`, or undefined when it is not inside `from`. */
function inside(from: string, file: string): string | undefined {
  // The walk's paths are absolute and normalised, so a plain prefix is the common, cheap case.
  if (file.length > from.length && file.startsWith(from) && file[from.length] === path.sep && !from.endsWith(path.sep)) {
    const rel = file.slice(from.length + 1);
    return path.sep === '/' ? rel : rel.split(path.sep).join('/');
  }
  const rel = path.relative(from, file);
  if (rel === '') return '';
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep).join('/');
}

/** Ignore-file lines at least this long are compiled on their own first (shorter ones always compile). */
const LONG_PATTERN = 1000;

/**
 * Whether the `ignore` library can compile `pattern`: V8 refuses a regular expression past its size limit (a line of
 * 40,000 `{`), and the library compiles a rule on its first test, in the middle of the walk, which then ended in an
 * internal error. Tested alone and after `*`, so a negation (`!...`) and a folder's form (`x/`) are compiled too.
 */
export function compilesAsIgnoreRule(pattern: string): boolean {
  try {
    for (const rules of [[pattern], ['*', pattern]]) {
      const ig = ignore().add(rules);
      ig.test('x');
      ig.test('x/');
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * `text` (an ignore file, or a list of patterns one a line) less the lines that cannot be compiled: each is told to
 * `bad` with its line number and length, and becomes an empty line (which matches nothing). Only long lines are
 * compiled here; a text without one is returned as it is.
 */
export function compilableRules(text: string, bad: (line: number, length: number) => void): string {
  if (!/[^\n]{1000}/.test(text)) return text;
  return text
    .split('\n')
    .map((line, i) => {
      if (line.length < LONG_PATTERN || compilesAsIgnoreRule(line)) return line;
      bad(i + 1, line.length);
      return '';
    })
    .join('\n');
}

/** The user's `--include` or `--exclude` patterns, checked as ignore rules: one that cannot be compiled is a usage error. */
function patternsOf(patterns: readonly string[], option: string): Ignore | undefined {
  if (patterns.length === 0) return undefined;
  for (const p of patterns) {
    if (p.length >= LONG_PATTERN && !compilesAsIgnoreRule(p)) throw new UsageError(`Invalid ${option} pattern "${p.slice(0, 40)}…" (${p.length} characters): too large to compile.`);
  }
  return ignore().add([...patterns]);
}

/** Said of an ignore file's line that cannot be compiled (it is left out of the rules). */
export type BadIgnoreLine = (file: string, reason: string) => void;

/**
 * The ignore files of `dir`, read into one set of rules, or undefined when it has none. A line that cannot be compiled
 * is left out of the rules and told to `bad`.
 */
function readIgnore(dir: string, names?: ReadonlySet<string>, bad?: BadIgnoreLine): IgnoreRules | undefined {
  const texts: string[] = [];
  const own: string[] = [];
  for (const name of IGNORE_FILES) {
    // With the folder's listing at hand, only read ignore files that exist (a failed read costs a throw).
    if (names && !names.has(name)) continue;
    let text: string;
    try {
      // Not a plain read: an ignore file that is a FIFO would block the walk.
      text = readRegularFile(path.join(dir, name)).toString('utf8');
    } catch {
      continue;
    }
    text = compilableRules(text, (line, length) => bad?.(path.join(dir, name), `line ${line} not applied: a pattern of ${length} characters, too large to compile`));
    texts.push(text);
    if (name !== '.gitignore') own.push(text);
  }
  return texts.length > 0 ? new LazyRules(dir, texts, own) : undefined;
}

/**
 * A folder's rules, whose `ignore` matcher is built on first use: the walk asks it only about names its
 * {@link IgnoreScope} says a pattern may match, and most ignore files are never asked (sentry-javascript has
 * 163 `.gitignore` files; parsing their 3,769 lines into the library's rules was ~25 ms of a cold walk).
 */
class LazyRules implements IgnoreRules {
  readonly scope: IgnoreScope;
  private built: Ignore | undefined;
  private builtOwn: Ignore | null | undefined;

  constructor(
    readonly dir: string,
    private readonly texts: readonly string[],
    /** The texts of `.collab-migrateignore` alone (a file git tracks is still left out by them). */
    private readonly ownTexts: readonly string[] = [],
  ) {
    this.scope = new IgnoreScope(texts);
  }

  /** The rules of `.collab-migrateignore` alone, or undefined when the folder has none. */
  get own(): Ignore | undefined {
    if (this.builtOwn === undefined) this.builtOwn = this.ownTexts.length > 0 ? ignore().add([...this.ownTexts]) : null;
    return this.builtOwn ?? undefined;
  }

  get ig(): Ignore {
    if (!this.built) {
      const ig = ignore();
      for (const text of this.texts) ig.add(text);
      this.built = ig;
    }
    return this.built;
  }
}

function findRepoRoot(start: string): string | undefined {
  let dir = start;
  for (;;) {
    try {
      lstatSync(path.join(dir, '.git'));
      return dir;
    } catch {
      /* keep looking */
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** `2mb`, `500KB`, `1048576` -> bytes. */
export function parseSize(value: string | number, name = '--max-file-size'): number {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|k|mb|m|gb|g)?\s*$/i.exec(String(value));
  if (!m) throw new UsageError(`Invalid ${name} "${value}": expected a size such as 2mb, 500kb or 1048576.`);
  const unit = (m[2] ?? 'b').toLowerCase()[0];
  const factor = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  const bytes = Math.floor(Number(m[1]) * factor);
  if (bytes <= 0) throw new UsageError(`Invalid ${name} "${value}": must be more than 0.`);
  return bytes;
}

/**
 * Walks the paths of `opts`; throws a UsageError for a path that does not exist. With `onFile`, each file found goes
 * to it as it is found, in the order of the result (the walker thread streams them to the scan with it), and `files`
 * stays empty. `listed`: folders listed already (prestart.ts, `peekTree`), by the path the walk builds for them; the
 * walk takes their entries instead of listing them again. `onFolder`: told of each folder listed, before any file in
 * it, with the engine's folder markers its listing may hold (engine/project/folder-markers.ts).
 */
export function findFiles(opts: WalkOptions, onFile?: (file: FoundFile) => void, listed?: ReadonlyMap<string, Dirent[]>, onFolder?: (dir: string, markers: number) => void): WalkResult {
  const files: FoundFile[] = [];
  const skipped: SkippedFile[] = [];
  const seen = new Set<string>();
  const include = patternsOf(opts.include, '--include');
  const exclude = patternsOf(opts.exclude, '--exclude');
  const cwd = path.resolve(opts.cwd);
  const display = (p: string): string => {
    const fast = inside(cwd, p);
    if (fast !== undefined && fast !== '') return fast;
    const rel = path.relative(opts.cwd, p);
    return (rel === '' ? '.' : rel).split(path.sep).join('/');
  };

  // An ignore file's line that cannot be compiled is listed with the skipped entries, naming the file and the line.
  const badIgnoreLine: BadIgnoreLine = (file, reason) => skipped.push({ display: display(file), reason });

  // Match --include/--exclude against the path relative to cwd (or to the scanned root outside cwd).
  const selectedByGlobs = (file: string, root: string): boolean => {
    if (!exclude && !include) return true;
    const rel = inside(opts.cwd, file) ?? inside(root, file) ?? path.basename(file);
    if (rel === '') return true;
    if (exclude?.ignores(rel)) return false;
    if (include && !include.ignores(rel)) return false;
    return true;
  };

  const stat = opts.stat ?? true;
  const keepGenerated = opts.includeGenerated === true;
  const leaveOut = new Set(opts.leaveOut);
  const found = (file: FoundFile): void => {
    if (leaveOut.has(file.path)) return;
    // A streaming walk (the walker thread) hands each file on and keeps no list of its own: at 100,000 files
    // that list was a second copy of every path in the walker thread's heap.
    if (onFile) onFile(file);
    else files.push(file);
  };
  /**
   * `generated`: why the walk takes the file for generated (its folder, its name, a source map beside it).
   * The walk passes what it knows already: the file's language (from its name) and display path.
   */
  const addFile = (file: string, stats: Stats | undefined, root: string, explicit: boolean, knownReal?: string, generated?: string, knownLanguage?: FileLanguage, shown?: string): void => {
    const real = knownReal ?? safeRealpath(file) ?? file;
    if (seen.has(real)) return;
    const language = knownLanguage ?? fileLanguage(file);
    if (language === 'unsupported') {
      if (explicit) skipped.push({ display: display(file), reason: 'not a file type collab-migrate reads' });
      return;
    }
    if (!selectedByGlobs(file, root)) return;
    seen.add(real);
    const shownAs = shown ?? display(file);
    // A bundle with its map beside it is the only copy of its code when the map's sources are not in the repository:
    // the reader decides (it reads the bundle's text, and the map only when the text names the platform's API).
    const bundleMap = generated === GENERATED_REASONS.sourceMap && !keepGenerated && (language === 'js' || language === 'ts') ? `${file}.map` : undefined;
    // Before the size limit: a 3 MB `webex.min.js` is a generated bundle, not a source left unanalysed.
    if (generated !== undefined && !keepGenerated && bundleMap === undefined) {
      skipped.push({ display: shownAs, reason: generated });
      return;
    }
    if (!stats) {
      found(keepGenerated ? { path: file, display: shownAs, language, maxSize: opts.maxFileSize, keepGenerated } : bundleMap ? { path: file, display: shownAs, language, maxSize: opts.maxFileSize, bundleMap } : { path: file, display: shownAs, language, maxSize: opts.maxFileSize });
      return;
    }
    if (stats.size > opts.maxFileSize) {
      skipped.push({ display: shownAs, reason: bundleMap ? generated! : oversize(stats.size, opts.maxFileSize) });
      return;
    }
    found(
      keepGenerated
        ? { path: file, display: shownAs, language, size: stats.size, mtimeMs: stats.mtimeMs, keepGenerated }
        : bundleMap
          ? { path: file, display: shownAs, language, size: stats.size, mtimeMs: stats.mtimeMs, bundleMap }
          : { path: file, display: shownAs, language, size: stats.size, mtimeMs: stats.mtimeMs },
    );
  };

  // Every path is checked before any file is found, so a typo fails the run before anything is read.
  const given = (opts.paths.length ? opts.paths : ['.']).map((name) => {
    const start = path.resolve(opts.cwd, name);
    let stats: Stats;
    try {
      stats = statSync(start);
    } catch {
      throw new UsageError(`No such file or directory: ${name}`);
    }
    if (!stats.isFile() && !stats.isDirectory()) throw new UsageError(`Not a file or directory: ${name}`);
    return { name, start, stats };
  });
  for (const { start, stats } of given) {
    if (stats.isFile()) {
      // A file named on the command line: its folder is the user's choice, its name and a source map beside it still count.
      const dir = path.dirname(start);
      const generated = keepGenerated ? undefined : generatedByName(path.basename(start), (map) => statSync(path.join(dir, map), { throwIfNoEntry: false })?.isFile() ?? false);
      addFile(start, stats, dir, true, undefined, generated);
      continue;
    }

    const rootReal = safeRealpath(start) ?? start;
    // Ignore files of parent folders up to the repository root apply too.
    const inherited: IgnoreRules[] = [];
    const repo = findRepoRoot(start);
    // Asked of git only when the walk first leaves out an entry by the ignore files (in a fresh clone, where
    // ignored files are rarely there at all, git is mostly never run).
    let tracked: TrackedIgnored | null | undefined;
    const trackedOf = (): TrackedIgnored | null => (tracked ??= repo ? (trackedIgnored(start, repo) ?? null) : null);
    if (repo && repo !== start) {
      const chain: string[] = [];
      for (let d = path.dirname(start); ; d = path.dirname(d)) {
        chain.unshift(d);
        if (d === repo || path.dirname(d) === d) break;
      }
      for (const d of chain) {
        const rules = readIgnore(d, undefined, badIgnoreLine);
        if (rules) inherited.push(rules);
      }
    }
    const visitedDirs = new Set<string>();
    // Folders being listed, the innermost last, each with the index of its next entry: a stack, not
    // recursion, so depth is not limited by the call stack; entries are visited depth first in sorted order.
    const stack: Folder[] = [];
    const links: { folder: Folder; entry: Dirent }[] = [];
    let deferred = false;
    const rootShown = inside(cwd, start);
    walkDir(
      start,
      rootReal,
      inherited.map((rules) => {
        const rel = inside(rules.dir, start);
        if (rel === undefined || rel === '') return { rules, rel, state: rules.scope.root, ignored: false };
        // The scanned folder itself may be ignored by a parent's rules (its files are then ignored too).
        const state = rel.split('/').reduce((at, name) => rules.scope.enter(at, name), rules.scope.root);
        return { rules, rel: `${rel}/`, state, ignored: rules.ig.test(`${rel}/`).ignored };
      }),
      rootShown === undefined ? undefined : rootShown === '' ? '' : `${rootShown}/`,
      undefined,
    );
    drain();
    deferred = true;
    // (A link met inside a folder reached through a link is followed at once.)
    for (const link of links) {
      visitEntry(link.folder, link.entry);
      drain();
    }

    function drain(): void {
      for (let top = stack.at(-1); top; top = stack.at(-1)) {
        if (top.next < top.entries.length) visitEntry(top, top.entries[top.next++]);
        else stack.pop();
      }
    }

    /** Whether the ignore rules in force in `folder` leave out its entry `name`. */
    function isIgnored(folder: Folder, name: string, isDir: boolean): boolean {
      const { levels } = folder;
      // As git does: the deepest ignore file with a matching pattern decides (so `!x` can re-include).
      for (let i = levels.length - 1; i >= 0; i--) {
        const level = levels[i];
        if (level.rel === undefined) continue;
        // No pattern of this file can match the name: the library would answer with the folder's verdict.
        if (!mayMatch(level.state.filter, name)) {
          if (level.ignored) return true;
          continue;
        }
        const verdict = level.rules.ig.test(isDir ? `${level.rel}${name}/` : level.rel + name);
        if (verdict.ignored) return true;
        if (verdict.unignored) return false;
      }
      return false;
    }

    /**
     * Whether an entry the ignore files leave out is kept all the same: git tracks it (a file), or a file git
     * tracks lies below it (a folder), and no `.collab-migrateignore` leaves it out. Git never ignores a file it
     * tracks; a repository may commit sources under a folder its `.gitignore` names.
     */
    function keptTracked(folder: Folder, name: string, full: string, isDir: boolean): boolean {
      const known = trackedOf();
      if (!known || !(isDir ? known.folders.has(full) : known.files.has(full))) return false;
      const { levels } = folder;
      for (let i = levels.length - 1; i >= 0; i--) {
        const level = levels[i];
        const own = level.rules.own;
        if (level.rel === undefined || !own) continue;
        const verdict = own.test(isDir ? `${level.rel}${name}/` : level.rel + name);
        if (verdict.ignored) return false;
        if (verdict.unignored) return true;
      }
      return true;
    }

    /** The ignore file `level` in the folder `name` of the folder it was in. */
    function below(level: IgnoreLevel, name: string): IgnoreLevel {
      if (level.rel === undefined) return level;
      const rel = `${level.rel}${name}/`;
      // The same as the library's test of the folder (asked already by isIgnored, so from its cache).
      const ignored = level.ignored || (mayMatch(level.state.filter, name) && level.rules.ig.test(rel).ignored);
      return { rules: level.rules, rel, state: level.rules.scope.enter(level.state, name), ignored };
    }

    // `real` is the folder's real path: entries that are not links get theirs by joining, so only links
    // cost a realpath call (a realpath per file was most of the walk's time on large repositories).
    // `levels`: the ignore files in force, the deepest last. `shown`: the folder's path relative to cwd,
    // ending in '/' ('' for cwd, undefined outside it).
    // `generated`: the reason files below are generated, when a folder on the way from the scanned root is build output.
    function walkDir(dir: string, real: string, levels: readonly IgnoreLevel[], shown: string | undefined, generated: string | undefined): void {
      if (visitedDirs.has(real)) return; // a link loop, or a folder reached twice through links
      visitedDirs.add(real);
      let entries;
      try {
        entries = listed?.get(dir) ?? readdirSync(dir, { withFileTypes: true });
      } catch (error) {
        skipped.push({ display: display(dir) + '/', reason: `cannot read folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` });
        return;
      }
      const names = new Set<string>();
      let maps = false;
      let markers = 0;
      for (const e of entries) {
        if (onFolder) markers |= markerBit(e.name);
        if (e.isDirectory()) continue;
        names.add(e.name);
        if (!maps && e.name.endsWith('.map')) maps = true;
      }
      onFolder?.(dir, markers);
      const own = readIgnore(dir, names, badIgnoreLine);
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const prefix = withSep(dir);
      stack.push({
        dir,
        prefix,
        real,
        realPrefix: real === dir ? prefix : withSep(real),
        shown,
        levels: own ? [...levels, { rules: own, rel: '', state: own.scope.root, ignored: false }] : levels,
        names,
        maps,
        generated,
        entries,
        next: 0,
      });
    }

    function visitEntry(folder: Folder, entry: Dirent): void {
      const { name } = entry;
      const full = folder.prefix + name;
      // A name that is not UTF-8 comes back with U+FFFD in it and no longer names the file.
      if (name.includes('\uFFFD') && !lstatSync(full, { throwIfNoEntry: false })) {
        const isFolder = entry.isDirectory();
        if ((isFolder || fileLanguage(name) !== 'unsupported') && !isIgnored(folder, name, isFolder)) {
          skipped.push({ display: shownOf(folder, name, full) + (isFolder ? '/' : ''), reason: 'name is not valid UTF-8 (cannot be opened by it)' });
        }
        return;
      }
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      let stats: Stats | undefined;
      let fullReal = folder.real === folder.dir ? full : folder.realPrefix + name;
      if (entry.isSymbolicLink() && !deferred) {
        // Links inside the root are followed after the walk, so a file reached both directly and
        // through a link is reported (and fixed) under its own path.
        links.push({ folder, entry });
        return;
      }
      if (entry.isSymbolicLink()) {
        const resolved = resolveLink(full);
        if ('error' in resolved) {
          const reason = resolved.error === 'ELOOP' ? 'symbolic link loop' : resolved.error === 'ENOENT' ? 'broken symbolic link' : `cannot follow symbolic link (${resolved.error})`;
          if (fileLanguage(name) !== 'unsupported' && !isIgnored(folder, name, false)) skipped.push({ display: shownOf(folder, name, full), reason });
          return;
        }
        const target = resolved.real;
        if (inside(rootReal, target) === undefined) {
          if (!isIgnored(folder, name, false)) skipped.push({ display: shownOf(folder, name, full), reason: 'symbolic link to outside the scanned folder (not followed)' });
          return;
        }
        try {
          stats = statSync(full);
        } catch {
          return;
        }
        isDir = stats.isDirectory();
        isFile = stats.isFile();
        fullReal = target;
      }
      if (!isDir && !isFile) {
        // A FIFO, socket or device: opening a FIFO would block the scan for ever, so it is never opened.
        if (fileLanguage(name) !== 'unsupported' && !isIgnored(folder, name, false)) skipped.push({ display: shownOf(folder, name, full), reason: `not a regular file (${specialKind(stats ?? entry)})` });
        return;
      }
      if (isDir) {
        if (SKIPPED_DIRS.has(name)) return;
        if (isIgnored(folder, name, true) && !keptTracked(folder, name, full, true)) return;
        const { shown, generated } = folder;
        walkDir(
          full,
          fullReal,
          folder.levels.map((level) => below(level, name)),
          shown === undefined ? undefined : `${shown}${name}/`,
          keepGenerated ? undefined : (generated ?? buildFolderReason(name, folder.names)),
        );
      } else if (isFile) {
        const language = fileLanguage(name);
        if (language === 'unsupported') return;
        if (isIgnored(folder, name, false) && !keptTracked(folder, name, full, false)) return;
        try {
          if (stat) stats ??= statSync(full);
        } catch (error) {
          skipped.push({ display: shownOf(folder, name, full), reason: `cannot read (${(error as NodeJS.ErrnoException).code ?? 'error'})` });
          return;
        }
        const generated = keepGenerated ? undefined : (folder.generated ?? generatedByName(name, folder.maps ? folder.names : NO_NAMES));
        addFile(full, stats, start, false, fullReal, generated, language, folder.shown === undefined ? undefined : folder.shown + name);
      }
    }

    /** The display path of entry `name` of `folder`, whose full path is `full`. */
    function shownOf(folder: Folder, name: string, full: string): string {
      return folder.shown === undefined ? display(full) : folder.shown + name;
    }
  }
  return { files, skipped };
}

/** The rules of a folder's ignore files, the folder their patterns are relative to, and what they can match. */
interface IgnoreRules {
  readonly dir: string;
  readonly ig: Ignore;
  readonly scope: IgnoreScope;
  /** The rules of the folder's `.collab-migrateignore` alone. */
  readonly own: Ignore | undefined;
}

/** One folder's ignore files, as they stand in a folder at or below theirs. */
interface IgnoreLevel {
  rules: IgnoreRules;
  /** The folder's path relative to `rules.dir`: '' there, else ending in '/'; undefined when outside it (never applies). */
  rel: string | undefined;
  /** Which names the patterns may match in the folder. */
  state: ScopeState;
  /** Whether the library ignores the folder itself by these rules (then everything in it). */
  ignored: boolean;
}

/** A folder the walk is listing: its entries, the next one to visit, and what holds for all of them. */
interface Folder {
  dir: string;
  /** `dir` with a path separator at the end: an entry's path is this plus its name. */
  prefix: string;
  /** The folder's real path, and the same with a separator at the end. */
  real: string;
  realPrefix: string;
  /** The folder's display path with '/' at the end ('' for cwd itself); undefined outside cwd. */
  shown: string | undefined;
  /** The ignore files in force, the deepest last. */
  levels: readonly IgnoreLevel[];
  /** The names of the files in `dir` (a source map beside a file, a package.json beside a build folder). */
  names: ReadonlySet<string>;
  /** Whether a name in `names` ends in `.map` (else no file here has a source map beside it). */
  maps: boolean;
  /** Why files here are generated, when a folder above is build output. */
  generated: string | undefined;
  /** Sorted by name. */
  entries: Dirent[];
  next: number;
}

const NO_NAMES: ReadonlySet<string> = new Set();

/** `dir` with a path separator at the end (a root such as `/` has one already). */
function withSep(dir: string): string {
  return dir.endsWith(path.sep) ? dir : dir + path.sep;
}

function specialKind(entry: Pick<Stats, 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice'>): string {
  if (entry.isFIFO()) return 'a named pipe';
  if (entry.isSocket()) return 'a socket';
  if (entry.isCharacterDevice() || entry.isBlockDevice()) return 'a device';
  return 'unknown type';
}

function resolveLink(p: string): { real: string } | { error: string } {
  try {
    return { real: realpathSync(p) };
  } catch (error) {
    return { error: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  }
}

function safeRealpath(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

