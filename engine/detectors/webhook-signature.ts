/**
 * `webhook-signature`: webhook signature verification done in a way that fails or is weak. An HMAC counts
 * as verification only where the signature header is handled: its enclosing function names one of the
 * signature headers, or the file does and the function is about a signature. Checks:
 * `raw-body` (HMAC over `JSON.stringify(...)`), `sha1` (HMAC-SHA1), `compare` (`===`/`==` on the signature).
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, findProperty, memberName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, RawMatch } from './detector.js';
import type { WebhookSignatureDetection } from '../types.js';
import { enclosingFunction, localInit } from './auth-support.js';
import { calledFunction, returnedExpression, stringOf } from '../api/index.js';
import { importersOfModule } from '../project/context.js';
import { projectOf } from '../project/modules.js';
import { escapeRegExp as escape } from '../prefilter/regexp.js';
import { objectToken } from '../prefilter/prefilter.js';

/** An HMAC computation: the `createHmac(alg, key)` call and the `update`/`digest` calls made on it. */
interface Hmac {
  create: TSESTree.CallExpression;
  algorithm?: Node;
  updates: Node[];
  digests: TSESTree.CallExpression[];
}

/** Follows a call chain upwards: `createHmac().update(x).digest()` -> the calls on the created object. */
function chainCalls(file: FileContext, start: Node): TSESTree.CallExpression[] {
  const calls: TSESTree.CallExpression[] = [];
  let node: Node = start;
  for (let i = 0; i < 10; i++) {
    const member = file.parentOf(node);
    if (!member || member.type !== 'MemberExpression' || member.object !== node) break;
    const call = file.parentOf(member);
    if (!call || call.type !== 'CallExpression' || call.callee !== member) break;
    calls.push(call);
    node = call;
  }
  return calls;
}

function hmacs(file: FileContext): Hmac[] {
  return file.cached('webhook-signature:hmacs', () => {
    const out: Hmac[] = [];
    for (const create of file.nodes(T.CallExpression)) {
      if (calleeName(create) !== 'createHmac') continue;
      const calls = [...chainCalls(file, create)];
      // `const h = createHmac(...); h.update(x); h.digest()`, or `const s = createHmac(...).update(x); s.digest()`.
      const parent = file.parentOf(calls.at(-1) ?? create);
      if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') {
        const name = parent.id.name;
        const scope = enclosingFunction(file, create);
        for (const ident of file.nodes(T.Identifier)) {
          if (ident.name !== name || ident === parent.id || ident.range[0] < scope.range[0] || ident.range[1] > scope.range[1]) continue;
          calls.push(...chainCalls(file, ident));
        }
      }
      const updates: Node[] = [];
      const digests: TSESTree.CallExpression[] = [];
      for (const call of calls) {
        const name = calleeName(call);
        // An Hmac is also a stream: `hmac.write(x); hmac.end(); hmac.read()` is `update(x)` and `digest()`.
        if ((name === 'update' || name === 'write') && call.arguments[0]) updates.push(call.arguments[0] as Node);
        if (name === 'digest' || (name === 'read' && call.arguments.length === 0)) digests.push(call);
      }
      out.push({ create, algorithm: create.arguments[0] as Node | undefined, updates, digests });
    }
    return out;
  });
}

/**
 * A keyed hash written without HMAC: `createHash(alg).update(body + secret).digest()` (or a template of both): the
 * secret concatenated with the signed text, a MAC by another name. Only what {@link hmacs} reads, a digest over a
 * concatenation (an event id hashed from the body alone is none), and only where {@link verifiesHere} holds.
 */
function keyedHashes(file: FileContext): Hmac[] {
  return file.cached('webhook-signature:keyed-hashes', () => {
    const out: Hmac[] = [];
    for (const create of file.nodes(T.CallExpression)) {
      if (calleeName(create) !== 'createHash' || !create.arguments[0]) continue;
      const updates: Node[] = [];
      const digests: TSESTree.CallExpression[] = [];
      for (const call of chainCalls(file, create)) {
        const name = calleeName(call);
        if (name === 'update' && call.arguments[0]) updates.push(call.arguments[0] as Node);
        if (name === 'digest') digests.push(call);
      }
      if (digests.length === 0 || !updates.some((u) => concatenatedParts(u).length >= 2)) continue;
      out.push({ create, algorithm: create.arguments[0] as Node, updates, digests });
    }
    return out;
  });
}

/** The non-literal parts of a concatenation (`body + secret`, `` `${body}${secret}` ``); none for anything else. */
function concatenatedParts(node: Node): Node[] {
  const n = unwrap(node);
  if (n.type === 'TemplateLiteral') return n.expressions.map((e) => e as Node);
  if (n.type !== 'BinaryExpression' || n.operator !== '+') return [];
  const leaves = (x: Node): Node[] => {
    const u = unwrap(x);
    if (u.type === 'BinaryExpression' && u.operator === '+') return [...leaves(u.left as Node), ...leaves(u.right)];
    return u.type === 'Literal' ? [] : [u];
  };
  return leaves(n);
}

/**
 * Whether the function around a node handles the signature header itself: names it, reads it under a folded name,
 * or its callers in this file hand it the header's value. Stricter than {@link isVerification}: a module holding
 * many services' verifiers names this platform's header in one of them only.
 */
function verifiesHere(file: FileContext, node: Node, headers: readonly string[]): boolean {
  const fn = enclosingFunction(file, node);
  if (fn.type === 'Program') return false;
  if (mentionsHeader(file.getText(fn), headers)) return true;
  if (foldedHeaderReads(file, headers).some((r) => contains(fn, r))) return true;
  return headerParams(file, fn, headers).size > 0;
}

/**
 * The re-serialisation a part of a keyed hash's text holds: {@link stringifyOf}, or a `const` whose value falls back
 * to it (`const body = rawBody || JSON.stringify(payload)`, where the callers pass no raw body): at the fallback.
 */
function reserialisedPart(file: FileContext, part: Node): Node | undefined {
  const direct = stringifyOf(file, part);
  if (direct) return direct;
  const n = unwrap(part);
  const init = n.type === 'Identifier' ? localInit(file, n) : undefined;
  const value = init ? unwrap(init) : n;
  if (value.type !== 'LogicalExpression' || value.operator === '&&') return undefined;
  return stringifyOf(file, value.right as Node);
}

/** Whether code around a node is webhook signature verification. */
function isVerification(file: FileContext, node: Node, headers: readonly string[]): boolean {
  const fn = enclosingFunction(file, node);
  const text = file.getText(fn).toLowerCase();
  if (mentionsHeader(text, headers)) return true;
  if (foldedHeaderReads(file, headers).some((r) => r.range[0] >= fn.range[0] && r.range[1] <= fn.range[1])) return true;
  // The function's words: its text, or its own name (`export const validateWebhook = async (v7, v8, v9) => ...`),
  // which renaming its locals and parameters leaves.
  if (mentionsHeader(file.text, headers) && (/signature|webhook|verif/.test(text) || /signature|webhook|verif/i.test(nameOfFunction(file, fn) ?? ''))) return true;
  // Whatever its words: this file calls it with the header's value (`v30(body, secret, req.headers.get('x-spark-signature'))`).
  return headerParams(file, fn, headers).size > 0;
}

