/**
 * Hold-out set 28 after its first run (docs/evaluation.md, "Thirtieth session: setfix30"): the shapes behind its
 * misses and false positives, each with the platform's case and look-alikes that must stay as they are (synthesized
 * code, nothing copied from the set's repositories): an axios 0.x object body under a form Content-Type, browser
 * calls of a page whose OAuth redirect URI is its GitHub Pages project address, a code exchange whose redirect URI is
 * an imported constant, an authorize-URL constant completed with its state where another module uses it.
 * Projects are small trees in a temporary folder (a `.git` folder marks the root).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { checkSyntax, fixFile } from '../engine/fix/edits.js';
import { shapeScans, writeProjectFiles } from './helpers/temp-project.js';

const { project, matches, summary, scan } = shapeScans('cm-holdout28-shapes-', '2026-11-29');
const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;

const TOKEN_FORM = 'token-endpoint-form-body';
const FORM_JSON = 'form-content-type-json-body';
const CORS = 'cors-localhost-origins';
const STATE = 'oauth-authorize-state-missing';

describe('an axios object body under a form Content-Type: the repository\'s axios version decides how it is sent', () => {
  // axios before 0.28 sends every plain object as JSON text; 1.0 (and 0.28's backports) form-encode it by the header.
  const ROUTE = `const axios = require('axios');

exports.exchange = (code) =>
  axios.post('https://webexapis.com/v1/access_token?grant_type=authorization_code&code=' + code, {}, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
`;
  const CONFIG = `import axios from 'axios';

export async function refresh(refresh_token: string, client_id: string, client_secret: string) {
  return axios({
    method: 'post',
    url: 'https://webexapis.com/v1/access_token',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: { grant_type: 'refresh_token', client_id, client_secret, refresh_token },
  });
}
`;
  const manifest = (range: string, key = 'dependencies'): string => JSON.stringify({ name: 'api', private: true, [key]: { axios: range } });
  const bodyLine = lineOf(ROUTE, "{}, {");

  it('positive: a 0.x manifest (`^0.21.1`) makes the object JSON text: both notices report it', () => {
    expect(scan({ 'server/package.json': manifest('^0.21.1'), 'server/auth.js': ROUTE }, 'server/auth.js', TOKEN_FORM, FORM_JSON)).toEqual([
      `${FORM_JSON} ${bodyLine} certain`,
      `${TOKEN_FORM} ${bodyLine} certain`,
    ]);
  });

  it('positive: the installed axios (node_modules/axios/package.json, 0.27.2) decides over a declared 1.x range', () => {
    const files = { 'package.json': manifest('^1.6.0'), 'node_modules/axios/package.json': JSON.stringify({ name: 'axios', version: '0.27.2' }), 'src/auth.ts': CONFIG };
    expect(scan(files, 'src/auth.ts', TOKEN_FORM)).toEqual([`${TOKEN_FORM} ${lineOf(CONFIG, 'data:')} certain`]);
  });

  it('positive: a range declared in a parent package (a workspace root, devDependencies `~0.19.2`) counts', () => {
    const files = { 'package.json': manifest('~0.19.2', 'devDependencies'), 'packages/api/package.json': JSON.stringify({ name: 'api' }), 'packages/api/auth.js': ROUTE };
    expect(scan(files, 'packages/api/auth.js', FORM_JSON)).toEqual([`${FORM_JSON} ${bodyLine} certain`]);
  });

  it('look-alike: a 1.x manifest form-encodes the object by the header: nothing reported', () => {
    expect(scan({ 'package.json': manifest('^1.6.0'), 'auth.js': ROUTE }, 'auth.js', TOKEN_FORM, FORM_JSON)).toEqual([]);
  });

  it('look-alike: 0.28 and later 0.x releases (backports of the form serializer) keep today\'s answer', () => {
    expect(scan({ 'package.json': manifest('^0.28.1'), 'auth.js': ROUTE }, 'auth.js', TOKEN_FORM, FORM_JSON)).toEqual([]);
    expect(scan({ 'package.json': manifest('0.30.0'), 'src/auth.ts': CONFIG }, 'src/auth.ts', TOKEN_FORM)).toEqual([]);
  });

  it('look-alike: no manifest, or a range that may install 1.x (`>=0.19`, `*`), keeps today\'s answer', () => {
    expect(scan({ 'auth.js': ROUTE }, 'auth.js', TOKEN_FORM, FORM_JSON)).toEqual([]);
    expect(scan({ 'package.json': manifest('>=0.19.0'), 'auth.js': ROUTE }, 'auth.js', TOKEN_FORM, FORM_JSON)).toEqual([]);
    expect(scan({ 'package.json': manifest('*'), 'src/auth.ts': CONFIG }, 'src/auth.ts', TOKEN_FORM)).toEqual([]);
  });

  it('look-alike: a 0.x axios sending a URLSearchParams or qs.stringify body is form-encoded already', () => {
    const formed = ROUTE.replace('{}, {', 'new URLSearchParams({ grant_type: "authorization_code", code }), {');
    const stringified = `const qs = require('qs');\n${ROUTE.replace('{}, {', 'qs.stringify({ grant_type: "authorization_code", code }), {')}`;
    expect(scan({ 'package.json': manifest('^0.21.1'), 'auth.js': formed }, 'auth.js', TOKEN_FORM, FORM_JSON)).toEqual([]);
    expect(scan({ 'package.json': manifest('^0.21.1'), 'auth.js': stringified }, 'auth.js', TOKEN_FORM, FORM_JSON)).toEqual([]);
  });

  it('look-alike: another client under a 0.x axios manifest (superagent encodes by the header) stays quiet', () => {
    const superagent = `const request = require('superagent');

exports.exchange = (code, client_id, client_secret) =>
  request.post('https://webexapis.com/v1/access_token').type('form').send({ grant_type: 'authorization_code', code, client_id, client_secret });
`;
    expect(scan({ 'package.json': manifest('^0.21.1'), 'auth.js': superagent }, 'auth.js', TOKEN_FORM, FORM_JSON)).toEqual([]);
  });

  it('fix (fixture pair): the 0.x object body becomes a URLSearchParams, a form body on both sides of an upgrade; idempotent', () => {
    const catalog = loadCatalog();
    const opts = { catalog, notices: [catalog.get(TOKEN_FORM)!], engine: { today: '2026-11-29' } };
    const input = CONFIG;
    const expected = CONFIG.replace('data: { grant_type: \'refresh_token\', client_id, client_secret, refresh_token },', 'data: new URLSearchParams({ grant_type: \'refresh_token\', client_id, client_secret, refresh_token }),');
    const root = project({ 'package.json': manifest('^0.21.1'), 'src/auth.ts': input });
    const filename = path.join(root, 'src/auth.ts');
    const first = fixFile({ filename, text: input }, opts);
    expect(first.failure).toBeUndefined();
    expect(first.output).toBe(expected);
    expect(checkSyntax(filename, first.output)).toBeUndefined();
    expect(fixFile({ filename, text: first.output }, opts).changed).toBe(false);
  });
});

describe('a static page whose script sends its OAuth redirect URI at the repository\'s GitHub Pages project address (cors-localhost-origins)', () => {
  /** The page's one script: the authorize redirect (redirect URI `redirect`, percent-encoded) and an API call. */
  const script = (redirect: string): string => `const token = localStorage.getItem('token');
function login() {
  window.location.replace('https://webexapis.com/v1/authorize?client_id=C0ffee&response_type=code&redirect_uri=${encodeURIComponent(redirect)}&scope=spark%3Aall&state=' + crypto.randomUUID());
}
async function rooms() {
  const res = await fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: 'Bearer ' + token } });
  return res.json();
}
`;
  const PAGE = '<html><body><button onclick="login()">Sign in</button><script src="app.js"></script></body></html>\n';
  /** A fresh project whose folder name is the repository's; `redirect(repo)` gives the redirect URI. */
  const site = (redirect: (repo: string) => string, extra: Record<string, string> = {}): string[] => {
    const root = project();
    const files = { 'index.html': PAGE, 'app.js': script(redirect(path.basename(root))), ...extra };
    writeProjectFiles(root, files);
    return matches(root, files, 'app.js', CORS).map(summary);
  };
  const FETCH_LINE = 6;

  it('positive: `https://owner.github.io/<repo>/` returns the browser to the repository\'s root page there (HTTPS): quiet', () => {
    expect(site((repo) => `https://owner.github.io/${repo}/`)).toEqual([]);
    expect(site((repo) => `https://owner.github.io/${repo}`)).toEqual([]);
  });

  it('look-alike: another repository\'s project site, a callback route under it, or a host that is no Pages site stays reported', () => {
    for (const redirect of [(): string => 'https://owner.github.io/other-app/', (repo: string) => `https://owner.github.io/${repo}/callback`, (repo: string) => `https://owner.example.net/${repo}/`]) {
      expect(site(redirect), redirect('REPO')).toEqual([`${CORS} ${FETCH_LINE} certain`]);
    }
  });

  it('look-alike: a package script that serves the page from this machine keeps it reported', () => {
    const pkg = JSON.stringify({ name: 'site', private: true, scripts: { start: 'http-server -p 8080' } });
    expect(site((repo) => `https://owner.github.io/${repo}/`, { 'package.json': pkg })).toEqual([`${CORS} ${FETCH_LINE} certain`]);
  });
});

