/**
 * The ts-morph codemod behind `collab-migrate --fix`: the engine's per-file edits, plus what only a
 * project-wide view can do. When a property that a notice renames (`{ kind: 'property', renameTo }`) is
 * declared in the consumer's own types (interface or type-literal property signature, class property),
 * the declaration and every reference to it across the project are renamed through the language
 * service, so the project still type-checks. Renames are applied as minimal text edits computed from
 * `findRenameLocations`; nothing is reprinted and nothing is written here (the CLI writes).
 */
import { existsSync, statSync } from 'node:fs';
import { UsageError } from '../errors.js';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as Morph from 'ts-morph';
import type { FileSystemHost, SourceFile as MorphSourceFile } from 'ts-morph';
import { analyzeFile, fileLanguage, type AnalyzeOptions, type FileAnalysisResult, type SourceFile } from '../analyze.js';
import { applyEdits, checkSyntax, fixFile } from '../fix/edits.js';
import { fixTimingOf, isFinalFormDue } from '../fix/timing.js';
import { APPS_SCRIPT_NAME } from '../read/language.js';
import { FileTooLarge, NotRegularFile, readTextFile } from '../read/read-file.js';
import type { EngineOptions, Match, Notice, TextEdit } from '../types.js';
import { declaredRenameSites, TS_MORPH_INSTALL } from './renames.js';

/**
 * ts-morph (a CommonJS package) is required, not imported: an ESM `import` makes Node run its CommonJS export
 * lexer over ts-morph's 950 KB bundle first, and loading took 740-1,390 ms against 450-630 ms required
 * (three alternating runs each). It is required on first use: a migration where no file names a renamed
 * property (no declaration to look for, no project to build) never loads it, nor TypeScript under it, which
 * was a quarter of `--fix --dry-run` on the platform's SDK (compiling TypeScript's 9 MB: 240 ms of 1.75 s).
 */
let loaded: typeof Morph | undefined;
function tsMorph(): typeof Morph {
  return (loaded ??= createRequire(import.meta.url)('ts-morph') as typeof Morph);
}

/**
 * Whether ts-morph can be loaded (it is an optional dependency: `npm install --omit=optional` leaves it out).
 * Loads it when it can. An error other than the module (or TypeScript under it) being missing is thrown.
 */
export function tsMorphAvailable(): boolean {
  try {
    tsMorph();
    return true;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'MODULE_NOT_FOUND' && /'(ts-morph|typescript|@ts-morph\/[^']*)'/.test(e.message)) return false;
    throw error;
  }
}
type Node = Morph.Node;
type Project = Morph.Project;

/** The migration of one file: its text before and after, and what was and was not fixed. */
export interface FileMigration {
  filename: string;
  before: string;
  after: string;
  /** Findings fixed: the engine's autofixes, and findings covered by a project-wide rename. */
  fixed: Match[];
  /** Findings still present in `after`. */
  remaining: Match[];
  /** Why the file (or part of it) was left as it was. When the result would not parse, `after === before`. */
  failure?: string;
  /** What the project-wide view noticed but left alone (a declaration whose references reach files not migrated). */
  notes?: string[];
  /**
   * Renamed property names whose findings in this file were left unfixed because ts-morph is not installed: the
   * project declares them in its own types, and renaming them file by file would break the uses in other files.
   */
  needsTsMorph?: string[];
}

/** Options of {@link migrateProject}. */
export interface MigrateProjectOptions extends AnalyzeOptions {
  /** The project's root: only files under it are changed. */
  root: string;
  /** The files to migrate (absolute, or relative to `root`). */
  files: string[];
  /** The project's tsconfig; defaults to `<root>/tsconfig.json` when it exists. */
  tsconfig?: string;
  /** Texts of (some of) the files, already read by the caller; the others are read from disk. */
  sources?: readonly SourceFile[];
  /**
   * Analyses the caller has made of (some of) the files with the same catalog, notices and engine options, by
   * absolute file name, each with the text analysed: reused where the text is the one migrated.
   */
  analyses?: ReadonlyMap<string, { text: string; result: FileAnalysisResult }>;
}

/** A property rename a notice asks for: `from` -> `to`. */
export interface PropertyRename {
  noticeId: string;
  from: string;
  to: string;
}

/**
 * The property renames of the selected notices, read from their `property` detections' `renameTo`. A
 * project-wide rename writes the final form, so only notices whose final form is due on the engine options'
 * day (or with fix mode `final`) count.
 */
export function propertyRenames(notices: readonly Notice[], engine?: EngineOptions): PropertyRename[] {
  const renames: PropertyRename[] = [];
  for (const notice of notices) {
    if (notice.status === 'informational' || notice.fix !== 'autofix') continue;
    if (fixTimingOf(notice) !== 'safe' && !isFinalFormDue(notice, engine)) continue;
    for (const detection of notice.detections) {
      // Read generically: the detection kinds are typed by the engine; only these three fields matter here.
      const d = detection as { kind: string; names?: unknown; renameTo?: unknown };
      if (d.kind !== 'property' || typeof d.renameTo !== 'string' || !Array.isArray(d.names)) continue;
      for (const name of d.names) {
        if (typeof name === 'string' && name !== d.renameTo) renames.push({ noticeId: notice.id, from: name, to: d.renameTo });
      }
    }
  }
  return renames;
}

const BOM = '\uFEFF';

