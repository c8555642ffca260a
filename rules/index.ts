/**
 * The ESLint plugin: one rule per detectable notice, built at runtime from the catalog, and flat configs
 * whose severities follow the notices' dates. Rules only translate engine matches into ESLint reports.
 *
 * ```js
 * import collab from 'collab-migrate/eslint';
 * export default [collab.configs.recommended];
 * ```
 */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { Linter } from 'eslint';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { analyzeContext, markupGroupMayMatch, sourceCandidates, type PlannedDetection } from '../engine/analyze.js';
import { FileContext } from '../engine/parse/file-context.js';
import { builtinCatalogPath, loadCatalog, suggestId, type LoadedCatalog } from '../engine/catalog/catalog.js';
import { DEFAULT_WARN_WITHIN_DAYS, isValidIsoDate, severityOf, effectiveText, type Severity } from '../engine/catalog/dates.js';
import { COMMON_MESSAGES } from '../engine/detectors/detector.js';
import { getDetector } from '../engine/detectors/index.js';
import { hasNoticePage, noticeDocUrl } from '../engine/catalog/sources.js';
import { hasPropertyRenames, PROJECT_RENAME_MESSAGES } from '../engine/project/renames.js';
import { OptionsError } from '../engine/catalog/option-check.js';
import { hasDirectives, parseSuppressions, suppressionFor, type Suppression } from '../engine/findings/suppressions.js';
import { FIX_FORM_MESSAGES } from '../engine/fix/timing.js';
import { createTypeOracle } from '../engine/detectors/type-oracle.js';
import { setJournaling } from '../engine/project/journal.js';
import { fingerprintAll } from '../engine/findings/fingerprint.js';
import { baselineKey, baselineKeys, readBaseline, recordedState } from '../engine/findings/baseline.js';
import type { EngineOptions, IsoDate, Notice, TypeOracle } from '../engine/types.js';
import { isMarkupFile } from '../engine/read/script-blocks.js';
import { createHtmlProcessor, HTML_PROCESSOR } from './html-processor.js';
import { checkConfigureOptions, checkRuleOptions, checkSettings, eslintSchema, PLUGIN_NAME, type ConfigureOptions, type PluginSettings, type RuleOptions } from './options.js';

export { PLUGIN_NAME, type ConfigureOptions, type PluginSettings, type RuleOptions };


const pkg = JSON.parse(readFileSync(join(dirname(builtinCatalogPath()), 'package.json'), 'utf8')) as { version: string };

/**
 * Where a notice's generated doc lives: under `COLLAB_MIGRATE_DOCS_URL`, else in the repository package.json
 * names (at the installed version's tag); only a copy without either keeps the shipped file (a `file:` URL).
 */
export function docsUrl(id: string): string {
  return noticeDocUrl(id);
}

/** One array per ESLint cwd (the engine compares the scan roots it is given by identity first). */
const scanRootLists = new Map<string, string[]>();
function scanRootsFor(cwd: string | undefined): string[] | undefined {
  if (!cwd) return undefined;
  let list = scanRootLists.get(cwd);
  if (!list) scanRootLists.set(cwd, (list = [cwd]));
  return list;
}

const baselines = new Map<string, { mtimeMs: number; keys: Set<string>; recorded?: IsoDate }>();

/** A baseline file's recorded findings as `file\0notice\0fingerprint` keys (files relative to its folder) and its day, re-read when it changes. */
function baselineOf(file: string): { keys: Set<string>; recorded?: IsoDate } {
  let mtimeMs = -1;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    // A relative `baseline` is read from ESLint's working folder, which is not the config's when ESLint runs in a
    // package of a monorepo or an editor opens a subfolder: the message says how to name the config's folder.
    throw new Error(
      `collab-migrate: baseline ${file} not found (create it with \`collab-migrate --baseline-write ${file}\`; a relative \`baseline\` is read from ESLint's working folder: to read it beside the config file wherever ESLint runs, give \`path.join(import.meta.dirname, 'collab-migrate-baseline.json')\`)`,
    );
  }
  const cached = baselines.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached;
  const read = readBaseline(file);
  const entry = { mtimeMs, keys: baselineKeys(read), ...(read.recorded !== undefined ? { recorded: read.recorded } : {}) };
  baselines.set(file, entry);
  return entry;
}

