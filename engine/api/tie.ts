/**
 * The tie of a piece of code to an endpoint, and the confidence it gives a finding (issue 11):
 * - the node is sent to a request (body, query, options), read from a request's response (`data.x`,
 *   destructuring, `.json()`, iteration of a response list), or declared in a type used for either
 *   (`api.get<SimultaneousRing>(...)`, `const body: SimRing = ...`): the request's endpoint decides;
 * - otherwise the API requests of the enclosing function decide;
 * - otherwise the file: it calls the API or names the endpoint's resources (`likely`), or not (not reported).
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { boundNames, isFunctionNode, memberName, UNKNOWN, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import type { Confidence, DetectionScope, Endpoint } from '../types.js';
import { getRequests, requestOfNode, resolveLocal, type HttpRequest } from './calls.js';
import { describeEndpoint, endpointOfRequest, isResolvedPath, pathMatches } from './endpoints.js';
import { namesApiHost, urlPath } from './url.js';
import { indexedMemberOf, literalTypeOf, typeHolderOf, writtenTypeOf } from '../parse/type-positions.js';

/** A finding's confidence and why; undefined (from {@link scopeTie}) means: do not report. */
export interface Tie {
  confidence: Confidence;
  reason: string;
  /** The request the node is tied to, when there is one. */
  request?: HttpRequest;
  /** Tied only to endpoints the catalog does not list for the notice (neither its endpoints nor its others). */
  unlisted?: boolean;
}

/** Which way a node relates to a request. */
type Side = 'request' | 'response';

interface Link {
  request: HttpRequest;
  side: Side;
}


/** Calls on a response that give its data (a fetch response's `json()`, a promise's `then`). */
const RESPONSE_METHODS = new Set(['json', 'text', 'then']);
const ITERATORS = new Set(['map', 'forEach', 'filter', 'find', 'some', 'every', 'flatMap', 'reduce']);

/** The request whose call is this node (a direct call or a wrapper's call site). */
function requestAt(file: FileContext, node: Node, catalog: LoadedCatalog): HttpRequest | undefined {
  return getRequests(file, catalog).find((r) => r.node === node);
}

/** The declarator (or for-of loop, or iterating callback) that binds an identifier, with the expression it is bound from. */
function boundFrom(file: FileContext, id: TSESTree.Identifier): Node | undefined {
  const init = resolveLocal(file, id);
  if (init !== unwrap(id)) return init;
  // Destructured (`const { data } = await axios.get(...)`), a loop variable, or a callback parameter of `.map()`.
  for (const a of file.ancestors(id)) {
    // Top-level declarations count too (a script's `const { data } = await api.get(...)`).
    for (const child of scopeDeclarations(file, a)) {
      if (child.type === 'VariableDeclarator' && child.id.type !== 'Identifier' && child.init && boundNames(child.id).includes(id.name)) return child.init;
      if (child.type === 'ForOfStatement' && boundNames(child.left.type === 'VariableDeclaration' ? child.left.declarations[0].id : child.left).includes(id.name)) return child.right;
    }
    if (a.type === 'Program') break;
    if (isFunctionNode(a)) {
      const fn = a as TSESTree.FunctionLike;
      if (!fn.params.some((p) => boundNames(p).includes(id.name))) continue;
      const call = file.parentOf(a);
      if (call?.type === 'CallExpression' && call.callee.type === 'MemberExpression' && ITERATORS.has(memberName(call.callee) ?? '') && fn.params[0] && boundNames(fn.params[0]).includes(id.name)) {
        return call.callee.object;
      }
      // A promise chain's value: `fetch(u).then((r) => r.json()).then((t) => t.errorCodes)` holds the response.
      if (call?.type === 'CallExpression' && call.callee.type === 'MemberExpression' && memberName(call.callee) === 'then' && call.arguments[0] === a && fn.params[0] && boundNames(fn.params[0]).includes(id.name)) {
        return call.callee.object;
      }
      return undefined;
    }
  }
  return undefined;
}

