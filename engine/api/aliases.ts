/**
 * Forwarding functions: a function of the file whose whole body hands its parameters, unchanged and in order, to
 * one call and returns what it returns (`function get(url, config) { return axios.get(url, config); }`,
 * `const send = (u, init) => fetch(u, init)`, the same as a static method, an object literal's method or an
 * instance method, or with the sender a defaulted parameter: `function api(u, init, send = fetch) { return
 * send(u, init); }`). A call of such a function is the forwarded call with the call site's own arguments, so the
 * request model (calls.ts) reads it where it is made, as if the client were called there: its options, the headers
 * assigned to them before the call, the body its function writes under a test of the method, all in the caller's
 * function. Functions that do anything else (reorder, add or fix an argument, read `this`) are wrappers
 * (wrappers.ts), read through their parameters.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { isFunctionNode, propertyKeyName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import { exportDeclarers } from '../project/export-text.js';
import { moduleRecord, ProjectModel } from '../project/modules.js';
import { localInit, outerParent, sameFileFunction } from './bindings.js';
import { clientOfIdentifier } from './clients.js';

/** What a forwarding function calls: the callee as written in it, and how many leading parameters it passes on. */
interface Forward {
  callee: Node;
  arity: number;
}

/** The call a function forwards to, when it does nothing else (see the file's header). */
function forwardOf(file: FileContext, fn: Node): Forward | undefined {
  const f = fn as TSESTree.FunctionLike;
  if (f.type === 'TSDeclareFunction' || f.type === 'TSEmptyBodyFunctionExpression' || !f.body) return undefined;
  if ((f as TSESTree.FunctionDeclaration).generator) return undefined;
  let returned: Node | undefined;
  if (f.body.type === 'BlockStatement') {
    const [only, ...rest] = f.body.body;
    if (rest.length > 0 || only?.type !== 'ReturnStatement' || !only.argument) return undefined;
    returned = only.argument as Node;
  } else returned = f.body as Node;
  let call = unwrap(returned);
  if (call.type === 'AwaitExpression') call = unwrap(call.argument as Node);
  if (call.type !== 'CallExpression' || call.optional) return undefined;
  const names: string[] = [];
  let sender: TSESTree.AssignmentPattern | undefined;
  for (const p of f.params) {
    if (p.type === 'Identifier') {
      if (sender) return undefined;
      names.push(p.name);
    } else if (p.type === 'AssignmentPattern' && p.left.type === 'Identifier' && !sender) sender = p;
    else return undefined;
  }
  // The arguments are the leading parameters, in order, each once.
  if (call.arguments.length !== names.length || names.length === 0) return undefined;
  if (call.arguments.some((a, i) => a.type !== 'Identifier' || a.name !== names[i])) return undefined;
  let callee = unwrap(call.callee as Node);
  if (sender) {
    // `send = fetch` called as `send(...)`: the default is the callee (a caller passing a sender is no alias).
    if (callee.type !== 'Identifier' || callee.name !== (sender.left as TSESTree.Identifier).name) return undefined;
    callee = unwrap(sender.right as Node);
  }
  // A client or a client's method named from the module (`fetch`, `axios.get`, `http.request`): nothing the function binds.
  let root = callee;
  while (root.type === 'MemberExpression' && !root.computed) root = unwrap(root.object);
  // Or another method of the same class through `this` (`request(u, i) { return this.send(u, i); }`), followed
  // by forwardedCallee only to a method of that class that forwards in turn.
  if (!sender && root.type === 'ThisExpression' && callee.type === 'MemberExpression' && unwrap(callee.object) === root) return { callee, arity: names.length };
  if (root.type !== 'Identifier' || names.includes(root.name) || (sender && (sender.left as TSESTree.Identifier).name === root.name)) return undefined;
  // A defaulted sender counts only when its default is a client (as calls.ts's defaultedClient reads one): `send =
  // cache.get` is a lookup, not a request.
  if (sender && !clientOfIdentifier(file, root.name)) return undefined;
  return { callee, arity: names.length };
}

