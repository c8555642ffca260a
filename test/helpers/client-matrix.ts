/**
 * Issue 26 items 1-3, generalised over HTTP clients rather than repositories: every common way JS/TS code sends
 * an HTTP request, written here (synthesized, nothing copied) as a template that sends one request with a given
 * method, base URL, path, query, headers and body. The client matrix test (test/api-client-matrix.test.ts) reads
 * each template's request back through the engine (method, URL with base and query, headers, body) and asks the
 * request-level notices of it, with look-alikes: another API's host, a GET without Content-Type, a client of the
 * same name from another package.
 */

/** One request as the matrix asks a client to send it. */
export interface Req {
  method: 'GET' | 'POST';
  /** `https://webexapis.com/v1` and the like: the client's base (a base option where the client has one). */
  base: string;
  /** `/messages` */
  path: string;
  /** header name -> value expression (source text) */
  headers: Array<[string, string]>;
  /** the body's object literal (source text), sent as JSON */
  body?: string;
  /** the query as name -> number (sent through the client's query option, or the URL where it has none) */
  query?: Record<string, number>;
}

export interface ClientCell {
  /** the client and its call form */
  id: string;
  /** the file name the code is analysed as */
  filename: string;
  /** the code that sends `r` */
  code(r: Req): string;
  /** the same code with the client's name bound to another package (a look-alike that must not be the client) */
  other?(r: Req): string;
}

const obj = (pairs: Array<[string, string]>): string => `{ ${pairs.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`}: ${v}`).join(', ')} }`;
const qobj = (q: Record<string, number>): string => `{ ${Object.entries(q).map(([k, v]) => `${k}: ${v}`).join(', ')} }`;
const qs = (q: Record<string, number> | undefined): string => (q ? '?' + Object.entries(q).map(([k, v]) => `${k}=${v}`).join('&') : '');
const url = (r: Req, withQuery = false): string => `'${r.base}${r.path}${withQuery ? qs(r.query) : ''}'`;
const lower = (r: Req): string => r.method.toLowerCase();
const origin = (r: Req): string => /^https?:\/\/[^/]+/.exec(r.base)![0];
const basePath = (r: Req): string => r.base.slice(origin(r).length);
const h = (r: Req): string => obj(r.headers);
const opt = (...parts: Array<string | false | undefined>): string => `{ ${parts.filter(Boolean).join(', ')} }`;

/** The fetch family: the global, node-fetch, cross-fetch, undici's fetch, Deno. */
const fetchCode = (prelude: string) => (r: Req): string => `${prelude}export async function send(token) {
  return fetch(${url(r, true)}, ${opt(`method: '${r.method}'`, `headers: ${h(r)}`, r.body && `body: JSON.stringify(${r.body})`)});
}
`;

