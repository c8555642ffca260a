/**
 * Default headers a class hands up to its base class through `super(...)` (issue 26 items 1-3, nineteenth session,
 * branch `26left2`): a class summary of the shape SDK-like wrappers use.
 *
 *   class PlatformHttp extends RestBase {
 *     constructor(origin, token) { super({ origin, headers: { Authorization: ..., 'Content-Type': 'application/json' } }); }
 *   }
 *   // another module
 *   abstract class RestBase {
 *     constructor({ origin = '/', ...defaults } = {}, send = globalThis.fetch) { this.send = send; this.defaults = defaults; }
 *     protected call(method, { path, data, ...extra } = {}) {
 *       const init = this.initFor(method, extra, data);     // { ...this.defaults, headers: RestBase.merge(extra.headers, this.defaults.headers), method, body }
 *       return this.send(this.address(path), { ...init });
 *     }
 *     read({ path, ...extra } = {}) { return this.call('GET', { path, ...extra }); }
 *   }
 *
 * The header object written in the `super(...)` argument reaches every request of the base: the base's constructor
 * keeps the argument (a parameter, the rest of a destructured parameter, or its `headers` key) in a field, and a
 * method of the chain hands that field to an HTTP client (fetch, a `this.<field>` whose constructor default is
 * fetch, axios, got, ky), through local values, methods of the class returning an object built from it, and helpers
 * (a static `merge(fresh, original)`) given it. The chain's verb methods (`read` calling `this.call('GET', ...)`) say
 * which method each caller's request has. What is summarized:
 * - {@link superHeaderSites}: for each Content-Type written in a `super(...)` argument's `headers` object of a class of
 *   this file, the verb methods of the chain that send it, with their HTTP method and whether they take a body.
 * Not followed: a base that handles the Content-Type itself (its methods name the header), or sends the field only
 * under a test of the method or the body (`body ? { headers: this.defaults.headers } : {}`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import { memberName, propertyKeyName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import { isFunctionNode } from './request.js';
import { localInit } from './bindings.js';
import { clientOfIdentifier } from './clients.js';
import { baseChain, constructorOf, methodOfClass, type ClassAt, type ClassNode } from './summaries.js';
import { mayHandUpHeaders } from '../prefilter/prefilter.js';

/** A verb method of a class chain (`read(...)` calling `this.call('GET', ...)`): its name, HTTP method and whether its parameters take a body. */
export interface VerbMethod {
  name: string;
  method: string;
  takesBody: boolean;
}

/** A Content-Type written in a `super(...)` argument's headers, and the verb methods of the chain that send it. */
export interface SuperHeaderSite {
  /** The `'Content-Type': ...` property. */
  site: TSESTree.Property;
  /** The class whose constructor writes it. */
  cls: ClassNode;
  verbs: VerbMethod[];
}

const HTTP_VERBS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const BODY_NAMES = /^(?:body|data|payload|json|form|rawBody)$/;
/** Names of a method's parameters that say the request's method or body: a test on one decides whether the header is sent. */
const GATE_NAMES = /^(?:method|verb|httpMethod|body|data|payload|rawBody)$/i;
const MAX_DEPTH = 6;

const within = (outer: Node, inner: Node): boolean => outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];


/** The Content-Type property of an object literal (`'Content-Type'`, any case; a string or identifier key). */
function contentTypeProperty(obj: TSESTree.ObjectExpression): TSESTree.Property | undefined {
  for (const p of obj.properties) if (p.type === 'Property' && !p.computed && propertyKeyName(p)?.toLowerCase() === 'content-type') return p;
  return undefined;
}

/** An object literal a node is, or a `const` of the file initialized with one. */
function objectLiteral(file: FileContext, node: Node | undefined): TSESTree.ObjectExpression | undefined {
  if (!node) return undefined;
  const n = unwrap(node);
  if (n.type === 'ObjectExpression') return n;
  if (n.type === 'Identifier') {
    const init = file.constantInit(n.name);
    const v = init ? unwrap(init as Node) : undefined;
    return v?.type === 'ObjectExpression' ? v : undefined;
  }
  return undefined;
}

/**
 * The Content-Type written in `super(...)` arguments of this file's classes, with the verb methods of each class's
 * chain that send it (memoized per file). Empty for most files: the text test first.
 */
