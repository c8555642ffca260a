/**
 * Helpers shared by the token, webhook and OAuth detectors: function-local variable resolution, imports,
 * JWT signing calls, and the maximal string expressions of a file.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, dottedName, isFunctionNode, memberName, unwrap, type FileContext, type FunctionNode, type Node } from '../parse/file-context.js';
import { promisedObject, returnedExpression, sameFileFunction } from '../api/index.js';


/** The nearest enclosing function of a node, or the program. */
export function enclosingFunction(file: FileContext, node: Node): FunctionNode | TSESTree.Program {
  for (const a of file.ancestors(node)) if (isFunctionNode(a)) return a;
  return file.ast;
}

function contains(outer: Node, inner: Node): boolean {
  return outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];
}

interface ScopedDeclarators {
  /** Declarators with an initializer and a plain identifier, by name, then by their enclosing function, in document order. */
  byName: Map<string, Map<Node, TSESTree.VariableDeclarator[]>>;
  /** Assignments to a plain identifier, by name. */
  assigned: Map<string, TSESTree.AssignmentExpression[]>;
}

/**
 * The file's declarators grouped by name and enclosing function, and its assignments by name (one index per
 * file). Looking a name up walks the use's enclosing functions, not every declarator of the name: minified
 * code declares `e` and `t` thousands of times, and a scan over all of them per use was quadratic.
 */
function scopedDeclarators(file: FileContext): ScopedDeclarators {
  return file.cached('auth-support:declarators', () => {
    const byName = new Map<string, Map<Node, TSESTree.VariableDeclarator[]>>();
    for (const decl of file.nodes(T.VariableDeclarator)) {
      if (decl.id.type !== 'Identifier' || !decl.init) continue;
      let scopes = byName.get(decl.id.name);
      if (!scopes) byName.set(decl.id.name, (scopes = new Map()));
      const scope = enclosingFunction(file, decl);
      let list = scopes.get(scope);
      if (!list) scopes.set(scope, (list = []));
      list.push(decl);
    }
    const assigned = new Map<string, TSESTree.AssignmentExpression[]>();
    for (const a of file.nodes(T.AssignmentExpression)) {
      if (a.left.type !== 'Identifier') continue;
      let list = assigned.get(a.left.name);
      if (!list) assigned.set(a.left.name, (list = []));
      list.push(a);
    }
    return { byName, assigned };
  });
}

/**
 * The initializer of the variable an identifier reads, declared in its own or an enclosing function
 * (`const`, or a `let` never assigned again), before the use. Undefined for parameters and unknowns.
 */
export function localInit(file: FileContext, ident: TSESTree.Identifier): TSESTree.Expression | undefined {
  const { byName, assigned } = scopedDeclarators(file);
  const scopes = byName.get(ident.name);
  if (!scopes) return undefined;
  // The nearest enclosing function (or the program) that declares the name before the use; within it, the
  // last such declarator. A parameter of the same name in a nearer function shadows the variable.
  let best: { decl: TSESTree.VariableDeclarator; scope: Node } | undefined;
  for (let a: Node | undefined = file.parentOf(ident); a; a = file.parentOf(a)) {
    const fn = isFunctionNode(a) ? a : undefined;
    if (!fn && a.type !== 'Program') continue;
    const decls = scopes.get(a);
    let last: TSESTree.VariableDeclarator | undefined;
    for (const decl of decls ?? []) {
      if (decl.range[0] > ident.range[0]) break;
      last = decl;
    }
    if (last) {
      best = { decl: last, scope: a };
      break;
    }
    if (fn?.params.some((p) => p.type === 'Identifier' && p.name === ident.name)) return undefined;
  }
  if (!best) return undefined;
  const kind = (file.parentOf(best.decl) as TSESTree.VariableDeclaration | undefined)?.kind;
  if (kind !== 'const') {
    const reassigned = (assigned.get(ident.name) ?? []).some((a) => contains(best!.scope, a));
    if (reassigned) return undefined;
  }
  return best.decl.init ?? undefined;
}

