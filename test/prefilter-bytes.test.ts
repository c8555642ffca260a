import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { prefilterEntries } from '../engine/analyze.js';
import { PrefilterPlan, TokenScanner } from '../engine/prefilter/prefilter.js';
import { readText } from '../cli/walk/read.js';
import type { FoundFile } from '../cli/walk/files.js';

/** A text's UTF-8 bytes as a one-byte string, as readText gives them. */
const bytesOf = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');
const sorted = (set: ReadonlySet<string>): string[] => [...set].sort();

describe('the token search over the bytes of a UTF-8 text (issue 30, round six)', () => {
  it('finds the same tokens in the bytes as in the text, whatever characters surround them', () => {
    // Characters that fold to ASCII letters (Kelvin sign, I with a dot above), long s, dotless i, a BOM, Latin-1,
    // characters beyond Latin-1 and beyond the BMP, next to the letters of the tokens in both cases.
    const alphabet = fc.constantFrom(...'abkisABKIS-:/. \n'.split(''), '\u212A', '\u0130', '\u017F', '\u0131', '\uFEFF', '\u00E9', '\u00C9', '\u2014', '\u{1F600}', '\u00A0');
    const word = fc.string({ unit: fc.constantFrom(...'abkisABKIS-:/.'.split('')), minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), fc.string({ unit: alphabet, maxLength: 120 }), (tokens, text) => {
        const scanner = new TokenScanner(tokens);
        expect(sorted(scanner.presentInUtf8(text, bytesOf(text)))).toEqual(sorted(scanner.present(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it("gives the built-in catalog's tokens of real-looking sources as the text search does", () => {
    const catalog = loadCatalog();
    const plan = new PrefilterPlan(prefilterEntries(catalog.notices, catalog));
    const texts = [
      "// Résumé — ünïcödé\nfetch('https://webexapis.com/v1/people/me', { headers: { Authorization: 'Bearer x' } });",
      "const s = '→ AUTHORIZATION ←'; // ﬁle with a ligature\nexport const url = 'https://WEBEXAPIS.com/v1/rooms';",
      '\uFEFFimport x from "./x"; const 𝒜 = "content-type"; // emoji 😀',
      "const k = 'import\u212Aey'; const i = '/XAP\u0130'; const s = '\u017Ftate';",
    ];
    for (const text of texts) for (const language of ['ts', 'config', 'html'] as const) expect(sorted(plan.present(text, language, bytesOf(text)))).toEqual(sorted(plan.present(text, language)));
  });

  it('keeps the text search for a catalog token outside ASCII', () => {
    const scanner = new TokenScanner(['héllo', 'world']);
    // In the bytes `é` is two characters: searching them would miss `héllo`; the text is searched instead.
    expect(sorted(scanner.presentInUtf8('say HÉLLO world', bytesOf('say HÉLLO world')))).toEqual(sorted(scanner.present('say HÉLLO world')));
    expect(scanner.presentInUtf8('héllo', bytesOf('héllo')).has('héllo')).toBe(true);
  });
});

describe('readText with the bytes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cm-read-bytes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: Buffer | string): FoundFile => {
    const p = path.join(dir, name);
    writeFileSync(p, content);
    return { path: p, display: name, language: 'ts', maxSize: 1 << 20 } as FoundFile;
  };

  it('gives the bytes of a UTF-8 file that is not ASCII, and none for an ASCII or a UTF-16 file', () => {
    const text = "const a = 'héllo — 😀';\n";
    const read = readText(file('a.ts', text), true);
    expect(read).toEqual({ text, utf8Bytes: bytesOf(text) });
    expect(readText(file('b.ts', 'const b = 1;\n'), true)).toEqual({ text: 'const b = 1;\n' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("const c = 'é';\n", 'utf16le')]);
    const wide = readText(file('c.ts', utf16), true);
    expect(wide).toEqual({ text: "\uFEFFconst c = 'é';\n" });
    // Without asking, only the text.
    expect(readText(file('d.ts', text))).toEqual({ text });
  });
});
