/**
 * The ESLint plugin: one rule per detectable notice, built at runtime from the catalog, and flat configs
 * whose severities follow the notices' dates. Rules only translate engine matches into ESLint reports.
 *
 * ```js
 * import collab from 'collab-migrate/eslint';
 * export default [collab.configs.recommended];
 * ```
 */
import tsParser from '@typescript-eslint/parser';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { Linter } from 'eslint';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { analyzeContext } from '../engine/analyze.js';
import { FileContext } from '../engine/ast.js';
import { builtinCatalogPath, loadCatalog, type LoadedCatalog } from '../engine/catalog.js';
import { DEFAULT_WARN_WITHIN_DAYS, isValidIsoDate, severityOf, whenText, type Severity } from '../engine/dates.js';
import { COMMON_MESSAGES } from '../engine/detector.js';
import { getDetector } from '../engine/detectors/index.js';
import { hasDirectives, parseSuppressions, suppressionFor, type Suppression } from '../engine/suppressions.js';
import { FIX_FORM_MESSAGES } from '../engine/fix-timing.js';
import { createTypeOracle } from '../engine/type-oracle.js';
import { fingerprintAll } from '../engine/fingerprint.js';
import { daysUntilEffective } from '../engine/dates.js';
import { readBaseline } from '../cli/scan/baseline.js';
import type { EngineOptions, FixMode, IsoDate, Notice, Region, TypeOracle } from '../engine/types.js';

export const PLUGIN_NAME = 'collab-migrate';

const pkg = JSON.parse(readFileSync(join(dirname(builtinCatalogPath()), 'package.json'), 'utf8')) as { version: string; homepage?: string; repository?: { url?: string } };

/** Where a notice's generated doc lives. */
export function docsUrl(id: string): string {
  const repo = (pkg.repository?.url ?? 'https://github.com/collab-migrate/collab-migrate').replace(/^git\+/, '').replace(/\.git$/, '');
  return `${repo}/blob/main/docs/notices/${id}.md`;
}

/** Options every rule accepts (also settable once for all rules as `settings['collab-migrate']`). */
export interface RuleOptions {
  /** Call history region for host rewrites. */
  region?: Region;
  /** Report well-formed but unlisted OAuth scopes too. */
  strictScopes?: boolean;
  /** The day the countdown in messages is computed from, and the day that picks each fix's form (pin it for reproducible CI). */
  today?: IsoDate;
  /**
   * `date` (default): before a notice's effective date `--fix` writes only safe edits and transitional forms,
   * and final forms are suggestions; `final`: write final forms early (for code deployed after the date).
   */
  fixMode?: FixMode;
}

/** `settings['collab-migrate']`: the rule options for every rule, and what only the whole config can set. */
export interface PluginSettings extends RuleOptions {
  /** A baseline written by `collab-migrate --baseline-write FILE` (relative to ESLint's cwd); see {@link ConfigureOptions.baseline}. */
  baseline?: string;
}

const baselines = new Map<string, { mtimeMs: number; keys: Set<string> }>();

/** The recorded findings of a baseline file as `file\0notice\0fingerprint` keys (files relative to its folder), re-read when it changes. */
function baselineKeys(file: string): Set<string> {
  let mtimeMs = -1;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    throw new Error(`collab-migrate: baseline ${file} not found (create it with \`collab-migrate --baseline-write ${file}\`)`);
  }
  const cached = baselines.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.keys;
  const keys = new Set(readBaseline(file).findings.map((e) => `${e.file}\0${e.notice}\0${e.fingerprint}`));
  baselines.set(file, { mtimeMs, keys });
  return keys;
}

/** Whether a notice is in force on `today` (contract rules always; dated notices from their effective day). */
function isInForce(notice: Notice, today: IsoDate): boolean {
  if (notice.status === 'contract') return true;
  const days = daysUntilEffective(notice, today);
  return notice.status !== 'pending' && days !== undefined && days <= 0;
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
  if (pinned && isValidIsoDate(pinned)) return pinned;
  return new Date().toISOString().slice(0, 10);
}

