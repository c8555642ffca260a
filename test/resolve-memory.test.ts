/**
 * What module resolution keeps for the run (engine/project/resolve.ts): its keys hold no text of the files whose
 * specifiers it resolved, and oxc-resolver's native caches are emptied every so many resolutions with the same
 * answers as a resolver that never empties them (docs/performance.md, "Twenty-seventh session: 30rss").
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type * as OxcResolver from 'oxc-resolver';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModuleResolver, NATIVE_CACHE_RESOLUTIONS, ownCopy } from '../engine/project/resolve.js';
import { tempProjects } from './helpers/temp-project.js';

const project = tempProjects('cm-resolve-memory-');

/** V8's full collection, for measuring what is still held. */
function collect(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** A project with relative imports, a tsconfig alias, a workspace package and a folder with its own tsconfig. */
const files: Record<string, string> = {
  'package.json': '{ "name": "root", "private": true }\n',
  'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['lib/*'] } } }),
  'lib/http-client-factory.ts': 'export const client = 1;\n',
  'lib/index.ts': 'export * from "./http-client-factory";\n',
  'lib/a-very-long-module-name-for-a-sliced-specifier.ts': 'export const long = 1;\n',
  'src/app/main.ts': '',
  'src/app/deep/inner.ts': '',
  'src/other/service.js': '',
  'sub/tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['../src/other/*'] } } }),
  'sub/four.ts': '',
  'node_modules/shared-package-name/package.json': '{ "name": "shared-package-name", "main": "index.js" }\n',
  'node_modules/shared-package-name/index.js': '',
};

const asks: Array<[string, string]> = [
  ['src/app/main.ts', '../../lib/http-client-factory'],
  ['src/app/main.ts', '../../lib/a-very-long-module-name-for-a-sliced-specifier'],
  ['src/app/main.ts', '@lib/http-client-factory'],
  ['src/app/deep/inner.ts', '@lib/a-very-long-module-name-for-a-sliced-specifier'],
  ['src/app/deep/inner.ts', '../../../lib'],
  ['src/app/deep/inner.ts', './not-there-at-all-anywhere'],
  ['sub/four.ts', '@lib/service'],
  ['sub/four.ts', '@lib/http-client-factory'],
  ['src/other/service.js', '../../lib/index.js'],
  ['src/other/service.js', 'shared-package-name'],
  ['src/app/main.ts', 'node:fs'],
  ['src/app/main.ts', 'https://example.com/module.js'],
];

describe("oxc-resolver's caches, emptied every so many resolutions", () => {
  it('the same answers as a resolver that never empties them, in any order, and the caches are emptied', () => {
    const root = project(files);
    const { ResolverFactory } = createRequire(import.meta.url)('oxc-resolver') as typeof OxcResolver;
    const cleared = vi.spyOn(ResolverFactory.prototype, 'clearCache');
    const keeping = new ModuleResolver(root);
    const expected = asks.map(([from, s]) => keeping.resolve(path.join(root, from), s));
    // The project's answers, so that an answer lost to an emptied cache shows.
    expect(expected.map((f) => (f === undefined ? undefined : path.relative(root, f)))).toEqual([
      path.join('lib', 'http-client-factory.ts'),
      path.join('lib', 'a-very-long-module-name-for-a-sliced-specifier.ts'),
      path.join('lib', 'http-client-factory.ts'),
      path.join('lib', 'a-very-long-module-name-for-a-sliced-specifier.ts'),
      path.join('lib', 'index.ts'),
      undefined,
      path.join('src', 'other', 'service.js'),
      undefined,
      path.join('lib', 'index.ts'),
      undefined,
      undefined,
      undefined,
    ]);
    expect(cleared).not.toHaveBeenCalled();
    for (const every of [1, 2, 3]) {
      for (const order of [asks, [...asks].reverse()]) {
        const emptying = new ModuleResolver(root, every);
        const got = order.map(([from, s]) => emptying.resolve(path.join(root, from), s));
        expect(order === asks ? got : got.reverse()).toEqual(expected);
      }
    }
    expect(cleared).toHaveBeenCalled();
  });

  it('a resolver empties them only past the limit (4,096 by default)', () => {
    expect(NATIVE_CACHE_RESOLUTIONS).toBe(4096);
    const root = project(files);
    const { ResolverFactory } = createRequire(import.meta.url)('oxc-resolver') as typeof OxcResolver;
    const cleared = vi.spyOn(ResolverFactory.prototype, 'clearCache');
    const resolver = new ModuleResolver(root, 5);
    // Distinct relative specifiers from one file: each is one native resolution (the answers are remembered).
    for (let i = 0; i < 5; i++) resolver.resolve(path.join(root, 'src/app/main.ts'), `./missing-${i}`);
    expect(cleared).not.toHaveBeenCalled();
    resolver.resolve(path.join(root, 'src/app/main.ts'), './missing-5');
    expect(cleared).toHaveBeenCalled();
  });
});

describe('what the resolver keeps', () => {
  it('ownCopy gives the same string, for hostile and unusual text too', () => {
    for (const text of ['', 'a', './x', 'ü/日本語/😀', '\ud800 lone', 'line\nbreak\0nul', 'x'.repeat(70_000), `${'dir/'.repeat(50)}\0@scope/pkg`]) {
      expect(ownCopy(text)).toBe(text);
    }
  });

  it("its keys hold no file's text: specifiers cut from large texts are not kept with them", () => {
    const root = project(files);
    const resolver = new ModuleResolver(root);
    collect();
    const before = process.memoryUsage().heapUsed;
    const count = 32;
    for (let i = 0; i < count; i++) {
      // A text of 1 MB per file, with the specifier cut from it as a parser would.
      const text = `${String(i).padStart(4, '0')}${'x'.repeat(1 << 20)}import a from '../../lib/a-very-long-module-name-for-a-sliced-specifier-${i}';\nimport b from 'shared-package-name/a-subpath-${i}';\n`;
      const relative = text.slice(text.indexOf("'../") + 1, text.indexOf("';"));
      const bare = text.slice(text.indexOf("'shared") + 1, text.lastIndexOf("';"));
      resolver.resolve(path.join(root, `src/app/file-${i}.ts`), relative);
      resolver.resolve(path.join(root, `src/app/file-${i}.ts`), bare);
    }
    collect();
    const held = process.memoryUsage().heapUsed - before;
    // Without the copies the 32 texts (32 MB) stay; what the answers themselves take is a few KB.
    expect(held).toBeLessThan(8 * 1024 * 1024);
  });
});
