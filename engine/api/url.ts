/**
 * URLs of the API model: the path, host and query of a folded URL, and whether it calls the API (a catalog
 * host, or a known API path when the host is not statically known).
 */
import { UNKNOWN, type StaticString } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { apiUrlGate } from '../prefilter/gates.js';

/**
 * Known API path prefixes (after an optional `/v1`) used when the host is not statically known. The guest token
 * exchange is `jwt/login`, the API's one path under `/jwt`: the bare word let a MIME type (`` `application/jwt` ``,
 * read as a host's tail and a path) open files for the detections about API requests (issue 26, round three).
 */
export const API_PATH_WORDS = [
  'telephony', 'people', 'licenses', 'access_token', 'authorize', 'rooms', 'messages', 'memberships', 'teams',
  'team/memberships', 'webhooks', 'meetings', 'meetingPreferences', 'recordings', 'meetingTranscripts',
  'meetingSummaries', 'devices', 'workspaces', 'workspaceLocations', 'locations', 'places', 'organizations', 'roles',
  'events', 'cdr_feed', 'cdr_stream', 'service-apps', 'jwt/login', 'admin/', 'identity/', 'wholesale', 'broadworks',
  'reports', 'adminAudit', 'hybrid', 'resourceGroups', 'xapi', 'callingQualities', 'guests',
];
const API_PATH = new RegExp(`^(?:\\/v1(?:\\/|$)|\\/(?:${API_PATH_WORDS.map((w) => w.replace(/\//g, '\\/')).join('|')})(?:[/?#]|$))`);

/** The path part of a URL (no scheme, host, query or fragment); unknown parts stay as {@link UNKNOWN}. */
export function urlPath(url: StaticString): string {
  let v = url.value;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(v);
  if (scheme) v = v.slice(scheme[0].length);
  else if (v.startsWith(UNKNOWN)) {
    // `${base}/rooms`: the unknown base is the host (and maybe a path prefix such as /v1).
    v = v.replace(/^\u0000+/, '');
  } else if (v.startsWith('//')) v = v.replace(/^\/\/[^/?#]*/, '');
  const cut = v.search(/[?#]/);
  if (cut >= 0) v = v.slice(0, cut);
  return v;
}

/** The host of an absolute URL, lower-cased, or undefined when not statically known. */
export function urlHost(url: StaticString): string | undefined {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:]*)/i.exec(url.value);
  if (!m || m[1].includes(UNKNOWN) || m[1] === '') return undefined;
  return m[1].toLowerCase();
}

export { LOOPBACK_HOST } from '../parse/file-context.js';

/** A query string's separator: `&`, or `&amp;` as markup writes it (the browser reads `a=1&amp;b=2` as `a=1&b=2`). */
export const QUERY_SEPARATOR = /&(?:amp;)?/i;

/** Query parameters written into a URL string (`?a=1&b=${x}`), values raw (not decoded), unknown parts kept. */
export function urlQuery(url: StaticString): Map<string, string> {
  const out = new Map<string, string>();
  const q = url.value.indexOf('?');
  if (q < 0) return out;
  const rest = url.value.slice(q + 1).split('#')[0];
  // `&amp;`: the separator as an HTML page writes it (an `href`, a string of markup), which the browser decodes.
  for (const pair of rest.split(QUERY_SEPARATOR)) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    out.set(key, eq < 0 ? '' : pair.slice(eq + 1));
  }
  return out;
}

/** Every host the catalog knows as serving the API (REST and detailed call history). */
export function apiHosts(catalog: LoadedCatalog): Set<string> {
  const h = catalog.hosts;
  return new Set([...h.api, h.callHistory.legacy, h.callHistory.govLegacy, h.callHistory.gov, ...Object.values(h.callHistory.regional)].map((x) => x.toLowerCase()));
}

/** Whether a text holds one of the API's host names ({@link apiHosts}, lower case: pass lower-cased text to match any case). */
export function namesApiHost(text: string, catalog: LoadedCatalog): boolean {
  for (const h of apiHosts(catalog)) if (text.includes(h)) return true;
  return false;
}

/**
 * Literal text a file must contain for any of its requests to resolve to the API ({@link isApiUrl}): the
 * API host names and the known API path words. Detections that only report API requests use it as their
 * prefilter's second token group.
 */
export function apiMarkers(catalog: LoadedCatalog): string[] {
  return [...apiHosts(catalog), '/v1', ...API_PATH_WORDS.map((w) => `/${w}`)];
}

/** Whether a URL calls the API: an API host, or (host unknown) a known API path. */
export function isApiUrl(url: StaticString | undefined, catalog: LoadedCatalog): boolean {
  if (!url) return false;
  const host = urlHost(url);
  if (host !== undefined) return apiHosts(catalog).has(host);
  // An absolute URL with a partly unknown host (`https://${tenant}.example.com/v1`) is not the API unless the path says so.
  return API_PATH.test(urlPath(url));
}

const apiUrlGates = new WeakMap<LoadedCatalog, RegExp>();

/**
 * Whether a text may write a URL {@link isApiUrl} takes for the API: an API host, or an API path word where a
 * path may start (engine/prefilter/gates.ts, {@link apiUrlGate}). The gate of the detections that only report
 * API requests; built once per catalog.
 */
export function mayWriteApiUrl(text: string, catalog: LoadedCatalog): boolean {
  let gate = apiUrlGates.get(catalog);
  if (!gate) apiUrlGates.set(catalog, (gate = apiUrlGate(apiHosts(catalog), API_PATH_WORDS)));
  return gate.test(text);
}
