/**
 * Call sites of the API model: which calls in a file are requests (fetch, axios and its instances, got, ky,
 * superagent chains, node http(s), and axios-like `client.get(url)` calls of unknown clients) and, for an
 * expression, the request it ends up in. What a call is made of is read by call-parts.ts, clients are
 * recognised by clients.ts, names followed by bindings.ts, requests through wrappers by wrappers.ts; the request
 * itself is request.ts. Detectors ask "where does this object end up?" here.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, memberName, unwrap, UNKNOWN, type FileContext, type Node, type StaticString } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { arrayLoops, boundAliasOf, builtObject, enclosingScope, type ArrayLoop, localInit, mergedArguments, mergedValue, objectOf, resolveLocal, stringOf, thisFieldObject, withLoopValue, withNarrowedValue } from './bindings.js';
import { assignedValues, branchDeclarations, guardedValues } from './branches.js';
import { axiosObjectFormat, based, bodyOf, configMethods, finish, fromConfig, headersOf, httpWrittenBody, isFormContentType, mergedImportedHeaders, methodOf, prop, superagentChain } from './call-parts.js';
import { ajaxSetupHeaders, CLIENT_LIKE, clientOfIdentifier, getClientInstances, importedInstance, importsFrom, isAngularJsHttp, isJquery, isMeteorHttp, isUrlFetchApp } from './clients.js';
import { BODY_METHODS, isFunctionNode, METHODS, type HttpClient, type HttpClientInstance, type HttpRequest, type RequestHeader } from './request.js';
import { callsReaching, optionsMethod, parameterValues, wrapperRequests } from './wrappers.js';
import { importedCallRequests } from './summaries.js';
import { denyOtherBases } from './base-origin.js';
import { forwardedCallee, importedForwardedCallee, type ForeignForward } from './aliases.js';

export * from './request.js';
export { resolveLocal } from './bindings.js';
export { getClientInstances } from './clients.js';
export { isReachableFromOtherFiles, parameterDefault, parameterValues } from './wrappers.js';

/** What every reader of a call shape gets: the call, its unwrapped callee and arguments, the file's clients. */
interface CallSite {
  file: FileContext;
  call: TSESTree.CallExpression;
  callee: Node;
  args: Node[];
  catalog: LoadedCatalog;
  instances: Map<string, HttpClientInstance>;
  /** Requests of unidentified clients whose URL is not the API, kept for the wrapper pass. */
  speculative?: HttpRequest[];
}

const make = (site: CallSite, client: HttpClient): HttpRequest => ({ node: site.call, client, isApi: false, headers: [] });

/**
 * The client a parameter stands for by its default (`function api(url, init, send = fetch) { return send(url, init) }`):
 * the default when it names a client (fetch, axios, got, ky, request), a configured client of the file or a client's method (`send = axios.get`) and
 * nothing nearer declares the name; the call is then read as a call of the default.
 * The default is one value that reaches the call (issue 26 item 5); a caller passing another sender is not followed.
 */
function defaultedClient(file: FileContext, callee: TSESTree.Identifier, instances: Map<string, HttpClientInstance>): Node | undefined {
  for (const a of file.ancestors(callee)) {
    if (!isFunctionNode(a)) continue;
    for (const p of (a as TSESTree.FunctionLike).params) {
      const id = p.type === 'AssignmentPattern' ? p.left : p;
      if (id.type !== 'Identifier' || id.name !== callee.name) continue;
      // `fetchFn: typeof fetch` (with a default or without): the parameter is typed as the fetch function.
      const typed = typedFetch(id);
      if (p.type !== 'AssignmentPattern') return typed && !localInit(file, callee) && clientOfIdentifier(file, typed.name) === 'fetch' ? typed : undefined;
      // `send = fetch`, `http = axios`, or a client's method `send = axios.get`; `fetchFn = globalThis.fetch`.
      const d = unwrap(p.right as Node);
      if (d.type === 'MemberExpression' && !d.computed && isGlobalFetch(d)) return !localInit(file, callee) ? d : undefined;
      const root = d.type === 'MemberExpression' && !d.computed ? unwrap(d.object) : d;
      // Checked last (the common case has no such parameter): a nearer declaration of the name wins. A configured
      // client of the file (`request = client` with `const client = axios.create({ baseURL })`) is one too.
      return root.type === 'Identifier' && (clientOfIdentifier(file, root.name) || instances.has(root.name)) && !localInit(file, callee) ? d : undefined;
    }
  }
  return undefined;
}

/** `window.fetch`, `globalThis.fetch`, `self.fetch`, `global.fetch` (also as `window['fetch']`). */
function isGlobalFetch(n: Node): boolean {
  return n.type === 'MemberExpression' && memberName(n) === 'fetch' && /^(window|globalThis|self|global)$/.test(dottedName(n.object) ?? '');
}

/** The `fetch` of a parameter's type `typeof fetch` (`fetchFn: typeof fetch`), or undefined. */
function typedFetch(id: TSESTree.Identifier): TSESTree.Identifier | undefined {
  const type = id.typeAnnotation?.typeAnnotation;
  return type?.type === 'TSTypeQuery' && type.exprName.type === 'Identifier' && type.exprName.name === 'fetch' ? type.exprName : undefined;
}

/**
 * A call of another module's forwarding function (aliases.ts `importedForwardedCallee`): read as a call of the
 * library client that module's function calls (its kind decided by that module's imports), with this call's
 * arguments, so the options, headers and body written here are this request's own.
 */
function foreignForwardCall(file: FileContext, call: TSESTree.CallExpression, catalog: LoadedCatalog, instances: Map<string, HttpClientInstance>, foreign: ForeignForward): HttpRequest | undefined {
  const site: CallSite = { file, call, callee: foreign.callee, args: call.arguments as Node[], catalog, instances };
  const callee = foreign.callee;
  if (callee.type === 'Identifier') {
    const kind = clientOfIdentifier(foreign.file, callee.name);
    if (kind === 'fetch') return fetchCall(site);
    if (kind === 'axios') return axiosFunctionCall(site, undefined);
    if (kind === 'got' || kind === 'ky') return gotFunctionCall(site, kind, undefined);
    if (kind === 'request') return requestLibraryCall(site, undefined, undefined);
    if (kind === 'needle') return needleCall(site, 'request', site.args);
    return undefined;
  }
  if (callee.type !== 'MemberExpression') return undefined;
  const method = memberName(callee);
  const objectNode = unwrap(callee.object);
  if (!method || objectNode.type !== 'Identifier') return undefined;
  const kind = clientOfIdentifier(foreign.file, objectNode.name);
  if (kind === 'http') return httpMethodCall(site, method);
  if (kind === 'superagent') return superagentMethodCall(site, method);
  if (kind === 'request') return REQUEST_METHODS.has(method) ? requestLibraryCall(site, undefined, method === 'del' ? 'DELETE' : method.toUpperCase()) : undefined;
  if (kind === 'needle') return needleCall(site, method, site.args);
  if (kind === 'axios' || kind === 'got' || kind === 'ky') return clientMethodCall(site, kind, method, objectNode, undefined);
  return undefined;
}

