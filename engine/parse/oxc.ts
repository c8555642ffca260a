/**
 * The optional fast parser: oxc-parser's ESTree output (TS-ESTree shape, `astType: 'ts'`), read by the same
 * detectors as typescript-estree's. oxc-parser is an optional dependency with prebuilt native bindings; when it
 * is missing or fails to load, {@link oxcModule} returns `undefined` and the caller falls back to typescript-estree.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { createRequire } from 'node:module';
import type { OxcLang, ParseFailure } from './result.js';
import { LIMIT_FAILURE, parseDeep, treeOfJson } from './deep.js';

/** The part of oxc-parser's API used here (declared locally so the package stays optional at compile time too). */
interface OxcLabel {
  start: number;
  end: number;
}
interface OxcError {
  severity: string;
  message: string;
  labels: OxcLabel[];
}
interface OxcResult {
  readonly program: unknown;
  readonly errors: OxcError[];
}
interface OxcOptions {
  lang?: 'js' | 'jsx' | 'ts' | 'tsx' | 'dts';
  sourceType?: 'script' | 'module' | 'commonjs' | 'unambiguous';
  astType?: 'js' | 'ts';
  range?: boolean;
  preserveParens?: boolean;
  showSemanticErrors?: boolean;
}
interface OxcModule {
  parseSync(filename: string, sourceText: string, options?: OxcOptions): OxcResult;
}

/** The native binding's answer (`oxc-parser/src-js/bindings`): each getter hands its field over once, converted then. */
interface OxcNativeResult {
  readonly program: string;
  readonly errors: OxcError[];
}
interface OxcBinding {
  parseSync(filename: string, sourceText: string, options?: OxcOptions): OxcNativeResult;
}

const require = createRequire(import.meta.url);
let oxc: OxcModule | null | undefined;

/** oxc-parser, loaded on first use; `undefined` when it is not installed or its native binding does not load. */
export function oxcModule(): OxcModule | undefined {
  if (oxc === undefined) {
    try {
      const mod = require('oxc-parser') as Partial<OxcModule>;
      oxc = typeof mod.parseSync === 'function' ? (treeAndErrorsOnly() ?? (mod as OxcModule)) : null;
    } catch {
      oxc = null;
    }
  }
  return oxc ?? undefined;
}

/**
 * oxc-parser's `parseSync` taking only the tree and the errors from the native result. The package's own `parseSync`
 * takes every field at once (its `wrap`), so each parse also turned the module record (imports, exports) and every
 * comment, with its text, into JavaScript objects that nothing here reads: 0.9-1.6% of the CLI's main thread on
 * payload, openshift-console, outline and excalidraw (merged CPU profiles, the package's `wrap`). The tree is the
 * package's own reading of the same JSON text (`jsonParseAst`), so it is the same tree. A field not taken stays in
 * native memory until the result object is collected. `undefined` when the package's files are not where 0.159 has
 * them (then the package's `parseSync` is used).
 */
function treeAndErrorsOnly(): OxcModule | undefined {
  let binding: Partial<OxcBinding>;
  let jsonParseAst: unknown;
  try {
    binding = require('oxc-parser/src-js/bindings') as Partial<OxcBinding>;
    ({ jsonParseAst } = require('oxc-parser/src-js/wrap.js') as { jsonParseAst?: unknown });
  } catch {
    return undefined;
  }
  const native = binding.parseSync;
  if (typeof native !== 'function' || typeof jsonParseAst !== 'function') return undefined;
  const read = jsonParseAst as (json: string) => unknown;
  return {
    parseSync(filename, sourceText, options) {
      const result = native(filename, sourceText, options);
      const errors = result.errors;
      // Taken at once, as the package does: a JSON text left in the native result would be freed only with it.
      let json: string | null = result.program;
      let program: unknown;
      return {
        get program() {
          if (json !== null) {
            program = read(json);
            json = null;
          }
          return program;
        },
        errors,
      };
    },
  };
}

export type { OxcLang } from './result.js';

/** 1-based line, 0-based column of an offset, counting CRLF, LF and lone CR as line ends (as TypeScript does). */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 0x2028 || c === 0x2029 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart };
}

