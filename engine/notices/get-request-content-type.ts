// Seed section 7: "GET request with any `Content-Type` header | may be rejected (since 2025-09-08)".
import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, memberName, propertyKeyName, unwrap, UNKNOWN, type FileContext, type Node } from '../parse/file-context.js';
import { superHeaderSites } from '../api/super-headers.js';
import { baseDefaultsHeaderCalls } from '../api/base-defaults.js';
import { methodOfClass, thisClass } from '../api/summaries.js';
import { holdFix, type Detector, type RawMatch } from '../detectors/detector.js';
import { removeElementEdit, removePropertyEdit } from '../detectors/shared.js';
import { angularInterceptorHeaders, findHeader, isApiUrl, getClientInstances, restConnectorConfigs, getRequests, isReachableFromOtherFiles, type HttpRequest, type RequestHeader, apiMarkers, mayWriteApiUrl, namesApiHost } from '../api/index.js';
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import { calledFunction, enclosingScope, functionName, functionOfThis, localInit, mergedValue, objectOf, prototypeOwner, returnedExpression, stringOf } from '../api/bindings.js';
import { isFunctionNode, METHODS } from '../api/request.js';
import { apiHosts, urlHost } from '../api/url.js';
import { parameterDefault } from '../api/wrappers.js';
import { headersOf } from '../api/call-parts.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import path from 'node:path';
import { browserEvidence, importersThroughBarrels, instantiatingModules, packageSourcesMatching, readsBrowserGlobals, sendsClassHeaders, subclassModules } from '../project/context.js';
import { projectOf } from '../project/modules.js';
import { angularClientModules, angularEnvironmentText } from '../project/angular-env.js';
import { storeDispatchers } from '../project/store.js';
import { FileContext as Context } from '../parse/file-context.js';
import { parseSource } from '../parse/parse.js';
import type { CustomDetection, TextEdit } from '../types.js';

const inside = (outer: Node, inner: Node): boolean => outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];
const isContentType = (h: RequestHeader): boolean => h.name.toLowerCase() === 'content-type';
/** A body that is the empty string (`sendRequest(url, 'GET', headers, '')`): nothing for a Content-Type to describe. */
const isEmptyText = (r: HttpRequest): boolean => {
  const n = r.body ? unwrap(r.body.node) : undefined;
  return n?.type === 'Literal' && n.value === '';
};
/** A request that sends no body (or an empty string) with GET: the header has nothing to describe. */
const isBodilessGet = (r: HttpRequest): boolean => r.method === 'GET' && (!r.body || isEmptyText(r));
/**
 * An axios GET whose config gives `data`: the header goes out all the same. The browser adapter removes the
 * Content-Type only when the data is undefined, and XMLHttpRequest drops a GET's body but not its headers; Node's
 * adapter sends both.
 */
const axiosGetWithData = (r: HttpRequest): boolean =>
  r.client === 'axios' && r.method === 'GET' && !!r.body && !isEmptyText(r) && writesGetMethod(r.options);
/**
 * A `request` (request-promise) GET whose options say `method: 'GET'` and give a body (`body` with `json: true`,
 * `json: {...}`): the library sends the body and the Content-Type with the GET, as axios's Node adapter does.
 */
const requestGetWithBody = (r: HttpRequest): boolean =>
  r.client === 'request' && r.method === 'GET' && !!r.body && !isEmptyText(r) && writesGetMethod(r.options);
/** A GET that gives a body its client sends (axios data, a `request` body): the header goes out with it. */
const getWithData = (r: HttpRequest): boolean => axiosGetWithData(r) || requestGetWithBody(r);
/** A request config that says `method: 'GET'` itself (a GET inferred from no method at all is not taken to give data). */
const writesGetMethod = (options: TSESTree.ObjectExpression | undefined): boolean =>
  !!options?.properties.some((p) => {
    if (p.type !== 'Property' || p.computed || propertyKeyName(p) !== 'method') return false;
    const v = unwrap(p.value as Node);
    return v.type === 'Literal' && typeof v.value === 'string' && v.value.toUpperCase() === 'GET';
  });

/** The removal of a header written for this request only (inline in the call); shared header objects are not edited. */
function removal(text: string, r: HttpRequest, h: RequestHeader, parentOf: (n: Node) => Node | undefined): TextEdit | undefined {
  // A superagent `.set(...)` link is cut out of its chain; an XMLHttpRequest's `setRequestHeader` statement is left (no edit).
  if (h.call && h.call.callee.type === 'MemberExpression' && r.client === 'superagent') {
    return { range: [h.call.callee.object.range[1], h.call.range[1]], text: '' };
  }
  // A device HttpClient's `Name: value` line is cut out of the `Header` list written in the call.
  if (h.line) {
    const list = parentOf(h.line);
    return list?.type === 'ArrayExpression' && inside(r.node, list) ? removeElementEdit(text, list as TSESTree.ArrayExpression, h.line) : undefined;
  }
  if (!h.property) return undefined;
  const owner = parentOf(h.property);
  if (owner?.type !== 'ObjectExpression' || owner !== r.headersNode || !inside(r.node, owner)) return undefined;
  return removePropertyEdit(text, owner as TSESTree.ObjectExpression, h.property);
}

/**
 * The expression that is defined exactly when the wrapper's request sends a body, written where the header is:
 * `init.body` for options spread from a parameter (`{ ...init, headers }`), the parameter for `body: JSON.stringify(body)`
 * or `body: body ? JSON.stringify(body) : undefined`. Undefined when the body is not one parameter's.
 */
function bodyCondition(file: FileContext, inner: HttpRequest, fn: Node): string | undefined {
  const params = (fn as TSESTree.FunctionLike).params;
  const paramNamed = (name: string): TSESTree.Parameter | undefined =>
    params.find((p) => (p.type === 'Identifier' && p.name === name) || (p.type === 'AssignmentPattern' && p.left.type === 'Identifier' && p.left.name === name));
  const options = inner.options;
  if (!options) return undefined;
  const bodyProp = options.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && ((p.key.type === 'Identifier' && p.key.name === 'body') || (p.key.type === 'Literal' && p.key.value === 'body')));
  if (bodyProp) {
    let v = unwrap(bodyProp.value as Node);
    if (v.type === 'ConditionalExpression') v = unwrap(v.test);
    if (v.type === 'CallExpression' && v.callee.type === 'MemberExpression' && v.callee.object.type === 'Identifier' && v.callee.object.name === 'JSON' && v.arguments[0]) v = unwrap(v.arguments[0] as Node);
    return v.type === 'Identifier' && paramNamed(v.name) ? `${v.name} !== undefined` : undefined;
  }
  // `{ ...init, headers: {...} }`: the body is the spread parameter's.
  for (const p of options.properties) {
    if (p.type !== 'SpreadElement') continue;
    const arg = unwrap(p.argument);
    const param = arg.type === 'Identifier' ? paramNamed(arg.name) : undefined;
    if (!param || arg.type !== 'Identifier') continue;
    const optional = param.type !== 'AssignmentPattern';
    return `${arg.name}${optional ? '?.' : '.'}body !== undefined`;
  }
  void file;
  return undefined;
}

/**
 * Why an edit of a wrapper's header (its removal, or sending it only with a body) could change a request that is not
 * the API's, or undefined when every request it reaches calls the API: the wrapper's own URL does, or each call of
 * it in the file does (a call site inside a further wrapper is judged by that wrapper's calls when the file followed
 * them out) and no other module can call it. A call to another host through the same wrapper
 * (`base('https://api.github.com/...')`) would lose its header too; a wrapper other modules call takes their URLs.
 */
function unseenHosts(file: FileContext, inner: HttpRequest, through: readonly HttpRequest[], outside: boolean): string | undefined {
  if (inner.isApi) return undefined;
  if (outside) return "the wrapper's URL is its callers', and other modules may call it with another service's URL; the edit changes their requests too";
  return through.every((r) => r.isApi || (!!r.wrapper?.followed && !cutShort(file, r, through)))
    ? undefined
    : "a call of the wrapper in this file is not known to call the API; the edit changes its request too";
}

/**
 * A call site inside a further wrapper (`level4(url) { return level3(url) }`) whose own calls the file's following did
 * not reach (no other request of `requests` goes through the function it is in): its URL is its callers', unseen.
 */
function cutShort(file: FileContext, r: HttpRequest, requests: readonly HttpRequest[]): boolean {
  if (!r.wrapper?.followed) return false;
  const fn = enclosingScope(file, r.node);
  return !requests.some((o) => o !== r && (o.wrapper?.functions ?? [o.wrapper?.function]).includes(fn));
}

/**
 * A request whose host is not known from what the file shows: a call site whose following was cut short
 * ({@link cutShort}), or a request whose URL is its function's callers' (`request(url) { return api.request({ url }) }`)
 * where that function is reachable by calls the file does not show (exported, a public method, handed out as a
 * value): a caller may give an absolute URL of another host, which axios and the like send there, base URL or not.
 */
function hostUnseen(file: FileContext, r: HttpRequest, requests: readonly HttpRequest[]): boolean {
  if (cutShort(file, r, requests)) return true;
  if (r.wrapper || !urlReadsParameter(file, r)) return false;
  const fn = enclosingScope(file, r.node);
  return fn.type !== 'Program' && isReachableFromOtherFiles(file, fn);
}

const OTHER_HOST_THROUGH_CLIENT = "a request through the same client is not known to call the API (another host's URL); the edit changes it too";

/** `'Content-Type': v` made conditional on the body in place: `...(cond ? { 'Content-Type': v } : {})`. */
function conditionalEdit(file: FileContext, h: RequestHeader, condition: string): TextEdit | undefined {
  const p = h.property;
  if (!p || p.type !== 'Property' || p.shorthand || p.kind !== 'init' || file.parentOf(p)?.type !== 'ObjectExpression') return undefined;
  return { range: [p.range[0], p.range[1]], text: `...(${condition} ? { ${file.getText(p)} } : {})` };
}

/**
 * Whether the file names an API host, or the strings of a module it imports do (a base URL kept in a config module,
 * a URL helper's default `base = 'https://webexapis.com'`): the file of a wrapper whose URL is its callers'. The
 * imported strings are the prefilter's (the project model's importedTexts: the file's imports and the modules those
 * re-export, recorded as dependencies of the analysis); asked only once a wrapper's shape holds (memoized per file).
 */
function namesApiHere(file: FileContext, catalog: LoadedCatalog): boolean {
  if (namesApiHost(file.text, catalog)) return true;
  return file.cached('get-request-content-type:imported-api-host', () => {
    const project = projectOf(file.filename);
    return !!project && project.importedTexts(file.filename, file.text).some((t) => namesApiHost(t, catalog));
  });
}

/**
 * Whether a request's URL, as written or through the local constants it is built from, reads a parameter of the
 * function the request is made in: the URL is that function's callers' (`deviceGet(path)` building `BASE + path`).
 */
