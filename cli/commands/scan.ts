/**
 * The default command: `collab-migrate [paths..]` scans (and with `--fix` migrates) a repository.
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEFAULT_WARN_WITHIN_DAYS } from '../../engine/catalog/dates.js';
import { fileLanguage } from '../../engine/read/language.js';
import { defaultCacheLocation } from '../scan/cache-location.js';
import { confineRc, loadRc, type RcOptions } from '../config/config.js';
import { UsageError } from '../errors.js';
import { parseSize } from '../walk/files.js';
import { HTML_REPORT } from '../walk/own-files.js';
import { readFileHead } from '../../engine/read/read-file.js';
import { printable } from '../../engine/read/printable.js';
import type { Io } from '../io.js';
import { checkDate, parseWholeNumber, resolveToday, splitList } from '../config/options.js';
import { POOL_MIN_CORES } from '../scan/threads.js';
import { startWalk } from '../walk/walker.js';
import { forgetFolderMarkers } from '../../engine/project/folder-markers.js';
import type { CommandRunner } from './shared.js';
import type { ScanArgs } from './scan-options.js';
import { DEFAULT_MAX_FILE_SIZE, FORMATS, REGIONS, outputName, settingName, type Format, type NamedSetting, type ScanSettings } from '../config/settings.js';

export { DEFAULT_MAX_FILE_SIZE, FORMATS, REGIONS, type Format, type ScanSettings };
export { builder, scanCommand, type ScanArgs } from './scan-options.js';

function pick<K extends keyof RcOptions>(rc: RcOptions | undefined, key: K): RcOptions[K] | undefined {
  return rc ? rc[key] : undefined;
}

/** The most `include` (or `exclude`) patterns a run reads. */
export const MAX_GLOBS = 1000;

