/**
 * Recognising HTTP clients: which library a name stands for (by import or `require`, or its conventional
 * global name), and configured clients (`axios.create({ baseURL })`, `got.extend({ prefixUrl })`, a factory's
 * return value) by where they are kept, with their base URL and default headers.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, memberName, propertyKeyName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { isApiUrl } from './url.js';
import { functionName, objectOf, outerParent, resolveLocal, stringOf } from './bindings.js';
import { headersOf, importedOptions, importedOptionsHeaders, prop, withBase } from './call-parts.js';
import { isFunctionNode, METHODS, type HttpClient, type HttpClientInstance, type RequestHeader, type SharedHeaderSource } from './request.js';

/** Where a name was imported/required from (`axios`, `got`, `node:https`, ...), per local name. */
function importSources(file: FileContext): Map<string, string> {
  return file.cached('requests:imports', () => {
    const out = new Map<string, string>();
    for (const imp of file.nodes(T.ImportDeclaration)) {
      const source = String(imp.source.value);
      for (const s of imp.specifiers) {
        const imported = s.type === 'ImportSpecifier' ? (s.imported.type === 'Identifier' ? s.imported.name : String(s.imported.value)) : 'default';
        out.set(s.local.name, imported === 'default' || s.type === 'ImportNamespaceSpecifier' ? source : `${source}#${imported}`);
      }
    }
    for (const d of file.nodes(T.VariableDeclarator)) {
      const init = d.init ? unwrap(d.init) : undefined;
      let call = init;
      if (call?.type === 'MemberExpression' && memberName(call) === 'default') call = unwrap(call.object);
      if (call?.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== 'require') continue;
      const arg = call.arguments[0];
      if (arg?.type !== 'Literal' || typeof arg.value !== 'string') continue;
      if (d.id.type === 'Identifier') out.set(d.id.name, arg.value);
      else if (d.id.type === 'ObjectPattern') {
        for (const p of d.id.properties) {
          if (p.type === 'Property' && p.value.type === 'Identifier') out.set(p.value.name, `${arg.value}#${propertyKeyName(p)}`);
        }
      }
    }
    return out;
  });
}

/** Whether the file imports (or requires) one of `sources` (type-only imports count: they name the framework). */
export function importsFrom(file: FileContext, sources: readonly string[]): boolean {
  for (const source of importSources(file).values()) if (sources.includes(source.split('#')[0])) return true;
  return false;
}

/** The `request` npm library and its promise/retry wrappers, which take the same options. */
const REQUEST_FAMILY = new Set(['request', 'request-promise', 'request-promise-native', 'requestretry']);

function libraryOf(source: string | undefined): HttpClient | undefined {
  if (!source) return undefined;
  const base = source.replace(/^node:/, '');
  if (base === 'axios' || base === 'redaxios') return 'axios';
  if (base === 'ofetch' || base === 'ofetch#ofetch' || base === 'ofetch#$fetch' || base === 'ohmyfetch#$fetch' || base === 'ohmyfetch#ofetch') return 'ofetch';
  if (base === 'undici#request' || base === 'undici') return 'undici';
  if (base === 'needle') return 'needle';
  if (base === 'wretch') return 'wretch';
  if (base === 'got') return 'got';
  if (base === 'ky' || base === 'ky-universal') return 'ky';
  if (base === 'superagent' || base === 'supertest') return base === 'superagent' ? 'superagent' : undefined;
  if (base === 'http' || base === 'https') return 'http';
  if (base === 'node-fetch' || base === 'cross-fetch' || base === 'undici#fetch' || base === 'node-fetch#default' || base === 'cross-fetch#default') return 'fetch';
  if (base === 'http#request' || base === 'https#request' || base === 'http#get' || base === 'https#get') return 'http';
  if (base === 'got#got') return 'got';
  // rxjs's `ajax` (`import { ajax } from 'rxjs/ajax'`): an XMLHttpRequest client taking a config object or a URL.
  if (base === 'rxjs/ajax#ajax' || base === 'rxjs#ajax') return 'rxjs';
  if (REQUEST_FAMILY.has(base) || (base.endsWith('#default') && REQUEST_FAMILY.has(base.slice(0, -'#default'.length)))) return 'request';
  return undefined;
}

