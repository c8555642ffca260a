/**
 * The evaluation corpus: realistic consumer files of different styles (test/corpus/*) whose lines to report carry
 * `// expect: <id>[, <id>]` markers, and code of other domains full of look-alike words (test/corpus/clean/*) that
 * must yield nothing. Every non-informational notice is selected (as `--before 2099-12-31` does).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeFile, fileLanguage } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';

const CORPUS = fileURLToPath(new URL('./corpus/', import.meta.url));
const CLEAN = join(CORPUS, 'clean');
const MARKER = /\bexpect:\s*([a-z0-9-]+(?:\s*,\s*[a-z0-9-]+)*)/;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile() && fileLanguage(f) !== 'unsupported');

/** `file:line id` for every marker of a file. */
function markedFindings(name: string, text: string): Set<string> {
  const out = new Set<string>();
  text.split('\n').forEach((line, i) => {
    const m = MARKER.exec(line);
    if (m) for (const id of m[1].split(',')) out.add(`${name}:${i + 1} ${id.trim()}`);
  });
  return out;
}

describe('evaluation corpus', () => {
  const loaded = loadCatalog();
  const notices = loaded.notices.filter((n) => n.status !== 'informational');
  const ids = new Set(loaded.notices.map((n) => n.id));

  const run = (dir: string, prefix: string) => {
    const expected = new Set<string>();
    const actual = new Map<string, string>();
    const parseErrors: string[] = [];
    for (const path of sourceFiles(dir)) {
      const name = `${prefix}${relative(dir, path).split(sep).join('/')}`;
      const text = readFileSync(path, 'utf8');
      for (const k of markedFindings(name, text)) expected.add(k);
      const result = analyzeFile({ filename: path, text }, { catalog: loaded, notices, engine: {} });
      if (result.parseError) parseErrors.push(`${name}: ${result.parseError.message}`);
      for (const m of result.matches) actual.set(`${name}:${m.loc.start.line} ${m.noticeId}`, m.message);
    }
    return { expected, actual, parseErrors };
  };

  it('markers name real notices', () => {
    const { expected } = run(CORPUS, '');
    expect(expected.size).toBeGreaterThan(30);
    for (const k of expected) expect(ids.has(k.split(' ')[1]), k).toBe(true);
  });

  it('reports every marked line and nothing else; nothing at all on clean code', () => {
    const marked = run(CORPUS, '');
    const clean = run(CLEAN, 'clean/');
    const missed = [...marked.expected].filter((k) => !marked.actual.has(k));
    const unexpected = [...marked.actual].filter(([k]) => !marked.expected.has(k));
    const cleanHits = [...clean.actual];
    const found = marked.expected.size - missed.length;
    const fp = unexpected.length + cleanHits.length;
    const precision = found + fp === 0 ? 1 : found / (found + fp);
    const summary = [
      `corpus: ${sourceFiles(CORPUS).length} marked files, ${sourceFiles(CLEAN).length} clean files, ${marked.expected.size} expected findings`,
      `recall ${found}/${marked.expected.size} = ${((100 * found) / marked.expected.size).toFixed(1)}%, ` +
        `false positives ${fp} (${unexpected.length} in marked files, ${cleanHits.length} in clean files), precision ${(100 * precision).toFixed(1)}%`,
      ...missed.map((k) => `  MISSED ${k}`),
      ...unexpected.map(([k, msg]) => `  UNEXPECTED ${k}: ${msg}`),
      ...cleanHits.map(([k, msg]) => `  CLEAN HIT ${k}: ${msg}`),
    ].join('\n');
    console.log(summary);
    expect([...marked.parseErrors, ...clean.parseErrors]).toEqual([]);
    expect({ missed, unexpected: unexpected.map(([k]) => k), cleanHits: cleanHits.map(([k]) => k) }, summary).toEqual({
      missed: [],
      unexpected: [],
      cleanHits: [],
    });
  });
});
