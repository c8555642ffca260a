/**
 * Changes observed between publishes of one spec: a pair of readings, every consecutive pair of a history
 * (with persistence, reversal and young-endpoint checks), or one reading alone (its deprecations).
 */
import type { NoiseShape } from './noise.js';
import { operationKey, type SpecModel } from './openapi.js';
import { changeIdentity, deprecationsOf, diffSpecs, type ChangeClass, type ChangeRecord } from './spec-diff.js';

/** One reading of a spec: a file, or a spec file at a commit of a git repository. */
export interface SpecVersion {
  /** The spec's name (`webex-messaging`), used for grouping and the draft's area. */
  spec: string;
  /** The file (path inside the repository for a commit). */
  file: string;
  commit?: string;
  /** The publish day (`YYYY-MM-DD`) where known. */
  date?: string;
  /** Where a reader finds this reading (a URL of the spec at its commit, or the file). */
  url: string;
}

/** A loaded reading. */
export interface LoadedVersion extends SpecVersion {
  model: SpecModel;
}

/** A change with where and when it was seen. */
export interface ObservedChange extends ChangeRecord {
  spec: string;
  /** The reading that shows the change, and the one before it (absent in the one-spec mode). */
  seenIn: SpecVersion;
  previous?: SpecVersion;
  /** History only: whether the next publish still shows it. */
  persisted?: boolean;
  /** History only: seen in a spec's last publish, which no next publish has confirmed yet. */
  unconfirmed?: boolean;
}

const strip = (v: LoadedVersion): SpecVersion => {
  const { model: _model, ...rest } = v;
  return rest;
};

/** The changes between two readings of one spec. */
export function observePair(older: LoadedVersion, newer: LoadedVersion): ObservedChange[] {
  return diffSpecs(older.model, newer.model).map((c) => ({ ...c, spec: newer.spec, seenIn: strip(newer), previous: strip(older) }));
}

/** The deprecations one reading shows (deprecated operations, dated deprecation sentences). */
export function observeOne(version: LoadedVersion): ObservedChange[] {
  return deprecationsOf(version.model).map((c) => ({ ...c, spec: version.spec, seenIn: strip(version) }));
}

export interface HistoryOptions {
  /** An operation younger than this many days at the change is churn of a new endpoint (default 7). */
  minAgeDays?: number;
  /** Called after each pair, for progress output. */
  onPair?(index: number, total: number): void;
}

/** Lazily loaded readings, so only a few large specs are in memory at once. */
export interface VersionSource extends SpecVersion {
  load(): LoadedVersion;
}

const dayNumber = (date: string | undefined): number | undefined => (date ? Date.parse(`${date}T00:00:00Z`) / 86_400_000 : undefined);

/**
 * Every consecutive pair of `versions` (oldest first). A change is tagged `not-persisted` when the reading after
 * it no longer shows it (it is compared with that reading directly), `reverted` when the latest reading went
 * back, `young-endpoint` when its operation first appeared fewer than `minAgeDays` before. Changes of the last
 * pair have `persisted` undefined: the next publish will tell.
 */
export function observeHistory(versions: readonly VersionSource[], options: HistoryOptions = {}): ObservedChange[] {
  const minAge = options.minAgeDays ?? 7;
  if (versions.length < 2) return [];
  const out: ObservedChange[] = [];
  const latest = versions[versions.length - 1].load();
  const firstSeen = new Map<string, number | undefined>();
  const loaded = new Map<number, LoadedVersion>();
  const get = (i: number): LoadedVersion => {
    if (i === versions.length - 1) return latest;
    let v = loaded.get(i);
    if (!v) {
      v = versions[i].load();
      loaded.set(i, v);
    }
    return v;
  };
  const remember = (v: LoadedVersion): void => {
    for (const key of v.model.operations.keys()) if (!firstSeen.has(key)) firstSeen.set(key, dayNumber(v.date));
  };
  remember(get(0));
  // What the first publish already states (a deprecation sentence written before the history starts).
  for (const c of observeOne(get(0))) out.push({ ...c, persisted: true });
  for (let i = 0; i + 1 < versions.length; i++) {
    const older = get(i);
    const newer = get(i + 1);
    remember(newer);
    const changes = observePair(older, newer);
    const next = i + 2 < versions.length ? new Set(diffSpecs(older.model, get(i + 2).model).map(changeIdentity)) : undefined;
    const end = i + 2 < versions.length ? new Set(diffSpecs(older.model, latest.model).map(changeIdentity)) : undefined;
    for (const c of changes) {
      const id = changeIdentity(c);
      const noise: NoiseShape[] = [...c.noise];
      if (!next) c.unconfirmed = true;
      else {
        c.persisted = next.has(id);
        if (!c.persisted) noise.push('not-persisted');
        else if (end && !end.has(id)) noise.push('reverted');
      }
      const born = firstSeen.get(operationKey(c.method, c.path));
      const at = dayNumber(newer.date);
      if (c.class !== 'operation-added' && c.class !== 'operation-removed' && born !== undefined && at !== undefined && at - born < minAge) noise.push('young-endpoint');
      if (c.class === 'operation-removed' && born !== undefined && dayNumber(older.date) !== undefined && dayNumber(older.date)! - born < minAge) noise.push('young-endpoint');
      c.noise = noise;
      out.push(c);
    }
    loaded.delete(i);
    options.onPair?.(i + 1, versions.length - 1);
  }
  return out;
}

/** How sure a draft is that its change is a real API change. */
export type DraftConfidence = 'high' | 'medium' | 'low';

/** Observed changes drafted together (one change across operations and specs). */
export interface ChangeGroup {
  key: string;
  class: ChangeClass;
  changes: ObservedChange[];
  confidence: DraftConfidence;
  /** Why the confidence is what it is (noise shapes, class). */
  reasons: string[];
}
