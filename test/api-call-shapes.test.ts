/**
 * Call shapes of the API model found in real code after hold-out set 2 was read (issue 26): Meteor's `HTTP`
 * client, whose second argument is an options object and not the body. Each shape has a case that must be
 * followed and a look-alike that must stay quiet.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { getRequests, type HttpRequest } from '../engine/api/index.js';
import { analyzeFile } from '../engine/analyze.js';
import { contextOf } from './helpers/snippets.js';
import { tempProjects } from './helpers/temp-project.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const catalog = loadCatalog();
const requests = (code: string, filename = 'file.js'): HttpRequest[] => getRequests(contextOf(code, filename), catalog);
/** `line notice` of every finding of the given notices. */
const findings = (code: string, ids: string[], filename = 'index.js'): string[] =>
  analyzeFile({ filename, text: code }, { catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: {} }).matches.map((m) => `${m.loc.start.line} ${m.noticeId}`);

describe("Meteor's HTTP client: the options object is not the body", () => {
  const token = (options: string): string => `var getTokens = function (query, config) {
  return HTTP.post("https://webexapis.com/v1/access_token", ${options});
};`;
  it('`data` is sent as JSON: a token request with it is reported', () => {
    const code = token('{ data: { code: query.code, client_id: config.clientId, grant_type: "authorization_code" } }');
    const [r] = requests(code);
    expect(r?.method).toBe('POST');
    expect(r?.body?.format).toBe('json');
    expect(findings(code, ['token-endpoint-form-body'])).toEqual(['2 token-endpoint-form-body']);
  });
  it('look-alike: `params` of a POST is a form-urlencoded body', () => {
    const code = token('{ params: { code: query.code, client_id: config.clientId, grant_type: "authorization_code" } }');
    const [r] = requests(code);
    expect(r?.body?.format).toBe('form');
    expect(r?.body?.object?.properties).toHaveLength(3);
    expect(findings(code, ['token-endpoint-form-body'])).toEqual([]);
  });
  it('`HTTP.call(method, url, options)` and `params` of a GET as the query', () => {
    const code = `export const me = (t) => HTTP.call("GET", "https://webexapis.com/v1/people", { params: { email: "a@b.c" }, headers: { Authorization: "Bearer " + t } });`;
    const [r] = requests(code);
    expect(r?.method).toBe('GET');
    expect(r?.body).toBeUndefined();
    expect(r?.query?.properties).toHaveLength(1);
    expect(r?.headers.map((h) => h.name)).toEqual(['Authorization']);
  });
  it('`import { HTTP } from "meteor/http"` is the same client; a GET with a Content-Type header is reported', () => {
    const code = `import { HTTP } from 'meteor/http';
export const me = (t) => HTTP.get("https://webexapis.com/v1/people/me", { headers: { Authorization: "Bearer " + t, "Content-Type": "application/json" } }).data;`;
    expect(findings(code, ['get-request-content-type'])).toEqual(['2 get-request-content-type']);
  });
  it('look-alike: an `HTTP` the file declares is not Meteor\'s (its second argument stays the body)', () => {
    const code = `const HTTP = makeClient();
export const t = (q) => HTTP.post("https://webexapis.com/v1/access_token", { params: { code: q.code } });`;
    expect(requests(code)[0]?.body?.format).toBe('json');
  });
});

describe('webhook verification written in steps', () => {
  const WEBHOOK = ['webhook-signature-sha1', 'webhook-signature-raw-body'];
  /** A validator that reads the header through a local getter and keeps the HMAC chain in a variable. */
  const validator = (algorithm: string, compare: string): string => `const crypto = require('crypto')
const _ = {}
_.get = (o, k, d) => Object(o)[k] || d
const validate = (text, headers, lookup) => {
  const header = _.get(headers, 'x-spark-signature')
  if (!header) return Promise.reject(new Error('missing signature'))
  return lookup(JSON.parse(text)).then(({ secret }) => {
    const stream = crypto.createHmac('${algorithm}', secret).update(text, 'utf8')
    const [digest, signature] = [stream.digest(), Buffer.from(header, 'hex')]
    if (${compare}) return true
    return Promise.reject(new Error('invalid signature'))
  })
}
module.exports = validate`;
  it('an HMAC chain kept in a variable whose digest is destructured into a constant-time compare', () => {
    expect(findings(validator('sha1', 'crypto.timingSafeEqual(digest, signature)'), WEBHOOK)).toEqual(['8 webhook-signature-sha1']);
  });
  it('look-alike: the same steps with SHA-256', () => {
    expect(findings(validator('sha256', 'crypto.timingSafeEqual(digest, signature)'), WEBHOOK)).toEqual([]);
  });
  it('look-alike: a SHA-1 HMAC whose destructured digest is only logged (signing, not verifying)', () => {
    expect(findings(validator('sha1', 'console.log(digest, signature)'), WEBHOOK)).toEqual([]);
  });

  /** `webhookAuth(secret, signature, payload)` re-serialising an object payload through a promise-lifted `JSON.stringify`. */
  const auth = (objectCase: string): string => `const crypto = require('crypto');
const when = require('when');
const jsonStringify = when.lift(JSON.stringify);
// Verifies X-Spark-Signature
export const webhookAuth = (secret, signature, payload) => {
  let strPayload;
  if (typeof payload === 'object') {
    strPayload = ${objectCase};
  } else {
    strPayload = when(payload);
  }
  const hmac = crypto.createHmac('sha256', secret);
  return strPayload.then((pl) => {
    hmac.update(pl);
    if (crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(hmac.digest('hex')))) return payload;
    return when.reject(new Error('invalid'));
  });
};`;
  it('an HMAC over the value a promise of a lifted `JSON.stringify` resolves to, assigned in one branch', () => {
    expect(findings(auth('jsonStringify(payload)'), WEBHOOK)).toEqual(['8 webhook-signature-raw-body']);
  });
  it('look-alike: the object case reads the raw body kept by the parser instead', () => {
    expect(findings(auth('when(payload.rawBody)'), WEBHOOK)).toEqual([]);
  });
});

