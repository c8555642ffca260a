import { describe, expect, it } from 'vitest';
import { FileContext, UNKNOWN } from '../engine/parse/file-context.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { contextOf } from './helpers/snippets.js';
import { findHeader, getClientInstances, getRequests, requestOfNode, urlPath, urlQuery, type HttpRequest } from '../engine/api/index.js';

const catalog = loadCatalog();

const context = (code: string, filename = 'file.ts'): FileContext => contextOf(code, filename);

function requests(code: string, filename = 'file.ts'): HttpRequest[] {
  return getRequests(context(code, filename), catalog);
}

function only(code: string, filename?: string): HttpRequest {
  const all = requests(code, filename);
  expect(all).toHaveLength(1);
  return all[0];
}

const url = (r: HttpRequest) => r.url?.value.replaceAll(UNKNOWN, '*');

describe('fetch', () => {
  it('defaults to GET and reads headers from an object literal', () => {
    const r = only(`await fetch('https://webexapis.com/v1/rooms', { headers: { 'Content-Type': 'application/json', Authorization: 'Bearer x' } });`);
    expect(r.client).toBe('fetch');
    expect(r.method).toBe('GET');
    expect(r.isApi).toBe(true);
    expect(r.headers.map((h) => h.name)).toEqual(['Content-Type', 'Authorization']);
    expect(findHeader(r, 'content-type')?.name).toBe('Content-Type');
  });
  it('follows a const base, a template and a method', () => {
    const r = only(`const BASE = 'https://webexapis.com/v1';\nexport async function f(id: string) { return fetch(\`\${BASE}/people/\${id}\`, { method: 'put' }); }`);
    expect(url(r)).toBe('https://webexapis.com/v1/people/*');
    expect(r.method).toBe('PUT');
    expect(urlPath(r.url!)).toBe('/v1/people/' + UNKNOWN);
  });
  it('follows JSON.stringify of a same-function variable', () => {
    const code = `async function a(){ const body = { firstName: 'A' }; return fetch(base + '/people/me/features/callerId', { method: 'PUT', body: JSON.stringify(body) }); }
async function b(){ const body = { other: 1 }; return body; }`;
    const r = only(code);
    expect(r.body?.format).toBe('json');
    expect(r.body?.object?.properties).toHaveLength(1);
    expect(url(r)).toBe('*/people/me/features/callerId');
    expect(r.isApi).toBe(true);
  });
  it('classifies URLSearchParams and form strings as form bodies', () => {
    const [a, b] = requests(`fetch('/access_token', { method: 'POST', body: new URLSearchParams({ a: '1' }) });
fetch('/access_token', { method: 'POST', body: 'grant_type=refresh_token&x=' + y });`);
    expect(a.body?.format).toBe('form');
    expect(a.body?.object).toBeDefined();
    expect(b.body?.format).toBe('form');
  });
  it('reads new Headers({...}) and a const headers object with a spread', () => {
    const [a, b] = requests(`const common = { Accept: 'application/json' };
const headers = { ...common, 'Content-Type': 'application/json' };
fetch('https://webexapis.com/v1/rooms', { headers: new Headers({ 'content-type': 'text/plain' }) });
fetch('https://webexapis.com/v1/rooms', { headers });`);
    expect(a.headers.map((h) => h.name)).toEqual(['content-type']);
    expect(b.headers.map((h) => h.name)).toEqual(['Accept', 'Content-Type']);
  });
  it('resolves new URL(path, base)', () => {
    const r = only(`const u = new URL('/v1/rooms', 'https://webexapis.com'); fetch(u);`);
    expect(url(r)).toBe('https://webexapis.com/v1/rooms');
  });
  it('a non-API fetch is isApi: false', () => {
    expect(only(`fetch('https://api.github.com/user', { headers: { Authorization: 'token x' } })`).isApi).toBe(false);
    expect(only(`fetch('https://example.com/people')`).isApi).toBe(false);
    expect(only(`fetch('/static/app.css')`).isApi).toBe(false);
    expect(only(`fetch('https://api.ciscospark.com/v1/rooms')`).isApi).toBe(true);
    expect(only(`fetch(\`\${host}/v1/cdr_feed?max=100\`)`).isApi).toBe(true);
  });
});

