/** Regular-expression helpers (no imports: the CLI's walker thread loads the prefilter, which uses them). */

/** A string as a regular expression that matches it literally. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
