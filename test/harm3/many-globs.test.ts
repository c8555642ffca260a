/**
 * A repository's configuration chose how much work a scan does per file: every file is tested against every
 * `include` and `exclude` pattern, and 100,000 of them over 200 files took 24 s (include) and over 60 s (exclude).
 * At most MAX_GLOBS are read; more is a usage error naming where they came from.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GLOBS } from '../../cli/commands/scan.js';
import { assertBuilt, cliInProcess } from '../cli/run.js';

const SIG = "export function s(req: { headers: Record<string, string> }) {\n  return req.headers['X-Spark-Signature'];\n}\n";
let root: string;
beforeAll(() => assertBuilt());
afterEach(() => rmSync(root, { recursive: true, force: true }));

function repo(files: Record<string, string>): string {
  root = mkdtempSync(path.join(os.tmpdir(), 'cm-many-globs-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const patterns = (n: number): string[] => Array.from({ length: n }, (_, i) => `**/never${i}/**`);

describe('include and exclude patterns are bounded', () => {
  it('more than the bound is refused, named by the configuration key or the flag', async () => {
    const rc = repo({ 'src/a.ts': SIG, '.collab-migraterc.json': JSON.stringify({ exclude: patterns(MAX_GLOBS + 1) }) });
    const fromRc = await cliInProcess(['--today', '2026-06-01'], { cwd: rc });
    expect(fromRc.code).toBe(2);
    expect(fromRc.stderr).toContain(`collab-migrate: "exclude" in .collab-migraterc.json gives ${MAX_GLOBS + 1} patterns; at most ${MAX_GLOBS} are read (every file is tested against each).`);
    rmSync(root, { recursive: true, force: true });
    const pkg = repo({ 'src/a.ts': SIG, 'package.json': JSON.stringify({ name: 'x', 'collab-migrate': { include: patterns(MAX_GLOBS + 1) } }) });
    expect((await cliInProcess(['--today', '2026-06-01'], { cwd: pkg })).stderr).toContain(`"collab-migrate.include" in package.json gives ${MAX_GLOBS + 1} patterns`);
    const flag = await cliInProcess(['--today', '2026-06-01', '--include', patterns(MAX_GLOBS + 1).join(',')], { cwd: pkg });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain(`--include gives ${MAX_GLOBS + 1} patterns`);
  });

  it('the bound itself is accepted and the scan reports', async () => {
    const d = repo({ 'src/a.ts': SIG, '.collab-migraterc.json': JSON.stringify({ exclude: patterns(MAX_GLOBS), include: [...patterns(MAX_GLOBS - 1), 'src/**'] }) });
    const run = await cliInProcess(['--today', '2026-06-01'], { cwd: d });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^src\/a\.ts$/m);
  });
});