/** Merges flags over the configuration file over defaults, and checks every value. */
export function resolveSettings(args: ScanArgs, io: Io): ScanSettings {
  const loaded = loadRc(io.cwd);
  if (loaded) loaded.options = confineRc(loaded, io.cwd, Boolean(args.trustConfig), (line) => io.stderr.write(`collab-migrate: ${printable(line)}\n`));
  const rc = loaded?.options;
  // Values the configuration file gives are named by its key and path in messages, not by a flag the user did not type.
  const names: NonNullable<ScanSettings['names']> = {};
  if (loaded) {
    const fromFile: Array<[NamedSetting, unknown]> = [
      ['maxFileSize', args.maxFileSize],
      ['output', args.output],
      ['outputs', OUTPUT_FLAG_KEYS.some((k) => args[k] !== undefined) ? true : undefined],
      ['baseline', args.baseline],
      ['notices', args.notices],
      ['only', args.only],
      ['skip', args.skip],
      ['include', args.include],
      ['exclude', args.exclude],
    ];
    // `"only" in .collab-migraterc.json`, `"collab-migrate.only" in ../package.json` (relative to where the run starts).
    const prefix = path.basename(loaded.file) === 'package.json' ? 'collab-migrate.' : '';
    const file = path.relative(io.cwd, loaded.file) || loaded.file;
    for (const [key, flag] of fromFile) if (flag === undefined && loaded.options[key] !== undefined) names[key] = `"${prefix}${key}" in ${file}`;
  }
  const warnWithin = args.warnWithin !== undefined ? parseWholeNumber('--warn-within', args.warnWithin, 0, 'days') : (pick(rc, 'warnWithin') ?? DEFAULT_WARN_WITHIN_DAYS);
  const maxWarnings = args.maxWarnings !== undefined ? parseWholeNumber('--max-warnings', args.maxWarnings, -1, 'warnings') : (pick(rc, 'maxWarnings') ?? -1);
  const settings: ScanSettings = {
    names,
    // Everything after `--` is a path too (yargs leaves it in `_`), also names that look like options.
    paths: [...(args.paths ?? []), ...(args._ ?? []).map(String)],
    errorOnUnmatchedPattern: args.errorOnUnmatchedPattern ?? true,
    today: resolveToday(args.today, io),
    before: checkDate('--before', args.before ?? pick(rc, 'before')),
    warnWithin,
    fix: Boolean(args.fix || args.dryRun),
    dryRun: Boolean(args.dryRun),
    fixMode: args.fixMode ?? pick(rc, 'fixMode') ?? 'date',
    format: args.format ?? pick(rc, 'format') ?? 'text',
    output: args.output !== undefined ? path.resolve(io.cwd, args.output) : pick(rc, 'output'),
    outputs: resolveOutputs(args, rc, io.cwd),
    only: args.only !== undefined ? splitList(args.only) : (pick(rc, 'only') ?? []),
    skip: args.skip !== undefined ? splitList(args.skip) : (pick(rc, 'skip') ?? []),
    notices: args.notices !== undefined ? splitList(args.notices) : (pick(rc, 'notices') ?? []),
    region: args.region ?? pick(rc, 'region'),
    include: args.include !== undefined ? splitList(args.include) : (pick(rc, 'include') ?? []),
    exclude: args.exclude !== undefined ? splitList(args.exclude) : (pick(rc, 'exclude') ?? []),
    maxWarnings,
    allowDirty: Boolean(args.allowDirty),
    quiet: Boolean(args.quiet),
    progress: args.progress ?? true,
    maxFileSize: parseSize(args.maxFileSize ?? pick(rc, 'maxFileSize') ?? DEFAULT_MAX_FILE_SIZE, names.maxFileSize),
    reportUnusedSuppressions: args.reportUnusedSuppressions ?? pick(rc, 'reportUnusedSuppressions') ?? false,
    strictScopes: args.strictScopes ?? pick(rc, 'strictScopes') ?? false,
    checkSyntax: args.checkSyntax ?? pick(rc, 'checkSyntax') ?? false,
    failOnUnanalysed: args.failOnUnanalysed ?? pick(rc, 'failOnUnanalysed') ?? false,
    includeGenerated: args.includeGenerated ?? pick(rc, 'includeGenerated') ?? false,
    concurrency: parseConcurrency(args.concurrency),
  };
  if (args.cache || args.cacheLocation !== undefined) {
    settings.cacheLocation = args.cacheLocation !== undefined ? path.resolve(io.cwd, args.cacheLocation) : defaultCacheLocation(io.cwd);
  }
  if (args.color !== undefined) settings.color = args.color;
  if (args.repoName !== undefined) settings.repoName = args.repoName;
  const baseline = args.baseline !== undefined ? path.resolve(io.cwd, args.baseline) : pick(rc, 'baseline');
  if (baseline !== undefined) settings.baseline = baseline;
  if (args.baselineWrite !== undefined) settings.baselineWrite = path.resolve(io.cwd, args.baselineWrite);
  if (args.diffBase !== undefined) {
    // --fix rewrites whole files: limiting it to changed lines would leave a file half migrated.
    if (settings.fix) throw new UsageError('--diff-base limits the report to changed lines; it cannot be combined with --fix or --dry-run.');
    if (settings.baselineWrite !== undefined) throw new UsageError('--diff-base cannot be combined with --baseline-write (a baseline records every finding, not only those on changed lines).');
    settings.diffBase = args.diffBase;
  }
  const category = args.sarifCategory ?? pick(rc, 'sarifCategory');
  if (category !== undefined) settings.sarifCategory = category;
  // Every file is tested against every pattern: 100,000 of them over 200 files took 24 s (include) and over 60 s
  // (exclude), and a repository's configuration can give them.
  for (const key of ['include', 'exclude'] as const) {
    const count = settings[key].length;
    if (count > MAX_GLOBS) throw new UsageError(`${settingName(settings, key, `--${key}`)} gives ${count} patterns; at most ${MAX_GLOBS} are read (every file is tested against each).`);
  }
  const files = [settings.output, ...settings.outputs.map((o) => o.file)].filter((f): f is string => f !== undefined);
  const twice = files.find((f, i) => files.indexOf(f) !== i);
  if (twice) throw new UsageError(`Two reports would be written to ${path.relative(io.cwd, twice) || twice}: give each output its own file.`);
  return settings;
}

const OUTPUT_FLAGS: Record<Format, keyof ScanArgs> = {
  text: 'textOutput',
  json: 'jsonOutput',
  sarif: 'sarifOutput',
  github: 'githubOutput',
  markdown: 'markdownOutput',
  html: 'htmlOutput',
};
const OUTPUT_FLAG_KEYS = Object.values(OUTPUT_FLAGS);