/** The request a call makes, or undefined: dispatches on the call's shape (a function of a client, or a method). */
function analyzeCall(
  file: FileContext,
  call: TSESTree.CallExpression,
  catalog: LoadedCatalog,
  instances: Map<string, HttpClientInstance>,
  speculative?: HttpRequest[],
): HttpRequest | undefined {
  // A call of a forwarding function of the file (aliases.ts) is the call it forwards, made here with these arguments;
  // so is a call of a forwarding function of another module, whose callee's names are bound in that module.
  const same = forwardedCallee(file, call);
  const foreign = same ? undefined : importedForwardedCallee(file, call);
  if (foreign) return foreignForwardCall(file, call, catalog, instances, foreign);
  const written = same ?? unwrap(call.callee as Node);
  const site: CallSite = { file, call, callee: (written.type === 'Identifier' ? defaultedClient(file, written, instances) : undefined) ?? written, args: call.arguments as Node[], catalog, instances, speculative };
  const { callee } = site;
  const calleeId = callee.type === 'Identifier' ? callee.name : undefined;
  if ((calleeId && clientOfIdentifier(file, calleeId) === 'fetch') || isGlobalFetch(callee)) return fetchCall(site);
  if (calleeId) {
    // Project hook: a configured client imported from another module (clients.ts importedInstance).
    const instance = instances.get(calleeId) ?? (!clientOfIdentifier(file, calleeId) && CLIENT_LIKE.test(calleeId) ? importedInstance(file, catalog, calleeId) : undefined);
    const kind = clientOfIdentifier(file, calleeId) ?? instance?.client;
    if (kind === 'axios') return axiosFunctionCall(site, instance);
    if (kind === 'got' || kind === 'ky') return gotFunctionCall(site, kind, instance);
    if (kind === 'request') return requestLibraryCall(site, instance, undefined);
    if (kind === 'rxjs') return rxjsAjaxCall(site);
    if (kind === 'ofetch') return ofetchCall(site, instance);
    if (kind === 'undici') return undiciCall(site, site.args[0], site.args[1], undefined);
    if (kind === 'needle') return needleCall(site, 'request', site.args);
    // AngularJS's `$http(config)`: axios's config shape; an injected service, so its URL must be the API.
    if (isAngularJsHttp(file, calleeId)) {
      const r = axiosFunctionCall(site, undefined);
      r.client = 'unknown';
      return r.isApi ? r : undefined;
    }
    return undefined;
  }
  if (callee.type !== 'MemberExpression') return undefined;
  // A configured client kept in a member and called as a function: `this.request({ url, method })`.
  const held = instances.get(dottedName(callee) ?? '');
  if (held?.client === 'axios') return axiosFunctionCall(site, held);
  if (held?.client === 'got' || held?.client === 'ky') return gotFunctionCall(site, held.client, held);
  if (held?.client === 'request') return requestLibraryCall(site, held, undefined);
  const helperArgs = n8nHelperArguments(site);
  if (helperArgs) return requestLibraryCall({ ...site, args: helperArgs }, undefined, undefined);
  const method = memberName(callee);
  if (!method) return undefined;
  const paginated = gotPaginateClient(file, callee, method, catalog, instances);
  if (paginated) return gotFunctionCall(site, 'got', paginated.instance);
  const device = deviceHttpClientVerb(file, callee, method, site.args);
  if (device) return deviceHttpClientCall(site, device);
  if (WRETCH_VERBS.has(method) && file.cached('requests:wretch-text', () => file.text.includes('wretch'))) {
    const w = wretchCall(site, method);
    if (w) return w;
  }
  // `this.get(path)` with `this.get = this.request.bind(this, 'GET')`: a call of the class's own method (wrappers.ts).
  if (boundAliasOf(file, callee)) return undefined;
  const objectNode = unwrap(callee.object);
  const objectName = objectNode.type === 'Identifier' ? objectNode.name : undefined;
  const lib = objectName ? clientOfIdentifier(file, objectName) : undefined;
  const objectKey = dottedName(objectNode);
  // Project hook: `api.get(...)` of a configured client imported from another module (clients.ts importedInstance).
  const instance = objectKey !== undefined ? (instances.get(objectKey) ?? (objectName && !lib && (METHODS.has(method) || method === 'request') ? importedInstance(file, catalog, objectName) : undefined)) : undefined;
  if (method === 'open' && objectName && !lib && !instance) {
    const xhr = xhrCall(site, objectName);
    if (xhr) return xhr;
  }
  if (!lib && !instance && objectName && (objectName === '$' || objectName === 'jQuery') && isJquery(file, objectName)) return jqueryCall(site, method);
  if (!lib && !instance && method === 'fetch' && objectName === 'UrlFetchApp' && isUrlFetchApp(file, objectName)) return urlFetchAppCall(site);
  const kind: HttpClient = lib ?? instance?.client ?? 'unknown';
  if (kind === 'rxjs') return rxjsAjaxMethodCall(site, method);
  if (kind === 'http') return httpMethodCall(site, method);
  if (kind === 'superagent') return superagentMethodCall(site, method);
  if (kind === 'request') return REQUEST_METHODS.has(method) ? requestLibraryCall(site, instance, method === 'del' ? 'DELETE' : method.toUpperCase()) : undefined;
  if (kind === 'undici') return method === 'request' && instance ? undiciCall(site, undefined, site.args[0], instance) : undefined;
  if (kind === 'needle') return needleCall(site, method, site.args);
  if (kind === 'ofetch') return method === 'raw' || method === 'native' ? ofetchCall(site, instance) : undefined;
  if (kind === 'wretch') return undefined;
  if (kind === 'unknown' && !instance && isMeteorHttp(file, objectNode)) return meteorCall(site, method);
  if (kind === 'axios' || kind === 'got' || kind === 'ky' || kind === 'unknown') return clientMethodCall(site, kind, method, objectNode, instance);
  return undefined;
}

/**
 * n8n's node helpers, the HTTP client of an n8n node (a module importing `n8n-workflow` or `n8n-core`):
 * `this.helpers.request(options)`, `this.helpers.httpRequest(options)` and, after a credential's name,
 * `requestWithAuthentication`, `requestOAuth1`, `requestOAuth2`, `httpRequestWithAuthentication`, called directly or
 * as `this.helpers.requestOAuth2.call(this, 'cred', options)`. Their options are request's (`uri`/`url`, `method`,
 * GET when absent, `headers`, `body`, `qs`, `json`), so the call is read as a call of request with those options.
 * Returns the arguments from the options on, or undefined for any other call.
 */
const N8N_HELPERS: ReadonlyMap<string, number> = new Map([
  ['request', 0],
  ['httpRequest', 0],
  ['requestWithAuthentication', 1],
  ['requestOAuth1', 1],
  ['requestOAuth2', 1],
  ['httpRequestWithAuthentication', 1],
]);
function n8nHelperArguments(site: CallSite): Node[] | undefined {
  let fn = unwrap(site.callee);
  let skip = 0;
  if (fn.type === 'MemberExpression' && memberName(fn) === 'call') {
    fn = unwrap(fn.object);
    skip = 1;
  }
  if (fn.type !== 'MemberExpression') return undefined;
  const helper = N8N_HELPERS.get(memberName(fn) ?? '');
  const holder = unwrap(fn.object);
  if (helper === undefined || holder.type !== 'MemberExpression' || memberName(holder) !== 'helpers') return undefined;
  if (!importsFrom(site.file, ['n8n-workflow', 'n8n-core'])) return undefined;
  const args = site.args.slice(skip + helper);
  return args.length > 0 ? args : undefined;
}

/**
 * rxjs's `ajax(urlOrConfig)`: a URL alone is a GET; a config object has `url`, `method` (GET when absent),
 * `headers` and `body`, every header set on the XMLHttpRequest as written.
 */
function rxjsAjaxCall(site: CallSite): HttpRequest | undefined {
  const { file, args } = site;
  if (!args[0]) return undefined;
  const r = make(site, 'rxjs');
  const config = objectOf(file, args[0]);
  if (!config) {
    r.urlNode = args[0];
    r.url = stringOf(file, args[0]);
    r.method = 'GET';
    return finish(r, site.catalog);
  }
  r.optionsNode = args[0];
  const u = prop(config, 'url');
  if (u) {
    r.urlNode = u;
    r.url = stringOf(file, u);
  }
  r.method = prop(config, 'method') ? methodOf(file, prop(config, 'method')) : 'GET';
  fromConfig(file, r, config, undefined, { body: 'body' });
  mergedHeaders(file, r, config, args[0]);
  return finish(r, site.catalog);
}

/** rxjs's `ajax.get/getJSON/delete(url, headers)` and `ajax.post/put/patch(url, body, headers)`. */
function rxjsAjaxMethodCall(site: CallSite, method: string): HttpRequest | undefined {
  const { file, args } = site;
  const verb = method === 'getJSON' ? 'GET' : method.toUpperCase();
  if (!args[0] || !['GET', 'DELETE', 'POST', 'PUT', 'PATCH'].includes(verb)) return undefined;
  const r = make(site, 'rxjs');
  r.urlNode = args[0];
  r.url = stringOf(file, args[0]);
  r.method = verb;
  const withBody = BODY_METHODS.has(verb.toLowerCase());
  if (withBody && args[1]) r.body = bodyOf(file, args[1], 'json');
  const h = headersOf(file, args[withBody ? 2 : 1]);
  r.headers = h.headers;
  r.headersNode = h.object;
  return finish(r, site.catalog);
}

/** `fetch(url, init)`, `window.fetch`, `globalThis.fetch`, a node-fetch import; `fetch(new Request(url))`. */
function fetchCall(site: CallSite): HttpRequest | undefined {
  const { file, args } = site;
  if (!args[0]) return undefined;
  const r = make(site, 'fetch');
  const first = resolveLocal(file, args[0]);
  // `fetch(new Request(url, init))`, or `const req = new Request(url, init); fetch(req)`: without an init of its
  // own, the call sends the method, headers and body the Request was built with.
  let initNode = args[1];
  if (first.type === 'NewExpression' && first.callee.type === 'Identifier' && first.callee.name === 'Request') {
    r.urlNode = first.arguments[0] as Node;
    r.url = stringOf(file, r.urlNode);
    if (!initNode && first.arguments[1] && first.arguments[1].type !== 'SpreadElement') initNode = first.arguments[1];
    if (first !== unwrap(args[0])) r.sentRequest = args[0];
  } else {
    r.urlNode = args[0];
    r.url = stringOf(file, args[0]);
  }
  const init = objectOf(file, initNode) ?? assignedDefaults(file, initNode);
  if (initNode) r.optionsNode = initNode;
  r.method = optionsMethod(file, initNode);
  fromConfig(file, r, init, undefined, { body: 'body' });
  mergedHeaders(file, r, init, initNode);
  assignedHeaders(file, r, site.call, initNode);
  return finish(r, site.catalog);
}

/**
 * `options.headers = { ... }` written before the call, directly in the body of the function that makes it
 * (`#fetchWithRetry(url, options = {}) { options.headers = {...}; ... fetch(url, options) }`): the headers the
 * options carry when no object read as the options has any.
 */
