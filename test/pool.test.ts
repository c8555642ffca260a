/** The worker pool and the cache through the built binary: same report as the serial scan. Build first. */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../scripts/gen-corpus.js';
import { assertBuilt, cli } from './cli/run.js';

const ARGS = ['--today', '2026-11-22', '--before', '2030-01-01', '--format', 'json', '--no-progress'];
let root: string;

beforeAll(() => {
  assertBuilt();
  root = mkdtempSync(path.join(os.tmpdir(), 'cm-pool-'));
  // 400 source files, 4% of them copies of the example app (so there is plenty to find).
  generateCorpus(path.join(root, 'repo'), { files: 400, seed: 7, rate: 0.04 });
  // A file that does not parse and one that is binary: skipped the same way in every mode.
  writeFileSync(path.join(root, 'repo', 'broken.ts'), 'const answerConfirmationEnabled = = 1;\n');
  writeFileSync(path.join(root, 'repo', 'blob.js'), Buffer.from([0x63, 0, 0x61, 0x62]));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function scan(...extra: string[]): { code: number | null; report: { summary: unknown; findings: unknown[]; files: unknown[] } } {
  const r = cli([...ARGS, ...extra, '.'], { cwd: path.join(root, 'repo') });
  if (r.code !== 0 && r.code !== 1) throw new Error(`exit ${r.code}: ${r.stderr}`);
  return { code: r.code, report: JSON.parse(r.stdout) };
}

/**
 * The serial scan (`--concurrency off`, no cache): the reference of both groups below, run once on first use (the
 * same corpus and arguments; each group ran it before).
 */
let serialScan: ReturnType<typeof scan> | undefined;
const serialReference = (): ReturnType<typeof scan> => (serialScan ??= scan('--concurrency', 'off'));

describe('parallel scan', () => {
  it('a pool of workers reports exactly what the serial scan reports', () => {
    const serial = serialReference();
    const pooled = scan('--concurrency', '3');
    // auto on this machine: the walk in a thread of its own (with 2+ cores), helping to read and prefilter.
    const auto = scan();
    expect(serial.report.findings.length).toBeGreaterThan(20);
    expect(pooled).toEqual(serial);
    expect(auto).toEqual(serial);
  }, 120_000);
});

describe('--cache through the CLI', () => {
  it('writes a cache, and a warm run reports exactly what a cold one did', () => {
    const location = path.join(root, 'cache');
    const plain = serialReference();
    const cold = scan('--cache', '--cache-location', location);
    expect(readdirSync(location).filter((f) => f.endsWith('.json'))).toHaveLength(1);
    const warm = scan('--cache', '--cache-location', location);
    const warmPooled = scan('--cache', '--cache-location', location, '--concurrency', '2');
    expect(cold).toEqual(plain);
    expect(warm).toEqual(plain);
    expect(warmPooled).toEqual(plain);
  }, 120_000);

  it('--cache without a location uses .collab-migrate-cache (no node_modules) and the walk skips it', () => {
    const first = scan('--cache');
    expect(existsSync(path.join(root, 'repo', '.collab-migrate-cache'))).toBe(true);
    expect(scan('--cache')).toEqual(first);
  }, 120_000);

  it('rejects a bad --concurrency', () => {
    const r = cli([...ARGS, '--concurrency', 'many', '.'], { cwd: path.join(root, 'repo') });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--concurrency/);
  });
});
