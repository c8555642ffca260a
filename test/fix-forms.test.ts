/**
 * Fixes in time (engine/fix-timing.ts), on every fix pair of every fixable notice (discovered, never listed):
 * - the day before the effective date, `--fix` writes the transitional form (`<case>.transitional.<ext>`) for
 *   `expand-contract` notices, nothing for `final-only` ones, the final form for `safe` ones;
 * - the transitional output is not reported before the date, is reported from the date on with the fix that
 *   contracts it, and transitional-then-final equals final once;
 * - each form is idempotent; final forms before the date travel as suggestions; `fixMode: 'final'` writes them early.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog.js';
import { addDays } from '../engine/dates.js';
import { checkSyntax, fixFile } from '../engine/edits.js';
import { fixTimingOf, SUGGEST_FINAL_FORM } from '../engine/fix-timing.js';
import type { EngineOptions, Notice } from '../engine/types.js';
import { fixPairs } from './helpers/fixtures.js';

const catalog = loadCatalog();
const notice = (id: string): Notice => {
  const n = catalog.get(id);
  if (!n) throw new Error(`fixture folder "${id}" names no notice in notices.json`);
  return n;
};
/** The day the final form becomes due, and the day before it (undated notices: far apart). */
function daysOf(n: Notice): { on: string; before: string } {
  const on = n.effective ?? '2026-11-22';
  return { on, before: addDays(on, -1) };
}

function run(file: string, text: string, n: Notice, engine: EngineOptions) {
  return fixFile({ filename: file, text }, { catalog, notices: [n], engine });
}

describe('every fixable notice states how its fix behaves in time', () => {
  it('fixTiming on every notice with a fix; expand-contract only on dated notices', () => {
    for (const n of catalog.notices) {
      if (n.fix === 'none' || n.status === 'informational') continue;
      expect(n.fixTiming, n.id).toBeDefined();
      expect(n.fixTiming!.reason.length, n.id).toBeGreaterThan(30);
      if (n.fixTiming!.kind === 'expand-contract') expect(n.status, n.id).toBe('dated');
      if (n.fixTiming!.kind === 'expand-contract') expect(n.example?.transitional, `${n.id}: example.transitional`).toBeDefined();
    }
  });
});

describe('fix pairs on both sides of the date', () => {
  const pairs = fixPairs().filter((p) => notice(p.id).fix === 'autofix');
  it('discovers pairs of every timing', () => {
    const kinds = new Set(pairs.map((p) => fixTimingOf(notice(p.id))));
    expect([...kinds].sort()).toEqual(['expand-contract', 'final-only', 'safe']);
  });
  for (const pair of pairs) {
    const n = notice(pair.id);
    const timing = fixTimingOf(n);
    const { on, before } = daysOf(n);
    it(`${pair.id}: ${pair.name} (${timing})`, () => {
      const input = readFileSync(pair.input, 'utf8');
      const final = readFileSync(pair.output, 'utf8');
      const early: EngineOptions = { ...pair.options, today: before };
      const due: EngineOptions = { ...pair.options, today: on };

      // On the date: the final form, once, idempotent.
      const once = run(pair.input, input, n, due);
      expect(once.failure).toBeUndefined();
      expect(once.output).toBe(final);
      expect(once.fixed.every((m) => m.fixForm === (timing === 'safe' ? 'safe' : 'final'))).toBe(true);
      // Fix mode `final` writes the same the day before.
      expect(run(pair.input, input, n, { ...early, fixMode: 'final' }).output).toBe(final);

      // The day before.
      const first = run(pair.input, input, n, early);
      expect(first.failure).toBeUndefined();
      if (timing === 'safe') {
        expect(first.output).toBe(final);
        return;
      }
      // Nothing but transitional forms is written; every final form not written is a suggestion.
      expect(first.fixed.every((m) => m.fixForm === 'transitional')).toBe(true);
      for (const m of first.remaining) {
        if (m.fix) continue;
        const dueMatch = analyzeFile({ filename: pair.input, text: first.output }, { catalog, notices: [n], engine: due }).matches.find((d) => d.range[0] === m.range[0]);
        if (dueMatch?.fix) expect(m.suggestions?.some((s) => s.messageId === SUGGEST_FINAL_FORM), `${m.loc.start.line}: final form as a suggestion`).toBe(true);
      }
      if (timing === 'final-only') {
        expect(first.output).toBe(input);
        return;
      }
      expect(pair.transitional, `${pair.id}/${pair.name} needs a .transitional file (expand-contract)`).toBeDefined();
      const transitional = readFileSync(pair.transitional!, 'utf8');
      expect(first.output).toBe(transitional);
      expect(checkSyntax(pair.transitional!, transitional)).toBeUndefined();
      // Idempotent, and the transitional forms are recognised as migrated: nothing left to fix today.
      const again = run(pair.transitional!, transitional, n, early);
      expect(again.changed).toBe(false);
      expect(again.remaining.filter((m) => m.fix)).toEqual([]);
      if (transitional !== input) {
        const written = first.fixed.length;
        const left = analyzeFile({ filename: pair.transitional!, text: transitional }, { catalog, notices: [n], engine: early }).matches;
        expect(left.length).toBe(first.remaining.length);
        expect(written).toBeGreaterThan(0);
      }
      // From the date on the transitional forms are reported again, and contracting them gives the final form.
      const reported = analyzeFile({ filename: pair.transitional!, text: transitional }, { catalog, notices: [n], engine: due }).matches;
      expect(reported.filter((m) => m.fix).length).toBeGreaterThanOrEqual(first.fixed.length);
      const contracted = run(pair.transitional!, transitional, n, due);
      expect(contracted.output).toBe(final);
      expect(run(pair.output, final, n, due).changed).toBe(false);
    });
  }
});
