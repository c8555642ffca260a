/**
 * Text from a scanned repository (file names, parser messages that quote the source) as one line of a terminal,
 * a CI log or a Markdown table can show it: control characters escaped (a newline, an ESC sequence that would
 * recolour or retitle the terminal, a NUL), and so are the bidirectional overrides that make a line read
 * otherwise than it is (CVE-2021-42574, "Trojan Source").
 */
// U+2028 and U+2029 end a line for JavaScript and for editors (VS Code breaks the line there), so a file name holding
// one could start a line of a report opened in an editor.
const UNPRINTABLE = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** What JSON.stringify leaves raw of {@link UNPRINTABLE} (it escapes U+0000-U+001F only). */
const JSON_RAW = /[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * A JSON text (JSON.stringify's output, or a piece of it) with the C1 control characters, line and paragraph
 * separators and bidirectional overrides it leaves raw written as `\u` escapes: the same value to a JSON reader, and nothing a terminal
 * acts on (`\u009b` is CSI to a terminal that reads C1 controls) or that reorders a line, when the report is
 * shown as it is (a repository's file name `\u202etxt.js` in the JSON report came out raw; the other formats
 * escaped it).
 */
export function jsonPrintable(json: string): string {
  JSON_RAW.lastIndex = 0;
  if (!JSON_RAW.test(json)) return json;
  return json.replace(JSON_RAW, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `text` with every control or bidirectional-override character written as an escape (`\x1b`, `\n`, `\u202e`). */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (ch) => {
    const code = ch.charCodeAt(0);
    return NAMED[ch] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
  });
}

/**
 * A file name that may stand where a line starts (after indentation only): what {@link printable} gives, and in
 * single quotes (a `'` as `'\''`) unless it is plain (letters, digits, `_ . / @ + = , ~ - ( ) [ ] : # %`,
 * starting with none of `( [ : # %`). A line a repository's file name begins is then neither a workflow command
 * on GitHub (`::add-mask::x.ts`) nor a command where the report is read by a shell (`!;echo${IFS}...|sh;#.ts`).
 */
export function lineStartName(name: string): string {
  const shown = printable(name);
  // An ASCII name is plain exactly when ASCII_PLAIN_NAME says so (the ASCII letters and digits are all of `\p{L}` and `\p{N}` there).
  const plain = ASCII_PLAIN_NAME.test(shown) || (NOT_ASCII.test(shown) && plainName().test(shown));
  return plain ? shown : `'${shown.replace(/'/g, "'\\''")}'`;
}

const ASCII_PLAIN_NAME = /^[A-Za-z0-9_./@+=,~-][A-Za-z0-9_./@+=,~()[\]:#%-]*$/;
const NOT_ASCII = /[^\x00-\x7f]/;

/**
 * Made on first use: V8 builds the character ranges of `\p{L}` and `\p{N}` from ICU when it creates the expression,
 * ~3 M instructions that every run paid at start, for names that are nearly always ASCII (issue 30, item 2).
 */
let plainNamePattern: RegExp | undefined;
const plainName = (): RegExp => (plainNamePattern ??= /^[\p{L}\p{N}_./@+=,~-][\p{L}\p{N}_./@+=,~()[\]:#%-]*$/u);

/**
 * Text of several lines (a diff, a command's output built from a user catalog) as a terminal can show it: each
 * line as {@link printable} makes it, the line breaks (also CRLF) and tabs kept.
 */
export function printableLines(text: string): string {
  const one = (line: string): string => (line.includes('\t') ? line.split('\t').map(printable).join('\t') : printable(line));
  return text
    .split('\n')
    // A CRLF line ending stays as it is (a diff of a CRLF file shows it); a carriage return inside a line does not.
    .map((line) => (line.endsWith('\r') ? `${one(line.slice(0, -1))}\r` : one(line)))
    .join('\n');
}
