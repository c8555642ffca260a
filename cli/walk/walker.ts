/**
 * The walk as a stream of numbered batches of files, so a scan can read and analyse files while the tree
 * is still being walked. On a machine with two or more cores the walk runs in a thread of its own: folder
 * listings, ignore rules and path handling were 40% of a scan of a 27,000-file repository, and they
 * overlap with the reading and analysis. When the walk is over, that thread can help read and prefilter
 * the batches the main thread has not reached (`help`): each batch is claimed by exactly one thread
 * through a shared array. Without threads (`--concurrency off`, one core), or for a tree of at most
 * {@link WALK_THREAD_ENTRIES} entries (whose walk costs less than starting a thread), the walk runs in this thread
 * and yields one batch. Either way the files come in the same order, with the same skipped entries.
 */
import type { Dirent } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import type { PrefilterEntry } from '../../engine/prefilter/prefilter.js';
import { UsageError } from '../errors.js';
import { findFiles, type FoundFile, type SkippedFile, type WalkOptions } from './files.js';
import { dropPeek, folderPaths, peekWalk, startWalkerThread, takePrestartedWalker, WALK_THREAD_ENTRIES } from './prestart.js';
import { forgetFolderMarkers, noteFolderMarkers } from '../../engine/project/folder-markers.js';


/**
 * A file the walker thread read and prefiltered: why it is skipped, or whether the engine must analyse it
 * (then with the prefilter's tokens found in it, which the engine does not search for again).
 */
export type Prefiltered = { reason: string } | { candidate: true; text: string; tokens: string[] } | { candidate: false; /** only when it holds suppression comments */ text?: string };

/** What the walker thread posts, in this order: files batches, skipped, read batches, end (or error at any point). */
export type WalkMessage =
  | { files: PackedFiles; batch: number; /** Folders listed since the last batch, and the engine's markers each may hold (engine/project/folder-markers.ts). */ folders: string[]; markers: number[] }
  | { skipped: SkippedFile[] }
  | { batch: number; read: Prefiltered[] }
  | { end: true }
  | { error: string; usage: boolean };

/** Who has claimed a batch, in the shared claims array. */
export const BY_MAIN = 1;
export const BY_WALKER = 2;
/** Batches the walker can help with (more are scanned by the main thread alone): 16M files at 256 a batch. */
const MAX_CLAIMS = 1 << 16;
/**
 * Read batches the walker thread may have sent that the main thread has not taken yet. Past this many it reads no
 * more until the main thread catches up: when the analysis is the slower side, reading further ahead gains nothing
 * and only holds texts (on a 100,000-file repository a few thousand candidate texts waited in the queue).
 */
export const MAX_READ_AHEAD = 8;

/**
 * The shared array of a walk with help: one claim per batch ({@link BY_MAIN}, {@link BY_WALKER}), then one counter,
 * the read batches the main thread has taken off its queue.
 */
export function helpViews(buffer: SharedArrayBuffer): { claims: Int32Array; taken: Int32Array } {
  const n = buffer.byteLength / Int32Array.BYTES_PER_ELEMENT - 1;
  return { claims: new Int32Array(buffer, 0, n), taken: new Int32Array(buffer, n * Int32Array.BYTES_PER_ELEMENT, 1) };
}

export interface WalkerSetup {
  walk: WalkOptions;
  /** Help read and prefilter: the prefilter data arrives on `port` once the main thread has the catalog. */
  help?: { port: MessagePort; claims: SharedArrayBuffer };
}

export type WalkEvent = { kind: 'files'; batch: number; files: FoundFile[] } | { kind: 'read'; batch: number; read: Prefiltered[] };

export interface WalkStream {
  /** The next batch of files, or of files the walker read; undefined at the end. Throws what the walk throws (a UsageError for a path that does not exist). */
  next(): Promise<WalkEvent | undefined>;
  /** The next event that has arrived already, without waiting (undefined when none has). */
  poll(): WalkEvent | undefined;
  /** Claims a batch for this thread; false when the walker thread has taken it (its `read` event follows). */
  claim(batch: number): boolean;
  /** Whether the walk is over (every files batch has arrived). */
  readonly finished: boolean;
  /**
   * Whether the walker thread may take batches (then do not hand the rest to a pool). It then waits for
   * {@link provideHelp}, which must be called, or the walk never ends.
   */
  readonly helps: boolean;
  /** Gives the walker thread the engine's prefilter data for the run's notices. */
  provideHelp(entries: readonly PrefilterEntry[]): void;
  /** The walk's skipped entries; complete once the walk is finished. */
  readonly skipped: SkippedFile[];
  /** Stops the walk (a run that fails for another reason). */
  cancel(): Promise<void>;
}

