import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSource } from '../engine/parse/parse.js';
import { parseWithBabel } from '../engine/parse/babel.js';
import { differences, nodeCount } from './helpers/estree-diff.js';

/** Plain JavaScript: Babel's tree (normalised) must equal typescript-estree's, node by node. */
const PLAIN: Array<[string, string, string]> = [
  ['templates (element ranges with their delimiters)', 'a.js', 'const t = `a${b}\\u0041\\n${`in${ner}`}\\`end`;\nconst g = tag`\\unicode and ${x}`;\nconst e = ``;\nfetch(`https://api.ciscospark.com/v1/people/${id}?x=${y}`);'],
  ['object properties, methods and literals', 'a.js', "const o = { a, b: 1, c() {}, get d() { return 1; }, set d(v) {}, [e]: 2, 'f-g': 3, 4: 'four', ...h, async *i() {} };\nconst lits = [null, true, 1.5e3, 0x1f, 10n, /re[g]+/giu, 'q\\'s', \"d\"];\nconst { callerId: { firstName: fn = 'x' } = {}, ...rest } = o;"],
  ['optional chaining and calls', 'a.js', 'const v = a?.b?.[c]?.(d)?.e;\nconst w = (a?.b).c;\nx?.y.z();\nconst i = import("m");'],
  ['classes with fields, private names, static blocks', 'a.js', 'class C extends D { x = 1; static y; #p = 2; static { init(); } get q() { return this.#p; } static async *m() {} constructor() { super(); } }'],
  ['modules', 'a.mjs', 'import x, { y as z } from "m";\nimport * as ns from "n";\nexport * as ns2 from "n";\nexport default function () {}\nexport const k = 1;\nexport { z as w };'],
  ['JSX', 'a.js', 'const App = () => <Foo.Bar x="y" b={x} {...p}><span>{y}</span>text &amp; more<></></Foo.Bar>;\nmodule.exports = { App };'],
  ['CommonJS with a top-level return', 'a.cjs', 'const a = require("a");\nif (!a) return;\nmodule.exports = a;'],
  ['control flow', 'a.js', 'label: for (const [k, v] of Object.entries(o)) { if (k) continue label; else break; }\ntry { throw new Error("e"); } catch { } finally { }\nswitch (a) { case 1: default: }\nwhile (x) x--; do { y++ } while (y < 3);\nfor (var i = 0, j; i < 1; i++) {}'],
  ['unicode and CRLF', 'a.js', 'const s = "héllo 😀";\r\nfetch(`${base}/v1/people?x=${"é"}`, { method: "POST" });\r\n'],
];

/**
 * Babel-era syntax, each with a node the detectors must find where it is. Decorated classes and members are
 * TypeScript syntax too, so the default parser reads them (`default`); legacy decorators on object-literal
 * members oxc reads once they are blanked (`decorators`; typescript-estree's files go to the fallback); the rest
 * only the fallback reads.
 */
const BABEL_ERA: Array<[string, string, string, string, ('default' | 'babel' | 'decorators')?]> = [
  ['a legacy decorator on an object-literal method', 'a.js', 'export default Plugin.extend({\n  @oneFlight\n  refresh() { return this.request({ uri: "https://api.ciscospark.com/v1/x" }); }\n});', '"https://api.ciscospark.com/v1/x"', 'decorators'],
  ['decorators with arguments on object methods and getters', 'a.js', 'const o = {\n  @whileInFlight("isAuthorizing") @oneFlight({ keyFactory: (x) => x })\n  authorize(options = {}) { return fetch("https://idbroker.webex.com/x"); },\n  @dec get a() { return 1; }\n};', '"https://idbroker.webex.com/x"', 'decorators'],
  ['decorated classes and members', 'a.js', '@connect(mapState)\nexport class A extends B {\n  @observable x = "E1001";\n  @action.bound\n  m() { return `${host}/v1`; }\n}', '"E1001"', 'default'],
  ['a standard (stage 3) decorator after export, with an accessor', 'a.js', 'export @dec class A { @(x.y()) accessor z = "spark-admin:people_read"; }', '"spark-admin:people_read"', 'default'],
  ['Flow annotations', 'a.js', '// @flow\nimport type { T } from "./t";\ntype Opts = { host: string, exp?: number };\nexport function f(a: string, o: Opts): Promise<?T> { return fetch(`https://api.ciscospark.com/v1/${a}`); }\nconst x = (y: any);', '`https://api.ciscospark.com/v1/${'],
  ['Flow generics and opaque types in JSX files', 'a.jsx', 'opaque type Id = string;\nclass C<T> extends React.Component<Props, State> { props: Props; render() { return <div title="X-Spark-Signature" />; } }', '"X-Spark-Signature"'],
  ['export v from', 'a.js', 'export v from "./mod";\nexport a, { b } from "./other";\nconst u = "https://api.ciscospark.com/v1/people";', '"https://api.ciscospark.com/v1/people"'],
  ['do expressions and function bind', 'a.js', 'const v = do { if (a) { "E1001" } else { 2 } };\nconst f = ::obj.method;\nconst g = a::b;', '"E1001"'],
];

