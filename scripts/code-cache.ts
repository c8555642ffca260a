/**
 * A V8 code cache for the scan's chunk (issue 30, item 2; docs/performance.md, round thirteen). Node 20 has no
 * compile cache for modules (`module.enableCompileCache` is Node 22.1+), and an ES module cannot be given V8's
 * cached data; a script can (`vm.Script`'s `cachedData`). So the build splits the scan's chunk (`bin-scan.js`, the
 * engine, the walk and the text report: ~0.85 MB that every scan compiles) in three files:
 *
 * - `bin-scan-body.js`: the chunk's code as one function of a script, whose parameters are what the chunk imported,
 *   `import.meta` and a dynamic `import()`, and which returns what the chunk exported;
 * - `bin-scan-body.cache`: V8's code for that script, made by the build after a scan of `examples/consumer-app`
 *   with the same Node (so the functions a scan runs are in it, compiled);
 * - `bin-scan-esm.js`: the chunk as rolldown wrote it;
 *
 * and `bin-scan.js` becomes a module with the chunk's imports and exports that runs the script with its cache when
 * the cache was made by this V8, and imports `bin-scan-esm.js` otherwise (another Node, a build without the cache,
 * `COLLAB_MIGRATE_NO_CODE_CACHE` set): the same code either way. V8 checks the data itself (its version, its flags,
 * the source) and compiles from the source when it rejects it. The cache sits in the package's own folder beside the
 * code it stands for, never in a shared or user folder: it is trusted as the code is.
 */
import { parseSync } from 'oxc-parser';

/** The files the scan's chunk is split into, beside it in dist/cli/. */
export const BODY_FILE = 'bin-scan-body.js';
export const CACHE_FILE = 'bin-scan-body.cache';
export const ESM_FILE = 'bin-scan-esm.js';
/** Set by the build to the path the run writes the cache to (on exit); nothing else sets it. */
export const CACHE_OUT_VARIABLE = 'COLLAB_MIGRATE_CODE_CACHE_OUT';
/** Set to anything: the scan's chunk is imported as an ES module, without the cache. */
export const NO_CACHE_VARIABLE = 'COLLAB_MIGRATE_NO_CODE_CACHE';

/** Names the split adds; a chunk that already uses one of them is not split. */
const RESERVED = ['__cmMeta', '__cmImport', '__cmBody', '__cmLoad', '__cmRead', '__cmWrite', '__cmVm', '__cmPath', '__cmExport'];

type Node = { type: string; start: number; end: number; [key: string]: unknown };

interface Split {
  /** The module that replaces the chunk. */
  shim: string;
  /** The script: `function __cmBody(...) { ... }` and its name, so running it gives the function. */
  body: string;
}

/** An oxc node's child nodes (shared with scripts/lean-builtins.ts). */
export function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const v of value) if (v && typeof v === 'object' && typeof (v as Node).type === 'string') out.push(v as Node);
    } else if (value && typeof value === 'object' && typeof (value as Node).type === 'string') out.push(value as Node);
  }
  return out;
}

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/**
 * Node's modules the shim does not import, when the chunk only calls the functions it imports of them: each name is
 * a function that loads the module on its first call (`process.getBuiltinModule`, Node 20.16+). Imported as ES
 * modules they were 8-11 ms of the 130-140 ms of CPU of a one-file scan without NODE_EXTRA_CA_CERTS (15 runs each
 * of an empty module and one importing both), and a scan that writes no cache, follows no import and fingerprints
 * no finding never calls them (issue 30, item 2).
 */
export const LAZY_BUILTINS: ReadonlySet<string> = new Set(['node:crypto', 'node:child_process']);

/** Names whose every reference in the program is the callee of a call (`createHash(...)`, never `f(createHash)`). */
function onlyCalled(program: Node, names: readonly string[]): boolean {
  const wanted = new Set(names);
  let references = 0;
  let calls = 0;
  const walk = (node: Node): void => {
    if (node.type === 'ImportDeclaration') return;
    if (node.type === 'Identifier' && wanted.has(node.name as string)) references++;
    if (node.type === 'CallExpression' && (node.callee as Node).type === 'Identifier' && wanted.has((node.callee as Node).name as string)) calls++;
    for (const child of children(node)) walk(child);
  };
  walk(program);
  return references === calls;
}

