/**
 * The engine's analysis as the scan reaches it (cli/scan/analysis-modules.ts): `analysis()` on first use. As tsc emits
 * it, the modules are imported with this one and `analysis()` gives them. In the command line's CommonJS bundle
 * (scripts/bundle.ts, `lazyAnalysis`) they are a chunk of their own, `bin-fast-analysis-modules.cjs`, required by the
 * first `analysis()` call, with its own code cache (cli/bin.cts): a scan whose files hold no notice token
 * (cli/scan/scan-core.ts, `idleWithoutTokens`) never loads or compiles the parsers, the detectors or the project model
 * (issue 30, item 2).
 *
 * The project model's run settings (`holdFilesSteady`, `useScanRoots`) are kept here until the analysis loads, and
 * handed to it then: the same settings as if it had been loaded from the start.
 */
import * as analysisModules from './analysis-modules.js';

export type Analysis = typeof analysisModules;

// scripts/bundle.ts rewrites the next two statements in the CommonJS bundle (they must keep this shape).
let loaded: Analysis | undefined = analysisModules;
const load = (): Analysis => analysisModules;

let steadyBeforeLoad = false;
let rootsBeforeLoad: readonly string[] | undefined;

/** The analysis, loaded on the first call. */
export function analysis(): Analysis {
  if (loaded) return loaded;
  const made = load();
  if (steadyBeforeLoad) made.holdFilesSteady(true);
  if (rootsBeforeLoad !== undefined) made.useScanRoots(rootsBeforeLoad);
  return (loaded = made);
}

/** engine/project/modules.ts's `holdFilesSteady`, kept until the analysis loads. */
export function holdFilesSteady(on: boolean): boolean {
  if (loaded) return loaded.holdFilesSteady(on);
  const was = steadyBeforeLoad;
  steadyBeforeLoad = on;
  return was;
}

/** engine/project/modules.ts's `useScanRoots`, kept until the analysis loads. */
export function useScanRoots(dirs: readonly string[] | undefined): void {
  if (loaded) loaded.useScanRoots(dirs);
  else rootsBeforeLoad = dirs;
}
