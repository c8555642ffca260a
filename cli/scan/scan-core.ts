/**
 * Reading and analysing the files of a scan: every file that cannot be read, is not UTF-8 text, is
 * binary or a minified bundle is skipped with a reason and the scan goes on; one that does not parse gets
 * its text-level findings and is marked unanalysed. Findings
 * get their severity for the run's dates and are checked against suppression comments.
 */
import { isAscii } from 'node:buffer';
import type { BaselineState } from '../../engine/findings/baseline.js';
import { printable } from '../../engine/read/printable.js';
import type { AnalyzeOptions } from '../../engine/analyze.js';
import { analysis } from './analysis.js';
import { PrefilterPlan, SMALL_SEARCH, urlQueryKeys, type PrefilterEntry } from '../../engine/prefilter/prefilter.js';
import { builtPrefilterEntries } from '../../engine/catalog/catalog.js';
import type { Notice as CatalogNotice } from '../../engine/types.js';
import type { LoadedCatalog } from '../../engine/catalog/catalog.js';
import { compareIds, severityOf, type DateOptions } from '../../engine/catalog/dates.js';
import type { Match, Notice } from '../../engine/types.js';
import type { FoundFile, SkippedFile } from '../walk/files.js';
import { bundleCopyKind, readText } from '../walk/read.js';
import { fingerprintAll } from '../../engine/findings/fingerprint.js';
import { hasDirectives, parseSuppressions, suppressionFor, type Suppression } from '../../engine/findings/suppressions.js';

export type ReportedSeverity = 'error' | 'warn';

/** One finding as the CLI reports it. */
export interface Finding {
  file: FoundFile;
  notice: Notice;
  match: Match;
  severity: ReportedSeverity;
  /** Stable identity across line moves (engine/findings/fingerprint.ts). */
  fingerprint: string;
  /** With `--baseline`: recorded (a warning), crossed (recorded, but its notice took effect since: an error) or new (an error). */
  baseline?: BaselineState;
  /** Set when a suppression comment covered this finding but its `until` day has passed. */
  expiredSuppression?: Suppression;
}

/** A file that was read and analysed. */
export interface ScannedFile {
  file: FoundFile;
  text: string;
  findings: Finding[];
  suppressions: Suppression[];
  /** Suppressions that suppressed at least one finding. */
  used: Set<Suppression>;
  /** Number of findings hidden by live suppressions. */
  suppressedCount: number;
  /** Why the file was not fully analysed (it does not parse): its findings are text-level ones only. */
  unanalysed?: string;
}

export interface ScanContext {
  analyze: AnalyzeOptions;
  dates: DateOptions;
  today: string;
}

export { readText } from '../walk/read.js';

/**
 * The prefilter's entries for a run's notices: from the build's catalog index when the catalog is the one it was made
 * from (engine/catalog/catalog.ts, `builtPrefilterEntries`), so that a file without any token is decided without the
 * detectors and the analysis (issue 30, item 2); else worked out from the detectors (`prefilterEntries`).
 */
export function scanPrefilterEntries(notices: readonly CatalogNotice[], catalog: LoadedCatalog): PrefilterEntry[] {
  return builtPrefilterEntries(notices, catalog) ?? analysis().prefilterEntries(notices, catalog);
}

const prefilterPlans = new WeakMap<AnalyzeOptions, { plan: PrefilterPlan; queryKeys: readonly string[] }>();

function planOf(ctx: ScanContext): { plan: PrefilterPlan; queryKeys: readonly string[] } {
  let made = prefilterPlans.get(ctx.analyze);
  if (!made) prefilterPlans.set(ctx.analyze, (made = { plan: new PrefilterPlan(scanPrefilterEntries(ctx.analyze.notices, ctx.analyze.catalog)), queryKeys: urlQueryKeys(ctx.analyze.notices) }));
  return made;
}

/** Bytes this thread has read for a scan so far (see {@link prefiltered}). */
let bytesRead = 0;

/**
 * What the prefilter says of a text this thread read, from the bytes it was decoded from (`ReadResult.bytes`,
 * cli/walk/read.ts), with the walker thread's {@link PrefilterPlan} (same notices and catalog): `present`, the tokens
 * the engine would find in the text, handed to it so it does not search again; and with `decide`, `skip` when the
 * engine would not analyse the file (the walker thread's own decision, {@link PrefilterPlan.decide}: no token of a
 * detection that may apply, no HTTP call, no `importsWhen` list that matches), so that the file is not given to it.
 * The first {@link SMALL_SEARCH} bytes of ASCII text a thread reads are searched with `includes` per token, not in the
 * bytes: a scan of a few files makes no byte tables (issue 30, item 2; a one-file scan took 25-30 M instructions more).
 * Without `decide` (or in such a small scan), `skip` only for a JavaScript or TypeScript file without any token that
 * the engine would give nothing without parsing it or reading another file ({@link PrefilterPlan.idleWithoutTokens}):
 * it is recorded as analysed with no match, without loading the analysis (issue 30, item 2).
 */
export function prefiltered(file: FoundFile, text: string, bytes: Uint8Array | undefined, ctx: ScanContext, decide: boolean): { present?: ReadonlySet<string>; skip: boolean } {
  const source = file.language === 'js' || file.language === 'ts';
  if (ctx.analyze.prefilter === false || (bytes === undefined && !source)) return { skip: false };
  if (bytes !== undefined) bytesRead += bytes.length;
  // A scan of a few files searches ASCII text with `includes` per token (no byte tables made, see SMALL_SEARCH).
  const small = bytes === undefined || (bytesRead <= SMALL_SEARCH && isAscii(bytes));
  const { plan, queryKeys } = planOf(ctx);
  if (decide && !small) {
    const { present, candidate } = plan.decide(text, file.language, bytes);
    return candidate ? { present, skip: false } : { skip: true };
  }
  const present = small ? plan.present(text, file.language) : plan.present(text, file.language, bytes);
  // A JavaScript or TypeScript file without any token that the engine would not parse: decided without loading the
  // analysis (issue 30, item 2; {@link PrefilterPlan.idleWithoutTokens}).
  if (present.size === 0 && source && plan.idleWithoutTokens(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, queryKeys)) return { present, skip: true };
  return { present, skip: false };
}

