/**
 * Option checks shared by the commands: dates, notice ids, the catalog (built-in plus `--notices`).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { CatalogError, loadCatalog, suggestId, type LoadedCatalog } from '../../engine/catalog/catalog.js';
import { compareIds, isValidIsoDate } from '../../engine/catalog/dates.js';
import { analysis } from '../scan/analysis.js';
import type { Notice } from '../../engine/types.js';
import { UsageError } from '../errors.js';
import { realToday, type Io } from '../io.js';

/** Environment variable that pins "today" (for tests and reproducible CI runs). */
export const TODAY_ENV = 'COLLAB_MIGRATE_TODAY';

/** Checks a `YYYY-MM-DD` option; undefined stays undefined. */
export function checkDate(flag: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = String(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    throw new UsageError(`Invalid ${flag} "${text}": expected a date as YYYY-MM-DD.`);
  }
  if (!isValidIsoDate(text)) throw new UsageError(`Invalid ${flag} "${text}": no such calendar day.`);
  return text;
}

/**
 * A whole-number flag as typed (`--warn-within 30`), at least `min`; the error echoes what was typed.
 * A repeated flag takes its last value, as yargs does for other flags.
 */
export function parseWholeNumber(flag: string, value: unknown, min: number, unit: string): number {
  const typed = Array.isArray(value) ? value[value.length - 1] : value;
  const text = String(typed).trim();
  const n = /^[-+]?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`Invalid ${flag} "${String(typed)}": expected a whole number of ${unit}${min === 0 ? ' (0 or more)' : ` (${min} or more)`}.`);
  }
  return n;
}

/** `--today`, else `$COLLAB_MIGRATE_TODAY`, else the real local date. */
export function resolveToday(flag: unknown, io: Io): string {
  if (flag !== undefined) return checkDate('--today', flag)!;
  const pinned = io.env[TODAY_ENV];
  if (pinned !== undefined && pinned !== '') return checkDate(TODAY_ENV, pinned)!;
  return realToday();
}

/** Accepts repeated flags and comma-separated values alike: `--only a,b --only c`. */
export function splitList(values: readonly unknown[] | unknown): string[] {
  const list = Array.isArray(values) ? values : values === undefined ? [] : [values];
  return list
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

/** The message for an id the catalog does not know, with the nearest id when there is one. */
export function unknownNoticeMessage(id: string, catalog: LoadedCatalog, what = 'notice'): string {
  const hint = suggestId(id, catalog.notices.map((n) => n.id));
  return hint ? `Unknown ${what} "${id}". Did you mean "${hint}"?` : `Unknown ${what} "${id}". Run "collab-migrate notices" to list them.`;
}

/** Throws a UsageError for the first id the catalog does not know. */
export function checkIds(flag: string, ids: readonly string[], catalog: LoadedCatalog): void {
  for (const id of ids) {
    if (!catalog.get(id)) throw new UsageError(`${flag}: ${unknownNoticeMessage(id, catalog)}`);
  }
}

/** Loads the built-in catalog plus the user's extra files; every failure becomes one line. */
export function openCatalog(extraFiles: readonly string[], cwd: string, name = '--notices'): LoadedCatalog {
  const files = extraFiles.map((f) => path.resolve(cwd, f));
  for (const file of files) {
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats) throw new UsageError(`${name}: file not found: ${path.relative(cwd, file) || file}`);
    // A folder, or a FIFO (whose read would wait for a writer for ever).
    if (!stats.isFile()) throw new UsageError(`${name}: not a regular file: ${path.relative(cwd, file) || file}`);
  }
  try {
    const catalog = loadCatalog(files.length ? { extraFiles: files } : undefined);
    if (files.length) checkHandlers(catalog, files.map((f) => path.relative(cwd, f) || f));
    return catalog;
  } catch (error) {
    if (error instanceof CatalogError) {
      const where = [error.noticeId ? `notice "${error.noticeId}"` : undefined, error.pointer ? `at ${error.pointer}` : undefined].filter(Boolean).join(' ');
      const message = error.message.includes(error.pointer) || !where ? error.message : `${error.message} (${where})`;
      const file = error.file && !message.includes(error.file) ? `${error.file}: ` : '';
      throw new UsageError(`Invalid catalog: ${file}${message}`, { cause: error });
    }
    throw error;
  }
}

/**
 * A `custom` detection names a module of engine/notices/; one this version does not have is an error of the
 * user's catalog, said before any file is read (the schema cannot know the names).
 */
function checkHandlers(catalog: LoadedCatalog, files: readonly string[]): void {
  const { noticeHandlers } = analysis();
  const hint = (name: string): string => {
    const s = suggestId(name, [...noticeHandlers.keys()]);
    return s === undefined ? '' : ` (did you mean "${s}"?)`;
  };
  for (const notice of catalog.notices) {
    notice.detections.forEach((d, i) => {
      if (d.kind !== 'custom' || noticeHandlers.has(d.handler)) return;
      throw new UsageError(
        `Invalid catalog: ${files.join(', ')}: notice "${notice.id}" at detections/${i}/handler: unknown handler "${d.handler}"${hint(d.handler)}; a user catalog can use the generic detection kinds, or a handler this version has (${[...noticeHandlers.keys()].sort().join(', ')})`,
      );
    });
  }
}

/** Sort key: dated notices by effective day, then pending, contract, informational. */
export function compareNotices(a: Notice, b: Notice): number {
  const rank = (n: Notice): number => (n.effective ? 0 : n.status === 'pending' ? 1 : n.status === 'contract' ? 2 : 3);
  return rank(a) - rank(b) || compareIds(a.effective ?? '', b.effective ?? '') || compareIds(a.id, b.id);
}
