/**
 * The GitHub Action's scan step (action.yml runs `node dist/cli/action/run.js` once the checkout is built): one
 * scan of the repository writes the JSON report it reads its outputs from, the annotations, the SARIF file for
 * code scanning and the Markdown readiness summary it appends to `$GITHUB_STEP_SUMMARY`. Inputs arrive as
 * `INPUT_*` variables (action.yml maps them); outputs go to `$GITHUB_OUTPUT`. The exit code follows `fail-on`.
 *
 * GitHub shows 10 annotations of each level per step, so at most `max-annotations` of each are printed; the
 * summary counts the rest and names the full report, which stays in `$RUNNER_TEMP` (output `report`). A scan
 * that ends without its report fails the step (exit 2, output `failed=true`), never taken for findings: the
 * annotation and the summary give the scan's own one-line reason when it printed one, and say whether what it was
 * given is at fault (a bad input, a catalog that does not load, a report it cannot write where the workflow put it)
 * or the tool (a crash, a missing module).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, appendFileSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeMarkdown } from '../report/formats/markdown.js';
import type { Report } from '../report/report.js';

export const FAIL_ON = ['error', 'warning', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** What GitHub shows per step and level (error, warning, notice). */
export const GITHUB_ANNOTATIONS_PER_LEVEL = 10;

/** The inputs of action.yml, as the scan step receives them. */
export interface ActionInputs {
  paths: string[];
  before?: string;
  today?: string;
  region?: string;
  failOn: FailOn;
  baseline?: string;
  only: string[];
  skip: string[];
  notices: string[];
  /** Where to write SARIF, or undefined for `off`. */
  sarif?: string;
  /** The code-scanning category (for upload-sarif's `category`; not written into the SARIF). */
  sarifCategory: string;
  /** Annotations printed per level. */
  maxAnnotations: number;
}

function input(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[`INPUT_${name.toUpperCase().replace(/ /g, '_')}`]?.trim();
  return value ? value : undefined;
}

function list(value: string | undefined, separators: RegExp): string[] {
  return (value ?? '').split(separators).map((v) => v.trim()).filter(Boolean);
}

/**
 * The names of an input that lists files (`paths`, `notices`): new lines and spaces separate them, and a name
 * that holds a space is quoted, `"src/sub dir"` or `'src/sub dir'` (a name that holds a quote takes the other kind;
 * quoted and plain parts next to each other are one name, as in a shell). Backslashes are kept as they are (a
 * Windows path). A quote left open is an error naming the input and the line.
 */
export function fileNames(name: string, value: string | undefined): string[] {
  const names: string[] = [];
  (value ?? '').split(/\r?\n/).forEach((line, index) => {
    let current: string | undefined;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (c === '"' || c === "'") {
        const end = line.indexOf(c, i + 1);
        if (end < 0) throw new Error(`Input "${name}": the quote opened on line ${index + 1} is not closed (${line.slice(i).trim()}); quote a name that holds a quote with the other kind of quote.`);
        current = (current ?? '') + line.slice(i + 1, end);
        i = end;
      } else if (/\s/.test(c)) {
        if (current) names.push(current);
        current = undefined;
      } else current = (current ?? '') + c;
    }
    // An empty quoted name ("") names nothing: as a path it would be the working folder.
    if (current) names.push(current);
  });
  return names;
}

/**
 * A line of `paths` or `notices` written without quotes that names one existing file or folder with a space in it,
 * while its pieces are not all there (`paths: src/sub dir`): an error that says to quote it, rather than the scan's
 * "No such file or directory" for a piece.
 */
