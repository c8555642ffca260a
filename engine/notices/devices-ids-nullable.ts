/** devices-ids-nullable (seed section 9, 2026-04-27): `id`, `webexDeviceId`, `callingDeviceId` of the Devices API may be null. */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, memberName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import type { Detector, DetectorContext, RawMatch } from '../detectors/detector.js';
import { apiHosts, getRequests, namesApiHost, urlPath } from '../api/index.js';
import type { CustomDetection } from '../types.js';
import { escapeRegExp, SPACE_OR_COMMENT } from '../prefilter/regexp.js';

interface Params {
  /** Identifier fields that may be null wherever they are read. */
  fields: string[];
  /** Fields that may be null only when read from a device (`device.id`). */
  deviceFields: string[];
  /** Pattern (case-insensitive) a name must match to be a device or a list of devices. */
  deviceName: string;
}

const ITERATING = new Set(['map', 'forEach', 'filter', 'find', 'some', 'every', 'flatMap', 'reduce', 'sort', 'findLast']);

function params(d: CustomDetection): Params {
  const p = (d.params ?? {}) as Partial<Params>;
  return { fields: p.fields ?? [], deviceFields: p.deviceFields ?? [], deviceName: p.deviceName ?? 'device' };
}

/** The last name of an expression (`a.b.device` -> `device`, `devices[0]` -> `devices`). */
function lastName(node: Node): string | undefined {
  const n = unwrap(node);
  if (n.type === 'Identifier') return n.name;
  if (n.type === 'MemberExpression') return n.computed && n.property.type !== 'Literal' ? lastName(n.object) : memberName(n);
  return undefined;
}

/** Whether an expression is a device: named like one, an element of a device list, or a variable iterated from one. */
function isDevice(file: FileContext, node: Node, pattern: RegExp): boolean {
  const n = unwrap(node);
  const name = lastName(n);
  if (name === undefined) return false;
  if (pattern.test(name) && !/s$/i.test(name)) return true;
  if (n.type === 'MemberExpression' && n.computed) return pattern.test(name);
  if (n.type !== 'Identifier') return false;
  for (const a of file.ancestors(n)) {
    if (a.type === 'ForOfStatement' && a.left.type === 'VariableDeclaration') {
      const id = a.left.declarations[0]?.id;
      if (id?.type === 'Identifier' && id.name === n.name) return pattern.test(lastName(a.right) ?? '');
    }
    if ((a.type === 'ArrowFunctionExpression' || a.type === 'FunctionExpression') && a.params[0]?.type === 'Identifier' && a.params[0].name === n.name) {
      const call = file.parentOf(a);
      if (call?.type !== 'CallExpression') return false;
      const callee = unwrap(call.callee as Node);
      return callee.type === 'MemberExpression' && ITERATING.has(memberName(callee) ?? '') && pattern.test(lastName(callee.object) ?? '');
    }
  }
  return false;
}

/**
 * Whether the file deals with the platform's devices rather than another vendor's: it names a
 * platform-only device field or an API host, or requests the API's `/devices`. Every way in contains one
 * of {@link platformTokens}, so the prefilter never hides a finding.
 */
function isPlatformFile(file: FileContext, p: Params, catalog: LoadedCatalog): boolean {
  return file.cached('devices-ids-nullable:platform', () => {
    const lower = file.text.toLowerCase();
    if (p.fields.some((f) => lower.includes(f.toLowerCase())) || namesApiHost(lower, catalog)) return true;
    return getRequests(file, catalog).some((r) => r.isApi && r.url !== undefined && urlPath(r.url).includes(DEVICES_PATH));
  });
}

const DEVICES_PATH = '/devices';

/** Prefilter tokens: the platform-only fields, the API hosts and the devices path (`device` alone is too common). */
function platformTokens(p: Params, catalog: LoadedCatalog): string[] {
  return [...p.fields, ...apiHosts(catalog), DEVICES_PATH];
}

/** Whether a test expression checks `text` for null/truthiness positively (`x`, `x != null`, `x && y`, `typeof x === 'string'`). */
function testAsserts(file: FileContext, test: Node, text: string, negated: boolean): boolean {
  const t = unwrap(test);
  if (t.type === 'LogicalExpression') {
    if ((t.operator === '&&') !== negated) return testAsserts(file, t.left, text, negated) || testAsserts(file, t.right, text, negated);
    return false;
  }
  if (t.type === 'UnaryExpression' && t.operator === '!') return testAsserts(file, t.argument, text, !negated);
  if (t.type === 'BinaryExpression') {
    const src = file.getText(t);
    if (!src.includes(text)) return false;
    const op = t.operator;
    const positive = op === '!=' || op === '!==' ? true : op === '==' || op === '===' ? /typeof/.test(src) : undefined;
    return positive === undefined ? false : positive !== negated;
  }
  return !negated && file.getText(t) === text;
}

/** Whether control flow guarantees `text` is non-null at `node`: an enclosing positive test, or an earlier early exit. */
function isGuarded(file: FileContext, node: Node, text: string): boolean {
  let child: Node = node;
  for (const a of file.ancestors(node)) {
    if ((a.type === 'IfStatement' || a.type === 'ConditionalExpression') && child !== a.test) {
      if (testAsserts(file, a.test, text, child === a.alternate)) return true;
    }
    if (a.type === 'LogicalExpression' && child === a.right) {
      if (testAsserts(file, a.left, text, a.operator === '||')) return true;
    }
    if (a.type === 'BlockStatement' || a.type === 'Program' || a.type === 'SwitchCase') {
      const body = (a.type === 'SwitchCase' ? a.consequent : a.body) as Node[];
      for (const stmt of body) {
        if (stmt.range[0] >= child.range[0]) break;
        if (stmt.type === 'IfStatement' && exits(stmt.consequent) && testAsserts(file, stmt.test, text, true)) return true;
      }
    }
    child = a;
  }
  return false;
}

