/**
 * Stage `engine/read/`: reading what the scanned repository holds, which is untrusted input. It owns the guarded
 * file reader (this file), which files are source or configuration by name (language.ts), the nesting bound on
 * JSON read from the repository (json-depth.ts) and the escaping of repository text for a terminal, a log or a
 * table (printable.ts).
 *
 * The one guarded reader for files of the repository being scanned or fixed (sources, ignore files,
 * configuration, the cache, a baseline, user catalogs, the tsconfig and files a ts-morph project reads). A
 * repository is untrusted input: a file committed as a named pipe, or as a link to `/dev/zero` or a device,
 * must not hang the run or fill the memory. So a file is opened without blocking, checked through the open
 * descriptor (regular files only, also when a file was replaced after the walk saw it) and read up to a size
 * limit. The tool's own files (its package.json, schemas, built-in catalog) are read plainly.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

/**
 * What `statSync` says of a path, or undefined when the path cannot be looked at: absent, a link loop (`ELOOP`), a name
 * too long, a folder it passes through that is a file, no permission. The scanned repository is untrusted input, so a
 * lookup inside it never throws.
 */
export function statOrUndefined(file: string): Stats | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * One entry of a folder walk inside the scanned repository: a folder to enter, a file with its size, or undefined for
 * anything else. A link to a file is a file; a link to a folder is not entered (a link back up, `src/up -> ..`, would
 * walk the tree again at every level), nor is one that cannot be followed.
 */
export function walkEntry(full: string): { dir: true } | { dir: false; size: number } | undefined {
  let stats: Stats;
  try {
    stats = lstatSync(full);
    if (stats.isDirectory()) return { dir: true };
    if (stats.isSymbolicLink()) stats = statSync(full);
  } catch {
    return undefined;
  }
  return stats.isFile() ? { dir: false, size: stats.size } : undefined;
}

/** The default limit for a file that is not a source (configuration, cache, baseline, catalog, tsconfig): 64 MB. */
export const MAX_DATA_FILE_BYTES = 64 * 1024 * 1024;

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${bytes} B`;
}

/** The reason given for a file over the size limit. */
export function oversize(size: number, limit: number): string {
  return `over the size limit (${formatSize(size)} > ${formatSize(limit)})`;
}

/** Thrown by {@link readRegularFile} for a path that is not a regular file. */
export class NotRegularFile extends Error {
  constructor(
    /** What it is instead: `a named pipe`, `a device`, `a socket`, `a folder`. */
    readonly kind: string,
  ) {
    super('not a regular file');
  }
}

/** Thrown by {@link readRegularFile} for a file over the size limit it was given. */
export class FileTooLarge extends Error {
  constructor(
    readonly size: number,
    readonly limit: number,
  ) {
    super(oversize(size, limit));
  }
}

/** What {@link fstatSync} says a non-regular file is, for messages. */
function kindOf(stats: ReturnType<typeof fstatSync>): string {
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isDirectory()) return 'a folder';
  return 'an unknown kind of file';
}

/**
 * Reads a regular file. It is opened without blocking and checked with the open descriptor, so a FIFO
 * (whose read would wait for a writer for ever), a folder or a device is refused instead of hanging the
 * run, also one that replaced a file after the walk saw it. A file larger than `maxSize` (default
 * {@link MAX_DATA_FILE_BYTES}) is refused before it is read, and so is one that reports a size of 0 but
 * keeps giving bytes past the limit. With `transient`, the bytes may be in a buffer that the next transient
 * read reuses: for a caller that decodes them at once (the scan reads tens of thousands of files, and a fresh
 * buffer for each was garbage-collector time).
 */
export function readRegularFile(file: string, maxSize: number = MAX_DATA_FILE_BYTES, transient = false): Buffer {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new NotRegularFile(kindOf(stats));
    if (stats.size > maxSize) throw new FileTooLarge(stats.size, maxSize);
    return readAll(fd, stats.size, maxSize, transient);
  } finally {
    closeSync(fd);
  }
}

/** A file's text as UTF-8 (invalid bytes replaced), through {@link readRegularFile}. */
export function readTextFile(file: string, maxSize: number = MAX_DATA_FILE_BYTES): string {
  return readRegularFile(file, maxSize).toString('utf8');
}

/** At most the first `bytes` bytes of a regular file, through the same checks (no size limit: only the head is read). */
export function readFileHead(file: string, bytes: number): Buffer {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new NotRegularFile(kindOf(stats));
    const buffer = Buffer.alloc(bytes);
    let length = 0;
    while (length < bytes) {
      const n = readSync(fd, buffer, length, bytes - length, null);
      if (n === 0) break;
      length += n;
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/**
 * The bytes of an open file whose size fstat gave (one fstat per file, where `readFileSync(fd)` makes
 * its own). A file that reports size 0 (some files of /proc) is read to its end, up to `maxSize`; one that
 * grows while it is read is cut at the size seen, as `readFileSync` does.
 */
let scratch: Buffer | undefined;
const SCRATCH_SIZE = 1024 * 1024;

function readAll(fd: number, size: number, maxSize: number, transient: boolean): Buffer {
  let buffer: Buffer;
  if (transient && size > 0 && size <= SCRATCH_SIZE) buffer = (scratch ??= Buffer.allocUnsafeSlow(SCRATCH_SIZE)).subarray(0, size);
  else buffer = Buffer.allocUnsafe(size > 0 ? size : 64 * 1024);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (size > 0) break;
      if (length > maxSize) throw new FileTooLarge(length, maxSize);
      const bigger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(bigger, 0, 0, length);
      buffer = bigger;
    }
    const n = readSync(fd, buffer, length, buffer.length - length, null);
    if (n === 0) break;
    length += n;
  }
  if (length > maxSize) throw new FileTooLarge(length, maxSize);
  return buffer.subarray(0, length);
}
