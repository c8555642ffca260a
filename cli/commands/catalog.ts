/**
 * `collab-migrate catalog propose` (draft notices from OpenAPI spec changes, with a review file) and
 * `collab-migrate catalog check` (the catalog's endpoints and fields against specs). The work is in
 * engine/catalog/upkeep/; this file reads arguments, files and git, and writes the outputs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { readSpecArg, historyOf } from '../../engine/catalog/upkeep/spec-source.js';
import { observeHistory, observeOne, observePair, type LoadedVersion, type ObservedChange } from '../../engine/catalog/upkeep/observe.js';
import { CONFIDENCES, draftCatalog, propose, type DraftConfidence } from '../../engine/catalog/upkeep/propose.js';
import { buildReview } from '../../engine/catalog/upkeep/review.js';
import { checkCatalog, isProblem } from '../../engine/catalog/upkeep/check.js';
import { SpecError, type SpecModel } from '../../engine/catalog/upkeep/openapi.js';
import { UsageError, EXIT_FINDINGS, EXIT_OK } from '../errors.js';
import type { Io } from '../io.js';
import { openCatalog, parseWholeNumber, splitList } from '../config/options.js';
import { listFormat, withListFormat, type CommandRunner, type GlobalArgs, type ListFormatArgs } from './shared.js';

export interface ProposeArgs extends GlobalArgs {
  from?: string;
  to?: string;
  history?: string;
  spec?: string[];
  output?: string;
  review?: string;
  includeAdditions?: boolean;
  minConfidence?: DraftConfidence;
  keepDuplicates?: boolean;
  includeUnconfirmed?: boolean;
  minAgeDays?: unknown;
  sourceUrl?: string;
}

export interface CheckArgs extends GlobalArgs, ListFormatArgs {
  spec?: string[];
  all?: boolean;
}

function proposeBuilder(y: Argv<GlobalArgs>): Argv<ProposeArgs> {
  return y
    .option('from', { describe: 'The older spec: a file, or REV:path in the git repository of the current folder', type: 'string' })
    .option('to', { describe: 'The newer spec (alone: the deprecations it states)', type: 'string' })
    .option('history', { describe: 'A git repository of specs: every consecutive publish of each spec file', type: 'string' })
    .option('spec', { describe: 'With --history: only spec files named like these (e.g. webex-messaging)', type: 'string', array: true })
    .option('output', { alias: 'o', describe: 'Write the drafts here (and the review file beside it); stdout without', type: 'string' })
    .option('review', { describe: 'Write the review file here (default: beside --output, as NAME.review.json)', type: 'string' })
    .option('include-additions', { describe: 'Also draft additions (as informational notices)', type: 'boolean' })
    .option('min-confidence', { describe: 'Lowest confidence drafted', choices: CONFIDENCES, default: 'medium' })
    .option('keep-duplicates', { describe: 'Also draft changes the catalog already covers', type: 'boolean' })
    .option('include-unconfirmed', { describe: "With --history: also draft the last publish's changes, which no next publish has confirmed yet", type: 'boolean' })
    .option('min-age-days', { describe: 'With --history: changes to operations younger than this are churn', type: 'string' })
    .option('source-url', { describe: 'URL of a spec at a commit, with {commit} and {path} (e.g. https://github.com/o/r/blob/{commit}/{path})', type: 'string' })
    .example('$0 catalog propose --from v1.json --to v2.json -o drafts.json', 'Drafts for the changes between two specs, and drafts.review.json')
    .example('$0 catalog propose --from HEAD~1:public-spec/webex-admin.json --to HEAD:public-spec/webex-admin.json', 'Two commits of a spec')
    .example('$0 catalog propose --history ../webex-openapi-specs --spec webex-messaging -o drafts.json', 'Every publish of one spec')
    .example('$0 catalog propose --to spec.json', 'The deprecations one spec states') as unknown as Argv<ProposeArgs>;
}

function checkBuilder(y: Argv<GlobalArgs>): Argv<CheckArgs> {
  return withListFormat(y, 'every row')
    .option('spec', { describe: 'OpenAPI spec files (or REV:path) to check the catalog against', type: 'string', array: true, demandOption: true })
    .option('all', { describe: 'List every row, not only problems and endpoints not checked', type: 'boolean' })
    .example('$0 catalog check --spec public-spec/*.json', 'Where the catalog disagrees with the specs') as unknown as Argv<CheckArgs>;
}

/** A SpecError (bad spec file or revision) is the user's input: exit code 2 with one line. */
function asUsage<T>(work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (e instanceof SpecError) throw new UsageError(e.message, { cause: e });
    throw e;
  }
}

