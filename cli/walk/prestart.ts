/**
 * Starting the walker thread (walker.ts) before the command line has loaded: creating the thread, its V8 isolate
 * and its bundle took 60-90 ms during which a scan's main thread, ready to read, waited for the first batch
 * (sentry-javascript, `--cpu-prof`: ~130 ms idle at start; issue 30). The binary calls {@link prestartWalker}
 * first thing, with nothing but the arguments to go on: the thread starts without its walk and waits for it
 * (`{ setup }`, posted by `startWalk` once the settings are known). It is a guess, so it costs little when
 * wrong: a run that does not walk a folder in a thread (another command, `--help`, files only,
 * `--concurrency off` in a configuration file) never takes it, and an unreferenced thread does not keep the
 * process alive. This module imports nothing of the command line, so loading it costs nothing measurable.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';

/**
 * The walker thread's file: beside this module as tsc emits it (dist/cli/walk/), or, from the bundle's chunks
 * (dist/cli/), the walker's own bundle beside them (scripts/bundle.ts).
 */
export const WALK_WORKER_URL = new URL(import.meta.url.includes('/cli/walk/') ? './walk-worker.js' : './walk-worker-bundle.js', import.meta.url);

/** What a pre-started walker thread is given as its `workerData`: wait for `{ setup }` on the parent port. */
export const DEFERRED_SETUP = 'collab-migrate:deferred-walk';

let prestarted: Worker | undefined;

/** The commands other than the scan, and options after which no folder is walked. */
const NOT_A_WALK = new Set(['merge', 'notices', 'explain', 'catalog', 'codemod', 'help', '--help', '-h', '--version', '--stdin-files']);

/**
 * Whether the arguments look like a scan of a folder in threads: no other command or option that walks none, and
 * either no argument besides options (the current folder) or one that names a folder. Decided without the
 * command line's parser (not loaded yet), so an option's value may be taken for a path; either way the answer only
 * decides whether the thread starts early.
 */
export function looksLikeFolderScan(args: readonly string[], cwd: string): boolean {
  if (availableParallelism() < 2) return false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (NOT_A_WALK.has(a)) return false;
    if ((a === '--concurrency' && /^(off|0)$/.test(args[i + 1] ?? '')) || /^--concurrency=(off|0)$/.test(a)) return false;
  }
  const bare = args.filter((a) => !a.startsWith('-'));
  return bare.length === 0 || bare.some((a) => statSync(path.resolve(cwd, a), { throwIfNoEntry: false })?.isDirectory() ?? false);
}

/** Starts the walker thread without its walk when the arguments look like a folder scan ({@link looksLikeFolderScan}). */
export function prestartWalker(args: readonly string[], cwd: string): void {
  if (prestarted) return;
  try {
    if (!looksLikeFolderScan(args, cwd)) return;
    // node:worker_threads is loaded here, when a thread starts: a run that starts none does not load it (issue 30, item 2).
    const { Worker } = process.getBuiltinModule('node:worker_threads');
    const worker = new Worker(WALK_WORKER_URL, { workerData: DEFERRED_SETUP });
    // Never taken (another command, an error in the arguments): it must not keep the process alive.
    worker.unref();
    // A thread that fails before it is taken is simply not used (startWalk starts another).
    const drop = (): void => {
      if (prestarted === worker) prestarted = undefined;
    };
    worker.on('error', drop);
    worker.on('exit', drop);
    prestarted = worker;
  } catch {
    prestarted = undefined;
  }
}

/** The pre-started walker thread, once (undefined when none was started); the caller owns it from then on. */
export function takePrestartedWalker(): Worker | undefined {
  const worker = prestarted;
  prestarted = undefined;
  worker?.ref();
  return worker;
}
