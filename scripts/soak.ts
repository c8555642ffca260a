/**
 * Real-repository soak (issue 7 item 5): `npm run soak -- <path> [<path>...]` (or SOAK_REPO=<path>).
 *
 * For each repository: copies it to a temporary directory (without .git and node_modules), then runs the built CLI
 * on the copy three times: a scan (`--before 2099-12-31 --format json --no-progress`), `--fix --allow-dirty`, and
 * `--fix` again. Checks: no crash (exit code 0 or 1 only), every file the fix changed still parses, the second fix
 * run changes nothing, and the TypeScript diagnostics count of the project (when it has a tsconfig.json) did not
 * increase. Prints a summary (files, findings, fixes, failures, timings); exits 1 when a check fails.
 *
 * Then, once, two hostile cases on generated trees (no repository needed), each repeated:
 * - kill: `--fix` is killed with SIGKILL while it writes; every file must be as it was or as fixed, and the
 *   next `--fix` must remove the temporary files the killed run left and fix the rest;
 * - race: another writer appends to a file the moment a temporary file of `--fix` appears beside it; every
 *   edit it made must be in the file afterwards (the fix is refused, or the edit kept after it);
 * - saves: editor-style saves (rename path), appends to hard-linked files (in-place path), and writes through a
 *   descriptor opened before the tool replaced the file and made after it moved on (put back at the settle point);
 * and once: 100,000 empty files beside one finding are one line of the text report (issue 19, item 16).
 *
 * Options: --keep (leave the copy for inspection), --no-typecheck (skip the diagnostics count: large projects),
 * --cli <file> (another CLI entry), --before <date> (default 2099-12-31), --rounds <n> (hostile rounds, default 5),
 * --races-only (of the hostile cases, only the races: appends, editor-style saves, in-place appends, late writes).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, closeSync, cpSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, watch, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { fileLanguage } from '../engine/analyze.js';
import { checkSyntax } from '../engine/fix/edits.js';

interface Options {
  repos: string[];
  keep: boolean;
  typecheck: boolean;
  cli: string;
  before: string;
  rounds: number;
  racesOnly: boolean;
}

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  stdout: string;
  stderr: string;
}

interface JsonReport {
  findings?: { noticeId: string; fixable?: boolean }[];
  files?: { file: string; outcome: string; fixed?: number; reason?: string }[];
  summary?: { errors?: number; warnings?: number; fixable?: number; fixed?: number; filesScanned?: number; filesSkipped?: number };
}

interface SoakResult {
  repo: string;
  files: number;
  findings: number;
  fixable: number;
  byNotice: Record<string, number>;
  filesChanged: number;
  fixesApplied: number | undefined;
  fixFailedFiles: string[];
  diagnosticsBefore?: number;
  diagnosticsAfter?: number;
  timings: Record<string, number>;
  failures: string[];
}

const DEFAULT_CLI = fileURLToPath(new URL('../cli/bin.js', import.meta.url));

function parseArgs(argv: string[]): Options {
  const opts: Options = { repos: [], keep: false, typecheck: true, cli: DEFAULT_CLI, before: '2099-12-31', rounds: 5, racesOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--keep') opts.keep = true;
    else if (a === '--no-typecheck') opts.typecheck = false;
    else if (a === '--cli') opts.cli = resolve(argv[++i]);
    else if (a === '--before') opts.before = argv[++i];
    else if (a === '--rounds') opts.rounds = Number(argv[++i]);
    else if (a === '--races-only') opts.racesOnly = true;
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else opts.repos.push(resolve(a));
  }
  if (opts.repos.length === 0 && process.env.SOAK_REPO) opts.repos.push(...process.env.SOAK_REPO.split(',').map((p) => resolve(p)));
  if (!Number.isInteger(opts.rounds) || opts.rounds < 1) throw new Error('--rounds takes a whole number of rounds (1 or more)');
  if (opts.repos.length === 0) console.error('soak: no repository given (npm run soak -- <path> [...] or SOAK_REPO=<path>): only the hostile cases run');
  return opts;
}

const SKIP_DIRS = new Set(['.git', 'node_modules']);

function copyRepo(src: string): string {
  const dest = join(mkdtempSync(join(tmpdir(), 'collab-soak-')), basename(src));
  cpSync(src, dest, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (path) => !SKIP_DIRS.has(basename(path)),
  });
  return dest;
}

/** Hashes of every file the engine reads (source and configuration), keyed by path relative to root. */
function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const st = lstatSync(path);
      if (st.isSymbolicLink()) continue;
      if (st.isDirectory()) {
        if (!SKIP_DIRS.has(name)) walk(path);
      } else if (st.isFile() && fileLanguage(path) !== 'unsupported') {
        out.set(relative(root, path).split(sep).join('/'), createHash('sha1').update(readFileSync(path)).digest('hex'));
      }
    }
  };
  walk(root);
  return out;
}

