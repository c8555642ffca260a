/**
 * Issue 30 (CPU per repository): a call of an imported function is looked up as a forwarder of another module
 * (engine/api/aliases.ts `importedForwardedCallee`) only when the module that DECLARES the function may call a
 * client, read from module texts through the barrels' re-exports (engine/project/export-text.ts
 * `exportDeclarers`); before, any client call in the whole import closure of the module the name is imported from
 * let the lookup parse every barrel and module on the way. Unit tests of the text walk (answered, and every shape
 * it must leave unanswered), a module no longer parsed, and forwarders still found through barrels, a default
 * export and a class's static method. Synthesized code.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { getRequests } from '../engine/api/calls.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { declaresHere, exportDeclarers } from '../engine/project/export-text.js';
import { projectOf, type ProjectModel } from '../engine/project/modules.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const project = tempProjects('cm-forwarder-declarers-');
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-26' } });

/** `exportDeclarers` from `main.js` of a project with these files, as paths relative to the root (undefined: not answered). */
function declarers(files: Record<string, string>, specifier: string, name: string, kind: 'function' | 'class' = 'function'): string[] | undefined {
  const root = project({ 'main.js': '', ...files });
  const model = projectOf(path.join(root, 'main.js'))!;
  return exportDeclarers(model, path.join(root, 'main.js'), specifier, name, kind)?.map((f) => path.relative(root, f).split(path.sep).join('/'));
}

const LIB = {
  'lib/index.js': "export * from './util.js';\nexport * from './net.js';\nexport { send as post } from './send.js';\nexport { default as Api } from './api.js';\nexport { Local } from './local.js';\n",
  'lib/util.js': "export const pad = (s) => s.padStart(2);\nexport function trim(s) {\n  return s.trim();\n}\n",
  // Imports and uses `pad` without exporting it.
  'lib/net.js': "import { pad } from './util.js';\nexport function webexFetch(u, i) {\n  return fetch(u, i);\n}\nexport const padded = (u) => pad(u);\n",
  'lib/send.js': 'export async function send(u, i) {\n  return fetch(u, i);\n}\n',
  'lib/api.js': 'export default class Api {\n  static get(u, c) {\n    return fetch(u, c);\n  }\n}\n',
  // `export { Local }` of a name imported from another module, itself a default export.
  'lib/local.js': "import Local from './impl.js';\nexport { Local };\n",
  'lib/impl.js': 'function Local(u, i) {\n  return fetch(u, i);\n}\nexport default Local;\n',
};

