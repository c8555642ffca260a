/**
 * How the package installs (issue 27, item 6): from git or a local folder, `prepare` builds it; from the registry
 * tarball nothing runs and nothing needs building.
 *
 * `npm install git+file://<clone>` clones the repository, installs the clone's dependencies (devDependencies
 * included) and then does what a folder install with `--install-links` does (pacote's DirFetcher): runs the
 * package's `prepare` in the folder, packs the folder by `files` and installs that. The test does the second half
 * on a fresh clone of HEAD, whose `node_modules` is this checkout's (the first half is npm's own, and would install
 * the whole development tree, some 200 MB, once more): git keeps no `dist/`, so only `prepare` can have built what
 * the project receives. The cost is one build of the clone and one install of the runtime dependencies (from
 * npm's cache where it can).
 * Then the same package as the registry has it (`npm pack`, built) installs over it, and npm runs none of its
 * scripts. `--foreground-scripts` prints every script npm runs, so the folder install shows that this check
 * sees `prepare` when it runs.
 *
 * Needs git, a checkout with its dependencies installed, and npm's cache (or the registry) for the runtime
 * dependencies; without them it skips and says which is missing.
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; scripts: Record<string, string> };
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env: NodeJS.ProcessEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', npm_config_prefer_offline: 'true', NO_COLOR: '1' };
delete env.npm_config_yes;

/** Why the test cannot run here, or undefined. */
function missing(): string | undefined {
  const git = spawnSync('git', ['-C', ROOT, 'rev-parse', '--is-inside-work-tree'], { encoding: 'utf8' });
  if (git.error) return 'git is not installed';
  if (git.stdout.trim() !== 'true') return `${ROOT} is not a git work tree (a git install clones one)`;
  if (!existsSync(path.join(ROOT, 'node_modules/.bin/tsc'))) return 'this checkout has no node_modules (run npm ci): the clone builds with its dependencies';
  return undefined;
}
const why = missing();
if (why !== undefined) console.warn(`git-install.test.ts skipped: ${why}`);

/** npm failed because it could not reach the registry for a package missing from its cache. */
const OFFLINE = /\b(ENOTCACHED|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH)\b/;

// A webhook header looked up by its mixed-case name: a finding of `webhook-header-names-lowercase`.
const SIGNATURE = `export function signature(req: { headers: Record<string, string> }) {
  return req.headers['X-Spark-Signature'];
}
`;

describe.skipIf(why !== undefined)('a git install builds; the registry tarball needs no build and runs nothing', { timeout: 1_800_000 }, () => {
  let work: string;
  let clone: string;
  let app: string;
  let cloneHadDist: boolean;
  let folderInstall: SpawnSyncReturns<string>;
  let offline: string | undefined;
  // Limits for a hang, not for speed: `npm test` runs this file beside the build and the lint of the checkout (the
  // `outside` project); at a load average of 16 on 2 cores, before that, its set-up (the folder install with its
  // build) already took about 435 s of the 600 s it had.
  const run = (cwd: string, bin: string, args: string[]) => spawnSync(bin, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 1_500_000 });
  const npm = (args: string[]) => run(app, NPM, args);
  const installed = () => path.join(app, 'node_modules', pkg.name);

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'cm-git-install-'));
    clone = path.join(work, 'clone');
    execFileSync('git', ['clone', '--quiet', ROOT, clone], { stdio: 'ignore' });
    cloneHadDist = existsSync(path.join(clone, 'dist'));
    // What npm's git install would have installed in the clone before running `prepare`.
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
    app = path.join(work, 'app');
    mkdirSync(path.join(app, 'src'), { recursive: true });
    const init = npm(['init', '-y']);
    if (init.status !== 0) throw new Error(`npm init -y failed:\n${init.stderr}`);
    writeFileSync(path.join(app, 'src/signature.ts'), SIGNATURE);
    folderInstall = npm(['install', '--install-links', '--foreground-scripts', clone]);
    if (folderInstall.status !== 0) {
      const line = folderInstall.stderr.split('\n').find((l) => OFFLINE.test(l));
      if (line === undefined) throw new Error(`npm install --install-links ${clone} failed (${folderInstall.status}):\n${folderInstall.stdout}\n${folderInstall.stderr}`);
      offline = `npm could not fetch the runtime dependencies (not in its cache, and the registry is out of reach): ${line.trim()}`;
    }
  }, 1_800_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('from a clean clone (no dist/ in git), the folder install runs prepare, which builds what the project gets', (ctx) => {
    if (offline) ctx.skip(offline);
    expect(pkg.scripts.prepare).toBe('npm run build');
    expect(cloneHadDist, 'git holds no dist/').toBe(false);
    expect(folderInstall.stdout).toMatch(new RegExp(`^> ${pkg.name}@${pkg.version.replace(/\./g, '\\.')} prepare$`, 'm'));
    expect(existsSync(path.join(clone, 'dist/cli/bin.js')), 'prepare built the clone').toBe(true);
    // A copy packed by `files` (built output, no build scripts), not a link to the clone.
    expect(lstatSync(installed()).isSymbolicLink()).toBe(false);
    expect(existsSync(path.join(installed(), 'dist/cli/bin.js'))).toBe(true);
    expect(existsSync(path.join(installed(), 'dist/scripts'))).toBe(false);
    expect(existsSync(path.join(installed(), 'tsconfig.build.json'))).toBe(false);
    const version = run(app, process.platform === 'win32' ? 'npx.cmd' : 'npx', ['collab-migrate', '--version']);
    expect(version.stdout.trim(), version.stderr).toBe(pkg.version);
    const scan = run(app, process.platform === 'win32' ? 'npx.cmd' : 'npx', ['collab-migrate', 'src', '--today', '2026-11-22', '--format', 'json']);
    expect(scan.stderr).toBe('');
    expect(scan.status).toBe(1);
    expect((JSON.parse(scan.stdout) as { findings: Array<{ noticeId: string }> }).findings.map((f) => f.noticeId)).toEqual(['webhook-header-names-lowercase']);
  });

  it('the tarball the registry serves is built and installs without running prepare or any other script', (ctx) => {
    if (offline) ctx.skip(offline);
    // Publishing packs the built tree; `--ignore-scripts` because the clone is built already.
    execFileSync(NPM, ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: clone, env, stdio: 'ignore' });
    const tarball = path.join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(listing).toContain('package/dist/cli/bin.js');
    expect(listing.filter((f) => /^package\/(tsconfig[\w.]*\.json|scripts\/|engine\/.*\.ts$)/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
    const packed = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as { scripts: Record<string, string> };
    // The tarball still declares prepare: only npm's rule (never for a registry or tarball dependency) keeps it from running.
    expect(packed.scripts.prepare).toBe('npm run build');
    for (const hook of ['preinstall', 'install', 'postinstall']) expect(packed.scripts[hook], hook).toBeUndefined();
    rmSync(installed(), { recursive: true, force: true });
    const r = npm(['install', '--foreground-scripts', tarball]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(new RegExp(`^> ${pkg.name}@`, 'm'));
    expect(existsSync(path.join(installed(), 'dist/cli/bin.js'))).toBe(true);
    const version = run(app, process.platform === 'win32' ? 'npx.cmd' : 'npx', ['collab-migrate', '--version']);
    expect(version.stdout.trim(), version.stderr).toBe(pkg.version);
  });
});
