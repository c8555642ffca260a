import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { planDetections } from '../engine/analyze.js';
import { objectToken, SMALL_SEARCH, TokenScanner } from '../engine/prefilter/prefilter.js';

/** A text's UTF-8 bytes, as readText gives them. */
const bytesOf = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const sorted = (set: ReadonlySet<string>): string[] => [...set].sort();
/** The expressions a scanner has made so far (private fields, made on first use). */
const made = (scanner: TokenScanner): unknown[] => {
  const s = scanner as unknown as { anyMade?: RegExp; anyLowerMade?: RegExp; allLowerMade?: RegExp };
  return [s.anyMade, s.anyLowerMade, s.allLowerMade].filter((r) => r !== undefined);
};

// A scan of a few files searches their texts with `includes` per token, and makes the alternations only past
// SMALL_SEARCH characters (issue 30, item 2): both ways must give every caller the same answer. Both are what
// `present` does without its search of the characters (`textSearch: false`; test/prefilter-text-search.test.ts).
describe('TokenScanner: `includes` per token for the first texts, the alternations after', () => {
  it('gives what the alternations give, for plain and object tokens, on texts, their bytes and whole markup pages (property)', () => {
    // Letters of the tokens in both cases, characters that fold to ASCII letters (Kelvin sign, I with a dot above), other
    // characters above ASCII, and what decides an object token's spelling.
    const unit = fc.constantFrom(...'abksABKS-_$.:/[(\'"` \n'.split(''), '\u212A', '\u0130', '\u00E9', '\u2014', '\u{1F600}', 'sub', '//');
    const word = fc.string({ unit: fc.constantFrom(...'abksABKS-:/.'.split('')), minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), fc.array(fc.constantFrom('sub', 'abk', 'ks'), { maxLength: 2 }), fc.array(unit, { maxLength: 60 }), (plain, objects, parts) => {
        const tokens = [...plain, ...objects.map(objectToken)];
        const text = parts.join('');
        const small = new TokenScanner(tokens, { textSearch: false });
        const large = new TokenScanner(tokens, { smallSearch: 0, textSearch: false });
        expect(sorted(small.present(text)), text).toEqual(sorted(large.present(text)));
        expect(sorted(small.present(text, true)), text).toEqual(sorted(large.present(text, true)));
        expect(sorted(small.presentInBytes(text, bytesOf(text))), text).toEqual(sorted(large.presentInBytes(text, bytesOf(text))));
        expect(small.hasAny(text), text).toBe(large.hasAny(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("gives the built-in catalog's tokens of real-looking sources as the alternations do", () => {
    const catalog = loadCatalog();
    const plan = planDetections(catalog.notices, catalog);
    const tokens = plan.flatMap((p) => [...p.tokens, ...p.requires]);
    const texts = [
      "fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: 'Bearer x' } });",
      "const r = await crypto.subtle.sign('HMAC', key, body); // X-Spark-Signature",
      '<div class="border-subtle text-color-subtle">no token here</div>',
      "export const answer = 42;\nconst s = 'spark-admin:people_read analytics:read_all';",
      "const k = 'import\u212Aey'; const i = '/XAP\u0130'; // r\u00E9sum\u00E9",
    ];
    for (const text of texts) {
      const small = new TokenScanner(tokens, { textSearch: false });
      const large = new TokenScanner(tokens, { smallSearch: 0, textSearch: false });
      expect(sorted(small.present(text)), text).toEqual(sorted(large.present(text)));
      expect(sorted(small.presentInBytes(text, bytesOf(text))), text).toEqual(sorted(large.presentInBytes(text, bytesOf(text))));
      expect(small.hasAny(text), text).toBe(large.hasAny(text));
    }
  });

  it('makes no alternation for a few small texts, and makes them once the texts pass SMALL_SEARCH characters', () => {
    const scanner = new TokenScanner(['callerId', 'X-Spark-Signature'], { textSearch: false });
    expect(sorted(scanner.present('const id = user.callerId;'))).toEqual(['callerid']);
    expect(scanner.hasAny('export const answer = 42;')).toBe(false);
    expect(made(scanner)).toEqual([]);
    // Past the budget (this text alone is larger): the alternations, with the same answer.
    const long = `${'x'.repeat(SMALL_SEARCH)} headers['x-spark-signature']`;
    expect(sorted(scanner.present(long))).toEqual(['x-spark-signature']);
    expect(made(scanner).length).toBeGreaterThan(0);
    // The look-alikes: a scanner told to search small texts never, and a text with a character that folds to an ASCII
    // letter (searched the older way from the first text).
    const never = new TokenScanner(['callerId'], { smallSearch: 0, textSearch: false });
    expect(never.present('callerId').size).toBe(1);
    expect(made(never).length).toBeGreaterThan(0);
    const folds = new TokenScanner(['key'], { textSearch: false });
    folds.present('const \u212Aey = 1;');
    expect(made(folds).length).toBeGreaterThan(0);
  });
});
