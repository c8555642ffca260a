/**
 * The driver: which detections can apply to a file (prefilter), parsing, running the interpreters and
 * turning their raw findings into {@link Match}es. Every front end (ESLint, codemods, CLI) goes through here.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import { FileContext, lineStarts, positionAt } from './parse/file-context.js';
import type { LoadedCatalog, PrefilterTable } from './catalog/catalog.js';
import { formatMessage, LIKELY_FIX_MESSAGE_ID, type Detector, type DetectorContext, type RawMatch, type TextFile, type UnparsedFile } from './detectors/detector.js';
import { stringsOnly, stringTokens } from './parse/text-tokens.js';
import { getDetector } from './detectors/index.js';
import { chooseFix } from './fix/timing.js';
import { compareIds } from './catalog/dates.js';
import { parseSource, type ParseFailure } from './parse/parse.js';
import { isPerFileAdapter, leaveDeclaredRenamesToCodemod } from './project/renames.js';
import { APPS_SCRIPT_NAME, fileLanguage, lineCommentStarts, type FileLanguage } from './read/language.js';
import { isAppsScriptSource } from './read/apps-script.js';
import { addQueryKeys, HTTP_CALL_HINT, IMPORT_HINT, mayHandUpHeaders, NAMED_MERGE_HINT, requiresMergingTokens, scannerFor, tokensWithoutRequires, type PrefilterEntry, type TokenScanner } from './prefilter/prefilter.js';
import type { EngineOptions, Match, Notice, TextEdit, TypeOracle } from './types.js';
import { assumedMatches, scopeMatches, scopeTextMatches } from './api/scoped.js';
import { literalsOf, projectOf, useScanRoots, type ProjectModel } from './project/modules.js';
import { angularClientModules, angularEnvironmentText } from './project/angular-env.js';
import { mayAssignActionHeader, storeDispatchers } from './project/store.js';
import path from 'node:path';
import { importersOfModule, instantiatingModules, sendsClassHeaders, subclassModules } from './project/context.js';

import { mayBuildUrlFromProps } from './project/props.js';
import { importsMayRequest } from './api/summaries.js';
import { groupSource, groupTokenText, isMarkupFile, scriptGroups, valueTokensSuffice, type ScriptGroup } from './read/script-blocks.js';

export type { ParseFailure } from './parse/parse.js';
export { ParserUnavailableError } from './parse/parse.js';

export { fileLanguage, type FileLanguage } from './read/language.js';

/** A file to analyse. */
export interface SourceFile {
  filename: string;
  text: string;
  /**
   * @internal The prefilter's tokens in the text, when another thread has searched it already (the CLI's
   * walker thread, with `PrefilterPlan.present` for the same notices and catalog): not searched again.
   */
  present?: ReadonlySet<string>;
}

/** What the engine needs besides the file. */
export interface AnalyzeOptions {
  catalog: LoadedCatalog;
  /** The notices to look for (already selected by date, `--only`, `--skip`). */
  notices: readonly Notice[];
  engine?: EngineOptions;
  types?: TypeOracle;
  /** @internal `false` runs every planned detection on every file (tests prove the prefilter loses nothing). */
  prefilter?: boolean;
  /**
   * `false`: names imported from other modules are not followed (the file is read alone). By default a file on
   * disk (absolute path) is analysed with the model of its project (engine/project/modules.ts).
   */
  project?: false;
}

/** The result of analysing one file. */
export interface FileAnalysisResult {
  language: FileLanguage;
  /** With `parseError`: the text-level findings (all `likely`), from the detections that need no tree. */
  matches: Match[];
  parseError?: ParseFailure;
  /** False when the prefilter ruled the file out (or it is not source), so it was never parsed. */
  parsed: boolean;
  /**
   * Other files of the project the findings depend on (a constant, client, wrapper or base class imported from
   * them), as absolute path -> sha1 of the content read; absent when none was read. A cache of this file's
   * findings is valid only while these files are unchanged.
   */
  dependencies?: Record<string, string>;
}

/** One detection of one notice, with its interpreter and prefilter tokens (lower-cased). */
export interface PlannedDetection {
  notice: Notice;
  index: number;
  detector: Detector;
  tokens: string[];
  /** A second group the file must also contain one of (lower-cased); empty when none. */
  requires: string[];
}

const plans = new WeakMap<readonly Notice[], WeakMap<LoadedCatalog, PlannedDetection[]>>();

/**
 * The detections to run for a set of notices, with their tokens. Cached per (notices, catalog) pair.
 * Throws for a detection whose kind has no interpreter (the catalog loader rejects those first).
 */
export function planDetections(notices: readonly Notice[], catalog: LoadedCatalog): PlannedDetection[] {
  let byCatalog = plans.get(notices);
  if (!byCatalog) plans.set(notices, (byCatalog = new WeakMap()));
  let plan = byCatalog.get(catalog);
  if (plan) return plan;
  plan = [];
  for (const notice of notices) {
    if (notice.status === 'informational') continue;
    notice.detections.forEach((detection, index) => {
      const detector = getDetector(detection);
      if (!detector) {
        const name = detection.kind === 'custom' ? `custom handler "${detection.handler}"` : `kind "${detection.kind}"`;
        throw new Error(`notice "${notice.id}": no interpreter for detection ${index} (${name})`);
      }
      const tokens = [...detector.tokens(detection, catalog), ...(detection.tokens ?? [])].map((t) => t.toLowerCase());
      const requires = (detector.requires?.(detection, catalog) ?? []).map((t) => t.toLowerCase());
      plan!.push({ notice, index, detector, tokens, requires });
    });
  }
  byCatalog.set(catalog, plan);
  return plan;
}

/**
 * The planned detections whose tokens occur in a text (case-insensitive); detections without tokens always
 * run. `present`: the tokens already found in the text by a scanner of the same plan (not searched again).
 */
