import fc from 'fast-check';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { prefilterEntries } from '../engine/analyze.js';
import { ByteTokenSearch } from '../engine/prefilter/bytes.js';
import { literalsOf, objectToken, PrefilterPlan, TokenScanner } from '../engine/prefilter/prefilter.js';
import { fileLanguage } from '../engine/read/language.js';
import { readText } from '../cli/walk/read.js';
import type { FoundFile } from '../cli/walk/files.js';

/** A text's UTF-8 bytes, as readText gives them. */
const bytesOf = (text: string): Uint8Array => Buffer.from(text, 'utf8');
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
        expect(sorted(scanner.presentInBytes(text, bytesOf(text)))).toEqual(sorted(scanner.present(text)));
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
    expect(sorted(scanner.presentInBytes('say HÉLLO world', bytesOf('say HÉLLO world')))).toEqual(sorted(scanner.present('say HÉLLO world')));
    expect(scanner.presentInBytes('héllo', bytesOf('héllo')).has('héllo')).toBe(true);
  });
});

describe('the token search over the bytes themselves (issue 30, twenty-seventh session: engine/prefilter/bytes.ts)', () => {
  /** The reference: the bytes read one character per byte, ASCII letters lower-cased, each token searched with `includes`. */
  const reference = (tokens: readonly string[], bytes: Uint8Array): string[] => {
    const folded = Buffer.from(bytes.map((c) => (c >= 0x41 && c <= 0x5a ? c + 0x20 : c))).toString('latin1');
    return [...new Set(tokens.filter((t) => folded.includes(t)))].sort();
  };
  const searched = (search: ByteTokenSearch, bytes: Uint8Array): string[] => [...(search.search(bytes).found ?? [])].sort();
  // Tokens of three to eight characters from letters that share first bytes (`con`, `cons`), digits and punctuation.
  const token = fc.string({ unit: fc.constantFrom(...'consabk1-:/._'.split('')), minLength: 3, maxLength: 8 });

  it('finds every token the bytes hold and no other, on any bytes: invalid UTF-8, NULs, bytes above 0x7F, upper case (property)', () => {
    // The bytes: the tokens themselves in any ASCII case, pieces of them, and any byte at all, in any order.
    const input = fc.uniqueArray(token, { minLength: 1, maxLength: 12 }).chain((tokens) => {
      const piece = fc.oneof(
        fc.tuple(fc.constantFrom(...tokens), fc.boolean(), fc.nat()).map(([t, upper, cut]) => Buffer.from((upper ? t.toUpperCase() : t).slice(cut % 2 === 0 ? 0 : 1))),
        fc.uint8Array({ maxLength: 6 }),
      );
      return fc.tuple(fc.constant(tokens), fc.array(piece, { maxLength: 40 }));
    });
    fc.assert(
      fc.property(input, ([tokens, pieces]) => {
        const bytes = Buffer.concat(pieces);
        const search = ByteTokenSearch.of(tokens)!;
        expect(searched(search, bytes), bytes.toString('latin1')).toEqual(reference(tokens, bytes));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds a token at the very start and end, a three-byte token as the last bytes, and tokens on a line of megabytes', () => {
    const search = ByteTokenSearch.of(['jwt', 'content-type', 'cons', 'xapi'])!;
    expect(searched(search, Buffer.from('JWT'))).toEqual(['jwt']);
    expect(searched(search, Buffer.from('a jwT'))).toEqual(['jwt']);
    expect(searched(search, Buffer.from('jw'))).toEqual([]);
    expect(searched(search, Buffer.from('Content-Typ'))).toEqual([]);
    expect(searched(search, Buffer.from('const x = 1; // CONTENT-TYPE'))).toEqual(['cons', 'content-type']);
    // One line of 3 MB (a minified bundle's shape): the tokens at its start, in its middle and at its end.
    const filler = 'const a=b.c(d);'.repeat(200_000);
    const line = Buffer.from(`XAPI${filler}content-type${filler}jwt`);
    expect(searched(search, line)).toEqual(['cons', 'content-type', 'jwt', 'xapi']);
    expect(searched(search, Buffer.from(filler))).toEqual(['cons']);
  });

  it('gives the places of marked tokens, and says whether every byte is ASCII', () => {
    const search = ByteTokenSearch.of(['subtle', 'jwt'], new Set(['subtle']))!;
    const hits = search.search(Buffer.from('Subtle; a.subtle.sign(); jwt'));
    expect([...hits.found!].sort()).toEqual(['jwt', 'subtle']);
    expect(hits.at?.get('subtle')).toEqual([0, 10]);
    expect(hits.at?.has('jwt')).toBe(false);
    expect(hits.ascii).toBe(true);
    expect(search.search(Buffer.from('jwt — é', 'utf8')).ascii).toBe(false);
    expect(search.search(Buffer.from('none')).found).toBeUndefined();
  });

  it('declines tokens it cannot search as bytes: shorter than three characters, upper case, or outside ASCII', () => {
    expect(ByteTokenSearch.of(['ab', 'abc'])).toBeUndefined();
    expect(ByteTokenSearch.of(['Abc'])).toBeUndefined();
    expect(ByteTokenSearch.of(['héllo'])).toBeUndefined();
    expect(ByteTokenSearch.of([])).toBeUndefined();
    expect(ByteTokenSearch.of(['abc', '/v1'])).toBeDefined();
    // The scanner then searches the text: the same answer as without the bytes.
    const short = new TokenScanner(['ab', 'xyz']);
    expect(sorted(short.presentInBytes('AB xyz', bytesOf('AB xyz')))).toEqual(['ab', 'xyz']);
  });

  it('TokenScanner: the bytes give what the text gives, tokens of three or more with object tokens, hostile characters around (property)', () => {
    // Characters that fold to ASCII letters (Kelvin sign, I with a dot above: then the text is searched), long s, dotless
    // i, BOMs, Latin-1, characters beyond the BMP, NUL and control characters, the punctuation of an object token.
    const unit = fc.constantFrom(...'consabkCONSABK1-:/._$[(\'"` \n\u0000\u0007'.split(''), '\u212A', '\u0130', '\u017F', '\u0131', '\uFEFF', '\u00E9', '\u00C9', '\u2014', '\u{1F600}', '\u00A0', 'cons', 'sub.', 'KON');
    fc.assert(
      fc.property(fc.uniqueArray(token, { minLength: 1, maxLength: 10 }), fc.array(fc.constantFrom('cons', 'sabk', 'kon'), { maxLength: 2 }), fc.array(unit, { maxLength: 80 }), (plain, objects, parts) => {
        const text = parts.join('');
        const scanner = new TokenScanner([...plain, ...objects.map(objectToken)]);
        expect(sorted(scanner.presentInBytes(text, bytesOf(text))), text).toEqual(sorted(scanner.present(text)));
        expect(sorted(scanner.presentInBytes(text, bytesOf(text), true)), text).toEqual(sorted(scanner.present(text, true)));
      }),
      { numRuns: 3000 },
    );
  });

  it('searches the text when the bytes hold a character that lower-cases to an ASCII letter', () => {
    const scanner = new TokenScanner(['jwt', 'xapi', 'kelvin']);
    // `\u0130` lower-cases to `i` and a combining dot, `\u212A` to `k`: the text search of a file that holds a token (`jwt`)
    // finds a second one through them, which the bytes do not hold.
    for (const [text, second] of [["const u = 'JWT /XAP\u0130';", 'xapi'], ["const k = 'jwt \u212Aelvin';", 'kelvin']]) {
      expect(sorted(scanner.present(text)), text).toEqual(['jwt', second].sort());
      expect(sorted(scanner.presentInBytes(text, bytesOf(text))), text).toEqual(['jwt', second].sort());
    }
  });

  it("gives the built-in catalog's tokens of every fixture file as the text search does (sources, configuration, markup)", () => {
    const catalog = loadCatalog();
    const plan = new PrefilterPlan(prefilterEntries(catalog.notices, catalog));
    const root = path.join(import.meta.dirname, 'fixtures');
    let files = 0;
    let withTokens = 0;
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const language = fileLanguage(entry.name);
      if (language === 'unsupported') continue;
      const bytes = readFileSync(path.join(entry.parentPath, entry.name));
      const text = bytes.toString('utf8');
      const expected = sorted(plan.present(text, language));
      expect(sorted(plan.present(text, language, bytes)), path.join(entry.parentPath, entry.name)).toEqual(expected);
      files++;
      if (expected.length > 0) withTokens++;
    }
    expect(files).toBeGreaterThan(300);
    expect(withTokens).toBeGreaterThan(200);
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
  const plain = (read: ReturnType<typeof readText>): unknown => ('bytes' in read && read.bytes ? { ...read, bytes: Buffer.from(read.bytes).toString('latin1') } : read);

  it('gives the bytes of a file decoded from UTF-8 (ASCII or not, with a byte order mark), none for a UTF-16 file', () => {
    const text = "const a = 'héllo — 😀';\n";
    expect(plain(readText(file('a.ts', text), true))).toEqual({ text, bytes: Buffer.from(text).toString('latin1') });
    expect(plain(readText(file('b.ts', 'const b = 1;\n'), true))).toEqual({ text: 'const b = 1;\n', bytes: 'const b = 1;\n' });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('const d = "Content-Type";\n')]);
    expect(plain(readText(file('bom.ts', bom), true))).toEqual({ text: '\uFEFFconst d = "Content-Type";\n', bytes: bom.toString('latin1') });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("const c = 'é';\n", 'utf16le')]);
    expect(readText(file('c.ts', utf16), true)).toEqual({ text: "\uFEFFconst c = 'é';\n" });
    // Without asking, only the text; a file that is not UTF-8 is skipped as before.
    expect(readText(file('d.ts', text))).toEqual({ text });
    expect(readText(file('e.ts', Buffer.from([0x63, 0xff, 0xfe, 0x41, 0x0a])), true)).toEqual({ reason: 'not UTF-8 text' });
  });

  it('the tokens of the bytes read are the tokens of the text, for UTF-8 with and without a byte order mark and UTF-16', () => {
    const catalog = loadCatalog();
    const plan = new PrefilterPlan(prefilterEntries(catalog.notices, catalog));
    const source = "fetch('https://WEBEXAPIS.com/v1/people', { headers: { 'Content-Type': 'x', Authorization: 'Bearer é' } });\n";
    const cases: Array<[string, Buffer]> = [
      ['utf8.ts', Buffer.from(source)],
      ['bom.ts', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(source)])],
      ['wide.ts', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(source, 'utf16le')])],
    ];
    for (const [name, content] of cases) {
      const read = readText(file(name, content), true);
      if ('reason' in read) throw new Error(read.reason);
      const tokens = sorted(plan.present(read.text, 'ts', read.bytes));
      expect(tokens, name).toEqual(sorted(plan.present(read.text, 'ts')));
      expect(tokens, name).toEqual(expect.arrayContaining(['authorization', 'content-type', 'webexapis.com']));
    }
  });
});

