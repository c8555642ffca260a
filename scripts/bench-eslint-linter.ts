/**
 * `node dist/scripts/bench-eslint-linter.js PLUGIN SIDE CWD LIST [OUT]`: ESLint's `Linter` over the files of LIST (one
 * absolute path a line), in that order, synchronously, with the bench's configuration: typescript-eslint's parser on
 * every file and PLUGIN's (a built `rules/index.js`) `all` rules (SIDE `plugin`), or the same configuration with none
 * of its rules (SIDE `bare`). Prints `messages <n> cpu <ms>` on stderr; OUT receives the messages, one a line.
 *
 * The bench runs it under `valgrind --tool=cachegrind` with `node --predictable --predictable-gc-schedule`, for the
 * plugin's own cost inside ESLint as instructions (issue 30, item 4): the ESLint command line reads files
 * asynchronously and its whole-run instruction counts moved by 2-5% between two runs of the same configuration,
 * while this run, one thread, files in a fixed order, the garbage collector's schedule fixed, gives the same count
 * to 0.03% (twenty-second session). The load of a shared machine does not move an instruction count.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Linter as LinterType } from 'eslint';

const ROOT = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../' : '../', import.meta.url));

interface PluginModule {
  configs: { typescript: LinterType.Config; configure(opts: { all: boolean; today: string }): LinterType.Config };
}

async function main(): Promise<void> {
  const [pluginFile, side, cwd, listFile, out] = process.argv.slice(2);
  if (!pluginFile || (side !== 'plugin' && side !== 'bare') || !cwd || !listFile) throw new Error('usage: bench-eslint-linter PLUGIN plugin|bare CWD LIST [OUT]');
  const require = createRequire(path.join(ROOT, 'package.json'));
  const { Linter } = require('eslint') as typeof import('eslint');
  // ESLint's own config array, built once as its command line builds it (Linter.verify given a plain array would
  // normalize it again for every file). Not in the package's exports: required by its path.
  const { FlatConfigArray } = require(path.join(ROOT, 'node_modules', 'eslint', 'lib', 'config', 'flat-config-array.js')) as {
    FlatConfigArray: new (configs: unknown, options: { basePath: string }) => { normalizeSync(): void };
  };
  const plugin = ((await import(pathToFileURL(path.resolve(pluginFile)).href)) as { default: PluginModule }).default;
  const config = plugin.configs.configure({ all: true, today: '2026-11-22' });
  const configs = [
    { ...plugin.configs.typescript, files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'], basePath: cwd },
    { ...config, ...(side === 'bare' ? { rules: {} } : {}), basePath: cwd, linterOptions: { reportUnusedDisableDirectives: 'off' } },
  ];
  const array = new FlatConfigArray(configs, { basePath: cwd });
  array.normalizeSync();
  const linter = new Linter({ cwd });
  const files = readFileSync(listFile, 'utf8').split('\n').filter(Boolean);
  const messages: string[] = [];
  for (const file of files) {
    for (const m of linter.verify(readFileSync(file, 'utf8'), array as unknown as LinterType.Config[], { filename: file })) {
      messages.push(`${path.relative(cwd, file)}:${m.line}:${m.column} ${m.ruleId} ${m.severity} ${m.message}`);
    }
  }
  if (out) writeFileSync(out, messages.join('\n') + '\n');
  const cpu = process.cpuUsage();
  process.stderr.write(`messages ${messages.length} cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)}\n`);
}

await main();
