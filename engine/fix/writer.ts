/**
 * Safe writes for fix mode. A file is written only if its content is still what the fix was computed
 * from, and an edit someone else saves meanwhile is never lost:
 *
 * 1. the file is opened and its identity (device, inode) and content are checked against what was read;
 * 2. the new content goes to a temporary file in the same folder (`.<name>.collab-migrate-<pid>-<hex>.tmp`),
 *    with the file's mode, owner and group, and is flushed to disk;
 * 3. immediately before the rename, the path's identity and the open file's content are checked again;
 * 4. after the rename, the replaced file (still open) is read once more: if it changed between the check
 *    and the rename, its content is put back and the file is reported as not fixed;
 * 5. the replaced file stays open until the run's settle point ({@link settleWrites}, at the end of a `--fix`
 *    run and at least {@link SETTLE_MS} after the last replacement): a program that opened it before the
 *    rename and wrote to it after step 4 wrote into a file no name leads to any more; it is read a last time
 *    there, and if it changed, the user's version goes back at the name and the file is reported not fixed.
 *
 * A rename is atomic, so an interrupted run leaves every file either as it was or as fixed. A file with
 * more than one hard link, whose owner cannot be kept, or with extended attributes (user attributes, access
 * control lists; seen through `getfattr` where it is installed) is written in place after the same content
 * check (a rename would split the links, change the owner or drop the attributes), and the outcome says so.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';

export type WriteOutcome = { ok: true; note?: string } | { ok: false; reason: string };

/** How a file's text is stored on disk, so it is written back the way it was read. */
export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be';

/** Temporary files being written right now, removed if the process is interrupted. */
const pending = new Set<string>();
/** Originals moved aside for the instant of a replacement (aside path to the file's path), put back if interrupted. */
const asides = new Map<string, string>();

/** A file replaced by a rename this run: the replaced original, still open, checked once more at the settle point. */
interface Held {
  /** The path the caller gave (reported back as given) and the file it leads to. */
  given: string;
  file: string;
  fd: number;
  /** What the original held when it was replaced, and what was written in its place. */
  expected: Buffer;
  written: Buffer;
  /** When it was replaced (monotonic milliseconds). */
  at: number;
}
/** Replaced originals held open until the settle point, oldest first. */
const held: Held[] = [];
const heldFds = new Set<number>();
/** Files whose fix was undone at a settle check since the last {@link settleWrites}: a late edit was put back. */
const undone: { file: string; reason: string }[] = [];
/**
 * The most originals held open at once: past it, the oldest is checked early (it was replaced that many files
 * ago), so a run over thousands of files stays well within the process's file descriptor limit.
 */
export const HELD_MAX = 256;
/** The least time between a replacement and the last check of the original it replaced. */
export const SETTLE_MS = 100;

/** The tool's temporary file names: recognisable, and carrying the writer's process id. */
const TEMP_NAME = /^\.(.+)\.collab-migrate-(\d+)-[0-9a-f]{8}\.tmp$/;
/** An original moved aside while its replacement is linked in (see `replace`). */
const ASIDE_NAME = /^\.(.+)\.collab-migrate-(\d+)-[0-9a-f]{8}\.orig$/;

/** Puts an original moved aside back at its path unless something is there now (then it stays, named). */
function putBack(aside: string, file: string): boolean {
  try {
    linkSync(aside, file);
  } catch {
    return false;
  }
  try {
    unlinkSync(aside);
  } catch {
    /* gone */
  }
  return true;
}

export function pendingTempFiles(): ReadonlySet<string> {
  return pending;
}

