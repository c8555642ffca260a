/**
 * Negative metamorphic rewrites (issue 26, precision; eighteenth session): `node dist/scripts/negative.js`.
 *
 * The sibling of `scripts/metamorphic.ts`, in the other direction. There a rewrite keeps the behaviour and the finding
 * must survive; here a rewrite changes ONE fact that the notice turns on, so that the code becomes a look-alike that
 * must NOT be reported, and every finding that remains at a rewritten occurrence is a false positive:
 * - `other-host`: every spelling of the platform's domains (`webexapis.com`, `ciscospark.com`, `webex.com`,
 *   `wbx2.com`) in the repository's code, pages and environment files becomes another service's domain (the same
 *   requests, to a host that is not the platform's). Judged for the notices that concern requests to the API.
 * - `other-signature`: the platform's webhook signature header (`X-Spark-Signature`, `X-Webex-Signature`, any case)
 *   becomes GitHub's (`X-Hub-Signature`): the same verifier, for another service's deliveries.
 * - `non-get`: every GET of the repository's code becomes a DELETE (`method: 'GET'` -> `'DELETE'`, a client's
 *   `.get(` -> `.delete(`, a `fetch`/`axios`/`got`/`request` options object without a method gets `method:
 *   'DELETE'`, `open('GET', ...)`, `type: 'GET'`): a method get-request-content-type does not concern.
 * - `node-module`: a module holding a cors-localhost-origins occurrence (and reading no browser global itself)
 *   imports `node:fs` at its end: code only Node runs, where the notice concerns browsers.
 *
 * Each rewrite is a list of text edits that replace the fact's own text and nothing else, on the lines where it is
 * written (no line is added or removed above an occurrence, so lines match before and after); the script checks
 * every changed file: applying the edits to the original gives the rewrite, each edit's old and new text are the
 * kind's declared spellings, the replacement text is absent from the original, and a JavaScript/TypeScript file
 * parses with no more syntax errors than before. A file failing a check is left as it was (counted under `refused`).
 *
 * For each repository of the tuned set and hold-out sets 1 to 12 (the variables of `npm run eval`; never set 13),
 * the files holding a ground-truth occurrence are scanned in a copy as they are and after each rewrite (one CLI run
 * per repository). Per kind and notice: `applicable` (affected occurrences found before, of a notice the kind
 * concerns, in a repository the rewrite changed), `remaining` (still reported after it: each a false positive unless
 * read otherwise, see --verbose) and `new` (findings of those notices at lines with no finding before). Options:
 * --kinds a,b, --cli <file>, --verbose (each remaining finding with its line), --json <file>.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { loadGroundTruths, type Occurrence, type ReportFinding } from './evaluate.js';
import { rewriteOptions } from './rewrite-options.js';

/** A replacement of `from` (the original text at `start`) by `to`. */
export interface Edit {
  start: number;
  from: string;
  to: string;
}

