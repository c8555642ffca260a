/**
 * Recall and precision on real code (issue 11 item 5): `npm run eval`.
 *
 * Runs the built CLI (`--before 2099-12-31 --format json`) on each real repository named in
 * COLLAB_MIGRATE_EVAL_REPOS ("name=/path,name2=/path2"; names are the files of test/eval/ground-truth/) and on the
 * project's own sets with expectations (fixtures' invalid/valid files, test/corpus, examples/consumer-app), compares
 * the findings with the ground truth and prints, per notice and per repository: affected occurrences, found, recall,
 * findings, correct, false positives, precision, and the certain/likely split when findings carry `confidence`.
 *
 * Matching: a finding matches an occurrence on the same file and notice when its line is the occurrence's line (or
 * one of its `alsoLines`, other lines of the same statement). Several findings of one notice on one line count once.
 * A finding that matches no affected occurrence is a false positive; when it lands on a recorded look-alike it says so.
 * Autofix safety: `--fix --dry-run` must edit only lines inside the range of a correct finding.
 *
 * COLLAB_MIGRATE_HOLDOUT_REPOS, COLLAB_MIGRATE_HOLDOUT2_REPOS, COLLAB_MIGRATE_HOLDOUT3_REPOS, COLLAB_MIGRATE_HOLDOUT4_REPOS,
 * COLLAB_MIGRATE_HOLDOUT5_REPOS, COLLAB_MIGRATE_HOLDOUT6_REPOS, COLLAB_MIGRATE_HOLDOUT7_REPOS, COLLAB_MIGRATE_HOLDOUT8_REPOS and
 * COLLAB_MIGRATE_HOLDOUT9_REPOS, COLLAB_MIGRATE_HOLDOUT10_REPOS, COLLAB_MIGRATE_HOLDOUT11_REPOS, COLLAB_MIGRATE_HOLDOUT12_REPOS, COLLAB_MIGRATE_HOLDOUT13_REPOS, COLLAB_MIGRATE_HOLDOUT14_REPOS, COLLAB_MIGRATE_HOLDOUT15_REPOS, COLLAB_MIGRATE_HOLDOUT16_REPOS, COLLAB_MIGRATE_HOLDOUT17_REPOS, COLLAB_MIGRATE_HOLDOUT18_REPOS, COLLAB_MIGRATE_HOLDOUT19_REPOS, COLLAB_MIGRATE_HOLDOUT20_REPOS, COLLAB_MIGRATE_HOLDOUT21_REPOS, COLLAB_MIGRATE_HOLDOUT22_REPOS, COLLAB_MIGRATE_HOLDOUT23_REPOS, COLLAB_MIGRATE_HOLDOUT24_REPOS, COLLAB_MIGRATE_HOLDOUT25_REPOS, COLLAB_MIGRATE_HOLDOUT26_REPOS and COLLAB_MIGRATE_HOLDOUT27_REPOS (same form; names are the
 * files of test/eval/holdout/, holdout2/, holdout3/, holdout4/, holdout5/, holdout6/, holdout7/, holdout8/, holdout9/, holdout10/, holdout11/, holdout12/, holdout13/, holdout14/, holdout15/, holdout16/, holdout17/, holdout18/, holdout19/, holdout20/, holdout21/, holdout22/, holdout23/, holdout24/, holdout25/, holdout26/ and holdout27/) add the
 * (COLLAB_MIGRATE_HOLDOUT28_REPOS, COLLAB_MIGRATE_HOLDOUT29_REPOS, COLLAB_MIGRATE_HOLDOUT30_REPOS and test/eval/holdout28/, holdout29/, holdout30/ likewise.)
 * (COLLAB_MIGRATE_HOLDOUT31_REPOS and test/eval/holdout31/ likewise.)
 * (COLLAB_MIGRATE_HOLDOUT33_REPOS and test/eval/holdout33/ likewise.)
 * hold-out sets, each reported under
 * its own heading after the tuned set.
 *
 * Options: --markdown (tables as Markdown), --json <file> (write the full result), --eslint (also run the ESLint
 * plugin on every file with a finding or an occurrence and report differences), --cli <file> (another CLI entry).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One occurrence a reviewer marked while reading the code. */
export interface Occurrence {
  file: string;
  line: number;
  notice: string;
  verdict: 'affected' | 'lookalike';
  /** A short token expected on that line (checks that the ground truth still fits the checkout). */
  token?: string;
  reason: string;
  /** Other lines of the same statement where a finding also counts. */
  alsoLines?: number[];
}

/** The ground truth of one repository or set. */
export interface GroundTruth {
  name: string;
  repository: string;
  commit: string;
  kind: string;
  reviewed: string;
  occurrences: Occurrence[];
}

