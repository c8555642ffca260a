/** What every command shares: global options and the handler shape (handlers return exit codes). */
import type { Io } from '../io.js';

export interface GlobalArgs {
  notices?: string | string[];
  debug?: boolean;
  color?: boolean;
}

/** A command's work: returns the exit code; never calls process.exit. */
export type CommandRunner<A> = (args: A, io: Io) => Promise<number>;
