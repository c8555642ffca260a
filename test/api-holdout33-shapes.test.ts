/**
 * Hold-out set 33 after its first run (docs/evaluation.md, "Thirty-first session: setfix31"): the shape behind its two
 * false positives, with look-alikes that must stay reported (synthesized code, nothing copied from the set's
 * repositories): a custom element whose script a Contact Center Desktop layout of the repository places in the
 * Desktop (`{ "comp": "<tag>", "script": "<url>" }`), served by the repository's local server, loaded by no page of
 * the repository. A script's requests carry the origin of the page that loads it: the Desktop's, not the server's.
 * Projects are small trees in a temporary folder (a `.git` folder marks the root).
 */
import { describe, expect, it } from 'vitest';
import { shapeScans } from './helpers/temp-project.js';

const { scan } = shapeScans('cm-holdout33-shapes-', '2026-11-29');
const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;

const CORS = 'cors-localhost-origins';

describe('a Desktop widget whose layout names its element and script URL (cors-localhost-origins)', () => {
  /** A custom element calling the API with the agent's token, defined as `tag`. */
  const widget = (tag = 'acme-call-panel'): string => `class CallPanel extends HTMLElement {
  connectedCallback() {
    this.attachShadow({ mode: 'open' }).innerHTML = '<button>Park</button>';
    this.shadowRoot.querySelector('button').addEventListener('click', () => this.park());
  }

  async park() {
    const headers = { Authorization: 'Bearer ' + this.accessToken };
    const calls = await fetch('https://webexapis.com/v1/telephony/calls', { headers });
    document.title = String(calls.status);
  }
}

customElements.define('${tag}', CallPanel);
`;
  /** A Desktop layout placing `comp` with its script at `script` on a navigation page. */
  const layout = (comp: string, script: string | undefined, top: 'area' | 'widgets' = 'area'): string =>
    JSON.stringify(
      {
        version: '0.0.6',
        appTitle: 'Agent Desktop',
        [top]: {
          navigation: [
            {
              nav: { label: 'Calls', navigateTo: 'calls' },
              page: { id: 'calls', widgets: { comp1: { comp: 'div', children: [{ comp, ...(script === undefined ? {} : { script }), properties: { accessToken: '$STORE.auth.accessToken' } }] } } },
            },
          ],
        },
      },
      null,
      2,
    );
  /** The widget's server: serves `src/` (the script and its build) and the OAuth pages, from this machine. */
  const SERVER = `import express from 'express';

const app = express();
app.use(express.static('src'));
app.get('/auth', (req, res) => res.redirect('/auth_done.html'));
app.listen(process.env.PORT || 4000);
`;
  const PKG = JSON.stringify({ name: 'call-panel', type: 'module', main: 'server.js', scripts: { build: 'webpack', start: 'node server.js' }, dependencies: { express: '^4.18.0', webpack: '^5.72.0' } });
  const WEBPACK = "module.exports = { mode: 'production', entry: './src/call-panel.js', output: { path: require('path').resolve(__dirname, 'src/build'), filename: 'bundle.js' } };\n";
  const files = (extra: Record<string, string>, tag?: string): Record<string, string> => ({
    'package.json': PKG,
    'server.js': SERVER,
    'webpack.config.cjs': WEBPACK,
    'src/call-panel.js': widget(tag),
    'src/auth_done.html': '<html><body><script>window.close();</script></body></html>\n',
    ...extra,
  });
  const fetchLine = lineOf(widget(), "fetch('https://webexapis.com");
  const scanWidget = (f: Record<string, string>): string[] => scan(f, 'src/call-panel.js', CORS);

  it('positive: the layout places the element by its tag with the script the local server serves: the Desktop\'s page runs it (quiet)', () => {
    expect(scanWidget(files({ 'desktop-layout.json': layout('acme-call-panel', 'http://localhost:4000/build/bundle.js') }))).toEqual([]);
    // A layout in a subfolder, and one whose script is at a placeholder address.
    expect(scanWidget(files({ 'config/layout.json': layout('acme-call-panel', 'https://<YOUR_HOST>/build/bundle.js') }))).toEqual([]);
  });

  it('look-alikes: no layout, a layout naming another element, or one without a script URL: still reported (the local server)', () => {
    expect(scanWidget(files({}))).toEqual([`${CORS} ${fetchLine} certain`]);
    expect(scanWidget(files({ 'desktop-layout.json': layout('acme-queue-stats', 'http://localhost:4000/build/bundle.js') }))).toEqual([`${CORS} ${fetchLine} certain`]);
    expect(scanWidget(files({ 'desktop-layout.json': layout('acme-call-panel', undefined) }))).toEqual([`${CORS} ${fetchLine} certain`]);
    // A relative script path is no address of another page's.
    expect(scanWidget(files({ 'desktop-layout.json': layout('acme-call-panel', 'build/bundle.js') }))).toEqual([`${CORS} ${fetchLine} certain`]);
  });

  it('look-alike: a JSON naming the element and a script that is not a Desktop layout (no `area`): still reported', () => {
    expect(scanWidget(files({ 'widgets.json': layout('acme-call-panel', 'http://localhost:4000/build/bundle.js', 'widgets') }))).toEqual([`${CORS} ${fetchLine} certain`]);
  });

  it('look-alikes: a page of the repository loads the module or its built script too: it runs from this machine as well (reported)', () => {
    const withLayout = { 'desktop-layout.json': layout('acme-call-panel', 'http://localhost:4000/build/bundle.js') };
    expect(scanWidget(files({ ...withLayout, 'src/index.html': '<html><body><acme-call-panel></acme-call-panel><script src="call-panel.js"></script></body></html>\n' }))).toEqual([`${CORS} ${fetchLine} certain`]);
    expect(scanWidget(files({ ...withLayout, 'src/preview.html': '<html><body><acme-call-panel></acme-call-panel><script src="./build/bundle.js"></script></body></html>\n' }))).toEqual([`${CORS} ${fetchLine} certain`]);
    expect(scanWidget(files({ ...withLayout, 'demo/index.html': '<html><body><script src="http://localhost:4000/build/bundle.js"></script></body></html>\n' }))).toEqual([`${CORS} ${fetchLine} certain`]);
  });

  it('look-alike: the tag only in a comment or a string of the module defines no element: still reported', () => {
    const text = widget().replace("customElements.define('acme-call-panel', CallPanel);", "// customElements.define('acme-call-panel', CallPanel);\nconst note = \"customElements.define('acme-call-panel')\";\nwindow.CallPanel = CallPanel;");
    expect(scan({ ...files({ 'desktop-layout.json': layout('acme-call-panel', 'http://localhost:4000/build/bundle.js') }), 'src/call-panel.js': text }, 'src/call-panel.js', CORS)).toEqual([`${CORS} ${fetchLine} certain`]);
  });
});