function assignedHeaders(file: FileContext, r: HttpRequest, call: TSESTree.CallExpression, node: Node | undefined): void {
  const options = node ? unwrap(node) : undefined;
  if (options?.type !== 'Identifier') return;
  r.headers.push(...memberAssignedHeaders(file, call, options.name));
  if (r.headers.length > 0) return;
  const fn = enclosingScope(file, call);
  const body = isFunctionNode(fn) ? (fn as TSESTree.FunctionLike).body : fn.type === 'Program' ? fn : undefined;
  if (!body || body.type !== 'BlockStatement' && body.type !== 'Program') return;
  let last: TSESTree.AssignmentExpression | undefined;
  for (const statement of body.body) {
    if (statement.range[0] >= call.range[0]) break;
    const e = statement.type === 'ExpressionStatement' ? unwrap(statement.expression) : undefined;
    if (e?.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'MemberExpression' || memberName(e.left) !== 'headers') continue;
    const target = unwrap(e.left.object);
    if (target.type === 'Identifier' && target.name === options.name) last = e;
  }
  if (!last) return;
  const h = headersOf(file, last.right);
  r.headers.push(...h.headers);
  r.headersNode = h.object;
}

/**
 * `options.headers['Content-Type'] = options.headers['Content-Type'] || 'application/json'` (or `options.headers.Accept
 * = v`): one header written on the options' headers before the call, in the function that makes it and on every path
 * to it (statements of its body, of blocks and `try` blocks in it; not under an `if`, a loop or a callback).
 */
function memberAssignedHeaders(file: FileContext, call: TSESTree.CallExpression, options: string): RequestHeader[] {
  const fn = enclosingScope(file, call);
  if (!isFunctionNode(fn)) return [];
  const out: RequestHeader[] = [];
  for (const w of headerAssignments(file)) {
    const a = w.assignment;
    if (w.options !== options || a.range[1] > call.range[0] || a.range[0] < fn.range[0] || !runsBefore(file, a, fn)) continue;
    out.push({ name: w.name, assignment: a, value: a.right });
  }
  return out;
}

/** Every `<name>.headers[<written name>] = v` / `<name>.headers.<name> = v` of a file (read once per file). */
function headerAssignments(file: FileContext): ReadonlyArray<{ assignment: TSESTree.AssignmentExpression; options: string; name: string }> {
  return file.cached('requests:header-assignments', () => {
    const out: Array<{ assignment: TSESTree.AssignmentExpression; options: string; name: string }> = [];
    for (const a of file.nodes(T.AssignmentExpression)) {
      const left = a.left;
      if (a.operator !== '=' || left.type !== 'MemberExpression') continue;
      const holder = unwrap(left.object as Node);
      if (holder.type !== 'MemberExpression' || holder.computed || memberName(holder) !== 'headers') continue;
      const target = unwrap(holder.object);
      if (target.type !== 'Identifier') continue;
      const key = left.computed ? unwrap(left.property as Node) : left.property;
      const name = key.type === 'Literal' && typeof key.value === 'string' ? key.value : !left.computed && key.type === 'Identifier' ? key.name : undefined;
      if (name) out.push({ assignment: a, options: target.name, name });
    }
    return out;
  });
}

/** Whether a statement's expression runs whenever the function's body reaches the statements after it. */
function runsBefore(file: FileContext, a: Node, fn: Node): boolean {
  let cur: Node = a;
  let up = file.parentOf(cur);
  if (up?.type !== 'ExpressionStatement') return false;
  for (cur = up, up = file.parentOf(cur); up && up !== fn; cur = up, up = file.parentOf(cur)) {
    if (up.type === 'BlockStatement') continue;
    if (up.type === 'TryStatement' && up.block === cur) continue;
    return false;
  }
  return up === fn;
}

/**
 * Headers of options merged from parts (`Object.assign({ method: 'GET' }, options, { headers })`,
 * `{ ...defaults, headers: Object.assign({}, DEFAULTS, extra) }`) when the object read as the options has none.
 */
function mergedHeaders(file: FileContext, r: HttpRequest, config: TSESTree.ObjectExpression | undefined, node: Node | undefined): void {
  if (!node || prop(config, 'headers')) return;
  const value = mergedValue(file, node, 'headers');
  // A merge whose headers come from an object of another module (`Object.assign({}, DEFAULTS, { params })`); an
  // object literal's own spreads were read by fromConfig. A merge's last literal part read as the config
  // (assignedDefaults: `request(Object.assign({}, DEFAULTS, { qs }))`) is not the whole merge: its other parts are
  // read here, unless fromConfig already brought imported headers in through that part.
  const wholeMerge = !config || (objectOf(file, node) !== config && !r.headers.some((x) => x.broughtIn));
  if (!value && wholeMerge) r.headers.push(...mergedImportedHeaders(file, node));
  if (!value) return;
  const h = headersOf(file, value);
  r.headers.push(...h.headers);
  r.headersNode ??= h.object;
}

/**
 * The URL a config object that writes none takes from a part it merges in (`axios({ ...DEFAULTS, headers })` with
 * `DEFAULTS = { url: 'https://...' }` of this file or imported, `Object.assign({}, DEFAULTS, { headers })`; bindings.ts
 * mergedValue: an imported part's string literal only). The URL node is the config as written here (a merged
 * node may be another module's, never a position of this file). Whether one was found.
 */
function mergedUrlOption(file: FileContext, r: HttpRequest, configNode: Node, key: string): boolean {
  const value = mergedValue(file, configNode, key);
  const url = value ? stringOf(file, value) : undefined;
  if (!url) return false;
  r.urlNode = configNode;
  r.url = url;
  return true;
}

/** `axios(config)` or `axios(url, config)`, or the same through an instance. */
function axiosFunctionCall(site: CallSite, instance: HttpClientInstance | undefined): HttpRequest {
  const { file, args } = site;
  const r = make(site, 'axios');
  const firstObj = objectOf(file, args[0]) ?? assignedDefaults(file, args[0]);
  const config = firstObj ?? objectOf(file, args[1]) ?? assignedDefaults(file, args[1]);
  const configNode = firstObj ? args[0] : args[1];
  if (configNode) r.optionsNode = configNode;
  if (!firstObj && args[0]) {
    r.urlNode = args[0];
    r.url = stringOf(file, args[0]);
  } else if (prop(config, 'url')) {
    r.urlNode = prop(config, 'url');
    r.url = stringOf(file, r.urlNode);
  } else if (configNode) mergedUrlOption(file, r, configNode, 'url');
  r.url = based(r, r.url, prop(config, 'baseURL') ? stringOf(file, prop(config, 'baseURL')) : instance?.baseUrl);
  r.method = configNode ? optionsMethod(file, configNode, [], instanceMethod(file, instance)) : instanceMethod(file, instance);
  if (!firstObj && args[1]) configMethods.set(r, instanceMethod(file, instance));
  fromConfig(file, r, config, instance, { data: 'data', query: 'params' });
  mergedHeaders(file, r, config, configNode);
  return finish(r, site.catalog);
}

/**
 * The method a configured client sends when a call names none: `axios.create({ method: 'post' })`,
 * `got.extend({ method: 'POST' })` (a call's own `method` overrides it); GET when the client sets none,
 * undefined when its method is not statically known.
 */
function instanceMethod(file: FileContext, instance: HttpClientInstance | undefined): string | undefined {
  const node = prop(instance?.options, 'method');
  return node ? methodOf(file, node) : 'GET';
}

/** The defaults object of `Object.assign({ method: 'GET', headers }, options)`: its headers and body are read as the request's. */
function assignedDefaults(file: FileContext, node: Node | undefined): TSESTree.ObjectExpression | undefined {
  const n = node ? resolveLocal(file, node) : undefined;
  const merged = n ? mergedArguments(n) : undefined;
  if (!merged) return undefined;
  for (const a of [...merged].reverse()) {
    const o = objectOf(file, a as Node);
    if (o && o.properties.length > 0) return o;
  }
  return undefined;
}

/**
 * got's pagination API, of got itself or of a got instance (`got.extend({ prefixUrl })`, held or imported):
 * `client.paginate(url, options)` (an async iterator; `paginate.each` is the same) and `client.paginate.all(url,
 * options)`. Each makes the request `client(url, options)` makes, GET unless the options say otherwise, then follows
 * the next pages. The client it is called on, or undefined for any other call.
 */
function gotPaginateClient(file: FileContext, callee: TSESTree.MemberExpression, method: string, catalog: LoadedCatalog, instances: Map<string, HttpClientInstance>): { instance: HttpClientInstance | undefined } | undefined {
  let target = unwrap(callee.object);
  if (method === 'all' || method === 'each') {
    if (target.type !== 'MemberExpression' || memberName(target) !== 'paginate') return undefined;
    target = unwrap(target.object);
  } else if (method !== 'paginate') return undefined;
  const key = dottedName(target);
  if (key === undefined) return undefined;
  const held = instances.get(key);
  if (held) return held.client === 'got' ? { instance: held } : undefined;
  if (target.type !== 'Identifier') return undefined;
  const lib = clientOfIdentifier(file, target.name);
  if (lib) return lib === 'got' ? { instance: undefined } : undefined;
  const imported = importedInstance(file, catalog, target.name);
  return imported?.client === 'got' ? { instance: imported } : undefined;
}

