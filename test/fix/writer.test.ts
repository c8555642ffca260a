import { chmodSync, chownSync, closeSync, linkSync, lstatSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeText, HELD_MAX, removeStaleTempFiles, settleWrites, writeIfUnchanged } from '../../engine/fix/writer.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cm-writer-'));
});
afterEach(() => {
  // Nothing held over from one test to the next.
  settleWrites();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The race of the writer's settle point, forced: another program opens `file` before the fix replaces it and appends
 * `EDIT` after every check the write makes, so its edit lands in the replaced original.
 */
function fixWhileAnotherWriterAppends(file: string): void {
  writeFileSync(file, 'old\n');
  const appender = openSync(file, 'a');
  try {
    expect(writeIfUnchanged(file, 'old\n', 'new\n')).toEqual({ ok: true });
    writeSync(appender, 'EDIT\n');
  } finally {
    closeSync(appender);
  }
}

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

describe('writeIfUnchanged keeps what it cannot see coming', () => {
  it('keeps the links of a file with more than one hard link: written in place, and says so', () => {
    const file = path.join(dir, 'a.ts');
    const other = path.join(dir, 'b.ts');
    writeFileSync(file, 'old\n');
    linkSync(file, other);
    const r = writeIfUnchanged(file, 'old\n', 'new\n');
    expect(r).toEqual({ ok: true, note: 'written in place: the file has 2 hard links' });
    expect(readFileSync(other, 'utf8')).toBe('new\n');
    expect(statSync(file).ino).toBe(statSync(other).ino);
    expect(readdirSync(dir).sort()).toEqual(['a.ts', 'b.ts']);
  });

  // Needs setfattr/getfattr (the attr package) and a file system with user attributes; skipped, and said, without.
  const attr = spawnSync('setfattr', ['--version']).status === 0 && spawnSync('getfattr', ['--version']).status === 0;
  if (!attr) console.warn('skipped: setfattr/getfattr (package attr) are not installed, so the extended-attribute test does not run');
  it.skipIf(!attr)('keeps the extended attributes of a file: written in place, and says so (needs getfattr)', () => {
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, 'old\n');
    const set = spawnSync('setfattr', ['-n', 'user.origin', '-v', 'kept', file]);
    if (set.status !== 0) return void console.warn(`skipped: this file system takes no user attribute (${String(set.stderr).trim()})`);
    const inode = statSync(file).ino;
    const r = writeIfUnchanged(file, 'old\n', 'new\n');
    expect(r).toEqual({ ok: true, note: 'written in place: the file has extended attributes a new file would not carry (user.origin)' });
    expect(readFileSync(file, 'utf8')).toBe('new\n');
    expect(statSync(file).ino).toBe(inode);
    expect(spawnSync('getfattr', ['--only-values', '-n', 'user.origin', file], { encoding: 'utf8' }).stdout).toBe('kept');
    // A file without attributes is still replaced by a rename (a new inode).
    const plain = path.join(dir, 'p.ts');
    writeFileSync(plain, 'old\n');
    const before = statSync(plain).ino;
    expect(writeIfUnchanged(plain, 'old\n', 'new\n')).toEqual({ ok: true });
    expect(statSync(plain).ino).not.toBe(before);
  });

  it.skipIf(process.getuid?.() !== 0)('keeps the owner and group of a file owned by another user (run as root)', () => {
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, 'old\n');
    chownSync(file, 65534, 65534);
    expect(writeIfUnchanged(file, 'old\n', 'new\n')).toEqual({ ok: true });
    const st = statSync(file);
    expect([st.uid, st.gid]).toEqual([65534, 65534]);
    expect(readFileSync(file, 'utf8')).toBe('new\n');
  });

  it('writes UTF-16 files back in UTF-16, with their byte order mark', () => {
    for (const [encoding, bom] of [['utf16le', [0xff, 0xfe]], ['utf16be', [0xfe, 0xff]]] as const) {
      const file = path.join(dir, `${encoding}.ts`);
      writeFileSync(file, encodeText('\uFEFFconst a = "é";\r\n', encoding));
      expect(writeIfUnchanged(file, '\uFEFFconst a = "é";\r\n', '\uFEFFconst b = "é";\r\n')).toEqual({ ok: true });
      const bytes = readFileSync(file);
      expect([...bytes.subarray(0, 2)]).toEqual(bom);
      expect(bytes.equals(encodeText('\uFEFFconst b = "é";\r\n', encoding))).toBe(true);
    }
  });

  it('refuses a FIFO put in the file\'s place without hanging', () => {
    const file = path.join(dir, 'a.ts');
    execFileSync('mkfifo', [file]);
    const r = writeIfUnchanged(file, 'old\n', 'new\n');
    expect(r).toEqual({ ok: false, reason: 'no longer a regular file; not overwritten' });
  });

  it('removes temporary files of a killed run (dead process id), not those of a live one', () => {
    const dead = path.join(dir, '.a.ts.collab-migrate-999999999-0123abcd.tmp');
    const live = path.join(dir, `.a.ts.collab-migrate-${process.pid}-0123abcd.tmp`);
    const other = path.join(dir, '.a.ts.other-999999999-0123abcd.tmp');
    for (const f of [dead, live, other]) writeFileSync(f, 'x');
    expect(removeStaleTempFiles([dir, dir])).toEqual([dead]);
    expect(readdirSync(dir).sort()).toEqual([live, other].map((f) => path.basename(f)).sort());
  });

  it('puts back an edit written to the replaced original after the last check, through a descriptor opened before the rename', () => {
    // The interleaving the threaded test below met once in a full run, forced: the other writer opens the file
    // before the rename and writes after every check the write makes. Its edit lands in the replaced original,
    // which no name leads to any more; the settle point finds it there and puts it back.
    const file = path.join(dir, 'a.ts');
    fixWhileAnotherWriterAppends(file);
    expect(readFileSync(file, 'utf8')).toBe('new\n');
    expect(settleWrites()).toEqual([{ file, reason: 'changed on disk just after it was written (by a program that had it open); the edit was kept, not fixed' }]);
    expect(readFileSync(file, 'utf8')).toBe('old\nEDIT\n');
    expect(readdirSync(dir)).toEqual(['a.ts']);
    // Once settled, nothing is held: the next settle point has nothing to say.
    expect(settleWrites()).toEqual([]);
  });

  it('keeps both edits when the fixed file was edited too before the settle point: the newer stays, the earlier is kept beside it, named', () => {
    const file = path.join(dir, 'a.ts');
    fixWhileAnotherWriterAppends(file);
    writeFileSync(file, 'new\nSECOND EDIT\n');
    const [late, ...more] = settleWrites();
    expect(more).toEqual([]);
    expect(late.file).toBe(file);
    const kept = /kept in (\S+)$/.exec(late.reason)?.[1];
    expect(late.reason).toMatch(/^changed on disk twice just after it was written/);
    expect(readFileSync(file, 'utf8')).toBe('new\nSECOND EDIT\n');
    expect(readFileSync(path.join(dir, kept!), 'utf8')).toBe('old\nEDIT\n');
  });

  it('says nothing at the settle point when no one wrote to a replaced original, through a link too', () => {
    const target = path.join(dir, 'real.ts');
    const link = path.join(dir, 'link.ts');
    writeFileSync(target, 'old\n');
    symlinkSync(target, link);
    const reader = openSync(target, 'r');
    try {
      expect(writeIfUnchanged(link, 'old\n', 'new\n')).toEqual({ ok: true });
    } finally {
      closeSync(reader);
    }
    expect(settleWrites()).toEqual([]);
    expect(readFileSync(target, 'utf8')).toBe('new\n');
  });

  it(`checks the oldest replaced original early past ${HELD_MAX} held, and reports it at the settle point by the path given`, () => {
    const first = path.join(dir, 'f0.ts');
    fixWhileAnotherWriterAppends(first);
    for (let i = 1; i <= HELD_MAX; i++) {
      const f = path.join(dir, `f${i}.ts`);
      writeFileSync(f, 'old\n');
      expect(writeIfUnchanged(f, 'old\n', 'new\n')).toEqual({ ok: true });
    }
    // Checked already (the descriptors held stay within the limit): the edit is back before the settle point.
    expect(readFileSync(first, 'utf8')).toBe('old\nEDIT\n');
    expect(settleWrites()).toEqual([{ file: first, reason: 'changed on disk just after it was written (by a program that had it open); the edit was kept, not fixed' }]);
  });

  it('in place (a hard-linked file), an edit through a descriptor opened before lands in the file itself, after the fix: nothing to put back', () => {
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, 'old\n');
    linkSync(file, path.join(dir, 'b.ts'));
    const appender = openSync(file, 'a');
    try {
      expect(writeIfUnchanged(file, 'old\n', 'new\n').ok).toBe(true);
      writeSync(appender, 'EDIT\n');
    } finally {
      closeSync(appender);
    }
    expect(settleWrites()).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('new\nEDIT\n');
  });

  it('loses no edit appended by another writer the moment the temporary file appears', async () => {
    // A second thread watches the folder and appends to the file as soon as a temporary file of ours is
    // there: between our checks and the rename. Every edit it made must be in the file afterwards.
    const file = path.join(dir, 'a.ts');
    const rounds = 80;
    // [0] folder passes made, [1] stop; the thread's appends are listed in `made` by the temporary file's name.
    const shared = new Int32Array(new SharedArrayBuffer(8));
    const editor = new Worker(
      `const { workerData, parentPort } = require('worker_threads'); const fs = require('fs'); const path = require('path');
       const { dir, shared } = workerData; const seen = new Set();
       while (Atomics.load(shared, 1) === 0) {
         for (const n of fs.readdirSync(dir)) {
           if (n.endsWith('.tmp') && !seen.has(n)) {
             seen.add(n);
             try { fs.appendFileSync(path.join(dir, 'a.ts'), 'EDIT ' + n + '\\n'); parentPort.postMessage(n); } catch {}
           }
         }
         Atomics.add(shared, 0, 1);
       }`,
      { eval: true, workerData: { dir, shared } },
    );
    const made: string[] = [];
    editor.on('message', (n: string) => made.push(n));
    let checked = 0;
    let fixed = 0;
    const lost: string[] = [];
    const passes = async (n: number): Promise<void> => {
      const target = Atomics.load(shared, 0) + n;
      while (Atomics.load(shared, 0) < target) await new Promise((res) => setTimeout(res, 1));
    };
    try {
      await passes(1);
      for (let i = 0; i < rounds; i++) {
        writeFileSync(file, `old ${i}\n`);
        let r = writeIfUnchanged(file, `old ${i}\n`, `new ${i}\n`);
        // Two whole passes of the editor after the write: any append it was to make is made and posted.
        await passes(2);
        await new Promise((res) => setImmediate(res));
        // The settle point of a run: an append that reached the replaced original after the rename (the editor
        // opened it before, and wrote after the writer's last check) is put back here, and the fix undone.
        const late = settleWrites();
        if (late.length > 0) {
          expect(r.ok).toBe(true);
          expect(late.map((u) => u.file)).toEqual([file]);
          r = { ok: false, reason: late[0].reason };
        }
        let text = readFileSync(file, 'utf8');
        // An append by name in the instant the original stands aside (engine/fix/writer.ts swapIn: the name is
        // empty between the move aside and the link) creates a new file there: the run then reports the file
        // not fixed and names where the original is kept. Nothing is lost, but it is in two files, as reported.
        const kept = !r.ok && /kept in (\S+)$/.exec(r.reason ?? '')?.[1];
        if (kept && !text.startsWith(`old ${i}\n`)) {
          const original = readFileSync(path.join(dir, kept), 'utf8');
          expect(original.startsWith(`old ${i}\n`)).toBe(true);
          text = original + text;
          rmSync(path.join(dir, kept));
        }
        expect(text.startsWith(r.ok ? `new ${i}\n` : `old ${i}\n`)).toBe(true);
        if (r.ok) fixed++;
        for (; checked < made.length; checked++) if (!text.includes(`EDIT ${made[checked]}`)) lost.push(made[checked]);
        expect(readdirSync(dir)).toEqual(['a.ts']);
      }
    } finally {
      Atomics.store(shared, 1, 1);
      await editor.terminate();
    }
    // The race happened (the editor appended while temporary files existed), and no edit was lost: each
    // round either refused (the edit came before the last check), put the edit back (it came between the
    // check and the rename), or has it after the new content (it came after the rename).
    expect(made.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    expect(fixed).toBeLessThanOrEqual(rounds);
  }, 60_000);
});
