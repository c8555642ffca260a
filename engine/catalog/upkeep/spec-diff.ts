/**
 * Two readings of one spec compared into change records: what a consumer of each operation may notice. Only
 * structure is compared (operations, parameters, body fields, types, enums, required flags, status codes,
 * error codes of examples, deprecation flags and dated deprecation sentences); what changes with every publish
 * (security, summaries, tags, operation ids, defaults, wording) is never compared. Noise shapes that can be
 * seen from the two readings alone are tagged here; those that need the history are tagged by the proposer.
 */
import { isInvertedRename, isLiteralOf, looksLikeRename, type NoiseShape } from './noise.js';
import { pathShape, type SpecBody, type SpecField, type SpecModel, type SpecOperation } from './openapi.js';

export type ChangeClass =
  | 'operation-removed'
  | 'operation-added'
  | 'operation-deprecated'
  | 'deprecation-sentence'
  | 'path-renamed'
  | 'field-removed'
  | 'field-added'
  | 'field-renamed'
  | 'field-required'
  | 'type-changed'
  | 'enum-removed'
  | 'enum-added'
  | 'status-added'
  | 'error-codes-added'
  | 'error-code-changed';

/** Classes that only add to the API: proposed with `--include-additions` only, as informational drafts. */
export const ADDITIONS: readonly ChangeClass[] = ['operation-added', 'field-added', 'enum-added', 'status-added', 'error-codes-added'];

/** Where in an operation a change is: its path, a body, or a parameter's place. */
export type ChangeLocation = 'operation' | 'request' | 'response' | 'query' | 'path' | 'header' | 'cookie';

/** One change of one operation between two readings of a spec. */
export interface ChangeRecord {
  class: ChangeClass;
  method: string;
  /** The operation's path template (as the newer reading writes it; the older one for a removal). */
  path: string;
  location: ChangeLocation;
  /** Dotted field path or parameter name. */
  field?: string;
  /** The new field name of a rename, or the new path of a moved operation. */
  to?: string;
  /** Enum values, status codes or error codes concerned. */
  values?: string[];
  /** For `error-code-changed`: the example's code before and after. */
  from?: string;
  /** Short before/after of the concerned element, for the review. */
  before?: string;
  after?: string;
  /** The description sentence that announces a deprecation, and the day it names. */
  sentence?: string;
  date?: string;
  /** The status code whose body or examples changed. */
  status?: string;
  noise: NoiseShape[];
  note?: string;
}

/** The identity of a change across comparisons (used for persistence: is this change still there later?). */
export function changeIdentity(c: ChangeRecord): string {
  return [c.class, c.method, pathShape(c.path), c.location, c.field ?? '', c.to ?? '', c.from ?? '', [...(c.values ?? [])].sort().join(',')].join('|');
}

function describeField(f: SpecField | undefined): string | undefined {
  if (!f) return undefined;
  const parts = [f.type ?? 'untyped'];
  if (f.enum) parts.push(`enum [${f.enum.join(', ')}]`);
  if (f.required) parts.push('required');
  if (f.deprecated) parts.push('deprecated');
  return parts.join(', ');
}

const parentOf = (path: string): string => {
  const i = Math.max(path.lastIndexOf('.'), path.lastIndexOf('[]'));
  return i < 0 ? '' : path.slice(0, i);
};
const leafOf = (path: string): string => path.slice(path.lastIndexOf('.') + 1).replace(/\[\]$/, '');

/** Removed (or added) paths whose parent is not itself removed (added): the top of each removed subtree. */
function topmost(paths: string[]): string[] {
  const set = new Set(paths);
  return paths.filter((p) => {
    for (let parent = parentOf(p); parent !== ''; parent = parentOf(parent)) if (set.has(parent)) return false;
    return true;
  });
}

interface FieldDiffContext {
  op: SpecOperation;
  location: ChangeLocation;
  /** Whether a field's becoming required concerns what the consumer sends. */
  sent: boolean;
  noise: NoiseShape[];
}

