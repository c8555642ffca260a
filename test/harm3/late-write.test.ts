/**
 * Issue 28, item 4, the case left open: a program that opened a file before `--fix` replaced it and writes to
 * it after the writer's last check. Its edit lands in the replaced original, which no name leads to any more.
 * Forced here (no timing): the safe writer is wrapped so that, for one file, a descriptor is opened just before
 * the writer starts on it, and written through just before the run's settle point. The run must put the edit
 * back and report the file not fixed; the other file stays fixed. In process, through the CLI's `main`.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runMain } from '../helpers/main-io.js';

const late = vi.hoisted(() => ({ file: '', fd: undefined as number | undefined, edit: '' }));

vi.mock('../../engine/fix/writer.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../engine/fix/writer.js')>();
  return {
    ...real,
    writeIfUnchanged: (file: string, before: string, after: string) => {
      if (file === late.file) late.fd = openSync(file, 'a');
      return real.writeIfUnchanged(file, before, after);
    },
    settleWrites: () => {
      if (late.fd !== undefined) {
        writeSync(late.fd, late.edit);
        closeSync(late.fd);
        late.fd = undefined;
      }
      return real.settleWrites();
    },
  };
});


const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-late-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SOURCE = "export const s = (h: Record<string, string>) => h['X-Spark-Signature'];\n";
const FIXED = SOURCE.replace('X-Spark-Signature', 'x-spark-signature');

const run = runMain;

describe('an edit written after --fix replaced the file, through a descriptor opened before (issue 28, item 4)', () => {
  it('is put back at the settle point and the file is reported not fixed; the other file stays fixed', async () => {
    const d = mkdtempSync(path.join(dir, 'r-'));
    writeFileSync(path.join(d, 'a.ts'), SOURCE);
    writeFileSync(path.join(d, 'b.ts'), SOURCE);
    late.file = path.join(d, 'a.ts');
    late.edit = '// saved by the user\n';
    const r = await run(d, ['--fix', '--allow-dirty', '--no-progress', '--concurrency', 'off', '--format', 'json', '--today', '2026-11-01', '.']);
    expect(late.fd).toBeUndefined();
    expect(readFileSync(path.join(d, 'a.ts'), 'utf8')).toBe(SOURCE + late.edit);
    expect(readFileSync(path.join(d, 'b.ts'), 'utf8')).toBe(FIXED);
    const report = JSON.parse(r.out) as { files: { file: string; outcome: string; reason?: string }[]; summary: { fixed: number } };
    const outcome = Object.fromEntries(report.files.map((f) => [f.file, f]));
    expect(outcome['a.ts']).toMatchObject({ outcome: 'skipped', reason: 'changed on disk just after it was written (by a program that had it open); the edit was kept, not fixed' });
    expect(outcome['b.ts'].outcome).toBe('fixed');
    expect(report.summary.fixed).toBe(1);
  });
});
