/**
 * `catalog check`: the catalog's endpoints and detection fields compared with specs. Every endpoint of a scope
 * (`endpoints` and `others`) whose source is one of the given specs (or, for a source that is a reference page,
 * whose resource a given spec has) must exist there with each of its methods, unless the notice's own url-path
 * detection says it is gone; every field a detection names must exist on the endpoint's request or response
 * side, unless the notice says it is removed or renamed (then its new name must exist).
 */
import path from 'node:path';
import type { Catalog, Detection, Endpoint, Notice } from '../../types.js';
import { pathShape, type SpecModel, type SpecOperation } from './openapi.js';

export type CheckStatus = 'ok' | 'gone-as-said' | 'missing-endpoint' | 'missing-method' | 'missing-field' | 'not-checked';

export interface CheckRow {
  notice: string;
  detection: number;
  list: 'endpoints' | 'others';
  method?: string;
  path: string;
  field?: string;
  status: CheckStatus;
  detail: string;
}

/** Whether a row shows the catalog disagreeing with a spec. */
export const isProblem = (row: CheckRow): boolean => row.status === 'missing-endpoint' || row.status === 'missing-method' || row.status === 'missing-field';

const specBase = (s: string): string => path.basename(s.split(/[?#]/)[0]).replace(/\.json$/i, '');

function fieldNames(d: Detection): { names: string[]; gone: boolean; renamedTo?: string } {
  switch (d.kind) {
    case 'property':
      return { names: d.names, gone: d.renameTo !== undefined || (d.change ?? 'removed') === 'removed', ...(d.renameTo ? { renamedTo: d.renameTo } : {}) };
    case 'property-value':
      return { names: d.names, gone: false };
    case 'request-field':
      return { names: [...d.fields, ...Object.keys(d.when ?? {})], gone: d.present === true };
    case 'object-shape':
      return { names: [...Object.keys(d.when), ...(d.requires ?? [])], gone: false };
    case 'custom': {
      const p = (d.params ?? {}) as Record<string, unknown>;
      const names = [p.fields, p.attributes].flatMap((v) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []));
      return { names, gone: false };
    }
    default:
      return { names: [], gone: false };
  }
}

const leaf = (k: string): string => k.slice(k.lastIndexOf('.') + 1).replace(/\[\]$/g, '');

function hasField(op: SpecOperation, name: string, side: Endpoint['side']): boolean {
  const request = side !== 'response' && ([...(op.request?.fields.keys() ?? [])].some((k) => leaf(k) === name) || [...op.params.values()].some((p) => p.path === name));
  const response = side !== 'request' && [...(op.response?.fields.keys() ?? [])].some((k) => leaf(k) === name);
  return request || response;
}

function saysGone(n: Notice, endpoint: Endpoint): boolean {
  const shape = pathShape(endpoint.path);
  return n.detections.some((d) => d.kind === 'url-path' && (d.scope?.endpoints ?? []).some((e) => pathShape(e.path) === shape));
}

/** Compares the catalog with the given specs (their `origin` names the file). */
export function checkCatalog(catalog: Catalog, specs: readonly SpecModel[]): CheckRow[] {
  const byName = new Map(specs.map((s) => [specBase(s.origin), s]));
  const find = (shape: string, method: string | undefined): SpecOperation[] =>
    specs.flatMap((s) => [...s.operations.values()].filter((op) => pathShape(op.path) === shape && (!method || op.method === method)));
  const roots = new Set(specs.flatMap((s) => [...s.operations.values()].map((op) => op.path.split('/')[1])));
  const rows: CheckRow[] = [];
  for (const n of catalog.notices) {
    n.detections.forEach((d, i) => {
      for (const list of ['endpoints', 'others'] as const) {
        for (const e of d.scope?.[list] ?? []) {
          const base = { notice: n.id, detection: i, list, path: e.path };
          if (e.host === 'callHistory') {
            rows.push({ ...base, status: 'not-checked', detail: 'served by the call history host, which the given specs do not describe' });
            continue;
          }
          const named = /\.json$/i.test(e.source.split(/[?#]/)[0]) ? specBase(e.source) : undefined;
          if (named !== undefined && !byName.has(named)) {
            rows.push({ ...base, status: 'not-checked', detail: `its source spec ${named}.json was not given` });
            continue;
          }
          if (named === undefined && !roots.has(e.path.split('/')[1])) {
            rows.push({ ...base, status: 'not-checked', detail: `its source is a reference page and no given spec has /${e.path.split('/')[1]}` });
            continue;
          }
          const shape = pathShape(e.path);
          const anyMethod = find(shape, undefined);
          if (anyMethod.length === 0) {
            const gone = saysGone(n, e);
            rows.push({ ...base, status: gone ? 'gone-as-said' : 'missing-endpoint', detail: gone ? 'absent, as the notice says the endpoint goes away' : `no operation ${e.path} in ${named ? `${named}.json` : 'the given specs'}` });
            continue;
          }
          const methods = e.methods ?? [...new Set(anyMethod.map((op) => op.method))];
          const { names, gone, renamedTo } = fieldNames(d);
          for (const method of methods) {
            const ops = find(shape, method);
            if (ops.length === 0) {
              rows.push({ ...base, method, status: 'missing-method', detail: `${e.path} has ${[...new Set(anyMethod.map((op) => op.method))].join(', ')} but not ${method}` });
              continue;
            }
            rows.push({ ...base, method, status: 'ok', detail: `found in ${ops.map((op) => specBase(specs.find((s) => s.operations.get(op.key) === op)?.origin ?? '')).join(', ')}` });
            if (list === 'others') continue;
            for (const name of names) {
              const found = ops.some((op) => hasField(op, name, e.side));
              if (found) rows.push({ ...base, method, field: name, status: 'ok', detail: `${name} on the ${e.side ?? 'request or response'}` });
              else if (gone) rows.push({ ...base, method, field: name, status: 'gone-as-said', detail: `${name} absent, as the notice says it is removed${renamedTo ? ' or renamed' : ''}` });
              else rows.push({ ...base, method, field: name, status: 'missing-field', detail: `no field ${name} on the ${e.side ?? 'request or response'} of ${method} ${e.path}` });
            }
            if (renamedTo && !ops.some((op) => hasField(op, renamedTo, e.side))) {
              rows.push({ ...base, method, field: renamedTo, status: 'missing-field', detail: `the new name ${renamedTo} is not on the ${e.side ?? 'request or response'} of ${method} ${e.path}` });
            }
          }
        }
      }
    });
  }
  return rows;
}