function urlReadsParameter(file: FileContext, r: HttpRequest): boolean {
  const fn = enclosingScope(file, r.node);
  if (fn.type === 'Program' || !r.urlNode) return false;
  const names = new Set<string>();
  for (const p of (fn as TSESTree.FunctionLike).params) {
    const id = p.type === 'AssignmentPattern' ? p.left : p;
    if (id.type === 'Identifier') names.add(id.name);
  }
  if (names.size === 0) return false;
  const seen = new Set<Node>();
  const pending: Node[] = [r.urlNode];
  while (pending.length > 0 && seen.size < 16) {
    const n = pending.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    for (const id of file.nodes(T.Identifier)) {
      if (id.range[0] < n.range[0] || id.range[1] > n.range[1]) continue;
      const parent = file.parentOf(id);
      if (parent?.type === 'MemberExpression' && parent.property === id && !parent.computed) continue;
      if (names.has(id.name)) return true;
      const init = localInit(file, id);
      if (init) pending.push(init);
    }
  }
  return false;
}

/** Option keys that carry a request body (fetch, axios, got, request). */
const BODY_KEYS = new Set(['body', 'data', 'json', 'form', 'formData']);

/**
 * A wrapper other files call (`export const makeRequest = (url, body, opts) => ...`) whose request takes its
 * method from the caller and is given a body only under a test of the method (`if (opts.method === 'POST')
 * init.body = ...`): the wrapper's own code has a bodiless path, and the unconditional header goes out on it.
 * Its URL is the caller's too, in a file that names an API host. Callers are not seen: likely, not certain.
 */
function isMethodGatedWrapper(file: FileContext, catalog: LoadedCatalog, r: HttpRequest): boolean {
  // A call of another module's helper (a summary applied here) with the options as written counts as the client
  // call it makes (`send(url, init)` with `send` building `{ method, ...init }` for `fetch`); a same-file wrapper's
  // call site carries no options node.
  if (r.method !== undefined || r.body || (r.wrapper && !r.optionsNode)) return false;
  const options = r.optionsNode ? unwrap(r.optionsNode) : undefined;
  if (options?.type !== 'Identifier') return false;
  const fn = enclosingScope(file, r.node);
  if (fn.type === 'Program' || !isReachableFromOtherFiles(file, fn)) return false;
  // Not the API by its URL: the URL is the caller's (its host unknown here) in a file that names an API host.
  if (!r.isApi && ((r.url !== undefined && !r.url.value.startsWith(UNKNOWN)) || !namesApiHere(file, catalog))) return false;
  return file.nodes(T.AssignmentExpression).some((a) => {
    if (a.range[0] < fn.range[0] || a.range[1] > fn.range[1] || a.left.type !== 'MemberExpression') return false;
    const target = unwrap(a.left.object);
    const key = a.left.property.type === 'Identifier' && !a.left.computed ? a.left.property.name : undefined;
    if (target.type !== 'Identifier' || target.name !== options.name || !key || !BODY_KEYS.has(key)) return false;
    return underMethodTest(file, a, fn);
  });
}

/** Whether the assignment `a` is made only under a test of the method ({@link isMethodTest}) within `fn`. */
function underMethodTest(file: FileContext, a: Node, fn: Node): boolean {
  for (const up of file.ancestors(a)) {
    if (up === fn) break;
    if (isMethodTest(file, up, a, fn)) return true;
  }
  return false;
}

/**
 * The names `fn` hands on as a request's method: `x` of `options.method = x` and of `{ method: x }` (memoized per
 * function), so that a test of `x` is a test of the method whatever `x` is called (`if (m.match(/^(post|put)$/i))`).
 */
function methodNames(file: FileContext, fn: Node): ReadonlySet<string> {
  return file.cached(`get-request-content-type:method-names:${fn.range[0]}:${fn.range[1]}`, () => {
    const names = new Set<string>();
    const within = (n: Node): boolean => n.range[0] >= fn.range[0] && n.range[1] <= fn.range[1];
    for (const a of file.nodes(T.AssignmentExpression)) {
      if (a.operator !== '=' || a.left.type !== 'MemberExpression' || a.left.computed || !within(a)) continue;
      const value = unwrap(a.right as Node);
      if (a.left.property.type === 'Identifier' && a.left.property.name === 'method' && value.type === 'Identifier') names.add(value.name);
    }
    for (const p of file.nodes(T.Property)) {
      if (p.computed || propertyKeyName(p) !== 'method' || !within(p)) continue;
      const value = unwrap(p.value as Node);
      if (value.type === 'Identifier') names.add(value.name);
    }
    return names;
  });
}

/**
 * Whether `up` makes the assignment `a` below it depend on a test of the method: `if (opts.method === 'POST')`, and
 * the forms minifiers write it in, `'POST' === d.method && (e.body = ...)` and `d.method ? (e.body = ...) : ...`.
 */
function isMethodTest(file: FileContext, up: Node, a: Node, fn: Node): boolean {
  // The test names the method (`opts.method`), or reads a name the function sends as the method.
  const names = (test: Node): boolean => /\bmethod\b/i.test(file.getText(test)) || readsAny(file, test, methodNames(file, fn));
  if (up.type === 'IfStatement') return names(up.test as Node);
  if (up.type === 'LogicalExpression' && up.operator === '&&') return inside(up.right as Node, a) && names(up.left as Node);
  if (up.type === 'ConditionalExpression') return !inside(up.test as Node, a) && names(up.test as Node);
  return false;
}

/** Whether an expression reads one of `names` as a variable (not as a property name). */
function readsAny(file: FileContext, test: Node, names: ReadonlySet<string>): boolean {
  if (names.size === 0) return false;
  return file.nodes(T.Identifier).some((n) => {
    if (n.range[0] < test.range[0] || n.range[1] > test.range[1] || !names.has(n.name)) return false;
    const parent = file.parentOf(n);
    return !(parent?.type === 'MemberExpression' && parent.property === n && !parent.computed) && !(parent?.type === 'Property' && parent.key === n && !parent.shorthand);
  });
}

/**
 * A REST connector's default headers (LoopBack datasources: engine/api/connectors.ts) go out with every operation
 * of the configuration: reported where written when the configuration calls the API and an operation is a
 * bodiless GET; removed when every operation is one (nothing else is sent through the configuration), likely
 * without an edit when some operation sends a body.
 */
function connectorMatches(file: FileContext, catalog: LoadedCatalog): RawMatch[] {
  const out: RawMatch[] = [];
  for (const config of restConnectorConfigs(file, catalog)) {
    if (!config.isApi || !config.operations.some((o) => o.method === 'GET' && !o.hasBody)) continue;
    const allGets = !config.crud && config.operations.every((o) => o.method === 'GET' && !o.hasBody);
    for (const h of config.headers) {
      if (h.name.toLowerCase() !== 'content-type') continue;
      const fix = allGets && config.headersNode ? removePropertyEdit(file.text, config.headersNode, h.property) : undefined;
      out.push({
        node: h.property,
        messageId: 'getWithContentType',
        fix: fix ? [fix] : undefined,
        ...(allGets ? {} : { confidence: 'likely' as const, confidenceReason: 'the connector sends its default headers with every operation; some operations send a body' }),
      });
    }
  }
  return out;
}

/**
 * A LoopBack 3 `datasources.json`: its REST connector configurations read as the object literal the JSON text is
 * (parsed as a parenthesized expression, whose offsets are the file's plus one).
 */
function jsonConnectorMatches(filename: string, text: string, catalog: LoadedCatalog): RawMatch[] {
  if (!/\.json$/i.test(filename) || !/"connector"\s*:\s*"(loopback-connector-)?rest"/.test(text)) return [];
  const wrapped = `(${text}\n)`;
  const parsed = parseSource(wrapped, `${filename}.js`);
  if (!parsed.ok) return [];
  const shift = (r: readonly [number, number]): [number, number] => [r[0] - 1, r[1] - 1];
  return connectorMatches(new Context(filename, wrapped, parsed.ast), catalog).map((m) => ({
    ...m,
    node: undefined,
    range: shift(m.node!.range),
    fix: m.fix?.map((e) => ({ ...e, range: shift(e.range) })),
  }));
}

/**
 * The same shape one helper further in: the request's options are a parameter of a local sender
 * (`const makeRequest = (opts, cb) => request(opts, cb)`) that the wrapper calls with an object it builds
 * (`makeRequest(requestOptions, ...)`), whose body keys are written only under a test of the method
 * (`if (method.match(/^(post|put)$/i)) requestOptions.body = data`) while its headers go out on every call
 * (a variadic `request(...args)` whose method its callers in other files pick). The headers of that object.
 */
function liftedMethodGatedHeaders(file: FileContext, catalog: LoadedCatalog, r: HttpRequest): RequestHeader[] {
  if (r.method !== undefined || r.body || r.wrapper || r.isApi || !namesApiHere(file, catalog)) return [];
  const options = r.optionsNode ? unwrap(r.optionsNode) : undefined;
  if (options?.type !== 'Identifier') return [];
  // The function whose parameter the options are (through callbacks around the call: `when.promise((resolve) => ...)`).
  const isSender = (a: Node): boolean => isFunctionNode(a) && (a as TSESTree.FunctionLike).params.some((p) => p.type === 'Identifier' && p.name === options.name);
  const sender = [...file.ancestors(r.node)].find(isSender);
  if (!sender) return [];
  const index = (sender as TSESTree.FunctionLike).params.findIndex((p) => p.type === 'Identifier' && p.name === options.name);
  const holder = file.parentOf(sender);
  if (holder?.type !== 'VariableDeclarator' || holder.id.type !== 'Identifier') return [];
  const senderName = holder.id.name;
  const fn = enclosingScope(file, holder);
  if (fn.type === 'Program' || !isReachableFromOtherFiles(file, fn)) return [];
  // The objects the wrapper passes the sender (each a local object literal of the wrapper).
  const passed = new Set<string>();
  for (const call of file.nodes(T.CallExpression)) {
    if (call.callee.type !== 'Identifier' || call.callee.name !== senderName || !inside(fn, call) || inside(sender, call)) continue;
    const arg = call.arguments[index] ? unwrap(call.arguments[index] as Node) : undefined;
    if (arg?.type === 'Identifier' && objectOf(file, arg)) passed.add(arg.name);
  }
  if (passed.size !== 1) return [];
  const [name] = passed;
  let gated = false;
  for (const a of file.nodes(T.AssignmentExpression)) {
    if (!inside(fn, a) || a.left.type !== 'MemberExpression' || a.left.computed) continue;
    const target = unwrap(a.left.object);
    const key = a.left.property.type === 'Identifier' ? a.left.property.name : undefined;
    if (target.type !== 'Identifier' || target.name !== name || !key || !BODY_KEYS.has(key)) continue;
    // request's `json: true` asks for a parsed response (and JSON encoding of a body given elsewhere): no body of its own.
    const value = unwrap(a.right as Node);
    if (key === 'json' && value.type === 'Literal' && typeof value.value === 'boolean') continue;
    // A body written whatever the method: the header describes it on every call.
    if (!underMethodTest(file, a, fn)) return [];
    gated = true;
  }
  if (!gated) return [];
  const declarator = file.nodes(T.VariableDeclarator).find((d) => d.id.type === 'Identifier' && d.id.name === name && inside(fn, d));
  const object = objectOf(file, declarator?.init as Node | undefined);
  if (!object || BODY_KEYS_IN(object)) return [];
  return headersOf(file, mergedValue(file, object, 'headers')).headers;
}

