/**
 * Metamorphic testing of the evaluation sets' own occurrences (thirty-first session, `npm run metamorph-occurrences`).
 *
 * For each affected occurrence of the ground truths (the tuned set and every hold-out set whose variable is given, as
 * `npm run eval` reads them; nothing to do, and exit 0, without them) whose evidence is a request in JavaScript or
 * TypeScript (its line lies in an HTTP call `fetch(...)`, `axios.x(...)`, `request(...)`, ... or in a same-file
 * variable such a call's arguments name), the code around that call is rewritten, ONE transformation at a time, on a
 * copy of the repository (the originals are never written; every call of a file that holds an occurrence is
 * rewritten in the same copy, files of a repository in the same copy):
 *
 * - `T1-origin-constant`: the URL's origin (`https://host`) moved to an exported constant of a new module, imported;
 * - `T2-wrapper-module`: the call made by a wrapper function of a new module (`metamorphic.ts`'s `helper-module`);
 * - `T2b-two-wrappers`: two such layers, each in a module of its own;
 * - `T3-options-const`: the options object literal moved into a `const` just before the statement;
 * - `T3b-defaults-spread`: the options' literal properties moved into a defaults object of a new module, spread in
 *   (`{ ...DEFAULTS, headers }`; `metamorphic.ts`'s `defaults-spread`);
 * - `T4-base-class`: the call made by `request(url, opts)` of a base class of a new module, reached through a
 *   subclass's method (`new MetaApi().send(url, opts)` -> `this.request(url, opts)`);
 * - `T5-sender-default`: the call made through a sender parameter with a default (`function api0(a0, a1, send =
 *   fetch)`; `metamorphic.ts`'s `param-default`).
 *
 * Each copy is scanned by the CLI (one run per repository covers the unchanged copy and every transformation's).
 * An occurrence counts when the engine finds it in the unchanged copy and the transformation changed its request
 * (`applied`; a request the transformation cannot apply to is counted as skipped). It is then *at the expected place*
 * when a finding of its notice is on the line the evidence went to (docs/evaluation.md, "Where a finding is
 * expected"): the occurrence's lines mapped through a line diff when the evidence stays in the call; the line in the
 * new module or `const` when the transformation moved the evidence there (T1: the origin, when the ground truth's
 * token is in it; T3: the options); the call for evidence moved into imported defaults (T3b, the convention for
 * imported defaults); for `cors-localhost-origins` also the wrapper's call (the browser `fetch` of a wrapper).
 * *Elsewhere*: a new finding of the notice in the file or the new modules, but not there. *Lost*: none. *New FP*: a
 * new finding no occurrence accounts for and no finding of the unchanged copy maps to.
 *
 * Options: --kinds a,b, --cli <file>, --json <file>, --verbose (every loss, elsewhere and new finding), --markdown.
 */
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Node, Project, SyntaxKind, type CallExpression, type SourceFile, type Statement, type StatementedNode } from 'ts-morph';
import type { Occurrence, ReportFinding } from './evaluate.js';
import {
  MAX_SCANNED_BYTES,
  REWRITES,
  SCANNABLE,
  addModule,
  callFilter,
  escapeTemplate,
  httpCalls,
  insertImport,
  isModule,
  isRequireStatement,
  lineMap,
  moduleExt,
  moduleKindOf,
  perCallee,
  rootDeclaration,
  scan,
  specifier,
  stemOf,
  type ModuleKind,
  type RewriteContext,
} from './metamorphic.js';
import { rewriteOptions, truthRepos } from './rewrite-options.js';

/** Evidence a transformation moved out of the call, and where to (1-based lines). */
export interface Moved {
  /** Old lines of the moved text. */
  from: number;
  to: number;
  /** Absolute path of the file it went to. */
  file: string;
  /** New line of the moved text's first line (read after every edit). */
  line: () => number;
  /** The moved text (an origin, an options object). */
  text: string;
}

export interface OccurrenceContext extends RewriteContext {
  moved: Moved[];
}

export type OccurrenceRewrite = (sf: SourceFile, ctx: OccurrenceContext) => boolean;

/** Whether a call's own text spans a line. */
const spans = (c: CallExpression, line: number) => c.getStartLineNumber() <= line && line <= c.getEndLineNumber();

