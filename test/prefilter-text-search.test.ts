import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { planDetections, prefilterEntries } from '../engine/analyze.js';
import { objectToken, TokenScanner } from '../engine/prefilter/prefilter.js';
import { TextTokenSearch } from '../engine/prefilter/text.js';
import { fileLanguage } from '../engine/read/language.js';

const sorted = (set: ReadonlySet<string>): string[] => [...set].sort();

/** The reference: ASCII letters lower-cased (nothing else), each token searched with `includes`. */
const reference = (tokens: readonly string[], text: string): string[] => {
  const folded = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return [...new Set(tokens.filter((t) => folded.includes(t)))].sort();
};
const searched = (search: TextTokenSearch, text: string): string[] => [...(search.search(text).found ?? [])].sort();

/** The regular expressions' scanner and the characters' one, for the same tokens. */
const both = (tokens: readonly string[]): { text: TokenScanner; expressions: TokenScanner } => ({
  text: new TokenScanner(tokens),
  expressions: new TokenScanner(tokens, { smallSearch: 0, textSearch: false }),
});

// issue 30, item 4: the texts ESLint hands the plugin's rules are searched character by character (engine/prefilter/text.ts)
// rather than with the regular expressions; every caller must get the same tokens either way.
describe('TextTokenSearch: the token search over a text\'s characters', () => {
  // Tokens of three to eight characters from letters that share their low five bits with punctuation and digits
  // (`a` and `!`/`A`/`1`..., `o` and `/`, `p` and `0`), so the screen lets through places the comparison must reject.
  const token = fc.string({ unit: fc.constantFrom(...'consabkop1-:/._!0'.split('')), minLength: 3, maxLength: 8 });

  it('finds every token the text holds ignoring ASCII case and no other, whatever surrounds it (property)', () => {
    const input = fc.uniqueArray(token, { minLength: 1, maxLength: 12 }).chain((tokens) => {
      const piece = fc.oneof(
        fc.tuple(fc.constantFrom(...tokens), fc.boolean(), fc.nat()).map(([t, upper, cut]) => (upper ? t.toUpperCase() : t).slice(cut % 3 === 0 ? 1 : 0)),
        // Characters above ASCII whose low bits are an ASCII letter's (U+0141, U+0161, U+FF41), U+017F (long s), U+0131
        // (dotless i), a BOM, NUL, and what folds onto the tokens' letters.
        fc.string({ unit: fc.constantFrom(...'CONSABKOP@`{|\u0000 \n'.split(''), '\u0141', '\u0161', '\uFF41', '\u017F', '\u0131', '\uFEFF', '\u00E9', '\u{1F600}', '\u2014'), maxLength: 6 }),
      );
      return fc.tuple(fc.constant(tokens), fc.array(piece, { maxLength: 40 }));
    });
    fc.assert(
      fc.property(input, ([tokens, pieces]) => {
        const text = pieces.join('');
        const search = TextTokenSearch.of(tokens)!;
        expect(searched(search, text), text).toEqual(reference(tokens, text));
        expect(search.search(text).folds).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('finds tokens at the very start and end, across the places it compares in batches, and in a text longer than its shared buffer', () => {
    const search = TextTokenSearch.of(['jwt', 'content-type', 'cons', 'xapi'])!;
    expect(searched(search, 'JWT')).toEqual(['jwt']);
    expect(searched(search, 'a jwT')).toEqual(['jwt']);
    expect(searched(search, 'jw')).toEqual([]);
    expect(searched(search, '')).toEqual([]);
    expect(searched(search, 'Content-Typ')).toEqual([]);
    // Over 4,096 places the screen lets through (every `con`), then the tokens after them.
    const many = `${'con '.repeat(10_000)}content-type jwt`;
    expect(searched(search, many)).toEqual(['content-type', 'jwt']);
    expect(searched(search, 'con '.repeat(4096) + 'cons')).toEqual(['cons']);
    // One line of 3 M characters (a minified bundle's shape): the tokens at its start, in its middle and at its end;
    // then a short text again (the shared buffer holds the long text's units past the short one's end).
    const filler = 'const a=b.c(d);'.replace('cons', 'kons').repeat(200_000);
    expect(searched(search, `XAPI${filler}content-type${filler}jwt`)).toEqual(['content-type', 'jwt', 'xapi']);
    expect(searched(search, 'jw')).toEqual([]);
    expect(searched(search, `${'x'.repeat(50_000)}JWT`)).toEqual(['jwt']);
    expect(searched(search, 'xap')).toEqual([]);
  });

  it('gives the places of marked tokens, in order, and none of the others', () => {
    const search = TextTokenSearch.of(['subtle', 'jwt'], new Set(['subtle']))!;
    const hits = search.search('Subtle; a.subtle.sign(); jwt; SUBTLE');
    expect(sorted(hits.found!)).toEqual(['jwt', 'subtle']);
    expect(hits.at?.get('subtle')).toEqual([0, 10, 30]);
    expect(hits.at?.has('jwt')).toBe(false);
    expect(search.search('jwt only').at).toBeUndefined();
    expect(search.search('none').found).toBeUndefined();
  });

  it('stops at a character whose lower case holds an ASCII letter (U+0130, U+212A), and not at others above ASCII', () => {
    const search = TextTokenSearch.of(['xapi', 'kelvin'])!;
    expect(search.search('/XAP\u0130').folds).toBe(true);
    expect(search.search('jwt \u212Aelvin').folds).toBe(true);
    expect(search.search('\u0130').folds).toBe(true);
    expect(search.search('/xapi \u0131 \u017F \u00E9').folds).toBe(false);
    expect(searched(search, '/xapi \u0131 \u017F \u00E9')).toEqual(['xapi']);
  });

  it('declines tokens it cannot search so: shorter than three characters, upper case, or outside ASCII', () => {
    expect(TextTokenSearch.of(['ab', 'abc'])).toBeUndefined();
    expect(TextTokenSearch.of(['Abc'])).toBeUndefined();
    expect(TextTokenSearch.of(['héllo'])).toBeUndefined();
    expect(TextTokenSearch.of([])).toBeUndefined();
    expect(TextTokenSearch.of(['abc', '/v1'])).toBeDefined();
  });
});

describe('TokenScanner.present: the characters\' search gives what the regular expressions give', () => {
  const token = fc.string({ unit: fc.constantFrom(...'consabk1-:/._'.split('')), minLength: 3, maxLength: 8 });

  it('for plain and object tokens, on texts with hostile characters, and on whole markup pages (property)', () => {
    // Characters that fold to ASCII letters (then the expressions search the text), long s, dotless i, BOMs, Latin-1,
    // characters beyond the BMP, NUL and control characters, the punctuation of an object token.
    const unit = fc.constantFrom(...'consabkCONSABK1-:/._$[(\'"` \n\u0000\u0007'.split(''), '\u212A', '\u0130', '\u017F', '\u0131', '\uFEFF', '\u00E9', '\u0141', '\u2014', '\u{1F600}', '\u00A0', 'cons', 'sub.', 'KON', '/*', 'as ');
    fc.assert(
      fc.property(fc.uniqueArray(token, { minLength: 1, maxLength: 10 }), fc.array(fc.constantFrom('cons', 'sabk', 'kon'), { maxLength: 2 }), fc.array(unit, { maxLength: 80 }), (plain, objects, parts) => {
        const text = parts.join('');
        const { text: chars, expressions } = both([...plain, ...objects.map(objectToken)]);
        expect(sorted(chars.present(text)), text).toEqual(sorted(expressions.present(text)));
        expect(sorted(chars.present(text, true)), text).toEqual(sorted(expressions.present(text, true)));
      }),
      { numRuns: 3000 },
    );
  });

  it("for every token set of the built-in catalog (the plan's, each notice's, the configuration files'), on texts made of their tokens (property)", () => {
    const catalog = loadCatalog();
    const notices = catalog.notices.filter((n) => n.status !== 'informational' && n.detections.length > 0);
    const entries = prefilterEntries(catalog.notices, catalog);
    const sets = [
      planDetections(notices, catalog).flatMap((p) => [...p.tokens, ...p.requires]),
      entries.flatMap((e) => [...e.tokens, ...e.requires]),
      entries.filter((e) => e.config).flatMap((e) => [...e.tokens, ...e.requires]),
      // The plugin's rules: one plan per notice.
      ...notices.map((n) => planDetections([n], catalog).flatMap((p) => [...p.tokens, ...p.requires])),
    ].filter((s) => s.length > 0);
    const scanners = sets.map(both);
    // Every scanner searches by characters (the catalog's tokens are ASCII of three or more characters).
    for (const { text } of scanners) expect((text as unknown as { textSearch: unknown }).textSearch).not.toBeNull();
    const all = [...new Set(sets.flat())];
    const piece = fc.oneof(
      fc.tuple(fc.constantFrom(...all), fc.boolean(), fc.nat()).map(([t, upper, cut]) => (upper ? t.toUpperCase() : t).slice(cut % 3 === 0 ? 1 : 0).replace('\u0001', '')),
      fc.constantFrom(' ', '.', "'", '\n', '(', 'const x = ', '\u00E9', '\u2014', '\u212A', '\u0130', '\u{1F600}', '//'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.nat(scanners.length - 1), (pieces, k) => {
        const text = pieces.join('');
        const { text: chars, expressions } = scanners[k]!;
        expect(sorted(chars.present(text)), text).toEqual(sorted(expressions.present(text)));
        expect(sorted(chars.present(text, true)), text).toEqual(sorted(expressions.present(text, true)));
      }),
      { numRuns: 2000 },
    );
  });

  it("gives the catalog's tokens of every fixture file as the regular expressions do", () => {
    const catalog = loadCatalog();
    const tokens = planDetections(catalog.notices, catalog).flatMap((p) => [...p.tokens, ...p.requires]);
    const { text: chars, expressions } = both(tokens);
    const root = path.join(import.meta.dirname, 'fixtures');
    let files = 0;
    let withTokens = 0;
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || fileLanguage(entry.name) === 'unsupported') continue;
      const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      const expected = sorted(expressions.present(text));
      expect(sorted(chars.present(text)), path.join(entry.parentPath, entry.name)).toEqual(expected);
      files++;
      if (expected.length > 0) withTokens++;
    }
    expect(files).toBeGreaterThan(300);
    expect(withTokens).toBeGreaterThan(200);
  });

  it('keeps the expressions where the characters cannot be searched so: a short token, a token outside ASCII, a folding character', () => {
    // `ab` has no three characters to screen by; `héllo` is not ASCII: the expressions search every text, with the same answer.
    expect(sorted(new TokenScanner(['ab', 'xyz']).present('AB xyz'))).toEqual(['ab', 'xyz']);
    expect(sorted(new TokenScanner(['héllo', 'world']).present('say HÉLLO world'))).toEqual(['héllo', 'world']);
    // `\u0130` lower-cases to `i` and a combining dot, `\u212A` to `k`: the expressions find a token through them.
    const scanner = new TokenScanner(['jwt', 'xapi', 'kelvin']);
    expect(sorted(scanner.present("const u = 'JWT /XAP\u0130';"))).toEqual(['jwt', 'xapi']);
    expect(sorted(scanner.present("const k = 'jwt \u212Aelvin';"))).toEqual(['jwt', 'kelvin']);
    // An object token is kept only where it is spelled as an object, checked at the places the search gives.
    const objects = new TokenScanner([objectToken('subtle'), 'jwt']);
    expect(sorted(objects.present('a border-subtle class; jwt'))).toEqual(['jwt']);
    expect(sorted(objects.present('border-subtle; crypto.subtle.sign(k)'))).toEqual([objectToken('subtle')]);
    expect(sorted(objects.present('border-subtle', true))).toEqual([objectToken('subtle')]);
  });
});
