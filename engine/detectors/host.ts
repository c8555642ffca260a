/**
 * `host`: legacy hosts in string literals, template literals and configuration text (`.json .yaml .yml .env
 * .properties .toml`). Which hosts and their replacements come from the catalog's `hosts`, never from code:
 * `legacyApi` hosts become the host of `apiBase`; the legacy call history host becomes the regional host of
 * the configured region (one suggestion per region when none is configured); the government legacy host has
 * one successor, the government host, so its rewrite is exact without a region. The government host itself
 * is never reported.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { LoadedCatalog } from '../catalog/catalog.js';
import type { FileContext, Node } from '../parse/file-context.js';
import type { Detector, DetectorContext, RawMatch, TextFile } from './detector.js';
import type { HostDetection, Region, Suggestion } from '../types.js';
import { escapeRegExp } from '../prefilter/regexp.js';
import { optionNameFor } from '../catalog/option-names.js';
import { hostTextTie, hostUseTie, type Tie } from '../api/index.js';


/** The legacy hosts a detection looks for. */
function legacyHosts(d: HostDetection, catalog: LoadedCatalog): string[] {
  const ch = catalog.hosts.callHistory;
  return d.hosts === 'legacyApi' ? [...catalog.hosts.legacyApi] : [ch.legacy, ch.govLegacy];
}

/** A host name as a whole label sequence: not part of a longer host (`xapi.ciscospark.com`, `api.ciscospark.com.evil.org`). */
function hostPattern(hosts: readonly string[]): RegExp {
  return new RegExp(`(?<![\\w.-])(?:${hosts.map(escapeRegExp).join('|')})(?![\\w-]|\\.[\\w-])`, 'gi');
}

/** Decides a host occurrence's confidence (or that it is not reported) from where it is; see engine/api/host-use.ts. */
type HostJudge = (range: [number, number]) => Tie | undefined;

/** Finds the hosts in `text[start, end)` and reports each with its fix or suggestions. */
function scan(text: string, start: number, end: number, ctx: DetectorContext<HostDetection>, pattern: RegExp, judge?: HostJudge): RawMatch[] {
  const d = ctx.detection;
  const hosts = ctx.catalog.hosts;
  const out: RawMatch[] = [];
  const slice = text.slice(start, end);
  pattern.lastIndex = 0;
  for (let m = pattern.exec(slice); m; m = pattern.exec(slice)) {
    const range: [number, number] = [start + m.index, start + m.index + m[0].length];
    const tie = judge?.(range);
    if (judge && !tie) continue;
    const tied = (raw: RawMatch): RawMatch => (tie ? { ...raw, confidence: tie.confidence, confidenceReason: tie.reason } : raw);
    if (d.hosts === 'legacyApi') {
      const to = new URL(hosts.apiBase).host;
      out.push({ range, messageId: 'legacyHost', data: { host: m[0], to }, fix: [{ range, text: to }] });
      continue;
    }
    if (m[0].toLowerCase() === hosts.callHistory.govLegacy.toLowerCase()) {
      const to = hosts.callHistory.gov;
      out.push(tied({ range, messageId: 'legacyHost', data: { host: m[0], to }, fix: [{ range, text: to }] }));
      continue;
    }
    const region = ctx.options.region;
    if (region) {
      const to = hosts.callHistory.regional[region];
      out.push(tied({ range, messageId: 'legacyHost', data: { host: m[0], to }, fix: [{ range, text: to }] }));
      continue;
    }
    const suggestions = (Object.entries(hosts.callHistory.regional) as Array<[Region, string]>).map(
      ([r, to]): Suggestion => ({ messageId: 'suggestRegionalHost', data: { region: r, to }, edits: [{ range, text: to }] }),
    );
    out.push(tied({ range, messageId: 'regionalHost', data: { host: m[0], regionOption: optionNameFor('region', ctx.options) }, suggestions }));
  }
  return out;
}

/** A host as written in a regular expression's source: each dot escaped (`api\\.ciscospark\\.com`) or not. */
function regexHostPattern(hosts: readonly string[]): RegExp {
  const one = (h: string): string => h.split('.').map(escapeRegExp).join('\\\\?\\.');
  return new RegExp(`(?<![\\w-])(?:${hosts.map(one).join('|')})(?![\\w-])`, 'gi');
}

/**
 * Legacy hosts in regular expression literals (`assert.match(url, /api.ciscospark.com/)`): what the regex checks
 * is not known (a URL the code builds, one it receives), so the replacement host is a suggestion, written in the
 * regex's own escaping, never an autofix.
 */
