/**
 * The bench's instruction row of the plugin inside ESLint as the median of n runs a side whose command lines differ
 * (scripts/instruction-runs.ts; issue 30, item 4).
 */
import { describe, expect, it } from 'vitest';
import { medianOf, PAD_STEP, runLines, runPadding, summarizeRuns } from '../scripts/instruction-runs.js';

describe('runPadding', () => {
  it('gives run 1 no padding and every later run another length', () => {
    expect(runPadding(1)).toBe('');
    const lengths = [1, 2, 3, 4, 5, 6, 7, 8].map((r) => runPadding(r).length);
    expect(new Set(lengths).size).toBe(8);
    expect(lengths.slice(0, 3)).toEqual([0, PAD_STEP, 2 * PAD_STEP]);
    // A file name's characters only.
    for (let r = 2; r <= 8; r++) expect(runPadding(r)).toMatch(/^-p+$/);
  });

  it('refuses a run that is not a whole number from 1', () => {
    for (const r of [0, -1, 1.5, Number.NaN]) expect(() => runPadding(r)).toThrow(RangeError);
  });
});

describe('medianOf', () => {
  it('takes the middle value, the mean of the two middle ones for an even count, whatever the order', () => {
    expect(medianOf([3, 1, 2])).toBe(2);
    expect(medianOf([10, 40, 20, 30])).toBe(25);
    expect(medianOf([7])).toBe(7);
    expect(() => medianOf([])).toThrow(RangeError);
  });
});

describe('summarizeRuns', () => {
  it('gives each side its median, their ratio, the ratio run by run and the spread', () => {
    // The twenty-seventh session's two pairs of one unchanged build, and a third.
    const bare = [22_094e6, 21_764e6, 21_900e6];
    const plugin = [23_605e6, 23_751e6, 23_500e6];
    const s = summarizeRuns(bare, plugin);
    expect(s.bare).toBe(21_900e6);
    expect(s.plugin).toBe(23_605e6);
    expect(s.over).toBeCloseTo(23_605 / 21_900 - 1, 12);
    expect(s.pairs.map((x) => Number((x * 100).toFixed(2)))).toEqual([6.84, 9.13, 7.31]);
    expect(s.spread.bare).toEqual([21_764e6, 22_094e6]);
    expect(s.spread.plugin).toEqual([23_500e6, 23_751e6]);
    expect(s.spread.over[0]).toBeCloseTo(23_605 / 22_094 - 1, 12);
    expect(s.spread.over[1]).toBeCloseTo(23_751 / 21_764 - 1, 12);
  });

  it("pairs run i of one side with run i of the other (the same padding), not with the other side's median", () => {
    const s = summarizeRuns([100, 200], [110, 200]);
    expect(s.pairs[0]).toBeCloseTo(0.1, 12);
    expect(s.pairs[1]).toBe(0);
    expect(s.over).toBeCloseTo(155 / 150 - 1, 12);
  });

  it('refuses sides of different lengths or none', () => {
    expect(() => summarizeRuns([1, 2], [1])).toThrow(RangeError);
    expect(() => summarizeRuns([], [])).toThrow(RangeError);
  });
});

describe('runLines', () => {
  it('prints every run with its padding, then the medians and the spread in points', () => {
    const lines = runLines([22_094e6, 21_764e6, 21_900e6], [23_605e6, 23_751e6, 23_500e6]);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('run 1 (no padding): ESLint alone 22,094 M, with the plugin 23,605 M, +6.84%');
    expect(lines[1]).toBe(`run 2 (+${PAD_STEP} characters): ESLint alone 21,764 M, with the plugin 23,751 M, +9.13%`);
    expect(lines[3]).toMatch(/^median of 3 runs a side: ESLint alone 21,900 M, with the plugin 23,605 M, \+7\.79%; spread: ESLint alone 21,764 M to 22,094 M, with the plugin 23,500 M to 23,751 M, run by run \+6\.84% to \+9\.13% \(2\.29 points\)$/);
  });

  it('says a single run is one', () => {
    expect(runLines([100e6], [95e6]).at(-1)).toMatch(/^median of 1 run a side: .* -5\.00%; .*\(0\.00 points\)$/);
  });
});
