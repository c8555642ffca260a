/**
 * Generates `docs/notices/<id>.md` for every notice and the notices table of README.md (between
 * `<!-- notices:start -->` and `<!-- notices:end -->`) from the catalog and the fixtures. Nothing here
 * lists notices by hand.
 *
 *   npm run docs              regenerate
 *   npm run docs -- --check   exit 1 when a generated file differs from what is on disk
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCatalog, packageRoot } from '../engine/catalog/catalog.js';
import { addDays, DEFAULT_WARN_WITHIN_DAYS } from '../engine/catalog/dates.js';
import { fixTimingOf } from '../engine/fix/timing.js';
import type { Catalog, Detection, Example, FixKind, Notice } from '../engine/types.js';
import { RULE_OPTION_PROPERTIES } from '../rules/options.js';
import { describeScope } from '../engine/api/scoped.js';

export const README_START = '<!-- notices:start -->';
export const README_END = '<!-- notices:end -->';
const GENERATED = '<!-- Generated from notices.json by scripts/gen-docs.ts (`npm run docs`); do not edit by hand. -->';

/** Relative path (from the package root) of a notice's doc. */
export const docPath = (id: string) => `docs/notices/${id}.md`;

const FIX_TEXT: Record<FixKind, string> = {
  autofix: '`autofix`: applied by `collab-migrate --fix`, ESLint `--fix` and the codemods',
  suggestion: '`suggestion`: offered in the editor (ESLint suggestion), never applied automatically',
  none: '`none`: reported only; the change needs a decision',
};

const STATUS_TEXT: Record<Notice['status'], string> = {
  dated: 'dated',
  pending: 'pending (announced for a future date not yet given)',
  contract: 'contract (a rule of the API, always in force)',
  informational: 'informational (listed and explained, never reported)',
};

const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  ts: 'ts', tsx: 'tsx', mts: 'ts', cts: 'ts', js: 'js', jsx: 'jsx', mjs: 'js', cjs: 'js',
  json: 'json', yaml: 'yaml', yml: 'yaml', env: 'sh', properties: 'properties', toml: 'toml',
};

/** A before/after pair shown in a notice's doc. */
export interface DocExample {
  language: string;
  before: string;
  /** The transitional form, where the notice's fix has one (`<case>.transitional.<ext>` or the catalog's). */
  transitional?: string;
  after: string;
  /** Where it comes from: a fixture path, or `the catalog`. */
  origin: string;
}

/**
 * The example of a notice: the first fixture pair of `test/fixtures/<id>/` (sorted `*.input.*` with its
 * `.output.*`), else the catalog's example.
 */
export function exampleOf(notice: Notice, root: string): DocExample | undefined {
  const dir = join(root, 'test/fixtures', notice.id);
  if (existsSync(dir)) {
    const inputs = readdirSync(dir).filter((f) => /\.input\.[^.]+$/.test(f)).sort();
    for (const input of inputs) {
      const output = input.replace(/\.input\.([^.]+)$/, '.output.$1');
      if (!existsSync(join(dir, output))) continue;
      const ext = /\.([^.]+)$/.exec(input)![1];
      const transitional = input.replace(/\.input\.([^.]+)$/, '.transitional.$1');
      return {
        language: LANGUAGE_BY_EXTENSION[ext] ?? ext,
        before: readFileSync(join(dir, input), 'utf8'),
        ...(existsSync(join(dir, transitional)) ? { transitional: readFileSync(join(dir, transitional), 'utf8') } : {}),
        after: readFileSync(join(dir, output), 'utf8'),
        origin: `test/fixtures/${notice.id}/${input}`,
      };
    }
  }
  const e: Example | undefined = notice.example;
  if (!e) return undefined;
  return { language: e.language === 'env' ? 'sh' : e.language, before: e.before, ...(e.transitional !== undefined ? { transitional: e.transitional } : {}), after: e.after, origin: 'the catalog' };
}

/** A fenced code block whose fence is longer than any backtick run inside. */
function fence(code: string, language: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  const body = code.replace(/\r\n/g, '\n').replace(/\n$/, '');
  return `${f}${language === 'text' ? '' : language}\n${body}\n${f}`;
}