/** Forwarding functions of the file, by function node (memoized per file; most files have none). */
function forwards(file: FileContext): Map<Node, Forward> {
  return file.cached('api:forwards', () => {
    const out = new Map<Node, Forward>();
    for (const type of [T.FunctionDeclaration, T.FunctionExpression, T.ArrowFunctionExpression] as const) {
      for (const fn of file.nodes(type)) {
        const f = forwardOf(file, fn);
        if (f) out.set(fn, f);
      }
    }
    return out;
  });
}

/**
 * The names a call's callee must have for {@link calledFunction} to give one of the file's forwarders: `names` for a
 * plain name (a function declared under it, the initial value of a variable of that name, or a value assigned to
 * one: what `sameFileFunction` and `localInit` give), `members` for `x.name(...)` (a class member or an object
 * literal's property written under that name: `classMethod`, the object-literal case); `any` when a forwarder stands
 * where any name may reach it (an array element, which `localInit` gives a loop variable). Read from where each
 * forwarder is written, so a call of any other name is known to call no forwarder without binding its name by scope
 * (which analyses the whole file: on excalidraw's `AI.tsx`, the scope analyses of the modules its summaries read).
 */
interface ForwarderNames {
  names: ReadonlySet<string>;
  members: ReadonlySet<string>;
  any: boolean;
}

function forwarderNames(file: FileContext): ForwarderNames {
  return file.cached('api:forwarder-names', () => {
    const names = new Set<string>();
    const members = new Set<string>();
    let any = false;
    for (const fn of forwards(file).keys()) {
      if (fn.type === 'FunctionDeclaration' && fn.id) names.add(fn.id.name);
      // Up through what `unwrap` looks through (`x as T`, `x!`, `<T>x`, `x satisfies T`), to where the function is written.
      let at: Node = fn;
      let holder = file.parentOf(at);
      while (
        holder &&
        (holder.type === 'TSAsExpression' || holder.type === 'TSNonNullExpression' || holder.type === 'TSTypeAssertion' || holder.type === 'TSSatisfiesExpression' || holder.type === 'ChainExpression') &&
        holder.expression === at
      ) {
        at = holder;
        holder = file.parentOf(at);
      }
      if (!holder) continue;
      if (holder.type === 'VariableDeclarator' && holder.init === at && holder.id.type === 'Identifier') names.add(holder.id.name);
      else if (holder.type === 'AssignmentExpression' && holder.right === at && holder.left.type === 'Identifier') names.add(holder.left.name);
      else if (holder.type === 'ArrayExpression') any = true;
      else if ((holder.type === 'MethodDefinition' || holder.type === 'PropertyDefinition' || holder.type === 'Property') && holder.value === at) {
        const key = propertyKeyName(holder);
        if (key === undefined) any = true;
        else members.add(key);
      }
    }
    return { names, members, any };
  });
}

/** Whether {@link calledFunction} may give one of the file's forwarders for this callee (see {@link forwarderNames}). */
function mayCallForwarder(file: FileContext, callee: Node): boolean {
  const { names, members, any } = forwarderNames(file);
  if (any) return true;
  if (callee.type === 'Identifier') return names.has(callee.name);
  return callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && members.has(callee.property.name);
}

/** Whether a name is a parameter of a function around `id` (which would hide a module-level function of that name). */
function isParameterHere(file: FileContext, id: TSESTree.Identifier): boolean {
  for (const a of file.ancestors(id)) {
    if (!isFunctionNode(a)) continue;
    for (const p of (a as TSESTree.FunctionLike).params) {
      const n = p.type === 'AssignmentPattern' ? p.left : p;
      if (n.type === 'Identifier' && n.name === id.name) return true;
    }
  }
  return false;
}