describe('exportDeclarers: where an imported name is declared, read through re-exports', () => {
  it('follows export *, renamed and default re-exports, a local export of an import and export default Name', () => {
    expect(declarers(LIB, './lib/index.js', 'pad')).toEqual(['lib/util.js']);
    expect(declarers(LIB, './lib/index.js', 'trim')).toEqual(['lib/util.js']);
    expect(declarers(LIB, './lib/index.js', 'webexFetch')).toEqual(['lib/net.js']);
    expect(declarers(LIB, './lib/index.js', 'post')).toEqual(['lib/send.js']);
    expect(declarers(LIB, './lib/index.js', 'Api', 'class')).toEqual(['lib/api.js']);
    expect(declarers(LIB, './lib/index.js', 'Local')).toEqual(['lib/impl.js']);
    // A name no module of the chain exports; the renamed one is not exported under its old name.
    expect(declarers(LIB, './lib/index.js', 'missing')).toEqual([]);
    expect(declarers(LIB, './lib/index.js', 'send')).toEqual([]);
    // `export default new Api()`: no function nor class is found there.
    expect(declarers({ 'inst.js': 'class Api {}\nexport default new Api();\n' }, './inst.js', 'default', 'class')).toEqual([]);
  });

  it('reads a module once for every name asked of it, and afresh when its text changes', () => {
    const root = project({ 'main.js': '', ...LIB });
    const model = projectOf(path.join(root, 'main.js'))!;
    const ask = (name: string, kind: 'function' | 'class' = 'function'): string[] | undefined =>
      exportDeclarers(model, path.join(root, 'main.js'), './lib/index.js', name, kind)?.map((f) => path.relative(root, f).split(path.sep).join('/'));
    // The same barrel asked for several names, each twice, in one analysis and the next: the answers of a fresh walk.
    for (let round = 0; round < 2; round++) {
      model.begin();
      for (let i = 0; i < 2; i++) {
        expect(ask('pad')).toEqual(['lib/util.js']);
        expect(ask('post')).toEqual(['lib/send.js']);
        expect(ask('Api', 'class')).toEqual(['lib/api.js']);
        expect(ask('send')).toEqual([]);
      }
      model.end();
    }
    // The barrel changes on disk (another size): the next analysis reads its new text, not the reading of the old one.
    writeFileSync(path.join(root, 'lib/index.js'), "export { send } from './send.js';\nexport { pad as post } from './util.js';\nexport * from './api.js';\n");
    model.begin();
    expect(ask('send')).toEqual(['lib/send.js']);
    expect(ask('post')).toEqual(['lib/util.js']);
    expect(ask('pad')).toEqual([]);
    // A comment in a clause: not answered, though the old text was.
    writeFileSync(path.join(root, 'lib/index.js'), "export { send /* the one */ } from './send.js';\n");
    model.end();
    model.begin();
    expect(ask('send')).toBeUndefined();
    model.end();
  });

  it('leaves unanswered every shape the text cannot tell', () => {
    const one = (text: string, name = 'get'): string[] | undefined => declarers({ 'm.js': text }, './m.js', name);
    // A value that is no function written in place: `locate` may go on into another module.
    expect(one("import { other } from './o.js';\nexport const get = other;\n")).toBeUndefined();
    expect(one("import { other } from './o.js';\nexport const get = (other);\n")).toBeUndefined();
    // A commented-out declaration beside the real one, a local that shadows it, an assignment.
    expect(one('// export function get(u) {}\nexport const get = make();\n')).toBeUndefined();
    expect(one('export function get(u, i) {\n  return u;\n}\nfunction f() {\n  const get = 1;\n}\n')).toBeUndefined();
    expect(one('export let get = (u) => u;\nget = (u) => fetch(u);\n')).toBeUndefined();
    // CommonJS, `export * as`, `export =`-like forms, a destructuring export, `export` before a comment.
    expect(one('function get(u, i) {\n  return fetch(u, i);\n}\nmodule.exports = { get };\n')).toBeUndefined();
    expect(one("export * as get from './o.js';\n")).toBeUndefined();
    expect(one('export const { get } = api;\n')).toBeUndefined();
    expect(one('export /* the getter */ function get(u) {\n  return u;\n}\n')).toBeUndefined();
    // An escape that spells the name; a clause with a comment; a re-export of a default under a name unread.
    expect(one('export function \\u0067et(u) {\n  return u;\n}\n')).toBeUndefined();
    expect(one("export { a /* old */ as get } from './o.js';\n")).toBeUndefined();
    expect(one('const api = { get: (u) => u };\nexport default api;\n', 'default')).toBeUndefined();
    // An escape elsewhere in the text that does not spell the name does not stop the walk.
    expect(one("const s = '\\u00e9';\nexport function get(u) {\n  return u + s;\n}\n")).toEqual(['m.js']);
  });

  it('reads a declaration as a function in place: overloads, async, generic and typed arrows', () => {
    expect(declaresHere('export function get(a: string): string;\nexport function get(a: number): number;\nexport function get(a: any) {\n  return a;\n}\n', 'get', 'function')).toBe(true);
    expect(declaresHere('export const get = async <T extends Map<string, () => void>>(u: T): Promise<T> => u;\n', 'get', 'function')).toBe(true);
    expect(declaresHere('export const get = (u: string, i?: RequestInit): Promise<Response> => fetch(u, i);\n', 'get', 'function')).toBe(true);
    expect(declaresHere('export const get = async function (u) {\n  return u;\n};\n', 'get', 'function')).toBe(true);
    expect(declaresHere('export const get = u => u;\n', 'get', 'function')).toBe(true);
    // Look-alikes: a parenthesised name, a conditional, a call, a class where a function is asked for.
    expect(declaresHere('export const get = (other as any);\n', 'get', 'function')).toBe(false);
    expect(declaresHere('export const get = (a) ? b : c;\n', 'get', 'function')).toBe(false);
    expect(declaresHere('export const get = make(u => u);\n', 'get', 'function')).toBe(false);
    expect(declaresHere('export class get {}\n', 'get', 'function')).toBe(false);
    expect(declaresHere('export default class Api {}\n', 'Api', 'class')).toBe(true);
  });
});