/** An options object literal that writes a body itself (request's `json: true` is not one). */
const BODY_KEYS_IN = (o: TSESTree.ObjectExpression): boolean =>
  o.properties.some((p) => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && BODY_KEYS.has(p.key.name) && !(p.key.name === 'json' && p.value.type === 'Literal' && typeof p.value.value === 'boolean'));

/** Whether a node belongs to this file's tree (not to a module another file's value was read from). */
function isOwnNode(file: FileContext, node: Node): boolean {
  let top: Node = node;
  for (const up of file.ancestors(node)) top = up;
  return top === file.ast;
}

/**
 * The condition under which a request sends a body, as the code of a request callback reads it on its parameter:
 * axios's interceptor config (`config.data`), ky's `Request` (`request.body`, null without one), Angular's
 * `HttpRequest` (`req.body`, null without one). Undefined where the callback's parameter does not say (got's hooks).
 */
function sendsBodyCondition(h: RequestHeader, client: HttpRequest['client']): string | undefined {
  const param = h.shared?.param;
  if (!param) return undefined;
  if (h.shared?.kind === 'interceptor' && client === 'axios') return `${param}.data !== undefined`;
  if (h.shared?.kind === 'hook' && client === 'ky') return `${param}.body !== null`;
  if (h.shared?.kind === 'angular-interceptor') return `${param}.body !== null`;
  return undefined;
}

/**
 * The edit that sends a shared Content-Type only with a body, right for every request that reaches it: the
 * statement that sets it made conditional (`if (config.data !== undefined) config.headers[...] = t;`), or its
 * property spread under the condition (`...(req.body !== null ? { 'Content-Type': t } : {})`).
 */
function onlyWithBody(file: FileContext, h: RequestHeader, condition: string): TextEdit | undefined {
  if (h.property) return conditionalEdit(file, h, condition);
  const site = h.assignment ?? h.call;
  const statement = site ? file.parentOf(site) : undefined;
  if (!site || statement?.type !== 'ExpressionStatement' || unwrap(statement.expression) !== site) return undefined;
  return { range: [statement.range[0], statement.range[0]], text: `if (${condition}) ` };
}

/**
 * Headers a client's shared configuration adds to every request of the client (clients.ts: `defaults` assignments,
 * request interceptors, ky/got `beforeRequest` hooks, `$.ajaxSetup`), written in this file: reported where written
 * when a bodiless GET to the API gets one, listing every request through it. The fix sends the header only with a
 * body where the callback's parameter tells (an interceptor, a ky hook): right for every request, so certain.
 * Elsewhere (a `defaults` header, `$.ajaxSetup`) no edit; likely when a request through it sends a body.
 */
function sharedHeaderMatches(file: FileContext, requests: readonly HttpRequest[], isBrowser: () => boolean): RawMatch[] {
  const sites = new Map<Node, { h: RequestHeader; client: HttpRequest['client']; gets: HttpRequest[]; all: HttpRequest[] }>();
  const out: RawMatch[] = [];
  // Sites whose header a request of another host gets too (`api.get('https://api.github.com/...')` through a client
  // made for the API): an edit there changes that request as well.
  const foreign = new Set<Node>();
  for (const r of requests) {
    const h = findHeader(r, 'content-type');
    const site = h?.shared && !h.when && !h.broughtIn ? (h.property ?? h.call ?? h.assignment) : undefined;
    if (!h || !site) continue;
    if (!r.isApi || hostUnseen(file, r, requests)) {
      foreign.add(site);
      if (!r.isApi) continue;
    }
    // axios's browser adapter drops a Content-Type without data, whoever set it (see `detect`).
    if (r.client === 'axios' && isBrowser()) continue;
    if (!isOwnNode(file, site)) {
      // A client configured in another module (its interceptor or defaults there): the GET is reported at the call,
      // without an edit (the header is written in the other module, shared with its other importers' requests).
      if (isBodilessGet(r) && !out.some((m) => m.node === r.node)) {
        out.push({ node: r.node, messageId: 'getWithContentType', confidence: 'likely', confidenceReason: "the client's shared configuration in another module (an interceptor or its defaults) adds the header to this GET" });
      }
      continue;
    }
    let entry = sites.get(site);
    if (!entry) sites.set(site, (entry = { h, client: r.client, gets: [], all: [] }));
    entry.all.push(r);
    if (isBodilessGet(r)) entry.gets.push(r);
  }
  for (const [site, { h, client, gets, all }] of sites) {
    if (gets.length === 0) continue;
    const condition = sendsBodyCondition(h, client);
    const fix = condition ? onlyWithBody(file, h, condition) : undefined;
    const withBody = all.some((r) => !isBodilessGet(r));
    const m: RawMatch = {
      node: site,
      messageId: 'getWithContentType',
      fix: fix ? [fix] : undefined,
      affects: all.map((r) => ({ node: r.node, method: r.method })),
      ...(!fix && withBody ? { confidence: 'likely' as const, confidenceReason: "the client's shared configuration sends the header with every request; some of them send a body" } : {}),
    };
    out.push(foreign.has(site) ? holdFix(m, OTHER_HOST_THROUGH_CLIENT) : m);
  }
  return out;
}

/** Whether a configured client is handed to other modules: exported where made, or its name exported (ES or CommonJS). */
function isExportedInstance(file: FileContext, key: string, node: Node): boolean {
  for (const a of file.ancestors(node)) {
    if (a.type === 'ExportNamedDeclaration' || a.type === 'ExportDefaultDeclaration') return true;
    if (a.type === 'AssignmentExpression' && /^(module\.)?exports\b/.test(dottedName(a.left) ?? '')) return true;
    if (a.type === 'Program') break;
  }
  if (!/^[\w$]+$/.test(key)) return false;
  return file.nodes(T.Identifier).some((id) => {
    if (id.name !== key) return false;
    const parent = file.parentOf(id);
    if (parent?.type === 'ExportSpecifier' || parent?.type === 'ExportDefaultDeclaration') return true;
    for (const a of file.ancestors(id)) {
      if (a.type === 'AssignmentExpression') return /^(module\.)?exports\b/.test(dottedName(a.left) ?? '') && a.right !== undefined && id !== a.left;
      if (a.type !== 'ObjectExpression' && a.type !== 'Property') return false;
    }
    return false;
  });
}

/**
 * A client of the API configured in this file whose shared configuration (an interceptor, a hook, its defaults)
 * adds Content-Type to every request, handed to other modules with no GET of its own here: the GETs other modules
 * send through it are not seen from this file, so likely, with the fix that is right for every request (the
 * header only with a body) as a suggestion where the callback tells.
 */
function exportedClientMatches(file: FileContext, catalog: LoadedCatalog, reported: RawMatch[], isBrowser: () => boolean): RawMatch[] {
  const out: RawMatch[] = [];
  for (const [key, instance] of getClientInstances(file, catalog)) {
    if (!instance.isApi || (instance.client === 'axios' && isBrowser())) continue;
    for (const h of instance.headers) {
      // A header the client is made with (`axios.create({ headers })`, or its options imported: brought in by the argument).
      const created = !h.shared && !h.when ? (h.property ?? (h.broughtIn?.file === file ? h.broughtIn.node : undefined)) : undefined;
      const site = created ?? (h.shared && !h.when ? (h.property ?? h.call ?? h.assignment) : undefined);
      if (!site || !isContentType(h) || h.shared?.methods || !isOwnNode(file, site) || out.some((m) => m.node === site)) continue;
      if (!isExportedInstance(file, key, instance.node)) continue;
      const through = importerRequests(file, catalog, site, instance.client === 'axios', key, created !== undefined);
      if (created) {
        // Judged by the GETs the importers send through the client (the file's own GETs are judged where it is made).
        if (!through || through.gets === 0 || reported.some((m) => m.node === site)) continue;
        out.push({
          node: site,
          messageId: 'getWithContentType',
          affects: through.affects,
          ...(through.withBody ? { confidence: 'likely' as const, confidenceReason: 'the header the client is made with goes out with every request through it; some of them send a body' } : {}),
        });
        continue;
      }
      const own = reported.find((m) => m.node === site);
      if (own) {
        // Reported for this file's own GETs: the calls of the importing modules are listed too (the edit changes them).
        if (through && through.affects.length > 0) own.affects = [...(own.affects ?? []), ...through.affects];
        // An importer's request to another host through the client would lose the header too: the edit is held back.
        if (through?.foreign && own.fix) Object.assign(own, holdFix(own, OTHER_HOST_THROUGH_CLIENT), { fix: undefined });
        continue;
      }
      // Every module of the package that imports the client was read, and none sends a bodiless GET through it.
      if (through?.complete && through.affects.length > 0 && through.gets === 0) continue;
      const condition = sendsBodyCondition(h, instance.client);
      const fix = condition ? onlyWithBody(file, h, condition) : undefined;
      if (through && through.gets > 0) {
        // A bodiless GET through the client in an importing module: the header reaches it. The edit that sends the
        // header only with a body is right for every request, so certain; without one, likely when some request
        // through it sends a body (as for the file's own requests).
        const m: RawMatch = {
          node: site,
          messageId: 'getWithContentType',
          fix: fix ? [fix] : undefined,
          affects: through.affects,
          ...(!fix && through.withBody ? { confidence: 'likely' as const, confidenceReason: "the client's shared configuration sends the header with every request; some of them send a body" } : {}),
        };
        out.push(through.foreign ? holdFix(m, OTHER_HOST_THROUGH_CLIENT) : m);
        continue;
      }
      out.push({
        node: site,
        messageId: 'getWithContentType',
        fix: fix ? [fix] : undefined,
        confidence: 'likely',
        confidenceReason: 'the client is used by other modules and its shared configuration adds the header to every request, GETs included',
      });
    }
  }
  return out;
}

/**
 * A class of this file whose request sends a Content-Type the class keeps in a field (`headers = new Headers({...})`,
 * sent as `headers: this.headers`) with a method and URL its callers give (`makeRequest(method, url)`), extended by classes of
 * other modules that make the requests (`class Rooms extends WebexApi { ... this.get(id) }`, the base's `get` running
 * this class's `makeRequest`): the subclasses' modules are read (engine/api/summaries.ts follows their `this.` calls up
 * the class chain) and a bodiless API GET among their requests sending this header is the finding. No edit: the
 * header is the class's, shared with its other requests; likely when some of them send a body.
 */
