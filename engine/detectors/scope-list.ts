/**
 * `scope-list`: OAuth scope strings checked against the catalog's known scopes. Scopes are found in `scope`
 * parameters (object keys and variables named `scope`/`scopes`/`*Scopes`, `URLSearchParams#set/append`,
 * `scope=` in query strings), followed through arrays, `.join()`, `encodeURIComponent()`, templates,
 * concatenation and local constants; a list may be space-, `+`-, `%20`- or comma-joined and URL-encoded.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, memberName, propertyKeyName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, DetectorContext, RawMatch } from './detector.js';
import type { ScopeListDetection } from '../types.js';
import { resolveLocal } from './auth-support.js';
import { nearest } from '../catalog/did-you-mean.js';
import { PLAIN_ASSIGNMENT, TO_KEY_OR_TARGET_END } from '../prefilter/gates.js';

const SCOPE_NAME = /^(scopes?|[A-Za-z0-9_]*[a-z0-9_]Scopes?|[A-Za-z0-9_]*_SCOPES?|SCOPES?)$/;
const WELL_FORMED = /^[A-Za-z][\w.-]*:[\w.:-]+$/;

/** A piece of source text that holds one scope. */
interface Piece {
  range: [number, number];
  raw: string;
}

/** Splits a run of raw source text into scope pieces; pieces touching an open end (an expression) are partial and skipped. */
function splitPieces(raw: string, start: number, openLeft: boolean, openRight: boolean): Piece[] {
  const out: Piece[] = [];
  const sep = /\s+|\+|%20|,/gi;
  let last = 0;
  const push = (from: number, to: number, first: boolean, end: boolean): void => {
    if (to <= from) return;
    if ((first && openLeft) || (end && openRight)) return;
    out.push({ range: [start + from, start + to], raw: raw.slice(from, to) });
  };
  let m: RegExpExecArray | null;
  let first = true;
  while ((m = sep.exec(raw))) {
    push(last, m.index, first, false);
    first = false;
    last = m.index + m[0].length;
  }
  push(last, raw.length, first, true);
  return out;
}

/** The raw text runs of a string node: a literal's content, or each quasi of a template with open ends. */
function runs(file: FileContext, node: TSESTree.Literal | TSESTree.TemplateLiteral): Array<{ start: number; raw: string; openLeft: boolean; openRight: boolean }> {
  if (node.type === 'Literal') return [{ start: node.range[0] + 1, raw: file.text.slice(node.range[0] + 1, node.range[1] - 1), openLeft: false, openRight: false }];
  return node.quasis.map((q, i) => {
    const start = q.range[0] + 1;
    const end = q.range[1] - (q.tail ? 1 : 2);
    return { start, raw: file.text.slice(start, end), openLeft: i > 0, openRight: !q.tail };
  });
}

const familySets = new WeakMap<ReadonlySet<string>, ReadonlySet<string>>();

/** The families (`spark`, `spark-admin`) of a catalog's known scopes, worked out once per set. */
function familiesOf(known: ReadonlySet<string>): ReadonlySet<string> {
  let families = familySets.get(known);
  if (!families) familySets.set(known, (families = new Set([...known].map((s) => s.slice(0, s.indexOf(':'))))));
  return families;
}

/**
 * Whether {@link checkPieces} reports a piece, without its "did you mean" search when the answer does not need
 * it: with `strictScopes`, a well-formed scope the catalog does not list whose family it knows is always
 * reported (as a near miss or as unlisted), which is most pieces a gate meets (`localhost:8080` is not one).
 */
function reportsPiece(raw: string, ctx: DetectorContext<ScopeListDetection>): boolean {
  if (ctx.options.strictScopes === true && !raw.includes('\\')) {
    let scope: string | undefined;
    try {
      scope = decodeURIComponent(raw);
    } catch {
      return false;
    }
    if (!WELL_FORMED.test(scope) || ctx.catalog.knownScopes.has(scope)) return false;
    if (familiesOf(ctx.catalog.knownScopes).has(scope.slice(0, scope.indexOf(':')))) return true;
  }
  // The platform taken as named (`evidence` true): the gate answers for any file.
  return checkPieces([{ range: [0, 0], raw }], ctx, () => true).length > 0;
}

/**
 * Checks each piece against the known scopes; near misses get a "did you mean" suggestion. A piece whose family is
 * not one of the platform's but only near one (`spark-amdin:x`, and also `space:x` ~ `spark`, `cms:x` ~ `cjp`) is a
 * misspelling of the platform's only where `evidence` says the text is the platform's ({@link namesPlatform}): another
 * vendor's `family:name` permissions in a multi-vendor repository are that vendor's scopes. A piece of a family the
 * platform has, spelled exactly, needs no more evidence.
 */
