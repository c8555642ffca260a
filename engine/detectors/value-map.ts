/**
 * `value-map`: string (or number) literals mapped old -> new where the context shows they are the platform's
 * values: compared with or listed under a named member/key (`trunk.errorCodes`), keys of lookup tables in a
 * file that uses them, or anywhere for values that cannot be anything else (license names). Configuration
 * files too, with `config`.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { memberName, propertyKeyName, quoteLike, quoteOf, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import { holdFix, type Detector, type DetectorContext, type RawMatch, type TextFile } from './detector.js';
import type { TextEdit, ValueMapDetection } from '../types.js';
import { fileHasAny, removePropertyEdit } from './shared.js';
import { contractEdit, eitherEdit, isPure, textWithEdit, wholeExpression } from './transitional.js';
import { escapeRegExp } from '../prefilter/regexp.js';
import { readersOf, type Reader } from './held.js';
import { indexedMemberOf, literalTypeOf, mentionsType, typeHolderOf, writtenTypeOf } from '../parse/type-positions.js';

const EQUALITY = new Set(['===', '!==', '==', '!=']);
const SEARCH_METHODS = new Set(['includes', 'indexOf', 'lastIndexOf']);
const ITERATING_METHODS = new Set(['some', 'every', 'find', 'findIndex', 'filter', 'map', 'forEach', 'flatMap', 'reduce']);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The literal's value as the map is keyed, or undefined for other nodes. */
function literalValue(node: Node, numbers: boolean): string | undefined {
  if (node.type === 'Literal') {
    if (typeof node.value === 'string') return node.value;
    if (numbers && typeof node.value === 'number') return String(node.value);
    return undefined;
  }
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked ?? undefined;
  return undefined;
}

/** Whether an expression reads one of the members, or is a variable iterated from one (`for (const c of t.errorCodes)`). */
function mentionsMember(file: FileContext, node: Node, members: ReadonlySet<string>, depth = 0): boolean {
  const n = unwrap(node);
  if (depth > 6) return false;
  if (n.type === 'MemberExpression') {
    const name = memberName(n);
    if (name !== undefined && members.has(name)) return true;
    return mentionsMember(file, n.object, members, depth + 1);
  }
  if (n.type === 'Identifier') {
    if (members.has(n.name)) return true;
    const init = file.constantInit(n.name);
    if (init) return mentionsMember(file, init, members, depth + 1);
    return isIteratedFrom(file, n, members, depth);
  }
  return false;
}

/** Whether an identifier is bound by iterating a member: a `for...of` variable or an array-method callback's first parameter. */
function isIteratedFrom(file: FileContext, id: TSESTree.Identifier, members: ReadonlySet<string>, depth: number): boolean {
  for (const ancestor of file.ancestors(id)) {
    if (ancestor.type === 'ForOfStatement' && ancestor.left.type === 'VariableDeclaration') {
      const decl = ancestor.left.declarations[0];
      if (decl?.id.type === 'Identifier' && decl.id.name === id.name) return mentionsMember(file, ancestor.right, members, depth + 1);
    }
    if ((ancestor.type === 'ArrowFunctionExpression' || ancestor.type === 'FunctionExpression') && ancestor.params[0]?.type === 'Identifier' && ancestor.params[0].name === id.name) {
      const call = file.parentOf(ancestor);
      if (call?.type !== 'CallExpression' || call.arguments[0] !== ancestor) return false;
      const callee = unwrap(call.callee as Node);
      if (callee.type !== 'MemberExpression' || !ITERATING_METHODS.has(memberName(callee) ?? '')) return false;
      return mentionsMember(file, callee.object, members, depth + 1);
    }
  }
  return false;
}

type Relation =
  | { kind: 'compared'; other?: Node }
  | { kind: 'key'; name: string }
  | { kind: 'tableKey' }
  /** A value of a field by its name: written in the field's type (`errorCodes: ('E1001')[]`) or typed as it (`T['errorCodes']`). */
  | { kind: 'field'; name: string }
  /** A value of a type alias (`type Code = 'E1001' | 'E1002'`). */
  | { kind: 'alias'; name: string }
  | { kind: 'other' };