export function superHeaderSites(file: FileContext): SuperHeaderSite[] {
  if (!mayHandUpHeaders(file.text)) return [];
  return file.cached('super-headers:sites', () => {
    const out: SuperHeaderSite[] = [];
    for (const cls of [...file.nodes(T.ClassDeclaration), ...file.nodes(T.ClassExpression)]) {
      if (!cls.superClass) continue;
      const ctor = constructorOf(cls);
      if (!ctor) continue;
      const call = file.nodes(T.CallExpression).find((c) => c.callee.type === 'Super' && within(ctor, c));
      if (!call) continue;
      call.arguments.forEach((arg, i) => {
        if (arg.type === 'SpreadElement') return;
        const options = objectLiteral(file, arg);
        const headers = options?.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && propertyKeyName(p) === 'headers');
        const object = headers ? objectLiteral(file, headers.value as Node) : undefined;
        const site = object ? contentTypeProperty(object) : undefined;
        if (!site) return;
        const chain = baseChain(file, cls);
        const verbs = sendingVerbs(chain, i);
        if (verbs.length > 0) out.push({ site, cls, verbs });
      });
    }
    return out;
  });
}

/** Where a base class keeps what its constructor is given: fields holding the options object, and fields holding its headers. */
interface Carriers {
  objects: Set<string>;
  headers: Set<string>;
}

/**
 * The fields of the class at `level` of the chain (the first with a constructor above the writer, the arguments
 * passed through classes without one) that keep argument `index` of `super(...)` or its `headers`.
 */
function carriersOf(chain: readonly ClassAt[], index: number): { level: number; carriers: Carriers } | undefined {
  for (let level = 1; level < chain.length; level++) {
    const { file, cls } = chain[level];
    const ctor = constructorOf(cls);
    if (!ctor) continue;
    const param = ctor.params[index] as Node | undefined;
    if (!param) return undefined;
    const objects = new Set<string>();
    const headers = new Set<string>();
    const localObjects = new Set<string>();
    const localHeaders = new Set<string>();
    if (param.type === 'TSParameterProperty') {
      if (param.parameter.type === 'Identifier') objects.add(param.parameter.name);
    } else {
      const p = param.type === 'AssignmentPattern' ? (param.left as Node) : param;
      if (p.type === 'Identifier') localObjects.add(p.name);
      else if (p.type === 'ObjectPattern') {
        let named = false;
        for (const prop of p.properties) {
          if (prop.type === 'RestElement') {
            if (prop.argument.type === 'Identifier') localObjects.add(prop.argument.name);
            continue;
          }
          if (propertyKeyName(prop) !== 'headers') continue;
          named = true;
          const v = prop.value.type === 'AssignmentPattern' ? prop.value.left : prop.value;
          if (v.type === 'Identifier') localHeaders.add(v.name);
        }
        // A rest element holds the headers only when no key took them out before it.
        if (named) localObjects.clear();
      }
    }
    for (const a of file.nodes(T.AssignmentExpression)) {
      if (a.operator !== '=' || !within(ctor, a) || a.left.type !== 'MemberExpression' || unwrap(a.left.object).type !== 'ThisExpression') continue;
      const field = memberName(a.left);
      let right = unwrap(a.right as Node);
      // `this.headers = new Headers(headers)`: the same headers.
      if (right.type === 'NewExpression' && right.callee.type === 'Identifier' && right.callee.name === 'Headers' && right.arguments[0]) right = unwrap(right.arguments[0] as Node);
      if (field === undefined || right.type !== 'Identifier') continue;
      if (localObjects.has(right.name)) objects.add(field);
      else if (localHeaders.has(right.name)) headers.add(field);
    }
    return objects.size + headers.size > 0 ? { level, carriers: { objects, headers } } : undefined;
  }
  return undefined;
}

