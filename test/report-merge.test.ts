/** Merging repositories' JSON reports: counts, states, order, tagging, bad input, and the merged formats. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatHtml } from '../cli/report/formats/html.js';
import { formatMarkdown } from '../cli/report/formats/markdown.js';
import { formatText } from '../cli/report/formats/text.js';
import { mergeReports, parseReport, withRepositoryPaths } from '../cli/report/merge.js';
import { toJson } from '../cli/report/report.js';
import { assertBuilt, cli, cliInProcess } from './cli/run.js';
import { finding, notice, report } from './helpers/report.js';

const LICENSES = notice('license-names-shortened', { effective: '2026-01-26' });
const FILTER = notice('telephony-calls-filter-number', { effective: '2026-03-24', bucket: 'later', severity: 'warning', breaking: false });
const HOST = notice('legacy-api-host', { status: 'pending', effective: null, bucket: 'pending', severity: 'warning' });

const app = report([LICENSES, FILTER, HOST], [finding(LICENSES.id, { fixable: true }), finding(LICENSES.id), finding(FILTER.id, { severity: 'warning' })], {
  repository: { name: 'acme/app', commit: 'a'.repeat(40) },
  today: '2026-01-29',
});
const relay = report([LICENSES, FILTER], [finding(FILTER.id, { severity: 'warning', file: 'src/relay.ts' })], {
  repository: { name: 'acme/relay', commit: null },
  today: '2026-02-01',
  files: [{ file: 'src/relay.ts', outcome: 'scanned', findings: 1 }, { file: 'src/big.js', outcome: 'skipped', findings: 0, reason: 'over the size limit' }, { file: 'src/ok.ts', outcome: 'scanned', findings: 0 }],
});
const sync = report([HOST], [finding(HOST.id, { severity: 'warning' }), finding(HOST.id, { severity: 'warning' })], { today: '2026-01-15' });

describe('mergeReports', () => {
  const merged = mergeReports([
    { source: 'reports/app.json', report: app },
    { source: 'reports/relay.json', report: relay },
    { source: 'reports/license-sync.json', report: sync },
  ]);

  it('lists the repositories worst first, named by their report or else by the file', () => {
    expect(merged.repositories!.map((r) => [r.name, r.errors, r.warnings])).toEqual([
      ['acme/app', 2, 1],
      ['license-sync', 0, 2],
      ['acme/relay', 0, 1],
    ]);
    expect(merged.repositories![0]!.commit).toBe('a'.repeat(40));
    expect(merged.repositories![0]!.byNotice).toEqual({ [LICENSES.id]: 2, [FILTER.id]: 1 });
    expect(merged.repositories![1]!.today).toBe('2026-01-15');
  });

  it('sums the notices across repositories and recomputes their state for the latest day', () => {
    expect(merged.today).toBe('2026-02-01');
    expect(merged.notices.map((n) => [n.id, n.findings, n.bucket])).toEqual([
      [LICENSES.id, 2, 'in-force'],
      [FILTER.id, 2, 'within-window'],
      [HOST.id, 2, 'pending'],
    ]);
    expect(merged.notices[1]!.countdown).toBe('in 51 days');
    expect(merged.summary).toMatchObject({ errors: 2, warnings: 4, fixable: 1, filesScanned: 3, filesSkipped: 0 });
    expect(merged.summary.timeline.map((t) => [t.bucket, t.findings])).toEqual([
      ['in-force', 2],
      ['within-window', 2],
      ['pending', 2],
    ]);
  });

  it('tags findings and files with their repository and keeps only files that say something', () => {
    expect(merged.findings.map((f) => f.repository)).toEqual(['acme/app', 'acme/app', 'acme/app', 'acme/relay', 'license-sync', 'license-sync']);
    expect(merged.files.filter((f) => f.repository === 'acme/relay').map((f) => f.file)).toEqual(['src/relay.ts', 'src/big.js']);
    expect(withRepositoryPaths(merged).findings[3]!.file).toBe('acme/relay/src/relay.ts');
  });

  it('takes --today and --warn-within over the inputs', () => {
    const later = mergeReports([{ source: 'a.json', report: app }], { today: '2026-03-24', warnWithinDays: 10 });
    expect(later.notices.find((n) => n.id === FILTER.id)!.bucket).toBe('in-force');
    expect(mergeReports([{ source: 'a.json', report: app }], { today: '2026-01-01', warnWithinDays: 10 }).notices.find((n) => n.id === FILTER.id)!.bucket).toBe('later');
  });

  it('names two reports of the same repository apart', () => {
    const twice = mergeReports([
      { source: 'x/app.json', report: app },
      { source: 'y/app.json', report: app },
    ]);
    expect(twice.repositories!.map((r) => r.name).sort()).toEqual(['acme/app', 'acme/app (2)']);
  });

  it('round-trips through JSON and renders in every readiness format', () => {
    const again = parseReport('merged.json', toJson(merged));
    expect(again.repositories).toHaveLength(3);
    const md = formatMarkdown(again);
    expect(md).toContain('## ❌ collab-migrate readiness: 3 repositories');
    expect(md).toMatch(/\| acme\/app \| `aaaaaaaaaaaa` \| 2 \| 1 \| 1 \| 2 \|/);
    expect(md).toContain('| Effective | Notice | Findings | Autofix | Needs a human | Repositories |');
    expect(md).toMatch(/\| 2026-03-24 \(in 51 days\) \| .* \| 2 \| 0 \| 2 \| 2 \|/);
    const page = formatHtml(again);
    expect(page.match(/<article class="finding"/g)).toHaveLength(6);
    expect(page).toContain('one row per repository');
    expect(page).toContain('aria-label="acme/relay: telephony-calls-filter-number: 1 finding, effective 2026-03-24 (in 51 days), not breaking"');
    expect(page).toContain('<select name="repo">');
    expect(page).toContain('Repository x notice');
    const text = formatText(withRepositoryPaths(again), { color: false });
    expect(text).toContain('Repositories (3, worst first):');
    expect(text).toContain('acme/relay/src/relay.ts');
  });
});

describe('parseReport', () => {
  it('names the file and what is wrong', () => {
    expect(() => parseReport('r/a.json', '{')).toThrow(/^r\/a\.json: not JSON/);
    expect(() => parseReport('r/a.sarif', JSON.stringify({ version: '2.1.0', runs: [] }))).toThrow('r/a.sarif: not a collab-migrate JSON report ("version" is "2.1.0", this collab-migrate reads 1)');
    expect(() => parseReport('r/b.json', JSON.stringify({ ...app, findings: [{ noticeId: 'x' }] }))).toThrow('findings[0] has no noticeId, file or line');
    expect(() => parseReport('r/c.json', JSON.stringify({ ...app, today: 'soon' }))).toThrow('"today" is not a YYYY-MM-DD day');
    expect(parseReport('r/d.json', '\ufeff' + JSON.stringify(app)).findings).toHaveLength(3);
  });
});

describe('collab-migrate merge (the binary)', { timeout: 180_000 }, () => {
  it('merges a folder of scan reports (one per repository) and refuses what is not a report', async () => {
    assertBuilt();
    const root = fileURLToPath(new URL('..', import.meta.url));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-merge-'));
    try {
      mkdirSync(path.join(dir, 'reports', 'report-relay'), { recursive: true });
      mkdirSync(path.join(dir, 'reports', 'report-sync'), { recursive: true });
      const relay = await cliInProcess(['examples/org/webhook-relay', '--today', '2026-03-01', '--format', 'json', '-o', path.join(dir, 'reports', 'report-relay', 'report.json'), '--repo-name', 'acme/webhook-relay'], { cwd: root });
      expect(relay.code, relay.stderr).toBe(1);
      const sync = await cliInProcess(['examples/org/license-sync', '--today', '2026-03-01', '--json-output', path.join(dir, 'reports', 'report-sync', 'report.json'), '--repo-name', 'acme/license-sync'], { cwd: root });
      expect(sync.code, sync.stderr).toBe(1);
      const md = cli(['merge', 'reports', '--format', 'markdown'], { cwd: dir });
      expect(md.code, md.stderr).toBe(0);
      expect(md.stdout).toContain('## ❌ collab-migrate readiness: 2 repositories');
      // Issue 12: webhook-signature-sha1 is not breaking (a warning in force), and before a notice's date only safe edits and transitional forms count as fixable.
      expect(md.stdout).toMatch(/\| acme\/webhook-relay \| `[0-9a-f]{12}` \| 1 \| 4 \| 1 \| 4 \|\n\| acme\/license-sync \| `[0-9a-f]{12}` \| 1 \| 1 \| 2 \| 2 \|/);
      const json = await cliInProcess(['merge', 'reports/report-sync/report.json', 'reports/report-relay/report.json', '--format', 'json', '--today', '2026-06-01'], { cwd: dir });
      const merged = JSON.parse(json.stdout) as { today: string; repositories: { name: string }[]; findings: { repository: string }[] };
      expect(merged.today).toBe('2026-06-01');
      expect(merged.repositories.map((r) => r.name)).toEqual(['acme/webhook-relay', 'acme/license-sync']);
      expect(new Set(merged.findings.map((f) => f.repository))).toEqual(new Set(['acme/webhook-relay', 'acme/license-sync']));
      // -o: nothing on stdout, one summary line on stderr (as a scan with --output).
      const out = await cliInProcess(['merge', 'reports', '--format', 'html', '-o', 'org.html', '--today', '2026-03-01'], { cwd: dir });
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).toBe('');
      expect(out.stderr).toMatch(/^collab-migrate: 2 errors, 5 warnings \(\d+ fixable\) in \d+ files.*, from 2 repositories; wrote org\.html \(html\)\n$/);
      writeFileSync(path.join(dir, 'notes.json'), '{"hello": 1}');
      const bad = await cliInProcess(['merge', 'reports', 'notes.json'], { cwd: dir });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('notes.json: not a collab-migrate JSON report');
      expect((await cliInProcess(['merge', 'missing'], { cwd: dir })).stderr).toContain('Cannot read missing (ENOENT)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('a repository name or file name holding a bidirectional override or a C1 control is written with \\u escapes in the merged JSON (lesson 4: names come from scanned repositories)', async () => {
    assertBuilt();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-merge-printable-'));
    try {
      const names = ['src/\u202etxt.js', 'src/c\u009b31m.js'];
      const n = notice('legacy-api-host');
      writeFileSync(path.join(dir, 'a.json'), toJson(report([n], [finding(n.id, { file: names[0] })], { repository: { name: 'acme/\u202eevil', commit: null } })));
      writeFileSync(path.join(dir, 'b.json'), toJson(report([n], [finding(n.id, { file: names[1] })], { repository: { name: 'acme/b\u0085', commit: null } })));
      const out = await cliInProcess(['merge', 'a.json', 'b.json', '--format', 'json'], { cwd: dir });
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
      const merged = JSON.parse(out.stdout) as { repositories: { name: string }[]; findings: { file: string }[] };
      expect(merged.findings.map((f) => f.file).sort()).toEqual([...names].sort());
      expect(merged.repositories.map((r) => r.name).sort()).toEqual(['acme/b\u0085', 'acme/\u202eevil']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
