/**
 * Node's modules taken with `process.getBuiltinModule` in the command line's chunks (scripts/lean-builtins.ts, issue
 * 30 item 2), and the built-in catalog trusted by its whole text (engine/catalog/catalog.ts, CatalogIndex): the
 * rewritten chunk gives what the import gave; a chunk in an import cycle, a namespace import, a package that is not
 * Node's and the modules the code cache's split loads on first call are left alone; the built one-file scan of a file
 * without a notice token loads neither `worker_threads` nor `crypto`, nor does the scan of a small folder load
 * `worker_threads`; a `notices.json` one character away from the
 * one the build validated is validated again.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LAZY_BUILTINS as LAZY } from '../scripts/code-cache.js';
import { lazyBundledModules, lazyRequires, leanBuiltinImports, leanBuiltinsIn, workerAsCommonJs } from '../scripts/lean-builtins.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = path.join(ROOT, 'dist', 'cli');
const BIN = path.join(CLI, 'bin.js');

interface Probed {
  before: string[];
  out: unknown;
  after: string[];
}

/** Runs a probe script (a file, not `node -e`, which loads crypto itself) on a module of `work`: what it printed. */
function runProbe(work: string, probe: string, file: string): Probed {
  writeFileSync(path.join(work, 'probe.cjs'), probe);
  const r = spawnSync(process.execPath, [path.join(work, 'probe.cjs'), path.join(work, file)], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Probed;
}

const CHUNK = `import { base } from "./dep.js";
import { readFileSync as read, existsSync } from "node:fs";
import path, { join } from "node:path";
import { default as url } from "url";
import * as util from "node:util";
import { createHash } from "node:crypto";
import "node:os";
const here = existsSync(".") && typeof read === "function";
export const out = { base, here, joined: join("a", "b"), sep: path.sep, href: url.pathToFileURL("/x").href, inspect: util.inspect(1), hash: createHash("sha1").update("a").digest("hex") };
`;

describe('builtin imports taken with process.getBuiltinModule', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-lean-builtins-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('gives what the import gave, leaving namespaces, other packages and kept modules as imports', () => {
    const lean = leanBuiltinImports(CHUNK, new Set(['node:crypto']));
    expect(lean).not.toMatch(/from "(node:fs|node:path|url)"/);
    expect(lean).toContain('const { readFileSync: read, existsSync } = process.getBuiltinModule("node:fs");');
    expect(lean).toContain('const path = process.getBuiltinModule("node:path"); const { join } = path;');
    expect(lean).toContain('const url = process.getBuiltinModule("url");');
    expect(lean).toContain('process.getBuiltinModule("node:os");');
    // Kept: a namespace (its `default` and live view differ from the exports object), a kept module, a chunk.
    expect(lean).toContain('import * as util from "node:util";');
    expect(lean).toContain('import { createHash } from "node:crypto";');
    expect(lean).toContain('import { base } from "./dep.js";');
    writeFileSync(path.join(work, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(path.join(work, 'dep.js'), 'export const base = 42;\n');
    writeFileSync(path.join(work, 'plain.js'), CHUNK);
    writeFileSync(path.join(work, 'lean.js'), lean);
    const read = (file: string): unknown => {
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', 'const m = await import(process.argv[1]); console.log(JSON.stringify(m.out));', path.join(work, file)], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout);
    };
    expect(read('lean.js')).toEqual(read('plain.js'));
  });

  it('leaves a text without builtin imports, and a package named like no builtin, as they are', () => {
    const text = 'import { diffLines } from "diff";\nimport fsExtra from "fs-extra";\nexport const f = [diffLines, fsExtra];\n';
    expect(leanBuiltinImports(text)).toBe(text);
  });

  it('leaves a chunk that reaches itself through static imports as it is', () => {
    const dir = path.join(work, 'cycle');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'a.js'), 'import { b } from "./b.js";\nimport path from "node:path";\nexport const a = () => path.sep + b;\n');
    writeFileSync(path.join(dir, 'b.js'), 'import { a } from "./a.js";\nimport { sep } from "node:path";\nexport const b = sep;\nexport const c = () => a;\n');
    writeFileSync(path.join(dir, 'c.js'), 'import { a } from "./a.js";\nimport { sep } from "node:path";\nexport const d = () => a() + sep;\n');
    expect(leanBuiltinsIn(dir, /\.js$/)).toEqual(['c.js']);
    expect(readFileSync(path.join(dir, 'a.js'), 'utf8')).toContain('import path from "node:path";');
    expect(readFileSync(path.join(dir, 'c.js'), 'utf8')).toContain('const { sep } = process.getBuiltinModule("node:path");');
  });
});

