/**
 * The bundled command line's copy of @typescript-eslint/scope-manager (dist/cli/scope-manager-bundle.cjs, built by
 * scripts/bundle.ts with its libs required on first lookup): the same scopes and references as the package for the
 * engine's `lib: []`, and a lib that is asked for is still found. Needs a build (`npm test` builds first).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parse } from '@typescript-eslint/typescript-estree';
import * as packaged from '@typescript-eslint/scope-manager';
import { describe, expect, it } from 'vitest';

const BUNDLE = fileURLToPath(new URL('../dist/cli/scope-manager-bundle.cjs', import.meta.url));
const CODE = `import { a } from './a';
const b = Promise.resolve(a);
function f(c: number) { let d = c + b; return () => d + undefinedName; }
class K { m(x) { return this.m(x) + window.length; } }
export default f;`;

/** Each scope's type, its variables' names and its references' names and resolutions, in order. */
function summary(manager: packaged.ScopeManager): unknown[] {
  return manager.scopes.map((s) => ({
    type: s.type,
    variables: s.variables.map((v) => v.name),
    references: s.references.map((r) => [r.identifier.name, r.resolved?.name ?? null]),
  }));
}

describe.skipIf(!existsSync(BUNDLE))('the bundled scope manager', () => {
  const bundled = createRequire(import.meta.url)(BUNDLE) as typeof packaged;
  const ast = parse(CODE, { range: true, loc: true });

  it('gives the package\'s scopes and references for lib: [] (what the engine passes)', () => {
    const manager = bundled.analyze(ast, { sourceType: 'module', lib: [] });
    expect(summary(manager)).toEqual(summary(packaged.analyze(ast, { sourceType: 'module', lib: [] })));
    // No lib: no global of one is declared; `Promise` stays unresolved.
    expect(manager.globalScope!.set.has('Promise')).toBe(false);
  });

  it('still finds a lib asked for (es2015, dom), and rejects an unknown one as the package does', () => {
    for (const lib of [['es2015'], ['es2015', 'dom']] as Array<NonNullable<packaged.AnalyzeOptions['lib']>>) {
      const mine = bundled.analyze(ast, { sourceType: 'module', lib });
      expect(summary(mine)).toEqual(summary(packaged.analyze(ast, { sourceType: 'module', lib })));
      expect(mine.globalScope!.set.has('Promise')).toBe(true);
    }
    expect(() => bundled.analyze(ast, { sourceType: 'module', lib: ['es1999' as 'es5'] })).toThrow(/Invalid value for lib provided: es1999/);
  });
});