/** `got(url, options)` / `ky(url, options)`, or the same through an instance. */
function gotFunctionCall(site: CallSite, kind: 'got' | 'ky', instance: HttpClientInstance | undefined): HttpRequest | undefined {
  const { file, args } = site;
  if (!args[0] || objectOf(file, args[0])) return undefined;
  const r = make(site, kind);
  r.urlNode = args[0];
  const config = objectOf(file, args[1]) ?? assignedDefaults(file, args[1]);
  if (args[1]) r.optionsNode = args[1];
  r.url = based(r, stringOf(file, args[0]), prop(config, 'prefixUrl') ? stringOf(file, prop(config, 'prefixUrl')) : instance?.baseUrl);
  r.method = optionsMethod(file, args[1], [], instanceMethod(file, instance));
  fromConfig(file, r, config, instance, { json: 'json', form: 'form', body: 'body', query: 'searchParams' });
  mergedHeaders(file, r, config, args[1]);
  return finish(r, site.catalog);
}

/** The methods of the `request` library (and of an instance from `request.defaults`). */
const REQUEST_METHODS = new Set(['get', 'post', 'put', 'patch', 'del', 'delete', 'head', 'options']);

/**
 * The `request` npm library (`request`, `request-promise(-native)`, `requestretry`): `request(options[, cb])`,
 * `request(url[, options][, cb])`, `request.get/post/...(url|options, ...)`, and the same through an instance
 * of `request.defaults({...})`, whose options lie under the call's. `uri`/`url` (resolved against `baseUrl`),
 * `method` (GET unless the callee or an option says otherwise), `headers`, `qs` (the query), and the body: `form`
 * (form-urlencoded), `formData` (multipart), `json: <value>` (that value as JSON), or `body` (JSON when `json:
 * true` is set, as written otherwise). `auth: { bearer }` makes request send `Authorization: Bearer ...` itself,
 * so it adds no header to the model (nothing written there can have the wrong scheme).
 */
function requestLibraryCall(site: CallSite, instance: HttpClientInstance | undefined, fixedMethod: string | undefined): HttpRequest | undefined {
  const { file, args } = site;
  if (!args[0] || isFunctionNode(unwrap(args[0]))) return undefined;
  const r = make(site, 'request');
  // `request(options, cb)` with `options` a same-file helper's returned object (`_reqOptions({ uri, method })`).
  const firstObj = objectOf(file, args[0]) ?? assignedDefaults(file, args[0]) ?? builtObject(file, args[0]);
  const second = args[1] && !isFunctionNode(unwrap(args[1])) ? args[1] : undefined;
  const config = firstObj ?? objectOf(file, second) ?? assignedDefaults(file, second) ?? builtObject(file, second);
  const configNode = firstObj ? args[0] : second;
  if (configNode) r.optionsNode = configNode;
  const urlOption = prop(config, 'uri') ?? prop(config, 'url');
  if (firstObj || (!second && isOptionsName(file, args[0]))) {
    // `request({ uri, ... }, cb)`, or `request(opts, cb)` with `opts` an options object not known here.
    if (!firstObj) r.optionsNode = args[0];
    if (urlOption) {
      r.urlNode = urlOption;
      r.url = stringOf(file, urlOption);
    } else if (firstObj && !mergedUrlOption(file, r, args[0], 'uri')) mergedUrlOption(file, r, args[0], 'url');
  } else {
    r.urlNode = args[0];
    r.url = stringOf(file, args[0]);
  }
  const baseNode = prop(config, 'baseUrl');
  r.url = based(r, r.url, baseNode ? stringOf(file, baseNode) : instance?.baseUrl);
  r.method = fixedMethod ?? (r.optionsNode ? optionsMethod(file, r.optionsNode, [], instanceMethod(file, instance)) : instanceMethod(file, instance));
  fromConfig(file, r, config, instance, { form: 'form', query: 'qs' });
  mergedHeaders(file, r, config, r.optionsNode);
  const json = prop(config, 'json') ?? prop(instance?.options, 'json');
  const jsonFlag = json ? unwrap(json) : undefined;
  const jsonOn = jsonFlag?.type === 'Literal' && jsonFlag.value === true;
  // `json: { ... }` (or a name holding an object) is the body itself; `json: true` / a flag only switches JSON on.
  const ownJson = prop(config, 'json');
  const jsonValue = ownJson && jsonFlag && (objectOf(file, ownJson) || jsonFlag.type === 'ArrayExpression' || jsonFlag.type === 'CallExpression') ? jsonFlag : undefined;
  const bodyNode = prop(config, 'body');
  const formData = prop(config, 'formData');
  if (bodyNode) r.body = bodyOf(file, bodyNode, jsonOn ? 'json' : undefined);
  else if (jsonValue) r.body = { node: ownJson!, object: objectOf(file, ownJson), format: 'json' };
  else if (formData) r.body = { node: formData, format: 'unknown' };
  return finish(r, site.catalog);
}

/** A lone first argument that is a name or member whose value is not a string here (`request(opts, cb)`): the options, not the URL. */
function isOptionsName(file: FileContext, node: Node): boolean {
  const n = unwrap(node);
  if (n.type !== 'Identifier' && n.type !== 'MemberExpression') return false;
  if (stringOf(file, node)) return false;
  return !/(url|uri|path|endpoint|href|link)$/i.test(dottedName(n) ?? '');
}

/**
 * jQuery's `$.ajax(url|settings[, settings])`, `$.get/post(url|settings, data, success)`, `$.getJSON(url, data)`:
 * `url`, `type`/`method` (GET by default), `headers`, `contentType` (the request's Content-Type header, as
 * written in the settings), `data` (the query string of a GET/HEAD; otherwise the body: an object is sent
 * form-urlencoded, a string as written).
 */
function jqueryCall(site: CallSite, method: string): HttpRequest | undefined {
  const { file, args } = site;
  if (method !== 'ajax' && method !== 'get' && method !== 'post' && method !== 'getJSON') return undefined;
  if (!args[0] || isFunctionNode(unwrap(args[0]))) return undefined;
  const r = make(site, 'jquery');
  const first = objectOf(file, args[0]);
  let settings = first;
  let data: Node | undefined;
  if (!first) {
    r.urlNode = args[0];
    r.url = stringOf(file, args[0]);
    if (method === 'ajax') settings = objectOf(file, args[1]);
    else if (args[1] && !isFunctionNode(unwrap(args[1]))) data = args[1];
  }
  if (settings) {
    r.options = settings;
    const u = prop(settings, 'url');
    if (u && !r.urlNode) {
      r.urlNode = u;
      r.url = stringOf(file, u);
    }
    data ??= prop(settings, 'data');
  }
  const m = prop(settings, 'type') ?? prop(settings, 'method');
  r.method = method === 'post' ? 'POST' : method === 'ajax' || (method === 'get' && first) ? (m ? methodOf(file, m) : 'GET') : 'GET';
  const h = headersOf(file, prop(settings, 'headers'));
  // `$.ajaxSetup({ headers })` of the file goes with every request; the call's own headers come after it.
  r.headers = [...ajaxSetupHeaders(file), ...h.headers];
  r.headersNode = h.object;
  const ct = settings?.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === 'contentType');
  const ctValue = ct ? unwrap(ct.value as Node) : undefined;
  // `contentType: false` sends none (FormData uploads).
  if (ct && !(ctValue?.type === 'Literal' && ctValue.value === false)) r.headers.push({ name: 'Content-Type', property: ct, value: ct.value as Node });
  if (data) {
    if (r.method === 'GET' || r.method === 'HEAD') {
      const q = objectOf(file, data);
      if (q) r.query = q;
    } else r.body = bodyOf(file, data, 'form');
  }
  return finish(r, site.catalog);
}

/**
 * Google Apps Script's `UrlFetchApp.fetch(url[, params])`: `method` (GET by default), `headers`, `contentType` (the
 * request's Content-Type, as jQuery's setting is), `payload` (the body: an object is sent as a form, a string as
 * written).
 */
function urlFetchAppCall(site: CallSite): HttpRequest | undefined {
  const { file, args } = site;
  if (!args[0]) return undefined;
  const r = make(site, 'urlfetchapp');
  r.urlNode = args[0];
  r.url = stringOf(file, args[0]);
  const params = objectOf(file, args[1]);
  if (args[1]) r.optionsNode = args[1];
  r.options = params;
  const m = prop(params, 'method');
  r.method = m ? methodOf(file, m) : args[1] && !params ? undefined : 'GET';
  const h = headersOf(file, prop(params, 'headers'));
  r.headers = h.headers;
  r.headersNode = h.object;
  const ct = params?.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && ((p.key.type === 'Identifier' && p.key.name === 'contentType') || (p.key.type === 'Literal' && p.key.value === 'contentType')));
  if (ct) r.headers.push({ name: 'Content-Type', property: ct, value: ct.value as Node });
  const payload = prop(params, 'payload');
  if (payload) r.body = bodyOf(file, payload, 'form');
  return finish(r, site.catalog);
}

