/**
 * `url-path`: URLs of an endpoint that is going away, wherever they are written (request arguments,
 * constants, templates, concatenations). Route definitions of the consumer's own server are not URLs called.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, isUrlConstructor, memberName, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, RawMatch } from './detector.js';
import { outerStringExpressions, isRouteDefinition } from './auth-support.js';
import { apiHosts, getRequests, leadingParameterValues, LOOPBACK_HOST, resolveLocal, stringOf, urlHost, urlPath } from '../api/index.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import type { StaticString } from '../parse/file-context.js';
import type { UrlPathDetection } from '../types.js';
import { detectionPathGates, passesPathGates } from '../prefilter/gates.js';

/** A URL's path with each run of unknown parts as one hole (`\u0000`), as the notices' path patterns are matched. */
const holePath = (url: Parameters<typeof urlPath>[0]): string => urlPath(url).replace(/\u0000+/g, '\u0000');

const compiled = new WeakMap<UrlPathDetection, RegExp[]>();

function patterns(d: UrlPathDetection): RegExp[] {
  let res = compiled.get(d);
  if (!res) compiled.set(d, (res = d.paths.map((p) => new RegExp(p, 'i'))));
  return res;
}

/** Matchers and assertions whose arguments are expected values (`assert.strictEqual(url, '...')`, `expect(url).toBe('...')`). */
const ASSERTION_METHOD = /^(toBe|toEqual|toStrictEqual|toContain|toMatch|toHaveBeenCalledWith|toHaveBeenLastCalledWith|toHaveBeenNthCalledWith|equal|equals|strictEqual|deepEqual|deepStrictEqual|notEqual|notStrictEqual|eq|eql|include|match)$/;

/**
 * Whether a string is only compared, never sent: an operand of `===`/`!==`/`==`/`!=`, or the expected value of an
 * assertion (`assert.strictEqual(captured.url, 'https://.../meetingInfo')`, `expect(url).toBe(...)`,
 * `expect(fetch).toHaveBeenCalledWith(...)`): a test checking what code under test requests is not a request.
 */
function isOnlyCompared(file: FileContext, path: Node): boolean {
  const node = urlOf(file, path);
  const parent = file.parentOf(node);
  if (parent?.type === 'BinaryExpression' && /^[!=]==?$/.test(parent.operator)) return true;
  if (parent?.type !== 'CallExpression' || !(parent.arguments as Node[]).includes(node)) return false;
  const callee = parent.callee as Node;
  if (/^assert(\.\w+)?$/.test(dottedName(callee) ?? '')) return true;
  return callee.type === 'MemberExpression' && ASSERTION_METHOD.test(memberName(callee as TSESTree.MemberExpression) ?? '') && /^(expect|assert|should)\b/.test(rootCallName(callee));
}

/**
 * The expression whose value a path is, through a URL built from it: `new URL(path, base)`, its `.href` or
 * `.toString()` (`assert.strictEqual(url, new URL('/v1/rooms', origin).href)` compares the path's URL); else the path.
 */
function urlOf(file: FileContext, path: Node): Node {
  const made = file.parentOf(path);
  if (made?.type !== 'NewExpression' || !isUrlConstructor(made) || made.arguments[0] !== path) return path;
  const up = file.parentOf(made);
  if (up?.type !== 'MemberExpression' || up.object !== made || up.computed) return made;
  if (memberName(up) === 'href') return up;
  const call = file.parentOf(up);
  return memberName(up) === 'toString' && call?.type === 'CallExpression' && call.callee === up && call.arguments.length === 0 ? call : made;
}

/** The name of the call a member chain starts from (`expect` in `expect(x).not.toBe(y)`), or of its root object. */
function rootCallName(node: Node): string {
  let n = node;
  for (let i = 0; i < 10; i++) {
    if (n.type === 'MemberExpression') n = n.object as Node;
    else if (n.type === 'CallExpression') {
      const callee = n.callee as Node;
      if (callee.type === 'Identifier') return callee.name;
      n = callee;
    } else break;
  }
  return n.type === 'Identifier' ? n.name : '';
}

/**
 * Whether a URL whose path matched is another API's: its host, as the string folds (through functions, imports
 * and destructuring defaults, {@link stringOf}) or as the request it is sent by gives it (a configured client's
 * base URL), is known and is none of the API's hosts. Only strings whose path matched are asked (few).
 */
