/**
 * The prefilter: one combined, case-insensitive search per file for every literal token of the planned
 * detections. A file that contains none of them is never parsed; a file that contains some runs only the
 * detections whose tokens it holds.
 *
 * Measured on 17,669 JS/TS files (20 MB) with 42 tokens: one regular-expression alternation with the `i`
 * flag over the original text took 60-100 ms; lower-casing each file and calling `includes` per token
 * 330-370 ms; a JavaScript Aho-Corasick automaton 120-190 ms; lower-casing then one alternation 80-120 ms.
 * V8's regular-expression engine wins, so this is an alternation, longest token first.
 */

import { escapeRegExp } from './regexp.js';

/**
 * Common words that must never be a prefilter token on their own: nearly every file contains them, so
 * they would let every file through to the parser.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    'name',
    'id',
    'exp',
    'address',
    'firstname',
    'lastname',
    'displayname',
    'type',
    'value',
    'data',
    'error',
    'code',
    'headers',
    'header',
    'body',
    'json',
    'post',
    'get',
    'fetch',
    'http',
    'https',
    'url',
    'max',
    'filter',
    'location',
    'state',
    'sign',
    'string',
    'number',
    'status',
    'token',
    'request',
    'response',
    'connection',
    'license',
    'event',
    // Measured: in more than 1% of the files of a real repository (`scope`: 1.3% of 17,669) or of the
    // generated bench corpus (`device`: 4.5%); anything above that turns the prefilter into a parser.
    'scope',
    'scopes',
    'device',
    'devices',
  ].map((w) => w.toLowerCase()),
);

/** Shortest token the prefilter accepts: shorter strings occur in nearly every file. */
export const MIN_TOKEN_LENGTH = 4;

/**
 * Three-letter acronyms rare enough to be tokens (issue 6 names `jwt`): on 17,669 files of a large
 * JavaScript repository, `jwt` occurred in 3.
 */
export const RARE_SHORT_TOKENS: ReadonlySet<string> = new Set(['jwt', 'jws']);

/** Why a token is too common to prefilter on, or undefined when it is fine. */
export function tokenProblem(token: string): string | undefined {
  const t = token.toLowerCase();
  if (t.trim().length < MIN_TOKEN_LENGTH && !RARE_SHORT_TOKENS.has(t)) return `shorter than ${MIN_TOKEN_LENGTH} characters`;
  if (STOP_WORDS.has(t)) return 'a common word (stop-list)';
  return undefined;
}


/** Finds which of a fixed set of tokens occur in a text, ignoring ASCII case. Build once, scan many. */
export class TokenScanner {
  /** The distinct tokens, lower-cased, longest first. */
  readonly tokens: readonly string[];
  /** Matches any token; used to rule a file out in one pass. */
  private readonly any: RegExp | undefined;

  constructor(tokens: Iterable<string>) {
    const distinct = [...new Set([...tokens].map((t) => t.toLowerCase()).filter((t) => t.length > 0))];
    distinct.sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
    this.tokens = distinct;
    const source = distinct.map(escapeRegExp).join('|');
    this.any = distinct.length ? new RegExp(source, 'i') : undefined;
  }

  /** Whether the text contains at least one token. */
  hasAny(text: string): boolean {
    return this.any !== undefined && this.any.test(text);
  }

  /**
   * The tokens (lower-cased) that occur in the text. Most files are ruled out by the one pass of
   * {@link hasAny}; for the rest, a per-token search of the lower-cased text measured faster than
   * stepping the alternation through every match (files with a frequent token have thousands).
   */
  present(text: string): Set<string> {
    const found = new Set<string>();
    if (!this.hasAny(text)) return found;
    const lower = text.toLowerCase();
    for (const t of this.tokens) if (lower.includes(t)) found.add(t);
    return found;
  }
}

const scanners = new WeakMap<object, TokenScanner>();

/**
 * The scanner for a list of token lists (one per planned detection), built once per list object.
 * The key is the list itself, so a cached plan gets one scanner for its lifetime.
 */
export function scannerFor(key: object, tokenLists: Iterable<readonly string[]>): TokenScanner {
  let scanner = scanners.get(key);
  if (!scanner) {
    const all: string[] = [];
    for (const list of tokenLists) all.push(...list);
    scanner = new TokenScanner(all);
    scanners.set(key, scanner);
  }
  return scanner;
}

/** What the prefilter knows of one planned detection: plain data, so another thread can apply it too. */
export interface PrefilterEntry {
  /** Lower-cased tokens, one of which the file must hold; empty: none needed. */
  tokens: readonly string[];
  /** A second group the file must also hold one of; empty: none needed. */
  requires: readonly string[];
  /** Whether the detection reads configuration files (YAML, JSON, .env...), not only source. */
  config: boolean;
}

/** Whether a detection may match a file that holds the tokens `has` says it holds. */
export function mayApply(entry: Pick<PrefilterEntry, 'tokens' | 'requires'>, has: (token: string) => boolean): boolean {
  return (entry.tokens.length === 0 || entry.tokens.some(has)) && (entry.requires.length === 0 || entry.requires.some(has));
}

/**
 * The whole prefilter decision for a text, away from the engine (the CLI's walker thread uses it): true
 * when at least one detection may apply, that is, when the engine would parse or read the file. The
 * engine makes the same decision with the same {@link mayApply}.
 */
export class PrefilterPlan {
  private readonly scanner: TokenScanner;

  constructor(private readonly entries: readonly PrefilterEntry[]) {
    this.scanner = new TokenScanner(entries.flatMap((e) => [...e.tokens, ...e.requires]));
  }

  needsAnalysis(text: string, language: 'js' | 'ts' | 'config'): boolean {
    const present = this.scanner.present(text);
    const has = (t: string): boolean => present.has(t);
    return this.entries.some((e) => (language !== 'config' || e.config) && mayApply(e, has));
  }
}