function diffFields(before: Map<string, SpecField>, after: Map<string, SpecField>, ctx: FieldDiffContext, out: ChangeRecord[]): void {
  const base = (): Pick<ChangeRecord, 'method' | 'path' | 'location' | 'noise'> => ({ method: ctx.op.method, path: ctx.op.path, location: ctx.location, noise: [...ctx.noise] });
  // Fields under a field whose type changed (an object become a number) go with that change.
  const retyped = [...before.keys()].filter((k) => after.has(k) && before.get(k)!.type && after.get(k)!.type && before.get(k)!.type !== after.get(k)!.type);
  const underRetyped = (p: string): boolean => retyped.some((r) => p.startsWith(`${r}.`) || p.startsWith(`${r}[]`));
  const removed = topmost([...before.keys()].filter((k) => !after.has(k))).filter((p) => !underRetyped(p));
  const added = topmost([...after.keys()].filter((k) => !before.has(k))).filter((p) => !underRetyped(p));

  // Renames: one removed and one added field under the same parent, of the same type.
  const renamedFrom = new Set<string>();
  const renamedTo = new Set<string>();
  const byParent = (list: string[]): Map<string, string[]> => {
    const m = new Map<string, string[]>();
    for (const p of list) m.set(parentOf(p), [...(m.get(parentOf(p)) ?? []), p]);
    return m;
  };
  const addedByParent = byParent(added);
  for (const [parent, gone] of byParent(removed)) {
    const fresh = addedByParent.get(parent) ?? [];
    if (gone.length !== 1 || fresh.length !== 1) continue;
    const old = before.get(gone[0])!;
    const now = after.get(fresh[0])!;
    if (old.type !== now.type) continue;
    const from = { name: leafOf(gone[0]), description: old.description };
    const to = { name: leafOf(fresh[0]), description: now.description };
    if (!looksLikeRename(from, to)) continue;
    if (isInvertedRename(from.name, to.name)) {
      out.push({ ...base(), class: 'field-removed', field: gone[0], before: describeField(old), note: `not a rename of "${from.name}" to "${to.name}": the names mean the opposite`, noise: [...ctx.noise, 'inverted-rename'] });
      out.push({ ...base(), class: 'field-added', field: fresh[0], after: describeField(now), noise: [...ctx.noise] });
    } else {
      out.push({ ...base(), class: 'field-renamed', field: gone[0], to: fresh[0], before: describeField(old), after: describeField(now) });
    }
    renamedFrom.add(gone[0]);
    renamedTo.add(fresh[0]);
  }

  for (const p of removed) if (!renamedFrom.has(p)) out.push({ ...base(), class: 'field-removed', field: p, before: describeField(before.get(p)) });
  for (const p of added) {
    if (renamedTo.has(p)) continue;
    const f = after.get(p)!;
    // A new required field changes what every sender must send; a new optional one only adds.
    if (ctx.sent && f.required && !parentOf(p)) out.push({ ...base(), class: 'field-required', field: p, after: describeField(f), note: 'new and required' });
    else out.push({ ...base(), class: 'field-added', field: p, after: describeField(f) });
  }
  for (const [p, old] of before) {
    const now = after.get(p);
    if (!now) continue;
    if (ctx.sent && !old.required && now.required) out.push({ ...base(), class: 'field-required', field: p, before: describeField(old), after: describeField(now) });
    if (old.type && now.type && old.type !== now.type && !(old.type === 'integer' && now.type === 'number')) {
      out.push({ ...base(), class: 'type-changed', field: p, before: describeField(old), after: describeField(now) });
    }
    if (old.enum && now.enum) {
      const gone = old.enum.filter((v) => !now.enum!.includes(v));
      const fresh = now.enum.filter((v) => !old.enum!.includes(v));
      if (gone.length) out.push({ ...base(), class: 'enum-removed', field: p, values: gone, before: describeField(old), after: describeField(now) });
      if (fresh.length) out.push({ ...base(), class: 'enum-added', field: p, values: fresh, before: describeField(old), after: describeField(now) });
    }
  }
}

