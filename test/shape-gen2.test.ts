/**
 * The second shape generator (thirty-first session, branch `shapegen2`; test/helpers/shape-gen2.ts): notices whose
 * evidence is a value the code holds, compares, reads or signs (a trunk error code, the renamed simultaneous-ring
 * field, a webhook header name, a guest JWT `exp`, a call history page size), held in place, in a constant, an
 * imported constant, a barrel, an enum or frozen object, a config object; used in several ways per notice; reached
 * through 0-3 layers of wrappers, callbacks and base classes. Each project comes with a look-alike the notice says
 * is not affected and with the evidence already fixed. The engine runs in-process on every file of each project (the
 * project model, as the CLI's scan does). A bounded set of fixed seeds runs here; `SHAPEGEN2_SEEDS=N` runs seeds
 * 1..N and prints the tables instead of asserting (docs/evaluation.md, "Thirty-first session: shapegen2").
 */
import { describe, expect, it } from 'vitest';
import type { AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { noticeLines, outcomeOf, outcomeTable, type Outcome } from './helpers/shape-gen.js';
import type { Match } from '../engine/types.js';
import { generate2, NOTICE_IDS2, specOf2, type GeneratedProject2, type Variant2 } from './helpers/shape-gen2.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const project = tempProjects('cm-shapegen2-');
const TODAY = '2026-11-29';

function optionsFor(id: string): AnalyzeOptions {
  return { catalog, notices: catalog.notices.filter((n) => n.id === id), engine: { today: TODAY } };
}

/** Every file of the project scanned with its notice only: the findings as `file:line`. */
function findingsOf(p: GeneratedProject2, show = false): string[] {
  const id = NOTICE_IDS2[p.spec.notice];
  const print = (rel: string, m: Match): void => console.log(`${rel}:${m.loc.start.line} ${m.confidence} ${m.confidenceReason ?? ''} ${m.message}`);
  return noticeLines(project(p.files), p.files, id, optionsFor(id), show ? print : undefined);
}

const VARIANTS: readonly Variant2[] = ['hit', 'lookalike', 'removed'];

interface Row {
  seed: number;
  variant: Variant2;
  outcome: Outcome;
  found: string[];
  project: GeneratedProject2;
}

function run(seeds: readonly number[]): Row[] {
  const rows: Row[] = [];
  for (const seed of seeds) {
    const spec = specOf2(seed);
    for (const variant of VARIANTS) {
      const p = generate2(spec, variant);
      const found = findingsOf(p);
      // The first generator's classification: its `otherHost` and `removed` are this one's look-alikes.
      rows.push({ seed, variant, outcome: outcomeOf({ ...p, variant: variant === 'hit' ? 'hit' : 'removed' } as never, found), found, project: p });
    }
  }
  return rows;
}

const table = outcomeTable;

const LONG = Number(process.env.SHAPEGEN2_SEEDS ?? 0);
/** `SHAPEGEN2_SHOW=seed:variant` prints one project and its findings with their confidence and reason. */
const SHOW = process.env.SHAPEGEN2_SHOW;

describe('the second shape generator', () => {
  it('is deterministic and marks where the evidence is written', () => {
    const a = generate2(specOf2(7), 'hit');
    expect(a.files).toEqual(generate2(specOf2(7), 'hit').files);
    expect(a.expected).toMatch(/^[\w-]+\.(js|ts):\d+$/);
    for (let seed = 1; seed <= 300; seed++) {
      const spec = specOf2(seed);
      for (const v of VARIANTS) {
        const p = generate2(spec, v);
        const text = Object.values(p.files).join('\n');
        expect(text).not.toContain('@expected@');
        // Each look-alike drops the evidence or moves it where the notice says it does not apply.
        if (v === 'removed') expect(text).not.toMatch(/'E1001'|E1001:|answerConfirmationEnabled\b|'X-Spark-Signature'|Date\.now\(\) \/ 1000 \+|max=100\b|: 100\b/);
      }
    }
  });

  it.skipIf(LONG > 0 || !!SHOW)('fixed seeds: the hits found at their line, the look-alikes quiet, the known misses as pinned', () => {
    const rows = run(SEEDS);
    const seedsWith = (outcome: Outcome): number[] => rows.filter((r) => r.outcome === outcome).map((r) => r.seed);
    // Every hit not found at its line and every look-alike flagged is pinned (docs/evaluation.md, "Thirty-first
    // session: shapegen2", says why each is out of reach): a fix that finds one more shrinks the list, a regression grows it.
    expect({ missed: seedsWith('missed'), elsewhere: seedsWith('elsewhere'), falsePositives: seedsWith('false-positive') }).toEqual(PINNED);
  });

  it.runIf(!!SHOW)('one project (SHAPEGEN2_SHOW)', () => {
    const [seed, variant] = (SHOW ?? '').split(':');
    const p = generate2(specOf2(Number(seed)), (variant || 'hit') as Variant2);
    for (const [rel, text] of Object.entries(p.files)) console.log(`--- ${rel}\n${text}`);
    console.log(JSON.stringify(p.spec), 'expected', p.expected);
    findingsOf(p, true);
  });

  it.runIf(LONG > 0)('the tables (SHAPEGEN2_SEEDS seeds)', () => {
    const rows = run(Array.from({ length: LONG }, (_, i) => i + 1));
    console.log(table(rows, (r) => [NOTICE_IDS2[r.project.spec.notice]]));
    console.log(table(rows, (r) => r.project.tags.map((t) => `${r.project.spec.notice} ${t}`)));
    console.log(table(rows, (r) => r.project.tags.filter((t) => !t.startsWith('use:'))));
    console.log(table(rows, (r) => [`depth ${r.project.spec.layers.length}`]));
    console.log(table(rows, () => ['all']));
    for (const r of rows.filter((x) => x.outcome === 'missed' || x.outcome === 'elsewhere' || x.outcome === 'false-positive')) {
      const s = r.project.spec;
      console.log(`${r.seed} ${r.variant} ${r.outcome} ${s.notice} ${s.use} ${s.holder} [${s.layers.join(' ')}] ${s.ts ? 'ts' : 'js'} expected ${r.project.expected ?? '-'} found [${r.found.join(' ')}]`);
    }
    expect(rows.length).toBe(3 * LONG);
  }, 3_600_000);
});

/** The seeds run by `npm test` (each a hit and its two look-alikes). */
const SEEDS: readonly number[] = Array.from({ length: 40 }, (_, i) => i + 1);

/** What the engine does not find among them yet (seeds). */
const PINNED = {
  // call-history-page-size: a query object turned into the URL by a helper that also takes the URL (`withQuery(url, query)`).
  missed: [8, 19],
  // call-history-page-size: a URL constant of another module holding `?max=100`, reported where it is requested.
  elsewhere: [2, 21, 22],
  falsePositives: [] as number[],
};
