/**
 * What one file's analysis read besides its own text, for the CLI's result cache (`--cache`): a cached outcome
 * holds while every entry still has the value it had. An entry is one of
 * - a file's content: its path -> sha1 of its text ('' when absent or unreadable), for a module read to follow an
 *   import, an importer, an HTML page, a script a page loads, a `package.json`, an environment file...;
 * - a folder's listing: `\0list\0<dir>` -> a hash of its sorted names ('' when it is no folder), wherever the
 *   engine looked for what a folder holds (a new importer, page, environment file, a module a specifier now
 *   resolves to);
 * - a probe: `\0<kind>\0<arg>` -> a value a registered function recomputes from the disk (the project root of a
 *   folder, the configuration files a resolution from a folder reads).
 *
 * The engine remembers much per process (pages per folder, a package's importers, a folder's `package.json`):
 * such a memo ({@link journaled}) keeps what its computation read and gives it again to every analysis that uses
 * the remembered value, so an entry does not depend on which file of the run asked first.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../read/read-file.js';

/** The largest file hashed when a dependency is checked (the largest module or page the engine reads). */
const MAX_DEPENDENCY_BYTES = 2 * 1024 * 1024;

let current: Map<string, string> | undefined;
/** Whether analyses record what they read (on by default; the CLI turns it off for a run without `--cache`). */
let recording = true;

/**
 * Turns the recording on or off for the process (a scan with no cache to keep it in records nothing: the hashes of
 * the texts and folders it would record cost CPU). Returns the previous setting, for a run to restore.
 */
export function setJournaling(on: boolean): boolean {
  const was = recording;
  recording = on;
  return was;
}

/** Starts recording an analysis's reads (the previous record, if any, is dropped). */
export function journalStart(): void {
  current = recording ? new Map() : undefined;
}

/** The reads recorded since {@link journalStart}, and stops recording. */
export function journalStop(): Map<string, string> {
  const out = current ?? new Map<string, string>();
  current = undefined;
  return out;
}

export const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');

/** Whether an analysis is recording now (callers skip working out what to record when not). */
export function isRecording(): boolean {
  return current !== undefined;
}

/** Records one entry (a path and its content hash, or a listing or probe key and its value). */
export function note(key: string, value: string): void {
  current?.set(key, value);
}

/** Records a file's text as read ('' when it was absent or unreadable). */
export function noteText(file: string, text: string | undefined): void {
  if (current) current.set(file, text === undefined ? '' : sha1(text));
}

const LIST = '\0list\0';
const listings = new Map<string, string>();

/**
 * Names a listing leaves out: folders no analysis reads into (dependencies, VCS data, the cache's default folder;
 * `node_modules` itself matters to a resolution, which a probe records), and paths the run writes ({@link unlisted}).
 */
const NEVER_LISTED = new Set(['node_modules', '.git', '.collab-migrate-cache']);
const unlistedPaths = new Set<string>();

/** A path the run writes (the cache's folder): its appearing in a folder is no change to what the engine reads. */
export function unlisted(file: string): void {
  unlistedPaths.add(file);
}

/** Whether a path is one the run writes or a folder holding one (the cache's folder may be made with its parents). */
function holdsUnlisted(file: string): boolean {
  for (const u of unlistedPaths) if (u === file || u.startsWith(file + path.sep)) return true;
  return false;
}

/** A folder's names, hashed ('' when it is not a folder). */
function listingHash(dir: string): string {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return '';
  }
  const kept = names.filter((n) => !NEVER_LISTED.has(n) && (unlistedPaths.size === 0 || !holdsUnlisted(path.join(dir, n))));
  return sha1(kept.sort().join('\0'));
}

/** Records that the analysis depends on what a folder holds (its names; memoized per process). */
export function noteListing(dir: string): void {
  if (!current) return;
  const key = LIST + dir;
  let value = listings.get(key);
  if (value === undefined) listings.set(key, (value = listingHash(dir)));
  current.set(key, value);
}

const probes = new Map<string, (arg: string) => string>();
const probeValues = new Map<string, string>();

/** Registers how a kind of probe is computed from the disk (by the module that records it). */
export function registerProbe(kind: string, compute: (arg: string) => string): void {
  probes.set(kind, compute);
}

/** Forgets the remembered values of a kind of probe (what they depend on changed in this process). */
export function forgetProbes(kind: string): void {
  for (const key of [...probeValues.keys()]) if (key.startsWith(`\0${kind}\0`)) probeValues.delete(key);
}

/** Records a probe's value (memoized per process). */
export function noteProbe(kind: string, arg: string): void {
  if (!current) return;
  const key = `\0${kind}\0${arg}`;
  let value = probeValues.get(key);
  if (value === undefined) probeValues.set(key, (value = probes.get(kind)!(arg)));
  current.set(key, value);
}

/**
 * What a dependency entry is now on disk, to compare with the recorded value. `fileHash` may answer for a path
 * from what the caller knows already (the result cache: a scanned file whose size and time are unchanged).
 */
export function dependencyState(key: string, fileHash?: (file: string) => string | undefined): string {
  if (key.startsWith(LIST)) return listingHash(key.slice(LIST.length));
  if (key.startsWith('\0')) {
    const end = key.indexOf('\0', 1);
    const compute = end > 0 ? probes.get(key.slice(1, end)) : undefined;
    // A probe this build does not know (a cache written by another version is not read: the key has the version).
    return compute ? compute(key.slice(end + 1)) : '\0unknown';
  }
  const known = fileHash?.(key);
  if (known !== undefined) return known;
  try {
    return sha1(readRegularFile(key, MAX_DEPENDENCY_BYTES).toString('utf8'));
  } catch {
    return '';
  }
}

/** A remembered value with what computing it read. */
export interface Journaled<V> {
  value: V;
  reads: Map<string, string> | undefined;
}

/**
 * The value `map` remembers for `key`, computed once: what computing it read is recorded now and again each
 * time the value is given (so each analysis that uses it depends on those reads).
 */
export function journaled<K, V>(map: Map<K, Journaled<V>>, key: K, compute: () => V): V {
  const known = map.get(key);
  if (known) {
    replay(known.reads);
    return known.value;
  }
  const { value, reads } = capture(compute);
  map.set(key, { value, reads: reads.size > 0 ? reads : undefined });
  return value;
}

/**
 * What a value computed while nothing was recorded reads as: it does not say what was read, so an analysis that
 * is given the value later while recording (a `--cache` run after the ESLint plugin's or a run without a cache,
 * in one process) records this entry, whose state on disk ({@link dependencyState}: a probe no build registers)
 * never equals the recorded '' — the cached outcome is always checked again, never wrongly kept.
 */
export const UNRECORDED = '\0unrecorded\0';

/** Runs `fn`, returning what it read too (which is recorded in the enclosing analysis as well). */
export function capture<V>(fn: () => V): { value: V; reads: Map<string, string> } {
  if (!recording) return { value: fn(), reads: new Map([[UNRECORDED, '']]) };
  const outer = current;
  const mine = new Map<string, string>();
  current = mine;
  let value: V;
  try {
    value = fn();
  } finally {
    current = outer;
    if (outer) for (const [k, v] of mine) outer.set(k, v);
  }
  return { value, reads: mine };
}

/** Records again what an earlier computation read (its value is being used again). */
export function replay(reads: ReadonlyMap<string, string> | undefined): void {
  if (current && reads) for (const [k, v] of reads) current.set(k, v);
}
