/**
 * What a parser returns, and the types every parser module shares (engine/parse/parse.ts, oxc.ts, deep.ts,
 * babel.ts), so none of them imports another for a type.
 */
import type { TSESTree } from '@typescript-eslint/utils';

/** The language oxc is asked to read a file as. */
export type OxcLang = 'jsx' | 'ts' | 'tsx' | 'dts';

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
   * (engine/parse/babel.ts), oxc in the big-stack worker (engine/parse/deep.ts), or oxc on the text with its
   * legacy object-literal decorators blanked (engine/parse/decorators.ts).
   */
  | { ok: true; ast: TSESTree.Program; parser?: 'babel' | 'oxc-worker' | 'oxc-decorators' }
  | { ok: false; error: ParseFailure };