/** Follows identifiers through local (then file-level) constants and unwraps TS wrappers. */
export function resolveLocal(file: FileContext, node: Node, depth = 0): Node {
  let current = unwrap(node);
  for (let i = depth; i < 8 && current.type === 'Identifier'; i++) {
    const init = localInit(file, current) ?? file.constantInit(current.name);
    if (!init) break;
    current = unwrap(init);
  }
  return current;
}

/** A local name bound to a module by `import` or `require`. */
export interface ImportBinding {
  module: string;
  /** `default`, `*` (namespace / whole `require`) or the imported name. */
  imported: string;
}

/** Local names bound to imports (and `require`s) of modules accepted by `wanted`. */
export function importsOf(file: FileContext, wanted: (module: string) => boolean): Map<string, ImportBinding> {
  const out = new Map<string, ImportBinding>();
  for (const decl of file.nodes(T.ImportDeclaration)) {
    const module = String(decl.source.value);
    if (!wanted(module)) continue;
    for (const s of decl.specifiers) {
      if (s.type === 'ImportDefaultSpecifier') out.set(s.local.name, { module, imported: 'default' });
      else if (s.type === 'ImportNamespaceSpecifier') out.set(s.local.name, { module, imported: '*' });
      else {
        const imported = s.imported.type === 'Identifier' ? s.imported.name : String(s.imported.value);
        out.set(s.local.name, { module, imported });
      }
    }
  }
  for (const decl of file.nodes(T.VariableDeclarator)) {
    const init = decl.init && unwrap(decl.init);
    if (!init || init.type !== 'CallExpression' || calleeName(init) !== 'require') continue;
    const arg = init.arguments[0];
    if (!arg || arg.type !== 'Literal' || typeof arg.value !== 'string' || !wanted(arg.value)) continue;
    if (decl.id.type === 'Identifier') out.set(decl.id.name, { module: arg.value, imported: '*' });
    else if (decl.id.type === 'ObjectPattern') {
      for (const p of decl.id.properties) {
        if (p.type !== 'Property' || p.key.type !== 'Identifier' || p.value.type !== 'Identifier') continue;
        out.set(p.value.name, { module: arg.value, imported: p.key.name });
      }
    }
  }
  return out;
}

const JWT_MODULES = /^(jsonwebtoken|jose|jws|jwt-simple|njwt|jsrsasign|@panva\/jose|jwt-encode)$/;
const SIGN_FUNCTIONS = new Set(['sign', 'encode']);
/** Deno's djwt (`https://deno.land/x/djwt@v3.0.2/mod.ts`, `jsr:@zaubrik/djwt`), whose `create(header, payload, key)` signs. */
const DJWT_MODULE = /(?:^|[/:])djwt(?:@[^/]*)?(?:\/|$)/;

/**
 * Whether a text may hold a call {@link jwtSignings} finds (a text-level gate's part). Each one names, in the
 * text, a JWT module (a `JWT_MODULES` or `DJWT_MODULE` string its callee is imported from: each holds `jwt`, `jose`,
 * `jws`, `jsonwebtoken` or `jsrsasign`), an object whose dotted name ends in `jwt`, `jsonwebtoken`, `jws`, `JWT` or
 * `Jwt`, or `SignJWT`, or (a JWT signed by hand) `createHmac`: all matched here, case-insensitive (written, as the prefilter's tokens are, without
 * escape sequences). Keep in step with {@link JWT_MODULES} and {@link jwtSignings}.
 */
export function mayHaveJwtSigning(text: string): boolean {
  return JWT_SIGNING_HINT.test(text);
}

/**
 * Whether a text may hold a signing call of {@link jwtSignings} or {@link jwsSignings}: each is a call whose
 * callee's name ({@link calleeName}: an identifier, or a member's static name, written or quoted) is one of
 * `SIGN_FUNCTIONS`, a `new SignJWT(...)`, or a `createHmac(...)` (a JWT signed by hand); the text then holds that
 * name as a word not followed by `-` (written, as the prefilter's tokens are, without escape sequences). `mayHaveJwtSigning` alone
 * also takes a file that only names `jwt` (a type import, a module path).
 */
export function mayHaveSigningCall(text: string): boolean {
  return SIGNING_NAME.test(text);
}

// A callee's name is followed by what may end a callee (`(`, `?.`, `!`, `<`, `)`, a quote, white space, a comment), never
// by `-`: a comment's "sign-in" is not taken for one.
const SIGNING_NAME = new RegExp(`\\b(?:${[...SIGN_FUNCTIONS].join('|')})\\b(?!-)|SignJWT|createHmac`);

