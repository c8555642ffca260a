/**
 * Suppression comments, parsed from a file's text with no help from the parser. Two syntaxes, understood by
 * the CLI and the ESLint plugin alike:
 *
 *   // collab-migrate-ignore-next-line <id>[,<id>] [until YYYY-MM-DD] -- reason
 *   /* collab-migrate-ignore-file <id>[,<id>] [until YYYY-MM-DD] -- reason *\/
 *
 * (`#` comments work too: YAML, .env, .properties, TOML; a comment must name the notices it covers; past its
 * `until` day a comment no longer suppresses, and the finding says so), and ESLint's own directives for the
 * plugin's rules, which the CLI honours as ESLint would:
 *
 *   // eslint-disable-next-line collab-migrate/<id>[, ...] -- reason
 *   foo(); // eslint-disable-line collab-migrate/<id>
 *   /* eslint-disable collab-migrate/<id> *\/ ... /* eslint-enable collab-migrate/<id> *\/
 *
 * An ESLint directive without rule names covers every rule, ours included; one that names only other
 * plugins' rules is not ours and is ignored.
 *
 * @packageDocumentation
 */
import { positionAt } from '../parse/positions.js';

/** `next-line`, `file`: both syntaxes; `line` and `block` (disable ... enable): ESLint's. */
export type SuppressionKind = 'next-line' | 'file' | 'line' | 'block';

export interface Suppression {
  kind: SuppressionKind;
  /** 1-based line of the comment. */
  line: number;
  /** Notice ids; empty means every notice. */
  ids: string[];
  until?: string;
  reason?: string;
  /** What is wrong with the comment (a bad `until` date); such a comment suppresses nothing. */
  problem?: string;
  /** Set for ESLint directives (`eslint-disable...`); absent for collab-migrate's own comments. */
  syntax?: 'eslint';
  /** ESLint `next-line` in a block comment spanning lines: the line it covers. */
  target?: number;
  /** ESLint `block`: the line of the `eslint-enable` that ends it (not covered); absent: to the end of the file. */
  end?: number;
  /** ESLint `block` without ids, re-enabled for some rules: the ids it no longer covers. */
  except?: string[];
}

/** What a suppression did to one finding. */
export type SuppressionEffect =
  | { state: 'none' }
  | { state: 'suppressed'; by: Suppression }
  | { state: 'expired'; by: Suppression };

/** The ESLint plugin's name: rules are `collab-migrate/<id>`. */
const RULE_PREFIX = 'collab-migrate/';

/** What every suppression comment holds ({@link hasDirectives}); the prefilter looks for them in a file's bytes too. */
export const DIRECTIVE_MARKERS: readonly string[] = ['collab-migrate-ignore-', 'eslint-disable'];

/**
 * Whether a text may hold a suppression comment: a cheap search that spares most files the comment scan,
 * and tells whether the report needs a file's text to apply them.
 */
export function hasDirectives(text: string): boolean {
  return text.includes(DIRECTIVE_MARKERS[0]) || text.includes(DIRECTIVE_MARKERS[1]);
}

