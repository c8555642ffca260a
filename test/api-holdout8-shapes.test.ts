/**
 * Issue 26, hold-out set 8 after its first run (docs/evaluation.md, "Hold-out set 8 after its first run"): the
 * shapes behind its misses and false positive, each with the platform's case that must be found and look-alikes
 * that must stay quiet (synthesized code, nothing copied from the set's repositories).
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const scan = (text: string, name: string, opts: AnalyzeOptions): Match[] => analyzeFile({ filename: name, text }, opts).matches;
const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`;
const project = tempProjects('cm-holdout8-shapes-');
const scanProject = (files: Record<string, string>, rel: string, opts: AnalyzeOptions): Match[] => analyzeFile({ filename: path.join(project(files), rel), text: files[rel] }, opts).matches;
const cors = only('cors-localhost-origins');

describe('jQuery requests are browser code (cors-localhost-origins)', () => {
  const plugin = `function Teams(token) {
  this.root = 'https://webexapis.com/v1';
  this.auth = { Authorization: 'Bearer ' + token };
}
Teams.prototype.rooms = function (done) {
  $.ajax({
    type: 'GET',
    url: this.root + '/rooms',
    headers: this.auth,
  }).done(done);
};
Teams.prototype.say = function (roomId, text, done) {
  jQuery.post({ url: this.root + '/messages', headers: this.auth, data: { roomId, text } }).done(done);
};
`;
  it('positive: a script of a page the repository does not hold, calling `$.ajax`/`jQuery.post`: likely, saying why', () => {
    const found = scanProject({ 'teams.js': plugin, 'README.md': '# teams\n\nAdd a script tag for teams.js after jQuery.\n' }, 'teams.js', cors);
    expect(found.map(summary)).toEqual(['cors-localhost-origins 6 likely', 'cors-localhost-origins 13 likely']);
    expect(found[0].confidenceReason).toMatch(/nothing in the repository says where its page is served/);
  });
  it('positive: a `$.fn` plugin with `$.getJSON`, its README serving the demo from localhost: certain', () => {
    const code = `$.fn.peopleList = function (token) {
  const list = this;
  $.getJSON({ url: 'https://webexapis.com/v1/people?email=a@b.c', headers: { Authorization: 'Bearer ' + token } }, (r) => list.text(r.items.length));
  return this;
};
`;
    const found = scanProject({ 'plugin.js': code, 'README.md': 'Open http://localhost:8000/demo.html\n' }, 'plugin.js', cors);
    expect(found.map(summary)).toEqual(['cors-localhost-origins 3 certain']);
  });
  it('look-alike: a `$` bound by the file (cheerio, a parameter) is not jQuery and stays quiet', () => {
    const code = `const cheerio = require('cheerio');
const $ = cheerio.load('<p></p>');
$.ajax = undefined;
export function rooms(get) { return get('https://webexapis.com/v1/rooms'); }
function load($) { return $.get('https://webexapis.com/v1/rooms'); }
`;
    expect(scanProject({ 'scrape.js': code }, 'scrape.js', cors).map(summary)).toEqual([]);
  });
  it('look-alike: jQuery on a page whose README gives only its HTTPS address stays quiet', () => {
    const files = { 'teams.js': plugin, 'README.md': 'Live at https://someone.github.io/teams/\n' };
    expect(scanProject(files, 'teams.js', cors).map(summary)).toEqual([]);
  });
  it('look-alike: the constructor\'s field also written by another prototype method (its value then varies) stays quiet', () => {
    const code = `${plugin}Teams.prototype.useProxy = function (root) {
  this.root = root;
};
`;
    expect(scanProject({ 'teams.js': code }, 'teams.js', cors).map(summary)).toEqual([]);
  });
  it('look-alike: a same-named field of another constructor does not lend its value', () => {
    const code = `function Local() { this.root = '/api'; }
function Other() { this.root = 'https://webexapis.com/v1'; }
Local.prototype.rooms = function () { return $.ajax({ url: this.root + '/rooms' }); };
`;
    expect(scanProject({ 'local.js': code }, 'local.js', cors).map(summary)).toEqual([]);
  });
  it('look-alike: a jQuery request to a relative URL (the app\'s own proxy) stays quiet', () => {
    const code = `$.ajax({ type: 'GET', url: '/api/rooms' }).done((r) => console.log(r));\n`;
    expect(scan(code, '/virtual/proxy.js', cors).map(summary)).toEqual([]);
  });
});

describe('an Angular app with a solution-style tsconfig (cors-localhost-origins)', () => {
  const service = (specifier: string): string => `import { Injectable } from '@angular/core';
import { HttpClient } from '@angular/common/http';
import { environment } from '${specifier}';

@Injectable({ providedIn: 'root' })
export class RoomsService {
  base = environment.api;
  constructor(private http: HttpClient) {}
  rooms() {
    return this.http.get(\`\${this.base}/rooms\`);
  }
}
`;
  const app = (tsconfig: Record<string, string>, specifier: string, api = 'https://webexapis.com/v1'): Record<string, string> => ({
    'package.json': JSON.stringify({ name: 'rooms-app', scripts: { start: 'ng serve' }, dependencies: { '@angular/core': '^17.0.0', '@angular/common': '^17.0.0' }, devDependencies: { '@angular/cli': '^17.0.0' } }),
    'angular.json': '{}',
    ...tsconfig,
    'src/environments/environment.ts': `export const environment = { api: '${api}' };\n`,
    'src/app/rooms.service.ts': service(specifier),
    'src/app/rooms.component.ts': "import { Component } from '@angular/core';\nimport { RoomsService } from 'src/app/rooms.service';\n@Component({ selector: 'app-rooms', template: '' })\nexport class RoomsComponent { constructor(private rooms: RoomsService) {} }\n",
    'src/main.ts': "import './app/rooms.component';\n",
  });
  const solution = {
    'tsconfig.json': '/* solution style */\n{ "files": [], "references": [{ "path": "./tsconfig.app.json" }] }\n',
    'tsconfig.app.json': '{ "extends": "./tsconfig.base.json", "files": ["src/main.ts"] }\n',
    'tsconfig.base.json': '{ "compilerOptions": { "baseUrl": "./" } }\n',
  };
  it('positive: the environment imported by a `baseUrl` path of the referenced tsconfig gives the host', () => {
    const files = app(solution, 'src/environments/environment');
    expect(scanProject(files, 'src/app/rooms.service.ts', cors).map(summary)).toEqual(['cors-localhost-origins 10 certain']);
  });
  it('look-alike: the same app whose environment names its own back end stays quiet', () => {
    const files = app(solution, 'src/environments/environment', '/api');
    expect(scanProject(files, 'src/app/rooms.service.ts', cors).map(summary)).toEqual([]);
  });
  it('look-alike: an HttpClient request whose observable the statement drops is never sent; subscribed, it is', () => {
    const files = app(solution, 'src/environments/environment');
    const rel = 'src/app/rooms.service.ts';
    files[rel] = files[rel].replace('  rooms() {', "  create() {\n    this.http.post(`${this.base}/rooms`, {});\n  }\n  remove(id) {\n    this.http.delete(`${this.base}/rooms/${id}`).pipe().subscribe();\n  }\n  rooms() {");
    expect(scanProject(files, rel, cors).map(summary)).toEqual(['cors-localhost-origins 13 certain', 'cors-localhost-origins 16 certain']);
  });
  it('look-alike: a tsconfig with sources of its own (`include`) is not solution-style: its references are not tried', () => {
    const own = { ...solution, 'tsconfig.json': '{ "include": ["scripts/**/*.ts"], "files": [], "references": [{ "path": "./tsconfig.app.json" }] }\n' };
    expect(scanProject(app(own, 'src/environments/environment'), 'src/app/rooms.service.ts', cors).map(summary)).toEqual([]);
    const listed = { ...solution, 'tsconfig.json': '{ "files": ["scripts/x.ts"], "references": [{ "path": "./tsconfig.app.json" }] }\n' };
    expect(scanProject(app(listed, 'src/environments/environment'), 'src/app/rooms.service.ts', cors).map(summary)).toEqual([]);
  });
  it('look-alike: a reference outside the project is not read (the specifier stays unresolved)', () => {
    const files = app({ 'tsconfig.json': '{ "files": [], "references": [{ "path": "../elsewhere/tsconfig.app.json" }] }\n' }, 'src/environments/environment');
    expect(scanProject(files, 'src/app/rooms.service.ts', cors).map(summary)).toEqual([]);
  });
});

