/**
 * Issue 26 item 3 over HTTP clients: a header a client's shared configuration adds reaches every request of the
 * client (axios `interceptors.request.use` and `defaults.headers`, ky/got `hooks.beforeRequest`, jQuery's
 * `$.ajaxSetup`, an Angular `HttpInterceptor`). get-request-content-type is reported where the header is written
 * when a bodiless GET to the API gets it, listing every call through it; the fix (where the callback says whether
 * the request has a body) sends the header only with a body, which is right for every request. Each shape has a
 * positive case and a look-alike that stays quiet; the fixed text parses and keeps the POST's header.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { applyEdits } from '../engine/fix/edits.js';
import type { Match } from '../engine/types.js';
import { contextOf } from './helpers/snippets.js';
import { writeProjectFiles } from './helpers/temp-project.js';

const catalog = loadCatalog();
const GRCT = catalog.notices.filter((n) => n.id === 'get-request-content-type');
const API = 'https://webexapis.com/v1';

const matches = (code: string, filename = 'client.js'): Match[] =>
  analyzeFile({ filename, text: code }, { catalog, notices: GRCT, engine: { today: '2026-11-22' } }).matches;
/** `line confidence [fix]` of each finding. */
const brief = (ms: readonly Match[]): string[] => ms.map((m) => `${m.loc.start.line} ${m.confidence}${m.fix ? ' fix' : ''}`);
const fixed = (code: string, ms: readonly Match[]): string => applyEdits(code, ms.flatMap((m) => (m.fix ? [m.fix] : []))).output;

describe('axios request interceptors', () => {
  const global = (body: string) => `const axios = require('axios');
axios.interceptors.request.use((config) => {
${body}
  return config;
});
exports.me = () => axios.get('${API}/people/me');
exports.send = (text) => axios.post('${API}/messages', { text });
`;
  it('the library default client: reported at the interceptor, every call listed, fix sends the header only with data', () => {
    const code = global("  config.headers['Content-Type'] = 'application/json';");
    const ms = matches(code);
    expect(brief(ms)).toEqual(['3 certain fix']);
    expect(ms[0]!.affects?.map((a) => `${a.line} ${a.method}`)).toEqual(['6 GET', '7 POST']);
    const out = fixed(code, ms);
    expect(out).toContain("  if (config.data !== undefined) config.headers['Content-Type'] = 'application/json';");
    expect(() => contextOf(out, 'client.js')).not.toThrow();
    expect(matches(out)).toEqual([]);
  });
  it('an instance interceptor with `headers.set(...)` / `setContentType(...)`', () => {
    for (const line of ["  config.headers.set('Content-Type', 'application/json');", "  config.headers.setContentType('application/json');"]) {
      const code = `import axios from 'axios';
const api = axios.create({ baseURL: '${API}' });
api.interceptors.request.use(function (config) {
${line}
  return config;
});
export const me = () => api.get('/people/me');
`;
      expect(brief(matches(code)), line).toEqual(['4 certain fix']);
    }
  });
  it('a test of something else than the body or method (`if (!config.headers[...])`) leaves the header on every request', () => {
    const code = `import axios from 'axios';
const api = axios.create({ baseURL: '${API}' });
api.interceptors.request.use((config) => {
  if (!config.headers['Content-Type']) config.headers['Content-Type'] = 'application/json';
  return config;
});
export const me = () => api.get('/people/me');
`;
    const ms = matches(code);
    expect(brief(ms)).toEqual(['4 certain fix']);
    expect(fixed(code, ms)).toContain("if (!config.headers['Content-Type']) if (config.data !== undefined) config.headers['Content-Type'] = 'application/json';");
  });
  it('a named function handed to `use`', () => {
    const code = `import axios from 'axios';
const api = axios.create({ baseURL: '${API}' });
function withJson(cfg) {
  cfg.headers['content-type'] = 'application/json';
  return cfg;
}
api.interceptors.request.use(withJson);
export const rooms = () => api.get('/rooms');
`;
    expect(brief(matches(code))).toEqual(['4 certain fix']);
  });
  it('look-alikes: the header set only for some requests, another API, browser code, a response interceptor', () => {
    expect(matches(global("  if (config.method !== 'get') config.headers['Content-Type'] = 'application/json';"))).toEqual([]);
    expect(matches(global("  if (config.data) { config.headers['Content-Type'] = 'application/json'; }"))).toEqual([]);
    expect(matches(global("  config.headers.Authorization = 'Bearer ' + process.env.TOKEN;"))).toEqual([]);
    expect(matches(global("  config.headers['Content-Type'] = 'application/json';").replaceAll(API, 'https://api.example.com/v1'))).toEqual([]);
    // axios's browser adapter drops a Content-Type without data.
    expect(matches(global("  config.headers['Content-Type'] = 'application/json';") + 'window.me = exports.me;\n')).toEqual([]);
    const response = `const axios = require('axios');
axios.interceptors.response.use((res) => { res.headers['Content-Type'] = 'application/json'; return res; });
exports.me = () => axios.get('${API}/people/me');
`;
    expect(matches(response)).toEqual([]);
  });
});

