/**
 * The GitHub Action's scan step (action.yml runs `node dist/cli/action/run.js`): one scan of the repository
 * writes the annotations (stdout, `--format github`), the SARIF file for code scanning, the JSON report it reads
 * its outputs from, and the Markdown readiness summary it appends to `$GITHUB_STEP_SUMMARY`. Inputs arrive as
 * `INPUT_*` variables (action.yml maps them); outputs go to `$GITHUB_OUTPUT`. The exit code follows `fail-on`.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report } from '../report/report.js';

export const FAIL_ON = ['error', 'warning', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** The inputs of action.yml, as the scan step receives them. */
export interface ActionInputs {
  paths: string[];
  before?: string;
  today?: string;
  region?: string;
  failOn: FailOn;
  baseline?: string;
  /** Where to write SARIF, or undefined for `off`. */
  sarif?: string;
}

function input(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[`INPUT_${name.toUpperCase().replace(/ /g, '_')}`]?.trim();
  return value ? value : undefined;
}

/** Reads and checks the inputs; a bad value is an error that names the input. */
export function readInputs(env: NodeJS.ProcessEnv): ActionInputs {
  const failOn = (input(env, 'fail-on') ?? 'error') as FailOn;
  if (!FAIL_ON.includes(failOn)) throw new Error(`Input "fail-on" must be one of ${FAIL_ON.join(', ')}; got "${failOn}".`);
  const sarif = input(env, 'sarif') ?? 'collab-migrate.sarif';
  const inputs: ActionInputs = { paths: (input(env, 'paths') ?? '.').split(/\s+/).filter(Boolean), failOn };
  for (const key of ['before', 'today', 'region', 'baseline'] as const) {
    const value = input(env, key);
    if (value !== undefined) inputs[key] = value;
  }
  if (sarif !== 'off' && sarif !== 'false') inputs.sarif = sarif;
  return inputs;
}

/** The command line of the one scan. */
export function scanArgs(inputs: ActionInputs, json: string, markdown: string): string[] {
  // `--flag=value`: a value that starts with `-` stays the value.
  const args = ['--format', 'github', `--json-output=${json}`, `--markdown-output=${markdown}`, '--no-progress'];
  if (inputs.sarif) args.push(`--sarif-output=${inputs.sarif}`);
  if (inputs.before) args.push(`--before=${inputs.before}`);
  if (inputs.today) args.push(`--today=${inputs.today}`);
  if (inputs.region) args.push(`--region=${inputs.region}`);
  if (inputs.baseline) args.push(`--baseline=${inputs.baseline}`);
  // The paths last, after `--`: an input such as `--fix .` is two paths, never an option (issue 28).
  // The repository's own configuration cannot move the annotations out of the log: the Action never passes
  // --trust-config, so its `output`, `outputs` and `notices` are ignored.
  args.push('--', ...inputs.paths);
  return args;
}

/** Whether the step fails: errors (`error`), any finding (`warning`), or never. */
export function fails(failOn: FailOn, report: Pick<Report, 'summary'>): boolean {
  if (failOn === 'never') return false;
  return report.summary.errors > 0 || (failOn === 'warning' && report.summary.warnings > 0);
}

/** Runs the step; returns its exit code. */
export function main(env: NodeJS.ProcessEnv = process.env): number {
  let inputs: ActionInputs;
  try {
    inputs = readInputs(env);
  } catch (error) {
    process.stdout.write(`::error title=collab-migrate::${(error as Error).message}\n`);
    return 2;
  }
  const work = mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'collab-migrate-'));
  try {
    const json = path.join(work, 'report.json');
    const markdown = path.join(work, 'summary.md');
    const bin = fileURLToPath(new URL('../bin.js', import.meta.url));
    const cwd = env.GITHUB_WORKSPACE || process.cwd();
    const run = spawnSync(process.execPath, [bin, ...scanArgs(inputs, json, markdown)], { cwd, env: { ...env, CI: 'true' }, stdio: ['ignore', 'inherit', 'inherit'] });
    if (run.status !== 0 && run.status !== 1) {
      process.stdout.write(`::error title=collab-migrate::The scan failed (exit ${run.status ?? run.signal}); see the log above.\n`);
      return run.status ?? 2;
    }
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    const outputs: Record<string, string> = {
      errors: String(report.summary.errors),
      warnings: String(report.summary.warnings),
      'next-effective-date': report.summary.nextEffective ?? '',
      sarif: inputs.sarif ? path.resolve(cwd, inputs.sarif) : '',
    };
    if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, Object.entries(outputs).map(([k, v]) => `${k}=${v}\n`).join(''));
    if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, readFileSync(markdown, 'utf8'));
    if (fails(inputs.failOn, report)) {
      const what = inputs.failOn === 'warning' ? `${report.summary.errors} error(s) and ${report.summary.warnings} warning(s)` : `${report.summary.errors} error(s)`;
      process.stdout.write(`::error title=collab-migrate::${what} (fail-on: ${inputs.failOn}).\n`);
      return 1;
    }
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
