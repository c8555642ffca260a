/**
 * The package's own name and version, read from its package.json. Its own module (cli/package-info.ts re-exports
 * it) so that `--version` loads nothing else (cli/index.ts).
 */
import { readFileSync } from 'node:fs';

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
