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

const { fingerprintAll, matchFingerprint } = await import('../../engine/findings/fingerprint.js');
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