/** Declarations and loops directly inside a block-like node (for {@link boundFrom}). */
function scopeDeclarations(file: FileContext, scope: Node): Node[] {
  const body = scope.type === 'BlockStatement' || scope.type === 'Program' ? scope.body : scope.type === 'ForOfStatement' ? [scope] : [];
  const out: Node[] = [];
  for (const s of body as Node[]) {
    if (s.type === 'VariableDeclaration') out.push(...s.declarations);
    else if (s.type === 'ForOfStatement') out.push(s);
    else if (s.type === 'ExportNamedDeclaration' && s.declaration?.type === 'VariableDeclaration') out.push(...s.declaration.declarations);
  }
  void file;
  return out;
}

/** The request whose response an expression holds (`await axios.get(u)`, `res.data`, `await r.json()`, an element of a response list). */
export function responseOf(file: FileContext, expr: Node, catalog: LoadedCatalog, depth = 0): HttpRequest | undefined {
  if (depth > 8) return undefined;
  const n = unwrap(expr);
  switch (n.type) {
    case T.AwaitExpression:
      return responseOf(file, n.argument, catalog, depth + 1);
    case T.MemberExpression:
      return responseOf(file, n.object, catalog, depth + 1);
    case T.ChainExpression:
      return responseOf(file, n.expression, catalog, depth + 1);
    case T.CallExpression: {
      const direct = requestAt(file, n, catalog);
      if (direct) return direct;
      if (n.callee.type === 'MemberExpression') {
        const name = memberName(n.callee) ?? '';
        if (RESPONSE_METHODS.has(name) || ITERATORS.has(name)) return responseOf(file, n.callee.object, catalog, depth + 1);
      }
      return undefined;
    }
    case T.Identifier: {
      const from = boundFrom(file, n);
      return from ? responseOf(file, from, catalog, depth + 1) : undefined;
    }
    default:
      return undefined;
  }
}

/** The outermost object or array literal a node sits in (through nested literals and `as`). */
function outermostLiteral(file: FileContext, node: Node): Node | undefined {
  let found: Node | undefined;
  for (let n: Node | undefined = node, i = 0; n && i < 30; n = file.parentOf(n), i++) {
    if (n.type === 'ObjectExpression' || n.type === 'ArrayExpression') found = n;
    else if (found && !(n.type === 'Property' || n.type === 'SpreadElement' || n.type.startsWith('TS'))) break;
  }
  return found;
}

/** The root object of a member chain (`a` of `a.b.c`, `a?.b`). */
function memberRoot(node: Node): Node {
  let n = unwrap(node);
  while (n.type === 'MemberExpression' || n.type === 'ChainExpression') n = unwrap(n.type === 'ChainExpression' ? n.expression : n.object);
  return n;
}

/** Names of a type (`interface X`, `type X = {...}`) a declared property belongs to. */
function declaringTypeName(file: FileContext, node: Node): string | undefined {
  for (const a of file.ancestors(node)) {
    if (a.type === 'TSInterfaceDeclaration') return a.id.name;
    if (a.type === 'TSTypeAliasDeclaration') return a.id.name;
    if (a.type === 'ClassDeclaration') return a.id?.name;
    if (isFunctionNode(a)) return undefined;
  }
  return undefined;
}

/** Links of the uses of a named type: call type arguments (response), annotated variables (their value), parameters (the function). */
function typeLinks(file: FileContext, name: string, catalog: LoadedCatalog, seen: Set<string>): { links: Link[]; functions: Node[] } {
  const links: Link[] = [];
  const functions: Node[] = [];
  if (seen.has(name) || seen.size > 6) return { links, functions };
  seen.add(name);
  for (const ref of file.nodes(T.TSTypeReference)) {
    if (ref.typeName.type !== 'Identifier' || ref.typeName.name !== name) continue;
    for (const a of file.ancestors(ref)) {
      if (a.type === 'CallExpression' || a.type === 'NewExpression') {
        const r = requestAt(file, a, catalog);
        if (r) links.push({ request: r, side: 'response' });
        break;
      }
      if (a.type === 'VariableDeclarator') {
        if (a.init) {
          const sent = requestOfNode(file, a.init, catalog);
          if (sent) links.push({ request: sent, side: 'request' });
          else {
            const got = responseOf(file, a.init, catalog);
            if (got) links.push({ request: got, side: 'response' });
          }
        }
        break;
      }
      if (a.type === 'TSInterfaceDeclaration' || a.type === 'TSTypeAliasDeclaration') {
        // Used inside another type (`numbers: SnrNumber[]`): that type's uses count.
        const outer = typeLinks(file, a.id.name, catalog, seen);
        links.push(...outer.links);
        functions.push(...outer.functions);
        break;
      }
      if (isFunctionNode(a)) {
        functions.push(a);
        break;
      }
    }
  }
  return { links, functions };
}