/**
 * A video device's HttpClient (RoomOS macros, jsxapi): `xapi.command('HttpClient Get', params[, body])` or
 * `xapi.Command.HttpClient.Post(params, body)`, on any object (the macro runtime's `xapi`, a jsxapi connection).
 * The verb of its command, upper case, or undefined for any other call.
 */
const DEVICE_COMMAND = /^\s*HttpClient\s+(Get|Post|Put|Patch|Delete)\s*$/i;
const DEVICE_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete']);
function deviceHttpClientVerb(file: FileContext, callee: TSESTree.MemberExpression, method: string, args: Node[]): string | undefined {
  if (method === 'command') {
    if (!args[0]) return undefined;
    const name = stringOf(file, args[0]);
    const m = name?.complete ? DEVICE_COMMAND.exec(name.value) : undefined;
    return m ? m[1].toUpperCase() : undefined;
  }
  if (!DEVICE_VERBS.has(method.toLowerCase())) return undefined;
  const holder = unwrap(callee.object);
  if (holder.type !== 'MemberExpression' || memberName(holder) !== 'HttpClient') return undefined;
  const command = unwrap(holder.object);
  return command.type === 'MemberExpression' && memberName(command) === 'Command' ? method.toUpperCase() : undefined;
}

/**
 * A `Header` value of a device HttpClient call, resolved: a list written there or held in a constant; the list a
 * `this` field's object holds under a key (`Header: this.Params.Header`, with `this.Params = { Url, Header: [...] }`
 * written once in the constructor, as {@link thisFieldObject} reads it); or, for a parameter of the enclosing
 * function (`const lookup = async function (header, serial) { ... Header: header ... }`), the one list that every
 * same-file call passes (resolved the same way). Anything else is returned as it resolves locally.
 */
function deviceHeaderList(file: FileContext, header: Node, depth = 0): Node {
  const local = resolveLocal(file, header);
  const field = thisFieldList(file, local);
  if (field) return field;
  if (depth > 2 || local.type !== 'Identifier') return local;
  const fn = parameterOwner(file, local);
  const values = fn ? parameterValues(file, fn, local.name) : undefined;
  if (!values) return local;
  const lists = new Set(values.map((v) => deviceHeaderList(file, v.node, depth + 1)));
  const [only] = lists;
  return lists.size === 1 && only.type === 'ArrayExpression' ? only : local;
}

/** `this.Params.Header` of a class whose constructor writes `this.Params = { Header: [...] }`: that list, else undefined. */
function thisFieldList(file: FileContext, n: Node): TSESTree.ArrayExpression | undefined {
  if (n.type !== 'MemberExpression' || n.computed) return undefined;
  const object = thisFieldObject(file, n.object as Node);
  const value = object ? prop(object, memberName(n) ?? '') : undefined;
  const list = value ? resolveLocal(file, value) : undefined;
  return list?.type === 'ArrayExpression' ? list : undefined;
}

/** The nearest enclosing function that declares `id` as a plain parameter (not shadowed by a nearer function's). */
function parameterOwner(file: FileContext, id: TSESTree.Identifier): Node | undefined {
  for (const a of file.ancestors(id)) {
    if (!isFunctionNode(a)) continue;
    const declares = (a as TSESTree.FunctionLike).params.some((p) => (p.type === 'Identifier' && p.name === id.name) || (p.type === 'AssignmentPattern' && p.left.type === 'Identifier' && p.left.name === id.name));
    if (declares) return a;
  }
  return undefined;
}

/**
 * The device HttpClient's request: `Url` and `Header` of its parameters (an object, or a variable holding one), the
 * command's verb as the method and its second argument (a string) as the body. A header is a `Name: value` string of
 * the `Header` list (or a lone string): its name is the text before the colon, folded through constants
 * (`const contentType = 'Content-Type: application/json'`), and the element is kept as `line` (request.ts).
 */
function deviceHttpClientCall(site: CallSite, verb: string): HttpRequest | undefined {
  const { file, args } = site;
  const paramsArg = site.callee.type === 'MemberExpression' && memberName(site.callee) === 'command' ? args[1] : args[0];
  const bodyArg = site.callee.type === 'MemberExpression' && memberName(site.callee) === 'command' ? args[2] : args[1];
  const params = objectOf(file, paramsArg);
  if (!params) return undefined;
  const r = make(site, 'xapi');
  r.method = verb;
  r.optionsNode = paramsArg;
  r.options = params;
  const url = prop(params, 'Url');
  if (url) {
    r.urlNode = url;
    r.url = stringOf(file, url);
  }
  const header = prop(params, 'Header');
  const list = header ? deviceHeaderList(file, header) : undefined;
  const lines = list?.type === 'ArrayExpression' ? list.elements : header ? [header] : [];
  for (const element of lines) {
    if (!element || element.type === 'SpreadElement') continue;
    const text = file.staticString(resolveLocal(file, element as Node));
    const m = text && !text.value.startsWith(UNKNOWN) ? /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*:/.exec(text.value) : null;
    if (m) r.headers.push({ name: m[1], value: element as Node, line: element as Node });
  }
  if (bodyArg) r.body = bodyOf(file, bodyArg, 'json');
  return finish(r, site.catalog);
}

/**
 * `const xhr = new XMLHttpRequest(); xhr.open(method, url); xhr.setRequestHeader(k, v); xhr.send(body)`: the
 * variable made and used in one function (the `open` call is the request). Only in a file whose text names
 * `XMLHttpRequest`.
 */
function xhrCall(site: CallSite, name: string): HttpRequest | undefined {
  const { file, call, args } = site;
  if (!file.text.includes('XMLHttpRequest') || !args[1]) return undefined;
  const scope = enclosingScope(file, call);
  const within = (n: Node): boolean => n.range[0] >= scope.range[0] && n.range[1] <= scope.range[1] && enclosingScope(file, n) === scope;
  const made = file.nodes(T.NewExpression).some((n) => {
    if (n.callee.type !== 'Identifier' || n.callee.name !== 'XMLHttpRequest' || n.range[0] > call.range[0] || !within(n)) return false;
    const parent = file.parentOf(n);
    if (parent?.type === 'VariableDeclarator') return parent.id.type === 'Identifier' && parent.id.name === name;
    return parent?.type === 'AssignmentExpression' && parent.left.type === 'Identifier' && parent.left.name === name;
  });
  if (!made) return undefined;
  const r = make(site, 'xhr');
  r.method = methodOf(file, args[0]);
  r.urlNode = args[1];
  r.url = stringOf(file, args[1]);
  // The `setRequestHeader` / `send` calls on the same variable after the `open`, up to the next `open`.
  for (const c of file.nodes(T.CallExpression)) {
    if (c.range[0] < call.range[1] || c.callee.type !== 'MemberExpression' || !within(c)) continue;
    const obj = unwrap(c.callee.object);
    if (obj.type !== 'Identifier' || obj.name !== name) continue;
    const m = memberName(c.callee);
    const a = c.arguments as Node[];
    if (m === 'open') break;
    if (m === 'setRequestHeader' && a[0] && a[1]) {
      const headerName = stringOf(file, a[0]);
      if (headerName?.complete) r.headers.push({ name: headerName.value, call: c, value: a[1] });
    } else if (m === 'send' && a[0] && !(a[0].type === 'Literal' && a[0].value === null)) {
      r.body = bodyOf(file, a[0], undefined);
    }
  }
  return finish(r, site.catalog);
}

/** node `http(s).request(url|options[, options], cb)` / `.get`, with the body its `write`/`end` send. */
function httpMethodCall(site: CallSite, method: string): HttpRequest | undefined {
  const { file, args } = site;
  if (method !== 'request' && method !== 'get') return undefined;
  const r = make(site, 'http');
  let options: TSESTree.ObjectExpression | undefined;
  const first = args[0] ? objectOf(file, args[0]) : undefined;
  if (first) options = first;
  else if (args[0]) {
    r.urlNode = args[0];
    r.url = stringOf(file, args[0]);
    options = objectOf(file, args[1]);
  }
  if (options && !r.url) {
    const host = stringOf(file, prop(options, 'hostname') ?? prop(options, 'host'));
    const path = stringOf(file, prop(options, 'path'));
    if (host || path) {
      r.urlNode = prop(options, 'path') ?? prop(options, 'hostname') ?? prop(options, 'host');
      r.url = { value: `https://${host?.value ?? UNKNOWN}${path?.value ?? '/' + UNKNOWN}`, complete: !!host?.complete && !!path?.complete };
    }
  }
  r.method = method === 'get' ? 'GET' : prop(options, 'method') ? methodOf(file, prop(options, 'method')) : 'GET';
  fromConfig(file, r, options, undefined, {});
  const body = httpWrittenBody(file, site.call);
  if (body) r.body = body;
  return finish(r, site.catalog);
}

