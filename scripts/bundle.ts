/**
 * `npm run build` step 2: bundles the command line (the tsc output from `dist/cli/index.js` and every
 * module it imports, yargs included) into `dist/cli/bin.js`, the package's `bin`, plus chunks for what
 * it imports on demand. Loading a few files instead of every module tsc emits cut a one-file scan from
 * 200 to 135 ms (hyperfine, 12 runs), time that every run pays before it reads a file. The walker thread's
 * module is bundled too, into `dist/cli/walk-worker-bundle.cjs`, which the bundled command line starts: the
 * thread sent its first batch 54-77 ms after its start instead of 72-113 ms (5 alternating pairs), time the
 * main thread spent waiting. The pool worker (`worker.js`) and the library entries (engine, ESLint plugin,
 * codemods) stay as tsc emits them. Packages with native code or
 * loaded on demand stay external and are required at run time from `node_modules`. No source maps: the package
 * ships none (a `sourceMappingURL` comment without its map points nowhere), and tsc emits none either.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { buildCatalogIndex, catalogIndexPath } from '../engine/catalog/catalog.js';
import { prefilterTable } from '../engine/analyze.js';
import { BODY_FILE, CACHE_FILE, CACHE_OUT_VARIABLE, ESM_FILE, LAZY_BUILTINS, splitChunk } from './code-cache.js';
import { bundleUpToDate, clearBundleStamp, writeBundleStamp } from './bundle-stamp.js';
import { lazyBundledModulesIn, lazyRequiresIn, leanBuiltinsIn, workerAsCommonJs } from './lean-builtins.js';
import { WALKER_BUNDLE, WALKER_LOADER, walkerCacheName, walkerLoaderText, walkerTag } from './walker-cache.js';

const DIST = fileURLToPath(new URL('../', import.meta.url));
const input = path.join(DIST, 'cli', 'index.js');
const output = path.join(DIST, 'cli', 'bin.js');

// Nothing read has changed since the last bundle and its output is as it wrote it (scripts/bundle-stamp.ts): a
// fresh clone's `npm test` and a git install's second `prepare` bundled the same dist/ again, about 6 s of CPU each.
if (bundleUpToDate(DIST)) {
  console.log('bundle: dist/ and node_modules unchanged since the last bundle, which is in place; nothing to do');
  process.exit(0);
}
clearBundleStamp(DIST);

/**
 * yargs guesses its version (its factory calls `.version()`) from the package.json nearest to its own
 * folder, found by cutting its path at `node_modules`. Bundled, the path has no `node_modules`, and yargs
 * falls back to the working folder: it would read the scanned repository's package.json with a plain
 * blocking read, so a package.json committed as a named pipe hung every run, and one linked to /dev/zero
 * filled the memory (issue 19, item 9). In the bundle it starts from this package's own folder instead,
 * as it does unbundled.
 */
const YARGS_SHIM = /[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]esm\.mjs$/;
const YARGS_MAIN = 'mainFilename: mainFilename || process.cwd(),';
const ownPackageRoot = {
  name: 'yargs-own-package-root',
  transform(code: string, id: string): { code: string; map: null } | undefined {
    if (!YARGS_SHIM.test(id)) return undefined;
    if (!code.includes(YARGS_MAIN)) throw new Error(`${id}: "${YARGS_MAIN}" not found; check how this yargs finds its package.json`);
    // dist/cli/bin.js -> the package root's package.json (yargs starts from its folder).
    // One line for one line: the source map stays right (map: null says so).
    return { code: code.replace(YARGS_MAIN, "mainFilename: fileURLToPath(new URL('../../package.json', import.meta.url)),"), map: null };
  },
};

/**
 * Native bindings and the large parsers/compilers, loaded with createRequire when needed: left out of both bundles.
 * `@typescript-eslint/types` (the node type names) and `@typescript-eslint/visitor-keys` are bundled: the engine
 * imports them statically, and loading them as CommonJS from node_modules (resolution, the CommonJS loader, their
 * own requires) was 6-7% of a one-file scan's CPU profile (issue 30).
 */
