/**
 * Values followed through names, for reading a call's parts: the initializer a name is bound to (by block,
 * function, module and class scope, through `@typescript-eslint/scope-manager`), whether a variable is ever assigned again, the object literal
 * or folded string an expression stands for, and the names of functions and their outer parents.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { boundNames, concatStatic, dottedName, foldTemplate, isUnknownEnvReason, memberName, propertyKeyName, unfrozen, unwrap, UNKNOWN, withAssumed, type FileContext, type Node, type StaticString } from '../parse/file-context.js';
import { isFunctionNode } from './request.js';
import { urlHost } from './url.js';
import { createRequire } from 'node:module';
import type { Reference, Variable } from '@typescript-eslint/scope-manager';

type ScopeManagerModule = typeof import('@typescript-eslint/scope-manager');
let scopeManager: ScopeManagerModule | undefined;
/** Required on first use: a scan whose files never need a name bound does not load the package. */
const loadScopeManager = (): ScopeManagerModule => (scopeManager ??= createRequire(import.meta.url)('@typescript-eslint/scope-manager') as ScopeManagerModule);

/** Resolves an identifier to the initializer of its declaration in the nearest enclosing scope (or a file const). */
export function resolveLocal(file: FileContext, node: Node): Node {
  let current = unfrozen(unwrap(node));
  for (let i = 0; i < 6 && current.type === 'Identifier'; i++) {
    const init = localInit(file, current);
    if (!init) break;
    current = unfrozen(unwrap(init));
  }
  return current;
}

/**
 * A function of this file a name calls: a top-level function declaration, or a `const` holding a function
 * expression or an arrow (bound by scope). Undefined when the name is declared more than once at the top level.
 */
export function sameFileFunction(file: FileContext, callee: TSESTree.Identifier): Node | undefined {
  const init = localInit(file, callee);
  if (init) {
    const f = unwrap(init);
    return isFunctionNode(f) ? f : undefined;
  }
  const declared = file.cached('api:function-declarations', () => {
    const map = new Map<string, TSESTree.FunctionDeclaration[]>();
    for (const f of file.nodes(T.FunctionDeclaration)) {
      if (!f.id) continue;
      const list = map.get(f.id.name) ?? [];
      list.push(f);
      map.set(f.id.name, list);
    }
    return map;
  });
  const list = declared.get(callee.name);
  if (list?.length !== 1) return undefined;
  const holder = file.parentOf(list[0]);
  const top = holder?.type === 'Program' || ((holder?.type === 'ExportNamedDeclaration' || holder?.type === 'ExportDefaultDeclaration') && file.parentOf(holder)?.type === 'Program');
  return top ? list[0] : undefined;
}

/**
 * The object literal a call of a same-file helper returns (`headers: createHeaders(token)` where
 * `function createHeaders(t) { return { ... }; }`): the function's only `return` (or an arrow's body), through
 * locals. Undefined for anything else (several returns, a function of another module, a method).
 */
export function returnedObject(file: FileContext, call: Node): TSESTree.ObjectExpression | undefined {
  let n = unwrap(call);
  // `await jsonHeaders()` of an `async function jsonHeaders() { ...; return { ... }; }`: the object it resolves to.
  const awaited = n.type === 'AwaitExpression';
  if (n.type === 'AwaitExpression') n = unwrap(n.argument as Node);
  if (n.type !== 'CallExpression') return undefined;
  const callee = unwrap(n.callee as Node);
  const fn = callee.type === 'Identifier' ? sameFileFunction(file, callee) : undefined;
  const value = fn ? returnedExpression(file, fn, awaited) : undefined;
  const v = value ? resolveLocal(file, value) : undefined;
  return v?.type === 'ObjectExpression' ? v : undefined;
}

/**
 * The object literal a name bound to a call of a same-file getter holds (`const config = getConfig()`, no
 * arguments, no parameters): the getter's one returned object literal ({@link returnedObject}), or, for a memoised
 * getter whose every `return` gives the same module-level `let` (`if (cached) return cached; cached = { ... };
 * return cached;`), the one object literal that variable is ever assigned (declared empty: no initializer, `null`
 * or `undefined`). Undefined for anything else.
 */
export function getterObject(file: FileContext, node: Node): TSESTree.ObjectExpression | undefined {
  const call = resolveLocal(file, node);
  if (call.type !== 'CallExpression' || call.arguments.length > 0) return undefined;
  const callee = unwrap(call.callee as Node);
  const fn = callee.type === 'Identifier' ? sameFileFunction(file, callee) : undefined;
  const f = fn as TSESTree.FunctionLike | undefined;
  if (!f || f.params.length > 0 || f.generator) return undefined;
  const returned = returnedObject(file, call);
  if (returned || f.async || f.body?.type !== 'BlockStatement') return returned;
  const refs = scopeReferences(file);
  const returns = file.nodes(T.ReturnStatement).filter((r) => enclosingScope(file, r) === fn);
  const variables = new Set(returns.map((r) => (r.argument && unwrap(r.argument as Node).type === 'Identifier' ? refs?.get(unwrap(r.argument as Node))?.resolved : undefined)));
  const [variable] = variables;
  if (returns.length === 0 || variables.size !== 1 || !variable || variable.scope.type !== 'module' || variable.defs.length !== 1) return undefined;
  const def = variable.defs[0];
  const empty = (e: Node | null | undefined): boolean => !e || (e.type === 'Literal' && e.value === null) || (e.type === 'Identifier' && e.name === 'undefined');
  if (def.type !== 'Variable' || def.parent.kind === 'const' || !empty(def.node.init as Node | null)) return undefined;
  const writes = variable.references.filter((r) => r.isWrite() && !r.init);
  const assignment = writes.length === 1 ? file.parentOf(writes[0].identifier as Node) : undefined;
  if (assignment?.type !== 'AssignmentExpression' || assignment.operator !== '=') return undefined;
  const value = unwrap(assignment.right as Node);
  return value.type === 'ObjectExpression' ? value : undefined;
}

/**
 * What `this.name()` returns when `name` is a method of the class whose `this` the call reads (one `return`, the
 * conditions of {@link returnedExpression}): `headers: this.getHeaders()`. Undefined for anything else.
 */