/**
 * What a value literal is compared with, switched on, assigned to or looked up in (`trunk.errorCodes.includes('E1001')`,
 * `user.accountStatus === 'Inactive'`, `case 'E1001':` under `switch (code)`): the expression whose tie is the value's.
 */
function valueSubject(file: FileContext, node: Node): Node | undefined {
  let n = node;
  let parent = file.parentOf(n);
  while (parent && (parent.type === 'ArrayExpression' || parent.type === 'TSAsExpression')) {
    n = parent;
    parent = file.parentOf(n);
  }
  if (!parent) return undefined;
  if (parent.type === 'BinaryExpression' && ['===', '!==', '==', '!='].includes(parent.operator)) return (parent.left === n ? parent.right : parent.left) as Node;
  if (parent.type === 'SwitchCase' && parent.test === n) {
    const sw = file.parentOf(parent);
    return sw?.type === 'SwitchStatement' ? sw.discriminant : undefined;
  }
  if (parent.type === 'AssignmentExpression' && parent.right === n) return parent.left;
  if (parent.type === 'CallExpression' && parent.arguments.includes(n as TSESTree.CallExpressionArgument) && parent.callee.type === 'MemberExpression') {
    const name = memberName(parent.callee) ?? '';
    if (['includes', 'indexOf', 'has', 'some', 'find'].includes(name)) return parent.callee.object;
  }
  return undefined;
}

/** Whether an identifier names a property (a member's property, an object key) rather than a value. */
function isKeyOrMember(file: FileContext, node: Node): boolean {
  const parent = file.parentOf(node);
  if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) return true;
  return parent?.type === 'Property' && parent.key === node && !parent.computed;
}

/** How a value's subject (see {@link valueSubject}) is tied: a member access like a read, an identifier by what it holds. */
function subjectLinks(file: FileContext, subject: Node, catalog: LoadedCatalog): { links: Link[]; functions: Node[] } | undefined {
  const s = unwrap(subject);
  if (s.type === 'MemberExpression') return directLinks(file, s.property as Node, catalog);
  if (s.type === 'Identifier') {
    const got = responseOf(file, s, catalog);
    if (got) return { links: [{ request: got, side: 'response' }], functions: [] };
    const typeName = annotatedTypeOf(file, s);
    if (typeName) return typeLinks(file, typeName, catalog, new Set());
    // An element iterated from a member (`for (const code of trunk.errorCodes)`, `.map((code) => ...)`): that member's tie.
    const from = boundFrom(file, s);
    const member = from ? unwrap(from) : undefined;
    if (member?.type === 'MemberExpression') return directLinks(file, member.property as Node, catalog);
  }
  return undefined;
}

/**
 * The responses a lookup table (`const labels = { E1002: '...' }`) is indexed with: `labels[c]` where `c` holds a
 * value read from a response (an element of `trunk.errorCodes`, `data.code`).
 */
function lookupLinks(file: FileContext, table: Node, catalog: LoadedCatalog): Link[] {
  const holder = file.parentOf(table);
  if (holder?.type !== 'VariableDeclarator' || holder.id.type !== 'Identifier' || holder.init !== table) return [];
  const name = holder.id.name;
  const links: Link[] = [];
  for (const ref of file.nodes(T.Identifier)) {
    if (ref.name !== name || ref === holder.id) continue;
    const use = file.parentOf(ref);
    if (use?.type !== 'MemberExpression' || use.object !== ref || !use.computed) continue;
    const index = unwrap(use.property as Node);
    const got = index.type === 'Identifier' || index.type === 'MemberExpression' ? responseOf(file, index, catalog) : undefined;
    if (got) links.push({ request: got, side: 'response' });
  }
  return links;
}

