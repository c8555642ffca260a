/**
 * The four front ends on findings that need the project model (test/fixtures-project/cross-file/): the CLI's
 * engine, the ESLint plugin (its per-process model reads the imported files from disk), the ts-morph codemod and
 * the jscodeshift transform report the same findings with the same confidence, and write the same fixes. The
 * same on every tree of the shape matrix (test/helpers/shape-matrix.ts), positives and look-alikes.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import transform from '../codemods/jscodeshift.js';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { fixFile } from '../engine/fix/edits.js';
import { migrateProject } from '../engine/project/ts-morph.js';
import { createPlugin, PLUGIN_NAME } from '../rules/index.js';
import { CROSS_FILE_CASES, crossFileEntries } from './helpers/cross-file.js';
import { writeMatrix } from './helpers/shape-matrix.js';
import { allRulesConfig } from './helpers/eslint-all.js';

const TODAY = '2026-11-22';
const catalog = loadCatalog();
const plugin = createPlugin(catalog);
const notices = catalog.notices.filter((n) => n.status !== 'informational' && n.detections.length > 0);
const engine = { today: TODAY };
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

const config = (): Linter.Config[] => allRulesConfig(plugin, notices, TODAY);

/** `cwd`: the folder ESLint takes the files of the config's globs from (a temporary tree outside the repository). */
function eslintFindings(file: string, text: string, cwd?: string): string[] {
  const messages = new Linter({ configType: 'flat', ...(cwd ? { cwd } : {}) }).verify(text, config(), { filename: file });
  return messages.map((m) => (m.ruleId ? `${m.ruleId.slice(PLUGIN_NAME.length + 1)} ${m.line}:${m.column}${/\[likely: /.test(m.message) ? ' likely' : ''}` : `eslint: ${m.message}`)).sort();
}

function cliFindings(file: string, text: string): string[] {
  return analyzeFile({ filename: file, text }, { catalog, notices, engine }).matches.map((m) => `${m.noticeId} ${m.loc.start.line}:${m.loc.start.column + 1}${m.confidence === 'likely' ? ' likely' : ''}`).sort();
}

const entries = crossFileEntries();

describe('cross-file findings: CLI and ESLint report the same, with the same confidence', () => {
  it('some cases have findings that need another file', () => {
    expect(entries.filter((f) => cliFindings(f, readFileSync(f, 'utf8')).length > 0).length).toBeGreaterThanOrEqual(9);
  });
  it.each(entries.map((f) => [path.relative(CROSS_FILE_CASES, f), f] as const))('%s', (_, file) => {
    const text = readFileSync(file, 'utf8');
    expect(eslintFindings(file, text)).toEqual(cliFindings(file, text));
  });
});

describe('cross-file fixes: the CLI engine, ESLint --fix, the ts-morph codemod and jscodeshift write the same text', () => {
  const fixable = entries.filter((f) => fixFile({ filename: f, text: readFileSync(f, 'utf8') }, { catalog, notices, engine }).changed);
  it('some cases have an autofix', () => {
    expect(fixable.length).toBeGreaterThanOrEqual(6);
  });
  it.each(fixable.map((f) => [path.relative(CROSS_FILE_CASES, f), f] as const))('%s', async (rel, file) => {
    const input = readFileSync(file, 'utf8');
    const expected = fixFile({ filename: file, text: input }, { catalog, notices, engine }).output;
    expect(expected).not.toBe(input);
    expect(new Linter({ configType: 'flat' }).verifyAndFix(input, config(), { filename: file }).output).toBe(expected);
    expect(transform({ path: file, source: input }, {}, { today: TODAY })).toBe(expected);
    // The codemod on a copy of the whole tree: the imported module must be there to be read.
    const tree = rel.split('/')[0];
    const dir = mkdtempSync(path.join(tmpdir(), 'collab-cross-'));
    temps.push(dir);
    cpSync(path.join(CROSS_FILE_CASES, tree), path.join(dir, tree), { recursive: true });
    const copy = path.join(dir, rel);
    const [result] = await migrateProject({ catalog, notices, engine, root: path.join(dir, tree), files: [copy] });
    expect(result.failure).toBeUndefined();
    expect(result.after).toBe(expected);
  });
});

