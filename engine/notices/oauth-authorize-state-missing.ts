// Seed section 4.1 (authorize step: `response_type` must be `code`, `state` required): the browser SDK's own
// authorize redirect. The URL-level rule is the generic `url-query` detection of the same notice.
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap, type FileContext, type Node } from '../parse/file-context.js';
import { apiHosts } from '../api/index.js';
import type { Detector, RawMatch } from '../detectors/detector.js';
import type { CustomDetection } from '../types.js';

interface Params {
  /**
   * SDK methods that always send the browser to the authorize step with `response_type=token`, written with
   * their receiver. The SDK's `initiateLogin()` is not one: it takes the code grant when the SDK is configured
   * with `clientType: 'confidential'`, which a module or a build may set anywhere.
   */
  sdkImplicitMethods?: string[];
  /**
   * Passport strategy packages for the platform's OAuth (`passport-cisco-spark`): their `Strategy` builds the
   * authorize URL itself, with a `state` parameter only when its options ask for one (passport-oauth2's `state`
   * option, or a `store`).
   */
  passportStrategies?: string[];
}

const params = (d: CustomDetection): Required<Params> => ({
  sdkImplicitMethods: (d.params?.sdkImplicitMethods as string[] | undefined) ?? [],
  passportStrategies: (d.params?.passportStrategies as string[] | undefined) ?? [],
});

/** passport-oauth2, whose generic strategy is the platform's when its `authorizationURL` is the platform's authorize URL. */
const PASSPORT_OAUTH2 = 'passport-oauth2';

/** The module a `require('m')` / `require('m').Strategy` expression names, if it is one. */
function requiredModule(n: Node): string | undefined {
  let e = unwrap(n);
  if (e.type === 'MemberExpression' && !e.computed && e.property.type === 'Identifier' && (e.property.name === 'Strategy' || e.property.name === 'OAuth2Strategy')) e = unwrap(e.object);
  if (e.type !== 'CallExpression' || e.callee.type !== 'Identifier' || e.callee.name !== 'require') return undefined;
  const arg = e.arguments[0];
  return arg?.type === 'Literal' && typeof arg.value === 'string' ? arg.value : undefined;
}

/**
 * The package a strategy class comes from (`new Strategy(...)` of `import { Strategy } from 'm'`, `import S from
 * 'm'`, `const S = require('m').Strategy`, `new (require('m').Strategy)(...)`, `new m.Strategy(...)` of `const m =
 * require('m')`), or undefined.
 */
function strategySource(file: FileContext, callee: Node): string | undefined {
  const c = unwrap(callee);
  const direct = requiredModule(c);
  if (direct !== undefined) return direct;
  let name: string | undefined;
  if (c.type === 'Identifier') name = c.name;
  else if (c.type === 'MemberExpression' && !c.computed && c.property.type === 'Identifier' && (c.property.name === 'Strategy' || c.property.name === 'OAuth2Strategy') && unwrap(c.object).type === 'Identifier') name = (unwrap(c.object) as TSESTree.Identifier).name;
  if (name === undefined) return undefined;
  for (const imp of file.nodes(T.ImportDeclaration)) if (imp.specifiers.some((s) => s.local.name === name)) return String(imp.source.value);
  for (const d of file.nodes(T.VariableDeclarator)) {
    if (d.id.type === 'Identifier' && d.id.name === name && d.init) return requiredModule(d.init as Node);
    if (d.id.type === 'ObjectPattern' && d.init && d.id.properties.some((p) => p.type === 'Property' && p.value.type === 'Identifier' && p.value.name === name)) return requiredModule(d.init as Node);
  }
  return undefined;
}

/** A property of an object literal by its static key. */
function propertyNamed(o: TSESTree.ObjectExpression, key: string): TSESTree.Property | undefined {
  return o.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && ((p.key.type === 'Identifier' && p.key.name === key) || (p.key.type === 'Literal' && p.key.value === key)));
}

/**
 * `new Strategy({ clientID, clientSecret, callbackURL, scope }, verify)` of a platform strategy package (or of
 * passport-oauth2 with the platform's `authorizationURL`) whose options ask for no `state`: passport-oauth2 adds
 * the parameter only for `state: true` (or a `store`), so its authorize redirect carries none. Options that are not
 * an object literal written in the call, or that spread another object, are not judged.
 */
