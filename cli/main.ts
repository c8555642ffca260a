/**
 * The command line's entry: a scan whose options cli/fast-args.ts reads (the common case: a hook or an editor
 * scanning a few files) runs without loading yargs or the other commands; every other command line goes to the
 * yargs parser (cli/parser.ts), with its help, version, messages and commands. Either way errors become one line on
 * stderr (the stack only under --debug) and exit code 2.
 */
import { reportFailure } from './errors.js';
import { fastScanArgs } from './fast-args.js';
import type { Io } from './io.js';

/** Runs the CLI on `argv` (without the node and script paths) and returns the exit code. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const args = fastScanArgs(argv);
  if (args === undefined) {
    const { parseAndRun } = await import('./parser.js');
    return parseAndRun(argv, io);
  }
  try {
    const scan = await import('./commands/scan.js');
    return await scan.run(args, io);
  } catch (error) {
    return reportFailure(error, io, Boolean(args.debug));
  }
}