/** How a literal is used: compared with something, the value under a key, a table key, a value of a type. */
function relationOf(file: FileContext, lit: Node): Relation {
  const literalType = literalTypeOf(file, lit);
  if (literalType) {
    const holder = typeHolderOf(file, literalType);
    if (holder.kind === 'member') return { kind: 'field', name: holder.name };
    if (holder.kind === 'alias') return { kind: 'alias', name: holder.name };
    return { kind: 'other' };
  }
  const relation = codeRelationOf(file, lit);
  if (relation.kind !== 'other') return relation;
  // `const known: TrunkStatus['errorCodes'] = ['E1001']`, `['E1001'] as TrunkStatus['errorCodes']`.
  const field = indexedMemberOf(writtenTypeOf(file, lit));
  return field === undefined ? relation : { kind: 'field', name: field };
}

function codeRelationOf(file: FileContext, lit: Node): Relation {
  let node = lit;
  let parent = file.parentOf(node);
  while (parent && (parent.type === 'TSAsExpression' || parent.type === 'TSSatisfiesExpression')) {
    node = parent;
    parent = file.parentOf(node);
  }
  if (!parent) return { kind: 'other' };
  if (parent.type === 'BinaryExpression' && EQUALITY.has(parent.operator)) {
    return { kind: 'compared', other: (parent.left === node ? parent.right : parent.left) as Node };
  }
  if (parent.type === 'SwitchCase' && parent.test === node) {
    const sw = file.parentOf(parent);
    return { kind: 'compared', other: sw?.type === 'SwitchStatement' ? sw.discriminant : undefined };
  }
  if (parent.type === 'AssignmentExpression' && parent.right === node) return { kind: 'compared', other: parent.left };
  if (parent.type === 'CallExpression' && parent.arguments[0] === node) {
    const callee = unwrap(parent.callee as Node);
    if (callee.type === 'MemberExpression' && SEARCH_METHODS.has(memberName(callee) ?? '')) return { kind: 'compared', other: callee.object };
    return { kind: 'other' };
  }
  if (parent.type === 'Property') {
    const owner = file.parentOf(parent);
    if (parent.key === node && owner?.type === 'ObjectExpression') return { kind: 'tableKey' };
    if (parent.value === node && owner?.type === 'ObjectExpression') {
      const name = propertyKeyName(parent);
      if (name !== undefined) return { kind: 'key', name };
    }
    return { kind: 'other' };
  }
  if (parent.type === 'ArrayExpression') {
    const holder = file.parentOf(parent);
    if (holder?.type === 'Property' && holder.value === parent) {
      const name = propertyKeyName(holder);
      if (name !== undefined) return { kind: 'key', name };
    }
    // `['E1001', 'E1002'].includes(code)`: the array is searched for something.
    if (holder?.type === 'MemberExpression' && holder.object === parent && SEARCH_METHODS.has(memberName(holder) ?? '')) {
      const call = file.parentOf(holder);
      if (call?.type === 'CallExpression' && call.callee === holder && call.arguments[0]) return { kind: 'compared', other: call.arguments[0] as Node };
    }
    if (holder?.type === 'AssignmentExpression' && holder.right === parent) return { kind: 'compared', other: holder.left };
  }
  return { kind: 'other' };
}

function withTransition(r: RawMatch, t: Transition): RawMatch {
  if (t.migrated) {
    const out: RawMatch = { ...r, messageId: 'valueFallback', migrated: true };
    if (t.contract) out.fix = [t.contract];
    else delete out.fix;
    return out;
  }
  return t.transitional ? { ...r, transitional: [t.transitional] } : r;
}

function replacementText(file: FileContext, lit: Node, to: string): string {
  if (lit.type === 'Literal' && typeof lit.value === 'number') return /^-?\d+(\.\d+)?$/.test(to) ? to : quoteLike("'", to);
  return quoteLike(quoteOf(file.text, lit), to);
}

