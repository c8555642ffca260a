/**
 * The engine's side of a detection's scope (issue 11) for the kinds whose detectors do not tie their matches
 * themselves (`value-map`, `property-value`, `object-shape`, and `custom` detections given a scope): each raw match is tied to the scope's endpoints
 * at its node, which gives it its confidence, or drops it (tied to another endpoint, or no API context). The
 * `property`, `host` and `request-field` detectors tie their own matches (they know the usage, URL or request).
 * A scope with no endpoints (the platform names none: `where`) leaves the detector's own context rules alone.
 */
import { isUnknownEnvReason, type FileContext } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import type { RawMatch } from '../detectors/detector.js';
import type { Detection, DetectionScope } from '../types.js';
import { describeEndpoint } from './endpoints.js';
import { configTie, scopeTie, type Tie } from './tie.js';
import { getClientInstances, getRequests } from './calls.js';
import { isMemberDefaultReason } from './bindings.js';
import type { Node } from '../parse/file-context.js';

/** Kinds whose matches the engine ties to the detection's scope. */
const TIED_BY_ENGINE = new Set<Detection['kind']>(['value-map', 'property-value', 'object-shape']);

/** The scope the engine applies to this detection's matches, if any. */
function engineScope(d: Detection): DetectionScope | undefined {
  // A notice-specific (custom) detector that gives its matches' nodes is scoped by its catalog entry the same way.
  return (TIED_BY_ENGINE.has(d.kind) || d.kind === 'custom') && d.scope && d.scope.endpoints.length > 0 ? d.scope : undefined;
}

function withTie(raw: RawMatch, tie: Tie): RawMatch {
  return { ...raw, confidence: tie.confidence, confidenceReason: tie.reason };
}

/** Raw matches of a parsed file, tied to the detection's scope (unchanged when the engine does not scope the kind). */
export function scopeMatches(file: FileContext, d: Detection, raws: RawMatch[], catalog: LoadedCatalog): RawMatch[] {
  const scope = engineScope(d);
  if (!scope) return raws;
  const out: RawMatch[] = [];
  for (const raw of raws) {
    if (!raw.node) {
      out.push(raw);
      continue;
    }
    const tie = raw.tieAt && raw.tieAt.length > 0 ? readersTie(raw.tieAt, scope, catalog) : scopeTie(file, raw.node, scope, catalog);
    if (tie) out.push(withTie(raw, tie));
  }
  return out;
}

/** A held value's tie (engine/detectors/held.ts): where its readers are, the first certain one, else the first likely one. */
function readersTie(readers: NonNullable<RawMatch['tieAt']>, scope: DetectionScope, catalog: LoadedCatalog): Tie | undefined {
  let likely: Tie | undefined;
  for (const r of readers) {
    const tie = scopeTie(r.file, r.node, scope, catalog);
    if (tie?.confidence === 'certain') return tie;
    likely ??= tie;
  }
  return likely;
}

/** Raw matches of a configuration file, tied by what the file names (an endpoint: certain; only others: dropped). */
export function scopeTextMatches(text: string, d: Detection, raws: RawMatch[]): RawMatch[] {
  const scope = engineScope(d);
  if (!scope || raws.length === 0) return raws;
  const tie = configTie(text, scope);
  if (tie) return raws.map((r) => withTie(r, tie));
  if (scope.untied !== 'certain') return [];
  // Values that are the platform's own (license names): kept unless the file names only other endpoints.
  const others = (scope.others ?? []).length > 0 && configTie(text, { ...scope, endpoints: scope.others ?? [], others: [] });
  return others ? [] : raws.map((r) => ({ ...r, confidence: 'certain' as const, confidenceReason: 'the value is the platform\'s own wherever it is written' }));
}

/**
 * A scope in words, one line per part (for `explain` and the generated docs); `link` renders a source URL.
 * `kind` is the detection's: a host's tie is decided by the paths it serves (engine/api/host-use.ts), where
 * another path on the same host did not move and is not reported.
 */