export function thisMethodReturn(file: FileContext, call: Node): Node | undefined {
  const n = unwrap(call);
  if (n.type !== 'CallExpression' || n.arguments.length > 0) return undefined;
  const callee = unwrap(n.callee as Node);
  if (callee.type !== 'MemberExpression' || unwrap(callee.object).type !== 'ThisExpression') return undefined;
  const key = thisKey(callee.property as Node, callee.computed);
  const cls = key === undefined ? undefined : classOfThis(file, n);
  const methods = cls?.body.body.filter((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'method' && !m.static && thisKey(m.key as Node, m.computed) === key) ?? [];
  return methods.length === 1 ? returnedExpression(file, methods[0].value) : undefined;
}

/**
 * What `this.name` gives when `name` is a getter of the class whose `this` the read is in (`get headers() { return
 * { ... }; }`, one `return`, the conditions of {@link returnedExpression}): `headers: this.headers`. Undefined for
 * anything else, and when the class also writes the name as a field (an initializer or a `this.name =` assignment).
 */
export function thisGetterReturn(file: FileContext, node: Node): Node | undefined {
  const n = unwrap(node);
  if (n.type !== 'MemberExpression' || unwrap(n.object).type !== 'ThisExpression') return undefined;
  const parent = file.parentOf(n);
  if (parent?.type === 'CallExpression' && parent.callee === n) return undefined;
  const key = thisKey(n.property as Node, n.computed);
  const cls = key === undefined ? undefined : classOfThis(file, n);
  if (!cls || key === undefined || (fieldWrites(file).get(cls)?.get(key)?.length ?? 0) > 0) return undefined;
  const members = cls.body.body.filter((m) => (m.type === 'MethodDefinition' || m.type === 'PropertyDefinition') && !m.static && thisKey(m.key as Node, m.computed) === key);
  const getters = members.filter((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'get');
  if (getters.length !== 1 || members.some((m) => m.type === 'PropertyDefinition' || (m.type === 'MethodDefinition' && m.kind === 'method'))) return undefined;
  return returnedExpression(file, getters[0].value);
}

/**
 * What a function returns when it has one `return` (or is an arrow with an expression body); not for async or generator
 * functions (their call gives a promise or an iterator), unless `awaited`: then what `await fn()` gives for an async one.
 */
export function returnedExpression(file: FileContext, fn: Node, awaited = false): Node | undefined {
  if (!isFunctionNode(fn) || ((fn as TSESTree.FunctionLike).async && !awaited) || (fn as TSESTree.FunctionLike).generator) return undefined;
  const body = (fn as TSESTree.FunctionLike).body;
  if (!body) return undefined;
  if (body.type !== 'BlockStatement') return body as Node;
  // Every function's returns, gathered in one pass over the file's return statements.
  const returns = file.cached('api:returns', () => {
    const map = new Map<Node, TSESTree.ReturnStatement[]>();
    for (const r of file.nodes(T.ReturnStatement)) {
      const owner = enclosingScope(file, r);
      const list = map.get(owner) ?? [];
      list.push(r);
      map.set(owner, list);
    }
    return map;
  }).get(fn);
  return returns?.length === 1 && returns[0].argument ? (returns[0].argument as Node) : undefined;
}

export function enclosingScope(file: FileContext, node: Node): Node {
  for (const a of file.ancestors(node)) if (isFunctionNode(a) || a.type === 'Program') return a;
  return file.ast;
}

/**
 * The references of a file bound to their declarations by `@typescript-eslint/scope-manager` (block, function,
 * module and class scopes, as ESLint binds them), keyed by the referencing identifier. Built on the first
 * lookup of a file, so only files whose calls need a name followed pay for it; undefined when the analysis
 * cannot read the tree (the per-function lookup below then stands in).
 */
function scopeReferences(file: FileContext): Map<Node, Reference> | undefined {
  return file.cached('api:scope-references', () => {
    try {
      const manager = loadScopeManager().analyze(file.ast, { sourceType: 'module', lib: [] });
      const refs = new Map<Node, Reference>();
      for (const scope of manager.scopes) for (const ref of scope.references) refs.set(ref.identifier, ref);
      return refs;
    } catch {
      return undefined;
    }
  });
}

/**
 * Whether an identifier is a reference to a binding this file declares (a variable, parameter, function, class or
 * import of any scope), as opposed to a global: `const document = await db.findOne()` or a `window` parameter is
 * not the browser's. False when the scope analysis cannot read the tree (the name is then taken for a global).
 */
export function boundInFile(file: FileContext, id: Node): boolean {
  return !!scopeReferences(file)?.get(id)?.resolved;
}

/**
 * The variable a reference is bound to by scope (engine/api/branches.ts reads a `var` declared in several places);
 * undefined for a global, or when the scope analysis cannot read the tree.
 */
export function resolvedVariable(file: FileContext, id: Node): Variable | undefined {
  return scopeReferences(file)?.get(id)?.resolved ?? undefined;
}

/** Loop variables read as one element of the array they run over, while {@link withLoopValue} reads a call. */
const loopValues = new Map<Node, Node>();

/** Names read as one value a guard admits inside its consequent, while {@link withNarrowedValue} reads a call. */
const narrowedValues: Array<{ name: string; within: Node; value: Node }> = [];

/**
 * Runs `read` with every read of `name` inside `within` (the consequent of a guard such as `if (method == 'GET' ||
 * method == 'DELETE')`, engine/api/branches.ts) bound to `value`, one of the values the guard admits: {@link
 * localInit} then gives that value for those reads.
 */
export function withNarrowedValue<R>(name: string, within: Node, value: Node, read: () => R): R {
  narrowedValues.push({ name, within, value });
  try {
    return read();
  } finally {
    narrowedValues.pop();
  }
}

/**
 * Runs `read` with the loop variable declared by `declared` bound to `value` (one element of the array a
 * `for...of`, `forEach` or `map` runs over): {@link localInit} then gives that element for every use of it.
 */
export function withLoopValue<R>(declared: Node, value: Node, read: () => R): R {
  loopValues.set(declared, value);
  try {
    return read();
  } finally {
    loopValues.delete(declared);
  }
}

/**
 * The loops of a file whose variable runs over the elements of an array literal: `for (const u of [a, b])`,
 * `for (const u of URLS)` (URLS a `const` array literal), `[a, b].forEach((u) => ...)` and `.map(...)`. Each
 * gives the loop variable's declaring identifier, the node its uses lie in, and the elements (none spread).
 */
export interface ArrayLoop {
  declared: Node;
  body: Node;
  elements: Node[];
}

export function arrayLoops(file: FileContext): ArrayLoop[] {
  return file.cached('api:array-loops', () => {
    const out: ArrayLoop[] = [];
    const elementsOf = (n: Node): Node[] | undefined => {
      const start = unfrozen(unwrap(n));
      // A name no chain of declarations leads from to an array literal holds none: not bound by scope for nothing.
      if (start.type === 'Identifier' && loopValues.size === 0 && !arrayNames(file).has(start.name)) return undefined;
      const v = resolveLocal(file, n);
      if (v.type !== 'ArrayExpression' || v.elements.length === 0 || v.elements.length > 16) return undefined;
      if (v.elements.some((e) => !e || e.type === 'SpreadElement')) return undefined;
      return v.elements as Node[];
    };
    // A loop variable the body assigns again (`url = url + '?max=10'`) holds more than the element: not followed.
    const assigned = (name: string, body: Node): boolean =>
      file.nodes(T.AssignmentExpression).some((a) => a.left.type === 'Identifier' && a.left.name === name && a.range[0] >= body.range[0] && a.range[1] <= body.range[1]) ||
      file.nodes(T.UpdateExpression).some((u) => u.argument.type === 'Identifier' && u.argument.name === name && u.range[0] >= body.range[0] && u.range[1] <= body.range[1]);
    for (const loop of file.nodes(T.ForOfStatement)) {
      const left = loop.left;
      if (loop.await || left.type !== 'VariableDeclaration' || left.declarations.length !== 1 || left.declarations[0].id.type !== 'Identifier') continue;
      const elements = elementsOf(loop.right as Node);
      if (elements && !assigned(left.declarations[0].id.name, loop.body as Node)) out.push({ declared: left.declarations[0].id, body: loop.body as Node, elements });
    }
    for (const call of file.nodes(T.CallExpression)) {
      const callee = call.callee;
      if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || !/^(forEach|map|flatMap)$/.test(callee.property.name)) continue;
      const fn = call.arguments[0] as Node | undefined;
      if (!fn || !isFunctionNode(fn)) continue;
      const param = (fn as TSESTree.FunctionLike).params[0];
      if (param?.type !== 'Identifier') continue;
      const elements = elementsOf(callee.object as Node);
      if (elements && !assigned(param.name, fn)) out.push({ declared: param, body: fn, elements });
    }
    return out;
  });
}

/**
 * The names from which {@link resolveLocal} can reach an array literal (while no loop value is bound): a name
 * declared with one (through `Object.freeze` and TypeScript's wrappers), or with another such name. Each step of
 * {@link localInit} gives the initializer of a declaration of the name it reads (or an appended value, which is
 * no array), so a name outside this set resolves to no array, and {@link arrayLoops} need not bind it by scope:
 * binding one name of a file analyses the whole file's scopes (on the SDK, 300 ms of CPU over its files, mostly
 * for loops over members or parameters).
 */
function arrayNames(file: FileContext): ReadonlySet<string> {
  return file.cached('api:array-names', () => {
    const names = new Set<string>();
    const aliases: Array<[string, string]> = [];
    for (const d of file.nodes(T.VariableDeclarator)) {
      if (d.id.type !== 'Identifier' || !d.init) continue;
      const init = unfrozen(unwrap(d.init as Node));
      if (init.type === 'ArrayExpression') names.add(d.id.name);
      else if (init.type === 'Identifier') aliases.push([d.id.name, init.name]);
    }
    for (let grown = names.size > 0; grown; ) {
      grown = false;
      for (const [name, from] of aliases) {
        if (!names.has(name) && names.has(from)) {
          names.add(name);
          grown = true;
        }
      }
    }
    return names;
  });
}

/**
 * The initializer of the variable an identifier reads, bound by scope (an inner block's `const url` hides the
 * outer one); undefined for a parameter, an import, a destructured name, a name declared more than once, or a
 * `let`/`var` that may hold another value when the use runs.
 */
export function localInit(file: FileContext, id: TSESTree.Identifier): Node | undefined {
  for (const b of narrowedValues) if (b.name === id.name && id.range[0] >= b.within.range[0] && id.range[1] <= b.within.range[1]) return b.value;
  if (loopValues.size > 0) {
    const declared = scopeReferences(file)?.get(id)?.resolved?.defs[0]?.name as Node | undefined;
    const value = declared ? loopValues.get(declared) : undefined;
    if (value) return value;
  }
  if (isBoundAtFunctionLevel(file, id)) return functionLocalInit(file, id);
  const refs = scopeReferences(file);
  if (!refs) return functionLocalInit(file, id);
  const ref = refs.get(id);
  if (!ref || ref.init) return undefined;
  const variable = ref.resolved;
  if (!variable || variable.defs.length === 0) return undefined;
  const def = variable.defs[0];
  if (def.type !== 'Variable' || def.node.id.type !== 'Identifier') return undefined;
  if (variable.defs.length > 1 && !sameLiteralInit(variable.defs.map((d) => (d.type === 'Variable' ? d.node : undefined)))) return undefined;
  if (def.parent.kind !== 'const' && !isInitialValueRead(ref, variable)) {
    const writes = variable.references.filter((r) => r.isWrite() && !r.init).map((r) => file.parentOf(r.identifier as Node) ?? (r.identifier as Node));
    if (!def.node.init) return undefined;
    if (ref.from.variableScope === variable.scope.variableScope) return appendedValue(file, id, writes);
    return settledTopLevelValue(file, id, enclosingScope(file, def.node), writes);
  }
  return def.node.init ?? undefined;
}

/**
 * The members assigned to a `const` object after its literal (`const body = { selected }; if (first)
 * body.firstName = first;`) before a use of the name: `name.key = value` statements of the same variable (bound
 * by scope, the same initializer) in the same function as the use, written before it. What the object holds at
 * the use may lack a conditional one; each is a key the code sends when its condition holds.
 */
export function assignedMembers(file: FileContext, use: TSESTree.Identifier): TSESTree.MemberExpression[] {
  const init = localInit(file, use);
  if (!init || unwrap(init).type !== 'ObjectExpression') return [];
  const scope = enclosingScope(file, use);
  const out: TSESTree.MemberExpression[] = [];
  for (const a of file.nodes(T.AssignmentExpression)) {
    const left = a.left;
    if (a.operator !== '=' || a.range[1] > use.range[0] || left.type !== 'MemberExpression' || left.computed) continue;
    const object = left.object;
    if (object.type !== 'Identifier' || object.name !== use.name || enclosingScope(file, a) !== scope) continue;
    if (localInit(file, object) === init) out.push(left);
  }
  return out;
}

/**
 * The class name a parameter is typed with (`api: WebexApi` in `function register(server, api: WebexApi)`),
 * bound by scope: the type's identifier, when the name is a parameter of a simple type reference that the
 * function never assigns again. Undefined for anything else (a union, a generic, a destructured parameter).
 */
export function parameterTypeName(file: FileContext, id: TSESTree.Identifier): TSESTree.Identifier | undefined {
  const ref = scopeReferences(file)?.get(id);
  const variable = ref?.resolved;
  if (!variable || variable.defs.length !== 1 || variable.references.some((r) => r.isWrite())) return undefined;
  const def = variable.defs[0];
  if (def.type !== 'Parameter' || def.name.type !== 'Identifier') return undefined;
  const annotation = def.name.typeAnnotation?.typeAnnotation;
  if (annotation?.type !== 'TSTypeReference' || annotation.typeArguments || annotation.typeName.type !== 'Identifier') return undefined;
  return annotation.typeName;
}

/**
 * The value a `let` holds at a use after assignments that only append to it (`let path = base; if (orgId)
 * path = \`${path}${sep}orgId=${id}\``): the right-hand side of the last such assignment before the use, whose
 * own read of the name goes on to the value before it. The use may see the shorter value too (the assignment
 * was conditional), but both have the same path and the longer one carries every query parameter either sends:
 * what a request reads from it (path, parameter values) holds for both. Undefined when any assignment replaces
 * the value, is compound (`+=`), or is written after the use or in another function.
 */
function appendedValue(file: FileContext, use: TSESTree.Identifier, writes: readonly Node[]): Node | undefined {
  let last: TSESTree.AssignmentExpression | undefined;
  const scope = enclosingScope(file, use);
  for (const w of writes) {
    if (w.type !== 'AssignmentExpression' || w.operator !== '=' || w.left.type !== 'Identifier') return undefined;
    if (enclosingScope(file, w) !== scope || !startsWithName(w.right as Node, use.name)) return undefined;
    if (use.range[0] >= w.right.range[0] && use.range[1] <= w.right.range[1]) continue;
    if (w.range[0] > use.range[1]) return undefined;
    if (!last || w.range[0] > last.range[0]) last = w;
  }
  return last?.right as Node | undefined;
}

/**
 * The value a module-level `let` holds when a function reads it after the module has run: the right-hand side
 * of the last assignment, when every assignment is a plain `name = value` statement written at the top level
 * (`let base = STAGING; base = PROD;`) and the use is inside a function. Such a function runs once the module's
 * top level is done (a call made by the top level between the assignments would see an earlier value: none is
 * followed, the top level here only assigns). Undefined otherwise.
 */
function settledTopLevelValue(file: FileContext, use: TSESTree.Identifier, declScope: Node, writes: readonly Node[]): Node | undefined {
  if (declScope.type !== 'Program' || writes.length === 0 || enclosingScope(file, use) === declScope) return undefined;
  let last: TSESTree.AssignmentExpression | undefined;
  for (const w of writes) {
    if (w.type !== 'AssignmentExpression' || w.operator !== '=' || w.left.type !== 'Identifier') return undefined;
    const statement = file.parentOf(w);
    if (statement?.type !== 'ExpressionStatement' || file.parentOf(statement)?.type !== 'Program') return undefined;
    if (!last || w.range[0] > last.range[0]) last = w;
  }
  // A top-level call between the declaration and the last assignment may run a reader with an earlier value.
  const start = last!.range[0];
  const topCall = file.ast.body.some((st) => st.range[1] <= start && st.type === 'ExpressionStatement' && unwrap(st.expression as Node).type !== 'AssignmentExpression');
  return topCall ? undefined : (last!.right as Node);
}

/** Whether an expression is a name with text appended: `\`${name}...\``, `name + ...`. */
export function startsWithName(node: Node, name: string): boolean {
  let n = unwrap(node);
  while (n.type === 'BinaryExpression' && n.operator === '+') n = unwrap(n.left as Node);
  if (n.type === 'TemplateLiteral') {
    if ((n.quasis[0].value.cooked ?? '') !== '' || n.expressions.length === 0) return false;
    n = unwrap(n.expressions[0] as Node);
  }
  return n.type === 'Identifier' && n.name === name;
}

/**
 * Whether a use's name is bound, in the nearest function scope (or the top level) that binds it at all, only at
 * function level: parameters, `var`s, and declarations written directly in that function's body (or the
 * file's top level). There binding by function scope is binding by block scope, and scope analysis is not
 * needed (on the SDK it costs 50-200 ms for a large file, and loading the package about as much again). A
 * name also declared in an inner block, a loop head or a catch clause of that function is bound by scope-manager.
 */
function isBoundAtFunctionLevel(file: FileContext, id: TSESTree.Identifier): boolean {
  const list = bindingSites(file).get(id.name);
  if (!list) return true;
  for (let scope: Node | undefined = enclosingScope(file, id); scope; scope = scope.type === 'Program' ? undefined : enclosingScope(file, scope)) {
    const here = list.filter((s) => s.scope === scope);
    if (here.length > 0) return here.every((s) => s.functionLevel);
  }
  return true;
}

interface BindingSite { scope: Node; functionLevel: boolean }

/** Where each name of a file is declared: the function (or the top level) binding it, and whether at function level. */
function bindingSites(file: FileContext): Map<string, BindingSite[]> {
  type Site = BindingSite;
  return file.cached('api:binding-sites', () => {
    const map = new Map<string, Site[]>();
    const add = (n: string, scope: Node, functionLevel: boolean): void => {
      const list = map.get(n);
      if (list) list.push({ scope, functionLevel });
      else map.set(n, [{ scope, functionLevel }]);
    };
    /** A statement written directly in a function body or at the top level (through `export`). */
    const atBodyLevel = (statement: Node, scope: Node): boolean => {
      let holder = file.parentOf(statement);
      if (holder?.type === 'ExportNamedDeclaration' || holder?.type === 'ExportDefaultDeclaration') holder = file.parentOf(holder);
      return holder?.type === 'Program' || (holder?.type === 'BlockStatement' && file.parentOf(holder) === scope);
    };
    for (const d of file.nodes(T.VariableDeclarator)) {
      const scope = enclosingScope(file, d);
      const declaration = file.parentOf(d);
      const functionLevel = declaration?.type === 'VariableDeclaration' && (declaration.kind === 'var' || atBodyLevel(declaration, scope));
      for (const n of boundNames(d.id)) add(n, scope, functionLevel);
    }
    for (const type of [T.FunctionDeclaration, T.FunctionExpression, T.ArrowFunctionExpression] as const) {
      for (const f of file.nodes(type)) {
        if (f.id) {
          const scope = f.type === 'FunctionDeclaration' ? enclosingScope(file, f) : f;
          add(f.id.name, scope, f.type !== 'FunctionDeclaration' || atBodyLevel(f, scope));
        }
        for (const p of f.params) for (const n of boundNames(p)) add(n, f, true);
      }
    }
    for (const c of [...file.nodes(T.ClassDeclaration), ...file.nodes(T.ClassExpression)]) {
      if (!c.id) continue;
      const scope = enclosingScope(file, c);
      add(c.id.name, scope, c.type === 'ClassDeclaration' && atBodyLevel(c, scope));
    }
    for (const c of file.nodes(T.CatchClause)) if (c.param) for (const n of boundNames(c.param)) add(n, enclosingScope(file, c), false);
    for (const i of file.nodes(T.ImportDeclaration)) for (const s of i.specifiers) add(s.local.name, file.ast, true);
    return map;
  });
}

/**
 * Whether an assignment to `name` written inside `scope` writes a binding of a function nested in it rather than
 * `scope`'s own: a function between the two binds the name at function level (a parameter, a `var`, a declaration
 * of its body), so every write of the name inside it is its own (`function list(url) { url = url + '?max=100' }`
 * does not write the file's `var url`).
 */
function writesInnerBinding(file: FileContext, write: Node, name: string, scope: Node): boolean {
  const list = bindingSites(file).get(name);
  if (!list) return false;
  for (let s: Node = enclosingScope(file, write); s !== scope && s.type !== 'Program'; s = enclosingScope(file, s)) {
    if (list.some((site) => site.scope === s && site.functionLevel)) return true;
  }
  return false;
}

/**
 * Whether a `let`/`var` still holds its initial value when `use` first runs: no assignment is written before
 * the use, and the use is not inside a nested function (which could run after any of them). A `let url =
 * first; while (url) { get(url); url = next; }` loop sends its initial value first, so that value is one it sends.
 */
function isInitialValueRead(use: Reference, variable: Variable): boolean {
  const writes = variable.references.filter((r) => r.isWrite() && !r.init);
  if (writes.length === 0) return true;
  if (use.from.variableScope !== variable.scope.variableScope) return false;
  const at = use.identifier.range;
  return writes.every((w) => {
    if (w.identifier.range[0] > at[1]) return true;
    // A use inside the assignment's right-hand side reads the value before it changes (`next = get(next)`).
    const rhs = w.writeExpr;
    return !!rhs && at[0] >= rhs.range[0] && at[1] <= rhs.range[1];
  });
}

/** The lookup by function scope used when scope analysis cannot read a tree. */
function functionLocalInit(file: FileContext, id: TSESTree.Identifier): Node | undefined {
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
    if (here.length > 1 && !sameLiteralInit(here)) return undefined;
    const d = here[0];
    if (here.some((h) => h === file.parentOf(id))) return undefined;
    const kind = (file.parentOf(d) as TSESTree.VariableDeclaration | undefined)?.kind;
    if (kind !== 'const' && !isInitialValueSeen(file, id, scope)) {
      const writes = assignmentsTo(file, id.name, scope);
      return d.init ? appendedValue(file, id, writes) ?? settledTopLevelValue(file, id, scope, writes) : undefined;
    }
    return d.init ?? undefined;
  }
  return undefined;
}

