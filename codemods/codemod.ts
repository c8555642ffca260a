/**
 * `collab-migrate/codemods/ts-morph`: the ts-morph codemod as a typed API, and the body of the
 * `collab-migrate codemod --project tsconfig.json` command. It loads a TypeScript project from its
 * tsconfig, applies the fixes of the notices selected for the dates (the same edits as `collab-migrate
 * --fix`, suppression comments respected), renames properties declared in the project's own types with
 * every reference across files (Pick/Omit keys and `keyof` literals included), and compares the
 * project's TypeScript diagnostics before and after. It writes only when asked, and refuses to write a
 * migration that would add TypeScript errors unless forced.
 *
 * ```ts
 * import { runCodemod } from 'collab-migrate/codemods/ts-morph';
 * const result = await runCodemod({ project: 'tsconfig.json', before: '2026-07-28', write: true });
 * if (result.refused) console.error(result.refused, result.diagnostics.added);
 * ```
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as Morph from 'ts-morph';
import type { Diagnostic } from 'ts-morph';
import { CatalogError, loadCatalog, suggestId, type LoadedCatalog } from '../engine/catalog/catalog.js';
import { DEFAULT_WARN_WITHIN_DAYS, isValidIsoDate, severityOf, type DateOptions } from '../engine/catalog/dates.js';
import { fileLanguage } from '../engine/read/language.js';
import type { EngineOptions, IsoDate, Match, Notice, Region } from '../engine/types.js';
import { migrate, type FileMigration } from '../engine/fix/migrate.js';
import { settleWrites, writeIfUnchanged } from '../engine/fix/writer.js';

import { guardedFileSystem, readProjectFile } from '../engine/project/ts-morph.js';

// Required, not imported (see engine/project/ts-morph.ts: the ESM import of this CommonJS package costs its export lexer).
const { Project, ts } = createRequire(import.meta.url)('ts-morph') as typeof Morph;
type Project = Morph.Project;

export { computeProjectRenames, guardedFileSystem, loadProject, migrateProject, propertyRenames, type FileMigration, type MigrateProjectOptions, type ProjectRenames, type PropertyRename } from '../engine/project/ts-morph.js';

/** Options of {@link runCodemod}. */
export interface CodemodOptions {
  /** The project's tsconfig (absolute, or relative to `cwd`); its folder is the root: only files under it change. */
  project: string;
  /** Folder `project` is relative to (default `process.cwd()`). */
  cwd?: string;
  /** Also migrate notices effective on or before this day (`YYYY-MM-DD`). */
  before?: IsoDate;
  /** The day severities and fix forms are computed for (default: the real date). */
  today?: IsoDate;
  /** Notices effective within this many days are migrated too (default 90). */
  warnWithinDays?: number;
  /** Only these notice ids. */
  only?: readonly string[];
  /** Not these notice ids. */
  skip?: readonly string[];
  /** Call history region for host rewrites. */
  region?: Region;
  /** Report well-formed but unlisted OAuth scopes too. */
  strictScopes?: boolean;
  /** Extra catalog files merged after the built-in notices. */
  notices?: readonly string[];
  /** Write the migrated files (default false: compute and report only). */
  write?: boolean;
  /** Write even when the migration adds TypeScript errors. */
  force?: boolean;
  /** Called with the files about to be written, before any is; may throw to stop (the CLI's uncommitted-changes check). */
  beforeWrite?: (files: readonly string[]) => void;
}

/** One TypeScript diagnostic, located for people (1-based line and column, path relative to the root). */
export interface ProjectDiagnostic {
  file: string;
  line: number;
  column: number;
  /** `TS2561` and so on. */
  code: string;
  message: string;
}