export const CLIENTS: ClientCell[] = [
  { id: 'fetch (global)', filename: 'send.js', code: fetchCode('') },
  { id: 'node-fetch', filename: 'send.js', code: fetchCode("import fetch from 'node-fetch';\n"), other: fetchCode("import fetch from './fetch-mock.js';\n") },
  { id: 'cross-fetch', filename: 'send.js', code: fetchCode("const fetch = require('cross-fetch');\n"), other: fetchCode("const fetch = require('./my-fetch');\n") },
  { id: 'undici fetch', filename: 'send.js', code: fetchCode("import { fetch } from 'undici';\n"), other: fetchCode("import { fetch } from './cache.js';\n") },
  { id: 'Deno fetch', filename: 'send.ts', code: (r) => fetchCode('const token = Deno.env.get("WEBEX_TOKEN");\n')(r).replace('send(token)', 'send()') },
  {
    id: 'undici request',
    filename: 'send.js',
    code: (r) => `import { request } from 'undici';
export async function send(token) {
  const { body } = await request(${url(r)}, ${opt(`method: '${r.method}'`, `headers: ${h(r)}`, r.query && `query: ${qobj(r.query)}`, r.body && `body: JSON.stringify(${r.body})`)});
  return body.json();
}
`,
    other: (r) => `import { request } from './graphql.js';
export async function send(token) {
  return request(${url(r)}, ${opt(`method: '${r.method}'`, `headers: ${h(r)}`, r.body && `body: JSON.stringify(${r.body})`)});
}
`,
  },
  {
    id: 'undici Pool',
    filename: 'send.js',
    code: (r) => `import { Pool } from 'undici';
const pool = new Pool('${origin(r)}');
export async function send(token) {
  return pool.request(${opt(`path: '${basePath(r)}${r.path}${qs(r.query)}'`, `method: '${r.method}'`, `headers: ${h(r)}`, r.body && `body: JSON.stringify(${r.body})`)});
}
`,
  },
  {
    id: 'axios(config)',
    filename: 'send.js',
    code: (r) => `import axios from 'axios';
export const send = (token) => axios(${opt(`url: ${url(r)}`, `method: '${lower(r)}'`, `headers: ${h(r)}`, r.query && `params: ${qobj(r.query)}`, r.body && `data: ${r.body}`)});
`,
    other: (r) => `import axios from './axios-mock.js';
export const send = (token) => axios(${opt(`url: ${url(r)}`, `method: '${lower(r)}'`, `headers: ${h(r)}`, r.body && `data: ${r.body}`)});
`,
  },
  {
    id: 'axios.get/post',
    filename: 'send.js',
    code: (r) => `const axios = require('axios');
exports.send = (token) => axios.${lower(r)}(${url(r)}, ${r.body ? `${r.body}, ` : ''}${opt(`headers: ${h(r)}`, r.query && `params: ${qobj(r.query)}`)});
`,
  },
  {
    id: 'axios.request',
    filename: 'send.js',
    code: (r) => `import axios from 'axios';
export const send = (token) => axios.request(${opt(`url: ${url(r)}`, `method: '${r.method}'`, `headers: ${h(r)}`, r.query && `params: ${qobj(r.query)}`, r.body && `data: ${r.body}`)});
`,
  },
  {
    id: 'axios.create instance',
    filename: 'send.js',
    code: (r) => `import axios from 'axios';
const api = axios.create({ baseURL: '${r.base}', headers: ${h(r).replace(/\btoken\b/g, 'process.env.TOKEN')} });
export const send = () => api.${lower(r)}('${r.path}'${r.body ? `, ${r.body}` : ''}${r.query ? `, { params: ${qobj(r.query)} }` : ''});
`,
  },
  {
    id: 'axios instance.defaults.headers.common',
    filename: 'send.js',
    code: (r) => `import axios from 'axios';
const api = axios.create({ baseURL: '${r.base}' });
${r.headers.map(([k, v]) => `api.defaults.headers.common['${k}'] = ${v.replace(/\btoken\b/g, 'process.env.TOKEN')};`).join('\n')}
export const send = () => api.${lower(r)}('${r.path}'${r.body ? `, ${r.body}` : ''}${r.query ? `, { params: ${qobj(r.query)} }` : ''});
`,
  },
  {
    id: 'axios instance.defaults.baseURL',
    filename: 'send.js',
    code: (r) => `import axios from 'axios';
const api = axios.create();
api.defaults.baseURL = '${r.base}';
export const send = (token) => api.${lower(r)}('${r.path}', ${r.body ? `${r.body}, ` : ''}${opt(`headers: ${h(r)}`, r.query && `params: ${qobj(r.query)}`)});
`,
  },
  {
    id: 'redaxios',
    filename: 'send.js',
    code: (r) => `import axios from 'redaxios';
export const send = (token) => axios.${lower(r)}(${url(r)}, ${r.body ? `${r.body}, ` : ''}${opt(`headers: ${h(r)}`, r.query && `params: ${qobj(r.query)}`)});
`,
  },
  {
    id: 'got(url, options)',
    filename: 'send.js',
    code: (r) => `const got = require('got');
exports.send = (token) => got(${url(r)}, ${opt(`method: '${r.method}'`, `headers: ${h(r)}`, r.query && `searchParams: ${qobj(r.query)}`, r.body && `json: ${r.body}`)}).json();
`,
    other: (r) => `const got = require('./got-mock');
exports.send = (token) => got(${url(r)}, ${opt(`method: '${r.method}'`, `headers: ${h(r)}`, r.body && `json: ${r.body}`)});
`,
  },
  {
    id: 'got.post/get',
    filename: 'send.js',
    code: (r) => `import got from 'got';
export const send = (token) => got.${lower(r)}(${url(r)}, ${opt(`headers: ${h(r)}`, r.query && `searchParams: ${qobj(r.query)}`, r.body && `json: ${r.body}`)}).json();
`,
  },
  {
    id: 'got.extend',
    filename: 'send.js',
    code: (r) => `import got from 'got';
const client = got.extend({ prefixUrl: '${r.base}', headers: ${h(r).replace(/\btoken\b/g, 'process.env.TOKEN')} });
export const send = () => client.${lower(r)}('${r.path.slice(1)}', ${opt(r.query && `searchParams: ${qobj(r.query)}`, r.body && `json: ${r.body}`)}).json();
`,
  },
  {
    id: 'ky.get/post().json()',
    filename: 'send.js',
    code: (r) => `import ky from 'ky';
export const send = (token) => ky.${lower(r)}(${url(r)}, ${opt(`headers: ${h(r)}`, r.query && `searchParams: ${qobj(r.query)}`, r.body && `json: ${r.body}`)}).json();
`,
  },
  {
    id: 'ky.create prefixUrl',
    filename: 'send.js',
    code: (r) => `import ky from 'ky';
const api = ky.create({ prefixUrl: '${r.base}', headers: ${h(r).replace(/\btoken\b/g, 'process.env.TOKEN')} });
export const send = () => api.${lower(r)}('${r.path.slice(1)}', ${opt(r.query && `searchParams: ${qobj(r.query)}`, r.body && `json: ${r.body}`)}).json();
`,
  },
  {
    id: 'superagent chain',
    filename: 'send.js',
    code: (r) => `const superagent = require('superagent');
exports.send = (token) => superagent.${lower(r)}(${url(r)}).set(${h(r)})${r.query ? `.query(${qobj(r.query)})` : ''}${r.body ? `.send(${r.body})` : ''};
`,
  },
  {
    id: 'needle',
    filename: 'send.js',
    code: (r) => `const needle = require('needle');
exports.send = (token) => needle('${lower(r)}', ${url(r, true)}, ${r.body ?? 'null'}, ${opt(`headers: ${h(r)}`, 'json: true')});
`,
    other: (r) => `const needle = require('./needle');
exports.send = (token) => needle('${lower(r)}', ${url(r, true)}, ${r.body ?? 'null'}, ${opt(`headers: ${h(r)}`, 'json: true')});
`,
  },
  {
    id: 'needle.get/post',
    filename: 'send.js',
    code: (r) => `const needle = require('needle');
exports.send = (token, cb) => needle.${lower(r)}(${url(r, true)}, ${r.body ? `${r.body}, ` : ''}${opt(`headers: ${h(r)}`, 'json: true')}, cb);
`,
  },
  {
    id: 'request',
    filename: 'send.js',
    code: (r) => `const request = require('request');
exports.send = (token, cb) => request(${opt(`uri: ${url(r)}`, `method: '${r.method}'`, `headers: ${h(r)}`, r.query && `qs: ${qobj(r.query)}`, r.body && `body: ${r.body}`, 'json: true')}, cb);
`,
  },
  {
    id: 'request-promise',
    filename: 'send.js',
    code: (r) => `const rp = require('request-promise');
exports.send = (token) => rp(${opt(`uri: ${url(r)}`, `method: '${r.method}'`, `headers: ${h(r)}`, r.query && `qs: ${qobj(r.query)}`, r.body && `body: ${r.body}`, 'json: true')});
`,
  },
  {
    id: 'node https.request',
    filename: 'send.js',
    code: (r) => `const https = require('https');
exports.send = (token, cb) => {
  const req = https.request(${opt(`hostname: '${origin(r).replace(/^https?:\/\//, '')}'`, `path: '${basePath(r)}${r.path}${qs(r.query)}'`, `method: '${r.method}'`, `headers: ${h(r)}`)}, cb);
  ${r.body ? `req.end(JSON.stringify(${r.body}));` : 'req.end();'}
};
`,
  },
  {
    id: 'XMLHttpRequest',
    filename: 'send.js',
    code: (r) => `export function send(token) {
  const xhr = new XMLHttpRequest();
  xhr.open('${r.method}', ${url(r, true)});
${r.headers.map(([k, v]) => `  xhr.setRequestHeader('${k}', ${v});`).join('\n')}
  xhr.send(${r.body ? `JSON.stringify(${r.body})` : ''});
}
`,
  },
  {
    id: 'jQuery $.ajax',
    filename: 'send.js',
    code: (r) => `export const send = (token) => $.ajax(${opt(`url: ${url(r, r.method !== 'GET')}`, `type: '${r.method}'`, `headers: ${h(r)}`, r.method === 'GET' && r.query && `data: ${qobj(r.query)}`, r.body && `data: JSON.stringify(${r.body})`)});
`,
    other: (r) => `import $ from 'cash-dom';
export const send = (token) => $.ajax(${opt(`url: ${url(r)}`, `type: '${r.method}'`, `headers: ${h(r)}`, r.body && `data: JSON.stringify(${r.body})`)});
`,
  },
  {
    id: 'jQuery $.ajaxSetup defaults',
    filename: 'send.js',
    code: (r) => `const token = readToken();
$.ajaxSetup({ headers: ${h(r)} });
export const send = () => $.ajax(${opt(`url: ${url(r, true)}`, `type: '${r.method}'`, r.body && `data: JSON.stringify(${r.body})`)});
`,
  },
  {
    id: 'AngularJS $http(config)',
    filename: 'send.js',
    code: (r) => `angular.module('app').factory('webex', ['$http', function ($http) {
  return { send: (token) => $http(${opt(`method: '${r.method}'`, `url: ${url(r)}`, `headers: ${h(r)}`, r.query && `params: ${qobj(r.query)}`, r.body && `data: ${r.body}`)}) };
}]);
`,
  },
  {
    id: 'AngularJS $http.get/post',
    filename: 'send.js',
    code: (r) => `angular.module('app').service('webex', function ($http) {
  this.send = (token) => $http.${lower(r)}(${url(r)}, ${r.body ? `${r.body}, ` : ''}${opt(`headers: ${h(r)}`, r.query && `params: ${qobj(r.query)}`)});
});
`,
  },
  {
    id: 'Angular HttpClient get/post + HttpHeaders',
    filename: 'webex.service.ts',
    code: (r) => `import { Injectable } from '@angular/core';
import { HttpClient, HttpHeaders, HttpParams } from '@angular/common/http';
@Injectable({ providedIn: 'root' })
export class WebexService {
  constructor(private http: HttpClient) {}
  send(token: string) {
    return this.http.${lower(r)}(${url(r)}, ${r.body ? `${r.body}, ` : ''}${opt(`headers: new HttpHeaders(${h(r)})`, r.query && `params: new HttpParams({ fromObject: ${qobj(r.query)} })`)});
  }
}
`,
  },
  {
    id: 'Angular HttpClient request(method, url)',
    filename: 'webex.service.ts',
    code: (r) => `import { Injectable } from '@angular/core';
import { HttpClient, HttpHeaders } from '@angular/common/http';
@Injectable({ providedIn: 'root' })
export class WebexService {
  constructor(private http: HttpClient) {}
  send(token: string) {
    return this.http.request('${r.method}', ${url(r)}, ${opt(`headers: new HttpHeaders(${h(r)})`, r.query && `params: ${qobj(r.query)}`, r.body && `body: ${r.body}`)});
  }
}
`,
  },
  {
    id: 'ofetch',
    filename: 'send.js',
    code: (r) => `import { ofetch } from 'ofetch';
export const send = (token) => ofetch(${url(r)}, ${opt(`method: '${r.method}'`, `headers: ${h(r)}`, r.query && `query: ${qobj(r.query)}`, r.body && `body: ${r.body}`)});
`,
  },
  {
    id: 'Nuxt $fetch',
    filename: 'send.ts',
    code: (r) => `export const send = (token: string) => $fetch(${url(r)}, ${opt(`method: '${r.method}'`, `headers: ${h(r)}`, r.query && `query: ${qobj(r.query)}`, r.body && `body: ${r.body}`)});
`,
  },
  {
    id: 'ofetch.create baseURL',
    filename: 'send.js',
    code: (r) => `import { ofetch } from 'ofetch';
const api = ofetch.create({ baseURL: '${r.base}', headers: ${h(r).replace(/\btoken\b/g, 'process.env.TOKEN')} });
export const send = () => api('${r.path}', ${opt(`method: '${r.method}'`, r.query && `query: ${qobj(r.query)}`, r.body && `body: ${r.body}`)});
`,
  },
  {
    id: 'wretch',
    filename: 'send.js',
    code: (r) => `import wretch from 'wretch';
export const send = (token) => wretch(${url(r, true)}).headers(${h(r)}).${lower(r)}(${r.body ?? ''}).json();
`,
    other: (r) => `import wretch from './wretch-like.js';
export const send = (token) => wretch(${url(r, true)}).headers(${h(r)}).${lower(r)}(${r.body ?? ''}).json();
`,
  },
];
