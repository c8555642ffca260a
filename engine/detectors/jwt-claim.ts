/**
 * `jwt-claim`: a JWT payload claim that must be an integer but is built as a string
 * (`exp: '1700000000'`, `` exp: `${t}` ``, `String(t)`, `t.toString()`, `t.toFixed()`, or a string-typed
 * expression when types are known), or a number a division leaves fractional (`Date.now() / 1000 + 3600`
 * with no rounding). Autofix to a number where that cannot change the value, `Math.floor` of the fraction.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { findProperty, memberName, propertyNames, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, DetectorContext, RawMatch } from './detector.js';
import type { JwtClaimDetection, TextEdit } from '../types.js';
import { jwtSignings, localInit, payloadObject, type JwtSigning } from './auth-support.js';
import { hasApiContext } from '../api/index.js';
import { escapeRegExp } from '../prefilter/regexp.js';
import { PLAIN_ASSIGNMENT, TO_KEY_OR_TARGET_END } from '../prefilter/gates.js';

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

/**
 * Whether a numeric claim value can hold a fraction: a `/` not wrapped in an integer function (`Date.now() / 1000`),
 * directly or through `+`, `-`, `*` and local constants. `Math.floor(...)`, `| 0`, `parseInt` and integer literals
 * are integers; a division of two literals that gives an integer (`3600 / 60`) is too. Anything else (a call, a
 * parameter, a member) is not known to be fractional and is not reported.
 */
function fractionalNumber(file: FileContext, node: Node, ctx: DetectorContext<JwtClaimDetection>, depth = 0): boolean {
  if (depth > 6 || isIntegerExpression(file, node, ctx)) return false;
  const n = unwrap(node);
  if (n.type === 'BinaryExpression') {
    if (n.operator === '/') {
      const left = file.staticNumber(n.left as Node);
      const right = file.staticNumber(n.right);
      return !(left !== undefined && right !== undefined && Number.isInteger(left / right));
    }
    if (n.operator === '+' || n.operator === '-' || n.operator === '*') {
      return fractionalNumber(file, n.left as Node, ctx, depth + 1) || fractionalNumber(file, n.right, ctx, depth + 1);
    }
    return false;
  }
  if (n.type === 'Identifier') {
    const init = localInit(file, n) ?? file.constantInit(n.name);
    return init !== undefined && fractionalNumber(file, init, ctx, depth + 1);
  }
  // `expiresIn(ttl)`: a function (of this file or an imported one) whose only return is such a number.
  if (n.type === 'CallExpression') {
    const returned = onlyReturn(file, n);
    // Another module's nodes: read without this file's types.
    return returned !== undefined && fractionalNumber(returned.file, returned.node, returned.file === file ? ctx : { ...ctx, types: undefined }, depth + 1);
  }
  return false;
}