/** Whether a statement always leaves the enclosing block (return, throw, continue, break). */
function exits(stmt: Node): boolean {
  if (stmt.type === 'ReturnStatement' || stmt.type === 'ThrowStatement' || stmt.type === 'ContinueStatement' || stmt.type === 'BreakStatement') return true;
  if (stmt.type === 'BlockStatement') return stmt.body.length > 0 && exits(stmt.body[stmt.body.length - 1] as Node);
  return false;
}

/** The outer access that dereferences `member` without `?.`, or undefined when it is not dereferenced. */
function dereference(file: FileContext, member: TSESTree.MemberExpression): TSESTree.MemberExpression | undefined {
  let node: Node = member;
  let parent = file.parentOf(node);
  while (parent && (parent.type === 'TSNonNullExpression' || parent.type === 'TSAsExpression')) {
    if (parent.type === 'TSNonNullExpression') return undefined; // the author asserted it
    node = parent;
    parent = file.parentOf(node);
  }
  if (parent?.type === 'MemberExpression' && parent.object === node && !parent.optional) return parent;
  return undefined;
}

/** What may stand between a member access's `.` or `[` and its name: white space and comments. */
const GAP = `(?:${SPACE_OR_COMMENT})*`;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const readGates = new WeakMap<CustomDetection, RegExp | undefined>();

/**
 * A member read of a device field, as the text shows it: `.id` or `?.id` (not `.idx`), white space or comments
 * after the `.`; or `['id']` (any quote), white space, comments or parentheses after the `[`.
 */
function memberReadGate(d: CustomDetection): RegExp | undefined {
  if (!readGates.has(d)) {
    const names = params(d).deviceFields.map(escapeRegExp).join('|');
    readGates.set(d, names === '' ? undefined : new RegExp(String.raw`\.${GAP}(?:${names})(?![\w$])|\[(?:${GAP}\()*${GAP}(['"\x60])(?:${names})\1`));
  }
  return readGates.get(d);
}

/**
 * Whether `detect` may report in a file with this text (the gate, {@link Detector.mayMatch}).
 *
 * Soundness: every finding is a member expression whose {@link memberName} (a non-computed identifier, or a
 * computed string, number or substitution-free template, maybe in parentheses) is one of `fields`, which the
 * text then holds; or one of `deviceFields` read from a device ({@link isDevice}). Such a read is written
 * `.name` or `?.name` (white space or comments may follow the `.`; no identifier character follows the name),
 * or `[` and the name quoted (a number's name is digits or `Infinity`, never a field name here): what
 * {@link memberReadGate} matches. And {@link isDevice} holds only when a name in the file (an identifier or a
 * member name) matches `deviceName`, case-insensitive: the text holds it when `deviceName` is a plain word. No
 * gate when a field is not a plain identifier or `deviceName` not a plain word. Names are written, as the
 * prefilter's tokens are, without escape sequences.
 */
function mayReport(text: string, d: CustomDetection): boolean {
  const p = params(d);
  if (![...p.fields, ...p.deviceFields].every((f) => IDENTIFIER.test(f) && f !== 'Infinity') || !/^\w+$/.test(p.deviceName)) return true;
  if (p.fields.some((f) => text.includes(f))) return true;
  return p.deviceFields.length > 0 && new RegExp(p.deviceName, 'i').test(text) && memberReadGate(d)!.test(text);
}

export const devicesIdsNullable: Detector<CustomDetection> = {
  kind: 'devices-ids-nullable',
  messages: {
    nullableDeviceId: '`{{name}}` of a device may be null and is dereferenced without a check. {{instead}}',
    suggestOptionalChaining: 'Use optional chaining: `{{text}}?.`',
  },
  tokens(d, catalog) {
    return platformTokens(params(d), catalog);
  },
  mayMatch: (text, ctx) => mayReport(text, ctx.detection),
  detect(file: FileContext, ctx: DetectorContext<CustomDetection>): RawMatch[] {
    const p = params(ctx.detection);
    const pattern = new RegExp(p.deviceName, 'i');
    const out: RawMatch[] = [];
    for (const member of file.nodes(T.MemberExpression)) {
      const name = memberName(member);
      if (name === undefined) continue;
      const direct = p.fields.includes(name);
      if (!direct && !(p.deviceFields.includes(name) && isDevice(file, member.object, pattern) && isPlatformFile(file, p, ctx.catalog))) continue;
      const outer = dereference(file, member);
      if (!outer) continue;
      // A checker that sees null in the type at this point settles it; otherwise (no types, or a type that
      // predates the change) the syntax decides whether a guard precedes the dereference.
      if (ctx.types?.isNullable(member) !== true) {
        const text = dottedName(member) ?? file.getText(member);
        if (isGuarded(file, member, text)) continue;
      }
      // `a.id.x` -> `a.id?.x`, `a.id[0]` -> `a.id?.[0]`
      const gap: [number, number] = outer.computed ? [member.range[1], member.range[1]] : [member.range[1], (outer.property as Node).range[0]];
      const edits = [{ range: gap, text: '?.' }];
      out.push({ node: member.property as Node, messageId: 'nullableDeviceId', data: { name }, suggestions: [{ messageId: 'suggestOptionalChaining', data: { text: file.getText(member) }, edits }] });
    }
    return out;
  },
};
