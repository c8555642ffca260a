#!/usr/bin/env node
/**
 * The `collab-migrate` binary (package.json `bin`), CommonJS so that Node starts it without its ES module loader: an
 * empty `.mjs` costs 13-22 M instructions more than an empty `.cjs`, about a fifth of what a one-file scan spent
 * above `node -e 0` (issue 30, item 2; docs/performance.md, round nineteen). A scan whose command line
 * cli/fast-args.ts reads (a pre-commit hook, lint-staged, an editor task) runs from `bin-fast-main.cjs`, the
 * CommonJS bundle of cli/fast.ts that scripts/bundle.ts writes, with V8's code for it (`bin-fast-<V8>.cache`) when
 * the build made one for this V8. Any other command line (help, `--version`, the other commands, an option
 * fast-args leaves to yargs) is the ES module binary's, `bin.js` (cli/index.ts), imported as it is: the same
 * modules and messages as before.
 */
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** Set by the build to the path the run writes the bundle's code cache to (on exit); nothing else sets it. */
const CACHE_OUT = 'COLLAB_MIGRATE_CODE_CACHE_OUT';
/** Set to anything: the bundle is required without the cache. */
const NO_CACHE = 'COLLAB_MIGRATE_NO_CODE_CACHE';

/** Words that make a command line yargs's whatever follows (cli/fast-args.ts would refuse it after loading the scan). */
const NOT_A_FAST_SCAN = new Set(['merge', 'notices', 'explain', 'catalog', 'codemod', 'help', '--help', '-h', '--version', '-v']);

interface FastBundle {
  fastStart(
    argv: readonly string[],
    beforeScan?: (args: { paths?: string[]; stdinFiles?: boolean }) => boolean,
    onStdout?: (stdout: NodeJS.WriteStream) => void,
  ): Promise<number> | undefined;
}

/**
 * V8's interrupt budget (cli/walk/prestart.ts says why, and when the scan sets it: once its file loop begins and the
 * walker thread has started), wanted where a scan may run long enough for it to pay. A scan of a few files named on
 * the command line (a pre-commit hook, an editor) runs for some 100 ms, in which the larger budget cost more than it
 * saved: 205 against 197 M instructions for a file without a notice token, 425 against 397 M for a file with 8 findings
 * (cachegrind, docs/performance.md, round twenty-one), and loading `node:v8` for it ~8 M. So a folder or more than
 * FEW_FILES paths want it; a few files do not. A list on standard input is judged by the paths it names, once read
 * (cli/fast.ts), before the walk: ten files on `--stdin-files` with the budget cost ~35 M instructions more
 * (docs/performance.md, "Twenty-sixth session: 30start5"). It changes when code is optimised, never what it computes.
 */
const FEW_FILES = 16;
/** The scan names at most FEW_FILES paths, each a regular file (a link to one counts); a list still to be read from stdin is not judged. */
function fewFiles(args: { paths?: string[]; stdinFiles?: boolean }): boolean {
  const paths = args.paths ?? [];
  if (args.stdinFiles || paths.length === 0 || paths.length > FEW_FILES) return false;
  return paths.every((p) => {
    try {
      return fs.statSync(p).isFile();
    } catch {
      return false;
    }
  });
}

/** The code cache of a chunk of the CommonJS scan: `bin-fast-<V8>.cache` for the scan's own, `bin-fast-<name>-<V8>.cache` for `bin-fast-<name>.cjs`. */
function cacheFileOf(file: string): string {
  const name = path.basename(file, '.cjs');
  return path.join(__dirname, name === 'bin-fast-main' ? `bin-fast-${process.versions.v8}.cache` : `${name}-${process.versions.v8}.cache`);
}

/**
 * A chunk of the CommonJS scan (`bin-fast-main.cjs`, or one it requires on first use: the analysis, scripts/bundle.ts),
 * compiled with its code cache when one was made by this V8 (V8 checks the data itself and compiles from the source when
 * it rejects it or there is none), registered in `require.cache` first so that the chunks it requires share it, and
 * given a `require` that loads the chunks beside it the same way; with NO_CACHE set, required as any module. With
 * CACHE_OUT set (the build), every chunk so loaded is compiled without one and writes its cache on exit (the scan's to
 * CACHE_OUT).
 */
