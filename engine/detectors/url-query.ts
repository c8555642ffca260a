/**
 * `url-query`: URLs of an API endpoint that must carry query parameters (the OAuth authorize URL:
 * `state` required, `response_type=code`). URLs are strings, templates and concatenations (through local
 * constants), with query parts given inline, as `URLSearchParams` / `qs.stringify` objects, or set on a
 * `new URL()` through `searchParams.set/append`. Only URLs on a catalog API host or a `/v1/` path are
 * judged, and only when every parameter name is statically known.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { propValue } from '../project/props.js';
import { calleeName, isUnknownEnvReason, joinUrl, memberName, propertyKeyName, unwrap, UNKNOWN, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, RawMatch } from './detector.js';
import type { UrlQueryDetection } from '../types.js';
import { enclosingFunction, outerStringExpressions, resolveLocal } from './auth-support.js';
import { escapeRegExp } from '../prefilter/regexp.js';
import { QUERY_SEPARATOR } from '../api/url.js';
import { enclosingScope, resolvedVariable, thisObjectMemberValue } from '../api/bindings.js';
import { importersOfModule, pageAssignsGlobal } from '../project/context.js';
import { projectOf } from '../project/modules.js';

/** A marker for query text that came from an object of known keys (`URLSearchParams({...})`). */
const KNOWN_VALUE = '\u0001';

/** Keys of a query-building expression: `new URLSearchParams({...})`, `qs.stringify({...})`, `params.toString()`. */
function queryObjectKeys(file: FileContext, node: Node, depth = 0): Map<string, string | undefined> | undefined {
  if (depth > 6) return undefined;
  const n = unwrap(node);
  if (n.type === 'CallExpression') {
    const name = calleeName(n);
    const callee = unwrap(n.callee);
    if (name === 'toString' && callee.type === 'MemberExpression' && n.arguments.length === 0) return queryObjectKeys(file, callee.object, depth + 1);
    // `stringify(params).replace(/\+/g, '%20')`: re-encoding spaces keeps every key and `=`/`&` separator.
    if ((name === 'replace' || name === 'replaceAll') && callee.type === 'MemberExpression' && keepsSeparators(file, n.arguments[0] as Node | undefined)) {
      return queryObjectKeys(file, callee.object, depth + 1);
    }
    if ((name === 'stringify' || name === 'encode') && n.arguments[0]) return objectKeys(file, n.arguments[0] as Node, depth + 1);
    return undefined;
  }
  if (n.type === 'NewExpression' && calleeName(n) === 'URLSearchParams') {
    const keys = n.arguments[0] ? objectKeys(file, n.arguments[0] as Node, depth + 1) : new Map<string, string | undefined>();
    if (!keys) return undefined;
    const holder = file.parentOf(n);
    if (holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier') {
      if (!addSetCalls(file, holder.id.name, enclosingFunction(file, n), keys, false)) return undefined;
    }
    return keys;
  }
  if (n.type === 'Identifier') {
    const resolved = resolveLocal(file, n);
    return resolved !== n ? queryObjectKeys(file, resolved, depth + 1) : undefined;
  }
  return undefined;
}

/**
 * Whether a `replace`/`replaceAll` pattern can only touch the encoding of spaces in a query string (`'+'`, `/\+/g`,
 * `' '`, `'%20'`): a literal with no letter, digit, `=` or `&` outside a `%XX` escape, so keys and separators stay.
 */
function keepsSeparators(file: FileContext, pattern: Node | undefined): boolean {
  if (!pattern) return false;
  const p = unwrap(pattern);
  let text: string | undefined;
  if (p.type === 'Literal' && 'regex' in p && p.regex) text = p.regex.pattern.replace(/\\(.)/g, '$1');
  else text = file.staticString(p)?.value;
  if (text === undefined || text === '') return false;
  return !/[A-Za-z0-9_=&]/.test(text.replace(/%[0-9A-Fa-f]{2}/g, ''));
}

