/**
 * `collab-migrate merge <reports..>`: the JSON reports of many repositories (one `--format json` run each, tagged
 * with `--repo-name` or from git) as one organisation report in any format. A folder argument stands for every
 * `.json` file under it (what `actions/download-artifact` leaves: one folder per artifact).
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { printable } from '../../engine/read/printable.js';
import { readTextFile } from '../../engine/read/read-file.js';
import path from 'node:path';
import type { Argv } from 'yargs';
import { checkDate } from '../config/options.js';
import { FORMATS, type Format } from '../config/settings.js';
import { EXIT_OK, UsageError } from '../errors.js';
import { mergeReports, parseReport, withRepositoryPaths, type MergeSource } from '../report/merge.js';
import { FORMATTERS } from '../report/formats/index.js';
import { summaryLine } from '../report/report.js';
import type { CommandRunner, GlobalArgs } from './shared.js';
import type { Io } from '../io.js';

export interface MergeArgs extends GlobalArgs {
  reports?: string[];
  format?: Format;
  output?: string;
  today?: string;
  warnWithin?: number;
}

export function builder(y: Argv<GlobalArgs>): Argv<MergeArgs> {
  return y
    .positional('reports', { describe: 'JSON reports (collab-migrate --format json), or folders holding them', type: 'string', array: true })
    .option('format', { alias: 'f', describe: 'Output format', choices: FORMATS, default: 'text' as Format })
    .option('output', { alias: 'o', describe: 'Write the merged report to a file', type: 'string' })
    .option('today', { describe: 'The day states are computed for (default: the latest day of the reports)', type: 'string' })
    .option('warn-within', { describe: 'Warning window in days (default: the largest of the reports)', type: 'number' })
    .example('$0 merge reports/ --format html -o org.html', 'One page for every repository')
    .example('$0 merge reports/*.json --format markdown', 'The summary table for a job summary') as unknown as Argv<MergeArgs>;
}

function jsonFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsonFilesUnder(full));
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.json')) out.push(full);
  }
  return out;
}

function reportFiles(args: readonly string[], cwd: string): string[] {
  const files: string[] = [];
  for (const arg of args) {
    const full = path.resolve(cwd, arg);
    let isDir: boolean;
    try {
      isDir = statSync(full).isDirectory();
    } catch (error) {
      throw new UsageError(`Cannot read ${arg} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
    }
    if (!isDir) files.push(full);
    else {
      const found = jsonFilesUnder(full);
      if (found.length === 0) throw new UsageError(`${arg}: no .json report in this folder.`);
      files.push(...found);
    }
  }
  return files;
}

/**
 * The report files once each: a file named twice (also through a link or another path), or a copy with the same
 * bytes, would count one repository's findings twice; each one left out is said on stderr (issue 28).
 */
export function distinctReports(files: readonly string[], io: Pick<Io, 'cwd' | 'stderr'>): string[] {
  const seen = new Map<string, string>();
  const out: string[] = [];
  for (const file of files) {
    try {
      const st = statSync(file);
      // The same inode, or the same bytes (these are JSON reports; the merge reads each once more).
      const inode = `inode:${st.dev}:${st.ino}`;
      const bytes = `bytes:${hashOf(readTextFile(file))}`;
      const first = seen.get(inode) ?? seen.get(bytes);
      if (first === undefined) {
        seen.set(inode, file);
        seen.set(bytes, file);
        out.push(file);
        continue;
      }
      const shown = (f: string): string => printable(path.relative(io.cwd, f) || f);
      io.stderr.write(`collab-migrate: ${shown(file)} is the same report as ${shown(first)}: counted once.\n`);
    } catch {
      // Unreadable: the merge names it when it reads it.
      out.push(file);
    }
  }
  return out;
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export const run: CommandRunner<MergeArgs> = async (args, io) => {
  const paths = args.reports ?? [];
  if (paths.length === 0) throw new UsageError('merge: give the JSON reports to merge (files or folders).');
  const today = checkDate('--today', args.today);
  if (args.warnWithin !== undefined && (!Number.isInteger(args.warnWithin) || args.warnWithin < 0)) {
    throw new UsageError(`Invalid --warn-within "${args.warnWithin}": expected a whole number of days.`);
  }
  const output = args.output !== undefined ? path.resolve(io.cwd, args.output) : undefined;
  const sources: MergeSource[] = distinctReports(reportFiles(paths, io.cwd).filter((file) => file !== output), io)
    .map((file) => {
      const shown = path.relative(io.cwd, file) || file;
      let text: string;
      try {
        text = readTextFile(file);
      } catch (error) {
        throw new UsageError(`Cannot read ${shown} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
      }
      return { source: shown, report: parseReport(shown, text) };
    });
  const merged = mergeReports(sources, { ...(today ? { today } : {}), ...(args.warnWithin !== undefined ? { warnWithinDays: args.warnWithin } : {}) });
  const format = args.format ?? 'text';
  const keepsRepositories = format === 'json' || format === 'html' || format === 'markdown';
  const color = args.color ?? (!output && Boolean(io.stdout.isTTY) && !('NO_COLOR' in io.env));
  const text = FORMATTERS[format](keepsRepositories ? merged : withRepositoryPaths(merged), { texts: new Map(), cwd: io.cwd, color, notices: [] });
  if (output) {
    try {
      writeFileSync(output, text);
    } catch (error) {
      throw new UsageError(`Cannot write --output ${args.output} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
    }
    // A log shows what happened when the report went to a file (as the scan's summary line does).
    const repositories = merged.repositories?.length ?? sources.length;
    io.stderr.write(`${summaryLine(merged)}, from ${repositories} ${repositories === 1 ? 'repository' : 'repositories'}; wrote ${path.relative(io.cwd, output) || output} (${format})\n`);
  } else io.stdout.write(text);
  return EXIT_OK;
};