/** {@link mayHaveJwtSigning}'s pattern. A JWT signed by hand ({@link handSignings}) names `createHmac`. */
export const JWT_SIGNING_HINT = /jwt|jose|jws|jsonwebtoken|jsrsasign|createHmac/i;

/** A JWT being signed: the payload as written, the key argument and the call. */
export interface JwtSigning {
  call: TSESTree.CallExpression | TSESTree.NewExpression;
  payload: Node;
  key?: Node;
}

/** Every JWT signing call of a file (`jwt.sign(p, k)`, `sign(p, k)` from jsonwebtoken, `new SignJWT(p)...sign(k)`). */
export function jwtSignings(file: FileContext): JwtSigning[] {
  return file.cached('auth-support:jwtSignings', () => {
    const imports = importsOf(file, (m) => JWT_MODULES.test(m));
    const out: JwtSigning[] = [];
    for (const call of file.nodes(T.CallExpression)) {
      const callee = unwrap(call.callee);
      const name = calleeName(call);
      if (!name || !SIGN_FUNCTIONS.has(name) || call.arguments.length === 0) continue;
      let isJwt = false;
      if (callee.type === 'Identifier') {
        const b = imports.get(callee.name);
        isJwt = !!b && SIGN_FUNCTIONS.has(b.imported);
      } else if (callee.type === 'MemberExpression') {
        const object = unwrap(callee.object);
        if (object.type === 'Identifier' && imports.has(object.name)) isJwt = true;
        else {
          const dotted = dottedName(object);
          isJwt = dotted !== undefined && /(^|\.)(jwt|jsonwebtoken|jws|JWT|Jwt)$/.test(dotted);
        }
      }
      if (!isJwt) continue;
      out.push({ call, payload: call.arguments[0] as Node, key: call.arguments[1] as Node | undefined });
    }
    for (const ctor of file.nodes(T.NewExpression)) {
      if (calleeName(ctor) !== 'SignJWT' || ctor.arguments.length === 0) continue;
      out.push({ call: ctor, payload: ctor.arguments[0] as Node, key: signKeyOfChain(file, ctor) });
    }
    // djwt: `create(header, payload, key)` (or `djwt.create(...)` of a namespace import).
    const djwt = importsOf(file, (m) => DJWT_MODULE.test(m));
    for (const call of djwt.size > 0 ? file.nodes(T.CallExpression) : []) {
      const callee = unwrap(call.callee);
      const object = callee.type === 'MemberExpression' ? unwrap(callee.object) : undefined;
      const imported = callee.type === 'Identifier' ? djwt.get(callee.name)?.imported : object?.type === 'Identifier' && djwt.get(object.name)?.imported === '*' ? calleeName(call) : undefined;
      if (imported === 'create' && call.arguments.length >= 3 && call.arguments.every((a) => a.type !== 'SpreadElement')) out.push({ call, payload: call.arguments[1] as Node, key: call.arguments[2] as Node });
    }
    out.push(...handSignings(file));
    return out;
  });
}

/**
 * JWTs signed by hand: `createHmac('sha256', key).update(`${header}.${payload}`)` where both parts are
 * base64 encodings (`Buffer.from(JSON.stringify(p)).toString('base64url')`, `base64url(JSON.stringify(p))`,
 * a local `b64(p)`, a literal header `'eyJ...'`). The payload is what was encoded; the key, the HMAC's key.
 * An HMAC over anything else (a webhook's raw body, Stripe's `${timestamp}.${body}`) is not a JWT.
 */
function handSignings(file: FileContext): JwtSigning[] {
  const out: JwtSigning[] = [];
  for (const create of file.nodes(T.CallExpression)) {
    if (calleeName(create) !== 'createHmac' || create.arguments.length < 2) continue;
    for (const data of hmacInputs(file, create)) {
      const parts = dotJoined(resolveLocal(file, data));
      if (!parts) continue;
      const header = encodedValue(file, parts[0]);
      const payload = encodedValue(file, parts[1]);
      if (!header || !payload?.of || !isJwtHeader(file, parts[0], header)) continue;
      out.push({ call: create, payload: payload.of, key: create.arguments[1] as Node });
    }
  }
  return out;
}

