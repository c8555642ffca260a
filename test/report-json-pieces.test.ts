/**
 * The JSON report written in pieces (writeJson, used for `--output` with `--format json`) is byte for byte the
 * text toJson gives: every top-level member, arrays of objects and of strings, empty arrays and objects, absent
 * members, and findings whose `edits` are left out.
 */
import { describe, expect, it } from 'vitest';
import { toJson, writeJson, type Report } from '../cli/report/report.js';

function pieces(report: Report, chunk: number): { text: string; count: number } {
  const out: string[] = [];
  writeJson(report, (p) => out.push(p), chunk);
  return { text: out.join(''), count: out.length };
}

const report = {
  version: 1,
  tool: { name: 'collab-migrate', version: '0.1.0' },
  today: '2026-11-22',
  before: null,
  warnWithinDays: 30,
  mode: 'scan',
  catalog: { reviewed: '2026-11-01', daysSinceReview: 21, stale: false },
  repository: undefined,
  notices: [],
  findings: [
    { file: 'src/a "quoted"\n.ts', line: 3, noticeId: 'x', edits: [{ range: [1, 2], text: 'y' }], excerpt: { lines: ['a', 'b\tc'] } },
    { file: 'src/b.ts', line: 1, noticeId: 'z', fixPreview: { before: ['\u2028'], after: [] } },
  ],
  files: Array.from({ length: 50 }, (_, i) => ({ file: `src/f${i}.ts`, outcome: 'scanned', findings: i % 3, ...(i % 7 === 0 ? { reason: 'why\nnot' } : {}) })),
  unanalysed: [],
  suppressions: { expired: [], unused: [{ file: 'a.ts', line: 1, ids: ['x'] }], invalid: [] },
  summary: { errors: 1, warnings: 2, timeline: [{ bucket: 'in-force', notices: 1 }], nextEffective: null, byDate: [] },
} as unknown as Report;

describe('JSON report in pieces', () => {
  it('gives exactly the text of toJson, in one piece or many', () => {
    const whole = toJson(report);
    expect(whole).not.toContain('"edits"');
    for (const chunk of [1, 100, 1 << 20]) expect(pieces(report, chunk).text).toBe(whole);
    // In pieces, not at once: each top-level member (and each run of 256 elements of an array) is one.
    expect(pieces(report, 100).count).toBeGreaterThan(5);
  });

  it('arrays longer than the run stringified at once (256): the runs join as the elements one by one would', () => {
    for (const n of [255, 256, 257, 513, 700]) {
      const files = Array.from({ length: n }, (_, i) => (i === 300 ? undefined : { file: `src/f${i}\u202e.ts`, outcome: 'scanned', findings: i % 2, ...(i % 5 === 0 ? { reason: 'a\nb', diff: { lines: ['-a', '+b'], empty: {}, none: [] } } : {}) }));
      const big = { ...report, files } as unknown as Report;
      const whole = toJson(big);
      expect(whole.split('\n').filter((line) => line.startsWith('      "file": "src/f')).length).toBe(n - (n > 300 ? 1 : 0));
      if (n > 300) expect(whole).toContain('\n    null,\n');
      for (const chunk of [1, 4096, 1 << 20]) expect(pieces(big, chunk).text).toBe(whole);
      // Each run of 256 elements is a piece of its own when the pieces are small.
      expect(pieces(big, 1).count).toBeGreaterThan(10 + Math.ceil(n / 256));
    }
  });

  it('an empty report object and one with only empty members', () => {
    const bare = { findings: [], files: [], notices: [] } as unknown as Report;
    expect(pieces(bare, 10).text).toBe(toJson(bare));
  });
});