/** Whether a call's arguments name a same-file variable declared on a line. */
function namesLine(c: CallExpression, line: number): boolean {
  for (const a of c.getArguments()) {
    const ids = Node.isIdentifier(a) ? [a] : a.getDescendantsOfKind(SyntaxKind.Identifier);
    for (const id of ids) {
      const p = id.getParent();
      // `{ headers }` names the variable `headers`, not only the property.
      const symbol = Node.isShorthandPropertyAssignment(p) && p.getNameNode() === id ? p.getValueSymbol() : id.getSymbol();
      for (const d of symbol?.getDeclarations() ?? []) {
        if (d.getSourceFile() !== c.getSourceFile() || !Node.isVariableDeclaration(d)) continue;
        if (d.getStartLineNumber() <= line && line <= d.getEndLineNumber()) return true;
      }
    }
  }
  return false;
}

/**
 * For each line, the requests that hold it: the innermost HTTP call whose text spans it, else every HTTP call whose
 * arguments name a same-file variable declared there (a shared `headers` object: each request that sends it). Lines
 * no call holds are left out.
 */
export function requestsOf(sf: SourceFile, lines: readonly number[]): Map<number, CallExpression[]> {
  const calls = httpCalls(sf);
  const out = new Map<number, CallExpression[]>();
  for (const line of lines) {
    const holding = calls.filter((c) => spans(c, line));
    if (holding.length) {
      holding.sort((a, b) => a.getEnd() - a.getStart() - (b.getEnd() - b.getStart()));
      out.set(line, [holding[0]]);
      continue;
    }
    const naming = calls.filter((c) => namesLine(c, line));
    if (naming.length) out.set(line, naming);
  }
  return out;
}

/** The leftmost string piece of a URL expression (`'https://h/p' + x`, `` `https://h/${x}` ``), through a same-file `const`. */
function urlHead(e: Node | undefined, depth = 0): Node | undefined {
  if (!e || depth > 3) return undefined;
  if (Node.isStringLiteral(e) || Node.isNoSubstitutionTemplateLiteral(e) || Node.isTemplateExpression(e)) return e;
  if (Node.isParenthesizedExpression(e)) return urlHead(e.getExpression(), depth + 1);
  if (Node.isBinaryExpression(e) && e.getOperatorToken().getKind() === SyntaxKind.PlusToken) return urlHead(e.getLeft(), depth + 1);
  if (Node.isIdentifier(e)) {
    const d = e.getSymbol()?.getDeclarations()[0];
    if (d && d.getSourceFile() === e.getSourceFile() && Node.isVariableDeclaration(d) && d.getVariableStatement()?.getDeclarationKind() === 'const') return urlHead(d.getInitializer(), depth + 1);
  }
  return undefined;
}