/** Removes temporary files left by an interrupted write (and checks the originals still held, without waiting). */
export function cleanupTempFiles(): void {
  while (held.length > 0) settleOne(held.shift()!);
  undone.length = 0;
  for (const [aside, file] of asides) putBack(aside, file);
  asides.clear();
  for (const tmp of pending) {
    try {
      unlinkSync(tmp);
    } catch {
      /* already gone */
    }
  }
  pending.clear();
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes this tool's temporary files that a run killed without a chance to clean up (SIGKILL, power loss)
 * left in the given folders: those whose writing process is gone. Returns the paths removed.
 */
export function removeStaleTempFiles(dirs: Iterable<string>): string[] {
  const removed: string[] = [];
  for (const dir of new Set(dirs)) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const aside = ASIDE_NAME.exec(name);
      if (aside && !isAlive(Number(aside[2]))) {
        // An original a killed run had moved aside: back to its name when nothing took its place.
        const file = path.join(dir, name);
        if (putBack(file, path.join(dir, aside[1]))) removed.push(file);
        continue;
      }
      const m = TEMP_NAME.exec(name);
      if (!m || isAlive(Number(m[2]))) continue;
      const file = path.join(dir, name);
      try {
        if (!lstatSync(file).isFile()) continue;
        unlinkSync(file);
        removed.push(file);
      } catch {
        /* gone meanwhile, or not ours to remove */
      }
    }
  }
  return removed;
}

/** Encodes text as it was stored (a BOM, if the text carries one, is part of the text). */
export function encodeText(text: string, encoding: TextEncoding = 'utf8'): Buffer {
  if (encoding === 'utf8') return Buffer.from(text, 'utf8');
  const le = Buffer.from(text, 'utf16le');
  return encoding === 'utf16le' ? le : le.swap16();
}

/** The whole content of an open file, read from its start. */
function readAll(fd: number): Buffer {
  const chunks: Buffer[] = [];
  let position = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const n = readSync(fd, chunk, 0, chunk.length, position);
    if (n === 0) break;
    chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    position += n;
  }
  return Buffer.concat(chunks);
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset, offset);
}

function sameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

function code(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** Flushes a folder's entries, so a rename in it survives a crash. Not every file system allows it. */
function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, constants.O_RDONLY);
    fsyncSync(fd);
  } catch {
    /* best effort */
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const CHANGED = 'changed on disk since it was read; not overwritten';

/** The encoding a file's bytes were read in (see walk/read.ts): UTF-16 when they start with its byte order mark. */
export function encodingOf(bytes: Buffer): TextEncoding {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf16be';
  return 'utf8';
}

/** Writes `after` over `file` if its content is still `before`, in the encoding the file is stored in. */
export function writeIfUnchanged(linkOrFile: string, before: string, after: string): WriteOutcome {
  let file: string;
  let fd: number;
  try {
    // Write the link's target: renaming over a symbolic link would replace the link with a file.
    file = realpathSync(linkOrFile);
    // Non-blocking, so a FIFO put in the file's place does not hang the run.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    return { ok: false, reason: `cannot open it again before writing (${code(error)})` };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { ok: false, reason: 'no longer a regular file; not overwritten' };
    const current = readAll(fd);
    const encoding = encodingOf(current);
    const expected = encodeText(before, encoding);
    if (!current.equals(expected)) return { ok: false, reason: CHANGED };
    const bytes = encodeText(after, encoding);
    if (stats.nlink > 1 || !canKeepOwner(stats)) {
      return writeInPlace(file, stats, expected, bytes, stats.nlink > 1 ? `written in place: the file has ${stats.nlink} hard links` : 'written in place: a new file could not keep its owner and group');
    }
    const attributes = extendedAttributes(file);
    if (attributes) return writeInPlace(file, stats, expected, bytes, `written in place: the file has extended attributes a new file would not carry (${attributes})`);
    const replaced = replace(file, fd, stats, expected, bytes);
    // The original, replaced by a rename, is still open: a late write to it is looked for at the settle point.
    if (replaced.ok) hold(linkOrFile, file, fd, expected, bytes);
    return replaced;
  } catch (error) {
    return { ok: false, reason: `cannot write (${code(error)})` };
  } finally {
    // A replaced original stays open until the settle point (see hold).
    if (!heldFds.has(fd)) closeSync(fd);
  }
}

/** Keeps a replaced original open for the settle point; past {@link HELD_MAX}, the oldest is checked now. */
function hold(given: string, file: string, fd: number, expected: Buffer, written: Buffer): void {
  held.push({ given, file, fd, expected, written, at: performance.now() });
  heldFds.add(fd);
  while (held.length > HELD_MAX) {
    const oldest = held.shift()!;
    wait(oldest.at + SETTLE_MS - performance.now());
    const reason = settleOne(oldest);
    if (reason) undone.push({ file: oldest.given, reason });
  }
}

function wait(ms: number): void {
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.ceil(ms));
}

