/** What every command shares: global options and the handler shape (handlers return exit codes). */
import type { Argv } from 'yargs';
import { UsageError } from '../errors.js';
import type { Io } from '../io.js';

export interface GlobalArgs {
  notices?: string | string[];
  debug?: boolean;
  color?: boolean;
}

/** A command's work: returns the exit code; never calls process.exit. */
export type CommandRunner<A> = (args: A, io: Io) => Promise<number>;

/** The output formats of `notices` and `explain` (the scan's `--format` has more). */
export const LIST_FORMATS = ['text', 'json'] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

export interface ListFormatArgs {
  format?: ListFormat;
  /** Deprecated spelling of `--format json`, kept so existing scripts keep working. */
  json?: boolean;
}

/** Adds `--format text|json` (the scan command's name for it) and the deprecated `--json`. */
export function withListFormat<T>(y: Argv<T>, what: string): Argv<T & ListFormatArgs> {
  return y
    .option('format', { alias: 'f', describe: `Output format (json prints ${what} as JSON)`, choices: LIST_FORMATS })
    .option('json', { describe: 'Same as --format json', type: 'boolean', deprecated: 'use --format json' }) as unknown as Argv<T & ListFormatArgs>;
}

/** The format asked for; `--json` still works and says it is deprecated (on stderr, so stdout stays JSON). */
export function listFormat(args: ListFormatArgs, io: Io): ListFormat {
  if (args.json === undefined) return args.format ?? 'text';
  if (args.format !== undefined && args.format !== (args.json ? 'json' : 'text')) {
    throw new UsageError(`--json contradicts --format ${args.format}; use --format alone.`);
  }
  if (args.json) io.stderr.write('collab-migrate: --json is deprecated; use --format json.\n');
  return args.json ? 'json' : (args.format ?? 'text');
}
