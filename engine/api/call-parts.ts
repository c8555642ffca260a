/**
 * Reading a request's parts from the code that makes it: headers (object literals, `new Headers`, variables),
 * the body and its format (JSON, form, text), method, the options object every config-style client shares,
 * a client's base URL, and what superagent chains and node http(s) `write`/`end` add.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, findProperty, memberName, propertyKeyName, unwrap, UNKNOWN, withAssumed, type FileContext, type Node, type StaticString } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { isApiUrl } from './url.js';
import { enclosingScope, mergedArguments, parameterTypeName, mergedValue, objectOf, resolveLocal, returnedObject, stringOf, thisFieldHeaders, thisFieldObject, thisGetterReturn, thisMethodReturn } from './bindings.js';
import { findHeader, isFunctionNode, type HttpClientInstance, type HttpRequest, type RequestBody, type RequestHeader } from './request.js';
import { axiosSendsObjectsAsJson } from '../project/context.js';

/** The base URL (client instance, `baseURL`, `prefixUrl`) a request's URL was resolved against. */
export const requestBases = new WeakMap<HttpRequest, StaticString | undefined>();

/**
 * The method a request sends when the options its call passes on name none: for an axios call that takes its config
 * as its second argument (`client(url, config)`, an instance or `axios` called as a function), the instance's `method`,
 * else GET; for a call of a summarized function handed its caller's options (`layer1(url, opts)` of
 * `layer1(url, opts, method = 'POST')`), what that function sends then. A wrapper passing its caller's options there
 * sends the caller's method, body and params, and this method when they name none (summaries.ts).
 */
export const configMethods = new WeakMap<HttpRequest, string | undefined>();

export function based(r: HttpRequest, url: StaticString | undefined, base: StaticString | undefined): StaticString | undefined {
  requestBases.set(r, base);
  return withBase(url, base);
}

export function withBase(url: StaticString | undefined, base: StaticString | undefined): StaticString | undefined {
  if (!base) return url;
  if (!url) return withAssumed({ value: base.value + UNKNOWN, complete: false }, base);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url.value)) return url;
  const b = base.value.replace(/\/+$/, '');
  const p = url.value.startsWith('/') || url.value.startsWith(UNKNOWN) ? url.value : `/${url.value}`;
  return withAssumed({ value: b + p, complete: base.complete && url.complete }, base, url);
}

function headersFromObject(file: FileContext, object: TSESTree.ObjectExpression, depth = 0): RequestHeader[] {
  const out: RequestHeader[] = [];
  for (const p of object.properties) {
    if (p.type === 'SpreadElement') {
      const arg = unwrap(p.argument);
      // `...(cond ? { 'Content-Type': t } : {})`: headers sent only when the condition holds.
      if (arg.type === 'ConditionalExpression' && unwrap(arg.consequent).type === 'ObjectExpression' && isEmptyObject(arg.alternate) && depth < 3) {
        for (const h of headersFromObject(file, unwrap(arg.consequent) as TSESTree.ObjectExpression, depth + 1)) out.push({ ...h, when: h.when ?? arg.test });
        continue;
      }
      const spread = depth < 3 ? (objectOf(file, p.argument) ?? thisFieldObject(file, p.argument) ?? objectOf(file, thisGetterReturn(file, p.argument))) : undefined;
      if (spread) out.push(...headersFromObject(file, spread, depth + 1));
      else out.push(...importedHeaders(file, p.argument, p));
      continue;
    }
    const name = propertyKeyName(p);
    if (name !== undefined) out.push({ name, property: p, value: p.value as Node });
  }
  return out;
}

const isEmptyObject = (n: Node): boolean => {
  const u = unwrap(n);
  return u.type === 'ObjectExpression' && u.properties.length === 0;
};