/** How a node is tied to requests: sent in one, read from one's response, or declared in a type used for either. */
function directLinks(file: FileContext, node: Node, catalog: LoadedCatalog): { links: Link[]; functions: Node[] } {
  // A value written in a type (`errorCodes: ('E1001')[]`, `type Code = 'E1001'`): the member or alias holding it decides.
  const literalType = node.type === 'Literal' ? literalTypeOf(file, node) : undefined;
  if (literalType) {
    const holder = typeHolderOf(file, literalType);
    if (holder.kind === 'member') return directLinks(file, holder.node.key as Node, catalog);
    if (holder.kind === 'alias') return typeLinks(file, holder.name, catalog, new Set());
    return { links: [], functions: [] };
  }
  // A value: a literal, or a constant holding one (`u.accountStatus === INACTIVE`).
  if (node.type === 'Literal' || node.type === 'TemplateLiteral' || (node.type === 'Identifier' && !isKeyOrMember(file, node))) {
    const subject = valueSubject(file, node);
    const viaSubject = subject ? subjectLinks(file, subject, catalog) : undefined;
    if (viaSubject) return viaSubject;
    // An element of an array under a key (`{ errorCodes: ['E1001'] }`): the key's object decides.
    let n: Node = node;
    while (file.parentOf(n)?.type === 'ArrayExpression') n = file.parentOf(n)!;
    // Typed as a member of a type (`const c: TrunkStatus['errorCodes'] = [...]`): that type's uses decide.
    const written = writtenTypeOf(file, node);
    const typeName = indexedMemberOf(written) !== undefined ? typeNameOf(written) : undefined;
    if (typeName) return typeLinks(file, typeName, catalog, new Set());
    if (n !== node) return directLinks(file, n, catalog);
  }
  // A property or an object literal itself (an object-shape match): as its (first) key.
  if (node.type === 'Property') return directLinks(file, node.key as Node, catalog);
  if (node.type === 'ObjectExpression') {
    const first = node.properties.find((p) => p.type === 'Property');
    if (first) return directLinks(file, first.key as Node, catalog);
  }
  const parent = file.parentOf(node);
  // An object literal key (or a value inside one): the request the outermost literal is sent to.
  if (parent?.type === 'Property' && file.parentOf(parent)?.type === 'ObjectExpression') {
    const outer = outermostLiteral(file, parent);
    const sent = outer ? requestOfNode(file, outer, catalog) : undefined;
    if (sent) return { links: [{ request: sent, side: 'request' }], functions: [] };
    // Not sent here: the type it is written as (`const b: SimRing = {...}`, `return {...}` from `(): SimRing`).
    const typeName = outer ? contextualTypeOf(file, outer) : undefined;
    if (typeName) return typeLinks(file, typeName, catalog, new Set());
    // A lookup table keyed by what a response holds (`labels[code]` for each `code` of `trunk.errorCodes`): its keys.
    if (outer && parent.key === node) return { links: lookupLinks(file, outer, catalog), functions: [] };
    return { links: [], functions: [] };
  }
  // A destructuring key: the expression destructured.
  if (parent?.type === 'Property' && file.parentOf(parent)?.type === 'ObjectPattern') {
    let pattern: Node | undefined = file.parentOf(parent);
    while (pattern && file.parentOf(pattern)?.type === 'Property') pattern = file.parentOf(file.parentOf(pattern)!);
    const holder = pattern ? file.parentOf(pattern) : undefined;
    if (holder?.type === 'VariableDeclarator' && holder.init) {
      const got = responseOf(file, holder.init, catalog);
      if (got) return { links: [{ request: got, side: 'response' }], functions: [] };
      const init = unwrap(holder.init);
      const typeName = init.type === 'Identifier' ? annotatedTypeOf(file, init) : undefined;
      if (typeName) return typeLinks(file, typeName, catalog, new Set());
    }
    return { links: [], functions: [] };
  }
  // A member access: the root of the chain, or the type it is declared with.
  if (parent?.type === 'MemberExpression' && parent.property === node) {
    const root = memberRoot(parent);
    const got = responseOf(file, root, catalog);
    if (got) return { links: [{ request: got, side: 'response' }], functions: [] };
    const typeName = root.type === 'Identifier' ? annotatedTypeOf(file, root) : undefined;
    if (typeName) return typeLinks(file, typeName, catalog, new Set());
    return { links: [], functions: [] };
  }
  // A declared property: the uses of its type; a class field also the calls of its class's methods.
  if (parent && (parent.type === 'TSPropertySignature' || parent.type === 'PropertyDefinition')) {
    const name = declaringTypeName(file, parent);
    const tied = name ? typeLinks(file, name, catalog, new Set()) : { links: [], functions: [] };
    if (parent.type === 'PropertyDefinition') {
      const cls = [...file.ancestors(parent)].find((a) => a.type === 'ClassDeclaration' || a.type === 'ClassExpression');
      if (cls) tied.functions.push(cls);
    }
    return tied;
  }
  return { links: [], functions: [] };
}

