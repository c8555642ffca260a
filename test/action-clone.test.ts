/**
 * The GitHub Action as GitHub runs it: `uses: <owner>/collab-migrate@<ref>` downloads the repository at that ref,
 * which holds no dist/ and no node_modules. This clones the committed HEAD into a temporary $GITHUB_ACTION_PATH
 * and runs action.yml's steps there (test/helpers/action-runner.ts: each step's `run` with its `env`, the
 * GITHUB_* files, RUNNER_TEMP; the cache step is a miss, as on a first run), for a repository with findings
 * (the first run installs and builds, once), one without, and a crash (the built CLI broken in the clone:
 * reported as a failure of the tool, never as findings).
 *
 * Slow: one `npm ci` (from npm's local cache, `--prefer-offline`) and one build in the clone, shared by the
 * three cases. It tests what is committed: commit before running it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAction, type ActionRun } from './helpers/action-runner.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const SIM_RING = `export function isDns(trunk: { errorCodes: string[] }) {
  return trunk.errorCodes.includes('E1001');
}
`;
const SIGNATURE = `export function signature(req: { headers: Record<string, string> }) {
  return req.headers['X-Spark-Signature'];
}
`;

interface Sarif {
  runs: { automationDetails?: unknown; results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
}

describe('the action from a clean clone, as GitHub runs it', { timeout: 1_800_000 }, () => {
  let work: string;
  let actionPath: string;
  let first: ActionRun;
  let firstWorkspace: string;

  function workspace(name: string, files: Record<string, string>): string {
    const d = path.join(work, name);
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(d, f)), { recursive: true });
      writeFileSync(path.join(d, f), text);
    }
    mkdirSync(path.join(d, '.git'), { recursive: true });
    return d;
  }

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'cm-action-'));
    actionPath = path.join(work, 'action');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, actionPath], { stdio: 'ignore' });
    firstWorkspace = workspace('with-findings', { 'src/sim-ring.ts': SIM_RING, 'src/sig.ts': SIGNATURE });
    // The first run: nothing built, nothing installed. npm's own cache (filled by this checkout's install) serves it.
    // `npm test` runs this file beside the build and the lint of the checkout (the `outside` project): on a loaded
    // 2-core machine (load average 20) this install step took over runAction's 600 s, so it gets the file's limit.
    first = runAction({ actionPath, workspace: firstWorkspace, inputs: { today: '2026-03-01' }, env: { npm_config_prefer_offline: 'true' }, timeout: 1_800_000 });
  }, 1_800_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('the clone holds no dist/ and no node_modules until the action installs and builds them', () => {
    expect(execFileSync('git', ['ls-files', 'dist', 'node_modules'], { cwd: actionPath, encoding: 'utf8' })).toBe('');
    expect(first.used).toEqual(["Cache collab-migrate's dependencies"]);
    expect(first.ran).toEqual(['Prepare collab-migrate', 'Install and build collab-migrate', 'Scan']);
    expect(existsSync(path.join(actionPath, 'node_modules'))).toBe(true);
    expect(existsSync(path.join(actionPath, 'dist/cli/action/run.js'))).toBe(true);
  });

  it('findings: annotations, outputs, summary and SARIF; exit 1 (fail-on error)', () => {
    expect(first.code, first.stderr).toBe(1);
    expect(first.stdout).toMatch(/^::error file=src\/sim-ring\.ts,line=2,.*title=trunk-error-codes-renamed::/m);
    expect(first.stdout).toMatch(/^::warning file=src\/sig\.ts,line=2,.*title=webhook-header-names-lowercase::/m);
    expect(first.stdout).toContain('::error title=collab-migrate::1 error(s) (fail-on: error).');
    const sarifPath = path.join(firstWorkspace, 'collab-migrate.sarif');
    expect(first.outputs).toMatchObject({ errors: '1', warnings: '1', 'next-effective-date': '2026-05-19', sarif: sarifPath, 'sarif-category': 'collab-migrate', failed: 'false' });
    expect(first.summary).toContain('**1 error, 1 warning**');
    expect(first.summary).toContain(`**Full report:** \`${first.outputs.report}\``);
    expect((JSON.parse(readFileSync(first.outputs.report, 'utf8')) as { findings: unknown[] }).findings).toHaveLength(2);
    const sarif = JSON.parse(readFileSync(sarifPath, 'utf8')) as Sarif;
    expect(sarif.runs[0].automationDetails).toBeUndefined();
    expect(sarif.runs[0].results.map((r) => `${r.locations[0].physicalLocation.artifactLocation.uri} ${r.ruleId}`).sort()).toEqual([
      'src/sig.ts webhook-header-names-lowercase',
      'src/sim-ring.ts trunk-error-codes-renamed',
    ]);
  });

  it('no findings: exit 0, zero counts, an empty SARIF run; nothing installed or built again', () => {
    const d = workspace('clean', { 'src/ok.ts': 'export const answer = 42;\n' });
    const r = runAction({ actionPath, workspace: d, inputs: { today: '2026-03-01' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/^::(error|warning) /m);
    expect(r.stderr).not.toMatch(/added \d+ packages|tsc/);
    expect(r.outputs).toMatchObject({ errors: '0', warnings: '0', 'next-effective-date': '', failed: 'false' });
    expect(r.summary).toContain('collab-migrate readiness');
    expect((JSON.parse(readFileSync(r.outputs.sarif, 'utf8')) as Sarif).runs[0].results).toEqual([]);
  });

  it('a crash (a module of the built CLI missing): a failure of the tool, exit 2, no findings, no stack trace of ours', () => {
    // A chunk the binary imports at start (rolldown names the chunks; the binary's own imports say which they are).
    const chunks = [...readFileSync(path.join(actionPath, 'dist/cli/bin.js'), 'utf8').matchAll(/import\(\s*"\.\/(bin-[\w-]+\.js)"\s*\)|from\s*"\.\/(bin-[\w-]+\.js)"/g)].map((m) => m[1] ?? m[2]);
    expect(chunks.length).toBeGreaterThan(0);
    rmSync(path.join(actionPath, 'dist/cli', chunks[chunks.length - 1]!));
    const d = workspace('crash', { 'src/sim-ring.ts': SIM_RING });
    const r = runAction({ actionPath, workspace: d, inputs: { today: '2026-03-01', 'fail-on': 'never' } });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('::error title=collab-migrate failed::The scan exited with 1 without writing its report. This is a failure of collab-migrate itself, not findings in your code');
    expect(r.stdout).not.toMatch(/^::(warning|notice) /m);
    expect(r.outputs).toMatchObject({ failed: 'true', errors: '', warnings: '', report: '' });
    expect(r.summary).toMatch(/^## ⚠️ collab-migrate failed\n/);
    expect(r.summary).not.toContain('readiness');
    // The child's own error is in the log (that is where the summary sends you); run.js throws nothing itself.
    expect(r.stderr).toContain('ERR_MODULE_NOT_FOUND');
    expect(r.stderr).not.toMatch(/ENOENT|action[\\/]run\.js:\d+/);
    expect(existsSync(path.join(d, 'collab-migrate.sarif'))).toBe(false);
  });
});
