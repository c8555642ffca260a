/**
 * The settings of one scan: the output formats and regions the command line accepts, and the options of a run
 * after flags, configuration file and defaults are merged (read by the scan command and by its body, scan-run.ts).
 */
import type { FixMode, Region } from '../../engine/types.js';

export const FORMATS = ['text', 'json', 'sarif', 'github', 'markdown', 'html'] as const;
export type Format = (typeof FORMATS)[number];
export const REGIONS = ['us', 'eu', 'in', 'au'] as const;
export const DEFAULT_MAX_FILE_SIZE = '2mb';
export const FIX_MODES: readonly FixMode[] = ['date', 'final'];

/** The options of one run after flags, configuration file and defaults are merged (flags win). */
/** The settings a configuration file can give whose values are checked after it is loaded (files, notice ids, globs, sizes). */
export type NamedSetting = 'maxFileSize' | 'output' | 'outputs' | 'baseline' | 'notices' | 'only' | 'skip' | 'include' | 'exclude';

/**
 * How a message names a setting: by default its flag (`--only`); for a value the configuration file gave, the
 * file and its key (`"only" in .collab-migraterc.json`, `"collab-migrate.only" in package.json`), so an error points at
 * what to edit.
 */
export function settingName(settings: Pick<ScanSettings, 'names'>, key: NamedSetting, flag: string): string {
  return settings.names?.[key] ?? flag;
}

/** How messages name the output of one format: `--json-output`, or the `outputs` key of the configuration file. */
export function outputName(settings: Pick<ScanSettings, 'names'>, format: Format): string {
  const fromFile = settings.names?.outputs;
  return fromFile ? fromFile.replace(/^"([^"]*outputs)"/, `"$1.${format}"`) : `--${format}-output`;
}

export interface ScanSettings {
  /** Settings that came from a configuration file, and how messages name them (see {@link settingName}). */
  names?: Partial<Record<NamedSetting, string>>;
  paths: string[];
  today: string;
  before?: string;
  warnWithin: number;
  fix: boolean;
  dryRun: boolean;
  /** `date`: the day picks each fix's form (transitional before the effective date); `final`: final forms now. */
  fixMode: FixMode;
  format: Format;
  output?: string;
  /** `--repo-name`: the repository name recorded in the report (default: from git). */
  repoName?: string;
  /** More reports from the same run (`--sarif-output x.sarif --json-output y.json`): format and absolute path, in flag order. */
  outputs: { format: Format; file: string }[];
  /** `--baseline FILE` (absolute): recorded findings warn until their notice's date, others are errors. */
  baseline?: string;
  /** `--baseline-write FILE` (absolute): record this run's findings there (and apply them). */
  baselineWrite?: string;
  /** `--diff-base REF`: only findings on lines changed since the merge base of REF and HEAD. */
  diffBase?: string;
  /** SARIF `automationDetails.id` category (`--sarif-category`). */
  sarifCategory?: string;
  only: string[];
  skip: string[];
  notices: string[];
  region?: Region;
  include: string[];
  exclude: string[];
  maxWarnings: number;
  allowDirty: boolean;
  quiet: boolean;
  progress: boolean;
  color?: boolean;
  maxFileSize: number;
  reportUnusedSuppressions: boolean;
  strictScopes: boolean;
  /** Parse every JS/TS file, also those without any notice token, and list the ones that do not parse. */
  checkSyntax: boolean;
  /** Exit 1 when a file that could hold findings was not analysed (`--fail-on-unanalysed`). */
  failOnUnanalysed: boolean;
  /** Scan generated files (minified bundles, build output, files whose header says so) instead of skipping them (`--include-generated`). */
  includeGenerated: boolean;
  /** Result cache folder (`--cache`), absolute; undefined without `--cache`. */
  cacheLocation?: string;
  /** Exit 2 when no file is read and analysed (ESLint's `--no-error-on-unmatched-pattern` turns it off). */
  errorOnUnmatchedPattern: boolean;
  /** Worker threads besides the main thread: `auto`, or a number (0 scans in one thread). */
  concurrency: number | 'auto';
}
