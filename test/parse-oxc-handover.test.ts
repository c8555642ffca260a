import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { oxcModule } from '../engine/parse/oxc.js';

// The engine takes only the tree and the errors from oxc-parser's native result (engine/parse/oxc.ts
// `treeAndErrorsOnly`); the package's own `parseSync` is the reference it must match.
const require = createRequire(import.meta.url);
const pkg = require('oxc-parser') as { parseSync(f: string, t: string, o?: object): { program: unknown; errors: unknown[] } };
const bindings = require('oxc-parser/src-js/bindings') as { ParseResult: { prototype: object } };

const OPTIONS = { astType: 'ts', range: false, preserveParens: false, sourceType: 'unambiguous' } as const;

/** [file name, lang, text]: parsed by both, the trees and errors compared. */
const TEXTS: Array<[string, 'ts' | 'tsx' | 'dts', string]> = [
  ['a.ts', 'ts', '/** doc */\nimport x, { y as z } from "m";\nexport const big = 10n + 0x1fn;\nconst re = /a[/]b/giu, bad = /(?<n>a)\\k<n>/v;\n// tail\nexport default class C<T> extends D<T> { m(): void {} }\n'],
  ['a.tsx', 'tsx', 'export const el = <div a="1" b={x}>{/* c */}<span>{`t${y}`}</span>text &amp; more</div>;\nconst f = <T,>(x: T) => x;\n'],
  ['a.d.ts', 'dts', 'export declare const a: number;\ndeclare global { interface Window { w: 1 } }\n'],
  ['a.js', 'tsx', 'const a = require("a");\nmodule.exports = { a, f: async function* () { yield* a; } };\n'],
  ['broken.ts', 'ts', 'const a = 1;\nconst b = ;\nfetch("https://webexapis.com/v1/people",\n'],
  ['unicode.ts', 'ts', 'const s = "héllo 😀"; /* ☃ 𝒳 */ const é = `${s}\\u{1F600}`;\n'],
];

describe("oxc-parser's hand-over, tree and errors only", () => {
  it('is what the engine uses here (the native binding and the package reader load)', () => {
    const mod = oxcModule();
    expect(mod).toBeDefined();
    expect(mod!.parseSync).not.toBe(pkg.parseSync);
  });

  for (const [filename, lang, text] of TEXTS) {
    it(`gives the package's own tree and errors: ${filename}`, () => {
      const ours = oxcModule()!.parseSync(filename, text, { ...OPTIONS, lang });
      const theirs = pkg.parseSync(filename, text, { ...OPTIONS, lang });
      expect(ours.errors).toEqual(theirs.errors);
      // BigInt and RegExp values included (toEqual compares them by value).
      expect(ours.program).toEqual(theirs.program);
    });
  }

  it('sets the values JSON cannot hold (BigInt, RegExp), as the package does', () => {
    const { program } = oxcModule()!.parseSync('a.ts', 'const a = 10n, b = /x+/g;', { ...OPTIONS, lang: 'ts' });
    const decls = (program as { body: Array<{ declarations: Array<{ init: { value: unknown } }> }> }).body[0].declarations;
    expect(decls[0].init.value).toBe(10n);
    expect(decls[1].init.value).toBeInstanceOf(RegExp);
    expect(String(decls[1].init.value)).toBe('/x+/g');
  });

  it('reads the tree once: a second read of `program` is the same object', () => {
    const result = oxcModule()!.parseSync('a.ts', 'const a = 1;', { ...OPTIONS, lang: 'ts' });
    expect(result.program).toBe(result.program);
  });

  describe('does not convert the fields nothing reads', () => {
    const proto = bindings.ParseResult.prototype;
    const saved = new Map<string, PropertyDescriptor>();
    const reads = { comments: 0, module: 0 };
    const spy = (): void => {
      for (const key of ['comments', 'module'] as const) {
        const d = Object.getOwnPropertyDescriptor(proto, key)!;
        saved.set(key, d);
        Object.defineProperty(proto, key, {
          ...d,
          get(this: unknown) {
            reads[key]++;
            return d.get!.call(this);
          },
        });
      }
    };
    afterEach(() => {
      for (const [key, d] of saved) Object.defineProperty(proto, key, d);
      saved.clear();
      reads.comments = reads.module = 0;
    });
    const text = '/** a comment with text */\nimport { a } from "a";\nexport const b = a; // more\n';

    it("the package's own parseSync converts the comments and the module record (the premise)", () => {
      spy();
      const { program } = pkg.parseSync('a.ts', text, { ...OPTIONS, lang: 'ts' });
      expect((program as { body: unknown[] }).body).toHaveLength(2);
      expect(reads).toEqual({ comments: 1, module: 1 });
    });

    it("the engine's reads neither", () => {
      spy();
      const result = oxcModule()!.parseSync('a.ts', text, { ...OPTIONS, lang: 'ts' });
      expect(result.errors).toEqual([]);
      expect((result.program as { body: unknown[] }).body).toHaveLength(2);
      expect(reads).toEqual({ comments: 0, module: 0 });
    });
  });
});
