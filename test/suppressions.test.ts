import { describe, expect, it } from 'vitest';
import { isExpired, parseSuppressions, suppressionFor, unusedSuppressions } from '../engine/findings/suppressions.js';

describe('parseSuppressions', () => {
  it('reads next-line comments with ids, until and reason', () => {
    const text = [
      'const a = 1;',
      '// collab-migrate-ignore-next-line scim-account-status-array, legacy-api-host until 2026-09-01 -- migrated in Q3',
      'x();',
    ].join('\n');
    expect(parseSuppressions(text)).toEqual([
      { kind: 'next-line', line: 2, ids: ['scim-account-status-array', 'legacy-api-host'], until: '2026-09-01', reason: 'migrated in Q3' },
    ]);
  });

  it('reads file comments in block form and # comments', () => {
    const text = '/* collab-migrate-ignore-file legacy-api-host */\nx: 1\n# collab-migrate-ignore-next-line call-history-regional-hosts\nhost: a\n';
    expect(parseSuppressions(text)).toEqual([
      { kind: 'file', line: 1, ids: ['legacy-api-host'] },
      { kind: 'next-line', line: 3, ids: ['call-history-regional-hosts'] },
    ]);
  });

  it('marks an invalid until date as a problem and does not suppress with it', () => {
    const [s] = parseSuppressions('// collab-migrate-ignore-next-line a-b until 2026-02-30\nx');
    expect(s.problem).toMatch(/invalid "until" date "2026-02-30"/);
    expect(suppressionFor([s], 'a-b', 2, '2026-01-01')).toEqual({ state: 'none' });
  });

  it('ignores look-alikes that are not comment directives', () => {
    expect(parseSuppressions('const s = "collab-migrate-ignore-next-line x";\n// collab-migrate-ignore-next-lines x\n')).toEqual([]);
  });

  it('without ids is invalid and suppresses nothing (also with the id after --, in the reason)', () => {
    const [s, t] = parseSuppressions('// collab-migrate-ignore-next-line -- generated\nx\n// collab-migrate-ignore-next-line -- n-one\ny');
    expect(s.ids).toEqual([]);
    expect(s.reason).toBe('generated');
    expect(s.problem).toMatch(/^names no notice/);
    expect(suppressionFor([s], 'anything', 2, '2026-01-01').state).toBe('none');
    expect(t.problem).toMatch(/^names no notice/);
    expect(suppressionFor([t], 'n-one', 4, '2026-01-01').state).toBe('none');
  });

  it('naming an id the catalog does not have (a misspelt "untill") is invalid and suppresses nothing, forever', () => {
    const known = (id: string): boolean => id === 'n-one';
    const [s] = parseSuppressions('// collab-migrate-ignore-next-line n-one untill 2099-01-01\nx', known);
    expect(s.problem).toBe('unknown notice "untill", "2099-01-01"');
    expect(suppressionFor([s], 'n-one', 2, '2026-01-01').state).toBe('none');
    const [e] = parseSuppressions('// eslint-disable-next-line collab-migrate/n-onee\nx', known);
    expect(e.problem).toBe('unknown rule "collab-migrate/n-onee"');
    expect(suppressionFor([e], 'n-one', 2, '2026-01-01').state).toBe('none');
    const [ok] = parseSuppressions('// collab-migrate-ignore-next-line n-one until 2099-01-01\nx', known);
    expect(ok.problem).toBeUndefined();
    expect(suppressionFor([ok], 'n-one', 2, '2026-01-01').state).toBe('suppressed');
  });
});

describe('suppressionFor', () => {
  const text = [
    '// collab-migrate-ignore-next-line n-one until 2026-03-01',
    'line2',
    '// collab-migrate-ignore-next-line n-two',
    'line4',
  ].join('\n');
  const sups = parseSuppressions(text);

  it('applies only to the next line and the named notice', () => {
    expect(suppressionFor(sups, 'n-two', 4, '2026-01-01').state).toBe('suppressed');
    expect(suppressionFor(sups, 'n-two', 2, '2026-01-01').state).toBe('none');
    expect(suppressionFor(sups, 'n-one', 4, '2026-01-01').state).toBe('none');
  });

  it('suppresses up to and including the until day, then reports expiry', () => {
    expect(suppressionFor(sups, 'n-one', 2, '2026-03-01').state).toBe('suppressed');
    const after = suppressionFor(sups, 'n-one', 2, '2026-03-02');
    expect(after.state).toBe('expired');
    expect(isExpired(sups[0], '2026-03-02')).toBe(true);
    expect(isExpired(sups[0], '2026-03-01')).toBe(false);
  });

  it('a live file suppression wins over an expired next-line one', () => {
    const both = parseSuppressions('/* collab-migrate-ignore-file n-one */\n// collab-migrate-ignore-next-line n-one until 2020-01-01\nx');
    expect(suppressionFor(both, 'n-one', 3, '2026-01-01').state).toBe('suppressed');
  });

  it('lists unused suppressions only for notices the run looked for', () => {
    const used = new Set([sups[1]]);
    expect(unusedSuppressions(sups, used, (id) => id === 'n-one')).toEqual([sups[0]]);
    expect(unusedSuppressions(sups, used, () => false)).toEqual([]);
  });
});
