/**
 * A bound on the nesting of JSON read from files the user or the repository gives (user catalogs,
 * configuration files, baselines, reports to merge). `JSON.parse` takes 200,000 nested `[` in its stride, but
 * what walks the value afterwards (schema validation, the syntax-error locator) recurses and overflowed the
 * stack, reported as "internal error" (issue 19, item 8). Checked on the text, before parsing: one linear pass,
 * no recursion.
 */

/** How deep the files this tool reads nest: the built-in catalog 9 levels, its schema 11. */
export const MAX_JSON_DEPTH = 64;

/** Where JSON text first nests arrays and objects deeper than `limit` (1-based line and column of the bracket), or undefined. */
export function jsonTooDeep(text: string, limit: number = MAX_JSON_DEPTH): { line: number; column: number } | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string (an unterminated one runs to the end: the parser says what is wrong with it): to the next
      // quote not escaped, that is, not after an odd run of backslashes inside the string. Found with indexOf, not
      // a character at a time: strings are most of a report's text, and the loop over them was a fifth of a
      // 10,000-report merge's CPU (issue 30, item 3).
      const open = i;
      for (;;) {
        const q = text.indexOf('"', i + 1);
        if (q < 0) {
          i = text.length;
          break;
        }
        let slashes = 0;
        for (let b = q - 1; b > open && text.charCodeAt(b) === 0x5c /* \ */; b--) slashes++;
        i = q;
        if (slashes % 2 === 0) break;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) {
        const before = text.slice(0, i);
        const line = before.split('\n').length;
        return { line, column: i - before.lastIndexOf('\n') };
      }
    } else if ((c === 0x5d /* ] */ || c === 0x7d) /* } */ && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

/** What is wrong with text {@link jsonTooDeep} stopped at, with where when asked: `...deep (line 3, column 9)`. */
export function tooDeepMessage(at?: { line: number; column: number }, limit: number = MAX_JSON_DEPTH): string {
  return `arrays and objects nested more than ${limit} levels deep${at ? ` (line ${at.line}, column ${at.column})` : ''}`;
}
