/**
 * One OpenAPI 3 document read into the flat model the spec diff compares: operations keyed by method and path
 * template (parameter names left out, so a renamed `{id}` is the same URL), each with its parameters, the fields
 * of its JSON request body and of its success response (dotted paths, `[]` for array items), its status codes,
 * the error codes its examples show and the dated deprecation sentences of its description.
 *
 * Only local `$ref`s (`#/...`) are followed; a cycle or a depth beyond {@link MAX_DEPTH} stops the walk there.
 */

/** A JSON object as read from a spec. */
export type Json = Record<string, unknown>;

/** How deep nested schemas are flattened (`a.b[].c` is depth 3). */
export const MAX_DEPTH = 6;

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** A field of a request body, a response body or a parameter. */
export interface SpecField {
  /** Dotted path inside the body (`items[].registrantId`), or the parameter's name. */
  path: string;
  /** JSON Schema type (`string`, `object`, `array`...); `undefined` when the schema gives none. */
  type?: string;
  /** Allowed values, as strings, when the schema lists them. */
  enum?: string[];
  required: boolean;
  deprecated: boolean;
  description: string;
}

/** A request or response body. */
export interface SpecBody {
  /** The `$ref` name at the body's root (`MeetingSeriesObject`), if it is one. */
  rootRef?: string;
  fields: Map<string, SpecField>;
  /** The body's example(s), serialised, to tell a schema-only edit from a change of what is sent. */
  example?: string;
}

export interface SpecOperation {
  /** `GET /rooms/{}/meetingInfo`: method and path with parameter names left out. */
  key: string;
  method: string;
  /** The path template as the spec writes it. */
  path: string;
  operationId?: string;
  summary: string;
  /** The description as plain text (HTML tags removed). */
  description: string;
  deprecated: boolean;
  /** Parameters keyed `query:name`, `path:name`, `header:name`. */
  params: Map<string, SpecField & { in: string }>;
  request?: SpecBody;
  /** The first 2xx response with a JSON body. */
  response?: SpecBody;
  /** Every status code listed. */
  statuses: string[];
  /** Status code -> example name -> the error codes that example shows. */
  errorCodes: Map<string, Map<string, string[]>>;
  /** Sentences of the description that say "deprecated" (or end of life) and give a date. */
  deprecationSentences: DeprecationSentence[];
}

export interface DeprecationSentence {
  text: string;
  /** The sentence's date as `YYYY-MM-DD`, when it names one. */
  date?: string;
}

export interface SpecModel {
  /** Where the document came from (a file or `REV:path`), for messages. */
  origin: string;
  openapi: string;
  operations: Map<string, SpecOperation>;
  /** Names under `components.schemas`. */
  schemaNames: Set<string>;
}

/** A spec that cannot be read as OpenAPI 3: names the origin and what is wrong. */
export class SpecError extends Error {
  override readonly name = 'SpecError';
  constructor(
    readonly origin: string,
    problem: string,
  ) {
    super(`${origin}: ${problem}`);
  }
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `/a/{x}/b/` -> `/a/{}/b`: the URL shape, whatever the parameter is called. */
export function pathShape(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.replace(/\{[^}]*\}/g, '{}');
}

export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${pathShape(path)}`;
}

/** HTML and Markdown callout tags removed, white space folded. */
export function plainText(text: unknown): string {
  if (typeof text !== 'string') return '';
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const DATE_PATTERNS: Array<{ re: RegExp; get(m: RegExpExecArray): [number, string, number] }> = [
  { re: /\b(20\d\d)-(\d\d)-(\d\d)\b/, get: (m) => [Number(m[1]), MONTHS[Number(m[2]) - 1] ?? '', Number(m[3])] },
  { re: new RegExp(`\\b${MONTH}\\.? (\\d{1,2})(?:st|nd|rd|th)?,? (20\\d\\d)\\b`, 'i'), get: (m) => [Number(m[3]), m[1].slice(0, 3).toLowerCase(), Number(m[2])] },
  { re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? ${MONTH}\\.?,? (20\\d\\d)\\b`, 'i'), get: (m) => [Number(m[3]), m[2].slice(0, 3).toLowerCase(), Number(m[1])] },
];

/** The first calendar day a sentence names (`Jan 31, 2025`, `31 January 2025`, `2025-01-31`), as `YYYY-MM-DD`. */
export function sentenceDate(sentence: string): string | undefined {
  for (const { re, get } of DATE_PATTERNS) {
    const m = re.exec(sentence);
    if (!m) continue;
    const [year, month, day] = get(m);
    const monthIndex = MONTHS.indexOf(month);
    if (monthIndex < 0 || day < 1) continue;
    const date = new Date(Date.UTC(year, monthIndex, day));
    if (date.getUTCDate() !== day) continue;
    return date.toISOString().slice(0, 10);
  }
  return undefined;
}

