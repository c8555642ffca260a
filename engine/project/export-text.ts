/**
 * Where a module's export may be declared, read from module texts without a parse (issue 30: a lookup that cannot
 * change the verdict should not parse modules).
 *
 * {@link ProjectModel.exportOf} follows a name through `export { a as b } from`, `export * from`, local exports
 * and CommonJS, parsing every module on the way; a barrel of a package (`@excalidraw/excalidraw`) sends a lookup
 * through several barrels to the module that declares the function. {@link exportDeclarers} follows the same name
 * through the same re-exports as text and gives the modules where it ends declared as a function in place, which is
 * where {@link FileContext.locate} stops; a caller that needs something of the declaring module's own text (a
 * forwarder must call its client there) tests those texts only, instead of the whole import closure of the module
 * the name is imported from. Whenever the text does not say for certain (a rename to or from `default`, a name
 * exported in any other way, a clause with a comment in it, too many steps), the answer is undefined and the caller
 * keeps its broader test: the set given is never smaller than where `locate` can land.
 */
import path from 'node:path';
import type { ProjectModel } from './modules.js';

/** `export { a, b as c } from './x'` (or `export type {...}`) whose braces hold names, `as`, `type` and commas only. */
const NAMED_REEXPORT = /\bexport\s+(?:type\s+)?\{([\s\w$,]*)\}\s*from\s*(['"])([^'"\n\r]{1,300})\2/g;
/** `export * from './x'` (not `export * as ns from`, which exports one name: left in the text, so not answered). */
const STAR_REEXPORT = /\bexport\s*\*\s*from\s*(['"])([^'"\n\r]{1,300})\1/g;
/** A local `export { a, b as c }` (or one with `from` that {@link NAMED_REEXPORT} did not take: not answered). */
const LOCAL_EXPORT = /\bexport\s+(?:type\s+)?\{([^}]*)\}(\s*from\b)?/g;
/** `import a, { b, c as d } from './x'`, `import * as ns from './x'`. */
const IMPORT_CLAUSE = /\bimport\s+(?:type\s+)?(?:([A-Za-z_$][\w$]*)\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s+([A-Za-z_$][\w$]*))?\s*from\s*(['"])([^'"\n\r]{1,300})\4/g;
/** One entry of a clause: `name`, `type name`, `name as other`. */
const CLAUSE_ENTRY = /^(?:type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/;
/**
 * What the text cannot be read for: CommonJS exports, `export =`, `export * as`, `export` before a comment, a
 * destructuring `export const { a } = ...` (an escape that may spell the name: {@link escapesSpell}).
 */
const UNREAD = /\bexports\b|\bexport\s*(?:[*/=]|(?:const|let|var)\s*[{[])/;
/** One escape that may stand in a name or a string (`\\u0041`, `\\u{41}`, `\\x41`, `\\101`, a line continuation), read at a place. */
const ESCAPE_AT = /\\(?:u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]{1,6})\}|x([0-9a-fA-F]{2})|([0-7]{1,3})|\r\n?|\n|\u2028|\u2029)/y;

function isNameCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

/**
 * Whether an escape in the text may spell `name`: a run of name characters and escapes around a backslash that
 * decodes to hold it (what `cannotExport` fears of any escape). Linear: each backslash's run is read once.
 */
export function escapesSpell(text: string, name: string): boolean {
  return spelledRuns(text).some((decoded) => decoded.includes(name));
}

/**
 * The runs {@link escapesSpell} decodes in a text, whatever the name: each backslash's run of name characters and
 * escapes, decoded. A module's reading keeps them ({@link TextReading.runs}): they were decoded again for each name
 * looked up through the module (the console's `RBAC/bindings.tsx`, whose lookups pass the same modules' texts).
 */
function spelledRuns(text: string): string[] {
  const runs: string[] = [];
  for (let at = text.indexOf('\\'); at >= 0; ) {
    let start = at;
    while (start > 0 && isNameCode(text.charCodeAt(start - 1))) start--;
    let decoded = text.slice(start, at);
    let i = at;
    for (;;) {
      if (i < text.length && isNameCode(text.charCodeAt(i))) {
        decoded += text[i++];
        continue;
      }
      ESCAPE_AT.lastIndex = i;
      const m = ESCAPE_AT.exec(text);
      if (!m) break;
      const [, u4, u, x, oct] = m;
      const code = u4 ?? u ?? x ? parseInt(u4 ?? u ?? x, 16) : oct ? parseInt(oct, 8) : NaN;
      if (!Number.isNaN(code) && code <= 0x10ffff) decoded += String.fromCodePoint(code);
      i += m[0].length;
    }
    runs.push(decoded);
    at = text.indexOf('\\', Math.max(i, at + 1));
  }
  return runs;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** At most this many modules that may export the name: a longer chain is not answered (exportOf gives up after 32 as well). */
const STEPS = 32;

/** The entries of a clause's text as [local, exported] (an `import`'s as [imported, local]), or undefined when one is not a plain entry. */
function clauseEntries(names: string): Array<[string, string]> | undefined {
  const out: Array<[string, string]> = [];
  for (const entry of names.split(',')) {
    const e = entry.trim();
    if (e === '') continue;
    const m = CLAUSE_ENTRY.exec(e);
    if (!m) return undefined;
    out.push([m[1], m[2] ?? m[1]]);
  }
  return out;
}

function escaped(name: string): string {
  return name.replace(/\$/g, '\\$');
}

/**
 * The modules (absolute paths) in which the value the module `specifier` (written in `fromFile`) exports as `name`
 * may be declared, each as a function declared in place; undefined when the texts cannot tell. An empty list: no
 * module of the chain can export the name (`exportOf` finds nothing). Every text read is a dependency of the
 * analysis (the project model records it). `namespace`: the name is a member of the module's namespace (`import * as
 * ns`), which a CommonJS module's `module.exports = value` replaces with that value: such a module is not answered.
 */
export function exportDeclarers(project: ProjectModel, fromFile: string, specifier: string, name: string, kind: DeclarationKind = 'function', namespace = false): string[] | undefined {
  if (!IDENTIFIER.test(name) || (name === 'default' && namespace)) return undefined;
  const from = path.resolve(fromFile);
  const first = project.resolver.resolve(from, specifier);
  if (!first || first === from) return [];
  const out = new Set<string>();
  const seen = new Set<string>();
  let steps = 0;
  const queue: Array<[string, string]> = [[first, name]];
  for (let i = 0; i < queue.length; i++) {
    const [file, wanted] = queue[i];
    const mark = `${file}\0${wanted}`;
    if (seen.has(mark)) continue;
    seen.add(mark);
    // Read through the project model each time (a dependency of this analysis); what the text says is kept per text.
    const text = project.readText(file);
    if (text === undefined || (namespace && i === 0 && /\bexports\b/.test(text))) return undefined;
    // A module whose text cannot export the name is passed over (a barrel's `export *` modules, as exportOf does).
    if (project.cannotExportFrom(file, text, wanted)) continue;
    if (++steps > STEPS) return undefined;
    const step = stepOf(file, text, wanted, kind);
    if (!step) return undefined;
    if (step.declared) out.add(file);
    // Anything else that spells the name (an import, a use) exports nothing under it.
    for (const [source, local] of step.next) {
      const target = project.resolver.resolve(file, source);
      // Not resolved, or the module itself: exportOf finds nothing there.
      if (target && target !== file) queue.push([target, local]);
    }
  }
  return [...out];
}

/** What one module's text says of a name it may export: declared here as asked, and where it is re-exported from. */
interface Step {
  declared: boolean;
  next: Array<[string, string]>;
}

/** What a module's text says whatever the name: its re-export clauses, and the text without them. */
interface TextReading {
  text: string;
  /** The text with its re-export clauses blanked. */
  rest: string;
  /** A re-export clause with an entry that is not plain, or a form {@link UNREAD} names: nothing is answered. */
  unread: boolean;
  reexports: Array<{ source: string; entries: Array<[string, string]> }>;
  stars: string[];
  local: Array<{ names: string; from: boolean }>;
  byName: Map<string, Step | null>;
  /** {@link spelledRuns} of {@link rest}, once a name is looked up here. */
  runs?: string[];
  /** Where in {@link rest} a name declared with `export` may start ({@link exportedHere}), once a name is looked up here. */
  declaredAt?: number[];
}

/** Per module path, what its current text says (a text read again as another string is read afresh). */
const readings = new Map<string, TextReading>();

function readingOf(file: string, text: string): TextReading {
  const known = readings.get(file);
  if (known?.text === text) return known;
  if (readings.size >= 20_000) readings.clear();
  let unread = false;
  const reexports: TextReading['reexports'] = [];
  const stars: string[] = [];
  let rest = text.replace(NAMED_REEXPORT, (clause: string, names: string, _q: string, source: string) => {
    const entries = clauseEntries(names);
    if (!entries) unread = true;
    else reexports.push({ source, entries });
    return ' '.repeat(clause.length);
  });
  rest = rest.replace(STAR_REEXPORT, (clause: string, _q: string, source: string) => {
    stars.push(source);
    return ' '.repeat(clause.length);
  });
  unread ||= UNREAD.test(rest);
  const local = unread ? [] : [...rest.matchAll(LOCAL_EXPORT)].map((m) => ({ names: m[1], from: m[2] !== undefined }));
  const reading: TextReading = { text, rest, unread, reexports, stars, local, byName: new Map() };
  readings.set(file, reading);
  return reading;
}

function stepOf(file: string, text: string, wanted: string, kind: DeclarationKind): Step | undefined {
  const reading = readingOf(file, text);
  const key = `${kind}\0${wanted}`;
  let step = reading.byName.get(key);
  if (step === undefined) reading.byName.set(key, (step = readStep(reading, wanted, kind) ?? null));
  return step ?? undefined;
}

function readStep(reading: TextReading, wanted: string, kind: DeclarationKind): Step | undefined {
  const { rest } = reading;
  if (reading.unread || (reading.runs ??= spelledRuns(rest)).some((decoded) => decoded.includes(wanted))) return undefined;
  // Re-exports from other modules: followed under the name they have there.
  const next: Array<[string, string]> = [];
  for (const { source, entries } of reading.reexports) for (const [local, exported] of entries) if (exported === wanted) next.push([source, local]);
  for (const source of reading.stars) next.push([source, wanted]);
  let declared = false;
  const word = new RegExp(`(?<![\\w$])${escaped(wanted)}(?![\\w$])`);
  // A local `export { a as name }`: `a` imported (followed), or declared here as a function.
  for (const clause of reading.local) {
    if (!word.test(clause.names)) continue;
    const entries = clause.from ? undefined : clauseEntries(clause.names);
    if (!entries) return undefined;
    for (const [local, exported] of entries) {
      if (exported !== wanted) continue;
      const imported = importOf(rest, local);
      if (imported === null) return undefined;
      if (imported) next.push(imported);
      else if (declaresHere(rest, local, kind)) declared = true;
      else return undefined;
    }
  }
  if (wanted === 'default') {
    // `export default class ...`, `export default function ...` (declared here), `export default new Api()` (no
    // function nor class: nothing is found there), `export default Name` (Name imported, or declared here).
    const defaults = [...rest.matchAll(/\bexport\s+default\s+(?:(?:abstract\s+)?class\b|(?:async\s+)?function\b|(new\b)|([A-Za-z_$][\w$]*)\s*;?\s*$)?/gm)];
    if (defaults.length > 1) return undefined;
    const [d] = defaults;
    if (d && d[0].trim() === 'export default') return undefined;
    if (d?.[2] !== undefined) {
      const imported = importOf(rest, d[2]);
      if (imported === null) return undefined;
      if (imported) next.push(imported);
      else if (declaresHere(rest, d[2], kind)) declared = true;
      else return undefined;
    } else if (d && d[1] === undefined) declared = true;
    // No `export default` left: the default is a local clause's (above), or the module's namespace, not answered.
    else if (!d && !/\bas\s+default\b/.test(rest)) return undefined;
  }
  // Declared with `export` here.
  else if (exportedHere(reading, wanted)) {
    if (!declaresHere(rest, wanted, kind)) return undefined;
    declared = true;
  }
  return { declared, next };
}

/** `export` and what may stand between it and the name it declares (`export declare abstract class `, `export function* `). */
const EXPORT_DECLARATION = String.raw`\bexport\s+(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\s*\*?|const|let|var|class|enum|namespace|module|interface|type|import)\s*`;
const EXPORT_DECLARATIONS = new RegExp(EXPORT_DECLARATION, 'g');

/**
 * Whether the text declares `wanted` with `export` (`export const wanted`, `export function wanted`, ...): where
 * `new RegExp(EXPORT_DECLARATION + wanted + '(?![\\w$])').test(rest)` matches. That expression was tried over the
 * whole text for every name looked up through the module (the console's `RBAC/bindings.tsx`: 85 names through the
 * same barrels); the places where a declared name may start are found once per text instead ({@link
 * TextReading.declaredAt}), and a name is compared there. The same answer: at each `export`, the expression can only
 * put the name where this search ends (no keyword or modifier is a prefix of another, and a name starts with no white
 * space), and no match of it can hold another `export`. A name that is not a plain identifier is tried as before.
 * Exported for its test (test/heavy-lookup-memos.test.ts).
 */
export function exportedHere(reading: Pick<TextReading, 'rest' | 'declaredAt'>, wanted: string): boolean {
  const { rest } = reading;
  if (!IDENTIFIER.test(wanted)) return new RegExp(`${EXPORT_DECLARATION}${escaped(wanted)}(?![\\w$])`).test(rest);
  const starts = (reading.declaredAt ??= [...rest.matchAll(EXPORT_DECLARATIONS)].map((m) => m.index + m[0].length));
  return starts.some((at) => rest.startsWith(wanted, at) && !isNameCode(rest.charCodeAt(at + wanted.length)));
}

/**
 * The module and name a local name is imported from (`import { a as local } from './x'` gives ['./x', 'a']);
 * a default import gives 'default'; undefined when no import binds it, null when one may but cannot be followed (a
 * namespace import, an entry that is not plain, two imports).
 */
function importOf(text: string, local: string): [string, string] | undefined | null {
  let found: [string, string] | undefined;
  const word = new RegExp(`(?<![\\w$])${escaped(local)}(?![\\w$])`);
  for (const m of text.matchAll(IMPORT_CLAUSE)) {
    if (!word.test(m[0])) continue;
    if (m[3] === local || found) return null;
    if (m[1] === local) found = [m[5], 'default'];
    const entries = m[2] === undefined ? [] : clauseEntries(m[2]);
    if (!entries) return null;
    for (const [imported, bound] of entries) {
      if (bound !== local) continue;
      if (found) return null;
      found = [m[5], imported];
    }
  }
  // Named in an import clause without being bound by it (`import { local as other }`): not this binding.
  return found;
}

/** What a name must be declared as for the lookup asking: a function (called), or a class (a static method called). */
export type DeclarationKind = 'function' | 'class';

/** What a binding of a name is written after (`function `, `const `, `{ `, `, `, `as `...) and after it (not ` as`). */
export const BINDING_BEFORE = String.raw`(?:\b(?:function\s*\*?|const|let|var|class|enum|namespace|import)\s+|[{,]\s*|\bas\s+)`;
export const BINDING_AFTER = String.raw`(?![\w$])(?!\s+as\b)`;
/** What an assignment to a name is not written after (a name character, a `.`), and its operator after it. */
export const ASSIGNMENT_BEFORE = String.raw`(?<![\w$.])`;
export const ASSIGNMENT_AFTER = String.raw`\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?![=>])`;

/**
 * Whether a text declares `name` in place as a function: `function name(` (TypeScript's overload signatures as the
 * same), or once as `const name = ` followed by a function expression or an arrow function (the value `locate`
 * stops at); or, for `class`, once as `class name`. And nowhere else: any other `function name`, `const name`,
 * `class name`, `{ name`, `as name` or `name =` (a comment, a shadowing local, an assignment, a local export) makes it
 * unanswered.
 */
export function declaresHere(text: string, name: string, kind: DeclarationKind): boolean {
  const n = escaped(name);
  const bindings = countMatches(text, name, BINDING_BEFORE, `${n}${BINDING_AFTER}`);
  // Every `name =` (or `name += ...`): none for a declared function or class, only the declaration's own for a constant.
  const assignments = countMatches(text, name, ASSIGNMENT_BEFORE, `${n}${ASSIGNMENT_AFTER}`);
  if (kind === 'class') return bindings === 1 && assignments === 0 && new RegExp(`\\bclass\\s+${n}(?![\\w$])`).test(text);
  const functions = text.match(new RegExp(`\\bfunction\\s*\\*?\\s*${n}\\s*[<(]`, 'g'))?.length ?? 0;
  if (functions > 0) return functions === bindings && assignments === 0;
  if (bindings !== 1) return false;
  const m = new RegExp(`\\bconst\\s+${n}\\s*=\\s*`).exec(text);
  return m !== null && assignments === 1 && isFunctionStart(text, m.index + m[0].length);
}

/** The words a binding's `before` may be written with ({@link countMatches}): a name spelling one is counted the slow way. */
const BEFORE_WORDS = new Set(['function', 'const', 'let', 'var', 'class', 'enum', 'namespace', 'import', 'as']);
/** A name of word characters only (no `$`, whose edge with a letter is a word boundary). */
const WORD_NAME = /^[A-Za-z_]\w*$/;

/**
 * How many times `text.match(new RegExp(before + rest, 'g'))` matches, where `rest` starts with `name` and `before`
 * reads only white space, `{`, `,`, `*`, a word of {@link BEFORE_WORDS} (after a word boundary), or one character
 * before the name (a lookbehind). That expression has no literal first character, so it was tried at every position
 * of the text: 3-8 ms on excalidraw's 451 KB `App.tsx`, per name (issue 30, the console's forwarder lookups). It is
 * tried instead only where the name is written, with `before` as a lookbehind: the same count, because every match
 * ends its `before` right where an occurrence of the name starts, which a word character never precedes, so no match
 * overlaps another occurrence (`name` is no word of `before`); a name with `$`, or spelling such a word, is counted
 * over the whole text as before. Exported for its test (test/declares-here-occurrences.test.ts).
 */
export function countMatches(text: string, name: string, before: string, rest: string): number {
  if (!WORD_NAME.test(name) || BEFORE_WORDS.has(name)) return text.match(new RegExp(before + rest, 'g'))?.length ?? 0;
  const at = new RegExp(`${before.startsWith('(?<') ? before : `(?<=${before})`}${rest}`, 'y');
  let count = 0;
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    at.lastIndex = i;
    if (at.test(text)) count++;
  }
  return count;
}

/** Whether the expression at `at` is a function expression or an arrow function (its start read as text). */
function isFunctionStart(text: string, at: number): boolean {
  let i = at;
  const rest = (): string => text.slice(i, i + 40);
  if (/^async\b\s*/.test(rest())) i += /^async\b\s*/.exec(rest())![0].length;
  if (/^function\b/.test(rest())) return true;
  // `x => ...`
  if (/^[A-Za-z_$][\w$]*\s*=>/.test(rest())) return true;
  // `<T extends X<Y>>(...) =>`: type parameters, their angle brackets balanced (the `>` of a type's `=>` is not one).
  if (text[i] === '<') {
    let angles = 0;
    let j = i;
    for (; j < text.length && j < i + 500; j++) {
      if (text[j] === '<') angles++;
      else if (text[j] === '>' && text[j - 1] !== '=' && --angles === 0) break;
    }
    if (angles !== 0) return false;
    i = j + 1;
    while (i < text.length && /\s/.test(text[i])) i++;
  }
  if (text[i] !== '(') return false;
  // `(params) =>` or `(params): Type =>`: the parenthesis that closes the first one, then `=>` or `:` (at the start
  // of an expression, `(...)` followed by `:` is only an arrow's return type).
  let depth = 0;
  for (let j = i; j < text.length && j < i + 2000; j++) {
    const c = text[j];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) {
      const after = /^\s*(=>|:)/.exec(text.slice(j + 1, j + 20));
      return after !== null;
    }
  }
  return false;
}
