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

/** Where a list entry's fix adds the new host, and whether the list names it already. */
interface ListEntry {
  hasNew: boolean;
  /** Offset where the new entry is inserted, and the text inserted there (separator included). */
  at: number;
  text: string;
}

/**
 * The longest list of hosts read as one (a string, a line, an array's text): real ones are a few hundred characters.
 * A longer one's hosts are replaced as any others; reading it as a list once per host would cost its length per host
 * (a configuration line of 20,000 hosts kept a scan busy for minutes).
 */
const MAX_LIST = 4096;

/** The list entry `text[entry[0], entry[1])` with the legacy host at `range` (inside it) replaced by `to`: the entry the fix adds. */
function withNewHost(text: string, entry: readonly [number, number], range: readonly [number, number], to: string): string {
  return text.slice(entry[0], range[0]) + to + text.slice(range[1], entry[1]);
}

/** Separators of entries in a list of hosts written in one string. */
const LIST_SEPARATORS = /[\s,;]/;

/**
 * The legacy host at `range` as a whole entry of a list of sources or hosts written in one piece of text
 * `text[start, end)` (`"connect-src 'self' https://api.ciscospark.com"`, `"localhost,api.ciscospark.com"`, the value
 * of `ALLOWED_HOSTS=...`). Every entry must be a list token (prose fails), and there must be two at least. `open`
 * says that an interpolation touches the piece at its start or end (a template literal's part): that neighbour counts
 * as one entry, and a token that runs into it is not whole (`https://api.ciscospark.com/${path}` is an address).
 * Undefined when the host is not such an entry.
 */
function stringListEntry(text: string, start: number, end: number, range: readonly [number, number], legacy: ReadonlySet<string>, to: string, open = { start: false, end: false }): ListEntry | undefined {
  if (end - start > MAX_LIST) return undefined;
  const raw = text.slice(start, end);
  let from = range[0] - start;
  while (from > 0 && !LIST_SEPARATORS.test(raw[from - 1]!)) from--;
  let until = range[1] - start;
  while (until < raw.length && !LIST_SEPARATORS.test(raw[until]!)) until++;
  if ((open.start && from === 0) || (open.end && until === raw.length)) return undefined;
  const token = raw.slice(from, until);
  if (!legacy.has(hostAlone(token) ?? '')) return undefined;
  const parts = raw.split(/[\s,;]+/);
  const closed = parts.filter((t, i) => t !== '' && !(open.start && i === 0) && !(open.end && i === parts.length - 1));
  if (!closed.every((t) => LIST_TOKEN.test(t)) || closed.length + (open.start ? 1 : 0) + (open.end ? 1 : 0) < 2) return undefined;
  // The separator the list uses beside this entry (a comma list stays a comma list; `;` ends a CSP directive, so a
  // space is used there).
  const before = /[\s,;]+$/.exec(raw.slice(0, from))?.[0] ?? /^[\s,;]+/.exec(raw.slice(until))?.[0] ?? ' ';
  const sep = before.includes(',') ? before.replace(/;/g, '') : ' ';
  return { hasNew: closed.some((t) => hostAlone(t) === to), at: start + until, text: sep + withNewHost(text, [start + from, start + until], range, to) };
}

/** Whether an array names the new host, once per array (an array of many legacy hosts asks for each of them). */
const namesNew = new WeakMap<Node, boolean>();

/**
 * The legacy host alone among an array's string elements (`['api.ciscospark.com']`, `new Set([...])`, an allow-list,
 * a CORS or CSP source array): the fix adds the new host as one more element, in the same quotes.
 */
function arrayListEntry(file: FileContext, lit: Node & { value: string }, range: readonly [number, number], legacy: ReadonlySet<string>, to: string): ListEntry | undefined {
  const parent = file.parentOf(lit);
  if (parent?.type !== 'ArrayExpression') return undefined;
  const start = lit.range[0] + 1;
  const raw = file.text.slice(start, lit.range[1] - 1);
  if (raw !== lit.value || !legacy.has(hostAlone(raw) ?? '')) return undefined;
  const quote = file.text[lit.range[0]];
  const added = withNewHost(file.text, [start, lit.range[1] - 1], range, to);
  let hasNew = namesNew.get(parent);
  if (hasNew === undefined) namesNew.set(parent, (hasNew = parent.elements.some((e) => e?.type === 'Literal' && typeof e.value === 'string' && hostAlone(e.value) === to)));
  return { hasNew, at: lit.range[1], text: `, ${quote}${added}${quote}` };
}

