/**
 * The package's own name and version, and where its per-notice docs live (SARIF `helpUri`, `explain`, the
 * Markdown report): the generated pages shipped in the installed package, or under the documentation home
 * the user names in `COLLAB_MIGRATE_DOCS_URL`. No repository address is assumed.
 */
import { readFileSync } from 'node:fs';
import { DOCS_URL_ENV, noticeDocUrl, packageReadmeUrl } from '../engine/catalog/sources.js';

interface PackageJson {
  name?: string;
  version?: string;
}

// cli/ compiles to dist/cli/, so the package root is two levels up from both.
const root = new URL(import.meta.url.includes('/dist/') ? '../../' : '../', import.meta.url);

function readPackage(): PackageJson {
  try {
    return JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as PackageJson;
  } catch {
    return {};
  }
}

const pkg = readPackage();

export const TOOL_NAME = pkg.name ?? 'collab-migrate';
export const TOOL_VERSION = pkg.version ?? '0.0.0';

/** Where `docs/notices/<id>.md` can be read: under the configured documentation home, else the installed file. */
export function docsUrl(id: string): string {
  return noticeDocUrl(id, process.env[DOCS_URL_ENV]);
}

/** The tool's home for SARIF `informationUri`: the configured documentation home, else the installed README. */
export function informationUri(): string {
  const base = process.env[DOCS_URL_ENV];
  return base !== undefined && base.trim() !== '' ? base : packageReadmeUrl();
}