/** Headers of a `headers:` value: an object literal, `new Headers({...})`, or a variable holding either. */
export function headersOf(file: FileContext, node: Node | undefined, depth = 0): { headers: RequestHeader[]; object?: TSESTree.ObjectExpression } {
  if (!node || depth > 4) return { headers: [] };
  let n = resolveLocal(file, node);
  // `headers: this.headers` where the constructor wrote `this.headers = new Headers({ ... })`.
  n = thisFieldHeaders(file, n) ?? n;
  // Angular's immutable `new HttpHeaders({...}).set(K, v).append(K, v)`: each link returns the headers with one more.
  if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && /^(set|append)$/.test(memberName(n.callee) ?? '') && n.arguments.length >= 2) {
    const added: RequestHeader[] = [];
    let at: Node = n;
    while (at.type === 'CallExpression' && at.callee.type === 'MemberExpression' && /^(set|append)$/.test(memberName(at.callee) ?? '') && at.arguments.length >= 2) {
      const name = stringOf(file, at.arguments[0] as Node);
      if (name?.complete) added.unshift({ name: name.value, call: at, value: at.arguments[1] as Node });
      at = unwrap(at.callee.object);
    }
    if (at.type === 'NewExpression' && at.callee.type === 'Identifier' && at.callee.name === 'HttpHeaders') {
      const initial = at.arguments[0] ? headersOf(file, at.arguments[0] as Node, depth + 1) : { headers: [] };
      return { headers: [...initial.headers, ...added], object: initial.object };
    }
  }
  if (n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'HttpHeaders') {
    return n.arguments[0] ? headersOf(file, n.arguments[0] as Node, depth + 1) : { headers: [] };
  }
  if (n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'Headers') {
    // `const h = new Headers(); h.append('Content-Type', t)`: what the calls add before the use, then the initial object's.
    const added = appendedHeaders(file, node);
    if (!n.arguments[0]) return { headers: added };
    const initial = headersOf(file, n.arguments[0] as Node, depth + 1);
    return { headers: [...initial.headers, ...added], object: initial.object };
  }
  // `headers: this.headers`: the object the class's constructor (or a field initializer) gives the field.
  n = thisFieldObject(file, n) ?? n;
  // `headers: this.headers` with `get headers() { return { ... }; }`: what the getter returns, shared by every read.
  const got = n.type === 'MemberExpression' ? thisGetterReturn(file, n) : undefined;
  if (got) return { headers: headersOf(file, got, depth + 1).headers };
  // `const h = await jsonHeaders()` (an async same-file helper): the object its one `return` gives.
  if (n.type === 'AwaitExpression') n = returnedObject(file, n) ?? n;
  if (n.type === 'CallExpression') {
    // `Object.assign({}, DEFAULT_HEADERS, JSON_HEADERS, extra)`: every part's headers, the last one written wins.
    const merged = mergedArguments(n);
    if (merged) return { headers: [...merged].reverse().flatMap((a) => (a.type === 'SpreadElement' ? [] : headersOf(file, a as Node, depth + 1).headers)) };
    // `headers: createHeaders(token)`: the object a same-file helper returns (shared by every call of the helper).
    const returned = returnedObject(file, n);
    if (returned) n = returned;
    // `headers: this.getHeaders()`: what a method of the same class returns (one `return`), shared by its callers.
    const own = returned ? undefined : thisMethodReturn(file, n);
    if (own) return { headers: headersOf(file, own, depth + 1).headers };
  }
  if (n.type !== 'ObjectExpression') return { headers: importedHeaders(file, n, node) };
  return { headers: headersFromObject(file, n), object: n };
}

/**
 * The headers of an object another module holds (`import { DEFAULT_HEADERS } from './headers'`, a `require`d
 * module's member, a default export; through re-exports and barrels: the project model's `locate`), brought in
 * by `site`: each property with a written name and a literal value (only literals: any other value is written in
 * that module's names). Shared with the module's other importers, so `inherited` (never edited from here).
 */
function importedHeaders(file: FileContext, expr: Node, site: Node): RequestHeader[] {
  const n = unwrap(expr);
  if (n.type !== 'Identifier' && n.type !== 'MemberExpression') return [];
  const far = file.locate(n);
  if (!far || far.file === file || far.node.type !== 'ObjectExpression') return [];
  return importedObjectHeaders(file, far.node, site);
}

/** The headers an object literal of another module writes, brought into `file` by `site` (see {@link importedHeaders}). */
function importedObjectHeaders(file: FileContext, object: TSESTree.ObjectExpression, site: Node): RequestHeader[] {
  const out: RequestHeader[] = [];
  for (const p of object.properties) {
    if (p.type !== 'Property' || p.computed || p.kind !== 'init') continue;
    const name = propertyKeyName(p);
    const value = unwrap(p.value as Node);
    if (name !== undefined && readsTheSameEverywhere(value)) out.push({ name, value, inherited: true, broughtIn: { file, node: site } });
  }
  return out;
}

