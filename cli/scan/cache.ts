/**
 * The scan result cache (`--cache`, `--cache-location`). One JSON file per cache key, where the key is the
 * catalog hash, the selected notices, the engine options and the tool version: everything besides the
 * text that changes what the engine reports for a file. Per file it keeps the size and modification time
 * seen last, a hash of the content and the engine's outcome (matches, or why the file is skipped).
 * Severities and suppressions depend on the run's dates, so they are recomputed from the cached matches.
 *
 * A second run on an unchanged repository reads no file whose size and modification time are unchanged
 * (the walk has already stat-ed them), except files with findings or suppression comments, whose text the
 * report needs. A file whose time changed but whose content did not is read and hashed, not re-analysed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Match } from '../../engine/types.js';
import { readRegularFile, type FoundFile, type SkippedFile } from '../walk/files.js';
import { hasDirectives } from '../../engine/findings/suppressions.js';
import { analyzeText, prefiltered, readText, toFindings, type Finding, type ScanContext, type ScannedFile } from './scan-core.js';
import type { Suppression } from '../../engine/findings/suppressions.js';
import { analysis } from './analysis.js';
import { dependencyState, unlisted } from '../../engine/project/journal.js';

/** Format of the cache file; bump when the entry shape changes. */
const CACHE_FORMAT = 5;

/**
 * A file whose modification time is this close to (or after) the start of the run that cached it is
 * "racy", as git calls it: it may have changed again within the same timestamp tick (whole seconds on some
 * file systems) after it was read, with the same size. Such an entry is not trusted: the file is read and
 * hashed again (and analysed again only if its content changed).
 */
const RACY_MS = 2_000;

/** A larger cache file is not read (it is not one this tool wrote for a repository of any usual size). */
const MAX_CACHE_BYTES = 512 * 1024 * 1024;

/** What the engine said about one file's text, before dates and suppressions. */
export type Outcome =
  | {
      matches: Match[];
      directives: boolean;
      /** the file does not parse: text-level matches only */
      unanalysed?: string;
      /**
       * What the analysis read besides the file (engine/project/journal.ts): imported modules, importers, pages,
       * environment and configuration files as path -> sha1 of their text, folders' listings and probes (the
       * project root, the configuration a resolution reads): the entry holds while every one is unchanged.
       */
      dependencies?: Record<string, string>;
    }
  | { reason: string };

/** One file read (and analysed unless its content hash was already known). */
export type Computed =
  | { kind: 'skipped'; reason: string; /** false for unreadable files: try again next run */ remember: boolean }
  | {
      kind: 'read';
      /** sha1 of the text; absent when not asked for (no cache). */
      hash?: string;
      /** absent when the hash equals the known one: not analysed again */
      outcome?: Outcome;
      text?: string;
    };

interface Entry {
  size: number;
  mtimeMs: number;
  /** sha1 of the text; absent for files skipped before they were decoded (binary, not UTF-8, minified). */
  hash?: string;
  outcome: Outcome;
}

interface CacheFile {
  format: number;
  key: string;
  /** When the run that wrote the cache started (ms since the epoch): entries modified after it, less RACY_MS, are racy. */
  startedAt: number;
  entries: Record<string, Entry>;
}

/** Counters for the tests and the bench. */
export interface CacheStats {
  /** Size and time unchanged: taken from the cache without analysis. */
  hits: number;
  /** Time changed, content unchanged: read and hashed, not analysed. */
  rehashed: number;
  /** Analysed. */
  misses: number;
}


export { defaultCacheLocation } from './cache-location.js';

/** The cache key of a run: everything besides the text that changes the engine's outcome for a file. */
export function cacheKey(ctx: ScanContext, version: string, read: { includeGenerated?: boolean } = {}): string {
  const a = ctx.analyze;
  const engine = Object.entries(a.engine ?? {})
    .filter(([, v]) => v !== undefined)
    .sort(([x], [y]) => (x < y ? -1 : 1));
  // A generated file is a remembered skip without `--include-generated` and a scanned file with it.
  const parts = { version, catalog: a.catalog.hash, notices: a.notices.map((n) => n.id).sort(), engine, ...(read.includeGenerated ? { includeGenerated: true } : {}) };
  return createHash('sha1').update(JSON.stringify(parts)).digest('hex');
}

export const hashText = (text: string): string => createHash('sha1').update(text).digest('hex');

