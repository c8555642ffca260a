/**
 * The file loop of a scan: cache look-ups, then reading and analysing the rest either in this thread or,
 * for large scans, also in a pool of worker threads. Workers take batches of files from one queue while
 * the main thread works through the same queue, so a pool is never much slower than the serial loop even
 * while its workers are still starting. Results come back in the walk's order and are the same as the
 * serial loop's (tested); severities and suppressions are applied in the main thread.
 */
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { POOL_MIN_CORES, POOL_MIN_FILES } from './threads.js';
import type { Worker } from 'node:worker_threads';
import { workerSetup } from './worker-context.js';
import { computeFile, needsText, outcomeOf, resultOf, skippedFile, type Computed, type ScanCache } from './cache.js';
import type { FoundFile, SkippedFile } from '../walk/files.js';
import type { Prefiltered, WalkStream } from '../walk/walker.js';
import type { ScanContext, ScannedFile } from './scan-core.js';

/** The pool worker's file: beside this module as tsc emits it (dist/cli/scan/), or in scan/ below the bundle's chunks (dist/cli/). */
const POOL_WORKER_URL = new URL(import.meta.url.includes('/cli/scan/') ? './worker.js' : './scan/worker.js', import.meta.url);

export { POOL_MIN_CORES, POOL_MIN_FILES } from './threads.js';

/** Files per message to a worker. */
const BATCH = 64;

export type { WorkerSetup } from './worker-context.js';

export interface WorkerRequest {
  batch: number;
  files: FoundFile[];
  knownHashes: (string | undefined)[];
  /** Hash the texts (only the cache needs it). */
  hash: boolean;
}

export type WorkerReply = { batch: number; computed: Computed[] } | { error: string };

export interface ScanFilesOptions {
  cache?: ScanCache;
  /** Worker threads besides the main thread: `auto` (default) uses `cores - 1` above {@link POOL_MIN_FILES}; 0 runs serially. */
  concurrency?: number | 'auto';
  /** Minimum files for a pool under `auto` (tests lower it). */
  poolMinFiles?: number;
  /** The user's extra catalog files, absolute (workers load the same catalog). */
  extraFiles?: readonly string[];
  /** Called with the number of files found so far, as a walk goes on ({@link scanWalk}). */
  onFound?: (count: number) => void;
  /** Called once per file, in completion order. */
  onFile?: () => void;
  /** Called when a worker fails (its files are then analysed in the main thread). */
  onWorkerError?: (error: Error) => void;
}

/** The number of worker threads a scan of `count` files to analyse would use. */
export function poolSize(count: number, opts: Pick<ScanFilesOptions, 'concurrency' | 'poolMinFiles'>): number {
  const want = opts.concurrency ?? 'auto';
  if (want === 'auto') {
    if (count < (opts.poolMinFiles ?? POOL_MIN_FILES)) return 0;
    if (opts.poolMinFiles === undefined && availableParallelism() < POOL_MIN_CORES) return 0;
    // The main thread works the queue too, so one core is already busy.
    return Math.max(0, Math.min(availableParallelism() - 1, Math.floor(count / BATCH)));
  }
  return want <= 0 ? 0 : Math.min(want, Math.ceil(count / BATCH));
}

/** Scans files (through the cache when given), in the order given. */
export async function scanFiles(files: readonly FoundFile[], ctx: ScanContext, opts: ScanFilesOptions = {}): Promise<Array<ScannedFile | SkippedFile>> {
  const loop = new FileLoop(files, ctx, opts);
  await loop.scanRest(0);
  return loop.results;
}

/**
 * Scans the files of a walk while it goes on: each batch is read and analysed in this thread as it
 * arrives, unless the walker thread took it (then its prefiltered texts arrive, and only the files that
 * hold a notice token are analysed here). Without a helping walker, the files still waiting once the walk
 * is over go to a worker pool when one pays (as in {@link scanFiles}). Results are in the walk's order.
 */
/**
 * A scan in this thread lets the event loop turn every 50 ms: a signal (Ctrl-C, a closed terminal) is only
 * handled there, and the handler shows the cursor the progress bar hid before the process ends. Without it a
 * scan of files that were all waiting ran to its end in one go, Ctrl-C or not (issue 19, item 16).
 */
