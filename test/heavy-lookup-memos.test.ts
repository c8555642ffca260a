/**
 * What the heavy files' lookups keep per module text gives the answers they gave when worked out each time
 * (docs/performance.md, twenty-eighth session: 30heavy):
 * - `anyOf` (engine/api/summaries.ts), the one expression `sendTest` searches a module text with for the API's
 *   markers, says what `texts.some((t) => text.includes(t))` says;
 * - `ProjectModel.cannotExportFrom` (engine/project/modules.ts), whose name-free part is kept with a text's readings,
 *   says what `cannotExport` says of the text, also after the module's text changes on disk;
 * - `exportDeclarers` (engine/project/export-text.ts), whose module readings keep the runs an escape may spell a name
 *   with, answers each name as a lookup of that name alone does, whichever names were looked up through the same
 *   modules before;
 * - `exportedHere` (engine/project/export-text.ts), which finds once per text where a name declared with `export` may
 *   start, says what the expression tried over the whole text for each name said.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anyOf } from '../engine/api/summaries.js';
import { apiMarkers } from '../engine/api/url.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { exportDeclarers, exportedHere } from '../engine/project/export-text.js';
import { cannotExport, projectOf, type ProjectModel } from '../engine/project/modules.js';
import { random } from './helpers/random.js';
import { tempProjects } from './helpers/temp-project.js';

const projects = tempProjects('cm-heavy-memos-');

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

describe('anyOf: one expression for many texts', () => {
  it('says what some(includes) says, on texts made of the API markers and pieces of them', () => {
    const markers = apiMarkers(loadCatalog()).map((m) => m.toLowerCase());
    const holds = anyOf(markers);
    const next = random(28);
    // Whole markers, their halves (a marker cut in two is no marker), other case, and what stands around them in code.
    const pieces = [...markers, ...markers.map((m) => m.slice(0, Math.ceil(m.length / 2))), ...markers.map((m) => m.slice(Math.ceil(m.length / 2))), ...markers.map((m) => m.toUpperCase()), "'", '"', '`', '/', '.', ' ', '\n', 'from ', 'x', 'v', '1', 'webex', 'apis'];
    let found = 0;
    for (let i = 0; i < 20_000; i++) {
      const n = 1 + Math.floor(next() * 6);
      let text = '';
      for (let k = 0; k < n; k++) text += pick(next, pieces);
      const expected = markers.some((m) => text.includes(m));
      if (expected) found++;
      expect(holds(text), JSON.stringify(text)).toBe(expected);
    }
    // Both answers were given many times.
    expect(found).toBeGreaterThan(2_000);
    expect(found).toBeLessThan(18_000);
  });

  it('reads every text literally (characters that mean something in an expression), and an empty list holds nothing', () => {
    const texts = ['a.b', '(x)', '$y', 'z\\', '[q]', '^top', 'p|q', '*+?', '{2}', '/v1'];
    const holds = anyOf(texts);
    const next = random(7);
    const alphabet = ['a', '.', 'b', 'x', '(', ')', '$', 'y', 'z', '\\', '[', 'q', ']', '^', 't', 'o', 'p', '|', '*', '+', '?', '{', '2', '}', '/', 'v', '1'];
    for (let i = 0; i < 20_000; i++) {
      let text = '';
      for (let k = 0, n = Math.floor(next() * 8); k < n; k++) text += pick(next, alphabet);
      expect(holds(text), JSON.stringify(text)).toBe(texts.some((t) => text.includes(t)));
    }
    // `.` is no wildcard, `^` no anchor, `|` no alternation of its own.
    expect(holds('axb')).toBe(false);
    expect(holds('top')).toBe(false);
    expect(holds('p')).toBe(false);
    expect(holds('a.b')).toBe(true);
    expect(anyOf([])('anything at all')).toBe(false);
  });
});

/** Pieces of module text that decide `cannotExport`: the name spelt or not, escapes, `export *`, a comment after `export`, CommonJS. */
const MODULE_PIECES = [
  'export const alpha = 1;\n',
  'export function send() {}\n',
  "export * from './other';\n",
  'export /* note */ const beta = 2;\n',
  'const \\u0073end = 1;\n',
  "const s = 'se\\x6ed';\n",
  "module.exports = require('./other');\n",
  'module.exports = { gamma: 1 };\n',
  "const other = require('./x');\n",
  '// send\n',
  'export class Api {}\n',
  'const line = 1;\n',
];
const NAMES = ['send', 'alpha', 'Api', 'gamma', 'delta', '16', '$api'];

