/**
 * `collab-migrate codemod --project tsconfig.json`: the ts-morph codemod on a typed project (see
 * codemods/codemod.ts). Reports the fixes, the findings left and the TypeScript errors before and after;
 * writes unless `--dry-run`, and refuses to write when the migration would add TypeScript errors unless
 * `--force`. Exit codes: 0 done (or nothing to do), 1 refused or files not written, 2 usage.
 */
import path from 'node:path';
import type { Argv } from 'yargs';
import { DEFAULT_WARN_WITHIN_DAYS } from '../../engine/catalog/dates.js';
import type { Region } from '../../engine/types.js';
import { UsageError } from '../errors.js';
import type { Io } from '../io.js';
import { checkDate, parseWholeNumber, resolveToday, splitList } from '../config/options.js';
import { REGIONS } from '../config/settings.js';
import { dirtyFiles } from '../../engine/fix/migrate.js';
import type { CommandRunner, GlobalArgs } from './shared.js';
import { jsonPrintable, printableLines } from '../../engine/read/printable.js';

export interface CodemodArgs extends GlobalArgs {
  project?: string;
  before?: string;
  today?: string;
  warnWithin?: string;
  only?: string | string[];
  skip?: string | string[];
  region?: Region;
  strictScopes?: boolean;
  dryRun?: boolean;
  force?: boolean;
  allowDirty?: boolean;
  format?: 'text' | 'json';
}

