/**
 * The module graph of a project, built lazily from the files the engine analyses outward: a name a file
 * imports is followed only when the API model asks for its value (a base URL, a header constant, a configured
 * client, a wrapper function, a base class), and only then is the module it comes from resolved, read and
 * parsed. A scan of a repository whose files never need an imported value reads nothing more than before.
 *
 * What a module imports and exports is read from its tree (the FileContext the engine builds anyway, so no
 * second parse; oxc's own module record lists the same static imports and exports but not CommonJS):
 * ES `import`/`export` (named, default, namespace, `export ... from`, `export *` barrels), CommonJS `require`
 * (whole, destructured, `require(...).name`), `module.exports = ...`, `module.exports.name =` and
 * `exports.name =`, and TypeScript's `import x = require(...)`. Specifiers are resolved by resolve.ts.
 *
 * One model per project root and process (the CLI's worker threads, an ESLint process, a codemod run): each
 * module is kept with its size, modification time and content hash, checked again once per analysed file, so
 * a long-lived ESLint process sees edits to imported files as import-resolving plugins do. A run that reads
 * files it does not change (the CLI's scan, {@link holdFilesSteady}) checks each module once per run instead.
 */
import path from 'node:path';
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { boundNames, dottedName, FileContext, memberName, propertyKeyName, unwrap, type ForeignValue, type ImportLinks, type Node } from '../parse/file-context.js';
import { parseSource } from '../parse/parse.js';
import { readRegularFile, statOrUndefined } from '../read/read-file.js';
import { isInside, ModuleResolver, projectRootOf } from './resolve.js';
import { capture, forgetProbes, isRecording, journalStart, journalStop, note, noteListing, noteProbe, registerProbe, replay, sha1 } from './journal.js';
import { envFilesIn, fileValueReason, nameValueReason, namesPlatformApi, parseEnv, PLATFORM_API_BASE, type EnvValue } from './env.js';

