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
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { TransferListItem, Worker } from 'node:worker_threads';

/**
 * Folders never entered: dependencies, VCS data and usual build output. (`dist/` is entered: its files are
 * listed as generated, and `--include-generated` scans them.) Here, not in files.ts, so that the size check below
 * loads nothing of the walk (files.ts re-exports it).
 */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set([
  'node_modules', '.git', '.hg', '.svn', 'coverage', '.next', '.nuxt', '.output',
  '.svelte-kit', '.turbo', '.cache', '.yarn', 'bower_components', 'jspm_packages', '.collab-migrate-cache',
]);

/**
 * A folder walk with more entries than this (files, folders and other entries listed in folders the walk may enter)
 * runs in a thread of its own; a smaller one runs in the main thread. Starting the thread (its V8 isolate and
 * bundle) cost 0.15-0.2 s of CPU, as much as walking several thousand entries in the main thread, and most runs of
 * the command (a pre-commit hook, an editor, a project of a few hundred files, the test suite's ~130 runs of the
 * binary) walk far fewer. Measured in docs/performance.md (round eleven of the test suite).
 */
export const WALK_THREAD_ENTRIES = 2000;

/** What {@link peekTree} found: whether the tree is small, and then every folder's listing (the walk reuses them). */
export interface TreePeek {
  small: boolean;
  /** The folders listed (absolute path as the walk builds it -> its entries), when the tree is small. */
  listings?: Map<string, Dirent[]>;
}

/**
 * Lists the folders below `dirs` (absolute paths), breadth first, until more than `limit` entries are seen: a tree
 * found small was listed whole, and the walk in the main thread takes these listings instead of listing again; a
 * large one cost at most `limit` entries' listings, which the walker thread lists again. Links are not followed (the
 * walk follows only those that stay inside the scanned folder, whose targets are counted where they are), nor
 * {@link SKIPPED_DIRS}; a folder that cannot be listed is left to the walk, which reports it.
 */
export function peekTree(dirs: readonly string[], limit: number): TreePeek {
  if (limit <= 0) return { small: false };
  const listings = new Map<string, Dirent[]>();
  const queue = [...dirs];
  let seen = 0;
  for (let i = 0; i < queue.length; i++) {
    const dir = queue[i];
    if (listings.has(dir)) continue;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    seen += entries.length;
    if (seen > limit) return { small: false };
    listings.set(dir, entries);
    const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
    for (const e of entries) if (e.isDirectory() && !SKIPPED_DIRS.has(e.name)) queue.push(prefix + e.name);
  }
  return { small: true, listings };
}

/** The peek the binary made before the command line loaded, for the walk that asks for the same folders. */
let peeked: { key: string; peek: TreePeek } | undefined;

/** Forgets the binary's peek (a walk that starts no thread, whatever the tree's size, does not take it). */
export function dropPeek(): void {
  peeked = undefined;
}

/**
 * Whether the walk of the folders `dirs` (absolute) is small ({@link peekTree}), from the peek made at the binary's
 * start when it was of the same folders (taken once), else peeked now.
 */
export function peekWalk(dirs: readonly string[], limit = WALK_THREAD_ENTRIES): TreePeek {
  const key = JSON.stringify([limit, ...dirs]);
  const early = peeked;
  peeked = undefined;
  return early?.key === key ? early.peek : peekTree(dirs, limit);
}

/**
 * The walker thread's file: beside this module as tsc emits it (dist/cli/walk/), or, from the bundle's chunks
 * (dist/cli/), the loader of the walker's own bundle beside them, which compiles it with its V8 code cache
 * (scripts/walker-cache.ts).
 */
/**
 * The walker thread's young generation, in MB (V8's default is 48 on 64-bit). The thread's objects are short-lived
 * (listings, paths, a batch's texts until they are sent), so a small young generation collects them as often as
 * needed at no cost measured in CPU time, and keeps the process smaller: peak RSS of babel's scan 189 -> 160 MB,
 * sentry-javascript's 137 -> 130 MB, the 100,000-file generated repository's 335 -> 305 MB (5 and 2 interleaved
 * runs, same CPU time and reports; docs/performance.md, twenty-sixth session).
 */
export const WALKER_YOUNG_GENERATION_MB = 6;

export const WALK_WORKER_URL = new URL(import.meta.url.includes('/cli/walk/') ? './walk-worker.js' : './walk-worker-loader.cjs', import.meta.url);

/** What a pre-started walker thread is given as its `workerData`: wait for `{ setup }` on the parent port. */
export const DEFERRED_SETUP = 'collab-migrate:deferred-walk';

let prestarted: Worker | undefined;

