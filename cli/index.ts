#!/usr/bin/env node
/** The `collab-migrate` binary: runs the CLI and sets the process exit code (the only place that does). */
import { hideBin } from 'yargs/helpers';
import { processIo } from './io.js';
import { main } from './main.js';

// A reader that stops early (`collab-migrate | head`) is not an error of ours.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await main(hideBin(process.argv), processIo());
