/**
 * A markup group's tokens are searched in a cut copy of its blanked text (engine/read/script-blocks.ts
 * `groupTokenText`, used by engine/analyze.ts): the same tokens as the blanked text itself, on generated pages whose
 * blocks and attribute values (a page's and a component's) end and start with parts of tokens, tokens that end or start with a space or a `;`,
 * and blanks shorter and longer than the cut keeps. The look-alike: a cut that kept too few characters loses a token
 * that runs into the blank.
 */
import { describe, expect, it } from 'vitest';
import { groupTokenText, scriptGroups } from '../engine/read/script-blocks.js';
import { TokenScanner } from '../engine/prefilter/prefilter.js';
import { random } from './helpers/random.js';

// The longest tokens are mostly blank, so a cut keeping one character too few loses them; `w;` needs the `;` written after a block.
const TOKENS = ['single license - ', 'webexapis.com', 'v1/', '/people', 'x;y', ' ;z', 'a b', 'authorize', 'ab', 'jwt', 'w;', '";', `w${' '.repeat(20)}`, `${' '.repeat(20)}n`];
const PIECES = ['single license', ' - ', 'webex', 'apis.com', 'v1', '/', 'people', 'x', ';', 'y', ' ', 'z', 'a', 'b', 'author', 'ize', 'jw', 't', '\n', 'Q', 'w', 'n'];

function page(next: () => number): string {
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const words = (n: number): string => Array.from({ length: n }, () => pick(PIECES)).join('');
  let out = '';
  const blocks = 1 + Math.floor(next() * 5);
  for (let i = 0; i < blocks; i++) {
    // Markup between blocks: short (kept whole) or long (cut), with line breaks.
    out += `<p>${words(Math.floor(next() * 3))}${'filler text\n'.repeat(Math.floor(next() * 12))}</p>`;
    out += next() < 0.5 ? `<script>${words(1 + Math.floor(next() * 6))}</script>` : `<a href="${words(1 + Math.floor(next() * 6)).replace(/["\n\\]/g, '')}">${words(2)}</a>`;
  }
  return out + words(Math.floor(next() * 3));
}

describe('a markup group searched in its cut text finds the tokens of its blanked text', () => {
  const scanner = new TokenScanner(TOKENS);
  const keep = Math.max(...scanner.tokens.map((t) => t.length));

  it('on 1,500 generated pages, every group', () => {
    const next = random(26);
    let groups = 0;
    let cut = 0;
    for (let i = 0; i < 1500; i++) {
      const text = page(next);
      // A page's blocks are a group each; a component's blocks are one group, a `;` written after each but the last.
      for (const group of scriptGroups(text, i % 2 ? 'page.vue' : 'page.html')) {
        groups++;
        const short = groupTokenText(text, group, keep);
        if (short.length < group.text.length) cut++;
        expect([...scanner.present(short)].sort(), text).toEqual([...scanner.present(group.text)].sort());
      }
    }
    // The generator makes both kinds of group, and blanks long enough to be cut.
    expect(groups).toBeGreaterThan(1500);
    expect(cut).toBeGreaterThan(300);
  });

  it('a token that runs from a block into the blank after it is kept; a cut keeping fewer characters than the longest token loses it', () => {
    const text = `<script>single license -</script>${'<p>markup</p>'.repeat(20)}<script>z</script>`;
    const [first] = scriptGroups(text, 'page.html');
    expect(scanner.present(first!.text).has('single license - ')).toBe(true);
    expect(groupTokenText(text, first!, keep).length).toBeLessThan(first!.text.length);
    expect(scanner.present(groupTokenText(text, first!, keep)).has('single license - ')).toBe(true);
    // The space the token ends with is the blanked `<` of `</script>`: a cut keeping no character drops it.
    expect(scanner.present(groupTokenText(text, first!, 0)).has('single license - ')).toBe(false);
  });

  it('cut from the blanked text, it is the cut with every blank written anew (character for character, 1,500 pages)', () => {
    // The rule written out: each blank of the page's text as blankOutside writes it (a `;` for the first space
    // after a block), cut to its first and last `keep` characters when longer than twice that.
    const blankRun = (s: string): string => s.replace(/[^\n\r\u2028\u2029]/g, ' ');
    const written = (text: string, blocks: ReadonlyArray<{ start: number; end: number }>, k: number): string => {
      const gap = (from: number, to: number, afterBlock: boolean): string => {
        const long = to - from > 2 * k;
        const head = blankRun(text.slice(from, long ? from + k : to));
        return (afterBlock && head.startsWith(' ') ? ';' + head.slice(1) : head) + (long ? blankRun(text.slice(to - k, to)) : '');
      };
      let out = '';
      let last = 0;
      blocks.forEach((b, i) => {
        out += gap(last, b.start, i > 0) + text.slice(b.start, b.end);
        last = b.end;
      });
      return out + gap(last, text.length, false);
    };
    const next = random(30);
    for (let i = 0; i < 1500; i++) {
      // Some pages hold a wide character, so both ways of blanking (one-byte buffer, slices) are read.
      const text = page(next) + (i % 3 === 0 ? '<p>\u2014 \u{1f600}</p>' : '');
      for (const group of scriptGroups(text, i % 2 ? 'page.vue' : 'page.html')) {
        for (const k of [0, 1, 5, keep]) expect(groupTokenText(text, group, k), text).toBe(written(text, group.blocks, k));
      }
    }
  });
});
