/**
 * Issue 28, item 4: an edit saved during --fix is never lost, nor reported as fixed. The saves are made at the
 * worst instant, deterministically: inside the writer's own file-system calls (wrapped here), an editor-style
 * save (a temporary file renamed over the original) right before the writer's rename or link, and an append
 * right before its in-place write. `npm run soak` races real processes.
 */
import * as realFs from 'node:fs';
import { linkSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A save to run once, just before the named call of the writer (then the call goes on). */
const hook = vi.hoisted(() => ({ before: undefined as undefined | { call: string; run: () => void } }));

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const wrap = <K extends 'renameSync' | 'linkSync' | 'writeSync' | 'ftruncateSync'>(name: K) =>
    ((...args: unknown[]) => {
      const h = hook.before;
      if (h && h.call === name) {
        hook.before = undefined;
        h.run();
      }
      return (real[name] as (...a: unknown[]) => unknown)(...args);
    }) as (typeof real)[K];
  const fs = { ...real, renameSync: wrap('renameSync'), linkSync: wrap('linkSync'), writeSync: wrap('writeSync'), ftruncateSync: wrap('ftruncateSync') };
  return { ...fs, default: fs };
});

const { removeStaleTempFiles, writeIfUnchanged } = await import('../../engine/fix/writer.js');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cm-harm3-race-'));
  hook.before = undefined;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What an editor does on save: the whole new text to a temporary file, renamed over the original. */
function editorSave(file: string, text: string): void {
  const tmp = `${file}.editor-swp`;
  realFs.writeFileSync(tmp, text);
  // The real rename: the hook is spent already.
  renameSync(tmp, file);
}

describe('an editor-style save during the replacement is kept (issue 28, item 4)', () => {
  it('a save landing just before the writer renames: the save stays, the file is not reported fixed', () => {
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, 'old\n');
    hook.before = { call: 'renameSync', run: () => editorSave(file, 'saved by the user\n') };
    const r = writeIfUnchanged(file, 'old\n', 'fixed\n');
    expect(readFileSync(file, 'utf8')).toBe('saved by the user\n');
    expect(r.ok).toBe(false);
    expect(readdirSync(dir)).toEqual(['a.ts']);
  });

  it('a save landing just before the new file takes the name: the save stays, not fixed, and the content read before is kept beside it, named', () => {
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, 'old\n');
    hook.before = { call: 'linkSync', run: () => editorSave(file, 'saved by the user\n') };
    const r = writeIfUnchanged(file, 'old\n', 'fixed\n');
    expect(readFileSync(file, 'utf8')).toBe('saved by the user\n');
    expect(r.ok).toBe(false);
    // What landed may be an append by name that made a new file with only the appended text: the original is
    // never deleted, so nothing can be lost; the reason names where it is.
    const kept = /kept in (\S+)$/.exec(r.ok ? '' : r.reason)?.[1];
    expect(kept).toBeDefined();
    expect(readFileSync(path.join(dir, kept!), 'utf8')).toBe('old\n');
    expect(readdirSync(dir).sort()).toEqual(['a.ts', kept!].sort());
  });

  it('without a concurrent save the file is fixed, with no file left beside it', () => {
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, 'old\n');
    expect(writeIfUnchanged(file, 'old\n', 'fixed\n')).toEqual({ ok: true });
    expect(readFileSync(file, 'utf8')).toBe('fixed\n');
    expect(readdirSync(dir)).toEqual(['a.ts']);
  });
});

describe('an append during the in-place write of a hard-linked file is kept (issue 28, item 4)', () => {
  for (const [what, after] of [
    ['a fix that makes the file longer', 'const fixedName = 1;\n'],
    ['a fix of the same length', 'const b = 1;\n'],
    ['a fix that makes it shorter', 'b;\n'],
  ] as const) {
    it(`${what}: the append stays, the old content with it, not fixed`, () => {
      const file = path.join(dir, 'a.ts');
      writeFileSync(file, 'const a = 1;\n');
      linkSync(file, path.join(dir, 'b.ts'));
      hook.before = { call: 'writeSync', run: () => appendFileSync(file, '// appended by the user\n') };
      const r = writeIfUnchanged(file, 'const a = 1;\n', after);
      expect(readFileSync(file, 'utf8')).toBe('const a = 1;\n// appended by the user\n');
      expect(r.ok).toBe(false);
    });
  }

  it('an append between the two writes of a growing fix is kept too', () => {
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, 'const a = 1;\n');
    linkSync(file, path.join(dir, 'b.ts'));
    // The second write appends the part past the old length; the user's append comes just before it.
    let calls = 0;
    hook.before = {
      call: 'writeSync',
      run: () => {
        calls++;
        hook.before = { call: 'writeSync', run: () => appendFileSync(file, '// appended by the user\n') };
      },
    };
    const r = writeIfUnchanged(file, 'const a = 1;\n', 'const fixedName = 1;\n');
    expect(calls).toBe(1);
    expect(readFileSync(file, 'utf8')).toBe('const a = 1;\n// appended by the user\n');
    expect(r.ok).toBe(false);
  });
});

describe('an original moved aside by a killed run goes back (issue 28, item 4)', () => {
  it('the next --fix puts it back under its name when nothing took the name; otherwise it stays beside', () => {
    // Process id 2^22 + 1 is above Linux's pid_max default: no such process.
    const aside = path.join(dir, '.a.ts.collab-migrate-4194305-0123abcd.orig');
    writeFileSync(aside, 'original\n');
    expect(removeStaleTempFiles([dir])).toEqual([aside]);
    expect(readdirSync(dir)).toEqual(['a.ts']);
    expect(readFileSync(path.join(dir, 'a.ts'), 'utf8')).toBe('original\n');
    const again = path.join(dir, '.a.ts.collab-migrate-4194305-0123abce.orig');
    writeFileSync(again, 'older\n');
    expect(removeStaleTempFiles([dir])).toEqual([]);
    expect(readFileSync(path.join(dir, 'a.ts'), 'utf8')).toBe('original\n');
    expect(readdirSync(dir).sort()).toEqual(['.a.ts.collab-migrate-4194305-0123abce.orig', 'a.ts']);
  });
});

describe('--fix keeps setuid and setgid bits (issue 28, item 18)', () => {
  const root = process.getuid?.() === 0;
  if (!root) console.warn('skipped: the setuid test needs root (to give the file another owner)');
  it.skipIf(!root)('a setuid, setgid file of another owner keeps its mode and owner', () => {
    const file = path.join(dir, 'tool.js');
    writeFileSync(file, 'old\n');
    realFs.chownSync(file, 1234, 2345);
    realFs.chmodSync(file, 0o6755);
    expect(writeIfUnchanged(file, 'old\n', 'new\n')).toEqual({ ok: true });
    const st = realFs.statSync(file);
    expect([st.mode & 0o7777, st.uid, st.gid]).toEqual([0o6755, 1234, 2345]);
    expect(readFileSync(file, 'utf8')).toBe('new\n');
  });
});