const EXTERNAL = [/^oxc-parser/, /^@oxc-parser\//, /^typescript$/, /^@typescript-eslint\/(?!types$|visitor-keys$)/, /^ajv(\/|$)/, /^ts-morph$/, /^jscodeshift/, /^diff$/, /^cli-progress$/];

/**
 * `@typescript-eslint/scope-manager` (binding names to declarations, loaded by the engine when a file needs it) is
 * some 100 CommonJS files with their lib definitions: requiring it from node_modules took 115-170 ms against
 * 29-33 ms for one bundled file (3 runs each), and was a quarter of a one-file scan's CPU profile (issue 30). It is
 * bundled into `dist/cli/scope-manager-bundle.cjs`, and the bundled command line requires that file instead,
 * still on first use. The library entries (engine, ESLint plugin) keep requiring the package.
 */
const SCOPE_MANAGER_REQUIRE = /createRequire\(import\.meta\.url\)\((['"])@typescript-eslint\/scope-manager\1\)/g;
const SCOPE_MANAGER_BUNDLE = 'scope-manager-bundle.cjs';
const bundledScopeManager = {
  name: 'bundled-scope-manager',
  transform(code: string): { code: string; map: null } | undefined {
    if (!SCOPE_MANAGER_REQUIRE.test(code)) return undefined;
    SCOPE_MANAGER_REQUIRE.lastIndex = 0;
    // Chunks sit in dist/cli/, beside the bundle: the same relative name from every chunk.
    return { code: code.replace(SCOPE_MANAGER_REQUIRE, `createRequire(import.meta.url)('./${SCOPE_MANAGER_BUNDLE}')`), map: null };
  },
};

/**
 * The scope manager's Referencer requires its 100 lib files (`lib`: the globals of es5 ... esnext, dom, webworker;
 * 4,700 of the bundle's 7,900 lines) when it loads, to look up the libs `analyze()` is given. The engine always
 * passes `lib: []`, so none is ever looked up; the require is made on first lookup instead: loading the bundle
 * went from ~17 to ~12 ms of CPU (5 runs each; issue 30, item 2). Any other `lib` value still finds its libs.
 */
const REFERENCER_LIB_REQUIRE = 'const lib_1 = require("../lib");';
const lazyScopeManagerLibs = {
  name: 'lazy-scope-manager-libs',
  transform(code: string, id: string): { code: string; map: null } | undefined {
    if (!/[\\/]scope-manager[\\/]dist[\\/]referencer[\\/]Referencer\.js$/.test(id)) return undefined;
    if (!code.includes(REFERENCER_LIB_REQUIRE)) {
      console.warn(`bundle: ${id} no longer requires its libs as "${REFERENCER_LIB_REQUIRE}"; they load with the bundle`);
      return undefined;
    }
    const lazy = 'let libModule;\nconst lib_1 = { get lib() { return (libModule ??= require("../lib")).lib; } };';
    return { code: code.replace(REFERENCER_LIB_REQUIRE, lazy), map: null };
  },
};

/**
 * The catalog's precompiled validators (ajv standalone code, 250 KB of the scan's chunks) run only when a catalog is
 * validated: a user catalog (`--notices`), or a built-in one whose text is not the one the build recorded
 * (dist/catalog-index.json). They are bundled into `dist/cli/catalog-validators.cjs` and the command line requires
 * that file on first use instead of compiling them at every start (about 10 ms of CPU; issue 30). A catalog.js that
 * no longer imports them this way is bundled as it is, with a warning.
 */
const VALIDATORS_IMPORT = `import * as precompiled from './validators.generated.js';`;
const VALIDATORS_BUNDLE = 'catalog-validators.cjs';
const lazyValidators = {
  name: 'lazy-catalog-validators',
  transform(code: string, id: string): { code: string; map: null } | undefined {
    if (!/[\\/]engine[\\/]catalog[\\/]catalog\.js$/.test(id)) return undefined;
    if (!code.includes(VALIDATORS_IMPORT) || !code.includes("import { createRequire } from 'node:module';")) {
      console.warn(`bundle: ${id} does not import the validators as "${VALIDATORS_IMPORT}"; they stay in the bundle`);
      return undefined;
    }
    const lazy = `let precompiledModule;\nconst precompiledNow = () => (precompiledModule ??= createRequire(import.meta.url)('./${VALIDATORS_BUNDLE}'));`;
    return { code: code.replace(VALIDATORS_IMPORT, lazy).replace(/\bprecompiled\./g, 'precompiledNow().'), map: null };
  },
};

/**
 * js-tokens (the tokenizer of engine/parse and engine/project) creates its 20 regular expressions when its module runs,
 * four of them with `\p{ID_Start}`, `\p{ID_Continue}` or `\p{Zs}`, whose character ranges V8 builds from ICU as it
 * creates them: ~6 M instructions at every start of the command line, most of a one-file scan's top level that no file
 * without a notice token ever uses (issue 30, item 2). Bundled, its body runs at the first call of `jsTokens` instead:
 * the same function, the same expressions, made once. A js-tokens whose module no longer has this shape (its
 * declarations, then `export default jsTokens;`) is bundled as it is, with a warning.
 */
const JS_TOKENS_EXPORT = 'export default jsTokens;';
const lazyJsTokens = {
  name: 'lazy-js-tokens',
  transform(code: string, id: string): { code: string; map: null } | undefined {
    if (!/[\\/]node_modules[\\/]js-tokens[\\/]index\.js$/.test(id)) return undefined;
    const body = code.indexOf('\nvar ');
    const end = code.indexOf(JS_TOKENS_EXPORT);
    if (body < 0 || end < body || code.slice(end + JS_TOKENS_EXPORT.length).trim() !== 'export { jsTokens as "module.exports" };') {
      console.warn(`bundle: ${id} is not shaped as js-tokens 10 was (declarations, then "${JS_TOKENS_EXPORT}"); it runs at start`);
      return undefined;
    }
    const lazy = [
      code.slice(0, body),
      'let jsTokensMade;',
      `function makeJsTokens() {${code.slice(body, end)}return jsTokens;\n}`,
      'function lazyJsTokens(input, options) {',
      '  return (jsTokensMade ??= makeJsTokens())(input, options);',
      '}',
      'export default lazyJsTokens;',
      'export { lazyJsTokens as "module.exports" };',
      '',
    ].join('\n');
    return { code: lazy, map: null };
  },
};

/**
 * The engine's analysis (the parsers, the detectors, the project model: cli/scan/analysis-modules.ts) as a chunk of
 * the CommonJS scan of its own, `bin-fast-analysis-modules.cjs`, required by the first `analysis()` call
 * (cli/scan/analysis.ts) instead of loaded with the scan: a scan whose files hold no notice token never reads, compiles
 * or runs it (issue 30, item 2). The module's static import becomes a dynamic one, which makes rolldown split the chunk
 * (the modules the scan itself imports stay in the scan's chunk, which the analysis chunk requires), and
 * {@link syncAnalysisRequire} then makes rolldown's promise of it the `require` itself. An analysis.js no longer shaped
 * so fails the build.
 */
const ANALYSIS_IMPORT = "import * as analysisModules from './analysis-modules.js';";
const ANALYSIS_LOADED = 'let loaded = analysisModules;';
const ANALYSIS_LOAD = 'const load = () => analysisModules;';
const SYNC_MARK = '__collabMigrateRequireNow';
const lazyAnalysis = {
  name: 'lazy-analysis',
  transform(code: string, id: string): { code: string; map: null } | undefined {
    if (!/[\\/]cli[\\/]scan[\\/]analysis\.js$/.test(id)) return undefined;
    for (const must of [ANALYSIS_IMPORT, ANALYSIS_LOADED, ANALYSIS_LOAD]) {
      if (!code.includes(must)) throw new Error(`bundle: ${id} no longer holds "${must}"; see lazyAnalysis in scripts/bundle.ts`);
    }
    return {
      code: code
        .replace(ANALYSIS_IMPORT, '')
        .replace(ANALYSIS_LOADED, 'let loaded;')
        .replace(ANALYSIS_LOAD, `const load = () => ${SYNC_MARK}(import('./analysis-modules.js'));`),
      map: null,
    };
  },
};

/**
 * The scope manager's bundle as the CommonJS scan's chunks load it (`createRequire(...)('./scope-manager-bundle.cjs')`,
 * {@link bundledScopeManager}): through the chunk's own `require` instead, which the binary gives every chunk it loads
 * (cli/bin.cts, `chunkRequire`), so that it is compiled with a code cache too (~330 KB that a scan of a file with
 * findings compiled from its source at every start). The same file either way.
 */
function scopeManagerThroughChunkRequire(dir: string): void {
  const call = /\(0, node_module\.createRequire\)\(require\("url"\)\.pathToFileURL\(__filename\)\.href\)\("\.\/scope-manager-bundle\.cjs"\)/g;
  let found = 0;
  for (const name of readdirSync(dir).filter((n) => /^bin-fast.*\.cjs$/.test(n))) {
    const text = readFileSync(path.join(dir, name), 'utf8');
    if (!text.includes(`./${SCOPE_MANAGER_BUNDLE}`)) continue;
    const made = text.replace(call, () => {
      found++;
      return `require("./${SCOPE_MANAGER_BUNDLE}")`;
    });
    writeFileSync(path.join(dir, name), made);
  }
  if (found !== 1) console.warn(`bundle: ${found} loads of ${SCOPE_MANAGER_BUNDLE} in the CommonJS scan's chunks made through their own require, not 1; it may load without its code cache`);
}

/** rolldown's `import()` of the analysis chunk in a CommonJS chunk, marked by {@link lazyAnalysis}: made the `require` itself. */
function syncAnalysisRequire(dir: string): void {
  const mark = new RegExp(`${SYNC_MARK}\\(Promise\\.resolve\\(\\)\\.then\\(\\(\\) => (require\\("\\./bin-fast-analysis-modules\\.cjs"\\))\\)\\)`, 'g');
  let found = 0;
  for (const name of readdirSync(dir).filter((n) => /^bin-fast.*\.cjs$/.test(n))) {
    const text = readFileSync(path.join(dir, name), 'utf8');
    if (!text.includes(SYNC_MARK)) continue;
    const made = text.replace(mark, (_, call: string) => {
      found++;
      return call;
    });
    if (made.includes(SYNC_MARK)) throw new Error(`bundle: ${name} imports the analysis chunk in a shape syncAnalysisRequire does not know: ${made.slice(made.indexOf(SYNC_MARK), made.indexOf(SYNC_MARK) + 200)}`);
    writeFileSync(path.join(dir, name), made);
  }
  if (found !== 1) throw new Error(`bundle: ${found} requires of the analysis chunk made synchronous, not 1; see lazyAnalysis in scripts/bundle.ts`);
}

/**
 * What every run compiles, kept small (issue 30, item 2): the chunks are written in ASCII, non-ASCII characters of
 * strings and regular expressions escaped (`\uFEFF` for a byte-order mark). Node decodes a module's source into a
 * one-byte string when it is all ASCII; the scan's chunk held 19 non-ASCII characters (the byte-order mark in
 * string literals, `…`, `✔`), which made its 1.09 MB a two-byte string that V8 then scanned as UTF-16. The
 * documentation comments (JSDoc) are left out: the TypeScript sources and the library entries tsc emits keep them,
 * and V8 no longer scans 250 KB of comments at every start. Licence comments (`@license`, `/*!`) stay.
 */
const LEAN_OUTPUT = { charset: 'ascii', comments: { legal: true, annotation: false, jsdoc: false } } as const;

await build({
  input: path.join(DIST, 'engine', 'catalog', 'validators.generated.js'),
  platform: 'node',
  logLevel: 'warn',
  output: { file: path.join(path.dirname(output), VALIDATORS_BUNDLE), format: 'cjs', sourcemap: false },
});

await build({
  input: fileURLToPath(import.meta.resolve('@typescript-eslint/scope-manager')),
  platform: 'node',
  plugins: [lazyScopeManagerLibs],
  logLevel: 'warn',
  output: { file: path.join(path.dirname(output), SCOPE_MANAGER_BUNDLE), format: 'cjs', sourcemap: false },
});

// Chunks of an earlier build are removed first: their names change with the code, and a stale one left in
// dist/cli/ would be packed with the next release.
for (const name of readdirSync(path.dirname(output))) {
  if (/^bin-.*\.js$/.test(name) || name === CACHE_FILE || /^walk-worker-bundle-.*\.cache$/.test(name)) rmSync(path.join(path.dirname(output), name), { force: true });
}
await build({
  input,
  platform: 'node',
  plugins: [ownPackageRoot, bundledScopeManager, lazyValidators, lazyJsTokens],
  external: EXTERNAL,
  logLevel: 'warn',
  // Modules the command line imports on demand (the scan body, the ts-morph codemod) stay separate chunks,
  // so a scan does not load ts-morph and TypeScript. Chunks sit in dist/cli/, where they start the walker's
  // bundle (`./walk-worker-bundle.cjs`) and the pool worker (`./scan/worker.js`) by `new URL(..., import.meta.url)`.
  output: {
    dir: path.dirname(output),
    entryFileNames: path.basename(output),
    chunkFileNames: 'bin-[name].js',
    format: 'esm',
    sourcemap: false,
    ...LEAN_OUTPUT,
    // A scan's modules (the scan command, its run and everything they import statically: the engine, the walk, the text
    // report) in one chunk: split by rolldown's own rules they were 29 files, each resolved, read and linked
    // on its own (issue 30, item 2). What a scan imports on use (other report formats, --fix, the baseline,
    // --diff-base, the cache) stays in chunks of its own, as do yargs and the other commands.
    // The package's version stays a chunk of its own, which `--version` loads alone; so do the scan's options
    // (with what they import), which yargs reads for `--help` without the scan, and the error handling, the process
    // streams and the "did you mean" of every command line.
    codeSplitting: {
      groups: [
        { name: 'version', test: /[\\/]cli[\\/]version\.js$/, priority: 1 },
        // The binary imports the walker's pre-start statically (cli/index.ts): left to rolldown it lands in the scan's
        // chunk, which `--version`, `--help` and every other command then load whole before anything else.
        { name: 'prestart', test: /[\\/]cli[\\/]walk[\\/]prestart\.js$/, priority: 1 },
        { name: 'scan-options', test: /[\\/]cli[\\/]commands[\\/]scan-options\.js$/, priority: 1 },
        { name: 'common', test: /[\\/](cli[\\/](errors|io)|engine[\\/]catalog[\\/]did-you-mean)\.js$/, priority: 1 },
        { name: 'scan', test: /[\\/]cli[\\/]commands[\\/]scan(-run)?\.js$/ },
      ],
    },
  },
});
// The walker thread's module (cli/walk/walker.ts starts it from the bundle under this name).
await build({
  input: path.join(DIST, 'cli', 'walk', 'walk-worker.js'),
  platform: 'node',
  plugins: [lazyValidators, lazyJsTokens],
  external: EXTERNAL,
  logLevel: 'warn',
  output: { file: path.join(DIST, 'cli', 'walk-worker-bundle.js'), format: 'esm', sourcemap: false, ...LEAN_OUTPUT },
});
// The built-in catalog, validated once here: a run whose notices.json has the same text takes it as validated
// (engine/catalog/catalog.ts, CatalogIndex), with the prefilter's entries of its detections worked out here from the
// detectors. Written anew by every build; a build of a bad catalog fails here.
writeFileSync(catalogIndexPath(), `${JSON.stringify(buildCatalogIndex(prefilterTable))}\n`);
// A chunk that still requires the package (the engine's loading of it changed shape) is slower, not wrong: say so.
for (const name of readdirSync(path.dirname(output))) {
  if (/^bin.*\.js$/.test(name) && SCOPE_MANAGER_REQUIRE.test(readFileSync(path.join(path.dirname(output), name), 'utf8'))) {
    console.warn(`bundle: ${name} requires @typescript-eslint/scope-manager from node_modules, not ${SCOPE_MANAGER_BUNDLE}; see scripts/bundle.ts`);
  }
  SCOPE_MANAGER_REQUIRE.lastIndex = 0;
}
// Node's modules taken with process.getBuiltinModule, not imported as ES modules (scripts/lean-builtins.ts); the
// scan chunk's node:crypto and node:child_process are left to the code cache's split, which loads them on first call.
leanBuiltinsIn(path.dirname(output), /^(bin.*|walk-worker-bundle)\.js$/, LAZY_BUILTINS);
// The walker thread's bundle as CommonJS (workerAsCommonJs): Node starts such a thread without its ES module loader.
const WALKER_ESM = path.join(DIST, 'cli', 'walk-worker-bundle.js');
const walkerText = workerAsCommonJs(readFileSync(WALKER_ESM, 'utf8'));
writeFileSync(path.join(DIST, 'cli', WALKER_BUNDLE), walkerText);
rmSync(WALKER_ESM);
// The thread starts from its loader (cli/walk/prestart.ts), which takes the bundle's code cache made below
// (scripts/walker-cache.ts); the bundle's tag in both ties the cache to this bundle's text.
const walkerTagNow = walkerTag(walkerText);
writeFileSync(path.join(DIST, 'cli', WALKER_LOADER), walkerLoaderText(walkerTagNow));
// The shebang of cli/index.ts survives bundling only as the first line; make sure, and make it executable.
const text = readFileSync(output, 'utf8');
if (!text.startsWith('#!')) writeFileSync(output, `#!/usr/bin/env node\n${text}`);
chmodSync(output, 0o755);

/**
 * The scan of a command line cli/fast-args.ts reads, as CommonJS (cli/fast.ts; issue 30, item 2): the package's
 * binary, `dist/cli/bin.cjs` (tsc's output of cli/bin.cts), runs it without Node's ES module loader. The same modules
 * as the scan's ES module chunks, bundled again: `bin-fast-main.cjs` holds what a scan loads at once (one file, as
 * `bin-scan.js`), and what it loads on use (other report formats, `--fix`, the baseline) stays in chunks of its own,
 * required on first use. `node:crypto` and `node:child_process` are required on first use too (as the ES module
 * chunks take them; `lazyRequires` in scripts/lean-builtins.ts).
 */
for (const name of readdirSync(path.dirname(output))) {
  if (/^bin-fast.*\.(cjs|cache)$/.test(name) || /^scope-manager-bundle-.*\.cache$/.test(name)) rmSync(path.join(path.dirname(output), name), { force: true });
}
await build({
  input: path.join(DIST, 'cli', 'fast.js'),
  platform: 'node',
  plugins: [bundledScopeManager, lazyValidators, lazyJsTokens, lazyAnalysis],
  external: EXTERNAL,
  logLevel: 'warn',
  output: {
    dir: path.dirname(output),
    entryFileNames: 'bin-fast.cjs',
    chunkFileNames: 'bin-fast-[name].cjs',
    format: 'cjs',
    sourcemap: false,
    ...LEAN_OUTPUT,
    codeSplitting: { groups: [{ name: 'main', test: /[\\/]cli[\\/](fast|commands[\\/]scan(-run)?)\.js$/ }] },
  },
});
syncAnalysisRequire(path.dirname(output));
scopeManagerThroughChunkRequire(path.dirname(output));
// `node:v8` too: the bundle calls it only to bound a large walk's heap, and the binary no longer loads it for a scan
// of a few files (cli/bin.cts).
lazyRequiresIn(path.dirname(output), /^bin-fast.*\.cjs$/, new Set([...LAZY_BUILTINS, 'node:v8']));
// The bundled CommonJS packages (picocolors, fastest-levenshtein, ignore, the parser's node types and visitor keys) set up
// when first used, not at every start (lazyBundledModules in scripts/lean-builtins.ts).
lazyBundledModulesIn(path.dirname(output), /^bin-fast.*\.cjs$/);

/**
 * The scan's chunk with a V8 code cache (scripts/code-cache.ts): split into the module, the script and the plain
 * chunk, then a scan of examples/consumer-app with this Node writes V8's code for the script, the functions that scan
 * ran compiled (without NODE_OPTIONS, whose V8 flags would make V8 reject the data in a run without them). A one-file
 * scan took 0.77-0.84x the CPU, an empty folder's 0.90x (docs/performance.md, round thirteen). A build whose scan
 * fails to write it still works: the module then imports the plain chunk.
 */
const scanChunk = path.join(path.dirname(output), 'bin-scan.js');
const chunkText = readFileSync(scanChunk, 'utf8');
const split = splitChunk(chunkText, process.versions.v8);
writeFileSync(path.join(path.dirname(output), ESM_FILE), chunkText);
writeFileSync(path.join(path.dirname(output), BODY_FILE), split.body);
writeFileSync(scanChunk, split.shim);
const cachePath = path.join(path.dirname(output), CACHE_FILE);
const env: NodeJS.ProcessEnv = { ...process.env, [CACHE_OUT_VARIABLE]: cachePath, NO_COLOR: '1' };
delete env.NODE_OPTIONS;
const made = spawnSync(process.execPath, [output, '--no-progress', '--format', 'json', path.join(DIST, '..', 'examples', 'consumer-app')], { env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
if ((made.status !== 0 && made.status !== 1) || !existsSync(cachePath)) {
  rmSync(cachePath, { force: true });
  console.warn(`bundle: no code cache for ${path.basename(scanChunk)} (the scan exited ${made.status}: ${(made.stderr ?? '').slice(0, 300)}); scans import ${ESM_FILE}`);
}

/**
 * The CommonJS scan's code cache (cli/bin.cts): a scan of one file of examples/consumer-app with findings
 * (`src/calling/workspaces.ts`, the text report), through the package's binary, writes V8's code for
 * `bin-fast-main.cjs` to `bin-fast-<V8 version>.cache`, the name the binary looks for. Without it the binary requires
 * the bundle as any module. One file, not the folder: V8 reads the whole cache at every start, and the folder's
 * (1.09 MB, every function a scan of 30 files and the project model ran) cost more to read than it saved a one-file
 * scan; this one (0.73 MB) holds what a scan of a file with findings runs, the rest is compiled on first call (a
 * file without a notice token 214 -> 206 M instructions, `assign.ts` 455 -> 424 M; docs/performance.md, round
 * twenty-one). Made without V8's interrupt budget, which the binary sets only after compiling the bundle.
 */
const FAST_CACHE_FILES = ['calling/workspaces.ts', 'licenses/assign.ts'].map((f) => path.join(DIST, '..', 'examples', 'consumer-app', 'src', f));
const launcher = path.join(path.dirname(output), 'bin.cjs');
if (!existsSync(launcher)) throw new Error(`bundle: ${launcher} is missing (tsc compiles it from cli/bin.cts)`);
chmodSync(launcher, 0o755);
const fastCache = path.join(path.dirname(output), `bin-fast-${process.versions.v8}.cache`);
const fastMade = spawnSync(process.execPath, [launcher, '--no-progress', ...FAST_CACHE_FILES], { env: { ...env, [CACHE_OUT_VARIABLE]: fastCache }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
if ((fastMade.status !== 0 && fastMade.status !== 1) || !existsSync(fastCache)) {
  rmSync(fastCache, { force: true });
  console.warn(`bundle: no code cache for bin-fast-main.cjs (the scan exited ${fastMade.status}: ${(fastMade.stderr ?? '').slice(0, 300)}); the binary requires it without one`);
}
/**
 * The chunks the scan requires on use (the analysis, the scope manager's bundle: cli/bin.cts `loadChunk`) get theirs from
 * a scan of the whole of examples/consumer-app's sources, made after the one above: V8's code for every function such a
 * scan runs (the detectors of every notice the example meets), so that a scan of a few files of other kinds compiles
 * little of the analysis (ten files of the example on `--stdin-files` compiled ~80 KB of it from its source with the
 * cache of two files). Only a run that loads the analysis reads its cache. The scan's own cache stays the one above:
 * this run's is written to a file removed after it.
 */
const chunkCacheRun = path.join(path.dirname(output), `.chunk-cache-run-${process.pid}.cache`);
const chunksMade = spawnSync(process.execPath, [launcher, '--no-progress', path.join(DIST, '..', 'examples', 'consumer-app', 'src')], { env: { ...env, [CACHE_OUT_VARIABLE]: chunkCacheRun }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
rmSync(chunkCacheRun, { force: true });
if (chunksMade.status !== 0 && chunksMade.status !== 1) console.warn(`bundle: the scan that makes the analysis chunk's code cache exited ${chunksMade.status}: ${(chunksMade.stderr ?? '').slice(0, 300)}`);
for (const chunk of ['bin-fast-analysis-modules', SCOPE_MANAGER_BUNDLE.replace(/\.cjs$/, '')]) {
  if (!existsSync(path.join(path.dirname(output), `${chunk}-${process.versions.v8}.cache`))) console.warn(`bundle: no code cache for ${chunk}.cjs; it is compiled from its source when a scan loads it`);
}

/**
 * The walker thread's code cache (scripts/walker-cache.ts): a walk of examples/consumer-app in which the thread reads
 * and prefilters every file, in a process of its own without NODE_OPTIONS (V8 rejects data made under other flags).
 * Without it the loader requires the bundle as any module.
 */
const walkerCache = path.join(path.dirname(output), walkerCacheName(walkerTagNow, process.versions.v8));
const walkerEnv: NodeJS.ProcessEnv = { ...env };
delete walkerEnv[CACHE_OUT_VARIABLE];
const walkerMade = spawnSync(process.execPath, [path.join(DIST, 'scripts', 'walker-cache.js'), path.join(DIST, 'cli', WALKER_LOADER), path.join(DIST, '..', 'examples', 'consumer-app'), walkerCache], { env: walkerEnv, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
if (walkerMade.status !== 0 || !existsSync(walkerCache)) {
  rmSync(walkerCache, { force: true });
  console.warn(`bundle: no code cache for ${WALKER_BUNDLE} (the walk exited ${walkerMade.status}: ${(walkerMade.stderr ?? '').slice(0, 300)}); the walker thread requires it without one`);
}

/**
 * The ESLint plugin as one file, `dist/rules/eslint-plugin.js`, the package's `collab-migrate/eslint` (issue 30, item
 * 4): its entry as tsc emits it (`dist/rules/index.js`, with the same exports) and the engine modules it imports. Every
 * ESLint run that uses the plugin loads it; unbundled, Node resolved, read, compiled and linked some 200 ES modules one
 * by one, more CPU than loading ESLint itself (docs/performance.md, round twenty). The parsers, ajv, oxc-resolver and the
 * scope manager stay external, as in the command line's bundle (typescript-eslint's parser loads the scope manager
 * from node_modules anyway); the catalog's precompiled validators are required on first use from the command line's
 * `dist/cli/catalog-validators.cjs`. `dist/rules/index.js` and the engine's modules stay as tsc emits them (the package's
 * types point there, and `collab-migrate` is the engine unbundled).
 */
const PLUGIN_BUNDLE = path.join(DIST, 'rules', 'eslint-plugin.js');
const pluginValidators = {
  name: 'plugin-catalog-validators',
  transform(code: string, id: string): { code: string; map: null } | undefined {
    if (!/[\\/]engine[\\/]catalog[\\/]catalog\.js$/.test(id)) return undefined;
    const local = `createRequire(import.meta.url)('./${VALIDATORS_BUNDLE}')`;
    if (!code.includes(local)) return undefined;
    return { code: code.replace(local, `createRequire(import.meta.url)('../cli/${VALIDATORS_BUNDLE}')`), map: null };
  },
};
await build({
  input: path.join(DIST, 'rules', 'index.js'),
  platform: 'node',
  plugins: [lazyValidators, pluginValidators, lazyJsTokens],
  external: EXTERNAL,
  logLevel: 'warn',
  output: { file: PLUGIN_BUNDLE, format: 'esm', sourcemap: false, ...LEAN_OUTPUT },
});
leanBuiltinsIn(path.dirname(PLUGIN_BUNDLE), /^eslint-plugin\.js$/, LAZY_BUILTINS);
// Recorded only with the code caches: a build that could not write one tries again next time.
if (existsSync(cachePath) && existsSync(fastCache) && existsSync(walkerCache) && existsSync(PLUGIN_BUNDLE)) writeBundleStamp(DIST);