/** One finding as the JSON report gives it (the fields used here). */
export interface ReportFinding {
  noticeId: string;
  file: string;
  line: number;
  endLine?: number;
  fixable?: boolean;
  confidence?: 'certain' | 'likely';
  confidenceReason?: string;
}

export interface Counts {
  affected: number;
  found: number;
  findings: number;
  correct: number;
  falsePositives: number;
  certain: number;
  likely: number;
  /** Autofixable findings that are false positives: an autofix where none belongs. */
  unsafeFixes: number;
}

export interface Comparison {
  name: string;
  counts: Counts;
  perNotice: Map<string, Counts>;
  misses: Occurrence[];
  falsePositives: (ReportFinding & { lookalike?: Occurrence })[];
  correctFindings: ReportFinding[];
}

const emptyCounts = (): Counts => ({
  affected: 0,
  found: 0,
  findings: 0,
  correct: 0,
  falsePositives: 0,
  certain: 0,
  likely: 0,
  unsafeFixes: 0,
});

function add(into: Counts, from: Counts): void {
  for (const k of Object.keys(into) as (keyof Counts)[]) into[k] += from[k];
}

/** Compares a report's findings with the ground truth's occurrences (see the file header for the rules). */
export function compare(name: string, occurrences: readonly Occurrence[], findings: readonly ReportFinding[]): Comparison {
  const seen = new Set<string>();
  const unique = findings.filter((f) => {
    const k = `${f.file}\0${f.line}\0${f.noticeId}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const lines = (o: Occurrence) => [o.line, ...(o.alsoLines ?? [])];
  const hits = (o: Occurrence, f: ReportFinding) => o.file === f.file && o.notice === f.noticeId && lines(o).includes(f.line);
  const affected = occurrences.filter((o) => o.verdict === 'affected');
  const lookalikes = occurrences.filter((o) => o.verdict === 'lookalike');
  const perNotice = new Map<string, Counts>();
  const of = (id: string) => {
    let c = perNotice.get(id);
    if (!c) perNotice.set(id, (c = emptyCounts()));
    return c;
  };
  const misses: Occurrence[] = [];
  for (const o of affected) {
    const c = of(o.notice);
    c.affected++;
    if (unique.some((f) => hits(o, f))) c.found++;
    else misses.push(o);
  }
  const falsePositives: Comparison['falsePositives'] = [];
  const correctFindings: ReportFinding[] = [];
  for (const f of unique) {
    const c = of(f.noticeId);
    c.findings++;
    if ((f.confidence ?? 'certain') === 'certain') c.certain++;
    else c.likely++;
    if (affected.some((o) => hits(o, f))) {
      c.correct++;
      correctFindings.push(f);
    } else {
      c.falsePositives++;
      if (f.fixable) c.unsafeFixes++;
      falsePositives.push({ ...f, lookalike: lookalikes.find((o) => hits(o, f)) });
    }
  }
  const counts = emptyCounts();
  for (const c of perNotice.values()) add(counts, c);
  return { name, counts, perNotice, misses, falsePositives, correctFindings };
}

const pct = (num: number, den: number): string => (den === 0 ? '-' : `${((100 * num) / den).toFixed(1)}%`);

const HEAD = ['affected', 'found', 'recall', 'findings', 'correct', 'FP', 'precision', 'certain/likely', 'unsafe fixes'];
const row = (c: Counts): string[] => [
  String(c.affected),
  String(c.found),
  pct(c.found, c.affected),
  String(c.findings),
  String(c.correct),
  String(c.falsePositives),
  pct(c.correct, c.findings),
  `${c.certain}/${c.likely}`,
  String(c.unsafeFixes),
];

function table(title: string, first: string, rows: [string, Counts][], markdown: boolean): string {
  const body = rows.map(([k, c]) => [k, ...row(c)]);
  const head = [first, ...HEAD];
  if (markdown) {
    return [
      `#### ${title}`,
      '',
      `| ${head.join(' | ')} |`,
      `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
      ...body.map((r) => `| ${r.join(' | ')} |`),
      '',
    ].join('\n');
  }
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const fmt = (r: string[]) => r.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  return [title, fmt(head), ...body.map(fmt), ''].join('\n');
}

/** Every (notice) row plus a total, for a list of comparisons. */
export function noticeRows(comparisons: readonly Comparison[]): [string, Counts][] {
  const byNotice = new Map<string, Counts>();
  const total = emptyCounts();
  for (const cmp of comparisons) {
    for (const [id, c] of cmp.perNotice) {
      let into = byNotice.get(id);
      if (!into) byNotice.set(id, (into = emptyCounts()));
      add(into, c);
    }
    add(total, cmp.counts);
  }
  return [...[...byNotice.entries()].sort(([a], [b]) => a.localeCompare(b)), ['total', total]];
}

/** The package root: the nearest folder above this file (scripts/ or dist/scripts/) with notices.json. */
export function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'notices.json')) && existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package root above ${from}`);
  }
}