describe('axios', () => {
  it('axios.get/post with data and config', () => {
    const [g, p] = requests(`import axios from 'axios';
axios.get('https://webexapis.com/v1/telephony/config/numbers', { params: { phoneNumbers: 'x' }, headers: { 'Content-Type': 'application/json' } });
axios.post('https://webexapis.com/v1/access_token', { grant_type: 'x' });`);
    expect(g.client).toBe('axios');
    expect(g.method).toBe('GET');
    expect(g.query).toBeDefined();
    expect(g.headers).toHaveLength(1);
    expect(p.method).toBe('POST');
    expect(p.body?.format).toBe('json');
    expect(p.body?.object).toBeDefined();
  });
  it('an object body with a form Content-Type is a form body (axios serialises it)', () => {
    const r = only(`import axios from 'axios'; axios.post('/access_token', { a: 1 }, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });`);
    expect(r.body?.format).toBe('form');
  });
  it('instance with baseURL and default headers', () => {
    const r = only(`import axios from 'axios';
const api = axios.create({ baseURL: 'https://webexapis.com/v1', headers: { Authorization: token } });
export const rooms = () => api.get('/rooms');`);
    expect(r.client).toBe('axios');
    expect(url(r)).toBe('https://webexapis.com/v1/rooms');
    expect(r.headers.map((h) => h.name)).toEqual(['Authorization']);
  });
  it('axios(config) and axios.request(config)', () => {
    const [a, b] = requests(`const axios = require('axios');
axios({ url: '/people', baseURL: 'https://webexapis.com/v1', method: 'patch', data: { x: 1 } });
axios.request({ url: 'https://webexapis.com/v1/licenses', method: 'PATCH' });`, 'file.js');
    expect(url(a)).toBe('https://webexapis.com/v1/people');
    expect(a.method).toBe('PATCH');
    expect(a.body?.format).toBe('json');
    expect(b.method).toBe('PATCH');
    expect(b.isApi).toBe(true);
  });
  it('axios instance on a non-API base is not the API', () => {
    const r = only(`import axios from 'axios'; const gh = axios.create({ baseURL: 'https://api.github.com' }); gh.get('/user');`);
    expect(r.isApi).toBe(false);
  });
});

describe('got, ky, superagent, http', () => {
  it('got with json: and searchParams', () => {
    const [a, b] = requests(`import got from 'got';
got.post('https://webexapis.com/v1/access_token', { json: { grant_type: 'x' } });
got('https://webexapis.com/v1/telephony/config/numbers', { searchParams: { location: 'l' } });`);
    expect(a.client).toBe('got');
    expect(a.body?.format).toBe('json');
    expect(b.method).toBe('GET');
    expect(b.query).toBeDefined();
  });
  it('got form: and extend prefixUrl', () => {
    const r = only(`import got from 'got'; const c = got.extend({ prefixUrl: 'https://webexapis.com/v1' }); c.post('access_token', { form: { a: 1 } });`);
    expect(url(r)).toBe('https://webexapis.com/v1/access_token');
    expect(r.body?.format).toBe('form');
  });
  it('ky', () => {
    const r = only(`import ky from 'ky'; ky.get('https://webexapis.com/v1/rooms', { headers: { 'Content-Type': 'application/json' } });`);
    expect(r.client).toBe('ky');
    expect(r.headers).toHaveLength(1);
  });
  it('superagent chains', () => {
    const r = only(`import request from 'superagent';
request.post('https://webexapis.com/v1/access_token').set('Content-Type', 'application/json').send({ grant_type: 'x' });`);
    expect(r.client).toBe('superagent');
    expect(r.method).toBe('POST');
    expect(r.headers[0].name).toBe('Content-Type');
    expect(r.headers[0].call).toBeDefined();
    expect(r.body?.format).toBe('json');
    const f = only(`import request from 'superagent'; request.post('https://webexapis.com/v1/access_token').type('form').send({ a: 1 });`);
    expect(f.body?.format).toBe('form');
  });
  it('node https.request with options and write', () => {
    const r = only(`import https from 'node:https';
const req = https.request({ hostname: 'webexapis.com', path: '/v1/access_token', method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {});
req.write(JSON.stringify({ grant_type: 'x' }));
req.end();`);
    expect(r.client).toBe('http');
    expect(url(r)).toBe('https://webexapis.com/v1/access_token');
    expect(r.method).toBe('POST');
    expect(r.body?.format).toBe('json');
    expect(r.isApi).toBe(true);
  });
  it('https.get(url) is GET', () => {
    const r = only(`const https = require('https'); https.get('https://webexapis.com/v1/rooms', { headers: { 'Content-Type': 'x' } }, cb);`, 'f.js');
    expect(r.method).toBe('GET');
    expect(r.headers).toHaveLength(1);
  });
});

