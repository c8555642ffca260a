/**
 * Metamorphic rewrites of real code (issue 26, thirteenth session): `npm run metamorphic`.
 *
 * For every repository of the tuned sets (the variables of `npm run eval`: COLLAB_MIGRATE_EVAL_REPOS and
 * COLLAB_MIGRATE_HOLDOUT{,2..6}_REPOS, "name=/path,..."; nothing to do, and exit 0, without them) the files that
 * hold a ground-truth occurrence are copied with the rest of the repository to a temporary folder (the originals are
 * never written), scanned once as they are, then rewritten by ONE behaviour-preserving rewrite kind at a time (ts-morph
 * ASTs, never text edits) and scanned again. A rewrite is something a developer could have written instead: a constant
 * moved to a module of its own, a barrel, one more helper level, a helper turned method, `const` -> `let`, `+` <->
 * template literal, `function` -> arrow, renamed identifiers, headers merged from an imported defaults object,
 * destructuring with renames; since the sixteenth session also a helper in another module (named, default export,
 * async through two barrels), a client class's `this.` chain, options built by a factory of another module,
 * `new URL(path, origin)`, an env-driven base URL with a literal fallback and frozen / `as const` headers.
 *
 * Per kind it reports: affected occurrences the engine found before in a file the rewrite changed (`applicable`),
 * how many are still found after it (`survived`, matched on the rewritten line, mapped through a line diff, or
 * anywhere in a module the rewrite created from that file), and findings that are new and match no affected
 * occurrence (`newFP`). Options: --kinds a,b (only those kinds), --markdown, --json <file> (rewritten after each
 * repository, so a run stopped early leaves its figures so far), --cli <file>, --cli-before <file> (the same
 * rewritten copies scanned by a second CLI too, a build before a change: one run gives before -> after on identical
 * rewrites), --verbose (every lost occurrence).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffLines } from 'diff';
import {
  Node,
  Project,
  SyntaxKind,
  VariableDeclarationKind,
  type CallExpression,
  type Expression,
  type SourceFile,
  type TemplateExpression,
  type VariableStatement,
} from 'ts-morph';
import { loadGroundTruths, type GroundTruth, type Occurrence, type ReportFinding } from './evaluate.js';
import { rewriteOptions } from './rewrite-options.js';

/** How a file imports: ES modules or CommonJS (decides how a moved constant is brought back). */
export type ModuleKind = 'esm' | 'cjs';

export interface RewriteContext {
  /** Absolute path of the file being rewritten. */
  path: string;
  moduleKind: ModuleKind;
  /** New files the rewrite creates (absolute path -> text). */
  extra: Map<string, string>;
}

/** A rewrite kind: changes the source file in place and says whether it changed anything. */
export type Rewrite = (sf: SourceFile, ctx: RewriteContext) => boolean;

// ---------------------------------------------------------------------------------------------------------------
// Helpers shared by the rewrites.

const HTTP_ROOTS = new Set(['fetch', 'axios', 'got', 'request', 'ky', 'superagent', 'needle', 'rp', 'requestPromise', 'nodeFetch']);

/** A module specifier for a new module beside `from` (extension kept for JS, dropped for TypeScript). */
export function specifier(from: string, target: string): string {
  let rel = relative(dirname(from), target).split('\\').join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return /\.[cm]?tsx?$/.test(target) ? rel.replace(/\.[cm]?tsx?$/, '') : rel;
}

/** The extension a new module beside `file` gets. */
export function moduleExt(file: string): string {
  const ext = extname(file);
  if (ext === '.tsx') return '.ts';
  if (ext === '.jsx') return '.js';
  return ext || '.js';
}

/** Whether an expression is built only from literals (and `process.env`), so it can move to another module. */
function isPortable(e: Node): boolean {
  if (Node.isIdentifier(e)) return false;
  if (Node.isFunctionLikeDeclaration(e) || Node.isClassExpression(e)) return false;
  let ok = true;
  e.forEachDescendant((d, traversal) => {
    if (Node.isIdentifier(d)) {
      const p = d.getParent();
      // Property names and `process.env.X` are fine; any other identifier is a local value.
      if (Node.isPropertyAssignment(p) && p.getNameNode() === d) return;
      if (Node.isPropertyAccessExpression(p) && p.getNameNode() === d) return;
      if (d.getText() === 'process' || d.getText() === 'undefined') return;
      ok = false;
      traversal.stop();
    }
    if (Node.isShorthandPropertyAssignment(d) || Node.isSpreadAssignment(d) || Node.isFunctionLikeDeclaration(d)) {
      ok = false;
      traversal.stop();
    }
  });
  return ok;
}

/** Whether an initializer is the kind of value a URL, base or header constant holds. */
function isConstantValue(e: Expression): boolean {
  return (
    Node.isStringLiteral(e) ||
    Node.isNoSubstitutionTemplateLiteral(e) ||
    Node.isTemplateExpression(e) ||
    Node.isBinaryExpression(e) ||
    Node.isObjectLiteralExpression(e) ||
    Node.isArrayLiteralExpression(e) ||
    Node.isNumericLiteral(e)
  );
}

/** Top-level `const NAME = <portable literal value>` statements, not exported. */
function movableConstants(sf: SourceFile): VariableStatement[] {
  return sf.getVariableStatements().filter((s) => {
    if (s.getDeclarationKind() !== VariableDeclarationKind.Const || s.isExported()) return false;
    return s.getDeclarations().every((d) => {
      const init = d.getInitializer();
      return Node.isIdentifier(d.getNameNode()) && !!init && isConstantValue(init) && isPortable(init);
    });
  });
}

/** Inserts text after the last import (ESM) or at the top. */
export function insertImport(sf: SourceFile, text: string): void {
  const imports = sf.getImportDeclarations();
  const at = imports.length ? imports[imports.length - 1].getChildIndex() + 1 : 0;
  sf.insertStatements(at, text);
}

/** Moves the movable constants into `target` (a new module) and brings them back by import or require. */
function moveConstants(sf: SourceFile, ctx: RewriteContext, target: string, importFrom: string): boolean {
  const stmts = movableConstants(sf);
  if (!stmts.length) return false;
  const names = stmts.flatMap((s) => s.getDeclarations().map((d) => d.getName()));
  const bodies = stmts.map((s) => s.getText());
  const spec = specifier(ctx.path, importFrom);
  if (ctx.moduleKind === 'esm') {
    ctx.extra.set(target, bodies.map((b) => `export ${b}`).join('\n') + '\n');
    const first = stmts[0].getChildIndex();
    for (const s of stmts) s.remove();
    sf.insertStatements(Math.min(first, sf.getStatements().length), `import { ${names.join(', ')} } from '${spec}';`);
  } else {
    ctx.extra.set(target, `${bodies.join('\n')}\nmodule.exports = { ${names.join(', ')} };\n`);
    const first = stmts[0].getChildIndex();
    for (const s of stmts) s.remove();
    sf.insertStatements(Math.min(first, sf.getStatements().length), `const { ${names.join(', ')} } = require('${spec}');`);
  }
  return true;
}

/**
 * Restricts every rewrite of one source file to the HTTP calls a predicate accepts (unset: all of them). Used by
 * `scripts/metamorph-occurrences.ts` to rewrite only the calls that hold a ground-truth occurrence.
 */
export const callFilter = new WeakMap<SourceFile, (c: CallExpression) => boolean>();

/** The HTTP calls of a file whose callee can be reached from module scope (`fetch`, `axios.get`, ...). */
export function httpCalls(sf: SourceFile): CallExpression[] {
  const only = callFilter.get(sf);
  return sf.getDescendantsOfKind(SyntaxKind.CallExpression).filter((c) => {
    if (only && !only(c)) return false;
    const callee = c.getExpression();
    let root: Node = callee;
    while (Node.isPropertyAccessExpression(root)) root = root.getExpression();
    if (!Node.isIdentifier(root) || !HTTP_ROOTS.has(root.getText())) return false;
    if (c.getArguments().some((a) => Node.isSpreadElement(a))) return false;
    if (Node.isPropertyAccessExpression(callee) && /^(create|extend|defaults|interceptors)$/.test(callee.getName())) return false;
    // A local variable of the same name would not be visible from the helper at module level.
    const decl = root.getSymbol()?.getDeclarations()[0];
    if (decl && decl.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a))) return false;
    return true;
  });
}

/**
 * Each call, innermost first (so replacing an outer call never invalidates an inner one), handed to `use` with the
 * helper made for its callee and arity: `make` runs once per callee/arity, given the parameters `a0, a1, ...` and
 * the helper's index (0, 1, ... in the order they are made). Returns the helpers in that order.
 */
export function perCallee<H>(calls: CallExpression[], make: (call: CallExpression, callee: string, params: string[], index: number) => H, use: (call: CallExpression, helper: H) => void): H[] {
  const helpers = new Map<string, H>();
  for (const c of calls.sort((a, b) => b.getStart() - a.getStart())) {
    const callee = c.getExpression().getText();
    const arity = c.getArguments().length;
    const key = `${callee}/${arity}`;
    let h = helpers.get(key);
    if (h === undefined) helpers.set(key, (h = make(c, callee, Array.from({ length: arity }, (_, i) => `a${i}`), helpers.size)));
    use(c, h);
  }
  return [...helpers.values()];
}

