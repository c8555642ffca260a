import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsTokens from 'js-tokens';
import { describe, expect, it } from 'vitest';
import { tokenBounds } from '../engine/parse/parse.js';
import { random } from './helpers/random.js';

/**
 * The nesting bound decides which text oxc may parse on this thread (a native stack overflow cannot be caught), so
 * its loop, rewritten for speed (one counts array with a top index, punctuators by character code, the bound
 * compared only where the depth grows), must give exactly the bound of the straightforward walk it replaced,
 * kept here as the reference.
 */
function referenceBounds(text: string, jsx: boolean, keywords: number): { nesting: number; literalPaths: number } {
  let literalPaths = 0;
  const counts: number[] = [0];
  let sum = 0;
  let most = 0;
  let angles = 0;
  const link = (): void => {
    counts[counts.length - 1]++;
    sum++;
  };
  const open = (): void => {
    link();
    counts.push(0);
  };
  const close = (): void => {
    if (counts.length > 1) sum -= counts.pop()!;
  };
  for (const token of jsTokens(text, { jsx }) as Iterable<{ type: string; value: string }>) {
    switch (token.type) {
      case 'Punctuator':
      case 'JSXPunctuator': {
        const v = token.value;
        if (v === '(' || v === '[' || v === '{') open();
        else if (v === ')' || v === ']' || v === '}') close();
        else if (v === ';' || v === ',') {
          sum -= counts[counts.length - 1];
          counts[counts.length - 1] = 0;
        } else {
          if (v === '<') angles++;
          link();
        }
        break;
      }
      case 'TemplateHead':
        open();
        break;
      case 'TemplateMiddle':
        close();
        open();
        break;
      case 'TemplateTail':
        close();
        break;
      case 'NoSubstitutionTemplate':
        link();
        break;
      case 'RegularExpressionLiteral':
        literalPaths += sum + counts.length + 1;
        break;
      case 'NumericLiteral':
        if (token.value.endsWith('n')) literalPaths += sum + counts.length + 1;
        break;
      default:
        break;
    }
    const depth = sum + counts.length - 1;
    if (depth > most) most = depth;
  }
  return { nesting: Math.max(most, angles, keywords), literalPaths };
}

/** Pieces the generated texts are made of: brackets (balanced or not), templates, regular expressions, BigInts, JSX, strings, comments, operators. */
const PIECES = [
  '(', ')', '[', ']', '{', '}', ';', ',', '<', '>', '<=', '<<', '=>', '?.', '...', '=', '+', '-', '!', '~', '?', ':', '.', '&&', '||', '??', '*', '/', '%',
  'a', 'b1', 'if', 'else', 'new', 'await', 'typeof', 'keyof', 'in', 'as', ' ', '\n', '\t',
  '`t`', '`x${', '}y${', '}z`', 'tag`q`', '/re[/]x/g', '/a/', '10n', '0x1fn', '1.5', '"s(;,"', "'q]'", '// c ( [\n', '/* ) ; */',
  '<div a="1">', '</div>', '<A b={c}>', '{x}', '</A>', '<br />', 'text & more',
];

function generated(count: number, seed: number): string[] {
  const next = random(seed);
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = 1 + Math.floor(next() * 120);
    let text = '';
    for (let k = 0; k < length; k++) text += PIECES[Math.floor(next() * PIECES.length)];
    texts.push(text);
  }
  return texts;
}

const nested = [
  'x = ' + '('.repeat(3000) + '1' + ')'.repeat(3000) + ';',
  'const t = ' + '`a${'.repeat(600) + 'b' + '}c`'.repeat(600) + ';',
  'let v = ' + 'a?b:'.repeat(2000) + 'c;',
  'type T = ' + 'A<'.repeat(1500) + 'B' + '>'.repeat(1500) + ';',
  'f(' + '/r/, 1n, '.repeat(500) + ');\n' + '}'.repeat(40) + ')'.repeat(40) + 'a + b;',
  'const el = ' + '<a>{'.repeat(400) + 'x' + '}</a>'.repeat(400) + ';',
];

const dirs = [join(import.meta.dirname, 'corpus'), ...readdirSync(join(import.meta.dirname, 'fixtures')).map((d) => join(import.meta.dirname, 'fixtures', d))];
const files = dirs.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => /\.[cm]?[jt]sx?$/.test(f))
    .map((f) => readFileSync(join(dir, f), 'utf8')),
);

describe('tokenBounds: the same bound as the straightforward walk', () => {
  for (const [label, texts, withLiterals] of [
    ['the test fixtures and corpus', files, false],
    ['deeply nested shapes and unbalanced closers', nested, true],
    ['2,000 generated texts of brackets, templates, literals, JSX, strings and comments', generated(2000, 30), true],
  ] as const) {
    it(label, () => {
      expect(texts.length).toBeGreaterThan(5);
      let differing = 0;
      let deep = 0;
      let literals = 0;
      for (const text of texts) {
        for (const jsx of [false, true]) {
          const got = tokenBounds(text, jsx, 0);
          const want = referenceBounds(text, jsx, 0);
          if (got.nesting !== want.nesting || got.literalPaths !== want.literalPaths) {
            differing++;
            if (differing === 1) expect({ text: text.slice(0, 300), jsx, got }).toEqual({ text: text.slice(0, 300), jsx, got: want });
          }
          if (want.nesting > 2) deep++;
          if (want.literalPaths > 0) literals++;
        }
      }
      expect(differing).toBe(0);
      expect(deep).toBeGreaterThan(texts.length / 2);
      if (withLiterals) expect(literals).toBeGreaterThan(0);
    });
  }

  it('takes the keyword count given (the largest of it, the walk and the angle brackets)', () => {
    expect(tokenBounds('a(b(c));', false, 9000).nesting).toBe(9000);
    expect(tokenBounds('a(b(c));', false, 0).nesting).toBe(referenceBounds('a(b(c));', false, 0).nesting);
  });
});