function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [file, hash] of after) if (before.get(file) !== hash) changed.push(file);
  for (const file of before.keys()) if (!after.has(file)) changed.push(`${file} (deleted)`);
  return changed.sort();
}

function runCli(cli: string, cwd: string, args: string[]): RunResult {
  const start = performance.now();
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { code: r.status, signal: r.signal, ms: performance.now() - start, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

function parseReport(run: RunResult): JsonReport | undefined {
  try {
    return JSON.parse(run.stdout) as JsonReport;
  } catch {
    return undefined;
  }
}

/** Total pre-emit diagnostics of the project(s) named by tsconfig.json at root (references followed one level). */
function typeDiagnostics(root: string): number | undefined {
  const configPath = join(root, 'tsconfig.json');
  if (!existsSync(configPath)) return undefined;
  const count = (file: string, depth: number): number => {
    const read = ts.readConfigFile(file, ts.sys.readFile);
    if (read.error) return 1;
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(file), { noEmit: true }, file);
    let total = 0;
    if (parsed.fileNames.length > 0) {
      const program = ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
      total += ts.getPreEmitDiagnostics(program).length;
    }
    if (depth === 0) {
      for (const ref of parsed.projectReferences ?? []) {
        const refFile = ts.resolveProjectReferencePath(ref);
        if (existsSync(refFile)) total += count(refFile, depth + 1);
      }
    }
    return total;
  };
  return count(configPath, 0);
}

function checkExit(name: string, run: RunResult, failures: string[]): void {
  if (run.signal || (run.code !== 0 && run.code !== 1)) {
    const tail = run.stderr.trim().split('\n').slice(-5).join(' | ');
    failures.push(`${name}: exit ${run.code ?? run.signal}${tail ? `: ${tail}` : ''}`);
  }
}

function soak(repo: string, opts: Options): SoakResult {
  const timings: Record<string, number> = {};
  const failures: string[] = [];
  let t = performance.now();
  const copy = copyRepo(repo);
  timings.copy = performance.now() - t;
  try {
    const initial = snapshot(copy);

    let diagnosticsBefore: number | undefined;
    if (opts.typecheck) {
      t = performance.now();
      diagnosticsBefore = typeDiagnostics(copy);
      timings.typecheckBefore = performance.now() - t;
    }

    const common = ['--before', opts.before, '--no-progress', '--format', 'json'];
    const scan = runCli(opts.cli, copy, [...common, '.']);
    timings.scan = scan.ms;
    checkExit('scan', scan, failures);
    const scanReport = parseReport(scan);
    if (!scanReport) failures.push('scan: output is not JSON');
    const findings = scanReport?.findings ?? [];
    const byNotice: Record<string, number> = {};
    for (const f of findings) byNotice[f.noticeId] = (byNotice[f.noticeId] ?? 0) + 1;
    if (changedFiles(initial, snapshot(copy)).length > 0) failures.push('scan modified files');

    const fix = runCli(opts.cli, copy, [...common, '--fix', '--allow-dirty', '.']);
    timings.fix = fix.ms;
    checkExit('fix', fix, failures);
    const fixReport = parseReport(fix);
    if (!fixReport) failures.push('fix: output is not JSON');
    const afterFix = snapshot(copy);
    const changed = changedFiles(initial, afterFix);
    for (const file of changed) {
      if (file.endsWith('(deleted)')) {
        failures.push(`fix deleted ${file}`);
        continue;
      }
      const before = checkSyntax(file, readFileSync(join(repo, file), 'utf8'));
      const error = checkSyntax(file, readFileSync(join(copy, file), 'utf8'));
      if (error && !before) failures.push(`fixed file no longer parses: ${file}: ${error}`);
    }
    const fixFailedFiles = (fixReport?.files ?? []).filter((f) => f.outcome === 'failed').map((f) => `${f.file}: ${f.reason ?? ''}`);

    const again = runCli(opts.cli, copy, [...common, '--fix', '--allow-dirty', '.']);
    timings.fixAgain = again.ms;
    checkExit('second fix', again, failures);
    const secondChanges = changedFiles(afterFix, snapshot(copy));
    if (secondChanges.length > 0) failures.push(`second fix changed ${secondChanges.length} file(s): ${secondChanges.slice(0, 10).join(', ')}`);

    let diagnosticsAfter: number | undefined;
    if (opts.typecheck && diagnosticsBefore !== undefined) {
      t = performance.now();
      diagnosticsAfter = typeDiagnostics(copy);
      timings.typecheckAfter = performance.now() - t;
      if (diagnosticsAfter !== undefined && diagnosticsAfter > diagnosticsBefore) {
        failures.push(`TypeScript diagnostics increased: ${diagnosticsBefore} -> ${diagnosticsAfter}`);
      }
    }

    return {
      repo,
      files: initial.size,
      findings: findings.length,
      fixable: findings.filter((f) => f.fixable).length,
      byNotice,
      filesChanged: changed.length,
      fixesApplied: fixReport?.summary?.fixed,
      fixFailedFiles,
      diagnosticsBefore,
      diagnosticsAfter,
      timings,
      failures,
    };
  } finally {
    if (opts.keep) console.error(`copy kept at ${copy}`);
    else rmSync(dirname(copy), { recursive: true, force: true });
  }
}

const seconds = (ms: number | undefined): string => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);