/** The named type of a type node: `SimRing`, `SimRing | undefined`, `Promise<SimRing>`. */
function typeNameOf(t: TSESTree.TypeNode | undefined): string | undefined {
  if (!t) return undefined;
  if (t.type === 'TSUnionType') {
    const named = t.types.map(typeNameOf).filter((x): x is string => x !== undefined);
    return named.length === 1 ? named[0] : undefined;
  }
  if (t.type === 'TSIndexedAccessType') return typeNameOf(t.objectType);
  if (t.type !== 'TSTypeReference' || t.typeName.type !== 'Identifier') return undefined;
  if (t.typeName.name === 'Promise' || t.typeName.name === 'Partial' || t.typeName.name === 'Readonly') return typeNameOf(t.typeArguments?.params[0]);
  return t.typeName.name;
}

/** The type name a variable or parameter is declared with (`settings: SimRing`). */
function annotatedTypeOf(file: FileContext, id: TSESTree.Identifier): string | undefined {
  for (const a of file.ancestors(id)) {
    if (!isFunctionNode(a)) continue;
    for (const p of (a as TSESTree.FunctionLike).params) {
      const target = p.type === 'AssignmentPattern' ? p.left : p.type === 'TSParameterProperty' ? p.parameter : p;
      if (target.type === 'Identifier' && target.name === id.name) return typeNameOf(target.typeAnnotation?.typeAnnotation);
    }
  }
  for (const d of file.nodes(T.VariableDeclarator)) {
    if (d.id.type !== 'Identifier' || d.id.name !== id.name) continue;
    const name = typeNameOf(d.id.typeAnnotation?.typeAnnotation);
    if (name) return name;
  }
  return undefined;
}

/** The type an object literal is written as: its variable's annotation, or the return type of the function returning it. */
function contextualTypeOf(file: FileContext, literal: Node): string | undefined {
  let n = literal;
  let parent = file.parentOf(n);
  while (parent && (parent.type === 'TSAsExpression' || parent.type === 'TSSatisfiesExpression')) {
    const named = typeNameOf(parent.typeAnnotation);
    if (named) return named;
    n = parent;
    parent = file.parentOf(n);
  }
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return typeNameOf(parent.id.typeAnnotation?.typeAnnotation);
  const fn = parent?.type === 'ReturnStatement' ? enclosingFunction(file, parent) : parent && isFunctionNode(parent) ? parent : undefined;
  return fn ? typeNameOf((fn as TSESTree.FunctionLike).returnType?.typeAnnotation) : undefined;
}

/** The innermost function around a node (undefined at top level). */
function enclosingFunction(file: FileContext, node: Node): Node | undefined {
  for (const a of file.ancestors(node)) if (isFunctionNode(a)) return a;
  return undefined;
}

/** API requests made inside a function (its own body, nested callbacks included). */
function requestsIn(file: FileContext, fn: Node, catalog: LoadedCatalog): HttpRequest[] {
  return getRequests(file, catalog).filter((r) => r.isApi && r.node.range[0] >= fn.range[0] && r.node.range[1] <= fn.range[1]);
}

function verb(side: Side): string {
  return side === 'request' ? 'sent to' : 'read from the response of';
}

/** Whether a request's endpoint is known (a literal path segment), so being outside the scope means "another endpoint". */
function isResolved(r: HttpRequest): boolean {
  return Boolean(r.url && isResolvedPath(urlPath(r.url)));
}

/** Which of the scope's endpoints a request calls. */
function inScope(r: HttpRequest, endpoints: readonly Endpoint[], catalog: LoadedCatalog): Endpoint | undefined {
  return endpointOfRequest(r, endpoints, catalog);
}