/**
 * Reads, hashes (when `hash`: only the cache needs it) and, unless the hash is `knownHash`, analyses one
 * file. Runs in the main thread or a worker.
 */
export function computeFile(file: FoundFile, ctx: ScanContext, knownHash?: string, hash = true): Computed {
  const read = readText(file, ctx.analyze.prefilter !== false);
  if ('reason' in read) return skippedFile(read.reason);
  const digest = hash ? hashText(read.text) : undefined;
  if (digest !== undefined && digest === knownHash) return { kind: 'read', hash: digest, text: read.text };
  // Searched now: the bytes are in a buffer the next read reuses (the analysis reads imported modules). Without the
  // cache a file the prefilter rules out is not given to the engine, as the walker thread does not give it: the
  // engine's own gates cost 1.4x its decision on such files (no outcome to cache, so no modules it read to record).
  // With it or without, a JavaScript or TypeScript file without any token that the engine would not parse is decided
  // without loading the analysis (scan-core.ts, `prefiltered`; its outcome is the engine's, so it is cached).
  const decided = prefiltered(file, read.text, read.bytes, ctx, !hash);
  if (decided.skip) return { kind: 'read', ...(digest !== undefined ? { hash: digest } : {}), outcome: { matches: [], directives: hasDirectives(read.text) }, text: read.text };
  return { kind: 'read', ...(digest !== undefined ? { hash: digest } : {}), outcome: outcomeOf(file, read.text, ctx, decided.present), text: read.text };
}

/** A file that could not be read as text; unreadable files are not remembered, so the next run tries again. */
export function skippedFile(reason: string): Computed {
  return { kind: 'skipped', reason, remember: !reason.startsWith('cannot read') };
}

/** The engine's outcome for a file's text (`present`: the prefilter's tokens, when the walker thread found them). */
export function outcomeOf(file: FoundFile, text: string, ctx: ScanContext, present?: ReadonlySet<string>): Outcome {
  const analysed = analyzeText(file, text, ctx, present);
  if ('reason' in analysed) return analysed;
  const outcome: Outcome = { matches: analysed.matches, directives: hasDirectives(text) };
  if (analysed.unanalysed) outcome.unanalysed = analysed.unanalysed;
  if (analysed.dependencies) outcome.dependencies = analysed.dependencies;
  return outcome;
}

/** Whether the report will need a file's text for this outcome (findings or suppression comments). */
export function needsText(outcome: Outcome): boolean {
  return !('reason' in outcome) && (outcome.matches.length > 0 || outcome.directives);
}

/**
 * The scan result for an outcome: what `scanFile` returns for the same file. `text` is read when needed and
 * not given; for a file with nothing to report it is read only if someone asks for it.
 */
export function resultOf(file: FoundFile, outcome: Outcome, text: string | undefined, ctx: ScanContext): ScannedFile | SkippedFile {
  if ('reason' in outcome) return { display: file.display, reason: outcome.reason };
  // Whether the outcome was computed from this very text (else it is read again below: the cache's outcome may be older).
  const fromText = text !== undefined;
  if (text === undefined && needsText(outcome)) {
    const read = readText(file);
    if ('reason' in read) return { display: file.display, reason: read.reason };
    text = read.text;
  }
  const unanalysed = outcome.unanalysed ? { unanalysed: outcome.unanalysed } : {};
  if (text !== undefined) return { file, text, ...toFindings(file, text, outcome.matches, ctx, fromText ? outcome.directives : undefined), ...unanalysed };
  return new QuietFile(file, outcome.unanalysed);
}

const NO_FINDINGS: Finding[] = Object.freeze([]) as unknown as Finding[];
const NO_SUPPRESSIONS: Suppression[] = Object.freeze([]) as unknown as Suppression[];
/** Shared by every {@link QuietFile}: only ever read (`has`), never added to. */
const NONE_USED: Set<Suppression> = new Set();

/**
 * A scanned file with nothing to report (no finding, no suppression comment): most files of a repository, one
 * object each for the whole run, so it is small (issue 30: 100,000 files). A class, so every instance has the
 * same fast shape and shares the text getter and the empty lists; an object literal with a getter and spreads
 * was a dictionary of about 600 bytes with a closure, its context and a `Set` of its own per file (heap
 * snapshot of a 100,000-file scan). The text is read only if someone asks for it (`--check-syntax`).
 */