/**
 * Static keys (and static string values) of an object literal; undefined when a spread or computed key hides some.
 * The object may be a constant of another module (`import { authPayload } from './types'`, a `require`d
 * module's member, a TypeScript module's typed `export const`), read through the project model.
 */
function objectKeys(file: FileContext, node: Node, depth: number): Map<string, string | undefined> | undefined {
  let n = resolveLocal(file, node, depth);
  let holder = file;
  if (n.type === 'Identifier' || n.type === 'MemberExpression') {
    // Only a name the file imports (or a member of one) is followed; a local binding resolveLocal did not fold stays unknown.
    const far = file.links ? file.locate(node) : undefined;
    if (!far || far.file === file) return undefined;
    n = unwrap(far.node);
    holder = far.file;
  }
  if (n.type !== 'ObjectExpression') return undefined;
  const keys = new Map<string, string | undefined>();
  for (const p of n.properties) {
    if (p.type !== 'Property') return undefined;
    const name = propertyKeyName(p);
    if (name === undefined) return undefined;
    const value = holder.staticString(p.value as Node);
    keys.set(name, value?.complete ? value.value : undefined);
  }
  return keys;
}

/**
 * Adds `name.set(k, v)` / `name.append(k, v)` (or `name.searchParams.set(...)`) keys made in `scope`.
 * Returns false when something unknown is done to the object (`name.search = ...`, a dynamic key).
 */
function addSetCalls(file: FileContext, name: string, scope: Node, keys: Map<string, string | undefined>, viaSearchParams: boolean): boolean {
  for (const call of file.nodes(T.CallExpression)) {
    if (call.range[0] < scope.range[0] || call.range[1] > scope.range[1]) continue;
    const callee = unwrap(call.callee);
    if (callee.type !== 'MemberExpression') continue;
    const method = memberName(callee);
    if (method !== 'set' && method !== 'append') continue;
    let target = unwrap(callee.object);
    if (viaSearchParams) {
      if (target.type !== 'MemberExpression' || memberName(target) !== 'searchParams') continue;
      target = unwrap(target.object);
    }
    if (target.type !== 'Identifier' || target.name !== name) continue;
    const key = call.arguments[0] ? file.staticString(call.arguments[0] as Node) : undefined;
    if (!key?.complete) return false;
    const value = call.arguments[1] ? file.staticString(call.arguments[1] as Node) : undefined;
    keys.set(key.value, value?.complete ? value.value : undefined);
  }
  for (const assign of file.nodes(T.AssignmentExpression)) {
    if (assign.range[0] < scope.range[0] || assign.range[1] > scope.range[1]) continue;
    const left = assign.left;
    if (left.type === 'MemberExpression' && unwrap(left.object).type === 'Identifier' && (unwrap(left.object) as TSESTree.Identifier).name === name) {
      if (memberName(left) === 'search' || memberName(left) === 'href') return false;
    }
  }
  return true;
}

/**
 * Whether a name read in a function of a classic browser script (no `import`, `export` or `require`) is the script's
 * top-level `var`/`let` declared with an empty string and never assigned in the file, which a page loading the
 * script assigns (engine/project/context.ts `pageAssignsGlobal`): the page's scripts share it, so the empty
 * initializer is a placeholder (`var integrationId = ""`, set by the page's click handler before the flow starts).
 */
