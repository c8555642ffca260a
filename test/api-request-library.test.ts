/**
 * The `request` npm library family (`request`, `request-promise`, `request-promise-native`, `requestretry`),
 * the HTTP client of many older bots (issue 26): its call shapes, `request.defaults({...})` instances, and the
 * options that carry the URL, method, headers, query and body. Each shape has a case that must be followed and
 * a look-alike that must stay quiet.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { getRequests, type HttpRequest } from '../engine/api/index.js';
import { analyzeFile } from '../engine/analyze.js';
import { contextOf } from './helpers/snippets.js';

const catalog = loadCatalog();
const requests = (code: string, filename = 'file.js'): HttpRequest[] => getRequests(contextOf(code, filename), catalog);
/** `line notice` of every finding of the given notices. */
const findings = (code: string, ids: string[], filename = 'index.js'): string[] =>
  analyzeFile({ filename, text: code }, { catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: {} }).matches.map((m) => `${m.loc.start.line} ${m.noticeId}`);
const API = 'https://webexapis.com/v1';

describe('request(options[, cb]) and request(url, options, cb)', () => {
  it('options object: uri, default method GET, headers, qs', () => {
    const code = `const request = require('request');
request({ uri: '${API}/people', headers: { Authorization: 'Bearer ' + t }, qs: { email: 'a@b.c' } }, (err, res) => {});`;
    const [r] = requests(code);
    expect(r?.client).toBe('request');
    expect(r?.method).toBe('GET');
    expect(r?.url?.value).toBe(`${API}/people`);
    expect(r?.isApi).toBe(true);
    expect(r?.query?.properties).toHaveLength(1);
    expect(r?.headers.map((h) => h.name)).toEqual(['Authorization']);
    expect(r?.body).toBeUndefined();
  });
  it('`request(url, options, cb)` with `method` and `url` + `baseUrl`', () => {
    const code = `import request from 'request';
request('/rooms', { baseUrl: '${API}', method: 'post', body: JSON.stringify({ title: 'x' }) }, cb);`;
    const [r] = requests(code);
    expect(r?.method).toBe('POST');
    expect(r?.url?.value).toBe(`${API}/rooms`);
    expect(r?.body?.format).toBe('json');
  });
  it('`request(opts, cb)` with `opts` a variable holding the options', () => {
    const code = `const rp = require('request-promise-native');
const opts = { url: '${API}/people/me', headers: { 'Content-Type': 'application/json' } };
rp(opts).then(() => {});`;
    const [r] = requests(code);
    expect(r?.client).toBe('request');
    expect(r?.url?.value).toBe(`${API}/people/me`);
    expect(r?.method).toBe('GET');
  });
  it('a GET with a Content-Type header is reported (request-promise, requestretry)', () => {
    for (const lib of ['request-promise', 'requestretry']) {
      const code = `const rp = require('${lib}');
module.exports = (t) => rp({ uri: '${API}/people/me', headers: { Authorization: 'Bearer ' + t, 'Content-Type': 'application/json' } });`;
      expect(findings(code, ['get-request-content-type'])).toEqual(['2 get-request-content-type']);
    }
  });
  it('look-alike: a POST with the same header and a body is not reported', () => {
    const code = `const request = require('request');
module.exports = (t, text) => request({ uri: '${API}/messages', method: 'POST', json: true, body: { text }, headers: { 'Content-Type': 'application/json' } }, () => {});`;
    const [r] = requests(code);
    expect(r?.body?.format).toBe('json');
    expect(r?.body?.object?.properties).toHaveLength(1);
    expect(findings(code, ['get-request-content-type'])).toEqual([]);
  });
  it('look-alike: a `request` that is not the library (no require/import) is not the client', () => {
    const code = `function request(o) { return o; }
request({ uri: '${API}/people/me', headers: { 'Content-Type': 'application/json' } });`;
    expect(requests(code).every((r) => r.client !== 'request')).toBe(true);
    expect(findings(code, ['get-request-content-type'])).toEqual([]);
  });
  it('look-alike: a `request` imported from another package is not the client', () => {
    const code = `const { request } = require('undici');
const request2 = require('./request');
request2({ uri: '${API}/people/me', headers: { 'Content-Type': 'application/json' } });`;
    expect(requests(code).some((r) => r.client === 'request')).toBe(false);
  });
});

