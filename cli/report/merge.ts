/**
 * `collab-migrate merge`: many repositories' JSON reports as one organisation report, in any format. Notices are
 * joined by id (counts summed, states recomputed for the merged report's day), findings, problem files and
 * suppression comments are kept with their repository, and the repositories are listed worst first.
 */
import { daysBetween } from '../../engine/catalog/dates.js';
import { jsonTooDeep, tooDeepMessage } from '../../engine/read/json-depth.js';
import type { NoticeStatus } from '../../engine/types.js';
import { UsageError } from '../errors.js';
import type { NoticeCounts } from './digest.js';
import {
  bucketOfDate,
  REPORT_VERSION,
  timelineOf,
  type Report,
  type ReportFile,
  type ReportFinding,
  type ReportNotice,
  type ReportSuppression,
  type RepositorySummary,
} from './report.js';

export interface MergeSource {
  /** Where the report came from (for errors and as the fallback repository name). */
  source: string;
  report: Report;
}

export interface MergeOptions {
  /** The merged report's day (default: the latest day of the inputs). */
  today?: string;
  /** Default: the largest `warnWithinDays` of the inputs. */
  warnWithinDays?: number;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Parses and checks one JSON report; a bad one is a usage error naming the file and what is wrong. */
export function parseReport(source: string, text: string): Report {
  let data: unknown;
  const deep = jsonTooDeep(text);
  if (deep) throw new UsageError(`${source}: not a collab-migrate JSON report: ${tooDeepMessage(deep)}.`);
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new UsageError(`${source}: not JSON (${(error as Error).message}).`);
  }
  const bad = (what: string): never => {
    throw new UsageError(`${source}: not a collab-migrate JSON report (${what}); write one with --format json.`);
  };
  if (!isObject(data)) return bad('not an object');
  if (data.version !== REPORT_VERSION) return bad(`"version" is ${JSON.stringify(data.version)}, this collab-migrate reads ${REPORT_VERSION}`);
  if (typeof data.today !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(data.today)) return bad('"today" is not a YYYY-MM-DD day');
  for (const key of ['notices', 'findings', 'files'] as const) if (!Array.isArray(data[key])) bad(`"${key}" is not a list`);
  if (!isObject(data.summary)) bad('"summary" is missing');
  const notices = data.notices as unknown[];
  notices.forEach((n, i) => {
    if (!isObject(n) || typeof n.id !== 'string' || typeof n.findings !== 'number') bad(`notices[${i}] has no id or findings count`);
  });
  (data.findings as unknown[]).forEach((f, i) => {
    if (!isObject(f) || typeof f.noticeId !== 'string' || typeof f.file !== 'string' || typeof f.line !== 'number') bad(`findings[${i}] has no noticeId, file or line`);
    const lines = (x: unknown): boolean => Array.isArray(x) && x.every((l) => typeof l === 'string');
    const ex = (f as Record<string, unknown>).excerpt;
    if (ex !== undefined && !(isObject(ex) && lines(ex.lines))) bad(`findings[${i}].excerpt has no list of lines`);
    const fix = (f as Record<string, unknown>).fixPreview;
    if (fix !== undefined && !(isObject(fix) && lines(fix.before) && lines(fix.after))) bad(`findings[${i}].fixPreview has no lists of lines`);
  });
  // What the merge computes with, checked here so a malformed report is named, not an "internal error" (issue 28).
  if (!realDay(data.today)) bad(`"today" ${JSON.stringify(data.today)} is not a day of the calendar`);
  if (data.warnWithinDays !== undefined && !(Number.isInteger(data.warnWithinDays) && (data.warnWithinDays as number) >= 0 && (data.warnWithinDays as number) <= 36_500)) {
    bad(`"warnWithinDays" is ${JSON.stringify(data.warnWithinDays)}, not a whole number of days up to 36500`);
  }
  notices.forEach((n, i) => {
    const notice = n as Record<string, unknown>;
    if (!STATUSES.includes(notice.status as string)) bad(`notices[${i}] has no status (one of ${STATUSES.join(', ')})`);
    if (notice.effective !== null && notice.effective !== undefined && !realDay(notice.effective)) bad(`notices[${i}].effective ${JSON.stringify(notice.effective)} is not a day of the calendar`);
  });
  (data.files as unknown[]).forEach((f, i) => {
    if (!isObject(f) || typeof f.file !== 'string' || typeof f.outcome !== 'string') bad(`files[${i}] has no file or outcome`);
  });
  for (const key of ['unanalysed'] as const) {
    const list = data[key];
    if (list !== undefined && !(Array.isArray(list) && list.every((u) => isObject(u) && typeof u.file === 'string'))) bad(`"${key}" is not a list of files`);
  }
  const summary = data.summary as Record<string, unknown>;
  for (const key of ['errors', 'warnings', 'filesScanned']) if (typeof summary[key] !== 'number') bad(`"summary.${key}" is not a number`);
  return data as unknown as Report;
}

