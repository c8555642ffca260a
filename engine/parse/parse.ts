/**
 * Stage `engine/parse/`: text to the one ESTree the detectors read. It owns the parser choice (this file: oxc
 * first, typescript-estree, Babel for Babel-era JavaScript, the deep-nesting guard), each parser (oxc.ts,
 * deep.ts, babel.ts, decorators.ts), their shared result types (result.ts), the single walk every detector reads
 * the tree through (file-context.ts) and the strings of a file no parser accepts (text-tokens.ts).
 *
 * Parsing source files into the ESTree the detectors read: typescript-estree (the parser ESLint's TS support
 * uses) or, when chosen and installed, oxc-parser's TS-ESTree output (engine/parse/oxc.ts).
 */
import type * as Estree from '@typescript-eslint/typescript-estree';
import type { TSESTree } from '@typescript-eslint/utils';
import jsTokens from 'js-tokens';
import { createRequire } from 'node:module';
import { isBabelCandidate, parseWithBabel } from './babel.js';
import { offsetAt, oxcModule, parseWithOxc, parseWithOxcDeep, unreadableTree, type OxcLang } from './oxc.js';
import { blankDecoratorAt, decoratorsBeforeMembers } from './decorators.js';
import { DEEP_BUDGET } from './deep.js';

const require = createRequire(import.meta.url);
let estree: typeof Estree | undefined;
/** Why typescript-estree cannot load here ('' when it can), decided once per process. */
let estreeUnavailable: string | undefined;

/** A file whose parser cannot run in this installation (not a fault of the file, nor of the engine). */
export class ParserUnavailableError extends Error {
  override name = 'ParserUnavailableError';
}
/**
 * typescript-estree (and the TypeScript compiler under it, ~400 ms of CPU to load) is loaded on the first
 * parse: the prefilter lets few files through, and a scan (or a worker thread) may parse none.
 */
function estreeModule(): typeof Estree {
  if (estree) return estree;
  const api = (estreeUnavailable ??= typescriptWithoutApi() ?? '');
  if (api) throw new ParserUnavailableError(api);
  return (estree = require('@typescript-eslint/typescript-estree') as typeof Estree);
}

/**
 * Why typescript-estree cannot run here, when the `typescript` it resolves has no compiler API (TypeScript 7 ships
 * a launcher for its native compiler, no `lib/typescript.js`), or undefined. Without this check the failure shows as
 * an unrelated TypeError from inside typescript-estree ("Cannot read properties of undefined (reading 'Cjs')").
 */
export function typescriptWithoutApi(resolveFrom: string = require.resolve('@typescript-eslint/typescript-estree')): string | undefined {
  let version: string;
  try {
    version = (createRequire(resolveFrom)('typescript/package.json') as { version?: string }).version ?? '?';
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw err;
    return `the fallback parser (typescript-estree) needs TypeScript 5.x or 6.x, and none is installed where it looks (${code}); install typescript@6 in the project`;
  }
  const major = Number(/^(\d+)\./.exec(version)?.[1]);
  if (major >= 7) {
    return `the fallback parser (typescript-estree) needs TypeScript's compiler API, which typescript ${version} does not have (TypeScript 7 ships none); install TypeScript 5.x or 6.x as the project's "typescript"`;
  }
  return undefined;
}

import type { ParseFailure, ParseResult } from './result.js';

export type { ParseFailure, ParseResult };

/** Whether a file name takes JSX: `.tsx`, `.jsx`, and plain JavaScript (where JSX is customary; Apps Script's `.gs` too). */
export function isJsxFile(filename: string): boolean {
  return /\.(tsx|jsx|js|mjs|cjs|gs)$/i.test(filename);
}

/** The parsers {@link parseSource} can use. */
export type ParserName = 'oxc' | 'typescript-estree';

