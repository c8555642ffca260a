import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { literalsOf } from '../engine/project/modules.js';

/**
 * The expression `literalsOf` used before issue 30's round eight: the specifier words as an optional prefix of the
 * literal, tried at every character. The new reading (the quote's left side read backwards) must give the same
 * literals on any text.
 */
const EARLIER = /(\bfrom\s*|\b(?:import|require)\s*\(?\s*)?(?:'(?:\\[\s\S]|[^'\\\n\r])*'|"(?:\\[\s\S]|[^"\\\n\r])*"|`(?:\\[\s\S]|[^`\\])*`)/g;

function earlier(text: string): string {
  const out: string[] = [];
  for (const m of text.matchAll(EARLIER)) if (m[1] === undefined) out.push(m[0]);
  return out.join('\n');
}

describe('literalsOf (the strings of an imported module, issue 30 round eight)', () => {
  it('leaves out module specifiers and keeps every other literal', () => {
    const text = [
      "import a from './a'; import './side'; const b = require( \"./b\" ); const c = await import(`./c`);",
      "export * from '@server/x'; const url = 'https://webexapis.com/v1/rooms'; const t = `${base}/people`;",
      "const fromage = 'x'; const _from = 'y'; const $import = ('z'); obj.require('w'); xfrom 'v'",
    ].join('\n');
    expect(literalsOf(text).split('\n')).toEqual(["'https://webexapis.com/v1/rooms'", '`${base}/people`', "'x'", "'y'", "'z'", "'v'"]);
    // A method named `require` reads as a specifier too (as it did): a string less for the gates, never one more.
  });

  it('gives what the earlier expression gave, on generated texts around the specifier words', () => {
    const piece = fc.constantFrom('from', 'import', 'require', 'xfrom', 'from_', '$from', 'im port', '(', ')', ' ', '\n', '\t', '\u00A0', '\u2028', "'", '"', '`', '\\', '${', '}', 'a', '/', '.', ';', 'é', "'s'", '"d"', '`t`');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(literalsOf(text)).toBe(earlier(text));
      }),
      { numRuns: 5000 },
    );
  });
});
