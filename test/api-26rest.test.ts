/**
 * Issue 26 items 2-3, what the fifteenth session left (branch `26rest`), each shape with a positive case and
 * look-alikes that stay quiet (synthesized code in temporary folders):
 * 1. a client exported by the module whose interceptor adds Content-Type, its GETs in the modules importing it
 *    (the reverse edge of the module graph): certain at the interceptor, with the body-only edit, listing the calls
 *    of the other modules; an Angular interceptor counts as reaching the app's requests only when it is provided.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { applyEdits } from '../engine/fix/edits.js';
import type { Match, Notice } from '../engine/types.js';
import { contextOf } from './helpers/snippets.js';
import { writeProjectFiles } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (id: string): Notice[] => catalog.notices.filter((n) => n.id === id);
const GRCT = only('get-request-content-type');
const API = 'https://webexapis.com/v1';

const root = mkdtempSync(path.join(tmpdir(), 'collab-26rest-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const tree = (name: string, files: Record<string, string>): string =>
  writeProjectFiles(path.join(root, name), { 'package.json': '{"name":"t","type":"module"}\n', ...files });
const run = (file: string, notices = GRCT): Match[] =>
  analyzeFile({ filename: file, text: readFileSync(file, 'utf8') }, { catalog, notices, engine: { today: '2026-11-22' } }).matches;
/** `line confidence [fix]` of each finding. */
const brief = (ms: readonly Match[]): string[] => ms.map((m) => `${m.loc.start.line} ${m.confidence}${m.fix ? ' fix' : ''}`);

describe('a shared header of an exported client, its GETs in importing modules (reverse edge)', () => {
  const client = (host: string, exported = true) => `import axios from 'axios';
${exported ? 'export ' : ''}const http = axios.create({ baseURL: '${host}', timeout: 5000 });
http.interceptors.request.use((cfg) => {
  cfg.headers['Content-Type'] = 'application/json';
  cfg.headers.Authorization = 'Bearer ' + process.env.TOKEN;
  return cfg;
});
`;
  const rooms = "import { http } from '../http/client.js';\nexport async function listRooms() {\n  const res = await http.get('/rooms');\n  return res.data.items;\n}\n";
  const messages = "import { http } from '../http/client.js';\nexport const post = (roomId, text) => http.post('/messages', { roomId, text });\n";
  it('a bodiless GET in another module: certain at the interceptor, the body-only edit, the calls of both modules listed', () => {
    const dir = tree('axios-pos', { 'src/http/client.js': client(API), 'src/api/rooms.js': rooms, 'src/api/messages.js': messages });
    const file = path.join(dir, 'src/http/client.js');
    const ms = run(file);
    expect(brief(ms)).toEqual(['4 certain fix']);
    expect(ms[0]!.affects?.map((a) => `${a.file} ${a.line} ${a.method}`).sort()).toEqual(['../api/messages.js 2 POST', '../api/rooms.js 3 GET']);
    const out = applyEdits(readFileSync(file, 'utf8'), [ms[0]!.fix!]).output;
    expect(out).toContain("  if (cfg.data !== undefined) cfg.headers['Content-Type'] = 'application/json';");
    expect(() => contextOf(out, 'client.js')).not.toThrow();
  });
  it('a GET through a module-level `require` of the client (CommonJS)', () => {
    const cjs = client(API).replace("import axios from 'axios';", "const axios = require('axios');").replace('export const http', 'const http') + 'module.exports = { http };\n';
    const dir = tree('axios-cjs', {
      'package.json': '{"name":"t"}\n',
      'lib/client.js': cjs,
      'lib/people.js': "const { http } = require('./client');\nexports.me = () => http.get('/people/me');\n",
    });
    expect(brief(run(path.join(dir, 'lib/client.js')))).toEqual(['4 certain fix']);
  });
  it('look-alikes: importers that only send bodies (quiet), a client of another API, a client not exported', () => {
    const posts = tree('axios-posts', { 'src/http/client.js': client(API), 'src/api/messages.js': messages });
    expect(run(path.join(posts, 'src/http/client.js'))).toEqual([]);
    const other = tree('axios-other', { 'src/http/client.js': client('https://api.example.com/v2'), 'src/api/rooms.js': rooms });
    expect(run(path.join(other, 'src/http/client.js'))).toEqual([]);
    // Not exported: no other module can reach it, and the file sends nothing through it.
    const kept = tree('axios-kept', { 'src/http/client.js': client(API, false), 'src/api/rooms.js': rooms });
    expect(run(path.join(kept, 'src/http/client.js'))).toEqual([]);
    // No module imports it (a library's client): still likely, the edit as a suggestion.
    const alone = tree('axios-alone', { 'src/http/client.js': client(API) });
    expect(brief(run(path.join(alone, 'src/http/client.js')))).toEqual(['4 likely']);
  });
  it('a GET from browser code importing an axios client: the browser adapter drops the header, not counted', () => {
    const browserRooms = rooms.replace('return res.data.items;', 'document.title = String(res.data.items.length);');
    const dir = tree('axios-browser', { 'src/http/client.js': client(API), 'src/api/rooms.js': browserRooms, 'src/api/messages.js': messages });
    expect(run(path.join(dir, 'src/http/client.js'))).toEqual([]);
  });
});

