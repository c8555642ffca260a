/**
 * Issue 19, item 8: JSON nested 200,000 levels deep (a user catalog, a configuration file, a baseline, a report
 * to merge) is a user error naming the file and the place, not "internal error: Maximum call stack size
 * exceeded" from the schema validation or the syntax-error locator, whether the brackets are closed or not.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CatalogError, loadCatalog } from '../engine/catalog/catalog.js';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../engine/read/json-depth.js';
import { CodemodOptionsError, runCodemod } from '../codemods/codemod.js';
import { assertBuilt, cli, tempTrees } from './cli/run.js';

const DEPTH = 200_000;
const OPEN = '['.repeat(DEPTH);
const CLOSED = `${OPEN}${']'.repeat(DEPTH)}`;
const TODAY = ['--today', '2026-11-01', '--no-progress'];
const tree = tempTrees();

beforeAll(assertBuilt);

describe('jsonTooDeep', () => {
  it('finds the first bracket past the limit, with its line and column', () => {
    expect(jsonTooDeep(CLOSED)).toEqual({ line: 1, column: MAX_JSON_DEPTH + 1 });
    expect(jsonTooDeep(`{\n  "a":\n ${OPEN}`)).toEqual({ line: 3, column: MAX_JSON_DEPTH + 1 });
    expect(jsonTooDeep('[[[1]]]', 2)).toEqual({ line: 1, column: 3 });
  });

  it('passes what nests no deeper than the limit, and does not count brackets in strings', () => {
    expect(jsonTooDeep(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBeUndefined();
    expect(jsonTooDeep(JSON.stringify({ a: OPEN, b: '\\"[[[[', c: [[{ d: '{{{{' }]] }))).toBeUndefined();
    expect(jsonTooDeep('[]'.repeat(100_000))).toBeUndefined();
  });

  it('skips strings as a character-by-character reading does: escaped quotes, runs of backslashes, unterminated strings (issue 30, item 3)', () => {
    // The reading the string skip replaced: a backslash takes the next character with it, a bare quote ends the string.
    const reference = (text: string, limit: number): { line: number; column: number } | undefined => {
      let depth = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '"') {
          for (i++; i < text.length; i++) {
            if (text[i] === '\\') i++;
            else if (text[i] === '"') break;
          }
        } else if (c === '[' || c === '{') {
          if (++depth > limit) {
            const before = text.slice(0, i);
            return { line: before.split('\n').length, column: i - before.lastIndexOf('\n') };
          }
        } else if ((c === ']' || c === '}') && depth > 0) depth--;
      }
      return undefined;
    };
    expect(jsonTooDeep('"\\\\"[[', 1)).toEqual({ line: 1, column: 6 });
    expect(jsonTooDeep('"\\\\\\"[[', 1)).toBeUndefined();
    expect(jsonTooDeep('["a\\"[[["]', 1)).toBeUndefined();
    expect(jsonTooDeep('[\n"x"\n[', 1)).toEqual({ line: 3, column: 1 });
    let seed = 7;
    const random = (): number => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
    const alphabet = ['[', ']', '{', '}', '"', '\\', 'a', '\n', ' '];
    let deep = 0;
    for (let n = 0; n < 3000; n++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const limit = 1 + Math.floor(random() * 3);
      const expected = reference(text, limit);
      if (expected) deep++;
      expect(jsonTooDeep(text, limit), JSON.stringify(text)).toEqual(expected);
    }
    // Both outcomes were drawn often: the comparison is not of texts that never nest.
    expect(deep).toBeGreaterThan(300);
    expect(deep).toBeLessThan(2700);
  });
});

describe('a user catalog nested 200,000 levels deep', { timeout: 120_000 }, () => {
  it.each([
    ['unclosed', OPEN],
    ['closed', CLOSED],
    ['under "notices"', `{ "notices": ${CLOSED} }`],
  ])('%s: loadCatalog throws a CatalogError naming the file, line and column', (_name, text) => {
    const dir = tree({ 'deep.json': text });
    const file = path.join(dir, 'deep.json');
    let error: unknown;
    try {
      loadCatalog({ extraFiles: [file] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as CatalogError).message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:1:\\d+: arrays and objects nested more than 64 levels deep$`));
  });

  it.each([
    [['--notices', 'deep.json'], 'scan'],
    [['--fix', '--allow-dirty', '--notices', 'deep.json'], 'fix'],
    [['notices', '--notices', 'deep.json'], 'notices'],
    [['explain', 'legacy-api-host', '--notices', 'deep.json'], 'explain'],
  ])('%j: exit 2 with one line naming the file, never "internal error"', (args) => {
    const dir = tree({ 'deep.json': OPEN, 'a.ts': 'export const a = 1;\n' });
    const r = cli([...args, ...(args[0] === 'notices' || args[0] === 'explain' ? [] : TODAY)], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^collab-migrate: Invalid catalog: .*deep\.json:1:65: arrays and objects nested more than 64 levels deep\n$/);
  });

  it('the codemod API: a CodemodOptionsError naming the file', async () => {
    const dir = tree({ 'deep.json': CLOSED, 'tsconfig.json': '{}\n', 'a.ts': 'export const a = 1;\n' });
    await expect(runCodemod({ project: 'tsconfig.json', cwd: dir, notices: ['deep.json'] })).rejects.toThrow(CodemodOptionsError);
    await expect(runCodemod({ project: 'tsconfig.json', cwd: dir, notices: ['deep.json'] })).rejects.toThrow(/deep\.json:1:65: arrays and objects nested more than 64 levels deep/);
  });
});

describe('other JSON files nested 200,000 levels deep', { timeout: 120_000 }, () => {
  it('a configuration file: exit 2 naming it', () => {
    const dir = tree({ '.collab-migraterc.json': `{ "only": ${CLOSED} }`, 'a.ts': 'export const a = 1;\n' });
    const r = cli([...TODAY], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^collab-migrate: Invalid JSON in \.collab-migraterc\.json \(.*\.collab-migraterc\.json\): arrays and objects nested more than 64 levels deep \(line 1, column 74\)\n$/);
  });

  it('package.json with a "collab-migrate" key: exit 2 naming it', () => {
    const dir = tree({ 'package.json': `{ "collab-migrate": { "only": ${OPEN} } }`, 'a.ts': 'export const a = 1;\n' });
    const r = cli([...TODAY], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^collab-migrate: Invalid JSON in package\.json \(.*package\.json\): arrays and objects nested more than 64 levels deep/);
  });

  it('a baseline and a report to merge: exit 2 naming them', () => {
    const dir = tree({ 'base.json': CLOSED, 'report.json': `{ "version": 1, "findings": ${OPEN}`, 'a.ts': 'export const a = 1;\n' });
    const baseline = cli(['--baseline', 'base.json', ...TODAY], { cwd: dir });
    expect(baseline.code).toBe(2);
    expect(baseline.stderr).toMatch(/^collab-migrate: --baseline .*base\.json: not a baseline: arrays and objects nested more than 64 levels deep \(line 1, column 65\)\.\n$/);
    const merge = cli(['merge', 'report.json'], { cwd: dir });
    expect(merge.code).toBe(2);
    expect(merge.stderr).toMatch(/^collab-migrate: report\.json: not a collab-migrate JSON report: arrays and objects nested more than 64 levels deep \(line 1, column \d+\)\.\n$/);
  });
});
