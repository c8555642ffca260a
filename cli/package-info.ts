/** The package's own name, version and where its per-notice docs live (for SARIF `helpUri`). */
import { readFileSync } from 'node:fs';

interface PackageJson {
  name?: string;
  version?: string;
  homepage?: string;
  repository?: string | { url?: string };
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

function repositoryWeb(): string | undefined {
  const raw = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (!raw) return undefined;
  const m = /github\.com[/:]([^/]+\/[^/.]+)/.exec(raw);
  return m ? `https://github.com/${m[1]}` : undefined;
}

/** Where `docs/notices/<id>.md` can be read: the repository's web page when known, else the installed file. */
export function docsUrl(id: string): string {
  const web = repositoryWeb();
  if (web) return `${web}/blob/main/docs/notices/${id}.md`;
  return new URL(`docs/notices/${encodeURIComponent(id)}.md`, root).href;
}

/** The tool's home page for SARIF `informationUri`. */
export function informationUri(): string {
  return pkg.homepage ?? repositoryWeb() ?? new URL('README.md', root).href;
}
