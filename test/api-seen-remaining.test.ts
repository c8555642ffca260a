/**
 * Issue 26, the seen sets' remaining misses and false positives (docs/evaluation.md, "The seen sets' remaining misses
 * (eighteenth session, branch `26left`)"): the shapes behind them, each with a case that must be found (or kept quiet)
 * and look-alikes that must not change. Synthesized code only, nothing copied from the sets' repositories.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const project = tempProjects('cm-seen-remaining-');
/** Every file of a project written on disk, scanned with the project model; findings as `file:line notice`. */
const scanFiles = (files: Record<string, string>, opts: AnalyzeOptions): string[] => {
  const root = project(files);
  return Object.keys(files).flatMap((rel) => analyzeFile({ filename: path.join(root, rel), text: files[rel] }, opts).matches.map((m) => `${rel}:${m.loc.start.line} ${m.noticeId}`));
};

describe('a page a named page links to is served at its origin (cors-localhost-origins)', () => {
  const cors = only('cors-localhost-origins');
  const controls = `export async function dial(token, number) {
  const r = await fetch('https://webexapis.com/v1/xapi/command/Dial', { method: 'POST', headers: { Authorization: 'Bearer ' + token }, body: JSON.stringify({ arguments: { Number: number } }) });
  document.getElementById('status').textContent = r.ok ? 'Calling' : 'Failed';
}
`;
  /** `kiosk/start.html` (named by a device macro's configuration) and `kiosk/dial.html`, both loading `dialer.js`. */
  const site = (startLinks: string, otherLinks = ''): Record<string, string> => ({
    'kiosk/start.html': `<!doctype html><p id="status"></p>${startLinks}<script type="module" src="dialer.js"></script>\n`,
    'kiosk/dial.html': '<!doctype html><p id="status"></p><script type="module" src="dialer.js"></script>\n',
    'kiosk/help.html': `<!doctype html><p>Help</p>${otherLinks}\n`,
    'kiosk/dialer.js': controls,
    'kiosk/room-macro.js': `import xapi from 'xapi';
const settings = { startPage: 'https://someone.github.io/lobby/kiosk/start.html' };
export function show() { return xapi.Command.UserInterface.WebView.Display({ Url: settings.startPage }); }
`,
  });
  it('quiet: the named page links to the other page (`<a href="dial.html?...">`), so the script of both is served over HTTPS', () => {
    expect(scanFiles(site('<a href="dial.html?mode=kiosk">Call</a>'), cors)).toEqual([]);
  });
  it("quiet: the named page's script opens it (`location.href = './dial.html'`)", () => {
    expect(scanFiles(site("<script>document.onclick = () => { location.href = './dial.html'; };</script>"), cors)).toEqual([]);
  });
  it('look-alike: a sibling page the named page does not link to stays unnamed (reported)', () => {
    expect(scanFiles(site('<a href="help.html">Help</a>'), cors)).toEqual(['kiosk/dialer.js:2 cors-localhost-origins']);
  });
  it('look-alike: a link from a page no address names gives no address (reported)', () => {
    expect(scanFiles(site('', '<a href="dial.html">Call</a>'), cors)).toEqual(['kiosk/dialer.js:2 cors-localhost-origins']);
  });
  it('look-alike: an absolute link to a plain-HTTP or localhost copy is no relative link (reported)', () => {
    expect(scanFiles(site('<a href="http://localhost:8080/kiosk/dial.html">Call</a>'), cors)).toEqual(['kiosk/dialer.js:2 cors-localhost-origins']);
  });
});