export function builder(y: Argv<GlobalArgs>): Argv<CodemodArgs> {
  return y
    .option('project', { alias: 'p', describe: 'The tsconfig.json of the project to migrate', type: 'string', default: 'tsconfig.json', requiresArg: true })
    .option('before', { describe: 'Migrate everything effective on or before this day (YYYY-MM-DD)', type: 'string', group: 'Dates:' })
    .option('today', { describe: 'The day to compute severities for (default: today, or $COLLAB_MIGRATE_TODAY)', type: 'string', group: 'Dates:' })
    .option('warn-within', { describe: `Also migrate notices effective within this many days (default ${DEFAULT_WARN_WITHIN_DAYS})`, type: 'string', requiresArg: true, group: 'Dates:' })
    .option('only', { describe: 'Only these notice ids (comma-separated or repeated)', type: 'string', group: 'Notices:' })
    .option('skip', { describe: 'Skip these notice ids', type: 'string', group: 'Notices:' })
    .option('region', { describe: 'Region for detailed call history hosts', choices: REGIONS, group: 'Notices:' })
    .option('strict-scopes', { describe: 'Also report well-formed but unlisted OAuth scopes', type: 'boolean', group: 'Notices:' })
    .option('dry-run', { describe: 'Print the unified diff and the TypeScript errors before/after; write nothing', type: 'boolean', group: 'Writing:' })
    .option('force', { describe: 'Write even when the migration adds TypeScript errors', type: 'boolean', group: 'Writing:' })
    .option('allow-dirty', { describe: 'Let the codemod modify files with uncommitted changes', type: 'boolean', group: 'Writing:' })
    .option('format', { alias: 'f', describe: 'Output format', choices: ['text', 'json'] as const, group: 'Output:' })
    .example('$0 codemod --project tsconfig.json --before 2026-07-28', 'Migrate a typed project, renaming declared properties with every reference')
    .example('$0 codemod --dry-run', 'Show the diff and the TypeScript errors it would add, write nothing') as unknown as Argv<CodemodArgs>;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : /(s|x|ch|sh)$/.test(word) ? 'es' : 's'}`;

export const run: CommandRunner<CodemodArgs> = async (args, io: Io) => {
  const today = resolveToday(args.today, io);
  const before = checkDate('--before', args.before);
  const warnWithinDays = args.warnWithin !== undefined ? parseWholeNumber('--warn-within', args.warnWithin, 0, 'days') : undefined;
  // Loaded on demand: ts-morph and TypeScript are heavy, and only this command needs them. ts-morph is an optional
  // dependency (`npm install --omit=optional` leaves it out): say so rather than show a module error.
  let loaded: typeof import('../../codemods/codemod.js');
  try {
    loaded = await import('../../codemods/codemod.js');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && /'ts-morph'/.test((error as Error).message)) {
      throw new UsageError('The codemod needs ts-morph, an optional dependency of collab-migrate that is not installed here: npm install --save-dev ts-morph');
    }
    throw error;
  }
  const { runCodemod, CodemodOptionsError } = loaded;
  const write = !args.dryRun;
  let result: Awaited<ReturnType<typeof runCodemod>>;
  try {
    result = await runCodemod({
      project: args.project ?? 'tsconfig.json',
      cwd: io.cwd,
      today,
      only: splitList(args.only),
      skip: splitList(args.skip),
      notices: splitList(args.notices),
      write,
      force: Boolean(args.force),
      ...(before ? { before } : {}),
      ...(warnWithinDays !== undefined ? { warnWithinDays } : {}),
      ...(args.region ? { region: args.region } : {}),
      ...(args.strictScopes ? { strictScopes: true } : {}),
      beforeWrite: (files) => {
        if (args.allowDirty) return;
        const dirty = dirtyFiles(files);
        if (dirty.length === 0) return;
        const shown = dirty.slice(0, 3).map((f) => path.relative(io.cwd, f)).join(', ');
        throw new UsageError(`${plural(dirty.length, 'file')} to change ${dirty.length === 1 ? 'has' : 'have'} uncommitted changes (${shown}${dirty.length > 3 ? ', ...' : ''}); commit or stash them, or use --allow-dirty.`);
      },
    });
  } catch (error) {
    if (error instanceof CodemodOptionsError) throw new UsageError(error.message, { cause: error });
    throw error;
  }
  const rel = (f: string): string => (path.relative(io.cwd, f) || f).split(path.sep).join('/');
  if (args.format === 'json') {
    const json = {
      tsconfig: rel(result.tsconfig),
      notices: result.notices,
      files: result.fileCount,
      changed: result.changed.map((m) => ({ file: rel(m.filename), fixed: m.fixed.length, remaining: m.remaining.length, ...(m.notes ? { notes: m.notes } : {}) })),
      remaining: result.remaining.map((m) => ({ noticeId: m.noticeId, message: m.message, line: m.loc.start.line, column: m.loc.start.column + 1 })),
      failures: result.failures.map((f) => ({ file: rel(f.file), reason: f.reason })),
      diagnostics: { before: result.diagnostics.before.length, after: result.diagnostics.after.length, added: result.diagnostics.added, removed: result.diagnostics.removed },
      written: result.written.map(rel),
      notWritten: result.notWritten.map((f) => ({ file: rel(f.file), reason: f.reason })),
      ...(result.refused ? { refused: result.refused } : {}),
      dryRun: !write,
    };
    io.stdout.write(jsonPrintable(JSON.stringify(json, null, 2)) + '\n');
  } else {
    const out: string[] = [];
    out.push(`${rel(result.tsconfig)}: ${plural(result.fileCount, 'file')}, ${plural(result.notices.length, 'notice')} selected (today ${today}${before ? `, before ${before}` : ''})`);
    if (!write && result.changed.length > 0) {
      // The same form as `--fix --dry-run` (cli/report/diff.ts).
      const { unifiedDiff } = await import('../report/diff.js');
      for (const m of result.changed) out.push(unifiedDiff(rel(m.filename), m.before, m.after).trimEnd());
    }
    for (const m of result.changed) out.push(`  ${rel(m.filename)}: ${plural(m.fixed.length, 'fix')}${m.remaining.length ? `, ${m.remaining.length} left` : ''}`);
    for (const f of result.failures) out.push(`  ${rel(f.file)}: not fixed: ${f.reason}`);
    for (const n of result.notes) out.push(`  note: ${n}`);
    const d = result.diagnostics;
    out.push(`TypeScript errors: ${d.before.length} before, ${d.after.length} after${d.added.length ? ` (${d.added.length} added)` : ''}${d.removed.length ? ` (${d.removed.length} removed)` : ''}`);
    for (const e of d.added) out.push(`  added: ${e.file}:${e.line}:${e.column} ${e.code} ${e.message}`);
    if (result.remaining.length > 0) out.push(`${plural(result.remaining.length, 'finding')} not fixed automatically (run \`collab-migrate\` on the project for details)`);
    if (result.changed.length === 0) out.push('Nothing to change.');
    else if (!write) out.push(`Dry run: ${plural(result.changed.length, 'file')} would change; nothing written.`);
    else if (result.refused) out.push(`Refused: ${result.refused.replace('force to write', 'use --force to write')}.`);
    else out.push(`Wrote ${plural(result.written.length, 'file')}.`);
    for (const f of result.notWritten) out.push(`  not written: ${rel(f.file)}: ${f.reason}`);
    // Diffs and names come from the repository: control characters escaped (issue 28).
    io.stdout.write(printableLines(out.join('\n')) + '\n');
  }
  return result.refused || result.notWritten.length > 0 ? 1 : 0;
};