describe('an Angular interceptor reaches the app\'s requests only when provided', () => {
  const classInterceptor = `import { Injectable } from '@angular/core';
import { HttpEvent, HttpHandler, HttpInterceptor, HttpRequest } from '@angular/common/http';
import { Observable } from 'rxjs';
@Injectable()
export class JsonHeadersInterceptor implements HttpInterceptor {
  intercept(req: HttpRequest<unknown>, next: HttpHandler): Observable<HttpEvent<unknown>> {
    return next.handle(req.clone({ setHeaders: { 'Content-Type': 'application/json' } }));
  }
}
`;
  const fnInterceptor = `import { HttpInterceptorFn } from '@angular/common/http';
export const jsonHeaders: HttpInterceptorFn = (req, next) => {
  const token = localStorage.getItem('token');
  return next(req.clone({ setHeaders: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' } }));
};
`;
  const service = (host: string) => `import { Injectable } from '@angular/core';
import { HttpClient } from '@angular/common/http';
@Injectable({ providedIn: 'root' })
export class RoomsService {
  constructor(private http: HttpClient) {}
  list() {
    return this.http.get<any>('${host}/rooms');
  }
  create(title: string) {
    return this.http.post('${host}/rooms', { title });
  }
}
`;
  const moduleProviding = `import { NgModule } from '@angular/core';
import { HTTP_INTERCEPTORS, HttpClientModule } from '@angular/common/http';
import { JsonHeadersInterceptor } from './json-headers.interceptor';
@NgModule({
  imports: [HttpClientModule],
  providers: [{ provide: HTTP_INTERCEPTORS, useClass: JsonHeadersInterceptor, multi: true }],
})
export class AppModule {}
`;
  const configProviding = `import { ApplicationConfig } from '@angular/core';
import { provideHttpClient, withInterceptors } from '@angular/common/http';
import { jsonHeaders } from './json-headers';
export const appConfig: ApplicationConfig = { providers: [provideHttpClient(withInterceptors([jsonHeaders]))] };
`;
  it('a class interceptor provided by HTTP_INTERCEPTORS, a service GETting the API: certain, with the body-only edit', () => {
    const dir = tree('ng-class', { 'src/app/json-headers.interceptor.ts': classInterceptor, 'src/app/app.module.ts': moduleProviding, 'src/app/rooms.service.ts': service(API) });
    const file = path.join(dir, 'src/app/json-headers.interceptor.ts');
    const ms = run(file);
    expect(brief(ms)).toEqual(['7 certain fix']);
    expect(ms[0]!.affects?.map((a) => `${a.file} ${a.line} ${a.method}`)).toEqual(['rooms.service.ts 7 GET']);
    const out = applyEdits(readFileSync(file, 'utf8'), [ms[0]!.fix!]).output;
    expect(out).toContain("...(req.body !== null ? { 'Content-Type': 'application/json' } : {})");
    expect(() => contextOf(out, 'json-headers.interceptor.ts')).not.toThrow();
  });
  it("look-alike for the edit: another service of the app GETs another host through the same HttpClient: reported, the body-only edit only suggested (it would change that request too)", () => {
    const other = service('https://api.github.com').replace('RoomsService', 'ReposService');
    const dir = tree('ng-class-other-host', { 'src/app/json-headers.interceptor.ts': classInterceptor, 'src/app/app.module.ts': moduleProviding, 'src/app/rooms.service.ts': service(API), 'src/app/repos.service.ts': other });
    const ms = run(path.join(dir, 'src/app/json-headers.interceptor.ts'));
    expect(brief(ms)).toEqual(['7 certain']);
    expect(ms[0]!.suggestions?.flatMap((x) => x.edits).map((e) => e.text).join('')).toContain("...(req.body !== null ? { 'Content-Type': 'application/json' } : {})");
  });
  it('a functional interceptor given to `provideHttpClient(withInterceptors([...]))`: certain', () => {
    const dir = tree('ng-fn', { 'src/app/json-headers.ts': fnInterceptor, 'src/app/app.config.ts': configProviding, 'src/app/rooms.service.ts': service(API) });
    expect(brief(run(path.join(dir, 'src/app/json-headers.ts')))).toEqual(['4 certain fix']);
  });
  it('look-alikes: an interceptor no module provides is at most likely; a provided one whose app calls another API stays quiet', () => {
    const unprovided = tree('ng-unprovided', { 'src/app/json-headers.interceptor.ts': classInterceptor, 'src/app/app.module.ts': moduleProviding.replace('providers: [{ provide: HTTP_INTERCEPTORS, useClass: JsonHeadersInterceptor, multi: true }]', 'providers: []'), 'src/app/rooms.service.ts': service(API) });
    // Not provided: no request of the app is taken to reach it (quiet); with the API base in the app's environment
    // module it stays likely as before (never certain).
    expect(run(path.join(unprovided, 'src/app/json-headers.interceptor.ts'))).toEqual([]);
    writeProjectFiles(unprovided, { 'src/environments/environment.ts': `export const environment = { api: '${API}' };\n` });
    expect(brief(run(path.join(unprovided, 'src/app/json-headers.interceptor.ts')))).toEqual(['7 likely']);
    const fnUnprovided = tree('ng-fn-unprovided', { 'src/app/json-headers.ts': fnInterceptor, 'src/app/app.config.ts': configProviding.replace('withInterceptors([jsonHeaders])', 'withInterceptors([])'), 'src/app/rooms.service.ts': service(API) });
    expect(run(path.join(fnUnprovided, 'src/app/json-headers.ts'))).toEqual([]);
    const other = tree('ng-other-api', { 'src/app/json-headers.interceptor.ts': classInterceptor, 'src/app/app.module.ts': moduleProviding, 'src/app/rooms.service.ts': service('https://api.example.com/v2') });
    expect(run(path.join(other, 'src/app/json-headers.interceptor.ts'))).toEqual([]);
    // A function typed HttpInterceptorFn that sets the header only with a body.
    const gated = tree('ng-fn-gated', { 'src/app/json-headers.ts': fnInterceptor.replace("return next(req.clone({ setHeaders: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' } }));", "if (req.body !== null) req = req.clone({ setHeaders: { 'Content-Type': 'application/json' } });\n  return next(req);"), 'src/app/app.config.ts': configProviding, 'src/app/rooms.service.ts': service(API) });
    expect(run(path.join(gated, 'src/app/json-headers.ts'))).toEqual([]);
  });
});