describe('unknown clients and look-alikes', () => {
  it('an axios-like call of an unknown client counts when its URL is an API path', () => {
    const r = only('await api.put(`/people/${id}/features/callerId`, { firstName: "A" });');
    expect(r.client).toBe('unknown');
    expect(r.body?.object).toBeDefined();
  });
  it('routes, maps and non-API strings are not requests', () => {
    expect(requests(`app.get('/people', (req, res) => res.send(1)); cache.get('key'); map.set('a', 1); router.post('/v1/rooms', handler, function () {});`)).toEqual([]);
  });
  it('a fetch shadowed by an unrelated import is not fetch', () => {
    expect(requests(`import { fetch } from './my-cache'; fetch('/people');`)).toEqual([]);
  });
});

describe('requestOfNode', () => {
  it('finds the request an object reaches through a variable or nesting', () => {
    const code = `async function f() { const payload = { directLineCallerIdName: { selection: 'CUSTOM_NAME' } };
return fetch(base + '/people/me/features/callerId', { method: 'PUT', body: JSON.stringify(payload) }); }
const unrelated = { selection: 'x' };`;
    const file = context(code);
    const objects = file.nodes('ObjectExpression' as never) as unknown as import('@typescript-eslint/utils').TSESTree.ObjectExpression[];
    const inner = objects.find((o) => file.getText(o).startsWith("{ selection: 'CUSTOM"))!;
    expect(requestOfNode(file, inner, catalog)?.method).toBe('PUT');
    const unrelated = objects.find((o) => file.getText(o) === "{ selection: 'x' }")!;
    expect(requestOfNode(file, unrelated, catalog)).toBeUndefined();
  });
});

describe('url helpers', () => {
  it('urlPath and urlQuery', () => {
    expect(urlPath({ value: 'https://webexapis.com/v1/rooms?x=1#a', complete: true })).toBe('/v1/rooms');
    expect(urlPath({ value: `${UNKNOWN}/rooms/${UNKNOWN}/meetingInfo`, complete: false })).toBe(`/rooms/${UNKNOWN}/meetingInfo`);
    expect([...urlQuery({ value: `/cdr_feed?max=100&startTime=${UNKNOWN}`, complete: false })]).toEqual([['max', '100'], ['startTime', UNKNOWN]]);
  });
});