/**
 * The parser asked for by `COLLAB_MIGRATE_PARSER` (`oxc` or `typescript-estree`), else the default. oxc is used
 * only when it loads; otherwise typescript-estree, silently.
 */
export function chosenParser(env: Readonly<Record<string, string | undefined>> = process.env): ParserName {
  const asked = env.COLLAB_MIGRATE_PARSER?.trim().toLowerCase();
  const wanted: ParserName = asked === 'oxc' || asked === 'typescript-estree' ? asked : DEFAULT_PARSER;
  return wanted === 'oxc' && oxcModule() === undefined ? 'typescript-estree' : wanted;
}

/** The parser used when `COLLAB_MIGRATE_PARSER` does not name one. */
export const DEFAULT_PARSER: ParserName = 'oxc';

/**
 * Parses JavaScript or TypeScript; never throws for bad source. `parser` defaults to {@link chosenParser}. A
 * JavaScript file that parser rejects is parsed again with @babel/parser (engine/parse/babel.ts: decorators,
 * Flow, `export v from`, ...); when that fails too, the first parser's error is returned.
 */
export function parseSource(text: string, filename: string, parser: ParserName = chosenParser(), options: ParseOptions = {}): ParseResult {
  const first = parsePrimary(text, filename, parser, options);
  if (first.ok || !isBabelCandidate(filename)) return first;
  if (parser === 'oxc') {
    const undecorated = withoutObjectDecorators(text, filename, first.error, options);
    if (undecorated) return undecorated;
  }
  const fallback = parseWithBabel(text, filename);
  return fallback.ok ? { ...fallback, parser: 'babel' } : first;
}

/** The most decorators {@link withoutObjectDecorators} blanks in one file before leaving it to Babel. */
const MAX_BLANKED_DECORATORS = 64;

/**
 * A JavaScript file oxc rejects at an `@` of a legacy object-literal decorator, read by oxc with that decorator
 * blanked (engine/parse/decorators.ts), and again at each further `@` it rejects; undefined when it stops at anything
 * else, or the blanked spans did not each stand before an object-literal member, or the text could nest deeply
 * (then Babel reads the file). SDK files of this kind (5, 10-21 KB): @babel/parser's loading and first runs were ~100 ms of a 1 s scan.
 */
function withoutObjectDecorators(text: string, filename: string, error: ParseFailure, options: ParseOptions): ParseResult | undefined {
  // Only text oxc reads on this thread at once: each round is a parse, and one of typescript-estree or of the
  // big-stack worker (text that may nest deeply) can take seconds.
  if (nestingEstimate(text) >= NESTING_BUDGET) return undefined;
  const first = offsetAt(text, error.line, error.column);
  const atOnce = withoutDecoratorsFrom(text, filename, first, options);
  if (atOnce) return atOnce;
  let current = text;
  let failure = error;
  const spans: Array<[number, number]> = [];
  for (let round = 0; round < MAX_BLANKED_DECORATORS; round++) {
    const at = offsetAt(current, failure.line, failure.column);
    const blanked = blankDecoratorAt(current, at);
    if (!blanked) return undefined;
    spans.push([at, blanked.end]);
    current = blanked.text;
    const again = parsePrimary(current, filename, 'oxc', { ranges: options.ranges ?? true });
    if (again.ok) return decoratorsBeforeMembers(current, spans, again.ast) ? { ...again, parser: 'oxc-decorators' } : undefined;
    failure = again.error;
  }
  return undefined;
}

/**
 * {@link withoutObjectDecorators} in one parse: every `@` token from the one oxc rejected first to the end of the
 * text (js-tokens: not in strings, comments, templates or regular expressions) blanked at once, kept only when
 * the text then parses and each blanked span stood before an object-literal member ({@link decoratorsBeforeMembers}).
 * That is the tree the one-at-a-time rounds reach (oxc rejects each such decorator, first to last, and nothing
 * else of that text); anything else (a class decorator after the first, an `@` it cannot blank, more than
 * {@link MAX_BLANKED_DECORATORS}) gives undefined and the rounds decide. A file of the SDK with 10 such
 * decorators was 21 oxc parses (each failure is tried as a script too), now 3.
 */