/**
 * The headers an options object that writes none itself takes from an object of another module it merges in (`{
 * ...DEFAULTS, params }`, `Object.assign({}, DEFAULTS, { params })`, with `export const DEFAULTS = { headers: {
 * ... } }` imported): that object's `headers`, brought in by the part that merges it. Parts are read in the order
 * the merge lets them win (the last spread first); a local part that writes `headers` decides (read elsewhere:
 * nothing here), and a part that is not known (a parameter, a call) is taken not to write them. Only an object
 * literal's `headers` there, each header as {@link importedHeaders} reads it. Shared with the module's other
 * importers: inherited.
 */
export function mergedImportedHeaders(file: FileContext, node: Node | undefined, depth = 0): RequestHeader[] {
  if (!node || !file.links || depth > 4) return [];
  const n = resolveLocal(file, node);
  // In the order the parts win; `undefined` for the object's own `headers` property (read elsewhere: it decides).
  const parts: Array<{ part: Node; site: Node } | undefined> = [];
  if (n.type === 'ObjectExpression') {
    for (let i = n.properties.length - 1; i >= 0; i--) {
      const p = n.properties[i];
      if (p.type === 'SpreadElement') parts.push({ part: p.argument as Node, site: p });
      else if (!p.computed && propertyKeyName(p) === 'headers') parts.push(undefined);
    }
  } else {
    const args = mergedArguments(n);
    // The whole options an object of another module (`fetch(url, GET_OPTIONS)`, `request(url, DEFAULTS, cb)`): one part.
    if (!args && (n.type === 'Identifier' || n.type === 'MemberExpression')) parts.push({ part: n, site: n });
    else if (!args) return [];
    else for (const a of args) if (a.type !== 'SpreadElement') parts.push({ part: a as Node, site: a as Node });
  }
  for (const each of parts) {
    if (!each) return [];
    const { part, site } = each;
    const u = unwrap(part);
    if (u.type === 'Identifier' || u.type === 'MemberExpression') {
      const far = file.locate(u);
      if (far && far.file !== file && far.node.type === 'ObjectExpression') {
        if (far.node.properties.some((q) => q.type === 'SpreadElement')) return [];
        const headers = prop(far.node, 'headers');
        if (!headers) continue;
        const object = unwrap(headers);
        return object.type === 'ObjectExpression' ? importedObjectHeaders(file, object, site) : [];
      }
    }
    const local = resolveLocal(file, part);
    if (local.type === 'ObjectExpression' || mergedArguments(local)) {
      if (mergedValue(file, local, 'headers')) return [];
      const inner = mergedImportedHeaders(file, local, depth + 1);
      if (inner.length) return inner;
    }
  }
  return [];
}

/**
 * A configured client's options written in another module (`axios.create(API_CONFIG)`, `got.extend(GOT_OPTIONS)`,
 * `ky.create(X)`, `request.defaults(DEFAULTS)`, with `export const API_CONFIG = { baseURL, headers }` imported or
 * required): that object, when it is an object literal without spreads (its keys are all written there), with its
 * module. Undefined for a value of this file or anything else.
 */
export function importedOptions(file: FileContext, node: Node | undefined): { file: FileContext; object: TSESTree.ObjectExpression } | undefined {
  if (!node || !file.links) return undefined;
  const n = unwrap(node);
  if (n.type !== 'Identifier' && n.type !== 'MemberExpression') return undefined;
  const far = file.locate(n);
  if (!far || far.file === file || far.node.type !== 'ObjectExpression') return undefined;
  if (far.node.properties.some((p) => p.type === 'SpreadElement')) return undefined;
  return { file: far.file, object: far.node };
}

/**
 * The headers of a configured client's options of another module ({@link importedOptions}): its `headers` object
 * (written there, or a constant of that module), brought in by `site` (the options as this file names them); each
 * header as {@link importedHeaders} reads it: shared with the module's other importers, never edited from here.
 */
