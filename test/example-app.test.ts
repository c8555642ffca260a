/**
 * The example consumer app against its hand-written ground truth (test/example-app.expected.json, written from
 * ../shared/CATALOG.md without running the tool): every expected (file, line, notice) must be reported and
 * nothing else, with every non-informational notice selected (as `--before 2099-12-31` does).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeFile, fileLanguage } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';

const APP = fileURLToPath(new URL('../examples/consumer-app/', import.meta.url));
const EXPECTED = fileURLToPath(new URL('./example-app.expected.json', import.meta.url));

interface Finding {
  file: string;
  line: number;
  id: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (name === 'node_modules' || name === 'dist') return [];
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
}

const key = (f: Finding): string => `${f.file}:${f.line} ${f.id}`;

describe('examples/consumer-app', () => {
  const loaded = loadCatalog();
  const notices = loaded.notices.filter((n) => n.status !== 'informational');
  const expected: Finding[] = JSON.parse(readFileSync(EXPECTED, 'utf8'));
  const files = walk(APP).filter((f) => fileLanguage(f) !== 'unsupported');

  it('has a ground truth that names real files, lines and notices', () => {
    const ids = new Set(loaded.notices.map((n) => n.id));
    for (const e of expected) {
      expect(ids.has(e.id), `unknown notice ${e.id}`).toBe(true);
      const lines = readFileSync(join(APP, e.file), 'utf8').split('\n');
      expect(e.line, key(e)).toBeGreaterThanOrEqual(1);
      expect(e.line, key(e)).toBeLessThanOrEqual(lines.length);
    }
    // The demo covers most detectable notices.
    const covered = new Set(expected.map((e) => e.id));
    expect(covered.size).toBeGreaterThanOrEqual(Math.ceil(notices.length * 0.8));
  });

  it('reports exactly the expected findings', () => {
    const actual = new Map<string, Finding & { message: string }>();
    const parseErrors: string[] = [];
    for (const path of files) {
      const file = relative(APP, path).split(sep).join('/');
      const result = analyzeFile({ filename: path, text: readFileSync(path, 'utf8') }, { catalog: loaded, notices, engine: {} });
      if (result.parseError) parseErrors.push(`${file}: ${result.parseError.message}`);
      for (const m of result.matches) {
        const f = { file, line: m.loc.start.line, id: m.noticeId, message: m.message };
        actual.set(key(f), f);
      }
    }
    const want = new Set(expected.map(key));
    const missed = [...want].filter((k) => !actual.has(k));
    const extra = [...actual.values()].filter((f) => !want.has(key(f)));
    const found = want.size - missed.length;
    const summary = [
      `example app: ${files.length} files, ${want.size} expected findings, ${actual.size} reported`,
      `recall ${found}/${want.size} = ${((100 * found) / want.size).toFixed(1)}%, false positives ${extra.length}`,
      ...missed.map((k) => `  MISSED ${k}`),
      ...extra.map((f) => `  UNEXPECTED ${key(f)}: ${f.message}`),
    ].join('\n');
    console.log(summary);
    expect(parseErrors).toEqual([]);
    expect({ missed, unexpected: extra.map(key) }, summary).toEqual({ missed: [], unexpected: [] });
  });
});
