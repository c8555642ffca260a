/**
 * Every fixture through the engine: fix pairs must match byte for byte, parse, and be idempotent;
 * marked invalid files must be reported on exactly the marked lines; valid look-alikes never.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { checkSyntax, fixFile } from '../engine/fix/edits.js';
import { display, fixPairs, invalidFiles, validFiles } from './helpers/fixtures.js';

const catalog = loadCatalog();
const only = (id: string) => {
  const notice = catalog.get(id);
  if (!notice) throw new Error(`fixture folder "${id}" names no notice in notices.json`);
  return [notice];
};

describe('fix pairs', () => {
  for (const pair of fixPairs()) {
    it(`${pair.id}: ${pair.name}`, () => {
      const input = readFileSync(pair.input, 'utf8');
      const expected = readFileSync(pair.output, 'utf8');
      const opts = { catalog, notices: only(pair.id), engine: pair.options };
      const first = fixFile({ filename: pair.input, text: input }, opts);
      expect(first.failure).toBeUndefined();
      expect(first.output).toBe(expected);
      expect(first.fixed.length).toBeGreaterThan(0);
      expect(checkSyntax(pair.output, expected)).toBeUndefined();
      const second = fixFile({ filename: pair.output, text: first.output }, opts);
      expect(second.changed).toBe(false);
    });
  }
});

describe('invalid files: reported on exactly the marked lines', () => {
  for (const f of invalidFiles()) {
    it(`${display(f.file)}`, () => {
      const text = readFileSync(f.file, 'utf8');
      const result = analyzeFile({ filename: f.file, text }, { catalog, notices: only(f.id) });
      expect(result.parseError).toBeUndefined();
      expect(f.lines.length).toBeGreaterThan(0);
      const reported = [...new Set(result.matches.map((m) => m.loc.start.line))].sort((a, b) => a - b);
      expect(reported).toEqual(f.lines);
    });
  }
});

describe('valid look-alikes: never reported', () => {
  for (const f of validFiles()) {
    it(`${display(f.file)}`, () => {
      const text = readFileSync(f.file, 'utf8');
      const result = analyzeFile({ filename: f.file, text }, { catalog, notices: only(f.id) });
      expect(result.parseError).toBeUndefined();
      expect(result.matches.map((m) => `${m.loc.start.line}: ${m.message}`)).toEqual([]);
    });
  }
});
