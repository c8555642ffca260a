/**
 * One HTTP request of the API model, as the engine reads it from a call: which library sends it, its method,
 * URL, headers, body, query and options, and (for a call through a wrapper) the request inside the wrapper.
 * The data every other file of engine/api/ produces or reads; no logic beyond the header lookup.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type { FileContext, StaticString } from '../parse/file-context.js';

/**
 * The library that sends a request (`unknown`: an axios-like `client.get(url, ...)` of an unidentified client;
 * `request`: the `request` npm family, `request-promise(-native)` and `requestretry` included; `jquery`: `$.ajax`;
 * `xhr`: `XMLHttpRequest`; `urlfetchapp`: Google Apps Script's `UrlFetchApp.fetch`; `ofetch`: ofetch and Nuxt's
 * `$fetch`; `undici`: undici's `request` and `Pool`/`Client` `.request`; `needle`; `wretch`: wretch's chains; `xapi`: a
 * video device's HttpClient command, `xapi.command('HttpClient Get', { Header, Url }, body)`).
 */
export type HttpClient = 'fetch' | 'axios' | 'got' | 'ky' | 'superagent' | 'http' | 'request' | 'jquery' | 'xhr' | 'urlfetchapp' | 'rxjs' | 'ofetch' | 'undici' | 'needle' | 'wretch' | 'xapi' | 'unknown';

/** One header as written in the source. */
export interface RequestHeader {
  /** The header name as written. */
  name: string;
  /** The object property holding it; absent for superagent's `.set(name, value)`. */
  property?: TSESTree.Property;
  /** The `.set(name, value)` call of a superagent chain, or an XMLHttpRequest's `setRequestHeader(name, value)`. */
  call?: TSESTree.CallExpression;
  /**
   * The assignment that sets it: `options.headers['Content-Type'] = v` (or `.Accept = v`) written on the options
   * before the call, unconditionally in the function that makes it (no property to edit, so never edited there), or
   * a client's shared configuration (`api.defaults.headers.common['Content-Type'] = t`, `config.headers.Authorization
   * = t` in an interceptor; see `shared`).
   */
  assignment?: TSESTree.AssignmentExpression;
  /** The header's value expression (for a `line`, the whole line: read its value with {@link headerValue}). */
  value: TSESTree.Node;
  /**
   * A header written as one `Name: value` string (a device HttpClient's `Header` list entry, calls.ts): the entry as
   * written (an element of the list, or the lone string). Its text holds the name and a colon before the value.
   */
  line?: TSESTree.Node;
  /** Set by a client instance (`axios.create({ headers })`), so shared by all of its requests. */
  inherited?: boolean;
  /** Sent only when this holds: the header is written in a conditional spread, `...(init.body !== undefined ? { 'Content-Type': t } : {})`. */
  when?: TSESTree.Node;
  /**
   * A header written in an object of another module (`headers: DEFAULT_HEADERS`, `{ ...DEFAULT_HEADERS, Authorization }`
   * with the object imported or required): the node of `file` that brings it into the request. Such a header is
   * `inherited` (shared with every importer, never edited from here) and its `value` is a literal of the other
   * module (nothing else is taken from there: its names are that module's).
   */
  broughtIn?: { file: FileContext; node: TSESTree.Node };
  /**
   * Added to every request of a client by its shared configuration after the client is made (clients.ts
   * {@link SharedHeaderSource}): a `defaults` assignment, a request interceptor, a `beforeRequest` hook, jQuery's
   * `$.ajaxSetup`, an Angular `HttpInterceptor`. `param` is the interceptor's request parameter (`config`,
   * `req`); `methods`, the only methods it goes with (`defaults.headers.post[...]`).
   */
  shared?: { kind: SharedHeaderSource; param?: string; methods?: string[]; fn?: TSESTree.Node };
}

/** Where a client's shared configuration adds a header to all its requests. */
export type SharedHeaderSource = 'defaults' | 'interceptor' | 'hook' | 'ajax-setup' | 'angular-interceptor';

/** What a request sends as its body. */
export interface RequestBody {
  /** The body expression as written. */
  node: TSESTree.Node;
  /** The object literal sent, followed through `JSON.stringify(...)`, `URLSearchParams` and same-function/const variables. */
  object?: TSESTree.ObjectExpression;
  /** json: JSON.stringify / axios-got-ky object body / `json:` option; form: URLSearchParams / qs.stringify / form string. */
  format: 'json' | 'form' | 'text' | 'unknown';
}