/**
 * The last check of one replaced original: if something wrote to it since it was replaced (a program that
 * opened it before the rename), the user's version goes back at the name and the reason says so; undefined
 * when it is as it was.
 */
function settleOne(h: Held): string | undefined {
  heldFds.delete(h.fd);
  try {
    const replaced = readAll(h.fd);
    if (replaced.equals(h.expected)) return undefined;
    return restore(h.file, h.written, replaced, true);
  } catch (error) {
    return `changed on disk after it was written, and could not be put back (${code(error)}); not fixed`;
  } finally {
    closeSync(h.fd);
  }
}

/**
 * The settle point of a `--fix` run, after its last write: waits until {@link SETTLE_MS} have passed since the
 * last replacement, then reads each replaced original a last time. An edit that reached one after its
 * replacement (written through a descriptor opened before it) is put back at the file's name, in place, and
 * the fix undone; if the file was edited again since, that newer edit stays and the earlier one is kept beside
 * it, named. Returns the files whose fix was undone (by the path the caller gave), with the reason; they must
 * not be reported fixed.
 */
export function settleWrites(): { file: string; reason: string }[] {
  if (held.length > 0) wait(held[held.length - 1].at + SETTLE_MS - performance.now());
  while (held.length > 0) {
    const h = held.shift()!;
    const reason = settleOne(h);
    if (reason) undone.push({ file: h.given, reason });
  }
  return undone.splice(0);
}

/** Extended attributes a rename would drop: the user's, trusted ones and access control lists (not SELinux labels, which a new file in the folder gets anyway). */
const ATTRIBUTE_PATTERN = '^(user\\.|trusted\\.|system\\.posix_acl_)';
let getfattrMissing = false;

/**
 * The names of the file's extended attributes, comma-separated, or undefined when it has none. Node has no API
 * for them: `getfattr` (the attr package) is asked, and without it they cannot be seen (the README says so).
 */
export function extendedAttributes(file: string): string | undefined {
  if (getfattrMissing || process.platform !== 'linux') return undefined;
  const r = spawnSync('getfattr', ['--absolute-names', '-m', ATTRIBUTE_PATTERN, '--', file], { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'ignore'] });
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    getfattrMissing = true;
    return undefined;
  }
  const names = (r.stdout ?? '').split('\n').filter((l) => l !== '' && !l.startsWith('#'));
  return names.length > 0 ? names.join(', ') : undefined;
}

/** Whether a new file made by this process can be given the file's owner and group. */
function canKeepOwner(stats: Stats): boolean {
  const uid = process.getuid?.();
  if (uid === undefined || uid === 0) return true;
  if (stats.uid !== uid) return false;
  return stats.gid === process.getgid?.() || (process.getgroups?.() ?? []).includes(stats.gid);
}

/**
 * Overwrites the file itself (same inode), right after checking its content once more. An append by another
 * program while this runs is seen and kept: the part of the new content within the old length is written
 * first, then the size is checked; the rest is appended with `O_APPEND` (so it lands after anything appended
 * meanwhile), and the size is checked again. When it is not what this write alone gives, the user's version
 * (the old content with what was appended) is put back and the file is reported as not fixed. A fix that
 * shrinks the file truncates it; an append in the instant between the last size check and the truncation is
 * the one case not seen (docs/reliability.md).
 */