function isUnder(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function isInNodeModules(file: string): boolean {
  return file.split(/[\\/]/).includes('node_modules');
}

function overlapsAny(range: readonly [number, number], edits: readonly TextEdit[]): boolean {
  return edits.some((e) => range[0] < Math.max(e.range[1], e.range[0] + 1) && e.range[0] < range[1]);
}

/** The name of a declared property, when it is a plain identifier or a string literal. */
function declaredName(node: Node): string | undefined {
  const { Node } = tsMorph();
  if (!Node.isPropertySignature(node) && !Node.isPropertyDeclaration(node)) return undefined;
  const name = node.getNameNode();
  if (Node.isIdentifier(name)) return name.getText();
  if (Node.isStringLiteral(name) || Node.isNoSubstitutionTemplateLiteral(name)) return name.getLiteralText();
  return undefined;
}

/** Whether a type (or one of the types it is made of) has this very declaration as its property `name`. */
function typeDeclares(type: import('ts-morph').Type, name: string, declaration: Node): boolean {
  const parts = [type, ...type.getUnionTypes(), ...type.getIntersectionTypes()];
  return parts.some((t) => (t.getProperty(name)?.getDeclarations() ?? []).some((d: Node) => d === declaration));
}

/** The type `keyof X` names, when a type node is one (through parentheses and arrays of it). */
function keyofOperand(typeNode: Node | undefined): Node | undefined {
  const { Node, ts } = tsMorph();
  let n = typeNode;
  while (n && (Node.isParenthesizedTypeNode(n) || Node.isArrayTypeNode(n))) n = Node.isArrayTypeNode(n) ? n.getElementTypeNode() : n.getTypeNode();
  if (n && Node.isTypeOperatorTypeNode(n) && n.getOperator() === ts.SyntaxKind.KeyOfKeyword) return n.getTypeNode();
  return undefined;
}

/**
 * String literals that name the declared property only through the type system, which the language
 * service's rename leaves alone: a key argument of a generic type (`Pick<SimRing, 'x'>`, `Omit<...>`)
 * whose other argument declares the property, and values of a variable or parameter typed `keyof X`.
 */
/** The string literals `name` of the migrated files (under the root, outside node_modules), per file: found once per name. */
function nameLiterals(project: Project, name: string, texts: ReadonlyMap<string, string>, root: string): Array<{ file: string; literals: Node[] }> {
  const { Node } = tsMorph();
  const out: Array<{ file: string; literals: Node[] }> = [];
  for (const source of project.getSourceFiles()) {
    const file = path.resolve(source.getFilePath());
    if (!texts.has(file) || !isUnder(root, file) || isInNodeModules(file)) continue;
    const text = source.getFullText();
    if (!text.includes(`'${name}'`) && !text.includes(`"${name}"`)) continue;
    const literals: Node[] = [];
    source.forEachDescendant((lit) => {
      if (Node.isStringLiteral(lit) && lit.getLiteralText() === name) literals.push(lit);
    });
    if (literals.length > 0) out.push({ file, literals });
  }
  return out;
}

function keyLiterals(declaration: Node, name: string, candidates: ReadonlyArray<{ file: string; literals: Node[] }>, scope?: ReadonlySet<string>): Node[] {
  const { Node } = tsMorph();
  const found: Node[] = [];
  for (const { file, literals } of candidates) {
    if (scope && !scope.has(file)) continue;
    for (const lit of literals) {
      let up: Node = lit;
      let parent = up.getParent();
      if (parent && Node.isLiteralTypeNode(parent)) {
        up = parent;
        parent = up.getParent();
        while (parent && (Node.isUnionTypeNode(parent) || Node.isParenthesizedTypeNode(parent))) {
          up = parent;
          parent = up.getParent();
        }
        if (parent && Node.isTypeReference(parent)) {
          const args = parent.getTypeArguments();
          if (args.includes(up as never) && args.some((a) => a !== up && typeDeclares(a.getType(), name, declaration))) found.push(lit);
        }
        continue;
      }
      while (parent && Node.isArrayLiteralExpression(parent)) {
        up = parent;
        parent = up.getParent();
      }
      if (parent && (Node.isVariableDeclaration(parent) || Node.isParameterDeclaration(parent)) && parent.getInitializer() === up) {
        const operand = keyofOperand(parent.getTypeNode());
        if (operand && typeDeclares(operand.getType(), name, declaration)) found.push(lit);
      }
    }
  }
  return found;
}

/** Offset of the project's text of a file within the text on disk (1 when the project dropped a BOM), or undefined when they differ. */
function textShift(morph: MorphSourceFile, text: string): number | undefined {
  const full = morph.getFullText();
  if (full === text) return 0;
  if (text.startsWith(BOM) && full === text.slice(1)) return 1;
  return undefined;
}

/** A place a rename changes: the file (absolute), the span in the project's text of it, and the text around the new name. */
interface RenamePlace {
  file: string;
  morph: MorphSourceFile;
  start: number;
  length: number;
  prefix: string;
  suffix: string;
}

/** The rename search of a project: see {@link renameSearch}. */
interface RenameSearch {
  /** The places renaming this declaration's name changes (first from a search of the files that may hold them directly). */
  places: (nameNode: Node) => RenamePlace[];
  /** The files a declaration's string-literal keys may be in (undefined: any file). */
  scope: (nameNode: Node) => ReadonlySet<string> | undefined;
  /**
   * After every declaration was searched with {@link places}: the places a narrowed search missed. A declaration
   * the checker names for a missed occurrence is searched in that occurrence's file, and what is found is added
   * to its places in `current` (the lists, shared by a group, are extended in place); the declarations that had
   * to be searched again in every file are returned (by `file:offset` of the name in the project's text).
   */
  missed: (names: ReadonlySet<string>, claimed: ReadonlySet<string>, declarations: ReadonlyMap<string, Node>, current: ReadonlyMap<string, RenamePlace[]>) => Map<string, RenamePlace[]>;
  /** A search of every file of the program (the language service's own). */
  everywhere: (nameNode: Node) => RenamePlace[];
}

const placeKey = (file: string, start: number): string => `${file}:${start}`;

/** Files the rename searches of this process have looked through, one per file a search covers (see {@link renameSearchWork}). */
let filesSearched = 0;

/**
 * How many files the project-wide rename searches of this process have looked through in all (a search of a
 * declaration in 10 files counts 10): the work that grew with the square of the files (issue 28, item 14), for
 * a test to compare between project sizes without timing anything.
 */
export function renameSearchWork(): number {
  return filesSearched;
}

/**
 * The rename search of a project, made linear in the usual case (issue 28, item 14). The language service's
 * `findRenameLocations` looks for a declaration's name in every file of the program that mentions it and checks
 * each occurrence with the type checker: with a renamed property declared in each of 400 files that all name it,
 * that was 400 searches of 400 files (18 of the 33 s of CPU). Here a declaration is first searched, through the
 * same TypeScript function the language service calls with every file, in its own file and the files that import
 * it (directly, or through files that re-export it); then, once for all declarations, every occurrence of a
 * renamed name in the program that the type checker ties to a symbol and that no search found is looked at: a
 * declaration the checker gives for it is searched in that occurrence's file (one file, not every file: searching
 * again in every file made 400 files each reading the property through a third module quadratic, 13 s of CPU);
 * an occurrence still unexplained that could be a property's place (a property, or a name in an object literal, a
 * destructuring or a string) is searched from, in every file, and a declaration its search reaches is searched
 * again in every file, as is one whose search in one file reaches another declaration. So a place
 * only an indirect use reaches (a value whose type comes through a third module) is still found, and the rename
 * stays all or nothing. A file that adds to the global scope (a script, `declare global`, an ambient module)
 * makes every file a candidate. When the TypeScript under ts-morph lacks one of the internal functions used here,
 * the public `findRenameLocations` is used for every declaration, as before.
 */
function renameSearch(project: Project): RenameSearch {
  const { ts } = tsMorph();
  const service = project.getLanguageService();
  const morphOf = (fileName: string): MorphSourceFile | undefined => project.getSourceFile(fileName);
  const publicSearch = (nameNode: Node): RenamePlace[] => {
    filesSearched += project.getSourceFiles().length;
    return (service.findRenameLocations(nameNode, { usePrefixAndSuffixText: true }) ?? []).map((location) => {
      const span = location.getTextSpan();
      const morph = location.getSourceFile();
      return { file: path.resolve(morph.getFilePath()), morph, start: span.getStart(), length: span.getLength(), prefix: location.getPrefixText() ?? '', suffix: location.getSuffixText() ?? '' };
    });
  };
  const unscoped: RenameSearch = { places: publicSearch, scope: () => undefined, missed: () => new Map(), everywhere: publicSearch };
  type Internal = typeof ts & {
    FindAllReferences?: {
      findReferenceOrRenameEntries?: (...args: unknown[]) => Morph.ts.RenameLocation[] | undefined;
      toRenameLocation?: (...args: unknown[]) => Morph.ts.RenameLocation;
      FindReferencesUse?: { Rename?: number };
    };
    getTouchingPropertyName?: (file: Morph.ts.SourceFile, position: number) => Morph.ts.Node;
    getAdjustedRenameLocation?: (node: Morph.ts.Node) => Morph.ts.Node;
    getQuotePreference?: (file: Morph.ts.SourceFile, preferences: object) => unknown;
    isExternalOrCommonJsModule?: (file: Morph.ts.SourceFile) => boolean;
  };
  type Resolving = Morph.ts.Program & {
    getResolvedModuleFromModuleSpecifier?: (spec: Morph.ts.StringLiteralLike, file: Morph.ts.SourceFile) => { resolvedModule?: { resolvedFileName: string } } | undefined;
  };
  const internal = ts as Internal;
  const refs = internal.FindAllReferences;
  const { getTouchingPropertyName, getAdjustedRenameLocation, getQuotePreference, isExternalOrCommonJsModule } = internal;
  const find = refs?.findReferenceOrRenameEntries;
  const toLocation = refs?.toRenameLocation;
  const renameUse = refs?.FindReferencesUse?.Rename;
  if (!find || !toLocation || renameUse === undefined || !getTouchingPropertyName || !getAdjustedRenameLocation || !getQuotePreference || !isExternalOrCommonJsModule) return unscoped;
  const program = service.compilerObject.getProgram() as Resolving | undefined;
  const resolved = program?.getResolvedModuleFromModuleSpecifier?.bind(program);
  if (!program || !resolved) return unscoped;
  const files = program.getSourceFiles().filter((f) => !program.isSourceFileDefaultLibrary(f));
  type WithImports = Morph.ts.SourceFile & { imports?: readonly Morph.ts.StringLiteralLike[]; moduleAugmentations?: readonly (Morph.ts.StringLiteral | Morph.ts.Identifier)[] };
  if (files.some((f) => !Array.isArray((f as WithImports).imports))) return unscoped;
  const checker = program.getTypeChecker();

  // Who imports whom (and which of them re-export what they import), and which files add to the global scope.
  const importers = new Map<Morph.ts.SourceFile, Set<Morph.ts.SourceFile>>();
  const reexporters = new Map<Morph.ts.SourceFile, Set<Morph.ts.SourceFile>>();
  const global = new Set<Morph.ts.SourceFile>();
  const byName = new Map(files.map((f) => [path.resolve(f.fileName), f]));
  const link = (map: Map<Morph.ts.SourceFile, Set<Morph.ts.SourceFile>>, target: Morph.ts.SourceFile, from: Morph.ts.SourceFile): void => {
    let set = map.get(target);
    if (!set) map.set(target, (set = new Set()));
    set.add(from);
  };
  for (const f of files) {
    const target = (spec: Morph.ts.StringLiteralLike): Morph.ts.SourceFile | undefined => {
      const fileName = resolved(spec, f)?.resolvedModule?.resolvedFileName;
      const t = fileName === undefined ? undefined : byName.get(path.resolve(fileName));
      return t === f ? undefined : t;
    };
    for (const spec of [...((f as WithImports).imports ?? []), ...((f as WithImports).moduleAugmentations ?? [])]) {
      if (!ts.isStringLiteralLike(spec)) continue;
      const t = target(spec);
      if (t) link(importers, t, f);
    }
    for (const ref of f.referencedFiles) {
      const t = byName.get(path.resolve(path.dirname(f.fileName), ref.fileName));
      if (t && t !== f) link(importers, t, f);
    }
    for (const statement of f.statements) {
      if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteralLike(statement.moduleSpecifier)) {
        const t = target(statement.moduleSpecifier);
        if (t) link(reexporters, t, f);
      }
    }
    const addsGlobals =
      !isExternalOrCommonJsModule(f) ||
      f.statements.some((st) => ts.isModuleDeclaration(st) && (ts.isStringLiteral(st.name) || (st.flags & ts.NodeFlags.GlobalAugmentation) !== 0));
    if (addsGlobals) global.add(f);
  }

  /** A file, the files that import it, and (through files that re-export it) theirs; every file when a global one is among them. */
  const nearby = new Map<Morph.ts.SourceFile, Morph.ts.SourceFile[]>();
  const nearOf = (start: Morph.ts.SourceFile): Morph.ts.SourceFile[] => {
    let out = nearby.get(start);
    if (out) return out;
    const found = new Set([start]);
    const through = [start];
    for (let i = 0; i < through.length; i++) {
      for (const f of importers.get(through[i]) ?? []) found.add(f);
      for (const f of reexporters.get(through[i]) ?? []) {
        if (through.includes(f)) continue;
        through.push(f);
      }
    }
    out = [...found].some((f) => global.has(f)) ? files : files.filter((f) => found.has(f));
    nearby.set(start, out);
    return out;
  };
  /** The reverse import closure of a file (for string-literal keys), or undefined when a global file is in it. */
  const closures = new Map<Morph.ts.SourceFile, Set<string> | undefined>();
  const closureOf = (start: Morph.ts.SourceFile): Set<string> | undefined => {
    if (closures.has(start)) return closures.get(start);
    const seen = new Set([start]);
    const queue = [start];
    let everything = false;
    while (queue.length > 0 && !everything) {
      const f = queue.pop()!;
      if (global.has(f)) everything = true;
      for (const i of importers.get(f) ?? []) {
        if (!seen.has(i)) {
          seen.add(i);
          queue.push(i);
        }
      }
    }
    const out = everything ? undefined : new Set([...seen].map((f) => path.resolve(f.fileName)));
    closures.set(start, out);
    return out;
  };
  const sourceOf = (nameNode: Node): Morph.ts.SourceFile | undefined => {
    const morph = nameNode.getSourceFile();
    const sourceFile = program.getSourceFile(morph.getFilePath());
    return sourceFile && sourceFile.text === morph.getFullText() ? sourceFile : undefined;
  };
  const token: Morph.ts.CancellationToken = { isCancellationRequested: () => false, throwIfCancellationRequested: () => undefined };
  /** The rename places of the name at `position` of `sourceFile`, searched in `within`; undefined when a place is in a file ts-morph does not know. */
  const search = (sourceFile: Morph.ts.SourceFile, position: number, within: readonly Morph.ts.SourceFile[]): RenamePlace[] | undefined => {
    filesSearched += within.length;
    const node = getAdjustedRenameLocation(getTouchingPropertyName(sourceFile, position));
    const quotes = getQuotePreference(sourceFile, { providePrefixAndSuffixTextForRename: true });
    const found = find(program, token, within, node, position, { use: renameUse, providePrefixAndSuffixTextForRename: true }, (entry: unknown, original: unknown, typeChecker: unknown) =>
      toLocation(entry, original, typeChecker, true, quotes),
    );
    const out: RenamePlace[] = [];
    for (const location of found ?? []) {
      const target = morphOf(location.fileName);
      if (!target) return undefined;
      out.push({ file: path.resolve(target.getFilePath()), morph: target, start: location.textSpan.start, length: location.textSpan.length, prefix: location.prefixText ?? '', suffix: location.suffixText ?? '' });
    }
    return out;
  };
  const everywhere = (nameNode: Node): RenamePlace[] => {
    const sourceFile = sourceOf(nameNode);
    return (sourceFile && search(sourceFile, nameNode.getStart(), files)) ?? publicSearch(nameNode);
  };
  const places = (nameNode: Node): RenamePlace[] => {
    const sourceFile = sourceOf(nameNode);
    return (sourceFile && search(sourceFile, nameNode.getStart(), nearOf(sourceFile))) ?? publicSearch(nameNode);
  };
  const scope = (nameNode: Node): ReadonlySet<string> | undefined => {
    const sourceFile = sourceOf(nameNode);
    return sourceFile ? closureOf(sourceFile) : undefined;
  };
  const propertyLike = ts.SymbolFlags.Property | ts.SymbolFlags.Method | ts.SymbolFlags.Accessor;
  const missed = (names: ReadonlySet<string>, claimed: ReadonlySet<string>, declarations: ReadonlyMap<string, Node>, current: ReadonlyMap<string, RenamePlace[]>): Map<string, RenamePlace[]> => {
    const again = new Map<string, RenamePlace[]>();
    const explained = new Set(claimed);
    const searchedIn = new Map<string, Set<Morph.ts.SourceFile>>();
    const keysOf = new WeakMap<RenamePlace[], Set<string>>();
    /** Searches a declaration again in every file (once for its group), and counts its places as explained. */
    const redo = (key: string): void => {
      if (again.has(key)) return;
      const found = everywhere(declarations.get(key)!);
      again.set(key, found);
      for (const place of found) {
        const k = placeKey(place.file, place.start);
        explained.add(k);
        if (declarations.has(k) && !again.has(k)) again.set(k, found);
      }
    };
    /**
     * Searches a declaration in one more file, one its narrowed search left out, and adds what it finds there to
     * its places: the same places a search in every file finds in that file (the checker, not the list of files,
     * decides what is a reference), at the cost of one file. Searching each declaration in every file instead
     * made 400 files each reading a property through a third module quadratic (issue 28, item 14). A place found
     * that is another declaration joins two renames: then both are searched again in every file.
     */
    const extend = (key: string, within: Morph.ts.SourceFile): void => {
      if (again.has(key)) return;
      let done = searchedIn.get(key);
      if (!done) searchedIn.set(key, (done = new Set()));
      if (done.has(within)) return;
      done.add(within);
      const nameNode = declarations.get(key)!;
      const list = current.get(key);
      const sourceFile = sourceOf(nameNode);
      const found = list && sourceFile ? search(sourceFile, nameNode.getStart(), [within]) : undefined;
      if (!list || !found) return redo(key);
      let keys = keysOf.get(list);
      if (!keys) keysOf.set(list, (keys = new Set(list.map((place) => placeKey(place.file, place.start)))));
      const added = found.filter((place) => !keys.has(placeKey(place.file, place.start)));
      if (added.some((place) => declarations.has(placeKey(place.file, place.start)))) return redo(key);
      for (const place of added) {
        const k = placeKey(place.file, place.start);
        keys.add(k);
        list.push(place);
        explained.add(k);
      }
    };
    const declarationKey = (d: Morph.ts.Declaration): string | undefined => {
      const name = ts.getNameOfDeclaration(d);
      return name ? placeKey(path.resolve(d.getSourceFile().fileName), name.getStart(d.getSourceFile())) : undefined;
    };
    for (const f of files) {
      const file = path.resolve(f.fileName);
      if (isInNodeModules(file)) continue;
      const text = f.text;
      for (const name of names) {
        for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length)) {
          const node = getTouchingPropertyName(f, at);
          if (!(ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || ts.isStringLiteralLike(node)) || node.text !== name) continue;
          const start = node.getStart(f);
          if (explained.has(placeKey(file, start)) || explained.has(placeKey(file, start + 1))) continue;
          const symbol = checker.getSymbolAtLocation(node);
          if (!symbol) continue;
          // A variable, a parameter or a function named like the property is a place of a property's rename only
          // where it stands in an object literal, a destructuring or a string: elsewhere only its own name.
          const parent = node.parent;
          const contextual = ts.isStringLiteralLike(node) || ts.isBindingElement(parent) || ts.isShorthandPropertyAssignment(parent) || ts.isPropertyAssignment(parent);
          if ((symbol.flags & propertyLike) === 0 && !contextual) continue;
          // The declarations the checker gives for it first: searched again in this file, they most often
          // explain it (a property read through a value whose type comes from a module this file does not import).
          for (const d of [symbol, ...checker.getRootSymbols(symbol)].flatMap((x) => x.declarations ?? [])) {
            const key = declarationKey(d);
            if (key !== undefined && declarations.has(key)) extend(key, f);
          }
          if (explained.has(placeKey(file, start)) || explained.has(placeKey(file, start + 1))) continue;
          // Otherwise a search from it, in every file: a declaration it reaches is searched again in every file.
          const found = search(f, ts.isStringLiteralLike(node) ? start + 1 : start, files);
          explained.add(placeKey(file, start));
          if (!found) {
            for (const key of declarations.keys()) redo(key);
            return again;
          }
          for (const place of found) {
            const key = placeKey(place.file, place.start);
            explained.add(key);
            if (declarations.has(key)) redo(key);
          }
        }
      }
    }
    return again;
  };
  return { places, scope, missed, everywhere };
}