const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
const GROUND_TRUTH = join(ROOT, 'test', 'eval', 'ground-truth');
/** Repositories whose ground truth was written before the tool ever ran on them (issue 26): never tuned on. */
const HOLDOUT = join(ROOT, 'test', 'eval', 'holdout');
/** A second hold-out set (issue 26 item 4), written and measured after the first was read and tuned on. */
const HOLDOUT2 = join(ROOT, 'test', 'eval', 'holdout2');
/** A third hold-out set (issue 26 item 4), written and measured after the second was read. */
const HOLDOUT3 = join(ROOT, 'test', 'eval', 'holdout3');
/** A fourth hold-out set (issue 26 item 4), written while the first three were being read and tuned on. */
const HOLDOUT4 = join(ROOT, 'test', 'eval', 'holdout4');
/** A fifth hold-out set (issue 26 item 4), written while the first four were all read and tuned on. */
const HOLDOUT5 = join(ROOT, 'test', 'eval', 'holdout5');
/** A sixth hold-out set (issue 26 item 4), written while the first five were all read and tuned on. */
const HOLDOUT6 = join(ROOT, 'test', 'eval', 'holdout6');
/** A seventh hold-out set (issue 26 item 4), written while the first six and the twelfth session's sweep were all read and tuned on. */
const HOLDOUT7 = join(ROOT, 'test', 'eval', 'holdout7');
/** An eighth hold-out set (issue 26 item 4), written while the first seven, both sweeps and the look-alike corpus were all read and tuned on. */
const HOLDOUT8 = join(ROOT, 'test', 'eval', 'holdout8');
/** A ninth hold-out set (issue 26 item 4), written while the first eight, the three sweeps and both look-alike corpora were all read and tuned on. */
const HOLDOUT9 = join(ROOT, 'test', 'eval', 'holdout9');
/** A tenth hold-out set (issue 26 item 4), written while the first nine, the sweeps and both look-alike corpora were all read and tuned on. */
const HOLDOUT10 = join(ROOT, 'test', 'eval', 'holdout10');
/** An eleventh hold-out set (issue 26 item 4), written while the first ten, the sweeps and both look-alike corpora were all read and tuned on. */
const HOLDOUT11 = join(ROOT, 'test', 'eval', 'holdout11');
/** A twelfth hold-out set (issue 26 item 4), written while the first eleven, the sweeps and both look-alike corpora were all read and tuned on. */
const HOLDOUT12 = join(ROOT, 'test', 'eval', 'holdout12');
/** A thirteenth hold-out set (issue 26 item 4), written while the first twelve, the sweeps and both look-alike corpora were all read and tuned on. */
const HOLDOUT13 = join(ROOT, 'test', 'eval', 'holdout13');
const HOLDOUT14 = join(ROOT, 'test', 'eval', 'holdout14');
/** A fifteenth hold-out set (issue 26 item 4), written while the first fourteen, the sweeps and both look-alike corpora were all read and tuned on. */
const HOLDOUT15 = join(ROOT, 'test', 'eval', 'holdout15');
/** A sixteenth hold-out set (issue 26 item 4), written while the first fifteen, the sweeps and both look-alike corpora were all read and tuned on. */
const HOLDOUT16 = join(ROOT, 'test', 'eval', 'holdout16');
/** A seventeenth hold-out set (issue 26 item 4), written while the first sixteen, the sweeps and both look-alike corpora were all read and tuned on. */
const HOLDOUT17 = join(ROOT, 'test', 'eval', 'holdout17');
/** An eighteenth hold-out set (issue 26 item 4), written while the first seventeen, the sweeps and both look-alike corpora were all read and tuned on. */
const HOLDOUT18 = join(ROOT, 'test', 'eval', 'holdout18');
/** A nineteenth hold-out set (issue 26 item 4), written while the first eighteen, the sweeps and both look-alike corpora were all read and tuned on. */
const HOLDOUT19 = join(ROOT, 'test', 'eval', 'holdout19');
const HOLDOUT20 = join(ROOT, 'test', 'eval', 'holdout20');
const HOLDOUT21 = join(ROOT, 'test', 'eval', 'holdout21');
const HOLDOUT22 = join(ROOT, 'test', 'eval', 'holdout22');
const HOLDOUT23 = join(ROOT, 'test', 'eval', 'holdout23');
const HOLDOUT24 = join(ROOT, 'test', 'eval', 'holdout24');
const HOLDOUT25 = join(ROOT, 'test', 'eval', 'holdout25');
const HOLDOUT26 = join(ROOT, 'test', 'eval', 'holdout26');
const HOLDOUT27 = join(ROOT, 'test', 'eval', 'holdout27');
const HOLDOUT28 = join(ROOT, 'test', 'eval', 'holdout28');
const HOLDOUT29 = join(ROOT, 'test', 'eval', 'holdout29');
const HOLDOUT30 = join(ROOT, 'test', 'eval', 'holdout30');
const HOLDOUT31 = join(ROOT, 'test', 'eval', 'holdout31');
const HOLDOUT33 = join(ROOT, 'test', 'eval', 'holdout33');
/** The folders of test/eval/ that hold a set's ground-truth files. */
const SET_DIRS = { 'ground-truth': GROUND_TRUTH, holdout: HOLDOUT, holdout2: HOLDOUT2, holdout3: HOLDOUT3, holdout4: HOLDOUT4, holdout5: HOLDOUT5, holdout6: HOLDOUT6, holdout7: HOLDOUT7, holdout8: HOLDOUT8, holdout9: HOLDOUT9, holdout10: HOLDOUT10, holdout11: HOLDOUT11, holdout12: HOLDOUT12, holdout13: HOLDOUT13, holdout14: HOLDOUT14, holdout15: HOLDOUT15, holdout16: HOLDOUT16, holdout17: HOLDOUT17, holdout18: HOLDOUT18, holdout19: HOLDOUT19, holdout20: HOLDOUT20, holdout21: HOLDOUT21, holdout22: HOLDOUT22, holdout23: HOLDOUT23, holdout24: HOLDOUT24, holdout25: HOLDOUT25, holdout26: HOLDOUT26, holdout27: HOLDOUT27, holdout28: HOLDOUT28, holdout29: HOLDOUT29, holdout30: HOLDOUT30, holdout31: HOLDOUT31, holdout33: HOLDOUT33 } as const;
export type EvalSet = keyof typeof SET_DIRS;