describe('screens searched with the tokens in the bytes (issue 30, twenty-seventh session)', () => {
  it('literalsOf reads plain alternations of literals, and declines every other pattern', () => {
    expect(literalsOf(/jwt|jose|jws|jsonwebtoken|jsrsasign|createHmac/i)).toEqual(['jwt', 'jose', 'jws', 'jsonwebtoken', 'jsrsasign', 'createhmac']);
    expect(literalsOf(/\bgrant_type\b/)).toEqual(['grant_type']);
    expect(literalsOf(/response_type/)).toEqual(['response_type']);
    expect(literalsOf(/api\.ciscospark\.com\/v1/)).toEqual(['api.ciscospark.com/v1']);
    // Classes, quantifiers, anchors, any character, class escapes, the `u` flag, a literal under three characters (a
    // group of literals is read since the twenty-eighth session: test/prefilter-http-screens.test.ts).
    for (const re of [/(?:jw|t)/, /[jJ]wt/, /jwt+/, /^jwt/, /jwt$/, /j.t/, /\djwt/, /jwt\s/, /jwt/u, /jwt|ky/, /a\\b/, /x\|y/, /jw\bt/]) expect(literalsOf(re), String(re)).toBeUndefined();
  });

  it('literalsOf: every text a pattern it reads matches holds one of the literals, ignoring ASCII case, in its UTF-8 bytes (property)', () => {
    const literal = fc.string({ unit: fc.constantFrom(...'abkAB_-:'.split('')), minLength: 3, maxLength: 6 });
    const unit = fc.constantFrom(...'abkABK_-: \n'.split(''), '\u212A', '\u0130', '\u017F', '\u0131', '\u00E9', '\u{1F600}');
    fc.assert(
      fc.property(fc.array(literal, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.array(unit, { maxLength: 40 }), (alternatives, insensitive, parts) => {
        const re = new RegExp(alternatives.join('|'), insensitive ? 'i' : '');
        const literals = literalsOf(re)!;
        const text = parts.join('');
        if (re.test(text)) expect(ByteTokenSearch.of(literals)!.search(bytesOf(text)).found, text).toBeDefined();
      }),
      { numRuns: 3000 },
    );
  });

  it('a scanner reports the screens its bytes hold apart from its tokens, and the same tokens as without screens', () => {
    const scanner = new TokenScanner(['jwt', 'content-type'], { screens: ['jose', 'jwt', 'eslint-disable'] });
    const plain = new TokenScanner(['jwt', 'content-type']);
    const cases: Array<[string, string[]]> = [
      ['import { jwtVerify } from "JOSE"; // eslint-disable-line', ['eslint-disable', 'jose', 'jwt']],
      ["headers['Content-Type'] = x;", []],
      ["const u = '/XAP\u0130 jose';", ['jose']],
    ];
    for (const [text, seen] of cases) {
      const { tokens, seen: found } = scanner.screenedInBytes(text, bytesOf(text));
      expect(sorted(tokens), text).toEqual(sorted(plain.present(text)));
      expect(sorted(found!), text).toEqual(seen);
    }
    // Tokens the bytes cannot be searched for: no screens either (any may be there).
    expect(new TokenScanner(['ab'], { screens: ['jose'] }).screenedInBytes('jose', bytesOf('jose')).seen).toBeUndefined();
  });

  it("PrefilterPlan.decide: the built-in catalog's decision and tokens, with and without the bytes, on the fixture corpus and texts its importsWhen patterns match", () => {
    const catalog = loadCatalog();
    const entries = prefilterEntries(catalog.notices, catalog);
    const plan = new PrefilterPlan(entries, { markers: ['collab-migrate-ignore-', 'eslint-disable'] });
    // The catalog's importsWhen lists are screened (one of their patterns is made of literals).
    const lists = entries.flatMap((e) => (e.urls && e.importsWhen ? [e.importsWhen] : []));
    expect(lists.length).toBeGreaterThan(2);
    expect(lists.filter((all) => all.some((w) => literalsOf(new RegExp(w.source, w.flags)) !== undefined)).length).toBe(lists.length);
    const texts = [
      "import jwt from 'jsonwebtoken';\nconst token = jwt.sign({ sub }, secret);",
      "import { SignJWT } from 'JOSE';\nconst t = await new SignJWT({}).sign(key);",
      "import { rs } from 'jsrsasign';\nconst t = rs.KJUR.jws.JWS.sign(null, h, p, k);",
      "import qs from 'qs';\nconst body = qs.stringify({ GRANT_TYPE: 'x', grant_type: 'authorization_code' });",
      "import { env } from './env';\nconst u = `${env.base}?response_type=code`;",
      "import { api } from './api';\nconst r = api.get('/v1/people');",
      "import x from './x';\n// eslint-disable-next-line no-console\nconsole.log(x);",
      "import x from './x'; const k = '\u212Aey /XAP\u0130';",
    ];
    const root = path.join(import.meta.dirname, 'fixtures');
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || fileLanguage(entry.name) === 'unsupported') continue;
      texts.push(readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    }
    for (const language of ['ts', 'config', 'html'] as const) {
      for (const text of texts) {
        const withBytes = plan.decide(text, language, bytesOf(text));
        const without = plan.decide(text, language);
        expect(without.seen).toBeUndefined();
        expect(sorted(withBytes.present), text.slice(0, 80)).toEqual(sorted(without.present));
        expect(withBytes.candidate, text.slice(0, 80)).toBe(without.candidate);
        expect(withBytes.candidate, text.slice(0, 80)).toBe(plan.mayAnalyse(without.present, language) || plan.mayFollowImports(text, language, without.present));
        if (/collab-migrate-ignore-|eslint-disable/.test(text)) expect(withBytes.seen!.size, text.slice(0, 80)).toBeGreaterThan(0);
      }
    }
    // The importsWhen texts above are candidates: their lists match although the texts hold few tokens or none.
    expect(texts.slice(0, 5).every((t) => plan.decide(t, 'ts', bytesOf(t)).candidate)).toBe(true);
  });
});