/** The old value a literal holds, and its new value (null: not exactly known). */
function lookup(d: ValueMapDetection, value: string): { to: string | null } | undefined {
  if (Object.hasOwn(d.map, value)) return { to: d.map[value] };
  if (d.prefixes?.some((p) => value.startsWith(p))) return { to: null };
  return undefined;
}

function raw(node: Node | undefined, range: [number, number] | undefined, value: string, to: string | null, edit: TextEdit | undefined): RawMatch {
  return to === null || !edit
    ? { node, range, messageId: 'valueChanged', data: { value } }
    : { node, range, messageId: 'valueRenamed', data: { value, to }, fix: [edit] };
}

/** What the transition makes of one mapped value: its transitional edit, or (already transitional) the contraction. */
interface Transition {
  transitional?: TextEdit;
  /** The value already stands beside its new value: migrated; `contract` (when there is one) removes the old one. */
  migrated?: boolean;
  contract?: TextEdit;
}

/** The static value of an expression as the map is keyed (literals only). */
function valueOf(node: Node | null | undefined, numbers: boolean): string | undefined {
  return node ? literalValue(unwrap(node), numbers) : undefined;
}

/** Removal of one element of an array literal with the separator after it (or before it, for the last). */
function removeElementEdit(array: TSESTree.ArrayExpression, element: Node): TextEdit {
  const items = array.elements as (Node | null)[];
  const index = items.indexOf(element);
  const next = items[index + 1];
  if (next) return { range: [element.range[0], next.range[0]], text: '' };
  const previous = items[index - 1];
  if (previous) return { range: [previous.range[1], element.range[1]], text: '' };
  return { range: [element.range[0], element.range[1]], text: '' };
}

/** The colon ending a `case test:` label. */
function caseColonEnd(file: FileContext, c: TSESTree.SwitchCase): number {
  return file.text.indexOf(':', c.test!.range[1]) + 1;
}

/**
 * The transitional form of a mapped value by where it stands (engine/fix/timing.ts): a comparison accepts
 * both (`c === 'OLD' || c === 'NEW'`, `c !== 'OLD' && c !== 'NEW'`, `x.includes('OLD') || x.includes('NEW')`),
 * a searched list, a `switch` and a lookup table hold both. A value the code writes (assigned, sent, listed
 * under a key) has none: its new value waits for the date as a suggestion.
 */
