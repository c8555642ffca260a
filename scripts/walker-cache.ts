/**
 * A V8 code cache for the walker thread's bundle (issue 30, item 1; docs/performance.md, "Twenty-ninth session:
 * 30fixed"). On a repository of a few thousand files the main thread waits for the walker thread's first batch, so
 * the thread's start is on the scan's critical path, and compiling its bundle (83 KB) from source was part of it. The
 * build writes, beside the bundle in `dist/cli/`:
 *
 * - `walk-worker-loader.cjs`: the file the walker thread starts from (cli/walk/prestart.ts `WALK_WORKER_URL`). It
 *   compiles `walk-worker-bundle.cjs` with `vm.Script` and V8's cached data when the build made a cache for this V8,
 *   and requires the bundle as any module otherwise (another Node, `COLLAB_MIGRATE_NO_CODE_CACHE` set): the same code.
 * - `walk-worker-bundle-<tag>-<V8>.cache`: V8's code for the bundle, made by {@link runWalkerCacheMaker} after a walk of
 *   `examples/consumer-app` in which the thread read and prefiltered every file (so the functions a scan's walker
 *   thread runs are in it, compiled), in a process with V8's own flags (the binary sets its interrupt budget only
 *   after the walker thread has started: cli/walk/prestart.ts).
 *
 * Where it lives and who may write it: the package's own folder, next to the code it stands for, written by the build
 * only; the loader reads it by a path made from its own `__dirname`, never from the scanned repository, the working
 * folder or a user or temporary folder, so nothing a scanned repository holds is loaded as code (lesson 4).
 *
 * What if it is stale or corrupt. V8 checks cached data against its version, its flags and the source's length (not
 * its content), and rejects data whose header, length or version is wrong (a truncated or overwritten file); a build
 * of another V8 is never looked for (the name holds the V8 version). Data made for another text of the same length
 * would be taken, so the name also holds `<tag>`, the first 16 hex digits of the bundle's sha256, which the build
 * writes into the loader with the bundle: a cache left from an earlier build is never read. V8 11.3 does not check
 * the data's checksum outside its debug builds (`--verify-snapshot-checksum`), as for the package's other caches and
 * Node's own; a checksum made here would cost 5-14 M instructions a start (crc32 or sha1 with their module, or a
 * loop in JavaScript), half of what the cache saves, for damage to the package's own files.
 */
import { createHash } from 'node:crypto';

/** The walker thread's bundle (scripts/bundle.ts), the loader that starts it, both in `dist/cli/`. */
export const WALKER_BUNDLE = 'walk-worker-bundle.cjs';
export const WALKER_LOADER = 'walk-worker-loader.cjs';
/** Set by the build to the path the walker thread writes the bundle's cache to (on its exit); nothing else sets it. */
export const WALKER_CACHE_OUT_VARIABLE = 'COLLAB_MIGRATE_WALKER_CACHE_OUT';
/** Set to anything: the bundle is required without the cache (as for the command line's chunks, scripts/code-cache.ts). */
const NO_CACHE_VARIABLE = 'COLLAB_MIGRATE_NO_CODE_CACHE';

/** The bundle's tag: the first 16 hex digits of its text's sha256. */
export function walkerTag(bundleText: string): string {
  return createHash('sha256').update(bundleText).digest('hex').slice(0, 16);
}

/** The cache's file name for a bundle's tag and a V8 version. */
export function walkerCacheName(tag: string, v8: string): string {
  return `walk-worker-bundle-${tag}-${v8}.cache`;
}

/** The loader's text for a bundle's tag (see above). */
export function walkerLoaderText(tag: string): string {
  if (!/^[0-9a-f]{16}$/.test(tag)) throw new Error(`walker cache: bad tag ${JSON.stringify(tag)}`);
  return `"use strict";
// The walker thread's entry, written by scripts/bundle.ts (scripts/walker-cache.ts): ${WALKER_BUNDLE} compiled with
// V8's code for it when the build made that for this V8, required as any module otherwise.
const fs = process.getBuiltinModule("node:fs");
const path = process.getBuiltinModule("node:path");
const bundle = path.join(__dirname, ${JSON.stringify(WALKER_BUNDLE)});
const out = process.env.${WALKER_CACHE_OUT_VARIABLE};
let cachedData;
if (!out && !process.env.${NO_CACHE_VARIABLE}) {
  try {
    cachedData = fs.readFileSync(path.join(__dirname, "walk-worker-bundle-${tag}-" + process.versions.v8 + ".cache"));
  } catch {}
}
if (cachedData === undefined && !out) require(bundle);
else {
  const vm = process.getBuiltinModule("node:vm");
  const script = new vm.Script("(function (exports, require, module, __filename, __dirname) {" + fs.readFileSync(bundle, "utf8") + "\\n})", { filename: bundle, cachedData });
  if (out) process.once("exit", () => fs.writeFileSync(out, script.createCachedData()));
  script.runInThisContext().call(module.exports, module.exports, require, module, bundle, __dirname);
}
`;
}

/**
 * Makes the cache (run as its own process by scripts/bundle.ts, with V8's own flags): starts the walker thread from
 * `loader` with `WALKER_CACHE_OUT_VARIABLE` set to `out`, walking `folder` with help, gives it the prefilter `entries` at
 * once and claims no batch, so the thread reads and prefilters every file; resolves once the thread has exited (it
 * writes the cache then). Rejects on the walk's error or after 60 s.
 */
export async function runWalkerCacheMaker(loader: string, folder: string, out: string, entries: readonly unknown[]): Promise<void> {
  const { MessageChannel, Worker } = await import('node:worker_threads');
  const channel = new MessageChannel();
  // One claim per batch, then the count of read batches taken (cli/walk/walker.ts, helpViews).
  const claims = new SharedArrayBuffer(1025 * Int32Array.BYTES_PER_ELEMENT);
  const walk = { cwd: folder, paths: [], include: [], exclude: [], maxFileSize: 1024 * 1024, stat: false, leaveOut: [] };
  const worker = new Worker(loader, {
    workerData: { walk, help: { port: channel.port2, claims } },
    transferList: [channel.port2],
    env: { ...process.env, [WALKER_CACHE_OUT_VARIABLE]: out },
  });
  channel.port1.postMessage({ entries });
  channel.port1.close();
  const taken = new Int32Array(claims, 1024 * Int32Array.BYTES_PER_ELEMENT, 1);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('walker cache: the walk took more than 60 s'));
    }, 60_000);
    worker.on('message', (message: { read?: unknown; error?: string }) => {
      // Read batches are counted as taken, as the main thread does, so the thread never waits for room.
      if (message.read) Atomics.add(taken, 0, 1);
      if (message.error) reject(new Error(`walker cache: ${message.error}`));
    });
    worker.once('error', reject);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * `node dist/scripts/walker-cache.js LOADER FOLDER OUT` (scripts/bundle.ts runs it without NODE_OPTIONS): the prefilter
 * entries of every notice of the built-in catalog, then {@link runWalkerCacheMaker}.
 */
async function main(args: readonly string[]): Promise<void> {
  const [loader, folder, out] = args;
  if (!loader || !folder || !out) throw new Error('usage: walker-cache.js LOADER FOLDER OUT');
  const { loadCatalog } = await import('../engine/catalog/catalog.js');
  const { scanPrefilterEntries } = await import('../cli/scan/scan-core.js');
  const catalog = loadCatalog();
  await runWalkerCacheMaker(loader, folder, out, scanPrefilterEntries(catalog.notices, catalog));
}

if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