describe('axios defaults', () => {
  it('`defaults.headers.common[...]`: reported without an edit; likely when a request through it sends a body', () => {
    const only = `import axios from 'axios';
axios.defaults.headers.common['Content-Type'] = 'application/json';
export const me = () => axios.get('${API}/people/me');
`;
    expect(brief(matches(only))).toEqual(['2 certain']);
    const mixed = only + `export const send = (text) => axios.post('${API}/messages', { text });\n`;
    expect(brief(matches(mixed))).toEqual(['2 likely']);
  });
  it('an instance: `defaults.baseURL` and `defaults.headers = {...}`', () => {
    const code = `const axios = require('axios');
const api = axios.create();
api.defaults.baseURL = '${API}';
api.defaults.headers.common = { Accept: 'application/json', 'Content-Type': 'application/json' };
module.exports.me = () => api.get('/people/me');
`;
    expect(brief(matches(code))).toEqual(['4 certain']);
  });
  it('look-alikes: `defaults.headers.post[...]` (POSTs only), another client\'s `defaults`', () => {
    const post = `import axios from 'axios';
axios.defaults.headers.post['Content-Type'] = 'application/json';
export const me = () => axios.get('${API}/people/me');
`;
    expect(matches(post)).toEqual([]);
    const other = `import axios from 'axios';
const settings = { defaults: { headers: { common: {} } } };
settings.defaults.headers.common['Content-Type'] = 'application/json';
export const me = () => axios.get('${API}/people/me');
`;
    expect(matches(other)).toEqual([]);
  });
});

describe('ky and got beforeRequest hooks', () => {
  it('ky: reported at the hook; the fix sends the header only when the Request has a body', () => {
    const code = `import ky from 'ky';
const api = ky.create({
  prefixUrl: '${API}',
  hooks: { beforeRequest: [(request) => { request.headers.set('Content-Type', 'application/json'); }] },
});
export const me = () => api.get('people/me').json();
`;
    const ms = matches(code);
    expect(brief(ms)).toEqual(['4 certain fix']);
    const out = fixed(code, ms);
    expect(out).toContain("if (request.body !== null) request.headers.set('Content-Type', 'application/json');");
    expect(() => contextOf(out, 'client.js')).not.toThrow();
  });
  it('got: reported at the hook without an edit', () => {
    const code = `const got = require('got');
const client = got.extend({
  prefixUrl: '${API}',
  hooks: { beforeRequest: [(options) => { options.headers['content-type'] = 'application/json'; }] },
});
module.exports.me = () => client.get('people/me').json();
`;
    expect(brief(matches(code))).toEqual(['4 certain']);
  });
  it('look-alike: a hook that sets only Authorization, a hook of another client', () => {
    const code = `import ky from 'ky';
const api = ky.create({ prefixUrl: '${API}', hooks: { beforeRequest: [(request) => { request.headers.set('Authorization', 'Bearer x'); }] } });
export const me = () => api.get('people/me').json();
`;
    expect(matches(code)).toEqual([]);
    const other = `import ky from 'ky';
const api = ky.create({ prefixUrl: 'https://api.example.com/v1', hooks: { beforeRequest: [(request) => { request.headers.set('Content-Type', 'application/json'); }] } });
export const me = () => api.get('people/me').json();
`;
    expect(matches(other)).toEqual([]);
  });
});