/** The class a name is bound to at the top level of the file (a class declaration or a `const` class expression, declared once). */
function topLevelClass(file: FileContext, id: TSESTree.Identifier): TSESTree.ClassBody | undefined {
  if (isParameterHere(file, id)) return undefined;
  const found: TSESTree.ClassBody[] = [];
  let named = 0;
  for (const top of file.ast.body) {
    const st = (top.type === 'ExportNamedDeclaration' || top.type === 'ExportDefaultDeclaration') && top.declaration ? (top.declaration as Node) : (top as Node);
    if ((st.type === 'ClassDeclaration' || st.type === 'FunctionDeclaration') && st.id?.name === id.name) {
      named++;
      if (st.type === 'ClassDeclaration') found.push(st.body);
    }
    if (st.type === 'VariableDeclaration') {
      for (const d of st.declarations) {
        if (d.id.type !== 'Identifier' || d.id.name !== id.name) continue;
        named++;
        const init = d.init ? unwrap(d.init as Node) : undefined;
        if (st.kind === 'const' && init?.type === 'ClassExpression') found.push(init.body);
      }
    }
  }
  if (named !== 1 || found.length !== 1) return undefined;
  // A nearer declaration of the name (a local `const Api = ...`) hides the class: localInit binds by scope.
  const near = localInit(file, id);
  const nearValue = near ? unwrap(near) : undefined;
  return !nearValue || (nearValue.type === 'ClassExpression' && nearValue.body === found[0]) ? found[0] : undefined;
}

/** A class member function named `key` (static or not). */
function classMethod(body: TSESTree.ClassBody, key: string, isStatic: boolean): Node | undefined {
  const hits = body.body.filter((m) => (m.type === 'MethodDefinition' || m.type === 'PropertyDefinition') && !!m.static === isStatic && !m.computed && m.key.type === 'Identifier' && m.key.name === key);
  if (hits.length !== 1) return undefined;
  const m = hits[0] as TSESTree.MethodDefinition | TSESTree.PropertyDefinition;
  if (m.type === 'MethodDefinition' && m.kind !== 'method') return undefined;
  const v = m.value ? unwrap(m.value as Node) : undefined;
  return v && isFunctionNode(v) ? v : undefined;
}

/**
 * The method `this.key` names where `member` is written: the class around it (its nearest function a method of that
 * class, not a nested `function`, whose `this` is another), the static method in a static one. Undefined when a
 * class extends another (a subclass may override the method) or the name is not one method of the class.
 */
function thisMethod(file: FileContext, member: Node, key: string): Node | undefined {
  let fn: Node | undefined;
  for (const a of file.ancestors(member)) {
    if (a.type === 'ArrowFunctionExpression') continue;
    if (a.type === 'FunctionExpression' || a.type === 'FunctionDeclaration') {
      if (fn) return undefined;
      fn = a;
      continue;
    }
    if (a.type === 'MethodDefinition' && fn && a.value === fn) {
      const body = file.parentOf(a);
      const cls = body ? file.parentOf(body) : undefined;
      if (body?.type !== 'ClassBody' || !cls || (cls.type !== 'ClassDeclaration' && cls.type !== 'ClassExpression') || cls.superClass) return undefined;
      return classMethod(body, key, a.static);
    }
    if (fn) return undefined;
  }
  return undefined;
}