describe('an exported authorize-URL constant that the modules importing it complete with the state (oauth-authorize-state-missing)', () => {
  const CONSTANTS = `export const client_id = 'C0ffee';
export const redirect_uri = 'https://owner.github.io/kiosk/';
export const login_url = \`https://webexapis.com/v1/authorize?client_id=\${client_id}&response_type=code&redirect_uri=\${encodeURIComponent(redirect_uri)}&scope=spark%3Aall\`;
`;
  const LOGIN_LINE = 3;
  const qrPage = (use: string, importLine = "import { login_url } from './constants';"): string => `import QRCode from 'qrcode.react';
${importLine}

export const Login = ({ state }) => <QRCode value={${use}} size={200} />;
`;
  const files = (...importers: string[]): Record<string, string> => ({
    'src/constants.js': CONSTANTS,
    ...Object.fromEntries(importers.map((text, i) => [`src/Login${i}.jsx`, text])),
  });
  const scanConstants = (f: Record<string, string>): string[] => scan(f, 'src/constants.js', STATE);

  it('positive: every use appends `&state=` (a template, a concatenation, under an alias): judged where built, quiet here', () => {
    expect(scanConstants(files(qrPage('`${login_url}&state=${state}`')))).toEqual([]);
    expect(scanConstants(files(qrPage("login_url + '&state=' + state"), qrPage('`${LOGIN}&prompt=login&state=${state}`', "import { login_url as LOGIN } from './constants';")))).toEqual([]);
  });

  it('look-alikes: a use that sends the constant as it is, one that appends other parameters, or no importer keeps it reported', () => {
    const reported = [`${STATE} ${LOGIN_LINE} certain`];
    expect(scanConstants(files(qrPage('`${login_url}&state=${state}`'), qrPage('login_url')))).toEqual(reported);
    expect(scanConstants(files(qrPage('`${login_url}&prompt=login`')))).toEqual(reported);
    expect(scanConstants(files())).toEqual(reported);
  });

  it('look-alike: the module itself sends the constant (a redirect of its own) keeps it reported', () => {
    const own = `${CONSTANTS}export function login() { window.location.href = login_url; }\n`;
    expect(scan({ 'src/constants.js': own, 'src/Login0.jsx': qrPage('`${login_url}&state=${state}`') }, 'src/constants.js', STATE)).toEqual([`${STATE} ${LOGIN_LINE} certain`]);
  });
});

