import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { CACHE_GITIGNORE, cacheKey, defaultCacheLocation, ScanCache } from '../cli/scan/cache.js';
import { findFiles, type FoundFile, type SkippedFile } from '../cli/walk/files.js';
import { isSkipped, scanFile, type ScanContext, type ScannedFile } from '../cli/scan/scan-core.js';
import { poolSize, scanFiles } from '../cli/scan/pool.js';
import { cliInProcess } from './cli/run.js';

const catalog = loadCatalog();
const RENAME = 'workspace-answer-confirmation-renamed';
const ctx = (notices = catalog.notices.filter((n) => n.status !== 'informational'), engine = {}): ScanContext => ({
  analyze: { catalog, notices, engine },
  dates: { today: '2026-11-22', before: '2030-01-01', warnWithinDays: 90 },
  today: '2026-11-22',
});

const DEPRECATED = `export async function ring(api: { put(u: string, b: unknown): Promise<void> }, id: string) {
  await api.put(\`/telephony/config/workspaces/\${id}/simultaneousRing\`, { enabled: true, answerConfirmationEnabled: false });
}
`;
const PLAIN = `export const add = (a: number, b: number): number => a + b;\n`;
const SUPPRESSED = `// collab-migrate-ignore-next-line ${RENAME} -- kept for the old tenant\nexport const old = { answerConfirmationEnabled: true };\n`;

let dirs: string[] = [];
function tree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cm-cache-'));
  dirs.push(root);
  // Files last changed a minute ago: not "racy" (see the racy test below), so the cache trusts their time.
  const past = new Date(Date.now() - 60_000);
  for (const [rel, text] of Object.entries(files)) {
    writeFileSync(path.join(root, rel), text);
    utimesSync(path.join(root, rel), past, past);
  }
  return root;
}
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

const walk = (root: string): FoundFile[] => findFiles({ cwd: root, paths: [], include: [], exclude: [], maxFileSize: 1 << 20 }).files;

/** What a report shows of a scan: per file, findings (notice, line, column, severity) or the skip reason. */
function view(results: Array<ScannedFile | SkippedFile>): unknown[] {
  return results.map((r) =>
    isSkipped(r)
      ? { skipped: r.display, reason: r.reason }
      : {
          file: r.file.display,
          text: r.text,
          findings: r.findings.map((f) => [f.notice.id, f.match.loc.start.line, f.match.loc.start.column, f.severity, f.match.fix?.length ?? 0]),
          suppressions: r.suppressions.map((s) => [s.kind, s.line, s.ids]),
          suppressed: r.suppressedCount,
          unanalysed: r.unanalysed,
        },
  );
}

function scanWithCache(root: string, location: string, c = ctx()): { results: Array<ScannedFile | SkippedFile>; cache: ScanCache } {
  const cache = ScanCache.open(location, cacheKey(c, '1.0.0'));
  const results = walk(root).map((f) => cache.scan(f, c));
  cache.save();
  return { results, cache };
}

