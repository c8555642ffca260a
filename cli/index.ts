#!/usr/bin/env node
/** The `collab-migrate` binary: runs the CLI and sets the process exit code (the only place that does). */
import module from 'node:module';
import { mainThreadLoaded, prestartWalker, wantInterruptBudget } from './walk/prestart.js';

/** The commands other than the scan (cli/main.ts). */
const OTHER_COMMANDS = new Set(['merge', 'notices', 'explain', 'catalog', 'codemod']);

// V8's interrupt budget (cli/walk/prestart.ts says why and when): a scan wants it, and it is set as the file loop
// begins, once the walker thread has started. Not in the build's runs that make the code caches (V8 would reject a
// cache made under other flags than the runs that read it).
if (!process.env.COLLAB_MIGRATE_CODE_CACHE_OUT) wantInterruptBudget();

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
  // The other commands start no walker thread and read no code cache of ours: the budget is set at once, as before.
  if (argv.some((a) => OTHER_COMMANDS.has(a))) mainThreadLoaded();
  // A scan of a folder walks it in a thread of its own: that thread starts now, while the rest loads (issue 30).
  prestartWalker(argv, process.cwd());
  const [{ processIo }, { main }] = await Promise.all([import('./io.js'), import('./main.js')]);
  process.exitCode = await main(argv, processIo());
}