describe('same-file wrappers', () => {
  const admin = `const BASE = 'https://webexapis.com/v1';
class Admin {
  constructor(private readonly token: string) {}
  private async call<T>(method: string, path: string, body?: object): Promise<T> {
    const res = await fetch(\`\${BASE}\${path}\`, { method, headers: { Authorization: \`Bearer \${this.token}\`, 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
    return (await res.json()) as T;
  }
`;
  const wrapped = (code: string) => requests(code).filter((r) => r.wrapper);

  it('takes method, URL and body at a method wrapper`s call site, headers shared (inherited)', () => {
    const [r] = wrapped(admin + `  move(id: string) { return this.call('PUT', \`/telephony/config/locations/\${id}\`, { connection: { type: 'TRUNK' } }); }\n}`);
    expect(r.method).toBe('PUT');
    expect(url(r)).toBe('https://webexapis.com/v1/telephony/config/locations/*');
    expect(r.isApi).toBe(true);
    expect(r.body?.format).toBe('json');
    expect(r.body?.object?.properties).toHaveLength(1);
    expect(r.headers.map((h) => [h.name, h.inherited])).toEqual([['Authorization', true], ['Content-Type', true]]);
    expect(r.wrapper?.request.client).toBe('fetch');
  });
  it('a GET call site sends no body; a wrapper of another host or a non-API path makes no API request', () => {
    const [get] = wrapped(admin + `  list() { return this.call('GET', '/people'); }\n}`);
    expect(get.method).toBe('GET');
    expect(get.body).toBeUndefined();
    const other = wrapped(admin.replace('https://webexapis.com/v1', 'https://status.example.com') + `  h() { return this.call('GET', '/people'); }\n}`);
    expect(other.map((r) => [url(r), r.isApi])).toEqual([['https://status.example.com/people', false]]);
    const health = wrapped(`class S { call(m: string, p: string) { return fetch(base + p, { method: m }); } h() { return this.call('GET', '/health'); } }`);
    expect(health.map((r) => [url(r), r.isApi])).toEqual([['*/health', false]]);
  });
  it('a wrapper of another host overrides the axios-like reading of its call (`crm.post(\'/telephony/...\')`)', () => {
    const rs = requests(`const crm = { post(path: string, body: object) { return fetch('https://crm.example.com' + path, { method: 'POST', body: JSON.stringify(body) }); } };\ncrm.post('/telephony/config/virtualLines', { firstName: '.' });`);
    expect(rs.filter((r) => r.isApi)).toEqual([]);
  });
  it('only `this.name()` inside the same class is a call of a method wrapper', () => {
    const code = admin + `}\nclass Other { call(m: string, p: string) { return [m, p]; } go() { return this.call('PUT', '/people/me'); } }\nhelper.call('PUT', '/people/me');`;
    expect(wrapped(code)).toEqual([]);
  });
  it('function wrappers: upper-cased method, init spread into fetch options, axios instance in a class field', () => {
    const [a] = wrapped(`function send(method: string, path: string, data: object) { return fetch('https://webexapis.com/v1' + path, { method: method.toUpperCase(), body: JSON.stringify(data) }); }\nsend('put', '/people/p1', { a: 1 });`);
    expect([a.method, url(a), a.body?.format]).toEqual(['PUT', 'https://webexapis.com/v1/people/p1', 'json']);
    const spread = `const API = 'https://webexapis.com/v1';\nasync function webex(path: string, init: RequestInit = {}) { return fetch(\`\${API}\${path}\`, { ...init, headers: { Accept: 'application/json' } }); }\n`;
    const [patch, plain] = wrapped(spread + `webex('/people/p1', { method: 'PATCH', body: JSON.stringify({ b: 2 }) });\nwebex('/rooms');`);
    expect([patch.method, patch.body?.format, patch.body?.object?.properties.length]).toEqual(['PATCH', 'json', 1]);
    expect([plain.method, plain.body]).toEqual(['GET', undefined]);
    const [field] = wrapped(`import axios from 'axios';\nclass L { private http = axios.create({ baseURL: 'https://webexapis.com/v1' });\n  private put(path: string, data: object) { return this.http.put(path, data); }\n  go() { return this.put('/people/p1', { c: 3 }); } }`);
    expect([field.client, field.method, url(field), field.body?.object?.properties.length]).toEqual(['axios', 'PUT', 'https://webexapis.com/v1/people/p1', 1]);
  });
  it('a wrapper call read as `client.get(url, config)` is replaced by the wrapper`s reading', () => {
    const code = `const HOST = 'https://analytics-calling.webexapis.com/v1';\nclass C { private get(path: string, params: object) { return axios.get(HOST + path, { params }); }\n  q() { return this.get('/cdr_feed', { max: 10 }); } }`;
    const sites = requests(code).filter((r) => r.node.type === 'CallExpression' && (r.node.callee as { property?: { name?: string } }).property?.name === 'get' && r.node.arguments.length === 2 && r.urlNode?.type === 'Literal');
    expect(sites).toHaveLength(1);
    expect(sites[0].wrapper).toBeDefined();
    expect(sites[0].query?.properties).toHaveLength(1);
  });
});

