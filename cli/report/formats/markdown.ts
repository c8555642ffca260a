/**
 * The readiness timeline as Markdown, for a CI job summary (`$GITHUB_STEP_SUMMARY`) or a pull request comment:
 * what is in force, what comes next and when, findings and fixable share per notice, and what was left out.
 * (The readiness report of issue 16 builds on this.)
 */
import { daysBetween } from '../../../engine/dates.js';
import { docsUrl } from '../../package-info.js';
import type { Report, ReportNotice, TimelineBucket } from '../report.js';

/** A table cell: no pipe or line break may end it early. */
function cell(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function share(part: number, whole: number): string {
  return whole === 0 ? '-' : `${Math.round((part / whole) * 100)}%`;
}

const SECTIONS: { bucket: TimelineBucket; heading: string }[] = [
  { bucket: 'in-force', heading: 'In force now' },
  { bucket: 'within-window', heading: 'Coming next' },
  { bucket: 'later', heading: 'Later' },
  { bucket: 'pending', heading: 'Announced, no date yet' },
];

function when(n: ReportNotice, today: string): string {
  if (n.effective === null) return n.status === 'contract' ? 'always' : 'no date yet';
  const days = daysBetween(today, n.effective);
  if (days > 0) return `${n.effective} (in ${plural(days, 'day')})`;
  if (days === 0) return `${n.effective} (today)`;
  return `${n.effective} (${plural(-days, 'day')} ago)`;
}

export function formatMarkdown(report: Report): string {
  const s = report.summary;
  const total = s.errors + s.warnings;
  const out: string[] = [];
  const headline = total === 0 ? 'no findings' : `${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}`;
  out.push(`## ${s.errors > 0 ? ':x:' : total > 0 ? ':warning:' : ':white_check_mark:'} collab-migrate: ${headline}`, '');
  const scope = `${plural(s.filesScanned, 'file')} scanned on ${report.today}${report.before ? `, migrating everything effective by ${report.before}` : ''}`;
  out.push(`${scope}.${total > 0 ? ` ${s.fixable} of ${plural(total, 'finding')} (${share(s.fixable, total)}) can be fixed with \`npx collab-migrate --fix\`.` : ''}`);
  if (s.nextEffective) {
    const due = report.notices.filter((n) => n.findings > 0 && n.effective === s.nextEffective);
    // Only a breaking change turns into an error; a non-breaking one stays a warning (severity follows `breaking`).
    const ids = (breaking: boolean) => due.filter((n) => n.breaking === breaking).map((n) => `\`${n.id}\``);
    const parts = [
      ...(ids(true).length ? [`${ids(true).join(', ')} ${ids(true).length === 1 ? 'turns' : 'turn'} from warning to error`] : []),
      ...(ids(false).length ? [`${ids(false).join(', ')} ${ids(false).length === 1 ? 'takes' : 'take'} effect (not breaking: still a warning)`] : []),
    ];
    out.push('', `**Next effective date: ${s.nextEffective}** (in ${plural(daysBetween(report.today, s.nextEffective), 'day')}): ${parts.join('; ')}.`);
  }
  if (s.suppressed > 0) out.push('', `${plural(s.suppressed, 'finding')} suppressed by comments.`);
  const b = report.baseline;
  if (b) {
    out.push('', `**Baseline** \`${b.file}\`: ${plural(b.recorded, 'recorded finding')} (warnings until their notice's date, errors from it), ${plural(b.new, 'new finding')} (errors now)${b.resolved.length > 0 ? `, ${b.resolved.length} resolved${b.written ? ' and dropped' : ` (run \`--baseline-write ${b.file}\` to drop them)`}` : ''}.`);
  }
  for (const { bucket, heading } of SECTIONS) {
    const rows = report.notices.filter((n) => n.bucket === bucket && n.findings > 0);
    if (rows.length === 0) continue;
    out.push('', `### ${heading}`, '', '| Notice | Effective | Severity | Findings | Fixable |', '|---|---|---|---:|---:|');
    for (const n of rows) {
      out.push(`| [${cell(n.id)}](${docsUrl(n.id)}): ${cell(n.title)} | ${cell(when(n, report.today))} | ${n.severity} | ${n.findings} | ${n.fixable} (${share(n.fixable, n.findings)}) |`);
    }
  }
  const quiet = report.notices.filter((n) => n.findings === 0 && n.effective !== null && n.effective > report.today);
  if (quiet.length > 0) {
    out.push('', `<details><summary>${plural(quiet.length, 'upcoming notice')} without findings</summary>`, '');
    for (const n of quiet) out.push(`- ${n.effective}: [${cell(n.id)}](${docsUrl(n.id)}) ${cell(n.title)}`);
    out.push('', '</details>');
  }
  const skipped = report.files.filter((f) => f.outcome === 'skipped');
  if (skipped.length > 0) {
    out.push('', `<details><summary>${plural(skipped.length, 'file')} not analysed</summary>`, '');
    for (const f of skipped) out.push(`- \`${cell(f.file)}\`: ${cell(f.reason ?? '')}`);
    out.push('', '</details>');
  }
  return out.join('\n') + '\n';
}
