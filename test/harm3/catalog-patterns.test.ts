/**
 * Issue 28, items 6 and 13: a user catalog's regular expressions are refused at load when they do not compile,
 * are huge, or can backtrack catastrophically (`/v1/(a+)+b` hung the scan; a bad one made every file an
 * "internal error" with exit 0 or 1): a CatalogError naming the notice and the pattern (exit 2).
 */
import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_LENGTH, parseExtraCatalog } from '../../engine/catalog/catalog.js';
import { refusal } from '../helpers/catalog.js';

const withPaths = (kind: 'url-path' | 'request-field', paths: string[]) => ({
  notices: [
    {
      id: 'my-notice',
      title: 't',
      summary: 's',
      area: 'x',
      status: 'contract',
      breaking: false,
      source: { section: '9' },
      instead: 'i',
      fix: 'none',
      detections: [kind === 'url-path' ? { kind, paths, change: 'c' } : { kind, paths, in: 'body', fields: ['a'], change: 'c', present: true }],
    },
  ],
});

describe('catalog regular expressions (issue 28, items 6 and 13)', () => {
  it('catastrophic backtracking is refused, naming the notice and the pattern', () => {
    const e = refusal(withPaths('url-path', ['^/v1/people$', '/v1/(a+)+b']));
    expect(e.pointer).toBe('/notices/0/detections/0/paths/1');
    expect(e.noticeId).toBe('my-notice');
    expect(e.message).toMatch(/"\/v1\/\(a\+\)\+b" can take exponential time/);
  });

  it('a pattern that does not compile is refused', () => {
    const e = refusal(withPaths('url-path', ['/v1/people/(']));
    expect(e.pointer).toBe('/notices/0/detections/0/paths/0');
    expect(e.message).toMatch(/is not a regular expression/);
  });

  it('a huge pattern is refused', () => {
    expect(refusal(withPaths('url-path', ['a'.repeat(MAX_PATTERN_LENGTH + 1)])).message).toMatch(/characters long/);
  });

  it('ordinary endpoint patterns load', () => {
    expect(() => parseExtraCatalog(withPaths('url-path', ['^/v1/people/[^/]+$', '/v1/telephony/config/workspaces/[^/]+/simultaneousRing']), 'extra.json')).not.toThrow();
  });
});