/** Whether the file gives API context: an API request, an API host, or one of the scope's context words. */
export function hasApiContext(file: FileContext, scope: DetectionScope | undefined, catalog: LoadedCatalog): boolean {
  return file.cached(`api:context:${scope?.context?.join(',') ?? ''}`, () => {
    if (getRequests(file, catalog).some((r) => r.isApi)) return true;
    const lower = file.text.toLowerCase();
    if (namesApiHost(lower, catalog)) return true;
    return (scope?.context ?? []).some((w) => lower.includes(w.toLowerCase()));
  });
}

/** Decides from a list of requests (a node's links, or a function's requests). */
function judge(list: ReadonlyArray<{ request: HttpRequest; side?: Side }>, scope: DetectionScope, catalog: LoadedCatalog, where: string): Tie | 'other' | undefined {
  const resolved = list.filter((l) => isResolved(l.request));
  const hits = resolved.map((l) => ({ ...l, endpoint: inScope(l.request, scope.endpoints, catalog) })).filter((l) => l.endpoint);
  if (hits.length > 0) {
    const h = hits[0];
    const method = h.request.method;
    const text = describeEndpoint(h.endpoint!, method);
    if (hits.length === resolved.length && resolved.length === list.length) {
      return { confidence: 'certain', reason: where ? `${where} ${text}` : `${verb(h.side ?? 'request')} ${text}`, request: h.request };
    }
    return { confidence: 'likely', reason: `${where || 'tied to'} ${text} and other calls`, request: h.request };
  }
  if (resolved.length > 0 && resolved.length === list.length) {
    // Silent only for endpoints the catalog lists as using the same name for something else; an endpoint it
    // does not list for this notice (the document's `PATCH /licenses` for the reference's `/licenses/users`,
    // or any other) may be the notice's under another name: likely.
    const unlisted = resolved.find((l) => !isListedOther(l.request, scope, catalog));
    if (!unlisted) return 'other';
    return { confidence: 'likely', reason: `${where || verb(unlisted.side ?? 'request')} ${describeRequest(unlisted.request)}, an endpoint the catalog does not list for this notice`, request: unlisted.request, unlisted: true };
  }
  return undefined;
}

/** Whether a request calls one of the endpoints the scope lists as using the same names for something else. */
function isListedOther(r: HttpRequest, scope: DetectionScope, catalog: LoadedCatalog): boolean {
  return (scope.others ?? []).length > 0 && inScope(r, scope.others ?? [], catalog) !== undefined;
}

/** A request's method and path, for a reason (`PATCH /v1/licenses`). */
function describeRequest(r: HttpRequest): string {
  return `${r.method ?? 'a call to'} ${r.url ? urlPath(r.url).split(UNKNOWN).join('{...}').replace(/(\{\.\.\.\})+/g, '{...}') : 'an unresolved URL'}`;
}

/**
 * The confidence of a finding at `node` for a detection with this scope, or undefined when it must not be
 * reported (tied to another endpoint, or no API context in the file).
 */
export function scopeTie(file: FileContext, node: Node, scope: DetectionScope, catalog: LoadedCatalog): Tie | undefined {
  // A value that is the platform's own (an exact license name) is removed only by a direct tie to another
  // endpoint (sent to it, read from it), not by the calls of the function it is written in.
  const tie = scope.untied === 'certain' ? directTie(file, node, scope, catalog) : scopeTieOf(file, node, scope, catalog);
  if (tie === 'other') return undefined;
  if (tie && tie.confidence === 'certain') return tie;
  // A value that is the platform's own wherever it is written (an exact license name): only another endpoint removes it.
  // Tied to an endpoint the catalog does not list: likely, even for such values.
  if (tie?.unlisted) return tie;
  if (scope.untied === 'certain') return { confidence: 'certain', reason: 'the value is the platform\'s own wherever it is written, and this code is tied to no other endpoint' };
  return tie;
}

function directTie(file: FileContext, node: Node, scope: DetectionScope, catalog: LoadedCatalog): Tie | 'other' | undefined {
  const { links } = directLinks(file, node, catalog);
  return links.length > 0 ? judge(links, scope, catalog, '') : undefined;
}

