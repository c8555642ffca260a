/**
 * The catalog against the platform's document (../shared/seed/…, read at test time) and ../shared/CATALOG.md:
 * quotes are the document's words, every value map entry and host is the document's, the facts the document
 * adds are all held, no user-facing text cites "the seed", every link the product prints or embeds resolves,
 * and the catalog knows its age. The document tests skip (visibly) only where ../shared is absent; CI has it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog, packageRoot } from '../engine/catalog/catalog.js';
import { addDays, isSelected, severityOf } from '../engine/catalog/dates.js';
import { CATALOG_MAX_AGE_DAYS, catalogAge, citation, docsBaseUrl, isLocalUrl, noticeDocUrl, repositoryWebUrl } from '../engine/catalog/sources.js';
import type { Notice, RequestFieldDetection, ValueMapDetection } from '../engine/types.js';
import { informationUri, docsUrl as cliDocsUrl } from '../cli/package-info.js';
import plugin from '../rules/index.js';
import { assertBuilt, cli, cliInProcess, removeTree, tempTree } from './cli/run.js';

const root = packageRoot();
const seedFile = resolve(root, '../shared/seed/000_d16878d109f8438f.txt');
const catalogMd = resolve(root, '../shared/CATALOG.md');
const seed = existsSync(seedFile) ? readFileSync(seedFile, 'utf8') : undefined;
const md = existsSync(catalogMd) ? readFileSync(catalogMd, 'utf8') : undefined;
if (seed === undefined) console.warn(`catalog-truth: ${seedFile} not found: the tests against the document are skipped`);

const loaded = loadCatalog();
const notice = (id: string): Notice => {
  const n = loaded.get(id);
  if (!n) throw new Error(`no notice ${id}`);
  return n;
};
const maps = (id: string): Record<string, string | null>[] => notice(id).detections.filter((d): d is ValueMapDetection => d.kind === 'value-map').map((d) => d.map);
const merged = (id: string): Record<string, string | null> => Object.assign({}, ...maps(id)) as Record<string, string | null>;
const squash = (s: string) => s.replace(/\s+/g, ' ');

/** Every user-facing string of a notice (what `explain`, the docs and the messages show). */
function userTexts(n: Notice): string[] {
  const out = [n.title, n.summary, n.instead, n.reason ?? '', n.effectiveText ?? '', n.source.quote ?? '', n.example?.before ?? '', n.example?.after ?? ''];
  for (const m of n.milestones ?? []) out.push(m.text);
  for (const d of n.detections) {
    out.push(d.note ?? '');
    if ('change' in d) out.push(d.change ?? '');
  }
  return out;
}

describe('quotes are the document\'s words, shortened only with "..."', () => {
  for (const n of loaded.notices) {
    it.skipIf(seed === undefined || n.source.quote === undefined)(n.id, () => {
      const text = squash(seed!);
      for (const part of n.source.quote!.split(/\s*\.\.\.,?\s*/).map((p) => p.trim()).filter(Boolean)) {
        expect(text, `${n.id}: "${part}" is not in the document`).toContain(squash(part));
      }
    });
  }

  it('the regional-hosts quote keeps the government host', () => {
    expect(notice('call-history-regional-hosts').source.quote).toMatch(/the government host \{analytics_calling_gov_url\} is unchanged/);
  });
});

