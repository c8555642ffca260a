/**
 * The scripts written inside markup: the inline `<script>` blocks of an HTML page and the `<script>` blocks of a
 * Vue or Svelte single-file component. A module of its own with no imports (as language.ts), so the CLI's walker
 * thread and the ESLint plugin's processor can load it without the engine.
 *
 * Each block is handed to the parser as a *blanked copy* of the whole file: every character outside the block
 * becomes a space (line breaks are kept), so the parser's offsets, lines and columns are those of the markup file
 * itself, a fix's ranges index the markup file's text, and nothing maps positions back. An HTML page's blocks are
 * separate scripts (each its own group); a component's blocks are one module (Vue's `<script>` + `<script setup>`,
 * Svelte's `<script context="module">` + `<script>`), one group.
 *
 * The tags are found by a scanner of the HTML tokenizer's rules that matter here (comments, quoted attribute
 * values, raw-text elements whose content holds no tags, a script's end at the first `</script`), not by an HTML
 * parser package: see docs/html.md for why and what it costs.
 */

/** One inline script block of a markup file: its content's offsets in the file's text. */
export interface ScriptBlock {
  /** Offset of the first character of the content (just after the opening tag's `>`). */
  start: number;
  /** Offset just past the content (the `<` of `</script`, or the end of the text when the tag is not closed). */
  end: number;
  /** Offset of the closing tag's `<`, or undefined when the block runs to the end of the text. */
  close?: number;
  /** The language the block is written in. */
  lang: 'js' | 'jsx' | 'ts' | 'tsx';
  /** `type="module"`, or a component's block (components are modules). */
  module: boolean;
}

/** A quoted attribute value of a tag: the offsets of its opening quote and just past its closing quote. */
interface AttributeSpan {
  /** The attribute's name, lower-cased (`href`, `:href`, `v-bind:href`, `[href]`). */
  name: string;
  start: number;
  end: number;
}

/** Blocks parsed together, as one program, with the text the parser reads. */
export interface ScriptGroup {
  blocks: ScriptBlock[];
  /** The markup text with everything outside the blocks blanked (same length, same line breaks). */
  readonly text: string;
  lang: ScriptBlock['lang'];
  /** A name for the parser: the markup file's name with the extension of the block's language. */
  parseName: string;
  /**
   * The group of the markup's URL-bearing attribute values ({@link markupValues}), each kept in place as a
   * string-literal statement; absent for a group of script blocks.
   */
  markup?: true;
}

/**
 * Markup files by name. A server-side template of an HTML page (Handlebars `.hbs`/`.handlebars`, Mustache, EJS: an
 * Express or NestJS app's views) is the page the browser gets with its template tags filled in: its links and inline
 * scripts are read as a page's.
 */
const MARKUP = /\.(html?|vue|svelte|astro|hbs|handlebars|mustache|ejs)$/i;
const COMPONENT = /\.(vue|svelte)$/i;
const ASTRO = /\.astro$/i;

/** Whether a file is markup whose script blocks the engine reads (`.html`, `.htm`, `.vue`, `.svelte`, `.astro`, templates of pages: `.hbs`, `.handlebars`, `.mustache`, `.ejs`), by its name. */
export function isMarkupFile(filename: string): boolean {
  return MARKUP.test(filename);
}

/**
 * Whether a file is an Astro component (`.astro`): its `<script>` blocks are browser code (each bundled as a
 * TypeScript module, or with `is:inline` left in the page as written), its frontmatter (the code fence `---` at
 * its start) runs on the server and is not read as a script.
 */
export function isAstroFile(filename: string): boolean {
  return ASTRO.test(filename);
}

/**
 * The offset just past an Astro component's frontmatter fence (`---` ... `---` at its start), 0 when there is none:
 * markup, and so `<script>` tags, begin there (a `'<script>'` string of the frontmatter is server code).
 */
function astroBodyStart(text: string): number {
  const open = /^\s*---[ \t]*\r?\n/.exec(text);
  if (!open) return 0;
  const close = /(?:^|\n)---[ \t]*(?:\r?\n|$)/g;
  close.lastIndex = open[0].length - 1;
  const m = close.exec(text);
  return m ? m.index + m[0].length : text.length;
}