/** What {@link runCodemod} did. */
export interface CodemodResult {
  /** The tsconfig, absolute. */
  tsconfig: string;
  /** Its folder. */
  root: string;
  /** The notices applied. */
  notices: string[];
  /** Files of the project that were analysed. */
  fileCount: number;
  /** Every file that changes (or would), with its fixes and the findings left. */
  changed: FileMigration[];
  /** Findings no fix covers, in every analysed file. */
  remaining: Match[];
  /** Files left as they were because their fix failed (would not parse, and so on), with why. */
  failures: Array<{ file: string; reason: string }>;
  /** What the project-wide view noticed but left alone. */
  notes: string[];
  /** TypeScript errors before and after the migration, and those it would add or remove. */
  diagnostics: { before: ProjectDiagnostic[]; after: ProjectDiagnostic[]; added: ProjectDiagnostic[]; removed: ProjectDiagnostic[] };
  /** Files written (empty unless `write`). */
  written: string[];
  /** Files not written, and why (changed on disk since read, ...). */
  notWritten: Array<{ file: string; reason: string }>;
  /** Why nothing was written although `write` was asked (the migration adds TypeScript errors). */
  refused?: string;
}

/** A bad option of {@link runCodemod} (unknown notice, bad date, missing tsconfig). */
export class CodemodOptionsError extends Error {
  override readonly name = 'CodemodOptionsError';
}

function checkDay(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!isValidIsoDate(value)) throw new CodemodOptionsError(`Invalid ${name} "${value}": expected a real calendar day as YYYY-MM-DD.`);
  return value;
}

function openCatalog(extra: readonly string[], cwd: string): LoadedCatalog {
  try {
    return loadCatalog(extra.length > 0 ? { extraFiles: extra.map((f) => path.resolve(cwd, f)) } : undefined);
  } catch (error) {
    if (error instanceof CatalogError) throw new CodemodOptionsError(`Invalid catalog: ${error.message}`);
    throw error;
  }
}

/** The notices a run applies: not informational, not off on the run's dates, narrowed by `only` / `skip` (as the CLI's scan). */
export function selectCodemodNotices(catalog: LoadedCatalog, dates: DateOptions, only: readonly string[] = [], skip: readonly string[] = []): Notice[] {
  const ids = catalog.notices.map((n) => n.id);
  for (const id of [...only, ...skip]) {
    if (!catalog.get(id)) {
      const near = suggestId(id, ids);
      throw new CodemodOptionsError(`Unknown notice "${id}".${near ? ` Did you mean "${near}"?` : ''}`);
    }
  }
  return catalog.notices.filter((n) => n.status !== 'informational' && severityOf(n, dates) !== 'off' && (only.length === 0 || only.includes(n.id)) && !skip.includes(n.id));
}

