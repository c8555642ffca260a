/**
 * `property-value`: a property set to (or compared with, or typed as) a value the platform no longer accepts:
 * a number outside a range (`numberOfRings: 25`), or a string where the field becomes an array (`accountStatus`).
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { memberName, propertyKeyName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, DetectorContext, RawMatch } from './detector.js';
import type { PropertyValueDetection } from '../types.js';
import { fileHasAny } from './shared.js';
import { isPure } from './transitional.js';

const EQUALITY = new Set(['===', '!==', '==', '!=']);

/** The property name an expression reads (`a.b`, `a?.b`, `a['b']`), or undefined. */
function readName(node: Node): string | undefined {
  const n = unwrap(node);
  return n.type === 'MemberExpression' ? memberName(n) : undefined;
}

/** The string a value expression evaluates to (literal, template, constant), for the message; undefined when not a string. */
function stringValue(file: FileContext, node: Node): string | undefined {
  const n = file.resolveExpression(node);
  if (n.type === 'Literal') return typeof n.value === 'string' ? n.value : undefined;
  if (n.type === 'TemplateLiteral') return (file.staticString(n)?.value ?? '').replace(/\u0000/g, '...');
  return undefined;
}

/**
 * The test that accepts a string or an array for `member === value` (and the value's replacements, when the
 * catalog lists them): `[m].flat().includes('v')`, `[m].flat().some((v) => ['v', 'w'].includes(v))`, negated
 * for `!==`. Only for a member read without side effects (it is not duplicated, but kept as written).
 */
function eitherForm(file: FileContext, member: Node, value: string, negated: boolean, replacedBy?: Record<string, string[]>): string | undefined {
  if (!isPure(member)) return undefined;
  const m = file.getText(member);
  const values = [value, ...(replacedBy?.[value] ?? [])];
  const quote = (v: string): string => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const test = values.length === 1 ? `[${m}].flat().includes(${quote(value)})` : `[${m}].flat().some((v) => [${values.map(quote).join(', ')}].includes(v))`;
  return negated ? `!${test}` : test;
}

/** The literals a type is made of when it is a literal type or a union of them (`null` and `undefined` aside). */
function typeValues(type: TSESTree.TypeNode | undefined): Node[] {
  if (!type) return [];
  if (type.type === 'TSLiteralType') return type.literal.type === 'Literal' ? [type.literal] : [];
  if (type.type !== 'TSUnionType') return [];
  const values = type.types.filter((t) => t.type !== 'TSNullKeyword' && t.type !== 'TSUndefinedKeyword');
  return values.every((t) => t.type === 'TSLiteralType') ? values.flatMap((t) => typeValues(t)) : [];
}

export const propertyValueDetector: Detector<PropertyValueDetection> = {
  kind: 'property-value',
  messages: {
    outOfRange: '`{{name}}` must be between {{min}} and {{max}}; {{value}} is outside that range. {{instead}}',
    stringValue: "`{{name}}` no longer holds a single string ('{{value}}'). {{instead}}",
    suggestEither: 'Accept a string or an array (the same answer before and after the date): `{{text}}`.',
  },
  tokens(d) {
    return d.names;
  },
  detect(file: FileContext, ctx: DetectorContext<PropertyValueDetection>): RawMatch[] {
    const d = ctx.detection;
    if (!fileHasAny(file, d.fileContext)) return [];
    const names = new Set(d.names);
    const out: RawMatch[] = [];
    const check = (name: string, value: Node, compared: boolean): void => {
      if (d.range && !compared) {
        const n = file.staticNumber(value);
        if (n !== undefined && (n < d.range.min || n > d.range.max)) {
          out.push({ node: value, messageId: 'outOfRange', data: { name, value: String(n), min: String(d.range.min), max: String(d.range.max) } });
          return;
        }
      }
      if (d.strings) {
        const s = stringValue(file, value);
        if (s !== undefined) out.push({ node: value, messageId: 'stringValue', data: { name, value: s } });
      }
    };
    // `{ name: value }`
    for (const prop of file.nodes(T.Property)) {
      const name = propertyKeyName(prop);
      if (name === undefined || !names.has(name) || prop.shorthand || file.parentOf(prop)?.type !== 'ObjectExpression') continue;
      check(name, prop.value as Node, false);
    }
    // `name: 'Inactive' | 'Active'` in an interface, type literal or class: the values its type allows (a single
    // value or a union of them; `name: ('Suspended' | 'Fraud')[]` is an array and not one).
    for (const member of [...file.nodes(T.TSPropertySignature), ...file.nodes(T.PropertyDefinition)]) {
      const name = propertyKeyName(member);
      if (name === undefined || !names.has(name)) continue;
      for (const literal of typeValues(member.typeAnnotation?.typeAnnotation)) {
        check(name, literal, false);
        // One string finding per member: the union as a whole is the single string.
        if (out.at(-1)?.messageId === 'stringValue' && out.at(-1)?.node === literal) break;
      }
    }
    // `x.name = value`
    for (const assign of file.nodes(T.AssignmentExpression)) {
      const name = readName(assign.left);
      if (assign.operator === '=' && name !== undefined && names.has(name)) check(name, assign.right, false);
    }
    // `x.name === value`, `switch (x.name) { case value: }`
    for (const bin of file.nodes(T.BinaryExpression)) {
      if (!EQUALITY.has(bin.operator)) continue;
      const left = readName(bin.left as Node);
      const right = readName(bin.right);
      const before = out.length;
      if (left !== undefined && names.has(left)) check(left, bin.right, true);
      else if (right !== undefined && names.has(right)) check(right, bin.left as Node, true);
      const found = out[before];
      if (found && found.messageId === 'stringValue' && d.strings) {
        const member = unwrap((left !== undefined && names.has(left) ? bin.left : bin.right) as Node);
        const text = eitherForm(file, member, found.data!.value!, bin.operator.startsWith('!'), d.replacedBy);
        if (text) found.suggestions = [{ messageId: 'suggestEither', data: { text }, edits: [{ range: bin.range, text }] }];
      }
    }
    for (const sw of file.nodes(T.SwitchStatement)) {
      const name = readName(sw.discriminant);
      if (name === undefined || !names.has(name)) continue;
      for (const c of sw.cases as TSESTree.SwitchCase[]) if (c.test) check(name, c.test, true);
    }
    return out;
  },
};