/**
 * The legacy host as an entry of a list of hosts in a configuration file: the value of a `KEY=value` / `key: value`
 * line that is a list in one string (`ALLOWED_HOSTS=localhost,api.ciscospark.com`, quoted or not), an element of a
 * JSON or YAML flow array (`["localhost", "api.ciscospark.com"]`), or an item of a YAML block list
 * (`- api.ciscospark.com`, the new host added as the next item at the same indentation).
 */
function textListEntry(text: string, range: readonly [number, number], legacy: ReadonlySet<string>, to: string): ListEntry | undefined {
  // The line, looked for at most MAX_LIST characters each way: a longer line is not a list.
  const lo = Math.max(0, range[0] - MAX_LIST);
  const back = text.slice(lo, range[0]).lastIndexOf('\n');
  if (back < 0 && lo > 0) return undefined;
  const lineStart = back < 0 ? 0 : lo + back + 1;
  const ahead = text.slice(range[1], range[1] + MAX_LIST).indexOf('\n');
  if (ahead < 0 && range[1] + MAX_LIST < text.length) return undefined;
  const nl = ahead < 0 ? -1 : range[1] + ahead;
  const lineEnd = nl < 0 ? text.length : text[nl - 1] === '\r' ? nl - 1 : nl;
  const line = text.slice(lineStart, lineEnd);
  // A YAML block list item holding the host alone.
  const item = /^(\s*)-\s+(["']?)([^\s"'#]+)\2\s*(?:#.*)?$/.exec(line);
  if (item && legacy.has(hostAlone(item[3]!) ?? '')) {
    const indent = item[1]!;
    // Its list: the items at the same indentation right above and below it (within MAX_LIST characters).
    const isItem = (l: string): boolean => l.startsWith(`${indent}- `) || l.startsWith(`${indent}-\t`);
    const above = text.slice(Math.max(0, lineStart - MAX_LIST), lineStart).split(/\r?\n/).slice(0, -1).reverse();
    const below = nl < 0 ? [] : text.slice(nl + 1, nl + 1 + MAX_LIST).split(/\r?\n/);
    const block = (lines: string[]): string[] => {
      const k = lines.findIndex((l) => !isItem(l));
      return k < 0 ? lines : lines.slice(0, k);
    };
    const siblings = [...block(above), ...block(below)];
    const hasNew = siblings.some((l) => hostAlone(/^\s*-\s+(["']?)([^\s"'#]+)\1/.exec(l)?.[2] ?? '') === to);
    const value = lineStart + line.indexOf(item[3]!, indent.length + 1);
    const eol = nl >= 0 && text[nl - 1] === '\r' ? '\r\n' : '\n';
    return { hasNew, at: lineEnd, text: `${eol}${indent}- ${item[2]}${withNewHost(text, [value, value + item[3]!.length], range, to)}${item[2]}` };
  }
  // An element of a flow array: the token the host is in, bounded by brackets, commas, quotes or blanks.
  const STOP = /[\s,[\]"']/;
  let from = range[0];
  while (from > lineStart && !STOP.test(text[from - 1]!)) from--;
  let end = range[1];
  while (end < lineEnd && !STOP.test(text[end]!)) end++;
  const quote = text[from - 1] === '"' || text[from - 1] === "'" ? text[from - 1]! : '';
  if (quote === '' || text[end] === quote) {
    // The characters next to the element, blanks and line breaks skipped.
    let b = from - quote.length - 1;
    while (b >= 0 && /\s/.test(text[b]!)) b--;
    const afterAt = end + quote.length;
    let a = afterAt;
    while (a < text.length && /\s/.test(text[a]!)) a++;
    const [before, after] = [text[b], text[a]];
    const token = text.slice(from, end);
    const w0 = Math.max(0, from - MAX_LIST);
    const openAt = text.slice(w0, from).lastIndexOf('[');
    const open = openAt < 0 ? -1 : w0 + openAt;
    const closeAt = text.slice(end, end + MAX_LIST).indexOf(']');
    const close = closeAt < 0 ? -1 : end + closeAt;
    const inArray = open >= 0 && close >= 0 && !/[\]{}]/.test(text.slice(open + 1, from)) && !/[[{}]/.test(text.slice(end, close));
    if (inArray && (before === '[' || before === ',') && (after === ',' || after === ']') && legacy.has(hostAlone(token) ?? '')) {
      const elements = text.slice(open + 1, close).split(',').map((e) => e.trim().replace(/^(["'])(.*)\1$/, '$2'));
      const added = withNewHost(text, [from, end], range, to);
      return { hasNew: elements.some((e) => hostAlone(e) === to), at: afterAt, text: `, ${quote}${added}${quote}` };
    }
  }
  // The value of a key: a list in one string, quoted or not (a comment after an unquoted value is left out).
  const key = /^\s*(?:export\s+)?["']?[\w.-]+["']?\s*[=:]\s*/.exec(line);
  if (!key) return undefined;
  let start = lineStart + key[0].length;
  let stop = lineEnd;
  const q = text[start];
  if (q === '"' || q === "'") {
    const close = text.indexOf(q, start + 1);
    if (close < 0 || close > lineEnd) return undefined;
    start += 1;
    stop = close;
  } else {
    const comment = /\s[#;]/.exec(text.slice(start, lineEnd));
    if (comment) stop = start + comment.index;
    stop = start + text.slice(start, stop).replace(/[\s,]+$/, '').length;
  }
  if (range[0] < start || range[1] > stop) return undefined;
  return stringListEntry(text, start, stop, range, legacy, to);
}

/** The legacy API hosts (lower-cased) and their replacement, for the list checks; undefined for the call history hosts. */
function listsFor(ctx: DetectorContext<HostDetection>): { legacy: ReadonlySet<string>; to: string } | undefined {
  if (ctx.detection.hosts !== 'legacyApi') return undefined;
  return { legacy: new Set(legacyHosts(ctx.detection, ctx.catalog).map((h) => h.toLowerCase())), to: new URL(ctx.catalog.hosts.apiBase).host };
}

/** A legacy-host match as a list entry: the new host added beside it, or (the list names it) likely with no edit. */
function asListed(match: RawMatch, entry: ListEntry | undefined, to: string): RawMatch {
  if (!entry) return match;
  const data = { host: match.data?.host ?? '', to };
  return entry.hasNew
    ? { range: match.range, messageId: 'listedWithNew', data, confidence: 'likely', confidenceReason: LISTED_WITH_NEW }
    : { range: match.range, messageId: 'listedHost', data, fix: [{ range: [entry.at, entry.at], text: entry.text }] };
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
    const lists = listsFor(ctx);
    const out: RawMatch[] = [];
    for (const lit of file.nodes(T.Literal)) {
      if ('regex' in lit && lit.regex) {
        out.push(...scanRegex(file, lit as unknown as { range: [number, number]; regex: { pattern: string } }, ctx));
        continue;
      }
      if (typeof lit.value !== 'string' || isReadOnlyPlaceholder(file, lit) || isRecognizer(file, lit)) continue;
      const judge: HostJudge | undefined = scope && ((range) => hostUseTie(file, lit, range, scope, ctx.catalog));
      const [start, end] = [lit.range[0] + 1, lit.range[1] - 1];
      const found = scan(file.text, start, end, ctx, pattern, judge);
      // escapes: positions in the value are not positions in the source
      if (!lists || found.length === 0 || file.text.slice(start, end) !== lit.value) out.push(...found);
      else for (const m of found) out.push(asListed(m, arrayListEntry(file, lit as Node & { value: string }, m.range!, lists.legacy, lists.to) ?? stringListEntry(file.text, start, end, m.range!, lists.legacy, lists.to), lists.to));
    }
    for (const q of file.nodes(T.TemplateElement)) {
      const judge: HostJudge | undefined = scope && ((range) => hostUseTie(file, q, range, scope, ctx.catalog));
      const [start, end] = [q.range[0] + 1, q.range[1] - (q.tail ? 1 : 2)];
      const found = scan(file.text, start, end, ctx, pattern, judge);
      if (!lists || found.length === 0 || q.value.raw !== q.value.cooked) out.push(...found);
      else {
        const open = { start: file.text[q.range[0]] === '}', end: !q.tail };
        for (const m of found) out.push(asListed(m, stringListEntry(file.text, start, end, m.range!, lists.legacy, lists.to, open), lists.to));
      }
    }
    return out;
  },
  detectText(file: TextFile, ctx: DetectorContext<HostDetection>): RawMatch[] {
    const scope = ctx.detection.scope?.endpoints.length ? ctx.detection.scope : undefined;
    const judge: HostJudge | undefined = scope && ((range) => hostTextTie(file.text, range, scope, ctx.catalog));
    const found = scan(file.text, 0, file.text.length, ctx, hostPattern(legacyHosts(ctx.detection, ctx.catalog)), judge);
    const lists = listsFor(ctx);
    return lists ? found.map((m) => asListed(m, textListEntry(file.text, m.range!, lists.legacy, lists.to), lists.to)) : found;
  },
  // The strings-only text: a host in a comment or an identifier is not seen.
  detectUnparsed(file, ctx) {
    return scan(file.text, 0, file.text.length, ctx, hostPattern(legacyHosts(ctx.detection, ctx.catalog)));
  },
};