/** Table cells may not hold `|` or line breaks. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** When a dated notice starts to warn by default: its deprecation, or `warnWithinDays` ahead. */
export function warnStart(notice: Notice, warnWithinDays = DEFAULT_WARN_WITHIN_DAYS): string | undefined {
  if (notice.status !== 'dated' || notice.effective === undefined) return undefined;
  const windowStart = addDays(notice.effective, -warnWithinDays);
  return notice.deprecated !== undefined && notice.deprecated < windowStart ? notice.deprecated : windowStart;
}

/** How the notice's fix behaves before and after its date (engine/fix/timing.ts), or undefined without a fix. */
export function fixTimingText(notice: Notice): string | undefined {
  if (notice.fix === 'none' || notice.status === 'informational') return undefined;
  const kind = fixTimingOf(notice);
  const date = notice.effective ?? 'the effective date';
  const what =
    notice.fix === 'suggestion'
      ? 'A suggestion only (never applied on save)'
      : kind === 'safe'
        ? '**Safe any day**: the fix writes the new form at once'
        : kind === 'expand-contract'
          ? `**Expand, then contract**: before ${date} the fix writes a transitional form that works on both sides of the date, and the final form is offered as a suggestion; the transitional form is not reported until ${date}; from then on it is reported again and the fix contracts it to the final form`
          : `**Final form only on the date**: before ${date} the fix is a suggestion (never applied on save or by \`--fix\`); from ${date} on it is an autofix`;
  const early = notice.fix === 'autofix' && kind !== 'safe' ? ' `--fix-mode final` (rule option `fixMode: "final"`) writes the final form early.' : '';
  return `${what}.${early}${notice.fixTiming ? ` ${notice.fixTiming.reason}` : ''}`;
}

/** The severity timeline in words (default warn window; `--before` can only bring the warning forward). */
export function severityTimeline(notice: Notice): string[] {
  switch (notice.status) {
    case 'informational':
      return ['Never reported: nothing in consumer code can be checked reliably (see below).'];
    case 'contract':
      return ['Always an **error** when violated: it is a rule of the API, not a dated change.'];
    case 'pending':
      return ['Always a **warning** (never an error) until the platform gives a date; always selected by `--before`.'];
    case 'dated': {
      const from = warnStart(notice)!;
      const why = notice.deprecated !== undefined && notice.deprecated === from ? 'deprecated' : `${DEFAULT_WARN_WITHIN_DAYS} days ahead`;
      return [
        `Until ${addDays(from, -1)}: off, unless \`--before\` is ${notice.effective} or later (then a **warning**).`,
        `From ${from} (${why}): **warning**.`,
        notice.breaking
          ? `From ${notice.effective} (effective): **error** (breaking); selected by \`--before ${notice.effective}\` and later.`
          : `From ${notice.effective} (effective): **warning** (not breaking: the old form keeps working for now); selected by \`--before ${notice.effective}\` and later.`,
      ];
    }
  }
}

const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function describeValue(v: unknown): string {
  if (Array.isArray(v)) return v.map((x) => describeValue(x)).join(', ');
  if (v !== null && typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => (x === null ? `\`${k}\` (no exact replacement)` : `\`${k}\` -> ${describeValue(x)}`))
      .join('; ');
  }
  if (typeof v === 'string') return `\`${v}\``;
  return `\`${String(v)}\``;
}

/** A detection in words: its kind, its note and its parameters. */
export function describeDetection(d: Detection): string {
  const { kind, note, scope, ...rest } = d as Detection & { note?: string };
  const params = Object.entries(rest)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${words(k)}: ${typeof v === 'boolean' ? (v ? 'yes' : 'no') : describeValue(v)}`);
  const head = `**${kind}**${note ? `: ${note}` : ''}`;
  const where = scope ? describeScope(scope, (url) => `[source](${url})`, kind).map((l) => `\n  ${l}`).join('') : '';
  return `${params.length > 0 ? `${head}\n  (${params.join('; ')})` : head}${where}`;
}

function datesTable(n: Notice): string[] {
  const rows: [string, string][] = [['Status', STATUS_TEXT[n.status]]];
  if (n.effective !== undefined) {
    const precision = n.precision && n.precision !== 'day' ? ` (${n.precision}: the earliest plausible day)` : '';
    rows.push(['Effective', `${n.effective}${precision}`]);
  }
  if (n.effectiveText !== undefined) rows.push(['In the source\'s words', n.effectiveText]);
  if (n.announced !== undefined) rows.push(['Announced', n.announced]);
  if (n.deprecated !== undefined) rows.push(['Deprecated from', n.deprecated]);
  if (n.dateHistory?.length) rows.push(['Earlier announced dates', `${n.dateHistory.join(' -> ')} -> ${n.effective ?? '?'}`]);
  for (const m of n.milestones ?? []) rows.push(['Also', `${m.date}: ${m.text}`]);
  rows.push(['Breaking', n.breaking ? 'yes' : 'no']);
  rows.push(['Area', n.area]);
  rows.push(['Fix', FIX_TEXT[n.fix]]);
  if (n.status !== 'informational') rows.push(['ESLint rule', `\`collab-migrate/${n.id}\``]);
  return ['| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${cell(v)} |`)];
}

