/**
 * Node's own modules in the command line's chunks taken with `process.getBuiltinModule` instead of `import` (issue 30,
 * item 2). An ES module importing a builtin makes Node build a module facade for it: every export read and copied into
 * a synthetic module, and for `node:util`, `node:buffer` or `node:fs` that reads dozens of exports, some of them getters
 * that load more of Node. `process.getBuiltinModule` (Node 20.16+; the package needs 20.19) gives the module's own
 * exports object, as `require` does. An import of ten builtins as ES modules cost ~12 M instructions more than the same
 * ten taken this way (valgrind, three runs each), of a one-file scan's ~310 M without NODE_EXTRA_CA_CERTS.
 *
 * `import { a, b as c } from "node:x"` becomes `const { a, b: c } = process.getBuiltinModule("node:x");` and
 * `import x from "node:x"` becomes `const x = process.getBuiltinModule("node:x");` (a builtin's default export is its
 * exports object). The bindings are then values taken when the chunk runs, not live bindings: a builtin's exports do
 * not change, but a chunk in an import cycle could be called by another chunk of the cycle before its own body has run
 * (the constants not yet set), so such a chunk keeps its imports. Namespace imports, type-only imports and modules
 * named in `keep` are left as they are.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { parseSync } from 'oxc-parser';
import { children } from './code-cache.js';

type Node = { type: string; start: number; end: number; [key: string]: unknown };
type Specifier = { type: string; local: { name: string }; imported?: { name?: string; value?: string }; importKind?: string };

/** The chunk's text with its builtin imports rewritten (see above); the text itself when nothing applies. */
export function leanBuiltinImports(text: string, keep: ReadonlySet<string> = new Set()): string {
  const program = parseSync('chunk.js', text, { sourceType: 'module' }).program as unknown as { body: Node[] };
  const edits: Array<[number, number, string]> = [];
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
    const from = (statement.source as { value: string }).value;
    if (!isBuiltin(from) || keep.has(from) || keep.has(`node:${from.replace(/^node:/, '')}`)) continue;
    const specifiers = statement.specifiers as Specifier[];
    if (specifiers.some((s) => s.type === 'ImportNamespaceSpecifier' || s.importKind === 'type')) continue;
    const load = `process.getBuiltinModule(${JSON.stringify(from)})`;
    const defaults = specifiers.filter((s) => s.type === 'ImportDefaultSpecifier' || (s.type === 'ImportSpecifier' && importedName(s) === 'default'));
    const named = specifiers.filter((s) => !defaults.includes(s));
    const parts: string[] = [];
    let source = load;
    if (defaults.length > 0) {
      parts.push(`const ${defaults[0]!.local.name} = ${load};`);
      for (const d of defaults.slice(1)) parts.push(`const ${d.local.name} = ${defaults[0]!.local.name};`);
      source = defaults[0]!.local.name;
    }
    if (named.length > 0) {
      const fields = named.map((s) => {
        const name = importedName(s)!;
        const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
        return name === s.local.name ? name : `${key}: ${s.local.name}`;
      });
      parts.push(`const { ${fields.join(', ')} } = ${source};`);
    }
    // `import "node:x"` (no bindings): the module is still loaded, as the import did.
    if (parts.length === 0) parts.push(`${load};`);
    edits.push([statement.start, statement.end, parts.join(' ')]);
  }
  if (edits.length === 0) return text;
  return applyEdits(text, edits);
}

function importedName(s: Specifier): string | undefined {
  return s.imported?.name ?? s.imported?.value;
}

/** The relative files a chunk imports statically (`import ... from "./x.js"`, `export ... from "./x.js"`). */
function staticImports(text: string): string[] {
  const program = parseSync('chunk.js', text, { sourceType: 'module' }).program as unknown as { body: Node[] };
  return program.body
    .filter((s) => (s.type === 'ImportDeclaration' || s.type === 'ExportAllDeclaration' || s.type === 'ExportNamedDeclaration') && s.source)
    .map((s) => (s.source as { value: string }).value)
    .filter((v) => v.startsWith('./'))
    .map((v) => v.slice(2));
}

