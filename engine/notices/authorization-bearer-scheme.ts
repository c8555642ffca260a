// Seed section 5, rule 1: "Every API call carries `Authorization: Bearer <ACCESS_TOKEN>`".
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { boundNames, dottedName, envVariableName, isFunctionNode, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import { holdFix, type Detector, type RawMatch } from '../detectors/detector.js';
import {
  calledFunction,
  getClientInstances,
  getRequests,
  headerValue,
  isReachableFromOtherFiles,
  parameterValues,
  resolveLocal,
  valueSource,
  type RequestHeader,
  apiMarkers,
  mayWriteApiUrl,
  returnedExpressions,
  urlPath,
} from '../api/index.js';
import type { CustomDetection, TextEdit } from '../types.js';

/** A name that holds a token itself (not a prepared header value). */
const TOKEN_NAME = /(^|[._])(token|accessToken|access_token|personalAccessToken|pat|botToken|apiToken|authToken)$/i;
const HEADERISH = /header|bearer|authorization|auth$|credentials/i;
/**
 * The OAuth endpoints a client authenticates itself at (`/access_token`, `/device/token`, `/device/authorize`):
 * `Authorization: Basic <client_id:client_secret>` there is OAuth client authentication (RFC 6749 section 2.3.1),
 * not an API call with a token, so its `Basic` scheme is not reported.
 */
const CLIENT_AUTH_PATH = /\/(?:access_token|device\/token|device\/authorize)\/?$/;

/** The leftmost literal text of a string expression: where the scheme word is written. */
function leadingLiteral(node: Node): { node: TSESTree.Literal | TSESTree.TemplateElement; offset: number; text: string } | undefined {
  const n = unwrap(node);
  if (n.type === 'Literal' && typeof n.value === 'string') return { node: n, offset: n.range[0] + 1, text: n.value };
  if (n.type === 'TemplateLiteral') return { node: n.quasis[0], offset: n.quasis[0].range[0] + 1, text: n.quasis[0].value.raw };
  if (n.type === 'BinaryExpression' && n.operator === '+') return leadingLiteral(n.left as Node);
  return undefined;
}

/** Whether a node belongs to this file's tree (not to a module another file's value was read from). */
function isOwn(file: FileContext, node: Node): boolean {
  let top: Node = node;
  for (const up of file.ancestors(node)) top = up;
  return top === file.ast;
}

const OTHER_HOST_SENDS_IT = "a request to another host sends the same header value; the edit changes it too";

type Finding = { messageId: string; data: Record<string, string>; fix?: TextEdit[]; likely?: string };

/**
 * Where a bare token's value comes from, when that is not in the repository (issue 26: a value the file cannot see
 * is judged only as far as the evidence goes). `scheme`: a value the repository shows reaching the header already
 * starts with a scheme word (`rooms('Bearer ' + t)`), so the header is not bare; `global`: a property of the page's
 * global object, which another script sets (as an undeclared name); `unseen`: a deployment or a caller outside the
 * repository gives the value (an environment variable, the browser's storage, a parameter of a function other
 * modules may call), which may already carry `Bearer `: the finding is likely, and adding the scheme is not an
 * autofix. Undefined: the value is made in the repository (as far as it is followed), judged by its name as before.
 */
type TokenSource = { kind: 'scheme' } | { kind: 'global' } | { kind: 'unseen'; reason: string };

/** A string that starts with a scheme word and a space (`Bearer <t>`, `Basic <c>`). */
const SCHEME_START = /^[A-Za-z][\w.-]*[ \t]+\S/;
const GLOBAL_OBJECTS = new Set(['window', 'globalThis', 'self']);
const STORAGE_READ = /^(?:(?:window|globalThis|self)\.)?(?:localStorage|sessionStorage)\.getItem$/;

/** Whether a value folds to a string that starts with a scheme word (`'Bearer ' + t`): the header it reaches is not bare. */
function carriesScheme(file: FileContext, node: Node): boolean {
  const folded = file.staticString(resolveLocal(file, node));
  return !!folded && SCHEME_START.test(folded.value);
}

function worst(a: TokenSource | undefined, b: TokenSource | undefined): TokenSource | undefined {
  const rank = (s: TokenSource | undefined): number => (s === undefined ? 0 : s.kind === 'unseen' ? 1 : 2);
  return rank(b) > rank(a) ? b : a;
}

/** The function whose parameter a name is (the nearest enclosing function binding it), if any. */
function parameterOwner(file: FileContext, id: TSESTree.Identifier): Node | undefined {
  for (const a of file.ancestors(id)) {
    if (!isFunctionNode(a)) continue;
    if (a.params.some((p) => boundNames(p as Node).includes(id.name))) return a;
  }
  return undefined;
}

/** A name an `import` binds whose value the project model cannot reach (a module or package the repository does not hold). */
function unreachedImport(file: FileContext, id: TSESTree.Identifier): boolean {
  const imported = file.nodes(T.ImportDeclaration).some((i) => i.specifiers.some((sp) => sp.local.name === id.name));
  return imported && file.locate(id) === undefined;
}

/**
 * Whether a callee is a function of a module the repository does not hold: a name imported from it, a member of one,
 * or a member of an object made by one of its functions or classes (`const sdk = new Sdk()`, `sdk.getToken`).
 */
function fromUnheldModule(file: FileContext, callee: Node, depth = 0): boolean {
  let root = unwrap(callee);
  while (root.type === 'MemberExpression') root = unwrap(root.object as Node);
  if (root.type === 'CallExpression' || root.type === 'NewExpression') return depth < 3 && fromUnheldModule(file, root.callee as Node, depth + 1);
  if (root.type !== 'Identifier') return false;
  if (unreachedImport(file, root) || requiredPackage(file, root)) return true;
  if (depth >= 3) return false;
  const { file: there, node } = valueSource(file, root);
  const made = unwrap(node);
  return (made.type === 'NewExpression' || made.type === 'CallExpression') && fromUnheldModule(there, made.callee as Node, depth + 1);
}

/** A name bound to `require('<package>')` (a bare specifier the project model does not resolve to a module of the repository). */
function requiredPackage(file: FileContext, id: TSESTree.Identifier): boolean {
  const far = file.locate(id);
  if (far && far.file !== file) return false;
  const init = file.nodes(T.VariableDeclarator).find((d) => d.id.type === 'Identifier' && d.id.name === id.name)?.init;
  const call = init && unwrap(init as Node);
  return call?.type === 'CallExpression' && call.callee.type === 'Identifier' && call.callee.name === 'require' && call.arguments[0]?.type === 'Literal' && typeof call.arguments[0].value === 'string' && !/^[./]/.test(call.arguments[0].value);
}

const IMPORTED_REASON = 'the token is imported from a module the repository does not hold (its value may already carry the scheme)';

function tokenSource(file: FileContext, node: Node, depth = 0): TokenSource | undefined {
  if (depth > 4) return undefined;
  const { file: there, node: reached } = valueSource(file, node);
  const n = unwrap(reached);
  switch (n.type) {
    case 'AwaitExpression':
      return tokenSource(there, n.argument as Node, depth + 1);
    case 'LogicalExpression':
      return worst(tokenSource(there, n.left as Node, depth + 1), tokenSource(there, n.right as Node, depth + 1));
    case 'ConditionalExpression':
      return worst(tokenSource(there, n.consequent as Node, depth + 1), tokenSource(there, n.alternate as Node, depth + 1));
    case 'MemberExpression': {
      const env = envVariableName(n);
      if (env) return { kind: 'unseen', reason: `the token is the environment variable ${env}, whose value a deployment sets (it may already carry the scheme)` };
      const root = unwrap(n.object as Node);
      if (root.type === 'Identifier' && GLOBAL_OBJECTS.has(root.name)) return { kind: 'global' };
      if (root.type === 'Identifier' && unreachedImport(there, root)) return { kind: 'unseen', reason: IMPORTED_REASON };
      return undefined;
    }
    case 'CallExpression': {
      const callee = dottedName(n.callee as Node);
      if (callee && STORAGE_READ.test(callee)) return { kind: 'unseen', reason: "the token is read from the browser's storage, written elsewhere (it may already carry the scheme)" };
      // A function of the repository: what its returns give (each of them).
      const called = calledFunction(there, n);
      if (called) {
        const returns = returnedExpressions(called.file, called.fn);
        let out: TokenSource | undefined;
        for (const r of returns ?? []) {
          if (carriesScheme(called.file, r)) return { kind: 'scheme' };
          out = worst(out, tokenSource(called.file, r, depth + 1));
        }
        return out;
      }
      // A function of a package the repository does not hold (`sdk.getToken()`, `new Client().token()`).
      if (fromUnheldModule(there, n.callee as Node)) return { kind: 'unseen', reason: `the token is what ${callee ?? 'a function'}() returns, a function of a package the repository does not hold (it may already carry the scheme)` };
      return undefined;
    }
    case 'Identifier': {
      const fn = parameterOwner(there, n);
      if (!fn) {
        if (unreachedImport(there, n)) return { kind: 'unseen', reason: IMPORTED_REASON };
        // A name the file assigns without declaring it here (a page script's global): every value it assigns.
        let out: TokenSource | undefined;
        for (const a of there.nodes(T.AssignmentExpression))
          if (a.operator === '=' && a.left.type === 'Identifier' && a.left.name === n.name) out = worst(out, tokenSource(there, a.right as Node, depth + 1));
        return out;
      }
      const values = parameterValues(there, fn, n.name);
      // A value the repository shows reaching the parameter that carries a scheme: the header is not bare.
      for (const v of values ?? []) if (carriesScheme(there, v.node)) return { kind: 'scheme' };
      if (!values || isReachableFromOtherFiles(there, fn))
        return { kind: 'unseen', reason: `the token is the parameter ${n.name} of a function that callers outside this file may call, with values the repository does not show (one may already carry the scheme)` };
      let out: TokenSource | undefined;
      for (const v of values) out = worst(out, tokenSource(there, v.node, depth + 1));
      return out;
    }
    default:
      return undefined;
  }
}

/** The text a `Name: value` header line writes before its value (`'Authorization: '`), or '' for any other header. */
const LINE_NAME = /^[^:]*:[ \t]*/;

/**
 * A `Name: value` line (a device HttpClient's `Header` entry) whose value is a token alone: `'Authorization: ' + token`,
 * `` `Authorization: ${token}` ``. The token expression and where `Bearer ` goes in the written line.
 */
function lineToken(written: Node): { expr: Node; at: number } | undefined {
  if (written.type === 'BinaryExpression' && written.operator === '+') {
    const left = unwrap(written.left as Node);
    if (left.type === 'Literal' && typeof left.value === 'string' && LINE_NAME.exec(left.value)?.[0] === left.value) return { expr: unwrap(written.right), at: left.range[1] - 1 };
  }
  if (written.type === 'TemplateLiteral' && written.expressions.length === 1 && written.quasis[1]?.value.cooked === '') {
    const head = written.quasis[0].value.cooked ?? '';
    if (LINE_NAME.exec(head)?.[0] === head) return { expr: written.expressions[0], at: written.quasis[0].range[1] - 2 };
  }
  return undefined;
}

function judge(file: FileContext, h: RequestHeader): Finding | undefined {
  const written = unwrap(h.value);
  const value = resolveLocal(file, written);
  const folded = headerValue(file, h, (n) => resolveLocal(file, n));
  // Where the value starts in a `Name: value` line's leftmost literal (its name and colon come first).
  const skip = (text: string): number => (h.line ? (LINE_NAME.exec(text)?.[0].length ?? -1) : 0);
  if (h.line && (!folded || folded.value.startsWith('\u0000'))) {
    const token = value === written ? lineToken(written) : undefined;
    const name = token ? dottedName(token.expr) : undefined;
    if (!token || !name || !TOKEN_NAME.test(name) || HEADERISH.test(name)) return undefined;
    const source = tokenSource(file, token.expr);
    if (source && source.kind !== 'unseen') return undefined;
    return { messageId: 'bareToken', data: {}, fix: [{ range: [token.at, token.at], text: 'Bearer ' }], likely: source?.reason };
  }
  if (folded && !folded.value.startsWith('\u0000')) {
    const m = /^(\S+)(\s+)/.exec(folded.value);
    const scheme = m?.[1];
    if (scheme && /^bearer$/i.test(scheme)) return undefined;
    if (!scheme) {
      if (folded.complete && folded.value !== '') return { messageId: 'bareToken', data: {} };
      return undefined;
    }
    if (/^basic$/i.test(scheme)) return { messageId: 'otherScheme', data: { scheme } };
    // `Token <t>`, `OAuth <t>`: the scheme word in the leftmost literal becomes `Bearer` (only when written here).
    const lead = value === written ? leadingLiteral(written) : undefined;
    const at = lead ? lead.text.indexOf(scheme) : -1;
    const fix = lead && at >= 0 && at === skip(lead.text) ? [{ range: [lead.offset + at, lead.offset + at + scheme.length] as [number, number], text: 'Bearer' }] : undefined;
    return { messageId: 'otherScheme', data: { scheme }, fix };
  }
  // A bare token variable (`Authorization: token`, `` `${accessToken}` ``).
  let expr: Node = written;
  if (written.type === 'TemplateLiteral' && written.expressions.length === 1 && written.quasis.every((q) => q.value.cooked === '')) expr = written.expressions[0];
  // `'' + token` (or `token + ''`): the same value as `` `${token}` ``, written with `+`.
  const isEmpty = (n: Node): boolean => n.type === 'Literal' && n.value === '';
  if (written.type === 'BinaryExpression' && written.operator === '+') {
    if (isEmpty(unwrap(written.left as Node)) && !isEmpty(unwrap(written.right))) expr = written.right;
    else if (isEmpty(unwrap(written.right)) && !isEmpty(unwrap(written.left as Node))) expr = written.left as Node;
  }
  const name = dottedName(expr);
  if (!name || !TOKEN_NAME.test(name) || HEADERISH.test(name)) return undefined;
  // A name this file neither declares nor assigns (`authToken`, set by another script the page includes): its value,
  // and whether it already carries the scheme, cannot be read here.
  if (expr.type === 'Identifier' && !namesInFile(file).has(expr.name)) return undefined;
  const source = tokenSource(file, expr);
  if (source && source.kind !== 'unseen') return undefined;
  return { messageId: 'bareToken', data: {}, fix: [{ range: written.range, text: `\`Bearer \${${file.getText(expr)}}\`` }], likely: source?.reason };
}

/** Every name the file declares (variables, functions, classes, parameters, imports, catch clauses) or assigns. */
function namesInFile(file: FileContext): ReadonlySet<string> {
  return file.cached('authorization-bearer-scheme:names', () => {
    const names = new Set<string>();
    const bind = (n: Node | null | undefined): void => {
      if (n) for (const name of boundNames(n)) names.add(name);
    };
    for (const d of file.nodes(T.VariableDeclarator)) bind(d.id as Node);
    for (const type of [T.FunctionDeclaration, T.FunctionExpression, T.ArrowFunctionExpression] as const)
      for (const f of file.nodes(type)) {
        if ('id' in f && f.id) bind(f.id as Node);
        for (const p of f.params) bind(p as Node);
      }
    for (const c of file.nodes(T.ClassDeclaration)) bind(c.id as Node | null);
    for (const i of file.nodes(T.ImportDeclaration)) for (const sp of i.specifiers) bind(sp.local as Node);
    for (const c of file.nodes(T.CatchClause)) bind(c.param as Node | null);
    for (const a of file.nodes(T.AssignmentExpression)) bind(a.left as Node);
    return names;
  });
}

export const authorizationBearerScheme: Detector<CustomDetection> = {
  kind: 'authorization-bearer-scheme',
  messages: {
    bareToken: 'The `Authorization` header of an API request carries the token without the `Bearer` scheme, so it is not treated as an OAuth token. {{instead}}',
    otherScheme: 'The `Authorization` header of an API request uses the `{{scheme}}` scheme; the API needs `Bearer`. {{instead}}',
  },
  tokens: () => ['authorization'],
  requires: (_d, catalog) => apiMarkers(catalog),
  // Only requests and clients whose URL calls the API are judged (`isApi`): a file writes such a URL, or imports it.
  mayMatch: (text, ctx) => mayWriteApiUrl(text, ctx.catalog),
  gateOnImportedUrls: true,
  detect(file, ctx) {
    const out: RawMatch[] = [];
    const seen = new Set<Node>();
    const headers: RequestHeader[] = [];
    const clientAuth = new Set<Node>();
    // Header values another host's request sends too (one header object for the API and GitHub, or a client made for
    // the API called with an absolute URL of another host): an edit there changes that request as well.
    const foreign = new Set<Node>();
    for (const r of getRequests(file, ctx.catalog)) {
      if (!r.isApi) {
        for (const h of r.headers) if (h.name.toLowerCase() === 'authorization') foreign.add(h.value);
        continue;
      }
      // Inherited headers are judged where their client is made; `$.ajaxSetup`'s (no client object) with the requests of its file;
      // those another module's object gives it here (`headers: { ...AUTH_HEADERS }`) are its own, judged below where brought in.
      const own = r.headers.filter((h) => !h.inherited || (h.shared?.kind === 'ajax-setup' && isOwn(file, h.value)) || h.broughtIn?.file === file);
      headers.push(...own);
      if (r.url && CLIENT_AUTH_PATH.test(urlPath(r.url))) for (const h of own) clientAuth.add(h.value);
    }
    for (const c of getClientInstances(file, ctx.catalog).values()) if (c.isApi) headers.push(...c.headers);
    for (const h of headers) {
      if (h.name.toLowerCase() !== 'authorization' || seen.has(h.value)) continue;
      seen.add(h.value);
      const f = judge(file, h);
      if (f?.messageId === 'otherScheme' && /^basic$/i.test(f.data.scheme) && clientAuth.has(h.value)) continue;
      // A value written in another module's object is reported where this file brings it in, without an edit
      // (the object is shared with the module's other importers, and its text is not this file's).
      const brought = h.broughtIn ? (h.broughtIn.file === file ? h.broughtIn.node : undefined) : h.value;
      if (!brought || out.some((m) => m.node === brought)) continue;
      if (!f) continue;
      const fix = h.broughtIn ? undefined : f.fix;
      // A likely match's edit is offered as a suggestion, never applied by `--fix` (engine/analyze.ts); a certain one's
      // is held back as a suggestion that says why when another host's request sends the same value (the brief's
      // second lesson).
      if (f.likely) out.push({ node: brought, messageId: f.messageId, data: f.data, fix, confidence: 'likely', confidenceReason: f.likely });
      else {
        const m: RawMatch = { node: brought, messageId: f.messageId, data: f.data, fix };
        out.push(foreign.has(h.value) ? holdFix(m, OTHER_HOST_SENDS_IT) : m);
      }
    }
    return out;
  },
};
