/** The edit engine: grouped, deterministic, overlap-checked application and the parse-verified fix loop. */
import { AST_NODE_TYPES as T } from '@typescript-eslint/utils';
import { describe, expect, it, vi } from 'vitest';
import type { Detector } from '../engine/detectors/detector.js';
import type { LoadedCatalog } from '../engine/catalog/catalog.js';
import type { Notice, TextEdit } from '../engine/types.js';

// A fake interpreter: rewrites every `OLD` identifier/string to the text in the detection's params,
// so the fix loop can be driven to produce good, overlapping and unparseable results.
const fake: Detector<any> = {
  kind: 'fake',
  messages: { found: 'found {{what}}' },
  tokens: () => ['OLD'],
  detect(file, ctx) {
    const to = String((ctx.detection as any).params.to);
    return file.nodes(T.Identifier).filter((n) => n.name === 'OLD').map((n) => ({ node: n, messageId: 'found', data: { what: 'OLD' }, fix: [{ range: n.range, text: to }] }));
  },
};
vi.mock('../engine/detectors/index.js', () => ({ getDetector: () => fake, detectorKinds: () => ['fake'] }));

const { applyEdits, fixFile } = await import('../engine/fix/edits.js');

const notice = (to: string, fix: Notice['fix'] = 'autofix'): Notice => ({
  id: 'fake-notice', title: 't', summary: 's', area: 'a', status: 'contract', breaking: true, source: { section: '0' }, instead: 'do x', fix,
  detections: [{ kind: 'custom', handler: 'fake', params: { to } }],
});
const catalog = {} as LoadedCatalog;

describe('applyEdits', () => {
  it('applies groups in text order whatever order they come in', () => {
    const r = applyEdits('abcdef', [[{ range: [4, 5], text: 'E' }], [{ range: [0, 1], text: 'A' }]]);
    expect(r).toEqual({ output: 'AbcdEf', applied: [0, 1], conflicts: [] });
  });

  it('skips a group overlapping an earlier one, whole', () => {
    const r = applyEdits('abcdef', [[{ range: [1, 3], text: 'X' }], [{ range: [2, 4], text: 'Y' }, { range: [5, 6], text: 'Z' }]]);
    expect(r.output).toBe('aXdef');
    expect(r.conflicts).toEqual([1]);
  });

  it('accepts adjacent edits and refuses two insertions at one point', () => {
    expect(applyEdits('abc', [[{ range: [0, 1], text: 'A' }], [{ range: [1, 2], text: 'B' }]]).output).toBe('ABc');
    const r = applyEdits('abc', [[{ range: [1, 1], text: 'x' }], [{ range: [1, 1], text: 'y' }]]);
    expect(r.output).toBe('axbc');
    expect(r.conflicts).toEqual([1]);
  });

  it('refuses edits outside the text', () => {
    expect(applyEdits('abc', [[{ range: [2, 9], text: 'x' }]]).conflicts).toEqual([0]);
  });
});

describe('fixFile', () => {
  const opts = (to: string, fix: Notice['fix'] = 'autofix') => ({ catalog, notices: [notice(to, fix)] });

  it('fixes every occurrence, keeps every other byte (CRLF, BOM, comments) and is idempotent', () => {
    const text = '\uFEFF// keep me\r\nconst a = OLD;\r\n\tcall(OLD /* c */);\r\n';
    const r = fixFile({ filename: 'x.ts', text }, opts('NEW'));
    expect(r.output).toBe('\uFEFF// keep me\r\nconst a = NEW;\r\n\tcall(NEW /* c */);\r\n');
    expect(r.fixed).toHaveLength(2);
    expect(r.remaining).toEqual([]);
    expect(fixFile({ filename: 'x.ts', text: r.output }, opts('NEW')).changed).toBe(false);
  });

  it('refuses a fix whose result would not parse, and says so', () => {
    const text = 'const a = OLD;\n';
    const r = fixFile({ filename: 'x.ts', text }, opts('('));
    expect(r.output).toBe(text);
    expect(r.changed).toBe(false);
    expect(r.failure).toMatch(/would not parse/);
    expect(r.remaining).toHaveLength(1);
  });

  it('does not touch a file that does not parse', () => {
    const text = 'const a = OLD;\nconst = ;\n';
    const r = fixFile({ filename: 'x.ts', text }, opts('NEW'));
    expect(r.output).toBe(text);
    expect(r.failure).toMatch(/does not parse/);
  });

  it('applies nothing for a notice whose fix kind is not autofix', () => {
    const r = fixFile({ filename: 'x.ts', text: 'OLD;' }, opts('NEW', 'none'));
    expect(r.changed).toBe(false);
    expect(r.remaining.map((m) => m.message)).toEqual(['found OLD']);
  });
});

