/**
 * `npm run bench:prefilter`: the prefilter's ways of asking "does this text hold a token, and which", measured
 * on the texts of real repositories read into memory (as the scan reads them: same walk, same decoding), so
 * the choice in engine/prefilter/prefilter.ts can be checked again. Every way is checked against the current
 * case-insensitive answer on every file before it is timed; one that differs is reported and not timed.
 *
 *   PREFILTER_BENCH_REPOS="babel=/path/to/babel,sdk=/path/to/webex-js-sdk" npm run bench:prefilter
 *
 * Without PREFILTER_BENCH_REPOS it says so and exits 0. PREFILTER_BENCH_ROUNDS (default 7): rounds, the ways
 * alternating within each round; the median per way is reported. PREFILTER_BENCH_AC: the path of an npm
 * Aho-Corasick module to compare (modern-ahocorasick's `dist/fast.js`; not a dependency of this project): it
 * segments text into graphemes and is far too slow for a whole corpus, so it runs on the first
 * PREFILTER_BENCH_AC_SAMPLE texts (default 100) beside the alternation on the same texts.
 *
 * Two questions are timed per corpus: "any" (does the text hold at least one token: most files hold none, and
 * this is all they cost) and "set" (the tokens present, which decide the detections to run: the whole
 * per-file cost of the prefilter).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { planDetections } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { PrefilterPlan, TokenScanner, tokenText } from '../engine/prefilter/prefilter.js';
import { escapeRegExp } from '../engine/prefilter/regexp.js';
import { findFiles } from '../cli/walk/files.js';
import { readText } from '../cli/walk/read.js';

interface Way {
  name: string;
  /** Whether the text holds at least one token (ignoring ASCII case). */
  any: (text: string) => boolean;
  /** The tokens (lower-cased) the text holds; undefined: this way answers "any" only. */
  set?: (text: string) => ReadonlySet<string>;
}