function print(r: SoakResult): void {
  const lines = [
    `soak: ${r.repo}`,
    `  files (source + config): ${r.files}`,
    `  findings: ${r.findings} (${r.fixable} fixable)${Object.keys(r.byNotice).length ? ': ' + Object.entries(r.byNotice).sort((a, b) => b[1] - a[1]).map(([id, n]) => `${id} ${n}`).join(', ') : ''}`,
    `  fix: ${r.fixesApplied ?? '?'} fixes applied, ${r.filesChanged} files changed, ${r.fixFailedFiles.length} files refused by the fixer`,
    ...r.fixFailedFiles.slice(0, 10).map((f) => `    refused: ${f}`),
    `  TypeScript diagnostics: ${r.diagnosticsBefore ?? '-'} before, ${r.diagnosticsAfter ?? '-'} after`,
    `  timings: copy ${seconds(r.timings.copy)}, scan ${seconds(r.timings.scan)}, fix ${seconds(r.timings.fix)}, second fix ${seconds(r.timings.fixAgain)}, typecheck ${seconds(r.timings.typecheckBefore)} + ${seconds(r.timings.typecheckAfter)}`,
    `  failures: ${r.failures.length}`,
    ...r.failures.map((f) => `    FAIL ${f}`),
  ];
  console.log(lines.join('\n'));
}

function main(opts: Options): number {
  if (!existsSync(opts.cli)) {
    console.error(`CLI not found at ${opts.cli}: run npm run build first`);
    return 2;
  }
  let failed = 0;
  for (const repo of opts.repos) {
    if (!existsSync(repo)) {
      console.error(`no such repository: ${repo}`);
      return 2;
    }
    const result = soak(repo, opts);
    print(result);
    if (result.failures.length > 0) failed++;
  }
  return failed > 0 ? 1 : 0;
}

const HEADER = "export const s = (h: Record<string, string>) => h['X-Spark-Signature'];\n";
const FIXED = HEADER.replace('X-Spark-Signature', 'x-spark-signature');
const TEMP = /^\.(.+)\.collab-migrate-\d+-[0-9a-f]{8}\.tmp$/;
/** An original moved aside for the instant of a replacement (engine/fix/writer.ts). */
const ASIDE = /^\.(.+)\.collab-migrate-\d+-[0-9a-f]{8}\.orig$/;
const OURS = (n: string): boolean => TEMP.test(n) || ASIDE.test(n);

