/**
 * The fallback parser for Babel-era JavaScript: @babel/parser with its `estree` plugin, for `.js`/`.jsx`/`.mjs`/
 * `.cjs` files the default parser rejects (legacy and stage-3 decorators, on object-literal methods too, Flow
 * annotations, `export v from`, `do` expressions, `::` binding). Its tree is brought to the TS-ESTree shape the
 * detectors read (checked node by node against typescript-estree in test/parse-babel.test.ts), so no detector
 * knows which parser read a file. It is loaded on the first file that needs it: a scan of code the default parser
 * accepts never loads it.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { createRequire } from 'node:module';
import type { ParseResult } from './result.js';

/** The part of @babel/parser's API used here (declared locally: its own types pull in @babel/types). */
interface BabelError extends Error {
  loc?: { line: number; column: number };
}
type BabelPlugin = string | [string, Record<string, unknown>];
interface BabelOptions {
  sourceType: 'unambiguous';
  sourceFilename: string;
  ranges: boolean;
  attachComment: boolean;
  allowReturnOutsideFunction: boolean;
  allowNewTargetOutsideFunction: boolean;
  allowUndeclaredExports: boolean;
  createImportExpressions: boolean;
  errorRecovery: boolean;
  plugins: BabelPlugin[];
}
interface BabelModule {
  parse(text: string, options: BabelOptions): { program: unknown; errors?: BabelError[] };
}

const require = createRequire(import.meta.url);
let babel: BabelModule | undefined;

function babelModule(): BabelModule {
  return (babel ??= require('@babel/parser') as BabelModule);
}

/** Whether a file is plain JavaScript, where the fallback applies (TypeScript files keep TypeScript's grammar). */
export function isBabelCandidate(filename: string): boolean {
  return /\.(js|jsx|mjs|cjs|gs)$/i.test(filename);
}

/** Syntax proposals Babel-era projects enable, besides decorators (which come in two incompatible versions). */
const PROPOSALS: BabelPlugin[] = ['jsx', 'flow', 'exportDefaultFrom', 'doExpressions', 'functionBind', 'throwExpressions', 'decoratorAutoAccessors'];

/**
 * The decorator grammars tried in turn: the legacy one (Babel 6's, which TypeScript's `experimentalDecorators`
 * follows and the only one allowing decorators on object-literal methods) first, then the standard one
 * (`export @dec class`, `@(expr)`), for files the legacy grammar rejects.
 */
const DECORATORS: BabelPlugin[] = ['decorators-legacy', ['decorators', { allowCallParenthesized: true }]];

/** Parses a JavaScript file with @babel/parser into a TS-ESTree-shaped tree; never throws for bad source. */
export function parseWithBabel(text: string, filename: string): ParseResult {
  let first: ParseResult | undefined;
  for (const decorators of DECORATORS) {
    const result = attempt(text, filename, decorators);
    if (result.ok) return result;
    first ??= result;
  }
  return first!;
}

function attempt(text: string, filename: string, decorators: BabelPlugin): ParseResult {
  let program: unknown;
  try {
    const file = babelModule().parse(text, {
      sourceType: 'unambiguous',
      sourceFilename: filename,
      ranges: true,
      // No detector reads comments (as with the other parsers).
      attachComment: false,
      // What TypeScript accepts in a script too (CommonJS files return at the top level).
      allowReturnOutsideFunction: true,
      allowNewTargetOutsideFunction: true,
      allowUndeclaredExports: true,
      createImportExpressions: true,
      // Babel reports some errors the other parsers do not (a redeclared `let`): those are errors of meaning,
      // not of syntax, and do not make it throw here; a syntax error still throws.
      errorRecovery: true,
      plugins: [['estree', { classFeatures: true }], decorators, ...PROPOSALS],
    });
    const syntax = file.errors?.find((e) => !SEMANTIC.test(e.message));
    if (syntax) return failure(syntax);
    program = file.program;
  } catch (error) {
    return failure(error as BabelError);
  }
  normalize(program as BabelNode);
  return { ok: true, ast: program as TSESTree.Program };
}

/** Errors of meaning that Babel's error recovery reports and TypeScript's parser does not. */
const SEMANTIC = /already been declared|Export '.*' is not defined|Duplicate|strict mode|Deleting local variable|Legacy octal|not allowed in strict|Unexpected reserved word/i;

function failure(error: BabelError): ParseResult {
  const message = String(error?.message ?? error).replace(/ \(\d+:\d+\)$/, '');
  return { ok: false, error: { message, line: error?.loc?.line ?? 1, column: error?.loc?.column ?? 0 } };
}

interface BabelNode {
  type: string;
  range: [number, number];
  start?: number;
  end?: number;
  tail?: boolean;
  [key: string]: unknown;
}

/**
 * Where Babel's ESTree differs from TS-ESTree in what the detectors read: a template element's range excludes
 * its delimiters in Babel (TS-ESTree spans the backtick or `}` before it and the backtick or `${` after it).
 */
function normalize(root: BabelNode): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as BabelNode;
    if (node.type === 'TemplateElement') {
      node.range = [node.range[0] - 1, node.range[1] + (node.tail ? 1 : 2)];
      continue;
    }
    for (const key in node) {
      if (key === 'loc' || key === 'range' || key === 'extra') continue;
      const value = node[key];
      if (Array.isArray(value)) {
        for (const child of value) if (child && typeof (child as BabelNode).type === 'string') stack.push(child);
      } else if (value && typeof (value as BabelNode).type === 'string') stack.push(value);
    }
  }
}
