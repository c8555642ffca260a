import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childKeys, FileContext, type Node } from '../engine/parse/file-context.js';
import { parseSource } from '../engine/parse/parse.js';

/**
 * FileContext's per-type lists (`nodes(type)`) and parents must be what a separate walk gives: every node of the type
 * stably sorted by start (nodes that start together in pre-order, `a.b.c` before its `a.b`), whatever the walk's own
 * order (30heavy3 measured a walk that skipped the sort of lists gathered in order, and did not keep it).
 */
function reference(root: Node): { lists: Map<string, Node[]>; parents: Map<Node, Node | undefined> } {
  const lists = new Map<string, Node[]>();
  const parents = new Map<Node, Node | undefined>();
  const visit = (node: Node, parent: Node | undefined): void => {
    parents.set(node, parent);
    const list = lists.get(node.type) ?? [];
    lists.set(node.type, list);
    list.push(node);
    for (const key of childKeys(node)) {
      const value = (node as unknown as Record<string, unknown>)[key];
      for (const child of Array.isArray(value) ? (value as unknown[]) : [value]) {
        if (child && typeof (child as Node).type === 'string') visit(child as Node, node);
      }
    }
  };
  visit(root, undefined);
  for (const list of lists.values()) list.sort((a, b) => a.range[0] - b.range[0]);
  return { lists, parents };
}

function contextOf(filename: string, text: string): FileContext {
  const parsed = parseSource(text, filename, undefined, { ranges: false });
  if (!parsed.ok) throw new Error(`${filename}: ${parsed.error.message}`);
  return new FileContext(filename, text, parsed.ast);
}

/** Every list and parent of a file against {@link reference}; how many lists were compared. */
function expectSameAsReference(ctx: FileContext): number {
  const { lists, parents } = reference(ctx.ast as Node);
  for (const [type, list] of lists) {
    const got = ctx.nodes(type as Node['type']);
    expect(got.length, `${ctx.filename} ${type}`).toBe(list.length);
    expect(got.every((n, i) => n === list[i]), `${ctx.filename} ${type}`).toBe(true);
  }
  for (const [node, parent] of parents) if (ctx.parentOf(node) !== parent) expect.fail(`${ctx.filename}: parent of a ${node.type}`);
  return lists.size;
}

const SNIPPETS: Array<[string, string]> = [
  ['templates.ts', 'const a = `x${`y${`z${w}v`}u`}t${b}s`;\nconst c = tag`p${q}r${`s${t}`}`;\ntype T = `a${`b${C}`}d${E}`;\n'],
  ['members.ts', 'a.b.c.d(e.f.g).h.i;\nconst { j: { k } } = l.m;\nn?.o?.[p]?.(q);\nx = y = z;\n'],
  ['jsx.tsx', 'const x = <A b={`c${d}`} e={f.g}>{h.map((i) => <I key={i.j}>{`k${i.l}`}</I>)}</A>;\n'],
  ['classes.ts', 'export default class A<T> extends B<C<T>> implements D { @e() f = `g${h}`; @i j(@k l: M<N>): O { return p.q; } }\n@dec export class P { constructor(private readonly r: S = `t${u}`) {} }\n'],
  ['declarations.d.ts', 'declare module "m" { export function f<T extends keyof U>(x: T): U[T]; }\nexport type V = { [K in keyof W as `on${K & string}`]?: W[K] };\n'],
];

const fixtureDir = join(import.meta.dirname, 'fixtures');
const fixtureInputs = readdirSync(fixtureDir).flatMap((id) =>
  readdirSync(join(fixtureDir, id))
    .filter((f) => /\.[cm]?[jt]sx?$/.test(f))
    .map((f): [string, string] => [f, readFileSync(join(fixtureDir, id, f), 'utf8')]),
);
const corpusDir = join(import.meta.dirname, 'corpus');
const corpusFiles = readdirSync(corpusDir)
  .filter((f) => /\.[cm]?[jt]sx?$/.test(f))
  .map((f): [string, string] => [f, readFileSync(join(corpusDir, f), 'utf8')]);