const DEPRECATION_WORDS = /\b(deprecat\w*|EOL|end[- ]of[- ]life|decommission\w*|sunset\w*|retired?|will be removed|no longer (?:be )?(?:available|supported))\b/i;

/** The sentences of a description that announce a deprecation or end of life, with their dates. */
export function deprecationSentences(description: string): DeprecationSentence[] {
  const out: DeprecationSentence[] = [];
  for (const sentence of description.split(/(?<=[.!?])\s+/)) {
    if (!DEPRECATION_WORDS.test(sentence)) continue;
    const date = sentenceDate(sentence);
    out.push(date ? { text: sentence.trim(), date } : { text: sentence.trim() });
  }
  return out;
}

class RefResolver {
  constructor(
    private readonly doc: Json,
    private readonly origin: string,
  ) {}

  /** The schema a `$ref` points at, and its name (the last pointer segment). */
  resolve(ref: string): { name: string; target: unknown } {
    if (!ref.startsWith('#/')) throw new SpecError(this.origin, `only local $ref values are read, not "${ref}"`);
    let node: unknown = this.doc;
    const parts = ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    for (const part of parts) {
      node = isObject(node) ? node[part] : undefined;
    }
    return { name: parts[parts.length - 1], target: node };
  }

  /** Follows `$ref` chains (a missing target gives `undefined`). */
  deref(node: unknown, seen: Set<string>): { node: unknown; ref?: string } {
    let ref: string | undefined;
    let current = node;
    while (isObject(current) && typeof current.$ref === 'string') {
      if (seen.has(current.$ref)) return { node: undefined, ref };
      const r = this.resolve(current.$ref);
      ref ??= r.name;
      seen = new Set([...seen, current.$ref]);
      current = r.target;
    }
    return { node: current, ref };
  }
}

function enumOf(schema: Json): string[] | undefined {
  return Array.isArray(schema.enum) ? schema.enum.map((v) => String(v)) : undefined;
}

function typeOf(schema: Json): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (isObject(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function flattenSchema(resolver: RefResolver, schema: unknown, prefix: string, required: boolean, out: Map<string, SpecField>, seen: Set<string>, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const { node } = resolver.deref(schema, seen);
  if (!isObject(node)) return;
  const refs = new Set(seen);
  if (isObject(schema) && typeof schema.$ref === 'string') refs.add(schema.$ref);
  if (prefix !== '') {
    const existing = out.get(prefix);
    const field: SpecField = {
      path: prefix,
      type: typeOf(node) ?? existing?.type,
      required: required || existing?.required === true,
      deprecated: node.deprecated === true,
      description: plainText(node.description) || (existing?.description ?? ''),
    };
    const values = enumOf(node) ?? existing?.enum;
    if (values) field.enum = values;
    out.set(prefix, field);
  }
  for (const combined of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = node[combined];
    if (Array.isArray(parts)) for (const part of parts) flattenSchema(resolver, part, prefix, required, out, refs, depth);
  }
  const requiredNames = new Set(Array.isArray(node.required) ? node.required.filter((n): n is string => typeof n === 'string') : []);
  if (isObject(node.properties)) {
    for (const [name, sub] of Object.entries(node.properties)) {
      flattenSchema(resolver, sub, prefix === '' ? name : `${prefix}.${name}`, requiredNames.has(name), out, refs, depth + 1);
    }
  }
  if (node.items !== undefined) {
    const itemPrefix = `${prefix}[]`;
    const { node: item } = resolver.deref(node.items, refs);
    if (isObject(item) && (isObject(item.properties) || Array.isArray(item.allOf) || Array.isArray(item.oneOf) || Array.isArray(item.anyOf))) {
      flattenSchema(resolver, node.items, itemPrefix, false, out, refs, depth + 1);
      out.delete(itemPrefix);
    } else if (isObject(item) && prefix !== '') {
      // An array of scalars: its values' enum belongs to the array field itself (`resource: ["a", "b"]`).
      const field = out.get(prefix);
      const values = enumOf(item);
      if (field && values) field.enum = values;
    }
  }
}

function jsonContent(content: unknown): Json | undefined {
  if (!isObject(content)) return undefined;
  const key = Object.keys(content).find((k) => /json/i.test(k)) ?? (Object.keys(content).length === 1 ? Object.keys(content)[0] : undefined);
  const media = key === undefined ? undefined : content[key];
  return isObject(media) ? media : undefined;
}

function readBody(resolver: RefResolver, holder: unknown): SpecBody | undefined {
  const { node } = resolver.deref(holder, new Set());
  if (!isObject(node)) return undefined;
  const media = jsonContent(node.content);
  if (!media) return undefined;
  const fields = new Map<string, SpecField>();
  flattenSchema(resolver, media.schema, '', false, fields, new Set(), 0);
  const rootRef = resolver.deref(media.schema, new Set()).ref;
  const body: SpecBody = { fields };
  if (rootRef) body.rootRef = rootRef;
  const example = media.example ?? media.examples;
  if (example !== undefined) body.example = JSON.stringify(example);
  return body;
}

/** Values of `errorCode`/`code` keys anywhere in an example. */
function codesIn(value: unknown, out: Set<string>, depth = 0): void {
  if (depth > 8) return;
  if (Array.isArray(value)) for (const v of value) codesIn(v, out, depth + 1);
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (/^(errorCode|error_code|code)$/i.test(k) && (typeof v === 'number' || typeof v === 'string')) out.add(String(v));
      else codesIn(v, out, depth + 1);
    }
  }
}