describe('hostile text for the new expressions (a child process of the built engine, killed after 20 s)', () => {
  const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dist = (rel: string): string => JSON.stringify(pathToFileURL(path.join(ROOT, 'dist', rel)).href);
  /** The findings' lines of `rel` in a fresh project of `files`, for one notice, analysed in a child process. */
  const linesInChild = (files: Record<string, string>, rel: string, id: string): number[] => {
    const root = project(files);
    const script = `const { analyzeFile } = await import(${dist('engine/analyze.js')});
const { loadCatalog } = await import(${dist('engine/catalog/catalog.js')});
const { readFileSync } = await import('node:fs');
const catalog = loadCatalog();
const filename = ${JSON.stringify(path.join(root, rel))};
const r = analyzeFile({ filename, text: readFileSync(filename, 'utf8') }, { catalog, notices: catalog.notices.filter((n) => n.id === ${JSON.stringify(id)}), engine: { today: '2026-11-29' } });
console.log(JSON.stringify(r.matches.map((m) => m.loc.start.line)));`;
    const r = spawnSync(process.execPath, ['--input-type=module'], { input: script, encoding: 'utf8', timeout: 20_000, maxBuffer: 16 << 20 });
    expect(r.signal, 'killed: the child did not end in time').toBeNull();
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout.trim()) as number[];
  };

  it('an importer of 100,000 unclosed `import {`, 2,000 completing uses and a 200,000-character concatenation: ends, and the constant stays reported', () => {
    const constants = "export const login_url = 'https://webexapis.com/v1/authorize?client_id=C0ffee&response_type=code&scope=spark%3Aall';\n";
    const importer = `import { login_url } from './constants';\n${'import {'.repeat(100_000)}\n${'`${login_url}&state=x`;\n'.repeat(2_000)}login_url + '${'x'.repeat(200_000)}\nimport {${' '.repeat(200_000)}\n`;
    expect(linesInChild({ 'src/constants.js': constants, 'src/a.js': importer }, 'src/constants.js', STATE)).toEqual([1]);
  });

  it('a 200,000-character axios version in node_modules and a manifest: ends, and an unknown version keeps today\'s answer', () => {
    const route = "const axios = require('axios');\nexports.x = (c) => axios.post('https://webexapis.com/v1/access_token', {}, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });\n";
    const version = `${'^'.repeat(100_000)}0.21${' '.repeat(100_000)}x`;
    const files = { 'package.json': JSON.stringify({ dependencies: { axios: version } }), 'node_modules/axios/package.json': JSON.stringify({ version: `0.${'1'.repeat(200_000)}` }), 'auth.js': route };
    expect(linesInChild(files, 'auth.js', TOKEN_FORM)).toEqual([]);
  });
});
