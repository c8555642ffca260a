/**
 * The text-level pre-check before the project model follows a call into another module (issue 26's speed
 * budget): ProjectModel.reaches through importsMayRequest (engine/api/summaries.ts). A module is parsed to
 * follow a call only when it, or a module it imports, may make a request; a file that holds a request-field
 * detection's own tokens without an API marker is read with its imports only then. Each case says what must
 * still be followed (a finding must not be lost) and what is ruled out.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { importsMayRequest } from '../engine/api/summaries.js';
import { ProjectModel } from '../engine/project/modules.js';
import { projectRootOf } from '../engine/project/resolve.js';
import { tempProjects, writeProjectFiles } from './helpers/temp-project.js';

const catalog = loadCatalog();
const notices = catalog.notices.filter((n) => n.status !== 'informational');
const options: AnalyzeOptions = { catalog, notices, engine: { today: '2026-11-22' } };

const projects = tempProjects('cm-reaches-');
/** A project in a temporary folder (its own `.git` marks the root); returns the root. */
const project = (files: Record<string, string>): string => projects({ 'package.json': '{ "name": "p", "private": true }', ...files });

/** importsMayRequest for `caller.ts` of a fresh project. */
function mayRequest(files: Record<string, string>): boolean {
  const root = project(files);
  const model = new ProjectModel(root);
  model.begin();
  try {
    return importsMayRequest(model, path.join(root, 'caller.ts'), files['caller.ts'], catalog);
  } finally {
    model.end();
  }
}