const STATUSES = ['dated', 'pending', 'contract', 'informational'];

/** Days checked by {@link realDay}, with the answer: a merge asks about the same few dates for every notice of every report. */
const realDays = new Map<string, boolean>();

/** Whether a value is a `YYYY-MM-DD` day that exists (not 2026-02-31). */
function realDay(value: unknown): boolean {
  if (typeof value !== 'string' || value.length !== 10) return false;
  let known = realDays.get(value);
  if (known === undefined) {
    // Remembered per process (10,000 reports of ~90 notices asked it 900,000 times, 7% of the merge's CPU; issue
    // 30, item 3); a string of ten characters has only so many shapes that pass the pattern, and the map is
    // emptied when it grows past what any catalog's dates could fill.
    const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
    known = d !== undefined && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
    if (realDays.size >= 4096) realDays.clear();
    realDays.set(value, known);
  }
  return known;
}

/** Repository names as given, made unique ("name (2)") when two reports carry the same one; one report at a time. */
function repositoryNamer(): (source: MergeSource) => string {
  const seen = new Map<string, number>();
  return ({ source, report }) => {
    const base = report.repository?.name || source.replace(/^.*[/\\]/, '').replace(/\.json$/i, '');
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  };
}

function countdownOf(status: NoticeStatus, effective: string | null, today: string): string {
  if (status === 'contract') return 'always in force';
  if (status === 'pending') return 'pending';
  if (effective === null) return 'no date';
  const days = daysBetween(today, effective);
  if (days > 0) return `in ${days} day${days === 1 ? '' : 's'}`;
  if (days === 0) return 'today';
  return `since ${effective} (${-days} day${days === -1 ? '' : 's'} ago)`;
}

/** Worst first: most errors, then most warnings, then most findings --fix handles, then by name. */
export function compareRepositories(a: RepositorySummary, b: RepositorySummary): number {
  return b.errors - a.errors || b.warnings - a.warnings || b.fixable - a.fixable || a.name.localeCompare(b.name);
}

/** Where a streaming merge sends each finding and file as it reads them (the JSON output), instead of keeping them. */
export interface MergeSink {
  finding(f: ReportFinding): void;
  file(f: ReportFile): void;
}

export interface MergerOptions extends MergeOptions {
  /**
   * Most findings kept in the merged report per notice (default: all), in input order; the rest are only counted
   * (`counts`). The organisation page lists 200 per notice, the Markdown summary none: 10,000 reports of 100
   * findings each are a million findings, more than a process holds as objects or a string (issue 30).
   */
  keepFindingsPerNotice?: number;
  /** Whether the merged report keeps the files list (default true; the readiness formats do not show it). */
  keepFiles?: boolean;
  /** Every finding and file, tagged with its repository, as it is read (then they are not kept). */
  sink?: MergeSink;
}

/** The merged report, with what was counted over every finding (the report may list fewer: `keepFindingsPerNotice`). */
export interface MergeResult {
  report: Report;
  counts: ReadonlyMap<string, NoticeCounts>;
  /** Findings read, kept or not. */
  findings: number;
}

/**
 * The organisation report built one repository report at a time: each report's counts are added and its findings
 * are kept (up to a cap per notice), sent to a sink, or both, so the reports can be read, added and dropped one by
 * one. `mergeReports` is this over a list, keeping everything.
 */
export class ReportMerger {
  private readonly notices = new Map<string, ReportNotice>();
  private readonly counts = new Map<string, NoticeCounts>();
  private readonly kept = new Map<string, number>();
  private readonly findings: ReportFinding[] = [];
  private readonly files: Report['files'] = [];
  private readonly unanalysed: Report['unanalysed'] = [];
  private readonly suppressions: Report['suppressions'] = { expired: [], unused: [], invalid: [] };
  private readonly repositories: RepositorySummary[] = [];
  private readonly befores = new Set<string | null>();
  private readonly summary = { errors: 0, warnings: 0, fixable: 0, fixed: 0, suppressed: 0, filesScanned: 0, filesSkipped: 0, generated: 0, unanalysed: 0 };
  private readonly nameOf = repositoryNamer();
  private tool: Report['tool'] | undefined;
  private latest = '';
  private widestWindow = 0;
  private read = 0;

  constructor(private readonly opts: MergerOptions = {}) {}

