/** The CLI's commands, options, configuration and errors, through the built binary. */
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, cli, cliInProcess, removeTree, tempTree } from './cli/run.js';

const TODAY = ['--today', '2026-11-22'];
let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = tempTree({ 'src/clean.ts': 'export const x = 1;\n' });
});
afterAll(() => removeTree(dir));

describe('root', { timeout: 180_000 }, () => {
  it('--version prints the package version', () => {
    const r = cli(['--version'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('--help lists the commands, the options and examples', () => {
    const r = cli(['--help'], { cwd: dir });
    expect(r.code).toBe(0);
    for (const word of ['notices', 'explain <id>', '--before', '--fix', '--dry-run', '--format', '--max-warnings', 'Examples:', 'Exit codes']) {
      expect(r.stdout).toContain(word);
    }
  });

  it.each([
    [['--bogus'], /Unknown option: --bogus \(see --help\)/],
    [['--befor', '2026-07-28'], /Unknown option: --befor \(did you mean --before\?\)/],
    [['--strict-scope'], /Unknown option: --strict-scope \(did you mean --strict-scopes\?\) \(see --help\)\n$/],
    [['notices', '--befor=2026-07-28', '--stauts', 'dated'], /Unknown options: --befor \(did you mean --before\?\), --stauts \(did you mean --status\?\)/],
    [['notices', 'src'], /Unknown argument: "src" \(this command takes no such argument\)/],
    [['--warn-within', 'abc', ...TODAY], /Invalid --warn-within "abc": expected a whole number of days/],
    [['--max-warnings', 'many', ...TODAY], /Invalid --max-warnings "many": expected a whole number/],
    [['notices', '--json', '--format', 'text'], /--json contradicts --format text/],
    [['--today', '2026-13-01'], /Invalid --today "2026-13-01": no such calendar day/],
    [['--today', 'tomorrow'], /Invalid --today "tomorrow": expected a date as YYYY-MM-DD/],
    [['--before', '2026-02-30', ...TODAY], /Invalid --before "2026-02-30"/],
    [['--format', 'xml', ...TODAY], /Invalid values:[\s\S]*format/],
    [['--only', 'scim-account-status-aray', ...TODAY], /Unknown notice "scim-account-status-aray". Did you mean "scim-account-status-array"\?/],
    [['--skip', 'legacy-api-hots', ...TODAY], /--skip: Unknown notice "legacy-api-hots". Did you mean "legacy-api-host"\?/],
    [['missing-folder', ...TODAY], /No such file or directory: missing-folder/],
    [['--max-file-size', 'huge', ...TODAY], /Invalid --max-file-size "huge"/],
    [['--warn-within', '-3', ...TODAY], /Invalid --warn-within/],
  ])('%j exits 2 with one line and no stack', async (args, message) => {
    const r = await cliInProcess(args, { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });

  it('a reader that stops early (| head -1) causes no error output', async () => {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" notices --today 2026-11-22 | head -1`], { cwd: dir, encoding: 'utf8' });
    expect(r.stdout).toMatch(/^ID\s+STATUS/);
    expect(r.stderr).toBe('');
  });

  it('--debug adds the stack trace', async () => {
    const r = await cliInProcess(['--today', 'tomorrow', '--debug'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\n\s+at /);
  });

  it('COLLAB_MIGRATE_TODAY pins today, and a bad value is an error', async () => {
    const ok = await cliInProcess(['notices', '--status', 'dated'], { cwd: dir, env: { COLLAB_MIGRATE_TODAY: '2026-03-23' } });
    expect(ok.stdout).toContain('today 2026-03-23');
    expect(ok.stdout).toMatch(/telephony-calls-filter-number\s+dated\s+2026-03-24\s+in 1 day/);
    const bad = await cliInProcess(['notices'], { cwd: dir, env: { COLLAB_MIGRATE_TODAY: 'soon' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Invalid COLLAB_MIGRATE_TODAY "soon"');
  });
});

describe('notices', { timeout: 180_000 }, () => {
  it('prints a table sorted by effective date', async () => {
    const r = await cliInProcess(['notices', ...TODAY], { cwd: dir });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+EFFECTIVE\s+COUNTDOWN\s+FIX\s+TITLE$/);
    const dates = lines.slice(1, -1).map((l) => l.split(/\s{2,}/)[2]).filter((d) => /^\d{4}/.test(d));
    expect(dates.length).toBeGreaterThan(20);
    expect([...dates].sort()).toEqual(dates);
    expect(r.stdout).toMatch(/scim-account-status-array\s+dated\s+2026-07-28\s+since 2026-07-28 \(117 days ago\)\s+suggestion/);
    expect(lines.at(-1)).toMatch(/^\d+ notices \(today 2026-11-22; catalog reviewed against the platform's API changelog on \d{4}-\d{2}-\d{2}\)$/);
  });

  it('--before selects effective <= D plus contract and pending; --status filters; --format json prints notices', async () => {
    const r = await cliInProcess(['notices', '--before', '2025-01-24', '--format', 'json', ...TODAY], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const list = JSON.parse(r.stdout) as { id: string; status: string; effective?: string }[];
    const ids = list.map((n) => n.id);
    expect(ids).toContain('trunk-error-codes-renamed'); // effective on the day itself
    expect(ids).not.toContain('rooms-meeting-info-deprecated'); // 2025-01-31
    expect(ids).toContain('authorization-bearer-scheme'); // contract
    expect(ids).toContain('number-of-rings-range'); // pending
    expect(list.every((n) => n.status !== 'dated' || (n.effective ?? '') <= '2025-01-24')).toBe(true);
    // `--json` is the deprecated spelling: same output, and a note on stderr.
    const old = await cliInProcess(['notices', '--status', 'contract', '--json', ...TODAY], { cwd: dir });
    expect(old.stderr).toBe('collab-migrate: --json is deprecated; use --format json.\n');
    const contract = JSON.parse(old.stdout) as { status: string }[];
    expect(old.stdout).toBe((await cliInProcess(['notices', '--status', 'contract', '-f', 'json', ...TODAY], { cwd: dir })).stdout);
    expect(contract.length).toBeGreaterThan(0);
    expect(contract.every((n) => n.status === 'contract')).toBe(true);
  });

  it('rejects an unknown status', async () => {
    const r = await cliInProcess(['notices', '--status', 'soon'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Invalid values/);
  });
});

describe('explain', { timeout: 180_000 }, () => {
  it('prints everything about a notice and its example', async () => {
    const r = await cliInProcess(['explain', 'scim-account-status-array', ...TODAY], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^scim-account-status-array: /);
    for (const part of ['Status:      dated', 'Effective:   2026-07-28', 'Moved from:  2026-05-28 -> 2026-06-29', 'Countdown:   since 2026-07-28', 'Instead:', 'Example (']) {
      expect(r.stdout).toContain(part);
    }
  });

  it('an unknown id exits 2 with did-you-mean', async () => {
    const r = await cliInProcess(['explain', 'legacy-api-hots'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('collab-migrate: Unknown notice "legacy-api-hots". Did you mean "legacy-api-host"?');
  });
});

describe('configuration', { timeout: 180_000 }, () => {
  it('a bad rc file exits 2 naming the key', async () => {
    const d = tempTree({ '.collab-migraterc.json': JSON.stringify({ warnWithin: 'soon' }), 'a.ts': 'export {};\n' });
    try {
      const r = await cliInProcess([...TODAY], { cwd: d });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/Invalid configuration in \.collab-migraterc\.json .*invalid option "warnWithin": "soon" is not allowed; expected a whole number >= 0/);
      writeFileSync(path.join(d, '.collab-migraterc.json'), JSON.stringify({ fromat: 'json' }));
      expect((await cliInProcess([...TODAY], { cwd: d })).stderr).toMatch(/unknown option "fromat"; did you mean "format"\?/);
      writeFileSync(path.join(d, '.collab-migraterc.json'), JSON.stringify({ before: '2026-13-45' }));
      expect((await cliInProcess([...TODAY], { cwd: d })).stderr).toMatch(/invalid option "before": "2026-13-45" is not allowed; expected a real calendar day/);
      writeFileSync(path.join(d, '.collab-migraterc.json'), JSON.stringify({ region: 'xx' }));
      expect((await cliInProcess([...TODAY], { cwd: d })).stderr).toMatch(/invalid option "region": "xx" is not allowed; expected one of "us", "eu", "in", "au"/);
      writeFileSync(path.join(d, '.collab-migraterc.json'), '{ "format": ');
      expect((await cliInProcess([...TODAY], { cwd: d })).stderr).toMatch(/Invalid JSON in \.collab-migraterc\.json/);
    } finally {
      removeTree(d);
    }
  });

  it('reads options from package.json "collab-migrate"; flags win', async () => {
    const d = tempTree({ 'package.json': JSON.stringify({ name: 'x', 'collab-migrate': { format: 'json' } }), 'a.ts': 'export {};\n' });
    try {
      const fromPkg = await cliInProcess([...TODAY], { cwd: d });
      expect(fromPkg.code).toBe(0);
      expect(JSON.parse(fromPkg.stdout).version).toBe(1);
      const flag = await cliInProcess(['--format', 'text', ...TODAY], { cwd: d });
      expect(flag.stdout).toContain('No findings');
    } finally {
      removeTree(d);
    }
  });

  it('a malformed --notices file exits 2 naming the notice and the JSON pointer', async () => {
    const d = tempTree({
      'a.ts': 'export {};\n',
      'extra.json': JSON.stringify({ notices: [{ id: 'my-notice', title: 't', summary: 's', area: 'x', status: 'dated', effective: '2026-02-30', breaking: false, source: { section: '9' }, instead: 'i', fix: 'none', detections: [] }] }),
      'broken.json': '{ "notices": [ ',
    });
    try {
      const r = await cliInProcess(['--notices', 'extra.json', ...TODAY], { cwd: d });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('my-notice');
      expect(r.stderr).toContain('/notices/0/effective');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      const broken = await cliInProcess(['--notices', 'broken.json', ...TODAY], { cwd: d });
      expect(broken.code).toBe(2);
      expect(broken.stderr).toMatch(/^collab-migrate: Invalid catalog: .*broken\.json/);
      const missing = await cliInProcess(['--notices', 'nope.json', ...TODAY], { cwd: d });
      expect(missing.stderr.trim()).toBe('collab-migrate: --notices: file not found: nope.json');
    } finally {
      removeTree(d);
    }
  });

  it('a valid --notices file adds a notice that is scanned, fixed and explained like a built-in one', async () => {
    const extra = {
      notices: [
        {
          id: 'acme-widget-flag-renamed',
          title: 'Our gateway renames widgetFlag',
          summary: 'The in-house gateway in front of the API renames widgetFlag.',
          area: 'calling',
          status: 'dated',
          effective: '2026-01-15',
          breaking: true,
          source: { section: 'internal' },
          instead: 'Use `widgetFlagEnabled`.',
          fix: 'autofix',
          detections: [{ kind: 'property', names: ['widgetFlag'], renameTo: 'widgetFlagEnabled' }],
        },
      ],
    };
    const d = tempTree({ 'extra.json': JSON.stringify(extra), 'src/a.ts': 'export const body = { widgetFlag: true, widgetFlagLabel: "x" };\n' });
    try {
      const scan = await cliInProcess(['--notices', 'extra.json', '--format', 'json', ...TODAY], { cwd: d });
      expect(scan.code).toBe(1);
      const report = JSON.parse(scan.stdout);
      expect(report.findings.map((f: { noticeId: string; line: number; column: number }) => [f.noticeId, f.line, f.column])).toEqual([['acme-widget-flag-renamed', 1, 23]]);
      expect((await cliInProcess(['explain', 'acme-widget-flag-renamed', '--notices', 'extra.json', ...TODAY], { cwd: d })).stdout).toContain('Our gateway renames widgetFlag');
      // from the rc file, relative to it
      writeFileSync(path.join(d, '.collab-migraterc.json'), JSON.stringify({ notices: ['extra.json'], only: ['acme-widget-flag-renamed'] }));
      const fixed = await cliInProcess(['--fix', '--trust-config', ...TODAY], { cwd: d });
      expect(fixed.code).toBe(0);
      expect(readFileSync(path.join(d, 'src/a.ts'), 'utf8')).toBe('export const body = { widgetFlagEnabled: true, widgetFlagLabel: "x" };\n');
    } finally {
      removeTree(d);
    }
  });

  it('an unwritable --output exits 2', async () => {
    const d = tempTree({ 'a.ts': 'export {};\n', 'ro/.keep': '' });
    try {
      const r = await cliInProcess(['--output', 'no/such/dir/report.json', ...TODAY], { cwd: d });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/Cannot write --output .*report\.json/);
      if (process.getuid?.() !== 0) {
        chmodSync(path.join(d, 'ro'), 0o500);
        expect((await cliInProcess(['--output', 'ro/r.json', ...TODAY], { cwd: d })).code).toBe(2);
      }
    } finally {
      removeTree(d);
    }
  });
});
