/**
 * Stage `engine/catalog/`: the catalog and everything decided from it before a file is read. It owns loading
 * and validating `notices.json` and users' catalogs (this file, with the generated ajv validators), dates,
 * selection and severity on a given day (dates.ts), checking users' options (option-check.ts, option-names.ts,
 * did-you-mean.ts) and where a notice's documentation and sources are (sources.ts).
 *
 * Loading and validation of the catalog (`notices.json`) and of users' extra catalogs
 * (`--notices extra.json`). Every load is validated against `notices.schema.json` with ajv and then
 * by the semantic checks a schema cannot express (real calendar days, date order, unique ids...).
 * Every error names the file, the notice id and the JSON pointer of the bad field.
 *
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readTextFile } from '../read/read-file.js';
import { jsonTooDeep, tooDeepMessage } from '../read/json-depth.js';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import type Ajv2020Module from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import * as precompiled from './validators.generated.js';
import { isValidIsoDate } from './dates.js';
import { didYouMean as didYouMeanName } from './did-you-mean.js';
import type { Catalog, ExtraCatalog, Hosts, Notice, Scopes } from '../types.js';
import type { PrefilterEntry } from '../prefilter/prefilter.js';

/** A malformed catalog: names the file, the notice (when one is concerned) and the JSON pointer. */
export class CatalogError extends Error {
  readonly file: string;
  readonly noticeId?: string;
  /** JSON pointer of the bad value (`/notices/3/effective`); `''` for the whole document. */
  readonly pointer: string;
  /** 1-based line and column, for JSON syntax errors. */
  readonly line?: number;
  readonly column?: number;

  constructor(file: string, pointer: string, problem: string, options: { noticeId?: string; line?: number; column?: number } = {}) {
    const where = options.line !== undefined ? `${file}:${options.line}:${options.column ?? 1}` : file;
    const who = options.noticeId !== undefined ? ` notice "${options.noticeId}"` : '';
    const at = pointer === '' && options.noticeId === undefined ? '' : ` at ${pointer || '/'}`;
    super(`${where}:${who}${at}${who || at ? ':' : ''} ${problem}`);
    this.name = 'CatalogError';
    this.file = file;
    this.pointer = pointer;
    if (options.noticeId !== undefined) this.noticeId = options.noticeId;
    if (options.line !== undefined) this.line = options.line;
    if (options.column !== undefined) this.column = options.column;
  }
}

/** A validated catalog with its lookups. */
export interface LoadedCatalog {
  readonly catalog: Catalog;
  readonly notices: readonly Notice[];
  readonly hosts: Hosts;
  readonly scopes: Scopes;
  /** Every scope of `scopes.groups` and `scopes.extra`. */
  readonly knownScopes: ReadonlySet<string>;
  /** sha256 (hex) of the merged catalog, for caches. */
  readonly hash: string;
  get(id: string): Notice | undefined;
}

const PACKAGE_NAME = 'collab-migrate';
let packageRootCache: string | undefined;

/**
 * The package's root directory: walks up from this module to the `package.json` named `collab-migrate`
 * (works from the TypeScript sources and from `dist/`).
 */
