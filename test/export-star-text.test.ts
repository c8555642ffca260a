/**
 * A barrel's `export *` modules are read before they are parsed (engine/project/modules.ts, `cannotExport`): a
 * module whose text cannot export the name looked for is not parsed. Sound when every name `moduleRecord` reads
 * as exported, in every form it reads, is spelt in the text or hidden by an escape the check sees, and a module
 * with `export *` or a CommonJS barrel is always parsed. Checked here over generated modules of every export
 * form and spelling, and on a project: the name is still found through the barrel, the other modules are not
 * parsed, and a module that spells the name only by escapes is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { cannotExport, moduleRecord, projectOf, type ProjectModel } from '../engine/project/modules.js';
import { contextOf } from './helpers/snippets.js';
import { tempProjects } from './helpers/temp-project.js';

const projects = tempProjects('cm-export-star-');

/** How a name is written: plainly, or by each escape that spells it in an identifier or a string. */
const SPELLINGS: Array<{ id: (n: string) => string; str: (n: string) => string; script?: boolean }> = [
  { id: (n) => n, str: (n) => n },
  { id: (n) => `\\u${n.charCodeAt(0).toString(16).padStart(4, '0')}${n.slice(1)}`, str: (n) => `\\u${n.charCodeAt(0).toString(16).padStart(4, '0')}${n.slice(1)}` },
  { id: (n) => `\\u{${n.charCodeAt(0).toString(16)}}${n.slice(1)}`, str: (n) => `\\x${n.charCodeAt(0).toString(16)}${n.slice(1)}` },
  { id: (n) => n, str: (n) => `${n.slice(0, 1)}\\\n${n.slice(1)}` },
  // Octal escapes are a CommonJS script's only (a module is strict).
  { id: (n) => n, str: (n) => `\\${n.charCodeAt(0).toString(8)}${n.slice(1)}`, script: true },
];

/** Every export form `moduleRecord` reads, with the name written by `id` (an identifier) or `str` (inside a string). */
const FORMS: Array<{ text: (id: string, str: string) => string; script?: boolean }> = [
  { text: (id) => `export const ${id} = 1;` },
  { text: (id) => `export function ${id}() {}` },
  { text: (id) => `export class ${id} {}` },
  { text: (id) => `const local = 1;\nexport { local as ${id} };` },
  { text: (_id, str) => `const local = 1;\nexport { local as '${str}' };` },
  { text: (id) => `export { ${id} } from './other';` },
  { text: (id) => `export { default as ${id} } from './other';` },
  { text: (id) => `export * as ${id} from './other';` },
  { text: (_id, str) => `export * as '${str}' from './other';` },
  { text: (id) => `module.exports = { ${id}: 1 };`, script: true },
  { text: (_id, str) => `module.exports = { '${str}': 1 };`, script: true },
  { text: (id) => `const api = { ${id}() {} };\nmodule.exports = api;`, script: true },
  { text: (id) => `exports.${id} = 1;`, script: true },
  { text: (id) => `module.exports.${id} = 1;`, script: true },
  { text: (_id, str) => `exports['${str}'] = 1;`, script: true },
];

describe('a module that cannot export a name is told from its text', () => {
  it('never for a name its record exports, in any form and spelling', () => {
    let checked = 0;
    for (const name of ['send', 'Abc', '$api', '_x1']) {
      for (const form of FORMS) {
        for (const spelling of SPELLINGS) {
          if (spelling.script && !form.script) continue;
          const text = `// a module\n${form.text(spelling.id(name), spelling.str(name))}\n`;
          let exported: string[];
          try {
            exported = [...moduleRecord(contextOf(text, form.script ? 'm.cjs' : 'm.ts')).exports.keys()];
          } catch {
            continue; // an escape this form's syntax does not take
          }
          if (!exported.includes(name)) continue;
          checked++;
          expect(cannotExport(text, name), text).toBe(false);
        }
      }
    }
    // Every plain form, and the escaped identifiers and strings, were read as exporting the name.
    expect(checked).toBeGreaterThan(FORMS.length * 4 * 2);
  });

  it('never for a module that re-exports every name of another (`export *`, a CommonJS barrel)', () => {
    for (const text of [`export * from './a';`, `export /* all */ * from './a';`, `export\n// all\n* from './a';`, `module.exports = require('./a');`]) {
      const rec = moduleRecord(contextOf(text, text.startsWith('module') ? 'm.cjs' : 'm.ts'));
      expect(rec.stars.length, text).toBe(1);
      expect(cannotExport(text, 'send'), text).toBe(false);
    }
  });

  it('for a module that neither spells the name nor re-exports', () => {
    expect(cannotExport(`export const sender = 1;\nexport function other() {}\n`, 'post')).toBe(true);
    expect(cannotExport(`module.exports = { a: 1 };\n`, 'post')).toBe(true);
    // Spelt anywhere, even in a comment: read (the check is a superset of the exports).
    expect(cannotExport(`// post\nexport const a = 1;\n`, 'post')).toBe(false);
    // A name that is not an identifier (a numeric key `0x10` exports '16'): always read.
    expect(cannotExport(`module.exports = { 0x10: 1 };\n`, '16')).toBe(false);
  });
});

