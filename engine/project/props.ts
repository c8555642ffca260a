/**
 * Values a front-end component receives as props from the JSX of the modules that import it (issue 26, shape 7):
 * `<OAuthLink baseUrl={process.env.REACT_APP_WEBEX_BASE_URL} />` in App.js gives `baseUrl` of
 * `function OAuthLink({ baseUrl })` (or `props.baseUrl`, or the destructuring's default when no call site passes
 * it) the value the parent writes, folded in the parent's file (an environment variable's value known from the
 * project's env files is assumed, so a finding resting on it is at most likely). Only when every JSX use found in
 * the importers of the component's package gives the prop one and the same value; an importer that spreads props
 * (`{...rest}`) or passes a value not known statically gives nothing.
 *
 * The importers are the package's source files whose specifiers resolve to the component's module (the list
 * engine/project/context.ts keeps per package); a module is parsed only when a text-level check says the
 * component's name is used as a JSX tag there.
 */
import path from 'node:path';
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { isFunctionNode, propertyKeyName, unwrap, type FileContext, type FunctionNode, type Node, type StaticString } from '../parse/file-context.js';
import { importersOfModule } from './context.js';
import { moduleRecord, projectOf, type ProjectModel } from './modules.js';
import { mayBuildUrlFromProps } from '../prefilter/prefilter.js';

/** Whether a text may build a URL from a prop of a component it declares: the gate of {@link propValue}, in the prefilter (so the command line decides without the analysis). */
export { mayBuildUrlFromProps };

/** The name a component function is declared under (`function C`, `const C = () =>`), when it is capitalized. */
function componentName(file: FileContext, fn: FunctionNode): string | undefined {
  if (fn.type === 'FunctionDeclaration') return fn.id && /^[A-Z]/.test(fn.id.name) ? fn.id.name : undefined;
  const holder = file.parentOf(fn);
  return holder?.type === 'VariableDeclarator' && holder.id.type === 'Identifier' && /^[A-Z]/.test(holder.id.name) ? holder.id.name : undefined;
}

/** The prop a name or member of a component reads: a destructured first parameter's key, or `props.key`; with its default. */
function propRead(file: FileContext, node: Node): { fn: FunctionNode; component: string; prop: string; fallback?: Node } | undefined {
  const n = unwrap(node);
  for (const a of file.ancestors(n)) {
    if (!isFunctionNode(a)) continue;
    const first = a.params[0];
    const component = componentName(file, a);
    if (!first || !component) continue;
    if (n.type === 'Identifier' && first.type === 'ObjectPattern') {
      for (const p of first.properties) {
        if (p.type !== 'Property' || p.computed) continue;
        const value = p.value.type === 'AssignmentPattern' ? p.value.left : p.value;
        const key = propertyKeyName(p);
        if (value.type === 'Identifier' && value.name === n.name && key !== undefined) {
          return { fn: a, component, prop: key, fallback: p.value.type === 'AssignmentPattern' ? (p.value.right as Node) : undefined };
        }
      }
    }
    if (n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier' && first.type === 'Identifier') {
      const object = unwrap(n.object);
      if (object.type === 'Identifier' && object.name === first.name) return { fn: a, component, prop: n.property.name };
    }
    // The nearest function that binds the name decides; an inner function's own parameter hides the prop.
    return undefined;
  }
  return undefined;
}

/** The names a module exports a component under (`export default C`, `export function C`, `module.exports = C`). */
function exportNames(file: FileContext, fn: FunctionNode, component: string): Set<string> {
  const out = new Set<string>();
  const rec = moduleRecord(file);
  const holder = file.parentOf(fn);
  for (const [name, target] of rec.exports) {
    if (target.kind === 'local' && target.name === component) out.add(name);
    else if (target.kind === 'node') {
      const t = unwrap(target.node);
      if (t === fn || t === holder || (t.type === 'Identifier' && t.name === component)) out.add(name);
    }
  }
  const whole = rec.whole ? unwrap(rec.whole) : undefined;
  if (whole && ((whole.type === 'Identifier' && whole.name === component) || whole === fn)) out.add('*');
  return out;
}

