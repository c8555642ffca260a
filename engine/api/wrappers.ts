/**
 * Requests made through same-file wrapper functions, read at the wrapper's call sites: which parameters of
 * the wrapper reach the request's URL, method, body, query and options, and the request each call site makes
 * with its own arguments substituted.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { concatStatic, dottedName, findProperty, foldTemplate, joinUrl, memberName, propertyKeyName, unwrap, UNKNOWN, type FileContext, type Node, type StaticString } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { functionName, localInit, objectOf, outerParent, stringOf } from './bindings.js';
import { bodyOf, finish, fromConfig, methodOf, prop, requestBases, withBase } from './call-parts.js';
import { isFunctionNode, type HttpClient, type HttpRequest, type RequestBody } from './request.js';


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
export function wrapperRequests(file: FileContext, catalog: LoadedCatalog, candidates: readonly HttpRequest[], direct: ReadonlySet<Node>): HttpRequest[] {
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
