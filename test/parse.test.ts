import { describe, expect, it } from 'vitest';
import { chosenParser, DEFAULT_PARSER, parseSource, type ParseResult } from '../engine/parse/parse.js';
import { oxcModule } from '../engine/parse/oxc.js';
import { differences, nodeCount } from './helpers/estree-diff.js';
import { FileContext } from '../engine/parse/file-context.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function both(text: string, filename: string): { estree: ParseResult; oxc: ParseResult } {
  return { estree: parseSource(text, filename, 'typescript-estree'), oxc: parseSource(text, filename, 'oxc') };
}

const BOM_FILE = '\uFEFFconst url = `https://webexapis.com/v1/people/${id}`;\r\nfetch(url);\r\n';

/** [label, file name, text]: each parses with both parsers to the same tree. */
const SNIPPETS: Array<[string, string, string]> = [
  ['unicode (BMP and astral) before nodes', 'a.ts', 'const s = "héllo 😀 ünïcode"; /* ☃ 𝒳 */ fetch(`${base}/v1/people?x=${"é"}`, { method: "POST" });\nconst é = s;'],
  ['CRLF line ends', 'a.ts', 'const a = 1;\r\nconst b = a?.b;\r\n\r\nfetch("https://webexapis.com/v1/people",\r\n  { headers: { Authorization: `Bearer ${t}` } });\r\n'],
  ['lone CR and line separators', 'a.js', 'const a = 1;\rconst b = "x\u2028y";\u2028call(a, b);'],
  ['text after a BOM is stripped', 'a.ts', BOM_FILE.slice(1)],
  ['leading comments and trailing whitespace (Program range)', 'a.ts', '\n// leading\n/* block */\nconst a = 1; // trailing\n\n'],
  ['JSX in .tsx', 'a.tsx', 'const el = <div a="1" b={x} {...p}><span>{y}</span>text &amp; more<></></div>;\nconst f = <T,>(x: T) => x;'],
  ['JSX in .jsx', 'a.jsx', 'export default function A({ items }) { return <ul>{items.map((i) => <li key={i.id}>{i.name}</li>)}</ul>; }'],
  ['JSX in .js', 'a.js', 'const App = () => <Foo.Bar x="y" />;\nmodule.exports = { App };'],
  ['top-level return in CommonJS', 'a.cjs', 'const a = require("a");\nif (!a) return;\nmodule.exports = a;'],
  ['top-level `await (x)` in a script is a call', 'a.ts', 'const q = (await (fetch(u))).json();'],
  ['top-level await in a module', 'a.ts', 'import { u } from "u";\nconst q = (await (fetch(u))).json();\nawait x;'],
  ['type annotations in .js (TypeScript accepts them)', 'a.mjs', 'const x: number = 1;\nexport function f(a: string): void {}'],
  ['TS generics, casts, satisfies, non-null', 'a.ts', 'const a = f<string, Map<K, V[]>>(x);\nconst b = y as unknown as Foo<Bar>;\nconst c = { k: 1 } satisfies Baz;\nconst d = x!.y!;\nconst e = <Foo>z;\nlet g: Array<{ a?: number; readonly b: string }> = [];\nconst h = (i as any).j;'],
  ['TS declarations', 'a.ts', 'interface I<T extends object = {}> { a: T; b?(x: number): string; [k: string]: unknown }\ntype U = "a" | `b${string}` | typeof import("x");\nenum E { A = 1, B }\ndeclare module "m" { export const v: number; }\nabstract class C<T> extends D<T> implements I<T> { private readonly x = 1; constructor(public y: string, protected z?: number) { super(); } abstract m(): void; static #p = 2; get q() { return this.x; } }'],
  ['a declaration file (ambient const without initializer)', 'a.d.ts', 'export declare const a: number;\nexport const b: string;\nexport function f(x: number): void;\ndeclare global { interface Window { w: 1 } }'],
  ['optional chaining', 'a.ts', 'const v = a?.b?.[c]?.(d)?.e;\nconst w = (a?.b).c;\nconst u = a?.b!.c;\nnew Foo?.();'.replace('new Foo?.();', 'x?.y.z();')],
  ['template literals (cooked/raw, tagged, invalid escape)', 'a.ts', 'const t = `a${b}\\u0041\\n${`in${ner}`}\\`end`;\nconst g = tag`\\unicode and ${x}`;\nconst e = ``;'],
  ['object properties and literals', 'a.ts', "const o = { a, b: 1, c() {}, get d() { return 1; }, set d(v) {}, [e]: 2, 'f-g': 3, 4: 'four', ...h, async *i() {} };\nconst lits = [null, true, 1.5e3, 0x1f, 10n, /re[g]+/giu, 'q\\'s', \"d\"];\nconst { callerId: { firstName: fn = 'x' } = {}, ...rest } = o;"],
  ['parentheses are not nodes', 'a.ts', 'const p = ((a + b)) * (c as D);\nconst q = (await (fetch(u))).json();\n((x)) = 1;\nexport {};'],
  ['modules, classes, control flow', 'a.ts', 'import x, { y as z } from "m";\nimport type { T } from "t";\nexport * as ns from "n";\nexport default class extends Base { @dec() m() {} }\nlabel: for (const [k, v] of Object.entries(o)) { if (k) continue label; else break; }\ntry { throw new Error("e"); } catch { } finally { }\nswitch (a) { case 1: default: }'],
];