function transitionOf(file: FileContext, lit: Node, edit: TextEdit, to: string, d: ValueMapDetection): Transition {
  const numbers = d.numbers ?? false;
  const literalType = literalTypeOf(file, lit);
  if (literalType) return typeTransition(file, literalType, edit, to, numbers);
  let node = lit;
  let parent = file.parentOf(node);
  while (parent && (parent.type === 'TSAsExpression' || parent.type === 'TSSatisfiesExpression')) {
    node = parent;
    parent = file.parentOf(node);
  }
  if (!parent) return {};
  if (parent.type === 'BinaryExpression' && EQUALITY.has(parent.operator)) {
    const op = parent.operator === '===' || parent.operator === '==' ? '||' : '&&';
    const final = textWithEdit(file, parent, edit);
    const contract = contractEdit(file, parent, final, [op]);
    if (contract) return { migrated: true, contract };
    const other = (parent.left === node ? parent.right : parent.left) as Node;
    return isPure(unwrap(other)) ? { transitional: eitherEdit(file, parent, final, op) } : {};
  }
  if (parent.type === 'CallExpression' && parent.arguments[0] === node) {
    const callee = unwrap(parent.callee as Node);
    if (callee.type !== 'MemberExpression' || memberName(callee) !== 'includes') return {};
    const expr = wholeExpression(file, parent);
    const final = textWithEdit(file, expr, edit);
    const contract = contractEdit(file, expr, final, ['||']);
    if (contract) return { migrated: true, contract };
    return isPure(callee.object as Node) ? { transitional: eitherEdit(file, expr, final, '||') } : {};
  }
  if (parent.type === 'ArrayExpression') {
    // Only a list that is searched (`['E1001', ...].includes(code)`), not one the code writes.
    const holder = file.parentOf(parent);
    if (holder?.type !== 'MemberExpression' || holder.object !== parent || !SEARCH_METHODS.has(memberName(holder) ?? '')) return {};
    if (parent.elements.some((e) => valueOf(e as Node, numbers) === to)) return { migrated: true, contract: removeElementEdit(parent, node) };
    return { transitional: { range: [node.range[1], node.range[1]], text: `, ${edit.text}` } };
  }
  if (parent.type === 'SwitchCase' && parent.test === node) {
    const sw = file.parentOf(parent);
    if (sw?.type !== 'SwitchStatement') return {};
    const cases = sw.cases;
    const index = cases.indexOf(parent);
    if (cases.some((c) => valueOf(c.test as Node, numbers) === to)) {
      // Contracted where the two labels stand together: `case 'NEW': case 'OLD': body`.
      const previous = cases[index - 1];
      if (previous && previous.consequent.length === 0 && valueOf(previous.test as Node, numbers) === to) {
        return { migrated: true, contract: { range: [caseColonEnd(file, previous), caseColonEnd(file, parent)], text: '' } };
      }
      const next = cases[index + 1];
      if (next && parent.consequent.length === 0 && valueOf(next.test as Node, numbers) === to) {
        return { migrated: true, contract: { range: [parent.range[0], next.range[0]], text: '' } };
      }
      return { migrated: true };
    }
    return { transitional: { range: [parent.range[0], parent.range[0]], text: `case ${edit.text}: ` } };
  }
  if (parent.type === 'Property' && parent.key === node) return tableTransition(file, parent, edit, to, d);
  return {};
}

/**
 * A value written in a type accepts both: `'E1001' | 'F_TO_FQDN_DNS_FAILURE'` in a union, `('E1001' | ...)[]`
 * where it stood alone (in parentheses where an array, `readonly` or an intersection needs them). A union that
 * already holds the new value is migrated; contracting it removes the old member (and the parentheses it
 * needed, when one value is left).
 */
function typeTransition(file: FileContext, literalType: TSESTree.TSLiteralType, edit: TextEdit, to: string, numbers: boolean): Transition {
  const parent = file.parentOf(literalType);
  if (parent?.type === 'TSUnionType') {
    if (parent.types.some((t) => t.type === 'TSLiteralType' && valueOf(t.literal as Node, numbers) === to)) return { migrated: true, contract: unionRemoval(file, parent, literalType) };
    return { transitional: { range: [literalType.range[1], literalType.range[1]], text: ` | ${edit.text}` } };
  }
  const both = `${file.getText(literalType)} | ${edit.text}`;
  const bound = parent !== undefined && ['TSArrayType', 'TSTypeOperator', 'TSIntersectionType', 'TSIndexedAccessType'].includes(parent.type);
  return { transitional: { range: [literalType.range[0], literalType.range[1]], text: bound ? `(${both})` : both } };
}

/** Removal of one member of a union with its `|`; a union of two in parentheses becomes the other member alone. */
function unionRemoval(file: FileContext, union: TSESTree.TSUnionType, member: TSESTree.TypeNode): TextEdit {
  const rest = union.types.filter((t) => t !== member);
  const text = file.text;
  const open = /\(\s*$/.exec(text.slice(Math.max(0, union.range[0] - 40), union.range[0]));
  const close = /^\s*\)/.exec(text.slice(union.range[1]));
  if (rest.length === 1 && rest[0].type === 'TSLiteralType' && open && close) {
    return { range: [union.range[0] - open[0].length, union.range[1] + close[0].length], text: file.getText(rest[0]) };
  }
  const index = union.types.indexOf(member);
  const next = union.types[index + 1];
  if (next) return { range: [member.range[0], next.range[0]], text: '' };
  const previous = union.types[index - 1];
  return { range: [previous.range[1], member.range[1]], text: '' };
}