/** The noise shapes a whole body's field changes carry: a `$ref` swap, or a wrap whose example stayed. */
function bodyNoise(before: SpecBody, after: SpecBody, newer: SpecModel): NoiseShape[] {
  const noise: NoiseShape[] = [];
  if (before.rootRef && after.rootRef && before.rootRef !== after.rootRef && newer.schemaNames.has(before.rootRef)) noise.push('ref-swap');
  const removed = topmost([...before.fields.keys()].filter((k) => !after.fields.has(k)));
  const added = [...after.fields.keys()].filter((k) => !before.fields.has(k));
  if (removed.length > 0) {
    const moved = removed.filter((r) => added.some((a) => a.endsWith(`[].${r}`) || a.endsWith(`.${r}`)));
    if (moved.length / removed.length >= 0.8 && before.example !== undefined && before.example === after.example) noise.push('doc-fix');
  }
  return noise;
}

function diffBody(before: SpecBody | undefined, after: SpecBody | undefined, op: SpecOperation, location: 'request' | 'response', newer: SpecModel, out: ChangeRecord[]): void {
  if (!before || !after) return;
  diffFields(before.fields, after.fields, { op, location, sent: location === 'request', noise: bodyNoise(before, after, newer) }, out);
}

/** Headers the HTTP client or the authentication sets, declared in some publishes and not others (as `security` is). */
const TRANSPORT_HEADERS = new Set(['authorization', 'content-type', 'accept', 'user-agent', 'trackingid']);

function diffParams(before: SpecOperation, after: SpecOperation, out: ChangeRecord[]): void {
  const places = new Set([...before.params.values(), ...after.params.values()].map((p) => p.in));
  for (const place of places) {
    if (place === 'path') continue; // path parameters are the URL's shape, compared as paths
    const pick = (op: SpecOperation): Map<string, SpecField> =>
      new Map([...op.params].filter(([, p]) => p.in === place && !(place === 'header' && TRANSPORT_HEADERS.has(p.path.toLowerCase()))).map(([, p]) => [p.path, p]));
    diffFields(pick(before), pick(after), { op: after, location: place as ChangeLocation, sent: true, noise: [] }, out);
  }
}

function diffErrorCodes(before: SpecOperation, after: SpecOperation, out: ChangeRecord[]): void {
  for (const [status, examples] of after.errorCodes) {
    const old = before.errorCodes.get(status);
    const oldCodes = new Set([...(old?.values() ?? [])].flat());
    const newCodes = new Set([...examples.values()].flat());
    const fresh = [...newCodes].filter((c) => !oldCodes.has(c));
    if (!old) {
      // A status newly listed with its examples: its codes are part of `status-added`.
      if (before.statuses.includes(status) && fresh.length) out.push({ class: 'error-codes-added', method: after.method, path: after.path, location: 'response', status, values: fresh, noise: [] });
      continue;
    }
    const mapped = new Set<string>();
    for (const [name, codes] of examples) {
      const was = old.get(name);
      if (!was || was.length !== 1 || codes.length !== 1 || was[0] === codes[0] || newCodes.has(was[0])) continue;
      out.push({ class: 'error-code-changed', method: after.method, path: after.path, location: 'response', status, from: was[0], values: [codes[0]], note: `example "${name}"`, noise: [] });
      mapped.add(codes[0]);
    }
    const unmapped = fresh.filter((c) => !mapped.has(c));
    if (unmapped.length) out.push({ class: 'error-codes-added', method: after.method, path: after.path, location: 'response', status, values: unmapped, noise: [] });
  }
}

