/**
 * The unified diff both dry runs print (`--fix --dry-run` and `codemod --dry-run`), in git's form: `--- a/<file>`,
 * `+++ b/<file>` (paths relative to the working folder, `/` separators), three lines of context, so either output
 * can be read the same way or applied with `git apply`.
 */
import { createTwoFilesPatch } from 'diff';

export function unifiedDiff(file: string, before: string, after: string): string {
  return createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after, undefined, undefined, { context: 3 }).replace(/^=+\n/, '');
}
