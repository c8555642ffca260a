/**
 * Stage `engine/prefilter/`: from a file's text alone, which detections can apply. It owns the token search
 * (this file) and the text-level gates that rule a file out before its parse (gates.ts), with the regular
 * expression pieces both read source text with (regexp.ts). A file no detection can apply to is never parsed.
 *
 * The prefilter: one combined, case-insensitive search per file for every literal token of the planned
 * detections. A file that contains none of them is never parsed; a file that contains some runs only the
 * detections whose tokens it holds.
 *
 * Measured (scripts/prefilter-bench.ts, README "Prefilter") on babel's 26,852 texts and a platform SDK's
 * 1,426: an alternation with the `i` flag of the tokens that contain no other rules a text out; lower-casing
 * plus `includes` per token took 3.5-7x as long, a first-byte filter in JavaScript 1.6-2x, `[cC]` classes
 * 2.5x, an npm Aho-Corasick package hundreds of times; a trie-shaped alternation, a rare-bigram loop and
 * lower-casing first were within the noise of it. The token set of a text that passes comes from stepping
 * an alternation of all tokens (0.23x the time of lower-casing and `includes` per token on the SDK).
 */

import { ByteTokenSearch, mayFoldToAscii } from './bytes.js';
import { TextTokenSearch } from './text.js';
import { escapeRegExp } from './regexp.js';
import type { Notice } from '../types.js';

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
  const t = tokenText(token).toLowerCase();
  if (t.trim().length < MIN_TOKEN_LENGTH && !RARE_SHORT_TOKENS.has(t)) return `shorter than ${MIN_TOKEN_LENGTH} characters`;
  if (STOP_WORDS.has(t)) return 'a common word (stop-list)';
  return undefined;
}


/**
 * The mark of a token that counts only where the text spells it as the object of a member access ({@link
 * objectToken}): a control character, which no token a detector or a catalog gives starts with.
 */
const OBJECT_MARK = '\u0001';

/**
 * A detector's token that counts only where the text spells it as the object of a member access (`subtle.sign(...)`,
 * `crypto.subtle.verify(...)`, `crypto['subtle'].sign(...)`; {@link objectSpelling}), not in a class name, a CSS
 * variable or prose (`border-subtle`, `--text-color-subtle`, "a subtle bug"). For a detector that reads the name only
 * there (issue 30: webhook-signature reads `subtle` only as the object of `.sign`/`.verify`), every file in which it
 * reports through that name holds it so; a file whose only hit is a coincidence is not a candidate, as a file without
 * the token is not one.
 */
export function objectToken(name: string): string {
  return OBJECT_MARK + name;
}

/** The text a token's search looks for: the token without the mark of an {@link objectToken}. */
export function tokenText(token: string): string {
  return token.startsWith(OBJECT_MARK) ? token.slice(OBJECT_MARK.length) : token;
}

/** A token as the bench writes it: an {@link objectToken} as `subtle (object)`. */
export function tokenLabel(token: string): string {
  return token.startsWith(OBJECT_MARK) ? `${tokenText(token)} (object)` : token;
}

/**
 * Where a text spells a name as the object of a member access (case-insensitive, as every token): the object's source
 * ends with the name, as an identifier or a member's name, and only white space, comments, `)`, TypeScript's `!`,
 * `as T` and `satisfies T` (what `unwrap` takes off) stand between it and the access (`.`, `?.`, `[`):
 * - the name not after an ASCII identifier character, followed past white space, `!` and `)` by `.`, `?.`, `[`, a
 *   comment (`/*`, `//`, `<!--`), `as` or `satisfies` (`0-subtle.sign()` included: a `-` may stand before it);
 * - or a string's whole text, a computed member's name (`crypto['subtle']`): after a quote, a `\` or a line break
 *   (escapes cooked to nothing) and before a quote or a `\`.
 * `border-subtle !bg-surface`, `var(--color-subtle)`, `subtle: '#fff'`, `SubtleCrypto` and "a subtle bug" are not so.
 * A character above ASCII is never an identifier character or a quote here and is skipped as white space is, so the
 * answer is the same on a text and on its UTF-8 bytes read one character per byte ({@link
 * TokenScanner.presentInBytes}), where each such character is a run of bytes above ASCII.
 */
export function objectSpelling(name: string): RegExp {
  const n = escapeRegExp(name);
  const access = String.raw`(?:[.[]|\?\.|\/[*/]|<!--|as(?![\w$])|satisfies(?![\w$]))`;
  const quote = String.raw`'"\x60\\`;
  return new RegExp(String.raw`(?<![\w$])${n}(?=[\s!)\u0080-\uffff]*${access})|(?<=[${quote}\n\r\u0080-\uffff])${n}(?=[${quote}])`, 'i');
}

/** What {@link TokenScanner.present} gives for a text that holds no token (shared: nothing is ever added to it). */
export const NO_TOKENS: ReadonlySet<string> = new Set<string>();

/** The places of no anchor ({@link TokenScanner.screenedInBytes}; shared). */
const NO_PLACES: ReadonlyMap<string, readonly number[]> = new Map();

/**
 * Characters whose `toLowerCase` gives an ASCII letter (the Kelvin sign gives `k`, a capital I with a dot
 * above gives `i` and a combining dot): lower-casing the text finds a token through them, the `i` flag does
 * not. A text that holds one is searched the older way, so the answer never changes.
 */
const FOLDS_TO_ASCII = /[\u0130\u212A]/;

/**
 * Characters a {@link TokenScanner} searches with `includes` per token before it makes its expressions. A one-file scan
 * made three alternations of the ~150 tokens (V8 parses each when it is made) and compiled one at the first search,
 * ~9 M instructions of a file without a token (issue 30, item 2), where `includes` over a few texts costs far less; past
 * this many characters (a scan of a repository) the alternation's one pass per text pays (see the file's header).
 */
export const SMALL_SEARCH = 64 * 1024;

