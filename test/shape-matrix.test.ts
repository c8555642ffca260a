/**
 * Issue 26, item 2: the shape matrix (test/helpers/shape-matrix.ts). Each cell's positive tree gives exactly its
 * marked findings (notice, line, confidence) of the shape's notices, read from disk by the engine's project model;
 * each look-alike tree gives none. Set SHAPE_MATRIX_REPORT=<file> to write the per-cell outcome as JSON.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { expectedFindings, writeMatrix } from './helpers/shape-matrix.js';

const TODAY = '2026-11-22';
const catalog = loadCatalog();
const dir = mkdtempSync(path.join(tmpdir(), 'collab-matrix-'));
const cells = writeMatrix(dir);
const report: Record<string, { positive: boolean; lookalike: boolean; got: string[]; lookalikeGot: string[] }> = {};
afterAll(() => {
  if (process.env.SHAPE_MATRIX_REPORT) writeFileSync(process.env.SHAPE_MATRIX_REPORT, JSON.stringify(report, null, 1));
  rmSync(dir, { recursive: true, force: true });
});

/** The engine's findings of the given notices in a file: `<notice> <line>[ likely]`. */
export function findings(file: string, ids: readonly string[]): string[] {
  const notices = catalog.notices.filter((n) => ids.includes(n.id));
  const r = analyzeFile({ filename: file, text: readFileSync(file, 'utf8') }, { catalog, notices, engine: { today: TODAY } });
  // One row per notice and line (two fields renamed in one object are one place to change).
  return [...new Set(r.matches.map((m) => `${m.noticeId} ${m.loc.start.line}${m.confidence === 'likely' ? ' likely' : ''}`))].sort();
}

/**
 * Cells the engine does not pass yet (docs/evaluation.md, "A shape matrix"): each is asserted to still fail, so
 * that a change that makes one pass must move it out of this list.
 */
const KNOWN_GAPS = new Set<string>([]);

describe('shape matrix: each cell gives its finding, each look-alike stays quiet', () => {
  it('covers every shape with placements and carried values', () => {
    const shapes = new Set(cells.map((c) => c.shape));
    expect(shapes.size).toBeGreaterThanOrEqual(6);
    for (const s of shapes) expect(cells.filter((c) => c.shape === s).length).toBeGreaterThanOrEqual(16);
    for (const c of cells) expect(expectedFindings(c.files[c.entry]).length, `${c.shape}/${c.variation} has no expected finding`).toBeGreaterThan(0);
    for (const gap of KNOWN_GAPS) expect(cells.some((c) => `${c.shape}/${c.variation}` === gap), gap).toBe(true);
  });

  it.each(cells.map((c) => [`${c.shape}/${c.variation}`, c] as const))('%s', (key, cell) => {
    const expected = expectedFindings(cell.files[cell.entry]);
    const got = findings(path.join(cell.root, cell.entry), cell.notices);
    const lookalikeGot = findings(path.join(cell.lookalikeRoot, cell.entry), cell.notices);
    report[key] = { positive: JSON.stringify(got) === JSON.stringify(expected), lookalike: lookalikeGot.length === 0, got, lookalikeGot };
    const outcome = { positive: got, lookalike: lookalikeGot };
    if (KNOWN_GAPS.has(key)) expect(outcome).not.toEqual({ positive: expected, lookalike: [] });
    else expect(outcome).toEqual({ positive: expected, lookalike: [] });
  });
});