/** The client library an identifier stands for (by import, or by its conventional global name). */
export function clientOfIdentifier(file: FileContext, name: string): HttpClient | undefined {
  const src = importSources(file).get(name);
  const lib = libraryOf(src);
  if (lib) return lib;
  if (src !== undefined) return undefined;
  if (name === 'fetch') return 'fetch';
  if (name === 'axios') return 'axios';
  if (name === 'got') return 'got';
  if (name === 'ky') return 'ky';
  if (name === 'superagent') return 'superagent';
  // Nuxt's auto-imported `$fetch` (ofetch), when the file binds the name nowhere.
  if (name === '$fetch' && isUnbound(file, name)) return 'ofetch';
  return undefined;
}

/** Whether the file binds `name` nowhere (no import, declaration, function, class or parameter of that name): a global. */
export function isUnbound(file: FileContext, name: string): boolean {
  const memo = file.cached('requests:unbound', () => new Map<string, boolean>());
  let known = memo.get(name);
  if (known === undefined) {
    known = !importSources(file).has(name)
      && !file.nodes(T.VariableDeclarator).some((d) => d.id.type === 'Identifier' && d.id.name === name)
      && !file.nodes(T.FunctionDeclaration).some((f) => f.id?.name === name)
      && !file.nodes(T.ClassDeclaration).some((c) => c.id?.name === name)
      && ![...file.nodes(T.FunctionDeclaration), ...file.nodes(T.FunctionExpression), ...file.nodes(T.ArrowFunctionExpression)].some((f) => f.params.some((p) => p.type === 'Identifier' && p.name === name));
    memo.set(name, known);
  }
  return known;
}

/** AngularJS's injected `$http` service (a parameter of the function it is injected in, or a name bound nowhere). */
export function isAngularJsHttp(file: FileContext, name: string): boolean {
  if (name !== '$http' || importSources(file).has(name)) return false;
  return !file.nodes(T.VariableDeclarator).some((d) => d.id.type === 'Identifier' && d.id.name === name);
}

/** The client library of `require('request')` written in place (not kept in a name). */
function requiredLibrary(node: Node): HttpClient | undefined {
  if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'require') return undefined;
  const arg = node.arguments[0];
  return arg?.type === 'Literal' && typeof arg.value === 'string' ? libraryOf(arg.value) : undefined;
}

/**
 * Where a configured client is kept: a variable (`api`), a member (`this.http`, from an assignment or a class
 * field), the return value of a named function (`webexClient()`), or nowhere nameable (`#<offset>`).
 */
