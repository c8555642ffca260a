/**
 * The metamorphic harness's line map (scripts/metamorphic.ts `lineMap`): a line re-indented by a rewrite is the same
 * line (mapped to itself, unchanged); a changed line maps to the hunk that replaced it.
 */
import { describe, expect, it } from 'vitest';
import { lineMap } from '../scripts/metamorphic.js';

describe('lineMap', () => {
  it('a re-indented block keeps its lines; a replaced line maps to its hunk', () => {
    const before = 'a();\nif (x) {\n  b();\n  c();\n}\nd();\n';
    const after = 'a();\nif (x) {\n      b();\n      c();\n}\nd2();\nd3();\n';
    const m = lineMap(before, after);
    expect(m.get(3)).toEqual({ from: 3, to: 3, changed: false });
    expect(m.get(4)).toEqual({ from: 4, to: 4, changed: false });
    expect(m.get(6)).toEqual({ from: 6, to: 7, changed: true });
  });
});
