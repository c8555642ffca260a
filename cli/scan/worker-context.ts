/**
 * The engine options of a scan, rebuilt in another thread (a pool worker, or the walker thread once the
 * walk is over): the same catalog (checked by hash), the same notices and engine options.
 */
import { loadCatalog } from '../../engine/catalog/catalog.js';
import { DEFAULT_WARN_WITHIN_DAYS } from '../../engine/catalog/dates.js';
import type { EngineOptions, Notice } from '../../engine/types.js';
import type { ScanContext } from './scan-core.js';
import { setJournaling, unlisted } from '../../engine/project/journal.js';
import { holdFilesSteady, useScanRoots } from './analysis.js';

/** What a thread needs to rebuild the run's engine options. */
export interface WorkerSetup {
  /** Absolute paths of the user's extra catalogs (`--notices`). */
  extraFiles: string[];
  /** The catalog hash the main thread loaded; a thread that loads another stops with an error. */
  catalogHash: string;
  noticeIds: string[];
  engine: EngineOptions;
  /** The result cache's folder (`--cache`): not part of a folder's listing (engine/project/journal.ts). */
  cacheLocation?: string;
}

/** The setup for another thread from the main thread's context. */
export function workerSetup(ctx: ScanContext, extraFiles: readonly string[], cacheLocation?: string): WorkerSetup {
  return {
    ...(cacheLocation !== undefined ? { cacheLocation } : {}),
    extraFiles: [...extraFiles],
    catalogHash: ctx.analyze.catalog.hash,
    noticeIds: ctx.analyze.notices.map((n) => n.id),
    engine: { ...(ctx.analyze.engine ?? {}) },
  };
}

/** Loads the catalog and selects the notices; throws when the catalog differs from the main thread's. */
export function workerContext(setup: WorkerSetup): ScanContext {
  if (setup.cacheLocation !== undefined) unlisted(setup.cacheLocation);
  // What an analysis read is recorded only for the cache.
  setJournaling(setup.cacheLocation !== undefined);
  // A pool thread lives for one scan, which changes no file: each imported module is checked once (engine/project/modules.ts).
  holdFilesSteady(true);
  // The scan roots, as the main thread uses them (the root of a file with no marker above it).
  useScanRoots(setup.engine.scanRoots);
  const catalog = loadCatalog(setup.extraFiles.length ? { extraFiles: setup.extraFiles } : undefined);
  if (catalog.hash !== setup.catalogHash) throw new Error('the thread loaded a different catalog than the main thread');
  const notices = setup.noticeIds.map((id) => {
    const notice = catalog.get(id);
    if (!notice) throw new Error(`the thread's catalog has no notice "${id}"`);
    return notice;
  }) satisfies Notice[];
  // Dates only matter for severities, which the main thread applies.
  return { analyze: { catalog, notices, engine: setup.engine }, dates: { today: '1970-01-01', warnWithinDays: DEFAULT_WARN_WITHIN_DAYS }, today: '1970-01-01' };
}