export interface ProjectRenames {
  /** Edits per absolute file name (offsets into the text on disk). */
  edits: Map<string, TextEdit[]>;
  /** Declarations not renamed, and why (a reference outside the root or in a file not migrated). */
  skipped: string[];
  /**
   * Declarations not renamed because a reference is in a file not migrated: their name's range (offsets into the
   * text on disk) per file. A per-file fix there would rename the declaration alone (issue 28).
   */
  held?: Map<string, Array<{ range: [number, number]; why: string }>>;
}

/**
 * Finds the declarations of renamed properties in the consumer's own files and the edits that rename
 * them with all their references. A declaration is renamed only when every reference lies in a file
 * being migrated, under the root and outside node_modules; otherwise it is left to the per-file edits.
 */
export function computeProjectRenames(
  project: Project,
  renames: readonly PropertyRename[],
  texts: ReadonlyMap<string, string>,
  root: string,
  isCertain: (file: string, range: readonly [number, number]) => boolean = () => true,
): ProjectRenames {
  const byName = new Map<string, PropertyRename>();
  for (const r of renames) if (!byName.has(r.from)) byName.set(r.from, r);
  const search = renameSearch(project);
  const edits = new Map<string, Map<string, TextEdit>>();
  const skipped: string[] = [];
  const held = new Map<string, Array<{ range: [number, number]; why: string }>>();
  interface Declaration {
    node: Node;
    nameNode: Node;
    name: string;
    rename: PropertyRename;
    file: string;
    where: string;
    declRange: [number, number];
    /** `file:offset` of its name in the project's text. */
    key: string;
    places: RenamePlace[];
    literals: Node[];
  }
  // First every declaration and the places of its rename (a declaration found by the search of one before it, in
  // the same group, has the same places), then, once, the places the narrowed searches may have missed.
  const declarations: Declaration[] = [];
  const placesOf = new Map<string, RenamePlace[]>();
  const literalsByName = new Map<string, Array<{ file: string; literals: Node[] }>>();
  for (const source of project.getSourceFiles()) {
    const file = path.resolve(source.getFilePath());
    if (!texts.has(file) || !isUnder(root, file) || isInNodeModules(file)) continue;
    const fullText = source.getFullText();
    if (![...byName.keys()].some((name) => fullText.includes(name))) continue;
    source.forEachDescendant((node) => {
      const name = declaredName(node);
      if (name === undefined) return;
      const rename = byName.get(name);
      if (!rename) return;
      const nameNode = (node as Node & { getNameNode(): Node }).getNameNode();
      const where = `${path.relative(root, file)}:${nameNode.getStartLineNumber()}`;
      const owner = node.getParent() as (Node & { getMembers?: () => Node[] }) | undefined;
      if ((owner?.getMembers?.() ?? []).some((sibling) => declaredName(sibling) === rename.to)) {
        skipped.push(`${where}: "${name}" is declared beside "${rename.to}"; renaming it would declare "${rename.to}" twice, left as it is`);
        return;
      }
      const declShift = textShift(source, texts.get(file)!) ?? 0;
      const declRange: [number, number] = [nameNode.getStart() + declShift, nameNode.getEnd() + declShift];
      const key = placeKey(file, nameNode.getStart());
      let places = placesOf.get(key);
      if (!places) {
        places = search.places(nameNode);
        for (const place of places) placesOf.set(placeKey(place.file, place.start), places);
      }
      let candidates = literalsByName.get(name);
      if (!candidates) literalsByName.set(name, (candidates = nameLiterals(project, name, texts, root)));
      declarations.push({ node, nameNode, name, rename, file, where, declRange, key, places, literals: candidates.length > 0 ? keyLiterals(node, name, candidates, search.scope(nameNode)) : [] });
    });
  }
  if (declarations.length > 0) {
    const claimed = new Set(placesOf.keys());
    for (const d of declarations) for (const literal of d.literals) claimed.add(placeKey(path.resolve(literal.getSourceFile().getFilePath()), literal.getStart() + 1));
    const again = search.missed(new Set(declarations.map((d) => d.name)), claimed, new Map(declarations.map((d) => [d.key, d.nameNode])), new Map(declarations.map((d) => [d.key, d.places])));
    for (const d of declarations) d.places = again.get(d.key) ?? d.places;
  }
  for (const { name, rename, file, where, declRange, places: locations, literals } of declarations) {
    // Already renamed with a declaration searched before (one its references tie to it: a class implementing an
    // interface, say): the same places again.
    if (edits.get(file)?.has(`${declRange[0]}:${declRange[1]}:${rename.to}`)) continue;
    // Renamed project-wide only when the engine ties the declaration, or one of its references, to the
    // notice's endpoint with certainty (a type of Single Number Reach keeps its name).
    const tied =
      isCertain(file, declRange) ||
      locations.some((location) => {
        const text = texts.get(location.file);
        const shift = text === undefined ? undefined : textShift(location.morph, text);
        return shift !== undefined && isCertain(location.file, [location.start + shift, location.start + shift + location.length]);
      });
    if (!tied) {
      skipped.push(`${where}: "${name}" is not tied to the notice's endpoint with certainty (no reference is); left to suggestions`);
      continue;
    }
    const planned: Array<{ file: string; edit: TextEdit }> = [];
    let outside = false;
    for (const location of locations) {
      const target = location.file;
      const text = texts.get(target);
      const shift = text === undefined ? undefined : textShift(location.morph, text);
      if (text === undefined || shift === undefined || !isUnder(root, target) || isInNodeModules(target)) {
        const why = `"${name}" is also referenced in ${path.relative(root, target)}, which is not migrated`;
        skipped.push(`${where}: ${why}; left to the per-file fixes`);
        const list = held.get(file) ?? [];
        list.push({ range: declRange, why });
        held.set(file, list);
        outside = true;
        break;
      }
      const start = location.start + shift;
      planned.push({ file: target, edit: { range: [start, start + location.length], text: `${location.prefix}${rename.to}${location.suffix}` } });
    }
    if (outside) continue;
    for (const literal of literals) {
      const target = path.resolve(literal.getSourceFile().getFilePath());
      const shift = textShift(literal.getSourceFile(), texts.get(target)!);
      if (shift === undefined) continue;
      const start = literal.getStart() + 1 + shift;
      planned.push({ file: target, edit: { range: [start, start + name.length], text: rename.to } });
    }
    for (const { file: target, edit } of planned) {
      let forFile = edits.get(target);
      if (!forFile) edits.set(target, (forFile = new Map()));
      forFile.set(`${edit.range[0]}:${edit.range[1]}:${edit.text}`, edit);
    }
  }
  return { edits: new Map([...edits].map(([f, m]) => [f, [...m.values()]])), skipped, held };
}

