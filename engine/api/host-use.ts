/**
 * Where a host written in code or configuration is used: the URL it is part of (template, concatenation,
 * `new URL`), or, for a base address (`const CDR_BASE = 'https://analytics.webexapis.com/v1'`), every URL built
 * from it in the file. The paths decide the confidence of a host finding against the detection's scope.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import { unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import type { DetectionScope, Endpoint } from '../types.js';
import { getClientInstances, getRequests } from './calls.js';
import { describeEndpoint, isResolvedPath, pathMatches } from './endpoints.js';
import type { Tie } from './tie.js';
import { urlPath } from './url.js';

/** The outermost string expression a literal is part of (template, `+` chain, parentheses, `as`). */
function outermostString(file: FileContext, node: Node): Node {
  let current = node;
  for (let i = 0; i < 20; i++) {
    const parent = file.parentOf(current);
    if (!parent) break;
    if (parent.type === 'TemplateLiteral' || (parent.type === 'BinaryExpression' && parent.operator === '+') || parent.type === 'TSAsExpression' || parent.type === 'TSNonNullExpression') {
      current = parent;
      continue;
    }
    // `new URL('/v1/cdr_feed', 'https://analytics...')`: the URL both make.
    if (parent.type === 'NewExpression' && parent.callee.type === 'Identifier' && parent.callee.name === 'URL') {
      current = parent;
      continue;
    }
    break;
  }
  return current;
}

