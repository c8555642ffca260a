/**
 * The bench's instruction row of the plugin inside ESLint (scripts/bench.ts, `BENCH_ESLINT_INSTRUCTIONS=<n>`; issue 30,
 * item 4) as the median of n runs a side whose command lines differ. One command line counts the same to the last
 * digits every time it runs (V8's predictable flags), but a command line one character longer moves where V8's
 * collections fall, and with them the count by hundreds of millions of instructions (twenty-seventh session: one
 * unchanged build measured +6.84% and +9.13% with two output paths). Each run therefore writes its messages to a path
 * of another length ({@link runPadding}), so n runs sample n schedules, and the row is their median with each run
 * and the spread printed ({@link summarizeRuns}, {@link runLines}).
 */

/** How many characters run `run` (1-based) adds to its output file's name: 0, 7, 14, ... (each run another length). */
export const PAD_STEP = 7;

/** The padding of run `run`'s output file name (run 1 none, so a one-run row keeps the command line it always had). */
export function runPadding(run: number): string {
  if (!Number.isInteger(run) || run < 1) throw new RangeError(`run must be a whole number >= 1 (got ${run})`);
  return run === 1 ? '' : `-${'p'.repeat(PAD_STEP * (run - 1) - 1)}`;
}

/** The middle value (the mean of the two middle ones for an even count); throws on an empty list. */
export function medianOf(xs: readonly number[]): number {
  if (xs.length === 0) throw new RangeError('median of no values');
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Both sides' counts of one row: run i of each side had the same padding. */
export interface RunSummary {
  /** Each side's median. */
  bare: number;
  plugin: number;
  /** The plugin's side over the bare side's, medians, minus 1. */
  over: number;
  /** Run by run, the plugin's count over the bare one's of the same padding, minus 1. */
  pairs: number[];
  /** Lowest and highest of each side's counts and of {@link pairs}. */
  spread: { bare: [number, number]; plugin: [number, number]; over: [number, number] };
}

/** Sums up n runs a side (the same n, in the order run); throws when the sides differ in length or are empty. */
export function summarizeRuns(bare: readonly number[], plugin: readonly number[]): RunSummary {
  if (bare.length === 0 || bare.length !== plugin.length) throw new RangeError(`expected as many runs on each side, at least one (got ${bare.length} and ${plugin.length})`);
  const pairs = plugin.map((p, i) => p / bare[i]! - 1);
  const range = (xs: readonly number[]): [number, number] => [Math.min(...xs), Math.max(...xs)];
  const b = medianOf(bare);
  const p = medianOf(plugin);
  return { bare: b, plugin: p, over: p / b - 1, pairs, spread: { bare: range(bare), plugin: range(plugin), over: range(pairs) } };
}

const millions = (n: number): string => `${Math.round(n / 1e6).toLocaleString('en-US')} M`;
const signed = (x: number): string => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(2)}%`;

/**
 * The row's lines: each run (both counts and their ratio), then the medians and the spread, e.g.
 * `run 2 (+7 characters): ESLint alone 22,094 M, with the plugin 23,605 M, +6.84%`.
 */
export function runLines(bare: readonly number[], plugin: readonly number[]): string[] {
  const s = summarizeRuns(bare, plugin);
  const lines = bare.map((b, i) => `run ${i + 1} (${runPadding(i + 1).length === 0 ? 'no padding' : `+${runPadding(i + 1).length} characters`}): ESLint alone ${millions(b)}, with the plugin ${millions(plugin[i]!)}, ${signed(s.pairs[i]!)}`);
  lines.push(
    `median of ${bare.length} run${bare.length === 1 ? '' : 's'} a side: ESLint alone ${millions(s.bare)}, with the plugin ${millions(s.plugin)}, ${signed(s.over)}; ` +
      `spread: ESLint alone ${millions(s.spread.bare[0])} to ${millions(s.spread.bare[1])}, with the plugin ${millions(s.spread.plugin[0])} to ${millions(s.spread.plugin[1])}, ` +
      `run by run ${signed(s.spread.over[0])} to ${signed(s.spread.over[1])} (${((s.spread.over[1] - s.spread.over[0]) * 100).toFixed(2)} points)`,
  );
  return lines;
}