/** The Markdown of `docs/notices/<id>.md`. */
export function renderNoticeDoc(n: Notice, root: string, references: Readonly<Record<string, string>> = {}): string {
  const out: string[] = [`# ${n.id}`, '', GENERATED, '', `**${n.title}**`, '', ...datesTable(n), '', n.summary, ''];
  out.push('## When it is reported', '', ...severityTimeline(n).map((l) => `- ${l}`), '');
  if (n.status !== 'informational' && n.detections.length > 0) out.push(...fixBehaviour(n), ...optionsSection(n));
  out.push('## What to do', '', n.instead, '');
  const timing = fixTimingText(n);
  if (timing) out.push('## Fix in time', '', timing, '');
  const url = n.source.url;
  const date = n.announced ?? n.effective;
  const title = url !== undefined ? (references[url] ?? 'Public documentation') : `Source ${n.source.section}`;
  out.push('## Source', '', `${url !== undefined ? `[${title}](${url})` : title}: ${n.area}${date !== undefined ? `, ${date}` : ''}.`);
  if (n.source.quote) out.push('', `As announced: "${n.source.quote}"`);
  if (n.source.docs !== undefined) out.push('', `The API as it is now: [${references[n.source.docs] ?? 'Public documentation'}](${n.source.docs}).`);
  out.push('');
  out.push('## What is detected', '');
  if (n.detections.length > 0) {
    for (const d of n.detections) out.push(`- ${describeDetection(d)}`);
    if (n.reason) out.push('', `Limits: ${n.reason}`);
  } else if (n.reason) {
    out.push(`Nothing is reported: ${n.reason}`);
  } else {
    out.push('No detection yet.');
  }
  out.push('');
  const example = exampleOf(n, root);
  if (example) {
    // The docs ship in the npm package and the test fixtures do not: say where an example comes from, never its path.
    out.push('## Example', '', `From ${example.origin === 'the catalog' ? 'the catalog' : 'a fixture of the test suite (each fix is tested on it)'}.`, '');
    out.push('Before:', '', fence(example.before, example.language), '');
    if (example.transitional !== undefined) {
      out.push(`Transitional form (what the fix writes before ${n.effective ?? 'the date'}: it works on both sides of the date):`, '', fence(example.transitional, example.language), '');
      out.push(`Final form (what the fix writes from ${n.effective ?? 'the date'} on, also contracting the transitional form):`, '', fence(example.after, example.language), '');
    } else {
      out.push('After:', '', fence(example.after, example.language), '');
    }
  }
  if (n.status !== 'informational' && n.detections.length > 0) out.push(...examplesSection(n, root));
  return `${out.join('\n')}`;
}

/** A code example of a rule: a fixture file that the rule reports (`incorrect`) or leaves alone (`correct`). */
export interface RuleExample {
  language: string;
  code: string;
  /** The fixture it comes from, relative to the package root. */
  origin: string;
}

const SOURCE_EXTENSION = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** The shortest JS/TS file of `test/fixtures/<id>/<kind>/` (by lines, then name): the example the docs show. */
export function ruleExample(id: string, kind: 'invalid' | 'valid', root: string): RuleExample | undefined {
  const dir = join(root, 'test/fixtures', id, kind);
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir)
    .filter((f) => SOURCE_EXTENSION.test(f))
    .map((f) => ({ f, code: readFileSync(join(dir, f), 'utf8') }))
    .sort((a, b) => a.code.split('\n').length - b.code.split('\n').length || a.f.localeCompare(b.f));
  const first = files[0];
  if (!first) return undefined;
  const ext = /\.([^.]+)$/.exec(first.f)![1];
  return { language: LANGUAGE_BY_EXTENSION[ext] ?? ext, code: first.code, origin: `test/fixtures/${id}/${kind}/${first.f}` };
}