/** The prefilter before issue 18 item 4 (the reference every way must agree with): one alternation of all tokens with the `i` flag, then lower-case + `includes` per token. */
class BeforeScanner {
  readonly tokens: string[];
  private readonly any: RegExp;
  constructor(tokens: readonly string[]) {
    this.tokens = [...new Set(tokens)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
    this.any = new RegExp(this.tokens.map(escapeRegExp).join('|'), 'i');
  }
  hasAny(text: string): boolean {
    return this.any.test(text);
  }
  present(text: string): Set<string> {
    const found = new Set<string>();
    if (!this.hasAny(text)) return found;
    const lower = text.toLowerCase();
    for (const t of this.tokens) if (lower.includes(t)) found.add(t);
    return found;
  }
}

const repos = (process.env.PREFILTER_BENCH_REPOS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((entry) => {
    const eq = entry.indexOf('=');
    const dir = path.resolve(eq > 0 ? entry.slice(eq + 1) : entry);
    return { name: eq > 0 ? entry.slice(0, eq) : path.basename(dir), dir };
  });
const ROUNDS = Number(process.env.PREFILTER_BENCH_ROUNDS ?? 7);

/** Tokens that contain no other token: enough to answer "any". */
function minimal(tokens: readonly string[]): string[] {
  return tokens.filter((t) => !tokens.some((u) => u !== t && t.includes(u)));
}

const alternation = (tokens: readonly string[]): string => [...tokens].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');

/** `[cC][aA]...`: the `i` flag's meaning for ASCII tokens, written without it. */
const caseClasses = (token: string): string =>
  [...token].map((c) => (c.toLowerCase() !== c.toUpperCase() ? `[${c.toLowerCase()}${c.toUpperCase()}]` : escapeRegExp(c))).join('');

/** The tokens a global alternation steps through (every start position), closed under "is a substring of". */
function steppingSet(tokens: readonly string[], flags: string, lowerFirst: boolean): (text: string) => Set<string> {
  const re = new RegExp(alternation(tokens), `g${flags}`);
  // A token found also holds every token inside it: the alternation reports only the first (longest) at a position.
  const inside = new Map(tokens.map((t) => [t, tokens.filter((u) => t.includes(u))]));
  return (text) => {
    const found = new Set<string>();
    const subject = lowerFirst ? text.toLowerCase() : text;
    re.lastIndex = 0;
    for (let m = re.exec(subject); m; m = re.exec(subject)) {
      const t = lowerFirst ? m[0] : m[0].toLowerCase();
      if (!found.has(t)) for (const u of inside.get(t)!) found.add(u);
      re.lastIndex = m.index + 1;
    }
    return found;
  };
}

function ways(tokens: readonly string[], casings: readonly string[]): Way[] {
  const current = new BeforeScanner(tokens);
  const after = new TokenScanner(tokens);
  const min = minimal(tokens);
  const iMin = new RegExp(alternation(min), 'i');
  const csMin = new RegExp(alternation(min));
  const classes = new RegExp([...min].sort((a, b) => b.length - a.length).map(caseClasses).join('|'));
  const observed = new RegExp(alternation([...new Set([...min, ...casings])]));
  const lowerIncludes = (text: string): Set<string> => {
    const lower = text.toLowerCase();
    const found = new Set<string>();
    for (const t of tokens) if (lower.includes(t)) found.add(t);
    return found;
  };
  const list: Way[] = [
    { name: 'i-alternation, all tokens (before); set: lower-case + includes per token', any: (t) => current.hasAny(t), set: (t) => current.present(t) },
    { name: 'i-alternation, minimal tokens; set: lower-case + includes per token', any: (t) => iMin.test(t), set: (t) => (iMin.test(t) ? lowerIncludes(t) : new Set()) },
    { name: 'i-alternation, minimal tokens; set: global i-alternation stepping (after: TokenScanner)', any: (t) => after.hasAny(t), set: (t) => after.present(t) },
    { name: 'i-alternation as a trie of the minimal tokens', any: ((re) => (t: string) => re.test(t))(new RegExp(trie(min), 'i')) },
    { name: 'rare-bigram anchor per token (JS loop over the text) + compare', any: bigramAnchors(min) },
    { name: '[xX] classes alternation (no i flag), minimal tokens', any: (t) => classes.test(t) },
    { name: 'case-sensitive alternation of seen casings, then i-alternation when none', any: (t) => observed.test(t) || iMin.test(t) },
    { name: 'lower-case + case-sensitive alternation; set: stepping', any: (t) => csMin.test(t.toLowerCase()), set: ((step) => (t: string) => step(t))(steppingSet(tokens, '', true)) },
    {
      name: 'lower-case + indexOf per token',
      any: (t) => {
        const lower = t.toLowerCase();
        return min.some((x) => lower.includes(x));
      },
      set: lowerIncludes,
    },
    { name: 'first-byte filter (JS loop) + sticky i-alternation at candidate positions', any: firstByte(min) },
  ];
  return list;
}

/** A JavaScript loop over the text's characters: at a character some token starts with (either case), a sticky regular expression of those tokens. */
function firstByte(tokens: readonly string[]): (text: string) => boolean {
  const byFirst = new Map<number, string[]>();
  for (const t of tokens) for (const c of new Set([t[0]!.toLowerCase(), t[0]!.toUpperCase()])) byFirst.set(c.charCodeAt(0), [...(byFirst.get(c.charCodeAt(0)) ?? []), t]);
  const table: (RegExp | undefined)[] = new Array(128).fill(undefined);
  for (const [code, list] of byFirst) if (code < 128) table[code] = new RegExp(alternation(list), 'iy');
  return (text) => {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128) continue;
      const re = table[c];
      if (re === undefined) continue;
      re.lastIndex = i;
      if (re.test(text)) return true;
    }
    return false;
  };
}

/** A regular expression of the tokens as a trie: `e10(?:0(?:1|2)|1(?:0|1))|...`. */
function trie(words: readonly string[]): string {
  type Node = Map<string, Node | null>;
  const root: Node = new Map();
  for (const w of words) {
    let n = root;
    for (const c of w) {
      if (!n.has(c)) n.set(c, new Map());
      n = n.get(c)!;
    }
    n.set('', null);
  }
  const emit = (n: Node): string => {
    const alts: string[] = [];
    let end = false;
    for (const [c, k] of n) if (c === '') end = true;
    else alts.push(escapeRegExp(c) + emit(k!));
    if (alts.length === 0) return '';
    const body = alts.length === 1 ? alts[0]! : `(?:${alts.join('|')})`;
    return end ? `(?:${body})?` : body;
  };
  return emit(root);
}

/**
 * Each token anchored on its rarest two characters (by a letter-frequency guess), a table of those pairs in
 * either case, and a JavaScript loop over the text's character codes that compares the whole token where a
 * pair occurs (ASCII tokens only, as the catalog's are).
 */
