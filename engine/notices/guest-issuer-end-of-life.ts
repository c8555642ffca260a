// Seed section 3 (guest issuer apps: end of life 2025-12-31, creation disabled 2026-01-21) and 5.2 (guest JWT).
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, propertyKeyName, propertyNames, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, RawMatch } from '../detectors/detector.js';
import type { CustomDetection } from '../types.js';
import { getRequests, urlHost, urlPath, valueSource } from '../api/index.js';
import { enclosingFunction, isRouteDefinition, JWT_SIGNING_HINT, jwsSignings, jwtSignings, mayHaveJwtSigning, mayHaveSigningCall, outerStringExpressions, payloadObject, resolveLocal } from '../detectors/auth-support.js';
import { passesPathGates, pathPatternGates } from '../prefilter/gates.js';
import { escapeRegExp } from '../prefilter/regexp.js';

interface Params {
  /** Claims of a guest token; a payload needs at least two of them. */
  guestClaims?: string[];
  /** API paths of the guest issuer token exchange. */
  loginPaths?: string[];
  /** SDK methods that perform the exchange (`webex.authorization.requestAccessTokenFromJwt({ jwt })`). */
  sdkMethods?: string[];
  /**
   * SDK methods that sign a guest token with the issuer secret, written with their receiver
   * (`authorization.createJwt`: `webex.authorization.createJwt({ issuer, secretId })`), so that an app's own
   * `createJwt` is not taken for it.
   */
  sdkMintMethods?: string[];
}

const params = (d: CustomDetection): Required<Params> => ({
  guestClaims: (d.params?.guestClaims as string[] | undefined) ?? ['sub', 'name', 'iss'],
  loginPaths: (d.params?.loginPaths as string[] | undefined) ?? ['/jwt/login'],
  sdkMethods: (d.params?.sdkMethods as string[] | undefined) ?? [],
  sdkMintMethods: (d.params?.sdkMintMethods as string[] | undefined) ?? [],
});

/** Whether a call's callee ends in the dotted name (`webex.authorization.createJwt` ends in `authorization.createJwt`). */
function calleeEndsWith(call: TSESTree.CallExpression, dotted: string): boolean {
  const parts = dotted.split('.');
  let node: Node = unwrap(call.callee);
  for (let i = parts.length - 1; i >= 0; i--) {
    if (node.type === 'Identifier') return i === 0 && node.name === parts[0];
    if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier' || node.property.name !== parts[i]) return false;
    node = unwrap(node.object);
  }
  return true;
}

/** Whether a key expression is a base64-decoded secret: `Buffer.from(s, 'base64')` (through local constants). */
function isBase64Secret(at: FileContext, key: Node | undefined): boolean {
  if (!key) return false;
  // Followed through imports, static fields, constructor fields and getters (`jwt.sign(claims, config.secret())`).
  let { file, node: n } = valueSource(at, resolveLocal(at, key));
  // `new Uint8Array(Buffer.from(s, 'base64'))` and similar wrappers (jose wants a Uint8Array); not `new Buffer.from(s,
  // 'base64')`, which calls `Buffer.from` as a constructor and returns the buffer it makes.
  if (n.type === 'NewExpression' && n.arguments[0] && !isBufferFrom(n)) ({ file, node: n } = valueSource(file, n.arguments[0] as Node));
  // A WebCrypto key of this file (djwt's): `await crypto.subtle.importKey('raw', bytes, ...)`, the bytes decoded from
  // base64 here by `atob` (`Uint8Array.from(atob(s), (c) => c.charCodeAt(0))`) or Deno's `decodeBase64(s)`.
  if (n.type === 'AwaitExpression') n = unwrap(n.argument as Node);
  if (file === at && n.type === 'CallExpression' && calleeName(n) === 'importKey' && n.arguments[1] && n.arguments[1].type !== 'SpreadElement') {
    const bytes = resolveLocal(at, n.arguments[1] as Node);
    const decoded = bytes.type === 'CallExpression' && calleeName(bytes) === 'from' && bytes.arguments[0] ? resolveLocal(at, bytes.arguments[0] as Node) : bytes;
    return decoded.type === 'CallExpression' && unwrap(decoded.callee).type === 'Identifier' && /^(?:atob|decodeBase64)$/.test(calleeName(decoded) ?? '');
  }
  if ((n.type !== 'CallExpression' && n.type !== 'NewExpression') || !isBufferFrom(n) || n.arguments.length < 2) return false;
  const encoding = file.staticString(n.arguments[1] as Node);
  return !!encoding?.complete && /^base64(url)?$/i.test(encoding.value);
}

