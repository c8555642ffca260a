/**
 * The default command's options (`collab-migrate [paths..]`), apart from what it does (cli/commands/scan.ts): yargs
 * reads them for `--help` and every scan it parses, without loading the scan, the engine and the catalog (issue
 * 30, item 2).
 */
import type { Argv, CommandModule } from 'yargs';
import { DEFAULT_WARN_WITHIN_DAYS } from '../../engine/catalog/dates.js';
import type { FixMode, Region } from '../../engine/types.js';
import { DEFAULT_MAX_FILE_SIZE, FIX_MODES, FORMATS, REGIONS, type Format } from '../config/settings.js';
import { POOL_MIN_CORES, POOL_MIN_FILES } from '../scan/threads.js';
import { WALK_THREAD_ENTRIES } from '../walk/prestart.js';
import type { GlobalArgs } from './shared.js';

export interface ScanArgs extends GlobalArgs {
  paths?: string[];
  /** Arguments after `--`. */
  _?: (string | number)[];
  errorOnUnmatchedPattern?: boolean;
  forceOutput?: boolean;
  /** Let the configuration file choose report files and catalogs (see `confineRc`). */
  trustConfig?: boolean;
  stdinFiles?: boolean;
  before?: string;
  today?: string;
  warnWithin?: string;
  fix?: boolean;
  dryRun?: boolean;
  fixMode?: FixMode;
  format?: Format;
  output?: string;
  repoName?: string;
  textOutput?: string;
  jsonOutput?: string;
  sarifOutput?: string;
  githubOutput?: string;
  markdownOutput?: string;
  htmlOutput?: string;
  sarifCategory?: string;
  baseline?: string;
  baselineWrite?: string;
  diffBase?: string;
  only?: string | string[];
  skip?: string | string[];
  region?: Region;
  include?: string | string[];
  exclude?: string | string[];
  maxWarnings?: string;
  allowDirty?: boolean;
  quiet?: boolean;
  progress?: boolean;
  maxFileSize?: string;
  reportUnusedSuppressions?: boolean;
  strictScopes?: boolean;
  checkSyntax?: boolean;
  failOnUnanalysed?: boolean;
  includeGenerated?: boolean;
  cache?: boolean;
  cacheLocation?: string;
  concurrency?: string;
}


