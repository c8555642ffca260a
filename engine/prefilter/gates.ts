/**
 * Text-level gates ({@link Detector.mayMatch}): checked on a file's text after the prefilter's tokens and
 * before the file is parsed, so a file in which a detection provably reports nothing costs no parse.
 *
 * A gate for a path that ends in a word: detectors that match the path of a folded URL string
 * (`FileContext.staticString`, `urlPath`) against a pattern ending in a literal word (`.../meetingInfo/?$`,
 * `/access_token/?$`) can only report a string whose folded value holds that word followed by an optional `/`
 * and then the end of the value or its query or fragment (`?`, `#`). A folded value is the concatenation of
 * the file's own string literals and template parts (templates' `${...}` and unknown parts give U+0000), so
 * the text holds the word (written as the prefilter's tokens are: unsplit and without escape sequences), and
 * the character after it in the text (after the pattern's optional `/`) is, inside the same literal, `?`, `#` or the `\` of an escape (or
 * the `&` of an HTML entity, which a JSX attribute's string decodes), or, where that literal ends, its closing
 * quote or backtick or the `$` of `${`. The text-level interpreters (`detectUnparsed`, on a file no parser
 * accepts) read the raw string tokens, whose unclosed ones end at a line break or the end of the text: those
 * follow too. A word ending in a digit, `e` or `y` could also end a folded number or boolean literal (`1`,
 * `true`, `Infinity`), whose following character is anything: no gate then.
 *
 * When the pattern has a `/` right before the word (`/access_token/?$`, `[^/]+/meetingInfo/?$`), the folded
 * value has `/` right before it too. So in the text the word is preceded, inside the same literal, by that `/`
 * (written `/` or `\/`; `\x2f`, `\u002f`, `\u{2f}`, the legacy octal `\57` and a JSX attribute's `&#47;` end
 * in `f`, `F`, `}`, `7` or `;`) or by a line continuation (a `\` and a line break, which fold to nothing, so the
 * `/` is further back); or the literal starts at the word, after its opening quote or backtick or the `}` of a
 * `${...}` (a part before it gave the `/`: `'/v1/' + 'access_token'`, or the URL's base: `withBase`,
 * `joinUrl`). The raw tokens of the text-level interpreters show the same characters. A number or a boolean
 * cannot hold the word (see above), and an unknown part folds to U+0000, never to `/`.
 */
import { escapeRegExp, SPACE_OR_COMMENT } from './regexp.js';

/**
 * What follows a word, in the text, that ends the path of a folded string value (see the module comment): the
 * pattern's optional `/`, then what ends the value's path there (`?`, `#`, an escape, the literal's end). A `/`
 * followed by anything else (`apache.org/licenses/LICENSE-2.0`) continues the path past the word.
 */
const PATH_END_FOLLOW = String.raw`(?:/?(?:[?#\\&'"\x60$\n\r\u2028\u2029]|$))`;

/**
 * What precedes a word, in the text, that a folded string value shows right after a `/` (see the module comment).
 * Matched as a character of the match rather than a lookbehind: the gates are only tested (`RegExp#test`, never
 * read for a position), so the answer is the same, and a leading lookbehind made V8 try it at every character
 * (the `access_token` gate: 30 -> 3.7 ms over the platform SDK's 1,298 JS/TS files, one pass).
 */
const AFTER_SLASH = String.raw`[/'"\x60}fF7;\n\r\u2028\u2029]`;

/**
 * Regular-expression source of what may stand between a name written as an object key or an assignment target
 * and its `:` or `=`: a computed key's or member's `]`, a parenthesised target's `)`, white space and comments
 * (the jwt-claim and scope-list gates).
 */
export const TO_KEY_OR_TARGET_END = String.raw`(?:[)\]]|${SPACE_OR_COMMENT})*`;

/** Regular-expression source of a plain assignment's `=` (not `==`, `===` or `=>`). */
export const PLAIN_ASSIGNMENT = '=(?![=>])';

/**
 * The gate for a path pattern that ends in `word` (optionally followed by `/`): a regular expression over the
 * text, with the pattern's own case flag (`i` or none); with `afterSlash`, for a pattern with a `/` right before
 * the word. Undefined when the word could end a number or a boolean (see the module comment).
 */
