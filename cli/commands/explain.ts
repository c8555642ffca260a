/** `collab-migrate explain <id>`: everything the catalog says about one notice, with its example. */
import type { Argv } from 'yargs';
import { countdown } from '../../engine/catalog/dates.js';
import { fixTimingOf, isFinalFormDue } from '../../engine/fix/timing.js';
import type { Notice } from '../../engine/types.js';
import { UsageError } from '../errors.js';
import type { Io } from '../io.js';
import { openCatalog, resolveToday, splitList, unknownNoticeMessage } from '../config/options.js';
import { citation } from '../../engine/catalog/sources.js';
import { describeScope } from '../../engine/api/scoped.js';
import { docsUrl } from '../package-info.js';
import { DOCS_URL_ENV, hasNoticePage, isLocalUrl } from '../../engine/catalog/sources.js';
import { listFormat, withListFormat, type CommandRunner, type GlobalArgs, type ListFormatArgs } from './shared.js';
import { printableLines } from '../../engine/read/printable.js';

export interface ExplainArgs extends GlobalArgs, ListFormatArgs {
  id?: string;
  today?: string;
}

export function builder(y: Argv<GlobalArgs>): Argv<ExplainArgs> {
  return withListFormat(y, 'the notice')
    .positional('id', { describe: 'A notice id (see "collab-migrate notices")', type: 'string' })
    .option('today', { describe: 'The day the countdown is computed from', type: 'string' }) as unknown as Argv<ExplainArgs>;
}

function indent(text: string, by = '    '): string {
  return text
    .split('\n')
    .map((l) => (l ? by + l : l))
    .join('\n');
}

/** The fix's timing and what `--fix` writes on `today`: "expand-contract: writes the transitional form today (until 2026-05-19)". */
function fixTimingLabel(notice: Notice, today: string): string {
  const kind = fixTimingOf(notice);
  if (notice.fix !== 'autofix') return kind;
  if (kind === 'safe') return 'safe any day';
  const due = isFinalFormDue(notice, { today });
  if (due) return `${kind}: --fix writes the final form today`;
  return kind === 'expand-contract'
    ? `${kind}: --fix writes the transitional form today (final form from ${notice.effective ?? 'the date'})`
    : `${kind}: a suggestion today, an autofix from ${notice.effective ?? 'the date'}`;
}

export const run: CommandRunner<ExplainArgs> = async (args, io: Io) => {
  const today = resolveToday(args.today, io);
  const catalog = openCatalog(splitList(args.notices), io.cwd);
  const id = String(args.id ?? '');
  const notice = catalog.get(id);
  if (!notice) throw new UsageError(unknownNoticeMessage(id, catalog));
  if (listFormat(args, io) === 'json') {
    io.stdout.write(JSON.stringify(notice, null, 2) + '\n');
    return 0;
  }
  const out: string[] = [];
  out.push(`${notice.id}: ${notice.title}`);
  out.push('');
  const field = (label: string, value: string | undefined): void => {
    if (value !== undefined && value !== '') out.push(`${(label + ':').padEnd(13)}${value}`);
  };
  field('Status', notice.status);
  field('Area', notice.area);
  field('Breaking', notice.breaking ? 'yes' : 'no');
  field('Announced', notice.announced);
  field('Deprecated', notice.deprecated);
  field('Effective', notice.effective ? `${notice.effective}${notice.precision && notice.precision !== 'day' ? ` (${notice.precision})` : ''}` : undefined);
  field('Stated as', notice.effectiveText);
  field('Moved from', notice.dateHistory?.length ? notice.dateHistory.join(' -> ') : undefined);
  field('Countdown', `${countdown(notice, today)} (today ${today})`);
  field('Fix', notice.fix === 'none' ? 'none' : `${notice.fix}, ${fixTimingLabel(notice, today)}`);
  field('Source', citation(notice, catalog.catalog.references ?? {}));
  if (notice.source.docs !== undefined) field('API docs', `${catalog.catalog.references?.[notice.source.docs] ?? 'public documentation'}: ${notice.source.docs}`);
  field('Reviewed', `catalog reviewed against the platform's API changelog on ${catalog.catalog.reviewed}`);
  const docs = docsUrl(notice.id);
  if (!hasNoticePage(notice.id)) field('Docs', `none (a notice of your own catalog: collab-migrate ships no page for it; set ${DOCS_URL_ENV} to a documentation home that has one)`);
  else field('Docs', isLocalUrl(docs) ? `${docs} (the installed copy: no documentation URL is known; set ${DOCS_URL_ENV} to link elsewhere)` : docs);
  out.push('');
  out.push(notice.summary);
  out.push('');
  out.push(`Instead: ${notice.instead}`);
  if (notice.source.quote) out.push(`As announced: "${notice.source.quote}"`);
  if (notice.reason) out.push(`${notice.status === 'informational' ? 'Not detected' : 'Limits'}: ${notice.reason}`);
  if (notice.fix !== 'none' && notice.fixTiming) out.push(`Fix in time: ${notice.fixTiming.reason}`);
  if (notice.detections.length > 0) {
    out.push('');
    out.push(`Detections (${notice.detections.length}):`);
    for (const d of notice.detections) {
      out.push(`  - ${d.kind}${'handler' in d ? ` (${d.handler})` : ''}${d.note ? `: ${d.note}` : ''}`);
      if (d.scope) for (const line of describeScope(d.scope, undefined, d.kind)) out.push(`      ${line}`);
    }
  }
  if (notice.detections.length > 0 && notice.status !== 'informational') {
    out.push('');
    out.push('Confidence:');
    out.push(`  certain  the code is tied to the notice's endpoint${notice.fix === 'autofix' ? '; --fix and ESLint --fix apply the autofix' : ''}`);
    out.push(`  likely   the name matches and the file calls the API, but the value cannot be tied to an endpoint;${notice.fix === 'autofix' ? ' the fix is offered as a suggestion only' : ' reported, never fixed'}`);
    out.push('  Each finding says which it is and why: JSON `confidence`/`confidenceReason`, SARIF result properties, text `[likely: ...]`.');
  }
  if (notice.example) {
    out.push('');
    out.push(`Example (${notice.example.language}), before:`);
    out.push(indent(notice.example.before.replace(/\n$/, '')));
    if (notice.example.transitional !== undefined) {
      out.push(`transitional form (written before ${notice.effective ?? 'the date'}; works on both sides of it):`);
      out.push(indent(notice.example.transitional.replace(/\n$/, '')));
      out.push(`final form (written from ${notice.effective ?? 'the date'} on, or with --fix-mode final):`);
    } else {
      out.push('after:');
    }
    out.push(indent(notice.example.after.replace(/\n$/, '')));
  }
  // A user catalog's text: control characters escaped (issue 28).
  io.stdout.write(printableLines(out.join('\n')) + '\n');
  return 0;
};