/** The offset of a 1-based line and 0-based column, as {@link lineColumn} counts them (its inverse). */
export function offsetAt(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line && at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c === 10 || c === 0x2028 || c === 0x2029 || (c === 13 && text.charCodeAt(at + 1) !== 10)) l++;
  }
  return at + column;
}

/**
 * Parses with oxc as `lang`. Any error (oxc returns them instead of throwing, with a recovered tree) is a
 * failure, as typescript-estree would throw. Ranges are UTF-16 offsets into `text` (checked by the tests).
 */
export function parseWithOxc(mod: OxcModule, text: string, filename: string, lang: OxcLang, range = true): { ok: true; ast: TSESTree.Program } | { ok: false; error: ParseFailure } {
  return parseBoth(text, (sourceType) => mod.parseSync(filename, text, { lang, astType: 'ts', sourceType, range, preserveParens: false }));
}

/**
 * The same parse in the child process of engine/parse/deep.ts (a big-stack thread, time and memory bounded), for
 * text that may nest deeply; `undefined` when it cannot run (the caller then uses typescript-estree).
 */
export function parseWithOxcDeep(text: string, filename: string, lang: OxcLang, timeoutMs: number, range = true): { ok: true; ast: TSESTree.Program } | { ok: false; error: ParseFailure } | undefined {
  let unavailable = false;
  const result = parseBoth(text, (sourceType) => {
    const answer = parseDeep(text, filename, lang, sourceType, timeoutMs, range);
    if (answer === undefined) {
      unavailable = true;
      throw new Error('the deep-parse worker did not start');
    }
    if ('failure' in answer) throw Object.assign(new Error(answer.failure.message), { failure: answer.failure });
    return { get program() { return treeOfJson(answer.program); }, errors: answer.errors };
  });
  return unavailable ? undefined : result;
}

/**
 * `unambiguous` reads a file as a module when it imports or exports, as TypeScript does (so a top-level
 * `await (x)` is a call in a script and an await in a module). TypeScript also accepts a top-level `return`
 * (CommonJS files use it) and `new.target`, which only oxc's `commonjs` mode takes: tried when the first fails.
 */
function parseBoth(text: string, run: (sourceType: 'unambiguous' | 'commonjs') => OxcResult): { ok: true; ast: TSESTree.Program } | { ok: false; error: ParseFailure } {
  const first = attempt(text, () => run('unambiguous'));
  // A parse stopped at its time or memory limit is not run a second time.
  if (first.ok || LIMIT_FAILURE.test(first.error.message)) return first;
  const second = attempt(text, () => run('commonjs'));
  if (!second.ok) return first;
  const ast = second.ast as { sourceType: string; body: Array<{ type: string }> };
  ast.sourceType = ast.body.some((s) => /^(Import|Export)/.test(s.type)) ? 'module' : 'script';
  return second;
}

function attempt(text: string, run: () => OxcResult): { ok: true; ast: TSESTree.Program } | { ok: false; error: ParseFailure } {
  let result: OxcResult;
  try {
    result = run();
  } catch (error) {
    const failure = (error as { failure?: ParseFailure }).failure;
    if (failure) return { ok: false, error: failure };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: { message, line: 1, column: 0 } };
  }
  const failure = result.errors.find((e) => e.severity === 'Error') ?? result.errors[0];
  if (failure !== undefined) {
    const at = failure.labels[0]?.start ?? 0;
    return { ok: false, error: { message: failure.message, ...lineColumn(text, at) } };
  }
  try {
    // oxc-parser hands the tree over as JSON text, read back here; it can write text that is not JSON (0.159: a
    // JSX name with a `\u{...}` escape is written as that escape, which JSON does not have).
    return { ok: true, ast: result.program as TSESTree.Program };
  } catch (error) {
    return { ok: false, error: { message: `${UNREADABLE_TREE} (${error instanceof Error ? error.message : String(error)})`, line: 1, column: 0 } };
  }
}

/** The start of the failure's message when oxc parsed a text but its tree could not be read back. */
const UNREADABLE_TREE = 'oxc-parser handed over a tree that does not read back';

/** Whether oxc parsed the text but its tree could not be read back (another parser may read it). */
export function unreadableTree(result: { ok: true } | { ok: false; error: ParseFailure } | undefined): boolean {
  return result !== undefined && !result.ok && result.error.message.startsWith(UNREADABLE_TREE);
}
