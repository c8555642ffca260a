/**
 * `request-field`: a field sent in (or missing from) the body or query of API requests to given endpoints.
 * Context comes from engine/requests.ts: only requests whose URL is the API and whose path matches count.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { propertyKeyName, unwrap, UNKNOWN, type FileContext, type Node } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import type { Detector, RawMatch } from './detector.js';
import { assignedMembers, getRequests, headerValue, mergedArguments, possibleNumbers, queryObject, requestTie, resolveLocal, urlPath, urlQuery, valueSource, type HttpRequest, apiMarkers } from '../api/index.js';
import type { RequestFieldDetection } from '../types.js';
import { escapeRegExp } from '../prefilter/regexp.js';
import { enclosingScope, localInit } from '../api/bindings.js';
import { detectionPathGates, passesPathGates } from '../prefilter/gates.js';

/** A field as sent: from an object literal (with its node) or a URL query string (the URL node). */
interface SentField {
  name: string;
  node: Node;
  /** The value expression, when sent from an object. */
  value?: Node;
  /** The raw value, when sent in a query string. */
  text?: string;
}

const compiled = new WeakMap<RequestFieldDetection, RegExp[]>();
function patterns(d: RequestFieldDetection): RegExp[] {
  let p = compiled.get(d);
  if (!p) compiled.set(d, (p = d.paths.map((s) => new RegExp(s, 'i'))));
  return p;
}

/** The path of a request as shown in messages: unknown parts as `{…}`. */
export function endpointText(r: HttpRequest): string {
  return r.url ? urlPath(r.url).replace(/\u0000+/g, '{…}') || '/' : '(unknown URL)';
}

/** Whether a request is an API call to one of the detection's endpoints (and methods). */
export function isTargetRequest(r: HttpRequest, paths: readonly RegExp[], methods?: readonly string[]): boolean {
  if (!r.isApi || !r.url) return false;
  if (methods && r.method && !methods.includes(r.method)) return false;
  const path = urlPath(r.url);
  return paths.some((p) => p.test(path));
}

/**
 * The fields of an object literal, and whether some keys are not statically known (computed keys, spreads of
 * unknown objects). With `file`, a spread of a known object (`{ ...PAGE_DEFAULTS, startTime }`) gives its
 * fields, overridden by later keys: those of this file's objects where they are written, those of an imported
 * module's at the spread, with their literal text (a node of another file is neither reported nor edited here).
 */
function objectFields(object: TSESTree.ObjectExpression, file?: FileContext, depth = 0): { fields: SentField[]; open: boolean } {
  const fields: SentField[] = [];
  let open = false;
  for (const p of object.properties) {
    if (p.type !== 'Property') {
      const spread = file && depth < 3 ? spreadObject(file, p.argument as Node) : undefined;
      if (!file || !spread) {
        open = true;
        continue;
      }
      const inner = partFields(file, spread, p, depth + 1);
      open ||= inner.open;
      for (const f of inner.fields) fields.push(f);
      continue;
    }
    const name = propertyKeyName(p);
    if (name === undefined) open = true;
    else {
      // A later key overrides what a spread before it gave.
      for (let i = fields.length - 1; i >= 0; i--) if (fields[i].name === name) fields.splice(i, 1);
      fields.push({ name, node: p, value: p.value as Node });
    }
  }
  return { fields, open };
}

/** The object a spread's argument stands for: this file's (through names) or an imported module's. */
function spreadObject(file: FileContext, argument: Node): { file: FileContext; object: TSESTree.ObjectExpression } | undefined {
  const local = resolveLocal(file, argument);
  if (local.type === 'ObjectExpression') return { file, object: local };
  if (!file.links) return undefined;
  const far = valueSource(file, local);
  const object = unwrap(far.node);
  return object.type === 'ObjectExpression' ? { file: far.file, object } : undefined;
}

/** The fields a known object gives where it is spread or merged (`at`): this file's as written, another module's as literal text. */
function partFields(file: FileContext, part: { file: FileContext; object: TSESTree.ObjectExpression }, at: Node, depth: number): { fields: SentField[]; open: boolean } {
  return part.file === file ? objectFields(part.object, file, depth) : foreignFields(part.object, at);
}