/**
 * V8's interrupt budget. V8 optimises a function with TurboFan once it has run through an "interrupt budget" of
 * bytecode; a scan runs for one to three seconds, in which that compiling (on V8's own threads, for the main and the
 * walker thread alike) was 16-34% of the CPU (docs/performance.md, rounds nine and twelve). Eight times the budget
 * tiers up only the code that stays hot: on Node 20's V8 11.3, five alternating rounds per repository, total CPU
 * 0.86-0.89x on the SDK, outline, prisma and sentry-javascript (babel 1.00-1.03x), the two-core bound 0.88-1.03x. Not
 * on another V8, where it is unmeasured. It changes when code is optimised, never what it computes.
 *
 * When it is set matters. V8 checks every code cache against its flags and rejects one made under other flags, and
 * Node's own code for its internal modules is such a cache: once the flag is set, each internal module loaded is
 * compiled from its source. A thread started after it (the walker thread) loads dozens while Node starts it: a
 * process that starts an empty worker took 224 M instructions, 385 M with the flag set first (cachegrind), and the
 * walker thread's start is what the main thread waits for before its first batch (docs/performance.md, "Twenty-eighth
 * session: 30bigstart"). So the binary only says that a run wants it ({@link wantInterruptBudget}), and it is set once
 * the main thread has loaded what it loads at start ({@link mainThreadLoaded}, as the scan's file loop begins: the
 * command line's own code caches are made and read without it) and every walker thread started has posted its
 * first message (Node's start of the thread is over by then). The flag is the process's, so it then holds for both
 * threads, for the code that stays hot: the file loop, the walk, the analysis.
 */
export const INTERRUPT_BUDGET = '--interrupt-budget=540672';
const budget = { wanted: false, loaded: false, starting: 0, set: false };

/** The run wants V8's interrupt budget (a scan that may run long); set later ({@link INTERRUPT_BUDGET}). */
export function wantInterruptBudget(): void {
  budget.wanted = true;
  armBudget();
}

/** The main thread has loaded what the scan needs (its file loop begins): the budget may be set from now on. */
export function mainThreadLoaded(): void {
  budget.loaded = true;
  armBudget();
}

function armBudget(): void {
  if (budget.set || !budget.wanted || !budget.loaded || budget.starting > 0) return;
  budget.set = true;
  if (process.versions.v8.startsWith('11.3.')) process.getBuiltinModule('node:v8').setFlagsFromString(INTERRUPT_BUDGET);
}

/**
 * Starts a walker thread (see walker.ts; `workerData` and `transferList` as for `new Worker`), holding V8's interrupt
 * budget back until the thread has posted its first message or has ended.
 */
export function startWalkerThread(workerData: unknown, transferList: TransferListItem[] = []): Worker {
  // node:worker_threads is loaded here, when a thread starts: a run that starts none does not load it (issue 30, item 2).
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  const worker = new Worker(WALK_WORKER_URL, { workerData, transferList, resourceLimits: { maxYoungGenerationSizeMb: WALKER_YOUNG_GENERATION_MB } });
  budget.starting++;
  let started = true;
  const release = (): void => {
    if (!started) return;
    started = false;
    budget.starting--;
    worker.off('message', release);
    armBudget();
  };
  worker.on('message', release);
  worker.once('error', release);
  worker.once('exit', release);
  return worker;
}

/** The commands other than the scan, and options after which no folder is walked. */
const NOT_A_WALK = new Set(['merge', 'notices', 'explain', 'catalog', 'codemod', 'help', '--help', '-h', '--version', '--stdin-files']);

/**
 * Whether the arguments look like a scan of a folder in threads: no other command or option that walks none, and
 * either no argument besides options (the current folder) or one that names a folder. Decided without the
 * command line's parser (not loaded yet), so an option's value may be taken for a path; either way the answer only
 * decides whether the thread starts early.
 */
export function looksLikeFolderScan(args: readonly string[], cwd: string): boolean {
  return threadableArgs(args) && folderArgs(args, cwd).length > 0;
}

/** Two cores or more, and no other command or option that walks no folder or walks it in one thread. */
function threadableArgs(args: readonly string[]): boolean {
  if (availableParallelism() < 2) return false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (NOT_A_WALK.has(a)) return false;
    if ((a === '--concurrency' && /^(off|0)$/.test(args[i + 1] ?? '')) || /^--concurrency=(off|0)$/.test(a)) return false;
  }
  return true;
}

/**
 * The folders among the arguments that are not options, as absolute paths (the current folder when there is no
 * such argument): what `startWalk` peeks at when the command line gives the walk these paths (it leaves out the
 * files among them). An option's value that names a folder is peeked at too; the walk then peeks again.
 */
function folderArgs(args: readonly string[], cwd: string): string[] {
  return folderPaths(args.filter((a) => !a.startsWith('-')), cwd);
}

/**
 * The folders among a walk's paths, as absolute paths (the current folder when no path is given): the binary's peek
 * and `startWalk` name a walk's folders alike, so the walk takes the binary's peek of the same folders.
 */
export function folderPaths(paths: readonly string[], cwd: string): string[] {
  if (paths.length === 0) return [path.resolve(cwd, '.')];
  return paths.map((p) => path.resolve(cwd, p)).filter((p) => statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false);
}

/**
 * Starts the walker thread without its walk when the arguments look like a folder scan ({@link looksLikeFolderScan})
 * of a tree of more than {@link WALK_THREAD_ENTRIES} entries ({@link peekTree}; the peek is kept for the walk).
 */
export function prestartWalker(args: readonly string[], cwd: string): void {
  if (prestarted) return;
  try {
    if (!threadableArgs(args)) return;
    const dirs = folderArgs(args, cwd);
    if (dirs.length === 0) return;
    const peek = peekTree(dirs, WALK_THREAD_ENTRIES);
    peeked = { key: JSON.stringify([WALK_THREAD_ENTRIES, ...dirs]), peek };
    if (peek.small) return;
    const worker = startWalkerThread(DEFERRED_SETUP);
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
