/**
 * Whether `npm run build`'s second step (scripts/bundle.ts) has anything to do. A fresh clone bundles in `npm ci`'s
 * `prepare`, then `npm test`'s build (then `build:checked`) bundled the same `dist/` again, and the clean-clone test's folder
 * install ran `prepare` again on a clone its `npm ci` had just built: each time the same output, about 6 s of CPU
 * (five rolldown builds and two scans that write V8's code caches). The bundle now records what it read and what it
 * wrote, and a run that finds both unchanged writes nothing.
 *
 * What it read: every file of `dist/` that is not its own output (tsc's output, the bundle scripts themselves
 * included; declaration files and build info aside, which it never reads), the built-in catalog (`notices.json`, its
 * index), the folder it scans for the code caches (`examples/consumer-app`), npm's record of `node_modules`
 * (`node_modules/.package-lock.json`, rewritten by every install that changes it: rolldown, yargs and the other
 * bundled packages) and this Node (its version, V8's, the platform: the code caches are V8's). What it wrote: every
 * output, with its content and whether it is executable. A hash of each; the record is kept in
 * `node_modules/.cache/collab-migrate/bundle-stamp.json` (never packed). Anything missing, changed or unreadable
 * means "bundle": the check can only skip a run whose output would be what is there.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What scripts/bundle.ts writes in `dist/cli/` (tsc emits no file of these names; `bin.cjs` is tsc's, made executable); it also writes `dist/catalog-index.json` and the ESLint plugin's bundle `dist/rules/eslint-plugin.js`. */
const OUTPUT = /^(bin(-[\w.-]+)?\.(js|cache)|bin-[\w.-]+\.cjs|walk-worker-(bundle|loader)\.cjs|walk-worker-bundle-[\w.-]+\.cache|scope-manager-bundle(-[\w.-]+\.cache|\.cjs)|catalog-validators\.cjs)$/;

/** Whether a file of `dist/cli/` of this name is the bundle's output (the record hashes it as written, not as read). */
export const isBundleOutput = (name: string): boolean => OUTPUT.test(name);

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

function hashFiles(root: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    const executable = (statSync(file).mode & 0o111) !== 0;
    hash.update(`${path.relative(root, file)}\0${executable}\0`).update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** The hashes of what the bundle reads and of what it wrote; throws when something is missing. */
function current(dist: string): { inputs: string; outputs: string } {
  const root = path.dirname(dist);
  const cli = path.join(dist, 'cli');
  const isOutput = (f: string) =>
    (path.dirname(f) === cli && isBundleOutput(path.basename(f))) || f === path.join(dist, 'catalog-index.json') || f === path.join(dist, 'rules', 'eslint-plugin.js');
  const built = walk(dist, []).filter((f) => !f.endsWith('.d.ts') && !f.endsWith('.tsbuildinfo'));
  const outputs = built.filter(isOutput);
  if (!outputs.some((f) => path.basename(f) === 'bin.js')) throw new Error('no dist/cli/bin.js');
  const inputs = [
    ...built.filter((f) => !isOutput(f)),
    path.join(root, 'notices.json'),
    path.join(root, 'node_modules', '.package-lock.json'),
    ...walk(path.join(root, 'examples', 'consumer-app'), []),
  ];
  const node = `${process.version} ${process.versions.v8} ${process.platform} ${process.arch}\0`;
  return { inputs: createHash('sha256').update(node).update(hashFiles(root, inputs)).digest('hex'), outputs: hashFiles(root, outputs) };
}

const stampPath = (dist: string) => path.join(path.dirname(dist), 'node_modules', '.cache', 'collab-migrate', 'bundle-stamp.json');

/** True when the last bundle of this `dist/` read what is there now and its outputs are as it wrote them. */
export function bundleUpToDate(dist: string): boolean {
  try {
    const stamp = JSON.parse(readFileSync(stampPath(dist), 'utf8')) as { inputs?: unknown; outputs?: unknown };
    const now = current(dist);
    return stamp.inputs === now.inputs && stamp.outputs === now.outputs;
  } catch {
    return false;
  }
}

/** Forgets the last bundle (before bundling: a run that fails half way leaves no record). */
export function clearBundleStamp(dist: string): void {
  rmSync(stampPath(dist), { force: true });
}

/** Records what this bundle read and wrote (after it succeeded); a record that cannot be written is no record. */
export function writeBundleStamp(dist: string): void {
  try {
    const now = current(dist);
    mkdirSync(path.dirname(stampPath(dist)), { recursive: true });
    writeFileSync(stampPath(dist), `${JSON.stringify(now)}\n`);
  } catch {
    clearBundleStamp(dist);
  }
}