export function describeScope(scope: DetectionScope, link: (url: string) => string = (u) => u, kind?: Detection['kind']): string[] {
  const unlisted = kind === 'host' ? '' : ', or to one the catalog does not list here,';
  const lines: string[] = [];
  const endpoint = (e: DetectionScope['endpoints'][number]) =>
    `\`${describeEndpoint(e)}\`${e.host === 'callHistory' ? ' on the call history host' : ''}${e.side && e.side !== 'both' ? ` (${e.side})` : ''}`;
  const bySource = (list: DetectionScope['endpoints']) => {
    const groups = new Map<string, string[]>();
    for (const e of list) groups.set(e.source, [...(groups.get(e.source) ?? []), endpoint(e)]);
    return [...groups].map(([source, eps]) => `${eps.join(', ')} (${link(source)})`).join('; ');
  };
  if (scope.endpoints.length > 0) lines.push(`Applies to: ${bySource(scope.endpoints)}.`);
  if (scope.where) lines.push(`Applies to ${scope.where.text} (${link(scope.where.source)}).`);
  if (scope.others?.length) lines.push(`Not reported where tied to these endpoints, which use the same name for something else: ${bySource(scope.others)}.`);
  if (scope.endpoints.length > 0) {
    lines.push(
      scope.untied === 'certain'
        ? `Code tied to no endpoint stays certain: the values are the platform's own wherever they are written${unlisted ? '; code tied to an endpoint the catalog does not list here is likely' : ''}.`
        : `Code tied to no endpoint${unlisted} is likely (a suggestion, never an autofix) in a file that calls the API${scope.context?.length ? ` or mentions ${scope.context.map((w) => `\`${w}\``).join(', ')}` : ''}; elsewhere it is not reported.`,
    );
  }
  return lines;
}

/**
 * Matches at a request (or in a configured client) whose URL rests on an environment variable's assumed value
 * (engine/project/env.ts: an environment file's example, or the variable's name) made at most likely, with the
 * reason (a deployment sets its own values), unless the same match is found without any assumed value
 * (`without`, run only when some match is at such a request; a path the API is known by needs no host). Only
 * files with matches look at their requests for this.
 */
export function assumedMatches(file: FileContext, raws: RawMatch[], catalog: LoadedCatalog, without: () => RawMatch[]): RawMatch[] {
  // Without the project model no environment value is read (engine/project/env.ts).
  if (raws.length === 0 || !file.links?.envValue) return raws;
  const assumed = file.cached('requests:assumed', () => {
    const out = new Map<Node, string>();
    for (const instance of getClientInstances(file, catalog).values()) if (instance.baseUrl?.assumed !== undefined) out.set(instance.node, instance.baseUrl.assumed);
    for (const r of getRequests(file, catalog)) {
      if (r.url?.assumed === undefined) continue;
      out.set(r.node, r.url.assumed);
      // Options written before the call (`var settings = { url, headers }; $.ajax(settings)`) on a URL its function's
      // parameter defaults (bindings.ts defaultedMemberValue): their matches rest on that default too.
      if (!isMemberDefaultReason(r.url.assumed)) continue;
      for (const part of [r.options, r.headersNode]) if (part && !(r.node.range[0] <= part.range[0] && part.range[1] <= r.node.range[1])) out.set(part, r.url.assumed);
    }
    return out;
  });
  if (assumed.size === 0) return raws;
  const reasonOf = (raw: RawMatch): string | undefined => {
    if (!raw.node || raw.confidence === 'likely') return undefined;
    for (let n: Node | undefined = raw.node; n; n = file.parentOf(n)) {
      const why = assumed.get(n);
      if (why !== undefined) return why;
    }
    return undefined;
  };
  if (!raws.some((raw) => reasonOf(raw) !== undefined)) return raws;
  const key = (raw: RawMatch): string => `${raw.messageId}:${raw.node?.range[0]}:${raw.node?.range[1]}`;
  const plain = new Map(without().map((raw) => [key(raw), raw]));
  return raws.map((raw) => {
    const why = reasonOf(raw);
    if (why === undefined) return raw;
    // A base with no value is unknown in both readings: the match rests on the path alone.
    const same = isUnknownEnvReason(why) ? undefined : plain.get(key(raw));
    return same ? { ...raw, confidence: same.confidence ?? raw.confidence, confidenceReason: same.confidenceReason ?? raw.confidenceReason } : { ...raw, confidence: 'likely' as const, confidenceReason: why };
  });
}