/** One HTTP request found in a file. */
export interface HttpRequest {
  node: TSESTree.CallExpression | TSESTree.NewExpression;
  client: HttpClient;
  /** Upper case when statically known (defaults: fetch GET, axios.get GET, ...). */
  method?: string;
  /** The URL folded through constants, templates, concatenation, `new URL(path, base)` and a client's base URL. */
  url?: StaticString;
  urlNode?: TSESTree.Node;
  /** `fetch(request)` of a `new Request(url, init)` built before the call: the argument that sends it. */
  sentRequest?: TSESTree.Node;
  /** The URL resolves to a catalog API host or a known API path. */
  isApi: boolean;
  headers: RequestHeader[];
  headersNode?: TSESTree.ObjectExpression;
  body?: RequestBody;
  /** axios `params`, got `searchParams`, ky `searchParams`, superagent `.query({...})`, request `qs`. */
  query?: TSESTree.ObjectExpression;
  /** The config/init object. */
  options?: TSESTree.ObjectExpression;
  /** The options argument as written, when it is not an object literal (a variable, `Object.assign(...)`, a parameter). */
  optionsNode?: TSESTree.Node;
  /**
   * Set when the call may make one of several requests, by what ran before it (engine/api/branches.ts: options
   * declared in several branches, a method a guard narrows to a few values): why this one is only one of them.
   */
  choice?: string;
  /**
   * A call of a summarized function whose method is one of its parameters (`send(method, url, init)`): the argument
   * that gives it, as written, so a wrapper handing on a parameter of its own is read as taking its method from it.
   */
  methodNode?: TSESTree.Node;
  /**
   * A same-file wrapper's call that hands its options' `headers` on from a parameter of the function it is made in
   * (`get(path, headers) { return this.request('GET', path, undefined, { headers }); }`, the wrapper spreading
   * `...options?.headers`): that parameter, so a summary of the function gives the headers its callers pass.
   */
  headersFrom?: TSESTree.Node;
  /**
   * Set when the request is made through a same-file wrapper (`this.call('PUT', '/telephony/...', body)`): the
   * request inside the wrapper and the wrapper function. `node` is then the wrapper's call site; headers
   * written inside the wrapper are shared by all its calls and marked `inherited`. Several levels deep
   * (`safe(path)` -> `webexFetch(path, init)` -> `fetch`), `request` is the innermost request.
   */
  wrapper?: {
    request: HttpRequest;
    function: TSESTree.Node;
    /** Every wrapper function between the call site and the request, innermost first (`function` is the first). */
    functions?: TSESTree.Node[];
    /** The call site lies in a further wrapper whose own call sites in the file are followed too. */
    followed?: boolean;
  };
}

/** A configured client: `axios.create({ baseURL })`, `got.extend({ prefixUrl })`, `ky.create({ prefixUrl })`, `request.defaults({ baseUrl })`. */
export interface HttpClientInstance {
  /** `axios.create(...)`; for the library's own default client (`axios.defaults...`, `axios.interceptors...`), the first statement configuring it. */
  node: TSESTree.Node;
  client: HttpClient;
  baseUrl?: StaticString;
  isApi: boolean;
  headers: RequestHeader[];
  headersNode?: TSESTree.ObjectExpression;
  options?: TSESTree.ObjectExpression;
}

export const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
export const BODY_METHODS = new Set(['post', 'put', 'patch']);

export { isFunctionNode } from '../parse/file-context.js';

/**
 * A header's value folded to a string: the value expression, or for a `Name: value` line the text after the colon
 * (leading blanks dropped). Undefined when it does not fold.
 */
export function headerValue(file: FileContext, h: RequestHeader, resolve: (n: TSESTree.Node) => TSESTree.Node = (n) => n): StaticString | undefined {
  const s = file.staticString(resolve(h.value));
  if (!s || !h.line) return s;
  const m = /^[^:]*:[ \t]*/.exec(s.value);
  return m && !m[0].includes('\u0000') ? { ...s, value: s.value.slice(m[0].length) } : undefined;
}

/** Case-insensitive header lookup (the last one written wins, as at run time). */
export function findHeader(request: { headers: readonly RequestHeader[] }, name: string): RequestHeader | undefined {
  const lower = name.toLowerCase();
  let found: RequestHeader | undefined;
  for (const h of request.headers) if (h.name.toLowerCase() === lower) found = h;
  return found;
}

// ---------------------------------------------------------------------------------------------
