/**
 * Requests made through functions and classes of other modules (the project model's side of the API model):
 * a function's summary says which of its parameters (and which `this` fields) reach each request it makes:
 * the URL (folded with a hole per parameter), the method, the body, the query and an options object; and
 * what it sends whatever the caller passes (headers, a fixed method). A call site in another file applies the
 * summary to its own arguments: the request it makes is read where it is made, with the callee's headers
 * marked inherited (they are edited, if ever, in the callee's file, never from the caller's).
 *
 * Call sites followed: an imported function (`webexFetch('/rooms', init)`, named, default, CommonJS, through
 * re-exports and barrels), a function of an imported namespace or object (`api.createRoom(room)`), and a method
 * a class inherits from a base class of another module (`this.request('POST', body)` in `class Rooms extends
 * Resource`), with the base's fields set from the subclass's `super('rooms')` call, and a method of an imported
 * class called on an instance of it (`api.updateCallerId(id, body)` with `api: WebexApi`, `new WebexApi()` or an
 * imported `export const api = new WebexApi()`), or on a `this` field typed with it.
 *
 * Summaries are memoized on the callee's FileContext, which the project model keeps per file content
 * (engine/project/modules.ts): a second analysis in the same process (ESLint, `--fix` after a scan) reuses them.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { concatStatic, dottedName, foldTemplate, isUrlConstructor, joinUrl, memberName, propertyKeyName, unwrap, UNKNOWN, type FileContext, type Node, type StaticString } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { literalsOf, moduleRecord, ProjectModel, SPECIFIER_PREFIX, specifiersIn } from '../project/modules.js';
import { localInit, mergedArguments, mergedValue, objectOf, parameterTypeName, resolveLocal, returnedExpression, stringOf, thisFieldInit, instanceFields } from './bindings.js';
import { bodyOf, configMethods, finish, fromConfig, headersOf, methodOf, prop, requestBases, withBase } from './call-parts.js';
import { isFunctionNode, type HttpRequest, type RequestBody } from './request.js';
import { apiMarkers } from './url.js';
import { bodyParameter, parameterDefault, parameterValues, sendsNoBody } from './wrappers.js';
import { dispatchedRequests } from './dispatch.js';
import { escapeRegExp } from '../prefilter/regexp.js';

/** Opens and closes a hole in a folded URL: `\u0001p0\u0002` for parameter 0, `\u0001f:path\u0002` for `this.path`. */
const OPEN = '\u0001';
const CLOSE = '\u0002';
const HOLE = /\u0001([^\u0002]*)\u0002/g;
/**
 * A part of a folded URL chosen by whether a parameter is given (`endpoint ? `/${endpoint}` : ''`):
 * `\u0003p1\u0004then\u0004else\u0005`, decided where the summary is applied (a call site's argument), or passed on as
 * a branch on the caller's own parameter. A branch's unknown parts are UNKNOWN characters (the string counts complete).
 */
const BRANCH = '\u0003';
const SEP = '\u0004';
const END = '\u0005';

/** Whether a parameter of a callee is given a truthy value by its call: true, false, a parameter of the caller, or unknown. */
type Given = (i: number) => boolean | { param: number } | undefined;

/** Where a value of a request comes from: a parameter (by position, with its default) or a constant. */
type Source = { param: number } | { value: string };

/** One request of a summarized function. */
interface RequestSummary {
  request: HttpRequest;
  /** The URL with holes for parameters and `this` fields; undefined when it is not followed. */
  url?: StaticString;
  /**
   * The base the request's URL was resolved against (a configured client's `baseURL`): `url` holds it already; a call
   * site's request records it again, so a wrapper of that call (in yet another module) resolves its caller's path
   * against it too, rather than taking a path-only URL for the API's.
   */
  base?: StaticString;
  method?: Source;
  body?: { param: number; format?: RequestBody['format']; guarded?: boolean };
  query?: number;
  /** A parameter spread into, or passed as, the options object (`fetch(url, init)`, `{ ...init }`). */
  options?: number;
  /** The method when the caller's options set none: what the wrapper's own parts put before the spread (`{ ...defaults, ...init }`), else the client's default. */
  optionsMethod?: string;
  /**
   * The method parameter is written before the spread of the options parameter (`{ method, ...init }`): a method the
   * caller's options name wins over it, as at run time.
   */
  methodYields?: boolean;
  /** A parameter whose object's headers the request sends after its own (`get(path, headers)`, see HttpRequest.headersFrom). */
  headers?: number;
  /** Made only when a parameter is given (`given: true`, `data ? fetch(a) : ...`) or only when it is not (the other branch). */
  when?: { param: number; given: boolean };
}

/** What a function does with its parameters. */
export interface FunctionSummary {
  params: string[];
  /** Default values of parameters (`method = 'GET'`), folded in the function's file. */
  defaults: Array<StaticString | undefined>;
  requests: RequestSummary[];
}

function paramNames(fn: Node): { names: string[]; defaults: Array<Node | undefined> } {
  const names: string[] = [];
  const defaults: Array<Node | undefined> = [];
  for (const p of (fn as TSESTree.FunctionLike).params) {
    const inner = p.type === 'TSParameterProperty' ? p.parameter : p;
    const id = inner.type === 'AssignmentPattern' ? inner.left : inner;
    if (id.type === 'RestElement') break;
    names.push(id.type === 'Identifier' ? id.name : '');
    defaults.push(inner.type === 'AssignmentPattern' ? (inner.right as Node) : undefined);
  }
  return { names, defaults };
}

/** Folds an expression of the function with a hole for each parameter and `this` field it uses. */
function foldWithHoles(file: FileContext, node: Node, params: readonly string[], depth = 0): StaticString | undefined {
  if (depth > 8) return undefined;
  const n = unwrap(node);
  if (n.type === 'Identifier') {
    const i = params.indexOf(n.name);
    if (i >= 0) return { value: `${OPEN}p${i}${CLOSE}`, complete: true };
    const value = resolveLocal(file, n);
    return value !== n ? foldWithHoles(file, value, params, depth + 1) : stringOf(file, n);
  }
  if (n.type === 'MemberExpression' && unwrap(n.object).type === 'ThisExpression') {
    const field = memberName(n);
    return field === undefined ? undefined : { value: `${OPEN}f:${field}${CLOSE}`, complete: true };
  }
  if (n.type === 'TemplateLiteral') return foldTemplate(n, (e) => foldWithHoles(file, e, params, depth + 1));
  if (n.type === 'BinaryExpression' && n.operator === '+') return concatStatic(foldWithHoles(file, n.left as Node, params, depth + 1), foldWithHoles(file, n.right, params, depth + 1));
  if (n.type === 'CallExpression' && n.arguments.length === 1 && /^(encodeURIComponent|encodeURI|String)$/.test(dottedName(n.callee) ?? '')) {
    return foldWithHoles(file, n.arguments[0] as Node, params, depth + 1);
  }
  // `url.toString()`, `url.href`: the URL `url` holds, folded with its holes (as stringOf reads them without).
  if (n.type === 'CallExpression' && n.arguments.length === 0 && n.callee.type === 'MemberExpression' && memberName(n.callee) === 'toString') return foldWithHoles(file, n.callee.object as Node, params, depth + 1);
  if (n.type === 'MemberExpression' && memberName(n) === 'href') return foldWithHoles(file, n.object as Node, params, depth + 1);
  if (n.type === 'ConditionalExpression') {
    // `resource ? '/' + resource : ''` on a parameter: both parts kept, decided by the call's argument.
    const test = unwrap(n.test);
    const i = test.type === 'Identifier' ? params.indexOf(test.name) : -1;
    if (i < 0) return slashNormalized(file, n, params, depth) ?? stringOf(file, n);
    const part = (e: Node): string => {
      const f = foldWithHoles(file, e, params, depth + 1);
      return !f ? UNKNOWN : f.complete || f.value.includes(UNKNOWN) ? f.value : f.value + UNKNOWN;
    };
    return { value: `${BRANCH}p${i}${SEP}${part(n.consequent)}${SEP}${part(n.alternate)}${END}`, complete: true };
  }
  if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && !n.callee.computed && unwrap(n.callee.object).type === 'ThisExpression') {
    return thisMethodReturn(file, n, params, depth);
  }
  if (n.type === 'NewExpression' && isUrlConstructor(n) && n.arguments[0]) {
    const path = foldWithHoles(file, n.arguments[0] as Node, params, depth + 1);
    const base = n.arguments[1] ? foldWithHoles(file, n.arguments[1] as Node, params, depth + 1) : undefined;
    if (!path) return base ? { value: base.value + UNKNOWN, complete: false } : undefined;
    if (!base || /^[a-z]+:\/\//i.test(path.value)) return path;
    return { value: joinUrl(base.value, path.value), complete: base.complete && path.complete };
  }
  return stringOf(file, n);
}