/**
 * The initializer of a `var` declared more than once in one scope when every declaration gives it the same literal
 * (`var url = "https://..."` written again further down the file): a redeclaration assigns the value it already
 * holds, so the variable holds that literal whichever ran. Undefined when any declaration is not such a `var`.
 */
function sameLiteralInit(decls: ReadonlyArray<TSESTree.VariableDeclarator | undefined>): Node | undefined {
  const literal = (d: TSESTree.VariableDeclarator | undefined): string | undefined => {
    const declaration = d?.parent;
    const init = d?.init ? unwrap(d.init as Node) : undefined;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'var' || !init) return undefined;
    if (init.type === 'Literal' && (typeof init.value === 'string' || typeof init.value === 'number' || typeof init.value === 'boolean')) return `${typeof init.value}:${String(init.value)}`;
    if (init.type === 'TemplateLiteral' && init.expressions.length === 0) return `string:${init.quasis[0].value.cooked ?? ''}`;
    return undefined;
  };
  const first = literal(decls[0]);
  return first !== undefined && decls.every((d) => literal(d) === first) ? (decls[0]!.init as Node) : undefined;
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
  return (all.get(name) ?? []).filter((a) => a.range[0] >= scope.range[0] && a.range[1] <= scope.range[1] && !writesInnerBinding(file, a, name, scope));
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

/**
 * The object a query-string expression prints: `new URLSearchParams(obj)`, `qs.stringify(obj)` /
 * `querystring.stringify(obj)`, or a call of a function of the file that builds a query string from its one
 * object argument (its body makes a `URLSearchParams` or calls `stringify`: `buildQuery(query)`).
 */
export function queryObject(file: FileContext, node: Node): TSESTree.ObjectExpression | undefined {
  const n = unwrap(node);
  if (n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'URLSearchParams' && n.arguments[0]) return objectOf(file, n.arguments[0] as Node);
  if (n.type !== 'CallExpression' || n.arguments.length !== 1 || n.arguments[0].type === 'SpreadElement') return undefined;
  const callee = unwrap(n.callee as Node);
  if (callee.type === 'MemberExpression' && memberNameOf(callee) === 'stringify' && unwrap(callee.object).type === 'Identifier' && /^(qs|querystring|queryString)$/.test((unwrap(callee.object) as TSESTree.Identifier).name)) {
    return objectOf(file, n.arguments[0] as Node);
  }
  if (callee.type !== 'Identifier') return undefined;
  const fn = sameFileFunction(file, callee);
  if (!fn || (fn as TSESTree.FunctionLike).params.length !== 1) return undefined;
  // Asked for every call a URL is folded through (engine/api/wrappers.ts foldAt): the body's test once per function.
  const builders = file.cached('bindings:query-builders', () => new Map<Node, boolean>());
  let builds = builders.get(fn);
  if (builds === undefined) builders.set(fn, (builds = /\bURLSearchParams\b|\bstringify\s*\(/.test(file.getText(fn))));
  return builds ? objectOf(file, n.arguments[0] as Node) : undefined;
}

/** A query string as an object prints it: each known key with an unknown value, and an unknown part for a spread or a computed key. */
function printedQuery(object: TSESTree.ObjectExpression): string {
  const parts: string[] = [];
  for (const p of object.properties) {
    const key = p.type === 'Property' && !p.computed ? (p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : undefined) : undefined;
    parts.push(key === undefined ? UNKNOWN : `${key}=${UNKNOWN}`);
  }
  return parts.join('&');
}

/**
 * The object a same-file helper builds and returns for a call (`var options = reqOptions({ uri, method })` with
 * `reqOptions = (o) => { var opts = { url: o.uri, headers: {...}, method: o.method }; return opts; }`): the
 * object literal written in the helper, or undefined. Its values read the helper's parameters (followed by
 * engine/api/wrappers.ts with the call's arguments).
 */
export function builtObject(file: FileContext, node: Node | null | undefined): TSESTree.ObjectExpression | undefined {
  if (!node) return undefined;
  let n = unwrap(node);
  if (n.type === 'Identifier') {
    const init = localInit(file, n);
    if (!init) return undefined;
    n = unwrap(init);
  }
  if (n.type !== 'CallExpression' || n.callee.type !== 'Identifier') return undefined;
  const fn = sameFileFunction(file, n.callee);
  const body = fn ? returnedExpression(file, fn) : undefined;
  const obj = body ? objectOf(file, body) : undefined;
  return obj && fn && obj.range[0] >= fn.range[0] && obj.range[1] <= fn.range[1] ? obj : undefined;
}

/** An object literal an expression stands for (through variables, `as`, parentheses). */
export function objectOf(file: FileContext, node: Node | null | undefined): TSESTree.ObjectExpression | undefined {
  if (!node) return undefined;
  const n = resolveLocal(file, node);
  return n.type === 'ObjectExpression' ? n : undefined;
}

/** Functions that merge objects into their first argument: which argument wins a key both write. */
const MERGERS = new Map<string, 'last' | 'first'>([
  ['Object.assign', 'last'],
  ...['_', 'lodash'].flatMap((l): Array<[string, 'last' | 'first']> => [
    [`${l}.merge`, 'last'],
    [`${l}.assign`, 'last'],
    [`${l}.extend`, 'last'],
    [`${l}.defaults`, 'first'],
    [`${l}.defaultsDeep`, 'first'],
  ]),
]);

/**
 * The arguments of an object merge (`Object.assign(target, ...sources)`, lodash/underscore `merge`, `assign`,
 * `extend`, `defaults`, `defaultsDeep`), the one whose key wins first: last to first, or first to last for
 * `defaults`. Undefined for any other expression.
 */
export function mergedArguments(n: Node): readonly TSESTree.CallExpressionArgument[] | undefined {
  if (n.type !== 'CallExpression') return undefined;
  const merger = MERGERS.get(dottedName(n.callee) ?? '');
  if (!merger) return undefined;
  return merger === 'last' ? [...n.arguments].reverse() : n.arguments;
}

/**
 * The value an options expression gives a key, as merged at run time: object literals with spreads,
 * `Object.assign(...)` and `Object.freeze(...)`, left to right, the last part that writes the key winning
 * (`Object.assign({ method: 'GET' }, options, { headers, url })` gives `url` its own value). A part that is
 * not known (a parameter, a call) is taken not to write the key; undefined when no known part writes it.
 */
export function mergedValue(file: FileContext, node: Node | undefined, key: string, depth = 0): Node | undefined {
  if (!node || depth > 6) return undefined;
  const n = resolveLocal(file, node);
  if (n.type === 'ObjectExpression') {
    for (let i = n.properties.length - 1; i >= 0; i--) {
      const p = n.properties[i];
      if (p.type === 'SpreadElement') {
        const v = mergedValue(file, p.argument, key, depth + 1);
        if (v) return v;
      } else if (!p.computed && propertyKeyName(p) === key) return p.value as Node;
    }
    return undefined;
  }
  const args = mergedArguments(n);
  if (args) {
    for (const a of args) {
      const v = a.type === 'SpreadElement' ? undefined : mergedValue(file, a as Node, key, depth + 1);
      if (v) return v;
    }
    return undefined;
  }
  // `{ ...DEFAULTS, headers }` with `DEFAULTS` imported: the key's literal value in that module (only a literal,
  // which reads the same in this file; a node of another module is never an edit's target here).
  if (file.links && (n.type === 'Identifier' || n.type === 'MemberExpression')) {
    const far = valueSource(file, n);
    if (far.file !== file && unwrap(far.node).type === 'ObjectExpression') {
      const v = mergedValue(far.file, far.node, key, depth + 1);
      return v && unwrap(v).type === 'Literal' ? v : undefined;
    }
  }
  return undefined;
}

/** Hosts of this machine or its local network: a fallback to one names no service. */
const LOCAL_HOST = /^(?:localhost|127(?:\.\d+){3}|0\.0\.0\.0|\[::1?\]|[^.]+|.+\.(?:local|localhost|internal|test))$/i;

/** Folds a string, following same-function variables as well as file constants. */
export function stringOf(file: FileContext, node: Node | null | undefined, depth = 0): StaticString | undefined {
  if (!node || depth > 8) return undefined;
  const n = unwrap(node);
  if (n.type === 'Identifier' && searchParamWrites(file).has(n.name)) return withSearchParams(file, n, depth);
  const direct = file.staticString(node);
  if (direct?.complete) return direct;
  if (n.type === 'Identifier') {
    const init = localInit(file, n) ?? resolvedValue(file, n);
    if (init) {
      const folded = file.staticString(init);
      // A local holding a template or a choice (`\`${path}${sep}orgId=...\``) is folded through its own locals.
      if (!folded?.complete && /^(TemplateLiteral|BinaryExpression|ConditionalExpression)$/.test(unwrap(init).type)) return stringOf(file, init, depth + 1) ?? folded ?? direct;
      return folded ?? (/^(NewExpression|Identifier|CallExpression|MemberExpression|LogicalExpression)$/.test(unwrap(init).type) ? stringOf(file, init, depth + 1) : undefined) ?? direct;
    }
  }
  if (n.type === 'ConditionalExpression') return foldConditional(n, (e) => stringOf(file, e, depth + 1)) ?? direct;
  // `process.env.DAILY_API_URL || 'https://api.daily.co/v1'`: a base the code does not know here, falling back to
  // an absolute URL that names its host. The fallback says which service the code is written for, so the URL is
  // read with it (a deployment's own value is not known). A fallback without a host (`|| '/api'`) or on this
  // machine (`|| 'http://localhost:8080'`, a local proxy or mock of any service) says nothing.
  if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??')) {
    const found = stringOf(file, n.left, depth + 1);
    // A variable with no value (unknownEnvReason) is a left side not known here: its fallback decides.
    const left = found?.assumed !== undefined && isUnknownEnvReason(found.assumed) && found.value === UNKNOWN ? undefined : found;
    if (left?.complete) return left;
    if (left) return direct;
    const right = stringOf(file, n.right, depth + 1);
    const host = right ? urlHost(right) : undefined;
    return right && host !== undefined && !LOCAL_HOST.test(host) ? right : direct;
  }
  // Re-fold template parts through locals (`${base}/rooms` with a function-local `base`).
  if (n.type === 'TemplateLiteral' && direct) return foldTemplate(n, (e) => stringOf(file, e, depth + 1));
  if (n.type === 'BinaryExpression' && n.operator === '+') return concatStatic(stringOf(file, n.left as Node, depth + 1), stringOf(file, n.right, depth + 1));
  // `new URLSearchParams({ max: '100' })`: the query string it prints (`max=100`).
  if (n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'URLSearchParams' && n.arguments[0]) {
    const object = objectOf(file, n.arguments[0] as Node);
    if (!object) return direct;
    let value = '';
    let complete = true;
    for (const p of object.properties) {
      const key = p.type === 'Property' && !p.computed ? (p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : undefined) : undefined;
      // A spread (`{ ...options, max }`) or a computed key: parameters not known, the known ones still printed.
      if (key === undefined) {
        value += `${value ? '&' : ''}${UNKNOWN}`;
        complete = false;
        continue;
      }
      const v = stringOf(file, p.type === 'Property' ? (p.value as Node) : undefined, depth + 1);
      value += `${value ? '&' : ''}${key}=${v ? v.value : UNKNOWN}`;
      complete &&= !!v?.complete;
    }
    return { value, complete };
  }
  // `buildQuery({ ...options, max })`: a query-string helper of the file prints `?` and the object's keys.
  const printed = n.type === 'CallExpression' ? queryObject(file, n) : undefined;
  if (printed) return { value: `?${printedQuery(printed)}`, complete: false };
  // `params.toString()`, `url.href`, `url.toString()`: the same text.
  if (n.type === 'CallExpression' && n.arguments.length === 0 && n.callee.type === 'MemberExpression' && memberNameOf(n.callee) === 'toString') return stringOf(file, n.callee.object, depth + 1) ?? direct;
  if (n.type === 'MemberExpression' && memberNameOf(n) === 'href') return stringOf(file, n.object, depth + 1) ?? direct;
  // `this.baseUrl` / `this.#base` of the class the read is in: its constructor's or initializer's value.
  if (n.type === 'MemberExpression' && !direct?.complete && unwrap(n.object).type === 'ThisExpression') {
    // `this.baseUrl` of a field, else of a getter (`get baseUrl() { return `https://${host}/v1`; }`): what it returns.
    const field = thisFieldValue(file, n, depth);
    if (field) return field;
    const got = depth < 8 ? thisGetterReturn(file, n) : undefined;
    return (got ? stringOf(file, got, depth + 1) : undefined) ?? direct;
  }
  // `request.url` of a local options object (`const request = Object.assign({...}, options, { url })`).
  if (n.type === 'MemberExpression' && !direct && unwrap(n.object).type === 'Identifier') {
    const key = memberNameOf(n);
    const init = key !== undefined ? localInit(file, unwrap(n.object) as TSESTree.Identifier) : undefined;
    // `config.apiBaseUrl` of `const config = getConfig()`: the key of the object the getter gives.
    const got = init && unwrap(init).type === 'CallExpression' ? getterObject(file, init) : undefined;
    const value = init ? mergedValue(file, got ?? n.object, key!) : undefined;
    if (value) return stringOf(file, value, depth + 1);
    // `parameters.url` of a function that defaults it first (`if (parameters.url == null) parameters.url = '...'`).
    const defaulted = defaultedMemberValue(file, n, depth);
    if (defaulted) return defaulted;
  }
  // `String(base)`, `base.replace(/\/+$/, '')`: the same URL (less a trailing slash), so the same host.
  const same = n.type === 'CallExpression' && !direct?.complete ? sameUrlCall(n) : undefined;
  if (same) return stripped(stringOf(file, same.inner, depth + 1), same.strip) ?? direct;
  // `apiBase()`, `config.base()`: what a function of this file or of an imported module returns, called without arguments.
  if (n.type === 'CallExpression' && !direct?.complete) {
    const returned = returnOfCall(file, n);
    if (returned) return stringOf(returned.file, returned.node, depth + 1) ?? direct;
    const built = urlOfHelperCall(file, n, depth);
    if (built) return built;
    const joined = urlJoinCall(file, n, depth);
    if (joined) return joined;
  }
  // `const { base: url = 'https://...' } = settings`: the default, when the object is known and lacks the key.
  if (n.type === 'Identifier' && !direct) {
    const value = destructuredValue(file, n);
    if (value) return stringOf(value.file, value.node, depth + 1);
  }
  return direct;
}