/** The rule options that change what this notice's rule does (`today` always does). */
export function relevantOptions(n: Notice): Array<keyof typeof RULE_OPTION_PROPERTIES> {
  const kinds = n.detections.map((d) => d as Detection & { hosts?: unknown });
  const out: Array<keyof typeof RULE_OPTION_PROPERTIES> = [];
  if (kinds.some((d) => d.kind === 'host' && d.hosts === 'callHistory')) out.push('region');
  if (kinds.some((d) => d.kind === 'scope-list')) out.push('strictScopes');
  out.push('today');
  return out;
}

/** The Options section of a rule's doc, from the plugin's option schema. */
export function optionsSection(n: Notice): string[] {
  const rows = relevantOptions(n).map((key) => {
    const p = RULE_OPTION_PROPERTIES[key] as { type: string; enum?: readonly string[]; default?: unknown; description: string };
    const type = p.enum ? p.enum.map((v) => `\`'${v}'\``).join(' \\| ') : `\`${p.type}\``;
    const fallback = 'default' in p ? `\`${JSON.stringify(p.default)}\`` : key === 'today' ? 'the real date' : 'none';
    return `| \`${key}\` | ${type} | ${fallback} | ${cell(p.description)} |`;
  });
  return [
    '## Options',
    '',
    `Set per rule (\`'collab-migrate/${n.id}': ['error', { ... }]\`) or once for every rule in \`settings['collab-migrate']\` (what \`configs.configure()\` does). Each value is checked when the rule starts: an unknown key or a bad value is an error naming it.`,
    '',
    '| Option | Type | Default | Description |',
    '|---|---|---|---|',
    ...rows,
    '',
  ];
}

/** How the fix behaves before and on/after the effective date. */
export function fixBehaviour(n: Notice): string[] {
  const timing = (n as Notice & { fixTiming?: { kind: string; reason: string } }).fixTiming;
  const dated = n.status === 'dated' && n.effective !== undefined;
  const lines: string[] = [];
  switch (n.fix) {
    case 'autofix':
      if (timing && dated && timing.kind === 'expand-contract') {
        lines.push(`Before ${n.effective}: the autofix writes a transitional form that works on both sides of the date, and that form is not reported again until then.`, `From ${n.effective}: the transitional form is reported and contracted to the final form.`);
      } else if (timing && dated && timing.kind === 'final-only') {
        lines.push(`Before ${n.effective}: the final form is offered as a suggestion only (it would not work yet).`, `From ${n.effective}: the autofix applies it.`);
      } else {
        lines.push('Any day: the autofix applies the same edit; it works before and after the date.');
      }
      lines.push('Only findings tied to the notice with certainty are autofixed; a likely finding carries its edit as a suggestion.');
      if (timing?.reason) lines.push(`Why: ${timing.reason}`);
      break;
    case 'suggestion':
      lines.push('Any day: suggestions only (ESLint `suggest`, shown in the editor); nothing is rewritten automatically.');
      break;
    case 'none':
      lines.push('Reported only, on every day: the change needs a decision, so nothing is rewritten or suggested.');
      break;
  }
  return ['## Fix behaviour by date', '', ...lines.map((l) => `- ${l}`), ''];
}

/** The examples section of a rule's doc: incorrect and correct code from its fixtures (linted by test/docs-examples.test.ts). */
export function examplesSection(n: Notice, root: string): string[] {
  const bad = ruleExample(n.id, 'invalid', root);
  const good = ruleExample(n.id, 'valid', root);
  if (!bad && !good) return [];
  const out = ['## Examples', ''];
  if (bad) out.push('### Incorrect', '', `Reported (the lines marked \`expect:\` are the findings; \`${bad.origin.split('/').pop()}\` of the test suite):`, '', fence(bad.code, bad.language), '');
  if (good) out.push('### Correct', '', `Not reported (\`${good.origin.split('/').pop()}\` of the test suite):`, '', fence(good.code, good.language), '');
  return out;
}

