/**
 * Safe writes for fix mode: a temporary file in the same folder, then a rename, keeping the mode bits;
 * a file that changed on disk since it was read is not overwritten. A rename is atomic, so an
 * interrupted run leaves every file either as it was or as fixed.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../walk/files.js';

export type WriteOutcome = { ok: true } | { ok: false; reason: string };

/** Temporary files being written right now, removed if the process is interrupted. */
const pending = new Set<string>();

export function pendingTempFiles(): ReadonlySet<string> {
  return pending;
}

/** Removes temporary files left by an interrupted write. */
export function cleanupTempFiles(): void {
  for (const tmp of pending) {
    try {
      unlinkSync(tmp);
    } catch {
      /* already gone */
    }
  }
  pending.clear();
}

/** Writes `after` over `file` if its content is still `before`. */
export function writeIfUnchanged(linkOrFile: string, before: string, after: string): WriteOutcome {
  let current: Buffer;
  let mode: number;
  let file: string;
  try {
    // Write the link's target: renaming over a symbolic link would replace the link with a file.
    file = realpathSync(linkOrFile);
    current = readRegularFile(file);
    mode = statSync(file).mode & 0o7777;
  } catch (error) {
    return { ok: false, reason: `cannot read it again before writing (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  if (!current.equals(Buffer.from(before, 'utf8'))) return { ok: false, reason: 'changed on disk since it was read; not overwritten' };
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.collab-migrate-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  pending.add(tmp);
  try {
    const fd = openSync(tmp, 'wx', mode);
    try {
      writeSync(fd, Buffer.from(after, 'utf8'));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    chmodSync(tmp, mode);
    renameSync(tmp, file);
    pending.delete(tmp);
    return { ok: true };
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
      /* never created */
    }
    pending.delete(tmp);
    return { ok: false, reason: `cannot write (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
}