export function importedOptionsHeaders(file: FileContext, far: { file: FileContext; object: TSESTree.ObjectExpression }, site: Node): RequestHeader[] {
  const headers = prop(far.object, 'headers');
  const object = headers ? objectOf(far.file, headers) : undefined;
  return object ? importedObjectHeaders(file, object, site) : [];
}

/**
 * A value of another module that reads the same in this one: a string, a template or `+` of strings and
 * `process.env.NAME` reads (the process's environment is the same in every module; any other name is that module's).
 */
function readsTheSameEverywhere(node: Node, depth = 0): boolean {
  const n = unwrap(node);
  if (depth > 6) return false;
  if (n.type === 'Literal') return typeof n.value === 'string';
  if (n.type === 'TemplateLiteral') return n.expressions.every((e) => readsTheSameEverywhere(e as Node, depth + 1));
  if (n.type === 'BinaryExpression' && n.operator === '+') return readsTheSameEverywhere(n.left as Node, depth + 1) && readsTheSameEverywhere(n.right, depth + 1);
  const name = n.type === 'MemberExpression' ? dottedName(n) : undefined;
  return !!name && /^process\.env\.[A-Za-z_$][\w$]*$/.test(name);
}

/**
 * The headers `append`/`set` calls add to a `Headers` object held by a variable (`const headers = new Headers();
 * headers.append('Content-Type', 'application/json')`) before `use` reads it: calls on the same variable (bound by
 * scope, the same initializer) in the same function as the use, each with a written header name. A call made only
 * under a condition (`if (body) headers.append(...)`) is left out: which requests it goes with is not known here.
 */
function appendedHeaders(file: FileContext, use: Node): RequestHeader[] {
  const id = unwrap(use);
  if (id.type !== 'Identifier') return [];
  const init = resolveLocal(file, id);
  const scope = enclosingScope(file, id);
  // A module-level `const h = new Headers(); h.append(...)` read inside a function: the top level's calls have all
  // run when the function does, wherever they are written.
  const top = init !== id && enclosingScope(file, init).type === 'Program' && scope.type !== 'Program' ? enclosingScope(file, init) : undefined;
  const out: RequestHeader[] = [];
  for (const call of file.nodes(T.CallExpression)) {
    const callee = call.callee;
    if (callee.type !== 'MemberExpression' || callee.computed) continue;
    const atTop = top !== undefined && enclosingScope(file, call) === top;
    if (!atTop && call.range[1] > id.range[0]) continue;
    const method = memberName(callee);
    if ((method !== 'append' && method !== 'set') || call.arguments.length < 2) continue;
    const object = unwrap(callee.object);
    if (object.type !== 'Identifier' || object.name !== id.name || (!atTop && enclosingScope(file, call) !== scope) || resolveLocal(file, object) !== init) continue;
    if (conditional(file, call, atTop ? top : scope)) continue;
    const name = stringOf(file, call.arguments[0] as Node);
    if (!name?.complete) continue;
    out.push({ name: name.value, call, value: call.arguments[1] as Node });
  }
  return out;
}

/** Whether `node` runs only under a condition or in a loop or callback within `scope` (an `if`, `? :`, `&&`, a nested function). */
function conditional(file: FileContext, node: Node, scope: Node): boolean {
  for (const up of file.ancestors(node)) {
    if (up === scope) return false;
    if (up.type === 'IfStatement' || up.type === 'ConditionalExpression' || up.type === 'LogicalExpression' || up.type === 'SwitchCase' || up.type === 'CatchClause') return true;
  }
  return false;
}

export function isFormContentType(headers: readonly RequestHeader[], file: FileContext): boolean {
  const ct = findHeader({ headers }, 'content-type');
  const v = ct ? stringOf(file, ct.value) : undefined;
  return !!v && /application\/x-www-form-urlencoded/i.test(v.value);
}

/**
 * The format axios gives an object body (a literal, an instance) under a request's headers: form-urlencoded under a
 * form `Content-Type`, unless the repository's axios is a 0.x release before 0.28, which sends every object as JSON
 * text whatever the header says (engine/project/context.ts `axiosSendsObjectsAsJson`); JSON otherwise.
 */
export function axiosObjectFormat(file: FileContext, headers: readonly RequestHeader[]): 'form' | 'json' {
  return isFormContentType(headers, file) && !axiosSendsObjectsAsJson(file.filename) ? 'form' : 'json';
}

