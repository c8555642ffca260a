/**
 * Catalog upkeep from the platform's OpenAPI specs (issue 29). This folder owns everything between spec files
 * and draft notices: reading a spec into a flat model (openapi.ts), comparing two readings into change records
 * (spec-diff.ts), the noise shapes and the rename check (noise.ts), observing a pair, a history or one reading
 * (observe.ts), and here: the confidence of each change, grouping one change across operations and specs into
 * one draft, de-duplication against the catalog, and the draft notices themselves (detections of the generic
 * kinds only, status `pending` unless the spec states a date, text that only says what the spec says). The
 * review file beside the drafts (review.ts) carries the evidence and what a person must fill in; check.ts
 * compares the catalog's endpoints and detection fields with specs. Nothing here reads git or the clock.
 */
import type { Catalog, Detection, Endpoint, ExtraCatalog, Notice } from '../../types.js';
import type { NoiseShape } from './noise.js';
import type { SpecModel } from './openapi.js';
import { ADDITIONS, type ChangeClass } from './spec-diff.js';
import type { ChangeGroup, DraftConfidence, ObservedChange } from './observe.js';

export type { ChangeGroup, DraftConfidence } from './observe.js';
import { catalogCoverage } from './dedupe.js';

/** How sure a proposal is that the change is an API change a consumer must act on. */
export const CONFIDENCES: readonly DraftConfidence[] = ['high', 'medium', 'low'];

export interface ProposeOptions {
  /** The catalog the drafts are compared with (the built-in one merged with the user's). */
  catalog: Catalog;
  /** Also draft additions (informational notices). */
  includeAdditions?: boolean;
  /** Lowest confidence drafted (default `medium`). */
  minConfidence?: DraftConfidence;
  /** Keep drafts the catalog already covers (they are listed in the review either way). */
  keepDuplicates?: boolean;
  /** History: also draft the changes of each spec's last publish, which no next publish has confirmed yet. */
  includeUnconfirmed?: boolean;
  /** The newest reading of each spec, to list other endpoints that use a drafted name. */
  latest?: readonly SpecModel[];
}

/** One group of observed changes: one change across operations, specs and publishes. */
export interface DraftEntry {
  notice: Notice;
  group: ChangeGroup;
  /** Other endpoints of the newest specs that use the same name (candidates for `scope.others`). */
  sameName: string[];
}

export interface Proposal {
  drafts: DraftEntry[];
  /** Groups the catalog already covers, with the covering notice. */
  duplicates: Array<{ group: ChangeGroup; notice: string; how: string }>;
  /** Groups below the confidence asked for, or additions without `includeAdditions`. */
  skipped: Array<{ group: ChangeGroup; why: string }>;
  /** History only: changes of the last publish, not yet confirmed by a next one. */
  awaiting: ObservedChange[];
  /** Observed changes per noise shape. */
  noise: Record<string, number>;
  /** Observed changes in all (before grouping). */
  observed: number;
}

const HIGH: readonly ChangeClass[] = ['operation-deprecated', 'deprecation-sentence', 'operation-removed', 'path-renamed', 'field-removed', 'field-renamed', 'field-required'];
const RANK: Record<DraftConfidence, number> = { high: 2, medium: 1, low: 0 };

function confidenceOf(changes: readonly ObservedChange[]): { confidence: DraftConfidence; reasons: string[] } {
  // A group is as good as its best change: a change seen clean in one spec is not noise because another copy is.
  const clean = changes.filter((c) => c.noise.length === 0);
  if (clean.length === 0) {
    const shapes = [...new Set(changes.flatMap((c) => c.noise))];
    return { confidence: 'low', reasons: shapes.map((s) => `noise: ${s}`) };
  }
  const cls = changes[0].class;
  if (HIGH.includes(cls) || ADDITIONS.includes(cls)) return { confidence: 'high', reasons: [`${cls}`] };
  return { confidence: 'medium', reasons: [`${cls}: a change of values or shape, whose effect on readers depends on use`] };
}

/** The first static path segment: the resource a change belongs to. */
export function resourceOf(path: string): string {
  return path.split('/').find((s) => s !== '' && !s.startsWith('{') && !/^v\d+$/.test(s)) ?? '';
}

const leaf = (field: string): string => field.slice(field.lastIndexOf('.') + 1).replace(/\[\]$/g, '');

const sideOf = (c: ObservedChange): 'request' | 'response' => (c.location === 'response' ? 'response' : 'request');