export function candidateDetections(text: string, plan: readonly PlannedDetection[], present?: ReadonlySet<string>): readonly PlannedDetection[] {
  if (plan.length === 0) return NONE;
  const found = present ?? tokensOfPlan(text, plan);
  // Most files hold no token: then only detections that need none can run (usually none).
  if (found.size === 0) return unconditional(plan);
  const out: PlannedDetection[] = [];
  for (const p of plan) if (holdsTokens(p, found)) out.push(p);
  return out;
}

/**
 * engine/prefilter's `mayApply` for tokens found in a set (or in either of two), in plain loops. The per-file decision
 * runs on a few hundred files in an ESLint run, where `mayApply(p, (t) => found.has(t))` and the other small closures
 * it called per detection were each compiled by V8's optimizing compiler, with what they inline, for more instructions
 * than all their calls took (issue 30, item 4: ~170 M of V8's compiles in the plugin's functions on the SDK's 172 files).
 */
function holdsTokens(p: Pick<PrefilterEntry, 'tokens' | 'requires'>, found: ReadonlySet<string>, also?: ReadonlySet<string>): boolean {
  return (p.tokens.length === 0 || anyIn(p.tokens, found, also)) && (p.requires.length === 0 || anyIn(p.requires, found, also));
}

/** Whether a set holds one of the tokens (or `also` does). */
function anyIn(tokens: readonly string[], found: ReadonlySet<string>, also?: ReadonlySet<string>): boolean {
  for (let i = 0; i < tokens.length; i++) if (found.has(tokens[i]!) || (also !== undefined && also.has(tokens[i]!))) return true;
  return false;
}

/**
 * The tokens of a plan's detections (their own and their `requires`) that occur in a text. `anySpelling`: an object
 * token (prefilter's `objectToken`) counts wherever its text occurs (a markup page's whole text).
 */
function tokensOfPlan(text: string, plan: readonly PlannedDetection[], anySpelling = false): ReadonlySet<string> {
  return scannerFor(plan, () => plan.map((p) => [...p.tokens, ...p.requires])).present(text, anySpelling);
}

const NONE: readonly PlannedDetection[] = Object.freeze([]);
const unconditionals = new WeakMap<readonly PlannedDetection[], readonly PlannedDetection[]>();

/** The detections of a plan that need no token at all (shared and frozen: the no-token path allocates nothing). */
function unconditional(plan: readonly PlannedDetection[]): readonly PlannedDetection[] {
  let list = unconditionals.get(plan);
  if (!list) unconditionals.set(plan, (list = Object.freeze(plan.filter((p) => p.tokens.length === 0 && p.requires.length === 0))));
  return list;
}

const configPlans = new WeakMap<readonly PlannedDetection[], readonly PlannedDetection[]>();

/**
 * The detections of a plan that read configuration files: a configuration file is searched for their
 * tokens only (the walker thread's `PrefilterPlan` does the same).
 */
function configPlan(plan: readonly PlannedDetection[]): readonly PlannedDetection[] {
  let list = configPlans.get(plan);
  if (!list) configPlans.set(plan, (list = plan.filter((p) => p.detector.detectText)));
  return list;
}

/** The prefilter's data for a set of notices, for a thread that decides without the engine ({@link PrefilterPlan}). */
export function prefilterEntries(notices: readonly Notice[], catalog: LoadedCatalog): PrefilterEntry[] {
  return planDetections(notices, catalog).map((p) => ({ tokens: p.tokens, requires: p.requires, config: Boolean(p.detector.detectText), ...(p.detector.gateReadsUrls ? { urls: p.detector.importedUrlsOnlyWhenCalling ? ('calls' as const) : true } : {}), ...(p.detector.gateReadsUrls && p.detector.importsHoldTokensWhen ? { importsWhen: p.detector.importsHoldTokensWhen } : {}), ...(p.detector.gateReadsUrls && p.detector.tokensInMergedOptions ? { merged: true as const } : {}) }));
}

/**
 * The prefilter's data of every detection of a catalog, per notice id ({@link prefilterEntries} of each notice alone, an
 * informational one none): the table the build writes into the catalog index (engine/catalog/catalog.ts, CatalogIndex),
 * so that a run decides which files hold a token without the detectors.
 */
export function prefilterTable(catalog: LoadedCatalog): PrefilterTable {
  const table: PrefilterTable = {};
  for (const notice of catalog.notices) table[notice.id] = prefilterEntries([notice], catalog);
  return table;
}

const BOM = '\uFEFF';