/** Classifies a body expression as written (fetch `body:`, got/ky `body:`, http `write`). */
export function bodyOf(file: FileContext, node: Node, objectBodyFormat: RequestBody['format'] | undefined): RequestBody {
  const n = resolveLocal(file, node);
  if (n.type === 'ObjectExpression' && objectBodyFormat) return { node, object: n, format: objectBodyFormat };
  if (n.type === 'CallExpression') {
    const callee = dottedName(n.callee);
    if (callee === 'JSON.stringify') return { node, object: objectOf(file, n.arguments[0] as Node), format: 'json' };
    if (callee && /^(qs|querystring|queryString)\.stringify$/.test(callee)) return { node, object: objectOf(file, n.arguments[0] as Node), format: 'form' };
    if (n.callee.type === 'MemberExpression' && memberName(n.callee) === 'toString') {
      const inner = bodyOf(file, n.callee.object, undefined);
      if (inner.format === 'form') return { ...inner, node };
    }
  }
  if (n.type === 'NewExpression' && n.callee.type === 'Identifier') {
    if (n.callee.name === 'URLSearchParams') return { node, object: objectOf(file, n.arguments[0] as Node), format: 'form' };
    if (n.callee.name === 'FormData') return { node, format: 'unknown' };
  }
  const s = n.type === 'Literal' || n.type === 'TemplateLiteral' || n.type === 'BinaryExpression' ? stringOf(file, n) : undefined;
  if (s) {
    const text = s.value.trim();
    if (text.startsWith('{') || text.startsWith('[')) return { node, format: 'json' };
    if (/^[\w.%-]+=[^&]*(&[\w.%-]+=[^&]*)*$/.test(text.replace(/\u0000/g, 'x'))) return { node, format: 'form' };
    return { node, format: 'text' };
  }
  if (n.type === 'ObjectExpression') return { node, object: n, format: 'unknown' };
  // A parameter typed with a class of the project (`logIn(body: AccessTokenDto)`, declared here or imported): an
  // instance, which a client that serialises objects sends as it sends an object literal.
  if (n.type === 'Identifier' && objectBodyFormat && classTyped(file, n)) return { node, format: objectBodyFormat };
  return { node, format: 'unknown' };
}

/** Whether a parameter's type annotation names a class declared in this file or a module it imports. */
function classTyped(file: FileContext, id: TSESTree.Identifier): boolean {
  // Cheap first: a function around the use has a parameter of that name typed with a plain reference (the scope
  // analysis behind parameterTypeName is built only then).
  const typed = [...file.ancestors(id)].some((a) => isFunctionNode(a) && a.params.some((p) => p.type === 'Identifier' && p.name === id.name && p.typeAnnotation?.typeAnnotation.type === 'TSTypeReference'));
  if (!typed) return false;
  const typeName = parameterTypeName(file, id);
  const where = typeName ? file.locate(typeName) : undefined;
  const cls = where ? unwrap(where.node) : undefined;
  return cls?.type === 'ClassDeclaration' || cls?.type === 'ClassExpression';
}

export function prop(object: TSESTree.ObjectExpression | undefined, name: string): Node | undefined {
  const p = object ? findProperty(object, name) : undefined;
  return p ? (p.value as Node) : undefined;
}

export function methodOf(file: FileContext, node: Node | undefined): string | undefined {
  const s = node ? stringOf(file, node) : undefined;
  return s?.complete ? s.value.toUpperCase() : undefined;
}