/** Whether a call (or a `new` of it) calls `Buffer.from`. */
function isBufferFrom(n: TSESTree.CallExpression | TSESTree.NewExpression): boolean {
  const callee = unwrap(n.callee as Node);
  return callee.type === 'MemberExpression' && !callee.computed && calleeName(n) === 'from' && unwrap(callee.object).type === 'Identifier' && (unwrap(callee.object) as TSESTree.Identifier).name === 'Buffer';
}

/** Whether a folded URL's path ends in one of the login paths. */
function isLoginUrl(url: string, paths: readonly string[], apiHosts: readonly string[]): boolean {
  const path = url.split(/[?#]/)[0];
  // `${hydraUri}jwt/login`: a base that ends in a slash (the SDK's own `hydraUri`), the path written without one.
  if (/^\u0000+[^/\u0000]/.test(path) && paths.includes(`/${path.replace(/^\u0000+/, '')}`)) return true;
  if (!paths.some((p) => path.endsWith(p))) return false;
  const host = /^[a-z]+:\/\/([^/]+)/i.exec(path)?.[1]?.toLowerCase();
  if (host) return apiHosts.some((h) => host === h || host.endsWith(`.${h}`));
  // On an unknown base (`${base}/jwt/login`) the path must be the API's own: `/auth/jwt/login` and the like
  // are other servers' login routes (fastapi-users, NestJS samples).
  const rest = path.replace(/^\u0000+/, '').replace(/^\/v1(?=\/)/, '');
  if (path.startsWith('\u0000')) return paths.includes(rest);
  return /^\/?v1\//.test(path) && paths.includes(rest.replace(/^v1(?=\/)/, ''));
}

const loginGates = new WeakMap<CustomDetection, RegExp[][] | undefined>();

/**
 * Whether `detect` may report in a file with this text (the gate, {@link Detector.mayMatch}).
 *
 * Soundness, per kind of finding:
 * - a call whose callee ends in an `sdkMintMethods` name (`authorization.createJwt`, non-computed names):
 *   the text holds each of its names;
 * - a call named one of `sdkMethods` ({@link calleeName}: an identifier or a member's static name): the text
 *   holds it;
 * - a string, `new URL()` or request URL that {@link isLoginUrl} accepts, or a request whose folded path ends
 *   in a login path: the folded value's path ends in the login path (`path.endsWith`, or with the unknown
 *   base's `/` left out), so it matches the pattern `<login path>$` but for that first `/`, which no gate
 *   of {@link pathPatternGates} asks for (engine/prefilter/gates.ts argues why the text then passes them);
 * - a JWT signing ({@link jwtSignings}, which {@link mayHaveJwtSigning} lets through) whose key is
 *   `Buffer.from(s, 'base64')` ({@link isBase64Secret}, an identifier `Buffer`): the text holds `Buffer`; or whose
 *   key is a WebCrypto `importKey` of this file over bytes this file decodes with `atob` or `decodeBase64`
 *   (identifiers): the text holds `importKey` and one of those names.
 * - a jsrsasign signing ({@link jwsSignings}: a callee ending in the non-computed `JWS.sign`) whose key is
 *   `{ b64: s }`, `{ b64u: s }`, `{ hex: b64tohex(s) }` (non-computed keys, {@link isJwsBase64Key}) or
 *   `Buffer.from(s, 'base64')`: the text holds `JWS` and `b64` or `Buffer`.
 * Names are written, as the prefilter's tokens are, without escape sequences.
 */
function mayReport(text: string, d: CustomDetection, urls = text): boolean {
  const { loginPaths, sdkMethods, sdkMintMethods } = params(d);
  if (sdkMethods.some((m) => text.includes(m))) return true;
  if (sdkMintMethods.some((m) => m.split('.').every((name) => text.includes(name)))) return true;
  if (text.includes('Buffer') && mayHaveJwtSigning(text)) return true;
  if (text.includes('importKey') && (text.includes('atob') || text.includes('decodeBase64')) && mayHaveJwtSigning(text)) return true;
  if (text.includes('JWS') && (text.includes('b64') || text.includes('Buffer'))) return true;
  if (!loginGates.has(d)) loginGates.set(d, loginPaths.length === 0 ? [] : pathPatternGates(loginPaths.map((p) => `${escapeRegExp(p)}$`), ''));
  return passesPathGates(urls, loginGates.get(d));
}

export const guestIssuerEndOfLife: Detector<CustomDetection> = {
  kind: 'guest-issuer-end-of-life',
  messages: {
    guestTokenSigned: 'Guest token signed with a guest issuer secret; guest issuer apps reached end of life. {{instead}}',
    guestLoginCall: 'Call to the guest issuer token exchange `{{path}}`; guest issuer apps reached end of life. {{instead}}',
  },
  tokens(detection) {
    const p = params(detection);
    // `jws`: jsrsasign's `KJUR.jws.JWS.sign` (its key is `{ b64: s }`, which need not hold `base64`).
    // `importKey`: a WebCrypto key decoded by `atob`/`decodeBase64` (djwt's), which need not write `base64`.
    return ['base64', 'jws', 'importKey', ...p.loginPaths.map((path) => path.replace(/^\//, '')), ...p.sdkMethods, ...p.sdkMintMethods.map((m) => m.split('.').pop()!)];
  },
  mayMatch: (text, ctx) => mayReport(text, ctx.detection),
  gateReadsUrls: true,
  // A JWT signed in this file (a JWT library or `createHmac`, and a signing call) with a key an imported module
  // decodes (`'base64'` then in that module's strings). The signing call matters: on outline, files that only
  // name `jwt` and import something were a fifth more CPU for nothing.
  importsHoldTokensWhen: [
    { source: JWT_SIGNING_HINT.source, flags: 'i' },
    { source: String.raw`(?:\bsign|SignJWT|createHmac)\s*\(`, flags: 'i' },
  ],
  /**
   * Only the login path may come from another module (a URL constant). The callee names, `Buffer` and the JWT
   * signing ({@link jwtSignings}: a callee imported from a JWT module by this file, or a dotted name of its own)
   * are the file's own code, which the strings of imported modules never hold; the key's `'base64'` may be
   * imported (a token then found in `joined` only), and is not part of the gate. On outline, strings of imported
   * modules holding `jwt` had three files with `Buffer` parsed and their imports followed for nothing.
   */
  // A key imported from another module (`jwt.sign(claims, GUEST_SECRET)`, the module writing `Buffer.from(s,
  // 'base64')`): the file signs a JWT itself and the imported modules' strings hold the `'base64'` encoding.
  // The signing call is the file's own (a signing's callee name: `sign`, `encode`, `SignJWT`, `createHmac`): on outline an
  // OAuth router naming only `jwt` was parsed, with the modules its calls reach, because of an imported `data:...;base64,` URL.
  mayMatchJoined: (own, joined, ctx) =>
    mayReport(own, ctx.detection, joined) || (mayHaveJwtSigning(own) && mayHaveSigningCall(own) && joined.length > own.length && joined.includes('base64', own.length)),
  detect(file, ctx) {
    const { guestClaims, loginPaths, sdkMethods, sdkMintMethods } = params(ctx.detection);
    const out: RawMatch[] = [];
    for (const call of file.nodes(T.CallExpression)) {
      const name = calleeName(call);
      if (name && sdkMintMethods.some((m) => calleeEndsWith(call, m))) {
        const callee = unwrap(call.callee) as TSESTree.MemberExpression;
        out.push({ node: callee.property, messageId: 'guestTokenSigned' });
        continue;
      }
      if (!name || !sdkMethods.includes(name)) continue;
      // Point at the method name: in a chain split over lines, that is the line of the exchange.
      const callee = unwrap(call.callee);
      out.push({ node: callee.type === 'MemberExpression' ? callee.property : callee, messageId: 'guestLoginCall', data: { path: `${name}()` } });
    }
    for (const s of jwtSignings(file)) {
      if (!isBase64Secret(file, s.key)) continue;
      const object = payloadObject(file, s.payload);
      if (!object) {
        if (calleeName(s.call) === 'createHmac') out.push(...callerClaims(file, s, guestClaims));
        continue;
      }
      // Claims given as jsonwebtoken options count too: `{ issuer, subject }` set `iss` and `sub`.
      const keys = new Set([...propertyNames(object), ...optionClaims(file, s.call)]);
      if (guestClaims.filter((c) => keys.has(c)).length < 2) continue;
      out.push({ node: s.call, messageId: 'guestTokenSigned' });
    }
    // jsrsasign: `KJUR.jws.JWS.sign('HS256', header, payload, { b64: secret })`, the payload an object, its
    // JSON, or a parameter of the signing function (reported where a caller passes the claims).
    for (const s of jwsSignings(file)) {
      if (!isJwsBase64Key(file, s.key) || !isHmacJws(file, s)) continue;
      for (const source of claimSources(file, s.payload)) {
        if (guestClaims.filter((c) => source.keys.has(c)).length < 2) continue;
        out.push({ node: source.at ?? s.call, messageId: 'guestTokenSigned' });
      }
    }
    const newUrls = file.nodes(T.NewExpression).filter((n) => calleeName(n) === 'URL' && n.arguments.length > 1);
    const pathOf = (url: string): string => loginPaths.find((p) => url.split(/[?#]/)[0].endsWith(p)) ?? loginPaths[0];
    for (const n of newUrls) {
      const folded = file.staticString(n);
      if (folded && /^[a-z]+:\/\//i.test(folded.value) && isLoginUrl(folded.value, loginPaths, ctx.catalog.hosts.api)) {
        out.push({ node: n, messageId: 'guestLoginCall', data: { path: pathOf(folded.value) } });
      }
    }
    for (const node of outerStringExpressions(file)) {
      const parent = file.parentOf(node);
      if (parent?.type === 'NewExpression' && newUrls.includes(parent)) continue;
      const folded = file.staticString(node);
      if (!folded || !isLoginUrl(folded.value, loginPaths, ctx.catalog.hosts.api)) continue;
      if (isRouteDefinition(file, node)) continue;
      const holder = file.parentOf(node);
      // A constant used to build a longer URL is reported where the URL is built.
      if (holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier' && isUsedInString(file, holder.id.name, node)) continue;
      out.push({ node, messageId: 'guestLoginCall', data: { path: pathOf(folded.value) } });
    }
    // Requests whose URL gets its API host from a client's base URL (`axios.create({ baseURL })` + `api.post('/jwt/login')`).
    const reported = out.filter((m) => m.messageId === 'guestLoginCall').map((m) => m.node!);
    for (const r of getRequests(file, ctx.catalog)) {
      if (!r.url || !r.urlNode || !r.isApi) continue;
      const host = urlHost(r.url);
      if (!host || !ctx.catalog.hosts.api.some((h) => host === h || host.endsWith(`.${h}`))) continue;
      const path = urlPath(r.url);
      const loginPath = loginPaths.find((p) => path.endsWith(p));
      if (!loginPath) continue;
      const target = resolveLocal(file, r.urlNode);
      const seen = reported.some((n) => n === target || (n.range[0] >= r.urlNode!.range[0] && n.range[1] <= r.urlNode!.range[1]) || (n.range[0] <= target.range[0] && target.range[1] <= n.range[1]));
      if (seen) continue;
      out.push({ node: r.urlNode, messageId: 'guestLoginCall', data: { path: loginPath } });
    }
    return out;
  },
};

/**
 * A JWT signed by hand (`createHmac` over base64url header and payload, with the base64-decoded secret) whose
 * payload is a parameter of the signing function: reported where a caller of the file passes guest claims; with
 * no caller in the file (the claims come from an importer, or from a request), at the signing as *likely*: the
 * secret is an issuer's as the guest issuer's is, the claims are not seen.
 */
function callerClaims(file: FileContext, s: { call: TSESTree.CallExpression | TSESTree.NewExpression; payload: Node }, guestClaims: readonly string[]): RawMatch[] {
  const payload = resolveLocal(file, s.payload);
  if (payload.type !== 'Identifier') return [];
  const fn = enclosingFunction(file, payload);
  if (fn.type === 'Program' || !fn.params.some((p) => p.type === 'Identifier' && p.name === payload.name)) return [];
  const sources = claimSources(file, payload);
  if (sources.length > 0) {
    return sources.filter((c) => guestClaims.filter((k) => c.keys.has(k)).length >= 2).map((c) => ({ node: c.at ?? s.call, messageId: 'guestTokenSigned' }));
  }
  return [{ node: s.call, messageId: 'guestTokenSigned', confidence: 'likely', confidenceReason: 'a JWT signed by hand with a base64-decoded secret, its claims passed by a caller not in this file' }];
}

/** The claims a jsonwebtoken `sign(payload, key, options)` call sets through its options (`issuer` -> `iss`, `subject` -> `sub`). */
function optionClaims(file: FileContext, call: TSESTree.CallExpression | TSESTree.NewExpression): string[] {
  const options = call.type === 'CallExpression' && call.arguments[2] ? resolveLocal(file, call.arguments[2] as Node) : undefined;
  if (options?.type !== 'ObjectExpression') return [];
  const claim: Record<string, string> = { issuer: 'iss', subject: 'sub', audience: 'aud' };
  return propertyNames(options).flatMap((k) => (claim[k] ? [claim[k]] : []));
}

/** A jsrsasign key that is the base64-decoded secret: `{ b64: s }`, `{ b64u: s }`, `{ hex: b64tohex(s) }`, `Buffer.from(s, 'base64')`. */
function isJwsBase64Key(file: FileContext, key: Node | undefined): boolean {
  if (!key) return false;
  const n = resolveLocal(file, key);
  if (n.type !== 'ObjectExpression') return isBase64Secret(file, key);
  return n.properties.some((p) => {
    if (p.type !== 'Property' || p.computed) return false;
    const name = propertyKeyName(p);
    if (name === 'b64' || name === 'b64u') return true;
    if (name !== 'hex') return false;
    const value = resolveLocal(file, p.value as Node);
    return value.type === 'CallExpression' && /^b64u?tohex$/.test(calleeName(value) ?? '');
  });
}

/** Whether a jsrsasign signing is an HMAC (`HS*`) one, as far as its alg argument or its header says; unknown counts as one. */
function isHmacJws(file: FileContext, s: { alg?: Node; header?: Node }): boolean {
  const alg = s.alg && file.staticString(s.alg);
  if (alg?.complete) return /^HS/i.test(alg.value);
  const header = s.header && claimSources(file, s.header, 0, false)[0];
  const value = header?.values.get('alg');
  return value === undefined || /^HS/i.test(value);
}

interface ClaimSource {
  keys: Set<string>;
  /** Static string values of the keys, where known. */
  values: Map<string, string>;
  /** The caller's call that passes the claims (when the payload is a parameter). */
  at?: Node;
}

/**
 * The claim sets a JWT payload may be: an object literal, `JSON.stringify` of one, a JSON string literal, or
 * (once, with `viaCallers`) a parameter of a named function of the file, as each of its callers passes it.
 */
function claimSources(file: FileContext, payload: Node, depth = 0, viaCallers = true): ClaimSource[] {
  if (depth > 4) return [];
  const n = resolveLocal(file, payload);
  if (n.type === 'ObjectExpression') {
    const values = new Map<string, string>();
    for (const p of n.properties) {
      if (p.type !== 'Property' || p.computed) continue;
      const name = propertyKeyName(p);
      const v = name !== undefined ? file.staticString(p.value as Node) : undefined;
      if (name !== undefined && v?.complete) values.set(name, v.value);
    }
    return [{ keys: new Set(propertyNames(n)), values }];
  }
  if (n.type === 'CallExpression' && calleeName(n) === 'stringify' && n.arguments[0]) return claimSources(file, n.arguments[0] as Node, depth + 1, viaCallers);
  if (n.type === 'Literal' && typeof n.value === 'string') {
    try {
      const parsed: unknown = JSON.parse(n.value);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
      const entries = Object.entries(parsed as Record<string, unknown>);
      return [{ keys: new Set(entries.map(([k]) => k)), values: new Map(entries.filter(([, v]) => typeof v === 'string') as [string, string][]) }];
    } catch {
      return [];
    }
  }
  if (n.type !== 'Identifier' || !viaCallers) return [];
  const fn = enclosingFunction(file, n);
  if (fn.type === 'Program') return [];
  const index = fn.params.findIndex((p) => p.type === 'Identifier' && p.name === n.name);
  if (index < 0) return [];
  const holder = file.parentOf(fn);
  const fnName = fn.type === 'FunctionDeclaration' ? fn.id?.name : holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier' ? holder.id.name : undefined;
  if (!fnName) return [];
  const out: ClaimSource[] = [];
  for (const call of file.nodes(T.CallExpression)) {
    const callee = unwrap(call.callee);
    if (callee.type !== 'Identifier' || callee.name !== fnName || !call.arguments[index]) continue;
    for (const source of claimSources(file, call.arguments[index] as Node, depth + 1, false)) out.push({ ...source, at: call });
  }
  return out;
}

function isUsedInString(file: FileContext, name: string, self: Node): boolean {
  return outerStringExpressions(file).some(
    (n) => n !== self && n.type !== 'Literal' && file.nodes(T.Identifier).some((id) => id.name === name && id.range[0] >= n.range[0] && id.range[1] <= n.range[1]),
  );
}
