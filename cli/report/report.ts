/**
 * The run's result as plain data: the `--format json` output (shape documented in docs/json-format.md,
 * versioned by `version`) and the input of every other format.
 */
import path from 'node:path';
import { countdown, daysBetween, daysUntilEffective, whenText } from '../../engine/catalog/dates.js';
import type { Confidence, FixForm, Notice, NoticeStatus, TextEdit } from '../../engine/types.js';
import type { SkippedFile } from '../walk/files.js';
import { catalogAge } from '../../engine/catalog/sources.js';
import { TOOL_NAME, TOOL_VERSION, webDocsUrl } from '../package-info.js';

/** The notice's docs link for a report that leaves the machine: only a web address, never a `file:` one. */
function webDocs(id: string): { docs?: string } {
  const url = webDocsUrl(id);
  return url === undefined ? {} : { docs: url };
}
import { excerptOf, fixPreviewOf, lineStarts, type Excerpt, type FixPreview } from './excerpt.js';
import type { Finding, ReportedSeverity, ScannedFile } from '../scan/scan-core.js';
import type { Suppression } from '../../engine/findings/suppressions.js';
import { isUnanalysedReason } from './unanalysed.js';
import { isGeneratedReason } from '../walk/generated.js';
import type { BaselineOutcome } from '../scan/baseline.js';
import { jsonPrintable } from '../../engine/read/printable.js';

/** Bumped on any incompatible change of the JSON shape. */
export const REPORT_VERSION = 1;

export interface ReportFinding {
  noticeId: string;
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  endLine: number;
  endColumn: number;
  severity: 'error' | 'warning';
  message: string;
  countdown: string;
  /** The date part of the message: "effective 2026-03-24, 58 days ago". */
  when: string;
  /** An autofix exists (`--fix` would apply it). */
  fixable: boolean;
  /** The form `--fix` would write (engine/fix/timing.ts): `safe`, `transitional` (before the date) or `final`. Only when fixable. */
  fixForm?: FixForm;
  /** `certain`: tied to the notice's endpoint (autofix allowed); `likely`: API context but not tied (suggestions only). */
  confidence: Confidence;
  /** Why the finding has that confidence. */
  confidenceReason: string;
  status: NoticeStatus;
  effective: string | null;
  daysUntilEffective: number | null;
  /** Stable identity of the finding across line moves (engine/findings/fingerprint.ts): the baseline's key and SARIF's partialFingerprints. */
  fingerprint: string;
  /**
   * With `--baseline`: `recorded` (a warning), `crossed` (recorded, but its notice took effect after the baseline
   * was recorded and on or before today: an error) or `new` (an error now).
   */
  baseline?: 'recorded' | 'crossed' | 'new';
  /** A suppression comment covered this finding, but its `until` day has passed. */
  expiredSuppression?: { line: number; until: string };
  /** The finding's lines with two lines of context (for the HTML report). */
  excerpt?: Excerpt;
  /** The lines the autofix (or, without one, the first suggestion) changes, before and after. */
  fixPreview?: FixPreview;
  /** Merged reports (`collab-migrate merge`): the repository the finding is in. */
  repository?: string;
  /** Not part of the JSON output: the edits, for SARIF `fixes`. */
  edits?: TextEdit[];
}

export type FileOutcome = 'scanned' | 'skipped' | 'fixed' | 'would-fix' | 'unchanged' | 'failed';

export interface ReportFile {
  file: string;
  outcome: FileOutcome;
  /** Findings left in the file (after fixing, in fix mode). */
  findings: number;
  /** Fixes applied (or, with `--dry-run`, that would be applied). */
  fixed?: number;
  reason?: string;
  /** Unified diff (`--fix --dry-run`). */
  diff?: string;
  /** Why the file was not (fully) analysed; its findings, if any, are text-level ones (`likely`). */
  unanalysed?: string;
  /** Merged reports: the repository the file is in. */
  repository?: string;
}