function passportWithoutState(file: FileContext, n: TSESTree.NewExpression, strategies: string[], hosts: RegExp): boolean {
  const source = strategySource(file, n.callee as Node);
  if (source === undefined || (!strategies.includes(source) && source !== PASSPORT_OAUTH2)) return false;
  const options = n.arguments[0] ? unwrap(n.arguments[0] as Node) : undefined;
  if (options?.type !== 'ObjectExpression' || options.properties.some((p) => p.type !== 'Property' || p.computed)) return false;
  if (source === PASSPORT_OAUTH2) {
    const url = propertyNamed(options, 'authorizationURL')?.value;
    const text = url ? file.getText(url as Node) : '';
    if (!hosts.test(text) || !/\/authorize\b/.test(text)) return false;
  }
  if (propertyNamed(options, 'store')) return false;
  const state = propertyNamed(options, 'state');
  if (!state) return true;
  const v = unwrap(state.value as Node);
  return v.type === 'Literal' && v.value === false;
}

/** The callee's property when it ends in the dotted name (`webex.authorization.initiateImplicitGrant` ends in `authorization.initiateImplicitGrant`). */
function calleeEnding(call: TSESTree.CallExpression, dotted: string): TSESTree.Identifier | undefined {
  const parts = dotted.split('.');
  let node: Node = unwrap(call.callee);
  let last: TSESTree.Identifier | undefined;
  for (let i = parts.length - 1; i >= 0; i--) {
    if (node.type === 'Identifier') return i === 0 && node.name === parts[0] ? (last ?? node) : undefined;
    if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier' || node.property.name !== parts[i]) return undefined;
    last ??= node.property;
    node = unwrap(node.object);
  }
  return last;
}

/**
 * Soundness: a call whose callee ends in one of the method names (non-computed members): the text holds each
 * name of the dotted method, which {@link mayReport} asks for, as the prefilter's tokens are written; a strategy of
 * a platform package: the text holds the package's name (its import); passport-oauth2's: the text names an API host
 * in the options' `authorizationURL` (checked on its text).
 */
function mayReport(text: string, d: CustomDetection, hosts: Iterable<string>): boolean {
  if (params(d).sdkImplicitMethods.some((m) => m.split('.').every((name) => text.includes(name)))) return true;
  if (params(d).passportStrategies.some((m) => text.includes(m))) return true;
  // passport-oauth2 counts only with the platform's authorize URL written in the options: the text names an API host.
  return text.includes(PASSPORT_OAUTH2) && [...hosts].some((h) => text.includes(h));
}

export const oauthAuthorizeStateMissing: Detector<CustomDetection> = {
  kind: 'oauth-authorize-state-missing',
  messages: {
    sdkImplicitGrant: 'The SDK\'s `{{method}}()` sends the user to the authorize step with `response_type=token`; the platform requires `response_type=code`. {{instead}}',
    passportNoState: 'This Passport strategy builds the authorize URL without `state`: its options set neither `state: true` nor a `store`. {{instead}}',
  },
  tokens(detection, catalog) {
    // passport-oauth2's strategy is judged only where the text names an API host (its `authorizationURL`): the hosts are its tokens.
    return [...params(detection).sdkImplicitMethods.map((m) => m.split('.').pop()!), ...params(detection).passportStrategies, ...apiHosts(catalog)];
  },
  mayMatch: (text, ctx) => mayReport(text, ctx.detection, apiHosts(ctx.catalog)),
  detect(file, ctx) {
    const { sdkImplicitMethods, passportStrategies } = params(ctx.detection);
    const out: RawMatch[] = [];
    const hostList = [...apiHosts(ctx.catalog)];
    const hosts = hostList.length === 0 ? /(?!)/ : new RegExp(hostList.map((h) => h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
    for (const n of file.nodes(T.NewExpression)) {
      if (passportWithoutState(file, n, passportStrategies, hosts)) out.push({ node: n, messageId: 'passportNoState' });
    }
    for (const call of file.nodes(T.CallExpression)) {
      for (const m of sdkImplicitMethods) {
        const at = calleeEnding(call, m);
        if (at) out.push({ node: at, messageId: 'sdkImplicitGrant', data: { method: at.name } });
      }
    }
    return out;
  },
};
