/**
 * Issue 26 item 3 (twenty-first session, branch `26gen8`): small multi-file projects that combine two or three of the
 * issue's shapes as real code does (a class whose base class of another module takes its base URL from a third, a
 * wrapper with a method default whose options merge a config module's defaults, a configured client whose options
 * are imported, an imported whole options object, a page's module graph, a parameter default wrapped on its way
 * into a query...). Each is a folder `test/fixtures/<notice>/invalid/combined/<case>/` whose expected findings were
 * written before the engine ran, as `expect: <notice> (<confidence>)` on the reported line (or a `<file>.expect.json`
 * sidecar of lines, certain, for an environment file), and its look-alike `valid/combined/<case>/`, which must give
 * nothing for the notice. Every file of a case is analysed as the CLI does (the project model reads the other files
 * from disk); the evaluation's fixture set counts the same markers (scripts/evaluate.ts walks the folders).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { fileLanguage } from '../engine/read/language.js';
import { projectScanner } from './helpers/temp-project.js';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const catalog = loadCatalog();

function filesOf(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesOf(p));
    else if (!name.endsWith('.expect.json') && fileLanguage(name) !== 'unsupported') out.push(p);
  }
  return out;
}

function cases(kind: 'invalid' | 'valid'): Array<{ notice: string; name: string; dir: string }> {
  const out: Array<{ notice: string; name: string; dir: string }> = [];
  for (const notice of readdirSync(FIXTURES).sort()) {
    const root = path.join(FIXTURES, notice, kind, 'combined');
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root).sort()) out.push({ notice, name, dir: path.join(root, name) });
  }
  return out;
}

/** `file line confidence` of every finding of `notice` in the case's files. */
function findings(dir: string, notice: string): string[] {
  const options: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.id === notice), engine: { today: '2026-11-26' } };
  const out: string[] = [];
  for (const file of filesOf(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of analyzeFile({ filename: file, text }, options).matches) out.push(`${path.relative(dir, file)} ${m.loc.start.line} ${m.confidence}`);
  }
  return [...new Set(out)].sort();
}

/** The expected findings of a case: its `expect: <notice> (<confidence>)` markers and sidecars. */
function expected(dir: string, notice: string): string[] {
  const out: string[] = [];
  for (const file of filesOf(dir)) {
    const rel = path.relative(dir, file);
    const sidecar = `${file}.expect.json`;
    if (existsSync(sidecar)) {
      for (const line of JSON.parse(readFileSync(sidecar, 'utf8')) as number[]) out.push(`${rel} ${line} certain`);
      continue;
    }
    readFileSync(file, 'utf8').split(/\r\n|\r|\n/).forEach((line, i) => {
      const m = /expect:\s*([a-z0-9-]+)\s*\((certain|likely)\)/.exec(line);
      if (m && m[1] === notice) out.push(`${rel} ${i + 1} ${m[2]}`);
    });
  }
  return out.sort();
}

const positives = cases('invalid');
const lookalikes = cases('valid');

describe('shapes combined across modules (issue 26 item 3)', () => {
  it('there are at least 20 cases, each with its look-alike and at least one expected finding', () => {
    expect(positives.length).toBeGreaterThanOrEqual(20);
    expect(lookalikes.map((c) => `${c.notice}/${c.name}`)).toEqual(positives.map((c) => `${c.notice}/${c.name}`));
    for (const c of positives) expect(expected(c.dir, c.notice), `${c.notice}/${c.name}`).not.toEqual([]);
  });
  for (const c of positives) {
    it(`${c.notice}: ${c.name} gives exactly its expected findings and confidences`, () => {
      expect(findings(c.dir, c.notice)).toEqual(expected(c.dir, c.notice));
    });
  }
  for (const c of lookalikes) {
    it(`${c.notice}: the look-alike of ${c.name} stays quiet`, () => {
      expect(findings(c.dir, c.notice)).toEqual([]);
    });
  }
});

describe('an exported request helper judged by its importers (confidence)', () => {
  const scan = projectScanner('cm-combined-helper-');
  const HELPER = (own: string) =>
    `export function call(path, init = {}, method = 'GET') {\n  return fetch('https://webexapis.com/v1/' + path, { method, headers: { 'Content-Type': 'application/json' }, ...init });\n}\n${own}`;
  const IMPORTER = "import { call } from './http.js';\nexport const me = () => call('people/me');\n";
  it('certain when every call seen is a bodiless GET; likely when a call of its own module sends a body', () => {
    expect(scan({ 'package.json': '{}', 'http.js': HELPER(''), 'people.js': IMPORTER }, 'http.js', 'get-request-content-type')).toEqual(['get-request-content-type 2 certain']);
    const post = "export const say = (text) => call('messages', { body: JSON.stringify({ text }) }, 'POST');\n";
    expect(scan({ 'package.json': '{}', 'http.js': HELPER(post), 'people.js': IMPORTER }, 'http.js', 'get-request-content-type')).toEqual(['get-request-content-type 2 likely']);
  });
  it("an axios helper judged by its importers' GETs; in browser code it stays quiet (the browser adapter drops a Content-Type without data)", () => {
    const helper = (head: string) => `import axios from 'axios';\n${head}export async function apiGet(path) {\n  const { data } = await axios({ url: 'https://webexapis.com/v1' + path, headers: { 'Content-Type': 'application/json' } });\n  return data;\n}\n`;
    const importer = "import { apiGet } from './api.js';\nexport const me = () => apiGet('/people/me');\n";
    expect(scan({ 'package.json': '{}', 'api.js': helper(''), 'people.js': importer }, 'api.js', 'get-request-content-type')).toEqual(['get-request-content-type 3 certain']);
    const browser = "const token = () => window.localStorage.getItem('token');\n";
    expect(scan({ 'package.json': '{}', 'api.js': helper(browser), 'people.js': importer }, 'api.js', 'get-request-content-type')).toEqual([]);
  });
  it('quiet when no importer calls it, or the importers call another service', () => {
    expect(scan({ 'package.json': '{}', 'http.js': HELPER('') }, 'http.js', 'get-request-content-type')).toEqual([]);
    const other = HELPER('').replace('https://webexapis.com/v1/', 'https://api.example.com/v1/');
    expect(scan({ 'package.json': '{}', 'http.js': other, 'people.js': IMPORTER }, 'http.js', 'get-request-content-type')).toEqual([]);
  });
});