describe('request.get/post/put/patch/del/delete/head', () => {
  it('the method comes from the callee; `del` is DELETE', () => {
    const code = `const request = require('request');
request.get('${API}/rooms', cb);
request.post({ url: '${API}/rooms', json: { title: 'x' } }, cb);
request.del('${API}/rooms/1', cb);
request.delete({ uri: '${API}/rooms/2' });
request.head('${API}/rooms');
request.patch('${API}/rooms/3', { form: { title: 'y' } });`;
    const rs = requests(code);
    expect(rs.map((r) => `${r.method} ${r.url?.value}`)).toEqual([
      `GET ${API}/rooms`,
      `POST ${API}/rooms`,
      `DELETE ${API}/rooms/1`,
      `DELETE ${API}/rooms/2`,
      `HEAD ${API}/rooms`,
      `PATCH ${API}/rooms/3`,
    ]);
    expect(rs[1]?.body?.format).toBe('json');
    expect(rs[5]?.body?.format).toBe('form');
  });
  it('look-alike: a route handler `app.get(path, fn)` next to request is not a request of the library', () => {
    const code = `const request = require('request');
app.get('/people', (req, res) => res.send('ok'));`;
    expect(requests(code)).toEqual([]);
  });
  it('`formData` is a (multipart) body; `json: true` without a body is no body', () => {
    const code = `const request = require('request');
request.post({ url: '${API}/messages', formData: { files: stream } });
request.get({ url: '${API}/messages', json: true, headers: { 'Content-Type': 'application/json' } });`;
    const [a, b] = requests(code);
    expect(a?.body?.format).toBe('unknown');
    expect(b?.body).toBeUndefined();
    expect(findings(code, ['get-request-content-type'])).toEqual(['3 get-request-content-type']);
  });
});

describe('request.defaults({...}) instances', () => {
  it('baseUrl and headers of the defaults lie under the call\'s options', () => {
    const code = `const request = require('request');
const api = request.defaults({ baseUrl: '${API}', headers: { Authorization: 'Bearer ' + process.env.T, 'Content-Type': 'application/json' } });
api.get('/people/me', cb);
api({ uri: '/rooms', method: 'POST', json: { title: 'x' } }, cb);`;
    const [g, p] = requests(code);
    expect(g?.client).toBe('request');
    expect(g?.url?.value).toBe(`${API}/people/me`);
    expect(g?.headers.filter((h) => h.inherited).map((h) => h.name)).toEqual(['Authorization', 'Content-Type']);
    expect(p?.method).toBe('POST');
    expect(p?.url?.value).toBe(`${API}/rooms`);
    expect(p?.body?.format).toBe('json');
  });
  it('`require(\'request\').defaults({...})` in place, and `json: true` of the defaults makes an object body JSON', () => {
    const code = `const api = require('request').defaults({ json: true, baseUrl: '${API}' });
api.post('/messages', { body: { text: 'hi' } });`;
    const [r] = requests(code);
    expect(r?.url?.value).toBe(`${API}/messages`);
    expect(r?.body?.format).toBe('json');
  });
  it('look-alike: `.defaults()` of something that is not request makes no client', () => {
    const code = `const _ = require('lodash');
const api = _.defaults({ baseUrl: '${API}' }, x);
api.get('/people/me');`;
    expect(requests(code).some((r) => r.client === 'request')).toBe(false);
  });
});

