/**
 * Suppression comments, parsed from a file's text with no help from the engine:
 *
 *   // collab-migrate-ignore-next-line <id>[,<id>] [until YYYY-MM-DD] -- reason
 *   /* collab-migrate-ignore-file <id>[,<id>] [until YYYY-MM-DD] -- reason *\/
 *
 * `#` comments work too (YAML, .env, .properties, TOML). Without ids a comment covers every notice.
 * A suppression whose `until` day has passed no longer suppresses, and the finding says so.
 */

export type SuppressionKind = 'next-line' | 'file';

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
}

/** What a suppression did to one finding. */
export type SuppressionEffect =
  | { state: 'none' }
  | { state: 'suppressed'; by: Suppression }
  | { state: 'expired'; by: Suppression };

/** Every suppression comment contains this (case-sensitive, as the comment syntax is). */
const SUPPRESSION_MARK = 'collab-migrate-ignore-';

/**
 * Whether a text may hold a suppression comment: a cheap search that spares most files the comment scan,
 * and tells whether the report needs a file's text to apply them.
 */
export function hasDirectives(text: string): boolean {
  return text.includes(SUPPRESSION_MARK);
}

const DIRECTIVE = /(?:\/\/|\/\*|#)\s*collab-migrate-ignore-(next-line|file)(?![\w-])([^\r\n]*)/g;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(s: string): boolean {
  if (!DATE.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Every suppression comment in a text. */
export function parseSuppressions(text: string): Suppression[] {
  const result: Suppression[] = [];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const lineOf = (offset: number): number => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  for (const m of text.matchAll(DIRECTIVE)) {
    let body = m[2];
    const close = body.indexOf('*/');
    if (close >= 0) body = body.slice(0, close);
    let reason: string | undefined;
    const dashes = body.search(/(^|\s)--(\s|$)/);
    if (dashes >= 0) {
      reason = body.slice(dashes).replace(/^\s*--\s*/, '').trim() || undefined;
      body = body.slice(0, dashes);
    }
    let until: string | undefined;
    let problem: string | undefined;
    const untilMatch = /(?:^|\s)until(?:\s+(\S+))?\s*$/.exec(body);
    if (untilMatch) {
      until = untilMatch[1];
      body = body.slice(0, untilMatch.index);
      if (!until || !isCalendarDay(until)) problem = `invalid "until" date "${until ?? ''}" (expected YYYY-MM-DD)`;
    }
    const ids = body.split(/[\s,]+/).filter((s) => s.length > 0);
    const suppression: Suppression = { kind: m[1] as SuppressionKind, line: lineOf(m.index), ids };
    if (until !== undefined) suppression.until = until;
    if (reason !== undefined) suppression.reason = reason;
    if (problem !== undefined) suppression.problem = problem;
    result.push(suppression);
  }
  return result;
}

function covers(s: Suppression, noticeId: string, line: number): boolean {
  if (s.problem) return false;
  if (s.ids.length > 0 && !s.ids.includes(noticeId)) return false;
  return s.kind === 'file' || line === s.line + 1;
}

/** Whether `today` is past the suppression's `until` day (the day itself still suppresses). */
export function isExpired(s: Suppression, today: string): boolean {
  return s.until !== undefined && !s.problem && today > s.until;
}

/**
 * Decides one finding. A live suppression wins over an expired one; next-line comments are checked
 * before file comments so the nearest one is the one reported.
 */
export function suppressionFor(suppressions: readonly Suppression[], noticeId: string, line: number, today: string): SuppressionEffect {
  const ordered = [...suppressions].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'next-line' ? -1 : 1));
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

/** Suppressions that covered no finding; `relevant` limits this to notices the run looked for. */
export function unusedSuppressions(suppressions: readonly Suppression[], used: ReadonlySet<Suppression>, relevant: (id: string) => boolean): Suppression[] {
  return suppressions.filter((s) => !used.has(s) && !s.problem && (s.ids.length === 0 || s.ids.some(relevant)));
}
