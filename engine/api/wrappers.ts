/**
 * Requests made through same-file wrapper functions, read at the wrapper's call sites: which parameters of
 * the wrapper reach the request's URL, method, body, query and options, and the request each call site makes
 * with its own arguments substituted.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { concatStatic, dottedName, findProperty, foldTemplate, isUrlConstructor, joinUrl, withAssumed, memberName, propertyKeyName, unwrap, UNKNOWN, type FileContext, type Node, type StaticString } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { boundCallsOf, builtObject, constructorFunction, functionOfThis, prototypeOwner, foldConditional, functionName, localInit, mergedArguments, mergedValue, objectOf, outerParent, queryObject, instanceFields, returnedExpression, sameFileFunction, startsWithName, stringOf, thisFieldInit, valueSource } from './bindings.js';
import { based, bodyOf, finish, fromConfig, headersOf, prop, requestBases } from './call-parts.js';
import { isFunctionNode, METHODS, type HttpClient, type HttpRequest, type RequestBody, type RequestHeader } from './request.js';


// ---------------------------------------------------------------------------------------------
// Same-file wrappers: `private call(method, path, body) { return fetch(`${BASE}${path}`, { method, body }) }`
// called as `this.call('PUT', '/telephony/...', { ... })`, followed out through several levels within the file.
// ---------------------------------------------------------------------------------------------

type Substitution = ReadonlyMap<string, Node | undefined>;

/** TypeScript's `this` parameter (`function api(this: Ctx, method: string)`): a type annotation, not an argument. */
const isThisParameter = (p: TSESTree.Parameter): boolean => p.type === 'Identifier' && p.name === 'this';

/** The parameters that take a call's arguments, by position (without a TypeScript `this` parameter). */
const argumentParameters = (fn: Node): TSESTree.Parameter[] => (fn as TSESTree.FunctionLike).params.filter((p) => !isThisParameter(p));