describe('cannotExport kept per text', () => {
  it('answers as cannotExport does for every module text and name, and again after the text changes', () => {
    const next = random(3);
    const root = projects({ 'package.json': '{ "name": "memo", "private": true }\n', 'src/main.ts': "import { send } from './m';\nsend();\n" });
    const model = projectOf(path.join(root, 'src/main.ts')) as ProjectModel;
    const file = path.join(root, 'src/m.ts');
    let checked = 0;
    let cannot = 0;
    for (let round = 0; round < 300; round++) {
      let text = '';
      for (let k = 0, n = 1 + Math.floor(next() * 4); k < n; k++) text += pick(next, MODULE_PIECES);
      // The same path given a new text each round (its size told apart by the round's padding): the model reads it again.
      text += ' '.repeat(round);
      writeFileSync(file, text);
      model.begin();
      const read = model.readText(file);
      model.end();
      expect(read).toBe(text);
      for (const name of NAMES) {
        const expected = cannotExport(text, name);
        if (expected) cannot++;
        expect(model.cannotExportFrom(file, text, name), `${JSON.stringify(text)} ${name}`).toBe(expected);
        checked++;
      }
    }
    expect(checked).toBe(300 * NAMES.length);
    // Both answers were given many times.
    expect(cannot).toBeGreaterThan(100);
    expect(checked - cannot).toBeGreaterThan(100);
  });

  it('answers for a text the model does not hold (another text than the file read) as cannotExport does', () => {
    const root = projects({ 'src/m.ts': 'export const alpha = 1;\n' });
    const file = path.join(root, 'src/m.ts');
    const model = projectOf(file) as ProjectModel;
    model.begin();
    model.readText(file);
    model.end();
    // The readings of the file's text say nothing of another text (an `export *` there makes any name possible).
    expect(model.cannotExportFrom(file, 'export const alpha = 1;\n', 'send')).toBe(true);
    expect(model.cannotExportFrom(file, "export * from './x';\n", 'send')).toBe(false);
    expect(model.cannotExportFrom(file, 'export const alpha = 1;\n', 'send')).toBe(true);
  });
});

describe('export lookups through modules that spell names by escapes', () => {
  /** A barrel and its modules: some spell a name only by an escape (then that name's lookup is not answered). */
  const files: Record<string, string> = {
    'package.json': '{ "name": "escapes", "private": true }\n',
    'src/lib/index.ts': ['a', 'b', 'c'].map((m) => `export * from './${m}';`).join('\n') + '\n',
    'src/lib/a.ts': 'export function alpha() { return fetch(u); }\nconst \\u0062eta = 1;\nexport { beta };\n',
    'src/lib/b.ts': "export function gamma() { return 2; }\nconst s = 'de\\x6cta';\n",
    'src/lib/c.ts': 'export function delta() { return 3; }\nexport function beta2() {}\n',
    'src/main.ts': "import { alpha, beta, gamma, delta } from './lib';\nalpha(); beta(); gamma(); delta();\n",
  };
  const names = ['alpha', 'beta', 'gamma', 'delta', 'beta2', 'missing'];

  /** Each name looked up alone, in a project of its own (fresh readings). */
  function alone(name: string): string[] | undefined {
    const root = projects(files);
    const main = path.join(root, 'src/main.ts');
    const answer = exportDeclarers(projectOf(main) as ProjectModel, main, './lib', name);
    return answer?.map((f) => path.relative(root, f));
  }

  it('answers each name as its lookup alone does, in any order after the others', () => {
    const expected = new Map(names.map((n) => [n, alone(n)]));
    // An escape spells `beta` (a.ts) and `delta` (b.ts): unanswered; the others are found, or found nowhere.
    expect(expected.get('beta')).toBeUndefined();
    expect(expected.get('delta')).toBeUndefined();
    expect(expected.get('alpha')).toEqual(['src/lib/a.ts']);
    expect(expected.get('gamma')).toEqual(['src/lib/b.ts']);
    expect(expected.get('missing')).toEqual([]);
    const next = random(11);
    for (let round = 0; round < 6; round++) {
      const root = projects(files);
      const main = path.join(root, 'src/main.ts');
      const model = projectOf(main) as ProjectModel;
      const order = [...names, ...names].sort(() => next() - 0.5);
      for (const name of order) {
        const answer = exportDeclarers(model, main, './lib', name)?.map((f) => path.relative(root, f));
        expect(answer, `${order.join(',')}: ${name}`).toEqual(expected.get(name));
      }
    }
  });
});

