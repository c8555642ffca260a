/**
 * `npm run build` step 2: bundles the command line (the tsc output from `dist/cli/index.js` and every
 * module it imports, yargs included) into `dist/cli/bin.js`, the package's `bin`, plus chunks for what
 * it imports on demand. Loading a few files instead of every module tsc emits cut a one-file scan from
 * 200 to 135 ms (hyperfine, 12 runs), time that every run pays before it reads a file. The worker threads (`walk-worker.js`, `worker.js`) and the
 * library entries (engine, ESLint plugin, codemods) stay as tsc emits them. Packages with native code or
 * loaded on demand stay external and are required at run time from `node_modules`.
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const DIST = fileURLToPath(new URL('../', import.meta.url));
const input = path.join(DIST, 'cli', 'index.js');
const output = path.join(DIST, 'cli', 'bin.js');

await build({
  input,
  platform: 'node',
  // Native bindings and the large parsers/compilers are loaded with createRequire when needed.
  external: [/^oxc-parser/, /^@oxc-parser\//, /^typescript$/, /^@typescript-eslint\//, /^ajv(\/|$)/, /^ts-morph$/, /^jscodeshift/, /^diff$/, /^cli-progress$/],
  logLevel: 'warn',
  // Modules the command line imports on demand (the scan body, the ts-morph codemod) stay separate chunks,
  // so a scan does not load ts-morph and TypeScript. Chunks sit beside the worker files, which they
  // start with `new URL('./walk-worker.js', import.meta.url)`.
  output: { dir: path.dirname(output), entryFileNames: path.basename(output), chunkFileNames: 'bin-[name].js', format: 'esm', sourcemap: true },
});
// The shebang of cli/index.ts survives bundling only as the first line; make sure, and make it executable.
const text = readFileSync(output, 'utf8');
if (!text.startsWith('#!')) writeFileSync(output, `#!/usr/bin/env node\n${text}`);
chmodSync(output, 0o755);