describe('no user-facing text cites "the seed"', () => {
  it('notices, scopes note, explain output, generated docs, schema descriptions, README and docs/', () => {
    const hits: string[] = [];
    for (const n of loaded.notices) for (const t of userTexts(n)) if (/\bseed\b/i.test(t)) hits.push(`${n.id}: ${t}`);
    if (/\bseed\b/i.test(loaded.scopes.note ?? '')) hits.push('scopes.note');
    const files = ['README.md', 'notices.schema.json', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`), ...readdirSync(join(root, 'docs/notices')).map((f) => `docs/notices/${f}`)];
    for (const f of files) {
      readFileSync(join(root, f), 'utf8').split('\n').forEach((line, i) => {
        // The evaluation's own test corpora have a random `seed` (FUZZ_SEED); only the document is meant here.
        if (/\bseed\b/i.test(line) && !/FUZZ_SEED|fast-check|--seed|BENCH_SEED|seed \d/.test(line)) hits.push(`${f}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(hits).toEqual([]);
  });
});

describe('facts of the document, entry by entry', () => {
  it.skipIf(md === undefined)('license names 2026-01-26: exactly the six exact renames of CATALOG.md, autofixed', () => {
    const line = md!.split('\n').slice(md!.split('\n').findIndex((l) => l.includes('License names, 2026-01-26'))).slice(0, 4).join(' ');
    const pairs = [...line.matchAll(/`([^`]+)` ->\s+`([^`]+)`/g)].map((m) => [m[1], m[2]]);
    expect(pairs).toHaveLength(6);
    const map = merged('license-names-shortened');
    expect(Object.keys(map).sort()).toEqual(pairs.map(([from]) => from).sort());
    for (const [from, to] of pairs) expect(map[from], from).toBe(to);
    expect(notice('license-names-shortened').fix).toBe('autofix');
    expect(notice('license-names-shortened').effective).toBe('2026-01-26');
  });

  it.skipIf(seed === undefined)('later license renames: each exact pair of the document\'s 2026-04-27 / 2026-06-29 row, the voice licence reported without a fix', () => {
    const row = seed!.split('\n').find((l) => l.startsWith('| 2026-04-27 / 2026-06-29 |'))!;
    const pairs = [...row.matchAll(/([A-Z][A-Za-z -]+?) becomes ([A-Z][A-Za-z -]+?)(?=,|\))/g)].map((m) => [m[1].trim(), m[2].trim()]).filter(([, to]) => !/-style/.test(to));
    expect(pairs).toEqual([
      ['CX Essentials Standard', 'Calling Standard'],
      ['Customer Experience - Essential', 'Customer Assist - Essential'],
    ]);
    const map = merged('license-names-further-renamed');
    for (const [from, to] of pairs) expect(map[from], from).toBe(to);
    expect(row).toMatch(/voice license becomes Enhanced Calling-style name/);
    expect(map['Webex Voice']).toBeNull();
    const n = notice('license-names-further-renamed');
    expect([n.effective, n.effectiveText, n.milestones?.map((m) => m.date)]).toEqual(['2026-04-27', '2026-04-27 / 2026-06-29', ['2026-06-29']]);
    // The earlier renames do not carry the later ones (their own dates, their own rule).
    expect(Object.keys(merged('license-names-shortened'))).not.toContain('CX Essentials Standard');
  });

  it('the summary of license-names-shortened matches its own example (the brand word stays where the example keeps it)', () => {
    const n = notice('license-names-shortened');
    expect(n.summary).not.toMatch(/brand word/);
    expect(n.summary).toContain('`Single License - Webex Calling` becomes `Webex Calling`');
  });

  it.skipIf(md === undefined)('call history hosts: the legacy, government legacy, government and four regional hosts of CATALOG.md', () => {
    const h = loaded.hosts.callHistory;
    expect(md).toContain(`Detailed call history, legacy: \`${h.legacy}\``);
    expect(squash(md!)).toContain(`government legacy: \`${h.govLegacy}\`, replaced by \`${h.gov}\``);
    for (const [region, label] of [['us', 'US/Canada'], ['eu', 'EU/EUN'], ['in', 'India'], ['au', 'Australia']] as const) {
      expect(squash(md!), region).toContain(`${label} \`${h.regional[region]}\``);
    }
  });

  it('the government legacy host gets its one successor, exactly, with or without a region; the government host is never reported', () => {
    const notices = [notice('call-history-regional-hosts')];
    const gov = loaded.hosts.callHistory;
    const text = `const GOV = 'https://${gov.govLegacy}/v1/cdr_feed';\nconst NEW = 'https://${gov.gov}/v1/cdr_feed';\n`;
    for (const engine of [{}, { region: 'eu' as const }]) {
      const { matches } = analyzeFile({ filename: 'a.ts', text }, { catalog: loaded, notices, engine });
      expect(matches.map((m) => [m.loc.start.line, m.fix?.map((e) => e.text)])).toEqual([[1, [gov.gov]]]);
    }
  });

  it.skipIf(seed === undefined)('token lifetimes: 14 days (1209600 s) and 90 days (7776000 s), renewed on each refresh', () => {
    expect(seed).toContain('1209600 (14 days)');
    expect(seed).toContain('7776000 (90 days)');
    expect(seed).toContain('renewed on each refresh');
    const s = notice('oauth-token-lifetimes').summary;
    for (const fact of ['14 days', '1209600', '90 days', '7776000', 'renews the refresh token']) expect(s).toContain(fact);
  });

  it.skipIf(seed === undefined)('token endpoint: the required parameters of both tables of section 4.2, and only their two grant types', () => {
    const section = seed!.slice(seed!.indexOf('### 4.2 Token endpoint'), seed!.indexOf('### 4.3'));
    const [exchange, refresh] = section.split('Refresh (all required)').map((t) => [...t.matchAll(/^\| (\w+) \| [^|]+ \| ([^|]+) \|$/gm)].filter((m) => m[1] !== 'Parameter'));
    const grant = (rows: RegExpMatchArray[]) => /`(\w+)`/.exec(rows.find((m) => m[1] === 'grant_type')![2])![1];
    const fields = (rows: RegExpMatchArray[]) => rows.map((m) => m[1]).filter((f) => f !== 'grant_type').sort();
    const detections = notice('token-endpoint-required-parameters').detections as RequestFieldDetection[];
    const required = (g: string) => detections.find((d) => d.required && d.when?.grant_type?.includes(g))!.fields.slice().sort();
    expect(required(grant(exchange))).toEqual(fields(exchange));
    expect(required(grant(refresh))).toEqual(fields(refresh));
    expect(detections.find((d) => d.oneOf)!.oneOf!.slice().sort()).toEqual([grant(exchange), grant(refresh)].sort());
    expect(notice('token-endpoint-required-parameters').status).toBe('contract');
  });

  it.skipIf(md === undefined || seed === undefined)('admin batch jobs webhook: resource adminBatchJobs, event statusChanged', () => {
    expect(seed).toContain('reports status changes of admin batch jobs');
    expect(md).toContain('resource `adminBatchJobs`, event `statusChanged`');
    expect(notice('webhook-admin-batch-jobs').summary).toContain('resource `adminBatchJobs`, event `statusChanged`');
  });

  it.skipIf(seed === undefined)('every field and value of the document\'s section 2.3 table is held by a notice', () => {
    const table = seed!.slice(seed!.indexOf('### 2.3 Other field names'), seed!.indexOf('Fields of rooms, messages'));
    const names = new Set([...table.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
    const held = loaded.notices.map((n) => JSON.stringify([n.summary, n.detections]));
    const missing = [...names].filter((name) => !held.some((t) => t.includes(`\`${name}\``) || t.includes(`"${name}"`)));
    expect(missing).toEqual([]);
  });

  it('every extra scope names the public page that documents it', () => {
    const sources = loaded.scopes.sources ?? {};
    for (const s of loaded.scopes.extra) {
      expect(sources[s], s).toBeDefined();
      expect(loaded.catalog.references[sources[s]], s).toBeDefined();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Links
// ---------------------------------------------------------------------------------------------

/** The platform's public documentation the catalog names: its `references`, all on the platform's own sites. */
const references = loaded.catalog.references;
const isPlatformPage = (url: string) => /^https:\/\/(developer\.webex\.com\/|github\.com\/webex\/)/.test(url);

/** The project's own pages on GitHub (package.json `repository`, at this version's tag): they exist when the file does. */
const ownDocs = /^https:\/\/github\.com\/collab-migrate\/collab-migrate\/blob\/v\d+\.\d+\.\d+[^/]*\/(docs\/[a-z0-9/-]+\.md)$/;

function expectResolves(link: string, where: string): void {
  const own = ownDocs.exec(link);
  if (own) {
    expect(existsSync(join(root, own[1]!)), `${where}: ${link} names ${own[1]}, which does not exist`).toBe(true);
    return;
  }
  if (link.startsWith('file:')) {
    expect(existsSync(fileURLToPath(link)), `${where}: ${link} does not exist`).toBe(true);
    return;
  }
  expect(references[link], `${where}: ${link} is not a page of the platform's public docs named in the catalog`).toBeDefined();
}

describe('every link the product prints or embeds resolves', () => {
  it('the catalog names only the platform\'s own public pages, and every URL in its texts is one of them', () => {
    for (const url of Object.keys(references)) expect(isPlatformPage(url), url).toBe(true);
    for (const n of loaded.notices) {
      if (n.source.url !== undefined) expectResolves(n.source.url, `${n.id} source`);
      if (n.source.docs !== undefined) expectResolves(n.source.docs, `${n.id} source.docs`);
      expect(n.source.url, `${n.id} cites a public page`).toBeDefined();
      for (const t of userTexts(n)) for (const m of t.matchAll(/https?:\/\/[^\s)`'"]+/g)) if (!/webexapis\.com|ciscospark\.com|webex\.com\/v1|example|localhost/.test(m[0])) expectResolves(m[0], n.id);
    }
  });

  it('ESLint meta.docs.url, SARIF helpUri/informationUri and explain point to pages that exist', () => {
    for (const [id, rule] of Object.entries(plugin.rules)) expectResolves((rule.meta?.docs as { url: string }).url, `rule ${id}`);
    for (const n of loaded.notices) {
      expectResolves(cliDocsUrl(n.id), `docsUrl ${n.id}`);
      expectResolves(noticeDocUrl(n.id), `noticeDocUrl ${n.id}`);
    }
    expect(informationUri()).toMatch(/^https:\/\/github\.com\/collab-migrate\/collab-migrate/);
    expect(noticeDocUrl('x-y', 'https://docs.example.org/collab')).toBe('https://docs.example.org/collab/x-y.md');
  });

  it('package.json names the repository, and every link of the per-notice docs is a web address built from it', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { repository: { url: string }; homepage: string; bugs: { url: string }; version: string };
    expect(pkg.repository.url).toBe('git+https://github.com/collab-migrate/collab-migrate.git');
    expect(pkg.homepage).toMatch(/^https:\/\/github\.com\/collab-migrate\/collab-migrate/);
    expect(pkg.bugs.url).toMatch(/^https:\/\/github\.com\/collab-migrate\/collab-migrate\/issues$/);
    expect(docsBaseUrl('')).toBe(`https://github.com/collab-migrate/collab-migrate/blob/v${pkg.version}/docs/notices/`);
    expect(docsBaseUrl('https://intranet.example/collab')).toBe('https://intranet.example/collab/');
    expect(noticeDocUrl('x-y', '')).toMatch(/^file:.*docs\/notices\/x-y\.md$/);
    expect(isLocalUrl(noticeDocUrl('x-y', ''))).toBe(true);
    expect(informationUri()).toBe(pkg.homepage);
  });

  it('a repository address becomes a web address only when it is one of GitHub\'s forms', () => {
    for (const form of ['git+https://github.com/o/r.git', 'https://github.com/o/r', 'github:o/r', 'o/r', 'git@github.com:o/r.git', { url: 'git://github.com/o/r.git' }]) expect(repositoryWebUrl(form), JSON.stringify(form)).toBe('https://github.com/o/r');
    for (const form of ['file:///tmp/x', 'https://gitlab.example/o/r', 42, null, { url: 'javascript:alert(1)' }]) expect(repositoryWebUrl(form), JSON.stringify(form)).toBeUndefined();
  });

  it('the generated docs, README and docs/ link only to files that exist and to the catalog\'s public pages', () => {
    const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`), ...readdirSync(join(root, 'docs/notices')).map((f) => `docs/notices/${f}`)];
    for (const f of files) {
      const text = readFileSync(join(root, f), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)|<(https?:[^>]+)>/g)) {
        const link = (m[1] ?? m[2]).replace(/#.*$/, '');
        if (link === '') continue;
        if (/^https?:/.test(link)) expectResolves(link, f);
        else expect(existsSync(resolve(root, f, '..', link)), `${f}: ${link}`).toBe(true);
      }
    }
  });

  it('citations name the public page, the area and the date', () => {
    expect(citation(notice('license-names-shortened'), references)).toBe('Webex API changelog, licenses, 2026-01-26: https://developer.webex.com/docs/api/changelog');
  });
});

// ---------------------------------------------------------------------------------------------
// A catalog that knows its age
// ---------------------------------------------------------------------------------------------

describe('the catalog\'s age', { timeout: 180_000 }, () => {
  const reviewed = loaded.catalog.reviewed;
  const atLimit = addDays(reviewed, CATALOG_MAX_AGE_DAYS);
  const pastLimit = addDays(reviewed, CATALOG_MAX_AGE_DAYS + 1);
  let dir: string;
  beforeAll(() => {
    assertBuilt();
    dir = tempTree({ 'src/a.ts': "const GOV = 'https://analytics-f.webex.com/v1/cdr_feed';\n", 'src/b.ts': 'export const b = 1;\n' });
  });
  afterAll(() => removeTree(dir));

  it('is stale only more than 90 days after its review', () => {
    expect(catalogAge(reviewed, atLimit)).toEqual({ reviewed, days: 90, stale: false });
    expect(catalogAge(reviewed, pastLimit)).toEqual({ reviewed, days: 91, stale: true });
  });

  it('90 days after the review: nothing said, JSON and SARIF say not stale', async () => {
    const r = cli(['--today', atLimit, '--format', 'json', 'src'], { cwd: dir });
    expect(r.stderr).not.toMatch(/last reviewed/);
    const report = JSON.parse(r.stdout) as { catalog: { reviewed: string; daysSinceReview: number; stale: boolean } };
    expect(report.catalog).toEqual({ reviewed, daysSinceReview: 90, stale: false });
    const sarif = JSON.parse((await cliInProcess(['--today', atLimit, '--format', 'sarif', 'src'], { cwd: dir })).stdout) as { runs: { properties: Record<string, unknown> }[] };
    expect(sarif.runs[0].properties).toMatchObject({ catalogReviewed: reviewed, catalogStale: false });
  });

  it('91 days after: said once on stderr (whatever the outputs), and in the JSON and SARIF run properties', async () => {
    const r = await cliInProcess(['--today', pastLimit, '--format', 'json', 'src', '--sarif-output', 'out.sarif'], { cwd: dir });
    expect(r.stderr.match(/last reviewed against the platform's API changelog on \d{4}-\d{2}-\d{2}, 91 days before/g)).toHaveLength(1);
    expect(r.stderr).toMatch(/newer notices may exist\. Update collab-migrate, or add them with --notices\./);
    expect((JSON.parse(r.stdout) as { catalog: unknown }).catalog).toEqual({ reviewed, daysSinceReview: 91, stale: true });
    const sarif = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8')) as { runs: { properties: Record<string, unknown> }[] };
    expect(sarif.runs[0].properties).toMatchObject({ catalogReviewed: reviewed, catalogStale: true });
  });

  it('`notices` and `explain` show the review date', async () => {
    expect((await cliInProcess(['notices', '--today', atLimit], { cwd: dir })).stdout).toContain(`catalog reviewed against the platform's API changelog on ${reviewed}`);
    const explain = (await cliInProcess(['explain', 'license-names-shortened', '--today', atLimit], { cwd: dir })).stdout;
    expect(explain).toContain(`catalog reviewed against the platform's API changelog on ${reviewed}`);
    expect(explain).toMatch(/Source:\s+Webex API changelog, licenses, 2026-01-26: https:\/\/developer\.webex\.com\/docs\/api\/changelog/);
    const docs = /Docs:\s+(\S+)/.exec(explain)![1];
    expectResolves(docs, 'explain');
  });
});

describe('the later licence renames keep their own dates in selection, severity and the timeline', () => {
  const first = notice('license-names-shortened');
  const later = notice('license-names-further-renamed');
  it('--before selects each by its own effective day (inclusive)', () => {
    expect([isSelected(first, { before: '2026-04-26' }), isSelected(later, { before: '2026-04-26' })]).toEqual([true, false]);
    expect(isSelected(later, { before: '2026-04-27' })).toBe(true);
  });
  it('severities follow 2026-04-27, not 2026-01-26', () => {
    const on = (today: string) => [severityOf(first, { today, warnWithinDays: 90 }), severityOf(later, { today, warnWithinDays: 90 })];
    expect(on('2026-01-26')).toEqual(['error', 'off']); // 91 days ahead: outside the default 90-day window
    expect(on('2026-01-27')).toEqual(['error', 'warn']);
    expect(on('2026-04-26')).toEqual(['error', 'warn']);
    expect(on('2026-04-27')).toEqual(['error', 'error']);
  });
  it('the generated timeline states 2026-04-27 as the day it becomes an error', () => {
    expect(readFileSync(join(root, 'docs/notices/license-names-further-renamed.md'), 'utf8')).toContain('From 2026-04-27 (effective): **error**');
  });
});