describe('a name looked up through a barrel', () => {
  const catalog = loadCatalog();
  const options: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.status !== 'informational'), engine: { today: '2026-11-22' } };
  // test/fixtures-project/cross-file/imported-wrapper, with three modules before the wrapper's in the barrel and
  // one that spells its export only by an escape.
  const files: Record<string, string> = {
    'package.json': '{ "name": "barrel", "private": true }\n',
    'src/lib/index.ts': ['a', 'b', 'c', 'webex', 'escaped'].map((m) => `export * from './${m}';`).join('\n') + '\n',
    'src/lib/a.ts': `export const alpha = 1;\n`,
    'src/lib/b.ts': `export function beta() { return 2; }\n`,
    'src/lib/c.ts': `export class Gamma {}\n`,
    'src/lib/webex.ts': [
      "const BASE = 'https://webexapis.com/v1';",
      '',
      'export async function webexFetch(path: string, init: RequestInit = {}) {',
      '  const res = await fetch(`${BASE}${path}`, { ...init, headers: { Authorization: `Bearer ${process.env.TOKEN}`, ...init.headers } });',
      '  return res.json();',
      '}',
      '',
    ].join('\n'),
    'src/lib/escaped.ts': `export const \\u0064elta = 4;\n`,
    'src/token.ts': [
      "import { webexFetch } from './lib';",
      '',
      'export function refresh(refreshToken: string) {',
      "  return webexFetch('/access_token', {",
      "    method: 'POST',",
      "    body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: refreshToken }),",
      '  });',
      '}',
      '',
    ].join('\n'),
  };

  it('finds the export and its value, parsing only the modules that may hold it', () => {
    const root = projects(files);
    const model = projectOf(path.join(root, 'src/token.ts')) as ProjectModel;
    const barrel = model.module(path.join(root, 'src/lib/index.ts'))!;
    const found = model.exportOf(barrel, 'webexFetch', new Set());
    expect(found && 'node' in found ? found.file.filename : undefined).toBe(path.join(root, 'src/lib/webex.ts'));
    const parsed = (model as unknown as { modules: Map<string, unknown> }).modules;
    for (const m of ['a', 'b', 'c']) expect(parsed.has(path.join(root, `src/lib/${m}.ts`)), m).toBe(false);
    // Spelt only by an escape: read and parsed.
    const delta = model.exportOf(barrel, 'delta', new Set());
    expect(delta && 'node' in delta ? delta.file.filename : undefined).toBe(path.join(root, 'src/lib/escaped.ts'));
  });

  it('gives the finding through the wrapper, and records the modules it skipped as dependencies', () => {
    const root = projects(files);
    const file = path.join(root, 'src/token.ts');
    const result = analyzeFile({ filename: file, text: readFileSync(file, 'utf8') }, options);
    expect(result.matches.map((m) => `${m.noticeId} ${m.loc.start.line} ${m.confidence}${m.fix ? ' fix' : ''}`)).toContain('token-endpoint-form-body 6 certain fix');
    // The modules skipped unparsed were read, so an edit to one of them still invalidates the file's cached result.
    expect(Object.keys(result.dependencies ?? {}).map((f) => path.relative(root, f))).toEqual(expect.arrayContaining(['src/lib/a.ts', 'src/lib/b.ts', 'src/lib/c.ts', 'src/lib/index.ts', 'src/lib/webex.ts']));
  });
});