/** Suggestion messages (ids starting with `suggest`) carry no date; report messages get the countdown. */
function isSuggestionMessage(id: string): boolean {
  return id.startsWith('suggest');
}

/** Environment variable that pins "today" for the plugin (tests, reproducible CI). */
export const TODAY_ENV = 'COLLAB_MIGRATE_TODAY';

/** Today's date for the plugin: the env pin, or the clock (read only here, in the adapter). */
export function defaultToday(): IsoDate {
  const pinned = process.env[TODAY_ENV];
  if (pinned) {
    if (!isValidIsoDate(pinned)) throw new OptionsError(`${PLUGIN_NAME}: $${TODAY_ENV}: ${JSON.stringify(pinned)} is not allowed; expected a real calendar day as YYYY-MM-DD (e.g. 2026-07-28).`, `$${TODAY_ENV}`, TODAY_ENV, pinned);
    return pinned;
  }
  return new Date().toISOString().slice(0, 10);
}

const contexts = new WeakMap<object, FileContext>();

/**
 * Runs the engine without recording what it reads (engine/project/journal.ts): that record is kept only in the
 * CLI's result cache (`--cache`), which the plugin has not; recording it hashed folder listings and probed
 * configuration files for every import the per-file decision followed (issue 30, item 4). The setting is put
 * back after, for a CLI run in the same process.
 */
function unrecorded<T>(run: () => T): T {
  const was = setJournaling(false);
  try {
    return run();
  } finally {
    setJournaling(was);
  }
}

/** What every rule of one file reads the same way, worked out by the first rule ESLint creates for the file. */
interface FileState {
  /**
   * "Today" when neither the settings nor the rule's options pin it (the env pin or the clock), read the first time
   * a rule of the file needs it: with the day pinned in the settings (`configure({ today })`, the bench's and most
   * CI configurations) never, as `configure()` itself does not (it was 5% of the plugin's own CPU profile on 172 SDK
   * files; issue 30, item 4).
   */
  today?: IsoDate;
  /** Whether the text holds a collab-migrate suppression comment (then every rule looks at the file's comments). */
  ownDirectives: boolean;
  /**
   * What a rule without options of its own works from in this file, made by the first such rule ESLint creates and
   * read by the others (36 of the 37 rules of every file with the bench's configuration): everything but the notice
   * follows from the settings object ESLint hands every rule of the file, ESLint's cwd and the file's name (issue 30,
   * item 4: each `create()` rebuilt the options, the engine options, the decision's key and looked the decision up
   * again, ~7 µs a rule a file).
   */
  plain?: RuleRun & { rawSettings: unknown; cwd: string; catalog: LoadedCatalog };
  /** The file's type oracle ({@link typeOracleOf}), once asked: undefined without type information. */
  oracle?: { types: TypeOracle | undefined };
  /** Per engine options, the detections that may apply to the file, by notice id ({@link applicableNotices}). */
  applicable?: Map<string, ReadonlyMap<string, PlannedDetection[]>>;
}

/** What one rule's `create()` works from in a file: the day, the engine options, the file's name and decision. */
interface RuleRun {
  settings: PluginSettings;
  today: IsoDate;
  engine: EngineOptions;
  types: TypeOracle | undefined;
  filename: string;
  /** The per-file decision for these engine options (see {@link applicableNotices}). */
  applicable: ReadonlyMap<string, PlannedDetection[]>;
}

/** Whether a rule's options object sets nothing (ESLint gives `{}` for a rule configured with a severity alone, from `meta.defaultOptions`). */
function setsNothing(options: unknown): boolean {
  if (options === undefined) return true;
  if (options === null || typeof options !== 'object' || Array.isArray(options) || Object.getPrototypeOf(options) !== Object.prototype) return false;
  for (const key in options) if (Object.hasOwn(options, key)) return false;
  return true;
}
/**
 * Per file (its tree), what its rules share. One weak map for the state, the type oracle and the decision, not three:
 * each entry of a weak map keyed by a tree the young generation holds is an ephemeron V8's scavenger must record and
 * visit at every scavenge until the tree dies (issue 30, item 4: the plugin's side of the SDK's 172 files spent more
 * in the collector than ESLint alone, the ephemerons' bookkeeping among it).
 */