/** A file that could hold findings but was not analysed, and why (issue 13: no silent skips). */
export interface ReportUnanalysed {
  file: string;
  reason: string;
  /** Scanned at text level (it does not parse): findings of detections that need no syntax tree are listed. */
  textLevel: boolean;
  /** Merged reports: the repository the file is in. */
  repository?: string;
}

export interface ReportSuppression {
  file: string;
  line: number;
  kind: 'next-line' | 'file' | 'line' | 'block';
  /** `eslint` for ESLint's directives (`eslint-disable-next-line collab-migrate/<id>`); absent for collab-migrate's own. */
  syntax?: 'eslint';
  ids: string[];
  until?: string;
  reason?: string;
  problem?: string;
  /** Merged reports: the repository the comment is in. */
  repository?: string;
}

export type TimelineBucket = 'in-force' | 'within-window' | 'later' | 'pending';

export interface ReportNotice {
  id: string;
  title: string;
  status: NoticeStatus;
  effective: string | null;
  countdown: string;
  fix: Notice['fix'];
  severity: 'error' | 'warning';
  bucket: TimelineBucket;
  findings: number;
  /** Of those, how many `--fix` would fix. */
  fixable: number;
  /** Whether consumer code breaks on the date (rather than merely being deprecated). */
  breaking: boolean;
  /** What to do instead. */
  instead: string;
  /** What changed, in the catalog's words (reports of older versions lack it). */
  summary?: string;
  /** The platform's public page for the change: the API's documentation where the catalog names it, else the announcement. */
  source?: string;
  /** The notice's own page on the web; absent where only the installed copy is known (no `file:` link leaves the machine). */
  docs?: string;
}

/** The repository a report is about: `--repo-name`, or from git (remote and HEAD), or the folder's name. */
export interface ReportRepository {
  name: string;
  commit: string | null;
}

/** One repository of a merged report (`collab-migrate merge`), with its own counts. */
export interface RepositorySummary extends ReportRepository {
  /** The day that repository's report was made. */
  today: string;
  errors: number;
  warnings: number;
  fixable: number;
  filesScanned: number;
  filesSkipped: number;
  /** Findings per notice id (only notices with findings). */
  byNotice: Record<string, number>;
}

/** What `--baseline` / `--baseline-write` did. */
export interface ReportBaseline {
  /** The baseline file, relative to the working directory. */
  file: string;
  /** The day the baseline was recorded (absent in files written before it was kept). */
  recordedOn?: string;
  /** Findings the baseline records that do not fail the run (warnings). */
  recorded: number;
  /** Recorded findings whose notice took effect after the baseline's day, on or before today: errors. */
  crossed: number;
  /** The crossed findings themselves (for the job summary). */
  crossedFindings: { file: string; line: number; notice: string; effective: string | null }[];
  /** Findings it does not record: errors now. */
  new: number;
  /** Recorded findings no longer found (`--baseline-write` drops them). */
  resolved: { file: string; notice: string; text?: string }[];
  /** `--baseline-write`: entries written and entries dropped. */
  written?: { findings: number; pruned: number };
}

export interface Report {
  version: typeof REPORT_VERSION;
  tool: { name: string; version: string };
  today: string;
  before: string | null;
  warnWithinDays: number;
  mode: 'scan' | 'fix' | 'fix-dry-run';
  /** Scans: when the notices catalog was last reviewed against the platform's API changelog, and whether that is over 90 days before `today` (absent from merged reports). */
  catalog?: { reviewed: string; daysSinceReview: number; stale: boolean };
  /** The repository scanned (JSON, HTML and Markdown outputs of a scan). */
  repository?: ReportRepository;
  /** Merged reports only: every repository, worst first. */
  repositories?: RepositorySummary[];
  /** The notices the run looked for, in effective-date order, with their finding counts. */
  notices: ReportNotice[];
  findings: ReportFinding[];
  files: ReportFile[];
  /** Files that could hold findings but were not analysed, in path order. */
  unanalysed: ReportUnanalysed[];
  suppressions: { expired: ReportSuppression[]; unused: ReportSuppression[]; invalid: ReportSuppression[] };
  /** Only with `--baseline` or `--baseline-write`. */
  baseline?: ReportBaseline;
  summary: {
    errors: number;
    warnings: number;
    fixable: number;
    fixed: number;
    suppressed: number;
    filesScanned: number;
    filesSkipped: number;
    /** Of the skipped files, those taken as generated (minified bundles, build output...: `--include-generated` scans them). */
    generated: number;
    /** Files that could hold findings but were not analysed (`unanalysed.length`). */
    unanalysed: number;
    timeline: { bucket: TimelineBucket; label: string; notices: number; findings: number }[];
    /** The first effective day after today among the notices with findings (when a warning turns into an error), or null. */
    nextEffective: string | null;
    byDate: { effective: string; notices: string[]; findings: number }[];
  };
}

