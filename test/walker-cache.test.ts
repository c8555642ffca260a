/**
 * The walker thread's code cache (scripts/walker-cache.ts; issue 30, item 1): the build writes the loader and the cache
 * for the bundle it wrote, and V8 takes it; through the loader the thread walks as the bundle does, with the cache,
 * without it, and with a cache that is corrupt, stale (made for another bundle text of the same length, which V8 alone
 * would take) or planted by the scanned repository (never read: the loader reads only its own folder).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { WALKER_BUNDLE, WALKER_LOADER, walkerCacheName, walkerLoaderText, walkerTag } from '../scripts/walker-cache.js';
import { unpackFiles, type PackedFiles } from '../cli/walk/walker.js';

const CLI = fileURLToPath(new URL('../dist/cli/', import.meta.url));
const V8 = process.versions.v8;

describe('the loader text', () => {
  it('names the cache by the bundle text and the V8 version', () => {
    const tag = walkerTag('a bundle');
    expect(tag).toMatch(/^[0-9a-f]{16}$/);
    expect(walkerTag('a bundle')).toBe(tag);
    expect(walkerTag('a bundlf')).not.toBe(tag);
    expect(walkerCacheName(tag, '11.3.1')).toBe(`walk-worker-bundle-${tag}-11.3.1.cache`);
    const text = walkerLoaderText(tag);
    expect(text).toContain(`"walk-worker-bundle-${tag}-" + process.versions.v8 + ".cache"`);
    // Every path it reads is made from its own folder.
    expect([...text.matchAll(/readFileSync\(([^)]*)\)/g)].map((m) => m[1])).toEqual([expect.stringMatching(/^path\.join\(__dirname, /), 'bundle, "utf8"']);
  });

  it('refuses a tag that is not 16 hex digits', () => {
    expect(() => walkerLoaderText('../x')).toThrow(/bad tag/);
    expect(() => walkerLoaderText('0123456789abcdef0')).toThrow(/bad tag/);
  });
});

/** What the thread started from `entry` posted for a walk of `dir`: the files in order and the size of the first batch. */
function walkWith(entry: string, dir: string, env: NodeJS.ProcessEnv = process.env): Promise<{ files: string[]; first: number }> {
  const walk = { cwd: dir, paths: [], include: [], exclude: [], maxFileSize: 1024 * 1024, stat: false, leaveOut: [] };
  const worker = new Worker(entry, { workerData: { walk }, env });
  const files: string[] = [];
  let first = -1;
  return new Promise((resolve, reject) => {
    worker.on('message', (m: { files?: PackedFiles; end?: true; error?: string }) => {
      if (m.files) {
        // A batch crosses as columns (cli/walk/walker.ts, packFiles): unpacked as the scan unpacks it.
        const batch = unpackFiles(m.files);
        if (first < 0) first = batch.length;
        files.push(...batch.map((f) => f.display));
      }
      if (m.error) reject(new Error(m.error));
      if (m.end) void worker.terminate().then(() => resolve({ files, first }));
    });
    worker.once('error', reject);
  });
}

const built = existsSync(path.join(CLI, WALKER_LOADER)) && existsSync(path.join(CLI, WALKER_BUNDLE));

