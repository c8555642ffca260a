/**
 * The numbers an expression may hold when a request is made (issue 26, shape 5): literals and constants, the
 * fallbacks of a value read from the incoming request (`Number(url.searchParams.get('days') || 1)`,
 * `parseInt(req.query.max) || 100`), both branches of a choice, clamps (`Math.min(x, 30)`, which a large
 * enough `x` reaches), a parameter's default and the literal arguments of its same-file calls, and what a
 * same-file helper returns for the arguments of a call (`clampInt(v, 1440, 5, 10080)`). Each value comes with
 * the node where it is written, so a finding can say which value breaks a rule. `open` says that values not
 * listed are possible too (a value read at run time): a rule is judged on the listed values only.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import { localInit, resolveLocal } from './bindings.js';
import { isFunctionNode } from './request.js';
import { parameterValues } from './wrappers.js';

/** One number an expression may hold, and where it is written. */
export interface NumberValue {
  value: number;
  at: Node;
}

export interface PossibleNumbers {
  values: NumberValue[];
  open: boolean;
}

/** What a helper's names hold at the call being read: an argument (read in the caller) or a local or default of the helper. */
type Env = ReadonlyMap<string, { node: Node; inHelper: boolean }>;

const OPEN: PossibleNumbers = { values: [], open: true };
const MAX_VALUES = 16;
const ROUNDING: Record<string, (x: number) => number> = { 'Math.trunc': Math.trunc, 'Math.floor': Math.floor, 'Math.ceil': Math.ceil, 'Math.round': Math.round };

function union(parts: readonly PossibleNumbers[]): PossibleNumbers {
  const values: NumberValue[] = [];
  for (const p of parts) for (const v of p.values) if (values.length < MAX_VALUES && !values.some((x) => x.value === v.value)) values.push(v);
  return { values, open: parts.some((p) => p.open) };
}

/** `Math.min(a, b)`: every pair of known values, and a known bound alone when the other side is open (a large enough value reaches it). */
function clamp(parts: readonly PossibleNumbers[], pick: (a: number, b: number) => number): PossibleNumbers {
  let acc = parts[0];
  for (const next of parts.slice(1)) {
    const values: NumberValue[] = [];
    for (const a of acc.values) for (const b of next.values) values.push(pick(a.value, b.value) === a.value ? a : b);
    if (acc.open) values.push(...next.values);
    if (next.open) values.push(...acc.values);
    acc = union([{ values, open: acc.open || next.open }]);
  }
  return acc;
}

/** The function a callee names in this file (a declaration or a `const f = (...) =>`), if exactly one. */
function sameFileFunction(file: FileContext, callee: Node): Node | undefined {
  const n = unwrap(callee);
  if (n.type !== 'Identifier') return undefined;
  const init = localInit(file, n);
  if (init) return isFunctionNode(unwrap(init)) ? unwrap(init) : undefined;
  const declared = file.nodes(T.FunctionDeclaration).filter((f) => f.id?.name === n.name);
  return declared.length === 1 ? declared[0] : undefined;
}

/** The expressions a function returns (an arrow's expression body, or the returns of its own body). */
export function returnedExpressions(file: FileContext, fn: Node): Node[] | undefined {
  const body = (fn as TSESTree.FunctionLike).body;
  if (!body) return undefined;
  if (body.type !== 'BlockStatement') return [body as Node];
  const out: Node[] = [];
  for (const r of file.nodes(T.ReturnStatement)) {
    if (r.range[0] < fn.range[0] || r.range[1] > fn.range[1]) continue;
    let owner: Node | undefined;
    for (const a of file.ancestors(r)) if (isFunctionNode(a)) { owner = a; break; }
    if (owner !== fn) continue;
    if (!r.argument) return undefined;
    out.push(r.argument as Node);
  }
  return out;
}

/**
 * The numbers an expression may hold. `env` gives the arguments a helper's parameters hold at the call being
 * read (its own parameters and locals are read in the same file).
 */