/** Parameter names of a function by position; a rest parameter ends the list. */
function parameterNames(fn: Node): string[] {
  if (!isFunctionNode(fn)) return [];
  const out: string[] = [];
  for (const p of argumentParameters(fn)) {
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

/** The function a curried sender is returned by (`const api = (method) => (path) => fetch(...)`), if any. */
function curriedOuter(file: FileContext, fn: Node): Node | undefined {
  const parent = file.parentOf(fn);
  if (parent && isFunctionNode(parent) && (parent as TSESTree.FunctionLike).body === fn) return parent;
  if (parent?.type === 'ReturnStatement' && parent.argument === fn) {
    const outer = enclosingFunction(file, parent);
    return outer && returnedExpression(file, outer) === fn ? outer : undefined;
  }
  return undefined;
}

/** The call of a curried sender's outer function that made the function a call site calls: `api('GET')`. */
const curriedCalls = new WeakMap<TSESTree.CallExpression, { outer: Node; call: TSESTree.CallExpression }>();

/**
 * Calls of a curried sender: `api('GET')('/rooms')`, or `get('/rooms')` with `const get = api('GET')`; each
 * remembers the outer call, whose arguments the sender's outer parameters take.
 */
function curriedCallSites(file: FileContext, fn: Node): TSESTree.CallExpression[] {
  const outer = curriedOuter(file, fn);
  const name = outer ? functionName(file, outer) : undefined;
  if (!outer || !name) return [];
  const callsOuter = (n: Node | undefined): n is TSESTree.CallExpression => {
    const u = n ? unwrap(n) : undefined;
    return u?.type === 'CallExpression' && unwrap(u.callee as Node).type === 'Identifier' && (unwrap(u.callee as Node) as TSESTree.Identifier).name === name && !u.arguments.some((a) => a.type === 'SpreadElement');
  };
  const out: TSESTree.CallExpression[] = [];
  for (const c of file.nodes(T.CallExpression)) {
    if (c.range[0] >= outer.range[0] && c.range[1] <= outer.range[1]) continue;
    const callee = unwrap(c.callee as Node);
    const made = callsOuter(callee) ? callee : callee.type === 'Identifier' ? localInit(file, callee) : undefined;
    if (!callsOuter(made)) continue;
    curriedCalls.set(c, { outer, call: unwrap(made) as TSESTree.CallExpression });
    out.push(c);
  }
  return out;
}

function findCallSites(file: FileContext, fn: Node): TSESTree.CallExpression[] {
  const name = functionName(file, fn);
  if (!name && curriedOuter(file, fn)) return curriedCallSites(file, fn);
  if (name) {
    return file.nodes(T.CallExpression).filter((c) => {
      const callee = unwrap(c.callee as Node);
      if (c.range[0] >= fn.range[0] && c.range[1] <= fn.range[1]) return false;
      if (callee.type === 'Identifier') return callee.name === name;
      // `api.call(this, 'GET', '/rooms')` (a function with a TypeScript `this` parameter): `this` first, then its arguments.
      const target = callee.type === 'MemberExpression' && memberName(callee) === 'call' ? unwrap(callee.object) : undefined;
      if (target?.type !== 'Identifier' || target.name !== name || !c.arguments[0] || c.arguments[0].type === 'SpreadElement') return false;
      thisArgumentSites.add(c);
      return true;
    });
  }
  const owner = file.parentOf(fn);
  if ((owner?.type === 'MethodDefinition' && owner.kind === 'method') || (owner?.type === 'PropertyDefinition' && owner.value === fn)) {
    const member = classMemberKey(owner.key, owner.computed);
    const body = file.parentOf(owner);
    if (member === undefined || body?.type !== 'ClassBody') return [];
    if (owner.static) return staticCalls(file, fn, body as TSESTree.ClassBody, member);
    // `this.get('/rooms')` with `this.get = this.request.bind(this, 'GET')`: a call of `request` with `'GET'` in front.
    const bound = boundCallsOf(file, file.parentOf(body)!, member).filter((b) => !(b.call.range[0] >= fn.range[0] && b.call.range[1] <= fn.range[1]));
    for (const b of bound) boundArguments.set(b.call, b.args);
    return [...thisCalls(file, fn, body as TSESTree.ClassBody, member), ...bound.map((b) => b.call), ...instanceCalls(file, fn, body as TSESTree.ClassBody, member)];
  }
  // `this.json = async (uri, options) => {...}` in a constructor, called as `this.json(...)` in the class.
  if (owner?.type === 'AssignmentExpression' && owner.operator === '=' && owner.right === fn && owner.left.type === 'MemberExpression' && unwrap(owner.left.object).type === 'ThisExpression') {
    const member = classMemberKey(owner.left.property as Node, owner.left.computed);
    const body = thisClassOf(file, owner);
    return member !== undefined && body ? thisCalls(file, fn, body, member) : [];
  }
  // `Api.prototype.get = function (url, qs, cb) {...}` (an ES5 class) called as `this.get(...)`, or `self.get(...)`
  // with `var self = this`, in the constructor or another prototype method of the same constructor.
  if (owner?.type === 'AssignmentExpression' && owner.operator === '=' && owner.right === fn && owner.left.type === 'MemberExpression' && fn.type === 'FunctionExpression') {
    const cls = prototypeOwner(file, fn);
    const member = classMemberKey(owner.left.property as Node, owner.left.computed);
    if (cls !== undefined && member !== undefined) return prototypeCalls(file, fn, cls, member);
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

/**
 * The calls of a file whose requests {@link wrapperRequests} may read at a call site inside `within` (a summarized
 * function of another module's, engine/api/summaries.ts), for a request model of that part of the file alone: the
 * calls inside it, and the calls of every function whose call sites may lie inside it or inside another such
 * function (a request is followed out through call sites, a site's function to its own sites). A call site
 * {@link findCallSites} gives spells a name of its function in its callee: the function's name (`name(...)`,
 * `name.call(...)`) or its member key (`this.key(...)`, `Api.key(...)`, `api.key(...)`, `self.key(...)`), except for a
 * curried sender's (`get('/x')` with `const get = api('GET')`: such a function counts whatever the names) and a bound
 * alias's (`this.get = this.request.bind(this, 'GET')`: undefined, every call, for a text with `.bind(`). So a function
 * none of whose names the callees of those calls spell has no site there, and its requests reach none. Undefined
 * when the calls are all of the file's anyway.
 */
export function callsReaching(file: FileContext, within: Node): ReadonlySet<Node> | undefined {
  const index = reachIndex(file);
  if (!index) return undefined;
  const out = new Set<Node>();
  for (const c of index.all) if (c.range[0] >= within.range[0] && c.range[1] <= within.range[1]) out.add(c);
  const taken = new Set<Node>(index.any);
  const queue = [...index.any];
  const spelt = new Set<string>();
  const spell = (c: TSESTree.CallExpression): void => {
    for (const n of index.names(c)) {
      if (spelt.has(n)) continue;
      spelt.add(n);
      for (const fn of index.byName.get(n) ?? []) {
        if (taken.has(fn)) continue;
        taken.add(fn);
        queue.push(fn);
      }
    }
  };
  for (const c of out) spell(c as TSESTree.CallExpression);
  for (let i = 0; i < queue.length; i++) for (const c of index.byFunction.get(queue[i]) ?? []) spell(c);
  for (const fn of taken) for (const c of index.byFunction.get(fn) ?? []) out.add(c);
  return out.size === index.all.length ? undefined : out;
}

/** What {@link callsReaching} reads of a file whatever the function (memoized per file). */
interface ReachIndex {
  all: readonly TSESTree.CallExpression[];
  /** The calls of each function with parameters, by the nearest such function around them (wrapperRequests's wrapper function). */
  byFunction: ReadonlyMap<Node, readonly TSESTree.CallExpression[]>;
  /** Those functions by the names their call sites spell ({@link siteNames}). */
  byName: ReadonlyMap<string, readonly Node[]>;
  /** Those whose call sites may spell any name (a curried sender's inner function). */
  any: readonly Node[];
  names: (call: TSESTree.CallExpression) => readonly string[];
}

/** The {@link ReachIndex} of a file; undefined when it binds methods (`.bind(`: every call is read). */
function reachIndex(file: FileContext): ReachIndex | undefined {
  return file.cached('wrappers:reach-index', () => {
    if (file.text.includes('.bind(')) return undefined;
    const all = file.nodes(T.CallExpression);
    const byFunction = new Map<Node, TSESTree.CallExpression[]>();
    for (const c of all) {
      // A call in no function with parameters starts no chain and continues none (wrapperRequests: no wrapper function).
      const fn = wrapperFunctionOf(file, c);
      if (!fn) continue;
      let calls = byFunction.get(fn);
      if (!calls) byFunction.set(fn, (calls = []));
      calls.push(c);
    }
    const byName = new Map<string, Node[]>();
    const any: Node[] = [];
    for (const fn of byFunction.keys()) {
      const names = siteNames(file, fn);
      if (names === 'any') any.push(fn);
      else for (const n of names) (byName.get(n) ?? byName.set(n, []).get(n)!).push(fn);
    }
    const spelt = new Map<Node, readonly string[]>();
    const names = (c: TSESTree.CallExpression): readonly string[] => {
      let list = spelt.get(c);
      if (!list) spelt.set(c, (list = calleeNames(c)));
      return list;
    };
    return { all, byFunction, byName, any, names };
  });
}

/** The names a call's callee spells: the name it calls, each member key on the way (`a.b.c(...)`: `c`, `b`, `a`). */
function calleeNames(call: TSESTree.CallExpression): string[] {
  const out: string[] = [];
  let n = unwrap(call.callee as Node);
  for (let depth = 0; depth < 64; depth++) {
    if (n.type === 'Identifier') {
      out.push(n.name);
      break;
    }
    if (n.type !== 'MemberExpression') break;
    const key = classMemberKey(n.property as Node, n.computed);
    if (key !== undefined) out.push(key);
    const name = memberName(n);
    if (name !== undefined && name !== key) out.push(name);
    n = unwrap(n.object);
  }
  return out;
}

/**
 * The names a call site of a function spells ({@link findCallSites}, which must stay in step): its name, and the key
 * it is written under (a class member, a `this.key =` or `Ctor.prototype.key =` assignment, an object literal's
 * property); 'any' for a curried sender's inner function, whose sites call a variable holding the outer call.
 */
function siteNames(file: FileContext, fn: Node): string[] | 'any' {
  if (curriedOuter(file, fn)) return 'any';
  const names: string[] = [];
  const name = functionName(file, fn);
  if (name) names.push(name);
  const owner = file.parentOf(fn);
  let key: string | undefined;
  if (owner?.type === 'MethodDefinition' || owner?.type === 'PropertyDefinition') key = classMemberKey(owner.key as Node, owner.computed);
  else if (owner?.type === 'AssignmentExpression' && owner.left.type === 'MemberExpression') key = classMemberKey(owner.left.property as Node, owner.left.computed);
  else if (owner?.type === 'Property') key = propertyKeyName(owner);
  if (key !== undefined) names.push(key);
  return names;
}

/** A class member's key as `this.<key>` reads it: its name, `#name` for a private one. */
function classMemberKey(key: Node, computed: boolean): string | undefined {
  if (key.type === 'PrivateIdentifier') return `#${key.name}`;
  if (!computed && key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
  return undefined;
}

/**
 * `this.<member>(...)` and `self.<member>(...)` (`var self = this`) calls, outside `fn` itself, where `this` is an
 * instance of the ES5 constructor `cls`: in the constructor (one function of that name in the module) or in
 * another `cls.prototype.x = function` method.
 */
function prototypeCalls(file: FileContext, fn: Node, cls: string, member: string): TSESTree.CallExpression[] {
  const ctor = constructorFunction(file, cls);
  const ofOwner = (n: Node): boolean => {
    const f = functionOfThis(file, n);
    return f !== undefined && (f === ctor || prototypeOwner(file, f) === cls);
  };
  return memberCallsOutside(file, fn, member, (object, c) => {
    if (object.type === 'ThisExpression') return ofOwner(c);
    if (object.type !== 'Identifier') return false;
    const init = localInit(file, object);
    return init !== undefined && unwrap(init).type === 'ThisExpression' && ofOwner(init);
  });
}

/** Calls `<object>.<member>(...)` of the file outside `fn` itself whose (unwrapped) object `accept` takes. */
function memberCallsOutside(file: FileContext, fn: Node, member: string, accept: (object: Node, call: TSESTree.CallExpression) => boolean): TSESTree.CallExpression[] {
  return file.nodes(T.CallExpression).filter((c) => {
    const callee = unwrap(c.callee as Node);
    if (callee.type !== 'MemberExpression' || classMemberKey(callee.property as Node, callee.computed) !== member) return false;
    if (c.range[0] >= fn.range[0] && c.range[1] <= fn.range[1]) return false;
    return accept(unwrap(callee.object), c);
  });
}

/** `this.<member>(...)` calls in a class body (outside `fn` itself). */
function thisCalls(file: FileContext, fn: Node, body: TSESTree.ClassBody, member: string): TSESTree.CallExpression[] {
  return memberCallsOutside(file, fn, member, (object, c) => object.type === 'ThisExpression' && thisClassOf(file, c) === body);
}

/**
 * Calls of a static method (outside `fn` itself): `Http.send(...)` through the class's name anywhere in the
 * file, and `this.send(...)` in the class's own static methods and static blocks, where `this` is the class.
 * The name must be the class's own binding: a class declaration's id, or the `const` a class expression
 * initializes, declared once at the top level.
 */
function staticCalls(file: FileContext, fn: Node, body: TSESTree.ClassBody, member: string): TSESTree.CallExpression[] {
  const name = classBindingName(file, body);
  const topLevel = name !== undefined && topLevelNames(file).get(name) === 1;
  const inStaticCode = (c: Node): boolean => {
    for (const a of file.ancestors(c)) {
      if (a.type === 'ArrowFunctionExpression') continue;
      if (a.type === 'StaticBlock') return file.parentOf(a) === body;
      if (a.type === 'FunctionExpression') {
        const m = file.parentOf(a);
        return (m?.type === 'MethodDefinition' || m?.type === 'PropertyDefinition') && m.static && file.parentOf(m) === body;
      }
      if (a.type === 'FunctionDeclaration' || a.type === 'ClassBody') return false;
    }
    return false;
  };
  return memberCallsOutside(file, fn, member, (object, c) => {
    if (object.type === 'ThisExpression') return inStaticCode(c);
    return topLevel && object.type === 'Identifier' && object.name === name && !shadowed(file, object);
  });
}

/** The name a class is bound to: a class declaration's id, or the `const` a class expression initializes. */
function classBindingName(file: FileContext, body: TSESTree.ClassBody): string | undefined {
  const cls = file.parentOf(body);
  if (cls?.type === 'ClassDeclaration') return cls.id?.name;
  if (cls?.type === 'ClassExpression') {
    const decl = file.parentOf(cls);
    if (decl?.type === 'VariableDeclarator' && decl.init === cls && decl.id.type === 'Identifier' && (file.parentOf(decl) as TSESTree.VariableDeclaration | undefined)?.kind === 'const') return decl.id.name;
  }
  return undefined;
}

/**
 * Calls of an instance method through an instance made in this file: `new Api().call(...)`, or `api.call(...)`
 * with `api` bound (by scope) to `new Api(...)`, or `this.api.call(...)` in another class whose field `api` is
 * written once to `new Api(...)` (an initializer, or one assignment in its constructor). The class name must be
 * declared once at the top level and not shadowed where the instance is made; a subclass's or another class's
 * same-named method is not this one.
 */
function instanceCalls(file: FileContext, fn: Node, body: TSESTree.ClassBody, member: string): TSESTree.CallExpression[] {
  const name = classBindingName(file, body);
  if (name === undefined || topLevelNames(file).get(name) !== 1) return [];
  const isInstance = (n: Node): boolean => {
    let u = unwrap(n);
    if (u.type === 'Identifier') {
      const init = localInit(file, u);
      if (!init) return false;
      u = unwrap(init);
    } else if (u.type === 'MemberExpression' && unwrap(u.object).type === 'ThisExpression') {
      const held = thisFieldInit(file, u);
      if (!held) return false;
      u = held;
    }
    if (u.type !== 'NewExpression') return false;
    const callee = unwrap(u.callee as Node);
    return callee.type === 'Identifier' && callee.name === name && !shadowed(file, callee);
  };
  return file.nodes(T.CallExpression).filter((c) => {
    const callee = unwrap(c.callee as Node);
    if (callee.type !== 'MemberExpression' || classMemberKey(callee.property as Node, callee.computed) !== member) return false;
    if (c.range[0] >= fn.range[0] && c.range[1] <= fn.range[1]) return false;
    return isInstance(callee.object as Node);
  });
}

/** How many times each name is declared at the top level of the file (classes, functions, variables). */
function topLevelNames(file: FileContext): Map<string, number> {
  return file.cached('wrappers:top-level-names', () => {
    const out = new Map<string, number>();
    const add = (n: string): void => void out.set(n, (out.get(n) ?? 0) + 1);
    for (const top of file.ast.body) {
      const st = (top.type === 'ExportNamedDeclaration' || top.type === 'ExportDefaultDeclaration') && top.declaration ? (top.declaration as Node) : (top as Node);
      if ((st.type === 'ClassDeclaration' || st.type === 'FunctionDeclaration') && st.id) add(st.id.name);
      if (st.type === 'VariableDeclaration') for (const d of st.declarations) if (d.id.type === 'Identifier') add(d.id.name);
    }
    return out;
  });
}

/** Whether an identifier is bound by a declaration below the top level (a parameter or a local of the same name). */
function shadowed(file: FileContext, id: TSESTree.Identifier): boolean {
  for (const a of file.ancestors(id)) {
    if (a.type === 'Program') return false;
    if (isFunctionNode(a) && a.params.some((p) => p.type === 'Identifier' && p.name === id.name)) return true;
    if (a.type === 'BlockStatement' && a.body.some((st) => (st.type === 'VariableDeclaration' && st.declarations.some((d) => d.id.type === 'Identifier' && d.id.name === id.name)) || ((st.type === 'ClassDeclaration' || st.type === 'FunctionDeclaration') && st.id?.name === id.name))) return true;
  }
  return false;
}

/**
 * One level of wrapper: a function whose parameters reach a request, and a call site of it. A request through
 * wrappers several levels deep (`safe(path)` -> `webexFetch(path, init)` -> `throttled(url, init)` -> `fetch`)
 * has one frame per level, innermost first: an expression written in frame k's function reads its
 * parameters from frame k's call site, whose arguments are written in frame k+1's function.
 */
interface Frame {
  fn: Node;
  site: TSESTree.CallExpression;
  params: string[];
  subst: Substitution;
  /** Parameters fed by a spread argument (`f(...args)`): their values are not known. */
  unknown: ReadonlySet<string>;
}

/** Arguments bound in front of a call site's own (a call of a bound alias of the wrapper). */
const boundArguments = new WeakMap<TSESTree.CallExpression, Node[]>();

/** Call sites written `fn.call(thisArg, ...args)`: their first argument is `this`, not the first parameter's. */
const thisArgumentSites = new WeakSet<TSESTree.CallExpression>();

/** The arguments a call site passes the wrapper: those bound to the alias it calls, then its own. */
const argumentsAt = (site: TSESTree.CallExpression): Node[] => [
  ...(boundArguments.get(site) ?? []),
  ...(site.arguments as Node[]).slice(thisArgumentSites.has(site) ? 1 : 0),
];

function frameOf(fn: Node, site: TSESTree.CallExpression): Frame {
  const params = parameterNames(fn);
  const args = argumentsAt(site);
  const spreadAt = args.findIndex((a) => a.type === 'SpreadElement');
  const subst = new Map<string, Node | undefined>();
  const unknown = new Set<string>();
  params.forEach((name, i) => {
    if (!name) return;
    if (spreadAt >= 0 && i >= spreadAt) unknown.add(name);
    else subst.set(name, args[i]);
  });
  // A destructured parameter (`function send({ key, options })`): each name takes the value of its key in the
  // object literal the call site passes (`send({ key, options: { url } })`); absent there, nothing passed.
  if (isFunctionNode(fn)) {
    argumentParameters(fn).forEach((p, i) => {
      if (p.type !== 'ObjectPattern' || (spreadAt >= 0 && i >= spreadAt)) return;
      const arg = args[i] ? unwrap(args[i]) : undefined;
      const object = arg?.type === 'ObjectExpression' ? arg : undefined;
      for (const q of p.properties) {
        if (q.type !== 'Property' || q.computed || q.value.type !== 'Identifier') continue;
        const key = propertyKeyName(q);
        const name = q.value.name;
        if (!key || params.includes(name)) continue;
        params.push(name);
        if (!object || object.properties.some((x) => x.type === 'SpreadElement')) {
          unknown.add(name);
          continue;
        }
        const given = findProperty(object, key);
        subst.set(name, given ? (given.value as Node) : undefined);
      }
    });
  }
  // A curried sender's outer parameters (`method` of `(method) => (path) => ...`) take the outer call's arguments.
  const curried = curriedCalls.get(site);
  if (curried && fn !== curried.outer && fn.range[0] >= curried.outer.range[0] && fn.range[1] <= curried.outer.range[1]) {
    const outerArgs = curried.call.arguments as Node[];
    const names = parameterNames(curried.outer);
    names.forEach((name, i) => {
      if (!name || params.includes(name)) return;
      params.push(name);
      subst.set(name, outerArgs[i]);
    });
  }
  return { fn, site, params, subst, unknown };
}

/** A value located in a frame: the expression and the level whose parameters it reads (frames.length: none). */
interface At {
  node: Node;
  level: number;
}

/**
 * What a parameter of frame `level` holds: the argument at its call site (read one level out), else its
 * default (`method = 'GET'`), else `null` (nothing passed: undefined at run time); `'unknown'` when a spread
 * argument feeds it; undefined when the name is not a parameter of that frame.
 */
function bindingOf(frames: readonly Frame[], level: number, name: string): At | null | 'unknown' | undefined {
  const f = frames[level];
  if (!f || !f.params.includes(name)) return undefined;
  if (f.unknown.has(name)) return 'unknown';
  const arg = f.subst.get(name);
  if (arg) return { node: arg, level: level + 1 };
  const def = parameterDefault(f.fn, name);
  return def ? { node: def, level: frames.length } : null;
}

/** The default value of a parameter (`method = 'GET'`, `{ days = 1 } = {}` is not followed). */
export function parameterDefault(fn: Node, name: string): Node | undefined {
  if (!isFunctionNode(fn)) return undefined;
  for (const p of (fn as TSESTree.FunctionLike).params) {
    if (p.type === 'AssignmentPattern' && p.left.type === 'Identifier' && p.left.name === name) return p.right as Node;
  }
  return undefined;
}

/** Follows an expression through parameters out to the call sites: where its value is written. */
function follow(file: FileContext, frames: readonly Frame[], at: At, depth = 0): At | null | 'unknown' {
  const n = unwrap(at.node);
  if (depth > 12 || n.type !== 'Identifier') return { node: n, level: at.level };
  const b = bindingOf(frames, at.level, n.name);
  if (b === undefined) {
    // A local of the frame's function whose initializer reads its parameters (`const url = BASE + path`).
    if (at.level < frames.length) {
      const init = localInit(file, n);
      if (init && isInside(frames[at.level].fn, init)) return follow(file, frames, { node: init, level: at.level }, depth + 1);
    }
    return { node: n, level: at.level };
  }
  if (b === null || b === 'unknown') return b;
  return follow(file, frames, b, depth + 1);
}

const isInside = (outer: Node, inner: Node): boolean => inner.range[0] >= outer.range[0] && inner.range[1] <= outer.range[1];

/** `url.toString()` and `url.href` are the URL `url` holds. */
function urlTextOf(n: Node): Node | undefined {
  if (n.type === 'CallExpression' && n.arguments.length === 0 && n.callee.type === 'MemberExpression' && memberName(n.callee) === 'toString') return n.callee.object;
  if (n.type === 'MemberExpression' && memberName(n) === 'href') return n.object;
  return undefined;
}

/**
 * The expression a value is at the same level: the URL text of a URL object, or the member of a local options
 * object (`request.url` where `const request = Object.assign({ method: 'GET' }, options, { url })`).
 */
function sameLevelValue(file: FileContext, n: Node): Node | undefined {
  const text = urlTextOf(n);
  if (text) return text;
  if (n.type !== 'MemberExpression') return undefined;
  const object = unwrap(n.object);
  const key = memberName(n);
  if (key === undefined || object.type !== 'Identifier' || !localInit(file, object)) return undefined;
  return mergedValue(file, object, key);
}

/** Whether an expression reads a parameter of frame `target` (through the frames inside it). */
function readsLevel(file: FileContext, frames: readonly Frame[], at: At, target: number, depth = 0): boolean {
  if (depth > 16) return false;
  const n = unwrap(at.node);
  if (n.type === 'Identifier') {
    if (at.level === target) {
      if (frames[target]?.params.includes(n.name)) return true;
      const init = localInit(file, n);
      return !!init && isInside(frames[target].fn, init) && readsLevel(file, frames, { node: init, level: at.level }, target, depth + 1);
    }
    const b = bindingOf(frames, at.level, n.name);
    if (b && b !== 'unknown') return readsLevel(file, frames, b, target, depth + 1);
    if (b === undefined && at.level < frames.length) {
      const init = localInit(file, n);
      return !!init && isInside(frames[at.level].fn, init) && readsLevel(file, frames, { node: init, level: at.level }, target, depth + 1);
    }
    return false;
  }
  const next = (c: Node): boolean => readsLevel(file, frames, { node: c, level: at.level }, target, depth + 1);
  if (n.type === 'TemplateLiteral') return n.expressions.some((e) => next(e as Node));
  if (n.type === 'BinaryExpression' && n.operator === '+') return next(n.left as Node) || next(n.right);
  if (n.type === 'NewExpression' && isUrlConstructor(n)) return n.arguments.some((a) => next(a as Node));
  if (n.type === 'CallExpression' && isUrlEncoding(n)) return next(n.arguments[0] as Node);
  if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && /^(toUpperCase|toLowerCase)$/.test(memberName(n.callee) ?? '')) return next(n.callee.object);
  if (n.type === 'ObjectExpression') return n.properties.some((p) => (p.type === 'SpreadElement' ? next(p.argument) : !isFunctionNode(p.value as Node) && next(p.value as Node)));
  if (n.type === 'CallExpression' && dottedName(n.callee) === 'JSON.stringify' && n.arguments[0]) return next(n.arguments[0] as Node);
  if (n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'URLSearchParams' && n.arguments[0]) return next(n.arguments[0] as Node);
  if (n.type === 'ConditionalExpression') return next(n.consequent) || next(n.alternate);
  if (n.type === 'LogicalExpression') return next(n.left as Node) || next(n.right);
  if (mergedArguments(n)) return (n as TSESTree.CallExpression).arguments.some((a) => next(a as Node));
  if (n.type === 'CallExpression' && dottedName(n.callee) === 'Object.freeze' && n.arguments[0]) return next(n.arguments[0] as Node);
  if (n.type === 'CallExpression' && appendingHelper(file, n)) return n.arguments.some((a) => a.type !== 'SpreadElement' && next(a as Node));
  // `buildURL(path)`: a same-file helper returning one expression (folded by foldAt) reads what its arguments read.
  if (n.type === 'CallExpression' && n.callee.type === 'Identifier') {
    const helper = sameFileFunction(file, n.callee);
    return !!helper && !!returnedExpression(file, helper) && n.arguments.some((a) => a.type !== 'SpreadElement' && next(a as Node));
  }
  // `this.buildUrl(path)`: a method of the class returning one expression (folded by foldAt), likewise.
  if (n.type === 'CallExpression' && at.level < frames.length && thisMethodOf(file, frames[at.level].fn, n)) return n.arguments.some((a) => a.type !== 'SpreadElement' && next(a as Node));
  const same = sameLevelValue(file, n);
  if (same) return next(same);
  // `args.path`: a key of an options parameter of the frame.
  if (n.type === 'MemberExpression' && !n.computed && unwrap(n.object).type === 'Identifier') {
    const object = unwrap(n.object) as TSESTree.Identifier;
    if (at.level === target) return !!frames[target]?.params.includes(object.name);
    // A parameter of an inner frame: what its call site passes (an object whose keys may read the target).
    const b = at.level < target ? bindingOf(frames, at.level, object.name) : undefined;
    return !!b && b !== 'unknown' && readsLevel(file, frames, b, target, depth + 1);
  }
  return false;
}

/** `encodeURIComponent(x)`, `encodeURI(x)`, `String(x)`: a value on its way into a URL, unchanged in shape. */
export function isUrlEncoding(n: TSESTree.CallExpression): boolean {
  return n.callee.type === 'Identifier' && /^(encodeURIComponent|encodeURI|String)$/.test(n.callee.name) && n.arguments.length === 1 && n.arguments[0].type !== 'SpreadElement';
}

/** Folds an expression of frame `level`'s function with its parameters replaced by the call sites' arguments. */
function foldAt(file: FileContext, frames: readonly Frame[], at: At, depth = 0): StaticString | undefined {
  if (depth > 24) return undefined;
  if (at.level >= frames.length) return stringOf(file, at.node);
  const n = unwrap(at.node);
  const part = (c: Node): StaticString | undefined => foldAt(file, frames, { node: c, level: at.level }, depth + 1);
  if (n.type === 'Identifier') {
    const f = follow(file, frames, at);
    if (f === null || f === 'unknown') return undefined;
    if (f.node === n && f.level === at.level) return stringOf(file, n);
    return foldAt(file, frames, f, depth + 1);
  }
  if (n.type === 'TemplateLiteral') return foldTemplate(n, part);
  if (n.type === 'BinaryExpression' && n.operator === '+') return concatStatic(part(n.left as Node), part(n.right));
  if (n.type === 'ConditionalExpression') return foldConditional(n, part);
  // `buildQuery(query)`: a query-string helper prints its object's keys (stringOf), whatever its own return folds to.
  if (n.type === 'CallExpression' && queryObject(file, n)) return stringOf(file, n);
  if (n.type === 'CallExpression' && !isUrlEncoding(n)) {
    // A same-file helper that appends to its argument (`withOrgQuery(path, orgId)`): its return, read with the call's arguments.
    const helper = appendingHelper(file, n);
    if (helper) return foldAt(file, [frameOf(helper.fn, n), ...frames.slice(at.level)], { node: helper.returned, level: 0 }, depth + 1);
  }
  if (n.type === 'CallExpression' && isUrlEncoding(n)) {
    const inner = part(n.arguments[0] as Node);
    const name = (n.callee as TSESTree.Identifier).name;
    if (!inner?.complete || name === 'String') return inner && name !== 'String' ? { value: inner.value, complete: false } : inner;
    return { value: name === 'encodeURI' ? encodeURI(inner.value) : encodeURIComponent(inner.value), complete: true };
  }
  if (n.type === 'NewExpression' && isUrlConstructor(n) && n.arguments[0]) {
    const path = part(n.arguments[0] as Node);
    const base = n.arguments[1] ? part(n.arguments[1] as Node) : undefined;
    if (!path) return base ? withAssumed({ value: base.value + UNKNOWN, complete: false }, base) : undefined;
    if (!base || /^[a-z]+:\/\//i.test(path.value)) return path;
    return withAssumed({ value: joinUrl(base.value, path.value), complete: base.complete && path.complete }, base, path);
  }
  const same = sameLevelValue(file, n);
  if (same) return part(same);
  // `reqOptions.uri || uri`: the fallback when the object the call sites pass has no such key, else that key's value.
  if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??')) {
    const left = unwrap(n.left as Node);
    if (left.type === 'MemberExpression' && !left.computed && left.property.type === 'Identifier' && unwrap(left.object).type === 'Identifier' && isParameterName(file, unwrap(left.object) as TSESTree.Identifier)) {
      const found = optionAt(file, frames, { node: left.object, level: at.level }, left.property.name);
      if (found === 'absent') return part(n.right);
      if (found !== 'unknown' && !isNothing(found.node)) return foldAt(file, frames, found, depth + 1);
    }
  }
  // `args.uri + args.path`: a key of an options parameter, read in the object its call sites pass.
  if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier' && unwrap(n.object).type === 'Identifier' && isParameterName(file, unwrap(n.object) as TSESTree.Identifier)) {
    const found = optionAt(file, frames, { node: n.object, level: at.level }, n.property.name);
    if (found !== 'absent' && found !== 'unknown' && found.node !== n) return foldAt(file, frames, found, depth + 1);
  }
  // `buildURL(uri, origin)` of a same-file helper returning one expression: folded with its parameters bound to this call's arguments.
  if (n.type === 'CallExpression' && n.callee.type === 'Identifier') {
    const helper = sameFileFunction(file, n.callee);
    const body = helper && !frames.some((f) => f.fn === helper) ? returnedExpression(file, helper) : undefined;
    if (body) return foldAt(file, [frameOf(helper!, n), ...frames.slice(at.level)], { node: body, level: 0 }, depth + 1);
  }
  if (n.type === 'MemberExpression' && unwrap(n.object).type === 'ThisExpression') return stringOf(file, n) ?? instanceFieldAt(file, frames, at.level, n);
  // `this.buildUrl(path)`: a method of the same class returning one expression, folded with its parameters bound to this call's arguments.
  const method = n.type === 'CallExpression' && at.level < frames.length ? thisMethodOf(file, frames[at.level].fn, n) : undefined;
  const body = method && !frames.some((f) => f.fn === method) ? returnedExpression(file, method) : undefined;
  if (body) return foldAt(file, [frameOf(method!, n as TSESTree.CallExpression), ...frames.slice(at.level)], { node: body, level: 0 }, depth + 1);
  return stringOf(file, n);
}

/** The method `this.<name>(...)` calls when `fn`, where the call is written, is a method of the same class (not static, one return). */
function thisMethodOf(file: FileContext, fn: Node, call: TSESTree.CallExpression): Node | undefined {
  if (call.callee.type !== 'MemberExpression' || unwrap(call.callee.object).type !== 'ThisExpression') return undefined;
  const cls = methodClass(file, fn);
  const key = classMemberKey(call.callee.property as Node, call.callee.computed);
  const methods = cls && key !== undefined ? cls.body.body.filter((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'method' && !m.static && classMemberKey(m.key as Node, m.computed) === key) : [];
  return methods.length === 1 && returnedExpression(file, methods[0].value) ? methods[0].value : undefined;
}

/** The class a function is a method of (`request(...) { ... }` in `class HttpClient`), if any. */
function methodClass(file: FileContext, fn: Node): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
  const owner = file.parentOf(fn);
  const body = owner?.type === 'MethodDefinition' && owner.value === fn && !owner.static ? file.parentOf(owner) : undefined;
  const cls = body?.type === 'ClassBody' ? file.parentOf(body) : undefined;
  return cls?.type === 'ClassDeclaration' || cls?.type === 'ClassExpression' ? cls : undefined;
}

/**
 * `this.baseUrl` read in a method of a class whose frames reach the instance it is called on (`api.get('/rooms')`
 * with `api` bound to `new HttpClient({ baseUrl })`, or a field of another class written once to one, through the
 * class's own `this.request(...)` calls): the field as that `new` writes it (bindings.ts instanceFields).
 */
function instanceFieldAt(file: FileContext, frames: readonly Frame[], level: number, n: TSESTree.MemberExpression): StaticString | undefined {
  const key = memberName(n);
  const cls = level < frames.length ? methodClass(file, frames[level].fn) : undefined;
  if (key === undefined || !cls?.id) return undefined;
  for (let j = level; j < frames.length; j++) {
    if (methodClass(file, frames[j].fn) !== cls) return undefined;
    const callee = unwrap(frames[j].site.callee as Node);
    if (callee.type !== 'MemberExpression') return undefined;
    const object = unwrap(callee.object);
    // `this.request(...)` in another method of the class: the same instance, one frame out.
    if (object.type === 'ThisExpression') {
      if (!isInside(cls, frames[j].site)) return undefined;
      continue;
    }
    const held = object.type === 'Identifier' ? localInit(file, object) : object.type === 'MemberExpression' ? thisFieldInit(file, object) : undefined;
    const made = held ? unwrap(held) : undefined;
    if (made?.type !== 'NewExpression' || made.callee.type !== 'Identifier' || made.callee.name !== cls.id.name) return undefined;
    return instanceFields(file, made, file, cls)(key);
  }
  return undefined;
}

/**
 * A same-file function called by name whose every return is one of its parameters, unchanged or with text
 * appended (`withOrgQuery(path, orgId)`: `return path` or `return \`${path}${sep}orgId=${id}\``), with the
 * appending return: the value it gives has the argument's path, and every query parameter it may add.
 */
function appendingHelper(file: FileContext, call: TSESTree.CallExpression): { fn: Node; returned: Node } | undefined {
  const callee = unwrap(call.callee as Node);
  if (callee.type !== 'Identifier' || call.arguments.length === 0) return undefined;
  const init = localInit(file, callee);
  const declared = init ? [] : file.nodes(T.FunctionDeclaration).filter((f) => f.id?.name === callee.name);
  const fn = init && isFunctionNode(unwrap(init)) ? unwrap(init) : declared.length === 1 ? declared[0] : undefined;
  if (!fn) return undefined;
  const helpers = file.cached('requests:appending-helpers', () => new Map<Node, { fn: Node; returned: Node } | null>());
  const known = helpers.get(fn);
  if (known !== undefined) return known ?? undefined;
  let found: { fn: Node; returned: Node } | undefined;
  {
    const params = parameterNames(fn);
    const body = (fn as TSESTree.FunctionLike).body;
    const returns: Node[] = body && body.type !== 'BlockStatement' ? [body as Node] : file.nodes(T.ReturnStatement).filter((r) => isInside(fn, r) && enclosingFunction(file, r) === fn).map((r) => r.argument as Node);
    const name = params.find((p) => p && returns.length > 0 && returns.every((r) => r && startsWithName(r, p)));
    const appended = name ? returns.filter((r) => !(unwrap(r).type === 'Identifier')) : [];
    if (name && appended.length === 1) found = { fn, returned: appended[0] };
  }
  helpers.set(fn, found ?? null);
  return found;
}

function enclosingFunction(file: FileContext, node: Node): Node | undefined {
  for (const a of file.ancestors(node)) if (isFunctionNode(a)) return a;
  return undefined;
}

/** The method a value of frame `level` names, upper case, or undefined when not statically known. */
function methodAt(file: FileContext, frames: readonly Frame[], at: At, depth = 0): string | undefined {
  let n = unwrap(at.node);
  // `options.method || 'GET'`: the fallback when the options the call sites pass have no method.
  if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??')) {
    const left = unwrap(n.left as Node);
    if (left.type !== 'MemberExpression' || left.computed || left.property.type !== 'Identifier') return undefined;
    const found = optionAt(file, frames, { node: left.object, level: at.level }, left.property.name);
    if (found === 'unknown') return undefined;
    return found === 'absent' ? methodAt(file, frames, { node: n.right, level: at.level }) : methodAt(file, frames, found);
  }
  if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && /^(toUpperCase|toLowerCase)$/.test(memberName(n.callee) ?? '') && n.arguments.length === 0) n = unwrap(n.callee.object);
  // A key of an options value the call sites pass (`args.method` with `makeReq({ method: opts.method })`), followed key by key.
  if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier' && unwrap(n.object).type === 'Identifier' && depth < 8) {
    const found = optionAt(file, frames, { node: n.object, level: at.level }, n.property.name);
    if (found !== 'absent' && found !== 'unknown' && found.node !== n) return methodAt(file, frames, found, depth + 1);
  }
  const s = foldAt(file, frames, { node: n, level: at.level });
  return s?.complete ? s.value.toUpperCase() : undefined;
}

