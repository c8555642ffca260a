// Seed section 5, rule 1: "Every API call carries `Authorization: Bearer <ACCESS_TOKEN>`".
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { boundNames, dottedName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, RawMatch } from '../detectors/detector.js';
import { getClientInstances, getRequests, headerValue, resolveLocal, type RequestHeader, apiMarkers, mayWriteApiUrl, urlPath } from '../api/index.js';
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

type Finding = { messageId: string; data: Record<string, string>; fix?: TextEdit[] };

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
    return { messageId: 'bareToken', data: {}, fix: [{ range: [token.at, token.at], text: 'Bearer ' }] };
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
  return { messageId: 'bareToken', data: {}, fix: [{ range: written.range, text: `\`Bearer \${${file.getText(expr)}}\`` }] };
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
    for (const r of getRequests(file, ctx.catalog)) {
      if (!r.isApi) continue;
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
      if (f) out.push({ node: brought, messageId: f.messageId, data: f.data, fix: h.broughtIn ? undefined : f.fix });
    }
    return out;
  },
};