function scanRegex(file: FileContext, lit: { range: [number, number]; regex: { pattern: string } }, ctx: DetectorContext<HostDetection>): RawMatch[] {
  const out: RawMatch[] = [];
  const start = lit.range[0] + 1;
  const source = file.text.slice(start, start + lit.regex.pattern.length);
  const pattern = regexHostPattern(legacyHosts(ctx.detection, ctx.catalog));
  const hosts = ctx.catalog.hosts;
  for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
    const range: [number, number] = [start + m.index, start + m.index + m[0].length];
    const escaped = m[0].includes('\\.');
    const write = (host: string): string => (escaped ? host.replace(/\./g, '\\.') : host);
    const plain = m[0].replace(/\\\./g, '.');
    const base = { confidence: 'likely' as const, confidenceReason: 'a regular expression naming the legacy host: what it is matched against is not known, so the new host is a suggestion' };
    if (ctx.detection.hosts === 'legacyApi') {
      const to = new URL(hosts.apiBase).host;
      out.push({ ...base, range, messageId: 'legacyHost', data: { host: plain, to }, suggestions: [{ messageId: 'suggestHost', data: { to }, edits: [{ range, text: write(to) }] }] });
    } else if (plain.toLowerCase() === hosts.callHistory.govLegacy.toLowerCase()) {
      const to = hosts.callHistory.gov;
      out.push({ ...base, range, messageId: 'legacyHost', data: { host: plain, to }, suggestions: [{ messageId: 'suggestHost', data: { to }, edits: [{ range, text: write(to) }] }] });
    } else {
      const suggestions = (Object.entries(hosts.callHistory.regional) as Array<[Region, string]>).map(
        ([r, to]): Suggestion => ({ messageId: 'suggestRegionalHost', data: { region: r, to }, edits: [{ range, text: write(to) }] }),
      );
      out.push({ ...base, range, messageId: 'regionalHost', data: { host: plain, regionOption: optionNameFor('region', ctx.options) }, suggestions });
    }
  }
  return out;
}

/**
 * The `placeholder` text of a JSX element the user cannot type into (`<Input placeholder="https://..." value={url}
 * readOnly />`): a hint shown while the field is empty, never requested nor sent, and never typed in by the user.
 * An element with `readOnly` (or `disabled`) not set to `false`.
 */
function isReadOnlyPlaceholder(file: FileContext, lit: Node): boolean {
  const attr = file.parentOf(lit);
  if (attr?.type !== 'JSXAttribute' || attr.name.type !== 'JSXIdentifier' || attr.name.name !== 'placeholder') return false;
  const element = file.parentOf(attr);
  if (element?.type !== 'JSXOpeningElement') return false;
  return element.attributes.some((a) => {
    if (a.type !== 'JSXAttribute' || a.name.type !== 'JSXIdentifier' || !/^(?:readOnly|readonly|disabled)$/.test(a.name.name)) return false;
    const v = a.value;
    if (!v) return true;
    if (v.type === 'JSXExpressionContainer' && v.expression.type === 'Literal') return v.expression.value !== false;
    return v.type === 'Literal' ? v.value !== 'false' : false;
  });
}

/** String methods whose argument is text searched for in another string, not an address used. */
const SEARCHED_BY = new Set(['startsWith', 'endsWith', 'includes', 'indexOf', 'lastIndexOf', 'search', 'match', 'matchAll', 'split']);

/**
 * A literal the code compares other text with, not an address it uses: an operand of `===`/`!==`/`==`/`!=`, a
 * `case` of a `switch`, the argument of a string search (`url.startsWith('https://api.ciscospark.com/')`,
 * `includes`, `indexOf`, ...), the first argument of `replace`/`replaceAll` (the text replaced, as in a migration
 * `url.replace('https://api.ciscospark.com/v1', 'https://webexapis.com/v1')`) or of `new RegExp(...)`. Such code
 * recognises the legacy host (often to move away from it); rewriting it would break that.
 */
function isRecognizer(file: FileContext, lit: Node): boolean {
  const parent = file.parentOf(lit);
  if (!parent) return false;
  if (parent.type === 'BinaryExpression' && ['===', '!==', '==', '!='].includes(parent.operator)) return true;
  if (parent.type === 'SwitchCase' && parent.test === lit) return true;
  if (parent.type === 'NewExpression' && parent.callee.type === 'Identifier' && parent.callee.name === 'RegExp' && parent.arguments[0] === lit) return true;
  if (parent.type !== 'CallExpression' || parent.callee.type !== 'MemberExpression' || parent.callee.computed || parent.callee.property.type !== 'Identifier') return false;
  const method = parent.callee.property.name;
  if (SEARCHED_BY.has(method)) return parent.arguments.includes(lit as never);
  return (method === 'replace' || method === 'replaceAll') && parent.arguments[0] === lit;
}