/**
 * An option an imported object gives (`{ ...DEFAULTS, headers }`, `DEFAULTS` exported by another module): its
 * literal value (which reads the same here), 'unknown' for another expression, 'absent' when the object has no
 * such key or is not known. A node of another module is only read, never edited.
 */
function importedOption(file: FileContext, name: TSESTree.Identifier, key: string): At | 'absent' | 'unknown' {
  if (!file.links) return 'absent';
  const far = valueSource(file, name);
  const object = unwrap(far.node);
  if (far.file === file || object.type !== 'ObjectExpression') return 'absent';
  const value = mergedValue(far.file, object, key);
  if (!value) return object.properties.some((p) => p.type === 'SpreadElement') ? 'unknown' : 'absent';
  return unwrap(value).type === 'Literal' ? { node: value, level: 0 } : 'unknown';
}

/**
 * One key of an options value as the request sees it: object literals with spreads, `Object.assign(...)` and
 * `{ ...defaults, ...init }` merged left to right (the last writer wins), parameters followed to what their
 * call sites pass (nothing passed: no key). `'unknown'` when a part that may hold the key is not known
 * (a parameter of a function no call site fixes, a spread argument).
 */
function optionAt(file: FileContext, frames: readonly Frame[], at: At | undefined, key: string, depth = 0): At | 'absent' | 'unknown' {
  if (!at || depth > 10) return 'absent';
  const n = unwrap(at.node);
  if (n.type === 'Identifier') {
    const f = follow(file, frames, at);
    if (f === null) return 'absent';
    if (f === 'unknown') return 'unknown';
    const target = unwrap(f.node);
    if (target.type === 'Identifier') {
      // A parameter no frame fixes (the function's own callers decide), or a local object.
      if (isParameterName(file, target)) return 'unknown';
      const obj = objectOf(file, target);
      if (obj) return optionAt(file, frames, { node: obj, level: f.level }, key, depth + 1);
      // Options a same-file helper builds (`var options = reqOptions({ ... })`): read through its return.
      const init = builtObject(file, target) ? localInit(file, target) : undefined;
      if (init) return optionAt(file, frames, { node: init, level: f.level }, key, depth + 1);
      return importedOption(file, target, key);
    }
    return optionAt(file, frames, f, key, depth + 1);
  }
  if (n.type === 'ObjectExpression') {
    for (let i = n.properties.length - 1; i >= 0; i--) {
      const p = n.properties[i];
      if (p.type === 'SpreadElement') {
        const inner = optionAt(file, frames, { node: p.argument, level: at.level }, key, depth + 1);
        if (inner !== 'absent') return inner;
        continue;
      }
      if (!p.computed && propertyKeyName(p) === key) return { node: p.value as Node, level: at.level };
    }
    return 'absent';
  }
  if (n.type === 'CallExpression' && dottedName(n.callee) === 'Object.freeze' && n.arguments[0]) return optionAt(file, frames, { node: n.arguments[0] as Node, level: at.level }, key, depth + 1);
  if (n.type === 'CallExpression' && n.callee.type === 'Identifier' && builtObject(file, n)) return builtOption(file, frames, at, n, key, depth);
  const merged = mergedArguments(n);
  if (merged) {
    for (const a of merged) {
      const inner = optionAt(file, frames, { node: a as Node, level: at.level }, key, depth + 1);
      if (inner !== 'absent') return inner;
    }
    return 'absent';
  }
  if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??')) {
    // `options || {}`: the left side when given.
    const left = optionAt(file, frames, { node: n.left as Node, level: at.level }, key, depth + 1);
    return left === 'absent' ? optionAt(file, frames, { node: n.right, level: at.level }, key, depth + 1) : left;
  }
  return 'absent';
}

