import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeIfUnchanged } from '../../../cli/fix/writer.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cm-writer-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeIfUnchanged', () => {
  it('replaces the file, keeps its mode bits and leaves no temporary file', () => {
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, '\uFEFFold\r\n');
    chmodSync(file, 0o751);
    expect(writeIfUnchanged(file, '\uFEFFold\r\n', '\uFEFFnew\r\n')).toEqual({ ok: true });
    expect(readFileSync(file, 'utf8')).toBe('\uFEFFnew\r\n');
    expect(statSync(file).mode & 0o777).toBe(0o751);
    expect(readdirSync(dir)).toEqual(['a.ts']);
  });

  it('writes through a symbolic link and keeps the link', () => {
    const target = path.join(dir, 'real.ts');
    const link = path.join(dir, 'link.ts');
    writeFileSync(target, 'old\n');
    symlinkSync(target, link);
    expect(writeIfUnchanged(link, 'old\n', 'new\n')).toEqual({ ok: true });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('new\n');
    expect(readdirSync(dir).sort()).toEqual(['link.ts', 'real.ts']);
  });

  it('does not overwrite a file that changed since it was read', () => {
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, 'edited by someone else\n');
    const r = writeIfUnchanged(file, 'what we read\n', 'our fix\n');
    expect(r).toEqual({ ok: false, reason: 'changed on disk since it was read; not overwritten' });
    expect(readFileSync(file, 'utf8')).toBe('edited by someone else\n');
  });

  it('reports a file deleted before the write', () => {
    const r = writeIfUnchanged(path.join(dir, 'gone.ts'), 'x', 'y');
    expect(r.ok).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});