function checkPieces(pieces: readonly Piece[], ctx: DetectorContext<ScopeListDetection>, evidence: () => boolean): RawMatch[] {
  const known = ctx.catalog.knownScopes;
  const families = familiesOf(known);
  const limit = ctx.detection.maxDistance ?? 2;
  const strict = ctx.options.strictScopes === true;
  const out: RawMatch[] = [];
  const reported = new Set<string>();
  for (const piece of pieces) {
    const key = `${piece.range[0]}:${piece.range[1]}`;
    if (reported.has(key) || piece.raw.includes('\\')) continue;
    let scope: string;
    try {
      scope = decodeURIComponent(piece.raw);
    } catch {
      continue;
    }
    if (!WELL_FORMED.test(scope) || known.has(scope)) continue;
    const family = scope.slice(0, scope.indexOf(':'));
    const encode = (s: string): string => (piece.raw.includes('%') ? encodeURIComponent(s) : s);
    const near = nearest(scope, known, limit);
    let match: RawMatch | undefined;
    if (near) {
      match = { range: piece.range, messageId: 'unknownScope', data: { scope, suggestion: near.value } };
      match.suggestions = [{ messageId: 'suggestScope', data: { suggestion: near.value }, edits: [{ range: piece.range, text: encode(near.value) }] }];
    } else if (!families.has(family)) {
      const nearFamily = family.length >= 3 ? nearest(family, families, 2) : undefined;
      if (!nearFamily || !evidence()) continue;
      const corrected = nearFamily.value + scope.slice(family.length);
      const target = known.has(corrected) ? corrected : nearest(corrected, known, limit)?.value;
      match = { range: piece.range, messageId: 'unknownScopeFamily', data: { scope, family } };
      if (target) match.suggestions = [{ messageId: 'suggestScope', data: { suggestion: target }, edits: [{ range: piece.range, text: encode(target) }] }];
    } else if (strict) {
      match = { range: piece.range, messageId: 'unlistedScope', data: { scope } };
    }
    if (!match) continue;
    reported.add(key);
    out.push(match);
  }
  return out;
}

/**
 * Runs of scope characters in a text that hold a colon (written or `%3A`) with at least one scope character
 * after it, each starting where a run starts: `[\w.:%-]` are the characters a piece made of scope characters
 * and `%XX` escapes is written with, and a well-formed scope has something after its colon.
 */
const COLON_RUN = /(?<![\w.:%-])[\w.%-]*(?::|%3a)[\w.:%-]+/gi;

/** Verdicts of {@link checkPieces} on one piece, per catalog and settings (pieces recur across files: `localhost:8080`). */
const verdicts = new WeakMap<object, Map<string, boolean>>();
const MAX_VERDICTS = 20_000;

/**
 * Whether some piece of the text would be reported by {@link checkPieces} (the gate, {@link Detector.mayMatch}).
 *
 * Soundness: every piece `detect` and `detectUnparsed` check is a slice of the file's own text (a string's or
 * template part's raw source, never its cooked value), split at whitespace, `+`, `%20` and `,`, and bounded
 * otherwise by a quote, a backtick, `${`/`}`, `=` (after `scope=`), `&` or `#`: none of them a scope
 * character `[\w.:%-]`. A reported piece decodes to a well-formed scope (`[\w.:-]` only, with a colon and
 * something after it), so it is written with scope characters and `%XX` escapes only, and holds `:` or `%3A`
 * followed by a scope character. So it is a whole run of scope characters of the text, or a whole part of
 * one between `%20`s (each `%20` in a run is a separator, and they cannot overlap), and {@link COLON_RUN}
 * finds that run. Those parts are checked here with the same {@link checkPieces}, whose verdict on a piece
 * depends on its text only (the catalog's scopes, `maxDistance`, `strictScopes`).
 */
function mayReport(text: string, ctx: DetectorContext<ScopeListDetection>): boolean {
  let memo = verdicts.get(ctx.catalog);
  if (!memo) verdicts.set(ctx.catalog, (memo = new Map()));
  if (memo.size > MAX_VERDICTS) memo.clear();
  const settings = `${ctx.detection.maxDistance ?? 2}|${ctx.options.strictScopes === true}|`;
  COLON_RUN.lastIndex = 0;
  for (let m = COLON_RUN.exec(text); m !== null; m = COLON_RUN.exec(text)) {
    for (const part of m[0].includes('%') ? m[0].split('%20') : [m[0]]) {
      const key = settings + part;
      let reported = memo.get(key);
      if (reported === undefined) memo.set(key, (reported = reportsPiece(part, ctx)));
      if (reported) return true;
    }
  }
  return false;
}