export interface ReportInput {
  today: string;
  /** The catalog's review date (`reviewed` of notices.json). */
  catalogReviewed: string;
  before?: string;
  warnWithinDays: number;
  mode: Report['mode'];
  selected: readonly Notice[];
  severities: ReadonlyMap<string, ReportedSeverity>;
  scanned: readonly ScannedFile[];
  skipped: readonly SkippedFile[];
  /** Fix-mode outcomes by file display path; scan mode leaves files "scanned". */
  outcomes?: ReadonlyMap<string, { outcome: FileOutcome; fixed?: number; reason?: string; diff?: string }>;
  fixedCount?: number;
  reportUnused: boolean;
  repository?: ReportRepository;
  /** Only errors are listed (the counts still hold every finding). */
  quiet: boolean;
  /** Says why an id in a suppression comment is not a notice id (with a did-you-mean), or undefined when it is one. */
  checkId?: (id: string) => string | undefined;
  baseline?: BaselineOutcome;
  /** Paths in the report are relative to this folder. */
  cwd?: string;
}

function bucketOf(notice: Notice, today: string, warnWithinDays: number): TimelineBucket {
  return bucketOfDate(notice.status, notice.effective ?? null, today, warnWithinDays);
}

function toReportFinding(f: Finding, today: string, text: string, starts: readonly number[]): ReportFinding {
  const { match, notice } = f;
  const out: ReportFinding = {
    noticeId: notice.id,
    file: f.file.display,
    line: match.loc.start.line,
    column: match.loc.start.column + 1,
    endLine: match.loc.end.line,
    endColumn: match.loc.end.column + 1,
    severity: f.severity === 'error' ? 'error' : 'warning',
    message: match.message,
    countdown: countdown(notice, today),
    when: whenText(notice, today),
    fixable: Boolean(match.fix && match.fix.length > 0),
    ...(match.fix && match.fix.length > 0 && match.fixForm ? { fixForm: match.fixForm } : {}),
    confidence: match.confidence ?? 'certain',
    confidenceReason: match.confidenceReason ?? '',
    status: notice.status,
    effective: notice.effective ?? null,
    daysUntilEffective: daysUntilEffective(notice, today) ?? null,
    fingerprint: f.fingerprint,
  };
  if (f.baseline) out.baseline = f.baseline;
  if (f.expiredSuppression) out.expiredSuppression = { line: f.expiredSuppression.line, until: f.expiredSuppression.until! };
  if (match.fix && match.fix.length > 0) out.edits = match.fix;
  if (text.length > 0) {
    out.excerpt = excerptOf(text, starts, out.line, out.endLine);
    const preview = match.fix && match.fix.length > 0 ? fixPreviewOf(text, starts, match.fix, 'autofix') : match.suggestions?.[0] ? fixPreviewOf(text, starts, match.suggestions[0].edits, 'suggestion') : undefined;
    if (preview) out.fixPreview = preview;
  }
  return out;
}

function toReportSuppression(file: string, s: Suppression): ReportSuppression {
  const out: ReportSuppression = { file, line: s.line, kind: s.kind, ids: s.ids };
  if (s.syntax) out.syntax = s.syntax;
  if (s.until !== undefined) out.until = s.until;
  if (s.reason !== undefined) out.reason = s.reason;
  if (s.problem !== undefined) out.problem = s.problem;
  return out;
}

