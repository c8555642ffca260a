/**
 * Issue 26, hold-out set 7 after its first run (docs/evaluation.md, "Hold-out set 7 after its first run"): the
 * shapes behind its misses and false positives, each with the platform's case that must be found and look-alikes
 * that must stay quiet (synthesized code, nothing copied from the set's repositories).
 */
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import path from 'node:path';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const scan = (text: string, name: string, opts: AnalyzeOptions): Match[] => analyzeFile({ filename: name, text }, opts).matches;
const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`;
const ct = only('get-request-content-type');

describe('a `Headers` object filled by `append`/`set` calls (get-request-content-type)', () => {
  const wrapper = (calls: string): string => `const API = 'https://webexapis.com/v1/';
function api(url, key, verb = 'GET', payload = null) {
  const h = new Headers();
  h.append('Content-Type', 'application/json');
  h.append('Authorization', 'Bearer ' + key);
  return fetch(url, { method: verb, headers: h, body: payload });
}
${calls}
`;
  it('positive: a wrapper defaulting to GET, called without a method: reported once at the append', () => {
    const code = wrapper(`export function self(key) { return api(API + 'people/me', key); }
export function post(key, text) { return api(API + 'messages', key, 'POST', JSON.stringify({ text })); }`);
    const found = scan(code, '/virtual/api.js', ct);
    expect(found.map(summary)).toEqual(['get-request-content-type 4 certain']);
    // The header is written by a statement shared by every call: no edit.
    expect(found[0].fix).toBeUndefined();
  });
  it('positive: `set` with `method: \'GET\'` written in the call', () => {
    const code = `export function list(key) {
  const headers = new Headers({ Authorization: 'Bearer ' + key });
  headers.set('content-type', 'application/json');
  return fetch('https://webexapis.com/v1/rooms', { method: 'GET', headers }).then((r) => r.json());
}
`;
    expect(scan(code, '/virtual/list.js', ct).map(summary)).toEqual(['get-request-content-type 3 certain']);
  });
  it('look-alike: the same wrapper whose every call sends a body stays quiet', () => {
    const code = wrapper(`export function post(key, text) { return api(API + 'messages', key, 'POST', JSON.stringify({ text })); }`);
    expect(scan(code, '/virtual/api.js', ct).map(summary)).toEqual([]);
  });
  it('look-alike: the header appended only when there is a body stays quiet', () => {
    const code = `export function list(key, body) {
  const headers = new Headers();
  if (body) headers.append('Content-Type', 'application/json');
  headers.append('Authorization', 'Bearer ' + key);
  return fetch('https://webexapis.com/v1/rooms', { method: 'GET', headers });
}
`;
    expect(scan(code, '/virtual/list.js', ct).map(summary)).toEqual([]);
  });
  it('look-alike: another variable\'s `append`, and an append after the request, stay quiet', () => {
    const code = `export function list(key) {
  const form = new FormData();
  form.append('Content-Type', 'x');
  const headers = new Headers();
  headers.append('Authorization', 'Bearer ' + key);
  const p = fetch('https://webexapis.com/v1/rooms', { method: 'GET', headers });
  headers.append('Content-Type', 'application/json');
  return p;
}
`;
    expect(scan(code, '/virtual/list.js', ct).map(summary)).toEqual([]);
  });
  it('look-alike: a GET to another service with an appended Content-Type stays quiet', () => {
    const code = `export function list(key) {
  const headers = new Headers();
  headers.append('Content-Type', 'application/json');
  return fetch('https://api.example.org/v1/items', { method: 'GET', headers });
}
`;
    expect(scan(code, '/virtual/list.js', ct).map(summary)).toEqual([]);
  });
});