function writeInPlace(file: string, stats: Stats, expected: Buffer, bytes: Buffer, note: string): WriteOutcome {
  const fd = openSync(file, constants.O_RDWR | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    if (!sameFile(fstatSync(fd), stats) || !readAll(fd).equals(expected)) return { ok: false, reason: CHANGED };
    const within = Math.min(bytes.length, expected.length);
    for (let offset = 0; offset < within; ) offset += writeSync(fd, bytes, offset, within - offset, offset);
    /** What others appended since the old content was checked, when the size is not `size`. */
    let extra: Buffer | undefined;
    if (fstatSync(fd).size !== expected.length) extra = readAll(fd).subarray(expected.length);
    else if (bytes.length > expected.length) {
      const tail = bytes.subarray(expected.length);
      const out = openSync(file, constants.O_WRONLY | constants.O_APPEND | constants.O_NONBLOCK | constants.O_NOFOLLOW);
      try {
        for (let offset = 0; offset < tail.length; ) offset += writeSync(out, tail, offset, tail.length - offset);
      } finally {
        closeSync(out);
      }
      if (fstatSync(fd).size !== bytes.length) {
        // Ours landed after whatever was appended before it; anything after ours was appended later.
        const all = readAll(fd);
        const at = all.indexOf(tail, expected.length);
        extra = at < 0 ? all.subarray(expected.length) : Buffer.concat([all.subarray(expected.length, at), all.subarray(at + tail.length)]);
      }
    } else if (bytes.length < expected.length) {
      ftruncateSync(fd, bytes.length);
      if (fstatSync(fd).size !== bytes.length) extra = readAll(fd).subarray(bytes.length);
    }
    if (extra !== undefined) {
      const user = Buffer.concat([expected, extra]);
      writeAll(fd, user);
      ftruncateSync(fd, user.length);
      fsyncSync(fd);
      return { ok: false, reason: 'changed on disk while being written (appended to); the edit was kept, not fixed' };
    }
    fsyncSync(fd);
    return { ok: true, note };
  } finally {
    closeSync(fd);
  }
}

/** A temporary file renamed over `file`, then the replaced file checked for edits made meanwhile. */
function replace(file: string, fd: number, stats: Stats, expected: Buffer, bytes: Buffer): WriteOutcome {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.collab-migrate-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const mode = stats.mode & 0o7777;
  pending.add(tmp);
  try {
    const out = openSync(tmp, 'wx', mode);
    try {
      writeAll(out, bytes);
      // Owner first, then mode: a chown clears the setuid and setgid bits (issue 28).
      // canKeepOwner said this is allowed: root, or the owner and a member of the file's group.
      if (process.getuid?.() === 0) fchownSync(out, stats.uid, stats.gid);
      else if (stats.gid !== process.getgid?.()) fchownSync(out, -1, stats.gid);
      fchmodSync(out, mode);
      fsyncSync(out);
    } finally {
      closeSync(out);
    }
    // The last check, with the new content already durable: same file at the path, same content.
    let now: Stats;
    try {
      now = lstatSync(file);
    } catch (error) {
      unlinkSync(tmp);
      pending.delete(tmp);
      return { ok: false, reason: `gone while being written (${code(error)})` };
    }
    if (!sameFile(now, stats) || !readAll(fd).equals(expected)) {
      unlinkSync(tmp);
      pending.delete(tmp);
      return { ok: false, reason: CHANGED };
    }
    return swapIn(file, fd, stats, expected, bytes, tmp);
  } catch (error) {
    // An original moved aside goes back under its name (or is kept beside it when a save took the name).
    for (const [aside, of] of asides) if (of === file && !putBack(aside, file)) keepAside(aside, file);
    for (const [aside, of] of asides) if (of === file) asides.delete(aside);
    try {
      unlinkSync(tmp);
    } catch {
      /* never created, or renamed */
    }
    pending.delete(tmp);
    return { ok: false, reason: `cannot write (${code(error)})` };
  }
}

/**
 * Puts the temporary file at `file`'s name without losing a save that lands meanwhile. A rename over the file
 * would drop whatever an editor renamed there in the instant before it (a save is a rename too), and nothing
 * tells afterwards. So the file at the name is first renamed aside (whatever it is, it is kept), checked to be
 * the one that was read with the content that was read, and the new file is then hard-linked to the name,
 * which fails if a save has put a file there meanwhile (that save is then left as it is). Whatever is found
 * aside that is not the original is put back at the name; an append to the original after the check is put
 * back as before ({@link restore}). Where hard links are not supported, the rename is used with the check
 * after it. For the instant between the two steps the name does not exist; an interrupted run puts the
 * original back (this run on a signal, the next `--fix` after SIGKILL).
 */
