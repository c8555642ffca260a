/**
 * The scan chunk's V8 code cache (scripts/code-cache.ts, issue 30 item 2): a chunk split into a module, a script and
 * the plain chunk gives the same exports whether the script runs with its cache, without one, or the plain chunk is
 * imported; what the split cannot carry over exactly makes the build fail; and the built package's cache is one V8
 * accepts under the binary's own flags, with the same report as the plain chunk.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BODY_FILE, CACHE_FILE, CACHE_OUT_VARIABLE, ESM_FILE, NO_CACHE_VARIABLE, splitChunk } from '../scripts/code-cache.js';

const CLI = fileURLToPath(new URL('../dist/cli/', import.meta.url));
const APP = fileURLToPath(new URL('../examples/consumer-app/', import.meta.url));

/** A chunk as rolldown writes one: every import form, a class as `var`, `import.meta`, a dynamic import, one export list. */
const CHUNK = `import { base as x, more } from "./dep.js";
import * as ns from "./dep.js";
import fallback from "./dep.js";
import "./side.js";
var Failure = class extends Error {
	constructor(m) { super(m); this.name = "Failure"; }
};
const total = x + more;
let calls = 0;
function count() { let calls = 10; calls++; return calls; }
function where() { return new Error("here").stack; }
const folder = new URL(".", import.meta.url).href;
const strict = (function () { return this === undefined; })();
async function later() { return (await import("./lazy.js")).lazy + calls; }
export { Failure as F, total as t, count as c, where as w, folder as f, strict as s, later as l, ns as n, fallback as d };
`;

const READ = `const m = await import(process.argv[1]);
const e = new m.F("x");
console.log(JSON.stringify({ keys: Object.keys(m).sort(), t: m.t, c: m.c(), f: m.f, s: m.s, l: await m.l(), n: Object.keys(m.n).sort(), d: m.d, failure: [e instanceof Error, e.name], body: m.w().includes(${JSON.stringify(BODY_FILE)}) }));`;

