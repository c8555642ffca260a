/**
 * Which files a scan reads: walks the given paths, honouring `.gitignore` files (nested ones too, and
 * those of parent folders up to the repository root) and `.collab-migrateignore`, `--include` and
 * `--exclude`; skips dependency and build folders, generated files (see generated.ts) unless asked for, files
 * over the size limit, links that leave the scanned root and link loops. Every file left out for a reason the
 * user may not expect is returned in `skipped` so the summary can say so.
 */
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { fileLanguage, type FileLanguage } from '../../engine/language.js';
import { UsageError } from '../errors.js';
import { oversize, readRegularFile } from '../../engine/read-file.js';
import { buildFolderReason, generatedByName } from './generated.js';

// The one guarded reader lives in the engine (the catalog and the codemods read through it too).
export { FileTooLarge, formatSize, NotRegularFile, oversize, readRegularFile } from '../../engine/read-file.js';

/**
 * Folders never entered: dependencies, VCS data and usual build output. (`dist/` is entered: its files are
 * listed as generated, and `--include-generated` scans them.)
 */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set([
  'node_modules', '.git', '.hg', '.svn', 'coverage', '.next', '.nuxt', '.output',
  '.svelte-kit', '.turbo', '.cache', '.yarn', 'bower_components', 'jspm_packages', '.collab-migrate-cache',
]);

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
}

export interface SkippedFile {
  display: string;
  reason: string;
}

