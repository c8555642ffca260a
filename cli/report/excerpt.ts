/**
 * Code excerpts for the report: the lines of a finding with a little context, and the lines an autofix (or the
 * first suggestion) changes, before and after. Lines are cut to a width a page can show; tabs are kept, control
 * characters and bidirectional overrides escaped (`\x1b`, `\u202e`); the formats escape the rest for their markup.
 */
import { printable } from '../../engine/read/printable.js';
import type { TextEdit } from '../../engine/types.js';

/** Lines around a finding: `lines[i]` is line `startLine + i`. */
export interface Excerpt {
  startLine: number;
  lines: string[];
}

/** What a fix does to the lines it touches: `before` starts at `startLine`, `after` replaces them. */
export interface FixPreview {
  /** `autofix`: `--fix` applies it; `suggestion`: offered, a person chooses. */
  kind: 'autofix' | 'suggestion';
  startLine: number;
  before: string[];
  after: string[];
}

/** Lines of context shown before and after a finding. */
export const CONTEXT_LINES = 2;
/** Longest line kept (characters); longer ones end with an ellipsis. */
export const MAX_LINE = 240;
/** Most lines of a finding or a fix kept; a longer span is cut. */
const MAX_SPAN = 12;
/** The longest text (the lines a fix touches) a fix preview is made of. */
const MAX_PREVIEW_TEXT = 16 * 1024;

/**
 * A line as a page shows it: control characters and bidirectional overrides written as escapes (a raw ESC is
 * invisible, an override reorders what the reader sees), tabs kept; then cut to the width.
 */
function cut(whole: string): string {
  // Only the part that is shown is escaped: per finding, a long line cost its whole length (issue 28).
  const raw = whole.length > MAX_LINE + 1 ? whole.slice(0, MAX_LINE + 1) : whole;
  const line = raw.includes('\t') ? raw.split('\t').map(printable).join('\t') : printable(raw);
  return line.length > MAX_LINE ? line.slice(0, MAX_LINE - 1) + '…' : line;
}

/** Offsets where each line starts (line 1 at index 0). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineText(text: string, starts: readonly number[], line: number): string {
  const from = starts[line - 1]!;
  const to = line < starts.length ? starts[line]! - 1 : text.length;
  const whole = text.slice(from, to);
  return whole.endsWith('\r') ? whole.slice(0, -1) : whole;
}

/** The 1-based line of `offset`: the last line starting at or before it. */
export function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The finding's lines (`line`..`endLine`, at most a few) with `CONTEXT_LINES` around them. */
export function excerptOf(text: string, starts: readonly number[], line: number, endLine: number): Excerpt {
  const last = Math.min(endLine, line + MAX_SPAN - 1);
  const first = Math.max(1, line - CONTEXT_LINES);
  const end = Math.min(starts.length, last + CONTEXT_LINES);
  const lines: string[] = [];
  for (let l = first; l <= end; l++) lines.push(cut(lineText(text, starts, l)));
  return { startLine: first, lines };
}

/** The whole lines the edits touch, before and after applying them; undefined without edits. */
export function fixPreviewOf(text: string, starts: readonly number[], edits: readonly TextEdit[], kind: FixPreview['kind']): FixPreview | undefined {
  if (edits.length === 0) return undefined;
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0]);
  const firstLine = lineOf(starts, sorted[0]!.range[0]);
  const lastLine = lineOf(starts, Math.max(...sorted.map((e) => e.range[1])));
  const from = starts[firstLine - 1]!;
  const to = lastLine < starts.length ? starts[lastLine]! - 1 : text.length;
  // Lines this long (minified code) show only their first MAX_LINE characters, rarely the edit: no preview,
  // rather than copying the whole line once per finding (quadratic on one long line; issue 28).
  if (to - from > MAX_PREVIEW_TEXT) return undefined;
  let after = '';
  let at = from;
  for (const e of sorted) {
    if (e.range[0] < at) return undefined; // overlapping edits: no preview rather than a wrong one
    after += text.slice(at, e.range[0]) + e.text;
    at = e.range[1];
  }
  after += text.slice(at, to);
  const split = (s: string): string[] => s.split('\n').map((l) => cut(l.replace(/\r$/, '')));
  const before = split(text.slice(from, to));
  const afterLines = split(after);
  return { kind, startLine: firstLine, before: before.slice(0, MAX_SPAN), after: afterLines.slice(0, MAX_SPAN) };
}
