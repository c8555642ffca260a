/**
 * Requests made through a store's actions dispatched by name (Vuex): `dispatch('fetch', { url, options })`,
 * `this.$store.dispatch('fetch', {...})` or `context.dispatch(...)` runs the action `fetch` of the store's
 * `actions` object, whose payload parameter is destructured (`async fetch ({ commit }, { url, options = {} })`).
 * The request the action makes is read at the dispatch, with the payload's own values: the URL from the payload
 * key the action's request URL comes from (directly, through a local, or through a helper that only appends
 * text to it: `addUrlQueryParams(url, options.query)`), and the method, headers and body from the payload key
 * the action passes as the request's options. The action's own headers are marked inherited: they are written,
 * and judged, in the action's file.
 *
 * The action is looked for where a store keeps its modules: the dispatching file's folder and the folder above
 * it (`store/modules/*.js`, `store/index.js`), only in files that write the word `actions` and the action's name.
 */
import { readdirSync } from 'node:fs';
import { noteListing } from '../project/journal.js';
import path from 'node:path';
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { propertyKeyName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { projectOf } from '../project/modules.js';
import { MAX_FILES_PER_FOLDER, MODULE_FILE } from '../project/store.js';
import { localInit, objectOf, startsWithName, stringOf } from './bindings.js';
import { finish, fromConfig, methodOf, prop } from './call-parts.js';
import { isFunctionNode, type HttpRequest } from './request.js';

/** The requests a file makes inside one function (engine/api/calls.ts `requestsWithin`, as the summaries take it). */
type RequestsOf = (file: FileContext, catalog: LoadedCatalog, within: Node) => HttpRequest[];


interface Action {
  file: FileContext;
  fn: Node;
  /** The payload's destructured names: local name -> payload key. */
  payload: Map<string, string>;
}

/** The callee is `dispatch` or `<anything>.dispatch`, given a name and a payload. */
function dispatchedName(call: TSESTree.CallExpression): string | undefined {
  const callee = unwrap(call.callee as Node);
  const named = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' ? callee.property.name : undefined;
  if (named !== 'dispatch' || call.arguments.length < 2) return undefined;
  const first = call.arguments[0];
  if (first.type !== T.Literal || typeof first.value !== 'string') return undefined;
  // A namespaced action (`'app/fetch'`) is its module's `fetch`.
  const name = first.value.split('/').pop() ?? '';
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : undefined;
}

/** The local names a destructured payload parameter binds, with the payload key each reads. */
function payloadNames(param: Node | undefined): Map<string, string> | undefined {
  if (!param) return undefined;
  const pattern = param.type === 'AssignmentPattern' ? (param.left as Node) : param;
  if (pattern.type !== 'ObjectPattern') return undefined;
  const out = new Map<string, string>();
  for (const p of pattern.properties) {
    if (p.type !== 'Property' || p.computed) continue;
    const key = propertyKeyName(p);
    const value = p.value.type === 'AssignmentPattern' ? p.value.left : p.value;
    if (key !== undefined && value.type === 'Identifier') out.set(value.name, key);
  }
  return out;
}

/** The action `name` of an `actions` object of a file (`const actions = { fetch () {} }`, `actions: { ... }`). */
function actionIn(file: FileContext, name: string): Action | undefined {
  for (const p of file.nodes(T.Property)) {
    if (p.computed || propertyKeyName(p) !== name || !isFunctionNode(p.value as Node)) continue;
    const holder = file.parentOf(p);
    const owner = holder?.type === 'ObjectExpression' ? file.parentOf(holder) : undefined;
    const ownerName =
      owner?.type === 'VariableDeclarator' && owner.id.type === 'Identifier' ? owner.id.name : owner?.type === 'Property' && !owner.computed ? propertyKeyName(owner) : undefined;
    if (ownerName !== 'actions') continue;
    const fn = p.value as Node;
    const payload = payloadNames((fn as TSESTree.FunctionLike).params[1] as Node | undefined);
    if (payload && payload.size > 0) return { file, fn, payload };
  }
  return undefined;
}

function findAction(file: FileContext, name: string): Action | undefined {
  const memo = file.cached('requests:dispatched-actions', () => new Map<string, Action | null>());
  const known = memo.get(name);
  if (known !== undefined) return known ?? undefined;
  let found: Action | undefined;
  const project = projectOf(file.filename);
  const own = path.resolve(file.filename);
  const here = path.dirname(own);
  for (const dir of project ? [here, path.dirname(here)] : []) {
    if (found || !(dir === project!.root || dir.startsWith(project!.root + path.sep))) break;
    let names: string[];
    noteListing(dir);
    try {
      names = readdirSync(dir).filter((n) => MODULE_FILE.test(n) && !n.endsWith('.d.ts')).sort().slice(0, MAX_FILES_PER_FOLDER);
    } catch {
      continue;
    }
    for (const n of names) {
      const full = path.join(dir, n);
      const text = full === own ? file.text : project!.readText(full);
      if (text === undefined || !text.includes('actions') || !text.includes(name)) continue;
      const ctx = full === own ? file : project!.module(full);
      found = ctx ? actionIn(ctx, name) : undefined;
      if (found) break;
    }
  }
  memo.set(name, found ?? null);
  return found;
}

/**
 * Whether a function gives back its first parameter with text appended only: every return is the parameter, a
 * template or concatenation starting with it, or a local that starts as the parameter and is only appended to
 * (`let url = endpoint; url += '?' + ...; return url`).
 */
function appendsOnly(file: FileContext, fn: Node): boolean {
  const params = (fn as TSESTree.FunctionLike).params;
  const first = params[0]?.type === 'AssignmentPattern' ? params[0].left : params[0];
  if (first?.type !== 'Identifier') return false;
  const body = (fn as TSESTree.FunctionLike).body;
  if (!body) return false;
  const inFn = (n: Node): boolean => n.range[0] >= body.range[0] && n.range[1] <= body.range[1];
  const ownReturn = (r: TSESTree.ReturnStatement): boolean => {
    for (const a of file.ancestors(r)) if (isFunctionNode(a)) return a === fn;
    return false;
  };
  const returns = body.type === 'BlockStatement' ? file.nodes(T.ReturnStatement).filter((r) => inFn(r) && ownReturn(r)).map((r) => r.argument as Node | null) : [body as Node];
  if (returns.length === 0) return false;
  // Locals that start as the parameter and are only ever appended to.
  const grown = new Set<string>();
  for (const d of file.nodes(T.VariableDeclarator)) {
    if (!inFn(d) || d.id.type !== 'Identifier' || !d.init || !startsWithName(d.init as Node, first.name)) continue;
    const local = d.id.name;
    const writes = file.nodes(T.AssignmentExpression).filter((a) => inFn(a) && a.left.type === 'Identifier' && a.left.name === local);
    if (writes.every((a) => a.operator === '+=')) grown.add(local);
  }
  return returns.every((r) => r && (startsWithName(r, first.name) || [...grown].some((g) => startsWithName(r, g))));
}

/** The payload key an expression of the action reads, through locals and appending helpers. */
function payloadKey(file: FileContext, node: Node | undefined, payload: ReadonlyMap<string, string>, depth = 0): string | undefined {
  if (!node || depth > 4) return undefined;
  const n = unwrap(node);
  if (n.type === 'Identifier') {
    const key = payload.get(n.name);
    if (key !== undefined) return key;
    const init = localInit(file, n);
    return init ? payloadKey(file, init, payload, depth + 1) : undefined;
  }
  if (n.type === 'CallExpression' && n.arguments.length > 0) {
    const where = file.locate(n.callee as Node);
    const callee = unwrap(n.callee as Node);
    const local = callee.type === 'Identifier' && !where ? file.nodes(T.FunctionDeclaration).filter((f) => f.id?.name === callee.name) : [];
    const target = where && isFunctionNode(unwrap(where.node)) ? { file: where.file, fn: unwrap(where.node) } : local.length === 1 ? { file, fn: local[0] as Node } : undefined;
    if (target && appendsOnly(target.file, target.fn)) return payloadKey(file, n.arguments[0] as Node, payload, depth + 1);
    return undefined;
  }
  return undefined;
}

/**
 * The requests of a file's `dispatch('<action>', { ... })` calls, each read at the dispatch with its payload's
 * values (the module comment says which).
 */
export function dispatchedRequests(file: FileContext, catalog: LoadedCatalog, known: ReadonlySet<Node>, requestsOf: RequestsOf, within?: Node): HttpRequest[] {
  if (!file.links || !file.text.includes('dispatch(')) return [];
  const out: HttpRequest[] = [];
  for (const call of file.nodes(T.CallExpression)) {
    if (known.has(call)) continue;
    if (within && (call.range[0] < within.range[0] || call.range[1] > within.range[1])) continue;
    const name = dispatchedName(call);
    const payload = name ? objectOf(file, call.arguments[1] as Node) : undefined;
    if (!name || !payload) continue;
    const action = findAction(file, name);
    if (!action) continue;
    for (const inner of requestsOf(action.file, catalog, action.fn)) {
      const args = inner.node.arguments as Node[];
      const urlKey = payloadKey(action.file, inner.urlNode as Node | undefined, action.payload);
      const urlNode = urlKey !== undefined ? prop(payload, urlKey) : undefined;
      const url = urlNode ? stringOf(file, urlNode) : undefined;
      if (!urlNode || !url) continue;
      const r: HttpRequest = { node: call, client: inner.client, isApi: false, headers: inner.headers.map((h) => ({ ...h, inherited: true })), wrapper: { request: inner, function: action.fn }, url, urlNode };
      // The options the action passes on: the payload's, or (not given) the action's default, a GET.
      const optionsKey = inner.client === 'fetch' ? payloadKey(action.file, args[1], action.payload) : undefined;
      const given = optionsKey !== undefined ? prop(payload, optionsKey) : undefined;
      const options = given ? objectOf(file, given) : undefined;
      if (optionsKey !== undefined && options) {
        const own: HttpRequest = { node: call, client: inner.client, isApi: false, headers: [] };
        fromConfig(file, own, options, undefined, { body: 'body' });
        r.method = prop(options, 'method') ? methodOf(file, prop(options, 'method')) : 'GET';
        r.body = own.body;
        r.headers.push(...own.headers);
        r.headersNode = own.headersNode;
        r.options = options;
      } else if (optionsKey !== undefined && !given) r.method = 'GET';
      else r.method = given ? undefined : inner.method;
      out.push(finish(r, catalog));
    }
  }
  return out;
}