export function packageRoot(): string {
  if (packageRootCache !== undefined) return packageRootCache;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME) {
          packageRootCache = dir;
          return dir;
        }
      } catch {
        // an unreadable package.json on the way up is not ours; keep walking
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the ${PACKAGE_NAME} package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/** Absolute path of the package's `notices.json`. */
export function builtinCatalogPath(): string {
  return join(packageRoot(), 'notices.json');
}

/** Absolute path of the package's `notices.schema.json`. */
export function catalogSchemaPath(): string {
  return join(packageRoot(), 'notices.schema.json');
}

// ---------------------------------------------------------------------------------------------
// Schema validation
// ---------------------------------------------------------------------------------------------

interface Validators {
  catalog: ValidateFunction;
  extra: ValidateFunction;
  /** The `kind` values the schema's Detection union accepts. */
  detectionKinds: readonly string[];
  /** `precompiled`: ajv's standalone code generated with the schema; `compiled`: compiled at load time. */
  origin: 'precompiled' | 'compiled';
}

let validatorsCache: Validators | undefined;

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function collectKinds(schema: JsonObject, defs: JsonObject, seen = new Set<string>()): string[] {
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const name = decodeURIComponent(ref.replace(/^#\/\$defs\//, ''));
    if (seen.has(name) || !isObject(defs[name])) return [];
    seen.add(name);
    return collectKinds(defs[name] as JsonObject, defs, seen);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) return list.flatMap((s) => (isObject(s) ? collectKinds(s, defs, seen) : []));
  }
  const kind = isObject(schema.properties) ? schema.properties.kind : undefined;
  if (isObject(kind)) {
    if (typeof kind.const === 'string') return [kind.const];
    if (Array.isArray(kind.enum)) return kind.enum.filter((k): k is string => typeof k === 'string');
  }
  return [];
}

/** The `kind` values of the schema's `Detection` union. */
export function detectionKindsOf(schema: unknown): string[] {
  const defs = isObject(schema) && isObject(schema.$defs) ? schema.$defs : {};
  return isObject(defs.Detection) ? collectKinds(defs.Detection, defs) : [];
}

/** sha256 (hex) of a text; stamps the precompiled validators with the schema they were made from. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Compiles the schema's validators with ajv (the path taken when no current precompiled ones exist). */
export function compileValidators(schemaText: string): Validators {
  const schema = JSON.parse(schemaText) as JsonObject;
  // Loaded only here: compiling costs far more than running the precompiled validators.
  // (ajv is CommonJS: require() returns module.exports, whose `.default` is the class.)
  const ajvModule = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof Ajv2020Module;
  const ajv = new ajvModule.default({ allErrors: false, strict: false, validateSchema: false });
  ajv.addSchema(schema);
  const id = typeof schema.$id === 'string' ? schema.$id : '';
  const catalog = ajv.getSchema(id);
  const extra = ajv.getSchema(`${id}#/$defs/ExtraCatalog`);
  if (!catalog || !extra) throw new Error(`${catalogSchemaPath()}: schema lacks the Catalog root or $defs/ExtraCatalog`);
  return { catalog, extra, detectionKinds: detectionKindsOf(schema), origin: 'compiled' };
}

function getValidators(): Validators {
  if (validatorsCache) return validatorsCache;
  const text = readFileSync(catalogSchemaPath(), 'utf8');
  validatorsCache = precompiled.schemaHash === sha256(text)
    ? {
        catalog: precompiled.validateCatalog as unknown as ValidateFunction,
        extra: precompiled.validateExtraCatalog as unknown as ValidateFunction,
        detectionKinds: precompiled.detectionKinds,
        origin: 'precompiled',
      }
    : compileValidators(text);
  return validatorsCache;
}

/** Whether this process validates with the precompiled validators (they match notices.schema.json). */
export function validatorOrigin(): 'precompiled' | 'compiled' {
  return getValidators().origin;
}

/** The detection kinds the catalog schema accepts. */
export function knownDetectionKinds(): readonly string[] {
  return getValidators().detectionKinds;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const pointerOf = (...segments: (string | number)[]) => segments.map((s) => `/${escapePointer(String(s))}`).join('');

function valueAt(doc: unknown, pointer: string): unknown {
  let cur = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) cur = cur[Number(seg)];
    else if (isObject(cur)) cur = cur[seg];
    else return undefined;
  }
  return cur;
}

function noticeIdAt(doc: unknown, pointer: string): string | undefined {
  const m = /^\/notices\/(\d+)/.exec(pointer);
  if (!m) return undefined;
  const notice = valueAt(doc, `/notices/${m[1]}`);
  return isObject(notice) && typeof notice.id === 'string' ? notice.id : undefined;
}

const show = (v: unknown) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v));

