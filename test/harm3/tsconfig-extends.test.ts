/**
 * Issue 28, item 23: a codemod tsconfig whose `extends` names a FIFO or `/dev/zero` is refused, naming it (it was
 * a hidden TypeScript diagnostic: "TypeScript errors: 1 before").
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProject } from '../../engine/project/ts-morph.js';
import { UsageError } from '../../engine/errors.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-harm3-tsc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tsconfig extends a special file (issue 28, item 23)', () => {
  it.each([
    ['a FIFO', (p: string) => execFileSync('mkfifo', [p])],
    ['a link to /dev/zero', (p: string) => symlinkSync('/dev/zero', p)],
  ])('%s is refused, named', (_what, make) => {
    const d = mkdtempSync(path.join(dir, 'p-'));
    make(path.join(d, 'base.json'));
    writeFileSync(path.join(d, 'tsconfig.json'), '{ "extends": "./base.json", "include": ["*.ts"] }');
    writeFileSync(path.join(d, 'a.ts'), 'export const a = 1;\n');
    expect(() => loadProject(d, undefined, [path.join(d, 'a.ts')])).toThrow(UsageError);
    expect(() => loadProject(d, undefined, [path.join(d, 'a.ts')])).toThrow(/"extends" names .*base\.json, which is not a regular file/);
  });

  it('a chain of ordinary files loads', () => {
    const d = mkdtempSync(path.join(dir, 'p-'));
    writeFileSync(path.join(d, 'base.json'), '{ "compilerOptions": { "strict": true } }');
    writeFileSync(path.join(d, 'mid.json'), '{ "extends": "./base" }');
    writeFileSync(path.join(d, 'tsconfig.json'), '{ "extends": ["./mid.json"], "include": ["*.ts"] }');
    writeFileSync(path.join(d, 'a.ts'), 'export const a = 1;\n');
    expect(loadProject(d, undefined, [path.join(d, 'a.ts')]).getSourceFiles().length).toBeGreaterThan(0);
  });
});
