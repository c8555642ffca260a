/**
 * The strings of a JavaScript/TypeScript file that no parser accepts, for text-level detection: js-tokens
 * (a tokenizer that never fails) splits the text into comments, strings, templates and code, so a host or a
 * header name is looked for in the strings only, never in a comment or an identifier.
 */
import jsTokens from 'js-tokens';
import { UNKNOWN } from './file-context.js';

/** One string literal or whole template literal of a text. */
export interface StringToken {
  /** The literal with its delimiters (quotes, backticks). */
  range: [number, number];
  /** The raw text between the delimiters; each `${...}` of a template is one {@link UNKNOWN}. */
  value: string;
  /** Whether it is a template literal with substitutions. */
  template: boolean;
}

/** The string and template literals of a text, in order; templates nested in substitutions come on their own. */
export function stringTokens(text: string): StringToken[] {
  const out: StringToken[] = [];
  const open: Array<{ start: number; value: string }> = [];
  let offset = 0;
  for (const token of jsTokens(text)) {
    const start = offset;
    offset += token.value.length;
    switch (token.type) {
      case 'StringLiteral':
      case 'NoSubstitutionTemplate':
        out.push({ range: [start, offset], value: token.value.slice(1, token.closed ? -1 : undefined), template: false });
        break;
      case 'TemplateHead':
        open.push({ start, value: token.value.slice(1, -2) });
        break;
      case 'TemplateMiddle': {
        const t = open.at(-1);
        if (t) t.value += UNKNOWN + token.value.slice(1, -2);
        break;
      }
      case 'TemplateTail': {
        const t = open.pop();
        if (t) out.push({ range: [t.start, offset], value: t.value + UNKNOWN + token.value.slice(1, token.closed ? -1 : undefined), template: true });
        break;
      }
      default:
    }
  }
  // An unclosed template (the file ends inside it) still counts up to the end.
  for (const t of open) out.push({ range: [t.start, text.length], value: t.value + UNKNOWN, template: true });
  return out.sort((a, b) => a.range[0] - b.range[0]);
}

/**
 * The text with everything but string and template literals blanked (newlines kept), so offsets, lines and
 * columns stay those of the file and a text detector sees only what the file's strings say.
 */
export function stringsOnly(text: string, strings: readonly StringToken[]): string {
  let out = '';
  let last = 0;
  for (const s of strings) {
    if (s.range[0] < last) continue;
    out += blank(text.slice(last, s.range[0])) + text.slice(s.range[0], s.range[1]);
    last = s.range[1];
  }
  return out + blank(text.slice(last));
}

function blank(s: string): string {
  return s.replace(/[^\r\n]/g, ' ');
}
