/**
 * Call sites of the API model: the shared understanding of HTTP calls: which calls in a file are requests (fetch, axios and its
 * instances, got, ky, superagent chains, node http(s), and axios-like `client.get(url)` calls of unknown
 * clients), their method, URL (folded through constants, templates, concatenation, `new URL` and a
 * client's base URL), headers, body and query. Detectors ask "where does this object end up?" here.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { boundNames, concatStatic, dottedName, foldTemplate, findProperty, joinUrl, memberName, propertyKeyName, unwrap, UNKNOWN, type FileContext, type Node, type StaticString } from '../ast.js';
import type { LoadedCatalog } from '../catalog.js';
import { isApiUrl } from './url.js';

/** The library that sends a request (`unknown`: an axios-like `client.get(url, ...)` of an unidentified client). */
export type HttpClient = 'fetch' | 'axios' | 'got' | 'ky' | 'superagent' | 'http' | 'unknown';

/** One header as written in the source. */
export interface RequestHeader {
  /** The header name as written. */
  name: string;
  /** The object property holding it; absent for superagent's `.set(name, value)`. */
  property?: TSESTree.Property;
  /** The `.set(name, value)` call of a superagent chain. */
  call?: TSESTree.CallExpression;
  /** The header's value expression. */
  value: TSESTree.Node;
  /** Set by a client instance (`axios.create({ headers })`), so shared by all of its requests. */
  inherited?: boolean;
}

/** What a request sends as its body. */
export interface RequestBody {
  /** The body expression as written. */
  node: TSESTree.Node;
  /** The object literal sent, followed through `JSON.stringify(...)`, `URLSearchParams` and same-function/const variables. */
  object?: TSESTree.ObjectExpression;
  /** json: JSON.stringify / axios-got-ky object body / `json:` option; form: URLSearchParams / qs.stringify / form string. */
  format: 'json' | 'form' | 'text' | 'unknown';
}

/** One HTTP request found in a file. */
export interface HttpRequest {
  node: TSESTree.CallExpression | TSESTree.NewExpression;
  client: HttpClient;
  /** Upper case when statically known (defaults: fetch GET, axios.get GET, ...). */
  method?: string;
  /** The URL folded through constants, templates, concatenation, `new URL(path, base)` and a client's base URL. */
  url?: StaticString;
  urlNode?: TSESTree.Node;
  /** The URL resolves to a catalog API host or a known API path. */
  isApi: boolean;
  headers: RequestHeader[];
  headersNode?: TSESTree.ObjectExpression;
  body?: RequestBody;
  /** axios `params`, got `searchParams`, ky `searchParams`, superagent `.query({...})`. */
  query?: TSESTree.ObjectExpression;
  /** The config/init object. */
  options?: TSESTree.ObjectExpression;
  /**
   * Set when the request is made through a same-file wrapper (`this.call('PUT', '/telephony/...', body)`): the
   * request inside the wrapper and the wrapper function. `node` is then the wrapper's call site; headers
   * written inside the wrapper are shared by all its calls and marked `inherited`.
   */
  wrapper?: { request: HttpRequest; function: TSESTree.Node };
}

