import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeFile, candidateDetections, planDetections, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { analyzeFile as analyze, prefilterEntries } from '../engine/analyze.js';
import { fileLanguage } from '../engine/read/language.js';
import { MIN_TOKEN_LENGTH, NO_TOKENS, PrefilterPlan, STOP_WORDS, TokenScanner, tokenProblem, tokensInside } from '../engine/prefilter/prefilter.js';
import type { EngineOptions, Match } from '../engine/types.js';
import { urlQueryDetector } from '../engine/detectors/url-query.js';
import { guestIssuerEndOfLife } from '../engine/notices/guest-issuer-end-of-life.js';
import { display, fixPairs, invalidFiles, validFiles } from './helpers/fixtures.js';

const naive = (tokens: readonly string[], text: string): string[] => {
  const lower = text.toLowerCase();
  return [...new Set(tokens.map((t) => t.toLowerCase()))].filter((t) => lower.includes(t)).sort();
};
const sorted = (s: ReadonlySet<string>): string[] => [...s].sort();

describe('TokenScanner', () => {
  it('finds tokens in any ASCII case, and only those present', () => {
    const scanner = new TokenScanner(['callerId', 'X-Spark-Signature', 'accountStatus']);
    expect(sorted(scanner.present('const h = headers["x-spark-SIGNATURE"]; CALLERID;'))).toEqual(['callerid', 'x-spark-signature']);
    expect(scanner.hasAny('const name = user.firstName;')).toBe(false);
    expect(scanner.present('const name = user.firstName;').size).toBe(0);
  });

  it('reports a token inside a longer one and tokens that overlap', () => {
    const scanner = new TokenScanner(['callerIdFirstName', 'callerId', 'firstNameX', 'name']);
    // "callerid" starts where the longer token starts; "firstnamex" starts inside it and runs past its end.
    expect(sorted(scanner.present('callerIdFirstNameX'))).toEqual(['calleridfirstname', 'callerid', 'firstnamex', 'name'].sort());
    expect(sorted(scanner.present('callerId only'))).toEqual(['callerid']);
  });

  it('treats regular-expression characters literally', () => {
    const scanner = new TokenScanner(['/jwt/login', 'a.b+c', 'spark-admin:', '(x)|[y]']);
    expect(sorted(scanner.present('post("/JWT/login") a.b+c (x)|[y]'))).toEqual(['(x)|[y]', '/jwt/login', 'a.b+c']);
    expect(scanner.hasAny('aXb+c jwtXlogin sparkadmin:')).toBe(false);
  });

  it('steps from where the first token can start: a longer token ending in the first short one is found (issue 30, round thirteen)', () => {
    // `h` contains no other token; `abcdefgh` holds it 7 (= longest - 1) characters from its start, so stepping starts
    // exactly there: one character later would miss `abcdefgh`.
    const scanner = new TokenScanner(['abcdefgh', 'h']);
    expect(sorted(scanner.present('zzzz ABCDEFGH zz'))).toEqual(['abcdefgh', 'h']);
    expect(sorted(scanner.present('zzzz xbcdefgh zz h'))).toEqual(['h']);
    // At the text's start (the start is not before 0), and occurrences far after the first match.
    const three = new TokenScanner(['abcdefgh', 'h', 'cde']);
    expect(sorted(three.present(`abcdefgh${' '.repeat(5000)}zzabcdefgh`))).toEqual(['abcdefgh', 'cde', 'h']);
    expect(sorted(three.present(`${'q'.repeat(5000)}cde${'q'.repeat(5000)}abcdefgh`))).toEqual(['abcdefgh', 'cde', 'h']);
  });

  it('agrees with lower-case + includes on long texts whose tokens come late and overlap (property)', () => {
    const alphabet = fc.constantFrom(...'abcAB-'.split(''));
    const word = fc.string({ unit: alphabet, minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), fc.nat({ max: 3000 }), fc.string({ unit: alphabet, maxLength: 60 }), (tokens, pad, tail) => {
        const text = `${'z'.repeat(pad)}${tail}`;
        expect(sorted(new TokenScanner(tokens).present(text))).toEqual(naive(tokens, text));
      }),
      { numRuns: 300 },
    );
  });

  it('with no tokens finds nothing', () => {
    const scanner = new TokenScanner([]);
    expect(scanner.hasAny('anything')).toBe(false);
    expect(scanner.present('anything').size).toBe(0);
  });

  it('agrees with lower-case + includes on random texts (property)', () => {
    const alphabet = fc.constantFrom(...'abcABC-_./: \n'.split(''));
    const word = fc.string({ unit: alphabet, minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), fc.string({ unit: alphabet, maxLength: 200 }), (tokens, text) => {
        const scanner = new TokenScanner(tokens);
        expect(sorted(scanner.present(text))).toEqual(naive(tokens, text));
        expect(scanner.hasAny(text)).toBe(naive(tokens, text).length > 0);
      }),
      { numRuns: 500 },
    );
  });
});