const fileStates = new WeakMap<object, FileState>();

function fileStateOf(sourceCode: TSESLint.SourceCode): FileState {
  let state = fileStates.get(sourceCode.ast);
  if (!state) fileStates.set(sourceCode.ast, (state = { ownDirectives: sourceCode.text.includes(OWN_DIRECTIVE) }));
  return state;
}
/** What every collab-migrate suppression comment holds (engine/findings/suppressions.ts). */
const OWN_DIRECTIVE = 'collab-migrate-ignore-';
const suppressionsByAst = new WeakMap<object, Suppression[]>();

/**
 * collab-migrate's own suppression comments in a file (`collab-migrate-ignore-next-line <id> until <date> -- why`),
 * parsed once per file for all rules. ESLint's own directives are ESLint's to apply.
 */
function ownSuppressionsOf(sourceCode: TSESLint.SourceCode, catalog: LoadedCatalog): Suppression[] {
  let list = suppressionsByAst.get(sourceCode.ast);
  if (!list) {
    // A comment naming a notice the catalog does not have (a misspelt `untill` reads as one) suppresses nothing.
    // Only collab-migrate's own comments are kept, and each holds `collab-migrate-ignore-`: a file with ESLint's
    // directives alone (most of a linted project's that have any) is not parsed for comments (issue 30, item 4).
    list = hasDirectives(sourceCode.text) && sourceCode.text.includes(OWN_DIRECTIVE) ? parseSuppressions(sourceCode.text, (id) => catalog.get(id) !== undefined).filter((s) => s.syntax !== 'eslint') : [];
    suppressionsByAst.set(sourceCode.ast, list);
  }
  return list;
}
/** Invalid suppression comments reported already (the parsed comments are shared by the rules of one file). */
const invalidReported = new WeakSet<Suppression>();

/** The message of an invalid suppression comment (the CLI lists the same ones under "invalid suppressions"). */
const INVALID_SUPPRESSION = 'invalidSuppression';
const INVALID_SUPPRESSION_MESSAGE = 'Invalid collab-migrate suppression comment: {{problem}}. It suppresses nothing.';

/**
 * The file a rule's findings belong to: for a script block of a markup file handed over by a processor
 * (`page.html/0.js`), the markup file itself (its folder resolves the block's imports, its name says it is browser
 * code), as the CLI reads it; otherwise the file ESLint names.
 */
function sourceFilename(context: { filename: string; physicalFilename?: string }): string {
  const physical = context.physicalFilename;
  return physical && physical !== context.filename && isMarkupFile(physical) ? physical : context.filename;
}

function fileContextOf(sourceCode: TSESLint.SourceCode, filename: string): FileContext {
  let ctx = contexts.get(sourceCode.ast);
  if (!ctx) {
    ctx = new FileContext(filename, sourceCode.text, sourceCode.ast);
    contexts.set(sourceCode.ast, ctx);
  }
  return ctx;
}

function typeOracleOf(sourceCode: TSESLint.SourceCode, file: FileState): TypeOracle | undefined {
  if (file.oracle) return file.oracle.types;
  const services = sourceCode.parserServices as Partial<{ program: import('typescript').Program | null; esTreeNodeToTSNodeMap: { get(n: TSESTree.Node): import('typescript').Node } }> | undefined;
  const oracle = services?.program && services.esTreeNodeToTSNodeMap ? createTypeOracle(services.program, (n) => services.esTreeNodeToTSNodeMap!.get(n)) : undefined;
  file.oracle = { types: oracle };
  return oracle;
}

/** Per catalog, its notices that have a rule, as one array (the engine caches its detection plan per array). */
const ruleNotices = new WeakMap<LoadedCatalog, readonly Notice[]>();
/** The decision of a file to which no detection applies (shared). */
const NOTHING_APPLIES: ReadonlyMap<string, PlannedDetection[]> = new Map();

/**
 * The detections the engine would run on this file, by notice: those whose tokens the text holds and whose gates
 * let it through, as the engine decides per detection (engine/analyze.ts, `sourceCandidates`: the decision for one
 * detection does not depend on which others are asked). A text-only decision (no tree is walked), made once per
 * file for every rule when ESLint creates the rules, so a rule whose notice cannot apply does nothing more (issue 30,
 * item 4); a rule whose notice applies is handed its own detections, so its text is not searched nor its imports
 * followed again.
 */
