/**
 * The scan of a command line that cli/fast-args.ts reads (a pre-commit hook, lint-staged, an editor task), as one
 * function: the entry of the CommonJS bundle `dist/cli/bin-fast.cjs` that the package's binary (`dist/cli/bin.cjs`,
 * scripts/code-cache.ts `launcherText`) runs without Node's ES module loader (issue 30, item 2). The same modules
 * and the same steps as cli/index.ts and cli/main.ts take for such a command line; any other command line returns
 * undefined, and the binary imports the ES module one (`dist/cli/bin.js`), which reads it with yargs.
 */
import { run } from './commands/scan.js';
import type { ScanArgs } from './commands/scan-options.js';
import { reportFailure } from './errors.js';
import { fastScanArgs } from './fast-args.js';
import { processIo } from './io.js';
import { prestartWalker } from './walk/prestart.js';

/**
 * Runs the scan `argv` asks for and gives its exit code, or undefined when yargs must read `argv`. `beforeScan` sees
 * the arguments read before anything of the scan runs (the binary sets V8's flags there, cli/bin.cts).
 */
export function fastStart(argv: readonly string[], beforeScan?: (args: ScanArgs) => void): Promise<number> | undefined {
  const args = fastScanArgs(argv);
  if (args === undefined) return undefined;
  beforeScan?.(args);
  // A scan of a folder walks it in a thread of its own, started before the scan reads its settings (cli/index.ts).
  prestartWalker(argv, process.cwd());
  const io = processIo();
  return run(args, io).catch((error: unknown) => reportFailure(error, io, Boolean(args.debug)));
}
