/**
 * Which skipped files count as *unanalysed*: files of a language the engine reads whose findings are unknown
 * because they were not looked at. A file the engine chose not to read for what it is (binary, empty,
 * generated: a minified bundle, build output, not a file type it reads, a link out of the tree, a device) is skipped, listed, and not
 * counted: it holds no source to migrate. Files that do not parse are analysed at text level and marked
 * unanalysed where they are scanned (ScannedFile.unanalysed), not here.
 */

/** [reason prefix, counts as unanalysed]: every skip reason the walk, the reader and the scan give. */
export const SKIP_REASONS: ReadonlyArray<readonly [string, boolean]> = [
  ['cannot read', true],
  ['not UTF-8 text', true],
  ['name is not valid UTF-8', true],
  ['over the size limit', true],
  ['internal error while analysing', true],
  // The fallback parser needs TypeScript's compiler API and the installation has none (TypeScript 7).
  ['no parser for it here', true],
  // `--check-syntax` on a file without any notice token: it cannot hold a finding.
  ['does not parse', false],
  ['binary file', false],
  // A file named as source whose content is binary: its findings are unknown (issue 28).
  ['binary content in a source file', true],
  ['empty file', false],
  // Built from sources the scan reads (cli/walk/generated.ts); `--include-generated` scans them.
  ['generated (', false],
  // A report, baseline or cache collab-migrate wrote (cli/walk/own-files.ts).
  ['written by collab-migrate', false],
  ['not a file type collab-migrate reads', false],
  ['symbolic link to outside the scanned folder', false],
  ['broken symbolic link', false],
  ['symbolic link loop', false],
  ['cannot follow symbolic link', true],
  ['not a regular file', false],
];

/** Whether a skip reason leaves a file that could hold findings unanalysed. */
export function isUnanalysedReason(reason: string): boolean {
  return SKIP_REASONS.find(([prefix]) => reason.startsWith(prefix))?.[1] ?? true;
}