/** Whether a file is a single-file component (`.vue`, `.svelte`): front-end code whose blocks form one module. */
export function isComponentFile(filename: string): boolean {
  return COMPONENT.test(filename);
}

/** Elements whose content is text, not tags (a `<script>` written inside one is not a script). */
const RAW_TEXT = new Set(['style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

/** `type` values of a classic script (the HTML standard's JavaScript MIME type essence matches), plus in-browser JSX. */
const CLASSIC_TYPES = new Set([
  '',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);
/** `type` values of scripts a page compiles in the browser from JSX (React demos with Babel standalone). */
const JSX_TYPES = new Set(['text/babel', 'text/jsx']);
const LANGS: Record<string, ScriptBlock['lang']> = { '': 'js', js: 'js', javascript: 'js', jsx: 'jsx', ts: 'ts', typescript: 'ts', tsx: 'tsx' };

/** `[A-Za-z0-9:_-]`, a character of a tag's name. */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 58) || c === 95 || c === 45;
}

/** HTML's white space: tab, line feed, form feed, carriage return, space. */
function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
}

const GT = 62;
const SLASH = 47;
const EQUALS = 61;

/**
 * The opening tag at `at` (`text[at] === '<'`, a letter after it): its lower-cased name, the offset just past its
 * `>` (the text's length when unclosed) and, for a `script` tag only (the one tag whose attributes are read), its
 * attributes (lower-cased names, first occurrence kept, as HTML does). With `spans`, every quoted attribute value
 * of any tag is pushed there (its lower-cased name and the offsets of its quotes), for the markup URL values. Read
 * by character code: a page of the platform SDK's API docs holds 2 MB of tags.
 */
function readTag(text: string, at: number, spans?: AttributeSpan[]): { name: string; attrs?: Map<string, string>; end: number } {
  const length = text.length;
  let i = at + 1;
  while (i < length && isNameChar(text.charCodeAt(i))) i++;
  const name = text.slice(at + 1, i).toLowerCase();
  const attrs = name === 'script' ? new Map<string, string>() : undefined;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === GT) return { name, attrs, end: i + 1 };
    if (isSpace(c) || c === SLASH) {
      i++;
      continue;
    }
    const nameStart = i;
    for (; i < length; i++) {
      const d = text.charCodeAt(i);
      if (isSpace(d) || d === GT || d === SLASH || (d === EQUALS && i !== nameStart)) break;
    }
    const attrEnd = i;
    while (i < length && isSpace(text.charCodeAt(i))) i++;
    let valueStart = i;
    let valueEnd = i;
    if (i < length && text.charCodeAt(i) === EQUALS) {
      i++;
      while (i < length && isSpace(text.charCodeAt(i))) i++;
      const q = text[i];
      if (q === '"' || q === "'") {
        const close = text.indexOf(q, i + 1);
        const stop = close < 0 ? length : close;
        valueStart = i + 1;
        valueEnd = stop;
        if (spans && close >= 0) spans.push({ name: text.slice(nameStart, attrEnd).toLowerCase(), start: i, end: close + 1 });
        i = stop + 1;
      } else {
        valueStart = i;
        while (i < length && !isSpace(text.charCodeAt(i)) && text.charCodeAt(i) !== GT) i++;
        valueEnd = i;
      }
    }
    if (attrs) {
      const attr = text.slice(nameStart, attrEnd).toLowerCase();
      if (!attrs.has(attr)) attrs.set(attr, text.slice(valueStart, valueEnd));
    }
  }
  return { name, attrs, end: length };
}

