// Seed section 8: "detailed call history, query window | 12 hours (48 hours deprecated) | from 2026-01-30".
import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, memberName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, RawMatch } from '../detectors/detector.js';
import { endpointText, isTargetRequest, sentFields } from '../detectors/request-field.js';
import { getRequests, possibleNumbers, resolveLocal } from '../api/index.js';
import type { CustomDetection } from '../types.js';
import { detectionPathGates, passesPathGates } from '../prefilter/gates.js';

interface WindowParams {
  /** Regular expressions of the call history paths. */
  paths: string[];
  /** Start and end parameter names. */
  start: string;
  end: string;
  /** The largest window, in hours. */
  maxHours: number;
}

/**
 * A point in time: milliseconds relative to a base, which is "now", the epoch (`abs`, ISO literals) or a
 * date the code does not know but names (`end`, a parameter): `end.getTime() - 48 * 3600e3` and `end` are
 * 48 hours apart whatever `end` is. `shift` is the arithmetic that moved the point from its base.
 */
type Instant = { base: string; ms: number; shift?: Node; shiftMs: number };

/** Numbers given to names for one judgement, and the names met that had none (to be tried with each value they may hold). */
interface Env {
  values: ReadonlyMap<string, number>;
  unknown: Map<string, TSESTree.Identifier>;
}

/** Names assigned anywhere in the file: such a date is not one fixed value, so it is not a base. */
function assignedNames(file: FileContext): Set<string> {
  return file.cached('call-history-query-window:assigned', () => {
    const out = new Set<string>();
    for (const a of file.nodes('AssignmentExpression' as TSESTree.AssignmentExpression['type']) as TSESTree.AssignmentExpression[]) {
      if (a.left.type === 'Identifier') out.add(a.left.name);
    }
    return out;
  });
}

/** Folds `new Date()`, `Date.now() - N`, `new Date(x).toISOString()`, `d.getTime() - N`, ISO literals, through locals. */
function instantOf(file: FileContext, node: Node, depth = 0, env?: Env): Instant | undefined {
  if (depth > 8) return undefined;
  let n = resolveLocal(file, node);
  // A value on its way into the URL (`encodeURIComponent(start.toISOString())`, `String(t)`) is the same instant.
  while (n.type === 'CallExpression' && n.callee.type === 'Identifier' && /^(encodeURIComponent|encodeURI|String)$/.test(n.callee.name) && n.arguments.length === 1) n = resolveLocal(file, n.arguments[0] as Node);
  if (n.type === 'Literal' && typeof n.value === 'string') {
    const t = Date.parse(n.value);
    return /^\d{4}-\d{2}-\d{2}T/.test(n.value) && !Number.isNaN(t) ? { base: 'abs', ms: t, shiftMs: 0 } : undefined;
  }
  if (n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'Date') {
    if (n.arguments.length === 0) return { base: 'now', ms: 0, shiftMs: 0 };
    return n.arguments.length === 1 ? instantOf(file, n.arguments[0] as Node, depth + 1, env) : undefined;
  }
  if (n.type === 'CallExpression') {
    const callee = dottedName(n.callee);
    if (callee === 'Date.now' && n.arguments.length === 0) return { base: 'now', ms: 0, shiftMs: 0 };
    if (n.callee.type === 'MemberExpression' && /^(toISOString|getTime|valueOf|toJSON)$/.test(memberName(n.callee) ?? '')) return instantOf(file, n.callee.object, depth + 1, env);
    return undefined;
  }
  if (n.type === 'BinaryExpression' && (n.operator === '-' || n.operator === '+')) {
    const left = instantOf(file, n.left as Node, depth + 1, env);
    const delta = file.staticNumber(n.right) ?? file.staticNumber(resolveLocal(file, n.right)) ?? numberWith(file, n.right, env);
    if (!left || delta === undefined) return undefined;
    const signed = n.operator === '-' ? -delta : delta;
    return { base: left.base, ms: left.ms + signed, shift: signed !== 0 ? n : left.shift, shiftMs: left.shiftMs + signed };
  }
  // A date the code names but does not compute here (a parameter, `opts.end`): a base of its own.
  const name = dottedName(n);
  if (name !== undefined && name !== 'this' && (n.type === 'MemberExpression' || !assignedNames(file).has(name))) return { base: `name:${name}`, ms: 0, shiftMs: 0 };
  return undefined;
}

/** Folds arithmetic with names replaced by the values `env` gives them (`days * 24 * 3600e3` with days = 2). */
function numberWith(file: FileContext, node: Node, env: Env | undefined, depth = 0): number | undefined {
  if (!env || depth > 8) return undefined;
  const id = unwrap(node);
  if (id.type === 'Identifier') {
    const given = env.values.get(id.name);
    if (given !== undefined) return given;
    const known = file.staticNumber(id) ?? file.staticNumber(resolveLocal(file, id));
    if (known === undefined && !env.unknown.has(id.name)) env.unknown.set(id.name, id);
    if (known !== undefined) return known;
  }
  const n = resolveLocal(file, node);
  if (n.type === 'BinaryExpression' && /^[-+*/]$/.test(n.operator)) {
    const a = numberWith(file, n.left as Node, env, depth + 1) ?? file.staticNumber(n.left as Node);
    const b = numberWith(file, n.right, env, depth + 1) ?? file.staticNumber(n.right);
    if (a === undefined || b === undefined) return undefined;
    return n.operator === '+' ? a + b : n.operator === '-' ? a - b : n.operator === '*' ? a * b : b === 0 ? undefined : a / b;
  }
  return file.staticNumber(n);
}