/**
 * The hold-out sets in the order they were written, with the variable that lists each one's repositories
 * ("name=/path,...") and its heading: each is measured and reported apart, because every earlier one had been read
 * and tuned on by the time the next was written (set 4 while 1 to 3 were being tuned on, set 5 after all four, set 6
 * after all five, set 7 after all six, set 8 after all seven, set 9 after all eight, set 10 after all nine, set 11 after all ten, set 12 after all eleven, set 13 after all twelve, set 14 after all thirteen, set 15 after all fourteen, set 16 after all fifteen, set 17 after all sixteen, set 18 after all seventeen, set 19 after all eighteen).
 */
export const HOLDOUT_SETS: readonly { set: Exclude<EvalSet, 'ground-truth'>; env: string; title: string }[] = [
  { set: 'holdout', env: 'COLLAB_MIGRATE_HOLDOUT_REPOS', title: 'Hold-out set' },
  { set: 'holdout2', env: 'COLLAB_MIGRATE_HOLDOUT2_REPOS', title: 'Hold-out set 2' },
  { set: 'holdout3', env: 'COLLAB_MIGRATE_HOLDOUT3_REPOS', title: 'Hold-out set 3' },
  { set: 'holdout4', env: 'COLLAB_MIGRATE_HOLDOUT4_REPOS', title: 'Hold-out set 4' },
  { set: 'holdout5', env: 'COLLAB_MIGRATE_HOLDOUT5_REPOS', title: 'Hold-out set 5' },
  { set: 'holdout6', env: 'COLLAB_MIGRATE_HOLDOUT6_REPOS', title: 'Hold-out set 6' },
  { set: 'holdout7', env: 'COLLAB_MIGRATE_HOLDOUT7_REPOS', title: 'Hold-out set 7' },
  { set: 'holdout8', env: 'COLLAB_MIGRATE_HOLDOUT8_REPOS', title: 'Hold-out set 8' },
  { set: 'holdout9', env: 'COLLAB_MIGRATE_HOLDOUT9_REPOS', title: 'Hold-out set 9' },
  { set: 'holdout10', env: 'COLLAB_MIGRATE_HOLDOUT10_REPOS', title: 'Hold-out set 10' },
  { set: 'holdout11', env: 'COLLAB_MIGRATE_HOLDOUT11_REPOS', title: 'Hold-out set 11' },
  { set: 'holdout12', env: 'COLLAB_MIGRATE_HOLDOUT12_REPOS', title: 'Hold-out set 12' },
  { set: 'holdout13', env: 'COLLAB_MIGRATE_HOLDOUT13_REPOS', title: 'Hold-out set 13' },
  { set: 'holdout14', env: 'COLLAB_MIGRATE_HOLDOUT14_REPOS', title: 'Hold-out set 14' },
  { set: 'holdout15', env: 'COLLAB_MIGRATE_HOLDOUT15_REPOS', title: 'Hold-out set 15' },
  { set: 'holdout16', env: 'COLLAB_MIGRATE_HOLDOUT16_REPOS', title: 'Hold-out set 16' },
  { set: 'holdout17', env: 'COLLAB_MIGRATE_HOLDOUT17_REPOS', title: 'Hold-out set 17' },
  { set: 'holdout18', env: 'COLLAB_MIGRATE_HOLDOUT18_REPOS', title: 'Hold-out set 18' },
  { set: 'holdout19', env: 'COLLAB_MIGRATE_HOLDOUT19_REPOS', title: 'Hold-out set 19' },
  { set: 'holdout20', env: 'COLLAB_MIGRATE_HOLDOUT20_REPOS', title: 'Hold-out set 20' },
  { set: 'holdout21', env: 'COLLAB_MIGRATE_HOLDOUT21_REPOS', title: 'Hold-out set 21' },
  { set: 'holdout22', env: 'COLLAB_MIGRATE_HOLDOUT22_REPOS', title: 'Hold-out set 22' },
  { set: 'holdout23', env: 'COLLAB_MIGRATE_HOLDOUT23_REPOS', title: 'Hold-out set 23' },
  { set: 'holdout24', env: 'COLLAB_MIGRATE_HOLDOUT24_REPOS', title: 'Hold-out set 24' },
  { set: 'holdout25', env: 'COLLAB_MIGRATE_HOLDOUT25_REPOS', title: 'Hold-out set 25' },
  { set: 'holdout26', env: 'COLLAB_MIGRATE_HOLDOUT26_REPOS', title: 'Hold-out set 26' },
  { set: 'holdout27', env: 'COLLAB_MIGRATE_HOLDOUT27_REPOS', title: 'Hold-out set 27' },
  { set: 'holdout28', env: 'COLLAB_MIGRATE_HOLDOUT28_REPOS', title: 'Hold-out set 28' },
  { set: 'holdout29', env: 'COLLAB_MIGRATE_HOLDOUT29_REPOS', title: 'Hold-out set 29' },
  { set: 'holdout30', env: 'COLLAB_MIGRATE_HOLDOUT30_REPOS', title: 'Hold-out set 30' },
  { set: 'holdout31', env: 'COLLAB_MIGRATE_HOLDOUT31_REPOS', title: 'Hold-out set 31' },
  { set: 'holdout33', env: 'COLLAB_MIGRATE_HOLDOUT33_REPOS', title: 'Hold-out set 33' },
];