/**
 * One key of the object a same-file helper builds for a call (`reqOptions({ uri: args.uri, verb: args.method })`
 * returning `{ url: o.uri, method: o.verb, headers }`): read in the helper with its parameters bound to the call's
 * arguments (a frame put in front of the frames from the call's level out), and the value followed out of the
 * helper through the keys it renames or copies (`o.verb` -> the call's `verb`), to a level of `frames`.
 * `'unknown'` when the value is computed in the helper from its parameters in another way.
 */
function builtOption(file: FileContext, frames: readonly Frame[], at: At, call: TSESTree.CallExpression, key: string, depth: number): At | 'absent' | 'unknown' {
  const helper = sameFileFunction(file, call.callee as TSESTree.Identifier);
  const body = helper && !frames.some((f) => f.fn === helper) ? returnedExpression(file, helper) : undefined;
  if (!helper || !body) return 'absent';
  const inner = [frameOf(helper, call), ...frames.slice(at.level)];
  let found = optionAt(file, inner, { node: body, level: 0 }, key, depth + 1);
  // Out of the helper: a parameter, or a key of one (renamed or copied), read at the call's arguments.
  for (let i = 0; i < 6 && found !== 'absent' && found !== 'unknown' && found.level === 0; i++) {
    const n = unwrap(found.node);
    if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier') found = optionAt(file, inner, { node: n.object, level: 0 }, n.property.name, depth + 1);
    else if (n.type === 'Identifier') {
      const f = follow(file, inner, found);
      found = f === null ? 'absent' : f === 'unknown' || (f.level === 0 && f.node === n) ? 'unknown' : f;
    } else if (!inner[0].params.some((p) => p && usesName(n, p))) found = { node: n, level: inner.length };
    else found = 'unknown';
  }
  if (found === 'absent' || found === 'unknown') return found;
  if (found.level === 0) return 'unknown';
  return { node: found.node, level: found.level >= inner.length ? frames.length : at.level + found.level - 1 };
}