/** The expression a `name=${expr}` query parameter of a template URL holds (also in templates joined with `+`). */
function templateParam(file: FileContext, url: Node | undefined, name: string, depth = 0): Node | undefined {
  if (!url || depth > 8) return undefined;
  const t = resolveLocal(file, url);
  if (t.type === 'BinaryExpression' && t.operator === '+') return templateParam(file, t.left as Node, name, depth + 1) ?? templateParam(file, t.right, name, depth + 1);
  if (t.type !== 'TemplateLiteral') return undefined;
  for (let i = 0; i < t.expressions.length; i++) {
    // `startTime=${start}` may open a piece joined after `?` with `+`.
    if (new RegExp(`${i === 0 ? '(^|[?&])' : '[?&]'}${name}=$`).test(t.quasis[i].value.cooked ?? '')) return t.expressions[i] as Node;
  }
  return undefined;
}

export const callHistoryQueryWindow: Detector<CustomDetection> = {
  kind: 'call-history-query-window',
  messages: {
    windowTooLong: 'Detailed call history query to {{endpoint}} spans {{hours}} hours; queries are limited to {{max}} hours. {{instead}}',
  },
  // The request's folded path must end in one of `paths` (`/cdr_(feed|stream)/?$`): its word is in the text
  // (`analytics`, the host's first label, is not needed, and is in many front-end files).
  tokens: () => ['cdr_feed', 'cdr_stream'],
  // The path may be written in a constant of an imported module (`${CDR}?startTime=...` with `CDR` ending in
  // `/cdr_feed`): read there for a file that makes HTTP calls, as the page size's detection does.
  gateReadsUrls: true,
  importedUrlsOnlyWhenCalling: true,
  mayMatch: (text, ctx) => passesPathGates(text, detectionPathGates(ctx.detection.params as unknown as WindowParams)),
  detect(file, ctx) {
    const p = ctx.detection.params as unknown as WindowParams;
    const paths = p.paths.map((s) => new RegExp(s, 'i'));
    const out: RawMatch[] = [];
    for (const r of getRequests(file, ctx.catalog)) {
      if (!isTargetRequest(r, paths)) continue;
      const { fields } = sentFields(r, 'query', file);
      const point = (name: string, env?: Env): { at?: Instant; node?: Node } => {
        const f = fields.find((x) => x.name === name);
        if (f?.value) return { at: instantOf(file, f.value, 0, env), node: f.node };
        const expr = templateParam(file, r.urlNode, name);
        if (expr) return { at: instantOf(file, expr, 0, env), node: r.urlNode };
        if (f?.text !== undefined && !f.text.includes('\u0000')) return { at: instantOf(file, { type: 'Literal', value: decodeURIComponent(f.text), raw: '', range: [0, 0] } as unknown as TSESTree.Literal), node: f.node };
        return {};
      };
      const judge = (env: Env, because?: string): boolean => {
        const start = point(p.start, env);
        const end = point(p.end, env);
        if (!start.at || !end.at || start.at.base !== end.at.base) return false;
        const hours = (end.at.ms - start.at.ms) / 3_600_000;
        if (hours <= p.maxHours) return true;
        // Reported where the too-wide span is written (`end - 48 * 60 * 60 * 1000`), else at the start parameter.
        const shifted = [start.at, end.at].filter((x) => x.shift).sort((a, b) => Math.abs(b.shiftMs) - Math.abs(a.shiftMs))[0];
        const endpoint = endpointText(r) + (because ? ` (${because})` : '');
        out.push({ node: shifted?.shift ?? start.node ?? r.node, messageId: 'windowTooLong', data: { endpoint, hours: String(Math.round(hours * 100) / 100), max: String(p.maxHours) } });
        return true;
      };
      const first: Env = { values: new Map(), unknown: new Map() };
      if (judge(first)) continue;
      // The span depends on a name (a parameter, a value read from the incoming request with a fallback): judge
      // every value that can reach it (a default, a fallback, a clamp's bound, a literal argument), and say which breaks the rule.
      for (const [name, id] of first.unknown) {
        let judged = false;
        for (const v of possibleNumbers(file, id).values) {
          const before = out.length;
          judged = judge({ values: new Map([[name, v.value]]), unknown: new Map() }, `with \`${name}\` = ${file.getText(v.at)}, line ${file.positionAt(v.at.range[0]).line}`) || judged;
          if (out.length > before) break;
        }
        if (judged) break;
      }
    }
    return out;
  },
};