function applicableNotices(sourceCode: TSESLint.SourceCode, file: FileState, filename: string, catalog: LoadedCatalog, engine: EngineOptions, key: string, types: TypeOracle | undefined): ReadonlyMap<string, PlannedDetection[]> {
  const byOptions = (file.applicable ??= new Map());
  let byNotice = byOptions.get(key);
  if (!byNotice) {
    let notices = ruleNotices.get(catalog);
    if (!notices) ruleNotices.set(catalog, (notices = catalog.notices.filter((n) => n.status !== 'informational' && n.detections.length > 0)));
    const candidates = unrecorded(() => sourceCandidates(sourceCode.text, { catalog, notices, engine, ...(types ? { types } : {}) }, undefined, filename));
    if (candidates.length === 0) byNotice = NOTHING_APPLIES;
    else {
      const map = new Map<string, PlannedDetection[]>();
      for (const p of candidates) {
        const list = map.get(p.notice.id);
        if (list) list.push(p);
        else map.set(p.notice.id, [p]);
      }
      byNotice = map;
    }
    byOptions.set(key, byNotice);
  }
  return byNotice;
}

/** The messages of every interpreter a notice's detections use. */
export function messagesOf(notice: Notice): Record<string, string> {
  const messages: Record<string, string> = notice.fix === 'autofix' ? { ...COMMON_MESSAGES, ...FIX_FORM_MESSAGES } : {};
  messages[INVALID_SUPPRESSION] = INVALID_SUPPRESSION_MESSAGE;
  const sources = notice.detections.map((d) => getDetector(d)?.messages ?? {});
  // A rename this file's own types declare is left to the codemod (engine/project/renames.ts).
  if (hasPropertyRenames(notice)) sources.push(PROJECT_RENAME_MESSAGES);
  for (const own of sources) {
    for (const [id, template] of Object.entries(own)) {
      messages[id] = isSuggestionMessage(id) ? template : `${template}{{likely}} ({{when}})`;
    }
  }
  return messages;
}

/**
 * What a rule's `create()` works from in a file (the checks of its settings and options, the day, the engine options,
 * the decision), remembered for the file's other rules when the rule has no options of its own.
 */
function ruleRun(context: Readonly<TSESLint.RuleContext<string, [RuleOptions?]>>, notice: Notice, catalog: LoadedCatalog, code: TSESLint.SourceCode, file: FileState, rawSettings: unknown, rawOptions: unknown): RuleRun {
  // Checked here, before the rule reports anything: ESLint checks neither settings nor real calendar days.
  // Both checks are remembered per object (rules/options.ts): ESLint hands every file the same ones.
  const settings = checkSettings(rawSettings);
  const own = checkRuleOptions(notice.id, rawOptions);
  const options: RuleOptions = { region: settings.region, strictScopes: settings.strictScopes, today: settings.today, fixMode: settings.fixMode, ...own };
  const today = options.today ?? (file.today ??= defaultToday());
  // ESLint's cwd (the flat config's folder unless told otherwise) is the root of a file no `.git` or `package.json` is above.
  const engine: EngineOptions = { region: options.region, strictScopes: options.strictScopes, optionStyle: 'eslint', today, fixMode: options.fixMode, scanRoots: scanRootsFor(context.cwd) };
  const types = typeOracleOf(code, file);
  // The engine's per-file decision (a text search, gates on the text, the strings of imported modules for a
  // file that makes HTTP calls), shared by every rule of the file and made before any walk of its tree.
  const key = `${options.region ?? ''}\0${options.strictScopes ?? ''}\0${today}\0${options.fixMode ?? ''}`;
  const filename = sourceFilename(context);
  const run: RuleRun = { settings, today, engine, types, filename, applicable: applicableNotices(code, file, filename, catalog, engine, key, types) };
  if (setsNothing(rawOptions) && !file.plain) file.plain = { ...run, rawSettings, cwd: context.cwd, catalog };
  return run;
}

