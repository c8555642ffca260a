// Seed section 5, rule 9: no `Access-Control-Allow-Origin` for localhost or non-HTTPS origins since 2026-05-01.
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { isUnknownEnvReason, propertyKeyName, type FileContext } from '../parse/file-context.js';
import type { Detector, RawMatch } from '../detectors/detector.js';
import { API_PATH_WORDS, apiHosts, boundInFile, getRequests, JQUERY_CALL_TEXT, LOOPBACK_HOST, urlHost, urlPath, type HttpRequest } from '../api/index.js';
import type { CustomDetection } from '../types.js';
import { browserEvidence, browserEvidenceAt, debuggedPageUrl, desktopLayoutPage, readsBrowserGlobals, subclassModules, extensionExemption, holdsPages, inDrivenPageScript, nativeApp, serverOnlyCode, servingOrigin, unloadedModule, userscriptOrigin } from '../project/context.js';
import { isMarkupFile } from '../read/script-blocks.js';
import { projectOf } from '../project/modules.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import path from 'node:path';

interface CorsParams {
  /** Globals whose use marks browser code, e.g. `window`, `document`, `localStorage`. */
  browserGlobals?: string[];
}

/**
 * Whether the file itself reads a browser-only global. A folder's name (`web/`, `public/`) is not evidence
 * (issue 26, shape 7): a server's `web/` or `static/` folder holds server code as often as not; what the project
 * says about a file (a page loading it, a browser importer, its package) is engine/project/context.ts.
 */
function isBrowserCode(file: FileContext, params: CorsParams): boolean {
  const globals = new Set(params.browserGlobals ?? []);
  return file.nodes('Identifier' as TSESTree.Identifier['type']).some((n) => {
    const id = n as TSESTree.Identifier;
    if (!globals.has(id.name)) return false;
    const parent = file.parentOf(id);
    if (parent?.type === 'MemberExpression' && parent.property === id && !parent.computed) return false;
    if (parent?.type === 'Property' && parent.key === id && !parent.shorthand) return false;
    if (parent?.type === 'VariableDeclarator' && parent.id === id) return false;
    // A name the file binds itself (`const document = await db.findOne()`, a `window` parameter, jsdom's
    // `const { window } = new JSDOM()`, node-localstorage's `const localStorage = new LocalStorage()`) is no global.
    if (parent?.type === 'MemberExpression' && parent.object === id && boundInFile(file, id)) return false;
    // `page.evaluate(() => document.title)`: code a headless browser runs in the page it drives, not this file's.
    return parent?.type === 'MemberExpression' && parent.object === id && !inDrivenPageScript(file, id);
  });
}

/**
 * Why the file's own requests say it runs in a browser: one is sent by jQuery (`$.ajax`, `$.get`, `$.post`,
 * `jQuery.getJSON`, the page's global `$` or an import of `jquery`), a library that needs a DOM (on Node it exports
 * only a factory to be given a `window`), so a file that calls it is a page's script, a jQuery plugin included. It
 * says nothing about the page's origin. Undefined when no request is jQuery's.
 */
function browserClientEvidence(requests: HttpRequest[]): string | undefined {
  return requests.some((r) => r.client === 'jquery') ? "it sends its requests with jQuery's `$.ajax`, which needs a page's DOM" : undefined;
}

/** Whether the file imports Angular's `HttpClient` (`import { HttpClient } from '@angular/common/http'`). */
function importsAngularHttpClient(file: FileContext): boolean {
  return file.nodes('ImportDeclaration' as TSESTree.ImportDeclaration['type']).some((n) => {
    const imp = n as TSESTree.ImportDeclaration;
    return imp.source.value === '@angular/common/http' && imp.specifiers.some((sp) => sp.type === 'ImportSpecifier' && sp.local.name === 'HttpClient');
  });
}

/**
 * Whether an Angular `HttpClient` request (`this.http.get(url)`, a member of `this` in a file importing
 * `HttpClient`) is never sent: its observable is cold, and the statement drops it (neither returned, assigned,
 * passed on nor subscribed, also after `.pipe(...)`), so no request leaves the browser.
 */
function discardedObservable(file: FileContext, r: HttpRequest): boolean {
  const call = r.node;
  if (call.type !== 'CallExpression' || call.callee.type !== 'MemberExpression' || call.callee.object.type !== 'MemberExpression' || call.callee.object.object.type !== 'ThisExpression') return false;
  let at: TSESTree.Node = call;
  for (;;) {
    const parent = file.parentOf(at);
    if (parent?.type === 'ExpressionStatement') return true;
    if (parent?.type !== 'MemberExpression' || parent.object !== at || parent.computed || parent.property.type !== 'Identifier' || parent.property.name !== 'pipe') return false;
    const piped = file.parentOf(parent);
    if (piped?.type !== 'CallExpression' || piped.callee !== parent) return false;
    at = piped;
  }
}