/** The language of a script tag's content, or undefined when it is not a script the engine reads (data, templates, `src`). */
function scriptLanguage(attrs: ReadonlyMap<string, string>, component: boolean, astro = false): Pick<ScriptBlock, 'lang' | 'module'> | undefined {
  if (attrs.has('src')) return undefined;
  // Astro processes a `<script>` with no attribute but `lang`/`type="module"` as a TypeScript module; one with
  // `is:inline` (or other attributes) is left in the page as written.
  if (astro && !attrs.has('is:inline') && [...attrs.keys()].every((a) => a === 'type' || a === 'lang')) {
    const type = (attrs.get('type') ?? '').split(';')[0].trim().toLowerCase();
    if (type === '' || type === 'module' || CLASSIC_TYPES.has(type)) return { lang: 'ts', module: true };
  }
  const lang = LANGS[(attrs.get('lang') ?? '').trim().toLowerCase()];
  if (lang === undefined) return undefined;
  const type = (attrs.get('type') ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'module') return { lang, module: true };
  if (CLASSIC_TYPES.has(type)) return { lang, module: component };
  if (JSX_TYPES.has(type)) return { lang: lang === 'ts' || lang === 'tsx' ? 'tsx' : 'jsx', module: component };
  // `lang="ts"` on a component's script block gives a TypeScript type of its own (`type="text/typescript"` is rare).
  if (component && /^(?:text|application)\/(?:typescript|ts)$/.test(type)) return { lang: 'ts', module: true };
  return undefined;
}

/**
 * The inline script blocks of a markup text, in order: `<script>` with no `src`, whose `type` is absent, a
 * JavaScript type or `module` (and, in a component, whose `lang` is absent, `js`, `jsx`, `ts` or `tsx`). Tags in
 * comments, in raw-text elements (`<textarea>`, `<style>`, `<noscript>`...) and in a script's own content are not
 * blocks; JSON (`application/ld+json`, `importmap`) and template types (`text/template`, `text/x-handlebars`) are not
 * scripts.
 */
export function scriptBlocks(text: string, filename = ''): ScriptBlock[] {
  return scanMarkup(text, filename);
}

/** {@link scriptBlocks}, and with `spans` the quoted attribute values of the markup's tags (outside comments, scripts and raw text). */
function scanMarkup(text: string, filename: string, spans?: AttributeSpan[]): ScriptBlock[] {
  const component = isComponentFile(filename);
  const astro = isAstroFile(filename);
  const blocks: ScriptBlock[] = [];
  let i = astro ? astroBodyStart(text) : 0;
  for (;;) {
    i = text.indexOf('<', i);
    if (i < 0 || i + 1 >= text.length) break;
    const next = text[i + 1];
    if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      i = close < 0 ? text.length : close + 3;
      continue;
    }
    if (next === '!' || next === '?' || next === '/') {
      const close = text.indexOf('>', i + 2);
      i = close < 0 ? text.length : close + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(next)) {
      i++;
      continue;
    }
    const mark = spans?.length ?? 0;
    const tag = readTag(text, i, spans);
    i = tag.end;
    // A page's resources (`<script src>`, `<link href>`: code, styles, icons) are loaded, never API requests.
    if (spans && NOT_REQUESTS.has(tag.name)) spans.length = mark;
    if (tag.name === 'script') {
      const close = closingTag(text, 'script', i);
      const lang = scriptLanguage(tag.attrs!, component, astro);
      if (lang) blocks.push({ start: i, end: close ?? text.length, ...(close !== undefined ? { close } : {}), ...lang });
      i = close === undefined ? text.length : tagEnd(text, close);
    } else if (RAW_TEXT.has(tag.name)) {
      const close = closingTag(text, tag.name, i);
      i = close === undefined ? text.length : tagEnd(text, close);
    }
  }
  return blocks;
}

/** The offset of the first `</name` (any case) from `from` that ends a tag name, undefined when there is none. */
function closingTag(text: string, name: string, from: number): number | undefined {
  const pattern = new RegExp(`</${name}(?=[\\t\\n\\f\\r />]|$)`, 'gi');
  pattern.lastIndex = from;
  const m = pattern.exec(text);
  return m ? m.index : undefined;
}

/** The offset just past the `>` of the tag starting at `at` (the text's length when unclosed). */
function tagEnd(text: string, at: number): number {
  const close = text.indexOf('>', at);
  return close < 0 ? text.length : close + 1;
}

/**
 * A text with every character outside the ranges turned into a space, line breaks kept: same length, same lines.
 * `joined`: a `;` replaces the blank where each range but the last ends (the `<` of its closing tag), so that blocks
 * of one module parse as statements even when one ends on the line where the next starts.
 */
