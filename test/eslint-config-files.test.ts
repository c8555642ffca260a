/**
 * The plugin in a fresh `npm init -y` project (CommonJS by default), through ESLint's own command line: an
 * `eslint.config.mjs` importing it, an `eslint.config.cjs` requiring it without `.default`, and TypeScript files
 * read through `configs.typescript` in a project without a TypeScript parser of its own. The package is linked
 * into the project's node_modules (as an install would place it), with this repository's ESLint.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, tempTrees } from './cli/run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ESLINT_BIN = path.join(path.dirname(createRequire(import.meta.url).resolve('eslint/package.json')), 'bin/eslint.js');
const tree = tempTrees();
beforeAll(() => assertBuilt());

const HOOK = "fetch('https://webexapis.com/v1/webhooks', { method: 'POST', body: JSON.stringify({ resource: 'telephony_calls', event: 'created', filter: 'address=+15551234567' }) });\n";

function project(config: Record<string, string>, files: Record<string, string>): string {
  // What `npm init -y` writes: no "type", so .js files are CommonJS.
  const d = tree({ 'package.json': JSON.stringify({ name: 'fresh', version: '1.0.0', main: 'index.js', license: 'ISC' }, null, 2), ...config, ...files });
  mkdirSync(path.join(d, 'node_modules'));
  symlinkSync(ROOT, path.join(d, 'node_modules/collab-migrate'), 'dir');
  return d;
}

function eslint(d: string, args: string[]): { code: number | null; out: { filePath: string; messages: { ruleId: string | null; severity: number; fatal?: boolean; message: string; line?: number }[] }[]; stderr: string } {
  const r = spawnSync(process.execPath, [ESLINT_BIN, '--format', 'json', ...args], { cwd: d, encoding: 'utf8', env: { ...process.env, COLLAB_MIGRATE_TODAY: '2026-11-22' } });
  return { code: r.status, out: r.stdout ? JSON.parse(r.stdout) : [], stderr: r.stderr };
}

const rules = (r: ReturnType<typeof eslint>): string[] => r.out.flatMap((f) => f.messages.map((m) => `${path.basename(f.filePath)} ${m.ruleId ?? `fatal: ${m.message}`}`));

describe('ESLint config files in a fresh npm init -y project', { timeout: 120_000 }, () => {
  it('eslint.config.mjs: import collab from "collab-migrate/eslint"', () => {
    const d = project({ 'eslint.config.mjs': "import collab from 'collab-migrate/eslint';\n\nexport default [collab.configs.recommended];\n" }, { 'hook.js': HOOK });
    const r = eslint(d, ['.']);
    expect(r.stderr).toBe('');
    expect(rules(r)).toEqual(['hook.js collab-migrate/telephony-calls-filter-number']);
    expect(r.code).toBe(1);
  });

  it('eslint.config.cjs: require("collab-migrate/eslint") is the plugin itself, no .default', () => {
    const d = project({ 'eslint.config.cjs': "const collab = require('collab-migrate/eslint');\n\nmodule.exports = [collab.configs.recommended];\n" }, { 'hook.js': HOOK });
    const r = eslint(d, ['.']);
    expect(r.stderr).toBe('');
    expect(rules(r)).toEqual(['hook.js collab-migrate/telephony-calls-filter-number']);
    const shape = spawnSync(process.execPath, ['-e', "const c = require('collab-migrate/eslint'); console.log(JSON.stringify([typeof c.rules, Object.keys(c.configs).sort(), 'default' in c]))"], { cwd: d, encoding: 'utf8' });
    expect(JSON.parse(shape.stdout)).toEqual(['object', ['all', 'configure', 'html', 'recommended', 'typescript'], false]);
  });

  it('HTML pages and Vue components: configs.html hands the rules their inline scripts (the `eslint` command), at the page\'s line', () => {
    const config = "import collab from 'collab-migrate/eslint';\n\nexport default [collab.configs.html, collab.configs.typescript, collab.configs.recommended];\n";
    const page = `<!doctype html>\n<body>\n<script type="application/ld+json">{"url": "https://webexapis.com/v1/webhooks"}</script>\n<script>\n${HOOK}</script>\n</body>\n`;
    const vue = `<template><p/></template>\n<script setup lang="ts">\nconst id: string = 'x';\n${HOOK}</script>\n`;
    const d = project({ 'eslint.config.mjs': config }, { 'page.html': page, 'Hook.vue': vue });
    const r = eslint(d, ['.']);
    expect(r.stderr).toBe('');
    // Markup is browser code: the direct call to the API is also a cors-localhost-origins finding.
    expect(r.out.flatMap((f) => f.messages.map((m) => `${path.basename(f.filePath)}:${m.line} ${m.ruleId ?? m.message}`)).sort()).toEqual([
      'Hook.vue:4 collab-migrate/cors-localhost-origins',
      'Hook.vue:4 collab-migrate/telephony-calls-filter-number',
      'page.html:5 collab-migrate/cors-localhost-origins',
      'page.html:5 collab-migrate/telephony-calls-filter-number',
    ]);
    // Without configs.html, ESLint lints no markup at all.
    writeFileSync(path.join(d, 'eslint.config.mjs'), config.replace('collab.configs.html, ', ''));
    expect(eslint(d, ['.']).out.map((f) => path.basename(f.filePath)).filter((n) => /\.(html|vue)$/.test(n))).toEqual([]);
  });

  it('TypeScript files: configs.typescript gives them a parser, JavaScript keeps ESLint\'s own', () => {
    const config = "import collab from 'collab-migrate/eslint';\n\nexport default [collab.configs.typescript, collab.configs.recommended];\n";
    const d = project({ 'eslint.config.mjs': config }, { 'hook.js': HOOK, 'hook.ts': HOOK.replace('fetch(', 'const res: Promise<Response> = fetch(') });
    const r = eslint(d, ['.']);
    expect(r.stderr).toBe('');
    expect(rules(r)).toEqual(['hook.js collab-migrate/telephony-calls-filter-number', 'hook.ts collab-migrate/telephony-calls-filter-number']);
    // Without it, a .ts file is ESLint's to refuse (a parsing error), and .js files are untouched by our configs.
    writeFileSync(path.join(d, 'eslint.config.mjs'), config.replace('collab.configs.typescript, ', ''));
    expect(rules(eslint(d, ['.']))[1]).toMatch(/^hook\.ts fatal: Parsing error/);
    expect(readFileSync(path.join(d, 'hook.js'), 'utf8')).toBe(HOOK);
  });
});
