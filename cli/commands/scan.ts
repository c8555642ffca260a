/**
 * The default command: `collab-migrate [paths..]` scans (and with `--fix` migrates) a repository.
 */
import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { DEFAULT_WARN_WITHIN_DAYS, severityOf, type DateOptions } from '../../engine/dates.js';
import { fileLanguage, prefilterEntries } from '../../engine/analyze.js';
import { availableParallelism } from 'node:os';
import { checkSyntax } from '../../engine/edits.js';
import type { Notice, Region } from '../../engine/types.js';
import { loadRc, type RcOptions } from '../config.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError } from '../errors.js';
import { parseSize, type SkippedFile } from '../files.js';
import { dirtyFiles, migrate } from '../fix.js';
import { formatGithub } from '../formats/github.js';
import { formatSarif } from '../formats/sarif.js';
import { formatText } from '../formats/text.js';
import type { Io } from '../io.js';
import { checkDate, checkIds, compareNotices, openCatalog, resolveToday, splitList, unknownNoticeMessage } from '../options.js';
import { buildReport, toJson, type FileOutcome, type Report } from '../report.js';
import { cacheKey, defaultCacheLocation, ScanCache } from '../cache.js';
import { TOOL_VERSION } from '../package-info.js';
import { POOL_MIN_CORES, POOL_MIN_FILES, scanWalk } from '../pool.js';
import { startWalk } from '../walker.js';
import { isSkipped, toFindings, type ReportedSeverity, type ScanContext, type ScannedFile } from '../scan-core.js';
import { cleanupTempFiles, writeIfUnchanged } from '../writer.js';
import type { CommandRunner, GlobalArgs } from './shared.js';

export const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type Format = (typeof FORMATS)[number];
export const REGIONS = ['us', 'eu', 'in', 'au'] as const;
export const DEFAULT_MAX_FILE_SIZE = '2mb';
/** Scans with fewer files than this show no progress bar. */
const PROGRESS_MIN_FILES = 50;

export interface ScanArgs extends GlobalArgs {
  paths?: string[];
  before?: string;
  today?: string;
  warnWithin?: number;
  fix?: boolean;
  dryRun?: boolean;
  format?: Format;
  output?: string;
  only?: string | string[];
  skip?: string | string[];
  region?: Region;
  include?: string | string[];
  exclude?: string | string[];
  maxWarnings?: number;
  allowDirty?: boolean;
  quiet?: boolean;
  progress?: boolean;
  maxFileSize?: string;
  reportUnusedSuppressions?: boolean;
  strictScopes?: boolean;
  checkSyntax?: boolean;
  cache?: boolean;
  cacheLocation?: string;
  concurrency?: string;
}

/** The options of one run after flags, configuration file and defaults are merged (flags win). */
export interface ScanSettings {
  paths: string[];
  today: string;
  before?: string;
  warnWithin: number;
  fix: boolean;
  dryRun: boolean;
  format: Format;
  output?: string;
  only: string[];
  skip: string[];
  notices: string[];
  region?: Region;
  include: string[];
  exclude: string[];
  maxWarnings: number;
  allowDirty: boolean;
  quiet: boolean;
  progress: boolean;
  color?: boolean;
  maxFileSize: number;
  reportUnusedSuppressions: boolean;
  strictScopes: boolean;
  /** Parse every JS/TS file, also those without any notice token, and list the ones that do not parse. */
  checkSyntax: boolean;
  /** Result cache folder (`--cache`), absolute; undefined without `--cache`. */
  cacheLocation?: string;
  /** Worker threads besides the main thread: `auto`, or a number (0 scans in one thread). */
  concurrency: number | 'auto';
}

