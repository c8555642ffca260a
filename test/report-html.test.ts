/** The HTML report as text: self-contained, escaped, one row per finding, the parts a lead reads. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatHtml } from '../cli/report/formats/html.js';
import { escapeHtml, html, safeUrl, withCode } from '../cli/report/formats/html-template.js';
import { finding, notice, report } from './helpers/report.js';

const EVIL = `</script><script>alert(1)</script><img src=x onerror="alert(2)">'"&`;

/** The markup with our own style and script bodies and every (double-quoted) attribute value emptied. */
function tagsOnly(out: string): string {
  return out.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<script>[\s\S]*?<\/script>/, '').replace(/"[^"]*"/g, '""');
}

function page(): string {
  const notices = [
    notice('license-names-shortened', { title: `Title ${EVIL}`, instead: `Instead ${EVIL}` }),
    notice('scim-account-status-array', { effective: '2026-03-01', bucket: 'within-window', severity: 'warning', breaking: false }),
  ];
  const findings = [
    finding('license-names-shortened', {
      file: `src/${EVIL}.ts`,
      message: `Message ${EVIL}`,
      fixable: true,
      excerpt: { startLine: 1, lines: ['const a = 1;', 'const b = 2;', `const c = '${EVIL}';`, 'const d = 4;'] },
      fixPreview: { kind: 'autofix', startLine: 3, before: [`const c = '${EVIL}';`], after: [`const c = 'x${EVIL}';`] },
    }),
    finding('scim-account-status-array', { severity: 'warning', file: 'lib/x.ts' }),
  ];
  return formatHtml(report(notices, findings, { repository: { name: `org/${EVIL}`, commit: 'abc' } }));
}

