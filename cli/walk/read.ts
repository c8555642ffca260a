/**
 * Reading a file for the scan: the text (UTF-8, or UTF-16 with a byte order mark), or why the file is
 * skipped (unreadable, empty, binary, not UTF-8, over the size limit, generated: see generated.ts, or one of
 * collab-migrate's own reports, baselines and caches: own-files.ts). No engine
 * import, so the walker thread can read files too.
 */
import { statOrUndefined } from '../../engine/read/read-file.js';
import { FileTooLarge, NotRegularFile, readRegularFile, type FoundFile } from './files.js';
import { copyKind, GENERATED_REASONS, generatedByText, MAP_LIMIT } from './generated.js';
import { ownFileByText } from './own-files.js';

const BINARY_PROBE = 8000;
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
// The byte order mark stays in the text (as U+FEFF), as it does for UTF-8, so a fix writes it back.
const utf16 = { le: new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }), be: new TextDecoder('utf-16be', { fatal: true, ignoreBOM: true }) };

/** UTF-16 text with a byte order mark (editors on Windows write it): decoded, or undefined for other bytes. */
function decodeUtf16(bytes: Buffer): string | { reason: string } | undefined {
  const order = bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe ? 'le' : bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff ? 'be' : undefined;
  if (!order) return undefined;
  try {
    return utf16[order].decode(bytes);
  } catch {
    return { reason: `not UTF-16 text (it starts with a UTF-16 byte order mark)` };
  }
}

/** The skip reason of a file with a source file's name whose content is binary (counted as not analysed). */
export const BINARY_SOURCE = 'binary content in a source file';

/** Whether more than 1% of the first 8 KB (and 16 or more) are control characters other than whitespace. */
function mostlyControl(text: string): boolean {
  const head = text.slice(0, 8192);
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13 && c !== 11) || c === 0xfffd) control++;
  }
  return control >= 16 && control * 100 > head.length;
}

/**
 * What {@link readText} read: the text, and with `withBytes`, for a file decoded from UTF-8, the bytes it was decoded
 * from. The prefilter searches those for its ASCII tokens (engine/prefilter/prefilter.ts,
 * `TokenScanner.presentInBytes`): about half the time of the text's search, which lower-cases the text and tries an
 * alternation of every token at each character. The bytes are a view of a buffer that the next read in this thread
 * reuses: search them before reading another file, and keep the text, not them.
 */
export interface ReadResult {
  text: string;
  bytes?: Uint8Array;
}

/** Reads a file as UTF-8 text; a string is the text, an object the reason it was skipped. */
export function readText(file: FoundFile, withBytes = false): ReadResult | { reason: string } {
  let bytes: Buffer;
  try {
    bytes = readRegularFile(file.path, file.maxSize, true);
  } catch (error) {
    if (error instanceof FileTooLarge) return { reason: error.message };
    // The walk saw a regular file there.
    if (error instanceof NotRegularFile) return { reason: `${error.message} (changed during the scan)` };
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOENT' ? 'deleted during the scan' : (code ?? (error as Error).message);
    return { reason: `cannot read (${why})` };
  }
  if (bytes.length === 0) return { reason: 'empty file' };
  let text: string;
  let utf8: Buffer | undefined;
  const wide = decodeUtf16(bytes);
  if (typeof wide === 'object') return wide;
  if (wide !== undefined) text = wide;
  else {
    const nul = bytes.subarray(0, BINARY_PROBE).includes(0);
    const source = file.language === 'js' || file.language === 'ts';
    if (nul && !source) return { reason: 'binary file' };
    try {
      text = decoder.decode(bytes);
    } catch {
      return { reason: 'not UTF-8 text' };
    }
    // A source file (by its extension) with a NUL byte (in a comment, a string) is read and analysed; one that
    // is mostly control characters is binary, and counted as not analysed: its name says it is source (issue 28).
    if (nul && source && mostlyControl(text)) return { reason: BINARY_SOURCE };
    if (withBytes) utf8 = bytes;
  }
  // A report, baseline or cache collab-migrate wrote quotes the code it reports on: never a finding.
  if (file.language === 'config' || file.language === 'html') {
    const own = ownFileByText(text);
    if (own) return { reason: own };
  }
  // A bundle with its map beside it: scanned only as the only copy of its code (generated.ts, `isOnlyCopy`).
  if (file.bundleMap !== undefined) {
    if (bundleCopyKind(file, text) === undefined) return { reason: GENERATED_REASONS.sourceMap };
  }
  // The walk has judged the folder and the names beside the file; the text is judged here.
  else if (file.language !== 'config' && !file.keepGenerated) {
    const generated = generatedByText(file.path, text);
    if (generated) return { reason: generated };
  }
  return utf8 === undefined ? { text } : { text, bytes: utf8 };
}

/**
 * Why a file found with its source map beside it (`bundleMap`) is scanned: the only copy of its code, or a file
 * compiled alone and edited after compiling (generated.ts, `copyKind`); undefined when it is skipped as generated.
 */
export function bundleCopyKind(file: FoundFile, text: string): 'only' | 'edited' | undefined {
  return file.bundleMap === undefined ? undefined : copyKind(file.path, file.bundleMap, text, entryExists, readMap);
}

/** Whether a path names anything (a path that cannot be looked at, a link loop among them, names nothing). */
const entryExists = (file: string): boolean => statOrUndefined(file) !== undefined;

/** A source map's text, or undefined when it is missing, not a regular file, or over {@link MAP_LIMIT} (the guarded reader's refusals). */
function readMap(file: string): string | undefined {
  try {
    return readRegularFile(file, MAP_LIMIT).toString('utf8');
  } catch {
    return undefined;
  }
}