function withoutDecoratorsFrom(text: string, filename: string, first: number, options: ParseOptions): ParseResult | undefined {
  if (text.charCodeAt(first) !== 64 /* @ */) return undefined;
  const starts: number[] = [];
  let offset = 0;
  for (const token of jsTokens(text, { jsx: isJsxFile(filename) }) as Iterable<{ type: string; value: string }>) {
    if (offset >= first && token.value === '@') {
      if (starts.length >= MAX_BLANKED_DECORATORS) return undefined;
      starts.push(offset);
    }
    offset += token.value.length;
  }
  if (starts[0] !== first) return undefined;
  let current = text;
  const spans: Array<[number, number]> = [];
  for (const at of starts) {
    // A decorator's argument list may hold another `@` (blanked with it already).
    if (spans.length > 0 && at < spans[spans.length - 1][1]) continue;
    const blanked = blankDecoratorAt(current, at);
    if (!blanked) return undefined;
    spans.push([at, blanked.end]);
    current = blanked.text;
  }
  const parsed = parsePrimary(current, filename, 'oxc', { ranges: options.ranges ?? true });
  return parsed.ok && decoratorsBeforeMembers(current, spans, parsed.ast) ? { ...parsed, parser: 'oxc-decorators' } : undefined;
}

/** How {@link parseSource} hands the tree over. */
export interface ParseOptions {
  /**
   * `false`: nodes from oxc may come without `range` (they have oxc's `start`/`end`), for a caller that builds a
   * {@link FileContext} at once, which sets `range` from them during its walk. oxc's `range` arrays took 35-40%
   * of the time oxc-parser takes to hand a tree over as JSON (124 JavaScript files of the platform's SDK:
   * 583 ms against 352 ms). Default `true`: every node has `range`.
   */
  ranges?: boolean;
}

function parsePrimary(text: string, filename: string, parser: ParserName, options: ParseOptions): ParseResult {
  if (parser === 'oxc') {
    const mod = oxcModule();
    if (mod !== undefined) {
      const { nesting, keywords } = estimate(text);
      // A large file trips the character counts (the SDK's 471 KB test file has 7,821 dots); the token-level
      // bound lets it be parsed here when no expression can be that deep (no big-stack worker: its start, the
      // AST sent across as text, and 15-40 MB of peak memory on the SDK).
      const bounds = nesting < NESTING_BUDGET ? undefined : nesting < DEEP_BUDGET ? tokenBounds(text, isJsxFile(filename), keywords) : undefined;
      if (nesting < NESTING_BUDGET || (bounds && bounds.nesting < NESTING_BUDGET && bounds.literalPaths <= LITERAL_PATH_BUDGET)) {
        const parsed = parseWithOxc(mod, text, filename, oxcLang(filename), options.ranges ?? true);
        // A text oxc accepts but whose tree it cannot hand over: typescript-estree reads it (or says why not).
        return unreadableTree(parsed) ? parseEstree(text, filename) : parsed;
      }
      // Text that could nest deeply enough to crash oxc on this thread: oxc in the big-stack worker, unless
      // its literals would make oxc's tree explode (then as text over the worker's budget, below).
      if (bounds && bounds.literalPaths > LITERAL_PATH_BUDGET) {
        if (text.length > ESTREE_MAX_DEEP_TEXT) return { ok: false, error: { message: `too large to parse safely: ${Math.round(text.length / 1024)} KB of regular expressions nested ${bounds.nesting.toLocaleString('en')} levels deep`, line: 1, column: 0 } };
      } else if (nesting < DEEP_BUDGET) {
        const deep = parseWithOxcDeep(text, filename, oxcLang(filename), DEEP_PARSE_TIMEOUT_MS, options.ranges ?? true);
        if (deep !== undefined && !unreadableTree(deep)) return deep.ok ? { ...deep, parser: 'oxc-worker' } : deep;
      } else if (text.length > ESTREE_MAX_DEEP_TEXT) {
        // typescript-estree runs on this thread and cannot be stopped; on large text of this kind it can take
        // minutes (quadratic on some shapes), so such a file is not parsed (it is reported as not analysed).
        return { ok: false, error: { message: `too large to parse safely: ${Math.round(text.length / 1024)} KB that could nest ${nesting.toLocaleString('en')} levels deep`, line: 1, column: 0 } };
      }
    }
  }
  return parseEstree(text, filename);
}

