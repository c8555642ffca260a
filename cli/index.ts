#!/usr/bin/env node
/** The `collab-migrate` binary: runs the CLI and sets the process exit code (the only place that does). */
import module from 'node:module';
import v8 from 'node:v8';
import { prestartWalker } from './walk/prestart.js';

// V8 optimises a function with TurboFan once it has run through an "interrupt budget" of bytecode; a scan runs
// for one to three seconds, in which that compiling (on V8's own threads, for the main and the walker thread
// alike) was 16-34% of the CPU (docs/performance.md, rounds nine and twelve). Eight times the budget tiers up only
// the code that stays hot: on Node 20's V8 11.3, five alternating rounds per repository, total CPU 0.86-0.89x on
// the SDK, outline, prisma and sentry-javascript (babel 1.00-1.03x), the two-core bound 0.88-1.03x. Set before
// anything else runs, for every thread (V8's flags are the process's); not on another V8, where it is unmeasured.
// It changes when code is optimised, never what it computes.
if (process.versions.v8.startsWith('11.3.')) v8.setFlagsFromString('--interrupt-budget=540672');

// Node 22.1+ keeps V8's compiled code of the modules it loads in a cache on disk (`os.tmpdir()`, or
// NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE turns it off), so a later run does not compile the command
// line's ~1 MB of JavaScript again: most of a one-file scan's start-up (issue 30, item 2). Node 20 has no such
// function and runs as before. It applies to modules loaded after the call, hence the imports below are dynamic.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// A reader that stops early (`collab-migrate | head`) is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

// The arguments after node's and the script's paths (what yargs's `hideBin` gives for node).
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  // As yargs prints it, without loading yargs, the engine or the catalog (issue 30, item 2).
  const { TOOL_VERSION } = await import('./version.js');
  process.stdout.write(`${TOOL_VERSION}\n`);
  process.exitCode = 0;
} else {
  // A scan of a folder walks it in a thread of its own: that thread starts now, while the rest loads (issue 30).
  prestartWalker(argv, process.cwd());
  const [{ processIo }, { main }] = await Promise.all([import('./io.js'), import('./main.js')]);
  process.exitCode = await main(argv, processIo());
}
