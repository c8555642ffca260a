/** Regular-expression helpers (no imports: the CLI's walker thread loads the prefilter, which uses them). */

/** A string as a regular expression that matches it literally. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Regular-expression source of one run of white space or one comment (`/* ... *\/`, or `// ...` to the line's
 * end): what may stand between two tokens of source text. Used by the text-level gates and the decorator
 * blanking, which read names and punctuation out of raw text.
 */
export const SPACE_OR_COMMENT = String.raw`\s|\/\*[\s\S]*?\*\/|\/\/[^\n\r\u2028\u2029]*`;