/** A regular expression literal that removes trailing slashes only (`/\/+$/`, `/\/$/`, `/\/*$/`). */
const TRAILING_SLASHES = /^\\?\/[+*]?\$$/;

/**
 * A call whose result is the URL it is given: `String(x)` (`strip` false), or `x.replace(/\/+$/, '')`, which
 * removes trailing slashes (`strip` true); the inner expression. Undefined for any other call.
 */
function sameUrlCall(n: TSESTree.CallExpression): { inner: Node; strip: boolean } | undefined {
  const callee = unwrap(n.callee as Node);
  if (callee.type === 'Identifier' && callee.name === 'String' && n.arguments.length === 1 && n.arguments[0].type !== 'SpreadElement') return { inner: n.arguments[0] as Node, strip: false };
  if (callee.type !== 'MemberExpression' || n.arguments.length !== 2) return undefined;
  const key = memberNameOf(callee);
  if (key !== 'replace' && key !== 'replaceAll') return undefined;
  const [re, by] = n.arguments;
  const pattern = re.type === 'Literal' && 'regex' in re && re.regex ? re.regex.pattern : undefined;
  if (pattern === undefined || !TRAILING_SLASHES.test(pattern) || by.type !== 'Literal' || by.value !== '') return undefined;
  return { inner: callee.object as Node, strip: true };
}

/** A folded URL less its trailing slashes (only a complete one: a partial URL keeps its host either way). */
function stripped(s: StaticString | undefined, strip: boolean): StaticString | undefined {
  return s && strip && s.complete ? { ...s, value: s.value.replace(/\/+$/, '') } : s;
}

/**
 * The function a call runs, where it is written: a function of this file (bound by scope), an imported function
 * (ES module, CommonJS, re-exports), or a method of an object literal this file holds or imports
 * (`export default { base() { ... } }`). Undefined for anything else.
 */
export function calledFunction(file: FileContext, call: TSESTree.CallExpression): { file: FileContext; fn: Node } | undefined {
  const callee = unwrap(call.callee as Node);
  if (callee.type === 'Identifier') {
    const local = sameFileFunction(file, callee);
    if (local) return { file, fn: local };
    if (!file.links) return undefined;
    const far = file.locate(callee);
    return far && isFunctionNode(unwrap(far.node)) ? { file: far.file, fn: unwrap(far.node) } : undefined;
  }
  if (callee.type !== 'MemberExpression') return undefined;
  const key = memberNameOf(callee);
  if (key === undefined || unwrap(callee.object).type === 'ThisExpression') return undefined;
  const holder = file.locate(callee.object as Node);
  const object = holder && unwrap(holder.node);
  if (object?.type !== 'ObjectExpression') {
    // `config.base()` where `config` is an imported namespace or a CommonJS module whose `exports.base = ...`.
    const far = file.links ? file.locate(callee) : undefined;
    return far && isFunctionNode(unwrap(far.node)) ? { file: far.file, fn: unwrap(far.node) } : undefined;
  }
  const prop = object.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && propertyKeyName(p) === key);
  const fn = prop && unwrap(prop.value as Node);
  return fn && isFunctionNode(fn) ? { file: holder!.file, fn } : undefined;
}

/**
 * Where the value of an expression is written, followed through names bound by scope, imports (ES modules,
 * CommonJS, re-exports, namespaces, members of imported objects), static class fields, a `this` field set once
 * in the constructor, and the one return of a function called without arguments. The last node reached (the
 * expression itself when nothing is followed), and the file it is in.
 */
export function valueSource(file: FileContext, node: Node, depth = 0): { file: FileContext; node: Node } {
  const n = resolveLocal(file, node);
  if (depth > 8) return { file, node: n };
  if (n.type === 'CallExpression') {
    const returned = returnOfCall(file, n);
    return returned ? valueSource(returned.file, returned.node, depth + 1) : { file, node: n };
  }
  if (n.type !== 'Identifier' && n.type !== 'MemberExpression') return { file, node: n };
  if (n.type === 'MemberExpression' && unwrap(n.object).type === 'ThisExpression') {
    const written = thisFieldWrite(file, n);
    return written && written.defaultOf === undefined ? valueSource(file, written.value, depth + 1) : { file, node: n };
  }
  if (n.type === 'MemberExpression') {
    const field = file.staticMemberOf(n);
    if (field?.member.type === 'PropertyDefinition' && field.member.value) return valueSource(field.file, field.member.value as Node, depth + 1);
  }
  const far = file.locate(n);
  if (!far || far.node === n) return { file, node: n };
  return valueSource(far.file, far.node, depth + 1);
}

/**
 * What a call of a function of this file or of an imported module returns when its one `return` (or expression
 * body) is a template or a `+` concatenation (`resourceUrl('messages', id)` of `function resourceUrl(kind, id) {
 * return \`https://webexapis.com/v1/${kind}/${id}\`; }`; `apiUrl('/v1/rooms')` of an imported `function
 * apiUrl(path, base = 'https://webexapis.com') { return base + path; }`): each parameter written there directly
 * takes the call's argument, folded here, or, when the call does not give it, the parameter's default, folded
 * where the function is written (an argument that cannot be folded, or a missing one without a default, is
 * unknown); every other part is folded where the function is written. Undefined for a function with a rest or
 * pattern parameter or other statements than its return, a spread argument, or another kind of return.
 */
function urlOfHelperCall(file: FileContext, call: TSESTree.CallExpression, depth: number): StaticString | undefined {
  if (depth > 8 || call.arguments.some((a) => a.type === 'SpreadElement') || unwrap(call.callee as Node).type !== 'Identifier') return undefined;
  const callee = unwrap(call.callee as Node) as TSESTree.Identifier;
  const local = sameFileFunction(file, callee);
  const target = local ? { file, fn: local } : file.links ? calledFunction(file, call) : undefined;
  if (!target) return undefined;
  const { fn } = target;
  const there = target.file;
  const params = (fn as TSESTree.FunctionLike).params;
  if (params.some((p) => p.type !== 'Identifier' && !(p.type === 'AssignmentPattern' && p.left.type === 'Identifier'))) return undefined;
  // Without arguments, only a function whose defaults give them (a function without parameters: returnOfCall).
  if (call.arguments.length === 0 && !params.some((p) => p.type === 'AssignmentPattern')) return undefined;
  // Only a function that is its return (no statement before it may rebind a parameter's name).
  const block = (fn as TSESTree.FunctionLike).body;
  if (block?.type === 'BlockStatement' && block.body.length !== 1) return undefined;
  const returned = returnedExpression(there, fn);
  const body = returned ? unwrap(returned) : undefined;
  const fallback = (e: Node | undefined): boolean => {
    const u = e && unwrap(e);
    if (u?.type === 'LogicalExpression') return u.operator === '||' || u.operator === '??';
    const same = u?.type === 'CallExpression' ? sameUrlCall(u) : undefined;
    return !!same && fallback(same.inner);
  };
  // A base chosen in the helper (`return (env.API_BASE || DEFAULT).replace(/\/+$/, '')`, `env` given by the caller).
  if (body?.type !== 'TemplateLiteral' && !(body?.type === 'BinaryExpression' && body.operator === '+') && !fallback(body)) return undefined;
  const names = params.map((p) => (p.type === 'AssignmentPattern' ? (p.left as TSESTree.Identifier) : (p as TSESTree.Identifier)).name);
  const argOf = (name: string): Node | undefined => call.arguments[names.indexOf(name)] as Node | undefined;
  const part = (e: Node): StaticString | undefined => {
    const u = unwrap(e);
    if (u.type === 'Identifier' && names.includes(u.name)) {
      const i = names.indexOf(u.name);
      const arg = call.arguments[i];
      if (arg) return stringOf(file, arg as Node, depth + 1);
      const p = params[i];
      return p.type === 'AssignmentPattern' ? stringOf(there, p.right as Node, depth + 1) : undefined;
    }
    // `env.API_BASE` of a parameter: the key of the object the call gives, when it is known (else unknown).
    if (u.type === 'MemberExpression' && unwrap(u.object).type === 'Identifier' && names.includes((unwrap(u.object) as TSESTree.Identifier).name)) {
      const arg = argOf((unwrap(u.object) as TSESTree.Identifier).name);
      const key = memberNameOf(u);
      const value = arg && key !== undefined ? mergedValue(file, arg, key) : undefined;
      return value ? stringOf(file, value, depth + 1) : undefined;
    }
    if (u.type === 'TemplateLiteral') return foldTemplate(u, part);
    if (u.type === 'BinaryExpression' && u.operator === '+') return concatStatic(part(u.left as Node), part(u.right));
    // As stringOf reads `a || b`: a left side not known here falls back to a URL that names a host (not this machine's).
    if (u.type === 'LogicalExpression' && (u.operator === '||' || u.operator === '??')) {
      const found = part(u.left);
      const left = found?.assumed !== undefined && isUnknownEnvReason(found.assumed) && found.value === UNKNOWN ? undefined : found;
      if (left) return left.complete ? left : undefined;
      const right = part(u.right);
      const host = right ? urlHost(right) : undefined;
      return right && host !== undefined && !LOCAL_HOST.test(host) ? right : undefined;
    }
    const same = u.type === 'CallExpression' ? sameUrlCall(u) : undefined;
    if (same) return stripped(part(same.inner), same.strip);
    return stringOf(there, u, depth + 1);
  };
  return part(body!);
}

/** Packages whose one function joins URL segments with single slashes (`urlJoin(base, '/devices/', id)`). */
const URL_JOIN_PACKAGES = new Set(['url-join', 'url-join-ts', 'proper-url-join']);

/** Local names bound to a URL-join package's function: its default or named import, or a `require()` of it. */
function urlJoinNames(file: FileContext): ReadonlySet<string> {
  return file.cached('api:url-join-names', () => {
    const names = new Set<string>();
    for (const i of file.nodes(T.ImportDeclaration)) {
      if (!URL_JOIN_PACKAGES.has(String(i.source.value))) continue;
      for (const s of i.specifiers) if (s.type !== 'ImportNamespaceSpecifier') names.add(s.local.name);
    }
    for (const d of file.nodes(T.VariableDeclarator)) {
      const init = d.init ? unwrap(d.init) : undefined;
      const arg = init?.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'require' ? init.arguments[0] : undefined;
      if (d.id.type === 'Identifier' && arg?.type === 'Literal' && typeof arg.value === 'string' && URL_JOIN_PACKAGES.has(arg.value)) names.add(d.id.name);
    }
    return names;
  });
}

/**
 * `urlJoin(this.baseUrl, '/devices/', id)` of a URL-join package: the segments joined with one slash between them
 * (a segment starting with `?`, `&` or `#` is appended as it is), each folded on its own (an unknown one is a
 * hole). Only a call of the imported name itself (a local function of the same name is the file's own).
 */
