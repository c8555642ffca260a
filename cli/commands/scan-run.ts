/**
 * The body of the scan command, loaded once the walk has started (see scan.ts): the engine and the
 * report modules are most of the start-up time, and they load while the walker thread works.
 */
import { printable } from '../../engine/read/printable.js';
import { closeSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import path from 'node:path';
import { analysis, holdFilesSteady, useScanRoots } from '../scan/analysis.js';
import { setJournaling } from '../../engine/project/journal.js';
import { severityOf, type DateOptions } from '../../engine/catalog/dates.js';
import type { EngineOptions, Match, Notice } from '../../engine/types.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError } from '../errors.js';
import type { SkippedFile } from '../walk/files.js';
import { isGeneratedReason } from '../walk/generated.js';
import type { BaselineOutcome } from '../scan/baseline.js';
import { cacheKey, ScanCache } from '../scan/cache.js';
import { formatter, type FormatContext } from '../report/formats/index.js';
import { detectRepository } from '../report/repository.js';
import type { Io } from '../io.js';
import { checkIds, compareNotices, openCatalog, unknownNoticeMessage } from '../config/options.js';
import { TOOL_VERSION } from '../package-info.js';
import { scanWalk } from '../scan/pool.js';
import { catalogAge, staleCatalogMessage } from '../../engine/catalog/sources.js';
import { buildReport, summaryLine, writeJson, type FileOutcome, type Report } from '../report/report.js';
import { isSkipped, scanPrefilterEntries, toFindings, type ReportedSeverity, type ScanContext, type ScannedFile } from '../scan/scan-core.js';
import type { WalkStream } from '../walk/walker.js';
import { mainThreadLoaded } from '../walk/prestart.js';
import { outputName, settingName, type ScanSettings } from '../config/settings.js';
import { lineStartName, printableLines } from '../../engine/read/printable.js';

/** Signals that stop a run: `--fix` stops between two files, a scan restores the cursor first (a closed terminal sends SIGHUP). */
const FIX_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Scans with fewer files than this show no progress bar. */
const PROGRESS_MIN_FILES = 50;

function useColor(settings: ScanSettings, io: Io): boolean {
  if (settings.color !== undefined) return settings.color;
  if (settings.output) return false;
  if ('NO_COLOR' in io.env && io.env.NO_COLOR !== '') return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== '0') return true;
  return Boolean(io.stdout.isTTY) && io.env.TERM !== 'dumb';
}

function showProgress(settings: ScanSettings, io: Io): boolean {
  // Not in CI logs, and not when stdout is piped (the output is going to another program or a file).
  return settings.progress && Boolean(io.stderr.isTTY) && Boolean(io.stdout.isTTY) && !io.env.CI;
}

