/** Comparing two ESTree trees the way the detectors read them (types, ranges, the scalars they use). */
import { visitorKeys } from '@typescript-eslint/visitor-keys';

/** Scalar properties the detectors read, compared as well as type and range. */
const SCALARS = ['name', 'raw', 'operator', 'kind', 'method', 'shorthand', 'computed', 'optional', 'prefix', 'async', 'generator', 'tail', 'static', 'declare', 'abstract', 'readonly', 'delete'];

type Loose = Record<string, unknown> & { type?: string; range?: [number, number] };

/** Every difference between two trees, as `path: what` lines (empty when they agree). */
export function differences(a: unknown, b: unknown, path = 'Program', out: string[] = [], opts: { falseIsAbsent?: boolean } = {}): string[] {
  if (Array.isArray(a) || Array.isArray(b)) {
    const la = Array.isArray(a) ? a : [];
    const lb = Array.isArray(b) ? b : [];
    if (la.length !== lb.length) out.push(`${path}: ${la.length} vs ${lb.length} elements`);
    for (let i = 0; i < Math.min(la.length, lb.length); i++) differences(la[i], lb[i], `${path}[${i}]`, out, opts);
    return out;
  }
  // An absent child is `undefined` in one tree and `null` in the other: both mean "none".
  if (a == null || b == null) {
    if ((a == null) !== (b == null)) out.push(`${path}: ${a == null ? 'none' : (a as Loose).type} vs ${b == null ? 'none' : (b as Loose).type}`);
    return out;
  }
  const x = a as Loose;
  const y = b as Loose;
  if (x.type !== y.type) return out.push(`${path}: ${x.type} vs ${y.type}`), out;
  if (x.range?.[0] !== y.range?.[0] || x.range?.[1] !== y.range?.[1]) out.push(`${path} ${x.type}: range ${String(x.range)} vs ${String(y.range)}`);
  for (const k of SCALARS) {
    if (typeof x[k] === 'object' || x[k] === y[k] || (x[k] == null && y[k] == null)) continue;
    // With `falseIsAbsent`, a flag absent in one tree and false in the other means the same (Babel omits them).
    if (opts.falseIsAbsent && !x[k] && !y[k]) continue;
    out.push(`${path}.${k}: ${String(x[k])} vs ${String(y[k])}`);
  }
  if (x.type === 'Literal' && !('regex' in x && x.regex) && typeof x.value !== 'bigint' && x.value !== y.value) out.push(`${path}.value: ${String(x.value)} vs ${String(y.value)}`);
  if (x.type === 'TemplateElement') {
    const [vx, vy] = [x.value as { cooked: unknown; raw: unknown }, y.value as { cooked: unknown; raw: unknown }];
    if (vx.cooked !== vy.cooked || vx.raw !== vy.raw) out.push(`${path}.value: ${JSON.stringify(vx)} vs ${JSON.stringify(vy)}`);
  }
  const keys = (visitorKeys as Record<string, readonly string[] | undefined>)[x.type ?? ''] ?? [];
  for (const k of keys) differences(x[k], y[k], `${path}.${k}`, out, opts);
  return out;
}

export function nodeCount(tree: unknown): number {
  if (Array.isArray(tree)) return tree.reduce((n: number, t) => n + nodeCount(t), 0);
  if (tree == null || typeof tree !== 'object') return 0;
  const keys = (visitorKeys as Record<string, readonly string[] | undefined>)[(tree as Loose).type ?? ''] ?? [];
  return 1 + keys.reduce((n, k) => n + nodeCount((tree as Loose)[k]), 0);
}

