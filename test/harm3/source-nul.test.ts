/**
 * Issue 28, item 10: one NUL byte in a comment made a valid `.ts` file "binary": skipped, not counted as
 * unanalysed, so `--fail-on-unanalysed` passed. A file whose extension says source is read: analysed, or listed
 * as not analysed with the reason.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readText } from '../../cli/walk/read.js';
import { isUnanalysedReason } from '../../cli/report/unanalysed.js';
import { parseSource } from '../../engine/parse/parse.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-harm3-nul-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function read(name: string, bytes: Buffer) {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const language = /\.(ts|js)$/.test(name) ? (name.endsWith('.ts') ? 'ts' : 'js') : 'config';
  return readText({ path: file, display: name, language } as Parameters<typeof readText>[0]);
}

describe('a NUL byte does not make a source file binary (issue 28, item 10)', () => {
  it('a .ts file with a NUL in a comment is read and parses', () => {
    const r = read('a.ts', Buffer.from("// a NUL here: \0 and on\nexport const h = { 'X-Spark-Signature': 1 };\n"));
    expect('text' in r).toBe(true);
    expect(parseSource((r as { text: string }).text, 'a.ts').ok).toBe(true);
  });

  it('a .js or .ts file that is really binary is listed as not analysed, not as skipped binary', () => {
    const r = read('b.js', Buffer.from([0x00, 0xff, 0xfe, 0x00, 0x80, 0x81]));
    expect(r).toEqual({ reason: 'not UTF-8 text' });
    expect(isUnanalysedReason((r as { reason: string }).reason)).toBe(true);
    const elf = read('c.ts', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1]), Buffer.from("headers['X-Spark-Signature']"), Buffer.alloc(64)]));
    expect(elf).toEqual({ reason: 'binary content in a source file' });
    expect(isUnanalysedReason((elf as { reason: string }).reason)).toBe(true);
  });

  it('a configuration file with a NUL is still judged binary (it is not source)', () => {
    expect(read('c.json', Buffer.from('{"a":"\0"}'))).toEqual({ reason: 'binary file' });
  });
});
