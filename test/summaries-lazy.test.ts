/**
 * Summaries of imported functions are made from the requests inside the function a call reaches
 * (engine/api/calls.ts requestsWithin): the same requests as the whole file's getRequests restricted to that
 * function, without following the file's other calls into other modules.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { getRequests, requestsWithin, type HttpRequest } from '../engine/api/calls.js';
import { projectOf, type ProjectModel } from '../engine/project/modules.js';
import { FileContext, type Node } from '../engine/parse/file-context.js';
import { parseSource } from '../engine/parse/parse.js';
import { callsReaching } from '../engine/api/wrappers.js';
import { sourceFilesUnder } from './helpers/fixtures.js';

const catalog = loadCatalog();
const CASES = fileURLToPath(new URL('./fixtures-project/cross-file/', import.meta.url));

function key(r: HttpRequest): string {
  return JSON.stringify([r.node.range, r.client, r.method ?? null, r.url ?? null, r.isApi, r.headers.map((h) => [h.name, h.inherited ?? false]), r.wrapper ? true : false]);
}

function functionsOf(file: FileContext): Node[] {
  return [T.FunctionDeclaration, T.FunctionExpression, T.ArrowFunctionExpression].flatMap((t) => file.nodes(t) as Node[]);
}

/** A module as the project model parses it (a fresh model per call: nothing cached from another test). */
function moduleOf(file: string): { model: ProjectModel; context: FileContext } {
  const model = projectOf(file)!;
  const context = model.module(file)!;
  return { model, context };
}

describe('requests inside one function', () => {
  it('are those of the whole file inside it, in the same order, for every function of the cross-file fixtures', () => {
    let compared = 0;
    for (const file of sourceFilesUnder(CASES)) {
      const whole = moduleOf(file).context;
      if (!whole) continue;
      const all = getRequests(whole, catalog);
      for (const fn of functionsOf(whole)) {
        const inside = all.filter((r) => r.node.range[0] >= fn.range[0] && r.node.range[1] <= fn.range[1]).map(key);
        expect(requestsWithin(whole, catalog, fn).map(key), `${file} at ${fn.range[0]}`).toEqual(inside);
        if (inside.length > 0) compared++;
      }
    }
    // The fixtures hold functions that make requests (directly, through a wrapper, through an imported function).
    expect(compared).toBeGreaterThan(5);
  });
});

describe('a call of an imported function', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-lazy-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, '.git'));
  writeFileSync(
    path.join(dir, 'api.ts'),
    [
      "import { slow } from './heavy';",
      'export function send(where: string, body: object) {',
      "  return fetch('https://webexapis.com/v1/' + where, { method: 'POST', body: JSON.stringify(body) });",
      '}',
      'export function other(id: string) {',
      '  return slow(id);',
      '}',
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(dir, 'heavy.ts'), "export function slow(id: string) {\n  return fetch('https://webexapis.com/v1/people/' + id);\n}\n");
  writeFileSync(path.join(dir, 'app.ts'), "import { send } from './api';\nexport const made = send('rooms', { title: 'standup' });\n");

  it('reads the request of the function it calls, and does not parse a module only another function of it calls', () => {
    const { model, context } = moduleOf(path.join(dir, 'app.ts'));
    model.begin();
    const requests = getRequests(context, catalog);
    model.end();
    expect(requests.map((r) => [r.method, r.url?.value])).toEqual([['POST', 'https://webexapis.com/v1/rooms']]);
    const parsed = [...(model as unknown as { modules: Map<string, unknown> }).modules.keys()].map((f) => path.basename(f)).sort();
    expect(parsed).toEqual(['api.ts', 'app.ts']);
  });
});

/** A fresh tree of a file, linked to its project (no request of it read yet: nothing memoized on it). */
function freshContext(file: string): FileContext | undefined {
  const text = readFileSync(file, 'utf8');
  const parsed = parseSource(text, file, undefined, { ranges: false });
  if (!parsed.ok) return undefined;
  const context = new FileContext(file, text, parsed.ast);
  context.links = projectOf(file);
  return context;
}