function subclassRequestMatches(file: FileContext, catalog: LoadedCatalog, requests: readonly HttpRequest[], reported: readonly RawMatch[]): RawMatch[] {
  const out: RawMatch[] = [];
  const sites = new Map<Node, string>();
  if (!sendsClassHeaders(file.text)) return out;
  for (const r of requests) {
    if (r.isApi) continue;
    const cls = enclosingClass(file, r.node);
    if (!cls?.id) continue;
    for (const h of r.headers) {
      const site = h.property ?? h.call ?? h.assignment;
      if (!isContentType(h) || h.inherited || h.when || !site || !isOwnNode(file, site) || reported.some((m) => m.node === site)) continue;
      sites.set(site, cls.id.name);
    }
  }
  if (sites.size === 0) return out;
  const project = projectOf(file.filename);
  if (!project) return out;
  const files = subclassModules(project, file.filename, [...new Set(sites.values())], MAX_IMPORTERS_PARSED).map((m) => m.file);
  if (files.length === 0) return out;
  return reachedClassSites(file, catalog, sites.keys(), files, 'a class header its subclasses in other modules send with every request; some of them send a body');
}

/**
 * A finding at each class header site that an API GET of the modules `files` sends ({@link requestsReaching}; with
 * `anyHeader`, also where the request writes its own Content-Type over it): likely, for `reason`, when some of the
 * requests send a body. No edit: the header is the class's, shared with its other requests.
 */
function reachedClassSites(file: FileContext, catalog: LoadedCatalog, sites: Iterable<Node>, files: readonly string[], reason: string, anyHeader = false): RawMatch[] {
  const out: RawMatch[] = [];
  for (const site of sites) {
    const found = requestsReaching(file, catalog, site, files, (h) => h.property ?? h.call ?? h.assignment, false, anyHeader);
    if (!found || found.gets === 0) continue;
    out.push({
      node: site,
      messageId: 'getWithContentType',
      affects: found.affects,
      ...(found.withBody ? { confidence: 'likely' as const, confidenceReason: reason } : {}),
    });
  }
  return out;
}

/**
 * A client class of this file that other modules import and make instances of (`this.client = new HttpClient({ baseUrl:
 * 'https://webexapis.com/v1' })`, `const api = new HttpClient(...)`), whose request sends a Content-Type the class
 * writes (its defaults in a field, `headers: { ...this.defaultHeaders, ...options?.headers }`) with a URL and method its
 * callers give: the importing modules that write `new <Class>` and name an API host are read, and a bodiless API GET
 * among their requests (the class's methods applied there, engine/api/summaries.ts) that carries this header is the
 * finding, even where the caller writes its own Content-Type over it (removing that one leaves this one). No edit:
 * the header is the class's, shared with every request of every instance; likely when some of them send a body.
 */
function instantiatedClassMatches(file: FileContext, catalog: LoadedCatalog, requests: readonly HttpRequest[], reported: readonly RawMatch[]): RawMatch[] {
  const out: RawMatch[] = [];
  const sites = new Map<Node, string>();
  for (const r of requests) {
    if (r.isApi || r.wrapper) continue;
    const cls = enclosingClass(file, r.node);
    if (!cls?.id || !exportedClass(file, cls)) continue;
    for (const h of r.headers) {
      const site = h.property ?? h.call ?? h.assignment;
      if (!isContentType(h) || h.inherited || h.when || h.shared || !site || !isOwnNode(file, site) || reported.some((m) => m.node === site)) continue;
      sites.set(site, cls.id.name);
    }
  }
  if (sites.size === 0) return out;
  const project = projectOf(file.filename);
  if (!project) return out;
  const importers = instantiatingModules(project, path.resolve(file.filename), [...new Set(sites.values())], Infinity)
    .filter((i) => namesApiHost(i.text, catalog))
    .slice(0, MAX_IMPORTERS_PARSED)
    .map((i) => i.file);
  if (importers.length === 0) return out;
  return reachedClassSites(file, catalog, sites.keys(), importers, 'a header of a client class other modules make instances of, sent with every request of the class; some of them send a body', true);
}

/** Whether a class is exported where it is declared (`export class`, `export default class`) or by name in an export list. */
function exportedClass(file: FileContext, cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression): boolean {
  const holder = file.parentOf(cls);
  if (holder?.type === 'ExportNamedDeclaration' || holder?.type === 'ExportDefaultDeclaration') return true;
  const name = cls.id?.name;
  return !!name && file.nodes(T.ExportSpecifier).some((e) => e.local.type === 'Identifier' && e.local.name === name);
}

/**
 * Default headers a class hands up to its base class in `super({ headers: { 'Content-Type': ... } })`, which the base
 * keeps and sends with every request of its verb methods (engine/api/super-headers.ts summarizes the chain): a GET
 * verb method called without a body by this class or by its subclasses in other modules (found by `extends <Name>`,
 * through barrels) sends the header. The URL is the subclasses' and the base's, not folded: the file, or a module
 * it or a subclass imports, must name an API host, and the finding is likely. No edit: the header object is shared
 * with the chain's other requests (a POST through the same base sends a body and keeps needing it).
 */
function superHeaderMatches(file: FileContext, catalog: LoadedCatalog, reported: readonly RawMatch[]): RawMatch[] {
  const out: RawMatch[] = [];
  const sites = superHeaderSites(file).filter((s) => s.cls.id && !reported.some((m) => m.node === s.site));
  if (sites.length === 0) return out;
  const project = projectOf(file.filename);
  for (const { site, cls, verbs } of sites) {
    const modules: FileContext[] = [file];
    if (project) {
      for (const m of subclassModules(project, file.filename, [cls.id!.name], MAX_IMPORTERS_PARSED)) {
        const ctx = project.module(m.file);
        if (ctx) modules.push(ctx);
      }
    }
    if (!namesApiHere(file, catalog) && !modules.slice(1).some((m) => namesApiHere(m, catalog))) continue;
    const affects: NonNullable<RawMatch['affects']> = [];
    let gets = 0;
    let withBody = false;
    for (const ctx of modules) {
      for (const call of ctx.nodes(T.CallExpression)) {
        const callee = unwrap(call.callee as Node);
        if (callee.type !== 'MemberExpression' || callee.computed || unwrap(callee.object).type !== 'ThisExpression') continue;
        const verb = verbs.find((v) => v.name === memberName(callee));
        if (!verb) continue;
        const caller = thisClass(ctx, call);
        // The caller's class is the writer or extends it (in another module, found by its `extends`), and does not override the verb.
        if (!caller || (caller !== cls && (ctx === file || !caller.superClass)) || methodOfClass(caller, verb.name)) continue;
        // A call that writes its own headers may replace the default: not counted.
        const objects = call.arguments.map((a) => unwrap(a as Node)).filter((a): a is TSESTree.ObjectExpression => a.type === 'ObjectExpression');
        const keys = objects.flatMap((o) => o.properties.map((p) => (p.type === 'Property' ? propertyKeyName(p) : undefined)));
        if (keys.includes('headers')) continue;
        const body = verb.takesBody && (keys.some((k) => k !== undefined && BODY_KEYS.has(k)) || objects.length < call.arguments.length);
        if (verb.method === 'GET' && !body) gets++;
        else if (body) withBody = true;
        else continue;
        affects.push({ node: call, method: verb.method, file: path.relative(path.dirname(path.resolve(file.filename)), path.resolve(ctx.filename)).split(path.sep).join('/'), at: ctx.positionAt(call.range[0]) });
      }
    }
    if (gets === 0) continue;
    out.push({
      node: site,
      messageId: 'getWithContentType',
      affects,
      confidence: 'likely',
      confidenceReason: withBody
        ? "default headers handed to the base class, sent with every request of its verb methods; GETs without a body among them, and requests with a body that need the header"
        : 'default headers handed to the base class, sent with every request of its verb methods, GETs without a body among them; their URL is built by the class chain (not folded here)',
    });
  }
  return out;
}

/** The class declaration a node sits in (its method's body). */
function enclosingClass(file: FileContext, node: Node): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
  for (const a of file.ancestors(node)) if (a.type === 'ClassDeclaration' || a.type === 'ClassExpression') return a;
  return undefined;
}

/** Most importing modules parsed to find the requests made through a client a module exports. */
const MAX_IMPORTERS_PARSED = 40;

/**
 * The requests the modules of the package that import this file make through a header its shared configuration
 * writes at `site` (the reverse edge of the module graph, built only for a file that exports a client of the API
 * whose interceptor, hook or defaults add Content-Type): each importer (engine/project/context.ts lists them from
 * their import specifiers) is parsed and its requests read; a request whose Content-Type is the one written at
 * `site` (the same range in this file's module on disk) goes through it. Undefined when the file is not on disk as
 * analysed (an editor's unsaved text, a `--fix` pass): its ranges would not match. `complete` when every importer
 * was read.
 */
function importerRequests(file: FileContext, catalog: LoadedCatalog, site: Node, axios: boolean, name: string, created = false): Reaching | undefined {
  const project = projectOf(file.filename);
  if (!project) return undefined;
  // Through barrels that re-export the client (`export { http } from './client'`, `export *`).
  const importers = importersThroughBarrels(project, path.resolve(file.filename), [name]);
  const siteOf = created
    ? (h: RequestHeader) => (!h.shared && !h.when ? (h.property ?? h.broughtIn?.node) : undefined)
    : (h: RequestHeader) => (h.shared && !h.when ? (h.property ?? h.call ?? h.assignment) : undefined);
  const found = requestsReaching(file, catalog, site, importers.slice(0, MAX_IMPORTERS_PARSED).map((i) => i.file), siteOf, axios);
  return found && { ...found, complete: importers.length <= MAX_IMPORTERS_PARSED };
}

/** The requests of other modules that send a header written in this file, as {@link requestsReaching} finds them. */
interface Reaching {
  affects: NonNullable<RawMatch['affects']>;
  gets: number;
  withBody: boolean;
  complete: boolean;
  /** A request of these modules through the site is not known to call the API (another host's URL). */
  foreign: boolean;
}

/**
 * The API requests of the modules `files` (parsed by the project model) whose Content-Type is the one written at
 * `site` of this file (`siteOf` says where a request's header is written; the same range in this file's module as
 * on disk). Undefined when the file is not on disk as analysed (an editor's unsaved text, a `--fix` pass): its
 * ranges would not match.
 */