describe('workerAsCommonJs (the walker thread\'s bundle as CommonJS)', () => {
  it('runs a module with a top-level await and import.meta.url as a CommonJS script, in strict mode', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-worker-cjs-'));
    try {
      const esm = [
        'const { basename } = process.getBuiltinModule("node:path");',
        'const here = new URL(import.meta.url);',
        'const value = await new Promise((resolve) => setTimeout(() => resolve(41), 1));',
        'let strict = true;',
        'try { undeclared = 1; strict = false; } catch { /* a module is strict */ }',
        'console.log(JSON.stringify({ name: basename(here.pathname), value: later(value), strict }));',
        'function later(v) { return v + 1; }',
        'export {};',
        '',
      ].join('\n');
      const file = path.join(dir, 'w.cjs');
      writeFileSync(file, workerAsCommonJs(esm));
      const r = spawnSync(process.execPath, [file], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toEqual({ name: 'w.cjs', value: 42, strict: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bundle that still imports or exports', () => {
    expect(() => workerAsCommonJs('import x from "./x.js";\nx();\n')).toThrow(/cannot run as CommonJS/);
    expect(() => workerAsCommonJs('export const a = 1;\n')).toThrow(/cannot run as CommonJS/);
  });
});

describe.skipIf(!existsSync(BIN))('the built command line', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-lean-built-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('imports no builtin as an ES module in its chunks but the ones loaded on first call', () => {
    for (const name of readdirSync(CLI).filter((n) => /^(bin.*|walk-worker-bundle)\.js$/.test(n))) {
      const text = readFileSync(path.join(CLI, name), 'utf8');
      const imported = [...text.matchAll(/^import\b[^;]*?from "((?:node:)?[\w/]+)";$/gm)].map((m) => m[1]!).filter((m) => !m.startsWith('.'));
      expect(imported.filter((m) => !/^(node:(crypto|child_process)|diff)$/.test(m)), name).toEqual([]);
    }
    // The walker thread's bundle is CommonJS (Node starts it without its ES module loader), takes its builtins with
    // process.getBuiltinModule, and loads node:child_process only when git is asked (cli/walk/tracked.ts).
    const walker = readFileSync(path.join(CLI, 'walk-worker-bundle.cjs'), 'utf8');
    expect(walker).not.toMatch(/^\s*(import|export)\b/m);
    expect(walker).not.toMatch(/require\("(node:)?child_process"\)|^(?:const|let|var)\b[^\n]*"node:child_process"/m);
    expect(walker).toMatch(/^\s+[^\n]*process\.getBuiltinModule\("node:child_process"\)\.execFileSync\(/m);
    expect(walker).toContain('process.getBuiltinModule("node:worker_threads")');
  });

  it('scans one file without a notice token without loading worker_threads, crypto or child_process (issue 30, item 2)', () => {
    const file = path.join(work, 'plain.ts');
    writeFileSync(file, 'export const answer = 42;\n');
    // The binary imported by a module that reads Node's list of loaded modules at exit (`node -e` itself loads crypto).
    const probe = path.join(work, 'probe.mjs');
    writeFileSync(probe, `process.argv.splice(1, 1);\nprocess.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList.filter((m) => /^NativeModule (worker_threads|crypto|child_process)$/.test(m)))));\nawait import(${JSON.stringify(BIN)});\n`);
    const env = { ...process.env, NO_COLOR: '1' };
    const r = spawnSync(process.execPath, [probe, BIN, '--today', '2026-11-28', '--no-progress', file], { cwd: work, encoding: 'utf8', env });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('No findings in 1 file (today 2026-11-28).');
    expect(JSON.parse(r.stderr)).toEqual([]);
    // The look-alike: a file with a finding fingerprints it, which loads crypto on first call.
    const found = path.join(work, 'found.ts');
    writeFileSync(found, "export const host = 'https://api.ciscospark.com/v1/people';\n");
    const f = spawnSync(process.execPath, [probe, BIN, '--today', '2026-11-28', '--no-progress', '--format', 'json', found], { cwd: work, encoding: 'utf8', env });
    expect(f.status).toBe(0);
    expect((JSON.parse(f.stdout) as { findings: Array<{ fingerprint?: string }> }).findings.length).toBeGreaterThan(0);
    expect(JSON.parse(f.stderr)).toContain('NativeModule crypto');
  });

  it('scans a small folder in one thread, and starts the walker thread for a folder of more than WALK_THREAD_ENTRIES entries (issue 30, item 5)', async () => {
    const { WALK_THREAD_ENTRIES } = (await import(new URL('../dist/cli/walk/prestart.js', import.meta.url).href)) as typeof import('../cli/walk/prestart.js');
    const probe = path.join(work, 'probe-threads.mjs');
    writeFileSync(probe, `process.argv.splice(1, 1);\nprocess.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList.filter((m) => /^NativeModule worker_threads$/.test(m)))));\nawait import(${JSON.stringify(BIN)});\n`);
    const env = { ...process.env, NO_COLOR: '1' };
    const scan = (dir: string) => spawnSync(process.execPath, [probe, BIN, '--today', '2026-11-28', '--no-progress', '--format', 'json', '.'], { cwd: dir, encoding: 'utf8', env });
    // A folder and a file with a finding in it (the exact count at the limit: test/walker.test.ts, peekTree).
    const small = path.join(work, 'small-folder');
    mkdirSync(path.join(small, 'src'), { recursive: true });
    writeFileSync(path.join(small, 'src', 'found.ts'), "export const host = 'https://api.ciscospark.com/v1/people';\n");
    const one = scan(small);
    expect(one.status).toBe(0);
    expect(JSON.parse(one.stderr)).toEqual([]);
    // The same with WALK_THREAD_ENTRIES files the walk lists but does not read: its thread walks, with the same report.
    const large = path.join(work, 'large-folder');
    cpSync(small, large, { recursive: true });
    for (let i = 0; i < WALK_THREAD_ENTRIES; i++) writeFileSync(path.join(large, `n${i}.txt`), '');
    const two = scan(large);
    expect(two.status).toBe(0);
    expect(JSON.parse(two.stderr)).toEqual(['NativeModule worker_threads']);
    const report = (r: typeof one) => {
      const { findings, files } = JSON.parse(r.stdout) as { findings: Array<{ file: string; line: number; noticeId: string }>; files: unknown };
      return { findings: findings.map((f) => [f.file, f.line, f.noticeId]), files };
    };
    expect(report(one).findings).toEqual([['src/found.ts', 1, 'legacy-api-host']]);
    expect(report(two)).toEqual(report(one));
  });

  it('takes the built-in catalog as validated only when its text is the one the build validated', () => {
    // A copy of the built package whose notices.json differs from the validated text by one value.
    const pkg = path.join(work, 'pkg');
    mkdirSync(pkg);
    cpSync(path.join(ROOT, 'dist'), path.join(pkg, 'dist'), { recursive: true });
    cpSync(path.join(ROOT, 'package.json'), path.join(pkg, 'package.json'));
    cpSync(path.join(ROOT, 'notices.schema.json'), path.join(pkg, 'notices.schema.json'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(pkg, 'node_modules'), 'dir');
    const text = readFileSync(path.join(ROOT, 'notices.json'), 'utf8');
    expect((JSON.parse(readFileSync(path.join(pkg, 'dist', 'catalog-index.json'), 'utf8')) as { text: string }).text).toBe(text);
    const file = path.join(work, 'plain.ts');
    writeFileSync(file, 'export const answer = 42;\n');
    const scan = (): ReturnType<typeof spawnSync> => spawnSync(process.execPath, [path.join(pkg, 'dist', 'cli', 'bin.js'), '--today', '2026-11-28', '--no-progress', file], { cwd: work, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    writeFileSync(path.join(pkg, 'notices.json'), text);
    expect(scan().status).toBe(0);
    // `"status": "dated"` -> `"status": "dates"`: valid JSON, not a valid catalog; the schema check must run.
    const broken = text.replace('"status": "dated"', '"status": "dates"');
    expect(broken).not.toBe(text);
    writeFileSync(path.join(pkg, 'notices.json'), broken);
    const r = scan();
    expect(r.status).toBe(2);
    expect(String(r.stderr)).toContain('Invalid catalog');
  });
});

describe('CommonJS chunks require node:crypto and node:child_process on first use (lazyRequires)', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-lazy-requires-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  // As rolldown writes a `cjs` chunk: each module once, its functions read as `(0, x.f)(...)`.
  const CJS = `let node_fs = require("node:fs");
let node_crypto = require("node:crypto");
let node_child_process = require("node:child_process");
exports.hash = () => (0, node_crypto.createHash)("sha1").update("a").digest("hex");
exports.echo = () => (0, node_child_process.execFileSync)(process.execPath, ["-e", "process.stdout.write('hi')"], { encoding: "utf8" });
exports.here = (0, node_fs.existsSync)(".");
`;

  it('gives what the require gave, and loads the module only when a function of it is first read', () => {
    const lean = lazyRequires(CJS, LAZY);
    expect(lean).toContain('const node_crypto = new Proxy({}, { get: (_, key) => require("node:crypto")[key] });');
    expect(lean).toContain('let node_fs = require("node:fs");');
    writeFileSync(path.join(work, 'plain.cjs'), CJS);
    writeFileSync(path.join(work, 'lean.cjs'), lean);
    const probe = `const loaded = () => process.moduleLoadList.filter((m) => /^NativeModule (crypto|child_process)$/.test(m));
const m = require(process.argv[2]); const before = loaded();
const out = { hash: m.hash(), echo: m.echo(), here: m.here };
process.stdout.write(JSON.stringify({ before, out, after: loaded() }));`;
    const run = (file: string): Probed => runProbe(work, probe, file);
    const plain = run('plain.cjs');
    const lazy = run('lean.cjs');
    expect(lazy.out).toEqual(plain.out);
    expect(plain.before).toEqual(['NativeModule crypto', 'NativeModule child_process']);
    expect(lazy.before).toEqual([]);
    expect([...lazy.after].sort()).toEqual([...plain.after].sort());
  });

  it('leaves a module used other than by reading a property of it, or written to, as it is', () => {
    const passed = 'let node_crypto = require("node:crypto");\nexports.c = node_crypto;\n';
    expect(lazyRequires(passed, LAZY)).toBe(passed);
    const written = 'let node_child_process = require("node:child_process");\nnode_child_process.x = 1;\nexports.f = () => node_child_process.x;\n';
    expect(lazyRequires(written, LAZY)).toBe(written);
    const other = 'let node_fs = require("node:fs");\nexports.f = () => (0, node_fs.existsSync)(".");\n';
    expect(lazyRequires(other, LAZY)).toBe(other);
  });
});

describe('bundled CommonJS packages set up on first use (lazyBundledModules)', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-lazy-modules-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  // As rolldown writes a bundled CommonJS package in a `cjs` chunk; each body counts its runs on `globalThis`.
  const RUNTIME = 'exports.__commonJSMin = (cb, mod) => () => (mod || cb((mod = { exports: {} }).exports, mod), mod.exports);\nexports.__toESM = (m) => ({ default: m, ...m });\n';
  const CJS = `const require_rolldown_runtime = require("./runtime.cjs");
var import_colors = require_rolldown_runtime.__commonJSMin(((exports, module) => {
  globalThis.runs.push("colors");
  module.exports = { red: (s) => "<" + s + ">", tty: Boolean(process.env.NO_SUCH_VARIABLE) };
}))();
var require_keys = require_rolldown_runtime.__commonJSMin(((exports) => {
  globalThis.runs.push("keys");
  exports.keys = { Program: ["body"] };
}));
var import_keys = require_keys();
var import_ignore = require_rolldown_runtime.__toESM(require_keys(), 1);
exports.out = () => ({ red: (0, import_colors.red)("x"), tty: import_colors.tty, keys: import_keys.keys.Program, esm: import_ignore.default.keys.Program });
`;

  it('runs a package\'s body when a property of it is first read, and gives what the chunk gave', () => {
    const lean = lazyBundledModules(CJS);
    expect(lean).toContain('let import_colors$m; const import_colors$lazy = () => import_colors$m ??= require_rolldown_runtime.__commonJSMin(');
    expect(lean).toContain('(0, import_colors$lazy().red)("x")');
    expect(lean).toContain('let import_keys$m; const import_keys$lazy = () => import_keys$m ??= require_keys();');
    expect(lean).toContain('const import_ignore$lazy = () => import_ignore$m ??= require_rolldown_runtime.__toESM(require_keys(), 1);');
    writeFileSync(path.join(work, 'runtime.cjs'), RUNTIME);
    writeFileSync(path.join(work, 'plain.cjs'), CJS);
    writeFileSync(path.join(work, 'lean.cjs'), lean);
    const probe = 'globalThis.runs = []; const m = require(process.argv[2]); const before = [...runs]; const out = m.out(); m.out(); process.stdout.write(JSON.stringify({ before, out, after: runs }));';
    const run = (file: string): Probed => runProbe(work, probe, file);
    const plain = run('plain.cjs');
    const lazy = run('lean.cjs');
    expect(lazy.out).toEqual(plain.out);
    expect(plain.before).toEqual(['colors', 'keys']);
    expect(lazy.before).toEqual([]);
    // Each body once, as before.
    expect([...lazy.after].sort()).toEqual(['colors', 'keys']);
  });

  it('leaves a package passed on, written to, or named again in a function, as it is', () => {
    const head = 'const require_rolldown_runtime = require("./runtime.cjs");\nvar require_x = require_rolldown_runtime.__commonJSMin(((exports) => { exports.a = 1; }));\nvar import_x = require_x();\n';
    for (const use of ['exports.x = import_x;\n', 'import_x.a = 2;\nexports.f = () => import_x.a;\n', 'exports.f = (import_x) => import_x.a;\n', 'exports.g = () => { const import_x = { a: 3 }; return import_x.a; };\n']) {
      expect(lazyBundledModules(head + use), use).toBe(head + use);
    }
    // A variable that is no package's set-up is no candidate.
    const other = 'var import_y = compute();\nexports.f = () => import_y.a;\n';
    expect(lazyBundledModules(other)).toBe(other);
  });
});
