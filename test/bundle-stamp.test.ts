/**
 * The bundle's record of what it read and wrote (scripts/bundle-stamp.ts): `npm run build`'s second step writes
 * nothing when nothing it reads has changed since the last bundle and that bundle's output is in place (a fresh
 * clone's `npm test` bundled the `dist/` that `npm ci` had just bundled; a git install's second `prepare` did the same).
 * On a made-up tree: every change of an input or an output, and every missing piece, means "bundle again". Then the
 * real build: every file of `dist/cli/` is either tsc's (a source in `cli/`) or one the record counts as the bundle's.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleUpToDate, clearBundleStamp, isBundleOutput, writeBundleStamp } from '../scripts/bundle-stamp.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('the bundle is made again only when what it reads or wrote changed', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-stamp-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  let n = 0;
  /** A built tree: tsc's output, the bundle's output, the catalog, npm's record and the code caches' scan folder. */
  function tree(): string {
    const root = path.join(work, `t${n++}`);
    const files: Record<string, string> = {
      'dist/engine/index.js': 'export const engine = 1;\n',
      'dist/engine/index.d.ts': 'export declare const engine = 1;\n',
      'dist/cli/index.js': 'import "../engine/index.js";\n',
      'dist/cli/bin.cjs': 'require("./bin-fast.cjs");\n',
      'dist/scripts/bundle.js': 'await build();\n',
      'dist/tsconfig.build.tsbuildinfo': '{"version":"6.0.3"}\n',
      'dist/cli/bin.js': '#!/usr/bin/env node\nimport "./bin-scan.js";\n',
      'dist/cli/bin-scan.js': 'export {};\n',
      'dist/cli/bin-scan-body.cache': 'v8',
      'dist/cli/bin-fast.cjs': 'module.exports = {};\n',
      'dist/cli/walk-worker-bundle.cjs': '(async () => {})();\n',
      'dist/catalog-index.json': '{}\n',
      'notices.json': '{"notices":[]}\n',
      'node_modules/.package-lock.json': '{"packages":{}}\n',
      'examples/consumer-app/src/a.ts': 'export const a = 1;\n',
    };
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      writeFileSync(path.join(root, f), text);
    }
    chmodSync(path.join(root, 'dist/cli/bin.js'), 0o755);
    writeBundleStamp(path.join(root, 'dist'));
    expect(bundleUpToDate(path.join(root, 'dist'))).toBe(true);
    return root;
  }

  it('is up to date after a bundle, and stays so when only declarations or build info change', () => {
    const root = tree();
    writeFileSync(path.join(root, 'dist/engine/index.d.ts'), 'export declare const engine: 2;\n');
    writeFileSync(path.join(root, 'dist/tsconfig.build.tsbuildinfo'), '{"version":"6.0.4"}\n');
    expect(bundleUpToDate(path.join(root, 'dist'))).toBe(true);
  });

  for (const [what, change] of [
    ["tsc's output changed", (r: string) => writeFileSync(path.join(r, 'dist/engine/index.js'), 'export const engine = 2;\n')],
    ['a module added to the build', (r: string) => writeFileSync(path.join(r, 'dist/engine/more.js'), 'export {};\n')],
    ['the bundle script changed', (r: string) => writeFileSync(path.join(r, 'dist/scripts/bundle.js'), 'await build(1);\n')],
    ['the catalog changed', (r: string) => writeFileSync(path.join(r, 'notices.json'), '{"notices":[1]}\n')],
    ['node_modules installed anew', (r: string) => writeFileSync(path.join(r, 'node_modules/.package-lock.json'), '{"packages":{"a":{}}}\n')],
    ['no record of node_modules', (r: string) => rmSync(path.join(r, 'node_modules/.package-lock.json'))],
    ['the code caches\' scan folder changed', (r: string) => writeFileSync(path.join(r, 'examples/consumer-app/src/b.ts'), 'export {};\n')],
    ['an output edited', (r: string) => writeFileSync(path.join(r, 'dist/cli/bin-scan.js'), 'export const x = 1;\n')],
    ['an output deleted', (r: string) => rmSync(path.join(r, 'dist/cli/bin-scan-body.cache'))],
    ['the catalog index deleted', (r: string) => rmSync(path.join(r, 'dist/catalog-index.json'))],
    ['the binary no longer executable', (r: string) => chmodSync(path.join(r, 'dist/cli/bin.js'), 0o644)],
    ['no binary at all', (r: string) => rmSync(path.join(r, 'dist/cli/bin.js'))],
    ['the record forgotten (a bundle under way, or failed)', (r: string) => clearBundleStamp(path.join(r, 'dist'))],
  ] as const)
    it(`is out of date when ${what}`, () => {
      const root = tree();
      change(root);
      expect(bundleUpToDate(path.join(root, 'dist'))).toBe(false);
    });

  it('keeps its record out of dist/ (the package ships dist/)', () => {
    const root = tree();
    expect(readdirSync(path.join(root, 'node_modules/.cache/collab-migrate'))).toEqual(['bundle-stamp.json']);
    expect(readdirSync(path.join(root, 'dist')).sort()).toEqual(['catalog-index.json', 'cli', 'engine', 'scripts', 'tsconfig.build.tsbuildinfo']);
  });
});

describe.skipIf(!existsSync(path.join(ROOT, 'dist/cli/bin.js')))('the real build', () => {
  it("every file of dist/cli/ is tsc's output of a source in cli/, or the bundle's as the record counts it", () => {
    const sources = new Set(readdirSync(path.join(ROOT, 'cli')).map((f) => f.replace(/\.cts$/, '.cjs').replace(/\.ts$/, '.js')));
    const files = readdirSync(path.join(ROOT, 'dist/cli'), { withFileTypes: true }).filter((e) => e.isFile() && !e.name.endsWith('.d.ts') && !e.name.endsWith('.d.cts')).map((e) => e.name);
    const tsc = files.filter((f) => sources.has(f));
    const bundled = files.filter((f) => isBundleOutput(f));
    expect(tsc.filter((f) => isBundleOutput(f)), 'a tsc output taken for the bundle').toEqual([]);
    expect(files.filter((f) => !sources.has(f) && !isBundleOutput(f)), 'neither').toEqual([]);
    for (const f of ['bin.js', 'bin-scan.js', 'walk-worker-bundle.cjs', 'scope-manager-bundle.cjs', 'catalog-validators.cjs', 'bin-fast-main.cjs']) expect(bundled, f).toContain(f);
  });
});
