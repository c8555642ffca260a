/**
 * Type answers for detectors from a TypeScript program (typed ESLint linting, the ts-morph codemod).
 * Loaded only when a program exists, so untyped runs never pay for the compiler.
 */
import { createRequire } from 'node:module';
import type * as TS from 'typescript';
import type { TSESTree } from '@typescript-eslint/utils';
import type { TypeOracle } from '../types.js';

const require = createRequire(import.meta.url);

/** Builds a {@link TypeOracle} over a program and a map from ESTree nodes to TS nodes. */
export function createTypeOracle(program: TS.Program, toTsNode: (node: TSESTree.Node) => TS.Node | undefined): TypeOracle {
  const ts = require('typescript') as typeof TS;
  const checker = program.getTypeChecker();
  const typeOf = (node: TSESTree.Node): TS.Type | undefined => {
    const tsNode = toTsNode(node);
    if (!tsNode) return undefined;
    const type = checker.getTypeAtLocation(tsNode);
    return checker.getBaseConstraintOfType(type) ?? type;
  };
  const parts = (type: TS.Type): TS.Type[] => (type.isUnion() ? type.types : [type]);
  const isAnyLike = (type: TS.Type): boolean => (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0;
  return {
    isStringLike(node) {
      const type = typeOf(node);
      if (!type || isAnyLike(type)) return undefined;
      const members = parts(type).filter((t) => (t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) === 0);
      if (members.length === 0) return undefined;
      return members.every((t) => (t.flags & ts.TypeFlags.StringLike) !== 0);
    },
    isIntegerLike(node) {
      const type = typeOf(node);
      if (!type || isAnyLike(type)) return undefined;
      const members = parts(type);
      if (members.every((t) => t.isNumberLiteral() && Number.isInteger(t.value))) return true;
      return members.some((t) => (t.flags & ts.TypeFlags.StringLike) !== 0) ? false : undefined;
    },
    isNullable(node) {
      const type = typeOf(node);
      if (!type || isAnyLike(type)) return undefined;
      return parts(type).some((t) => (t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) !== 0);
    },
  };
}