function instanceKey(file: FileContext, call: TSESTree.CallExpression | TSESTree.NewExpression): string {
  const { parent, node } = outerParent(file, call);
  if (parent?.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier') return parent.id.name;
  if (parent?.type === 'AssignmentExpression' && parent.right === node && parent.operator === '=') {
    const name = dottedName(parent.left);
    if (name) return name;
  }
  if (parent?.type === 'PropertyDefinition' && parent.value === node && !parent.static) {
    const key = propertyKeyName(parent);
    if (key !== undefined) return `this.${key}`;
  }
  let fn: Node | undefined;
  if (parent?.type === 'ReturnStatement') fn = [...file.ancestors(parent)].find(isFunctionNode);
  else if (parent?.type === 'ArrowFunctionExpression' && parent.body === node) fn = parent;
  const name = fn ? functionName(file, fn) : undefined;
  return name ? `${name}()` : `#${call.range[0]}`;
}

/**
 * Configured clients of a file, by where they are kept (see {@link instanceKey}): `api` for
 * `const api = axios.create(...)`, `this.http` for a field, `webexClient()` for a factory's return value (and
 * `api` again for `const api = webexClient()` in the same file).
 */
export function getClientInstances(file: FileContext, catalog: LoadedCatalog): Map<string, HttpClientInstance> {
  return file.cached('requests:instances', () => {
    const out = new Map<string, HttpClientInstance>();
    for (const init of file.nodes(T.CallExpression)) {
      if (init.callee.type !== 'MemberExpression') continue;
      const method = memberName(init.callee);
      if (method !== 'create' && method !== 'extend' && method !== 'defaults') continue;
      const objectNode = unwrap(init.callee.object);
      let client: HttpClient | undefined;
      let parent: HttpClientInstance | undefined;
      const objectKey = dottedName(objectNode);
      if (objectNode.type === 'Identifier') client = clientOfIdentifier(file, objectNode.name);
      else client = requiredLibrary(objectNode); // `require('request').defaults({...})`
      if (objectKey !== undefined) {
        parent = out.get(objectKey);
        client ??= parent?.client;
      }
      if (!client || !((client === 'axios' && method === 'create') || (client === 'ofetch' && method === 'create') || (client === 'request' && method === 'defaults') || ((client === 'got' || client === 'ky') && (method === 'extend' || method === 'create')))) continue;
      const config = objectOf(file, init.arguments[0] as Node | undefined);
      const baseKey = client === 'axios' || client === 'ofetch' ? 'baseURL' : client === 'request' ? 'baseUrl' : 'prefixUrl';
      // The options an object of another module (`axios.create(API_CONFIG)`): its base URL read there, its headers
      // brought in by the argument (reported there, never edited from here).
      const imported = config ? undefined : importedOptions(file, init.arguments[0] as Node | undefined);
      // (One that sets a method is not read: the calls' default method would be its, and options are this file's nodes.)
      const far = imported && !prop(imported.object, 'method') ? imported : undefined;
      const baseNode = far ? prop(far.object, baseKey) : prop(config, baseKey);
      const baseUrl = withBase(baseNode ? stringOf(far?.file ?? file, baseNode) : undefined, parent?.baseUrl) ?? parent?.baseUrl;
      const h = far ? { headers: importedOptionsHeaders(file, far, init.arguments[0] as Node), object: undefined } : headersOf(file, prop(config, 'headers'));
      out.set(instanceKey(file, init), {
        node: init,
        client,
        baseUrl,
        isApi: isApiUrl(baseUrl, catalog),
        headers: [...(parent?.headers ?? []), ...h.headers, ...(client === 'ky' || client === 'got' ? hookHeaders(file, prop(config, 'hooks')) : [])],
        headersNode: h.object,
        options: config,
      });
    }
    // undici's `new Pool(origin)` / `new Client(origin)`: requests name a path under the origin.
    if (file.text.includes('undici')) {
      for (const made of file.nodes(T.NewExpression)) {
        const callee = unwrap(made.callee as Node);
        const name = callee.type === 'Identifier' ? importSources(file).get(callee.name) : undefined;
        if ((name !== 'undici#Pool' && name !== 'undici#Client') || !made.arguments[0]) continue;
        const baseUrl = stringOf(file, made.arguments[0] as Node);
        const key = instanceKey(file, made);
        out.set(key, { node: made, client: 'undici', baseUrl, isApi: isApiUrl(baseUrl, catalog), headers: [] });
      }
    }
    // Shared configuration added after the client is made: `defaults` assignments and request interceptors.
    if (/\b(?:defaults|interceptors)\b/.test(file.text)) sharedConfiguration(file, catalog, out);
    // `const api = webexClient()` / `this.api = webexClient()`: the factory's client.
    for (const call of file.nodes(T.CallExpression)) {
      const callee = unwrap(call.callee as Node);
      if (callee.type !== 'Identifier') continue;
      const made = out.get(`${callee.name}()`);
      if (!made) continue;
      const key = instanceKey(file, call);
      if (!key.startsWith('#') && !out.has(key)) out.set(key, made);
    }
    return out;
  });
}

/**
 * Meteor's HTTP client (`HTTP.get(url, options)`, `HTTP.call(method, url, options)`): the global `HTTP` of a
 * Meteor package or app, `import { HTTP } from 'meteor/http'`, or the older `Meteor.http`. Its second argument
 * is an options object, not a body: `data` is sent as JSON, `content` as text, and `params` as a
 * form-urlencoded body on a POST/PUT/PATCH (the query string otherwise).
 */
export function isMeteorHttp(file: FileContext, node: Node): boolean {
  if (node.type === 'MemberExpression') return dottedName(node) === 'Meteor.http';
  if (node.type !== 'Identifier' || node.name !== 'HTTP') return false;
  const src = importSources(file).get('HTTP');
  if (src !== undefined) return src === 'meteor/http#HTTP';
  // The global: no declaration of the name in the file.
  return !file.nodes(T.VariableDeclarator).some((d) => d.id.type === 'Identifier' && d.id.name === 'HTTP')
    && !file.nodes(T.ClassDeclaration).some((c) => c.id?.name === 'HTTP');
}

/** `$.ajax(`, `jQuery.get(`, ...: the text a file must hold for jQuery's requests to be looked for. */
export const JQUERY_CALL_TEXT = /(?:\$|\bjQuery)\s*\.\s*(?:ajax|get|post|getJSON)\s*\(/;

/**
 * jQuery's `$` / `jQuery` (browser code): `import $ from 'jquery'` / `require('jquery')`, or the page's global
 * when the file binds the name nowhere (no declaration, parameter, class or import of it). Only looked for in a
 * file whose text holds a `$.ajax(`-like call.
 */
export function isJquery(file: FileContext, name: string): boolean {
  if (name !== '$' && name !== 'jQuery') return false;
  const known = file.cached('requests:jquery', () => {
    const out = new Set<string>();
    if (!JQUERY_CALL_TEXT.test(file.text)) return out;
    const sources = importSources(file);
    for (const n of ['$', 'jQuery']) {
      const src = sources.get(n);
      if (src !== undefined) {
        if (src === 'jquery') out.add(n);
        continue;
      }
      const bound = file.nodes(T.VariableDeclarator).some((d) => d.id.type === 'Identifier' && d.id.name === n)
        || file.nodes(T.FunctionDeclaration).some((f) => f.id?.name === n)
        || file.nodes(T.ClassDeclaration).some((c) => c.id?.name === n)
        || [...file.nodes(T.FunctionDeclaration), ...file.nodes(T.FunctionExpression), ...file.nodes(T.ArrowFunctionExpression)].some((f) => f.params.some((p, i) => p.type === 'Identifier' && p.name === n && !givenJquery(file, f, i)));
      if (!bound) out.add(n);
    }
    return out;
  });
  return known.has(name);
}

/**
 * Whether a function's parameter at `index` is given the page's `jQuery`: the function is called where it is written
 * with the global `jQuery` there (a plugin's `(function ($) { ... })(jQuery)`), which the file binds nowhere else.
 */
function givenJquery(file: FileContext, fn: TSESTree.Node, index: number): boolean {
  // Only a direct call: `(function ($) { ... }).call(this, jQuery)` is not followed.
  const call = file.parentOf(fn);
  if (call?.type !== 'CallExpression' || call.callee !== fn) return false;
  const arg = call.arguments[index];
  if (arg?.type !== 'Identifier' || arg.name !== 'jQuery') return false;
  return !file.nodes(T.VariableDeclarator).some((d) => d.id.type === 'Identifier' && d.id.name === 'jQuery') && importSources(file).get('jQuery') === undefined;
}

/** A receiver name that reads as an HTTP client (`this.http`, `apiClient`, `rest`), for wrapper candidates. */
export const CLIENT_LIKE = /(^|\.)[\w$]*(http|client|api|axios|rest|request)[\w$]*$/i;

/**
 * A configured client imported from another module of the project (engine/project/): `import { api } from
 * './client'` where `client.ts` holds `export const api = axios.create({ baseURL })`, a default export of one,
 * or `const api = webexClient()` of an imported factory. Its headers are read in that module and marked
 * inherited by every request (no edit is made to them from this file).
 */
export function importedInstance(file: FileContext, catalog: LoadedCatalog, name: string): HttpClientInstance | undefined {
  if (!file.links) return undefined;
  const memo = file.cached('requests:imported-instances', () => new Map<string, HttpClientInstance | null>());
  const known = memo.get(name);
  if (known !== undefined) return known ?? undefined;
  let found: HttpClientInstance | undefined;
  const far = file.importedValue(name);
  if (far && 'node' in far) found = instanceAt(far.file, catalog, far.node);
  else if (!far) {
    // `const api = webexClient()` where `webexClient` is imported.
    const init = file.constantInit(name);
    const call = init ? unwrap(init) : undefined;
    if (call?.type === 'CallExpression' && call.callee.type === 'Identifier') {
      const factory = file.importedValue(call.callee.name);
      if (factory && 'node' in factory) found = factoryInstance(factory.file, catalog, factory.node);
    }
  }
  memo.set(name, found ?? null);
  return found;
}

/** The instance a node of another module is (`axios.create(...)`, or a name or factory call holding one). */
function instanceAt(file: FileContext, catalog: LoadedCatalog, node: Node): HttpClientInstance | undefined {
  const where = file.locate(node) ?? { file, node };
  const target = unwrap(where.node);
  const instances = getClientInstances(where.file, catalog);
  for (const instance of instances.values()) if (instance.node === target) return instance;
  if (target.type === 'CallExpression' && target.callee.type === 'Identifier') {
    const made = instances.get(`${target.callee.name}()`);
    if (made) return made;
    const factory = where.file.importedValue(target.callee.name);
    if (factory && 'node' in factory) return factoryInstance(factory.file, catalog, factory.node);
  }
  return undefined;
}

/** The client a factory function of another module returns. */
function factoryInstance(file: FileContext, catalog: LoadedCatalog, fn: Node): HttpClientInstance | undefined {
  const where = file.locate(fn) ?? { file, node: fn };
  if (!isFunctionNode(where.node)) return undefined;
  const name = functionName(where.file, where.node);
  return name ? getClientInstances(where.file, catalog).get(`${name}()`) : undefined;
}

/**
 * Google Apps Script's `UrlFetchApp` (its HTTP client, a global of the script's runtime): the name when the file
 * binds it nowhere (no import, declaration, parameter or class of it) and its text calls `UrlFetchApp.fetch(`.
 */
export function isUrlFetchApp(file: FileContext, name: string): boolean {
  if (name !== 'UrlFetchApp') return false;
  return file.cached('requests:urlfetchapp', () => {
    if (!/\bUrlFetchApp\s*\.\s*fetch\s*\(/.test(file.text) || importSources(file).has(name)) return false;
    return !(file.nodes(T.VariableDeclarator).some((d) => d.id.type === 'Identifier' && d.id.name === name)
      || file.nodes(T.FunctionDeclaration).some((f) => f.id?.name === name)
      || file.nodes(T.ClassDeclaration).some((c) => c.id?.name === name)
      || [...file.nodes(T.FunctionDeclaration), ...file.nodes(T.FunctionExpression), ...file.nodes(T.ArrowFunctionExpression)].some((f) => f.params.some((p) => p.type === 'Identifier' && p.name === name)));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Shared configuration: headers a client adds to every request after it is made (issue 26 item 3: a header added
// there reaches every request of the client, so a fix there must be right for all of them).
// ---------------------------------------------------------------------------------------------------------------

/**
 * Whether `node` runs only under a condition within `fn` that may tell requests apart by what they send (an `if`,
 * `? :`, `&&`/`||`, a `switch` case reading the body, data, method or a method name): the test, if so. A test of
 * something else (`if (!req.headers.has('Content-Type'))`, `if (token)`) leaves the header on GETs and POSTs alike.
 */
function conditionOf(file: FileContext, node: Node, fn: Node): Node | undefined {
  for (const up of file.ancestors(node)) {
    if (up === fn) return undefined;
    let test: Node | undefined;
    if (up.type === 'IfStatement' || up.type === 'ConditionalExpression') test = up.test as Node;
    else if (up.type === 'LogicalExpression') test = up.left as Node;
    else if (up.type === 'SwitchCase') return up;
    if (test && BY_REQUEST.test(file.getText(test))) return test;
  }
  return undefined;
}

/** A test that may tell a request with a body from one without: it reads the body, data, method, or names a method. */
const BY_REQUEST = /\b(?:body|data|method|json|form|payload|verb)\b|['"`](?:get|post|put|patch|delete|head)['"`]/i;

/** The function a callback argument is (written in place, or a same-file function named by it). */
function callbackOf(file: FileContext, node: Node | undefined): (TSESTree.FunctionLike & Node) | undefined {
  if (!node) return undefined;
  const n = unwrap(node);
  if (isFunctionNode(n)) return n as TSESTree.FunctionLike & Node;
  if (n.type !== 'Identifier') return undefined;
  const init = resolveLocal(file, n);
  if (isFunctionNode(init)) return init as TSESTree.FunctionLike & Node;
  const fn = file.nodes(T.FunctionDeclaration).find((f) => f.id?.name === n.name);
  return fn;
}

/**
 * The headers a request callback sets on its parameter (`config`, `request`, `options`): `p.headers[K] = v`,
 * `p.headers.common[K] = v`, `p.headers.set(K, v)` / `.append(K, v)` / axios's `p.headers.setContentType(v)`,
 * `Object.assign(p.headers, { K: v })` and `p.headers = { ...p.headers, K: v }`. One written under a condition
 * in the callback carries it as `when` (the requests it goes with are not known here).
 */
function callbackHeaders(file: FileContext, fn: TSESTree.FunctionLike & Node, kind: SharedHeaderSource): RequestHeader[] {
  const first = fn.params[0];
  const param = first?.type === 'Identifier' ? first.name : first?.type === 'AssignmentPattern' && first.left.type === 'Identifier' ? first.left.name : undefined;
  if (!param) return [];
  const out: RequestHeader[] = [];
  const shared = { kind, param, fn };
  const isHeadersOf = (n: Node): boolean => {
    const u = unwrap(n);
    const name = dottedName(u);
    return name === `${param}.headers` || name === `${param}.headers.common`;
  };
  const add = (h: RequestHeader, at: Node): void => {
    const when = conditionOf(file, at, fn);
    out.push({ ...h, shared, ...(when ? { when } : {}) });
  };
  const inside = (n: Node): boolean => n.range[0] >= fn.range[0] && n.range[1] <= fn.range[1];
  for (const a of file.nodes(T.AssignmentExpression)) {
    if (!inside(a) || a.operator !== '=' || a.left.type !== 'MemberExpression') continue;
    if (isHeadersOf(a.left.object as Node)) {
      const name = memberName(a.left);
      if (name !== undefined) add({ name, assignment: a, value: a.right as Node }, a);
    } else if (dottedName(a.left) === `${param}.headers`) {
      const o = objectOf(file, a.right as Node);
      if (o) for (const h of headersOf(file, o).headers) if (h.property && file.parentOf(h.property) === o) add(h, a);
    }
  }
  for (const c of file.nodes(T.CallExpression)) {
    if (!inside(c) || c.callee.type !== 'MemberExpression') continue;
    const m = memberName(c.callee);
    const args = c.arguments as Node[];
    if ((m === 'set' || m === 'append') && isHeadersOf(c.callee.object as Node) && args[0] && args[1]) {
      const name = stringOf(file, args[0]);
      if (name?.complete) add({ name: name.value, call: c, value: args[1] }, c);
    } else if (m === 'setContentType' && isHeadersOf(c.callee.object as Node) && args[0]) {
      add({ name: 'Content-Type', call: c, value: args[0] }, c);
    } else if (dottedName(c.callee) === 'Object.assign' && args[0] && isHeadersOf(args[0])) {
      for (const a of args.slice(1)) {
        const o = objectOf(file, a);
        if (o) for (const h of headersOf(file, o).headers) if (h.property) add(h, c);
      }
    }
  }
  return out;
}

/** ky's and got's `hooks: { beforeRequest: [(request) => { request.headers.set(...) }] }`: headers every request gets. */
function hookHeaders(file: FileContext, hooks: Node | undefined): RequestHeader[] {
  const list = prop(objectOf(file, hooks), 'beforeRequest');
  const u = list ? unwrap(list) : undefined;
  if (u?.type !== 'ArrayExpression') return [];
  return u.elements.flatMap((e) => {
    const fn = e && e.type !== 'SpreadElement' ? callbackOf(file, e as Node) : undefined;
    return fn ? callbackHeaders(file, fn, 'hook') : [];
  });
}

/** Which methods a `defaults.headers.<scope>` applies to: every one for `common` (or none named), one for `get`, `post`... */
const DEFAULT_SCOPES = new Set([...METHODS, 'delete', 'common']);

/**
 * A configured client's (or the library's own default client's) configuration changed after it is made:
 * `api.defaults.baseURL = url`, `api.defaults.headers.common[K] = v` (`.post[K]`: POSTs only; `defaults.headers[K]`:
 * every request), `api.defaults.headers.common = { ... }`, and request interceptors
 * `api.interceptors.request.use((config) => { config.headers[K] = v; return config })`. The library's default
 * client (`axios.defaults...`, `axios.interceptors...`) is kept under the library's local name.
 */
function sharedConfiguration(file: FileContext, catalog: LoadedCatalog, out: Map<string, HttpClientInstance>): void {
  const target = (key: string | undefined, at: Node): HttpClientInstance | undefined => {
    if (key === undefined) return undefined;
    const known = out.get(key);
    if (known) return known;
    if (!/^[\w$]+$/.test(key) || clientOfIdentifier(file, key) !== 'axios') return undefined;
    const made: HttpClientInstance = { node: at, client: 'axios', isApi: false, headers: [] };
    out.set(key, made);
    return made;
  };
  for (const a of file.nodes(T.AssignmentExpression)) {
    if (a.operator !== '=' || a.left.type !== 'MemberExpression') continue;
    const objectName = dottedName(a.left.object as Node);
    const name = memberName(a.left);
    if (objectName === undefined || name === undefined || !objectName.includes('defaults')) continue;
    if (objectName.endsWith('.defaults') && name === 'baseURL') {
      const instance = target(objectName.slice(0, -'.defaults'.length), a);
      if (!instance) continue;
      instance.baseUrl = stringOf(file, a.right as Node);
      instance.isApi = isApiUrl(instance.baseUrl, catalog);
      continue;
    }
    // `x.defaults.headers[.scope][K] = v` or `x.defaults.headers[.scope] = { ... }`.
    const m = /^(.*)\.defaults\.headers(?:\.([\w$]+))?$/.exec(objectName);
    const whole = objectName.endsWith('.defaults') && name === 'headers' ? [objectName.slice(0, -'.defaults'.length), undefined] as const : undefined;
    let root: string | undefined;
    let scope: string | undefined;
    let headers: RequestHeader[] = [];
    if (m && (m[2] === undefined || DEFAULT_SCOPES.has(m[2]))) {
      root = m[1];
      scope = m[2];
      if (scope === undefined && DEFAULT_SCOPES.has(name)) {
        // `x.defaults.headers.common = { ... }`
        scope = name;
        const o = objectOf(file, a.right as Node);
        headers = o ? headersOf(file, o).headers.filter((h) => h.property !== undefined && file.parentOf(h.property) === o) : [];
      } else headers = [{ name, assignment: a, value: a.right as Node }];
    } else if (whole) {
      root = whole[0];
      const o = objectOf(file, a.right as Node);
      headers = o ? headersOf(file, o).headers.filter((h) => h.property !== undefined && file.parentOf(h.property) === o) : [];
    } else continue;
    const instance = target(root, a);
    if (!instance) continue;
    const methods = scope && scope !== 'common' ? [scope.toUpperCase()] : undefined;
    const when = conditionOf(file, a, enclosingScopeOf(file, a));
    for (const h of headers) instance.headers.push({ ...h, shared: { kind: 'defaults', ...(methods ? { methods } : {}) }, ...(when ? { when } : {}) });
  }
  for (const c of file.nodes(T.CallExpression)) {
    if (c.callee.type !== 'MemberExpression' || memberName(c.callee) !== 'use') continue;
    const on = dottedName(c.callee.object as Node);
    if (!on?.endsWith('.interceptors.request')) continue;
    const fn = callbackOf(file, c.arguments[0] as Node | undefined);
    if (!fn) continue;
    const instance = target(on.slice(0, -'.interceptors.request'.length), c);
    if (instance) instance.headers.push(...callbackHeaders(file, fn, 'interceptor'));
  }
}

/** The function (or program) a node is written in. */
function enclosingScopeOf(file: FileContext, node: Node): Node {
  for (const up of file.ancestors(node)) if (isFunctionNode(up) || up.type === 'Program') return up;
  return node;
}

/**
 * jQuery's `$.ajaxSetup({ headers: { ... } })`: headers every later `$.ajax` of the page sends. (Its `contentType`
 * setting is not one: jQuery sets the Content-Type from it only for a request that sends data.)
 */
export function ajaxSetupHeaders(file: FileContext): RequestHeader[] {
  return file.cached('requests:ajax-setup', () => {
    if (!file.text.includes('ajaxSetup')) return [];
    const out: RequestHeader[] = [];
    for (const c of file.nodes(T.CallExpression)) {
      if (c.callee.type !== 'MemberExpression' || memberName(c.callee) !== 'ajaxSetup') continue;
      const object = unwrap(c.callee.object);
      if (object.type !== 'Identifier' || !isJqueryName(file, object.name)) continue;
      const settings = objectOf(file, c.arguments[0] as Node | undefined);
      const when = conditionOf(file, c, enclosingScopeOf(file, c));
      for (const h of headersOf(file, prop(settings, 'headers')).headers) out.push({ ...h, inherited: true, shared: { kind: 'ajax-setup' }, ...(when ? { when } : {}) });
    }
    return out;
  });
}

/** `$`/`jQuery` of jQuery for `$.ajaxSetup` (imported from `jquery`, or bound nowhere). */
function isJqueryName(file: FileContext, name: string): boolean {
  if (name !== '$' && name !== 'jQuery') return false;
  const src = importSources(file).get(name);
  return src === undefined ? isUnbound(file, name) : src === 'jquery';
}

/**
 * Headers an Angular `HttpInterceptor` adds to every request of the app's `HttpClient`: in a class method
 * `intercept(req, next)`, `req.clone({ setHeaders: { K: v } })`, `req.clone({ headers: req.headers.set(K, v) })`.
 * Each carries its `when` when written under a condition in the method.
 */
export function angularInterceptorHeaders(file: FileContext): RequestHeader[] {
  return file.cached('requests:angular-interceptors', () => {
    if (!file.text.includes('intercept') && !file.text.includes('Interceptor')) return [];
    const out: RequestHeader[] = [];
    const interceptors: Array<TSESTree.FunctionLike> = [];
    for (const m of file.nodes(T.MethodDefinition)) {
      if (m.key.type === 'Identifier' && m.key.name === 'intercept' && m.value.params.length >= 2) interceptors.push(m.value);
    }
    // A functional interceptor (Angular 15+, `withInterceptors([fn])`): a function typed `HttpInterceptorFn`, or
    // one whose second parameter is typed `HttpHandlerFn`.
    if (file.text.includes('HttpInterceptorFn') || file.text.includes('HttpHandlerFn')) {
      for (const d of file.nodes(T.VariableDeclarator)) {
        const init = d.init ? unwrap(d.init as Node) : undefined;
        const typed = d.id.type === 'Identifier' && d.id.typeAnnotation && file.text.slice(d.id.typeAnnotation.range[0], d.id.typeAnnotation.range[1]).includes('HttpInterceptorFn');
        if (init && (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') && init.params.length >= 2 && (typed || handlerTyped(file, init))) interceptors.push(init);
      }
      for (const f of file.nodes(T.FunctionDeclaration)) if (f.params.length >= 2 && handlerTyped(file, f)) interceptors.push(f);
    }
    for (const fn of interceptors) {
      const first = fn.params[0];
      const param = first.type === 'Identifier' ? first.name : undefined;
      if (!param) continue;
      const shared = { kind: 'angular-interceptor' as const, param, fn };
      for (const c of file.nodes(T.CallExpression)) {
        if (c.range[0] < fn.range[0] || c.range[1] > fn.range[1] || c.callee.type !== 'MemberExpression') continue;
        const name = memberName(c.callee);
        const args = c.arguments as Node[];
        const when = conditionOf(file, c, fn);
        if (name === 'clone' && dottedName(c.callee.object as Node) === param) {
          const options = objectOf(file, args[0]);
          const set = objectOf(file, prop(options, 'setHeaders'));
          if (set) for (const h of headersOf(file, set).headers) if (h.property) out.push({ ...h, shared, ...(when ? { when } : {}) });
        } else if ((name === 'set' || name === 'append') && dottedName(c.callee.object as Node) === `${param}.headers` && args[0] && args[1]) {
          const header = stringOf(file, args[0]);
          if (header?.complete) out.push({ name: header.value, call: c, value: args[1], shared, ...(when ? { when } : {}) });
        }
      }
    }
    return out;
  });
}

/** A function whose second parameter is typed `HttpHandlerFn` (an Angular functional interceptor's `next`). */
function handlerTyped(file: FileContext, fn: TSESTree.FunctionLike): boolean {
  const second = fn.params[1];
  const annotation = second?.type === 'Identifier' ? second.typeAnnotation : undefined;
  return annotation !== undefined && /\bHttpHandlerFn\b/.test(file.text.slice(annotation.range[0], annotation.range[1]));
}