export interface StartWalkOptions {
  /** Walk in a thread when there is a second core (default true). */
  threads?: boolean;
  /** Let the walker thread read and prefilter (the scan then calls `provideHelp` with the prefilter data). */
  help?: boolean;
  /**
   * The thread is started only for a walk of more entries than this (default {@link WALK_THREAD_ENTRIES}); 0 starts
   * it for any folder (the tests that hold both ways of walking to the same result on small trees).
   */
  threadFrom?: number;
}

/**
 * Starts walking; with `threads` false (or one core), files only, or a tree of at most `threadFrom` entries, the
 * walk runs in this thread when the first batch is asked for.
 */
export function startWalk(walk: WalkOptions, opts: StartWalkOptions = {}): WalkStream {
  // The engine probes a folder this walk lists only for the names its listing holds; an earlier walk's listings are stale.
  forgetFolderMarkers();
  let threads = (opts.threads ?? true) && availableParallelism() >= 2;
  let listed: ReadonlyMap<string, Dirent[]> | undefined;
  if (threads) {
    const dirs = folderPaths(walk.paths, walk.cwd);
    // Files only (or paths that do not exist): nothing to walk, so no thread to start.
    if (dirs.length === 0) threads = false;
    else {
      const peek = peekWalk(dirs, opts.threadFrom ?? WALK_THREAD_ENTRIES);
      if (peek.small) {
        threads = false;
        listed = peek.listings;
      }
    }
  }
  if (!threads) {
    // Neither the thread started early nor a peek it did not take stays behind for a later walk in this process.
    void takePrestartedWalker()?.terminate();
    dropPeek();
  }
  return threads ? threadedWalk(walk, opts.help ?? false) : inlineWalk(walk, listed);
}


function inlineWalk(opts: WalkOptions, listed?: ReadonlyMap<string, Dirent[]>): WalkStream {
  let finished = false;
  const skipped: SkippedFile[] = [];
  return {
    async next() {
      if (finished) return undefined;
      const result = findFiles(opts, undefined, listed, noteFolderMarkers);
      skipped.push(...result.skipped);
      finished = true;
      return { kind: 'files', batch: 0, files: result.files };
    },
    poll: () => undefined,
    claim: () => true,
    get finished() {
      return finished;
    },
    helps: false,
    provideHelp: () => {},
    skipped,
    cancel: async () => {},
  };
}

/** The languages of found files, by the character a packed batch gives each ({@link PackedFiles}). */
const LANGUAGE_LIST: ReadonlyArray<FoundFile['language']> = ['js', 'ts', 'html', 'config'];
const LANGUAGE_CODE: Record<FoundFile['language'], string> = { js: '0', ts: '1', html: '2', config: '3' };

/**
 * A batch of found files as the walker thread posts it: columns rather than an object per file. A message writes
 * every object's property names and values one by one and the receiver builds each object from them again (posting
 * and taking sentry-javascript's 9,407 files as objects cost 7-9 ms of the two threads); most files are of one shape
 * (`path`, `display`, `language`, `maxSize`), which a few arrays carry. Any other file (with the walk's `stat`, a
 * generated one kept, a bundle with its map, a display path that does not end its path) goes whole in `others`.
 */
export interface PackedFiles {
  /** Per file, its absolute path ('' for a file in `others`). */
  paths: string[];
  /** Per file, the length of its display path, which ends its path after a `/`; -1 for the next file of `others`. */
  shown: number[];
  /** Per file, its language as a digit (the index in {@link LANGUAGE_LIST}). */
  languages: string;
  /** The size limit of every file but those in `others`. */
  maxSize: number;
  /** The files of any other shape, in the batch's order. */
  others: FoundFile[];
}

/** A batch of files as the walker thread posts it ({@link PackedFiles}); `maxSize` is the walk's size limit. */
export function packFiles(files: readonly FoundFile[], maxSize: number): PackedFiles {
  const packed: PackedFiles = { paths: [], shown: [], languages: '', maxSize, others: [] };
  for (const file of files) {
    const { path: p, display: d } = file;
    const plain =
      file.maxSize === maxSize && file.size === undefined && file.mtimeMs === undefined && file.keepGenerated === undefined && file.bundleMap === undefined && Object.keys(file).length === 4;
    if (plain && p.length > d.length && p.endsWith(d) && p.charCodeAt(p.length - d.length - 1) === 47 /* / */) {
      packed.paths.push(p);
      packed.shown.push(d.length);
      packed.languages += LANGUAGE_CODE[file.language];
    } else {
      packed.paths.push('');
      packed.shown.push(-1);
      packed.languages += '-';
      packed.others.push(file);
    }
  }
  return packed;
}

