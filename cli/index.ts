#!/usr/bin/env node
/** The `collab-migrate` binary: runs the CLI and sets the process exit code (the only place that does). */
import { hideBin } from 'yargs/helpers';
import { processIo } from './io.js';
import { main } from './main.js';

process.exitCode = await main(hideBin(process.argv), processIo());
