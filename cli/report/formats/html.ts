/**
 * `--format html`: the readiness report as one self-contained page (inline CSS, SVG and a small filter script;
 * no network, opens from disk). A summary, the timeline, per notice what to do and its findings as code excerpts
 * with the fix as a small diff, filters, and for a merged report the repositories worst first and a repository x
 * notice table. Every string from scanned code or a catalog goes through the escaping `html` tag, and a Content
 * Security Policy lets only this page's own script run.
 */
import { createHash } from 'node:crypto';
import { webDocsUrl } from '../../package-info.js';
import { BUCKET_LABEL, dateLabel, digest, percent, plural, type Digest, type NoticeCounts, type NoticeDigest } from '../digest.js';
import type { FixPreview } from '../excerpt.js';
import type { Report, ReportFinding, ReportNotice } from '../report.js';
import { CSS, SCRIPT } from './html-assets.js';
import { anchorId, html, safeUrl, trusted, withCode, type Html } from './html-template.js';
import { timelineLegend, timelineList, timelineSvg } from './html-timeline.js';

export interface HtmlOptions {
  /** Most findings listed per notice (default 200); the rest are counted (they are all in the JSON report). */
  maxFindingsPerNotice?: number;
  /**
   * Merged reports: most repositories in the table and the matrix, worst first (default 200); the rest are
   * counted with their totals. Ten thousand repositories would be a matrix of a million cells.
   */
  maxRepositories?: number;
  /** Most files listed as not analysed (default 500); the rest are counted. */
  maxUnanalysed?: number;
  /** A streamed merge's counts over every finding (the report lists only some of each notice). */
  counts?: ReadonlyMap<string, NoticeCounts>;
}

const SCRIPT_HASH = createHash('sha256').update(SCRIPT).digest('base64');
const CSP = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-${SCRIPT_HASH}'`;

function summaryCards(report: Report, g: Digest): Html {
  const next = g.next
    ? html`<li><span class="n">${g.next.days} days</span>until ${g.next.date}: ${g.next.notices.join(', ')} (${plural(g.next.findings, 'finding')})</li>`
    : html`<li><span class="n">none</span>no later effective date with findings</li>`;
  return html`<ul class="cards" aria-label="Summary">
<li class="error"><span class="n">${g.errors}</span>${g.errors === 1 ? 'error' : 'errors'}</li>
<li class="warning"><span class="n">${g.warnings}</span>${g.warnings === 1 ? 'warning' : 'warnings'}</li>
<li><span class="n">${percent(g.fixableShare)}</span>fixable by <code>--fix</code> (${g.fixable} of ${g.total})</li>
<li><span class="n">${g.inForce}</span>${g.inForce === 1 ? 'finding' : 'findings'} already in force</li>
${next}
${g.unanalysed.length > 0 ? html`<li><span class="n">${g.unanalysed.length}</span><a href="#unanalysed">${g.unanalysed.length === 1 ? 'file' : 'files'} not analysed</a></li>` : ''}
</ul>`;
}

function codeLines(start: number, lines: readonly string[], hit: (n: number) => boolean, cls = ''): Html[] {
  return lines.map((text, i) => html`<span class="ln${cls}${hit(start + i) ? ' hit' : ''}" data-n="${start + i}">${text || ' '}</span>`);
}

function diffBlock(p: FixPreview): Html {
  const label = p.kind === 'autofix' ? 'Autofix (applied by --fix):' : 'Suggested fix (a person decides):';
  return html`<div class="fix-label">${label}</div><pre class="diff" aria-label="${label}">${codeLines(p.startLine, p.before, () => false, ' del')}${codeLines(p.startLine, p.after, () => false, ' add')}</pre>`;
}

function findingRow(f: ReportFinding): Html {
  const where = `${f.repository !== undefined ? `${f.repository}: ` : ''}${f.file}:${f.line}:${f.column}`;
  const excerpt = f.excerpt
    ? html`<pre class="code" aria-label="${`Code at ${where}`}">${codeLines(f.excerpt.startLine, f.excerpt.lines, (n) => n >= f.line && n <= f.endLine)}</pre>`
    : '';
  return html`<article class="finding" data-notice="${f.noticeId}" data-severity="${f.severity}" data-path="${f.file}" data-repo="${f.repository ?? ''}">
<header><span class="sev ${f.severity}">${f.severity}</span><span class="loc">${where}</span>${f.confidence === 'likely' ? html`<span class="badge" title="${f.confidenceReason}">likely</span>` : ''}${f.fixable ? html`<span class="badge">autofix</span>` : ''}</header>
<div>${withCode(f.message)}${f.expiredSuppression ? ` (suppression on line ${f.expiredSuppression.line} expired ${f.expiredSuppression.until})` : ''}</div>
${excerpt}${f.fixPreview ? diffBlock(f.fixPreview) : ''}
</article>`;
}

