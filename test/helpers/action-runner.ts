/**
 * Runs action.yml's composite steps as a GitHub runner does: each `run` step's script in a file, through
 * `bash --noprofile --norc -eo pipefail`, in $GITHUB_WORKSPACE, with the step's `env` after substituting the
 * expressions action.yml uses (`inputs.*` with their defaults, `steps.<id>.outputs.*`, `github.action_path`),
 * a fresh $GITHUB_OUTPUT file per step (read back into `steps.<id>.outputs`), $GITHUB_STEP_SUMMARY,
 * $GITHUB_ACTION_PATH, $GITHUB_WORKSPACE, $RUNNER_TEMP, $RUNNER_OS and $RUNNER_ARCH. A step's `if` may compare a
 * step output with a string (the only form action.yml uses). `uses:` steps (the dependency cache) cannot run
 * here: they are recorded and taken as a cache miss, which is what a first run on GitHub sees. The action's
 * outputs are its `outputs.*.value` expressions, evaluated after the last step.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export interface Step {
  name: string;
  id?: string;
  shell?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}
export interface ActionYml {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: Step[] };
}

export function readAction(actionPath: string): ActionYml {
  return parse(readFileSync(path.join(actionPath, 'action.yml'), 'utf8')) as ActionYml;
}

export interface ActionRun {
  /** The exit code of the first step that failed, or 0. */
  code: number | null;
  /** Every step's stdout (annotations are workflow commands there). */
  stdout: string;
  stderr: string;
  /** The action's outputs. */
  outputs: Record<string, string>;
  summary: string;
  /** Names of the `uses:` steps that would have run. */
  used: string[];
  /** Names of the steps run, in order. */
  ran: string[];
}

export interface RunOptions {
  actionPath: string;
  workspace: string;
  inputs?: Record<string, string>;
  /** Where $RUNNER_TEMP and the runner's files go (default: `<workspace>/../<basename>.runner`). */
  runnerDir?: string;
  env?: Record<string, string | undefined>;
  timeout?: number;
}

function parseOutputs(file: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    const i = line.indexOf('=');
    if (i < 0) throw new Error(`a line of $GITHUB_OUTPUT that is not name=value: ${line}`);
    outputs[line.slice(0, i)] = line.slice(i + 1);
  }
  return outputs;
}

export function runAction(options: RunOptions): ActionRun {
  const action = readAction(options.actionPath);
  const given = options.inputs ?? {};
  for (const k of Object.keys(given)) if (!(k in action.inputs)) throw new Error(`no input "${k}" in action.yml`);
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, given[k] ?? v.default ?? '']));
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  const substitute = (value: string): string =>
    value.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
      let m = /^inputs\.([\w-]+)$/.exec(expr);
      if (m) {
        if (!(m[1] in inputs)) throw new Error(`action.yml uses an undeclared input "${m[1]}"`);
        return inputs[m[1]];
      }
      m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
      if (m) return steps[m[1]]?.outputs[m[2]] ?? '';
      if (expr === 'github.action_path') return options.actionPath;
      throw new Error(`an expression this runner does not know: ${expr}`);
    });
  const condition = (expr: string): boolean => {
    const m = /^steps\.([\w-]+)\.outputs\.([\w-]+) == '([^']*)'$/.exec(expr.trim());
    if (!m) throw new Error(`an if: this runner does not know: ${expr}`);
    return (steps[m[1]]?.outputs[m[2]] ?? '') === m[3];
  };

  const runner = options.runnerDir ?? `${options.workspace}.runner`;
  const temp = path.join(runner, 'temp');
  mkdirSync(temp, { recursive: true });
  const summaryFile = path.join(runner, 'step-summary.md');
  writeFileSync(summaryFile, '');
  const result: ActionRun = { code: 0, stdout: '', stderr: '', outputs: {}, summary: '', used: [], ran: [] };
  action.runs.steps.forEach((step, index) => {
    if (result.code !== 0) return;
    if (step.if !== undefined && !condition(step.if)) return;
    if (step.uses !== undefined) {
      result.used.push(step.name);
      // A cache miss: actions/cache sets cache-hit to false.
      if (step.id) steps[step.id] = { outputs: { 'cache-hit': 'false' } };
      return;
    }
    if (step.shell !== 'bash' || step.run === undefined) throw new Error(`step "${step.name}": only bash run steps can be simulated`);
    const outputFile = path.join(runner, `output-${index}`);
    writeFileSync(outputFile, '');
    const script = path.join(runner, `step-${index}.sh`);
    writeFileSync(script, substitute(step.run));
    const env: Record<string, string | undefined> = {
      ...process.env,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      COLLAB_MIGRATE_TODAY: undefined,
      NO_COLOR: undefined,
      FORCE_COLOR: undefined,
      GITHUB_ACTION_PATH: options.actionPath,
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      RUNNER_TEMP: temp,
      RUNNER_OS: 'Linux',
      RUNNER_ARCH: 'X64',
      ...options.env,
    };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = substitute(v);
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
      cwd: options.workspace,
      env: env as NodeJS.ProcessEnv,
      encoding: 'utf8',
      timeout: options.timeout ?? 600_000,
    });
    result.ran.push(step.name);
    result.stdout += r.stdout;
    result.stderr += r.stderr;
    if (step.id) steps[step.id] = { outputs: parseOutputs(outputFile) };
    if (r.status !== 0) result.code = r.status ?? -1;
  });
  result.outputs = Object.fromEntries(Object.entries(action.outputs).map(([k, o]) => [k, substitute(o.value)]));
  result.summary = readFileSync(summaryFile, 'utf8');
  return result;
}