/**
 * Whether a file declares one of the names as a property (interface, type literal, class), by a parse
 * of that file alone: a project is built only when some file does.
 */
function declaresAny(filename: string, text: string, names: ReadonlySet<string>): boolean {
  if (![...names].some((n) => text.includes(n))) return false;
  const { ts } = tsMorph();
  const kind = /\.(tsx|jsx)$/i.test(filename) ? ts.ScriptKind.TSX : /\.(js|cjs|mjs)$/i.test(filename) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(filename, text, ts.ScriptTarget.Latest, false, kind);
  let found = false;
  const visit = (node: Morph.ts.Node): void => {
    if (found) return;
    if ((ts.isPropertySignature(node) || ts.isPropertyDeclaration(node)) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) && names.has(node.name.text)) {
      found = true;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

let projectsLoaded = 0;

/**
 * Reads a file of the consumer's repository through the guarded reader (regular files only, size-limited,
 * opened without blocking); a refusal names the file. A `tsconfig.json` committed as a link to `/dev/zero`,
 * or as a named pipe, is refused instead of hanging the run.
 */
export function readProjectFile(file: string): string {
  try {
    return readTextFile(file);
  } catch (error) {
    if (error instanceof NotRegularFile) throw new Error(`${file}: not a regular file (${error.kind}); not read`);
    if (error instanceof FileTooLarge) throw new Error(`${file}: ${error.message}; not read`);
    throw error;
  }
}

let GuardedHost: (new () => FileSystemHost) | undefined;

/**
 * ts-morph's own file system with every file read (the tsconfig, the files it extends and includes,
 * declaration files in node_modules) going through {@link readProjectFile}. Made by extending the class
 * ts-morph uses by default (it is not exported, so it is taken from an empty project's file system).
 */
export function guardedFileSystem(): FileSystemHost {
  if (!GuardedHost) {
    const Real = new (tsMorph().Project)({ skipLoadingLibFiles: true }).getFileSystem().constructor as new () => FileSystemHost;
    GuardedHost = class extends Real {
      override readFileSync(file: string): string {
        // A missing file: the default host's error, which ts-morph tells apart from other failures.
        if (!existsSync(file)) return super.readFileSync(file);
        return readProjectFile(file);
      }
      override readFile(file: string): Promise<string> {
        return Promise.resolve().then(() => this.readFileSync(file));
      }
    };
  }
  return new GuardedHost();
}

/** How many ts-morph projects {@link migrateProject} has built in this process (the fast path builds none). */
export function projectLoadCount(): number {
  return projectsLoaded;
}

/**
 * Compiler options of a project without a tsconfig. The standard library without the DOM: the project is
 * built only to tell which references of a renamed property reach its declaration, which no DOM type
 * declares; TypeScript's default for ES2022 adds lib.dom.d.ts (2.3 MB), whose parse and binding took 0.7 of
 * the 0.9 s of CPU a one-file project cost (and 1.7 of 2.2 s cold).
 */
function defaultOptions(): Morph.ts.CompilerOptions {
  const { ts } = tsMorph();
  return {
  lib: ['lib.es2022.d.ts'],
  allowJs: true,
  jsx: ts.JsxEmit.Preserve,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
};
}

/** A tsconfig's compiler options and files, read (with the files it extends) through the guarded reader. */
function readTsconfig(config: string): { options: Morph.ts.CompilerOptions; fileNames: string[] } {
  const { ts } = tsMorph();
  const read = ts.readConfigFile(config, readProjectFile);
  if (read.error) throw new Error(`${config}: ${ts.flattenDiagnosticMessageText(read.error.messageText, ' ')}`);
  const host: Morph.ts.ParseConfigHost = {
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    readDirectory: ts.sys.readDirectory,
    fileExists: ts.sys.fileExists,
    readFile: readProjectFile,
  };
  const parsed = ts.parseJsonConfigFileContent(read.config, host, path.dirname(config), undefined, config);
  return { options: parsed.options, fileNames: parsed.fileNames.map((f) => path.resolve(f)) };
}

/**
 * Follows a tsconfig's `extends` (relative and absolute paths) and refuses, naming it, a file there that is not a
 * regular file (a FIFO, `/dev/zero`) or cannot be read: TypeScript reports such a file as a diagnostic of the
 * project, and the run said only "TypeScript errors: 1 before" (issue 28). Package names are TypeScript's to find.
 */
function checkExtends(config: string, seen: Set<string>): void {
  if (seen.has(config) || seen.size > 32) return;
  seen.add(config);
  const { ts } = tsMorph();
  let text: string;
  try {
    text = readProjectFile(config);
  } catch (error) {
    throw new UsageError(`${config}: ${(error as Error).message}`);
  }
  const read = ts.parseConfigFileTextToJson(config, text);
  const given = (read.config as { extends?: unknown } | undefined)?.extends;
  const list = (Array.isArray(given) ? given : [given]).filter((x): x is string => typeof x === 'string');
  for (const entry of list) {
    if (!/^(\.{1,2}[\\/]|[\\/])/.test(entry)) continue;
    let target = path.resolve(path.dirname(config), entry);
    if (!existsSync(target) && existsSync(`${target}.json`)) target = `${target}.json`;
    const st = statSync(target, { throwIfNoEntry: false });
    if (!st) continue;
    if (!st.isFile()) throw new UsageError(`${config}: "extends" names ${target}, which is not a regular file (a FIFO, a device or a folder); not read.`);
    checkExtends(target, seen);
  }
}

/**
 * The consumer's project: its tsconfig when there is one, otherwise the given files alone. With `mentions`,
 * only the files whose text names a renamed property (every place a rename can touch does), the declaration
 * files of the tsconfig (global types), and what they import are loaded, with the tsconfig's compiler options:
 * loading every file of a 3,900-file project took 8.9 s of CPU and 734 MB for one declared property.
 */
export function loadProject(root: string, tsconfig: string | undefined, sourceFiles: readonly string[], mentions?: (file: string) => boolean): Project {
  projectsLoaded++;
  const config = tsconfig ? path.resolve(root, tsconfig) : path.join(root, 'tsconfig.json');
  if (existsSync(config)) checkExtends(config, new Set());
  const fileSystem = guardedFileSystem();
  if (mentions) {
    const fromConfig = existsSync(config) ? readTsconfig(config) : undefined;
    const project = new (tsMorph().Project)({ fileSystem, compilerOptions: fromConfig?.options ?? defaultOptions() });
    const files = new Set(sourceFiles);
    for (const f of fromConfig?.fileNames ?? []) files.add(f);
    for (const file of files) {
      if (/\.d\.[cm]?ts$/.test(file) ? isInNodeModules(file) : !mentions(file)) continue;
      if (!project.getSourceFile(file)) project.addSourceFileAtPathIfExists(file);
    }
    return project;
  }
  const project = existsSync(config)
    ? new (tsMorph().Project)({ tsConfigFilePath: config, fileSystem })
    : new (tsMorph().Project)({ fileSystem, compilerOptions: defaultOptions() });
  for (const file of sourceFiles) if (!project.getSourceFile(file)) project.addSourceFileAtPathIfExists(file);
  return project;
}

function migrateText(filename: string, text: string, opts: AnalyzeOptions, analysed?: FileAnalysisResult, leave?: (m: Match) => boolean): FileMigration {
  const r = fixFile({ filename, text }, opts, { ...(analysed ? { analysed } : {}), ...(leave ? { leave } : {}) });
  const out: FileMigration = { filename, before: text, after: r.output, fixed: r.fixed, remaining: r.remaining };
  if (r.failure) out.failure = r.failure;
  return out;
}

/**
 * Computes the migration of every file of a project; writes nothing. Project-wide renames first (only
 * when a file declares a renamed property, otherwise no ts-morph project is built at all), then
 * the engine's edits on every file through `fixFile`, the same edits ESLint `--fix` and the jscodeshift
 * transform apply.
 */
export async function migrateProject(opts: MigrateProjectOptions): Promise<FileMigration[]> {
  const root = path.resolve(opts.root);
  const files = [...new Set(opts.files.map((f) => path.resolve(root, f)))];
  // The codemod's root bounds a file no `.git` or `package.json` is above (engine/project/resolve.ts), as the CLI's scan root does.
  const analyze: AnalyzeOptions = { catalog: opts.catalog, notices: opts.notices, engine: { ...opts.engine, scanRoots: opts.engine?.scanRoots ?? [root] }, types: opts.types };
  const texts = new Map<string, string>();
  const results = new Map<string, FileMigration>();
  const given = new Map((opts.sources ?? []).map((f) => [path.resolve(root, f.filename), f.text]));
  // Each file's text is analysed once here (or taken from the caller), whichever of the steps below asks first.
  const analyses = new Map<string, FileAnalysisResult>();
  const analysisOf = (file: string): FileAnalysisResult => {
    let result = analyses.get(file);
    if (!result) {
      const text = texts.get(file)!;
      const known = opts.analyses?.get(file);
      analyses.set(file, (result = known?.text === text ? known.result : analyzeFile({ filename: file, text }, analyze)));
    }
    return result;
  };
  for (const file of files) {
    try {
      texts.set(file, given.get(file) ?? readProjectFile(file));
    } catch (error) {
      results.set(file, { filename: file, before: '', after: '', fixed: [], remaining: [], failure: `cannot read: ${(error as Error).message}` });
    }
  }

  const renames = propertyRenames(opts.notices, opts.engine);
  // Apps Script `.gs` files are left out of the ts-morph project (TypeScript reads no such extension).
  const isSource = (f: string): boolean => {
    const language = fileLanguage(f);
    return (language === 'ts' || language === 'js') && !APPS_SCRIPT_NAME.test(f);
  };
  const sourceFiles = [...texts.keys()].filter(isSource);
  const renamed = new Set(renames.map((r) => r.from));
  // ts-morph is loaded (and its absence noticed) only when a file names a renamed property.
  const mentioning = renames.length > 0 ? sourceFiles.filter((f) => isUnder(root, f) && !isInNodeModules(f) && [...renamed].some((n) => texts.get(f)!.includes(n))) : [];
  const withoutTsMorph = mentioning.length > 0 && !tsMorphAvailable();
  const needsProject = !withoutTsMorph && mentioning.some((f) => declaresAny(f, texts.get(f)!, renamed));

  let renameEdits = new Map<string, TextEdit[]>();
  let skipped: string[] = [];
  let held: ProjectRenames['held'] = new Map();
  let projectFailure: string | undefined;
  if (needsProject) {
    try {
      // Only files that name a renamed property (and what they import) are loaded: the others cannot hold a place the
      // rename touches. Files of the tsconfig outside the migrated set are read to find out (a reference there
      // keeps the declaration's name: see computeProjectRenames).
      const names = [...renamed];
      const mentions = (file: string): boolean => {
        let text = texts.get(file);
        if (text === undefined) {
          try {
            text = readProjectFile(file);
          } catch {
            return false;
          }
        }
        return names.some((n) => text.includes(n));
      };
      const project = loadProject(root, opts.tsconfig, sourceFiles, mentions);
      // The texts the caller gave (or that were read) are the truth, whatever the project read from disk.
      for (const file of sourceFiles) {
        const morph = project.getSourceFile(file);
        const text = texts.get(file)!;
        if (morph && textShift(morph, text) === undefined) morph.replaceWithText(text.startsWith(BOM) ? text.slice(1) : text);
      }
      // Only a declaration the engine ties to the notice's endpoint with certainty (and would autofix) is renamed
      // project-wide: Single Number Reach's own `answerConfirmationEnabled` must stay as it is.
      const certain = new Map<string, Array<readonly [number, number]>>();
      const isCertain = (file: string, range: readonly [number, number]): boolean => {
        let ranges = certain.get(file);
        if (!ranges) {
          const result = analysisOf(file);
          certain.set(file, (ranges = result.matches.filter((m) => m.fix && m.confidence === 'certain').map((m) => m.range)));
        }
        return ranges.some((r) => r[0] < range[1] && range[0] < r[1]);
      };
      ({ edits: renameEdits, skipped, held } = computeProjectRenames(project, renames, texts, root, isCertain));
    } catch (error) {
      // A project that cannot be loaded (a broken tsconfig) still gets the per-file fixes.
      projectFailure = `project-wide renames skipped: ${(error as Error).message.split('\n')[0]}`;
    }
  }

  // Without ts-morph there is no project-wide rename, and a per-file fix would rename a property the project declares
  // in its own types in the files migrated and leave its other uses: the findings renaming such a property are left
  // unfixed in every file, and the files say why (issue 27). A project that cannot be loaded (a broken tsconfig) has
  // no project-wide rename either: there the same holds for a declared property that another file names too; one
  // named only in the files declaring it is still renamed there, file by file (issue 28: all or nothing).
  const leave = withoutTsMorph
    ? declaredRenameFindings(mentioning, texts, renames)
    : projectFailure
      ? declaredRenameFindings(mentioning, texts, renames, true)
      : undefined;
  const leaveWhy = withoutTsMorph ? `needs ts-morph, which is not installed (${TS_MORPH_INSTALL})` : `needs the project-wide view, which could not be loaded (${projectFailure ?? ''})`;

  for (const file of files) {
    if (results.has(file)) continue;
    const before = texts.get(file)!;
    const edits = renameEdits.get(file);
    if (!edits || edits.length === 0) {
      const analysis = isSource(file) ? analysisOf(file) : undefined;
      const result = migrateText(file, before, analyze, analysis, leave?.matches);
      const left = leave && analysis ? [...new Set(analysis.matches.filter(leave.matches).map((m) => m.data.name!))] : [];
      if (left.length > 0) {
        const what = `"${left.join('", "')}" (declared in ${left.flatMap((n) => leave!.declaredIn.get(n) ?? []).map((f) => path.relative(root, f)).filter((f, i, all) => all.indexOf(f) === i).join(', ')})`;
        result.notes = [...(result.notes ?? []), `not fixed: renaming ${what} in every file that uses it ${leaveWhy}`];
        if (withoutTsMorph) result.needsTsMorph = left;
      }
      results.set(file, result);
    } else {
      results.set(file, migrateRenamed(file, before, edits, analyze, analysisOf(file)));
    }
    analyses.delete(file);
    // Let signals (SIGINT) be handled between files.
    await new Promise((resolve) => setImmediate(resolve));
  }

  // A rename across files is all or nothing: a per-file fix that would rename a declaration whose references
  // are in files not being migrated is not made; the file keeps its text and says why (issue 28).
  for (const [file, ranges] of held ?? []) {
    const r = results.get(file);
    if (!r) continue;
    const hit = ranges.find((h) => r.fixed.some((m) => m.range[0] < h.range[1] && h.range[0] < m.range[1]));
    if (!hit) continue;
    results.set(file, {
      filename: r.filename,
      before: r.before,
      after: r.before,
      fixed: [],
      remaining: [...r.fixed, ...r.remaining],
      failure: `not fixed: ${hit.why}; renaming the declaration alone would break those uses (a rename across files is all or nothing: run --fix on them too)`,
    });
  }

  const out = files.map((f) => results.get(f)!);
  for (const m of out) {
    const mine = skipped.filter((s) => s.startsWith(`${path.relative(root, m.filename)}:`));
    if (projectFailure && isSource(m.filename) && renames.some((r) => m.before.includes(r.from))) mine.push(projectFailure);
    if (mine.length > 0) m.notes = [...mine, ...(m.notes ?? [])];
  }
  return out;
}

/**
 * The findings a per-file fix must leave when no project-wide rename can be made: those renaming a property that one
 * of `files` declares in a named type (by the engine's parser), and where each such name is declared.
 */
function declaredRenameFindings(
  files: readonly string[],
  texts: ReadonlyMap<string, string>,
  renames: readonly PropertyRename[],
  namedElsewhere = false,
): { matches: (m: Match) => boolean; declaredIn: Map<string, string[]> } | undefined {
  const declaredIn = declaredRenameSites(files.map((filename) => ({ filename, text: texts.get(filename)! })), new Map(renames.map((r) => [r.from, r.to])), namedElsewhere);
  if (declaredIn.size === 0) return undefined;
  const byNotice = new Set(renames.filter((r) => declaredIn.has(r.from)).map((r) => `${r.noticeId}\0${r.from}`));
  return { matches: (m) => m.fix !== undefined && m.data.name !== undefined && byNotice.has(`${m.noticeId}\0${m.data.name}`), declaredIn };
}

/** Applies a file's project-wide rename edits, then the engine's own edits on the result. */
function migrateRenamed(filename: string, before: string, edits: readonly TextEdit[], opts: AnalyzeOptions, original: FileAnalysisResult): FileMigration {
  const { output: renamed, conflicts } = applyEdits(before, edits.map((e) => [e]));
  const broken = checkSyntax(filename, renamed);
  if (broken && !checkSyntax(filename, before)) {
    const result = migrateText(filename, before, opts, original);
    return { ...result, failure: `project-wide rename refused, the result would not parse (${broken})${result.failure ? `; ${result.failure}` : ''}` };
  }
  const covered = original.matches.filter((m) => overlapsAny(m.range, edits));
  const rest = fixFile({ filename, text: renamed }, opts, { syntaxError: broken });
  const result: FileMigration = { filename, before, after: rest.output, fixed: [...covered, ...rest.fixed], remaining: rest.remaining };
  const failures = [conflicts.length > 0 ? `${conflicts.length} overlapping rename edit(s) skipped` : undefined, rest.failure].filter(Boolean);
  if (failures.length > 0) result.failure = failures.join('; ');
  return result;
}