/** A host or an origin written alone (`api.ciscospark.com`, `https://api.ciscospark.com:443/`): its host, lower-cased. */
function hostAlone(s: string): string | undefined {
  const m = /^(?:[a-z][a-z\d+.-]*:\/\/)?([a-z\d-]+(?:\.[a-z\d-]+)+)(?::\d+)?\/?$/i.exec(s.trim());
  return m?.[1]?.toLowerCase();
}

/**
 * One entry of a list of sources or hosts written in one string: a Content-Security-Policy directive name or
 * keyword (`connect-src`, `'self'`, `data:`, `*`), a host or an origin with an optional wildcard, port and path
 * (`https://*.example.com:443/v1/`), `localhost`, an IPv6 literal. Prose fails it (a word without a dot).
 */
const LIST_TOKEN = /^(?:\*|'[a-z\d+/=-]+'|[a-z]+(?:-[a-z]+)+|[a-z][a-z\d+.-]*:|(?:[a-z][a-z\d+.-]*:\/\/)?(?:\*\.)?(?:[a-z\d-]+(?:\.[a-z\d-]+)+|localhost|\[[\da-f:.]+\])(?::(?:\d+|\*))?(?:\/\S*)?)$/i;

/** Why a legacy host in a list that also names its replacement is only likely, and not rewritten. */
const LISTED_WITH_NEW = 'a list of hosts that already names the new host (an allow-list, a source list): it is not rewritten; drop the legacy entry once nothing sends to or receives it';

/**
 * The legacy API host as an entry of a list of hosts: a host or origin alone among an array's elements
 * (`['api.ciscospark.com']`, `new Set([...])`, an allow-list, a CORS or CSP source array), or a whole entry of a
 * source list written in one string (`"connect-src 'self' https://api.ciscospark.com"`, `NO_PROXY`-style
 * `"localhost,api.ciscospark.com"`). Such a list says which hosts are accepted or allowed; replacing its entry
 * would refuse the legacy host on the day the code still sends to it or receives it. So the fix adds the new host
 * beside the old one, which is right on both sides of any date, and where the list already names the new host
 * nothing is rewritten (the finding is likely: the legacy entry can go once nothing uses it). Undefined when the
 * literal is not such an entry (it is then judged as any other string).
 */
function listedHosts(file: FileContext, lit: Node & { value: string }, ctx: DetectorContext<HostDetection>, pattern: RegExp): RawMatch[] | undefined {
  const start = lit.range[0] + 1;
  const raw = file.text.slice(start, lit.range[1] - 1);
  if (raw !== lit.value) return undefined; // escapes: positions in the value are not positions in the source
  // Most literals of a candidate file name no legacy host: nothing to judge (and nothing for `scan` to report).
  pattern.lastIndex = 0;
  if (!pattern.test(raw)) return undefined;
  const legacy = new Set(legacyHosts(ctx.detection, ctx.catalog).map((h) => h.toLowerCase()));
  const to = new URL(ctx.catalog.hosts.apiBase).host;
  const parent = file.parentOf(lit);
  if (parent?.type === 'ArrayExpression') {
    const host = hostAlone(lit.value);
    if (!host || !legacy.has(host)) return undefined;
    pattern.lastIndex = 0;
    const m = pattern.exec(raw);
    if (!m) return undefined;
    const range: [number, number] = [start + m.index, start + m.index + m[0].length];
    const hasNew = parent.elements.some((e) => e?.type === 'Literal' && typeof e.value === 'string' && hostAlone(e.value) === to);
    if (hasNew) return [{ range, messageId: 'listedWithNew', data: { host: m[0], to }, confidence: 'likely', confidenceReason: LISTED_WITH_NEW }];
    const quote = file.text[lit.range[0]];
    const added = raw.slice(0, m.index) + to + raw.slice(m.index + m[0].length);
    return [{ range, messageId: 'listedHost', data: { host: m[0], to }, fix: [{ range: [lit.range[1], lit.range[1]], text: `, ${quote}${added}${quote}` }] }];
  }
  const tokens = raw.split(/[\s,;]+/).filter(Boolean);
  if (tokens.length < 2 || !tokens.every((t) => LIST_TOKEN.test(t))) return undefined;
  const hasNew = tokens.some((t) => hostAlone(t) === to);
  const out: RawMatch[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(raw); m; m = pattern.exec(raw)) {
    let from = m.index;
    while (from > 0 && !/[\s,;]/.test(raw[from - 1]!)) from--;
    let end = m.index + m[0].length;
    while (end < raw.length && !/[\s,;]/.test(raw[end]!)) end++;
    const token = raw.slice(from, end);
    const range: [number, number] = [start + m.index, start + m.index + m[0].length];
    if (!legacy.has(hostAlone(token) ?? '')) {
      // A URL with a path inside the list is an address like any other: replaced.
      out.push({ range, messageId: 'legacyHost', data: { host: m[0], to }, fix: [{ range, text: to }] });
      continue;
    }
    if (hasNew) {
      out.push({ range, messageId: 'listedWithNew', data: { host: m[0], to }, confidence: 'likely', confidenceReason: LISTED_WITH_NEW });
      continue;
    }
    // The separator the list uses beside this entry (a comma list stays a comma list; `;` ends a CSP directive, so a
    // space is used there).
    const before = /[\s,;]+$/.exec(raw.slice(0, from))?.[0] ?? /^[\s,;]+/.exec(raw.slice(end))?.[0] ?? ' ';
    const sep = before.includes(',') ? before.replace(/;/g, '') : ' ';
    const added = token.slice(0, m.index - from) + to + token.slice(m.index - from + m[0].length);
    out.push({ range, messageId: 'listedHost', data: { host: m[0], to }, fix: [{ range: [start + end, start + end], text: `${sep}${added}` }] });
  }
  return out;
}

