/**
 * Committed builds whose sources the repository does not hold (issue 26; docs/evaluation.md, "Certainty and
 * autofixes on unseen code (twenty-third session, branch `26safe`)"): a bundle with its source map beside it is
 * skipped as generated while the map's sources are in the repository, and scanned, its findings likely and never
 * edited, when the bundle is the only copy of that code. The map is read only for a bundle that names the
 * platform's API. Synthesized bundles and maps only.
 */
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { isOnlyCopy, ownSourcePath, PLATFORM_HOST_WORDS } from '../cli/walk/generated.js';
import { assertBuilt, cliInProcess, tempTrees } from './cli/run.js';

const TODAY = ['--today', '2026-11-28', '--no-progress', '--before', '2099-12-31'];
/** A front end's production build on one line, listing rooms on the legacy host. */
const BUNDLE = '!function(){var t=localStorage.getItem("t");fetch("https://api.ciscospark.com/v1/rooms",{headers:{Authorization:"Bearer "+t}}).then(function(r){return r.json()})}();\n//# sourceMappingURL=app.3f2a91c0.js.map\n';
const MAP = JSON.stringify({ version: 3, sources: ['webpack:///webpack/bootstrap', 'webpack:///./src/App.vue?4f1e', 'webpack:///./src/api/rooms.js', 'webpack:///./node_modules/core-js/modules/es.array.js'], mappings: 'AAAA' });
const SERVER = "const express = require('express');\nconst app = express();\napp.use(express.static('public'));\napp.listen(3000);\n";

/** A server that serves a committed front-end build (`public/js/`), with or without the front end's sources. */
function repo(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'package.json': JSON.stringify({ name: 'helpdesk', main: 'server.js', dependencies: { express: '^4' } }),
    'server.js': SERVER,
    'public/index.html': '<!doctype html><script src="js/app.3f2a91c0.js"></script>\n',
    'public/js/app.3f2a91c0.js': BUNDLE,
    'public/js/app.3f2a91c0.js.map': MAP,
    ...extra,
  };
}

interface Report {
  findings: { file: string; line: number; noticeId: string; confidence: string; fixable: boolean }[];
  files: { file: string; outcome: string; reason?: string }[];
}

const tree = tempTrees();
beforeAll(() => assertBuilt());

async function scan(dir: string, args: readonly string[] = []): Promise<Report> {
  const r = await cliInProcess([...TODAY, '--only', 'legacy-api-host', ...args, '--format', 'json'], { cwd: dir });
  return JSON.parse(r.stdout) as Report;
}