/** Builds the rule of one notice. */
export function createRule(notice: Notice, catalog: LoadedCatalog): TSESLint.RuleModule<string, [RuleOptions?]> {
  // One array for the rule's lifetime: the engine caches its detection plan and prefilter per notices array,
  // so a fresh `[notice]` per file would rebuild both for every file linted.
  const notices = [notice];
  return {
    meta: {
      type: notice.breaking ? 'problem' : 'suggestion',
      // Every rule is in the recommended config, at the severity its notice's dates give (off until then).
      // A notice of a user's catalog has no page (issue 28, item 24): no link rather than one to nothing.
      docs: { description: notice.title, recommended: true, ...(hasNoticePage(notice.id) ? { url: docsUrl(notice.id) } : {}) } as TSESLint.RuleMetaDataDocs,
      // No values: ESLint merges meta.defaultOptions into the rule's options, where a default would hide the same
      // key set in settings['collab-migrate']. The defaults are applied in create() and documented in the schema.
      defaultOptions: [{}],
      fixable: notice.fix === 'autofix' ? 'code' : undefined,
      hasSuggestions: notice.fix !== 'none' ? true : undefined,
      messages: messagesOf(notice),
      schema: eslintSchema(),
    },
    defaultOptions: [{}],
    create(context) {
      const code = context.sourceCode as TSESLint.SourceCode;
      const file = fileStateOf(code);
      const rawSettings = context.settings?.[PLUGIN_NAME];
      const rawOptions = context.options[0];
      const plain = file.plain;
      // Another rule of this file without options of its own worked out the same already (see FileState.plain).
      const run = plain && plain.rawSettings === rawSettings && plain.catalog === catalog && plain.cwd === context.cwd && setsNothing(rawOptions) ? plain : ruleRun(context, notice, catalog, code, file, rawSettings, rawOptions);
      const decided = run.applicable.get(notice.id);
      // Nothing to analyse and no collab-migrate comment to check (most files of a project): nothing to do, and no
      // listener (`Program:exit` on every rule of every file was part of the plugin's cost).
      if (!decided && !file.ownDirectives) return {};
      // Reported from create() rather than from a `Program:exit` listener: the analysis reads the tree ESLint has
      // parsed and needs no traversal event, and a listener on the few files of a run that have candidates made
      // V8 compile ESLint's traversal again for them (`traverseSync`, `applyStep`, `calculateSelectors`: three
      // optimizing compilations more on the SDK's 172 files; issue 30, item 4). The rule registers no listener.
      reportFile(context, notice, notices, catalog, code, run, decided);
      return {};
    },
  };
}

/**
 * A rule's analysis of one file and its reports, apart from `create()`: `create()` runs for every rule of every file
 * and is compiled by V8's optimizing compiler in every run, with what it holds (issue 30, item 4); this runs only for
 * a file whose decision gave the rule detections, or that holds a collab-migrate comment.
 */
