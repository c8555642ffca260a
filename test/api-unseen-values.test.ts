/**
 * Issue 26, certainty and autofixes on unseen code (docs/evaluation.md, "Certainty and autofixes on unseen code
 * (twenty-third session, branch `26safe`)"): a bare token whose value the repository does not hold (a deployment's
 * environment, the browser's storage, a module the repository lacks, a parameter of a function callers outside the
 * repository may call) keeps its finding only as likely, and adding `Bearer ` to it is never an autofix: the value may
 * already carry the scheme, and the edit would then send it twice. A value the repository shows reaching the header
 * with a scheme is not a bare token at all. Synthesized code only.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const bearer: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.id === 'authorization-bearer-scheme'), engine: { today: '2026-11-28' } };
const project = tempProjects('cm-unseen-values-');

/** `line confidence fix|suggestion|none` of each finding in `rel`, scanned inside a project of `files`. */
function scan(files: Record<string, string>, rel = 'src/api.js'): string[] {
  const root = project(files);
  return analyzeFile({ filename: path.join(root, rel), text: files[rel] }, bearer).matches.map(
    (m) => `${m.loc.start.line} ${m.confidence} ${m.fix ? 'fix' : m.suggestions?.length ? 'suggestion' : 'none'}`,
  );
}

const rooms = (token: string, head = ''): string => `${head}
async function rooms(token) {
  return fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: token } });
}
export const list = async () => rooms(${token});
`;

describe('a bare token whose value the repository does not hold is likely, its edit a suggestion', () => {
  it('positive: the environment, the browser storage, a module the repository lacks', () => {
    expect(scan({ 'src/api.js': rooms('process.env.WEBEX_TOKEN') })).toEqual(['3 likely suggestion']);
    expect(scan({ 'src/api.js': rooms("localStorage.getItem('token')") })).toEqual(['3 likely suggestion']);
    expect(scan({ 'src/api.js': rooms('accessToken', "import { accessToken } from './session.js';") })).toEqual(['3 likely suggestion']);
    expect(scan({ 'src/api.js': rooms('settings.token', "import settings from '../settings.js';") })).toEqual(['3 likely suggestion']);
  });

  it('positive: a parameter of an exported function no call of the repository gives a value, a constructor parameter kept in a field', () => {
    const exported = `export function me(token) {
  return fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: token } });
}
`;
    expect(scan({ 'src/api.js': exported })).toEqual(['2 likely suggestion']);
    const client = `class Client {
  constructor(token) { this.token = token; }
  rooms() { return fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: this.token } }); }
}
module.exports = Client;
`;
    expect(scan({ 'src/api.js': client })).toEqual(['3 likely suggestion']);
  });

  it('positive, certain with its edit: a value made in the repository (the token endpoint\'s answer, a module that holds it)', () => {
    const login = `async function login(code) {
  const res = await fetch('https://webexapis.com/v1/access_token', { method: 'POST', body: new URLSearchParams({ code }) });
  const { access_token } = await res.json();
  return access_token;
}
`;
    expect(scan({ 'src/api.js': rooms("await login('c0de')", login) })).toEqual(['8 certain fix']);
    // The module is in the repository and holds a bare token: the edit is right for the one value that reaches the header.
    expect(scan({ 'src/api.js': rooms('accessToken', "import { accessToken } from './session.js';"), 'src/session.js': "export const accessToken = 'abc123';\n" })).toEqual(['3 certain fix']);
  });

  it('positive: a scheme word written in the code is replaced whatever the value (`Token <t>` -> `Bearer <t>`)', () => {
    const token = `export const me = () =>
  fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: \`Token \${process.env.WEBEX_TOKEN}\` } });
`;
    expect(scan({ 'src/api.js': token })).toEqual(['2 certain fix']);
  });

  it('look-alike: a value the repository shows reaching the parameter already carries the scheme', () => {
    expect(scan({ 'src/api.js': rooms("'Bearer ' + process.env.WEBEX_TOKEN") })).toEqual([]);
    expect(scan({ 'src/api.js': rooms('`Bearer ${session.token}`') })).toEqual([]);
  });

  it('positive: what a function of a package the repository does not hold returns (an imported function, a method of its object)', () => {
    const sdk = (head: string, call: string): string => `${head}
async function rooms() {
  const accessToken = await ${call};
  return fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: accessToken } });
}
export const list = () => rooms();
`;
    expect(scan({ 'src/api.js': sdk("import { getToken } from 'vendor-auth';", 'getToken()') })).toEqual(['4 likely suggestion']);
    expect(scan({ 'src/api.js': sdk("import { Sdk } from 'vendor-auth';\nconst sdk = new Sdk();", 'sdk.auth.getToken()') })).toEqual(['5 likely suggestion']);
    expect(scan({ 'src/api.js': sdk("const vendor = require('vendor-auth');", 'vendor.client().token()') })).toEqual(['4 likely suggestion']);
  });

  it('look-alike: a function of the repository is judged by what it returns (a made value stays certain, a scheme is not bare)', () => {
    const made = (body: string): string => `function issue(code) {
  ${body}
}
async function rooms() {
  const accessToken = await issue('c0de');
  return fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: accessToken } });
}
export const list = () => rooms();
`;
    expect(scan({ 'src/api.js': made("return 'tok-' + code;") })).toEqual(['6 certain fix']);
    expect(scan({ 'src/api.js': made("return 'Bearer ' + code;") })).toEqual([]);
    expect(scan({ 'src/api.js': made('return process.env.WEBEX_TOKEN;') })).toEqual(['6 likely suggestion']);
    // A module of the repository, imported: the same, read where the function is written.
    const use = `import { issue } from './auth.js';
async function rooms() {
  const accessToken = await issue('c0de');
  return fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: accessToken } });
}
export const list = () => rooms();
`;
    expect(scan({ 'src/api.js': use, 'src/auth.js': "export function issue(code) { return 'tok-' + code; }\n" })).toEqual(['4 certain fix']);
    expect(scan({ 'src/api.js': use, 'src/auth.js': "export function issue(code) { return `Bearer ${code}`; }\n" })).toEqual([]);
  });

  it('look-alike: a property of the page\'s global object, which another script sets, stays quiet as an undeclared name does', () => {
    const page = `export function me() {
  return fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: window.accessToken } });
}
`;
    expect(scan({ 'src/api.js': page })).toEqual([]);
  });
});