/**
 * The files of a packed batch, as the walker thread found them. The language is the one shared string, and the
 * display path a slice of the absolute path that ends in it (V8 keeps a slice as a reference into its parent): the
 * scan keeps every file to the end (the report lists them), and a file as the message gave it held its own copy
 * of each, about 100 bytes more per file (10 MB on a 100,000-file repository; issue 30).
 */
export function unpackFiles(packed: PackedFiles): FoundFile[] {
  const { paths, shown, languages, maxSize, others } = packed;
  const files: FoundFile[] = [];
  let other = 0;
  for (let i = 0; i < paths.length; i++) {
    const length = shown[i];
    if (length < 0) {
      const file = others[other++];
      file.language = LANGUAGE_LIST[LANGUAGE_LIST.indexOf(file.language)] ?? file.language;
      const { path: p, display: d } = file;
      if (p.length > d.length && p.endsWith(d) && p.charCodeAt(p.length - d.length - 1) === 47 /* / */) file.display = p.slice(p.length - d.length);
      files.push(file);
      continue;
    }
    const p = paths[i];
    files.push({ path: p, display: p.slice(p.length - length), language: LANGUAGE_LIST[languages.charCodeAt(i) - 48], maxSize });
  }
  return files;
}

function threadedWalk(walk: WalkOptions, help: boolean): WalkStream {
  // Loaded when a thread is used, not with the command line: a scan of a few files starts none (issue 30, item 2).
  const { MessageChannel } = process.getBuiltinModule('node:worker_threads');
  const queue: WalkEvent[] = [];
  const skipped: SkippedFile[] = [];
  const shared = help ? helpViews(new SharedArrayBuffer((MAX_CLAIMS + 1) * Int32Array.BYTES_PER_ELEMENT)) : undefined;
  const claims = shared?.claims;
  const channel = help ? new MessageChannel() : undefined;
  /** Counts a read batch taken off the queue, and wakes the walker thread if it waits for that. */
  const taking = (event: WalkEvent | undefined): WalkEvent | undefined => {
    if (event?.kind === 'read' && shared) {
      Atomics.add(shared.taken, 0, 1);
      Atomics.notify(shared.taken, 0);
    }
    return event;
  };
  let finished = false;
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  const setup: WalkerSetup = { walk, ...(channel && claims ? { help: { port: channel.port2, claims: claims.buffer as SharedArrayBuffer } } : {}) };
  // The thread the binary started before the command line loaded (prestart.ts) is given its walk now.
  const early = takePrestartedWalker();
  if (early) early.postMessage({ setup }, channel ? [channel.port2] : []);
  const worker = early ?? startWalkerThread(setup, channel ? [channel.port2] : []);
  worker.on('message', (message: WalkMessage) => {
    if ('files' in message) {
      // Before the batch's files are analysed: every folder of theirs was listed by now.
      const { folders, markers } = message;
      for (let i = 0; i < folders.length; i++) noteFolderMarkers(folders[i], markers[i]);
      queue.push({ kind: 'files', batch: message.batch, files: unpackFiles(message.files) });
    }
    else if ('read' in message) queue.push({ kind: 'read', batch: message.batch, read: message.read });
    else if ('skipped' in message) {
      skipped.push(...message.skipped);
      finished = true;
    } else if ('end' in message) ended = true;
    else {
      failure = message.usage ? new UsageError(message.error) : new Error(`the walk failed: ${message.error}`);
      finished = ended = true;
    }
    notify();
  });
  worker.on('error', (error) => {
    failure ??= new Error(`the walk failed: ${error.message}`);
    finished = ended = true;
    notify();
  });
  worker.on('exit', (code) => {
    if (!ended) failure ??= new Error(`the walk stopped (exit code ${code})`);
    finished = ended = true;
    notify();
  });
  return {
    async next() {
      for (;;) {
        if (failure) throw failure;
        const event = taking(queue.shift());
        if (event) return event;
        if (ended) return undefined;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    poll() {
      if (failure) throw failure;
      return taking(queue.shift());
    },
    claim(batch) {
      if (!claims || batch >= claims.length) return true;
      return Atomics.compareExchange(claims, batch, 0, BY_MAIN) === 0;
    },
    get finished() {
      return finished;
    },
    helps: help,
    provideHelp(entries) {
      channel?.port1.postMessage({ entries });
      channel?.port1.close();
    },
    skipped,
    cancel: async () => {
      channel?.port1.close();
      await worker.terminate();
    },
  };
}