/** The notice's own page on the web (the report's link, else this version's); none when only a local copy is known. */
function docsLink(n: ReportNotice): Html | string {
  const url = n.docs ?? webDocsUrl(n.id);
  return url !== undefined ? html`<a class="badge" href="${safeUrl(url)}">notice docs</a>` : '';
}

function noticeSection(d: NoticeDigest, report: Report, max: number, hasFixForms: boolean, read: number): Html {
  const n = d.notice;
  const listed = d.findings.slice(0, max);
  const cut = read - listed.length;
  const when = n.effective ? html`Effective <strong>${n.effective}</strong> (${n.countdown})` : n.status === 'contract' ? 'Always in force (API contract)' : 'Pending: no effective date announced yet';
  const hidden = d.total - read;
  const repos = d.repositories > 0 ? html`<div><dt>repositories</dt><dd>${d.repositories}</dd></div>` : '';
  return html`<section class="notice s-${n.bucket}" id="${anchorId('notice', n.id)}" aria-labelledby="${anchorId('h', n.id)}">
<h3 id="${anchorId('h', n.id)}">${withCode(n.title)}</h3>
<div class="badges"><span class="badge state">${n.bucket === 'within-window' ? `within ${report.warnWithinDays} days` : BUCKET_LABEL[n.bucket]}</span>${n.breaking ? html`<span class="badge breaking">breaking</span>` : html`<span class="badge">not breaking</span>`}<span class="badge"><code>${n.id}</code></span>${docsLink(n)}${n.source !== undefined ? html`<a class="badge" href="${safeUrl(n.source)}">platform docs</a>` : ''}</div>
<div class="muted">${when}</div>
${n.summary !== undefined ? html`<p class="summary">${withCode(n.summary)}</p>` : ''}
<p class="instead"><strong>What to do:</strong> ${withCode(n.instead)}</p>
<dl class="counts"><div><dt>findings</dt><dd>${d.total}</dd></div><div><dt>autofixable</dt><dd>${d.autofixable}</dd></div><div><dt>transitional</dt><dd>${hasFixForms ? d.transitional : html`<span title="this report does not say which autofixes are transitional">n/a</span>`}</dd></div><div><dt>needs a human</dt><dd>${d.needsHuman}</dd></div>${repos}</dl>
${listed.map(findingRow)}
${cut > 0 ? html`<p class="muted">…and ${plural(cut, 'more finding')} of this notice, not listed here (all are in the JSON report).</p>` : ''}
${hidden > 0 ? html`<p class="muted">${plural(hidden, 'warning')} not listed (--quiet).</p>` : ''}
</section>`;
}

function filters(g: Digest, max: number): Html {
  const total = g.notices.reduce((s, d) => s + Math.min(max, d.findings.length), 0);
  // The repositories of the listed findings (all of them unless the lists are capped), worst first.
  const listed = new Set(g.notices.flatMap((d) => d.findings.slice(0, max).map((f) => f.repository)));
  const choices = g.repositories.filter((r) => listed.has(r.name));
  const repoFilter =
    choices.length > 0
      ? html`<label>Repository<select name="repo"><option value="">all</option>${choices.map((r) => html`<option value="${r.name}">${r.name}</option>`)}</select></label>`
      : '';
  return html`<form class="filters" id="filters" hidden aria-label="Filter the findings">
<label>Notice<select name="notice"><option value="">all notices</option>${g.notices.map((d) => html`<option value="${d.notice.id}">${dateLabel(d.notice)} ${d.notice.id}</option>`)}</select></label>
<label>Severity<select name="severity"><option value="">all</option><option value="error">errors</option><option value="warning">warnings</option></select></label>
<label>Path starts with<input name="path" type="search" placeholder="src/" autocomplete="off"></label>
${repoFilter}
<button type="reset">Clear</button>
<span class="muted" role="status">showing <strong id="shown">${total}</strong> of ${total} findings</span>
</form>`;
}