function isUnder(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** The project's own source files: under the root, not in node_modules, not declaration files. */
function projectFiles(project: Project, root: string): string[] {
  return project
    .getSourceFiles()
    .map((s) => path.resolve(s.getFilePath()))
    .filter((f) => isUnder(root, f) && !f.split(/[\\/]/).includes('node_modules') && !/\.d\.[cm]?ts$/.test(f) && fileLanguage(f) !== 'unsupported')
    .sort();
}

function toDiagnostic(d: Diagnostic, root: string): ProjectDiagnostic | undefined {
  if (d.getCategory() !== ts.DiagnosticCategory.Error) return undefined;
  const source = d.getSourceFile();
  const start = d.getStart();
  const pos = source && start !== undefined ? source.getLineAndColumnAtPos(start) : { line: 0, column: 0 };
  return {
    file: source ? path.relative(root, source.getFilePath()) : '',
    line: pos.line,
    column: pos.column,
    code: `TS${d.getCode()}`,
    message: ts.flattenDiagnosticMessageText(d.getMessageText() as string | Morph.ts.DiagnosticMessageChain, ' '),
  };
}

function errorsOf(project: Project, root: string): ProjectDiagnostic[] {
  return project
    .getPreEmitDiagnostics()
    .map((d) => toDiagnostic(d, root))
    .filter((d): d is ProjectDiagnostic => d !== undefined);
}

/** `after` minus `before`, compared by file, code and message (lines move when code is edited). */
function difference(after: readonly ProjectDiagnostic[], before: readonly ProjectDiagnostic[]): ProjectDiagnostic[] {
  const key = (d: ProjectDiagnostic): string => `${d.file}\0${d.code}\0${d.message}`;
  const counts = new Map<string, number>();
  for (const d of before) counts.set(key(d), (counts.get(key(d)) ?? 0) + 1);
  const out: ProjectDiagnostic[] = [];
  for (const d of after) {
    const n = counts.get(key(d)) ?? 0;
    if (n > 0) counts.set(key(d), n - 1);
    else out.push(d);
  }
  return out;
}

const BOM = '\uFEFF';

/**
 * Migrates a TypeScript project (see the module's description). Throws a {@link CodemodOptionsError} for a
 * bad option; never writes unless `write` is true, and then not when the migration adds TypeScript errors
 * (unless `force`).
 */
export async function runCodemod(options: CodemodOptions): Promise<CodemodResult> {
  const cwd = options.cwd ?? process.cwd();
  const tsconfig = path.resolve(cwd, options.project);
  if (!existsSync(tsconfig)) throw new CodemodOptionsError(`--project: no such file: ${options.project}`);
  if (!statSync(tsconfig).isFile()) throw new CodemodOptionsError(`--project: not a regular file: ${options.project}`);
  const today = checkDay('--today', options.today) ?? new Date().toISOString().slice(0, 10);
  const before = checkDay('--before', options.before);
  const warnWithinDays = options.warnWithinDays ?? DEFAULT_WARN_WITHIN_DAYS;
  if (!Number.isInteger(warnWithinDays) || warnWithinDays < 0) throw new CodemodOptionsError(`Invalid --warn-within "${warnWithinDays}": expected a whole number of days (0 or more).`);
  const catalog = openCatalog(options.notices ?? [], cwd);
  const dates: DateOptions = { today, warnWithinDays, ...(before ? { before } : {}) };
  const notices = selectCodemodNotices(catalog, dates, options.only, options.skip);
  const root = path.dirname(tsconfig);
  // The tsconfig's folder is the root of a file no `.git` or `package.json` is above (engine/project/resolve.ts).
  const engine: EngineOptions = { scanRoots: [root] };
  if (options.region) engine.region = options.region;
  if (options.strictScopes) engine.strictScopes = true;

  let project: Project;
  try {
    project = new Project({ tsConfigFilePath: tsconfig, fileSystem: guardedFileSystem() });
  } catch (error) {
    throw new CodemodOptionsError(`--project: cannot load ${options.project}: ${(error as Error).message.split('\n')[0]}`);
  }
  const files = projectFiles(project, root);
  const errorsBefore = errorsOf(project, root);

  const texts = files.map((f) => ({ filename: f, text: project.getSourceFileOrThrow(f).getFullText() }));
  // The project dropped a BOM the file has on disk: migrate (and compare with) the text on disk.
  for (const t of texts) {
    const disk = readProjectFile(t.filename);
    if (disk !== t.text && disk === BOM + t.text) t.text = disk;
  }
  const migrations = await migrate(texts, { root, today, tsconfig, catalog, notices, engine });
  const changed = migrations.filter((m) => m.after !== m.before);
  for (const m of changed) project.getSourceFileOrThrow(m.filename).replaceWithText(m.after.startsWith(BOM) ? m.after.slice(1) : m.after);
  const after = changed.length > 0 ? errorsOf(project, root) : errorsBefore;
  const added = difference(after, errorsBefore);
  const removed = difference(errorsBefore, after);

  const result: CodemodResult = {
    tsconfig,
    root,
    notices: notices.map((n) => n.id),
    fileCount: files.length,
    changed,
    remaining: migrations.flatMap((m) => m.remaining),
    failures: migrations.filter((m) => m.failure).map((m) => ({ file: m.filename, reason: m.failure! })),
    notes: migrations.flatMap((m) => m.notes ?? []),
    diagnostics: { before: errorsBefore, after, added, removed },
    written: [],
    notWritten: [],
  };
  if (!options.write || changed.length === 0) return result;
  if (added.length > 0 && !options.force) {
    result.refused = `the migration would add ${added.length} TypeScript error${added.length === 1 ? '' : 's'}; nothing written (force to write anyway)`;
    return result;
  }
  options.beforeWrite?.(changed.map((m) => m.filename));
  for (const m of changed) {
    const outcome = writeIfUnchanged(m.filename, m.before, m.after);
    if (outcome.ok) result.written.push(m.filename);
    else result.notWritten.push({ file: m.filename, reason: outcome.reason });
  }
  // The settle point: a file whose replaced original was written to after the replacement is put back.
  for (const u of settleWrites()) {
    result.written = result.written.filter((f) => f !== u.file);
    result.notWritten.push(u);
  }
  return result;
}
