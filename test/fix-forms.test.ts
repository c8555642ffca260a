/**
 * Fixes in time (engine/fix/timing.ts), on every fix pair of every fixable notice (discovered, never listed):
 * - the day before the effective date, `--fix` writes the transitional form (`<case>.transitional.<ext>`) for
 *   `expand-contract` notices, nothing for `final-only` ones, the final form for `safe` ones;
 * - the transitional output is not reported before the date, is reported from the date on with the fix that
 *   contracts it, and transitional-then-final equals final once;
 * - each form is idempotent; final forms before the date travel as suggestions; `fixMode: 'final'` writes them early.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { addDays } from '../engine/catalog/dates.js';
import { checkSyntax, fixFile } from '../engine/fix/edits.js';
import { fixTimingOf, SUGGEST_FINAL_FORM } from '../engine/fix/timing.js';
import type { EngineOptions, Notice } from '../engine/types.js';
import plugin from '../rules/index.js';
import { assertBuilt, cli, cliInProcess, removeTree, tempTree } from './cli/run.js';
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

describe('the catalog examples show what the engine writes', () => {
  // A scoped detection needs its endpoint in the file; a one-line example has none (its fixture pairs cover it).
  for (const n of catalog.notices.filter((x) => x.example?.transitional !== undefined && !x.detections.some((d) => (d.scope?.endpoints.length ?? 0) > 0))) {
    it(`${n.id}: before -> transitional (the day before) -> after (on the date)`, () => {
      const { on, before } = daysOf(n);
      const ex = n.example!;
      const file = `example.${ex.language}`;
      expect(run(file, ex.before, n, { today: before }).output).toBe(ex.transitional);
      expect(run(file, ex.transitional!, n, { today: before }).changed).toBe(false);
      expect(run(file, ex.transitional!, n, { today: on }).output).toBe(ex.after);
      expect(run(file, ex.before, n, { today: on }).output).toBe(ex.after);
    });
  }
});

describe('ESLint: fix carries only safe edits and transitional forms; final forms before the date are suggestions', () => {
  const HEADER = 'webhook-header-names-lowercase';
  const source = "export const sig = (event: any) => event.headers['X-Spark-Signature'];\n";
  const transitional = "export const sig = (event: any) => event.headers['x-spark-signature'] ?? event.headers['X-Spark-Signature'];\n";
  const final = "export const sig = (event: any) => event.headers['x-spark-signature'];\n";
  function lint(text: string, options: Record<string, unknown>) {
    const linter = new Linter({ configType: 'flat' });
    const config = [
      { files: ['**/*.ts'], plugins: { 'collab-migrate': plugin as never }, languageOptions: { parser: tsParser as never }, rules: { [`collab-migrate/${HEADER}`]: ['error', options] } },
    ] as Linter.Config[];
    return { messages: linter.verify(text, config, { filename: 'a.ts' }), fixed: linter.verifyAndFix(text, config, { filename: 'a.ts' }).output };
  }
  it('the day before: fix = transitional, suggestion = final; the transitional form is not reported', () => {
    const { messages, fixed } = lint(source, { today: '2026-05-18' });
    expect(messages).toHaveLength(1);
    expect(fixed).toBe(transitional);
    const suggestion = messages[0].suggestions?.find((s) => s.messageId === SUGGEST_FINAL_FORM);
    expect(suggestion?.desc).toContain('2026-05-19');
    expect(suggestion?.fix.text).toBe("'x-spark-signature'");
    expect(lint(transitional, { today: '2026-05-18' }).messages).toEqual([]);
  });
  it('on the date: reported again and contracted; fixMode final writes the final form early', () => {
    const after = lint(transitional, { today: '2026-05-19' });
    expect(after.messages.map((m) => m.messageId)).toEqual(['mixedCaseFallback']);
    expect(after.fixed).toBe(final);
    expect(lint(source, { today: '2026-05-18', fixMode: 'final' }).fixed).toBe(final);
    expect(lint(source, { today: '2026-05-19' }).fixed).toBe(final);
  });
  it('a pair whose sides carry TypeScript casts is the migrated pair: contracted on the date to the lower-case side, its cast kept', () => {
    const cast = "export const sig = (req: any) => (req.headers['x-spark-signature'] as string | undefined)\n  ?? (req.headers['X-Spark-Signature'] as unknown as string | undefined);\n";
    expect(lint(cast, { today: '2026-05-18' }).messages).toEqual([]);
    const after = lint(cast, { today: '2026-05-19' });
    expect(after.messages.map((m) => m.messageId)).toEqual(['mixedCaseFallback']);
    expect(after.fixed).toBe("export const sig = (req: any) => req.headers['x-spark-signature'] as string | undefined;\n");
    // Where the pair's parentheses are needed, the partner keeps them with its cast.
    const member = "export const n = (h: any) => ((h['x-spark-signature'] as string) ?? (h['X-Spark-Signature'] as string)).length;\n";
    expect(lint(member, { today: '2026-05-19' }).fixed).toBe("export const n = (h: any) => (h['x-spark-signature'] as string).length;\n");
    // Look-alike: the cast side reads another header; still a plain mixed-case lookup.
    const other = "export const sig = (h: any) => (h['x-other'] as string) ?? (h['X-Spark-Signature'] as string);\n";
    expect(lint(other, { today: '2026-05-19' }).messages.map((m) => m.messageId)).toEqual(['mixedCaseHeader']);
  });
  it('a bad fixMode is a configuration error', () => {
    expect(() => lint(source, { today: '2026-05-18', fixMode: 'early' })).toThrow(/collab-migrate\/webhook-header-names-lowercase/);
  });
});