export function builder(y: Argv<GlobalArgs>): Argv<ScanArgs> {
  return y
    .positional('paths', { describe: 'Files or folders to scan (default: the current folder)', type: 'string', array: true })
    .option('before', { describe: 'Migrate everything effective on or before this day (YYYY-MM-DD)', type: 'string', group: 'Dates:' })
    .option('today', { describe: 'The day to compute severities for (default: today, or $COLLAB_MIGRATE_TODAY)', type: 'string', group: 'Dates:' })
    // Strings, parsed here: yargs would turn `abc` into NaN and the error could not show what was typed.
    .option('warn-within', { describe: `Warn about notices effective within this many days (default ${DEFAULT_WARN_WITHIN_DAYS})`, type: 'string', requiresArg: true, group: 'Dates:' })
    .option('fix', { describe: 'Apply the autofixes', type: 'boolean', group: 'Fixing:' })
    .option('dry-run', { describe: 'Print the fixes as a unified diff and write nothing (implies --fix)', type: 'boolean', group: 'Fixing:' })
    .option('fix-mode', {
      describe: 'date: before a notice\'s effective date write transitional forms (code that works on both sides of it) and leave final forms as suggestions; final: write final forms now',
      choices: FIX_MODES,
      group: 'Fixing:',
    })
    .option('allow-dirty', { describe: 'Let --fix modify files with uncommitted changes', type: 'boolean', group: 'Fixing:' })
    .option('format', { alias: 'f', describe: 'Output format', choices: FORMATS, group: 'Output:' })
    .option('output', { alias: 'o', describe: 'Write the report to a file', type: 'string', group: 'Output:' })
    .option('text-output', { describe: 'Also write the text report to this file', type: 'string', group: 'Output:' })
    .option('json-output', { describe: 'Also write the JSON report to this file', type: 'string', group: 'Output:' })
    .option('sarif-output', { describe: 'Also write SARIF (code scanning) to this file', type: 'string', group: 'Output:' })
    .option('github-output', { describe: 'Also write GitHub workflow annotations to this file', type: 'string', group: 'Output:' })
    .option('markdown-output', { describe: 'Also write the Markdown readiness summary to this file', type: 'string', group: 'Output:' })
    .option('html-output', { describe: 'Also write the HTML readiness report to this file', type: 'string', group: 'Output:' })
    .option('sarif-category', { describe: 'Write this code-scanning category into the SARIF (automationDetails.id); by default none is written, so upload-sarif\'s `category` applies', type: 'string', group: 'Output:' })
    .option('repo-name', { describe: 'Repository name recorded in the report, for `merge` (default: the git remote, or the folder name)', type: 'string', group: 'Output:' })
    .option('baseline', { describe: 'Findings recorded in this file are warnings, except those whose notice took effect since the file was recorded; any other finding is an error now', type: 'string', group: 'Baseline:' })
    .option('diff-base', { describe: 'Only findings on lines changed since the merge base of this git ref and HEAD (for pull requests)', type: 'string', requiresArg: true, group: 'Baseline:' })
    .option('baseline-write', { describe: 'Record this run\'s findings in this file (resolved ones are dropped), and apply it', type: 'string', group: 'Baseline:' })
    .option('quiet', { describe: 'Report errors only', type: 'boolean', group: 'Output:' })
    .option('max-warnings', { describe: 'Exit 1 when there are more warnings than this', type: 'string', requiresArg: true, group: 'Output:' })
    .option('progress', { describe: 'Progress bar on a terminal (--no-progress to hide)', type: 'boolean', group: 'Output:' })
    .option('report-unused-suppressions', { describe: 'List suppression comments that matched nothing', type: 'boolean', group: 'Output:' })
    .option('only', { describe: 'Only these notice ids (comma-separated or repeated)', type: 'string', group: 'Notices:' })
    .option('skip', { describe: 'Skip these notice ids', type: 'string', group: 'Notices:' })
    .option('region', { describe: 'Region for detailed call history hosts', choices: REGIONS, group: 'Notices:' })
    .option('strict-scopes', { describe: 'Also report well-formed but unlisted OAuth scopes', type: 'boolean', group: 'Notices:' })
    .option('include', { describe: 'Only files matching this glob (gitignore syntax; repeatable)', type: 'string', group: 'Files:' })
    .option('exclude', { describe: 'Leave out files matching this glob (gitignore syntax; repeatable)', type: 'string', group: 'Files:' })
    .option('error-on-unmatched-pattern', { describe: 'Exit 2 when no file is left to scan (--no-error-on-unmatched-pattern to accept an empty scan)', type: 'boolean', group: 'Files:' })
    .option('trust-config', {
      describe: "Let the configuration file (.collab-migraterc.json, package.json) set output, outputs and notices (ignored otherwise: the scanned repository is untrusted input); its reports must stay inside the working folder",
      type: 'boolean',
      group: 'Output:',
    })
    .option('force-output', { describe: 'Let a report replace an existing source or configuration file', type: 'boolean', group: 'Output:' })
    .option('max-file-size', { describe: `Skip files larger than this (default ${DEFAULT_MAX_FILE_SIZE})`, type: 'string', group: 'Files:' })
    .option('check-syntax', {
      describe: 'Also parse files without any notice token and list those that do not parse (by default they are not parsed, as they cannot hold a finding)',
      type: 'boolean',
      group: 'Files:',
    })
    .option('fail-on-unanalysed', {
      describe: 'Exit 1 when a file that could hold findings was not analysed (does not parse, cannot be read or decoded, over the size limit)',
      type: 'boolean',
      group: 'Files:',
    })
    .option('stdin-files', {
      describe: 'Also scan the files named on standard input, one a line or NUL-separated (git diff --cached --name-only -z); an empty list scans nothing',
      type: 'boolean',
      group: 'Files:',
    })
    .option('include-generated', {
      describe: 'Scan generated files too: minified bundles, dist/ output (and umd/, build/, out/ beside a package.json), files with a source map beside them or a sourceMappingURL comment at the end, files whose header says they are generated (by default they are skipped and counted; a committed bundle whose source map lists sources the repository does not hold, or a file compiled alone and edited after compiling, is scanned anyway, its findings likely and never fixed)',
      type: 'boolean',
      group: 'Files:',
    })
    .option('cache', { describe: 'Remember results of unchanged files between runs', type: 'boolean', group: 'Speed:' })
    .option('cache-location', { describe: 'Cache folder (default node_modules/.cache/collab-migrate, or .collab-migrate-cache)', type: 'string', group: 'Speed:' })
    .option('concurrency', { describe: `Threads: auto (walk a folder of over ${WALK_THREAD_ENTRIES} entries in a second thread with 2+ cores; a worker pool with ${POOL_MIN_CORES}+ cores above ${POOL_MIN_FILES} files), off (one thread), or a number of pool workers`, type: 'string', group: 'Speed:' }) as unknown as Argv<ScanArgs>;
}

export const scanCommand: CommandModule<GlobalArgs, ScanArgs> = {
  command: '$0 [paths..]',
  describe: 'Scan files for code affected by the change notices (and migrate it with --fix)',
  builder,
  handler: () => {
    /* replaced in cli/parser.ts, which runs `run` (cli/commands/scan.ts) and sets the exit code */
  },
};
