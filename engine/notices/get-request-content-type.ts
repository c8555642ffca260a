// Seed section 7: "GET request with any `Content-Type` header | may be rejected (since 2025-09-08)".
import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap, UNKNOWN, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, RawMatch } from '../detectors/detector.js';
import { removePropertyEdit } from '../detectors/shared.js';
import { findHeader, getClientInstances, getRequests, isReachableFromOtherFiles, type HttpRequest, type RequestHeader, apiMarkers, mayWriteApiUrl, namesApiHost } from '../api/index.js';
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import { enclosingScope } from '../api/bindings.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { markupEvidence, readsBrowserGlobals } from '../project/context.js';
import type { CustomDetection, TextEdit } from '../types.js';

const inside = (outer: Node, inner: Node): boolean => outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];
const isContentType = (h: RequestHeader): boolean => h.name.toLowerCase() === 'content-type';
/** A request that sends no body with GET: the header has nothing to describe. */
const isBodilessGet = (r: HttpRequest): boolean => r.method === 'GET' && !r.body;

/** The removal of a header written for this request only (inline in the call); shared header objects are not edited. */
function removal(text: string, r: HttpRequest, h: RequestHeader, parentOf: (n: Node) => Node | undefined): TextEdit | undefined {
  // A superagent `.set(...)` link is cut out of its chain; an XMLHttpRequest's `setRequestHeader` statement is left (no edit).
  if (h.call && h.call.callee.type === 'MemberExpression' && r.client === 'superagent') {
    return { range: [h.call.callee.object.range[1], h.call.range[1]], text: '' };
  }
  if (!h.property) return undefined;
  const owner = parentOf(h.property);
  if (owner?.type !== 'ObjectExpression' || owner !== r.headersNode || !inside(r.node, owner)) return undefined;
  return removePropertyEdit(text, owner as TSESTree.ObjectExpression, h.property);
}

/**
 * The expression that is defined exactly when the wrapper's request sends a body, written where the header is:
 * `init.body` for options spread from a parameter (`{ ...init, headers }`), the parameter for `body: JSON.stringify(body)`
 * or `body: body ? JSON.stringify(body) : undefined`. Undefined when the body is not one parameter's.
 */
function bodyCondition(file: FileContext, inner: HttpRequest, fn: Node): string | undefined {
  const params = (fn as TSESTree.FunctionLike).params;
  const paramNamed = (name: string): TSESTree.Parameter | undefined =>
    params.find((p) => (p.type === 'Identifier' && p.name === name) || (p.type === 'AssignmentPattern' && p.left.type === 'Identifier' && p.left.name === name));
  const options = inner.options;
  if (!options) return undefined;
  const bodyProp = options.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && ((p.key.type === 'Identifier' && p.key.name === 'body') || (p.key.type === 'Literal' && p.key.value === 'body')));
  if (bodyProp) {
    let v = unwrap(bodyProp.value as Node);
    if (v.type === 'ConditionalExpression') v = unwrap(v.test);
    if (v.type === 'CallExpression' && v.callee.type === 'MemberExpression' && v.callee.object.type === 'Identifier' && v.callee.object.name === 'JSON' && v.arguments[0]) v = unwrap(v.arguments[0] as Node);
    return v.type === 'Identifier' && paramNamed(v.name) ? `${v.name} !== undefined` : undefined;
  }
  // `{ ...init, headers: {...} }`: the body is the spread parameter's.
  for (const p of options.properties) {
    if (p.type !== 'SpreadElement') continue;
    const arg = unwrap(p.argument);
    const param = arg.type === 'Identifier' ? paramNamed(arg.name) : undefined;
    if (!param || arg.type !== 'Identifier') continue;
    const optional = param.type !== 'AssignmentPattern';
    return `${arg.name}${optional ? '?.' : '.'}body !== undefined`;
  }
  void file;
  return undefined;
}