class QuietFile implements ScannedFile {
  // On the prototype (below), not in each instance: the same for every quiet file. `--diff-base` assigns
  // `findings`, which then becomes the instance's own.
  declare findings: Finding[];
  declare readonly suppressions: Suppression[];
  declare readonly used: Set<Suppression>;
  declare readonly suppressedCount: number;
  readonly unanalysed: string | undefined;
  private lazyText: string | undefined;

  constructor(
    readonly file: FoundFile,
    unanalysed: string | undefined,
  ) {
    this.unanalysed = unanalysed;
  }

  get text(): string {
    if (this.lazyText === undefined) {
      const read = readText(this.file);
      this.lazyText = 'text' in read ? read.text : '';
    }
    return this.lazyText;
  }
}
Object.assign(QuietFile.prototype, { findings: NO_FINDINGS, suppressions: NO_SUPPRESSIONS, used: NONE_USED, suppressedCount: 0 });

/** The `.gitignore` of a cache folder the scan makes: everything in it. */
export const CACHE_GITIGNORE = '# Made by collab-migrate --cache; nothing in this folder belongs in git.\n*\n';

/** A scan's cache: look files up by stat, record what was computed, save once at the end. */
export class ScanCache {
  readonly file: string;
  /** The cache's folder. */
  get location(): string {
    return path.dirname(this.file);
  }
  readonly stats: CacheStats = { hits: 0, rehashed: 0, misses: 0 };
  private readonly key: string;
  private readonly old: Record<string, Entry>;
  private readonly next: Record<string, Entry> = {};
  /** When the run that wrote `old` started. */
  private readonly oldStartedAt: number;
  private readonly startedAt = Date.now();

  private constructor(file: string, key: string, old: Record<string, Entry>, oldStartedAt: number) {
    this.file = file;
    this.key = key;
    this.old = old;
    this.oldStartedAt = oldStartedAt;
  }

  /** Opens (or starts) the cache for a key in a folder; an unreadable, damaged or foreign cache file is ignored. */
  static open(location: string, key: string): ScanCache {
    const file = path.join(location, `scan-${key.slice(0, 16)}.json`);
    // The probes a cached dependency may name are registered by the modules that record them (the project model, the
    // resolver): loaded before any entry is checked (cli/scan/analysis.ts).
    analysis();
    // The cache's folder appearing in a folder an analysis listed changes nothing it read.
    unlisted(path.resolve(location));
    let entries: Record<string, Entry> = Object.create(null) as Record<string, Entry>;
    let startedAt = 0;
    try {
      // The guarded reader: a cache file replaced by a FIFO or a link to /dev/zero is refused, not read for ever.
      const data = JSON.parse(readRegularFile(file, MAX_CACHE_BYTES).toString('utf8')) as CacheFile;
      if (data.format === CACHE_FORMAT && data.key === key && data.entries && typeof data.entries === 'object' && typeof data.startedAt === 'number') {
        entries = data.entries;
        startedAt = data.startedAt;
      }
    } catch {
      /* no cache yet, or a damaged one: start empty */
    }
    return new ScanCache(file, key, entries, startedAt);
  }

  /** The cached outcome when the file's size and modification time are unchanged. */
  lookup(file: FoundFile): Outcome | undefined {
    if (decidedByOtherFiles(file)) return undefined;
    const stat = statOf(file);
    const old = Object.hasOwn(this.old, file.path) ? this.old[file.path] : undefined;
    if (!stat || !old || old.size !== stat.size || old.mtimeMs !== stat.mtimeMs) return undefined;
    if (old.mtimeMs >= this.oldStartedAt - RACY_MS) return undefined;
    if (!this.dependenciesHold(old)) return undefined;
    this.stats.hits++;
    this.next[file.path] = old;
    return old.outcome;
  }

  /** The content hash remembered for a file (so unchanged content is not analysed again). */
  knownHash(file: FoundFile): string | undefined {
    if (decidedByOtherFiles(file)) return undefined;
    const old = Object.hasOwn(this.old, file.path) ? this.old[file.path] : undefined;
    return old && this.dependenciesHold(old) ? old.hash : undefined;
  }

  private readonly depHashes = new Map<string, string>();