/** The fields of another module's object, placed at the spread that sends them, each with its value's literal text. */
function foreignFields(object: TSESTree.ObjectExpression, at: Node): { fields: SentField[]; open: boolean } {
  const fields: SentField[] = [];
  let open = false;
  for (const p of object.properties) {
    const name = p.type === 'Property' ? propertyKeyName(p) : undefined;
    if (p.type !== 'Property' || name === undefined) {
      open = true;
      continue;
    }
    const value = unwrap(p.value as Node);
    fields.push({ name, node: at, text: value.type === 'Literal' && (typeof value.value === 'number' || typeof value.value === 'string') ? String(value.value) : UNKNOWN });
  }
  return { fields, open };
}

/** The fields of a merged body (`Object.assign({}, NAMES, extra)`): each known part's, the last writer of a key winning. */
function mergedFields(file: FileContext, node: Node): { fields: SentField[]; open: boolean } | undefined {
  const n = resolveLocal(file, node);
  const args = mergedArguments(n);
  if (!args) return undefined;
  const fields: SentField[] = [];
  let open = false;
  // `mergedArguments` lists the winning part first.
  for (const a of args) {
    const part = a.type === 'SpreadElement' ? undefined : spreadObject(file, a as Node);
    if (!part) {
      if (!(a.type !== 'SpreadElement' && unwrap(a as Node).type === 'ObjectExpression')) open = true;
      continue;
    }
    const inner = partFields(file, part, a as Node, 0);
    open ||= inner.open;
    for (const f of inner.fields) if (!fields.some((x) => x.name === f.name)) fields.push(f);
  }
  return { fields, open };
}

/**
 * The string expression in which `name=` of a URL's query is written: the URL argument itself, or the
 * literal/template a variable or constant holds (`let url = `${FEED}?max=200`; got(url)` -> the template).
 */