/** A configured client: `axios.create({ baseURL })`, `got.extend({ prefixUrl })`, `ky.create({ prefixUrl })`. */
export interface HttpClientInstance {
  node: TSESTree.CallExpression;
  client: HttpClient;
  baseUrl?: StaticString;
  isApi: boolean;
  headers: RequestHeader[];
  headersNode?: TSESTree.ObjectExpression;
  options?: TSESTree.ObjectExpression;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
const BODY_METHODS = new Set(['post', 'put', 'patch']);

const isFunctionNode = (n: Node): boolean => n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'FunctionDeclaration';

/** Case-insensitive header lookup (the last one written wins, as at run time). */
export function findHeader(request: { headers: readonly RequestHeader[] }, name: string): RequestHeader | undefined {
  const lower = name.toLowerCase();
  let found: RequestHeader | undefined;
  for (const h of request.headers) if (h.name.toLowerCase() === lower) found = h;
  return found;
}

// ---------------------------------------------------------------------------------------------

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

function libraryOf(source: string | undefined): HttpClient | undefined {
  if (!source) return undefined;
  const base = source.replace(/^node:/, '');
  if (base === 'axios') return 'axios';
  if (base === 'got') return 'got';
  if (base === 'ky' || base === 'ky-universal') return 'ky';
  if (base === 'superagent' || base === 'supertest') return base === 'superagent' ? 'superagent' : undefined;
  if (base === 'http' || base === 'https') return 'http';
  if (base === 'node-fetch' || base === 'cross-fetch' || base === 'undici#fetch' || base === 'node-fetch#default' || base === 'cross-fetch#default') return 'fetch';
  if (base === 'http#request' || base === 'https#request' || base === 'http#get' || base === 'https#get') return 'http';
  if (base === 'got#got') return 'got';
  return undefined;
}

/** The client library an identifier stands for (by import, or by its conventional global name). */
function clientOfIdentifier(file: FileContext, name: string): HttpClient | undefined {
  const src = importSources(file).get(name);
  const lib = libraryOf(src);
  if (lib) return lib;
  if (src !== undefined) return undefined;
  if (name === 'fetch') return 'fetch';
  if (name === 'axios') return 'axios';
  if (name === 'got') return 'got';
  if (name === 'ky') return 'ky';
  if (name === 'superagent') return 'superagent';
  return undefined;
}

/** Resolves an identifier to the initializer of its declaration in the nearest enclosing scope (or a file const). */
export function resolveLocal(file: FileContext, node: Node): Node {
  let current = unwrap(node);
  for (let i = 0; i < 6 && current.type === 'Identifier'; i++) {
    const init = localInit(file, current);
    if (!init) break;
    current = unwrap(init);
  }
  return current;
}

function enclosingScope(file: FileContext, node: Node): Node {
  for (const a of file.ancestors(node)) if (isFunctionNode(a) || a.type === 'Program') return a;
  return file.ast;
}

function localInit(file: FileContext, id: TSESTree.Identifier): Node | undefined {
  const decls = file.cached('requests:declarators', () => {
    const map = new Map<string, TSESTree.VariableDeclarator[]>();
    for (const d of file.nodes(T.VariableDeclarator)) {
      if (d.id.type !== 'Identifier') continue;
      const list = map.get(d.id.name) ?? [];
      list.push(d);
      map.set(d.id.name, list);
    }
    return map;
  });
  const candidates = decls.get(id.name);
  if (!candidates) return undefined;
  // Walk outwards: the innermost scope holding a single declaration of the name wins.
  for (let scope: Node | undefined = enclosingScope(file, id); scope; scope = scope.type === 'Program' ? undefined : enclosingScope(file, scope)) {
    // A parameter of an enclosing function shadows every outer declaration of the name.
    if (isFunctionNode(scope) && (scope as TSESTree.FunctionLike).params.some((p) => boundNames(p).includes(id.name))) return undefined;
    const here = candidates.filter((d) => enclosingScope(file, d) === scope);
    if (here.length === 0) continue;
    if (here.length > 1) return undefined;
    const d = here[0];
    if (d === file.parentOf(id)) return undefined;
    const kind = (file.parentOf(d) as TSESTree.VariableDeclaration | undefined)?.kind;
    if (kind !== 'const' && !isInitialValueSeen(file, id, scope)) return undefined;
    return d.init ?? undefined;
  }
  return undefined;
}

/** Assignments (`x = `, `x += `, destructuring, `x++`, `for (x of ...)`) to a name within a scope, as the assigning nodes. */
function assignmentsTo(file: FileContext, name: string, scope: Node): Node[] {
  const all = file.cached('requests:assignments', () => {
    const map = new Map<string, Node[]>();
    const add = (target: Node, by: Node): void => {
      for (const n of patternIdentifiers(target)) {
        const list = map.get(n.name) ?? [];
        list.push(by);
        map.set(n.name, list);
      }
    };
    for (const a of file.nodes(T.AssignmentExpression)) add(a.left, a);
    for (const u of file.nodes(T.UpdateExpression)) add(u.argument, u);
    for (const f of [...file.nodes(T.ForOfStatement), ...file.nodes(T.ForInStatement)]) if (f.left.type !== 'VariableDeclaration') add(f.left, f);
    return map;
  });
  return (all.get(name) ?? []).filter((a) => a.range[0] >= scope.range[0] && a.range[1] <= scope.range[1]);
}

function patternIdentifiers(node: Node): TSESTree.Identifier[] {
  const n = unwrap(node);
  switch (n.type) {
    case 'Identifier': return [n];
    case 'ObjectPattern': return n.properties.flatMap((p) => patternIdentifiers(p.type === 'RestElement' ? p.argument : (p.value as Node)));
    case 'ArrayPattern': return n.elements.flatMap((e) => (e ? patternIdentifiers(e) : []));
    case 'RestElement': return patternIdentifiers(n.argument);
    case 'AssignmentPattern': return patternIdentifiers(n.left);
    default: return [];
  }
}

/**
 * Whether a `let` still holds its initial value when `use` first runs: no assignment is written before the
 * use, and the use is not inside a nested function (which could run after any of them). A `let url = first;
 * while (url) { get(url); url = next; }` loop sends its initial value first, so that value is one it sends.
 */
function isInitialValueSeen(file: FileContext, use: TSESTree.Identifier, scope: Node): boolean {
  const assignments = assignmentsTo(file, use.name, scope);
  if (assignments.length === 0) return true;
  if (enclosingScope(file, use) !== scope) return false;
  return assignments.every((a) => {
    if (a.range[0] > use.range[1]) return true;
    // A use inside the assignment's right-hand side reads the value before it changes (`next = get(next)`).
    return a.type === 'AssignmentExpression' && use.range[0] >= a.right.range[0] && use.range[1] <= a.right.range[1];
  });
}

/** An object literal an expression stands for (through variables, `as`, parentheses). */
function objectOf(file: FileContext, node: Node | null | undefined): TSESTree.ObjectExpression | undefined {
  if (!node) return undefined;
  const n = resolveLocal(file, node);
  return n.type === 'ObjectExpression' ? n : undefined;
}

/** Folds a string, following same-function variables as well as file constants. */
function stringOf(file: FileContext, node: Node | null | undefined): StaticString | undefined {
  if (!node) return undefined;
  const direct = file.staticString(node);
  if (direct?.complete) return direct;
  const n = unwrap(node);
  if (n.type === 'Identifier') {
    const init = localInit(file, n);
    if (init) return file.staticString(init) ?? direct;
  }
  // Re-fold template parts through locals (`${base}/rooms` with a function-local `base`).
  if (n.type === 'TemplateLiteral' && direct) return foldTemplate(n, (e) => stringOf(file, e));
  if (n.type === 'BinaryExpression' && n.operator === '+') return concatStatic(stringOf(file, n.left as Node), stringOf(file, n.right));
  return direct;
}

/** The base URL (client instance, `baseURL`, `prefixUrl`) a request's URL was resolved against. */
const requestBases = new WeakMap<HttpRequest, StaticString | undefined>();

function based(r: HttpRequest, url: StaticString | undefined, base: StaticString | undefined): StaticString | undefined {
  requestBases.set(r, base);
  return withBase(url, base);
}

function withBase(url: StaticString | undefined, base: StaticString | undefined): StaticString | undefined {
  if (!base) return url;
  if (!url) return { value: base.value + UNKNOWN, complete: false };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url.value)) return url;
  const b = base.value.replace(/\/+$/, '');
  const p = url.value.startsWith('/') || url.value.startsWith(UNKNOWN) ? url.value : `/${url.value}`;
  return { value: b + p, complete: base.complete && url.complete };
}