/**
 * Turns the engine's matches for one text into findings: severity for the run's dates, suppressions applied.
 * `directives`: whether the text holds suppression comments, when the caller knows already.
 */
export function toFindings(file: FoundFile, text: string, matches: readonly Match[], ctx: ScanContext, directives?: boolean): Omit<ScannedFile, 'file' | 'text'> {
  // Most files hold no suppression comment; a cheap search spares them the comment scan.
  const suppressions = (directives ?? hasDirectives(text)) ? parseSuppressions(text, (id) => ctx.analyze.catalog.get(id) !== undefined) : [];
  // Nothing to report (most files): no sorting or fingerprinting.
  if (matches.length === 0 && suppressions.length === 0) return { findings: [], suppressions, used: new Set(), suppressedCount: 0 };
  const used = new Set<Suppression>();
  const findings: Finding[] = [];
  let suppressedCount = 0;
  // Over every match in source order, so suppressing one does not renumber the fingerprints of its twins.
  const ordered = [...matches].sort((a, b) => a.range[0] - b.range[0] || compareIds(a.noticeId, b.noticeId));
  const fingerprints = fingerprintAll(text, ordered);
  for (const [i, match] of ordered.entries()) {
    const notice = ctx.analyze.catalog.get(match.noticeId);
    if (!notice || notice.status === 'informational') continue;
    const severity = severityOf(notice, ctx.dates);
    if (severity === 'off') continue;
    const effect = suppressionFor(suppressions, match.noticeId, match.loc.start.line, ctx.today);
    if (effect.state === 'suppressed') {
      used.add(effect.by);
      suppressedCount++;
      continue;
    }
    const finding: Finding = { file, notice, match, severity, fingerprint: fingerprints[i] };
    if (effect.state === 'expired') finding.expiredSuppression = effect.by;
    findings.push(finding);
  }
  findings.sort((a, b) => a.match.range[0] - b.match.range[0] || compareIds(a.notice.id, b.notice.id));
  return { findings, suppressions, used, suppressedCount };
}

/** Reads and analyses one file; a skipped file comes back as its reason. */
export function scanFile(file: FoundFile, ctx: ScanContext): ScannedFile | SkippedFile {
  const read = readText(file);
  if ('reason' in read) return { display: file.display, reason: read.reason };
  const analysed = analyzeText(file, read.text, ctx);
  if ('reason' in analysed) return { display: file.display, reason: analysed.reason };
  const scanned: ScannedFile = { file, text: read.text, ...toFindings(file, read.text, analysed.matches, ctx) };
  if (analysed.unanalysed) scanned.unanalysed = analysed.unanalysed;
  return scanned;
}

/** Why a file was not analysed when the engine threw: a parser this installation cannot run, or an internal error. */
export function analysisFailure(error: unknown): string {
  if (error instanceof analysis().ParserUnavailableError) return `no parser for it here: ${error.message}`;
  return `internal error while analysing: ${(error as Error).message}`;
}

/**
 * The engine's matches for a file's text (independent of the run's dates, so they can be cached), or why it is
 * skipped. A file that does not parse gives its text-level matches and why it was not analysed.
 */
export function analyzeText(file: FoundFile, text: string, ctx: ScanContext, present?: ReadonlySet<string>): { matches: Match[]; unanalysed?: string; dependencies?: Record<string, string> } | { reason: string } {
  let result;
  try {
    result = analysis().analyzeFile(present ? { filename: file.path, text, present } : { filename: file.path, text }, ctx.analyze);
  } catch (error) {
    return { reason: analysisFailure(error) };
  }
  const matches = file.bundleMap === undefined || result.matches.length === 0 ? result.matches : inBuild(result.matches, bundleCopyKind(file, text) === 'edited' ? EDITED_REASON : BUNDLE_REASON);
  if (result.parseError) {
    const e = result.parseError;
    // The parser quotes the source (an "Invalid character" with the character): escaped for every format.
    return { matches, unanalysed: `does not parse: ${printable(e.message)} (${e.line}:${e.column})` };
  }
  return result.dependencies ? { matches, dependencies: result.dependencies } : { matches };
}

/** Why a finding in a committed bundle that is the only copy of its code (cli/walk/generated.ts, `isOnlyCopy`) is only likely. */
export const BUNDLE_REASON = 'in a committed build whose sources the repository does not hold: change the code it is built from, then rebuild';

/**
 * Why a finding in a compiled file edited after it was compiled (cli/walk/generated.ts, `copyKind`: its literals are
 * not its source's) is only likely: the code that runs may be this file as it is, which its source's fix does not reach.
 */
export const EDITED_REASON = 'in a compiled file edited after it was compiled (its source does not hold all of its strings): if it runs as it is, change it by hand too, or carry its edits into its source and compile again';

/** The findings of such a build: likely, and never an edit (a build is rewritten by its next build, not by hand). */
function inBuild(matches: readonly Match[], reason: string): Match[] {
  return matches.map((m) => {
    const { fix: _fix, fixForm: _form, suggestions: _suggestions, ...rest } = m;
    return { ...rest, confidence: 'likely', confidenceReason: reason };
  });
}

export function isSkipped(x: ScannedFile | SkippedFile): x is SkippedFile {
  return 'reason' in x;
}