/**
 * Rewrites the builtin imports of the `.js` files of `dir` whose names `pattern` matches, except in files that can
 * reach themselves through static imports among those files (see above). Returns the names of the files changed.
 */
export function leanBuiltinsIn(dir: string, pattern: RegExp, keep: ReadonlySet<string> = new Set()): string[] {
  const names = readdirSync(dir).filter((n) => pattern.test(n) && n.endsWith('.js'));
  const texts = new Map(names.map((n) => [n, readFileSync(path.join(dir, n), 'utf8')]));
  const edges = new Map(names.map((n) => [n, staticImports(texts.get(n)!).filter((m) => texts.has(m))]));
  const inCycle = (start: string): boolean => {
    const seen = new Set<string>();
    const stack = [...edges.get(start)!];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (n === start) return true;
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(...(edges.get(n) ?? []));
    }
    return false;
  };
  const changed: string[] = [];
  for (const name of names) {
    if (inCycle(name)) continue;
    const text = texts.get(name)!;
    const lean = leanBuiltinImports(text, keep);
    if (lean === text) continue;
    writeFileSync(path.join(dir, name), lean);
    changed.push(name);
  }
  return changed;
}


/**
 * A CommonJS chunk's (rolldown's `cjs` output) top-level `let x = require("node:crypto");` for the modules in `lazy`
 * becomes an object that requires the module when one of its properties is first read: `const x = new Proxy({}, { get:
 * (_, key) => require("node:crypto")[key] });` (the chunk reads it as `(0, x.createHash)(...)`). Only where every
 * reference to `x` is a property read (`x.name`) and nothing assigns to it; the text itself when nothing applies.
 * Loading `node:crypto` and `node:child_process` at start cost a one-file scan 8-11 ms of CPU for modules that a scan
 * without findings and without git never calls (scripts/code-cache.ts, LAZY_BUILTINS, does the same for the ES module chunk).
 */
export function lazyRequires(text: string, lazy: ReadonlySet<string>): string {
  const program = parseSync('chunk.cjs', text, { sourceType: 'script' }).program as unknown as Node & { body: Node[] };
  const candidates = new Map<string, [Node, string]>();
  for (const statement of program.body) {
    if (statement.type !== 'VariableDeclaration') continue;
    const declarations = statement.declarations as Array<{ id: Node & { name?: string }; init: Node | null }>;
    if (declarations.length !== 1) continue;
    const [{ id, init }] = declarations as [{ id: Node & { name?: string }; init: Node | null }];
    if (id.type !== 'Identifier' || init?.type !== 'CallExpression') continue;
    const callee = init.callee as Node & { name?: string };
    const args = init.arguments as Array<Node & { value?: unknown }>;
    if (callee.type !== 'Identifier' || callee.name !== 'require' || args.length !== 1 || args[0]!.type !== 'Literal') continue;
    const from = args[0]!.value;
    if (typeof from === 'string' && (lazy.has(from) || lazy.has(`node:${from}`))) candidates.set(id.name!, [statement, from]);
  }
  if (candidates.size === 0) return text;
  /** Names referred to other than as `name.property` (or assigned to): left as they are. */
  const refused = new Set<string>();
  const walk = (node: Node, parent: Node | undefined, key: string | undefined): void => {
    if (node.type === 'Identifier' && candidates.has(node.name as string)) {
      const declared = parent?.type === 'VariableDeclarator' && key === 'id';
      const read = parent?.type === 'MemberExpression' && key === 'object' && parent.computed === false;
      if (!declared && !read) refused.add(node.name as string);
      if (read && written.has(parent)) refused.add(node.name as string);
    }
    for (const [k, value] of Object.entries(node)) {
      if (Array.isArray(value)) {
        for (const v of value) if (v && typeof v === 'object' && typeof (v as Node).type === 'string') walk(v as Node, node, k);
      } else if (value && typeof value === 'object' && typeof (value as Node).type === 'string') walk(value as Node, node, k);
    }
  };
  /** `x.name = ...`, `x.name++`, `delete x.name`: writes to the module's exports, left as they are. */
  const written = writtenTargets(program);
  walk(program, undefined, undefined);
  const edits = [...candidates]
    .filter(([name]) => !refused.has(name))
    .map(([name, [statement, from]]) => [statement.start, statement.end, `const ${name} = new Proxy({}, { get: (_, key) => require(${JSON.stringify(from)})[key] });`] as const)
    .sort((a, b) => a[0] - b[0]);
  return applyEdits(text, edits);
}