/**
 * Where a scope list can start in source text (a root of `detect`): the word `scope`/`scopes` (any case) at the end
 * of a name or string key, then, past its closing quote if any, spaces, comments, `)` and `]`, what follows a key,
 * a declared name or an assignment target: `:`, `=` (plain, not `==` or `=>`, or compound), or `,`/`}` (a
 * shorthand `{ scope }`); or
 * the string `'scope'` itself (the key of `URLSearchParams#set/append`, or a constant holding it). It covers every
 * {@link SCOPE_NAME} name that `detect` follows (`scope:`, `'scopes':`, `const authScopes =`, `x['SCOPES'] =`,
 * `{ scope }`), `.set('scope', ...)`, and `scope=` in a query string. Names and keys are read as written, without
 * escape sequences, and a `set`/`append` key folded from pieces (`'sc' + 'ope'`) is not followed: `detect` and
 * `detectUnparsed` report nothing in a text without a root, which is what makes this part of the gate sound.
 * It rules out the files where scope-like strings are event names or log prefixes (`'meetings:registered'`,
 * `'Meeting:index'`, near the `meeting` family) and `scope` is only part of a longer word (`EventsScope`,
 * `emitScoped`, `'./events-scope'`) or a comment's.
 */
const SCOPE_ROOT = new RegExp(String.raw`['"\x60]scope['"\x60]|scopes?(?![\w$])['"\x60]?${TO_KEY_OR_TARGET_END}(?:[:,}]|${PLAIN_ASSIGNMENT}|[-+*/%&|^<>?]{1,3}=)`, 'i');

/** Whether a text has a root a scope list can start from ({@link SCOPE_ROOT}). */
export function hasScopeRoot(text: string): boolean {
  return SCOPE_ROOT.test(text);
}

/**
 * A configuration key naming scopes and its value (group 4). The white space after `:`/`=` is taken whole
 * (`(?=(\s*))\3`, as a lookahead does not give back): `\s*(.*)$` tried every split of a long run of it against
 * the rest of the line (a line of 20,000 tabs before a U+2028 took over 15 s); the value is the same.
 */
const CONFIG_KEY = /^(\s*)(?:-\s+)?["']?([\w.-]*?scopes?)["']?\s*[:=](?=(\s*))\3(.*)$/i;

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
const WHITE = /\s/;

/**
 * A configuration value less its end: white space, one `,` or `;`, white space and a `#` comment, as
 * `value.replace(/\s*[,;]?\s*(#.*)?$/, '')` gives it, read once from the end: that expression tried every start
 * against every split of a run of white space (cubic: 3,300 tabs took over 15 s).
 */
function valueLessEnd(value: string): string {
  // The comment is the first `#` after the value's last line terminator (the earliest start of `(#.*)?$`).
  let end = value.length;
  for (let i = value.length - 1; i >= 0 && !LINE_TERMINATOR.test(value[i]); i--) if (value[i] === '#') end = i;
  while (end > 0 && WHITE.test(value[end - 1])) end--;
  if (end > 0 && (value[end - 1] === ',' || value[end - 1] === ';')) {
    end--;
    while (end > 0 && WHITE.test(value[end - 1])) end--;
  }
  return value.slice(0, end);
}

/**
 * Scope values in configuration text: `WEBEX_SCOPES=spark:all spark:kms` (.env, .properties),
 * `"scope": "spark:all"` / `"scopes": ["spark:all"]` (JSON), `scope: spark:all` and YAML lists under a
 * `scopes:` key.
 */
function configPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  const lines = text.split(/(?<=\n)/);
  let offset = 0;
  let listIndent: number | undefined;
  let inArray = false;
  for (const line of lines) {
    const content = line.replace(/\r?\n$/, '');
    if (inArray) {
      // Lines of a multi-line JSON array under a scope key, up to its `]`.
      for (const q of content.matchAll(/"([^"]*)"/g)) pieces.push(...splitPieces(q[1], offset + q.index! + 1, false, false));
      inArray = !content.includes(']');
      offset += line.length;
      continue;
    }
    const item = /^(\s*)-\s+["']?([^"'#\s]+)["']?\s*$/.exec(content);
    if (listIndent !== undefined && item && item[1].length >= listIndent) {
      const start = content.indexOf(item[2], item[1].length + 1);
      pieces.push({ range: [offset + start, offset + start + item[2].length], raw: item[2] });
      offset += line.length;
      continue;
    }
    listIndent = undefined;
    const m = CONFIG_KEY.exec(content);
    if (m && /scopes?$/i.test(m[2])) {
      const valueStart = content.length - m[4].length;
      const value = valueLessEnd(m[4]);
      if (value === '') listIndent = m[1].length;
      if (value === '[') inArray = true;
      // Every quoted string of the value (JSON arrays hold several), or the bare value.
      const quoted = [...value.matchAll(/"([^"]*)"|'([^']*)'/g)];
      if (quoted.length > 0) {
        for (const q of quoted) {
          const inner = q[1] ?? q[2] ?? '';
          pieces.push(...splitPieces(inner, offset + valueStart + q.index! + 1, false, false));
        }
      } else if (!value.startsWith('[') && !value.startsWith('{')) {
        pieces.push(...splitPieces(value, offset + valueStart, false, false));
      }
    }
    offset += line.length;
  }
  return pieces;
}