describe('a configured client kept in a class field and called as a function', () => {
  const guest = (calls: string): string => `import axios, { AxiosInstance } from 'axios';
export class Guest {
  private request: AxiosInstance;
  constructor() {
    this.request = axios.create({
      baseURL: 'https://webexapis.com/v1',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    });
  }
${calls}
}`;
  const login = `  login(jwt) {
    return this.request({ url: '/jwt/login', method: 'post', headers: { Authorization: \`Bearer \${jwt}\` } });
  }`;
  const me = `  me(token) {
    return this.request({ url: '/people/me', method: 'get', headers: { Authorization: \`Bearer \${token}\` } }).then((r) => r.data);
  }`;
  it('`this.request(config)` is a request of the field\'s client: its base URL, method and default headers', () => {
    const code = guest(`${login}\n${me}`);
    const rs = requests(code, 'index.ts');
    expect(rs.map((r) => `${r.method} ${r.url?.value}`)).toEqual(['POST https://webexapis.com/v1/jwt/login', 'GET https://webexapis.com/v1/people/me']);
    expect(rs[1].headers.filter((h) => h.inherited).map((h) => h.name)).toEqual(['Content-Type', 'Accept']);
    expect(findings(code, ['guest-issuer-end-of-life'], 'index.ts')).toEqual(['11 guest-issuer-end-of-life']);
  });
  it("the client's default Content-Type is reported where it is written when a bodiless GET goes through it, without an edit", () => {
    const code = guest(`${login}\n${me}`);
    expect(findings(code, ['get-request-content-type'], 'index.ts')).toEqual(['7 get-request-content-type']);
    const [m] = analyzeFile({ filename: 'index.ts', text: code }, { catalog, notices: catalog.notices.filter((n) => n.id === 'get-request-content-type'), engine: {} }).matches;
    expect(m.fix).toBeUndefined();
    expect(m.affects?.map((a) => a.method)).toEqual(['GET']);
  });
  it('look-alike: every request through the client sends a body', () => {
    expect(findings(guest(login), ['get-request-content-type'], 'index.ts')).toEqual([]);
  });
  it("look-alike: the same client on another service's base URL", () => {
    const code = guest(me).replace('https://webexapis.com/v1', 'https://api.example.org/v2');
    expect(requests(code, 'index.ts')[0]?.method).toBe('GET');
    expect(findings(code, ['get-request-content-type'], 'index.ts')).toEqual([]);
  });
});

describe("a configured client's default Content-Type in browser code", () => {
  it('look-alike: axios in code that reads browser globals drops the header of a request without data', () => {
    const code = `import axios from 'axios';
const api = axios.create({ baseURL: 'https://webexapis.com/v1', headers: { 'Content-Type': 'application/json' } });
export const rooms = () => api.get('/rooms', { headers: { Authorization: 'Bearer ' + window.localStorage.getItem('t') } });`;
    expect(findings(code, ['get-request-content-type'])).toEqual([]);
    expect(findings(code.replace("'Bearer ' + window.localStorage.getItem('t')", 'process.env.T'), ['get-request-content-type'])).toEqual(['2 get-request-content-type']);
  });
});