export function pathEndGate(word: string, flags: '' | 'i', afterSlash = false): RegExp | undefined {
  if (!/^[A-Za-z0-9_]+$/.test(word) || /[0-9ey]$/i.test(word)) return undefined;
  return new RegExp((afterSlash ? AFTER_SLASH : '') + word + PATH_END_FOLLOW, flags);
}

/**
 * A required word of a path pattern as the text shows it: preceded by what shows the `/` before it in a folded
 * value ({@link AFTER_SLASH}, as for a final word) when the pattern has a literal `/` right before it; else anywhere.
 */
function wordGate(site: WordSite, flags: '' | 'i'): RegExp {
  return new RegExp((site.afterSlash ? AFTER_SLASH : '') + site.word, flags);
}

/**
 * Per path pattern, regular expressions over the text that must all match for some string's path to match
 * the pattern (with `flags`, the case flag the patterns are compiled with), or undefined when some pattern has
 * no gate. A pattern ending in a literal word (`(^|/)rooms/[^/]+/meetingInfo/?$`) matches only a path that
 * ends in that word and an optional `/`, which the text shows as the word followed by a character
 * {@link pathEndGate} allows (and preceded by one it allows when the pattern has a `/` before the word); and
 * every match holds the pattern's other literal words (`rooms`, {@link requiredWords}), which the text then
 * holds (with the same case flag; written as the prefilter's tokens are: unsplit and without escape sequences).
 * A pattern that does not end in a literal word is gated by its literal words alone ({@link wordGate}); one with
 * none has no gate.
 */
export function pathPatternGates(paths: readonly string[], flags: '' | 'i'): RegExp[][] | undefined {
  const list: RegExp[][] = [];
  for (const p of paths.flatMap(finalGroupAlternatives)) {
    const word = pathEndWord(p);
    const sites = requiredWordSites(p);
    if (!sites) return undefined;
    if (word === undefined) {
      // A pattern that does not end in a literal word (`^(/v1)?/people/[^/]+/features/`): its matches still hold its
      // literal words, a word after a literal `/` where a folded path's `/` may be followed by it (as the final
      // word: {@link wordGate}); none, no gate.
      if (sites.length === 0) return undefined;
      list.push(sites.map((w) => wordGate(w, flags)));
      continue;
    }
    const gate = pathEndGate(word, flags, slashBeforeEnd(p, word));
    if (!gate) return undefined;
    list.push([...sites.filter((w) => w.word !== word).map((w) => new RegExp(w.word, flags)), gate]);
  }
  return list;
}

/**
 * A pattern whose final group holds plain alternatives, written as one pattern per alternative (together they
 * match exactly what it matches), so each ends in a literal word {@link pathEndWord} reads:
 * `/cdr_(feed|stream)/?$` gives `/cdr_feed/?$` and `/cdr_stream/?$`; `/licenses(/users)?/?$` gives `/licenses/?$`
 * and `/licenses/users/?$`. Any other pattern is given back as it is. Plain: no group, class, escape (but `\/`)
 * or quantifier inside the group, and no `|` outside it.
 */
export function finalGroupAlternatives(source: string): string[] {
  const m = /^(.*)\(((?:[A-Za-z0-9_\-/|]|\\\/)*)\)(\?)?((?:\\?\/\?)?\$)$/.exec(source);
  if (!m || m[1].endsWith('\\') || topLevelAlternation(m[1])) return [source];
  const [, before, inside, optional, end] = m;
  const alternatives = inside.split('|');
  if (optional) alternatives.push('');
  return alternatives.map((a) => `${before}${a}${end}`);
}

const detectionGates = new WeakMap<object, RegExp[][] | undefined>();

/**
 * {@link pathPatternGates} of a detection's `paths`, which its detector matches case-insensitively (url-path,
 * request-field), built once per detection.
 */
export function detectionPathGates(d: { readonly paths: readonly string[] }): RegExp[][] | undefined {
  if (!detectionGates.has(d)) detectionGates.set(d, pathPatternGates(d.paths, 'i'));
  return detectionGates.get(d);
}

/** Whether some pattern's gates all pass on a text ({@link pathPatternGates}); true when there are none. */
export function passesPathGates(text: string, gates: RegExp[][] | undefined): boolean {
  return !gates || gates.some((all) => all.every((re) => re.test(text)));
}

