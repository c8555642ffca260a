/**
 * The coarse nesting estimate that decides which parser a text is given (engine/parse/parse.ts) counts brackets and
 * the characters a nesting level can be made of with `indexOf` and a bracket search (issue 30, session 26). It must
 * give the figure of the plain loop over every character it replaced, on real source and on text made to stress it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nestingEstimate, NESTING_BUDGET } from '../engine/parse/parse.js';

/** The estimate as one loop over every character (the implementation before session 26), for comparison. */
function referenceEstimate(text: string): number {
  if (text.length < NESTING_BUDGET) return 0;
  let depth = 0;
  let maxDepth = 0;
  const counts = new Uint32Array(128);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) {
      if (++depth > maxDepth) maxDepth = depth;
      counts[c]++;
    } else if (c === 41 || c === 93 || c === 125) {
      if (depth > 0) depth--;
    } else if (c < 128) counts[c]++;
  }
  let most = maxDepth;
  for (const ch of '?`<=!-+~:|&*/%^.([{') most = Math.max(most, counts[ch.charCodeAt(0)]);
  if (most >= 100_000) return most;
  const keywords = [...text.matchAll(/\b(?:if|else|new|await|typeof|void|yield|delete|while|for|do|with|in|instanceof|as|satisfies|keyof|unique|readonly|infer|extends|is|asserts)\b/g)].length;
  return Math.max(most, keywords);
}

/** A deterministic pseudo-random text of `length` pieces drawn from `pieces`. */
function generated(seed: number, length: number, pieces: readonly string[]): string {
  let state = seed;
  const out: string[] = [];
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out.push(pieces[state % pieces.length]);
  }
  return out.join('');
}

const ENGINE = fileURLToPath(new URL('../engine', import.meta.url));

describe('the nesting estimate counts as the per-character loop did', () => {
  it('on the project\'s own source files (real code of every size)', () => {
    const files = readdirSync(ENGINE, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).sort();
    expect(files.length).toBeGreaterThan(50);
    let large = 0;
    for (const file of files) {
      const text = readFileSync(path.join(ENGINE, file), 'utf8');
      if (text.length >= NESTING_BUDGET) large++;
      expect(nestingEstimate(text), file).toBe(referenceEstimate(text));
    }
    expect(large).toBeGreaterThan(20);
  });

  it('on generated text: sparse and dense brackets, unmatched closers, counted characters, keywords, non-ASCII', () => {
    const sparse = ['a', 'bc', ' ', '\n', 'x.y', '(', ')', '[', ']', '{', '}', '?', ':', '`', '<', '=', '!', '-', '+', '~', '|', '&', '*', '/', '%', '^', ' if ', ' new ', 'é', '\u{1F600}', '\u2028', 'ident', 'another'];
    const dense = ['(', '(', '[', '{', ')', ']', '}', '}', ')', 'a'];
    const texts = [
      ...[1, 2, 3, 4, 5].map((seed) => generated(seed, 4_000, sparse)),
      ...[6, 7, 8].map((seed) => generated(seed, 6_000, dense)),
      ')'.repeat(3_000) + '('.repeat(2_600),
      '{'.repeat(2_700) + '}'.repeat(2_700),
      '.'.repeat(3_000),
      // Closers before any opener, then mixed brackets nested deeper than any one of them is counted: sparse (the
      // bracket search) and dense (the per-character walk).
      ')a'.repeat(100) + `(${'a'.repeat(16)}[${'a'.repeat(16)}{${'a'.repeat(16)}`.repeat(1_000),
      ')'.repeat(100) + '([{'.repeat(1_000),
      'a'.repeat(NESTING_BUDGET - 1) + '(',
      'a'.repeat(NESTING_BUDGET) + '(',
    ];
    for (const [i, text] of texts.entries()) expect(nestingEstimate(text), `text ${i}`).toBe(referenceEstimate(text));
    // Both ways of finding the bracket depth were taken (dense text is walked per character).
    expect(nestingEstimate(generated(6, 6_000, dense))).toBeGreaterThan(0);
  });

  it('gives the figures the parser choice rests on', () => {
    expect(nestingEstimate('a'.repeat(NESTING_BUDGET - 1))).toBe(0);
    expect(nestingEstimate(`x = ${'['.repeat(3_000)}${']'.repeat(3_000)};`)).toBe(3_000);
    expect(nestingEstimate(`${'('.repeat(5)}a${')'.repeat(5)};${' a ? b : c;'.repeat(300)}`)).toBe(300);
    expect(nestingEstimate(`${'if (a) '.repeat(400)}b;`)).toBe(400);
    expect(nestingEstimate(`${'a.b;'.repeat(150_000)}`)).toBe(150_000);
  });
});
