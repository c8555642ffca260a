/**
 * What the readiness formats (Markdown, HTML) show, computed once from a report: the headline counts, the next
 * effective date, and per notice its findings and how many of them `--fix` handles.
 */
import { compareIds, daysBetween } from '../../engine/catalog/dates.js';
import type { Report, ReportFinding, ReportNotice, RepositorySummary } from './report.js';

export interface NoticeDigest {
  notice: ReportNotice;
  /** The listed findings of this notice (with `--quiet`, errors only). */
  findings: ReportFinding[];
  /** Every finding of the notice, listed or not. */
  total: number;
  autofixable: number;
  /** Findings whose autofix writes a transitional form (works before and after the date). */
  transitional: number;
  /** No autofix, or only likely: a person has to look. */
  needsHuman: number;
  /** Merged reports: how many repositories have findings of this notice (0 for one repository's report). */
  repositories: number;
}

/** Per notice, over every finding of every report (listed or not): what the readiness formats count. */
export interface NoticeCounts {
  /** Findings read (listed or not). */
  read: number;
  autofixable: number;
  transitional: number;
  needsHuman: number;
}

export interface NextDate {
  date: string;
  days: number;
  notices: string[];
  findings: number;
}

export interface Digest {
  title: string;
  total: number;
  errors: number;
  warnings: number;
  fixable: number;
  /** `fixable / total`, 0 without findings. */
  fixableShare: number;
  /** Findings of notices already in force. */
  inForce: number;
  /** The next day a notice with findings takes effect (after today), or null. */
  next: NextDate | null;
  /** Notices with findings: contract rules first, then by effective date, then pending ones. */
  notices: NoticeDigest[];
  /** Notices the run looked for without findings. */
  clean: ReportNotice[];
  /** Files skipped as generated (minified bundles, build output): `--include-generated` scans them. */
  generated: number;
  /** Files the run could not analyse, with why. */
  unanalysed: { file: string; reason: string; repository?: string }[];
  repositories: RepositorySummary[];
}

function rank(n: ReportNotice): number {
  return n.status === 'contract' ? 0 : n.effective ? 1 : n.status === 'pending' ? 2 : 3;
}

/** Contract rules (always in force) first, then by effective date, then pending notices. */
export function compareReportNotices(a: ReportNotice, b: ReportNotice): number {
  return rank(a) - rank(b) || compareIds(a.effective ?? '', b.effective ?? '') || compareIds(a.id, b.id);
}

/** A finding a person has to handle: no autofix, or a likely match (which never carries one). */
export function needsHuman(f: ReportFinding): boolean {
  return !f.fixable || f.confidence === 'likely';
}

/**
 * `counts`: per notice, the autofixable, transitional and needs-a-human counts over every finding, where the report
 * lists only some (a streamed merge, `ReportMerger`); without it they are counted from the listed findings.
 */
export function digest(report: Report, counts?: ReadonlyMap<string, NoticeCounts>): Digest {
  const s = report.summary;
  const total = s.errors + s.warnings;
  const listed = new Map<string, ReportFinding[]>();
  for (const f of report.findings) {
    const list = listed.get(f.noticeId) ?? [];
    list.push(f);
    listed.set(f.noticeId, list);
  }
  // Merged reports: each repository's own counts per notice (every repository, whatever the report lists).
  const repositoriesOf = new Map<string, number>();
  for (const r of report.repositories ?? []) for (const [id, n] of Object.entries(r.byNotice)) if (n > 0) repositoriesOf.set(id, (repositoriesOf.get(id) ?? 0) + 1);
  const notices: NoticeDigest[] = [];
  const clean: ReportNotice[] = [];
  for (const n of [...report.notices].sort(compareReportNotices)) {
    if (n.findings === 0) {
      clean.push(n);
      continue;
    }
    const findings = listed.get(n.id) ?? [];
    const counted = counts?.get(n.id);
    notices.push({
      notice: n,
      findings,
      total: n.findings,
      autofixable: counted ? counted.autofixable : findings.filter((f) => f.fixable).length,
      transitional: counted ? counted.transitional : findings.filter((f) => f.fixable && f.fixForm === 'transitional').length,
      needsHuman: counted ? counted.needsHuman : findings.filter(needsHuman).length,
      repositories: repositoriesOf.get(n.id) ?? 0,
    });
  }
  const upcoming = new Map<string, NextDate>();
  for (const d of notices) {
    const e = d.notice.effective;
    if (e === null || d.notice.status !== 'dated') continue;
    const days = daysBetween(report.today, e);
    if (days <= 0) continue;
    const entry = upcoming.get(e) ?? { date: e, days, notices: [], findings: 0 };
    entry.notices.push(d.notice.id);
    entry.findings += d.total;
    upcoming.set(e, entry);
  }
  const next = [...upcoming.values()].sort((a, b) => a.days - b.days)[0] ?? null;
  // The files that could hold findings but were not analysed (cli/report/unanalysed.ts says which skips count).
  const unanalysed = (report.unanalysed ?? []).map((u) => ({
    file: u.file,
    reason: u.reason + (u.textLevel ? ' (text-level findings only)' : ''),
    ...(u.repository !== undefined ? { repository: u.repository } : {}),
  }));
  const repo = report.repository;
  const title = report.repositories
    ? `${report.repositories.length} repositor${report.repositories.length === 1 ? 'y' : 'ies'}`
    : repo
      ? repo.name + (repo.commit ? ` @ ${repo.commit.slice(0, 12)}` : '')
      : 'this repository';
  return {
    title,
    total,
    errors: s.errors,
    warnings: s.warnings,
    fixable: s.fixable,
    fixableShare: total === 0 ? 0 : s.fixable / total,
    inForce: notices.filter((d) => d.notice.bucket === 'in-force').reduce((sum, d) => sum + d.total, 0),
    next,
    notices,
    clean,
    generated: s.generated ?? 0,
    unanalysed,
    repositories: report.repositories ?? [],
  };
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** A notice's date as the formats show it. */
export function dateLabel(n: ReportNotice): string {
  return n.effective ?? (n.status === 'contract' ? 'always' : n.status);
}

export const BUCKET_LABEL: Record<ReportNotice['bucket'], string> = {
  'in-force': 'in force',
  'within-window': 'within the warning window',
  later: 'later',
  pending: 'pending (no date yet)',
};
