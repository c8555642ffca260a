/**
 * Issue 30, item 3: `merge` of many reports reads, counts and drops them one at a time. The organisation page
 * summarises (every repository and notice counted) and lists a capped number of findings and repositories with
 * the rest counted; the JSON report is written as it is read and holds every finding, the same values as the
 * in-memory merge. Run in process through the command's handler (the binary adds nothing here); the time and
 * memory at 10,000 reports are the bench's (`BENCH_MERGE=10000`).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../cli/commands/merge.js';
import type { Io } from '../cli/io.js';
import { formatHtml } from '../cli/report/formats/html.js';
import { formatMarkdown } from '../cli/report/formats/markdown.js';
import { mergeReports, ReportMerger } from '../cli/report/merge.js';
import { toJson, type Report } from '../cli/report/report.js';
import { finding, notice, report } from './helpers/report.js';

const A = notice('license-names-shortened');
const B = notice('telephony-calls-filter-number', { effective: '2026-03-24', bucket: 'later', severity: 'warning', breaking: false });
const REPOS = 260;

/** Repository i: 3 findings of A (the first fixable), and i % 3 warnings of B. */
function repo(i: number): Report {
  const name = `acme/service-${String(i).padStart(3, '0')}`;
  const findings = [
    finding(A.id, { fixable: true, line: 1, file: `src/${i}.ts` }),
    finding(A.id, { line: 2, file: `src/${i}.ts` }),
    finding(A.id, { line: 3, file: `src/${i}.ts`, confidence: 'likely' }),
    ...Array.from({ length: i % 3 }, (_, k) => finding(B.id, { severity: 'warning', line: 10 + k, file: `lib/${i}.ts` })),
  ];
  return report([A, B], findings, { repository: { name, commit: null }, today: '2026-02-01' });
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-merge-scale-'));
const reports = path.join(dir, 'reports');
mkdirSync(reports);
const all: Report[] = [];
for (let i = 0; i < REPOS; i++) {
  const r = repo(i);
  all.push(r);
  writeFileSync(path.join(reports, `r${String(i).padStart(3, '0')}.json`), toJson(r));
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function merge(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    cwd: dir,
    env: {},
    stdout: { write: (s: string) => ((stdout += s), true) } as unknown as Io['stdout'],
    stderr: { write: (s: string) => ((stderr += s), true) } as unknown as Io['stderr'],
  };
  const args: Record<string, unknown> = { reports: ['reports'], color: false };
  for (let i = 0; i < argv.length; i += 2) args[argv[i]!] = argv[i + 1];
  const code = await run(args as never, io);
  return { code, stdout, stderr };
}

describe('merge of many reports (issue 30, item 3)', () => {
  const total = all.reduce((s, r) => s + r.findings.length, 0);
  const totalB = all.reduce((s, r) => s + r.findings.filter((f) => f.noticeId === B.id).length, 0);

  it('the page summarises every repository and notice and lists a capped number of each', async () => {
    const out = await merge('format', 'html');
    expect(out.code).toBe(0);
    const page = out.stdout;
    // Notice A has 3 findings in each of 260 repositories (780): 200 listed, the rest counted.
    expect(page).toContain(`…and ${3 * REPOS - 200} more findings of this notice, not listed here (all are in the JSON report).`);
    expect(page.match(/<article class="finding"/g)).toHaveLength(200 + 200);
    // Counts over every finding, not over the listed ones: 260 autofixable, 520 for a person (260 likely).
    expect(page).toContain(`<dt>findings</dt><dd>${3 * REPOS}</dd></div><div><dt>autofixable</dt><dd>${REPOS}</dd>`);
    expect(page).toContain(`<dt>needs a human</dt><dd>${2 * REPOS}</dd>`);
    expect(page).toContain(`<span class="n">${total - totalB}</span>errors`);
    // The repository table and matrix: the worst 200, the other 60 counted with their totals.
    expect(page.match(/<tr id="repo-/g)).toHaveLength(200);
    expect(page).toMatch(/…and 60 more repositories \(\d+ errors, \d+ warnings, \d+ fixable\), not listed here/);
    // The timeline: one row for each of those 200 (a row per repository would grow with the organisation).
    expect(page).toContain('One row for each of the 200 worst repositories; the other 60 repositories are counted in the list below.');
    expect(page.match(/<rect class="row-bg/g)).toHaveLength(200);
    // The repository filter offers the repositories of listed findings only.
    const options = page.slice(page.indexOf('<select name="repo">'), page.indexOf('</select>', page.indexOf('<select name="repo">')));
    expect(options.match(/<option value="acme/g)!.length).toBeLessThan(REPOS);
  });

  it('the page of a merge that fits shows what the in-memory merge shows', async () => {
    const small = all.slice(0, 5).map((r, i) => ({ source: `r${i}.json`, report: r }));
    const merger = new ReportMerger({ keepFindingsPerNotice: 2 });
    for (const s of small) merger.add(s);
    const { report: capped, counts } = merger.finish();
    expect(capped.findings.length).toBe(4);
    const full = mergeReports(small);
    // Every count of the capped merge is that of the whole one; only the listed findings differ.
    expect(formatMarkdown(capped, { counts })).toBe(formatMarkdown(full));
    expect(formatHtml(capped, { counts, maxFindingsPerNotice: 2 })).toBe(formatHtml(full, { maxFindingsPerNotice: 2 }));
  });

  it('the Markdown summary counts every finding', async () => {
    const out = await merge('format', 'markdown');
    expect(out.stdout).toContain(`## ❌ collab-migrate readiness: ${REPOS} repositories`);
    expect(out.stdout).toMatch(new RegExp(`\\| ${3 * REPOS} \\| ${REPOS} \\| ${2 * REPOS} \\| ${REPOS} \\|`));
    expect(out.stdout).toContain(`…and ${REPOS - 20} more repositories.`);
  });

  it('the streamed JSON report holds every finding, with the values of the in-memory merge', async () => {
    const out = await merge('format', 'json', 'output', 'merged.json');
    expect(out.code).toBe(0);
    expect(out.stdout).toBe('');
    const streamed = JSON.parse(readFileSync(path.join(dir, 'merged.json'), 'utf8')) as Report;
    expect(streamed.findings).toHaveLength(total);
    const expected = JSON.parse(toJson(mergeReports(all.map((r, i) => ({ source: `reports/r${String(i).padStart(3, '0')}.json`, report: r }))))) as Report;
    expect(streamed).toEqual(expected);
    // Written in batches, laid out as toJson lays the list out, byte for byte (the other keys come in another order).
    const list = (text: string): string => text.slice(text.indexOf('\n  "findings": ['), text.indexOf('\n  ]', text.indexOf('\n  "findings": [')));
    expect(total).toBeGreaterThan(600);
    expect(list(readFileSync(path.join(dir, 'merged.json'), 'utf8'))).toBe(list(toJson(expected)));
    // To stdout too, and no scratch file is left beside the output or in the reports' folder.
    const piped = await merge('format', 'json');
    expect(JSON.parse(piped.stdout)).toEqual(expected);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a bad report met half-way leaves no output file and no scratch file', async () => {
    const bad = path.join(dir, 'bad');
    mkdirSync(bad);
    for (let i = 0; i < 4; i++) writeFileSync(path.join(bad, `r${i}.json`), toJson(all[i]!));
    writeFileSync(path.join(bad, 'r2.json'), '{"version": 1}');
    const out = path.join(dir, 'half.json');
    const args = { reports: ['bad'], format: 'json', output: out, color: false } as never;
    const io = { cwd: dir, env: {}, stdout: { write: () => true }, stderr: { write: () => true } } as unknown as Io;
    await expect(run(args, io)).rejects.toThrow(/r2\.json: not a collab-migrate JSON report/);
    expect(readdirSync(dir)).not.toContain('half.json');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