describe('a committed bundle with its source map beside it', { timeout: 120_000 }, () => {
  it('whose sources the repository does not hold is scanned: its findings are likely, without an autofix', async () => {
    const d = tree(repo());
    const report = await scan(d);
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.noticeId} ${f.confidence} ${f.fixable}`)).toEqual(['public/js/app.3f2a91c0.js:1 legacy-api-host likely false']);
    // `--fix` does not edit the build.
    await cliInProcess([...TODAY, '--only', 'legacy-api-host', '--fix', '--allow-dirty'], { cwd: d });
    expect(readFileSync(path.join(d, 'public/js/app.3f2a91c0.js'), 'utf8')).toBe(BUNDLE);
  });

  it('whose sources are in the repository stays skipped as generated (its findings are the sources\')', async () => {
    const d = tree(repo({ 'src/api/rooms.js': "export const rooms = () => fetch('https://api.ciscospark.com/v1/rooms');\n" }));
    const report = await scan(d);
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.confidence}`)).toEqual(['src/api/rooms.js:1 certain']);
    expect(report.files.find((f) => f.file === 'public/js/app.3f2a91c0.js')).toMatchObject({ outcome: 'skipped', reason: 'generated (source map beside it)' });
  });

  it('a minified library (`.min.js`), a map listing only dependencies, and a map that is not JSON stay skipped', async () => {
    const lib = tree(repo({ 'public/js/vendor.min.js': BUNDLE, 'public/js/vendor.min.js.map': MAP }));
    expect((await scan(lib)).findings.map((f) => f.file)).toEqual(['public/js/app.3f2a91c0.js']);
    const deps = tree(repo({ 'public/js/app.3f2a91c0.js.map': JSON.stringify({ version: 3, sources: ['webpack:///webpack/bootstrap', 'webpack:///./node_modules/axios/lib/axios.js'] }) }));
    expect((await scan(deps)).findings).toEqual([]);
    const broken = tree(repo({ 'public/js/app.3f2a91c0.js.map': '{"version":3,"sources":[' }));
    expect((await scan(broken)).findings).toEqual([]);
  });

  it('with --cache, removing or adding the sources changes the decision on the next run (the bundle itself unchanged)', async () => {
    const d = tree(repo({ 'src/api/rooms.js': "export const rooms = () => fetch('https://api.ciscospark.com/v1/rooms');\n" }));
    const cache = ['--cache', '--cache-location', path.join(d, '.cache-cm')];
    const files = (r: Report): string[] => r.findings.map((f) => `${f.file} ${f.confidence}`);
    // Files last changed a minute ago: not "racy" (cli/scan/cache.ts), so the cache trusts their size and time.
    const past = new Date(Date.now() - 60_000);
    const age = (...rels: string[]): void => rels.forEach((rel) => utimesSync(path.join(d, rel), past, past));
    age(...Object.keys(repo()), 'src/api/rooms.js', 'src/api', 'src');
    expect(files(await scan(d, cache))).toEqual(['src/api/rooms.js certain']);
    expect(files(await scan(d, cache))).toEqual(['src/api/rooms.js certain']);
    rmSync(path.join(d, 'src'), { recursive: true });
    expect(files(await scan(d, cache))).toEqual(['public/js/app.3f2a91c0.js likely']);
    mkdirSync(path.join(d, 'src/api'), { recursive: true });
    writeFileSync(path.join(d, 'src/api/rooms.js'), "export const rooms = () => fetch('https://api.ciscospark.com/v1/rooms');\n");
    age('src/api/rooms.js', 'src/api', 'src');
    expect(files(await scan(d, cache))).toEqual(['src/api/rooms.js certain']);
  });

  it('--include-generated scans every generated file as before (certain, with its autofix)', async () => {
    const d = tree(repo({ 'src/api/rooms.js': "export const rooms = () => fetch('https://api.ciscospark.com/v1/rooms');\n" }));
    const report = await scan(d, ['--include-generated']);
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.confidence} ${f.fixable}`)).toEqual(['public/js/app.3f2a91c0.js:1 certain true', 'src/api/rooms.js:1 certain true']);
  });
});

describe('the decision is cheap and reads the map only when it may matter', () => {
  const exists = (present: readonly string[]) => (f: string): boolean => present.some((p) => f.endsWith(p));
  it('a bundle that names none of the platform\'s hosts is decided without reading its map', () => {
    let reads = 0;
    const readMap = (): string => {
      reads++;
      return MAP;
    };
    expect(isOnlyCopy('/r/public/js/app.js', '/r/public/js/app.js.map', 'fetch("/api/tickets")', exists(['/r/package.json']), readMap)).toBe(false);
    expect(reads).toBe(0);
    expect(isOnlyCopy('/r/public/js/app.js', '/r/public/js/app.js.map', BUNDLE, exists(['/r/package.json']), readMap)).toBe(true);
    expect(reads).toBe(1);
  });
  it('sources are looked for beside the map and from the folders above the bundle, up to its package', () => {
    const map = JSON.stringify({ version: 3, sources: ['../../src/main.ts'] });
    expect(isOnlyCopy('/r/web/dist-pages/app.js', '/r/web/dist-pages/app.js.map', BUNDLE, exists(['/r/web/package.json']), () => map)).toBe(true);
    expect(isOnlyCopy('/r/web/dist-pages/app.js', '/r/web/dist-pages/app.js.map', BUNDLE, exists(['/r/web/package.json', '/r/src/main.ts']), () => map)).toBe(false);
    // webpack's root-relative paths: found at the package's folder, not at a folder above it (another project).
    expect(isOnlyCopy('/r/web/public/js/app.js', '/r/web/public/js/app.js.map', BUNDLE, exists(['/r/web/package.json', '/r/web/src/App.vue']), () => MAP)).toBe(false);
    expect(isOnlyCopy('/r/web/public/js/app.js', '/r/web/public/js/app.js.map', BUNDLE, exists(['/r/web/package.json', '/r/src/App.vue']), () => MAP)).toBe(true);
  });
  it('Create React App\'s maps name sources from the app\'s src/ (a production build committed to docs/ for GitHub Pages)', () => {
    const map = JSON.stringify({ version: 3, sources: ['../webpack/bootstrap', '../node_modules/react/index.js', 'App.js', 'pages/Home.js'], sourceRoot: '' });
    const bundle = ['/r/docs/static/js/main.607a60ba.js', '/r/docs/static/js/main.607a60ba.js.map'] as const;
    expect(isOnlyCopy(...bundle, BUNDLE, exists(['/r/package.json', '/r/src/App.js', '/r/src/pages/Home.js']), () => map)).toBe(false);
    // Look-alikes: the sources are not in the repository, or only in a src/ of a folder between the bundle and its package.
    expect(isOnlyCopy(...bundle, BUNDLE, exists(['/r/package.json', '/r/lib/App.js']), () => map)).toBe(true);
    expect(isOnlyCopy(...bundle, BUNDLE, exists(['/r/package.json', '/r/docs/src/App.js']), () => map)).toBe(true);
  });
  it('a map\'s own sources: the application\'s paths, not the bundler\'s or dependencies\' modules', () => {
    expect(ownSourcePath('webpack:///./src/App.vue?4f1e')).toBe('src/App.vue');
    expect(ownSourcePath('webpack://helpdesk/./src/api/rooms.js')).toBe('src/api/rooms.js');
    expect(ownSourcePath('../../src/main.ts')).toBe('../../src/main.ts');
    for (const dep of ['webpack:///webpack/bootstrap', 'webpack:///./node_modules/axios/index.js', 'webpack:///(webpack)/buildin/global.js', 'https://cdn.example.org/x.js', '/home/ci/build/src/x.js'])
      expect(ownSourcePath(dep), dep).toBeUndefined();
  });
  it('every API host of the catalog holds one of the words a bundle is searched for', () => {
    const hosts = (JSON.parse(readFileSync(new URL('../notices.json', import.meta.url), 'utf8')) as { hosts: { api: string[] } }).hosts.api;
    expect(hosts.length).toBeGreaterThan(0);
    for (const h of hosts) expect(PLATFORM_HOST_WORDS.some((w) => h.includes(w)), h).toBe(true);
    expect(loadCatalog().notices.length).toBeGreaterThan(0);
  });
});