/**
 * Whether the first part of a signing input is a JWT header: an `eyJ...` literal, an encoded object with
 * `alg` or `typ`, or a value named for a header (`encodedHeader`, `b64(header)`).
 */
function isJwtHeader(file: FileContext, part: Node, encoded: Encoded): boolean {
  if (encoded.literal) return true;
  const value = encoded.of && resolveLocal(file, encoded.of);
  if (value?.type === 'ObjectExpression') return value.properties.some((p) => p.type === 'Property' && ['alg', 'typ'].includes(propertyKeyName(p) ?? ''));
  const named = (n: Node): boolean => {
    const u = unwrap(n);
    return (u.type === 'Identifier' && /header/i.test(u.name)) || (u.type === 'MemberExpression' && /header/i.test(memberName(u) ?? ''));
  };
  return named(part) || (encoded.of !== undefined && named(encoded.of));
}

function propertyKeyName(p: TSESTree.Property): string | undefined {
  if (p.key.type === 'Identifier' && !p.computed) return p.key.name;
  return p.key.type === 'Literal' && typeof p.key.value === 'string' ? p.key.value : undefined;
}

/** The arguments of `.update(x)` calls made on an HMAC: chained, or on the variable that holds it. */
function hmacInputs(file: FileContext, create: TSESTree.CallExpression): Node[] {
  const starts: Node[] = [create];
  const holder = file.parentOf(create);
  if (holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier') {
    const name = holder.id.name;
    const scope = enclosingFunction(file, create);
    for (const ident of file.nodes(T.Identifier)) {
      if (ident.name === name && ident !== holder.id && contains(scope, ident)) starts.push(ident);
    }
  }
  const out: Node[] = [];
  for (const start of starts) {
    let node: Node = start;
    for (let i = 0; i < 10; i++) {
      const member = file.parentOf(node);
      const call = member && file.parentOf(member);
      if (member?.type !== 'MemberExpression' || member.object !== node || call?.type !== 'CallExpression' || call.callee !== member) break;
      if (memberName(member) === 'update' && call.arguments[0]) out.push(call.arguments[0] as Node);
      node = call;
    }
  }
  return out;
}

/** The two parts of `${a}.${b}`, `a + '.' + b` or `[a, b].join('.')`. */
function dotJoined(n: Node): [Node, Node] | undefined {
  if (n.type === 'TemplateLiteral') {
    const raws = n.quasis.map((q) => q.value.cooked);
    return n.expressions.length === 2 && raws[0] === '' && raws[1] === '.' && raws[2] === '' ? [n.expressions[0] as Node, n.expressions[1] as Node] : undefined;
  }
  if (n.type === 'BinaryExpression' && n.operator === '+') {
    const left = unwrap(n.left as Node);
    if (left.type === 'BinaryExpression' && left.operator === '+' && isDot(left.right)) return [left.left as Node, n.right];
    return undefined;
  }
  if (n.type === 'CallExpression' && calleeName(n) === 'join' && n.arguments.length === 1 && isDot(n.arguments[0] as Node)) {
    const callee = unwrap(n.callee);
    const array = callee.type === 'MemberExpression' ? unwrap(callee.object) : undefined;
    if (array?.type === 'ArrayExpression' && array.elements.length === 2 && array.elements.every((e) => e && e.type !== 'SpreadElement')) {
      return [array.elements[0] as Node, array.elements[1] as Node];
    }
  }
  return undefined;
}

function isDot(n: Node): boolean {
  const u = unwrap(n);
  return u.type === 'Literal' && u.value === '.';
}

/** A base64 encoding and the value it encodes (none for a literal: `'eyJhbGciOi...'`, a JWT header written out). */
interface Encoded {
  of?: Node;
  /** A `'eyJ...'` literal: encoded JSON written out. */
  literal?: boolean;
}

/** Names of encoding helpers (`base64url`, `b64url`, `toBase64Url`, `encodeSegment`, `base64UrlEncode`). */
const ENCODER_NAME = /base64|b64|encodeSegment|encodePart/i;