/** `superagent.get(url)` and the calls chained on it. */
function superagentMethodCall(site: CallSite, method: string): HttpRequest | undefined {
  const { file, args } = site;
  if (!METHODS.has(method) && method !== 'del') return undefined;
  const r = make(site, 'superagent');
  r.method = method === 'del' ? 'DELETE' : method.toUpperCase();
  if (args[0]) {
    r.urlNode = args[0];
    r.url = stringOf(file, args[0]);
  }
  superagentChain(file, site.call, r);
  return finish(r, site.catalog);
}

/**
 * Meteor's `HTTP.get/post/put/patch/del(url, options)` and `HTTP.call(method, url, options)`: the options object
 * is not the body. Its `content` is sent as is, else its `data` as JSON, else (on a POST, PUT or PATCH) its
 * `params` form-urlencoded; `params` of any other method is the query string.
 */
function meteorCall(site: CallSite, method: string): HttpRequest | undefined {
  const { file, args } = site;
  const isCall = method === 'call';
  if (!isCall && !METHODS.has(method) && method !== 'del') return undefined;
  const urlArg = isCall ? args[1] : args[0];
  if (!urlArg || args.some((a) => isFunctionNode(unwrap(a)) && a !== args.at(-1))) return undefined;
  const r = make(site, 'unknown');
  r.method = isCall ? methodOf(file, args[0]) : method === 'del' ? 'DELETE' : method.toUpperCase();
  r.urlNode = urlArg;
  r.url = stringOf(file, urlArg);
  const optionsNode = isCall ? args[2] : args[1];
  if (optionsNode) r.optionsNode = optionsNode;
  const config = objectOf(file, optionsNode);
  fromConfig(file, r, config, undefined, {});
  const params = prop(config, 'params');
  const sendsBody = r.method !== undefined && BODY_METHODS.has(r.method.toLowerCase());
  if (prop(config, 'content')) r.body = bodyOf(file, prop(config, 'content')!, undefined);
  else if (prop(config, 'data')) r.body = bodyOf(file, prop(config, 'data')!, 'json');
  else if (params && sendsBody) r.body = { node: params, object: objectOf(file, params), format: 'form' };
  else if (params) r.query = objectOf(file, params);
  return finish(r, site.catalog);
}

/**
 * `client.get(url, config)`, `client.post(url, data, config)`, `client.request(config)` of axios, got, ky or an
 * unidentified client (which counts only when its URL is the API).
 */
function clientMethodCall(site: CallSite, kind: 'axios' | 'got' | 'ky' | 'unknown', method: string, objectNode: Node, instance: HttpClientInstance | undefined): HttpRequest | undefined {
  const { file, args, catalog, speculative } = site;
  const isRequestMethod = method === 'request' && (kind === 'axios' || kind === 'unknown');
  if (!METHODS.has(method) && !isRequestMethod) return undefined;
  if (!args[0] || args.some((a) => isFunctionNode(unwrap(a)))) return undefined; // `app.get('/path', handler)` is a route
  const r = make(site, kind);
  if (isRequestMethod && kind === 'unknown' && args[1] && methodOf(file, args[0]) && !objectOf(file, args[0])) {
    // Angular's `HttpClient.request(method, url, { headers, params, body })`.
    const options = objectOf(file, args[2]);
    r.method = methodOf(file, args[0]);
    r.urlNode = args[1];
    r.url = stringOf(file, args[1]);
    if (args[2]) r.optionsNode = args[2];
    fromConfig(file, r, options, undefined, { body: 'body', query: 'params' });
    if (r.body && r.body.format === 'unknown' && r.body.object) r.body.format = 'json';
    finish(r, catalog);
    if (!r.isApi) {
      speculative?.push(r);
      return undefined;
    }
    return r;
  }
  if (isRequestMethod) {
    const config = objectOf(file, args[0]);
    if (!config) return undefined;
    r.urlNode = prop(config, 'url');
    r.url = based(r, r.urlNode ? stringOf(file, r.urlNode) : undefined, prop(config, 'baseURL') ? stringOf(file, prop(config, 'baseURL')) : instance?.baseUrl);
    r.method = prop(config, 'method') ? methodOf(file, prop(config, 'method')) : instanceMethod(file, instance);
    fromConfig(file, r, config, instance, { data: 'data', query: 'params' });
    finish(r, catalog);
    if (kind === 'unknown' && !r.isApi) {
      speculative?.push(r);
      return undefined;
    }
    return r;
  }
  r.method = method.toUpperCase();
  r.urlNode = args[0];
  const url = stringOf(file, args[0]);
  if (kind === 'axios' || kind === 'unknown') {
    const dataArg = BODY_METHODS.has(method) ? args[1] : undefined;
    const configArg = BODY_METHODS.has(method) ? args[2] : args[1];
    const config = objectOf(file, configArg);
    // The config as written (`client.get(url, options)` in a wrapper): wrappers read the call sites' object through it.
    if (configArg) r.optionsNode = configArg;
    r.url = based(r, url, prop(config, 'baseURL') ? stringOf(file, prop(config, 'baseURL')) : instance?.baseUrl);
    fromConfig(file, r, config, instance, { query: 'params' });
    mergedHeaders(file, r, config, configArg);
    if (dataArg) r.body = bodyOf(file, dataArg, kind === 'axios' ? axiosObjectFormat(file, r.headers) : isFormContentType(r.headers, file) ? 'form' : 'json');
  } else {
    const config = objectOf(file, args[1]);
    if (args[1]) r.optionsNode = args[1];
    r.url = based(r, url, prop(config, 'prefixUrl') ? stringOf(file, prop(config, 'prefixUrl')) : instance?.baseUrl);
    fromConfig(file, r, config, instance, { json: 'json', form: 'form', body: 'body', query: 'searchParams' });
    mergedHeaders(file, r, config, args[1]);
  }
  finish(r, catalog);
  // An unidentified client counts only when its URL is the API (`api.get('/people')`, not `map.get(key)`).
  if (kind === 'unknown' && !r.isApi) {
    // Kept aside: a same-file wrapper around `this.http.get(path)` may still be called with an API path.
    if (CLIENT_LIKE.test(dottedName(objectNode) ?? '')) speculative?.push(r);
    return undefined;
  }
  return r;
}

/**
 * ofetch (`ofetch(url, options)`, Nuxt's `$fetch`, an `ofetch.create({ baseURL, headers })` instance and its
 * `.raw`/`.native`): `method` (GET by default), `baseURL`, `headers`, `query`/`params` (the query string) and
 * `body` (an object is sent as JSON).
 */
function ofetchCall(site: CallSite, instance: HttpClientInstance | undefined): HttpRequest | undefined {
  const { file, args } = site;
  if (!args[0] || objectOf(file, args[0])) return undefined;
  const r = make(site, 'ofetch');
  r.urlNode = args[0];
  const config = objectOf(file, args[1]);
  if (args[1]) r.optionsNode = args[1];
  r.url = based(r, stringOf(file, args[0]), prop(config, 'baseURL') ? stringOf(file, prop(config, 'baseURL')) : instance?.baseUrl);
  r.method = optionsMethod(file, args[1], [], instanceMethod(file, instance));
  fromConfig(file, r, config, instance, { data: 'body', query: prop(config, 'params') ? 'params' : 'query' });
  mergedHeaders(file, r, config, args[1]);
  return finish(r, site.catalog);
}

/**
 * undici's `request(url, { method, headers, body, query })` and `pool.request({ path, method, headers, body, query })`
 * of a `new Pool(origin)` / `new Client(origin)`: GET unless `method` says otherwise; the body as written.
 */
function undiciCall(site: CallSite, urlArg: Node | undefined, optionsArg: Node | undefined, instance: HttpClientInstance | undefined): HttpRequest | undefined {
  const { file } = site;
  const options = objectOf(file, optionsArg);
  if (!urlArg && !options) return undefined;
  const r = make(site, 'undici');
  if (optionsArg) r.optionsNode = optionsArg;
  const path = urlArg ?? prop(options, 'path');
  if (path) {
    r.urlNode = path;
    r.url = stringOf(file, path);
  }
  r.url = based(r, r.url, instance?.baseUrl);
  r.method = optionsMethod(file, optionsArg, [], 'GET');
  fromConfig(file, r, options, instance, { body: 'body', query: 'query' });
  mergedHeaders(file, r, options, optionsArg);
  return finish(r, site.catalog);
}

/**
 * needle: `needle(method, url, data, options[, cb])`, `needle.request(method, url, data, options, cb)`,
 * `needle.get/head/delete(url, options, cb)` and `needle.post/put/patch(url, data, options, cb)`. `options.headers`;
 * the data is the body (JSON with `json: true`, a form otherwise); `null` sends none.
 */
