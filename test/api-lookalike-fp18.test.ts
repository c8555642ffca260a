/**
 * Issue 26, precision (eighteenth session, branch `26neg`; docs/evaluation.md, "Negative rewrites: precision"): the
 * first-run false positives of hold-out sets 1-12 came from a few decisions (where a page is served, whether a module
 * runs in a browser, what a client library sends, whether a request is an API call at all, which line reports). Each
 * shape here is a look-alike that must stay quiet beside the platform's case that must still be found, on
 * synthesized code (nothing copied). Projects are small trees in a temporary folder (a `.git` folder marks the root).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { readsBrowserGlobals } from '../engine/project/context.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`;
const project = tempProjects('cm-lookalike-fp18-');
const scan = (files: Record<string, string>, rel: string, ...ids: string[]): string[] => analyzeFile({ filename: path.join(project(files), rel), text: files[rel] }, only(...ids)).matches.map(summary);
const alone = (text: string, name: string, ...ids: string[]): string[] => analyzeFile({ filename: name, text }, only(...ids)).matches.map(summary);

const CORS = 'cors-localhost-origins';

/** A module that asks the API who a token belongs to, after `before` (the line that names a browser global or not). */
const whoAmI = (before: string, tail = ''): string => `${before}
export async function whoAmI(token) {
  const r = await fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: 'Bearer ' + token } });
  return r.json();
}
${tail}`;

describe('a browser global\'s name that the file binds itself is not the browser\'s (cors-localhost-origins)', () => {
  const lookalikes: Record<string, string> = {
    'a MongoDB document': `import { MongoClient } from 'mongodb';
const client = new MongoClient(process.env.MONGO_URL);
export async function roomOf(id, token) {
  const document = await client.db().collection('rooms').findOne({ id });
  const r = await fetch('https://webexapis.com/v1/rooms/' + document.roomId, { headers: { Authorization: 'Bearer ' + token } });
  return r.json();
}
`,
    'node-localstorage': `const { LocalStorage } = require('node-localstorage');
const localStorage = new LocalStorage('./scratch');
async function whoAmI() {
  const r = await fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: 'Bearer ' + localStorage.getItem('token') } });
  return r.json();
}
module.exports = { whoAmI };
`,
    'jsdom\'s window': `const { JSDOM } = require('jsdom');
const { window } = new JSDOM('<p></p>');
async function whoAmI(token) {
  const r = await fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: 'Bearer ' + token } });
  window.document.body.textContent = (await r.json()).displayName;
  return window.document.body.outerHTML;
}
module.exports = { whoAmI };
`,
    'a parameter named window': `export async function page(token, window) {
  const r = await fetch('https://webexapis.com/v1/people?max=' + window.size, { headers: { Authorization: 'Bearer ' + token } });
  return r.json();
}
`,
    'an arrow parameter named document': `export const title = (document) => document.title;
export async function whoAmI(token) {
  const r = await fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: 'Bearer ' + token } });
  return r.json();
}
`,
  };
  for (const [name, code] of Object.entries(lookalikes)) {
    it(`look-alike: ${name} (in a repository, and alone)`, () => {
      expect(scan({ 'lib/api.js': code }, 'lib/api.js', CORS)).toEqual([]);
      expect(alone(code, '/virtual/lib/api.js', CORS)).toEqual([]);
    });
  }
  it('positive: the same modules reading the browser\'s own globals are browser code', () => {
    const dom = whoAmI('', "export const show = (p) => { document.getElementById('me').textContent = p.displayName; };\n");
    expect(alone(dom, '/virtual/lib/api.js', CORS)).toEqual(['cors-localhost-origins 3 likely']);
    // A binding of one name hides only that name: a `document` parameter beside a read of the global `window`.
    const both = whoAmI('export const title = (document) => document.title;', "export const back = () => window.location.assign('/');\n");
    expect(alone(both, '/virtual/lib/api.js', CORS)).toEqual(['cors-localhost-origins 3 likely']);
    // A local of another function does not hide the global read elsewhere in the scope analysis of the file.
    const shadowed = `function local() { const document = { title: 'x' }; return document.title; }
export async function whoAmI(token) {
  const r = await fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: 'Bearer ' + token } });
  document.title = (await r.json()).displayName;
  return local();
}
`;
    expect(alone(shadowed, '/virtual/lib/api.js', CORS)).toEqual(['cors-localhost-origins 3 likely']);
  });
  it('an importer that binds the name itself is no browser evidence for the module it imports; one that reads the global is', () => {
    const server = `import { whoAmI } from './api.js';
export async function handle(db, token) {
  const document = await db.collection('people').findOne({});
  document.me = await whoAmI(token);
  return document;
}
`;
    expect(scan({ 'lib/api.js': whoAmI(''), 'lib/handler.js': server }, 'lib/api.js', CORS)).toEqual([]);
    const page = "import { whoAmI } from './api.js';\nwhoAmI(sessionStorage.getItem('t')).then((p) => { document.title = p.displayName; });\n";
    expect(scan({ 'lib/api.js': whoAmI(''), 'lib/page.js': page }, 'lib/api.js', CORS)).toEqual(['cors-localhost-origins 3 likely']);
  });
  it('readsBrowserGlobals: bindings of the name are read from the code, not from strings or comments', () => {
    expect(readsBrowserGlobals('const document = await find();\nconsole.log(document.id);\n')).toBe(false);
    expect(readsBrowserGlobals("import { window } from './fake-dom.js';\nwindow.addEventListener('x', f);\n")).toBe(false);
    expect(readsBrowserGlobals('function render(req, document) { return document.body; }\n')).toBe(false);
    expect(readsBrowserGlobals('try { x(); } catch (navigator) { navigator.stack; }\n')).toBe(false);
    // Still the browser's: a binding only in a string or a comment, a call passing the global, a condition on it.
    expect(readsBrowserGlobals("// const document = fake\nconst t = document.title;\n")).toBe(true);
    expect(readsBrowserGlobals("const s = 'const window = 1';\nwindow.alert(s);\n")).toBe(true);
    expect(readsBrowserGlobals('init(window);\nwindow.addEventListener("load", go);\n')).toBe(true);
    expect(readsBrowserGlobals('if (window) { window.scrollTo(0, 0); }\n')).toBe(true);
    expect(readsBrowserGlobals('const el = document.getElementById("x");\n')).toBe(true);
  });
});

