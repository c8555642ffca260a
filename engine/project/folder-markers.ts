/**
 * Which of the names that resolution and project roots look for a folder holds, as the scan's walk listed them.
 *
 * For every folder from an analysed file up, the engine asks whether it holds `.git` and `package.json` (the
 * project's root: resolve.ts `markersAbove`), its `package.json`, `tsconfig.json` and `jsconfig.json` and whether they
 * are sane, and whether it holds `node_modules` or a Plug'n'Play manifest (resolve.ts `folderOf`): nine probes a
 * folder, most of them for a name that is not there. On sentry-javascript that was 3,622 failing `access` and ~2,000
 * failing `stat` calls of the main thread, while the walker thread had listed every one of those folders already
 * (docs/performance.md, "Thirty-first session: 31sentry2"). The walk notes, per folder it lists, which of
 * {@link FOLDER_MARKERS} it saw ({@link markerBits}); the main thread keeps that for the run ({@link noteFolderMarkers})
 * and probes only the names a listing holds ({@link mayHold}). A folder the walk did not list (above the scanned one,
 * or in a run without a walk: ESLint, the codemods, a pool worker) is probed as before.
 *
 * A listing can only rule a name out, never in: a name it holds is still probed (a link may dangle, a manifest may be
 * a device). And it rules out conservatively: on a case-insensitive file system `Package.json` answers a probe of
 * `package.json`, and a name outside ASCII may fold or normalise to an ASCII one there, so a name that matches a
 * marker in lower case marks it, and a name outside ASCII marks them all.
 */

/** The names looked for in a folder (resolve.ts), in the order of their bits. */
export const FOLDER_MARKERS = ['.git', 'package.json', 'tsconfig.json', 'jsconfig.json', 'node_modules', '.pnp.cjs', '.pnp.js'] as const;

export type FolderMarker = (typeof FOLDER_MARKERS)[number];

const BIT = new Map<string, number>(FOLDER_MARKERS.map((name, i) => [name, 1 << i]));

/** Every marker's bit: what a name outside ASCII stands for. */
export const ALL_MARKERS = (1 << FOLDER_MARKERS.length) - 1;

/** The longest marker name: an ASCII name longer than this is none of them in any letter case. */
const LONGEST = Math.max(...FOLDER_MARKERS.map((name) => name.length));

/** The markers a listed entry's name may be on the file system that listed it (0 for most names). */
export function markerBit(name: string): number {
  const exact = BIT.get(name);
  if (exact !== undefined) return exact;
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) > 0x7f) return ALL_MARKERS;
  return name.length > LONGEST ? 0 : (BIT.get(name.toLowerCase()) ?? 0);
}

/** The markers a folder whose listing holds these names may hold. */
export function markerBits(names: Iterable<{ name: string }>): number {
  let bits = 0;
  for (const entry of names) bits |= markerBit(entry.name);
  return bits;
}

/** The run's listed folders (absolute path as the walk built it) -> the markers each may hold. */
const listed = new Map<string, number>();

/** A folder the run's walk listed, and the markers its listing may hold ({@link markerBits}). */
export function noteFolderMarkers(dir: string, bits: number): void {
  listed.set(dir, bits);
}

/** Forgets every listing (a new walk begins: what an earlier run listed may have changed since). */
export function forgetFolderMarkers(): void {
  listed.clear();
}

/** Whether `dir` may hold `name`: false only when the run's walk listed the folder without it. */
export function mayHold(dir: string, name: FolderMarker): boolean {
  const bits = listed.get(dir);
  return bits === undefined || (bits & BIT.get(name)!) !== 0;
}
