/**
 * The prefilter's token search over a file's bytes, before they are decoded (engine/prefilter/prefilter.ts,
 * `TokenScanner.presentInBytes`). For ASCII tokens matched ignoring ASCII case only, the tokens a UTF-8 text holds
 * are the tokens its bytes hold: every ASCII character of the text is the same byte, and every other character is
 * a run of bytes of 0x80 and above, which no ASCII token holds (the two characters whose lower case is an ASCII
 * letter, U+0130 and U+212A, are left to the caller: {@link mayFoldToAscii}).
 *
 * Why not a regular expression: the alternation of ~120 tokens is tried at every position of the text (V8 finds no
 * character to skip to), and the text must be lower-cased first. Here most positions cost one look-up: the next three
 * bytes are hashed into a bit set of the tokens' first three bytes; where a bit is set, a bit set of their first four
 * bytes is asked, and only then are the tokens of that hash compared. The token search alone, in a fresh process under
 * the binary's V8 flags (`--interrupt-budget`), the same texts: sentry-javascript's 21 MB 155-171 -> 74-94 ms, prisma's
 * 187-280 -> 98-127 ms, babel's 96-111 -> 77-93 ms (docs/performance.md, "Twenty-seventh session: 30walk").
 */

/** ASCII upper case to lower case; every other byte as it is (the comparison of a token's bytes). */
const LOWER = new Uint8Array(256);
for (let c = 0; c < 256; c++) LOWER[c] = c >= 0x41 && c <= 0x5a ? c + 0x20 : c;

/** Bits of the hashes of the tokens' first three and first four bytes. */
const HASH_BITS = 15;

/**
 * The hash of three or four bytes, each with bit 5 set (`| 0x20`: an ASCII letter in lower case, and some other bytes
 * folded onto others, which only lets more places through to the comparison). Cheaper than {@link LOWER} per byte.
 */
const hashOf = (folded: number): number => Math.imul(folded, 0x9e3779b1) >>> (32 - HASH_BITS);

/** What {@link ByteTokenSearch.search} found. */
export interface ByteHits {
  /** The tokens the bytes hold; undefined for none. */
  found: Set<string> | undefined;
  /** For each marked token found, the offset of every place the bytes hold it (ascending). */
  at: Map<string, number[]> | undefined;
  /** Whether every byte is ASCII (below 0x80). */
  ascii: boolean;
}

/**
 * A search for a fixed set of lower-cased ASCII tokens of three or more characters in bytes, ignoring ASCII case.
 * Build with {@link ByteTokenSearch.of}, which declines other token sets (the caller then searches the text).
 */
export class ByteTokenSearch {
  /** One bit per hash of a token's first three bytes (folded). */
  private readonly bits3 = new Uint32Array(1 << (HASH_BITS - 5));
  /**
   * One bit per hash of a token's first four bytes (a token of three: its three and every fourth byte), asked where the
   * first three may match: `con` starts `config/numbers`, `content-type` and `contenttype`, and every `const` of a source.
   */
  private readonly bits4 = new Uint32Array(1 << (HASH_BITS - 5));
  /** Per hash of the first three bytes, the first token (index) with that hash, -1 for none; {@link next} chains the others. */
  private readonly head = new Int32Array(1 << HASH_BITS).fill(-1);
  private readonly next: Int32Array;
  /** The tokens' bytes (lower-cased ASCII). */
  private readonly bytes: Uint8Array[];
  /** Per token, whether its places are wanted ({@link ByteHits.at}). */
  private readonly marked: Uint8Array;

  private constructor(
    private readonly tokens: readonly string[],
    marked: ReadonlySet<string>,
  ) {
    this.bytes = tokens.map((t) => Uint8Array.from(t, (c) => c.charCodeAt(0)));
    this.next = new Int32Array(tokens.length).fill(-1);
    this.marked = Uint8Array.from(tokens, (t) => (marked.has(t) ? 1 : 0));
    for (let k = tokens.length - 1; k >= 0; k--) {
      const t = this.bytes[k];
      const three = ((t[0] | 0x20) << 16) | ((t[1] | 0x20) << 8) | (t[2] | 0x20);
      const h = hashOf(three);
      this.bits3[h >>> 5] |= 1 << (h & 31);
      // The search folds a fourth byte past the end to 0.
      for (let c = 0; c < 256; c++) {
        if ((t.length > 3 && c !== (t[3] | 0x20)) || (t.length === 3 && c !== 0 && (c & 0x20) === 0)) continue;
        const h4 = hashOf((three << 8) | c);
        this.bits4[h4 >>> 5] |= 1 << (h4 & 31);
      }
      this.next[k] = this.head[h];
      this.head[h] = k;
    }
  }