  add(source: MergeSource): void {
    const { report } = source;
    const name = this.nameOf(source);
    this.tool ??= report.tool;
    if (report.today > this.latest) this.latest = report.today;
    this.widestWindow = Math.max(this.widestWindow, report.warnWithinDays ?? 0);
    this.befores.add(report.before ?? null);
    const byNotice: Record<string, number> = {};
    for (const n of report.notices) {
      if (n.findings > 0) byNotice[n.id] = n.findings;
      const known = this.notices.get(n.id);
      if (known) {
        known.findings += n.findings;
        if (n.severity === 'error') known.severity = 'error';
      } else {
        this.notices.set(n.id, { ...n });
      }
    }
    const cap = this.opts.keepFindingsPerNotice ?? Infinity;
    for (const f of report.findings) {
      const tagged = { ...f, repository: name };
      this.read++;
      const c = this.counts.get(f.noticeId) ?? { read: 0, autofixable: 0, transitional: 0, needsHuman: 0 };
      c.read++;
      if (f.fixable) c.autofixable++;
      if (f.fixable && f.fixForm === 'transitional') c.transitional++;
      if (!f.fixable || f.confidence === 'likely') c.needsHuman++;
      this.counts.set(f.noticeId, c);
      this.opts.sink?.finding(tagged);
      const kept = this.kept.get(f.noticeId) ?? 0;
      if (kept < cap) {
        this.kept.set(f.noticeId, kept + 1);
        this.findings.push(tagged);
      }
    }
    // Files without findings that were scanned normally say nothing at organisation level.
    for (const f of report.files) {
      if (f.outcome === 'scanned' && f.findings === 0) continue;
      const tagged = { ...f, repository: name };
      this.opts.sink?.file(tagged);
      if (this.opts.keepFiles !== false) this.files.push(tagged);
    }
    for (const u of report.unanalysed ?? []) this.unanalysed.push({ ...u, repository: name });
    const tag = (list: ReportSuppression[] | undefined): ReportSuppression[] => (list ?? []).map((x) => ({ ...x, repository: name }));
    this.suppressions.expired.push(...tag(report.suppressions?.expired));
    this.suppressions.unused.push(...tag(report.suppressions?.unused));
    this.suppressions.invalid.push(...tag(report.suppressions?.invalid));
    const s = report.summary;
    for (const key of Object.keys(this.summary) as (keyof typeof this.summary)[]) this.summary[key] += typeof s[key] === 'number' ? s[key] : 0;
    this.repositories.push({
      name,
      commit: report.repository?.commit ?? null,
      today: report.today,
      errors: s.errors ?? 0,
      warnings: s.warnings ?? 0,
      fixable: s.fixable ?? 0,
      filesScanned: s.filesScanned ?? 0,
      filesSkipped: s.filesSkipped ?? 0,
      byNotice,
    });
  }

  finish(): MergeResult {
    if (this.tool === undefined) throw new UsageError('merge: no reports given.');
    const today = this.opts.today ?? this.latest;
    const warnWithinDays = this.opts.warnWithinDays ?? this.widestWindow;
    const merged = [...this.notices.values()].map((n) => ({
      ...n,
      bucket: bucketOfDate(n.status, n.effective, today, warnWithinDays),
      countdown: countdownOf(n.status, n.effective, today),
    }));
    merged.sort((a, b) => (a.effective ?? '\uffff').localeCompare(b.effective ?? '\uffff') || a.id.localeCompare(b.id));
    const [onlyBefore] = this.befores.size === 1 ? [...this.befores] : [null];
    const report: Report = {
      version: REPORT_VERSION,
      tool: this.tool,
      today,
      before: onlyBefore ?? null,
      warnWithinDays,
      mode: 'scan',
      repositories: this.repositories.sort(compareRepositories),
      notices: merged,
      findings: this.findings,
      files: this.files,
      unanalysed: this.unanalysed,
      suppressions: this.suppressions,
      summary: { ...this.summary, ...timelineOf(merged, warnWithinDays, today) },
    };
    return { report, counts: this.counts, findings: this.read };
  }
}

export function mergeReports(sources: readonly MergeSource[], opts: MergeOptions = {}): Report {
  if (sources.length === 0) throw new UsageError('merge: no reports given.');
  const merger = new ReportMerger(opts);
  for (const source of sources) merger.add(source);
  return merger.finish().report;
}

/** The merged report with each path prefixed by its repository, for formats that only know paths (text, SARIF, GitHub). */
export function withRepositoryPaths(report: Report): Report {
  const prefix = <T extends { file: string; repository?: string }>(x: T): T => (x.repository === undefined ? x : { ...x, file: `${x.repository}/${x.file}` });
  const sup = report.suppressions;
  return {
    ...report,
    findings: report.findings.map(prefix),
    files: report.files.map(prefix),
    unanalysed: report.unanalysed.map(prefix),
    suppressions: { expired: sup.expired.map(prefix), unused: sup.unused.map(prefix), invalid: sup.invalid.map(prefix) },
  };
}