export interface NegativeKind {
  /** The one fact the rewrite changes, in words. */
  fact: string;
  /** The notices whose findings must disappear. */
  notices: ReadonlySet<string>;
  /** Which files of the repository the rewrite reads: every text file, or only the ones holding an occurrence. */
  scope: 'repository' | 'occurrence-files';
  /** The edits for one file (relative path, text); none when the fact is not written there. */
  edits(rel: string, text: string): Edit[];
  /** The spellings an edit may replace, and the ones it may write (checked for every edit). */
  allowed(e: Edit): boolean;
  /** The replacement names something the repository never wrote (another service's host or header). */
  freshName?: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// The facts.

/** The platform's domains and the other service's domains that replace them (not the platform's, never in the sets). */
const DOMAIN_SWAP: readonly [RegExp, string][] = [
  [/webexapis\.com/gi, 'chatopsapis.io'],
  [/ciscospark\.com/gi, 'sparkchat.io'],
  [/wbx2\.com/gi, 'chatops2.io'],
  [/webex\.com/gi, 'chatops.io'],
];

/** A platform domain as a whole label sequence (not `mywebex.com`, not `webex.com.evil.org`'s first part). */
function domainEdits(text: string): Edit[] {
  const out: Edit[] = [];
  for (const [re, to] of DOMAIN_SWAP) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const before = text[m.index - 1] ?? '';
      const after = text[m.index + m[0].length] ?? '';
      if (/[A-Za-z0-9-]/.test(before) || /[A-Za-z0-9-]/.test(after)) continue;
      // `webex.com` inside `webexapis.com` cannot match (a letter before); inside a swapped name neither.
      if (out.some((e) => e.start <= m!.index && m!.index < e.start + e.from.length)) continue;
      out.push({ start: m.index, from: m[0], to });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

const SIGNATURE = /x-(?:spark|webex)-signature/gi;
function signatureEdits(text: string): Edit[] {
  const out: Edit[] = [];
  SIGNATURE.lastIndex = 0;
  for (let m = SIGNATURE.exec(text); m; m = SIGNATURE.exec(text)) {
    if (/[A-Za-z0-9-]/.test(text[m.index + m[0].length] ?? '')) continue;
    const word = m[0].slice(2, m[0].length - '-signature'.length); // spark | Spark | WEBEX ...
    const hub = word === word.toUpperCase() ? 'HUB' : word[0] === word[0].toUpperCase() ? 'Hub' : 'hub';
    out.push({ start: m.index, from: m[0], to: `${m[0].slice(0, 2)}${hub}${m[0].slice(2 + word.length)}` });
  }
  return out;
}

const SCRIPT_FILE = /\.(?:[cm]?[jt]sx?)$/;
function scriptKind(rel: string): ts.ScriptKind {
  if (/\.tsx$/.test(rel)) return ts.ScriptKind.TSX;
  if (/\.[cm]?ts$/.test(rel)) return ts.ScriptKind.TS;
  if (/\.jsx$/.test(rel)) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

function parseErrors(rel: string, text: string): number {
  const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, scriptKind(rel));
  return (sf as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics?.length ?? 0;
}

/** HTTP client roots whose options object takes `method` (and whose default is GET). */
const OPTION_CLIENTS = new Set(['fetch', 'axios', 'got', 'request', 'ky', 'needle', 'rp', 'requestPromise', 'nodeFetch', 'ajax', 'superagent']);
/** Receivers whose `.get(` is an HTTP GET (a Map or a store's `.get(key)` is not rewritten). */
const GET_RECEIVER = /^(?:axios|got|ky|superagent|request|needle|rp|\$http|http|https|httpClient|client|api|instance|agent|this\.(?:http|httpClient|client|api|axios|instance|request))$|(?:Client|Api|API|Http|Axios|Instance|client|api|http|axios|instance)$/;
const METHOD_KEYS = new Set(['method', 'type', 'verb', 'httpMethod']);

const CT = /content-type/i;

/** GETs written as GETs become DELETEs; an options object of a known client without a method gets one. */
export function methodEdits(rel: string, text: string): Edit[] {
  if (!SCRIPT_FILE.test(rel) || !CT.test(text)) return [];
  const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, scriptKind(rel));
  const out: Edit[] = [];
  const isGet = (n: ts.Node): n is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral => (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && /^get$/i.test(n.text);
  const litEdit = (n: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral) => {
    const start = n.getStart(sf) + 1;
    out.push({ start, from: n.text, to: n.text === 'GET' ? 'DELETE' : n.text === 'get' ? 'delete' : 'Delete' });
  };
  const visit = (n: ts.Node): void => {
    if (isGet(n)) {
      const p = n.parent;
      if (ts.isPropertyAssignment(p) && p.initializer === n && METHOD_KEYS.has(p.name.getText(sf).replace(/['"]/g, ''))) litEdit(n);
      else if (ts.isParameter(p) && p.initializer === n && /method|verb/i.test(p.name.getText(sf))) litEdit(n);
      else if (ts.isVariableDeclaration(p) && p.initializer === n && /method|verb/i.test(p.name.getText(sf))) litEdit(n);
      else if (ts.isBinaryExpression(p) && p.right === n && p.operatorToken.kind === ts.SyntaxKind.EqualsToken && /method|verb/i.test(p.left.getText(sf))) litEdit(n);
      else if (ts.isCallExpression(p) && p.arguments[0] === n && ts.isPropertyAccessExpression(p.expression) && /^(?:open|request|send|makeRequest|call)$/.test(p.expression.name.text)) litEdit(n);
    }
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'get' && n.arguments.length >= 1) {
      const recv = n.expression.expression.getText(sf);
      if (GET_RECEIVER.test(recv)) out.push({ start: n.expression.name.getStart(sf), from: 'get', to: 'delete' });
    }
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      const root = ts.isIdentifier(callee) ? callee.text : undefined;
      if (root && OPTION_CLIENTS.has(root)) {
        const opts = n.arguments.find((a) => ts.isObjectLiteralExpression(a));
        if (opts && ts.isObjectLiteralExpression(opts)) {
          const hasMethod = opts.properties.some((p) => !p.name || METHOD_KEYS.has(p.name.getText(sf).replace(/['"]/g, '')) || ts.isSpreadAssignment(p));
          if (!hasMethod) out.push({ start: opts.getStart(sf) + 1, from: '', to: ` method: 'DELETE',` });
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out.sort((a, b) => a.start - b.start);
}

const BROWSER_SELF = /\b(?:window|document|localStorage|sessionStorage|navigator|jQuery)\b|\$\.(?:ajax|get|post|getJSON)\b/;

/** A module importing `node:fs` (added at its end, on a line of its own): code only Node runs. */
export function nodeModuleEdits(rel: string, text: string): Edit[] {
  if (!SCRIPT_FILE.test(rel) || BROWSER_SELF.test(text)) return [];
  const esm = /\.[cm]?tsx?$/.test(rel) || rel.endsWith('.mjs') || /^\s*(?:import|export)\s/m.test(text);
  const line = esm ? "import 'node:fs';" : "require('node:fs');";
  return [{ start: text.length, from: '', to: `${text.endsWith('\n') ? '' : '\n'}${line}\n` }];
}

/** Notices whose findings concern a request that reaches the platform's API (so another host must silence them). */
const HOST_BOUND = new Set([
  'legacy-api-host',
  'get-request-content-type',
  'cors-localhost-origins',
  'oauth-authorize-state-missing',
  'oauth-scope-unknown',
  'rooms-meeting-info-deprecated',
  'token-endpoint-form-body',
  'token-endpoint-required-parameters',
  'authorization-bearer-scheme',
  'call-history-page-size',
  'call-history-query-window',
  'call-history-regional-hosts',
  'large-org-location-required',
  'caller-id-name-fields-deprecated',
  'phone-numbers-query-max',
  'form-content-type-json-body',
]);

export const NEGATIVE_KINDS: Record<string, NegativeKind> = {
  'other-host': {
    fact: "the host: the platform's domains become another service's",
    notices: HOST_BOUND,
    scope: 'repository',
    freshName: true,
    edits: (_rel, text) => domainEdits(text),
    allowed: (e) => DOMAIN_SWAP.some(([re, to]) => to === e.to && new RegExp(`^${re.source}$`, 'i').test(e.from)),
  },
  'other-signature': {
    fact: "the signature header: the platform's becomes GitHub's",
    notices: new Set(['webhook-signature-sha1', 'webhook-signature-raw-body', 'webhook-header-names-lowercase']),
    scope: 'repository',
    freshName: true,
    edits: (_rel, text) => signatureEdits(text),
    allowed: (e) => /^x-(?:spark|webex)-signature$/i.test(e.from) && /^x-hub-signature$/i.test(e.to),
  },
  'non-get': {
    fact: 'the method: a GET becomes a DELETE',
    notices: new Set(['get-request-content-type']),
    scope: 'repository',
    edits: methodEdits,
    allowed: (e) => (/^get$/i.test(e.from) && /^delete$/i.test(e.to)) || (e.from === '' && e.to === ` method: 'DELETE',`),
  },
  'node-module': {
    fact: 'the context: the module imports node:fs (code only Node runs)',
    notices: new Set(['cors-localhost-origins']),
    scope: 'occurrence-files',
    edits: nodeModuleEdits,
    allowed: (e) => e.from === '' && /^\n?(?:import 'node:fs';|require\('node:fs'\);)\n$/.test(e.to),
  },
};

/** Applies a kind's edits to a file and checks it changed only the fact; the new text, or why not. */
export function applyChecked(kind: NegativeKind, rel: string, text: string): { text: string; edits: Edit[] } | { refused: string } | null {
  const edits = kind.edits(rel, text);
  if (!edits.length) return null;
  let out = '';
  let at = 0;
  for (const e of edits) {
    if (e.start < at) return { refused: 'overlapping edits' };
    if (text.slice(e.start, e.start + e.from.length) !== e.from) return { refused: 'edit off its text' };
    if (!kind.allowed(e)) return { refused: `edit ${JSON.stringify(e.from)} -> ${JSON.stringify(e.to)} is not the kind's fact` };
    if (kind.freshName && text.toLowerCase().includes(e.to.toLowerCase())) return { refused: `replacement ${e.to} already in the file` };
    out += text.slice(at, e.start) + e.to;
    at = e.start + e.from.length;
  }
  out += text.slice(at);
  // Lines of the original keep their numbers (an edit adds no line break, except one appended at the end).
  const breaks = (s: string) => (s.match(/\n/g) ?? []).length;
  for (const e of edits) if (breaks(e.to) !== breaks(e.from) && e.start !== text.length) return { refused: 'an edit moves lines' };
  // Undoing the edits gives the original back.
  let back = '';
  let pos = 0;
  let shift = 0;
  for (const e of edits) {
    const s = e.start + shift;
    back += out.slice(pos, s) + e.from;
    pos = s + e.to.length;
    shift += e.to.length - e.from.length;
  }
  back += out.slice(pos);
  if (back !== text) return { refused: 'edits do not undo' };
  if (SCRIPT_FILE.test(rel) && parseErrors(rel, out) > parseErrors(rel, text)) return { refused: 'the rewrite does not parse' };
  return { text: out, edits };
}

// ---------------------------------------------------------------------------------------------------------------
// Running.

const TEXT_FILE = /\.(?:[cm]?[jt]sx?|html?|vue|svelte|astro|json|ya?ml|gs|toml)$|(?:^|\/)\.env[^/]*$|\.env(?:\.[^/]*)?$/;
const MAX_BYTES = 2 * 1024 * 1024;

function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === '.git') continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && TEXT_FILE.test(e.name) && statSync(p).size <= MAX_BYTES) out.push(relative(root, p).split('\\').join('/'));
    }
  };
  walk(root);
  return out;
}

function scan(cli: string, dir: string, files: string[]): ReportFinding[] | string {
  const r = spawnSync(process.execPath, [cli, ...files, '--before', '2099-12-31', '--format', 'json', '--no-progress', '--no-error-on-unmatched-pattern'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0 && r.status !== 1) return `exit ${r.status}: ${r.stderr.slice(0, 300)}`;
  return (JSON.parse(r.stdout) as { findings: ReportFinding[] }).findings;
}

interface Counts {
  applicable: number;
  remaining: number;
  fresh: number;
  files: number;
  refused: number;
}

function main(): number {
  const { cli, kinds, verbose, json, sets } = rewriteOptions(process.argv.slice(2), Object.keys(NEGATIVE_KINDS));
  if (sets.every((s) => !s.repos.length)) {
    console.log('negative: no repositories (set COLLAB_MIGRATE_EVAL_REPOS / COLLAB_MIGRATE_HOLDOUT*_REPOS): skipped');
    return 0;
  }
  const totals = new Map<string, Map<string, Counts>>(kinds.map((k) => [k, new Map()]));
  const countOf = (k: string, notice: string) => {
    const m = totals.get(k)!;
    if (!m.has(notice)) m.set(notice, { applicable: 0, remaining: 0, fresh: 0, files: 0, refused: 0 });
    return m.get(notice)!;
  };
  const listing: string[] = [];
  const refusals: string[] = [];
  const work = mkdtempSync(join(tmpdir(), 'collab-migrate-negative-'));
  try {
    for (const set of sets) {
      if (!set.repos.length) continue;
      const truths = loadGroundTruths(set.dir);
      for (const repo of set.repos) {
        const gt = truths.get(repo.name);
        if (!gt || !existsSync(repo.path)) continue;
        const files = [...new Set(gt.occurrences.map((o) => o.file))].filter((f) => existsSync(join(repo.path, f)) && statSync(join(repo.path, f)).size <= MAX_BYTES);
        if (!files.length) continue;
        const top = join(work, `${basename(set.dir)}-${repo.name}`);
        cpSync(repo.path, join(top, 'base'), { recursive: true, filter: (src) => !/[\\/](?:node_modules|\.git)$/.test(src) });
        const all = listFiles(join(top, 'base'));
        const scanList = files.map((f) => `base/${f}`);
        const changedBy = new Map<string, Set<string>>();
        for (const kind of kinds) {
          const k = NEGATIVE_KINDS[kind];
          const copy = join(top, kind);
          cpSync(join(top, 'base'), copy, { recursive: true });
          const changed = new Set<string>();
          for (const rel of k.scope === 'repository' ? all : files) {
            const abs = join(copy, rel);
            if (!existsSync(abs)) continue;
            const text = readFileSync(abs, 'utf8');
            const r = applyChecked(k, rel, text);
            if (!r) continue;
            if ('refused' in r) {
              refusals.push(`${kind}: ${basename(set.dir)}/${repo.name} ${rel}: ${r.refused}`);
              countOf(kind, '(all)').refused++;
              continue;
            }
            writeFileSync(abs, r.text);
            changed.add(rel);
          }
          changedBy.set(kind, changed);
          if (changed.size) scanList.push(...files.map((f) => `${kind}/${f}`));
        }
        const found = scan(cli, top, scanList);
        rmSync(top, { recursive: true, force: true });
        if (typeof found === 'string') {
          process.stderr.write(`${repo.name}: scan failed (${found})\n`);
          continue;
        }
        const of = (k: string) => found.filter((f) => f.file.startsWith(`${k}/`)).map((f) => ({ ...f, file: f.file.slice(k.length + 1) }));
        const base = of('base');
        const lines = (o: Occurrence) => [o.line, ...(o.alsoLines ?? [])];
        const affected = gt.occurrences.filter((o) => o.verdict === 'affected');
        const foundBefore = affected.filter((o) => base.some((f) => f.file === o.file && f.noticeId === o.notice && lines(o).includes(f.line)));
        for (const kind of kinds) {
          const k = NEGATIVE_KINDS[kind];
          const changed = changedBy.get(kind)!;
          if (!changed.size) continue;
          const after = of(kind);
          for (const o of foundBefore) {
            if (!k.notices.has(o.notice)) continue;
            if (k.scope === 'occurrence-files' && !changed.has(o.file)) continue;
            const c = countOf(kind, o.notice);
            c.applicable++;
            const still = after.find((f) => f.file === o.file && f.noticeId === o.notice && lines(o).includes(f.line));
            if (still) {
              c.remaining++;
              listing.push(`${kind}: ${basename(set.dir)}/${repo.name} ${o.file}:${still.line} ${o.notice} [${still.confidence ?? '?'}]${still.confidenceReason ? ` (${still.confidenceReason.slice(0, 160)})` : ''}`);
            }
          }
          for (const f of after) {
            if (!k.notices.has(f.noticeId)) continue;
            if (base.some((b) => b.file === f.file && b.line === f.line && b.noticeId === f.noticeId)) continue;
            countOf(kind, f.noticeId).fresh++;
            listing.push(`${kind}: NEW ${basename(set.dir)}/${repo.name} ${f.file}:${f.line} ${f.noticeId} [${f.confidence ?? '?'}]`);
          }
        }
        process.stderr.write(`${basename(set.dir)}/${repo.name}: done\n`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const head = ['kind', 'notice', 'applicable', 'remaining (FP)', 'new (FP)', 'quiet'];
  console.log(head.map((v, i) => (i > 1 ? v.padStart(16) : v.padEnd(i ? 38 : 16))).join(''));
  for (const [kind, m] of totals) {
    let a = 0;
    let r = 0;
    let n = 0;
    for (const [notice, c] of [...m].sort()) {
      if (notice === '(all)') continue;
      a += c.applicable;
      r += c.remaining;
      n += c.fresh;
      const quiet = c.applicable ? `${((100 * (c.applicable - c.remaining)) / c.applicable).toFixed(1)}%` : '-';
      console.log([kind.padEnd(16), notice.padEnd(38), String(c.applicable).padStart(16), String(c.remaining).padStart(16), String(c.fresh).padStart(16), quiet.padStart(16)].join(''));
    }
    const quiet = a ? `${((100 * (a - r)) / a).toFixed(1)}%` : '-';
    console.log([kind.padEnd(16), '(total)'.padEnd(38), String(a).padStart(16), String(r).padStart(16), String(n).padStart(16), quiet.padStart(16)].join('') + `   refused files: ${m.get('(all)')?.refused ?? 0}`);
  }
  if (verbose) {
    for (const l of listing) console.log(l);
    for (const l of refusals) console.log(`refused ${l}`);
  }
  if (json) writeFileSync(json, JSON.stringify({ totals: Object.fromEntries([...totals].map(([k, m]) => [k, Object.fromEntries(m)])), listing, refusals }, null, 2));
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