/** The value one JSX attribute gives, folded in the parent's file; undefined when not known statically. */
function attributeValue(parent: FileContext, attr: TSESTree.JSXAttribute): StaticString | undefined {
  const v = attr.value;
  if (!v) return undefined;
  if (v.type === 'Literal') return typeof v.value === 'string' ? { value: v.value, complete: true } : undefined;
  if (v.type === 'JSXExpressionContainer' && v.expression.type !== 'JSXEmptyExpression') return parent.staticString(v.expression as Node);
  return undefined;
}

/** The values the JSX uses of a component in one importer give a prop: 'unknown' when one is not known. */
function valuesIn(parent: FileContext, target: string, names: ReadonlySet<string>, project: ProjectModel, prop: string, out: StaticString[], fallback: () => StaticString | undefined): boolean {
  const locals = new Set<string>();
  for (const [local, binding] of moduleRecord(parent).imports) {
    if (!names.has(binding.imported)) continue;
    const module = project.imported(parent, binding.source);
    if (module && path.resolve(module.filename) === target) locals.add(local);
  }
  if (locals.size === 0) return true;
  for (const el of parent.nodes(T.JSXOpeningElement)) {
    if (el.name.type !== 'JSXIdentifier' || !locals.has(el.name.name)) continue;
    if (el.attributes.some((a) => a.type === 'JSXSpreadAttribute')) return false;
    const attr = el.attributes.find((a): a is TSESTree.JSXAttribute => a.type === 'JSXAttribute' && a.name.type === 'JSXIdentifier' && a.name.name === prop);
    const value = attr ? attributeValue(parent, attr) : fallback();
    if (!value) return false;
    out.push(value);
  }
  return true;
}

/**
 * The value a prop a component reads (`baseUrl` of `function C({ baseUrl })`, `props.baseUrl`) is given by every
 * JSX use of the component in the modules of its package that import it, when they all give the same known value
 * (with the reason it is assumed, when it rests on an environment file). Undefined otherwise, for a file not on
 * disk, or for a name that is not a component's prop.
 */
export function propValue(file: FileContext, node: Node): StaticString | undefined {
  if (!file.links) return undefined;
  const read = propRead(file, node);
  if (!read) return undefined;
  const project = projectOf(file.filename);
  if (!project) return undefined;
  const names = exportNames(file, read.fn, read.component);
  if (names.size === 0) return undefined;
  const memo = file.cached('props:values', () => new Map<string, StaticString | null>());
  const key = `${read.component}\0${read.prop}`;
  const known = memo.get(key);
  if (known !== undefined) return known ?? undefined;
  const fallback = (): StaticString | undefined => (read.fallback ? file.staticString(read.fallback) : undefined);
  const values: StaticString[] = [];
  const givers: string[] = [];
  let ok = true;
  // A text check before a parse: the component's local name may be any, but its tag is written `<Name`.
  for (const importer of importersOfModule(project, file.filename)) {
    if (!/<[A-Z]/.test(importer.text)) continue;
    const parent = project.module(importer.file);
    const before = values.length;
    if (!parent || !valuesIn(parent, path.resolve(file.filename), names, project, read.prop, values, fallback)) {
      ok = false;
      break;
    }
    if (values.length > before) givers.push(path.relative(project.root, importer.file).split(path.sep).join('/'));
  }
  const first = values[0];
  const same = ok && first !== undefined && first.complete && values.every((v) => v.complete && v.value === first.value);
  const assumed = values.find((v) => v.assumed !== undefined)?.assumed;
  const result = same ? { value: first.value, complete: true, ...(assumed !== undefined ? { assumed: `${assumed}, passed to the component as its \`${read.prop}\` prop by ${givers.join(', ')}` } : {}) } : undefined;
  memo.set(key, result ?? null);
  return result;
}
