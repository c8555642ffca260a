// Google Apps Script: UrlFetchApp.fetch as an HTTP client, and `.gs` files read as JavaScript only in an Apps Script project.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { analyzeFile } from '../engine/analyze.js';
import { getRequests } from '../engine/api/index.js';
import { fileLanguage } from '../engine/read/language.js';
import { isAppsScriptSource } from '../engine/read/apps-script.js';
import { contextOf } from './helpers/snippets.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const projects = tempProjects('cm-apps-script-');
const scan = (root: string, rel: string): string[] => {
  const file = path.join(root, rel);
  return analyzeFile({ filename: file, text: readFileSync(file, 'utf8') }, { catalog, notices: catalog.notices.filter((n) => n.id === 'get-request-content-type'), engine: {} })
    .matches.map((m) => `${m.loc.start.line} ${m.noticeId}`);
};

const bot = `var TOKEN = PropertiesService.getScriptProperties().getProperty('TOKEN');
function doPost(e) {
  var event = JSON.parse(e.postData.contents);
  var base = 'https://webexapis.com/v1/messages';
  var res = UrlFetchApp.fetch(base + '/' + event.data.id, {
    'headers': {
      'Content-Type': 'application/json; charset=UTF-8',
      'Authorization': 'Bearer ' + TOKEN,
    },
    'method': 'get'
  });
  return JSON.parse(res.getContentText()).text;
}`;

describe('UrlFetchApp.fetch as an HTTP client', () => {
  it('reads method, headers, contentType and payload', () => {
    const [get] = getRequests(contextOf(bot, 'bot.js'), catalog);
    expect(get.client).toBe('urlfetchapp');
    expect(get.method).toBe('GET');
    expect(get.isApi).toBe(true);
    expect(get.headers.map((h) => h.name)).toEqual(['Content-Type', 'Authorization']);
    const post = getRequests(contextOf(`UrlFetchApp.fetch('https://webexapis.com/v1/messages', { method: 'post', contentType: 'application/json', payload: JSON.stringify({ text: 'hi' }) });`, 'post.js'), catalog);
    expect(post[0].method).toBe('POST');
    expect(post[0].body?.format).toBe('json');
    expect(post[0].headers.map((h) => h.name)).toEqual(['Content-Type']);
    // No params: a GET.
    expect(getRequests(contextOf(`UrlFetchApp.fetch('https://webexapis.com/v1/rooms');`, 'g.js'), catalog)[0].method).toBe('GET');
  });
  it('a GET with a Content-Type header (or contentType) to the API is reported', () => {
    const root = projects({ 'bot.js': bot, 'ct.js': `function f() { return UrlFetchApp.fetch('https://webexapis.com/v1/rooms', { method: 'get', contentType: 'application/json' }); }` });
    expect(scan(root, 'bot.js')).toEqual(['7 get-request-content-type']);
    expect(scan(root, 'ct.js')).toEqual(['1 get-request-content-type']);
  });
  it('look-alikes: a POST with a payload, another host, a UrlFetchApp the file declares itself', () => {
    const root = projects({
      'post.js': `function f() { return UrlFetchApp.fetch('https://webexapis.com/v1/messages', { method: 'post', headers: { 'Content-Type': 'application/json' }, payload: JSON.stringify({ text: 'hi' }) }); }`,
      'other.js': `function f() { return UrlFetchApp.fetch('https://example.com/v1/rooms', { method: 'get', headers: { 'Content-Type': 'application/json' } }); }`,
      'own.js': `const UrlFetchApp = { fetch: (u, o) => o };\nUrlFetchApp.fetch('https://webexapis.com/v1/rooms', { method: 'get', headers: { 'Content-Type': 'application/json' } });`,
    });
    expect(scan(root, 'post.js')).toEqual([]);
    expect(scan(root, 'other.js')).toEqual([]);
    expect(scan(root, 'own.js')).toEqual([]);
  });
});

describe('.gs files are read as JavaScript only in an Apps Script project', () => {
  const plain = `function f() {\n  return fetchIt('https://webexapis.com/v1/rooms', { method: 'get', headers: { 'Content-Type': 'application/json' } });\n}\nfunction fetchIt(u, o) { return fetch(u, o); }`;
  it('a .gs file that uses Apps Script globals is read', () => {
    const root = projects({ 'src/Code.gs': bot });
    expect(fileLanguage('Code.gs')).toBe('js');
    expect(scan(root, 'src/Code.gs')).toEqual(['7 get-request-content-type']);
  });
  it('a .gs file under a folder with appsscript.json or .clasp.json is read', () => {
    const manifest = projects({ 'appsscript.json': '{"timeZone":"Etc/UTC"}', 'src/api/Code.gs': `function f() { return fetch('https://webexapis.com/v1/rooms', { headers: { 'Content-Type': 'application/json' } }); }` });
    expect(scan(manifest, 'src/api/Code.gs')).toEqual(['1 get-request-content-type']);
    const clasp = projects({ '.clasp.json': '{"scriptId":"x"}', 'Code.gs': bot });
    expect(isAppsScriptSource(path.join(clasp, 'Code.gs'), 'function f() {}')).toBe(true);
  });
  it('look-alike: a .gs file of another language (no manifest, no Apps Script global) is never parsed', () => {
    // Grammatical Framework-like text: would not parse as JavaScript; it is not reported as a parse failure either.
    const root = projects({ 'grammar/Foods.gs': `abstract Foods = {\n  flags startcat = Comment ;\n  cat Comment ; Item ;\n  -- https://webexapis.com/v1/rooms 'Content-Type'\n}\n`, 'lib/plain.gs': plain });
    const file = path.join(root, 'grammar/Foods.gs');
    const result = analyzeFile({ filename: file, text: readFileSync(file, 'utf8') }, { catalog, notices: catalog.notices, engine: {} });
    expect(result).toMatchObject({ language: 'unsupported', parsed: false, matches: [] });
    expect(result.parseError).toBeUndefined();
    // JavaScript-looking text in a .gs file outside an Apps Script project is not read either.
    expect(scan(root, 'lib/plain.gs')).toEqual([]);
    expect(isAppsScriptSource(path.join(root, 'lib/plain.gs'), plain)).toBe(false);
  });
  it('the marker is looked for no further up than the repository root (a .git folder)', () => {
    const outer = projects({ 'appsscript.json': '{}', 'inner/.git/HEAD': 'ref: refs/heads/main\n', 'inner/Code.gs': 'function f() {}' });
    expect(isAppsScriptSource(path.join(outer, 'inner/Code.gs'), 'function f() {}')).toBe(false);
  });
});
