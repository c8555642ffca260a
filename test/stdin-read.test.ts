import { spawnSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readStdinFiles } from '../cli/commands/scan.js';
import { readDescriptor, type Io } from '../cli/io.js';

const dir = mkdtempSync(path.join(tmpdir(), 'cm-stdin-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const io = (extra: Partial<Io>): Io => ({ cwd: dir, env: {}, stdout: process.stdout, stderr: process.stderr, ...extra });

// `--stdin-files` reads a pipe or a file with readSync, without making process.stdin (a net socket over a pipe; issue
// 30, item 2); the stream reads whatever that could not.
describe('readDescriptor', () => {
  it('reads a regular file to its end, and stops past `max`', () => {
    const file = path.join(dir, 'list.txt');
    writeFileSync(file, 'a.ts\nb.ts\n'.repeat(20_000));
    const fd = openSync(file, 'r');
    try {
      const all = readDescriptor(fd, 1 << 20)!;
      expect(all.ended).toBe(true);
      expect(all.bytes.toString()).toBe('a.ts\nb.ts\n'.repeat(20_000));
    } finally {
      closeSync(fd);
    }
    const again = openSync(file, 'r');
    try {
      const cut = readDescriptor(again, 1000)!;
      expect(cut.ended).toBe(true);
      expect(cut.bytes.length).toBeGreaterThan(1000);
    } finally {
      closeSync(again);
    }
  });

  it('gives what a non-blocking pipe held, not ended, when the writer is still there (EAGAIN)', () => {
    const fifo = path.join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY);
    try {
      writeSync(writer, 'a.ts\n');
      expect(readDescriptor(reader, 1 << 20)).toEqual({ bytes: Buffer.from('a.ts\n'), ended: false });
      writeSync(writer, 'b.ts\n');
      closeSync(writer);
      expect(readDescriptor(reader, 1 << 20)).toEqual({ bytes: Buffer.from('b.ts\n'), ended: true });
    } finally {
      closeSync(reader);
    }
  });

  it('reads nothing from a character device (a terminal may be one) or a descriptor that is not open', () => {
    const fd = openSync('/dev/null', 'r');
    try {
      expect(readDescriptor(fd, 100)).toBeUndefined();
    } finally {
      closeSync(fd);
    }
    expect(readDescriptor(fd, 100)).toBeUndefined();
  });
});

describe('readStdinFiles with a read at once', () => {
  it('takes the names read at once, and the rest from the stream when the read did not reach the end', async () => {
    expect(await readStdinFiles(io({ readStdin: () => ({ bytes: Buffer.from('a.ts\nb.ts\n'), ended: true }) }))).toEqual(['a.ts', 'b.ts']);
    // The stream is not touched when the read reached the end.
    const untouched = io({ readStdin: () => ({ bytes: Buffer.from('a.ts\0b.ts\0'), ended: true }) });
    Object.defineProperty(untouched, 'stdin', { get: () => expect.unreachable('stdin was read') });
    expect(await readStdinFiles(untouched)).toEqual(['a.ts', 'b.ts']);
    // A name cut between the two reads.
    expect(await readStdinFiles(io({ readStdin: () => ({ bytes: Buffer.from('a.ts\nb'), ended: false }), stdin: Readable.from([Buffer.from('.ts\nc.ts\n')]) }))).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });

  it('still refuses a terminal and a list over the limit', async () => {
    const tty = Object.assign(Readable.from([]), { isTTY: true });
    await expect(readStdinFiles(io({ readStdin: () => undefined, stdin: tty }))).rejects.toThrow('nothing is piped to it');
    await expect(readStdinFiles(io({ readStdin: (max) => ({ bytes: Buffer.alloc(max + 1, 0x61), ended: true }) }))).rejects.toThrow('larger than 16 MB');
  });
});

// A list written by an editor or a Windows tool can start with a byte order mark; it is not part of the first name.
describe('readStdinFiles with a byte order mark', () => {
  const listed = (bytes: Buffer): Promise<string[]> => readStdinFiles(io({ readStdin: () => ({ bytes, ended: true }) }));

  it('drops a UTF-8 byte order mark before the first name, one a line and NUL-separated', async () => {
    expect(await listed(Buffer.from('\uFEFFa.ts\r\nb.ts\r\n'))).toEqual(['a.ts', 'b.ts']);
    expect(await listed(Buffer.from('\uFEFFa.ts\0b.ts\0'))).toEqual(['a.ts', 'b.ts']);
  });

  it('reads a list in UTF-16 (little or big endian) by its byte order mark', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a.ts\r\nsüb/b.ts\r\n', 'utf16le')]);
    expect(await listed(le)).toEqual(['a.ts', 'süb/b.ts']);
    const be = Buffer.from(le);
    be.swap16();
    expect(await listed(be)).toEqual(['a.ts', 'süb/b.ts']);
  });

  it('keeps a U+FEFF that is not at the start (a name may hold one)', async () => {
    expect(await listed(Buffer.from('a.ts\n\uFEFFb.ts\n'))).toEqual(['a.ts', '\uFEFFb.ts']);
  });
});
