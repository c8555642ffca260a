/**
 * The ts-morph codemod as a product: `collab-migrate codemod --project tsconfig.json` (through the built
 * binary once, which loads the bundle's ts-morph chunk; the other cases run the built CLI's `main` in
 * process) and its typed API `runCodemod` (`collab-migrate/codemods/ts-morph`). On the fixture project it
 * renames the declared property with every reference and keeps the project compiling; on a project whose
 * type declaration it cannot rename (a `.d.ts`), it reports the TypeScript error the fix would add and
 * refuses to write unless forced.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodemodOptionsError, runCodemod } from '../codemods/codemod.js';
import { assertBuilt, cli, cliInProcess, writeTree } from './cli/run.js';

const FIXTURE = fileURLToPath(new URL('./fixtures-project/simring/', import.meta.url));
const EXPECTED = fileURLToPath(new URL('./fixtures-project/simring.expected/', import.meta.url));
const ID = 'workspace-answer-confirmation-renamed';
const TODAY = '2026-11-22';

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});
beforeAll(() => assertBuilt());

function temp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cm-codemod-'));
  temps.push(dir);
  return dir;
}

function fixtureCopy(): string {
  const dir = temp();
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

/** A project whose interface lives in a declaration file, which the codemod does not rewrite. */
function declaredElsewhere(): string {
  const dir = temp();
  writeTree(dir, {
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', types: [], lib: ['ES2022'] }, include: ['src'] }),
    'src/sim-ring.d.ts': 'export interface SimRing {\n  enabled: boolean;\n  answerConfirmationEnabled: boolean;\n}\n',
    // The object is sent to the workspace simultaneous ring endpoint: the finding is certain (issue 11).
    'src/ring.ts':
      "import type { SimRing } from './sim-ring.js';\n\nexport const ring: SimRing = { enabled: true, answerConfirmationEnabled: false };\n" +
      'declare function fetch(url: string, init: { method: string; body: string }): Promise<unknown>;\n' +
      "export const save = (id: string) => fetch(`https://webexapis.com/v1/telephony/config/workspaces/${id}/simultaneousRing`, { method: 'PUT', body: JSON.stringify(ring) });\n",
  });
  return dir;
}

describe('runCodemod (the typed API)', { timeout: 180_000 }, () => {
  it('renames the declared property with every reference, writes, and adds no TypeScript error', async () => {
    const dir = fixtureCopy();
    const result = await runCodemod({ project: 'app/tsconfig.json', cwd: dir, today: TODAY, only: [ID], write: true });
    expect(result.notices).toEqual([ID]);
    expect(result.diagnostics.added).toEqual([]);
    expect(result.diagnostics.after).toEqual(result.diagnostics.before);
    expect(result.refused).toBeUndefined();
    const written = result.written.map((f) => path.relative(path.join(dir, 'app'), f)).sort();
    expect(written).toEqual(['src/bom.ts', 'src/crlf.ts', 'src/ring.ts', 'src/types.ts']);
    for (const rel of written) expect(readFileSync(path.join(dir, 'app', rel), 'utf8'), rel).toBe(readFileSync(path.join(EXPECTED, 'app', rel), 'utf8'));
    // Outside the tsconfig's folder nothing changes.
    expect(readFileSync(path.join(dir, 'outside.ts'), 'utf8')).toBe(readFileSync(path.join(FIXTURE, 'outside.ts'), 'utf8'));
    // A second run has nothing left to do.
    const again = await runCodemod({ project: 'app/tsconfig.json', cwd: dir, today: TODAY, only: [ID], write: true });
    expect(again.changed).toEqual([]);
  });

  it('refuses to write a migration that adds TypeScript errors, names them, and writes with force', async () => {
    const dir = declaredElsewhere();
    const original = readFileSync(path.join(dir, 'src/ring.ts'), 'utf8');
    const refused = await runCodemod({ project: 'tsconfig.json', cwd: dir, today: TODAY, only: [ID], write: true });
    expect(refused.refused).toMatch(/would add 1 TypeScript error; nothing written/);
    expect(refused.diagnostics.before).toEqual([]);
    expect(refused.diagnostics.added.map((d) => [d.file, d.code])).toEqual([['src/ring.ts', 'TS2561']]);
    expect(refused.written).toEqual([]);
    expect(readFileSync(path.join(dir, 'src/ring.ts'), 'utf8')).toBe(original);
    const forced = await runCodemod({ project: 'tsconfig.json', cwd: dir, today: TODAY, only: [ID], write: true, force: true });
    expect(forced.written.map((f) => path.basename(f))).toEqual(['ring.ts']);
    expect(readFileSync(path.join(dir, 'src/ring.ts'), 'utf8')).toContain('answerConfirmationRequiredEnabled: false');
  });

  it('bad options are errors naming them', async () => {
    const dir = temp();
    await expect(runCodemod({ project: 'missing.json', cwd: dir })).rejects.toThrow(CodemodOptionsError);
    await expect(runCodemod({ project: 'missing.json', cwd: dir })).rejects.toThrow(/--project: no such file: missing\.json/);
    const project = declaredElsewhere();
    await expect(runCodemod({ project: 'tsconfig.json', cwd: project, before: '2026-13-45' })).rejects.toThrow(/Invalid --before "2026-13-45"/);
    await expect(runCodemod({ project: 'tsconfig.json', cwd: project, only: ['workspace-answer-confirmation-renamd'] })).rejects.toThrow(/Did you mean "workspace-answer-confirmation-renamed"\?/);
  });
});