/** The ground-truth files of the real repositories, by name. */
export function loadGroundTruths(dir = GROUND_TRUTH): Map<string, GroundTruth> {
  const out = new Map<string, GroundTruth>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const gt = JSON.parse(readFileSync(join(dir, f), 'utf8')) as GroundTruth;
    out.set(gt.name, gt);
  }
  return out;
}

/** Parses COLLAB_MIGRATE_EVAL_REPOS ("name=/path,name2=/path2"). */
export function parseRepoList(value: string | undefined): { name: string; path: string }[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const i = s.indexOf('=');
      if (i <= 0) throw new Error(`COLLAB_MIGRATE_EVAL_REPOS: "${s}" is not name=/path`);
      return { name: s.slice(0, i), path: resolve(s.slice(i + 1)) };
    });
}

/** Occurrences whose token is not on their line in the checkout: the ground truth does not fit this commit. */
export function staleOccurrences(root: string, gt: GroundTruth): string[] {
  const problems: string[] = [];
  const cache = new Map<string, string[] | null>();
  for (const o of gt.occurrences) {
    if (!cache.has(o.file)) {
      const p = join(root, o.file);
      cache.set(o.file, existsSync(p) ? readFileSync(p, 'utf8').split(/\r?\n/) : null);
    }
    const lines = cache.get(o.file);
    if (!lines) problems.push(`${o.file}: missing`);
    else if (o.token && !(lines[o.line - 1] ?? '').includes(o.token)) problems.push(`${o.file}:${o.line}: "${o.token}" not on that line`);
  }
  return problems;
}

/** Runs the built CLI's JSON report on a folder (paths in the report are relative to it). */
export function runCli(cli: string, dir: string, extra: string[] = []): ReportFinding[] {
  return runCliReport(cli, dir, extra).findings;
}

interface CliReport {
  findings: ReportFinding[];
  files: { file: string; diff?: string }[];
}

/** Old-side line numbers that a unified diff removes or replaces. */
export function changedOldLines(diff: string): number[] {
  const out: number[] = [];
  let old = 0;
  for (const line of diff.split('\n')) {
    const hunk = /^@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@/.exec(line);
    if (hunk) old = Number(hunk[1]);
    else if (line.startsWith('---') || line.startsWith('+++')) continue;
    else if (line.startsWith('-')) out.push(old++);
    else if (line.startsWith(' ')) old++;
  }
  return out;
}

/**
 * Autofix safety: runs `--fix --dry-run` and sorts every edited line (old side). `offLine`: outside the range of every
 * finding the ground truth calls correct, in a file that has a correct autofixable finding (usually a coupled edit
 * of that fix: the Content-Type header of a token request, the constant holding a header name; listed to be read).
 * `unattributed`: in a file without any correct autofixable finding: an edit where the reviewer saw nothing to migrate.
 */