function eventLoopTurns(everyMs = 50): () => Promise<void> {
  let last = Date.now();
  return async () => {
    if (Date.now() - last < everyMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    last = Date.now();
  };
}

/** Files found past which a scan bounds the garbage collector's heap growth ({@link boundHeapGrowth}). */
export const LARGE_SCAN = 10_000;

let heapBounded = false;

/**
 * Tells V8 to grow the heap by a quarter of what survives each full collection (`--heap-growing-percent`, read
 * at every collection) instead of up to four times as much, its default when collections are fast.
 * On a 100,000-file scan what survives is small (21-51 MB after each full collection, `--trace-gc`: the files
 * found and one small record each), but much outlives the young generation and then dies in the old one (the
 * trees of parsed files, likely; not profiled), so the heap grew to 155-250 MB between two full collections and
 * peak RSS was 355-415 MB; with this, 281-288 MB for about the same CPU time (issue 30, docs/performance.md).
 * Only for scans of over 10,000 files: a usual repository keeps V8's default. Node warns that a flag changed
 * after start may do nothing; this one is read at each collection (measured above), and if it did nothing the
 * scan would only use more memory, as before.
 */
function boundHeapGrowth(): void {
  if (heapBounded) return;
  heapBounded = true;
  setFlagsFromString('--heap-growing-percent=25');
}

export async function scanWalk(
  walk: WalkStream,
  ctx: ScanContext,
  opts: ScanFilesOptions = {},
): Promise<{ files: FoundFile[]; results: Array<ScannedFile | SkippedFile>; /** files read and prefiltered by the walker thread */ helped: number }> {
  const files: FoundFile[] = [];
  let helped = 0;
  const loop = new FileLoop(files, ctx, opts);
  const starts: number[] = [];
  /** Without a helper: the first file not scanned yet, when the walk ended with files waiting. */
  let waiting: number | undefined;
  const turn = eventLoopTurns();
  /**
   * With a helping walker: batches that arrived and are not claimed yet, oldest first. This thread claims and reads
   * one only when no event is waiting: the candidates the walker thread read (which only this thread can analyse)
   * go first, so the walker keeps reading while this thread analyses, and neither is left alone at the end with
   * work the other could have done (issue 30: on sentry-javascript this thread analysed the walker's candidates for
   * a second after the walker had ended).
   */
  const unclaimed: number[] = [];
  /** Where each batch's files end in `files`. */
  const ends: number[] = [];
  for (;;) {
    let event = walk.helps ? walk.poll() : undefined;
    if (!event && unclaimed.length > 0) {
      const batch = unclaimed.shift()!;
      if (!walk.claim(batch)) continue;
      for (let i = starts[batch]; i < ends[batch]; i++) loop.scanOne(i);
      // A turn of the event loop, so what the walker thread sent meanwhile is queued before the next choice.
      await new Promise((resolve) => setImmediate(resolve));
      continue;
    }
    event ??= await walk.next();
    if (!event) break;
    await turn();
    if (event.kind === 'read') {
      const start = starts[event.batch];
      event.read.forEach((read, k) => loop.finishRead(start + k, read));
      helped += event.read.length;
      continue;
    }
    starts[event.batch] = files.length;
    files.push(...event.files);
    ends[event.batch] = files.length;
    opts.onFound?.(files.length);
    if (files.length >= LARGE_SCAN) boundHeapGrowth();
    if (walk.helps) {
      unclaimed.push(event.batch);
      continue;
    }
    if (walk.finished) waiting ??= starts[event.batch];
    if (waiting !== undefined || !walk.claim(event.batch)) continue;
    for (let i = starts[event.batch]; i < files.length; i++) loop.scanOne(i);
  }
  if (waiting !== undefined) await loop.scanRest(waiting);
  return { files, results: loop.results, helped };
}

/** The per-file work of a scan over a list of files that may still grow: cache look-ups, computing, results. */
class FileLoop {
  readonly results: Array<ScannedFile | SkippedFile> = [];

  constructor(
    private readonly files: readonly FoundFile[],
    private readonly ctx: ScanContext,
    private readonly opts: ScanFilesOptions,
  ) {}

  /** Scans file `i` in this thread. */
  scanOne(i: number): void {
    if (!this.lookup(i)) this.finish(i, this.compute(i));
  }

  /** Finishes file `i` from what the walker thread read: analysed here only when it holds a notice token. */
  finishRead(i: number, read: Prefiltered): void {
    if ('reason' in read) return this.finish(i, skippedFile(read.reason));
    if (!read.candidate) return this.finish(i, { kind: 'read', outcome: { matches: [], directives: read.text !== undefined }, ...(read.text !== undefined ? { text: read.text } : {}) });
    this.finish(i, { kind: 'read', outcome: outcomeOf(this.files[i], read.text, this.ctx, new Set(read.tokens)), text: read.text });
  }

  /** Scans files `from..` (all known): in a pool when one pays, else in this thread. */
  async scanRest(from: number): Promise<void> {
    const todo: number[] = [];
    for (let i = from; i < this.files.length; i++) if (!this.lookup(i)) todo.push(i);
    const size = poolSize(todo.length, this.opts);
    if (size === 0) {
      const turn = eventLoopTurns();
      for (const i of todo) {
        this.finish(i, this.compute(i));
        await turn();
      }
      return;
    }
    await runPool(todo, this.files, this.ctx, this.opts, size, (i, c) => this.finish(i, c), (i) => this.compute(i));
  }

  /** Reads and analyses file `i` in this thread (hashing it only for the cache). */
  private compute(i: number): Computed {
    const file = this.files[i];
    return computeFile(file, this.ctx, this.opts.cache?.knownHash(file), this.opts.cache !== undefined);
  }

  /** Takes file `i` from the cache when its size and time are unchanged; true when it did. */
  private lookup(i: number): boolean {
    const file = this.files[i];
    const hit = this.opts.cache?.lookup(file);
    if (!hit) return false;
    this.results[i] = resultOf(file, hit, undefined, this.ctx);
    this.opts.onFile?.();
    return true;
  }

  private finish(i: number, computed: Computed): void {
    const file = this.files[i];
    const { cache } = this.opts;
    const outcome = cache ? cache.record(file, computed) : computed.kind === 'skipped' ? { reason: computed.reason } : computed.outcome!;
    // The text is kept only when the report needs it (findings or suppression comments): for the other files,
    // tens of thousands in a large repository, it would be memory and garbage-collector time for nothing.
    this.results[i] = resultOf(file, outcome, computed.kind === 'read' && needsText(outcome) ? computed.text : undefined, this.ctx);
    this.opts.onFile?.();
  }
}

async function runPool(
  todo: number[],
  files: readonly FoundFile[],
  ctx: ScanContext,
  opts: ScanFilesOptions,
  size: number,
  finish: (i: number, computed: Computed) => void,
  /** The main thread's share: the same per-file work as a scan in one thread. */
  compute: (i: number) => Computed,
): Promise<void> {
  const batches: number[][] = [];
  for (let i = 0; i < todo.length; i += BATCH) batches.push(todo.slice(i, i + BATCH));
  let nextBatch = 0;
  const setup = workerSetup(ctx, opts.extraFiles ?? [], opts.cache?.location);
  const knownHash = (i: number): string | undefined => opts.cache?.knownHash(files[i]);
  const workers: Worker[] = [];
  let pending = 0;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  const inFlight = new Map<Worker, number[]>();

  const feed = (worker: Worker): void => {
    if (nextBatch >= batches.length) {
      inFlight.delete(worker);
      return;
    }
    const batch = nextBatch++;
    const indices = batches[batch];
    inFlight.set(worker, indices);
    pending++;
    const request: WorkerRequest = { batch, files: indices.map((i) => files[i]), knownHashes: indices.map(knownHash), hash: opts.cache !== undefined };
    worker.postMessage(request);
  };

  // Loaded when the pool starts, not with the command line: a scan of a few files starts no thread (issue 30, item 2).
  const { Worker: Thread } = process.getBuiltinModule('node:worker_threads');
  for (let w = 0; w < size; w++) {
    const worker = new Thread(POOL_WORKER_URL, { workerData: setup });
    workers.push(worker);
    worker.on('message', (reply: WorkerReply | { ready: true }) => {
      if ('ready' in reply) feed(worker);
      else if ('error' in reply) fail(worker, new Error(reply.error));
      else {
        const indices = batches[reply.batch];
        reply.computed.forEach((c, k) => finish(indices[k], c));
        pending--;
        feed(worker);
      }
      notify();
    });
    worker.on('error', (error) => {
      fail(worker, error);
      notify();
    });
    worker.on('exit', (code) => {
      if (inFlight.has(worker)) fail(worker, new Error(`worker stopped (exit code ${code})`));
      notify();
    });
  }

  // A worker that fails gives its batch back to the main thread; the scan goes on without it.
  function fail(worker: Worker, error: Error): void {
    opts.onWorkerError?.(error);
    const indices = inFlight.get(worker);
    inFlight.delete(worker);
    if (indices) {
      pending--;
      batches.push(indices);
    }
    void worker.terminate();
  }

  try {
    // The main thread takes batches too, yielding between them so worker replies are handled.
    for (;;) {
      if (nextBatch < batches.length) {
        const indices = batches[nextBatch++];
        for (const i of indices) finish(i, compute(i));
        await new Promise<void>((resolve) => setImmediate(resolve));
        continue;
      }
      if (pending === 0) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