function writtenQueryNode(file: FileContext, node: Node, name: string, depth = 0): Node | undefined {
  if (depth > 6) return undefined;
  const n = unwrap(node);
  const param = new RegExp(`(^|[?&])${escapeRegExp(name)}=`);
  switch (n.type) {
    case 'Literal':
      return typeof n.value === 'string' && param.test(n.value) ? n : undefined;
    case 'TemplateLiteral':
      if (n.quasis.some((q) => param.test(q.value.cooked ?? q.value.raw))) return n;
      for (const e of n.expressions) {
        const hit = writtenQueryNode(file, e as Node, name, depth + 1);
        if (hit) return hit;
      }
      return undefined;
    case 'BinaryExpression':
      return n.operator === '+' ? (writtenQueryNode(file, n.left as Node, name, depth + 1) ?? writtenQueryNode(file, n.right, name, depth + 1)) : undefined;
    case 'Identifier': {
      const init = resolveLocal(file, n);
      return init !== n ? writtenQueryNode(file, init, name, depth + 1) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The property `name` of a query object a URL expression prints (engine/api/bindings.ts `queryObject`): searched
 * through the URL's template parts, concatenations and same-function variables; the last one written wins.
 */
function queryObjectProperty(file: FileContext, node: Node, name: string, depth = 0): TSESTree.Property | undefined {
  if (depth > 6) return undefined;
  const n = unwrap(node);
  const object = queryObject(file, n);
  if (object) {
    const props = object.properties.filter((p): p is TSESTree.Property => p.type === 'Property' && propertyKeyName(p) === name);
    return props.at(-1);
  }
  switch (n.type) {
    case 'TemplateLiteral':
      for (const e of n.expressions) {
        const hit = queryObjectProperty(file, e as Node, name, depth + 1);
        if (hit) return hit;
      }
      return undefined;
    case 'BinaryExpression':
      return n.operator === '+' ? (queryObjectProperty(file, n.left as Node, name, depth + 1) ?? queryObjectProperty(file, n.right, name, depth + 1)) : undefined;
    case 'CallExpression':
      // `params.toString()`
      return n.arguments.length === 0 && n.callee.type === 'MemberExpression' ? queryObjectProperty(file, n.callee.object as Node, name, depth + 1) : undefined;
    case 'Identifier': {
      const init = resolveLocal(file, n);
      return init !== n ? queryObjectProperty(file, init, name, depth + 1) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Fields a request sends in its body or query; `open` when some are not statically known. With `file`, a
 * field from the URL's query string points at the string where it is written rather than at the URL argument.
 */
export function sentFields(r: HttpRequest, where: 'body' | 'query', file?: FileContext, requests: readonly HttpRequest[] = []): { fields: SentField[]; open: boolean } {
  if (where === 'body') {
    if (!r.body) return { fields: [], open: false };
    if (!r.body.object) return (file && r.body.node && mergedFields(file, r.body.node)) || { fields: [], open: true };
    const own = objectFields(r.body.object, file);
    // `const body = { ... }; body.firstName = first;` then the body sent: the assigned keys are sent too.
    const sent = r.body.node ? unwrap(r.body.node) : undefined;
    if (file && sent?.type === 'Identifier') {
      for (const m of assignedMembers(file, sent)) {
        const name = m.property.type === 'Identifier' ? m.property.name : undefined;
        const parent = file.parentOf(m);
        if (name !== undefined && parent?.type === 'AssignmentExpression') own.fields.push({ name, node: m, value: parent.right as Node });
      }
    }
    return own;
  }
  const out: SentField[] = [];
  let open = false;
  if (r.query) {
    const o = objectFields(r.query, file);
    out.push(...o.fields);
    open ||= o.open;
    // `const params = { max: 100 }; params.locationId = loc;` then `{ params }` sent: the object is completed after
    // it is written, its assigned keys are sent too; a computed key or an `Object.assign` leaves it open.
    const use = file && r.options ? queryUse(r.options) : undefined;
    if (file && use) {
      for (const m of assignedMembers(file, use)) {
        const name = m.property.type === 'Identifier' ? m.property.name : undefined;
        const parent = file.parentOf(m);
        if (name !== undefined && parent?.type === 'AssignmentExpression') out.push({ name, node: m, value: parent.right as Node });
      }
      open ||= completedOpenly(file, use);
    }
  } else if (r.options && r.options.properties.some((p) => p.type === 'Property' && /^(params|searchParams|query|qs)$/.test(propertyKeyName(p) ?? ''))) {
    open = true; // a query object we could not follow
  }
  if (r.url) {
    const q = r.url.value.indexOf('?');
    if (q >= 0) {
      for (const [name, text] of urlQuery(r.url)) {
        if (name.includes(UNKNOWN)) open = true;
        else {
          // `?${new URLSearchParams({ max })}`, `${buildQuery({ ...options, max: perPage })}`: the object's property, with its value expression.
          // Also with a value folded whole (`max: String(PAGE_SIZE)`): the parameter is written at the object's key.
          const property = file ? ((r.urlNode ? queryObjectProperty(file, r.urlNode, name) : undefined) ?? (text.includes(UNKNOWN) ? wrappedQueryProperty(file, r, name, requests) : undefined)) : undefined;
          if (property) out.push({ name, node: property, value: property.value as Node });
          else out.push({ name, node: (file && r.urlNode ? writtenQueryNode(file, r.urlNode, name) : undefined) ?? r.urlNode ?? r.node, text });
        }
      }
    }
    // `${url}${query}` or `?${qs}`: unknown text after the path may hold parameters.
    const path = urlPath(r.url);
    if (q < 0 && /\u0000$/.test(path)) open = true;
  }
  return { fields: out, open };
}

/** The identifier a request's options give as its query object (`{ params }`, `{ searchParams: query }`). */
function queryUse(options: TSESTree.ObjectExpression): TSESTree.Identifier | undefined {
  for (const p of options.properties) {
    if (p.type !== 'Property' || !/^(params|searchParams|query|qs)$/.test(propertyKeyName(p) ?? '')) continue;
    const v = unwrap(p.value as Node);
    return v.type === 'Identifier' ? v : undefined;
  }
  return undefined;
}

/**
 * Whether the local object a request sends as its query is completed before the request in a way whose keys are
 * not known: a computed member assignment (`params[key] = value`) or `Object.assign(params, ...)`.
 */
function completedOpenly(file: FileContext, use: TSESTree.Identifier): boolean {
  const init = localInit(file, use);
  if (!init) return false;
  const scope = enclosingScope(file, use);
  const same = (n: Node): boolean => n.type === 'Identifier' && n.name === use.name && n.range[1] <= use.range[0] && enclosingScope(file, n) === scope && localInit(file, n) === init;
  for (const a of file.nodes('AssignmentExpression' as TSESTree.AssignmentExpression['type'])) {
    const left = (a as TSESTree.AssignmentExpression).left;
    if (left.type === 'MemberExpression' && left.computed && same(left.object as Node)) return true;
  }
  for (const c of file.nodes('CallExpression' as TSESTree.CallExpression['type'])) {
    const call = c as TSESTree.CallExpression;
    const callee = call.callee;
    if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'Object' && !callee.computed && callee.property.type === 'Identifier' && callee.property.name === 'assign' && call.arguments[0] && same(call.arguments[0] as Node)) return true;
  }
  return false;
}

/**
 * The property that gives a query parameter in a wrapper between a call site and the request
 * (`listCdr('/cdr_feed')` -> `listCdr(resource)` building `${base}${resource}${buildQuery({ ...options, max: perPage })}`
 * -> `list(url)` -> `fetch(url)`): read where the same request is read at that wrapper's own call (a request of
 * the file with the same inner request, made inside one of the wrappers this call goes through).
 */
function wrappedQueryProperty(file: FileContext, r: HttpRequest, name: string, requests: readonly HttpRequest[]): TSESTree.Property | undefined {
  const w = r.wrapper;
  if (!w?.functions || w.functions.length < 2) return undefined;
  const inside = (n: Node, fn: Node): boolean => n.range[0] >= fn.range[0] && n.range[1] <= fn.range[1];
  for (const other of requests) {
    if (other === r || other.wrapper?.request !== w.request || !other.urlNode || !w.functions.some((fn) => inside(other.node, fn))) continue;
    const property = queryObjectProperty(file, other.urlNode, name);
    if (property) return property;
  }
  return undefined;
}

/** Whether a value is written as an argument of `Math.min` (an upper bound) or `Math.max` (a lower bound). */
function isClampBound(file: FileContext, node: Node, clamp: 'Math.min' | 'Math.max'): boolean {
  const parent = file.parentOf(node);
  return parent?.type === 'CallExpression' && parent.arguments.includes(node as TSESTree.CallExpressionArgument) && file.getText(parent.callee as Node).replace(/\s+/g, '') === clamp;
}

/** The expression after `name=` in a template (`&max=${max}`), or undefined. */
function queryParamExpression(file: FileContext, node: Node, name: string): Node | undefined {
  const t = unwrap(node);
  if (t.type !== 'TemplateLiteral') return undefined;
  const param = new RegExp(`(^|[?&])${escapeRegExp(name)}=$`);
  for (let i = 0; i < t.expressions.length; i++) if (param.test(t.quasis[i].value.cooked ?? t.quasis[i].value.raw)) return t.expressions[i] as Node;
  return undefined;
}

/** Number of values of a field (array literal, `[...].join()`, comma list), as a lower bound; undefined when unknown. */
export function valueCount(file: FileContext, f: SentField): number | undefined {
  if (f.text !== undefined) {
    const decoded = f.text.replace(/%2C/gi, ',');
    return decoded === '' ? undefined : decoded.split(',').length;
  }
  if (!f.value) return undefined;
  let n = resolveLocal(file, f.value);
  if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && !n.callee.computed && n.callee.property.type === 'Identifier' && n.callee.property.name === 'join') {
    n = resolveLocal(file, n.callee.object);
  }
  if (n.type === 'ArrayExpression') return n.elements.filter((e) => e && e.type !== 'SpreadElement').length;
  const s = file.staticString(n);
  if (s && s.value.replace(/\u0000/g, '') !== '') return s.value.split(',').length;
  return undefined;
}

function staticValue(file: FileContext, f: SentField): string | undefined {
  if (f.text !== undefined) return f.text.includes(UNKNOWN) ? undefined : decodeURIComponent(f.text);
  if (!f.value) return undefined;
  const s = file.staticString(resolveLocal(file, f.value));
  return s?.complete ? s.value : undefined;
}

/**
 * The static strings a field may be sent with: its value, or the static branches of a conditional
 * (`rest.length ? first : '.'`) or fallback (`name || '-'`, `name ?? '.'`). Dynamic branches are left out.
 */
function possibleValues(file: FileContext, f: SentField): string[] {
  const direct = staticValue(file, f);
  if (direct !== undefined || !f.value) return direct === undefined ? [] : [direct];
  const out: string[] = [];
  const visit = (node: Node, depth: number): void => {
    if (depth > 4) return;
    const n = resolveLocal(file, node);
    if (n.type === 'ConditionalExpression') {
      visit(n.consequent, depth + 1);
      visit(n.alternate, depth + 1);
    } else if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??')) {
      visit(n.right, depth + 1);
    } else {
      const s = file.staticString(n);
      if (s?.complete) out.push(s.value);
    }
  };
  visit(f.value, 0);
  return out;
}

function staticNumber(file: FileContext, f: SentField): number | undefined {
  if (f.text !== undefined) return /^-?\d+$/.test(f.text) ? Number(f.text) : undefined;
  if (!f.value) return undefined;
  const v = unwrap(f.value);
  const n = file.staticNumber(v) ?? file.staticNumber(resolveLocal(file, v));
  if (n !== undefined) return n;
  const s = file.staticString(v);
  return s?.complete && /^-?\d+$/.test(s.value) ? Number(s.value) : undefined;
}

/** The OAuth client credentials a token request may send in a `Basic` Authorization header instead of its body. */
const CLIENT_CREDENTIALS = new Set(['client_id', 'client_secret']);

/**
 * Whether a request's own `Authorization` header is written with the `Basic` scheme (`` `Basic ${credentials}` ``),
 * or its options ask the client to write one: axios's and the request library's `auth: { username, password }`
 * (`{ user, pass }`), got's `username` and `password`.
 */
function sendsBasicAuthorization(file: FileContext, r: HttpRequest): boolean {
  const keys = (o: TSESTree.ObjectExpression): Map<string, TSESTree.Node> =>
    new Map(o.properties.flatMap((p) => (p.type === 'Property' && !p.computed && (p.key.type === 'Identifier' || p.key.type === 'Literal') ? [[String(p.key.type === 'Identifier' ? p.key.name : p.key.value), p.value as TSESTree.Node] as const] : [])));
  if (r.options) {
    const own = keys(r.options);
    const auth = own.get('auth');
    if (auth?.type === 'ObjectExpression') {
      const a = keys(auth);
      if ((a.has('username') || a.has('user')) && (a.has('password') || a.has('pass'))) return true;
    }
    if (own.has('username') && own.has('password')) return true;
  }
  return r.headers.some((h) => {
    if (h.name.toLowerCase() !== 'authorization') return false;
    const s = headerValue(file, h, (n) => resolveLocal(file, n));
    return !!s && /^basic\s/i.test(s.value);
  });
}

/** The matches of one request the detection targets. */
function requestMatches(file: FileContext, d: RequestFieldDetection, r: HttpRequest, followed: boolean, requests: readonly HttpRequest[]): RawMatch[] {
  const out: RawMatch[] = [];
  const { fields, open } = sentFields(r, d.in, file, requests);
  const endpoint = endpointText(r);
  const base = { endpoint, change: d.change };
  if (d.when && !Object.entries(d.when).every(([name, values]) => fields.some((f) => f.name === name && possibleValues(file, f).some((v) => values.includes(v))))) return out;
  if (d.required) {
    if (open) return out;
    // One finding per request, naming every missing field (`client_id`, `client_secret`).
    const missing = d.fields.filter((name) => !fields.some((f) => f.name === name));
    if (missing.length === 0) return out;
    // The client's id and secret sent in an `Authorization: Basic` header instead (OAuth client authentication,
    // RFC 6749 section 2.3.1): the platform's document lists them as parameters of the request, so it is reported,
    // as likely, where the grant is chosen (the `when` field), saying where the credentials went.
    const whenField = d.when ? fields.find((f) => f.name in d.when!) : undefined;
    if (whenField && missing.every((m) => CLIENT_CREDENTIALS.has(m)) && sendsBasicAuthorization(file, r)) {
      out.push({
        node: whenField.node,
        messageId: 'fieldInBasicHeader',
        data: { ...base, field: missing.join('`, `') },
        confidence: 'likely',
        confidenceReason: 'the client credentials go in a Basic Authorization header, which OAuth allows; the platform\'s document lists them as parameters of the request',
      });
      return out;
    }
    out.push({ node: r.urlNode ?? r.node, messageId: 'fieldMissing', data: { ...base, field: missing.join('`, `') } });
    return out;
  }
  if (d.absent) {
    if (!open && !fields.some((f) => d.fields.includes(f.name))) {
      out.push({ node: r.urlNode ?? r.node, messageId: 'fieldMissing', data: { ...base, field: d.fields[0] } });
    }
    return out;
  }
  for (const f of fields) {
    if (!d.fields.includes(f.name)) continue;
    const data = { ...base, field: f.name };
    if (d.present) out.push({ node: f.node, messageId: 'fieldSent', data });
    if (d.values) {
      const v = possibleValues(file, f).find((x) => d.values!.includes(x));
      if (v !== undefined) out.push({ node: f.node, messageId: 'fieldValue', data: { ...data, value: JSON.stringify(v) } });
    }
    if (d.oneOf) {
      const v = staticValue(file, f);
      if (v !== undefined && !d.oneOf.includes(v)) out.push({ node: f.node, messageId: 'fieldValue', data: { ...data, value: JSON.stringify(v) } });
    }
    if (d.range) {
      const v = staticNumber(file, f);
      if (v !== undefined && (v < d.range.min || v > d.range.max)) out.push({ node: f.node, messageId: 'fieldRange', data: { ...data, value: String(v) } });
      else if (v === undefined && !followed) {
        // A value with a fallback or a default (`parseInt(req.query.max) || 100`, `max = 100`): each value that can reach the field is judged.
        const expr = f.value ?? (f.text?.includes(UNKNOWN) ? queryParamExpression(file, f.node, f.name) : undefined);
        const bads = expr ? possibleNumbers(file, expr).values.filter((x) => x.value < d.range!.min || x.value > d.range!.max) : [];
        // A clamp's bound caps every value that reaches it (`Math.min(total, 100)` is at most 100): named first when it breaks the rule.
        const bad = bads.find((x) => isClampBound(file, x.at, x.value < d.range!.min ? 'Math.min' : 'Math.max')) ?? bads[0];
        if (bad) out.push({ node: f.node, messageId: 'fieldRange', data: { ...data, value: `${bad.value} (\`${file.getText(bad.at)}\`, line ${file.positionAt(bad.at.range[0]).line})` } });
      }
    }
    if (d.maxItems !== undefined) {
      const count = valueCount(file, f);
      if (count !== undefined && count > d.maxItems) out.push({ node: f.node, messageId: 'fieldTooMany', data: { ...data, value: String(count) } });
    }
  }
  return out;
}

/** A field name that an object's numeric key could give (`{ 1e3: x }` is named `1000`), not written as such. */
const NUMBER_TEXT = /^(?:[0-9.e+-]+|Infinity)$/;

/**
 * A spread or merge of a module-level constant named as constants are (`...PAGE_DEFAULTS`,
 * `Object.assign({}, NAMES, extra)`). Any spread of a name was measured first: on outline it ran the request
 * detections' request model on test files full of `...props`, +12% CPU of a whole scan; a lower-case imported
 * object spread into a request is not let through (a cell of the shape matrix would say so). A merge's arguments
 * are read up to the next merge call (which reads the same rest), not from every start to the `)`: quadratic on
 * `merge(` written 100,000 times without one.
 */
const SPREADS_A_NAME = /\.\.\.\s*[A-Z][A-Z0-9_]*\b|\b(?:assign|merge|extend|defaults)\s*\((?:(?!\b(?:assign|merge|extend|defaults)\s*\()[^)])*\b[A-Z][A-Z0-9_]+\b/;

/**
 * Whether `detect` may report in a file with this text (the gate, {@link Detector.mayMatch}).
 *
 * Soundness: every finding is of a request {@link isTargetRequest} accepts, whose folded URL's path one of the
 * detection's patterns matches (case-insensitive): {@link detectionPathGates} lets every such text through
 * (engine/prefilter/gates.ts argues it). A detection that reports sent fields (neither `required` nor `absent`, which
 * report fields not sent) reports only a field {@link sentFields} finds under one of its names: a key of an
 * object literal (an identifier, a string or template without substitutions, or a number, whose name is its
 * value as a string), or a parameter name in the query of the folded URL, a slice of the file's own string
 * literals. So the text holds that name (written, as the prefilter's tokens are, unsplit and without escape
 * sequences), unless it could be a number's.
 */
function mayReport(text: string, d: RequestFieldDetection): boolean {
  if (!d.required && !d.absent && !d.fields.some((f) => NUMBER_TEXT.test(f) || text.includes(f))) return false;
  return passesPathGates(text, detectionPathGates(d));
}

export const requestFieldDetector: Detector<RequestFieldDetection> = {
  kind: 'request-field',
  messages: {
    fieldSent: '`{{field}}` sent to {{endpoint}} {{change}}. {{instead}}',
    fieldMissing: '{{endpoint}} requested without `{{field}}`: {{change}}. {{instead}}',
    fieldInBasicHeader: '{{endpoint}} requested with `{{field}}` in a `Basic` Authorization header, not as parameters of the request: {{change}}, as the platform\'s document lists them. {{instead}}',
    fieldValue: '`{{field}}: {{value}}` sent to {{endpoint}} {{change}}. {{instead}}',
    fieldRange: '`{{field}}` of {{value}} sent to {{endpoint}} {{change}}. {{instead}}',
    fieldTooMany: '`{{field}}` given {{value}} values in a request to {{endpoint}} {{change}}. {{instead}}',
  },
  requires: (_d, catalog) => apiMarkers(catalog),
  tokens(d) {
    // The catalog's path words (`callerId`, `cdr_feed`) are rarer than field names; with them, they decide alone.
    if (d.tokens && d.tokens.length > 0) return [];
    return d.absent || d.required ? [] : [...d.fields];
  },
  mayMatch: (text, ctx) => mayReport(text, ctx.detection),
  gateReadsUrls: true,
  // A field's name may be a key of an imported defaults object merged into the request (see mayMatchJoined).
  tokensInMergedOptions: true,
  /**
   * With imported modules: the field's name may be a key of an object another module exports, which the file
   * spreads or merges into what it sends (`{ ...PAGE_DEFAULTS, startTime }`, `Object.assign({}, NAMES, extra)`);
   * the imported strings hold no key, so a file that spreads or merges a constant needs only the path gate.
   */
  mayMatchJoined: (own, joined, ctx) => mayReport(joined, ctx.detection) || (SPREADS_A_NAME.test(own) && passesPathGates(joined, detectionPathGates(ctx.detection))),
  detect(file, ctx) {
    const d = ctx.detection;
    const paths = patterns(d);
    const all: RawMatch[] = [];
    const scope = d.scope && d.scope.endpoints.length > 0 ? d.scope : undefined;
    const requests = getRequests(file, ctx.catalog as LoadedCatalog);
    // A request read at its wrapper's call sites is judged there, with each call's own values.
    const followed = new Set(requests.map((r) => r.wrapper?.request));
    for (const r of requests) {
      if (!isTargetRequest(r, paths, d.methods)) continue;
      // The catalog's endpoints of the detection decide the confidence: another endpoint is not reported.
      const tie = scope ? requestTie(r, scope, ctx.catalog as LoadedCatalog) : undefined;
      if (scope && !tie) continue;
      const out = requestMatches(file, d, r, followed.has(r), requests);
      // A match the detector itself judged likely (client credentials in a Basic header) stays likely at a certain endpoint.
      all.push(...out.map((m) => (tie && !(m.confidence === 'likely' && tie.confidence === 'certain') ? { ...m, confidence: tie.confidence, confidenceReason: tie.reason } : m)));
    }
    return all;
  },
};