/** Finds which of a fixed set of tokens occur in a text, ignoring ASCII case. Build once, scan many. */
export class TokenScanner {
  /** The distinct texts searched (the tokens, lower-cased, an {@link objectToken} without its mark), longest first. */
  readonly tokens: readonly string[];
  /** The tokens that contain no other token: a text holds some token exactly when it holds one of these. */
  private readonly minimal: readonly string[];
  /** Matches any token (made on first use, see {@link SMALL_SEARCH}); used to rule a file out in one pass. Only the {@link minimal} tokens are in it. */
  private anyMade: RegExp | undefined;
  /** For each token, the tokens it contains (itself included): the alternation reports one token per position. */
  private readonly inside: ReadonlyMap<string, readonly string[]>;
  /** Whether every token is ASCII (then a match lower-cased is the token it matched). */
  private readonly ascii: boolean;
  /** {@link any} without the `i` flag, for a text lower-cased first (ASCII tokens only; made on first use). */
  private anyLowerMade: RegExp | undefined;
  /** Every token (global, no `i` flag), stepped through a lower-cased text to collect the tokens it holds (ASCII tokens only; made on first use). */
  private allLowerMade: RegExp | undefined;
  /** Characters of text searched so far with `includes` per token, before the expressions are made (see {@link SMALL_SEARCH}). */
  private searched = 0;
  /** How many characters are searched with `includes` per token before the expressions are made ({@link SMALL_SEARCH}). */
  private readonly smallSearch: number;
  /** The length of the longest token: no token starts more than this minus one before the first token that contains no other. */
  private readonly longest: number;
  /** The search of the bytes a text was decoded from ({@link presentInBytes}; made on first use), null when the tokens cannot be searched so. */
  private bytesMade: ByteTokenSearch | null | undefined;
  /** {@link textSearch}, once made (null: the tokens cannot be searched so). */
  private textMade: TextTokenSearch | null | undefined;
  /** The constructor's `textSearch`. */
  private readonly textSearchOn: boolean;
  /** The {@link objectToken}s, by their text: the token and where the text spells it as a member access's object ({@link objectSpelling}). */
  private readonly names: ReadonlyMap<string, { token: string; spelled: RegExp; at: RegExp }>;
  /** The texts of the {@link names} that are also given as plain tokens (then found wherever they occur). */
  private readonly alsoPlain: ReadonlySet<string>;
  /** The constructor's `screens`, and its `anchors`. */
  private readonly screens: ReadonlySet<string>;
  /** The constructor's `anchors`. */
  private readonly anchors: ReadonlySet<string>;

  /**
   * `smallSearch`: in place of {@link SMALL_SEARCH} (0: the expressions from the first text; the tests compare both ways).
   * `textSearch`: false searches every text of {@link present} with the regular expressions, not {@link textSearch} (the
   * tests compare both ways).
   * `screens`: lower-case ASCII texts of three or more characters that {@link screenedInBytes} also looks for, in the
   * same pass over the bytes, and reports apart from the tokens. `anchors`: screens whose places {@link screenedInBytes}
   * reports too; bytes, not text (a character from U+0080 to U+00FF stands for that byte: {@link ByteTokenSearch.of}).
   */
  constructor(tokens: Iterable<string>, options: { smallSearch?: number; textSearch?: boolean; screens?: Iterable<string>; anchors?: Iterable<string> } = {}) {
    this.smallSearch = options.smallSearch ?? SMALL_SEARCH;
    this.textSearchOn = options.textSearch ?? true;
    this.anchors = new Set(options.anchors ?? []);
    this.screens = new Set([...(options.screens ?? []), ...this.anchors]);
    const given = new Set([...tokens].map((t) => t.toLowerCase()).filter((t) => tokenText(t).length > 0));
    const names = new Map<string, { token: string; spelled: RegExp; at: RegExp }>();
    for (const t of given) {
      if (t === tokenText(t)) continue;
      const spelled = objectSpelling(tokenText(t));
      names.set(tokenText(t), { token: t, spelled, at: new RegExp(spelled.source, 'iy') });
    }
    this.names = names;
    this.alsoPlain = new Set([...names.keys()].filter((n) => given.has(n)));
    // The texts searched: an object token's text is searched as a plain token's, and checked where found (spelledAsObjects).
    const distinct = [...new Set([...given].map(tokenText))];
    distinct.sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
    this.tokens = distinct;
    const inside = tokensInside(distinct);
    // A text holds some token exactly when it holds one that contains no other (measured: 0.7x the time of all tokens).
    this.minimal = distinct.filter((_, i) => inside[i]!.length === 1);
    this.inside = new Map(distinct.map((t, i) => [t, inside[i]!]));
    this.ascii = distinct.every((t) => /^[\x00-\x7f]*$/.test(t));
    this.longest = distinct.length ? distinct[0]!.length : 0;
  }

  private get any(): RegExp | undefined {
    if (this.minimal.length === 0) return undefined;
    return (this.anyMade ??= new RegExp(this.minimal.map(escapeRegExp).join('|'), 'i'));
  }

  private get anyLower(): RegExp | undefined {
    if (!this.ascii || this.minimal.length === 0) return undefined;
    return (this.anyLowerMade ??= new RegExp(this.minimal.map(escapeRegExp).join('|')));
  }

  private get allLower(): RegExp | undefined {
    if (!this.ascii || this.tokens.length === 0) return undefined;
    return (this.allLowerMade ??= new RegExp(this.tokens.map(escapeRegExp).join('|'), 'g'));
  }

  /**
   * Whether this text is searched with `includes` per token rather than with the expressions: while the texts searched
   * so far, this one included, come to at most {@link SMALL_SEARCH} characters (a scan of a few files), every token is
   * ASCII and the text holds no {@link FOLDS_TO_ASCII} character. The same answer as the lower-cased text's search
   * (the matches of {@link anyLower} and {@link allLower} in it are the tokens it includes); the expressions are never
   * made in such a scan.
   */
  private searchesSmall(text: string): boolean {
    if (!this.ascii || this.searched + text.length > this.smallSearch || FOLDS_TO_ASCII.test(text)) return false;
    this.searched += text.length;
    return true;
  }

  /**
   * Whether the text contains at least one token. With ASCII tokens, a text without {@link FOLDS_TO_ASCII}
   * characters is lower-cased and searched without the `i` flag: the same answer (only those two characters
   * lower-case to ASCII letters, and no other changes length), measured at 0.7-0.85x the time of the `i` flag
   * over sentry-javascript's 8,919 texts, lower-casing included (issue 30).
   */
  hasAny(text: string): boolean {
    if (this.minimal.length === 0) return false;
    if (this.names.size > 0) return this.present(text).size > 0;
    if (this.searchesSmall(text)) {
      const lower = text.toLowerCase();
      return this.minimal.some((t) => lower.includes(t));
    }
    return this.anyLower !== undefined && !FOLDS_TO_ASCII.test(text) ? this.anyLower.test(text.toLowerCase()) : this.any!.test(text);
  }

