/**
 * The HTTP-call hint and the `importsWhen` lists screened in the byte search (issue 30, twenty-eighth session: 30decide):
 * a file whose bytes hold none of an alternative's anchors is not searched for it, and an alternative is tried only where
 * an anchor stands. The screens must give the answers of the searches they replace, on any text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { prefilterEntries } from '../engine/analyze.js';
import { ByteTokenSearch } from '../engine/prefilter/bytes.js';
import { callsAt, HTTP_CALL_HINT, HTTP_CALL_SCREENS, literalsOf, mayHandUpHeaders, NO_TOKENS, PrefilterPlan, sourceForUtf8Bytes, TokenScanner } from '../engine/prefilter/prefilter.js';

/** A text's UTF-8 bytes, as readText gives them. */
const bytesOf = (text: string): Uint8Array => Buffer.from(text, 'utf8');

/** The hint as it was written before its alternatives were listed apart (session 27): the reference for its answers. */
const HINT_BEFORE =
  /\bfetch\s*\(|\baxios\b|\b(?:got|ky)\s*[.(]|\bsuperagent\b|\bhttps?\.(?:request|get)\s*\(|\.(?:post|put|patch|request)\s*\(|\.(?:get|delete|head)\s*\(\s*['"`][\w.-]+\/|(?:\bfrom|\brequire\s*\()\s*['"](?:got|ky|node-fetch|cross-fetch|isomorphic-fetch|undici|needle|request|request-promise(?:-native)?)['"]/;

/** Every white-space character of `\s` above ASCII, from every code point. */
const wideSpaces = (): string[] => {
  const found: string[] = [];
  for (let cp = 0x80; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    if (/\s/.test(c)) found.push(c);
  }
  return found;
};

/** Pieces of HTTP calls and their near misses, in both cases, with the characters that could trip a search of the bytes. */
const piece = fc.constantFrom(
  'fetch', 'FETCH', 'Fetch', 'axios', 'got', 'GOT', 'ky', 'KY', 'sky', 'superagent', 'http', 'https', 'HTTP', 'request', 'get', 'delete', 'head',
  'post', 'put', 'patch', 'from', 'require', 'node-fetch', 'cross-fetch', 'isomorphic-fetch', 'undici', 'needle', 'request-promise', '-native',
  '.', '(', ')', "'", '"', '`', '/', 'people/', 'a', '_', '$', '1', '-', ' ', '\t', '\n', '\r', '\v', '\f',
  '\u00A0', '\u1680', '\u2000', '\u2007', '\u200A', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000', '\uFEFF',
  '\u0130', '\u212A', '\u017F', '\u00E9', '\u00C2', '\u0100', '\u2014', '\u{1F600}', '\u0000', '\u0085', '\u200B',
);
const texts = fc.array(piece, { maxLength: 24 }).map((parts) => parts.join(''));

/** The scanner PrefilterPlan makes for the source languages, with the anchors of every alternative. */
const anchorsScanner = (tokens: string[] = ['content-type']): TokenScanner => new TokenScanner(tokens, { anchors: HTTP_CALL_SCREENS.flatMap((c) => c.anchors) });

describe('HTTP_CALL_HINT from the byte search (issue 30, twenty-eighth session)', () => {
  it('is the hint it was: the same answer as the expression written before, on any text (property)', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(HTTP_CALL_HINT.test(text), JSON.stringify(text)).toBe(HINT_BEFORE.test(text));
      }),
      { numRuns: 4000 },
    );
  });

  it("`\\s` for the bytes matches the UTF-8 bytes of exactly the characters `\\s` matches, and `ky`'s anchors hold the first byte of each", () => {
    const space = new RegExp(`^${sourceForUtf8Bytes(String.raw`\s`)}$`);
    const firstBytes = new Set(HTTP_CALL_SCREENS.flatMap((c) => c.anchors).filter((a) => a.startsWith('ky')).map((a) => a.charCodeAt(2)));
    let wide = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      const bytes = bytesOf(c);
      const isSpace = /\s/.test(c);
      if (space.test(Buffer.from(bytes).toString('latin1')) !== isSpace) throw new Error(`U+${cp.toString(16)}`);
      if (isSpace) {
        expect(firstBytes.has(bytes[0]!), `U+${cp.toString(16)}`).toBe(true);
        if (cp > 0x7f) wide++;
      }
    }
    expect(wide).toBe(wideSpaces().length);
    expect(wide).toBeGreaterThan(10);
  });

  it('callsAt, from the places of the anchors in the bytes, gives the hint on any text (property)', () => {
    const scanner = anchorsScanner();
    fc.assert(
      fc.property(texts, (text) => {
        const bytes = bytesOf(text);
        const { places } = scanner.screenedInBytes(text, bytes);
        expect(callsAt(text, bytes, places!), JSON.stringify(text)).toBe(HINT_BEFORE.test(text));
      }),
      { numRuns: 6000 },
    );
  });

  it('each alternative, its anchors where they can be, found in ASCII and in text with characters above ASCII', () => {
    const scanner = anchorsScanner();
    const calls: Array<[string, boolean]> = [
      ["const r = await fetch (url);", true],
      ['const r = await prefetch(url);', false],
      ["import axios from 'axios';", true],
      ['const axiosy = 1;', false],
      ['got.post(u)', true],
      ['ky\u2028(u)', true],
      ['ky\u3000.get(u)', true],
      ['sky.blue()', false],
      ['Got(u)', false],
      ['superagent.get(u)', true],
      ['http.request(options)', true],
      ['https.get (u)', true],
      ['client.post(u)', true],
      ['client.put\t(u)', true],
      ['list.get(key)', false],
      ["client.get('people/me')", true],
      ["client.head( 'a/b')", true],
      ["client.delete(\u00A0'x.y/z')", true],
      ["import Got from 'got';", true],
      ["const k = require ( \"ky\" );", true],
      ["import rp from 'request-promise-native';", true],
      ["import r from 'requests';", false],
      ["const a = 'got';", false],
    ];
    for (const [call, expected] of calls) {
      for (const text of [call, `// é ${call}`, `\uFEFF${call} /* 😀 */`, `const ı = 1;\n${call}`]) {
        const bytes = bytesOf(text);
        expect(HINT_BEFORE.test(text), text).toBe(expected);
        expect(callsAt(text, bytes, scanner.screenedInBytes(text, bytes).places!), text).toBe(expected);
      }
    }
  });

  it('anchors that are bytes above ASCII are searched as bytes, and only when asked for as such', () => {
    // `ky` then the first byte of U+2028 (E2): an anchor for the bytes, never a token of text.
    const search = ByteTokenSearch.of(['ky\xe2', 'content-type'], new Set(['ky\xe2']), new Set(['ky\xe2']))!;
    const hits = search.search(bytesOf('a KY\u2028(b)'));
    expect([...hits.found!]).toEqual(['ky\xe2']);
    expect(hits.at!.get('ky\xe2')).toEqual([2]);
    expect(search.search(bytesOf('a ky\u00e2')).found).toBeUndefined();
    expect(ByteTokenSearch.of(['ky\xe2'])).toBeUndefined();
  });

  it("PrefilterPlan.decide: with the bytes, the catalog's decision as without them, on texts with and without tokens (property)", () => {
    const catalog = loadCatalog();
    const plan = new PrefilterPlan(prefilterEntries(catalog.notices, catalog), { markers: ['collab-migrate-ignore-', 'eslint-disable'] });
    const extra = fc.constantFrom('authorization', 'webexapis.com', 'import x from "./x";\n', 'grant_type', '/v1', "'/people'", 'jwt', 'eslint-disable');
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, extra), { maxLength: 24 }), (parts) => {
        const text = parts.join('');
        for (const language of ['ts', 'html', 'config'] as const) {
          const withBytes = plan.decide(text, language, bytesOf(text));
          const without = plan.decide(text, language);
          expect(withBytes.candidate, JSON.stringify(text)).toBe(without.candidate);
          expect([...withBytes.present].sort()).toEqual([...without.present].sort());
        }
      }),
      { numRuns: 3000 },
    );
    // A file without any token that makes no call is not a candidate; with a call (found from its anchors), it is.
    const get = "export const list = map.get('a');\n";
    expect(plan.decide(get, 'ts', bytesOf(get))).toMatchObject({ present: NO_TOKENS, candidate: false });
    const call = "export const list = () => client.get('people/me');\n";
    expect(plan.decide(call, 'ts', bytesOf(call)).candidate).toBe(true);
  });
});

