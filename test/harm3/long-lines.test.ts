/**
 * Issue 28, item 5: the work per file is linear in its line length. 8,000 findings on one 367 KB line took
 * 57.7 s and 3 GB: each finding's fingerprint normalised and hashed the whole line, and its excerpt escaped it.
 * Counted, not timed: the bytes hashed and the characters escaped for many findings on one long line.
 */
import { describe, expect, it, vi } from 'vitest';

const counters = vi.hoisted(() => ({ hashed: 0, escaped: 0 }));

vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const createHash = ((algorithm: string) => {
    const hash = real.createHash(algorithm);
    const update = hash.update.bind(hash);
    hash.update = ((data: string | Buffer) => {
      counters.hashed += data.length;
      return update(data);
    }) as typeof hash.update;
    return hash;
  }) as typeof real.createHash;
  return { ...real, default: { ...real, createHash }, createHash };
});

vi.mock('../../engine/read/printable.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../engine/read/printable.js')>();
  return {
    ...real,
    printable: (text: string) => {
      counters.escaped += text.length;
      return real.printable(text);
    },
  };
});

const starts = vi.hoisted(() => ({ computed: 0 }));

vi.mock('../../cli/report/excerpt.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../cli/report/excerpt.js')>();
  return {
    ...real,
    lineStarts: (text: string) => {
      starts.computed++;
      return real.lineStarts(text);
    },
  };
});

const { fingerprintAll, matchFingerprint } = await import('../../engine/findings/fingerprint.js');
const { formatSarif, regionOf } = await import('../../cli/report/formats/sarif.js');
const { excerptOf, lineStarts } = await import('../../cli/report/excerpt.js');

/** One line of `n` identical header reads, and the ranges of the matched names. */
function longLine(n: number): { text: string; ranges: Array<[number, number]> } {
  const item = "req.headers['X-Spark-Signature']";
  const text = 'const all = [' + Array(n).fill(item).join(', ') + '];\n';
  const ranges: Array<[number, number]> = [];
  for (let at = text.indexOf("'X-Spark"); at >= 0; at = text.indexOf("'X-Spark", at + 1)) ranges.push([at, at + "'X-Spark-Signature'".length]);
  return { text, ranges };
}

describe('work per finding does not grow with the line (issue 28, item 5)', () => {
  it('fingerprints of 3,000 findings on one 100 KB line hash a few times the text, not 3,000 times', () => {
    const { text, ranges } = longLine(3_000);
    expect(text.length).toBeGreaterThan(100_000);
    counters.hashed = 0;
    const prints = fingerprintAll(text, ranges.map((range) => ({ noticeId: 'n', range })));
    expect(counters.hashed).toBeLessThan(4 * text.length);
    // Still told apart by their order, and stable for the same input.
    expect(new Set(prints).size).toBe(3_000);
    expect(prints[1]).toBe(`${prints[0]}:2`);
    expect(fingerprintAll(text, ranges.slice(0, 2).map((range) => ({ noticeId: 'n', range })))).toEqual(prints.slice(0, 2));
  });

  it('fingerprints on ordinary lines are what they were (recipe v1: id, matched text, whole lines, whitespace collapsed)', async () => {
    const { createHash } = await vi.importActual<typeof import('node:crypto')>('node:crypto');
    const text = 'a();\n  const  x =\treq.headers["X-Spark-Signature"];\nb();\n';
    const at = text.indexOf('"X-Spark');
    const range: [number, number] = [at, at + 19];
    const expected = createHash('sha256').update(`v1\0n\0"X-Spark-Signature"\0const x = req.headers["X-Spark-Signature"];`).digest('hex').slice(0, 32);
    expect(matchFingerprint('n', text, range)).toBe(expected);
  });

  it('excerpts of 3,000 findings on one long line escape what they show, not the whole line each time', () => {
    const { text, ranges } = longLine(3_000);
    const starts = lineStarts(text);
    counters.escaped = 0;
    for (let i = 0; i < ranges.length; i++) expect(excerptOf(text, starts, 1, 1).lines[0]).toHaveLength(240);
    // At most the 241 characters each shows (before: the whole 100 KB line each time).
    expect(counters.escaped).toBeLessThanOrEqual(ranges.length * 241);
  });
});

// 10,000 autofixes in one file took 29 s in SARIF (20,000 over 90 s; the other formats 5-9 s): each edit's region
// counted the lines from the start of the file to its offset.
describe('SARIF regions of many autofixes in one file', () => {
  /** The region as it was computed before: lines counted from the start of the text to each offset. */
  function naiveRegion(text: string, range: readonly [number, number]): { startLine: number; startColumn: number; endLine: number; endColumn: number } {
    const at = (offset: number): [number, number] => {
      let line = 1;
      let lineStart = 0;
      for (let i = 0; i < offset && i < text.length; i++) {
        if (text.charCodeAt(i) === 10) {
          line++;
          lineStart = i + 1;
        }
      }
      return [line, offset - lineStart + 1];
    };
    const [startLine, startColumn] = at(range[0]);
    const [endLine, endColumn] = at(range[1]);
    return { startLine, startColumn, endLine, endColumn };
  }

  it('gives the regions it gave, for texts of line feeds, carriage returns and other characters', () => {
    let seed = 7;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    for (let round = 0; round < 300; round++) {
      const text = Array.from({ length: random(60) }, () => 'a\n\r\té'[random(5)]).join('');
      for (let k = 0; k < 10; k++) {
        const a = random(text.length + 3);
        const range: [number, number] = [a, a + random(text.length + 3 - a + 1)];
        expect(regionOf(lineStarts(text), range), JSON.stringify({ text, range })).toEqual(naiveRegion(text, range));
      }
    }
  });

  it('finds the line starts of a file once for 2,000 edits in it, not once per edit', () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => `  req.headers['X-Spark-Signature']; // ${i}`);
    const text = lines.join('\n') + '\n';
    const findings = lines.map((line, i) => {
      const at = text.indexOf("'X-Spark", i === 0 ? 0 : text.indexOf(`// ${i - 1}\n`) + 1);
      return { noticeId: 'n', severity: 'error', message: 'm', when: 'w', file: 'a.ts', line: i + 1, column: 15, endLine: i + 1, endColumn: 34, fingerprint: `f${i}`, edits: [{ range: [at, at + 19], text: "'x-spark-signature'" }] };
    });
    const report = { notices: [], findings, files: [], tool: { name: 'collab-migrate', version: '0' }, today: '2026-06-01', summary: {} };
    starts.computed = 0;
    const sarif = JSON.parse(formatSarif(report as unknown as Parameters<typeof formatSarif>[0], new Map([['a.ts', text]]), process.cwd())) as { runs: Array<{ results: Array<{ fixes: Array<{ artifactChanges: Array<{ replacements: Array<{ deletedRegion: unknown }> }> }> }> }> };
    expect(starts.computed).toBe(1);
    const regions = sarif.runs[0]!.results.map((r) => r.fixes[0]!.artifactChanges[0]!.replacements[0]!.deletedRegion);
    expect(regions[1_999]).toEqual({ startLine: 2_000, startColumn: 15, endLine: 2_000, endColumn: 34 });
    expect(regions.map((r, i) => (r as { startLine: number }).startLine - i)).toEqual(Array(2_000).fill(1));
  });
});
