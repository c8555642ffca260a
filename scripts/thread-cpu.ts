/**
 * `npm run bench:threads`: where a scan's CPU time goes per thread, and the critical path it sets on a machine
 * with two cores (issue 30). Wall-clock time on a shared machine measures the other jobs; CPU time per thread
 * does not, so this is the figure to compare builds with (A/B, alternating round by round).
 *
 *   THREADS_BUILDS="base=/path/base/dist/cli/bin.js,new=dist/cli/bin.js" \
 *   THREADS_REPOS="sentry=/path/sentry-javascript,prisma=/path/prisma" THREADS_ROUNDS=5 npm run bench:threads
 *
 * Each run is `node <bin> <repo> --format json` (output discarded; a build given as `name=<bin> <args>` adds its
 * arguments, e.g. `pool=dist/cli/bin.js --concurrency 1`). While it runs, every thread's time on a CPU
 * is read from `/proc/<pid>/task/<tid>/schedstat` (nanoseconds; Linux only) every 2 ms, so a thread that ends
 * early keeps its last reading. Threads are told apart by when they were made: the main thread (the process
 * id), V8's platform threads (the first five after it: four workers that run the optimising compiler and the
 * concurrent garbage collector, and the delayed-task runner), and the threads made later: the walker thread
 * (the busiest of those) and any other (the big-stack parse worker, libuv's pool).
 *
 * Per run: `main`, `walker`, `v8`, `other`, `sum` (all threads) and `bound` = max(main, walker, sum / cores):
 * the least wall-clock time the run could take on `cores` (THREADS_CORES, default 2) otherwise idle cores, since
 * neither thread can go faster than its own CPU time and all of them share the cores; and the peak RSS (VmHWM,
 * polled; the largest of the rounds). Medians per build and
 * repository are printed, and per pair of builds the median of the per-round ratios of `bound` and `sum`.
 * THREADS_JSON=file writes every run.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Run {
  build: string;
  repo: string;
  round: number;
  rc: number | null;
  main: number;
  walker: number;
  v8: number;
  other: number;
  sum: number;
  bound: number;
  /** Peak resident set size (VmHWM), MB. */
  rss: number;
}

const CORES = Number(process.env.THREADS_CORES ?? 2);
const ROUNDS = Number(process.env.THREADS_ROUNDS ?? 5);
const POLL_MS = 2;

function pairs(spec: string | undefined): Array<[string, string]> {
  return (spec ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf('=');
      return at < 0 ? [path.basename(entry), entry] : [entry.slice(0, at), entry.slice(at + 1)];
    });
}

/** Milliseconds on a CPU of each thread of `pid` now (threads that have ended are absent). */
function readThreads(pid: number, into: Map<number, number>): void {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return;
  }
  for (const tid of tids) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'latin1').split(' ')[0]);
      into.set(Number(tid), ns / 1e6);
    } catch {
      // ended between the listing and the read
    }
  }
}