export function blankOutside(text: string, ranges: ReadonlyArray<readonly [number, number]>, joined = false): string {
  return oneByteBlanked(text, ranges, joined) ?? blankedByParts(text, ranges, joined);
}

/** A character above U+00FF (not one byte in Latin-1). */
const WIDE = /[^\u0000-\u00ff]/;
/** The line breaks a blank keeps that are not one byte. */
const WIDE_LINE_BREAK = /[\u2028\u2029]/;

/**
 * {@link blankOutside} written into a buffer of spaces and read back as Latin-1, when every kept character is one
 * byte (the ranges' text is Latin-1, and the text holds no U+2028 or U+2029): the same string, made as a one-byte
 * string. Put together from slices of a page that holds any wider character (an emoji, a typographic quote), the
 * copy was a two-byte string: on the SDK's 2 MB API docs page 4 MB instead of 2 MB, made of 10,000 pieces, and the
 * gates' regular expressions then ran over it in two-byte mode. Undefined when the ranges are not in order or a
 * kept character is wider (then {@link blankedByParts}).
 */
function oneByteBlanked(text: string, ranges: ReadonlyArray<readonly [number, number]>, joined: boolean): string | undefined {
  if (typeof Buffer === 'undefined' || WIDE_LINE_BREAK.test(text)) return undefined;
  let last = 0;
  for (const [start, end] of ranges) {
    if (start < last || end < start || end > text.length || WIDE.test(text.slice(start, end))) return undefined;
    last = end;
  }
  const out = Buffer.alloc(text.length, 0x20);
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out[i] = 0x0a;
  for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 1)) out[i] = 0x0d;
  last = 0;
  ranges.forEach(([start, end], k) => {
    // As blankedByParts writes it: a `;` for the first character of a blank after a block, when that is a space.
    if (k > 0 && joined && last < start && out[last] === 0x20) out[last] = 0x3b;
    if (end > start) out.write(text.slice(start, end), start, end - start, 'latin1');
    last = end;
  });
  return out.toString('latin1');
}

/** {@link blankOutside} put together from the text's slices and blanked runs (any text). */
function blankedByParts(text: string, ranges: ReadonlyArray<readonly [number, number]>, joined: boolean): string {
  let out = '';
  let last = 0;
  ranges.forEach(([start, end], k) => {
    const gap = blank(text.slice(last, start));
    out += k > 0 && joined && gap.startsWith(' ') ? ';' + gap.slice(1) : gap;
    out += text.slice(start, end);
    last = end;
  });
  return out + blank(text.slice(last));
}

/**
 * Each run of characters between line breaks becomes one `repeat` of a space: on the SDK's 2 MB API docs page a
 * replacement per character took 200 ms of CPU, a replacement per run 27 ms (the same text).
 */
function blank(s: string): string {
  return s.replace(/[^\n\r\u2028\u2029]+/g, (run) => ' '.repeat(run.length));
}

/**
 * Attributes whose value is a URL in HTML (`href`, `src`, `action`, `formaction`, ...), read in any tag. A `data-*`
 * attribute, or one whose name says it holds a URL (`redirect-uri`, `authUrl`, `api-endpoint`: a component's
 * property), is read when its value is an absolute `http(s)://` URL; other attributes (`title`, `alt`, `content`:
 * text for people) are not.
 */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'poster', 'cite', 'background', 'longdesc', 'ping', 'manifest', 'codebase', 'xlink:href']);
/** Tags whose URLs load the page's own resources. */
const NOT_REQUESTS = new Set(['script', 'link']);
/** A bound attribute of a component template: Vue's `:name` / `v-bind:name`, Angular's `[name]` / `[attr.name]`. */
const BOUND = /^(?::|v-bind:|\[(?:attr\.)?)([a-z][\w:.-]*)\]?$/;
/** Characters that keep a value from being a string literal as written (an escape, a line break). */
const NOT_LITERAL = /[\\\n\r\u2028\u2029]/;