describe("a configured client's default Content-Type in a module the project says runs in a browser", () => {
  const projects = tempProjects('cm-call-shapes-');
  const api = (getOptions = ''): string => `import axios from 'axios';
class Api {
  constructor() {
    this.http = axios.create({
      baseURL: 'https://webexapis.com/v1',
      headers: { 'Content-Type': 'application/json', Authorization: \`Bearer \${process.env.TOKEN}\` },
    });
  }
  person(id) {
    return this.http.get(\`/people/\${id}\`${getOptions});
  }
}
export default new Api();`;
  const front = { 'package.json': JSON.stringify({ dependencies: { axios: '0.19', react: '16', 'react-dom': '16' }, devDependencies: { webpack: '4' } }), 'webpack.config.js': "module.exports = { entry: './src/index.js' };" };
  const scan = (files: Record<string, string>, rel: string): string[] => {
    const file = path.join(projects(files), rel);
    return analyzeFile({ filename: file, text: readFileSync(file, 'utf8') }, { catalog, notices: catalog.notices.filter((n) => n.id === 'get-request-content-type'), engine: {} }).matches.map((m) => `${m.loc.start.line} ${m.noticeId}`);
  };
  it("look-alike: axios's browser adapters drop the default header of a GET without data (a React front end's src/ tree, bundled by webpack)", () => {
    expect(scan({ ...front, 'src/data/api.js': api() }, 'src/data/api.js')).toEqual([]);
  });
  it("the same module in a Node package is reported: axios's http adapter sends the default header", () => {
    const node = { 'package.json': JSON.stringify({ dependencies: { axios: '0.19' } }) };
    expect(scan({ ...node, 'src/data/api.js': api() }, 'src/data/api.js')).toEqual(['6 get-request-content-type']);
  });
  it("look-alike: a Content-Type written on an axios GET itself in browser code (the XHR adapter drops it too)", () => {
    const code = api(", { headers: { 'Content-Type': 'application/json' } }");
    expect(scan({ ...front, 'src/data/api.js': code }, 'src/data/api.js')).toEqual([]);
  });
});

describe("a per-call Content-Type on an axios GET without data: dropped by the browser adapter, sent by Node's", () => {
  const projects = tempProjects('cm-call-shapes-axios-');
  const front = { 'package.json': JSON.stringify({ dependencies: { axios: '^1.6.2', react: '18', 'react-dom': '18', 'react-scripts': '5' } }) };
  const node = { 'package.json': JSON.stringify({ dependencies: { axios: '^1.6.2', express: '4' } }) };
  const scan = (files: Record<string, string>, rel: string): { lines: string[]; fixes: number } => {
    const file = path.join(projects(files), rel);
    const matches = analyzeFile({ filename: file, text: readFileSync(file, 'utf8') }, { catalog, notices: catalog.notices.filter((n) => n.id === 'get-request-content-type'), engine: {} }).matches;
    return { lines: matches.map((m) => `${m.loc.start.line} ${m.noticeId}`), fixes: matches.filter((m) => m.fix).length };
  };
  const shapes: Record<string, string> = {
    'axios(config)': `import axios from 'axios';
export const spaces = (token) =>
  axios({
    method: 'get',
    url: 'https://webexapis.com/v1/rooms',
    headers: { Authorization: token, 'Content-Type': 'application/x-www-form-urlencoded' },
  });`,
    'axios.get(url, config)': `import axios from 'axios';
export const meetings = (token) =>
  axios.get('https://webexapis.com/v1/meetings', {
    params: { max: 10 },
    headers: { Authorization: token, 'Content-Type': 'application/json' },
  });`,
    'axios.request(config)': `const axios = require('axios');
export function me(token) {
  return axios.request({
    url: 'https://webexapis.com/v1/people/me',
    headers: { Authorization: token, 'Content-Type': 'application/json' },
  });
}`,
    'instance.get(path, config)': `import axios from 'axios';
const api = axios.create({ baseURL: 'https://webexapis.com/v1' });
export const room = (id, token) =>
  api.get(\`/rooms/\${id}\`, {
    headers: { Authorization: token, 'Content-Type': 'application/json' },
  });`,
  };
  for (const [shape, code] of Object.entries(shapes)) {
    it(`look-alike in a React app's src/: ${shape}`, () => {
      expect(scan({ ...front, 'src/api.js': code }, 'src/api.js').lines).toEqual([]);
    });
    it(`reported with its edit in a Node package: ${shape}`, () => {
      const found = scan({ ...node, 'src/api.js': code }, 'src/api.js');
      expect(found.lines).toHaveLength(1);
      expect(found.fixes).toBe(1);
    });
  }
  it('look-alike: a module that reads a browser global, with no project around it', () => {
    const code = `${shapes['axios(config)']}\nexport const saved = () => localStorage.getItem('Token');`;
    expect(scan({ 'src/api.js': code }, 'src/api.js').lines).toEqual([]);
  });
  it("fetch in the same browser code is still reported: the browser's fetch sends the header", () => {
    const code = `export const spaces = (token) =>
  fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: token, 'Content-Type': 'application/json' } });`;
    expect(scan({ ...front, 'src/api.js': code }, 'src/api.js').lines).toEqual(['2 get-request-content-type']);
  });
  it('an axios POST with data in browser code keeps its header (not a GET): nothing reported either way', () => {
    const code = `import axios from 'axios';
export const post = (token) => axios.post('https://webexapis.com/v1/messages', { text: 'hi' }, { headers: { Authorization: token, 'Content-Type': 'application/json' } });`;
    expect(scan({ ...front, 'src/api.js': code }, 'src/api.js').lines).toEqual([]);
  });
});

