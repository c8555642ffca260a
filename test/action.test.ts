/**
 * The GitHub Action: runs the steps of action.yml as the runner would (inputs with their defaults substituted into
 * each step's env, `bash -e` on its `run` script, $GITHUB_ACTION_PATH the repository) on a fixture repository,
 * and checks what they write: annotations on stdout, $GITHUB_OUTPUT, $GITHUB_STEP_SUMMARY, the SARIF file, and
 * the exit code that `fail-on` asks for.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { assertBuilt, cli, removeTree, tempTree } from './cli/run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Step {
  name: string;
  id?: string;
  shell: string;
  run: string;
  env?: Record<string, string>;
}
interface ActionYml {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: Step[] };
}
const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as ActionYml;

// In force since 2025-01-24 and breaking: an error. (The simultaneous-ring rename is not breaking, so a warning.)
const SIM_RING = `export function isDns(trunk: { errorCodes: string[] }) {
  return trunk.errorCodes.includes('E1001');
}
`;
// Effective 2026-05-19: a warning on 2026-03-01, an error from that day.
const SIGNATURE = `export function signature(req: { headers: Record<string, string> }) {
  return req.headers['X-Spark-Signature'];
}
`;

let dirs: string[] = [];
function repo(files: Record<string, string>): string {
  const d = tempTree(files);
  dirs.push(d);
  mkdirSync(path.join(d, '.git'));
  return d;
}
beforeAll(() => assertBuilt());
afterEach(() => {
  for (const d of dirs) removeTree(d);
  dirs = [];
});

/** `${{ inputs.x }}` and `${{ steps.x.outputs.y }}` as the runner substitutes them (the only expressions action.yml uses). */
function substitute(value: string, inputs: Record<string, string>): string {
  return value.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => {
    if (!(name in action.inputs)) throw new Error(`action.yml uses an undeclared input "${name}"`);
    return inputs[name];
  });
}

interface StepRun {
  code: number | null;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
}

/** Runs every step of the composite action in `workspace`, with `given` inputs over the defaults. */
function runAction(workspace: string, given: Record<string, string>): StepRun {
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, given[k] ?? v.default ?? '']));
  for (const k of Object.keys(given)) if (!(k in action.inputs)) throw new Error(`no input "${k}" in action.yml`);
  const runner = path.join(workspace, '.runner');
  mkdirSync(runner, { recursive: true });
  const githubOutput = path.join(runner, 'output');
  const summaryFile = path.join(runner, 'summary.md');
  writeFileSync(githubOutput, '');
  writeFileSync(summaryFile, '');
  let stdout = '';
  for (const step of action.runs.steps) {
    expect(step.shell).toBe('bash');
    const env: Record<string, string | undefined> = {
      ...process.env,
      CI: 'true',
      COLLAB_MIGRATE_TODAY: undefined,
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: githubOutput,
      GITHUB_STEP_SUMMARY: summaryFile,
      RUNNER_TEMP: runner,
    };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = substitute(v, inputs);
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    const r = spawnSync('bash', ['-e', '-c', step.run], { cwd: workspace, env: env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 120_000 });
    stdout += r.stdout;
    if (r.status !== 0) return { code: r.status, stdout: stdout + r.stderr, outputs: readOutputs(githubOutput), summary: readFileSync(summaryFile, 'utf8') };
  }
  return { code: 0, stdout, outputs: readOutputs(githubOutput), summary: readFileSync(summaryFile, 'utf8') };
}

function readOutputs(file: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const i = line.indexOf('=');
    outputs[line.slice(0, i)] = line.slice(i + 1);
  }
  return outputs;
}

describe('action.yml', () => {
  it('is a composite action whose scan step receives every input and provides every output', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(['baseline', 'before', 'fail-on', 'paths', 'region', 'sarif', 'today']);
    const scan = action.runs.steps.find((s) => s.id === 'scan')!;
    expect(scan.run).toContain('dist/cli/action/run.js');
    for (const name of Object.keys(action.inputs)) expect(scan.env?.[`INPUT_${name.toUpperCase()}`], name).toBe(`\${{ inputs.${name} }}`);
    expect(Object.keys(action.outputs).sort()).toEqual(['errors', 'next-effective-date', 'sarif', 'warnings']);
    for (const [name, o] of Object.entries(action.outputs)) expect(o.value).toBe(`\${{ steps.scan.outputs.${name} }}`);
  });
});

