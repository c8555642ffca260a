/**
 * `header-lookup`: case-sensitive lookups of a mixed-case header name in a raw header map
 * (`headers['X-Spark-Signature']`, `'X-Spark-Signature' in headers`, `const { 'X-Spark-Signature': s } = headers`).
 * `headers.get()`, `req.get()`, `req.header()` ignore case and are never reported. Autofix: the lower-case
 * name, keeping the quote character. Transitional form (before the date, when the lookup names the header
 * itself and its map is side-effect free): both spellings, `h['x-spark-signature'] ?? h['X-Spark-Signature']`
 * (`||` for `in` and `hasOwnProperty` tests); such a pair is not reported before the date and is contracted to
 * the lower-case lookup from the date on.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, propertyKeyName, quoteOf, quoteLike, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, RawMatch } from './detector.js';
import type { HeaderLookupDetection, TextEdit } from '../types.js';
import { localInit } from './auth-support.js';
import { holdingOf, readersOf } from './held.js';
import { contractEdit, eitherEdit, isPure, textWithEdit, wholeExpression, type EitherOperator } from './transitional.js';

/** The replacement of a name-holding node (literal or expression-free template) by its lower-case form. */
function lowerEdit(file: FileContext, node: Node, name: string): TextEdit {
  const quote = quoteOf(file.text, node);
  return { range: node.range, text: quoteLike(quote, name.toLowerCase()) };
}

/** The literal node holding a header name: the key itself, or the `const` string an identifier names. */
function nameNode(file: FileContext, key: Node): { node: Node; name: string } | undefined {
  const n = unwrap(key);
  if (n.type === 'Literal' && typeof n.value === 'string') return { node: n, name: n.value };
  if (n.type === 'TemplateLiteral' && n.expressions.length === 0) return { node: n, name: n.quasis[0].value.cooked ?? '' };
  if (n.type === 'Identifier') {
    const init = localInit(file, n) ?? file.constantInit(n.name);
    if (init) return nameNode(file, init);
  }
  return undefined;
}

/** Whether a member expression is written to (`h['X'] = v`, `delete h['X']`): building headers, not reading them. */
function isWrite(file: FileContext, member: TSESTree.MemberExpression): boolean {
  const parent = file.parentOf(member);
  if (parent?.type === 'AssignmentExpression' && parent.left === member) return true;
  if (parent?.type === 'UnaryExpression' && parent.operator === 'delete') return true;
  return false;
}

/** Whether a node is the key a header map is read with: `h[key]`, `key in h`, `const { [key]: v } = h`, `h.hasOwnProperty(key)`. */
function isLookupKey(file: FileContext, node: Node): boolean {
  const parent = file.parentOf(node);
  if (!parent) return false;
  if (parent.type === 'MemberExpression') return parent.computed && parent.property === node && !isWrite(file, parent);
  if (parent.type === 'BinaryExpression') return parent.operator === 'in' && parent.left === node;
  if (parent.type === 'Property') return parent.computed && parent.key === node && file.parentOf(parent)?.type === 'ObjectPattern';
  if (parent.type === 'CallExpression') {
    const name = calleeName(parent);
    return (name === 'hasOwnProperty' && parent.arguments[0] === node) || (name === 'hasOwn' && parent.arguments[1] === node);
  }
  return false;
}