/** Whether an identifier names a parameter of a function around it (bound by scope, not by a declarator). */
function isParameterName(file: FileContext, id: TSESTree.Identifier): boolean {
  for (const a of file.ancestors(id)) if (isFunctionNode(a) && parameterNames(a).includes(id.name)) return true;
  return false;
}

/** The parameter an expression is (`path`, `method.toUpperCase()`), or undefined. */
function parameterOf(node: Node | undefined, params: readonly string[]): string | undefined {
  if (!node) return undefined;
  let n = unwrap(node);
  if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && /^(toUpperCase|toLowerCase)$/.test(memberName(n.callee) ?? '') && n.arguments.length === 0) n = unwrap(n.callee.object);
  return n.type === 'Identifier' && n.name !== '' && params.includes(n.name) ? n.name : undefined;
}

/** The `Object.assign(...)` call the options are (through locals and `Object.freeze`), if they are one. */
function assignCall(file: FileContext, node: Node, params: readonly string[]): TSESTree.CallExpression | undefined {
  let n = unwrap(node);
  for (let i = 0; i < 4; i++) {
    if (n.type === 'CallExpression' && dottedName(n.callee) === 'Object.freeze' && n.arguments[0]) n = unwrap(n.arguments[0] as Node);
    else if (n.type === 'Identifier' && !params.includes(n.name) && localInit(file, n)) n = unwrap(localInit(file, n)!);
    else break;
  }
  return n.type === 'CallExpression' && dottedName(n.callee) === 'Object.assign' ? n : undefined;
}

/** The parameter passed whole to an `Object.assign(...)` the options are ({@link assignCall}). */
function assignedParameter(file: FileContext, node: Node, params: readonly string[]): string | undefined {
  const n = assignCall(file, node, params);
  if (!n) return undefined;
  for (const a of n.arguments) {
    const name = a.type === 'SpreadElement' ? undefined : parameterOf(a as Node, params);
    if (name) return name;
  }
  return undefined;
}

/**
 * Whether the call site's headers survive the `Object.assign(...)` the options are: every part after the parameter
 * is an object literal written without a `headers` key or a spread (`Object.assign({ method: 'GET' }, options, { url })`).
 */
function assignKeepsHeaders(file: FileContext, node: Node, params: readonly string[], name: string): boolean {
  const n = assignCall(file, node, params);
  if (!n) return false;
  const at = n.arguments.findIndex((a) => a.type !== 'SpreadElement' && parameterOf(a as Node, params) === name);
  if (at < 0) return false;
  return n.arguments.slice(at + 1).every((a) => {
    const o = a.type === 'SpreadElement' ? undefined : unwrap(a as Node);
    return o?.type === 'ObjectExpression' && o.properties.every((p) => p.type === 'Property' && !p.computed && propertyKeyName(p) !== 'headers');
  });
}

/** A URL expression inside the wrapper, through one function-local variable (`const url = `${BASE}${path}``). */
function wrapperUrlExpression(file: FileContext, urlNode: Node, params: readonly string[]): Node {
  let n = unwrap(urlNode);
  for (let i = 0; i < 4; i++) {
    let next: Node | undefined;
    if (n.type === 'Identifier' && !params.includes(n.name)) next = localInit(file, n);
    else next = sameLevelValue(file, n);
    if (!next) break;
    n = unwrap(next);
  }
  return n;
}

/** The key a URL is written under in an options object (`{ url: ... }`, `{ uri: ... }`), if it is a property value. */
function urlPropertyKey(file: FileContext, urlNode: Node): string | undefined {
  const p = file.parentOf(urlNode);
  const key = p?.type === 'Property' && p.value === urlNode && !p.computed ? propertyKeyName(p) : undefined;
  return key && /^(url|uri)$/.test(key) ? key : undefined;
}

/**
 * What a wrapper appends to its local options' URL before the request (`if (args.path) options.url += args.path;`),
 * in order: statements of the function the request is made in, before it, whose test (if any) may hold at the call sites.
 */
function urlAppends(file: FileContext, frames: readonly Frame[], optionsNode: Node, key: string, request: Node): Node[] {
  const local = unwrap(optionsNode);
  const fn = frames[0].fn;
  if (local.type !== 'Identifier' || isParameterName(file, local) || !localInit(file, local)) return [];
  const out: Node[] = [];
  const appends = file.cached('requests:url-appends', () => file.nodes(T.AssignmentExpression).filter((a) => a.operator === '+=' && a.left.type === 'MemberExpression'));
  for (const a of appends) {
    if (!isInside(fn, a) || a.range[1] > request.range[0] || enclosingFunction(file, a) !== fn) continue;
    const left = a.left;
    if (left.type !== 'MemberExpression' || left.computed || memberName(left) !== key || unwrap(left.object).type !== 'Identifier' || (unwrap(left.object) as TSESTree.Identifier).name !== local.name) continue;
    const statement = file.parentOf(a);
    const holder = statement?.type === 'ExpressionStatement' ? file.parentOf(statement) : undefined;
    const test = holder?.type === 'IfStatement' && holder.consequent === statement ? holder.test : undefined;
    if (test && !conditionMayHold(file, frames, test as Node)) continue;
    out.push(a.right as Node);
  }
  return out.sort((x, y) => x.range[0] - y.range[0]);
}

