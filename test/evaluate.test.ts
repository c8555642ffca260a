/**
 * The real-code evaluation (scripts/evaluate.ts, issue 11 item 5): the ground-truth files are well-formed facts
 * about the catalog's notices, the comparison counts what docs/evaluation.md says it counts, and, when
 * COLLAB_MIGRATE_EVAL_REPOS names checkouts of the repositories ("name=/path,..."), the built CLI is measured on
 * them: the ground truth must still fit the checkouts, no false positive may carry an autofix, and `--fix` may edit
 * only files where the ground truth has a correct autofixable finding.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { changedOldLines, compare, evaluate, formatResult, loadGroundTruths, parseRepoList, type Occurrence } from '../scripts/evaluate.js';

const GROUND_TRUTH = fileURLToPath(new URL('./eval/ground-truth/', import.meta.url));
const HOLDOUT = fileURLToPath(new URL('./eval/holdout/', import.meta.url));
const HOLDOUT2 = fileURLToPath(new URL('./eval/holdout2/', import.meta.url));
const HOLDOUT3 = fileURLToPath(new URL('./eval/holdout3/', import.meta.url));
const HOLDOUT4 = fileURLToPath(new URL('./eval/holdout4/', import.meta.url));
const HOLDOUT5 = fileURLToPath(new URL('./eval/holdout5/', import.meta.url));
const HOLDOUT6 = fileURLToPath(new URL('./eval/holdout6/', import.meta.url));
const HOLDOUT7 = fileURLToPath(new URL('./eval/holdout7/', import.meta.url));
const HOLDOUT8 = fileURLToPath(new URL('./eval/holdout8/', import.meta.url));
const HOLDOUT9 = fileURLToPath(new URL('./eval/holdout9/', import.meta.url));
const HOLDOUT10 = fileURLToPath(new URL('./eval/holdout10/', import.meta.url));
const HOLDOUT11 = fileURLToPath(new URL('./eval/holdout11/', import.meta.url));
const HOLDOUT12 = fileURLToPath(new URL('./eval/holdout12/', import.meta.url));
const HOLDOUT13 = fileURLToPath(new URL('./eval/holdout13/', import.meta.url));
const HOLDOUT14 = fileURLToPath(new URL('./eval/holdout14/', import.meta.url));
const HOLDOUT15 = fileURLToPath(new URL('./eval/holdout15/', import.meta.url));
const HOLDOUT16 = fileURLToPath(new URL('./eval/holdout16/', import.meta.url));
const HOLDOUT17 = fileURLToPath(new URL('./eval/holdout17/', import.meta.url));
const HOLDOUT18 = fileURLToPath(new URL('./eval/holdout18/', import.meta.url));
const HOLDOUT19 = fileURLToPath(new URL('./eval/holdout19/', import.meta.url));
const HOLDOUT20 = fileURLToPath(new URL('./eval/holdout20/', import.meta.url));
const HOLDOUT21 = fileURLToPath(new URL('./eval/holdout21/', import.meta.url));
const HOLDOUT22 = fileURLToPath(new URL('./eval/holdout22/', import.meta.url));
const HOLDOUT23 = fileURLToPath(new URL('./eval/holdout23/', import.meta.url));
const HOLDOUT24 = fileURLToPath(new URL('./eval/holdout24/', import.meta.url));
const HOLDOUT25 = fileURLToPath(new URL('./eval/holdout25/', import.meta.url));
const HOLDOUT26 = fileURLToPath(new URL('./eval/holdout26/', import.meta.url));
const HOLDOUT27 = fileURLToPath(new URL('./eval/holdout27/', import.meta.url));
const HOLDOUT28 = fileURLToPath(new URL('./eval/holdout28/', import.meta.url));
const HOLDOUT29 = fileURLToPath(new URL('./eval/holdout29/', import.meta.url));
const HOLDOUT30 = fileURLToPath(new URL('./eval/holdout30/', import.meta.url));
const HOLDOUT31 = fileURLToPath(new URL('./eval/holdout31/', import.meta.url));
const HOLDOUT33 = fileURLToPath(new URL('./eval/holdout33/', import.meta.url));
const CLI = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));

for (const [set, dir] of [['tuned', GROUND_TRUTH], ['hold-out', HOLDOUT], ['hold-out 2', HOLDOUT2], ['hold-out 3', HOLDOUT3], ['hold-out 4', HOLDOUT4], ['hold-out 5', HOLDOUT5], ['hold-out 6', HOLDOUT6], ['hold-out 7', HOLDOUT7], ['hold-out 8', HOLDOUT8], ['hold-out 9', HOLDOUT9], ['hold-out 10', HOLDOUT10], ['hold-out 11', HOLDOUT11], ['hold-out 12', HOLDOUT12], ['hold-out 13', HOLDOUT13], ['hold-out 14', HOLDOUT14], ['hold-out 15', HOLDOUT15], ['hold-out 16', HOLDOUT16], ['hold-out 17', HOLDOUT17], ['hold-out 18', HOLDOUT18], ['hold-out 19', HOLDOUT19], ['hold-out 20', HOLDOUT20], ['hold-out 21', HOLDOUT21], ['hold-out 22', HOLDOUT22], ['hold-out 23', HOLDOUT23], ['hold-out 24', HOLDOUT24], ['hold-out 25', HOLDOUT25], ['hold-out 26', HOLDOUT26], ['hold-out 27', HOLDOUT27], ['hold-out 28', HOLDOUT28], ['hold-out 29', HOLDOUT29], ['hold-out 30', HOLDOUT30], ['hold-out 31', HOLDOUT31], ['hold-out 33', HOLDOUT33]] as const) describe(`ground truth files (${set} set)`, () => {
  const truths = loadGroundTruths(dir);
  const ids = new Set(loadCatalog().notices.map((n) => n.id));

  it('one file per repository, named after it', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    // Set 33 holds two repositories: the search budget traced no more outside the filter (its ORDER.md).
    expect(files.length).toBeGreaterThanOrEqual(set === 'hold-out 33' ? 2 : 5);
    for (const f of files) expect(truths.has(f.replace(/\.json$/, '')), f).toBe(true);
  });

  for (const [name, gt] of truths) {
    it(`${name}: commit, notices, verdicts and lines are valid and unique`, () => {
      expect(gt.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(gt.repository).toMatch(/^[\w.-]+\/[\w.-]+$/);
      const seen = new Set<string>();
      for (const o of gt.occurrences) {
        const at = `${o.file}:${o.line} ${o.notice}`;
        expect(ids.has(o.notice), at).toBe(true);
        expect(['affected', 'lookalike'], at).toContain(o.verdict);
        expect(Number.isInteger(o.line) && o.line > 0, at).toBe(true);
        expect(o.reason.length, at).toBeGreaterThan(3);
        expect(seen.has(at), `duplicate ${at}`).toBe(false);
        seen.add(at);
      }
    });
  }
});

describe('the sets', () => {
  it('share no repository: the hold-out set is code the tool was not shaped on', () => {
    const tuned = [...loadGroundTruths(GROUND_TRUTH).values()].map((g) => g.repository.toLowerCase());
    const held = [...loadGroundTruths(HOLDOUT).values()].map((g) => g.repository.toLowerCase());
    expect(held.length).toBeGreaterThanOrEqual(10);
    expect(held.filter((r) => tuned.includes(r))).toEqual([]);
  });

  it('share no repository with hold-out set 2, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held2 = [...loadGroundTruths(HOLDOUT2).values()];
    expect(held2.length).toBeGreaterThanOrEqual(10);
    expect(held2.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    // ORDER.md records, per repository and commit, that its ground truth was complete before the tool ran.
    const order = readFileSync(join(HOLDOUT2, 'ORDER.md'), 'utf8');
    for (const g of held2) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
  });

  it('share no repository with hold-out set 3, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held3 = [...loadGroundTruths(HOLDOUT3).values()];
    expect(held3.length).toBeGreaterThanOrEqual(10);
    expect(held3.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    // Nor a file name: the eval reports each set's repositories by name.
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held3.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT3, 'ORDER.md'), 'utf8');
    for (const g of held3) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
  });

  it('share no repository or name with hold-out set 4, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held4 = [...loadGroundTruths(HOLDOUT4).values()];
    expect(held4.length).toBeGreaterThanOrEqual(10);
    expect(held4.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held4.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT4, 'ORDER.md'), 'utf8');
    for (const g of held4) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that set 3 left out after reading (its ORDER.md names them as owner/name).
    const leftOut3 = readFileSync(join(HOLDOUT3, 'ORDER.md'), 'utf8').toLowerCase();
    expect(held4.map((g) => g.repository).filter((r) => leftOut3.includes(r.toLowerCase()))).toEqual([]);
  });

  it('share no repository or name with hold-out set 5, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held5 = [...loadGroundTruths(HOLDOUT5).values()];
    expect(held5.length).toBeGreaterThanOrEqual(12);
    expect(held5.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held5.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT5, 'ORDER.md'), 'utf8');
    for (const g of held5) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that set 3 or set 4 left out after reading (their ORDER.md files name them as owner/name).
    const leftOut = [HOLDOUT3, HOLDOUT4].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    expect(held5.map((g) => g.repository).filter((r) => leftOut.includes(r.toLowerCase()))).toEqual([]);
  });

  it('share no repository or name with hold-out set 6, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held6 = [...loadGroundTruths(HOLDOUT6).values()];
    expect(held6.length).toBeGreaterThanOrEqual(12);
    expect(held6.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held6.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT6, 'ORDER.md'), 'utf8');
    for (const g of held6) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that set 3, 4 or 5 left out after reading (their ORDER.md files name them as owner/name).
    const leftOut = [HOLDOUT3, HOLDOUT4, HOLDOUT5].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    expect(held6.map((g) => g.repository).filter((r) => leftOut.includes(r.toLowerCase()))).toEqual([]);
  });

  it('share no repository or name with hold-out set 7, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held7 = [...loadGroundTruths(HOLDOUT7).values()];
    expect(held7.length).toBeGreaterThanOrEqual(12);
    expect(held7.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held7.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT7, 'ORDER.md'), 'utf8');
    for (const g of held7) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that set 3, 4, 5 or 6 left out after reading (their ORDER.md files name them as owner/name).
    const leftOut = [HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    expect(held7.map((g) => g.repository).filter((r) => leftOut.includes(r.toLowerCase()))).toEqual([]);
  });

  it('share no repository or name with hold-out set 8, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held8 = [...loadGroundTruths(HOLDOUT8).values()];
    expect(held8.length).toBeGreaterThanOrEqual(12);
    expect(held8.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held8.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT8, 'ORDER.md'), 'utf8');
    for (const g of held8) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 7: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    expect(held8.map((g) => g.repository).filter((r) => leftOut.includes(r.toLowerCase()))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held8.map((g) => g.repository).filter((r) => ownLeftOut.includes(r.toLowerCase()))).toEqual([]);
  });

  it('share no repository or name with hold-out set 9, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held9 = [...loadGroundTruths(HOLDOUT9).values()];
    expect(held9.length).toBeGreaterThanOrEqual(12);
    expect(held9.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held9.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT9, 'ORDER.md'), 'utf8');
    for (const g of held9) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 8: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    expect(held9.map((g) => g.repository).filter((r) => leftOut.includes(r.toLowerCase()))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held9.map((g) => g.repository).filter((r) => ownLeftOut.includes(r.toLowerCase()))).toEqual([]);
  });

  it('share no repository or name with hold-out set 10, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held10 = [...loadGroundTruths(HOLDOUT10).values()];
    expect(held10.length).toBeGreaterThanOrEqual(10);
    expect(held10.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held10.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT10, 'ORDER.md'), 'utf8');
    for (const g of held10) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 9: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    expect(held10.map((g) => g.repository).filter((r) => leftOut.includes(r.toLowerCase()))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held10.map((g) => g.repository).filter((r) => ownLeftOut.includes(r.toLowerCase()))).toEqual([]);
  });

  it('share no repository or name with hold-out set 11, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held11 = [...loadGroundTruths(HOLDOUT11).values()];
    expect(held11.length).toBeGreaterThanOrEqual(12);
    expect(held11.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held11.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT11, 'ORDER.md'), 'utf8');
    for (const g of held11) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 10: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    expect(held11.map((g) => g.repository).filter((r) => leftOut.includes(r.toLowerCase()))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held11.map((g) => g.repository).filter((r) => ownLeftOut.includes(r.toLowerCase()))).toEqual([]);
  });

  it('share no repository or name with hold-out set 12, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held12 = [...loadGroundTruths(HOLDOUT12).values()];
    expect(held12.length).toBeGreaterThanOrEqual(12);
    expect(held12.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held12.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT12, 'ORDER.md'), 'utf8');
    for (const g of held12) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 11: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    expect(held12.map((g) => g.repository).filter((r) => leftOut.includes(r.toLowerCase()))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held12.map((g) => g.repository).filter((r) => ownLeftOut.includes(r.toLowerCase()))).toEqual([]);
  });

  it('share no repository or name with hold-out set 13, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held13 = [...loadGroundTruths(HOLDOUT13).values()];
    expect(held13.length).toBeGreaterThanOrEqual(12);
    expect(held13.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held13.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT13, 'ORDER.md'), 'utf8');
    for (const g of held13) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 12: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    expect(held13.map((g) => g.repository).filter((r) => leftOut.includes(r.toLowerCase()))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held13.map((g) => g.repository).filter((r) => ownLeftOut.includes(r.toLowerCase()))).toEqual([]);
  });

  it('share no repository or name with hold-out set 14, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held14 = [...loadGroundTruths(HOLDOUT14).values()];
    expect(held14.length).toBeGreaterThanOrEqual(12);
    expect(held14.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held14.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT14, 'ORDER.md'), 'utf8');
    for (const g of held14) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 13: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    expect(held14.map((g) => g.repository).filter((r) => leftOut.includes(r.toLowerCase()))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held14.map((g) => g.repository).filter((r) => ownLeftOut.includes(r.toLowerCase()))).toEqual([]);
  });

  it('share no repository or name with hold-out set 15, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held15 = [...loadGroundTruths(HOLDOUT15).values()];
    expect(held15.length).toBeGreaterThanOrEqual(12);
    expect(held15.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held15.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT15, 'ORDER.md'), 'utf8');
    for (const g of held15) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 14: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    expect(held15.map((g) => g.repository).filter((r) => leftOut.includes(r.toLowerCase()))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held15.map((g) => g.repository).filter((r) => ownLeftOut.includes(r.toLowerCase()))).toEqual([]);
  });

  it('share no repository or name with hold-out set 16, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held16 = [...loadGroundTruths(HOLDOUT16).values()];
    expect(held16.length).toBeGreaterThanOrEqual(10);
    expect(held16.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held16.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT16, 'ORDER.md'), 'utf8');
    for (const g of held16) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 15: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    expect(held16.map((g) => g.repository).filter((r) => leftOut.includes(r.toLowerCase()))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held16.map((g) => g.repository).filter((r) => ownLeftOut.includes(r.toLowerCase()))).toEqual([]);
  });

  it('share no repository or name with hold-out set 17, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held17 = [...loadGroundTruths(HOLDOUT17).values()];
    expect(held17.length).toBeGreaterThanOrEqual(10);
    expect(held17.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held17.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT17, 'ORDER.md'), 'utf8');
    for (const g of held17) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 16: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    // (as a whole owner/name: JardaMartan/spark is not set 10's JardaMartan/spark-bots)
    const named = (text: string, r: string) => new RegExp(`(^|[^A-Za-z0-9_.-])${r.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-]|\\.[A-Za-z0-9])`).test(text);
    expect(held17.map((g) => g.repository).filter((r) => named(leftOut, r))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held17.map((g) => g.repository).filter((r) => named(ownLeftOut, r))).toEqual([]);
  });

  it('share no repository or name with hold-out set 18, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held18 = [...loadGroundTruths(HOLDOUT18).values()];
    expect(held18.length).toBeGreaterThanOrEqual(10);
    expect(held18.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held18.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT18, 'ORDER.md'), 'utf8');
    for (const g of held18) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 17: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    // (as a whole owner/name: JardaMartan/spark is not set 10's JardaMartan/spark-bots)
    const named = (text: string, r: string) => new RegExp(`(^|[^A-Za-z0-9_.-])${r.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-]|\\.[A-Za-z0-9])`).test(text);
    expect(held18.map((g) => g.repository).filter((r) => named(leftOut, r))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held18.map((g) => g.repository).filter((r) => named(ownLeftOut, r))).toEqual([]);
  });

  it('share no repository or name with hold-out set 19, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17, HOLDOUT18].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held19 = [...loadGroundTruths(HOLDOUT19).values()];
    expect(held19.length).toBeGreaterThanOrEqual(10);
    expect(held19.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17, HOLDOUT18].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held19.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT19, 'ORDER.md'), 'utf8');
    for (const g of held19) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 18: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17, HOLDOUT18].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    // (as a whole owner/name: JardaMartan/spark is not set 10's JardaMartan/spark-bots)
    const named = (text: string, r: string) => new RegExp(`(^|[^A-Za-z0-9_.-])${r.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-]|\\.[A-Za-z0-9])`).test(text);
    expect(held19.map((g) => g.repository).filter((r) => named(leftOut, r))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held19.map((g) => g.repository).filter((r) => named(ownLeftOut, r))).toEqual([]);
  });

  it('share no repository or name with hold-out set 20, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17, HOLDOUT18, HOLDOUT19].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held20 = [...loadGroundTruths(HOLDOUT20).values()];
    expect(held20.length).toBeGreaterThanOrEqual(10);
    expect(held20.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17, HOLDOUT18, HOLDOUT19].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held20.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT20, 'ORDER.md'), 'utf8');
    for (const g of held20) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 19: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17, HOLDOUT18, HOLDOUT19].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    // (as a whole owner/name: JardaMartan/spark is not set 10's JardaMartan/spark-bots)
    const named = (text: string, r: string) => new RegExp(`(^|[^A-Za-z0-9_.-])${r.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-]|\\.[A-Za-z0-9])`).test(text);
    expect(held20.map((g) => g.repository).filter((r) => named(leftOut, r))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held20.map((g) => g.repository).filter((r) => named(ownLeftOut, r))).toEqual([]);
  });

  it('share no repository or name with hold-out set 21, whose ground truth predates any run of the tool on it', () => {
    const earlier = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17, HOLDOUT18, HOLDOUT19, HOLDOUT20].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
    const held21 = [...loadGroundTruths(HOLDOUT21).values()];
    expect(held21.length).toBeGreaterThanOrEqual(6);
    expect(held21.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
    const earlierNames = [GROUND_TRUTH, HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17, HOLDOUT18, HOLDOUT19, HOLDOUT20].flatMap((d) => [...loadGroundTruths(d).keys()]);
    expect(held21.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
    const order = readFileSync(join(HOLDOUT21, 'ORDER.md'), 'utf8');
    for (const g of held21) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
    // Nor a candidate that an earlier set's ORDER.md names (sets 1 to 20: their own repositories and those they left out, as owner/name).
    const leftOut = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17, HOLDOUT18, HOLDOUT19, HOLDOUT20].map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
    // (as a whole owner/name: JardaMartan/spark is not set 10's JardaMartan/spark-bots)
    const named = (text: string, r: string) => new RegExp(`(^|[^A-Za-z0-9_.-])${r.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-]|\\.[A-Za-z0-9])`).test(text);
    expect(held21.map((g) => g.repository).filter((r) => named(leftOut, r))).toEqual([]);
    // And this set's own left-out candidates are not among its repositories.
    const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
    expect(held21.map((g) => g.repository).filter((r) => named(ownLeftOut, r))).toEqual([]);
  });

  // Sets 22 to 29, each against the sets before it (set 27 was built beside set 26 and set 29 beside set 28, so not against them).
  const SETS_1_TO_25 = [HOLDOUT, HOLDOUT2, HOLDOUT3, HOLDOUT4, HOLDOUT5, HOLDOUT6, HOLDOUT7, HOLDOUT8, HOLDOUT9, HOLDOUT10, HOLDOUT11, HOLDOUT12, HOLDOUT13, HOLDOUT14, HOLDOUT15, HOLDOUT16, HOLDOUT17, HOLDOUT18, HOLDOUT19, HOLDOUT20, HOLDOUT21, HOLDOUT22, HOLDOUT23, HOLDOUT24, HOLDOUT25];
  const unseenSets: ReadonlyArray<readonly [set: number, dir: string, before: readonly string[], atLeast: number]> = [
    [22, HOLDOUT22, SETS_1_TO_25.slice(0, 21), 6],
    [23, HOLDOUT23, SETS_1_TO_25.slice(0, 22), 6],
    [24, HOLDOUT24, SETS_1_TO_25.slice(0, 23), 6],
    [25, HOLDOUT25, SETS_1_TO_25.slice(0, 24), 8],
    [26, HOLDOUT26, SETS_1_TO_25, 3],
    [27, HOLDOUT27, SETS_1_TO_25, 8],
    // Sets 28 and 29 were built side by side, after sets 26 and 27; set 29 is checked against set 28 too.
    [28, HOLDOUT28, [...SETS_1_TO_25, HOLDOUT26, HOLDOUT27], 5],
    [29, HOLDOUT29, [...SETS_1_TO_25, HOLDOUT26, HOLDOUT27, HOLDOUT28], 4],
    // Set 30 was built beside set 29 (after set 28) and is checked against it too.
    [30, HOLDOUT30, [...SETS_1_TO_25, HOLDOUT26, HOLDOUT27, HOLDOUT28, HOLDOUT29], 6],
    // Set 31 was built after sets 28 to 30 were merged.
    [31, HOLDOUT31, [...SETS_1_TO_25, HOLDOUT26, HOLDOUT27, HOLDOUT28, HOLDOUT29, HOLDOUT30], 5],
    // Set 33 was built after set 31 was merged, beside set 32 (which built no set).
    [33, HOLDOUT33, [...SETS_1_TO_25, HOLDOUT26, HOLDOUT27, HOLDOUT28, HOLDOUT29, HOLDOUT30, HOLDOUT31], 2],
  ];
  for (const [set, dir, before, atLeast] of unseenSets) {
    it(`share no repository or name with hold-out set ${set}, whose ground truth predates any run of the tool on it`, () => {
      const earlier = [GROUND_TRUTH, ...before].flatMap((d) => [...loadGroundTruths(d).values()].map((g) => g.repository.toLowerCase()));
      const held = [...loadGroundTruths(dir).values()];
      expect(held.length).toBeGreaterThanOrEqual(atLeast);
      expect(held.map((g) => g.repository.toLowerCase()).filter((r) => earlier.includes(r))).toEqual([]);
      const earlierNames = [GROUND_TRUTH, ...before].flatMap((d) => [...loadGroundTruths(d).keys()]);
      expect(held.map((g) => g.name).filter((n) => earlierNames.includes(n))).toEqual([]);
      const order = readFileSync(join(dir, 'ORDER.md'), 'utf8');
      for (const g of held) expect(order, g.name).toContain(`${g.name} ${g.repository}@${g.commit} ground truth complete (tool not run)`);
      // Nor a candidate that an earlier set's ORDER.md names (their own repositories and those they left out, as owner/name).
      const leftOut = before.map((d) => readFileSync(join(d, 'ORDER.md'), 'utf8').toLowerCase()).join('\n');
      // (as a whole owner/name: JardaMartan/spark is not set 10's JardaMartan/spark-bots)
      const named = (text: string, r: string) => new RegExp(`(^|[^A-Za-z0-9_.-])${r.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-]|\\.[A-Za-z0-9])`).test(text);
      expect(held.map((g) => g.repository).filter((r) => named(leftOut, r))).toEqual([]);
      // And this set's own left-out candidates are not among its repositories.
      const ownLeftOut = order.slice(order.indexOf('Left out after reading'), order.indexOf('```')).toLowerCase();
      expect(held.map((g) => g.repository).filter((r) => named(ownLeftOut, r))).toEqual([]);
    });
  }
});

describe('compare', () => {
  const occ = (line: number, notice: string, verdict: Occurrence['verdict'] = 'affected', alsoLines?: number[]): Occurrence => ({
    file: 'a.js',
    line,
    notice,
    verdict,
    reason: 'test',
    alsoLines,
  });

  it('matches on file, notice and line (or alsoLines); counts a line once; tells look-alikes and unsafe fixes', () => {
    const cmp = compare(
      't',
      [occ(3, 'n1'), occ(7, 'n1', 'affected', [8]), occ(10, 'n2'), occ(12, 'n2', 'lookalike')],
      [
        { noticeId: 'n1', file: 'a.js', line: 3, confidence: 'certain' },
        { noticeId: 'n1', file: 'a.js', line: 3, confidence: 'certain' }, // same line twice: once
        { noticeId: 'n1', file: 'a.js', line: 8, confidence: 'likely' }, // an alsoLine
        { noticeId: 'n2', file: 'a.js', line: 12, fixable: true }, // a look-alike, with an autofix
        { noticeId: 'n1', file: 'b.js', line: 3 }, // other file
      ],
    );
    expect(cmp.counts).toEqual({ affected: 3, found: 2, findings: 4, correct: 2, falsePositives: 2, certain: 3, likely: 1, unsafeFixes: 1 });
    expect(cmp.misses.map((m) => `${m.line} ${m.notice}`)).toEqual(['10 n2']);
    expect(cmp.falsePositives.map((f) => [f.file, f.line, f.lookalike?.verdict])).toEqual([
      ['a.js', 12, 'lookalike'],
      ['b.js', 3, undefined],
    ]);
    expect(cmp.perNotice.get('n2')).toMatchObject({ affected: 1, found: 0, falsePositives: 1 });
  });

  it('reads the edited old-side lines of a unified diff', () => {
    const diff = ['--- a/x.js', '+++ b/x.js', '@@ -3,4 +3,4 @@', ' a', '-b', '+B', ' c', '@@ -20,2 +20,3 @@', '-d', '-e', '+D', '+E', '+F'].join('\n');
    expect(changedOldLines(diff)).toEqual([4, 20, 21]);
  });

  it('reads the repository list', () => {
    expect(parseRepoList('a=/x, b=/y/z,')).toEqual([
      { name: 'a', path: '/x' },
      { name: 'b', path: '/y/z' },
    ]);
    expect(() => parseRepoList('nopath')).toThrow(/name=\/path/);
  });
});

const repos = parseRepoList(process.env.COLLAB_MIGRATE_EVAL_REPOS);
const reason = repos.length
  ? ''
  : ' (skipped: set COLLAB_MIGRATE_EVAL_REPOS="name=/path,..." to checkouts of the repositories in test/eval/ground-truth)';

describe.skipIf(!repos.length)(`real repositories${reason}`, () => {
  it('the ground truth fits the checkouts; no wrong autofix; the tables print', { timeout: 600_000 }, async () => {
    expect(existsSync(CLI), 'run npm run build first').toBe(true);
    const result = await evaluate({ repos, cli: CLI });
    console.log(formatResult(result, false));
    for (const r of result.repos) {
      expect(r.stale, `${r.name}: the ground truth does not fit the checkout`).toEqual([]);
      expect(r.counts.unsafeFixes, `${r.name}: autofix on a false positive`).toBe(0);
      expect(r.strayEdits, `${r.name}: --fix edits a file without a correct autofix`).toEqual([]);
    }
    for (const set of result.internal) {
      expect(set.counts.unsafeFixes, set.name).toBe(0);
      expect(set.strayEdits, set.name).toEqual([]);
    }
  });
});