describe('the CLI: --today picks the form, --fix-mode final writes final forms early, the report names the form', { timeout: 120_000 }, () => {
  beforeAll(() => assertBuilt());
  const source = "export const sig = (event: any) => event.headers['X-Spark-Signature'];\n";
  it('--fix before the date writes the transitional form, then contracts it on the date', async () => {
    const d = tempTree({ 'a.ts': source });
    try {
      const scan = cli(['--only', 'webhook-header-names-lowercase', '--today', '2026-05-01', '--format', 'json'], { cwd: d });
      expect(JSON.parse(scan.stdout).findings.map((f: { fixForm?: string }) => f.fixForm)).toEqual(['transitional']);
      expect((await cliInProcess(['--fix', '--allow-dirty', '--only', 'webhook-header-names-lowercase', '--today', '2026-05-01'], { cwd: d })).code).toBe(0);
      expect(readFileSync(path.join(d, 'a.ts'), 'utf8')).toBe("export const sig = (event: any) => event.headers['x-spark-signature'] ?? event.headers['X-Spark-Signature'];\n");
      const again = await cliInProcess(['--only', 'webhook-header-names-lowercase', '--today', '2026-05-01', '--format', 'json'], { cwd: d });
      expect(JSON.parse(again.stdout).findings).toEqual([]);
      await cliInProcess(['--fix', '--allow-dirty', '--only', 'webhook-header-names-lowercase', '--today', '2026-05-19'], { cwd: d });
      expect(readFileSync(path.join(d, 'a.ts'), 'utf8')).toBe("export const sig = (event: any) => event.headers['x-spark-signature'];\n");
    } finally {
      removeTree(d);
    }
  });
  it('--fix-mode final before the date writes the final form; a bad mode is a usage error', async () => {
    const d = tempTree({ 'a.ts': source });
    try {
      expect((await cliInProcess(['--fix', '--allow-dirty', '--fix-mode', 'final', '--only', 'webhook-header-names-lowercase', '--today', '2026-05-01'], { cwd: d })).code).toBe(0);
      expect(readFileSync(path.join(d, 'a.ts'), 'utf8')).toBe("export const sig = (event: any) => event.headers['x-spark-signature'];\n");
      expect((await cliInProcess(['--fix-mode', 'soon', '--today', '2026-05-01'], { cwd: d })).code).toBe(2);
    } finally {
      removeTree(d);
    }
  });
});