function groupKey(c: ObservedChange): string {
  const root = resourceOf(c.path);
  switch (c.class) {
    case 'operation-deprecated':
    case 'deprecation-sentence':
      // The flag and the sentence are one deprecation.
      return ['deprecated', root, c.date ?? ''].join('|');
    case 'operation-removed':
    case 'operation-added':
      return [c.class, root, c.date ?? ''].join('|');
    case 'path-renamed':
      return [c.class, c.path, c.to].join('|');
    case 'status-added':
    case 'error-codes-added':
    case 'error-code-changed':
      return [c.class, c.method, c.path, c.status ?? '', c.from ?? '', (c.values ?? []).join(',')].join('|');
    case 'field-renamed':
    case 'field-added':
    case 'enum-added':
      return [c.class, root, sideOf(c), leaf(c.field ?? ''), leaf(c.to ?? ''), (c.values ?? []).join(',')].join('|');
    default:
      // Removals, new requirements, changed types and dropped values of one publish are one change of the resource.
      return [c.class, root, sideOf(c), c.seenIn.date ?? ''].join('|');
  }
}

/** Groups observed changes: one group per change across operations, specs and publishes. */
export function groupChanges(changes: readonly ObservedChange[]): ChangeGroup[] {
  const groups = new Map<string, ObservedChange[]>();
  for (const c of changes) {
    const key = groupKey(c);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups].map(([key, list]) => ({ key, class: list[0].class, changes: list, ...confidenceOf(list) }));
}

/** `/rooms/{roomId}/meetingInfo` -> `(^|/)rooms/[^/]+/meetingInfo/?$` (the catalog's url-path convention). */
export function pathRegex(path: string): string {
  const body = path
    .replace(/^\/+|\/+$/g, '')
    .split(/\{[^}]*\}/)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return `(^|/)${body}/?$`;
}

const METHOD_SET = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function endpointsOf(changes: readonly ObservedChange[], side: Endpoint['side']): Endpoint[] {
  const byPath = new Map<string, { methods: Set<string>; source: string }>();
  for (const c of changes) {
    const e = byPath.get(c.path) ?? { methods: new Set<string>(), source: c.seenIn.url };
    e.methods.add(c.method);
    byPath.set(c.path, e);
  }
  return [...byPath].map(([path, e]) => {
    const endpoint: Endpoint = { path, methods: [...e.methods].filter((m) => METHOD_SET.has(m)).sort() as Endpoint['methods'], source: e.source };
    if (side) endpoint.side = side;
    return endpoint;
  });
}

function rareTokens(paths: readonly string[]): string[] {
  const words = paths.flatMap((p) => p.split('/').filter((s) => s.length > 3 && !s.startsWith('{')));
  const longest = [...new Set(words)].sort((a, b) => b.length - a.length);
  return longest.slice(0, 1);
}

const code = (s: string): string => `\`${s}\``;
const list = (items: readonly string[]): string => items.map(code).join(', ');

function operationsText(changes: readonly ObservedChange[]): string {
  const ops = [...new Set(changes.map((c) => `${c.method} ${c.path}`))];
  return ops.length <= 3 ? list(ops) : `${list(ops.slice(0, 3))} and ${ops.length - 3} more`;
}

function areaOf(spec: string): string {
  return spec.replace(/^webex-/, '').replace(/[^a-z0-9]+/gi, '-').toLowerCase() || 'api';
}