function urlJoinCall(file: FileContext, call: TSESTree.CallExpression, depth: number): StaticString | undefined {
  const callee = unwrap(call.callee as Node);
  if (callee.type !== 'Identifier' || call.arguments.length === 0 || call.arguments.some((a) => a.type === 'SpreadElement') || !urlJoinNames(file).has(callee.name)) return undefined;
  const init = localInit(file, callee);
  if (init && isFunctionNode(unwrap(init))) return undefined;
  let value = '';
  let complete = true;
  let assumed: StaticString | undefined;
  for (const [i, a] of call.arguments.entries()) {
    const s = stringOf(file, a as Node, depth + 1);
    if (s?.assumed !== undefined) assumed ??= s;
    complete &&= !!s?.complete;
    const part = s ? s.value : UNKNOWN;
    if (i === 0) value = part;
    else if (/^[?&#]/.test(part)) value = value.replace(/\/+$/, '') + part;
    else value = `${value.replace(/\/+$/, '')}/${part.replace(/^\/+/, '')}`;
  }
  return assumed ? withAssumed({ value, complete }, assumed) : { value, complete };
}

/** What a call returns when it takes no arguments and its function has one `return` (or an expression body). */
function returnOfCall(file: FileContext, call: TSESTree.CallExpression): { file: FileContext; node: Node } | undefined {
  if (call.arguments.length > 0) return undefined;
  const target = calledFunction(file, call);
  if (!target || (target.fn as TSESTree.FunctionLike).params.length > 0) return undefined;
  const node = returnedExpression(target.file, target.fn);
  return node ? { file: target.file, node } : undefined;
}

/**
 * The value a name destructured from a `const` takes (`const { base: url = X, token } = settings`): the object's
 * property where the object is known (this file's or an imported one), else the pattern's default when the
 * known object has no such key and no spread. Undefined otherwise (an unknown object may hold the key).
 */
function destructuredValue(file: FileContext, id: TSESTree.Identifier): { file: FileContext; node: Node } | undefined {
  // Names a `const { ... } = x` binds, gathered once: only those need the scope analysis below.
  const destructured = file.cached('api:const-object-patterns', () => {
    const names = new Set<string>();
    for (const d of file.nodes(T.VariableDeclarator)) if (d.id.type === 'ObjectPattern' && d.init) for (const name of boundNames(d.id)) names.add(name);
    return names;
  });
  if (!destructured.has(id.name)) return undefined;
  const def = scopeReferences(file)?.get(id)?.resolved?.defs;
  if (def?.length !== 1 || def[0].type !== 'Variable' || def[0].parent.kind !== 'const') return undefined;
  const declarator = def[0].node;
  if (declarator.id.type !== 'ObjectPattern' || !declarator.init) return undefined;
  const prop = declarator.id.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && (p.value.type === 'Identifier' ? p.value : p.value.type === 'AssignmentPattern' ? p.value.left : undefined)?.range[0] === def[0].name.range[0]);
  const key = prop ? propertyKeyName(prop) : undefined;
  if (!prop || key === undefined) return undefined;
  const source = file.locate(declarator.init as Node);
  const object = source && unwrap(source.node);
  if (object?.type !== 'ObjectExpression') return undefined;
  const found = object.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && propertyKeyName(p) === key);
  if (found) return { file: source!.file, node: found.value as Node };
  if (object.properties.some((p) => p.type !== 'Property' || p.computed)) return undefined;
  return prop.value.type === 'AssignmentPattern' ? { file, node: prop.value.right as Node } : undefined;
}

/** The text two URLs share before a `?` that both have at the same place (and wholly known before it), if any. */
function samePathBeforeQuery(a: string, b: string): string | undefined {
  const i = a.indexOf('?');
  if (i <= 0 || b.indexOf('?') !== i || a.slice(0, i) !== b.slice(0, i)) return undefined;
  const path = a.slice(0, i);
  return path.includes(UNKNOWN) || !/^[a-z][a-z0-9+.-]*:\/\/[^/]+\//i.test(path) ? undefined : path;
}

/**
 * The start two absolute URLs share, up to the last `/` before they (or an unknown part) differ, when it holds
 * the scheme, the host and the slash after it (`https://webexapis.com/v1/`); undefined otherwise.
 */
function sameBase(a: string, b: string): string | undefined {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i] && a[i] !== UNKNOWN) i++;
  const cut = a.lastIndexOf('/', i - 1);
  if (cut < 0) return undefined;
  const base = a.slice(0, cut + 1);
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+\//i.test(base) ? base : undefined;
}

/**
 * A choice folded: the value both branches agree on, or the branch a test on a folded string picks
 * (`path.includes('?') ? '&' : '?'`, `url.indexOf('?') >= 0 ? ...`): taken when the known text holds the
 * searched text, not taken when the string is wholly known without it; undefined otherwise.
 */
export function foldConditional(n: TSESTree.ConditionalExpression, fold: (n: Node) => StaticString | undefined): StaticString | undefined {
  const yes = fold(n.consequent as Node);
  const no = fold(n.alternate as Node);
  if (yes?.complete && no?.complete && yes.value === no.value) return yes;
  // `body ? '?' + query.join('&') : ''`: a query string or nothing; the path before it is the same either way.
  if (yes && no && (yes.value !== '' || no.value !== '') && [yes, no].every((b) => (b.complete && b.value === '') || b.value.startsWith('?'))) return withAssumed({ value: `?${UNKNOWN}`, complete: false }, yes, no);
  // `q ? base + 'people?email=' + q : base + 'people?displayName=' + n`: the same URL up to its query string, which
  // differs: that URL with an unknown query.
  const sharedPath = yes && no ? samePathBeforeQuery(yes.value, no.value) : undefined;
  if (sharedPath) return withAssumed({ value: `${sharedPath}?${UNKNOWN}`, complete: false }, yes!, no!);
  // `id ? `${base}/${resource}/${id}` : `${base}/${resource}``: two URLs on the same host whose paths part after a
  // known start: that start with an unknown rest (the host and the known path segments, never a guessed path).
  const sharedBase = yes && no ? sameBase(yes.value, no.value) : undefined;
  if (sharedBase) return withAssumed({ value: `${sharedBase}${UNKNOWN}`, complete: false }, yes!, no!);
  let test = unwrap(n.test as Node);
  let negate = false;
  while (test.type === 'UnaryExpression' && test.operator === '!') {
    negate = !negate;
    test = unwrap(test.argument as Node);
  }
  // `path.startsWith('/') ? path : '/' + path`: decided when the subject's known start says.
  if (test.type === 'CallExpression' && test.callee.type === 'MemberExpression' && memberNameOf(test.callee) === 'startsWith' && test.arguments.length === 1) {
    const prefix = unwrap(test.arguments[0] as Node);
    if (prefix.type !== 'Literal' || typeof prefix.value !== 'string' || prefix.value === '') return undefined;
    const subject = fold(test.callee.object as Node);
    const known = subject ? subject.value.split(UNKNOWN)[0] : '';
    if (!subject || (known.length < prefix.value.length && !(subject.complete && !subject.value.includes(UNKNOWN)))) return undefined;
    return known.startsWith(prefix.value) !== negate ? yes : no;
  }
  let call: Node = test;
  if (test.type === 'BinaryExpression' && /^(>=|!==|!=|>)$/.test(test.operator)) {
    const bound = unwrap(test.right);
    const value = bound.type === 'Literal' ? bound.value : bound.type === 'UnaryExpression' && bound.operator === '-' && bound.argument.type === 'Literal' ? -Number(bound.argument.value) : undefined;
    if (!((test.operator === '>=' && value === 0) || (test.operator !== '>=' && value === -1))) return undefined;
    call = unwrap(test.left as Node);
    if (call.type !== 'CallExpression' || call.callee.type !== 'MemberExpression' || memberNameOf(call.callee) !== 'indexOf') return undefined;
  } else if (test.type !== 'CallExpression' || test.callee.type !== 'MemberExpression' || memberNameOf(test.callee) !== 'includes') return undefined;
  if (call.type !== 'CallExpression' || call.callee.type !== 'MemberExpression' || call.arguments.length !== 1) return undefined;
  const needle = unwrap(call.arguments[0] as Node);
  if (needle.type !== 'Literal' || typeof needle.value !== 'string' || needle.value === '') return undefined;
  const subject = fold(call.callee.object as Node);
  if (!subject) return undefined;
  const holds = subject.value.split(UNKNOWN).some((part) => part.includes(needle.value as string)) ? true : subject.complete ? false : undefined;
  if (holds === undefined) return undefined;
  return holds !== negate ? yes : no;
}

const memberNameOf = (m: TSESTree.MemberExpression): string | undefined => (!m.computed && m.property.type === 'Identifier' ? m.property.name : undefined);

/** `url.searchParams.set(key, value)` / `.append(...)` calls of a file, by the name of the URL variable. */
function searchParamWrites(file: FileContext): Map<string, TSESTree.CallExpression[]> {
  return file.cached('api:search-param-writes', () => {
    const map = new Map<string, TSESTree.CallExpression[]>();
    if (!file.contains('searchParams')) return map;
    for (const c of file.nodes(T.CallExpression)) {
      const callee = c.callee;
      if (callee.type !== 'MemberExpression' || !/^(set|append)$/.test(memberNameOf(callee) ?? '') || c.arguments.length < 2) continue;
      const holder = callee.object;
      if (holder.type !== 'MemberExpression' || memberNameOf(holder) !== 'searchParams' || holder.object.type !== 'Identifier') continue;
      const list = map.get(holder.object.name) ?? [];
      list.push(c);
      map.set(holder.object.name, list);
    }
    return map;
  });
}

/**
 * A `new URL(...)` variable with the query its `searchParams.set(k, v)` calls wrote before this use (in the
 * same function, on the same variable): `?k=v&...` appended to the URL it was created with.
 */
function withSearchParams(file: FileContext, use: TSESTree.Identifier, depth: number): StaticString | undefined {
  const init = localInit(file, use) ?? file.constantInit(use.name);
  if (!init) return undefined;
  const base = stringOf(file, init, depth + 1);
  if (!base) return undefined;
  const scope = enclosingScope(file, use);
  let value = base.value;
  let complete = base.complete;
  for (const c of searchParamWrites(file).get(use.name) ?? []) {
    if (c.range[1] > use.range[0] || enclosingScope(file, c) !== scope) continue;
    const id = ((c.callee as TSESTree.MemberExpression).object as TSESTree.MemberExpression).object as TSESTree.Identifier;
    if ((localInit(file, id) ?? file.constantInit(id.name)) !== init) continue;
    const key = stringOf(file, c.arguments[0] as Node, depth + 1);
    const v = stringOf(file, c.arguments[1] as Node, depth + 1);
    value += `${value.includes('?') ? '&' : '?'}${key?.complete ? key.value : UNKNOWN}=${v ? v.value : UNKNOWN}`;
    complete &&= !!key?.complete && !!v?.complete;
  }
  return { value, complete };
}

/** The name of a function node: its declaration's, or the variable's it is assigned to. */
export function functionName(file: FileContext, fn: Node): string | undefined {
  if (fn.type === 'FunctionDeclaration') return fn.id?.name;
  const parent = file.parentOf(fn);
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' && parent.init && unwrap(parent.init) === fn) return parent.id.name;
  return undefined;
}

/** The parent of an expression, skipping TS wrappers (`as`, `!`, `satisfies`). */
export function outerParent(file: FileContext, node: Node): { parent: Node | undefined; node: Node } {
  let current = node;
  let parent = file.parentOf(current);
  while (parent && (parent.type === 'TSAsExpression' || parent.type === 'TSNonNullExpression' || parent.type === 'TSSatisfiesExpression' || parent.type === 'TSTypeAssertion')) {
    current = parent;
    parent = file.parentOf(current);
  }
  return { parent, node: current };
}

// ---------------------------------------------------------------------------------------------
// Fields of `this`: `this.baseUrl = ...` written once in the constructor (or a field initializer), read in
// the class's methods.
// ---------------------------------------------------------------------------------------------

type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** A member key as `this.<key>` reads it: `name`, `#name` for a private one. */
function thisKey(property: Node, computed: boolean): string | undefined {
  if (property.type === 'PrivateIdentifier') return `#${property.name}`;
  if (!computed && property.type === 'Identifier') return property.name;
  if (property.type === 'Literal' && typeof property.value === 'string') return property.value;
  return undefined;
}

/** The class whose instance `this` is at a node (through arrow functions), if any. */
function classOfThis(file: FileContext, node: Node): ClassNode | undefined {
  for (const a of file.ancestors(node)) {
    if (a.type === 'ArrowFunctionExpression') continue;
    if (a.type === 'FunctionExpression') {
      const owner = file.parentOf(a);
      if (owner?.type !== 'MethodDefinition' || owner.static) return undefined;
      continue;
    }
    if (a.type === 'FunctionDeclaration') return undefined;
    if (a.type === 'PropertyDefinition' && a.static) return undefined;
    if (a.type === 'ClassBody') {
      const cls = file.parentOf(a);
      return cls?.type === 'ClassDeclaration' || cls?.type === 'ClassExpression' ? cls : undefined;
    }
  }
  return undefined;
}

/** Writes of each `this` field, per class: assignments (and updates) anywhere in the class, and initializers. */
function fieldWrites(file: FileContext): Map<ClassNode, Map<string, Node[]>> {
  return file.cached('bindings:this-fields', () => {
    const out = new Map<ClassNode, Map<string, Node[]>>();
    const add = (cls: ClassNode, key: string, n: Node): void => {
      let m = out.get(cls);
      if (!m) out.set(cls, (m = new Map()));
      const list = m.get(key) ?? [];
      list.push(n);
      m.set(key, list);
    };
    for (const a of file.nodes(T.AssignmentExpression)) {
      if (a.left.type !== 'MemberExpression' || unwrap(a.left.object).type !== 'ThisExpression') continue;
      const key = thisKey(a.left.property as Node, a.left.computed);
      const cls = key === undefined ? undefined : classOfThis(file, a);
      if (cls && key !== undefined) add(cls, key, a);
    }
    for (const u of file.nodes(T.UpdateExpression)) {
      if (u.argument.type !== 'MemberExpression' || unwrap(u.argument.object).type !== 'ThisExpression') continue;
      const key = thisKey(u.argument.property as Node, u.argument.computed);
      const cls = key === undefined ? undefined : classOfThis(file, u);
      if (cls && key !== undefined) add(cls, key, u);
    }
    return out;
  });
}

/**
 * The value a `this` field holds where a method reads it: the one assignment the constructor makes as a
 * statement of its own body (not under a condition), else the field's initializer; undefined when any other
 * method (or a nested function, or a condition) writes it, since its value then depends on what ran before.
 * A constructor parameter the value reads is taken at its default (`constructor(base = 'https://...')`), which
 * callers may override: the result says so (`assumed`), and only where the project model reads assumed values.
 */
function thisFieldValue(file: FileContext, member: TSESTree.MemberExpression, depth: number): StaticString | undefined {
  if (depth > 8) return undefined;
  const written = thisFieldWrite(file, member);
  if (!written) return undefined;
  if (written.defaultOf === undefined) return foldInConstructor(file, written.value, written.params, depth + 1);
  // `if (base) this.base = base; else this.base = DEFAULT`: the default, assumed (a caller may give the parameter).
  if (!file.links?.envValue) return undefined;
  const d = foldInConstructor(file, written.value, written.params, depth + 1);
  return d ? { ...d, assumed: d.assumed ?? `the URL rests on the default the constructor writes when its parameter \`${written.defaultOf}\` is not given, which a caller may give` } : undefined;
}