function loadChunk(file: string): unknown {
  const known = require.cache[file];
  if (known) return known.exports;
  const out = process.env[CACHE_OUT];
  // Required as any module (the code `require` runs is the same).
  const plain = (): unknown => Module.createRequire(file)(file);
  if (process.env[NO_CACHE]) return plain();
  const cacheFile = cacheFileOf(file);
  let cachedData: Buffer | undefined;
  if (!out) {
    try {
      cachedData = fs.readFileSync(cacheFile);
    } catch {
      // Compiled from its source (a build that made no cache, another V8), still with the chunks' own `require`.
    }
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${fs.readFileSync(file, 'utf8')}\n})`, { filename: file, cachedData });
  if (out) process.once('exit', () => fs.writeFileSync(path.basename(file) === 'bin-fast-main.cjs' ? out : cacheFileOf(file), script.createCachedData()));
  const chunk = new Module(file, module);
  chunk.filename = file;
  chunk.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(__dirname);
  require.cache[file] = chunk;
  (script.runInThisContext() as (...args: unknown[]) => void).call(chunk.exports, chunk.exports, chunkRequire(file), chunk, file, __dirname);
  chunk.loaded = true;
  return chunk.exports;
}

/**
 * A chunk's `require`: `./bin-fast-*.cjs` and the scope manager's bundle (`./scope-manager-bundle.cjs`, scripts/bundle.ts)
 * beside it through {@link loadChunk}, anything else as Node's `require` would.
 */
function chunkRequire(file: string): NodeJS.Require {
  const base = Module.createRequire(file);
  const own = (id: string): unknown => (/^\.\/(?:bin-fast-[\w.-]+|scope-manager-bundle)\.cjs$/.test(id) ? loadChunk(path.join(__dirname, id.slice(2))) : base(id));
  return Object.assign(own, { resolve: base.resolve, cache: base.cache, main: base.main, extensions: base.extensions }) as NodeJS.Require;
}

/** The scan's bundle (see {@link loadChunk}). */
function loadBundle(): FastBundle {
  return loadChunk(path.join(__dirname, 'bin-fast-main.cjs')) as FastBundle;
}

/**
 * The analysis chunk (cli/scan/analysis.ts), loaded now: before V8's interrupt budget is set, so that its code cache,
 * made without the flag, is taken (V8 rejects a cache made under other flags). A scan that wants the budget (a folder,
 * or more than FEW_FILES files) loaded the whole scan at its start before the analysis had a chunk of its own.
 */
function loadAnalysisNow(): void {
  const facade = path.join(__dirname, 'bin-fast-analysis-modules.cjs');
  if (fs.existsSync(facade)) loadChunk(facade);
}

const argv = process.argv.slice(2);
let started: Promise<number> | undefined;
// A reader that stops early (`collab-migrate | head`) is not an error of ours (cli/index.ts).
const onStdoutError = (error: NodeJS.ErrnoException): void => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
};
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  // As cli/version.ts reads it (the package root is two levels above dist/cli/), without loading anything else.
  let version = '0.0.0';
  try {
    version = (JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version?: string }).version ?? version;
  } catch {
    // cli/version.ts's fallback.
  }
  process.stdout.on('error', onStdoutError);
  process.stdout.write(`${version}\n`);
  process.exitCode = 0;
} else {
  if (!argv.some((a) => NOT_A_FAST_SCAN.has(a))) {
    (Module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
    // Compiled under V8's own flags, as the build made its cache; the budget (above) is set once the paths are known.
    // The scan writes to a file, a pipe or /dev/null without making process.stdout (cli/fast.ts, descriptorWriter);
    // the listener goes on it when the scan makes it.
    started = loadBundle().fastStart(
      argv,
      (args) => {
        // The build's runs that make the code caches (CACHE_OUT) set no flag: V8 would reject the caches in runs without it.
        if (fewFiles(args) || process.env[CACHE_OUT]) return false;
        loadAnalysisNow();
        return true;
      },
      (stdout) => {
        if (!stdout.listeners('error').includes(onStdoutError)) stdout.on('error', onStdoutError);
      },
    );
  }
  if (started === undefined) {
    // bin.js sets its own (the scan's bundle made no stream: it returns before making its io).
    // A variable: tsc would look for the bundle's types (bin.js is written by scripts/bundle.ts, from cli/index.ts).
    const esmBinary = './bin.js';
    void import(esmBinary);
  } else {
    void started.then((code) => {
      process.exitCode = code;
    });
  }
}