function scopeTieOf(file: FileContext, node: Node, scope: DetectionScope, catalog: LoadedCatalog): Tie | 'other' | undefined {
  const { links, functions } = directLinks(file, node, catalog);
  if (links.length > 0) {
    const j = judge(links, scope, catalog, '');
    if (j === 'other') return 'other';
    if (j) return j;
  }
  for (const fn of [...functions, enclosingFunction(file, node)]) {
    if (!fn) continue;
    const inside = requestsIn(file, fn, catalog);
    if (inside.length === 0) continue;
    const j = judge(inside.map((request) => ({ request })), scope, catalog, 'in a function that calls');
    if (j === 'other') return 'other';
    if (j) return j;
  }
  if (!hasApiContext(file, scope, catalog)) return undefined;
  // The file's own resolved calls: only other endpoints (all of them resolved, none of ours) -> not ours.
  const calls = getRequests(file, catalog).filter((r) => r.isApi);
  const ours = calls.find((r) => isResolved(r) && inScope(r, scope.endpoints, catalog));
  if (!ours && calls.length > 0 && calls.every(isResolved) && calls.every((r) => isListedOther(r, scope, catalog))) return scope.untied === 'certain' ? undefined : 'other';
  const word = calls.length === 0 ? (scope.context ?? []).find((w) => file.text.toLowerCase().includes(w.toLowerCase())) : undefined;
  const reason = ours
    ? `the file calls ${describeEndpoint(inScope(ours, scope.endpoints, catalog)!, ours.method)}, but this code is not tied to that call`
    : word
      ? `the file mentions \`${word}\` but this code is not tied to ${describeEndpoint(scope.endpoints[0])}`
      : `the file calls the API, but this code is not tied to ${describeEndpoint(scope.endpoints[0])}`;
  return { confidence: 'likely', reason };
}

/**
 * The tie of a request a detection found by its own path patterns (a request-field detection) to the scope: its
 * endpoint is one of the scope's (certain), another resolved endpoint (not reported), or not resolved (likely).
 */
export function requestTie(request: HttpRequest, scope: DetectionScope, catalog: LoadedCatalog): Tie | undefined {
  const endpoint = inScope(request, scope.endpoints, catalog);
  if (endpoint) return { confidence: 'certain', reason: `sent to ${describeEndpoint(endpoint, request.method)}`, request };
  if (isResolved(request) && !(request.url && urlPath(request.url).includes(UNKNOWN))) {
    // Another endpoint: silent where the catalog lists it as using the same name for something else, likely otherwise.
    if (isListedOther(request, scope, catalog)) return undefined;
    return { confidence: 'likely', reason: `sent to ${describeRequest(request)}, an endpoint the catalog does not list for this notice`, request, unlisted: true };
  }
  return { confidence: scope.untied ?? 'likely', reason: `the request's path cannot be resolved to ${describeEndpoint(scope.endpoints[0])}`, request };
}

/**
 * The tie of a configuration file (`.json`, `.yaml`, `.env`) to a scope, from its text: it names one of the
 * endpoints (a URL or path matching a template: certain), only other endpoints (not reported), or the
 * endpoints' resources (`likely`).
 */
export function configTie(text: string, scope: DetectionScope): Tie | undefined {
  const paths = [...text.matchAll(/(?:https?:\/\/[^\s"'`/]+)?(\/[A-Za-z0-9_{}\-./]*[A-Za-z0-9_}])/g)].map((m) => m[1]);
  const ours = scope.endpoints.find((e) => paths.some((p) => pathMatchesLoose(e, p)));
  if (ours) return { confidence: 'certain', reason: `the file names ${describeEndpoint(ours)}` };
  const lower = text.toLowerCase();
  const others = (scope.others ?? []).filter((e) => paths.some((p) => pathMatchesLoose(e, p)));
  if (others.length > 0) return undefined;
  const word = (scope.context ?? []).find((w) => lower.includes(w.toLowerCase()));
  if (word) return { confidence: 'likely', reason: `the file mentions \`${word}\` but names no endpoint` };
  return undefined;
}

/** A path written in configuration (`/v1/telephony/config/workspaces/abc/simultaneousRing`) against a template. */
function pathMatchesLoose(endpoint: Endpoint, path: string): boolean {
  return pathMatches(endpoint, path);
}
