/**
 * What the product tells a user about where a notice comes from and where its documentation is: the
 * platform's public page for the change (from the catalog's `references`) and the notice's generated page
 * shipped in this package (`docs/notices/<id>.md`), or under a documentation home the user configures.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageRoot } from './catalog.js';
import { daysBetween } from './dates.js';
import type { IsoDate, Notice } from '../types.js';

/** Environment variable naming a documentation home (a URL whose `<id>.md` pages mirror `docs/notices/`). */
export const DOCS_URL_ENV = 'COLLAB_MIGRATE_DOCS_URL';

/** The package-relative path of a notice's generated page. */
export const noticeDocPath = (id: string): string => `docs/notices/${id}.md`;

/**
 * Where a notice's generated page can be read: under `base` when the user configures one (a directory URL),
 * else the file shipped in the installed package (a `file:` URL that exists).
 */
export function noticeDocUrl(id: string, base?: string): string {
  if (base !== undefined && base.trim() !== '') return new URL(`${encodeURIComponent(id)}.md`, base.endsWith('/') ? base : `${base}/`).href;
  return pathToFileURL(join(packageRoot(), noticeDocPath(id))).href;
}

/** The package's README (the tool's home for SARIF `informationUri` when the user configures none). */
export function packageReadmeUrl(): string {
  return pathToFileURL(join(packageRoot(), 'README.md')).href;
}

/**
 * The notice's public source in one line: the page's title, the product area and the notice's date, and the
 * page's address (`Webex API changelog, licenses, 2026-01-26: https://...`).
 */
export function citation(notice: Notice, references: Readonly<Record<string, string>>): string {
  const url = notice.source.url;
  const date: IsoDate | undefined = notice.announced ?? notice.effective;
  const title = url !== undefined ? (references[url] ?? 'public documentation') : `source ${notice.source.section}`;
  return `${title}, ${notice.area}${date !== undefined ? `, ${date}` : ''}${url !== undefined ? `: ${url}` : ''}`;
}

/** Days a catalog may go without a review against the platform's changelog before a run says so. */
export const CATALOG_MAX_AGE_DAYS = 90;

/** How old the catalog's review is on `today`, and whether that is more than {@link CATALOG_MAX_AGE_DAYS}. */
export function catalogAge(reviewed: IsoDate, today: IsoDate): { reviewed: IsoDate; days: number; stale: boolean } {
  const days = daysBetween(reviewed, today);
  return { reviewed, days, stale: days > CATALOG_MAX_AGE_DAYS };
}

/** The one-line notice a run prints when the catalog is stale. */
export function staleCatalogMessage(age: { reviewed: IsoDate; days: number }, today: IsoDate): string {
  return `the notices catalog was last reviewed against the platform's API changelog on ${age.reviewed}, ${age.days} days before ${today}: newer notices may exist. Update collab-migrate, or add them with --notices.`;
}
