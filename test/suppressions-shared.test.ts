/**
 * One suppression syntax for both tools: the CLI honours ESLint's directives for the plugin's rules
 * (`eslint-disable-next-line collab-migrate/<id>`, `-line`, `disable ... enable` blocks), and the plugin honours
 * collab-migrate's expiring comments (`collab-migrate-ignore-next-line <id> until <date> -- reason`);
 * `--report-unused-suppressions` lists unused comments of both syntaxes.
 */
import { Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSuppressions, suppressionFor } from '../engine/findings/suppressions.js';
import plugin from '../rules/index.js';
import { assertBuilt, cli, cliInProcess, removeTree, tempTree, tempTrees } from './cli/run.js';
import { SIM_RING } from './helpers/snippets.js';

const RENAME = 'workspace-answer-confirmation-renamed';
const before = (comment: string): string => SIM_RING.replace('  const body', `  ${comment}\n  const body`);

describe('ESLint directives, as parsed for the CLI', () => {
  it('next-line, line and block forms naming the plugin rules, with reasons', () => {
    const text = [
      '// eslint-disable-next-line collab-migrate/a-b, no-console -- migrated server-side', // 1
      'x();', // 2
      'y(); // eslint-disable-line collab-migrate/c-d', // 3
      '/* eslint-disable collab-migrate/e-f */', // 4
      'z();', // 5
      '/* eslint-enable collab-migrate/e-f */', // 6
      'w();', // 7
    ].join('\n');
    expect(parseSuppressions(text)).toEqual([
      { kind: 'next-line', line: 1, ids: ['a-b'], reason: 'migrated server-side', syntax: 'eslint' },
      { kind: 'line', line: 3, ids: ['c-d'], syntax: 'eslint' },
      { kind: 'block', line: 4, ids: ['e-f'], syntax: 'eslint', end: 6 },
    ]);
    const sups = parseSuppressions(text);
    expect(suppressionFor(sups, 'a-b', 2, '2026-01-01').state).toBe('suppressed');
    expect(suppressionFor(sups, 'a-b', 3, '2026-01-01').state).toBe('none');
    expect(suppressionFor(sups, 'c-d', 3, '2026-01-01').state).toBe('suppressed');
    expect(suppressionFor(sups, 'e-f', 5, '2026-01-01').state).toBe('suppressed');
    expect(suppressionFor(sups, 'e-f', 7, '2026-01-01').state).toBe('none');
  });

  it('without rule names covers every rule; naming only other rules is not ours; look-alikes are not directives', () => {
    const all = parseSuppressions('/* eslint-disable */\nx();\n');
    expect(suppressionFor(all, 'a-b', 2, '2026-01-01').state).toBe('suppressed');
    expect(parseSuppressions('// eslint-disable-next-line no-console, @typescript-eslint/no-explicit-any\nx();\n')).toEqual([]);
    expect(parseSuppressions('const s = "eslint-disable-next-line";\n// eslint-disable-next-lines collab-migrate/a-b\n// eslint-disabled\n')).toEqual([]);
  });

  it('a bare block re-enabled for one rule still covers the others; a multi-line next-line comment covers the line after it', () => {
    const sups = parseSuppressions('/* eslint-disable */\na();\n/* eslint-enable collab-migrate/a-b */\nb();\n');
    expect(suppressionFor(sups, 'a-b', 2, '2026-01-01').state).toBe('suppressed');
    expect(suppressionFor(sups, 'a-b', 4, '2026-01-01').state).toBe('none');
    expect(suppressionFor(sups, 'c-d', 4, '2026-01-01').state).toBe('suppressed');
    const multi = parseSuppressions('/* eslint-disable-next-line\n   collab-migrate/a-b */\nx();\n');
    expect(suppressionFor(multi, 'a-b', 3, '2026-01-01').state).toBe('suppressed');
    expect(suppressionFor(multi, 'a-b', 2, '2026-01-01').state).toBe('none');
  });
});