function requestsReaching(file: FileContext, catalog: LoadedCatalog, site: Node, files: readonly string[], siteOf: (h: RequestHeader) => Node | undefined, axios = false, anyHeader = false): Reaching | undefined {
  const project = projectOf(file.filename);
  if (!project) return undefined;
  const abs = path.resolve(file.filename);
  const onDisk = project.module(abs);
  if (!onDisk || onDisk.text !== file.text) return undefined;
  const affects: NonNullable<RawMatch['affects']> = [];
  let gets = 0;
  let withBody = false;
  let foreign = false;
  for (const other of files) {
    if (path.resolve(other) === abs) continue;
    const ctx = project.module(other);
    if (!ctx) continue;
    let browser: boolean | undefined;
    const theirs = getRequests(ctx, catalog);
    for (const r of theirs) {
      // `anyHeader`: a default the request's own Content-Type is written over counts too (it goes out once that one is removed).
      const candidates = anyHeader ? r.headers.filter(isContentType) : [findHeader(r, 'content-type')];
      const at = candidates.map((h) => (h ? siteOf(h) : undefined)).find((n) => n !== undefined && n.range[0] === site.range[0] && n.range[1] === site.range[1]);
      if (!at || topOf(ctx, at) !== onDisk.ast) continue;
      if (!r.isApi || hostUnseen(ctx, r, theirs)) {
        foreign = true;
        if (!r.isApi) continue;
      }
      // axios's browser adapter drops a Content-Type without data: a browser importer's GET does not send it.
      if (axios && (browser ??= readsBrowserGlobals(ctx.text) || browserEvidence(ctx) !== undefined)) continue;
      const bodiless = isBodilessGet(r);
      if (bodiless) gets++;
      else withBody = true;
      affects.push({ node: r.node, method: r.method, file: path.relative(path.dirname(abs), other).split(path.sep).join('/'), at: ctx.positionAt(r.node.range[0]) });
    }
  }
  return { affects, gets, withBody, complete: true, foreign };
}

/** The root of the tree a node belongs to (a module read for a value keeps its own tree). */
function topOf(file: FileContext, node: Node): Node {
  let top: Node = node;
  for (const up of file.ancestors(node)) top = up;
  return top;
}

/**
 * An Angular `HttpInterceptor` setting Content-Type on every request (`req.clone({ setHeaders: { 'Content-Type': t } })`),
 * a class or a functional interceptor: the app's GETs go out with it. Which requests reach it is decided by
 * Angular's providers: an interceptor the package provides (`{ provide: HTTP_INTERCEPTORS, useClass: C }`,
 * `withInterceptors([fn])`) reaches every request of the app's `HttpClient`; when one of them is a bodiless GET
 * to the API (the package's modules importing `@angular/common/http` are read for it), the finding is certain and
 * the edit that keeps the header only when `req.body` is not null is its fix. Otherwise (not provided, or no such
 * GET found), likely when the interceptor's file or the app's environment module names an API host, the edit a
 * suggestion.
 */
function angularInterceptorMatches(file: FileContext, catalog: LoadedCatalog): RawMatch[] {
  const out: RawMatch[] = [];
  const headers = angularInterceptorHeaders(file);
  if (!headers.some(isContentType)) return out;
  let apiHost: boolean | undefined;
  const namesApi = (): boolean => (apiHost ??= namesApiHost(file.text, catalog) || namesApiHost(angularEnvironmentText(file.filename) ?? '', catalog));
  const gets = new Map<Node, { affects: NonNullable<RawMatch['affects']>; foreign: boolean }>();
  for (const h of headers) {
    const site = h.property ?? h.call;
    if (!isContentType(h) || h.when || !site) continue;
    const condition = sendsBodyCondition(h, 'unknown');
    const fix = condition && h.property ? conditionalEdit(file, h, condition) : undefined;
    const fn = h.shared?.fn;
    let found = fn ? gets.get(fn) : undefined;
    if (fn && !found) gets.set(fn, (found = providedInterceptorGets(file, catalog, fn) ?? { affects: [], foreign: false }));
    const reached = found?.affects;
    if (fix && reached && reached.length > 0) {
      // The interceptor runs for every request of the app's HttpClient: another host's among them would lose the header too.
      const m: RawMatch = { node: site, messageId: 'getWithContentType', fix: [fix], affects: reached };
      out.push(found!.foreign ? holdFix(m, "a request of the app's HttpClient is not known to call the API (another host's URL); the interceptor's edit changes it too") : m);
      continue;
    }
    if (!namesApi() && !(reached && reached.length > 0)) continue;
    out.push({
      node: site,
      messageId: 'getWithContentType',
      fix: fix ? [fix] : undefined,
      confidence: 'likely',
      confidenceReason: "an Angular HttpInterceptor adds the header to every request of the app's HttpClient, GETs included",
    });
  }
  return out;
}

/**
 * The bodiless GETs to the API an Angular app's `HttpClient` makes, when the interceptor `fn` (an `intercept`
 * method of a class, or a functional interceptor) is provided by a module of its package; undefined when it is
 * not provided (or the file is not on disk as analysed).
 */
function providedInterceptorGets(file: FileContext, catalog: LoadedCatalog, fn: Node): { affects: NonNullable<RawMatch['affects']>; foreign: boolean } | undefined {
  const name = interceptorName(file, fn);
  const project = name ? projectOf(file.filename) : undefined;
  if (!name || !project) return undefined;
  const id = name.replace(/\$/g, '\\$');
  const provider = fn.type === 'FunctionExpression' && file.parentOf(fn)?.type === 'MethodDefinition'
    ? new RegExp(`\\buseClass\\s*:\\s*${id}\\b`)
    : new RegExp(`\\bwithInterceptors\\s*\\(\\s*\\[[^\\]]*(?<![\\w$])${id}(?![\\w$])`);
  const provides = (text: string): boolean => text.includes(name) && provider.test(text) && (!text.includes('useClass') || text.includes('HTTP_INTERCEPTORS'));
  if (!provides(file.text) && !packageSourcesMatching(project, file.filename, provides).files.length) return undefined;
  const abs = path.resolve(file.filename);
  const out: NonNullable<RawMatch['affects']> = [];
  // A request of the client (a method call) not known to call the API: the interceptor reaches it too.
  let foreign = false;
  for (const user of angularClientModules(file.filename, project)) {
    const ctx = path.resolve(user.file) === abs ? file : project.module(user.file);
    if (!ctx) continue;
    const theirs = getRequests(ctx, catalog);
    foreign ||= callsOtherHost(ctx, catalog);
    for (const r of theirs) {
      if (r.client !== 'unknown' || r.node.type !== 'CallExpression' || r.node.callee.type !== 'MemberExpression') continue;
      if (!r.isApi || hostUnseen(ctx, r, theirs)) foreign = true;
      if (!r.isApi || !isBodilessGet(r)) continue;
      out.push({ node: r.node, method: r.method, ...(ctx === file ? {} : { file: path.relative(path.dirname(abs), user.file).split(path.sep).join('/'), at: ctx.positionAt(r.node.range[0]) }) });
    }
  }
  return { affects: out, foreign };
}

/**
 * Whether a module makes a method call of a client (`this.http.get(url)`, `.post`, ..., `.request`) whose URL folds to
 * an absolute URL of a host that is not the API's: such a call is not among the API requests, yet an interceptor of
 * the client reaches it.
 */
function callsOtherHost(file: FileContext, catalog: LoadedCatalog): boolean {
  const hosts = apiHosts(catalog);
  return file.nodes(T.CallExpression).some((c) => {
    if (c.callee.type !== 'MemberExpression' || c.callee.computed || c.callee.property.type !== 'Identifier') return false;
    const name = c.callee.property.name.toLowerCase();
    if (!METHODS.has(name) && name !== 'request') return false;
    const url = file.staticString((name === 'request' ? c.arguments[1] : c.arguments[0]) as Node | undefined);
    const host = url ? urlHost(url) : undefined;
    return host !== undefined && !hosts.has(host);
  });
}

/** The name an interceptor is provided under: its class's (for an `intercept` method), or its function's. */
function interceptorName(file: FileContext, fn: Node): string | undefined {
  const parent = file.parentOf(fn);
  if (parent?.type === 'MethodDefinition') {
    const cls = file.parentOf(file.parentOf(parent)!);
    return (cls?.type === 'ClassDeclaration' || cls?.type === 'ClassExpression') && cls.id ? cls.id.name : undefined;
  }
  if (fn.type === 'FunctionDeclaration') return fn.id?.name;
  return parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' ? parent.id.name : undefined;
}

/**
 * A header a store's action assigns on the request options it is given (`options.headers['Content-Type'] = ...`
 * in a Vuex `actions` entry, engine/api/calls.ts `memberAssignedHeaders`): the action's requests are made by the
 * modules that dispatch it by name (engine/api/dispatch.ts reads each with the dispatcher's payload). The files that
 * may (the action's folder and its direct subfolders, as dispatch.ts looks for an action in the dispatcher's
 * folder and the one above; only files naming the action in a `dispatch(`) are parsed, and a bodiless GET to
 * the API among their dispatches makes the header a finding, likely (the assignment is not edited: the other
 * dispatches send bodies), listing the dispatches.
 */
function vuexActionMatches(file: FileContext, catalog: LoadedCatalog, requests: readonly HttpRequest[], reported: readonly RawMatch[]): RawMatch[] {
  const out: RawMatch[] = [];
  if (!file.text.includes('actions') || !file.links) return out;
  for (const r of requests) {
    const h = findHeader(r, 'content-type');
    const site = h?.assignment;
    if (!h || !site || h.when || h.inherited || !isOwnNode(file, site) || reported.some((m) => m.node === site) || out.some((m) => m.node === site)) continue;
    const name = actionName(file, enclosingScope(file, r.node));
    if (!name) continue;
    const quoted = new RegExp(`dispatch\\s*\\(\\s*['"\`]${name.replace(/\$/g, '\\$')}['"\`]`);
    const files = storeDispatchers(file.filename).filter((f) => quoted.test(f.text)).map((f) => f.file);
    const found = requestsReaching(file, catalog, site, files, (x) => (x.inherited && !x.when ? x.assignment : undefined));
    if (!found || found.gets === 0) continue;
    out.push({
      node: site,
      messageId: 'getWithContentType',
      affects: found.affects,
      confidence: 'likely',
      confidenceReason: `the store's action \`${name}\` sets the header on every request it is dispatched for, GETs included`,
    });
  }
  return out;
}

/** The name of a store's action a function is (`actions: { fetch(ctx, payload) {...} }`, `const actions = { async fetch ... }`). */
function actionName(file: FileContext, fn: Node): string | undefined {
  const holder = file.parentOf(fn);
  if (holder?.type !== 'Property' || holder.computed || holder.key.type !== 'Identifier') return undefined;
  const object = file.parentOf(holder);
  const owner = object ? file.parentOf(object) : undefined;
  const named = owner?.type === 'VariableDeclarator' && owner.id.type === 'Identifier' ? owner.id.name : owner?.type === 'Property' && !owner.computed && owner.key.type === 'Identifier' ? owner.key.name : undefined;
  return named === 'actions' ? holder.key.name : undefined;
}