/** Builds the pieces every config-object client shares. */
export function fromConfig(
  file: FileContext,
  request: HttpRequest,
  config: TSESTree.ObjectExpression | undefined,
  instance: HttpClientInstance | undefined,
  bodyKeys: { data?: string; json?: string; form?: string; body?: string; query?: string },
): void {
  request.options = config;
  const own = prop(config, 'headers');
  const h = own || !config ? headersOf(file, own) : { headers: mergedImportedHeaders(file, config) };
  // A default header scoped to some methods (`defaults.headers.post[K]`) goes only with those.
  const inherited = (instance?.headers ?? []).filter((x) => !x.shared?.methods || (request.method !== undefined && x.shared.methods.includes(request.method)));
  request.headers = [...inherited.map((x) => ({ ...x, inherited: true })), ...h.headers];
  request.headersNode = h.object;
  if (bodyKeys.query) {
    const q = objectOf(file, prop(config, bodyKeys.query)) ?? httpParamsObject(file, prop(config, bodyKeys.query));
    if (q) request.query = q;
  }
  // axios's `data` object goes out by its version and the header ({@link axiosObjectFormat}); another client's by the header.
  const form = request.client === 'axios' ? axiosObjectFormat(file, request.headers) === 'form' : isFormContentType(request.headers, file);
  if (bodyKeys.data && prop(config, bodyKeys.data)) request.body = bodyOf(file, prop(config, bodyKeys.data)!, form ? 'form' : 'json');
  if (bodyKeys.json && prop(config, bodyKeys.json)) {
    const node = prop(config, bodyKeys.json)!;
    request.body = { node, object: objectOf(file, node), format: 'json' };
  }
  if (bodyKeys.form && prop(config, bodyKeys.form)) {
    const node = prop(config, bodyKeys.form)!;
    request.body = { node, object: objectOf(file, node), format: 'form' };
  }
  if (bodyKeys.body && prop(config, bodyKeys.body)) request.body = bodyOf(file, prop(config, bodyKeys.body)!, undefined);
}

export function finish(request: HttpRequest, catalog: LoadedCatalog): HttpRequest {
  request.isApi = isApiUrl(request.url, catalog);
  return request;
}

/** `.set()`, `.send()`, `.type()`, `.query()` calls chained on a superagent request. */
export function superagentChain(file: FileContext, call: TSESTree.CallExpression, r: HttpRequest): void {
  let current: Node = call;
  let form = false;
  let sent: Node | undefined;
  for (;;) {
    const member = file.parentOf(current);
    if (member?.type !== 'MemberExpression' || member.object !== current) break;
    const next = file.parentOf(member);
    if (next?.type !== 'CallExpression' || next.callee !== member) break;
    const name = memberName(member);
    const a = next.arguments as Node[];
    if (name === 'set' && a[0]) {
      const obj = objectOf(file, a[0]);
      if (obj) r.headers.push(...headersFromObject(file, obj));
      else {
        const headerName = stringOf(file, a[0]);
        if (headerName?.complete && a[1]) r.headers.push({ name: headerName.value, call: next, value: a[1] });
      }
    } else if (name === 'type' && a[0]) {
      const t = stringOf(file, a[0]);
      if (t && /^(form|application\/x-www-form-urlencoded)$/i.test(t.value)) form = true;
    } else if (name === 'send' && a[0]) sent = a[0];
    else if (name === 'query' && a[0]) {
      const q = objectOf(file, a[0]);
      if (q) r.query = q;
    }
    current = next;
  }
  if (sent) r.body = bodyOf(file, sent, form || isFormContentType(r.headers, file) ? 'form' : 'json');
}

/** `const req = https.request(...); req.write(body); req.end(body)`: the body written. */
export function httpWrittenBody(file: FileContext, call: TSESTree.CallExpression): RequestBody | undefined {
  const parent = file.parentOf(call);
  if (parent?.type !== 'VariableDeclarator' || parent.id.type !== 'Identifier') return undefined;
  const name = parent.id.name;
  const scope = enclosingScope(file, call);
  for (const c of file.nodes(T.CallExpression)) {
    if (c.range[0] < call.range[1] || c.range[1] > scope.range[1] || c.callee.type !== 'MemberExpression') continue;
    const obj = unwrap(c.callee.object);
    const m = memberName(c.callee);
    if (obj.type === 'Identifier' && obj.name === name && (m === 'write' || m === 'end') && c.arguments[0]) {
      return bodyOf(file, c.arguments[0] as Node, undefined);
    }
  }
  return undefined;
}

/** Angular's `new HttpParams({ fromObject: {...} })`: the query object it is made from. */
function httpParamsObject(file: FileContext, node: Node | undefined): TSESTree.ObjectExpression | undefined {
  const n = node ? resolveLocal(file, node) : undefined;
  if (n?.type !== 'NewExpression' || n.callee.type !== 'Identifier' || n.callee.name !== 'HttpParams') return undefined;
  return objectOf(file, prop(objectOf(file, n.arguments[0] as Node | undefined), 'fromObject'));
}
