/**
 * The prefilter's token search over a text's characters (engine/prefilter/prefilter.ts, `TokenScanner.present`): the
 * texts ESLint hands the plugin's rules come without their bytes, so engine/prefilter/bytes.ts cannot search them, and
 * the regular expressions cost about 85 instructions a character there (irregexp tries the alternation of ~150 tokens
 * at every position of the lower-cased text; issue 30, item 4).
 *
 * A small loop reads each character once, keeps the low five bits of the last three (an ASCII letter's five bits are the same in either case) and
 * looks them up in a table of the tokens' first three characters folded so. The places it lets through (a few in a
 * hundred in source text) are compared with the tokens of that fold. Every token is ASCII (lower case, three or more
 * characters): a character above U+007F matches none, and a text holding one of the two whose lower case holds an
 * ASCII letter (U+0130, U+212A) is left to the expressions (`folds`), as the bytes' search does.
 */

/** Bits of a fold of three characters: five each. */
const FOLD_BITS = 15;
const FOLD_MASK = (1 << FOLD_BITS) - 1;

/** What {@link TextTokenSearch.search} found. */
export interface TextHits {
  /** The tokens the text holds; undefined for none, or when {@link folds}. */
  found: Set<string> | undefined;
  /** For each marked token found, the offset of every place the text holds it (ascending). */
  at: Map<string, number[]> | undefined;
  /** Whether the text holds U+0130 or U+212A (then what it holds was not looked for). */
  folds: boolean;
}

const FOLDS: TextHits = Object.freeze({ found: undefined, at: undefined, folds: true });

/**
 * A search for a fixed set of lower-cased ASCII tokens of three or more characters in a text, ignoring ASCII case.
 * Build with {@link TextTokenSearch.of}, which declines other token sets (the caller then uses the expressions).
 */
export class TextTokenSearch {
  /** 1 where some token's first three characters fold to the index. */
  private readonly screen = new Uint8Array(1 << FOLD_BITS);
  /** Per fold, the first token (index) with that fold, -1 for none; {@link next} chains the others. */
  private readonly head = new Int32Array(1 << FOLD_BITS).fill(-1);
  private readonly next: Int32Array;
  /** The tokens' character codes. */
  private readonly codes: Uint16Array[];
  /** Per token, whether its places are wanted ({@link TextHits.at}). */
  private readonly marked: Uint8Array;
  /** Per token, the number of the search that last found it ({@link searches}). */
  private readonly seen: Uint32Array;
  private searches = 0;
  /** The tokens (indexes) the current search found, and the places of the marked ones (token, place, token, place...). */
  private hits: number[] = [];
  private places: number[] = [];

  private constructor(
    private readonly tokens: readonly string[],
    marked: ReadonlySet<string>,
  ) {
    this.codes = tokens.map((t) => Uint16Array.from(t, (c) => c.charCodeAt(0)));
    this.next = new Int32Array(tokens.length).fill(-1);
    this.marked = Uint8Array.from(tokens, (t) => (marked.has(t) ? 1 : 0));
    this.seen = new Uint32Array(tokens.length);
    for (let k = tokens.length - 1; k >= 0; k--) {
      const t = this.codes[k]!;
      const fold = ((t[0]! & 0x1f) << 10) | ((t[1]! & 0x1f) << 5) | (t[2]! & 0x1f);
      this.screen[fold] = 1;
      this.next[k] = this.head[fold]!;
      this.head[fold] = k;
    }
  }

  /**
   * The search for these tokens, or undefined when a token is not lower-case ASCII of at least three characters (a
   * shorter one has no three characters to screen by; upper case or a character outside ASCII is not compared so).
   * `marked`: tokens whose places are wanted as well (an object token's text, checked where it stands).
   */
  static of(tokens: readonly string[], marked: ReadonlySet<string> = new Set()): TextTokenSearch | undefined {
    if (tokens.length === 0 || !tokens.every((t) => t.length >= 3 && /^[\x00-\x40\x5b-\x7f]*$/.test(t))) return undefined;
    return new TextTokenSearch(tokens, marked);
  }