describe('a URL built by a helper called with arguments (get-request-content-type)', () => {
  const ct = only('get-request-content-type');
  const sidecar = (helper: string): string => `${helper}
async function getJson(url) {
  const res = await fetch(url, { headers: { Authorization: \`Bearer \${process.env.TOKEN}\`, 'Content-Type': 'application/json' } });
  return res.json();
}
async function onEvent(event) {
  return getJson(resourceUrl('messages', event.id));
}
module.exports = { onEvent };
`;
  it('positive: `resourceUrl(kind, id)` returning a template of the API host, in a `.cjs` helper', () => {
    const code = sidecar("function resourceUrl(kind, id) {\n  return `https://webexapis.com/v1/${kind}/${encodeURIComponent(id)}`;\n}");
    expect(scan(code, '/virtual/sidecar/index.cjs', ct).map(summary)).toEqual(['get-request-content-type 5 certain']);
  });
  it('positive: an arrow helper concatenating its arguments', () => {
    const code = sidecar("const resourceUrl = (kind, id) => 'https://webexapis.com/v1/' + kind + '/' + id;");
    expect(scan(code, '/virtual/sidecar/index.cjs', ct).map(summary)).toEqual(['get-request-content-type 3 certain']);
  });
  it('positive: the helper\'s caller is itself called by the module\'s main loop', () => {
    const code = `function resourceUrl(kind, id) {
  return \`https://webexapis.com/v1/\${kind}/\${id}\`;
}
async function getJson(url) {
  const r = await fetch(url, { headers: { Authorization: 'Bearer ' + process.env.TOKEN, 'Content-Type': 'application/json' } });
  return r.json();
}
async function onEvent(payload) {
  await track(async () => {
    const m = await getJson(resourceUrl('messages', payload.data.id));
    console.log(m.text);
  });
}
async function main() {
  bus.on('message', async (payload) => {
    await onEvent(payload);
  });
}
main();
`;
    expect(scan(code, '/virtual/sidecar/index.cjs', ct).map(summary)).toEqual(['get-request-content-type 5 certain']);
  });
  it('look-alike: the same helper building another API\'s URL stays quiet', () => {
    const code = sidecar("function resourceUrl(kind, id) {\n  return `https://api.example.org/v2/${kind}/${id}`;\n}");
    expect(scan(code, '/virtual/sidecar/index.cjs', ct).map(summary)).toEqual([]);
  });
  it('look-alike: a helper that rebinds its parameter before returning is not folded', () => {
    const code = sidecar("function resourceUrl(kind, id) {\n  const base = kind === 'local' ? '/api' : 'https://webexapis.com/v1';\n  return `${base}/${id}`;\n}");
    expect(scan(code, '/virtual/sidecar/index.cjs', ct).map(summary)).toEqual([]);
  });
});

