import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonPrintable, lineStartName, printable } from '../engine/read/printable.js';

/** The rule lineStartName states, with the Unicode classes (what it decided with before it looked at ASCII alone). */
const PLAIN = /^[\p{L}\p{N}_./@+=,~-][\p{L}\p{N}_./@+=,~()[\]:#%-]*$/u;
const reference = (name: string): string => {
  const shown = printable(name);
  return PLAIN.test(shown) ? shown : `'${shown.replace(/'/g, "'\\''")}'`;
};

// lineStartName decides an ASCII name without the `\p{L}`/`\p{N}` expression (made on first use: V8 builds its ranges from
// ICU, issue 30, item 2); the answer must be the rule's for every name.
describe('lineStartName', () => {
  it('quotes exactly the names the Unicode rule quotes, ASCII or not (property)', () => {
    const ascii = fc.constantFrom(...Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)));
    const wide = fc.constantFrom('\u00E9', '\u00C9', '\u0663', '\u00B2', '\u2014', '\u00A0', '\u202E', '\u{1F600}', '\u4E2D', '\u0130');
    fc.assert(
      fc.property(fc.array(fc.oneof(ascii, ascii, ascii, wide), { maxLength: 12 }), (parts) => {
        const name = parts.join('');
        expect(lineStartName(name), JSON.stringify(name)).toBe(reference(name));
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps plain names as they are and quotes the rest', () => {
    expect(lineStartName('src/a-b_c.ts')).toBe('src/a-b_c.ts');
    expect(lineStartName('r\u00E9sum\u00E9/\u4E2D.ts')).toBe('r\u00E9sum\u00E9/\u4E2D.ts');
    expect(lineStartName('x[1]:#%.ts')).toBe('x[1]:#%.ts');
    // Look-alikes: a name starting with `(`, `:` or `#`, one with a space, a quote or a control character.
    expect(lineStartName('::add-mask::x.ts')).toBe("'::add-mask::x.ts'");
    expect(lineStartName('(x).ts')).toBe("'(x).ts'");
    expect(lineStartName("a b's.ts")).toBe("'a b'\\''s.ts'");
    expect(lineStartName('a\nb.ts')).toBe("'a\\nb.ts'");
    expect(lineStartName('\u00B2.ts')).toBe('\u00B2.ts');
    expect(lineStartName('\u2014.ts')).toBe("'\u2014.ts'");
  });
});

// U+2028 and U+2029 end a line for JavaScript and for editors (VS Code breaks the line there): a file name holding one
// came out raw in every report (the thirty-first session's audit), so a report opened in an editor showed a line the
// repository wrote.
describe('line and paragraph separators', () => {
  it('are escaped in names and text, and in JSON as \\u escapes (the same value to a reader)', () => {
    expect(printable('a\u2028b\u2029c')).toBe('a\\u2028b\\u2029c');
    expect(lineStartName('src/a\u2028::add-mask::x.ts')).toBe("'src/a\\u2028::add-mask::x.ts'");
    const json = jsonPrintable(JSON.stringify({ file: 'a\u2028b.ts' }));
    expect(json).toBe('{"file":"a\\u2028b.ts"}');
    expect(JSON.parse(json)).toEqual({ file: 'a\u2028b.ts' });
  });
});