/** How a wrapper's body expression carries a parameter: `body`, `JSON.stringify(body)`, `body ? JSON.stringify(body) : undefined`, `body && JSON.stringify(body)`. */
export function bodyParameter(node: Node | undefined, params: readonly string[]): { name: string; format?: RequestBody['format']; guarded?: boolean } | undefined {
  if (!node) return undefined;
  const n = unwrap(node);
  if (n.type === 'ConditionalExpression') {
    const inner = isNothing(n.alternate) ? bodyParameter(n.consequent, params) : isNothing(n.consequent) ? bodyParameter(n.alternate, params) : undefined;
    return inner && { ...inner, guarded: true };
  }
  // `body && JSON.stringify(body)`: nothing when the parameter is not given.
  if (n.type === 'LogicalExpression' && n.operator === '&&') {
    const test = unwrap(n.left as Node);
    const inner = bodyParameter(n.right, params);
    return inner && test.type === 'Identifier' && test.name === inner.name ? { ...inner, guarded: true } : undefined;
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

/**
 * How a wrapper's body expression carries one key of an options parameter (`options.body`,
 * `JSON.stringify(options.body)`, `options.body ? JSON.stringify(options.body) : undefined`, `options.body && ...`):
 * the parameter's identifier (as written there) and the key; the call sites' options say whether a body goes.
 */
function bodyKeyParameter(node: Node | undefined, params: readonly string[]): { object: TSESTree.Identifier; key: string; format?: RequestBody['format']; guarded?: boolean } | undefined {
  if (!node) return undefined;
  const n = unwrap(node);
  if (n.type === 'ConditionalExpression') {
    const inner = isNothing(n.alternate) ? bodyKeyParameter(n.consequent, params) : isNothing(n.consequent) ? bodyKeyParameter(n.alternate, params) : undefined;
    return inner && { ...inner, guarded: true };
  }
  if (n.type === 'LogicalExpression' && n.operator === '&&') {
    const inner = bodyKeyParameter(n.right, params);
    const test = bodyKeyParameter(n.left as Node, params);
    return inner && test && test.object.name === inner.object.name && test.key === inner.key && !test.format ? { ...inner, guarded: true } : undefined;
  }
  if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier') {
    const object = unwrap(n.object as Node);
    return object.type === 'Identifier' && params.includes(object.name) ? { object, key: n.property.name } : undefined;
  }
  if (n.type === 'CallExpression' && dottedName(n.callee) === 'JSON.stringify' && n.arguments[0]) {
    const inner = bodyKeyParameter(n.arguments[0] as Node, params);
    return inner && !inner.format && !inner.guarded ? { ...inner, format: 'json' } : undefined;
  }
  return undefined;
}

/** `undefined`, `void 0` or `null`: nothing passed. */
function isNothing(e: Node): boolean {
  const u = unwrap(e);
  return (u.type === 'Identifier' && u.name === 'undefined') || (u.type === 'Literal' && u.value === null && !('regex' in u)) || (u.type === 'UnaryExpression' && u.operator === 'void');
}

/**
 * Whether a value passed for a wrapper's body parameter sends no body: `undefined` never does
 * (`JSON.stringify(undefined)` is undefined too); `null` does not either, except through an unguarded
 * `JSON.stringify(body)` (the text `null`), a `URLSearchParams` (an empty form) or got's and ky's `json:`.
 */
export function sendsNoBody(arg: Node, flow: { format?: RequestBody['format']; guarded?: boolean }, client: HttpClient): boolean {
  const u = unwrap(arg);
  if (flow.format === 'form' && !flow.guarded) return false;
  // got and ky send `json: null` as the text `null`.
  if (u.type === 'Literal' && u.value === null && !('regex' in u)) return flow.guarded === true || (flow.format === undefined && client !== 'got' && client !== 'ky');
  return isNothing(u);
}

/** Config keys of a client's options object: where the body and the query are. */
function configKeys(client: HttpClient): { data?: string; json?: string; form?: string; body?: string; query?: string } {
  if (client === 'fetch') return { body: 'body' };
  if (client === 'axios' || client === 'unknown') return { data: 'data', query: 'params' };
  if (client === 'got' || client === 'ky') return { json: 'json', form: 'form', body: 'body', query: 'searchParams' };
  // request: `json` is also the flag `json: true`, so only `body` and `form` are read as the body here.
  if (client === 'request') return { body: 'body', form: 'form', query: 'qs' };
  if (client === 'rxjs') return { body: 'body', query: 'queryParams' };
  return {};
}

/** Whether a request's method is read from its options (fetch, `axios(config)`, `got(url, options)`, `.request(config)`), not its callee. */
function methodFromOptions(inner: HttpRequest): boolean {
  const callee = unwrap(inner.node.callee as Node);
  // A device HttpClient's method is its command's verb (`'HttpClient Post'`, `.HttpClient.Post(...)`), never an option.
  if (inner.client === 'xapi') return false;
  // A call of a summarized function that takes the method as a parameter (`call('POST', url, init)`): that argument's, never an option.
  if (inner.methodNode) return false;
  if (inner.client === 'http') return memberName(callee as TSESTree.MemberExpression) === 'request';
  return !(callee.type === 'MemberExpression' && (METHODS.has(memberName(callee) ?? '') || (inner.client === 'request' && memberName(callee) === 'del')));
}

/**
 * The method a request sends as its options say: the merged options' `method` (followed through the frames to
 * the call sites), `absent` when no part sets one (the client's default GET, or a configured client's method), undefined when a part that may set it is
 * not known (a parameter no call site fixes).
 */
export function optionsMethod(file: FileContext, optionsNode: Node | undefined, frames: readonly Frame[] = [], absent: string | undefined = 'GET'): string | undefined {
  const m = optionAt(file, frames, optionsNode ? { node: optionsNode, level: 0 } : undefined, 'method');
  if (m === 'absent') return absent;
  if (m === 'unknown') return undefined;
  return methodAt(file, frames, m);
}

/**
 * The objects an options object of a wrapper further out spreads (`{ ...DEFAULTS, ...opts }` as the argument of the
 * inner wrapper's options parameter, `at` where that argument is bound), each read as a config (headers, body,
 * query) with the level it is written at, in merge order: a local defaults object, and the wrapper's own parameter
 * followed out to its caller's object (and so on, a few levels). None when the object is the outermost caller's own,
 * or spreads nothing that folds.
 */
function outerParts(file: FileContext, frames: readonly Frame[], client: HttpClient, object: TSESTree.ObjectExpression, at: At | null | 'unknown' | undefined): Array<{ request: HttpRequest; level: number }> {
  const out: Array<{ request: HttpRequest; level: number }> = [];
  const start = at && at !== 'unknown' ? follow(file, frames, at) : undefined;
  if (!start || start === 'unknown' || start.level >= frames.length) return out;
  const visit = (obj: TSESTree.ObjectExpression, level: number, depth: number): void => {
    for (const p of obj.properties) {
      if (p.type !== 'SpreadElement' || depth > 4) continue;
      const arg = unwrap(p.argument);
      if (arg.type !== 'Identifier') continue;
      const f = follow(file, frames, { node: arg, level });
      const part = f && f !== 'unknown' ? objectOf(file, f.node) : undefined;
      if (!part || !f || f === 'unknown') continue;
      visit(part, f.level, depth + 1);
      const request: HttpRequest = { node: frames[frames.length - 1].site, client, isApi: false, headers: [] };
      fromConfig(file, request, part, undefined, configKeys(client));
      out.push({ request, level: f.level });
    }
  };
  visit(object, start.level, 0);
  return out;
}

/** The request a wrapper call site makes (API or not), or undefined when the wrapper's parameters do not reach the request. */
function wrapperRequest(file: FileContext, catalog: LoadedCatalog, inner: HttpRequest, frames: readonly Frame[]): HttpRequest | undefined {
  const params = frames[0].params;
  const top = frames.length - 1;
  const site = frames[top].site;
  /** What a parameter of the innermost wrapper holds, followed out to where it is written. */
  const argOf = (name: string): Node | undefined => {
    const b = bindingOf(frames, 0, name);
    if (!b || b === 'unknown') return undefined;
    const f = follow(file, frames, b);
    return f && f !== 'unknown' ? f.node : undefined;
  };
  const reads = (node: Node | undefined): boolean => !!node && readsLevel(file, frames, { node, level: 0 }, top);

  const options = inner.options;
  const optionsNode = inner.optionsNode ?? options;
  const spread = options?.properties.findIndex((p) => p.type === 'SpreadElement' && parameterOf(p.argument, params) !== undefined) ?? -1;
  const spreadName = spread >= 0 ? parameterOf((options!.properties[spread] as TSESTree.SpreadElement).argument, params) : undefined;
  // `Object.assign({ method: 'GET' }, options, { headers, url })` (through locals): the call site's options give the body and query.
  const assignName = spreadName || !optionsNode ? undefined : assignedParameter(file, optionsNode, params);
  // `fetch(url, options)`: the options parameter passed whole.
  const passedName = spreadName || assignName || !optionsNode ? undefined : parameterOf(optionsNode, params);
  const mergedName = spreadName ?? assignName ?? passedName;
  const siteOptions = mergedName ? objectOf(file, argOf(mergedName)) : undefined;
  /** An own property written after the spread wins over the call site's object, as at run time. */
  const ownAfterSpread = (key: string): boolean => {
    const own = options ? findProperty(options, key) : undefined;
    return !!own && (!spreadName || options!.properties.indexOf(own) > spread);
  };

  let urlExpr = inner.urlNode ? wrapperUrlExpression(file, inner.urlNode, params) : undefined;
  const urlReads = reads(urlExpr);
  // Options a same-file helper builds (`request(reqOptions({ uri: args.uri, method: args.method }))`): the URL's key
  // read through the helper, as the method is.
  const urlKey = !urlReads && inner.urlNode && optionsNode && !isInside(frames[0].fn, inner.urlNode) ? urlPropertyKey(file, inner.urlNode) : undefined;
  const built = urlKey ? optionAt(file, frames, { node: optionsNode!, level: 0 }, urlKey) : undefined;
  const builtUrl = built && built !== 'absent' && built !== 'unknown' && built.level === 0 ? built.node : undefined;
  if (builtUrl) urlExpr = builtUrl;
  // `options.url += args.path` after the options are made: the appended parts, in order, where their test may hold.
  const appended = urlKey ?? (inner.urlNode ? urlPropertyKey(file, inner.urlNode) : undefined);
  const appends = appended && optionsNode ? urlAppends(file, frames, optionsNode, appended, inner.node) : [];
  const urlFlows = (builtUrl ? reads(urlExpr) : urlReads) || appends.some((a) => reads(a));
  const bodyFlow = inner.body ? bodyParameter(inner.body.node, params) : undefined;
  // `body: options.body ? JSON.stringify(options.body) : undefined` with the options a parameter: the call sites' key.
  const bodyKey = inner.body && !bodyFlow && !mergedName ? bodyKeyParameter(inner.body.node, params) : undefined;
  const optionsFlow = reads(optionsNode);
  if (!urlFlows && !(bodyFlow && reads(inner.body!.node)) && !optionsFlow) return undefined;

  const r: HttpRequest = {
    node: site,
    client: inner.client,
    isApi: false,
    headers: inner.headers.filter((h) => !h.when || conditionMayHold(file, frames, h.when)).map((h) => ({ ...h, inherited: true })),
    wrapper: { request: inner, function: frames[0].fn, functions: frames.map((f) => f.fn) },
  };
  // URL
  if (urlFlows) {
    const pathParam = urlExpr && params.find((p) => usesName(urlExpr, p) && argOf(p));
    r.urlNode = writtenAtSite(file, frames, { node: urlExpr!, level: 0 }) ?? (pathParam ? argOf(pathParam) : site);
    // The client's base recorded again: a summary of the function this call lies in resolves its callers' paths on it.
    r.url = based(
      r,
      appends.reduce<StaticString | undefined>((u, a) => concatStatic(u, foldAt(file, frames, { node: a, level: 0 })), foldAt(file, frames, { node: urlExpr!, level: 0 })),
      requestBases.get(inner),
    );
  } else {
    r.urlNode = inner.urlNode;
    r.url = inner.url;
  }
  // Method: the merged options as the call sites fill them (`method = 'GET'` defaults, `{ ...defaults, ...init }`).
  // A summarized call taking the method as a parameter (`call(method, url, init)`): its argument, folded through the frames.
  const methodArg = inner.methodNode ? foldAt(file, frames, { node: inner.methodNode as Node, level: 0 }) : undefined;
  r.method = methodArg?.complete ? methodArg.value.toUpperCase() : methodFromOptions(inner) ? optionsMethod(file, optionsNode, frames) : inner.method;
  // Body and query
  if (bodyFlow && (!spreadName || ownAfterSpread(configKeys(inner.client).body ?? configKeys(inner.client).data ?? 'body'))) {
    const arg = argOf(bodyFlow.name);
    if (arg && sendsNoBody(arg, bodyFlow, inner.client)) r.body = undefined;
    else if (arg) {
      if (bodyFlow.format) r.body = { node: arg, object: objectOf(file, arg), format: bodyFlow.format };
      else r.body = bodyOf(file, arg, inner.client === 'fetch' || inner.client === 'http' ? undefined : inner.body?.format === 'form' ? 'form' : 'json');
    } else if (bindingOf(frames, 0, bodyFlow.name) === 'unknown') r.body = { node: site, format: 'unknown' };
  } else if (bodyKey) {
    // The key as the call sites' options give it: none (no body), a value (followed), or not known (a body may go).
    const found = optionAt(file, frames, { node: bodyKey.object, level: 0 }, bodyKey.key);
    if (found === 'absent') r.body = undefined;
    else if (found === 'unknown') r.body = { node: site, format: 'unknown' };
    else {
      const value = follow(file, frames, found);
      const arg = value && value !== 'unknown' ? value.node : found.node;
      if (value === null || sendsNoBody(arg, bodyKey, inner.client)) r.body = undefined;
      else r.body = bodyKey.format ? { node: arg, object: objectOf(file, arg), format: bodyKey.format } : bodyOf(file, arg, inner.client === 'fetch' || inner.client === 'http' ? undefined : 'json');
    }
  } else if (siteOptions) {
    const own: HttpRequest = { node: site, client: inner.client, isApi: false, headers: [] };
    fromConfig(file, own, siteOptions, undefined, configKeys(inner.client));
    // Options a wrapper further out merges again (`layer1(url, { ...DEFAULTS, ...opts })` into `fetch(url, { method,
    // ...opts })`): the objects it spreads, its defaults and its own caller's options, give what it does not write.
    const outer = mergedName ? outerParts(file, frames, inner.client, siteOptions, bindingOf(frames, 0, mergedName)) : [];
    const outerBody = own.body ? undefined : outer.reduce<RequestBody | undefined>((b, p) => p.request.body ?? b, undefined);
    r.body = own.body ?? outerBody ?? (bodyFlow ? undefined : inner.body);
    r.query = own.query;
    // Headers written at the call site are this request's own.
    // (A parameter merged by `Object.assign` carries them when no later part writes `headers` and the wrapper writes none.)
    // (Options passed whole carry the call site's headers unless the wrapper writes its own.)
    const assignKeeps = !!assignName && inner.headers.length === 0 && assignKeepsHeaders(file, optionsNode!, params, assignName);
    if (spreadName || (passedName && inner.headers.length === 0) || assignKeeps) {
      r.headers.push(...own.headers);
      r.headersNode = own.headersNode;
      // A wrapper's defaults are shared by all its calls (inherited); the outermost caller's own object is this call's.
      for (const p of outer) r.headers.push(...p.request.headers.map((h) => (p.level < frames.length ? { ...h, inherited: true } : h)));
      r.headersNode ??= outer.find((p) => p.level === frames.length)?.request.headersNode;
    }
    r.options = siteOptions;
    // `ajax({ ...options, headers })`: the URL of a config-object client is the call site's `url` when the wrapper writes none.
    const siteUrl = !inner.urlNode && spreadName && (inner.client === 'rxjs' || inner.client === 'axios') ? prop(siteOptions, 'url') : undefined;
    if (siteUrl) {
      r.urlNode = siteUrl;
      r.url = stringOf(file, siteUrl);
    }
  } else if (spreadName) {
    // Options that no call site fixes may carry a body.
    const b = bindingOf(frames, 0, spreadName);
    const passed = b && b !== 'unknown' ? follow(file, frames, b) : b;
    if (passed === 'unknown' || (passed && unwrap(passed.node).type === 'Identifier')) r.body = { node: site, format: 'unknown' };
    else r.body = inner.body;
  } else if (mergedName) {
    // Options built further out (`this.fetch(request.url, request)` with `request = Object.assign({...}, options, {...})`):
    // their body as merged through the frames, and (passed whole) their headers.
    r.body = inner.body ?? mergedBody(file, frames, optionsNode!, inner.client, site);
    const arg = passedName && inner.headers.length === 0 ? argOf(passedName) : undefined;
    const headers = arg ? mergedValue(file, arg, 'headers') : undefined;
    if (headers) r.headers.push(...headersOf(file, headers).headers);
  } else r.body = inner.body;
  // `headers: myHeaders` with the header object a parameter: the object the call site passes
  // (`sendRequest(url, 'GET', sparkHeaders, ...)`) is the call's header object, written where the caller wrote it.
  const headersParam = inner.headers.length === 0 && r.headers.length === 0 ? parameterOf(prop(options, 'headers'), params) : undefined;
  const passedHeaders = headersParam ? argOf(headersParam) : undefined;
  if (passedHeaders) r.headers.push(...headersOf(file, passedHeaders).headers);
  else {
    const spreadIn = spreadOptionHeaders(file, frames, inner, params);
    r.headers.push(...spreadIn.headers);
    if (spreadIn.from) r.headersFrom = spreadIn.from;
  }
  if (!r.query) {
    const queryParam = parameterOf(options ? prop(options, configKeys(inner.client).query ?? 'params') : undefined, params);
    const q = queryParam ? objectOf(file, argOf(queryParam)) : undefined;
    if (q) r.query = q;
    else if (!queryParam) r.query = inner.query;
  }
  // Kept when it is not the API too: the wrapper says where a call such as `crm.post('/telephony/...')` goes.
  return finish(r, catalog);
}

/**
 * `headers: { ...defaults, ...options?.headers }` with `options` a parameter of the wrapper (`request(method, path,
 * body, options)` called as `this.request('GET', path, undefined, { headers })`): the headers the call sites' options
 * give, followed out through the frames to where they are written, after the wrapper's own (they win a name both
 * write). None when a call site's options are not known here; `from`, the outermost call site's expression, when it
 * is a parameter of the function that call is made in (`get(path, headers)`): its callers in other modules give them.
 */
function spreadOptionHeaders(file: FileContext, frames: readonly Frame[], inner: HttpRequest, params: readonly string[]): { headers: RequestHeader[]; from?: Node } {
  const out: RequestHeader[] = [];
  let from: Node | undefined;
  for (const p of inner.headersNode?.properties ?? []) {
    if (p.type !== 'SpreadElement') continue;
    const arg = unwrap(p.argument);
    if (arg.type !== 'MemberExpression' || arg.computed || arg.property.type !== 'Identifier' || arg.property.name !== 'headers') continue;
    const object = unwrap(arg.object);
    if (object.type !== 'Identifier' || !params.includes(object.name)) continue;
    const found = optionAt(file, frames, { node: object, level: 0 }, 'headers');
    if (found === 'absent' || found === 'unknown') continue;
    const value = follow(file, frames, found);
    if (value === null || value === 'unknown' || value.level === 0) continue;
    const v = unwrap(value.node);
    if (value.level >= frames.length && v.type === 'Identifier' && isParameterName(file, v)) from = v;
    else out.push(...headersOf(file, value.node).headers);
  }
  return { headers: out, from };
}

/** The body merged options carry, followed through the frames: none, one written at the outermost call site, or unknown. */
function mergedBody(file: FileContext, frames: readonly Frame[], optionsNode: Node, client: HttpClient, site: Node): RequestBody | undefined {
  const keys = configKeys(client);
  let unknown = false;
  for (const key of [keys.body, keys.data, keys.json, keys.form]) {
    if (!key) continue;
    const found = optionAt(file, frames, { node: optionsNode, level: 0 }, key);
    if (found === 'unknown') unknown = true;
    else if (found !== 'absent' && !isNothing(found.node)) {
      if (found.level < frames.length) return { node: site, format: 'unknown' };
      return bodyOf(file, found.node, key === keys.form ? 'form' : key === keys.body && (client === 'fetch' || client === 'http') ? undefined : 'json');
    }
  }
  return unknown ? { node: site, format: 'unknown' } : undefined;
}

/**
 * The part of a URL written by the outermost caller (`safe('/telephony/config/numbers')`'s string), followed
 * through the parameters and the locals, templates, concatenations and helpers of every level between: where the
 * request's path is written, so a finding about its path or query is reported there. Undefined when the
 * caller's part is not reached (the URL only reads the caller's values through something not followed).
 */
function writtenAtSite(file: FileContext, frames: readonly Frame[], start: At, budget = { steps: 40 }): Node | undefined {
  const found = writtenParts(file, frames, start, budget);
  return found.find(isWrittenText) ?? found[0];
}

/** The caller's arguments a URL is built from, in the order its parts are written (see writtenAtSite). */
function writtenParts(file: FileContext, frames: readonly Frame[], start: At, budget: { steps: number }): Node[] {
  const top = frames.length - 1;
  let cur: At = start;
  while (budget.steps-- > 0) {
    if (cur.level >= frames.length) return [cur.node];
    const n = unwrap(cur.node);
    if (n.type === 'Identifier') {
      const f = follow(file, frames, cur);
      if (f === null || f === 'unknown' || (f.node === n && f.level === cur.level)) return [];
      cur = f;
      continue;
    }
    let children: Node[] = [];
    if (n.type === 'TemplateLiteral') children = n.expressions as Node[];
    else if (n.type === 'BinaryExpression' && n.operator === '+') children = [n.left as Node, n.right];
    else if (n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'URL') children = n.arguments as Node[];
    else if (n.type === 'CallExpression' && (isUrlEncoding(n) || appendingHelper(file, n))) children = n.arguments as Node[];
    const level = cur.level;
    // Every part that reads the caller's values is followed (`${base}${path}` where both come from the caller):
    // the place is the first of them the caller writes as text, else the first reached.
    return children.flatMap((c) => (c.type === 'SpreadElement' || !readsLevel(file, frames, { node: c, level }, top) ? [] : writtenParts(file, frames, { node: c, level }, budget)));
  }
  return [];
}

/** A caller's argument that is text it writes: a string, a template or a concatenation (not a name or a call). */
function isWrittenText(node: Node): boolean {
  const n = unwrap(node);
  return (n.type === 'Literal' && typeof n.value === 'string') || n.type === 'TemplateLiteral' || (n.type === 'BinaryExpression' && n.operator === '+');
}

/**
 * Whether a header's condition may hold at the call sites: `x !== undefined`, `x != null`, `x` and `init.body`
 * (or `init?.body`) are false when the call passes nothing there; anything else may hold.
 */
function conditionMayHold(file: FileContext, frames: readonly Frame[], test: Node): boolean {
  let n = unwrap(test);
  if (n.type === 'BinaryExpression' && (n.operator === '!==' || n.operator === '!=')) {
    const other = unwrap(n.right);
    if (!((other.type === 'Identifier' && other.name === 'undefined') || (other.type === 'Literal' && other.value === null))) return true;
    n = unwrap(n.left as Node);
  }
  if (n.type === 'ChainExpression') n = n.expression;
  if (n.type === 'Identifier') {
    const f = follow(file, frames, { node: n, level: 0 });
    if (f === null) return false;
    if (f === 'unknown') return true;
    const v = unwrap(f.node);
    return !(v.type === 'Identifier' && v.name === 'undefined');
  }
  if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier') {
    const found = optionAt(file, frames, { node: n.object, level: 0 }, n.property.name);
    return found !== 'absent';
  }
  return true;
}