function bigramAnchors(tokens: readonly string[]): (text: string) => boolean {
  const LETTERS = 'etaoinsrlcdpmuhfgbyvwkxjqz';
  const weight = (c: number): number => {
    const ch = String.fromCharCode(c);
    const k = LETTERS.indexOf(ch);
    if (k >= 0) return 26 - k * 0.9;
    if (ch === ' ' || ch === '\n') return 30;
    if ('./-_"\'(),;:='.includes(ch)) return 15;
    return /[0-9]/.test(ch) ? 8 : 5;
  };
  const table = new Int16Array(1 << 14).fill(-1);
  const lists: Array<Array<[string, number]>> = [];
  const upper = (c: number): number => (c >= 97 && c <= 122 ? c - 32 : c);
  for (const t of tokens) {
    let k = 0;
    for (let j = 1; j + 1 < t.length; j++) if (weight(t.charCodeAt(j)) * weight(t.charCodeAt(j + 1)) < weight(t.charCodeAt(k)) * weight(t.charCodeAt(k + 1))) k = j;
    const a = t.charCodeAt(k);
    const b = t.charCodeAt(k + 1);
    for (const x of new Set([a, upper(a)]))
      for (const y of new Set([b, upper(b)])) {
        const slot = (x << 7) | y;
        if (table[slot]! < 0) table[slot] = lists.push([]) - 1;
        lists[table[slot]!]!.push([t, k]);
      }
  }
  return (text) => {
    const n = text.length;
    let prev = n > 0 ? text.charCodeAt(0) : 0;
    for (let i = 1; i < n; i++) {
      const c = text.charCodeAt(i);
      if ((prev | c) < 128) {
        const s = table[(prev << 7) | c]!;
        if (s >= 0)
          for (const [t, k] of lists[s]!) {
            const start = i - 1 - k;
            if (start < 0 || start + t.length > n) continue;
            let j = 0;
            for (; j < t.length; j++) {
              const x = text.charCodeAt(start + j);
              const y = t.charCodeAt(j);
              if (x !== y && !(y >= 97 && y <= 122 && x === y - 32)) break;
            }
            if (j === t.length) return true;
          }
      }
      prev = c;
    }
    return false;
  };
}

/** Each token as written in the texts, when that differs from its lower case (`callerId`, `X-Spark-Signature`). */
function seenCasings(tokens: readonly string[], texts: readonly string[]): string[] {
  const re = new RegExp(alternation(tokens), 'gi');
  const seen = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(re)) if (m[0] !== m[0].toLowerCase()) seen.add(m[0]);
  return [...seen];
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function time<T>(texts: readonly T[], f: (text: T) => unknown): number {
  const t0 = process.hrtime.bigint();
  let sink = 0;
  for (const text of texts) if (f(text)) sink++;
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (sink < 0) throw new Error('unreachable');
  return ms;
}