describe('requests inside one function, read from the calls that reach it (wrappers.ts callsReaching)', () => {
  it('are those of the whole file inside it, for every function of the cross-file fixtures, when the function is read first', () => {
    let restricted = 0;
    let compared = 0;
    for (const file of sourceFilesUnder(CASES)) {
      const whole = freshContext(file);
      if (!whole) continue;
      const all = getRequests(whole, catalog);
      const fns = functionsOf(whole);
      for (const [i, fn] of fns.entries()) {
        // A tree of its own per function: its requests are read before anything else of the file.
        const alone = freshContext(file)!;
        const same = functionsOf(alone)[i];
        const calls = callsReaching(alone, same);
        if (calls) restricted++;
        const inside = all.filter((r) => r.node.range[0] >= fn.range[0] && r.node.range[1] <= fn.range[1]).map(key);
        expect(requestsWithin(alone, catalog, same).map(key), `${file} at ${fn.range[0]}`).toEqual(inside);
        if (inside.length > 0) compared++;
      }
    }
    // Both kinds are compared: functions read from part of the file, and functions with requests.
    expect(restricted).toBeGreaterThan(20);
    expect(compared).toBeGreaterThan(5);
  });
});

describe('callsReaching', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-reach-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, '.git'));
  const contextOf = (name: string, lines: string[]): FileContext => {
    const file = path.join(dir, name);
    writeFileSync(file, lines.join('\n'));
    return freshContext(file)!;
  };
  const fnNamed = (file: FileContext, name: string): Node => {
    const found = functionsOf(file).find((f) => {
      const parent = file.parentOf(f);
      if (f.type === 'FunctionDeclaration') return f.id?.name === name;
      if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name === name;
      if ((parent?.type === 'MethodDefinition' || parent?.type === 'Property') && parent.key.type === 'Identifier') return parent.key.name === name;
      if (parent?.type === 'AssignmentExpression' && parent.left.type === 'MemberExpression' && parent.left.property.type === 'Identifier') return parent.left.property.name === name;
      return false;
    });
    if (!found) throw new Error(`no function ${name}`);
    return found;
  };
  /** requestsWithin on a fresh tree gives the whole file's requests inside the function (`count` of them at least, 0: none). */
  const sameAsWhole = (file: FileContext, name: string, count: number): void => {
    const whole = freshContext(file.filename)!;
    const fn = fnNamed(whole, name);
    const inside = getRequests(whole, catalog).filter((r) => r.node.range[0] >= fn.range[0] && r.node.range[1] <= fn.range[1]);
    if (count === 0) expect(inside).toHaveLength(0);
    else expect(inside.length).toBeGreaterThanOrEqual(count);
    expect(requestsWithin(file, catalog, fnNamed(file, name)).map(key)).toEqual(inside.map(key));
  };
  /** The callees (as written) of the calls it gives, in document order; 'all' for undefined. */
  const callees = (file: FileContext, fn: Node): string[] | 'all' => {
    const calls = callsReaching(file, fn);
    if (!calls) return 'all';
    return file
      .nodes(T.CallExpression)
      .filter((c) => calls.has(c))
      .map((c) => file.text.slice(c.callee.range[0], c.callee.range[1]));
  };

  it('takes the wrappers a function calls, two levels out, and leaves the functions it does not call', () => {
    const file = contextOf('levels.ts', [
      "import { slow } from './heavy';",
      'function raw(u: string, init: object) { return fetch(u, init); }',
      'function post(path: string, body: object) { return raw(BASE + path, { method: "POST", body: JSON.stringify(body) }); }',
      'export function createRoom(title: string) { return post("/rooms", { title }); }',
      'export function other(id: string) { return slow(id); }',
      'export function unused(id: string) { return console.log(id); }',
      'const BASE = "https://webexapis.com/v1";',
    ]);
    expect(callees(file, fnNamed(file, 'createRoom'))).toEqual(['fetch', 'raw', 'JSON.stringify', 'post']);
    // Look-alike: `other` calls nothing of the file; `slow(id)` and `console.log` are not read for it.
    expect(callees(file, fnNamed(file, 'other'))).toEqual(['slow']);
    sameAsWhole(file, 'createRoom', 1);
    sameAsWhole(file, 'other', 0);
  });

  it('takes methods called through this, the class, an instance, an object literal and a prototype, by their keys', () => {
    const file = contextOf('members.js', [
      'class Api {',
      '  request(m, u) { return fetch(u, { method: m }); }',
      '  static send(u) { return fetch(u); }',
      '  list(u) { return this.request("GET", u); }',
      '}',
      'const client = { call(u) { return fetch(u); } };',
      'function Old() {}',
      'Old.prototype.get = function (u) { return fetch(u); };',
      'Old.prototype.rooms = function (u) { return this.get(u); };',
      'export function viaThis(u) { return new Api().list(u); }',
      'export function viaStatic(u) { return Api.send(u); }',
      'export function viaObject(u) { return client.call(u); }',
      'export function viaPrototype(u) { return new Old().rooms(u); }',
      'export function none(u) { return String(u); }',
    ]);
    expect(callees(file, fnNamed(file, 'viaThis'))).toEqual(['fetch', 'this.request', 'new Api().list']);
    expect(callees(file, fnNamed(file, 'viaStatic'))).toEqual(['fetch', 'Api.send']);
    expect(callees(file, fnNamed(file, 'viaObject'))).toEqual(['fetch', 'client.call']);
    expect(callees(file, fnNamed(file, 'viaPrototype'))).toEqual(['fetch', 'this.get', 'new Old().rooms']);
    expect(callees(file, fnNamed(file, 'none'))).toEqual(['String']);
    for (const name of ['viaThis', 'viaStatic', 'viaObject', 'list', 'rooms']) sameAsWhole(file, name, 1);
    // `new Old().rooms(u)` is no call site of a prototype method (those are `this.` and `self.` calls of its constructor's).
    sameAsWhole(file, 'viaPrototype', 0);
    expect(callees(file, fnNamed(file, 'rooms'))).toEqual(['fetch', 'this.get']);
  });

  it('takes a curried sender whatever the names, and every call in a file that binds methods', () => {
    const curried = contextOf('curried.js', [
      'const api = (method) => (path) => fetch(path, { method });',
      'const get = api("GET");',
      'export function rooms(u) { return get(u); }',
    ]);
    expect(callees(curried, fnNamed(curried, 'rooms'))).toEqual(['fetch', 'get']);
    sameAsWhole(curried, 'rooms', 1);
    const bound = contextOf('bound.js', [
      'class Api {',
      '  constructor() { this.get = this.request.bind(this, "GET"); }',
      '  request(m, u) { return fetch(u, { method: m }); }',
      '  rooms(u) { return this.get(u); }',
      '  other(u) { return String(u); }',
      '}',
    ]);
    expect(callees(bound, fnNamed(bound, 'other'))).toBe('all');
  });

  it('spares the forwarder lookups of the calls that cannot reach the summarized function', () => {
    const app = path.join(dir, 'lazy-app.ts');
    writeFileSync(path.join(dir, 'lazy-api.ts'), [
      "import { slow } from './lazy-heavy';",
      'export function send(where: string, body: object) {',
      "  return fetch('https://webexapis.com/v1/' + where, { method: 'POST', body: JSON.stringify(body) });",
      '}',
      'export function other(id: string) {',
      '  return slow(id, 1);',
      '}',
      '',
    ].join('\n'));
    // A forwarder of a client: `slow(id, 1)` would be read as a fetch made in `other`.
    writeFileSync(path.join(dir, 'lazy-heavy.ts'), 'export function slow(u: string, n: number) {\n  return fetch(u, n);\n}\n');
    writeFileSync(app, "import { send } from './lazy-api';\nexport const made = send('rooms', { title: 'standup' });\n");
    const { model, context } = moduleOf(app);
    model.begin();
    const requests = getRequests(context, catalog);
    const reads = [...model.end().keys()].filter((k) => !k.startsWith('\0')).map((f) => path.basename(f)).sort();
    expect(requests.map((r) => [r.method, r.url?.value])).toEqual([['POST', 'https://webexapis.com/v1/rooms']]);
    // `lazy-heavy.ts` is read only to ask whether `slow` forwards to a client, for a call `send` does not make.
    expect(reads).not.toContain('lazy-heavy.ts');
    expect(reads).toContain('lazy-api.ts');
  });
});