function isOtherApiHost(file: FileContext, node: Node, s: StaticString, catalog: LoadedCatalog): boolean {
  let host = urlHost(s);
  if (host === undefined && s.value.startsWith('\u0000')) {
    const folded = stringOf(file, node);
    host = folded && urlHost(folded);
  }
  if (host === undefined && !/^[a-z][a-z0-9+.-]*:\/\//i.test(s.value)) {
    const request = getRequests(file, catalog).find((r) => r.urlNode && r.urlNode.range[0] <= node.range[0] && node.range[1] <= r.urlNode.range[1]);
    host = request?.url && urlHost(request.url);
  }
  // A loopback host is a local proxy or mock of the API, which keeps the API's paths.
  const other = (h: string | undefined): boolean => h !== undefined && !LOOPBACK_HOST.test(h) && !apiHosts(catalog).has(h);
  if (host !== undefined) return other(host);
  // A URL starting with a parameter (`\`${base}/rooms/...\`` with `base = OTHER_API`): another API's when every
  // value the file shows reaching it (its default, the arguments of its call sites) is another API's host.
  const values = leadingParameterValues(file, node);
  return !!values && values.every((v) => other(urlHost(v)));
}

/** Whether a node lies in the file's own tree (not in a module a summary was read from). */
function isOfFile(file: FileContext, node: Node): boolean {
  let top: Node = node;
  for (const a of file.ancestors(node)) top = a;
  return top === file.ast;
}

export const urlPathDetector: Detector<UrlPathDetection> = {
  kind: 'url-path',
  messages: {
    endpointDeprecated: '`{{path}}` {{change}}. {{instead}}',
  },
  tokens() {
    return [];
  },
  // Sound: both interpreters report only a string whose path one of the patterns matches (engine/prefilter/gates.ts).
  mayMatch: (text, ctx) => passesPathGates(text, detectionPathGates(ctx.detection)),
  gateReadsUrls: true,
  // Each string or template on its own (a concatenation cannot be folded without a tree).
  detectUnparsed(file, ctx) {
    const res = patterns(ctx.detection);
    const out: RawMatch[] = [];
    for (const s of file.strings) {
      if (!s.value.includes('/')) continue;
      const path = holePath({ value: s.value, complete: !s.template });
      if (res.some((re) => re.test(path))) out.push({ range: s.range, messageId: 'endpointDeprecated', data: { path: path.replace(/\u0000/g, '{…}'), change: ctx.detection.change } });
    }
    return out;
  },
  detect(file, ctx) {
    const d = ctx.detection;
    const res = patterns(d);
    const out: RawMatch[] = [];
    // Strings whose path matched but which another API's host is known to prefix: their requests are that API's.
    const otherHost: Node[] = [];
    for (const node of outerStringExpressions(file)) {
      const s = file.staticString(node);
      if (!s || !s.value.includes('/')) continue;
      const path = holePath(s);
      if (!res.some((re) => re.test(path))) continue;
      if (isRouteDefinition(file, node) || isOnlyCompared(file, node)) continue;
      if (isOtherApiHost(file, node, s, ctx.catalog)) {
        otherHost.push(node);
        continue;
      }
      out.push({ node, messageId: 'endpointDeprecated', data: { path: path.replace(/\u0000/g, '{…}'), change: d.change } });
    }
    // A request whose URL no string of the file spells: a path given to a wrapper or a base class of another module
    // (`Request.get(this.endpoint + '/' + id + '/meetingInfo')`, `this.get(`${id}/meetingInfo`)` under
    // `super('rooms')`), or a `this` field; reported at the argument the path is written in.
    for (const r of getRequests(file, ctx.catalog)) {
      // A request to a known host that is not the API's is another service's path.
      if (!r.url || (urlHost(r.url) !== undefined && !r.isApi)) continue;
      const at = r.urlNode ?? r.node;
      // A URL held in a local (`const url = new URL(...)`) was read as a string where it is written.
      const written = [at, resolveLocal(file, at)];
      // A call of a same-file wrapper whose own URL string was reported (`info('lobby')` of `function info(id,
      // base = WEBEX) { fetch(\`${base}/rooms/${id}/meetingInfo\`) }`): the path is written, and edited, there.
      const inner = r.wrapper?.request.urlNode;
      if (inner && isOfFile(file, inner)) written.push(inner, resolveLocal(file, inner));
      const overlaps = (n: Node): boolean => written.some((w) => n.range[0] < w.range[1] && w.range[0] < n.range[1]);
      if (out.some((m) => m.node && overlaps(m.node)) || otherHost.some(overlaps)) continue;
      const path = holePath(r.url);
      if (!res.some((re) => re.test(path))) continue;
      // A function of another module whose own URL already spells the path (`createSipAddress(roomId)` of
      // `fetch(base + '/rooms/' + id + '/meetingInfo')`): the caller gives only values; the path is written, and
      // reported, in that module (one report per request, where the path is written).
      const innerUrl = r.wrapper?.request.url;
      if (inner && !isOfFile(file, inner) && innerUrl && res.some((re) => re.test(holePath(innerUrl)))) continue;
      out.push({
        node: at,
        messageId: 'endpointDeprecated',
        data: { path: path.replace(/\u0000/g, '{…}'), change: d.change },
        ...(r.url.assumed !== undefined ? { confidence: 'likely' as const, confidenceReason: r.url.assumed } : {}),
      });
    }
    return out;
  },
};