export function builder(y: Argv<GlobalArgs>): Argv<ScanArgs> {
  return y
    .positional('paths', { describe: 'Files or folders to scan (default: the current folder)', type: 'string', array: true })
    .option('before', { describe: 'Migrate everything effective on or before this day (YYYY-MM-DD)', type: 'string', group: 'Dates:' })
    .option('today', { describe: 'The day to compute severities for (default: today, or $COLLAB_MIGRATE_TODAY)', type: 'string', group: 'Dates:' })
    .option('warn-within', { describe: `Warn about notices effective within this many days (default ${DEFAULT_WARN_WITHIN_DAYS})`, type: 'number', group: 'Dates:' })
    .option('fix', { describe: 'Apply the autofixes', type: 'boolean', group: 'Fixing:' })
    .option('dry-run', { describe: 'Print the fixes as a unified diff and write nothing (implies --fix)', type: 'boolean', group: 'Fixing:' })
    .option('allow-dirty', { describe: 'Let --fix modify files with uncommitted changes', type: 'boolean', group: 'Fixing:' })
    .option('format', { alias: 'f', describe: 'Output format', choices: FORMATS, group: 'Output:' })
    .option('output', { alias: 'o', describe: 'Write the report to a file', type: 'string', group: 'Output:' })
    .option('quiet', { describe: 'Report errors only', type: 'boolean', group: 'Output:' })
    .option('max-warnings', { describe: 'Exit 1 when there are more warnings than this', type: 'number', group: 'Output:' })
    .option('progress', { describe: 'Progress bar on a terminal (--no-progress to hide)', type: 'boolean', group: 'Output:' })
    .option('report-unused-suppressions', { describe: 'List suppression comments that matched nothing', type: 'boolean', group: 'Output:' })
    .option('only', { describe: 'Only these notice ids (comma-separated or repeated)', type: 'string', group: 'Notices:' })
    .option('skip', { describe: 'Skip these notice ids', type: 'string', group: 'Notices:' })
    .option('region', { describe: 'Region for detailed call history hosts', choices: REGIONS, group: 'Notices:' })
    .option('strict-scopes', { describe: 'Also report well-formed but unlisted OAuth scopes', type: 'boolean', group: 'Notices:' })
    .option('include', { describe: 'Only files matching this glob (gitignore syntax; repeatable)', type: 'string', group: 'Files:' })
    .option('exclude', { describe: 'Leave out files matching this glob (gitignore syntax; repeatable)', type: 'string', group: 'Files:' })
    .option('max-file-size', { describe: `Skip files larger than this (default ${DEFAULT_MAX_FILE_SIZE})`, type: 'string', group: 'Files:' })
    .option('check-syntax', {
      describe: 'Also parse files without any notice token and list those that do not parse (by default they are not parsed, as they cannot hold a finding)',
      type: 'boolean',
      group: 'Files:',
    })
    .option('cache', { describe: 'Remember results of unchanged files between runs', type: 'boolean', group: 'Speed:' })
    .option('cache-location', { describe: 'Cache folder (default node_modules/.cache/collab-migrate, or .collab-migrate-cache)', type: 'string', group: 'Speed:' })
    .option('concurrency', { describe: `Worker threads: auto (above ${POOL_MIN_FILES} files), off, or a number`, type: 'string', group: 'Speed:' }) as unknown as Argv<ScanArgs>;
}

function pick<K extends keyof RcOptions>(rc: RcOptions | undefined, key: K): RcOptions[K] | undefined {
  return rc ? rc[key] : undefined;
}

/** Merges flags over the configuration file over defaults, and checks every value. */
export function resolveSettings(args: ScanArgs, io: Io): ScanSettings {
  const rc = loadRc(io.cwd)?.options;
  const warnWithin = args.warnWithin ?? pick(rc, 'warnWithin') ?? DEFAULT_WARN_WITHIN_DAYS;
  if (!Number.isInteger(warnWithin) || warnWithin < 0) throw new UsageError(`Invalid --warn-within "${args.warnWithin}": expected a whole number of days.`);
  const maxWarnings = args.maxWarnings ?? pick(rc, 'maxWarnings') ?? -1;
  if (!Number.isInteger(maxWarnings) || maxWarnings < -1) throw new UsageError(`Invalid --max-warnings "${args.maxWarnings}": expected a whole number.`);
  const settings: ScanSettings = {
    paths: args.paths ?? [],
    today: resolveToday(args.today, io),
    before: checkDate('--before', args.before ?? pick(rc, 'before')),
    warnWithin,
    fix: Boolean(args.fix || args.dryRun),
    dryRun: Boolean(args.dryRun),
    format: args.format ?? pick(rc, 'format') ?? 'text',
    output: args.output !== undefined ? path.resolve(io.cwd, args.output) : pick(rc, 'output'),
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
    maxFileSize: parseSize(args.maxFileSize ?? pick(rc, 'maxFileSize') ?? DEFAULT_MAX_FILE_SIZE),
    reportUnusedSuppressions: args.reportUnusedSuppressions ?? pick(rc, 'reportUnusedSuppressions') ?? false,
    strictScopes: args.strictScopes ?? pick(rc, 'strictScopes') ?? false,
    checkSyntax: args.checkSyntax ?? pick(rc, 'checkSyntax') ?? false,
    concurrency: parseConcurrency(args.concurrency),
  };
  if (args.cache || args.cacheLocation !== undefined) {
    settings.cacheLocation = args.cacheLocation !== undefined ? path.resolve(io.cwd, args.cacheLocation) : defaultCacheLocation(io.cwd);
  }
  if (args.color !== undefined) settings.color = args.color;
  return settings;
}

