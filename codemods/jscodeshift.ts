/**
 * The jscodeshift transform: runs the engine on `file.source` and returns the text with the engine's
 * autofixes applied (the same edits as ESLint `--fix` and the ts-morph codemod). It never parses with
 * jscodeshift's parser nor reprints through recast, so bytes outside the edits are untouched.
 *
 * ```sh
 * npx jscodeshift -t node_modules/collab-migrate/dist/jscodeshift.js --parser=tsx --before=2026-07-28 src
 * ```
 * Options (as `--name=value`, or `--kebab-name=value`): `before`, `today`, `only` and `skip` (comma-separated notice
 * ids), `region`, `warnWithinDays`, `notices` (an extra catalog file), `strictScopes`, `fixMode` (`date`, the
 * default: before a notice's effective date write transitional forms; `final`: write final forms now), `root`. Any
 * other option that is not jscodeshift's own is an error.
 *
 * The package's `dist/jscodeshift.js` is a loader for this module (see `/jscodeshift.ts`).
 */
import path from 'node:path';
import { fileLanguage } from '../engine/analyze.js';
import { loadCatalog, suggestId, type LoadedCatalog } from '../engine/catalog/catalog.js';
import { didYouMean } from '../engine/catalog/did-you-mean.js';
import { DEFAULT_WARN_WITHIN_DAYS, isSelected, isValidIsoDate, severityOf } from '../engine/catalog/dates.js';
import { fixFile, type FixResult } from '../engine/fix/edits.js';
import type { EngineOptions, IsoDate, Notice, Region } from '../engine/types.js';

/** The options jscodeshift passes through from its command line (values arrive as strings, numbers or booleans). */
export interface TransformOptions {
  before?: string;
  today?: string;
  only?: string | string[];
  skip?: string | string[];
  region?: string;
  warnWithinDays?: number | string;
  notices?: string;
  strictScopes?: boolean | string;
  fixMode?: string;
  /** The folder transformed (`--root=`; default the working folder): the root of a file no `.git` or `package.json` is above. */
  root?: string;
  [other: string]: unknown;
}

/** The subset of jscodeshift's `FileInfo` the transform reads. */
export interface TransformFile {
  path: string;
  source: string;
}

/** The subset of jscodeshift's `API` the transform uses. */
export interface TransformApi {
  report?(message: string): void;
}

/** Environment variable that pins "today" (tests, reproducible CI); the same as the ESLint plugin's. */
export const TODAY_ENV = 'COLLAB_MIGRATE_TODAY';

const REGIONS: readonly Region[] = ['us', 'eu', 'in', 'au'];

function list(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter(Boolean);
}

function date(name: string, value: unknown): IsoDate | undefined {
  if (value === undefined) return undefined;
  const s = String(value);
  if (!isValidIsoDate(s)) throw new Error(`collab-migrate: --${name}=${s} is not a real day as YYYY-MM-DD`);
  return s;
}

function today(options: TransformOptions): IsoDate {
  const given = date('today', options.today);
  if (given) return given;
  const pinned = process.env[TODAY_ENV];
  if (pinned && isValidIsoDate(pinned)) return pinned;
  return new Date().toISOString().slice(0, 10);
}

/** Everything the transform derives from its options, computed once per distinct set of options. */
export interface TransformSetup {
  catalog: LoadedCatalog;
  notices: readonly Notice[];
  engine: EngineOptions;
}

const catalogs = new Map<string, LoadedCatalog>();
const setups = new Map<string, TransformSetup>();

/** The transform's own options, by the name it reads. */
export const TRANSFORM_OPTIONS = ['before', 'today', 'only', 'skip', 'region', 'warnWithinDays', 'notices', 'strictScopes', 'fixMode', 'root'] as const;

/**
 * jscodeshift's own command-line options (17.x, as its parser names them), which it passes to the transform with
 * every other `--name=value` of the command line.
 */
const JSCODESHIFT_OPTIONS = new Set(['transform', 'cpus', 'verbose', 'dry', 'print', 'babel', 'extensions', 'ignorePattern', 'ignoreConfig', 'gitignore', 'runInBand', 'silent', 'parser', 'parserConfig', 'failOnError', 'version', 'stdin', 'help']);

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const BY_KEBAB = new Map<string, (typeof TRANSFORM_OPTIONS)[number]>(TRANSFORM_OPTIONS.map((o) => [kebab(o), o]));

/**
 * The transform's options as it reads them: `--fix-mode=final` as `--fixMode=final` (jscodeshift passes a name it
 * does not know as written, and the CLI spells its flags that way), and an error naming any option that is neither
 * the transform's nor jscodeshift's. Before, a misspelt `--befor=2026-07-28` or `--warn-within-days=30` was passed
 * through and ignored: the run went on with the default day and window.
 */