function hostileTree(files: number): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-soak-hostile-'));
  mkdirSync(join(root, 'src'));
  for (let i = 0; i < files; i++) writeFileSync(join(root, 'src', `f${String(i).padStart(4, '0')}.ts`), HEADER);
  return root;
}

function startFix(cli: string, cwd: string): ReturnType<typeof spawn> {
  return spawn(process.execPath, [cli, '--fix', '--allow-dirty', '--concurrency', 'off', '--no-progress', '--today', '2026-11-01', '.'], { cwd, stdio: 'ignore', env: { ...process.env, CI: 'true' } });
}

const exited = (child: ReturnType<typeof spawn>): Promise<number | null> => new Promise((resolve) => child.on('close', (code) => resolve(code)));

/** SIGKILL during --fix: no file half written; the next --fix removes the temporary files and finishes. */
async function killCase(cli: string): Promise<string[]> {
  const failures: string[] = [];
  const root = hostileTree(400);
  const src = join(root, 'src');
  try {
    const child = startFix(cli, root);
    const watcher = watch(src, () => {
      watcher.close();
      child.kill('SIGKILL');
    });
    await exited(child);
    watcher.close();
    const names = readdirSync(src);
    const left = names.filter(OURS).length;
    for (const n of names.filter((x) => !OURS(x))) {
      const text = readFileSync(join(src, n), 'utf8');
      if (text !== HEADER && text !== FIXED) failures.push(`kill: ${n} is neither as it was nor as fixed`);
    }
    const again = runCli(cli, root, ['--fix', '--allow-dirty', '--no-progress', '--today', '2026-11-01', '.']);
    if (again.code !== 0) failures.push(`kill: the next --fix exited ${again.code}: ${again.stderr.trim().split('\n')[0]}`);
    const after = readdirSync(src);
    if (after.some(OURS)) failures.push(`kill: ${after.filter(OURS).length} temporary file(s) still there after the next --fix`);
    if (after.length !== 400) failures.push(`kill: ${after.length} files after the next --fix (expected 400)`);
    if (after.some((n) => !OURS(n) && readFileSync(join(src, n), 'utf8') !== FIXED)) failures.push('kill: the next --fix left files unfixed');
    if (left > 0 && !again.stderr.includes('left by an interrupted run')) failures.push('kill: the next --fix did not say it removed temporary files');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return failures;
}

/** A writer appends to each file the moment its temporary file appears: no edit may be lost. */
async function raceCase(cli: string): Promise<{ failures: string[]; edits: number }> {
  const failures: string[] = [];
  const root = hostileTree(300);
  const src = join(root, 'src');
  const made: string[] = [];
  try {
    const child = startFix(cli, root);
    const watcher = watch(src, (_event, name) => {
      const m = name ? TEMP.exec(String(name)) : null;
      if (!m) return;
      try {
        appendFileSync(join(src, m[1]), `// EDIT ${name}\n`);
        made.push(`${m[1]}\0${name}`);
      } catch {
        /* the file is being replaced: the edit was not made */
      }
    });
    await exited(child);
    watcher.close();
    for (const entry of made) {
      const [file, temp] = entry.split('\0');
      if (!readFileSync(join(src, file), 'utf8').includes(`// EDIT ${temp}`)) failures.push(`race: the edit to ${file} made while ${temp} existed was lost`);
    }
    if (readdirSync(src).some((n) => TEMP.test(n))) failures.push('race: temporary files left behind');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return { failures, edits: made.length };
}

/** 100,000 empty files beside one finding: the text report says so in one line (the JSON report lists each). */
function emptyFilesCase(cli: string): string[] {
  const failures: string[] = [];
  const root = mkdtempSync(join(tmpdir(), 'cm-soak-empty-'));
  try {
    writeFileSync(join(root, 'a.ts'), HEADER);
    for (let d = 0; d < 100; d++) {
      const dir = join(root, `d${d}`);
      mkdirSync(dir);
      for (let i = 0; i < 1000; i++) writeFileSync(join(dir, `e${i}.ts`), '');
    }
    const run = runCli(cli, root, ['--no-progress', '--today', '2026-11-01', '.']);
    if (run.code !== 1) failures.push(`empty files: exit ${run.code} (expected 1, one finding): ${run.stderr.trim().split('\n')[0]}`);
    const lines = run.stdout.split('\n').filter((l) => l.includes('empty file'));
    if (lines.length !== 1 || !lines[0].includes('100000 files: empty file')) failures.push(`empty files: ${lines.length} lines say "empty file" (expected one with the count)`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return failures;
}

/** What an editor does on save: the whole text to a temporary file, renamed over the original. */
function editorSave(file: string, text: string): void {
  const tmp = join(dirname(file), `.${basename(file)}.editor-${process.pid}.swp`);
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/**
 * Editor-style saves (and, for files written in place, appends) racing `--fix`, one per file, made the moment
 * the tool starts on that file (its temporary file appears, or the file changes): counts the saves whose text is
 * not in the file afterwards (lost) and those the report calls fixed. `inPlace`: each file has a second hard
 * link outside the tree, so the tool writes it in place.
 */
async function saveRaceCase(cli: string, inPlace: boolean, late = false): Promise<{ failures: string[]; saves: number; lost: number }> {
  const failures: string[] = [];
  const what = late ? 'late-write' : inPlace ? 'in-place' : 'rename';
  /** Late writes: the file the last descriptor was opened on (when its temporary file appeared), and the descriptor. */
  let open: { file: string; fd: number } | undefined;
  const root = hostileTree(300);
  const links = mkdtempSync(join(tmpdir(), 'cm-soak-links-'));
  const src = join(root, 'src');
  const saved = new Map<string, string>();
  try {
    if (inPlace) for (const n of readdirSync(src)) linkSync(join(src, n), join(links, n));
    const child = spawn(process.execPath, [cli, '--fix', '--allow-dirty', '--concurrency', 'off', '--no-progress', '--format', 'json', '--today', '2026-11-01', '.'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, CI: 'true' } });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const watcher = watch(src, (_event, name) => {
      const n = name ? String(name) : '';
      const target = TEMP.exec(n)?.[1] ?? (inPlace && /^f\d{4}\.ts$/.test(n) ? n : undefined);
      if (!target || saved.has(target)) return;
      const text = `${HEADER}// EDIT ${target}\n`;
      if (late) {
        // A program that opened the file before the tool replaced it, and writes to it once the tool has moved
        // on to the next file (after every check of its write): the edit reaches the replaced original.
        if (open?.file === target) return;
        if (open) {
          writeSync(open.fd, `// EDIT ${open.file}\n`);
          closeSync(open.fd);
          saved.set(open.file, `${HEADER}// EDIT ${open.file}\n`);
          open = undefined;
        }
        try {
          open = { file: target, fd: openSync(join(src, target), 'a') };
        } catch {
          /* the name was free at that instant */
        }
        return;
      }
      try {
        if (inPlace) appendFileSync(join(src, target), `// EDIT ${target}\n`);
        else editorSave(join(src, target), text);
        saved.set(target, text);
      } catch {
        /* the name was free at that instant: no save made */
      }
    });
    await exited(child);
    watcher.close();
    // The last descriptor opened is not written through: the run has ended, so no check would follow.
    if (open) closeSync(open.fd);
    let report: JsonReport | undefined;
    try {
      report = JSON.parse(out) as JsonReport;
    } catch {
      failures.push(`${what} race: no JSON report`);
    }
    const fixed = new Set((report?.files ?? []).filter((f) => f.outcome === 'fixed').map((f) => basename(f.file)));
    let lost = 0;
    for (const [file, text] of saved) {
      if (readFileSync(join(src, file), 'utf8').includes(text.slice(HEADER.length))) continue;
      lost++;
      failures.push(`${what} race: the save to ${file} was lost${fixed.has(file) ? ' and the file reported fixed' : ''}`);
    }
    const left = readdirSync(src).filter(OURS);
    if (left.length > 0) failures.push(`${what} race: ${left.length} temporary file(s) left behind`);
    if (readdirSync(src).filter((n) => /^f\d{4}\.ts$/.test(n)).length !== 300) failures.push(`${what} race: a file is missing`);
    return { failures, saves: saved.size, lost };
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(links, { recursive: true, force: true });
  }
}

/** Peak memory (MB, this run and its children) and wall time of a scan of one file. */
function boundedScan(cli: string, root: string): { code: number | null; ms: number; mb: number | undefined; stdout: string } {
  const started = Date.now();
  const time = existsSync('/usr/bin/time');
  const args = [cli, '--format', 'json', '--no-progress', '--include-generated', '--today', '2026-11-01', '.'];
  const r = time
    ? spawnSync('/usr/bin/time', ['-f', 'MAXRSS %M', process.execPath, ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30, timeout: 300_000, killSignal: 'SIGKILL', env: { ...process.env, CI: 'true' } })
    : spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30, timeout: 300_000, killSignal: 'SIGKILL', env: { ...process.env, CI: 'true' } });
  const kb = /MAXRSS (\d+)/.exec(r.stderr ?? '')?.[1];
  return { code: r.status, ms: Date.now() - started, mb: kb ? Math.round(Number(kb) / 1024) : undefined, stdout: r.stdout ?? '' };
}

/** The longest a scan of one hostile file may take, and the most memory it may use. */
const FILE_SECONDS = 60;
const FILE_MB = 1024;

/**
 * The deep and long input families of the audit: every chain shape at 100,000 (and the `a <` chain at the
 * lengths that took gigabytes or never ended), and long lines with thousands of findings. Each file is scanned
 * alone: the run must end with its report, within {@link FILE_SECONDS} and {@link FILE_MB}.
 */
function deepLongCase(cli: string): { failures: string[]; lines: string[] } {
  const failures: string[] = [];
  const lines: string[] = [];
  const n = 100_000;
  const sig = "h['X-Spark-Signature']";
  const inputs: Record<string, string> = {
    'unary minus in parens': 'const x = ' + '-('.repeat(n) + '1' + ')'.repeat(n) + ';',
    'nested templates': 'const x = ' + '`${'.repeat(n) + '1' + '}`'.repeat(n) + ';',
    'nested generics': 'type T = ' + 'A<'.repeat(n) + 'B' + '>'.repeat(n) + ';',
    'nested arrays': 'const x = ' + '['.repeat(n) + '1' + ']'.repeat(n) + ';',
    'conditional chain': 'const x = ' + 'a ? b : '.repeat(n) + 'c;',
    'assignment chain': 'a = '.repeat(n) + '1;',
    'arrow chain': 'const f = ' + '() => '.repeat(n) + '1;',
    'if chain': 'if (a) '.repeat(n) + 'x();',
    'await chain': 'async function f() { return ' + 'await '.repeat(n) + 'x; }',
    'logical or chain': 'x = ' + Array(n).fill('a').join(' ||\n') + ';',
    'member chain': 'x = a' + '\n.b'.repeat(n) + ';',
    'call chain': 'x = a' + '(\n)'.repeat(n) + ';',
    'index chain': 'x = a' + '[0]\n'.repeat(n) + ';',
    'keyof chain': 'type T = ' + 'keyof '.repeat(n) + 'A;',
    'unique chain': 'type T = ' + 'unique '.repeat(n) + 'symbol;',
    'readonly chain': 'type T = ' + 'readonly '.repeat(n) + 'A[];',
    'in chain': 'x = ' + 'a in '.repeat(n) + 'b;',
    'instanceof chain': 'x = ' + 'a instanceof '.repeat(n) + 'b;',
    'as chain': 'x = a' + ' as T'.repeat(n) + ';',
    'satisfies chain': 'x = a' + ' satisfies T'.repeat(n) + ';',
    '`a <` chain, 8,000 lines': 'const x = ' + 'a <\n'.repeat(8_000) + 'a;',
    '`a <` chain, 12,000 lines': 'const x = ' + 'a <\n'.repeat(12_000) + 'a;',
    '`a <` chain, 40,000 lines': 'const x = ' + 'a <\n'.repeat(40_000) + 'a;',
    '8,000 findings on one line': 'export const f = (h: Record<string, string>) => [' + Array(8_000).fill(sig).join(', ') + '];',
    '30,000 findings on one line': 'export const f = (h: Record<string, string>) => [' + Array(30_000).fill(sig).join(', ') + '];',
  };
  for (const [name, body] of Object.entries(inputs)) {
    const root = mkdtempSync(join(tmpdir(), 'cm-soak-deep-'));
    try {
      // The notice's tokens in every file, so each is a candidate and gets parsed.
      writeFileSync(join(root, 'a.ts'), `${HEADER}${body}\n`);
      const r = boundedScan(cli, root);
      let report: { unanalysed?: { file: string; reason: string }[]; findings?: unknown[] } | undefined;
      try {
        report = JSON.parse(r.stdout) as typeof report;
      } catch {
        /* below */
      }
      const outcome = !report ? 'no report' : report.unanalysed?.length ? `not analysed: ${report.unanalysed[0].reason}` : `${report.findings?.length ?? 0} findings`;
      lines.push(`    ${name}: exit ${r.code}, ${(r.ms / 1000).toFixed(1)} s, ${r.mb ?? '?'} MB; ${outcome.slice(0, 100)}`);
      if (!report || (r.code !== 0 && r.code !== 1)) failures.push(`deep/long: ${name}: exit ${r.code}, ${report ? 'a report' : 'no report'}`);
      if (r.ms > FILE_SECONDS * 1000) failures.push(`deep/long: ${name}: ${(r.ms / 1000).toFixed(1)} s (bound ${FILE_SECONDS} s)`);
      if (r.mb !== undefined && r.mb > FILE_MB) failures.push(`deep/long: ${name}: ${r.mb} MB (bound ${FILE_MB} MB)`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  return { failures, lines };
}

async function hostile(opts: Options): Promise<number> {
  const failures: string[] = opts.racesOnly ? [] : emptyFilesCase(opts.cli);
  let edits = 0;
  const saves = { rename: 0, inPlace: 0, late: 0, lostRename: 0, lostInPlace: 0, lostLate: 0 };
  for (let round = 0; round < opts.rounds; round++) {
    if (!opts.racesOnly) failures.push(...(await killCase(opts.cli)));
    const race = await raceCase(opts.cli);
    failures.push(...race.failures);
    edits += race.edits;
    const renamed = await saveRaceCase(opts.cli, false);
    failures.push(...renamed.failures);
    saves.rename += renamed.saves;
    saves.lostRename += renamed.lost;
    const inPlace = await saveRaceCase(opts.cli, true);
    failures.push(...inPlace.failures);
    saves.inPlace += inPlace.saves;
    saves.lostInPlace += inPlace.lost;
    const lateWrites = await saveRaceCase(opts.cli, false, true);
    failures.push(...lateWrites.failures);
    saves.late += lateWrites.saves;
    saves.lostLate += lateWrites.lost;
  }
  const deep = opts.racesOnly ? { failures: [], lines: ['    (not run: --races-only)'] } : deepLongCase(opts.cli);
  failures.push(...deep.failures);
  console.log(
    [
      `soak: hostile cases, ${opts.rounds} rounds`,
      `  kill -9 during --fix (400 files): ${opts.racesOnly ? 'not run (--races-only)' : `${opts.rounds} runs`}`,
      `  concurrent edits while --fix writes (300 files): ${edits} edits made`,
      `  editor-style saves racing --fix (300 files a round): ${saves.lostRename} of ${saves.rename} saves lost`,
      `  appends racing --fix in place (300 hard-linked files a round): ${saves.lostInPlace} of ${saves.inPlace} appends lost`,
      `  writes through a descriptor opened before --fix replaced the file, made after (300 files a round): ${saves.lostLate} of ${saves.late} lost`,
      `  100,000 empty files: ${opts.racesOnly ? 'not run (--races-only)' : 'one line in the text report'}`,
      `  deep and long inputs, one file a scan (bounds ${FILE_SECONDS} s, ${FILE_MB} MB):`,
      ...deep.lines,
      `  failures: ${failures.length}`,
      ...failures.map((f) => `    FAIL ${f}`),
    ].join('\n'),
  );
  return failures.length;
}

let options: Options | undefined;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
}
if (options) {
  const status = main(options);
  process.exitCode = status === 2 ? 2 : (await hostile(options)) > 0 || status === 1 ? 1 : 0;
}