export function bucketOfDate(status: NoticeStatus, effective: string | null, today: string, warnWithinDays: number): TimelineBucket {
  if (status === 'pending') return 'pending';
  if (status === 'contract' || effective === null) return 'in-force';
  const days = daysBetween(today, effective);
  if (days <= 0) return 'in-force';
  return days <= warnWithinDays ? 'within-window' : 'later';
}

/** The summary's timeline (findings per bucket), next effective day and findings per effective date, from the notices' counts. */
export function timelineOf(notices: readonly ReportNotice[], warnWithinDays: number, today: string): Pick<Report['summary'], 'timeline' | 'nextEffective' | 'byDate'> {
  const upcoming = notices.filter((n) => n.findings > 0 && n.effective !== null && n.effective > today).map((n) => n.effective!);
  const nextEffective = upcoming.length > 0 ? upcoming.reduce((a, b) => (a < b ? a : b)) : null;
  const labels: Record<TimelineBucket, string> = {
    'in-force': 'in force',
    'within-window': `within ${warnWithinDays} days`,
    later: 'later',
    pending: 'pending (no date yet)',
  };
  const timeline = (Object.keys(labels) as TimelineBucket[])
    .map((bucket) => {
      const found = notices.filter((n) => n.bucket === bucket && n.findings > 0);
      return { bucket, label: labels[bucket], notices: found.length, findings: found.reduce((s, n) => s + n.findings, 0) };
    })
    .filter((t) => t.notices > 0);
  const byDateMap = new Map<string, { notices: string[]; findings: number }>();
  for (const n of notices) {
    if (n.findings === 0) continue;
    const key = n.effective ?? n.status;
    const entry = byDateMap.get(key) ?? { notices: [], findings: 0 };
    entry.notices.push(n.id);
    entry.findings += n.findings;
    byDateMap.set(key, entry);
  }
  const byDate = [...byDateMap.entries()].map(([effective, v]) => ({ effective, ...v }));

  return { timeline, nextEffective, byDate };
}

/** The expired suppressions of a file without findings ({@link buildReport}). */
const NO_SUPPRESSIONS: ReadonlySet<Suppression> = new Set();