describe('the shape matrix: the CLI engine, ESLint, ts-morph and jscodeshift agree on every tree', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'collab-matrix-parity-'));
  temps.push(dir);
  const cells = writeMatrix(dir);
  const files = cells.flatMap((c) => [
    [`${c.shape}/${c.variation}`, c.root, path.join(c.root, c.entry)],
    [`${c.shape}/${c.variation}-lookalike`, c.lookalikeRoot, path.join(c.lookalikeRoot, c.entry)],
  ] as const);
  it('findings: most positive trees have some', () => {
    expect(cells.filter((c) => cliFindings(path.join(c.root, c.entry), readFileSync(path.join(c.root, c.entry), 'utf8')).length > 0).length).toBeGreaterThanOrEqual(100);
  });
  it.each(files.map(([key, , file]) => [key, file] as const))('findings of %s', (_, file) => {
    const text = readFileSync(file, 'utf8');
    expect(eslintFindings(file, text, dir)).toEqual(cliFindings(file, text));
  });
  const fixable = files.filter(([, , file]) => fixFile({ filename: file, text: readFileSync(file, 'utf8') }, { catalog, notices, engine }).changed);
  it('some trees have an autofix', () => {
    expect(fixable.length).toBeGreaterThanOrEqual(10);
  });
  it.each(fixable.map(([key, root, file]) => [key, root, file] as const))('fix of %s', async (_, root, file) => {
    const input = readFileSync(file, 'utf8');
    const expected = fixFile({ filename: file, text: input }, { catalog, notices, engine }).output;
    expect(new Linter({ configType: 'flat', cwd: dir }).verifyAndFix(input, config(), { filename: file }).output).toBe(expected);
    expect(transform({ path: file, source: input }, {}, { today: TODAY })).toBe(expected);
    const [result] = await migrateProject({ catalog, notices, engine, root, files: [file] });
    expect(result.failure).toBeUndefined();
    expect(result.after).toBe(expected);
    // The tree is shared by the other front ends' reads: put the text back.
    writeFileSync(file, input);
  });
});

/** Every JavaScript/TypeScript file of the combined-shape cases (test/fixtures/<notice>/{invalid,valid}/combined/<case>/), with its case folder. */
function combinedFiles(): Array<{ key: string; root: string; file: string }> {
  const fixtures = path.join(path.dirname(CROSS_FILE_CASES), '..', 'fixtures');
  const out: Array<{ key: string; root: string; file: string }> = [];
  const walk = (root: string, dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(root, p);
      else if (/\.(?:[cm]?[jt]s|[jt]sx)$/.test(name)) out.push({ key: path.relative(fixtures, p), root, file: p });
    }
  };
  for (const notice of readdirSync(fixtures).sort()) {
    for (const kind of ['invalid', 'valid']) {
      const dir = path.join(fixtures, notice, kind, 'combined');
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir).sort()) walk(path.join(dir, name), path.join(dir, name));
    }
  }
  return out;
}

describe('the combined-shape cases (issue 26 item 3): the CLI engine, ESLint, ts-morph and jscodeshift agree on every file', () => {
  const files = combinedFiles();
  it('there are cases, and some files have findings', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
    expect(files.filter(({ file }) => cliFindings(file, readFileSync(file, 'utf8')).length > 0).length).toBeGreaterThanOrEqual(20);
  });
  it.each(files.map(({ key, file }) => [key, file] as const))('findings of %s', (_, file) => {
    const text = readFileSync(file, 'utf8');
    expect(eslintFindings(file, text)).toEqual(cliFindings(file, text));
  });
  const fixable = files.filter(({ file }) => fixFile({ filename: file, text: readFileSync(file, 'utf8') }, { catalog, notices, engine }).changed);
  it('some files have an autofix', () => {
    expect(fixable.length).toBeGreaterThanOrEqual(2);
  });
  it.each(fixable.map(({ key, root, file }) => [key, root, file] as const))('fix of %s', async (_, root, file) => {
    const input = readFileSync(file, 'utf8');
    const expected = fixFile({ filename: file, text: input }, { catalog, notices, engine }).output;
    expect(new Linter({ configType: 'flat' }).verifyAndFix(input, config(), { filename: file }).output).toBe(expected);
    expect(transform({ path: file, source: input }, {}, { today: TODAY })).toBe(expected);
    // The codemod on a copy of the case: its other modules must be there to be read.
    const dir = mkdtempSync(path.join(tmpdir(), 'collab-combined-'));
    temps.push(dir);
    cpSync(root, dir, { recursive: true });
    const [result] = await migrateProject({ catalog, notices, engine, root: dir, files: [path.join(dir, path.relative(root, file))] });
    expect(result.failure).toBeUndefined();
    expect(result.after).toBe(expected);
  });
});