export function unquotedSpaceError(name: string, value: string | undefined, cwd: string): string | undefined {
  for (const raw of (value ?? '').split(/\r?\n/)) {
    const line = raw.trim();
    if (!/\s/.test(line) || /["']/.test(line)) continue;
    if (!existsSync(path.resolve(cwd, line))) continue;
    const pieces = line.split(/\s+/);
    if (pieces.every((p) => existsSync(path.resolve(cwd, p)))) continue;
    return `Input "${name}": "${line}" names a file or folder with a space in it, but spaces separate names (${pieces.length} were read); quote it: "${line}" or '${line}'.`;
  }
  return undefined;
}

/** The `sarif` input's default (action.yml): a file at the workspace's root. */
export const DEFAULT_SARIF = 'collab-migrate.sarif';

/** Why `file` cannot be written (its error code: `EROFS` on a read-only mount), or undefined when it can. */
export function unwritable(file: string): string | undefined {
  try {
    const place = existsSync(file) ? file : path.dirname(file);
    if (place !== file && !statSync(place).isDirectory()) return 'ENOTDIR';
    accessSync(place, constants.W_OK);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'not writable';
  }
}

/**
 * Where the SARIF file goes. A workspace that cannot be written (a read-only mount, a container job's) is no reason to
 * report nothing: the default SARIF then goes to the step's report folder (the `sarif` output names it) and `note`
 * says so. A place the workflow chose (any other `sarif` value) is used as given: if it cannot be written, the scan
 * fails naming it.
 */
export function sarifPlace(sarif: string | undefined, cwd: string, reportFolder: string, why: (file: string) => string | undefined = unwritable): { sarif?: string; note?: string } {
  if (sarif !== DEFAULT_SARIF) return sarif === undefined ? {} : { sarif };
  const code = why(path.resolve(cwd, sarif));
  if (code === undefined) return { sarif };
  const moved = path.join(reportFolder, DEFAULT_SARIF);
  return { sarif: moved, note: `The workspace cannot be written (${code}), so the SARIF file was written to ${moved} (the action's \`sarif\` output) instead of ${DEFAULT_SARIF}: give that output to upload-sarif's \`sarif_file\`.` };
}

/** Reads and checks the inputs; a bad value is an error that names the input. */
export function readInputs(env: NodeJS.ProcessEnv): ActionInputs {
  const failOn = (input(env, 'fail-on') ?? 'error') as FailOn;
  if (!FAIL_ON.includes(failOn)) throw new Error(`Input "fail-on" must be one of ${FAIL_ON.join(', ')}; got "${failOn}".`);
  const max = input(env, 'max-annotations') ?? String(GITHUB_ANNOTATIONS_PER_LEVEL);
  if (!/^\d+$/.test(max)) throw new Error(`Input "max-annotations" must be a whole number; got "${max}".`);
  const sarif = input(env, 'sarif') ?? DEFAULT_SARIF;
  const inputs: ActionInputs = {
    paths: fileNames('paths', input(env, 'paths') ?? '.'),
    failOn,
    only: list(input(env, 'only'), /[\s,]+/),
    skip: list(input(env, 'skip'), /[\s,]+/),
    // File names may hold commas: new lines or spaces separate them (a name with a space is quoted).
    notices: fileNames('notices', input(env, 'notices')),
    sarifCategory: input(env, 'sarif-category') ?? 'collab-migrate',
    maxAnnotations: Number(max),
  };
  for (const key of ['before', 'today', 'region', 'baseline'] as const) {
    const value = input(env, key);
    if (value !== undefined) inputs[key] = value;
  }
  if (sarif !== 'off' && sarif !== 'false') inputs.sarif = sarif;
  return inputs;
}

/** The files one scan writes (in the report folder, kept after the step). */
export interface ScanFiles {
  json: string;
  markdown: string;
  annotations: string;
}

/**
 * The command line of the one scan. `--flag=value`, so a value that starts with `-` stays the value; the paths
 * come last, after `--`, so an input such as `--fix .` is two paths, never an option (issue 28). The Action never
 * passes --trust-config: the repository's own `output`, `outputs` and `notices` settings are ignored, so its
 * configuration cannot move the annotations out of the log.
 */
export function scanArgs(inputs: ActionInputs, files: ScanFiles): string[] {
  const args = ['--format', 'text', `--json-output=${files.json}`, `--markdown-output=${files.markdown}`, `--github-output=${files.annotations}`, '--no-progress'];
  if (inputs.sarif) args.push(`--sarif-output=${inputs.sarif}`);
  if (inputs.before) args.push(`--before=${inputs.before}`);
  if (inputs.today) args.push(`--today=${inputs.today}`);
  if (inputs.region) args.push(`--region=${inputs.region}`);
  if (inputs.baseline) args.push(`--baseline=${inputs.baseline}`);
  if (inputs.only.length > 0) args.push(`--only=${inputs.only.join(',')}`);
  if (inputs.skip.length > 0) args.push(`--skip=${inputs.skip.join(',')}`);
  for (const file of inputs.notices) args.push(`--notices=${file}`);
  return [...args, '--', ...inputs.paths];
}

/** Whether the step fails: errors (`error`), any finding (`warning`), or never. */
export function fails(failOn: FailOn, report: Pick<Report, 'summary'>): boolean {
  if (failOn === 'never') return false;
  return report.summary.errors > 0 || (failOn === 'warning' && report.summary.warnings > 0);
}

const LEVELS = ['error', 'warning', 'notice'] as const;
type Level = (typeof LEVELS)[number];

/**
 * The annotations to print (at most `max` per level, in the report's order, less the errors and warnings the step
 * printed already) and how many of each were shown and left out.
 */
export function capAnnotations(text: string, max: number, errorsPrinted = 0, warningsPrinted = 0): { lines: string[]; shown: Record<Level, number>; omitted: Record<Level, number> } {
  const printed: Record<Level, number> = { error: errorsPrinted, warning: warningsPrinted, notice: 0 };
  const shown: Record<Level, number> = { error: 0, warning: 0, notice: 0 };
  const omitted: Record<Level, number> = { error: 0, warning: 0, notice: 0 };
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const level = /^::(error|warning|notice)[ :]/.exec(line)?.[1] as Level | undefined;
    if (level === undefined) lines.push(line);
    else if (shown[level] + printed[level] < max) {
      shown[level]++;
      lines.push(line);
    } else omitted[level]++;
  }
  return { lines, shown, omitted };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The job summary's last lines: what the annotations left out, and where the full report is. */
export function reportNote(capped: ReturnType<typeof capAnnotations>, reportPath: string): string {
  const left = LEVELS.filter((l) => capped.omitted[l] > 0);
  const out: string[] = [''];
  if (left.length > 0) {
    const parts = left.map((l) => `${plural(capped.omitted[l], l === 'notice' ? 'notice' : l)} (${capped.shown[l]} shown)`);
    out.push(`**Annotations:** ${parts.join(', ')} are not shown as annotations: GitHub shows only the first ${GITHUB_ANNOTATIONS_PER_LEVEL} of each level per step.`);
  }
  out.push(`**Full report:** \`${reportPath}\` (JSON, every finding; the action's \`report\` output; on the runner until the job ends, so upload it with actions/upload-artifact to keep it).`, '');
  return out.join('\n');
}

/** A workflow command's message: `%`, CR and LF escaped as the runner reads them. */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * Why the step failed: `input` when the scan refused what it was given (an input, a file an input names, the
 * repository's configuration, a report it cannot write: the scan's exit 2 with its one-line message, as
 * cli/errors.ts prints it), `crash` when the tool itself broke (a crash, a missing module, an internal error).
 */
export type FailureKind = 'input' | 'crash';

/**
 * The scan's own account of an exit 2: its last `collab-migrate: ` line on stderr, and whether it is a usage,
 * configuration or catalog error (`input`) or an internal error (`crash`). Undefined when it printed none.
 */
export function scanFailure(stderr: string): { kind: FailureKind; message: string } | undefined {
  const line = stderr.split(/\r?\n/).reverse().find((l) => l.startsWith('collab-migrate: '));
  if (line === undefined) return undefined;
  const message = line.slice('collab-migrate: '.length).trim();
  return { kind: message.startsWith('internal error:') ? 'crash' : 'input', message };
}

/** Says the tool failed: an annotation, the job summary, `failed=true`; exit 2 whatever `fail-on` says. */
function toolFailure(env: NodeJS.ProcessEnv, reason: string, kind: FailureKind): number {
  const why = /[.!?)]$/.test(reason) ? reason : `${reason}.`;
  const blame =
    kind === 'input'
      ? 'The scan did not run to the end, so no finding was reported: correct the input, file or setting it names.'
      : 'This is a failure of collab-migrate itself, not findings in your code; see the log above.';
  process.stdout.write(`::error title=collab-migrate failed::${escapeData(`${why} ${blame}`)}\n`);
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, 'failed=true\n');
  const summary =
    kind === 'input'
      ? `## ⚠️ collab-migrate could not scan\n\n${escapeMarkdown(why)}\n\nNo findings were reported: the scan stopped on what it was given (an input of the action, a file it names, the repository's configuration, or a report it cannot write). The step's log has the details.\n`
      : `## ⚠️ collab-migrate failed\n\n${escapeMarkdown(why)} No findings were reported: this is a failure of the tool, not of your code. The step's log has the details.\n`;
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, summary);
  return 2;
}