export function buildReport(input: ReportInput): Report {
  const all = input.scanned.flatMap((s) => {
    if (s.findings.length === 0) return [];
    const starts = lineStarts(s.text);
    return s.findings.map((f) => toReportFinding(f, input.today, s.text, starts));
  });
  const errors = all.filter((f) => f.severity === 'error').length;
  const warnings = all.length - errors;
  const findings = input.quiet ? all.filter((f) => f.severity === 'error') : all;
  const counts = new Map<string, number>();
  const fixableCounts = new Map<string, number>();
  for (const f of all) {
    counts.set(f.noticeId, (counts.get(f.noticeId) ?? 0) + 1);
    if (f.fixable) fixableCounts.set(f.noticeId, (fixableCounts.get(f.noticeId) ?? 0) + 1);
  }

  const notices: ReportNotice[] = input.selected.map((n) => ({
    id: n.id,
    title: n.title,
    status: n.status,
    effective: n.effective ?? null,
    countdown: countdown(n, input.today),
    fix: n.fix,
    severity: input.severities.get(n.id) === 'error' ? 'error' : 'warning',
    bucket: bucketOf(n, input.today, input.warnWithinDays),
    findings: counts.get(n.id) ?? 0,
    fixable: fixableCounts.get(n.id) ?? 0,
    breaking: n.breaking,
    instead: n.instead,
    summary: n.summary,
    // The page for the change itself where the catalog names one, else the announcement (the changelog).
    ...((n.source.docs ?? n.source.url) !== undefined ? { source: (n.source.docs ?? n.source.url)! } : {}),
    ...webDocs(n.id),
  }));

  const { timeline, nextEffective, byDate } = timelineOf(notices, input.warnWithinDays, input.today);

  const files: ReportFile[] = [];
  for (const s of input.scanned) {
    const o = input.outcomes?.get(s.file.display);
    const entry: ReportFile = { file: s.file.display, outcome: o?.outcome ?? 'scanned', findings: s.findings.length };
    if (o?.fixed !== undefined) entry.fixed = o.fixed;
    if (o?.reason) entry.reason = o.reason;
    if (o?.diff) entry.diff = o.diff;
    if (s.unanalysed) {
      entry.unanalysed = s.unanalysed;
      entry.reason ??= s.unanalysed;
    }
    files.push(entry);
  }
  for (const k of input.skipped) {
    const entry: ReportFile = { file: k.display, outcome: 'skipped', findings: 0, reason: k.reason };
    if (isUnanalysedReason(k.reason)) entry.unanalysed = k.reason;
    files.push(entry);
  }
  const unanalysed: ReportUnanalysed[] = files
    .filter((f) => f.unanalysed !== undefined)
    .map((f) => ({ file: f.file, reason: f.unanalysed!, textLevel: f.outcome !== 'skipped' }))
    .sort((x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : 0));

  const selectedIds = new Set(input.selected.map((n) => n.id));
  const expired: ReportSuppression[] = [];
  const unused: ReportSuppression[] = [];
  const invalid: ReportSuppression[] = [];
  for (const s of input.scanned) {
    for (const sup of s.suppressions) {
      // Unknown ids said with a "did you mean"; other problems as the parser words them.
      const unknown = input.checkId ? sup.ids.map(input.checkId).filter((x): x is string => x !== undefined) : [];
      if (unknown.length > 0) invalid.push({ ...toReportSuppression(s.file.display, sup), problem: unknown.join('; ') });
      else if (sup.problem) invalid.push(toReportSuppression(s.file.display, sup));
    }
    // Most files have no finding, and so no expired suppression: no set made for each (9,408 on sentry-javascript).
    const expiredSet: ReadonlySet<Suppression> = s.findings.length === 0 ? NO_SUPPRESSIONS : new Set(s.findings.map((f) => f.expiredSuppression).filter((x): x is Suppression => x !== undefined));
    for (const sup of expiredSet) expired.push(toReportSuppression(s.file.display, sup));
    if (input.reportUnused) {
      for (const sup of s.suppressions) {
        if (s.used.has(sup) || expiredSet.has(sup) || sup.problem) continue;
        if (sup.ids.length > 0 && !sup.ids.some((id) => selectedIds.has(id))) continue;
        // An ESLint directive without rule names is ESLint's to report (--report-unused-disable-directives).
        if (sup.syntax === 'eslint' && sup.ids.length === 0) continue;
        unused.push(toReportSuppression(s.file.display, sup));
      }
    }
  }

  let baseline: ReportBaseline | undefined;
  if (input.baseline) {
    const b = input.baseline;
    baseline = {
      file: path.relative(input.cwd ?? process.cwd(), b.file).split(path.sep).join('/') || b.file,
      ...(b.recordedOn !== undefined ? { recordedOn: b.recordedOn } : {}),
      recorded: b.recorded,
      crossed: b.crossed,
      crossedFindings: all.filter((f) => f.baseline === 'crossed').map((f) => ({ file: f.file, line: f.line, notice: f.noticeId, effective: f.effective })),
      new: b.new,
      resolved: b.resolved.map((e) => ({ file: e.file, notice: e.notice, ...(e.text !== undefined ? { text: e.text } : {}) })),
      ...(b.written ? { written: b.written } : {}),
    };
  }

  return {
    version: REPORT_VERSION,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    today: input.today,
    before: input.before ?? null,
    warnWithinDays: input.warnWithinDays,
    mode: input.mode,
    catalog: (({ reviewed, days, stale }) => ({ reviewed, daysSinceReview: days, stale }))(catalogAge(input.catalogReviewed, input.today)),
    ...(input.repository ? { repository: input.repository } : {}),
    notices,
    findings,
    files,
    unanalysed,
    suppressions: { expired, unused, invalid },
    ...(baseline ? { baseline } : {}),
    summary: {
      errors,
      warnings,
      fixable: all.filter((f) => f.fixable).length,
      fixed: input.fixedCount ?? 0,
      suppressed: input.scanned.reduce((n, s) => n + s.suppressedCount, 0),
      filesScanned: input.scanned.length,
      filesSkipped: input.skipped.length,
      generated: input.skipped.filter((k) => isGeneratedReason(k.reason)).length,
      unanalysed: unanalysed.length,
      timeline,
      nextEffective,
      byDate,
    },
  };
}

