/**
 * Where the unknown base of a request URL comes from, when the URL is taken for the API only by its path
 * (`${this.baseUrl}/organizations/`, engine/api/url.ts {@link isApiUrl}): a path word alone is weak evidence in a
 * module that calls other services with the same resource names (a collection of vendor adapters: Sentry's
 * `/organizations/`, a secret server's `/roles`). A finding belongs to an endpoint, so the base must not say
 * otherwise: a branch of the base naming another service's host (`config.baseUrl ? config.baseUrl :
 * 'https://sentry.io/api/0'`) makes it that service's; a base that is only the caller's configuration (a
 * constructor's parameter) is the platform's only with platform evidence in the module or what it imports.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { LOOPBACK_HOST, UNKNOWN, isFunctionNode, memberName, unwrap, type FileContext } from '../parse/file-context.js';
import { projectOf } from '../project/modules.js';
import { localInit } from './bindings.js';
import type { HttpRequest } from './request.js';
import { thisClass } from './summaries.js';
import { apiHosts, namesApiHost, urlHost } from './url.js';

type Node = TSESTree.Node;
type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** What the values a base may take say: an API host, another service's host, only the caller's configuration. */
export type BaseOrigin = 'api' | 'other' | 'configured';

/** Words that name the platform in a module's text (its names, comments, environment variables). */
const PLATFORM_WORDS = /webex|ciscospark|\bspark\b/i;

/** Whether a node is part of this file's tree (a summarized request of another module carries that module's nodes). */
function ownNode(file: FileContext, node: Node): boolean {
  let n: Node | undefined = node;
  for (let i = 0; n && i < 4096; i++) {
    if (n === file.ast) return true;
    n = file.parentOf(n);
  }
  return false;
}

/** The expression a URL starts with (`${base}${path}`, `base + path`, a local constant holding it). */
function leading(file: FileContext, node: Node, depth = 0): Node | undefined {
  if (depth > 6) return undefined;
  const n = unwrap(node);
  if (n.type === 'TemplateLiteral') {
    if (n.expressions.length === 0 || (n.quasis[0].value.cooked ?? n.quasis[0].value.raw) !== '') return undefined;
    return leading(file, n.expressions[0] as Node, depth + 1);
  }
  if (n.type === 'BinaryExpression' && n.operator === '+') return leading(file, n.left as Node, depth + 1);
  if (n.type === 'Identifier') {
    const init = localInit(file, n) ?? appendedStart(file, n);
    return init ? leading(file, init, depth + 1) : n;
  }
  return n;
}

/**
 * The initializer of a `let` of the function a name is read in that the function only appends to (`let url =
 * `${this.baseUrl}${path}`; if (q) url += '?' + q;`): the URL still starts with it.
 */
function appendedStart(file: FileContext, id: TSESTree.Identifier): Node | undefined {
  const fn = [...file.ancestors(id)].find(isFunctionNode);
  if (!fn) return undefined;
  const inFn = (n: Node): boolean => n.range[0] >= fn.range[0] && n.range[1] <= fn.range[1];
  const decls = file.nodes(T.VariableDeclarator).filter((d) => inFn(d) && d.id.type === 'Identifier' && d.id.name === id.name);
  if (decls.length !== 1 || !decls[0].init || decls[0].range[1] > id.range[0]) return undefined;
  const writes = file.nodes(T.AssignmentExpression).filter((a) => inFn(a) && a.left.type === 'Identifier' && a.left.name === id.name);
  return writes.every((a) => a.operator === '+=') ? (decls[0].init as Node) : undefined;
}

/** The values a class gives its field `key`: its initializer and every `this.key = value` of its methods. */
function fieldValues(file: FileContext, cls: ClassNode, key: string): Node[] {
  const out: Node[] = [];
  for (const m of cls.body.body) {
    if (m.type === 'PropertyDefinition' && !m.static && !m.computed && m.key.type === 'Identifier' && m.key.name === key && m.value) out.push(m.value as Node);
  }
  for (const a of file.nodes(T.AssignmentExpression)) {
    if (a.range[0] < cls.range[0] || a.range[1] > cls.range[1] || a.left.type !== 'MemberExpression') continue;
    if (unwrap(a.left.object as Node).type !== 'ThisExpression' || memberName(a.left) !== key) continue;
    if (thisClass(file, a) !== cls) continue;
    out.push(a.right as Node);
  }
  return out;
}

/** The parameters' names of the functions around a node. */
function parameterNames(file: FileContext, node: Node): Set<string> {
  const names = new Set<string>();
  const add = (p: Node): void => {
    if (p.type === 'Identifier') names.add(p.name);
    else if (p.type === 'AssignmentPattern') add(p.left as Node);
    else if (p.type === 'TSParameterProperty') add(p.parameter as Node);
    else if (p.type === 'ObjectPattern') for (const q of p.properties) add((q.type === 'Property' ? q.value : q.argument) as Node);
  };
  for (const a of file.ancestors(node)) if (isFunctionNode(a)) for (const p of a.params) add(p as Node);
  return names;
}

/** The host an absolute URL's text gives (`https://x.example.com/v1`), its known tail when part of it is unknown. */
function hostOf(text: string): string | undefined {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(text);
  if (!m) return undefined;
  const host = m[1].replace(/:\d+$/, '').toLowerCase();
  const tail = host.slice(host.lastIndexOf(UNKNOWN) + 1);
  return tail.includes('.') ? tail.replace(/^\./, '') : undefined;
}

/**
 * What one value of a base says. Its strings: a URL on an API host is the platform's, one on another service's host
 * (not this machine) is that service's; otherwise, a value read from a parameter of the function that sets it (the
 * constructor's `config.baseUrl`, `config.baseUrl.replace(/\/$/, '')`) is the caller's configuration.
 */
