/**
 * collab-migrate as a library: the catalog, date logic, analysis and fixes that the ESLint plugin,
 * the codemods and the CLI are built on.
 *
 * The engine reads top to bottom by stage, one folder each (DESIGN.md): `read/` (reading untrusted files),
 * `catalog/` (the catalog, dates, options), `prefilter/` (from text alone, which detections can apply),
 * `parse/` (text to ESTree), `api/` (the HTTP calls of a file and the endpoints they reach), `detectors/` and
 * `notices/` (detections to matches), `project/` (what needs the whole project), `fix/` (edits, their timing,
 * the migration driver and the safe writer) and `findings/` (fingerprints, suppressions, baselines). This
 * file, `types.ts` (the contracts), `errors.ts` and `analyze.ts` (the driver through the stages) stand above them.
 */
export * from './types.js';
export { CatalogError, loadCatalog, parseCatalog, mergeCatalogs, builtinCatalogPath, suggestId, type LoadedCatalog } from './catalog/catalog.js';
export { DEFAULT_WARN_WITHIN_DAYS, countdown, daysUntilEffective, isSelected, isValidIsoDate, severityOf, type DateOptions, type Severity } from './catalog/dates.js';
export { analyzeFile, analyzeContext, fileLanguage, planDetections, type AnalyzeOptions, type FileAnalysisResult, type FileLanguage, type SourceFile } from './analyze.js';
export { applyEdits, checkSyntax, fixFile, type AppliedEdits, type FixResult } from './fix/edits.js';
export { FileContext } from './parse/file-context.js';
export { parseSource, type ParseFailure } from './parse/parse.js';
export type { Detector, DetectorContext, RawMatch } from './detectors/detector.js';
