/** Where `--cache` keeps its file by default (a module of its own: the command line needs it before the engine loads). */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The default folder: `node_modules/.cache/collab-migrate` when there is a `node_modules`, else `.collab-migrate-cache`. */
export function defaultCacheLocation(cwd: string): string {
  return existsSync(path.join(cwd, 'node_modules')) ? path.join(cwd, 'node_modules', '.cache', 'collab-migrate') : path.join(cwd, '.collab-migrate-cache');
}
