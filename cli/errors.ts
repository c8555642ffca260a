/**
 * Errors the CLI turns into exit code 2 with one line on stderr (the stack only with `--debug`): the engine's
 * {@link UsageError}, thrown by the CLI's own checks too.
 */
import { printable } from '../engine/read/printable.js';
import type { Io } from './io.js';

export { UsageError } from '../engine/errors.js';
import { UsageError } from '../engine/errors.js';

/** Exit codes, as ESLint's. */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

function isCatalogOrUsage(error: unknown): boolean {
  return error instanceof UsageError || (error instanceof Error && error.name === 'CatalogError');
}

/**
 * A command that failed: one line on stderr (`internal error: ` unless it is a usage or catalog error), the stack
 * under `--debug`, and exit code 2. Used by both ways of reading the command line (cli/main.ts, cli/parser.ts).
 */
export function reportFailure(error: unknown, io: Io, debug: boolean): number {
  const err = error instanceof Error ? error : new Error(String(error));
  const oneLine = err.message.replace(/\s*\n\s*/g, ' ').trim();
  const line = isCatalogOrUsage(err) ? oneLine : `internal error: ${oneLine}`;
  // Messages quote what the user gave (JSON parser errors quote the file's text): control characters escaped (issue 28).
  io.stderr.write(`collab-migrate: ${printable(line)}\n`);
  if (debug && err.stack) io.stderr.write(err.stack + '\n');
  return EXIT_USAGE;
}