/** Turns ajv's errors into the one most useful CatalogError. */
function schemaError(doc: unknown, errors: ErrorObject[], file: string, kinds: readonly string[]): CatalogError {
  // A detection with an unknown kind produces one error per union member: say what is wrong instead.
  for (const e of errors) {
    const m = /^\/notices\/\d+\/detections\/\d+/.exec(e.instancePath);
    if (!m) continue;
    const detection = valueAt(doc, m[0]);
    if (!isObject(detection)) continue;
    const kind = detection.kind;
    if (typeof kind !== 'string' || !kinds.includes(kind)) {
      const problem = typeof kind === 'string'
        ? `unknown detection kind "${kind}"${didYouMean(kind, kinds)} (known kinds: ${kinds.join(', ')})`
        : `detection without a "kind" (known kinds: ${kinds.join(', ')})`;
      return new CatalogError(file, `${m[0]}/kind`, problem, { noticeId: noticeIdAt(doc, m[0]) });
    }
  }
  const candidates = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if');
  const pool = candidates.length > 0 ? candidates : errors;
  // Prefer the error of the union branch whose `kind` matched (deepest path first).
  const best = [...pool].sort((a, b) => b.instancePath.split('/').length - a.instancePath.split('/').length)[0];
  let pointer = best.instancePath;
  let problem: string;
  switch (best.keyword) {
    case 'required': {
      const missing = String((best.params as { missingProperty?: unknown }).missingProperty);
      pointer = `${pointer}${pointerOf(missing)}`;
      problem = `missing required field "${missing}"`;
      break;
    }
    case 'additionalProperties': {
      const extra = String((best.params as { additionalProperty?: unknown }).additionalProperty);
      pointer = `${pointer}${pointerOf(extra)}`;
      problem = `unknown field "${extra}"`;
      break;
    }
    case 'pattern':
      problem = `${show(valueAt(doc, pointer))} does not match ${String((best.params as { pattern?: unknown }).pattern)}`;
      break;
    case 'enum':
      problem = `${show(valueAt(doc, pointer))} is not one of ${((best.params as { allowedValues?: unknown[] }).allowedValues ?? []).map(show).join(', ')}`;
      break;
    case 'const':
      problem = `${show(valueAt(doc, pointer))} must be ${show((best.params as { allowedValue?: unknown }).allowedValue)}`;
      break;
    default:
      problem = `${show(valueAt(doc, pointer))} ${best.message ?? 'is invalid'}`;
  }
  return new CatalogError(file, pointer, problem, { noticeId: noticeIdAt(doc, pointer) });
}

// ---------------------------------------------------------------------------------------------
// Semantic checks
// ---------------------------------------------------------------------------------------------

const DATE_FIELDS = ['announced', 'deprecated', 'effective'] as const;