function valueOrigin(file: FileContext, catalog: LoadedCatalog, value: Node): BaseOrigin | undefined {
  const hosts = apiHosts(catalog);
  let api = false;
  let other = false;
  let configured = false;
  const params = parameterNames(file, value);
  const stack: Node[] = [value];
  const seen = new Set<Node>();
  while (stack.length > 0) {
    const n = stack.pop()!;
    let text: string | undefined;
    if (n.type === 'Literal' && typeof n.value === 'string') text = n.value;
    else if (n.type === 'TemplateLiteral') text = n.quasis.map((q) => q.value.cooked ?? q.value.raw).join(UNKNOWN);
    if (text !== undefined) {
      const host = hostOf(text);
      if (namesApiHost(text.toLowerCase(), catalog) || (host !== undefined && hosts.has(host))) api = true;
      else if (host !== undefined && !LOOPBACK_HOST.test(host)) other = true;
    }
    if (n.type === 'Identifier') {
      const parent = file.parentOf(n);
      const read = !(parent?.type === 'MemberExpression' && parent.property === n && !parent.computed);
      if (read && params.has(n.name)) configured = true;
      else if (read && seen.size < 16) {
        // A local constant the value is made of (`const root = config.baseUrl.replace(...)`): what it holds.
        const init = localInit(file, n);
        if (init && !seen.has(init)) {
          seen.add(init);
          stack.push(init);
        }
      }
    }
    for (const key of ['expressions', 'left', 'right', 'test', 'consequent', 'alternate', 'object', 'callee', 'arguments', 'expression', 'argument'] as const) {
      const child = (n as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) for (const c of child) { if (c && typeof (c as Node).type === 'string') stack.push(c as Node); }
      else if (child && typeof (child as Node).type === 'string') stack.push(child as Node);
    }
  }
  return api ? 'api' : other ? 'other' : configured ? 'configured' : undefined;
}

/**
 * What the base of a URL expression says (`this.baseUrl` and the values its class gives it), or undefined when the
 * URL does not start with a field of the class it is read in, or the field's values say nothing.
 */
function baseOrigin(file: FileContext, catalog: LoadedCatalog, url: Node): BaseOrigin | undefined {
  if (!ownNode(file, url)) return undefined;
  const base = leading(file, url);
  if (!base || base.type !== 'MemberExpression' || unwrap(base.object as Node).type !== 'ThisExpression') return undefined;
  const key = memberName(base);
  const cls = key === undefined ? undefined : thisClass(file, base);
  if (!cls || key === undefined) return undefined;
  const values = fieldValues(file, cls, key);
  if (values.length === 0) return undefined;
  const origins = values.map((v) => valueOrigin(file, catalog, v));
  if (origins.includes('api')) return 'api';
  if (origins.includes('other')) return 'other';
  return origins.every((o) => o === 'configured') ? 'configured' : undefined;
}

/** Whether the module names the platform: an API host in its text or in the modules it imports, or the platform's name. */
function platformEvidence(file: FileContext, catalog: LoadedCatalog): boolean {
  return file.cached('base-origin:platform-evidence', () => {
    if (PLATFORM_WORDS.test(file.text) || namesApiHost(file.text.toLowerCase(), catalog)) return true;
    const project = projectOf(file.filename);
    return !!project && project.importedTexts(file.filename, file.text).some((t) => PLATFORM_WORDS.test(t) || namesApiHost(t.toLowerCase(), catalog));
  });
}

/** The first origin the URL's levels give (the call site's URL, then each wrapper's request's, innermost last). */
function requestOrigin(file: FileContext, catalog: LoadedCatalog, r: HttpRequest): BaseOrigin | undefined {
  const seen = new Set<HttpRequest>();
  for (let q: HttpRequest | undefined = r; q && !seen.has(q) && seen.size < 8; q = q.wrapper?.request) {
    seen.add(q);
    const origin = q.urlNode ? baseOrigin(file, catalog, q.urlNode) : undefined;
    if (origin) return origin;
  }
  return undefined;
}

/** Whether an origin says the request is not the platform's: another service's host, or configuration without platform evidence. */
function denies(file: FileContext, catalog: LoadedCatalog, origin: BaseOrigin | undefined): boolean {
  return origin === 'other' || (origin === 'configured' && !platformEvidence(file, catalog));
}

/**
 * Requests taken for the API only by their URL's path (the host not known) whose base says otherwise: another
 * service's host on a branch, or only the caller's configuration in a module without platform evidence. Each is made
 * not the API's, and so is one made through a call whose own request's base says so (`callTool` -> `this.listTeams(args)` -> `this.request('GET', '/teams')`,
 * where a level read the inner call alone, its base not seen).
 */
export function denyOtherBases(file: FileContext, catalog: LoadedCatalog, requests: readonly HttpRequest[]): void {
  const byNode = new Map<Node, HttpRequest>();
  for (const r of requests) if (!byNode.has(r.node)) byNode.set(r.node, r);
  for (const r of requests) {
    if (!r.isApi || !r.url || urlHost(r.url) !== undefined) continue;
    if (denies(file, catalog, requestOrigin(file, catalog, r))) {
      r.isApi = false;
      continue;
    }
    for (let q = r.wrapper?.request, i = 0; q && i < 8; q = q.wrapper?.request, i++) {
      const own = byNode.get(q.node);
      if (!own || own === r || own === q) continue;
      if (denies(file, catalog, requestOrigin(file, catalog, own))) {
        r.isApi = false;
        break;
      }
    }
  }
}
