/**
 * Issue 26, hold-out sets 9 and 10 after their first runs (docs/evaluation.md, "Hold-out set 9 after its first
 * run"): the shapes behind their misses, each with the platform's case that must be found and look-alikes that
 * must stay quiet (synthesized code, nothing copied from the sets' repositories).
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
const lines = (m: readonly Match[]): string[] => m.map((x) => `${x.noticeId} ${x.loc.start.line}`);
const getCt = only('get-request-content-type');
const project = tempProjects('cm-holdout910-shapes-');
// On disk, in a project: the project model reads a constructor's assumed defaults (engine/api/bindings.ts).
const scanProject = (text: string, rel: string, opts: AnalyzeOptions): Match[] => analyzeFile({ filename: path.join(project({ [rel]: text }), rel), text }, opts).matches;

describe('an ES5 client: prototype helpers called through `self`/`this` (get-request-content-type)', () => {
  const client = (ctor: string, call: string): string => `var request = require('request');
function Spaces(token, base) {
  this.token = token;
${ctor}
}
Spaces.prototype._read = function (url, qs, done) {
  var self = this;
  request({ method: 'GET', headers: { 'content-type': 'application/json' }, uri: url, qs: qs, auth: { bearer: self.token } }, done);
};
Spaces.prototype.listSpaces = function (done) {
  var self = this;
  var url = this.base + 'rooms';
  ${call}(url, { max: 10 }, done);
};
module.exports = Spaces;
`;
  it('positive: `self._read(url)` with the base the constructor writes unconditionally', () => {
    expect(lines(scan(client("  this.base = 'https://webexapis.com/v1/';", 'self._read'), 'spaces.js', getCt))).toEqual(['get-request-content-type 8']);
  });
  it('positive: `this._read(url)`, the base a parameter or the legacy default (`if (base) ... else ...`)', () => {
    const ctor = "  if (base) this.base = base;\n  else this.base = 'https://api.ciscospark.com/v1/';";
    expect(lines(scanProject(client(ctor, 'this._read'), 'spaces.js', getCt))).toEqual(['get-request-content-type 9']);
    // Without the project model (a text alone) an assumed default is not read.
    expect(lines(scan(client(ctor, 'this._read'), 'spaces.js', getCt))).toEqual([]);
    const braces = "  if (!base) {\n    this.base = 'https://api.ciscospark.com/v1/';\n  } else {\n    this.base = base;\n  }";
    expect(lines(scanProject(client(braces, 'self._read'), 'spaces.js', getCt))).toEqual(['get-request-content-type 12']);
  });
  it('positive: a GET helper of the same client whose URL its caller passes through (`getFile(url)` -> `self._file(url)`): likely', () => {
    const code = client("  this.base = 'https://webexapis.com/v1/';", 'self._read').replace(
      'module.exports = Spaces;',
      `Spaces.prototype._file = function (url, done) {
  request({ method: 'GET', headers: { 'content-type': 'application/json' }, encoding: null, uri: url }, done);
};
Spaces.prototype.getFile = function (fileUrl, done) {
  var self = this;
  self._file(fileUrl, done);
};
module.exports = Spaces;`,
    );
    const found = scan(code, 'spaces.js', getCt);
    expect(found.map((m) => `${m.loc.start.line} ${m.confidence}`)).toEqual(['8 certain', '16 likely']);
    expect(found[1].confidenceReason).toMatch(/client class whose other requests call the API/);
  });
  it('look-alike: the same pass-through helper in a class none of whose requests calls the API stays quiet', () => {
    const code = client("  this.base = 'https://tickets.example.com/api/';", 'self._read').replace(
      'module.exports = Spaces;',
      `Spaces.prototype._file = function (url, done) {
  request({ method: 'GET', headers: { 'content-type': 'application/json' }, uri: url }, done);
};
Spaces.prototype.getFile = function (fileUrl, done) { this._file(fileUrl, done); };
module.exports = Spaces;`,
    );
    expect(lines(scan(code, 'spaces.js', getCt))).toEqual([]);
  });
  it('look-alike: the same client whose default base is another service stays quiet', () => {
    const ctor = "  if (base) this.base = base;\n  else this.base = 'https://tickets.example.com/api/';";
    expect(lines(scanProject(client(ctor, 'self._read'), 'spaces.js', getCt))).toEqual([]);
  });
  it('look-alike: a `self` that is not `this`, and another constructor\'s same-named method, are not calls of the helper', () => {
    const code = `var request = require('request');
function Files(token) { this.token = token; }
Files.prototype._read = function (url, qs, done) {
  request({ method: 'GET', headers: { 'content-type': 'application/json' }, uri: url, qs: qs }, done);
};
function Rooms(files) { this.files = files; }
Rooms.prototype.list = function (done) {
  var self = this.files;
  self._read('https://webexapis.com/v1/rooms', {}, done);
};
Rooms.prototype._read = function () { return 0; };
module.exports = { Files: Files, Rooms: Rooms };
`;
    expect(lines(scan(code, 'files.js', getCt))).toEqual([]);
  });
  it('look-alike: the two writes are not a parameter and its default (both from parameters)', () => {
    const ctor = "  if (base) this.base = base;\n  else this.base = token;";
    expect(lines(scanProject(client(ctor, 'self._read'), 'spaces.js', getCt))).toEqual([]);
  });
});

describe('an unknown client\'s method named for GET, given a platform URL and a header object (get-request-content-type)', () => {
  it('positive: `ctx.http.makeGet(url, headers, cb)` with a JSON Content-Type: likely, saying why; its POST sibling stays quiet', () => {
    const code = `var token = 'Bearer x';
function lookup(ctx, name) {
  var url = 'https://webexapis.com/v1/people?displayName=' + name;
  var hdrs = { Authorization: token, 'Content-Type': 'application/json' };
  ctx.http.makeGet(url, hdrs, onPeople);
}
function onPeople(ctx, event) { return event; }
function say(ctx, text) {
  var hdrs = { Authorization: token, 'Content-Type': 'application/json' };
  ctx.http.makePost('https://webexapis.com/v1/messages', JSON.stringify({ text: text }), hdrs);
}
`;
    const found = scan(code, 'bot.js', getCt);
    expect(found.map((m) => `${m.loc.start.line} ${m.confidence}`)).toEqual(['4 likely']);
    expect(found[0].confidenceReason).toMatch(/`makeGet` of a client this tool does not read/);
    const inline = "const api = require('./api');\nexport const me = (t) => api.httpGet('https://webexapis.com/v1/people/me', { Authorization: t, 'Content-Type': 'application/json' });\n";
    expect(lines(scan(inline, 'me.js', getCt))).toEqual(['get-request-content-type 2']);
  });
  it('look-alike: a cache or Map `get(key, obj)`, a GET-named method given a key that is no URL, jQuery\'s `$.getJSON(url, data)`', () => {
    const code = `const cache = new Map();
function remember(store, name) {
  const url = 'https://webexapis.com/v1/people?displayName=' + name;
  const meta = { 'Content-Type': 'application/json' };
  store.get(url, meta);
  cache.get(url, meta);
  store.makeGet('people-' + name, meta);
  $.getJSON(url, { 'Content-Type': 'application/json' });
}
`;
    expect(lines(scan(code, 'store.js', getCt))).toEqual([]);
  });
});

describe('Angular HttpClient GETs with HttpHeaders (get-request-content-type)', () => {
  const service = (body: string): string => `import { Injectable } from '@angular/core';
import { HttpClient, HttpHeaders } from '@angular/common/http';

@Injectable()
export class SpacesService {
  base = 'https://webexapis.com/v1/rooms';
  constructor(private http: HttpClient) {}
${body}
}
`;
  it('positive: `headers: this.jsonHeaders()`, a method returning `new HttpHeaders({...})`: reported once, at the helper', () => {
    const body = `  jsonHeaders() {
    return new HttpHeaders({ 'Content-Type': 'application/json', Authorization: 'Bearer ' + localStorage.getItem('t') });
  }
  list() { return this.http.get(this.base, { headers: this.jsonHeaders() }); }
  rename(id: string, title: string) { return this.http.put(this.base + '/' + id, { title }, { headers: this.jsonHeaders() }); }`;
    expect(lines(scan(service(body), 'spaces.service.ts', getCt))).toEqual(['get-request-content-type 9']);
  });
  it('positive: a local `new HttpHeaders({...})` passed as a GET\'s headers', () => {
    const body = `  me() {
    const headers = new HttpHeaders({ Authorization: 'Bearer x', 'Content-Type': 'application/json' });
    return this.http.get('https://webexapis.com/v1/people/me', { headers: headers });
  }`;
    expect(lines(scan(service(body), 'me.service.ts', getCt))).toEqual(['get-request-content-type 9']);
  });
  it('look-alike: the helper only used by writes, and `HttpHeaders.append` whose copy is dropped, stay quiet', () => {
    const body = `  jsonHeaders() {
    return new HttpHeaders({ 'Content-Type': 'application/json' });
  }
  rename(id: string, title: string) { return this.http.put(this.base + '/' + id, { title }, { headers: this.jsonHeaders() }); }
  me() {
    const headers = new HttpHeaders({ Authorization: 'Bearer x' });
    headers.append('Content-Type', 'application/json');
    return this.http.get('https://webexapis.com/v1/people/me', { headers });
  }`;
    expect(lines(scan(service(body), 'spaces.service.ts', getCt))).toEqual([]);
  });
});