/** Checks one notice's facts that the schema cannot; `at` is the notice's pointer (`/notices/3`). */
function checkNotice(n: Notice, at: string, file: string): void {
  const fail = (field: string, problem: string): never => {
    throw new CatalogError(file, `${at}/${field}`, problem, { noticeId: n.id });
  };
  for (const field of DATE_FIELDS) {
    const v = n[field];
    if (v !== undefined && !isValidIsoDate(v)) fail(field, `invalid date "${v}"`);
  }
  n.dateHistory?.forEach((d, i) => {
    if (!isValidIsoDate(d)) fail(`dateHistory/${i}`, `invalid date "${d}"`);
  });
  n.milestones?.forEach((m, i) => {
    if (!isValidIsoDate(m.date)) fail(`milestones/${i}/date`, `invalid date "${m.date}"`);
  });

  if (n.status === 'dated' && n.effective === undefined) fail('effective', 'a "dated" notice needs an "effective" date');
  if ((n.status === 'pending' || n.status === 'contract') && n.effective !== undefined) {
    fail('effective', `a "${n.status}" notice has no "effective" date (use status "dated")`);
  }
  if (n.effective !== undefined) {
    if (n.announced !== undefined && n.effective < n.announced) {
      fail('effective', `effective ${n.effective} is before announced ${n.announced}`);
    }
    if (n.deprecated !== undefined && n.deprecated > n.effective) {
      fail('deprecated', `deprecated ${n.deprecated} is after effective ${n.effective}`);
    }
    n.dateHistory?.forEach((d, i) => {
      if (d >= n.effective!) fail(`dateHistory/${i}`, `earlier date ${d} is not before effective ${n.effective}`);
    });
  }
  n.dateHistory?.forEach((d, i, all) => {
    if (i > 0 && d <= all[i - 1]) fail(`dateHistory/${i}`, `dateHistory is not in ascending order (${all[i - 1]} then ${d})`);
  });
  if (n.precision !== undefined && n.precision !== 'day' && n.effectiveText === undefined) {
    fail('effectiveText', `a "${n.precision}" precision date needs the source's own words in "effectiveText"`);
  }
  if (n.fix === 'none') {
    // Adapters follow the notice's fix kind: a detection that edits code would be silently dropped.
    n.detections.forEach((d, i) => {
      const editing = ['renameTo', 'remove', 'rewrite'].find((k) => {
        const v = (d as unknown as Record<string, unknown>)[k];
        return v !== undefined && v !== false;
      });
      if (editing !== undefined) fail(`detections/${i}/${editing}`, `the detection edits code ("${editing}") but the notice's fix is "none" (make it "autofix" or "suggestion")`);
    });
  }
  if (n.fixTiming?.kind === 'expand-contract' && n.status !== 'dated') {
    fail('fixTiming/kind', `"expand-contract" needs an effective date to switch forms on, but the notice is "${n.status}" (use "safe" or "final-only")`);
  }
  if (n.example?.transitional !== undefined && n.fixTiming?.kind !== 'expand-contract') {
    fail('example/transitional', 'an example with a transitional form needs fixTiming kind "expand-contract"');
  }
  n.detections.forEach((d, i) => {
    // A scope says where the detection applies: its endpoints, or (where the platform names none) the context.
    if (d.scope && d.scope.endpoints.length === 0 && d.scope.where === undefined) fail(`detections/${i}/scope`, 'a scope without endpoints needs "where" (the context the detection applies in)');
    if (d.scope?.untied !== undefined && d.scope.endpoints.length === 0) fail(`detections/${i}/scope/untied`, '"untied" needs endpoints to tie to');
  });
  checkPatterns(n, fail);
  if (n.status === 'informational') {
    if (n.reason === undefined || n.reason.trim() === '') fail('reason', 'an informational notice needs a "reason" (why consumer code cannot be checked)');
    if (n.detections.length > 0) fail('detections', 'an informational notice has no detections (change its status to detect it)');
    if (n.fix !== 'none') fail('fix', `an informational notice cannot have fix "${n.fix}"`);
  }
}

/** The longest regular expression a catalog may give (the built-in catalog's longest is under 200 characters). */
export const MAX_PATTERN_LENGTH = 1000;

/**
 * The regular expressions a catalog gives (the `paths` of `request-field` and `url-path` detections) run on every
 * candidate file: one that does not compile, is huge, or can backtrack catastrophically (`/v1/(a+)+b`: a
 * quantifier inside a quantified group, as the safe-regex2 library judges star height) is refused at load,
 * naming the notice and the pattern, instead of failing every file or hanging the scan (issue 28).
 */
function checkPatterns(n: Notice, fail: (field: string, problem: string) => never): void {
  n.detections.forEach((d, i) => {
    if (d.kind !== 'request-field' && d.kind !== 'url-path') return;
    d.paths.forEach((source, j) => {
      const field = `detections/${i}/paths/${j}`;
      if (source.length > MAX_PATTERN_LENGTH) fail(field, `the regular expression is ${source.length} characters long (at most ${MAX_PATTERN_LENGTH})`);
      try {
        new RegExp(source, 'i');
      } catch (error) {
        fail(field, `${JSON.stringify(source)} is not a regular expression: ${(error as Error).message}`);
      }
      if (!safeRegex()(source, { limit: 25 })) fail(field, `${JSON.stringify(source)} can take exponential time (a repeated group that repeats inside); write it without nested quantifiers`);
    });
  });
}