export function fixEdits(
  cli: string,
  dir: string,
  correct: readonly ReportFinding[],
  judged: (file: string) => boolean = () => true,
): { edited: number; offLine: string[]; unattributed: string[] } {
  const report = runCliReport(cli, dir, ['--fix', '--dry-run', '--allow-dirty']);
  const offLine: string[] = [];
  const unattributed: string[] = [];
  let edited = 0;
  for (const f of report.files) {
    if (!f.diff || !judged(f.file)) continue;
    const mine = correct.filter((c) => c.file === f.file && c.fixable);
    for (const line of changedOldLines(f.diff)) {
      edited++;
      if (!mine.length) unattributed.push(`${f.file}:${line}`);
      else if (!mine.some((c) => c.line <= line && line <= (c.endLine ?? c.line))) offLine.push(`${f.file}:${line}`);
    }
  }
  return { edited, offLine, unattributed };
}

function runCliReport(cli: string, dir: string, extra: string[] = []): CliReport {
  const r = spawnSync(process.execPath, [cli, '.', '--before', '2099-12-31', '--format', 'json', '--no-progress', '--no-error-on-unmatched-pattern', ...extra], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
  });
  if (r.status !== 0 && r.status !== 1) throw new Error(`collab-migrate on ${dir} exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  return JSON.parse(r.stdout) as CliReport;
}

const MARKER = /\bexpect:\s*([a-z0-9-]+(?:\s*,\s*[a-z0-9-]+)*)/;

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

const rel = (root: string, p: string) => relative(root, p).split(sep).join('/');

function markers(root: string, file: string, onlyId?: string): Occurrence[] {
  const out: Occurrence[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      const m = MARKER.exec(text);
      if (!m) return;
      for (const id of m[1].split(',').map((s) => s.trim()))
        if (!onlyId || id === onlyId) out.push({ file: rel(root, file), line: i + 1, notice: id, verdict: 'affected', reason: 'marker' });
    });
  return out;
}

/** A comparison plus the autofix safety of its set. */
export type SetResult = Comparison & {
  /** Edited lines in files without a correct autofixable finding (see fixEdits). */
  strayEdits: string[];
  /** Edited lines off the line range of every correct finding of their file (see fixEdits). */
  offLineEdits: string[];
  /** Lines `--fix --dry-run` would edit. */
  editedLines: number;
};

function withFixSafety(
  cli: string,
  dir: string,
  cmp: Comparison,
  judged?: (file: string) => boolean,
  notJudged: readonly ReportFinding[] = [],
): SetResult {
  const fix = fixEdits(cli, dir, [...cmp.correctFindings, ...notJudged], judged);
  return { ...cmp, strayEdits: fix.unattributed, offLineEdits: fix.offLine, editedLines: fix.edited };
}

/** The project's own sets with expectations, each as a ground truth plus the report filter that applies to it. */
export function internalSets(cli: string): SetResult[] {
  const out: SetResult[] = [];
  // examples/consumer-app: test/example-app.expected.json.
  const app = join(ROOT, 'examples', 'consumer-app');
  const appExpected = JSON.parse(readFileSync(join(ROOT, 'test', 'example-app.expected.json'), 'utf8')) as { file: string; line: number; id: string }[];
  out.push(
    withFixSafety(
      cli,
      app,
      compare(
        'examples/consumer-app',
        appExpected.map((e) => ({ file: e.file, line: e.line, notice: e.id, verdict: 'affected' as const, reason: 'expected.json' })),
        runCli(cli, app),
      ),
    ),
  );
  // test/corpus: `expect:` markers; clean/ must yield nothing.
  const corpus = join(ROOT, 'test', 'corpus');
  const corpusOcc = walk(corpus).flatMap((f) => markers(corpus, f));
  out.push(withFixSafety(cli, corpus, compare('test/corpus (+ clean/)', corpusOcc, runCli(cli, corpus))));
  // test/fixtures/<id>/invalid and valid: markers (or .expect.json sidecars) of that notice; other notices' findings
  // in a fixture of <id> are not judged (the fixture is about <id> only).
  const fixtures = join(ROOT, 'test', 'fixtures');
  const fixtureFindings = runCli(cli, fixtures);
  const occ: Occurrence[] = [];
  const judged = new Set<string>();
  for (const id of readdirSync(fixtures).sort()) {
    for (const kind of ['invalid', 'valid']) {
      const dir = join(fixtures, id, kind);
      if (!existsSync(dir)) continue;
      for (const f of walk(dir)) {
        if (f.endsWith('.expect.json') || f.endsWith('.options.json')) continue;
        judged.add(`${rel(fixtures, f)}\0${id}`);
        if (kind === 'valid') continue;
        const sidecar = `${f}.expect.json`;
        if (existsSync(sidecar)) {
          for (const line of JSON.parse(readFileSync(sidecar, 'utf8')) as number[])
            occ.push({ file: rel(fixtures, f), line, notice: id, verdict: 'affected', reason: 'sidecar' });
        } else occ.push(...markers(fixtures, f, id));
      }
    }
  }
  const judgedFiles = new Set([...judged].map((k) => k.split('\0')[0]));
  out.push(
    withFixSafety(
      cli,
      fixtures,
      compare(
        'test/fixtures (invalid + valid)',
        occ,
        fixtureFindings.filter((f) => judged.has(`${f.file}\0${f.noticeId}`)),
      ),
      (file) => judgedFiles.has(file),
      // another notice's finding in a fixture is not judged there; its fix edits are its own
      fixtureFindings.filter((f) => !judged.has(`${f.file}\0${f.noticeId}`)),
    ),
  );
  return out;
}

/** Runs the ESLint plugin on the given files and returns the (notice line) keys that differ from the CLI's. */
async function eslintDifferences(root: string, files: string[], cliFindings: readonly ReportFinding[]): Promise<string[]> {
  const [{ Linter }, tsParser, { createPlugin, PLUGIN_NAME }, { loadCatalog }] = await Promise.all([
    import('eslint'),
    import('@typescript-eslint/parser'),
    import('../rules/index.js'),
    import('../engine/catalog/catalog.js'),
  ]);
  const catalog = loadCatalog();
  const notices = catalog.notices.filter((n) => n.status !== 'informational' && n.detections.length > 0);
  const linter = new Linter({ configType: 'flat' });
  const config = {
    files: ['**/*.{js,cjs,mjs,jsx,ts,tsx,mts,cts}'],
    plugins: { [PLUGIN_NAME]: createPlugin(catalog) },
    languageOptions: { parser: tsParser.default ?? tsParser },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: Object.fromEntries(notices.map((n) => [`${PLUGIN_NAME}/${n.id}`, 'error'])),
  };
  const diffs: string[] = [];
  for (const file of files.filter((f) => /\.[cm]?[jt]sx?$/.test(f))) {
    const text = readFileSync(join(root, file), 'utf8');
    // Relative name: flat-config `files` patterns are matched against the working directory.
    const messages = linter.verify(text, [config as never], { filename: file });
    if (messages.some((m) => m.fatal)) continue; // the CLI lists unparsable files separately
    for (const m of messages.filter((x) => !x.ruleId)) diffs.push(`${file}: ESLint: ${m.message}`);
    // Same notice, line and confidence: a likely finding says so in its ESLint message ("[likely: ...]").
    const eslint = new Set(
      messages
        .filter((m) => m.ruleId)
        .map((m) => `${m.ruleId!.slice(PLUGIN_NAME.length + 1)} ${m.line} ${m.message.includes('[likely: ') ? 'likely' : 'certain'}`),
    );
    const cli = new Set(cliFindings.filter((f) => f.file === file).map((f) => `${f.noticeId} ${f.line} ${f.confidence ?? 'certain'}`));
    for (const k of eslint) if (!cli.has(k)) diffs.push(`${file}: ESLint only: ${k}`);
    for (const k of cli) if (!eslint.has(k)) diffs.push(`${file}: CLI only: ${k}`);
  }
  return diffs;
}

export interface EvaluationResult {
  repos: (SetResult & {
    repository: string;
    commit: string;
    kind: string;
    stale: string[];
    eslint?: string[];
  })[];
  internal: SetResult[];
}

/** Evaluates the named real repositories and the internal sets. */
export async function evaluate(opts: {
  repos: { name: string; path: string }[];
  cli?: string;
  eslint?: boolean;
  internal?: boolean;
  /** Same as `set: 'holdout'`. */
  holdout?: boolean;
  /** Which folder of test/eval/ holds the ground truth (default: ground-truth, or holdout with `holdout`). */
  set?: EvalSet;
}): Promise<EvaluationResult> {
  const cli = opts.cli ?? join(ROOT, 'dist', 'cli', 'bin.js');
  const set: EvalSet = opts.set ?? (opts.holdout ? 'holdout' : 'ground-truth');
  const truths = loadGroundTruths(SET_DIRS[set]);
  const repos: EvaluationResult['repos'] = [];
  for (const { name, path } of opts.repos) {
    const gt = truths.get(name);
    if (!gt) throw new Error(`no ground truth test/eval/${set}/${name}.json (known: ${[...truths.keys()].join(', ')})`);
    const findings = runCli(cli, path);
    const cmp = compare(name, gt.occurrences, findings);
    const entry: EvaluationResult['repos'][number] = {
      ...withFixSafety(cli, path, cmp),
      repository: gt.repository,
      commit: gt.commit,
      kind: gt.kind,
      stale: staleOccurrences(path, gt),
    };
    if (opts.eslint) {
      const files = [...new Set([...findings.map((f) => f.file), ...gt.occurrences.map((o) => o.file)])].filter((f) => existsSync(join(path, f)));
      entry.eslint = await eslintDifferences(path, files, findings);
    }
    repos.push(entry);
  }
  return { repos, internal: opts.internal === false ? [] : internalSets(cli) };
}

/** The printed report: tables, then every miss and false positive with its reason. */
export function formatResult(result: EvaluationResult, markdown: boolean): string {
  const parts: string[] = [];
  if (result.repos.length) {
    parts.push(table('Real repositories, per notice', 'notice', noticeRows(result.repos), markdown));
    const total = noticeRows(result.repos).at(-1)![1];
    parts.push(table('Real repositories, per repository', 'repository', [...result.repos.map((r) => [r.name, r.counts] as [string, Counts]), ['total', total]], markdown));
  }
  if (result.internal.length) {
    parts.push(table('Project sets, per notice', 'notice', noticeRows(result.internal), markdown));
    parts.push(table('Project sets, per set', 'set', result.internal.map((c) => [c.name, c.counts] as [string, Counts]), markdown));
  }
  const li = markdown ? '- ' : '  ';
  for (const r of [...result.repos, ...result.internal]) {
    const lines: string[] = [];
    for (const m of r.misses) lines.push(`${li}MISS ${m.notice} ${m.file}:${m.line}: ${m.reason}`);
    for (const f of r.falsePositives)
      lines.push(
        `${li}FP ${f.noticeId} ${f.file}:${f.line}${f.fixable ? ' (autofix)' : ''}${f.confidence ? ` [${f.confidence}]` : ''}: ${f.lookalike ? `look-alike: ${f.lookalike.reason}` : 'not in the ground truth'}`,
      );
    const rr = r as Partial<EvaluationResult['repos'][number]>;
    for (const s of rr.stale ?? []) lines.push(`${li}STALE GROUND TRUTH ${s}`);
    for (const s of rr.strayEdits ?? []) lines.push(`${li}FIX EDIT IN A FILE WITHOUT A CORRECT AUTOFIX ${s}`);
    for (const s of rr.offLineEdits ?? []) lines.push(`${li}fix edit off the finding's lines (coupled edit? read it) ${s}`);
    if (rr.editedLines)
      lines.push(
        `${li}--fix --dry-run edits ${rr.editedLines} line(s): ${rr.strayEdits?.length ?? 0} in files without a correct autofix, ${rr.offLineEdits?.length ?? 0} off the finding's lines`,
      );
    for (const d of rr.eslint ?? []) lines.push(`${li}ESLINT PARITY ${d}`);
    if (rr.eslint && rr.eslint.length === 0) lines.push(`${li}ESLint plugin: same findings as the CLI`);
    if (lines.length) parts.push([markdown ? `**${r.name}**` : r.name, '', ...lines, ''].join('\n'));
  }
  return parts.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const markdown = argv.includes('--markdown');
  const eslint = argv.includes('--eslint');
  const jsonAt = argv.indexOf('--json');
  const cliAt = argv.indexOf('--cli');
  const repos = parseRepoList(process.env.COLLAB_MIGRATE_EVAL_REPOS);
  const holdoutLists = HOLDOUT_SETS.map((h) => ({ ...h, repos: parseRepoList(process.env[h.env]) }));
  if (!repos.length)
    process.stderr.write('COLLAB_MIGRATE_EVAL_REPOS is not set: only the project sets are measured (set it to "name=/path,...").\n');
  const cli = cliAt >= 0 ? resolve(argv[cliAt + 1]) : undefined;
  const result = await evaluate({ repos, eslint, cli });
  process.stdout.write(formatResult(result, markdown));
  // Each hold-out set is reported apart: its figures are the ones on code the tool was not shaped on when it was written.
  const holdouts: EvaluationResult[] = [];
  for (const { set, title, repos: list } of holdoutLists) {
    if (!list.length) continue;
    const r = await evaluate({ repos: list, eslint, cli, internal: false, set });
    holdouts.push(r);
    process.stdout.write(`\n${markdown ? '## ' : '=== '}${title} (test/eval/${set}: ground truth written before the tool ran)\n\n${formatResult(r, markdown)}`);
  }
  if (jsonAt >= 0) {
    const plain = JSON.parse(JSON.stringify(result, (_k, v: unknown) => (v instanceof Map ? Object.fromEntries(v) : v)));
    writeFileSync(argv[jsonAt + 1], JSON.stringify(plain, null, 2) + '\n');
  }
  const bad = (r: EvaluationResult) => r.repos.some((x) => x.stale.length || x.strayEdits.length) || r.internal.some((x) => x.strayEdits.length);
  return bad(result) || holdouts.some(bad) ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 2;
    },
  );
}
