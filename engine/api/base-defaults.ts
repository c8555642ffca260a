/**
 * Client defaults a subclass sets through methods of a base class of another module, then a request of the base:
 *
 *   class RoomsConnector extends BaseConnector {
 *     async sync(config) {
 *       this.setHeaders({ Authorization: `Bearer ${config.token}`, 'Content-Type': 'application/json' });
 *       this.setBaseURL('https://webexapis.com/v1');
 *       const rooms = await this.get('/rooms');
 *     }
 *   }
 *   // another module (it imports axios)
 *   abstract class BaseConnector {
 *     protected setHeaders(headers) { this.http.defaults.headers.common = { ...this.http.defaults.headers.common, ...headers }; }
 *     protected setBaseURL(baseURL) { this.http.defaults.baseURL = baseURL; }
 *     protected async get(url, config) { return this.http.get(url, config); }
 *   }
 *
 * The object handed to the headers setter becomes the shared axios instance's common headers: every later request
 * of the instance sends them, the base's `get` included. Read: the setter and base-URL setter calls of a function of
 * the subclass, and the `this.get(path)` calls after them in the same function (the base URL the last setter call
 * before each gives, or an absolute URL).
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { memberName, propertyKeyName, unwrap, type FileContext, type Node, type StaticString } from '../parse/file-context.js';
import { importsFrom } from './clients.js';
import { isFunctionNode } from './request.js';
import { baseChain, methodOfClass, thisClass, type ClassAt } from './summaries.js';
import { isApiUrl } from './url.js';

/** A headers setter's call of a subclass, and the inherited GETs after it in the same function that send its object. */
export interface DefaultsHeaderCall {
  /** The object literal handed to the setter. */
  headers: TSESTree.ObjectExpression;
  /** The `this.get(path)` calls whose URL is the API. */
  gets: TSESTree.CallExpression[];
}

/** What an inherited method of an axios-using base does with its first parameter. */
type Role = 'headers' | 'baseURL' | 'get';

const DEFAULT_HEADERS = /\bdefaults\s*\.\s*headers(?:\s*\.\s*common)?\s*$/;
const DEFAULT_BASE = /\bdefaults\s*\.\s*baseURL\s*$/;

/** The role of a base method: merges its parameter into `<x>.defaults.headers[.common]`, sets `<x>.defaults.baseURL`, or is `get(url)` calling `<x>.get(url)`. */
function roleOf(at: ClassAt, name: string): Role | undefined {
  return at.file.cached(`base-defaults:role:${at.cls.range[0]}:${name}`, () => {
    const fn = methodOfClass(at.cls, name);
    if (!fn || !isFunctionNode(fn) || !importsFrom(at.file, ['axios'])) return undefined;
    const first = (fn as TSESTree.FunctionLike).params[0];
    const param = first?.type === 'Identifier' ? first.name : undefined;
    if (!param) return undefined;
    const inside = (n: Node): boolean => n.range[0] >= fn.range[0] && n.range[1] <= fn.range[1];
    const reads = (n: Node): boolean => {
      const u = unwrap(n);
      if (u.type === 'Identifier') return u.name === param;
      if (u.type === 'ObjectExpression') return u.properties.some((p) => p.type === 'SpreadElement' && reads(p.argument as Node));
      return false;
    };
    for (const a of at.file.nodes(T.AssignmentExpression)) {
      if (!inside(a) || a.operator !== '=') continue;
      const left = at.file.getText(a.left);
      if (DEFAULT_HEADERS.test(left) && reads(a.right as Node)) return 'headers';
      if (DEFAULT_BASE.test(left) && reads(a.right as Node)) return 'baseURL';
    }
    if (name !== 'get') return undefined;
    for (const c of at.file.nodes(T.CallExpression)) {
      if (!inside(c) || c.callee.type !== 'MemberExpression' || memberName(c.callee) !== 'get') continue;
      const arg = c.arguments[0];
      if (arg && arg.type === 'Identifier' && arg.name === param) return 'get';
    }
    return undefined;
  });
}

