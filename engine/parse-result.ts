/** What a parser returns (shared by engine/parse.ts and engine/parse-oxc.ts without importing each other). */
import type { TSESTree } from '@typescript-eslint/utils';

/** Where and why a file failed to parse. */
export interface ParseFailure {
  message: string;
  /** 1-based. */
  line: number;
  /** 0-based. */
  column: number;
}

export type ParseResult =
  /**
   * `parser` is set when the tree does not come from the first parser on this thread: the Babel fallback
   * (engine/parse-babel.ts), oxc in the big-stack worker (engine/parse-deep.ts), or oxc on the text with its
   * legacy object-literal decorators blanked (engine/decorators.ts).
   */
  | { ok: true; ast: TSESTree.Program; parser?: 'babel' | 'oxc-worker' | 'oxc-decorators' }
  | { ok: false; error: ParseFailure };