/**
 * Whether a pattern {@link pathEndWord} reads has a literal `/` right before its final word (`/access_token/?$`).
 * Outside a character class, a `/` in a pattern (written `/` or `\/`) is always a literal `/`; a class, group or
 * quantifier before the word ends in `]`, `)` or a quantifier character instead.
 */
export function slashBeforeEnd(source: string, word: string): boolean {
  let s = source.slice(0, -1);
  if (s.endsWith('\\/?')) s = s.slice(0, -3);
  else if (s.endsWith('/?')) s = s.slice(0, -2);
  if (!s.endsWith(word)) return false;
  return s[s.length - word.length - 1] === '/';
}

/** Whether a word could be the text of a folded number (`1e3` folds to `1000`, `1e999` to `Infinity`). */
export function mayBeNumberText(word: string): boolean {
  return !/[^0-9e]/i.test(word) || 'infinity'.includes(word.toLowerCase());
}

/**
 * The literal word a path pattern's every match ends in (before an optional `/` and the end), or undefined when
 * the pattern is not of that simple shape: `<anything>word$`, `<anything>word/?$`, `<anything>word\/?$`, with no
 * `|` outside groups or classes (an alternative could end otherwise) and the word not the tail of an escape
 * (`\d`, `\w`).
 */
export function pathEndWord(source: string): string | undefined {
  if (topLevelAlternation(source)) return undefined;
  let s = source;
  if (!s.endsWith('$') || escaped(s, s.length - 1)) return undefined;
  s = s.slice(0, -1);
  if (s.endsWith('/?') && !escaped(s, s.length - 2)) s = s.slice(0, -2);
  else if (s.endsWith('\\/?') && !escaped(s, s.length - 3)) s = s.slice(0, -3);
  const m = /[A-Za-z0-9_]+$/.exec(s);
  if (!m || escaped(s, m.index)) return undefined;
  return m[0];
}

/**
 * The words (letters, digits, `_`) every match of a pattern holds: runs of literal word characters at the top
 * level of the pattern (outside groups and classes, not escaped, the last one dropped when a quantifier
 * follows it). Undefined when the pattern has a `|` at the top level (each alternative needs its own words).
 * A word that could be the text of a folded number (`1e3` folds to `1000`, `1e999` to `Infinity`) is left
 * out: only words whose text a string literal shows are kept.
 */
export function requiredWords(source: string): string[] | undefined {
  return requiredWordSites(source)?.map((w) => w.word);
}

/** A word of {@link requiredWords}, and whether the pattern has a literal `/` right before it (`/people/`, not `/?people`). */
export interface WordSite {
  word: string;
  afterSlash: boolean;
}

/** {@link requiredWords} with, for each word, whether a literal `/` (written `/` or `\/`, not quantified) comes right before it in the pattern. */
export function requiredWordSites(source: string): WordSite[] | undefined {
  if (topLevelAlternation(source)) return undefined;
  const words: WordSite[] = [];
  let run = '';
  let runAfterSlash = false;
  // Whether the last part read is a literal `/` at the top level.
  let slash = false;
  const end = (): void => {
    if (run !== '' && !mayBeNumberText(run)) words.push({ word: run, afterSlash: runAfterSlash });
    run = '';
  };
  for (const part of sourceParts(source)) {
    if (part.depth > 0 && part.kind !== 'open') continue;
    const wasSlash = slash;
    slash = false;
    if (part.kind === 'escape') {
      end();
      slash = part.escaped === '/';
    } else if (part.kind === 'class' || part.kind === 'open') end();
    else if (part.kind !== 'char') continue;
    else if (part.c === '?' || part.c === '*' || part.c === '+' || part.c === '{') {
      // The quantifier applies to the last character: the run ends before it (and a quantified `/` may be absent).
      run = run.slice(0, -1);
      end();
    } else if (/[A-Za-z0-9_]/.test(part.c)) {
      if (run === '') runAfterSlash = wasSlash;
      run += part.c;
    } else {
      end();
      slash = part.c === '/';
    }
  }
  end();
  return words;
}

/**
 * The parts of a regular expression's source, with the group depth they start at: an escape (`\x`), a
 * character class (`[...]`, whole), a group's opening or closing parenthesis, or another character.
 */