function needleCall(site: CallSite, method: string, args: Node[]): HttpRequest | undefined {
  const { file } = site;
  const isRequest = method === 'request';
  if (!isRequest && !METHODS.has(method)) return undefined;
  const at = isRequest ? 1 : 0;
  const urlArg = args[at];
  if (!urlArg || isFunctionNode(unwrap(urlArg))) return undefined;
  const r = make(site, 'needle');
  r.method = isRequest ? methodOf(file, args[0]) : method.toUpperCase();
  r.urlNode = urlArg;
  r.url = stringOf(file, urlArg);
  const withData = isRequest || BODY_METHODS.has(method);
  const data = withData ? args[at + 1] : undefined;
  const optionsArg = args[withData ? at + 2 : at + 1];
  const options = optionsArg && !isFunctionNode(unwrap(optionsArg)) ? objectOf(file, optionsArg) : undefined;
  if (optionsArg && options) r.optionsNode = optionsArg;
  fromConfig(file, r, options, undefined, {});
  const json = prop(options, 'json');
  const jsonOn = json ? unwrap(json).type === 'Literal' && (unwrap(json) as TSESTree.Literal).value === true : false;
  const d = data ? unwrap(data) : undefined;
  if (data && d && !(d.type === 'Literal' && d.value === null) && !(d.type === 'Identifier' && d.name === 'undefined')) r.body = bodyOf(file, data, jsonOn ? 'json' : 'form');
  return finish(r, site.catalog);
}

/** wretch's verbs, which send the request a chain has built. */
const WRETCH_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'opts']);

/**
 * wretch: `wretch(url).url(path).headers({...}).auth(v).content(type).query({...}).json(body).post(body)`: the
 * verb call is the request, read back down the chain to `wretch(...)` (or a name holding such a chain in the
 * same scope). `.auth(v)` is the Authorization header, `.content(t)` the Content-Type, `.json(o)` a JSON body.
 */
function wretchCall(site: CallSite, verb: string): HttpRequest | undefined {
  const { file, call, args } = site;
  const links: Array<{ name: string; args: Node[]; call: TSESTree.CallExpression }> = [];
  let at: Node = unwrap((call.callee as TSESTree.MemberExpression).object);
  let root: TSESTree.CallExpression | undefined;
  for (let i = 0; i < 20; i++) {
    if (at.type === 'Identifier') {
      const init = resolveLocal(file, at);
      if (init === at) return undefined;
      at = unwrap(init);
      continue;
    }
    if (at.type !== 'CallExpression') return undefined;
    const callee = unwrap(at.callee as Node);
    if (callee.type === 'Identifier') {
      if (clientOfIdentifier(file, callee.name) !== 'wretch') return undefined;
      root = at;
      break;
    }
    if (callee.type !== 'MemberExpression') return undefined;
    const name = memberName(callee);
    if (!name) return undefined;
    links.unshift({ name, args: at.arguments as Node[], call: at });
    at = unwrap(callee.object);
  }
  if (!root) return undefined;
  const r = make(site, 'wretch');
  r.method = verb === 'opts' ? 'OPTIONS' : verb.toUpperCase();
  const parts: Array<Node | undefined> = [root.arguments[0] as Node | undefined];
  for (const link of links) {
    const a = link.args;
    if (link.name === 'url' && a[0]) parts.push(a[0]);
    else if (link.name === 'headers' && a[0]) {
      const h = headersOf(file, a[0]);
      r.headers.push(...h.headers);
      r.headersNode ??= h.object;
    } else if (link.name === 'auth' && a[0]) r.headers.push({ name: 'Authorization', call: link.call, value: a[0] });
    else if (link.name === 'content' && a[0]) r.headers.push({ name: 'Content-Type', call: link.call, value: a[0] });
    else if (link.name === 'query' && a[0]) r.query = objectOf(file, a[0]) ?? r.query;
    else if (link.name === 'json' && a[0]) r.body = { node: a[0], object: objectOf(file, a[0]), format: 'json' };
    else if (link.name === 'body' && a[0]) r.body = bodyOf(file, a[0], undefined);
  }
  // `.post(body)`, `.get(url)`: a verb's own argument (the body of post/put/patch, a URL suffix of the others).
  if (args[0] && BODY_METHODS.has(verb)) r.body = bodyOf(file, args[0], 'json');
  else if (args[0] && !BODY_METHODS.has(verb)) parts.push(args[0]);
  if (args[1] && BODY_METHODS.has(verb)) parts.push(args[1]);
  let url: StaticString | undefined;
  for (const p of parts) {
    const piece = p ? stringOf(file, p) : undefined;
    if (!piece) return finish(r, site.catalog);
    url = url ? { value: url.value + piece.value, complete: url.complete && piece.complete } : piece;
  }
  r.urlNode = parts[0];
  r.url = url;
  return finish(r, site.catalog);
}

/**
 * A request inside a loop over an array literal whose URL reads the loop variable (`for (const url of [A, B])
 * fetch(url, ...)`, `URLS.forEach((u) => ...)`): one request per element, the call read again with the variable
 * bound to that element, so each value that reaches the call is judged. The request as read when no element
 * changes its URL, or when an element cannot be read as a request.
 */
function loopRequests(file: FileContext, call: TSESTree.CallExpression, r: HttpRequest, catalog: LoadedCatalog, instances: Map<string, HttpClientInstance>): HttpRequest[] {
  if (r.url?.complete) return [r];
  const loops = arrayLoops(file).filter((l) => call.range[0] >= l.body.range[0] && call.range[1] <= l.body.range[1]);
  return loops.length > 0 ? eachElement(loops, r, () => analyzeCall(file, call, catalog, instances, [])) : [r];
}

/** The requests `read` gives with each loop's variable bound to each of its elements (nested loops: every pair), at most 32; `r` when none differs. */
function eachElement(loops: readonly ArrayLoop[], r: HttpRequest, read: () => HttpRequest | undefined): HttpRequest[] {
  for (const [i, loop] of loops.entries()) {
    const each: HttpRequest[] = [];
    for (const element of loop.elements) {
      const more = withLoopValue(loop.declared, element, () => {
        const one = read();
        return !one ? undefined : one.url?.complete ? [one] : eachElement(loops.slice(i + 1), one, read);
      });
      if (!more) return [r];
      each.push(...more);
      if (each.length > 32) return [r];
    }
    // A loop the URL does not read repeats the same requests: one of each URL is kept.
    if (each.some((e) => e.url?.value !== r.url?.value)) return each.filter((e, k) => each.findIndex((x) => x.url?.value === e.url?.value) === k);
  }
  return [r];
}

/**
 * A wrapper's call site inside a loop over an array literal (`for (const u of [A, B]) await get(u)`,
 * `PATHS.forEach((p) => api(p))`): one request per element, the wrapper's requests read again with the loop
 * variable bound to that element (`again`), as {@link loopRequests} does for a direct call.
 */
function loopWrapperRequests(file: FileContext, wrapped: HttpRequest[], again: () => HttpRequest[]): HttpRequest[] {
  const loops = arrayLoops(file);
  if (loops.length === 0) return wrapped;
  return wrapped.flatMap((r) => {
    if (r.url?.complete) return [r];
    const around = loops.filter((l) => r.node.range[0] >= l.body.range[0] && r.node.range[1] <= l.body.range[1]);
    if (around.length === 0) return [r];
    // The same call site can carry several of the wrapper's requests: the one at the same position is read again.
    const position = wrapped.filter((w) => w.node === r.node).indexOf(r);
    return eachElement(around, r, () => again().filter((w) => w.node === r.node)[position]);
  });
}

/**
 * The requests a call may make by the branches before it (engine/api/branches.ts): one per declaration of an options
 * `var` declared in several branches (`if (get) { var settings = {...} } ... $.ajax(settings)`), each read again with
 * the name bound to that declaration's value, and one per value a guard around the options' method admits (`if
 * (method == 'GET' || method == 'DELETE') { var settings = { method, ... } }`). Undefined when the call has neither.
 */
const branchRead = new WeakSet<HttpRequest>();

function branchRequests(file: FileContext, call: TSESTree.CallExpression, r: HttpRequest | undefined, catalog: LoadedCatalog, instances: Map<string, HttpClientInstance>): HttpRequest[] | undefined {
  const read = (): HttpRequest | undefined => analyzeCall(file, call, catalog, instances, []);
  const declared = branchDeclarations(file, call);
  if (declared) {
    const out: HttpRequest[] = [];
    const several = declared.inits.length > 1;
    for (const init of declared.inits) {
      withLoopValue(declared.declared, init, () => {
        const one = read();
        for (const each of one ? guardedRequests(file, one, read) : []) {
          if (several) each.choice ??= `the call sends the options of one of the ${declared.inits.length} declarations of \`${file.getText(declared.declared)}\` written in branches before it`;
          branchRead.add(each);
          out.push(each);
        }
      });
    }
    return out.length > 0 ? out : undefined;
  }
  if (!r) return undefined;
  const guarded = guardedRequests(file, r, read);
  return guarded.length === 1 && guarded[0] === r ? undefined : guarded;
}

/**
 * A request whose options take their method from a name a guard narrows, or that branches before it assign string
 * literals: one request per value the guard admits (or the branches assign).
 */