/** Wraps every HTTP call in one more helper level; `style` decides what the helper is. */
function wrapCalls(sf: SourceFile, style: 'function' | 'static' | 'method' | 'object' | 'default-param'): boolean {
  const calls = httpCalls(sf);
  if (!calls.length) return false;
  const defs: string[] = [];
  perCallee(
    calls,
    (_c, callee, params, i) => {
      const name = `api${i}`;
      const body = `return ${callee}(${params.join(', ')});`;
      if (style === 'function') defs.push(`function ${name}(${params.join(', ')}) {\n  ${body}\n}`);
      else if (style === 'static') defs.push(`class MetaApi${name} {\n  static call(${params.join(', ')}) {\n    ${body}\n  }\n}`);
      else if (style === 'method') defs.push(`class MetaApi${name} {\n  call(${params.join(', ')}) {\n    ${body}\n  }\n}`);
      else if (style === 'object') defs.push(`const ${name} = {\n  call(${params.join(', ')}) {\n    ${body}\n  },\n};`);
      else defs.push(`function ${name}(${[...params, `send = ${callee}`].join(', ')}) {\n  return send(${params.join(', ')});\n}`);
      return name;
    },
    (c, name) => {
      const args = c.getArguments().map((a) => a.getText());
      const invoke =
        style === 'static'
          ? `MetaApi${name}.call`
          : style === 'method'
            ? `new MetaApi${name}().call`
            : style === 'object'
              ? `${name}.call`
              : name;
      c.replaceWithText(`${invoke}(${args.join(', ')})`);
    },
  );
  // Classes and object literals are not hoisted: put them first (after the imports), functions last.
  if (style === 'function' || style === 'default-param') sf.addStatements(defs.join('\n\n'));
  else {
    const firstNonImport = sf.getStatements().findIndex((s) => !Node.isImportDeclaration(s) && !isRequireStatement(s));
    sf.insertStatements(firstNonImport < 0 ? sf.getStatements().length : firstNonImport, defs.join('\n\n'));
  }
  return true;
}

export function isRequireStatement(s: Node): boolean {
  return Node.isVariableStatement(s) && /\brequire\s*\(/.test(s.getText()) && s.getText().length < 400;
}

export const escapeTemplate = (s: string) => s.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');

/** The operands of a left-leaning `+` chain. */
function plusOperands(e: Expression): Expression[] {
  if (Node.isBinaryExpression(e) && e.getOperatorToken().getKind() === SyntaxKind.PlusToken) return [...plusOperands(e.getLeft()), e.getRight()];
  if (Node.isParenthesizedExpression(e)) return [e];
  return [e];
}

const isStringy = (e: Node) => Node.isStringLiteral(e) || Node.isNoSubstitutionTemplateLiteral(e);

/** The names `rename` renames: local variables, functions and parameters, not exported ones. */
function renameTargets(sf: SourceFile): import('ts-morph').Identifier[] {
  return [
    ...sf.getDescendantsOfKind(SyntaxKind.VariableDeclaration).map((d) => d.getNameNode()),
    ...sf.getDescendantsOfKind(SyntaxKind.FunctionDeclaration).map((d) => d.getNameNode()),
    ...sf.getDescendantsOfKind(SyntaxKind.Parameter).map((d) => d.getNameNode()),
  ].filter((n): n is import('ts-morph').Identifier => {
    if (!n || !Node.isIdentifier(n)) return false;
    const decl = n.getParent();
    return !((Node.isVariableDeclaration(decl) && decl.getVariableStatement()?.isExported()) || (Node.isFunctionDeclaration(decl) && decl.isExported()));
  });
}

/**
 * `rename`: every target renamed `v0`, `v1`, ... with the language service's rename locations (prefix and suffix
 * text kept, so `{ url }` becomes `{ url: v3 }`), all asked on the unchanged file and applied in one edit. The same
 * result as one rename after another (`renameOneByOne`), without re-parsing the file once per name: that made
 * `rename` the slowest kind by far (minutes on a large file).
 */
export function renameLocals(sf: SourceFile): boolean {
  const ls = sf.getProject().getLanguageService();
  const edits = new Map<number, { end: number; text: string }>();
  let k = 0;
  for (const id of renameTargets(sf)) {
    if (edits.has(id.getStart())) continue; // declared twice (`var x` again): renamed with the first
    let locs: import('ts-morph').RenameLocation[];
    try {
      locs = ls.findRenameLocations(id, { usePrefixAndSuffixText: true });
    } catch {
      continue; // a name the language service cannot rename: leave it
    }
    const mine = locs.filter((l) => l.getSourceFile() === sf);
    if (!mine.length || mine.some((l) => edits.has(l.getTextSpan().getStart()))) continue;
    const name = `v${k++}`;
    for (const l of mine) {
      const span = l.getTextSpan();
      edits.set(span.getStart(), { end: span.getEnd(), text: `${l.getPrefixText() ?? ''}${name}${l.getSuffixText() ?? ''}` });
    }
  }
  if (!k) return false;
  let text = sf.getFullText();
  let last = Infinity;
  for (const [start, e] of [...edits].sort((a, b) => b[0] - a[0])) {
    if (e.end > last) continue; // overlapping spans: never in practice; keep the text valid if it happens
    text = text.slice(0, start) + e.text + text.slice(e.end);
    last = start;
  }
  sf.replaceWithText(text);
  return true;
}

/** The slow form of `rename`: one language-service rename applied per name (kept to check `renameLocals` against). */
export function renameOneByOne(sf: SourceFile): boolean {
  let k = 0;
  for (const id of renameTargets(sf)) {
    if (id.wasForgotten()) continue;
    try {
      id.rename(`v${k}`, { usePrefixAndSuffixText: true });
      k++;
    } catch {
      // a name the language service cannot rename (declared twice in JS): leave it
    }
  }
  return k > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers of the sixteenth session's kinds (helpers in other modules, `this.` chains, option factories, URLs).

/** A file name stem safe in an identifier and a module name (`webex-api.ts` -> `webex_api`). */
export const stemOf = (path: string) => basename(path).replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_$]/g, '_');