describe('rxjs `ajax` as an HTTP client (get-request-content-type)', () => {
  it('positive: `ajax({ url, headers })` with no method is a GET', () => {
    const code = `import { ajax } from 'rxjs/ajax';
export const rooms$ = (key) => ajax({
  url: 'https://webexapis.com/v1/rooms',
  headers: { Authorization: 'Bearer ' + key, 'Content-Type': 'application/json' },
});
`;
    expect(scan(code, '/virtual/rooms.js', ct).map(summary)).toEqual(['get-request-content-type 4 certain']);
  });
  it('positive: `ajax.getJSON(url, headers)`', () => {
    const code = `import { ajax } from 'rxjs/ajax';
const H = { 'Content-Type': 'application/json' };
export const me$ = () => ajax.getJSON('https://webexapis.com/v1/people/me', H);
`;
    expect(scan(code, '/virtual/me.js', ct).map(summary)).toEqual(['get-request-content-type 2 certain']);
  });
  it('look-alike: a POST through `ajax(config)` and `ajax.post(url, body, headers)` stay quiet', () => {
    const code = `import { ajax } from 'rxjs/ajax';
export const send$ = (text) => ajax({ url: 'https://webexapis.com/v1/messages', method: 'POST', headers: { 'Content-Type': 'application/json' }, body: { text } });
export const send2$ = (text) => ajax.post('https://webexapis.com/v1/messages', { text }, { 'Content-Type': 'application/json' });
`;
    expect(scan(code, '/virtual/send.js', ct).map(summary)).toEqual([]);
  });
  it('look-alike: a local `ajax` function that is not rxjs\'s, and rxjs ajax GETs of another service, stay quiet', () => {
    const local = `function ajax(o) { return o; }
export const x = ajax({ url: 'https://webexapis.com/v1/rooms', headers: { 'Content-Type': 'application/json' } });
`;
    expect(scan(local, '/virtual/local.js', ct).map(summary)).toEqual([]);
    const other = `import { ajax } from 'rxjs/ajax';
export const items$ = () => ajax({ url: 'https://api.example.org/items', headers: { 'Content-Type': 'application/json' } });
`;
    expect(scan(other, '/virtual/other.js', ct).map(summary)).toEqual([]);
  });
  it('positive: a helper giving every request of a same-file wrapper the header, called for a GET', () => {
    const code = `import { ajax } from 'rxjs/ajax';
const API = 'https://webexapis.com/v1';
function hdrs(key) {
  return { Authorization: 'Bearer ' + key, 'Content-Type': 'application/json' };
}
function send$({ key, options }) {
  return ajax({ ...options, headers: hdrs(key) });
}
export const teams$ = (key) => send$({ key, options: { url: API + '/teams', method: 'GET' } });
export const make$ = (key, name) => send$({ key, options: { url: API + '/teams', method: 'POST', body: { name } } });
`;
    expect(scan(code, '/virtual/wrap.js', ct).map(summary)).toEqual(['get-request-content-type 4 certain']);
  });
});

describe('a URL chosen between two queries of the same path (get-request-content-type)', () => {
  const code = (second: string): string => `const base = 'https://webexapis.com/v1/';
function get(url, key) {
  return fetch(url, { method: 'GET', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + key } });
}
export function find(who, key) {
  const url = who.includes('@') ? base + 'people?email=' + who : ${second};
  return get(url, key);
}
`;
  it('positive: `x ? base + \'people?email=\' + x : base + \'people?displayName=\' + x` is a GET of /people', () => {
    expect(scan(code("base + 'people?displayName=' + who"), '/virtual/find.js', ct).map(summary)).toEqual(['get-request-content-type 3 certain']);
  });
  it('look-alike: the same choice between the platform and another host stays quiet', () => {
    expect(scan(code("'https://api.example.org/v1/people?displayName=' + who"), '/virtual/find.js', ct).map(summary)).toEqual([]);
  });
});