function repositoryTables(all: Digest, maxRepositories: number): Html {
  if (all.repositories.length === 0) return html``;
  const g = { ...all, repositories: all.repositories.slice(0, maxRepositories) };
  const rest = all.repositories.slice(maxRepositories);
  const sum = (key: 'errors' | 'warnings' | 'fixable'): number => rest.reduce((s, r) => s + r[key], 0);
  const more =
    rest.length > 0
      ? html`<p class="muted">…and ${plural(rest.length, 'more repository', 'more repositories')} (${plural(sum('errors'), 'error')}, ${plural(sum('warnings'), 'warning')}, ${sum('fixable')} fixable), not listed here: every repository is in the JSON report, and each one's own report has its findings.</p>`
      : '';
  // The longer side runs down the page: a matrix wider than the page is cut off (or hides behind a scroll bar).
  const byNotice = g.notices.length > g.repositories.length;
  return html`<section aria-labelledby="h-repos"><h2 id="h-repos">Repositories, worst first</h2>
<div class="table-wrap"><table><thead><tr><th>Repository</th><th>Commit</th><th class="num">Errors</th><th class="num">Warnings</th><th class="num">Fixable</th><th class="num">Files</th><th>Report of</th></tr></thead><tbody>
${g.repositories.map(
  (r) => html`<tr id="${anchorId('repo', r.name)}"><td>${r.name}</td><td><code>${r.commit ? r.commit.slice(0, 12) : '-'}</code></td><td class="num">${r.errors}</td><td class="num">${r.warnings}</td><td class="num">${r.fixable}</td><td class="num">${r.filesScanned}</td><td>${r.today}</td></tr>`,
)}
</tbody></table></div>
${more}
<h2 id="h-matrix">${byNotice ? 'Notice x repository' : 'Repository x notice'}</h2>
${byNotice ? noticeRowsMatrix(g) : repositoryRowsMatrix(g)}${rest.length > 0 ? html`<p class="muted">The ${plural(g.repositories.length, 'worst repository', 'worst repositories')} only.</p>` : ''}</section>`;
}

/** A cell of the matrix: the findings of one notice in one repository. */
function matrixCell(repo: string, d: NoticeDigest, n: number | undefined): Html {
  return n ? html`<td class="c s-${d.notice.bucket}"><span title="${`${repo}: ${d.notice.id}, ${plural(n, 'finding')}`}">${n}</span></td>` : html`<td class="c"></td>`;
}

/** One row per repository, one column per notice (more repositories than notices). */
function repositoryRowsMatrix(g: Digest): Html {
  const cols = g.notices;
  return html`<div class="matrix"><table aria-labelledby="h-matrix"><thead><tr><th>Repository</th>${cols.map((d) => html`<th class="v" scope="col"><a href="#${anchorId('notice', d.notice.id)}">${dateLabel(d.notice)} ${d.notice.id}</a></th>`)}</tr></thead><tbody>
${g.repositories.map((r) => html`<tr><th scope="row">${r.name}</th>${cols.map((d) => matrixCell(r.name, d, r.byNotice[d.notice.id]))}</tr>`)}
</tbody></table></div>`;
}

/** One row per notice, one column per repository (more notices than repositories): it grows down, not off the page. */
function noticeRowsMatrix(g: Digest): Html {
  return html`<div class="matrix"><table aria-labelledby="h-matrix"><thead><tr><th>Notice</th>${g.repositories.map((r) => html`<th class="v" scope="col"><a href="#${anchorId('repo', r.name)}">${r.name}</a></th>`)}</tr></thead><tbody>
${g.notices.map((d) => html`<tr><th scope="row"><a href="#${anchorId('notice', d.notice.id)}">${dateLabel(d.notice)} <span class="id">${d.notice.id}</span></a></th>${g.repositories.map((r) => matrixCell(r.name, d, r.byNotice[d.notice.id]))}</tr>`)}
</tbody></table></div>`;
}