// The check against accepted edits looks at two neighbours instead of every accepted edit (20,000 fixes in one file
// were a quadratic pass); the result must be what the pass gave.
describe('applyEdits against the pass over every accepted edit', () => {
  function reference(text: string, groups: readonly (readonly TextEdit[])[]): ReturnType<typeof applyEdits> {
    const overlaps = (a: TextEdit, b: TextEdit): boolean => a.range[0] === b.range[0] || (a.range[0] < b.range[1] && b.range[0] < a.range[1]);
    const order = groups.map((g, i) => ({ i, start: g.length ? Math.min(...g.map((e) => e.range[0])) : Infinity })).sort((a, b) => a.start - b.start || a.i - b.i);
    const accepted: TextEdit[] = [];
    const applied: number[] = [];
    const conflicts: number[] = [];
    for (const { i } of order) {
      const group = groups[i]!;
      if (group.length === 0) continue;
      const bad = group.some((e, j) => e.range[0] > e.range[1] || e.range[0] < 0 || e.range[1] > text.length || group.some((f, k) => k !== j && overlaps(e, f)));
      if (bad || group.some((e) => accepted.some((a) => overlaps(a, e)))) {
        conflicts.push(i);
        continue;
      }
      accepted.push(...group);
      applied.push(i);
    }
    accepted.sort((a, b) => a.range[0] - b.range[0]);
    let output = '';
    let last = 0;
    for (const e of accepted) {
      output += text.slice(last, e.range[0]) + e.text;
      last = e.range[1];
    }
    return { output: output + text.slice(last), applied: applied.sort((a, b) => a - b), conflicts: conflicts.sort((a, b) => a - b) };
  }

  it('gives the same output, applied and conflicting groups on 3,000 random sets (empty edits, touching, overlapping, out of range)', () => {
    let seed = 5;
    const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (let round = 0; round < 3_000; round++) {
      const text = 'abcdefghijklmnopqrstuvwxyz'.slice(0, 5 + random(20));
      const groups = Array.from({ length: random(12) }, () =>
        Array.from({ length: random(4) }, () => {
          const start = random(text.length + 2) - (random(20) === 0 ? 1 : 0);
          const end = start + random(4) - (random(15) === 0 ? 1 : 0);
          return { range: [start, end] as [number, number], text: String(random(10)) };
        }),
      );
      expect(applyEdits(text, groups), JSON.stringify({ text, groups })).toEqual(reference(text, groups));
    }
  });
});

describe('applyEdits work for many edits', () => {
  it('reads each edit a bounded number of times for 4,000 fixes in one text, not once per pair', () => {
    let reads = 0;
    const text = 'x'.repeat(8_000);
    const groups = Array.from({ length: 4_000 }, (_, i) => {
      const range: [number, number] = [2 * i, 2 * i + 1];
      return [{ text: 'y', get range() { reads++; return range; } }];
    });
    const r = applyEdits(text, groups);
    expect(r.applied).toHaveLength(4_000);
    expect(r.output).toBe('yx'.repeat(4_000));
    // log2(4,000) is 12: a few lookups per edit, each a few reads. The pass over every accepted edit made 16 million.
    expect(reads).toBeLessThan(100 * 4_000);
  });
});