describe('an Electron main script that opens its window in a module it loads (cors-localhost-origins)', () => {
  const cors: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.id === 'cors-localhost-origins'), engine: { today: '2026-11-28' } };
  const renderer = `document.getElementById('go').onclick = async () => {
  const r = await fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: 'Bearer ' + localStorage.getItem('t') } });
  document.body.textContent = JSON.stringify(await r.json());
};
`;
  /** An Electron app whose `main.js` loads `src/shell/window.js`, which opens the renderer's window with `prefs`. */
  const app = (prefs: string, load = "const { openWindow } = require('./src/shell/window');"): Record<string, string> => ({
    'package.json': JSON.stringify({ name: 'panel', main: 'main.js', devDependencies: { electron: '^30' } }),
    'main.js': `const { app } = require('electron');\n${load}\napp.whenReady().then(() => openWindow());\n`,
    'src/shell/window.js': `const { BrowserWindow } = require('electron');\nconst prefs = { ${prefs} };\nexports.openWindow = () => new BrowserWindow({ webPreferences: prefs }).loadFile('index.html');\n`,
    'index.html': '<!doctype html><button id="go">Rooms</button><script src="renderer.js"></script>\n',
    'renderer.js': renderer,
  });
  const scanRenderer = (files: Record<string, string>): string[] => {
    const root = project(files);
    return analyzeFile({ filename: path.join(root, 'renderer.js'), text: files['renderer.js'] }, cors).matches.map((m) => `${m.loc.start.line} ${m.confidence}`);
  };
  it('look-alike: web security is turned off in the module the main script requires (no CORS check in the renderer)', () => {
    expect(scanRenderer(app('webSecurity: false, nodeIntegration: true'))).toEqual([]);
    expect(scanRenderer(app('webSecurity: false', "import { openWindow } from './src/shell/window.js';"))).toEqual([]);
  });
  it('positive: the same module keeps web security on, or the main script does not load the module that turns it off', () => {
    expect(scanRenderer(app('nodeIntegration: true'))).toEqual(['2 certain']);
    expect(scanRenderer(app('webSecurity: false', 'const openWindow = () => {};'))).toEqual(['2 certain']);
  });
});