/**
 * `this.#config.authorizeUrl` of a class that keeps an options object in a field: the key of that object, folded.
 * The field is written as {@link thisFieldWrite} allows (one assignment in the constructor, or an initializer), to an
 * object literal (or a constant holding one), or to a constructor parameter whose default is one (`constructor(config
 * = CONFIG) { this.#config = config; }`): a caller may pass another object, so that value is assumed, and read only
 * where the project model reads assumed values. Undefined when the object spreads another or lacks the key.
 */
export function thisObjectMemberValue(file: FileContext, n: TSESTree.MemberExpression, depth = 0): StaticString | undefined {
  const key = memberNameOf(n);
  const field = unwrap(n.object);
  if (depth > 8 || key === undefined || field.type !== 'MemberExpression' || unwrap(field.object).type !== 'ThisExpression') return undefined;
  const written = thisFieldWrite(file, field);
  if (!written || written.defaultOf !== undefined) return undefined;
  let value = unwrap(written.value);
  let assumed: string | undefined;
  if (value.type === 'Identifier') {
    const name = value.name;
    const param = written.params.find((p) => (p.type === 'AssignmentPattern' && p.left.type === 'Identifier' && p.left.name === name) || (p.type === 'Identifier' && p.name === name));
    if (param) {
      if (param.type !== 'AssignmentPattern' || !file.links?.envValue) return undefined;
      value = unwrap(param.right as Node);
      assumed = `the URL rests on the object the constructor's parameter \`${name}\` defaults to, which a caller may replace`;
    }
  }
  const object = objectOf(file, value);
  if (!object || object.properties.some((p) => p.type !== 'Property' || p.computed)) return undefined;
  const prop = object.properties.find((p): p is TSESTree.Property => p.type === 'Property' && propertyKeyName(p) === key);
  const s = prop ? stringOf(file, prop.value as Node, depth + 1) : undefined;
  return s && assumed !== undefined ? { ...s, assumed: s.assumed ?? assumed } : s;
}

/**
 * The expression a `this` field holds where a method reads it, and the constructor's parameters it may read:
 * the one assignment the constructor makes as a statement of its own body, else the field's initializer
 * (the conditions of `thisFieldValue`). Undefined when the field is written anywhere else.
 */
function thisFieldWrite(file: FileContext, member: TSESTree.MemberExpression): { value: Node; params: readonly TSESTree.Parameter[]; defaultOf?: string } | undefined {
  const key = thisKey(member.property as Node, member.computed);
  const cls = key === undefined ? undefined : classOfThis(file, member);
  if (key !== undefined && !cls) return prototypeFieldWrite(file, member, key);
  if (!cls || key === undefined) return undefined;
  const ctor = cls.body.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor')?.value;
  const writes = fieldWrites(file).get(cls)?.get(key) ?? [];
  let value: Node | undefined;
  if (writes.length > 0) {
    if (writes.length > 1 || !ctor?.body) return undefined;
    const w = writes[0];
    const statement = file.parentOf(w);
    if (w.type !== 'AssignmentExpression' || w.operator !== '=' || statement?.type !== 'ExpressionStatement' || file.parentOf(statement) !== ctor.body) return undefined;
    // A read inside the constructor before the write sees the initializer: only reads outside it are answered.
    if (member.range[0] >= ctor.range[0] && member.range[1] <= ctor.range[1] && member.range[0] < w.range[1]) return undefined;
    value = w.right as Node;
  } else {
    const field = cls.body.body.find((m): m is TSESTree.PropertyDefinition => m.type === 'PropertyDefinition' && !m.static && thisKey(m.key as Node, m.computed) === key);
    value = field?.value ? (field.value as Node) : undefined;
  }
  return value ? { value, params: ctor ? ctor.params : [] } : undefined;
}

type FunctionNode = TSESTree.FunctionDeclaration | TSESTree.FunctionExpression;

/** The function whose `this` a node reads (through arrow functions), if any. */
export function functionOfThis(file: FileContext, node: Node): FunctionNode | undefined {
  for (const a of file.ancestors(node)) {
    if (a.type === 'ArrowFunctionExpression') continue;
    if (a.type === 'FunctionExpression' || a.type === 'FunctionDeclaration') return a;
    if (a.type === 'ClassBody' || a.type === 'PropertyDefinition') return undefined;
  }
  return undefined;
}

/** `X` when a function is a prototype method written `X.prototype.name = function () {...}`. */
export function prototypeOwner(file: FileContext, fn: FunctionNode): string | undefined {
  const owner = file.parentOf(fn);
  if (owner?.type !== 'AssignmentExpression' || owner.operator !== '=' || owner.right !== fn || owner.left.type !== 'MemberExpression') return undefined;
  const proto = owner.left.object;
  if (proto.type !== 'MemberExpression' || proto.computed || proto.property.type !== 'Identifier' || proto.property.name !== 'prototype') return undefined;
  return proto.object.type === 'Identifier' ? proto.object.name : undefined;
}

/** The constructor function named `name` at the top of the module: `function X() {}` or `var X = function () {}`, when only one is. */
export function constructorFunction(file: FileContext, name: string): FunctionNode | undefined {
  const found: FunctionNode[] = [];
  for (const f of file.nodes(T.FunctionDeclaration)) if (f.id?.name === name) found.push(f);
  for (const d of file.nodes(T.VariableDeclarator)) {
    if (d.id.type === 'Identifier' && d.id.name === name && d.init?.type === 'FunctionExpression') found.push(d.init);
  }
  return found.length === 1 ? found[0] : undefined;
}

/**
 * A `this` field of an ES5 constructor read in one of its prototype methods (`function Api(token) { this.base =
 * 'https://...'; }` and `Api.prototype.rooms = function () { ... this.base ... }`): the one assignment the constructor
 * makes as a statement of its own body, when neither it nor any other prototype method of the module writes the
 * field anywhere else (the conditions of {@link thisFieldWrite} for a class). Undefined otherwise.
 */
function prototypeFieldWrite(file: FileContext, member: TSESTree.MemberExpression, key: string): { value: Node; params: readonly TSESTree.Parameter[]; defaultOf?: string } | undefined {
  const method = functionOfThis(file, member);
  const owner = method ? prototypeOwner(file, method) : undefined;
  const ctor = owner === undefined ? undefined : constructorFunction(file, owner);
  if (!ctor || owner === undefined) return undefined;
  const writes: Node[] = [];
  const ofOwner = (n: Node): boolean => {
    const fn = functionOfThis(file, n);
    return fn !== undefined && (fn === ctor || prototypeOwner(file, fn) === owner);
  };
  for (const a of file.nodes(T.AssignmentExpression)) {
    if (a.left.type === 'MemberExpression' && unwrap(a.left.object).type === 'ThisExpression' && thisKey(a.left.property as Node, a.left.computed) === key && ofOwner(a)) writes.push(a);
  }
  for (const u of file.nodes(T.UpdateExpression)) {
    if (u.argument.type === 'MemberExpression' && unwrap(u.argument.object).type === 'ThisExpression' && thisKey(u.argument.property as Node, u.argument.computed) === key && ofOwner(u)) writes.push(u);
  }
  if (writes.length === 2) return parameterOrDefault(file, ctor, writes);
  if (writes.length !== 1) return undefined;
  const w = writes[0];
  const statement = file.parentOf(w);
  if (w.type !== 'AssignmentExpression' || w.operator !== '=' || statement?.type !== 'ExpressionStatement' || file.parentOf(statement) !== ctor.body) return undefined;
  return { value: w.right as Node, params: ctor.params };
}

/**
 * The two writes of a field in an ES5 constructor's `if (base) this.base = base; else this.base = DEFAULT` (either
 * order, braces or not, the `if` a statement of the constructor's own body): the field is the parameter when a
 * caller gives it, else the default. The default's write, with the parameter's name; undefined for any other pair.
 */
function parameterOrDefault(file: FileContext, ctor: FunctionNode, writes: readonly Node[]): { value: Node; params: readonly TSESTree.Parameter[]; defaultOf: string } | undefined {
  const branchOf = (w: Node): Node | undefined => {
    const statement = file.parentOf(w);
    if (w.type !== 'AssignmentExpression' || w.operator !== '=' || statement?.type !== 'ExpressionStatement') return undefined;
    const up = file.parentOf(statement);
    if (up?.type === 'IfStatement') return statement;
    return up?.type === 'BlockStatement' && up.body.length === 1 && file.parentOf(up)?.type === 'IfStatement' ? up : undefined;
  };
  const [a, b] = writes as [TSESTree.AssignmentExpression, TSESTree.AssignmentExpression];
  const [ba, bb] = [branchOf(a), branchOf(b)];
  const test = ba ? file.parentOf(ba) : undefined;
  if (!ba || !bb || test?.type !== 'IfStatement' || file.parentOf(bb) !== test || file.parentOf(test) !== ctor.body) return undefined;
  const paramName = (n: Node): string | undefined => {
    const u = unwrap(n);
    return u.type === 'Identifier' && ctor.params.some((p) => p.type === 'Identifier' && p.name === u.name) ? u.name : undefined;
  };
  // The test reads the parameter (`if (base)`, `if (!base)`, `if (base !== undefined)`), one branch writes it.
  const tested = /^[!\s(]*([A-Za-z_$][\w$]*)/.exec(file.getText(test.test as Node))?.[1];
  const fromParam = [a, b].find((w) => paramName(w.right as Node) === tested);
  const other = fromParam === a ? b : a;
  if (!fromParam || tested === undefined || paramName(other.right as Node) !== undefined) return undefined;
  return { value: other.right as Node, params: ctor.params, defaultOf: tested };
}

/**
 * The object a `this` field holds (`this.headers = { ... }` written once in the constructor, or a field
 * initializer), read in a method of the same class: `headers: this.headers`. Undefined for anything else,
 * and when the field is written anywhere but that one place (its value then depends on what ran before).
 */
export function thisFieldObject(file: FileContext, node: Node): TSESTree.ObjectExpression | undefined {
  const n = unwrap(node);
  if (n.type !== 'MemberExpression' || unwrap(n.object).type !== 'ThisExpression') return undefined;
  const written = thisFieldWrite(file, n);
  const value = written && written.defaultOf === undefined ? resolveLocal(file, written.value) : undefined;
  return value?.type === 'ObjectExpression' ? value : undefined;
}

/**
 * The expression a `this` field holds where a method of its class reads it, written once as {@link thisFieldObject}
 * requires (`private client = new HttpClient({...})`, or `this.client = new HttpClient(...)` in the constructor).
 */
export function thisFieldInit(file: FileContext, node: Node): Node | undefined {
  const n = unwrap(node);
  if (n.type !== 'MemberExpression' || unwrap(n.object).type !== 'ThisExpression') return undefined;
  const written = thisFieldWrite(file, n);
  return written && written.defaultOf === undefined ? unwrap(written.value) : undefined;
}

/**
 * `base.replace(/\/+$/, '')` on a partly known string (`https://${tenant}.example.com/api/`): a replacement anchored
 * at the end leaves the host as it is, so the known text keeps saying whose URL it is (still incomplete).
 */
function trailingCleanup(n: TSESTree.CallExpression, part: (e: Node) => StaticString | undefined): StaticString | undefined {
  if (n.callee.type !== 'MemberExpression' || memberName(n.callee) !== 'replace' || n.arguments.length !== 2) return undefined;
  const pattern = unwrap(n.arguments[0] as Node);
  const by = unwrap(n.arguments[1] as Node);
  if (pattern.type !== 'Literal' || !('regex' in pattern) || !pattern.regex || !pattern.regex.pattern.endsWith('$') || by.type !== 'Literal' || by.value !== '') return undefined;
  const subject = part(n.callee.object as Node);
  if (!subject || subject.complete) return undefined;
  let re: RegExp;
  try {
    re = new RegExp(pattern.regex.pattern, pattern.regex.flags);
  } catch {
    return undefined;
  }
  return { ...subject, value: subject.value.replace(re, ''), complete: false };
}

/**
 * The `this` fields an instance of a class holds, made by `new <Class>(...)` in `site` (`new
 * HttpClient({ baseUrl: 'https://webexapis.com/v1' })`): what the constructor writes to the field (one assignment
 * there), folded with its parameters bound to the call's arguments (a key of an object argument for
 * `options.baseUrl`, string methods such as `.replace(/\/+$/, '')` applied), a parameter property's argument, or the
 * field's initializer. Undefined where a part is not known (the URL keeps a hole, as before).
 */
export function instanceFields(site: FileContext, made: TSESTree.NewExpression, file: FileContext, cls: ClassNode): (name: string) => StaticString | undefined {
  const ctor = cls.body.body.find((m): m is TSESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'constructor')?.value;
  const names: string[] = [];
  const defaults: Array<Node | undefined> = [];
  for (const p of ctor?.params ?? []) {
    const inner = p.type === 'TSParameterProperty' ? p.parameter : p;
    const id = inner.type === 'AssignmentPattern' ? inner.left : inner;
    if (id.type === 'RestElement') break;
    names.push(id.type === 'Identifier' ? id.name : '');
    defaults.push(inner.type === 'AssignmentPattern' ? (inner.right as Node) : undefined);
  }
  const args = made.arguments as Node[];
  if (args.some((a) => a.type === 'SpreadElement')) return () => undefined;
  const argAt = (k: number): StaticString | undefined => (args[k] ? stringOf(site, args[k]) : defaults[k] ? stringOf(file, defaults[k]!) : undefined);
  const fold = (node: Node, depth: number): StaticString | undefined => {
    if (depth > 8) return undefined;
    const n = unwrap(node);
    const part = (e: Node): StaticString | undefined => fold(e, depth + 1);
    if (n.type === 'Identifier' && names.includes(n.name)) return argAt(names.indexOf(n.name));
    if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier' && unwrap(n.object).type === 'Identifier' && names.includes((unwrap(n.object) as TSESTree.Identifier).name)) {
      // `options.baseUrl`: that key of the object the instance is made with (absent: not known).
      const arg = args[names.indexOf((unwrap(n.object) as TSESTree.Identifier).name)];
      const value = arg ? mergedValue(site, objectOf(site, arg), n.property.name) : undefined;
      return value ? stringOf(site, value) : undefined;
    }
    if (n.type === 'TemplateLiteral') return foldTemplate(n, part);
    if (n.type === 'BinaryExpression' && n.operator === '+') return concatStatic(part(n.left as Node), part(n.right));
    if (n.type === 'CallExpression') return stringMethod(n, part) ?? trailingCleanup(n, part);
    return stringOf(file, n);
  };
  return (name) => {
    const property = !ctor ? -1 : ctor.params.findIndex((p) => p.type === 'TSParameterProperty' && p.parameter.type === 'Identifier' && p.parameter.name === name);
    if (property >= 0) return argAt(property);
    const writes = file.nodes(T.AssignmentExpression).filter((a) => a.left.type === 'MemberExpression' && unwrap(a.left.object).type === 'ThisExpression' && memberName(a.left) === name && a.range[0] >= cls.range[0] && a.range[1] <= cls.range[1]);
    const w = writes[0];
    if (ctor && writes.length === 1 && w.operator === '=' && w.range[0] >= ctor.range[0] && w.range[1] <= ctor.range[1]) return fold(w.right as Node, 0);
    if (writes.length > 0) return undefined;
    for (const m of cls.body.body) if (m.type === 'PropertyDefinition' && !m.static && m.value && propertyKeyName(m) === name) return stringOf(file, m.value as Node);
    return undefined;
  };
}

