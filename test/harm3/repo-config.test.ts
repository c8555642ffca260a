/**
 * Issue 28, items 1, 8 and 9: a scanned repository is untrusted input. Its configuration cannot choose report
 * files or catalogs without `--trust-config`, and even then its reports stay inside the working folder; a file
 * name cannot start a line of the text report as a command (a shell reading it, a GitHub workflow command).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scanArgs } from '../../cli/action/run.js';
import { resolveSettings, type ScanArgs } from '../../cli/commands/scan.js';
import { insideFolder } from '../../cli/config/config.js';
import { UsageError } from '../../cli/errors.js';
import type { Io } from '../../cli/io.js';
import { formatText } from '../../cli/report/formats/text.js';
import { lineStartName } from '../../engine/read/printable.js';
import { finding, notice, report } from '../helpers/report.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function temp(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'cm-harm3-rc-'));
  dirs.push(d);
  return d;
}

function io(cwd: string): Io & { err: string[] } {
  const err: string[] = [];
  const sink = { write: (s: string) => (err.push(s), true) } as unknown as NodeJS.WritableStream;
  return { cwd, env: {}, stdout: sink, stderr: sink, err };
}

function settingsFor(rc: object, args: Partial<ScanArgs> = {}, where: 'rc' | 'pkg' = 'rc') {
  const root = temp();
  const repo = path.join(root, 'repo');
  mkdirSync(repo);
  if (where === 'rc') writeFileSync(path.join(repo, '.collab-migraterc.json'), JSON.stringify(rc));
  else writeFileSync(path.join(repo, 'package.json'), JSON.stringify({ name: 'x', 'collab-migrate': rc }));
  const sink = io(repo);
  return { root, repo, sink, run: () => resolveSettings({ today: '2026-03-01', ...args } as ScanArgs, sink) };
}

describe('a repository configuration cannot write elsewhere or read catalogs (issue 28, item 1)', () => {
  it.each([
    ['output', { output: '../../victim.txt' }],
    ['outputs', { outputs: { json: '/tmp/elsewhere.json' } }],
    ['notices', { notices: ['extra.json'] }],
  ])('"%s" is ignored with a warning unless --trust-config', (key, rc) => {
    for (const where of ['rc', 'pkg'] as const) {
      const t = settingsFor(rc, {}, where);
      const s = t.run();
      expect(s.output).toBeUndefined();
      expect(s.outputs).toEqual([]);
      expect(s.notices).toEqual([]);
      expect(t.sink.err.join('')).toMatch(new RegExp(`"(collab-migrate\\.)?${key}" in (\\.collab-migraterc\\.json|package\\.json) is ignored.*--trust-config`));
    }
  });

  it('with --trust-config, reports outside the working folder are refused, naming the key; inside are kept', () => {
    expect(() => settingsFor({ output: '../victim.txt' }, { trustConfig: true }).run()).toThrow(UsageError);
    expect(() => settingsFor({ output: '/etc/victim.txt' }, { trustConfig: true }).run()).toThrow(/"output" in \.collab-migraterc\.json names \/etc\/victim\.txt, outside the working folder/);
    expect(() => settingsFor({ outputs: { sarif: '../x.sarif' } }, { trustConfig: true }).run()).toThrow(/"outputs\.sarif" in/);
    const ok = settingsFor({ output: 'reports/r.txt', outputs: { json: 'r.json' }, notices: ['c.json'] }, { trustConfig: true });
    const s = ok.run();
    expect(s.output).toBe(path.join(ok.repo, 'reports/r.txt'));
    expect(s.outputs).toEqual([{ format: 'json', file: path.join(ok.repo, 'r.json') }]);
    expect(s.notices).toEqual([path.join(ok.repo, 'c.json')]);
    expect(ok.sink.err).toEqual([]);
  });

  it('a link inside the folder that points out of it counts as outside', () => {
    const t = settingsFor({ output: 'out/r.txt' }, { trustConfig: true });
    spawnSync('ln', ['-s', t.root, path.join(t.repo, 'out')]);
    expect(insideFolder(path.join(t.repo, 'out/r.txt'), t.repo)).toBe(false);
    expect(() => t.run()).toThrow(/outside the working folder/);
  });

  it('a baseline named by the configuration is read from inside only; the command line may name any file', () => {
    expect(() => settingsFor({ baseline: '/etc/passwd' }).run()).toThrow(/"baseline" in .* outside the working folder/);
    expect(settingsFor({}, { baseline: '/tmp/bl.json' }).run().baseline).toBe('/tmp/bl.json');
    expect(settingsFor({}, { output: '../r.txt' }).run().output).toMatch(/r\.txt$/);
  });
});

describe('no line of the text report starts with a command (issue 28, items 1 and 9)', () => {
  const hostile = ['!;touch${IFS}PWNED;#.ts', '::add-mask::secret.ts', '$(touch PWNED2).ts', "it's;touch PWNED3.ts", '#x;touch PWNED4.ts', '(touch PWNED5)/a.ts'];
  const text = (): string =>
    formatText(report([notice('n')], hostile.map((file) => finding('n', { file }))), { color: false }).concat('\n') +
    formatText(report([notice('n')], [], { unanalysed: hostile.map((file) => ({ file, reason: 'does not parse' })) as never, summary: { ...report([], []).summary, unanalysed: hostile.length } }), { color: false });

  it('file names that are not plain are quoted; plain ones are as before', () => {
    expect(lineStartName('src/app/(group)/[id].tsx')).toBe('src/app/(group)/[id].tsx');
    expect(lineStartName('::add-mask::secret.ts')).toBe("'::add-mask::secret.ts'");
    expect(lineStartName("a'b c.ts")).toBe("'a'\\''b c.ts'");
    for (const line of text().split('\n')) expect(line.trimStart(), line).not.toMatch(/^(::|##\[|!|\$|#)/);
  });

  it('a shell that reads the report runs none of the names', () => {
    const d = temp();
    writeFileSync(path.join(d, 'report.txt'), text());
    spawnSync('bash', ['-c', 'source ./report.txt'], { cwd: d, stdio: 'ignore' });
    spawnSync('sh', ['./report.txt'], { cwd: d, stdio: 'ignore' });
    for (const canary of ['PWNED', 'PWNED2', 'PWNED3', 'PWNED4', 'PWNED5']) expect(existsSync(path.join(d, canary)), canary).toBe(false);
    expect(readFileSync(path.join(d, 'report.txt'), 'utf8')).toContain("'::add-mask::secret.ts'");
  });
});

describe('the Action: inputs never become options (issue 28, item 8)', () => {
  it('paths come after `--`, values are joined to their flag', () => {
    const args = scanArgs(
      { paths: ['--fix', '.'], failOn: 'error', sarif: '--fix', baseline: '--allow-dirty', only: ['--fix'], skip: [], notices: ['--allow-dirty'], sarifCategory: 'collab-migrate', maxAnnotations: 10 },
      { json: '/t/r.json', markdown: '/t/s.md', annotations: '/t/a.txt' },
    );
    expect(args.slice(args.indexOf('--'))).toEqual(['--', '--fix', '.']);
    expect(args.slice(0, args.indexOf('--')).filter((a) => a === '--fix' || a === '--allow-dirty')).toEqual([]);
    expect(args).toContain('--sarif-output=--fix');
    expect(args).toContain('--only=--fix');
    expect(args).toContain('--notices=--allow-dirty');
  });
});