describe('OAuth client authentication through a client option (token-endpoint-required-parameters, authorization-bearer-scheme)', () => {
  const refresh = (options: string): string => `const axios = require('axios');
async function refresh(rt) {
  return axios.post('https://webexapis.com/v1/access_token', new URLSearchParams({ grant_type: 'refresh_token', refresh_token: rt }).toString(), ${options});
}
module.exports = { refresh };
`;
  const ids = ['token-endpoint-required-parameters', 'authorization-bearer-scheme'];
  it("axios's `auth: { username, password }` sends the client credentials in a Basic header: likely at grant_type, as a written Basic header is", () => {
    const viaAuth = refresh('{ auth: { username: process.env.CLIENT_ID, password: process.env.CLIENT_SECRET } }');
    expect(alone(viaAuth, '/virtual/refresh.js', ...ids)).toEqual(['token-endpoint-required-parameters 3 likely']);
    const written = refresh("{ headers: { Authorization: 'Basic ' + Buffer.from(process.env.CLIENT_ID + ':' + process.env.CLIENT_SECRET).toString('base64') } }");
    expect(alone(written, '/virtual/refresh.js', ...ids)).toEqual(['token-endpoint-required-parameters 3 likely']);
  });
  it('positive: with neither the parameters nor client authentication the request lacks them (certain)', () => {
    expect(alone(refresh("{ headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }"), '/virtual/refresh.js', ...ids)).toEqual(['token-endpoint-required-parameters 3 certain']);
    // An `auth` without a password is no Basic client authentication.
    expect(alone(refresh('{ auth: { username: process.env.CLIENT_ID } }'), '/virtual/refresh.js', ...ids)).toEqual(['token-endpoint-required-parameters 3 certain']);
  });
});