export function possibleNumbers(file: FileContext, node: Node, env?: Env, depth = 0): PossibleNumbers {
  if (depth > 10) return OPEN;
  const n = unwrap(node);
  const next = (c: Node, e: Env | undefined = env): PossibleNumbers => possibleNumbers(file, c, e, depth + 1);
  const literal = file.staticNumber(n);
  if (literal !== undefined && n.type !== 'Identifier') return { values: [{ value: literal, at: n }], open: false };
  switch (n.type) {
    case 'Literal':
      return typeof n.value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(n.value) ? { values: [{ value: Number(n.value), at: n }], open: false } : OPEN;
    case 'Identifier': {
      const bound = env?.get(n.name);
      if (bound) return next(bound.node, bound.inHelper ? env : undefined);
      const constant = file.staticNumber(n);
      if (constant !== undefined) return { values: [{ value: constant, at: n }], open: false };
      const init = resolveLocal(file, n);
      if (init !== n) return next(init);
      // A parameter: its default and the literal arguments of the file's calls (other callers may pass anything).
      for (const a of file.ancestors(n)) {
        if (!isFunctionNode(a)) continue;
        const values = parameterValues(file, a, n.name);
        if (values) return union([...values.map((v) => next(v.node)), OPEN]);
        if ((a as TSESTree.FunctionLike).params.some((p) => (p.type === 'AssignmentPattern' ? p.left : p).type === 'Identifier' && ((p.type === 'AssignmentPattern' ? p.left : p) as TSESTree.Identifier).name === n.name)) break;
      }
      return OPEN;
    }
    case 'LogicalExpression':
      return n.operator === '||' || n.operator === '??' ? union([next(n.left as Node), next(n.right)]) : OPEN;
    case 'ConditionalExpression':
      return union([next(n.consequent), next(n.alternate)]);
    case 'TemplateLiteral':
      // `${max}`: the number as text.
      return n.expressions.length === 1 && n.quasis.every((q) => q.value.cooked === '') ? next(n.expressions[0] as Node) : OPEN;
    case 'UnaryExpression':
      return n.operator === '+' ? next(n.argument as Node) : OPEN;
    case 'CallExpression': {
      const callee = dottedName(n.callee);
      const args = n.arguments as Node[];
      if (args.some((a) => a.type === 'SpreadElement')) return OPEN;
      // `String(max)`, `max.toString()`: the same number, as text on its way into a query (`new URLSearchParams({ max: String(max) })`).
      if (callee === 'String' && args.length === 1) return next(args[0]);
      if (args.length === 0 && n.callee.type === 'MemberExpression' && !n.callee.computed && n.callee.property.type === 'Identifier' && n.callee.property.name === 'toString') return next(n.callee.object as Node);
      if ((callee === 'Number' || callee === 'parseInt' || callee === 'parseFloat' || callee === 'Number.parseInt' || callee === 'Number.parseFloat') && args[0]) {
        const inner = next(args[0]);
        return callee.endsWith('parseInt') ? { values: inner.values.map((v) => ({ value: Math.trunc(v.value), at: v.at })), open: inner.open } : inner;
      }
      if (callee && ROUNDING[callee] && args[0]) {
        const inner = next(args[0]);
        return { values: inner.values.map((v) => ({ value: ROUNDING[callee](v.value), at: v.at })), open: inner.open };
      }
      if ((callee === 'Math.min' || callee === 'Math.max') && args.length > 0) return clamp(args.map((a) => next(a)), callee === 'Math.min' ? Math.min : Math.max);
      // A same-file helper: what its returns give with this call's arguments.
      const fn = callee && !callee.includes('.') ? sameFileFunction(file, n.callee as Node) : undefined;
      const returns = fn ? returnedExpressions(file, fn) : undefined;
      if (!fn || !returns || returns.length === 0) return OPEN;
      const helperEnv = new Map<string, { node: Node; inHelper: boolean }>();
      (fn as TSESTree.FunctionLike).params.forEach((p, i) => {
        const id = p.type === 'AssignmentPattern' ? p.left : p;
        if (id.type !== 'Identifier') return;
        if (args[i]) helperEnv.set(id.name, { node: args[i], inHelper: false });
        else if (p.type === 'AssignmentPattern') helperEnv.set(id.name, { node: p.right as Node, inHelper: true });
      });
      // Locals of the helper (`const n = Number(v)`) are read with the same binding.
      for (const d of file.nodes(T.VariableDeclarator)) {
        if (d.range[0] < fn.range[0] || d.range[1] > fn.range[1] || d.id.type !== 'Identifier' || !d.init || helperEnv.has(d.id.name)) continue;
        helperEnv.set(d.id.name, { node: d.init as Node, inHelper: true });
      }
      return union(returns.map((r) => next(r, helperEnv)));
    }
    default:
      return OPEN;
  }
}
