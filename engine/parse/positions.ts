/**
 * Offsets to lines and columns (re-exported by file-context.ts). A module of its own so that what needs only these
 * (engine/findings/fingerprint.ts, in the command line's start-up) does not load the parse's FileContext with them.
 */
import type { Position } from '../types.js';

/** Line starts of a text, for offset -> line/column. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

/** Offset -> 1-based line, 0-based column. */
export function positionAt(starts: readonly number[], offset: number): Position {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo] };
}
