/**
 * The file loop of a scan: cache look-ups, then reading and analysing the rest either in this thread or,
 * for large scans, also in a pool of worker threads. Workers take batches of files from one queue while
 * the main thread works through the same queue, so a pool is never much slower than the serial loop even
 * while its workers are still starting. Results come back in the walk's order and are the same as the
 * serial loop's (tested); severities and suppressions are applied in the main thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EngineOptions } from '../engine/types.js';
import { computeFile, resultOf, type Computed, type ScanCache } from './cache.js';
import type { FoundFile, SkippedFile } from './files.js';
import type { ScanContext, ScannedFile } from './scan-core.js';

/**
 * Below this many files to analyse (after cache hits) the scan runs in one thread: a worker starts by
 * loading the engine and the catalog, and the prefilter rules out most files in microseconds each.
 */
export const POOL_MIN_FILES = 4000;
/**
 * `auto` uses a pool only with at least this many cores. Measured on 2 cores (5,000 and 17,620 files): one
 * worker beside the main thread was no faster than the serial scan (7.3-12.4 s against 6.7-8.3 s), and
 * used 100 MB more memory.
 */
export const POOL_MIN_CORES = 3;
/** Files per message to a worker. */
const BATCH = 64;

/** What a worker needs to rebuild the run's engine options. */
export interface WorkerSetup {
  /** Absolute paths of the user's extra catalogs (`--notices`). */
  extraFiles: string[];
  /** The catalog hash the main thread loaded; a worker that loads another stops with an error. */
  catalogHash: string;
  noticeIds: string[];
  engine: EngineOptions;
}

export interface WorkerRequest {
  batch: number;
  files: FoundFile[];
  knownHashes: (string | undefined)[];
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
  const { cache } = opts;
  const results: Array<ScannedFile | SkippedFile> = new Array(files.length);
  const todo: number[] = [];
  files.forEach((file, i) => {
    const hit = cache?.lookup(file);
    if (hit) {
      results[i] = resultOf(file, hit, undefined, ctx);
      opts.onFile?.();
    } else todo.push(i);
  });
  const finish = (i: number, computed: Computed): void => {
    const file = files[i];
    const outcome = cache
      ? cache.record(file, computed)
      : computed.kind === 'skipped'
        ? { reason: computed.reason }
        : computed.outcome!;
    results[i] = resultOf(file, outcome, computed.kind === 'read' ? computed.text : undefined, ctx);
    opts.onFile?.();
  };
  const size = poolSize(todo.length, opts);
  if (size === 0) {
    for (const i of todo) finish(i, computeFile(files[i], ctx, cache?.knownHash(files[i])));
    return results;
  }
  await runPool(todo, files, ctx, opts, size, finish);
  return results;
}

async function runPool(
  todo: number[],
  files: readonly FoundFile[],
  ctx: ScanContext,
  opts: ScanFilesOptions,
  size: number,
  finish: (i: number, computed: Computed) => void,
): Promise<void> {
  const batches: number[][] = [];
  for (let i = 0; i < todo.length; i += BATCH) batches.push(todo.slice(i, i + BATCH));
  let nextBatch = 0;
  const setup: WorkerSetup = {
    extraFiles: [...(opts.extraFiles ?? [])],
    catalogHash: ctx.analyze.catalog.hash,
    noticeIds: ctx.analyze.notices.map((n) => n.id),
    engine: { ...(ctx.analyze.engine ?? {}) },
  };
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
    const request: WorkerRequest = { batch, files: indices.map((i) => files[i]), knownHashes: indices.map(knownHash) };
    worker.postMessage(request);
  };

  for (let w = 0; w < size; w++) {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: setup });
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
        for (const i of indices) finish(i, computeFile(files[i], ctx, knownHash(i)));
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
