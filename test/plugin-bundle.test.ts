/**
 * The package's `collab-migrate/eslint` is the plugin bundled into one file (`dist/rules/eslint-plugin.js`, made by
 * scripts/bundle.ts; issue 30, item 4): loading it resolves and compiles one module of the package instead of every
 * engine module tsc emits. Checked on the build, in fresh processes (what a process has loaded is its own state): the
 * export name resolves to the bundle, which exports what `dist/rules/index.js` exports and reports what it reports
 * (a finding, a file that must stay quiet, a cross-file finding through an imported module, a bad option), and loads
 * no module of the package but itself until a catalog has to be validated.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempTrees } from './cli/run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLE = path.join(ROOT, 'dist/rules/eslint-plugin.js');
const UNBUNDLED = path.join(ROOT, 'dist/rules/index.js');
const built = existsSync(BUNDLE) && existsSync(UNBUNDLED);
const tree = tempTrees();

/** Runs an ES module script in a fresh process (cwd: the package, so `collab-migrate/eslint` resolves to itself). */
function run(script: string, args: string[] = [], cwd = ROOT): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, ...args], { cwd, encoding: 'utf8', env: { ...process.env, COLLAB_MIGRATE_TODAY: '2026-11-22' } });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

/** What a plugin module gives and reports: its exports, rules, configs, and ESLint's messages on the files given. */
const LINT = `
import { Linter } from 'eslint';
import { readFileSync } from 'node:fs';
import path from 'node:path';
const mod = await import(process.argv[1]);
const plugin = mod.default;
const [dir, ...files] = process.argv.slice(2);
const config = plugin.configs.configure({ all: true, today: '2026-11-22' });
const linter = new Linter({ cwd: dir });
const messages = files.map((f) => linter.verify(readFileSync(path.join(dir, f), 'utf8'), [{ ...config, basePath: dir }], { filename: path.join(dir, f) }).map((m) => f + ':' + m.line + ':' + m.column + ' ' + m.ruleId + ' ' + m.message));
let refused = '';
try {
  new Linter({ cwd: dir }).verify('x;', [{ ...config, basePath: dir, rules: { 'collab-migrate/legacy-api-host': ['error', { regoin: 'eu' }] } }], { filename: path.join(dir, files[0]) });
} catch (e) {
  refused = String(e.message);
}
process.stdout.write(JSON.stringify({ exports: Object.keys(mod).sort(), rules: Object.keys(plugin.rules).length, configs: Object.keys(plugin.configs).sort(), meta: plugin.meta, messages, refused }));
`;

describe('the bundled ESLint plugin', () => {
  it.skipIf(!built)('is what `collab-migrate/eslint` resolves to', () => {
    const r = run("process.stdout.write(import.meta.resolve('collab-migrate/eslint'))");
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(pathToFileURL(BUNDLE).href);
  });

  it.skipIf(!built)('exports and reports what the unbundled plugin does: a finding, a quiet look-alike, a finding through an imported module, a refused option', () => {
    const d = tree({
      'package.json': '{"name":"app","type":"module"}',
      'hook.js': "fetch('https://webexapis.com/v1/webhooks', { method: 'POST', body: JSON.stringify({ resource: 'telephony_calls', event: 'created', filter: 'address=+15551234567' }) });\n",
      // The look-alike: the same webhook with the filter already migrated.
      'quiet.js': "fetch('https://webexapis.com/v1/webhooks', { method: 'POST', body: JSON.stringify({ resource: 'telephony_calls', event: 'created', filter: 'number=+15551234567' }) });\n",
      // The API's host only in an imported module's constant (the per-file decision's import following).
      'urls.js': "export const API = 'https://webexapis.com/v1';\n",
      'info.js': "import { API } from './urls.js';\nexport const info = (id) => fetch(`${API}/rooms/${id}/meetingInfo`);\n",
    });
    const files = ['hook.js', 'quiet.js', 'info.js'];
    const bundled = run(LINT, [BUNDLE, d, ...files]);
    const unbundled = run(LINT, [UNBUNDLED, d, ...files]);
    expect(bundled.stderr).toBe('');
    expect(unbundled.stderr).toBe('');
    const got = JSON.parse(bundled.stdout) as { exports: string[]; rules: number; messages: string[][]; refused: string };
    expect(got).toEqual(JSON.parse(unbundled.stdout));
    expect(got.exports).toContain('module.exports');
    expect(got.rules).toBeGreaterThan(30);
    expect(got.messages[0].some((m) => m.includes('collab-migrate/telephony-calls-filter-number'))).toBe(true);
    expect(got.messages[1]).toEqual([]);
    expect(got.messages[2].some((m) => m.startsWith('info.js:2:') && m.includes('collab-migrate/rooms-meeting-info-deprecated'))).toBe(true);
    expect(got.refused).toMatch(/regoin/);
  });

  it.skipIf(!built)('require() gives the plugin itself, as the unbundled module does', () => {
    const shape = (file: string) => spawnSync(process.execPath, ['-e', 'const c = require(process.argv[1]); console.log(JSON.stringify([typeof c.rules, Object.keys(c.configs).sort(), "default" in c]))', file], { encoding: 'utf8' });
    const bundled = shape(BUNDLE);
    expect(bundled.stderr).toBe('');
    expect(JSON.parse(bundled.stdout)).toEqual(JSON.parse(shape(UNBUNDLED).stdout));
  });

  it.skipIf(!built)('loads no module of the package but itself (no engine module, no catalog validators) when imported and configured', () => {
    const d = tree({ 'hooks.mjs': "export async function resolve(specifier, context, next) {\n  const r = await next(specifier, context);\n  process.stderr.write(r.url + '\\n');\n  return r;\n}\n" });
    const script = `
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import Module from 'node:module';
register(pathToFileURL(process.argv[2]).href);
const { default: plugin } = await import(process.argv[1]);
plugin.configs.configure({ all: true });
process.stdout.write(JSON.stringify(Object.keys(Module._cache)));
`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, BUNDLE, path.join(d, 'hooks.mjs')], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    const own = (url: string) => url.startsWith(pathToFileURL(ROOT).href) && !url.includes('/node_modules/');
    const imported = r.stderr.split('\n').filter((u) => u.startsWith('file:') && own(u));
    const required = (JSON.parse(r.stdout) as string[]).map((f) => pathToFileURL(f).href).filter(own);
    expect(imported).toEqual([pathToFileURL(BUNDLE).href]);
    expect(required).toEqual([]);
    // The look-alike this test must tell apart: the unbundled entry loads the engine's modules one by one.
    const unbundled = spawnSync(process.execPath, ['--input-type=module', '-e', script, UNBUNDLED, path.join(d, 'hooks.mjs')], { encoding: 'utf8' });
    expect(unbundled.stderr.split('\n').filter((u) => u.startsWith('file:') && own(u)).length).toBeGreaterThan(50);
  });
});
