/**
 * The report's timeline as inline SVG: a date axis from the oldest effective date with findings to the last one
 * (and today), a column for contract rules (always in force) on the left and one for pending notices (no date
 * yet) on the right, today marked, the warning window shaded. One row per notice (one repository) or per
 * repository (merged report); each mark is a notice, its area proportional to the finding count, its colour the
 * notice's state, filled when breaking and a ring when not. Marks are links to the notice's section, focusable,
 * with an accessible name.
 */
import { daysBetween } from '../../../engine/catalog/dates.js';
import { BUCKET_LABEL, plural, type Digest, type NoticeDigest } from '../digest.js';
import type { Report } from '../report.js';
import { anchorId, html, type Html } from './html-template.js';

const WIDTH = 1000;
const LABEL_W = 250;
const SIDE_W = 64;
const ROW_H = 24;
const TOP = 40;
const BOTTOM = 30;
const PLOT_X0 = LABEL_W + SIDE_W;
const PLOT_X1 = WIDTH - SIDE_W - 10;

function toDay(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

function fromDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

export function radius(findings: number): number {
  return Math.min(11, 3.5 + 2 * Math.sqrt(findings));
}

interface Mark {
  notice: NoticeDigest['notice'];
  count: number;
  label: string;
}

interface Row {
  label: string;
  href: string;
  marks: Mark[];
}

function markLabel(n: Mark['notice'], count: number, today: string, repo?: string): string {
  const when = n.effective
    ? `${n.bucket === 'in-force' ? 'in force since' : 'effective'} ${n.effective} (${daysBetween(today, n.effective) > 0 ? `in ${plural(daysBetween(today, n.effective), 'day')}` : `${plural(-daysBetween(today, n.effective), 'day')} ago`})`
    : n.status === 'contract'
      ? 'always in force (API contract)'
      : 'pending, no date yet';
  return `${repo ? `${repo}: ` : ''}${n.id}: ${plural(count, 'finding')}, ${when}, ${n.breaking ? 'breaking' : 'not breaking'}`;
}

function rows(report: Report, g: Digest): Row[] {
  if (g.repositories.length > 0) {
    const byId = new Map(g.notices.map((d) => [d.notice.id, d.notice]));
    return g.repositories.map((r) => ({
      label: r.name,
      href: `#${anchorId('repo', r.name)}`,
      marks: Object.entries(r.byNotice)
        .filter(([id]) => byId.has(id))
        .map(([id, count]) => ({ notice: byId.get(id)!, count, label: markLabel(byId.get(id)!, count, report.today, r.name) })),
    }));
  }
  return g.notices.map((d) => ({
    label: d.notice.id,
    href: `#${anchorId('notice', d.notice.id)}`,
    marks: [{ notice: d.notice, count: d.total, label: markLabel(d.notice, d.total, report.today) }],
  }));
}

/** Quarter starts (Jan, Apr, Jul, Oct) between two days; years labelled, quarters as ticks. */
function ticks(from: number, to: number): { day: number; label: string; major: boolean }[] {
  const out: { day: number; label: string; major: boolean }[] = [];
  const start = new Date(from * 86_400_000);
  let y = start.getUTCFullYear();
  let m = Math.floor(start.getUTCMonth() / 3) * 3;
  for (;;) {
    const day = Date.UTC(y, m, 1) / 86_400_000;
    if (day > to) break;
    if (day >= from) out.push({ day, label: m === 0 ? String(y) : fromDay(day).slice(0, 7), major: m === 0 });
    m += 3;
    if (m >= 12) {
      m = 0;
      y++;
    }
  }
  return out;
}

export function timelineSvg(report: Report, g: Digest): Html {
  const data = rows(report, g);
  const today = toDay(report.today);
  const dated = g.notices.filter((d) => d.notice.effective !== null && d.notice.status !== 'contract').map((d) => toDay(d.notice.effective!));
  const lo = Math.min(today, ...dated) - 30;
  const hi = Math.max(today + report.warnWithinDays, ...dated) + 30;
  const x = (day: number): number => PLOT_X0 + ((day - lo) / Math.max(1, hi - lo)) * (PLOT_X1 - PLOT_X0);
  const xOf = (n: Mark['notice']): number =>
    n.status === 'contract' || (n.effective === null && n.status !== 'pending') ? LABEL_W + SIDE_W / 2 : n.effective === null ? WIDTH - SIDE_W / 2 - 4 : x(toDay(n.effective));
  const height = TOP + data.length * ROW_H + BOTTOM;
  const plotBottom = TOP + data.length * ROW_H;
  const windowEnd = Math.min(hi, today + report.warnWithinDays);
  const title = g.repositories.length > 0 ? 'Timeline of the notices with findings, one row per repository' : 'Timeline of the notices with findings';
  const desc = `From ${fromDay(lo + 30)} to ${fromDay(hi - 30)}; today is ${report.today}. ${g.notices.length} notices with ${plural(g.total, 'finding')}; contract rules on the left, pending notices on the right.`;

  const axis = ticks(lo, hi).map(
    (t) => html`<line class="tick${t.major ? ' major' : ''}" x1="${x(t.day).toFixed(1)}" x2="${x(t.day).toFixed(1)}" y1="${TOP - 6}" y2="${plotBottom}"/>
<text class="tick-label" x="${x(t.day).toFixed(1)}" y="${TOP - 10}" text-anchor="middle">${t.label}</text>`,
  );
  const body = data.map((row, i) => {
    const cy = TOP + i * ROW_H + ROW_H / 2;
    // Largest first, so small marks stay visible on top of large ones at nearby dates.
    const marks = [...row.marks].sort((a, b) => b.count - a.count);
    return html`<g class="row">
<a href="${row.href}" class="row-label"><text x="${LABEL_W - 8}" y="${cy + 4}" text-anchor="end">${row.label.length > 33 ? row.label.slice(0, 32) + '…' : row.label}</text></a>
${marks.map(
  (m) => html`<a href="#${anchorId('notice', m.notice.id)}" class="mark s-${m.notice.bucket}${m.notice.breaking ? ' breaking' : ''}" aria-label="${m.label}"><circle cx="${xOf(m.notice).toFixed(1)}" cy="${cy}" r="${radius(m.count).toFixed(1)}"><title>${m.label}</title></circle>${
    g.repositories.length === 0 ? html`<text class="count" x="${(xOf(m.notice) + radius(m.count) + 3).toFixed(1)}" y="${cy + 4}">${m.count}</text>` : ''
  }</a>`,
)}
</g>`;
  });
  return html`<svg class="timeline" viewBox="0 0 ${WIDTH} ${height}" width="100%" role="group" aria-labelledby="tl-title tl-desc" xmlns="http://www.w3.org/2000/svg">
<title id="tl-title">${title}</title>
<desc id="tl-desc">${desc}</desc>
${data.map((_, i) => html`<rect class="row-bg${i % 2 === 0 ? ' odd' : ''}" x="0" y="${TOP + i * ROW_H}" width="${WIDTH}" height="${ROW_H}"/>`)}
<rect class="window" x="${x(today).toFixed(1)}" y="${TOP - 6}" width="${Math.max(0, x(windowEnd) - x(today)).toFixed(1)}" height="${plotBottom - TOP + 6}"><title>${`warning window: ${report.warnWithinDays} days from today`}</title></rect>
<rect class="side" x="${LABEL_W}" y="${TOP - 6}" width="${SIDE_W}" height="${plotBottom - TOP + 6}"/>
<rect class="side" x="${WIDTH - SIDE_W - 4}" y="${TOP - 6}" width="${SIDE_W}" height="${plotBottom - TOP + 6}"/>
<text class="tick-label" x="${LABEL_W + SIDE_W / 2}" y="${TOP - 10}" text-anchor="middle">always</text>
<text class="tick-label" x="${WIDTH - SIDE_W / 2 - 4}" y="${TOP - 10}" text-anchor="middle">pending</text>
${axis}
${body}
<line class="today" x1="${x(today).toFixed(1)}" x2="${x(today).toFixed(1)}" y1="${TOP - 20}" y2="${plotBottom + 4}"/>
<text class="today-label" x="${x(today).toFixed(1)}" y="${plotBottom + 18}" text-anchor="middle">today ${report.today}</text>
</svg>`;
}

/**
 * The timeline as a dated list, shown instead of the chart on a narrow screen (the chart's text would shrink
 * below reading size): one line per notice with findings, in date order, with its count, state and repositories.
 */
export function timelineList(report: Report, g: Digest): Html {
  const merged = g.repositories.length > 0;
  return html`<ol class="timeline-list" aria-label="Timeline as a list">${g.notices.map((d) => {
    const n = d.notice;
    const state = n.bucket === 'within-window' ? `within ${report.warnWithinDays} days` : BUCKET_LABEL[n.bucket];
    return html`<li class="s-${n.bucket}"><span class="when">${n.effective ?? (n.status === 'contract' ? 'always' : 'pending')}</span> <a href="#${anchorId('notice', n.id)}"><code>${n.id}</code></a> <span class="muted">${plural(d.total, 'finding')}${merged ? ` in ${plural(d.repositories, 'repository').replace(/repositorys$/, 'repositories')}` : ''}, ${state}, ${n.breaking ? 'breaking' : 'not breaking'}</span></li>`;
  })}</ol>`;
}

/** The legend under the chart (HTML, so it wraps and reads well in print). */
export function timelineLegend(report: Report): Html {
  const states = (['in-force', 'within-window', 'later', 'pending'] as const).map(
    (b) => html`<li><svg width="16" height="16" aria-hidden="true"><circle class="s-${b}" cx="8" cy="8" r="6"/></svg>${b === 'within-window' ? `within ${report.warnWithinDays} days` : BUCKET_LABEL[b]}</li>`,
  );
  return html`<ul class="legend">${states}
<li><svg width="16" height="16" aria-hidden="true"><circle class="s-legend breaking" cx="8" cy="8" r="6"/></svg>filled: breaking</li>
<li><svg width="16" height="16" aria-hidden="true"><circle class="s-legend" cx="8" cy="8" r="5"/></svg>ring: not breaking (deprecation, behaviour change)</li>
<li>size: number of findings</li></ul>`;
}