describe.skipIf(!built)('the built walker thread', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-walker-cache-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const bundleText = built ? readFileSync(path.join(CLI, WALKER_BUNDLE), 'utf8') : '';
  const tag = walkerTag(bundleText);
  const cacheName = walkerCacheName(tag, V8);
  // A tree of 40 files: a first batch of 16, then the rest.
  const tree = path.join(work, 'tree');
  mkdirSync(path.join(tree, 'src'), { recursive: true });
  for (let i = 0; i < 40; i++) writeFileSync(path.join(tree, 'src', `f${String(i).padStart(2, '0')}.ts`), `export const v${i} = ${i};\n`);

  /** A package folder of its own: the bundle, a loader, and the given cache files. */
  function pkg(name: string, bundle: string, loaderTag: string, caches: Record<string, Buffer> = {}): string {
    const dir = path.join(work, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, WALKER_BUNDLE), bundle);
    writeFileSync(path.join(dir, WALKER_LOADER), walkerLoaderText(loaderTag));
    for (const [file, data] of Object.entries(caches)) writeFileSync(path.join(dir, file), data);
    return path.join(dir, WALKER_LOADER);
  }

  it('is started from the loader the build wrote for this bundle, with a cache V8 takes', () => {
    expect(readFileSync(path.join(CLI, WALKER_LOADER), 'utf8')).toBe(walkerLoaderText(tag));
    expect(readdirSync(CLI).filter((n) => /^walk-worker-bundle-.*\.cache$/.test(n))).toEqual([cacheName]);
    const probe = `const fs = require('node:fs'), vm = require('node:vm');
const script = new vm.Script("(function (exports, require, module, __filename, __dirname) {" + fs.readFileSync(process.argv[1], "utf8") + "\\n})", { filename: process.argv[1], cachedData: fs.readFileSync(process.argv[2]) });
process.stdout.write(String(script.cachedDataRejected));`;
    const r = spawnSync(process.execPath, ['-e', probe, path.join(CLI, WALKER_BUNDLE), path.join(CLI, cacheName)], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(r.stdout).toBe('false');
  });

  it('walks as the bundle does, with its cache, without it and with a corrupt one', async () => {
    const plain = await walkWith(path.join(CLI, WALKER_BUNDLE), tree);
    expect(plain.files).toHaveLength(40);
    expect(plain.first).toBe(16);
    expect(await walkWith(path.join(CLI, WALKER_LOADER), tree)).toEqual(plain);
    expect(await walkWith(path.join(CLI, WALKER_LOADER), tree, { ...process.env, COLLAB_MIGRATE_NO_CODE_CACHE: '1' })).toEqual(plain);
    expect(await walkWith(pkg('none', bundleText, tag), tree)).toEqual(plain);
    const good = readFileSync(path.join(CLI, cacheName));
    const corrupt: Record<string, Buffer> = {
      empty: Buffer.alloc(0),
      truncated: good.subarray(0, good.length - 64),
      zeros: Buffer.alloc(good.length),
      text: Buffer.from('module.exports = 1;\n'.repeat(100)),
      header: Buffer.concat([Buffer.from([good[0]! ^ 0xff]), good.subarray(1)]),
    };
    for (const [name, data] of Object.entries(corrupt)) expect(await walkWith(pkg(name, bundleText, tag, { [cacheName]: data }), tree), name).toEqual(plain);
  });

  it('never reads a cache made for another text of the bundle (a stale one, which V8 would take)', async () => {
    // The same length, another first batch: which code ran shows in the first batch's size.
    const edited = bundleText.replace('const FIRST_BATCH = 16;', 'const FIRST_BATCH = 15;');
    expect(edited).not.toBe(bundleText);
    expect(edited.length).toBe(bundleText.length);
    const stale = { [cacheName]: readFileSync(path.join(CLI, cacheName)) };
    const now = await walkWith(pkg('stale', edited, walkerTag(edited), stale), tree);
    expect(now.first).toBe(15);
    expect(now.files).toHaveLength(40);
    // Why the tag: the same stale data under the name the loader looks for is taken by V8, and the old code runs.
    const unnamed = await walkWith(pkg('stale-named', edited, walkerTag(edited), { [walkerCacheName(walkerTag(edited), V8)]: stale[cacheName]! }), tree);
    expect(unnamed.first).toBe(16);
  });

  it('never reads a cache or a bundle the scanned repository holds', () => {
    // A cache V8 would take for the bundle's script (the same length, these flags) whose code writes a marker file.
    const wrapped = `(function (exports, require, module, __filename, __dirname) {${bundleText}\n})`;
    // Called once when made, so that its code is in the data (V8 would compile a function not yet run from the real source).
    const planted = "(function () { if (process.env.MARKER) process.getBuiltinModule('node:fs').writeFileSync(process.env.MARKER, 'ran'); })";
    const made = spawnSync(
      process.execPath,
      ['-e', `const vm = require('node:vm'); const s = new vm.Script(process.argv[1], { filename: 'x' }); s.runInThisContext()(); process.stdout.write(s.createCachedData().toString('base64'));`, planted.padEnd(wrapped.length, ' ')],
      { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, maxBuffer: 1 << 26 },
    );
    const data = Buffer.from(made.stdout, 'base64');
    expect(data.length).toBeGreaterThan(0);
    const repo = path.join(work, 'planted-repo');
    mkdirSync(repo, { recursive: true });
    for (const dir of [repo, path.join(repo, 'src')]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, cacheName), data);
      writeFileSync(path.join(dir, WALKER_BUNDLE), "require('node:fs').writeFileSync(process.env.MARKER, 'ran');\n");
      writeFileSync(path.join(dir, 'app.ts'), 'export const a = 1;\n');
    }
    const clean = pkg('clean', bundleText, tag);
    copyFileSync(path.join(CLI, cacheName), path.join(path.dirname(clean), cacheName));
    const probe = `const { Worker } = require('node:worker_threads');
const walk = { cwd: process.cwd(), paths: [], include: [], exclude: [], maxFileSize: 1048576, stat: false, leaveOut: [] };
const w = new Worker(process.argv[1], { workerData: { walk } });
let n = 0;
w.on('message', (m) => { if (m.files) n += m.files.paths.length; if (m.end) { process.stdout.write(String(n)); void w.terminate(); } });`;
    const run = (loader: string, marker: string) =>
      spawnSync(process.execPath, ['-e', probe, loader], { cwd: repo, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', MARKER: marker } });
    const marker = path.join(work, 'marker-repo');
    const r = run(clean, marker);
    expect(r.stderr).toBe('');
    // The files walked: app.ts and the planted bundle, in both folders.
    expect(r.stdout).toBe('4');
    expect(existsSync(marker)).toBe(false);
    // The same data where the build writes the cache is taken: the planted file would have run, had it been read.
    const control = path.join(work, 'marker-package');
    const own = pkg('own', bundleText, tag, { [cacheName]: data });
    run(own, control);
    expect(readFileSync(control, 'utf8')).toBe('ran');
  });
});
