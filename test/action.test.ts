/**
 * The GitHub Action: runs the steps of action.yml as the runner would (inputs with their defaults substituted into
 * each step's env, `bash -e` on its `run` script, $GITHUB_ACTION_PATH the repository) on a fixture repository,
 * and checks what they write: annotations on stdout, $GITHUB_OUTPUT, $GITHUB_STEP_SUMMARY, the SARIF file, and
 * the exit code that `fail-on` asks for.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { assertBuilt, cli, removeTree, tempTree } from './cli/run.js';
import { readAction, runAction as runSteps, type ActionRun } from './helpers/action-runner.js';
import { capAnnotations, DEFAULT_SARIF, FAIL_ON, GITHUB_ANNOTATIONS_PER_LEVEL, readInputs, sarifPlace, unquotedSpaceError, unwritable } from '../cli/action/run.js';
import { REGIONS } from '../cli/config/settings.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const action = readAction(ROOT);

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
  dirs.push(d, `${d}.runner`);
  mkdirSync(path.join(d, '.git'));
  return d;
}
beforeAll(() => assertBuilt());
afterEach(() => {
  for (const d of dirs) removeTree(d);
  dirs = [];
});

/** Every step of the composite action, with this checkout (built) as $GITHUB_ACTION_PATH. */
function runAction(workspace: string, given: Record<string, string>): ActionRun {
  return runSteps({ actionPath: ROOT, workspace, inputs: given });
}

describe('action.yml', () => {
  it('is a composite action whose scan step receives every input and provides every output', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(['baseline', 'before', 'fail-on', 'max-annotations', 'notices', 'only', 'paths', 'region', 'sarif', 'sarif-category', 'skip', 'today', 'version']);
    const scan = action.runs.steps.find((s) => s.id === 'scan')!;
    expect(scan.run).toBe('node "$COLLAB_MIGRATE_ACTION_RUN"');
    for (const name of Object.keys(action.inputs)) expect(scan.env?.[`INPUT_${name.toUpperCase()}`], name).toBe(`\${{ inputs.${name} }}`);
    expect(Object.keys(action.outputs).sort()).toEqual(['errors', 'failed', 'next-effective-date', 'report', 'sarif', 'sarif-category', 'warnings']);
    for (const [name, o] of Object.entries(action.outputs)) expect(o.value).toBe(`\${{ steps.scan.outputs.${name} }}`);
  });

  it('caches its dependencies on the lockfile, installs and builds only what is missing', () => {
    const cache = action.runs.steps.find((s) => s.uses !== undefined)!;
    expect(cache.uses).toMatch(/^actions\/cache@v\d+$/);
    expect(cache.with?.path).toBe('${{ github.action_path }}/node_modules');
    const prepare = action.runs.steps.find((s) => s.id === 'prepare')!;
    expect(prepare.run).toContain('sha256sum "$GITHUB_ACTION_PATH/package-lock.json"');
    expect(cache.with?.key).toBe('${{ steps.prepare.outputs.key }}');
    const install = action.runs.steps.find((s) => s.id === 'install')!;
    expect(install.run).toMatch(/if \[ ! -d node_modules \]; then npm ci /);
    expect(install.run).toMatch(/if \[ ! -f dist\/cli\/action\/run\.js \]; then npm run build/);
  });

  it('describes every input as the scan step reads it: defaults, values, separators and the baseline rule', () => {
    const inputs = action.inputs;
    // The declared defaults are the ones the scan step applies when an input is empty.
    const declared = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v.default ?? '']));
    expect(readInputs(declared)).toEqual(readInputs({}));
    expect(inputs['fail-on']!.default).toBe('error');
    for (const v of FAIL_ON) expect(inputs['fail-on']!.description, v).toMatch(new RegExp(`\\b${v}\\b`));
    expect(inputs.region!.description).toContain(`${REGIONS.slice(0, -1).join(', ')} or ${REGIONS.at(-1)}`);
    expect(Number(inputs['max-annotations']!.default)).toBe(GITHUB_ANNOTATIONS_PER_LEVEL);
    expect(inputs['max-annotations']!.description).toContain(`GitHub shows ${GITHUB_ANNOTATIONS_PER_LEVEL} of each per step`);
    // Separators: as described, as split.
    for (const name of ['only', 'skip']) expect(inputs[name]!.description, name).toContain('separated by commas, spaces or new lines');
    expect(readInputs({ INPUT_ONLY: 'a,b c\nd', INPUT_SKIP: 'e, f' })).toMatchObject({ only: ['a', 'b', 'c', 'd'], skip: ['e', 'f'] });
    for (const name of ['paths', 'notices']) expect(inputs[name]!.description, name).toContain('separated by spaces or new lines');
    expect(readInputs({ INPUT_NOTICES: 'a,b.json c.json\nd.json', INPUT_PATHS: 'src  lib\nweb' })).toMatchObject({ notices: ['a,b.json', 'c.json', 'd.json'], paths: ['src', 'lib', 'web'] });
    expect(inputs.sarif!.description).toContain('`off`');
    expect(readInputs({ INPUT_SARIF: 'off' }).sarif).toBeUndefined();
    // The baseline rule of docs/baseline.md: recorded findings pass until their notice crosses; new ones fail.
    expect(inputs.baseline!.description).toContain("A finding recorded in it is a warning and does not fail the run, unless its notice's effective date falls after the day the baseline was recorded and on or before today");
    expect(inputs.baseline!.description).toContain('A finding not recorded in it is an error.');
    expect(inputs.baseline!.description).toContain('docs/baseline.md');
    expect(existsSync(path.join(ROOT, 'docs/baseline.md'))).toBe(true);
  });
});