/**
 * [label, file name, text, where]: each fails with both parsers; `same line` when both name the same line.
 * An unterminated template is reported where it starts by oxc, at the end of the file by typescript-estree.
 */
const SYNTAX_ERRORS: Array<[string, string, string, ('same line' | 'any line')?]> = [
  ['`<T>x` cast in .js (TypeScript reads .js as JSX)', 'a.js', 'const n = <number>value;\nconst m = <any>other.prop;\n', 'any line'],
  ['missing expression', 'a.ts', 'const x = 1;\nconst y = ;\n'],
  ['unclosed call', 'a.ts', 'fetch("https://webexapis.com/v1/people",\n  { method: "GET" }\n'],
  ['unclosed JSX element', 'a.tsx', 'const el = <div><span></div>;\n'],
  ['unterminated string', 'a.js', 'const s = "abc\nconst t = 1;\n'],
  ['unterminated template', 'a.ts', 'const t = `abc${x}\n', 'any line'],
  ['stray closing brace', 'a.mjs', 'function f() {}\n}\n'],
  ['binary garbage', 'a.js', '\u0000\u0001\u0002PK\u0003\u0004\u00ff\u00fe{{{'],
  ['merge conflict markers', 'a.ts', 'const a = 1;\n<<<<<<< HEAD\nconst b = 2;\n=======\nconst b = 3;\n>>>>>>> branch\n'],
];

describe('oxc-parser as the engine parser', () => {
  it('is installed and loads here (an optional dependency)', () => {
    expect(oxcModule()).toBeDefined();
  });

  for (const [label, filename, text] of SNIPPETS) {
    it(`gives the same node types, ranges and values as typescript-estree: ${label}`, () => {
      const { estree, oxc } = both(text, filename);
      if (!estree.ok) throw new Error(`typescript-estree failed: ${estree.error.message}`);
      if (!oxc.ok) throw new Error(`oxc failed: ${oxc.error.message}`);
      expect(nodeCount(estree.ast)).toBeGreaterThan(3);
      expect(differences(estree.ast, oxc.ast)).toEqual([]);
    });
  }

  it('gives UTF-16 offsets: a node after astral characters starts where String#indexOf finds it', () => {
    const text = 'const a = "😀😀😀"; const b = "ü"; probe(42);';
    const parsed = parseSource(text, 'a.ts', 'oxc');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const call = parsed.ast.body[2];
    expect(call.range).toEqual([text.indexOf('probe'), text.length]);
    expect(text.slice(...call.range)).toBe('probe(42);');
  });

  for (const [label, filename, text, where = 'same line'] of SYNTAX_ERRORS) {
    it(`fails like typescript-estree on a syntax error: ${label}`, () => {
      const { estree, oxc } = both(text, filename);
      expect(estree.ok).toBe(false);
      expect(oxc.ok).toBe(false);
      if (estree.ok || oxc.ok) return;
      expect(oxc.error.message).not.toBe('');
      expect(oxc.error.line).toBeGreaterThanOrEqual(1);
      expect(oxc.error.column).toBeGreaterThanOrEqual(0);
      if (where === 'same line') expect(oxc.error.line).toBe(estree.error.line);
    });
  }

  it('reports the position of the first error (1-based line, 0-based column, CRLF counted once)', () => {
    const r = parseSource('const a = 1;\r\nconst b = 2;\r\n  const c = ;\r\n', 'a.ts', 'oxc');
    expect(r).toMatchObject({ ok: false, error: { line: 3, column: 12 } });
  });
});

describe('choosing the parser', () => {
  it('follows COLLAB_MIGRATE_PARSER and otherwise the default', () => {
    expect(chosenParser({ COLLAB_MIGRATE_PARSER: 'oxc' })).toBe('oxc');
    expect(chosenParser({ COLLAB_MIGRATE_PARSER: 'typescript-estree' })).toBe('typescript-estree');
    expect(chosenParser({ COLLAB_MIGRATE_PARSER: ' OXC ' })).toBe('oxc');
    expect(chosenParser({})).toBe(DEFAULT_PARSER);
    expect(chosenParser({ COLLAB_MIGRATE_PARSER: 'babel' })).toBe(DEFAULT_PARSER);
  });

  it('the escape hatch parses with typescript-estree (nodes without oxc\'s start/end fields)', () => {
    const r = parseSource('a.b;', 'a.ts', 'typescript-estree');
    const o = parseSource('a.b;', 'a.ts', 'oxc');
    if (!r.ok || !o.ok) throw new Error('parse failed');
    expect('start' in r.ast.body[0]).toBe(false);
    expect('start' in o.ast.body[0]).toBe(true);
  });
});

