/**
 * Edit distance and the "did you mean" hint every entry point gives for a misspelt name: notice ids
 * (`--only`, `explain`, `configure({ notices })`), option keys (`configure({ befor })`, the rc file), command
 * line flags (`--befor`) and OAuth scopes. The distance is fastest-levenshtein's (bit-parallel, 7-9x faster
 * than the hand-written dynamic programme it replaced on the scope detector's look-ups, same results).
 */
import { distance } from 'fastest-levenshtein';

/** Levenshtein distance between two strings. */
export function editDistance(a: string, b: string): number {
  return distance(a, b);
}

/** The candidate nearest to `value` within `limit` edits (the first, in order, on a tie), or undefined. */
export function nearest(value: string, candidates: Iterable<string>, limit: number): { value: string; distance: number } | undefined {
  let found: { value: string; distance: number } | undefined;
  for (const c of candidates) {
    // A length gap larger than the limit cannot be closed: skip without computing.
    if (Math.abs(value.length - c.length) > limit) continue;
    const d = distance(value, c);
    if (d <= limit && (!found || d < found.distance)) found = { value: c, distance: d };
  }
  return found;
}

/**
 * The name nearest to `unknown` for a "did you mean" hint, compared without case: the closest by edit
 * distance (at most about a third of the word, at least 2), the alphabetically first on a tie; else the
 * only name containing it (or contained in it); undefined when nothing is close.
 */
export function didYouMean(unknown: string, names: readonly string[]): string | undefined {
  const needle = unknown.trim().toLowerCase();
  if (needle === '' || names.length === 0) return undefined;
  const limit = Math.max(2, Math.floor(needle.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of names) {
    const d = distance(needle, name.toLowerCase());
    if (d < bestDistance || (d === bestDistance && best !== undefined && name < best)) {
      best = name;
      bestDistance = d;
    }
  }
  if (best !== undefined && bestDistance <= limit) return best;
  if (needle.length >= 4) {
    const containing = names.filter((name) => name.toLowerCase().includes(needle) || needle.includes(name.toLowerCase()));
    if (containing.length === 1) return containing[0];
  }
  return undefined;
}
