/**
 * The readiness summary as GitHub-flavoured Markdown, short enough for a pull-request comment or a CI job summary
 * (`$GITHUB_STEP_SUMMARY`): the headline counts, the next effective date, and the timeline as tables (notices with
 * findings, in force / coming next / later / no date yet). A merged report (`collab-migrate merge`) adds the
 * repositories, worst first. Text from catalogs, paths and repository names is escaped.
 */
import { printable } from '../../../engine/read/printable.js';
import { daysBetween } from '../../../engine/catalog/dates.js';
import { webDocsUrl } from '../../package-info.js';
import { digest, percent, plural, type NoticeCounts, type NoticeDigest } from '../digest.js';
import type { Report, ReportNotice, TimelineBucket } from '../report.js';

export interface MarkdownOptions {
  /** Most notice rows over all timeline tables (default 30); the rest are counted in one line. */
  maxRows?: number;
  /** Most repository rows of a merged report (default 20). */
  maxRepositories?: number;
  /** Most files listed as not analysed (default 20). */
  maxFiles?: number;
  /** A streamed merge's counts over every finding (the report lists only some). */
  counts?: ReadonlyMap<string, NoticeCounts>;
}

/**
 * Text as Markdown shows it literally inside a line (table cells, headings after their `#`): no markup, no HTML,
 * no link, one line, pipes escaped for tables. Characters that only mean something at the start of a line
 * (`-`, `+`, `#`, `1.`) are left alone.
 */
export function escapeMarkdown(s: string): string {
  return printable(s.replace(/[\r\n\t]+/g, ' '))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_{}[\]()|~])/g, '\\$1');
}

