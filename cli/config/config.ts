/**
 * Options from a `.collab-migraterc.json` or the `collab-migrate` key of `package.json`, found in the
 * working directory or the nearest parent that has one. Validated with a JSON Schema; a bad file
 * exits 2 naming the file and the key. Flags on the command line win over these.
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { CALENDAR_DAY_FORMAT, checkOptions, OptionsError, type OptionsSchema } from '../../engine/catalog/option-check.js';
import { UsageError } from '../errors.js';
import { FORMATS, type Format } from './settings.js';
import { readRegularFile } from '../walk/files.js';
import { jsonTooDeep, tooDeepMessage } from '../../engine/read/json-depth.js';

/** The keys a configuration file may set (camelCase names of the scan flags). */
export interface RcOptions {
  before?: string;
  warnWithin?: number;
  format?: Format;
  output?: string;
  /** More reports from the same run: format name to file (`{ "sarif": "collab.sarif" }`). */
  outputs?: Partial<Record<Format, string>>;
  sarifCategory?: string;
  baseline?: string;
  only?: string[];
  skip?: string[];
  notices?: string[];
  region?: 'us' | 'eu' | 'in' | 'au';
  include?: string[];
  exclude?: string[];
  maxWarnings?: number;
  maxFileSize?: string | number;
  reportUnusedSuppressions?: boolean;
  strictScopes?: boolean;
  checkSyntax?: boolean;
  fixMode?: 'date' | 'final';
  failOnUnanalysed?: boolean;
  includeGenerated?: boolean;
}

export interface LoadedRc {
  /** The file it came from. */
  file: string;
  /** `package.json#collab-migrate` or `.collab-migraterc.json`. */
  label: string;
  options: RcOptions;
}

const stringList = { type: 'array', items: { type: 'string', minLength: 1 } };

/** JSON Schema of a configuration file (checked with the plugin's option checker: names the key, the value and what is allowed). */
export const RC_SCHEMA: OptionsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    before: { type: 'string', format: CALENDAR_DAY_FORMAT },
    warnWithin: { type: 'integer', minimum: 0 },
    format: { type: 'string', enum: [...FORMATS] },
    output: { type: 'string', minLength: 1 },
    outputs: { type: 'object', additionalProperties: false, properties: Object.fromEntries(FORMATS.map((f) => [f, { type: 'string', minLength: 1 }])) },
    sarifCategory: { type: 'string', minLength: 1 },
    baseline: { type: 'string', minLength: 1 },
    only: stringList,
    skip: stringList,
    notices: stringList,
    region: { type: 'string', enum: ['us', 'eu', 'in', 'au'] },
    include: stringList,
    exclude: stringList,
    maxWarnings: { type: 'integer', minimum: -1 },
    maxFileSize: { type: ['string', 'integer'] },
    reportUnusedSuppressions: { type: 'boolean' },
    strictScopes: { type: 'boolean' },
    checkSyntax: { type: 'boolean' },
    fixMode: { enum: ['date', 'final'] },
    failOnUnanalysed: { type: 'boolean' },
    includeGenerated: { type: 'boolean' },
  },
};

const RC_FILE = '.collab-migraterc.json';
const PKG_KEY = 'collab-migrate';

function parseJson(file: string, label: string): unknown {
  let text: string;
  try {
    text = readRegularFile(file).toString('utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${label} (${file}): ${(error as Error).message}`);
  }
  const deep = jsonTooDeep(text);
  if (deep) throw new UsageError(`Invalid JSON in ${label} (${file}): ${tooDeepMessage(deep)}`);
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UsageError(`Invalid JSON in ${label} (${file}): ${(error as Error).message}`);
  }
}