/** Analyses one file. Never throws for bad source: a parse failure is returned as `parseError`. */
export function analyzeFile(file: SourceFile, opts: AnalyzeOptions): FileAnalysisResult {
  useScanRoots(opts.engine?.scanRoots);
  const language = fileLanguage(file.filename);
  if (language === 'unsupported') return { language, matches: [], parsed: false };
  // A `.gs` file that is not Google Apps Script is another language: not read (engine/read/apps-script.ts).
  if (APPS_SCRIPT_NAME.test(file.filename) && !isAppsScriptSource(file.filename, file.text)) return { language: 'unsupported', matches: [], parsed: false };
  const bom = file.text.startsWith(BOM) ? 1 : 0;
  const text = bom ? file.text.slice(1) : file.text;
  const plan = planDetections(opts.notices, opts.catalog);
  if (language === 'config') {
    const config = configPlan(plan);
    const relevant = opts.prefilter === false ? config : candidateDetections(text, config, file.present);
    if (relevant.length === 0) return { language, matches: [], parsed: false };
    const matches = shift(analyzeText({ filename: file.filename, text }, relevant, opts), bom);
    return { language, matches, parsed: true };
  }
  if (language === 'html') return analyzeMarkup({ filename: file.filename, text, present: file.present }, plan, opts, bom);
  const gateReads = new Map<string, string>();
  const candidates = opts.prefilter === false ? plan : sourceCandidates(text, opts, file.present, file.filename, gateReads);
  if (candidates.length === 0) {
    const unparsed: FileAnalysisResult = { language, matches: [], parsed: false };
    if (gateReads.size > 0) unparsed.dependencies = sortedRecord(gateReads);
    return unparsed;
  }
  // A module the project model parsed for an importer already, with this very text: its tree is this file's.
  let context = opts.project === false || !path.isAbsolute(file.filename) ? undefined : projectOf(file.filename)?.parsedAs(file.filename, text);
  if (!context) {
    // The tree goes to a FileContext at once, which sets node ranges from oxc's offsets as it walks.
    const parsed = parseSource(text, file.filename, undefined, { ranges: false });
    if (!parsed.ok) {
      // No parser accepts the file: what can be found in its strings is reported as likely (no autofix).
      const textual = candidates.filter((p) => p.detector.detectUnparsed);
      const matches = textual.length ? shift(analyzeUnparsed({ filename: file.filename, text }, textual, opts), bom) : [];
      return { language, matches, parsed: true, parseError: parsed.error };
    }
    context = new FileContext(file.filename, text, parsed.ast);
  }
  const project = linkProject(context, opts);
  let matches: Match[];
  let dependencies: Map<string, string> | undefined;
  try {
    matches = runDetections(context, candidates, opts);
  } finally {
    dependencies = project?.end();
  }
  // A later analysis of a file that imports this one reads this tree rather than parsing the file again.
  project?.adoptAnalysed(context);
  const result: FileAnalysisResult = { language, matches: shift(matches, bom), parsed: true };
  for (const [k, v] of gateReads) (dependencies ??= new Map()).set(k, v);
  if (dependencies && dependencies.size > 0) result.dependencies = sortedRecord(dependencies);
  return result;
}

/**
 * A markup file (HTML page, Vue or Svelte component): each group of its inline script blocks is analysed as a
 * source file whose text is the markup with everything else blanked (engine/read/script-blocks.ts), so offsets,
 * lines and columns are the markup file's. A group that does not parse makes the file's `parseError` (the first
 * such group's, its line in the markup file), with the text-level findings of that group; the other groups are
 * analysed as usual.
 */
function analyzeMarkup(file: SourceFile, plan: readonly PlannedDetection[], opts: AnalyzeOptions, bom: number): FileAnalysisResult {
  const language: FileLanguage = 'html';
  // The walker's decision on the whole text (markup included): no token and no HTTP call, no script of it can match.
  if (opts.prefilter !== false && candidateDetections(file.text, plan, file.present ?? tokensOfPlan(file.text, plan, true)).length === 0 && !HTTP_CALL_HINT.test(file.text)) return { language, matches: [], parsed: false };
  const gateReads = new Map<string, string>();
  const matches: Match[] = [];
  let parseError: ParseFailure | undefined;
  let parsed = false;
  let dependencies: Map<string, string> | undefined;
  for (const group of scriptGroups(file.text, file.filename)) {
    // The values' group: its tokens are those of the values alone, searched once here (see valueTokensHold).
    const source = opts.prefilter === false ? undefined : groupSource(file.text, group);
    const valueTokens = source !== undefined && group.markup && valueTokensHold(plan) ? tokensOfPlan(source, plan) : undefined;
    if (source !== undefined && !mayBeCandidate(source, plan, valueTokens)) continue;
    const candidates = opts.prefilter === false ? plan : sourceCandidates(group.text, opts, valueTokens ?? groupTokens(file.text, group, plan), file.filename, gateReads);
    if (candidates.length === 0) continue;
    parsed = true;
    const tree = parseSource(group.text, group.parseName, undefined, { ranges: false });
    if (!tree.ok) {
      parseError ??= { ...tree.error, message: `script block at line ${tree.error.line}: ${tree.error.message}` };
      const textual = candidates.filter((p) => p.detector.detectUnparsed);
      if (textual.length) matches.push(...analyzeUnparsed({ filename: file.filename, text: group.text }, textual, opts));
      continue;
    }
    const context = new FileContext(file.filename, group.text, tree.ast);
    const project = linkProject(context, opts);
    try {
      matches.push(...runDetections(context, candidates, opts));
    } finally {
      for (const [k, v] of project?.end() ?? []) (dependencies ??= new Map()).set(k, v);
    }
  }
  const result: FileAnalysisResult = { language, matches: shift(dedupe(matches), bom), parsed };
  if (parseError) result.parseError = parseError;
  for (const [k, v] of gateReads) (dependencies ??= new Map()).set(k, v);
  if (dependencies && dependencies.size > 0) result.dependencies = sortedRecord(dependencies);
  return result;
}

const tokenReaches = new WeakMap<TokenScanner, number | undefined>();
const valueTokenPlans = new WeakMap<TokenScanner, boolean>();

/**
 * Whether the plan's tokens in a markup values' group are those of its values alone ({@link valueTokensSuffice} in
 * engine/read/script-blocks.ts): then the values, searched for {@link mayBeCandidate} anyway, give the tokens, and the
 * cut blanked text of {@link groupTokens} is not made (the SDK's 2 MB API docs page: its 5,193 links searched once).
 */
function valueTokensHold(plan: readonly PlannedDetection[]): boolean {
  if (plan.length === 0) return false;
  const scanner = scannerFor(plan, () => plan.map((p) => [...p.tokens, ...p.requires]));
  let holds = valueTokenPlans.get(scanner);
  if (holds === undefined) valueTokenPlans.set(scanner, (holds = valueTokensSuffice(scanner.tokens)));
  return holds;
}

/**
 * The plan's tokens in a markup group's blanked text, searched in the shorter text of {@link groupTokenText} (the
 * same answer: no token is longer than the characters it keeps around each block); undefined when some token is
 * only blank characters (then the blanked text itself is searched).
 */
