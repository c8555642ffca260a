/**
 * collab-migrate as a library: the catalog, date logic, analysis and fixes that the ESLint plugin,
 * the codemods and the CLI are built on.
 */
export * from './types.js';
export { CatalogError, loadCatalog, parseCatalog, mergeCatalogs, builtinCatalogPath, suggestId, type LoadedCatalog } from './catalog.js';
export { DEFAULT_WARN_WITHIN_DAYS, countdown, daysUntilEffective, isSelected, isValidIsoDate, severityOf, type DateOptions, type Severity } from './dates.js';
export { analyzeFile, analyzeContext, fileLanguage, planDetections, type AnalyzeOptions, type FileAnalysisResult, type FileLanguage, type SourceFile } from './analyze.js';
export { applyEdits, checkSyntax, fixFile, type AppliedEdits, type FixResult } from './edits.js';
export { FileContext } from './ast.js';
export { parseSource, type ParseFailure } from './parse.js';
export type { Detector, DetectorContext, RawMatch } from './detector.js';