  /** The tokens the text holds, ignoring ASCII case, and the places of the marked ones. */
  search(s: string): TextHits {
    const n = s.length;
    this.searches = (this.searches + 1) >>> 0 || 1;
    this.hits.length = 0;
    this.places.length = 0;
    let from = 0;
    let key = 0;
    let high = 0;
    while (from < n) {
      const count = screenText(s, n, from, key, this.screen, SCREENED);
      from = SCREENED[0]!;
      key = SCREENED[1]!;
      high |= SCREENED[2]!;
      if (count > 0) this.compareAll(s, n, count);
    }
    if (high > 0x7f && (s.includes('\u0130') || s.includes('\u212a'))) return FOLDS;
    return this.hits.length === 0 ? { found: undefined, at: undefined, folds: false } : this.collected();
  }

  /**
   * Compares the characters (`n` of them) at each of the first `count` {@link CANDIDATES} with the tokens of their
   * fold, and notes those they hold. A method of its own, as {@link screenText} is a function of its own: each is compiled
   * alone when it is hot, and `search`, which runs once a text, is not compiled with them.
   */
  private compareAll(s: string, n: number, count: number): void {
    const { head, next, codes } = this;
    for (let p = 0; p < count; p++) {
      const i = CANDIDATES[p]!;
      const fold = ((s.charCodeAt(i) & 0x1f) << 10) | ((s.charCodeAt(i + 1) & 0x1f) << 5) | (s.charCodeAt(i + 2) & 0x1f);
      for (let k = head[fold]!; k >= 0; k = next[k]!) {
        const t = codes[k]!;
        const last = t.length - 1;
        // The last unit first: `stringify` and every `string`, `locations` and every `location`.
        if (i + last >= n || lowerAscii(s.charCodeAt(i + last)) !== t[last]) continue;
        let j = 0;
        while (j < last && lowerAscii(s.charCodeAt(i + j)) === t[j]) j++;
        if (j === last) this.found(k, i);
      }
    }
  }

  /** Notes that the text holds token `k` at `i`. */
  private found(k: number, i: number): void {
    if (this.seen[k] !== this.searches) {
      this.seen[k] = this.searches;
      this.hits.push(k);
    }
    if (this.marked[k] === 1) this.places.push(k, i);
  }

  /** What the search found, as {@link TextHits}. */
  private collected(): TextHits {
    const found = new Set<string>();
    for (const k of this.hits) found.add(this.tokens[k]!);
    let at: Map<string, number[]> | undefined;
    for (let p = 0; p < this.places.length; p += 2) {
      const token = this.tokens[this.places[p]!]!;
      at ??= new Map();
      let list = at.get(token);
      if (!list) at.set(token, (list = []));
      list.push(this.places[p + 1]!);
    }
    return { found, at, folds: false };
  }
}

/** The places the screen lets through (shared by every search: none runs inside another). */
const CANDIDATES = new Int32Array(4096);
/** Where {@link screenText} stopped: the next character, the fold of the two before it, and the characters' codes ORed together. */
const SCREENED = new Int32Array(3);

/**
 * The screen: from character `from` (`key`: the fold of the two before it), the start of every window of three
 * characters whose fold `screen` marks, into {@link CANDIDATES}, until the `n` characters end or the list is full.
 * Gives how many; {@link SCREENED} says where it stopped. A small loop that allocates and calls nothing (V8 compiles
 * it early and cheaply).
 */
function screenText(s: string, n: number, from: number, key: number, screen: Uint8Array, out: Int32Array): number {
  const room = CANDIDATES.length;
  let count = 0;
  let high = 0;
  let i = from;
  while (i < n) {
    const c = s.charCodeAt(i);
    high |= c;
    key = ((key << 5) | (c & 0x1f)) & FOLD_MASK;
    i++;
    // The window of three characters that ends here (none before the third character).
    if (screen[key] !== 0 && i >= 3) {
      CANDIDATES[count++] = i - 3;
      if (count === room) break;
    }
  }
  out[0] = i;
  out[1] = key;
  out[2] = high;
  return count;
}

/** An ASCII upper-case letter's code as lower case; any other code as it is. */
function lowerAscii(c: number): number {
  return c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
}