/** Notices in README order: by effective date, then undated ones (pending, contract, informational), by id. */
export function readmeOrder(notices: readonly Notice[]): Notice[] {
  const rank = { dated: 0, pending: 1, contract: 2, informational: 3 } as const;
  return [...notices].sort((a, b) => {
    if (a.effective !== undefined && b.effective !== undefined) return a.effective.localeCompare(b.effective) || a.id.localeCompare(b.id);
    if (a.effective !== undefined) return -1;
    if (b.effective !== undefined) return 1;
    return rank[a.status] - rank[b.status] || a.id.localeCompare(b.id);
  });
}

/** The README's notices block, markers included. */
export function renderReadmeBlock(notices: readonly Notice[], reviewed?: string): string {
  const rows = readmeOrder(notices).map((n) => {
    const effective = n.effective ?? (n.status === 'contract' ? 'always' : n.status === 'pending' ? 'pending' : '-');
    return `| [${n.id}](${docPath(n.id)}) | ${n.status} | ${effective} | ${n.fix} | ${cell(n.title)} |`;
  });
  const age = reviewed !== undefined ? ['', `The catalog was last reviewed against the platform's [API changelog](https://developer.webex.com/docs/api/changelog) on ${reviewed}; a run more than 90 days later says so once.`] : [];
  return [README_START, GENERATED, '', '| Notice | Status | Effective | Fix | Title |', '|---|---|---|---|---|', ...rows, ...age, README_END].join('\n');
}

/** README.md with its notices block replaced (or appended when the markers are missing). */
export function updateReadme(current: string | undefined, block: string): string {
  if (current === undefined) return `${block}\n`;
  const start = current.indexOf(README_START);
  const end = current.indexOf(README_END);
  if (start === -1 || end === -1 || end < start) return `${current.replace(/\n*$/, '\n\n')}${block}\n`;
  return current.slice(0, start) + block + current.slice(end + README_END.length);
}

/** Every generated file: relative path -> content (README.md included). */
export function generateDocs(root = packageRoot(), notices: readonly Notice[] = loadCatalog().notices, catalog: Pick<Catalog, 'references' | 'reviewed'> = loadCatalog().catalog): Map<string, string> {
  const files = new Map<string, string>();
  for (const n of notices) files.set(docPath(n.id), renderNoticeDoc(n, root, catalog.references));
  const readme = join(root, 'README.md');
  files.set('README.md', updateReadme(existsSync(readme) ? readFileSync(readme, 'utf8') : undefined, renderReadmeBlock(notices, catalog.reviewed)));
  return files;
}

/** Docs that differ from what the catalog generates, and stale docs of notices no longer in it. */
export function checkDocs(root = packageRoot(), notices: readonly Notice[] = loadCatalog().notices): string[] {
  const drift: string[] = [];
  const files = generateDocs(root, notices);
  for (const [rel, content] of files) {
    const file = join(root, rel);
    if (!existsSync(file)) drift.push(`${rel}: missing`);
    else if (readFileSync(file, 'utf8') !== content) drift.push(`${rel}: out of date`);
  }
  for (const rel of staleDocs(root, files)) drift.push(`${rel}: no such notice in the catalog`);
  return drift;
}

function staleDocs(root: string, files: Map<string, string>): string[] {
  const dir = join(root, 'docs/notices');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/notices/${f}`)
    .filter((rel) => !files.has(rel));
}

/** Writes every generated file and removes docs of notices no longer in the catalog. Returns the paths written. */
export function writeDocs(root = packageRoot(), notices: readonly Notice[] = loadCatalog().notices): string[] {
  const files = generateDocs(root, notices);
  const written: string[] = [];
  for (const [rel, content] of files) {
    const file = join(root, rel);
    if (existsSync(file) && readFileSync(file, 'utf8') === content) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    written.push(rel);
  }
  for (const rel of staleDocs(root, files)) unlinkSync(join(root, rel));
  return written;
}

function main(argv: string[]): number {
  if (argv.includes('--check')) {
    const drift = checkDocs();
    if (drift.length === 0) return 0;
    process.stderr.write(`${drift.map((d) => `  ${d}`).join('\n')}\ndocs are out of date: run \`npm run docs\`\n`);
    return 1;
  }
  const written = writeDocs();
  process.stdout.write(written.length === 0 ? 'docs are up to date\n' : `wrote ${written.length} file(s)\n`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
