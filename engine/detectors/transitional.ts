/**
 * Transitional forms shared by the detectors (engine/fix/timing.ts picks the form for the day): an
 * expression `E` whose final form is `E'` (the same expression with the new name, code or casing) is
 * written before the date as `E' ?? E` (a read that takes the new value when present) or `E || E'` /
 * `E && E'` (a test that accepts both). Such a pair is recognised as migrated, and contracted to `E'` from
 * the date on, so applying the transitional fix and later the contraction equals applying the final fix once.
 * Only side-effect-free operands are duplicated (`a.b['c']`, not `get()['c']`).
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type { FileContext, Node } from '../parse/file-context.js';
import type { TextEdit } from '../types.js';

/** The operator joining a transitional pair: `??` for reads, `||` for tests that accept both, `&&` for tests that reject both. */
export type EitherOperator = '??' | '||' | '&&';

/** Whether evaluating the expression twice is the same as once: names, literals, `this` and member reads of those. */
export function isPure(node: Node, depth = 0): boolean {
  if (depth > 12) return false;
  switch (node.type) {
    case 'Identifier':
    case 'ThisExpression':
    case 'Literal':
      return true;
    case 'TemplateLiteral':
      return node.expressions.length === 0;
    case 'MemberExpression':
      return isPure(node.object as Node, depth + 1) && (!node.computed || isPure(node.property as Node, depth + 1));
    case 'ChainExpression':
    case 'TSNonNullExpression':
    case 'TSAsExpression':
      return isPure(node.expression as Node, depth + 1);
    default:
      return false;
  }
}

/** The source text of `node` with `edit` (inside it) applied. */
export function textWithEdit(file: FileContext, node: Node, edit: TextEdit): string {
  const [start, end] = node.range;
  return file.text.slice(start, edit.range[0]) + edit.text + file.text.slice(edit.range[1], end);
}

/** The expression as a whole: an optional chain's `ChainExpression` rather than its inner member. */
export function wholeExpression(file: FileContext, node: Node): Node {
  const parent = file.parentOf(node);
  return parent?.type === 'ChainExpression' ? parent : node;
}

/**
 * Whether a logical expression put in place of `node` needs parentheses: everywhere except positions that
 * take any expression (an initialiser, the right of `=`, an argument, a property value, a return value, a
 * test of `if`/`while`, an arrow body, ...).
 */
export function needsParens(file: FileContext, node: Node, op?: EitherOperator): boolean {
  const parent = file.parentOf(node);
  if (!parent) return false;
  switch (parent.type) {
    case 'LogicalExpression':
      // `E || x` -> `E || E' || x` reads as `(E || E') || x`: the pair stays together without parentheses.
      return !(op !== undefined && parent.operator === op && parent.left === node);
    case 'VariableDeclarator':
      return parent.init !== node;
    case 'AssignmentExpression':
      return parent.right !== node;
    case 'Property':
      return parent.value !== node;
    case 'CallExpression':
    case 'NewExpression':
      return !parent.arguments.includes(node as TSESTree.CallExpressionArgument);
    case 'ReturnStatement':
    case 'ExpressionStatement':
    case 'ArrayExpression':
    case 'TemplateLiteral':
    case 'SpreadElement':
    case 'ThrowStatement':
      return false;
    case 'IfStatement':
    case 'WhileStatement':
    case 'DoWhileStatement':
      return parent.test !== node;
    case 'ConditionalExpression':
      return false;
    case 'ArrowFunctionExpression':
      return parent.body !== node;
    default:
      return true;
  }
}

/** Whether `(` and `)` enclose the node directly (not the parentheses of a call, `if` or arrow parameter list). */
function isParenthesized(file: FileContext, node: Node): boolean {
  const text = file.text;
  let i = node.range[0] - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  let j = node.range[1];
  while (j < text.length && /\s/.test(text[j])) j++;
  if (text[i] !== '(' || text[j] !== ')') return false;
  const parent = file.parentOf(node);
  if (!parent) return true;
  if ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.arguments.length === 1 && parent.arguments[0] === node) return false;
  if ((parent.type === 'IfStatement' || parent.type === 'WhileStatement' || parent.type === 'DoWhileStatement') && parent.test === node) return false;
  if (parent.type === 'SwitchStatement' && parent.discriminant === node) return false;
  return true;
}

/**
 * The transitional form of `expr` (whose final form is `final`, its text): `final ?? expr` for `??`,
 * `expr || final` / `expr && final` for tests; parenthesised where the position needs it.
 */
export function eitherEdit(file: FileContext, expr: Node, final: string, op: EitherOperator): TextEdit {
  const own = file.text.slice(expr.range[0], expr.range[1]);
  const pair = op === '??' ? `${final} ?? ${own}` : `${own} ${op} ${final}`;
  return { range: [expr.range[0], expr.range[1]], text: needsParens(file, expr, op) ? `(${pair})` : pair };
}

/** A TypeScript cast or non-null assertion around an expression (`x as T`, `x satisfies T`, `<T>x`, `x!`). */
function isCast(node: Node): node is Node & { expression: TSESTree.Expression } {
  return node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression' || node.type === 'TSTypeAssertion' || node.type === 'TSNonNullExpression';
}

const normalise = (s: string): string => s.replace(/"/g, "'").replace(/\s+/g, ' ').trim();

/**
 * When `expr` is one side of a transitional pair (`partner op expr` or `expr op partner`, with `partner`
 * reading as `final`), the edit contracting the pair to `final`: it replaces the pair (with the parentheses
 * the transitional form added) by the final text. Undefined when `expr` is not in such a pair.
 */
export function contractEdit(file: FileContext, expr: Node, final: string, ops: readonly EitherOperator[]): TextEdit | undefined {
  // A TypeScript cast on either side (`(h['x'] as string) ?? (h['X'] as unknown as string)`) belongs to that side:
  // the pair is compared on what is cast, and the contraction keeps the partner's own cast.
  let side = expr;
  for (let up = file.parentOf(side); up && isCast(up) && up.expression === side; up = file.parentOf(side)) side = up;
  const pair = file.parentOf(side);
  if (pair?.type !== 'LogicalExpression' || !ops.includes(pair.operator as EitherOperator)) return undefined;
  const partner = (pair.left === side ? pair.right : pair.left) as Node;
  let read = partner;
  while (isCast(read)) read = read.expression as Node;
  if (normalise(file.text.slice(read.range[0], read.range[1])) !== normalise(final)) return undefined;
  const cast = read !== partner;
  const partnerText = file.text.slice(partner.range[0], partner.range[1]);
  // Parentheses the transitional form needed go with it; a pair in a position that never needed them keeps the user's own.
  if (isParenthesized(file, pair) && needsParens(file, pair, pair.operator as EitherOperator)) {
    const text = file.text;
    let i = pair.range[0] - 1;
    while (/\s/.test(text[i])) i--;
    let j = pair.range[1];
    while (/\s/.test(text[j])) j++;
    // A cast keeps its parentheses wherever the pair's were needed (`(x as T).y`).
    return { range: [i, j + 1], text: cast ? `(${partnerText})` : partnerText };
  }
  return { range: [pair.range[0], pair.range[1]], text: partnerText };
}
