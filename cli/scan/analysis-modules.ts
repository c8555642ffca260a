/**
 * What the scan takes from the engine's analysis (the parsers, the detectors, the project model), in one module: the
 * command line's CommonJS bundle loads it as a chunk of its own on first use (cli/scan/analysis.ts), so that a run whose
 * files hold no notice token never loads or compiles it (issue 30, item 2).
 */
export { analyzeFile, ParserUnavailableError, prefilterEntries } from '../../engine/analyze.js';
export { holdFilesSteady, useScanRoots } from '../../engine/project/modules.js';
export { noticeHandlers } from '../../engine/notices/index.js';
export { TS_MORPH_INSTALL } from '../../engine/project/renames.js';
export { checkSyntax } from '../../engine/fix/edits.js';