describe('a base URL from an environment variable with no value and no literal fallback', () => {
  const client = (base: string) => `import axios from 'axios';
const api = axios.create({ baseURL: ${base} });
export const rooms = () => api.get('/rooms', { headers: { 'Content-Type': 'application/json' } });
`;
  it('`process.env.X` / `import.meta.env.X` with no value: the path alone says API, so likely, naming the variable', () => {
    for (const base of ['process.env.BACKEND_URL', 'import.meta.env.VITE_BACKEND', "process.env['BACKEND_URL']"]) {
      const dir = tree(`env-none-${base.length}`, { 'src/api.js': client(base) });
      const ms = run(path.join(dir, 'src/api.js'));
      expect(brief(ms), base).toEqual(['3 likely']);
      expect(ms[0]!.confidenceReason, base).toMatch(/environment variable (BACKEND_URL|VITE_BACKEND), whose value the repository does not give/);
    }
    // A template and a `fetch`: the same.
    const dir = tree('env-none-fetch', { 'src/rooms.js': "export const get = (id) => fetch(`${process.env.API_ROOT}/rooms/${id}`, { headers: { 'Content-Type': 'application/json' } });\n" });
    expect(brief(run(path.join(dir, 'src/rooms.js')))).toEqual(['1 likely']);
  });
  it('look-alikes: a fallback naming the platform stays certain; one naming another host, quiet; a value in the env file decides; an env read in the query only, certain', () => {
    const platform = tree('env-fallback-api', { 'src/api.js': client(`process.env.BACKEND_URL || '${API}'`) });
    expect(brief(run(path.join(platform, 'src/api.js')))).toEqual(['3 certain fix']);
    const other = tree('env-fallback-other', { 'src/api.js': client("process.env.BACKEND_URL || 'https://api.example.com/v1'") });
    expect(run(path.join(other, 'src/api.js'))).toEqual([]);
    const valued = tree('env-valued', { '.env.example': `BACKEND_URL=${API}\n`, 'src/api.js': client('process.env.BACKEND_URL') });
    // The env file gives the platform's base: the path is the platform's too, so certain as before (the value is
    // not needed for the finding); another host in the env file: quiet.
    expect(brief(run(path.join(valued, 'src/api.js')))).toEqual(['3 certain fix']);
    const valuedOther = tree('env-valued-other', { '.env.example': 'BACKEND_URL=https://api.example.com/v1\n', 'src/api.js': client('process.env.BACKEND_URL') });
    expect(run(path.join(valuedOther, 'src/api.js'))).toEqual([]);
    const query = tree('env-query', { 'src/rooms.js': `export const get = () => fetch(\`${API}/rooms?teamId=\${process.env.TEAM}\`, { headers: { 'Content-Type': 'application/json' } });\n` });
    expect(brief(run(path.join(query, 'src/rooms.js')))).toEqual(['1 certain fix']);
    const concat = tree('env-concat', { 'src/rooms.js': `export const get = () => fetch('${API}/rooms?teamId=' + process.env.TEAM, { headers: { 'Content-Type': 'application/json' } });\n` });
    expect(brief(run(path.join(concat, 'src/rooms.js')))).toEqual(['1 certain fix']);
    // An unknown base with a path that is not the API's: quiet.
    const notApi = tree('env-not-api', { 'src/api.js': client('process.env.BACKEND_URL').replace("'/rooms'", "'/widgets'") });
    expect(run(path.join(notApi, 'src/api.js'))).toEqual([]);
  });
});