describe("FileContext's per-type lists and parents", () => {
  it('sorts a list the walk gathers out of order: nested templates (the outer quasis are visited before the inner ones)', () => {
    const ctx = contextOf('templates.ts', SNIPPETS[0][1]);
    const starts = ctx.nodes('TemplateElement' as Node['type']).map((n) => n.range[0]);
    expect(starts.length).toBeGreaterThan(6);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // The premise: in the walk's own order these elements are not in document order.
    const walked: number[] = [];
    const visit = (node: Node): void => {
      if (node.type === 'TemplateElement') walked.push(node.range[0]);
      for (const key of childKeys(node)) {
        const value = (node as unknown as Record<string, unknown>)[key];
        for (const child of Array.isArray(value) ? (value as unknown[]) : [value]) if (child && typeof (child as Node).type === 'string') visit(child as Node);
      }
    };
    visit(ctx.ast as Node);
    expect(walked).not.toEqual(starts);
  });

  it('walks a node type the visitor keys do not know through its own keys', () => {
    const text = 'fetch(u);';
    const call = { type: 'CallExpression', range: [0, 8], callee: { type: 'Identifier', name: 'fetch', range: [0, 5] }, arguments: [{ type: 'Identifier', name: 'u', range: [6, 7] }], optional: false };
    const unknown = { type: 'CollabMigrateUnknownStatement', range: [0, 9], inner: [{ type: 'ExpressionStatement', range: [0, 9], expression: call }] };
    const ast = { type: 'Program', range: [0, 9], sourceType: 'module', body: [unknown] } as unknown as ConstructorParameters<typeof FileContext>[2];
    const ctx = new FileContext('a.ts', text, ast);
    expect(ctx.nodes('CallExpression' as Node['type'])).toEqual([call]);
    expect(ctx.nodes('Identifier' as Node['type']).map((n) => (n as { name: string }).name)).toEqual(['fetch', 'u']);
    expect(ctx.parentOf(call.callee as unknown as Node)).toBe(call);
    expect(ctx.parentOf(unknown.inner[0] as unknown as Node)).toBe(unknown);
  });

  for (const [label, files] of [['snippets', SNIPPETS], ['fixtures', fixtureInputs], ['corpus', corpusFiles]] as const) {
    it(`every list is the type's nodes stably sorted by start, and every parent the reference walk's: ${label}`, () => {
      let lists = 0;
      let parsedFiles = 0;
      for (const [filename, text] of files) {
        const parsed = parseSource(text, filename, undefined, { ranges: false });
        if (!parsed.ok) continue;
        parsedFiles++;
        lists += expectSameAsReference(new FileContext(filename, text, parsed.ast));
      }
      expect(parsedFiles).toBeGreaterThan(files.length / 2);
      expect(lists).toBeGreaterThan(parsedFiles);
    });
  }

  it('cached: computes once per key, an undefined or null value kept too; a nested ask of the same key gives the outer value', () => {
    const ctx = contextOf('a.ts', 'const a = 1;');
    let runs = 0;
    const undef = (): undefined => {
      runs++;
      return undefined;
    };
    expect(ctx.cached('u', undef)).toBeUndefined();
    expect(ctx.cached('u', undef)).toBeUndefined();
    expect(ctx.cached('n', () => (runs++, null))).toBeNull();
    expect(ctx.cached('n', () => (runs++, null))).toBeNull();
    expect(ctx.cached('z', () => (runs++, 0))).toBe(0);
    expect(ctx.cached('z', () => (runs++, 0))).toBe(0);
    expect(runs).toBe(3);
    const outer = ctx.cached('r', () => {
      expect(ctx.cached('r', () => 'inner')).toBe('inner');
      return 'outer';
    });
    expect(outer).toBe('outer');
    expect(ctx.cached('r', () => 'again')).toBe('outer');
    expect(() => ctx.cached('t', () => { throw new Error('no'); })).toThrow('no');
    expect(ctx.cached('t', () => 'later')).toBe('later');
  });
});