/** Whether an expression names an identifier (templates, `+`, `new URL`, encoders). */
function usesName(node: Node, name: string, depth = 0): boolean {
  const n = unwrap(node);
  if (depth > 6) return false;
  if (n.type === 'Identifier') return n.name === name;
  const next = (c: Node): boolean => usesName(c, name, depth + 1);
  if (n.type === 'TemplateLiteral') return n.expressions.some((e) => next(e as Node));
  if (n.type === 'BinaryExpression' && n.operator === '+') return next(n.left as Node) || next(n.right);
  if (n.type === 'NewExpression' && isUrlConstructor(n)) return n.arguments.some((a) => next(a as Node));
  if (n.type === 'CallExpression' && isUrlEncoding(n)) return next(n.arguments[0] as Node);
  const text = urlTextOf(n);
  return !!text && next(text);
}

/** The function a request is made in, as a wrapper: the nearest one with parameters (a parameterless callback such as `retry(() => fetch(...))` is looked through). */
function wrapperFunctionOf(file: FileContext, node: Node): Node | undefined {
  let fn: Node | undefined;
  for (const a of file.ancestors(node)) {
    // `new Promise((resolve, reject) => request(options, ...))`: the executor's parameters are the promise's own.
    if (!isFunctionNode(a) || isPromiseExecutor(file, a)) continue;
    fn = a;
    if (parameterNames(a).length > 0) break;
  }
  return fn && parameterNames(fn).length > 0 ? fn : undefined;
}