/** Every node object of a tree, through every key but `parent` (not only the visitor keys). */
function allNodes(tree: unknown, out: Array<Record<string, unknown>> = [], seen = new Set<unknown>()): Array<Record<string, unknown>> {
  if (tree === null || typeof tree !== 'object' || seen.has(tree)) return out;
  seen.add(tree);
  if (Array.isArray(tree)) {
    for (const t of tree) allNodes(t, out, seen);
    return out;
  }
  const node = tree as Record<string, unknown>;
  if (typeof node.type === 'string') out.push(node);
  for (const [k, v] of Object.entries(node)) if (k !== 'parent') allNodes(v, out, seen);
  return out;
}

describe('oxc without range arrays (the engine\'s own parse: FileContext sets ranges from start/end)', () => {
  const fixtureDir = join(import.meta.dirname, 'fixtures');
  const fixtureInputs = readdirSync(fixtureDir).flatMap((id) =>
    readdirSync(join(fixtureDir, id))
      .filter((f) => /\.input\.[cm]?[jt]sx?$/.test(f))
      .map((f): [string, string, string] => [`fixture ${id}/${f}`, f.replace('.input', ''), readFileSync(join(fixtureDir, id, f), 'utf8')]),
  );
  const appDir = join(import.meta.dirname, '..', 'examples', 'consumer-app', 'src');
  const appFiles = readdirSync(appDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.[cm]?[jt]sx?$/.test(f))
    .map((f): [string, string, string] => [`example app ${f}`, f, readFileSync(join(appDir, f), 'utf8')]);
  const cases = [...SNIPPETS, ...fixtureInputs, ...appFiles];

  it('the big-stack worker leaves the arrays out too, and FileContext sets the same ranges', () => {
    // Text that could nest deeply goes to the worker (engine/parse/deep.ts).
    const text = `const a = ${'('.repeat(3000)}1${')'.repeat(3000)};\nfetch('https://webexapis.com/v1/people');\n`;
    const withRanges = parseSource(text, 'deep.ts', 'oxc');
    const lazy = parseSource(text, 'deep.ts', 'oxc', { ranges: false });
    if (!withRanges.ok || !lazy.ok) throw new Error('oxc failed');
    expect(lazy.parser).toBe('oxc-worker');
    expect(allNodes(lazy.ast).every((n) => n.range === undefined)).toBe(true);
    new FileContext('deep.ts', text, lazy.ast);
    expect(allNodes(lazy.ast).map((n) => String(n.range))).toEqual(allNodes(withRanges.ast).map((n) => String(n.range)));
  });

  it('covers the snippets, every fixture input and the example app', () => {
    expect(fixtureInputs.length).toBeGreaterThan(30);
    expect(appFiles.length).toBeGreaterThan(20);
  });

  for (const [label, filename, text] of cases) {
    it(`every node gets the range the parse with ranges gives: ${label}`, () => {
      const withRanges = parseSource(text, filename, 'oxc');
      const lazy = parseSource(text, filename, 'oxc', { ranges: false });
      if (!withRanges.ok || !lazy.ok) throw new Error(`oxc failed on ${label}`);
      const before = allNodes(lazy.ast);
      // oxc really left the arrays out (else this test would prove nothing).
      if (lazy.parser === undefined) expect(before.every((n) => n.range === undefined)).toBe(true);
      new FileContext(filename, text, lazy.ast);
      const expected = allNodes(withRanges.ast);
      const got = allNodes(lazy.ast);
      expect(got.length).toBe(expected.length);
      expect(got.map((n) => `${String(n.type)} ${String(n.range)}`)).toEqual(expected.map((n) => `${String(n.type)} ${String(n.range)}`));
      expect(differences(withRanges.ast, lazy.ast)).toEqual([]);
    });
  }
});

describe('a tree oxc cannot hand over', () => {
  it('goes to typescript-estree instead of throwing (oxc 0.159 writes a JSX name escape `\\u{...}` into its JSON as is)', () => {
    const text = 'const base = "https://api.ciscospark.com/v1";\nexport const x = <\\u{2F804}></\\u{2F804}>;\n';
    const oxc = oxcModule()!;
    // The premise: oxc accepts the text, and its tree does not read back.
    const raw = oxc.parseSync('a.jsx', text, { lang: 'tsx' });
    expect(raw.errors).toEqual([]);
    expect(() => raw.program).toThrow(SyntaxError);
    const parsed = parseSource(text, 'a.jsx');
    // typescript-estree's verdict: an escape cannot appear in a JSX name.
    expect(parsed).toMatchObject({ ok: false, error: { line: 2, message: expect.stringMatching(/escape/i) } });
  });
});