async function main(): Promise<void> {
  if (repos.length === 0) {
    process.stdout.write('prefilter bench skipped: set PREFILTER_BENCH_REPOS="name=/path,..."\n');
    return;
  }
  const catalog = loadCatalog();
  const plan = planDetections(
    catalog.notices.filter((n) => n.status !== 'informational'),
    catalog,
  );
  // The literal search is measured: an object token (prefilter's objectToken) as its bare text.
  const tokens = [...new Set(plan.flatMap((p) => [...p.tokens, ...p.requires].map(tokenText)))];
  process.stdout.write(`node ${process.version}; ${os.availableParallelism()} cores; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}; ${tokens.length} tokens (${minimal(tokens).length} minimal); ${ROUNDS} rounds\n`);
  const corpora: Array<{ name: string; texts: string[]; config: boolean[] }> = [];
  for (const { name, dir } of repos) {
    if (!existsSync(dir)) {
      process.stdout.write(`skipped ${name}: ${dir} does not exist\n`);
      continue;
    }
    const found = findFiles({ cwd: dir, paths: ['.'], include: [], exclude: [], maxFileSize: 2 * 1024 * 1024, stat: false });
    const texts: string[] = [];
    const config: boolean[] = [];
    for (const file of found.files) {
      const read = readText(file);
      if (!('text' in read)) continue;
      texts.push(read.text.startsWith('\uFEFF') ? read.text.slice(1) : read.text);
      config.push(file.language === 'config');
    }
    corpora.push({ name, texts, config });
  }
  if (corpora.length === 0) return;
  const casings = seenCasings(tokens, corpora.flatMap((c) => c.texts));
  process.stdout.write(`token casings seen besides lower case: ${casings.length} (${casings.slice(0, 12).join(', ')}${casings.length > 12 ? ', ...' : ''})\n`);
  const all = ways(tokens, casings);
  const reference = new BeforeScanner(tokens);
  const rows: string[] = [];
  const entries = plan.map((p) => ({ tokens: p.tokens.map(tokenText), requires: p.requires.map(tokenText), config: Boolean(p.detector.detectText) }));
  const perLanguage = new PrefilterPlan(entries);
  const decideBefore = (text: string, config: boolean): boolean => {
    const present = reference.present(text);
    return entries.some((e) => (!config || e.config) && (e.tokens.length === 0 || e.tokens.some((t) => present.has(t))) && (e.requires.length === 0 || e.requires.some((t) => present.has(t))));
  };
  for (const { name, texts, config } of corpora) {
    // The whole decision per file (which files the engine parses), before and after: after, a configuration
    // file is searched for the tokens of the detections that read configuration files only.
    const bad = texts.findIndex((t, i) => decideBefore(t, config[i]!) !== perLanguage.needsAnalysis(t, config[i] ? 'config' : 'js'));
    if (bad >= 0) process.stdout.write(`  NOT SOUND: the per-language decision differs on text ${bad}\n`);
    const before: number[] = [];
    const afterMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      before.push(time(texts.map((t, i) => [t, config[i]] as const), ([t, c]) => decideBefore(t, c!)));
      afterMs.push(time(texts.map((t, i) => [t, config[i]] as const), ([t, c]) => perLanguage.needsAnalysis(t, c ? 'config' : 'js')));
    }
    const b = median(before);
    const a = median(afterMs);
    rows.push(`| ${name} | whole decision, before: all tokens for every file | ${b.toFixed(0)} ms | 1.00x | - | - |`);
    rows.push(`| ${name} | whole decision, after: PrefilterPlan (configuration files: their detections' tokens only) | ${a.toFixed(0)} ms | ${(a / b).toFixed(2)}x | - | - |`);
  }
  for (const { name, texts } of corpora) {
    const chars = texts.reduce((n, t) => n + t.length, 0);
    const expectAny = texts.map((t) => reference.hasAny(t));
    const expectSet = texts.map((t) => [...reference.present(t)].sort().join('\n'));
    const passing = expectAny.filter(Boolean).length;
    process.stdout.write(`\n${name}: ${texts.length} texts, ${(chars / 1e6).toFixed(1)} M characters, ${passing} hold some token\n`);
    // Soundness first: a way that answers differently on any file is not timed.
    const sound = all.filter((w) => {
      const t0 = Date.now();
      const badAny = texts.findIndex((t, i) => w.any(t) !== expectAny[i]);
      const badSet = w.set ? texts.findIndex((t, i) => [...w.set!(t)].sort().join('\n') !== expectSet[i]) : -1;
      if (badAny >= 0 || badSet >= 0) process.stdout.write(`  NOT SOUND, not timed: ${w.name} (text ${badAny >= 0 ? badAny : badSet})\n`);
      else process.stdout.write(`  same answers on every text: ${w.name} (${Date.now() - t0} ms)\n`);
      return badAny < 0 && badSet < 0;
    });
    const anyMs = new Map<Way, number[]>(sound.map((w) => [w, []]));
    const setMs = new Map<Way, number[]>(sound.filter((w) => w.set).map((w) => [w, []]));
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating, and in a different order each round, so a busy moment does not fall on one way.
      const order = round % 2 === 0 ? sound : [...sound].reverse();
      for (const w of order) {
        anyMs.get(w)!.push(time(texts, w.any));
        if (w.set) setMs.get(w)!.push(time(texts, w.set));
      }
    }
    const base = median(anyMs.get(sound[0]!)!);
    const baseSet = median(setMs.get(sound[0]!)!);
    for (const w of sound) {
      const a = median(anyMs.get(w)!);
      const s = w.set ? median(setMs.get(w)!) : undefined;
      rows.push(`| ${name} | ${w.name} | ${a.toFixed(0)} ms | ${(a / base).toFixed(2)}x | ${s === undefined ? '-' : `${s.toFixed(0)} ms`} | ${s === undefined ? '-' : `${(s / baseSet).toFixed(2)}x`} |`);
    }
  }
  const acPath = process.env.PREFILTER_BENCH_AC;
  if (acPath) {
    const mod = (await import(pathToFileURL(path.resolve(acPath)).href)) as { default: new (patterns: string[]) => { match(text: string): boolean } };
    const min = minimal(tokens);
    const ac = new mod.default(min);
    const iMin = new RegExp(alternation(min), 'i');
    for (const { name, texts } of corpora) {
      const sample = texts.slice(0, Number(process.env.PREFILTER_BENCH_AC_SAMPLE ?? 100));
      const chars = sample.reduce((n, t) => n + t.length, 0);
      const bad = sample.findIndex((t) => ac.match(t.toLowerCase()) !== reference.hasAny(t));
      const acMs = time(sample, (t) => ac.match(t.toLowerCase()));
      const reMs = time(sample, (t) => iMin.test(t));
      rows.push(`| ${name}, first ${sample.length} texts (${(chars / 1e6).toFixed(2)} M characters) | lower-case + Aho-Corasick (${acPath.split('/node_modules/')[1]?.split('/')[0] ?? acPath})${bad >= 0 ? ' NOT SOUND' : ''} | ${acMs.toFixed(0)} ms | ${(acMs / reMs).toFixed(0)}x the i-alternation (${reMs.toFixed(1)} ms) | - | - |`);
    }
  }
  process.stdout.write(`\n| corpus | way | any: ms | any / before | set: ms | set / before |\n|---|---|---:|---:|---:|---:|\n${rows.join('\n')}\n`);
}

await main();
