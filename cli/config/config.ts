/**
 * Options from a `.collab-migraterc.json` or the `collab-migrate` key of `package.json`, found in the
 * working directory or the nearest parent that has one. Validated with a JSON Schema; a bad file
 * exits 2 naming the file and the key. Flags on the command line win over these.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ErrorObject } from 'ajv';
import { UsageError } from '../errors.js';
import { FORMATS, type Format } from './settings.js';
import { readRegularFile } from '../walk/files.js';

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
}

export interface LoadedRc {
  /** The file it came from. */
  file: string;
  /** `package.json#collab-migrate` or `.collab-migraterc.json`. */
  label: string;
  options: RcOptions;
}

const stringList = { type: 'array', items: { type: 'string', minLength: 1 } };

/** JSON Schema of a configuration file. */
export const RC_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    before: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    warnWithin: { type: 'integer', minimum: 0 },
    format: { enum: FORMATS },
    output: { type: 'string', minLength: 1 },
    outputs: { type: 'object', additionalProperties: false, properties: Object.fromEntries(FORMATS.map((f) => [f, { type: 'string', minLength: 1 }])) },
    sarifCategory: { type: 'string', minLength: 1 },
    baseline: { type: 'string', minLength: 1 },
    only: stringList,
    skip: stringList,
    notices: stringList,
    region: { enum: ['us', 'eu', 'in', 'au'] },
    include: stringList,
    exclude: stringList,
    maxWarnings: { type: 'integer', minimum: -1 },
    maxFileSize: { type: ['string', 'integer'] },
    reportUnusedSuppressions: { type: 'boolean' },
    strictScopes: { type: 'boolean' },
    checkSyntax: { type: 'boolean' },
    fixMode: { enum: ['date', 'final'] },
  },
} as const;

const RC_FILE = '.collab-migraterc.json';
const PKG_KEY = 'collab-migrate';

let validator: ((value: unknown) => value is RcOptions) & { errors?: ErrorObject[] | null } | undefined;

function validateRc(value: unknown): value is RcOptions {
  if (!validator) {
    // Loaded only when there is a configuration file: ajv costs start-up time every run would pay.
    const { Ajv } = createRequire(import.meta.url)('ajv') as { Ajv: typeof AjvClass };
    validator = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true }).compile<RcOptions>(RC_SCHEMA);
  }
  return validator(value);
}

function describe(error: ErrorObject): string {
  const key = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : '';
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return `unknown key "${extra}" (known keys: ${Object.keys(RC_SCHEMA.properties).filter((k) => k !== '$schema').join(', ')})`;
  }
  if (error.keyword === 'enum') {
    return `"${key}" must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  if (error.keyword === 'pattern' && key === 'before') return `"${key}" must be a date YYYY-MM-DD`;
  return key ? `"${key}" ${error.message ?? 'is invalid'}` : (error.message ?? 'is invalid');
}

function parseJson(file: string, label: string): unknown {
  let text: string;
  try {
    text = readRegularFile(file).toString('utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${label} (${file}): ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UsageError(`Invalid JSON in ${label} (${file}): ${(error as Error).message}`);
  }
}

function check(value: unknown, file: string, label: string): LoadedRc {
  if (!validateRc(value)) {
    const first = validator?.errors?.[0];
    throw new UsageError(`Invalid configuration in ${label} (${file}): ${first ? describe(first) : 'invalid'}`);
  }
  const options: RcOptions = { ...value };
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
