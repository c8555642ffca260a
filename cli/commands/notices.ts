/** `collab-migrate notices`: the catalog as a table sorted by effective date (or JSON). */
import type { Argv } from 'yargs';
import { countdown, isSelected } from '../../engine/catalog/dates.js';
import type { NoticeStatus } from '../../engine/types.js';
import type { Io } from '../io.js';
import { checkDate, compareNotices, openCatalog, resolveToday, splitList } from '../config/options.js';
import { listFormat, withListFormat, type CommandRunner, type GlobalArgs, type ListFormatArgs } from './shared.js';
import { printableLines } from '../../engine/read/printable.js';

export const STATUSES: readonly NoticeStatus[] = ['dated', 'pending', 'contract', 'informational'];

export interface NoticesArgs extends GlobalArgs, ListFormatArgs {
  before?: string;
  today?: string;
  status?: NoticeStatus[];
}

export function builder(y: Argv<GlobalArgs>): Argv<NoticesArgs> {
  return withListFormat(y, 'the selected notices')
    .option('before', { describe: 'Only notices effective on or before this day (plus contract and pending ones)', type: 'string' })
    .option('today', { describe: 'The day countdowns are computed from', type: 'string' })
    .option('status', { describe: 'Only notices with these statuses', choices: STATUSES, array: true })
    .example('$0 notices --before 2026-07-28', 'What must be migrated before 2026-07-28') as unknown as Argv<NoticesArgs>;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ').trimEnd()).join('\n') + '\n';
}

export const run: CommandRunner<NoticesArgs> = async (args, io: Io) => {
  const today = resolveToday(args.today, io);
  const before = checkDate('--before', args.before);
  const catalog = openCatalog(splitList(args.notices), io.cwd);
  const statuses = args.status && args.status.length ? new Set(args.status) : undefined;
  const notices = catalog.notices
    .filter((n) => !statuses || statuses.has(n.status))
    .filter((n) => !before || isSelected(n, { before }))
    .slice()
    .sort(compareNotices);
  if (listFormat(args, io) === 'json') {
    io.stdout.write(JSON.stringify(notices, null, 2) + '\n');
    return 0;
  }
  const rows = [['ID', 'STATUS', 'EFFECTIVE', 'COUNTDOWN', 'FIX', 'TITLE']];
  for (const n of notices) rows.push([n.id, n.status, n.effective ?? '-', countdown(n, today), n.fix, n.title]);
  // A user catalog's text: control characters escaped (issue 28).
  io.stdout.write(printableLines(table(rows)));
  io.stdout.write(`${notices.length} notice${notices.length === 1 ? '' : 's'} (today ${today}${before ? `, before ${before}` : ''}; catalog reviewed against the platform's API changelog on ${catalog.catalog.reviewed})\n`);
  return 0;
};