/** {@link lazyRequires} on the `.cjs` files of `dir` whose names `pattern` matches; returns the names of the files changed. */
export function lazyRequiresIn(dir: string, pattern: RegExp, lazy: ReadonlySet<string>): string[] {
  const changed: string[] = [];
  for (const name of readdirSync(dir).filter((n) => pattern.test(n) && n.endsWith('.cjs'))) {
    const text = readFileSync(path.join(dir, name), 'utf8');
    const lean = lazyRequires(text, lazy);
    if (lean === text) continue;
    writeFileSync(path.join(dir, name), lean);
    changed.push(name);
  }
  return changed;
}

/**
 * A CommonJS chunk's bundled CommonJS packages set up on first use (issue 30, item 2). rolldown runs a bundled CommonJS
 * package's module body at the chunk's top level: `var import_x = require_rolldown_runtime.__commonJSMin((exports,
 * module) => {...})();`, `var import_x = require_rolldown_runtime.__toESM(require_x(), 1);` or `var import_x =
 * require_x();`. Each such package (picocolors, which reads `process.stdout.isTTY` when it loads unless NO_COLOR is
 * set, and so made Node build the stdout stream; fastest-levenshtein's 256 KB table; ignore; the parser's node types
 * and visitor keys) ran at every start, used or not. Where every reference to `import_x` is a property read
 * (`import_x.name`) and nothing assigns to it, the declaration becomes `let import_x$m; const import_x$lazy = () =>
 * import_x$m ??= <the same expression>;` and each `import_x.name` becomes `import_x$lazy().name`: the package's body
 * runs once, when a property is first read, and gives the same exports object as before. A package whose body has a
 * side effect the chunk relies on before that first read would be a reason to keep it; the bundled ones here only
 * define their exports. The text itself when nothing applies.
 */
export function lazyBundledModules(text: string): string {
  const program = parseSync('chunk.cjs', text, { sourceType: 'script' }).program as unknown as Node & { body: Node[] };
  const candidates = new Map<string, Node>();
  for (const statement of program.body) {
    if (statement.type !== 'VariableDeclaration') continue;
    const declarations = statement.declarations as Array<{ id: Node & { name?: string }; init: Node | null }>;
    if (declarations.length !== 1) continue;
    const [{ id, init }] = declarations as [{ id: Node & { name?: string }; init: Node | null }];
    if (id.type !== 'Identifier' || !/^import_/.test(id.name!) || !init || !isBundledModuleInit(init)) continue;
    candidates.set(id.name!, statement);
  }
  if (candidates.size === 0) return text;
  const refused = new Set<string>();
  const reads: Array<[number, number, string]> = [];
  const written = writtenTargets(program);
  const walk = (node: Node, parent: Node | undefined, key: string | undefined): void => {
    if (node.type === 'Identifier' && candidates.has(node.name as string)) {
      // Its own declaration; any other binding of the name (a parameter, a nested declaration) refuses it.
      const declared = parent !== undefined && key === 'id' && (candidates.get(node.name as string)!.declarations as Node[])[0] === parent;
      const read = parent?.type === 'MemberExpression' && key === 'object' && parent.computed === false && !written.has(parent);
      if (read) reads.push([node.start, node.end, `${node.name as string}$lazy()`]);
      else if (!declared) refused.add(node.name as string);
    }
    for (const [k, value] of Object.entries(node)) {
      if (Array.isArray(value)) {
        for (const v of value) if (v && typeof v === 'object' && typeof (v as Node).type === 'string') walk(v as Node, node, k);
      } else if (value && typeof value === 'object' && typeof (value as Node).type === 'string') walk(value as Node, node, k);
    }
  };
  walk(program, undefined, undefined);
  const edits: Array<[number, number, string]> = [];
  for (const [name, statement] of candidates) {
    if (refused.has(name)) continue;
    const init = (statement.declarations as Array<{ init: Node }>)[0]!.init;
    edits.push([statement.start, statement.end, `let ${name}$m; const ${name}$lazy = () => ${name}$m ??= ${text.slice(init.start, init.end)};`]);
  }
  edits.push(...reads.filter(([start, end]) => !refused.has(text.slice(start, end))));
  return applyEdits(text, edits.sort((a, b) => a[0] - b[0]));
}