/** The JSON output: the report without internal fields. */
export function toJson(report: Report): string {
  return `${jsonPrintable(JSON.stringify(jsonValue(report), null, 2))}\n`;
}

/**
 * What the JSON report holds: the report with its findings copied without `edits` (only a finding carries them,
 * for SARIF). A replacer function would take V8's JSON.stringify off its fast path for the whole report: on a
 * scan of 100,000 files (one entry each in `files`) it left 35 MB of partial strings in the heap at the run's
 * peak (heap snapshot, issue 30).
 */
function jsonValue(report: Report): Report {
  const findings = report.findings.map((f) => {
    if (f.edits === undefined) return f;
    const { edits: _edits, ...rest } = f;
    return rest;
  });
  return { ...report, findings };
}

/** The elements of a top-level array {@link writeJson} stringifies at once: a few tens of KB of text at a time. */
const ELEMENTS_AT_ONCE = 256;

/**
 * Writes {@link toJson}'s text, byte for byte, through `write` in pieces of about `chunk` characters: each
 * top-level member, and each run of {@link ELEMENTS_AT_ONCE} elements of a top-level array, is stringified on its
 * own, so the whole text (16 MB for 100,000 files, and as much again while V8 flattens and encodes it) never exists
 * at once (issue 30).
 */

export function writeJson(report: Report, write: (piece: string) => void, chunk = 1 << 20): void {
  let buffered = '';
  const put = (piece: string): void => {
    buffered += jsonPrintable(piece);
    if (buffered.length >= chunk) {
      write(buffered);
      buffered = '';
    }
  };
  const indent = (text: string, by: string): string => text.replace(/\n/g, `\n${by}`);
  const entries = Object.entries(jsonValue(report)).filter(([, v]) => v !== undefined && typeof v !== 'function');
  put(entries.length === 0 ? '{}' : '{\n');
  entries.forEach(([key, value], i) => {
    put(`  ${JSON.stringify(key)}: `);
    if (Array.isArray(value) && value.length > 0) {
      put('[\n');
      // A run of elements at a time: `JSON.stringify` of the run gives each element as it gives it alone (an absent one
      // as `null`), two spaces in, so two more make the report's four. Element by element, the calls and the pieces
      // were most of the report's cost (a scan's 9,408 `files` entries: 16 against 6 ms).
      for (let k = 0; k < value.length; k += ELEMENTS_AT_ONCE) {
        const run = JSON.stringify(value.slice(k, k + ELEMENTS_AT_ONCE), null, 2);
        put(`  ${indent(run.slice(2, -2), '  ')}${k + ELEMENTS_AT_ONCE < value.length ? ',' : ''}\n`);
      }
      put('  ]');
    } else put(indent(JSON.stringify(value, null, 2), '  '));
    put(i < entries.length - 1 ? ',\n' : '\n');
  });
  if (entries.length > 0) put('}');
  put('\n');
  if (buffered) write(buffered);
}

/** One line for a log: `collab-migrate: 3 errors, 1 warning (2 fixable) in 41 files, 2 skipped`. */
export function summaryLine(report: Report): string {
  const s = report.summary;
  const n = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;
  const parts = [`${n(s.errors, 'error')}, ${n(s.warnings, 'warning')}`];
  if (s.fixable > 0) parts[0] += ` (${s.fixable} fixable)`;
  let line = `${report.tool.name}: ${parts[0]} in ${n(s.filesScanned, 'file')}`;
  if (s.filesSkipped > 0) line += `, ${s.filesSkipped} skipped${s.generated > 0 ? ` (${s.generated} generated)` : ''}`;
  if (s.unanalysed > 0) line += `, ${s.unanalysed} not analysed`;
  if (report.mode !== 'scan') line += `, ${s.fixed} ${report.mode === 'fix' ? 'fixed' : 'would be fixed'}`;
  return line;
}