/** The verb methods of the chain whose requests send argument `index` of the writer's `super(...)` headers. */
function sendingVerbs(chain: readonly ClassAt[], index: number): VerbMethod[] {
  const found = carriersOf(chain, index);
  if (!found) return [];
  const { level, carriers } = found;
  // Methods of the base (and the classes above it) that hand a carrier to an HTTP client.
  const senders = new Set<string>();
  for (let k = level; k < chain.length; k++) {
    const { cls } = chain[k];
    for (const m of cls.body.body) {
      if (m.type !== 'MethodDefinition' || m.kind !== 'method' || m.static) continue;
      const name = propertyKeyName(m);
      if (name === undefined || senders.has(name)) continue;
      if (sendsCarrier(chain, k, m.value as Node, carriers)) senders.add(name);
    }
  }
  if (senders.size === 0) return [];
  // Verb methods: `read(...) { return this.call('GET', ...) }` anywhere in the chain (the writer's class included).
  const verbs: VerbMethod[] = [];
  for (let k = 0; k < chain.length; k++) {
    const { file, cls } = chain[k];
    for (const m of cls.body.body) {
      if (m.type !== 'MethodDefinition' || m.kind !== 'method' || m.static) continue;
      const name = propertyKeyName(m);
      if (name === undefined || verbs.some((v) => v.name === name)) continue;
      const fn = m.value as TSESTree.FunctionExpression;
      for (const call of file.nodes(T.CallExpression)) {
        if (!within(fn, call)) continue;
        const callee = unwrap(call.callee as Node);
        if (callee.type !== 'MemberExpression' || unwrap(callee.object).type !== 'ThisExpression' || !senders.has(memberName(callee) ?? '')) continue;
        const verb = call.arguments.map((a) => unwrap(a as Node)).find((a): a is TSESTree.StringLiteral => a.type === 'Literal' && typeof a.value === 'string' && HTTP_VERBS.has(a.value.toUpperCase()));
        if (!verb) continue;
        verbs.push({ name, method: verb.value.toUpperCase(), takesBody: takesBody(fn) });
        break;
      }
    }
  }
  return verbs;
}

/** Whether a method's parameters can carry a body (`body`, `data`, a destructured `{ body }`). */
function takesBody(fn: TSESTree.FunctionLike): boolean {
  const named = (p: Node): boolean => {
    const n = p.type === 'AssignmentPattern' ? (p.left as Node) : p.type === 'TSParameterProperty' ? (p.parameter as Node) : p;
    if (n.type === 'Identifier') return BODY_NAMES.test(n.name);
    if (n.type === 'ObjectPattern') return n.properties.some((q) => q.type === 'Property' && BODY_NAMES.test(propertyKeyName(q) ?? ''));
    return false;
  };
  return fn.params.some((p) => named(p as Node));
}

/** Whether a method hands a carrier field to an HTTP client: the arguments of a client call it makes depend on one. */
function sendsCarrier(chain: readonly ClassAt[], level: number, fn: Node, carriers: Carriers): boolean {
  const { file, cls } = chain[level];
  // A base that handles the header itself (names it, deletes it per request) is not followed.
  if (/content-type/i.test(file.getText(fn))) return false;
  for (const call of file.nodes(T.CallExpression)) {
    if (!within(fn, call) || !isClientCall(file, cls, call)) continue;
    const seen = new Set<Node>();
    if (call.arguments.some((a) => dependsOn(chain, file, fn, a as Node, carriers, seen, 0))) return true;
  }
  return false;
}

/**
 * Whether a call is an HTTP client's: fetch (also `globalThis.fetch`), axios/got/ky and their methods, or
 * `this.<field>(...)` where the class's constructor sets the field from a parameter whose default is such a client
 * (`constructor(options = {}, send = globalThis.fetch) { this.send = send }`) or a field initializer is one.
 */
