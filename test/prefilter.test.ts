import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeFile, planDetections, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog.js';
import { MIN_TOKEN_LENGTH, STOP_WORDS, TokenScanner, tokenProblem } from '../engine/prefilter.js';
import type { EngineOptions, Match } from '../engine/types.js';
import { display, fixPairs, invalidFiles, validFiles } from './helpers/fixtures.js';

const naive = (tokens: readonly string[], text: string): string[] => {
  const lower = text.toLowerCase();
  return [...new Set(tokens.map((t) => t.toLowerCase()))].filter((t) => lower.includes(t)).sort();
};
const sorted = (s: Set<string>): string[] => [...s].sort();

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
