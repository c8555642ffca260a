// Seed section 9: "SCIMv2 `accountStatus` becomes an array of strings with values `Suspended`, `Compliance`, `Fraud`, replacing `Inactive`".
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { findProperty, propertyKeyName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, RawMatch } from '../detectors/detector.js';
import { fileHasAny } from '../detectors/shared.js';
import type { CustomDetection } from '../types.js';

interface PatchOpParams {
  /** Attributes that become arrays, matched as the last segment of a PatchOp `path`. */
  attributes: string[];
  /** Words (case-insensitive) the file must contain: SCIM code. */
  fileContext?: string[];
}

/** SCIM PatchOp operations that write a value (RFC 7644 3.5.2; op names are case-insensitive). */
const WRITING_OPS = /^(add|replace)$/i;
const OPERATIONS = 'Operations';

/** The attribute a PatchOp path names: `accountStatus`, `urn:...:2.0:User:accountStatus`, `urn:...:User.accountStatus`. */
function pathAttribute(path: string): string {
  return path.split(/[:./]/).pop() ?? path;
}

function staticText(file: FileContext, node: Node): string | undefined {
  const s = file.staticString(node);
  return s?.complete ? s.value : undefined;
}

/** A string value (literal, template, constant); undefined for arrays, objects, booleans and unknown values. */
function stringValue(file: FileContext, node: Node): string | undefined {
  const n = file.resolveExpression(node);
  if (n.type === 'Literal') return typeof n.value === 'string' ? n.value : undefined;
  if (n.type === 'TemplateLiteral') return (file.staticString(n)?.value ?? '').replace(/\u0000/g, '...');
  return undefined;
}

/**
 * Whether an operation is an element of a PatchOp's `Operations` array (RFC 7644 3.5.2), written inline or
 * through a variable (`const ops = [...]; { schemas, Operations: ops }`). A JSON Patch (RFC 6902) is a bare array.
 */
function isPatchOperation(file: FileContext, object: TSESTree.ObjectExpression): boolean {
  const array = file.parentOf(object);
  if (array?.type !== 'ArrayExpression') return false;
  const holder = file.parentOf(array);
  if (holder?.type === 'Property' && holder.value === array) return propertyKeyName(holder) === OPERATIONS;
  if (holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier') {
    const name = holder.id.name;
    return file.nodes(T.Property).some((p) => propertyKeyName(p) === OPERATIONS && unwrap(p.value as Node).type === 'Identifier' && (unwrap(p.value as Node) as TSESTree.Identifier).name === name);
  }
  return false;
}

/**
 * `{ op: 'replace', path: '...accountStatus', value: 'Inactive' }` in a PatchOp's `Operations`: writing a string to
 * an attribute that becomes an array. (`value: { accountStatus: 'Inactive' }` is an object key, found by the
 * notice's `property-value` detection.)
 */
export const scimAccountStatusArray: Detector<CustomDetection> = {
  kind: 'scim-account-status-array',
  messages: {
    patchOpString: "A SCIM PatchOp sets `{{name}}` to the string '{{value}}'; `{{name}}` becomes an array of strings. {{instead}}",
  },
  tokens: (d) => [...((d.params as unknown as PatchOpParams | undefined)?.attributes ?? [])],
  detect(file, ctx) {
    const p = ctx.detection.params as unknown as PatchOpParams;
    if (!fileHasAny(file, p.fileContext)) return [];
    const out: RawMatch[] = [];
    for (const object of file.nodes(T.ObjectExpression)) {
      const op = findProperty(object, 'op');
      const path = findProperty(object, 'path');
      const value = findProperty(object, 'value');
      if (!op || !path || !value || !isPatchOperation(file, object)) continue;
      const opName = staticText(file, op.value as Node);
      const pathText = staticText(file, path.value as Node);
      if (!opName || !WRITING_OPS.test(opName) || pathText === undefined) continue;
      const name = pathAttribute(pathText);
      if (!p.attributes.includes(name)) continue;
      const s = stringValue(file, value.value as Node);
      if (s !== undefined) out.push({ node: value.value as Node, messageId: 'patchOpString', data: { name, value: s } });
    }
    return out;
  },
};