function groupTokens(text: string, group: ScriptGroup, plan: readonly PlannedDetection[]): ReadonlySet<string> | undefined {
  if (plan.length === 0) return undefined;
  const scanner = scannerFor(plan, () => plan.map((p) => [...p.tokens, ...p.requires]));
  if (!tokenReaches.has(scanner)) tokenReaches.set(scanner, scanner.tokens.some((t) => /^[ ;\n\r\u2028\u2029]*$/.test(t)) ? undefined : Math.max(1, ...scanner.tokens.map((t) => t.length)));
  const keep = tokenReaches.get(scanner);
  return keep === undefined ? undefined : scanner.present(groupTokenText(text, group, keep));
}

/**
 * Whether {@link sourceCandidates} can choose anything for a text: a detection's tokens, an HTTP call, or an import
 * and a detection's own tokens without its `requires` (the walker thread's `PrefilterPlan.needsAnalysis`). Read on a
 * script block's own text, so the blanked copy of the page is made only for a block that may hold a finding.
 */
function mayBeCandidate(text: string, plan: readonly PlannedDetection[], tokens?: ReadonlySet<string>): boolean {
  if (plan.length === 0) return false;
  if (HTTP_CALL_HINT.test(text)) return true;
  const found = tokens ?? tokensOfPlan(text, plan);
  if (candidateDetections(text, plan, found).length > 0) return true;
  const has = (t: string): boolean => found.has(t);
  return IMPORT_HINT.test(text) && plan.some((p) => tokensWithoutRequires(p, has) || importsHoldTokens(p, text) || (p.detector.gateReadsUrls === true && p.detector.tokensInMergedOptions === true && requiresMergingTokens(p, has, text)));
}

/**
 * Whether the engine reads a group of a markup file's (engine/read/script-blocks.ts) with these notices: what
 * {@link analyzeFile} decides before it makes the group's blanked copy. The ESLint processor hands ESLint a
 * markup group (the page's attribute values) only when this holds, so a page whose links name no API is not parsed.
 */
export function markupGroupMayMatch(text: string, group: ScriptGroup, notices: readonly Notice[], catalog: LoadedCatalog): boolean {
  return mayBeCandidate(groupSource(text, group), planDetections(notices, catalog));
}