describe('a name declared with export, found where declared names start', () => {
  /** The expression readStep tried over the whole text for each name (engine/project/export-text.ts before `exportedHere`). */
  const declaredByExpression = (text: string, wanted: string): boolean =>
    new RegExp(`\\bexport\\s+(?:declare\\s+)?(?:default\\s+)?(?:abstract\\s+)?(?:async\\s+)?(?:function\\s*\\*?|const|let|var|class|enum|namespace|module|interface|type|import)\\s*${wanted.replace(/\$/g, '\\$')}(?![\\w$])`).test(text);
  const PIECES = ['export', 'export ', ' ', '  ', '\n', 'declare ', 'default ', 'abstract ', 'async ', 'function', '*', ' * ', 'const', 'constant', 'let', 'var', 'class', 'enum', 'namespace', 'module', 'interface', 'type', 'typex', 'import', 'alpha', 'alphabet', 'x', '$a', 'a$', ';', '(', ' = 1', '/* c */', 'reexport', '_'];
  const WANTED = ['alpha', 'alphabet', 'x', 'ant', '$a', 'a', 'a$', 'ructor', 'enum', 'type', 'function', '_', 'export'];

  it('answers as the whole-text expression does for every name, one reading shared by the names', () => {
    const next = random(5);
    const MODIFIERS = ['', 'declare ', 'default ', 'abstract ', 'async ', 'declare  async ', 'default abstract '];
    const KEYWORDS = ['function', 'function*', 'function *', 'const', 'let', 'var', 'class', 'enum', 'namespace', 'module', 'interface', 'type', 'import', 'constant', 'typex', 'functional'];
    const SPACES = ['', ' ', '  ', '\n'];
    /** A declaration-like segment (most of them almost one), or a piece of anything else. */
    const segment = (): string => (next() < 0.7 ? `${pick(next, ['export ', 'export\n', 'export', 'reexport ', 'exports '])}${pick(next, MODIFIERS)}${pick(next, KEYWORDS)}${pick(next, SPACES)}${pick(next, [...WANTED, 'alphax', '$', '*'])}${pick(next, [' ', '(', ' = 1', '', 'x', ';', '$'])}` : pick(next, PIECES));
    let yes = 0;
    let checked = 0;
    for (let i = 0; i < 2_500; i++) {
      let text = '';
      for (let k = 0, n = 1 + Math.floor(next() * 4); k < n; k++) text += segment() + pick(next, ['', ' ', ';\n', '\n']);
      const reading: { rest: string; declaredAt?: number[] } = { rest: text };
      for (const wanted of [...WANTED].sort(() => next() - 0.5)) {
        const expected = declaredByExpression(text, wanted);
        if (expected) yes++;
        checked++;
        expect(exportedHere(reading, wanted), `${JSON.stringify(text)} ${wanted}`).toBe(expected);
      }
    }
    // Both answers were given many times.
    expect(yes).toBeGreaterThan(500);
    expect(checked - yes).toBeGreaterThan(10_000);
    // The forms the search has to get right: a keyword a name continues, a generator's star, modifiers, a longer name.
    expect(exportedHere({ rest: 'export constant = 1' }, 'ant')).toBe(true);
    expect(exportedHere({ rest: 'export function* alpha() {}' }, 'alpha')).toBe(true);
    expect(exportedHere({ rest: 'export declare abstract class alpha {}' }, 'alpha')).toBe(true);
    expect(exportedHere({ rest: 'export const alphabet = 1' }, 'alpha')).toBe(false);
    expect(exportedHere({ rest: 'reexport const alpha = 1' }, 'alpha')).toBe(false);
  });
});
