/**
 * `readsBrowserGlobals` (engine/project/context.ts) searches a module's code as it tokenizes it and stops at the
 * first read: the same answer as tokenizing the whole text first (comments and string texts dropped), on generated
 * modules whose reads of `window.`/`document.` sit in code, comments, strings and templates, before and after the
 * points where the growing code is searched.
 */
import jsTokens from 'js-tokens';
import { describe, expect, it } from 'vitest';
import { readsBrowserGlobals } from '../engine/project/context.js';
import { random } from './helpers/random.js';

/** The rule written out: the whole text tokenized, comments and string texts blanked, then searched. */
function wholeText(text: string): boolean {
  const read = /\b(?:window|document|localStorage|sessionStorage|navigator)\s*\??\.\s*[A-Za-z_$]/;
  if (!read.test(text)) return false;
  const notCode = new Set(['SingleLineComment', 'MultiLineComment', 'StringLiteral', 'NoSubstitutionTemplate', 'TemplateHead', 'TemplateMiddle', 'TemplateTail']);
  let code = '';
  for (const t of jsTokens(text)) code += notCode.has(t.type) ? ' ' : t.value;
  return read.test(code);
}

// Pieces of a module: reads in code (some split by a comment or `?.`), the same words in comments, strings and
// templates, look-alikes (`mywindow.x`, `windows.x`, `window.` then a digit), and filler that moves them past the
// points where the code is searched (4 KB, 8 KB, ...).
const CODE_READS = ['window.location', 'document .title', 'navigator?.language', 'window/* c */.x', 'window.\n  open', '${window.name}'];
const QUIET = ['// the window.width\n', '/* document.body */', "'window.x'", '"navigator.y"', '`document.z`', 'mywindow.x;', 'windows.x;', 'const w = window;', 'a = window.1;', '`t ${"window.q"}`'];
const FILLER = ['const a = 1;\n', 'function f(x) { return x * 2; }\n', '// a comment line\n', "const s = 'text';\n", '/* block\n comment */\n'];

function module(next: () => number): string {
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  let out = '';
  const parts = 4 + Math.floor(next() * 10);
  for (let i = 0; i < parts; i++) {
    const r = next();
    if (r < 0.04) out += `${pick(CODE_READS).startsWith('$') ? `const t = \`${pick(CODE_READS)}\`` : `use(${pick(CODE_READS)})`};\n`;
    else if (r < 0.4) out += `${pick(QUIET)}\n`;
    else out += pick(FILLER).repeat(1 + Math.floor(next() * 120));
  }
  return out;
}

describe('a module reads browser globals in its code', () => {
  it('the same answer as tokenizing the whole text, on 300 generated modules', () => {
    const next = random(47);
    const seen = { yes: 0, no: 0, long: 0 };
    for (let i = 0; i < 300; i++) {
      const text = module(next);
      const expected = wholeText(text);
      expect(readsBrowserGlobals(text), text).toBe(expected);
      seen[expected ? 'yes' : 'no']++;
      if (text.length > 8192) seen.long++;
    }
    // Both answers, and modules long enough to be searched at more than one point.
    expect(seen.yes).toBeGreaterThan(30);
    expect(seen.no).toBeGreaterThan(30);
    expect(seen.long).toBeGreaterThan(30);
  });

  it('a read found early, late, or only in comments and strings', () => {
    const filler = '// window.x in a comment\nconst a = "document.y";\n'.repeat(400);
    expect(readsBrowserGlobals(`window.open();\n${filler}`)).toBe(true);
    expect(readsBrowserGlobals(`${filler}document.title = 'x';\n`)).toBe(true);
    expect(readsBrowserGlobals(filler)).toBe(false);
    // A read split across the point where the code is first searched.
    const pad = 'x'.repeat(4090);
    expect(readsBrowserGlobals(`const ${pad} = 1; window\n\n.location;`)).toBe(true);
  });
});