/** Why a run read no file, as ESLint says for patterns that match nothing (exit 2, not "no findings"). */
function nothingScanned(settings: ScanSettings, skipped: readonly SkippedFile[]): string {
  const where = settings.paths.length ? settings.paths.join(', ') : 'the current folder';
  const include = settingName(settings, 'include', '--include');
  const exclude = settingName(settings, 'exclude', '--exclude');
  const filters = [...settings.include.map((g) => `${include} ${g}`), ...settings.exclude.map((g) => `${exclude} ${g}`)].join(' ');
  if (skipped.length === 0) {
    return `No file to scan in ${where}${filters ? ` with ${filters}` : ''}: no JavaScript, TypeScript or configuration file matched. Check the paths and globs, or pass --no-error-on-unmatched-pattern.`;
  }
  const shown = skipped.slice(0, 3).map((f) => `${f.display} (${f.reason})`).join('; ');
  const hint = !settings.includeGenerated && skipped.some((f) => isGeneratedReason(f.reason))
    ? 'Pass --include-generated to scan generated files, or --no-error-on-unmatched-pattern to accept an empty scan.'
    : 'Pass --no-error-on-unmatched-pattern to accept an empty scan.';
  return `No file to scan in ${where}: all ${skipped.length} left out: ${shown}${skipped.length > 3 ? '; ...' : ''}. ${hint}`;
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

/**
 * A run whose `--only`/`--skip` leave no notice to look for (`--only x --skip x`, `--only` an informational
 * notice, which is never looked for) is a usage error, not "No findings" (issue 28). No notice in force on the
 * run's dates is not: that is an answer.
 */
export function checkSelection(all: readonly Notice[], settings: ScanSettings): void {
  if (settings.only.length === 0 && settings.skip.length === 0) return;
  const byId = all.filter((n) => n.status !== 'informational' && (settings.only.length === 0 || settings.only.includes(n.id)) && !settings.skip.includes(n.id));
  if (byId.length > 0) return;
  const informational = settings.only.filter((id) => all.find((n) => n.id === id)?.status === 'informational');
  const why = informational.length > 0 ? ` (${informational.join(', ')} ${informational.length === 1 ? 'is' : 'are'} informational: nothing in code to find)` : '';
  const only = settings.only.length > 0 ? `${settingName(settings, 'only', '--only')} ${settings.only.join(',')}` : '';
  const skip = settings.skip.length > 0 ? `${settingName(settings, 'skip', '--skip')} ${settings.skip.join(',')}` : '';
  throw new UsageError(`No notice left to look for: ${[only, skip].filter(Boolean).join(' with ')}${why}.`);
}

/** The scan (and `--fix`) once the walk has started: catalog, notices, reading and analysis, report. */
export async function runScan(settings: ScanSettings, io: Io, walk: WalkStream): Promise<number> {
  // What each analysis read is kept only in the cache: a run without one does not record it (engine/project/journal.ts).
  const recorded = setJournaling(Boolean(settings.cacheLocation));
  // The scan reads the project's files and writes none: each imported module is checked against the disk once
  // (engine/project/modules.ts); `--fix` writes, and turns this off first.
  const steady = holdFilesSteady(true);
  try {
    return await scanAndReport(settings, io, walk);
  } finally {
    setJournaling(recorded);
    holdFilesSteady(steady);
  }
}

async function scanAndReport(settings: ScanSettings, io: Io, walk: WalkStream): Promise<number> {
  const catalog = openCatalog(settings.notices, io.cwd, settingName(settings, 'notices', '--notices'));
  checkIds(settingName(settings, 'only', '--only'), settings.only, catalog);
  checkIds(settingName(settings, 'skip', '--skip'), settings.skip, catalog);
  // Said once per run, whatever the outputs: a catalog not reviewed for a while may miss newer notices.
  const age = catalogAge(catalog.catalog.reviewed, settings.today);
  if (age.stale) io.stderr.write(`collab-migrate: ${staleCatalogMessage(age, settings.today)}\n`);

  const dates: DateOptions = { today: settings.today, warnWithinDays: settings.warnWithin };
  if (settings.before) dates.before = settings.before;
  const selected = selectNotices(catalog.notices, settings, dates);
  checkSelection(catalog.notices, settings);
  const severities = new Map<string, ReportedSeverity>(selected.map((n) => [n.id, severityOf(n, dates) === 'error' ? 'error' : 'warn']));
  // Asked of git now, so its answer is ready when the report is written.
  const repository = wantsRepository(settings) ? detectRepository(io.cwd, settings.paths, settings.repoName) : undefined;
  // The day picks each fix's form (engine/fix/timing.ts), so it is an engine option too (and part of the cache key).
  const engine: EngineOptions = { today: settings.today };
  if (settings.fixMode === 'final') engine.fixMode = 'final';
  if (settings.region) engine.region = settings.region;
  if (settings.strictScopes) engine.strictScopes = true;
  // The scanned folders: the project root of a file with no `.git` or `package.json` above it (engine/project/resolve.ts).
  engine.scanRoots = scanRootsOf(io.cwd, settings.paths);
  useScanRoots(engine.scanRoots);
  const ctx: ScanContext = { analyze: { catalog, notices: selected, engine }, dates, today: settings.today };

  if (walk.helps) walk.provideHelp(scanPrefilterEntries(selected, catalog));
  let scanned: ScannedFile[] = [];

  // The number of files grows as the walk goes on; the bar appears once there are enough to watch.
  const cliProgress = showProgress(settings, io) ? (await import('cli-progress')).default : undefined;
  let bar: InstanceType<NonNullable<typeof cliProgress>['SingleBar']> | undefined;
  let restoreCursorOn: ((signal: NodeJS.Signals) => void) | undefined;
  let done = 0;
  const cache = settings.cacheLocation ? ScanCache.open(settings.cacheLocation, cacheKey(ctx, TOOL_VERSION, { includeGenerated: settings.includeGenerated })) : undefined;
  // Everything the main thread loads at start is loaded: V8's interrupt budget may be set (cli/walk/prestart.ts).
  mainThreadLoaded();
  // The walk is stopped by the caller (scan.ts) whatever happens here.
  const { results } = await scanWalk(walk, ctx, {
    cache,
    concurrency: settings.concurrency,
    extraFiles: settings.notices.map((f) => path.resolve(io.cwd, f)),
    onFound: (count) => {
      if (!cliProgress || count < PROGRESS_MIN_FILES) return;
      if (!bar) {
        bar = new cliProgress.SingleBar({ stream: io.stderr, format: 'scanning {bar} {value}/{total} files', clearOnComplete: true, hideCursor: true }, cliProgress.Presets.shades_classic);
        // The bar hides the cursor; Ctrl-C (or a closed terminal) must not leave it hidden. Listening before the
        // bar starts, so a Ctrl-C the moment it appears is caught too.
        restoreCursorOn = (signal) => {
          bar?.stop();
          for (const other of FIX_SIGNALS) process.off(other, restoreCursorOn!);
          // Cursor shown and line wrapping back on (the bar turned both off), then ended by the same signal.
          io.stderr.write('\u001b[?25h\u001b[?7h');
          process.kill(process.pid, signal);
        };
        for (const signal of FIX_SIGNALS) process.once(signal, restoreCursorOn);
        bar.start(count, done);
      } else bar.setTotal(count);
    },
    onFile: () => {
      done++;
      bar?.increment();
    },
  });
  const skipped: SkippedFile[] = [...walk.skipped];
  for (const result of results) {
    if (isSkipped(result)) skipped.push(result);
    else if (settings.checkSyntax && doesNotParse(result, skipped)) continue;
    else scanned.push(result);
  }
  const unsaved = cache?.save();
  bar?.stop();
  // Said, not silent: without it every run reads every file again, and nothing would tell why.
  if (unsaved && !settings.quiet) io.stderr.write(`collab-migrate: the cache was not saved (${printable(cache!.file)}: ${printable(unsaved)}); the next run reads every file again.\n`);
  // The scan is over: a signal during --fix is the fix's to handle (between two files), and the files may change.
  holdFilesSteady(false);
  if (restoreCursorOn) for (const signal of FIX_SIGNALS) process.off(signal, restoreCursorOn);
  // In path order, whichever stage (walk, read, parse) left them out.
  skipped.sort((x, y) => (x.display < y.display ? -1 : x.display > y.display ? 1 : 0));
  if (scanned.length === 0 && settings.errorOnUnmatchedPattern) throw new UsageError(nothingScanned(settings, skipped));

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

  // Asked of git after the scan: the changed lines of a pull request, and only their findings count.
  // The baseline, --diff-base and --fix load their modules when the run asks for them (issue 30, item 2).
  if (settings.diffBase !== undefined) {
    const { changedLines, keepChanged } = await import('../scan/diff-base.js');
    keepChanged(scanned, changedLines(settings.diffBase, io.cwd));
  }
  const baseline = await useBaseline(settings, scanned, new Set(selected.map((n) => n.id)));
  const report = buildReport({
    ...(baseline ? { baseline } : {}),
    today: settings.today,
    catalogReviewed: catalog.catalog.reviewed,
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
    ...(repository ? { repository: await repository } : {}),
    cwd: io.cwd,
    quiet: settings.quiet,
    checkId: (id) => (catalog.get(id) ? undefined : unknownNoticeMessage(id, catalog)),
  });

  const color = useColor(settings, io);
  // The texts of files with findings only (SARIF fixes quote them): a file without any is not kept in memory
  // by the scan, and asking for its text would read it again.
  const formatContext: FormatContext = { texts: new Map(scanned.filter((s) => s.findings.length > 0).map((s) => [s.file.display, s.text])), cwd: io.cwd, color, notices: selected };
  if (settings.sarifCategory !== undefined) formatContext.category = settings.sarifCategory;
  // A JSON report written to a file is written in pieces (writeJson): never the whole text at once.
  const streamed = (format: string, file: string | undefined): boolean => format === 'json' && file !== undefined;
  let text = streamed(settings.format, settings.output) ? '' : (await formatter(settings.format))(report, formatContext);
  if (settings.dryRun && settings.format === 'text') {
    const diffs = report.files.filter((f) => f.diff).map((f) => f.diff!);
    // The diffs show the repository's text: control characters escaped, line by line (issue 28).
    if (diffs.length) text = printableLines(diffs.join('')) + '\n' + text;
  }
  const written: string[] = [];
  if (settings.output) {
    writeReport(settingName(settings, 'output', '--output'), settings.output, streamed(settings.format, settings.output) ? report : text);
    written.push(`${displayPath(settings.output, io.cwd)} (${settings.format})`);
  } else {
    io.stdout.write(text);
  }
  for (const o of settings.outputs) {
    writeReport(outputName(settings, o.format), o.file, streamed(o.format, o.file) ? report : (await formatter(o.format))(report, { ...formatContext, color: false }));
    written.push(`${displayPath(o.file, io.cwd)} (${o.format})`);
  }
  // A log shows what happened even when every report went to a file.
  if (report.baseline?.written) written.push(`baseline ${displayPath(report.baseline.file, io.cwd)} (${report.baseline.written.findings} findings, ${report.baseline.written.pruned} pruned)`);
  if (written.length > 0) io.stderr.write(`${summaryLine(report)}; wrote ${written.join(', ')}\n`);
  const toStderr = settings.format !== 'text' || Boolean(settings.output);
  if (settings.fix && toStderr && report.unanalysed.length > 0) {
    // The text report ends with this list; with another format (or --output) it is said here.
    io.stderr.write(`collab-migrate --fix could not look at ${report.unanalysed.length} file(s):\n` + report.unanalysed.map((u) => `  ${u.file}: ${u.reason}\n`).join(''));
  }
  // 128 + the signal's number, as a shell reports a process a signal ended.
  if (interrupted) return 128 + (osConstants.signals[interrupted] ?? 15);
  const { errors, warnings } = report.summary;
  if (errors > 0) return EXIT_FINDINGS;
  if (settings.failOnUnanalysed && report.summary.unanalysed > 0) {
    if (!toStderr) io.stderr.write(`collab-migrate could not analyse ${report.summary.unanalysed} file(s) (--fail-on-unanalysed).\n`);
    return EXIT_FINDINGS;
  }
  // As ESLint: --quiet hides warnings from the report, but --max-warnings still counts them.
  if (settings.maxWarnings >= 0 && warnings > settings.maxWarnings) {
    io.stderr.write(`collab-migrate found too many warnings (maximum: ${settings.maxWarnings}${settings.quiet ? `; ${warnings} not shown, --quiet` : ''}).\n`);
    return EXIT_FINDINGS;
  }
  return EXIT_OK;
};

/** The formats that show which repository a report is about (the organisation view merges JSON reports). */
function wantsRepository(settings: ScanSettings): boolean {
  const shows = (f: string): boolean => f === 'json' || f === 'html' || f === 'markdown';
  return settings.repoName !== undefined || shows(settings.format) || settings.outputs.some((o) => shows(o.format));
}

/** `--baseline-write` records this run's findings (then applies them); `--baseline` applies a recorded file. */
async function useBaseline(settings: ScanSettings, scanned: readonly ScannedFile[], selected: ReadonlySet<string>): Promise<BaselineOutcome | undefined> {
  if (!settings.baselineWrite && !settings.baseline) return undefined;
  const { applyBaseline, nextBaseline, readBaseline, writeBaseline } = await import('../scan/baseline.js');
  if (settings.baselineWrite) {
    const file = settings.baselineWrite;
    const { baseline, pruned } = nextBaseline(file, readBaseline(file, true), scanned, selected, settings.today);
    writeBaseline(file, baseline);
    const outcome = applyBaseline(file, baseline, scanned, settings.today, selected);
    outcome.written = { findings: baseline.findings.length, pruned };
    return outcome;
  }
  if (settings.baseline) {
    const outcome = applyBaseline(settings.baseline, readBaseline(settings.baseline, false, settingName(settings, 'baseline', '--baseline')), scanned, settings.today, selected);
    // Findings on unchanged lines were left out, not resolved.
    if (settings.diffBase !== undefined) outcome.resolved = [];
    return outcome;
  }
  return undefined;
}

/** Writes a report's text, or a report as JSON in pieces ({@link writeJson}). */
function writeReport(flag: string, file: string, text: string | Report): void {
  try {
    if (typeof text === 'string') writeFileSync(file, text);
    else {
      const fd = openSync(file, 'w');
      try {
        writeJson(text, (piece) => {
          const bytes = Buffer.from(piece);
          for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
        });
      } finally {
        closeSync(fd);
      }
    }
  } catch (error) {
    throw new UsageError(`Cannot write ${flag} ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
}

function displayPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
}

/**
 * `--check-syntax`: a JS/TS file the prefilter ruled out was never parsed. Files with findings or
 * suppressions were parsed (a parse error would have skipped them), so only the others are parsed here;
 * one that does not parse is added to `skipped`.
 */
function doesNotParse(s: ScannedFile, skipped: SkippedFile[]): boolean {
  if (s.file.language === 'config' || s.findings.length > 0 || s.suppressedCount > 0 || s.unanalysed) return false;
  const error = analysis().checkSyntax(s.file.path, s.text);
  if (error === undefined) return false;
  skipped.push({ display: s.file.display, reason: `does not parse: ${printable(error)}` });
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
  const [{ dirtyFiles, filesOutsideGit, migrate, renameCompanions }, { cleanupTempFiles, removeStaleTempFiles, settleWrites, writeIfUnchanged }] = await Promise.all([
    import('../../engine/fix/migrate.js'),
    import('../../engine/fix/writer.js'),
  ]);
  // Every file with findings: a project-wide rename may fix a finding that has no autofix of its own. Not a committed
  // bundle scanned as the only copy of its code (cli/walk/generated.ts, `isOnlyCopy`): its next build rewrites it.
  // With them, the scanned source files that name a property a fix renames (a declaration in a file with no finding
  // is renamed with its uses, so a typed project still compiles).
  const withFindings = scanned.filter((s) => s.findings.length > 0 && s.file.bundleMap === undefined);
  const sourceOf = (s: ScannedFile): { filename: string; text: string } => ({ filename: s.file.path, text: s.text });
  const others = scanned.filter((s) => s.findings.length === 0 && s.file.bundleMap === undefined && (s.file.language === 'ts' || s.file.language === 'js') && !s.unanalysed);
  const companions = new Set(renameCompanions(withFindings.map(sourceOf), others.map(sourceOf), ctx.analyze.notices).map((f) => f.filename));
  const candidates = [...withFindings, ...others.filter((s) => companions.has(s.file.path))];
  const migrations = await migrate(
    candidates.map(sourceOf),
    { ...ctx.analyze, root: io.cwd, today: ctx.today },
  );
  const byPath = new Map(migrations.map((m) => [m.filename, m]));
  // Said once for the run: which renames were left unfixed for want of ts-morph, and how to install it (issue 27).
  const needTsMorph = migrations.filter((m) => m.needsTsMorph?.length);
  if (needTsMorph.length > 0) {
    const names = [...new Set(needTsMorph.flatMap((m) => m.needsTsMorph!))].map((n) => printable(n));
    const files = needTsMorph.length === 1 ? '1 file' : `${needTsMorph.length} files`;
    io.stderr.write(
      `collab-migrate --fix: ${names.map((n) => `\`${n}\``).join(', ')} ${names.length === 1 ? 'is' : 'are'} renamed by a notice and declared in this project's own types; renaming ${names.length === 1 ? 'it' : 'them'} in every file that uses ${names.length === 1 ? 'it' : 'them'} needs ts-morph, an optional dependency that is not installed. Those findings are left unfixed in ${files}; install it (${analysis().TS_MORPH_INSTALL}) and run --fix again.\n`,
    );
  }
  const changing = candidates.filter((s) => {
    const m = byPath.get(s.file.path);
    return m && m.after !== m.before;
  });

  if (!settings.dryRun && !settings.allowDirty) {
    const dirty = dirtyFiles(changing.map((s) => s.file.path));
    if (dirty.length > 0) {
      const names = dirty.map((d) => path.relative(io.cwd, d).split(path.sep).join('/'));
      io.stderr.write(
        `Refusing to fix: ${names.length} file${names.length === 1 ? ' has' : 's have'} uncommitted changes (commit or stash them, or use --allow-dirty):\n` +
          names.map((n) => `  ${lineStartName(n)}\n`).join(''),
      );
      return EXIT_USAGE;
    }
  }

  if (!settings.dryRun) {
    // Said before writing: without git, nothing can show or undo what --fix changes.
    const outside = filesOutsideGit(changing.map((s) => s.file.path));
    if (outside.length > 0) {
      const which = outside.length === changing.length ? `the ${outside.length === 1 ? 'file' : `${outside.length} files`} it changes ${outside.length === 1 ? 'is' : 'are'}` : `${outside.length} of the ${changing.length} files it changes are`;
      io.stderr.write(`collab-migrate --fix: ${which} not in a git repository, so there is no undo (no git diff to review the changes, no git checkout to restore them). Run --dry-run first to see the changes, or keep a copy.\n`);
    }
  }

  let fixedCount = 0;
  let interrupted = false;
  const handler = (signal: NodeJS.Signals): void => {
    interrupted = true;
    onSignal(signal);
  };
  if (!settings.dryRun) {
    for (const signal of FIX_SIGNALS) process.on(signal, handler);
    // Temporary files of a run that was killed (SIGKILL leaves no chance to remove them) go before this one writes.
    const stale = removeStaleTempFiles(changing.map((s) => path.dirname(s.file.path)));
    if (stale.length > 0) {
      io.stderr.write(`Removed ${stale.length} temporary file${stale.length === 1 ? '' : 's'} left by an interrupted run:\n${stale.map((f) => `  ${path.relative(io.cwd, f).split(path.sep).join('/')}\n`).join('')}`);
    }
  }
  const unifiedDiff = settings.dryRun ? (await import('../report/diff.js')).unifiedDiff : undefined;
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
        const diff = unifiedDiff!(s.file.display, m.before, m.after) + sharedEditNotes(s.file.display, m.fixed);
        const reason = [m.failure, ...(m.notes ?? [])].filter(Boolean).join('; ');
        outcomes.set(s.file.display, { outcome: 'would-fix', fixed: m.fixed.length, diff, ...(reason ? { reason } : {}) });
        fixedCount += m.fixed.length;
        result.push(after);
        continue;
      }
      const written = writeIfUnchanged(s.file.path, m.before, m.after);
      if (!written.ok) {
        outcomes.set(s.file.display, { outcome: 'skipped', reason: written.reason });
        result.push(s);
      } else {
        const reason = [m.failure, ...(m.notes ?? []), written.note].filter(Boolean).join('; ');
        outcomes.set(s.file.display, { outcome: 'fixed', fixed: m.fixed.length, ...(reason ? { reason } : {}) });
        fixedCount += m.fixed.length;
        result.push(after);
      }
      // Let a pending SIGINT/SIGTERM be handled between two files, never in the middle of one.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (!settings.dryRun) {
      // The settle point: an edit that reached a replaced original after its replacement is put back, and
      // that file is not fixed after all (engine/fix/writer.ts).
      const undone = new Map(settleWrites().map((u) => [u.file, u.reason]));
      if (undone.size > 0) {
        for (let i = 0; i < result.length; i++) {
          const reason = undone.get(result[i].file.path);
          if (reason === undefined) continue;
          const s = scanned.find((x) => x.file.path === result[i].file.path)!;
          fixedCount -= outcomes.get(s.file.display)?.fixed ?? 0;
          outcomes.set(s.file.display, { outcome: 'skipped', reason });
          result[i] = s;
        }
      }
    }
  } finally {
    if (!settings.dryRun) {
      for (const signal of FIX_SIGNALS) process.off(signal, handler);
      cleanupTempFiles();
    }
  }
  return { scanned: result, fixedCount };
}