describe('paths and notices with spaces in a name', () => {
  it('a quoted name is one path; spaces and new lines still separate the others', () => {
    expect(readInputs({ INPUT_PATHS: '"src/sub dir" lib\n\'web app/x y.ts\'\nweb' }).paths).toEqual(['src/sub dir', 'lib', 'web app/x y.ts', 'web']);
    expect(readInputs({ INPUT_NOTICES: '"my catalogs/a.json" b.json' }).notices).toEqual(['my catalogs/a.json', 'b.json']);
    // A quote in a name: the other kind of quote around it. Backslashes are kept (Windows paths).
    expect(readInputs({ INPUT_PATHS: `"it's" 'say "hi"' src\\win` }).paths).toEqual(["it's", 'say "hi"', 'src\\win']);
    // An empty quoted name is not a path (it would scan the working folder).
    expect(readInputs({ INPUT_PATHS: '"" src' }).paths).toEqual(['src']);
    expect(action.inputs.paths!.description).toContain('quote');
  });

  it('an unquoted line that names one file with a space is said to need quotes; separate names that exist are fine', () => {
    const d = tempTree({ 'src/sub dir/a.ts': '', 'lib/b.ts': '', 'my catalogs/a.json': '{}' });
    dirs.push(d);
    expect(unquotedSpaceError('paths', 'lib\nsrc/sub dir', d)).toContain('"src/sub dir" names a file or folder with a space in it');
    expect(unquotedSpaceError('notices', 'my catalogs/a.json', d)).toContain('Input "notices": "my catalogs/a.json"');
    expect(unquotedSpaceError('paths', 'src lib', d)).toBeUndefined();
    expect(unquotedSpaceError('paths', '"src/sub dir"', d)).toBeUndefined();
    expect(unquotedSpaceError('paths', 'src/other dir', d)).toBeUndefined();
  });

  it('a quote left open is an error that names the input and the line', () => {
    expect(() => readInputs({ INPUT_PATHS: 'src\n"sub dir' })).toThrow('Input "paths": the quote opened on line 2 is not closed ("sub dir); quote a name that holds a quote with the other kind of quote.');
    expect(() => readInputs({ INPUT_NOTICES: "it's.json" })).toThrow('Input "notices": the quote opened on line 1');
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
    expect(r.outputs).toMatchObject({ errors: '1', warnings: '1', 'next-effective-date': '2026-05-19', sarif: sarifPath, 'sarif-category': 'collab-migrate', failed: 'false' });
    // The full report stays in RUNNER_TEMP, and the summary says where.
    expect(r.outputs.report.startsWith(`${d}.runner${path.sep}temp${path.sep}`)).toBe(true);
    expect((JSON.parse(readFileSync(r.outputs.report, 'utf8')) as { findings: unknown[] }).findings).toHaveLength(2);
    expect(r.summary).toContain(`**Full report:** \`${r.outputs.report}\``);
    expect(r.summary).not.toContain('**Annotations:**');
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
    expect(bad.stdout).toMatch(/^::error title=collab-migrate failed::Input "fail-on" must be one of error, warning, never; got "sometimes"\. The scan did not run to the end, so no finding was reported: correct the input/m);
    expect(bad.summary).toMatch(/^## ⚠️ collab-migrate could not scan\n/);
    expect(bad.outputs).toMatchObject({ failed: 'true', errors: '' });
    const version = runAction(d, { version: 'latest' });
    expect(version.code).toBe(2);
    expect(version.stdout).toContain('::error title=collab-migrate::Input "version" must be an exact version such as 0.1.0; got "latest".');
    expect(version.ran).toEqual(['Prepare collab-migrate']);
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
  it('caps the annotations per level and counts the rest in the summary; the full report has them all', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 4; i++) files[`src/ring${i}.ts`] = SIM_RING;
    for (let i = 0; i < 3; i++) files[`src/sig${i}.ts`] = SIGNATURE;
    const d = repo(files);
    const r = runAction(d, { today: '2026-03-01', 'max-annotations': '2' });
    expect(r.code).toBe(1);
    const errors = r.stdout.match(/^::error /gm) ?? [];
    const warnings = r.stdout.match(/^::warning /gm) ?? [];
    // The verdict first, then one finding: two error annotations in all.
    expect(errors).toHaveLength(2);
    expect(r.stdout.split('\n').find((l) => l.startsWith('::'))).toBe('::error title=collab-migrate::4 error(s) (fail-on: error).');
    expect(warnings).toHaveLength(2);
    expect(r.summary).toContain('**Annotations:** 3 errors (1 shown), 1 warning (2 shown) are not shown as annotations');
    expect((JSON.parse(readFileSync(r.outputs.report, 'utf8')) as { findings: unknown[] }).findings).toHaveLength(7);
  });

  it('only, skip and notices select notices; paths are never options', () => {
    const d = repo({ 'src/sig.ts': SIGNATURE, 'src/sim-ring.ts': SIM_RING, '--help/sig.ts': SIGNATURE });
    const only = runAction(d, { today: '2026-03-01', only: 'webhook-header-names-lowercase', paths: 'src' });
    expect(only.outputs).toMatchObject({ errors: '0', warnings: '1' });
    const skip = runAction(d, { today: '2026-03-01', skip: 'webhook-header-names-lowercase, legacy-api-host', paths: 'src' });
    expect(skip.outputs).toMatchObject({ errors: '1', warnings: '0' });
    const dashed = runAction(d, { today: '2026-03-01', paths: '--help' });
    expect(dashed.code).toBe(0);
    expect(dashed.outputs).toMatchObject({ errors: '0', warnings: '1', failed: 'false' });
    expect(dashed.stdout).toMatch(/^::warning file=--help\/sig\.ts/m);
    // A folder whose name holds a space, quoted: one path, scanned (issue 30's outside audit: it was two).
    const spaced = repo({ 'src/sub dir/sig.ts': SIGNATURE, 'src/sim-ring.ts': SIM_RING });
    const quoted = runAction(spaced, { today: '2026-03-01', paths: '"src/sub dir"' });
    expect(quoted.code).toBe(0);
    expect(quoted.outputs).toMatchObject({ errors: '0', warnings: '1', failed: 'false' });
    expect(quoted.stdout).toMatch(/^::warning file=src\/sub dir\/sig\.ts/m);
    // Unquoted, the step says to quote it (rather than "No such file or directory: src/sub").
    const unquoted = runAction(spaced, { today: '2026-03-01', paths: 'src/sub dir' });
    expect(unquoted.code).toBe(2);
    expect(unquoted.stdout).toContain(`::error title=collab-migrate failed::Input "paths": "src/sub dir" names a file or folder with a space in it, but spaces separate names (2 were read); quote it: "src/sub dir" or 'src/sub dir'.`);
    expect(unquoted.outputs.failed).toBe('true');
    const unknownCatalog = runAction(d, { today: '2026-03-01', notices: 'missing.json' });
    expect(unknownCatalog.code).toBe(2);
    expect(unknownCatalog.outputs.failed).toBe('true');
  });

  it('a scan that stops on what it was given: the annotation and the summary give its reason, and blame the input, not the tool', () => {
    const d = repo({ 'src/sig.ts': SIGNATURE, 'bad.json': '{"notices": [ {"id": 1} ]' });
    const catalog = runAction(d, { today: '2026-03-01', notices: 'bad.json' });
    expect(catalog.code).toBe(2);
    expect(catalog.outputs).toMatchObject({ failed: 'true', errors: '', warnings: '', report: '' });
    const annotation = catalog.stdout.split('\n').find((l) => l.startsWith('::error'));
    expect(annotation).toMatch(/^::error title=collab-migrate failed::The scan exited with 2 without writing its report: Invalid catalog: \S*bad\.json:\d+:\d+: JSON syntax error[^%]*\. The scan did not run to the end, so no finding was reported: correct the input, file or setting it names\.$/);
    expect(catalog.stdout).not.toContain('failure of collab-migrate itself');
    expect(catalog.summary).toMatch(/^## ⚠️ collab-migrate could not scan\n\nThe scan exited with 2 without writing its report: Invalid catalog: /);
    // The scan's own line stays in the log.
    expect(catalog.stderr).toMatch(/^collab-migrate: Invalid catalog: /m);
    // A SARIF file the runner cannot write where the workflow put it (here its folder is a file): the findings are not
    // taken for a pass, and the reason names the file.
    const sarif = runAction(d, { today: '2026-03-01', sarif: 'src/sig.ts/out.sarif' });
    expect(sarif.code).toBe(2);
    expect(sarif.outputs.failed).toBe('true');
    expect(sarif.stdout).toMatch(/^::error title=collab-migrate failed::The scan exited with 2 without writing its report: Cannot write --sarif-output \S*src\/sig\.ts\/out\.sarif \(ENOTDIR\)\. The scan did not run/m);
  });
});

describe('a workspace that cannot be written', { timeout: 240_000 }, () => {
  it('the default SARIF goes to the report folder, said; a SARIF place the workflow chose is used as given', () => {
    const work = '/runner/temp/collab-migrate-x';
    const readOnly = (): string => 'EROFS';
    const moved = sarifPlace(DEFAULT_SARIF, '/ws', work, readOnly);
    expect(moved.sarif).toBe(path.join(work, DEFAULT_SARIF));
    expect(moved.note).toContain('The workspace cannot be written (EROFS), so the SARIF file was written to /runner/temp/collab-migrate-x/collab-migrate.sarif');
    expect(sarifPlace('reports/x.sarif', '/ws', work, readOnly)).toEqual({ sarif: 'reports/x.sarif' });
    expect(sarifPlace(undefined, '/ws', work, readOnly)).toEqual({});
    expect(sarifPlace(DEFAULT_SARIF, '/ws', work, () => undefined)).toEqual({ sarif: DEFAULT_SARIF });
    // The check itself: a folder under a file cannot be written; a temporary folder can.
    const d = tempTree({ 'f.txt': '' });
    dirs.push(d);
    expect(unwritable(path.join(d, 'f.txt', DEFAULT_SARIF))).toBe('ENOTDIR');
    expect(unwritable(path.join(d, DEFAULT_SARIF))).toBeUndefined();
    // The warning the step prints counts against the warnings GitHub shows.
    const capped = capAnnotations('::warning file=a.ts::x\n::warning file=b.ts::y\n', 2, 0, 1);
    expect(capped.shown.warning).toBe(1);
    expect(capped.omitted.warning).toBe(1);
  });

  // A read-only bind mount needs root (and a system that allows it); elsewhere, a folder without write permission.
  it('on a read-only workspace the step reports its findings, with the SARIF in the report folder', (ctx) => {
    const d = repo({ 'src/sig.ts': SIGNATURE });
    const mounted = `${d}.ro`;
    mkdirSync(mounted);
    dirs.push(mounted);
    const isRoot = process.getuid?.() === 0;
    let readOnly = false;
    if (isRoot) {
      readOnly = spawnSync('mount', ['--bind', d, mounted]).status === 0;
      if (readOnly && spawnSync('mount', ['-o', 'remount,bind,ro', mounted]).status !== 0) {
        spawnSync('umount', [mounted]);
        readOnly = false;
      }
    } else {
      rmSync(mounted, { recursive: true });
      renameSync(d, mounted);
      readOnly = true;
      chmodSync(mounted, 0o555);
    }
    if (!readOnly) {
      ctx.skip('no read-only mount can be made here');
      return;
    }
    try {
      expect(unwritable(path.join(mounted, DEFAULT_SARIF))).toBeDefined();
      const r = runSteps({ actionPath: ROOT, workspace: mounted, runnerDir: `${d}.runner`, inputs: { today: '2026-03-01' } });
      expect(r.code).toBe(0);
      expect(r.outputs).toMatchObject({ errors: '0', warnings: '1', failed: 'false' });
      expect(r.stdout).toMatch(/^::warning title=collab-migrate::The workspace cannot be written \((EROFS|EACCES)\), so the SARIF file was written to /m);
      expect(r.stdout).toMatch(/^::warning file=src\/sig\.ts/m);
      expect(path.dirname(r.outputs.sarif)).toBe(path.dirname(r.outputs.report));
      expect(JSON.parse(readFileSync(r.outputs.sarif, 'utf8')).runs[0].results).toHaveLength(1);
      expect(r.summary).toContain('**SARIF:** The workspace cannot be written');
      expect(existsSync(path.join(mounted, DEFAULT_SARIF))).toBe(false);
      // A place the workflow chose in it is still a failure that names it.
      const chosen = runSteps({ actionPath: ROOT, workspace: mounted, runnerDir: `${d}.runner`, inputs: { today: '2026-03-01', sarif: 'out.sarif' } });
      expect(chosen.code).toBe(2);
      expect(chosen.stdout).toMatch(/Cannot write --sarif-output \S*out\.sarif \((EROFS|EACCES)\)/);
    } finally {
      if (isRoot) spawnSync('umount', [mounted]);
      else chmodSync(mounted, 0o755);
    }
  });
});

describe('the workflow of docs/ci.md', () => {
  it('uses this action where the user hosts it, uploads the SARIF output, and can write alerts', () => {
    const readme = readFileSync(path.join(ROOT, 'docs/ci.md'), 'utf8');
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
    expect(upload.with?.category).toBe(`\${{ steps.${ours!.id}.outputs.sarif-category }}`);
    const artifact = steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'))!;
    expect(artifact.with?.path).toBe(`\${{ steps.${ours!.id}.outputs.report }}`);
  });
});
