/** Small hand-made reports for the format and merge tests. */
import { timelineOf, type Report, type ReportFinding, type ReportNotice } from '../../cli/report/report.js';

export function notice(id: string, over: Partial<ReportNotice> = {}): ReportNotice {
  return {
    id,
    title: `Title of ${id}`,
    status: 'dated',
    effective: '2026-01-26',
    countdown: 'since 2026-01-26',
    fix: 'autofix',
    severity: 'error',
    bucket: 'in-force',
    findings: 0,
    fixable: 0,
    breaking: true,
    instead: `Do what ${id} says.`,
    ...over,
  };
}

export function finding(noticeId: string, over: Partial<ReportFinding> = {}): ReportFinding {
  return {
    noticeId,
    file: 'src/a.ts',
    line: 3,
    column: 5,
    endLine: 3,
    endColumn: 9,
    severity: 'error',
    message: `Message of ${noticeId}.`,
    countdown: 'since 2026-01-26',
    when: 'effective 2026-01-26, 3 days ago',
    fixable: false,
    confidence: 'certain',
    confidenceReason: 'the pattern itself belongs to this notice',
    status: 'dated',
    effective: '2026-01-26',
    daysUntilEffective: -3,
    fingerprint: `fp-${noticeId}-${over.file ?? 'src/a.ts'}-${over.line ?? 3}`,
    ...over,
  };
}

/** A scan report with these notices and findings; notice finding counts and the summary follow the findings. */
export function report(notices: ReportNotice[], findings: ReportFinding[], over: Partial<Report> = {}): Report {
  const counted = notices.map((n) => ({
    ...n,
    findings: findings.filter((f) => f.noticeId === n.id).length,
    fixable: findings.filter((f) => f.noticeId === n.id && f.fixable).length,
  }));
  const today = over.today ?? '2026-01-29';
  const errors = findings.filter((f) => f.severity === 'error').length;
  const files = [...new Set(findings.map((f) => f.file))];
  return {
    version: 1,
    tool: { name: 'collab-migrate', version: '0.1.0' },
    today,
    before: null,
    warnWithinDays: 90,
    mode: 'scan',
    notices: counted,
    findings,
    files: files.map((file) => ({ file, outcome: 'scanned', findings: findings.filter((f) => f.file === file).length })),
    unanalysed: [],
    suppressions: { expired: [], unused: [], invalid: [] },
    summary: {
      unanalysed: 0,
      errors,
      warnings: findings.length - errors,
      fixable: findings.filter((f) => f.fixable).length,
      fixed: 0,
      suppressed: 0,
      filesScanned: files.length,
      filesSkipped: 0,
      generated: 0,
      ...timelineOf(counted, 90, today),
    },
    ...over,
  };
}
