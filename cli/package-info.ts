/**
 * The package's own name and version, and where its per-notice docs live (SARIF `helpUri`, `explain`, the
 * Markdown report): under the documentation home the user names in `COLLAB_MIGRATE_DOCS_URL`, else in the
 * repository package.json names.
 */
import { hasNoticePage, isLocalUrl, noticeDocUrl, packageHomeUrl } from '../engine/catalog/sources.js';

export { TOOL_NAME, TOOL_VERSION } from './version.js';

/**
 * Where `docs/notices/<id>.md` can be read: under `COLLAB_MIGRATE_DOCS_URL`, else in the package's repository at
 * the installed version's tag (package.json `repository`), else the installed file (engine/catalog/sources.ts).
 */
export function docsUrl(id: string): string {
  return noticeDocUrl(id);
}

/** The tool's home for SARIF `informationUri`: the configured documentation home, else package.json `homepage`. */
export function informationUri(): string {
  return packageHomeUrl();
}

/** The notice's page for output that leaves the machine (SARIF, Markdown, HTML, JSON): a web address or nothing. */
export function webDocsUrl(id: string): string | undefined {
  if (!hasNoticePage(id)) return undefined;
  const url = docsUrl(id);
  return isLocalUrl(url) ? undefined : url;
}