describe('notices through request', () => {
  it('`auth: { bearer }` sends the Bearer scheme: nothing to report', () => {
    const code = `const request = require('request');
module.exports = (token) => request.get({ url: '${API}/people/me', auth: { bearer: token } });`;
    expect(findings(code, ['authorization-bearer-scheme'])).toEqual([]);
  });
  it('a bare token written in the Authorization header is reported', () => {
    const code = `const request = require('request');
module.exports = (token) => request.get({ url: '${API}/people/me', headers: { Authorization: token } });`;
    expect(findings(code, ['authorization-bearer-scheme'])).toEqual(['2 authorization-bearer-scheme']);
  });
  it('the token endpoint sent `json: {...}` is reported; `form: {...}` is not', () => {
    const json = `const request = require('request');
exports.refresh = (refresh_token, client_id, client_secret) =>
  request.post({ url: '${API}/access_token', json: { grant_type: 'refresh_token', client_id, client_secret, refresh_token } }, cb);`;
    expect(findings(json, ['token-endpoint-form-body'])).toEqual(['3 token-endpoint-form-body']);
    expect(findings(json.replace('json:', 'form:'), ['token-endpoint-form-body'])).toEqual([]);
  });
});

describe('request is a Node library', () => {
  it('look-alike: its requests to the API are not browser calls (cors-localhost-origins), even beside a browser global', () => {
    const code = `var request = require('request');
if (typeof window !== 'undefined') window.x = 1;
request({ method: 'POST', uri: '${API}/messages', form: { roomId: r, markdown: t } }, cb);`;
    expect(requests(code)[0]?.client).toBe('request');
    expect(findings(code, ['cors-localhost-origins'])).toEqual([]);
    expect(findings(code.replace("var request = require('request');", ''), ['cors-localhost-origins'])).toEqual([]);
    const fetchCode = `if (typeof window !== 'undefined') window.x = 1;
fetch('${API}/messages', { method: 'POST' });`;
    expect(findings(fetchCode, ['cors-localhost-origins'])).toEqual(['2 cors-localhost-origins']);
  });
});

describe("jQuery's $.ajax / $.get / $.post (browser code)", () => {
  it('`$.ajax({ url, type, headers, data, contentType })`: method, headers, body', () => {
    const code = `$.ajax({ url: '${API}/messages', type: 'POST', headers: { Authorization: 'Bearer ' + t }, data: JSON.stringify({ text: 'hi' }), contentType: 'application/json' });`;
    const [r] = requests(code);
    expect(r?.client).toBe('jquery');
    expect(r?.method).toBe('POST');
    expect(r?.url?.value).toBe(`${API}/messages`);
    expect(r?.headers.map((h) => h.name)).toEqual(['Authorization', 'Content-Type']);
    expect(r?.body?.format).toBe('json');
  });
  it('a GET with `contentType` set is reported (jQuery sends a Content-Type it is given); `data` of a GET is the query', () => {
    const code = `jQuery.ajax({ url: '${API}/people', method: 'GET', data: { email: e }, contentType: 'application/json', headers: { Authorization: 'Bearer ' + t } });`;
    const [r] = requests(code);
    expect(r?.query?.properties).toHaveLength(1);
    expect(r?.body).toBeUndefined();
    expect(findings(code, ['get-request-content-type'])).toEqual(['1 get-request-content-type']);
  });
  it('`$.get(url, data, cb)` is a GET with a query; `$.post(url, data)` sends the object form-urlencoded', () => {
    const code = `$.get('${API}/rooms', { max: 10 }, function (res) {});
$.post('${API}/access_token', { grant_type: 'authorization_code', code: c });`;
    const [g, p] = requests(code);
    expect(g?.method).toBe('GET');
    expect(g?.query?.properties).toHaveLength(1);
    expect(p?.method).toBe('POST');
    expect(p?.body?.format).toBe('form');
    expect(findings(code, ['token-endpoint-form-body'])).toEqual([]);
  });
  it('a JSON token request through $.ajax is reported', () => {
    const code = `$.ajax({ url: '${API}/access_token', type: 'POST', data: JSON.stringify({ grant_type: 'authorization_code', code: c }), contentType: 'application/json' });`;
    expect(findings(code, ['token-endpoint-form-body'])).toEqual(['1 token-endpoint-form-body']);
  });
  it('`import $ from "jquery"` is jQuery too', () => {
    const code = `import $ from 'jquery';
export const me = (t) => $.ajax({ url: '${API}/people/me', headers: { Authorization: 'Bearer ' + t } });`;
    expect(requests(code)[0]?.client).toBe('jquery');
  });
  it('look-alikes: a `$` the file binds (a variable, a parameter, another import) is not jQuery', () => {
    for (const code of [
      `const $ = makeClient();
$.ajax({ url: '${API}/people/me', contentType: 'application/json' });`,
      `function f($) { return $.ajax({ url: '${API}/people/me', contentType: 'application/json' }); }`,
      `import $ from 'zepto-like';
$.ajax({ url: '${API}/people/me', contentType: 'application/json' });`,
    ]) {
      expect(requests(code).some((r) => r.client === 'jquery')).toBe(false);
      expect(findings(code, ['get-request-content-type'])).toEqual([]);
    }
  });
  it('look-alike: `contentType: false` (a FormData upload) sends no Content-Type', () => {
    const code = `$.ajax({ url: '${API}/people/me', type: 'GET', contentType: false });`;
    expect(requests(code)[0]?.headers).toEqual([]);
    expect(findings(code, ['get-request-content-type'])).toEqual([]);
  });
});