function slug(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

interface DraftShape {
  idWords: string;
  title: string;
  summary: string;
  breaking: boolean;
  instead: string;
  fix: Notice['fix'];
  detections: Detection[];
  reason?: string;
}

const NOT_STATED = 'Not stated in the spec: write it from the changelog (see the review file).';

/** The changes a draft is built from: those without noise when the group has any. */
export function cleanChanges(group: ChangeGroup): ObservedChange[] {
  const clean = group.changes.filter((c) => c.noise.length === 0);
  return clean.length ? clean : group.changes;
}

function shapeOf(group: ChangeGroup): DraftShape {
  const changes = cleanChanges(group);
  const c = changes[0];
  const ops = operationsText(changes);
  const paths = [...new Set(changes.map((x) => x.path))];
  const field = c.field ?? '';
  const name = leaf(field);
  const fields = [...new Set(changes.map((x) => x.field ?? ''))];
  const names = [...new Set(fields.map(leaf))];
  const fieldsText = fields.length <= 4 ? list(fields) : `${list(fields.slice(0, 4))} and ${fields.length - 4} more`;
  const namesTitle = names.length === 1 ? code(names[0]) : `${names.length} fields`;
  const side: Endpoint['side'] = c.location === 'response' ? 'response' : 'request';
  const root = resourceOf(c.path);
  const sentence = changes.find((x) => x.sentence)?.sentence;
  const urlPath = (change: string): Detection => ({ kind: 'url-path', paths: paths.map(pathRegex), change, tokens: rareTokens(paths), scope: { endpoints: endpointsOf(changes, 'request') } });
  const scoped = (s: Endpoint['side'], of: readonly ObservedChange[] = changes) => ({ scope: { endpoints: endpointsOf(of, s) } });
  const topLevel = fields.every((f) => !/[.[]/.test(f));
  /** One request-field detection per place (body, query) the fields are sent in. */
  const requestFields = (extra: Record<string, unknown>, change: string): Detection[] => {
    const places = new Map<'body' | 'query', ObservedChange[]>();
    for (const x of changes) {
      const place = x.location === 'query' ? 'query' : 'body';
      places.set(place, [...(places.get(place) ?? []), x]);
    }
    return [...places].map(
      ([place, of]) =>
        ({
          kind: 'request-field',
          paths: [...new Set(of.map((x) => x.path))].map(pathRegex),
          methods: [...new Set(of.map((x) => x.method))].sort(),
          in: place,
          fields: [...new Set(of.map((x) => leaf(x.field ?? '')))],
          change,
          ...extra,
          ...scoped('request', of),
        }) as Detection,
    );
  };
  const informational = (title: string, summary: string): DraftShape => ({
    idWords: `${root} ${name || c.class}`,
    title,
    summary,
    breaking: false,
    instead: 'Nothing to change: an addition.',
    fix: 'none',
    detections: [],
    reason: 'An addition in the spec: existing code keeps working, so nothing is reported.',
  });
  switch (group.class) {
    case 'operation-deprecated':
    case 'deprecation-sentence':
      return {
        idWords: `${root} deprecated`,
        title: `${paths.length === 1 ? code(paths[0]) : `${code(root)} operations`} deprecated`,
        summary: `The spec ${group.class === 'operation-deprecated' ? 'marks as deprecated' : 'says in the description that it is deprecated'}: ${ops}.${sentence ? ` Its words: "${sentence}"` : ''}`,
        breaking: false,
        instead: NOT_STATED,
        fix: 'none',
        detections: [urlPath('is deprecated in the API spec')],
      };
    case 'operation-removed':
      return { idWords: `${root} removed`, title: `${code(root)} operations removed from the spec`, summary: `The spec no longer lists ${ops}.`, breaking: true, instead: NOT_STATED, fix: 'none', detections: [urlPath('is no longer in the API spec')] };
    case 'path-renamed':
      return {
        idWords: `${root} path renamed`,
        title: `${code(c.path)} moved to ${code(c.to ?? '')}`,
        summary: `The spec lists ${code(`${c.method} ${c.to ?? ''}`)} where it listed ${code(`${c.method} ${c.path}`)} (same operation id or summary).`,
        breaking: true,
        instead: `The spec now lists ${code(c.to ?? '')} for this operation.`,
        fix: 'none',
        detections: [urlPath(`is now ${c.to ?? ''} in the API spec`)],
      };
    case 'field-renamed': {
      const to = leaf(c.to ?? '');
      return {
        idWords: `${root} ${name} renamed`,
        title: `${code(name)} renamed to ${code(to)} in ${code(root)}`,
        summary: `In the ${side} of ${ops}, the spec replaces ${code(field)} with ${code(c.to ?? '')} (same place and type).`,
        breaking: true,
        instead: `Use ${code(to)}, the spec's new name.`,
        fix: 'suggestion',
        detections: [{ kind: 'property', names: [name], renameTo: to, usages: side === 'response' ? ['read', 'destructure', 'declaration'] : ['key', 'declaration'], ...scoped(side) }],
      };
    }
    case 'field-removed':
      return {
        idWords: `${root} ${names.length === 1 ? name : 'fields'} removed`,
        title: `${namesTitle} removed from the ${side} of ${code(root)} operations`,
        summary: `The spec no longer lists ${fieldsText} in the ${c.location === 'query' ? 'query parameters' : side} of ${ops}.`,
        breaking: true,
        instead: NOT_STATED,
        fix: 'none',
        detections:
          side === 'request' && topLevel
            ? requestFields({ present: true }, 'is no longer in the API spec')
            : [{ kind: 'property', names, change: 'removed', usages: side === 'response' ? ['read', 'destructure'] : ['key'], ...scoped(side) }],
      };
    case 'field-required':
      return {
        idWords: `${root} ${names.length === 1 ? name : 'fields'} required`,
        title: `${namesTitle} required by ${code(root)} operations`,
        summary: `The spec makes ${fieldsText} required in the request of ${ops}.`,
        breaking: true,
        instead: `Send ${list(names)}.`,
        fix: 'none',
        detections: topLevel ? requestFields({ required: true }, 'is required by the API spec') : [],
        ...(topLevel ? {} : { reason: 'A nested field: the generic request-field kind checks top-level fields only.' }),
      };
    case 'enum-removed': {
      const values = [...new Set(changes.flatMap((x) => x.values ?? []))];
      const detections: Detection[] = [];
      for (const f of fields) {
        const of = changes.filter((x) => x.field === f);
        const dropped = [...new Set(of.flatMap((x) => x.values ?? []))];
        if (side === 'request' && !/[.[]/.test(f)) {
          const place = of[0].location === 'query' ? 'query' : 'body';
          detections.push({ kind: 'request-field', paths: [...new Set(of.map((x) => x.path))].map(pathRegex), methods: [...new Set(of.map((x) => x.method))].sort(), in: place, fields: [leaf(f)], values: dropped, change: 'has a value the API spec no longer lists', ...scoped('request', of) });
        } else detections.push({ kind: 'value-map', map: Object.fromEntries(dropped.map((v) => [v, null])), members: [leaf(f)], ...scoped(side, of) });
      }
      return {
        idWords: `${root} ${names.length === 1 ? name : 'fields'} values removed`,
        title: `${list(values)} no longer ${values.length === 1 ? 'a value' : 'values'} of ${names.length === 1 ? code(name) : list(names)}`,
        summary: `The spec drops ${list(values)} from the values of ${fieldsText} in the ${side} of ${ops}.`,
        breaking: true,
        instead: NOT_STATED,
        fix: 'none',
        detections,
      };
    }
    case 'type-changed': {
      const wasString = [...new Set(changes.filter((x) => (x.before ?? '').startsWith('string')).map((x) => leaf(x.field ?? '')))];
      const how = [...new Set(changes.map((x) => `${code(x.field ?? '')} from ${x.before ?? '?'} to ${x.after ?? '?'}`))];
      return {
        idWords: `${root} ${names.length === 1 ? name : 'fields'} type changed`,
        title: `${namesTitle} ${names.length === 1 ? 'changes' : 'change'} type in ${code(root)} operations`,
        summary: `The spec changes, in the ${side} of ${ops}: ${how.slice(0, 4).join('; ')}${how.length > 4 ? ` and ${how.length - 4} more` : ''}.`,
        breaking: true,
        instead: NOT_STATED,
        fix: 'none',
        detections: wasString.length ? [{ kind: 'property-value', names: wasString, strings: true, ...scoped(side) }] : [],
        ...(wasString.length ? {} : { reason: 'Only a field that was a string is detected (string values written for it).' }),
      };
    }
    case 'error-code-changed':
      return {
        idWords: `${root} error code ${c.from ?? ''}`,
        title: `Error code ${code(c.from ?? '')} becomes ${code((c.values ?? [])[0] ?? '')}`,
        summary: `In the ${c.status ?? ''} response examples of ${ops}, the spec shows ${code((c.values ?? [])[0] ?? '')} where it showed ${code(c.from ?? '')} (${c.note ?? ''}).`,
        breaking: true,
        instead: `Expect ${code((c.values ?? [])[0] ?? '')}.`,
        fix: 'none',
        detections: [{ kind: 'value-map', map: { [c.from ?? '']: (c.values ?? [])[0] ?? null }, members: ['errorCode', 'code'], numbers: true, ...scoped('response') }],
      };
    case 'operation-added':
      return informational(`${code(root)} operations added`, `The spec adds ${ops}. An addition: existing code is unaffected.`);
    case 'field-added':
      return informational(`${code(name)} added to ${code(root)} operations`, `The spec adds ${code(field)} to the ${c.location === 'query' ? 'query parameters' : side} of ${ops}. An addition: existing code is unaffected.`);
    case 'enum-added':
      return { ...informational(`${code(name)} gains ${list(c.values ?? [])}`, `The spec adds ${list(c.values ?? [])} to the values of ${code(field)} in the ${side} of ${ops}. An addition: code that switches on ${code(name)} may meet the new values.`), idWords: `${root} ${name} values added` };
    case 'status-added':
      return { ...informational(`${ops} gains status ${list(c.values ?? [])}`, `The spec adds the response status ${list(c.values ?? [])} to ${ops}.${c.note ? ` Its ${c.note}.` : ''} Code that checks the status may meet it.`), idWords: `${root} status ${(c.values ?? []).join(' ')}` };
    case 'error-codes-added':
      return { ...informational(`${ops} lists new error codes`, `The ${c.status ?? ''} response examples of ${ops} add the error codes ${list(c.values ?? [])}.`), idWords: `${root} error codes ${c.status ?? ''}` };
  }
}

function buildNotice(group: ChangeGroup, taken: Set<string>): Notice {
  const s = shapeOf(group);
  const first = cleanChanges(group)[0];
  let id = `draft-${slug(s.idWords) || 'change'}`;
  for (let n = 2; taken.has(id); n++) id = `draft-${slug(s.idWords)}-${n}`;
  taken.add(id);
  const date = cleanChanges(group).map((c) => c.date).find((d): d is string => d !== undefined);
  const sentence = cleanChanges(group).find((c) => c.sentence)?.sentence;
  const notice: Notice = {
    id,
    title: s.title,
    summary: s.summary,
    area: areaOf(first.spec),
    status: s.detections.length === 0 ? 'informational' : date ? 'dated' : 'pending',
    breaking: s.breaking,
    source: { section: 'openapi', url: first.seenIn.url, ...(sentence ? { quote: sentence } : {}) },
    instead: s.instead,
    fix: s.fix,
    detections: s.detections,
  };
  if (date && s.detections.length > 0) {
    notice.effective = date;
    notice.precision = 'day';
  }
  if (s.reason) notice.reason = s.reason;
  return notice;
}

function sameNameEndpoints(group: ChangeGroup, latest: readonly SpecModel[]): string[] {
  const field = group.changes[0].field;
  if (!field) return [];
  const name = leaf(field);
  const mine = new Set(group.changes.map((c) => `${c.method} ${c.path}`));
  const out = new Set<string>();
  for (const spec of latest) {
    for (const op of spec.operations.values()) {
      if (mine.has(`${op.method} ${op.path}`)) continue;
      const bodies = [op.request?.fields, op.response?.fields].filter((m): m is NonNullable<typeof m> => m !== undefined);
      const uses = bodies.some((m) => [...m.keys()].some((k) => leaf(k) === name)) || [...op.params.values()].some((p) => p.path === name);
      if (uses) out.add(`${op.method} ${op.path}`);
    }
  }
  return [...out].sort();
}

/** Groups, judges, de-duplicates and drafts observed changes. */
export function propose(observed: readonly ObservedChange[], options: ProposeOptions): Proposal {
  const min = RANK[options.minConfidence ?? 'medium'];
  const awaiting = observed.filter((c) => c.unconfirmed === true);
  const settled = options.includeUnconfirmed ? [...observed] : observed.filter((c) => c.unconfirmed !== true);
  const noise: Record<string, number> = {};
  for (const c of observed) for (const s of c.noise) noise[s] = (noise[s] ?? 0) + 1;
  const result: Proposal = { drafts: [], duplicates: [], skipped: [], awaiting, noise, observed: observed.length };
  const taken = new Set(options.catalog.notices.map((n) => n.id));
  for (const group of groupChanges(settled)) {
    const covered = catalogCoverage(group, options.catalog);
    if (covered) result.duplicates.push({ group, notice: covered.notice, how: covered.how });
    if (ADDITIONS.includes(group.class) && !options.includeAdditions) {
      result.skipped.push({ group, why: 'an addition (use --include-additions)' });
      continue;
    }
    if (RANK[group.confidence] < min) {
      result.skipped.push({ group, why: `confidence ${group.confidence} (${group.reasons.join('; ')})` });
      continue;
    }
    if (covered && !options.keepDuplicates) continue;
    result.drafts.push({ notice: buildNotice(group, taken), group, sameName: sameNameEndpoints(group, options.latest ?? []) });
  }
  return result;
}

/** The drafts as a user catalog (`--notices drafts.json`). */
export function draftCatalog(proposal: Proposal): ExtraCatalog {
  return { version: 1, notices: proposal.drafts.map((d) => d.notice) };
}

export type { NoiseShape };