/**
 * What a base64 expression encodes: the value given to `JSON.stringify` (or to an encoding helper that
 * stringifies itself), through `Buffer.from(x).toString('base64url')`, `btoa(x)`, `.replace(...)` clean-ups
 * and local variables; an `eyJ...` string literal is an encoding of a value not written. Undefined when it
 * is not a base64 encoding.
 */
function encodedValue(file: FileContext, node: Node, depth = 0): Encoded | undefined {
  if (depth > 8) return undefined;
  const n = resolveLocal(file, node);
  if (n.type === 'Literal') return typeof n.value === 'string' && /^eyJ[\w-]*={0,2}$/.test(n.value) ? { literal: true } : undefined;
  if (n.type !== 'CallExpression') return undefined;
  const name = calleeName(n);
  const callee = unwrap(n.callee);
  const object = callee.type === 'MemberExpression' ? unwrap(callee.object) : undefined;
  const arg = n.arguments[0] as Node | undefined;
  if (name === 'toString' && object) {
    const encoding = arg && file.staticString(arg);
    if (!encoding?.complete || !/^base64(url)?$/i.test(encoding.value)) return undefined;
    const source = bufferSource(file, object, depth + 1);
    return encodedValue(file, object, depth + 1) ?? (source ? { of: source } : {});
  }
  if (name === 'replace' || name === 'replaceAll') return object && encodedValue(file, object, depth + 1);
  if (!arg) return undefined;
  const encoder = name !== undefined && (ENCODER_NAME.test(name) || (name === 'encode' && object !== undefined && ENCODER_NAME.test(file.getText(object))));
  if (name === 'btoa' || encoder) {
    const inner = resolveLocal(file, arg);
    const source = bufferSource(file, inner, depth + 1);
    if (source) return { of: source };
    // A helper that stringifies what it is given: `b64url(payload)`.
    return encodedValue(file, inner, depth + 1) ?? (name === 'btoa' ? undefined : { of: arg });
  }
  // A helper of the file whose one returned expression encodes its first parameter (`const encode = (part) =>
  // Buffer.from(JSON.stringify(part)).toString('base64url')`): what it encodes is the call's argument.
  const helper = callee.type === 'Identifier' ? sameFileFunction(file, callee) : undefined;
  const param = helper ? (helper as FunctionNode).params[0] : undefined;
  const returned = helper && param?.type === 'Identifier' ? returnedExpression(file, helper) : undefined;
  const inner = returned ? encodedValue(file, returned, depth + 1) : undefined;
  if (inner?.of && param?.type === 'Identifier') {
    const of = unwrap(inner.of);
    if (of.type === 'Identifier' && of.name === param.name) return { of: arg };
  }
  return undefined;
}

/** In `Buffer.from(JSON.stringify(p))` (or `Buffer.from(...)` around it), `p`. */
function bufferSource(file: FileContext, node: Node, depth: number): Node | undefined {
  const n = resolveLocal(file, node);
  if (n.type !== 'CallExpression' || depth > 8) return undefined;
  const name = calleeName(n);
  const arg = n.arguments[0] as Node | undefined;
  if (!arg) return undefined;
  if (name === 'stringify') return arg;
  if (name === 'from') return bufferSource(file, arg, depth + 1);
  return undefined;
}

/** In `new SignJWT(p).setX().sign(key)`, the `key`. */
function signKeyOfChain(file: FileContext, start: Node): Node | undefined {
  let node: Node = start;
  for (let i = 0; i < 20; i++) {
    const parent = file.parentOf(node);
    if (!parent) return undefined;
    if (parent.type === 'MemberExpression' && parent.object === node) {
      const call = file.parentOf(parent);
      if (!call || call.type !== 'CallExpression' || call.callee !== parent) return undefined;
      if (memberName(parent) === 'sign') return call.arguments[0] as Node | undefined;
      node = call;
      continue;
    }
    if (parent.type === 'AwaitExpression' || parent.type === 'ChainExpression' || parent.type === 'TSNonNullExpression') {
      node = parent;
      continue;
    }
    return undefined;
  }
  return undefined;
}

/** A jsrsasign signing: `KJUR.jws.JWS.sign(alg, header, payload, key)`. */
export interface JwsSigning {
  call: TSESTree.CallExpression;
  alg?: Node;
  header?: Node;
  payload: Node;
  key?: Node;
}

