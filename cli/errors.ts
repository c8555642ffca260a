/**
 * Errors the CLI turns into exit code 2 with one line on stderr (the stack only with `--debug`): the engine's
 * {@link UsageError}, thrown by the CLI's own checks too.
 */
export { UsageError } from '../engine/errors.js';

/** Exit codes, as ESLint's. */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