function sortedRecord(map: ReadonlyMap<string, string>): Record<string, string> {
  return Object.fromEntries([...map].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
}

/** Links a parsed file to its project's module graph (engine/project/), so imported names are followed; the model used, if any. */
function linkProject(context: FileContext, opts: AnalyzeOptions): ProjectModel | undefined {
  if (opts.project === false) return undefined;
  const project = projectOf(context.filename);
  if (!project) return undefined;
  context.links = project;
  project.begin();
  return project;
}

/**
 * Runs the given notices over an already parsed file (the ESLint adapter's entry). `decided`: the detections
 * {@link sourceCandidates} chose for this file already (the ESLint plugin decides once per file for all its
 * rules and hands each rule its own share), so the text is not searched and no import followed again.
 */
export function analyzeContext(context: FileContext, opts: AnalyzeOptions, decided?: readonly PlannedDetection[]): Match[] {
  useScanRoots(opts.engine?.scanRoots);
  const candidates = decided ?? (opts.prefilter === false ? planDetections(opts.notices, opts.catalog) : sourceCandidates(context.text, opts, undefined, context.filename));
  if (candidates.length === 0) return [];
  const project = linkProject(context, opts);
  try {
    return runDetections(context, candidates, opts);
  } finally {
    project?.end();
  }
}

/**
 * The detections {@link analyzeFile} runs on a JavaScript/TypeScript text (BOM stripped): those whose tokens
 * it holds and whose gate lets it through. None: the file is not parsed (scripts/bench.ts counts parses so).
 */
export function sourceCandidates(text: string, opts: AnalyzeOptions, present?: ReadonlySet<string>, filename?: string, reads?: Map<string, string>): readonly PlannedDetection[] {
  useScanRoots(opts.engine?.scanRoots);
  const plan = planDetections(opts.notices, opts.catalog);
  // Searched once: the candidates and the imported-class check below read the same tokens.
  const found = present ?? (plan.length === 0 ? undefined : tokensOfPlan(text, plan));
  const candidates = candidateDetections(text, plan, found);
  const kept = gated(text, candidates, opts);
  if (filename === undefined || opts.project === false) return kept;
  // A file that makes HTTP calls: any detection about URLs may apply through a URL constant it imports (an API
  // host it does not write). Another file: those of its detections about URLs whose tokens it holds. Decided on
  // the text alone, whatever else is selected, so that ESLint's one rule at a time decides as the CLI does.
  const urlDetections = urlPlan(plan);
  const calls = HTTP_CALL_HINT.test(text);
  // A file holding a detection's own tokens but not its API markers: a class or function it imports may send to the endpoint.
  // Only when a module it imports (or one below) may make a request, or its own text may: the request is read
  // through a summary of that module (engine/api/summaries.ts), and each such detection reads requests.
  // Most files hold no token at all: then no detection holds its own tokens (not asked per detection).
  const someToken = found !== undefined && found.size > 0;
  let sends: boolean | undefined;
  const importsSend = (): boolean => (sends ??= importsMayRequestFrom(text, filename, opts, reads));
  // Searched once for the file, not once per detection about URLs that asks (issue 30, item 4: the search of a file
  // without a merge runs through every `{` and `,`).
  let merges: boolean | undefined;
  const mergesNamed = (): boolean => (merges ??= NAMED_MERGE_HINT.test(text));
  // A component that builds a URL from a prop (`${baseUrl}?client_id=...`): its parents' JSX may give the URL (engine/project/props.ts).
  const props = mayBuildUrlFromProps(text, queryKeysOf(plan));
  // An Angular HttpInterceptor adds headers to the app's requests without naming a URL (engine/project/angular-env.ts).
  const interceptor = text.includes('HttpInterceptor');
  // A class handing default headers up to its base class (`super({ headers })`) makes its requests through the base's methods.
  const handsUp = !calls && mayHandUpHeaders(text);
  const opensAll = calls || props || interceptor || handsUp;
  const open: Opening = {
    now: (p) => !kept.includes(p) && (opensAll || candidates.includes(p) || importsHoldTokens(p, text)),
    // Or its own API URL and a merge of a named object, the tokens in an imported defaults object merged into a request of an imported helper.
    ifSends: (p) => !kept.includes(p) && someToken && opensIfSends(p, found!, text, mergesNamed),
    sends: importsSend,
  };
  // Candidates whose gate reads only an API URL and failed on the file's own text: the URL may be imported.
  const retry = kept.length === candidates.length ? NONE : candidates.filter((p) => p.detector.gateOnImportedUrls && !kept.includes(p));
  if (retry.length === 0 && !opensSome(urlDetections, kept, candidates, opensAll, text, someToken ? found : undefined, mergesNamed)) return kept;
  return withImportedTexts(text, filename, urlDetections, open, { candidates, kept, retry, found, props }, opts, reads);
}

/**
 * `Opening.ifSends` of a detection not kept, for a file holding some token (`found`): its own tokens without its
 * `requires` (an API URL it may import), or its `requires` (an API URL) with a merge of a named object, its tokens then
 * in an imported defaults object (engine/prefilter's `tokensWithoutRequires` and `requiresMergingTokens`).
 */
function opensIfSends(p: PlannedDetection, found: ReadonlySet<string>, text: string, mergesNamed: () => boolean): boolean {
  if (p.tokens.length === 0 || p.requires.length === 0) return false;
  if (!p.detector.importedUrlsOnlyWhenCalling && anyIn(p.tokens, found)) return true;
  return p.detector.tokensInMergedOptions === true && IMPORT_HINT.test(text) && anyIn(p.requires, found) && !anyIn(p.tokens, found) && mergesNamed();
}

/**
 * Whether some detection about URLs opens for a file (`urlDetections.some((p) => open.now(p) || open.ifSends(p))`),
 * read in one loop rather than through the two closures per detection and file (see {@link holdsTokens}). `found`:
 * the file's tokens when it holds some.
 */
function opensSome(urlDetections: readonly PlannedDetection[], kept: readonly PlannedDetection[], candidates: readonly PlannedDetection[], opensAll: boolean, text: string, found: ReadonlySet<string> | undefined, mergesNamed: () => boolean): boolean {
  for (const p of urlDetections) {
    if (kept.includes(p)) continue;
    if (opensAll || candidates.includes(p) || importsHoldTokens(p, text)) return true;
    if (found !== undefined && opensIfSends(p, found, text, mergesNamed)) return true;
  }
  return false;
}

/**
 * Which detections about URLs a file's imported texts may add: `now`, whatever its imports are; `ifSends`, only when
 * `sends()` also holds (a module it imports, or one below, may make a request: {@link importsMayRequest}). That walk
 * of the imports' closures is asked last, for a detection whose tokens the imported texts hold (most files that ask
 * it get none, and reading the direct imports' strings costs less than walking their closures).
 */
interface Opening {
  now: (p: PlannedDetection) => boolean;
  ifSends: (p: PlannedDetection) => boolean;
  sends: () => boolean;
}

/** {@link importsMayRequest} with the file's project model, the modules it read recorded as dependencies. */
function importsMayRequestFrom(text: string, filename: string, opts: AnalyzeOptions, reads?: Map<string, string>): boolean {
  const project = projectOf(filename);
  if (!project) return true;
  project.begin();
  try {
    return importsMayRequest(project, filename, text, opts.catalog);
  } finally {
    for (const [k, v] of project.end()) reads?.set(k, v);
  }
}

/** Most subclass modules read for a class's header (engine/notices/get-request-content-type.ts reads as many). */
const MAX_SUBCLASS_MODULES = 40;

/**
 * The classes a file declares when its requests take their URL from its subclasses (a class sending headers of a
 * field and an HTTP call in its text), or when it hands default headers up to its base class; none for most files,
 * which then list no importers.
 */
function classHeaderNames(text: string): string[] {
  // Or a class handing default headers with a Content-Type up to its base class in `super({ headers })`
  // (engine/api/super-headers.ts): its requests are made by the base's methods its subclasses call.
  // A Content-Type is not required: the subclasses' URLs also decide whether the class's own fetch is a browser's
  // request to the API (cors-localhost-origins).
  if ((!sendsClassHeaders(text) || !HTTP_CALL_HINT.test(text)) && !mayHandUpHeaders(text)) return [];
  // Classes it exports (ES), or every class of a module exporting a list or CommonJS exports.
  const exported = text.includes('module.exports') || /\bexport\s*\{/.test(text) ? /\bclass\s+([\w$]+)/g : /\bexport\s+(?:default\s+)?(?:abstract\s+)?class\s+([\w$]+)/g;
  return [...text.matchAll(exported)].map((m) => m[1]);
}

const queryKeys = new WeakMap<readonly PlannedDetection[], readonly string[]>();

/** The query parameters the plan's URL-query detections judge (`client_id`, `state`, `response_type`); same array per plan. */
function queryKeysOf(plan: readonly PlannedDetection[]): readonly string[] {
  let keys = queryKeys.get(plan);
  if (!keys) {
    const set = new Set<string>();
    for (const p of plan) addQueryKeys(p.notice.detections[p.index], set);
    queryKeys.set(plan, (keys = [...set]));
  }
  return keys;
}

const importsWhenPatterns = new WeakMap<object, RegExp[]>();

/** Detector.importsHoldTokensWhen: the file's own text names the detection's code and imports something. */
function importsHoldTokens(p: PlannedDetection, text: string): boolean {
  const when = p.detector.importsHoldTokensWhen;
  if (!when || !IMPORT_HINT.test(text)) return false;
  let all = importsWhenPatterns.get(when);
  if (!all) importsWhenPatterns.set(when, (all = when.map((w) => new RegExp(w.source, w.flags))));
  return all.every((re) => re.test(text));
}

const urlPlans = new WeakMap<readonly PlannedDetection[], readonly PlannedDetection[]>();

/** The detections of a plan whose tokens and gate are about request URLs ({@link Detector.gateReadsUrls}); same array per plan. */
function urlPlan(plan: readonly PlannedDetection[]): readonly PlannedDetection[] {
  let list = urlPlans.get(plan);
  if (!list) urlPlans.set(plan, (list = plan.filter((p) => p.detector.gateReadsUrls)));
  return list;
}

/**
 * Tokens and gates read a URL's host or path in the file's own strings; with the project model, the URL may be
 * written in a constant of a module the file imports. So a file that is parsed anyway (some detection's tokens
 * and gate hold) is also given the detections about URLs ({@link Detector.gateReadsUrls}) whose tokens and gate
 * hold on its text followed by the texts of the project modules it imports (and the modules those re-export,
 * engine/project/); and a candidate whose gate reads only an API URL ({@link Detector.gateOnImportedUrls}) and
 * failed on the file's own text (`own.retry`) is kept when its gate holds on that joined text. Files that no
 * detection selects look at nothing outward.
 */
function withImportedTexts(
  text: string,
  filename: string,
  urlDetections: readonly PlannedDetection[],
  open: Opening,
  own: { candidates: readonly PlannedDetection[]; kept: readonly PlannedDetection[]; retry: readonly PlannedDetection[]; found: ReadonlySet<string> | undefined; props: boolean },
  opts: AnalyzeOptions,
  reads?: Map<string, string>,
): readonly PlannedDetection[] {
  const { candidates, retry, found } = own;
  let { kept } = own;
  const project = projectOf(filename);
  if (!project) return kept;
  project.begin();
  let imported: string[];
  try {
    imported = [...project.importedTexts(filename, text), ...project.envTexts(filename, text)];
    // An Angular HttpInterceptor names no URL: its app's API base is in the environment module (engine/project/angular-env.ts).
    if (text.includes('HttpInterceptor')) {
      const env = angularEnvironmentText(filename, project);
      if (env !== undefined) imported.push(literalsOf(env));
      // The strings of the app's modules that GET through its HttpClient (the requests the interceptor reaches).
      for (const user of angularClientModules(filename, project)) if (user.file !== path.resolve(filename)) imported.push(literalsOf(user.text));
    }
    // A store's action assigning a header: the strings of the store's modules that dispatch actions (engine/project/store.ts).
    if (mayAssignActionHeader(text)) for (const d of storeDispatchers(filename, project)) imported.push(literalsOf(d.text));
    // The strings and environment values of the modules that import a component building a URL from a prop.
    if (own.props) for (const parent of importersOfModule(project, filename)) imported.push(literalsOf(parent.text), ...project.envTexts(parent.file, parent.text));
    // A class sending a Content-Type it writes, its URL given by subclasses of other modules: their strings and their imports'.
    const classes = classHeaderNames(text);
    if (classes.length > 0) for (const sub of subclassModules(project, filename, classes, MAX_SUBCLASS_MODULES)) imported.push(literalsOf(sub.text), ...project.importedTexts(sub.file, sub.text));
    // Or by the instances other modules make of it (`new HttpClient({ baseUrl })`): their strings.
    if (classes.length > 0) for (const user of instantiatingModules(project, filename, classes, MAX_SUBCLASS_MODULES)) imported.push(literalsOf(user.text));
  } finally {
    for (const [k, v] of project.end()) reads?.set(k, v);
  }
  if (imported.length === 0) return kept;
  let joined: string | undefined;
  const joinedText = (): string => (joined ??= [text, ...imported].join('\n'));
  if (retry.length > 0) {
    const passing = retry.filter((p) => p.detector.mayMatch!(joinedText(), contextFor(p, opts)));
    // In the candidates' order, as if the gate had held on the file's own text.
    if (passing.length > 0) kept = candidates.filter((p) => kept.includes(p) || passing.includes(p));
  }
  const still = urlDetections.filter((p) => (open.now(p) || open.ifSends(p)) && !kept.includes(p));
  if (still.length === 0) return kept;
  // The tokens of the joined text are those of its parts (no token holds a line break): the file's own, found
  // already, and each module's, searched once per module text (a module imported by many files is not searched
  // again for each of them). The gates run on the joined text only for the detections whose tokens it holds.
  const scanner = scannerFor(urlDetections, () => urlDetections.map((p) => [...p.tokens, ...p.requires]));
  const parts = imported.map((s) => tokensOfText(scanner, s));
  const ownTokens = found ?? scanner.present(text);
  // The parts' tokens as one set (no token holds a line break, so a token of the joined text is in one part).
  const partTokens = new Set<string>();
  for (const set of parts) for (const t of set) partTokens.add(t);
  // A detection opened only by what the imports may send is kept when they may (asked once, and only here).
  const holding = still.filter((p) => holdsTokens(p, ownTokens, partTokens) && (open.now(p) || open.sends()));
  // No detection's tokens in the parts either: the joined text is not made.
  if (holding.length === 0) return kept;
  // Last, what the file's name says (engine/project/context.ts: where it runs), for the detections that ask it.
  const extended = gatedJoined(text, joinedText(), holding, opts).filter(
    (p) => !p.detector.mayMatchFile || p.detector.mayMatchFile(filename, text, contextFor(p, opts)),
  );
  return extended.length === 0 ? kept : [...kept, ...extended];
}

const moduleTokens = new WeakMap<TokenScanner, Map<string, ReadonlySet<string>>>();

/** A scanner's tokens in a module's strings, remembered per text (at most 20,000 texts per scanner, then started afresh). */
function tokensOfText(scanner: TokenScanner, strings: string): ReadonlySet<string> {
  let cache = moduleTokens.get(scanner);
  if (!cache) moduleTokens.set(scanner, (cache = new Map()));
  let set = cache.get(strings);
  if (!set) {
    if (cache.size >= 20_000) cache.clear();
    cache.set(strings, (set = scanner.present(strings)));
  }
  return set;
}

/**
 * The candidates whose text-level gate ({@link Detector.mayMatch}) lets the text through: the same list when
 * every one does (most files), so the common path allocates nothing.
 */
function gated(text: string, candidates: readonly PlannedDetection[], opts: AnalyzeOptions): readonly PlannedDetection[] {
  let kept: PlannedDetection[] | undefined;
  for (let i = 0; i < candidates.length; i++) {
    const p = candidates[i];
    const passes = !p.detector.mayMatch || p.detector.mayMatch(text, contextFor(p, opts));
    if (!passes) kept ??= candidates.slice(0, i);
    else if (kept) kept.push(p);
  }
  return kept ?? candidates;
}

/** {@link gated} for a text joined with the strings of the modules it imports ({@link Detector.mayMatchJoined}). */
function gatedJoined(own: string, joined: string, candidates: readonly PlannedDetection[], opts: AnalyzeOptions): readonly PlannedDetection[] {
  return candidates.filter((p) => {
    const d = p.detector;
    if (d.mayMatchJoined) return d.mayMatchJoined(own, joined, contextFor(p, opts));
    return !d.mayMatch || d.mayMatch(joined, contextFor(p, opts));
  });
}

/** Whether a node is part of this file's tree (not of a module the project model read for it). */
function isOwnNode(context: FileContext, node: TSESTree.Node): boolean {
  let top: TSESTree.Node = node;
  for (let up = context.parentOf(top); up; up = context.parentOf(up)) top = up;
  return top === context.ast;
}

function contextFor(p: PlannedDetection, opts: AnalyzeOptions): DetectorContext {
  return { notice: p.notice, detection: p.notice.detections[p.index], catalog: opts.catalog, options: opts.engine ?? {}, types: opts.types };
}

function runDetections(context: FileContext, candidates: readonly PlannedDetection[], opts: AnalyzeOptions): Match[] {
  const matches: Match[] = [];
  for (const p of candidates) {
    const ctx = contextFor(p, opts);
    const raws = scopeMatches(context, ctx.detection, p.detector.detect(context, ctx), opts.catalog);
    for (const raw of assumedMatches(context, raws, opts.catalog, () => withoutAssumptions(context, p, ctx, opts))) {
      // A request read through an imported wrapper carries that module's nodes (its headers, its body): a
      // finding there is the other module's own, reported (and fixed) when that module is analysed; here its
      // offsets would point into the wrong text.
      if (raw.node && !isOwnNode(context, raw.node)) continue;
      const match = toMatch(p, raw, (o) => context.positionAt(o), opts);
      if (match) matches.push(match);
    }
  }
  const found = markupSafeFixes(context, dedupe(matches));
  return isPerFileAdapter(opts.engine) ? leaveDeclaredRenamesToCodemod(context, found, opts.notices) : found;
}

/** Characters an edit may not write into a markup attribute value: its quotes, markup, an entity's `&`, an escape, a line break. */
const MARKUP_UNSAFE = /["'`<>&\\\n\r\u2028\u2029]/;

/**
 * In a markup file, the fixes that edit an attribute value (the string-literal statements of the markup group,
 * engine/read/script-blocks.ts): kept only when each edit stays inside the value's quotes and writes none of
 * {@link MARKUP_UNSAFE} (a host or path rename), so the page's markup keeps its meaning; otherwise the finding
 * is reported without that fix or suggestion. Script blocks' fixes are not concerned (their statements are code).
 */
export function markupSafeFixes(context: FileContext, matches: Match[]): Match[] {
  if (!isMarkupFile(context.filename) || !matches.some((m) => m.fix || m.suggestions)) return matches;
  const values = context
    .nodes(T.ExpressionStatement)
    .flatMap((s) => (s.expression.type === 'Literal' && typeof s.expression.value === 'string' ? [s.expression.range] : []));
  if (values.length === 0) return matches;
  const safe = (edits: readonly TextEdit[]): boolean =>
    edits.every((e) => {
      const value = values.find(([a, b]) => e.range[0] < b && e.range[1] > a);
      return !value || (e.range[0] > value[0] && e.range[1] < value[1] && !MARKUP_UNSAFE.test(e.text));
    });
  return matches.map((m) => {
    if ((!m.fix || safe(m.fix)) && (m.suggestions ?? []).every((s) => safe(s.edits))) return m;
    const out: Match = { ...m };
    if (out.fix && !safe(out.fix)) {
      delete out.fix;
      delete out.fixForm;
    }
    if (out.suggestions) {
      const kept = out.suggestions.filter((s) => safe(s.edits));
      if (kept.length > 0) out.suggestions = kept;
      else delete out.suggestions;
    }
    return out;
  });
}

/**
 * A detection's matches on the file read with no environment variable's assumed value (engine/project/env.ts):
 * a second index of the same tree, its imports followed as before; run only for a file where some match rests on
 * such a value, to tell the matches that need it (likely) from those that do not.
 */
function withoutAssumptions(context: FileContext, p: PlannedDetection, ctx: DetectorContext, opts: AnalyzeOptions): RawMatch[] {
  const plain = new FileContext(context.filename, context.text, context.ast);
  const links = context.links;
  if (links) plain.links = { valueOf: (f, n) => links.valueOf(f, n), memberOf: (f, k) => links.memberOf(f, k), isSoleBinding: (f, n) => links.isSoleBinding(f, n) };
  return scopeMatches(plain, ctx.detection, p.detector.detect(plain, ctx), opts.catalog);
}

function analyzeText(file: SourceFile, candidates: readonly PlannedDetection[], opts: AnalyzeOptions): Match[] {
  const starts = lineStarts(file.text);
  const textFile: TextFile = { filename: file.filename, text: file.text, positionAt: (o) => positionAt(starts, o) };
  const comments = lineCommentStarts(file.filename);
  const matches: Match[] = [];
  for (const p of candidates) {
    const ctx = contextFor(p, opts);
    for (const found of scopeTextMatches(file.text, ctx.detection, p.detector.detectText!(textFile, ctx))) {
      const raw = isInCommentedLine(file.text, found.range ?? found.node?.range, comments) ? { ...found, confidence: 'likely' as const, confidenceReason: COMMENTED_REASON } : found;
      const match = toMatch(p, raw, textFile.positionAt, opts);
      if (match) matches.push(match);
    }
  }
  return dedupe(matches);
}

/** Why a match in a commented-out configuration line is only likely: the line is not in effect, and may be an example. */
export const COMMENTED_REASON = 'in a commented-out line of a configuration file (not in effect)';

/** Whether an offset lies on a line whose first non-blank character starts a whole-line comment (`# KEY=value`). */
function isInCommentedLine(text: string, range: readonly [number, number] | undefined, starts: string): boolean {
  if (!range || starts === '') return false;
  const lineStart = text.lastIndexOf('\n', range[0] - 1) + 1;
  const first = /\S/.exec(text.slice(lineStart, range[0] + 1));
  return first !== null && lineStart + first.index < range[0] && starts.includes(first[0]);
}

/** The reason of a certain match whose detector names none. */
const DEFAULT_CERTAIN_REASON = 'the pattern itself belongs to this notice';

/** Why a text-level match is only likely. */
export const UNPARSED_REASON = 'found in the text of a file no parser accepts';

function analyzeUnparsed(file: SourceFile, candidates: readonly PlannedDetection[], opts: AnalyzeOptions): Match[] {
  const starts = lineStarts(file.text);
  const strings = stringTokens(file.text);
  const unparsed: UnparsedFile = { filename: file.filename, text: stringsOnly(file.text, strings), strings, source: file.text, positionAt: (o) => positionAt(starts, o) };
  const matches: Match[] = [];
  for (const p of candidates) {
    for (const raw of p.detector.detectUnparsed!(unparsed, contextFor(p, opts))) {
      const match = toMatch(p, { ...raw, confidence: 'likely', confidenceReason: UNPARSED_REASON }, unparsed.positionAt, opts);
      if (match) matches.push(match);
    }
  }
  return dedupe(matches);
}

/** The finding as a {@link Match}, its fix in the form the day allows; undefined for a transitional form before the date. */
function toMatch(p: PlannedDetection, raw: RawMatch, at: (offset: number) => { line: number; column: number }, opts: AnalyzeOptions): Match | undefined {
  const chosen = chooseFix(p.notice, raw, opts.engine);
  if (chosen.skip) return undefined;
  const range = raw.range ?? raw.node?.range;
  if (!range) throw new Error(`detector "${p.detector.kind}" reported a match without a node or range (notice "${p.notice.id}")`);
  const data = { ...raw.data, instead: p.notice.instead };
  const template = p.detector.messages[raw.messageId];
  if (template === undefined) throw new Error(`detector "${p.detector.kind}" has no message "${raw.messageId}"`);
  const match: Match = {
    noticeId: p.notice.id,
    detection: p.index,
    messageId: raw.messageId,
    data,
    message: formatMessage(template, data),
    range: [range[0], range[1]],
    loc: { start: at(range[0]), end: at(range[1]) },
    confidence: raw.confidence ?? 'certain',
    confidenceReason: raw.confidenceReason ?? p.detector.certainBecause ?? DEFAULT_CERTAIN_REASON,
  };
  if (raw.affects && raw.affects.length > 0) match.affects = raw.affects.map((a) => ({ ...(a.file ? { file: a.file } : {}), ...(a.at ?? at(a.node.range[0])), ...(a.method ? { method: a.method } : {}) }));
  const suggestions = raw.suggestions && raw.suggestions.length > 0 && p.notice.fix !== 'none' ? [...raw.suggestions] : [];
  if (chosen.fix) {
    // A likely match never carries an autofix: the edits the day allows travel as a suggestion (ESLint `suggest`, not `--fix`).
    if (match.confidence === 'certain') {
      match.fix = chosen.fix;
      match.fixForm = chosen.fixForm;
    } else suggestions.unshift({ messageId: LIKELY_FIX_MESSAGE_ID, data: { confidenceReason: match.confidenceReason }, edits: chosen.fix });
  }
  if (chosen.finalSuggestion) suggestions.push(chosen.finalSuggestion);
  if (suggestions.length > 0) match.suggestions = suggestions;
  return match;
}

/** Two detections of one notice reporting the same range once. */
function dedupe(matches: Match[]): Match[] {
  const seen = new Set<string>();
  const out: Match[] = [];
  for (const m of matches) {
    const key = `${m.noticeId}:${m.range[0]}:${m.range[1]}:${m.messageId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(m);
  }
  return out.sort((a, b) => a.range[0] - b.range[0] || compareIds(a.noticeId, b.noticeId));
}

function shiftEdits(edits: TextEdit[], by: number): TextEdit[] {
  return edits.map((e) => ({ range: [e.range[0] + by, e.range[1] + by], text: e.text }));
}

/** Moves ranges past a stripped BOM so they index the text as given; line/column stay as editors (and ESLint) show them. */
function shift(matches: Match[], by: number): Match[] {
  if (by === 0) return matches;
  return matches.map((m) => ({
    ...m,
    range: [m.range[0] + by, m.range[1] + by],
    fix: m.fix && shiftEdits(m.fix, by),
    suggestions: m.suggestions?.map((s) => ({ ...s, edits: shiftEdits(s.edits, by) })),
  }));
}