function headersFromObject(file: FileContext, object: TSESTree.ObjectExpression, depth = 0): RequestHeader[] {
  const out: RequestHeader[] = [];
  for (const p of object.properties) {
    if (p.type === 'SpreadElement') {
      const spread = depth < 3 ? objectOf(file, p.argument) : undefined;
      if (spread) out.push(...headersFromObject(file, spread, depth + 1));
      continue;
    }
    const name = propertyKeyName(p);
    if (name !== undefined) out.push({ name, property: p, value: p.value as Node });
  }
  return out;
}

/** Headers of a `headers:` value: an object literal, `new Headers({...})`, or a variable holding either. */
function headersOf(file: FileContext, node: Node | undefined): { headers: RequestHeader[]; object?: TSESTree.ObjectExpression } {
  if (!node) return { headers: [] };
  let n = resolveLocal(file, node);
  if (n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'Headers' && n.arguments[0]) n = resolveLocal(file, n.arguments[0] as Node);
  if (n.type !== 'ObjectExpression') return { headers: [] };
  return { headers: headersFromObject(file, n), object: n };
}

function isFormContentType(headers: readonly RequestHeader[], file: FileContext): boolean {
  const ct = findHeader({ headers }, 'content-type');
  const v = ct ? stringOf(file, ct.value) : undefined;
  return !!v && /application\/x-www-form-urlencoded/i.test(v.value);
}

/** Classifies a body expression as written (fetch `body:`, got/ky `body:`, http `write`). */
function bodyOf(file: FileContext, node: Node, objectBodyFormat: RequestBody['format'] | undefined): RequestBody {
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
  return { node, format: 'unknown' };
}

function prop(object: TSESTree.ObjectExpression | undefined, name: string): Node | undefined {
  const p = object ? findProperty(object, name) : undefined;
  return p ? (p.value as Node) : undefined;
}

function methodOf(file: FileContext, node: Node | undefined): string | undefined {
  const s = node ? stringOf(file, node) : undefined;
  return s?.complete ? s.value.toUpperCase() : undefined;
}