/** The process's peak resident set size so far, MB (0 once it has ended). */
function peakRss(pid: number): number {
  try {
    const kb = /VmHWM:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return kb ? Number(kb[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** `build`: the binary, then any arguments of its own (`dist/cli/bin.js --concurrency 1`). */
function measure(build: string, repo: string): Promise<Omit<Run, 'build' | 'repo' | 'round'>> {
  return new Promise((resolve, reject) => {
    const [bin, ...args] = build.split(' ').filter(Boolean);
    const child = spawn(process.execPath, [bin, repo, '--format', 'json', ...args], { stdio: 'ignore' });
    const pid = child.pid;
    if (pid === undefined) return reject(new Error(`could not start ${bin}`));
    const threads = new Map<number, number>();
    let rss = 0;
    const poll = (): void => {
      readThreads(pid, threads);
      rss = Math.max(rss, peakRss(pid));
    };
    const timer = setInterval(poll, POLL_MS);
    poll();
    child.on('error', reject);
    child.on('exit', (rc) => {
      clearInterval(timer);
      // Thread ids grow as threads are made (no wrap-around within one short run is assumed).
      const later = [...threads.keys()].filter((t) => t !== pid).sort((a, b) => a - b);
      const platform = later.slice(0, 5);
      const rest = later.slice(5).sort((a, b) => threads.get(b)! - threads.get(a)!);
      const main = threads.get(pid) ?? 0;
      const walker = rest.length > 0 ? threads.get(rest[0])! : 0;
      const v8 = platform.reduce((s, t) => s + threads.get(t)!, 0);
      const other = rest.slice(1).reduce((s, t) => s + threads.get(t)!, 0);
      const sum = main + walker + v8 + other;
      resolve({ rc, main, walker, v8, other, sum, bound: Math.max(main, walker, sum / CORES), rss });
    });
  });
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main(): Promise<void> {
  if (process.platform !== 'linux') {
    console.log('bench:threads reads /proc/<pid>/task: Linux only; nothing measured.');
    return;
  }
  const builds = pairs(process.env.THREADS_BUILDS ?? 'this=dist/cli/bin.js');
  const repos = pairs(process.env.THREADS_REPOS).filter(([name, dir]) => {
    if (existsSync(dir)) return true;
    console.log(`${name}: ${dir} does not exist, skipped`);
    return false;
  });
  if (repos.length === 0) {
    console.log('Set THREADS_REPOS="name=/path,..." to measure; nothing measured.');
    return;
  }
  const runs: Run[] = [];
  for (const [repo, dir] of repos) {
    // One untimed run per build first: the page cache and the builds' files are warm for every round.
    for (const [, bin] of builds) await measure(bin, dir);
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating, and the order turned every round, so neither build always runs right after the other.
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const [build, bin] of order) {
        const run = { build, repo, round, ...(await measure(bin, dir)) };
        runs.push(run);
        process.stderr.write(`${repo} ${build} round ${round + 1}: main ${run.main.toFixed(0)} walker ${run.walker.toFixed(0)} v8 ${run.v8.toFixed(0)} sum ${run.sum.toFixed(0)} ms (exit ${run.rc})\n`);
      }
    }
  }
  const fmt = (ms: number): string => `${ms.toFixed(0)}`;
  console.log(`\nCPU ms per thread, medians of ${ROUNDS} alternating rounds; bound = max(main, walker, sum / ${CORES})\n`);
  console.log('| repository | build | main | walker | V8 platform | other | sum | bound | peak RSS (MB, max) |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [repo] of repos) {
    for (const [build] of builds) {
      const mine = runs.filter((r) => r.repo === repo && r.build === build);
      const m = (k: keyof Run): string => fmt(median(mine.map((r) => r[k] as number)));
      console.log(`| ${repo} | ${build} | ${m('main')} | ${m('walker')} | ${m('v8')} | ${m('other')} | ${m('sum')} | ${m('bound')} | ${Math.max(...mine.map((r) => r.rss)).toFixed(0)} |`);
    }
  }
  if (builds.length >= 2) {
    const [[base], ...others] = builds;
    console.log(`\nMedian of per-round ratios against ${base}:\n`);
    console.log('| repository | build | main | walker | sum | bound |');
    console.log('|---|---|---:|---:|---:|---:|');
    for (const [repo] of repos) {
      for (const [build] of others) {
        const ratio = (k: keyof Run): string => {
          const rs: number[] = [];
          for (let round = 0; round < ROUNDS; round++) {
            const a = runs.find((r) => r.repo === repo && r.build === base && r.round === round);
            const b = runs.find((r) => r.repo === repo && r.build === build && r.round === round);
            if (a && b) rs.push((b[k] as number) / (a[k] as number));
          }
          return `${median(rs).toFixed(2)}x`;
        };
        console.log(`| ${repo} | ${build} | ${ratio('main')} | ${ratio('walker')} | ${ratio('sum')} | ${ratio('bound')} |`);
      }
    }
  }
  if (process.env.THREADS_JSON) writeFileSync(process.env.THREADS_JSON, JSON.stringify(runs, null, 1));
  if (runs.some((r) => r.rc !== 0 && r.rc !== 1)) process.exitCode = 1;
}

await main();
