/**
 * What the product tells a user about where a notice comes from and where its documentation is: the
 * platform's public page for the change (from the catalog's `references`) and the notice's generated page
 * shipped in this package (`docs/notices/<id>.md`), or under a documentation home the user configures.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageRoot } from './catalog.js';
import { daysBetween } from './dates.js';
import type { IsoDate, Notice } from '../types.js';

/**
 * Environment variable naming a documentation home (a URL whose `<id>.md` pages mirror `docs/notices/`): for a
 * fork, a mirror or an intranet copy of the docs. It wins over the address package.json gives.
 */
export const DOCS_URL_ENV = 'COLLAB_MIGRATE_DOCS_URL';

/** The package-relative path of a notice's generated page. */
export const noticeDocPath = (id: string): string => `docs/notices/${id}.md`;

interface PackageLinks {
  version?: unknown;
  homepage?: unknown;
  repository?: unknown;
}

let packageLinksCache: PackageLinks | undefined;

function packageLinks(): PackageLinks {
  if (packageLinksCache !== undefined) return packageLinksCache;
  try {
    packageLinksCache = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as PackageLinks;
  } catch {
    packageLinksCache = {};
  }
  return packageLinksCache;
}

/**
 * The web address of a package.json `repository` on GitHub (`git+https://github.com/o/r.git`, `github:o/r`,
 * `o/r` or `{ url }`), or undefined for anything else: only an address whose pages are known to render.
 */
export function repositoryWebUrl(repository: unknown): string | undefined {
  const raw = typeof repository === 'string' ? repository : typeof repository === 'object' && repository !== null ? (repository as { url?: unknown }).url : undefined;
  if (typeof raw !== 'string') return undefined;
  const m = /^(?:github:|git\+https:\/\/github\.com\/|https:\/\/github\.com\/|git:\/\/github\.com\/|git@github\.com:)?([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9._-]+?)(?:\.git)?\/?$/.exec(raw.trim());
  return m ? `https://github.com/${m[1]}/${m[2]}` : undefined;
}

const isHttps = (s: string): boolean => /^https:\/\//.test(s);

/**
 * Where the per-notice pages are read on the web, as a folder URL ending in `/`: `COLLAB_MIGRATE_DOCS_URL`
 * when set, else the `docs/notices/` folder of the package's repository at the tag of the installed version
 * (`<repository>/blob/v<version>/docs/notices/`), so a page matches the catalog that produced the finding.
 * Undefined when neither is known (a fork without a `repository`): callers then fall back to the local file.
 */
export function docsBaseUrl(env: string | undefined = process.env[DOCS_URL_ENV]): string | undefined {
  if (env !== undefined && env.trim() !== '') return env.trim().endsWith('/') ? env.trim() : `${env.trim()}/`;
  const pkg = packageLinks();
  const repo = repositoryWebUrl(pkg.repository);
  if (repo === undefined) return undefined;
  const ref = typeof pkg.version === 'string' && /^\d+\.\d+\.\d+/.test(pkg.version) ? `v${pkg.version}` : 'HEAD';
  return `${repo}/blob/${ref}/docs/notices/`;
}

/**
 * Where a notice's generated page can be read: under `base` (a folder URL; default {@link docsBaseUrl}), else
 * the file shipped in the installed package (a `file:` URL that exists, for `explain` and an editor only).
 */
export function noticeDocUrl(id: string, base: string | undefined = docsBaseUrl()): string {
  if (base !== undefined && base.trim() !== '') return new URL(`${encodeURIComponent(id)}.md`, base.endsWith('/') ? base : `${base}/`).href;
  return pathToFileURL(join(packageRoot(), noticeDocPath(id))).href;
}

const shipped = new Map<string, boolean>();

/**
 * Whether a notice has a page: this package ships one for each of its own notices (`docs/notices/<id>.md`), none
 * for a notice of a user's catalog (`--notices`), unless {@link DOCS_URL_ENV} names a documentation home, whose
 * pages are the user's to write. A link to a page that does not exist is not given (issue 28, item 24).
 */
export function hasNoticePage(id: string, env: string | undefined = process.env[DOCS_URL_ENV]): boolean {
  if (env !== undefined && env.trim() !== '') return true;
  let has = shipped.get(id);
  if (has === undefined) shipped.set(id, (has = /^[a-z0-9][a-z0-9-]*$/.test(id) && existsSync(join(packageRoot(), noticeDocPath(id)))));
  return has;
}

/** Whether a link only works on this machine (a `file:` URL). */
export const isLocalUrl = (url: string): boolean => url.startsWith('file:');

/**
 * The tool's home (SARIF `informationUri`): `COLLAB_MIGRATE_DOCS_URL`, else package.json `homepage`, else the
 * repository's address, else the installed README (a local file).
 */
export function packageHomeUrl(env: string | undefined = process.env[DOCS_URL_ENV]): string {
  if (env !== undefined && env.trim() !== '') return env.trim();
  const pkg = packageLinks();
  if (typeof pkg.homepage === 'string' && isHttps(pkg.homepage)) return pkg.homepage;
  return repositoryWebUrl(pkg.repository) ?? pathToFileURL(join(packageRoot(), 'README.md')).href;
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