/** A lookup-table key: the table holds both keys with the same value (`{ E1001: 'dns', F_TO_FQDN_DNS_FAILURE: 'dns' }`). */
function tableTransition(file: FileContext, prop: TSESTree.Property, edit: TextEdit, to: string, d: ValueMapDetection): Transition {
  const owner = file.parentOf(prop);
  if (owner?.type !== 'ObjectExpression' || prop.kind !== 'init' || prop.method || prop.shorthand) return {};
  const numbers = d.numbers ?? false;
  const keyOf = (p: Node): string | undefined => (p.type === 'Property' ? (propertyKeyName(p) ?? valueOf(p.key as Node, numbers)) : undefined);
  if ((owner.properties as Node[]).some((p) => p !== prop && keyOf(p) === to)) return { migrated: true, contract: removePropertyEdit(file.text, owner, prop) };
  const value = prop.value as Node;
  if (!isPure(unwrap(value))) return {};
  const text = file.text;
  const entry = `${edit.text}: ${text.slice(value.range[0], value.range[1])}`;
  const lineStart = text.lastIndexOf('\n', prop.range[0] - 1) + 1;
  const comma = /^[ \t]*,/.exec(text.slice(prop.range[1]));
  if (/^[ \t]*$/.test(text.slice(lineStart, prop.range[0]))) {
    // On its own line: the new entry on a line of its own below, with the same indentation.
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    const indent = text.slice(lineStart, prop.range[0]);
    if (comma) return { transitional: { range: [prop.range[1] + comma[0].length, prop.range[1] + comma[0].length], text: `${newline}${indent}${entry},` } };
    return { transitional: { range: [prop.range[1], prop.range[1]], text: `,${newline}${indent}${entry}` } };
  }
  return { transitional: { range: [prop.range[1], prop.range[1]], text: `, ${entry}` } };
}


/**
 * A new value as it is written in a configuration file in place of the old one: escaped for the quotes
 * around it (JSON/YAML double quotes; single quotes when it holds none), or plain when it is a plain word; undefined when
 * it cannot be written there without changing what the file means (no autofix then).
 */