/** The path a folded string expression has after its host, or undefined when it cannot be folded. */
function pathOf(file: FileContext, node: Node): string | undefined {
  const n = unwrap(node);
  if (n.type === 'NewExpression') {
    const [path, base] = n.arguments as Node[];
    const p = path ? file.staticString(path) : undefined;
    const b = base ? file.staticString(base) : undefined;
    if (p && /^[a-z]+:\/\//i.test(p.value)) return urlPath(p);
    if (p && b) return urlPath({ value: b.value.replace(/\/+$/, '') + (p.value.startsWith('/') ? p.value : `/${p.value}`), complete: p.complete && b.complete });
    if (p) return urlPath(p);
    return b ? urlPath(b) : undefined;
  }
  const s = file.staticString(n);
  return s ? urlPath(withScheme(s.value, s.complete)) : undefined;
}

/** `analytics.webexapis.com/v1/x` written without a scheme, read as a URL (so the host is not taken for a path). */
function withScheme(value: string, complete: boolean): { value: string; complete: boolean } {
  return { value: /^[a-z0-9-]+(\.[a-z0-9-]+)+(?=[/:?#]|$)/i.test(value) ? `https://${value}` : value, complete };
}

/** The identifier a string expression is bound to (`const X = '...'`, `X: '...'` in an object, `this.x = '...'`). */
function boundName(file: FileContext, node: Node): string | undefined {
  const parent = file.parentOf(node);
  if (parent?.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier') return parent.id.name;
  if (parent?.type === 'Property' && parent.value === node && parent.key.type === 'Identifier') return parent.key.name;
  if (parent?.type === 'PropertyDefinition' && parent.value === node && parent.key.type === 'Identifier') return parent.key.name;
  if (parent?.type === 'AssignmentExpression' && parent.right === node && parent.left.type === 'MemberExpression' && parent.left.property.type === 'Identifier') return parent.left.property.name;
  return undefined;
}

type Verdict = { kind: 'ours'; endpoint: Endpoint } | { kind: 'other'; path: string } | { kind: 'unknown' };

function classify(path: string | undefined, scope: DetectionScope): Verdict {
  if (path === undefined || !isResolvedPath(path) || /^\/?v1\/?$/.test(path.replace(/\u0000+$/, ''))) return { kind: 'unknown' };
  const endpoint = scope.endpoints.find((e) => pathMatches(e, path));
  if (endpoint) return { kind: 'ours', endpoint };
  // A path that ends in an unknown part after a known prefix (`/v1/${kind}`) may still be ours.
  if (path.includes('\u0000')) return { kind: 'unknown' };
  return { kind: 'other', path };
}

/** The paths of the URLs built from a base bound to `name`: references folded in their own outermost expression, and requests of clients configured with it. */
function usesOf(file: FileContext, name: string, declaration: Node, catalog: LoadedCatalog, baseValue: string): Array<string | undefined> {
  const paths: Array<string | undefined> = [];
  for (const id of file.nodes(T.Identifier)) {
    if (id.name !== name || (id.range[0] >= declaration.range[0] && id.range[1] <= declaration.range[1])) continue;
    const parent = file.parentOf(id);
    // Only value uses: `${X}/path`, `X + '/path'`, `new URL(p, X)`, `this.X`/`cfg.X` members, call arguments.
    if (parent?.type === 'Property' && parent.key === id && !parent.shorthand) continue;
    // A client's base (`axios.create({ baseURL: X })`): its requests are added below.
    if (parent?.type === 'Property' && parent.value === id && parent.key.type === 'Identifier' && /^(baseURL|baseUrl|prefixUrl)$/.test(parent.key.name)) continue;
    if (parent?.type === 'MemberExpression' && parent.property === id && parent.computed === false) {
      paths.push(usePath(file, parent));
      continue;
    }
    if (parent?.type === 'VariableDeclarator' && parent.id === id) continue;
    if (parent?.type === 'ImportSpecifier' || parent?.type === 'ExportSpecifier') {
      paths.push(undefined);
      continue;
    }
    paths.push(usePath(file, id));
  }
  // Clients configured with the base (`axios.create({ baseURL: X })`): their requests' paths.
  for (const instance of getClientInstances(file, catalog).values()) {
    if (!instance.baseUrl?.value.startsWith(baseValue)) continue;
    for (const r of getRequests(file, catalog)) if (r.url?.value.startsWith(baseValue)) paths.push(urlPath(r.url));
  }
  return paths;
}

/** The path of the URL a use of a base makes, or undefined when the use leaves the file or cannot be folded. */
function usePath(file: FileContext, use: Node): string | undefined {
  const outer = outermostString(file, use);
  // Passed on as it is (an argument, exported, returned, a client's `baseURL`): not resolved here; a client's
  // requests are added by the instance pass of usesOf.
  if (outer === use) return undefined;
  return pathOf(file, outer);
}

/** Combines the verdicts of a base's uses. */
function combine(verdicts: readonly Verdict[], scope: DetectionScope, what: string): Tie | undefined {
  const ours = verdicts.filter((v): v is Extract<Verdict, { kind: 'ours' }> => v.kind === 'ours');
  const others = verdicts.filter((v): v is Extract<Verdict, { kind: 'other' }> => v.kind === 'other');
  const unknown = verdicts.length - ours.length - others.length;
  if (verdicts.length > 0 && ours.length === verdicts.length) return { confidence: 'certain', reason: `${what} is used only for ${describeEndpoint(ours[0].endpoint)}` };
  if (ours.length === 0 && others.length > 0 && unknown === 0) return undefined;
  if (ours.length > 0 && others.length > 0) return { confidence: 'likely', reason: `${what} is used for ${describeEndpoint(ours[0].endpoint)} and also for ${others[0].path}, which did not move` };
  return { confidence: 'likely', reason: `${what} is a base address whose uses cannot all be resolved to ${describeEndpoint(scope.endpoints[0])}` };
}

/**
 * The confidence of a host found in a string literal or template element `node`, or undefined when it must not
 * be reported (its URL is another endpoint on the same host, e.g. historical analytics).
 */
export function hostUseTie(file: FileContext, node: Node, _range: [number, number], scope: DetectionScope, catalog: LoadedCatalog): Tie | undefined {
  const literal = node.type === 'TemplateElement' ? (file.parentOf(node) as Node) : node;
  const outer = outermostString(file, literal);
  const own = classify(pathOf(file, outer), scope);
  if (own.kind === 'ours') return { confidence: 'certain', reason: `the URL is ${describeEndpoint(own.endpoint)}` };
  if (own.kind === 'other') return undefined;
  // `const base = gov ? GOV : 'https://...'`, `process.env.CDR_BASE ?? 'https://...'`: the binding of the whole.
  let holder = outer;
  for (let p = file.parentOf(holder); p && (p.type === 'ConditionalExpression' || p.type === 'LogicalExpression'); p = file.parentOf(holder)) holder = p;
  const name = boundName(file, holder);
  const value = file.staticString(outer)?.value.split('\u0000')[0] ?? '';
  if (!name) return { confidence: 'likely', reason: `the host is not part of a URL that resolves to ${describeEndpoint(scope.endpoints[0])}` };
  const uses = usesOf(file, name, file.parentOf(holder) ?? holder, catalog, value).map((p) => classify(p, scope));
  return combine(uses, scope, `\`${name}\``);
}

/**
 * The confidence of a host found in a configuration file's text: the URL it starts (its path up to a quote,
 * space or line end) decides; a bare host is likely.
 */
export function hostTextTie(text: string, range: [number, number], scope: DetectionScope, _catalog: LoadedCatalog): Tie | undefined {
  const rest = /^[^\s"'`,;]*/.exec(text.slice(range[1]))?.[0] ?? '';
  const path = rest.replace(/^:\d+/, '').split(/[?#]/)[0];
  const v = classify(path === '' ? undefined : path, scope);
  if (v.kind === 'ours') return { confidence: 'certain', reason: `the URL is ${describeEndpoint(v.endpoint)}` };
  if (v.kind === 'other') return undefined;
  return { confidence: 'likely', reason: `a bare host: its use cannot be resolved to ${describeEndpoint(scope.endpoints[0])}` };
}
