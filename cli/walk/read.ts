/**
 * Reading a file for the scan: the text (UTF-8, or UTF-16 with a byte order mark), or why the file is
 * skipped (unreadable, empty, binary, not UTF-8, over the size limit, a minified bundle). No engine import, so the walker thread can read files too.
 */
import { FileTooLarge, NotRegularFile, readRegularFile, type FoundFile } from './files.js';

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

/** Reads a file as UTF-8 text; a string is the text, an object the reason it was skipped. */
export function readText(file: FoundFile): { text: string } | { reason: string } {
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
  const wide = decodeUtf16(bytes);
  if (typeof wide === 'object') return wide;
  if (wide !== undefined) text = wide;
  else {
    if (bytes.subarray(0, BINARY_PROBE).includes(0)) return { reason: 'binary file' };
    try {
      text = decoder.decode(bytes);
    } catch {
      return { reason: 'not UTF-8 text' };
    }
  }
  if (file.language !== 'config' && isMinified(file.path, text)) return { reason: 'minified bundle' };
  return { text };
}

/** A bundle: `*.min.js`, or a sizeable file made of a few very long lines. */
export function isMinified(filename: string, text: string): boolean {
  if (/\.min\.[cm]?[jt]sx?$/i.test(filename)) return true;
  if (text.length < 20_000) return false;
  // Lines are found with indexOf (a native search); once there are too many lines for the average to
  // pass 1,000 characters, the answer is known.
  const enough = text.length / 1_000;
  let lines = 1;
  let longest = 0;
  for (let start = 0; ; ) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    if (end - start > longest) longest = end - start;
    if (nl === -1) break;
    if (++lines >= enough) return false;
    start = nl + 1;
  }
  return longest > 10_000 && text.length / lines > 1_000;
}