describe('whether a module a file imports may make a request (text alone)', () => {
  it('a client two imports below counts (the summaries follow calls through every module)', () => {
    expect(
      mayRequest({
        'caller.ts': "import { save } from './lib/store';\nexport const run = () => save(1);\n",
        'lib/store.ts': "import { send } from '../transport';\nexport const save = (x: number) => send('/people', x);\n",
        'transport.ts': 'export const send = (url: string, body: unknown) => fetch(url, { method: "POST", body: JSON.stringify(body) });\n',
      }),
    ).toBe(true);
  });

  it('modules that make no request, however deep, rule the file out', () => {
    expect(
      mayRequest({
        'caller.ts': "import { label } from './util';\nexport const run = () => label(1);\n",
        'util.ts': "import { pad } from './format';\nexport const label = (n: number) => pad(String(n));\n",
        'format.ts': '// the fetch call is elsewhere; we got here by a plain import\nexport const pad = (s: string) => s.padStart(4, "0");\n',
      }),
    ).toBe(false);
  });

  it('a module edited between two analyses is read again (checked once per analysed file, not once per process)', () => {
    const files = {
      'caller.ts': "import { label } from './util';\nexport const run = () => label(1);\n",
      'util.ts': "import { pad } from './format';\nexport const label = (n: number) => pad(String(n));\n",
      'format.ts': 'export const pad = (s: string) => s.padStart(4, "0");\n',
    };
    const root = project(files);
    const model = new ProjectModel(root);
    const ask = (): boolean => {
      model.begin();
      try {
        // Asked twice in one analysis: the second answer comes from what the first read.
        const first = importsMayRequest(model, path.join(root, 'caller.ts'), files['caller.ts'], catalog);
        expect(importsMayRequest(model, path.join(root, 'caller.ts'), files['caller.ts'], catalog)).toBe(first);
        return first;
      } finally {
        model.end();
      }
    };
    expect(ask()).toBe(false);
    writeFileSync(path.join(root, 'format.ts'), 'export const pad = (s: string) => fetch(`/pad/${s}`);\n');
    expect(ask()).toBe(true);
  });

  it('a closure found to reach a request is not walked again for a later file, and records the same modules', () => {
    const files = {
      'caller.ts': "import { save } from './lib/store';\nexport const run = () => save(1);\n",
      'lib/store.ts': "import { send } from '../transport';\nexport const save = (x: number) => send('/people', x);\n",
      'transport.ts': 'export const send = (url: string, body: unknown) => fetch(url, { method: "POST", body: JSON.stringify(body) });\n',
    };
    const root = project(files);
    const model = new ProjectModel(root);
    const ask = (): [boolean, string[]] => {
      model.begin();
      const answer = importsMayRequest(model, path.join(root, 'caller.ts'), files['caller.ts'], catalog);
      return [answer, [...model.end().keys()].map((f) => (f.startsWith('\0') ? f : path.relative(root, f))).sort()];
    };
    const first = ask();
    // The modules, and the folders their specifiers were resolved in (keys starting with NUL).
    expect([first[0], first[1].filter((k) => !k.startsWith('\0'))]).toEqual([true, ['lib/store.ts', 'transport.ts']]);
    expect(first[1]).toContain(`\0list\0${path.join(root, 'lib')}`);
    // The second file's answer is the first one's, with no module read from disk (their texts are not even checked).
    const reads = (model as unknown as { textOf: (f: string) => unknown }).textOf;
    let read = 0;
    (model as unknown as { textOf: (f: string) => unknown }).textOf = function (this: unknown, f: string) {
      read++;
      return reads.call(this, f);
    };
    expect(ask()).toEqual(first);
    expect(read).toBe(0);
  });

  it('an unidentified client counts with an API host in a module it imports; without one it does not', () => {
    const client = "import { BASE } from './urls';\nexport class Api { constructor(private http: any) {}\n  update(id: string, b: unknown) { return this.http.put(`${BASE}/things/${id}`, b); } }\n";
    const caller = "import { Api } from './api';\nexport const run = (api: Api) => api.update('1', {});\n";
    expect(mayRequest({ 'caller.ts': caller, 'api.ts': client, 'urls.ts': "export const BASE = 'https://webexapis.com/v1';\n" })).toBe(true);
    expect(mayRequest({ 'caller.ts': caller, 'api.ts': client, 'urls.ts': "export const BASE = 'https://example.org';\n" })).toBe(false);
  });

  it('a client method called with type arguments counts (`this.http.get<Person>(url)`)', () => {
    const caller = "import { People } from './people';\nexport const run = (p: People) => p.one('1');\n";
    const people = (call: string): string => `export class People { constructor(private http: any) {}\n  one(id: string) { return ${call}; } }\n`;
    expect(mayRequest({ 'caller.ts': caller, 'people.ts': people("this.http.get<{ id: string }>(`https://webexapis.com/v1/people/${id}`)") })).toBe(true);
    expect(mayRequest({ 'caller.ts': caller, 'people.ts': people("this.cache.find<{ id: string }>(`https://webexapis.com/v1/people/${id}`)") })).toBe(false);
  });

  it('an API path word in a module specifier is no URL', () => {
    expect(
      mayRequest({
        'caller.ts': "import { list } from './store';\nexport const run = () => list();\n",
        'store.ts': "import { events } from './events';\nconst cache = new Map();\nexport const list = () => cache.get(events);\n",
        'events.ts': 'export const events = 1;\n',
      }),
    ).toBe(false);
  });

  it("node's http module counts when imported for its value, not for a type", () => {
    const caller = "import { handle } from './server';\nexport const run = () => handle();\n";
    expect(mayRequest({ 'caller.ts': caller, 'server.ts': "import type { IncomingMessage } from 'node:http';\nexport const handle = (m?: IncomingMessage) => m;\n" })).toBe(false);
    expect(mayRequest({ 'caller.ts': caller, 'server.ts': "import https from 'node:https';\nexport const handle = () => https.request('https://webexapis.com/v1/people');\n" })).toBe(true);
  });

  it('modules that import each other are searched once (no request: false)', () => {
    expect(
      mayRequest({
        'caller.ts': "import { a } from './a';\nexport const run = () => a();\n",
        'a.ts': "import { b } from './b';\nexport const a = () => b();\n",
        'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      }),
    ).toBe(false);
  });

  it('a file whose own text may make a request is never ruled out', () => {
    expect(mayRequest({ 'caller.ts': "import { id } from './id';\nexport const run = (c: any) => c.delete(`/people/${id}`);\n", 'id.ts': 'export const id = 1;\n' })).toBe(true);
  });

  it('a closure larger than the search bound is not ruled out', () => {
    const files: Record<string, string> = { 'caller.ts': "import { m0 } from './m0';\nexport const run = () => m0;\n" };
    for (let i = 0; i < 130; i++) files[`m${i}.ts`] = i < 129 ? `import { m${i + 1} } from './m${i + 1}';\nexport const m${i} = m${i + 1};\n` : 'export const m129 = 1;\n';
    expect(mayRequest(files)).toBe(true);
  });

  it('a closure known to pass the search bound answers before its modules are read; one within it is read to its end', () => {
    /** `caller.ts` imports a barrel that imports `n` modules, none of which makes a request; returns the answer and the texts read. */
    const ask = (n: number): [boolean, number] => {
      const files: Record<string, string> = {
        'caller.ts': "import { all } from './barrel';\nexport const run = () => all;\n",
        'barrel.ts': `${Array.from({ length: n }, (_, i) => `import { m${i} } from './m${i}';`).join('\n')}\nexport const all = [${Array.from({ length: n }, (_, i) => `m${i}`).join(', ')}];\n`,
      };
      for (let i = 0; i < n; i++) files[`m${i}.ts`] = `export const m${i} = ${i};\n`;
      const root = project(files);
      const model = new ProjectModel(root);
      const texts = (model as unknown as { textOf: (f: string) => unknown }).textOf;
      let read = 0;
      (model as unknown as { textOf: (f: string) => unknown }).textOf = function (this: unknown, f: string) {
        read++;
        return texts.call(this, f);
      };
      model.begin();
      try {
        return [importsMayRequest(model, path.join(root, 'caller.ts'), files['caller.ts'], catalog), read];
      } finally {
        model.end();
      }
    };
    // The barrel and its 99 modules are the bound: all read, none sends, so the file is ruled out.
    expect(ask(99)).toEqual([false, 100]);
    // One more module passes it: the answer the walk gave at the bound (not ruled out), with only the barrel read.
    expect(ask(100)).toEqual([true, 1]);
    expect(ask(150)).toEqual([true, 1]);
  });
});

describe('a method of an imported class, with the pre-check in front', () => {
  const api = (send: string): string =>
    `export class CallingApi {\n  constructor(private readonly token: string) {}\n  async send(url: string, body: unknown) {\n    ${send}\n  }\n}\n`;
  const caller =
    "import { CallingApi } from './webex-api.js';\nimport { PERSON } from './config.js';\n\nexport async function setCallerId(api: CallingApi, personId: string, first: string) {\n  return api.send(`${PERSON}${personId}/features/callerId`, { selected: 'DIRECT_LINE', firstName: first });\n}\n";
  // The API host and path are in a module that sends nothing: the caller's own text holds no API marker.
  const config = "export const PERSON = 'https://webexapis.com/v1/people/';\n";

  function analyse(files: Record<string, string>) {
    const root = project(files);
    const file = path.join(root, 'src/caller-id.ts');
    return analyzeFile({ filename: file, text: files['src/caller-id.ts'] }, options);
  }

  it('found when the class sends the URL its caller builds from a constant of a module that sends nothing', () => {
    const result = analyse({
      'src/caller-id.ts': caller,
      'src/config.ts': config,
      'src/webex-api.ts': api("return fetch(url, { method: 'PUT', headers: { Authorization: `Bearer ${this.token}` }, body: JSON.stringify(body) });"),
    });
    expect(result.matches.map((m) => `${m.noticeId} ${m.loc.start.line}`)).toContain('caller-id-name-fields-deprecated 5');
  });

  it('look-alike: a class that only keeps what it is given is not followed, and the file is not parsed', () => {
    const result = analyse({
      'src/caller-id.ts': caller,
      'src/config.ts': config,
      'src/webex-api.ts': api('this.sent.push({ url, body });').replace('constructor(', 'sent: unknown[] = [];\n  constructor('),
    });
    expect(result.matches).toEqual([]);
    expect(result.parsed).toBe(false);
  });

  it("the imports' closures are walked only for a detection whose tokens the imported strings hold (the module below the class is not read)", () => {
    const files = {
      'src/caller-id.ts': caller,
      // No API host or path in what the file imports: the detection cannot be given to it, whatever the class sends.
      'src/config.ts': "export const PERSON = 'https://example.com/directory/';\n",
      // The imported texts are the file's imports and theirs (two levels): the sender sits one level further down.
      'src/webex-api.ts': "import { put } from './http.js';\n" + api('return put(url, body);'),
      'src/http.ts': "export { put } from './transport.js';\n",
      'src/transport.ts': "export const put = (url: string, body: unknown) => fetch(url, { method: 'PUT', body: JSON.stringify(body) });\n",
    };
    const result = analyse(files);
    expect(result.matches).toEqual([]);
    expect(result.parsed).toBe(false);
    const read = Object.keys(result.dependencies ?? {}).map((f) => path.basename(f));
    expect(read).toEqual(expect.arrayContaining(['config.ts', 'webex-api.ts']));
    expect(read).not.toContain('transport.ts');
  });
});

describe('the project root of a file (markers looked at once per folder)', () => {
  it('the nearest folder with .git, else the outermost with a package.json, the same for every file below', () => {
    const top = projects({}, { git: false });
    const write = (rel: string, text = ''): string => path.join(writeProjectFiles(top, { [rel]: text }), rel);
    write('mono/package.json', '{}');
    write('mono/packages/a/package.json', '{}');
    const a1 = write('mono/packages/a/src/deep/x.ts');
    const a2 = write('mono/packages/a/src/y.ts');
    mkdirSync(path.join(top, 'repo/.git'), { recursive: true });
    write('repo/packages/b/package.json', '{}');
    const b1 = write('repo/packages/b/src/z.ts');
    const b2 = write('repo/packages/b/src/deep/w.ts');
    const loose = write('loose/src/v.ts');
    expect([a1, a2].map((f) => projectRootOf(f))).toEqual([path.join(top, 'mono'), path.join(top, 'mono')]);
    expect([b1, b2].map((f) => projectRootOf(f))).toEqual([path.join(top, 'repo'), path.join(top, 'repo')]);
    expect(projectRootOf(loose)).toBe(path.join(top, 'loose/src'));
  });
});