describe('Astro components: the `<script>` blocks are read, the frontmatter is not', () => {
  it('blocks after the frontmatter fence; `is:inline` as written; a `<script>` string of the frontmatter is no block', async () => {
    const { scriptBlocks } = await import('../engine/read/script-blocks.js');
    const text = "---\nconst s = '<script>fetch(1)</script>';\n---\n<h1>x</h1>\n<script>\n  const a: number = 1;\n</script>\n<script is:inline>\n  var b = 2;\n</script>\n<script src=\"/x.js\"></script>\n";
    const blocks = scriptBlocks(text, 'page.astro');
    expect(blocks.map((b) => [text.slice(b.start, b.end).trim(), b.lang, b.module])).toEqual([
      ['const a: number = 1;', 'ts', true],
      ['var b = 2;', 'js', false],
    ]);
    // The same text as an HTML page: no fence is read, so the frontmatter's string is a script block there too.
    expect(scriptBlocks(text, 'page.html')).toHaveLength(3);
  });
});

describe("a request whose method is a field of the state it is given, the module's initial state saying GET", () => {
  const slice = (initialMethod: string, header = "'Content-Type': 'application/json',", host = API) => `import { createSlice, createAction } from '@reduxjs/toolkit';
import { ofType } from 'redux-observable';
import { switchMap } from 'rxjs/operators';
import { ajax } from 'rxjs/ajax';
const explorer = createSlice({
  name: 'explorer',
  initialState: { method: '${initialMethod}', resource: 'people', payloadText: '' },
  reducers: { update(state, { payload }) { return { ...state, ...payload }; } },
});
export const send = createAction('explorer/send');
export const sendEpic = (action$, state$) => action$.pipe(
  ofType(send.type),
  switchMap(({ payload: { method, resource, payloadText } }) => ajax({
    url: '${host}/' + resource,
    method,
    headers: { Authorization: 'Bearer ' + state$.value.auth.token, ${header} },
    body: payloadText,
  })),
);
export default explorer.reducer;
`;
  it('likely at the header, no edit', () => {
    const ms = analyzeFile({ filename: 'explorer.js', text: slice('GET') }, { catalog, notices: GRCT, engine: { today: '2026-11-22' } }).matches;
    expect(brief(ms)).toEqual(['16 likely']);
    expect(ms[0]!.confidenceReason).toContain('initial value in this module is GET');
    expect(ms[0]!.suggestions ?? []).toEqual([]);
    // The URL made by a helper of the module that prepares its query in a `try` and returns an API URL.
    const helper = slice('GET').replace("url: '" + API + "/' + resource,", 'url: urlOf(resource, payloadText),') + `function urlOf(resource, q) {
  let query;
  try {
    query = new URLSearchParams(JSON.parse(q)).toString();
  } catch (e) {
    query = '';
  }
  return \`${API}/\${resource}\${query ? \`?\${query}\` : ''}\`;
}
`;
    expect(brief(analyzeFile({ filename: 'explorer.js', text: helper }, { catalog, notices: GRCT, engine: { today: '2026-11-22' } }).matches)).toEqual(['16 likely']);
    expect(analyzeFile({ filename: 'explorer.js', text: helper.replace(API, 'https://api.example.com/v2') }, { catalog, notices: GRCT, engine: { today: '2026-11-22' } }).matches).toEqual([]);
  });
  it('look-alikes: an initial POST, the header only for other methods, another host, a method not from a parameter', () => {
    const quiet = (code: string) => expect(analyzeFile({ filename: 'explorer.js', text: code }, { catalog, notices: GRCT, engine: { today: '2026-11-22' } }).matches).toEqual([]);
    quiet(slice('POST'));
    quiet(slice('GET', "...(method !== 'GET' ? { 'Content-Type': 'application/json' } : {}),"));
    quiet(slice('GET', "'Content-Type': 'application/json',", 'https://api.example.com/v2'));
    quiet(slice('GET').replace('switchMap(({ payload: { method, resource, payloadText } }) => ajax({', "switchMap(({ payload: { resource, payloadText } }) => ajax({\n    method: 'POST',").replace('    method,\n', ''));
  });
});