/** Names a module's initial state object goes by (Redux Toolkit's `createSlice({ initialState })`, a store's defaults). */
const INITIAL_STATE = /^(?:initialState|initial_state|defaultState|defaults?)$/i;

/**
 * A request whose method is a field of its function's parameter (`({ payload: { method, body } }) => ajax({ method,
 * headers: { 'Content-Type': t }, body })`: an action's payload, a dispatched state) while the module's initial
 * state holds `method: 'GET'` (`createSlice({ initialState: { method: 'GET', ... } })`): a GET is one of the
 * requests it sends, with the header written whatever the method. Likely (the values dispatched are not seen), no
 * edit (the header is right for the other methods).
 */
function stateMethodMatches(file: FileContext, catalog: LoadedCatalog, requests: readonly HttpRequest[], reported: readonly RawMatch[]): RawMatch[] {
  const out: RawMatch[] = [];
  if (!/\bmethod\s*:\s*['"]GET['"]/i.test(file.text)) return out;
  let initialGet: boolean | undefined;
  for (const r of requests) {
    if (r.method !== undefined || r.wrapper || !r.options) continue;
    const h = findHeader(r, 'content-type');
    if (!h?.property || h.when || h.inherited || h.shared || h.broughtIn || !isOwnNode(file, h.property)) continue;
    if (!r.isApi && !helperReturnsApiUrl(file, catalog, r.urlNode)) continue;
    if (reported.some((m) => m.node === h.property) || out.some((m) => m.node === h.property)) continue;
    const methodProp = r.options.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === 'method');
    const value = methodProp ? unwrap(methodProp.value as Node) : undefined;
    if (value?.type !== 'Identifier' || !boundByParameterField(file, r.node, value.name)) continue;
    initialGet ??= file.nodes(T.Property).some((p) => {
      if (p.computed || p.key.type !== 'Identifier' || p.key.name !== 'method' || p.value.type !== 'Literal' || typeof p.value.value !== 'string' || p.value.value.toUpperCase() !== 'GET') return false;
      const object = file.parentOf(p);
      const holder = object ? file.parentOf(object) : undefined;
      if (holder?.type === 'Property' && !holder.computed && holder.key.type === 'Identifier') return INITIAL_STATE.test(holder.key.name);
      return holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier' && INITIAL_STATE.test(holder.id.name);
    });
    if (!initialGet) return out;
    out.push({
      node: h.property,
      messageId: 'getWithContentType',
      confidence: 'likely',
      confidenceReason: "the request's method is a field of the state or payload it is given, whose initial value in this module is GET; the header goes with every method",
    });
  }
  return out;
}

/**
 * Whether a URL is a call of a helper of this file whose one returned value starts with an API URL
 * (`createUrl(entity, id, query)` whose `return` is `` `https://webexapis.com/v1/${entity}...` `` after a `try` that
 * prepares the query).
 */
function helperReturnsApiUrl(file: FileContext, catalog: LoadedCatalog, url: Node | undefined): boolean {
  const call = url ? unwrap(url) : undefined;
  if (call?.type !== 'CallExpression') return false;
  const called = calledFunction(file, call);
  if (!called || called.file !== file) return false;
  const returned = returnedExpression(file, called.fn);
  const folded = returned ? stringOf(file, returned) : undefined;
  return folded !== undefined && isApiUrl(folded, catalog);
}

/** Whether `name` is bound, in a function around `at`, by a field `method` of a destructured parameter (at any depth). */
function boundByParameterField(file: FileContext, at: Node, name: string): boolean {
  const binds = (pattern: Node | null | undefined): boolean => {
    if (!pattern) return false;
    if (pattern.type === 'AssignmentPattern') return binds(pattern.left as Node);
    if (pattern.type !== 'ObjectPattern') return false;
    return pattern.properties.some((p) => {
      if (p.type !== 'Property') return false;
      const v = p.value.type === 'AssignmentPattern' ? p.value.left : p.value;
      if (v.type === 'Identifier') return v.name === name && !p.computed && p.key.type === 'Identifier' && p.key.name === 'method';
      return binds(v as Node);
    });
  };
  for (const up of file.ancestors(at)) {
    if (isFunctionNode(up) && (up as TSESTree.FunctionLike).params.some((param) => binds(param as Node))) return true;
  }
  return false;
}

/**
 * A method of a client this engine does not know whose name says it sends a GET (`makeGet`, `httpGet`, `doGet`,
 * `sendGetRequest`, `getJson`), called with a platform URL first and, among the next two arguments, a header
 * object written in the file with a Content-Type (`ctx.http.makeGet(url, { Authorization, 'Content-Type': t }, cb)`).
 * Likely, not certain: the client's code is not seen. A plain `get` is left out (a cache, a Map, a store: `get(key,
 * obj)`), and so are jQuery's `$.getJSON(url, data)` (its second argument is the query) and known clients (read as
 * requests already).
 */
const GET_NAMED = /^(?:(?:make|do|send|perform|issue|exec|http|api|rest)Get(?:Request|Json)?|sendGetRequest|getJson|httpGetJson)$/i;
function getNamedClientCalls(file: FileContext, catalog: LoadedCatalog, requests: readonly HttpRequest[]): RawMatch[] {
  const out: RawMatch[] = [];
  const known = new Set<Node>(requests.map((r) => r.node));
  for (const call of file.nodes(T.CallExpression)) {
    const callee = unwrap(call.callee as Node);
    if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || !GET_NAMED.test(callee.property.name)) continue;
    const object = unwrap(callee.object);
    if (object.type === 'Identifier' && (object.name === '$' || object.name === 'jQuery')) continue;
    if (known.has(call) || call.arguments.length < 2 || call.arguments.some((a) => a.type === 'SpreadElement')) continue;
    if (!isApiUrl(stringOf(file, call.arguments[0] as Node), catalog)) continue;
    for (const arg of call.arguments.slice(1, 3)) {
      const headers = objectOf(file, arg as Node);
      if (!headers) continue;
      for (const h of headersOf(file, headers).headers) {
        if (!isContentType(h) || !h.property || out.some((m) => m.node === h.property)) continue;
        out.push({
          node: h.property,
          messageId: 'getWithContentType',
          confidence: 'likely',
          confidenceReason: `\`${callee.property.name}\` of a client this tool does not read: its name says GET, its arguments a platform URL and this header object`,
        });
      }
    }
  }
  return out;
}

/** The ES5 constructor's name (`X.prototype.m = function`) or the class body whose instance code at `node` runs as. */
function instanceOwner(file: FileContext, node: Node): string | Node | undefined {
  const fn = functionOfThis(file, node);
  const proto = fn ? prototypeOwner(file, fn) : undefined;
  if (proto !== undefined) return proto;
  // A class method's `this` (or a field's arrow's) is the class's instance; another function's is not.
  if (fn && file.parentOf(fn)?.type !== 'MethodDefinition') return undefined;
  return [...file.ancestors(node)].find((a) => a.type === 'ClassBody');
}

/**
 * A client of the API written as a class (or an ES5 constructor with prototype methods) whose other requests call
 * the API (`this.apiURL + 'rooms'`): a request of the same class whose URL every caller in the file passes through
 * from its own callers (`getFile(fileUrl)` -> `this._getFile(fileUrl)`) is taken to call the API too. Likely.
 */
function apiClientRequest(file: FileContext, requests: readonly HttpRequest[], inner: HttpRequest, through: readonly HttpRequest[]): boolean {
  const unknown = (r: HttpRequest): boolean => r.url === undefined || r.url.value.startsWith(UNKNOWN);
  if (!unknown(inner) || !through.every(unknown)) return false;
  const owner = instanceOwner(file, inner.node);
  return owner !== undefined && requests.some((o) => o !== inner && o.isApi && instanceOwner(file, o.node) === owner);
}

/** A parameter of `fn` by name (plain, with a default, or a TypeScript parameter property). */
function paramIndex(fn: Node, name: string): number {
  return (fn as TSESTree.FunctionLike).params.findIndex((p) => {
    const q = p.type === 'TSParameterProperty' ? p.parameter : p;
    const id = q.type === 'AssignmentPattern' ? q.left : q;
    return id.type === 'Identifier' && id.name === name;
  });
}

/** Whether a parameter's default leaves it empty (none, `null`, `undefined`): a call that omits it sends nothing. */
function defaultsToNothing(fn: Node, name: string): boolean {
  if (paramIndex(fn, name) < 0) return false;
  const def = parameterDefault(fn, name);
  if (!def) return true;
  const d = unwrap(def);
  return (d.type === 'Literal' && d.value === null) || (d.type === 'Identifier' && d.name === 'undefined');
}

/**
 * Whether `fn` sends a body only when its parameter is given: the options' `body` (or a later `options.body = ...`)
 * is written under a test of a parameter that defaults to nothing (`if (body) options.body = JSON.stringify(body)`,
 * `body: body ? JSON.stringify(body) : undefined`, `body && ...`). No body written at all counts too.
 */
function bodyOnlyWhenGiven(file: FileContext, fn: Node, options: TSESTree.ObjectExpression, optionsName: string | undefined): boolean {
  const tested = (test: Node): boolean => {
    const t = unwrap(test);
    return t.type === 'Identifier' && defaultsToNothing(fn, t.name);
  };
  const guarded = (value: Node): boolean => {
    const v = unwrap(value);
    if (v.type === 'ConditionalExpression') return tested(v.test as Node) && unwrap(v.alternate as Node).type === 'Identifier' && (unwrap(v.alternate as Node) as TSESTree.Identifier).name === 'undefined';
    if (v.type === 'LogicalExpression' && v.operator === '&&') return tested(v.left as Node);
    return v.type === 'Identifier' && defaultsToNothing(fn, v.name);
  };
  for (const p of options.properties) {
    if (p.type === 'SpreadElement') return false;
    if (!p.computed && propertyKeyName(p) !== undefined && BODY_KEYS.has(propertyKeyName(p)!) && !guarded(p.value as Node)) return false;
  }
  if (optionsName === undefined) return true;
  for (const a of file.nodes(T.AssignmentExpression)) {
    if (!inside(fn, a) || a.left.type !== 'MemberExpression' || a.left.computed) continue;
    const target = unwrap(a.left.object);
    const key = a.left.property.type === 'Identifier' ? a.left.property.name : undefined;
    if (target.type !== 'Identifier' || target.name !== optionsName || !key || !BODY_KEYS.has(key)) continue;
    const under = [...file.ancestors(a)].find((up) => up === fn || up.type === 'IfStatement' || (up.type === 'LogicalExpression' && up.operator === '&&'));
    if (!under || under === fn) return false;
    const test = under.type === 'IfStatement' ? (under.test as Node) : ((under as TSESTree.LogicalExpression).left as Node);
    if (!tested(test)) return false;
  }
  return true;
}