/** Builds the pieces every config-object client shares. */
function fromConfig(
  file: FileContext,
  request: HttpRequest,
  config: TSESTree.ObjectExpression | undefined,
  instance: HttpClientInstance | undefined,
  bodyKeys: { data?: string; json?: string; form?: string; body?: string; query?: string },
): void {
  request.options = config;
  const h = headersOf(file, prop(config, 'headers'));
  request.headers = [...(instance?.headers ?? []).map((x) => ({ ...x, inherited: true })), ...h.headers];
  request.headersNode = h.object;
  if (bodyKeys.query) {
    const q = objectOf(file, prop(config, bodyKeys.query));
    if (q) request.query = q;
  }
  const form = isFormContentType(request.headers, file);
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

function finish(request: HttpRequest, catalog: LoadedCatalog): HttpRequest {
  request.isApi = isApiUrl(request.url, catalog);
  return request;
}

/** The name of a function node: its declaration's, or the variable's it is assigned to. */
function functionName(file: FileContext, fn: Node): string | undefined {
  if (fn.type === 'FunctionDeclaration') return fn.id?.name;
  const parent = file.parentOf(fn);
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' && parent.init && unwrap(parent.init) === fn) return parent.id.name;
  return undefined;
}

/** The parent of an expression, skipping TS wrappers (`as`, `!`, `satisfies`). */
function outerParent(file: FileContext, node: Node): { parent: Node | undefined; node: Node } {
  let current = node;
  let parent = file.parentOf(current);
  while (parent && (parent.type === 'TSAsExpression' || parent.type === 'TSNonNullExpression' || parent.type === 'TSSatisfiesExpression' || parent.type === 'TSTypeAssertion')) {
    current = parent;
    parent = file.parentOf(current);
  }
  return { parent, node: current };
}

/**
 * Where a configured client is kept: a variable (`api`), a member (`this.http`, from an assignment or a class
 * field), the return value of a named function (`webexClient()`), or nowhere nameable (`#<offset>`).
 */
function instanceKey(file: FileContext, call: TSESTree.CallExpression): string {
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
      if (method !== 'create' && method !== 'extend') continue;
      const objectNode = unwrap(init.callee.object);
      let client: HttpClient | undefined;
      let parent: HttpClientInstance | undefined;
      const objectKey = dottedName(objectNode);
      if (objectNode.type === 'Identifier') client = clientOfIdentifier(file, objectNode.name);
      if (objectKey !== undefined) {
        parent = out.get(objectKey);
        client ??= parent?.client;
      }
      if (!client || !((client === 'axios' && method === 'create') || ((client === 'got' || client === 'ky') && (method === 'extend' || method === 'create')))) continue;
      const config = objectOf(file, init.arguments[0] as Node | undefined);
      const baseNode = prop(config, client === 'axios' ? 'baseURL' : 'prefixUrl');
      const baseUrl = withBase(baseNode ? stringOf(file, baseNode) : undefined, parent?.baseUrl) ?? parent?.baseUrl;
      const h = headersOf(file, prop(config, 'headers'));
      out.set(instanceKey(file, init), {
        node: init,
        client,
        baseUrl,
        isApi: isApiUrl(baseUrl, catalog),
        headers: [...(parent?.headers ?? []), ...h.headers],
        headersNode: h.object,
        options: config,
      });
    }
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

/** A receiver name that reads as an HTTP client (`this.http`, `apiClient`, `rest`), for wrapper candidates. */
const CLIENT_LIKE = /(^|\.)[\w$]*(http|client|api|axios|rest|request)[\w$]*$/i;

function analyzeCall(
  file: FileContext,
  call: TSESTree.CallExpression,
  catalog: LoadedCatalog,
  instances: Map<string, HttpClientInstance>,
  speculative?: HttpRequest[],
): HttpRequest | undefined {
  const callee = unwrap(call.callee as Node);
  const args = call.arguments as Node[];
  const make = (client: HttpClient): HttpRequest => ({ node: call, client, isApi: false, headers: [] });

  // fetch(url, init) / window.fetch / globalThis.fetch / node-fetch import
  const calleeId = callee.type === 'Identifier' ? callee.name : undefined;
  const globalFetch = callee.type === 'MemberExpression' && memberName(callee) === 'fetch' && /^(window|globalThis|self|global)$/.test(dottedName(callee.object) ?? '');
  if ((calleeId && clientOfIdentifier(file, calleeId) === 'fetch') || globalFetch) {
    if (!args[0]) return undefined;
    const r = make('fetch');
    const first = resolveLocal(file, args[0]);
    if (first.type === 'NewExpression' && first.callee.type === 'Identifier' && first.callee.name === 'Request') {
      r.urlNode = first.arguments[0] as Node;
      r.url = stringOf(file, r.urlNode);
    } else {
      r.urlNode = args[0];
      r.url = stringOf(file, args[0]);
    }
    const init = objectOf(file, args[1]);
    r.method = init ? (prop(init, 'method') ? methodOf(file, prop(init, 'method')) : 'GET') : 'GET';
    fromConfig(file, r, init, undefined, { body: 'body' });
    return finish(r, catalog);
  }

  if (calleeId) {
    const client = clientOfIdentifier(file, calleeId);
    const instance = instances.get(calleeId);
    const kind = client ?? instance?.client;
    if (kind === 'axios') {
      // axios(config) or axios(url, config)
      const r = make('axios');
      const firstObj = objectOf(file, args[0]);
      const config = firstObj ?? objectOf(file, args[1]);
      if (!firstObj && args[0]) {
        r.urlNode = args[0];
        r.url = stringOf(file, args[0]);
      } else if (prop(config, 'url')) {
        r.urlNode = prop(config, 'url');
        r.url = stringOf(file, r.urlNode);
      }
      r.url = based(r, r.url, prop(config, 'baseURL') ? stringOf(file, prop(config, 'baseURL')) : instance?.baseUrl);
      r.method = prop(config, 'method') ? methodOf(file, prop(config, 'method')) : 'GET';
      fromConfig(file, r, config, instance, { data: 'data', query: 'params' });
      return finish(r, catalog);
    }
    if (kind === 'got' || kind === 'ky') {
      if (!args[0] || objectOf(file, args[0])) return undefined;
      const r = make(kind);
      r.urlNode = args[0];
      const config = objectOf(file, args[1]);
      r.url = based(r, stringOf(file, args[0]), prop(config, 'prefixUrl') ? stringOf(file, prop(config, 'prefixUrl')) : instance?.baseUrl);
      r.method = prop(config, 'method') ? methodOf(file, prop(config, 'method')) : 'GET';
      fromConfig(file, r, config, instance, { json: 'json', form: 'form', body: 'body', query: 'searchParams' });
      return finish(r, catalog);
    }
    return undefined;
  }

  if (callee.type !== 'MemberExpression') return undefined;
  const method = memberName(callee);
  if (!method) return undefined;
  const objectNode = unwrap(callee.object);
  const objectName = objectNode.type === 'Identifier' ? objectNode.name : undefined;
  const lib = objectName ? clientOfIdentifier(file, objectName) : undefined;
  const objectKey = dottedName(objectNode);
  const instance = objectKey !== undefined ? instances.get(objectKey) : undefined;
  const kind: HttpClient = lib ?? instance?.client ?? 'unknown';

  // node http(s).request(url|options[, options], cb) / .get
  if (kind === 'http') {
    if (method !== 'request' && method !== 'get') return undefined;
    const r = make('http');
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
    const body = httpWrittenBody(file, call);
    if (body) r.body = body;
    return finish(r, catalog);
  }

  if (kind === 'superagent') {
    if (!METHODS.has(method) && method !== 'del') return undefined;
    const r = make('superagent');
    r.method = method === 'del' ? 'DELETE' : method.toUpperCase();
    if (args[0]) {
      r.urlNode = args[0];
      r.url = stringOf(file, args[0]);
    }
    superagentChain(file, call, r);
    return finish(r, catalog);
  }

  if (kind === 'axios' || kind === 'got' || kind === 'ky' || kind === 'unknown') {
    const isRequestMethod = method === 'request' && (kind === 'axios' || kind === 'unknown');
    if (!METHODS.has(method) && !isRequestMethod) return undefined;
    if (!args[0] || args.some((a) => isFunctionNode(unwrap(a)))) return undefined; // `app.get('/path', handler)` is a route
    const r = make(kind);
    if (isRequestMethod) {
      const config = objectOf(file, args[0]);
      if (!config) return undefined;
      r.urlNode = prop(config, 'url');
      r.url = based(r, r.urlNode ? stringOf(file, r.urlNode) : undefined, prop(config, 'baseURL') ? stringOf(file, prop(config, 'baseURL')) : instance?.baseUrl);
      r.method = prop(config, 'method') ? methodOf(file, prop(config, 'method')) : 'GET';
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
      const config = objectOf(file, BODY_METHODS.has(method) ? args[2] : args[1]);
      r.url = based(r, url, prop(config, 'baseURL') ? stringOf(file, prop(config, 'baseURL')) : instance?.baseUrl);
      fromConfig(file, r, config, instance, { query: 'params' });
      if (dataArg) r.body = bodyOf(file, dataArg, isFormContentType(r.headers, file) ? 'form' : 'json');
    } else {
      const config = objectOf(file, args[1]);
      r.url = based(r, url, prop(config, 'prefixUrl') ? stringOf(file, prop(config, 'prefixUrl')) : instance?.baseUrl);
      fromConfig(file, r, config, instance, { json: 'json', form: 'form', body: 'body', query: 'searchParams' });
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
  return undefined;
}

/** `.set()`, `.send()`, `.type()`, `.query()` calls chained on a superagent request. */
function superagentChain(file: FileContext, call: TSESTree.CallExpression, r: HttpRequest): void {
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
function httpWrittenBody(file: FileContext, call: TSESTree.CallExpression): RequestBody | undefined {
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

/** Every HTTP request of a file, in document order (memoized per file). */
export function getRequests(file: FileContext, catalog: LoadedCatalog): HttpRequest[] {
  return file.cached('requests', () => {
    const instances = getClientInstances(file, catalog);
    const out: HttpRequest[] = [];
    const speculative: HttpRequest[] = [];
    for (const call of file.nodes(T.CallExpression)) {
      const r = analyzeCall(file, call, catalog, instances, speculative);
      if (r) out.push(r);
    }
    // A call of a same-file wrapper is read through the wrapper, even when it looks like `client.get(url, config)`.
    const known = new Set(out.filter((r) => r.client !== 'unknown').map((r) => r.node));
    const wrapped = wrapperRequests(file, catalog, [...out, ...speculative], known);
    if (wrapped.length === 0) return out;
    const replaced = new Set(wrapped.map((r) => r.node));
    return [...out.filter((r) => !replaced.has(r.node)), ...wrapped].sort((a, b) => a.node.range[0] - b.node.range[0]);
  });
}

// ---------------------------------------------------------------------------------------------
// Same-file wrappers: `private call(method, path, body) { return fetch(`${BASE}${path}`, { method, body }) }`
// called as `this.call('PUT', '/telephony/...', { ... })`. One level of indirection, within the file.
// ---------------------------------------------------------------------------------------------

type Substitution = ReadonlyMap<string, Node | undefined>;

/** Parameter names of a function by position; a rest parameter ends the list. */
function parameterNames(fn: Node): string[] {
  if (!isFunctionNode(fn)) return [];
  const out: string[] = [];
  for (const p of (fn as TSESTree.FunctionLike).params) {
    const n = p.type === 'AssignmentPattern' ? p.left : p;
    if (n.type !== 'Identifier') {
      if (n.type === 'RestElement') break;
      out.push('');
      continue;
    }
    out.push(n.name);
  }
  return out;
}

/** The class body whose `this` a node sees (through arrow functions), if any. */
function thisClassOf(file: FileContext, node: Node): TSESTree.ClassBody | undefined {
  for (const a of file.ancestors(node)) {
    if (a.type === 'ArrowFunctionExpression') continue;
    if (a.type === 'FunctionExpression') {
      const owner = file.parentOf(a);
      return owner?.type === 'MethodDefinition' && file.parentOf(owner)?.type === 'ClassBody' ? (file.parentOf(owner) as TSESTree.ClassBody) : undefined;
    }
    if (a.type === 'FunctionDeclaration') return undefined;
    if (a.type === 'PropertyDefinition' || a.type === 'StaticBlock') return file.parentOf(a)?.type === 'ClassBody' ? (file.parentOf(a) as TSESTree.ClassBody) : undefined;
  }
  return undefined;
}

/**
 * Calls of a wrapper function in the same file: `name(...)` for a function, `this.name(...)` for a class member
 * (inside the same class), `api.name(...)` for a method of an object literal held in `const api`.
 */
function callSitesOf(file: FileContext, fn: Node): TSESTree.CallExpression[] {
  const memo = file.cached('requests:call-sites', () => new Map<Node, TSESTree.CallExpression[]>());
  let sites = memo.get(fn);
  if (!sites) memo.set(fn, (sites = findCallSites(file, fn)));
  return sites;
}

function findCallSites(file: FileContext, fn: Node): TSESTree.CallExpression[] {
  const name = functionName(file, fn);
  if (name) {
    return file.nodes(T.CallExpression).filter((c) => {
      const callee = unwrap(c.callee as Node);
      return callee.type === 'Identifier' && callee.name === name && !(c.range[0] >= fn.range[0] && c.range[1] <= fn.range[1]);
    });
  }
  const owner = file.parentOf(fn);
  if ((owner?.type === 'MethodDefinition' && owner.kind === 'method') || (owner?.type === 'PropertyDefinition' && owner.value === fn)) {
    if (owner.static) return [];
    const member = propertyKeyName(owner);
    const body = file.parentOf(owner);
    if (member === undefined || body?.type !== 'ClassBody') return [];
    return file.nodes(T.CallExpression).filter((c) => {
      const callee = unwrap(c.callee as Node);
      return (
        callee.type === 'MemberExpression' &&
        unwrap(callee.object).type === 'ThisExpression' &&
        memberName(callee) === member &&
        !(c.range[0] >= fn.range[0] && c.range[1] <= fn.range[1]) &&
        thisClassOf(file, c) === body
      );
    });
  }
  // `const api = { call(method, path, body) {...} }` called as `api.call(...)`.
  if (owner?.type === 'Property' && owner.value === fn && !owner.computed) {
    const member = propertyKeyName(owner);
    const object = file.parentOf(owner);
    const holder = object ? outerParent(file, object) : undefined;
    const decl = holder?.parent;
    if (member === undefined || decl?.type !== 'VariableDeclarator' || decl.init !== holder!.node || decl.id.type !== 'Identifier') return [];
    if ((file.parentOf(decl) as TSESTree.VariableDeclaration | undefined)?.kind !== 'const') return [];
    const holderName = decl.id.name;
    return file.nodes(T.CallExpression).filter((c) => {
      const callee = unwrap(c.callee as Node);
      return callee.type === 'MemberExpression' && dottedName(callee.object) === holderName && memberName(callee) === member && !(c.range[0] >= fn.range[0] && c.range[1] <= fn.range[1]);
    });
  }
  return [];
}

/** The parameter an expression is (`path`, `method.toUpperCase()`), or undefined. */
function parameterOf(node: Node | undefined, params: readonly string[]): string | undefined {
  if (!node) return undefined;
  let n = unwrap(node);
  if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && /^(toUpperCase|toLowerCase)$/.test(memberName(n.callee) ?? '') && n.arguments.length === 0) n = unwrap(n.callee.object);
  return n.type === 'Identifier' && n.name !== '' && params.includes(n.name) ? n.name : undefined;
}

/** A URL expression inside the wrapper, through one function-local variable (`const url = `${BASE}${path}``). */
function wrapperUrlExpression(file: FileContext, urlNode: Node, params: readonly string[]): Node {
  const n = unwrap(urlNode);
  if (n.type === 'Identifier' && !params.includes(n.name)) {
    const init = localInit(file, n);
    if (init) return unwrap(init);
  }
  return n;
}

/** Whether a URL expression uses one of the parameters (templates, `+`, `new URL(path, base)`). */
function usesParameter(node: Node, params: readonly string[], depth = 0): boolean {
  const n = unwrap(node);
  if (depth > 6) return false;
  if (n.type === 'Identifier') return params.includes(n.name);
  if (n.type === 'TemplateLiteral') return n.expressions.some((e) => usesParameter(e as Node, params, depth + 1));
  if (n.type === 'BinaryExpression' && n.operator === '+') return usesParameter(n.left as Node, params, depth + 1) || usesParameter(n.right, params, depth + 1);
  if (n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'URL') return n.arguments.some((a) => usesParameter(a as Node, params, depth + 1));
  return false;
}

/** Folds a wrapper's URL expression with its parameters replaced by a call site's arguments. */
function foldWith(file: FileContext, node: Node, subst: Substitution, depth = 0): StaticString | undefined {
  const n = unwrap(node);
  if (depth > 6) return undefined;
  if (n.type === 'Identifier' && subst.has(n.name)) {
    const arg = subst.get(n.name);
    return arg ? stringOf(file, arg) : undefined;
  }
  if (n.type === 'TemplateLiteral') return foldTemplate(n, (e) => foldWith(file, e, subst, depth + 1));
  if (n.type === 'BinaryExpression' && n.operator === '+') return concatStatic(foldWith(file, n.left as Node, subst, depth + 1), foldWith(file, n.right, subst, depth + 1));
  if (n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'URL' && n.arguments[0]) {
    const path = foldWith(file, n.arguments[0] as Node, subst, depth + 1);
    const base = n.arguments[1] ? foldWith(file, n.arguments[1] as Node, subst, depth + 1) : undefined;
    if (!path) return base ? { value: base.value + UNKNOWN, complete: false } : undefined;
    if (!base || /^[a-z]+:\/\//i.test(path.value)) return path;
    return { value: joinUrl(base.value, path.value), complete: base.complete && path.complete };
  }
  return stringOf(file, n);
}

/** How a wrapper's body expression carries a parameter: `body`, `JSON.stringify(body)`, `body ? JSON.stringify(body) : undefined`. */
function bodyParameter(node: Node | undefined, params: readonly string[]): { name: string; format?: RequestBody['format'] } | undefined {
  if (!node) return undefined;
  const n = unwrap(node);
  if (n.type === 'ConditionalExpression') {
    const isEmpty = (e: Node): boolean => {
      const u = unwrap(e);
      return (u.type === 'Identifier' && u.name === 'undefined') || (u.type === 'Literal' && u.value === null);
    };
    if (isEmpty(n.alternate)) return bodyParameter(n.consequent, params);
    if (isEmpty(n.consequent)) return bodyParameter(n.alternate, params);
    return undefined;
  }
  if (n.type === 'Identifier') return params.includes(n.name) ? { name: n.name } : undefined;
  if (n.type === 'CallExpression' && dottedName(n.callee) === 'JSON.stringify' && n.arguments[0]) {
    const inner = unwrap(n.arguments[0] as Node);
    return inner.type === 'Identifier' && params.includes(inner.name) ? { name: inner.name, format: 'json' } : undefined;
  }
  if (n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'URLSearchParams' && n.arguments[0]) {
    const inner = unwrap(n.arguments[0] as Node);
    return inner.type === 'Identifier' && params.includes(inner.name) ? { name: inner.name, format: 'form' } : undefined;
  }
  return undefined;
}

/** Config keys of a client's options object: where the body and the query are. */
function configKeys(client: HttpClient): { data?: string; json?: string; form?: string; body?: string; query?: string } {
  if (client === 'fetch') return { body: 'body' };
  if (client === 'axios' || client === 'unknown') return { data: 'data', query: 'params' };
  if (client === 'got' || client === 'ky') return { json: 'json', form: 'form', body: 'body', query: 'searchParams' };
  return {};
}

/** The request a wrapper call site makes (API or not), or undefined when the wrapper's parameters do not reach the request. */
function wrapperRequest(file: FileContext, catalog: LoadedCatalog, inner: HttpRequest, fn: Node, site: TSESTree.CallExpression): HttpRequest | undefined {
  const params = parameterNames(fn);
  const args = site.arguments as Node[];
  const spreadAt = args.findIndex((a) => a.type === 'SpreadElement');
  const subst = new Map<string, Node | undefined>();
  params.forEach((name, i) => {
    if (name) subst.set(name, spreadAt >= 0 && i >= spreadAt ? undefined : args[i]);
  });
  const argOf = (name: string): Node | undefined => subst.get(name);

  const options = inner.options;
  const spread = options?.properties.findIndex((p) => p.type === 'SpreadElement' && parameterOf(p.argument, params) !== undefined) ?? -1;
  const spreadName = spread >= 0 ? parameterOf((options!.properties[spread] as TSESTree.SpreadElement).argument, params) : undefined;
  const siteOptions = spreadName ? objectOf(file, argOf(spreadName)) : undefined;
  /** An own property written after the spread wins over the call site's object, as at run time. */
  const ownAfterSpread = (key: string): boolean => {
    const own = options ? findProperty(options, key) : undefined;
    return !!own && (!spreadName || options!.properties.indexOf(own) > spread);
  };

  const urlExpr = inner.urlNode ? wrapperUrlExpression(file, inner.urlNode, params) : undefined;
  const urlFlows = !!urlExpr && usesParameter(urlExpr, params);
  const bodyFlow = inner.body ? bodyParameter(inner.body.node, params) : undefined;
  if (!urlFlows && !bodyFlow && !spreadName) return undefined;

  const r: HttpRequest = { node: site, client: inner.client, isApi: false, headers: inner.headers.map((h) => ({ ...h, inherited: true })), wrapper: { request: inner, function: fn } };
  // URL
  if (urlFlows) {
    const pathParam = urlExpr && params.find((p) => usesParameter(urlExpr, [p]) && argOf(p));
    r.urlNode = pathParam ? argOf(pathParam) : site;
    r.url = withBase(foldWith(file, urlExpr!, subst), requestBases.get(inner));
  } else {
    r.urlNode = inner.urlNode;
    r.url = inner.url;
  }
  // Method
  const methodNode = options ? prop(options, 'method') : undefined;
  const methodParam = parameterOf(methodNode, params);
  if (methodParam && ownAfterSpread('method')) r.method = methodOf(file, argOf(methodParam));
  else if (siteOptions && !ownAfterSpread('method') && prop(siteOptions, 'method')) r.method = methodOf(file, prop(siteOptions, 'method'));
  else if (spreadName && !siteOptions && !ownAfterSpread('method')) r.method = argOf(spreadName) ? undefined : inner.method;
  else r.method = inner.method;
  // Body and query
  if (bodyFlow && (!spreadName || ownAfterSpread(configKeys(inner.client).body ?? configKeys(inner.client).data ?? 'body'))) {
    const arg = argOf(bodyFlow.name);
    if (arg) {
      if (bodyFlow.format) r.body = { node: arg, object: objectOf(file, arg), format: bodyFlow.format };
      else r.body = bodyOf(file, arg, inner.client === 'fetch' || inner.client === 'http' ? undefined : inner.body?.format === 'form' ? 'form' : 'json');
    }
  } else if (siteOptions) {
    const own: HttpRequest = { node: site, client: inner.client, isApi: false, headers: [] };
    fromConfig(file, own, siteOptions, undefined, configKeys(inner.client));
    r.body = own.body ?? (bodyFlow ? undefined : inner.body);
    r.query = own.query;
    // Headers written at the call site are this request's own.
    r.headers.push(...own.headers);
    r.headersNode = own.headersNode;
    r.options = siteOptions;
  } else if (!spreadName) r.body = inner.body;
  if (!r.query) {
    const queryParam = parameterOf(options ? prop(options, configKeys(inner.client).query ?? 'params') : undefined, params);
    const q = queryParam ? objectOf(file, argOf(queryParam)) : undefined;
    if (q) r.query = q;
    else if (!queryParam) r.query = inner.query;
  }
  // Kept when it is not the API too: the wrapper says where a call such as `crm.post('/telephony/...')` goes.
  return finish(r, catalog);
}

/** Requests made through same-file wrapper functions, at their call sites. */
function wrapperRequests(file: FileContext, catalog: LoadedCatalog, candidates: readonly HttpRequest[], direct: ReadonlySet<Node>): HttpRequest[] {
  const out: HttpRequest[] = [];
  const seen = new Set<Node>(direct);
  for (const inner of candidates) {
    let fn: Node | undefined;
    for (const a of file.ancestors(inner.node)) {
      if (!isFunctionNode(a)) continue;
      fn = a;
      // A parameterless callback (`retry(() => fetch(...))`) is not the wrapper: look one function further out.
      if (parameterNames(a).length > 0) break;
    }
    if (!fn || parameterNames(fn).length === 0) continue;
    for (const site of callSitesOf(file, fn)) {
      if (seen.has(site)) continue;
      const r = wrapperRequest(file, catalog, inner, fn, site);
      if (r) {
        seen.add(site);
        out.push(r);
      }
    }
  }
  return out;
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