  /**
   * The tokens (lower-cased) that occur in the text; {@link NO_TOKENS} when none. Searched character by character
   * ({@link textSearch}) when every token is ASCII of three or more characters and the text holds no
   * {@link FOLDS_TO_ASCII} character; else with the regular expressions ({@link presentByExpressions}), as before.
   * The same tokens either way (test/prefilter-text-search.test.ts).
   */
  present(text: string, anySpelling = false): ReadonlySet<string> {
    if (this.minimal.length === 0) return NO_TOKENS;
    const search = this.textSearch;
    if (search !== null) {
      const { found, at, folds } = search.search(text);
      if (!folds) return found === undefined ? NO_TOKENS : this.spelledAtPlaces(found, text, anySpelling, at);
      return this.presentByExpressions(text, anySpelling);
    }
    if (this.searchesSmall(text)) {
      // Lower-cased, each token with `includes`: the tokens the stepping below collects from the same lower-cased text.
      const lower = text.toLowerCase();
      const found = new Set<string>();
      for (const t of this.tokens) if (lower.includes(t)) found.add(t);
      if (found.size === 0) return NO_TOKENS;
      return this.spelledAsObjects(found, text, anySpelling, lower);
    }
    return this.presentByExpressions(text, anySpelling);
  }

  /**
   * {@link present} by the regular expressions, for tokens the {@link textSearch} cannot search and for a text that
   * holds a {@link FOLDS_TO_ASCII} character (`options.textSearch: false`: every text, as the tests compare). One pass of
   * {@link hasAny}'s expression rules out a text without a token (it stops at the first hit or the end). For a text
   * that holds some, the alternation of all tokens is stepped one position past each match (a token that starts inside
   * another is found too), and each match adds the tokens inside it (the alternation gives the longest one at a
   * position): measured on a platform SDK's texts, 0.25x the time of lower-casing the text and searching it once per
   * token. The stepping starts where the first token can start, not at the text's start: every token holds a token
   * that contains no other (itself, or one inside it, at most `longest - 1` characters from its start), so no token
   * starts before the first match of those, less `longest - 1`. The search that rules a text out gives that first
   * match's place at no extra cost (issue 30, round thirteen: 0.65-0.9x the time of stepping from the start on
   * prisma's, sentry-javascript's and outline's texts). While the texts searched come to at most the constructor's
   * `smallSearch` characters, lower-casing and `includes` per token give the same tokens ({@link searchesSmall}).
   */
  private presentByExpressions(text: string, anySpelling: boolean): ReadonlySet<string> {
    if (this.anyLower === undefined || FOLDS_TO_ASCII.test(text)) {
      if (!this.any!.test(text)) return NO_TOKENS;
      return this.spelledAsObjects(this.presentLowerCased(text), text, anySpelling);
    }
    // ASCII tokens, and no character that lower-cases to an ASCII letter: the lower-cased text is searched
    // without the `i` flag (see hasAny), its matches are the tokens themselves.
    const lower = text.toLowerCase();
    const first = lower.search(this.anyLower);
    if (first < 0) return NO_TOKENS;
    const found = new Set<string>();
    const re = this.allLower!;
    re.lastIndex = Math.max(0, first - this.longest + 1);
    for (let m = re.exec(lower); m !== null; m = re.exec(lower)) {
      const token = m[0];
      if (!found.has(token)) for (const t of this.inside.get(token)!) found.add(t);
      re.lastIndex = m.index + 1;
    }
    return this.spelledAsObjects(found, text, anySpelling, lower);
  }

  /**
   * The search of a text's characters (engine/prefilter/text.ts; made on first use), null when the tokens cannot be
   * searched so (a token outside ASCII or shorter than three characters) or the constructor's `textSearch` is false.
   * The same tokens as the expressions: only ASCII case is ignored by either, and a text holding U+0130 or U+212A is
   * left to them. No lower-cased copy of the text, no expression made, and no `includes` per token for the first
   * texts ({@link SMALL_SEARCH}): the texts ESLint hands the plugin's rules, which come without their bytes, 148 -> 125 M
   * instructions on the SDK's 172 (issue 30, item 4; docs/performance.md, "Thirty-first session: 31plugin5").
   */
  private get textSearch(): TextTokenSearch | null {
    return (this.textMade ??= (this.textSearchOn && this.ascii ? TextTokenSearch.of(this.tokens, new Set(this.names.keys())) : undefined) ?? null);
  }

  /**
   * The tokens the {@link textSearch} found, each {@link objectToken}'s text kept as its token only where the text
   * spells it as an object (`anySpelling`: wherever it occurs), checked by the sticky form of {@link objectSpelling} at
   * the places the search gives (`at`), as {@link spelledAsObjects} does at those of the lower-cased text.
   */
  private spelledAtPlaces(found: Set<string>, text: string, anySpelling: boolean, at: ReadonlyMap<string, readonly number[]> | undefined): ReadonlySet<string> {
    if (this.names.size === 0) return found;
    for (const [name, { token, at: sticky }] of this.names) {
      if (!found.has(name)) continue;
      if (!this.alsoPlain.has(name)) found.delete(name);
      if (anySpelling || at?.get(name)?.some((i) => ((sticky.lastIndex = i), sticky.test(text)))) found.add(token);
    }
    return found.size > 0 ? found : NO_TOKENS;
  }

  /**
   * The tokens found, with each {@link objectToken} whose text was found kept only where the text spells it as an object
   * (`anySpelling`: wherever it occurs, for a markup page's whole text, whose script blocks are decided one by one);
   * its bare text is dropped unless it is a plain token too. Checked on the same string the search read (a text or
   * its UTF-8 bytes), only in texts that hold the name: at each place the lower-cased text `lower` (of the same
   * length) holds it, by the sticky form of {@link objectSpelling} (plane's 463 texts holding `subtle`: 1.9 ms, where a
   * search of each whole text by it, which starts with a lookbehind, took 34.5 ms), or by one search of the whole text
   * without `lower`.
   */
  private spelledAsObjects(found: Set<string>, text: string, anySpelling: boolean, lower?: string): ReadonlySet<string> {
    if (this.names.size === 0) return found;
    for (const [name, { token, spelled, at }] of this.names) {
      if (!found.has(name)) continue;
      if (!this.alsoPlain.has(name)) found.delete(name);
      if (anySpelling || (lower !== undefined && lower.length === text.length ? spelledAt(at, name, text, lower) : spelled.test(text))) found.add(token);
    }
    return found.size > 0 ? found : NO_TOKENS;
  }