function guardedRequests(file: FileContext, r: HttpRequest, read: () => HttpRequest | undefined): HttpRequest[] {
  if (r.method !== undefined || !r.options) return [r];
  const m = prop(r.options, 'method') ?? prop(r.options, 'type');
  const id = m ? unwrap(m) : undefined;
  if (id?.type !== 'Identifier') return [r];
  const guarded = guardedValues(file, id);
  const guard = guarded ?? assignedValues(file, id);
  if (!guard) return [r];
  const out: HttpRequest[] = [];
  for (const value of guard.values) {
    const one = withNarrowedValue(id.name, guard.within, value, read);
    if (!one) continue;
    const listed = guard.values.map((v) => v.raw).join(', ');
    if (guard.values.length > 1 || !guarded) one.choice ??= guarded ? `the method is one of the values its guard admits (${listed}), chosen by the caller` : `the method is one of the values branches before the call assign it (${listed}), chosen by the caller`;
    branchRead.add(one);
    out.push(one);
  }
  return out.length > 0 ? out : [r];
}

/** Every HTTP request of a file, in document order (memoized per file). */
export function getRequests(file: FileContext, catalog: LoadedCatalog): HttpRequest[] {
  return file.cached('requests', () => {
    const own = ownRequests(file, catalog);
    // Project hook: calls of functions and inherited methods of other modules, read through their summaries.
    return ownBases(file, catalog, joined(own, wrappedImported(file, catalog, own, importedCallRequests(file, catalog, own.seen, requestsWithin))));
  });
}

/**
 * Requests taken for the API only by their URL's path whose base says otherwise (engine/api/base-origin.ts: another
 * service's host on a branch of `this.baseUrl`, or only the caller's configuration in a module that names nothing of
 * the platform) are not the API's: a finding belongs to an endpoint.
 */
function ownBases(file: FileContext, catalog: LoadedCatalog, requests: HttpRequest[]): HttpRequest[] {
  denyOtherBases(file, catalog, requests);
  return requests;
}

/**
 * Requests made through other modules, and those made by calls of the same-file wrappers they lie in
 * (`function get(path) { return webexFetch(path) }` with `webexFetch` imported, called as `get('/rooms')`): the
 * imported call's request is followed out to the wrapper's call sites as a request of the file's own is.
 */
function wrappedImported(file: FileContext, catalog: LoadedCatalog, own: OwnRequests, imported: HttpRequest[]): HttpRequest[] {
  if (imported.length === 0) return imported;
  const direct = new Set<Node>([...own.seen, ...imported.map((r) => r.node)]);
  return [...imported, ...wrapperRequests(file, catalog, imported, direct)];
}

/**
 * The requests of a file made inside one function (`within`): {@link getRequests}'s requests whose call lies in it,
 * in the same order, computed without following the calls of the rest of the file into other modules (a summary
 * of one imported function reads only what that function reaches, engine/api/summaries.ts).
 */
export function requestsWithin(file: FileContext, catalog: LoadedCatalog, within: Node): HttpRequest[] {
  const own = ownRequestsFor(file, catalog, within);
  const inside = (r: HttpRequest): boolean => r.node.range[0] >= within.range[0] && r.node.range[1] <= within.range[1];
  return ownBases(file, catalog, joined(own, wrappedImported(file, catalog, own, importedCallRequests(file, catalog, own.seen, requestsWithin, within))).filter(inside));
}

/** A file's requests made by its own calls and through its same-file wrappers (memoized per file). */
interface OwnRequests {
  out: HttpRequest[];
  wrapped: HttpRequest[];
  /** Call sites already read as requests (not followed into another module). */
  seen: ReadonlySet<Node>;
}

function ownRequests(file: FileContext, catalog: LoadedCatalog): OwnRequests {
  return file.cached('requests:own', () => {
    whole.add(file);
    return readOwnRequests(file, catalog);
  });
}

/** Files whose {@link ownRequests} were read whole. */
const whole = new WeakSet<FileContext>();

/**
 * {@link ownRequests} as far as a function decides them (requestsWithin: a summary of another module's function): the
 * requests of its calls and the wrapper requests at its call sites, read from the calls whose requests may reach it
 * (wrappers.ts `callsReaching`) rather than from every call of the module; the same requests inside it (each call's
 * own requests the same objects as the whole file's, {@link callReading}). The whole file's are used when they were
 * read already (memoized per file and function).
 */
function ownRequestsFor(file: FileContext, catalog: LoadedCatalog, within: Node): OwnRequests {
  if (whole.has(file)) return ownRequests(file, catalog);
  const memo = file.cached('requests:own-within', () => new Map<Node, OwnRequests>());
  let own = memo.get(within);
  if (!own) {
    const calls = callsReaching(file, within);
    own = calls ? readOwnRequests(file, catalog, calls) : ownRequests(file, catalog);
    memo.set(within, own);
  }
  return own;
}

/** A file's requests made by its own calls (`calls`, else every call) and through its same-file wrappers. */
function readOwnRequests(file: FileContext, catalog: LoadedCatalog, calls?: ReadonlySet<Node>): OwnRequests {
  const instances = getClientInstances(file, catalog);
  const out: HttpRequest[] = [];
  const speculative: HttpRequest[] = [];
  for (const call of file.nodes(T.CallExpression)) {
    if (calls && !calls.has(call)) continue;
    const read = callReading(file, catalog, instances, call);
    out.push(...read.requests);
    speculative.push(...read.speculative);
  }
  // A call of a same-file wrapper is read through the wrapper, even when it looks like `client.get(url, config)`.
  const known = new Set(out.filter((r) => r.client !== 'unknown').map((r) => r.node));
  // A request read with a branch's value bound (branchRequests) is not read again at the call sites of its
  // function: those reads cannot bind the value, and which branch runs is the callers' choice.
  const candidates = [...out, ...speculative].filter((r) => !branchRead.has(r));
  const wrapped = loopWrapperRequests(file, wrapperRequests(file, catalog, candidates, known), () => wrapperRequests(file, catalog, candidates, known));
  return { out, wrapped, seen: new Set<Node>([...known, ...wrapped.map((r) => r.node)]) };
}

/** What one call of a file makes: its requests (one per element of the arrays it loops over), and the requests a client-like call may make. */
interface CallReading {
  requests: readonly HttpRequest[];
  speculative: readonly HttpRequest[];
}

const NO_REQUESTS: readonly HttpRequest[] = Object.freeze([]);

/**
 * {@link CallReading} of a call, memoized per file: the whole file's own requests and those read for a function of it
 * ({@link ownRequestsFor}) share each call's reading, and its request objects, as before the second existed.
 */
function callReading(file: FileContext, catalog: LoadedCatalog, instances: Map<string, HttpClientInstance>, call: TSESTree.CallExpression): CallReading {
  const memo = file.cached('requests:calls', () => new Map<Node, CallReading>());
  let read = memo.get(call);
  if (!read) {
    const speculative: HttpRequest[] = [];
    const r = analyzeCall(file, call, catalog, instances, speculative);
    const branched = branchRequests(file, call, r, catalog, instances);
    read = { requests: branched ?? (r ? loopRequests(file, call, r, catalog, instances) : NO_REQUESTS), speculative: speculative.length > 0 ? speculative : NO_REQUESTS };
    memo.set(call, read);
  }
  return read;
}

/** The file's own requests with those read through other modules: a call read both ways is read through the wrapper. */
function joined(own: OwnRequests, imported: readonly HttpRequest[]): HttpRequest[] {
  if (own.wrapped.length === 0 && imported.length === 0) return own.out;
  const wrapped = [...own.wrapped, ...imported];
  const replaced = new Set(wrapped.map((r) => r.node));
  return [...own.out.filter((r) => !replaced.has(r.node)), ...wrapped].sort((a, b) => a.node.range[0] - b.node.range[0]);
}

function requestIndex(file: FileContext, catalog: LoadedCatalog): Map<Node, HttpRequest> {
  return file.cached('requests:index', () => {
    const index = new Map<Node, HttpRequest>();
    const add = (n: Node | undefined, r: HttpRequest): void => {
      if (n && !index.has(n)) index.set(n, r);
    };
    for (const r of getRequests(file, catalog)) {
      add(r.body?.object, r);
      add(r.body?.node, r);
      add(r.query, r);
      add(r.headersNode, r);
      add(r.options, r);
      add(r.urlNode, r);
      for (const h of r.headers) add(h.property, r);
    }
    return index;
  });
}

/**
 * The request an object literal or expression ends up in (as body, query, headers, options or URL), directly,
 * nested inside one of those, or through a variable that one of those uses. Undefined when it reaches none.
 */
export function requestOfNode(file: FileContext, node: TSESTree.Node, catalog: LoadedCatalog): HttpRequest | undefined {
  const index = requestIndex(file, catalog);
  for (let n: Node | undefined = node, i = 0; n && i < 40; n = file.parentOf(n), i++) {
    const hit = index.get(n);
    if (hit) return hit;
    if (isFunctionNode(n) || n.type === 'Program') return undefined;
    if (n.type === 'CallExpression' && n !== node && index.has(n) === false) {
      const callee = dottedName(n.callee);
      // Only wrappers that pass the object through reach the request: JSON.stringify, URLSearchParams, qs.
      if (callee !== 'JSON.stringify' && !/^(qs|querystring|queryString)\.stringify$/.test(callee ?? '')) {
        const inRequest = getRequests(file, catalog).find((r) => r.node === n);
        return inRequest;
      }
    }
  }
  return undefined;
}