/** Whether the file is a module (imports, exports or requires): a plain browser script gets no module syntax. */
export function isModule(sf: SourceFile, ctx: RewriteContext): boolean {
  if (/\.[cm]?tsx?$/.test(ctx.path) || /\.mjs$|\.cjs$/.test(ctx.path)) return true;
  return /^\s*(import|export)\s/m.test(sf.getFullText()) || /\brequire\s*\(|\bmodule\.exports\b|\bexports\.\w/.test(sf.getFullText());
}

/**
 * What a module beside the file needs to call `root` the same way: '' for a global (`fetch`), the top-level import
 * or require statement that declares it (copied whole), or null when it is declared some other way.
 */
export function rootDeclaration(call: CallExpression): string | null {
  let root: Node = call.getExpression();
  while (Node.isPropertyAccessExpression(root)) root = root.getExpression();
  const decl = root.getSymbol()?.getDeclarations()[0];
  if (!decl || decl.getSourceFile() !== call.getSourceFile()) return '';
  const stmt = decl.getFirstAncestor((a) => Node.isImportDeclaration(a) || Node.isVariableStatement(a));
  if (!stmt || !Node.isSourceFile(stmt.getParent())) return null;
  if (Node.isImportDeclaration(stmt)) return stmt.getText();
  return isRequireStatement(stmt) ? stmt.getText() : null;
}

/** Promise clients, whose helper may be `async` and `await` the call without changing what the caller gets. */
const PROMISE_ROOTS = new Set(['fetch', 'axios', 'got', 'ky', 'nodeFetch']);

/** How the helpers of `helpersElsewhere` reach the file. */
type HelperLayout = 'named' | 'default' | 'barrels';

/**
 * Every HTTP call wrapped in a helper that lives in ANOTHER module (a one-level wrapper in another file), brought
 * back by import or require: `named` (`export function api0`), `default` (one module per helper, `export default
 * function` / `module.exports = function`), `barrels` (an `async` helper re-exported through two barrel modules).
 */
function helpersElsewhere(sf: SourceFile, ctx: RewriteContext, layout: HelperLayout): boolean {
  if (!isModule(sf, ctx)) return false;
  const calls = httpCalls(sf).filter((c) => rootDeclaration(c) !== null);
  if (!calls.length) return false;
  const ext = moduleExt(ctx.path);
  const stem = stemOf(ctx.path);
  const esm = ctx.moduleKind === 'esm';
  const list = perCallee(
    calls,
    (c, callee, names, i) => {
      let root: Node = c.getExpression();
      while (Node.isPropertyAccessExpression(root)) root = root.getExpression();
      const params = names.join(', ');
      const isAsync = layout === 'barrels' && PROMISE_ROOTS.has(root.getText());
      const body = isAsync ? `return await ${callee}(${params});` : `return ${callee}(${params});`;
      const name = `${stem}Api${i}`;
      return { name, def: `${isAsync ? 'async ' : ''}function ${name}(${params}) {\n  ${body}\n}`, needs: rootDeclaration(c) ?? '' };
    },
    (c, h) => c.getExpression().replaceWithText(h.name),
  );
  const names = list.map((h) => h.name);
  const needs = [...new Set(list.map((h) => h.needs).filter(Boolean))].join('\n');
  const head = needs ? `${needs}\n\n` : '';
  if (layout === 'default') {
    const lines: string[] = [];
    for (const h of list) {
      const target = join(dirname(ctx.path), `meta-api-${stem}-${h.name}${ext}`);
      ctx.extra.set(target, esm ? `${head}export default ${h.def}\n` : `${head}module.exports = ${h.def};\n`);
      const spec = specifier(ctx.path, target);
      lines.push(esm ? `import ${h.name} from '${spec}';` : `const ${h.name} = require('${spec}');`);
    }
    if (esm) insertImport(sf, lines.join('\n'));
    else sf.insertStatements(0, lines.join('\n'));
    return true;
  }
  const defs = list.map((h) => (esm ? `export ${h.def}` : h.def)).join('\n\n');
  const body = esm ? `${head}${defs}\n` : `${head}${defs}\n\nmodule.exports = { ${names.join(', ')} };\n`;
  let from: string;
  if (layout === 'named') {
    from = join(dirname(ctx.path), `meta-api-${stem}${ext}`);
    ctx.extra.set(from, body);
  } else {
    // meta-lib-<stem>/index -> meta-lib-<stem>/http/index -> meta-lib-<stem>/http/api
    const dir = join(dirname(ctx.path), `meta-lib-${stem}`);
    const api = join(dir, 'http', `api${ext}`);
    const inner = join(dir, 'http', `index${ext}`);
    const outer = join(dir, `index${ext}`);
    // The copied import statements are relative to the file's folder: two levels down, a relative one would break.
    if (/from\s+['"]\.|require\(\s*['"]\./.test(needs)) return false;
    ctx.extra.set(api, body);
    ctx.extra.set(inner, esm ? `export * from '${specifier(inner, api)}';\n` : `module.exports = require('${specifier(inner, api)}');\n`);
    ctx.extra.set(outer, esm ? `export { ${names.join(', ')} } from '${specifier(outer, inner)}';\n` : `module.exports = require('${specifier(outer, inner)}');\n`);
    from = /\.[cm]?ts$/.test(ext) ? dir : outer;
  }
  const spec = specifier(ctx.path, from);
  if (esm) insertImport(sf, `import { ${names.join(', ')} } from '${spec}';`);
  else sf.insertStatements(0, `const { ${names.join(', ')} } = require('${spec}');`);
  return true;
}

/**
 * Every HTTP call made through a client class's method that calls another method of its own through `this.`:
 * `metaClient.request0(url, init)` -> `request0(a0, a1) { return this.send0(a0, a1); }` -> `send0(a0, a1) { return
 * fetch(a0, a1); }`, the instance held by a module-level `const`.
 */
function thisChain(sf: SourceFile): boolean {
  const calls = httpCalls(sf);
  if (!calls.length) return false;
  const stem = stemOf(sf.getFilePath());
  const cls = `MetaClient_${stem}`;
  const inst = `metaClient_${stem}`;
  const methods: string[] = [];
  perCallee(
    calls,
    (_c, callee, names, i) => {
      const params = names.join(', ');
      methods.push(`  send${i}(${params}) {\n    return ${callee}(${params});\n  }`, `  request${i}(${params}) {\n    return this.send${i}(${params});\n  }`);
      return i;
    },
    (c, i) => c.getExpression().replaceWithText(`${inst}.request${i}`),
  );
  const firstNonImport = sf.getStatements().findIndex((s) => !Node.isImportDeclaration(s) && !isRequireStatement(s));
  sf.insertStatements(firstNonImport < 0 ? sf.getStatements().length : firstNonImport, `class ${cls} {\n${methods.join('\n\n')}\n}\nconst ${inst} = new ${cls}();`);
  return true;
}

/**
 * The object literal an HTTP call takes (fetch's init, axios' config, request's options) built by a factory function
 * of another module: what is literal stays in the factory, every other value becomes its argument, in order
 * (`fetch(url, makeInit_0(token, JSON.stringify(body)))`). Objects with methods, getters or computed keys are kept.
 */
function optionsFactory(sf: SourceFile, ctx: RewriteContext): boolean {
  if (!isModule(sf, ctx)) return false;
  const stem = stemOf(ctx.path);
  const defs: string[] = [];
  const names: string[] = [];
  const objects = httpCalls(sf).flatMap((c) => c.getArguments().filter((a) => Node.isObjectLiteralExpression(a)));
  for (const o of objects.sort((a, b) => b.getStart() - a.getStart())) {
    if (o.wasForgotten()) continue;
    const args: string[] = [];
    const build = (obj: import('ts-morph').ObjectLiteralExpression): string | null => {
      const parts: string[] = [];
      for (const p of obj.getProperties()) {
        if (Node.isPropertyAssignment(p)) {
          if (Node.isComputedPropertyName(p.getNameNode())) return null;
          const init = p.getInitializerOrThrow();
          if (Node.isObjectLiteralExpression(init)) {
            const inner = build(init);
            if (inner === null) return null;
            parts.push(`${p.getNameNode().getText()}: ${inner}`);
          } else if (isPortable(init)) parts.push(`${p.getNameNode().getText()}: ${init.getText()}`);
          else {
            parts.push(`${p.getNameNode().getText()}: p${args.length}`);
            args.push(init.getText());
          }
        } else if (Node.isShorthandPropertyAssignment(p)) {
          parts.push(`${p.getName()}: p${args.length}`);
          args.push(p.getName());
        } else if (Node.isSpreadAssignment(p)) {
          parts.push(`...p${args.length}`);
          args.push(p.getExpression().getText());
        } else return null;
      }
      return `{ ${parts.join(', ')} }`;
    };
    const built = build(o as import('ts-morph').ObjectLiteralExpression);
    if (built === null) continue;
    const name = `makeOptions_${stem}_${names.length}`;
    names.push(name);
    defs.push(`function ${name}(${args.map((_, i) => `p${i}`).join(', ')}) {\n  return ${built};\n}`);
    o.replaceWithText(`${name}(${args.join(', ')})`);
  }
  if (!names.length) return false;
  const target = join(dirname(ctx.path), `meta-options-${stem}${moduleExt(ctx.path)}`);
  const spec = specifier(ctx.path, target);
  if (ctx.moduleKind === 'esm') {
    ctx.extra.set(target, defs.map((d) => `export ${d}`).join('\n\n') + '\n');
    insertImport(sf, `import { ${names.join(', ')} } from '${spec}';`);
  } else {
    ctx.extra.set(target, `${defs.join('\n\n')}\n\nmodule.exports = { ${names.join(', ')} };\n`);
    sf.insertStatements(0, `const { ${names.join(', ')} } = require('${spec}');`);
  }
  return true;
}

/** An absolute http(s) URL with a path that `new URL(path, origin).href` gives back unchanged, split; else null. */
export function splitUrl(url: string): { origin: string; rest: string } | null {
  const m = /^(https?:\/\/[^/?#\s]+)(\/[^\s]*)$/.exec(url);
  if (!m || m[2] === '/') return null;
  try {
    return new URL(m[2], m[1]).href === url ? { origin: m[1], rest: m[2] } : null;
  } catch {
    return null;
  }
}

/** Whether a literal sits where only a literal may (import specifiers, types, property names, `require`'s argument). */
function literalOnlyPosition(n: Node): boolean {
  const p = n.getParent();
  if (!p) return true;
  if (Node.isImportDeclaration(p) || Node.isExportDeclaration(p) || Node.isLiteralTypeNode(p) || Node.isExternalModuleReference(p)) return true;
  if ((Node.isPropertyAssignment(p) || Node.isPropertySignature(p) || Node.isMethodDeclaration(p) || Node.isPropertyDeclaration(p) || Node.isEnumMember(p)) && p.getNameNode() === n) return true;
  if (Node.isCallExpression(p) && /^(require|import)$/.test(p.getExpression().getText())) return true;
  if (Node.isExpressionStatement(p)) return true; // a directive ('use strict')
  return !!n.getFirstAncestor((a) => Node.isTypeNode(a));
}

// ---------------------------------------------------------------------------------------------------------------
// Composite kinds of the seventeenth session (26meta5): shapes real code combines (issue 26 shapes 1, 2, 5 and 6).

/** Writes a new module beside the file and brings `names` back from it (ES `import { ... }` / CommonJS destructured `require`). */
export function addModule(sf: SourceFile, ctx: RewriteContext, target: string, defs: string[], names: string[], head = ''): void {
  const spec = specifier(ctx.path, target);
  const prefix = head ? `${head}\n\n` : '';
  if (ctx.moduleKind === 'esm') {
    ctx.extra.set(target, `${prefix}${defs.map((d) => `export ${d}`).join('\n\n')}\n`);
    insertImport(sf, `import { ${names.join(', ')} } from '${spec}';`);
  } else {
    ctx.extra.set(target, `${prefix}${defs.join('\n\n')}\n\nmodule.exports = { ${names.join(', ')} };\n`);
    sf.insertStatements(0, `const { ${names.join(', ')} } = require('${spec}');`);
  }
}

/** `fetch(...)` calls of one or two arguments (no spread) whose `fetch` is the global or a module-level import. */
function fetchCalls(sf: SourceFile): CallExpression[] {
  return httpCalls(sf).filter((c) => {
    const callee = c.getExpression();
    return Node.isIdentifier(callee) && /^(fetch|nodeFetch)$/.test(callee.getText()) && c.getArguments().length >= 1 && c.getArguments().length <= 2 && rootDeclaration(c) !== null;
  });
}

/**
 * `two-level-get`: every `fetch(url[, init])` through two helpers in two other modules: the outer one takes the
 * method as a parameter with a default (`function request(url, init = {}, method = 'GET') { return send(url, {
 * method, ...init }); }`), the inner one calls `fetch`. The same requests: an `init` that names a method keeps it
 * (the spread comes last), one that does not sends GET, fetch's default.
 */
function twoLevelGet(sf: SourceFile, ctx: RewriteContext): boolean {
  if (!isModule(sf, ctx)) return false;
  const calls = fetchCalls(sf);
  if (!calls.length) return false;
  const ext = moduleExt(ctx.path);
  const stem = stemOf(ctx.path);
  const inner = join(dirname(ctx.path), `meta-http-${stem}${ext}`);
  const outer = join(dirname(ctx.path), `meta-client-${stem}${ext}`);
  const sendName = `metaSend_${stem}`;
  const requestName = `metaRequest_${stem}`;
  const needs = [...new Set(calls.map((c) => rootDeclaration(c) ?? '').filter(Boolean))].join('\n');
  const callee = calls[0].getExpression().getText();
  if (calls.some((c) => c.getExpression().getText() !== callee)) return false;
  for (const c of calls.sort((a, b) => b.getStart() - a.getStart())) c.getExpression().replaceWithText(requestName);
  const esm = ctx.moduleKind === 'esm';
  const innerDef = `function ${sendName}(url, init) {\n  return ${callee}(url, init);\n}`;
  ctx.extra.set(inner, esm ? `${needs ? needs + '\n\n' : ''}export ${innerDef}\n` : `${needs ? needs + '\n\n' : ''}${innerDef}\n\nmodule.exports = { ${sendName} };\n`);
  const innerSpec = specifier(outer, inner);
  const outerDef = `function ${requestName}(url, init = {}, method = 'GET') {\n  return ${sendName}(url, { method, ...init });\n}`;
  ctx.extra.set(outer, esm ? `import { ${sendName} } from '${innerSpec}';\n\nexport ${outerDef}\n` : `const { ${sendName} } = require('${innerSpec}');\n\n${outerDef}\n\nmodule.exports = { ${requestName} };\n`);
  const spec = specifier(ctx.path, outer);
  if (esm) insertImport(sf, `import { ${requestName} } from '${spec}';`);
  else sf.insertStatements(0, `const { ${requestName} } = require('${spec}');`);
  return true;
}

/**
 * `defaults-spread` / `defaults-assign`: the literal part of every HTTP call's options object (each property whose
 * value is built from literals only: `method: 'GET'`, a wholly literal `headers`) moved to an imported defaults
 * object and merged back: `{ ...META_DEFAULTS_api_0, headers }` or `Object.assign({}, META_DEFAULTS_api_0, {
 * headers })`. Keys are distinct in an object literal, so the merge gives the same object.
 */
function defaultsMerge(sf: SourceFile, ctx: RewriteContext, style: 'spread' | 'assign'): boolean {
  if (!isModule(sf, ctx)) return false;
  const stem = stemOf(ctx.path);
  const defs: string[] = [];
  const names: string[] = [];
  const objects = httpCalls(sf).flatMap((c) => c.getArguments().filter((a): a is import('ts-morph').ObjectLiteralExpression => Node.isObjectLiteralExpression(a)));
  for (const o of objects.sort((a, b) => b.getStart() - a.getStart())) {
    if (o.wasForgotten()) continue;
    const props = o.getProperties();
    if (props.some((p) => !Node.isPropertyAssignment(p) && !Node.isShorthandPropertyAssignment(p))) continue;
    const keys = props.map((p) => (Node.isPropertyAssignment(p) ? p.getNameNode().getText().replace(/^['"]|['"]$/g, '') : (p as import('ts-morph').ShorthandPropertyAssignment).getName()));
    if (new Set(keys).size !== keys.length || props.some((p) => Node.isPropertyAssignment(p) && Node.isComputedPropertyName(p.getNameNode()))) continue;
    const literal = props.filter((p) => Node.isPropertyAssignment(p) && isPortable(p.getInitializerOrThrow()));
    if (!literal.length) continue;
    const rest = props.filter((p) => !literal.includes(p)).map((p) => p.getText());
    const name = `META_DEFAULTS_${stem}_${names.length}`;
    names.push(name);
    defs.push(`const ${name} = {\n${literal.map((p) => `  ${p.getText()},`).join('\n')}\n};`);
    const restText = rest.length ? `{ ${rest.join(', ')} }` : '{}';
    o.replaceWithText(style === 'spread' ? `{ ...${name}${rest.length ? ', ' + rest.join(', ') : ''} }` : `Object.assign({}, ${name}, ${restText})`);
  }
  if (!names.length) return false;
  addModule(sf, ctx, join(dirname(ctx.path), `meta-defaults-${stem}${moduleExt(ctx.path)}`), defs, names);
  return true;
}

/** The http(s) URL literals and templates of a file that `splitUrl` splits (as `new-url` finds them), outermost last. */
function splittableUrls(sf: SourceFile): { node: Node; origin: string; rest: string }[] {
  const lits = [
    ...sf.getDescendantsOfKind(SyntaxKind.StringLiteral),
    ...sf.getDescendantsOfKind(SyntaxKind.NoSubstitutionTemplateLiteral),
    ...sf.getDescendantsOfKind(SyntaxKind.TemplateExpression),
  ].filter((l) => !literalOnlyPosition(l) && !Node.isTaggedTemplateExpression(l.getParent()));
  const out: { node: Node; origin: string; rest: string }[] = [];
  for (const l of lits.sort((a, b) => b.getStart() - a.getStart())) {
    if (Node.isTemplateExpression(l)) {
      const head = l.getHead().getLiteralText();
      const sp = splitUrl(head);
      if (!sp || l.getHead().getText() !== '`' + head + '${') continue;
      // The path part as a template of its own: `/v1/rooms/${id}`.
      out.push({ node: l, origin: sp.origin, rest: `\`${escapeTemplate(sp.rest)}${l.getText().slice(1 + head.length)}` });
    } else {
      const sp = splitUrl((l as import('ts-morph').StringLiteral).getLiteralValue());
      if (sp) out.push({ node: l, origin: sp.origin, rest: `'${sp.rest.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` });
    }
  }
  return out;
}

/**
 * `url-default-param`: every absolute URL built by a helper of another module whose base is a default parameter
 * (`export function metaUrl_api_0(path, base = 'https://webexapis.com') { return base + path; }`; the literal
 * becomes `metaUrl_api_0('/v1/rooms')`). One helper per origin.
 */
function urlDefaultParam(sf: SourceFile, ctx: RewriteContext): boolean {
  if (!isModule(sf, ctx)) return false;
  const urls = splittableUrls(sf);
  if (!urls.length) return false;
  const stem = stemOf(ctx.path);
  const byOrigin = new Map<string, string>();
  const defs: string[] = [];
  for (const u of urls) {
    let name = byOrigin.get(u.origin);
    if (!name) {
      name = `metaUrl_${stem}_${byOrigin.size}`;
      byOrigin.set(u.origin, name);
      defs.push(`function ${name}(path, base = '${u.origin}') {\n  return base + path;\n}`);
    }
    u.node.replaceWithText(`${name}(${u.rest})`);
  }
  addModule(sf, ctx, join(dirname(ctx.path), `meta-urls-${stem}${moduleExt(ctx.path)}`), defs, [...byOrigin.values()]);
  return true;
}

/**
 * `config-nested`: every absolute URL's origin read from a nested property of an imported config object (ES default
 * import / CommonJS `require` of the whole module): `'https://webexapis.com/v1/rooms'` becomes
 * `metaConfig_api.api.origin0 + '/v1/rooms'`, a template `` `${metaConfig_api.api.origin0}/v1/rooms/${id}` ``.
 */
function configNested(sf: SourceFile, ctx: RewriteContext): boolean {
  if (!isModule(sf, ctx)) return false;
  const urls = splittableUrls(sf);
  if (!urls.length) return false;
  const stem = stemOf(ctx.path);
  const cfg = `metaConfig_${stem}`;
  const keys = new Map<string, string>();
  for (const u of urls) {
    let key = keys.get(u.origin);
    if (!key) keys.set(u.origin, (key = `origin${keys.size}`));
    const base = `${cfg}.api.${key}`;
    const text = u.rest.startsWith('`') ? `\`\${${base}}${u.rest.slice(1)}` : `${base} + ${u.rest}`;
    const p = u.node.getParent();
    // `+` binds tighter than most parents, not than member access or a call's callee.
    const needsParens = !u.rest.startsWith('`') && (Node.isPropertyAccessExpression(p) || Node.isElementAccessExpression(p) || (Node.isCallExpression(p) && p.getExpression() === u.node) || Node.isBinaryExpression(p));
    u.node.replaceWithText(needsParens ? `(${text})` : text);
  }
  const body = `{\n  api: {\n${[...keys].map(([origin, key]) => `    ${key}: '${origin}',`).join('\n')}\n  },\n}`;
  const target = join(dirname(ctx.path), `meta-config-${stem}${moduleExt(ctx.path)}`);
  const spec = specifier(ctx.path, target);
  if (ctx.moduleKind === 'esm') {
    ctx.extra.set(target, `export default ${body};\n`);
    insertImport(sf, `import ${cfg} from '${spec}';`);
  } else {
    ctx.extra.set(target, `module.exports = ${body};\n`);
    sf.insertStatements(0, `const ${cfg} = require('${spec}');`);
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Composite kinds of the eighteenth session (26meta6): issue 26 shapes 1 and 6 across modules.

/**
 * `method-param-chain`: every `fetch(url[, { ... }])` whose options are absent or an object literal without spreads
 * becomes a call of a helper of another module that takes the method as its FIRST parameter and hands it, with the
 * URL and the rest of the options, to a second helper of a third module that calls `fetch(url, { ...init, method
 * })` (`metaCall_api('POST', url, { headers, body })`). The method is the literal's own `method` expression, else
 * `'GET'` (fetch's default). The same requests: the method key is written last, as the only one of its name.
 */
function methodParamChain(sf: SourceFile, ctx: RewriteContext): boolean {
  if (!isModule(sf, ctx)) return false;
  const calls = fetchCalls(sf).filter((c) => {
    const init = c.getArguments()[1];
    if (!init) return true;
    if (!Node.isObjectLiteralExpression(init)) return false;
    const props = init.getProperties();
    return props.every((p) => Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)) && props.every((p) => !(Node.isPropertyAssignment(p) && Node.isComputedPropertyName(p.getNameNode())));
  });
  if (!calls.length) return false;
  const callee = calls[0].getExpression().getText();
  if (calls.some((c) => c.getExpression().getText() !== callee)) return false;
  const ext = moduleExt(ctx.path);
  const stem = stemOf(ctx.path);
  const inner = join(dirname(ctx.path), `meta-do-${stem}${ext}`);
  const outer = join(dirname(ctx.path), `meta-call-${stem}${ext}`);
  const doName = `metaDo_${stem}`;
  const callName = `metaCall_${stem}`;
  const needs = [...new Set(calls.map((c) => rootDeclaration(c) ?? '').filter(Boolean))].join('\n');
  for (const c of calls.sort((a, b) => b.getStart() - a.getStart())) {
    const [url, init] = c.getArguments();
    let method = "'GET'";
    let rest = '{}';
    if (init && Node.isObjectLiteralExpression(init)) {
      const key = (p: Node) => (Node.isPropertyAssignment(p) ? p.getNameNode().getText().replace(/^['"]|['"]$/g, '') : (p as import('ts-morph').ShorthandPropertyAssignment).getName());
      const props = init.getProperties();
      const m = props.filter((p) => key(p) === 'method');
      if (m.length > 1) continue;
      if (m.length === 1) method = Node.isPropertyAssignment(m[0]) ? m[0].getInitializerOrThrow().getText() : 'method';
      const others = props.filter((p) => key(p) !== 'method').map((p) => p.getText());
      rest = others.length ? `{ ${others.join(', ')} }` : '{}';
    }
    c.replaceWithText(`${callName}(${method}, ${url.getText()}, ${rest})`);
  }
  const esm = ctx.moduleKind === 'esm';
  const doDef = `function ${doName}(method, url, init = {}) {\n  return ${callee}(url, { ...init, method });\n}`;
  ctx.extra.set(inner, esm ? `${needs ? needs + '\n\n' : ''}export ${doDef}\n` : `${needs ? needs + '\n\n' : ''}${doDef}\n\nmodule.exports = { ${doName} };\n`);
  const innerSpec = specifier(outer, inner);
  const callDef = `function ${callName}(method, url, init) {\n  return ${doName}(method, url, init);\n}`;
  ctx.extra.set(outer, esm ? `import { ${doName} } from '${innerSpec}';\n\nexport ${callDef}\n` : `const { ${doName} } = require('${innerSpec}');\n\n${callDef}\n\nmodule.exports = { ${callName} };\n`);
  const spec = specifier(ctx.path, outer);
  if (esm) insertImport(sf, `import { ${callName} } from '${spec}';`);
  else sf.insertStatements(0, `const { ${callName} } = require('${spec}');`);
  return true;
}

/**
 * `base-class-resource`: every `fetch(<absolute URL literal or template>[, init])` becomes a method call of an
 * instance of a subclass (one per origin, in a module of its own) whose constructor hands its origin to a base class
 * of a third module (`constructor() { super('https://webexapis.com'); }`), the base's method calling `fetch(this.origin
 * + path, init)`: `metaApi_api_0.send('/v1/rooms', init)`. Only URLs `splitUrl` splits (the same text back).
 */
function baseClassResource(sf: SourceFile, ctx: RewriteContext): boolean {
  if (!isModule(sf, ctx)) return false;
  const urls = new Map(splittableUrls(sf).map((u) => [u.node, u]));
  const calls = fetchCalls(sf).filter((c) => urls.has(c.getArguments()[0]) && rootDeclaration(c) === '');
  if (!calls.length) return false;
  const ext = moduleExt(ctx.path);
  const stem = stemOf(ctx.path);
  const base = join(dirname(ctx.path), `meta-base-${stem}${ext}`);
  const sub = join(dirname(ctx.path), `meta-api-${stem}${ext}`);
  const baseName = `MetaBase_${stem}`;
  // One subclass per origin, numbered in the order the file first calls it.
  const byOrigin = new Map<string, string>();
  for (const c of calls) {
    const origin = urls.get(c.getArguments()[0])!.origin;
    if (!byOrigin.has(origin)) byOrigin.set(origin, `MetaApi_${stem}_${byOrigin.size}`);
  }
  for (const c of [...calls].sort((a, b) => b.getStart() - a.getStart())) {
    const [url, ...rest] = c.getArguments();
    const u = urls.get(url)!;
    const cls = byOrigin.get(u.origin)!;
    c.replaceWithText(`meta${cls.slice(4)}.send(${[u.rest, ...rest.map((a) => a.getText())].join(', ')})`);
  }
  const esm = ctx.moduleKind === 'esm';
  const baseDef = `class ${baseName} {\n  constructor(origin) {\n    this.origin = origin;\n  }\n\n  send(path, init) {\n    return fetch(this.origin + path, init);\n  }\n}`;
  ctx.extra.set(base, esm ? `export ${baseDef}\n` : `${baseDef}\n\nmodule.exports = { ${baseName} };\n`);
  const baseSpec = specifier(sub, base);
  const subs = [...byOrigin].map(([origin, cls]) => `class ${cls} extends ${baseName} {\n  constructor() {\n    super('${origin}');\n  }\n}`);
  const classes = [...byOrigin.values()];
  ctx.extra.set(sub, esm ? `import { ${baseName} } from '${baseSpec}';\n\n${subs.map((d) => `export ${d}`).join('\n\n')}\n` : `const { ${baseName} } = require('${baseSpec}');\n\n${subs.join('\n\n')}\n\nmodule.exports = { ${classes.join(', ')} };\n`);
  const spec = specifier(ctx.path, sub);
  const instances = classes.map((cls) => `const meta${cls.slice(4)} = new ${cls}();`).join('\n');
  if (esm) insertImport(sf, `import { ${classes.join(', ')} } from '${spec}';\n${instances}`);
  else sf.insertStatements(0, `const { ${classes.join(', ')} } = require('${spec}');\n${instances}`);
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// The rewrite kinds.

export const REWRITES: Record<string, Rewrite> = {
  /** A URL/base/header constant moved to a new module and imported (ESM) or required (CJS). */
  'move-constant': (sf, ctx) => {
    const target = join(dirname(ctx.path), `meta-constants${moduleExt(ctx.path)}`);
    return moveConstants(sf, ctx, target, target);
  },
  /** The same, re-exported through a barrel `index` module. */
  barrel: (sf, ctx) => {
    const dir = join(dirname(ctx.path), 'meta-config');
    const ext = moduleExt(ctx.path);
    const target = join(dir, `constants${ext}`);
    const index = join(dir, `index${ext}`);
    const names = movableConstants(sf).flatMap((s) => s.getDeclarations().map((d) => d.getName()));
    if (!moveConstants(sf, ctx, target, /\.[cm]?ts$/.test(ext) ? dir : index)) return false;
    const spec = specifier(index, target);
    ctx.extra.set(index, ctx.moduleKind === 'esm' ? `export { ${names.join(', ')} } from '${spec}';\n` : `module.exports = require('${spec}');\n`);
    return true;
  },
  /** Every HTTP call wrapped in one more helper function (`function api0(a0, a1) { return fetch(a0, a1); }`). */
  'wrap-helper': (sf) => wrapCalls(sf, 'function'),
  /** The helper as a static class method. */
  'static-method': (sf) => wrapCalls(sf, 'static'),
  /** The helper as an instance method of a class. */
  'class-method': (sf) => wrapCalls(sf, 'method'),
  /** The helper as a method of an object literal. */
  'object-method': (sf) => wrapCalls(sf, 'object'),
  /** The HTTP function passed to the helper as a parameter with a default (`send = fetch`). */
  'param-default': (sf) => wrapCalls(sf, 'default-param'),
  /** Literal headers of a call merged from an imported defaults object with spread. */
  'headers-spread': (sf, ctx) => {
    const objs = sf
      .getDescendantsOfKind(SyntaxKind.PropertyAssignment)
      .filter((p) => /^['"]?headers['"]?$/i.test(p.getNameNode().getText()))
      .map((p) => p.getInitializer())
      .filter((o): o is import('ts-morph').ObjectLiteralExpression => !!o && Node.isObjectLiteralExpression(o));
    const target = join(dirname(ctx.path), `meta-headers${moduleExt(ctx.path)}`);
    const exported: string[] = [];
    const names: string[] = [];
    for (const o of objs) {
      const literal = o.getProperties().filter((p) => Node.isPropertyAssignment(p) && isPortable(p.getInitializerOrThrow()) && !Node.isComputedPropertyName(p.getNameNode()));
      if (!literal.length) continue;
      // Named after the file too: several files of one folder share `meta-headers`, and two `DEFAULT_HEADERS_0`
      // there would make it a module that does not load (a loss the engine never had).
      const name = `DEFAULT_HEADERS_${basename(ctx.path).replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_$]/g, '_')}_${names.length}`;
      names.push(name);
      exported.push(`{\n${literal.map((p) => `  ${p.getText()},`).join('\n')}\n}`);
      const rest = o.getProperties().filter((p) => !literal.includes(p)).map((p) => p.getText());
      o.replaceWithText(`{ ...${name}${rest.length ? ', ' + rest.join(', ') : ''} }`);
    }
    if (!names.length) return false;
    const spec = specifier(ctx.path, target);
    if (ctx.moduleKind === 'esm') {
      ctx.extra.set(target, names.map((n, i) => `export const ${n} = ${exported[i]};`).join('\n') + '\n');
      insertImport(sf, `import { ${names.join(', ')} } from '${spec}';`);
    } else {
      ctx.extra.set(target, names.map((n, i) => `const ${n} = ${exported[i]};`).join('\n') + `\nmodule.exports = { ${names.join(', ')} };\n`);
      sf.insertStatements(0, `const { ${names.join(', ')} } = require('${spec}');`);
    }
    return true;
  },
  /** Top-level constants read out of a config object by destructuring with renames. */
  'destructure-rename': (sf) => {
    const stmts = movableConstants(sf);
    if (!stmts.length) return false;
    let k = 0;
    for (const s of stmts) {
      for (const d of s.getDeclarations()) {
        const old = d.getName();
        const alias = `${old}Value`;
        d.getNameNode().asKindOrThrow(SyntaxKind.Identifier).rename(alias, { usePrefixAndSuffixText: true });
        const init = d.getInitializerOrThrow().getText();
        const cfg = `metaConfig${k++}`;
        s.replaceWithText(`const ${cfg} = { ${old}: ${init} };\nconst { ${old}: ${alias} } = ${cfg};`);
        break; // one declaration per statement is the common case; the statement was replaced
      }
    }
    return k > 0;
  },
  /** `const` becomes `let`, assigned once. */
  'const-to-let': (sf) => {
    let changed = false;
    for (const list of sf.getDescendantsOfKind(SyntaxKind.VariableDeclarationList)) {
      if (list.getDeclarationKind() !== VariableDeclarationKind.Const) continue;
      if (Node.isForOfStatement(list.getParent()) || Node.isForInStatement(list.getParent())) continue;
      list.setDeclarationKind(VariableDeclarationKind.Let);
      changed = true;
    }
    return changed;
  },
  /** `'a' + b + 'c'` becomes `` `a${b}c` `` (only chains that start with a string, so the meaning is kept). */
  'concat-to-template': (sf) => {
    const chains = sf.getDescendantsOfKind(SyntaxKind.BinaryExpression).filter((b) => {
      if (b.getOperatorToken().getKind() !== SyntaxKind.PlusToken) return false;
      const p = b.getParent();
      if (Node.isBinaryExpression(p) && p.getOperatorToken().getKind() === SyntaxKind.PlusToken && p.getLeft() === b) return false;
      return isStringy(plusOperands(b)[0]);
    });
    if (!chains.length) return false;
    for (const b of chains.sort((x, y) => y.getStart() - x.getStart())) {
      if (b.wasForgotten()) continue;
      const text = plusOperands(b)
        .map((o) => (isStringy(o) ? escapeTemplate((o as import('ts-morph').StringLiteral).getLiteralValue()) : `\${${o.getText()}}`))
        .join('');
      b.replaceWithText(`\`${text}\``);
    }
    return true;
  },
  /** `` `a${b}c` `` becomes `'a' + b + 'c'`. */
  'template-to-concat': (sf) => {
    const templates = sf.getDescendantsOfKind(SyntaxKind.TemplateExpression).filter((t) => !Node.isTaggedTemplateExpression(t.getParent()));
    if (!templates.length) return false;
    const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
    const simple = (e: Node) => Node.isIdentifier(e) || Node.isPropertyAccessExpression(e) || Node.isCallExpression(e) || Node.isElementAccessExpression(e) || Node.isStringLiteral(e);
    // Outermost first would invalidate inner ones: do innermost first (by start, descending).
    for (const t of templates.sort((x, y) => y.getStart() - x.getStart())) {
      if (t.wasForgotten()) continue;
      const tt = t as TemplateExpression;
      const parts: string[] = [];
      const head = tt.getHead().getLiteralText();
      if (head) parts.push(quote(head));
      for (const span of tt.getTemplateSpans()) {
        const e = span.getExpression();
        parts.push(simple(e) ? e.getText() : `(${e.getText()})`);
        const lit = span.getLiteral().getLiteralText();
        if (lit) parts.push(quote(lit));
      }
      // `${a}${b}` must stay a string: start from '' when the first two parts are not a string.
      if (!head && (parts.length < 2 || !parts[1].startsWith("'"))) parts.unshift("''");
      const text = parts.join(' + ');
      const p = t.getParent();
      const needsParens = Node.isPropertyAccessExpression(p) || Node.isElementAccessExpression(p) || Node.isCallExpression(p) && p.getExpression() === t || Node.isBinaryExpression(p);
      t.replaceWithText(needsParens ? `(${text})` : text);
    }
    return true;
  },
  /** Function declarations become arrow functions held by a `const` (only those without `this`/`arguments`). */
  'function-to-arrow': (sf) => {
    const fns = sf.getFunctions().filter((f) => {
      if (!f.getName() || f.isGenerator() || f.isDefaultExport() || !f.hasBody() || f.getOverloads().length) return false;
      return !f.getDescendants().some((d) => d.getKind() === SyntaxKind.ThisKeyword || (Node.isIdentifier(d) && d.getText() === 'arguments'));
    });
    if (!fns.length) return false;
    // Hoisting: move them to the top (after imports and requires) so every call still finds them... unless they use
    // module constants declared later, which then would be in their TDZ only if called at load time; keep in place.
    for (const f of fns.reverse()) {
      const params = f.getParameters().map((p) => p.getText()).join(', ');
      const ret = f.getReturnTypeNode() ? `: ${f.getReturnTypeNodeOrThrow().getText()}` : '';
      const tps = f.getTypeParameters().length ? `<${f.getTypeParameters().map((t) => t.getText()).join(', ')}>` : '';
      const text = `${f.isExported() ? 'export ' : ''}const ${f.getName()} = ${f.isAsync() ? 'async ' : ''}${tps}(${params})${ret} => ${f.getBodyOrThrow().getText()};`;
      f.replaceWithText(text);
    }
    return true;
  },
  /** Local variables, functions and parameters renamed to neutral names (`v0`, `v1`, ...). */
  rename: (sf) => renameLocals(sf),
  // Sixteenth session (26meta4): shapes of real code the kinds above lacked.
  /** Every HTTP call through a helper defined in another module, imported by name (ESM) or required (CJS). */
  'helper-module': (sf, ctx) => helpersElsewhere(sf, ctx, 'named'),
  /** The same with one module per helper, its default export (`export default function` / `module.exports =`). */
  'helper-default': (sf, ctx) => helpersElsewhere(sf, ctx, 'default'),
  /** An `async` helper (`return await fetch(...)`) in another module, re-exported through two barrel modules. */
  'helper-barrels': (sf, ctx) => helpersElsewhere(sf, ctx, 'barrels'),
  /** Every HTTP call through a client instance whose public method calls another of its methods through `this.`. */
  'this-method': (sf) => thisChain(sf),
  /** The options object of every HTTP call built by a factory function of another module. */
  'options-factory': (sf, ctx) => optionsFactory(sf, ctx),
  /**
   * Absolute URLs built with `new URL(path, origin).href`: string literals and templates that start with an
   * http(s) origin and a path (only where `new URL` gives the literal back unchanged, so every use sees the same
   * string).
   */
  'new-url': (sf) => {
    const lits = [
      ...sf.getDescendantsOfKind(SyntaxKind.StringLiteral),
      ...sf.getDescendantsOfKind(SyntaxKind.NoSubstitutionTemplateLiteral),
      ...sf.getDescendantsOfKind(SyntaxKind.TemplateExpression),
    ].filter((l) => !literalOnlyPosition(l) && !Node.isTaggedTemplateExpression(l.getParent()));
    let changed = false;
    for (const l of lits.sort((a, b) => b.getStart() - a.getStart())) {
      if (l.wasForgotten()) continue;
      if (Node.isTemplateExpression(l)) {
        const head = l.getHead().getLiteralText();
        const sp = splitUrl(head);
        if (!sp) continue;
        const rest = l.getText().slice(1 + head.length); // after the backtick and the head's text: `${...}...`
        if (l.getHead().getText() !== '`' + head + '${') continue; // escapes in the head: leave it
        l.replaceWithText(`new URL(\`${escapeTemplate(sp.rest)}${rest}, '${sp.origin}').href`);
      } else {
        const v = (l as import('ts-morph').StringLiteral).getLiteralValue();
        const sp = splitUrl(v);
        if (!sp) continue;
        l.replaceWithText(`new URL('${sp.rest.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}', '${sp.origin}').href`);
      }
      changed = true;
    }
    return changed;
  },
  /**
   * Base URLs that an environment variable may override: a variable or property initialised with an http(s) URL
   * literal becomes `process.env.META_URL_n ?? '<the literal>'` (unset in every scan: the same value).
   */
  'env-fallback': (sf) => {
    const inits = [
      ...sf.getDescendantsOfKind(SyntaxKind.VariableDeclaration).map((d) => d.getInitializer()),
      ...sf.getDescendantsOfKind(SyntaxKind.PropertyAssignment).map((p) => p.getInitializer()),
    ].filter((e): e is Expression => !!e && (Node.isStringLiteral(e) || Node.isNoSubstitutionTemplateLiteral(e)) && /^https?:\/\/[^\s]+$/.test(e.getLiteralValue()));
    if (!inits.length) return false;
    let k = 0;
    for (const e of inits.sort((a, b) => b.getStart() - a.getStart())) e.replaceWithText(`process.env.META_URL_${k++} ?? ${e.getText()}`);
    return true;
  },
  // Eighteenth session (26meta6): a method passed as the first parameter through two helpers in two modules; a
  // base class of one module whose subclass in another gives it the origin.
  'method-param-chain': (sf, ctx) => methodParamChain(sf, ctx),
  'base-class-resource': (sf, ctx) => baseClassResource(sf, ctx),
  // Seventeenth session (26meta5): composite shapes real code combines.
  /** Every `fetch` through two helpers in two other modules, the outer one with `method = 'GET'` as a default parameter. */
  'two-level-get': (sf, ctx) => twoLevelGet(sf, ctx),
  /** The literal part of every call's options merged from an imported defaults object: `{ ...DEFAULTS, ...rest }`. */
  'defaults-spread': (sf, ctx) => defaultsMerge(sf, ctx, 'spread'),
  /** The same merged with `Object.assign({}, DEFAULTS, { ...rest })`. */
  'defaults-assign': (sf, ctx) => defaultsMerge(sf, ctx, 'assign'),
  /** Every absolute URL built by an imported helper whose base is a default parameter. */
  'url-default-param': (sf, ctx) => urlDefaultParam(sf, ctx),
  /** Every absolute URL's origin read from a nested property of an imported config object. */
  'config-nested': (sf, ctx) => configNested(sf, ctx),
  /** All four at once, as real code combines them: config origin, defaults merged, two helper levels with `method = 'GET'`. */
  composite: (sf, ctx) => {
    let changed = false;
    for (const step of ['config-nested', 'defaults-spread', 'two-level-get'] as const) changed = REWRITES[step](sf, ctx) || changed;
    return changed;
  },
  /**
   * Header objects that cannot change: `{ ... } as const` in TypeScript; in JavaScript `Object.freeze({ ... })` for
   * a `headers` object written in an HTTP call and for a `const` named like headers that the file never writes into.
   */
  'headers-frozen': (sf, ctx) => {
    const ts = /\.[cm]?tsx?$/.test(ctx.path);
    const text = sf.getFullText();
    const targets: import('ts-morph').ObjectLiteralExpression[] = [];
    for (const p of sf.getDescendantsOfKind(SyntaxKind.PropertyAssignment)) {
      const init = p.getInitializer();
      if (!init || !Node.isObjectLiteralExpression(init) || !/^['"]?headers['"]?$/i.test(p.getNameNode().getText())) continue;
      if (ts || httpCalls(sf).some((c) => c.getArguments().some((a) => a === p.getParent()))) targets.push(init);
    }
    for (const d of sf.getDescendantsOfKind(SyntaxKind.VariableDeclaration)) {
      const init = d.getInitializer();
      if (!init || !Node.isObjectLiteralExpression(init) || !Node.isIdentifier(d.getNameNode()) || !/headers?$/i.test(d.getName())) continue;
      if (d.getVariableStatement()?.getDeclarationKind() !== VariableDeclarationKind.Const) continue;
      const name = d.getName().replace(/\$/g, '\\$');
      // Written into (`h.x =`, `h[x] =`, `delete h.x`, `Object.assign(h, ...)`): freezing would change what it does.
      if (!ts && new RegExp(`(?:\\b${name}\\s*(?:\\.\\s*[\\w$]+|\\[[^\\]]*\\])\\s*(?:=[^=]|\\+=)|delete\\s+${name}\\b|assign\\(\\s*${name}\\b)`).test(text)) continue;
      targets.push(init);
    }
    if (!targets.length) return false;
    for (const o of targets.sort((a, b) => b.getStart() - a.getStart())) {
      if (o.wasForgotten()) continue;
      o.replaceWithText(ts ? `${o.getText()} as const` : `Object.freeze(${o.getText()})`);
    }
    return true;
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Running and comparing.

export function scan(cli: string, dir: string, files: string[]): ReportFinding[] | string {
  const r = spawnSync(process.execPath, [cli, ...files, '--before', '2099-12-31', '--format', 'json', '--no-progress', '--no-error-on-unmatched-pattern'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0 && r.status !== 1) return `exit ${r.status}: ${r.stderr.slice(0, 300)}`;
  const rep = JSON.parse(r.stdout) as { findings: ReportFinding[] };
  return rep.findings;
}

/**
 * Maps each old line to the new lines it became: itself when unchanged, the replacing hunk when changed. A line
 * whose text changed only in its indentation is unchanged (ts-morph re-indents a block it moves into a callback or
 * a helper: the same statement, not a new one).
 */
export function lineMap(before: string, after: string): Map<number, { from: number; to: number; changed: boolean }> {
  const out = new Map<number, { from: number; to: number; changed: boolean }>();
  let oldLine = 1;
  let newLine = 1;
  const parts = diffLines(before, after, { ignoreWhitespace: true });
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const n = p.count ?? 0;
    if (!p.added && !p.removed) {
      for (let k = 0; k < n; k++) out.set(oldLine + k, { from: newLine + k, to: newLine + k, changed: false });
      oldLine += n;
      newLine += n;
    } else if (p.removed) {
      const next = parts[i + 1];
      const added = next?.added ? (next.count ?? 0) : 0;
      for (let k = 0; k < n; k++) out.set(oldLine + k, { from: newLine, to: newLine + Math.max(0, added - 1), changed: true });
      oldLine += n;
      if (added) {
        newLine += added;
        i++;
      }
    } else newLine += n;
  }
  return out;
}

interface KindCounts {
  applicable: number;
  survived: number;
  newFP: number;
  files: number;
  errors: number;
  lost: string[];
}

export function moduleKindOf(path: string, text: string, repoRoot: string): ModuleKind {
  if (/\.[cm]?tsx?$/.test(path) || path.endsWith('.mjs')) return 'esm';
  if (path.endsWith('.cjs')) return 'cjs';
  if (/^\s*(import|export)\s/m.test(text)) return 'esm';
  if (/\brequire\s*\(|\bmodule\.exports\b/.test(text)) return 'cjs';
  // Nearest package.json's "type".
  for (let d = dirname(path); d.startsWith(repoRoot); d = dirname(d)) {
    const pj = join(d, 'package.json');
    if (existsSync(pj)) {
      try {
        return (JSON.parse(readFileSync(pj, 'utf8')) as { type?: string }).type === 'module' ? 'esm' : 'cjs';
      } catch {
        return 'cjs';
      }
    }
    if (d === repoRoot) break;
  }
  return 'cjs';
}

// `noLib`: the rewrites ask the checker only about names of the file (a global such as `fetch` then has no
// declaration, which the rewrites read as a global); loading the standard library made each file seconds slower.
export function rewriteFile(kind: string, abs: string, moduleKind: ModuleKind): { text: string; extra: Map<string, string> } | null {
  const project = new Project({ compilerOptions: { allowJs: true, checkJs: false, noEmit: true, noLib: true }, skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
  const sf = project.addSourceFileAtPath(abs);
  const ctx: RewriteContext = { path: abs, moduleKind, extra: new Map() };
  try {
    if (!REWRITES[kind](sf, ctx)) return null;
  } catch (e) {
    process.stderr.write(`  ${kind} failed on ${abs}: ${(e as Error).message.split('\n')[0]}\n`);
    return null;
  }
  return { text: sf.getFullText(), extra: ctx.extra };
}

export const SCANNABLE = /\.(?:[cm]?[jt]sx?)$/;
/** The CLI's default `--max-file-size` (2 MiB). */
export const MAX_SCANNED_BYTES = 2 * 1024 * 1024;

function main(): number {
  const args = process.argv.slice(2);
  const { opt, cli, kinds, verbose, sets } = rewriteOptions(args, Object.keys(REWRITES));
  if (sets.every((s) => !s.repos.length)) {
    console.log('metamorphic: no repositories (set COLLAB_MIGRATE_EVAL_REPOS / COLLAB_MIGRATE_HOLDOUT*_REPOS): skipped');
    return 0;
  }
  if (!existsSync(cli)) throw new Error(`no CLI at ${cli}: run npm run build first`);
  // `--cli-before <file>`: the same rewritten copies also scanned with a second CLI (the build before a change), so
  // one run gives survival before -> after on identical rewrites.
  const before = opt('--cli-before');
  const json = opt('--json');
  const newTotals = () => new Map<string, KindCounts>(kinds.map((k) => [k, { applicable: 0, survived: 0, newFP: 0, files: 0, errors: 0, lost: [] }]));
  const runs = [{ tag: 'after', cli, totals: newTotals(), baseFound: 0, baseAffected: 0, repos: 0 }];
  if (before) runs.unshift({ tag: 'before', cli: resolve(before), totals: newTotals(), baseFound: 0, baseAffected: 0, repos: 0 });
  const report = () => Object.fromEntries(runs.map((r) => [r.tag, { repos: r.repos, baseFound: r.baseFound, baseAffected: r.baseAffected, kinds: Object.fromEntries(r.totals) }]));
  const work = mkdtempSync(join(tmpdir(), 'collab-migrate-metamorphic-'));
  try {
    for (const set of sets) {
      if (!set.repos.length) continue;
      const truths = loadGroundTruths(set.dir);
      for (const repo of set.repos) {
        const gt: GroundTruth | undefined = truths.get(repo.name);
        if (!gt || !existsSync(repo.path)) continue;
        // A file larger than the CLI's default --max-file-size is reported unscanned, never analysed: rewriting it
        // measures nothing (and a 2 MB bundle took the rewrites most of an hour).
        const files = [...new Set(gt.occurrences.map((o) => o.file))].filter((f) => SCANNABLE.test(f) && existsSync(join(repo.path, f)) && statSync(join(repo.path, f)).size <= MAX_SCANNED_BYTES);
        if (!files.length) continue;
        // One copy per kind (and one as it is), all scanned by one run of the CLI: paths are `<kind>/<file>`.
        const top = join(work, `${basename(set.dir)}-${repo.name}`);
        const copyOf = (k: string) => join(top, k);
        cpSync(repo.path, copyOf('base'), { recursive: true, filter: (src) => !/[\\/](?:node_modules|\.git)$/.test(src) });
        const lines = (o: Occurrence) => [o.line, ...(o.alsoLines ?? [])];
        const affected = gt.occurrences.filter((o) => o.verdict === 'affected' && files.includes(o.file));
        const perKind = new Map<string, { originals: Set<string>; maps: Map<string, ReturnType<typeof lineMap>>; created: Map<string, string[]>; extraRel: string[] }>();
        const scanList = files.map((f) => `base/${f}`);
        for (const kind of kinds) {
          const copy = copyOf(kind);
          cpSync(copyOf('base'), copy, { recursive: true });
          const originals = new Set<string>();
          const extras = new Map<string, string>();
          const maps = new Map<string, ReturnType<typeof lineMap>>();
          const created = new Map<string, string[]>();
          for (const f of files) {
            const abs = join(copy, f);
            const text = readFileSync(abs, 'utf8');
            const out = rewriteFile(kind, abs, moduleKindOf(abs, text, copy));
            if (!out) continue;
            originals.add(f);
            writeFileSync(abs, out.text);
            maps.set(f, lineMap(text, out.text));
            const mine: string[] = [];
            for (const [p, body] of out.extra) {
              if (existsSync(p) && !extras.has(p)) continue; // never overwrite a file of the repository
              mkdirSync(dirname(p), { recursive: true });
              writeFileSync(p, extras.has(p) ? extras.get(p) + body : body);
              extras.set(p, extras.has(p) ? extras.get(p) + body : body);
              mine.push(relative(copy, p).split('\\').join('/'));
            }
            created.set(f, mine);
          }
          const extraRel = [...extras.keys()].map((p) => relative(copy, p).split('\\').join('/'));
          perKind.set(kind, { originals, maps, created, extraRel });
          if (originals.size) scanList.push(...files.map((f) => `${kind}/${f}`), ...extraRel.map((f) => `${kind}/${f}`));
        }
        for (const run of runs) {
          const totals = run.totals;
          const all = scan(run.cli, top, scanList);
          if (typeof all === 'string') {
            process.stderr.write(`${repo.name}: scan failed with ${run.tag}'s CLI (${all})\n`);
            for (const kind of kinds) totals.get(kind)!.errors++;
            continue;
          }
          const findingsOf = (k: string): ReportFinding[] =>
            all.filter((f) => f.file.startsWith(`${k}/`)).map((f) => ({ ...f, file: f.file.slice(k.length + 1) }));
          const base = findingsOf('base');
          const foundBefore = affected.filter((o) => base.some((f) => f.file === o.file && f.noticeId === o.notice && lines(o).includes(f.line)));
          run.baseAffected += affected.length;
          run.baseFound += foundBefore.length;
          run.repos++;
          for (const kind of kinds) {
            const t = totals.get(kind)!;
            const { originals, maps, created } = perKind.get(kind)!;
            if (!originals.size) continue;
            t.files += originals.size;
            const after = findingsOf(kind);
            const within = (f: ReportFinding, file: string, line: number) => {
              if (f.file !== file) return false;
              const m = maps.get(file)?.get(line);
              return m ? m.from <= f.line && f.line <= m.to : f.line === line;
            };
            const movedFrom = (f: ReportFinding, file: string, line: number) => (created.get(file) ?? []).includes(f.file) && (maps.get(file)?.get(line)?.changed ?? false);
            const matchesOcc = (f: ReportFinding, o: Occurrence) => f.noticeId === o.notice && lines(o).some((l) => within(f, o.file, l) || movedFrom(f, o.file, l));
            for (const o of foundBefore) {
              if (!originals.has(o.file)) continue;
              t.applicable++;
              if (after.some((f) => matchesOcc(f, o))) t.survived++;
              else t.lost.push(`${basename(set.dir)}/${repo.name} ${o.file}:${o.line} ${o.notice}`);
            }
            const isOldFinding = (f: ReportFinding) => base.some((b) => b.noticeId === f.noticeId && (within(f, b.file, b.line) || movedFrom(f, b.file, b.line)));
            const seen = new Set<string>();
            for (const f of after) {
              const k = `${f.file}\0${f.line}\0${f.noticeId}`;
              if (seen.has(k)) continue;
              seen.add(k);
              if (affected.some((o) => matchesOcc(f, o)) || isOldFinding(f)) continue;
              t.newFP++;
              t.lost.push(`  new finding ${basename(set.dir)}/${repo.name} ${f.file}:${f.line} ${f.noticeId}`);
            }
          }
        }
        if (json) writeFileSync(json, JSON.stringify(report(), null, 2));
        rmSync(top, { recursive: true, force: true });
        process.stderr.write(`${repo.name}: done\n`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const md = args.includes('--markdown');
  const head = ['rewrite', 'files rewritten', 'applicable', 'survived', 'survival', 'new FP', 'scan errors'];
  for (const run of runs) {
    const rows = [...run.totals].map(([k, c]) => [k, String(c.files), String(c.applicable), String(c.survived), c.applicable ? `${((100 * c.survived) / c.applicable).toFixed(1)}%` : '-', String(c.newFP), String(c.errors)]);
    if (runs.length > 1) console.log(`\n${run.tag}: ${run.cli}`);
    console.log(`baseline: ${run.baseFound} of ${run.baseAffected} affected occurrences found in the scanned files`);
    if (md) {
      console.log(`| ${head.join(' | ')} |\n|${head.map((_, i) => (i ? '---:' : '---')).join('|')}|`);
      for (const r of rows) console.log(`| ${r.join(' | ')} |`);
    } else for (const r of [head, ...rows]) console.log(r.map((v, i) => (i ? v.padStart(12) : v.padEnd(20))).join(''));
    if (verbose) for (const [k, c] of run.totals) for (const l of c.lost) console.log(`${k}: ${l}`);
  }
  if (json) writeFileSync(json, JSON.stringify(report(), null, 2));
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
