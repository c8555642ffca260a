import { AST_NODE_TYPES as T, type TSESTree } from '@typescript-eslint/utils';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileContext, type Node } from '../engine/parse/file-context.js';
import { enclosingFunction, localInit } from '../engine/detectors/auth-support.js';
import { parseSource } from '../engine/parse/parse.js';
import { contextOf, probeArgument } from './helpers/snippets.js';

const context = contextOf;
/** The identifier argument of the last `probe(x)` call. */
const probe = (ctx: FileContext): TSESTree.Identifier => probeArgument(ctx) as TSESTree.Identifier;

const text = (ctx: FileContext, node: Node | undefined): string | undefined => (node ? ctx.getText(node) : undefined);

/**
 * The rule localInit implements, written the plain way (every declarator of the name, each checked against the
 * use): the reference the indexed lookup must agree with.
 */
function reference(file: FileContext, ident: TSESTree.Identifier): TSESTree.Expression | undefined {
  const contains = (outer: Node, inner: Node): boolean => outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];
  const isFunction = (n: Node): n is TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression =>
    n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression';
  let best: { decl: TSESTree.VariableDeclarator; scope: Node } | undefined;
  for (const decl of file.nodes(T.VariableDeclarator)) {
    if (decl.id.type !== 'Identifier' || decl.id.name !== ident.name || !decl.init || decl.range[0] > ident.range[0]) continue;
    const scope = enclosingFunction(file, decl);
    if (!contains(scope, ident)) continue;
    if (!best || contains(best.scope, scope)) best = { decl, scope };
  }
  if (!best) return undefined;
  for (const a of file.ancestors(ident)) {
    if (a === best.scope) break;
    if (isFunction(a) && a.params.some((p) => p.type === 'Identifier' && p.name === ident.name)) return undefined;
  }
  const kind = (file.parentOf(best.decl) as TSESTree.VariableDeclaration | undefined)?.kind;
  if (kind !== 'const' && file.nodes(T.AssignmentExpression).some((a) => a.left.type === 'Identifier' && a.left.name === ident.name && contains(best!.scope, a))) return undefined;
  return best.decl.init ?? undefined;
}

describe('localInit: the variable an identifier reads', () => {
  const cases: Array<[string, string, string | undefined]> = [
    ['the nearest function\'s declaration wins over the file\'s', "const u = 'outer'; function f() { const u = 'inner'; probe(u); }", "'inner'"],
    ['a declaration after the use is not read', "const u = 'outer'; function f() { probe(u); const u = 'later'; }", "'outer'"],
    ['the last declaration before the use, in the same function', "function f() { var u = 'a'; var u = 'b'; probe(u); var u = 'c'; }", "'b'"],
    ['a parameter of a nearer function shadows the variable', "const u = 'outer'; function f(u) { probe(u); }", undefined],
    ['a parameter of the declaring function does not hide its own body\'s declaration', "function f(u) { var u = 'x'; probe(u); }", "'x'"],
    ['a `let` reassigned in its function is unknown', "function f() { let u = 'a'; u = 'b'; probe(u); }", undefined],
    ['a reassignment in another function does not count', "function f() { let u = 'a'; probe(u); } function g() { let u = 'z'; u = 'y'; }", "'a'"],
    ['a declarator without an initializer is skipped', "const u = 'outer'; function f() { let u; probe(u); }", "'outer'"],
    ['an arrow function is a scope', "const u = 'outer'; const f = () => { const u = 'arrow'; return probe(u); };", "'arrow'"],
    ['unknown names have none', 'probe(nothing);', undefined],
  ];
  for (const [label, code, expected] of cases) {
    it(label, () => {
      const ctx = context(code);
      expect(text(ctx, localInit(ctx, probe(ctx)))).toBe(expected);
    });
  }

  it('minified shape: thousands of functions declaring the same short names, each use reads its own', () => {
    const depth = 400;
    const width = 10;
    let code = '';
    for (let w = 0; w < width; w++) {
      for (let d = 0; d < depth; d++) code += `function f${w}_${d}(t){var e='v${w}_${d}';probe(e);`;
      code += '}'.repeat(depth);
    }
    const ctx = context(code, 'bundle.js');
    const probes = ctx.nodes(T.CallExpression).filter((c) => c.callee.type === 'Identifier' && c.callee.name === 'probe');
    expect(probes).toHaveLength(depth * width);
    for (const [i, call] of probes.entries()) {
      const want = `'v${Math.floor(i / depth)}_${i % depth}'`;
      expect(text(ctx, localInit(ctx, call.arguments[0] as TSESTree.Identifier))).toBe(want);
    }
  });

  it('agrees with the plain reference on every identifier of the example app and the fixture inputs', () => {
    const root = join(import.meta.dirname, '..');
    const files = [
      ...readdirSync(join(root, 'examples', 'consumer-app', 'src'), { recursive: true, encoding: 'utf8' }).map((f) => join(root, 'examples', 'consumer-app', 'src', f)),
      ...readdirSync(join(root, 'test', 'fixtures')).flatMap((id) => readdirSync(join(root, 'test', 'fixtures', id)).map((f) => join(root, 'test', 'fixtures', id, f))),
      ...readdirSync(join(root, 'test', 'corpus'), { recursive: true, encoding: 'utf8' }).map((f) => join(root, 'test', 'corpus', f)),
    ].filter((f) => /\.[cm]?[jt]sx?$/.test(f));
    let identifiers = 0;
    let resolved = 0;
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const parsed = parseSource(code, file);
      if (!parsed.ok) continue;
      const ctx = new FileContext(file, code, parsed.ast);
      for (const id of ctx.nodes(T.Identifier)) {
        identifiers++;
        const got = localInit(ctx, id);
        if (got) resolved++;
        expect(got, `${file}:${id.range[0]} ${id.name}`).toBe(reference(ctx, id));
      }
    }
    expect(files.length).toBeGreaterThan(60);
    expect(resolved).toBeGreaterThan(200);
    expect(identifiers).toBeGreaterThan(resolved);
  });
});