describe('XMLHttpRequest: open, setRequestHeader and send on one variable in one function', () => {
  const xhr = (method: string, send: string, extra = ''): string => `function load(t) {
  var xhr = new XMLHttpRequest();
  xhr.open('${method}', '${API}/people/me');
  xhr.setRequestHeader('Authorization', 'Bearer ' + t);
  xhr.setRequestHeader('Content-Type', 'application/json');${extra}
  xhr.send(${send});
}`;
  it('method, URL, headers and body', () => {
    const [r] = requests(xhr('PUT', "JSON.stringify({ displayName: 'x' })"));
    expect(r?.client).toBe('xhr');
    expect(r?.method).toBe('PUT');
    expect(r?.url?.value).toBe(`${API}/people/me`);
    expect(r?.headers.map((h) => h.name)).toEqual(['Authorization', 'Content-Type']);
    expect(r?.body?.format).toBe('json');
  });
  it('a GET sent with no body and a Content-Type header is reported, with no edit', () => {
    const code = xhr('GET', '');
    const result = analyzeFile({ filename: 'a.js', text: code }, { catalog, notices: catalog.notices.filter((n) => n.id === 'get-request-content-type'), engine: {} });
    expect(result.matches.map((m) => m.loc.start.line)).toEqual([5]);
    expect(result.matches[0]?.fix).toBeUndefined();
  });
  it('look-alikes: a POST with a body; `send(null)` of a GET is still no body', () => {
    expect(findings(xhr('POST', "JSON.stringify({ text: 'x' })"), ['get-request-content-type'])).toEqual([]);
    expect(requests(xhr('GET', 'null'))[0]?.body).toBeUndefined();
  });
  it('look-alikes: `open` of something that is not an XMLHttpRequest made in the function', () => {
    const code = `function f(win) { win.open('GET', '${API}/people/me'); win.setRequestHeader('Content-Type', 'application/json'); }
var xhr = new XMLHttpRequest();
function g() { xhr.open('GET', '${API}/people/me'); xhr.setRequestHeader('Content-Type', 'application/json'); xhr.send(); }`;
    expect(requests(code).some((r) => r.client === 'xhr')).toBe(false);
    expect(findings(code, ['get-request-content-type'])).toEqual([]);
  });
});
