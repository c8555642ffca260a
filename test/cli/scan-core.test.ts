import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FoundFile } from '../../cli/files.js';
import { isMinified, readText } from '../../cli/scan-core.js';

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
    ['bin.ts', Buffer.from([1, 2, 0, 3]), 'binary file'],
    ['latin1.ts', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), 'not UTF-8 text'],
    ['lib.min.js', 'var a=1;', 'minified bundle'],
  ])('%s is skipped: %s', (name, content, reason) => {
    expect(readText(found(name, content))).toEqual({ reason });
  });
  it('a file deleted before it is read is skipped with a reason', () => {
    expect(readText(found('gone.ts'))).toEqual({ reason: 'cannot read (deleted during the scan)' });
  });
  it('a one-line JSON config is not treated as a bundle', () => {
    const json = JSON.stringify({ items: Array.from({ length: 4000 }, (_, i) => `value-${i}`) });
    expect(readText(found('data.json', json))).toEqual({ text: json });
  });
});

describe('isMinified', () => {
  it('flags few very long lines, not ordinary code', () => {
    const line = `var a={${Array.from({ length: 3000 }, (_, i) => `k${i}:${i}`).join(',')}};`;
    expect(isMinified('bundle.js', line)).toBe(true);
    const normal = Array.from({ length: 2000 }, (_, i) => `export const v${i} = ${i};`).join('\n');
    expect(isMinified('big.ts', normal)).toBe(false);
    // one long data line in an otherwise ordinary file is not a bundle
    expect(isMinified('data.ts', `${normal}\nexport const blob = '${'x'.repeat(15_000)}';\n`)).toBe(false);
  });
});
