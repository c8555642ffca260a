/**
 * Issue 28, items 7 and 16: a report never replaces a file the scan reads: not through a second hard link (the
 * report is written into the file itself), not an ignore file or the configuration, not the baseline of the run.
 * In process: the checks run before any file is read.
 */
import { linkSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run, type ScanArgs } from '../../cli/commands/scan.js';
import type { Io } from '../../cli/io.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function repo(): { d: string; io: Io } {
  const d = mkdtempSync(path.join(os.tmpdir(), 'cm-harm3-out-'));
  dirs.push(d);
  writeFileSync(path.join(d, 'a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(d, '.gitignore'), 'dist/\n');
  // A baseline of this tool's: a report of its own may replace it, but not the run's baseline.
  writeFileSync(path.join(d, 'bl.json'), '{ "$schema": "https://example.invalid/collab-migrate/baseline.schema.json" }\n');
  const sink = { write: () => true } as unknown as NodeJS.WritableStream;
  return { d, io: { cwd: d, env: {}, stdout: sink, stderr: sink } };
}

const scan = (io: Io, args: Partial<ScanArgs>) => run({ today: '2026-03-01', progress: false, ...args } as ScanArgs, io);

describe('a report does not replace a file the scan reads (issue 28, items 7 and 16)', () => {
  it('-o naming a hard link to a source is refused; the source keeps its content', async () => {
    const { d, io } = repo();
    linkSync(path.join(d, 'a.ts'), path.join(d, 'report.txt'));
    await expect(scan(io, { output: 'report.txt' })).rejects.toThrow(/Cannot write --output .*report\.txt \(it has 2 hard links/);
    await expect(scan(io, { jsonOutput: 'report.txt' })).rejects.toThrow(/hard links/);
    expect(readFileSync(path.join(d, 'a.ts'), 'utf8')).toBe('export const a = 1;\n');
  });

  it('-o .gitignore is refused', async () => {
    const { io } = repo();
    await expect(scan(io, { output: '.gitignore' })).rejects.toThrow(/it is a file the scan reads/);
  });

  it('the baseline the run reads or writes is not a report\'s place', async () => {
    const { d, io } = repo();
    await expect(scan(io, { baseline: 'bl.json', output: 'bl.json' })).rejects.toThrow(/it is the baseline this run reads/);
    await expect(scan(io, { baselineWrite: 'new.json', jsonOutput: 'new.json' })).rejects.toThrow(/it is the baseline this run writes/);
    await expect(scan(io, { baseline: 'bl.json', sarifOutput: path.join(d, '.', 'bl.json') })).rejects.toThrow(/baseline/);
  });
});
