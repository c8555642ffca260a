/**
 * The date-aware baseline: `--baseline-write` records today's findings by fingerprint (sorted, schema-valid JSON);
 * `--baseline` keeps recorded findings as warnings (green on the day it is written), except those whose notice took
 * effect after the day the baseline was recorded and on or before today (errors: they crossed), makes every other
 * finding an error at once, survives line moves, lists recorded findings that are gone, and `--baseline-write`
 * drops them.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import path from 'node:path';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cliInProcess, tempTrees } from './cli/run.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import plugin from '../rules/index.js';

const APP = fileURLToPath(new URL('../examples/consumer-app/', import.meta.url));

// Effective 2026-05-19.
const SIGNATURE = `export function signature(req: { headers: Record<string, string> }) {
  return req.headers['X-Spark-Signature'];
}
`;
// Effective 2026-03-24.
const FILTER = `export const hook = { resource: 'telephony_calls', event: 'created', filter: 'address=+15551234567' };
`;
const DAY = ['--today', '2026-03-01'];

const tree = tempTrees();
beforeAll(() => assertBuilt());

interface Finding {
  file: string;
  noticeId: string;
  severity: string;
  baseline?: string;
}
async function scan(d: string, args: string[]): Promise<{ code: number | null; findings: Finding[]; baseline: { recorded: number; crossed: number; new: number; resolved: { file: string; notice: string }[]; written?: { findings: number; pruned: number } }; stderr: string }> {
  const r = await cliInProcess(['--format', 'json', ...args], { cwd: d });
  const report = JSON.parse(r.stdout);
  return { code: r.code, findings: report.findings, baseline: report.baseline, stderr: r.stderr };
}

describe('--baseline-write and --baseline', { timeout: 180_000 }, () => {
  it('records findings sorted, schema-valid, without line numbers, and leaves the baseline out of the scan', async () => {
    const d = tree({ 'src/b.ts': SIGNATURE + SIGNATURE.replace('signature', 'other'), 'src/a.ts': FILTER });
    const r = await scan(d, ['--baseline-write', 'baseline.json', ...DAY]);
    expect(r.code).toBe(0);
    expect(r.baseline.written).toEqual({ findings: 3, pruned: 0 });
    expect(r.stderr).toMatch(/wrote baseline baseline\.json \(3 findings, 0 pruned\)/);
    const text = readFileSync(path.join(d, 'baseline.json'), 'utf8');
    const file = JSON.parse(text);
    const schema = JSON.parse(readFileSync(new URL('../baseline.schema.json', import.meta.url), 'utf8'));
    const validate = new Ajv({ strict: true, allowUnionTypes: true }).compile(schema);
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...file, findings: [{ file: 'a.ts', notice: 'x', fingerprint: 'nope' }] })).toBe(false);
    expect(file.findings.map((e: { file: string; notice: string }) => `${e.file} ${e.notice}`)).toEqual([
      'src/a.ts telephony-calls-filter-number',
      'src/b.ts webhook-header-names-lowercase',
      'src/b.ts webhook-header-names-lowercase',
    ]);
    expect(file.findings[1]).toMatchObject({ effective: '2026-05-19', text: "'X-Spark-Signature'" });
    expect(text).not.toMatch(/"line"/);
    // Writing again changes nothing (same bytes), and the baseline (which holds the matched texts) is not scanned.
    expect((await scan(d, ['--baseline-write', 'baseline.json', ...DAY])).baseline.written).toEqual({ findings: 3, pruned: 0 });
    expect(readFileSync(path.join(d, 'baseline.json'), 'utf8')).toBe(text);
    expect((await scan(d, ['--baseline', 'baseline.json', ...DAY])).findings.every((f) => !f.file.includes('baseline'))).toBe(true);
  });

  it('recorded findings warn, and are errors once their notice took effect after the baseline\'s day; new ones are errors at once', async () => {
    const d = tree({ 'src/a.ts': FILTER });
    await scan(d, ['--baseline-write', 'baseline.json', ...DAY]);
    // Line moves and re-indentation keep the finding recorded.
    writeFileSync(path.join(d, 'src/a.ts'), `// header\n\nimport x from 'y';\n\n  ${FILTER}`);
    const before = await scan(d, ['--baseline', 'baseline.json', ...DAY]);
    expect(before.code).toBe(0);
    expect(before.findings).toMatchObject([{ noticeId: 'telephony-calls-filter-number', severity: 'warning', baseline: 'recorded' }]);
    const on = await scan(d, ['--baseline', 'baseline.json', '--today', '2026-03-24']);
    expect(on.code).toBe(1);
    expect(on.findings).toMatchObject([{ severity: 'error', baseline: 'crossed' }]);
    expect(on.baseline).toMatchObject({ recordedOn: '2026-03-01', recorded: 0, crossed: 1, crossedFindings: [{ file: 'src/a.ts', line: 5, notice: 'telephony-calls-filter-number', effective: '2026-03-24' }] });
    // The day before: still recorded. A baseline written on or after the date accepts the finding as debt.
    expect((await scan(d, ['--baseline', 'baseline.json', '--today', '2026-03-23'])).code).toBe(0);
    await scan(d, ['--baseline-write', 'later.json', '--today', '2026-03-24']);
    expect(JSON.parse(readFileSync(path.join(d, 'later.json'), 'utf8')).recorded).toBe('2026-03-24');
    const accepted = await scan(d, ['--baseline', 'later.json', '--today', '2026-06-01']);
    expect(accepted.code).toBe(0);
    expect(accepted.findings).toMatchObject([{ severity: 'warning', baseline: 'recorded' }]);
    // A baseline written before the day was kept (no `recorded`) crosses once the notice is in force, as before.
    const legacy = JSON.parse(readFileSync(path.join(d, 'baseline.json'), 'utf8')) as Record<string, unknown>;
    delete legacy.recorded;
    writeFileSync(path.join(d, 'legacy.json'), JSON.stringify(legacy));
    expect((await scan(d, ['--baseline', 'legacy.json', '--today', '2026-03-24'])).findings).toMatchObject([{ severity: 'error', baseline: 'crossed' }]);
    rmSync(path.join(d, 'legacy.json'));
    rmSync(path.join(d, 'later.json'));
    // A new finding is an error today, although its notice takes effect in May.
    writeFileSync(path.join(d, 'src/new.ts'), SIGNATURE);
    const added = await scan(d, ['--baseline', 'baseline.json', ...DAY]);
    expect(added.code).toBe(1);
    expect(added.findings).toMatchObject([
      { file: 'src/a.ts', severity: 'warning', baseline: 'recorded' },
      { file: 'src/new.ts', severity: 'error', baseline: 'new' },
    ]);
    expect(added.baseline).toMatchObject({ recorded: 1, crossed: 0, new: 1, resolved: [] });
    // Without the baseline, the same finding is only a warning (the baseline is stricter for new code).
    expect((await scan(d, [...DAY])).findings[1]).toMatchObject({ file: 'src/new.ts', severity: 'warning' });
  });

  it('a recorded finding that is gone is listed as resolved, and --baseline-write prunes it', async () => {
    const d = tree({ 'src/a.ts': FILTER, 'src/b.ts': SIGNATURE });
    await scan(d, ['--baseline-write', 'baseline.json', ...DAY]);
    rmSync(path.join(d, 'src/b.ts'));
    writeFileSync(path.join(d, 'src/a.ts'), FILTER.replace('address=', 'number='));
    const r = await scan(d, ['--baseline', 'baseline.json', ...DAY]);
    expect(r.code).toBe(0);
    expect(r.baseline.resolved.map((e) => `${e.file} ${e.notice}`).sort()).toEqual(['src/a.ts telephony-calls-filter-number', 'src/b.ts webhook-header-names-lowercase']);
    const text = (await cliInProcess(['--baseline', 'baseline.json', ...DAY], { cwd: d })).stdout;
    expect(text).toMatch(/2 recorded findings resolved \(run --baseline-write baseline\.json to drop them\)/);
    const w = await scan(d, ['--baseline-write', 'baseline.json', ...DAY]);
    expect(w.baseline.written).toEqual({ findings: 0, pruned: 2 });
    expect(JSON.parse(readFileSync(path.join(d, 'baseline.json'), 'utf8')).findings).toEqual([]);
  });

  it('a run limited to some paths or notices keeps the entries it could not see', async () => {
    const d = tree({ 'src/a.ts': FILTER, 'lib/b.ts': SIGNATURE });
    await scan(d, ['--baseline-write', 'baseline.json', ...DAY]);
    expect((await scan(d, ['src', '--baseline-write', 'baseline.json', ...DAY])).baseline.written).toEqual({ findings: 2, pruned: 0 });
    expect((await scan(d, ['--only', 'telephony-calls-filter-number', '--baseline', 'baseline.json', ...DAY])).baseline.resolved).toEqual([]);
  });

  it('a missing or malformed baseline is a usage error that names it', async () => {
    const d = tree({ 'src/a.ts': FILTER, 'bad.json': JSON.stringify({ version: 1, findings: [{ file: 'a.ts' }] }) });
    const missing = await cliInProcess(['--baseline', 'nope.json', ...DAY], { cwd: d });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--baseline .*nope\.json: file not found \(create it with --baseline-write/);
    const bad = await cliInProcess(['--baseline', 'bad.json', ...DAY], { cwd: d });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--baseline .*bad\.json: \/findings\/0 must have required property 'notice'/);
  });
});

describe('the example app: a baseline green on day one and red on the day that matters', { timeout: 240_000 }, () => {
  it('written on 2026-03-01 it passes that day, and on 2026-03-20 fails on exactly the findings whose notices took effect in between (CLI and ESLint alike)', async () => {
    const d = tree({});
    cpSync(APP, d, { recursive: true, filter: (src) => !/node_modules/.test(src) });
    const first = await scan(d, ['--baseline-write', 'collab-migrate-baseline.json', '--today', '2026-03-01']);
    expect(first.code).toBe(0);
    expect(first.findings.length).toBeGreaterThan(30);
    // Without a baseline the same day has errors: the baseline makes day one green, not stricter.
    expect((await scan(d, ['--today', '2026-03-01'])).findings.some((f) => f.severity === 'error')).toBe(true);
    const dayOne = await scan(d, ['--baseline', 'collab-migrate-baseline.json', '--today', '2026-03-01']);
    expect(dayOne.code).toBe(0);
    expect(dayOne.findings.filter((f) => f.severity === 'error')).toEqual([]);

    // From the catalog alone: the notices effective after 2026-03-01 and on or before 2026-03-20.
    const between = new Set(loadCatalog().notices.filter((n) => n.effective !== undefined && n.status === 'dated' && n.effective > '2026-03-01' && n.effective <= '2026-03-20').map((n) => n.id));
    const expected = first.findings.filter((f) => between.has(f.noticeId)).map((f) => `${f.file} ${f.noticeId}`).sort();
    expect(expected.length).toBeGreaterThan(0);
    const later = await scan(d, ['--baseline', 'collab-migrate-baseline.json', '--today', '2026-03-20']);
    expect(later.code).toBe(1);
    const errors = later.findings.filter((f) => f.severity === 'error');
    expect(errors.map((f) => `${f.file} ${f.noticeId}`).sort()).toEqual(expected);
    expect(errors.every((f) => f.baseline === 'crossed')).toBe(true);
    expect(later.baseline).toMatchObject({ recordedOn: '2026-03-01', crossed: expected.length, new: 0 });
    // The job summary names them.
    const md = (await cliInProcess(['--baseline', 'collab-migrate-baseline.json', '--today', '2026-03-20', '--format', 'markdown'], { cwd: d })).stdout;
    expect(md).toContain('Crossed their date since the baseline of 2026-03-01');
    for (const f of errors) expect(md).toContain(`${f.file}:`);

    // ESLint with configure({ baseline }): nothing on day one, exactly the crossed findings on 2026-03-20.
    const eslintFindings = (today: string): string[] => {
      const linter = new Linter({ configType: 'flat', cwd: d });
      const config = plugin.configs.configure({ today, baseline: 'collab-migrate-baseline.json' });
      return first.findings
        .map((f) => f.file)
        .filter((file, i, all) => all.indexOf(file) === i && /\.[cm]?[jt]sx?$/.test(file))
        .flatMap((file) => linter.verify(readFileSync(path.join(d, file), 'utf8'), [plugin.configs.typescript, config], { filename: path.join(d, file) }).filter((m) => m.ruleId?.startsWith('collab-migrate/')).map((m) => `${file} ${m.ruleId!.slice('collab-migrate/'.length)}`))
        .sort();
    };
    expect(eslintFindings('2026-03-01')).toEqual([]);
    expect(eslintFindings('2026-03-20')).toEqual(expected.filter((e) => /\.[cm]?[jt]sx? /.test(e)));
  });
});
