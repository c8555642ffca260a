/**
 * Its own files are never findings: after writing every report, a baseline and a cache, scanning again gives the
 * same findings, and `--fix` leaves those files byte for byte; they are recognised by content too (a report
 * renamed, or written by an earlier run that this run was not told about).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownFileByText } from '../cli/walk/own-files.js';
import { assertBuilt, cli, cliInProcess, tempTrees } from './cli/run.js';
import { SIM_RING } from './helpers/snippets.js';

const tree = tempTrees();
beforeAll(() => assertBuilt());
const DAY = ['--today', '2026-03-01'];
// A JSON configuration file with a finding (the legacy host), so .json files are scanned in this tree.
const CONFIG_JSON = JSON.stringify({ apiBase: 'https://api.ciscospark.com/v1' }, null, 2) + '\n';

function found(d: string): string[] {
  const r = cli(['--format', 'json', ...DAY], { cwd: d });
  return (JSON.parse(r.stdout) as { findings: { file: string; line: number; noticeId: string }[] }).findings.map((f) => `${f.file}:${f.line} ${f.noticeId}`);
}

const snapshot = (d: string): Map<string, string> => new Map(readdirSync(d, { recursive: true, encoding: 'utf8' }).filter((f) => /^(r\.|renamed|baseline|\.collab-migrate-cache\/.+)/.test(f.split(path.sep).join('/')) && !f.endsWith('cache')).map((f) => [f, readFileSync(path.join(d, f), 'utf8')]));

describe('its own files are never findings', { timeout: 180_000 }, () => {
  it('scanning again after writing every report, a baseline and a cache gives the same findings; --fix leaves them', async () => {
    const d = tree({ 'src/sim.ts': SIM_RING, 'config/api.json': CONFIG_JSON });
    execFileSync('git', ['init', '-q'], { cwd: d });
    const first = found(d);
    expect(first.length).toBeGreaterThanOrEqual(2);
    const outs = ['--json-output', 'r.json', '--sarif-output', 'r.sarif.json', '--markdown-output', 'r.md', '--html-output', 'r.html', '--github-output', 'r.github.txt', '--text-output', 'r.txt'];
    await cliInProcess([...outs, '--baseline-write', 'baseline.json', '--cache', ...DAY], { cwd: d });
    // Renamed: no longer the run's configured path, still ours.
    renameSync(path.join(d, 'r.json'), path.join(d, 'renamed.json'));
    await cliInProcess(['--json-output', 'r.json', ...DAY], { cwd: d });
    expect(found(d)).toEqual(first);
    const r = JSON.parse((await cliInProcess(['--format', 'json', ...DAY], { cwd: d })).stdout) as { files: { file: string; outcome: string; reason?: string }[]; summary: { unanalysed: number } };
    expect(r.files.filter((f) => f.outcome === 'skipped').map((f) => `${f.file}: ${f.reason}`)).toEqual([
      'baseline.json: written by collab-migrate (a baseline)',
      // HTML pages are read for their inline scripts: the HTML report is one of its own files too.
      'r.html: written by collab-migrate (an HTML report)',
      'r.json: written by collab-migrate (a JSON report)',
      'r.sarif.json: written by collab-migrate (a SARIF report)',
      'renamed.json: written by collab-migrate (a JSON report)',
    ]);
    expect(r.summary.unanalysed).toBe(0);
    // --fix edits the sources, never the reports, the baseline or the cache.
    const before = snapshot(d);
    expect(before.size).toBeGreaterThanOrEqual(7);
    const fix = await cliInProcess(['--fix', '--fix-mode', 'final', '--allow-dirty', ...DAY], { cwd: d });
    expect(fix.code, fix.stderr).not.toBe(2);
    expect(readFileSync(path.join(d, 'src/sim.ts'), 'utf8')).not.toBe(SIM_RING);
    for (const [file, text] of before) expect(readFileSync(path.join(d, file), 'utf8'), file).toBe(text);
  });

  it('recognises its writers\' openings, and not a look-alike', () => {
    expect(ownFileByText('{\n  "version": 1,\n  "tool": {\n    "name": "collab-migrate",')).toBe('written by collab-migrate (a JSON report)');
    expect(ownFileByText('\uFEFF{"version":1,"recorded":"2026-03-01","findings":[{"file":"a \\"b\\".ts","notice":"x-y","fingerprint":"0123456789abcdef0123456789abcdef"}]}')).toBe('written by collab-migrate (a baseline)');
    expect(ownFileByText('{"format":3,"key":"cdcccfa214de248e745ec783f807d879ccc145a9","startedAt":1,"entries":{}}')).toBe('written by collab-migrate (its result cache)');
    for (const other of [
      '{\n  "version": 1,\n  "tool": {\n    "name": "other-tool"',
      '{"name": "collab-migrate", "version": "1.0.0"}',
      '{"version": 1, "findings": [{"file": "a.ts", "rule": "x"}]}',
      '{"apiBase": "https://api.ciscospark.com/v1", "note": "collab-migrate baseline.schema.json"}',
      '// {"version": 1, "tool": {"name": "collab-migrate"',
    ]) expect(ownFileByText(other), other).toBeUndefined();
  });
});
