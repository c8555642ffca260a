/**
 * Issue 28, items 15 and 22: `merge` names the report that is malformed (not "internal error"), and counts a
 * report given twice (or a copy of it) once, saying so.
 */
import { linkSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distinctReports, sampleOf } from '../../cli/commands/merge.js';
import { mergeReports, parseReport } from '../../cli/report/merge.js';
import { UsageError } from '../../cli/errors.js';
import { finding, notice, report } from '../helpers/report.js';

const good = report([notice('n')], [finding('n')]);
const text = (over: (r: Record<string, unknown>) => void): string => {
  const r = JSON.parse(JSON.stringify(good)) as Record<string, unknown>;
  over(r);
  return JSON.stringify(r);
};

describe('a malformed report is named (issue 28, item 15)', () => {
  it.each([
    ['an impossible date', (r: Record<string, unknown>) => (r.today = '2026-02-31'), /"today" "2026-02-31" is not a day/],
    ['an impossible effective date', (r: Record<string, unknown>) => ((r.notices as Record<string, unknown>[])[0].effective = '2026-13-01'), /notices\[0\]\.effective/],
    ['a missing status', (r: Record<string, unknown>) => delete (r.notices as Record<string, unknown>[])[0].status, /notices\[0\] has no status/],
    ['warnWithinDays 1e9', (r: Record<string, unknown>) => (r.warnWithinDays = 1e9), /"warnWithinDays" is 1000000000/],
    ['excerpt lines not a list', (r: Record<string, unknown>) => ((r.findings as Record<string, unknown>[])[0].excerpt = { startLine: 1, lines: 'x' }), /findings\[0\]\.excerpt/],
    ['files: [null]', (r: Record<string, unknown>) => (r.files = [null]), /files\[0\] has no file/],
    ['an empty summary', (r: Record<string, unknown>) => (r.summary = {}), /"summary\.errors" is not a number/],
  ])('%s', (_what, over, message) => {
    const t = text(over);
    expect(() => parseReport('bad.json', t)).toThrow(UsageError);
    expect(() => parseReport('bad.json', t)).toThrow(new RegExp(`^bad\\.json: not a collab-migrate JSON report \\(.*${message.source}`));
  });

  it('a good report still merges', () => {
    const parsed = parseReport('good.json', JSON.stringify(good));
    expect(mergeReports([{ source: 'good.json', report: parsed }]).findings).toHaveLength(1);
  });
});

describe('one report given twice counts once (issue 28, item 22)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-harm3-merge-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the same file, a hard link to it, and a copy are left out, each said', () => {
    const a = path.join(dir, 'a.json');
    const b = path.join(dir, 'b.json');
    writeFileSync(a, JSON.stringify(good));
    writeFileSync(b, JSON.stringify({ ...good, today: '2026-01-30' }));
    linkSync(a, path.join(dir, 'link.json'));
    writeFileSync(path.join(dir, 'copy.json'), JSON.stringify(good));
    const err: string[] = [];
    const io = { cwd: dir, stderr: { write: (s: string) => (err.push(s), true) } as unknown as NodeJS.WritableStream };
    expect(distinctReports([a, a, b, path.join(dir, 'link.json'), path.join(dir, 'copy.json'), a], io)).toEqual([a, b]);
    expect(err).toEqual([
      'collab-migrate: a.json is the same report as a.json: counted once.\n',
      'collab-migrate: link.json is the same report as a.json: counted once.\n',
      'collab-migrate: copy.json is the same report as a.json: counted once.\n',
      'collab-migrate: a.json is the same report as a.json: counted once.\n',
    ]);
  });

  it('a long report is a copy only byte for byte: one of the same length that differs in one character between the sampled pieces is kept (issue 30, item 3)', () => {
    // Long enough that only pieces of it are sampled before the whole text is hashed.
    const long = JSON.stringify({ ...good, pad: 'x'.repeat(20_000) });
    const change = (at: number): string => `${long.slice(0, at)}y${long.slice(at + 1)}`;
    // A character no sampled piece holds: the two reports are alike in length and sample, so the whole hash decides.
    let at = long.indexOf('x') + 5_000;
    while (sampleOf(change(at)) !== sampleOf(long)) at++;
    const other = change(at);
    expect(other).toHaveLength(long.length);
    expect(sampleOf(change(long.indexOf('x')))).not.toBe(sampleOf(long));
    const [l, o, c] = ['long.json', 'other.json', 'long-copy.json'].map((n) => path.join(dir, n));
    writeFileSync(l!, long);
    writeFileSync(o!, other);
    writeFileSync(c!, long);
    const err: string[] = [];
    const io = { cwd: dir, stderr: { write: (s: string) => (err.push(s), true) } as unknown as NodeJS.WritableStream };
    expect(distinctReports([l!, o!, c!], io)).toEqual([l, o]);
    expect(err).toEqual(['collab-migrate: long-copy.json is the same report as long.json: counted once.\n']);
  });
});
