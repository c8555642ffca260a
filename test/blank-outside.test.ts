/**
 * blankOutside (engine/read/script-blocks.ts) makes a markup file's blanked copy either in a one-byte buffer (every
 * kept character Latin-1) or from the text's slices: both must give, character for character, what the rule says.
 */
import { describe, expect, it } from 'vitest';
import { blankOutside } from '../engine/read/script-blocks.js';

/** The rule, one character at a time: kept inside the ranges, line breaks kept, every other character a space; joined: a `;` for the first blank character after each range but the last when it is a space. */
function reference(text: string, ranges: ReadonlyArray<readonly [number, number]>, joined: boolean): string {
  const out = text.split('');
  const kept = new Array<boolean>(text.length).fill(false);
  for (const [a, b] of ranges) for (let i = a; i < b; i++) kept[i] = true;
  for (let i = 0; i < text.length; i++) if (!kept[i] && !/[\n\r\u2028\u2029]/.test(text[i])) out[i] = ' ';
  if (joined) ranges.forEach(([, end], k) => {
    const next = ranges[k + 1];
    if (next && end < next[0] && out[end] === ' ') out[end] = ';';
  });
  return out.join('');
}

/** A deterministic generator (no flaky seeds). */
function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
}

const PIECES = ['a', 'b', '<', '>', '"', ' ', '\t', '\n', '\r\n', '\r', 'é', 'ÿ', '\u00a0', '—', '😀', '\u2028', '\u2029', 'https://webexapis.com/v1/rooms', ';'];

describe('blankOutside', () => {
  it('gives the rule on 3,000 generated texts and ranges, one-byte or not, joined or not', () => {
    const rnd = random(7);
    let oneByte = 0;
    for (let n = 0; n < 3000; n++) {
      // Most texts without the wide pieces, so the one-byte path is taken as often as the other.
      const pool = n % 2 === 0 ? PIECES.filter((p) => /^[\u0000-\u00ff]*$/.test(p)) : PIECES;
      let text = '';
      const length = Math.floor(rnd() * 40);
      for (let i = 0; i < length; i++) text += pool[Math.floor(rnd() * pool.length)];
      const cuts = Array.from({ length: Math.floor(rnd() * 6) * 2 }, () => Math.floor(rnd() * (text.length + 1))).sort((x, y) => x - y);
      const ranges: Array<[number, number]> = [];
      for (let i = 0; i + 1 < cuts.length; i += 2) ranges.push([cuts[i], cuts[i + 1]]);
      const joined = rnd() < 0.5;
      if (!/[^\u0000-\u00ff]/.test(text)) oneByte++;
      expect(blankOutside(text, ranges, joined), JSON.stringify({ text, ranges, joined })).toBe(reference(text, ranges, joined));
    }
    expect(oneByte).toBeGreaterThan(1000);
  });

  it('keeps a wide character of the markup out of the copy, and one inside a block in it', () => {
    const text = '<p>😀 “x”</p><script>fetch("https://webexapis.com/v1/rooms")</script>\u2028<b>é</b>';
    const start = text.indexOf('fetch');
    const end = text.indexOf('</script>');
    expect(blankOutside(text, [[start, end]], true)).toBe(reference(text, [[start, end]], true));
    const wide = '<script>a("😀")</script>';
    expect(blankOutside(wide, [[8, wide.indexOf('</')]], false)).toBe(reference(wide, [[8, wide.indexOf('</')]], false));
  });
});