function parseConcurrency(value: string | undefined): number | 'auto' {
  if (value === undefined || value === 'auto') return 'auto';
  if (value === 'off') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`Invalid --concurrency "${value}": expected auto, off or a whole number of threads.`);
  return n;
}

function checkOutputWritable(file: string): void {
  try {
    const existing = statSync(file, { throwIfNoEntry: false });
    if (existing?.isDirectory()) throw new Error('is a folder');
    // A FIFO or device would block the write or swallow the report.
    if (existing && !existing.isFile()) throw new Error('not a regular file');
    // A typo such as `-o src/index.ts` must not replace code with a report.
    const language = fileLanguage(file);
    if (existing && (language === 'js' || language === 'ts')) throw new Error('an existing source file; not overwritten');
    accessSync(path.dirname(file), constants.W_OK);
    if (existing) accessSync(file, constants.W_OK);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`Cannot write --output ${file} (${why}).`);
  }
}

function useColor(settings: ScanSettings, io: Io): boolean {
  if (settings.color !== undefined) return settings.color;
  if (settings.output) return false;
  if ('NO_COLOR' in io.env && io.env.NO_COLOR !== '') return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== '0') return true;
  return Boolean(io.stdout.isTTY) && io.env.TERM !== 'dumb';
}

function showProgress(settings: ScanSettings, io: Io, files: number): boolean {
  // Not in CI logs, and not when stdout is piped (the output is going to another program or a file).
  return settings.progress && Boolean(io.stderr.isTTY) && Boolean(io.stdout.isTTY) && !io.env.CI && files >= PROGRESS_MIN_FILES;
}

/** Which notices a run looks for: not informational, `--only`/`--skip`, and not `off` on the run's dates. */
export function selectNotices(all: readonly Notice[], settings: ScanSettings, dates: DateOptions): Notice[] {
  return all
    .filter((n) => n.status !== 'informational')
    .filter((n) => settings.only.length === 0 || settings.only.includes(n.id))
    .filter((n) => !settings.skip.includes(n.id))
    .filter((n) => severityOf(n, dates) !== 'off')
    .sort(compareNotices);
}

