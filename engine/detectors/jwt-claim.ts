/**
 * `jwt-claim`: a JWT payload claim that must be an integer but is built as a string
 * (`exp: '1700000000'`, `` exp: `${t}` ``, `String(t)`, `t.toString()`, `t.toFixed()`, or a string-typed
 * expression when types are known). Autofix to a number where that cannot change the value.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { findProperty, memberName, propertyNames, unwrap, type FileContext, type Node } from '../ast.js';
import type { Detector, DetectorContext, RawMatch } from '../detector.js';
import type { JwtClaimDetection, TextEdit } from '../types.js';
import { jwtSignings, localInit, payloadObject } from './auth-support.js';

const INTEGER_FUNCTIONS = new Set(['floor', 'round', 'trunc', 'ceil']);

/** Whether an expression is statically an integer (so `String(e)` becomes just `e`). */
function isIntegerExpression(file: FileContext, node: Node, ctx: DetectorContext<JwtClaimDetection>, depth = 0): boolean {
  if (depth > 6) return false;
  const n = unwrap(node);
  switch (n.type) {
    case 'Literal':
      return typeof n.value === 'number' && Number.isInteger(n.value);
    case 'CallExpression': {
      const callee = unwrap(n.callee);
      if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'Math') {
        return INTEGER_FUNCTIONS.has(memberName(callee) ?? '');
      }
      if (callee.type === 'Identifier' && callee.name === 'parseInt') return true;
      if (callee.type === 'MemberExpression' && memberName(callee) === 'parseInt') return true;
      break;
    }
    case 'BinaryExpression':
      if (['|', '&', '^', '<<', '>>', '>>>'].includes(n.operator)) return true;
      if (['+', '-', '*'].includes(n.operator)) {
        return isIntegerExpression(file, n.left as Node, ctx, depth + 1) && isIntegerExpression(file, n.right, ctx, depth + 1);
      }
      break;
    case 'UnaryExpression':
      if (n.operator === '~') return true;
      if (n.operator === '-' || n.operator === '+') return isIntegerExpression(file, n.argument, ctx, depth + 1);
      break;
    case 'Identifier': {
      const init = localInit(file, n) ?? file.constantInit(n.name);
      if (init && isIntegerExpression(file, init, ctx, depth + 1)) return true;
      break;
    }
  }
  return ctx.types?.isIntegerLike?.(n) === true;
}

/** How a claim value is a string, and the expression whose number it stands for (when there is one). */
interface StringForm {
  /** The numeric expression inside `String(e)`, `${e}`, `e.toString()`, `e.toFixed(0)`. */
  inner?: Node;
  /** `toFixed(0)` rounds rather than truncates. */
  rounds?: boolean;
  /** A numeric string literal's value. */
  digits?: string;
}

function stringForm(file: FileContext, value: Node, ctx: DetectorContext<JwtClaimDetection>): StringForm | undefined {
  const n = unwrap(value);
  if (n.type === 'Literal') {
    if (typeof n.value !== 'string') return undefined;
    return /^\d+$/.test(n.value) ? { digits: n.value } : {};
  }
  if (n.type === 'TemplateLiteral') {
    if (n.expressions.length === 0) {
      const cooked = n.quasis[0].value.cooked ?? '';
      return /^\d+$/.test(cooked) ? { digits: cooked } : {};
    }
    const bare = n.expressions.length === 1 && n.quasis.every((q) => q.value.raw === '');
    return bare ? { inner: n.expressions[0] as Node } : {};
  }
  if (n.type === 'CallExpression') {
    const callee = unwrap(n.callee);
    if (callee.type === 'Identifier' && callee.name === 'String' && n.arguments.length === 1) return { inner: n.arguments[0] as Node };
    if (callee.type === 'MemberExpression') {
      const name = memberName(callee);
      const radix = n.arguments[0] ? file.staticNumber(n.arguments[0] as Node) : undefined;
      if (name === 'toString' && (n.arguments.length === 0 || radix === 10)) return { inner: callee.object };
      if (name === 'toString' && n.arguments.length > 0) return {};
      if (name === 'toFixed') {
        return n.arguments.length === 0 || radix === 0 ? { inner: callee.object, rounds: true } : {};
      }
    }
  }
  if (n.type === 'Identifier') {
    const init = localInit(file, n) ?? file.constantInit(n.name);
    // A string held in a variable: reported, never fixed (the variable may have other uses).
    if (init && stringForm(file, init, ctx)) return {};
  }
  if (ctx.types?.isStringLike(n) === true) return {};
  return undefined;
}

function fixFor(file: FileContext, value: Node, form: StringForm, ctx: DetectorContext<JwtClaimDetection>): TextEdit[] | undefined {
  if (form.digits !== undefined) {
    const n = Number(form.digits);
    return Number.isSafeInteger(n) ? [{ range: value.range, text: String(n) }] : undefined;
  }
  if (!form.inner) return undefined;
  const inner = file.getText(form.inner);
  if (isIntegerExpression(file, form.inner, ctx)) {
    // Only a comma expression needs parentheses in a property value or an assignment's right side.
    return [{ range: value.range, text: unwrap(form.inner).type === 'SequenceExpression' ? `(${inner})` : inner }];
  }
  return [{ range: value.range, text: `Math.${form.rounds ? 'round' : 'floor'}(${inner})` }];
}

function guestPayload(object: TSESTree.ObjectExpression, guestClaims: readonly string[]): boolean {
  const keys = new Set(propertyNames(object));
  return guestClaims.filter((k) => keys.has(k)).length >= 2;
}

export const jwtClaimDetector: Detector<JwtClaimDetection> = {
  kind: 'jwt-claim',
  messages: {
    claimNotInteger: 'The JWT `{{claim}}` claim is a string; guest tokens require an integer number of seconds. {{instead}}',
  },
  tokens(detection) {
    // `iss:` catches guest-claim objects built away from the signing call; `exp` alone would match everything.
    return ['jwt', 'jsonwebtoken', 'jose', 'jws', ...(detection.guestClaims?.includes('iss') ? ['iss:', '"iss"', "'iss'"] : [])];
  },
  detect(file, ctx) {
    const { claim, guestClaims = [] } = ctx.detection;
    const payloads = new Set<TSESTree.ObjectExpression>();
    const payloadNames = new Set<string>();
    for (const s of jwtSignings(file)) {
      const object = payloadObject(file, s.payload);
      if (object) payloads.add(object);
      const p = unwrap(s.payload);
      if (p.type === 'Identifier') payloadNames.add(p.name);
    }
    if (guestClaims.length > 0) {
      for (const object of file.nodes(T.ObjectExpression)) {
        if (findProperty(object, claim) && guestPayload(object, guestClaims)) payloads.add(object);
      }
    }
    const out: RawMatch[] = [];
    const report = (value: Node): void => {
      const form = stringForm(file, value, ctx);
      if (!form) return;
      out.push({ node: value, messageId: 'claimNotInteger', data: { claim }, fix: fixFor(file, value, form, ctx) });
    };
    for (const object of payloads) {
      const prop = findProperty(object, claim);
      if (prop && !prop.shorthand) report(prop.value as Node);
    }
    // `payload.exp = String(t)` on a variable that is signed in this file.
    for (const assign of file.nodes(T.AssignmentExpression)) {
      const left = assign.left;
      if (assign.operator !== '=' || left.type !== 'MemberExpression' || memberName(left) !== claim) continue;
      const object = unwrap(left.object);
      if (object.type === 'Identifier' && payloadNames.has(object.name)) report(assign.right);
    }
    return out;
  },
};