describe('a Passport strategy for the platform without `state` (oauth-authorize-state-missing)', () => {
  const oauth = only('oauth-authorize-state-missing');
  const strategy = (options: string, head = "const WebexStrategy = require('passport-cisco-spark').Strategy;"): string => `const passport = require('passport');
${head}
passport.use(new WebexStrategy({
${options}
}, (accessToken, refreshToken, profile, done) => done(null, profile)));
`;
  const base = "  clientID: process.env.CLIENT_ID,\n  clientSecret: process.env.CLIENT_SECRET,\n  callbackURL: '/auth/callback',\n  scope: ['spark:all'],";
  it('positive: the platform strategy package with options that ask for no state', () => {
    expect(scan(strategy(base), '/virtual/app.js', oauth).map(summary)).toEqual(['oauth-authorize-state-missing 3 certain']);
    expect(scan(strategy(base, "import { Strategy as WebexStrategy } from 'passport-cisco-spark';"), '/virtual/app.mjs', oauth).map(summary)).toEqual(['oauth-authorize-state-missing 3 certain']);
  });
  it('positive: passport-oauth2 given the platform\'s authorize URL, `state: false`', () => {
    const code = strategy(`${base}\n  authorizationURL: 'https://webexapis.com/v1/authorize',\n  tokenURL: 'https://webexapis.com/v1/access_token',\n  state: false,`, "const { Strategy: WebexStrategy } = require('passport-oauth2');");
    expect(scan(code, '/virtual/app.js', oauth).map(summary)).toEqual(['oauth-authorize-state-missing 3 certain']);
  });
  it('look-alike: the same strategy with `state: true` or a `store` stays quiet', () => {
    expect(scan(strategy(`${base}\n  state: true,`), '/virtual/app.js', oauth).map(summary)).toEqual([]);
    expect(scan(strategy(`${base}\n  store: new StateStore(),`), '/virtual/app.js', oauth).map(summary)).toEqual([]);
  });
  it('look-alike: passport-oauth2 for another provider, and options built elsewhere, stay quiet', () => {
    const other = strategy(`${base}\n  authorizationURL: 'https://accounts.example.org/oauth/authorize',\n  tokenURL: 'https://accounts.example.org/oauth/token',`, "const WebexStrategy = require('passport-oauth2');");
    expect(scan(other, '/virtual/app.js', oauth).map(summary)).toEqual([]);
    const spread = strategy('  ...strategyOptions,');
    expect(scan(spread, '/virtual/app.js', oauth).map(summary)).toEqual([]);
  });
});