/** The expression a called function returns, when it has one `return` (or an expression body): `{ file, node }`. */
function onlyReturn(file: FileContext, call: TSESTree.CallExpression): { file: FileContext; node: Node } | undefined {
  const callee = unwrap(call.callee as Node);
  if (callee.type !== 'Identifier') return undefined;
  const at = file.locate(callee);
  if (!at) return undefined;
  let fn = unwrap(at.node);
  if (fn.type === 'Identifier') {
    // `function expiresIn(...)` declared in the file: locate gives the name itself.
    const decl = at.file.nodes(T.FunctionDeclaration).find((f) => f.id?.name === (fn as TSESTree.Identifier).name);
    if (!decl) return undefined;
    fn = decl;
  }
  if (fn.type !== 'FunctionDeclaration' && fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') return undefined;
  if (fn.body.type !== 'BlockStatement') return { file: at.file, node: fn.body };
  const returns = fn.body.body.filter((st): st is TSESTree.ReturnStatement => st.type === 'ReturnStatement');
  // Only a body of one return at its top level (no nested returns in branches: counted by the file's return statements within).
  const all = at.file.nodes(T.ReturnStatement).filter((r) => r.range[0] >= fn.range[0] && r.range[1] <= fn.range[1]);
  return returns.length === 1 && all.length === 1 && returns[0].argument ? { file: at.file, node: returns[0].argument } : undefined;
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

/** Guest claims written as payload keys: the guest issuer (`iss`) with a subject or name. */
function guestPayload(object: TSESTree.ObjectExpression, guestClaims: readonly string[], extra: readonly string[] = []): boolean {
  const keys = new Set([...propertyNames(object), ...extra]);
  return keys.has('iss') && guestClaims.filter((k) => keys.has(k)).length >= 2;
}

/** Why a payload is a guest token (certain), or undefined when nothing says so. */
type Evidence = { confidence: 'certain' | 'likely'; reason: string } | undefined;

/** The claims a jsonwebtoken `sign(payload, key, options)` sets through its options (`issuer` -> `iss`, `subject` -> `sub`). */
function optionClaims(file: FileContext, call: TSESTree.CallExpression | TSESTree.NewExpression): string[] {
  const arg = call.type === 'CallExpression' && call.arguments[2] ? unwrap(call.arguments[2] as Node) : undefined;
  const options = arg?.type === 'Identifier' ? (localInit(file, arg) ?? file.constantInit(arg.name)) : arg;
  if (options?.type !== 'ObjectExpression') return [];
  const claim: Record<string, string> = { issuer: 'iss', subject: 'sub' };
  return propertyNames(options).flatMap((k) => (claim[k] ? [claim[k]] : []));
}

/** Whether a key is a base64-decoded secret (`Buffer.from(s, 'base64')`, also inside `new Uint8Array(...)`): how guest issuer secrets are given. */
function isBase64Key(file: FileContext, key: Node | undefined): boolean {
  if (!key) return false;
  let n = unwrap(key);
  for (let i = 0; i < 4 && n.type === 'Identifier'; i++) {
    const init: Node | undefined = localInit(file, n) ?? file.constantInit(n.name);
    if (!init) break;
    n = unwrap(init);
  }
  if (n.type === 'NewExpression' && n.arguments[0]) return isBase64Key(file, n.arguments[0] as Node);
  if (n.type !== 'CallExpression' || n.arguments.length < 2) return false;
  const encoding = file.staticString(n.arguments[1] as Node);
  return !!encoding?.complete && /^base64(url)?$/i.test(encoding.value);
}

function signingEvidence(file: FileContext, s: JwtSigning, object: TSESTree.ObjectExpression | undefined, guestClaims: readonly string[]): Evidence {
  if (isBase64Key(file, s.key)) return { confidence: 'certain', reason: 'signed with a base64-decoded issuer secret (a guest token)' };
  if (object && guestPayload(object, guestClaims, optionClaims(file, s.call))) return { confidence: 'certain', reason: 'guest claims (`iss` with `sub`/`name`)' };
  return undefined;
}

/** A file about guest tokens (the guest issuer exchange or its words) makes its JWTs guest tokens. */
function guestFileEvidence(file: FileContext): Evidence {
  return /jwt\/login|guest[-_ ]?issuer|guestissuer|requestAccessTokenFromJwt/i.test(file.text)
    ? { confidence: 'certain', reason: 'a JWT signed in a file about guest issuer tokens' }
    : undefined;
}

const claimGates = new WeakMap<JwtClaimDetection, RegExp | undefined>();

/**
 * The claim as a whole name in the text where a finding's key or assignment target is written: the name, an
 * optional closing quote (a string key, or a line continuation's `\` and line break before it), then, past
 * spaces, comments, `)` and `]`, a `:` or `=` (not `==` or `=>`). Undefined when the claim is not a plain identifier (or is
 * `Infinity`, which a number key gives).
 *
 * Soundness (the gate, {@link Detector.mayMatch}): every finding is the value of a non-shorthand property of an
 * object literal whose key's name ({@link findProperty}: an identifier, a string, a number, a substitution-free
 * template, computed or not) is the claim, or the right side of a plain `=` assignment to a member whose
 * {@link memberName} is the claim (`p.exp =`, `p['exp'] =`, `(p.exp) =`). As an identifier the claim is a whole
 * name; as a string or template its text is the whole literal's, between its quotes or backticks (or a line
 * continuation's `\` and line break); a number's name is digits or `Infinity`, never a plain identifier but that
 * one. What comes between the name and the key's `:` or the assignment's `=` is the closing quote, a computed
 * key's or member's `]`, a parenthesised target's `)`, spaces and comments. Written, as the prefilter's tokens
 * are, without escape sequences. A read (`payload.exp)`, `token.exp > now`) or a shorthand (`{ exp }`) is no
 * finding and does not pass.
 */
function claimGate(d: JwtClaimDetection): RegExp | undefined {
  if (!claimGates.has(d)) {
    const plain = /^[A-Za-z_$][\w$]*$/.test(d.claim) && d.claim !== 'Infinity';
    const quote = String.raw`(?:\\(?:\r\n|[\n\r\u2028\u2029]))*['"\x60]?`;
    claimGates.set(d, plain ? new RegExp(String.raw`(?<![\w$])${escapeRegExp(d.claim)}(?![\w$])${quote}${TO_KEY_OR_TARGET_END}(?::|${PLAIN_ASSIGNMENT})`) : undefined);
  }
  return claimGates.get(d);
}

export const jwtClaimDetector: Detector<JwtClaimDetection> = {
  kind: 'jwt-claim',
  messages: {
    claimNotInteger: 'The JWT `{{claim}}` claim is a string; guest tokens require an integer number of seconds. {{instead}}',
    claimFraction: 'The JWT `{{claim}}` claim is a division left unrounded, so it can hold a fraction; guest tokens require an integer number of seconds. {{instead}}',
  },
  tokens(detection) {
    // `iss:` catches guest-claim objects built away from the signing call; `exp` alone would match everything.
    // `createHmac`: a JWT signed by hand (auth-support's hand signings).
    return ['jwt', 'jsonwebtoken', 'jose', 'jws', 'createHmac', ...(detection.guestClaims?.includes('iss') ? ['iss:', '"iss"', "'iss'"] : [])];
  },
  mayMatch: (text, ctx) => claimGate(ctx.detection)?.test(text) ?? true,
  detect(file, ctx) {
    const { claim, guestClaims = [] } = ctx.detection;
    // Each payload with the reason it is a guest token (certain) or only a JWT in a file that calls the API
    // (likely). A session JWT of the app's own (`sub`, `name`, no guest issuer) is not a guest token.
    const payloads = new Map<TSESTree.ObjectExpression, Evidence>();
    const payloadNames = new Map<string, Evidence>();
    // Payloads a signing call of this file takes (the others are objects with guest claims, signed or not).
    const signed = new Set<TSESTree.ObjectExpression>();
    const fileEvidence = guestFileEvidence(file);
    for (const s of jwtSignings(file)) {
      const object = payloadObject(file, s.payload);
      const evidence = signingEvidence(file, s, object, guestClaims) ?? fileEvidence;
      if (object) {
        payloads.set(object, evidence);
        signed.add(object);
      }
      const p = unwrap(s.payload);
      if (p.type === 'Identifier') payloadNames.set(p.name, evidence);
    }
    if (guestClaims.length > 0) {
      for (const object of file.nodes(T.ObjectExpression)) {
        if (!payloads.has(object) && findProperty(object, claim) && guestPayload(object, guestClaims)) payloads.set(object, { confidence: 'certain', reason: 'guest claims (`iss` with `sub`/`name`)' });
      }
    }
    const apiContext = hasApiContext(file, undefined, ctx.catalog);
    const out: RawMatch[] = [];
    const report = (value: Node, evidence: Evidence, isSigned: boolean): void => {
      const form = stringForm(file, value, ctx);
      // `Date.now() / 1000 + 3600` is how most JWTs of every kind get their exp: a fraction is reported only for a
      // guest token (never on the likely tie of any JWT in a file that calls the API), and an object with guest
      // claims that no call of the file signs (a test's or a mock's claims) only in a file about guest tokens or
      // that calls the API.
      const fraction = !form && evidence !== undefined && (isSigned || fileEvidence !== undefined || apiContext) && fractionalNumber(file, value, ctx);
      if (!form && !fraction) return;
      if (evidence === undefined && !apiContext) return;
      const tie = evidence ?? { confidence: 'likely' as const, reason: 'a JWT signed in a file that calls the API, with no sign of a guest token (guest issuer claim, base64 issuer secret)' };
      // A fraction's fix rounds down: an integer `exp` is accepted on both sides of the date, and never later than meant.
      const fix = fixFor(file, value, form ?? { inner: value }, ctx);
      out.push({ node: value, messageId: form ? 'claimNotInteger' : 'claimFraction', data: { claim }, fix, confidence: tie.confidence, confidenceReason: tie.reason });
    };
    for (const [object, evidence] of payloads) {
      const prop = findProperty(object, claim);
      if (prop && !prop.shorthand) report(prop.value as Node, evidence, signed.has(object));
      // `{ sub, iss, exp }` with `const exp = Date.now() / 1000 + ttl` before it: at the variable's value, where the
      // number is made (its declaration writes `exp =`, which the gate reads). A string held so is reported at the
      // property as before; this reads fractions only.
      if (prop?.shorthand && prop.value.type === 'Identifier') {
        const init = localInit(file, prop.value) ?? file.constantInit(prop.value.name);
        if (init && !stringForm(file, init, ctx)) report(init, evidence, signed.has(object));
      }
    }
    // `payload.exp = String(t)` on a variable that is signed in this file.
    for (const assign of file.nodes(T.AssignmentExpression)) {
      const left = assign.left;
      if (assign.operator !== '=' || left.type !== 'MemberExpression' || memberName(left) !== claim) continue;
      const object = unwrap(left.object);
      if (object.type === 'Identifier' && payloadNames.has(object.name)) report(assign.right, payloadNames.get(object.name), true);
    }
    return out;
  },
};