describe("jQuery's $.ajaxSetup", () => {
  it('`headers` go with every $.ajax of the file: reported at the setup', () => {
    const code = `$.ajaxSetup({ headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + window.token } });
export const me = () => $.ajax({ url: '${API}/people/me', type: 'GET' });
`;
    const ms = matches(code);
    expect(brief(ms)).toEqual(['1 certain']);
    expect(ms[0]!.affects).toHaveLength(1);
  });
  it('look-alike: `contentType` in $.ajaxSetup (jQuery sends it only with data), a `$` of another library', () => {
    const code = `$.ajaxSetup({ contentType: 'application/json' });
export const me = () => $.ajax({ url: '${API}/people/me', type: 'GET' });
`;
    expect(matches(code)).toEqual([]);
    const cash = `import $ from 'cash-dom';
$.ajaxSetup({ headers: { 'Content-Type': 'application/json' } });
export const me = () => $.ajax({ url: '${API}/people/me', type: 'GET' });
`;
    expect(matches(cash)).toEqual([]);
  });
});

describe('Angular HttpInterceptor', () => {
  const interceptor = (inner: string) => `import { Injectable } from '@angular/core';
import { HttpEvent, HttpHandler, HttpInterceptor, HttpRequest } from '@angular/common/http';
import { Observable } from 'rxjs';
const API = '${API}';
@Injectable()
export class ApiInterceptor implements HttpInterceptor {
  intercept(req: HttpRequest<unknown>, next: HttpHandler): Observable<HttpEvent<unknown>> {
${inner}
  }
}
`;
  it('`req.clone({ setHeaders })`: likely (the app\'s requests are not seen), the suggestion keeps the header for bodies', () => {
    const code = interceptor("    return next.handle(req.clone({ url: API + req.url, setHeaders: { Authorization: 'Bearer x', 'Content-Type': 'application/json' } }));");
    const ms = matches(code, 'api.interceptor.ts');
    expect(brief(ms)).toEqual(['8 likely']);
    const suggested = ms[0]!.suggestions?.[0]?.edits;
    expect(suggested).toBeDefined();
    const out = applyEdits(code, [suggested!]).output;
    expect(out).toContain("...(req.body !== null ? { 'Content-Type': 'application/json' } : {})");
    expect(() => contextOf(out, 'api.interceptor.ts')).not.toThrow();
  });
  it('`req.clone({ headers: req.headers.set(...) })`', () => {
    const code = interceptor("    return next.handle(req.clone({ url: API + req.url, headers: req.headers.set('Content-Type', 'application/json') }));");
    expect(brief(matches(code, 'api.interceptor.ts'))).toEqual(['8 likely']);
  });
  it('look-alikes: set only with a body, only Authorization, a method named intercept of something else', () => {
    const gated = interceptor("    if (req.body !== null) req = req.clone({ setHeaders: { 'Content-Type': 'application/json' } });\n    return next.handle(req.clone({ url: API + req.url }));");
    expect(matches(gated, 'api.interceptor.ts')).toEqual([]);
    const auth = interceptor("    return next.handle(req.clone({ url: API + req.url, setHeaders: { Authorization: 'Bearer x' } }));");
    expect(matches(auth, 'api.interceptor.ts')).toEqual([]);
    const other = `const API = '${API}';
export class Recorder {
  intercept(call) { return call.clone({ setHeaders: { 'Content-Type': 'application/json' } }); }
}
`;
    expect(matches(other, 'recorder.ts')).toEqual([]);
  });
});