describe('the code cache split', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-code-cache-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('gives the same exports with the cache, without it, and from the plain chunk', () => {
    writeFileSync(path.join(work, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(path.join(work, 'dep.js'), 'export const base = 40; export const more = 2; export default "fallback";\n');
    writeFileSync(path.join(work, 'side.js'), 'globalThis.sideEffects = (globalThis.sideEffects ?? 0) + 1;\n');
    writeFileSync(path.join(work, 'lazy.js'), 'export const lazy = "lazy";\n');
    const { shim, body } = splitChunk(CHUNK, process.versions.v8);
    writeFileSync(path.join(work, ESM_FILE), CHUNK);
    writeFileSync(path.join(work, BODY_FILE), body);
    writeFileSync(path.join(work, 'chunk.js'), shim);
    const run = (env: Record<string, string>) => {
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', READ, path.join(work, 'chunk.js')], { encoding: 'utf8', env: { ...process.env, ...env } });
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as Record<string, unknown>;
    };
    // No cache yet: the plain chunk. Then the build's run, which writes the cache; then a run from the cache.
    const plain = run({});
    expect(plain.body).toBe(false);
    const making = run({ [CACHE_OUT_VARIABLE]: path.join(work, CACHE_FILE) });
    expect(existsSync(path.join(work, CACHE_FILE))).toBe(true);
    const cached = run({});
    const refused = run({ [NO_CACHE_VARIABLE]: '1' });
    expect(making.body).toBe(true);
    expect(cached.body).toBe(true);
    expect(refused.body).toBe(false);
    const expected = { keys: ['F', 'c', 'd', 'f', 'l', 'n', 's', 't', 'w'], t: 42, c: 11, f: new URL('.', `file://${work}/`).href, s: true, l: 'lazy0', n: ['base', 'default', 'more'], d: 'fallback', failure: [true, 'Failure'] };
    for (const out of [plain, making, cached, refused]) expect({ ...out, body: undefined }).toEqual({ ...expected, body: undefined });
    // Another V8's run does not read the cache: the plain chunk.
    writeFileSync(path.join(work, 'chunk.js'), splitChunk(CHUNK, '0.0.0').shim);
    expect(run({}).body).toBe(false);
  });

  it('keeps the chunk\'s lines, so stack traces point at the same line', () => {
    const { body } = splitChunk(CHUNK, process.versions.v8);
    const lines = body.split('\n');
    const chunkLines = CHUNK.split('\n');
    for (const needle of ['var Failure = class extends Error {', 'function where() {', 'async function later()']) {
      expect(lines.findIndex((l) => l.includes(needle))).toBe(chunkLines.findIndex((l) => l.includes(needle)));
    }
  });

  it('refuses what it cannot carry over exactly', () => {
    const v8 = process.versions.v8;
    expect(() => splitChunk('const a = await Promise.resolve(1);\nexport { a };\n', v8)).toThrow(/top-level await/);
    expect(() => splitChunk('for await (const x of []) {}\nconst a = 1;\nexport { a };\n', v8)).toThrow(/top-level await/);
    expect(() => splitChunk('export default 1;\n', v8)).toThrow(/ExportDefaultDeclaration/);
    expect(() => splitChunk('export * from "./x.js";\n', v8)).toThrow(/ExportAllDeclaration/);
    expect(() => splitChunk('export { a } from "./x.js";\n', v8)).toThrow(/ExportNamedDeclaration/);
    expect(() => splitChunk('let n = 0;\nfunction bump() { n++; }\nexport { n, bump };\n', v8)).toThrow(/assigned to/);
    expect(() => splitChunk('var n = 0;\n[n] = [1];\nexport { n };\n', v8)).toThrow(/assigned to/);
    expect(() => splitChunk('const __cmImport = 1;\nexport { __cmImport as a };\n', v8)).toThrow(/already uses/);
    // Look-alikes that are carried over: `await` inside functions, a `let` never assigned, a same-named const local.
    expect(() => splitChunk('async function f() { await 1; for await (const x of []) {} }\nlet n = 0;\nconst g = () => { const n = 2; return n; };\nexport { f, n, g };\n', v8)).not.toThrow();
  });

  it('loads node:crypto and node:child_process on first call when the chunk only calls what it imports of them (issue 30, item 2)', () => {
    const chunk = 'import { createHash } from "node:crypto";\nimport { spawnSync as run } from "node:child_process";\nconst h = (t) => createHash("sha1").update(t).digest("hex");\nconst e = () => run(process.execPath, ["-e", "process.stdout.write(String(1 + 1))"], { encoding: "utf8" }).stdout;\nexport { h, e };\n';
    const { shim, body } = splitChunk(chunk, process.versions.v8);
    expect(shim).not.toMatch(/from "node:(crypto|child_process)"/);
    expect(shim).toContain('const createHash = (...args) => process.getBuiltinModule("node:crypto").createHash(...args);');
    expect(shim).toContain('const run = (...args) => process.getBuiltinModule("node:child_process").spawnSync(...args);');
    // Run from the split: nothing of either module is loaded until a function is called, and the calls give what the imports give.
    const dir = mkdtempSync(path.join(work, 'lazy-'));
    writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(path.join(dir, BODY_FILE), body);
    writeFileSync(path.join(dir, ESM_FILE), chunk);
    writeFileSync(path.join(dir, 'chunk.js'), shim);
    const probe = `const m = await import(process.argv[1]); const before = process.moduleLoadList.filter((x) => /^NativeModule (crypto|child_process)$/.test(x)).length; console.log(JSON.stringify({ before, h: m.h("a"), e: m.e() }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', probe, path.join(dir, 'chunk.js')], { encoding: 'utf8', env: { ...process.env, [CACHE_OUT_VARIABLE]: path.join(dir, CACHE_FILE) } });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ before: 0, h: '86f7e437faa5a7fce15d1ddcb9eaeaea377667b8', e: '2' });
    // The look-alike: a name also used as a value (passed on, read as a property) keeps its static import.
    const asValue = splitChunk('import { createHash } from "node:crypto";\nimport { execFile } from "node:child_process";\nconst f = [createHash];\nconst g = () => execFile("true");\nexport { f, g };\n', process.versions.v8).shim;
    expect(asValue).toContain('import { createHash } from "node:crypto";');
    expect(asValue).toContain('const execFile = (...args) => process.getBuiltinModule("node:child_process").execFile(...args);');
  });
});

describe.skipIf(!existsSync(path.join(CLI, CACHE_FILE)))('the built scan chunk', () => {
  it('has a cache this Node accepts under the binary\'s own V8 flags', () => {
    const bin = readFileSync(path.join(CLI, 'bin.js'), 'utf8');
    const flags = [...bin.matchAll(/setFlagsFromString\("([^"]+)"\)/g)].map((m) => m[1]);
    const check = `import v8 from 'node:v8'; import vm from 'node:vm'; import { readFileSync } from 'node:fs';
      if (process.versions.v8.startsWith('11.3.')) for (const f of ${JSON.stringify(flags)}) v8.setFlagsFromString(f);
      const s = new vm.Script(readFileSync(${JSON.stringify(path.join(CLI, BODY_FILE))}, 'utf8'), { filename: ${JSON.stringify(path.join(CLI, BODY_FILE))}, cachedData: readFileSync(${JSON.stringify(path.join(CLI, CACHE_FILE))}) });
      console.log(s.cachedDataRejected);`;
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', check], { encoding: 'utf8', env });
    expect(r.stdout.trim()).toBe('false');
  });

  it('reports what the plain chunk reports', () => {
    const run = (env: Record<string, string>) => {
      const r = spawnSync(process.execPath, [path.join(CLI, 'bin.js'), '--today', '2026-11-22', '--no-progress', '--format', 'json', '.'], { cwd: APP, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: 'true', ...env } });
      expect(r.status).toBe(1);
      const report = JSON.parse(r.stdout) as { findings: unknown[]; durationMs?: unknown; generatedAt?: unknown };
      return { ...report, durationMs: undefined, generatedAt: undefined };
    };
    const cached = run({});
    expect(cached.findings.length).toBeGreaterThan(0);
    expect(cached).toEqual(run({ [NO_CACHE_VARIABLE]: '1' }));
  });
});
