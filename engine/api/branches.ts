/**
 * Values a call may see through the branches before it: an options variable declared with `var` in several
 * branches (hoisted: the call reads whichever declaration ran), and a name a guard around a read narrows to a few
 * values (`if (method == 'GET' || method == 'DELETE') { ... method ... }`) or that branches before it assign
 * (`if (type == 'list') method = 'GET';`). engine/api/calls.ts reads the call once
 * per value (as it reads a call in a loop once per element), each read a request the call may make.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap, type FileContext, type Node } from '../parse/file-context.js';
import { enclosingScope, localInit, resolvedVariable, statementHolder, writtenLaterInLoop } from './bindings.js';

const contains = (outer: Node | undefined, inner: Node): boolean => !!outer && outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];

/** Names a function declares with `var` more than once (once per file): only these are looked up by scope. */
function repeatedVarNames(file: FileContext): ReadonlySet<string> {
  return file.cached('branches:repeated-vars', () => {
    const seen = new Set<string>();
    const repeated = new Set<string>();
    for (const d of file.nodes(T.VariableDeclarator)) {
      const declaration = file.parentOf(d);
      if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'var' || d.id.type !== 'Identifier') continue;
      const key = `${enclosingScope(file, d).range[0]}:${d.id.name}`;
      if (seen.has(key)) repeated.add(d.id.name);
      seen.add(key);
    }
    return repeated;
  });
}

/** The block (or program, or `case`) a declaration is written in directly, if any. */
function holderOf(file: FileContext, declarator: Node): Node | undefined {
  const declaration = file.parentOf(declarator);
  const holder = declaration ? file.parentOf(declaration) : undefined;
  return holder && /^(BlockStatement|Program|SwitchCase)$/.test(holder.type) ? holder : undefined;
}

/**
 * An argument of a call that names a `var` the call's function declares more than once, each declaration with an
 * initializer, written before the call and never assigned otherwise (`if (get) { var settings = {...} } if (post) {
 * var settings = {...} } $.ajax(settings)`): the variable's first declaring identifier and the initializers that can
 * reach the call. A declaration is passed over when a later one always follows it (written in a block that holds
 * it, or that holds the call). Undefined for any other call.
 */
export function branchDeclarations(file: FileContext, call: TSESTree.CallExpression): { declared: Node; inits: Node[] } | undefined {
  const names = repeatedVarNames(file);
  if (names.size === 0) return undefined;
  const fn = enclosingScope(file, call);
  for (const arg of call.arguments) {
    const a = unwrap(arg as Node);
    if (a.type !== 'Identifier' || !names.has(a.name)) continue;
    const variable = resolvedVariable(file, a);
    const defs = variable?.defs ?? [];
    if (!variable || defs.length < 2 || defs.length > 8 || variable.references.some((r) => r.isWrite() && !r.init)) continue;
    const declarators: TSESTree.VariableDeclarator[] = [];
    for (const def of defs) {
      if (def.type !== 'Variable' || def.parent.kind !== 'var' || !def.node.init || def.node.range[1] > call.range[0] || enclosingScope(file, def.node) !== fn) break;
      declarators.push(def.node);
    }
    if (declarators.length !== defs.length) continue;
    const always = (d: Node, target: Node): boolean => contains(holderOf(file, d), target);
    const reaching = declarators.filter((d) => !declarators.some((later) => later.range[0] > d.range[1] && (always(later, call) || always(later, d))));
    return { declared: defs[0].name as Node, inits: reaching.map((d) => d.init as Node) };
  }
  return undefined;
}

/** The string literals an `==`/`===` test (or several joined by `||`) compares `name` with; undefined for any other test. */
function equalityChoices(test: Node, name: string): TSESTree.StringLiteral[] | undefined {
  const t = unwrap(test);
  if (t.type === 'LogicalExpression' && t.operator === '||') {
    const left = equalityChoices(t.left, name);
    const right = left && equalityChoices(t.right, name);
    return left && right ? [...left, ...right] : undefined;
  }
  if (t.type !== 'BinaryExpression' || (t.operator !== '==' && t.operator !== '===')) return undefined;
  const [l, r] = [unwrap(t.left as Node), unwrap(t.right)];
  const literal = l.type === 'Identifier' && l.name === name ? r : r.type === 'Identifier' && r.name === name ? l : undefined;
  return literal?.type === 'Literal' && typeof literal.value === 'string' ? [literal as TSESTree.StringLiteral] : undefined;
}