/**
 * The Content-Type a helper sets on its headers object after building it (`headers['Content-Type'] = contentType`),
 * unconditionally or under a test of the value itself (`if (contentType)`) when that value is a parameter whose
 * default is a string: the header the default call sends. The last one written in the function.
 */
function assignedContentType(file: FileContext, fn: Node, headersName: string): TSESTree.AssignmentExpression | undefined {
  let found: TSESTree.AssignmentExpression | undefined;
  for (const a of file.nodes(T.AssignmentExpression)) {
    if (a.operator !== '=' || !inside(fn, a) || a.left.type !== 'MemberExpression') continue;
    const target = unwrap(a.left.object);
    const key = a.left.computed ? file.staticString(a.left.property as Node)?.value : a.left.property.type === 'Identifier' ? a.left.property.name : undefined;
    if (target.type !== 'Identifier' || target.name !== headersName || key?.toLowerCase() !== 'content-type') continue;
    const value = unwrap(a.right as Node);
    const statement = file.parentOf(a);
    let holder = statement?.type === 'ExpressionStatement' ? file.parentOf(statement) : undefined;
    const body = (fn as TSESTree.FunctionLike).body;
    if (holder === body) {
      found = a;
      continue;
    }
    if (holder?.type === 'BlockStatement') holder = file.parentOf(holder);
    if (holder?.type !== 'IfStatement' || file.parentOf(holder) !== body) continue;
    const guard = unwrap(holder.test as Node);
    const def = value.type === 'Identifier' && paramIndex(fn, value.name) >= 0 ? parameterDefault(fn, value.name) : undefined;
    if (guard.type === 'Identifier' && value.type === 'Identifier' && guard.name === value.name && def && file.staticString(def)?.complete && file.staticString(def)?.value !== '') found = a;
  }
  return found;
}

/**
 * A request helper other files call whose own defaults make a bodiless GET (`webexApi(path, method = 'GET', body =
 * null)`, the body sent only when given): the Content-Type it writes on every call goes out with the default GET.
 * Its URL is its callers'; it is taken to call the API when the file names an API host or the helper's class makes
 * other requests to the API. Likely (the callers are not seen); no edit (the header is right for its other calls).
 */
function defaultGetHelperMatches(file: FileContext, catalog: LoadedCatalog, requests: readonly HttpRequest[], reported: readonly RawMatch[]): RawMatch[] {
  const out: RawMatch[] = [];
  for (const r of requests) {
    // The URL is partly or wholly its callers' (`BASE + path`, `url`); the method its callers' too (read: undefined).
    if (r.wrapper || r.method !== undefined || (!r.isApi && r.url !== undefined && !r.url.value.startsWith(UNKNOWN))) continue;
    const fn = enclosingScope(file, r.node);
    if (fn.type === 'Program' || !isReachableFromOtherFiles(file, fn)) continue;
    const options = r.options ?? (r.optionsNode ? objectOf(file, r.optionsNode) : undefined);
    if (!options) continue;
    const method = options.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && propertyKeyName(p) === 'method');
    const methodValue = method ? unwrap(method.value as Node) : undefined;
    const def = methodValue?.type === 'Identifier' && paramIndex(fn, methodValue.name) >= 0 ? parameterDefault(fn, methodValue.name) : undefined;
    const defValue = def ? file.staticString(def) : undefined;
    if (!defValue?.complete || defValue.value.toUpperCase() !== 'GET') continue;
    const optionsName = r.optionsNode && unwrap(r.optionsNode).type === 'Identifier' ? (unwrap(r.optionsNode) as TSESTree.Identifier).name : undefined;
    // A body read from elsewhere than the options' own keys (checked below) is not judged.
    const ownBody = options.properties.some((p) => p.type === 'Property' && !p.computed && BODY_KEYS.has(propertyKeyName(p) ?? ''));
    if ((r.body && !ownBody) || !bodyOnlyWhenGiven(file, fn, options, optionsName)) continue;
    // A URL that is wholly the callers': the API by the file's hosts, or by the other requests of the helper's class.
    if (!r.isApi && !namesApiHere(file, catalog) && !apiClientRequest(file, requests, r, [])) continue;
    const headersProp = options.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && propertyKeyName(p) === 'headers');
    const headersValue = headersProp ? unwrap(headersProp.value as Node) : undefined;
    const assigned = headersValue?.type === 'Identifier' ? assignedContentType(file, fn, headersValue.name) : undefined;
    const h = findHeader(r, 'content-type');
    const site: Node | undefined = assigned ?? (h && !h.when && !h.inherited && !h.shared ? (h.property ?? h.call ?? h.assignment) : undefined);
    if (!site || !isOwnNode(file, site) || reported.some((m) => m.node === site) || out.some((m) => m.node === site)) continue;
    out.push({
      node: site,
      messageId: 'getWithContentType',
      confidence: 'likely',
      confidenceReason: "a request helper other files call whose defaults send a GET without a body (its method parameter defaults to GET); the header goes with every call",
    });
  }
  return out;
}

/**
 * A request helper of this file that other modules import and call (`export function call(path, init = {}, method =
 * 'GET')`), sending a Content-Type written here (in its options, or an object of a third module it spreads in):
 * its URL and method are its callers', so it is judged by the requests the importing modules of the package make
 * through it (read with the helper's summary there): a bodiless GET to the API among them sends the header. Reported
 * where the header is written or brought in, without an edit (the helper's other calls may send a body: likely then).
 */
function importedHelperMatches(file: FileContext, catalog: LoadedCatalog, requests: readonly HttpRequest[], reported: readonly RawMatch[], axiosDropsContentType: (r: HttpRequest) => boolean): RawMatch[] {
  const out: RawMatch[] = [];
  const sites = new Map<Node, string>();
  const axios = new Set<Node>();
  for (const r of requests) {
    // A GET of its own to the API is judged (and fixed) as a direct request below.
    if (r.wrapper || (r.isApi && (isBodilessGet(r) || getWithData(r))) || axiosDropsContentType(r)) continue;
    const h = findHeader(r, 'content-type');
    if (!h || h.when || h.shared) continue;
    const site = h.inherited ? (h.broughtIn?.file === file ? h.broughtIn.node : undefined) : (h.property ?? h.call ?? h.assignment);
    if (!site || !isOwnNode(file, site) || reported.some((m) => m.node === site) || sites.has(site)) continue;
    const fn = enclosingScope(file, r.node);
    if (fn.type === 'Program' || !isReachableFromOtherFiles(file, fn)) continue;
    const name = functionName(file, fn);
    if (!name) continue;
    sites.set(site, name);
    // axios's browser adapter drops a Content-Type without data: a browser importer's GET does not send it.
    if (r.client === 'axios') axios.add(site);
  }
  if (sites.size === 0) return out;
  const project = projectOf(file.filename);
  if (!project) return out;
  // Where a header is written or brought in, as the helper's calls (here and in the importers) carry it.
  const siteOf = (h: RequestHeader): Node | undefined => h.property ?? h.call ?? h.assignment ?? h.broughtIn?.node;
  for (const [site, name] of sites) {
    const importers = importersThroughBarrels(project, path.resolve(file.filename), [name]);
    if (importers.length === 0) continue;
    const found = requestsReaching(file, catalog, site, importers.slice(0, MAX_IMPORTERS_PARSED).map((i) => i.file), (h) => (h.when || h.shared ? undefined : siteOf(h)), axios.has(site));
    if (!found || found.gets === 0) continue;
    // The helper's calls in this file count too (a POST of its own module needs the header).
    const withBody = found.withBody || requests.some((x) => x.wrapper && !isBodilessGet(x) && x.headers.some((h) => siteOf(h) === site));
    out.push({
      node: site,
      messageId: 'getWithContentType',
      affects: found.affects,
      ...(withBody ? { confidence: 'likely' as const, confidenceReason: 'a request helper other modules call; some of its calls send a body, its GETs send the header too' } : {}),
    });
  }
  return out;
}

/**
 * A Content-Type in the defaults a same-file wrapper merges into the options it hands an inner wrapper
 * (`layer0(url, opts)` calling `layer1(url, { ...DEFAULTS, ...opts })`, `layer1` sending `fetch(url, { method, ...opts })`;
 * engine/api/wrappers.ts outerParts): the inner wrapper's request does not write it, so the wrapper pass above does not
 * judge it; the calls reaching it carry it (inherited). Reported where it is written when a bodiless GET to the API
 * among them sends it; no edit (the defaults are shared by every call of the wrapper), likely when some of those
 * calls send a body.
 */
function outerDefaultsMatches(file: FileContext, catalog: LoadedCatalog, requests: readonly HttpRequest[], reported: readonly RawMatch[], axiosDropsContentType: (r: HttpRequest) => boolean): RawMatch[] {
  const sites = new Map<Node, HttpRequest[]>();
  let instanceSites: Set<Node> | undefined;
  for (const r of requests) {
    if (!r.wrapper || axiosDropsContentType(r)) continue;
    const h = findHeader(r, 'content-type');
    if (!h || !h.inherited || h.when || h.shared || h.broughtIn || !h.property || !isOwnNode(file, h.property)) continue;
    // The inner request's own header is the wrapper pass's; a client's default header, the instance pass's.
    if (r.wrapper.request.headers.some((x) => x.property === h.property)) continue;
    instanceSites ??= new Set([...getClientInstances(file, catalog).values()].flatMap((i) => i.headers.map((x) => x.property).filter((x): x is TSESTree.Property => !!x)));
    if (instanceSites.has(h.property)) continue;
    const list = sites.get(h.property) ?? [];
    list.push(r);
    sites.set(h.property, list);
  }
  const out: RawMatch[] = [];
  for (const [site, through] of sites) {
    const gets = through.filter((r) => r.isApi && isBodilessGet(r));
    if (gets.length === 0 || reported.some((m) => m.node === site)) continue;
    const withBody = through.some((r) => !isBodilessGet(r));
    out.push({
      node: site,
      messageId: 'getWithContentType',
      affects: through.map((r) => ({ node: r.node, method: r.method })),
      ...(withBody ? { confidence: 'likely' as const, confidenceReason: 'defaults a wrapper merges into every call it makes; some of its calls send a body, its GETs send the header too' } : {}),
    });
  }
  return out;
}