/**
 * The parameters of a function of this file that its calls in this file give a signature header's value
 * (`const sig = req.headers.get('x-spark-signature'); await check(body, secret, sig)` -> `check`'s third
 * parameter), whatever the function and its parameters are called. Memoized per function.
 */
function headerParams(file: FileContext, fn: Node, headers: readonly string[]): ReadonlySet<string> {
  if (fn.type === 'Program' || headers.length === 0) return new Set();
  return file.cached(`webhook:header-params:${headers.join(',')}:${fn.range[0]}`, () => {
    const out = new Set<string>();
    const name = nameOfFunction(file, fn);
    if (!name) return out;
    const params = (fn as TSESTree.FunctionLike).params;
    for (const call of file.nodes(T.CallExpression)) {
      const callee = unwrap(call.callee as Node);
      if (callee.type !== 'Identifier' || callee.name !== name || contains(fn, call)) continue;
      if (calledFunction(file, call)?.fn !== fn) continue;
      call.arguments.forEach((arg, i) => {
        const param = params[i];
        if (arg.type === 'SpreadElement' || param?.type !== 'Identifier') return;
        // Depth 2: a caller's own parameters are not followed again (no cycle between two functions).
        if (isSignatureValue(file, arg as Node, new Set(), headers, 2)) out.add(param.name);
      });
    }
    return out;
  });
}

/** Whether a text holds one of the signature header names (any case). */
function mentionsHeader(text: string, headers: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return headers.some((h) => lower.includes(h.toLowerCase()));
}

/** Whether a name is one of the signature header names (any case). */
const isHeaderName = (value: string, headers: readonly string[]): boolean => headers.some((h) => h.toLowerCase() === value.toLowerCase());

/** Calls that read a request header by name: `req.get(name)`, `req.header(name)`, `res.getHeader(name)`. */
const HEADER_GETTER = /^(get|header|getHeader)$/;

/**
 * Reads of a signature header whose name is not written where it is read but folds to one through a name
 * (`req.headers[SIGNATURE_HEADER]`, `req.get(config.header)`, the constant imported from another module, with
 * the project model): the file handles the header as surely as one that writes it.
 */
function foldedHeaderReads(file: FileContext, headers: readonly string[]): Node[] {
  return file.cached(`webhook:folded-header-reads:${headers.join(',')}`, () => {
    const out: Node[] = [];
    const named = (n: Node): boolean => {
      const u = unwrap(n);
      if (u.type === 'Literal' || u.type === 'TemplateLiteral') return false;
      // `req.headers[config.header()]`: a call is folded through what its function returns.
      const s = file.staticString(u) ?? (u.type === 'CallExpression' ? stringOf(file, u) : undefined);
      return !!s?.complete && isHeaderName(s.value, headers);
    };
    for (const m of file.nodes(T.MemberExpression)) if (m.computed && named(m.property as Node)) out.push(m);
    for (const c of file.nodes(T.CallExpression)) {
      const name = calleeName(c);
      if (name && HEADER_GETTER.test(name) && c.arguments[0] && c.arguments[0].type !== 'SpreadElement' && named(c.arguments[0] as Node)) out.push(c);
    }
    return out;
  });
}

/** Comparison calls, the platform's and the project's own constant-time helpers (`cryptoTimingSafeEqualStr`) included. */
const COMPARE_CALLS = /^(equals|compare|tsscmp)$|timingSafeEqual|safeCompare|secureCompare|constantTime|safeEqual/i;

/** A function that verifies a webhook signature by its name or parameters (`validateWebhook(sig, secret, body)`). */
const HELPER_NAME = /webhook|signature/i;
/** Words of this platform, and of other platforms whose webhook signatures look the same (Slack, GitHub, ...). */
const PLATFORM_WORDS = /webex|ciscospark|\bspark\b/i;
const OTHER_PLATFORMS = /slack|github|x-hub|stripe|shopify|twilio|facebook|messenger|zoom|teams\.microsoft/i;
const SIGNATURE_PARAM = /^(signature|sig|hmac|expectedSignature|xSparkSignature)$/i;

