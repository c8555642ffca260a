/**
 * Issue 26, hold-out set 17 after its first run (docs/evaluation.md, "Hold-out set 17 after its first run (branch
 * `holdout17`)"): the shapes behind its false positives, each with a look-alike that must stay quiet and the
 * platform's case that must still be reported (synthesized code, nothing copied from the set's repositories).
 */
import { describe, expect, it } from 'vitest';
import type { AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { projectFileScans } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-28' } });
const { scanFiles } = projectFileScans('cm-holdout17-shapes-');

describe('an Electron window whose main script is a build output not in the repository (cors-localhost-origins)', () => {
  const cors = only('cors-localhost-origins');
  /** A renderer module of a webpack-built Electron app that lists rooms from its window. */
  const renderer = `export async function rooms(token) {
  const res = await fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: 'Bearer ' + token } });
  localStorage.setItem('rooms', JSON.stringify(await res.json()));
}
`;
  const app = (prefs: string, main = 'build/electron.js', deps: Record<string, string> = { electron: '^30' }): Record<string, string> => ({
    'package.json': JSON.stringify({ name: 'panel', main, scripts: { start: 'electron .', build: 'webpack' }, devDependencies: deps }),
    // The main process's source, which webpack bundles into `main` (absent: build output is not committed).
    'src/shell/window.ts': `import { app, BrowserWindow } from 'electron';
app.whenReady().then(() => {
  const win = new BrowserWindow({ width: 800, webPreferences: { ${prefs} } });
  win.loadURL('file://' + __dirname + '/index.html');
});
`,
    'src/ui/rooms.ts': renderer,
    'src/ui/index.ts': "import { rooms } from './rooms';\nrooms(localStorage.getItem('token') ?? '');\n",
    'webpack.config.js': "module.exports = { entry: { shell: './src/shell/window.ts', ui: './src/ui/index.ts' } };\n",
  });
  it('look-alike: the window turns web security off in the main source webpack builds `main` from', () => {
    expect(scanFiles(app('webSecurity: false, nodeIntegration: true'), cors)).toEqual([]);
  });
  it('positive: the same app with web security left on is reported', () => {
    expect(scanFiles(app('nodeIntegration: true'), cors)).toEqual(['src/ui/rooms.ts:2 cors-localhost-origins certain']);
  });
  it('positive: a package that does not depend on electron, or whose `main` is in the repository and keeps web security on', () => {
    // The same files without the electron dependency: the window source is not an Electron app's.
    expect(scanFiles(app('webSecurity: false', 'build/electron.js', { webpack: '^5' }), cors)).toEqual(['src/ui/rooms.ts:2 cors-localhost-origins certain']);
    // `main` is there and opens its window with web security on: another file's `webSecurity: false` does not count.
    const files = { ...app('webSecurity: false', 'main.js'), 'main.js': "const { BrowserWindow } = require('electron');\nnew BrowserWindow({ webPreferences: { contextIsolation: true } });\n" };
    expect(scanFiles(files, cors)).toEqual(['src/ui/rooms.ts:2 cors-localhost-origins certain']);
  });
});

describe('an Authorization value that is a global another script defines (authorization-bearer-scheme)', () => {
  const bearer = only('authorization-bearer-scheme');
  /** A page script whose token comes from a script the page includes before it (`credentials.js`), or from here. */
  const script = (top: string): string => `${top}
function loadPeople(id, done) {
  const xhr = new XMLHttpRequest();
  xhr.open('GET', 'https://webexapis.com/v1/people/' + id, true);
  xhr.setRequestHeader('Authorization', authToken);
  xhr.onload = () => done(JSON.parse(xhr.responseText));
  xhr.send();
}
`;
  it('look-alike: a name the script neither declares nor assigns stays quiet (its value, with or without the scheme, is in another script)', () => {
    expect(scanFiles({ 'web/people.js': script('// credentials.js, included first, defines authToken') }, bearer)).toEqual([]);
  });
  it('positive: the same bare token when the script declares it, assigns it, or takes it as a parameter', () => {
    // Read from the browser's storage or given by callers outside the repository: found, likely (the value may
    // already carry the scheme; test/api-unseen-values.test.ts, 26safe); a value made here stays certain.
    expect(scanFiles({ 'web/people.js': script("const authToken = localStorage.getItem('token');") }, bearer)).toEqual(['web/people.js:5 authorization-bearer-scheme likely']);
    expect(scanFiles({ 'web/people.js': script("authToken = localStorage.getItem('token');") }, bearer)).toEqual(['web/people.js:5 authorization-bearer-scheme likely']);
    expect(scanFiles({ 'web/people.js': script("const authToken = JSON.parse(document.cookie.split('=')[1]).access_token;") }, bearer)).toEqual(['web/people.js:5 authorization-bearer-scheme certain']);
    const param = `export function me(authToken) {
  return fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: authToken } });
}
`;
    expect(scanFiles({ 'src/me.js': param }, bearer)).toEqual(['src/me.js:2 authorization-bearer-scheme likely']);
  });
});