describe('a header object passed to a same-file wrapper whose method is a parameter', () => {
  const relay = (getHeaders: string, getBody = "''", getMethod = 'GET'): string => `var request = require('request');
var sparkHeaders = { 'content-type': 'application/json; charset=utf-8', Authorization: 'Bearer ' + token };
var readHeaders = { Authorization: 'Bearer ' + token };
var messagesURL = 'https://webexapis.com/v1/messages/';
function sendRequest(myURL, myMethod, myHeaders, myData, callback) {
  var options = { url: myURL, method: myMethod, json: true, headers: myHeaders, body: myData };
  request(options, function (error, response, body) { callback(error ? null : body); });
}
function post(text) { sendRequest(messagesURL, 'POST', sparkHeaders, { roomId: room, text: text }, function () {}); }
function read(id, cb) { sendRequest(messagesURL + id, '${getMethod}', ${getHeaders}, ${getBody}, cb); }`;
  it("the GET through the wrapper sends the caller's Content-Type: reported at the shared object, without an edit (the POSTs need it)", () => {
    const found = analyzeFile({ filename: 'relay.js', text: relay('sparkHeaders') }, { catalog, notices: catalog.notices.filter((n) => n.id === 'get-request-content-type'), engine: {} }).matches;
    expect(found.map((m) => `${m.loc.start.line} ${m.confidence}`)).toEqual(['2 certain']);
    expect(found[0].fix).toBeUndefined();
    expect(findings(relay('sparkHeaders', 'undefined'), ['get-request-content-type'])).toEqual(['2 get-request-content-type']);
  });
  it('look-alike: the GET passes a header object without Content-Type', () => {
    expect(findings(relay('readHeaders'), ['get-request-content-type'])).toEqual([]);
  });
  it('look-alike: every call through the wrapper sends a body with a POST', () => {
    expect(findings(relay('sparkHeaders', "{ roomId: room, text: 'x' }", 'POST'), ['get-request-content-type'])).toEqual([]);
  });
  it('look-alike: the GET sends a body that is not empty', () => {
    expect(findings(relay('sparkHeaders', "'{}'"), ['get-request-content-type'])).toEqual([]);
  });
});

describe('a wrapper other files call whose body is sent only for some methods', () => {
  const wrapper = (gate: string, exported = 'export '): string => `export const API = { getSelf: "https://webexapis.com/v1/people/me" };
${exported}const makeRequest = async (url, body, opts = {}) => {
  const init = {
    method: opts.method ? opts.method : "POST",
    headers: { "content-type": "application/json", Authorization: \`Bearer \${opts.token}\` },
  };
  ${gate}
  return fetch(url, init);
};
export const peek = (t, url) => makeRequest(url, {}, { method: "HEAD", token: t });`;
  it('the header on every call of a wrapper whose own code has a bodiless path is likely (its callers are elsewhere)', () => {
    const code = wrapper('if (opts.method === "POST") { init.body = JSON.stringify(body); }');
    const found = analyzeFile({ filename: 'common.ts', text: code }, { catalog, notices: catalog.notices.filter((n) => n.id === 'get-request-content-type'), engine: {} }).matches;
    expect(found.map((m) => `${m.loc.start.line} ${m.confidence}`)).toEqual(['5 likely']);
    expect(found[0].fix).toBeUndefined();
  });
  it('look-alike: the body is sent on every call', () => {
    expect(findings(wrapper('init.body = JSON.stringify(body);'), ['get-request-content-type'], 'common.ts')).toEqual([]);
  });
  it('look-alike: the body is gated on something other than the method', () => {
    expect(findings(wrapper('if (body) { init.body = JSON.stringify(body); }'), ['get-request-content-type'], 'common.ts')).toEqual([]);
  });
  it('look-alike: a wrapper no other file can call (its calls here are all seen)', () => {
    expect(findings(wrapper('if (opts.method === "POST") { init.body = JSON.stringify(body); }', ''), ['get-request-content-type'], 'common.ts')).toEqual([]);
  });
});
