import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FoundFile } from '../../../cli/walk/files.js';
import { readText } from '../../../cli/scan/scan-core.js';
import { hasVeryLongLines } from '../../../cli/walk/generated.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cm-read-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function found(name: string, content?: string | Buffer): FoundFile {
  const p = path.join(dir, name);
  if (content !== undefined) writeFileSync(p, content);
  return { path: p, display: name, language: name.endsWith('.json') ? 'config' : 'ts', size: 0 };
}

describe('readText', () => {
  it('keeps a BOM and CRLF in the text', () => {
    expect(readText(found('a.ts', '\uFEFFx\r\n'))).toEqual({ text: '\uFEFFx\r\n' });
  });
  it.each([
    ['empty.ts', '', 'empty file'],
    // A source file's name: binary content is counted as not analysed (issue 28).
    ['bin.ts', Buffer.concat([Buffer.from([1, 2, 0, 3]), Buffer.alloc(64)]), 'binary content in a source file'],
    ['bin.json', Buffer.from([1, 2, 0, 3]), 'binary file'],
    ['latin1.ts', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), 'not UTF-8 text'],
    ['lib.min.js', 'var a=1;', 'generated (minified: .min. in the name)'],
  ])('%s is skipped: %s', (name, content, reason) => {
    expect(readText(found(name, content))).toEqual({ reason });
  });
  it('a file deleted before it is read is skipped with a reason', () => {
    expect(readText(found('gone.ts'))).toEqual({ reason: 'cannot read (deleted during the scan)' });
  });
  it('applies the size limit a walk without stat left to the read, and reads the rest whole', () => {
    const big = found('big.ts', `// ${'x'.repeat(3000)}\n`);
    expect(readText({ ...big, size: undefined, maxSize: 1024 } as FoundFile)).toEqual({ reason: 'over the size limit (2.9 KB > 1 KB)' });
    expect(readText({ ...big, maxSize: 4096 } as FoundFile)).toEqual({ text: `// ${'x'.repeat(3000)}\n` });
  });
  it('texts read one after another through the reused buffer stay intact', () => {
    // Reads of different lengths share one buffer; every decoded text must be its own file's.
    const names = Array.from({ length: 20 }, (_, i) => `f${i}.ts`);
    const texts = names.map((n, i) => `export const v${i} = '${String.fromCharCode(97 + i).repeat(((i * 7919) % 5000) + 1)}';\n`);
    const files = names.map((n, i) => found(n, texts[i]));
    expect(files.map((f) => readText(f))).toEqual(texts.map((text) => ({ text })));
  });
  it('reads a file that reports size 0 to its end (procfs)', () => {
    const status = readText({ path: '/proc/self/status', display: 'status', language: 'config' });
    expect('text' in status && status.text).toMatch(/^Name:/);
  });
  it('a one-line JSON config is not treated as a bundle', () => {
    const json = JSON.stringify({ items: Array.from({ length: 4000 }, (_, i) => `value-${i}`) });
    expect(readText(found('data.json', json))).toEqual({ text: json });
  });
});

describe('hasVeryLongLines (a minified bundle; the .min. name is a signal of its own: generated.test.ts)', () => {
  // The definition, written plainly: the implementation stops early and searches lines natively.
  const reference = (text: string): boolean => {
    if (text.length < 20_000) return false;
    const lines = text.split('\n');
    const longest = Math.max(...lines.map((l) => l.length));
    return longest > 10_000 && text.length / lines.length > 1_000;
  };
  it('agrees with the plain definition on texts around its limits', () => {
    const shapes = [
      'x'.repeat(25_000),
      `${'x'.repeat(12_000)}\n${'y'.repeat(12_000)}`,
      `${'x'.repeat(10_001)}\n`.repeat(3),
      `${'x'.repeat(9_999)}\n`.repeat(3),
      `${'a\n'.repeat(30)}${'x'.repeat(20_000)}`,
      `${'a\n'.repeat(25)}${'x'.repeat(20_000)}`,
      `${'x'.repeat(20_000)}${'\n'.repeat(21)}`,
      `${'x'.repeat(20_000)}${'\n'.repeat(19)}`,
      '\n'.repeat(20_000),
    ];
    for (const text of shapes) expect(hasVeryLongLines(text), `${text.length} chars, ${text.split('\n').length} lines`).toBe(reference(text));
  });

  it('flags few very long lines, not ordinary code', () => {
    const line = `var a={${Array.from({ length: 3000 }, (_, i) => `k${i}:${i}`).join(',')}};`;
    expect(hasVeryLongLines(line)).toBe(true);
    const normal = Array.from({ length: 2000 }, (_, i) => `export const v${i} = ${i};`).join('\n');
    expect(hasVeryLongLines(normal)).toBe(false);
    // one long data line in an otherwise ordinary file is not a bundle
    expect(hasVeryLongLines(`${normal}\nexport const blob = '${'x'.repeat(15_000)}';\n`)).toBe(false);
  });
});