function reportFile(context: Readonly<TSESLint.RuleContext<string, [RuleOptions?]>>, notice: Notice, notices: readonly Notice[], catalog: LoadedCatalog, code: TSESLint.SourceCode, run: RuleRun, decided: PlannedDetection[] | undefined): void {
  const { settings, today, engine, types, filename } = run;
  const baselineFile = settings.baseline ? resolve(context.cwd, settings.baseline) : undefined;
  const sourceCode = code;
  const matches = decided ? unrecorded(() => analyzeContext(fileContextOf(code, filename), { catalog, notices, engine, types }, decided)) : [];
  const when = effectiveText(notice);
  const suppressions = ownSuppressionsOf(sourceCode as TSESLint.SourceCode, catalog);
  // A comment that cannot be read as meant (a bad `until` date, an unknown id) is said once: by the rule it
  // names, or, when it names no rule, by the first of the plugin's rules to finish the file.
  for (const s of suppressions) {
    if (s.problem === undefined || invalidReported.has(s)) continue;
    const owner = s.ids.find((id) => { const n = catalog.get(id); return n !== undefined && n.status !== 'informational' && n.detections.length > 0; });
    if (owner !== undefined && owner !== notice.id) continue;
    invalidReported.add(s);
    const comment = sourceCode.lines[s.line - 1] ?? '';
    context.report({ loc: { start: { line: s.line, column: 0 }, end: { line: s.line, column: comment.length } }, messageId: INVALID_SUPPRESSION, data: { problem: s.problem } });
  }
  // With a baseline, a recorded finding is not reported unless its notice took effect after the baseline
  // was recorded and on or before today (engine/findings/baseline.ts, as the CLI's --baseline).
  let tolerated: Set<number> | undefined;
  const baseline = baselineFile && matches.length > 0 ? baselineOf(baselineFile) : undefined;
  if (baselineFile && baseline && recordedState(notice, baseline.recorded, today) === 'recorded') {
    const file = relative(dirname(baselineFile), filename).split(sep).join('/');
    const ordered = [...matches].sort((a, b) => a.range[0] - b.range[0]);
    const prints = fingerprintAll(sourceCode.text, ordered);
    tolerated = new Set(ordered.flatMap((m, i) => (baseline.keys.has(baselineKey(file, notice.id, prints[i]!)) ? [m.range[0]] : [])));
  }
  for (const match of matches) {
    if (tolerated?.has(match.range[0])) continue;
    const effect = suppressions.length > 0 ? suppressionFor(suppressions, notice.id, match.loc.start.line, today) : undefined;
    if (effect?.state === 'suppressed') continue;
    // An expired suppression no longer suppresses, and the message says so (as the CLI's does).
    const expired = effect?.state === 'expired' ? `; the suppression on line ${effect.by.line} expired on ${effect.by.until}` : '';
    context.report({
      loc: match.loc,
      messageId: match.messageId,
      // A likely finding says so (and why) in its message: it carries suggestions, never an autofix.
      data: { ...match.data, when: when + expired, likely: match.confidence === 'likely' ? ` [likely: ${match.confidenceReason}]` : '' },
      fix: match.fix ? (fixer) => match.fix!.map((e) => fixer.replaceTextRange(e.range, e.text)) : undefined,
      suggest: match.suggestions?.map((s) => ({
        messageId: s.messageId,
        data: { ...match.data, ...s.data },
        fix: (fixer: TSESLint.RuleFixer) => s.edits.map((e) => fixer.replaceTextRange(e.range, e.text)),
      })),
    });
  }
}

/**
 * typescript-eslint's parser, loaded when `configs.typescript` is first read: it loads TypeScript (~0.45 s of CPU,
 * most of importing the plugin), which a project that lints JavaScript with ESLint's own parser never needs
 * (issue 30, item 4). The package's CommonJS exports, the object a default import of it gives.
 */
let tsParserModule: TSESLint.FlatConfig.Parser | undefined;
function tsParser(): TSESLint.FlatConfig.Parser {
  return (tsParserModule ??= createRequire(import.meta.url)('@typescript-eslint/parser') as TSESLint.FlatConfig.Parser);
}

const FILES = ['**/*.{js,cjs,mjs,jsx,ts,tsx,mts,cts}'];
/** Markup whose inline scripts the `collab-migrate/html` processor hands to the rules. */
const MARKUP_FILES = ['**/*.{html,htm,vue,svelte,astro,hbs,handlebars,mustache,ejs}'];
/** TypeScript files: the only ones `configs.typescript` gives a parser (ESLint's own parser reads JavaScript). */
const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];

function severityFor(notice: Notice, opts: ConfigureOptions, today: IsoDate): Severity {
  if (opts.all) {
    const s = severityOf(notice, { today, before: '9999-12-31', warnWithinDays: opts.warnWithinDays ?? DEFAULT_WARN_WITHIN_DAYS });
    return s === 'off' ? 'warn' : s;
  }
  return severityOf(notice, { today, before: opts.before, warnWithinDays: opts.warnWithinDays ?? DEFAULT_WARN_WITHIN_DAYS });
}

/** The plugin object (rules and configs). */
export interface CollabPlugin {
  meta: { name: string; version: string };
  rules: Record<string, TSESLint.RuleModule<string, [RuleOptions?]>>;
  /** `collab-migrate/html`: the inline scripts of HTML pages, Vue/Svelte components and Astro components' `<script>` blocks (rules/html-processor.ts). */
  processors: Record<typeof HTML_PROCESSOR, Linter.Processor>;
  configs: Record<'recommended' | 'all' | 'typescript' | 'html', Linter.Config> & { configure(opts?: ConfigureOptions): Linter.Config };
}