/**
 * Splits an ES module chunk (rolldown's output: imports, code, one `export { a as b }` list) into the shim and the
 * script described above. Throws for anything the split cannot carry over exactly: another form of export, an
 * exported name that is not a `const`, function or class (a `let` could change after the chunk ran, which an
 * importer of the shim would not see), top-level `await`, or a reserved name already used. `v8` is the V8 version
 * the cache is made with: the shim uses the cache only under it.
 */
export function splitChunk(text: string, v8: string): Split {
  for (const name of RESERVED) if (text.includes(name)) throw new Error(`code cache: the chunk already uses ${name}`);
  const program = parseSync('chunk.js', text, { sourceType: 'module' }).program as unknown as { body: Node[] };
  const imports: string[] = [];
  const locals: string[] = [];
  /** Names the shim defines as loading their module on first call ({@link LAZY_BUILTINS}). */
  const lazy: string[] = [];
  const exported: Array<[local: string, name: string]> = [];
  const declared = new Set<string>();
  /** Top-level `var` and `let` names: exported, they must never be assigned to. */
  const variables = new Set<string>();
  /** Ranges of the chunk replaced in the body: [start, end, replacement]. */
  const edits: Array<[number, number, string]> = [];
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      const specifiers = statement.specifiers as Array<{ type: string; local: { name: string }; imported?: { name?: string } }>;
      const from = (statement.source as { value: string }).value;
      const named = specifiers.length > 0 && specifiers.every((s) => s.type === 'ImportSpecifier' && s.imported?.name !== undefined);
      if (LAZY_BUILTINS.has(from) && named && onlyCalled(program as unknown as Node, specifiers.map((s) => s.local.name))) {
        for (const s of specifiers) lazy.push(`const ${s.local.name} = (...args) => process.getBuiltinModule(${JSON.stringify(from)}).${s.imported!.name}(...args);`);
      } else imports.push(text.slice(statement.start, statement.end));
      for (const s of specifiers) locals.push(s.local.name);
      edits.push([statement.start, statement.end, '']);
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration && !statement.source) {
      for (const s of statement.specifiers as Array<{ local: { name?: string }; exported: { name?: string; value?: string } }>) {
        const local = s.local.name;
        const name = s.exported.name ?? s.exported.value;
        if (!local || !name) throw new Error('code cache: an export the split does not carry over');
        exported.push([local, name]);
      }
      edits.push([statement.start, statement.end, '']);
    } else if (statement.type.startsWith('Export') || statement.type === 'TSExportAssignment') {
      throw new Error(`code cache: ${statement.type} in the chunk; only \`export { ... }\` lists are carried over`);
    } else if (statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') {
      const id = statement.id as { name: string } | null;
      if (id) declared.add(id.name);
    } else if (statement.type === 'VariableDeclaration') {
      // rolldown writes a class as `var Name = class ...`: a `var` or `let` counts when nothing assigns to its name.
      for (const d of statement.declarations as Array<{ id: Node & { name?: string } }>) {
        if (d.id.type !== 'Identifier') continue;
        declared.add(d.id.name!);
        if (statement.kind !== 'const') variables.add(d.id.name!);
      }
    }
  }
  const assigned = new Set<string>();
  const targets = (node: Node | null | undefined): void => {
    if (!node) return;
    if (node.type === 'Identifier') assigned.add(node.name as string);
    else if (node.type === 'ObjectPattern' || node.type === 'ArrayPattern' || node.type === 'AssignmentPattern' || node.type === 'RestElement' || node.type === 'Property') for (const c of children(node)) targets(c);
  };
  const findAssignments = (node: Node): void => {
    if (node.type === 'AssignmentExpression') targets(node.left as Node);
    else if (node.type === 'UpdateExpression') targets(node.argument as Node);
    else if ((node.type === 'ForInStatement' || node.type === 'ForOfStatement') && (node.left as Node).type !== 'VariableDeclaration') targets(node.left as Node);
    for (const child of children(node)) findAssignments(child);
  };
  for (const statement of program.body) findAssignments(statement);
  for (const [local] of exported) {
    if (!declared.has(local) && !locals.includes(local)) throw new Error(`code cache: exported ${local} is not declared at the top level`);
    // Checked by name, wherever the name is bound: a same-named local assigned to refuses the split too (safe side).
    if (variables.has(local) && assigned.has(local)) throw new Error(`code cache: exported ${local} is assigned to; an importer would not see the change`);
  }
  // `import.meta` and `import()` anywhere; `await` outside any function (top-level await) is refused.
  const visit = (node: Node, inFunction: boolean): void => {
    if (node.type === 'MetaProperty') edits.push([node.start, node.end, '__cmMeta']);
    else if (node.type === 'ImportExpression') edits.push([node.start, node.start + 'import'.length, '__cmImport']);
    else if (!inFunction && (node.type === 'AwaitExpression' || (node.type === 'ForOfStatement' && node.await === true))) throw new Error('code cache: top-level await in the chunk');
    const inner = inFunction || FUNCTIONS.has(node.type);
    for (const child of children(node)) visit(child, inner);
  };
  for (const statement of program.body) if (statement.type !== 'ImportDeclaration') visit(statement, false);
  for (const [start, end] of edits.filter((e) => e[2] === '__cmImport')) {
    if (text.slice(start, end) !== 'import') throw new Error('code cache: a dynamic import not written `import(`');
  }
  edits.sort((a, b) => a[0] - b[0]);
  let body = '';
  let at = 0;
  for (const [start, end, replacement] of edits) {
    // What is removed keeps its line breaks, so the body's lines are the chunk's (stack traces, line for line).
    body += text.slice(at, start) + (replacement || text.slice(start, end).replace(/[^\n]/g, ''));
    at = end;
  }
  body += text.slice(at);
  const params = ['__cmMeta', '__cmImport', ...locals];
  const script = `function __cmBody(${params.join(', ')}) {'use strict';${body}\nreturn { ${exported.map(([l, n]) => `${JSON.stringify(n)}: ${l}`).join(', ')} };\n}\n__cmBody\n`;
  const shim = [
    '// The scan chunk, run from a V8 code cache when one was made for this V8 (scripts/code-cache.ts).',
    ...imports,
    // Taken as scripts/lean-builtins.ts takes the chunks' builtins: no ES module facade for them.
    `const { readFileSync: __cmRead, writeFileSync: __cmWrite } = process.getBuiltinModule("node:fs");`,
    `const __cmVm = process.getBuiltinModule("node:vm");`,
    `const { fileURLToPath: __cmPath } = process.getBuiltinModule("node:url");`,
    ...lazy,
    `const __cmLoad = () => {`,
    `\tconst out = process.env.${CACHE_OUT_VARIABLE};`,
    `\tif (process.env.${NO_CACHE_VARIABLE} || (process.versions.v8 !== ${JSON.stringify(v8)} && !out)) return undefined;`,
    `\tlet cachedData;`,
    `\ttry {`,
    `\t\tif (!out) cachedData = __cmRead(new URL(${JSON.stringify(`./${CACHE_FILE}`)}, import.meta.url));`,
    `\t} catch {`,
    `\t\treturn undefined;`,
    `\t}`,
    `\tconst bodyUrl = new URL(${JSON.stringify(`./${BODY_FILE}`)}, import.meta.url);`,
    `\tconst script = new __cmVm.Script(__cmRead(bodyUrl, "utf8"), { filename: __cmPath(bodyUrl), cachedData });`,
    `\tif (out) process.once("exit", () => __cmWrite(out, script.createCachedData()));`,
    `\treturn script.runInThisContext()(${['import.meta', '(specifier, options) => import(specifier, options)', ...locals].join(', ')});`,
    `};`,
    `const __cmExports = __cmLoad() ?? await import(${JSON.stringify(`./${ESM_FILE}`)});`,
    ...exported.map(([, n], i) => `const __cmExport${i} = __cmExports[${JSON.stringify(n)}];`),
    `export { ${exported.map(([, n], i) => `__cmExport${i} as ${/^[A-Za-z_$][\w$]*$/.test(n) ? n : JSON.stringify(n)}`).join(', ')} };`,
    '',
  ].join('\n');
  return { shim, body: script };
}