function swapIn(file: string, fd: number, stats: Stats, expected: Buffer, bytes: Buffer, tmp: string): WriteOutcome {
  const dir = path.dirname(file);
  const aside = path.join(dir, `.${path.basename(file)}.collab-migrate-${process.pid}-${randomBytes(4).toString('hex')}.orig`);
  asides.set(aside, file);
  try {
    renameSync(file, aside);
  } catch (error) {
    asides.delete(aside);
    unlinkSync(tmp);
    pending.delete(tmp);
    return { ok: false, reason: `gone while being written (${code(error)})` };
  }
  const moved = lstatSync(aside);
  if (!sameFile(moved, stats) || !readAll(fd).equals(expected)) {
    // A save (or an append) landed before the move: the user's version goes back under its name.
    const back = putBack(aside, file);
    asides.delete(aside);
    unlinkSync(tmp);
    pending.delete(tmp);
    if (back) return { ok: false, reason: 'changed on disk while being written; the edit was kept, not fixed' };
    const kept = keepAside(aside, file);
    return { ok: false, reason: `changed on disk twice while being written; not fixed; the earlier edit is kept in ${kept}` };
  }
  try {
    linkSync(tmp, file);
  } catch (error) {
    const why = code(error);
    if (why === 'EEXIST') {
      // Something was written at the name in the instant it was free: it stays. It may be a whole save, or an
      // append by name that made a new file holding only the appended text, so the original read is kept
      // beside it, never deleted, and named (the user merges; nothing is lost).
      unlinkSync(tmp);
      pending.delete(tmp);
      const kept = keepAside(aside, file);
      return { ok: false, reason: `changed on disk while being written; not fixed; the file now at its name was written meanwhile, the content read before is kept in ${kept}` };
    }
    // No hard links here (some network and FAT file systems): the original back, then a plain rename.
    renameSync(aside, file);
    asides.delete(aside);
    renameSync(tmp, file);
    pending.delete(tmp);
    syncDir(dir);
    const replaced = readAll(fd);
    if (!replaced.equals(expected)) return { ok: false, reason: restore(file, bytes, replaced) };
    return { ok: true };
  }
  unlinkSync(tmp);
  pending.delete(tmp);
  unlinkSync(aside);
  asides.delete(aside);
  syncDir(dir);
  // An edit that reached the original in place after the check: put back.
  const replaced = readAll(fd);
  if (!replaced.equals(expected)) return { ok: false, reason: restore(file, bytes, replaced) };
  // One that reaches it later still can (a descriptor opened before the move): see settleWrites.
  return { ok: true };
}

/** Renames an original that could not go back to its name (another save took it) to a conflict copy beside it. */
function keepAside(aside: string, file: string): string {
  const kept = path.join(path.dirname(file), `${path.basename(file)}.collab-migrate-conflict-${process.pid}-${randomBytes(4).toString('hex')}`);
  renameSync(aside, kept);
  asides.delete(aside);
  return path.basename(kept);
}

/**
 * Puts back, in place, the content an edit gave the replaced file between the last check and the rename.
 * In place, because a new file would race the same way; if the new file was edited meanwhile too, that
 * newer edit stays and the replaced content is kept beside it, named in the reason.
 */
function restore(file: string, written: Buffer, replaced: Buffer, late = false): string {
  const when = late ? 'just after it was written (by a program that had it open)' : 'while being written';
  const fd = openSync(file, constants.O_RDWR | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    if (readAll(fd).equals(written)) {
      writeAll(fd, replaced);
      ftruncateSync(fd, replaced.length);
      fsyncSync(fd);
      return `changed on disk ${when}; the edit was kept, not fixed`;
    }
  } finally {
    closeSync(fd);
  }
  const aside = path.join(path.dirname(file), `${path.basename(file)}.collab-migrate-conflict-${process.pid}-${randomBytes(4).toString('hex')}`);
  const out = openSync(aside, 'wx', 0o600);
  try {
    writeAll(out, replaced);
    fsyncSync(out);
  } finally {
    closeSync(out);
  }
  return `changed on disk twice ${when}; not fixed; the earlier edit is kept in ${path.basename(aside)}`;
}
