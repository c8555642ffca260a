/**
 * Importing the ESLint plugin does not load TypeScript (issue 30, item 4): typescript-eslint's parser, which loads
 * it, is required when `configs.typescript` is first read. Checked in a fresh process on the build (what a module
 * has loaded is process state); the parser the config gives is the package's own.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tsParser from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import plugin from '../rules/index.js';

// The module tsc emits and the bundle the package exports (scripts/bundle.ts).
const BUILT = [fileURLToPath(new URL('../dist/rules/index.js', import.meta.url)), fileURLToPath(new URL('../dist/rules/eslint-plugin.js', import.meta.url))];

const PROBE = `
import Module from 'node:module';
const loaded = () => Object.keys(Module._cache).filter((f) => /[\\\\/]node_modules[\\\\/](typescript|@typescript-eslint[\\\\/]parser)[\\\\/]/.test(f)).length > 0;
const { default: plugin } = await import(process.argv[1]);
const after = { import: loaded() };
plugin.configs.recommended;
plugin.configs.configure({ all: true });
after.configs = loaded();
const parser = plugin.configs.typescript.languageOptions.parser;
after.typescript = loaded();
after.parses = typeof parser.parseForESLint === 'function' && parser.parseForESLint('const a: number = 1;', { range: true }).ast.body.length === 1;
process.stdout.write(JSON.stringify(after));
`;

describe('loading the plugin', () => {
  for (const built of BUILT)
    it.skipIf(!existsSync(built))(`loads typescript-eslint's parser (and TypeScript) only once configs.typescript is read (${built.slice(built.indexOf('dist'))})`, () => {
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE, built], { encoding: 'utf8' });
      expect(JSON.parse(out)).toEqual({ import: false, configs: false, typescript: true, parses: true });
    });

  it('configs.typescript gives the package\'s parser, the same object each time', () => {
    expect(plugin.configs.typescript.languageOptions?.parser).toBe(tsParser);
    expect(plugin.configs.typescript.languageOptions?.parser).toBe(plugin.configs.typescript.languageOptions?.parser);
  });
});