/** A test whether a path starts with a slash: `p.startsWith('/')`, `p[0] === '/'`, `p.charAt(0) === '/'` (negated or not). */
const SLASH_TEST = /^!?\(?\s*[\w$.]+\s*(?:\.\s*startsWith\s*\(\s*(['"`])\/\1\s*\)|(?:\[\s*0\s*\]|\.\s*charAt\s*\(\s*0\s*\))\s*[!=]==?\s*(['"`])\/\2)\s*\)?$/;

/**
 * `path.startsWith('/') ? path : `/${path}`` on a parameter: the path made to start with one slash. Folded as the
 * caller's path (the branch without the added slash), whose callers write it with one; undefined for any other choice.
 */
function slashNormalized(file: FileContext, n: TSESTree.ConditionalExpression, params: readonly string[], depth: number): StaticString | undefined {
  if (!SLASH_TEST.test(file.getText(n.test as Node))) return undefined;
  const a = foldWithHoles(file, n.consequent, params, depth + 1);
  const b = foldWithHoles(file, n.alternate, params, depth + 1);
  if (!a?.complete || !b?.complete || !HOLE.test(a.value + b.value)) return undefined;
  HOLE.lastIndex = 0;
  if (b.value === `/${a.value}`) return a;
  if (a.value === `/${b.value}`) return b;
  return undefined;
}

/**
 * What a method of the class returns for a `this.address(path)` call (`address(p) { return p ? `${this.root}/${p}` : this.root }`),
 * folded with holes for the caller's parameters: the method's single returned expression with its parameters given by
 * the call's arguments. The method of the class the call is written in (a subclass's override is not seen).
 */
function thisMethodReturn(file: FileContext, call: TSESTree.CallExpression, params: readonly string[], depth: number): StaticString | undefined {
  const name = memberName(call.callee as TSESTree.MemberExpression);
  const cls = name === undefined ? undefined : thisClass(file, call);
  const method = cls && name !== undefined ? methodOfClass(cls, name) : undefined;
  const returned = method ? returnedExpression(file, method) : undefined;
  const args = call.arguments as Node[];
  if (!method || !returned || args.some((a) => a.type === 'SpreadElement')) return undefined;
  const own = paramNames(method);
  const body = foldWithHoles(file, returned, own.names, depth + 1);
  if (!body) return undefined;
  const defaults = own.defaults.map((d) => (d ? stringOf(file, d) : undefined));
  return fillUrl(
    body,
    (hole) => (hole.startsWith('f:') ? { value: `${OPEN}${hole}${CLOSE}`, complete: true } : argumentAt(file, args, Number(hole.slice(1)), params, defaults)),
    (i) => givenArgument(args[i], params, defaults[i]),
  );
}

/** A call's argument folded with holes for the caller's parameters, or the callee's default when none is passed. */
function argumentAt(file: FileContext, args: readonly Node[], i: number, params: readonly string[], defaults: ReadonlyArray<StaticString | undefined>): StaticString | undefined {
  return args[i] ? foldWithHoles(file, args[i], params) : defaults[i];
}

/**
 * Whether a call gives a parameter a truthy value: a written falsy literal (`''`, `undefined`, `null`, `false`, `0`) or
 * nothing (and no default, or an empty one) is not; a parameter of the caller passed on is decided by the caller's
 * call; any other value is (a value passed is meant to be used).
 */
function givenArgument(arg: Node | undefined, params: readonly string[], fallback: StaticString | undefined): boolean | { param: number } | undefined {
  if (!arg) return fallback ? (fallback.complete ? fallback.value !== '' : undefined) : false;
  const a = unwrap(arg);
  if (a.type === 'Identifier') {
    if (a.name === 'undefined') return false;
    const i = params.indexOf(a.name);
    if (i >= 0) return { param: i };
  }
  if (a.type === 'Literal') return Boolean(a.value);
  if (a.type === 'TemplateLiteral' && a.expressions.length === 0) return (a.quasis[0]?.value.cooked ?? '') !== '';
  return true;
}

function paramIndex(node: Node | undefined, params: readonly string[]): number | undefined {
  if (!node) return undefined;
  let n = unwrap(node);
  if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && /^(toUpperCase|toLowerCase)$/.test(memberName(n.callee) ?? '') && n.arguments.length === 0) n = unwrap(n.callee.object);
  if (n.type !== 'Identifier') return undefined;
  const i = params.indexOf(n.name);
  return i >= 0 ? i : undefined;
}

/**
 * The requests a file makes inside one function (calls.ts requestsWithin, passed in: calls.ts calls this module):
 * getRequests's requests whose call lies in it, without following the rest of the file's calls into other modules.
 */
export type RequestsOf = (file: FileContext, catalog: LoadedCatalog, within: Node) => HttpRequest[];

/**
 * The summary of a function of a file (memoized on the file, which the project model keeps per content): made when
 * a call site reaches it, from the requests made inside that function only, so the file's other functions, and the
 * modules only they call, are not read.
 */
export function summaryOf(file: FileContext, catalog: LoadedCatalog, fn: Node, requestsOf: RequestsOf): FunctionSummary | undefined {
  const memo = file.cached('requests:summaries', () => new Map<Node, FunctionSummary | null>());
  const known = memo.get(fn);
  if (known !== undefined) return known ?? undefined;
  const summary = summarize(file, catalog, fn, requestsOf);
  memo.set(fn, summary ?? null);
  return summary;
}

function summarize(file: FileContext, catalog: LoadedCatalog, fn: Node, requestsOf: RequestsOf): FunctionSummary | undefined {
  if (!isFunctionNode(fn)) return undefined;
  const inside = requestsOf(file, catalog, fn);
  if (inside.length === 0) return undefined;
  const { names, defaults } = paramNames(fn);
  const summary: FunctionSummary = { params: names, defaults: defaults.map((d) => (d ? stringOf(file, d) : undefined)), requests: [] };
  for (const r of inside) {
    const s: RequestSummary = { request: r };
    const args = r.node.arguments as Node[];
    if (r.urlNode) {
      const folded = composedUrl(file, catalog, r, fn, names, requestsOf) ?? foldWithHoles(file, r.urlNode, names);
      const base = requestBases.get(r);
      if (folded) s.url = withBase(folded, base);
      if (folded && base) s.base = base;
    }
    // The options' method, else the argument that gave the method of a summarized function this one calls
    // (`send(method, url, init)` inside `call(method, url, init)`): the method crosses both as a parameter.
    const methodNode = (r.options ? prop(r.options, 'method') : undefined) ?? r.methodNode;
    const methodParam = paramIndex(methodNode, names);
    if (methodParam !== undefined) s.method = { param: methodParam };
    else if (r.method) s.method = { value: r.method };
    const bodyNode = r.body?.node ? unwrap(r.body.node) : undefined;
    if (bodyNode) {
      const direct = paramIndex(bodyNode, names);
      if (direct !== undefined) s.body = { param: direct };
      else if (bodyNode.type === 'CallExpression' && dottedName(bodyNode.callee) === 'JSON.stringify') {
        const i = paramIndex(bodyNode.arguments[0] as Node | undefined, names);
        if (i !== undefined) s.body = { param: i, format: 'json' };
      } else {
        // `body ? JSON.stringify(body) : undefined`, `body && JSON.stringify(body)`, `new URLSearchParams(form)`.
        const flow = bodyParameter(bodyNode, names);
        const i = flow ? names.indexOf(flow.name) : -1;
        if (flow && i >= 0) s.body = { param: i, ...(flow.format ? { format: flow.format } : {}), ...(flow.guarded ? { guarded: true } : {}) };
      }
    }
    const queryNode = r.options ? (prop(r.options, 'params') ?? prop(r.options, 'searchParams')) : undefined;
    s.query = paramIndex(queryNode, names);
    // `fetch(url, init)` with `init` a parameter, or `{ ...init }` inside the options object.
    // A call of a summarized function passes its options where that function takes them (`send(method, url, init)`).
    const optionsArg = r.wrapper && r.optionsNode ? r.optionsNode : args[1];
    // An axios client called with the config second (`client(url, opts)`) takes it as fetch takes its init; so does a
    // call of a summarized function that takes options (whatever client it ends in).
    const configMethod = configMethods.has(r);
    if ((r.client === 'fetch' || configMethod || (r.wrapper && r.optionsNode)) && optionsArg) s.options = paramIndex(optionsArg, names);
    // A same-file wrapper's call whose second argument is the path (`get(path) { return this.request('GET', path) }`):
    // that parameter makes the URL, it is no options object (taking it so would lose the wrapper's own method).
    if (r.wrapper && !r.optionsNode && s.options !== undefined && optionsArg === args[1] && s.url?.value.includes(`${OPEN}p${s.options}${CLOSE}`)) s.options = undefined;
    // `{ ...DEFAULTS, ...init }`, or the same merged by `Object.assign({}, DEFAULTS, init)`.
    const parts = optionParts(file, r, names);
    if (s.options === undefined && parts) {
      for (const p of parts) if (p.type === 'SpreadElement' && paramIndex(p.argument, names) !== undefined) s.options = paramIndex(p.argument, names);
    }
    // `{ method, ...init }`: the method parameter, unless the caller's options name one (the spread comes later).
    if (methodParam !== undefined && s.options !== undefined && r.options && spreadsAfter(r.options, methodNode!, s.options, names)) s.methodYields = true;
    // The options passed whole (`fetch(url, init)`): a caller's object without a method is a GET.
    // The method sent when the options passed name none: a fetch's GET, an axios instance's method, or what the
    // summarized function this call reaches sends then (its method parameter's default, `method = 'POST'`).
    const absent = configMethods.has(r) ? configMethods.get(r) : r.client === 'fetch' ? 'GET' : undefined;
    if (s.options !== undefined && !s.method) s.optionsMethod = parts ? spreadOptionsMethod(file, parts, names, absent) : absent;
    // Or the options' `headers` is a parameter itself (`request({ url, method, headers, json: data })` in
    // `function Request(key, url, method, headers, data)`): the caller's object is what goes.
    s.headers = paramIndex(r.headersFrom, names) ?? (r.options ? paramIndex(prop(r.options, 'headers'), names) : undefined);
    const when = branchOn(file, fn, r.node, names);
    if (when) s.when = when;
    const flows = (s.url && (HOLE.test(s.url.value) || s.url.value.includes(BRANCH))) || s.body || s.options !== undefined || s.query !== undefined || s.headers !== undefined || (s.method && 'param' in s.method);
    HOLE.lastIndex = 0;
    // A request that takes nothing from the caller is reported where it is written.
    if (flows) summary.requests.push(s);
  }
  return summary.requests.length > 0 ? summary : undefined;
}

/**
 * Whether a request's call is made in one branch of a test on a parameter of the function (`data ? fetch(url, { body })
 * : fetch(url)`, `if (data) { ... }`): the nearest such branch between the call and the function.
 */
function branchOn(file: FileContext, fn: Node, call: Node, names: readonly string[]): RequestSummary['when'] {
  let child: Node = call;
  for (const a of file.ancestors(call)) {
    if (a === fn) return undefined;
    if (a.type === 'ConditionalExpression' || a.type === 'IfStatement') {
      const test = unwrap(a.test as Node);
      const negated = test.type === 'UnaryExpression' && test.operator === '!';
      const subject = negated ? unwrap(test.argument as Node) : test;
      const i = subject.type === 'Identifier' ? names.indexOf(subject.name) : -1;
      if (i >= 0 && (child === a.consequent || child === a.alternate)) return { param: i, given: (child === a.consequent) !== negated };
    }
    child = a;
  }
  return undefined;
}

/** Whether a request made only in a branch is made by a call that gives its parameter so (unknown: made). */
function madeFor(s: RequestSummary, given: Given): boolean | { param: number; given: boolean } {
  if (!s.when) return true;
  const g = given(s.when.param);
  if (g === true || g === false) return g === s.when.given;
  return g ? { param: g.param, given: s.when.given } : true;
}

/** A part of a request's options, in the order they are merged: a property written, or an object spread in. */
type OptionPart = TSESTree.ObjectLiteralElement | { type: 'SpreadElement'; argument: Node };

/**
 * The parts of a request's options in merge order: the object literal's properties, or the arguments of an
 * `Object.assign({}, DEFAULTS, init)` (a merge whose last argument wins, lodash's `assign`/`merge`/`extend` too)
 * read as `{ ...DEFAULTS, ...init }` when its last argument is a parameter of the function: an object literal
 * argument gives its properties, any other its spread.
 * (The request's `options` is then the merge's last object literal, which says nothing of the parameter's place.)
 * Undefined for options of any other form.
 */
function optionParts(file: FileContext, r: HttpRequest, names: readonly string[]): OptionPart[] | undefined {
  const n = r.optionsNode ? resolveLocal(file, r.optionsNode as Node) : undefined;
  const args = n ? mergedArguments(n) : undefined;
  if (!n || !args || n.type !== 'CallExpression' || args[0] !== n.arguments[n.arguments.length - 1]) return r.options?.properties;
  // Only a merge the caller's options win (`Object.assign({}, DEFAULTS, opts)`): a part after them
  // (`Object.assign({}, opts, { body })`) may replace what the caller sends, which a summary does not follow.
  if (paramIndex(args[0] as Node, names) === undefined) return r.options?.properties;
  const parts: OptionPart[] = [];
  for (const a of n.arguments) {
    if (a.type === 'SpreadElement') return undefined;
    const u = unwrap(a as Node);
    if (u.type === 'ObjectExpression') parts.push(...u.properties);
    else parts.push({ type: 'SpreadElement', argument: a as Node });
  }
  return parts;
}

/** Whether the options object spreads parameter `param` after the property whose value is `value` (`{ method, ...init }`). */
function spreadsAfter(options: TSESTree.ObjectExpression, value: Node, param: number, names: readonly string[]): boolean {
  const at = options.properties.findIndex((p) => p.type === 'Property' && p.value === value);
  return at >= 0 && options.properties.some((p, i) => i > at && p.type === 'SpreadElement' && paramIndex(p.argument, names) === param);
}

/**
 * The method of an options object that spreads a parameter (`{ ...defaults, ...init }`) when the caller's object
 * sets none: the last method written before the parameter's spread (its own `method:` or a spread local object's,
 * `const defaults = { method: 'GET' }`), else the client's default (a fetch is a GET). Undefined when a part
 * before it is not known, or a method written after the spread overrides the caller's.
 */
function spreadOptionsMethod(file: FileContext, parts: readonly OptionPart[], names: readonly string[], absent: string | undefined): string | undefined {
  let method: string | undefined = absent;
  let spread = false;
  for (const p of parts) {
    if (p.type === 'SpreadElement') {
      if (paramIndex(p.argument, names) !== undefined) {
        spread = true;
        continue;
      }
      const object = objectOf(file, p.argument);
      if (!object || object.properties.some((q) => q.type === 'SpreadElement')) return undefined;
      const m = prop(object, 'method');
      if (m) {
        if (spread) return undefined;
        method = methodOf(file, m);
      }
    } else if (propertyKeyName(p) === 'method') {
      if (spread) return undefined;
      method = methodOf(file, p.value as Node);
    }
  }
  return spread ? method : undefined;
}

const composing = new Set<Node>();

/**
 * The URL of a request made through a same-file wrapper one level in (`update(id, body) { return this.send('PUT',
 * `/${id}`, body) }` with `send` fetching `${host}/${this.resource}${path}`): the wrapper's own summary URL with its
 * parameters' holes filled by this call's arguments, folded with holes for this function's parameters, so the
 * `this` fields the wrapper reads stay holes a subclass's `super(...)` fills. Undefined when not such a request.
 */
function composedUrl(file: FileContext, catalog: LoadedCatalog, r: HttpRequest, fn: Node, names: readonly string[], requestsOf: RequestsOf): StaticString | undefined {
  const w = r.wrapper;
  // The function this request's call calls: the wrapper itself, or the outermost of a chain (`safe` -> `webexFetch` -> `throttled`).
  const callee = w?.functions && w.functions.length > 1 ? w.functions[w.functions.length - 1] : w?.function;
  if (!w || !callee || callee === fn || composing.has(callee)) return undefined;
  const chain = callee !== w.function;
  composing.add(callee);
  try {
    const inner = summaryOf(file, catalog, callee, requestsOf);
    const url = inner?.requests.find((x) => x.request === w.request || (chain && x.request.wrapper?.request === w.request))?.url;
    // One level: only `this` fields need the wrapper's summary (the written URL holds the rest). A chain: the
    // levels between may add the host (`throttled(\`${HOST}${path}\`)`), which the call's written part lacks.
    // One level whose summary is a host before one parameter, where the call's own URL has no host: a level read
    // as the client itself (a forwarding function, aliases.ts: `throttled = (u, init) => fetch(u, init)`) sits
    // between, and the host is written there.
    if (!inner || !url || (!chain && !/\u0001f:/.test(url.value) && !(/^https?:\/\/[^\u0001?#]*\u0001p\d+\u0002$/i.test(url.value) && !/^https?:\/\//i.test(file.getText(r.urlNode!).replace(/^[`'"]/, ''))))) return undefined;
    const args = r.node.arguments as Node[];
    if (args.some((a) => a.type === 'SpreadElement')) return undefined;
    return fillUrl(url, (hole) => {
      if (hole.startsWith('f:')) return { value: `${OPEN}${hole}${CLOSE}`, complete: true };
      const i = Number(hole.slice(1));
      return args[i] ? foldWithHoles(file, args[i], names) : inner.defaults[i];
    }, (i) => givenArgument(args[i], names, inner.defaults[i]));
  } finally {
    composing.delete(callee);
  }
}

/** The value a call site gives a summary's source, folded in the caller's file. */
function argString(site: FileContext, args: readonly Node[], i: number, summary: FunctionSummary): StaticString | undefined {
  const arg = args[i];
  if (arg && arg.type !== 'SpreadElement') return stringOf(site, arg);
  if (!arg) return summary.defaults[i];
  return undefined;
}

/**
 * Fills a summary's URL holes with a call site's arguments and a class's fields, and decides its branches on
 * parameters by `given` (a branch on a parameter the call passes on stays a branch, on the caller's parameter; one
 * nothing decides is unknown).
 */
function fillUrl(url: StaticString, fill: (hole: string) => StaticString | undefined, given: Given = () => undefined): StaticString {
  let complete = url.complete;
  const plain = (text: string): string =>
    text.replace(HOLE, (_m, hole: string) => {
      const v = fill(hole);
      complete &&= v?.complete ?? false;
      return v ? v.value : UNKNOWN;
    });
  const walk = (text: string): string => {
    let out = '';
    let at = 0;
    for (let open = text.indexOf(BRANCH); open >= 0; open = text.indexOf(BRANCH, at)) {
      out += plain(text.slice(at, open));
      const b = branchAt(text, open);
      if (!b) return out + UNKNOWN;
      const g = given(b.param);
      if (g === true) out += walk(b.then);
      else if (g === false) out += walk(b.otherwise);
      else if (g) out += `${BRANCH}p${g.param}${SEP}${walk(b.then)}${SEP}${walk(b.otherwise)}${END}`;
      else out += UNKNOWN;
      at = b.end;
    }
    return out + plain(text.slice(at));
  };
  const value = walk(url.value);
  if (!value.includes(BRANCH) && value.includes(UNKNOWN)) complete = false;
  return { value, complete };
}

/** The branch opening at `open` of a folded URL: its parameter, both parts, and where it ends. */
function branchAt(text: string, open: number): { param: number; then: string; otherwise: string; end: number } | undefined {
  const head = /^\u0003p(\d+)\u0004/.exec(text.slice(open));
  if (!head) return undefined;
  const seps: number[] = [];
  let depth = 0;
  for (let i = open + head[0].length; i < text.length; i++) {
    const c = text[i];
    if (c === BRANCH) depth++;
    else if (c === END) {
      if (depth === 0) {
        if (seps.length !== 1) return undefined;
        return { param: Number(head[1]), then: text.slice(open + head[0].length, seps[0]), otherwise: text.slice(seps[0] + 1, i), end: i + 1 };
      }
      depth--;
    } else if (c === SEP && depth === 0) seps.push(i);
  }
  return undefined;
}

/**
 * A URL filled on a client's base (`${base}/${path}` with the caller's path `/rooms`): one slash between them, as
 * axios joins a `baseURL` and a relative URL (the summary wrote the slash before the path's hole).
 */
function joined(url: StaticString, base: StaticString | undefined): StaticString {
  const b = base?.value.replace(/\/+$/, '');
  return b && url.value.startsWith(`${b}//`) ? { ...url, value: b + url.value.slice(b.length + 1) } : url;
}

/** The requests a call site of a summarized function makes. */
export function applySummary(
  site: FileContext,
  call: TSESTree.CallExpression | TSESTree.NewExpression,
  summary: FunctionSummary,
  fn: Node,
  catalog: LoadedCatalog,
  fields: (name: string) => StaticString | undefined = () => undefined,
): HttpRequest[] {
  const args = call.arguments as Node[];
  if (args.some((a) => a.type === 'SpreadElement')) return [];
  const out: HttpRequest[] = [];
  for (const s of summary.requests) {
    if (madeFor(s, (i) => givenArgument(args[i], [], summary.defaults[i])) === false) continue;
    const inner = s.request;
    const r: HttpRequest = { node: call, client: inner.client, isApi: false, headers: inner.headers.map((h) => ({ ...h, inherited: true })), wrapper: { request: inner, function: fn } };
    if (s.url) {
      r.url = joined(fillUrl(s.url, (hole) => (hole.startsWith('f:') ? fields(hole.slice(2)) : argString(site, args, Number(hole.slice(1)), summary)), (i) => givenArgument(args[i], [], summary.defaults[i])), s.base);
      if (s.base) requestBases.set(r, s.base);
      const pathArg = [...s.url.value.matchAll(HOLE)].map((m) => m[1]).find((h) => h.startsWith('p') && args[Number(h.slice(1))]);
      r.urlNode = pathArg ? args[Number(pathArg.slice(1))] : call;
    }
    const options = s.options !== undefined ? objectOf(site, args[s.options]) : undefined;
    // The caller's options as written (`init` of `send(url, init)`): what a wrapper around this call reads them by.
    if (s.options !== undefined && args[s.options]) r.optionsNode = args[s.options];
    if (s.methodYields && options && prop(options, 'method')) r.method = methodOf(site, prop(options, 'method'));
    else if (s.methodYields && args[s.options!] && !options) {
      // The caller's options passed on (`layer1(url, opts)` into `fetch(url, { method, ...opts })`): their method if
      // they name one, else the method parameter's argument or default, which a summary of the caller sends then.
      r.method = undefined;
      const param = (s.method as { param: number }).param;
      const arg = args[param];
      configMethods.set(r, arg ? methodOf(site, arg) : summary.defaults[param]?.complete ? summary.defaults[param]!.value.toUpperCase() : undefined);
    } else if (s.method && 'param' in s.method) {
      const arg = args[s.method.param];
      r.method = arg ? methodOf(site, arg) : summary.defaults[s.method.param]?.complete ? summary.defaults[s.method.param]!.value.toUpperCase() : undefined;
      if (arg) r.methodNode = arg;
    } else if (options && prop(options, 'method')) r.method = methodOf(site, prop(options, 'method'));
    else if (s.options !== undefined && args[s.options] && !options) {
      r.method = undefined;
      configMethods.set(r, s.method && 'value' in s.method ? s.method.value : (s.optionsMethod ?? (inner.client === 'fetch' ? 'GET' : undefined)));
    }
    else r.method = s.method && 'value' in s.method ? s.method.value : (s.optionsMethod ?? inner.method);
    // A guarded body (`body ? JSON.stringify(body) : undefined`) that the call does not give: nothing is sent.
    const bodyArg = s.body ? args[s.body.param] : undefined;
    if (s.body && (bodyArg ? (s.body.guarded || s.body.format) && sendsNoBody(bodyArg, s.body, inner.client) : s.body.guarded || s.body.format === 'json')) r.body = undefined;
    else if (s.body && args[s.body.param]) {
      const arg = args[s.body.param];
      r.body = s.body.format ? { node: arg, object: objectOf(site, arg), format: s.body.format } : bodyOf(site, arg, inner.client === 'fetch' || inner.client === 'http' ? undefined : 'json');
    } else if (!s.body && !options) r.body = undefined;
    if (options) {
      const own: HttpRequest = { node: call, client: inner.client, isApi: false, headers: [] };
      fromConfig(site, own, options, undefined, inner.client === 'fetch' ? { body: 'body' } : { data: 'data', query: 'params' });
      if (own.body) r.body = own.body;
      if (own.query) r.query = own.query;
      // `{ ...DEFAULTS, params }` with `DEFAULTS` of this file: its headers, as a client call's merged options give them.
      const merged = !prop(options, 'headers') && own.headers.length === 0 ? mergedValue(site, options, 'headers') : undefined;
      const h = merged ? headersOf(site, merged) : undefined;
      r.headers.push(...own.headers, ...(h?.headers ?? []));
      r.headersNode = own.headersNode ?? h?.object;
      r.options = options;
    }
    // The headers the call passes (`client.get('/rooms', this.headers)`): written at the call site, this request's own.
    if (s.headers !== undefined && args[s.headers]) r.headers.push(...headersOf(site, args[s.headers]).headers);
    if (s.query !== undefined) {
      const q = objectOf(site, args[s.query]);
      if (q) r.query = q;
    }
    out.push(finish(r, catalog));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Call sites of functions and classes of other modules
// ---------------------------------------------------------------------------------------------

/** The function a callee of this file stands for in another module (imported name, namespace or object member). */
function importedFunction(file: FileContext, callee: Node, sends: SendsCheck): { file: FileContext; fn: Node } | undefined {
  let n = unwrap(callee);
  if (n.type === 'Identifier' && !moduleRecord(file).imports.has(n.name)) n = defaultSender(file, n) ?? n;
  let root: Node = n;
  while (root.type === 'MemberExpression') root = unwrap(root.object);
  if (root.type !== 'Identifier' || !moduleRecord(file).imports.has(root.name) || !sends.mayReach(root.name)) return undefined;
  const where = file.locate(n);
  if (!where || where.file === file) return undefined;
  const fn = functionOf(where.node) ?? declaredFunction(where.file, where.node);
  return fn ? { file: where.file, fn } : undefined;
}

/**
 * The function a module's export names (`function Request(key, url, method, headers, data) {...}` then
 * `module.exports = Request`): the one function declared at its top level by that name.
 */
function declaredFunction(file: FileContext, node: Node): Node | undefined {
  const n = unwrap(node);
  if (n.type !== 'Identifier') return undefined;
  const declared = file.nodes(T.FunctionDeclaration).filter((f) => f.id?.name === n.name && file.parentOf(f)?.type === 'Program');
  return declared.length === 1 ? declared[0] : undefined;
}

/**
 * The imported function a sender parameter holds (`send(url, init)` in `function call(url, send = defaultSend)`):
 * its default, when that is an imported name and no call site in the file passes another sender.
 */
function defaultSender(file: FileContext, id: TSESTree.Identifier): Node | undefined {
  let fn: Node | undefined;
  for (const a of file.ancestors(id)) {
    if (isFunctionNode(a)) {
      fn = a;
      break;
    }
  }
  const def = fn ? parameterDefault(fn, id.name) : undefined;
  if (!fn || def?.type !== 'Identifier' || !moduleRecord(file).imports.has(def.name)) return undefined;
  const values = parameterValues(file, fn, id.name);
  return values?.every((v) => v.node === def) ? def : undefined;
}

/**
 * The method of a class of another module that `api.method(...)` calls when `api` is an instance of it: a
 * parameter typed with the imported class (`api: WebexApi`) or a local `const api = new WebexApi(...)`.
 */
function importedInstanceMethod(file: FileContext, callee: Node, sends: SendsCheck): FoundMethod | undefined {
  const n = unwrap(callee);
  if (n.type !== 'MemberExpression' || n.computed) return undefined;
  const object = unwrap(n.object);
  const name = memberName(n);
  if (name === undefined) return undefined;
  const rec = moduleRecord(file);
  if (object.type === 'MemberExpression' && unwrap(object.object).type === 'ThisExpression' && !object.computed) {
    // `this.api.method(...)` with the field typed with an imported class (`private api: WebexApi`, a constructor's
    // `private readonly api: WebexApi`) or set by its initializer (`api = new WebexApi(...)`).
    const field = memberName(object);
    const cls = field === undefined ? undefined : thisClass(file, object);
    const typed = cls && field !== undefined ? fieldClassName(cls, field) : undefined;
    if (!typed || !rec.imports.has(typed.name) || !sends.mayReach(typed.name)) return undefined;
    const found = classMethod(file, typed, name);
    return found && found.file !== file ? withMade(found, file, thisFieldInit(file, object), typed.name) : undefined;
  }
  if (object.type !== 'Identifier') return undefined;
  if (rec.imports.has(object.name)) {
    // An imported singleton: `export const api = new WebexApi(...)` in another module.
    if (!sends.mayReach(object.name)) return undefined;
    const held = file.locate(object);
    const made = held ? unwrap(held.node) : undefined;
    if (!held || held.file === file || made?.type !== 'NewExpression' || made.callee.type !== 'Identifier') return undefined;
    const found = classMethod(held.file, made.callee, name);
    return found ? withMade(found, held.file, made, made.callee.name) : undefined;
  }
  // Binding the name by scope analyses the whole file: done only when a class the name may hold (a parameter's
  // imported type, an imported class a variable is made by) has the method and that method sends a request.
  const held = instanceNames(file).get(object.name);
  if (!held) return undefined;
  const viable = (kind: 'param' | 'new'): boolean =>
    held.some((h) => h.kind === kind && rec.imports.has(h.cls.name) && sends.mayReach(h.cls.name) && ((found) => found !== undefined && found.file !== file && sends.summarized(found))(classMethod(file, h.cls, name)));
  let cls: TSESTree.Identifier | undefined = viable('param') ? parameterTypeName(file, object) : undefined;
  let made: Node | undefined;
  if (!cls && viable('new')) {
    const init = localInit(file, object);
    made = init ? unwrap(init) : undefined;
    if (made?.type === 'NewExpression' && made.callee.type === 'Identifier') cls = made.callee;
  }
  if (!cls || !rec.imports.has(cls.name)) return undefined;
  const found = classMethod(file, cls, name);
  return found && found.file !== file ? withMade(found, file, made, cls.name) : undefined;
}

/** The method with the `new <name>(...)` its instance is made by (written in `file`), when `made` is one. */
function withMade(found: FoundMethod, file: FileContext, made: Node | undefined, name: string): FoundMethod {
  const n = made ? unwrap(made) : undefined;
  if (n?.type !== 'NewExpression' || n.callee.type !== 'Identifier' || n.callee.name !== name || found.inherited || !found.cls) return found;
  return { ...found, made: { file, node: n } };
}


/** A name of a file that may hold an instance of an imported class, and the class: a typed parameter's, or the one `new` made. */
interface HeldInstance {
  kind: 'param' | 'new';
  cls: TSESTree.Identifier;
}

/**
 * The names of a file that may hold an instance of a class it imports, read from the tree without binding names
 * by scope: parameters typed with an imported name (`api: WebexApi`, a parameter property, one with a default),
 * and variables made by `new` of one (`const api = new WebexApi()`). A superset of what
 * {@link parameterTypeName} and `localInit` find for {@link importedInstanceMethod}, which binds a name by scope
 * only when one of its classes sends a request; most files have none (memoized on the file).
 */
function instanceNames(file: FileContext): ReadonlyMap<string, HeldInstance[]> {
  return file.cached('summaries:instance-names', () => {
    const imports = moduleRecord(file).imports;
    const out = new Map<string, HeldInstance[]>();
    if (imports.size === 0) return out;
    const add = (name: string, held: HeldInstance): void => {
      const list = out.get(name);
      if (list) list.push(held);
      else out.set(name, [held]);
    };
    for (const type of [T.FunctionDeclaration, T.FunctionExpression, T.ArrowFunctionExpression] as const) {
      for (const f of file.nodes(type)) {
        for (const p of f.params) {
          const inner = p.type === 'TSParameterProperty' ? p.parameter : p;
          const id = inner.type === 'AssignmentPattern' ? inner.left : inner;
          const t = id.type === 'Identifier' ? id.typeAnnotation?.typeAnnotation : undefined;
          if (t?.type === 'TSTypeReference' && t.typeName.type === 'Identifier' && imports.has(t.typeName.name)) add((id as TSESTree.Identifier).name, { kind: 'param', cls: t.typeName });
        }
      }
    }
    for (const d of file.nodes(T.VariableDeclarator)) {
      const made = d.init ? unwrap(d.init as Node) : undefined;
      if (d.id.type === 'Identifier' && made?.type === 'NewExpression' && made.callee.type === 'Identifier' && imports.has(made.callee.name)) add(d.id.name, { kind: 'new', cls: made.callee });
    }
    return out;
  });
}

/** The class name a field of a class is typed with or made by (`api: WebexApi`, `api = new WebexApi()`, a typed parameter property). */
function fieldClassName(cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, field: string): TSESTree.Identifier | undefined {
  const named = (annotation: TSESTree.TSTypeAnnotation | undefined): TSESTree.Identifier | undefined => {
    const t = annotation?.typeAnnotation;
    return t?.type === 'TSTypeReference' && !t.typeArguments && t.typeName.type === 'Identifier' ? t.typeName : undefined;
  };
  for (const m of cls.body.body) {
    if (m.type !== 'PropertyDefinition' || m.static || propertyKeyName(m) !== field) continue;
    const made = m.value ? unwrap(m.value as Node) : undefined;
    return named(m.typeAnnotation) ?? (made?.type === 'NewExpression' && made.callee.type === 'Identifier' ? made.callee : undefined);
  }
  for (const p of constructorOf(cls)?.params ?? []) {
    if (p.type === 'TSParameterProperty' && p.parameter.type === 'Identifier' && p.parameter.name === field) return named(p.parameter.typeAnnotation);
  }
  return undefined;
}

/** The method `name` of the class a name stands for in a file: imported (followed), or declared once at its top level. */
function classMethod(file: FileContext, id: TSESTree.Identifier, name: string): FoundMethod | undefined {
  const where = file.locate(id as Node);
  let owner = where?.file ?? file;
  let decl: Node | undefined = where ? unwrap(where.node) : undefined;
  if (!where) {
    const declared = file.nodes(T.ClassDeclaration).filter((c) => c.id?.name === id.name);
    const holder = declared.length === 1 ? file.parentOf(declared[0]) : undefined;
    const top = holder?.type === 'Program' || (holder?.type === 'ExportNamedDeclaration' && file.parentOf(holder)?.type === 'Program');
    if (!top) return undefined;
    decl = declared[0];
    owner = file;
  }
  if (decl?.type !== 'ClassDeclaration' && decl?.type !== 'ClassExpression') return undefined;
  const fn = methodOfClass(decl, name);
  if (fn) return { file: owner, fn, cls: decl };
  // A method the class inherits (`class Rooms extends Base { constructor() { super('rooms') } }`): the base's,
  // with the fields the constructors on the way set.
  if (!decl.superClass) return undefined;
  const chain = baseChain(owner, decl);
  const top = chain.findIndex((c, i) => i > 0 && methodOfClass(c.cls, name) !== undefined);
  if (top < 0) return undefined;
  return { file: chain[top].file, fn: methodOfClass(chain[top].cls, name)!, inherited: { chain, top } };
}

/** A method found on a class: where it is written and, when it is inherited, the class chain up to its class. */
interface FoundMethod {
  file: FileContext;
  fn: Node;
  inherited?: { chain: readonly ClassAt[]; top: number };
  /** The class whose own method it is (not inherited). */
  cls?: ClassNode;
  /** The `new <Class>(...)` the instance called is made by, and the file it is written in. */
  made?: { file: FileContext; node: TSESTree.NewExpression };
}

/** What a call site asks before following a call into another module. */
interface SendsCheck {
  /** False when the module an imported name comes from, and every module below it, cannot make a request (text alone, no parse). */
  mayReach(name: string): boolean;
  /** Whether a function of another module has a summary (it makes a request that takes something from its caller). */
  summarized(target: { file: FileContext; fn: Node }): boolean;
}

/**
 * Text that may make a request by itself (engine/api/calls.ts, clients.ts): a client's global name called or
 * read a member of (`fetch(`, `window.fetch`, `axios.create(`, `got(`...) or given as a sender parameter's default
 * (`request = fetch)`, calls.ts defaultedClient: the function calls it by the parameter's name), or a client package imported or
 * required (not `import type`) under any name (clientOfIdentifier knows no other clients; the `request` family and
 * `needle` included: a module whose function wraps `request({ url, method, headers })` is followed), or a device HttpClient
 * command (`'HttpClient Get'`, `.HttpClient.Post(`), for bit 1; a method call
 * an unidentified client may make (with type arguments too: `this.http.get<Person>(url)`), for bit 2; an API host or path word ({@link apiMarkers}), for bit 4. A request
 * of an unidentified client counts only when its URL is the API, so it needs both 2 and 4 (possibly in different
 * modules: a constant imported for the URL). Case-insensitive for the markers, as URLs fold.
 *
 * Hostile text (docs/evaluation.md, twenty-ninth session: hostile): an import clause is read up to the next
 * `import` that could start one, and a call's type arguments up to the next such call's `<`; the later start
 * reads the same rest, so the answer is the same. Read to the next `;` or `(` from every start, 100,000 `import`
 * words (or `.get<`) with none took minutes. Likewise `import` before a specifier takes its `(` with the white
 * space after it (`\s*(?:\(\s*)?`, not `\s*\(?\s*`, which split a long run of white space every way).
 */
const LIBRARY_HINT =
  /(?<![\w$.])(?:fetch|axios|got|ky|superagent)\s*[.(]|=\s*(?:fetch|axios|got|ky|superagent)\s*[,)]|\b(?:window|globalThis|self|global)\.fetch\b|\bHttpClient(?:\s+|\s*\.\s*)(?:Get|Post|Put|Patch|Delete)\b|(?:\bimport\s+(?!type\b)(?:(?!\bimport\s+(?!type\b))[^;'"])*?\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*)['"](?:node:)?(?:https?|axios|got|ky|ky-universal|superagent|node-fetch|cross-fetch|undici|request(?:-promise(?:-native)?|retry)?|needle)['"]/;
const CLIENT_CALL_HINT = /\.(?:get|post|put|patch|delete|head|options|request)\s*(?:<(?:(?!\.(?:get|post|put|patch|delete|head|options|request)\s*<)[^()])*>\s*)?\(/;
const SPECIFIER_STRING = new RegExp(String.raw`${SPECIFIER_PREFIX}(['"])[^'"\n\r]*\1`, 'g');
const enoughToSend = (mask: number): boolean => (mask & 1) !== 0 || (mask & 6) === 6;
const sendTests = new WeakMap<LoadedCatalog, { key: string; own: (text: string) => number }>();
let sendTestCount = 0;

function sendTest(catalog: LoadedCatalog): { key: string; own: (text: string) => number } {
  let test = sendTests.get(catalog);
  if (!test) {
    const holdsMarker = anyOf(apiMarkers(catalog).map((m) => m.toLowerCase()));
    const own = (text: string): number => {
      if (LIBRARY_HINT.test(text)) return 1;
      const calls = CLIENT_CALL_HINT.test(text) ? 2 : 0;
      if (!calls && !holdsMarker(text)) return 0;
      // The strings are parts of the text: a text that holds no marker (any case) holds none in its strings either.
      const lower = text.toLowerCase();
      if (!holdsMarker(lower)) return calls;
      // A marker counts in a string that is not a module specifier (`from "./events"` names no URL).
      const strings = literalsOf(text.replace(SPECIFIER_STRING, '')).toLowerCase();
      return calls | (holdsMarker(strings) ? 4 : 0);
    };
    sendTests.set(catalog, (test = { key: `sends:${++sendTestCount}`, own }));
  }
  return test;
}

/**
 * Whether a text holds one of `texts` (`texts.some((t) => text.includes(t))`): one expression, an alternation of the
 * texts written literally, searched once. The markers of {@link sendTest} are 49 (the API's hosts and path words);
 * searching for each in turn read every module text of a closure 49 times, the larger part of the test's cost on
 * the heavy files' closures (docs/performance.md, twenty-eighth session: 30heavy).
 */
export function anyOf(texts: readonly string[]): (text: string) => boolean {
  if (texts.length === 0) return () => false;
  const any = new RegExp(texts.map(escapeRegExp).join('|'));
  return (text) => any.test(text);
}

/**
 * Whether a file may make a request through a module it imports (a method of an imported class, an imported
 * function or instance), for a file whose own text shows no request it could make itself (no client's name, no
 * method call an unidentified client makes): one of the modules its text imports, or one below them, may make a
 * request ({@link ProjectModel.reaches}). True when the file's text may make one itself, or without a project.
 */
export function importsMayRequest(project: ProjectModel | undefined, filename: string, text: string, catalog: LoadedCatalog): boolean {
  if (!project || LIBRARY_HINT.test(text) || CLIENT_CALL_HINT.test(text)) return true;
  const test = sendTest(catalog);
  return specifiersIn(text).some((spec) => project.reaches(filename, spec, test.key, test.own, enoughToSend));
}

/**
 * The checks of {@link callRequests} for one file: a module is parsed to follow a call into it only when the
 * module, or one it imports, may make a request ({@link ProjectModel.reaches}, per imported name once).
 */
function sendsCheck(file: FileContext, catalog: LoadedCatalog, requestsOf: RequestsOf): SendsCheck {
  const rec = moduleRecord(file);
  const project = file.links instanceof ProjectModel ? file.links : undefined;
  const test = sendTest(catalog);
  const answers = new Map<string, boolean>();
  return {
    mayReach(name) {
      const binding = rec.imports.get(name);
      if (!binding || !project) return true;
      let answer = answers.get(name);
      if (answer === undefined) answers.set(name, (answer = project.reaches(file.filename, binding.source, test.key, test.own, enoughToSend)));
      return answer;
    },
    summarized: (t) => summaryOf(t.file, catalog, t.fn, requestsOf) !== undefined,
  };
}

/** A function node for a declaration or an expression (a method's value). */
function functionOf(node: Node): Node | undefined {
  const n = unwrap(node);
  if (isFunctionNode(n)) return n;
  if (n.type === 'MethodDefinition' || n.type === 'Property') return functionOf(n.value as Node);
  return undefined;
}

/** A class of another module a class of this file extends (directly), and that class node. */
function importedBase(file: FileContext, cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression): { file: FileContext; cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression } | undefined {
  if (!cls.superClass) return undefined;
  const where = file.locate(cls.superClass as Node);
  if (!where) return undefined;
  const n = unwrap(where.node);
  if (n.type === 'ClassDeclaration' || n.type === 'ClassExpression') return { file: where.file, cls: n };
  // `module.exports = Resource` names a class declared in that module.
  const declared = n.type === 'Identifier' ? where.file.nodes(T.ClassDeclaration).filter((c) => c.id?.name === n.name) : [];
  return declared.length === 1 ? { file: where.file, cls: declared[0] } : undefined;
}

export function methodOfClass(cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, name: string): Node | undefined {
  for (const m of cls.body.body) {
    if ((m.type === 'MethodDefinition' && m.kind === 'method' && !m.static) || (m.type === 'PropertyDefinition' && !m.static && m.value && isFunctionNode(unwrap(m.value as Node)))) {
      if (propertyKeyName(m) === name) return unwrap(m.value as Node);
    }
  }
  return undefined;
}

export function constructorOf(cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression): TSESTree.FunctionExpression | undefined {
  const c = cls.body.body.find((m) => m.type === 'MethodDefinition' && m.kind === 'constructor') as TSESTree.MethodDefinition | undefined;
  return c?.value as TSESTree.FunctionExpression | undefined;
}

/**
 * The `this` fields a base class sets from its constructor's parameters (`this.path = path`, a TS parameter
 * property) or as constants (`this.base = 'https://...'`, a field initializer), with the values a subclass's
 * `super(...)` call gives them, folded in the subclass's file.
 */
function fieldsOf(sub: FileContext, subCls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, base: FileContext, baseCls: TSESTree.ClassDeclaration | TSESTree.ClassExpression): (name: string) => StaticString | undefined {
  const ctor = constructorOf(baseCls);
  const params = ctor ? paramNames(ctor) : { names: [], defaults: [] };
  const subCtor = constructorOf(subCls);
  const superCall = subCtor ? sub.nodes(T.CallExpression).find((c) => c.callee.type === 'Super' && c.range[0] >= subCtor.range[0] && c.range[1] <= subCtor.range[1]) : undefined;
  const fromParam = new Map<string, number>();
  const fixed = new Map<string, Node>();
  if (ctor) {
    ctor.params.forEach((p, i) => {
      if (p.type === 'TSParameterProperty' && p.parameter.type === 'Identifier') fromParam.set(p.parameter.name, i);
    });
    for (const a of base.nodes(T.AssignmentExpression)) {
      if (a.operator !== '=' || a.range[0] < ctor.range[0] || a.range[1] > ctor.range[1] || a.left.type !== 'MemberExpression' || unwrap(a.left.object).type !== 'ThisExpression') continue;
      const field = memberName(a.left);
      if (field === undefined) continue;
      const i = paramIndex(a.right, params.names);
      if (i !== undefined) fromParam.set(field, i);
      else fixed.set(field, a.right);
    }
  }
  const own = (cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, name: string): Node | undefined => {
    for (const m of cls.body.body) if (m.type === 'PropertyDefinition' && !m.static && m.value && propertyKeyName(m) === name) return m.value as Node;
    return undefined;
  };
  const argAt = (i: number): StaticString | undefined => {
    const arg = superCall?.arguments[i] as Node | undefined;
    if (arg && arg.type !== 'SpreadElement') return stringOf(sub, arg);
    const d = params.defaults[i];
    return d ? stringOf(base, d) : undefined;
  };
  return (name) => {
    const subField = own(subCls, name);
    if (subField) return stringOf(sub, subField);
    const i = fromParam.get(name);
    if (i !== undefined) return argAt(i);
    const computed = fixed.get(name);
    if (computed) return writtenFrom(base, computed, params.names, argAt);
    const value = own(baseCls, name);
    return value ? stringOf(base, value) : undefined;
  };
}

export type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;
export interface ClassAt {
  file: FileContext;
  cls: ClassNode;
}

/** How many base classes up a `this.method()` call is followed. */
const MAX_BASES = 4;

/**
 * A class and its base classes, nearest first (at most {@link MAX_BASES} up): each base found where its module
 * writes it (imported, CommonJS, re-exported) or declared in the same file.
 */
export function baseChain(file: FileContext, cls: ClassNode): ClassAt[] {
  const chain: ClassAt[] = [{ file, cls }];
  for (let i = 0; i < MAX_BASES; i++) {
    const cur = chain[chain.length - 1];
    const superClass = cur.cls.superClass ? unwrap(cur.cls.superClass as Node) : undefined;
    if (!superClass) break;
    let next = importedBase(cur.file, cur.cls);
    if ((!next || next.cls === cur.cls) && superClass.type === 'Identifier') {
      const local = cur.file.nodes(T.ClassDeclaration).find((c) => c.id?.name === superClass.name && c !== cur.cls);
      next = local ? { file: cur.file, cls: local } : undefined;
    }
    if (!next || chain.some((c) => c.cls === next!.cls)) break;
    chain.push(next);
  }
  return chain;
}

/**
 * The `this` fields a method of `chain[top]` reads, for an instance of `chain[0]`, through every constructor on
 * the way (a class below overrides what a class above writes: its field initializers and constructor run after
 * `super(...)`): a constructor parameter's value is what the class below passes to `super(...)`, followed down
 * through parameters it passes on, and a class without a constructor passes its arguments as they are.
 */
function fieldsAlong(chain: readonly ClassAt[], top: number): (name: string) => StaticString | undefined {
  const argFor = (level: number, i: number, depth = 0): StaticString | undefined => {
    const ctor = constructorOf(chain[level].cls);
    const fallback = (): StaticString | undefined => {
      const d = ctor ? paramNames(ctor).defaults[i] : undefined;
      return d ? stringOf(chain[level].file, d) : undefined;
    };
    if (level === 0 || depth > MAX_BASES) return fallback();
    const below = chain[level - 1];
    const belowCtor = constructorOf(below.cls);
    if (!belowCtor) return level - 1 > 0 ? (argFor(level - 1, i, depth + 1) ?? fallback()) : fallback();
    const superCall = below.file.nodes(T.CallExpression).find((c) => c.callee.type === 'Super' && c.range[0] >= belowCtor.range[0] && c.range[1] <= belowCtor.range[1]);
    const arg = superCall?.arguments[i] as Node | undefined;
    if (!arg || arg.type === 'SpreadElement') return fallback();
    const k = paramIndex(arg, paramNames(belowCtor).names);
    if (k !== undefined) return argFor(level - 1, k, depth + 1);
    return stringOf(below.file, arg);
  };
  return (name) => {
    for (let level = 0; level <= top; level++) {
      const { file, cls } = chain[level];
      const ctor = constructorOf(cls);
      if (ctor) {
        const names = paramNames(ctor).names;
        const property = ctor.params.findIndex((p) => p.type === 'TSParameterProperty' && p.parameter.type === 'Identifier' && p.parameter.name === name);
        if (property >= 0) return argFor(level, property);
        let written: Node | undefined;
        for (const a of file.nodes(T.AssignmentExpression)) {
          if (a.operator !== '=' || a.range[0] < ctor.range[0] || a.range[1] > ctor.range[1] || a.left.type !== 'MemberExpression' || unwrap(a.left.object).type !== 'ThisExpression') continue;
          if (memberName(a.left) === name) written = a.right;
        }
        if (written) {
          const i = paramIndex(written, names);
          return i !== undefined ? argFor(level, i) : writtenFrom(file, written, names, (k) => argFor(level, k));
        }
      }
      for (const m of cls.body.body) if (m.type === 'PropertyDefinition' && !m.static && m.value && propertyKeyName(m) === name) return stringOf(file, m.value as Node);
    }
    return undefined;
  };
}

/**
 * A field a constructor computes from its parameters (`this.resourceUrl = baseUrl + (resource ? '/' + resource : '')`),
 * folded with each parameter's value as the classes below pass it (`arg(k)`): templates, `+`, and a conditional on a
 * parameter decided by that value (a non-empty string is true, nothing passed is false). Undefined when a part is not known.
 */
function writtenFrom(file: FileContext, node: Node, params: readonly string[], arg: (k: number) => StaticString | undefined, depth = 0): StaticString | undefined {
  if (depth > 8) return undefined;
  const n = unwrap(node);
  const part = (c: Node): StaticString | undefined => writtenFrom(file, c, params, arg, depth + 1);
  const k = n.type === 'Identifier' ? params.indexOf(n.name) : -1;
  if (k >= 0) return arg(k);
  if (n.type === 'TemplateLiteral') return foldTemplate(n, part);
  if (n.type === 'BinaryExpression' && n.operator === '+') return concatStatic(part(n.left as Node), part(n.right));
  if (n.type === 'ConditionalExpression') {
    const test = unwrap(n.test);
    const t = test.type === 'Identifier' ? params.indexOf(test.name) : -1;
    if (t < 0) return undefined;
    const value = arg(t);
    if (value && !value.complete) return undefined;
    return part(value && value.value !== '' ? n.consequent : n.alternate);
  }
  return stringOf(file, n);
}

/** Whether a request reaches its call through a method (a wrapper of the class) that a class below `top` overrides. */
function overriddenBelow(chain: readonly ClassAt[], top: number, r: HttpRequest): boolean {
  const w = r.wrapper;
  if (!w || top === 0) return false;
  for (const fn of w.functions ?? [w.function]) {
    const owner = chain[top].file.parentOf(fn);
    const name = owner?.type === 'MethodDefinition' || owner?.type === 'PropertyDefinition' ? propertyKeyName(owner) : undefined;
    if (name !== undefined && chain.slice(0, top).some((c) => methodOfClass(c.cls, name) !== undefined)) return true;
  }
  return false;
}

/**
 * The summary of a method of `chain[top]` for an instance of `chain[0]`: its own requests, less those made through
 * a method a class below overrides, and the requests of that override (`this.makeRequest('GET', url)` in the base's
 * `get` runs the subclass's `makeRequest`, whose headers are its own), each with the base method's arguments of the
 * call folded in, so a call site applies it as a summary of the base method. A request of the override that takes a
 * body or options the base method writes itself is left out (not followed).
 */
function dispatchedSummary(chain: readonly ClassAt[], top: number, method: Node, catalog: LoadedCatalog, requestsOf: RequestsOf): FunctionSummary | undefined {
  // Memoized on the method's file per method and instance class (the classes below decide the overrides).
  const memo = chain[top].file.cached('summaries:dispatched', () => new Map<Node, Map<Node, FunctionSummary | null>>());
  let byClass = memo.get(method);
  if (!byClass) memo.set(method, (byClass = new Map()));
  const known = byClass.get(chain[0].cls);
  if (known !== undefined) return known ?? undefined;
  const summary = dispatch(chain, top, method, catalog, requestsOf);
  byClass.set(chain[0].cls, summary ?? null);
  return summary;
}

function dispatch(chain: readonly ClassAt[], top: number, method: Node, catalog: LoadedCatalog, requestsOf: RequestsOf): FunctionSummary | undefined {
  const at = chain[top];
  const found = summaryOf(at.file, catalog, method, requestsOf);
  const own = found ? found.requests.filter((r) => !overriddenBelow(chain, top, r.request)) : [];
  const { names, defaults } = paramNames(method);
  const summary: FunctionSummary = found ? { ...found, requests: own } : { params: names, defaults: defaults.map((d) => (d ? stringOf(at.file, d) : undefined)), requests: [] };
  if (top === 0) return found;
  for (const call of at.file.nodes(T.CallExpression)) {
    if (call.range[0] < method.range[0] || call.range[1] > method.range[1]) continue;
    const callee = unwrap(call.callee as Node);
    if (callee.type !== 'MemberExpression' || callee.computed || unwrap(callee.object).type !== 'ThisExpression' || thisClass(at.file, call) !== at.cls) continue;
    const name = memberName(callee);
    const k = name === undefined ? -1 : chain.findIndex((c) => methodOfClass(c.cls, name) !== undefined);
    if (k < 0 || k >= top) continue;
    const override = methodOfClass(chain[k].cls, name!)!;
    const inner = summaryOf(chain[k].file, catalog, override, requestsOf);
    const args = call.arguments as Node[];
    if (!inner || args.some((a) => a.type === 'SpreadElement')) continue;
    for (const r of inner.requests) {
      const made = madeFor(r, (i) => givenArgument(args[i], names, inner.defaults[i]));
      if (made === false) continue;
      const passed = (i: number | undefined): { param?: number; skip?: boolean } => {
        if (i === undefined || !args[i]) return {};
        const p = paramIndex(args[i], names);
        return p === undefined ? { skip: true } : { param: p };
      };
      const body = passed(r.body?.param);
      const options = passed(r.options);
      const query = passed(r.query);
      if (body.skip || options.skip || query.skip) continue;
      const s: RequestSummary = { request: r.request, ...(made === true ? {} : { when: made }) };
      if (r.base) s.base = r.base;
      if (r.url) {
        s.url = fillUrl(
          r.url,
          (hole) => (hole.startsWith('f:') ? { value: `${OPEN}${hole}${CLOSE}`, complete: true } : argumentAt(at.file, args, Number(hole.slice(1)), names, inner.defaults)),
          (i) => givenArgument(args[i], names, inner.defaults[i]),
        );
      }
      if (r.method && 'param' in r.method) {
        const arg = args[r.method.param];
        const p = arg ? paramIndex(arg, names) : undefined;
        const value = arg ? methodOf(at.file, arg) : inner.defaults[r.method.param]?.complete ? inner.defaults[r.method.param]!.value.toUpperCase() : undefined;
        if (p !== undefined) s.method = { param: p };
        else if (value) s.method = { value };
      } else if (r.method) s.method = r.method;
      if (r.body && body.param !== undefined) s.body = { ...r.body, param: body.param };
      if (options.param !== undefined) {
        s.options = options.param;
        if (r.optionsMethod) s.optionsMethod = r.optionsMethod;
      }
      if (query.param !== undefined) s.query = query.param;
      summary.requests.push(s);
    }
  }
  return summary.requests.length > 0 ? summary : undefined;
}

/** The class a node sits in, when `this` there is its instance (through arrow functions). */
export function thisClass(file: FileContext, node: Node): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
  for (const a of file.ancestors(node)) {
    if (a.type === 'ArrowFunctionExpression') continue;
    if (a.type === 'FunctionExpression') {
      const owner = file.parentOf(a);
      if (owner?.type !== 'MethodDefinition') return undefined;
      continue;
    }
    if (a.type === 'FunctionDeclaration') return undefined;
    if (a.type === 'ClassBody') {
      const cls = file.parentOf(a);
      return cls?.type === 'ClassDeclaration' || cls?.type === 'ClassExpression' ? cls : undefined;
    }
  }
  return undefined;
}

/**
 * Requests made in a file through functions and base classes of other modules, at their call sites (the
 * project hook of getRequests). `known`: call sites already read as requests of this file; `within`: only the calls
 * inside that function (a summary's).
 */
export function importedCallRequests(file: FileContext, catalog: LoadedCatalog, known: ReadonlySet<Node>, requestsOf: RequestsOf, within?: Node): HttpRequest[] {
  // Two modules that call each other: the second visit of a file reads its own requests only.
  if (!file.links || reading.has(file)) return [];
  reading.add(file);
  try {
    return callRequests(file, catalog, known, requestsOf, within);
  } finally {
    reading.delete(file);
  }
}

const reading = new Set<FileContext>();

function callRequests(file: FileContext, catalog: LoadedCatalog, known: ReadonlySet<Node>, requestsOf: RequestsOf, within?: Node): HttpRequest[] {
  // Actions of a store dispatched by name (engine/api/dispatch.ts): no import names them.
  const dispatched = dispatchedRequests(file, catalog, known, requestsOf, within);
  const rec = moduleRecord(file);
  const classes = [...file.nodes(T.ClassDeclaration), ...file.nodes(T.ClassExpression)].filter((c) => c.superClass);
  if (rec.imports.size === 0 && classes.length === 0) return dispatched;
  const out: HttpRequest[] = [...dispatched];
  const sends = sendsCheck(file, catalog, requestsOf);
  for (const call of file.nodes(T.CallExpression)) {
    if (known.has(call) || call.arguments.length === 0) continue;
    if (within && (call.range[0] < within.range[0] || call.range[1] > within.range[1])) continue;
    const callee = unwrap(call.callee as Node);
    const viaSuper = callee.type === 'MemberExpression' && callee.object.type === 'Super';
    if (callee.type === 'MemberExpression' && (viaSuper || unwrap(callee.object).type === 'ThisExpression')) {
      if (classes.length === 0) continue;
      const name = memberName(callee);
      const cls = thisClass(file, call);
      // `super.request(...)` runs the base's method even when the class has its own of that name.
      if (name === undefined || !cls?.superClass || (!viaSuper && methodOfClass(cls, name))) continue;
      // The nearest class up the chain that has the method (a base of another module, or one above it).
      const chain = baseChain(file, cls);
      const top = chain.findIndex((c, i) => i > 0 && methodOfClass(c.cls, name) !== undefined);
      if (top < 0 || (chain[top].file === file && importedBase(file, cls)?.cls !== chain[top].cls)) continue;
      const method = methodOfClass(chain[top].cls, name)!;
      // A request the method makes through another method of its class that a class below overrides is not this
      // instance's request (`this.send(...)` runs the subclass's `send`): the override's requests are.
      const summary = dispatchedSummary(chain, top, method, catalog, requestsOf);
      if (summary && summary.requests.length > 0) out.push(...applySummary(file, call, summary, method, catalog, top === 1 ? fieldsOf(file, cls, chain[1].file, chain[1].cls) : fieldsAlong(chain, top)));
      continue;
    }
    if (rec.imports.size === 0) continue;
    const target: FoundMethod | undefined = importedFunction(file, callee, sends) ?? importedInstanceMethod(file, callee, sends);
    const inherited = target?.inherited;
    const summary = !target ? undefined : inherited ? dispatchedSummary(inherited.chain, inherited.top, target.fn, catalog, requestsOf) : summaryOf(target.file, catalog, target.fn, requestsOf);
    const made = target?.made && target.cls ? target.made : undefined;
    const fields = inherited ? fieldsAlong(inherited.chain, inherited.top) : made ? instanceFields(made.file, made.node, target!.file, target!.cls!) : undefined;
    if (summary && summary.requests.length > 0) out.push(...applySummary(file, call, summary, target!.fn, catalog, fields));
  }
  // `new sparkRequest(key, url, 'GET', headers, null)`: a function of another module (not a class) called as a
  // constructor runs its body with the arguments as a call does (an EventEmitter-style request wrapper).
  if (rec.imports.size > 0) {
    for (const made of file.nodes(T.NewExpression)) {
      if (known.has(made) || made.arguments.length === 0) continue;
      if (within && (made.range[0] < within.range[0] || made.range[1] > within.range[1])) continue;
      const target = importedFunction(file, made.callee as Node, sends);
      if (!target || (target.fn.type !== 'FunctionDeclaration' && target.fn.type !== 'FunctionExpression')) continue;
      const summary = summaryOf(target.file, catalog, target.fn, requestsOf);
      if (summary && summary.requests.length > 0) out.push(...applySummary(file, made, summary, target.fn, catalog));
    }
  }
  return out;
}