let safeRegexModule: ((re: string, opts?: { limit?: number }) => boolean) | undefined;
/** safe-regex2, loaded on the first catalog check. */
function safeRegex(): (re: string, opts?: { limit?: number }) => boolean {
  return (safeRegexModule ??= createRequire(import.meta.url)('safe-regex2') as (re: string, opts?: { limit?: number }) => boolean);
}

function checkCatalogSemantics(notices: readonly Notice[], file: string): void {
  const seen = new Map<string, number>();
  notices.forEach((n, i) => {
    const at = pointerOf('notices', i);
    const first = seen.get(n.id);
    if (first !== undefined) {
      throw new CatalogError(file, `${at}/id`, `duplicate id "${n.id}" (first at /notices/${first})`, { noticeId: n.id });
    }
    seen.set(n.id, i);
    checkNotice(n, at, file);
  });
}

function checkHosts(hosts: Partial<Hosts> | undefined, file: string): void {
  if (hosts?.apiBase !== undefined && !URL.canParse(hosts.apiBase)) {
    throw new CatalogError(file, '/hosts/apiBase', `"${hosts.apiBase}" is not an absolute URL`);
  }
  const names: [string, unknown][] = [
    ...(hosts?.api ?? []).map((h, i): [string, unknown] => [`/hosts/api/${i}`, h]),
    ...(hosts?.legacyApi ?? []).map((h, i): [string, unknown] => [`/hosts/legacyApi/${i}`, h]),
    ['/hosts/callHistory/legacy', hosts?.callHistory?.legacy],
    ['/hosts/callHistory/govLegacy', hosts?.callHistory?.govLegacy],
    ['/hosts/callHistory/gov', hosts?.callHistory?.gov],
    ...Object.entries(hosts?.callHistory?.regional ?? {}).map(([r, h]): [string, unknown] => [`/hosts/callHistory/regional/${r}`, h]),
  ];
  for (const [pointer, h] of names) {
    if (h !== undefined && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i.test(String(h))) {
      throw new CatalogError(file, pointer, `"${String(h)}" is not a host name (no scheme, no path)`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/** Validates a parsed catalog document (schema, then semantics). Throws {@link CatalogError}. */
export function parseCatalog(json: unknown, file: string): Catalog {
  const v = getValidators();
  if (!v.catalog(json)) throw schemaError(json, v.catalog.errors ?? [], file, v.detectionKinds);
  const catalog = json as Catalog;
  checkCatalogSemantics(catalog.notices, file);
  checkHosts(catalog.hosts, file);
  return catalog;
}

/** Validates a user's extra catalog (`--notices extra.json`). Throws {@link CatalogError}. */
export function parseExtraCatalog(json: unknown, file: string): ExtraCatalog {
  const v = getValidators();
  if (!v.extra(json)) throw schemaError(json, v.extra.errors ?? [], file, v.detectionKinds);
  const extra = json as ExtraCatalog;
  if (extra.version !== undefined && extra.version !== 1) {
    throw new CatalogError(file, '/version', `unsupported catalog version ${extra.version} (this collab-migrate reads version 1)`);
  }
  checkCatalogSemantics(extra.notices, file);
  checkHosts(extra.hosts, file);
  return extra;
}

/**
 * Merges a user's extra catalog after `base`: new notices are appended; a notice whose id exists in
 * `base` is an error unless it sets `"replaces": true` (then it takes the base notice's place).
 * Hosts are overridden field by field; scope groups and extras are added.
 */
export function mergeCatalogs(base: Catalog, extra: ExtraCatalog, file: string): Catalog {
  const notices = [...base.notices];
  const index = new Map(notices.map((n, i) => [n.id, i]));
  extra.notices.forEach((n, i) => {
    const at = index.get(n.id);
    if (at !== undefined) {
      if (n.replaces !== true) {
        throw new CatalogError(file, pointerOf('notices', i, 'id'), `duplicate id "${n.id}": the built-in catalog already has it (set "replaces": true to replace it)`, { noticeId: n.id });
      }
      notices[at] = n;
    } else {
      if (n.replaces === true) {
        const ids = notices.map((x) => x.id);
        throw new CatalogError(file, pointerOf('notices', i, 'replaces'), `"replaces": true but there is no notice "${n.id}" to replace${didYouMean(n.id, ids)}`, { noticeId: n.id });
      }
      index.set(n.id, notices.length);
      notices.push(n);
    }
  });
  const hosts: Hosts = {
    ...base.hosts,
    ...extra.hosts,
    callHistory: {
      ...base.hosts.callHistory,
      ...extra.hosts?.callHistory,
      regional: { ...base.hosts.callHistory.regional, ...extra.hosts?.callHistory?.regional },
    },
  };
  const groups: Record<string, string[]> = { ...base.scopes.groups };
  for (const [name, list] of Object.entries(extra.scopes?.groups ?? {})) {
    groups[name] = [...new Set([...(groups[name] ?? []), ...list])];
  }
  const scopes: Scopes = { ...base.scopes, groups, extra: [...new Set([...base.scopes.extra, ...(extra.scopes?.extra ?? [])])] };
  if (base.scopes.sources !== undefined || extra.scopes?.sources !== undefined) scopes.sources = { ...base.scopes.sources, ...extra.scopes?.sources };
  const references = { ...base.references, ...extra.references };
  const merged: Catalog = { ...base, references, hosts, scopes, notices };
  checkCatalogSemantics(merged.notices, file);
  return merged;
}

/** Reads and parses a JSON file; syntax errors become CatalogErrors with line and column. */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    // The guarded reader: a user catalog that is a named pipe or a link to /dev/zero is refused, not read for ever.
    text = readTextFile(file);
  } catch (e) {
    throw new CatalogError(file, '', `cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parseJsonText(text, file);
}

/** `JSON.parse` with a {@link CatalogError} carrying line and column on a syntax error. */
export function parseJsonText(text: string, file: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Before parsing: what walks the parsed value (the schema, the error locator below) recurses.
  const deep = jsonTooDeep(body);
  if (deep) throw new CatalogError(file, '', tooDeepMessage(), deep);
  try {
    return JSON.parse(body) as unknown;
  } catch (e) {
    const message = (e as Error).message;
    let line: number | undefined;
    let column: number | undefined;
    const lc = /line (\d+) column (\d+)/.exec(message);
    const pos = /at position (\d+)/.exec(message);
    if (lc) {
      line = Number(lc[1]);
      column = Number(lc[2]);
    } else {
      const offset = pos ? Number(pos[1]) : jsonErrorOffset(body);
      const before = body.slice(0, offset).split('\n');
      line = before.length;
      column = before[before.length - 1].length + 1;
    }
    const detail = message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '');
    throw new CatalogError(file, '', `JSON syntax error: ${detail}`, { line, column });
  }
}

/**
 * Offset of the first character where `text` stops being JSON (V8 does not always say where).
 * A plain recursive-descent scan; only called after `JSON.parse` has failed.
 */
function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const expect = (c: string) => (text[i] === c ? i++ : fail());
  const string = () => {
    expect('"');
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 5;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[i] ?? '')) fail();
      }
      i++;
    }
    expect('"');
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        string();
        ws();
        expect(':');
        value();
        ws();
        if (text[i] === ',') i++;
        else return void expect('}');
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else return void expect(']');
      }
    }
    if (c === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!literal) fail();
    i += literal![0].length;
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return text.length;
  } catch (at) {
    if (typeof at === 'number') return Math.min(at, text.length);
    throw at;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function toLoaded(catalog: Catalog, knownHash?: string): LoadedCatalog {
  const frozen = deepFreeze(catalog);
  const byId = new Map(frozen.notices.map((n) => [n.id, n]));
  const knownScopes = new Set([...Object.values(frozen.scopes.groups).flat(), ...frozen.scopes.extra]);
  const hash = knownHash ?? sha256(JSON.stringify(frozen));
  return {
    catalog: frozen,
    notices: frozen.notices,
    hosts: frozen.hosts,
    scopes: frozen.scopes,
    knownScopes,
    hash,
    get: (id: string) => byId.get(id),
  };
}

let builtinCache: LoadedCatalog | undefined;

/**
 * What the build records of the built-in catalog it validated (scripts/bundle.ts writes it as
 * `dist/catalog-index.json`): the `notices.json` text itself and the loaded catalog's hash. A run of the
 * built package whose `notices.json` has that very text takes it as validated, and skips the schema and semantic
 * checks and the hash of the whole catalog (time every run paid before reading a file). The text is compared
 * whole, not by a digest: a sha256 of it loaded `node:crypto` in every run, about a sixth of a one-file scan's
 * instructions above `node -e 0` with the hash (issue 30, item 2), and a comparison is exact.
 *
 * `prefilter` is the prefilter's data of every detection of that catalog ({@link PrefilterTable}), worked out by the
 * build from the detectors, so that a run decides which files hold a notice token without loading the detectors
 * and the analysis (cli/scan/scan-core.ts; issue 30, item 2). It is used only with the text it was made from, and only
 * when it is well formed and lists every detection of every notice ({@link builtPrefilterEntries}); else the run
 * works the entries out from the detectors, as without an index.
 */
export interface CatalogIndex {
  text: string;
  hash: string;
  prefilter?: PrefilterTable;
}

/** Per notice id, the prefilter entry of each of its detections, in the catalog's order (empty for an informational notice). */
export type PrefilterTable = Record<string, PrefilterEntry[]>;

/** Where the build writes the {@link CatalogIndex}. */
export function catalogIndexPath(): string {
  return join(packageRoot(), 'dist', 'catalog-index.json');
}

/** The build's {@link CatalogIndex}, when this module runs from the build (never from the TypeScript sources). */
function builtIndex(): CatalogIndex | undefined {
  if (!/[\\/]dist[\\/]/.test(fileURLToPath(import.meta.url))) return undefined;
  try {
    const index = JSON.parse(readFileSync(catalogIndexPath(), 'utf8')) as Partial<CatalogIndex>;
    return typeof index.text === 'string' && typeof index.hash === 'string' ? (index as CatalogIndex) : undefined;
  } catch {
    return undefined;
  }
}

/** The index's prefilter table, per loaded catalog it was checked against (the built-in one, taken from the index). */
const prefilterTables = new WeakMap<LoadedCatalog, ReadonlyMap<string, readonly PrefilterEntry[]>>();

/** The built-in catalog, validated, or taken as the build validated it (see {@link CatalogIndex}). */
function loadBuiltin(): LoadedCatalog {
  const file = builtinCatalogPath();
  const index = builtIndex();
  if (index) {
    let text: string | undefined;
    try {
      text = readTextFile(file);
    } catch {
      // Unreadable: the validating path below says why.
    }
    if (text !== undefined && text === index.text) {
      const loaded = toLoaded(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as Catalog, index.hash);
      const table = checkedPrefilterTable(index.prefilter, loaded.notices);
      if (table) prefilterTables.set(loaded, table);
      return loaded;
    }
  }
  return toLoaded(parseCatalog(readJsonFile(file), file));
}

/**
 * A {@link PrefilterTable} read from the index, as a map, when it is well formed and lists one entry for each detection of
 * each notice of the catalog (an informational notice none, as the plan leaves it out); undefined otherwise: a table
 * that does not fit the catalog is not used.
 */
export function checkedPrefilterTable(table: unknown, notices: readonly Notice[]): ReadonlyMap<string, readonly PrefilterEntry[]> | undefined {
  if (typeof table !== 'object' || table === null || Array.isArray(table)) return undefined;
  const byId = new Map<string, readonly PrefilterEntry[]>();
  for (const notice of notices) {
    const entries = Object.hasOwn(table, notice.id) ? (table as Record<string, unknown>)[notice.id] : undefined;
    if (!Array.isArray(entries) || entries.length !== (notice.status === 'informational' ? 0 : notice.detections.length) || !entries.every(isPrefilterEntry)) return undefined;
    byId.set(notice.id, entries);
  }
  if (Object.keys(table).length !== byId.size) return undefined;
  return byId;
}

const ENTRY_KEYS = new Set(['tokens', 'requires', 'config', 'urls', 'importsWhen', 'merged']);
const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((t) => typeof t === 'string');

function isPrefilterEntry(x: unknown): x is PrefilterEntry {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  if (!Object.keys(e).every((k) => ENTRY_KEYS.has(k))) return false;
  if (!isStrings(e.tokens) || !isStrings(e.requires) || typeof e.config !== 'boolean') return false;
  if (e.urls !== undefined && e.urls !== true && e.urls !== 'calls') return false;
  if (e.merged !== undefined && e.merged !== true) return false;
  if (e.importsWhen === undefined) return true;
  return Array.isArray(e.importsWhen) && e.importsWhen.every((w: unknown) => typeof w === 'object' && w !== null && typeof (w as { source?: unknown }).source === 'string' && typeof (w as { flags?: unknown }).flags === 'string' && validPattern(w as { source: string; flags: string }));
}

function validPattern(w: { source: string; flags: string }): boolean {
  try {
    new RegExp(w.source, w.flags);
    return true;
  } catch {
    return false;
  }
}

/**
 * The prefilter's entries for these notices of this catalog (what engine/analyze.ts's `prefilterEntries` gives, in the
 * same order), from the build's index ({@link CatalogIndex}); undefined when the catalog is not the one the index was
 * checked against (a catalog with `--notices` files, or a `notices.json` the build did not see), or a notice is not in
 * it: then the caller works them out from the detectors.
 */
export function builtPrefilterEntries(notices: readonly Notice[], catalog: LoadedCatalog): PrefilterEntry[] | undefined {
  const table = prefilterTables.get(catalog);
  if (!table) return undefined;
  const entries: PrefilterEntry[] = [];
  for (const notice of notices) {
    if (notice.status === 'informational') continue;
    const own = table.get(notice.id);
    if (!own || catalog.get(notice.id) !== notice) return undefined;
    entries.push(...own);
  }
  return entries;
}

/** The {@link CatalogIndex} of the built-in catalog, validating it (for the build); `prefilter` makes its table. */
export function buildCatalogIndex(prefilter?: (catalog: LoadedCatalog) => PrefilterTable): CatalogIndex {
  const file = builtinCatalogPath();
  const text = readTextFile(file);
  const loaded = toLoaded(parseCatalog(parseJsonText(text, file), file));
  return prefilter ? { text, hash: loaded.hash, prefilter: prefilter(loaded) } : { text, hash: loaded.hash };
}

/**
 * The built-in catalog (parsed once per process) merged with the given extra catalogs, in order.
 * Throws {@link CatalogError} for any malformed file.
 */
export function loadCatalog(options: { extraFiles?: string[] } = {}): LoadedCatalog {
  builtinCache ??= loadBuiltin();
  const extras = options.extraFiles ?? [];
  if (extras.length === 0) return builtinCache;
  let catalog: Catalog = builtinCache.catalog;
  for (const file of extras) {
    catalog = mergeCatalogs(catalog, parseExtraCatalog(readJsonFile(file), file), file);
  }
  return toLoaded(structuredClone(catalog));
}

/**
 * The id nearest to `unknown` for a "did you mean" hint (see {@link didYouMeanName}); undefined when nothing is close.
 */
export function suggestId(unknown: string, ids: readonly string[]): string | undefined {
  return didYouMeanName(unknown, ids);
}

function didYouMean(unknown: string, ids: readonly string[]): string {
  const s = suggestId(unknown, ids);
  return s === undefined ? '' : `. Did you mean "${s}"?`;
}