/** `'Content-Type': v` made conditional on the body in place: `...(cond ? { 'Content-Type': v } : {})`. */
function conditionalEdit(file: FileContext, h: RequestHeader, condition: string): TextEdit | undefined {
  const p = h.property;
  if (!p || p.type !== 'Property' || p.shorthand || p.kind !== 'init' || file.parentOf(p)?.type !== 'ObjectExpression') return undefined;
  return { range: [p.range[0], p.range[1]], text: `...(${condition} ? { ${file.getText(p)} } : {})` };
}

/** Option keys that carry a request body (fetch, axios, got, request). */
const BODY_KEYS = new Set(['body', 'data', 'json', 'form', 'formData']);

/**
 * A wrapper other files call (`export const makeRequest = (url, body, opts) => ...`) whose request takes its
 * method from the caller and is given a body only under a test of the method (`if (opts.method === 'POST')
 * init.body = ...`): the wrapper's own code has a bodiless path, and the unconditional header goes out on it.
 * Its URL is the caller's too, in a file that names an API host. Callers are not seen: likely, not certain.
 */
function isMethodGatedWrapper(file: FileContext, catalog: LoadedCatalog, r: HttpRequest): boolean {
  if (r.method !== undefined || r.body || r.wrapper) return false;
  const options = r.optionsNode ? unwrap(r.optionsNode) : undefined;
  if (options?.type !== 'Identifier') return false;
  const fn = enclosingScope(file, r.node);
  if (fn.type === 'Program' || !isReachableFromOtherFiles(file, fn)) return false;
  // Not the API by its URL: the URL is the caller's (its host unknown here) in a file that names an API host.
  if (!r.isApi && ((r.url !== undefined && !r.url.value.startsWith(UNKNOWN)) || !namesApiHost(file.text, catalog))) return false;
  return file.nodes(T.AssignmentExpression).some((a) => {
    if (a.range[0] < fn.range[0] || a.range[1] > fn.range[1] || a.left.type !== 'MemberExpression') return false;
    const target = unwrap(a.left.object);
    const key = a.left.property.type === 'Identifier' && !a.left.computed ? a.left.property.name : undefined;
    if (target.type !== 'Identifier' || target.name !== options.name || !key || !BODY_KEYS.has(key)) return false;
    for (const up of file.ancestors(a)) {
      if (up === fn) break;
      if (up.type === 'IfStatement' && /\bmethod\b/i.test(file.getText(up.test))) return true;
    }
    return false;
  });
}