export function transformOptions(options: TransformOptions): TransformOptions {
  const out: TransformOptions = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    const own = (TRANSFORM_OPTIONS as readonly string[]).includes(key) ? key : BY_KEBAB.get(key);
    if (own !== undefined) {
      if (own in out && out[own] !== value) throw new Error(`collab-migrate: --${own} is given twice, with different values (${String(out[own])} and ${String(value)})`);
      out[own] = value;
    } else if (!JSCODESHIFT_OPTIONS.has(key)) {
      const near = didYouMean(key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), TRANSFORM_OPTIONS);
      throw new Error(`collab-migrate: unknown option --${key}${near ? ` (did you mean --${near}?)` : ''}; the transform reads ${TRANSFORM_OPTIONS.map((o) => `--${o}`).join(', ')}`);
    }
  }
  return out;
}

/**
 * The catalog, notices and engine options for a set of transform options: notices selected by
 * `--before` and by their severity on `--today` as the CLI selects them (a notice whose severity is
 * off is not fixed), then narrowed by `--only` / `--skip`. Throws with a clear message on a bad option.
 */
export function setupFromOptions(given: TransformOptions): TransformSetup {
  const options = transformOptions(given);
  const root = path.resolve(typeof options.root === 'string' ? options.root : process.cwd());
  const key = JSON.stringify([options.before, options.today, options.only, options.skip, options.region, options.warnWithinDays, options.notices, options.strictScopes, options.fixMode, today(options), root]);
  const cached = setups.get(key);
  if (cached) return cached;
  const extra = options.notices === undefined ? [] : [String(options.notices)];
  const catalogKey = JSON.stringify(extra);
  let catalog = catalogs.get(catalogKey);
  if (!catalog) catalogs.set(catalogKey, (catalog = loadCatalog({ extraFiles: extra })));
  const before = date('before', options.before);
  const day = today(options);
  const window = options.warnWithinDays === undefined ? DEFAULT_WARN_WITHIN_DAYS : Number(options.warnWithinDays);
  if (!Number.isInteger(window) || window < 0) throw new Error(`collab-migrate: --warnWithinDays=${String(options.warnWithinDays)} is not a whole number of days`);
  const ids = catalog.notices.map((n) => n.id);
  const only = list(options.only);
  const skip = list(options.skip);
  for (const id of [...only, ...skip]) {
    if (!catalog.get(id)) {
      const near = suggestId(id, ids);
      throw new Error(`collab-migrate: unknown notice "${id}".${near ? ` Did you mean "${near}"?` : ''}`);
    }
  }
  const notices = catalog.notices.filter(
    (n) =>
      isSelected(n, { before }) &&
      severityOf(n, { today: day, before, warnWithinDays: window }) !== 'off' &&
      (only.length === 0 || only.includes(n.id)) &&
      !skip.includes(n.id),
  );
  let region: Region | undefined;
  if (options.region !== undefined) {
    region = String(options.region).toLowerCase() as Region;
    if (!REGIONS.includes(region)) throw new Error(`collab-migrate: --region=${String(options.region)} is not one of ${REGIONS.join(', ')}`);
  }
  const strictScopes = options.strictScopes === true || options.strictScopes === 'true';
  if (options.fixMode !== undefined && options.fixMode !== 'date' && options.fixMode !== 'final') {
    throw new Error(`collab-migrate: --fixMode=${String(options.fixMode)} is not one of date, final`);
  }
  // The folder transformed (jscodeshift runs from it, or `--root=`): the root of a file no `.git` or `package.json` is above.
  const engine: EngineOptions = { optionStyle: 'jscodeshift', today: day, scanRoots: [root] };
  if (options.fixMode === 'final') engine.fixMode = 'final';
  if (region) engine.region = region;
  if (strictScopes) engine.strictScopes = true;
  const setup = { catalog, notices, engine };
  setups.set(key, setup);
  return setup;
}

/** Runs the engine's fixes on one file's text with the transform's options. */
export function fixSource(file: TransformFile, options: TransformOptions): FixResult {
  const { catalog, notices, engine } = setupFromOptions(options);
  return fixFile({ filename: file.path, text: file.source }, { catalog, notices, engine });
}

/**
 * The transform. Returns the fixed text; the source unchanged when nothing was fixed (jscodeshift
 * counts the file "unmodified"); `undefined` for files the engine does not read and for markup (HTML pages, Vue and Svelte components: the CLI and the ESLint processor read their scripts), "skipped". A file
 * whose fixes were all refused because the result would not parse is an error (the text is not changed).
 * Findings that remain (no autofix, or refused) are told through `api.report`, with line and column.
 */
export default function transform(file: TransformFile, api: TransformApi, options: TransformOptions): string | undefined {
  // jscodeshift reads JavaScript and TypeScript: an HTML page or a Vue/Svelte component is left to the CLI and ESLint.
  const language = fileLanguage(file.path);
  if (language === 'unsupported' || language === 'html') return undefined;
  const result = fixSource(file, options);
  if (result.failure && !result.changed) throw new Error(`collab-migrate: ${result.failure}`);
  if (result.failure) api.report?.(`collab-migrate: ${result.failure}`);
  for (const m of result.remaining) api.report?.(`${m.loc.start.line}:${m.loc.start.column + 1} ${m.noticeId}: not fixed automatically: ${m.message}`);
  return result.output;
}