/** The largest text that could nest {@link DEEP_BUDGET} levels deep that typescript-estree is given. */
export const ESTREE_MAX_DEEP_TEXT = 512 * 1024;

/** The longest a parse in the big-stack worker may take before the file is reported as not analysed. */
export const DEEP_PARSE_TIMEOUT_MS = 15_000;

/**
 * Whether a text could nest deeply enough to overflow oxc's native stack. oxc-parser 0.159 ends the whole
 * process with SIGSEGV (it cannot be caught) on some shapes nested 5,000 deep (`-(-(...))`, nested templates,
 * nested generics) and many more at 20,000 (`[[...]]`, `{a:{a:...}}`, `?:` and assignment chains, arrow chains,
 * `if (a) if (a) ...`, JSX), where typescript-estree throws a catchable RangeError. A nesting level needs at
 * least one of the counted characters or words, so a text with fewer than {@link NESTING_BUDGET} of each (and a
 * bracket depth below it) cannot reach the lowest crashing depth; anything else is parsed by oxc in a worker
 * thread with a big stack (engine/parse/deep.ts), or, over that worker's budget, by typescript-estree, which
 * is slower but safe. Over-counting (brackets in strings and comments) only costs speed.
 */
export function mayNestDeeply(text: string): boolean {
  return nestingEstimate(text) >= NESTING_BUDGET;
}

/**
 * An upper bound of a text's nesting depth, as {@link mayNestDeeply} counts it: the deepest bracket nesting,
 * and the number of each character or keyword a nesting level can be made of (the largest of them).
 */
export function nestingEstimate(text: string): number {
  return estimate(text).nesting;
}

/** The brackets {@link estimate} follows the depth of. */
const BRACKETS = /[()[\]{}]/g;
/** The characters a nesting level can be made of, each counted over the whole text by {@link estimate}. */
const NESTING_CHARACTERS = '?`<=!-+~:|&*/%^.([{';

/** The deepest nesting of `()`, `[]` and `{}` in a text (an unmatched closer at depth 0 is passed over). */
function bracketDepthByMatch(text: string): number {
  let depth = 0;
  let maxDepth = 0;
  BRACKETS.lastIndex = 0;
  for (let m = BRACKETS.exec(text); m !== null; m = BRACKETS.exec(text)) {
    const c = text.charCodeAt(m.index);
    if (c === 40 || c === 91 || c === 123) {
      if (++depth > maxDepth) maxDepth = depth;
    } else if (depth > 0) depth--;
  }
  return maxDepth;
}

/** {@link bracketDepthByMatch}, one character at a time (for text dense with brackets). */
function bracketDepthByCharacter(text: string): number {
  let depth = 0;
  let maxDepth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) {
      if (++depth > maxDepth) maxDepth = depth;
    } else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
  }
  return maxDepth;
}