describe('OAuth client authentication at the token endpoints (authorization-bearer-scheme, token-endpoint-required-parameters)', () => {
  const refresh = (auth: string, extra = ''): string => `export async function renew(id, secret, refreshToken) {
  const basic = btoa(id + ':' + secret);
  return fetch('https://webexapis.com/v1/access_token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: ${auth} },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,${extra}
    }),
  });
}
`;
  const both = only('authorization-bearer-scheme', 'token-endpoint-required-parameters');
  it('a refresh with the client credentials in a Basic header: no Bearer finding; the missing parameters reported as likely at the grant', () => {
    const found = scan(refresh('`Basic ${basic}`'), '/virtual/renew.js', both);
    expect(found.map(summary)).toEqual(['token-endpoint-required-parameters 7 likely']);
    expect(found[0].message).toMatch(/client_id`, `client_secret` in a `Basic` Authorization header/);
  });
  it('the same refresh without any client authentication is still reported at the URL, certain', () => {
    const found = scan(refresh("'x'").replace("Authorization: 'x'", "Accept: 'application/json'"), '/virtual/renew.js', only('token-endpoint-required-parameters'));
    expect(found.map(summary)).toEqual(['token-endpoint-required-parameters 3 certain']);
  });
  it('a refresh missing the refresh token too is a plain missing-parameters finding', () => {
    const code = refresh('`Basic ${basic}`').replace('      refresh_token: refreshToken,\n', '');
    expect(scan(code, '/virtual/renew.js', only('token-endpoint-required-parameters')).map(summary)).toEqual(['token-endpoint-required-parameters 3 certain']);
  });
  it('the device token endpoint with Basic client authentication: quiet', () => {
    const code = `export const poll = (basic, code) => fetch('https://webexapis.com/v1/device/token', {
  method: 'POST',
  headers: { Authorization: \`Basic \${basic}\` },
  body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: code }),
});
`;
    expect(scan(code, '/virtual/poll.js', both).map(summary)).toEqual([]);
  });
  it('positive: Basic on an API call (not a token endpoint) is still reported', () => {
    const code = `export const rooms = (basic) => fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: \`Basic \${basic}\` } });
`;
    expect(scan(code, '/virtual/rooms.js', only('authorization-bearer-scheme')).map(summary)).toEqual(['authorization-bearer-scheme 1 certain']);
  });
});

const project = tempProjects('cm-holdout7-shapes-');
const scanProject = (files: Record<string, string>, rel: string, opts: AnalyzeOptions): Match[] => analyzeFile({ filename: path.join(project(files), rel), text: files[rel] }, opts).matches;
const cors = only('cors-localhost-origins');

describe('where a page is served (cors-localhost-origins)', () => {
  const app = `export async function me(key) {
  const r = await fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: 'Bearer ' + key } });
  document.title = (await r.json()).displayName;
}
`;
  const page = '<!doctype html><script type="module" src="app.js"></script>\n';
  it('look-alike: a page whose README gives its GitHub Pages address, and nothing serves it locally', () => {
    const files = { 'index.html': page, 'app.js': app, 'README.md': '# Tool\n\n[Use it online](https://someone.github.io/tool/)\n' };
    expect(scanProject(files, 'app.js', cors).map(summary)).toEqual([]);
  });
  it('positive: the same page when the README also serves it from localhost, or when a package script may', () => {
    const readme = '# Tool\n\n[Use it online](https://someone.github.io/tool/)\n\nRun `npx http-server` and open http://localhost:8080\n';
    expect(scanProject({ 'index.html': page, 'app.js': app, 'README.md': readme }, 'app.js', cors).map(summary)).toEqual(['cors-localhost-origins 2 certain']);
    const pkg = JSON.stringify({ name: 'tool', scripts: { start: 'serve .' } });
    const files = { 'index.html': page, 'app.js': app, 'package.json': pkg, 'README.md': '[Use it online](https://someone.github.io/tool/)\n' };
    expect(scanProject(files, 'app.js', cors).map(summary)).toEqual(['cors-localhost-origins 2 certain']);
  });
  it('positive: a page with no README saying where it is served is still reported', () => {
    expect(scanProject({ 'index.html': page, 'app.js': app }, 'app.js', cors).map(summary)).toEqual(['cors-localhost-origins 2 certain']);
  });
  const electron = (security: string): Record<string, string> => ({
    'package.json': JSON.stringify({ name: 'desk', main: 'electron/main.js', dependencies: { react: '^18', 'react-dom': '^18', 'react-scripts': '5' } }),
    'electron/main.js': `const { app, BrowserWindow } = require('electron');\napp.on('ready', () => new BrowserWindow({ webPreferences: { ${security} } }).loadURL('http://localhost:3000'));\n`,
    'src/api.js': app,
    // The renderer's entry imports the module: a module nothing imports is in no page (see the look-alike below).
    'src/index.js': "import { me } from './api';\nme(localStorage.getItem('key'));\n",
  });
  it('look-alike: the renderer of an Electron window opened with `webSecurity: false`', () => {
    expect(scanProject(electron('webSecurity: false'), 'src/api.js', cors).map(summary)).toEqual([]);
  });
  it('positive: the same renderer with web security left on', () => {
    expect(scanProject(electron('nodeIntegration: true'), 'src/api.js', cors).map(summary)).toEqual(['cors-localhost-origins 2 certain']);
  });
  it('look-alike: a server module imported by a page whose only `window.` is in a comment or in the text of a template', () => {
    const lib = `export async function rooms(key) {
  return fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: 'Bearer ' + key } });
}
`;
    const importer = `import { rooms } from './lib';
// Meetings booked inside this window.
//   (the comment above ends a sentence with the word)
export default async function Page() { return rooms(process.env.KEY); }
`;
    const files = { 'package.json': JSON.stringify({ name: 'site', dependencies: { next: '14', react: '18', 'react-dom': '18' } }), 'src/lib.ts': lib, 'src/page.tsx': importer };
    expect(scanProject(files, 'src/lib.ts', cors).map(summary)).toEqual([]);
    // A server route answering with an HTML page whose inline script reads `window.opener`: the page's code, not the route's.
    const html = importer.replace('// Meetings booked inside this window.', 'export const GET = () => new Response(`<script>if (window.opener) window.close();</script>`);');
    expect(scanProject({ ...files, 'src/page.tsx': html }, 'src/lib.ts', cors).map(summary)).toEqual([]);
    const reads = importer.replace('// Meetings booked inside this window.', 'window.addEventListener("x", () => {});');
    expect(scanProject({ ...files, 'src/page.tsx': reads }, 'src/lib.ts', cors).map(summary)).toEqual(['cors-localhost-origins 2 certain']);
  });
});

describe('a legacy host in the placeholder of a read-only field (legacy-api-host)', () => {
  const field = (attrs: string): string => `export const Url = ({ url }) => (
  <input type="text" placeholder="https://api.ciscospark.com/v1/{entity}" value={url} ${attrs} />
);
`;
  const host = only('legacy-api-host');
  it('look-alike: `readOnly` (and `disabled`) fields: the hint is never requested nor typed in', () => {
    expect(scan(field('readOnly'), '/virtual/url.jsx', host).map(summary)).toEqual([]);
    expect(scan(field('disabled={true}'), '/virtual/url.jsx', host).map(summary)).toEqual([]);
  });
  it('positive: an editable field, `readOnly={false}`, and a host in another attribute stay reported', () => {
    expect(scan(field(''), '/virtual/url.jsx', host).map(summary)).toEqual(['legacy-api-host 2 certain']);
    expect(scan(field('readOnly={false}'), '/virtual/url.jsx', host).map(summary)).toEqual(['legacy-api-host 2 certain']);
    const href = `export const A = () => <a href="https://api.ciscospark.com/v1/rooms" readOnly>rooms</a>;\n`;
    expect(scan(href, '/virtual/a.jsx', host).map(summary)).toEqual(['legacy-api-host 1 certain']);
  });
});