describe('ScanCache', () => {
  it('gives the same results as scanning without it, cold and warm', () => {
    const root = tree({ 'a.ts': DEPRECATED, 'b.ts': PLAIN, 'c.ts': SUPPRESSED, 'd.bin.json': Buffer.from([0, 1, 2, 3]), 'e.ts': 'const = ;\nanswerConfirmationEnabled' });
    const location = path.join(root, '.collab-migrate-cache');
    const plain = view(walk(root).map((f) => scanFile(f, ctx())));
    const cold = scanWithCache(root, location);
    expect(view(cold.results)).toEqual(plain);
    expect(cold.cache.stats).toEqual({ hits: 0, rehashed: 0, misses: 4 });
    const warm = scanWithCache(root, location);
    expect(view(warm.results)).toEqual(plain);
    expect(warm.cache.stats).toEqual({ hits: 5, rehashed: 0, misses: 0 });
    // The finding and the suppression really are there (the comparison is not between two empty scans).
    expect(JSON.stringify(plain)).toContain(RENAME);
    expect(JSON.stringify(plain)).toContain('"unanalysed":"does not parse');
  });

  it('re-analyses a changed file and not an unchanged one', () => {
    const root = tree({ 'a.ts': DEPRECATED, 'b.ts': PLAIN });
    const location = tree({});
    scanWithCache(root, location);
    writeFileSync(path.join(root, 'b.ts'), PLAIN + DEPRECATED.replace('ring', 'ring2'));
    const second = scanWithCache(root, location);
    expect(second.cache.stats).toEqual({ hits: 1, rehashed: 0, misses: 1 });
    const b = second.results.find((r) => !isSkipped(r) && r.file.display === 'b.ts') as ScannedFile;
    expect(b.findings.map((f) => [f.notice.id, f.match.loc.start.line])).toEqual([[RENAME, 3]]);
  });

  it('takes an unchanged size and time as unchanged content: the file is not read again', () => {
    const root = tree({ 'b.ts': PLAIN });
    const location = tree({});
    const file = path.join(root, 'b.ts');
    const whole = new Date('2026-01-02T03:04:05Z'); // whole seconds survive utimes exactly
    utimesSync(file, whole, whole);
    scanWithCache(root, location);
    // Same length, different content, old time restored: only a read could tell.
    // A workspace simultaneous ring (`simRing`) setting not tied to a call: a likely finding.
    const same = 'const x = { answerConfirmationEnabled: 1 }; // simRing'.padEnd(PLAIN.length - 1, ' ') + '\n';
    expect(same.length).toBe(PLAIN.length);
    writeFileSync(file, same);
    utimesSync(file, whole, whole);
    const second = scanWithCache(root, location);
    expect(second.cache.stats).toEqual({ hits: 1, rehashed: 0, misses: 0 });
    expect((second.results[0] as ScannedFile).findings).toEqual([]);
    // Without the cache the new content is reported: the cache really skipped the read.
    expect((scanFile(walk(root)[0], ctx()) as ScannedFile).findings.length).toBe(1);
  });

  it('does not trust a file changed within the timestamp tick of the run that cached it (racy): it is read again', () => {
    // A file saved during a run, with the same size and a modification time the file system rounds to the
    // same value as when it was read: only its content can tell. Its entry is checked by hash.
    const root = tree({ 'b.ts': PLAIN });
    const location = tree({});
    const file = path.join(root, 'b.ts');
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    utimesSync(file, now, now);
    scanWithCache(root, location);
    // A simultaneous ring (`simRing`) setting not tied to a call: a likely finding.
    const same = 'const x = { answerConfirmationEnabled: 1 }; // simRing'.padEnd(PLAIN.length - 1, ' ') + '\n';
    writeFileSync(file, same);
    utimesSync(file, now, now);
    const second = scanWithCache(root, location);
    expect(second.cache.stats).toEqual({ hits: 0, rehashed: 0, misses: 1 });
    expect((second.results[0] as ScannedFile).findings.map((f) => f.notice.id)).toEqual(['workspace-answer-confirmation-renamed']);
  });

  it('a touched file with the same content is hashed, not analysed', () => {
    const root = tree({ 'a.ts': DEPRECATED });
    const location = tree({});
    scanWithCache(root, location);
    const later = new Date(Date.now() - 30_000);
    utimesSync(path.join(root, 'a.ts'), later, later);
    const second = scanWithCache(root, location);
    expect(second.cache.stats).toEqual({ hits: 0, rehashed: 1, misses: 0 });
    expect((second.results[0] as ScannedFile).findings.map((f) => f.notice.id)).toEqual([RENAME]);
    const third = scanWithCache(root, location);
    expect(third.cache.stats).toEqual({ hits: 1, rehashed: 0, misses: 0 });
  });

  it('recomputes severities and suppression expiry for the run dates from cached matches', () => {
    const root = tree({ 'a.ts': DEPRECATED });
    const location = tree({});
    scanWithCache(root, location);
    const early = { ...ctx(), dates: { today: '2024-01-01', warnWithinDays: 90 }, today: '2024-01-01' };
    const second = scanWithCache(root, location, early);
    expect(second.cache.stats.hits).toBe(1);
    expect(view(second.results)).toEqual(view(walk(root).map((f) => scanFile(f, early))));
  });

  it('keys on the catalog, the notices and the engine options', () => {
    const all = ctx();
    expect(cacheKey(all, '1.0.0')).toBe(cacheKey(ctx(), '1.0.0'));
    expect(cacheKey(all, '1.0.1')).not.toBe(cacheKey(all, '1.0.0'));
    expect(cacheKey(ctx(all.analyze.notices.slice(1)), '1.0.0')).not.toBe(cacheKey(all, '1.0.0'));
    expect(cacheKey(ctx(undefined, { region: 'eu' }), '1.0.0')).not.toBe(cacheKey(all, '1.0.0'));
    expect(cacheKey(ctx(undefined, { region: undefined }), '1.0.0')).toBe(cacheKey(all, '1.0.0'));
    const otherCatalog = { ...all, analyze: { ...all.analyze, catalog: { ...catalog, hash: 'other', get: catalog.get } } } as ScanContext;
    expect(cacheKey(otherCatalog, '1.0.0')).not.toBe(cacheKey(all, '1.0.0'));

    const root = tree({ 'a.ts': DEPRECATED });
    const location = tree({});
    scanWithCache(root, location);
    const onlyOne = ctx(catalog.notices.filter((n) => n.id === RENAME));
    expect(scanWithCache(root, location, onlyOne).cache.stats.misses).toBe(1);
  });

  it('analyses a file again when a module it imports a value from changes (the entry records its dependencies)', () => {
    const token = `import axios from 'axios';\nimport { TOKEN_URL } from './constants';\nexport const refresh = async (t: string) => (await axios.post(TOKEN_URL, { grant_type: 'refresh_token', refresh_token: t })).data.access_token;\n`;
    const root = tree({ 'constants.ts': `export const TOKEN_URL = 'https://webexapis.com/v1/access_token';\n`, 'token.ts': token });
    const location = path.join(root, '.collab-migrate-cache');
    const findings = (results: Array<ScannedFile | SkippedFile>): string[] =>
      results.flatMap((r) => (isSkipped(r) ? [] : r.findings.map((f) => `${r.file.display}:${f.notice.id}`)));
    const cold = scanWithCache(root, location);
    expect(findings(cold.results)).toContain('token.ts:token-endpoint-form-body');
    const warm = scanWithCache(root, location);
    expect(warm.cache.stats).toEqual({ hits: 2, rehashed: 0, misses: 0 });
    // The imported constant now names another host: token.ts is unchanged, but its finding must go.
    writeFileSync(path.join(root, 'constants.ts'), `export const TOKEN_URL = 'https://sso.example.org/oauth/access_token';\n`);
    const past = new Date(Date.now() - 30_000);
    utimesSync(path.join(root, 'constants.ts'), past, past);
    const changed = scanWithCache(root, location);
    expect(changed.cache.stats).toEqual({ hits: 0, rehashed: 0, misses: 2 });
    expect(findings(changed.results)).not.toContain('token.ts:token-endpoint-form-body');
    expect(view(changed.results)).toEqual(view(walk(root).map((f) => scanFile(f, ctx()))));
  });

  it('ignores a damaged cache file and replaces it', () => {
    const root = tree({ 'a.ts': DEPRECATED });
    const location = tree({});
    const first = scanWithCache(root, location);
    writeFileSync(first.cache.file, '{ not json');
    const second = scanWithCache(root, location);
    expect(second.cache.stats).toEqual({ hits: 0, rehashed: 0, misses: 1 });
    expect(JSON.parse(readFileSync(second.cache.file, 'utf8')).format).toBe(5);
  });

  it('never fails a scan: a cache location that is a file, a cache file that is a FIFO or a link to /dev/zero', () => {
    const root = tree({ 'a.ts': DEPRECATED });
    const plain = view(walk(root).map((f) => scanFile(f, ctx())));
    const isFile = path.join(tree({ 'file': 'x' }), 'file');
    expect(view(scanWithCache(root, isFile).results)).toEqual(plain);
    expect(view(scanWithCache(root, path.join(isFile, 'below')).results)).toEqual(plain);
    const location = tree({});
    const key = cacheKey(ctx(), '1.0.0');
    const cacheFile = ScanCache.open(location, key).file;
    symlinkSync('/dev/zero', cacheFile);
    expect(view(scanWithCache(root, location).results)).toEqual(plain);
    rmSync(cacheFile);
    execFileSync('mkfifo', [cacheFile]);
    expect(view(scanWithCache(root, location).results)).toEqual(plain);
  });

  it('says why it could not save (a location under a file, a read-only folder), and nothing when it saved', async () => {
    const root = tree({ 'a.ts': DEPRECATED });
    const isFile = path.join(tree({ 'file': 'x' }), 'file');
    expect(scanWithCache(root, path.join(isFile, 'below')).cache.save()).toBe('ENOTDIR');
    expect(scanWithCache(root, tree({})).cache.save()).toBeUndefined();
    // The scan says it once on stderr, and still reports.
    const run = await cliInProcess(['--cache', '--cache-location', path.join(isFile, 'below'), '--today', '2026-03-01', 'a.ts'], { cwd: root });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^a\.ts$/m);
    expect(run.stderr).toMatch(/^collab-migrate: the cache was not saved \(\S+\/file\/below\/\S+: ENOTDIR\); the next run reads every file again\.$/m);
    expect((await cliInProcess(['--cache', '--cache-location', path.join(tree({}), 'c'), '--today', '2026-03-01', 'a.ts'], { cwd: root })).stderr).not.toContain('cache');
  });

  it('a cache folder it makes ignores itself in git; a folder that was there keeps its contents as they are', () => {
    const root = tree({ 'a.ts': DEPRECATED });
    execFileSync('git', ['init', '-q'], { cwd: root });
    const location = defaultCacheLocation(root);
    expect(location).toBe(path.join(root, '.collab-migrate-cache'));
    scanWithCache(root, location);
    expect(readFileSync(path.join(location, '.gitignore'), 'utf8')).toBe(CACHE_GITIGNORE);
    // Before: `?? .collab-migrate-cache/` beside the source.
    expect(execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean)).toEqual(['?? a.ts']);
    // A second run finds the folder there and changes nothing in it but the cache file.
    writeFileSync(path.join(location, '.gitignore'), 'edited\n');
    scanWithCache(root, location);
    expect(readFileSync(path.join(location, '.gitignore'), 'utf8')).toBe('edited\n');
    const existing = tree({ 'keep.txt': 'mine' });
    scanWithCache(root, existing);
    expect(readdirSync(existing).filter((f) => !f.endsWith('.json')).sort()).toEqual(['keep.txt']);
  });

  it('defaults to node_modules/.cache when there is a node_modules folder', () => {
    const root = tree({});
    expect(defaultCacheLocation(root)).toBe(path.join(root, '.collab-migrate-cache'));
    const withModules = tree({});
    mkdirSync(path.join(withModules, 'node_modules'));
    expect(defaultCacheLocation(withModules)).toBe(path.join(withModules, 'node_modules', '.cache', 'collab-migrate'));
  });
});

describe('scanFiles (the scan loop)', () => {
  it('serial with a cache equals scanFile one by one', async () => {
    const root = tree({ 'a.ts': DEPRECATED, 'b.ts': PLAIN, 'c.ts': SUPPRESSED });
    const files = walk(root);
    const cache = ScanCache.open(tree({}), cacheKey(ctx(), '1'));
    const looped = await scanFiles(files, ctx(), { cache, concurrency: 'auto' });
    expect(view(looped)).toEqual(view(files.map((f) => scanFile(f, ctx()))));
  });

  it('sizes the pool: none below the threshold or when turned off', () => {
    expect(poolSize(10, { concurrency: 'auto' })).toBe(0);
    expect(poolSize(100_000, { concurrency: 0 })).toBe(0);
    expect(poolSize(100_000, { concurrency: 1 })).toBe(1);
    expect(poolSize(100_000, { concurrency: 3 })).toBe(3);
    expect(poolSize(100, { concurrency: 3 })).toBe(2); // no more workers than batches of 64
    expect(poolSize(100, { concurrency: 'auto', poolMinFiles: 50 })).toBeLessThanOrEqual(os.availableParallelism() - 1);
  });
});
