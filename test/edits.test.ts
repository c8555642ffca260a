/** The edit engine: grouped, deterministic, overlap-checked application and the parse-verified fix loop. */
import { AST_NODE_TYPES as T } from '@typescript-eslint/utils';
import { describe, expect, it, vi } from 'vitest';
import type { Detector } from '../engine/detectors/detector.js';
import type { LoadedCatalog } from '../engine/catalog/catalog.js';
import type { Notice } from '../engine/types.js';

// A fake interpreter: rewrites every `OLD` identifier/string to the text in the detection's params,
// so the fix loop can be driven to produce good, overlapping and unparseable results.
const fake: Detector<any> = {
  kind: 'fake',
  messages: { found: 'found {{what}}' },
  tokens: () => ['OLD'],
  detect(file, ctx) {
    const to = String((ctx.detection as any).params.to);
    return file.nodes(T.Identifier).filter((n) => n.name === 'OLD').map((n) => ({ node: n, messageId: 'found', data: { what: 'OLD' }, fix: [{ range: n.range, text: to }] }));
  },
};
vi.mock('../engine/detectors/index.js', () => ({ getDetector: () => fake, detectorKinds: () => ['fake'] }));

const { applyEdits, fixFile } = await import('../engine/fix/edits.js');

const notice = (to: string, fix: Notice['fix'] = 'autofix'): Notice => ({
  id: 'fake-notice', title: 't', summary: 's', area: 'a', status: 'contract', breaking: true, source: { section: '0' }, instead: 'do x', fix,
  detections: [{ kind: 'custom', handler: 'fake', params: { to } }],
});
const catalog = {} as LoadedCatalog;

describe('applyEdits', () => {
  it('applies groups in text order whatever order they come in', () => {
    const r = applyEdits('abcdef', [[{ range: [4, 5], text: 'E' }], [{ range: [0, 1], text: 'A' }]]);
    expect(r).toEqual({ output: 'AbcdEf', applied: [0, 1], conflicts: [] });
  });

  it('skips a group overlapping an earlier one, whole', () => {
    const r = applyEdits('abcdef', [[{ range: [1, 3], text: 'X' }], [{ range: [2, 4], text: 'Y' }, { range: [5, 6], text: 'Z' }]]);
    expect(r.output).toBe('aXdef');
    expect(r.conflicts).toEqual([1]);
  });

  it('accepts adjacent edits and refuses two insertions at one point', () => {
    expect(applyEdits('abc', [[{ range: [0, 1], text: 'A' }], [{ range: [1, 2], text: 'B' }]]).output).toBe('ABc');
    const r = applyEdits('abc', [[{ range: [1, 1], text: 'x' }], [{ range: [1, 1], text: 'y' }]]);
    expect(r.output).toBe('axbc');
    expect(r.conflicts).toEqual([1]);
  });

  it('refuses edits outside the text', () => {
    expect(applyEdits('abc', [[{ range: [2, 9], text: 'x' }]]).conflicts).toEqual([0]);
  });
});

describe('fixFile', () => {
  const opts = (to: string, fix: Notice['fix'] = 'autofix') => ({ catalog, notices: [notice(to, fix)] });

  it('fixes every occurrence, keeps every other byte (CRLF, BOM, comments) and is idempotent', () => {
    const text = '\uFEFF// keep me\r\nconst a = OLD;\r\n\tcall(OLD /* c */);\r\n';
    const r = fixFile({ filename: 'x.ts', text }, opts('NEW'));
    expect(r.output).toBe('\uFEFF// keep me\r\nconst a = NEW;\r\n\tcall(NEW /* c */);\r\n');
    expect(r.fixed).toHaveLength(2);
    expect(r.remaining).toEqual([]);
    expect(fixFile({ filename: 'x.ts', text: r.output }, opts('NEW')).changed).toBe(false);
  });

  it('refuses a fix whose result would not parse, and says so', () => {
    const text = 'const a = OLD;\n';
    const r = fixFile({ filename: 'x.ts', text }, opts('('));
    expect(r.output).toBe(text);
    expect(r.changed).toBe(false);
    expect(r.failure).toMatch(/would not parse/);
    expect(r.remaining).toHaveLength(1);
  });

  it('does not touch a file that does not parse', () => {
    const text = 'const a = OLD;\nconst = ;\n';
    const r = fixFile({ filename: 'x.ts', text }, opts('NEW'));
    expect(r.output).toBe(text);
    expect(r.failure).toMatch(/does not parse/);
  });

  it('applies nothing for a notice whose fix kind is not autofix', () => {
    const r = fixFile({ filename: 'x.ts', text: 'OLD;' }, opts('NEW', 'none'));
    expect(r.changed).toBe(false);
    expect(r.remaining.map((m) => m.message)).toEqual(['found OLD']);
  });
});