describe('the Babel fallback (engine/parse/babel.ts)', () => {
  for (const [label, filename, text] of PLAIN) {
    it(`gives typescript-estree's tree on plain JavaScript: ${label}`, () => {
      const estree = parseSource(text, filename, 'typescript-estree');
      const babel = parseWithBabel(text, filename);
      if (!estree.ok) throw new Error(`typescript-estree failed: ${estree.error.message}`);
      if (!babel.ok) throw new Error(`babel failed: ${babel.error.message}`);
      expect(nodeCount(babel.ast)).toBeGreaterThan(3);
      expect(differences(estree.ast, babel.ast, 'Program', [], { falseIsAbsent: true })).toEqual([]);
    });
  }

  for (const [label, filename, text, probe, reader = 'babel'] of BABEL_ERA) {
    it(`parses Babel-era syntax: ${label}`, () => {
      // Through parseSource (as every front end calls it) and with either default parser: `parser: 'babel'`
      // says that parser rejected the file and the fallback read it.
      for (const parser of ['oxc', 'typescript-estree'] as const) {
        const parsed = parseSource(text, filename, parser);
        if (!parsed.ok) throw new Error(`${parser} + babel failed: ${parsed.error.message} (${parsed.error.line}:${parsed.error.column})`);
        const expected = reader === 'babel' ? 'babel' : reader === 'decorators' ? (parser === 'oxc' ? 'oxc-decorators' : 'babel') : undefined;
        expect(parsed.parser).toBe(expected);
        const at = text.indexOf(probe);
        const found = findNode(parsed.ast, (n) => n.range[0] === at && (n.type === 'Literal' || n.type === 'TemplateLiteral'));
        expect(found, `a node at ${at} (${probe})`).toBeDefined();
        expect(text.slice(...found!.range).startsWith(probe)).toBe(true);
      }
    });
  }

  it('is not used for TypeScript files, nor for files it cannot read either (the first error is kept)', () => {
    const ts = parseSource('const o = { @dec m() {} };', 'a.ts');
    expect(ts.ok).toBe(false);
    const broken = parseSource('const x = 1;\nconst y = ;\n', 'a.js');
    expect(broken).toMatchObject({ ok: false, error: { line: 2 } });
  });

  it('reports a syntax error with its position', () => {
    expect(parseWithBabel('@dec\nconst y = {;\n', 'a.js')).toMatchObject({ ok: false, error: { line: 2 } });
  });

  it('accepts what only Babel calls an error of meaning (a redeclared let), as TypeScript\'s parser does', () => {
    const text = 'let a = 1;\nlet a = 2;\nconst o = { @d m() {} };';
    expect(parseWithBabel(text, 'a.js').ok).toBe(true);
  });

  // Every JavaScript file of some dependencies that typescript-estree parses: Babel gives the same tree.
  it('gives the same tree as typescript-estree on real JavaScript files of the dependencies', () => {
    const files = jsFiles(['node_modules/ajv/dist', 'node_modules/yargs', 'node_modules/diff/lib', 'node_modules/ignore', 'node_modules/cli-progress'], 400);
    expect(files.length).toBeGreaterThan(100);
    let compared = 0;
    const failures: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const estree = parseSource(text, file, 'typescript-estree');
      if (!estree.ok) continue;
      const babel = parseWithBabel(text, file);
      if (!babel.ok) {
        failures.push(`${file}: babel failed: ${babel.error.message}`);
        continue;
      }
      compared++;
      const diff = differences(estree.ast, babel.ast, 'Program', [], { falseIsAbsent: true });
      if (diff.length) failures.push(`${file}: ${diff.slice(0, 3).join('; ')}`);
    }
    expect(compared).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
});

type Loose = { type: string; range: [number, number] };

function findNode(tree: unknown, test: (n: Loose) => boolean): Loose | undefined {
  if (Array.isArray(tree)) {
    for (const t of tree) {
      const f = findNode(t, test);
      if (f) return f;
    }
    return undefined;
  }
  if (tree == null || typeof tree !== 'object') return undefined;
  const node = tree as Loose & Record<string, unknown>;
  if (typeof node.type === 'string' && test(node)) return node;
  for (const [k, v] of Object.entries(node)) {
    if (k === 'loc' || k === 'range' || k === 'parent') continue;
    const f = findNode(v, test);
    if (f) return f;
  }
  return undefined;
}

function jsFiles(roots: string[], limit: number): string[] {
  const out: string[] = [];
  const visit = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (out.length >= limit) return;
      const full = path.join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) visit(full);
      else if (/\.(js|cjs|mjs)$/.test(name) && st.size < 200_000) out.push(full);
    }
  };
  for (const root of roots) visit(root);
  return out;
}