/** `--json-output FILE` and the like (flags), else the configuration file's `outputs`. */
function resolveOutputs(args: ScanArgs, rc: RcOptions | undefined, cwd: string): ScanSettings['outputs'] {
  const fromFlags = FORMATS.flatMap((format) => {
    const value = args[OUTPUT_FLAGS[format]];
    if (value === undefined) return [];
    // A flag given twice arrives as an array; the last one wins, as for any other flag.
    const file = Array.isArray(value) ? String(value[value.length - 1]) : String(value);
    if (file === '') throw new UsageError(`--${format}-output needs a file name.`);
    return [{ format, file: path.resolve(cwd, file) }];
  });
  if (fromFlags.length > 0) return fromFlags;
  const fromRc = pick(rc, 'outputs') ?? {};
  return FORMATS.filter((f) => fromRc[f] !== undefined).map((format) => ({ format, file: fromRc[format]! }));
}

function parseConcurrency(value: string | undefined): number | 'auto' {
  if (value === undefined || value === 'auto') return 'auto';
  if (value === 'off') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`Invalid --concurrency "${value}": expected auto, off or a whole number of threads.`);
  return n;
}

/** Output files that swallow or pass on a report: always writable. */
const OUTPUT_DEVICES = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);

/** Whether a file holds a report or baseline this tool wrote (so a later run may replace it). */
function isOwnReport(file: string): boolean {
  let head: string;
  try {
    head = readFileHead(file, 64 * 1024).toString('utf8');
  } catch {
    return false;
  }
  return /"(?:tool|driver)"\s*:\s*\{\s*"name"\s*:\s*"collab-migrate"/.test(head) || /collab-migrate\/baseline\.schema\.json/.test(head) || HTML_REPORT.test(head);
}

/**
 * Refuses an output path that would lose something: a folder, a FIFO or device (the write would block),
 * and any file the scan reads (JavaScript, TypeScript, JSON, YAML, .env...: `-o src/index.ts` or
 * `-o package.json` is a typo, not a wish), also when reached through a symbolic link, unless it is a
 * report of this tool's or `--force-output` is given.
 */
function checkOutputWritable(flag: string, file: string, force: boolean, baselines: { reads?: string; writes?: string } = {}): void {
  if (OUTPUT_DEVICES.has(file)) return;
  try {
    // What the write would replace: the link's target, not the link.
    let target = path.resolve(file);
    try {
      target = realpathSync(target);
    } catch {
      /* a new file (or a dangling link, which the write would create at its target's place) */
    }
    const existing = statSync(target, { throwIfNoEntry: false });
    if (existing?.isDirectory()) throw new Error('is a folder');
    // A FIFO or device would block the write or swallow the report.
    if (existing && !existing.isFile()) throw new Error('not a regular file');
    const shown = target === path.resolve(file) ? '' : ` ${target}`;
    if (existing && !force && (fileLanguage(target) !== 'unsupported' || SCAN_READS.has(path.basename(target))) && !isOwnReport(target)) {
      throw new Error(`it is a file the scan reads${shown ? `:${shown}` : ''}; not overwritten (--force-output to replace it)`);
    }
    // A report is written into the file itself: through a second hard link it would replace a source's content (issue 28).
    if (existing && !force && existing.nlink > 1) throw new Error(`it has ${existing.nlink} hard links, and another name may be a file the scan reads; not overwritten (--force-output to replace it)`);
    // The baseline this run reads (or writes) is not a report's place, whatever its name (issue 28).
    for (const [what, baseline] of Object.entries(baselines)) {
      if (baseline !== undefined && sameTarget(baseline, target)) throw new Error(`it is the baseline this run ${what}`);
    }
    accessSync(path.dirname(target), constants.W_OK);
    if (existing) accessSync(target, constants.W_OK);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`Cannot write ${flag} ${file} (${why}).`);
  }
}

/** Files the scan reads that no language claims: a report there would change what is scanned next time. */
const SCAN_READS = new Set(['.gitignore', '.collab-migrateignore', '.collab-migraterc.json']);

/** Whether two paths name the same file (after links; a file that does not exist yet is compared by path). */
function sameTarget(a: string, b: string): boolean {
  const real = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  if (real(a) === real(b)) return true;
  const sa = statSync(a, { throwIfNoEntry: false });
  const sb = statSync(b, { throwIfNoEntry: false });
  return Boolean(sa && sb && sa.dev === sb.dev && sa.ino === sb.ino);
}