export function formatHtml(report: Report, opts: HtmlOptions = {}): string {
  const g = digest(report, opts.counts);
  const max = opts.maxFindingsPerNotice ?? 200;
  const maxUnanalysed = opts.maxUnanalysed ?? 500;
  // Findings of each notice the report holds (a streamed merge holds a few of each and counted the rest).
  const read = (d: NoticeDigest): number => opts.counts?.get(d.notice.id)?.read ?? d.findings.length;
  // Whether the report says which form each autofix writes (`fixForm`); reports of older versions do not.
  const hasFixForms = report.findings.some((f) => f.fixForm !== undefined);
  const repo = report.repository;
  const meta = [
    `today ${report.today}`,
    report.before ? `before ${report.before}` : '',
    `warning window ${report.warnWithinDays} days`,
    report.repositories ? '' : plural(report.summary.filesScanned, 'file') + ' scanned',
    g.generated > 0 ? `${plural(g.generated, 'generated file')} skipped (--include-generated scans them)` : '',
    `collab-migrate ${report.tool.version}`,
  ].filter(Boolean);
  const unanalysed =
    g.unanalysed.length > 0
      ? html`<section id="unanalysed" aria-labelledby="h-unanalysed"><h2 id="h-unanalysed">Files not analysed (${g.unanalysed.length})</h2><p class="muted">Findings in these files are not counted above.</p><table><thead><tr><th>File</th><th>Why</th></tr></thead><tbody>${g.unanalysed.slice(0, maxUnanalysed).map(
          (u) => html`<tr><td class="loc">${u.repository !== undefined ? `${u.repository}: ` : ''}${u.file}</td><td>${u.reason}</td></tr>`,
        )}</tbody></table>${g.unanalysed.length > maxUnanalysed ? html`<p class="muted">…and ${plural(g.unanalysed.length - maxUnanalysed, 'more file')} (all are in the JSON report).</p>` : ''}</section>`
      : '';
  const clean =
    g.clean.length > 0
      ? html`<section aria-labelledby="h-clean"><h2 id="h-clean">Notices looked for, no findings (${g.clean.length})</h2><ul>${g.clean.map(
          (n) => {
            const url = n.docs ?? webDocsUrl(n.id);
            return html`<li>${dateLabel(n)} ${url !== undefined ? html`<a href="${safeUrl(url)}"><code>${n.id}</code></a>` : html`<code>${n.id}</code>`}: ${withCode(n.title)}</li>`;
          },
        )}</ul></section>`
      : '';
  // A merged report's timeline has one row per repository: the worst `maxRepositories` only, as the table.
  const maxRepositories = opts.maxRepositories ?? 200;
  const rowsCut = g.repositories.length - maxRepositories;
  const timelineRows = rowsCut > 0 ? { ...g, repositories: g.repositories.slice(0, maxRepositories) } : g;
  const timeline =
    g.notices.length > 0
      ? html`<section aria-labelledby="h-timeline"><h2 id="h-timeline">Timeline</h2>${timelineSvg(report, timelineRows)}${rowsCut > 0 ? html`<p class="muted">One row for each of the ${maxRepositories} worst repositories; the other ${plural(rowsCut, 'repository', 'repositories')} are counted in the list below.</p>` : ''}${timelineList(report, g)}${timelineLegend(report)}</section>`
      : html`<p>No findings: nothing in ${g.title} is affected by the notices looked for.</p>`;
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="generator" content="${`collab-migrate ${report.tool.version}`}">
<title>${`Readiness: ${g.title} (${report.today})`}</title>
<style>${trusted(CSS)}</style>
</head>
<body>
<a class="skip" href="#findings">Skip to the findings</a>
<header>
<h1>API readiness: ${g.title}</h1>
<div class="meta">${meta.join(' · ')}${repo?.commit ? html` · commit <code>${repo.commit}</code>` : ''}</div>
</header>
<main>
${summaryCards(report, g)}
${timeline}
${repositoryTables(g, maxRepositories)}
${
  g.notices.length > 0
    ? html`<section id="findings" aria-labelledby="h-findings"><h2 id="h-findings">Notices and findings</h2>${filters(g, max)}${g.notices.map((d) => noticeSection(d, report, max, hasFixForms, read(d)))}</section>`
    : ''
}
${unanalysed}
${clean}
</main>
<footer class="muted"><p>Generated by collab-migrate ${report.tool.version} for ${report.today}. Severities follow the notices' dates: in force is an error, within the warning window a warning.</p></footer>
<script>${trusted(SCRIPT)}</script>
</body>
</html>
`;
  return page.value;
}
