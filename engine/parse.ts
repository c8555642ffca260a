/** Parsing source files into the ESTree the detectors read (typescript-estree, the parser ESLint's TS support uses). */
import type * as Estree from '@typescript-eslint/typescript-estree';
import type { TSESTree } from '@typescript-eslint/utils';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let estree: typeof Estree | undefined;
/**
 * typescript-estree (and the TypeScript compiler under it, ~400 ms of CPU to load) is loaded on the first
 * parse: the prefilter lets few files through, and a scan (or a worker thread) may parse none.
 */
function estreeModule(): typeof Estree {
  return (estree ??= require('@typescript-eslint/typescript-estree') as typeof Estree);
}

/** Where and why a file failed to parse. */
export interface ParseFailure {
  message: string;
  /** 1-based. */
  line: number;
  /** 0-based. */
  column: number;
}

export type ParseResult = { ok: true; ast: TSESTree.Program } | { ok: false; error: ParseFailure };

/** Whether a file name takes JSX: `.tsx`, `.jsx`, and plain JavaScript (where JSX is customary). */
export function isJsxFile(filename: string): boolean {
  return /\.(tsx|jsx|js|mjs|cjs)$/i.test(filename);
}

/** Parses JavaScript or TypeScript; never throws for bad source. */
export function parseSource(text: string, filename: string): ParseResult {
  const attempt = (jsx: boolean): ParseResult => {
    try {
      const ast = estreeModule().parse(text, {
        range: true,
        loc: true,
        // No detector reads comments; collecting them measured 35-50% of the parse time of candidate files.
        comment: false,
        jsx,
        filePath: filename,
        errorOnUnknownASTType: false,
        suppressDeprecatedPropertyWarnings: true,
      }) as TSESTree.Program;
      return { ok: true, ast };
    } catch (error) {
      if (error instanceof estreeModule().TSError) {
        return { ok: false, error: { message: error.message, line: error.lineNumber, column: error.column } };
      }
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, error: { message, line: 1, column: 0 } };
    }
  };
  const jsx = isJsxFile(filename);
  const first = attempt(jsx);
  // A `.js` file with `<T>x` casts is not JSX; retry once without it before giving up.
  if (!first.ok && jsx && /\.(js|mjs|cjs)$/i.test(filename)) {
    const second = attempt(false);
    if (second.ok) return second;
  }
  return first;
}