const contexts = new WeakMap<object, FileContext>();
const suppressionsByAst = new WeakMap<object, Suppression[]>();

/**
 * collab-migrate's own suppression comments in a file (`collab-migrate-ignore-next-line <id> until <date> -- why`),
 * parsed once per file for all rules. ESLint's own directives are ESLint's to apply.
 */
function ownSuppressionsOf(sourceCode: TSESLint.SourceCode): Suppression[] {
  let list = suppressionsByAst.get(sourceCode.ast);
  if (!list) {
    list = hasDirectives(sourceCode.text) ? parseSuppressions(sourceCode.text).filter((s) => s.syntax !== 'eslint') : [];
    suppressionsByAst.set(sourceCode.ast, list);
  }
  return list;
}
const oracles = new WeakMap<object, TypeOracle | undefined>();

function fileContextOf(sourceCode: TSESLint.SourceCode, filename: string): FileContext {
  let ctx = contexts.get(sourceCode.ast);
  if (!ctx) {
    ctx = new FileContext(filename, sourceCode.text, sourceCode.ast);
    contexts.set(sourceCode.ast, ctx);
  }
  return ctx;
}

function typeOracleOf(sourceCode: TSESLint.SourceCode): TypeOracle | undefined {
  if (oracles.has(sourceCode.ast)) return oracles.get(sourceCode.ast);
  const services = sourceCode.parserServices as Partial<{ program: import('typescript').Program | null; esTreeNodeToTSNodeMap: { get(n: TSESTree.Node): import('typescript').Node } }> | undefined;
  const oracle = services?.program && services.esTreeNodeToTSNodeMap ? createTypeOracle(services.program, (n) => services.esTreeNodeToTSNodeMap!.get(n)) : undefined;
  oracles.set(sourceCode.ast, oracle);
  return oracle;
}

/** The messages of every interpreter a notice's detections use. */
export function messagesOf(notice: Notice): Record<string, string> {
  const messages: Record<string, string> = notice.fix === 'autofix' ? { ...COMMON_MESSAGES, ...FIX_FORM_MESSAGES } : {};
  for (const detection of notice.detections) {
    const detector = getDetector(detection);
    if (!detector) continue;
    for (const [id, template] of Object.entries(detector.messages)) {
      messages[id] = isSuggestionMessage(id) ? template : `${template}{{likely}} ({{when}})`;
    }
  }
  return messages;
}

const REGIONS: Region[] = ['us', 'eu', 'in', 'au'];