export const runPropose: CommandRunner<ProposeArgs> = async (args, io: Io) => {
  if (args.history && (args.from || args.to)) throw new UsageError('--history reads every publish itself; give it without --from/--to');
  if (!args.history && !args.to) throw new UsageError('give --to (with --from for a pair, alone for one spec) or --history <repository>');
  if (args.spec?.length && !args.history) throw new UsageError('--spec narrows --history; give the files with --from/--to');
  const minAgeDays = args.minAgeDays === undefined ? undefined : parseWholeNumber('--min-age-days', args.minAgeDays, 0, 'days');
  const catalog = openCatalog(splitList(args.notices), io.cwd).catalog;
  const read = { cwd: io.cwd, ...(args.sourceUrl ? { sourceUrlTemplate: args.sourceUrl } : {}) };
  let observed: ObservedChange[] = [];
  const latest: SpecModel[] = [];
  const inputs: Record<string, unknown> = {};
  asUsage(() => {
    if (args.history) {
      const repo = path.resolve(io.cwd, args.history);
      const specs = historyOf(repo, args.spec ?? [], args.sourceUrl);
      inputs.history = args.history;
      inputs.specs = specs.map((s) => ({ file: s.file, publishes: s.versions.length, unreadable: s.unreadable.length }));
      for (const s of specs) {
        if (s.unreadable.length) io.stderr.write(`collab-migrate: ${s.file}: ${s.unreadable.length} publish${s.unreadable.length === 1 ? '' : 'es'} not readable from the repository (skipped)\n`);
        if (s.versions.length === 0) continue;
        observed = observed.concat(observeHistory(s.versions, minAgeDays === undefined ? {} : { minAgeDays }));
        latest.push(s.versions[s.versions.length - 1].load().model);
      }
    } else {
      const to: LoadedVersion = readSpecArg(args.to!, read);
      latest.push(to.model);
      inputs.to = args.to;
      if (args.from) {
        inputs.from = args.from;
        observed = observePair(readSpecArg(args.from, read), to);
      } else observed = observeOne(to);
    }
  });
  const proposal = propose(observed, { catalog, latest, includeAdditions: args.includeAdditions === true, minConfidence: args.minConfidence ?? 'medium', keepDuplicates: args.keepDuplicates === true, includeUnconfirmed: args.includeUnconfirmed === true });
  const drafts = draftCatalog(proposal);
  const text = JSON.stringify(drafts, null, 2) + '\n';
  // The drafts are loaded exactly as `--notices drafts.json` will load them: a draft that does not validate is a bug here.
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'cm-drafts-'));
  try {
    writeFileSync(path.join(scratch, 'drafts.json'), text);
    openCatalog([...splitList(args.notices), path.join(scratch, 'drafts.json')], io.cwd);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const reviewFile = args.review ?? (args.output ? args.output.replace(/(\.json)?$/i, '.review.json') : undefined);
  for (const file of [args.output, reviewFile]) if (file) mkdirSync(path.dirname(path.resolve(io.cwd, file)), { recursive: true });
  if (args.output) writeFileSync(path.resolve(io.cwd, args.output), text);
  else io.stdout.write(text);
  if (reviewFile) writeFileSync(path.resolve(io.cwd, reviewFile), JSON.stringify(buildReview(proposal, inputs), null, 2) + '\n');
  const noise = Object.entries(proposal.noise).map(([k, v]) => `${k} ${v}`).join(', ');
  io.stderr.write(
    `collab-migrate: ${observed.length} change${observed.length === 1 ? '' : 's'} observed; ${proposal.drafts.length} draft${proposal.drafts.length === 1 ? '' : 's'}, ${proposal.duplicates.length} already in the catalog, ${proposal.skipped.length} left out (additions or below ${args.minConfidence ?? 'medium'} confidence), ${proposal.awaiting.length} awaiting the next publish${noise ? `; noise: ${noise}` : ''}${args.output ? `; wrote ${args.output}` : ''}${reviewFile ? ` and ${reviewFile}` : ''}\n`,
  );
  return EXIT_OK;
};

export const runCheck: CommandRunner<CheckArgs> = async (args, io: Io) => {
  const files = splitList(args.spec);
  if (files.length === 0) throw new UsageError('--spec: give at least one spec file');
  const catalog = openCatalog(splitList(args.notices), io.cwd).catalog;
  const specs = asUsage(() => files.map((f) => readSpecArg(f, { cwd: io.cwd }).model));
  const rows = checkCatalog(catalog, specs);
  const problems = rows.filter(isProblem);
  if (listFormat(args, io) === 'json') {
    io.stdout.write(JSON.stringify(args.all ? rows : rows.filter((r) => r.status !== 'ok'), null, 2) + '\n');
  } else {
    const shown = args.all ? rows : rows.filter((r) => r.status !== 'ok');
    for (const r of shown) io.stdout.write(`${r.status.padEnd(16)} ${r.notice} [${r.detection}] ${r.list === 'others' ? '(others) ' : ''}${r.method ?? ''} ${r.path}${r.field ? ` ${r.field}` : ''}: ${r.detail}\n`);
    const count = (s: string): number => rows.filter((r) => r.status === s).length;
    io.stdout.write(`${problems.length} problem${problems.length === 1 ? '' : 's'}; ${count('ok')} ok, ${count('gone-as-said')} gone as the notice says, ${count('not-checked')} not checked (spec not given)\n`);
  }
  return problems.length ? EXIT_FINDINGS : EXIT_OK;
};

/** The `catalog` command's two subcommands (its name and description are cli/parser.ts's); `wrap` turns a runner into a yargs handler. */
export function catalogCommand(wrap: <A>(runner: CommandRunner<A>) => (args: A) => Promise<void>): Pick<CommandModule<GlobalArgs, GlobalArgs>, 'builder' | 'handler'> {
  return {
    builder: (y) =>
      y
        .command({ command: 'propose', describe: 'Draft notices from spec changes (pair, history or one spec), with a review file', builder: proposeBuilder, handler: wrap(runPropose) })
        .command({ command: 'check', describe: "Check the catalog's endpoints and detection fields against specs", builder: checkBuilder, handler: wrap(runCheck) })
        .demandCommand(1) as unknown as Argv<GlobalArgs>,
    handler: () => {
      /* a subcommand runs */
    },
  };
}
