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
    expect(md.split('\n')[0]).toBe('## ❌ collab-migrate readiness: this repository');
    expect(md).toContain('**4 errors, 2 warnings** in 2 files on 2026-01-29. 3 of 6 findings (50%) can be fixed with `npx collab-migrate --fix`; 4 already in force.');
    // The fake notice is not breaking (`breaking: false` above): it takes effect as a warning (severity follows breaking).
    expect(md).toContain('**Next effective date: 2026-03-01** (in 31 days): `scim-account-status-array` takes effect (not breaking: still a warning) (1 finding).');
  });

  it('lists the notices with findings by state: in force (contract first, then by date), coming next, no date yet', () => {
    const sections = md.split('\n').filter((l) => l.startsWith('### '));
    expect(sections).toEqual(['### In force now', '### Coming next (within 90 days)', '### Announced, no date yet']);
    const rows = md.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Effective'));
    expect(rows.map((r) => /`([a-z-]+)`/.exec(r)?.[1])).toEqual(['authorization-bearer-scheme', 'license-names-shortened', 'scim-account-status-array', 'legacy-api-host']);
    expect(rows[0]!.startsWith('| always |')).toBe(true);
    expect(rows[1]).toMatch(/^\| 2026-01-26 \(3 days ago\) \| \[`license-names-shortened`\]\(\S+license-names-shortened\.md\) \*\*breaking\*\*: Title of license-names-shortened \| 3 \| 2 \| 1 \|$/);
    expect(rows[2]).toMatch(/^\| 2026-03-01 \(in 31 days\) \| .* \| 1 \| 0 \| 1 \|$/);
    expect(rows[2]).not.toContain('breaking');
    expect(rows[3]!.startsWith('| no date yet |')).toBe(true);
    expect(md).toContain('<details><summary>1 upcoming notice without findings</summary>');
    // A notice this package has no page for (a made-up id, as a user catalog's) is named, not linked (issue 28, item 24).
    expect(md).toContain('- 2026-06-01: `clean-notice`');
    expect(md).not.toContain('clean-notice.md');
  });

  it('cuts the tables at maxRows and counts the rest', () => {
    const short = formatMarkdown(report(notices, findings), { maxRows: 2 });
    expect(short.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Effective'))).toHaveLength(2);
    expect(short).toContain('…and 2 more notices with findings (see the full report).');
  });

  it('says so when there is nothing to do', () => {
    const clean = formatMarkdown(report(notices, []));
    expect(clean.split('\n')[0]).toBe('## ✅ collab-migrate readiness: this repository');
    expect(clean).toContain('**No findings** in 0 files on 2026-01-29.');
  });

  it('lists the files it could not analyse', () => {
    const r = report(notices, findings);
    const reason = 'does not parse: Unexpected token (3:7)';
    r.files.push({ file: 'src/`odd`|name.js', outcome: 'scanned', findings: 0, reason, unanalysed: reason });
    r.unanalysed.push({ file: 'src/`odd`|name.js', reason, textLevel: true });
    // A binary file is skipped, not "not analysed" (cli/report/unanalysed.ts).
    r.files.push({ file: 'logo.js', outcome: 'skipped', findings: 0, reason: 'binary file' });
    const md = formatMarkdown(r);
    expect(md).toContain('- ``src/`odd`\\|name.js``: does not parse: Unexpected token \\(3:7\\) \\(text-level findings only\\)');
    expect(md).toContain('1 file not analysed');
    expect(md).not.toContain('logo.js');
  });

  it('escapes text from catalogs and repository names (no HTML, no links, no table breaks)', () => {
    expect(escapeMarkdown('<img src=x onerror=alert(1)> | [x](javascript:alert(1))')).toBe('&lt;img src=x onerror=alert\\(1\\)&gt; \\| \\[x\\]\\(javascript:alert\\(1\\)\\)');
    const hostile = formatMarkdown(report(notices, findings, { repository: { name: '<script>alert(1)</script>|x', commit: null } }));
    expect(hostile).not.toContain('<script>');
    expect(hostile.split('\n')[0]).toBe('## ❌ collab-migrate readiness: &lt;script&gt;alert\\(1\\)&lt;/script&gt;\\|x');
  });

  it('stays short: a hundred notices with findings fit a pull-request comment', () => {
    const many = Array.from({ length: 100 }, (_, i) => notice(`notice-${i}`, { effective: `2026-01-${String((i % 28) + 1).padStart(2, '0')}` }));
    const out = formatMarkdown(report(many, many.map((n) => finding(n.id))));
    expect(out.length).toBeLessThan(65_536 / 4);
    expect(out).toContain('…and 70 more notices with findings (see the full report).');
  });
});