/**
 * The `new Headers({ ... })` a `this` field holds, written as {@link thisFieldObject} requires
 * (`this.headers = new Headers({ Authorization, 'Content-Type': type })` once in the constructor); undefined otherwise.
 */
export function thisFieldHeaders(file: FileContext, node: Node): TSESTree.NewExpression | undefined {
  const n = unwrap(node);
  if (n.type !== 'MemberExpression' || unwrap(n.object).type !== 'ThisExpression') return undefined;
  const written = thisFieldWrite(file, n);
  const value = written && written.defaultOf === undefined ? unwrap(written.value) : undefined;
  return value?.type === 'NewExpression' && value.callee.type === 'Identifier' && value.callee.name === 'Headers' ? value : undefined;
}

/** Folds a value written in a constructor: its parameters at their defaults (assumed), known string methods applied. */
function foldInConstructor(file: FileContext, node: Node, params: readonly TSESTree.Parameter[], depth: number): StaticString | undefined {
  if (depth > 12) return undefined;
  const n = unwrap(node);
  const part = (e: Node): StaticString | undefined => foldInConstructor(file, e, params, depth + 1);
  if (n.type === 'Identifier') {
    const param = params.find((p) => (p.type === 'AssignmentPattern' && p.left.type === 'Identifier' && p.left.name === n.name) || (p.type === 'Identifier' && p.name === n.name));
    if (!param) return stringOf(file, n, depth);
    // Only the project model reads assumed values (a finding that rests on one is made likely there).
    if (param.type !== 'AssignmentPattern' || !file.links?.envValue) return undefined;
    const d = stringOf(file, param.right as Node, depth);
    return d ? { ...d, assumed: d.assumed ?? `the URL rests on the default of the constructor's parameter \`${n.name}\`, which a caller may replace` } : undefined;
  }
  if (n.type === 'TemplateLiteral') return foldTemplate(n, part);
  if (n.type === 'BinaryExpression' && n.operator === '+') return concatStatic(part(n.left as Node), part(n.right));
  // `options.baseUrl || DEFAULT`: the default, when the option is not known here (assumed: a caller may give it).
  if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??')) {
    const left = part(n.left);
    if (left?.complete) return left;
    if (left || !file.links?.envValue) return undefined;
    const right = part(n.right);
    return right ? { ...right, assumed: right.assumed ?? 'the URL rests on a default that a caller\'s option may replace' } : undefined;
  }
  if (n.type === 'ConditionalExpression') return foldConditional(n, part) ?? regexChoice(n, part);
  if (n.type === 'CallExpression') {
    const s = stringMethod(n, part);
    if (s) return s;
  }
  if (n.type === 'MemberExpression') {
    // `s.match(/re/)[0]`
    const s = matchIndex(n, part);
    if (s) return s;
  }
  return stringOf(file, n, depth);
}

const regexOf = (n: Node): RegExp | undefined => {
  const u = unwrap(n);
  if (u.type !== 'Literal' || !('regex' in u) || !u.regex) return undefined;
  try {
    return new RegExp(u.regex.pattern, u.regex.flags);
  } catch {
    return undefined;
  }
};

/** `/re/.test(s) ? a : b` with `s` wholly known: the branch the test takes. */
function regexChoice(n: TSESTree.ConditionalExpression, part: (e: Node) => StaticString | undefined): StaticString | undefined {
  const test = unwrap(n.test as Node);
  if (test.type !== 'CallExpression' || test.callee.type !== 'MemberExpression' || test.arguments.length !== 1 || test.arguments[0].type === 'SpreadElement') return undefined;
  const re = regexOf(test.callee.object as Node);
  if (!re || re.global || re.sticky || test.callee.computed || test.callee.property.type !== 'Identifier' || test.callee.property.name !== 'test') return undefined;
  const subject = part(test.arguments[0] as Node);
  if (!subject?.complete) return undefined;
  const chosen = part((re.test(subject.value) ? n.consequent : n.alternate) as Node);
  return chosen ? withAssumed(chosen, subject) : undefined;
}

/** `s.replace(/re/, 'x')` and `s.replace('a', 'b')` on a wholly known string. */
export function stringMethod(n: TSESTree.CallExpression, part: (e: Node) => StaticString | undefined): StaticString | undefined {
  if (n.callee.type !== 'MemberExpression' || n.callee.computed || n.callee.property.type !== 'Identifier' || n.callee.property.name !== 'replace' || n.arguments.length !== 2) return undefined;
  const [pattern, replacement] = n.arguments;
  if (pattern.type === 'SpreadElement' || replacement.type === 'SpreadElement') return undefined;
  const subject = part(n.callee.object as Node);
  const by = unwrap(replacement as Node);
  if (!subject?.complete || by.type !== 'Literal' || typeof by.value !== 'string' || by.value.includes('$')) return undefined;
  const re = regexOf(pattern as Node);
  const lit = unwrap(pattern as Node);
  if (re) return withAssumed({ value: subject.value.replace(re, by.value), complete: true }, subject);
  if (lit.type === 'Literal' && typeof lit.value === 'string') return withAssumed({ value: subject.value.replace(lit.value, by.value), complete: true }, subject);
  return undefined;
}

/** `s.match(/re/)[0]` on a wholly known string that matches. */
function matchIndex(n: TSESTree.MemberExpression, part: (e: Node) => StaticString | undefined): StaticString | undefined {
  const index = unwrap(n.property as Node);
  const call = unwrap(n.object);
  if (!n.computed || index.type !== 'Literal' || index.value !== 0 || call.type !== 'CallExpression' || call.callee.type !== 'MemberExpression' || call.arguments.length !== 1) return undefined;
  if (call.callee.computed || call.callee.property.type !== 'Identifier' || call.callee.property.name !== 'match') return undefined;
  const re = regexOf(call.arguments[0] as Node);
  const subject = part(call.callee.object as Node);
  if (!re || re.global || !subject?.complete) return undefined;
  const m = subject.value.match(re);
  return m ? withAssumed({ value: m[0], complete: true }, subject) : undefined;
}

/** A method bound to its instance under another name: `this.get = this.request.bind(this, 'GET')`. */
export interface BoundAlias {
  /** The member bound (`request`). */
  target: string;
  /** The arguments bound in front of every call's own (`'GET'`). */
  args: Node[];
}

/** Bound aliases of `this` methods, per class (memoized on the file). */
function boundAliases(file: FileContext): Map<ClassNode, Map<string, BoundAlias>> {
  return file.cached('bindings:bound-aliases', () => {
    const out = new Map<ClassNode, Map<string, BoundAlias>>();
    if (!file.text.includes('.bind(')) return out;
    for (const a of file.nodes(T.AssignmentExpression)) {
      if (a.operator !== '=' || a.left.type !== 'MemberExpression' || unwrap(a.left.object).type !== 'ThisExpression') continue;
      const right = unwrap(a.right as Node);
      if (right.type !== 'CallExpression' || right.callee.type !== 'MemberExpression' || right.callee.computed || right.callee.property.type !== 'Identifier' || right.callee.property.name !== 'bind') continue;
      const bound = unwrap(right.callee.object);
      const first = right.arguments[0];
      if (bound.type !== 'MemberExpression' || unwrap(bound.object).type !== 'ThisExpression' || !first || unwrap(first as Node).type !== 'ThisExpression') continue;
      if (right.arguments.some((x) => x.type === 'SpreadElement')) continue;
      const alias = thisKey(a.left.property as Node, a.left.computed);
      const target = thisKey(bound.property as Node, bound.computed);
      const cls = classOfThis(file, a);
      if (alias === undefined || target === undefined || !cls) continue;
      // An alias written twice (or also written otherwise) is not one binding.
      const writes = fieldWrites(file).get(cls)?.get(alias) ?? [];
      if (writes.length !== 1) continue;
      let m = out.get(cls);
      if (!m) out.set(cls, (m = new Map()));
      m.set(alias, { target, args: right.arguments.slice(1) as Node[] });
    }
    return out;
  });
}

/** The bound alias a `this.<name>(...)` callee calls, if any. */
export function boundAliasOf(file: FileContext, callee: Node): BoundAlias | undefined {
  const c = unwrap(callee);
  if (c.type !== 'MemberExpression' || unwrap(c.object).type !== 'ThisExpression' || boundAliases(file).size === 0) return undefined;
  const key = thisKey(c.property as Node, c.computed);
  const cls = key === undefined ? undefined : classOfThis(file, c);
  return cls && key !== undefined ? boundAliases(file).get(cls)?.get(key) : undefined;
}

/** `this.<alias>(...)` calls of each alias bound to a member of the class the function `fn` is a method of. */
export function boundCallsOf(file: FileContext, cls: Node, member: string): Array<{ call: TSESTree.CallExpression; args: Node[] }> {
  const aliases = boundAliases(file).get(cls as ClassNode);
  if (!aliases) return [];
  const out: Array<{ call: TSESTree.CallExpression; args: Node[] }> = [];
  for (const call of file.nodes(T.CallExpression)) {
    const alias = boundAliasOf(file, call.callee as Node);
    if (alias?.target === member && classOfThis(file, call) === cls) out.push({ call, args: alias.args });
  }
  return out;
}

/**
 * What the first parameter of a `.then` callback receives, when the promise's value is written in the file:
 * `Promise.resolve(x).then((url) => fetch(url))`, the return of the previous `.then` callback
 * (`p.then(() => BASE + '/rooms').then((url) => ...)`), or the one return of a same-file async function or of one
 * returning a string (`buildUrl().then((url) => ...)`). Undefined otherwise.
 */
function resolvedValue(file: FileContext, id: TSESTree.Identifier): Node | undefined {
  const promise = thenPromise(file, id);
  return promise ? promisedValue(file, promise, 0) : undefined;
}

/** The promise whose `.then` callback takes the name as its first parameter (`p` of `p.then((url) => ...)`), if it is one. */
function thenPromise(file: FileContext, id: TSESTree.Identifier): Node | undefined {
  // Cheap tests first (no scope analysis): the name is the first parameter of a `.then` callback around it.
  if (!file.text.includes('.then(')) return undefined;
  const around = [...file.ancestors(id)].find((a) => isFunctionNode(a) && (a as TSESTree.FunctionLike).params.some((p) => p.type === 'Identifier' && p.name === id.name));
  const holder = around ? file.parentOf(around) : undefined;
  if (holder?.type !== 'CallExpression' || holder.callee.type !== 'MemberExpression' || memberKey(holder.callee) !== 'then') return undefined;
  const def = scopeReferences(file)?.get(id)?.resolved?.defs[0];
  if (def?.type !== 'Parameter') return undefined;
  const callback = def.node as Node;
  const first = (callback as TSESTree.FunctionLike).params?.[0];
  if (!first || first.type !== 'Identifier' || first.name !== id.name) return undefined;
  const call = file.parentOf(callback);
  if (call?.type !== 'CallExpression' || call.arguments[0] !== callback || call.callee.type !== 'MemberExpression' || call.callee.computed) return undefined;
  if (call.callee.property.type !== 'Identifier' || call.callee.property.name !== 'then') return undefined;
  return unwrap(call.callee.object);
}

/**
 * The object literal the first parameter of a `.then` callback receives, when the promise's value is an object the
 * file writes: what {@link promisedValue} reads (`Promise.resolve({...})`, a same-file async function's one return),
 * or the one `resolve({...})` of the `new Promise((resolve, reject) => ...)` a same-file function returns
 * (`makeClaims(id, name).then(function (claims) { jwt.sign(claims, key) })`). Such a function is read whatever its
 * arguments: what is wanted is the object's keys, which they do not change. Undefined otherwise.
 */