/** The role of `this.name(...)` in a class of this file: the method of the nearest base (of another module) that has it. */
function inheritedRole(file: FileContext, call: TSESTree.CallExpression): Role | undefined {
  const callee = unwrap(call.callee as Node);
  if (callee.type !== 'MemberExpression' || unwrap(callee.object as Node).type !== 'ThisExpression') return undefined;
  const name = memberName(callee);
  const cls = name === undefined ? undefined : thisClass(file, call);
  if (!cls?.superClass || name === undefined || methodOfClass(cls, name)) return undefined;
  const chain = baseChain(file, cls);
  const top = chain.findIndex((c, i) => i > 0 && methodOfClass(c.cls, name) !== undefined);
  if (top < 0 || chain[top].file === file) return undefined;
  return roleOf(chain[top], name);
}

/** The headers setter calls of this file's subclasses whose object an inherited GET to the API sends after them. */
export function baseDefaultsHeaderCalls(file: FileContext, catalog: LoadedCatalog): DefaultsHeaderCall[] {
  return file.cached('base-defaults:calls', () => {
    const out: DefaultsHeaderCall[] = [];
    const classes = [...file.nodes(T.ClassDeclaration), ...file.nodes(T.ClassExpression)].filter((c) => c.superClass);
    if (classes.length === 0 || !file.links) return out;
    const calls = file.nodes(T.CallExpression).filter((c) => c.callee.type === 'MemberExpression' && unwrap(c.callee.object as Node).type === 'ThisExpression');
    // The base classes are read only when a `this.m({ ..., 'Content-Type': ... })` call is there to follow.
    if (!calls.some((c) => c.arguments[0]?.type === 'ObjectExpression' && c.arguments[0].properties.some((p) => p.type === 'Property' && /^content-type$/i.test(propertyKeyName(p) ?? '')))) return out;
    const roles = new Map<TSESTree.CallExpression, Role>();
    for (const c of calls) {
      const role = inheritedRole(file, c);
      if (role) roles.set(c, role);
    }
    const fnOf = (n: Node): Node | undefined => [...file.ancestors(n)].find(isFunctionNode);
    for (const [setter, role] of roles) {
      if (role !== 'headers') continue;
      const object = setter.arguments[0] ? unwrap(setter.arguments[0] as Node) : undefined;
      if (object?.type !== 'ObjectExpression') continue;
      const fn = fnOf(setter);
      if (!fn) continue;
      const gets: TSESTree.CallExpression[] = [];
      for (const [get, r] of roles) {
        if (r !== 'get' || fnOf(get) !== fn || get.range[0] < setter.range[1] || !get.arguments[0]) continue;
        // A later headers setter call before this GET replaces what it sends.
        if ([...roles].some(([o, or]) => or === 'headers' && o !== setter && fnOf(o) === fn && o.range[0] > setter.range[1] && o.range[1] < get.range[0])) continue;
        const path = file.staticString(get.arguments[0] as Node);
        if (!path) continue;
        let url: StaticString | undefined = /^[a-z]+:\/\//i.test(path.value) ? path : undefined;
        if (!url) {
          const bases = [...roles].filter(([o, or]) => or === 'baseURL' && fnOf(o) === fn && o.range[1] < get.range[0]).map(([o]) => o);
          const last = bases.at(-1);
          const base = last?.arguments[0] ? file.staticString(last.arguments[0] as Node) : undefined;
          // axios joins `baseURL` and a relative URL with one slash (its combineURLs), keeping the base's path.
          if (base?.complete) url = { value: `${base.value.replace(/\/+$/, '')}/${path.value.replace(/^\/+/, '')}`, complete: path.complete };
        }
        if (url && isApiUrl(url, catalog)) gets.push(get);
      }
      if (gets.length > 0) out.push({ headers: object, gets });
    }
    return out;
  });
}