function readErrorCodes(resolver: RefResolver, response: unknown): Map<string, string[]> {
  const byExample = new Map<string, string[]>();
  const { node } = resolver.deref(response, new Set());
  const media = isObject(node) ? jsonContent(node.content) : undefined;
  if (!media) return byExample;
  const add = (name: string, example: unknown): void => {
    const codes = new Set<string>();
    codesIn(example, codes);
    if (codes.size) byExample.set(name, [...codes]);
  };
  if (media.example !== undefined) add('example', media.example);
  if (isObject(media.examples)) {
    for (const [name, ex] of Object.entries(media.examples)) add(name, isObject(ex) && 'value' in ex ? ex.value : ex);
  }
  return byExample;
}

function readOperation(resolver: RefResolver, method: string, path: string, op: Json, shared: unknown[]): SpecOperation {
  const params = new Map<string, SpecField & { in: string }>();
  for (const raw of [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
    const { node } = resolver.deref(raw, new Set());
    if (!isObject(node) || typeof node.name !== 'string' || typeof node.in !== 'string') continue;
    const { node: schema } = resolver.deref(node.schema, new Set());
    const s = isObject(schema) ? schema : {};
    const field: SpecField & { in: string } = {
      path: node.name,
      in: node.in,
      type: typeOf(s),
      required: node.required === true,
      deprecated: node.deprecated === true,
      description: plainText(node.description),
    };
    const values = enumOf(s) ?? (isObject(s.items) ? enumOf(s.items) : undefined);
    if (values) field.enum = values;
    params.set(`${node.in}:${node.name}`, field);
  }
  const responses = isObject(op.responses) ? op.responses : {};
  const statuses = Object.keys(responses);
  const success = statuses.filter((s) => /^2/.test(s)).sort();
  let response: SpecBody | undefined;
  for (const status of success) {
    response = readBody(resolver, responses[status]);
    if (response) break;
  }
  const errorCodes = new Map<string, Map<string, string[]>>();
  for (const status of statuses) {
    const codes = readErrorCodes(resolver, responses[status]);
    if (codes.size) errorCodes.set(status, codes);
  }
  const description = plainText(op.description);
  const result: SpecOperation = {
    key: operationKey(method, path),
    method: method.toUpperCase(),
    path,
    summary: plainText(op.summary),
    description,
    deprecated: op.deprecated === true,
    params,
    statuses,
    errorCodes,
    deprecationSentences: deprecationSentences(description).filter((s) => s.date !== undefined),
  };
  if (typeof op.operationId === 'string') result.operationId = op.operationId;
  const request = readBody(resolver, op.requestBody);
  if (request) result.request = request;
  if (response) result.response = response;
  return result;
}

/** Reads a parsed OpenAPI 3 document. Throws {@link SpecError} naming `origin` when it is not one. */
export function readSpec(doc: unknown, origin: string): SpecModel {
  if (!isObject(doc)) throw new SpecError(origin, 'not a JSON object');
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.')) {
    throw new SpecError(origin, typeof doc.swagger === 'string' ? 'Swagger 2 documents are not read; convert it to OpenAPI 3 first' : 'no "openapi": "3.x" field (not an OpenAPI 3 document)');
  }
  if (!isObject(doc.paths)) throw new SpecError(origin, 'no "paths" object');
  const resolver = new RefResolver(doc, origin);
  const operations = new Map<string, SpecOperation>();
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const read = readOperation(resolver, method, path, op, shared);
      operations.set(read.key, read);
    }
  }
  const components = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  return { origin, openapi: doc.openapi, operations, schemaNames: new Set(Object.keys(components)) };
}

/** Parses spec text (JSON) and reads it; a syntax error names the origin. */
export function parseSpecText(text: string, origin: string): SpecModel {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new SpecError(origin, `not valid JSON (${(e as Error).message}); only JSON specs are read`);
  }
  return readSpec(doc, origin);
}
