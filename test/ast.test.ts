import { AST_NODE_TYPES as T } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { UNKNOWN } from '../engine/parse/file-context.js';
import { contextOf, probeArgument } from './helpers/snippets.js';

const context = contextOf;
const probe = probeArgument;

describe('FileContext.staticString', () => {
  const cases: Array<[string, string, boolean]> = [
    [`probe('a')`, 'a', true],
    ['const B = "https://webexapis.com/v1"; probe(`${B}/people`)', 'https://webexapis.com/v1/people', true],
    [`const B = 'https://h/v1'; probe(B + '/rooms/' + id + '/meetingInfo')`, `https://h/v1/rooms/${UNKNOWN}/meetingInfo`, false],
    [`const CFG = { base: 'https://h/v1' }; probe(CFG.base + '/x')`, 'https://h/v1/x', true],
    [`probe(new URL('/v1/people', 'https://webexapis.com'))`, 'https://webexapis.com/v1/people', true],
    [`const base = 'https://webexapis.com/v1/'; probe(new URL('people', base))`, 'https://webexapis.com/v1/people', true],
    [`probe(('a' as string) + 'b'!)`, 'ab', true],
  ];
  for (const [code, value, complete] of cases) {
    it(code, () => {
      const ctx = context(code);
      expect(ctx.staticString(probe(ctx))).toEqual({ value, complete });
    });
  }

  it('folds a let the file never assigns to, like a const', () => {
    for (const code of [
      `let U = 'a'; probe(U)`,
      `function f(id: string) { let U: string | undefined = \`a\`; U?.length; return probe(U); }`,
      `let U = 'a'; const o = { U: 'b' }; o.U = 'c'; probe(U)`,
    ]) {
      const ctx = context(code);
      expect(ctx.staticString(probe(ctx))).toEqual({ value: 'a', complete: true });
    }
  });

  it('folds the assignment that reaches a read in its own statement list (a reassigned let, an undeclared name)', () => {
    for (const code of [
      `let U = 'a'; U = 'b'; probe(U)`,
      `U = 'b'; probe(U)`,
      `function f() { let U; U = 'b'; return probe(U); }`,
      `function f(U: string) { U = 'b'; probe(U); }`,
    ]) {
      const ctx = context(code);
      expect(ctx.staticString(probe(ctx))).toEqual({ value: 'b', complete: true });
    }
  });

  it('does not fold a name bound twice, a reassigned let, a var, or a parameter', () => {
    for (const code of [
      `const U = 'a'; function f() { const U = 'b'; probe(U); }`,
      `let U = 'a'; U = 'b'; if (x) U = 'c'; probe(U)`,
      `let U = 'a'; U = 'b'; if (x) { U = 'c'; } probe(U)`,
      `let U = 'a'; if (x) { U = 'b'; } probe(U)`,
      `U = 'a'; U += '/x'; probe(U)`,
      `let U = 'a'; probe(U); function later() { U += '/x'; }`,
      `let U = 'a'; probe(U); U = 'b';`,
      `let U = 'a'; for (U of ['b']) probe(U)`,
      `let U = 'a'; [U] = ['b']; probe(U)`,
      `let U = 'a'; ({ U } = { U: 'b' }); probe(U)`,
      `let N = 1; N++; probe(String(N))`,
      `let U; probe(U)`,
      `var U = 'a'; probe(U)`,
      `let U = 'a'; function f() { let U = 'b'; probe(U); }`,
      `const U = 'a'; function f(U: string) { probe(U); }`,
      `const U = 'a'; const g = ({ U }: any) => probe(U);`,
    ]) {
      const ctx = context(code);
      expect(ctx.staticString(probe(ctx))).toBeUndefined();
    }
  });
});

describe('FileContext.staticNumber', () => {
  it('folds literals, unary minus, constants and arithmetic', () => {
    for (const [code, value] of [
      ['probe(5000)', 5000],
      ['probe(-1)', -1],
      ['const H = 12; probe(H * 60 * 60)', 43200],
      ['const P = { max: 10_000 }; probe(P.max)', 10000],
    ] as const) {
      const ctx = context(code);
      expect(ctx.staticNumber(probe(ctx))).toBe(value);
    }
  });
});

describe('FileContext indexes', () => {
  it('indexes nodes in document order with parents, including TS type positions', () => {
    const ctx = context(`interface A { x: string }\nconst o = { x: 1, y: { x: 2 } };`);
    expect(ctx.nodes(T.Property).map((p) => ctx.getText(p))).toEqual(['x: 1', 'y: { x: 2 }', 'x: 2']);
    expect(ctx.nodes(T.TSPropertySignature)).toHaveLength(1);
    const inner = ctx.nodes(T.Property)[2];
    expect(ctx.parentOf(inner)?.type).toBe('ObjectExpression');
    expect(ctx.positionAt(inner.range[0])).toEqual({ line: 2, column: 23 });
  });

  it('counts lines for CRLF and lone CR', () => {
    const ctx = context('a;\r\nb;\rc;\n');
    expect(ctx.positionAt(ctx.text.indexOf('c'))).toEqual({ line: 3, column: 0 });
  });
});
