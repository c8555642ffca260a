/**
 * A markup values' group's tokens are searched in its values alone (engine/read/script-blocks.ts `groupSource`,
 * engine/analyze.ts): the same tokens as its blanked text and its cut text when `valueTokensSuffice` holds for the
 * tokens, on generated pages whose attribute values (quoted either way, holding the other quote, spaces and `;`) start
 * and end with parts of tokens. The look-alikes: a token running from a value's quote into the blank after it, or
 * across the line break between two values, is found in one text and not the other, and the rule says so.
 */
import { describe, expect, it } from 'vitest';
import { groupSource, groupTokenText, scriptGroups, valueTokensSuffice } from '../engine/read/script-blocks.js';
import { TokenScanner } from '../engine/prefilter/prefilter.js';
import { random } from './helpers/random.js';

// Tokens with spaces or `;` (no quote), with quotes (no blank), and parts of both across values.
const TOKENS = ['single license - ', "'iss'", '"iss"', "it's", 'webexapis.com', 'a b', 'x;y', 'ab', 'v1/', 'Authorize'];
const PIECES = ['single license', ' - ', 'iss', "'", 'it', 's', 'webex', 'apis.com', 'a', ' ', 'b', 'x', ';', 'y', 'v1', '/', 'author', 'IZE', 'Q'];

function page(next: () => number): string {
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const words = (n: number): string => Array.from({ length: n }, () => pick(PIECES)).join('');
  let out = '<body>\n';
  const values = 1 + Math.floor(next() * 6);
  for (let i = 0; i < values; i++) {
    // Markup between values: none, short or long, with line breaks; a value quoted with either quote, holding the other.
    out += `<p class="${words(1)}">${words(Math.floor(next() * 3))}${'text\n'.repeat(Math.floor(next() * 4))}</p>`;
    const q = next() < 0.5 ? '"' : "'";
    const value = words(1 + Math.floor(next() * 5)).replaceAll(q, '');
    out += next() < 0.3 ? `<img src=${q}${value}${q} ${next() < 0.5 ? '' : `data-x=${q}${value}${q}`}>` : `<a href=${q}${value}${q}>${words(1)}</a>`;
  }
  return out + '\n</body>\n';
}

describe("a markup values' group's tokens, searched in its values alone", () => {
  const scanner = new TokenScanner(TOKENS);
  const keep = Math.max(...scanner.tokens.map((t) => t.length));

  it('the rule holds for these tokens (quotes without blanks, blanks without quotes)', () => {
    expect(valueTokensSuffice(scanner.tokens)).toBe(true);
  });

  it('on 1,500 generated pages, the same tokens as the blanked text and the cut text', () => {
    const next = random(30);
    let groups = 0;
    let found = 0;
    for (let i = 0; i < 1500; i++) {
      const text = page(next);
      for (const group of scriptGroups(text, 'page.html')) {
        if (!group.markup) continue;
        groups++;
        const values = [...scanner.present(groupSource(text, group))].sort();
        if (values.length > 0) found++;
        expect(values, text).toEqual([...scanner.present(group.text)].sort());
        expect(values, text).toEqual([...scanner.present(groupTokenText(text, group, keep))].sort());
      }
    }
    expect(groups).toBeGreaterThan(1000);
    expect(found).toBeGreaterThan(100);
  });

  it('a token from a quote into the blank after it: found in the blanked text only, and the rule does not hold', () => {
    const text = '<body>\n<a href="https://webexapis.com/v1/x">in</a><a href="/b">out</a>\n</body>\n';
    const [group] = scriptGroups(text, 'page.html').filter((g) => g.markup);
    const tokens = new TokenScanner(['v1/x";']);
    expect(tokens.present(group!.text).size).toBe(1);
    expect(tokens.present(groupSource(text, group!)).size).toBe(0);
    expect(valueTokensSuffice(tokens.tokens)).toBe(false);
  });

  it('a token across the line break between two values: found in the values only, and the rule does not hold', () => {
    const text = '<body>\n<a href="a">in</a><a href="b">out</a>\n</body>\n';
    const [group] = scriptGroups(text, 'page.html').filter((g) => g.markup);
    const tokens = new TokenScanner(['"\n"']);
    expect(tokens.present(groupSource(text, group!)).size).toBe(1);
    expect(tokens.present(group!.text).size).toBe(0);
    expect(valueTokensSuffice(tokens.tokens)).toBe(false);
    // Only blanks: never (a cut keeps no blank whole), whatever the quotes.
    expect(valueTokensSuffice([' ;'])).toBe(false);
  });
});