describe('collab-migrate codemod (the command)', { timeout: 180_000 }, () => {
  it('migrates the fixture project and says what it did', () => {
    const dir = fixtureCopy();
    const r = cli(['codemod', '--project', 'app/tsconfig.json', '--only', ID, '--today', TODAY], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`app/tsconfig.json: 4 files, 1 notice selected (today ${TODAY})`);
    expect(r.stdout).toContain('TypeScript errors: 0 before, 0 after');
    expect(r.stdout).toContain('Wrote 4 files.');
    expect(r.stdout).toMatch(/app\/src\/ring\.ts: \d+ fixes\n/);
    expect(readFileSync(path.join(dir, 'app/src/types.ts'), 'utf8')).toBe(readFileSync(path.join(EXPECTED, 'app/src/types.ts'), 'utf8'));
  });

  it('codemod --dry-run prints the same diff form as --fix --dry-run (git\'s a/ b/ headers, same hunks)', async () => {
    const dir = path.join(fixtureCopy(), 'app');
    const args = ['--dry-run', '--only', ID, '--today', TODAY];
    const codemod = await cliInProcess(['codemod', ...args], { cwd: dir });
    const fix = await cliInProcess(['--fix', ...args], { cwd: dir });
    expect(codemod.code, codemod.stderr).toBe(0);
    const blocks = (out: string): Map<string, string> =>
      new Map(
        out
          .split(/^(?=--- a\/)/m)
          .filter((b) => b.startsWith('--- a/'))
          .map((b) => [b.split('\n')[0]!, b.split('\n').filter((l) => /^[-+ @\\]/.test(l)).join('\n').trimEnd()]),
      );
    const a = blocks(codemod.stdout);
    const b = blocks(fix.stdout);
    expect(codemod.stdout).not.toMatch(/^={3,}$/m);
    expect(codemod.stdout).toMatch(/^--- a\/src\/ring\.ts\n\+\+\+ b\/src\/ring\.ts\n@@ /m);
    // Files both change alike (the codemod also renames a declared property, which --fix leaves to it).
    for (const file of ['--- a/src/ring.ts', '--- a/src/bom.ts', '--- a/src/crlf.ts']) {
      expect(a.get(file), file).toBeDefined();
      expect(a.get(file), file).toBe(b.get(file));
    }
  });

  it('--dry-run shows the diff and the error it would add; a write is refused (exit 1) until --force', async () => {
    const dir = declaredElsewhere();
    const original = readFileSync(path.join(dir, 'src/ring.ts'), 'utf8');
    const dry = await cliInProcess(['codemod', '--dry-run', '--only', ID, '--today', TODAY], { cwd: dir });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('+export const ring: SimRing = { enabled: true, answerConfirmationRequiredEnabled: false };');
    expect(dry.stdout).toContain('TypeScript errors: 0 before, 1 after (1 added)');
    expect(dry.stdout).toMatch(/added: src\/ring\.ts:3:\d+ TS2561 /);
    expect(dry.stdout).toContain('Dry run: 1 file would change; nothing written.');
    const refused = await cliInProcess(['codemod', '--only', ID, '--today', TODAY], { cwd: dir });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Refused: the migration would add 1 TypeScript error; nothing written (use --force to write anyway).');
    expect(readFileSync(path.join(dir, 'src/ring.ts'), 'utf8')).toBe(original);
    const json = await cliInProcess(['codemod', '--only', ID, '--today', TODAY, '--format', 'json'], { cwd: dir });
    const report = JSON.parse(json.stdout) as { refused: string; diagnostics: { added: Array<{ code: string }> } };
    expect(report.diagnostics.added.map((d) => d.code)).toEqual(['TS2561']);
    expect(report.refused).toMatch(/would add 1 TypeScript error/);
    const forced = await cliInProcess(['codemod', '--only', ID, '--today', TODAY, '--force'], { cwd: dir });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('Wrote 1 file.');
  });

  it.each([
    [['codemod', '--project', 'nope.json'], /--project: no such file: nope\.json/],
    [['codemod', '--befor', '2026-07-28'], /Unknown option: --befor \(did you mean --before\?\)/],
    [['codemod', '--warn-within', 'abc'], /Invalid --warn-within "abc"/],
  ])('%j exits 2 with one line', async (args, message) => {
    const dir = temp();
    writeFileSync(path.join(dir, 'tsconfig.json'), '{}');
    const r = await cliInProcess(args, { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