/** Words that name the platform (its product names; `cjp` is its contact-center scope family). */
const PLATFORM_WORDS = /webex|ciscospark|\bspark\b|\bcjp:/i;

/**
 * Whether a text names the platform: one of its scopes as a piece (as written, or percent-decoded), a platform word,
 * or an API host (where its authorize and token URLs are).
 */
function namesPlatform(text: string, pieces: readonly Piece[], ctx: DetectorContext<ScopeListDetection>): boolean {
  const known = ctx.catalog.knownScopes;
  if (pieces.some((p) => known.has(p.raw) || (p.raw.includes('%') && known.has(safeDecode(p.raw) ?? '')))) return true;
  return PLATFORM_WORDS.test(text) || ctx.catalog.hosts.api.some((host) => text.includes(host));
}

function safeDecode(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** {@link namesPlatform}, worked out once and only when a piece needs it. */
function lazyEvidence(text: string, pieces: readonly Piece[], ctx: DetectorContext<ScopeListDetection>): () => boolean {
  let answer: boolean | undefined;
  return () => (answer ??= namesPlatform(text, pieces, ctx));
}

export const scopeListDetector: Detector<ScopeListDetection> = {
  kind: 'scope-list',
  messages: {
    unknownScope: '`{{scope}}` is not a known OAuth scope; did you mean `{{suggestion}}`? {{instead}}',
    unknownScopeFamily: '`{{scope}}` has an unknown scope family `{{family}}`. {{instead}}',
    unlistedScope: '`{{scope}}` is not in the list of known OAuth scopes. {{instead}}',
    suggestScope: 'Replace with `{{suggestion}}`',
  },
  tokens(_detection, catalog) {
    // `scope` itself is in nearly every file; a scope list holds at least one family prefix (`spark:`), a
    // query string holds `scope=`, and code talking to the API names its host. A lone misspelt family
    // (`spark-admn:x`) in a file with none of these is not looked at.
    const families = new Set([...catalog.knownScopes].map((s) => s.slice(0, s.indexOf(':') + 1).toLowerCase()));
    return [...families, 'scope=', ...catalog.hosts.api];
  },
  mayMatch: (text, ctx) => hasScopeRoot(text) && mayReport(text, ctx),
  detect(file, ctx) {
    if (!hasScopeRoot(file.text)) return [];
    const strings = new Set<TSESTree.Literal | TSESTree.TemplateLiteral>();
    const seen = new Set<Node>();

    const expand = (node: Node | null | undefined, depth = 0): void => {
      if (!node || depth > 8) return;
      const n = unwrap(node);
      if (seen.has(n)) return;
      seen.add(n);
      switch (n.type) {
        case 'Literal':
          if (typeof n.value === 'string') strings.add(n);
          return;
        case 'TemplateLiteral':
          strings.add(n);
          n.expressions.forEach((e) => expand(e as Node, depth + 1));
          return;
        case 'ArrayExpression':
          n.elements.forEach((e) => expand(e && (e.type === 'SpreadElement' ? e.argument : e), depth + 1));
          return;
        case 'BinaryExpression':
          if (n.operator === '+') {
            expand(n.left as Node, depth + 1);
            expand(n.right, depth + 1);
          }
          return;
        case 'ConditionalExpression':
          expand(n.consequent, depth + 1);
          expand(n.alternate, depth + 1);
          return;
        case 'CallExpression': {
          const name = calleeName(n);
          const callee = unwrap(n.callee);
          if (name === 'join' && callee.type === 'MemberExpression') expand(callee.object, depth + 1);
          else if (name === 'encodeURIComponent' || name === 'encodeURI' || name === 'String') expand(n.arguments[0] as Node, depth + 1);
          return;
        }
        case 'Identifier': {
          const resolved = resolveLocal(file, n);
          if (resolved !== n) expand(resolved, depth + 1);
          return;
        }
        case 'MemberExpression': {
          const target = file.resolveMember(n);
          if (target) expand(target, depth + 1);
          return;
        }
        default:
          return;
      }
    };

    for (const prop of file.nodes(T.Property)) {
      const parent = file.parentOf(prop);
      if (parent?.type !== 'ObjectExpression') continue;
      const name = propertyKeyName(prop);
      if (name !== undefined && SCOPE_NAME.test(name)) expand(prop.value as Node);
    }
    for (const decl of file.nodes(T.VariableDeclarator)) {
      if (decl.id.type === 'Identifier' && SCOPE_NAME.test(decl.id.name)) expand(decl.init);
    }
    for (const assign of file.nodes(T.AssignmentExpression)) {
      const left = assign.left;
      const name = left.type === 'Identifier' ? left.name : left.type === 'MemberExpression' ? memberName(left) : undefined;
      if (name !== undefined && SCOPE_NAME.test(name)) expand(assign.right);
    }
    for (const call of file.nodes(T.CallExpression)) {
      const name = calleeName(call);
      if ((name === 'set' || name === 'append') && call.arguments.length >= 2) {
        const key = file.staticString(call.arguments[0] as Node);
        if (key?.complete && key.value === 'scope') expand(call.arguments[1] as Node);
      }
    }

    const pieces: Piece[] = [];
    const inList = new Set<Node>();
    for (const s of strings) {
      inList.add(s);
      for (const run of runs(file, s)) pieces.push(...splitPieces(run.raw, run.start, run.openLeft, run.openRight));
    }
    // `scope=` inside query strings of any string in the file.
    const queryStrings = [...file.nodes(T.Literal), ...file.nodes(T.TemplateLiteral)].filter((n) => !inList.has(n));
    for (const node of queryStrings) {
      if (node.type === 'Literal' && typeof node.value !== 'string') continue;
      const list = runs(file, node as TSESTree.Literal | TSESTree.TemplateLiteral);
      list.forEach((run, i) => {
        // `&amp;scope=`: the separator as markup writes it (an `href`).
        const re = /(?:^|[?&]|&amp;)scope=/g;
        let m: RegExpExecArray | null;
        while ((m = re.exec(run.raw))) {
          const from = m.index + m[0].length;
          const rest = run.raw.slice(from);
          const end = rest.search(/[&#]/);
          const value = end === -1 ? rest : rest.slice(0, end);
          const openRight = end === -1 && run.openRight;
          if (value === '' && openRight && node.type === 'TemplateLiteral') expand(node.expressions[i] as Node);
          pieces.push(...splitPieces(value, run.start + from, false, openRight));
        }
      });
    }
    // Strings reached through `scope=${expr}` above.
    for (const s of strings) {
      if (inList.has(s)) continue;
      for (const run of runs(file, s)) pieces.push(...splitPieces(run.raw, run.start, run.openLeft, run.openRight));
    }

    return checkPieces(pieces, ctx, lazyEvidence(file.text, pieces, ctx));
  },
  // A configuration file's scope keys are the platform's only where the file names it (a platform word or API
  // host, or one of its scopes as written): another vendor's API description or settings (Zoom's OpenAPI document
  // lists `tsp:*` scopes, two edits from the contact-center family `cjp`) are not requests to this platform.
  detectText(file, ctx) {
    const pieces = configPieces(file.text);
    if (pieces.length === 0 || !namesPlatform(file.text, pieces, ctx)) return [];
    return checkPieces(pieces, ctx, () => true);
  },
  // Every plain string's pieces, in a text with a root (templates are skipped: their pieces' offsets are not
  // known without a tree).
  detectUnparsed(file, ctx) {
    if (!hasScopeRoot(file.source)) return [];
    const pieces = file.strings.filter((s) => !s.template).flatMap((s) => splitPieces(s.value, s.range[0] + 1, false, false));
    return checkPieces(pieces, ctx, lazyEvidence(file.source, pieces, ctx));
  },
};