export const run: CommandRunner<ScanArgs> = async (args, io) => {
  const settings = resolveSettings(args, io);
  if (settings.output) checkOutputWritable(settings.output);
  const catalog = openCatalog(settings.notices, io.cwd);
  checkIds('--only', settings.only, catalog);
  checkIds('--skip', settings.skip, catalog);

  const dates: DateOptions = { today: settings.today, warnWithinDays: settings.warnWithin };
  if (settings.before) dates.before = settings.before;
  const selected = selectNotices(catalog.notices, settings, dates);
  const severities = new Map<string, ReportedSeverity>(selected.map((n) => [n.id, severityOf(n, dates) === 'error' ? 'error' : 'warn']));
  const engine: { region?: Region; strictScopes?: boolean } = {};
  if (settings.region) engine.region = settings.region;
  if (settings.strictScopes) engine.strictScopes = true;
  const ctx: ScanContext = { analyze: { catalog, notices: selected, engine }, dates, today: settings.today };

  const walk = startWalk(
    {
      cwd: io.cwd,
      paths: settings.paths,
      include: settings.include,
      exclude: settings.exclude,
      maxFileSize: settings.maxFileSize,
      // Only the cache needs each file's size and time before it is read.
      stat: Boolean(settings.cacheLocation),
      // The report of an earlier run (`--output report.json`) is not part of the code.
      leaveOut: settings.output ? [path.resolve(settings.output)] : [],
    },
    {
      threads: settings.concurrency !== 0,
      // The walker thread reads and prefilters too when no worker pool would be used and no cache needs hashes.
      ...(settings.concurrency === 'auto' && !settings.cacheLocation && availableParallelism() < POOL_MIN_CORES
        ? { help: prefilterEntries(selected, catalog) }
        : {}),
    },
  );
  let scanned: ScannedFile[] = [];

  // The number of files grows as the walk goes on; the bar appears once there are enough to watch.
  const cliProgress = showProgress(settings, io, PROGRESS_MIN_FILES) ? (await import('cli-progress')).default : undefined;
  let bar: InstanceType<NonNullable<typeof cliProgress>['SingleBar']> | undefined;
  let done = 0;
  const cache = settings.cacheLocation ? ScanCache.open(settings.cacheLocation, cacheKey(ctx, TOOL_VERSION)) : undefined;
  let scan;
  try {
    scan = await scanWalk(walk, ctx, {
      cache,
      concurrency: settings.concurrency,
      extraFiles: settings.notices.map((f) => path.resolve(io.cwd, f)),
      onFound: (count) => {
        if (!cliProgress || count < PROGRESS_MIN_FILES) return;
        if (!bar) {
          bar = new cliProgress.SingleBar({ stream: io.stderr, format: 'scanning {bar} {value}/{total} files', clearOnComplete: true, hideCursor: true }, cliProgress.Presets.shades_classic);
          bar.start(count, done);
        } else bar.setTotal(count);
      },
      onFile: () => {
        done++;
        bar?.increment();
      },
    });
  } finally {
    await walk.cancel();
  }
  const { results } = scan;
  const skipped: SkippedFile[] = [...walk.skipped];
  for (const result of results) {
    if (isSkipped(result)) skipped.push(result);
    else if (settings.checkSyntax && doesNotParse(result, skipped)) continue;
    else scanned.push(result);
  }
  cache?.save();
  bar?.stop();
  // In path order, whichever stage (walk, read, parse) left them out.
  skipped.sort((x, y) => (x.display < y.display ? -1 : x.display > y.display ? 1 : 0));

  let mode: Report['mode'] = 'scan';
  const outcomes = new Map<string, { outcome: FileOutcome; fixed?: number; reason?: string; diff?: string }>();
  let fixedCount = 0;
  let interrupted: NodeJS.Signals | undefined;
  if (settings.fix) {
    mode = settings.dryRun ? 'fix-dry-run' : 'fix';
    const fixed = await runFix(scanned, settings, ctx, io, outcomes, (signal) => (interrupted = signal));
    if (typeof fixed === 'number') return fixed;
    scanned = fixed.scanned;
    fixedCount = fixed.fixedCount;
  }

  const report = buildReport({
    today: settings.today,
    ...(settings.before ? { before: settings.before } : {}),
    warnWithinDays: settings.warnWithin,
    mode,
    selected,
    severities,
    scanned,
    skipped,
    outcomes,
    fixedCount,
    reportUnused: settings.reportUnusedSuppressions,
    quiet: settings.quiet,
    checkId: (id) => (catalog.get(id) ? undefined : unknownNoticeMessage(id, catalog)),
  });

  const color = useColor(settings, io);
  let text: string;
  switch (settings.format) {
    case 'json':
      text = toJson(report);
      break;
    case 'sarif':
      text = formatSarif(report, new Map(scanned.map((s) => [s.file.display, s.text])), io.cwd);
      break;
    case 'github':
      text = formatGithub(report);
      break;
    default:
      text = formatText(report, { color });
  }
  if (settings.dryRun && settings.format === 'text') {
    const diffs = report.files.filter((f) => f.diff).map((f) => f.diff!);
    if (diffs.length) text = diffs.join('') + '\n' + text;
  }
  if (settings.output) {
    try {
      writeFileSync(settings.output, text);
    } catch (error) {
      throw new UsageError(`Cannot write --output ${settings.output} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
    }
  } else {
    io.stdout.write(text);
  }
  if (interrupted) return interrupted === 'SIGINT' ? 130 : 143;
  const { errors, warnings } = report.summary;
  if (errors > 0) return EXIT_FINDINGS;
  if (!settings.quiet && settings.maxWarnings >= 0 && warnings > settings.maxWarnings) {
    if (settings.format === 'text' && !settings.output) io.stderr.write(`collab-migrate found too many warnings (maximum: ${settings.maxWarnings}).\n`);
    return EXIT_FINDINGS;
  }
  return EXIT_OK;
};

/**
 * `--check-syntax`: a JS/TS file the prefilter ruled out was never parsed. Files with findings or
 * suppressions were parsed (a parse error would have skipped them), so only the others are parsed here;
 * one that does not parse is added to `skipped`.
 */
function doesNotParse(s: ScannedFile, skipped: SkippedFile[]): boolean {
  if (s.file.language === 'config' || s.findings.length > 0 || s.suppressedCount > 0) return false;
  const error = checkSyntax(s.file.path, s.text);
  if (error === undefined) return false;
  skipped.push({ display: s.file.display, reason: `does not parse: ${error}` });
  return true;
}

/**
 * Fix mode: computes every file's migration, refuses dirty files (unless --allow-dirty), prints or writes,
 * and returns the files re-analysed after fixing, or an exit code when it refused to start.
 */
async function runFix(
  scanned: ScannedFile[],
  settings: ScanSettings,
  ctx: ScanContext,
  io: Io,
  outcomes: Map<string, { outcome: FileOutcome; fixed?: number; reason?: string; diff?: string }>,
  onSignal: (signal: NodeJS.Signals) => void,
): Promise<{ scanned: ScannedFile[]; fixedCount: number } | number> {
  // Every file with findings: a project-wide rename may fix a finding that has no autofix of its own.
  const candidates = scanned.filter((s) => s.findings.length > 0);
  const migrations = await migrate(
    candidates.map((s) => ({ filename: s.file.path, text: s.text })),
    { ...ctx.analyze, root: io.cwd, today: ctx.today },
  );
  const byPath = new Map(migrations.map((m) => [m.filename, m]));
  const changing = candidates.filter((s) => {
    const m = byPath.get(s.file.path);
    return m && m.after !== m.before;
  });

  if (!settings.dryRun && !settings.allowDirty) {
    const dirty = dirtyFiles(changing.map((s) => s.file.path), io.cwd);
    if (dirty.length > 0) {
      const names = dirty.map((d) => path.relative(io.cwd, d).split(path.sep).join('/'));
      io.stderr.write(
        `Refusing to fix: ${names.length} file${names.length === 1 ? ' has' : 's have'} uncommitted changes (commit or stash them, or use --allow-dirty):\n` +
          names.map((n) => `  ${n}\n`).join(''),
      );
      return EXIT_USAGE;
    }
  }

  let fixedCount = 0;
  let interrupted = false;
  const handler = (signal: NodeJS.Signals): void => {
    interrupted = true;
    onSignal(signal);
  };
  if (!settings.dryRun) {
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
  }
  const { createTwoFilesPatch } = settings.dryRun ? await import('diff') : { createTwoFilesPatch: undefined };
  const result: ScannedFile[] = [];
  try {
    for (const s of scanned) {
      const m = byPath.get(s.file.path);
      if (!m) {
        result.push(s);
        continue;
      }
      if (interrupted) {
        outcomes.set(s.file.display, { outcome: 'skipped', reason: 'interrupted before this file was written' });
        result.push(s);
        continue;
      }
      if (m.failure && m.after === m.before) {
        outcomes.set(s.file.display, { outcome: 'failed', reason: m.failure });
        result.push(s);
        continue;
      }
      if (m.after === m.before) {
        outcomes.set(s.file.display, { outcome: 'unchanged', ...(m.notes?.length ? { reason: m.notes.join('; ') } : {}) });
        result.push(s);
        continue;
      }
      const after = { file: s.file, text: m.after, ...toFindings(s.file, m.after, m.remaining, ctx) };
      if (settings.dryRun) {
        const diff = createTwoFilesPatch!(`a/${s.file.display}`, `b/${s.file.display}`, m.before, m.after, undefined, undefined, { context: 3 }).replace(/^=+\n/, '');
        outcomes.set(s.file.display, { outcome: 'would-fix', fixed: m.fixed.length, diff, ...(m.failure ? { reason: m.failure } : {}) });
        fixedCount += m.fixed.length;
        result.push(after);
        continue;
      }
      const written = writeIfUnchanged(s.file.path, m.before, m.after);
      if (!written.ok) {
        outcomes.set(s.file.display, { outcome: 'skipped', reason: written.reason });
        result.push(s);
      } else {
        const reason = [m.failure, ...(m.notes ?? [])].filter(Boolean).join('; ');
        outcomes.set(s.file.display, { outcome: 'fixed', fixed: m.fixed.length, ...(reason ? { reason } : {}) });
        fixedCount += m.fixed.length;
        result.push(after);
      }
      // Let a pending SIGINT/SIGTERM be handled between two files, never in the middle of one.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    if (!settings.dryRun) {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
      cleanupTempFiles();
    }
  }
  return { scanned: result, fixedCount };
}

export const scanCommand: CommandModule<GlobalArgs, ScanArgs> = {
  command: '$0 [paths..]',
  describe: 'Scan files for code affected by the change notices (and migrate it with --fix)',
  builder,
  handler: () => {
    /* replaced in cli/index.ts, which runs `run` and sets the exit code */
  },
};