  /**
   * The search for these tokens, or undefined when a token is not lower-case ASCII of at least three characters (a
   * shorter one cannot be hashed by its first three bytes; a longer one outside ASCII is not the same in the bytes).
   * `marked`: tokens whose places are wanted as well (an object token's text, checked where it stands). `raw`: tokens
   * that are bytes, not text: a character from U+0080 to U+00FF in one stands for that byte, compared as it is (a
   * screen of engine/prefilter/prefilter.ts that ends with the first byte of a UTF-8 sequence: `ky` before a white-space
   * character above ASCII, `HTTP_CALL_SCREENS`).
   */
  static of(tokens: readonly string[], marked: ReadonlySet<string> = new Set(), raw: ReadonlySet<string> = new Set()): ByteTokenSearch | undefined {
    if (tokens.length === 0 || !tokens.every((t) => t.length >= 3 && (raw.has(t) ? /^[\x00-\x40\x5b-\xff]*$/ : /^[\x00-\x40\x5b-\x7f]*$/).test(t))) return undefined;
    return new ByteTokenSearch(tokens, marked);
  }

  /** The tokens the bytes hold, ignoring ASCII case, and the places of the marked ones. */
  search(b: Uint8Array): ByteHits {
    const n = b.length;
    let found: Set<string> | undefined;
    let at: Map<string, number[]> | undefined;
    // Every byte ORed together: bit 7 set when one is not ASCII.
    let high = (n > 0 ? b[0] : 0) | (n > 1 ? b[1] : 0);
    const { bits3, bits4, head, next, bytes, marked, tokens } = this;
    let three = ((n > 0 ? b[0] : 0) | 0x20) << 8 | ((n > 1 ? b[1] : 0) | 0x20);
    for (let i = 0; i + 2 < n; i++) {
      const c = b[i + 2];
      high |= c;
      three = ((three << 8) | c | 0x20) & 0xffffff;
      const h = hashOf(three);
      if ((bits3[h >>> 5] & (1 << (h & 31))) === 0) continue;
      const h4 = hashOf((three << 8) | (i + 3 < n ? b[i + 3] | 0x20 : 0));
      if ((bits4[h4 >>> 5] & (1 << (h4 & 31))) === 0) continue;
      for (let k = head[h]; k >= 0; k = next[k]) {
        const t = bytes[k];
        const last = t.length - 1;
        // The last byte first: `stringify` and every `string`, `locations` and every `location`.
        if (i + last >= n || LOWER[b[i + last]] !== t[last]) continue;
        let j = 0;
        while (j < last && LOWER[b[i + j]] === t[j]) j++;
        if (j < last) continue;
        (found ??= new Set()).add(tokens[k]);
        if (marked[k] === 1) {
          at ??= new Map();
          let list = at.get(tokens[k]);
          if (!list) at.set(tokens[k], (list = []));
          list.push(i);
        }
      }
    }
    return { found, at, ascii: (high & 0x80) === 0 };
  }
}

/**
 * Whether UTF-8 bytes that are not all ASCII may encode U+0130 (C4 B0) or U+212A (E2 84 AA), the two characters whose
 * lower case holds an ASCII letter: lower-casing the text finds a token through them and the bytes do not, so such a
 * text is searched as text. In valid UTF-8 these sequences stand for nothing else.
 */
export function mayFoldToAscii(bytes: Uint8Array): boolean {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.includes(DOTTED_I) || view.includes(KELVIN);
}

const DOTTED_I = Buffer.from([0xc4, 0xb0]);
const KELVIN = Buffer.from([0xe2, 0x84, 0xaa]);
