/**
 * The error every layer throws for bad input from the user or the repository (a missing baseline, a git
 * failure behind the dirty guard): the CLI turns it into exit code 2 with one line on stderr, the other
 * adapters show its message as is.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
