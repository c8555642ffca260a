/** The scan command end to end through the built binary: findings, dates, formats, files, suppressions. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, cli, cliInProcess, tempTrees } from './cli/run.js';
import { SIM_RING } from './helpers/snippets.js';

const require = createRequire(import.meta.url);
// CommonJS packages whose default export NodeNext typing does not see as constructable/callable.
const AjvDraft04 = require('ajv-draft-04') as new (options: object) => Ajv;
const addFormats = require('ajv-formats') as (ajv: Ajv) => Ajv;
const TODAY = ['--today', '2026-11-22'];
// Not breaking (both names are accepted during the transition): a warning once in force, so runs exit 0.
const RENAME = 'workspace-answer-confirmation-renamed';

// A look-alike: a different key that merely starts with the old name.
const LOOK_ALIKE = `export const labels = { answerConfirmationEnabledLabel: 'Confirm' };\n`;

const tree = tempTrees();

beforeAll(() => assertBuilt());

interface JsonReport {
  version: number;
  today: string;
  notices: { id: string; breaking: boolean; severity: string }[];
  repository?: { name: string; commit: string | null };
  findings: { noticeId: string; file: string; line: number; column: number; endLine: number; endColumn: number; severity: string; fixable: boolean; effective: string | null; daysUntilEffective: number | null; countdown: string; expiredSuppression?: { line: number; until: string } }[];
  files: { file: string; outcome: string; findings: number; reason?: string; fixed?: number; unanalysed?: string }[];
  unanalysed: { file: string; reason: string; textLevel: boolean }[];
  suppressions: { expired: unknown[]; unused: { file: string; line: number }[]; invalid: unknown[] };
  summary: { errors: number; warnings: number; fixable: number; suppressed: number; filesScanned: number; filesSkipped: number; generated: number; unanalysed: number; timeline: { bucket: string; notices: number; findings: number }[] };
}

async function json(args: string[], cwd: string, input?: string): Promise<{ code: number | null; report: JsonReport; stderr: string }> {
  const r = await cliInProcess([...args, '--format', 'json'], { cwd, input });
  let report: JsonReport;
  try {
    report = JSON.parse(r.stdout) as JsonReport;
  } catch {
    throw new Error(`not JSON (exit ${r.code}): ${r.stdout}\n${r.stderr}`);
  }
  return { code: r.code, report, stderr: r.stderr };
}

describe('text output and exit codes', { timeout: 180_000 }, () => {
  it('reports findings grouped by file with line:col, severity, countdown and notice id; exit 1 on errors', async () => {
    const d = tree({ 'src/sim-ring.ts': SIM_RING, 'src/labels.ts': LOOK_ALIKE });
    const r = await cliInProcess(['--only', RENAME, ...TODAY], { cwd: d });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('src/sim-ring.ts\n');
    expect(r.stdout).toMatch(/ {2}2:33 {2}warning {2}`answerConfirmationEnabled` is renamed `answerConfirmationRequiredEnabled`.*\(effective 2024-10-11, 772 days ago\) {2}workspace-answer-confirmation-renamed/);
    expect(r.stdout).not.toContain('src/labels.ts');
    expect(r.stdout).toContain('✖ 1 finding (0 errors, 1 warning) in 1 of 2 files');
    expect(r.stdout).toContain('1 finding fixable with --fix');
    expect(r.stdout).toContain('Timeline: in force: 1 notice, 1 finding');
    expect(r.stdout).toMatch(/2024-10-11 {2}non-breaking: workspace-answer-confirmation-renamed \(1 finding\)/);
    expect(r.stderr).toBe('');
  });

  it('a clean tree exits 0', async () => {
    const d = tree({ 'src/labels.ts': LOOK_ALIKE });
    const r = await cliInProcess([...TODAY], { cwd: d });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('No findings in 1 file');
  });

  it('severity follows the dates: warning inside the window, off outside, --before brings it back', async () => {
    const d = tree({ 'a.ts': SIM_RING });
    // 71 days before 2024-10-11: inside the default 90-day window.
    const warn = await json(['--only', RENAME, '--today', '2024-08-01'], d);
    expect(warn.code).toBe(0);
    expect(warn.report.findings.map((f) => [f.severity, f.daysUntilEffective, f.countdown])).toEqual([['warning', 71, 'in 71 days']]);
    expect(warn.report.summary.timeline).toEqual([{ bucket: 'within-window', label: 'within 90 days', notices: 1, findings: 1 }]);
    // --warn-within 30: outside the window, not reported.
    expect((await json(['--only', RENAME, '--today', '2024-08-01', '--warn-within', '30'], d)).report.findings).toEqual([]);
    // --before covers it again (as a warning, bucket "later").
    const before = await json(['--only', RENAME, '--today', '2024-08-01', '--warn-within', '30', '--before', '2024-10-11'], d);
    expect(before.report.findings.map((f) => f.severity)).toEqual(['warning']);
    expect(before.report.summary.timeline[0].bucket).toBe('later');
    // the day before --before would not select it
    expect((await json(['--only', RENAME, '--today', '2024-08-01', '--warn-within', '30', '--before', '2024-10-10'], d)).report.findings).toEqual([]);
  });

  it('--max-warnings and --quiet', async () => {
    const d = tree({ 'a.ts': SIM_RING });
    const base = ['--only', RENAME, '--today', '2024-08-01'];
    expect((await cliInProcess([...base, '--max-warnings', '1'], { cwd: d })).code).toBe(0);
    const over = await cliInProcess([...base, '--max-warnings', '0'], { cwd: d });
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('too many warnings (maximum: 0)');
    const quiet = await json([...base, '--quiet'], d);
    expect(quiet.report.findings).toEqual([]);
    expect(quiet.report.summary.warnings).toBe(1);
    // As ESLint: --quiet hides the warnings, --max-warnings still counts them.
    const quietOver = await cliInProcess([...base, '--quiet', '--max-warnings', '0'], { cwd: d });
    expect(quietOver.code).toBe(1);
    expect(quietOver.stderr).toContain('too many warnings (maximum: 0; 1 not shown, --quiet)');
    expect((await cliInProcess([...base, '--quiet', '--max-warnings', '1'], { cwd: d })).code).toBe(0);
    // Whatever the format, the reason for exit 1 is said on stderr.
    expect((await cliInProcess([...base, '--max-warnings', '0', '--format', 'json'], { cwd: d })).stderr).toContain('too many warnings (maximum: 0)');
  });

  it('--only and --skip choose notices', async () => {
    const d = tree({ 'a.ts': SIM_RING, 'b.json': '{ "host": "https://analytics.webexapis.com/v1/cdr_feed" }\n' });
    const all = (await json([...TODAY], d)).report.findings.map((f) => f.noticeId).sort();
    expect(all).toEqual(['call-history-regional-hosts', RENAME]);
    expect((await json(['--skip', RENAME, ...TODAY], d)).report.findings.map((f) => f.noticeId)).toEqual(['call-history-regional-hosts']);
    expect((await json(['--only', `${RENAME},call-history-regional-hosts`, ...TODAY], d)).report.findings).toHaveLength(2);
  });
});

describe('--stdin-files (pre-commit, lint-staged)', { timeout: 180_000 }, () => {
  it('scans exactly the files named on standard input, one a line or NUL-separated', async () => {
    const d = tree({ 'src/sim-ring.ts': SIM_RING, 'src/labels.ts': LOOK_ALIKE, 'src/other.ts': SIM_RING });
    for (const input of ['src/sim-ring.ts\nsrc/labels.ts\n', 'src/sim-ring.ts\0src/labels.ts\0']) {
      const r = await json(['--stdin-files', '--only', RENAME, ...TODAY], d, input);
      expect(r.code).toBe(0);
      expect(r.report.files.map((f) => f.file).sort()).toEqual(['src/labels.ts', 'src/sim-ring.ts']);
      expect(r.report.findings.map((f) => f.file)).toEqual(['src/sim-ring.ts']);
    }
  });

  it('an empty list scans nothing (not the whole folder), and a name that does not exist is a usage error', async () => {
    const d = tree({ 'src/sim-ring.ts': SIM_RING });
    const empty = cli(['--stdin-files', ...TODAY], { cwd: d, input: '' });
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toContain('no file names on standard input; nothing scanned');
    const missing = await cliInProcess(['--stdin-files', ...TODAY], { cwd: d, input: 'src/gone.ts\n' });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No such file or directory: src/gone.ts');
  });
});

describe('formats', { timeout: 180_000 }, () => {
  it('json has the documented shape', async () => {
    const d = tree({ 'src/sim-ring.ts': SIM_RING });
    const { code, report } = await json(['--only', RENAME, ...TODAY], d);
    expect(code).toBe(0);
    expect(report.version).toBe(1);
    expect(report.today).toBe('2026-11-22');
    expect(report.findings).toEqual([
      {
        noticeId: RENAME,
        file: 'src/sim-ring.ts',
        line: 2,
        column: 33,
        endLine: 2,
        endColumn: 58,
        severity: 'warning',
        message: expect.stringContaining('answerConfirmationRequiredEnabled'),
        countdown: 'since 2024-10-11 (772 days ago)',
        when: 'effective 2024-10-11, 772 days ago',
        fixable: true,
        fixForm: 'final',
        confidence: 'certain',
        confidenceReason: expect.stringMatching(/simultaneousRing|\S/),
        status: 'dated',
        effective: '2024-10-11',
        daysUntilEffective: -772,
        fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
        excerpt: { startLine: 1, lines: SIM_RING.split('\n').slice(0, 4) },
        fixPreview: { kind: 'autofix', startLine: 2, before: [SIM_RING.split('\n')[1]], after: [SIM_RING.split('\n')[1]!.replace('answerConfirmationEnabled', 'answerConfirmationRequiredEnabled')] },
      },
    ]);
    expect(report.repository).toEqual({ name: path.basename(d), commit: null });
    expect(report.files).toEqual([{ file: 'src/sim-ring.ts', outcome: 'scanned', findings: 1 }]);
    // docs/json-format.md documents every key the report has
    const doc = readFileSync(new URL('../docs/json-format.md', import.meta.url), 'utf8');
    const keys = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          keys.add(k);
          collect(v);
        }
      }
    };
    collect(report);
    expect([...keys].filter((k) => !doc.includes(`"${k}"`))).toEqual([]);
    expect(report.summary).toMatchObject({ errors: 0, warnings: 1, fixable: 1, filesScanned: 1, filesSkipped: 0 });
    expect(report.notices.find((n) => n.id === RENAME)).toMatchObject({ breaking: false, severity: 'warning' });
  });

  it('sarif validates against the SARIF 2.1.0 schema, with rules, properties and fixes', async () => {
    const d = tree({ 'src/sim-ring.ts': SIM_RING, 'src/bad.ts': 'const answerConfirmationEnabled = ;\n' });
    const r = await cliInProcess(['--format', 'sarif', '--region', 'us', ...TODAY], { cwd: d });
    expect(r.code).toBe(0);
    const log = JSON.parse(r.stdout);
    const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
    const ajv = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    const run = log.runs[0];
    const ids = run.tool.driver.rules.map((rule: { id: string }) => rule.id);
    expect(ids).toContain(RENAME);
    const result = run.results.find((x: { ruleId: string }) => x.ruleId === RENAME);
    expect(run.tool.driver.rules[result.ruleIndex].id).toBe(RENAME);
    expect(result.level).toBe('warning');
    expect(result.properties.daysUntilEffective).toBe(-772);
    expect(result.properties.fixForm).toBe('final');
    expect(result.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'src/sim-ring.ts', uriBaseId: '%SRCROOT%' }, region: { startLine: 2, startColumn: 33, endLine: 2, endColumn: 58 } });
    expect(result.fixes[0].artifactChanges[0].replacements).toEqual([
      { deletedRegion: { startLine: 2, startColumn: 33, endLine: 2, endColumn: 58 }, insertedContent: { text: 'answerConfirmationRequiredEnabled' } },
    ]);
    const notification = run.invocations[0].toolExecutionNotifications[0];
    expect(notification.message.text).toMatch(/^Not analysed: does not parse.* \(text-level findings only\)$/);
    expect(notification.properties).toEqual({ unanalysed: true });
    // A schema violation is caught by the same validator (the test can fail).
    expect(validate({ ...log, version: '2.0.0' })).toBe(false);
  });

  it('github prints workflow commands', async () => {
    const d = tree({ 'src/a, b.ts': SIM_RING });
    const r = await cliInProcess(['--format', 'github', '--only', RENAME, ...TODAY], { cwd: d });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^::warning file=src\/a%2C b\.ts,line=2,col=33,endLine=2,endColumn=58,title=workspace-answer-confirmation-renamed::`answerConfirmationEnabled` is renamed/);
    const warn = await cliInProcess(['--format', 'github', '--only', RENAME, '--today', '2024-08-01'], { cwd: d });
    expect(warn.stdout).toMatch(/^::warning file=/);
  });

  it('--output writes the report to a file and nothing to stdout', async () => {
    const d = tree({ 'a.ts': SIM_RING });
    const r = await cliInProcess(['--format', 'json', '--output', 'out/report.json', ...TODAY], { cwd: tree({}) === '' ? d : d });
    expect(r.code).toBe(2); // out/ does not exist
    const ok = await cliInProcess(['--format', 'json', '--output', 'report.json', ...TODAY], { cwd: d });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe('');
    expect(JSON.parse(readFileSync(path.join(d, 'report.json'), 'utf8')).findings.length).toBeGreaterThan(0);
    // report.json is a config-language file itself: a second scan reads it without crashing,
    // and a run that writes it again does not scan it.
    expect((await cliInProcess(['--only', RENAME, '--max-warnings', '0', ...TODAY], { cwd: d })).code).toBe(1);
    expect((await cliInProcess(['--format', 'json', '--output', 'report.json', ...TODAY], { cwd: d })).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(d, 'report.json'), 'utf8')).summary.filesScanned).toBe(1);
  });

  it('no progress bar or escape codes when not on a terminal', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`f${i}.ts`] = LOOK_ALIKE;
    const d = tree(files);
    const r = await cliInProcess([...TODAY], { cwd: d });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toMatch(/\x1b\[/);
    expect((await cliInProcess(['--color', ...TODAY], { cwd: tree({ 'a.ts': SIM_RING }) })).stdout).toMatch(/\x1b\[/);
  });
});

describe('progress', { timeout: 180_000 }, () => {
  const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
  it.runIf(hasScript)('shows a bar on a terminal, none with --no-progress, in CI or when stdout is piped', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`f${i}.ts`] = LOOK_ALIKE;
    const d = tree(files);
    const env = { ...process.env };
    delete env.CI;
    // `script` runs the command on a pseudo-terminal, so stdout and stderr are TTYs.
    const onTty = (command: string, extraEnv: Record<string, string> = {}): string =>
      spawnSync('script', ['-qec', command, '/dev/null'], { cwd: d, env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 60_000 }).stdout;
    const base = `"${process.execPath}" "${BIN}" --today 2026-11-22`;
    expect(onTty(base)).toMatch(/scanning .* \d+\/60 files/);
    expect(onTty(`${base} --no-progress`)).not.toContain('scanning');
    expect(onTty(base, { CI: 'true' })).not.toContain('scanning');
    expect(onTty(`${base} | cat`)).not.toContain('scanning');
  });
});

describe('files', { timeout: 180_000 }, () => {
  it('respects .gitignore and .collab-migrateignore, --include and --exclude', async () => {
    const d = tree({
      '.gitignore': 'generated/\n',
      '.collab-migrateignore': 'legacy.ts\n',
      'src/a.ts': SIM_RING,
      'generated/b.ts': SIM_RING,
      'legacy.ts': SIM_RING,
      'node_modules/pkg/index.js': SIM_RING,
      'test/c.test.ts': SIM_RING,
    });
    const files = async (args: string[]): Promise<string[]> => (await json(['--only', RENAME, ...args, ...TODAY], d)).report.findings.map((f) => f.file).sort();
    expect(await files([])).toEqual(['src/a.ts', 'test/c.test.ts']);
    expect(await files(['--exclude', '*.test.ts'])).toEqual(['src/a.ts']);
    expect(await files(['--include', 'test/**'])).toEqual(['test/c.test.ts']);
    expect(await files(['src'])).toEqual(['src/a.ts']);
  });

  it('lists bad files as skipped and goes on scanning the rest', async () => {
    const d = tree({
      'good.ts': SIM_RING,
      'syntax.ts': 'const answerConfirmationEnabled = ;\n',
      'broken.jsx': 'const el = <div answerConfirmationEnabled={true}>;\n',
      'binary.json': Buffer.from([0x63, 0x6f, 0x00, 0x01, 0x02, 0xff]),
      'latin1.ts': Buffer.from('const s = "caf\xe9"; // answerConfirmationEnabled\n', 'latin1'),
      'empty.ts': '',
      'bundle.min.js': 'var a={answerConfirmationEnabled:!0};',
      'one-line.js': `var x={${Array.from({ length: 3000 }, (_, i) => `k${i}:${i}`).join(',')}};var y={answerConfirmationEnabled:1};`,
      'big.ts': `// ${'x'.repeat(70_000)}\nexport const b = { answerConfirmationEnabled: true };\n`,
    });
    const { code, report } = await json(['--only', RENAME, '--max-file-size', '64kb', ...TODAY], d);
    expect(code).toBe(0);
    expect(report.findings.map((f) => f.file)).toEqual(['good.ts']);
    const skipped = Object.fromEntries(report.files.filter((f) => f.outcome === 'skipped').map((f) => [f.file, f.reason]));
    // Files that do not parse are scanned at text level (nothing found here: property renames need a tree).
    expect(report.unanalysed).toEqual([
      { file: 'big.ts', reason: 'over the size limit (68.4 KB > 64 KB)', textLevel: false },
      { file: 'broken.jsx', reason: expect.stringMatching(/^does not parse/), textLevel: true },
      { file: 'latin1.ts', reason: 'not UTF-8 text', textLevel: false },
      { file: 'syntax.ts', reason: expect.stringMatching(/^does not parse: .*\(1:\d+\)$/), textLevel: true },
    ]);
    expect(report.summary.unanalysed).toBe(4);
    expect(skipped).toEqual({
      'binary.json': 'binary file',
      'latin1.ts': 'not UTF-8 text',
      'empty.ts': 'empty file',
      'bundle.min.js': 'generated (minified: .min. in the name)',
      'one-line.js': 'generated (minified: very long lines)',
      'big.ts': 'over the size limit (68.4 KB > 64 KB)',
    });
    expect(report.summary.filesSkipped).toBe(6);
    expect(report.summary.generated).toBe(2);
    const text = (await cliInProcess(['--only', RENAME, '--max-file-size', '64kb', ...TODAY], { cwd: d })).stdout;
    expect(text).toContain('Skipped 4 files:');
    expect(text).toContain('  binary.json: binary file');
    expect(text).toContain('  4 files could not be analysed: findings there may be missing (listed at the end)');
    expect(text).toMatch(/Not analysed \(4 files; findings there may be missing\):\n  big\.ts: over the size limit \(68\.4 KB > 64 KB\)\n  broken\.jsx: does not parse: .* \(text-level findings only\)\n/);
  });

  it('scans config files (JSON keys, hosts in YAML and .env)', async () => {
    const d = tree({
      'settings.json': '{\n  "answerConfirmationEnabled": true,\n  "url": "/v1/telephony/config/workspaces/w1/simultaneousRing"\n}\n',
      'config/app.yaml': 'callHistory:\n  host: analytics.webexapis.com\n',
      '.env': 'CDR_FEED=https://analytics.webexapis.com/v1/cdr_feed\nMETRICS=https://analytics.webexapis.com/v1/analytics/messagingMetrics/dailyTotals\n',
    });
    const found = (await json([...TODAY], d)).report.findings.map((f) => `${f.file}:${f.line}:${f.noticeId}`).sort();
    expect(found).toEqual(['.env:1:call-history-regional-hosts', 'config/app.yaml:2:call-history-regional-hosts', `settings.json:2:${RENAME}`]);
  });
});

describe('suppressions', { timeout: 180_000 }, () => {
  const suppressed = (comment: string): string => SIM_RING.replace('  const body', `  ${comment}\n  const body`);

  it('a next-line comment suppresses; the summary counts it', async () => {
    const d = tree({ 'a.ts': suppressed(`// collab-migrate-ignore-next-line ${RENAME} -- migrated server-side`) });
    const { code, report } = await json(['--only', RENAME, ...TODAY], d);
    expect(code).toBe(0);
    expect(report.findings).toEqual([]);
    expect(report.summary.suppressed).toBe(1);
  });

  it('a comment for another notice, or on another line, does not suppress', async () => {
    const d = tree({ 'a.ts': SIM_RING.replace('  const body', `  // collab-migrate-ignore-next-line legacy-api-host\n  const body`) + `// collab-migrate-ignore-next-line ${RENAME}\n` });
    expect((await json(['--only', RENAME, ...TODAY], d)).report.findings).toHaveLength(1);
  });

  it('until a future day suppresses; past that day the finding is back and says so', async () => {
    const d = tree({ 'a.ts': suppressed(`// collab-migrate-ignore-next-line ${RENAME} until 2026-12-31 -- waiting for vendor`) });
    expect((await json(['--only', RENAME, ...TODAY], d)).report.findings).toEqual([]);
    expect((await json(['--only', RENAME, '--today', '2026-12-31'], d)).report.findings).toEqual([]);
    const later = await json(['--only', RENAME, '--today', '2027-01-01', '--max-warnings', '0'], d);
    expect(later.code).toBe(1);
    expect(later.report.findings[0].expiredSuppression).toEqual({ line: 2, until: '2026-12-31' });
    expect(later.report.suppressions.expired).toHaveLength(1);
    const text = (await cliInProcess(['--only', RENAME, '--today', '2027-01-01'], { cwd: d })).stdout;
    expect(text).toContain('[suppression on line 2 expired 2026-12-31]');
    expect(text).toContain('Expired suppressions (1), no longer suppressing:');
  });

  it('a misspelt id in a suppression comment is listed with did-you-mean and suppresses nothing', async () => {
    const d = tree({ 'a.ts': suppressed('// collab-migrate-ignore-next-line workspace-answer-confirmation-renamd') });
    const r = await json(['--only', RENAME, ...TODAY], d);
    expect(r.report.summary.warnings).toBe(1);
    expect(r.report.suppressions.invalid).toEqual([
      { file: 'a.ts', line: 2, kind: 'next-line', ids: ['workspace-answer-confirmation-renamd'], problem: `Unknown notice "workspace-answer-confirmation-renamd". Did you mean "${RENAME}"?` },
    ]);
  });

  it('a file comment suppresses the whole file', async () => {
    const d = tree({ 'a.ts': `/* collab-migrate-ignore-file ${RENAME} */\n${SIM_RING}` });
    expect((await json(['--only', RENAME, ...TODAY], d)).code).toBe(0);
  });

  it('--report-unused-suppressions lists comments that matched nothing', async () => {
    const d = tree({ 'a.ts': `// collab-migrate-ignore-next-line ${RENAME}\nexport const x = 1;\n${SIM_RING}` });
    expect((await json(['--only', RENAME, ...TODAY], d)).report.suppressions.unused).toEqual([]);
    const r = await json(['--only', RENAME, '--report-unused-suppressions', ...TODAY], d);
    expect(r.report.suppressions.unused).toEqual([{ file: 'a.ts', line: 1, kind: 'next-line', ids: [RENAME] }]);
    expect((await cliInProcess(['--only', RENAME, '--report-unused-suppressions', ...TODAY], { cwd: d })).stdout).toContain('Unused suppressions (1):\n  a.ts:1  next-line workspace-answer-confirmation-renamed');
  });
});