export function configValueText(to: string, quote: string | undefined): string | undefined {
  if (quote === '"') return JSON.stringify(to).slice(1, -1);
  // YAML doubles a quote inside single quotes, .env files take them literally: a quote is not written.
  if (quote === "'") return /['\r\n]/.test(to) ? undefined : to;
  return /^[A-Za-z0-9_](?:[A-Za-z0-9_ .\/+-]*[A-Za-z0-9_.])?$/.test(to) ? to : undefined;
}

/** Whether a file is about the detection's field: it names its context, and uses the field (for lookup-table keys). */
function contextOf(file: FileContext, d: ValueMapDetection, members: ReadonlySet<string>, keys: ReadonlySet<string>): { contextual: boolean; tableContext: boolean } {
  return file.cached(`value-map:context:${[...members].join(',')}:${[...keys].join(',')}:${(d.fileContext ?? []).join(',')}`, () => {
    // Lookup-table keys count only where the file uses the platform's field (`trunk.errorCodes`, `errorCodes:`), not only name its own table so:
    // `const errorCodes = { E1001: 'bad input' }` is an application's error table.
    const usesField =
      members.size === 0 && keys.size === 0
        ? true
        : file.nodes(T.MemberExpression).some((m) => members.has(memberName(m) ?? '')) || file.nodes(T.Property).some((p) => keys.has(propertyKeyName(p) ?? '') && file.parentOf(p)?.type === 'ObjectExpression');
    const contextual = fileHasAny(file, d.fileContext);
    return { contextual, tableContext: contextual && usesField };
  });
}

/** Whether a value in this relation (compared with the field, under its key, a lookup table's key) is the field's. */
function codeApplies(file: FileContext, relation: Relation, d: ValueMapDetection, members: ReadonlySet<string>, keys: ReadonlySet<string>, context: { contextual: boolean; tableContext: boolean }): boolean {
  if (relation.kind === 'compared' && relation.other) return (members.size > 0 && mentionsMember(file, relation.other, members)) || ((d.compared ?? false) && context.contextual);
  if (relation.kind === 'key') return keys.has(relation.name);
  if (relation.kind === 'tableKey') return (d.tableKeys ?? false) && context.tableContext;
  return false;
}

/**
 * A literal held by name, or an element of an array held by name: whether some reader of it (in this file or a module
 * importing it) uses it as the field's value: `trunk.errorCodes.includes(DNS_FAILURE)`, `case TrunkError.Dns:`,
 * `{ [DNS_FAILURE]: '...' }` in a file about the field, `DNS_CODES.includes(code)` for a code of `trunk.errorCodes`.
 */
function heldReaders(file: FileContext, lit: Node, d: ValueMapDetection, members: ReadonlySet<string>, keys: ReadonlySet<string>): { readers: Reader[]; all: boolean } | undefined {
  if (members.size === 0 && keys.size === 0) return undefined;
  const applying: Reader[] = [];
  let all = true;
  // The value itself, or a list holding it (`const DNS_CODES = ['E1001']`, `[DNS_FAILURE]`): two levels of names at most.
  const judge = (f: FileContext, node: Node, depth: number): void => {
    const parent = f.parentOf(node);
    const list = parent?.type === 'ArrayExpression' ? parent : undefined;
    for (const reader of readersOf(f, list ?? node)) {
      const rf = reader.file;
      let relation: Relation = { kind: 'other' };
      if (list) {
        // `DNS_CODES.includes(code)`: the list is searched for something.
        const member = rf.parentOf(reader.node);
        if (member?.type === 'MemberExpression' && member.object === reader.node && SEARCH_METHODS.has(memberName(member) ?? '')) {
          const call = rf.parentOf(member);
          if (call?.type === 'CallExpression' && call.callee === member && call.arguments[0]) relation = { kind: 'compared', other: call.arguments[0] as Node };
        }
      } else relation = codeRelationOf(rf, reader.node);
      if (codeApplies(rf, relation, d, members, keys, contextOf(rf, d, members, keys))) applying.push(reader);
      else if (!list && depth === 0 && rf.parentOf(reader.node)?.type === 'ArrayExpression') judge(rf, reader.node, depth + 1);
      else all = false;
    }
  };
  judge(file, lit, 0);
  return applying.length > 0 ? { readers: applying, all } : undefined;
}

export const valueMapDetector: Detector<ValueMapDetection> = {
  kind: 'value-map',
  messages: {
    valueRenamed: 'The value `{{value}}` is replaced by `{{to}}`. {{instead}}',
    valueChanged: 'The value `{{value}}` changes and has no exact replacement. {{instead}}',
    valueFallback: 'The old value `{{value}}` is still accepted beside `{{to}}`; the new value is in force, so the old one can go. {{instead}}',
  },
  tokens(d) {
    return [...Object.keys(d.map), ...(d.prefixes ?? [])];
  },
  detect(file: FileContext, ctx: DetectorContext<ValueMapDetection>): RawMatch[] {
    const d = ctx.detection;
    const members = new Set(d.members ?? []);
    const keys = new Set(d.keys ?? []);
    const { contextual, tableContext } = contextOf(file, d, members, keys);
    const fields = new Set([...members, ...keys]);
    // A type alias is the field's values where a member of that name is declared with it (`errorCodes: Code[]`),
    // or, in a file about the field that uses it, where it lists the old values themselves.
    const aliasApplies = (name: string): boolean =>
      fields.size > 0 &&
      (tableContext ||
        [...file.nodes(T.TSPropertySignature), ...file.nodes(T.PropertyDefinition)].some((p) => fields.has(propertyKeyName(p) ?? '') && mentionsType(p.typeAnnotation?.typeAnnotation as Node | undefined, name)));
    const out: RawMatch[] = [];
    const candidates: Node[] = [...file.nodes(T.Literal), ...file.nodes(T.TemplateLiteral)];
    for (const lit of candidates) {
      const value = literalValue(lit, d.numbers ?? false);
      if (value === undefined) continue;
      const entry = lookup(d, value);
      if (!entry) continue;
      const relation = relationOf(file, lit);
      let applies = (d.anywhere ?? false) || codeApplies(file, relation, d, members, keys, { contextual, tableContext });
      if (!applies && relation.kind === 'field') applies = fields.has(relation.name);
      if (!applies && relation.kind === 'alias') applies = aliasApplies(relation.name) || ((d.compared ?? false) && contextual);
      // A value held by name (`const DNS_FAILURE = 'E1001'`, `TrunkError.Dns`, an element of `const DNS_CODES = [...]`),
      // here or in the modules importing it: judged, and tied to the scope, where it is read (engine/detectors/held.ts).
      const held = !applies && (relation.kind === 'other' || relation.kind === 'key') ? heldReaders(file, lit, d, members, keys) : undefined;
      if (!applies && !held) continue;
      const edit = entry.to === null ? undefined : { range: [lit.range[0], lit.range[1]] as [number, number], text: replacementText(file, lit, entry.to) };
      if (held) {
        // No transitional form at a constant (its readers compare it once); a constant also read where it is not the
        // field's value keeps its edit as a suggestion (a fix in shared code must be right for every reader).
        const m: RawMatch = { ...raw(lit, undefined, value, entry.to, edit), tieAt: held.readers };
        out.push(held.all ? m : holdFix(m, 'the constant is also read where it is not the field\'s value'));
        continue;
      }
      out.push(withTransition(raw(lit, undefined, value, entry.to, edit), edit && entry.to !== null ? transitionOf(file, lit, edit, entry.to, d) : {}));
    }
    // Identifier keys of lookup tables: `{ E1001: 'DNS failure' }`.
    if (d.tableKeys && tableContext) {
      for (const prop of file.nodes(T.Property)) {
        if (prop.computed || prop.shorthand || prop.key.type !== 'Identifier') continue;
        if (file.parentOf(prop)?.type !== 'ObjectExpression') continue;
        const entry = lookup(d, prop.key.name);
        if (!entry) continue;
        const to = entry.to;
        const edit = to === null ? undefined : { range: [prop.key.range[0], prop.key.range[1]] as [number, number], text: IDENTIFIER.test(to) ? to : quoteLike("'", to) };
        out.push(withTransition(raw(prop.key, undefined, prop.key.name, to, edit), edit && to !== null ? tableTransition(file, prop, edit, to, d) : {}));
      }
    }
    return out;
  },
  detectText(file: TextFile, ctx: DetectorContext<ValueMapDetection>): RawMatch[] {
    const d = ctx.detection;
    if (!d.config) return [];
    const out: RawMatch[] = [];
    for (const [value, to] of Object.entries(d.map)) {
      // A quoted value, or a plain YAML/env/properties value running to the end of its line.
      const pattern = new RegExp(`(["'])${escapeRegExp(value)}\\1|([:=][ \\t]*)${escapeRegExp(value)}[ \\t]*(?=\\r?\\n|$)`, 'g');
      for (let m = pattern.exec(file.text); m; m = pattern.exec(file.text)) {
        const start = m.index + (m[1] ? 1 : m[2].length);
        const range: [number, number] = [start, start + value.length];
        const text = to === null ? undefined : configValueText(to, m[1]);
        out.push(raw(undefined, range, value, to, text === undefined ? undefined : { range, text }));
      }
    }
    return out;
  },
  // Quoted values in the strings-only text: the detections that apply to configuration (licence names), whose
  // values are distinctive; the others need the comparison or key a value sits in.
  detectUnparsed(file, ctx) {
    return ctx.detection.config ? valueMapDetector.detectText!(file, ctx) : [];
  },
};