/** Whether a function is the executor of a `new Promise(...)` (any promise library's constructor named `Promise`). */
function isPromiseExecutor(file: FileContext, fn: Node): boolean {
  const parent = file.parentOf(fn);
  return parent?.type === 'NewExpression' && parent.arguments[0] === fn && parent.callee.type === 'Identifier' && /^(Promise|Bluebird|P)$/.test(parent.callee.name);
}

/** How many wrapper levels are followed outwards from a request. */
const MAX_LEVELS = 4;

/**
 * Requests made through same-file wrapper functions, at their call sites, several levels deep: a call site
 * inside another function whose parameters reach the request is followed to that function's call sites.
 */
export function wrapperRequests(file: FileContext, catalog: LoadedCatalog, candidates: readonly HttpRequest[], direct: ReadonlySet<Node>): HttpRequest[] {
  const out: HttpRequest[] = [];
  // A call site is read once per request it reaches: `webexFetch(path)` may make a delegation check and the call itself.
  const seen = new Map<HttpRequest, Set<Node>>();
  let work: Array<{ inner: HttpRequest; frames: Frame[] }> = [];
  for (const inner of candidates) {
    const fn = wrapperFunctionOf(file, inner.node);
    if (fn) for (const site of callSitesOf(file, fn)) work.push({ inner, frames: [frameOf(fn, site)] });
  }
  for (let level = 0; level < MAX_LEVELS && work.length > 0; level++) {
    const next: typeof work = [];
    for (const { inner, frames } of work) {
      const site = frames[frames.length - 1].site;
      let reached = seen.get(inner);
      if (!reached) seen.set(inner, (reached = new Set()));
      if (direct.has(site) || reached.has(site)) continue;
      const r = wrapperRequest(file, catalog, inner, frames);
      if (!r) continue;
      reached.add(site);
      out.push(r);
      const fn = wrapperFunctionOf(file, site);
      if (!fn || frames.some((f) => f.fn === fn)) continue;
      const sites = callSitesOf(file, fn);
      if (sites.length > 0) r.wrapper!.followed = true;
      for (const outer of sites) next.push({ inner, frames: [...frames, frameOf(fn, outer)] });
    }
    work = next;
  }
  return out;
}

/**
 * Whether code in another file may call a function: it is exported (with its class or object), handed out as a
 * value (`module.exports = { call }`, a callback), or a non-private member of a class. Its calls in this file
 * are then not all of its calls, and an edit in it is not known to be right for every caller.
 */
export function isReachableFromOtherFiles(file: FileContext, fn: Node): boolean {
  const owner = file.parentOf(fn);
  if ((owner?.type === 'MethodDefinition' || owner?.type === 'PropertyDefinition') && owner.value === fn) {
    if (owner.key.type === 'PrivateIdentifier' || owner.accessibility === 'private') return false;
    return true;
  }
  const name = functionName(file, fn) ?? (owner?.type === 'Property' ? holderName(file, owner) : undefined);
  for (const a of file.ancestors(fn)) {
    if (a.type === 'ExportNamedDeclaration' || a.type === 'ExportDefaultDeclaration') return true;
    if (a.type === 'Program') break;
  }
  if (!name) return true;
  // Any use of the name other than a call (an export list, `module.exports`, a callback, a property value).
  return file.nodes(T.Identifier).some((id) => {
    if (id.name !== name) return false;
    const parent = file.parentOf(id);
    if (!parent) return false;
    if (parent.type === 'CallExpression' && parent.callee === id) return false;
    if (parent.type === 'MemberExpression' && parent.object === id && file.parentOf(parent)?.type === 'CallExpression' && (file.parentOf(parent) as TSESTree.CallExpression).callee === parent) return false;
    if (parent.type === 'MemberExpression' && parent.property === id && !parent.computed) return false;
    if ((parent.type === 'VariableDeclarator' && parent.id === id) || (parent.type === 'FunctionDeclaration' && parent.id === id)) return false;
    if (parent.type === 'Property' && parent.key === id && !parent.shorthand) return false;
    return true;
  });
}

/** `const api = { call() {} }`: the name of the variable holding the object a method is written in. */
function holderName(file: FileContext, property: TSESTree.Property): string | undefined {
  const object = file.parentOf(property);
  const holder = object ? outerParent(file, object) : undefined;
  const decl = holder?.parent;
  return decl?.type === 'VariableDeclarator' && decl.id.type === 'Identifier' ? decl.id.name : undefined;
}

/**
 * Every value the file shows reaching a parameter: its default (for a call that passes nothing) and the
 * argument of each same-file call site, with where it is written. Undefined when the function has no such
 * values to judge (no default and no call site), or a call spreads its arguments.
 */
export function parameterValues(file: FileContext, fn: Node, name: string): Array<{ node: Node; at: Node }> | undefined {
  const index = parameterNames(fn).indexOf(name);
  if (index < 0) return undefined;
  const def = parameterDefault(fn, name);
  const out: Array<{ node: Node; at: Node }> = [];
  if (def) out.push({ node: def, at: def });
  for (const site of callSitesOf(file, fn)) {
    const args = argumentsAt(site);
    if (args.slice(0, index + 1).some((a) => a.type === 'SpreadElement')) return undefined;
    const arg = args[index];
    if (arg && !(arg.type === 'Identifier' && arg.name === 'undefined')) out.push({ node: arg, at: arg });
  }
  return out.length > 0 ? out : undefined;
}

/**
 * The values the parameter a URL starts with can hold (`\`${base}/rooms/${id}\`` in `function info(id, base =
 * WEBEX)`): its default (imported or not) and the argument of each same-file call site, folded. Undefined when
 * the URL does not start with a parameter of its enclosing function, or a value does not fold.
 */
export function leadingParameterValues(file: FileContext, node: Node): StaticString[] | undefined {
  let n = unwrap(node);
  while (n.type === 'BinaryExpression' && n.operator === '+') n = unwrap(n.left as Node);
  if (n.type === 'TemplateLiteral') {
    if ((n.quasis[0].value.cooked ?? '') !== '' || n.expressions.length === 0) return undefined;
    n = unwrap(n.expressions[0] as Node);
  }
  if (n.type !== 'Identifier') return undefined;
  const name = n.name;
  let fn: Node | undefined;
  for (const a of file.ancestors(n)) if (isFunctionNode(a)) { fn = a; break; }
  if (!fn || !parameterNames(fn).includes(name) || localInit(file, n)) return undefined;
  const values = parameterValues(file, fn, name);
  if (!values) return undefined;
  const out: StaticString[] = [];
  for (const v of values) {
    const folded = stringOf(file, v.node);
    if (!folded) return undefined;
    out.push(folded);
  }
  return out;
}