describe('the look-alike corpus of the first runs\' top causes, variants that stay quiet', () => {
  // Cause: what the client library sends. axios's browser adapters drop Content-Type on a GET without data.
  const reactApp = (api: string): Record<string, string> => ({
    'package.json': JSON.stringify({ name: 'spa', scripts: { start: 'react-scripts start' }, dependencies: { react: '18', 'react-dom': '18', 'react-scripts': '5', axios: '1' } }),
    'public/index.html': '<!doctype html><div id="root"></div>\n',
    'src/index.js': "import { rooms } from './api';\nrooms().then((r) => { document.title = String(r.data.items.length); });\n",
    'src/api.js': api,
  });
  const getters = `import axios from 'axios';
const headers = { 'Content-Type': 'application/json', Authorization: 'Bearer ' + localStorage.getItem('token') };
export const rooms = () => axios.get('https://webexapis.com/v1/rooms', { headers });
export const rooms2 = () => axios({ url: 'https://webexapis.com/v1/rooms', headers });
export const rooms3 = () => axios.request({ method: 'get', url: 'https://webexapis.com/v1/rooms', headers });
`;
  it('look-alike: browser axios GETs with a shared header object (get-request-content-type)', () => {
    expect(scan(reactApp(getters), 'src/api.js', 'get-request-content-type')).toEqual([]);
  });
  it('positive: the same GETs made with fetch in the browser, or with axios on Node, send the header', () => {
    const fetched = "const headers = { 'Content-Type': 'application/json', Authorization: 'Bearer ' + localStorage.getItem('token') };\nexport const rooms = () => fetch('https://webexapis.com/v1/rooms', { headers });\n";
    expect(scan(reactApp(fetched), 'src/api.js', 'get-request-content-type')).toEqual(['get-request-content-type 1 certain']);
    const node = getters.replace("localStorage.getItem('token')", 'process.env.TOKEN');
    expect(scan({ 'package.json': JSON.stringify({ name: 'bot', dependencies: { axios: '1' } }), 'lib/api.js': node }, 'lib/api.js', 'get-request-content-type').length).toBeGreaterThan(0);
  });
  // Cause: whether the request reaches the platform. The same request to another service's host, with the platform's path words.
  it('look-alike: another service\'s `/v1/rooms`, `/v1/people/me` and `/v1/authorize` (get-request-content-type, cors, authorize state)', () => {
    const other = `export async function rooms(token) {
  const r = await fetch('https://api.chatops.example/v1/rooms', { headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token } });
  document.title = String((await r.json()).items.length);
}
export const login = () => window.location.assign('https://api.chatops.example/v1/authorize?client_id=abc&response_type=code&redirect_uri=https%3A%2F%2Fapp.example%2Fcb');
`;
    expect(alone(other, '/virtual/app.js', 'get-request-content-type', CORS, 'oauth-authorize-state-missing')).toEqual([]);
    const platform = other.replace(/api\.chatops\.example/g, 'webexapis.com');
    expect(alone(platform, '/virtual/app.js', 'get-request-content-type', CORS, 'oauth-authorize-state-missing').sort()).toEqual([
      'cors-localhost-origins 2 likely',
      'get-request-content-type 2 certain',
      'oauth-authorize-state-missing 5 certain',
    ]);
  });
  // Cause: the module runs in no browser: a server route answering with a page whose inline script reads `window`.
  it('look-alike: `window.` only in the HTML text a server route sends, and in a comment', () => {
    const route = `// the window. of the popup closes itself
export async function GET(req) {
  const r = await fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: req.headers.get('authorization') } });
  const me = await r.json();
  return new Response('<script>window.opener.postMessage(' + JSON.stringify(me) + ', "*"); window.close();</script>', { headers: { 'content-type': 'text/html' } });
}
`;
    expect(alone(route, '/virtual/app/api/me/route.js', CORS)).toEqual([]);
  });
});