export const headerLookupDetector: Detector<HeaderLookupDetection> = {
  kind: 'header-lookup',
  messages: {
    mixedCaseHeader: 'Header `{{header}}` is looked up case-sensitively; webhook deliveries send header names in lower case (`{{lower}}`). {{instead}}',
    mixedCaseFallback: 'Header `{{header}}` is still looked up in its old case beside `{{lower}}`; header names arrive in lower case now, so the fallback can go. {{instead}}',
  },
  tokens(detection) {
    return detection.headers;
  },
  // A string that is exactly a mixed-case header name: the lookup around it cannot be seen without a tree.
  detectUnparsed(file, ctx) {
    const wanted = new Set(ctx.detection.headers);
    const out: RawMatch[] = [];
    for (const s of file.strings) {
      if (!wanted.has(s.value) || s.value === s.value.toLowerCase()) continue;
      const quote = file.text[s.range[0]];
      out.push({ range: s.range, messageId: 'mixedCaseHeader', data: { header: s.value, lower: s.value.toLowerCase() }, fix: [{ range: s.range, text: quoteLike(quote, s.value.toLowerCase()) }] });
    }
    return out;
  },
  detect(file, ctx) {
    const wanted = new Map(ctx.detection.headers.map((h) => [h.toLowerCase(), h]));
    // Names this file writes into a header map itself (`{ 'X-Spark-Signature': sig }`, `h['X-Spark-Signature'] = s`):
    // reading the same spelling back reads the file's own map (a sender, a test double), not a delivery.
    const written = new Set<string>();
    for (const prop of file.nodes(T.Property)) {
      if (file.parentOf(prop)?.type !== 'ObjectExpression') continue;
      const name = propertyKeyName(prop) ?? (prop.computed ? nameNode(file, prop.key)?.name : undefined);
      if (name !== undefined && wanted.has(name.toLowerCase())) written.add(name);
    }
    for (const member of file.nodes(T.MemberExpression)) {
      if (!member.computed || !isWrite(file, member)) continue;
      const name = nameNode(file, member.property)?.name;
      if (name !== undefined && wanted.has(name.toLowerCase())) written.add(name);
    }
    const out: RawMatch[] = [];
    /**
     * `lookup`: the whole expression that looks the header up (a member read, an `in` test, a
     * `hasOwnProperty` call) and the operator pairing it with its lower-case twin; absent where the name is
     * not written in that expression (a constant) or the expression is not side-effect free.
     */
    const check = (reportAt: Node, key: Node, lookup?: { expr: Node; op: EitherOperator; pure: boolean }): void => {
      const found = nameNode(file, key);
      if (!found) return;
      const lower = found.name.toLowerCase();
      if (!wanted.has(lower) || found.name === lower || written.has(found.name)) return;
      const edit = lowerEdit(file, found.node, found.name);
      const data = { header: found.name, lower };
      const inside = lookup && found.node.range[0] >= lookup.expr.range[0] && found.node.range[1] <= lookup.expr.range[1];
      if (lookup && inside) {
        const final = textWithEdit(file, lookup.expr, edit);
        const contract = contractEdit(file, lookup.expr, final, lookup.op === '??' ? ['??', '||'] : [lookup.op]);
        if (contract) {
          out.push({ node: reportAt, messageId: 'mixedCaseFallback', data, fix: [contract], migrated: true });
          return;
        }
        const transitional = lookup.pure ? [eitherEdit(file, lookup.expr, final, lookup.op)] : undefined;
        out.push({ node: reportAt, messageId: 'mixedCaseHeader', data, fix: [edit], transitional });
        return;
      }
      out.push({ node: reportAt, messageId: 'mixedCaseHeader', data, fix: [edit] });
    };
    for (const member of file.nodes(T.MemberExpression)) {
      if (!member.computed || isWrite(file, member)) continue;
      const expr = wholeExpression(file, member);
      check(member.property, member.property, { expr, op: '??', pure: isPure(member.object as Node) });
    }
    for (const bin of file.nodes(T.BinaryExpression)) {
      if (bin.operator === 'in') check(bin.left as Node, bin.left as Node, { expr: bin, op: '||', pure: isPure(bin.right as Node) });
    }
    // `headers.hasOwnProperty('X-…')`, `Object.hasOwn(headers, 'X-…')`, `Object.prototype.hasOwnProperty.call(headers, 'X-…')`.
    for (const call of file.nodes(T.CallExpression)) {
      const name = calleeName(call);
      const arg = name === 'hasOwnProperty' ? call.arguments[0] : name === 'hasOwn' || name === 'call' ? call.arguments[1] : undefined;
      if (name === 'call') {
        const callee = unwrap(call.callee);
        if (callee.type !== 'MemberExpression' || calleeName({ callee: callee.object } as TSESTree.CallExpression) !== 'hasOwnProperty') continue;
      }
      if (!arg) continue;
      const callee = unwrap(call.callee);
      const pure = call.arguments.every((a) => isPure(a as Node)) && callee.type === 'MemberExpression' && isPure(callee.object as Node);
      check(arg as Node, arg as Node, { expr: wholeExpression(file, call), op: '||', pure });
    }
    // A name held by a constant of this module that other modules import and look up (`headers[SIGNATURE_HEADER]`
    // with `export const SIGNATURE_HEADER = 'X-Spark-Signature'`): reported at the literal, where the edit is
    // (engine/detectors/held.ts). A lookup in this file is reported at the lookup above.
    for (const lit of file.nodes(T.Literal)) {
      if (typeof lit.value !== 'string') continue;
      const lower = lit.value.toLowerCase();
      if (!wanted.has(lower) || lit.value === lower) continue;
      const holding = holdingOf(file, lit);
      if (!holding?.exported) continue;
      const own = file.filename;
      if (!readersOf(file, lit, holding).some((r) => r.file.filename !== own && isLookupKey(r.file, r.node))) continue;
      out.push({ node: lit, messageId: 'mixedCaseHeader', data: { header: lit.value, lower }, fix: [lowerEdit(file, lit, lit.value)] });
    }
    for (const pattern of file.nodes(T.ObjectPattern)) {
      for (const p of pattern.properties) {
        if (p.type !== 'Property') continue;
        const name = propertyKeyName(p);
        if (name === undefined) {
          if (p.computed) check(p.key, p.key);
          continue;
        }
        if (p.key.type === 'Literal' || p.key.type === 'TemplateLiteral') check(p.key, p.key);
      }
    }
    return out;
  },
};
