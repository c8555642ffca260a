/**
 * Whether the catalog already has a notice for a group of spec changes: a detection on the same endpoint (its
 * scope, its path expressions, a custom detection's `params.paths`) naming the same field or value, or an
 * informational notice whose text names them in backticks with the resource.
 */
import type { Catalog, Detection, Notice } from '../../types.js';
import { pathShape } from './openapi.js';
import { ADDITIONS } from './spec-diff.js';
import type { ChangeGroup, ObservedChange } from './observe.js';

const leaf = (field: string): string => field.slice(field.lastIndexOf('.') + 1).replace(/\[\]$/g, '');

/** A literal URL path of a template (`/rooms/{roomId}` -> `/rooms/x1`), for the catalog's path expressions. */
export function samplePath(path: string): string {
  return path.replace(/\{[^}]*\}/g, 'x1');
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** Path expressions a detection is limited to (`paths`, `requestPaths`, a custom handler's `params.paths`). */
export function detectionPathPatterns(d: Detection): RegExp[] {
  const raw = d as unknown as Record<string, unknown>;
  const params = (raw.params ?? {}) as Record<string, unknown>;
  const out: RegExp[] = [];
  for (const p of [...strings(raw.paths), ...strings(raw.requestPaths), ...strings(params.paths), ...strings(params.loginPaths)]) {
    try {
      out.push(new RegExp(p, 'i'));
    } catch {
      // A catalog expression this engine cannot compile is the catalog validator's to report.
    }
  }
  return out;
}

/** Names and values a detection is about: property names, request fields, value-map keys, custom params. */
export function detectionNames(d: Detection): Set<string> {
  const raw = d as unknown as Record<string, unknown>;
  const params = (raw.params ?? {}) as Record<string, unknown>;
  const out = new Set<string>([...strings(raw.names), ...strings(raw.fields), ...strings(raw.values), ...strings(raw.oneOf), ...strings(params.fields), ...strings(params.attributes)]);
  if (typeof raw.renameTo === 'string') out.add(raw.renameTo);
  if (raw.map && typeof raw.map === 'object') for (const [k, v] of Object.entries(raw.map)) out.add(k).add(String(v));
  if (raw.replacedBy && typeof raw.replacedBy === 'object') for (const k of Object.keys(raw.replacedBy)) out.add(k);
  if (raw.when && typeof raw.when === 'object') for (const k of Object.keys(raw.when)) out.add(k);
  return out;
}

function hitsEndpoint(d: Detection, c: ObservedChange): boolean {
  const shape = pathShape(c.path);
  const endpoints = d.scope?.endpoints ?? [];
  if (endpoints.some((e) => pathShape(e.path) === shape && (!e.methods || e.methods.includes(c.method as never)))) return true;
  const sample = samplePath(c.path);
  return detectionPathPatterns(d).some((re) => re.test(sample));
}

const isUnscoped = (d: Detection): boolean => (d.scope?.endpoints ?? []).length === 0 && detectionPathPatterns(d).length === 0;

function inText(n: Notice, words: readonly string[], root: string): boolean {
  const text = [n.title, n.summary, n.source.quote ?? '', n.reason ?? ''].join(' ');
  const stem = root.toLowerCase().replace(/s$/, '');
  if (stem !== '' && !text.toLowerCase().includes(stem) && !n.area.toLowerCase().includes(stem)) return false;
  return words.length > 0 && words.every((w) => text.includes(`\`${w}\``));
}

/** The catalog notice that covers a group, and how; undefined when none does. */
export function catalogCoverage(group: ChangeGroup, catalog: Catalog): { notice: string; how: string } | undefined {
  const c = group.changes[0];
  const root = c.path.split('/').find((s) => s !== '' && !s.startsWith('{')) ?? '';
  const operationLevel = ['operation-deprecated', 'deprecation-sentence', 'operation-removed', 'path-renamed', 'operation-added'].includes(group.class);
  const responseLevel = ['status-added', 'error-codes-added', 'error-code-changed'].includes(group.class);
  const words = operationLevel || responseLevel ? [] : [...new Set([leaf(c.field ?? ''), ...(group.class === 'field-renamed' ? [leaf(c.to ?? '')] : [])].filter(Boolean))];
  const values = c.values ?? [];
  for (const n of catalog.notices) {
    for (const d of n.detections) {
      const onEndpoint = group.changes.some((x) => hitsEndpoint(d, x));
      if (operationLevel && onEndpoint && (d.kind === 'url-path' || d.kind === 'custom')) return { notice: n.id, how: `its ${d.kind} detection covers ${c.method} ${c.path}` };
      if (responseLevel && onEndpoint && (d.kind === 'custom' || d.kind === 'value-map')) {
        const names = detectionNames(d);
        if (d.kind === 'custom' || values.some((v) => names.has(v))) return { notice: n.id, how: `its ${d.kind} detection covers ${c.method} ${c.path}` };
      }
      if (words.length && (onEndpoint || isUnscoped(d))) {
        const names = detectionNames(d);
        if (names.has(words[0]) && (!group.class.startsWith('enum-') || values.some((v) => names.has(v)))) return { notice: n.id, how: `its ${d.kind} detection names ${words[0]}` };
      }
    }
    // An informational notice lists additions: it covers an addition, never a removal.
    if (n.detections.length === 0 && ADDITIONS.includes(group.class)) {
      const named = group.class.startsWith('enum-') ? values : words.slice(0, 1);
      if (inText(n, named, root)) return { notice: n.id, how: `its text names ${named.map((w) => `\`${w}\``).join(', ')}` };
    }
  }
  return undefined;
}