/** {@link nestingEstimate}, with the keyword count it took when it took one (the token bound needs it too). */
function estimate(text: string): { nesting: number; keywords?: number } {
  if (text.length < NESTING_BUDGET) return { nesting: 0 };
  // Each counted character's occurrences by `indexOf`, and the deepest bracket nesting visiting the brackets only
  // (found by the regular expression engine): the same figures as one loop over every character, which runs cold
  // (in V8's interpreter) on the few large texts a scan parses and took 3x as long (issue 30: 47 ms of the SDK's
  // scan, 1.4 MB parsed). Text made mostly of brackets is still walked character by character (a match per
  // bracket would cost more there).
  // Chains that nest without a bracket per level: `?:`, templates, generics, assignments and arrows, unary
  // operators, labels, and keyword chains (`if (a) if (a) ...`, `new new`, `await await`, `typeof typeof`);
  // and left-nested chains whose brackets close at once: binary operators (`a || a || ...` ended the process
  // at 150,000), member, call and index chains (`a.b.b`, `a()()`, `a[0][0]`). Files with 2,500 of one of
  // these are rare (3 of 1,710 JS/TS files of 15 real repositories and the TypeScript library).
  let most = 0;
  let openers = 0;
  for (let k = 0; k < NESTING_CHARACTERS.length; k++) {
    const ch = NESTING_CHARACTERS[k];
    let count = 0;
    for (let at = text.indexOf(ch); at !== -1; at = text.indexOf(ch, at + 1)) count++;
    if (count > most) most = count;
    if (ch === '(' || ch === '[' || ch === '{') openers += count;
  }
  const maxDepth = openers * 16 > text.length ? bracketDepthByCharacter(text) : bracketDepthByMatch(text);
  if (maxDepth > most) most = maxDepth;
  if (most >= DEEP_BUDGET) return { nesting: most };
  const keywords = nestingKeywords(text);
  return { nesting: Math.max(most, keywords), keywords };
}

// Also the operators that are words: `in`/`instanceof` and `as`/`satisfies` chains, and TypeScript's type
// operators (`keyof keyof ...`, `unique`, `readonly`, `infer`, `extends`, `is`, `asserts`), each of which ended the
// process (SIGSEGV) at 30,000-90,000 on the main thread (issue 28).
const NESTING_KEYWORDS = /\b(?:if|else|new|await|typeof|void|yield|delete|while|for|do|with|in|instanceof|as|satisfies|keyof|unique|readonly|infer|extends|is|asserts)\b/g;

/** How many keywords that can nest without punctuation (`if (a) if (a)`, `await await`) the text holds. */
function nestingKeywords(text: string): number {
  let keywords = 0;
  for (const _ of text.matchAll(NESTING_KEYWORDS)) keywords++;
  return keywords;
}

/**
 * A tighter upper bound of the nesting depth than {@link nestingEstimate}'s whole-text counts, from js-tokens
 * (strings, comments, regular expressions and template text skipped). Operators and other punctuators chain at
 * one bracket level only up to the next `;` or `,` at that level (an expression cannot span them), so each open
 * level keeps a count since its last `;` or `,`; a path down the tree is at most the bracket depth plus the sum of
 * the counts of the levels it passes through, and the bound is the largest such sum. What nests without
 * punctuation at its own level is counted over the whole text, as before: the keywords (`if`, `else`, `new`,
 * `await`, ...), and `<` (JSX elements and generics; JSX text is tokenized as JSX in JSX files). `keywords`: their
 * count in the text, when the caller has it already (the coarse estimate counts them the same way).
 */
export function tokenNestingBound(text: string, jsx: boolean, keywords = nestingKeywords(text)): number {
  return tokenBounds(text, jsx, keywords).nesting;
}

/**
 * Most the nesting bound times the regular expression and BigInt literals may reach before oxc is not given the
 * text. oxc-parser 0.159 hands each such literal over with the path from the root down to it, so the tree it
 * returns grows with the sum of their depths: 20,000 regular expressions in one left-nested `+` chain (40,000
 * levels; 0.4 MB of text) took 47-149 s and 12-16 GB of memory, and a parse that overran the worker's time limit
 * kept the process from ending until it was over. A million path steps is a few MB of tree text.
 */