/** A `redirect_uri` the text writes: a query parameter (raw or percent-encoded) or a property (`redirect_uri: '...'`). */
const REDIRECT_URI = /\bredirect_uri(?:=|["']?\s*:\s*["'`])([^&"'`\s<>]{1,300})/gi;

/**
 * The HTTPS origin an HTML page says it is served from: the OAuth `redirect_uri` the page itself writes names
 * this page (the last segment of its path is the page's file name) at an HTTPS origin that is not localhost.
 * The authorization server sends the browser back only to that URI, so the page's scripts run there, with an
 * origin that keeps its CORS headers. Undefined for any other file, or when the page names no such URI.
 */
export function declaredPageOrigin(file: FileContext): string | undefined {
  if (!/\.html?$/i.test(file.filename)) return undefined;
  const name = file.filename.split(/[\\/]/).pop()!;
  for (const m of file.text.matchAll(REDIRECT_URI)) {
    let url: URL;
    try {
      url = new URL(decodeURIComponent(m[1]));
    } catch {
      continue;
    }
    if (url.protocol !== 'https:' || LOOPBACK_HOST.test(url.hostname)) continue;
    if (url.pathname.split('/').pop() === name) return url.origin;
  }
  return undefined;
}

/**
 * The HTTPS origin a browser's code exchange runs at: a `POST /access_token` whose URL or body writes its
 * `redirect_uri` at an HTTPS origin other than localhost. The exchange must send the redirect URI of the authorize
 * step, and the code reaches only the page at that URI, so the request is made from that page, whose origin keeps
 * its CORS headers (unless the repository's browser launch configuration opens the page at a local address:
 * engine/project/context.ts `debuggedPageUrl`). Undefined for any other request, or one whose redirect URI is not
 * such an origin.
 */
function exchangeOrigin(file: FileContext, r: HttpRequest): string | undefined {
  // An HTML page's own name is known: there its redirect URI must name it ({@link declaredPageOrigin}).
  if (!r.url || /\.html?$/i.test(file.filename) || !/\/access_token(?:$|[?#])/.test(r.url.value)) return undefined;
  for (const text of [r.url.value, r.body ? file.getText(r.body.node) : '']) {
    for (const m of text.matchAll(REDIRECT_URI)) {
      let url: URL;
      try {
        url = new URL(decodeURIComponent(m[1]));
      } catch {
        continue;
      }
      if (url.protocol === 'https:' && !LOOPBACK_HOST.test(url.hostname)) return url.origin;
    }
  }
  return undefined;
}

/** Words that name the platform in a module's text (its SDK's package, its names, comments). */
const PLATFORM_WORDS = /webex|ciscospark|\bspark\b/i;
/** The token exchange's path after an unknown base (`${base}/access_token`, `${base}/v1/access_token`). */
const EXCHANGE_PATH = /^(?:\/v1)?\/access_token$/;

/**
 * Why a browser request that is the API only by its path is reported (likely): the platform's token exchange
 * (`POST {base}/access_token`) whose base is an environment variable the repository gives no value (no environment
 * file sets it, no fallback: engine/parse/file-context.ts `unknownEnvReason`), whose body sends the app's
 * `client_secret` (only the authorization server takes it: an app's own back end holds its secret and is not sent
 * it), in a module that names the platform and writes the path itself. Any other path-only request (`${API}/people`
 * may be the app's own back end with resource names like the platform's) stays unreported, as does one whose base
 * has a value (its host decides). Undefined when the request is not such an exchange.
 */
function pathOnlyExchange(file: FileContext, r: HttpRequest): string | undefined {
  if (!r.isApi || !r.url || urlHost(r.url) !== undefined || r.url.assumed === undefined || !isUnknownEnvReason(r.url.assumed)) return undefined;
  if (r.method !== undefined && r.method !== 'POST') return undefined;
  if (!EXCHANGE_PATH.test(urlPath(r.url)) || !file.text.includes('/access_token') || !PLATFORM_WORDS.test(file.text)) return undefined;
  if (!r.body?.object?.properties.some((p) => p.type === 'Property' && propertyKeyName(p) === 'client_secret')) return undefined;
  return `${r.url.assumed} (the token exchange \`/access_token\` with the app's \`client_secret\`, in a module that names the platform)`;
}

/**
 * The names of the custom elements the module defines in its own code: `customElements.define('acme-panel', Panel)`
 * (also through `window.` or `globalThis.`), the name a string literal or a template without placeholders. Not a
 * name in a comment or a string.
 */
function definedElements(file: FileContext): string[] {
  if (!file.text.includes('customElements')) return [];
  const out: string[] = [];
  for (const call of file.nodes(T.CallExpression)) {
    const callee = call.callee;
    if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier' || callee.property.name !== 'define') continue;
    const owner = callee.object;
    const registry =
      (owner.type === 'Identifier' && owner.name === 'customElements')
      || (owner.type === 'MemberExpression' && !owner.computed && owner.property.type === 'Identifier' && owner.property.name === 'customElements' && owner.object.type === 'Identifier' && (owner.object.name === 'window' || owner.object.name === 'globalThis'));
    const first = call.arguments[0];
    if (!registry || !first) continue;
    if (first.type === 'Literal' && typeof first.value === 'string') out.push(first.value);
    else if (first.type === 'TemplateLiteral' && first.expressions.length === 0) out.push(first.quasis[0].value.cooked ?? '');
  }
  return out;
}

/** The likely finding's reason when the repository says nothing about where the page is served. */
const UNKNOWN_ORIGIN = 'nothing in the repository says where its page is served (no page of its own, dev server, static server or address): it is affected when served from localhost or plain HTTP';

/**
 * Whether the browser evidence is a page or an app of the repository itself (an HTML page loads the module or is
 * it, a component, a front-end app's source tree or a component importing it), so that with no production origin
 * the page can only run from this machine. A module that only reads browser globals, or a package's `browser` field
 * (a library: its pages are its users'), does not say that.
 */
function holdsPage(evidence: string | undefined): boolean {
  return evidence !== undefined && !evidence.includes('`browser` field') && !evidence.endsWith('imports it and reads browser globals') && !evidence.includes('userscript');
}

/** Whether a node belongs to this file's tree (not to a module another file's value was read from). */
function isOwnNode(file: FileContext, node: TSESTree.Node): boolean {
  let top: TSESTree.Node = node;
  for (const up of file.ancestors(node)) top = up;
  return top === file.ast;
}

/** Whether a function calls itself (`this.paginate(next)` in a method `paginate`, `get(url)` in `function get`). */
function callsItself(file: FileContext, fn: TSESTree.Node): boolean {
  const owner = file.parentOf(fn);
  const member = (owner?.type === 'MethodDefinition' || owner?.type === 'PropertyDefinition') && !owner.computed && owner.key.type === 'Identifier' ? owner.key.name : undefined;
  const name = fn.type === 'FunctionDeclaration' || fn.type === 'FunctionExpression' ? fn.id?.name : undefined;
  const own = name ?? (owner?.type === 'VariableDeclarator' && owner.id.type === 'Identifier' ? owner.id.name : undefined);
  if (member === undefined && own === undefined) return false;
  return file.nodes(T.CallExpression).some((c) => {
    if (c.range[0] < fn.range[0] || c.range[1] > fn.range[1]) return false;
    const callee = c.callee;
    if (callee.type === 'Identifier') return callee.name === own;
    return member !== undefined && callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'ThisExpression' && callee.property.type === 'Identifier' && callee.property.name === member;
  });
}

/** Most subclass modules read for a class's request (as get-request-content-type reads for a class's header). */
const MAX_SUBCLASS_MODULES = 40;

/**
 * Requests of this file's classes whose URL is not the API here (a parameter: `makeRequest(method, url)`) and that
 * the classes extending them in other modules of the package (engine/project/context.ts `subclassModules`, through
 * barrels, four levels down) make to the API: a subclass's inherited `this.get('me')` runs this class's method with
 * the base URL its constructor passes up (engine/api/summaries.ts), and its request is this file's fetch (the same
 * range in this module as on disk). Once per method of the class, at its first fetch reached. A subclass
 * module that is browser code itself is left out: its analysis reports its calls where it makes them. Empty when the
 * file is not on disk as analysed.
 */
function subclassApiRequests(file: FileContext, catalog: LoadedCatalog, candidates: readonly HttpRequest[]): Array<{ node: TSESTree.Node; host: string }> {
  const out: Array<{ node: TSESTree.Node; host: string }> = [];
  if (!file.links || candidates.length === 0 || !/\bclass\s/.test(file.text)) return out;
  const byNode = new Map<string, HttpRequest>();
  const classes = new Set<string>();
  for (const r of candidates) {
    let cls: TSESTree.ClassDeclaration | undefined;
    for (const a of file.ancestors(r.node)) if (a.type === 'ClassDeclaration') { cls = a; break; }
    if (!cls?.id || !isOwnNode(file, r.node)) continue;
    classes.add(cls.id.name);
    byNode.set(`${r.node.range[0]}:${r.node.range[1]}`, r);
  }
  if (classes.size === 0) return out;
  const project = projectOf(file.filename);
  const onDisk = project?.module(path.resolve(file.filename));
  if (!project || !onDisk || onDisk.text !== file.text) return out;
  const seen = new Set<string>();
  for (const sub of subclassModules(project, file.filename, [...classes], MAX_SUBCLASS_MODULES)) {
    const ctx = project.module(sub.file);
    // A subclass module that is browser code itself reports its calls where it makes them (they name the host).
    if (!ctx || readsBrowserGlobals(ctx.text) || browserEvidence(ctx) !== undefined) continue;
    for (const r of getRequests(ctx, catalog)) {
      const host = r.isApi && r.url ? urlHost(r.url) : undefined;
      // Read at the subclass's call (`this.get('me')`), made by this file's fetch (the request it wraps, through the class's own wrappers).
      let inner = r;
      for (let i = 0; inner.wrapper && i < 8; i++) inner = inner.wrapper.request;
      const made = inner.node;
      const key = `${made.range[0]}:${made.range[1]}`;
      const own = byNode.get(key);
      if (!host || !own || seen.has(key) || topOf(ctx, made) !== onDisk.ast) continue;
      seen.add(key);
      out.push({ node: own.node, host });
    }
  }
  // One finding per method of the class (`body ? fetch(url, { body }) : fetch(url)` is one wrapper): its first fetch reached.
  const method = (n: TSESTree.Node): TSESTree.Node | undefined => [...file.ancestors(n)].find((a) => a.type === 'FunctionExpression' || a.type === 'ArrowFunctionExpression');
  out.sort((a, b) => a.node.range[0] - b.node.range[0]);
  return out.filter((x, i) => !out.slice(0, i).some((y) => method(y.node) !== undefined && method(y.node) === method(x.node)));
}

/** The root of the tree a node belongs to (a module read for a value keeps its own tree). */
function topOf(file: FileContext, node: TSESTree.Node): TSESTree.Node {
  let top: TSESTree.Node = node;
  for (const up of file.ancestors(node)) top = up;
  return top;
}

/** An API path at the start of a string or after a template's placeholder: `'/v1/...'`, `` `${base}/rooms?` ``. */
const API_PATH_STRING = String.raw`['"\x60}]\/(?:` + ['v1', ...API_PATH_WORDS].map((w) => w.replace(/\//g, '\\/')).join('|') + String.raw`)(?=[/?#'"\x60]|$)`;

export const corsLocalhostOrigins: Detector<CustomDetection> = {
  kind: 'cors-localhost-origins',
  messages: {
    browserCallsApi: 'Browser code calls the API directly at {{host}}; from a localhost or non-HTTPS origin the response is unreadable (no CORS headers). {{instead}}',
  },
  // `/access_token`: the token exchange, reported with no host when its base has no value ({@link pathOnlyExchange}).
  tokens: (_d, catalog) => [...apiHosts(catalog), '/access_token'],
  gateReadsUrls: true,
  // A module that writes an API path in a string (`${BASE}/rooms`, `ORIGIN + '/v1/people/me'`) and hands it to a
  // request helper of another module, its host in a config module it imports: no HTTP call and no host of its own, so
  // the imported texts are read for it as for a file that calls (outline 1 file, prisma 3, the SDK 2 match).
  importsHoldTokensWhen: [{ source: API_PATH_STRING, flags: '' }],
  /**
   * Sound: `detect` reports only in a file that reads a browser global ({@link isBrowserCode}: an identifier of
   * `browserGlobals`, whose name the text then holds, written without escape sequences as the prefilter's tokens
   * are), that sends a request with jQuery (whose requests are looked for only in a text holding `$.ajax(`-like
   * calls, {@link JQUERY_CALL_TEXT}) or that the project says runs in a browser ({@link browserEvidence}, the same answer from the file's name and
   * text). On the platform SDK, hosts imported from a constants module selected seven server-side connectors of its
   * calling package for this detection alone: each was parsed and its requests followed into other modules.
   */
  mayMatchFile: (filename, text, ctx) =>
    ((ctx.detection.params ?? {}) as CorsParams).browserGlobals?.some((g) => text.includes(g)) === true
    || JQUERY_CALL_TEXT.test(text)
    || browserEvidenceAt(filename, text) !== undefined,
  detect(file, ctx) {
    const out: RawMatch[] = [];
    // The `request` npm library runs on Node (its transport is node http/https): never a browser's request. Nor is a
    // device's HttpClient command (`xapi.command('HttpClient Get', ...)`, from a page through jsxapi too): the device sends it.
    const reported = (r: HttpRequest): boolean => r.isApi && r.client !== 'request' && r.client !== 'xapi' && !!r.url && urlHost(r.url) !== undefined;
    // A wrapper's call sites share its one `fetch`: reported there when its own URL names the host.
    const angular = importsAngularHttpClient(file);
    // Code a framework runs on the server only (`getServerSideProps`, a route's `loader`, `'use server'`) makes no
    // browser request; nor does an extension script whose host permission (or HTTPS content-script pages) exempts it.
    const requests = getRequests(file, ctx.catalog).filter(
      (r) =>
        reported(r)
        && !(r.wrapper && reported(r.wrapper.request))
        && !(angular && !r.wrapper && discardedObservable(file, r))
        && !(exchangeOrigin(file, r) !== undefined && !(file.links && debuggedPageUrl(file.filename) !== undefined))
        && serverOnlyCode(file, r.node) === undefined
        && !(file.links && extensionExemption(file.filename, urlHost(r.url!)!) !== undefined),
    );
    // A class's request whose URL its subclasses in other modules give (`fetch(url, ...)` in `makeRequest`, reached by a
    // subclass's inherited `this.get('me')` with the API's base passed to `super(...)`): reported at that fetch.
    const inherited = subclassApiRequests(file, ctx.catalog, getRequests(file, ctx.catalog).filter((r) => !r.isApi && !r.wrapper && r.client !== 'request' && r.client !== 'xapi' && serverOnlyCode(file, r.node) === undefined));
    // The file itself (a browser global) or the project (a page that loads it, a browser
    // importer, its package: engine/project/context.ts) says it runs in a browser.
    const exchanges = getRequests(file, ctx.catalog).flatMap((r) => {
      const why =
        !r.wrapper && r.client !== 'request' && r.client !== 'xapi' && isOwnNode(file, r.node) && serverOnlyCode(file, r.node) === undefined
        && !(exchangeOrigin(file, r) !== undefined && !(file.links && debuggedPageUrl(file.filename) !== undefined))
          ? pathOnlyExchange(file, r)
          : undefined;
      return why === undefined ? [] : [{ r, why }];
    });
    if (requests.length === 0 && inherited.length === 0 && exchanges.length === 0) return out;
    // A jQuery request is browser code too, but like a browser global it says nothing about the page (see holdsPage).
    const evidence = browserEvidence(file);
    if (!(isBrowserCode(file, (ctx.detection.params ?? {}) as CorsParams) || evidence || browserClientEvidence(requests))) return out;
    // A page whose own OAuth redirect_uri names it at an HTTPS origin runs there: not a localhost or plain-HTTP origin.
    if (declaredPageOrigin(file) !== undefined) return out;
    // A module of a bundled web app that nothing imports is in no page: it never runs in a browser.
    if (file.links && unloadedModule(file.filename) !== undefined) return out;
    // A native app's module (React Native, Expo) runs in no browser, whatever globals it reads.
    if (file.links && !isMarkupFile(file.filename) && nativeApp(file.filename) !== undefined) return out;
    // A custom element that a Contact Center Desktop layout of the repository places by its script's address, and that
    // no page of the repository loads, runs in the Desktop's page (HTTPS), whatever server serves its script.
    if (file.links && !isMarkupFile(file.filename) && desktopLayoutPage(file.filename, definedElements(file)) !== undefined) return out;
    // Where the repository says the page is served: an HTTPS origin only (an Electron window with web security off,
    // a production address and nothing serving it locally) is not affected; nothing said is reported as likely
    // unless the repository holds the page itself (an app with no production origin runs from this machine).
    // A userscript runs in the pages its header names, at their origin.
    const serving = userscriptOrigin(file.text) ?? (file.links ? servingOrigin(file.filename) : undefined);
    if (serving?.kind === 'https') return out;
    const unsure = serving?.kind === 'unknown' && !holdsPage(evidence) && !holdsPages(file.filename) ? UNKNOWN_ORIGIN : undefined;
    // A wrapper whose URL is its caller's, and whose callers do not write the host either (`#fetchWithRetry(url)`
    // called with `this.#base + '/locations'`): the browser's request is the wrapper's one `fetch`, reported there
    // once for all its call sites.
    const through = new Map<HttpRequest, HttpRequest[]>();
    // At the call site when its own URL writes the host (`get('https://webexapis.com/v1/people/me')`), and so does
    // every other call of the wrapper in the file, and the wrapper does not call itself: each call is then its own
    // request. A wrapper some of whose calls come with a URL written elsewhere (`paginatedFetch(next)` with the Link
    // header's next page, `fetchWithRetry(url)` again) is reported once, at its `fetch`.
    const writesHost = (r: HttpRequest): boolean => !!r.urlNode && !!r.url && urlHost(r.url) !== undefined && file.getText(r.urlNode).includes(urlHost(r.url)!);
    // A call handing the wrapper a URL wholly unknown here (`read(href)`, a value from elsewhere).
    const givesUnknownUrl = (r: HttpRequest): boolean => !r.url || /^\u0000*$/.test(r.url.value);
    const perCall = new Map<HttpRequest, boolean>();
    const eachCallItsOwn = (r: HttpRequest): boolean => {
      const inner = r.wrapper!.request;
      // A wrapper of another module is reported in its own file's analysis, not from here.
      if (!isOwnNode(file, inner.node)) return true;
      let each = perCall.get(inner);
      if (each === undefined) {
        each = !callsItself(file, r.wrapper!.function) && !getRequests(file, ctx.catalog).some((o) => o.wrapper?.request === inner && givesUnknownUrl(o));
        perCall.set(inner, each);
      }
      return each;
    };
    // A helper of another module whose URL is its callers' (`send(url, init)` two modules away, with `url` built
    // here from this file's base): its request is made where this file calls it, the one place that names the host.
    const foreignHelper = (r: HttpRequest): boolean => !!r.wrapper && !isOwnNode(file, r.wrapper.request.node);
    for (const r of requests) {
      if (!r.wrapper || foreignHelper(r) || (writesHost(r) && eachCallItsOwn(r))) {
        // `fetch(request)` of a Request built before: at the call that sends it, as a `fetch(url)` is reported.
        // A jQuery request is its `$.ajax({ ... })` call: the URL is one setting of it.
        // A URL written outside the call (`axios(config)` with `config = { url, ... }` built before it) is
        // reported at the call that sends it, as a `fetch(url)` is.
        const urlInCall = !!r.urlNode && r.node.range[0] <= r.urlNode.range[0] && r.urlNode.range[1] <= r.node.range[1];
        out.push({ node: r.sentRequest ?? (r.client === 'jquery' || !urlInCall ? r.node : r.urlNode!), messageId: 'browserCallsApi', data: { host: urlHost(r.url!)! }, ...(unsure && r.url!.assumed === undefined ? { confidence: 'likely' as const, confidenceReason: unsure } : {}) });
        continue;
      }
      const list = through.get(r.wrapper.request) ?? [];
      list.push(r);
      through.set(r.wrapper.request, list);
    }
    for (const { r, why } of exchanges) {
      const urlInCall = !!r.urlNode && r.node.range[0] <= r.urlNode.range[0] && r.urlNode.range[1] <= r.node.range[1];
      out.push({ node: r.sentRequest ?? (!urlInCall ? r.node : r.urlNode!), messageId: 'browserCallsApi', data: { host: 'the token endpoint `/access_token`' }, confidence: 'likely', confidenceReason: why });
    }
    for (const { node, host } of inherited) {
      if (out.some((m) => m.node === node)) continue;
      out.push({ node, messageId: 'browserCallsApi', data: { host }, ...(unsure ? { confidence: 'likely' as const, confidenceReason: unsure } : {}) });
    }
    for (const [inner, calls] of through) {
      // Certain when one call reaches the API without an assumed value; likely (with the reason) otherwise.
      const sure = calls.find((r) => r.url!.assumed === undefined);
      const first = sure ?? calls[0];
      const reason = sure ? unsure : first.url!.assumed;
      out.push({
        node: inner.node,
        messageId: 'browserCallsApi',
        data: { host: urlHost(first.url!)! },
        ...(reason ? { confidence: 'likely' as const, confidenceReason: reason } : {}),
      });
    }
    return out;
  },
};
