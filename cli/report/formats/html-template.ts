/**
 * A typed, escaping-by-default HTML template tag for the report page. Every interpolated string is escaped
 * (text and attribute values alike: `& < > " '`), so code from a scanned repository and text from a catalog
 * cannot open a tag or leave an attribute. Only `Html` values (built by this tag, or constant assets through
 * `trusted`) are inserted as they are.
 */

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
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

/** A link target: http(s) and file URLs only; anything else (javascript:, data:) becomes an inert `#`. */
export function safeUrl(url: string): string {
  return /^(https?|file):\/\//i.test(url) ? url : '#';
}

/** An id usable in `id` and `href="#…"`: notice ids are already kebab-case; anything else is normalised. */
export function anchorId(prefix: string, s: string): string {
  return `${prefix}-${s.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}
