/**
 * The resolver's screen of package specifiers (engine/project/resolve.ts, `unreachablePackage`): a specifier that
 * nothing above its folder can map to a file is answered "none" without oxc-resolver. The answer must be the
 * resolver's own: generated projects (package names with and without `exports`, tsconfig/jsconfig with `paths`,
 * `baseUrl`, `extends` chains and cycles, `references`, keys written twice, `node_modules` with a package linked into
 * the project, a Plug'n'Play manifest) are resolved with the screen and with it turned off, specifier by specifier.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleResolver } from '../engine/project/resolve.js';
import { random } from './helpers/random.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const made: string[] = [];
afterAll(() => {
  for (const r of made) rmSync(r, { recursive: true, force: true });
});

const FOLDERS = ['', 'app', 'app/src', 'pkg', 'pkg/src', 'pkg/src/deep'];
const SPECIFIERS = ['me', 'me/sub', 'other', '@x/y', '@x', '@x/y/z', '~/lib/y', '~', 'lib/y', 'y', 'fs', 'zod', '@scope/me', 'pkg', 'pkg/src/a', 'linked', 'linked/y', '@payload-config'];

function write(root: string, name: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
  writeFileSync(path.join(root, name), text);
}

/** One generated project: every file a specifier above may name exists, and each folder gets configuration at random. */
function generated(seed: number): string {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const root = mkdtempSync(path.join(os.tmpdir(), 'cm-pkgscreen-'));
  made.push(root);
  mkdirSync(path.join(root, '.git'));
  for (const f of ['lib/y.ts', 'y.ts', 'me/sub.ts', 'index.ts', 'pkg/src/a.ts', 'pkg/index.ts', 'app/lib/y.ts', 'linked/index.ts', 'linked/y.ts', 'cfg.ts']) write(root, f, 'export const v = 1;\n');
  for (const dir of FOLDERS) {
    write(root, path.join(dir, 'file.ts'), '');
    const manifest = pick(['none', 'none', 'name', 'exports', 'scoped-exports', 'main', 'escape']);
    const name = manifest === 'scoped-exports' ? '@scope/me' : 'me';
    if (manifest === 'name') write(root, path.join(dir, 'package.json'), JSON.stringify({ name }));
    if (manifest === 'exports' || manifest === 'scoped-exports') write(root, path.join(dir, 'package.json'), JSON.stringify({ name, exports: { '.': './index.ts', './sub': './me/sub.ts' } }));
    if (manifest === 'main') write(root, path.join(dir, 'package.json'), JSON.stringify({ name, main: './index.ts' }));
    if (manifest === 'escape') write(root, path.join(dir, 'package.json'), '{ "name": "\\u006de", "exports": "./index.ts" }');
    const configName = pick(['tsconfig.json', 'tsconfig.json', 'jsconfig.json']);
    const up = path.relative(path.join(root, dir), root) || '.';
    const config = pick(['none', 'none', 'plain', 'paths', 'paths-exact', 'paths-star', 'baseUrl', 'extends', 'extends-missing', 'extends-package', 'references', 'cycle', 'twice', 'comments']);
    const configs: Record<string, unknown> = {
      plain: { compilerOptions: { strict: true } },
      paths: { compilerOptions: { paths: { '@x/*': [`${up}/lib/*`], '~/*': [`${up}/lib/*`] } } },
      'paths-exact': { compilerOptions: { paths: { '@payload-config': [`${up}/cfg.ts`], pkg: [`${up}/pkg/index.ts`] } } },
      'paths-star': { compilerOptions: { paths: { '*': [`${up}/lib/*`] } } },
      baseUrl: { compilerOptions: { baseUrl: '.' } },
      extends: { extends: `./${path.posix.join(up, 'base.json')}` },
      'extends-missing': { extends: './missing.json' },
      'extends-package': { extends: '@tsconfig/node20/tsconfig.json' },
      references: { files: [], references: [{ path: `./${path.posix.join(up, 'pkg')}` }] },
      cycle: { extends: `./${path.posix.join(up, 'tsconfig.json')}`, references: [{ path: `./${path.posix.join(up, 'pkg')}` }] },
    };
    if (config === 'twice') write(root, path.join(dir, configName), `{ "compilerOptions": { "paths": { "@x/*": ["${up}/lib/*"] } }, "compilerOptions": { "strict": true } }`);
    else if (config === 'comments') write(root, path.join(dir, configName), `{\n  // "paths" of the app\n  "compilerOptions": { "paths": { "~/*": ["${up}/lib/*"] }, },\n}`);
    else if (config !== 'none') write(root, path.join(dir, configName), JSON.stringify(configs[config]));
  }
  // The configuration `extends` names, itself plain or mapping.
  write(root, 'base.json', JSON.stringify(pick([{ compilerOptions: {} }, { compilerOptions: { paths: { 'lib/*': ['./lib/*'] } } }, { compilerOptions: { baseUrl: '.' } }])));
  const other = pick(['none', 'none', 'node_modules', 'linked', 'pnp']);
  const at = pick(FOLDERS);
  if (other === 'node_modules') write(root, path.join(at, 'node_modules/zod/index.js'), 'module.exports = {};\n');
  if (other === 'linked') {
    mkdirSync(path.join(root, at, 'node_modules'), { recursive: true });
    symlinkSync(path.join(root, 'linked'), path.join(root, at, 'node_modules/linked'), 'dir');
    write(root, 'linked/package.json', JSON.stringify({ name: 'linked', main: './index.ts' }));
  }
  if (other === 'pnp') write(root, path.join(at, '.pnp.cjs'), 'module.exports = {};\n');
  return root;
}