function pageSetGlobal(file: FileContext, id: TSESTree.Identifier): boolean {
  if (!file.links || !/\.js$/i.test(file.filename) || !file.text.includes(`${id.name}`) || enclosingScope(file, id).type === 'Program') return false;
  if (file.nodes(T.ImportDeclaration).length > 0 || file.nodes(T.ExportNamedDeclaration).length > 0 || file.nodes(T.ExportDefaultDeclaration).length > 0) return false;
  if (/\brequire\s*\(|\bmodule\.exports\b|\bexports\.\w/.test(file.text)) return false;
  const variable = resolvedVariable(file, id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type !== 'Variable' || def.parent.kind === 'const' || enclosingScope(file, def.node as Node).type !== 'Program') return false;
  const init = def.node.init ? unwrap(def.node.init as Node) : undefined;
  if (init?.type !== 'Literal' || init.value !== '' || variable!.references.some((r) => r.isWrite() && !r.init)) return false;
  return pageAssignsGlobal(file.filename, id.name);
}

/**
 * Where a part folded after `before` records an assumed value: in `acc` while the URL's base is being read, nowhere
 * once `before` holds the query's `?` (`&redirect_uri=${process.env.REDIRECT_URI}`: an environment file's value of a
 * query parameter says nothing of where the URL goes, so the URL rests on no assumption for it).
 */
const baseAcc = (before: string, acc: { assumed?: string }): { assumed?: string } => (before.includes('?') ? {} : acc);

/** Folds a URL expression to text, expanding query objects to `k=<known>` pairs and unknown parts to {@link UNKNOWN}. */
function foldUrl(file: FileContext, node: Node, depth = 0, acc: { assumed?: string } = {}): string {
  if (depth > 10) return UNKNOWN;
  const n = unwrap(node);
  const keysText = (keys: Map<string, string | undefined>): string =>
    [...keys].map(([k, v]) => `${k}=${v === undefined ? KNOWN_VALUE : encodeURIComponent(v)}`).join('&');
  switch (n.type) {
    case 'TemplateLiteral': {
      let text = '';
      n.quasis.forEach((q, i) => {
        text += q.value.cooked ?? q.value.raw;
        if (n.expressions[i]) text += foldUrl(file, n.expressions[i] as Node, depth + 1, baseAcc(text, acc));
      });
      return text;
    }
    case 'BinaryExpression': {
      if (n.operator !== '+') return UNKNOWN;
      const left = foldUrl(file, n.left as Node, depth + 1, acc);
      return left + foldUrl(file, n.right, depth + 1, baseAcc(left, acc));
    }
    default: {
      const keys = queryObjectKeys(file, n, depth + 1);
      if (keys) return keysText(keys);
      // A classic script's empty global that a page loading it assigns: its value is the page's, not known here.
      if (n.type === 'Identifier' && pageSetGlobal(file, n)) return UNKNOWN;
      if (n.type === 'Identifier') {
        const resolved = resolveLocal(file, n);
        if (resolved !== n) return foldUrl(file, resolved, depth + 1, acc);
      }
      // A component's prop (`${baseUrl}?client_id=...` in `function Link({ baseUrl })`): what its parents pass it.
      // `${this.#config.authorizeUrl}?${params}`: a key of the options object a class keeps in a field (engine/api/bindings.ts).
      const s =
        file.staticString(n) ??
        (n.type === 'MemberExpression' ? thisObjectMemberValue(file, n) : undefined) ??
        (n.type === 'Identifier' || n.type === 'MemberExpression' ? propValue(file, n) : undefined);
      // A variable with no value (unknownEnvReason) says nothing of the query it stands in.
      if (s?.assumed !== undefined && !isUnknownEnvReason(s.assumed)) acc.assumed ??= s.assumed;
      return s ? s.value : UNKNOWN;
    }
  }
}

/**
 * Whether a URL is a test's expectation of the URL the code builds, not a URL the code builds: an argument of an
 * assertion on `expect(...)` (`expect(win.loadURL).toBeCalledWith(url)`, `expect(x).toBe(url)`).
 */
function isExpectation(file: FileContext, node: Node): boolean {
  const call = file.parentOf(node);
  if (call?.type !== 'CallExpression' || !call.arguments.includes(node as TSESTree.CallExpressionArgument)) return false;
  let n: Node = unwrap(call.callee);
  for (let i = 0; i < 6 && n.type === 'MemberExpression'; i++) n = unwrap(n.object);
  return n.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === 'expect';
}

/**
 * Whether a URL is only printed (`console.log('Redirecting to: ', url)`): a copy of the URL the code then uses,
 * reported where it is used, not where it is logged.
 */
function isLogged(file: FileContext, node: Node): boolean {
  const call = file.parentOf(node);
  if (call?.type !== 'CallExpression' || !call.arguments.includes(node as TSESTree.CallExpressionArgument)) return false;
  const callee = unwrap(call.callee);
  return callee.type === 'MemberExpression' && unwrap(callee.object).type === 'Identifier' && (unwrap(callee.object) as TSESTree.Identifier).name === 'console';
}

/** Named imports (`import { a, b as c } from '...'`, `const { a, b: c } = require('...')`): their braces' text. */
const NAMED_IMPORTS = /\bimport\s*(?:type\s+)?\{([^{}]{0,2000})\}\s*from\b|\b(?:const|let|var)\s*\{([^{}]{0,2000})\}\s*=\s*require\s*\(/g;

/**
 * The query parameters every use of an exported URL constant completes it with in the modules that import it: the
 * constant (`export const LOGIN_URL = \`${AUTHORIZE}?client_id=...\``) is then a building block, and the URL is
 * built where it is used, e.g. `${LOGIN_URL}&state=${state}` or `LOGIN_URL + '&state=' + state`: what follows each
 * use of the name (imported under it or an alias, or read as a member of the module) in the same template, or in
 * the literal concatenated right after it, writes `name=`. Of `wanted`, the names every use writes; empty when the
 * node is no exported constant, the module reads the name itself, no module of its package imports and uses it,
 * or a use appends nothing (it sends the URL as it is).
 */
function importerCompletions(file: FileContext, node: Node, wanted: readonly string[]): Set<string> {
  const none = new Set<string>();
  const holder = file.parentOf(node);
  const declaration = holder ? file.parentOf(holder) : undefined;
  if (holder?.type !== 'VariableDeclarator' || holder.id.type !== 'Identifier' || declaration?.type !== 'VariableDeclaration' || file.parentOf(declaration)?.type !== 'ExportNamedDeclaration') return none;
  const name = holder.id.name;
  if (file.nodes(T.Identifier).some((id) => id.name === name && id !== holder.id)) return none;
  const project = file.links ? projectOf(file.filename) : undefined;
  if (!project) return none;
  const completed = new Set(wanted);
  const written = new Map(wanted.map((parameter) => [parameter, new RegExp(`[?&]${escapeRegExp(parameter)}=`)]));
  let uses = 0;
  for (const importer of importersOfModule(project, file.filename, new RegExp(`\\b${escapeRegExp(name)}\\b`))) {
    // Local names: the export's own, and an alias (`{ LOGIN_URL as login }`, `{ LOGIN_URL: login }`); the import
    // statements themselves are blanked, so only uses remain.
    const locals = new Set([name]);
    const text = importer.text.replace(NAMED_IMPORTS, (whole: string, braces?: string, destructured?: string) => {
      for (const part of (braces ?? destructured ?? '').split(',')) {
        const m = /^\s*([\w$]+)\s*(?:\bas\b|:)\s*([\w$]+)\s*$/.exec(part);
        if (m?.[1] === name) locals.add(m[2]);
      }
      return ' '.repeat(whole.length);
    });
    for (const local of locals) {
      for (const m of text.matchAll(new RegExp(`(?<![\\w$])${escapeRegExp(local)}(?![\\w$])`, 'g'))) {
        uses++;
        const after = text.slice(m.index + local.length, m.index + local.length + 400);
        // `${LOGIN_URL}...` up to the template's end, or `LOGIN_URL + '...'`: the text appended right after the use.
        const appended = /^\s*\}([^`]*)/.exec(after)?.[1] ?? /^\s*\+\s*(['"`])((?:(?!\1)[^\n])*)/.exec(after)?.[2] ?? '';
        for (const parameter of completed) if (!written.get(parameter)!.test(appended)) completed.delete(parameter);
        if (completed.size === 0) return none;
      }
    }
  }
  return uses > 0 ? completed : none;
}

/** Whether a folded URL is the endpoint on an API host (or a `/v1/` path). */
function isEndpoint(url: string, paths: readonly string[], apiHosts: readonly string[]): boolean {
  const base = url.split(/[?#]/)[0];
  if (!paths.some((p) => base.endsWith(p))) return false;
  const host = /^[a-z]+:\/\/([^/]+)/i.exec(base)?.[1]?.toLowerCase();
  if (host) return apiHosts.some((h) => host === h || host.endsWith(`.${h}`));
  return /(^|\/)v1\//.test(base) && !base.includes(UNKNOWN);
}

const endpointGates = new WeakMap<readonly string[], RegExp>();

/**
 * `v1` followed by what lets a path go on, not inside a literal that opens with a scheme, `//` and a host's first
 * character, the shape {@link isEndpoint} reads a host from ({@link mayWriteEndpoint}).
 */
const NO_HOST_V1 = String.raw`(?<!['"\x60][a-z]+:\/\/[^/'"\x60\s][^'"\x60\s]*)v1(?:[/\\'"\x60$\n\r\u2028\u2029]|$)`;

/**
 * Whether {@link isEndpoint} may hold for a URL written in a text (the gate, {@link Detector.mayMatch}): its folded
 * host ends with an API host, which the text then holds (written as the prefilter's tokens are: unsplit and without
 * escape sequences), or, with no host, its path holds `v1/`, which the text shows as `v1` followed by `/`, the `\` of
 * an escape (`\/`), or, where its literal ends, a quote, a backtick or the `$` of `${` (the `/` in the next part).
 * A `v1` inside a literal that starts with a scheme and `//` (`'https://ds.ciscospark.com/v1/region'`,
 * `` `https://${cluster}/locus/api/v1` ``) does not count: that literal starts its URL (as for the API host gate of
 * engine/prefilter/gates.ts, nothing is written before a scheme), so the folded URL has a host, written or unknown,
 * and {@link isEndpoint} reads the host, not the path. On the platform SDK such imported strings opened its 280 KB
 * meeting module for this detection alone.
 */
function mayWriteEndpoint(text: string, apiHosts: readonly string[]): boolean {
  let gate = endpointGates.get(apiHosts);
  if (!gate) endpointGates.set(apiHosts, (gate = new RegExp([...apiHosts.map(escapeRegExp), NO_HOST_V1].join('|'), 'i')));
  return gate.test(text);
}

/** Query parameters of a folded URL; undefined when some parameter name is not statically known. */
function queryParams(url: string): Map<string, string | undefined> | undefined {
  const q = url.indexOf('?');
  const query = q === -1 ? '' : url.slice(q + 1).split('#')[0];
  const params = new Map<string, string | undefined>();
  for (const part of query.split(QUERY_SEPARATOR)) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = eq === -1 ? part : part.slice(0, eq);
    if (key.includes(UNKNOWN) || key.includes(KNOWN_VALUE)) return undefined;
    const raw = eq === -1 ? '' : part.slice(eq + 1);
    let value: string | undefined;
    if (!raw.includes(UNKNOWN) && !raw.includes(KNOWN_VALUE)) {
      try {
        value = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        value = undefined;
      }
    }
    params.set(key, value);
  }
  return params;
}

export const urlQueryDetector: Detector<UrlQueryDetection> = {
  kind: 'url-query',
  messages: {
    missingParameter: 'The `{{path}}` URL is built without the required `{{parameter}}` parameter. {{instead}}',
    emptyParameter: 'The `{{path}}` URL sends the required `{{parameter}}` parameter with an empty value. {{instead}}',
    wrongParameterValue: 'The `{{path}}` URL sets `{{parameter}}={{value}}`; only {{allowed}} is accepted. {{instead}}',
  },
  tokens(detection) {
    return detection.paths.map((p) => p.replace(/^\//, ''));
  },
  requires(detection) {
    // With an identifying parameter, a URL without it is judged only on its values: a finding needs the
    // identifying parameter's name or a judged parameter's name written in the file (names must be static).
    // A query built from an object (`qs.stringify(payload)`, `new URLSearchParams(payload)`) may hold its names in
    // another module (an imported constant): the call opens the file too.
    return detection.identifiedBy ? [detection.identifiedBy, ...Object.keys(detection.values ?? {}), 'stringify', 'URLSearchParams'] : [];
  },
  mayMatch: (text, ctx) => mayWriteEndpoint(text, ctx.catalog.hosts.api),
  // The URL may be a constant of an imported module (`new URL(AUTHORIZE_URL)`).
  gateOnImportedUrls: true,
  // Or its path may be written only there: a component's prop its parents give (engine/project/props.ts).
  gateReadsUrls: true,
  // Not for every file holding `authorize` and an import (outline: 31 more candidates): a file that calls, or a component's props.
  importedUrlsOnlyWhenCalling: true,
  // A redirect that sends no request (`location.href = \`${AUTHORIZE}?${params}\``) whose base is an environment
  // variable (`process.env`, `import.meta.env`, SvelteKit's `$env/...` imports): the variable's value, read from
  // the project's environment files, holds the endpoint. Only a text that writes `response_type` (outline: none).
  // Or whose base is a constant of an imported module (`AUTHORIZE_URL + '?response_type=token&...'`, the constant
  // in a config module): a text that writes the query itself, `response_type=` (outline, prisma: none).
  // (`response_type=`, or `response_type` and an environment read: both hold `response_type`.)
  importsHoldTokensWhen: [
    { source: 'response_type', flags: '' },
    { source: String.raw`response_type=|process\.env|import\.meta\.env|\$env\/`, flags: '' },
  ],
  detect(file, ctx) {
    const { paths, requires = [], values = {} } = ctx.detection;
    const apiHosts = ctx.catalog.hosts.api;
    const out: RawMatch[] = [];
    const judge = (node: Node, params: Map<string, string | undefined>, path: string, assumed?: string): void => {
      const start = out.length;
      // Without its identifying parameter (`client_id`) the URL is a prefix completed elsewhere
      // (`{ WEBEX: 'https://webexapis.com/v1/authorize?response_type=code' }`): only its values are judged.
      const complete = !ctx.detection.identifiedBy || params.has(ctx.detection.identifiedBy);
      // An exported constant that the modules importing it complete with the missing parameters is judged there.
      const missing = complete ? requires.filter((p) => !params.has(p)) : [];
      const completedElsewhere = missing.length > 0 ? importerCompletions(file, node, missing) : undefined;
      for (const parameter of complete ? requires : []) {
        if (!params.has(parameter)) {
          if (!completedElsewhere?.has(parameter)) out.push({ node, messageId: 'missingParameter', data: { path, parameter } });
        }
        // Written but empty (`state: ''` in the query object, `&state=` in the URL): no value reaches the API.
        else if (params.get(parameter) === '') {
          out.push({ node, messageId: 'emptyParameter', data: { path, parameter }, confidence: 'likely', confidenceReason: 'the parameter is sent with an empty value' });
        }
      }
      for (const [parameter, allowed] of Object.entries(values)) {
        const value = params.get(parameter);
        if (value !== undefined && !allowed.includes(value)) {
          out.push({ node, messageId: 'wrongParameterValue', data: { path, parameter, value, allowed: allowed.map((a) => `\`${a}\``).join(', ') } });
        }
      }
      // A URL whose base is an environment variable's assumed value (engine/project/env.ts) is only likely.
      if (assumed !== undefined) for (let i = start; i < out.length; i++) out[i] = { ...out[i], confidence: 'likely', confidenceReason: assumed };
    };
    const pathOf = (url: string): string => paths.find((p) => url.split(/[?#]/)[0].endsWith(p)) ?? paths[0];
    const newUrls = file.nodes(T.NewExpression).filter((n) => calleeName(n) === 'URL' && n.arguments.length > 0);
    let usedInStrings: Set<string> | undefined;
    /** Names read inside a template, a concatenation or a `new URL()` argument (computed once, when first needed). */
    const stringParts = (): Set<string> => {
      if (usedInStrings) return usedInStrings;
      usedInStrings = new Set<string>();
      const urlArgs = new Set<Node>(newUrls.map((n) => n.arguments[0] as Node));
      for (const id of file.nodes(T.Identifier)) {
        let child: Node = id;
        for (const a of file.ancestors(id)) {
          if (a.type === 'TemplateLiteral' || (a.type === 'BinaryExpression' && a.operator === '+') || urlArgs.has(child)) {
            usedInStrings.add(id.name);
            break;
          }
          if (a.type !== 'MemberExpression' && a.type !== 'CallExpression' && a.type !== 'ChainExpression') break;
          child = a;
        }
        if (urlArgs.has(id)) usedInStrings.add(id.name);
      }
      return usedInStrings;
    };
    const isBuildingBlock = (node: Node): boolean => {
      const holder = file.parentOf(node);
      return holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier' && stringParts().has(holder.id.name);
    };
    /** `new URL(...).href` / `new URL(...).toString()` around a URL constructor, or the constructor itself. */
    const urlText = (n: Node): Node => {
      const up = file.parentOf(n);
      if (up?.type === 'MemberExpression' && up.object === n && !up.computed) {
        const name = memberName(up);
        if (name === 'href') return up;
        const call = file.parentOf(up);
        if (name === 'toString' && call?.type === 'CallExpression' && call.callee === up && call.arguments.length === 0) return call;
      }
      return n;
    };
    for (const n of newUrls) {
      const acc: { assumed?: string } = {};
      let url = foldUrl(file, n.arguments[0] as Node, 0, acc);
      if (n.arguments[1] && !/^[a-z]+:\/\//i.test(url)) url = joinUrl(foldUrl(file, n.arguments[1] as Node, 0, acc), url);
      if (!isEndpoint(url, paths, apiHosts)) continue;
      const params = queryParams(url);
      if (!params) continue;
      const decl = file.parentOf(n);
      let set = url.includes('?');
      if (decl?.type === 'VariableDeclarator' && decl.id.type === 'Identifier') {
        const before = params.size;
        if (!addSetCalls(file, decl.id.name, enclosingFunction(file, n), params, true)) continue;
        set ||= params.size > before;
      }
      // A bare `new URL(base)` with nothing set may be completed elsewhere; its text (`new URL(...).href`, `.toString()`)
      // held by a name that later strings build on is a building block, judged where the URL is built, as a string is.
      if (set && !isBuildingBlock(urlText(n))) judge(n, params, pathOf(url), acc.assumed);
    }
    for (const node of outerStringExpressions(file)) {
      const parent = file.parentOf(node);
      if (parent?.type === 'NewExpression' && newUrls.includes(parent)) continue;
      const acc: { assumed?: string } = {};
      const url = foldUrl(file, node, 0, acc);
      // A base URL without a query is a building block; the URL built from it is judged where it is built.
      if (!url.includes('?') || !isEndpoint(url, paths, apiHosts) || isBuildingBlock(node) || isExpectation(file, node) || isLogged(file, node)) continue;
      const params = queryParams(url);
      if (params) judge(node, params, pathOf(url), acc.assumed);
    }
    return out;
  },
};
