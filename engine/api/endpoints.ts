/**
 * Endpoints of the catalog matched against calls: a call's method and folded URL path against an endpoint's
 * methods and path template (`/telephony/config/workspaces/{workspaceId}/simultaneousRing`).
 */
import { UNKNOWN } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import type { Endpoint } from '../types.js';
import { urlHost } from './url.js';
import type { HttpRequest } from './calls.js';
import { urlPath } from './url.js';

const compiled = new WeakMap<Endpoint, RegExp>();

/** The path template as a regular expression over a URL path: `{x}` is one segment, `/v1` optional, trailing `/` allowed. */
export function templatePattern(endpoint: Endpoint): RegExp {
  let re = compiled.get(endpoint);
  if (!re) {
    // The version segment is optional on both sides: a base address often carries it (`${base}/cdr_feed`).
    const body = endpoint.path
      .replace(/^\/v1(?=\/)/, '')
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
      .join('');
    re = new RegExp(`^(?:/v1)?${body}/?$`, 'i');
    compiled.set(endpoint, re);
  }
  return re;
}

/**
 * A URL path as the endpoint matcher sees it: with a leading `/` (a resource class's relative `rooms/x`), and
 * `undefined` when the path is not known well enough to be matched (empty, or unknown before its first segment
 * beyond a base).
 */
export function normalizedPath(path: string): string | undefined {
  if (path === '' || path === '/') return undefined;
  return path.startsWith('/') ? path : `/${path}`;
}

/** Whether a URL path (unknown parts as {@link UNKNOWN}) is an endpoint's path. An unknown part matches one segment. */
export function pathMatches(endpoint: Endpoint, path: string): boolean {
  const p = normalizedPath(path);
  return p !== undefined && templatePattern(endpoint).test(p);
}

/** Whether a method (upper case, or unknown) can be one of the endpoint's. An unknown method matches. */
export function methodMatches(endpoint: Endpoint, method: string | undefined): boolean {
  return !endpoint.methods || method === undefined || (endpoint.methods as string[]).includes(method.toUpperCase());
}

/** Whether the URL's host (when known) serves the endpoint: the REST API hosts, or the call history hosts. */
function hostMatches(endpoint: Endpoint, host: string | undefined, catalog: LoadedCatalog): boolean {
  if (host === undefined) return true;
  const h = catalog.hosts;
  const history = [h.callHistory.legacy, h.callHistory.govLegacy, h.callHistory.gov, ...Object.values(h.callHistory.regional)].map((x) => x.toLowerCase());
  return endpoint.host === 'callHistory' ? history.includes(host) : !history.includes(host) || endpoint.path.startsWith('/v1/');
}

/** The first of `endpoints` a request calls (method, host and path template), or undefined. */
export function endpointOfRequest(request: HttpRequest, endpoints: readonly Endpoint[], catalog: LoadedCatalog): Endpoint | undefined {
  if (!request.url) return undefined;
  const path = urlPath(request.url);
  const host = urlHost(request.url);
  return endpoints.find((e) => methodMatches(e, request.method) && hostMatches(e, host, catalog) && pathMatches(e, path));
}

/**
 * Whether a request's URL path is known well enough to say which endpoint it calls: some literal path segment
 * after the host. `${base}${path}` is not; `${base}/rooms/${id}` is.
 */
export function isResolvedPath(path: string): boolean {
  const p = normalizedPath(path);
  if (p === undefined) return false;
  return p.split('/').some((segment) => segment !== '' && !segment.includes(UNKNOWN) && segment !== 'v1');
}

/** `PUT /telephony/config/workspaces/{workspaceId}/simultaneousRing` (methods joined by `|` when several). */
export function describeEndpoint(endpoint: Endpoint, method?: string): string {
  const m = method ?? (endpoint.methods ? endpoint.methods.join('|') : '');
  return `${m ? `${m} ` : ''}${endpoint.path}`;
}
