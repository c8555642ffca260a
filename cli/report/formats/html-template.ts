/**
 * A typed, escaping-by-default HTML template tag for the report page. Every interpolated string is escaped
 * (text and attribute values alike: `& < > " '`), so code from a scanned repository and text from a catalog
 * cannot open a tag or leave an attribute. Only `Html` values (built by this tag, or constant assets through
 * `trusted`) are inserted as they are.
 */

import { printable } from '../../../engine/read/printable.js';

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Control characters (ESC, BEL, NUL...) and the bidirectional overrides that make a line read otherwise than it
 * is (U+202E, "Trojan Source") from a repository's names, code or a catalog: shown as their escape (`\x1b`,
 * `\u202e`) as the terminal report does. Line breaks and tabs of excerpts stay.
 */
const HIDDEN = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!).replace(HIDDEN, (ch) => printable(ch));
}

function render(value: HtmlValue): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** A constant of this package (CSS, script, SVG path) inserted as it is. Never pass data here. */
export function trusted(constant: string): Html {
  return new Html(constant);
}

/** A link target: http(s) URLs only; anything else (javascript:, data:, a `file:` path of this machine) becomes an inert `#`. */
export function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : '#';
}

/**
 * Text whose Markdown code spans (`` `errorCodes` ``) are shown as `<code>`, as the catalog writes them; the
 * rest, and the code itself, is escaped like any value. An unpaired backtick stays a backtick.
 */
export function withCode(text: string): Html {
  const parts: Html[] = [];
  const re = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    parts.push(html`${text.slice(last, m.index)}`, html`<code>${m[2]!.trim() === '' ? m[2] : m[2]!.replace(/^ (.*) $/s, '$1')}</code>`);
    last = m.index + m[0].length;
  }
  parts.push(html`${text.slice(last)}`);
  return html`${parts}`;
}

/** An id usable in `id` and `href="#…"`: notice ids are already kebab-case; anything else is normalised. */
export function anchorId(prefix: string, s: string): string {
  return `${prefix}-${s.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}
