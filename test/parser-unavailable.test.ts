/**
 * A project whose `typescript` has no compiler API (TypeScript 7 ships a launcher for its native compiler): the
 * fallback parser (typescript-estree) cannot run there. The check says so by version instead of letting the failure
 * surface as an unrelated TypeError from inside typescript-estree, and a file that needed that parser is listed as
 * not analysed (it could hold findings), with the reason.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ParserUnavailableError, typescriptWithoutApi } from '../engine/parse/parse.js';
import { isUnanalysedReason } from '../cli/report/unanalysed.js';
import { analysisFailure } from '../cli/scan/scan-core.js';

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A folder whose node_modules holds a `typescript` of `version` (or none), and a file to resolve from. */
function project(version: string | undefined): string {
  const root = mkdtempSync(path.join(tmpdir(), 'collab-migrate-tsapi-'));
  roots.push(root);
  if (version) {
    mkdirSync(path.join(root, 'node_modules', 'typescript'), { recursive: true });
    writeFileSync(path.join(root, 'node_modules', 'typescript', 'package.json'), JSON.stringify({ name: 'typescript', version }));
  }
  const from = path.join(root, 'node_modules', 'parser', 'index.js');
  mkdirSync(path.dirname(from), { recursive: true });
  writeFileSync(from, '');
  return from;
}

describe('typescriptWithoutApi', () => {
  it('names TypeScript 7 as the reason, with its version', () => {
    const why = typescriptWithoutApi(project('7.0.2'));
    expect(why).toMatch(/typescript 7\.0\.2 does not have/);
    expect(why).toMatch(/5\.x or 6\.x/);
  });
  it('accepts TypeScript 5 and 6 (and their pre-releases)', () => {
    expect(typescriptWithoutApi(project('5.4.5'))).toBeUndefined();
    expect(typescriptWithoutApi(project('6.0.3'))).toBeUndefined();
    expect(typescriptWithoutApi(project('6.1.0-dev.20260101'))).toBeUndefined();
  });
  it('says when there is no typescript at all', () => {
    expect(typescriptWithoutApi(project(undefined))).toMatch(/none is installed where it looks \(MODULE_NOT_FOUND\)/);
  });
  it('is quiet in this installation (its own typescript)', () => {
    expect(typescriptWithoutApi()).toBeUndefined();
  });
});

describe('a file whose parser cannot run here', () => {
  it('is reported as not analysed, with the reason, not as an internal error', () => {
    const reason = analysisFailure(new ParserUnavailableError('the fallback parser (typescript-estree) needs TypeScript 5.x or 6.x'));
    expect(reason).toBe('no parser for it here: the fallback parser (typescript-estree) needs TypeScript 5.x or 6.x');
    expect(isUnanalysedReason(reason)).toBe(true);
    // Any other error stays an internal error (also counted as not analysed).
    const other = analysisFailure(new TypeError("Cannot read properties of undefined (reading 'Cjs')"));
    expect(other).toMatch(/^internal error while analysing: /);
    expect(isUnanalysedReason(other)).toBe(true);
  });
  it('is an Error of its own class', () => {
    const e = new ParserUnavailableError('x');
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('ParserUnavailableError');
  });
});