function isClientCall(file: FileContext, cls: ClassNode, call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee as Node);
  const isClient = (n: Node): boolean => {
    const u = unwrap(n);
    if (u.type === 'Identifier') return clientOfIdentifier(file, u.name) !== undefined;
    if (u.type === 'MemberExpression' && !u.computed && memberName(u) === 'fetch') return /^(?:window|globalThis|self|global)$/.test(unwrap(u.object).type === 'Identifier' ? (unwrap(u.object) as TSESTree.Identifier).name : '');
    return false;
  };
  if (callee.type === 'Identifier') return isClient(callee);
  if (callee.type !== 'MemberExpression' || callee.computed) return false;
  const object = unwrap(callee.object);
  if (object.type === 'Identifier') return isClient(object);
  if (object.type !== 'ThisExpression') return false;
  const field = memberName(callee);
  if (field === undefined) return false;
  for (const m of cls.body.body) if (m.type === 'PropertyDefinition' && !m.static && propertyKeyName(m) === field && m.value && isClient(m.value as Node)) return true;
  const ctor = constructorOf(cls);
  if (!ctor) return false;
  for (const a of file.nodes(T.AssignmentExpression)) {
    if (a.operator !== '=' || !within(ctor, a) || a.left.type !== 'MemberExpression' || unwrap(a.left.object).type !== 'ThisExpression' || memberName(a.left) !== field) continue;
    const right = unwrap(a.right as Node);
    if (right.type !== 'Identifier') return isClient(right);
    const param = ctor.params.find((p) => p.type === 'AssignmentPattern' && p.left.type === 'Identifier' && p.left.name === right.name) as TSESTree.AssignmentPattern | undefined;
    if (param) return isClient(param.right as Node);
    // A parameter without a default is the caller's (not known); a name no parameter declares is the module's.
    return !ctor.params.some((p) => p.type === 'Identifier' && p.name === right.name) && isClient(right);
  }
  return false;
}

/**
 * Whether an expression of method `fn` carries a carrier field: it reads `this.<field>` (its `headers`, the whole
 * object, a spread of it; not another key of it), a local value initialized from one, the return of a method of the
 * chain that builds from one, or the result of a helper given one. A part under a test of the method or the body
 * (`body ? this.defaults.headers : undefined`) does not count.
 */
function dependsOn(chain: readonly ClassAt[], file: FileContext, fn: Node, expr: Node, carriers: Carriers, seen: Set<Node>, depth: number): boolean {
  if (depth > MAX_DEPTH || seen.has(expr)) return false;
  seen.add(expr);
  const gated = (n: Node): boolean => {
    for (const up of file.ancestors(n)) {
      if (up === expr || up === fn) break;
      if (up.type !== 'ConditionalExpression' && up.type !== 'LogicalExpression' && up.type !== 'IfStatement') continue;
      const test = up.type === 'LogicalExpression' ? (up.operator === '&&' ? up.left : undefined) : up.test;
      if (test && !within(test, n) && file.nodes(T.Identifier).some((id) => within(test, id) && GATE_NAMES.test(id.name))) return true;
    }
    return false;
  };
  for (const m of file.nodes(T.MemberExpression)) {
    if (!within(expr, m) || unwrap(m.object).type !== 'ThisExpression') continue;
    const field = memberName(m);
    if (field === undefined) continue;
    const parent = file.parentOf(m);
    const key = parent?.type === 'MemberExpression' && parent.object === m ? memberName(parent) : undefined;
    const carries = carriers.headers.has(field) || (carriers.objects.has(field) && (key === undefined || key === 'headers'));
    if (carries && !gated(m)) return true;
  }
  // Local values of the method, by their initializers.
  for (const id of file.nodes(T.Identifier)) {
    if (!within(expr, id) || gated(id)) continue;
    const parent = file.parentOf(id);
    if (parent?.type === 'MemberExpression' && parent.property === id && !parent.computed) continue;
    if (parent?.type === 'Property' && parent.key === id && !parent.shorthand) continue;
    const init = localInit(file, id);
    if (init && dependsOn(chain, file, fn, init, carriers, seen, depth + 1)) return true;
  }
  // Methods of the chain called on `this` (their returns), and helpers given a carrier (`Base.merge(extra.headers, this.defaults.headers)`).
  for (const call of file.nodes(T.CallExpression)) {
    if (!within(expr, call) || gated(call)) continue;
    const callee = unwrap(call.callee as Node);
    if (callee.type === 'MemberExpression' && unwrap(callee.object).type === 'ThisExpression') {
      const name = memberName(callee);
      const at = name === undefined ? undefined : chain.find((c) => methodOfClass(c.cls, name));
      const method = at && name !== undefined ? methodOfClass(at.cls, name) : undefined;
      if (at && method && isFunctionNode(method) && !/content-type/i.test(at.file.getText(method))) {
        for (const r of at.file.nodes(T.ReturnStatement)) {
          if (r.argument && within(method, r) && dependsOn(chain, at.file, method, r.argument as Node, carriers, seen, depth + 1)) return true;
        }
      }
    }
  }
  return false;
}