export const getRequestContentType: Detector<CustomDetection> = {
  kind: 'get-request-content-type',
  messages: {
    getWithContentType: 'GET request to the API sets a `Content-Type` header, which the stricter header validation may reject. {{instead}}',
  },
  // `contentType`: jQuery's `$.ajax({ contentType })` setting, which sets the header.
  tokens: () => ['content-type', 'contentType'],
  requires: (_d, catalog) => apiMarkers(catalog),
  // Only requests and clients whose URL calls the API are judged (`isApi`): a file writes such a URL, or imports it.
  mayMatch: (text, ctx) => mayWriteApiUrl(text, ctx.catalog),
  gateOnImportedUrls: true,
  // Its `requires` (an API host or path) may be written only in a module the file imports: a shared request helper
  // whose base URL comes from a config module (`Webex.getApiUrl() + '/' + endpoint`) holds none of its own.
  gateReadsUrls: true,
  // In a file that makes HTTP calls only: a header object alone is no request.
  importedUrlsOnlyWhenCalling: true,
  // Or the Content-Type in an imported defaults object that the file merges into a request of an imported helper.
  tokensInMergedOptions: true,
  detectText: (file, ctx) => jsonConnectorMatches(file.filename, file.text, ctx.catalog),
  detect(file, ctx) {
    const out: RawMatch[] = [];
    const requests = getRequests(file, ctx.catalog);
    // axios's browser adapter (XHR, its default there) removes `Content-Type` from a request without data
    // (`requestData === undefined && requestHeaders.setContentType(null)` in lib/adapters/xhr.js), so a header
    // written for an axios GET, in its config, its headers argument, a wrapper's or a client's defaults, is not sent
    // by browser code: the file reads a browser global, is markup, or the project (engine/project/context.ts: a page
    // that loads it, a front-end package's src/ tree, a browser importer) says it runs in a browser. Node's http
    // adapter sends it; `fetch` sends it everywhere. Asked only for an axios request with such a header.
    let browser: boolean | undefined;
    const isBrowser = (): boolean => (browser ??= readsBrowserGlobals(file.text) || browserEvidence(file) !== undefined);
    // An axios request writing a Content-Type without data, in browser code: its header is not sent (with data the
    // adapter keeps it, below).
    const axiosDropsContentType = (r: HttpRequest): boolean => r.client === 'axios' && !axiosGetWithData(r) && r.headers.some(isContentType) && isBrowser();
    // Requests inside wrappers, with every call in the file that reaches them (as far out as the file follows).
    const callers = new Map<HttpRequest, HttpRequest[]>();
    for (const r of requests) {
      if (!r.wrapper) continue;
      const list = callers.get(r.wrapper.request) ?? [];
      list.push(r);
      callers.set(r.wrapper.request, list);
    }
    const shared = new Set<Node>();
    // The requests the wrapper pass judges (each wrapper's own request and the calls reaching it): a header site it
    // marks shared is left to it for these only; another request of the file sending the same header object (a GET
    // of the class that is no call of the wrapper) is judged as a direct request below, unless its URL reads a
    // parameter of its function (a wrapper of its own whose path is its callers', none of them seen: left alone).
    const judged = new Set<Node>();
    for (const [inner, through] of callers) {
      judged.add(inner.node);
      for (const r of through) judged.add(r.node);
      // A call site inside a further wrapper counts too when its own URL already calls the API (the outer callers
      // pass only other values: `onEvent(payload)` calling `getJson(resourceUrl('messages', payload.id))`).
      const reaching = through.filter((r) => !r.wrapper!.followed || r.isApi);
      const ofApiClient = !inner.isApi && !reaching.some((r) => r.isApi) && apiClientRequest(file, requests, inner, reaching);
      if (!inner.isApi && !reaching.some((r) => r.isApi) && !ofApiClient) continue;
      if (axiosDropsContentType(inner)) continue;
      const fn = through[0].wrapper!.function;
      for (const h of inner.headers) {
        // Where the header is written: an object's property, or a `headers.append('Content-Type', t)` call.
        const site = h.property ?? h.call ?? h.assignment ?? h.line;
        if (!isContentType(h) || h.inherited || !site) continue;
        shared.add(site);
        // The calls that send this header (a conditional one, `...(init.body !== undefined ? {...} : {})`, is not sent by the GETs).
        const carries = (r: HttpRequest): boolean => r.headers.some((x) => (x.property ?? x.call ?? x.assignment ?? x.line) === site);
        // The wrapper's own config says `method: 'GET'` and gives data: its calls are GETs that send the header.
        const withData = axiosGetWithData(inner);
        const gets = reaching.filter((r) => (isBodilessGet(r) || axiosGetWithData(r) || (withData && r.method === 'GET')) && carries(r));
        if (gets.length === 0) continue;
        // Functions a call may come from that this file does not show (exported, or handed out as a value).
        const outside = through.some((r) => (r.wrapper!.functions ?? [r.wrapper!.function]).some((f) => isReachableFromOtherFiles(file, f)));
        const everyCallIsGet = !outside && reaching.every((r) => isBodilessGet(r) || !carries(r));
        let fix: TextEdit | undefined;
        // A GET that gives data keeps its body: no edit (as for a direct request, below).
        if (withData || gets.some(axiosGetWithData)) fix = undefined;
        else if (everyCallIsGet) fix = removal(file.text, inner, h, (n) => file.parentOf(n));
        else {
          // Right for every caller: the header goes out only with a body (the GETs lose it, the PATCH keeps it).
          // Only where the header is written inside the wrapper, which sees the condition's parameter: a header
          // object of the module or of a helper is shared with code that cannot read it (no edit there).
          const condition = inside(fn, site) ? bodyCondition(file, inner, fn) : undefined;
          fix = condition ? conditionalEdit(file, h, condition) : undefined;
        }
        // The edit changes every request made through the wrapper, whatever its host: an autofix only when each of
        // them is known to call the API; otherwise a suggestion that says why (the brief's second lesson).
        const held = fix ? unseenHosts(file, inner, through, outside) : undefined;
        const m: RawMatch = {
          node: site,
          messageId: 'getWithContentType',
          fix: fix ? [fix] : undefined,
          affects: reaching.map((r) => ({ node: r.node, method: r.method })),
          ...(ofApiClient ? { confidence: 'likely' as const, confidenceReason: 'a request of a client class whose other requests call the API; its URL is its callers\' (not seen here)' } : {}),
        };
        out.push(held ? holdFix(m, held) : m);
      }
    }
    // A configured client's default header (`axios.create({ headers: { 'Content-Type': ... } })`) goes out with
    // every request of the client: reported where it is written when a bodiless GET to the API is made through
    // the client in this file. No edit: the default is shared with the client's other requests.
    // An axios default counts only in code that is not browser code (above: the browser adapter drops it).
    const defaults = new Set<Node>();
    for (const instance of getClientInstances(file, ctx.catalog).values()) {
      if (instance.client === 'axios' && instance.headers.some((h) => isContentType(h) && !h.when && h.property) && isBrowser()) continue;
      for (const h of instance.headers) {
        if (!isContentType(h) || h.when || !h.property || h.shared || defaults.has(h.property)) continue;
        const gets = requests.filter((r) => r.isApi && isBodilessGet(r) && findHeader(r, 'content-type')?.property === h.property);
        if (gets.length === 0) continue;
        defaults.add(h.property);
        out.push({ node: h.property, messageId: 'getWithContentType', affects: gets.map((r) => ({ node: r.node, method: r.method })) });
      }
    }
    // Client defaults a subclass sets through methods of a base class of another module, then the base's GET
    // (engine/api/base-defaults.ts): reported where the object is written, without an edit (the defaults are shared).
    // Not in browser code: axios's browser adapter drops the header from a request without data.
    for (const d of baseDefaultsHeaderCalls(file, ctx.catalog)) {
      if (isBrowser()) break;
      for (const h of headersOf(file, d.headers).headers) {
        if (!isContentType(h) || h.when || !h.property || out.some((m) => m.node === h.property)) continue;
        out.push({ node: h.property, messageId: 'getWithContentType', affects: d.gets.map((g) => ({ node: g, method: 'GET' })) });
      }
    }
    out.push(...outerDefaultsMatches(file, ctx.catalog, requests, out, axiosDropsContentType));
    out.push(...sharedHeaderMatches(file, requests, isBrowser));
    out.push(...exportedClientMatches(file, ctx.catalog, out, isBrowser));
    out.push(...subclassRequestMatches(file, ctx.catalog, requests, out));
    out.push(...instantiatedClassMatches(file, ctx.catalog, requests, out));
    out.push(...superHeaderMatches(file, ctx.catalog, out));
    out.push(...angularInterceptorMatches(file, ctx.catalog));
    out.push(...connectorMatches(file, ctx.catalog));
    out.push(...getNamedClientCalls(file, ctx.catalog, requests));
    out.push(...stateMethodMatches(file, ctx.catalog, requests, out));
    out.push(...vuexActionMatches(file, ctx.catalog, requests, out));
    out.push(...defaultGetHelperMatches(file, ctx.catalog, requests, out));
    out.push(...importedHelperMatches(file, ctx.catalog, requests, out, axiosDropsContentType));
    for (const r of requests) {
      if (axiosDropsContentType(r)) continue;
      const gatedHeaders = isMethodGatedWrapper(file, ctx.catalog, r) ? r.headers : liftedMethodGatedHeaders(file, ctx.catalog, r);
      for (const h of gatedHeaders) {
        if (!isContentType(h) || h.inherited || h.when || !h.property || out.some((m) => m.node === h.property)) continue;
        shared.add(h.property);
        out.push({
          node: h.property,
          messageId: 'getWithContentType',
          confidence: 'likely',
          confidenceReason: 'a wrapper other files call with their own method; its code sends a body only for some methods, the header on every call',
        });
      }
    }
    for (const r of requests) {
      if (!r.isApi || !(isBodilessGet(r) || getWithData(r))) continue;
      if (axiosDropsContentType(r)) continue;
      for (const h of r.headers) {
        if (!isContentType(h)) continue;
        // A header of another module's object (`headers: { ...DEFAULT_HEADERS }`, imported): reported where this file
        // brings it in, without an edit (the object is shared with the module's other importers).
        const brought = h.broughtIn?.file === file ? h.broughtIn.node : undefined;
        if (brought) {
          // Sent only when no later header of the request replaces it (`{ ...DEFAULT_HEADERS, 'Content-Type': undefined }`).
          if (findHeader(r, 'content-type') !== h) continue;
          if (!out.some((m) => m.node === brought)) out.push({ node: brought, messageId: 'getWithContentType' });
          continue;
        }
        // Headers of a client instance or a wrapper apply to its other calls too: judged above, for all of them.
        const site = h.property ?? h.call ?? h.assignment ?? h.line!;
        if (h.inherited || (shared.has(site) && (judged.has(r.node) || urlReadsParameter(file, r)))) continue;
        // A call in a loop over an array is one request per element: its header is reported once.
        if (out.some((m) => m.node === site)) continue;
        // No edit for a GET that gives data: the body goes with it (its own question), the header is only reported.
        const fix = getWithData(r) ? undefined : removal(file.text, r, h, (n) => file.parentOf(n));
        // One of several requests the call may make (engine/api/branches.ts): a GET only when the caller picks it.
        const why = r.choice ?? requests.find((o) => o.node === r.node && o.choice)?.choice;
        out.push({ node: site, messageId: 'getWithContentType', fix: fix ? [fix] : undefined, ...(why ? { confidence: 'likely' as const, confidenceReason: why } : {}) });
      }
    }
    return out;
  },
};