/**
 * The values a guard around a read of a name admits: the read lies in the consequent of `if (name == 'A' || name
 * == 'B')` (`===` too) of the same function, and nothing in that consequent assigns or declares the name again.
 * The nearest such guard; undefined when there is none.
 */
export function guardedValues(file: FileContext, id: TSESTree.Identifier): { within: Node; values: TSESTree.StringLiteral[] } | undefined {
  const fn = enclosingScope(file, id);
  for (let child: Node = id, up = file.parentOf(id); up && up !== fn; child = up, up = file.parentOf(up)) {
    if (up.type !== 'IfStatement' || up.consequent !== child) continue;
    const values = equalityChoices(up.test as Node, id.name);
    if (!values) continue;
    const within = child;
    const assigned =
      file.nodes(T.AssignmentExpression).some((a) => contains(within, a) && a.left.type === 'Identifier' && a.left.name === id.name) ||
      file.nodes(T.UpdateExpression).some((u) => contains(within, u) && u.argument.type === 'Identifier' && u.argument.name === id.name) ||
      file.nodes(T.VariableDeclarator).some((d) => contains(within, d) && d.id.type === 'Identifier' && d.id.name === id.name);
    return assigned ? undefined : { within, values };
  }
  return undefined;
}

/**
 * The string literals a function assigns a name in branches before a read of it (`if (type == 'list') method =
 * 'GET'; if (type == 'remove') method = 'DELETE';` then `{ method: method }`), when the name holds no value the
 * engine knows otherwise (an undeclared name, or `let method;`): every write of the name in the function is `name =
 * 'literal'`, none in a nested function or in a loop around the read after it, and the name is no parameter of the
 * function. A write is passed over when a later one always follows it (as for {@link branchDeclarations}); the read is
 * taken to see one of the values that remain (distinct values, in order). Undefined when there is none.
 */
export function assignedValues(file: FileContext, id: TSESTree.Identifier): { within: Node; values: TSESTree.StringLiteral[] } | undefined {
  const fn = enclosingScope(file, id);
  if (fn.type === 'Program' || (fn as TSESTree.FunctionLike).params.some((p) => p.type === 'Identifier' && p.name === id.name)) return undefined;
  if (localInit(file, id)) return undefined;
  if (file.nodes(T.VariableDeclarator).some((d) => d.id.type === 'Identifier' && d.id.name === id.name && d.init && contains(fn, d))) return undefined;
  if (file.nodes(T.UpdateExpression).some((u) => u.argument.type === 'Identifier' && u.argument.name === id.name && contains(fn, u))) return undefined;
  const writes = file.nodes(T.AssignmentExpression).filter((a) => a.left.type === 'Identifier' && a.left.name === id.name && contains(fn, a));
  if (writes.length === 0) return undefined;
  for (const w of writes) {
    const right = unwrap(w.right as Node);
    if (w.operator !== '=' || enclosingScope(file, w) !== fn || right.type !== 'Literal' || typeof right.value !== 'string') return undefined;
  }
  if (writes.some((w) => writtenLaterInLoop(file, fn, id, w))) return undefined;
  const before = writes.filter((w) => w.range[1] <= id.range[0]);
  const always = (w: Node, target: Node): boolean => contains(statementHolder(file, w), target);
  const reaching = before.filter((w) => !before.some((later) => later.range[0] > w.range[1] && (always(later, id) || always(later, w))));
  const values: TSESTree.StringLiteral[] = [];
  for (const w of reaching) {
    const v = unwrap(w.right as Node) as TSESTree.StringLiteral;
    if (!values.some((x) => x.value === v.value)) values.push(v);
  }
  return values.length > 0 ? { within: id, values } : undefined;
}