/** A code span that shows `s` literally (backticks inside are fenced with more backticks). */
function code(s: string): string {
  const clean = printable(s.replace(/[\r\n\t]+/g, ' ')).replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  const pad = clean.startsWith('`') || clean.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${clean}${pad}${fence}`;
}

/** The notice's id linked to its page on the web (the report's own link, else this version's), or plain. */
function linked(n: ReportNotice): string {
  const url = n.docs ?? webDocsUrl(n.id);
  return url !== undefined && /^https:\/\//.test(url) ? `[${code(n.id)}](${url.replace(/[()\s]/g, encodeURIComponent)})` : code(n.id);
}

function when(n: ReportNotice, today: string): string {
  if (n.effective === null) return n.status === 'contract' ? 'always' : 'no date yet';
  const days = daysBetween(today, n.effective);
  if (days > 0) return `${n.effective} (in ${plural(days, 'day')})`;
  if (days === 0) return `${n.effective} (today)`;
  return `${n.effective} (${plural(-days, 'day')} ago)`;
}

function heading(bucket: TimelineBucket, report: Report): string {
  switch (bucket) {
    case 'in-force':
      return 'In force now';
    case 'within-window':
      return `Coming next (within ${report.warnWithinDays} days)`;
    case 'later':
      return 'Later';
    case 'pending':
      return 'Announced, no date yet';
  }
}

function noticeRow(d: NoticeDigest, report: Report, merged: boolean): string {
  const n = d.notice;
  const name = `${linked(n)}${n.breaking ? ' **breaking**' : ''}: ${escapeMarkdown(n.title)}`;
  const repos = merged ? ` ${d.repositories} |` : '';
  return `| ${when(n, report.today)} | ${name} | ${d.total} | ${d.autofixable} | ${d.needsHuman} |${repos}`;
}

export function formatMarkdown(report: Report, opts: MarkdownOptions = {}): string {
  const g = digest(report, opts.counts);
  const maxRows = opts.maxRows ?? 30;
  const maxRepos = opts.maxRepositories ?? 20;
  const maxFiles = opts.maxFiles ?? 20;
  const merged = g.repositories.length > 0;
  const out: string[] = [];
  const mark = g.errors > 0 ? '❌' : g.total > 0 ? '⚠️' : '✅';
  out.push(`## ${mark} collab-migrate readiness: ${escapeMarkdown(g.title)}`, '');
  const scope = merged ? `${plural(g.repositories.length, 'repository', 'repositories')}` : plural(report.summary.filesScanned, 'file');
  const day = `on ${report.today}${report.before ? `, migrating everything effective by ${report.before}` : ''}`;
  if (g.total === 0) {
    out.push(`**No findings** in ${scope} ${day}.`);
  } else {
    out.push(
      `**${plural(g.errors, 'error')}, ${plural(g.warnings, 'warning')}** in ${scope} ${day}. ` +
        `${g.fixable} of ${plural(g.total, 'finding')} (${percent(g.fixableShare)}) can be fixed with \`npx collab-migrate --fix\`; ${g.inForce} already in force.`,
    );
    out.push('');
    out.push(
      g.next
        ? `**Next effective date: ${g.next.date}** (in ${plural(g.next.days, 'day')}): ${nextChange(report, g.next.notices)} (${plural(g.next.findings, 'finding')}).`
        : 'No later effective date: every dated notice with findings is already in force.',
    );
  }
  if (report.summary.suppressed > 0) out.push('', `${plural(report.summary.suppressed, 'finding')} suppressed by comments.`);
  const b = report.baseline;
  if (b) {
    out.push('', `**Baseline** ${code(b.file)}${b.recordedOn ? ` (recorded ${b.recordedOn})` : ''}: ${plural(b.recorded, 'recorded finding')} (warnings), ${plural(b.crossed ?? 0, 'recorded finding')} whose notice took effect since (errors), ${plural(b.new, 'new finding')} (errors now)${b.resolved.length > 0 ? `, ${b.resolved.length} resolved${b.written ? ' and dropped' : ` (run \`--baseline-write ${b.file}\` to drop them)`}` : ''}.`);
    const crossed = b.crossedFindings ?? [];
    if (crossed.length > 0) {
      out.push('', `#### ❌ Crossed their date since the baseline${b.recordedOn ? ` of ${b.recordedOn}` : ''}`, '', '| File | Notice | Effective |', '|---|---|---|');
      for (const x of crossed.slice(0, maxFiles)) out.push(`| ${code(`${x.file}:${x.line}`)} | ${code(x.notice)} | ${x.effective ?? '-'} |`);
      if (crossed.length > maxFiles) out.push('', `…and ${plural(crossed.length - maxFiles, 'more crossed finding')} (see the full report).`);
    }
  }

  if (merged) {
    out.push('', '### Repositories (worst first)', '', '| Repository | Commit | Errors | Warnings | Fixable | Notices |', '|---|---|---:|---:|---:|---:|');
    for (const r of g.repositories.slice(0, maxRepos)) {
      out.push(`| ${escapeMarkdown(r.name)} | ${r.commit ? code(r.commit.slice(0, 12)) : '-'} | ${r.errors} | ${r.warnings} | ${r.fixable} | ${Object.keys(r.byNotice).length} |`);
    }
    if (g.repositories.length > maxRepos) out.push('', `…and ${plural(g.repositories.length - maxRepos, 'more repository', 'more repositories')}.`);
  }

  let rows = 0;
  for (const bucket of ['in-force', 'within-window', 'later', 'pending'] as const) {
    const list = g.notices.filter((d) => d.notice.bucket === bucket);
    const shown = list.slice(0, Math.max(0, maxRows - rows));
    rows += shown.length;
    if (shown.length === 0) continue;
    out.push('', `### ${heading(bucket, report)}`, '');
    out.push(`| Effective | Notice | Findings | Autofix | Needs a human |${merged ? ' Repositories |' : ''}`);
    out.push(`|---|---|---:|---:|---:|${merged ? '---:|' : ''}`);
    for (const d of shown) out.push(noticeRow(d, report, merged));
  }
  if (g.notices.length > rows) {
    const rest = g.notices.length - rows;
    out.push('', `…and ${plural(rest, 'more notice')} with findings (see the full report).`);
  }

  const quiet = g.clean.filter((n) => n.effective !== null && n.effective > report.today);
  if (quiet.length > 0) {
    out.push('', `<details><summary>${plural(quiet.length, 'upcoming notice')} without findings</summary>`, '');
    for (const n of quiet) out.push(`- ${n.effective}: ${linked(n)} ${escapeMarkdown(n.title)}`);
    out.push('', '</details>');
  }
  if (g.generated > 0) out.push('', `${plural(g.generated, 'generated file')} skipped (minified bundles, build output; \`--include-generated\` scans them).`);
  if (g.unanalysed.length > 0) {
    out.push('', `<details><summary>${plural(g.unanalysed.length, 'file')} not analysed</summary>`, '');
    for (const u of g.unanalysed.slice(0, maxFiles)) out.push(`- ${code((u.repository !== undefined ? `${u.repository}/` : '') + u.file)}: ${escapeMarkdown(u.reason)}`);
    if (g.unanalysed.length > maxFiles) out.push(`- …and ${plural(g.unanalysed.length - maxFiles, 'more file')}`);
    out.push('', '</details>');
  }
  return out.join('\n') + '\n';
}

/** What the next date does: a breaking notice turns from warning to error, a non-breaking one stays a warning. */
function nextChange(report: Report, ids: readonly string[]): string {
  const breaking = new Map(report.notices.map((n) => [n.id, n.breaking]));
  const group = (b: boolean, verb: [string, string], what: string): string[] => {
    const list = ids.filter((id) => (breaking.get(id) ?? true) === b);
    return list.length ? [`${list.map(code).join(', ')} ${list.length === 1 ? verb[0] : verb[1]} ${what}`] : [];
  };
  return [...group(true, ['turns', 'turn'], 'from warning to error'), ...group(false, ['takes', 'take'], 'effect (not breaking: still a warning)')].join('; ');
}