describe('literalsOf: a group of literals behind a fixed prefix (issue 30, twenty-eighth session)', () => {
  it('reads a leading class or \\b, one group of literals and a closing lookahead or \\b; declines the rest', () => {
    expect(literalsOf(/['"\x60}]\/(?:v1|people|team\/memberships|admin\/)(?=[/?#'"\x60]|$)/)).toEqual(['/v1', '/people', '/team/memberships', '/admin/']);
    expect(literalsOf(/\bapi\.(?:Rooms|people)\b/i)).toEqual(['api.rooms', 'api.people']);
    expect(literalsOf(/(?:jwt)/)).toEqual(['jwt']);
    expect(literalsOf(/x(?:\bsign|createHmac\b)y/)).toEqual(['xsigny', 'xcreatehmacy']);
    expect(literalsOf(/[a-z]\/v1(?!\d)/)).toEqual(['/v1']);
    for (const re of [
      /(?:ab|cd)?x/, // the group may be left out
      /(?:abc)+x/, // or repeated
      /(?:abc)(?:def)/, // two groups
      /x(?=y)z/, // a lookahead inside
      /[ab]?cde/, // the class may be left out
      /[ab][cd]efg/, // a second class
      /(?:a(?:bc|de)f)/, // a group inside the group
      /(?:\bsign|SignJWT)\s*\(/, // a class escape after the group
      /\/(?:v1|x)/, // a literal under three characters
      /(?<=a)bcd/, // a lookbehind
      /abc(?=d)e/, // the lookahead does not end it
    ]) {
      expect(literalsOf(re), String(re)).toBeUndefined();
    }
  });

  it("every text such a pattern matches holds one of its literals, ignoring ASCII case, in its UTF-8 bytes (property)", () => {
    const literal = fc.string({ unit: fc.constantFrom(...'abkAB_-:/'.split('')), minLength: 1, maxLength: 5 });
    const lead = fc.constantFrom('', '\\b', '[ab]', "['\"]", '[^a]');
    const trail = fc.constantFrom('', '\\b', '(?=[/?]|$)', '(?!a)');
    const unit = fc.constantFrom(...'abkABK_-:/ "\'?\n'.split(''), '\u212A', '\u0130', '\u017F', '\u0131', '\u00E9', '\u{1F600}');
    const escape = (s: string): string => s.replace(/[/]/g, '\\/');
    fc.assert(
      fc.property(lead, literal, fc.array(literal, { minLength: 1, maxLength: 4 }), literal, trail, fc.boolean(), fc.array(unit, { maxLength: 40 }), (before, prefix, group, suffix, after, insensitive, parts) => {
        const re = new RegExp(`${before}${escape(prefix)}(?:${group.map(escape).join('|')})${escape(suffix)}${after}`, insensitive ? 'i' : '');
        const literals = literalsOf(re);
        const text = parts.join('') + (parts.length % 3 === 0 ? `${prefix}${group[0]}${suffix}` : '');
        if (literals === undefined) {
          // Declined only for a literal under three characters.
          expect(group.some((g) => (prefix + g + suffix).length < 3), String(re)).toBe(true);
          return;
        }
        if (re.test(text)) expect(ByteTokenSearch.of(literals)!.search(bytesOf(text)).found, `${String(re)} ${JSON.stringify(text)}`).toBeDefined();
      }),
      { numRuns: 3000 },
    );
  });

  it("every importsWhen list of the built-in catalog is screened (cors-localhost-origins' API path pattern included)", () => {
    const catalog = loadCatalog();
    const lists = prefilterEntries(catalog.notices, catalog).flatMap((e) => (e.urls && e.importsWhen ? [e.importsWhen] : []));
    expect(lists.length).toBeGreaterThan(3);
    for (const all of lists) expect(all.some((w) => literalsOf(new RegExp(w.source, w.flags)) !== undefined), JSON.stringify(all)).toBe(true);
  });
});

describe('mayHandUpHeaders: its words looked for before its expressions (issue 30, twenty-eighth session)', () => {
  it('gives the answer of its four expressions on any text (property), and finds a class handing headers up', () => {
    const before = (text: string): boolean => /\bsuper\s*\(/.test(text) && /content-type/i.test(text) && /\bheaders\s*:/.test(text) && /\bextends\b/.test(text);
    const part = fc.constantFrom('super', 'Super', 'supers', '(', 'extends', 'Extends', 'headers', 'Headers', ':', ' ', '\u00A0', 'content-type', 'CONTENT-TYPE', 'x', '_', '{', '}', 'é', '\u212A');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 20 }), (parts) => {
        const text = parts.join('');
        expect(mayHandUpHeaders(text), JSON.stringify(text)).toBe(before(text));
      }),
      { numRuns: 3000 },
    );
    const handsUp = "class Api extends Base {\n  constructor() {\n    super({ headers: { 'Content-Type': 'application/json' } });\n  }\n}\n";
    expect(mayHandUpHeaders(handsUp)).toBe(true);
    expect(mayHandUpHeaders(handsUp.replace('extends Base', 'implements Base'))).toBe(false);
  });
});
