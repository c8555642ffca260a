/**
 * Errors the CLI turns into exit code 2 with one line on stderr (the stack only with `--debug`).
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Exit codes, as ESLint's. */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