const DIRECTIVE = /(?:\/\/|\/\*|#)\s*collab-migrate-ignore-(next-line|file)(?![\w-])([^\r\n]*)/g;
const ESLINT = /(\/\/|\/\*)[ \t]*eslint-(disable-next-line|disable-line|disable|enable)(?![\w-])/g;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(s: string): boolean {
  if (!DATE.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function lineIndex(text: string): (offset: number) => number {
  // Built on first use: most files with an `eslint-disable` comment have none that concerns the plugin's rules,
  // and their line starts were 1-2% of a scan of sentry-javascript's main thread (issue 30).
  let lineStarts: number[] | undefined;
  return (offset) => {
    if (!lineStarts) {
      lineStarts = [0];
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
    }
    return positionAt(lineStarts, offset).line;
  };
}

/** Splits `rules -- reason` as ESLint does (the reason after ` -- `). */
function splitReason(body: string): { body: string; reason?: string } {
  const dashes = body.search(/(^|\s)--(\s|$)/);
  if (dashes < 0) return { body };
  const reason = body.slice(dashes).replace(/^\s*--\s*/, '').trim();
  return reason ? { body: body.slice(0, dashes), reason } : { body: body.slice(0, dashes) };
}

/**
 * Every suppression comment in a text, in order. A comment that cannot be read as meant suppresses nothing
 * and carries a `problem`: a bad `until` date, a collab-migrate comment that names no notice (also one whose
 * ids stand after `--`, in the reason), and, given `isKnown`, one that names an id the catalog does not have
 * (a misspelt `untill` reads as an id).
 */
export function parseSuppressions(text: string, isKnown?: (id: string) => boolean): Suppression[] {
  const result: Suppression[] = [];
  const lineOf = lineIndex(text);
  // Every match holds the marker: a text without it (most files that hold only `eslint-disable`) skips the expression.
  if (text.includes(DIRECTIVE_MARKERS[0])) for (const m of text.matchAll(DIRECTIVE)) {
    let body = m[2];
    const close = body.indexOf('*/');
    if (close >= 0) body = body.slice(0, close);
    const split = splitReason(body);
    body = split.body;
    let until: string | undefined;
    let problem: string | undefined;
    const untilMatch = /(?:^|\s)until(?:\s+(\S+))?\s*$/.exec(body);
    if (untilMatch) {
      until = untilMatch[1];
      body = body.slice(0, untilMatch.index);
      if (!until || !isCalendarDay(until)) problem = `invalid "until" date "${until ?? ''}" (expected YYYY-MM-DD)`;
    }
    const ids = body.split(/[\s,]+/).filter((s) => s.length > 0);
    if (problem === undefined && ids.length === 0) problem = `names no notice: write the ids it covers (collab-migrate-ignore-${m[1]} <id> -- reason)`;
    const unknown = isKnown ? ids.filter((id) => !isKnown(id)) : [];
    if (problem === undefined && unknown.length > 0) problem = `unknown notice ${unknown.map((id) => `"${id}"`).join(', ')}`;
    const suppression: Suppression = { kind: m[1] as SuppressionKind, line: lineOf(m.index), ids };
    if (until !== undefined) suppression.until = until;
    if (split.reason !== undefined) suppression.reason = split.reason;
    if (problem !== undefined) suppression.problem = problem;
    result.push(suppression);
  }
  if (text.includes('eslint-disable')) result.push(...parseEslintDirectives(text, lineOf, isKnown));
  return result.sort((a, b) => a.line - b.line);
}

/** ESLint's disable directives that concern the plugin's rules. */
function parseEslintDirectives(text: string, lineOf: (offset: number) => number, isKnown?: (id: string) => boolean): Suppression[] {
  const result: Suppression[] = [];
  const open: Suppression[] = [];
  for (const m of text.matchAll(ESLINT)) {
    const isBlock = m[1] === '/*';
    const start = m.index + m[0].length;
    const stop = isBlock ? text.indexOf('*/', start) : text.slice(start).search(/\r?\n|$/) + start;
    if (stop < 0) continue;
    const raw = text.slice(start, stop);
    if (raw.length > 0 && !/^\s/.test(raw)) continue;
    const { body, reason } = splitReason(raw);
    const names = body.split(/[\s,]+/).filter((s) => s.length > 0);
    const ids = names.filter((n) => n.startsWith(RULE_PREFIX)).map((n) => n.slice(RULE_PREFIX.length));
    // Names, but none of ours: another plugin's business.
    if (names.length > 0 && ids.length === 0) continue;
    const line = lineOf(m.index);
    const kind = m[2];
    if (kind === 'enable') {
      for (const b of [...open]) {
        open.splice(open.indexOf(b), 1);
        b.end = line;
        if (ids.length === 0) continue;
        // Re-enabled for some rules only: the rest stays disabled from here.
        const rest: Suppression = b.ids.length === 0 ? { ...b, line, except: [...new Set([...(b.except ?? []), ...ids])] } : { ...b, line, ids: b.ids.filter((id) => !ids.includes(id)) };
        delete rest.end;
        if (rest.ids.length === 0 && b.ids.length > 0) continue;
        result.push(rest);
        open.push(rest);
      }
      continue;
    }
    const s: Suppression = { kind: kind === 'disable' ? 'block' : kind === 'disable-line' ? 'line' : 'next-line', line, ids, syntax: 'eslint' };
    if (reason !== undefined) s.reason = reason;
    const unknown = isKnown ? ids.filter((id) => !isKnown(id)) : [];
    if (unknown.length > 0) s.problem = `unknown rule ${unknown.map((id) => `"${RULE_PREFIX}${id}"`).join(', ')}`;
    if (s.kind === 'next-line' && isBlock) {
      const endLine = lineOf(stop);
      if (endLine !== line) s.target = endLine + 1;
    }
    result.push(s);
    if (s.kind === 'block') open.push(s);
  }
  return result;
}

function covers(s: Suppression, noticeId: string, line: number): boolean {
  if (s.problem) return false;
  if (s.ids.length > 0 && !s.ids.includes(noticeId)) return false;
  if (s.except?.includes(noticeId)) return false;
  switch (s.kind) {
    case 'file':
      return true;
    case 'next-line':
      return line === (s.target ?? s.line + 1);
    case 'line':
      return line === s.line;
    case 'block':
      return line >= s.line && (s.end === undefined || line < s.end);
  }
}

/** Whether `today` is past the suppression's `until` day (the day itself still suppresses). */
export function isExpired(s: Suppression, today: string): boolean {
  return s.until !== undefined && !s.problem && today > s.until;
}

/**
 * Decides one finding. A live suppression wins over an expired one; the narrowest comments (line, next-line)
 * are checked before blocks and file comments, so the nearest one is the one reported.
 */
export function suppressionFor(suppressions: readonly Suppression[], noticeId: string, line: number, today: string): SuppressionEffect {
  const rank: Record<SuppressionKind, number> = { line: 0, 'next-line': 0, block: 1, file: 2 };
  const ordered = [...suppressions].sort((a, b) => rank[a.kind] - rank[b.kind]);
  let expired: Suppression | undefined;
  for (const s of ordered) {
    if (!covers(s, noticeId, line)) continue;
    if (isExpired(s, today)) {
      expired ??= s;
      continue;
    }
    return { state: 'suppressed', by: s };
  }
  return expired ? { state: 'expired', by: expired } : { state: 'none' };
}

/**
 * Suppressions that covered no finding; `relevant` limits this to notices the run looked for. An ESLint
 * directive without rule names is ESLint's to report (`--report-unused-disable-directives`), not ours.
 */
export function unusedSuppressions(suppressions: readonly Suppression[], used: ReadonlySet<Suppression>, relevant: (id: string) => boolean): Suppression[] {
  return suppressions.filter((s) => !used.has(s) && !s.problem && !(s.syntax === 'eslint' && s.ids.length === 0) && (s.ids.length === 0 || s.ids.some(relevant)));
}
