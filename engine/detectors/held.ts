/**
 * Values held by name (thirty-first session, branch `shapegen2`): a literal that code reads through a name rather
 * than where it is written: a constant (`const DNS_FAILURE = 'E1001'`), a member of a constant object (through
 * `Object.freeze({ ... })`) or of an enum (`TrunkError.Dns`), in the same file or exported and imported by other
 * modules of the project (directly or through barrels). A detector that judges a literal by how it is used (compared
 * with a trunk's `errorCodes`, looked up in a header map) asks for its readers and judges each, and reports at the
 * literal, where the edit is: the value means the same to every reader.
 */
import path from 'node:path';
import type { TSESTree } from '@typescript-eslint/utils';
import { memberName, propertyKeyName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import { projectOf } from '../project/modules.js';
import { importersThroughBarrels } from '../project/context.js';

/** How a literal is held: the name that holds it, and the member key when it is an object's or enum's member. */
export interface Holding {
  name: string;
  key?: string;
  exported: boolean;
  /**
   * What a reader's name stands for when that is not the held node itself: the function whose one return is the
   * held object (`function ringBody() { return { ... }; }`); its readers are then the calls of it.
   */
  via?: Node;
}

/** Most modules importing a held value that are read for its readers. */
const MAX_IMPORTERS = 24;

/** Whether a declaration node is exported (`export const`, `export enum`, or named in an `export { ... }` list). */
function isExported(file: FileContext, decl: Node, name: string): boolean {
  let n: Node | undefined = decl;
  for (let i = 0; n && i < 3; i++, n = file.parentOf(n)) if (n.type === 'ExportNamedDeclaration') return true;
  return file.nodes('ExportSpecifier' as TSESTree.ExportSpecifier['type']).some((s) => s.local.type === 'Identifier' && s.local.name === name);
}

/** The `const NAME = <node>` declarator `node` is the initializer of (through `as`/`satisfies` and `Object.freeze(...)`). */
function constDeclaratorOf(file: FileContext, node: Node): TSESTree.VariableDeclarator | undefined {
  let n = node;
  let parent = file.parentOf(n);
  for (let i = 0; parent && i < 4; i++) {
    if (parent.type === 'TSAsExpression' || parent.type === 'TSSatisfiesExpression') {
      n = parent;
      parent = file.parentOf(n);
      continue;
    }
    // `Object.freeze({ ... })`
    if (parent.type === 'CallExpression' && parent.arguments[0] === n && unwrap(parent.callee as Node).type === 'MemberExpression' && memberName(unwrap(parent.callee as Node) as TSESTree.MemberExpression) === 'freeze') {
      n = parent;
      parent = file.parentOf(n);
      continue;
    }
    break;
  }
  if (parent?.type !== 'VariableDeclarator' || parent.init !== n || parent.id.type !== 'Identifier') return undefined;
  const decl = file.parentOf(parent);
  return decl?.type === 'VariableDeclaration' && decl.kind === 'const' ? parent : undefined;
}

/** How `node` (a literal, or an array literal of them) is held by name, if it is. */
export function holdingOf(file: FileContext, node: Node): Holding | undefined {
  const parent = file.parentOf(node);
  if (!parent) return undefined;
  // `enum Known { Dns = 'E1001' }`
  if (parent.type === 'TSEnumMember' && parent.initializer === node) {
    const body = file.parentOf(parent);
    const enumDecl = body?.type === 'TSEnumBody' ? file.parentOf(body) : body;
    if (enumDecl?.type !== 'TSEnumDeclaration') return undefined;
    const key = parent.id.type === 'Identifier' ? parent.id.name : parent.id.type === 'Literal' ? String(parent.id.value) : undefined;
    return key === undefined ? undefined : { name: enumDecl.id.name, key, exported: isExported(file, enumDecl, enumDecl.id.name) };
  }
  // `const KNOWN = { dns: 'E1001' }` (frozen or not)
  if (parent.type === 'Property' && parent.value === node && !parent.computed) {
    const object = file.parentOf(parent);
    const key = propertyKeyName(parent);
    const declarator = object?.type === 'ObjectExpression' && key !== undefined ? constDeclaratorOf(file, object) : undefined;
    if (!declarator || declarator.id.type !== 'Identifier') return undefined;
    return { name: declarator.id.name, key, exported: isExported(file, declarator, declarator.id.name) };
  }
  // `function ringBody() { return { ... }; }`, `const ringBody = () => ({ ... })`: the function's one return.
  const fn = returningFunction(file, node);
  if (fn) return fn;
  const declarator = constDeclaratorOf(file, node);
  if (!declarator || declarator.id.type !== 'Identifier') return undefined;
  return { name: declarator.id.name, exported: isExported(file, declarator, declarator.id.name) };
}

/** The function (declared, or an arrow held by a constant) whose one return is `node`, as a holding read by calls. */
function returningFunction(file: FileContext, node: Node): Holding | undefined {
  const parent = file.parentOf(node);
  let fn: Node | undefined;
  if (parent?.type === 'ReturnStatement' && parent.argument === node) {
    const block = file.parentOf(parent);
    fn = block?.type === 'BlockStatement' ? file.parentOf(block) : undefined;
    if (!fn || (fn.type !== 'FunctionDeclaration' && fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression')) return undefined;
    const returns = file.nodes('ReturnStatement' as TSESTree.ReturnStatement['type']).filter((r) => r.range[0] >= fn!.range[0] && r.range[1] <= fn!.range[1]);
    if (returns.length !== 1) return undefined;
  } else if (parent?.type === 'ArrowFunctionExpression' && parent.body === node) fn = parent;
  if (!fn) return undefined;
  if (fn.type === 'FunctionDeclaration') return fn.id ? { name: fn.id.name, exported: isExported(file, fn, fn.id.name), via: fn } : undefined;
  const declarator = constDeclaratorOf(file, fn);
  return declarator?.id.type === 'Identifier' ? { name: declarator.id.name, exported: isExported(file, declarator, declarator.id.name), via: fn } : undefined;
}

/** A reader of a held value: the expression (`NAME` or `NAME.key`) in the file that reads it. */
export interface Reader {
  file: FileContext;
  node: Node;
}

/** The expressions of `file` named as the holding is (`NAME`, `NAME.key`) that stand for `target` (by file and range). */
function readersIn(file: FileContext, holding: Holding, targetFile: string, target: Node): Reader[] {
  const out: Reader[] = [];
  const stands = (n: Node): boolean => {
    const at = file.locate(n);
    let v = at ? unwrap(at.node) : undefined;
    // A function declared in its file: `locate` gives the name itself; the declaration of that name is what it stands for.
    if (at && v?.type === 'Identifier' && holding.via?.type === 'FunctionDeclaration') v = at.file.nodes('FunctionDeclaration' as TSESTree.FunctionDeclaration['type']).find((f) => f.id?.name === (v as TSESTree.Identifier).name);
    if (!at || !v) return false;
    return path.resolve(at.file.filename) === targetFile && v.range[0] === target.range[0] && v.range[1] === target.range[1];
  };
  if (holding.key === undefined) {
    for (const id of file.nodes('Identifier' as TSESTree.Identifier['type'])) {
      if (id.name !== holding.name || id === target) continue;
      const parent = file.parentOf(id);
      // A declaration, an import or export specifier, a property key or a member name is not a read.
      if (!parent || parent.type === 'VariableDeclarator' || parent.type.startsWith('Import') || parent.type === 'ExportSpecifier') continue;
      if (parent.type === 'MemberExpression' && parent.property === id && !parent.computed) continue;
      if (parent.type === 'Property' && parent.key === id && !parent.computed && !parent.shorthand) continue;
      if (!stands(id)) continue;
      // A function's reader is its call: `ringBody(true)`.
      if (holding.via) {
        if (parent.type === 'CallExpression' && parent.callee === id) out.push({ file, node: parent });
        continue;
      }
      out.push({ file, node: id });
    }
  } else {
    for (const m of file.nodes('MemberExpression' as TSESTree.MemberExpression['type'])) {
      const object = unwrap(m.object as Node);
      if (object.type !== 'Identifier' || object.name !== holding.name || memberName(m) !== holding.key) continue;
      if (stands(m)) out.push({ file, node: m });
    }
  }
  return out;
}

/**
 * The expressions that read the value `node` holds (see {@link holdingOf}): in its own file, and, when it is exported,
 * in the project's modules that import it (at most {@link MAX_IMPORTERS}, read only when their text names it).
 */
export function readersOf(file: FileContext, node: Node, holding: Holding | undefined = holdingOf(file, node)): Reader[] {
  if (!holding) return [];
  const own = path.resolve(file.filename);
  const target = holding.via ?? unwrap(node);
  const out = readersIn(file, holding, own, target);
  if (!holding.exported || !file.links) return out;
  const project = projectOf(file.filename);
  if (!project) return out;
  const mentions = new RegExp(`(?<![\\w$])${holding.name.replace(/[$]/g, '\\$')}(?![\\w$])`);
  // Barrels re-exporting everything are followed too (`export * from './constants'`).
  const importers = importersThroughBarrels(project, file.filename, [holding.name], new RegExp(`${mentions.source}|\\bexport\\s*\\*`)).slice(0, MAX_IMPORTERS);
  for (const importer of importers) {
    if (!mentions.test(importer.text)) continue;
    const ctx = project.module(importer.file);
    if (ctx) out.push(...readersIn(ctx, holding, own, target));
  }
  return out;
}