/**
 * For each applied edit in code several calls share (a wrapper's headers), the calls it changes: a dry run
 * shows what else an edit there touches before it is written.
 */
function sharedEditNotes(display: string, fixed: readonly Match[]): string {
  const lines: string[] = [];
  for (const m of fixed) {
    if (!m.affects || m.affects.length === 0) continue;
    const calls = m.affects.map((a) => `${a.file ? printable(path.posix.join(path.posix.dirname(display.split(path.sep).join('/')), a.file)) : display}:${a.line}:${a.column + 1}${a.method ? ` (${a.method})` : ' (method not known)'}`);
    lines.push(`shared code: the edit at ${display}:${m.loc.start.line} (${m.noticeId}) changes ${m.affects.length} call${m.affects.length === 1 ? '' : 's'}:`, ...calls.map((c) => `  ${c}`));
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/**
 * The folders a scan's paths name, absolute: a folder, a file's folder, a pattern's folder before its first wildcard;
 * the working folder when no path is given.
 */
export function scanRootsOf(cwd: string, paths: readonly string[]): string[] {
  if (paths.length === 0) return [path.resolve(cwd)];
  return paths.map((p) => {
    const literal = p.split(/[*?[{]/)[0];
    const abs = path.resolve(cwd, literal === p ? p : path.dirname(`${literal}x`));
    return statSync(abs, { throwIfNoEntry: false })?.isDirectory() ? abs : path.dirname(abs);
  });
}