function diffOperation(before: SpecOperation, after: SpecOperation, newer: SpecModel, out: ChangeRecord[]): void {
  const base = { method: after.method, path: after.path, location: 'operation' as const, noise: [] as NoiseShape[] };
  if (!before.deprecated && after.deprecated) {
    const sentence = after.deprecationSentences[0];
    out.push({ ...base, class: 'operation-deprecated', ...(sentence ? { sentence: sentence.text, date: sentence.date } : {}) });
  }
  const known = new Set(before.deprecationSentences.map((s) => s.text));
  for (const s of after.deprecationSentences) {
    if (!known.has(s.text) && !before.deprecationSentences.some((o) => o.date === s.date)) out.push({ ...base, class: 'deprecation-sentence', sentence: s.text, date: s.date });
  }
  diffParams(before, after, out);
  diffBody(before.request, after.request, after, 'request', newer, out);
  diffBody(before.response, after.response, after, 'response', newer, out);
  const statuses = after.statuses.filter((s) => !before.statuses.includes(s));
  if (statuses.length) {
    const codes = statuses.flatMap((s) => [...(after.errorCodes.get(s)?.values() ?? [])].flat());
    out.push({ ...base, location: 'response', class: 'status-added', values: statuses, ...(codes.length ? { note: `error codes in the examples: ${[...new Set(codes)].join(', ')}` } : {}) });
  }
  diffErrorCodes(before, after, out);
}

/** Compares two readings of one spec. */
export function diffSpecs(older: SpecModel, newer: SpecModel): ChangeRecord[] {
  const out: ChangeRecord[] = [];
  const removed = [...older.operations.values()].filter((op) => !newer.operations.has(op.key));
  const added = [...newer.operations.values()].filter((op) => !older.operations.has(op.key));
  const literal = new Set<SpecOperation>();
  for (const r of removed) {
    for (const a of added) {
      if (a.method !== r.method) continue;
      if (isLiteralOf(a.path, r.path) || isLiteralOf(r.path, a.path)) {
        literal.add(a);
        literal.add(r);
      }
    }
  }
  const paired = new Set<SpecOperation>();
  for (const r of removed) {
    if (literal.has(r)) continue;
    const same = (a: SpecOperation): boolean =>
      a.method === r.method && !literal.has(a) && !paired.has(a) && ((r.operationId !== undefined && a.operationId === r.operationId) || (r.summary !== '' && a.summary === r.summary));
    const candidates = added.filter(same);
    if (candidates.length !== 1) continue;
    const a = candidates[0];
    paired.add(a).add(r);
    out.push({ class: 'path-renamed', method: r.method, path: r.path, to: a.path, location: 'operation', before: r.path, after: a.path, noise: [] });
  }
  for (const r of removed) {
    if (paired.has(r)) continue;
    out.push({ class: 'operation-removed', method: r.method, path: r.path, location: 'operation', noise: literal.has(r) ? ['literal-paths'] : [], ...(r.deprecated ? { note: 'was deprecated before' } : {}) });
  }
  for (const a of added) {
    if (paired.has(a)) continue;
    out.push({ class: 'operation-added', method: a.method, path: a.path, location: 'operation', noise: literal.has(a) ? ['literal-paths'] : [] });
  }
  for (const [key, after] of newer.operations) {
    const before = older.operations.get(key);
    if (before) diffOperation(before, after, newer, out);
  }
  return out;
}

/** Records of one reading alone: deprecated operations and dated deprecation sentences (the one-spec mode). */
export function deprecationsOf(spec: SpecModel): ChangeRecord[] {
  const out: ChangeRecord[] = [];
  for (const op of spec.operations.values()) {
    const base = { method: op.method, path: op.path, location: 'operation' as const, noise: [] as NoiseShape[] };
    const sentence = op.deprecationSentences[0];
    if (op.deprecated) out.push({ ...base, class: 'operation-deprecated', ...(sentence ? { sentence: sentence.text, date: sentence.date } : {}) });
    else if (sentence) out.push({ ...base, class: 'deprecation-sentence', sentence: sentence.text, date: sentence.date });
  }
  return out;
}
