/** The Markdown readiness summary: headline, next date, timeline table, limits and escaping. */
import { describe, expect, it } from 'vitest';
import { escapeMarkdown, formatMarkdown } from '../cli/report/formats/markdown.js';
import { finding, notice, report } from './helpers/report.js';

describe('formatMarkdown', () => {
  const notices = [
    notice('license-names-shortened', { effective: '2026-01-26' }),
    notice('scim-account-status-array', { effective: '2026-03-01', bucket: 'within-window', severity: 'warning', fix: 'none', breaking: false }),
    notice('authorization-bearer-scheme', { status: 'contract', effective: null, bucket: 'in-force' }),
    notice('legacy-api-host', { status: 'pending', effective: null, bucket: 'pending', severity: 'warning' }),
    notice('clean-notice', { effective: '2026-06-01', bucket: 'later' }),
  ];
  const findings = [
    finding('license-names-shortened', { fixable: true }),
    finding('license-names-shortened', { fixable: true, file: 'src/b.ts' }),
    finding('license-names-shortened', { confidence: 'likely' }),
    finding('scim-account-status-array', { severity: 'warning' }),
    finding('authorization-bearer-scheme', { fixable: true }),
    finding('legacy-api-host', { severity: 'warning' }),
  ];
  const md = formatMarkdown(report(notices, findings));

  it('heads with the counts, the fixable share and the next effective date', () => {
    expect(md).toContain('**4 errors, 2 warnings** in 2 files');
    expect(md).toContain('3 fixable by `--fix` (50%)');
    expect(md).toContain('4 already in force');
    expect(md).toContain('Next effective date: **2026-03-01** (in 31 days): `scim-account-status-array`, 1 finding.');
  });

  it('lists the notices with findings as a table: contract first, then by date, then pending; clean notices left out', () => {
    const rows = md.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Effective'));
    expect(rows.map((r) => /`([a-z-]+)`/.exec(r)?.[1])).toEqual(['authorization-bearer-scheme', 'license-names-shortened', 'scim-account-status-array', 'legacy-api-host']);
    expect(rows[1]).toMatch(/^\| 2026-01-26 \| \[`license-names-shortened`\]\(\S+license-names-shortened\.md\) \*\*breaking\*\* \| 🔴 in force \| 3 \| 2 \| 1 \|$/);
    expect(rows[2]).toContain('🟠 within warning window | 1 | 0 | 1 |');
    expect(rows[2]).not.toContain('breaking');
    expect(rows[0]!.startsWith('| always |')).toBe(true);
    expect(rows[3]!.startsWith('| pending |')).toBe(true);
    expect(md).not.toContain('clean-notice');
  });

  it('cuts the table at maxRows and counts the rest', () => {
    const short = formatMarkdown(report(notices, findings), { maxRows: 2 });
    expect(short.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Effective'))).toHaveLength(2);
    expect(short).toContain('…and 2 more notices with 2 findings.');
  });

  it('says so when there is nothing to do', () => {
    expect(formatMarkdown(report(notices, []))).toContain('✅ **No findings** in 0 files (today 2026-01-29).');
  });

  it('escapes text from catalogs and repository names (no HTML, no links, no table breaks)', () => {
    expect(escapeMarkdown('<img src=x onerror=alert(1)> | [x](javascript:alert(1))')).toBe('&lt;img src=x onerror=alert\\(1\\)&gt; \\| \\[x\\]\\(javascript:alert\\(1\\)\\)');
    const hostile = formatMarkdown(report(notices, findings, { repository: { name: '<script>alert(1)</script>|x', commit: null } }));
    expect(hostile).not.toContain('<script>');
    expect(hostile.split('\n')[0]).toBe('## collab-migrate readiness: &lt;script&gt;alert\\(1\\)&lt;/script&gt;\\|x');
  });

  it('stays short: a hundred notices with findings fit a pull-request comment', () => {
    const many = Array.from({ length: 100 }, (_, i) => notice(`notice-${i}`, { effective: `2026-01-${String((i % 28) + 1).padStart(2, '0')}` }));
    const out = formatMarkdown(report(many, many.map((n) => finding(n.id))));
    expect(out.length).toBeLessThan(65_536 / 4);
    expect(out).toContain('…and 70 more notices with 70 findings.');
  });
});