  /**
   * {@link present} for a text decoded from UTF-8, given the bytes it was decoded from: with ASCII tokens of three or
   * more characters the bytes are searched (engine/prefilter/bytes.ts), else the text. Same answer: the tokens are
   * matched ignoring ASCII case only (see {@link hasAny}), and in UTF-8 every ASCII character of the text is the same
   * byte at the same place among the ASCII bytes, while every other character is a run of bytes of 0x80 and above,
   * which no ASCII token holds and which lower-case to no ASCII letter. Bytes that may hold one of the
   * {@link FOLDS_TO_ASCII} characters ({@link mayFoldToAscii}) are searched as text, as before, which finds `i` in
   * U+0130 (property tests: test/prefilter-bytes.test.ts). An {@link objectToken} found is checked where the bytes
   * hold its text, on the text itself when every byte is a character (ASCII), else on the bytes read one character
   * per byte ({@link objectSpelling} gives the same answer on both). About half the time of the text's search on the
   * bench repositories (docs/performance.md, "Twenty-seventh session: 30walk").
   */
  presentInBytes(text: string, bytes: Uint8Array, anySpelling = false): ReadonlySet<string> {
    return this.screenedInBytes(text, bytes, anySpelling).tokens;
  }

  /**
   * {@link presentInBytes}, and which of the constructor's `screens` the bytes hold, ignoring ASCII case (`seen`:
   * undefined when the bytes could not be searched, for tokens that cannot be). A screen is found wherever its text
   * is, so a text that a regular expression made of one of its literals (case-sensitive, or with the `i` flag without
   * `u`, which folds no character above ASCII to one below) matches holds one of the screens: U+0130 and U+212A,
   * which send the tokens' search to the text, change nothing for them. `places`: for each of the constructor's
   * `anchors` the bytes hold, ignoring ASCII case, the offset of every place they hold it, ascending (with `seen`).
   */
  screenedInBytes(text: string, bytes: Uint8Array, anySpelling = false): { tokens: ReadonlySet<string>; seen?: ReadonlySet<string>; places?: ReadonlyMap<string, readonly number[]> } {
    if (this.minimal.length === 0 && this.screens.size === 0) return { tokens: NO_TOKENS };
    const search = (this.bytesMade ??= (this.ascii ? ByteTokenSearch.of([...new Set([...this.tokens, ...this.screens])], new Set([...this.names.keys(), ...this.anchors]), this.anchors) : undefined) ?? null);
    if (search === null) return { tokens: this.present(text, anySpelling) };
    const { found, at, ascii } = search.search(bytes);
    const screened = this.screenedOf(found);
    const places = at ?? NO_PLACES;
    if (!ascii && mayFoldToAscii(bytes)) return { tokens: this.present(text, anySpelling), seen: screened, places };
    if (found === undefined || found.size === 0) return { tokens: NO_TOKENS, seen: screened, places };
    if (this.names.size === 0) return { tokens: found, seen: screened, places };
    let oneByte: string | undefined;
    for (const [name, { token, at: sticky }] of this.names) {
      if (!found.has(name)) continue;
      if (!this.alsoPlain.has(name)) found.delete(name);
      if (anySpelling) {
        found.add(token);
        continue;
      }
      // The places are offsets in the bytes: the text's own when it is all ASCII (one byte per character).
      const spelling = bytes.length === text.length ? text : (oneByte ??= Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
      if (at?.get(name)?.some((i) => ((sticky.lastIndex = i), sticky.test(spelling)))) found.add(token);
    }
    return { tokens: found.size > 0 ? found : NO_TOKENS, seen: screened, places };
  }

  /**
   * The screens among what the byte search found, taken out of it unless they are tokens too. Read from what was found
   * (a few texts), not from the screens (~90 with the HTTP calls' anchors); a `Set` may lose entries while it is read.
   */
  private screenedOf(found: Set<string> | undefined): ReadonlySet<string> {
    let seen: Set<string> | undefined;
    if (found !== undefined && this.screens.size > 0) {
      for (const text of found) {
        if (!this.screens.has(text)) continue;
        (seen ??= new Set()).add(text);
        if (!this.inside.has(text)) found.delete(text);
      }
    }
    return seen ?? NO_TOKENS;
  }

  /** The tokens found by lower-casing the text and searching it once per token (the answer {@link present} keeps). */
  private presentLowerCased(text: string): Set<string> {
    const found = new Set<string>();
    const lower = text.toLowerCase();
    for (const t of this.tokens) if (lower.includes(t)) found.add(t);
    return found;
  }
}

/** Whether a sticky spelling matches the text at one of the places where its lower-cased copy holds the name. */
function spelledAt(at: RegExp, name: string, text: string, lower: string): boolean {
  for (let i = lower.indexOf(name); i >= 0; i = lower.indexOf(name, i + 1)) {
    at.lastIndex = i;
    if (at.test(text)) return true;
  }
  return false;
}

/**
 * For each of a list of distinct tokens, the tokens of the list it contains (itself included), in list order.
 * Every scan builds its scanner at start, so this is start-up time of a one-file run: comparing every pair with
 * `includes` (145 tokens for the built-in catalog) took 25-35 ms there, the code not yet compiled (issue 30,
 * item 2). Here each token is searched once, with `indexOf`, in all tokens joined by a newline (which no token
 * holds; a list where one does is compared pair by pair).
 */
export function tokensInside(distinct: readonly string[]): string[][] {
  if (distinct.some((t) => t.includes('\n'))) return distinct.map((t) => distinct.filter((u) => t.includes(u)));
  const joined = distinct.join('\n');
  // The index in `distinct` of the token each character of `joined` belongs to (-1 on the separators).
  const owner = new Int32Array(joined.length).fill(-1);
  let at = 0;
  distinct.forEach((t, i) => {
    owner.fill(i, at, at + t.length);
    at += t.length + 1;
  });
  const inside: string[][] = distinct.map(() => []);
  for (const u of distinct) {
    if (u.length === 0) continue;
    for (let found = joined.indexOf(u); found !== -1; found = joined.indexOf(u, found + 1)) {
      const list = inside[owner[found]!]!;
      // Occurrences in one token come one after another: it is listed once.
      if (list[list.length - 1] !== u) list.push(u);
    }
  }
  return inside;
}

const scanners = new WeakMap<object, TokenScanner>();

/**
 * The scanner for a list of token lists (one per planned detection), built once per list object.
 * The key is the list itself, so a cached plan gets one scanner for its lifetime. The lists are asked
 * for only when the scanner is built (not once per file).
 */
export function scannerFor(key: object, tokenLists: () => Iterable<readonly string[]>): TokenScanner {
  let scanner = scanners.get(key);
  if (!scanner) {
    const all: string[] = [];
    for (const list of tokenLists()) all.push(...list);
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
  /**
   * Whether its tokens and gate are about request URLs, which a module the file imports may hold
   * (Detector.gateReadsUrls); `'calls'`: looked for only in a file that makes HTTP calls (Detector.importedUrlsOnlyWhenCalling).
   */
  urls?: boolean | 'calls';
  /** Detector.importsHoldTokensWhen: the file's own text matching every pattern may take the tokens from its imports. */
  importsWhen?: ReadonlyArray<{ source: string; flags: string }>;
  /** Detector.tokensInMergedOptions: the tokens may be in an imported defaults object merged into a request ({@link requiresMergingTokens}). */
  merged?: true;
}

/** The packages whose import (`from 'got'`, `require("ky")`) {@link HTTP_CALL_HINT} takes for an HTTP call. */
const HTTP_CLIENT_PACKAGES = String.raw`(?:got|ky|node-fetch|cross-fetch|isomorphic-fetch|undici|needle|request|request-promise(?:-native)?)`;

/**
 * What may follow `ky` in a match of `\bky\s*[.(]`, as the first byte of its UTF-8 encoding: `.`, `(`, ASCII white
 * space, and the first bytes of the white space above ASCII (U+00A0: C2; U+1680: E1; U+2000-U+200A, U+2028, U+2029,
 * U+202F, U+205F: E2; U+3000: E3; U+FEFF: EF). `ky` is two characters, which the byte search cannot look for alone.
 */
const AFTER_KY = ['.', '(', ' ', '\t', '\n', '\v', '\f', '\r', '\xc2', '\xe1', '\xe2', '\xe3', '\xef'];

/**
 * The alternatives of {@link HTTP_CALL_HINT}, each with texts one of which every match of it holds at a known place
 * (`anchors`): where the match starts, or (`at`: the form tried there) a package's quoted name, the `from` or
 * `require(` before it read behind it. The byte search finds the anchors with the tokens ({@link PrefilterPlan.decide})
 * and the alternative is tried at each place it found one only: a file that holds none makes no HTTP call, without a
 * search of its whole text (42 ms of sentry-javascript's 21 MB, most of it the alternatives that start with `\b`,
 * at every character; docs/performance.md, "Twenty-eighth session: 30decide").
 */
export const HTTP_CALL_SCREENS: ReadonlyArray<{ source: string; at?: string; anchors: readonly string[] }> = [
  { source: String.raw`\bfetch\s*\(`, anchors: ['fetch'] },
  { source: String.raw`\baxios\b`, anchors: ['axios'] },
  { source: String.raw`\b(?:got|ky)\s*[.(]`, anchors: ['got', ...AFTER_KY.map((c) => `ky${c}`)] },
  { source: String.raw`\bsuperagent\b`, anchors: ['superagent'] },
  { source: String.raw`\bhttps?\.(?:request|get)\s*\(`, anchors: ['http.', 'https.'] },
  { source: String.raw`\.(?:post|put|patch|request)\s*\(`, anchors: ['.post', '.put', '.patch', '.request'] },
  { source: String.raw`\.(?:get|delete|head)\s*\(\s*['"\x60][\w.-]+\/`, anchors: ['.get', '.delete', '.head'] },
  {
    source: String.raw`(?:\bfrom|\brequire\s*\()\s*['"]${HTTP_CLIENT_PACKAGES}['"]`,
    at: String.raw`(?<=(?:\bfrom|\brequire\s*\()\s*)['"]${HTTP_CLIENT_PACKAGES}['"]`,
    // `request` is the start of `request-promise` and `request-promise-native`.
    anchors: ['got', 'ky', 'node-fetch', 'cross-fetch', 'isomorphic-fetch', 'undici', 'needle', 'request'].flatMap((name) => [`'${name}`, `"${name}`]),
  },
];

/**
 * Source text that may make an HTTP request (fetch, axios, got, ky, superagent, node http, a client's
 * post/put/patch/request, a client's get/delete/head of a relative path as a `prefixUrl`/`baseURL` client is
 * called (`client.get('people/me')`: no leading slash, unlike a server's route), or a module that imports an HTTP
 * client package under any name: `import Got from 'got'`): with the project model, a detection about URLs may
 * apply to it through a URL constant it imports although it holds none of the detection's tokens (engine/analyze.ts).
 * The alternatives of {@link HTTP_CALL_SCREENS}.
 */
export const HTTP_CALL_HINT = new RegExp(HTTP_CALL_SCREENS.map((c) => c.source).join('|'));

/**
 * A regular expression's source for text, as the same test of the text's UTF-8 bytes read one character per byte
 * (`latin1`): `\s` (outside a class, the only class escape of {@link HTTP_CALL_SCREENS} that reads characters above
 * ASCII) also as the bytes of each white-space character above ASCII. `\b`, `\w` and the literals read ASCII only,
 * which is the same character at the same place among the ASCII bytes; a character above ASCII is a run of bytes above
 * ASCII, none of them a word character, and in valid UTF-8 no such run starts with A0 (the one byte above ASCII `\s`
 * matches). test/prefilter-http-screens.test.ts checks it on every code point.
 */
export function sourceForUtf8Bytes(source: string): string {
  return source.replace(/\\(.)/g, (escape: string, c: string) => (c === 's' ? UTF8_SPACE : escape));
}

/** `\s` for a text's UTF-8 bytes read one character per byte (see {@link sourceForUtf8Bytes}). */
const UTF8_SPACE = String.raw`(?:\s|\xc2\xa0|\xe1\x9a\x80|\xe2\x80[\x80-\x8a\xa8\xa9\xaf]|\xe2\x81\x9f|\xe3\x80\x80|\xef\xbb\xbf)`;

/**
 * Source text that may hand default headers with a Content-Type up to a base class (`super({ headers: { 'Content-Type':
 * ... } })`, engine/api/super-headers.ts): its requests are made by the base class's methods, which its subclasses call.
 */
export function mayHandUpHeaders(text: string): boolean {
  // Each expression needs its word, which `includes` finds at a fraction of the cost of an expression that starts with
  // `\b` (tried at every character): most texts asked hold no `super` (prisma: 364 of 375 files with a token).
  if (!text.includes('super') || !text.includes('extends') || !text.includes('headers')) return false;
  return /\bsuper\s*\(/.test(text) && /content-type/i.test(text) && /\bheaders\s*:/.test(text) && /\bextends\b/.test(text);
}

/**
 * Whether a file holds one of a detection's own tokens (a rare path word such as `callerId`) but not the
 * `requires` group (the API's hosts and path markers), which a module it imports may hold.
 */
export function tokensWithoutRequires(entry: Pick<PrefilterEntry, 'tokens' | 'requires'>, has: (token: string) => boolean): boolean {
  return entry.tokens.length > 0 && entry.requires.length > 0 && entry.tokens.some(has);
}

/**
 * Whether a file holds a detection's `requires` (an API host or path) but none of its own tokens, and merges a named
 * object into options (`{ ...DEFAULTS, params }`, `Object.assign({}, DEFAULTS, { qs })`): the tokens (a header name)
 * may be written in a defaults object of a module it imports, merged into a request made through an imported helper.
 * Asked only for the detections whose tokens a request's options hold (Detector.tokensInMergedOptions,
 * {@link PrefilterEntry.merged}). `text` may be given as whether it merges a named object ({@link NAMED_MERGE_HINT}),
 * worked out once for the file's detections by the caller.
 */
export function requiresMergingTokens(entry: Pick<PrefilterEntry, 'tokens' | 'requires'>, has: (token: string) => boolean, text: string | (() => boolean)): boolean {
  return entry.tokens.length > 0 && entry.requires.length > 0 && entry.requires.some(has) && !entry.tokens.some(has) && (typeof text === 'string' ? NAMED_MERGE_HINT.test(text) : text());
}

/** A named object merged into another: a spread of a name in an object literal, or `Object.assign(`. */
export const NAMED_MERGE_HINT = /[{,]\s*\.\.\.[A-Za-z_$][\w$.]*\s*[,}]|\bObject\.assign\s*\(/;

/** Source text that may import a module (ES `import`/`export ... from`, `require(`): only such a file has imports to follow. */
export const IMPORT_HINT = /\bimport\b|\bfrom\s*['"]|\brequire\s*\(/;

/**
 * The query parameters the `url-query` detections of these notices judge (their `identifiedBy`, `requires` and `values`
 * keys): what engine/analyze.ts's `queryKeysOf` gives for their plan, for {@link mayBuildUrlFromProps}.
 */
export function urlQueryKeys(notices: readonly Notice[]): string[] {
  const keys = new Set<string>();
  for (const notice of notices) {
    if (notice.status === 'informational') continue;
    for (const d of notice.detections) addQueryKeys(d, keys);
  }
  return [...keys];
}

/** Adds to `keys` the query parameters a detection judges, when it is a `url-query` one: `identifiedBy`, `requires`, `values`' keys. */
export function addQueryKeys(d: Notice['detections'][number], keys: Set<string>): void {
  if (d.kind !== 'url-query') return;
  if (d.identifiedBy) keys.add(d.identifiedBy);
  for (const k of [...(d.requires ?? []), ...Object.keys(d.values ?? {})]) keys.add(k);
}

/**
 * Text-level check for the gate of engine/project/props.ts's `propValue` (engine/analyze.ts): a template whose first
 * part is a name (`${baseUrl}?client_id=...`, `${props.url}?...`) followed by a query, or the same written with `+`
 * (`baseUrl + '?client_id=' + id`), in a file that writes a capitalized function or arrow function (a component).
 * Cheap; most files fail the first character of each. Here, not in engine/project/props.ts, so that the command line
 * decides a file without any notice token without loading the analysis (cli/scan/cache.ts, {@link PrefilterPlan.idleWithoutTokens}).
 */
const PROP_URL_TEMPLATE = /\$\{\s*(?:props\.)?[A-Za-z_$][\w$]*\s*\}\?[\w%.-]+=/;
const PROP_URL_CONCAT = /\+\s*['"`]\?[\w%.-]+=/;
/** (An arrow's parameters are read up to the next such declaration, which reads the same rest: from every start to the `)`, quadratic.) */
const COMPONENT_DECLARATION = /\bfunction\s+[A-Z][\w$]*\s*\(|\b(?:const|let|var)\s+[A-Z][\w$]*\s*=\s*(?:\((?:(?!\b(?:const|let|var)\s+[A-Z][\w$]*\s*=\s*\()[^)])*\)|[a-z_$][\w$]*)\s*=>/;

/**
 * Whether a text may build a URL from a prop of a component it declares (the gate of engine/project/props.ts's
 * `propValue`): a template starting with a name and a query, one of the query parameters a detection judges written
 * as `key=`, and a component declaration. Only then are the module's importers listed and read.
 */
export function mayBuildUrlFromProps(text: string, keys: readonly string[]): boolean {
  return (PROP_URL_TEMPLATE.test(text) || PROP_URL_CONCAT.test(text)) && keys.some((k) => text.includes(`${k}=`)) && COMPONENT_DECLARATION.test(text);
}

/** Whether a detection may match a file that holds the tokens `has` says it holds. */
export function mayApply(entry: Pick<PrefilterEntry, 'tokens' | 'requires'>, has: (token: string) => boolean): boolean {
  return (entry.tokens.length === 0 || entry.tokens.some(has)) && (entry.requires.length === 0 || entry.requires.some(has));
}

/** Per anchor of {@link HTTP_CALL_SCREENS}, its alternative as tried where the anchor stands: in a text, and in its UTF-8 bytes read one character per byte. */
const HTTP_CALLS_AT: ReadonlyMap<string, { text: RegExp; bytes: RegExp }> = new Map(
  HTTP_CALL_SCREENS.flatMap((c) => {
    const at = c.at ?? c.source;
    const tries = { text: new RegExp(at, 'y'), bytes: new RegExp(sourceForUtf8Bytes(at), 'y') };
    return c.anchors.map((anchor) => [anchor, tries] as const);
  }),
);

/**
 * {@link HTTP_CALL_HINT}'s answer for a text, given the places of {@link HTTP_CALL_SCREENS}' anchors in the UTF-8 bytes it
 * was decoded from ({@link TokenScanner.screenedInBytes}, ignoring ASCII case): each match of an alternative holds one
 * of its anchors at a known place, so the alternative is tried there only. The places are the text's own when it is
 * ASCII (as many bytes as characters); else the bytes are read one character per byte, and the alternative in its form
 * for them ({@link sourceForUtf8Bytes}). Same answer (test/prefilter-http-screens.test.ts).
 */
export function callsAt(text: string, bytes: Uint8Array, places: ReadonlyMap<string, readonly number[]>): boolean {
  if (places.size === 0) return false;
  let spelling: string | undefined;
  for (const [anchor, offsets] of places) {
    const tries = HTTP_CALLS_AT.get(anchor);
    if (tries === undefined) continue;
    const ascii = bytes.length === text.length;
    const re = ascii ? tries.text : tries.bytes;
    const read = ascii ? text : (spelling ??= Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
    for (const i of offsets) {
      re.lastIndex = i;
      if (re.test(read)) return true;
    }
  }
  return false;
}

/** Whether a text can be searched in a file's bytes ({@link ByteTokenSearch}): lower-case ASCII of three or more characters. */
function searchableInBytes(text: string): boolean {
  return text.length >= 3 && /^[\x20-\x40\x5b-\x7e]+$/.test(text);
}

/**
 * The texts one of which every text a pattern matches holds, lower-cased, or undefined when the pattern is not an
 * alternation of literals (`jwt|jose|createHmac`, `\bgrant_type\b`, `response_type`, `['"]\/(?:v1|people)(?=[/?])`):
 * in each alternative, letters, digits, punctuation that means itself or is escaped (`\.`, `\/`, `\-`), and at most
 * one group `(?:...)` of such alternatives, not repeated; before them a `\b` or one character class, after them a `\b`
 * or a lookahead that ends the alternative (further conditions on the text around the literal, which every match holds
 * in one piece). Flags other than `i` are declined (`u` folds U+212A to `k`); `i` without `u` folds no character above
 * ASCII to one below, so the literals, searched ignoring ASCII case, are found wherever it matches.
 */
export function literalsOf(pattern: RegExp): string[] | undefined {
  if (pattern.flags !== '' && pattern.flags !== 'i') return undefined;
  const alternatives = alternativesOf(pattern.source);
  if (alternatives === undefined) return undefined;
  const literals: string[] = [];
  for (const alternative of alternatives) {
    const found = literalsOfAlternative(alternative);
    if (found === undefined) return undefined;
    for (const literal of found) {
      const lower = literal.toLowerCase();
      if (!searchableInBytes(lower)) return undefined;
      literals.push(lower);
    }
  }
  return literals;
}

/** Characters that mean something other than themselves in a pattern. */
const PATTERN_SYNTAX = '()[]{}?*+^$.|';

/** A pattern's alternatives (its source split at each `|` outside escapes, classes and groups), or undefined when a class or group is not closed. */
function alternativesOf(source: string): string[] | undefined {
  const alternatives: string[] = [];
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[' || c === '(') {
      const end = c === '[' ? classEnd(source, i) : groupEnd(source, i);
      if (end < 0) return undefined;
      i = end - 1;
    } else if (c === '|') {
      alternatives.push(source.slice(from, i));
      from = i + 1;
    }
  }
  alternatives.push(source.slice(from));
  return alternatives;
}

/** The end (past its `]`) of the character class that opens at `start`, or -1. */
function classEnd(source: string, start: number): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']') return i + 1;
  }
  return -1;
}

/** The end (past its `)`) of the group that opens at `start`, or -1. */
function groupEnd(source: string, start: number): number {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') {
      const end = classEnd(source, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * The literals of one alternative of a pattern ({@link literalsOf}), as written (not lower-cased), or undefined. A
 * quantifier after a piece (which may repeat it or leave it out) is a piece of its own, which declines the pattern.
 */
function literalsOfAlternative(alternative: string): string[] | undefined {
  let i = 0;
  if (alternative.startsWith('\\b')) i = 2;
  else if (alternative.startsWith('[')) {
    i = classEnd(alternative, 0);
    if (i < 0) return undefined;
  }
  let before = '';
  let after = '';
  let group: string[] | undefined;
  while (i < alternative.length) {
    const c = alternative[i]!;
    if (c === '\\' && alternative[i + 1] === 'b' && i + 2 === alternative.length) break;
    if (c === '(') {
      const end = groupEnd(alternative, i);
      if (end < 0) return undefined;
      // A lookahead that ends the alternative: a condition on what follows.
      if ((alternative.startsWith('(?=', i) || alternative.startsWith('(?!', i)) && end === alternative.length) break;
      if (group !== undefined || !alternative.startsWith('(?:', i)) return undefined;
      const inside = alternativesOf(alternative.slice(i + 3, end - 1));
      if (inside === undefined) return undefined;
      group = [];
      for (const inner of inside) {
        const literal = plainLiteral(inner);
        if (literal === undefined) return undefined;
        group.push(literal);
      }
      i = end;
      continue;
    }
    const length = c === '\\' ? 2 : 1;
    const literal = plainLiteral(alternative.slice(i, i + length), false);
    if (literal === undefined) return undefined;
    if (group === undefined) before += literal;
    else after += literal;
    i += length;
  }
  return group === undefined ? [before] : group.map((g) => before + g + after);
}

/**
 * The text a piece of a pattern matches when it is letters, digits, punctuation that means itself and escaped
 * punctuation (`\.`, `\/`, `\-`), with a `\b` at either end (`bounds`); undefined for any other piece.
 */
function plainLiteral(piece: string, bounds = true): string | undefined {
  let body = piece;
  if (bounds && body.startsWith('\\b')) body = body.slice(2);
  if (bounds && body.endsWith('\\b') && !body.endsWith('\\\\b')) body = body.slice(0, -2);
  let literal = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      const next = body[++i];
      if (next === undefined || !'./-_:=,;'.includes(next)) return undefined;
      literal += next;
    } else if (PATTERN_SYNTAX.includes(c)) return undefined;
    else literal += c;
  }
  return literal;
}

/**
 * The whole prefilter decision for a text, away from the engine (the CLI's walker thread uses it): true
 * when at least one detection may apply, that is, when the engine would parse or read the file. The
 * engine makes the same decision with the same {@link mayApply}, and the same tokens: all of them for a
 * source file, those of the detections that read configuration files for a configuration file (in a
 * large repository most of the text is JSON, and those are fewer tokens to look for).
 */
export class PrefilterPlan {
  private readonly source: TokenScanner;
  private readonly config: TokenScanner;

  /** {@link mayAnalyse} for a text that holds no token, per language (most files: decided once, not per entry). */
  private readonly withoutTokens: { source: boolean; config: boolean };

  /** The entries' {@link PrefilterEntry.importsWhen} patterns, compiled once. */
  private readonly importsWhen: RegExp[][];
  /**
   * Per {@link importsWhen} list, the texts one of which a text it matches holds ({@link literalsOf} of one of its
   * patterns), searched with the tokens in a file's bytes ({@link decide}); undefined when no pattern is made of literals.
   */
  private readonly importsWhenScreens: Array<readonly string[] | undefined>;

  /**
   * `markers`: texts of three or more ASCII characters whose presence in a file's bytes {@link decide} reports too
   * (`seen`), searched in the same pass as the tokens (the walker thread: the markers of suppression comments).
   */
  constructor(
    private readonly entries: readonly PrefilterEntry[],
    options: { markers?: readonly string[] } = {},
  ) {
    const none = (): boolean => false;
    this.withoutTokens = { source: entries.some((e) => mayApply(e, none)), config: entries.some((e) => e.config && mayApply(e, none)) };
    this.importsWhen = entries.flatMap((e) => (e.urls && e.importsWhen ? [e.importsWhen.map((w) => new RegExp(w.source, w.flags))] : []));
    this.importsWhenScreens = this.importsWhen.map((all) => all.map(literalsOf).find((l) => l !== undefined));
    const markers = (options.markers ?? []).map((m) => m.toLowerCase()).filter(searchableInBytes);
    const urls = entries.some((e) => e.urls);
    this.source = new TokenScanner(
      entries.flatMap((e) => [...e.tokens, ...e.requires]),
      // The HTTP calls' anchors only when mayFollowImports asks for calls (a plan with a detection about URLs).
      { screens: [...this.importsWhenScreens.flatMap((l) => l ?? []), ...markers], anchors: urls ? HTTP_CALL_SCREENS.flatMap((c) => c.anchors) : [] },
    );
    this.config = new TokenScanner(
      entries.filter((e) => e.config).flatMap((e) => [...e.tokens, ...e.requires]),
      { screens: markers },
    );
  }

  /**
   * The walker thread's decision for a file it read: the tokens ({@link present}), whether the engine must analyse it
   * ({@link mayAnalyse} or {@link mayFollowImports}), and which `markers` and screens the bytes hold (`seen`: undefined
   * without the bytes, when they may hold any). One pass over the bytes: an {@link importsWhen} list whose screens the
   * bytes do not hold cannot match, and is not tried (each list's first pattern was a search of the whole text:
   * ~50 ms of sentry-javascript's 21 MB).
   */
  decide(text: string, language: 'js' | 'ts' | 'html' | 'config', bytes?: Uint8Array): { present: ReadonlySet<string>; candidate: boolean; seen?: ReadonlySet<string> } {
    const scanner = language === 'config' ? this.config : this.source;
    const anySpelling = language === 'html';
    const { tokens: present, seen, places } = bytes === undefined ? { tokens: scanner.present(text, anySpelling), seen: undefined, places: undefined } : scanner.screenedInBytes(text, bytes, anySpelling);
    // The HTTP calls, from the places of their anchors in the bytes (HTTP_CALL_SCREENS).
    const calls = bytes === undefined || places === undefined || language === 'config' ? undefined : (): boolean => callsAt(text, bytes, places);
    const candidate = this.mayAnalyse(present, language) || this.mayFollowImports(text, language, present, seen, calls);
    return seen === undefined ? { present, candidate } : { present, candidate, seen };
  }

  /**
   * The tokens the engine would find in the text (`SourceFile.present` for `analyzeFile`). `bytes`: the UTF-8 bytes
   * the text was decoded from ({@link TokenScanner.presentInBytes}).
   */
  present(text: string, language: 'js' | 'ts' | 'html' | 'config', bytes?: Uint8Array): ReadonlySet<string> {
    const scanner = language === 'config' ? this.config : this.source;
    // A markup page's whole text: an object token counts wherever it occurs; its script blocks are decided one by one.
    const anySpelling = language === 'html';
    return bytes === undefined ? scanner.present(text, anySpelling) : scanner.presentInBytes(text, bytes, anySpelling);
  }

  /** Whether some detection may apply to a file of this language that holds these tokens. */
  mayAnalyse(present: ReadonlySet<string>, language: 'js' | 'ts' | 'html' | 'config'): boolean {
    if (present.size === 0) return language === 'config' ? this.withoutTokens.config : this.withoutTokens.source;
    const has = (t: string): boolean => present.has(t);
    return this.entries.some((e) => (language !== 'config' || e.config) && mayApply(e, has));
  }

  /**
   * Whether engine/analyze.ts's `analyzeFile` gives a JavaScript or TypeScript file that holds none of the plan's tokens
   * nothing, without parsing it or reading another file: no detection of the plan applies without tokens, and none
   * about URLs may take them from an import (`sourceCandidates`: the file makes no HTTP call, matches no detection's
   * `importsWhen`, builds no URL from a prop of one of the query parameters `queryKeys` names, holds no
   * `HttpInterceptor` and hands no headers up to a base class). The command line then leaves the file there, without
   * loading the analysis (cli/scan/cache.ts); `queryKeys` are the `url-query` detections' parameters
   * (`queryKeysOf` in engine/analyze.ts). True only for such a text; any other asks the engine.
   */
  idleWithoutTokens(text: string, queryKeys: readonly string[]): boolean {
    if (this.withoutTokens.source) return false;
    if (!this.entries.some((e) => e.urls)) return true;
    // Without tokens, mayFollowImports asks only for an HTTP call or an `importsWhen` list that matches.
    if (this.mayFollowImports(text, 'js', NO_TOKENS)) return false;
    return !mayBuildUrlFromProps(text, queryKeys) && !text.includes('HttpInterceptor') && !mayHandUpHeaders(text);
  }

  needsAnalysis(text: string, language: 'js' | 'ts' | 'html' | 'config'): boolean {
    const present = this.present(text, language);
    return this.mayAnalyse(present, language) || this.mayFollowImports(text, language, present);
  }

  /**
   * Whether a source file without the tokens may still be analysed: a detection about URLs is selected, and the
   * file makes HTTP calls or holds that detection's own tokens without its `requires` (a method of an imported
   * class sends to the endpoint: `api.updatePersonCallerId(id, body)`, the API host written in the class's module).
   */
  mayFollowImports(text: string, language: 'js' | 'ts' | 'html' | 'config', present?: ReadonlySet<string>, seen?: ReadonlySet<string>, calls?: () => boolean): boolean {
    if (language === 'config' || !this.entries.some((e) => e.urls)) return false;
    // `calls`: HTTP_CALL_HINT's answer, from the places of its anchors in the file's bytes (decide).
    if (calls === undefined ? HTTP_CALL_HINT.test(text) : calls()) return true;
    // Whether the text may import a module, searched once and only when asked.
    let imports: boolean | undefined;
    const importing = (): boolean => (imports ??= IMPORT_HINT.test(text));
    // `seen` (the screens the file's bytes hold): a list none of whose screens they hold cannot match, whatever the
    // file imports (so most files are not searched for imports).
    const importsWhen = (all: RegExp[], k: number): boolean => {
      const screens = this.importsWhenScreens[k];
      return (seen === undefined || screens === undefined || screens.some((t) => seen.has(t))) && importing() && all.every((re) => re.test(text));
    };
    if (this.importsWhen.some(importsWhen)) return true;
    // A detection's own tokens are needed below: a text without any (most) is decided without the import search.
    if (!present || present.size === 0) return false;
    // An Angular HttpInterceptor adds headers to its app's requests; the API base is in the app's environment module.
    if (text.includes('HttpInterceptor')) return true;
    if (!importing()) return false;
    // A class handing default headers up to its base class (`super({ headers })`) of another module.
    if (mayHandUpHeaders(text)) return true;
    const has = (t: string): boolean => present.has(t);
    return this.entries.some((e) => (e.urls === true && tokensWithoutRequires(e, has)) || (!!e.urls && e.merged === true && requiresMergingTokens(e, has, text)));
  }
}