/** Builds the plugin from a catalog (the built-in one by default). */
export function createPlugin(catalog: LoadedCatalog = loadCatalog()): CollabPlugin {
  const detectable = catalog.notices.filter((n) => n.status !== 'informational' && n.detections.length > 0);
  const rules = Object.fromEntries(detectable.map((n) => [n.id, createRule(n, catalog)]));
  const processors = { [HTML_PROCESSOR]: createHtmlProcessor(PLUGIN_NAME, pkg.version, (text, group) => markupGroupMayMatch(text, group, catalog.notices, catalog)) };
  const plugin = { meta: { name: PLUGIN_NAME, version: pkg.version }, rules, processors } as CollabPlugin;
  const configure = (given: ConfigureOptions = {}): Linter.Config => {
    const opts = checkConfigureOptions(given);
    const today = opts.today ?? defaultToday();
    const wanted = opts.notices ? new Set(opts.notices) : undefined;
    if (wanted) {
      const ids = Object.keys(rules);
      for (const id of wanted) {
        // Own keys only: `constructor`, `__proto__`, `toString` are on every object (issue 28).
        if (Object.hasOwn(rules, id)) continue;
        const near = suggestId(id, ids);
        const why = catalog.get(id) ? 'is informational (never reported, so it has no rule)' : `is not a notice with a rule${near ? `; did you mean "${near}"?` : ''}`;
        throw new OptionsError(`${PLUGIN_NAME}: configure(): invalid option "notices": ${JSON.stringify(id)} ${why}. Run \`collab-migrate notices\` to list them.`, 'configure()', 'notices', id);
      }
    }
    const ruleEntries: Record<string, TSESLint.FlatConfig.RuleLevel> = {};
    for (const notice of detectable) {
      const severity = wanted && !wanted.has(notice.id) ? 'off' : severityFor(notice, opts, today);
      ruleEntries[`${PLUGIN_NAME}/${notice.id}`] = opts.baseline && severity !== 'off' ? 'error' : severity;
    }
    // `all` also reports well-formed OAuth scopes the catalog does not list (unless told otherwise).
    const strictScopes = opts.strictScopes ?? (opts.all ? true : undefined);
    const settings: PluginSettings = { today, region: opts.region, strictScopes, baseline: opts.baseline, fixMode: opts.fixMode };
    const config: TSESLint.FlatConfig.Config = {
      name: `${PLUGIN_NAME}/${opts.all ? 'all' : opts.before ? `before-${opts.before}` : 'recommended'}`,
      files: FILES,
      plugins: { [PLUGIN_NAME]: plugin as unknown as TSESLint.FlatConfig.Plugin },
      // No parser: the files keep the one the project configures (ESLint's own for JavaScript, typescript-eslint's
      // or @babel/eslint-parser). A project without a TypeScript parser adds `configs.typescript`.
      settings: { [PLUGIN_NAME]: JSON.parse(JSON.stringify(settings)) },
      rules: ruleEntries,
    };
    // ESLint's own config type, so `defineConfig([collab.configs.recommended])` type-checks in eslint.config.ts.
    return config as unknown as Linter.Config;
  };
  plugin.configs = {
    get recommended() {
      return configure();
    },
    get all() {
      return configure({ all: true });
    },
    get typescript() {
      const config: TSESLint.FlatConfig.Config = { name: `${PLUGIN_NAME}/typescript`, files: TS_FILES, languageOptions: { parser: tsParser() } };
      return config as unknown as Linter.Config;
    },
    get html() {
      // Only the processor: the blocks (`page.html/0.js`) then match the `files` of `recommended` or `configure()`.
      const config: TSESLint.FlatConfig.Config = { name: `${PLUGIN_NAME}/html`, files: MARKUP_FILES, plugins: { [PLUGIN_NAME]: plugin as unknown as TSESLint.FlatConfig.Plugin }, processor: `${PLUGIN_NAME}/${HTML_PROCESSOR}` };
      return config as unknown as Linter.Config;
    },
    configure,
  } as CollabPlugin['configs'];
  return plugin;
}

const plugin = createPlugin();
export default plugin;
// `require('collab-migrate/eslint')` (Node 20.19+ loads this ES module) returns the plugin itself, without `.default`.
export { plugin as 'module.exports' };