/** Whether a folder or one above it holds what the screen never answers under (then it is not expected to fire). */
function tmpdirOpen(): boolean {
  for (let d = path.resolve(os.tmpdir()); ; d = path.dirname(d)) {
    if (['node_modules', '.pnp.cjs', '.pnp.js', 'tsconfig.json', 'jsconfig.json', 'package.json'].some((n) => existsSync(path.join(d, n)))) return true;
    if (path.dirname(d) === d) return false;
  }
}

describe('package specifiers screened before the resolver', () => {
  it('answers as the resolver does on 150 generated projects', () => {
    let screened = 0;
    let found = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const root = generated(seed);
      const screening = new ModuleResolver(root);
      const plain = new ModuleResolver(root);
      (plain as unknown as { nodePath: boolean }).nodePath = true;
      const counted = screening as unknown as { unreachablePackage(dir: string, specifier: string): boolean };
      const own = counted.unreachablePackage.bind(screening);
      counted.unreachablePackage = (dir, specifier) => {
        const none = own(dir, specifier);
        if (none) screened++;
        return none;
      };
      // Both orders: the screen's memos per folder must not depend on which folder asked first.
      const folders = seed % 2 === 0 ? FOLDERS : [...FOLDERS].reverse();
      for (const dir of folders) {
        for (const specifier of SPECIFIERS) {
          const from = path.join(root, dir, 'file.ts');
          const expected = plain.resolve(from, specifier);
          if (expected) found++;
          expect([seed, dir, specifier, screening.resolve(from, specifier)]).toEqual([seed, dir, specifier, expected]);
        }
      }
    }
    // The generated cases reach both sides: files found through paths, links and self-reference, and specifiers screened.
    expect(found).toBeGreaterThan(100);
    if (!tmpdirOpen()) expect(screened).toBeGreaterThan(500);
  });

  it('leaves every package specifier to the resolver under NODE_PATH, whose folders it searches (a child process: the binding reads it once)', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'cm-pkgscreen-'));
    made.push(root);
    mkdirSync(path.join(root, '.git'));
    write(root, 'vendor/zod/index.ts', 'export const z = 1;\n');
    write(root, 'src/b.ts', '');
    const resolveJs = pathToFileURL(path.join(ROOT, 'dist', 'engine', 'project', 'resolve.js')).href;
    const script = `const { ModuleResolver } = await import(${JSON.stringify(resolveJs)}); console.log(String(new ModuleResolver(${JSON.stringify(root)}).resolve(${JSON.stringify(path.join(root, 'src', 'b.ts'))}, 'zod')));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, NODE_PATH: path.join(root, 'vendor') } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(path.join(root, 'vendor/zod/index.ts'));
  });

  it.skipIf(tmpdirOpen())('screens what nothing maps, and only that', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'cm-pkgscreen-'));
    made.push(root);
    mkdirSync(path.join(root, '.git'));
    write(root, 'tsconfig.json', JSON.stringify({ compilerOptions: { paths: { '@app/*': ['./src/*'] } } }));
    write(root, 'package.json', JSON.stringify({ name: 'me', exports: './src/a.ts' }));
    write(root, 'src/a.ts', 'export const a = 1;\n');
    write(root, 'src/b.ts', '');
    const resolver = new ModuleResolver(root);
    const screen = (resolver as unknown as { unreachablePackage(dir: string, specifier: string): boolean }).unreachablePackage.bind(resolver);
    const dir = path.join(root, 'src');
    expect(['zod', '@playwright/test', 'fs', 'meter', 'apps/x'].map((s) => screen(dir, s))).toEqual([true, true, true, true, true]);
    expect(['@app/a', '@app', 'me', 'me/x', './a', '#internal', '/abs'].map((s) => screen(dir, s))).toEqual([false, false, false, false, false, false, false]);
    expect(resolver.resolve(path.join(dir, 'b.ts'), '@app/a')).toBe(path.join(root, 'src/a.ts'));
    expect(resolver.resolve(path.join(dir, 'b.ts'), 'me')).toBe(path.join(root, 'src/a.ts'));
    mkdirSync(path.join(root, 'node_modules'));
    expect(screen(path.join(root, 'src'), 'zod')).toBe(true); // memoized per folder for the resolver's life, as its answers
    expect((new ModuleResolver(root) as unknown as { unreachablePackage(dir: string, specifier: string): boolean }).unreachablePackage(dir, 'zod')).toBe(false);
  });
});
