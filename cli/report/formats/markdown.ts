/**
 * The readiness summary as GitHub-flavoured Markdown, short enough for a pull-request comment or a GitHub Actions
 * job summary: the headline counts, the next effective date, and the timeline as a table (notices with findings,
 * by date). A merged report (`collab-migrate merge`) adds the repositories, worst first.
 */
import { docsUrl } from '../../package-info.js';
import { dateLabel, digest, percent, plural, type NoticeDigest } from '../digest.js';
import type { Report } from '../report.js';

export interface MarkdownOptions {
  /** Most notice rows in the timeline table (default 30); the rest are counted in one line. */
  maxRows?: number;
  /** Most repository rows of a merged report (default 20). */
  maxRepositories?: number;
  /** Heading level of the title (default 2). */
  headingLevel?: number;
}

/** Text as Markdown shows it literally: no markup, no HTML, one line, pipes escaped for tables. */
export function escapeMarkdown(s: string): string {
  return s
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_{}[\]()#+\-.!|~])/g, '\\$1');
}

/** Code span that shows `s` literally (backticks inside are fenced with more backticks). */
function code(s: string): string {
  const clean = s.replace(/[\r\n\t]+/g, ' ').replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  const pad = clean.startsWith('`') || clean.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${clean}${pad}${fence}`;
}

const STATE_MARK: Record<NoticeDigest['notice']['bucket'], string> = {
  'in-force': '🔴 in force',
  'within-window': '🟠 within warning window',
  later: '🔵 later',
  pending: '⚪ pending',
};

function noticeCell(d: NoticeDigest): string {
  const n = d.notice;
  return `[${code(n.id)}](${docsUrl(n.id)})${n.breaking ? ' **breaking**' : ''}`;
}

export function formatMarkdown(report: Report, opts: MarkdownOptions = {}): string {
  const g = digest(report);
  const maxRows = opts.maxRows ?? 30;
  const maxRepos = opts.maxRepositories ?? 20;
  const h = '#'.repeat(opts.headingLevel ?? 2);
  const out: string[] = [];
  out.push(`${h} collab-migrate readiness: ${escapeMarkdown(g.title)}`);
  out.push('');
  const scanned = report.repositories ? '' : ` in ${plural(report.summary.filesScanned, 'file')}`;
  if (g.total === 0) {
    out.push(`✅ **No findings**${scanned} (today ${report.today}${report.before ? `, before ${report.before}` : ''}).`);
  } else {
    const head = `${g.errors > 0 ? '❌' : '⚠️'} **${plural(g.errors, 'error')}, ${plural(g.warnings, 'warning')}**${scanned}`;
    const parts = [head, `${g.fixable} fixable by \`--fix\` (${percent(g.fixableShare)})`, `${g.inForce} already in force`];
    out.push(parts.join(' · '));
    out.push('');
    out.push(
      g.next
        ? `Next effective date: **${g.next.date}** (in ${plural(g.next.days, 'day')}): ${g.next.notices.map(code).join(', ')}, ${plural(g.next.findings, 'finding')}.`
        : 'No later effective date: every dated notice with findings is already in force.',
    );
  }
  if (g.unanalysed.length > 0) {
    out.push('');
    out.push(`${plural(g.unanalysed.length, 'file')} could not be analysed (listed in the full report).`);
  }

  if (g.repositories.length > 0) {
    out.push('');
    out.push(`${h}# Repositories (worst first)`);
    out.push('');
    out.push('| Repository | Commit | Errors | Warnings | Fixable | Notices |');
    out.push('|---|---|---:|---:|---:|---:|');
    for (const r of g.repositories.slice(0, maxRepos)) {
      out.push(`| ${escapeMarkdown(r.name)} | ${r.commit ? code(r.commit.slice(0, 12)) : '-'} | ${r.errors} | ${r.warnings} | ${r.fixable} | ${Object.keys(r.byNotice).length} |`);
    }
    if (g.repositories.length > maxRepos) out.push(`\n…and ${plural(g.repositories.length - maxRepos, 'more repository', 'more repositories')}.`);
  }

  if (g.notices.length > 0) {
    out.push('');
    out.push(`${h}# Timeline`);
    out.push('');
    const merged = g.repositories.length > 0;
    out.push(`| Effective | Notice | State | Findings | Autofix | Needs a human |${merged ? ' Repositories |' : ''}`);
    out.push(`|---|---|---|---:|---:|---:|${merged ? '---:|' : ''}`);
    for (const d of g.notices.slice(0, maxRows)) {
      const repos = merged ? ` ${new Set(d.findings.map((f) => f.repository)).size} |` : '';
      out.push(`| ${dateLabel(d.notice)} | ${noticeCell(d)} | ${STATE_MARK[d.notice.bucket]} | ${d.total} | ${d.autofixable} | ${d.needsHuman} |${repos}`);
    }
    if (g.notices.length > maxRows) {
      const rest = g.notices.slice(maxRows);
      out.push('');
      out.push(`…and ${plural(rest.length, 'more notice')} with ${plural(rest.reduce((s, d) => s + d.total, 0), 'finding')}.`);
    }
    const buckets = report.summary.timeline.map((t) => `${t.label}: ${plural(t.findings, 'finding')}`);
    if (buckets.length > 0) {
      out.push('');
      out.push(`<sub>${escapeMarkdown(buckets.join('; '))}. Today ${report.today}; collab-migrate ${escapeMarkdown(report.tool.version)}.</sub>`);
    }
  }
  return out.join('\n') + '\n';
}