/** rolldown's set-up of a bundled CommonJS package: `R.__commonJSMin(fn)()`, `R.__toESM(require_x(), n)`, `require_x()`. */
function isBundledModuleInit(init: Node): boolean {
  if (init.type !== 'CallExpression') return false;
  const callee = init.callee as Node & { name?: string };
  const args = init.arguments as Node[];
  const runtimeCall = (node: Node, helper: string): boolean => {
    const c = node.callee as Node;
    return node.type === 'CallExpression' && c.type === 'MemberExpression' && (c.object as Node & { name?: string }).name === 'require_rolldown_runtime' && (c.property as Node & { name?: string }).name === helper;
  };
  const requireCall = (node: Node): boolean => node.type === 'CallExpression' && (node.callee as Node & { name?: string }).type === 'Identifier' && /^require_/.test((node.callee as Node & { name: string }).name) && (node.arguments as Node[]).length === 0;
  if (callee.type === 'CallExpression' && args.length === 0) return runtimeCall(callee, '__commonJSMin') && (callee.arguments as Node[]).length === 1;
  if (callee.type === 'MemberExpression') return runtimeCall(init, '__toESM') && args.length >= 1 && requireCall(args[0]!);
  return requireCall(init);
}

/** {@link lazyBundledModules} on the `.cjs` files of `dir` whose names `pattern` matches; returns the names of the files changed. */
export function lazyBundledModulesIn(dir: string, pattern: RegExp): string[] {
  const changed: string[] = [];
  for (const name of readdirSync(dir).filter((n) => pattern.test(n) && n.endsWith('.cjs'))) {
    const text = readFileSync(path.join(dir, name), 'utf8');
    const lean = lazyBundledModules(text);
    if (lean === text) continue;
    writeFileSync(path.join(dir, name), lean);
    changed.push(name);
  }
  return changed;
}

/** The text with each `[start, end, replacement]` edit made (edits in order, not overlapping). */
function applyEdits(text: string, edits: readonly (readonly [number, number, string])[]): string {
  let out = '';
  let at = 0;
  for (const [start, end, replacement] of edits) {
    out += text.slice(at, start) + replacement;
    at = end;
  }
  return out + text.slice(at);
}

/** The targets the code writes to: `x.name = ...`, `x.name++`, `delete x.name`. */
function writtenTargets(program: Node): Set<Node> {
  const written = new Set<Node>();
  const visit = (node: Node): void => {
    if (node.type === 'AssignmentExpression') written.add(node.left as Node);
    else if (node.type === 'UpdateExpression' || (node.type === 'UnaryExpression' && node.operator === 'delete')) written.add(node.argument as Node);
    for (const child of children(node)) visit(child);
  };
  visit(program);
  return written;
}

/**
 * The walker thread's bundle (an ES module, its builtins taken with process.getBuiltinModule) as a CommonJS script:
 * Node starts a thread whose file is CommonJS without loading and running its ES module loader, ~16 M instructions of
 * the thread's start, which the scan's main thread waits for before its first batch (docs/performance.md,
 * "Twenty-eighth session: 30bigstart"). cli/walk/walk-worker.ts waits for its setup with a top-level `await`, which
 * rolldown cannot write as CommonJS: the module's body runs inside an async function instead, in strict mode as a
 * module's; `import.meta.url` is the file's URL. A bundle that still imports or exports anything is refused.
 */
export function workerAsCommonJs(esm: string): string {
  const body = esm.replace(/^export \{\};\s*$/m, '');
  if (/^\s*(import|export)\b/m.test(body)) throw new Error('bundle: the walker thread\'s bundle still imports or exports: it cannot run as CommonJS');
  return `"use strict";\n(async () => {\n${body.replaceAll('import.meta.url', 'require("node:url").pathToFileURL(__filename).href')}\n})();\n`;
}