export interface WalkResult {
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

function readIgnore(dir: string, names?: ReadonlySet<string>): Ignore | undefined {
  let ig: Ignore | undefined;
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
    ig ??= ignore();
    ig.add(text);
  }
  return ig;
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
 * Walks the paths; throws a UsageError for a path that does not exist. `onFile` is told of each file as
 * it is found, in the order of the result (the walker thread streams them to the scan with it).
 */
export function findFiles(opts: WalkOptions, onFile?: (file: FoundFile) => void): WalkResult {
  const files: FoundFile[] = [];
  const skipped: SkippedFile[] = [];
  const seen = new Set<string>();
  const include = opts.include.length ? ignore().add([...opts.include]) : undefined;
  const exclude = opts.exclude.length ? ignore().add([...opts.exclude]) : undefined;
  const cwd = path.resolve(opts.cwd);
  const display = (p: string): string => {
    const fast = inside(cwd, p);
    if (fast !== undefined && fast !== '') return fast;
    const rel = path.relative(opts.cwd, p);
    return (rel === '' ? '.' : rel).split(path.sep).join('/');
  };

  // Match --include/--exclude against the path relative to cwd (or to the scanned root outside cwd).
  const selectedByGlobs = (file: string, root: string): boolean => {
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
    files.push(file);
    onFile?.(file);
  };
  /** `generated`: why the walk takes the file for generated (its folder, its name, a source map beside it). */
  const addFile = (file: string, stats: Stats | undefined, root: string, explicit: boolean, knownReal?: string, generated?: string): void => {
    const real = knownReal ?? safeRealpath(file) ?? file;
    if (seen.has(real)) return;
    const language = fileLanguage(file);
    if (language === 'unsupported') {
      if (explicit) skipped.push({ display: display(file), reason: 'not a file type collab-migrate reads' });
      return;
    }
    if (!selectedByGlobs(file, root)) return;
    seen.add(real);
    // Before the size limit: a 3 MB `webex.min.js` is a generated bundle, not a source left unanalysed.
    if (generated !== undefined && !keepGenerated) {
      skipped.push({ display: display(file), reason: generated });
      return;
    }
    const keep = keepGenerated ? { keepGenerated: true as const } : {};
    if (!stats) {
      found({ path: file, display: display(file), language, maxSize: opts.maxFileSize, ...keep });
      return;
    }
    if (stats.size > opts.maxFileSize) {
      skipped.push({ display: display(file), reason: oversize(stats.size, opts.maxFileSize) });
      return;
    }
    found({ path: file, display: display(file), language, size: stats.size, mtimeMs: stats.mtimeMs, ...keep });
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
    const inherited: { dir: string; ig: Ignore }[] = [];
    const repo = findRepoRoot(start);
    if (repo && repo !== start) {
      const chain: string[] = [];
      for (let d = path.dirname(start); ; d = path.dirname(d)) {
        chain.unshift(d);
        if (d === repo || path.dirname(d) === d) break;
      }
      for (const d of chain) {
        const ig = readIgnore(d);
        if (ig) inherited.push({ dir: d, ig });
      }
    }
    const visitedDirs = new Set<string>();
    // Entries still to visit, the next one last: a stack, not recursion, so depth is not limited by the
    // call stack; popping in this order visits folders depth first in sorted order.
    const pending: PendingEntry[] = [];
    const links: PendingEntry[] = [];
    let deferred = false;
    walkDir(start, rootReal, inherited, undefined);
    drain();
    deferred = true;
    // (A link met inside a folder reached through a link is followed at once.)
    for (const link of links) {
      visitEntry(link);
      drain();
    }

    function drain(): void {
      for (let next = pending.pop(); next; next = pending.pop()) visitEntry(next);
    }

    function isIgnored(p: string, isDir: boolean, rules: readonly { dir: string; ig: Ignore }[]): boolean {
      // As git does: the deepest ignore file with a matching pattern decides (so `!x` can re-include).
      for (let i = rules.length - 1; i >= 0; i--) {
        const { dir, ig } = rules[i];
        const rel = inside(dir, p);
        if (rel === undefined || rel === '') continue;
        const verdict = ig.test(isDir ? `${rel}/` : rel);
        if (verdict.ignored) return true;
        if (verdict.unignored) return false;
      }
      return false;
    }

    // `real` is the folder's real path: entries that are not links get theirs by joining, so only links
    // cost a realpath call (a realpath per file was most of the walk's time on large repositories).
    // `generated`: the reason files below are generated, when a folder on the way from the scanned root is build output.
    function walkDir(dir: string, real: string, rules: readonly { dir: string; ig: Ignore }[], generated: string | undefined): void {
      if (visitedDirs.has(real)) return; // a link loop, or a folder reached twice through links
      visitedDirs.add(real);
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch (error) {
        skipped.push({ display: display(dir) + '/', reason: `cannot read folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` });
        return;
      }
      const names = new Set(entries.filter((e) => !e.isDirectory()).map((e) => e.name));
      const own = readIgnore(dir, names);
      const active = own ? [...rules, { dir, ig: own }] : rules;
      entries.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
      for (const entry of entries) pending.push({ dir, real, entry, rules: active, names, generated });
    }

    function visitEntry(item: PendingEntry): void {
      const { dir, real, entry, rules: active, names, generated } = item;
      const full = path.join(dir, entry.name);
      // A name that is not UTF-8 comes back with U+FFFD in it and no longer names the file.
      if (entry.name.includes('\uFFFD') && !lstatSync(full, { throwIfNoEntry: false })) {
        const folder = entry.isDirectory();
        if ((folder || fileLanguage(full) !== 'unsupported') && !isIgnored(full, folder, active)) {
          skipped.push({ display: display(full) + (folder ? '/' : ''), reason: 'name is not valid UTF-8 (cannot be opened by it)' });
        }
        return;
      }
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      let stats: Stats | undefined;
      let fullReal = path.join(real, entry.name);
      if (entry.isSymbolicLink() && !deferred) {
        // Links inside the root are followed after the walk, so a file reached both directly and
        // through a link is reported (and fixed) under its own path.
        links.push(item);
        return;
      }
      if (entry.isSymbolicLink()) {
        const resolved = resolveLink(full);
        if ('error' in resolved) {
          const reason = resolved.error === 'ELOOP' ? 'symbolic link loop' : resolved.error === 'ENOENT' ? 'broken symbolic link' : `cannot follow symbolic link (${resolved.error})`;
          if (fileLanguage(full) !== 'unsupported' && !isIgnored(full, false, active)) skipped.push({ display: display(full), reason });
          return;
        }
        const target = resolved.real;
        if (inside(rootReal, target) === undefined) {
          if (!isIgnored(full, false, active)) skipped.push({ display: display(full), reason: 'symbolic link to outside the scanned folder (not followed)' });
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
        if (fileLanguage(full) !== 'unsupported' && !isIgnored(full, false, active)) skipped.push({ display: display(full), reason: `not a regular file (${specialKind(stats ?? entry)})` });
        return;
      }
      if (isDir) {
        if (SKIPPED_DIRS.has(entry.name)) return;
        if (isIgnored(full, true, active)) return;
        walkDir(full, fullReal, active, keepGenerated ? undefined : (generated ?? buildFolderReason(entry.name, names)));
      } else if (isFile) {
        if (fileLanguage(full) === 'unsupported') return;
        if (isIgnored(full, false, active)) return;
        try {
          if (stat) stats ??= statSync(full);
        } catch (error) {
          skipped.push({ display: display(full), reason: `cannot read (${(error as NodeJS.ErrnoException).code ?? 'error'})` });
          return;
        }
        addFile(full, stats, start, false, fullReal, keepGenerated ? undefined : (generated ?? generatedByName(entry.name, names)));
      }
    }
  }
  return { files, skipped };
}

/** One folder entry the walk has yet to visit, with the ignore rules in force there. */
interface PendingEntry {
  dir: string;
  /** The folder's real path. */
  real: string;
  entry: Dirent;
  rules: readonly { dir: string; ig: Ignore }[];
  /** The names of the files in `dir` (a source map beside a file, a package.json beside a build folder). */
  names: ReadonlySet<string>;
  /** Why files here are generated, when a folder above is build output. */
  generated: string | undefined;
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

