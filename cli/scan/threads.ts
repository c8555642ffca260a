/** When a scan uses threads besides the main one (no imports, so the command line can load it at once). */

/**
 * Below this many files to analyse (after cache hits) the scan runs in one thread: a worker starts by
 * loading the engine and the catalog, and the prefilter rules out most files in microseconds each.
 */
export const POOL_MIN_FILES = 4000;
/**
 * `auto` uses a pool only with at least this many cores. Measured on 2 cores (5,000 and 17,620 files): one
 * worker beside the main thread was no faster than the serial scan (7.3-12.4 s against 6.7-8.3 s), and
 * used 100 MB more memory. With two cores the second one walks the tree and helps read (walker.ts).
 */
export const POOL_MIN_CORES = 3;