/** The most `--stdin-files` reads: a list of that size names far more files than a commit holds. */
const STDIN_LIST_MAX = 16 * 1024 * 1024;

/**
 * The text of a list piped to `--stdin-files`: UTF-8, or UTF-16 when it starts with that byte order mark (PowerShell's
 * `Out-File`, Notepad). A UTF-8 byte order mark at the start is not part of the first name; one further on is kept.
 */
function listText(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const le = Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2)));
    return le.swap16().toString('utf16le');
  }
  const text = bytes.toString('utf8');
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** The file names piped to `--stdin-files`: one a line, or NUL-separated (then names may hold line breaks). */
export async function readStdinFiles(io: Io): Promise<string[]> {
  const tooLarge = (): UsageError => new UsageError(`--stdin-files: the list on standard input is larger than ${STDIN_LIST_MAX / 1024 / 1024} MB.`);
  // Read at once where it can be (a pipe or a file: io.ts, readDescriptor); the stream reads the rest, if any.
  const read = io.readStdin?.(STDIN_LIST_MAX);
  const chunks: Buffer[] = read ? [read.bytes] : [];
  let size = read?.bytes.length ?? 0;
  if (size > STDIN_LIST_MAX) throw tooLarge();
  if (!read?.ended) {
    const input = io.stdin;
    if (!input || input.isTTY) throw new UsageError('--stdin-files reads the file names from standard input, but nothing is piped to it.');
    for await (const chunk of input) {
      const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += b.length;
      if (size > STDIN_LIST_MAX) throw tooLarge();
      chunks.push(b);
    }
  }
  const text = listText(Buffer.concat(chunks));
  const names = text.includes('\0') ? text.split('\0') : text.split(/\r?\n/);
  return names.filter((n) => n !== '');
}

export const run: CommandRunner<ScanArgs> = async (args, io) => {
  const settings = resolveSettings(args, io);
  if (args.stdinFiles) {
    const listed = await readStdinFiles(io);
    // No file staged (say): nothing to scan, rather than the whole folder the default would be.
    if (listed.length === 0 && settings.paths.length === 0) {
      if (!settings.quiet) io.stderr.write('collab-migrate: no file names on standard input; nothing scanned.\n');
      return 0;
    }
    settings.paths = [...settings.paths, ...listed];
    io.onStdinPaths?.(settings.paths);
  }
  const force = Boolean(args.forceOutput);
  // No report may take the place of the baseline read or written.
  const baselines = { reads: settings.baseline, writes: settings.baselineWrite };
  if (settings.output) checkOutputWritable(settingName(settings, 'output', '--output'), settings.output, force, baselines);
  for (const o of settings.outputs) checkOutputWritable(outputName(settings, o.format), o.file, force, baselines);
  if (settings.baselineWrite) checkOutputWritable('--baseline-write', settings.baselineWrite, force);
  // The walk starts first (in a thread of its own when there is a second core); the engine, the catalog
  // and the rest of the command load while it goes on.
  const walk = startWalk(
    {
      cwd: io.cwd,
      paths: settings.paths,
      include: settings.include,
      exclude: settings.exclude,
      maxFileSize: settings.maxFileSize,
      includeGenerated: settings.includeGenerated,
      // Only the cache needs each file's size and time before it is read.
      stat: Boolean(settings.cacheLocation),
      // The report of an earlier run (`--output report.json`) is not part of the code.
      // Nor is a baseline, whose recorded texts would be found again in it.
      leaveOut: [settings.output, ...settings.outputs.map((o) => o.file), settings.baseline, settings.baselineWrite].filter((f): f is string => f !== undefined).map((f) => path.resolve(f)),
    },
    {
      threads: settings.concurrency !== 0,
      // The walker thread reads and prefilters too when no worker pool would be used and no cache needs hashes.
      help: settings.concurrency === 'auto' && !settings.cacheLocation && availableParallelism() < POOL_MIN_CORES,
    },
  );
  try {
    const { runScan } = await import('./scan-run.js');
    return await runScan(settings, io, walk);
  } finally {
    await walk.cancel();
    // What the walk listed answers the engine's folder probes for this run only (engine/project/folder-markers.ts).
    forgetFolderMarkers();
  }
};