export const LITERAL_PATH_BUDGET = 1_000_000;

/**
 * {@link tokenNestingBound}, and `literalPaths`: the sum, over the regular expression and BigInt literals, of the
 * bound at each (an upper bound of the path steps oxc hands them over with; see {@link LITERAL_PATH_BUDGET}).
 */
export function tokenBounds(text: string, jsx: boolean, keywords = nestingKeywords(text)): { nesting: number; literalPaths: number } {
  // One pass over js-tokens' tokens, written for the interpreter (it runs once, on the few large texts a scan parses):
  // the open levels' counts kept in one array up to `top` (the counts of closed levels above it are stale and reset
  // when a level opens there), punctuators told apart by their one character code, and the bound compared only after
  // a token that adds to the depth (a closer, `;`, `,` or literal leaves it where the last comparison saw it).
  let literalPaths = 0;
  const counts: number[] = [0];
  let top = 0;
  let sum = 0;
  let most = 0;
  let angles = 0;
  for (const token of jsTokens(text, { jsx }) as Iterable<{ type: string; value: string }>) {
    const type = token.type;
    if (type === 'Punctuator' || type === 'JSXPunctuator') {
      const v = token.value;
      const c = v.length === 1 ? v.charCodeAt(0) : 0;
      if (c === 40 /* ( */ || c === 91 /* [ */ || c === 123 /* { */) {
        // A new level, itself one more link of a chain at the level around it.
        counts[top]++;
        sum++;
        counts[++top] = 0;
      } else if (c === 41 /* ) */ || c === 93 /* ] */ || c === 125 /* } */) {
        // An unbalanced closer (a tokenizer misreading) keeps the outermost level and its count.
        if (top > 0) sum -= counts[top--];
        continue;
      } else if (c === 59 /* ; */ || c === 44 /* , */) {
        sum -= counts[top];
        counts[top] = 0;
        continue;
      } else {
        if (c === 60 /* < */) angles++;
        counts[top]++;
        sum++;
      }
    } else if (type === 'TemplateHead') {
      counts[top]++;
      sum++;
      counts[++top] = 0;
    } else if (type === 'TemplateMiddle') {
      // `}...${`: the next substitution is a sibling of the last.
      if (top > 0) sum -= counts[top--];
      counts[top]++;
      sum++;
      counts[++top] = 0;
    } else if (type === 'TemplateTail') {
      if (top > 0) sum -= counts[top--];
      continue;
    } else if (type === 'NoSubstitutionTemplate') {
      // A tagged template chain (tag`a``b`) nests left.
      counts[top]++;
      sum++;
    } else {
      if (type === 'RegularExpressionLiteral' || (type === 'NumericLiteral' && token.value.endsWith('n'))) literalPaths += sum + top + 2;
      continue;
    }
    if (sum + top > most) most = sum + top;
  }
  return { nesting: Math.max(most, angles, keywords), literalPaths };
}

/** Half the lowest nesting depth at which oxc-parser 0.159 was seen to crash (5,000). */
export const NESTING_BUDGET = 2500;

/**
 * oxc with the grammar typescript-estree gives the same file: TypeScript's own parser reads every JavaScript file
 * (`.js` too) with the TSX grammar, type annotations accepted (only the type checker reports them); a `.js` file
 * with `<T>x` casts does not parse there, nor here. Declaration files take the ambient grammar
 * (`export const x: T;`).
 */
function oxcLang(filename: string): OxcLang {
  return isJsxFile(filename) ? 'tsx' : /\.d\.[cm]?ts$/i.test(filename) ? 'dts' : 'ts';
}

function parseEstree(text: string, filename: string): ParseResult {
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
  if (!first.ok && jsx && /\.(js|mjs|cjs|gs)$/i.test(filename)) {
    const second = attempt(false);
    if (second.ok) return second;
  }
  return first;
}