/** The same-file function a call's callee names, when it is one this module can see whole. */
function calledFunction(file: FileContext, callee: Node): Node | undefined {
  if (callee.type === 'Identifier') return isParameterHere(file, callee) ? undefined : sameFileFunction(file, callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
  const key = callee.property.name;
  const object = unwrap(callee.object);
  // `this.send(...)` in a method of a class: the class's own method of that name (static in a static method).
  if (object.type === 'ThisExpression') return thisMethod(file, callee, key);
  // `new Api().call(...)`
  if (object.type === 'NewExpression') {
    const cls = unwrap(object.callee as Node);
    const body = cls.type === 'Identifier' ? topLevelClass(file, cls) : undefined;
    return body ? classMethod(body, key, false) : undefined;
  }
  if (object.type !== 'Identifier') return undefined;
  // `Api.call(...)`: a static method of a class of the file.
  const body = topLevelClass(file, object);
  if (body) return classMethod(body, key, true);
  const init = localInit(file, object);
  const value = init ? unwrap(init) : undefined;
  // `api.call(...)` with `const api = new Api()`.
  if (value?.type === 'NewExpression') {
    const cls = unwrap(value.callee as Node);
    const b = cls.type === 'Identifier' ? topLevelClass(file, cls) : undefined;
    return b ? classMethod(b, key, false) : undefined;
  }
  // `api.call(...)` with `const api = { call(u, i) { ... } }` (a `const`: nothing replaces the method).
  if (value?.type === 'ObjectExpression') {
    const decl = outerParent(file, value).parent;
    if (decl?.type !== 'VariableDeclarator' || (file.parentOf(decl) as TSESTree.VariableDeclaration | undefined)?.kind !== 'const') return undefined;
    const props = value.properties.filter((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && propertyKeyName(p) === key);
    if (props.length !== 1 || value.properties.some((p) => p.type === 'SpreadElement')) return undefined;
    const v = unwrap(props[0].value as Node);
    return isFunctionNode(v) ? v : undefined;
  }
  return undefined;
}

/**
 * The callee a call stands for when it calls a forwarding function of the file with no more arguments than the
 * function passes on (`api0(url, init)` -> `fetch`; `Api.get(url, config)` -> `axios.get`), followed through
 * forwarders of forwarders; undefined for any other call. The callee returned is written in the forwarding
 * function: its names are the module's (the function binds none of them).
 */
export function forwardedCallee(file: FileContext, call: TSESTree.CallExpression): Node | undefined {
  const table = forwards(file);
  if (table.size === 0) return undefined;
  if (call.arguments.some((a) => a.type === 'SpreadElement')) return undefined;
  let callee: Node = unwrap(call.callee as Node);
  let result: Node | undefined;
  // How many arguments the current level is given: the call's own, then what each forwarder passes on.
  let passed = call.arguments.length;
  for (let depth = 0; depth < 4; depth++) {
    if (!mayCallForwarder(file, callee)) break;
    const fn = calledFunction(file, callee);
    const f = fn ? table.get(fn) : undefined;
    if (!f || passed > f.arity) break;
    result = callee = f.callee;
    passed = f.arity;
  }
  // A chain that ends at `this.method` (a method that is no forwarder): not a client call.
  return result?.type === 'MemberExpression' && unwrap(result.object).type === 'ThisExpression' ? undefined : result;
}

/** A forwarded callee written in another module, and that module (its names are bound there). */
export interface ForeignForward {
  callee: Node;
  file: FileContext;
}

/** A text that may call an HTTP client library or import one (a gate before a module is parsed for forwarders). */
const CLIENT_HINT = /(?<![\w$.])(?:fetch|axios|got|ky|superagent|request|needle)\s*[.(]|['"](?:node:)?(?:https?|axios|got|ky|superagent|node-fetch|cross-fetch|undici|request|request-promise(?:-native)?|needle|ofetch)['"]/;
/**
 * What a forwarder's text must hold (forwardOf above): `return` or `=>`, perhaps `(` and `await`, then a call whose
 * arguments are names only (`return fetch(u, i)`, `=> this.send(u, i)`, `return axios.get<T>(u, c)`). A module
 * without it holds no forwarder, so it is not parsed for one: `fetch('https://...' + id)` is no forwarder (the
 * project model's laziness: a module only another function of the importer calls stays unparsed). Type arguments
 * are read up to the next such call's `<` (which reads the same rest): read from every start to the `(`, 80 KB of
 * `=> a<` took 11 s.
 */
const FORWARD_SHAPE =
  /(?:\breturn|=>)\s*(?:\(\s*)?(?:await\s+)?[\w$.]+\s*(?:<(?:(?!(?:\breturn|=>)\s*(?:\(\s*)?(?:await\s+)?[\w$.]+\s*<)[^()])*>\s*)?\(\s*[A-Za-z_$][\w$]*\s*(?:,\s*[A-Za-z_$][\w$]*\s*)*,?\s*\)/;
const clientHint = (text: string): number => (CLIENT_HINT.test(text) && FORWARD_SHAPE.test(text) ? 1 : 0);

/**
 * Whether the module `name` is imported from (or one it imports) may call a client library: read as text by the
 * project model (memoized per module), so a module that cannot hold a forwarder of a client is never parsed here.
 * When the texts tell where the function the call names is declared (`exported`: the name the module exports it
 * under; engine/project/export-text.ts), only those modules' texts are read: the forwarder and the client it calls
 * are in the declaring module (`clientOfIdentifier(there, ...)` below), so a barrel's other modules (a package's
 * whole import closure) do not keep the lookup, and its parses, going.
 */
function mayForward(file: FileContext, name: string, exported: ExportedCallee | undefined): boolean {
  const binding = moduleRecord(file).imports.get(name);
  if (!binding || !(file.links instanceof ProjectModel)) return false;
  const project = file.links;
  const answers = file.cached('aliases:may-forward', () => new Map<string, boolean>());
  const key = exported === undefined ? binding.source : `${binding.source}\0${exported.name}\0${exported.member ?? ''}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    const declarers = exported && exportDeclarers(project, file.filename, binding.source, exported.name, exported.member === undefined ? 'function' : 'class', binding.imported === '*');
    // A class's static field (`static get = other`) may hold a function of another module: not answered.
    const field = exported?.member === undefined ? undefined : new RegExp(`\\bstatic\\s+(?:(?:readonly|override|declare)\\s+)*${exported.member.replace(/\$/g, '\\$')}\\s*[=:;!?]`);
    answer = declarers
      ? declarers.some((d) => {
          const text = project.readText(d);
          return text === undefined || clientHint(text) !== 0 || field?.test(text) === true;
        })
      : project.reaches(file.filename, binding.source, 'aliases:client', clientHint, (m) => m !== 0);
    answers.set(key, answer);
  }
  return answer;
}

/** The export a call's callee names: `name` of the module, or the static method `member` of the class exported as `name`. */
interface ExportedCallee {
  name: string;
  member?: string;
}

/** What export of the module a call's callee is imported from the call names, when the callee says it. */
function exportedName(file: FileContext, written: Node): ExportedCallee | undefined {
  if (written.type === 'Identifier') {
    const imported = moduleRecord(file).imports.get(written.name)?.imported;
    return imported === undefined || imported === '*' ? undefined : { name: imported };
  }
  if (written.type !== 'MemberExpression' || written.computed || written.property.type !== 'Identifier') return undefined;
  const object = unwrap(written.object);
  const imported = object.type === 'Identifier' ? moduleRecord(file).imports.get(object.name)?.imported : undefined;
  if (imported === undefined) return undefined;
  // `ns.get(...)` with `import * as ns from './api'`: the module's export `get`.
  if (imported === '*') return { name: written.property.name };
  // `Api.get(...)` with `import { Api } from './api'` (or its default): a static method of the class exported.
  return { name: imported, member: written.property.name };
}

/**
 * The callee a call stands for when it calls a forwarding function of ANOTHER module (imported by name, as a
 * default, through barrels or `require`, or a member of an imported object): `webexGet(url, init)` with `export
 * function webexGet(u, i) { return fetch(u, i); }` in `./api.js` is `fetch(url, init)` made here, as a forwarder of
 * the file is (the helper lives in another file in real code as often as in the same one). Followed through the
 * forwarders of that module. Only for a callee there that names a library client of that module (`fetch`,
 * `request` required from 'request', `axios.get`): the caller's names are never read for it.
 */
export function importedForwardedCallee(file: FileContext, call: TSESTree.CallExpression): ForeignForward | undefined {
  if (!file.links || call.arguments.length === 0 || call.arguments.some((a) => a.type === 'SpreadElement')) return undefined;
  return foreignForward(file, unwrap(call.callee as Node), call.arguments.length, 0) ?? inheritedForward(file, call);
}

/** The class a method call's receiver is an instance of, when the call says it: `new Api().m(...)`, `api.m(...)` with `const api = new Api()`. */
function receiverClass(file: FileContext, callee: Node): TSESTree.ClassBody | undefined {
  if (callee.type !== 'MemberExpression' || callee.computed) return undefined;
  let object = unwrap(callee.object);
  if (object.type === 'Identifier') {
    const init = localInit(file, object);
    object = init ? unwrap(init) : object;
  }
  if (object.type !== 'NewExpression') return undefined;
  const cls = unwrap(object.callee as Node);
  return cls.type === 'Identifier' ? topLevelClass(file, cls) : undefined;
}

/**
 * A method of the file's class whose forwarding ends at `this.request(u, o)`, a method the class inherits from a base
 * class of ANOTHER module that forwards to a client (`class Api extends Base { send(u, o) { return this.request(u,
 * o); } }`, `Base` imported, its `request(u, o) { return axios.get(u, o); }`): read as that client's call, the
 * base's names bound there. Only when the call's receiver is an instance of that very class (`new Api().send(...)`,
 * `api.send(...)` with `const api = new Api()`) and the class has no method of that name itself: a subclass of it
 * could override the method, an unknown receiver could be one.
 */
function inheritedForward(file: FileContext, call: TSESTree.CallExpression): ForeignForward | undefined {
  const table = forwards(file);
  if (table.size === 0) return undefined;
  const written = unwrap(call.callee as Node);
  const receiver = receiverClass(file, written);
  if (!receiver) return undefined;
  let callee: Node = written;
  let passed = call.arguments.length;
  let last: Forward | undefined;
  for (let depth = 0; depth < 4; depth++) {
    if (!mayCallForwarder(file, callee)) break;
    const fn = calledFunction(file, callee);
    const f = fn ? table.get(fn) : undefined;
    if (!f || passed > f.arity) break;
    callee = f.callee;
    passed = f.arity;
    last = f;
  }
  if (!last || callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || unwrap(callee.object).type !== 'ThisExpression') return undefined;
  const key = callee.property.name;
  // The `this` is the receiver's: the forwarding method is the receiver class's own, the class names no such method.
  if (![...file.ancestors(callee)].includes(receiver) || classMethod(receiver, key, false)) return undefined;
  const cls = file.parentOf(receiver);
  const sup = cls && (cls.type === 'ClassDeclaration' || cls.type === 'ClassExpression') && cls.superClass ? unwrap(cls.superClass as Node) : undefined;
  if (sup?.type !== 'Identifier' || !moduleRecord(file).imports.has(sup.name)) return undefined;
  const where = file.locate(sup);
  const base = where ? unwrap(where.node) : undefined;
  if (!where || where.file === file || !base || (base.type !== 'ClassDeclaration' && base.type !== 'ClassExpression') || base.superClass) return undefined;
  const method = classMethod(base.body, key, false);
  const f = method ? forwards(where.file).get(method) : undefined;
  if (!f || passed > f.arity) return undefined;
  let name: Node = f.callee;
  while (name.type === 'MemberExpression' && !name.computed) name = unwrap(name.object);
  return name.type === 'Identifier' && clientOfIdentifier(where.file, name.name) ? { callee: f.callee, file: where.file } : undefined;
}

/**
 * `importedForwardedCallee` for a callee written in `file` and given `passed` arguments. A forwarder whose own
 * callee is a forwarder imported from yet another module (`request(u, o)` -> `./send.js`'s `send(u, o)` -> `axios.get(u,
 * o)`: a layer per module, as real clients are built) is followed there too, up to three modules away.
 */
function foreignForward(file: FileContext, written: Node, passed: number, depth: number): ForeignForward | undefined {
  let root = written;
  while (root.type === 'MemberExpression' && !root.computed) root = unwrap(root.object);
  // Only a module that may call a client (or imports one that may) is parsed to look for a forwarder.
  if (root.type !== 'Identifier' || !moduleRecord(file).imports.has(root.name) || !mayForward(file, root.name, exportedName(file, written))) return undefined;
  const where = file.locate(written);
  if (!where || where.file === file) return undefined;
  const there = where.file;
  let held = unwrap(where.node);
  if (held.type === 'MethodDefinition' || held.type === 'Property') held = unwrap(held.value as Node);
  const fn = held.type === 'Identifier' ? (mayCallForwarder(there, held) ? sameFileFunction(there, held) : undefined) : isFunctionNode(held) ? held : undefined;
  const table = fn ? forwards(there) : undefined;
  let f = fn ? table?.get(fn) : undefined;
  if (!f || passed > f.arity) return undefined;
  let callee = f.callee;
  for (let step = 0; step < 3; step++) {
    const next = mayCallForwarder(there, callee) ? calledFunction(there, callee) : undefined;
    const g = next ? table!.get(next) : undefined;
    if (!g || f.arity > g.arity) break;
    f = g;
    callee = g.callee;
  }
  let name: Node = callee;
  while (name.type === 'MemberExpression' && !name.computed) name = unwrap(name.object);
  if (name.type !== 'Identifier') return undefined;
  if (clientOfIdentifier(there, name.name)) return { callee, file: there };
  // The forwarder there calls a forwarder it imports: followed into that module with what this one passes on.
  return depth < 2 && there.links ? foreignForward(there, callee, f.arity, depth + 1) : undefined;
}