/** Builds the rule of one notice. */
export function createRule(notice: Notice, catalog: LoadedCatalog): TSESLint.RuleModule<string, [RuleOptions?]> {
  // One array for the rule's lifetime: the engine caches its detection plan and prefilter per notices array,
  // so a fresh `[notice]` per file would rebuild both for every file linted.
  const notices = [notice];
  return {
    meta: {
      type: notice.breaking ? 'problem' : 'suggestion',
      docs: { description: notice.title, url: docsUrl(notice.id) } as TSESLint.RuleMetaDataDocs,
      fixable: notice.fix === 'autofix' ? 'code' : undefined,
      hasSuggestions: notice.fix !== 'none' ? true : undefined,
      messages: messagesOf(notice),
      schema: [
        {
          type: 'object',
          properties: {
            region: { type: 'string', enum: REGIONS },
            strictScopes: { type: 'boolean' },
            today: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
            fixMode: { type: 'string', enum: ['date', 'final'] },
          },
          additionalProperties: false,
        },
      ],
    },
    defaultOptions: [{}],
    create(context) {
      const settings = (context.settings?.[PLUGIN_NAME] ?? {}) as PluginSettings;
      const options: RuleOptions = { ...settings, ...(context.options[0] ?? {}) };
      const today = options.today ?? defaultToday();
      const baselineFile = settings.baseline ? resolve(context.cwd, settings.baseline) : undefined;
      const engine: EngineOptions = { region: options.region, strictScopes: options.strictScopes, today, fixMode: options.fixMode };
      const sourceCode = context.sourceCode;
      return {
        'Program:exit'() {
          const file = fileContextOf(sourceCode as TSESLint.SourceCode, context.filename);
          const matches = analyzeContext(file, { catalog, notices, engine, types: typeOracleOf(sourceCode as TSESLint.SourceCode) });
          const when = whenText(notice, today);
          const suppressions = ownSuppressionsOf(sourceCode as TSESLint.SourceCode);
          // With a baseline, a recorded finding is tolerated until its notice is in force (as the CLI's --baseline).
          let tolerated: Set<number> | undefined;
          if (baselineFile && matches.length > 0 && !isInForce(notice, today)) {
            const keys = baselineKeys(baselineFile);
            const file = relative(dirname(baselineFile), context.filename).split(sep).join('/');
            const ordered = [...matches].sort((a, b) => a.range[0] - b.range[0]);
            const prints = fingerprintAll(sourceCode.text, ordered);
            tolerated = new Set(ordered.flatMap((m, i) => (keys.has(`${file}\0${notice.id}\0${prints[i]}`) ? [m.range[0]] : [])));
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
        },
      };
    },
  };
}

/** Options of {@link configure}. */
export interface ConfigureOptions extends RuleOptions {
  /** Also report notices effective up to this day (as warnings until they are in force). */
  before?: IsoDate;
  /** Warn this many days ahead of an effective date (default 90). */
  warnWithinDays?: number;
  /** Only these notice ids. */
  notices?: string[];
  /** Every detectable notice as warn or error by date, pending included (the `all` config). */
  all?: boolean;
  /**
   * The CLI's baseline file (`collab-migrate --baseline-write FILE`), relative to ESLint's cwd. Every rule the
   * config turns on is then an error, and a finding the baseline records is not reported until its notice's
   * effective date (from that day it is an error): new code fails at once, recorded code when its date comes.
   */
  baseline?: string;
}

const FILES = ['**/*.{js,cjs,mjs,jsx,ts,tsx,mts,cts}'];

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
  configs: Record<'recommended' | 'all', Linter.Config> & { configure(opts?: ConfigureOptions): Linter.Config };
}

/** Builds the plugin from a catalog (the built-in one by default). */
export function createPlugin(catalog: LoadedCatalog = loadCatalog()): CollabPlugin {
  const detectable = catalog.notices.filter((n) => n.status !== 'informational' && n.detections.length > 0);
  const rules = Object.fromEntries(detectable.map((n) => [n.id, createRule(n, catalog)]));
  const plugin = { meta: { name: PLUGIN_NAME, version: pkg.version }, rules } as CollabPlugin;
  const configure = (opts: ConfigureOptions = {}): Linter.Config => {
    const today = opts.today ?? defaultToday();
    const wanted = opts.notices ? new Set(opts.notices) : undefined;
    if (wanted) {
      for (const id of wanted) if (!rules[id]) throw new Error(`collab-migrate: unknown notice "${id}" in configure({ notices })`);
    }
    const ruleEntries: Record<string, TSESLint.FlatConfig.RuleLevel> = {};
    for (const notice of detectable) {
      const severity = wanted && !wanted.has(notice.id) ? 'off' : severityFor(notice, opts, today);
      ruleEntries[`${PLUGIN_NAME}/${notice.id}`] = opts.baseline && severity !== 'off' ? 'error' : severity;
    }
    const settings: PluginSettings = { today, region: opts.region, strictScopes: opts.strictScopes, baseline: opts.baseline, fixMode: opts.fixMode };
    const config: TSESLint.FlatConfig.Config = {
      name: `${PLUGIN_NAME}/${opts.all ? 'all' : opts.before ? `before-${opts.before}` : 'recommended'}`,
      files: FILES,
      plugins: { [PLUGIN_NAME]: plugin as unknown as TSESLint.FlatConfig.Plugin },
      languageOptions: { parser: tsParser as TSESLint.FlatConfig.Parser },
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
    configure,
  } as CollabPlugin['configs'];
  return plugin;
}

const plugin = createPlugin();
export default plugin;
