/**
 * Legacy decorators on object-literal members (`Plugin.extend({ @oneFlight refresh() {...} })`, Babel 6's
 * grammar, common in the platform's own SDK) are the one Babel-era syntax oxc rejects in files it otherwise
 * reads. The tree the detectors need is the same without them: TS-ESTree's `Property` has no decorators, so
 * the Babel fallback's tree does not show them to any detector either (test/babel-era.test.ts compares both
 * on each case). {@link blankDecoratorAt} blanks one decorator (same length, line breaks kept, so every
 * offset stays), which lets engine/parse/parse.ts read such a file with oxc, one decorator at a time, at the
 * offsets oxc itself rejects, instead of loading and running @babel/parser.
 */
import jsTokens from 'js-tokens';
import { SPACE_OR_COMMENT } from '../prefilter/regexp.js';
import { childKeys, type Node } from './file-context.js';

type Token = { type: string; value: string };

const SKIPPED = new Set(['WhiteSpace', 'LineTerminatorSequence', 'MultiLineComment', 'SingleLineComment']);

/**
 * The text with the decorator that starts at `at` (an `@`) blanked, and where it ended: `@name`, `@a.b.c`, either followed by
 * one parenthesised argument list, or `@(expression)`. Undefined when no such decorator starts there or its
 * end cannot be told (an unbalanced or unterminated argument list): the caller then uses another parser.
 */
export function blankDecoratorAt(text: string, at: number): { text: string; end: number } | undefined {
  if (text.charCodeAt(at) !== 64 /* @ */) return undefined;
  const end = decoratorEnd(text, at);
  if (end === undefined) return undefined;
  return { text: text.slice(0, at) + text.slice(at, end).replace(/[^\n\r\u2028\u2029]/g, ' ') + text.slice(end), end };
}

/** The offset just past the decorator starting at `at`. */
function decoratorEnd(text: string, at: number): number | undefined {
  const tokens = jsTokens(text.slice(at)) as Iterable<Token>;
  const iterator = tokens[Symbol.iterator]();
  let offset = at;
  /** The next token that is not a space or comment, with its start; undefined at the end of the text. */
  const next = (): { token: Token; start: number } | undefined => {
    for (;;) {
      const step = iterator.next();
      if (step.done) return undefined;
      const start = offset;
      offset += step.value.value.length;
      if (!SKIPPED.has(step.value.type)) return { token: step.value, start };
    }
  };
  const at0 = next();
  if (!at0 || at0.token.value !== '@') return undefined;
  let t = next();
  if (!t) return undefined;
  if (isPunctuator(t.token, '(')) return balanced(next) ? offset : undefined;
  if (t.token.type !== 'IdentifierName') return undefined;
  let end = offset;
  for (;;) {
    t = next();
    if (t && isPunctuator(t.token, '.')) {
      const name = next();
      if (!name || name.token.type !== 'IdentifierName') return undefined;
      end = offset;
      continue;
    }
    if (t && isPunctuator(t.token, '(')) return balanced(next) ? offset : undefined;
    return end;
  }
}

/**
 * Whether every blanked decorator stood before an object-literal member of the tree read from the blanked text:
 * a `Property` of an `ObjectExpression` starts at the first thing after it that is not a space, a comment or
 * another blanked decorator. A check that the spans were decorators where oxc said so, and nothing else (a
 * misread argument list would have blanked code the detectors need).
 */
export function decoratorsBeforeMembers(blanked: string, spans: ReadonlyArray<readonly [number, number]>, program: Node): boolean {
  const members = new Set<number>();
  // The children FileContext walks (engine/parse/file-context.ts), before it has set ranges: oxc's `start` stands in.
  const stack: Node[] = [program];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'ObjectExpression') {
      for (const p of node.properties) if (p.type === 'Property') members.add(p.range?.[0] ?? (p as { start?: number }).start!);
    }
    for (const key of childKeys(node)) {
      const value = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(value)) {
        for (const child of value) if (child && typeof (child as { type?: unknown }).type === 'string') stack.push(child as Node);
      } else if (value && typeof (value as { type?: unknown }).type === 'string') stack.push(value as Node);
    }
  }
  const filler = new RegExp(`(?:${SPACE_OR_COMMENT})*`, 'y');
  return spans.every(([, end]) => {
    filler.lastIndex = end;
    filler.exec(blanked);
    return members.has(filler.lastIndex);
  });
}

function isPunctuator(token: Token, value: string): boolean {
  return token.type === 'Punctuator' && token.value === value;
}

/** Reads past the `)` that closes an already opened `(`; false when the text ends first. */
function balanced(next: () => { token: Token } | undefined): boolean {
  let depth = 1;
  for (let t = next(); t; t = next()) {
    if (t.token.type !== 'Punctuator') continue;
    if (t.token.value === '(') depth++;
    else if (t.token.value === ')' && --depth === 0) return true;
  }
  return false;
}
