/** The report page's stylesheet and filter script: constants of this package, inlined into every page. */

export const CSS = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1c2128; --muted: #57606a; --line: #d0d7de; --card: #f6f8fa;
  --in-force: #cf222e; --within-window: #bc4c00; --later: #0969da; --pending: #8250df; --hl: #fff8c5; --add: #dafbe1; --del: #ffebe9;
  --add-fg: #116329; --del-fg: #82071e; --link: #0969da; }
@media (prefers-color-scheme: dark) { :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #30363d; --card: #161b22;
  --in-force: #ff7b72; --within-window: #f0883e; --later: #58a6ff; --pending: #bc8cff; --hl: #3b2e00; --add: #12261e; --del: #2d1214;
  --add-fg: #7ee787; --del-fg: #ffa198; --link: #58a6ff; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 1.5rem; background: var(--bg); color: var(--fg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--link); }
a:focus-visible, select:focus-visible, input:focus-visible, button:focus-visible { outline: 3px solid var(--later); outline-offset: 2px; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem; z-index: 1; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; } h2 { font-size: 1.2rem; margin: 2rem 0 .5rem; } h3 { font-size: 1.05rem; margin: 0; }
.meta, .muted { color: var(--muted); font-size: .9rem; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: .75rem; margin: 1rem 0; padding: 0; list-style: none; }
.cards li { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .6rem .8rem; }
.cards .n { display: block; font-size: 1.6rem; font-weight: 650; line-height: 1.2; }
.cards .error .n { color: var(--in-force); } .cards .warning .n { color: var(--within-window); }
svg.timeline { display: block; max-width: 100%; height: auto; font-size: 12px; }
svg.timeline text { fill: var(--fg); } svg.timeline .tick-label, svg.timeline .count { fill: var(--muted); font-size: 11px; }
svg.timeline .row-bg { fill: transparent; } svg.timeline .row-bg.odd { fill: var(--card); }
svg.timeline .tick { stroke: var(--line); } svg.timeline .tick.major { stroke: var(--muted); stroke-dasharray: 2 3; }
svg.timeline .side { fill: var(--card); stroke: var(--line); } svg.timeline .window { fill: var(--within-window); fill-opacity: .08; }
svg.timeline .today { stroke: var(--fg); stroke-width: 2; } svg.timeline .today-label { font-weight: 600; font-size: 12px; }
svg.timeline a:focus-visible circle, svg.timeline a:hover circle { stroke: var(--fg); stroke-width: 3; }
svg.timeline a.row-label text { fill: var(--link); }
.s-in-force { --c: var(--in-force); } .s-within-window { --c: var(--within-window); } .s-later { --c: var(--later); } .s-pending { --c: var(--pending); } .s-legend { --c: var(--muted); }
circle.s-in-force, circle.s-within-window, circle.s-later, circle.s-pending, circle.s-legend, .mark circle { fill: var(--bg); stroke: var(--c); stroke-width: 2.5; }
.mark.breaking circle, circle.breaking, circle.s-in-force, circle.s-within-window, circle.s-later, circle.s-pending { fill: var(--c); fill-opacity: .85; }
.legend { display: flex; flex-wrap: wrap; gap: .3rem 1.2rem; list-style: none; padding: 0; margin: .25rem 0 0; color: var(--muted); font-size: .85rem; }
.legend li { display: flex; align-items: center; gap: .3rem; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
th, td { border-bottom: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.matrix, .table-wrap { overflow-x: auto; } .matrix th[scope=row] { position: sticky; left: 0; background: var(--bg); font-weight: 500; font-size: .85rem; }
.matrix th[scope=row] .id { overflow-wrap: anywhere; }
.timeline-list { display: none; list-style: none; padding: 0; margin: .5rem 0; } .timeline-list li { border-left: 4px solid var(--c); padding: .15rem .5rem; margin: .2rem 0; overflow-wrap: anywhere; }
.timeline-list .when { font-variant-numeric: tabular-nums; font-weight: 600; }
@media screen and (max-width: 640px) { body { padding: 1rem .75rem; } svg.timeline { display: none; } .timeline-list { display: block; } }
form.filters select { max-width: 100%; } form.filters label { max-width: 100%; } .matrix th.v { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; font-weight: 500; font-size: .75rem; padding: .3rem .15rem; }
.matrix td.c { text-align: center; } .matrix td.c span { display: inline-block; min-width: 1.8em; border-radius: 4px; color: #fff; background: var(--c); font-weight: 600; }
@media (prefers-color-scheme: dark) { .matrix td.c span { color: #0d1117; } }
form.filters { display: flex; flex-wrap: wrap; gap: .75rem 1rem; align-items: end; background: var(--card); border: 1px solid var(--line);
  border-radius: 8px; padding: .75rem; position: sticky; top: 0; z-index: 1; }
form.filters label { display: flex; flex-direction: column; font-size: .85rem; color: var(--muted); gap: .15rem; }
select, input, button { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: .25rem .4rem; }
section.notice { border: 1px solid var(--line); border-left: 6px solid var(--c); border-radius: 8px; padding: 1rem; margin: 1rem 0; }
.badges { display: flex; flex-wrap: wrap; gap: .4rem; margin: .4rem 0; } .badge { border: 1px solid var(--line); border-radius: 999px; padding: 0 .6rem; font-size: .8rem; }
.badge.state { color: var(--c); border-color: var(--c); font-weight: 600; } .badge.breaking { background: var(--in-force); border-color: var(--in-force); color: var(--bg); }
dl.counts { display: flex; flex-wrap: wrap; gap: .2rem 1.5rem; margin: .5rem 0; } dl.counts div { display: flex; gap: .35rem; } dl.counts dt { color: var(--muted); } dl.counts dd { margin: 0; font-weight: 600; }
.instead { margin: .4rem 0; }
article.finding { border-top: 1px solid var(--line); padding: .6rem 0; }
article.finding header { display: flex; flex-wrap: wrap; gap: .2rem .6rem; align-items: baseline; }
.sev { font-weight: 700; font-size: .8rem; text-transform: uppercase; } .sev.error { color: var(--in-force); } .sev.warning { color: var(--within-window); }
.loc { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .85rem; overflow-wrap: anywhere; }
pre.code, pre.diff { margin: .4rem 0 0; padding: .4rem 0; background: var(--card); border: 1px solid var(--line); border-radius: 6px; overflow-x: auto; }
pre .ln { display: block; padding: 0 .6rem 0 0; white-space: pre; } pre .ln::before { content: attr(data-n); display: inline-block; width: 3.5em; padding-right: .6rem; text-align: right; color: var(--muted); user-select: none; }
pre .ln.hit { background: var(--hl); box-shadow: inset 3px 0 var(--within-window); }
pre.diff .del { background: var(--del); color: var(--del-fg); } pre.diff .add { background: var(--add); color: var(--add-fg); }
pre.diff .ln.del::before { content: attr(data-n) " -"; } pre.diff .ln.add::before { content: attr(data-n) " +"; }
.fix-label { font-size: .8rem; color: var(--muted); margin-top: .4rem; }
[hidden] { display: none !important; }
@media print { body { max-width: none; padding: 0; font-size: 11pt; } form.filters, .skip { display: none !important; }
  section.notice, article.finding, svg.timeline { break-inside: avoid; } a { color: inherit; text-decoration: none; }
  section.notice[hidden], article.finding[hidden] { display: block !important; } pre { white-space: pre-wrap; } }
`;

/** Filters the finding list (notice, severity, path prefix, repository); the page is complete without it. */
export const SCRIPT = `(function () {
  var form = document.getElementById('filters');
  if (!form) return;
  form.hidden = false;
  var rows = Array.prototype.slice.call(document.querySelectorAll('article.finding'));
  var sections = Array.prototype.slice.call(document.querySelectorAll('section.notice'));
  var shown = document.getElementById('shown');
  function value(name) { var el = form.elements.namedItem(name); return el ? el.value.trim() : ''; }
  function apply() {
    var notice = value('notice'), severity = value('severity'), prefix = value('path'), repo = value('repo'), count = 0;
    rows.forEach(function (row) {
      var ok = (!notice || row.dataset.notice === notice) && (!severity || row.dataset.severity === severity) &&
        (!prefix || row.dataset.path.indexOf(prefix) === 0) && (!repo || row.dataset.repo === repo);
      row.hidden = !ok;
      if (ok) count++;
    });
    sections.forEach(function (s) { s.hidden = !s.querySelector('article.finding:not([hidden])'); });
    shown.textContent = String(count);
  }
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('reset', function () { setTimeout(apply, 0); });
  form.addEventListener('submit', function (e) { e.preventDefault(); });
})();`;
