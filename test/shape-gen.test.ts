/**
 * The shape generator (thirtieth session, branch `shapegen`; test/helpers/shape-gen.ts): one request with a known
 * notice's evidence spread over a chain of 1-4 of the shapes real code writes, and the same project against another
 * vendor's host and with the evidence removed. The engine runs in-process on every file of each project (the project
 * model, as the CLI's scan does). A bounded set of fixed seeds runs here; `SHAPEGEN_SEEDS=N` runs seeds 1..N and
 * prints the table (per notice, per shape, per depth) instead of asserting (docs/evaluation.md, "Thirtieth session:
 * shapegen").
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { generate, NOTICE_IDS, noticeLines, outcomeOf, outcomeTable, specOf, type GeneratedProject, type Outcome, type Variant } from './helpers/shape-gen.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const project = tempProjects('cm-shapegen-');
const TODAY = '2026-11-29';

/** Every file of the project scanned with its notice only: the findings as `file:line`. */
function findingsOf(p: GeneratedProject): string[] {
  const id = NOTICE_IDS[p.spec.notice];
  const opts: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.id === id), engine: { today: TODAY } };
  return noticeLines(project(p.files), p.files, id, opts);
}

const VARIANTS: readonly Variant[] = ['hit', 'otherHost', 'removed'];

interface Row {
  seed: number;
  variant: Variant;
  outcome: Outcome;
  found: string[];
  project: GeneratedProject;
}

function run(seeds: readonly number[]): Row[] {
  const rows: Row[] = [];
  for (const seed of seeds) {
    const spec = specOf(seed);
    for (const variant of VARIANTS) {
      const p = generate(spec, variant);
      const found = findingsOf(p);
      rows.push({ seed, variant, outcome: outcomeOf(p, found), found, project: p });
    }
  }
  return rows;
}

/** The table: per key, hits found at the right line / elsewhere / missed, and look-alikes flagged. */
const table = (rows: readonly Row[], keysOf: (r: Row) => string[]): string => outcomeTable(rows, keysOf);

const LONG = Number(process.env.SHAPEGEN_SEEDS ?? 0);
/** `SHAPEGEN_SHOW=seed:variant` prints one project and its findings with their confidence and reason. */
const SHOW = process.env.SHAPEGEN_SHOW;

describe('the shape generator', () => {
  it('is deterministic and knows where the evidence is written', () => {
    const a = generate(specOf(7), 'hit');
    const b = generate(specOf(7), 'hit');
    expect(a.files).toEqual(b.files);
    expect(a.expected).toMatch(/^[\w-]+\.(js|ts):\d+$/);
    // The look-alikes name no platform host (other host) or drop the evidence (removed).
    expect(Object.values(generate(specOf(7), 'otherHost').files).join('\n')).not.toContain('webexapis.com');
    for (let seed = 1; seed <= 200; seed++) expect(() => generate(specOf(seed), 'hit')).not.toThrow();
  });

  it.skipIf(LONG > 0 || !!SHOW)('fixed seeds: the hits found at their line, the look-alikes quiet, the known misses as pinned', () => {
    const rows = run(SEEDS);
    const seedsWith = (outcome: Outcome): number[] => rows.filter((r) => r.outcome === outcome).map((r) => r.seed);
    // Every hit not found at its line and every look-alike flagged is pinned (docs/evaluation.md, "Thirtieth session:
    // shapegen", says why each is out of reach): a fix that finds one more shrinks the list, a regression grows it.
    expect({ missed: seedsWith('missed'), elsewhere: seedsWith('elsewhere'), falsePositives: seedsWith('false-positive') }).toEqual(PINNED);
  });

  it.runIf(!!SHOW)('one project (SHAPEGEN_SHOW)', () => {
    const [seed, variant] = (SHOW ?? '').split(':');
    const p = generate(specOf(Number(seed)), (variant || 'hit') as Variant);
    const id = NOTICE_IDS[p.spec.notice];
    const root = project(p.files);
    for (const [rel, text] of Object.entries(p.files)) console.log(`--- ${rel}\n${text}`);
    console.log(JSON.stringify(p.spec), 'expected', p.expected);
    for (const [rel, text] of Object.entries(p.files)) {
      if (!/\.(js|ts)$/.test(rel)) continue;
      const opts: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.id === id), engine: { today: TODAY } };
      for (const m of analyzeFile({ filename: path.join(root, rel), text }, opts).matches) console.log(`${rel}:${m.loc.start.line} ${m.noticeId} ${m.confidence} ${m.confidenceReason ?? ''}`);
    }
  });

  it.runIf(LONG > 0)('the table (SHAPEGEN_SEEDS seeds)', () => {
    const rows = run(Array.from({ length: LONG }, (_, i) => i + 1));
    const hits = rows.filter((r) => r.variant === 'hit');
    console.log(table(rows, (r) => [NOTICE_IDS[r.project.spec.notice]]));
    console.log(table(rows, (r) => r.project.tags));
    console.log(table(rows, (r) => [`depth ${r.project.spec.layers.length}`]));
    console.log(table(rows, () => ['all']));
    console.log(table(rows, (r) => (r.project.spec.layers.length === 1 ? [`${r.project.spec.layers[0]} alone, ${r.project.spec.terminal}`] : [])));
    console.log(table(rows, (r) => [r.project.spec.notice + ' ' + r.project.spec.terminal]));
    for (const r of rows.filter((x) => x.outcome === 'missed' || x.outcome === 'elsewhere' || x.outcome === 'false-positive')) {
      console.log(`${r.seed} ${r.variant} ${r.outcome} ${r.project.spec.notice} [${r.project.spec.layers.join(' ')}] ${r.project.tags.slice(-3).join(' ')} expected ${r.project.expected ?? '-'} found [${r.found.join(' ')}]`);
    }
    expect(hits.length).toBeGreaterThan(0);
  }, 3_600_000);
});

/** The seeds run by `npm test` (each a hit and its two look-alikes). */
const SEEDS: readonly number[] = Array.from({ length: 40 }, (_, i) => i + 1);

/** What the engine does not find among them yet (seeds). */
const PINNED = {
  missed: [2, 5, 7, 8, 10, 11, 12, 15, 17, 20, 21, 26, 31, 33, 34, 35, 36, 37, 38, 40],
  // 28: a GET's Content-Type in an imported defaults object, reported at the call (the convention for imported defaults).
  elsewhere: [16, 28],
  falsePositives: [] as number[],
};