const ORIGIN = /^(https?:\/\/[A-Za-z0-9.-]+(?::\d+)?)(?=[/?#]|$)/;

/** T1: the origin of each request's URL moved to an exported constant of a new module, imported (one per origin). */
const originConstant: OccurrenceRewrite = (sf, ctx) => {
  if (!isModule(sf, ctx)) return false;
  const stem = stemOf(ctx.path);
  const names = new Map<string, string>();
  const done = new Set<Node>();
  const edits: { node: Node; origin: string; text: string; from: number; to: number }[] = [];
  for (const c of httpCalls(sf)) {
    const head = urlHead(c.getArguments()[0]);
    if (!head || done.has(head)) continue;
    done.add(head);
    let origin: string | undefined;
    let text: string;
    const name = () => names.get(origin!) ?? (names.set(origin!, `META_ORIGIN_${stem}_${names.size}`), names.get(origin!)!);
    if (Node.isTemplateExpression(head)) {
      const raw = head.getHead().getText().slice(1);
      origin = ORIGIN.exec(raw)?.[1];
      if (!origin) continue;
      text = '`${' + name() + '}' + head.getText().slice(1 + origin.length);
    } else {
      const value = (head as import('ts-morph').StringLiteral).getLiteralValue();
      origin = ORIGIN.exec(value)?.[1];
      if (!origin) continue;
      text = '`${' + name() + '}' + escapeTemplate(value.slice(origin.length)) + '`';
    }
    edits.push({ node: head, origin, text, from: head.getStartLineNumber(), to: head.getEndLineNumber() });
  }
  if (!edits.length) return false;
  for (const e of edits.sort((a, b) => b.node.getStart() - a.node.getStart())) e.node.replaceWithText(e.text);
  const target = join(dirname(ctx.path), `meta-origin-${stem}${moduleExt(ctx.path)}`);
  const list = [...names];
  addModule(sf, ctx, target, list.map(([origin, n]) => `const ${n} = '${origin}';`), list.map(([, n]) => n));
  for (const e of edits) {
    const at = 1 + 2 * list.findIndex(([o]) => o === e.origin);
    ctx.moved.push({ from: e.from, to: e.to, file: target, line: () => at, text: e.origin });
  }
  return true;
};

/** T2b: each call made by a wrapper of a new module that calls a wrapper of another new module that makes it. */
const twoWrappers: OccurrenceRewrite = (sf, ctx) => {
  if (!isModule(sf, ctx)) return false;
  const calls = httpCalls(sf).filter((c) => rootDeclaration(c) !== null);
  if (!calls.length) return false;
  const stem = stemOf(ctx.path);
  const ext = moduleExt(ctx.path);
  const inner = join(dirname(ctx.path), `meta-send-${stem}${ext}`);
  const outer = join(dirname(ctx.path), `meta-request-${stem}${ext}`);
  const list = perCallee(
    calls,
    (c, callee, params, i) => ({ send: `metaSend_${stem}_${i}`, request: `metaRequest_${stem}_${i}`, callee, params: params.join(', '), needs: rootDeclaration(c) ?? '' }),
    (c, h) => c.getExpression().replaceWithText(h.request),
  );
  const esm = ctx.moduleKind === 'esm';
  const needs = [...new Set(list.map((h) => h.needs).filter(Boolean))].join('\n');
  const sends = list.map((h) => `function ${h.send}(${h.params}) {\n  return ${h.callee}(${h.params});\n}`);
  const requests = list.map((h) => `function ${h.request}(${h.params}) {\n  return ${h.send}(${h.params});\n}`);
  const exportAll = (defs: string[], names: string[]) => (esm ? defs.map((d) => `export ${d}`).join('\n\n') : `${defs.join('\n\n')}\n\nmodule.exports = { ${names.join(', ')} };`);
  const sendNames = list.map((h) => h.send);
  const requestNames = list.map((h) => h.request);
  ctx.extra.set(inner, `${needs ? `${needs}\n\n` : ''}${exportAll(sends, sendNames)}\n`);
  const innerSpec = specifier(outer, inner);
  const importInner = esm ? `import { ${sendNames.join(', ')} } from '${innerSpec}';` : `const { ${sendNames.join(', ')} } = require('${innerSpec}');`;
  ctx.extra.set(outer, `${importInner}\n\n${exportAll(requests, requestNames)}\n`);
  const spec = specifier(ctx.path, outer);
  if (esm) insertImport(sf, `import { ${requestNames.join(', ')} } from '${spec}';`);
  else sf.insertStatements(0, `const { ${requestNames.join(', ')} } = require('${spec}');`);
  return true;
};

/**
 * The statement a call's value flows out of with nothing else evaluated first: the call is its expression, the
 * initializer of its only declaration or its returned value, through `await`, parentheses and `.then(...)` chains.
 */
function ownStatement(c: CallExpression): Statement | undefined {
  let n: Node = c;
  for (;;) {
    const p = n.getParent();
    if (!p) return undefined;
    if (Node.isAwaitExpression(p) || Node.isParenthesizedExpression(p)) n = p;
    else if (Node.isPropertyAccessExpression(p) && p.getExpression() === n) {
      const call = p.getParent();
      if (!Node.isCallExpression(call) || call.getExpression() !== p) return undefined;
      n = call;
    } else if (Node.isVariableDeclaration(p) && p.getInitializer() === n) {
      const list = p.getParent();
      if (!Node.isVariableDeclarationList(list) || list.getDeclarations().length !== 1) return undefined;
      n = list.getParent();
    }
    else if (Node.isExpressionStatement(p) || Node.isReturnStatement(p)) return p;
    else if (Node.isVariableStatement(n)) return n;
    else return undefined;
  }
}

/** T3: each request's options object literal moved into a `const` declared just before the request's statement. */
const optionsConst: OccurrenceRewrite = (sf, ctx) => {
  let k = 0;
  const taken = new Set(sf.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
  for (const c of httpCalls(sf).sort((a, b) => b.getStart() - a.getStart())) {
    if (c.wasForgotten()) continue;
    const obj = c.getArguments().find((a) => Node.isObjectLiteralExpression(a));
    const stmt = ownStatement(c);
    const holder = stmt?.getParent();
    if (!obj || !stmt || !holder || !(Node.isBlock(holder) || Node.isSourceFile(holder) || Node.isCaseClause(holder))) continue;
    let name = `metaOptions${k++}`;
    while (taken.has(name)) name = `metaOptions${k++}`;
    taken.add(name);
    const from = obj.getStartLineNumber();
    const to = obj.getEndLineNumber();
    const text = obj.getText();
    obj.replaceWithText(name);
    const [decl] = (holder as unknown as StatementedNode).insertStatements(stmt.getChildIndex(), `const ${name} = ${text};`);
    ctx.moved.push({ from, to, file: ctx.path, line: () => decl.getStartLineNumber(), text });
  }
  return ctx.moved.length > 0;
};

/**
 * T4: each call made by `request(url, opts)` (`request1`, ... for other callees) of a base class in a new module,
 * reached through a method of a subclass declared in the file: `new MetaApi_x().send0(url, opts)`.
 */
const baseClass: OccurrenceRewrite = (sf, ctx) => {
  if (!isModule(sf, ctx)) return false;
  const calls = httpCalls(sf).filter((c) => rootDeclaration(c) !== null);
  if (!calls.length) return false;
  const stem = stemOf(ctx.path);
  const base = `MetaBase_${stem}`;
  const sub = `MetaApi_${stem}`;
  const list = perCallee(
    calls,
    (c, callee, params, i) => ({ request: i ? `request${i}` : 'request', send: `send${i}`, callee, params: params.join(', '), needs: rootDeclaration(c) ?? '' }),
    (c, h) => c.replaceWithText(`new ${sub}().${h.send}(${c.getArguments().map((a) => a.getText()).join(', ')})`),
  );
  const esm = ctx.moduleKind === 'esm';
  const needs = [...new Set(list.map((h) => h.needs).filter(Boolean))].join('\n');
  const baseDef = `class ${base} {\n${list.map((h) => `  ${h.request}(${h.params}) {\n    return ${h.callee}(${h.params});\n  }`).join('\n\n')}\n}`;
  const target = join(dirname(ctx.path), `meta-base-${stem}${moduleExt(ctx.path)}`);
  ctx.extra.set(target, `${needs ? `${needs}\n\n` : ''}${esm ? `export ${baseDef}` : `${baseDef}\n\nmodule.exports = { ${base} };`}\n`);
  const subDef = `class ${sub} extends ${base} {\n${list.map((h) => `  ${h.send}(${h.params}) {\n    return this.${h.request}(${h.params});\n  }`).join('\n\n')}\n}`;
  const spec = specifier(ctx.path, target);
  const imp = esm ? `import { ${base} } from '${spec}';` : `const { ${base} } = require('${spec}');`;
  // A class is not hoisted: it goes after the imports and requires, before the first statement that could call it.
  const first = sf.getStatements().findIndex((s) => !Node.isImportDeclaration(s) && !isRequireStatement(s));
  sf.insertStatements(first < 0 ? sf.getStatements().length : first, `${imp}\n${subDef}`);
  return true;
};

const reuse = (kind: string): OccurrenceRewrite => (sf, ctx) => REWRITES[kind](sf, ctx);

export const OCCURRENCE_REWRITES: Record<string, OccurrenceRewrite> = {
  'T1-origin-constant': originConstant,
  'T2-wrapper-module': reuse('helper-module'),
  'T2b-two-wrappers': twoWrappers,
  'T3-options-const': optionsConst,
  'T3b-defaults-spread': reuse('defaults-spread'),
  'T4-base-class': baseClass,
  'T5-sender-default': reuse('param-default'),
};

/** The result of one transformation of one file: its new text, the modules it created, what it moved, what it reached. */
export interface OccurrenceRewriteResult {
  text: string;
  extra: Map<string, string>;
  moved: Moved[];
  /**
   * Old line -> new line, for each line whose first node the rewrite kept (the node read again after every edit): a
   * line diff cannot follow text that moved (an options object taken out of its call aligns its lines, not the call's).
   */
  lines: Map<number, number>;
  /** Each given line the file's requests hold -> the old first and last lines of the requests that hold it. */
  requests: Map<number, { from: number; to: number }[]>;
}

/**
 * Applies one transformation to the requests of a file that hold the given lines (and to no other call); null when it
 * changed nothing, or when the result does not parse (`parseErrors`: no more complaints than the original, none in a
 * new module).
 */
export function rewriteRequests(kind: string, abs: string, text: string, moduleKind: ModuleKind, lines: readonly number[]): OccurrenceRewriteResult | null {
  const project = new Project({ compilerOptions: { allowJs: true, checkJs: false, noEmit: true, noLib: true }, skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
  const sf = project.createSourceFile(abs, text, { overwrite: true });
  const held = requestsOf(sf, lines);
  if (!held.size) return null;
  const requests = new Map([...held].map(([l, cs]) => [l, cs.map((c) => ({ from: c.getStartLineNumber(), to: c.getEndLineNumber() }))]));
  const chosen = new Set([...held.values()].flat());
  const anchors = lineAnchors(sf);
  callFilter.set(sf, (c) => chosen.has(c));
  const ctx: OccurrenceContext = { path: abs, moduleKind, extra: new Map(), moved: [] };
  try {
    if (!OCCURRENCE_REWRITES[kind](sf, ctx)) return null;
  } catch (e) {
    process.stderr.write(`  ${kind} failed on ${abs}: ${(e as Error).message.split('\n')[0]}\n`);
    return null;
  }
  const kept = new Map<number, number>();
  for (const [line, node] of anchors) if (!node.wasForgotten()) kept.set(line, node.getStartLineNumber());
  const moved = ctx.moved.map((m) => {
    const line = m.line();
    return { ...m, line: () => line };
  });
  const out = sf.getFullText();
  // A file the parser already complains about (a script that is not quite JavaScript) may keep its complaints, no more.
  if (parseErrors(abs, out) > parseErrors(abs, text) || [...ctx.extra].some(([p, t]) => parseErrors(p, t) > 0)) {
    process.stderr.write(`  ${kind}: the rewrite of ${abs} does not parse: not used\n`);
    return null;
  }
  return { text: out, extra: ctx.extra, moved, requests, lines: kept };
}

/** For each line that holds code, the largest node that starts at its first character (a statement, a property). */
function lineAnchors(sf: SourceFile): Map<number, Node> {
  const out = new Map<number, Node>();
  const text = sf.getFullText();
  let pos = 0;
  for (let line = 1; pos <= text.length; line++) {
    const end = text.indexOf('\n', pos);
    const stop = end < 0 ? text.length : end;
    let first = pos;
    while (first < stop && (text[first] === ' ' || text[first] === '\t' || text[first] === '\r')) first++;
    if (first < stop) {
      let node: Node | undefined = sf.getDescendantAtPos(first);
      if (node && node.getStart() === first) {
        while (node.getParent() && !Node.isSourceFile(node.getParent()!) && node.getParent()!.getStart() === first) node = node.getParent()!;
        out.set(line, node);
      }
    }
    if (end < 0) break;
    pos = end + 1;
  }
  return out;
}

/** The parser's own complaints (syntax, not types) about a text read as the file kind its path names. */
export function parseErrors(path: string, text: string): number {
  const project = new Project({ compilerOptions: { allowJs: true, noLib: true }, useInMemoryFileSystem: true });
  const sf = project.createSourceFile(`/x/${basename(path)}`, text);
  return (sf.compilerNode as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length;
}

// ---------------------------------------------------------------------------------------------------------------

/** Notices whose evidence is a host written in a literal: where the literal goes, the finding goes. */
const HOST_NOTICES = new Set(['legacy-api-host', 'call-history-regional-hosts']);

/** Notices whose evidence is the call itself in browser code: a wrapper's call is where its finding is expected. */
const AT_THE_CALL = new Set(['cors-localhost-origins']);

interface Row {
  request: number;
  applied: number;
  skipped: number;
  expected: number;
  elsewhere: number;
  lost: number;
}
const emptyRow = (): Row => ({ request: 0, applied: 0, skipped: 0, expected: 0, elsewhere: 0, lost: 0 });

/**
 * A copy of a folder made of hard links (no file is written: a rewritten file is unlinked first, `replaceFile`), without
 * `node_modules` and `.git`, as `scripts/metamorphic.ts` copies. Links cost no data: a repository's eight copies
 * (as it is and one per transformation) are made in milliseconds.
 */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const e of readdirSync(from, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === '.git') continue;
    const a = join(from, e.name);
    const b = join(to, e.name);
    if (e.isDirectory()) linkTree(a, b);
    else if (e.isFile()) linkSync(a, b);
  }
}

/** Writes a file of a linked copy: the link is removed first, so the file it shared (the original) is never written. */
function replaceFile(path: string, text: string): void {
  rmSync(path, { force: true });
  writeFileSync(path, text);
}

function main(): number {
  const args = process.argv.slice(2);
  const { cli, kinds, verbose, json, sets } = rewriteOptions(args, Object.keys(OCCURRENCE_REWRITES));
  if (sets.every((s) => !s.repos.length)) {
    console.log('metamorph-occurrences: no repositories (set COLLAB_MIGRATE_EVAL_REPOS / COLLAB_MIGRATE_HOLDOUT*_REPOS): skipped');
    return 0;
  }
  if (!existsSync(cli)) throw new Error(`no CLI at ${cli}: run npm run build first`);
  // kind -> notice -> row; kind -> new findings; the notes of --verbose.
  const table = new Map<string, Map<string, Row>>(kinds.map((k) => [k, new Map()]));
  const newFP = new Map<string, number>(kinds.map((k) => [k, 0]));
  const notes: string[] = [];
  let baseAffected = 0;
  let shapedTotal = 0;
  let requestShaped = 0;
  const rowOf = (k: string, n: string) => table.get(k)!.get(n) ?? (table.get(k)!.set(n, emptyRow()), table.get(k)!.get(n)!);
  const work = mkdtempSync(join(tmpdir(), 'collab-migrate-metamorph-occ-'));
  const report = () => ({ baseAffected, shapedTotal, requestShaped, kinds: Object.fromEntries([...table].map(([k, m]) => [k, { newFP: newFP.get(k), notices: Object.fromEntries(m) }])), notes });
  try {
    for (const { dir, name, path, gt } of truthRepos(sets)) {
      const affected = gt.occurrences.filter((o) => o.verdict === 'affected' && SCANNABLE.test(o.file) && existsSync(join(path, o.file)) && statSync(join(path, o.file)).size <= MAX_SCANNED_BYTES);
      const lines = (o: Occurrence) => [o.line, ...(o.alsoLines ?? [])];
      // Request-shaped: held by a request of the unchanged file (read from the original, never written).
      const shaped = new Set<Occurrence>();
      {
        const project = new Project({ compilerOptions: { allowJs: true, noLib: true }, skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
        for (const f of new Set(affected.map((o) => o.file))) {
          const sf = project.createSourceFile(join('/metamorph', f), readFileSync(join(path, f), 'utf8'), { overwrite: true });
          const held = requestsOf(sf, affected.filter((o) => o.file === f).flatMap(lines));
          for (const o of affected) if (o.file === f && lines(o).some((l) => held.has(l))) shaped.add(o);
        }
      }
      baseAffected += affected.length;
      shapedTotal += shaped.size;
      const files = [...new Set([...shaped].map((o) => o.file))];
      if (!files.length) continue;
      const top = join(work, `${basename(dir)}-${name}`);
      linkTree(path, join(top, 'base'));
      const scanList = files.map((f) => `base/${f}`);
      const perKind = new Map<string, Map<string, OccurrenceRewriteResult & { map: ReturnType<typeof lineMap>; created: string[] }>>();
      for (const kind of kinds) {
        const copy = join(top, kind);
        linkTree(join(top, 'base'), copy);
        const results = new Map<string, OccurrenceRewriteResult & { map: ReturnType<typeof lineMap>; created: string[] }>();
        for (const f of files) {
          const abs = join(copy, f);
          const text = readFileSync(abs, 'utf8');
          const r = rewriteRequests(kind, abs, text, moduleKindOf(abs, text, copy), affected.filter((o) => o.file === f).flatMap(lines));
          if (!r) continue;
          const created: string[] = [];
          for (const [p, body] of r.extra) {
            if (existsSync(p)) continue; // never overwrite a file of the repository
            mkdirSync(dirname(p), { recursive: true });
            writeFileSync(p, body);
            created.push(relative(copy, p).split('\\').join('/'));
          }
          if (created.length < r.extra.size) continue; // a module name the repository already uses: not applied
          replaceFile(abs, r.text);
          results.set(f, { ...r, map: lineMap(text, r.text), created });
          scanList.push(`${kind}/${f}`, ...created.map((c) => `${kind}/${c}`));
        }
        perKind.set(kind, results);
      }
      const all = scan(cli, top, scanList);
      if (typeof all === 'string') {
        process.stderr.write(`${name}: scan failed (${all})\n`);
        notes.push(`scan failed: ${basename(dir)}/${name}`);
        rmSync(top, { recursive: true, force: true });
        continue;
      }
      const findingsOf = (k: string) => all.filter((f) => f.file.startsWith(`${k}/`)).map((f) => ({ ...f, file: f.file.slice(k.length + 1) }));
      const base = findingsOf('base');
      const foundBefore = affected.filter((o) => base.some((f) => f.file === o.file && f.noticeId === o.notice && lines(o).includes(f.line)));
      requestShaped += [...shaped].filter((o) => foundBefore.includes(o)).length;
      const where = `${basename(dir)}/${name}`;
      for (const kind of kinds) {
        const results = perKind.get(kind)!;
        const after = findingsOf(kind);
        const used = new Set<ReportFinding>();
        const mapped = (file: string, line: number) => {
          const kept = results.get(file)?.lines.get(line);
          if (kept !== undefined) return { from: kept, to: kept };
          const m = results.get(file)?.map.get(line);
          return m ? { from: m.from, to: m.to } : { from: line, to: line };
        };
        const inRange = (f: ReportFinding, file: string, r: { from: number; to: number }) => f.file === file && r.from <= f.line && f.line <= r.to;
        // A finding of the unchanged copy, mapped: not new.
        const isOld = (f: ReportFinding) => base.some((b) => b.noticeId === f.noticeId && inRange(f, b.file, mapped(b.file, b.line)));
        for (const o of foundBefore) {
          if (!shaped.has(o)) continue;
          const row = rowOf(kind, o.notice);
          row.request++;
          const r = results.get(o.file);
          const reqs = r ? lines(o).flatMap((l) => r.requests.get(l) ?? []) : [];
          const changed = (a: number, b: number) => {
            for (let l = a; l <= b; l++) if (r?.map.get(l)?.changed) return true;
            return false;
          };
          if (!r || !reqs.length || !(reqs.some((q) => changed(q.from, q.to)) || lines(o).some((l) => changed(l, l)) || r.moved.some((m) => lines(o).some((l) => m.from <= l && l <= m.to)))) {
            row.skipped++;
            continue;
          }
          row.applied++;
          const ofNotice = after.filter((f) => f.noticeId === o.notice);
          const created = new Set(r.created);
          const rel = (abs: string) => relative(join(top, kind), abs).split('\\').join('/');
          const expected = (f: ReportFinding): boolean => {
            for (const l of lines(o)) {
              const site = inRange(f, o.file, mapped(o.file, l));
              const m = r.moved.find((x) => x.from <= l && l <= x.to);
              if (!m) {
                if (site) return true;
              } else if (rel(m.file) !== o.file) {
                // An origin moved to a module (T1): a host's finding goes with it; any other evidence stays.
                if (site || (HOST_NOTICES.has(o.notice) && f.file === rel(m.file) && f.line === m.line())) return true;
              } else {
                // Options moved into a const (T3): the evidence goes with them; an object that is the evidence as a
                // whole (a body: the occurrence on its first line) is also where the request now names it.
                if (f.file === o.file && f.line === m.line() + (l - m.from)) return true;
                if (l === m.from && site) return true;
              }
            }
            // A host written in a literal that moved into a new module (T3b's defaults) is reported where it went.
            if (HOST_NOTICES.has(o.notice) && created.has(f.file) && o.token) {
              const written = [...r.extra].find(([p]) => rel(p) === f.file)?.[1].split('\n')[f.line - 1]?.toLowerCase() ?? '';
              const host = /[a-z0-9-]+(?:\.[a-z0-9-]+)+\.[a-z]{2,}/i.exec(o.token)?.[0].toLowerCase();
              if (written.includes(o.token.toLowerCase()) || (host && written.includes(host))) return true;
            }
            // Evidence moved into imported defaults (T3b) is reported at the call.
            if (kind === 'T3b-defaults-spread' && reqs.some((q) => inRange(f, o.file, { from: mapped(o.file, q.from).from, to: mapped(o.file, q.to).to }))) return true;
            if (AT_THE_CALL.has(o.notice)) {
              if (created.has(f.file)) return true;
              const m = f.file === o.file ? [...r.map.values()].every((x) => x.from > f.line || x.to < f.line) : false;
              if (m) return true; // a line the rewrite added to the file (a same-file wrapper)
            }
            return false;
          };
          const hit = ofNotice.find(expected);
          if (hit) {
            row.expected++;
            used.add(hit);
            continue;
          }
          const other = ofNotice.find((f) => (f.file === o.file || created.has(f.file)) && !isOld(f));
          if (other) {
            row.elsewhere++;
            used.add(other);
            notes.push(`${kind}: elsewhere ${where} ${o.file}:${o.line} ${o.notice} -> ${other.file}:${other.line}`);
          } else {
            row.lost++;
            notes.push(`${kind}: lost ${where} ${o.file}:${o.line} ${o.notice}`);
          }
        }
        const seen = new Set<string>();
        for (const f of after) {
          const key = `${f.file}\0${f.line}\0${f.noticeId}`;
          if (seen.has(key) || used.has(f)) continue;
          seen.add(key);
          if (isOld(f)) continue;
          // A second finding of an occurrence already counted (its wrapper and its call), or an occurrence not
          // found before: not a false positive of the rewrite.
          if (affected.some((o) => o.notice === f.noticeId && (o.file === f.file || results.get(o.file)?.created.includes(f.file)))) continue;
          newFP.set(kind, newFP.get(kind)! + 1);
          notes.push(`${kind}: new finding ${where} ${f.file}:${f.line} ${f.noticeId}`);
        }
      }
      if (json) writeFileSync(json, JSON.stringify(report(), null, 2));
      rmSync(top, { recursive: true, force: true });
      process.stderr.write(`${where}: done\n`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`baseline: ${baseAffected} affected occurrences in JS/TS files, ${shapedTotal} of them held by a request, ${requestShaped} of those found unchanged`);
  const head = ['transformation', 'notice', 'request', 'applied', 'skipped', 'expected place', 'elsewhere', 'lost'];
  const rows: string[][] = [];
  for (const [kind, m] of table) {
    const total = emptyRow();
    for (const [notice, r] of [...m].sort(([a], [b]) => a.localeCompare(b))) {
      for (const key of Object.keys(total) as (keyof Row)[]) total[key] += r[key];
      if (r.applied) rows.push([kind, notice, ...(['request', 'applied', 'skipped', 'expected', 'elsewhere', 'lost'] as const).map((k) => String(r[k]))]);
    }
    rows.push([kind, `**all** (new FP ${newFP.get(kind)})`, ...(['request', 'applied', 'skipped', 'expected', 'elsewhere', 'lost'] as const).map((k) => String(total[k]))]);
  }
  if (args.includes('--markdown')) {
    console.log(`| ${head.join(' | ')} |\n|${head.map((_, i) => (i > 1 ? '---:' : '---')).join('|')}|`);
    for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  } else for (const r of [head, ...rows]) console.log(r.map((v, i) => (i < 2 ? v.padEnd(i ? 34 : 22) : v.padStart(10))).join(''));
  if (verbose) for (const n of notes) console.log(n);
  if (json) writeFileSync(json, JSON.stringify(report(), null, 2));
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