describe('client instances and variables', () => {
  it('a client returned by a factory, kept in a field, or aliased from a same-file factory call', () => {
    const code = `import axios from 'axios';
function webexClient(token: string) { return axios.create({ baseURL: 'https://webexapis.com/v1', headers: { Authorization: token } }); }
const api = webexClient('t');
class A { private http = axios.create({ baseURL: 'https://webexapis.com/v1' }); go() { return this.http.get('/rooms'); } }
api.get('/people');`;
    const file = context(code);
    const instances = getClientInstances(file, catalog);
    expect([...instances.keys()].sort()).toEqual(['api', 'this.http', 'webexClient()']);
    expect(instances.get('webexClient()')?.headers.map((h) => h.name)).toEqual(['Authorization']);
    const rs = getRequests(file, catalog);
    expect(rs.map((r) => [r.client, url(r)])).toEqual([['axios', 'https://webexapis.com/v1/rooms'], ['axios', 'https://webexapis.com/v1/people']]);
  });
  it("a `let` is read at its initial value when every reassignment comes after the request (or in its argument)", () => {
    const loop = only(`async function f() { let url = 'https://webexapis.com/v1/people?max=10'; while (url) { url = (await got(url)).headers.link; } }`);
    expect(url(loop)).toBe('https://webexapis.com/v1/people?max=10');
    const before = requests(`async function f() { let url = 'https://webexapis.com/v1/people'; url = next(); return got(url); }`);
    expect(before.length === 0 || before[0].url === undefined).toBe(true);
    const closure = requests(`function f() { let url = 'https://webexapis.com/v1/people'; const go = () => got(url); url = other; return go; }`);
    expect(closure.length === 0 || closure[0].url === undefined).toBe(true);
  });
  it('a parameter shadows an outer declaration of the same name', () => {
    const r = only(`const path = '/people';\nfunction f(path: string) { return fetch('https://webexapis.com/v1' + path); }`);
    expect(url(r)).toBe('https://webexapis.com/v1*');
  });
});

describe('object-literal wrappers', () => {
  it('`const api = { put(path, body) {...} }` is read at `api.put(...)`, not as an unknown client', () => {
    const code = `const api = {
  base: 'https://webexapis.com/v1',
  put(path: string, body: object) { return fetch('https://webexapis.com/v1' + path, { method: 'PUT', body: JSON.stringify(body) }); },
};
api.put('/people/me/features/callerId', { firstName: 'A' });
other.put('/people/me/features/callerId', { firstName: 'A' });`;
    const rs = requests(code);
    const site = rs.find((r) => r.wrapper);
    expect([site?.method, url(site!), site?.body?.format, site?.body?.object?.properties.length]).toEqual(['PUT', 'https://webexapis.com/v1/people/me/features/callerId', 'json', 1]);
    // `other.put(...)` stays an axios-like call of an unknown client.
    expect(rs.filter((r) => !r.wrapper && r.client === 'unknown').map(url)).toEqual(['/people/me/features/callerId']);
  });
});

describe('wrapper variants', () => {
  it('axios config objects (`axios({ method, url, data })`, `http.request(...)`) and `new URL(path, BASE)`', () => {
    const a = requests(`import axios from 'axios';\nconst BASE = 'https://webexapis.com/v1';\nfunction call(method: string, path: string, data?: object) { return axios({ method, url: BASE + path, data }); }\ncall('PATCH', '/licenses/users', { email: 'a' });`).find((r) => r.wrapper)!;
    expect([a.method, url(a), a.body?.object?.properties.length]).toEqual(['PATCH', 'https://webexapis.com/v1/licenses/users', 1]);
    const b = requests(`class C { constructor(private http: any) {}\n  send(method: string, path: string, data: object) { return this.http.request({ method, url: \`https://webexapis.com/v1\${path}\`, data }); }\n  go() { return this.send('PUT', '/people/p1', { x: 1 }); } }`).find((r) => r.wrapper)!;
    expect([b.client, b.method, url(b), b.body?.format]).toEqual(['unknown', 'PUT', 'https://webexapis.com/v1/people/p1', 'json']);
    const c = requests(`const BASE = 'https://webexapis.com/v1/';\nasync function get(path: string) { const u = new URL(path, BASE); return fetch(u); }\nget('rooms');`).find((r) => r.wrapper)!;
    expect([c.method, url(c)]).toEqual(['GET', 'https://webexapis.com/v1/rooms']);
  });
});
