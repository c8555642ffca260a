/**
 * Values written in TypeScript types (issue 26, shape 11): a literal type (`'E1001'`, `400704`) inside unions,
 * arrays, tuples and `readonly`, held by an interface or class member (`errorCodes: ('E1001' | 'E1002')[]`),
 * a type alias (`type Code = 'E1001' | 'E1002'`) or a variable's or parameter's annotation; and the member an
 * indexed-access type names (`TrunkStatus['errorCodes'][number]` names `errorCodes`). Detectors read these
 * values like the values of code.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { propertyKeyName, type FileContext, type Node } from './file-context.js';

/** Where a literal written in a type stands. */
export type TypeHolder =
  /** A member of an interface, type literal or class: `errorCodes: ('E1001' | 'E1002')[]`. */
  | { kind: 'member'; name: string; node: TSESTree.TSPropertySignature | TSESTree.PropertyDefinition }
  /** A type alias: `type Code = 'E1001' | 'E1002'`. */
  | { kind: 'alias'; name: string; node: TSESTree.TSTypeAliasDeclaration }
  /** Anything else (a variable's or parameter's annotation, a type argument). */
  | { kind: 'other' };

/** Type nodes a value passes through on its way to its holder: it is still one of the holder's values. */
const CARRIERS = new Set(['TSUnionType', 'TSArrayType', 'TSTypeOperator', 'TSTupleType', 'TSOptionalType', 'TSRestType', 'TSNamedTupleMember']);
/** Generic containers whose element type is the holder's values (`Array<'E1001'>`, `ReadonlyArray<...>`, `Set<...>`). */
const CONTAINERS = new Set(['Array', 'ReadonlyArray', 'Set', 'ReadonlySet']);

/** The literal type a literal is written as (`'E1001'` in a type), or undefined for a literal in code. */
export function literalTypeOf(file: FileContext, literal: Node): TSESTree.TSLiteralType | undefined {
  const parent = file.parentOf(literal);
  return parent?.type === 'TSLiteralType' && parent.literal === literal ? parent : undefined;
}

/** The holder of a literal type, through the unions, arrays and containers it sits in. */
export function typeHolderOf(file: FileContext, literalType: TSESTree.TSLiteralType): TypeHolder {
  let node: Node = literalType;
  for (let i = 0; i < 12; i++) {
    const parent = file.parentOf(node);
    if (!parent) return { kind: 'other' };
    if (CARRIERS.has(parent.type)) {
      node = parent;
      continue;
    }
    if (parent.type === 'TSTypeParameterInstantiation') {
      const ref = file.parentOf(parent);
      if (ref?.type === 'TSTypeReference' && ref.typeName.type === 'Identifier' && CONTAINERS.has(ref.typeName.name)) {
        node = ref;
        continue;
      }
      return { kind: 'other' };
    }
    if (parent.type === 'TSTypeAnnotation') {
      const owner = file.parentOf(parent);
      if (owner?.type === 'TSPropertySignature' || owner?.type === 'PropertyDefinition') {
        const name = propertyKeyName(owner);
        return name === undefined ? { kind: 'other' } : { kind: 'member', name, node: owner };
      }
      return { kind: 'other' };
    }
    if (parent.type === 'TSTypeAliasDeclaration' && parent.typeAnnotation === node) return { kind: 'alias', name: parent.id.name, node: parent };
    return { kind: 'other' };
  }
  return { kind: 'other' };
}

/**
 * The member an indexed-access type names: `TrunkStatus['errorCodes']`, `TrunkStatus['errorCodes'][number]`,
 * `NonNullable<T['errorCodes']>`; undefined for any other type.
 */
export function indexedMemberOf(type: TSESTree.TypeNode | undefined): string | undefined {
  if (!type) return undefined;
  if (type.type === 'TSIndexedAccessType') {
    const index = type.indexType;
    if (index.type === 'TSLiteralType' && index.literal.type === 'Literal' && typeof index.literal.value === 'string') return index.literal.value;
    if (index.type === 'TSNumberKeyword' || (index.type === 'TSLiteralType' && index.literal.type === 'Literal' && typeof index.literal.value === 'number')) {
      return indexedMemberOf(type.objectType);
    }
    return undefined;
  }
  if (type.type === 'TSArrayType') return indexedMemberOf(type.elementType);
  if (type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && ['NonNullable', 'Readonly', ...CONTAINERS].includes(type.typeName.name)) {
    return indexedMemberOf(type.typeArguments?.params[0]);
  }
  return undefined;
}

/**
 * The type a value expression is written as: its variable's annotation (`const c: T['errorCodes'] = [...]`),
 * an `as` or `satisfies` type, a parameter default's annotation. Looks through the array literals it sits in.
 */
export function writtenTypeOf(file: FileContext, value: Node): TSESTree.TypeNode | undefined {
  let node = value;
  for (let i = 0; i < 8; i++) {
    const parent = file.parentOf(node);
    if (!parent) return undefined;
    if (parent.type === 'ArrayExpression') {
      node = parent;
      continue;
    }
    if (parent.type === 'TSAsExpression' || parent.type === 'TSSatisfiesExpression') return parent.typeAnnotation;
    if (parent.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier') return parent.id.typeAnnotation?.typeAnnotation;
    if (parent.type === 'AssignmentPattern' && parent.right === node && parent.left.type === 'Identifier') return parent.left.typeAnnotation?.typeAnnotation;
    return undefined;
  }
  return undefined;
}

/** Whether a type node mentions a named type (`Code`, `Code[]`, `Array<Code>`, `Code | null`). */
export function mentionsType(type: Node | undefined, name: string, depth = 0): boolean {
  if (!type || depth > 10) return false;
  if (type.type === 'TSTypeReference') {
    if (type.typeName.type === 'Identifier' && type.typeName.name === name) return true;
    return (type.typeArguments?.params ?? []).some((p) => mentionsType(p, name, depth + 1));
  }
  if (type.type === 'TSUnionType' || type.type === 'TSIntersectionType') return type.types.some((t) => mentionsType(t, name, depth + 1));
  if (type.type === 'TSArrayType') return mentionsType(type.elementType, name, depth + 1);
  if (type.type === 'TSTypeOperator') return mentionsType(type.typeAnnotation, name, depth + 1);
  if (type.type === 'TSTupleType') return type.elementTypes.some((t) => mentionsType(t, name, depth + 1));
  return false;
}
