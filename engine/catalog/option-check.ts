/**
 * Checking a user's options object against its JSON Schema with ajv (the validator the catalog uses), and
 * the one error every entry point throws for a bad option: it names where the options came from, the
 * option, the value given and what is allowed, with a "did you mean" for a misspelt key. Dates are checked
 * as real calendar days (`2026-13-45` is not one) through the `calendar-day` format.
 *
 * Used by the ESLint plugin (`configure()`, rule options, `settings['collab-migrate']`) and by the CLI's
 * configuration file.
 */
import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ErrorObject, ValidateFunction } from 'ajv';
import { isValidIsoDate } from './dates.js';
import { didYouMean } from './did-you-mean.js';

/** A bad option: `option` is its key (dotted for nested ones), `value` what was given. */
export class OptionsError extends Error {
  override readonly name = 'OptionsError';
  constructor(
    message: string,
    readonly where: string,
    readonly option: string,
    readonly value: unknown,
  ) {
    super(message);
  }
}

/** A JSON Schema object of options (a `properties` map, usually with `additionalProperties: false`). */
export interface OptionsSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  additionalProperties?: boolean;
  [keyword: string]: unknown;
}

/** The format of a date option: `YYYY-MM-DD` naming a real day. */
export const CALENDAR_DAY_FORMAT = 'calendar-day';

let ajv: AjvClass | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

function validatorFor(schema: OptionsSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    if (!ajv) {
      // ajv is CommonJS; loaded on first use so that nothing pays for it before an option is checked.
      const { Ajv } = createRequire(import.meta.url)('ajv') as { Ajv: typeof AjvClass };
      ajv = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true, formats: { [CALENDAR_DAY_FORMAT]: isValidIsoDate } });
      // Annotations that documentation generators read; ajv's strict mode must not reject them.
      ajv.addKeyword({ keyword: 'markdownDescription' });
    }
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** A value as the user wrote it, for the message. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

function schemaAt(schema: OptionsSchema, pointer: string): Record<string, unknown> | undefined {
  const key = pointer.split('/')[1];
  return key === undefined ? undefined : schema.properties[key.replace(/~1/g, '/').replace(/~0/g, '~')];
}

/** What a property's schema allows, in words. */
export function allowedText(property: Record<string, unknown> | undefined): string {
  if (!property) return 'a valid value';
  if (Array.isArray(property.enum)) return `one of ${property.enum.map((v) => shown(v)).join(', ')}`;
  if (property.format === CALENDAR_DAY_FORMAT) return 'a real calendar day as YYYY-MM-DD (e.g. 2026-07-28)';
  if (property.type === 'boolean') return 'true or false';
  if (property.type === 'integer') return `a whole number${typeof property.minimum === 'number' ? ` >= ${property.minimum}` : ''}`;
  if (property.type === 'array') {
    const items = property.items as Record<string, unknown> | undefined;
    const nonEmpty = typeof items?.minLength === 'number' && items.minLength > 0 ? 'non-empty ' : '';
    return `a list of ${nonEmpty}${items?.type === 'string' ? 'strings' : 'values'}`;
  }
  if (property.type === 'string') return typeof property.minLength === 'number' && property.minLength > 0 ? 'a non-empty string' : 'a string';
  if (property.type === 'object') return 'an object';
  return `a value of type ${String(property.type)}`;
}

/** Options that belong elsewhere, by key: where they go (`configs.configure()`), for a clearer "unknown option". */
export type Elsewhere = Readonly<Record<string, string>>;