function* sourceParts(source: string): Generator<{ kind: 'escape' | 'class' | 'open' | 'close' | 'char'; c: string; depth: number; escaped?: string }> {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      yield { kind: 'escape', c, depth, escaped: source[i + 1] };
      i++;
    } else if (c === '[') {
      yield { kind: 'class', c, depth };
      // To the class's end (a `]` not escaped).
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
    } else if (c === '(') yield { kind: 'open', c, depth: depth++ };
    else if (c === ')') yield { kind: 'close', c, depth: --depth };
    else yield { kind: 'char', c, depth };
  }
}

/** Whether the character at `at` is escaped (an odd number of backslashes before it). */
function escaped(s: string, at: number): boolean {
  let n = 0;
  for (let i = at - 1; i >= 0 && s[i] === '\\'; i--) n++;
  return n % 2 === 1;
}

/** Whether a pattern source has a `|` at the top level (outside groups and character classes). */
function topLevelAlternation(source: string): boolean {
  for (const part of sourceParts(source)) if (part.kind === 'char' && part.c === '|' && part.depth === 0) return true;
  return false;
}

/**
 * Where, in the text, the first segment of a folded URL's path may start (see {@link apiUrlGate}). A path decides
 * only when the URL's host is not known (`isApiUrl`): the value is a path alone (from its start, after unknown
 * parts: `base + '/rooms'`, `` `${base}/rooms` ``), or its host holds an unknown part (`` `https://${tenant}.example.com/rooms` ``,
 * `'https://' + host + ':8080/rooms'`). Either way the literal that holds the path's first `/` starts (its
 * opening quote or backtick, or the `}` of a `${...}`) at that `/` or at a part of the host after an unknown one;
 * a host holds no `/`, `?`, `#` or white space (an escaped `\/` is a `/`). A literal whose host is written
 * whole after `//` (`"http://example.com/authorize"`) has a known host, which the gate reads as such, not as a
 * path; so has a template that starts with one (`` `https://sentry.io/api/0/${org}/events/` ``): none of its
 * `${...}` starts a path. A module specifier (the literal after `from`, `import`, `import(`, `require(`) is no
 * value a URL is folded from: its quote starts nothing. Written as a lookbehind from the `/` (the expression
 * looks for the `/` first, then reads back).
 */
const PATH_START = String.raw`\/(?<=(?:(?<!(?:\bfrom|\bimport|\b(?:import|require)\s*\()\s*)['"\x60]|(?<!\x60(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#$\x60\s\\]+\/[^\x60]*)})(?:[^/?#'"\x60\s\\]|\\[^/])*\\?\/)`;

/** What follows a path word in the text where the folded path may go on with `/`, `?`, `#` or end (see {@link PATH_END_FOLLOW}). */
const SEGMENT_END_FOLLOW = String.raw`(?:[/?#\\&'"\x60$\n\r\u2028\u2029]|$)`;

/**
 * The gate of the detections that only report requests (and clients) whose URL calls the API (`isApiUrl` of
 * engine/api/url.ts: its host is one of `hosts`; or, the host unknown, its path starts with `/v1` or
 * `/<word>` of `pathWords`, followed by `/`, `?`, `#` or the path's end). Such a URL's folded value is made of
 * string literals and template parts, so a text in which it is written holds a host (written as the prefilter's
 * tokens are: unsplit and without escape sequences) or a path word where the first segment of a path may start
 * ({@link PATH_START}) followed by a character that lets the path end or go on ({@link SEGMENT_END_FOLLOW}, as
 * {@link PATH_END_FOLLOW}, plus `/`). The same words elsewhere (an import specifier `"@server/utils/jwt"`, a
 * route `/oauth/authorize?`, a method name `/events.list`) are no API URL. Case-insensitive, as the prefilter.
 * A word ending in `/` (`admin/`) needs no follower.
 */
export function apiUrlGate(hosts: Iterable<string>, pathWords: readonly string[]): RegExp {
  const word = (w: string): string => escapeRegExp(w) + (w.endsWith('/') ? '' : SEGMENT_END_FOLLOW);
  const paths = ['v1', ...pathWords].map(word).join('|');
  const hostList = [...hosts].map(escapeRegExp).join('|');
  return new RegExp(`${hostList ? `${hostList}|` : ''}${PATH_START}(?:${paths})`, 'i');
}