function check(value: unknown, file: string, label: string): LoadedRc {
  let checked: RcOptions;
  try {
    checked = checkOptions<RcOptions>(value, RC_SCHEMA, `Invalid configuration in ${label} (${file})`);
  } catch (error) {
    if (error instanceof OptionsError) throw new UsageError(error.message, { cause: error });
    throw error;
  }
  const options: RcOptions = { ...checked };
  delete (options as { $schema?: string }).$schema;
  // Paths in a configuration file are relative to that file.
  const dir = path.dirname(file);
  if (options.output) options.output = path.resolve(dir, options.output);
  if (options.baseline) options.baseline = path.resolve(dir, options.baseline);
  if (options.outputs) options.outputs = Object.fromEntries(Object.entries(options.outputs).map(([f, file]) => [f, path.resolve(dir, file)]));
  if (options.notices) options.notices = options.notices.map((n) => path.resolve(dir, n));
  return { file, label, options };
}

/** Finds and validates the configuration for `cwd`; undefined when there is none. */
export function loadRc(cwd: string): LoadedRc | undefined {
  let dir = path.resolve(cwd);
  for (;;) {
    const rc = path.join(dir, RC_FILE);
    if (existsSync(rc)) return check(parseJson(rc, RC_FILE), rc, RC_FILE);
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      const json = parseJson(pkg, 'package.json');
      if (json && typeof json === 'object' && PKG_KEY in json) {
        return check((json as Record<string, unknown>)[PKG_KEY], pkg, `package.json "${PKG_KEY}" key`);
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Keys of a configuration file that choose what the run writes or which catalogs it reads (a user catalog's
 * patterns run on every file). A scanned repository is untrusted input (a pull request in CI), so these keys
 * are used only when the command line says so (`--trust-config`); otherwise they are ignored with a warning.
 */
export const GUARDED_RC_KEYS = ['output', 'outputs', 'notices'] as const;

/** Whether `file` (absolute) is `root` or inside it, following the links of the part of its path that exists. */
export function insideFolder(file: string, root: string): boolean {
  const real = (p: string): string => {
    // The deepest part that exists, resolved through its links, and the rest as written.
    let head = path.resolve(p);
    const rest: string[] = [];
    for (;;) {
      try {
        return path.join(realpathSync(head), ...rest.reverse());
      } catch {
        const parent = path.dirname(head);
        if (parent === head) return path.resolve(p);
        rest.push(path.basename(head));
        head = parent;
      }
    }
  };
  const base = real(root);
  const target = real(file);
  const rel = path.relative(base, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * What a repository's configuration may do in this run: without `trust`, the {@link GUARDED_RC_KEYS} are dropped
 * (each named in a warning); with it, reports it names must still stay inside the working folder `cwd`. A baseline
 * it names (read only) must be inside `cwd` or the configuration file's folder. Returns the options the run may use.
 */
export function confineRc(loaded: LoadedRc, cwd: string, trust: boolean, warn: (line: string) => void): RcOptions {
  const options: RcOptions = { ...loaded.options };
  const shown = path.relative(cwd, loaded.file) || loaded.file;
  const where = (key: string): string => `"${path.basename(loaded.file) === 'package.json' ? 'collab-migrate.' : ''}${key}" in ${shown}`;
  if (!trust) {
    for (const key of GUARDED_RC_KEYS) {
      if (options[key] === undefined) continue;
      delete options[key];
      warn(`${where(key)} is ignored: a repository's configuration may not choose report files or catalogs unless the command line says --trust-config.`);
    }
  }
  const outside = (key: string, file: string): void => {
    if (!insideFolder(file, cwd)) throw new UsageError(`${where(key)} names ${file}, outside the working folder ${cwd}: a configuration file may only name files inside it (give the path on the command line instead).`);
  };
  if (options.output !== undefined) outside('output', options.output);
  for (const [format, file] of Object.entries(options.outputs ?? {})) outside(`outputs.${format}`, file);
  // A baseline is only read: the folder of the configuration file (a monorepo's root) is fine too.
  if (options.baseline !== undefined && !insideFolder(options.baseline, path.dirname(loaded.file))) outside('baseline', options.baseline);
  return options;
}