describe('a client configured in another module', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'collab-shared-headers-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const tree = (name: string, files: Record<string, string>): string =>
    writeProjectFiles(path.join(root, name), { 'package.json': '{"name":"t","type":"module"}\n', ...files });
  const run = (file: string): Match[] => analyzeFile({ filename: file, text: readFileSync(file, 'utf8') }, { catalog, notices: GRCT, engine: { today: '2026-11-22' } }).matches;
  const client = (host: string) => `import axios from 'axios';
export const api = axios.create({ baseURL: '${host}' });
api.interceptors.request.use((config) => {
  config.headers['Content-Type'] = 'application/json';
  return config;
});
`;
  it('an exported client whose interceptor adds Content-Type: certain at the interceptor when an importing module GETs through it (branch 26rest), else likely with the fix as a suggestion', () => {
    const dir = tree('pos', { 'src/client.js': client(API), 'src/people.js': "import { api } from './client.js';\nexport const me = () => api.get('/people/me');\n" });
    const ms = run(path.join(dir, 'src/client.js'));
    expect(brief(ms)).toEqual(['4 certain fix']);
    expect(ms[0]!.fix?.[0]?.text).toBe('if (config.data !== undefined) ');
    const alone = tree('pos-alone', { 'src/client.js': client(API) });
    const likely = run(path.join(alone, 'src/client.js'));
    expect(brief(likely)).toEqual(['4 likely']);
    expect(likely[0]!.suggestions?.[0]?.edits[0]?.text).toBe('if (config.data !== undefined) ');
  });
  it('a GET through an imported client, in a file that writes Content-Type itself elsewhere: reported at the call, likely', () => {
    const dir = tree('importer', {
      'src/client.js': client(API),
      'src/people.js': "import { api } from './client.js';\nexport const me = () => api.get('/people/me');\nexport const upload = (b) => fetch('https://example.com/u', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: b });\n",
    });
    expect(brief(run(path.join(dir, 'src/people.js')))).toEqual(['2 likely']);
  });
  it('an Angular interceptor naming no URL, in an app whose environment module holds the API base', () => {
    const ngInterceptor = `import { Injectable } from '@angular/core';
import { HttpEvent, HttpHandler, HttpInterceptor, HttpRequest } from '@angular/common/http';
import { Observable } from 'rxjs';
@Injectable({ providedIn: 'root' })
export class JsonInterceptor implements HttpInterceptor {
  intercept(req: HttpRequest<any>, next: HttpHandler): Observable<HttpEvent<any>> {
    if (!req.headers.has('Content-Type')) {
      req = req.clone({ headers: req.headers.set('Content-Type', 'application/json') });
    }
    return next.handle(req);
  }
}
`;
    const env = (host: string) => `export const environment = { production: false, basePath: '${host}' };\n`;
    const pos = tree('ng', { 'src/environments/environment.ts': env(API), 'src/app/common/json.interceptor.ts': ngInterceptor });
    expect(brief(run(path.join(pos, 'src/app/common/json.interceptor.ts')))).toEqual(['8 likely']);
    const neg = tree('ng-other', { 'src/environments/environment.ts': env('https://api.example.com/v1'), 'src/app/common/json.interceptor.ts': ngInterceptor });
    expect(run(path.join(neg, 'src/app/common/json.interceptor.ts'))).toEqual([]);
    const none = tree('ng-none', { 'src/app/common/json.interceptor.ts': ngInterceptor });
    expect(run(path.join(none, 'src/app/common/json.interceptor.ts'))).toEqual([]);
  });
  it('look-alikes: a POST with a body through it, a client of another API', () => {
    const dir = tree('neg', {
      'src/client.js': client(API),
      'src/other.js': client('https://api.example.com/v1'),
      'src/send.js': "import { api } from './client.js';\nexport const send = (text) => api.post('/messages', { text });\n",
      'src/elsewhere.js': "import { api } from './other.js';\nexport const me = () => api.get('/people/me');\n",
    });
    expect(run(path.join(dir, 'src/send.js'))).toEqual([]);
    expect(run(path.join(dir, 'src/elsewhere.js'))).toEqual([]);
    expect(run(path.join(dir, 'src/other.js'))).toEqual([]);
    // A client kept to its own module (not exported), with no GET: nothing reaches the interceptor.
    const kept = tree('kept', { 'src/client.js': client(API).replace('export const api', 'const api') + "export const send = (text) => api.post('/messages', { text });\n" });
    expect(run(path.join(kept, 'src/client.js'))).toEqual([]);
  });
});