/** The name of a function node (declaration, variable, property or method). */
function nameOfFunction(file: FileContext, fn: Node): string | undefined {
  if (fn.type === 'FunctionDeclaration') return fn.id?.name;
  const holder = file.parentOf(fn);
  if (holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier') return holder.id.name;
  if ((holder?.type === 'Property' || holder?.type === 'MethodDefinition' || holder?.type === 'PropertyDefinition') && holder.key.type === 'Identifier') return holder.key.name;
  return undefined;
}

/**
 * Whether a node sits in a signature-verification helper that does not name the header itself (the caller
 * passes `req.headers['x-spark-signature']` in): named for webhooks or signatures, or taking a `signature`.
 */
function isVerificationHelper(file: FileContext, node: Node): boolean {
  const fn = enclosingFunction(file, node);
  if (fn.type === 'Program') return false;
  const name = nameOfFunction(file, fn) ?? '';
  if (OTHER_PLATFORMS.test(name) || OTHER_PLATFORMS.test(file.getText(fn))) return false;
  if (HELPER_NAME.test(name)) return true;
  if (requestVerifier(file, fn) !== undefined) return true;
  // A `signature` parameter alone is any platform's; in a file that names this platform, it is ours.
  return PLATFORM_WORDS.test(file.text) && (fn as TSESTree.FunctionLike).params.some((p) => p.type === 'Identifier' && SIGNATURE_PARAM.test(p.name));
}
const COMPARE_OPERATORS = new Set(['===', '==', '!==', '!=']);

/** A request header read in a module's text: `req.headers[...]`, `req.headers.x`, `req.get(...)`, `req.header(...)`. */
const REQUEST_HEADER_READ = /\.headers\s*(?:\[|\.[\w$]|\.get\s*\()|\.(?:get|header)\s*\(/;
/** A request body read in a module's text: `req.body`, `request.rawBody`. */
const REQUEST_BODY_READ = /\.(?:body|rawBody)\b/;

/**
 * The parameter a function compares its HMAC's digest with, when it is a request verifier whatever its names
 * (`isProperlyEncrypted(signedValue, messageBody)`): the HMAC is computed over another of its parameters (or
 * `JSON.stringify` of it) and its digest compared with this one, and a module importing it calls it and reads a
 * request's header and body, in a project of this platform (that module's text or the strings of the modules it
 * imports name it) that names no other platform there. The header's name may be configuration the repository does
 * not give (an environment variable): a likely finding, as for a helper whose caller reads the header. Memoized per
 * function; asked only for a function holding an HMAC over a parameter.
 */
function requestVerifier(file: FileContext, fn: Node): string | undefined {
  if (fn.type === 'Program' || !file.links) return undefined;
  return file.cached(`webhook:request-verifier:${fn.range[0]}`, () => {
    const params = (fn as TSESTree.FunctionLike).params.flatMap((p) => (p.type === 'Identifier' ? [p.name] : []));
    const name = nameOfFunction(file, fn);
    if (params.length < 2 || !name) return undefined;
    const paramOf = (n: Node | undefined): string | undefined => {
      const u = n ? unwrap(n) : undefined;
      return u?.type === 'Identifier' && params.includes(u.name) ? u.name : undefined;
    };
    let compared: string | undefined;
    for (const h of hmacs(file)) {
      if (!contains(fn, h.create)) continue;
      const input = h.updates.map((u) => paramOf(stringifyOf(file, u)?.arguments[0] as Node | undefined) ?? paramOf(u)).find((p) => p !== undefined);
      if (!input) continue;
      const digests = new Set<Node>(h.digests);
      for (const bin of file.nodes(T.BinaryExpression)) {
        if (!COMPARE_OPERATORS.has(bin.operator) || !contains(fn, bin)) continue;
        for (const [a, b] of [[bin.left, bin.right], [bin.right, bin.left]] as Array<[Node, Node]>) {
          const p = paramOf(b);
          if (p && p !== input && isSignatureValue(file, a, digests, [])) compared = p;
        }
      }
    }
    if (!compared) return undefined;
    const project = projectOf(file.filename);
    if (!project) return undefined;
    const call = new RegExp(`\\b${escape(name)}\\s*\\(`);
    const ours = (text: string): boolean => PLATFORM_WORDS.test(text) && !OTHER_PLATFORMS.test(text);
    const callers = importersOfModule(project, file.filename).filter((i) => call.test(i.text) && REQUEST_HEADER_READ.test(i.text) && REQUEST_BODY_READ.test(i.text));
    return callers.some((i) => !OTHER_PLATFORMS.test(i.text) && (ours(i.text) || project.importedTexts(i.file, i.text).some(ours))) ? compared : undefined;
  });
}

const contains = (outer: Node, inner: Node): boolean => outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];

/**
 * Calls of the function that returns an HMAC digest (`function sign(b) { return createHmac(...).digest('hex') }`
 * -> every `sign(x)`), so a comparison at the call site counts as one of the digest.
 */
function returningCalls(file: FileContext, digest: Node): TSESTree.CallExpression[] {
  let expr: Node = digest;
  for (let p = file.parentOf(expr); p && (p.type === 'MemberExpression' || p.type === 'CallExpression' || p.type === 'AwaitExpression'); p = file.parentOf(p)) expr = p;
  const parent = file.parentOf(expr);
  let fn: Node | undefined;
  if (parent?.type === 'ReturnStatement') fn = enclosingFunction(file, expr);
  else if (parent?.type === 'ArrowFunctionExpression' && parent.body === expr) fn = parent;
  if (!fn || fn.type === 'Program') return [];
  let name: string | undefined;
  if (fn.type === 'FunctionDeclaration') name = fn.id?.name;
  else {
    const holder = file.parentOf(fn);
    if (holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier') name = holder.id.name;
    else if ((holder?.type === 'Property' || holder?.type === 'MethodDefinition' || holder?.type === 'PropertyDefinition') && holder.key.type === 'Identifier') name = holder.key.name;
  }
  if (!name) return [];
  return file.nodes(T.CallExpression).filter((c) => calleeName(c) === name && (c.range[0] < fn!.range[0] || c.range[1] > fn!.range[1]));
}

/** The uses of a name declared by a declarator, within a scope (the declaration's own name excluded). */
function usesOf(file: FileContext, target: TSESTree.VariableDeclarator, name: string, scope: Node): Node[] {
  return file.nodes(T.Identifier).filter((use) => use.name === name && !contains(target.id, use) && use.range[0] >= scope.range[0] && use.range[1] <= scope.range[1]);
}

/**
 * The `const` declarator whose initializer is a call taking this use as an argument, directly or through other
 * calls (`const b = Buffer.from(expected, 'hex')`, `const b = Buffer.from(expected.toString())`); undefined for any
 * other place (a comparison, a `return`, a property).
 */
function derivingDeclarator(file: FileContext, use: Node): TSESTree.VariableDeclarator | undefined {
  let child: Node = use;
  for (let p = file.parentOf(use); p; child = p, p = file.parentOf(p)) {
    if (p.type === 'CallExpression' && p.arguments.includes(child as TSESTree.CallExpressionArgument)) continue;
    if (p.type === 'MemberExpression' && p.object === child) continue;
    if (p.type === 'CallExpression' && p.callee === child) continue;
    if (p.type === 'VariableDeclarator' && p.init === child && p.id.type === 'Identifier' && child.type === 'CallExpression') {
      const decl = file.parentOf(p);
      return decl?.type === 'VariableDeclaration' && decl.kind === 'const' ? p : undefined;
    }
    return undefined;
  }
  return undefined;
}

/** Whether an HMAC's digest reaches a comparison (`===`, `timingSafeEqual`, ...): verification, not signing. */
function isCompared(file: FileContext, h: Hmac): boolean {
  const uses: Node[] = [];
  for (const digest of h.digests) {
    uses.push(digest, ...returningCalls(file, digest));
    let holder: Node | undefined = file.parentOf(digest);
    while (holder && (holder.type === 'CallExpression' || holder.type === 'MemberExpression') && file.parentOf(holder)?.type !== 'VariableDeclarator') {
      holder = file.parentOf(holder);
    }
    const decl = holder && file.parentOf(holder);
    const target = holder?.type === 'VariableDeclarator' ? holder : decl?.type === 'VariableDeclarator' ? decl : undefined;
    let id: Node | null | undefined = target?.id;
    // `const [digest, signature] = [stream.digest(), Buffer.from(header, 'hex')]`: the name at the digest's place.
    if (target && id?.type === 'ArrayPattern' && holder?.type === 'ArrayExpression') {
      const index = holder.elements.findIndex((e) => e !== null && contains(e, digest));
      id = index >= 0 ? id.elements[index] : undefined;
    }
    if (target && id?.type === 'Identifier') {
      const scope = enclosingFunction(file, digest);
      const named = usesOf(file, target, id.name, scope);
      uses.push(...named);
      // The digest turned into another value first (`const b = Buffer.from(expected, 'hex')`, then
      // `timingSafeEqual(a, b)`): the uses of that variable are uses of the digest too (one step).
      for (const use of named) {
        const derived = derivingDeclarator(file, use);
        if (derived) uses.push(...usesOf(file, derived, (derived.id as TSESTree.Identifier).name, scope));
      }
    }
  }
  return uses.some((use) => comparedAt(file, use, (a) => COMPARE_CALLS.test(calleeName(a) ?? '') || calleeName(a) === 'localeCompare' || isCompareHelperCall(file, a)));
}

/**
 * Whether a value is an operand of a comparison in the expression it stands in (`x !== header`, or an argument of a
 * call `isCompareCall` accepts, at any depth), up to the statement, declaration or function around it.
 */
function comparedAt(file: FileContext, node: Node, isCompareCall: (call: TSESTree.CallExpression) => boolean): boolean {
  for (const a of file.ancestors(node)) {
    if (a.type === 'BinaryExpression' && COMPARE_OPERATORS.has(a.operator)) return true;
    if (a.type === 'CallExpression' && isCompareCall(a)) return true;
    if (a.type.endsWith('Statement') || a.type.endsWith('Declaration') || a.type.startsWith('Function') || a.type === 'ArrowFunctionExpression') break;
  }
  return false;
}

/**
 * A call of a function (of this file, or of another module with the project model) that compares by a comparison
 * call (`const v8 = (a, b) => crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b))`), whatever it is named.
 */
function isCompareHelperCall(file: FileContext, call: TSESTree.CallExpression): boolean {
  const target = calledFunction(file, call);
  if (!target) return false;
  return target.file.nodes(T.CallExpression).some((c) => contains(target.fn, c) && c !== call && COMPARE_CALLS.test(calleeName(c) ?? ''));
}

/** Whether an expression is (or names a variable holding) an HMAC digest or a signature header value. */
function isSignatureValue(file: FileContext, node: Node, digests: ReadonlySet<Node>, headers: readonly string[], depth = 0): boolean {
  if (depth > 4) return false;
  const n = unwrap(node);
  if (digests.has(n)) return true;
  if (n.type === 'AwaitExpression') return isSignatureValue(file, n.argument as Node, digests, headers, depth + 1);
  // A digest turned into text: `bufferToHex(await subtle.sign(...))`, `Buffer.from(mac).toString('hex')`,
  // `Array.from(new Uint8Array(sig)).map(...).join('')`. The parts of one expression are not a step (the walk down
  // them ends with the expression); only a name followed to its value is.
  if (digests.size > 0 && (n.type === 'CallExpression' || n.type === 'NewExpression')) {
    const callee = unwrap(n.callee as Node);
    if (n.type === 'CallExpression' && callee.type === 'MemberExpression' && isSignatureValue(file, callee.object as Node, digests, [], depth)) return true;
    if (n.arguments.some((a) => a.type !== 'SpreadElement' && isSignatureValue(file, a as Node, digests, [], depth))) return true;
  }
  // `[...new Uint8Array(sig)]`: the digest's bytes spread into an array.
  if (digests.size > 0 && n.type === 'ArrayExpression' && n.elements.some((e) => e?.type === 'SpreadElement' && isSignatureValue(file, e.argument as Node, digests, [], depth))) return true;
  if (n.type === 'MemberExpression') {
    const name = memberName(n);
    if (name && isHeaderName(name, headers)) return true;
    if (n.computed && headers.length > 0 && foldedHeaderReads(file, headers).includes(n)) return true;
  }
  if (n.type === 'CallExpression') {
    const name = calleeName(n);
    const arg = n.arguments[0] ? file.staticString(n.arguments[0] as Node) : undefined;
    if (name && HEADER_GETTER.test(name) && arg && isHeaderName(arg.value, headers)) return true;
  }
  if (n.type === 'Identifier') {
    const init = localInit(file, n);
    if (init) return isSignatureValue(file, init, digests, headers, depth + 1);
    // A parameter its callers give the header's value ({@link headerParams}).
    if (headers.length > 0 && depth < 2) {
      const fn = enclosingFunction(file, n);
      if (fn.type !== 'Program' && (fn as TSESTree.FunctionLike).params.some((p) => p.type === 'Identifier' && p.name === n.name) && headerParams(file, fn, headers).has(n.name)) return true;
    }
  }
  if (n.type === 'CallExpression' && headers.length === 0 && file.links) return returnsImportedDigest(file, n);
  return false;
}

/**
 * Whether a call runs a function of another module (with the project model) that returns an HMAC's digest
 * (`sign(req.rawBody) !== req.headers['x-spark-signature']`, `sign` imported from the module computing it).
 * Asked only of a comparison's operands.
 */
function returnsImportedDigest(file: FileContext, call: TSESTree.CallExpression): boolean {
  const target = calledFunction(file, call);
  if (!target || target.file === file) return false;
  const returned = returnedExpression(target.file, target.fn);
  if (!returned) return false;
  return hmacs(target.file).some((h) => h.digests.some((d) => d.range[0] >= returned.range[0] && d.range[1] <= returned.range[1]));
}

function isJsonStringify(node: Node): boolean {
  const n = unwrap(node);
  if (n.type !== 'CallExpression') return false;
  const callee = unwrap(n.callee);
  return callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'JSON' && memberName(callee) === 'stringify';
}

/** A name bound to `JSON.stringify` lifted into a promise or bound: `when.lift(JSON.stringify)`, `promisify(JSON.stringify)`. */
function isStringifyAlias(file: FileContext, callee: TSESTree.Identifier): boolean {
  const init = localInit(file, callee) ?? file.constantInit(callee.name);
  const n = init ? unwrap(init) : undefined;
  if (n?.type !== 'CallExpression') return false;
  const name = calleeName(n);
  const lifted = /^(lift|promisify|bind|method|try)$/.test(name ?? '') ? n.arguments[0] : undefined;
  const target = lifted && unwrap(lifted as Node);
  return target?.type === 'MemberExpression' && target.object.type === 'Identifier' && target.object.name === 'JSON' && memberName(target) === 'stringify';
}

/** For the first parameter of a `.then(fn)` callback, the promise it resolves from (`p.then((text) => ...)` -> `p`). */
function thenSource(file: FileContext, id: TSESTree.Identifier): Node | undefined {
  const fn = enclosingFunction(file, id);
  if (fn.type === 'Program') return undefined;
  const first = (fn as TSESTree.FunctionLike).params[0];
  if (first?.type !== 'Identifier' || first.name !== id.name) return undefined;
  const call = file.parentOf(fn);
  if (call?.type !== 'CallExpression' || call.arguments[0] !== fn || call.callee.type !== 'MemberExpression' || memberName(call.callee) !== 'then') return undefined;
  return call.callee.object;
}

/** The values a `let` declared without a value is assigned (`name = value`) in its function before a use. */
function letAssignments(file: FileContext, id: TSESTree.Identifier): Node[] {
  for (const a of file.ancestors(id)) {
    if (a.type !== 'BlockStatement' && a.type !== 'Program') continue;
    const declarator = (a.body as Node[]).flatMap((st) => (st.type === 'VariableDeclaration' ? st.declarations : [])).find((d) => d.id.type === 'Identifier' && d.id.name === id.name);
    if (!declarator) continue;
    if (declarator.init) return [];
    return file.nodes(T.AssignmentExpression)
      .filter((x) => x.operator === '=' && x.left.type === 'Identifier' && x.left.name === id.name && x.range[0] > a.range[0] && x.range[1] < id.range[0])
      .map((x) => x.right as Node);
  }
  return [];
}

/** The `JSON.stringify(...)` an HMAC input is (directly, inside `Buffer.from`, or through a local variable). */
function stringifyOf(file: FileContext, node: Node, depth = 0): TSESTree.CallExpression | undefined {
  if (depth > 4) return undefined;
  const n = unwrap(node);
  if (isJsonStringify(n)) return n as TSESTree.CallExpression;
  if (n.type === 'CallExpression' && (calleeName(n) === 'from' || calleeName(n) === 'encode') && n.arguments[0]) return stringifyOf(file, n.arguments[0] as Node, depth + 1);
  // `typeof body !== 'string' ? JSON.stringify(body) : body`: the object case re-serialises.
  if (n.type === 'ConditionalExpression') return stringifyOf(file, n.consequent, depth + 1) ?? stringifyOf(file, n.alternate, depth + 1);
  // `jsonStringify(body)` where `const jsonStringify = when.lift(JSON.stringify)` (or `promisify`, `bind`).
  if (n.type === 'CallExpression' && n.callee.type === 'Identifier' && isStringifyAlias(file, n.callee)) return n;
  if (n.type === 'Identifier') {
    // `promise.then((text) => hmac.update(text))`: the value the promise resolves to.
    const resolved = thenSource(file, n);
    if (resolved) return stringifyOf(file, resolved, depth + 1);
    // `let text; if (typeof body === 'object') text = stringify(body); else ...`: any assignment re-serialising.
    for (const value of letAssignments(file, n)) {
      const found = stringifyOf(file, value, depth + 1);
      if (found) return found;
    }
    const init = localInit(file, n);
    if (init) {
      const found = stringifyOf(file, init, depth + 1);
      // A conditional re-serialisation (`typeof b !== 'string' ? JSON.stringify(b) : b`) is reported where it is
      // written; otherwise at the use, so the finding points into the HMAC.
      if (found && unwrap(init).type === 'ConditionalExpression') return found;
      return found ? (n as unknown as TSESTree.CallExpression) : undefined;
    }
  }
  return undefined;
}

/** Whether an algorithm object or string names HMAC (`'HMAC'`, `{ name: 'HMAC', ... }`). */
function isHmacAlgorithm(file: FileContext, node: Node): boolean {
  let n = unwrap(node);
  if (n.type === 'Identifier') n = unwrap(localInit(file, n) ?? file.constantInit(n.name) ?? n);
  const named = n.type === 'ObjectExpression' ? (findProperty(n, 'name')?.value as Node | undefined) : n;
  const value = named && file.staticString(named);
  return !!value?.complete && value.value.toUpperCase() === 'HMAC';
}

/** `subtle.sign('HMAC', ...)` / `subtle.verify('HMAC', ...)` calls. */
function webCryptoHmacCalls(file: FileContext, names: readonly string[]): TSESTree.CallExpression[] {
  return file.nodes(T.CallExpression).filter((call) => {
    const callee = unwrap(call.callee);
    if (callee.type !== 'MemberExpression' || !names.includes(memberName(callee) ?? '')) return false;
    const object = unwrap(callee.object);
    const isSubtle = (object.type === 'MemberExpression' && memberName(object) === 'subtle') || (object.type === 'Identifier' && object.name === 'subtle');
    return isSubtle && call.arguments[0] !== undefined && isHmacAlgorithm(file, call.arguments[0] as Node);
  });
}

/**
 * crypto-js's HMAC-SHA1 calls: `hmacSHA1(message, key)` of `require('crypto-js/hmac-sha1')` (or its default
 * import), and `CryptoJS.HmacSHA1(message, key)` of `require('crypto-js')` (or its import). Only in a file whose
 * text names `crypto-js`.
 */
function cryptoJsSha1Calls(file: FileContext): TSESTree.CallExpression[] {
  if (!file.text.includes('crypto-js')) return [];
  // Asked once per name and module, not once per call.
  const bound = new Map<string, boolean>();
  const boundTo = (name: string, module: string): boolean => {
    const key = `${name}\0${module}`;
    let answer = bound.get(key);
    if (answer === undefined) {
      const n = escape(name);
      const m = escape(module);
      answer = new RegExp(`\\b${n}\\s*=\\s*require\\(\\s*['"]${m}['"]\\s*\\)|\\bimport\\s+(?:\\*\\s+as\\s+)?${n}\\s+from\\s+['"]${m}['"]`).test(file.text);
      bound.set(key, answer);
    }
    return answer;
  };
  return file.nodes(T.CallExpression).filter((call) => {
    const callee = unwrap(call.callee);
    if (callee.type === 'Identifier') return boundTo(callee.name, 'crypto-js/hmac-sha1');
    if (callee.type !== 'MemberExpression' || memberName(callee) !== 'HmacSHA1') return false;
    const object = unwrap(callee.object);
    return object.type === 'Identifier' && boundTo(object.name, 'crypto-js');
  });
}

/**
 * An HMAC stored on the request (`req.hmacSHA1 = hmacSHA1(buf.toString(), secret).toString()`, a body parser's
 * `verify(req, res, buf, encoding)` hook) that a module importing this one compares with a signature header
 * (`req.hmacSHA1 !== req.get('X-Spark-Signature')`): verification split over two files.
 */
function storedForImporterCompare(file: FileContext, call: Node, headers: readonly string[]): boolean {
  let expr: Node = call;
  for (let p = file.parentOf(expr); p && (p.type === 'MemberExpression' || p.type === 'CallExpression'); p = file.parentOf(p)) expr = p;
  const assignment = file.parentOf(expr);
  if (assignment?.type !== 'AssignmentExpression' || assignment.right !== expr || assignment.left.type !== 'MemberExpression') return false;
  const key = memberName(assignment.left);
  const target = unwrap(assignment.left.object);
  const fn = enclosingFunction(file, call);
  if (!key || target.type !== 'Identifier' || fn.type === 'Program') return false;
  const first = (fn as TSESTree.FunctionLike).params[0];
  if (first?.type !== 'Identifier' || first.name !== target.name) return false;
  const project = projectOf(file.filename);
  if (!project) return false;
  const compared = new RegExp(`\\.${escape(key)}\\s*[!=]==?|[!=]==?\\s*\\w+\\.${escape(key)}\\b`);
  return importersOfModule(project, file.filename).some((i) => mentionsHeader(i.text, headers) && compared.test(i.text));
}

/**
 * A value the name says is a computed HMAC (`req.hmacSHA1`, `digest`, `computedHmac`), compared in a file that
 * reads the signature header: the HMAC was computed elsewhere (a body parser's hook, another module).
 */
const HMAC_NAME = /hmac|digest|computedSig|expectedSig/i;
function isNamedHmac(node: Node): boolean {
  const n = unwrap(node);
  const name = n.type === 'Identifier' ? n.name : n.type === 'MemberExpression' ? memberName(n) : undefined;
  return name !== undefined && HMAC_NAME.test(name);
}

/** Whether a text names a signature header: a quoted, hyphenated name with a `signature` or `hmac` word. */
function namesSignatureHeader(text: string): boolean {
  for (const m of text.matchAll(/['"`]([A-Za-z0-9]+(?:-[A-Za-z0-9]+)+)['"`]/g)) {
    if (m[1].split('-').some((w) => /^(?:signature|hmac)$/i.test(w))) return true;
  }
  return false;
}

/**
 * Whether a verification helper in a file that names none of the platform's signature headers verifies another
 * service's deliveries: the file itself reads another signature header (`req.headers['x-hub-signature-256']`,
 * `'X-Slack-Signature'`, `'stripe-signature'`, `'X-Shopify-Hmac-Sha256'`), or every module importing it does and
 * none of them names the platform's. Otherwise the helper is taken as the platform's (likely): its caller may
 * read the platform's header.
 */
function verifiesOtherService(file: FileContext, headers: readonly string[]): boolean {
  return file.cached('webhook-signature:other-service', () => {
    if (namesSignatureHeader(file.text)) return true;
    const project = projectOf(file.filename);
    const importers = project ? importersOfModule(project, file.filename) : [];
    return importers.length > 0 && importers.every((i) => !mentionsHeader(i.text, headers) && namesSignatureHeader(i.text));
  });
}

/** Calls that put a value into an outgoing request's headers (`headers.set(name, v)`, `xhr.setRequestHeader(name, v)`). */
const HEADER_SETTERS = /^(set|append|setHeader|header|setRequestHeader)$/;

/**
 * Whether a value is put into an outgoing request: climbing through the text built around it (a template, a `+`
 * concatenation, `await`), it is a header setter's value ({@link HEADER_SETTERS}, not its name), an `Authorization`
 * property's value, or a property of a `headers` object; or it is a `const` whose every use in its function is.
 */
function sentInRequest(file: FileContext, value: Node, depth = 0): boolean {
  let node: Node = value;
  for (let p = file.parentOf(node); p; node = p, p = file.parentOf(p)) {
    if (p.type === 'TemplateLiteral' || p.type === 'AwaitExpression' || p.type === 'TSAsExpression' || p.type === 'TSNonNullExpression') continue;
    if (p.type === 'BinaryExpression' && p.operator === '+') continue;
    break;
  }
  const parent = file.parentOf(node);
  if (!parent) return false;
  if (parent.type === 'CallExpression' && parent.arguments.indexOf(node as TSESTree.CallExpressionArgument) >= 1) return HEADER_SETTERS.test(calleeName(parent) ?? '');
  if (parent.type === 'Property' && parent.value === node) {
    const key = parent.key.type === 'Identifier' ? parent.key.name : parent.key.type === 'Literal' ? String(parent.key.value) : '';
    if (/^authorization$/i.test(key)) return true;
    const object = file.parentOf(parent);
    const holder = object && file.parentOf(object);
    return holder?.type === 'Property' && holder.value === object && holder.key.type === 'Identifier' && holder.key.name === 'headers';
  }
  if (depth === 0 && parent.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier') {
    const list = file.parentOf(parent);
    if (list?.type !== 'VariableDeclaration' || list.kind !== 'const') return false;
    const uses = usesOf(file, parent, parent.id.name, enclosingFunction(file, parent));
    return uses.length > 0 && uses.every((use) => sentInRequest(file, use, depth + 1));
  }
  return false;
}

/**
 * Whether an HMAC signs this module's own outgoing requests rather than verifying a delivery: it is computed in a
 * function of this module that is not exported and takes no signature (no `signature`/`sig`/`hmac` parameter),
 * whose digest the function returns, and every call of that function in the module (there is one at least) puts
 * its value into an outgoing request ({@link sentInRequest}): `headers.set('authorization', \`Vendor ${key}:${sig}\`)`.
 * Such a digest is never compared with anything; it is a request signer of another service's API, whatever the
 * function is named (`createVendorSignature`).
 */
function signsOutgoing(file: FileContext, h: Hmac): boolean {
  const fn = enclosingFunction(file, h.create);
  if (fn.type === 'Program' || isCompared(file, h)) return false;
  const name = nameOfFunction(file, fn);
  if (!name || exported(file, fn, name)) return false;
  if ((fn as TSESTree.FunctionLike).params.some((p) => p.type === 'Identifier' && SIGNATURE_PARAM.test(p.name))) return false;
  const calls = h.digests.flatMap((d) => returningCalls(file, d));
  return calls.length > 0 && calls.every((call) => sentInRequest(file, call));
}

/** Whether a function of the module is exported (`export function`, `export const`, `export { name }`, `module.exports`/`exports.name`). */
function exported(file: FileContext, fn: Node, name: string): boolean {
  const holder = fn.type === 'FunctionDeclaration' ? fn : file.parentOf(fn);
  if (holder?.type !== 'FunctionDeclaration' && holder?.type !== 'VariableDeclarator') return true;
  const outer = holder.type === 'FunctionDeclaration' ? file.parentOf(holder) : file.parentOf(file.parentOf(holder) ?? holder);
  if (outer?.type === 'ExportNamedDeclaration' || outer?.type === 'ExportDefaultDeclaration') return true;
  if (/\bmodule\.exports\b|\bexports\.[\w$]/.test(file.text)) return true;
  if (file.nodes(T.ExportNamedDeclaration).some((e) => e.specifiers.some((x) => x.local.type === 'Identifier' && x.local.name === name))) return true;
  return file.nodes(T.ExportDefaultDeclaration).some((e) => e.declaration.type === 'Identifier' && e.declaration.name === name);
}

/** Why a match in a verification helper that does not read the header itself is likely. */
const IN_HELPER = 'an HMAC in a signature-verification helper; the signature header is read by its caller';

export const webhookSignatureDetector: Detector<WebhookSignatureDetection> = {
  kind: 'webhook-signature',
  messages: {
    reserialisedBody: 'The webhook signature HMAC is computed over a re-serialised body (`JSON.stringify`), which differs from the bytes that were signed. {{instead}}',
    sha1Signature: 'Webhook signature verified with HMAC-SHA1; a SHA-256/SHA-512 signature is delivered in `X-Webex-Signature`. {{instead}}',
    nonConstantTimeCompare: 'Webhook signature compared with `{{operator}}` instead of a constant-time comparison. {{instead}}',
  },
  // The signature headers too: a module that only compares an HMAC computed in another (a body parser's hook).
  // `subtle` only as a member access's object: it is read only as the object of `.sign`/`.verify`, the identifier
  // `subtle` or a member named `subtle` (webCryptoHmacCalls), never in a class name such as `border-subtle`.
  tokens(d) {
    return ['createHmac', 'importKey', objectToken('subtle'), 'HmacSHA1', 'hmac-sha1', ...d.headers];
  },
  detect(file, ctx) {
    const { check, headers } = ctx.detection;
    const namesHeader = mentionsHeader(file.text, headers) || foldedHeaderReads(file, headers).length > 0;
    // In a file that handles a signature header, an HMAC whose digest is compared is a verification. In a file
    // that does not, only an HMAC in a verification helper counts, and only as likely (the header is the caller's).
    const found = namesHeader
      ? hmacs(file).filter((h) => (check === 'compare' && isVerification(file, h.create, headers)) || isCompared(file, h))
      : hmacs(file).filter((h) => isVerificationHelper(file, h.create) && !signsOutgoing(file, h));
    // crypto-js's HMAC-SHA1 (`hmacSHA1(msg, key)`, `CryptoJS.HmacSHA1(msg, key)`): where the header is handled, or
    // where its result is stored on the request for a module that imports this one to compare with the header.
    const sha1: RawMatch[] = [];
    if (check === 'sha1') {
      for (const call of cryptoJsSha1Calls(file)) {
        if (namesHeader ? isVerification(file, call, headers) : storedForImporterCompare(file, call, headers)) sha1.push({ node: call, messageId: 'sha1Signature' });
        else if (!namesHeader && isVerificationHelper(file, call) && !verifiesOtherService(file, headers)) sha1.push({ node: call, messageId: 'sha1Signature', confidence: 'likely', confidenceReason: IN_HELPER });
      }
    }
    if (!namesHeader) {
      // Whether the helper verifies another service's signature reads its importers (the package's import graph):
      // asked only when the helper has something to report.
      const helperOut = detectIn(file, check, headers, found, false);
      if (helperOut.length === 0 || verifiesOtherService(file, headers)) return sha1;
      return [...sha1, ...helperOut.map((m) => ({ ...m, confidence: 'likely' as const, confidenceReason: IN_HELPER }))];
    }
    return [...sha1, ...detectIn(file, check, headers, found, true), ...keyedHashMatches(file, check, headers)];
  },
};

/**
 * A keyed hash of verification code ({@link keyedHashes}, {@link verifiesHere}) whose digest is compared: its SHA-1
 * algorithm (`sha1`), a re-serialised body among its parts (`raw-body`). Its comparison is the compare check's, as
 * for an HMAC named as one (`expectedSignature`).
 */
function keyedHashMatches(file: FileContext, check: WebhookSignatureDetection['check'], headers: readonly string[]): RawMatch[] {
  if (check === 'compare') return [];
  const out: RawMatch[] = [];
  for (const h of keyedHashes(file)) {
    if (!verifiesHere(file, h.create, headers) || !isCompared(file, h)) continue;
    if (check === 'sha1') {
      const sha1 = sha1Algorithm(file, h);
      if (sha1) out.push(sha1);
      continue;
    }
    for (const input of h.updates) {
      for (const part of concatenatedParts(input)) {
        const s = reserialisedPart(file, part);
        if (s) out.push({ node: s, messageId: 'reserialisedBody' });
      }
    }
  }
  return out;
}

/** A hash algorithm's name that is SHA-1 (`'sha1'`, `'SHA-1'`). */
const SHA1_NAME = /^sha-?1$/i;

/** The match on an HMAC's or keyed hash's algorithm when it is SHA-1, written whole. */
function sha1Algorithm(file: FileContext, h: Hmac): RawMatch | undefined {
  const alg = h.algorithm && file.staticString(h.algorithm);
  return alg?.complete && SHA1_NAME.test(alg.value) ? { node: h.algorithm!, messageId: 'sha1Signature' } : undefined;
}

function detectIn(file: FileContext, check: WebhookSignatureDetection['check'], headers: readonly string[], found: Hmac[], namesHeader: boolean): RawMatch[] {
  const out: RawMatch[] = [];
  const inScope = (n: Node): boolean => (namesHeader ? isVerification(file, n, headers) : isVerificationHelper(file, n));
  if (check === 'raw-body') {
    for (const h of found) {
      for (const input of h.updates) {
        const s = stringifyOf(file, input);
        if (s) out.push({ node: s, messageId: 'reserialisedBody' });
      }
    }
    // A helper hashing one of its parameters, handed the re-serialised body by its caller here:
    // `validateSignature(secret, sig, JSON.stringify(req.body))` where the helper (of this file or another module)
    // runs `createHmac(...).update(raw)` over that parameter and its digest is compared.
    for (const handed of stringifiedIntoHmac(file)) if (inScope(handed.call)) out.push({ node: handed.node, messageId: 'reserialisedBody' });
    // Web Crypto: `crypto.subtle.sign('HMAC', key, encoder.encode(JSON.stringify(body)))`.
    for (const call of webCryptoHmacCalls(file, ['sign', 'verify'])) {
      const data = call.arguments[calleeName(call) === 'verify' ? 3 : 2];
      const s = data && stringifyOf(file, data as Node);
      if (s && inScope(call)) out.push({ node: s, messageId: 'reserialisedBody' });
    }
  } else if (check === 'sha1') {
    for (const h of found) {
      const sha1 = sha1Algorithm(file, h);
      if (sha1) out.push(sha1);
    }
    // Web Crypto: `crypto.subtle.importKey('raw', k, { name: 'HMAC', hash: 'SHA-1' }, ...)`.
    for (const call of file.nodes(T.CallExpression)) {
      if (calleeName(call) !== 'importKey' || !inScope(call)) continue;
      for (const arg of call.arguments) {
        let object = unwrap(arg as Node);
        if (object.type === 'Identifier') object = unwrap(localInit(file, object) ?? file.constantInit(object.name) ?? object);
        if (object.type !== 'ObjectExpression' || !isHmacAlgorithm(file, object)) continue;
        const hash = findProperty(object, 'hash');
        if (!hash) continue;
        let value = unwrap(hash.value as Node);
        if (value.type === 'ObjectExpression') value = unwrap((findProperty(value, 'name')?.value as Node | undefined) ?? value);
        const name = file.staticString(value);
        if (name?.complete && SHA1_NAME.test(name.value)) out.push({ node: value, messageId: 'sha1Signature' });
      }
    }
  } else {
    const digests = new Set<Node>(found.flatMap((h) => h.digests.flatMap((d) => [d, ...returningCalls(file, d)])));
    // Web Crypto: the result of `crypto.subtle.sign('HMAC', ...)` in verification code is a digest too.
    for (const call of webCryptoHmacCalls(file, ['sign'])) if (inScope(call)) digests.add(call);
    // crypto-js: `CryptoJS.HmacSHA1(msg, key)` (and `.toString()` of it) in verification code.
    for (const call of cryptoJsSha1Calls(file)) if (inScope(call)) digests.add(call);
    for (const bin of file.nodes(T.BinaryExpression)) {
      if (!['===', '==', '!==', '!='].includes(bin.operator)) continue;
      const left = unwrap(bin.left as Node);
      const right = unwrap(bin.right);
      const literal = (n: Node): boolean => n.type === 'Literal' || (n.type === 'Identifier' && n.name === 'undefined') || n.type === 'UnaryExpression';
      if (literal(left) || literal(right)) continue;
      const sides = [left, right].filter((s) => isSignatureValue(file, s, digests, headers) || (!namesHeader && s.type === 'Identifier' && (SIGNATURE_PARAM.test(s.name) || requestVerifier(file, enclosingFunction(file, s)) === s.name)));
      // One side must be an HMAC digest of verification code; the other may be a header or a parameter.
      // Or, in a file that reads the header, one side is the header's value and the other a value named as a
      // computed HMAC (`req.hmacSHA1 !== req.get('X-Spark-Signature')`, the HMAC made in a body parser's hook).
      const hasDigest = [left, right].some((s) => isSignatureValue(file, s, digests, []))
        || (namesHeader && [left, right].some((s) => isSignatureValue(file, s, new Set(), headers)) && [left, right].some((s) => isNamedHmac(s) && !isSignatureValue(file, s, new Set(), headers)));
      if (sides.length === 0 || !hasDigest) continue;
      out.push({ node: bin, messageId: 'nonConstantTimeCompare', data: { operator: bin.operator } });
    }
    // A compare by method: `digest.localeCompare(header) == 0` (its result tested against 0, directly or through
    // a variable, or negated) and `a.equals(b)` of Buffers; neither takes constant time.
    for (const call of file.nodes(T.CallExpression)) {
      const method = calleeName(call);
      if (method !== 'localeCompare' && method !== 'equals') continue;
      const callee = unwrap(call.callee);
      const other = call.arguments[0];
      if (callee.type !== 'MemberExpression' || !other || other.type === 'SpreadElement' || call.arguments.length > (method === 'equals' ? 1 : 3)) continue;
      // `Buffer.from(x, 'hex').equals(Buffer.from(y, 'hex'))`: the values the Buffers hold.
      const held = (n: Node): Node => {
        const u = unwrap(n);
        return u.type === 'CallExpression' && calleeName(u) === 'from' && u.arguments[0] && u.arguments[0].type !== 'SpreadElement' ? unwrap(u.arguments[0] as Node) : u;
      };
      const sides = [held(callee.object as Node), held(other as Node)];
      if (!sides.some((side) => isSignatureValue(file, side, digests, []))) continue;
      if (!sides.some((side) => isSignatureValue(file, side, digests, headers) || (!namesHeader && side.type === 'Identifier' && SIGNATURE_PARAM.test(side.name)))) continue;
      if (method === 'localeCompare' && !isTestedAgainstZero(file, call)) continue;
      out.push({ node: call, messageId: 'nonConstantTimeCompare', data: { operator: method } });
    }
  }
  return out;
}

/**
 * Arguments that hand a re-serialised value (`JSON.stringify(...)`, inside `Buffer.from`, or a `const` holding it)
 * to a parameter a called function (of this file, or of another module with the project model) feeds to an HMAC
 * (`update(raw)`, `update(Buffer.from(raw))`) whose digest is compared there or whose result is compared here: the
 * argument, and the call for the scope test. A function that only signs (its digest sent, never compared) is none.
 */
function stringifiedIntoHmac(file: FileContext): Array<{ node: Node; call: TSESTree.CallExpression }> {
  const out: Array<{ node: Node; call: TSESTree.CallExpression }> = [];
  for (const s of file.nodes(T.CallExpression)) {
    if (!isJsonStringify(s)) continue;
    let value: Node = s;
    for (let p = file.parentOf(value); p?.type === 'CallExpression' && calleeName(p) === 'from' && p.arguments[0] === value; p = file.parentOf(p)) value = p;
    let handed: Node[] = [value];
    const holder = file.parentOf(value);
    if (holder?.type === 'VariableDeclarator' && holder.init === value && holder.id.type === 'Identifier') {
      const decl = file.parentOf(holder);
      handed = decl?.type === 'VariableDeclaration' && decl.kind === 'const' ? usesOf(file, holder, holder.id.name, enclosingFunction(file, holder)) : [];
    }
    for (const arg of handed) {
      const call = file.parentOf(arg);
      if (call?.type !== 'CallExpression' || call.callee === arg) continue;
      const index = call.arguments.indexOf(arg as TSESTree.CallExpressionArgument);
      if (index >= 0 && hashesParameter(file, call, index)) out.push({ node: arg, call });
    }
  }
  return out;
}

/** Whether the function a call runs feeds its parameter at `index` to an HMAC that is compared (there, or by this call's caller). */
function hashesParameter(file: FileContext, call: TSESTree.CallExpression, index: number): boolean {
  const target = calledFunction(file, call);
  if (!target || target.fn.type === 'Program') return false;
  const params = (target.fn as TSESTree.FunctionLike).params;
  if (params.slice(0, index).some((p) => p.type === 'RestElement')) return false;
  const param = params[index];
  const name = param?.type === 'Identifier' ? param.name : param?.type === 'AssignmentPattern' && param.left.type === 'Identifier' ? param.left.name : undefined;
  if (!name) return false;
  const isParam = (n: Node): boolean => {
    const u = unwrap(n);
    if (u.type === 'Identifier') return u.name === name;
    return u.type === 'CallExpression' && calleeName(u) === 'from' && u.arguments[0] !== undefined && isParam(u.arguments[0] as Node);
  };
  const hashed = hmacs(target.file).filter((h) => contains(target.fn, h.create) && enclosingFunction(target.file, h.create) === target.fn && h.updates.some(isParam));
  return hashed.some((h) => isCompared(target.file, h)) || (hashed.length > 0 && resultCompared(file, call));
}

/** Whether a call's value is compared where it is made (`sign(x) !== header`, `timingSafeEqual(sign(x), sig)`). */
function resultCompared(file: FileContext, call: Node): boolean {
  return comparedAt(file, call, (a) => COMPARE_CALLS.test(calleeName(a) ?? ''));
}

/** Whether a call's result is tested for 0 (`x == 0`, `0 !== x`, `!x`), directly or through the variable it is stored in. */
function isTestedAgainstZero(file: FileContext, call: Node): boolean {
  const isZero = (n: Node): boolean => {
    const u = unwrap(n);
    return u.type === 'Literal' && u.value === 0;
  };
  const tested = (n: Node): boolean => {
    const parent = file.parentOf(n);
    if (parent?.type === 'UnaryExpression' && parent.operator === '!') return true;
    return parent?.type === 'BinaryExpression' && COMPARE_OPERATORS.has(parent.operator) && (isZero(parent.left as Node) || isZero(parent.right));
  };
  if (tested(call)) return true;
  const holder = file.parentOf(call);
  if (holder?.type !== 'VariableDeclarator' || holder.id.type !== 'Identifier') return false;
  const name = holder.id.name;
  const scope = enclosingFunction(file, call);
  return file.nodes(T.Identifier).some((id) => id.name === name && id !== holder.id && id.range[0] >= scope.range[0] && id.range[1] <= scope.range[1] && tested(id));
}
