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
  let out = '';
  let at = 0;
  for (const [start, end, replacement] of edits) {
    out += text.slice(at, start) + replacement;
    at = end;
  }
  return out + text.slice(at);
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
