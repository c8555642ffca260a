/**
 * The package's declaration files as each TypeScript of the peer range (`>=5.0.0 <6.1.0`) resolves them. TypeScript
 * before 5.6 cannot parse a string as an export name (`export { plugin as 'module.exports' }`, TS1003 "Identifier
 * expected", skipLibCheck or not), so every declaration file it reaches from an entry point must name its exports
 * with identifiers; 5.6 and later get the plugin's `module.exports` export (a CommonJS file on 5.8+ requires the
 * plugin itself). TypeScript's `node10` resolution (its default for `module: commonjs` before 6.0) reads no
 * `exports`: `typesVersions` must give it the same files. In-process, on the build's `dist/` (test/package.test.ts
 * type-checks an installed tarball with TypeScript 5.0, 6 and node10 resolution).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { declarationsForTs5, MODULE_EXPORTS_LINE } from '../scripts/declarations-ts5.js';
import { assertBuilt } from './cli/run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  types: string;
  exports: Record<string, string | Record<string, string>>;
  typesVersions?: Record<string, Record<string, string[]>>;
};

type Version = [number, number];
const VERSIONED = /^types@<(\d+)\.(\d+)$/;

/** The declaration file TypeScript `version` takes for an entry of `exports` (the first condition that applies, in order). */
function typesFor(entry: string | Record<string, string>, version: Version): string | undefined {
  if (typeof entry === 'string') return undefined;
  for (const [condition, target] of Object.entries(entry)) {
    if (condition === 'types') return target;
    const m = VERSIONED.exec(condition);
    if (m && (version[0] < Number(m[1]) || (version[0] === Number(m[1]) && version[1] < Number(m[2])))) return target;
  }
  return undefined;
}

/** The `typesVersions` map TypeScript `version` uses (the first range that applies, in order), as node10 resolution reads it. */
function typesVersionsFor(version: Version): Record<string, string[]> | undefined {
  for (const [range, map] of Object.entries(pkg.typesVersions ?? {})) {
    if (range === '*') return map;
    const m = /^<(\d+)\.(\d+)$/.exec(range);
    if (!m) throw new Error(`a typesVersions range this test does not read: ${range}`);
    if (version[0] < Number(m[1]) || (version[0] === Number(m[1]) && version[1] < Number(m[2]))) return map;
  }
  return undefined;
}

/** Every declaration file of the package reached from `entry` through relative imports, exports and `import()` types. */
function reached(entry: string): Map<string, ts.SourceFile> {
  const out = new Map<string, ts.SourceFile>();
  const queue = [path.resolve(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (out.has(file)) continue;
    expect(existsSync(file), file).toBe(true);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    out.set(file, source);
    const visit = (node: ts.Node): void => {
      let spec: ts.Expression | undefined;
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) spec = node.moduleSpecifier;
      if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) spec = node.argument.literal;
      if (spec && ts.isStringLiteral(spec) && spec.text.startsWith('.')) queue.push(path.resolve(path.dirname(file), spec.text.replace(/\.js$/, '.d.ts')));
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

/** Export and import names written as strings (`export { x as 'module.exports' }`), as `file: name`. */
function stringNames(files: Map<string, ts.SourceFile>): string[] {
  const out: string[] = [];
  for (const [file, source] of files) {
    const visit = (node: ts.Node): void => {
      if (ts.isExportSpecifier(node) || ts.isImportSpecifier(node)) {
        for (const name of [node.name, node.propertyName]) if (name && ts.isStringLiteral(name)) out.push(`${path.relative(ROOT, file)}: '${name.text}'`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

const entries = Object.entries(pkg.exports).filter(([, e]) => typeof e !== 'string' && 'types' in e) as Array<[string, Record<string, string>]>;

beforeAll(() => assertBuilt());

describe('declaration files for every TypeScript of the peer range', () => {
  it('the entry points with types: the engine, the ESLint plugin, jscodeshift and the ts-morph codemod', () => {
    expect(entries.map(([k]) => k).sort()).toEqual(['.', './codemods/ts-morph', './eslint', './jscodeshift']);
  });

  for (const version of [[5, 0], [5, 5]] as Version[])
    it(`TypeScript ${version.join('.')} reaches no export named by a string from any entry point`, () => {
      for (const [subpath, entry] of entries) {
        const file = typesFor(entry, version);
        expect(file, subpath).toBeDefined();
        expect(stringNames(reached(file!)), `${subpath} -> ${file}`).toEqual([]);
      }
    });

  for (const version of [[5, 6], [6, 0]] as Version[])
    it(`TypeScript ${version.join('.')} gets the plugin's module.exports export (require() of the plugin on 5.8+)`, () => {
      const eslint = pkg.exports['./eslint'] as Record<string, string>;
      expect(typesFor(eslint, version)).toBe(eslint.types);
      expect(stringNames(reached(eslint.types))).toEqual([`${path.join('dist', 'rules', 'index.d.ts')}: 'module.exports'`]);
    });

  for (const version of [[5, 0], [5, 6], [6, 0]] as Version[])
    it(`node10 resolution on TypeScript ${version.join('.')}: typesVersions names the file exports gives each subpath`, () => {
      const map = typesVersionsFor(version);
      expect(map, 'a typesVersions map').toBeDefined();
      for (const [subpath, entry] of entries) {
        if (subpath === '.') {
          // The package root: node10 reads `types`, which typesVersions must leave alone.
          expect(Object.keys(map!)).not.toContain('*');
          expect(path.normalize(pkg.types)).toBe(path.normalize(typesFor(entry, version)!));
          continue;
        }
        expect(map![subpath.slice(2)]?.map((f) => path.normalize(f)), subpath).toEqual([path.normalize(typesFor(entry, version)!)]);
      }
    });
});

describe('scripts/declarations-ts5.ts', () => {
  const PLUGIN = `declare const plugin: CollabPlugin;\nexport default plugin;\n${MODULE_EXPORTS_LINE}\n`;

  it('drops the module.exports line and keeps the rest', () => {
    expect(declarationsForTs5(PLUGIN)).toBe('declare const plugin: CollabPlugin;\nexport default plugin;\n');
  });

  it('refuses a declaration file without the line, or with it twice (the build stops)', () => {
    expect(() => declarationsForTs5('export default plugin;\n')).toThrow(/found it 0 times/);
    expect(() => declarationsForTs5(PLUGIN + MODULE_EXPORTS_LINE + '\n')).toThrow(/found it 2 times/);
  });

  it('the build wrote the copy the way it says: the built declaration file less that line', () => {
    const built = readFileSync(path.join(ROOT, 'dist/rules/index.d.ts'), 'utf8');
    const compat = (pkg.exports['./eslint'] as Record<string, string>)['types@<5.6'];
    expect(compat).toBeDefined();
    expect(readFileSync(path.join(ROOT, compat), 'utf8')).toBe(declarationsForTs5(built));
  });
});