describe('the action on a fixture repository', { timeout: 240_000 }, () => {
  it('one scan: annotations, outputs, job summary and SARIF; fails on errors', () => {
    const d = repo({ 'src/sim-ring.ts': SIM_RING, 'src/sig.ts': SIGNATURE });
    const r = runAction(d, { today: '2026-03-01' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error file=src\/sim-ring\.ts,line=2,col=36,.*title=trunk-error-codes-renamed::/m);
    expect(r.stdout).toMatch(/^::warning file=src\/sig\.ts,line=2,.*title=webhook-header-names-lowercase::/m);
    expect(r.stdout).toMatch(/^::error title=collab-migrate::1 error\(s\) \(fail-on: error\)\.$/m);
    const sarifPath = path.join(d, 'collab-migrate.sarif');
    expect(r.outputs).toEqual({ errors: '1', warnings: '1', 'next-effective-date': '2026-05-19', sarif: sarifPath });
    expect(r.summary).toMatch(/^## ❌ collab-migrate readiness: .+\n/);
    expect(r.summary).toContain('**1 error, 1 warning**');
    expect(r.summary).toContain('### In force now');
    expect(r.summary).toContain('**Next effective date: 2026-05-19**');
    const sarif = JSON.parse(readFileSync(sarifPath, 'utf8')) as { runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    expect(sarif.runs[0].results.map((x) => x.locations[0].physicalLocation.artifactLocation.uri).sort()).toEqual(['src/sig.ts', 'src/sim-ring.ts']);
  });

  it('the weekly run turns the warning into an error on the effective day', () => {
    const d = repo({ 'src/sig.ts': SIGNATURE });
    const before = runAction(d, { today: '2026-05-18' });
    expect(before.code).toBe(0);
    expect(before.outputs).toMatchObject({ errors: '0', warnings: '1', 'next-effective-date': '2026-05-19' });
    const on = runAction(d, { today: '2026-05-19' });
    expect(on.code).toBe(1);
    expect(on.outputs).toMatchObject({ errors: '1', warnings: '0', 'next-effective-date': '' });
    expect(on.stdout).toMatch(/^::error file=src\/sig\.ts/m);
  });

  it('fail-on warning and never; sarif off; paths', () => {
    const d = repo({ 'src/sig.ts': SIGNATURE, 'other/sim-ring.ts': SIM_RING });
    const warning = runAction(d, { today: '2026-03-01', 'fail-on': 'warning', paths: 'src', sarif: 'off' });
    expect(warning.code).toBe(1);
    expect(warning.outputs).toMatchObject({ errors: '0', warnings: '1', sarif: '' });
    expect(existsSync(path.join(d, 'collab-migrate.sarif'))).toBe(false);
    const never = runAction(d, { today: '2026-03-01', 'fail-on': 'never', paths: 'src\nother' });
    expect(never.code).toBe(0);
    expect(never.outputs).toMatchObject({ errors: '1', warnings: '1' });
    const bad = runAction(d, { 'fail-on': 'sometimes' });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toMatch(/::error title=collab-migrate::Input "fail-on" must be one of error, warning, never; got "sometimes"\./);
  });

  it('with a baseline: green on the day it is recorded, red when a recorded notice takes effect, a new finding fails the run', () => {
    const d = repo({ 'src/sig.ts': SIGNATURE, 'src/sim-ring.ts': SIM_RING });
    // Adopting: record what is there today; the run that records passes.
    expect(cli(['--baseline-write', 'collab-migrate-baseline.json', '--today', '2026-03-01'], { cwd: d }).code).toBe(0);
    const adopted = runAction(d, { today: '2026-03-01', baseline: 'collab-migrate-baseline.json' });
    // Both recorded findings are warnings: the one already in force and the upcoming one.
    expect(adopted.outputs).toMatchObject({ errors: '0', warnings: '2' });
    expect(adopted.summary).toMatch(/\*\*Baseline\*\* `collab-migrate-baseline\.json` \(recorded 2026-03-01\): 2 recorded findings .*, 0 new findings \(errors now\)\./);
    // The day the upcoming notice takes effect (2026-05-19), its recorded finding crosses and fails the run.
    const crossed = runAction(d, { today: '2026-05-19', baseline: 'collab-migrate-baseline.json' });
    expect(crossed.code).toBe(1);
    expect(crossed.outputs).toMatchObject({ errors: '1', warnings: '1' });
    expect(crossed.summary).toContain('Crossed their date since the baseline of 2026-03-01');
    writeFileSync(path.join(d, 'src/sig2.ts'), SIGNATURE.replace('signature', 'signature2'));
    const added = runAction(d, { today: '2026-03-01', baseline: 'collab-migrate-baseline.json' });
    expect(added.code).toBe(1);
    expect(added.outputs).toMatchObject({ errors: '1', warnings: '2' });
    expect(added.stdout).toMatch(/^::error file=src\/sig2\.ts/m);
  });
});

describe('the README workflow', () => {
  it('uses this action where the user hosts it, uploads the SARIF output, and can write alerts', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const workflow = /```yaml\n(# \.github\/workflows\/collab-migrate\.yml[\s\S]*?)```/.exec(readme)?.[1];
    expect(workflow).toBeDefined();
    const wf = parse(workflow!) as { on: Record<string, unknown>; permissions: Record<string, string>; jobs: { scan: { steps: { uses?: string; id?: string; with?: Record<string, string>; if?: string }[] } } };
    expect(Object.keys(wf.on)).toEqual(expect.arrayContaining(['pull_request', 'schedule']));
    expect(wf.permissions['security-events']).toBe('write');
    // The package names no repository of its own (issue 14): the README names the action by the place the
    // user hosts it, `<owner>/collab-migrate@<ref>`.
    const steps = wf.jobs.scan.steps;
    const ours = steps.find((s) => s.uses !== undefined && !/^(actions|github)\//.test(s.uses));
    expect(ours?.uses, 'a step uses this action').toMatch(/^<owner>\/collab-migrate@<ref>$/);
    for (const key of Object.keys(ours!.with ?? {})) expect(action.inputs).toHaveProperty(key);
    const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))!;
    expect(upload.with?.sarif_file).toBe(`\${{ steps.${ours!.id}.outputs.sarif }}`);
    expect(upload.if).toMatch(/cancelled\(\)|always\(\)/);
  });
});