/** `process.env.NAME`, `process.env['NAME']`, `import.meta.env.NAME` in a text. */
const ENV_READ = /\b(?:process|import\.meta)\.env(?:\.([A-Za-z_]\w*)|\[\s*['"]([A-Za-z_]\w*)['"]\s*\])/g;

/** SvelteKit's environment modules imported by name: `import { A, B as C } from '$env/static/public'` (or `dynamic`, `private`). */
const SVELTEKIT_ENV_IMPORT = /\bimport\s*\{([^}]*)\}\s*from\s*['"]\$env\/(static|dynamic)\/(?:public|private)['"]/g;

/** The largest module read to follow an import (the CLI's default `--max-file-size`). */
const MAX_MODULE_BYTES = 2 * 1024 * 1024;

/**
 * The run that holds the project's files steady ({@link holdFilesSteady}), numbered: 0 when none does. A module
 * checked against the disk in the current one is not checked again in it.
 */
let steadyRun = 0;
let steadyRuns = 0;

/**
 * Takes the project's files as unchanged until turned off (the CLI's scan: it reads, it does not write): each
 * module is then checked against the disk (a `stat`, its text read again when its size or time changed) once in
 * the run instead of once per analysed file, which was 4,127 `stat` calls of outline's scan for 288 files that
 * read their imports' strings. Each run that turns it on checks every module again once; `--fix`, which writes
 * files and analyses them again, runs with it off. Returns the previous setting, for a run to restore.
 */
export function holdFilesSteady(on: boolean): boolean {
  const was = steadyRun !== 0;
  if (on !== was) steadyRun = on ? ++steadyRuns : 0;
  return was;
}

/** The most modules {@link ProjectModel.reaches} reads for one answer before it answers true (not ruled out). */
const REACH_LIMIT = 100;

/** What a local name of a module is bound to by an import or a `require`. */
export interface ImportBinding {
  source: string;
  /** The exported name, `default`, or `*` for the whole module (namespace import, `const x = require(...)`). */
  imported: string;
}

type ExportTarget = { kind: 'local'; name: string } | { kind: 'node'; node: Node } | { kind: 'from'; source: string; imported: string };

/** A module's imports and exports. */
export interface ModuleRecord {
  imports: Map<string, ImportBinding>;
  exports: Map<string, ExportTarget>;
  /** `export * from '...'` sources. */
  stars: string[];
  /** `module.exports = <expr>`: the whole module's value. */
  whole?: Node;
}

/** Reads a module's imports and exports from its tree (memoized on the FileContext). */
export function moduleRecord(file: FileContext): ModuleRecord {
  return file.cached('project:record', () => readRecord(file));
}

function importedName(s: TSESTree.ImportSpecifier | TSESTree.ExportSpecifier, key: 'imported' | 'local'): string {
  const n = (s as unknown as Record<string, Node>)[key];
  return n.type === 'Identifier' ? n.name : String((n as TSESTree.Literal).value);
}

function readRecord(file: FileContext): ModuleRecord {
  const rec: ModuleRecord = { imports: new Map(), exports: new Map(), stars: [] };
  for (const imp of file.nodes(T.ImportDeclaration)) {
    if (imp.importKind === 'type') continue;
    const source = String(imp.source.value);
    for (const s of imp.specifiers) {
      if (s.type === 'ImportSpecifier') {
        if (s.importKind === 'type') continue;
        rec.imports.set(s.local.name, { source, imported: importedName(s, 'imported') });
      } else rec.imports.set(s.local.name, { source, imported: s.type === 'ImportDefaultSpecifier' ? 'default' : '*' });
    }
  }
  for (const d of file.nodes(T.TSImportEqualsDeclaration)) {
    const ref = d.moduleReference;
    if (ref.type === 'TSExternalModuleReference' && ref.expression.type === 'Literal') rec.imports.set(d.id.name, { source: String(ref.expression.value), imported: '*' });
  }
  for (const d of file.nodes(T.VariableDeclarator)) {
    if (!d.init || file.parentOf(file.parentOf(d) ?? d)?.type !== 'Program') continue;
    const req = requireOf(d.init);
    if (!req) continue;
    if (d.id.type === 'Identifier') rec.imports.set(d.id.name, { source: req.source, imported: req.member ?? '*' });
    else if (d.id.type === 'ObjectPattern' && !req.member) {
      for (const p of d.id.properties) {
        const key = p.type === 'Property' ? propertyKeyName(p) : undefined;
        const value = p.type === 'Property' ? unwrap(p.value as Node) : undefined;
        if (key !== undefined && value?.type === 'Identifier') rec.imports.set(value.name, { source: req.source, imported: key });
      }
    }
  }
  for (const e of file.nodes(T.ExportNamedDeclaration)) {
    const source = e.source ? String(e.source.value) : undefined;
    if (e.exportKind === 'type') continue;
    for (const s of e.specifiers) {
      // Babel's `export v from './m'` (export-default-from) is an ExportDefaultSpecifier with no `local`.
      const raw = s as unknown as { type: string; exported?: Node };
      if (raw.type === 'ExportDefaultSpecifier') {
        if (source && raw.exported?.type === 'Identifier') rec.exports.set(raw.exported.name, { kind: 'from', source, imported: 'default' });
        continue;
      }
      if (raw.type !== 'ExportSpecifier') continue;
      const exported = importedName(s, 'exported' as 'local');
      const local = importedName(s, 'local');
      rec.exports.set(exported, source ? { kind: 'from', source, imported: local } : { kind: 'local', name: local });
    }
    const decl = e.declaration;
    if (!decl) continue;
    if (decl.type === 'VariableDeclaration') {
      for (const v of decl.declarations) if (v.id.type === 'Identifier' && v.init) rec.exports.set(v.id.name, { kind: 'node', node: v.init });
    } else if ((decl.type === 'FunctionDeclaration' || decl.type === 'ClassDeclaration' || decl.type === 'TSEnumDeclaration') && decl.id) rec.exports.set(decl.id.name, { kind: 'node', node: decl });
  }
  for (const e of file.nodes(T.ExportDefaultDeclaration)) {
    const d = e.declaration as Node;
    rec.exports.set('default', d.type === 'Identifier' ? { kind: 'local', name: d.name } : { kind: 'node', node: d });
  }
  for (const e of file.nodes(T.ExportAllDeclaration)) {
    if (e.exportKind === 'type') continue;
    const source = String(e.source.value);
    if (e.exported) rec.exports.set(e.exported.type === 'Identifier' ? e.exported.name : String((e.exported as unknown as TSESTree.StringLiteral).value), { kind: 'from', source, imported: '*' });
    else rec.stars.push(source);
  }
  // CommonJS: top-level `module.exports = ...`, `module.exports.x = ...`, `exports.x = ...`.
  for (const a of file.nodes(T.AssignmentExpression)) {
    if (a.operator !== '=' || file.parentOf(a)?.type !== 'ExpressionStatement' || file.parentOf(file.parentOf(a)!)?.type !== 'Program') continue;
    const target = dottedName(a.left);
    if (target === 'module.exports') {
      const value = unwrap(a.right);
      rec.whole = value;
      // `module.exports = require('./constants')`: a CommonJS barrel, re-exporting every name of that module.
      const source = requiredSpecifier(value);
      if (source !== undefined) rec.stars.push(source);
      rec.exports.set('default', value.type === 'Identifier' ? { kind: 'local', name: value.name } : { kind: 'node', node: value });
      const object = value.type === 'Identifier' ? file.constantInit(value.name) : value;
      if (object?.type === 'ObjectExpression') {
        for (const p of object.properties) {
          if (p.type !== 'Property' || p.computed) continue;
          const key = propertyKeyName(p);
          if (key === undefined) continue;
          const v = unwrap(p.value as Node);
          rec.exports.set(key, v.type === 'Identifier' ? { kind: 'local', name: v.name } : { kind: 'node', node: v });
        }
      }
    } else if (target && /^(module\.)?exports\.[\w$]+$/.test(target)) {
      const key = target.slice(target.lastIndexOf('.') + 1);
      const v = unwrap(a.right);
      rec.exports.set(key, v.type === 'Identifier' ? { kind: 'local', name: v.name } : { kind: 'node', node: v });
    }
  }
  return rec;
}

/** `require('x')`, `require('x').name`, `require('x').default`: the source and the member read, if any. */
function requireOf(init: Node): { source: string; member?: string } | undefined {
  let n = unwrap(init);
  let member: string | undefined;
  if (n.type === 'MemberExpression') {
    member = memberName(n);
    n = unwrap(n.object);
  }
  if (n.type !== 'CallExpression' || n.callee.type !== 'Identifier' || n.callee.name !== 'require') return undefined;
  const arg = n.arguments[0];
  if (arg?.type !== 'Literal' || typeof arg.value !== 'string') return undefined;
  return { source: arg.value, member };
}

/**
 * What stands before a module specifier's quote, as a regular expression's source: `from`, `import`, `import(`,
 * `require(`, white space between. One source for every reader of specifiers in text (this module's, the client
 * hints of engine/api/summaries.ts, the server-side imports of context.ts), so a change to it is made once.
 */
export const SPECIFIER_PREFIX = String.raw`(?:\bfrom\s*|\bimport\s*(?:\(\s*)?|\brequire\s*\(\s*)`;

/**
 * Specifiers a text imports, found without a parse: `from '...'`, `import '...'`, `require('...')`,
 * `import('...')`. It may list more than the module imports (a string in a comment); that costs a lookup, never a
 * finding, since only the values a parsed file really imports are followed (ModuleRecord). `import` takes a `(`
 * with the white space after it (`\s*(?:\(\s*)?`): `\s*\(?\s*` split a run of white space every way, and a file
 * holding `import` and 100,000 spaces held the scan for minutes.
 */
const SPECIFIER = new RegExp(String.raw`${SPECIFIER_PREFIX}(['"])([^'"\n\r]{1,300})\1`, 'g');

/** The module specifiers of a text that may name another file of the project (relative, or an alias: not `node:` or a URL). */
export function specifiersIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(SPECIFIER)) if (!/^[a-z][\w+.-]*:/i.test(m[2])) out.add(m[2]);
  return [...out];
}

const REEXPORT = /\bexport\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(['"])([^'"\n\r]{1,300})\1/g;

/** `module.exports = require('./constants')`, a CommonJS barrel. */
const CJS_REEXPORT = /\bmodule\.exports\s*=\s*require\s*\(\s*(['"])([^'"\n\r]{1,300})\1\s*\)/g;

/** The specifiers a text re-exports from (`export * from`, `export { a } from`, `module.exports = require(...)`). */
export function reexportsIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(REEXPORT)) out.add(m[2]);
  if (text.includes('module.exports')) for (const m of text.matchAll(CJS_REEXPORT)) out.add(m[2]);
  return [...out];
}

/** The specifier of `require('<specifier>')`, if a node is such a call. */
function requiredSpecifier(node: Node): string | undefined {
  if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'require' || node.arguments.length !== 1) return undefined;
  const arg = node.arguments[0];
  return arg.type === 'Literal' && typeof arg.value === 'string' ? arg.value : undefined;
}

/**
 * A quoted string or a template literal, as a regular expression sees it (escapes skipped; a template's `${}` kept
 * inside), read from its opening quote: the literal when the closing quote (group 1) is there, else how far it
 * reads before it fails (a line break, or the end of the text).
 */
const LITERAL_FROM: Readonly<Record<string, RegExp>> = {
  "'": /'(?:\\[\s\S]|[^'\\\n\r])*('?)/y,
  '"': /"(?:\\[\s\S]|[^"\\\n\r])*("?)/y,
  '`': /`(?:\\[\s\S]|[^`\\])*(`?)/y,
};
/** A whole literal, or an opening quote that opens none (a match one character long). */
const LITERAL_OR_QUOTE = /'(?:\\[\s\S]|[^'\\\n\r])*'|"(?:\\[\s\S]|[^"\\\n\r])*"|`(?:\\[\s\S]|[^`\\])*`|['"`]/g;
const QUOTE = /['"`]/g;

/**
 * What stands right before a module specifier's opening quote: `from`, `import`, `import(` or `require(` (white space
 * between; the word not the end of a longer word), as `\bfrom\s*` or `\b(?:import|require)\s*\(?\s*` before it would
 * say. Tried at the quote only (sticky, a lookbehind read backwards from it), not as an optional prefix of
 * {@link LITERAL_FROM}: the same literals (a prefix only ever extends a match back over such a word and white space,
 * where no literal starts), a third of the time (the prefix was tried at every character).
 */
const SPECIFIER_BEFORE = /(?<=\bfrom\s*|\b(?:import|require)\s*(?:\(\s*)?)/y;

/**
 * Whether the literal starting at `at` is a module specifier ({@link SPECIFIER_BEFORE}). One expression rather than a
 * loop of `\s` tests and `startsWith` in a closure: that function was compiled by V8's optimizing compiler in every
 * process that follows imports, which cost more than all its calls (the SDK's 125 imported modules: 3,438 literals,
 * ~62 M instructions of `literalsOf`'s ~85 M; issue 30, item 4).
 */
function isSpecifierAt(text: string, at: number): boolean {
  SPECIFIER_BEFORE.lastIndex = at;
  return SPECIFIER_BEFORE.test(text);
}

/**
 * The string and template literals of a text, one per line. A tokenizer (js-tokens, engine/parse/text-tokens.ts)
 * took 4 ms a module on the SDK, 2 s a scan; a regular expression may take a quote inside a comment or a regular
 * expression for a string's start, which at worst lets a gate through (a parse more) or not (a cross-file finding
 * less), never a finding that is not there.
 */
export function literalsOf(text: string): string {
  const out: string[] = [];
  // The literals `/'(?:\\[\s\S]|[^'\\\n\r])*'|"..."|`...`/g` finds, in order. A quote that opens no literal reads
  // through the quotes of its kind up to where it fails (each one escaped), and each of them would read the same
  // rest and fail there too: they are not tried again. That expression tried them all, each to the same end (a
  // line of 100,000 `\"` took minutes).
  // Literals are taken whole by one expression until a quote opens none; from there up to the furthest point such a
  // quote read, each quote is read alone (skipping those known to fail), then the whole ones again.
  const failsBefore: Record<string, number> = { "'": -1, '"': -1, '`': -1 };
  let failing = -1;
  const whole = new RegExp(LITERAL_OR_QUOTE);
  const quote = new RegExp(QUOTE);
  let at = 0;
  while (at < text.length) {
    let m: RegExpExecArray | null;
    if (at >= failing) {
      whole.lastIndex = at;
      m = whole.exec(text);
      if (m === null) break;
      if (m[0].length > 1) {
        // A module specifier is no value a URL, a header or a claim is folded from (the file's imports are followed as such).
        if (!isSpecifierAt(text, m.index)) out.push(m[0]);
        at = m.index + m[0].length;
        continue;
      }
    } else {
      quote.lastIndex = at;
      m = quote.exec(text);
      if (m === null) break;
      if (m.index < failsBefore[m[0]]) {
        at = m.index + 1;
        continue;
      }
    }
    const from = LITERAL_FROM[m[0]];
    from.lastIndex = m.index;
    const read = from.exec(text)!;
    if (read[1] === '') {
      failsBefore[m[0]] = m.index + read[0].length;
      failing = Math.max(failing, failsBefore[m[0]]);
      at = m.index + 1;
    } else {
      if (!isSpecifierAt(text, m.index)) out.push(read[0]);
      at = m.index + read[0].length;
    }
  }
  return out.join('\n');
}

/** What is read out of a module's text, once per distinct text: copies of a file share it ({@link ProjectModel}'s `shared`). */
interface TextReadings {
  /** The text's string literals only ({@link literalsOf}), once asked for. */
  strings?: string;
  /** The specifiers it re-exports from ({@link reexportsIn}), once asked for. */
  reexports?: readonly string[];
  /** The specifiers it imports from ({@link specifiersIn}), once asked for. */
  specifiers?: readonly string[];
  /** {@link mayExportAnyName} of the text, once asked for. */
  open?: boolean;
}

interface TextEntry {
  readings: TextReadings;
  /** The project files its specifiers resolve to ({@link ProjectModel.reaches}), once asked for (per file: relative specifiers). */
  targets?: string[];
  /** What resolving {@link targets} read (engine/project/journal.ts), recorded again each time they are used. */
  targetReads?: Map<string, string>;
  /** What {@link ProjectModel.reaches}'s `own` test said of the text, per test key. */
  marks?: Map<string, number>;
  size: number;
  mtimeMs: number;
  text: string | undefined;
  /** The sha1 of {@link text} ('' when unreadable), worked out when first asked ({@link textHash}). */
  hash?: string;
  /** The {@link ProjectModel.generation} it was last checked against the disk in. */
  checked: number;
  /** The steady run ({@link holdFilesSteady}) it was last checked against the disk in, if any. */
  steady?: number;
}

interface ModuleEntry {
  size: number;
  mtimeMs: number;
  /** The sha1 of the text read, worked out when first asked ({@link moduleHash}). */
  hash?: string;
  /** Whether the text read began with a byte order mark (the tree's text is without it). */
  bom?: boolean;
  file: FileContext | undefined;
  /** The {@link ProjectModel.generation} it was last checked in. */
  checked: number;
  /** The steady run ({@link holdFilesSteady}) it was last checked in, if any. */
  steady?: number;
}

/** A project's modules, read on demand. See the file header. */
export class ProjectModel implements ImportLinks {
  readonly resolver: ModuleResolver;
  private readonly modules = new Map<string, ModuleEntry>();
  private generation = 0;

  constructor(readonly root: string) {
    this.resolver = new ModuleResolver(root);
  }

  /** Starts the analysis of one file: every module is checked against the disk again once, and its reads recorded. */
  begin(): void {
    this.generation++;
    journalStart();
  }

  /**
   * What the analysis since {@link begin} read (engine/project/journal.ts): modules as path -> content hash, and the
   * folders, pages, importers, environment and configuration files it looked at.
   */
  end(): Map<string, string> {
    return journalStop();
  }

  private readonly texts = new Map<string, TextEntry>();
  /**
   * {@link TextReadings} by text, shared by the entries that hold that very text (copies of a file: 119 of the 359
   * texts trpc's scan reads), with how many hold it: a text no entry holds any more is let go, so nothing is kept
   * here that {@link texts} does not keep. Found by the text itself, not by a hash of it, which cost more than the
   * readings it shared.
   */
  private readonly shared = new Map<string, { readings: TextReadings; holders: number }>();

  /** The readings of a text just read ({@link shared}); new ones for an unreadable file. */
  private readingsFor(text: string | undefined): TextReadings {
    if (text === undefined) return {};
    let held = this.shared.get(text);
    if (!held) this.shared.set(text, (held = { readings: {}, holders: 0 }));
    held.holders++;
    return held.readings;
  }

  /** An entry replaced by a new reading of its file no longer holds its text ({@link shared}). */
  private release(entry: TextEntry): void {
    const held = entry.text === undefined ? undefined : this.shared.get(entry.text);
    if (held && --held.holders === 0) this.shared.delete(entry.text!);
  }

  /**
   * The string literals of the project's modules a text imports, of the modules those import, and of the modules
   * those re-export, to `depth`
   * levels and at most `limit` files, each module's text blanked but for its strings (the prefilter's tokens and
   * gates read a file together with them: a URL's host or path may be written in a constant of another module,
   * while a key or a name the gates look for must be the file's own). Recorded as dependencies of the analysis.
   */
  importedTexts(name: string, text: string, depth = 2, limit = 16): string[] {
    const filename = path.resolve(name);
    const out: string[] = [];
    const seen = new Set<string>([filename]);
    let level: Array<[string, string]> = [[filename, text]];
    for (let d = 0; d < depth && level.length > 0 && out.length < limit; d++) {
      const next: Array<[string, string]> = [];
      for (const [from, body] of level) {
        // Full: the modules of this level that come later are not resolved (a module's specifiers are resolved
        // one at a time, as far as the limit lets them be read).
        if (out.length >= limit) break;
        // The file's imports and theirs (a `constants.js` building `AUTH_URL` on a `config.js` origin it imports, a
        // barrel's `export * from './urls'`); a deeper level, when asked for, follows re-exports only.
        for (const spec of d <= 1 ? this.specifiersOf(from, body) : this.reexportsOf(from, body)) {
          if (out.length >= limit) break;
          const target = this.resolver.resolve(from, spec);
          if (!target || seen.has(target)) continue;
          seen.add(target);
          const read = this.textOf(target);
          if (read === undefined) continue;
          out.push(this.stringsOf(target, read));
          next.push([target, read]);
        }
      }
      level = next;
    }
    return out;
  }

  /**
   * {@link cannotExport} for a module's text, its name-free part kept with the text's readings: looking names up
   * through a barrel asks it of each of the barrel's `export *` modules for every name (excalidraw's `AI.tsx`: 235
   * asks of 24 look-ups, each reading three expressions over a whole module text).
   */
  cannotExportFrom(file: string, text: string, name: string): boolean {
    const entry = this.texts.get(file);
    if (entry && entry.text === text) return cannotExport(text, name, (entry.readings.open ??= mayExportAnyName(text)));
    return cannotExport(text, name);
  }

  /** The specifiers a module imports from (memoized per text, as {@link reexportsOf}: a module many files import is read once). */
  private specifiersOf(file: string, text: string): readonly string[] {
    const entry = this.texts.get(file);
    if (entry && entry.text === text) return (entry.readings.specifiers ??= specifiersIn(text));
    return specifiersIn(text);
  }

  /** {@link TextEntry.targets} of a file's entry for its text, resolved once (what resolving read is replayed after). */
  private entryTargets(file: string, entry: TextEntry, text: string): readonly string[] {
    if (entry.targets) replay(entry.targetReads);
    else {
      const resolved = capture(() =>
        (entry.readings.specifiers ??= specifiersIn(text))
          .map((spec) => this.resolver.resolve(file, spec))
          .filter((t): t is string => t !== undefined && t !== file),
      );
      entry.targets = resolved.value;
      entry.targetReads = resolved.reads;
    }
    return entry.targets;
  }

  /** The specifiers a module re-exports from (memoized per text: a module many files import is read once). */
  private reexportsOf(file: string, text: string): readonly string[] {
    const entry = this.texts.get(file);
    if (entry && entry.text === text) return (entry.readings.reexports ??= reexportsIn(text));
    return reexportsIn(text);
  }

  /**
   * What {@link reaches} learnt in this generation, per test key and module: true when the module's closure was
   * found enough, else the or-ed mask of its whole closure (searched to its end).
   */
  private reached = new Map<string, true | number>();
  private reachedGeneration = -1;

  /**
   * Whether the module a specifier written in a file names, or a module it imports (transitively, by the
   * specifiers of its text: `import`, `export ... from`, `require`, `import()`, resolved as {@link imported}
   * does), has text for which `own` holds: a pre-check on text alone, before a module is parsed to follow a
   * call into it. `own` gives each text a mask (cached per module text under `key`); the answer is whether the
   * masks of the whole closure, or-ed, are `enough` (monotone: more bits never make it false). A module that
   * cannot be read, or a closure of more than {@link REACH_LIMIT} modules (known as soon as that many are found in it,
   * before they are read), counts as enough (not ruled out). Every module read is a dependency of the analysis,
   * as with {@link importedTexts}.
   *
   * A closure searched to its end gives the mask of every module in it as well only for the root; each module
   * searched to its end is kept with its mask, each found enough with true, for the current generation (one
   * analysed file), and one found enough for the process too (see {@link enough}); texts, their masks and their
   * resolved specifiers are kept while the text is unchanged.
   */
  reaches(fromName: string, specifier: string, key: string, own: (text: string) => number, enough: (mask: number) => boolean): boolean {
    // Everything the walk reads (texts, and the folders and configuration its resolutions looked at) goes with the
    // answers it keeps, so a later use of them depends on the same reads.
    let closure: Map<string, string> | undefined;
    const { value, reads } = capture(() => this.reachesWalk(fromName, specifier, key, own, enough, (r) => (closure = r)));
    if (closure) for (const [k, v] of reads) closure.set(k, v);
    return value;
  }

  private reachesWalk(fromName: string, specifier: string, key: string, own: (text: string) => number, enough: (mask: number) => boolean, kept: (reads: Map<string, string>) => void): boolean {
    if (this.reachedGeneration !== this.generation) {
      this.reached.clear();
      this.closureReads.clear();
      this.reachedGeneration = this.generation;
    }
    const from = path.resolve(fromName);
    const root = this.resolver.resolve(from, specifier);
    if (!root || root === from) return false;
    const memo = (file: string): string => `${key}\0${file}`;
    const known = this.reached.get(memo(root));
    if (known !== undefined) return known === true || enough(known);
    const reads = new Map<string, string>();
    kept(reads);
    const found = this.found.get(memo(root));
    if (found) {
      for (const [file, hash] of found) reads.set(file, hash);
      return this.enough(memo(root), reads);
    }
    const readsOf = (file: string): void => {
      for (const [f, hash] of this.closureReads.get(memo(file)) ?? []) reads.set(f, hash);
    };
    const seen = new Set<string>([root]);
    const queue = [root];
    let mask = 0;
    for (let i = 0; i < queue.length; i++) {
      // A large closure is not searched to its end: it is not ruled out (the answer stays sound, and bounded).
      if (i >= REACH_LIMIT) return this.enough(memo(root), reads);
      const file = queue[i];
      const closure = i === 0 ? undefined : this.reached.get(memo(file));
      if (closure === true) {
        readsOf(file);
        return this.enough(memo(root), reads);
      }
      if (closure !== undefined) {
        // Its whole closure was searched already: its mask stands for it.
        readsOf(file);
        mask |= closure;
        if (enough(mask)) return this.enough(memo(root), reads);
        continue;
      }
      const text = this.textOf(file);
      const entry = this.texts.get(file);
      // A walk that records nothing keeps no hash (its answers carry UNRECORDED, engine/project/journal.ts).
      if (entry) reads.set(file, isRecording() ? textHash(entry) : '');
      if (text === undefined || !entry) return this.enough(memo(root), reads);
      let marks = entry.marks?.get(key);
      if (marks === undefined) (entry.marks ??= new Map()).set(key, (marks = own(text)));
      mask |= marks;
      if (enough(mask)) return this.enough(memo(root), reads);
      for (const t of this.entryTargets(file, entry, text)) {
        if (!seen.has(t)) {
          seen.add(t);
          queue.push(t);
        }
      }
      // The queue never shrinks and every way out of this loop but its end answers true: once it holds more than
      // REACH_LIMIT modules, the walk would answer true at the latest at the limit, so it answers now, without reading
      // the modules between (a barrel's or an application entry's closure: most of them).
      if (queue.length > REACH_LIMIT) return this.enough(memo(root), reads);
    }
    this.reached.set(memo(root), mask);
    this.closureReads.set(memo(root), reads);
    return false;
  }

  /**
   * A closure found enough: kept for this generation, and for the process with the modules read to find it. Such
   * an answer only lets a module be parsed and a call be followed, which finds what is there, so it stays sound
   * whatever the modules become: a later analysis is given it without the walk, and the same modules are recorded
   * as what it read (a cache entry made with a module's older hash is only checked again sooner).
   */
  private enough(memoKey: string, reads: ReadonlyMap<string, string>): true {
    this.reached.set(memoKey, true);
    this.closureReads.set(memoKey, reads);
    if (!this.found.has(memoKey)) this.found.set(memoKey, reads);
    for (const [file, hash] of reads) note(file, hash);
    return true;
  }

  /** What {@link reaches} read for each closure it searched in this generation (memo key -> path -> content hash). */
  private readonly closureReads = new Map<string, ReadonlyMap<string, string>>();
  /** Closures found enough in an earlier generation, with what was read to find them (see {@link enough}). */
  private readonly found = new Map<string, ReadonlyMap<string, string>>();

  /**
   * The values assumed for the environment variables a text reads (`process.env.NAME`, `import.meta.env.NAME`;
   * engine/project/env.ts), one per line: read with the imported texts, so a request whose base URL is such a
   * variable passes the tokens that a written URL would.
   */
  envTexts(name: string, text: string): string[] {
    if (!text.includes('env')) return [];
    const out = new Set<string>();
    const add = (variable: string): void => {
      const found = this.envValueAt(name, variable);
      if (found) out.add(found.value);
    };
    for (const m of text.matchAll(ENV_READ)) add(m[1] ?? m[2]);
    // SvelteKit's `import { PUBLIC_X } from '$env/static/public'`, and `env.PUBLIC_X` of `$env/dynamic/public`.
    if (text.includes('$env/')) {
      for (const m of text.matchAll(SVELTEKIT_ENV_IMPORT)) {
        for (const spec of m[1].split(',')) {
          const imported = /^\s*([A-Za-z_]\w*)/.exec(spec)?.[1];
          if (!imported) continue;
          if (m[2] === 'static') add(imported);
          else if (imported === 'env') for (const r of text.matchAll(/\benv\.([A-Za-z_]\w*)/g)) add(r[1]);
        }
      }
    }
    return [...out];
  }

  /** A module's string and template literals, one per line (memoized per text). */
  private stringsOf(file: string, text: string): string {
    const entry = this.texts.get(file);
    if (entry && entry.text === text) return (entry.readings.strings ??= literalsOf(text));
    return literalsOf(text);
  }

  /** A project file's text, recorded as a dependency of the analysis as the modules read to follow imports are. */
  readText(file: string): string | undefined {
    return this.textOf(file);
  }

  private textOf(file: string): string | undefined {
    let entry = this.texts.get(file);
    // Checked against the disk once per analysed file, as {@link module} is: the closures {@link reaches} walks for
    // one file share most of their modules. Once per run while the files are held steady ({@link holdFilesSteady}).
    if (entry && this.checkedNow(entry)) {
      if (isRecording()) note(file, textHash(entry));
      return entry.text;
    }
    const stats = statOrUndefined(file);
    if (!stats?.isFile()) {
      note(file, '');
      return undefined;
    }
    if (!entry || entry.size !== stats.size || entry.mtimeMs !== stats.mtimeMs) {
      let text: string | undefined;
      try {
        text = readRegularFile(file, MAX_MODULE_BYTES).toString('utf8');
      } catch {
        text = undefined;
      }
      if (entry) this.release(entry);
      entry = { readings: this.readingsFor(text), size: stats.size, mtimeMs: stats.mtimeMs, text, checked: this.generation };
      this.texts.set(file, entry);
    }
    this.markChecked(entry);
    if (isRecording()) note(file, textHash(entry));
    return entry.text;
  }

  /**
   * Whether an entry was checked against the disk for the analysed file now ({@link ProjectModel.generation}), or
   * in this run while the files are held steady ({@link holdFilesSteady}): {@link textOf} and {@link module} alike.
   */
  private checkedNow(entry: { checked: number; steady?: number }): boolean {
    return entry.checked === this.generation || (steadyRun !== 0 && entry.steady === steadyRun);
  }

  /** Records that an entry was just checked against the disk ({@link checkedNow}). */
  private markChecked(entry: { checked: number; steady?: number }): void {
    entry.checked = this.generation;
    entry.steady = steadyRun;
  }

  /** The parsed module at an absolute path, or undefined (unreadable, too large, does not parse). */
  module(file: string): FileContext | undefined {
    let entry = this.modules.get(file);
    if (!entry || !this.checkedNow(entry)) {
      const stats = statOrUndefined(file);
      if (!stats?.isFile()) {
        this.modules.delete(file);
        note(file, '');
        return undefined;
      }
      if (!entry || entry.size !== stats.size || entry.mtimeMs !== stats.mtimeMs) entry = this.load(file, stats.size, stats.mtimeMs);
      this.markChecked(entry);
      this.modules.set(file, entry);
    }
    if (isRecording()) note(file, moduleHash(entry));
    return entry.file;
  }

  private load(file: string, size: number, mtimeMs: number): ModuleEntry {
    // The text {@link textOf} read of the file at this size and time, if it did (most modules parsed were read as
    // text first: their closure asked whether they may send, their exports walked), else read now.
    const read = this.texts.get(file);
    let text: string;
    if (read?.text !== undefined && read.size === size && read.mtimeMs === mtimeMs) text = read.text;
    else {
      try {
        text = readRegularFile(file, MAX_MODULE_BYTES).toString('utf8');
      } catch {
        return { size, mtimeMs, hash: '', file: undefined, checked: this.generation };
      }
    }
    const bom = text.startsWith('\uFEFF');
    const source = bom ? text.slice(1) : text;
    // The tree the analysis of this very file made, with this very text, is what a parse here would give.
    let context = this.analysedAs(file, source);
    if (context === undefined) {
      const parsed = parseSource(source, file, undefined, { ranges: false });
      if (parsed.ok) {
        context = new FileContext(file, source, parsed.ast);
        context.links = this;
      }
    }
    // Hashed when an analysis records what it read ({@link moduleHash}); a text that does not parse is not kept for it.
    return { size, mtimeMs, hash: context === undefined ? sha1(text) : undefined, bom, file: context, checked: this.generation };
  }

  /**
   * The trees of the files analysed in this project, held weakly (a tree the scan no longer holds is not kept for
   * this): a file analysed before another file's analysis imports it (the platform SDK's 87 KB `call.ts`, analysed
   * itself and then followed as a module by a later file's analysis) is not parsed and walked twice.
   */
  private readonly analysed = new Map<string, WeakRef<FileContext>>();

  /**
   * Offers the tree an analysis parsed (engine/analyze.ts, a file of this project linked to this model, with its
   * text without a byte order mark) to {@link load}, which takes it only for the same name and the same text.
   */
  adoptAnalysed(context: FileContext): void {
    if (context.links !== this || !path.isAbsolute(context.filename)) return;
    if (this.analysed.size >= 10_000) this.analysed.clear();
    this.analysed.set(context.filename, new WeakRef(context));
  }

  /** {@link adoptAnalysed}'s tree of a file when it is still held, its name and text the ones {@link load} has. */
  private analysedAs(file: string, text: string): FileContext | undefined {
    const context = this.analysed.get(file)?.deref();
    return context !== undefined && context.filename === file && context.text === text && context.links === this ? context : undefined;
  }

  /**
   * The tree this model parsed already at an absolute path (another file imported it) when its text is `text`: what a
   * parse of `text` under that name gives, so an analysis of the file itself reuses it, its indexes and what was
   * memoized on it, instead of parsing and walking the file again (the platform SDK's `call.ts`, `CallHistory.ts`,
   * `Utils.ts` are read through their tests first). Compared by text, not by the disk: nothing is read or recorded.
   */
  parsedAs(file: string, text: string): FileContext | undefined {
    const context = this.modules.get(file)?.file;
    return context !== undefined && context.filename === file && context.text === text ? context : undefined;
  }

  /** The module a specifier written in a file names, parsed. */
  imported(from: FileContext, specifier: string): FileContext | undefined {
    const fromFile = path.resolve(from.filename);
    const target = this.resolver.resolve(fromFile, specifier);
    return target && target !== fromFile ? this.module(target) : undefined;
  }

  /** {@inheritDoc ImportLinks.valueOf} */
  valueOf(file: FileContext, name: string): ForeignValue | undefined {
    const binding = moduleRecord(file).imports.get(name);
    if (!binding) return undefined;
    const target = this.imported(file, binding.source);
    if (!target) return undefined;
    if (binding.imported === '*') return wholeOf(target);
    return this.exportOf(target, binding.imported, new Set());
  }

  private readonly envDirs = new Map<string, string[]>();
  private readonly envParsed = new Map<string, { text: string; values: Map<string, string> }>();

  /** An environment file's values, parsed once per text. */
  private envOf(file: string, text: string): Map<string, string> {
    const entry = this.envParsed.get(file);
    if (entry?.text === text) return entry.values;
    const values = parseEnv(text);
    this.envParsed.set(file, { text, values });
    return values;
  }

  /** {@inheritDoc ImportLinks.envValue} (engine/project/env.ts) */
  envValue(file: FileContext, name: string): EnvValue | undefined {
    return this.envValueAt(file.filename, name);
  }

  /** The value a variable is assumed to hold in a file of the project (see engine/project/env.ts). */
  envValueAt(filename: string, name: string): EnvValue | undefined {
    let dir = path.dirname(path.resolve(filename));
    for (let i = 0; i < 32 && isInside(this.root, dir); i++) {
      let files = this.envDirs.get(dir);
      if (!files) this.envDirs.set(dir, (files = envFilesIn(dir)));
      noteListing(dir);
      for (const envFile of files) {
        const text = this.textOf(envFile);
        const value = text === undefined ? undefined : this.envOf(envFile, text).get(name);
        // Only an address is taken (a placeholder, a token or an id is no value to fold into code), and no control character.
        if (value !== undefined) return /^https?:\/\/[^\s/]/i.test(value) && !/[\u0000-\u001f\u007f-\u009f]/.test(value) ? { value, assumed: fileValueReason(name, envFile), file: envFile } : undefined;
      }
      const up = path.dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    return namesPlatformApi(name) ? { value: PLATFORM_API_BASE, assumed: nameValueReason(name) } : undefined;
  }

  /** {@inheritDoc ImportLinks.isSoleBinding} */
  isSoleBinding(file: FileContext, name: string): boolean {
    const counts = file.cached('project:binding-counts', () => {
      const map = new Map<string, number>();
      const add = (pattern: Node): void => {
        for (const n of boundNames(pattern)) map.set(n, (map.get(n) ?? 0) + 1);
      };
      for (const d of file.nodes(T.VariableDeclarator)) add(d.id);
      for (const type of [T.FunctionDeclaration, T.FunctionExpression, T.ArrowFunctionExpression] as const) for (const f of file.nodes(type)) for (const p of f.params) add(p);
      for (const c of file.nodes(T.CatchClause)) if (c.param) add(c.param);
      return map;
    });
    return counts.get(name) === 1;
  }

  /** {@inheritDoc ImportLinks.memberOf} */
  memberOf(namespace: FileContext, key: string): ForeignValue | undefined {
    return this.exportOf(namespace, key, new Set());
  }

  /** What a module exports under a name (through re-exports, barrels and CommonJS), or undefined. */
  exportOf(file: FileContext, name: string, seen: Set<string>): ForeignValue | undefined {
    const mark = `${file.filename}\0${name}`;
    if (seen.has(mark) || seen.size > 32) return undefined;
    seen.add(mark);
    const rec = moduleRecord(file);
    const target = rec.exports.get(name);
    if (target?.kind === 'node') return { file, node: target.node };
    if (target?.kind === 'local') return this.localOf(file, target.name, seen);
    if (target?.kind === 'from') {
      const from = this.imported(file, target.source);
      if (!from) return undefined;
      return target.imported === '*' ? { file: from, namespace: true } : this.exportOf(from, target.imported, seen);
    }
    if (name === 'default' && rec.whole === undefined && rec.exports.size > 0) return { file, namespace: true };
    if (name === 'default') return undefined;
    const fromFile = path.resolve(file.filename);
    for (const source of rec.stars) {
      const target = this.resolver.resolve(fromFile, source);
      if (!target || target === fromFile) continue;
      // A barrel's `export *` modules are read first and parsed only when their text may export the name: looking a
      // name up through a barrel of forty modules parsed every one before it (excalidraw's `@excalidraw/element`).
      const text = this.textOf(target);
      if (text !== undefined && this.cannotExportFrom(target, text, name)) continue;
      const from = this.module(target);
      const found = from && this.exportOf(from, name, seen);
      if (found) return found;
    }
    return undefined;
  }

  /** A module-level name's value: a constant's initializer, a function or class declaration, or an import. */
  private localOf(file: FileContext, name: string, seen: Set<string>): ForeignValue | undefined {
    const init = file.constantInit(name);
    if (init) return { file, node: init };
    for (const d of [...file.nodes(T.FunctionDeclaration), ...file.nodes(T.ClassDeclaration)]) {
      if (d.id?.name === name && file.parentOf(d)?.type !== undefined && isTopLevel(file, d)) return { file, node: d };
    }
    const binding = moduleRecord(file).imports.get(name);
    if (!binding) return undefined;
    const target = this.imported(file, binding.source);
    if (!target) return undefined;
    return binding.imported === '*' ? wholeOf(target) : this.exportOf(target, binding.imported, seen);
  }
}

/** A name that only an identifier or a string spelling it can export (no digit first: a numeric key `0x10` exports `16`). */
const IDENTIFIER_NAME = /^[A-Za-z_$][\w$]*$/;

/** A text entry's content hash, worked out once when first asked ('' for an unreadable file). */
function textHash(entry: TextEntry): string {
  return (entry.hash ??= entry.text === undefined ? '' : sha1(entry.text));
}

/** A module entry's content hash (of the text read, byte order mark included), worked out once when first asked. */
function moduleHash(entry: ModuleEntry): string {
  return (entry.hash ??= entry.file === undefined ? '' : sha1(entry.bom ? `\uFEFF${entry.file.text}` : entry.file.text));
}

/** An escape that may spell a name's characters in an identifier or a string (`\u0041`, `\x41`, `\101`, a line continuation). */
const SPELLING_ESCAPE = /\\(?:u|x|[0-7]|\r|\n|\u2028|\u2029)/;
/** `export *`, a re-export of every name of another module; or `export` before a comment, which may hide one (linear: no comment is read). */
const EXPORT_STAR = /\bexport\s*[*/]/;

/**
 * Whether a module's text cannot export `name` in any way {@link readRecord} reads (so {@link ProjectModel.exportOf}
 * finds nothing there without parsing it): every name it records as exported is spelt in the text (a declaration's
 * or a specifier's identifier, a string, an object key, `exports.name`), unless an escape spells it; and it has no
 * `export *` nor CommonJS `module.exports = require(...)` through which a name of another module comes.
 */
export function cannotExport(text: string, name: string, open?: boolean): boolean {
  return IDENTIFIER_NAME.test(name) && !text.includes(name) && !(open ?? mayExportAnyName(text));
}

/**
 * The part of {@link cannotExport} that does not depend on the name: an escape that may spell any name, an `export *`
 * (or a comment after `export`), or CommonJS that may re-export another module. Kept per text by the project model
 * ({@link ProjectModel.cannotExportFrom}): a barrel's `export *` modules are asked once per name looked up through it.
 */
export function mayExportAnyName(text: string): boolean {
  return SPELLING_ESCAPE.test(text) || EXPORT_STAR.test(text) || (text.includes('module') && text.includes('require'));
}

function isTopLevel(file: FileContext, node: Node): boolean {
  const parent = file.parentOf(node);
  return parent?.type === 'Program' || ((parent?.type === 'ExportNamedDeclaration' || parent?.type === 'ExportDefaultDeclaration') && file.parentOf(parent)?.type === 'Program');
}

/** A whole module as a value: what `module.exports =` assigns, else its namespace. */
function wholeOf(file: FileContext): ForeignValue {
  const whole = moduleRecord(file).whole;
  return whole ? { file, node: whole } : { file, namespace: true };
}

const projects = new Map<string, ProjectModel>();
const roots = new Map<string, string>();

/** The run's scan roots ({@link useScanRoots}). */
let scanRoots: readonly string[] = [];
let scanRootsGiven: readonly string[] | undefined;

/**
 * The folders the run scans (EngineOptions.scanRoots): the root of a file with no `.git` or `package.json` above it
 * is the outermost of them that holds it. Each front end gives them with its engine options; asked per file, so the
 * same array given again costs a comparison.
 */
export function useScanRoots(dirs: readonly string[] | undefined): void {
  if (dirs === scanRootsGiven) return;
  scanRootsGiven = dirs;
  const next = [...new Set((dirs ?? []).map((d) => path.resolve(d)))].sort();
  if (next.join('\0') === scanRoots.join('\0')) return;
  scanRoots = next;
  roots.clear();
  forgetProbes('root');
}

/** The root of a folder's files, recomputed when a cached outcome is checked (engine/project/journal.ts). */
registerProbe('root', (dir) => projectRootOf(path.join(dir, 'file'), scanRoots));

/**
 * The model of the project a file on disk belongs to (one per root and process), or undefined for a file
 * that is not on disk (a test's virtual file, stdin): then no import is followed.
 */
export function projectOf(name: string): ProjectModel | undefined {
  // A relative name (jscodeshift's `file.path`, ESLint's Linter given a relative filename) is a file of the working folder when it is there.
  const filename = path.isAbsolute(name) ? name : path.resolve(name);
  if (!path.isAbsolute(name) && !statOrUndefined(filename)?.isFile()) return undefined;
  const dir = path.dirname(filename);
  let root = roots.get(dir);
  if (root === undefined) roots.set(dir, (root = projectRootOf(filename, scanRoots)));
  // The root bounds what is read: a `.git` or `package.json` added above changes it.
  noteProbe('root', dir);
  if (!isInside(root, filename)) return undefined;
  let model = projects.get(root);
  if (!model) projects.set(root, (model = new ProjectModel(root)));
  return model;
}