/**
 * Every jsrsasign JWS signing of a file: a call `sign` whose callee is a member chain ending in `JWS.sign`
 * (`KJUR.jws.JWS.sign`, `jsrsasign.KJUR.jws.JWS.sign`, `rs.KJUR.jws.JWS.sign`, a destructured `JWS.sign`),
 * non-computed, with its four arguments (alg, header, payload, key). The text then holds `JWS` and `sign`.
 */
export function jwsSignings(file: FileContext): JwsSigning[] {
  return file.cached('auth-support:jwsSignings', () => {
    const out: JwsSigning[] = [];
    for (const call of file.nodes(T.CallExpression)) {
      const callee = unwrap(call.callee);
      if (callee.type !== 'MemberExpression' || callee.computed || memberName(callee) !== 'sign' || call.arguments.length < 3) continue;
      const object = unwrap(callee.object);
      const last = object.type === 'Identifier' ? object.name : object.type === 'MemberExpression' && !object.computed ? memberName(object) : undefined;
      if (last !== 'JWS') continue;
      const [alg, header, payload, key] = call.arguments as Node[];
      out.push({ call, alg, header, payload, key });
    }
    return out;
  });
}

/** The object literal a JWT payload expression is (followed through local variables), if any. */
export function payloadObject(file: FileContext, payload: Node): TSESTree.ObjectExpression | undefined {
  const resolved = resolveLocal(file, payload);
  if (resolved.type === 'ObjectExpression') return resolved;
  // `makeClaims(...).then(function (payload) { jwt.sign(payload, key) })`: the object the promise resolves to.
  return resolved.type === 'Identifier' ? promisedObject(file, resolved) : undefined;
}

/** Whether a node is a string-building expression inside another one (part of a template or a `+`). */
function isStringPart(file: FileContext, node: Node): boolean {
  const parent = file.parentOf(node);
  if (!parent) return false;
  if (parent.type === 'TemplateLiteral') return true;
  if (parent.type === 'BinaryExpression' && parent.operator === '+') return true;
  return false;
}

/**
 * The outermost string expressions of a file: string literals, templates and `+` chains that are not
 * themselves part of a larger template or concatenation. Tagged templates and type positions are skipped.
 */
export function outerStringExpressions(file: FileContext): Node[] {
  return file.cached('auth-support:outerStrings', () => {
    const out: Node[] = [];
    const consider = (node: Node): void => {
      if (isStringPart(file, node)) return;
      const parent = file.parentOf(node);
      if (parent?.type === 'TaggedTemplateExpression' || parent?.type === 'TSLiteralType' || parent?.type === 'ImportDeclaration') return;
      if (parent?.type === 'Property' && parent.key === node && !parent.computed) return;
      out.push(node);
    };
    for (const n of file.nodes(T.Literal)) if (typeof n.value === 'string') consider(n);
    for (const n of file.nodes(T.TemplateLiteral)) consider(n);
    for (const n of file.nodes(T.BinaryExpression)) if (n.operator === '+') consider(n);
    return out.sort((a, b) => a.range[0] - b.range[0]);
  });
}

/** Whether the string expression is a route definition of a server framework (`app.post('/x', handler)`). */
export function isRouteDefinition(file: FileContext, node: Node): boolean {
  const parent = file.parentOf(node);
  if (!parent || parent.type !== 'CallExpression' || parent.arguments[0] !== node) return false;
  const callee = unwrap(parent.callee);
  if (callee.type !== 'MemberExpression') return false;
  const method = memberName(callee);
  if (!method || !/^(get|post|put|patch|delete|all|use|route|options|head)$/i.test(method)) return false;
  const object = dottedName(callee.object);
  if (!object) return false;
  const last = object.split('.').pop()!;
  // A handler argument after the path is what makes it a route (axios.post(url, body) has an object body).
  const handler = parent.arguments.slice(1).some((a) => a.type === 'ArrowFunctionExpression' || a.type === 'FunctionExpression');
  // `api` is as often an HTTP client (`const api = axios.create(...)`) as a router: only a handler makes it a route.
  return /^(app|router|server|fastify|route|routes|r)$/i.test(last) || handler;
}