describe('a browser code exchange at its HTTPS redirect URI (cors-localhost-origins)', () => {
  const exchange = (redirect: string, asBody = false): string => `export async function finish(code) {
  const params = 'grant_type=authorization_code&client_id=abc&code=' + code;
  const res = await fetch(${asBody ? "'https://webexapis.com/v1/access_token'" : `'https://webexapis.com/v1/access_token?redirect_uri=${encodeURIComponent(redirect)}&' + params`}, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },${asBody ? `\n    body: JSON.stringify({ redirect_uri: '${redirect}', code }),` : ''}
  });
  document.title = (await res.json()).access_token ? 'signed in' : 'failed';
}
`;
  it('positive: the exchange whose redirect URI is a localhost page is reported', () => {
    expect(scan(exchange('http://localhost:3000/'), '/virtual/App.jsx', cors).map(summary)).toEqual(['cors-localhost-origins 3 likely']);
    expect(scan(exchange('http://localhost:3000/', true), '/virtual/App.jsx', cors).map(summary)).toEqual(['cors-localhost-origins 3 likely']);
  });
  it('look-alike: the exchange whose redirect URI is an HTTPS site (in the query or the body) stays quiet', () => {
    expect(scan(exchange('https://rooms.example.net/'), '/virtual/App.jsx', cors).map(summary)).toEqual([]);
    expect(scan(exchange('https://rooms.example.net/', true), '/virtual/App.jsx', cors).map(summary)).toEqual([]);
  });
  it('positive: the same HTTPS exchange when the repository\'s browser launch configuration opens the page at localhost', () => {
    const launch = JSON.stringify({ version: '0.2.0', configurations: [{ type: 'chrome', request: 'launch', url: 'http://localhost:8080', webRoot: '${workspaceFolder}' }] });
    const files = { 'index.html': '<script src="App.js"></script>\n', 'App.js': exchange('https://rooms.example.net/'), '.vscode/launch.json': `// debug\n${launch}\n` };
    expect(scanProject(files, 'App.js', cors).map(summary)).toEqual(['cors-localhost-origins 3 certain']);
    const node = JSON.stringify({ configurations: [{ type: 'node', request: 'launch', program: '${workspaceFolder}/server.js' }] });
    expect(scanProject({ ...files, '.vscode/launch.json': node }, 'App.js', cors).map(summary)).toEqual([]);
  });
  it('look-alike: an HTTPS redirect URI does not excuse another request of the page', () => {
    const code = `${exchange('https://rooms.example.net/')}export async function me(token) {
  return fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: 'Bearer ' + token } });
}
`;
    expect(scan(code, '/virtual/App.jsx', cors).map(summary)).toEqual(['cors-localhost-origins 10 likely']);
  });
});