export const hostDetector: Detector<HostDetection> = {
  kind: 'host',
  certainBecause: 'the legacy host serves the same paths on its replacement',
  messages: {
    legacyHost: '`{{host}}` is replaced by `{{to}}`. {{instead}}',
    regionalHost: '`{{host}}` stops working: call your region\'s host. {{instead}} Set {{regionOption}} to have it rewritten.',
    suggestRegionalHost: 'Use the `{{region}}` host `{{to}}`.',
    suggestHost: 'Use `{{to}}`.',
    listedHost: '`{{host}}` is replaced by `{{to}}`, which this list of hosts does not name: add `{{to}}` beside it. {{instead}}',
    listedWithNew: '`{{host}}` is replaced by `{{to}}`, which this list of hosts already names.',
  },
  tokens(d, catalog) {
    // The hosts as written, and as a regular expression writes them (`api\.ciscospark\.com`).
    const hosts = legacyHosts(d, catalog);
    return [...hosts, ...hosts.map((h) => h.replace(/\./g, '\\.'))];
  },
  detect(file: FileContext, ctx: DetectorContext<HostDetection>): RawMatch[] {
    const pattern = hostPattern(legacyHosts(ctx.detection, ctx.catalog));
    const scope = ctx.detection.scope?.endpoints.length ? ctx.detection.scope : undefined;
    const out: RawMatch[] = [];
    for (const lit of file.nodes(T.Literal)) {
      if ('regex' in lit && lit.regex) {
        out.push(...scanRegex(file, lit as unknown as { range: [number, number]; regex: { pattern: string } }, ctx));
        continue;
      }
      if (typeof lit.value !== 'string' || isReadOnlyPlaceholder(file, lit) || isRecognizer(file, lit)) continue;
      const listed = ctx.detection.hosts === 'legacyApi' ? listedHosts(file, lit as Node & { value: string }, ctx, pattern) : undefined;
      if (listed) {
        out.push(...listed);
        continue;
      }
      const judge: HostJudge | undefined = scope && ((range) => hostUseTie(file, lit, range, scope, ctx.catalog));
      out.push(...scan(file.text, lit.range[0] + 1, lit.range[1] - 1, ctx, pattern, judge));
    }
    for (const q of file.nodes(T.TemplateElement)) {
      const judge: HostJudge | undefined = scope && ((range) => hostUseTie(file, q, range, scope, ctx.catalog));
      out.push(...scan(file.text, q.range[0] + 1, q.range[1] - (q.tail ? 1 : 2), ctx, pattern, judge));
    }
    return out;
  },
  detectText(file: TextFile, ctx: DetectorContext<HostDetection>): RawMatch[] {
    const scope = ctx.detection.scope?.endpoints.length ? ctx.detection.scope : undefined;
    const judge: HostJudge | undefined = scope && ((range) => hostTextTie(file.text, range, scope, ctx.catalog));
    return scan(file.text, 0, file.text.length, ctx, hostPattern(legacyHosts(ctx.detection, ctx.catalog)), judge);
  },
  // The strings-only text: a host in a comment or an identifier is not seen.
  detectUnparsed(file, ctx) {
    return scan(file.text, 0, file.text.length, ctx, hostPattern(legacyHosts(ctx.detection, ctx.catalog)));
  },
};