describe('formatHtml', () => {
  const out = page();

  it('shows backticks of messages, titles and instructions as code, and carries the notice text and its platform page', () => {
    const n = notice('trunk-error-codes-renamed', { title: 'Trunk `errorCodes` renamed', instead: 'Compare with `F_TO_FQDN_DNS_FAILURE`.', summary: 'The `errorCodes` change.', source: 'https://developer.webex.com/docs/api/changelog' });
    const f = finding('trunk-error-codes-renamed', { message: 'Old trunk error code `E1001`: use `F_TO_FQDN_DNS_FAILURE`.' });
    const one = formatHtml(report([n], [f]));
    expect(one).toContain('Old trunk error code <code>E1001</code>: use <code>F_TO_FQDN_DNS_FAILURE</code>.');
    expect(one).toContain('Trunk <code>errorCodes</code> renamed</h3>');
    expect(one).toContain('<strong>What to do:</strong> Compare with <code>F_TO_FQDN_DNS_FAILURE</code>.');
    expect(one).toContain('<p class="summary">The <code>errorCodes</code> change.</p>');
    expect(one).toContain('href="https://developer.webex.com/docs/api/changelog">platform docs</a>');
    expect(one).not.toContain('`');
    expect(one).not.toContain('file:');
  });

  it('escapes every string from code, paths, catalogs and repository names: only its own script', () => {
    expect(out.match(/<script/g)).toHaveLength(1);
    expect(out).not.toContain('<img');
    expect(tagsOnly(out)).not.toMatch(/<[^>]*\sonerror=/);
    expect(out).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;&#39;&quot;&amp;');
  });

  it('is self-contained: no external resource, and a CSP that allows only its own inline script', () => {
    expect(out).not.toMatch(/<(link|img|iframe|object|embed)\b/);
    expect(tagsOnly(out)).not.toMatch(/<[a-z][^>]*\ssrc=/i);
    expect(out).not.toMatch(/url\(/);
    const script = /<script>([\s\S]*)<\/script>/.exec(out)![1]!;
    const hash = createHash('sha256').update(script).digest('base64');
    // In the attribute, ' is written &#39;.
    expect(out).toContain(`script-src &#39;sha256-${hash}&#39;`);
    expect(out).toContain(`default-src &#39;none&#39;`);
  });

  it('has one finding row per finding, with its line highlighted and the fix as a diff', () => {
    expect(out.match(/<article class="finding"/g)).toHaveLength(2);
    expect(out).toMatch(/<span class="ln hit" data-n="3">/);
    expect(out).toMatch(/<span class="ln del" data-n="3">const c = &#39;/);
    expect(out).toMatch(/<span class="ln add" data-n="3">const c = &#39;x/);
    expect(out).toContain('Autofix (applied by --fix):');
  });

  it('shows the summary, the timeline with accessible marks, the counts per notice and the docs links', () => {
    expect(out).toMatch(/<span class="n">1<\/span>error</);
    expect(out).toMatch(/<span class="n">50%<\/span>fixable/);
    expect(out).toMatch(/<span class="n">31 days<\/span>until 2026-03-01/);
    expect(out).toContain('<svg class="timeline"');
    expect(out).toContain('aria-label="license-names-shortened: 1 finding, in force since 2026-01-26 (3 days ago), breaking"');
    expect(out).toContain('aria-label="scim-account-status-array: 1 finding, effective 2026-03-01 (in 31 days), not breaking"');
    expect(out).toMatch(/<dt>autofixable<\/dt><dd>1<\/dd>/);
    expect(out).toMatch(/href="(https?|file):\/\/[^"]+\/docs\/notices\/license-names-shortened\.md"/);
  });


  it('lists at most maxFindingsPerNotice findings of a notice and counts the rest', () => {
    const many = Array.from({ length: 5 }, (_, i) => finding('license-names-shortened', { line: i + 1 }));
    const out = formatHtml(report([notice('license-names-shortened')], many), { maxFindingsPerNotice: 3 });
    expect(out.match(/<article class="finding"/g)).toHaveLength(3);
    expect(out).toContain('…and 2 more findings of this notice, not listed here (all are in the JSON report).');
    expect(out).toContain('<strong id="shown">3</strong> of 3 findings');
  });
});

describe('html template', () => {
  it('shows control characters and bidirectional overrides as escapes, never raw (issue 28, item 17)', () => {
    const hidden = '\u202eevil\x1b[31m\x07\u2066';
    const page = formatHtml(
      report([notice('license-names-shortened', { title: `Title ${hidden}` })], [finding('license-names-shortened', { file: `src/${hidden}.ts`, message: `Message ${hidden}`, excerpt: { startLine: 1, lines: [`const c = '${hidden}';`] } })], {
        repository: { name: `org/${hidden}`, commit: 'abc' },
      }),
    );
    expect(page).toContain('\\u202eevil\\x1b[31m\\x07\\u2066');
    expect(page).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
    expect(escapeHtml('a\x1bb\u202ec\x07d\ne\tf')).toBe('a\\x1bb\\u202ec\\x07d\ne\tf');
  });

  it('escapes interpolated strings and keeps nested templates', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${`"x'`}">${inner}${[1, '&']}${null}${false}</p>`.value).toBe('<p title="&quot;x&#39;"><b>&lt;i&gt;</b>1&amp;</p>');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('lets only http(s) links through (a file: link means nothing where the page is read)', () => {
    expect(safeUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeUrl('file:///x/docs/a.md')).toBe('#');
    expect(safeUrl('javascript:alert(1)')).toBe('#');
    expect(safeUrl(' data:text/html,x')).toBe('#');
  });

  it('shows the catalog\'s code spans as code, and escapes what is inside them', () => {
    expect(withCode('Use `errorCodes` and ``a`b`` now').value).toBe('Use <code>errorCodes</code> and <code>a`b</code> now');
    expect(withCode('`<img src=x>` & `').value).toBe('<code>&lt;img src=x&gt;</code> &amp; `');
    expect(withCode('no code').value).toBe('no code');
  });
});