describe('a call of an imported function that is no forwarder', () => {
  it('does not parse the module it comes from when that module cannot call a client (its import closure can)', () => {
    const root = project({
      // `decode` is declared in decode.js, which calls no client; net.js, which it imports, holds a fetch forwarder.
      'decode.js': "import { webexFetch } from './net.js';\nexport function decode(data) {\n  return JSON.parse(data);\n}\nexport const load = (u) => webexFetch(u);\n",
      'net.js': 'export function webexFetch(u, i) {\n  return fetch(u, i);\n}\n',
      'export.js': "import { decode } from './decode.js';\nexport function send(where, body) {\n  return fetch('https://webexapis.com/v1/' + where, { method: 'POST', body: JSON.stringify(body) });\n}\nexport function other(x) {\n  return decode(x);\n}\n",
      'app.js': "import { send } from './export.js';\nexport const made = send('rooms', { title: 'standup' });\n",
    });
    const model: ProjectModel = projectOf(path.join(root, 'app.js'))!;
    const app = model.module(path.join(root, 'app.js'))!;
    model.begin();
    const requests = getRequests(app, catalog);
    model.end();
    expect(requests.map((r) => [r.method, r.url?.value])).toEqual([['POST', 'https://webexapis.com/v1/rooms']]);
    // Summarising send reads export.js's requests; its call `decode(x)` is no longer followed into decode.js.
    const parsed = [...(model as unknown as { modules: Map<string, unknown> }).modules.keys()].map((f) => path.basename(f)).sort();
    expect(parsed).toEqual(['app.js', 'export.js']);
  });
});

describe('forwarders of other modules are still found', () => {
  const caller = (head: string, invoke: string): string =>
    `${head}\nexport async function rooms(token) {\n  const options = {\n    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token },\n  };\n  return ${invoke}('https://webexapis.com/v1/rooms', options);\n}\n`;
  const scan = (files: Record<string, string>): string[] => {
    const root = project(files);
    return analyzeFile({ filename: path.join(root, 'main.js'), text: files['main.js'] }, only('get-request-content-type')).matches.map((m: Match) => `${m.loc.start.line} ${m.confidence}`);
  };

  it('through export *, a renamed re-export, a default class static method and a local export of a default import', () => {
    expect(scan({ ...LIB, 'main.js': caller("import { webexFetch } from './lib/index.js';", 'webexFetch') })).toEqual(['4 certain']);
    expect(scan({ ...LIB, 'main.js': caller("import { post } from './lib/index.js';", 'post') })).toEqual(['4 certain']);
    expect(scan({ ...LIB, 'main.js': caller("import { Api } from './lib/index.js';", 'Api.get') })).toEqual(['4 certain']);
    expect(scan({ ...LIB, 'main.js': caller("import { Local } from './lib/index.js';", 'Local') })).toEqual(['4 certain']);
    expect(scan({ ...LIB, 'main.js': caller("import * as lib from './lib/index.js';", 'lib.webexFetch') })).toEqual(['4 certain']);
  });

  it('look-alike: a function of the same barrel that is no forwarder', () => {
    expect(scan({ ...LIB, 'main.js': caller("import { trim } from './lib/index.js';", 'trim') })).toEqual([]);
  });
});