function describe(error: ErrorObject, options: unknown, schema: OptionsSchema, where: string, elsewhere: Elsewhere): OptionsError {
  const keys = Object.keys(schema.properties).filter((k) => k !== '$schema');
  if (error.keyword === 'additionalProperties' && error.instancePath !== '') {
    // An unknown key inside an object option (`outputs: { xml: ... }`): named with its parent, against the parent's keys.
    const parent = error.instancePath.slice(1).replace(/\//g, '.');
    const key = (error.params as { additionalProperty: string }).additionalProperty;
    const inner = Object.keys((schemaAt(schema, error.instancePath)?.properties as Record<string, unknown> | undefined) ?? {});
    const near = didYouMean(key, inner);
    return new OptionsError(
      `${where}: unknown key "${key}" in option "${parent}"${near ? `; did you mean "${near}"?` : '.'} Known keys: ${inner.join(', ')}.`,
      where,
      `${parent}.${key}`,
      valueAt(options, `${error.instancePath}/${key}`),
    );
  }
  if (error.keyword === 'additionalProperties') {
    const key = (error.params as { additionalProperty: string }).additionalProperty;
    const value = valueAt(options, `${error.instancePath}/${key}`);
    const known = `Known options: ${keys.join(', ')}.`;
    const home = Object.hasOwn(elsewhere, key) ? elsewhere[key] : undefined;
    if (home) return new OptionsError(`${where}: "${key}" is not accepted here; it is an option of ${home}. ${known}`, where, key, value);
    const near = didYouMean(key, [...keys, ...Object.keys(elsewhere)]);
    const hint = near === undefined ? '.' : keys.includes(near) ? `; did you mean "${near}"?` : `; did you mean "${near}" (an option of ${elsewhere[near]})?`;
    return new OptionsError(`${where}: unknown option "${key}"${hint} ${known}`, where, key, value);
  }
  if (error.instancePath === '') {
    return new OptionsError(`${where}: expected an object of options, got ${shown(options)}.`, where, '', options);
  }
  const option = error.instancePath.slice(1).replace(/\//g, '.');
  const top = `/${error.instancePath.split('/')[1]}`;
  const property = schemaAt(schema, error.instancePath);
  const value = valueAt(options, top);
  const item = error.instancePath !== top ? ` (item ${shown(valueAt(options, error.instancePath))})` : '';
  const topName = top.slice(1);
  return new OptionsError(`${where}: invalid option "${topName}": ${shown(value)}${item} is not allowed; expected ${allowedText(property)}.`, where, option, value);
}

/**
 * Throws an {@link OptionsError} for the first bad option of `options` (`where` says where they were
 * given: `configure()`, `settings['collab-migrate']`, ...). Returns the options, typed.
 */
export function checkOptions<T>(options: unknown, schema: OptionsSchema, where: string, elsewhere: Elsewhere = {}): T {
  // Well-formed options (nearly always) pass without ajv: loading it and compiling a schema was ~80 ms of CPU at
  // every ESLint start with the plugin's configs (issue 30, item 4). Anything else is ajv's to judge and word.
  if (plainlyValid(options, schema)) return options as T;
  const validate = validatorFor(schema);
  if (!validate(options)) throw describe(validate.errors![0], options, schema, where, elsewhere);
  return options as T;
}

/** The keywords {@link plainlyValid} reads; annotations that constrain nothing are among them. */
const PLAIN_KEYWORDS = new Set(['type', 'properties', 'additionalProperties', 'enum', 'format', 'minLength', 'minimum', 'items', 'description', 'markdownDescription', 'default']);

function plainType(value: unknown, type: unknown): boolean {
  switch (type) {
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return false;
  }
}

/**
 * Whether a value certainly satisfies a schema made only of the keywords options schemas use (`type`, `properties`,
 * `additionalProperties: false`, `enum` of plain values, the `calendar-day` format, `minLength`, `minimum`, `items`),
 * checked without ajv. False means "not shown here", never "invalid": a schema with any other keyword, or a value
 * this does not accept, goes to ajv, which decides and words the error. A property test holds it to ajv's verdict
 * (a value accepted here is accepted by ajv) on every options schema.
 */
export function plainlyValid(value: unknown, schema: Readonly<Record<string, unknown>>): boolean {
  for (const key in schema) if (!PLAIN_KEYWORDS.has(key)) return false;
  const { type } = schema;
  if (type === undefined) {
    if (!Array.isArray(schema.enum)) return false;
  } else if (Array.isArray(type) ? !type.some((t) => plainType(value, t)) : !plainType(value, type)) return false;
  if (schema.enum !== undefined && !(Array.isArray(schema.enum) && schema.enum.some((v) => v === value && (v === null || typeof v !== 'object')))) return false;
  if (typeof value === 'string') {
    if (schema.format !== undefined && !(schema.format === CALENDAR_DAY_FORMAT && isValidIsoDate(value))) return false;
    // ajv counts characters, not UTF-16 units.
    if (schema.minLength !== undefined && !(typeof schema.minLength === 'number' && [...value].length >= schema.minLength)) return false;
  }
  if (typeof value === 'number' && schema.minimum !== undefined && !(typeof schema.minimum === 'number' && value >= schema.minimum)) return false;
  if (Array.isArray(value) && schema.items !== undefined) {
    const items = schema.items;
    if (items === null || typeof items !== 'object' || Array.isArray(items)) return false;
    for (const item of value) if (!plainlyValid(item, items as Record<string, unknown>)) return false;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && (schema.properties !== undefined || schema.additionalProperties !== undefined)) {
    const properties = schema.properties;
    if (properties !== undefined && (properties === null || typeof properties !== 'object')) return false;
    // Only a plain object whose own keys are its enumerable string keys (ajv reads those).
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return false;
    if (Object.getOwnPropertySymbols(value).length > 0) return false;
    for (const key of Object.getOwnPropertyNames(value)) {
      const property = properties !== undefined && Object.hasOwn(properties, key) ? (properties as Record<string, unknown>)[key] : undefined;
      if (property === undefined) {
        if (schema.additionalProperties === false) return false;
        if (schema.additionalProperties !== undefined && schema.additionalProperties !== true) return false;
        continue;
      }
      if (property === null || typeof property !== 'object' || !plainlyValid((value as Record<string, unknown>)[key], property as Record<string, unknown>)) return false;
    }
  }
  return true;
}

/** ajv's own verdict on a value (for tests that hold {@link plainlyValid} to it). */
export function ajvAccepts(value: unknown, schema: OptionsSchema): boolean {
  return validatorFor(schema)(value) === true;
}