function readReport(file: string): Report | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
    return typeof report?.summary?.errors === 'number' ? report : undefined;
  } catch {
    return undefined;
  }
}

/** Runs the step; returns its exit code. */
export function main(env: NodeJS.ProcessEnv = process.env): number {
  let inputs: ActionInputs;
  try {
    inputs = readInputs(env);
  } catch (error) {
    return toolFailure(env, (error as Error).message, 'input');
  }
  const cwd = env.GITHUB_WORKSPACE || process.cwd();
  const unquoted = unquotedSpaceError('paths', input(env, 'paths'), cwd) ?? unquotedSpaceError('notices', input(env, 'notices'), cwd);
  if (unquoted) return toolFailure(env, unquoted, 'input');
  // Kept after the step: the summary names the report, and the `report` output gives its path.
  const base = env.RUNNER_TEMP || os.tmpdir();
  mkdirSync(base, { recursive: true });
  const work = mkdtempSync(path.join(base, 'collab-migrate-'));
  const files: ScanFiles = { json: path.join(work, 'report.json'), markdown: path.join(work, 'summary.md'), annotations: path.join(work, 'annotations.txt') };
  const place = sarifPlace(inputs.sarif, cwd, work);
  if (place.sarif === undefined) delete inputs.sarif;
  else inputs.sarif = place.sarif;
  const bin = fileURLToPath(new URL('../bin.js', import.meta.url));
  // stderr is read (for the reason of an exit 2) and passed on to the log as it is.
  const run = spawnSync(process.execPath, [bin, ...scanArgs(inputs, files)], { cwd, env: { ...env, CI: 'true' }, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.stderr) process.stderr.write(run.stderr);
  // 0 and 1 are the scan's answers (1: errors found), but only with its report: a crash at start-up (a missing
  // module, an uncaught error) also exits 1.
  const report = run.status === 0 || run.status === 1 ? readReport(files.json) : undefined;
  if (report === undefined) {
    const how = run.error ? `could not start (${run.error.message})` : run.signal ? `was killed by ${run.signal}` : `exited with ${run.status}`;
    const said = run.status === 2 ? scanFailure(run.stderr ?? '') : undefined;
    if (said) return toolFailure(env, `The scan ${how} without writing its report: ${said.message}`, said.kind);
    return toolFailure(env, `The scan ${how} without writing its report.`, 'crash');
  }
  // The verdict comes first: GitHub shows the first annotations of a level, and this one must be among them.
  const failing = fails(inputs.failOn, report);
  if (failing) {
    const what = inputs.failOn === 'warning' ? `${report.summary.errors} error(s) and ${report.summary.warnings} warning(s)` : `${report.summary.errors} error(s)`;
    process.stdout.write(`::error title=collab-migrate::${what} (fail-on: ${inputs.failOn}).\n`);
  }
  if (place.note) process.stdout.write(`::warning title=collab-migrate::${escapeData(place.note)}\n`);
  const capped = capAnnotations(existsSync(files.annotations) ? readFileSync(files.annotations, 'utf8') : '', inputs.maxAnnotations, failing ? 1 : 0, place.note ? 1 : 0);
  if (capped.lines.length > 0) process.stdout.write(capped.lines.join('\n') + '\n');
  const outputs: Record<string, string> = {
    errors: String(report.summary.errors),
    warnings: String(report.summary.warnings),
    'next-effective-date': report.summary.nextEffective ?? '',
    sarif: inputs.sarif ? path.resolve(cwd, inputs.sarif) : '',
    'sarif-category': inputs.sarifCategory,
    report: files.json,
    failed: 'false',
  };
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, Object.entries(outputs).map(([k, v]) => `${k}=${v}\n`).join(''));
  const moved = place.note ? `\n**SARIF:** ${escapeMarkdown(place.note)}\n` : '';
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, (existsSync(files.markdown) ? readFileSync(files.markdown, 'utf8') : '') + moved + reportNote(capped, files.json));
  return failing ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