/**
 * The URL-bearing attribute values of a markup text as ranges that are string literals as written (quotes
 * included): a URL attribute's quoted value, or any attribute's quoted value that is an absolute `http(s)://` URL;
 * for a bound attribute of a template (`:href="'https://...'"`, `[href]="'...'"`), the one string literal its
 * expression is, and nothing when it is another expression. A value holding a backslash or a line break is not
 * a literal as written and is left out (so the blanked copy always parses); so are unquoted values.
 */
export function markupValues(text: string, filename = ''): Array<readonly [number, number]> {
  const spans: AttributeSpan[] = [];
  scanMarkup(text, filename, spans);
  return urlValues(text, spans);
}

function urlValues(text: string, spans: readonly AttributeSpan[]): Array<readonly [number, number]> {
  const out: Array<readonly [number, number]> = [];
  for (const span of spans) {
    const bound = BOUND.exec(span.name);
    // Most attributes name no URL (`class`, `id`: 18,700 of the 23,900 quoted values of the SDK's API docs page): not read.
    if (!bound && !URL_ATTRIBUTES.has(span.name) && !URL_NAMED.test(span.name)) continue;
    const inner = text.slice(span.start + 1, span.end - 1);
    if (NOT_LITERAL.test(inner)) continue;
    if (bound) {
      const literal = /^(\s*)(['"`])([^'"`]*)\2\s*$/.exec(inner);
      if (!literal || (literal[2] === '`' && literal[3].includes('${'))) continue;
      if (!URL_ATTRIBUTES.has(bound[1]) && !(URL_NAMED.test(bound[1]) && ABSOLUTE.test(literal[3]))) continue;
      const from = span.start + 1 + literal[1].length;
      out.push([from, from + literal[3].length + 2]);
      continue;
    }
    if (URL_ATTRIBUTES.has(span.name) || (URL_NAMED.test(span.name) && ABSOLUTE.test(inner))) out.push([span.start, span.end]);
  }
  return out;
}

const ABSOLUTE = /^\s*https?:\/\//i;
/** Names of attributes that may hold a URL besides the standard ones: `data-*`, and names ending in url, uri, href, src, endpoint. */
const URL_NAMED = /^data-|(?:url|uri|href|src|endpoint)$/;

const RANK: Record<ScriptBlock['lang'], number> = { js: 0, jsx: 1, ts: 2, tsx: 3 };
const EXTENSION: Record<ScriptBlock['lang'], string> = { js: '.js', jsx: '.jsx', ts: '.ts', tsx: '.tsx' };

/**
 * The most blocks of a page parsed one by one. Each is parsed as a blanked copy of the whole page, so a page of
 * many blocks would cost blocks x size (a hostile 1 MB page of 100,000 `<script>` tags); past this many, the
 * page's blocks are read as one program, as a component's are.
 */
export const MAX_SEPARATE_BLOCKS = 256;

/**
 * The script blocks of a markup file as the parser reads them: in an HTML page each block is a program of its
 * own (all of them one program past {@link MAX_SEPARATE_BLOCKS}); in a component all blocks are one module, in the
 * widest language of its blocks (TypeScript when one block says `lang="ts"`). A group's blanked `text` is made
 * when first read.
 */
export function scriptGroups(text: string, filename: string): ScriptGroup[] {
  const spans: AttributeSpan[] = [];
  const blocks = scanMarkup(text, filename, spans);
  const sets = blocks.length === 0 ? [] : isComponentFile(filename) || blocks.length > MAX_SEPARATE_BLOCKS ? [blocks] : blocks.map((b) => [b]);
  const groups = sets.map((set): ScriptGroup => {
    const lang = set.reduce<ScriptBlock['lang']>((wide, b) => (RANK[b.lang] > RANK[wide] ? b.lang : wide), 'js');
    let blanked: string | undefined;
    return {
      blocks: set,
      get text() {
        return (blanked ??= blankOutside(text, set.map((b) => [b.start, b.end] as const), true));
      },
      lang,
      parseName: filename + EXTENSION[lang],
    };
  });
  const values = urlValues(text, spans);
  if (values.length > 0) {
    let blanked: string | undefined;
    groups.push({
      blocks: values.map(([start, end]) => ({ start, end, lang: 'js', module: false })),
      // A `;` after each value (where a blank follows on its line): adjacent string literals are not one statement.
      get text() {
        return (blanked ??= blankOutside(text, values, true));
      },
      lang: 'js',
      parseName: filename + '.js',
      markup: true,
    });
  }
  return groups;
}

/**
 * A shorter text holding the same substrings of at most `keep` characters as the group's blanked {@link
 * ScriptGroup.text} (for a token search, which it answers the same while no token is only blanks, spaces, line
 * breaks and `;`): each blank between two blocks longer than twice `keep` is cut to its first and last `keep`
 * characters. A substring of at most `keep` characters of the blanked text either lies inside one such blank (only
 * blank characters) or within `keep` characters of a block, which the cut text keeps around it; one that crosses a
 * cut holds more than `keep` blank characters. On the SDK's 2 MB API docs page, the 5,193 links of its markup group
 * are 430 KB: the blanked copy's token search took longer than the rest of the page's analysis. Cut from the
 * blanked text, which the gates read anyway: writing each blank again took 30-45 ms on that page, slicing 2-5 ms.
 */
export function groupTokenText(text: string, group: ScriptGroup, keep: number): string {
  // Slices of the blanked text itself (made for the gates anyway): its blanks are already written, `;` included.
  // Blocks out of order (never from scriptGroups) make a blanked text of another length: then written anew below.
  let ordered = true;
  let end = 0;
  for (const b of group.blocks) {
    if (b.start < end || b.end < b.start) ordered = false;
    end = b.end;
  }
  if (ordered && end <= text.length) {
    const blanked = group.text;
    const cut = (from: number, to: number): string => (to - from > 2 * keep ? blanked.slice(from, from + keep) + blanked.slice(to - keep, to) : blanked.slice(from, to));
    let out = '';
    let last = 0;
    for (const b of group.blocks) {
      out += cut(last, b.start) + blanked.slice(b.start, b.end);
      last = b.end;
    }
    return out + cut(last, blanked.length);
  }
  // As blankOutside(text, ranges, true) writes each blank: a `;` for its first space after a block.
  const gap = (from: number, to: number, afterBlock: boolean): string => {
    const long = to - from > 2 * keep;
    const head = blank(text.slice(from, long ? from + keep : to));
    return (afterBlock && head.startsWith(' ') ? ';' + head.slice(1) : head) + (long ? blank(text.slice(to - keep, to)) : '');
  };
  let out = '';
  let last = 0;
  group.blocks.forEach((b, k) => {
    out += gap(last, b.start, k > 0) + text.slice(b.start, b.end);
    last = b.end;
  });
  return out + gap(last, text.length, false);
}

/**
 * Whether a token search (case-insensitive substrings) finds the same of these tokens in a markup values' group's
 * {@link groupSource} (its values joined by line breaks) as in its blanked {@link ScriptGroup.text} or
 * {@link groupTokenText}. Each value is a string literal with its quotes, and the blanked text holds only blank
 * characters (spaces, `;`, line breaks) between values; so a token found in one text and not the other lies in a
 * blank (only blank characters), runs across a line break between two values of the joined text (holds `\n`), or
 * runs from a value's quote into a blank (holds a quote and a blank character) or into the next value's quote (two
 * quotes). When no token is so (the catalog's `'iss'` holds quotes, `single license - ` spaces, none both), the
 * answers are the same.
 */
export function valueTokensSuffice(tokens: readonly string[]): boolean {
  return tokens.every((t) => !/^[ ;\n\r\u2028\u2029]*$/.test(t) && !t.includes('\n') && !(/['"`]/.test(t) && /[ ;\r\u2028\u2029]|['"`]['"`]/.test(t)));
}

/** The source text of a group's blocks alone, joined by line breaks (for a search of its tokens before the blanked text is made). */
export function groupSource(text: string, group: ScriptGroup): string {
  return group.blocks.map((b) => text.slice(b.start, b.end)).join('\n');
}

/** The group a text offset of a markup file falls in (its blocks' content), undefined when it is in the markup. */
export function groupAt(groups: readonly ScriptGroup[], offset: number): ScriptGroup | undefined {
  return groups.find((g) => g.blocks.some((b) => offset >= b.start && offset <= b.end));
}