describe('the CLI honours eslint-disable comments for its rules', { timeout: 180_000 }, () => {
  const tree = tempTrees();
  beforeAll(() => assertBuilt());
  const scan = async (d: string, extra: string[] = []): Promise<{ code: number | null; report: { findings: unknown[]; summary: { suppressed: number; warnings: number }; suppressions: { unused: { line: number; kind: string; syntax?: string; ids: string[] }[] } } }> => {
    const r = await cliInProcess(['--format', 'json', '--today', '2026-11-22', ...extra], { cwd: d });
    return { code: r.code, report: JSON.parse(r.stdout) };
  };

  it('next-line, line and block forms suppress; another rule name does not', async () => {
    for (const text of [
      before(`// eslint-disable-next-line collab-migrate/${RENAME} -- migrated server-side`),
      SIM_RING.replace('false };', `false }; // eslint-disable-line collab-migrate/${RENAME}`),
      `/* eslint-disable collab-migrate/${RENAME} */\n${SIM_RING}`,
      `/* eslint-disable */\n${SIM_RING}`,
    ]) {
      const { code, report } = await scan(tree({ 'a.ts': text }));
      expect(code, text).toBe(0);
      expect(report.findings).toEqual([]);
      expect(report.summary.suppressed).toBe(1);
    }
    const other = await scan(tree({ 'a.ts': before('// eslint-disable-next-line no-console') }));
    expect(other.report.summary.warnings).toBe(1); // the rename is not breaking: a warning, exit 0
    expect(other.report.findings).toHaveLength(1);
    const ended = await scan(tree({ 'a.ts': `/* eslint-disable collab-migrate/${RENAME} */\n/* eslint-enable collab-migrate/${RENAME} */\n${SIM_RING}` }));
    expect(ended.report.findings).toHaveLength(1);
  });

  it('--report-unused-suppressions lists unused comments of both syntaxes, not bare ESLint directives', async () => {
    const text = [`// eslint-disable-next-line collab-migrate/${RENAME}`, 'export const a = 1;', `// collab-migrate-ignore-next-line ${RENAME}`, 'export const b = 2;', '// eslint-disable-next-line', 'export const c = 3;', ''].join('\n');
    const { report } = await scan(tree({ 'a.ts': text }), ['--report-unused-suppressions']);
    expect(report.suppressions.unused).toEqual([
      { file: 'a.ts', line: 1, kind: 'next-line', syntax: 'eslint', ids: [RENAME] },
      { file: 'a.ts', line: 3, kind: 'next-line', ids: [RENAME] },
    ]);
    const textOut = (await cliInProcess(['--today', '2026-11-22', '--report-unused-suppressions'], { cwd: tree({ 'a.ts': text }) })).stdout;
    expect(textOut).toContain(`a.ts:1  eslint-disable-next-line collab-migrate/${RENAME}`);
  });
});

describe('the ESLint plugin honours collab-migrate-ignore comments, until their day', () => {
  const lint = (text: string, today: string): Linter.LintMessage[] => {
    const linter = new Linter({ configType: 'flat' });
    return linter.verify(text, [plugin.configs.typescript, plugin.configs.configure({ today })], { filename: 'a.ts' }).filter((m) => m.ruleId === `collab-migrate/${RENAME}`);
  };

  it('a next-line comment with until suppresses through that day, then the finding is back and says so', () => {
    expect(lint(SIM_RING, '2026-11-22')).toHaveLength(1);
    const text = before(`// collab-migrate-ignore-next-line ${RENAME} until 2026-12-31 -- waiting for the vendor`);
    expect(lint(text, '2026-12-31')).toEqual([]);
    const after = lint(text, '2027-01-01');
    expect(after).toHaveLength(1);
    expect(after[0].message).toMatch(/; the suppression on line 2 expired on 2026-12-31\)/);
    expect(after[0].line).toBe(3);
  });

  it('an invalid comment is reported, as the CLI lists it: by the rule it names, or once when it names none', async () => {
    const text = `// collab-migrate-ignore-next-line ${RENAME} until 2026-13-45 -- bad day\n${SIM_RING}// collab-migrate-ignore-next-line no-such-notice -- typo\n`;
    const all = new Linter({ configType: 'flat' }).verify(text, [plugin.configs.typescript, plugin.configs.configure({ today: '2026-11-22' })], { filename: 'a.ts' });
    const invalid = all.filter((m) => m.messageId === 'invalidSuppression');
    expect(invalid.map((m) => [m.line, m.message])).toEqual([
      [1, 'Invalid collab-migrate suppression comment: invalid "until" date "2026-13-45" (expected YYYY-MM-DD). It suppresses nothing.'],
      [SIM_RING.split('\n').length + 1, 'Invalid collab-migrate suppression comment: unknown notice "no-such-notice". It suppresses nothing.'],
    ]);
    expect(invalid[0]!.ruleId).toBe(`collab-migrate/${RENAME}`);
    // The finding under the bad comment is still reported.
    expect(all.filter((m) => m.ruleId === `collab-migrate/${RENAME}` && m.messageId !== 'invalidSuppression')).toHaveLength(1);
    const d = tempTree({ 'a.ts': text });
    try {
      const r = JSON.parse((await cliInProcess(['--format', 'json', '--today', '2026-11-22'], { cwd: d })).stdout) as { suppressions: { invalid: { line: number }[] } };
      expect(r.suppressions.invalid.map((x) => x.line)).toEqual(invalid.map((m) => m.line));
    } finally {
      removeTree(d);
    }
  });

  it('file comments and comments for other notices', () => {
    expect(lint(`/* collab-migrate-ignore-file ${RENAME} -- generated */\n${SIM_RING}`, '2026-11-22')).toEqual([]);
    expect(lint(before('// collab-migrate-ignore-next-line legacy-api-host'), '2026-11-22')).toHaveLength(1);
  });

  it('gives the same findings as the CLI on a file with both syntaxes', () => {
    const text = `${before(`// collab-migrate-ignore-next-line ${RENAME} until 2026-12-31`)}\n${SIM_RING.replace('update', 'update2').replace('  const body', `  // eslint-disable-next-line collab-migrate/${RENAME}\n  const body`)}\n${SIM_RING.replace('update', 'update3')}`;
    const eslint = lint(text, '2026-11-22').map((m) => m.line);
    const d = tempTree({ 'a.ts': text });
    try {
      const r = cli(['--format', 'json', '--today', '2026-11-22', '--only', RENAME], { cwd: d });
      const lines = (JSON.parse(r.stdout) as { findings: { line: number }[] }).findings.map((f) => f.line);
      expect(lines).toEqual(eslint);
      expect(lines).toHaveLength(1);
    } finally {
      removeTree(d);
    }
  });
});