describe("a Vuex action's assigned header, its GETs dispatched from other modules of the store", () => {
  const action = `const state = { me: null };
const actions = {
  async call ({ commit }, { url, options = {}, mutation }) {
    options.headers = options.headers || {};
    options.headers['Content-Type'] = options.headers['Content-Type'] || 'application/json';
    if (typeof options.body === 'object') options.body = JSON.stringify(options.body);
    const response = await window.fetch(url, options);
    const json = await response.json();
    if (mutation) commit(mutation, json);
    return json;
  },
};
export default { state, actions };
`;
  const people = (host: string, method: string) => `const actions = {
  async loadMe ({ dispatch, getters }) {
    return dispatch('call', {
      url: '${host}/people/me',
      options: { method: '${method}', headers: { Authorization: 'Bearer ' + getters.token } },
      mutation: 'setMe',
    });
  },
};
export default { actions };
`;
  it('a GET dispatched from a sibling module: likely at the assignment, the dispatch listed', () => {
    const dir = tree('vuex-pos', { 'src/store/modules/app.js': action, 'src/store/modules/people.js': people(API, 'GET') });
    const ms = run(path.join(dir, 'src/store/modules/app.js'));
    expect(brief(ms)).toEqual(['5 likely']);
    expect(ms[0]!.affects?.map((a) => `${a.file} ${a.line} ${a.method}`)).toEqual(['people.js 3 GET']);
  });
  it('look-alikes: only POSTs with a body dispatched, another host, an action of another name', () => {
    const posts = tree('vuex-post', { 'src/store/modules/app.js': action, 'src/store/modules/people.js': people(API, 'POST').replace("mutation: 'setMe',", "mutation: 'setMe',\n      body: { displayName: 'x' },").replace("options: { method: 'POST', headers", "options: { method: 'POST', body: { displayName: 'x' }, headers") });
    expect(run(path.join(posts, 'src/store/modules/app.js'))).toEqual([]);
    const other = tree('vuex-other', { 'src/store/modules/app.js': action, 'src/store/modules/people.js': people('https://api.example.com/v2', 'GET') });
    expect(run(path.join(other, 'src/store/modules/app.js'))).toEqual([]);
    const renamed = tree('vuex-renamed', { 'src/store/modules/app.js': action, 'src/store/modules/people.js': people(API, 'GET').replace("dispatch('call'", "dispatch('request'") });
    expect(run(path.join(renamed, 'src/store/modules/app.js'))).toEqual([]);
  });
});