/**
 * The prefilter's answer before issue 18 item 4, which the scanner must keep: an alternation of every token
 * with the `i` flag rules a text out; a text it lets through is lower-cased and searched once per token.
 */
const before = (tokens: readonly string[], text: string): string[] => {
  const distinct = [...new Set(tokens.map((t) => t.toLowerCase()))].filter((t) => t.length > 0);
  if (distinct.length === 0) return [];
  const any = new RegExp(distinct.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i');
  return any.test(text) ? naive(distinct, text) : [];
};

describe('TokenScanner keeps the earlier answers', () => {
  it('finds mixed-case tokens written in any case (header names, camelCase fields)', () => {
    const scanner = new TokenScanner(['X-Spark-Signature', 'answerConfirmationEnabled', 'Content-Type']);
    const text = 'h["x-SPARK-signature"]; o.AnswerConfirmationENABLED; "CONTENT-TYPE"';
    expect(sorted(scanner.present(text))).toEqual(['answerconfirmationenabled', 'content-type', 'x-spark-signature']);
    expect(scanner.present('nothing here')).toBe(NO_TOKENS);
  });

  it('lower-cases as before a text holding a character that lower-cases to an ASCII letter (Kelvin sign, dotted capital I)', () => {
    const scanner = new TokenScanner(['callerId', 'importKey', '/xapi']);
    // No token without lower-casing: ruled out, as the alternation with the i flag did.
    expect(scanner.present('import\u212Aey').size).toBe(0);
    // With another token, the lower-cased text also shows `importkey` (Kelvin sign) and `/xapi` (I with a dot above).
    expect(sorted(scanner.present('callerId import\u212Aey /XAP\u0130'))).toEqual(before(['callerId', 'importKey', '/xapi'], 'callerId import\u212Aey /XAP\u0130'));
    expect(sorted(scanner.present('callerId import\u212Aey /XAP\u0130'))).toEqual(['/xapi', 'callerid', 'importkey']);
  });

  it('reports a token that starts inside a match of another, and tokens inside a match', () => {
    const scanner = new TokenScanner(['spark-admin:', 'admin:x', 'spark', 'min:']);
    expect(sorted(scanner.present('SPARK-ADMIN:X'))).toEqual(['admin:x', 'min:', 'spark', 'spark-admin:']);
  });

  it('agrees with the earlier scanner on random texts with case, BOM and non-ASCII characters (property)', () => {
    const alphabet = fc.constantFrom(...'abkiABKI-:/ \n'.split(''), '\u212A', '\u0130', '\u017F', '\uFEFF', '\u00E9', '\u0131');
    const word = fc.string({ unit: fc.constantFrom(...'abkiABKI-:/'.split('')), minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), fc.string({ unit: alphabet, maxLength: 120 }), (tokens, text) => {
        const scanner = new TokenScanner(tokens);
        expect(sorted(scanner.present(text))).toEqual(before(tokens, text));
        expect(scanner.hasAny(text)).toBe(before(tokens, text).length > 0);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('PrefilterPlan (the walker thread) and the engine find the same tokens', () => {
  const catalog = loadCatalog();
  const entries = prefilterEntries(catalog.notices, catalog);
  const plan = new PrefilterPlan(entries);
  const key = (m: Match): string => `${m.noticeId}#${m.detection}:${m.messageId}@${m.range[0]}-${m.range[1]}`;
  const paths = [...new Set([...validFiles().map((f) => f.file), ...invalidFiles().map((f) => f.file), ...fixPairs().map((p) => p.input)])];

  it('tokens found by the walker thread, passed to the engine, give the findings of a search by the engine (with and without a BOM)', () => {
    let candidates = 0;
    for (const filename of paths) {
      const language = fileLanguage(filename);
      if (language === 'unsupported') continue;
      const raw = readFileSync(filename, 'utf8');
      // The walker thread searches the text as read (a BOM included, also from UTF-16), the engine without it.
      for (const text of [raw, raw.startsWith('\uFEFF') ? raw.slice(1) : `\uFEFF${raw}`]) {
        const present = plan.present(text, language);
        const own = analyze({ filename, text }, { catalog, notices: catalog.notices });
        // The walker thread decides on tokens only; the engine's text-level gates (test/gates.test.ts) may
        // still rule out a file it lets through, never one it rules out.
        const stripped = text.startsWith('\uFEFF') ? text.slice(1) : text;
        const engineWouldAnalyse = language === 'config' ? own.parsed : candidateDetections(stripped, planDetections(catalog.notices, catalog)).length > 0;
        expect(plan.mayAnalyse(present, language), filename).toBe(engineWouldAnalyse);
        if (own.parsed) expect(plan.mayAnalyse(present, language), filename).toBe(true);
        if (!own.parsed) continue;
        candidates++;
        const carried = analyze({ filename, text, present }, { catalog, notices: catalog.notices });
        expect(carried.matches.map(key), filename).toEqual(own.matches.map(key));
      }
    }
    expect(candidates).toBeGreaterThan(100);
  });

  it('searches a configuration file for the tokens of the detections that read configuration files only', () => {
    const json = '{ "url": "https://webexapis.com/v1/telephony/config/features", "callerId": 1 }';
    const source = plan.present(json, 'ts');
    const config = plan.present(json, 'config');
    expect(source.has('features')).toBe(true);
    expect(config.has('features')).toBe(false);
    for (const t of config) expect(source.has(t), t).toBe(true);
    const configTokens = new Set(entries.filter((e) => e.config).flatMap((e) => [...e.tokens, ...e.requires]));
    for (const t of source) if (configTokens.has(t)) expect(config.has(t), t).toBe(true);
    expect(plan.mayAnalyse(config, 'config')).toBe(analyze({ filename: 'x.json', text: json }, { catalog, notices: catalog.notices }).parsed);
  });

  it("follows the imports of a file that holds a detection's own token without an API marker (a method of an imported class), and not of one that holds neither", () => {
    const caller = "import { CallingApi } from './api';\nexport const set = (api: CallingApi, id: string) => api.updateCallerId(id, { firstName: 'a' });\n";
    expect(plan.mayAnalyse(plan.present(caller, 'ts'), 'ts')).toBe(false);
    expect(plan.needsAnalysis(caller, 'ts')).toBe(true);
    expect(plan.needsAnalysis("import { Api } from './api';\nexport const set = (api: Api, id: string) => api.rename(id, { firstName: 'a' });\n", 'ts')).toBe(false);
  });
});

describe('importsHoldTokensWhen as lists of patterns (issue 30, round thirteen)', () => {
  // The single lookahead patterns the detectors gave before: "A somewhere and B somewhere".
  const before = {
    urlQuery: /response_type=|^(?=[\s\S]*response_type)(?=[\s\S]*(?:process\.env|import\.meta\.env|\$env\/))/,
    guestIssuer: /^(?=[\s\S]*(?:jwt|jose|jws|jsonwebtoken|jsrsasign|createHmac))(?=[\s\S]*(?:\bsign|SignJWT|createHmac)\s*\()/i,
  };
  const every = (list: ReadonlyArray<{ source: string; flags: string }> | undefined, text: string): boolean => list!.every((w) => new RegExp(w.source, w.flags).test(text));

  it('answer as the lookahead patterns did, on texts made of the pieces they look for (property)', () => {
    const piece = fc.constantFrom('response_type', 'response_type=', 'RESPONSE_TYPE=', 'process.env', 'import.meta.env', '$env/', 'processXenv', 'jwt', 'JOSE', 'jws', 'jsonwebtoken', 'jsrsasign', 'createHmac', 'createHmac (', 'sign(', 'design(', 'SignJWT(', 'signJwt (', 'x', ' ', '\n', '(', '=');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(every(urlQueryDetector.importsHoldTokensWhen, text)).toBe(before.urlQuery.test(text));
        expect(every(guestIssuerEndOfLife.importsHoldTokensWhen, text)).toBe(before.guestIssuer.test(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('open the imports of a file that signs a JWT or reads response_type from the environment, and not of a look-alike', () => {
    const catalog = loadCatalog();
    const plan = new PrefilterPlan(prefilterEntries(catalog.notices, catalog));
    const signs = "import { key } from './keys';\nimport jwt from 'jsonwebtoken';\nexport const t = (p: object) => jwt.sign(p, key);\n";
    const envRedirect = "import { cfg } from './cfg';\nexport const go = () => { location.href = `${process.env.AUTH}?response_type=${cfg.kind}`; };\n";
    expect(plan.mayFollowImports(signs, 'ts', plan.present(signs, 'ts'))).toBe(true);
    expect(plan.mayFollowImports(envRedirect, 'ts', plan.present(envRedirect, 'ts'))).toBe(true);
    // A JWT named without a signing call, and `response_type` with neither `=` nor an environment read.
    const names = "import { decode } from './jwt';\nexport const t = (s: string) => decode(s);\n";
    const key = "import { cfg } from './cfg';\nexport const k = cfg['response_type'];\n";
    expect(plan.mayFollowImports(names, 'ts', plan.present(names, 'ts'))).toBe(false);
    expect(plan.mayFollowImports(key, 'ts', plan.present(key, 'ts'))).toBe(false);
  });
});

describe('tokenProblem', () => {
  it('rejects short tokens and common words, accepts rare ones', () => {
    expect(tokenProblem('exp')).toMatch(/shorter/);
    expect(tokenProblem('iss')).toMatch(/shorter/);
    expect(tokenProblem('jwt')).toBeUndefined(); // a measured-rare acronym
    for (const w of ['name', 'id', 'exp', 'address', 'firstName']) expect(tokenProblem(w)).toBeDefined();
    for (const w of ['callerId', 'x-spark-signature', 'answerConfirmationEnabled']) expect(tokenProblem(w)).toBeUndefined();
    expect(MIN_TOKEN_LENGTH).toBe(4);
    expect(STOP_WORDS.has('firstname')).toBe(true);
  });
});

describe('the catalog yields rare tokens', () => {
  const catalog = loadCatalog();
  const plan = planDetections(catalog.notices, catalog);

  it('every planned detection has tokens, none short or common', () => {
    const problems: string[] = [];
    for (const p of plan) {
      const where = `${p.notice.id}#${p.index}`;
      if (p.tokens.length === 0) problems.push(`${where}: no tokens (it would run on every file)`);
      for (const t of p.tokens) {
        const why = tokenProblem(t);
        if (why) problems.push(`${where}: "${t}" is ${why}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the prefilter loses no detection on any fixture', () => {
  const catalog = loadCatalog();
  const base: AnalyzeOptions = { catalog, notices: catalog.notices };
  const key = (m: Match): string => `${m.noticeId}#${m.detection}:${m.messageId}@${m.range[0]}-${m.range[1]}`;
  const compare = (filename: string, text: string, engine: EngineOptions = {}): void => {
    const on = analyzeFile({ filename, text }, { ...base, engine });
    const off = analyzeFile({ filename, text }, { ...base, engine, prefilter: false });
    expect(on.matches.map(key), display(filename)).toEqual(off.matches.map(key));
    expect(on.matches).toEqual(off.matches);
  };
  const files = [
    ...invalidFiles().map((f) => ({ file: f.file, options: {} as EngineOptions })),
    ...validFiles().map((f) => ({ file: f.file, options: {} as EngineOptions })),
    ...fixPairs().map((p) => ({ file: p.input, options: p.options })),
  ];

  it('there are fixtures to check (the catalog has detections)', () => {
    if (planDetections(catalog.notices, catalog).length > 0) expect(files.length).toBeGreaterThan(0);
  });

  if (files.length > 0) {
    it.each(files.map((f) => [display(f.file), f] as const))('%s', (_, f) => {
      compare(f.file, readFileSync(f.file, 'utf8'), f.options);
    });
  }

  it('a file holding no token is not parsed at all, even when it would not parse', () => {
    const result = analyzeFile({ filename: 'broken.ts', text: 'const = = ;\nexport {' }, base);
    expect(result.parsed).toBe(false);
    expect(result.parseError).toBeUndefined();
    const unfiltered = analyzeFile({ filename: 'broken.ts', text: 'const = = ;\nexport {' }, { ...base, prefilter: false });
    if (planDetections(catalog.notices, catalog).length > 0) expect(unfiltered.parseError).toBeDefined();
  });
});

describe('tokensInside (the scanner\'s containment table, issue 30 item 2)', () => {
  const pairwise = (distinct: readonly string[]): string[][] => distinct.map((t) => distinct.filter((u) => t.includes(u)));

  it('lists, for each token, the tokens it contains (itself included) in list order, once each', () => {
    const distinct = ['webexapis.com', 'api.webexapis.com', 'apis', 'api', 'aa', 'aaaa'];
    expect(tokensInside(distinct)).toEqual([['webexapis.com', 'apis', 'api'], ['webexapis.com', 'api.webexapis.com', 'apis', 'api'], ['apis', 'api'], ['api'], ['aa'], ['aa', 'aaaa']]);
  });

  it('agrees with comparing every pair, on generated token lists (repeats, prefixes, newlines)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '.', '\n'), minLength: 1, maxLength: 6 }), { maxLength: 25 }), (distinct) => {
        expect(tokensInside(distinct)).toEqual(pairwise(distinct));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same scanner answers as before on the built-in catalog\'s tokens', () => {
    const catalog = loadCatalog();
    const plan = planDetections(catalog.notices, catalog);
    const distinct = [...new Set(plan.flatMap((p) => [...p.tokens, ...p.requires]))];
    expect(tokensInside(distinct)).toEqual(pairwise(distinct));
  });
});
