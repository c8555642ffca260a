/**
 * `object-shape`: an object literal recognised by static values of some keys (`lineKeyType: 'SHARED_LINE'`,
 * `resource: 'telephony_calls'`) that lacks a required key, or whose `key=value&...` string under a key uses a
 * renamed parameter (`filter: 'address=...'` -> `number=...`).
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { findProperty, propertyNames, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, DetectorContext, RawMatch } from './detector.js';
import type { ObjectShapeDetection } from '../types.js';

/** Whether the object has every `when` key with its static value. */
function matchesWhen(file: FileContext, object: TSESTree.ObjectExpression, when: Record<string, string>): TSESTree.Property | undefined {
  let first: TSESTree.Property | undefined;
  for (const [key, expected] of Object.entries(when)) {
    const prop = findProperty(object, key);
    if (!prop) return undefined;
    const value = file.staticString(prop.value as Node);
    if (!value?.complete || value.value !== expected) return undefined;
    first ??= prop;
  }
  return first;
}

/** The source ranges of the literal text pieces of a string expression, in order, with whether each starts the string. */
function textPieces(node: Node): Array<{ start: number; end: number; first: boolean }> {
  const pieces: Array<{ start: number; end: number; first: boolean }> = [];
  const visit = (n: Node, first: boolean): void => {
    const u = unwrap(n);
    if (u.type === 'Literal' && typeof u.value === 'string') pieces.push({ start: u.range[0] + 1, end: u.range[1] - 1, first });
    else if (u.type === 'TemplateLiteral') {
      u.quasis.forEach((q, i) => pieces.push({ start: q.range[0] + 1, end: q.range[1] - (q.tail ? 1 : 2), first: first && i === 0 }));
    } else if (u.type === 'BinaryExpression' && u.operator === '+') {
      visit(u.left as Node, first);
      visit(u.right, false);
    }
  };
  visit(node, true);
  return pieces;
}

export const objectShapeDetector: Detector<ObjectShapeDetection> = {
  kind: 'object-shape',
  messages: {
    missingKey: 'An object with {{condition}} must have `{{key}}`. {{instead}}',
    parameterRenamed: '`{{from}}` in `{{key}}` is replaced by `{{to}}`. {{instead}}',
  },
  tokens(d) {
    return Object.values(d.when);
  },
  detect(file: FileContext, ctx: DetectorContext<ObjectShapeDetection>): RawMatch[] {
    const d = ctx.detection;
    const out: RawMatch[] = [];
    const condition = Object.entries(d.when).map(([k, v]) => `\`${k}: '${v}'\``).join(', ');
    for (const object of file.nodes(T.ObjectExpression)) {
      const anchor = matchesWhen(file, object, d.when);
      if (!anchor) continue;
      if (d.requires && !object.properties.some((p) => p.type === 'SpreadElement')) {
        const present = new Set(propertyNames(object));
        for (const key of d.requires) {
          if (!present.has(key)) out.push({ node: anchor, messageId: 'missingKey', data: { condition, key } });
        }
      }
      if (d.rewrite) {
        const { key, from, to } = d.rewrite;
        const prop = findProperty(object, key);
        if (!prop) continue;
        for (const piece of textPieces(prop.value as Node)) {
          const text = file.text.slice(piece.start, piece.end);
          for (let i = text.indexOf(from); i >= 0; i = text.indexOf(from, i + from.length)) {
            const atStart = i === 0 && piece.first;
            const afterSeparator = i > 0 && (text[i - 1] === '&' || text[i - 1] === '?');
            if (!atStart && !afterSeparator) continue;
            const range: [number, number] = [piece.start + i, piece.start + i + from.length];
            out.push({ node: object as Node, range, messageId: 'parameterRenamed', data: { from, to, key }, fix: [{ range, text: to }] });
          }
        }
      }
    }
    return out;
  },
};
