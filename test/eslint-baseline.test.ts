/**
 * The ESLint plugin reads the CLI's baseline (`configure({ baseline })`): every rule on is an error, a recorded
 * finding is not reported, unless its notice took effect after the day the baseline was recorded and on or before
 * today (then it is an error), a new finding is an error at once. Fingerprints match the CLI's, so one file serves both.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../rules/index.js';
import { assertBuilt, cli, cliInProcess, removeTree, tempTree } from './cli/run.js';

// Effective 2026-05-19.
const SIGNATURE = `export function signature(req: { headers: Record<string, string> }) {
  return req.headers['X-Spark-Signature'];
}
`;
const RULE = 'collab-migrate/webhook-header-names-lowercase';

let dirs: string[] = [];
beforeAll(() => assertBuilt());
afterEach(() => {
  for (const d of dirs) removeTree(d);
  dirs = [];
});

function lint(cwd: string, file: string, today: string): Linter.LintMessage[] {
  const linter = new Linter({ configType: 'flat', cwd });
  const config = plugin.configs.configure({ today, baseline: 'collab-migrate-baseline.json' });
  const messages = linter.verify(readText(cwd, file), [plugin.configs.typescript, config], { filename: path.join(cwd, file) });
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.filter((m) => m.ruleId === RULE);
}
const texts = new Map<string, string>();
function readText(cwd: string, file: string): string {
  return texts.get(path.join(cwd, file))!;
}
function put(cwd: string, file: string, text: string): void {
  texts.set(path.join(cwd, file), text);
  writeFileSync(path.join(cwd, file), text);
}

describe('configure({ baseline })', { timeout: 120_000 }, () => {
  it('hides recorded findings until their date, reports new ones as errors now', async () => {
    const d = tempTree({ 'src/.keep': '' });
    dirs.push(d);
    put(d, 'src/sig.ts', SIGNATURE);
    expect(cli(['--baseline-write', 'collab-migrate-baseline.json', '--today', '2026-03-01'], { cwd: d }).code).toBe(0);
    const config = plugin.configs.configure({ today: '2026-03-01', baseline: 'collab-migrate-baseline.json' });
    expect(config.rules?.[RULE]).toBe('error');
    expect(plugin.configs.configure({ today: '2026-03-01' }).rules?.[RULE]).toBe('warn');
    // Recorded: not reported before the date, even after lines moved; an error from the effective day.
    expect(lint(d, 'src/sig.ts', '2026-03-01')).toEqual([]);
    put(d, 'src/sig.ts', `// moved\n\n${SIGNATURE}`);
    expect(lint(d, 'src/sig.ts', '2026-05-18')).toEqual([]);
    const due = lint(d, 'src/sig.ts', '2026-05-19');
    expect(due.map((m) => [m.line, m.severity])).toEqual([[4, 2]]);
    // New: an error now, though the notice is months away.
    put(d, 'src/new.ts', SIGNATURE);
    expect(lint(d, 'src/new.ts', '2026-03-01').map((m) => m.severity)).toEqual([2]);
    // The CLI agrees on both files.
    const r = JSON.parse((await cliInProcess(['--format', 'json', '--baseline', 'collab-migrate-baseline.json', '--today', '2026-03-01'], { cwd: d })).stdout) as { findings: { file: string; severity: string; baseline: string }[] };
    expect(r.findings.map((f) => [f.file, f.severity, f.baseline])).toEqual([
      ['src/new.ts', 'error', 'new'],
      ['src/sig.ts', 'warning', 'recorded'],
    ]);
  });

  it('a recorded finding of a notice already in force when the baseline was written stays quiet', async () => {
    const d = tempTree({});
    dirs.push(d);
    put(d, 'sig.ts', SIGNATURE);
    expect((await cliInProcess(['--baseline-write', 'collab-migrate-baseline.json', '--today', '2026-06-01'], { cwd: d })).code).toBe(0);
    expect(lint(d, 'sig.ts', '2026-06-01')).toEqual([]);
    expect(lint(d, 'sig.ts', '2027-01-01')).toEqual([]);
    put(d, 'new.ts', SIGNATURE.replace('signature', 'fresh'));
    expect(lint(d, 'new.ts', '2026-06-01').map((m) => m.severity)).toEqual([2]);
  });

  it('a missing baseline file is an error that says how to create it', () => {
    const d = tempTree({});
    dirs.push(d);
    put(d, 'a.ts', SIGNATURE);
    const linter = new Linter({ configType: 'flat', cwd: d });
    expect(() => linter.verify(SIGNATURE, [plugin.configs.typescript, plugin.configs.configure({ today: '2026-03-01', baseline: 'nope.json' })], { filename: path.join(d, 'a.ts') })).toThrow(/baseline .*nope\.json not found \(create it with `collab-migrate --baseline-write .*; a relative `baseline` is read from ESLint's working folder: .*path\.join\(import\.meta\.dirname, 'collab-migrate-baseline\.json'\)/);
  });

  it('ESLint run from a package folder of a monorepo: the documented path beside the config reads the root baseline; a relative one names the fix', () => {
    const root = tempTree({ 'packages/api/.keep': '' });
    dirs.push(root);
    put(root, 'packages/api/a.ts', SIGNATURE);
    expect(cli(['--baseline-write', 'collab-migrate-baseline.json', '--today', '2026-03-01'], { cwd: root }).code).toBe(0);
    // What eslint.config.mjs at the root computes with docs/baseline.md's `path.join(import.meta.dirname, ...)`.
    const besideConfig = path.join(root, 'collab-migrate-baseline.json');
    const inPackage = new Linter({ configType: 'flat', cwd: path.join(root, 'packages/api') });
    const lint = (baseline: string) => inPackage.verify(SIGNATURE, [plugin.configs.typescript, plugin.configs.configure({ today: '2026-03-01', baseline })], { filename: path.join(root, 'packages/api/a.ts') });
    expect(lint(besideConfig)).toEqual([]);
    expect(() => lint('collab-migrate-baseline.json')).toThrow(/packages[\\/]api[\\/]collab-migrate-baseline\.json not found .*import\.meta\.dirname/);
  });
});