describe('the same request to another service\'s host (negative rewrite `other-host`): the host decides, however the base is written', () => {
  const cdr = (host: string): string => `const BASE_DEFAULT = 'https://analytics-calling.${host}/v1';
function analyticsBase(env) {
  return (env.ANALYTICS_BASE || BASE_DEFAULT).replace(/\\/+$/, '');
}
function plainBase(env) {
  return env.ANALYTICS_BASE ?? BASE_DEFAULT;
}
async function last(env, token) {
  const from = new Date(Date.now() - 48 * 3600 * 1000).toISOString();
  const a = await fetch(\`\${analyticsBase(env)}/cdr_feed?startTime=\${from}&max=100\`, { headers: { Authorization: 'Bearer ' + token } });
  const b = await fetch(\`\${plainBase(env)}/cdr_feed?startTime=\${from}&max=100\`, { headers: { Authorization: 'Bearer ' + token } });
  const c = await fetch(\`\${String(process.env.ANALYTICS_BASE || BASE_DEFAULT).replace(/\\/$/, '')}/cdr_feed?startTime=\${from}&max=100\`, { headers: { Authorization: 'Bearer ' + token } });
  return [a, b, c];
}
module.exports = { last };
`;
  it('look-alike: a base chosen by a same-file helper with the caller\'s object (`(env.X || DEFAULT).replace(/\\/+$/, \'\')`), `String(...)`, on another host', () => {
    expect(alone(cdr('chatops.example'), '/virtual/worker.js', 'call-history-page-size')).toEqual([]);
    expect(scan({ 'src/worker.js': cdr('chatops.example') }, 'src/worker.js', 'call-history-page-size')).toEqual([]);
  });
  it('positive: the same code on the platform\'s host is found at each request, certain', () => {
    expect(alone(cdr('webexapis.com'), '/virtual/worker.js', 'call-history-page-size')).toEqual(['call-history-page-size 10 certain', 'call-history-page-size 11 certain', 'call-history-page-size 12 certain']);
  });
  it('positive: the caller\'s object that gives the base decides over the fallback', () => {
    // The platform's base given by a call of the function that passes it down: reported at that call.
    const given = `${cdr('chatops.example')}last({ ANALYTICS_BASE: 'https://analytics-calling.webexapis.com/v1' }, 't');\n`;
    expect(alone(given, '/virtual/worker.js', 'call-history-page-size')).toEqual(['call-history-page-size 16 certain']);
    // A base on this machine as the fallback names no service: the path still decides.
    // (The third reads `process.env` with no value in the repository: at most likely, as before.)
    expect(alone(cdr('chatops.example').replace("'https://analytics-calling.chatops.example/v1'", "'http://localhost:8787/v1'"), '/virtual/worker.js', 'call-history-page-size')).toEqual(['call-history-page-size 10 certain', 'call-history-page-size 11 certain', 'call-history-page-size 12 likely']);
  });

  const client = (host: string): string => `const BASE_URL = 'https://${host}/v1';
export class Api {
  constructor(private token: string) {}
  async request(method: string, path: string, body?: unknown) {
    const url = \`\${BASE_URL}\${path}\`;
    const r = await fetch(url.toString(), { method, headers: { Authorization: \`Bearer \${this.token}\` }, body: body ? JSON.stringify(body) : undefined });
    return r.json();
  }
  updateCallerId(personId: string, settings: unknown) {
    return this.request('PUT', \`/people/\${personId}/features/callerId\`, settings);
  }
}
`;
  const tool = `import { Api } from './api';
const api = new Api(process.env.TOKEN!);
export async function rename(id: string, first: string) {
  const settings: Record<string, unknown> = { selected: 'CUSTOM' };
  settings.firstName = first;
  return api.updateCallerId(id, settings);
}
`;
  it('look-alike: a class of another module sending `url.toString()` of a URL on another host', () => {
    expect(scan({ 'src/api.ts': client('chatops.example'), 'src/tool.ts': tool }, 'src/tool.ts', 'caller-id-name-fields-deprecated')).toEqual([]);
  });
  it('positive: the same class on the platform\'s host', () => {
    expect(scan({ 'src/api.ts': client('webexapis.com'), 'src/tool.ts': tool }, 'src/tool.ts', 'caller-id-name-fields-deprecated')).toEqual(['caller-id-name-fields-deprecated 5 certain']);
  });
});