export const getRequestContentType: Detector<CustomDetection> = {
  kind: 'get-request-content-type',
  messages: {
    getWithContentType: 'GET request to the API sets a `Content-Type` header, which the stricter header validation may reject. {{instead}}',
  },
  // `contentType`: jQuery's `$.ajax({ contentType })` setting, which sets the header.
  tokens: () => ['content-type', 'contentType'],
  requires: (_d, catalog) => apiMarkers(catalog),
  // Only requests and clients whose URL calls the API are judged (`isApi`): a file writes such a URL, or imports it.
  mayMatch: (text, ctx) => mayWriteApiUrl(text, ctx.catalog),
  gateOnImportedUrls: true,
  detect(file, ctx) {
    const out: RawMatch[] = [];
    const requests = getRequests(file, ctx.catalog);
    // Requests inside wrappers, with every call in the file that reaches them (as far out as the file follows).
    const callers = new Map<HttpRequest, HttpRequest[]>();
    for (const r of requests) {
      if (!r.wrapper) continue;
      const list = callers.get(r.wrapper.request) ?? [];
      list.push(r);
      callers.set(r.wrapper.request, list);
    }
    const shared = new Set<Node>();
    for (const [inner, through] of callers) {
      const reaching = through.filter((r) => !r.wrapper!.followed);
      if (!inner.isApi && !reaching.some((r) => r.isApi)) continue;
      const fn = through[0].wrapper!.function;
      for (const h of inner.headers) {
        if (!isContentType(h) || h.inherited || !h.property) continue;
        shared.add(h.property);
        // The calls that send this header (a conditional one, `...(init.body !== undefined ? {...} : {})`, is not sent by the GETs).
        const carries = (r: HttpRequest): boolean => r.headers.some((x) => x.property === h.property);
        const gets = reaching.filter((r) => isBodilessGet(r) && carries(r));
        if (gets.length === 0) continue;
        // Functions a call may come from that this file does not show (exported, or handed out as a value).
        const outside = through.some((r) => (r.wrapper!.functions ?? [r.wrapper!.function]).some((f) => isReachableFromOtherFiles(file, f)));
        const everyCallIsGet = !outside && reaching.every((r) => isBodilessGet(r) || !carries(r));
        let fix: TextEdit | undefined;
        if (everyCallIsGet) fix = removal(file.text, inner, h, (n) => file.parentOf(n));
        else {
          // Right for every caller: the header goes out only with a body (the GETs lose it, the PATCH keeps it).
          // Only where the header is written inside the wrapper, which sees the condition's parameter: a header
          // object of the module or of a helper is shared with code that cannot read it (no edit there).
          const condition = inside(fn, h.property) ? bodyCondition(file, inner, fn) : undefined;
          fix = condition ? conditionalEdit(file, h, condition) : undefined;
        }
        out.push({
          node: h.property,
          messageId: 'getWithContentType',
          fix: fix ? [fix] : undefined,
          affects: reaching.map((r) => ({ node: r.node, method: r.method })),
        });
      }
    }
    // A configured client's default header (`axios.create({ headers: { 'Content-Type': ... } })`) goes out with
    // every request of the client: reported where it is written when a bodiless GET to the API is made through
    // the client in this file. No edit: the default is shared with the client's other requests.
    // axios's browser adapters drop the header of a request without data, so only code that reads no browser global counts.
    const defaults = new Set<Node>();
    const browser = readsBrowserGlobals(file.text) || markupEvidence(file.filename) !== undefined;
    for (const instance of getClientInstances(file, ctx.catalog).values()) {
      if (instance.client === 'axios' && browser) continue;
      for (const h of instance.headers) {
        if (!isContentType(h) || h.when || !h.property || defaults.has(h.property)) continue;
        const gets = requests.filter((r) => r.isApi && isBodilessGet(r) && findHeader(r, 'content-type')?.property === h.property);
        if (gets.length === 0) continue;
        defaults.add(h.property);
        out.push({ node: h.property, messageId: 'getWithContentType', affects: gets.map((r) => ({ node: r.node, method: r.method })) });
      }
    }
    for (const r of requests) {
      if (!isMethodGatedWrapper(file, ctx.catalog, r)) continue;
      for (const h of r.headers) {
        if (!isContentType(h) || h.inherited || h.when || !h.property || out.some((m) => m.node === h.property)) continue;
        shared.add(h.property);
        out.push({
          node: h.property,
          messageId: 'getWithContentType',
          confidence: 'likely',
          confidenceReason: 'a wrapper other files call with their own method; its code sends a body only for some methods, the header on every call',
        });
      }
    }
    for (const r of requests) {
      if (!r.isApi || r.method !== 'GET' || r.body) continue;
      for (const h of r.headers) {
        if (!isContentType(h)) continue;
        // Headers of a client instance or a wrapper apply to its other calls too: judged above, for all of them.
        if (h.inherited || (h.property && shared.has(h.property))) continue;
        // A call in a loop over an array is one request per element: its header is reported once.
        if (out.some((m) => m.node === (h.property ?? h.call))) continue;
        const fix = removal(file.text, r, h, (n) => file.parentOf(n));
        out.push({ node: h.property ?? h.call!, messageId: 'getWithContentType', fix: fix ? [fix] : undefined });
      }
    }
    return out;
  },
};