export function promisedObject(file: FileContext, id: TSESTree.Identifier): TSESTree.ObjectExpression | undefined {
  const promise = thenPromise(file, id);
  if (!promise) return undefined;
  const object = (n: Node | undefined): TSESTree.ObjectExpression | undefined => {
    const v = n ? resolveLocal(file, n) : undefined;
    return v?.type === 'ObjectExpression' ? v : undefined;
  };
  const direct = object(promisedValue(file, promise, 0));
  if (direct || promise.type !== 'CallExpression' || promise.callee.type !== 'Identifier') return direct;
  const fn = sameFileFunction(file, promise.callee);
  if (!fn) return undefined;
  if ((fn as TSESTree.FunctionLike).async) {
    const returns = file.nodes(T.ReturnStatement).filter((r) => enclosingScope(file, r) === fn);
    return returns.length === 1 ? object(returns[0].argument as Node | undefined) : undefined;
  }
  const made = returnedExpression(file, fn);
  const executor = made && unwrap(made).type === 'NewExpression' ? (unwrap(made) as TSESTree.NewExpression) : undefined;
  if (!executor || unwrap(executor.callee as Node).type !== 'Identifier' || (unwrap(executor.callee as Node) as TSESTree.Identifier).name !== 'Promise') return undefined;
  const body = executor.arguments[0] ? unwrap(executor.arguments[0] as Node) : undefined;
  const resolve = body && isFunctionNode(body) ? (body as TSESTree.FunctionLike).params[0] : undefined;
  if (!body || resolve?.type !== 'Identifier') return undefined;
  const resolves = file.nodes(T.CallExpression).filter((c) => c.callee.type === 'Identifier' && c.callee.name === resolve.name && c.range[0] >= body.range[0] && c.range[1] <= body.range[1]);
  return resolves.length === 1 && resolves[0].arguments.length === 1 ? object(resolves[0].arguments[0] as Node) : undefined;
}

function promisedValue(file: FileContext, p: Node, depth: number): Node | undefined {
  if (depth > 4 || p.type !== 'CallExpression') return undefined;
  if (dottedName(p.callee) === 'Promise.resolve') return p.arguments[0] && p.arguments[0].type !== 'SpreadElement' ? (p.arguments[0] as Node) : undefined;
  // `p.then(() => value)`: what the callback returns (not a promise of its own: a call is not followed).
  if (p.callee.type === 'MemberExpression' && !p.callee.computed && p.callee.property.type === 'Identifier' && p.callee.property.name === 'then') {
    const cb = p.arguments[0] ? unwrap(p.arguments[0] as Node) : undefined;
    if (!cb || !isFunctionNode(cb) || (cb as TSESTree.FunctionLike).async) return undefined;
    const value = returnedExpression(file, cb);
    return value && unwrap(value).type !== 'CallExpression' ? value : undefined;
  }
  // `buildUrl()`: a same-file function's one return (an async function's is what its promise resolves to).
  if (p.callee.type === 'Identifier' && p.arguments.length === 0) {
    const fn = sameFileFunction(file, p.callee);
    if (!fn) return undefined;
    const body = (fn as TSESTree.FunctionLike).body;
    if ((fn as TSESTree.FunctionLike).async && body?.type === 'BlockStatement') {
      const returns = file.nodes(T.ReturnStatement).filter((r) => enclosingScope(file, r) === fn);
      return returns.length === 1 && returns[0].argument ? (returns[0].argument as Node) : undefined;
    }
    if ((fn as TSESTree.FunctionLike).async) return body as Node;
    return returnedExpression(file, fn);
  }
  return undefined;
}

const memberKey = (m: TSESTree.MemberExpression): string | undefined => (!m.computed && m.property.type === 'Identifier' ? m.property.name : undefined);

/** How a function writes a member of its parameter before reading it: a default, an append, or anything else. */
interface MemberWrite {
  write: TSESTree.AssignmentExpression;
  kind: 'default' | 'append';
  /** The default's value (`'https://...'` of `p.url = p.url || 'https://...'`). */
  value?: Node;
}

/** `name.key` written as such (not computed). */
const isMemberOf = (n: Node, name: string, key: string): boolean => {
  const m = unwrap(n);
  return m.type === 'MemberExpression' && !m.computed && memberKey(m) === key && unwrap(m.object).type === 'Identifier' && (unwrap(m.object) as TSESTree.Identifier).name === name;
};

/** A test that holds when `name.key` is absent: `== null`, `=== undefined`, `!name.key`, `typeof ... === 'undefined'`, or several joined by `||`. */
function testsAbsent(test: Node, name: string, key: string): boolean {
  const t = unwrap(test);
  if (t.type === 'LogicalExpression' && t.operator === '||') return testsAbsent(t.left, name, key) && testsAbsent(t.right, name, key);
  if (t.type === 'UnaryExpression' && t.operator === '!') return isMemberOf(t.argument as Node, name, key);
  if (t.type !== 'BinaryExpression' || !/^(==|===)$/.test(t.operator)) return false;
  const nothing = (e: Node): boolean => {
    const u = unwrap(e);
    return (u.type === 'Literal' && u.value === null) || (u.type === 'Identifier' && u.name === 'undefined') || (u.type === 'Literal' && u.value === 'undefined');
  };
  const read = (e: Node): boolean => {
    const u = unwrap(e);
    return isMemberOf(u, name, key) || (u.type === 'UnaryExpression' && u.operator === 'typeof' && isMemberOf(u.argument as Node, name, key));
  };
  return (read(t.left as Node) && nothing(t.right)) || (read(t.right) && nothing(t.left as Node));
}

/** Whether an expression is `name.key` with text appended: `name.key + ...`, `\`${name.key}...\``. */
function startsWithMember(node: Node, name: string, key: string): boolean {
  let n = unwrap(node);
  while (n.type === 'BinaryExpression' && n.operator === '+') n = unwrap(n.left as Node);
  if (n.type === 'TemplateLiteral') {
    if ((n.quasis[0].value.cooked ?? '') !== '' || n.expressions.length === 0) return false;
    n = unwrap(n.expressions[0] as Node);
  }
  return isMemberOf(n, name, key);
}

/** What one assignment to `name.key` is: a default (under an absence test, or `||`/`??`), an append, or undefined (a replacement). */
function memberWriteOf(file: FileContext, a: TSESTree.AssignmentExpression, name: string, key: string): MemberWrite | undefined {
  if (a.operator === '||=' || a.operator === '??=') return { write: a, kind: 'default', value: a.right as Node };
  if (a.operator === '+=') return { write: a, kind: 'append' };
  if (a.operator !== '=') return undefined;
  const right = unwrap(a.right as Node);
  if (right.type === 'LogicalExpression' && (right.operator === '||' || right.operator === '??') && isMemberOf(right.left, name, key)) return { write: a, kind: 'default', value: right.right as Node };
  if (startsWithMember(right, name, key)) return { write: a, kind: 'append' };
  // `if (p.url == null || p.url == undefined) { p.url = '...'; }`: a statement of the guard's consequent.
  const statement = file.parentOf(a);
  let holder = statement?.type === 'ExpressionStatement' ? file.parentOf(statement) : undefined;
  if (holder?.type === 'BlockStatement') holder = file.parentOf(holder);
  if (holder?.type === 'IfStatement' && !holder.alternate && testsAbsent(holder.test as Node, name, key)) {
    const consequent = holder.consequent as Node;
    if (consequent === statement || (consequent.type === 'BlockStatement' && consequent.body.includes(statement as TSESTree.Statement))) return { write: a, kind: 'default', value: a.right as Node };
  }
  return undefined;
}

/**
 * Assignments to members of a function's parameters, by function and `name.key` (once per file); a parameter that
 * the function assigns again (`p = {...}`) gets an undefined entry for each of its members.
 */
function parameterMemberWrites(file: FileContext): Map<Node, Map<string, TSESTree.AssignmentExpression[]>> {
  return file.cached('bindings:parameter-member-writes', () => {
    const out = new Map<Node, Map<string, TSESTree.AssignmentExpression[]>>();
    for (const a of file.nodes(T.AssignmentExpression)) {
      const left = a.left;
      if (left.type !== 'MemberExpression' || left.computed || left.object.type !== 'Identifier') continue;
      const key = memberKey(left);
      if (key === undefined) continue;
      const fn = enclosingScope(file, a);
      if (!isFunctionNode(fn) || !(fn as TSESTree.FunctionLike).params.some((p) => p.type === 'Identifier' && p.name === (left.object as TSESTree.Identifier).name)) continue;
      const byName = out.get(fn) ?? new Map<string, TSESTree.AssignmentExpression[]>();
      const id = `${left.object.name}.${key}`;
      byName.set(id, [...(byName.get(id) ?? []), a]);
      out.set(fn, byName);
    }
    return out;
  });
}

/** The block (or program, or `case`) the statement of an expression (an assignment) is written in directly, if any. */
export function statementHolder(file: FileContext, n: Node): Node | undefined {
  const statement = file.parentOf(n);
  if (statement?.type !== 'ExpressionStatement') return undefined;
  const holder = file.parentOf(statement);
  return holder && /^(BlockStatement|Program|SwitchCase)$/.test(holder.type) ? holder : undefined;
}

const contains = (outer: Node | undefined, inner: Node): boolean => !!outer && outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];

/** Whether a write comes after a read in a loop of the function around the read (it may reach the read on the next turn). */
export function writtenLaterInLoop(file: FileContext, fn: Node, read: Node, write: Node): boolean {
  if (write.range[0] <= read.range[1]) return false;
  for (const a of file.ancestors(read)) {
    if (a === fn) return false;
    if (/^(ForStatement|ForInStatement|ForOfStatement|WhileStatement|DoWhileStatement)$/.test(a.type) && contains(a, write)) return true;
  }
  return false;
}

/** Values of the member reads one outermost {@link defaultedMemberValue} call has folded (bindings do not change within it). */
let memberMemo: Map<Node, StaticString | undefined> | undefined;

/**
 * The value `name.key` holds where a function reads it, `name` being the function's parameter, when the function
 * gives the member a default before the read (`if (p.url == null || p.url == undefined) p.url = 'https://...'`,
 * `p.url = p.url || '...'`, `p.url ??= '...'`) and then only appends to it (`p.url = p.url + '/' + p.id`). Every
 * write that can reach the read counts, in statement order: a write is passed over only when a later one always
 * follows it (written in a block that holds it, or that holds the read); where no write need have run, the value is
 * the caller's, taken at the default. Several values are folded as a choice is (the same URL; the same path with
 * an unknown query; the shared start of the path). A caller may pass its own member, so the value is assumed, and
 * read only where the project model reads assumed values. Undefined when the function replaces the member
 * otherwise, writes it after the read in a loop around it, reads it in a nested function, or gives no default.
 */
function defaultedMemberValue(file: FileContext, use: TSESTree.MemberExpression, depth: number): StaticString | undefined {
  if (!file.links?.envValue || depth > 8) return undefined;
  const key = memberKey(use);
  const object = unwrap(use.object);
  if (key === undefined || object.type !== 'Identifier') return undefined;
  const fn = enclosingScope(file, use);
  const all = parameterMemberWrites(file).get(fn)?.get(`${object.name}.${key}`);
  if (!all) return undefined;
  const outer = !memberMemo;
  const memo = (memberMemo ??= new Map());
  try {
    if (memo.has(use)) return memo.get(use);
    memo.set(use, undefined);
    const value = memberValueAt(file, use, fn, object.name, key, all, depth);
    memo.set(use, value);
    return value;
  } finally {
    if (outer) memberMemo = undefined;
  }
}

function memberValueAt(file: FileContext, use: Node, fn: Node, name: string, key: string, all: readonly TSESTree.AssignmentExpression[], depth: number): StaticString | undefined {
  // The parameter itself assigned again: its members are another object's.
  if (assignmentsTo(file, name, fn).some((a) => a.type !== 'AssignmentExpression' || unwrap((a as TSESTree.AssignmentExpression).left).type === 'Identifier')) return undefined;
  const writes: MemberWrite[] = [];
  for (const a of all) {
    const w = memberWriteOf(file, a, name, key);
    if (!w) return undefined;
    writes.push(w);
  }
  // A write after the read inside a loop around it may reach the read on the next turn.
  if (writes.some((w) => writtenLaterInLoop(file, fn, use, w.write))) return undefined;
  const before = writes.filter((w) => w.write.range[1] <= use.range[0]).sort((a, b) => a.write.range[0] - b.write.range[0]);
  const firstDefault = before.find((w) => w.kind === 'default');
  if (!firstDefault) return undefined;
  const always = (w: MemberWrite, target: Node): boolean => contains(statementHolder(file, w.write), target);
  const reaching = before.filter((w) => !before.some((later) => later.write.range[0] > w.write.range[1] && (always(later, use) || always(later, w.write))));
  const values: Array<StaticString | undefined> = [];
  // Earlier writes first, so that each later one finds the values it appends to folded already.
  for (const w of before) {
    const v = w.kind === 'default' ? stringOf(file, w.value, depth + 1) : w.write.operator === '+=' ? concatStatic(defaultedMemberValue(file, w.write.left as TSESTree.MemberExpression, depth + 1), stringOf(file, w.write.right as Node, depth + 1)) : stringOf(file, w.write.right as Node, depth + 1);
    if (reaching.includes(w)) values.push(v);
  }
  if (!reaching.some((w) => always(w, use))) values.push(stringOf(file, firstDefault.value, depth + 1));
  let merged: StaticString | undefined;
  for (const v of values) {
    if (!v) return undefined;
    merged = merged ? chosen(merged, v) : v;
    if (!merged) return undefined;
  }
  return merged ? { ...merged, assumed: merged.assumed ?? `${MEMBER_DEFAULT_REASON} \`${name}.${key}\` when a caller passes none, which a caller may pass` } : undefined;
}

const MEMBER_DEFAULT_REASON = 'the URL rests on the default the function gives';

/** Whether an assumed value's reason is {@link defaultedMemberValue}'s (a parameter's member defaulted in its function). */
export const isMemberDefaultReason = (reason: string): boolean => reason.startsWith(MEMBER_DEFAULT_REASON);

/** Two values a read may see, folded as a choice is ({@link foldConditional}): the same, the same path with an unknown query, or the shared start of the path. */
function chosen(a: StaticString, b: StaticString): StaticString | undefined {
  if (a.complete && b.complete && a.value === b.value) return a;
  const sharedPath = samePathBeforeQuery(a.value, b.value);
  if (sharedPath) return withAssumed({ value: `${sharedPath}?${UNKNOWN}`, complete: false }, a, b);
  const sharedBase = sameBase(a.value, b.value);
  return sharedBase ? withAssumed({ value: `${sharedBase}${UNKNOWN}`, complete: false }, a, b) : undefined;
}