  /**
   * Whether everything an entry's outcome depends on (an imported module, an importer, a page, a folder's files,
   * an environment or configuration file, the project root) is as it was when the outcome was computed. Each is
   * looked at once per run; a file the cache knows whose size and time are unchanged is not read again.
   */
  private dependenciesHold(entry: Entry): boolean {
    const deps = 'matches' in entry.outcome ? entry.outcome.dependencies : undefined;
    if (!deps) return true;
    for (const [dep, hash] of Object.entries(deps)) {
      let now = this.depHashes.get(dep);
      if (now === undefined) this.depHashes.set(dep, (now = dependencyState(dep, this.unchangedHash)));
      if (now !== hash) return false;
    }
    return true;
  }

  /** The remembered hash of a file this cache knows, when its size and time are unchanged and not racy. */
  private readonly unchangedHash = (file: string): string | undefined => {
    const old = Object.hasOwn(this.old, file) ? this.old[file] : undefined;
    if (old?.hash === undefined || old.mtimeMs >= this.oldStartedAt - RACY_MS) return undefined;
    const s = statSync(file, { throwIfNoEntry: false });
    return s && s.isFile() && s.size === old.size && s.mtimeMs === old.mtimeMs ? old.hash : undefined;
  };

  /** Records what was computed for a file that missed; returns its outcome. */
  record(file: FoundFile, computed: Computed): Outcome {
    const stat = statOf(file);
    if (computed.kind === 'skipped') {
      if (stat && computed.remember) this.next[file.path] = { ...stat, outcome: { reason: computed.reason } };
      return { reason: computed.reason };
    }
    let outcome = computed.outcome;
    if (outcome) this.stats.misses++;
    else {
      this.stats.rehashed++;
      outcome = this.old[file.path].outcome;
    }
    if (stat) this.next[file.path] = { ...stat, hash: computed.hash, outcome };
    return outcome;
  }

  /** Scans one file through the cache, in this thread. Same result as `scanFile`. */
  scan(file: FoundFile, ctx: ScanContext): ScannedFile | SkippedFile {
    const hit = this.lookup(file);
    if (hit) return resultOf(file, hit, undefined, ctx);
    const computed = computeFile(file, ctx, this.knownHash(file));
    const outcome = this.record(file, computed);
    return resultOf(file, outcome, computed.kind === 'read' ? computed.text : undefined, ctx);
  }

  /**
   * Writes the entries seen this run (files no longer scanned drop out); atomic, and never fails the scan. Gives why
   * it could not (a read-only folder, a location that is a file), for the scan to say so.
   */
  save(): string | undefined {
    const data: CacheFile = { format: CACHE_FORMAT, key: this.key, startedAt: this.startedAt, entries: this.next };
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      const folder = path.dirname(this.file);
      // A folder this run makes ignores itself in git, as ruff's and pytest's caches do: without a node_modules the
      // default is `.collab-migrate-cache/` in the repository, which `git status` listed and `git add -A` committed. A
      // folder that was there already (a --cache-location the user keeps other files in) is left as it is.
      if (mkdirSync(folder, { recursive: true }) !== undefined) writeFileSync(path.join(folder, '.gitignore'), CACHE_GITIGNORE);
      writeFileSync(temp, JSON.stringify(data));
      renameSync(temp, this.file);
      return undefined;
    } catch (error) {
      // A cache location that is a file, or a read-only folder: the scan goes on without a cache.
      try {
        rmSync(temp, { force: true });
      } catch {
        /* the temporary file was never made */
      }
      return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    }
  }
}

/**
 * Whether a file's outcome depends on other files in a way its entry does not record: a bundle with its source map
 * beside it is skipped or scanned by whether the map's sources are in the repository (cli/walk/generated.ts,
 * `isOnlyCopy`), which adding or removing a source changes without touching the bundle. Such a file is read and
 * decided again on every run (committed bundles with maps are few; the map is read only when the bundle names the
 * platform).
 */
const decidedByOtherFiles = (file: FoundFile): boolean => file.bundleMap !== undefined;

function statOf(file: FoundFile): { size: number; mtimeMs: number } | undefined {
  if (file.mtimeMs !== undefined && file.size !== undefined) return { size: file.size, mtimeMs: file.mtimeMs };
  const s = statSync(file.path, { throwIfNoEntry: false });
  return s ? { size: s.size, mtimeMs: s.mtimeMs } : undefined;
}
