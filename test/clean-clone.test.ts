/**
 * The two ways the package is built from git, on one clean clone of the committed HEAD (which holds no dist/ and
 * no node_modules): the GitHub Action's install step, and npm's git (folder) install. It tests what is committed:
 * commit before running it.
 *
 * The Action as GitHub runs it: `uses: <owner>/collab-migrate@<ref>` downloads the repository at that ref. The clone
 * is a temporary $GITHUB_ACTION_PATH, and action.yml's steps run there (test/helpers/action-runner.ts: each step's
 * `run` with its `env`, the GITHUB_* files, RUNNER_TEMP; the cache step is a miss, as on a first run), for a
 * repository with findings (the first run: `npm ci` from the lockfile, whose `prepare` builds the clean clone), one
 * without (nothing installed or built again), and a crash (the built CLI broken in the clone: reported as a failure
 * of the tool, never as findings).
 *
 * How the package installs (issue 27, item 6): from git or a local folder, `prepare` builds it; from the registry
 * tarball nothing runs and nothing needs building. `npm install git+file://<clone>` clones the repository, installs
 * the clone's dependencies (devDependencies included) and then does what a folder install with `--install-links`
 * does (pacote's DirFetcher): runs the package's `prepare` in the folder, packs the folder by `files` and installs
 * that. The test does the second half on the same clone, after the Action's first run: its `npm ci` is the first
 * half (the clone's dependencies from the lockfile), and its `prepare` built the clone from clean. The folder
 * install then runs `prepare` again (`--foreground-scripts` prints every script npm runs, so the check sees it run,
 * and what it ran): `tsc -b` finds every output of the build present and newer than its sources (a missing one
 * makes it build again), and the bundle, whose record says that nothing it reads changed since `npm ci` bundled the
 * clone, is not written again (scripts/bundle-stamp.ts). Then the same package as the registry has it
 * (`npm pack`, built) installs over it, and npm runs none of its scripts.
 *
 * One `npm ci` (from npm's local cache, `--prefer-offline`) and one build of the clone serve every case (before the
 * twenty-first session, test/action-clone.test.ts and test/git-install.test.ts each cloned and built: two `tsc`
 * builds of the same sources). The git-install half needs git and a checkout with its dependencies installed (npm's
 * cache), and npm's cache (or the registry) for the runtime dependencies; without them it skips and says why.
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAction, type ActionRun } from './helpers/action-runner.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; scripts: Record<string, string> };
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const env: NodeJS.ProcessEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', npm_config_prefer_offline: 'true', NO_COLOR: '1' };
delete env.npm_config_yes;

/** Why the git-install half cannot run here, or undefined. */
function missing(): string | undefined {
  const git = spawnSync('git', ['-C', ROOT, 'rev-parse', '--is-inside-work-tree'], { encoding: 'utf8' });
  if (git.error) return 'git is not installed';
  if (git.stdout.trim() !== 'true') return `${ROOT} is not a git work tree (a git install clones one)`;
  if (!existsSync(path.join(ROOT, 'node_modules/.bin/tsc'))) return 'this checkout has no node_modules (run npm ci): the clone installs from the cache it filled';
  return undefined;
}
const why = missing();
if (why !== undefined) console.warn(`clean-clone.test.ts: the git-install half skipped: ${why}`);

/** npm failed because it could not reach the registry for a package missing from its cache. */
const OFFLINE = /\b(ENOTCACHED|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH)\b/;

const SIM_RING = `export function isDns(trunk: { errorCodes: string[] }) {
  return trunk.errorCodes.includes('E1001');
}
`;
// A webhook header looked up by its mixed-case name: a finding of `webhook-header-names-lowercase`.
const SIGNATURE = `export function signature(req: { headers: Record<string, string> }) {
  return req.headers['X-Spark-Signature'];
}
`;

interface Sarif {
  runs: { automationDetails?: unknown; results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
}

let work: string;
/** The clean clone: the Action's $GITHUB_ACTION_PATH, then the folder a git install builds and packs. */
let actionPath: string;
let cloneHadDist: boolean;
let first: ActionRun;
let firstWorkspace: string;

function workspace(name: string, files: Record<string, string>): string {
  const d = path.join(work, name);
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(d, f)), { recursive: true });
    writeFileSync(path.join(d, f), text);
  }
  mkdirSync(path.join(d, '.git'), { recursive: true });
  return d;
}

// Limits for a hang, not for speed: `npm test` runs this file beside the build and the lint of the checkout (the
// `outside` project); on a loaded 2-core machine (load average 20) the Action's install step took over
// runAction's 600 s, and the folder install with its build about 435 s.
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'cm-clean-clone-'));
  actionPath = path.join(work, 'action');
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, actionPath], { stdio: 'ignore' });
  cloneHadDist = existsSync(path.join(actionPath, 'dist'));
  firstWorkspace = workspace('with-findings', { 'src/sim-ring.ts': SIM_RING, 'src/sig.ts': SIGNATURE });
  // The first run: nothing built, nothing installed. npm's own cache (filled by this checkout's install) serves it.
  first = runAction({ actionPath, workspace: firstWorkspace, inputs: { today: '2026-03-01' }, env: { npm_config_prefer_offline: 'true' }, timeout: 1_800_000 });
}, 1_800_000);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

// Before the Action's crash case below, which breaks the clone's build.
describe.skipIf(why !== undefined)('a git install builds; the registry tarball needs no build and runs nothing', { timeout: 1_800_000 }, () => {
  let app: string;
  let folderInstall: SpawnSyncReturns<string>;
  let offline: string | undefined;
  const run = (cwd: string, bin: string, args: string[]) => spawnSync(bin, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 1_500_000 });
  const npm = (args: string[]) => run(app, NPM, args);
  const installed = () => path.join(app, 'node_modules', pkg.name);

  beforeAll(() => {
    app = path.join(work, 'app');
    mkdirSync(path.join(app, 'src'), { recursive: true });
    const init = npm(['init', '-y']);
    if (init.status !== 0) throw new Error(`npm init -y failed:\n${init.stderr}`);
    writeFileSync(path.join(app, 'src/signature.ts'), SIGNATURE);
    folderInstall = npm(['install', '--install-links', '--foreground-scripts', actionPath]);
    if (folderInstall.status !== 0) {
      const line = folderInstall.stderr.split('\n').find((l) => OFFLINE.test(l));
      if (line === undefined) throw new Error(`npm install --install-links ${actionPath} failed (${folderInstall.status}):\n${folderInstall.stdout}\n${folderInstall.stderr}`);
      offline = `npm could not fetch the runtime dependencies (not in its cache, and the registry is out of reach): ${line.trim()}`;
    }
  }, 1_800_000);

  it('from a clean clone (no dist/ in git), the folder install runs prepare, which builds what the project gets', (ctx) => {
    if (offline) ctx.skip(offline);
    expect(pkg.scripts.prepare).toBe('npm run build');
    expect(cloneHadDist, 'git holds no dist/').toBe(false);
    // The Action's `npm ci` ran `prepare` on the clean clone: it built what the folder install packs.
    expect(first.ran).toContain('Install and build collab-migrate');
    expect(first.code, first.stderr).toBe(1);
    const version = pkg.version.replace(/\./g, '\\.');
    expect(folderInstall.stdout).toMatch(new RegExp(`^> ${pkg.name}@${version} prepare$`, 'm'));
    // What prepare ran: the package's build script, the one `npm ci` ran on the clean clone.
    expect(folderInstall.stdout).toMatch(new RegExp(`^> ${pkg.name}@${version} build\\n> ${pkg.scripts.build.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    expect(existsSync(path.join(actionPath, 'dist/cli/bin.js')), 'prepare built the clone').toBe(true);
    // The clone was bundled by the Action's `npm ci` and nothing it reads changed since: this `prepare` bundles nothing
    // (scripts/bundle-stamp.ts), and what it packs is that bundle.
    expect(folderInstall.stdout).toContain('bundle: dist/ and node_modules unchanged since the last bundle, which is in place; nothing to do');
    // A copy packed by `files` (built output, no build scripts), not a link to the clone.
    expect(lstatSync(installed()).isSymbolicLink()).toBe(false);
    expect(existsSync(path.join(installed(), 'dist/cli/bin.js'))).toBe(true);
    expect(existsSync(path.join(installed(), 'dist/scripts'))).toBe(false);
    expect(existsSync(path.join(installed(), 'tsconfig.build.json'))).toBe(false);
    const v = run(app, NPX, ['collab-migrate', '--version']);
    expect(v.stdout.trim(), v.stderr).toBe(pkg.version);
    const scan = run(app, NPX, ['collab-migrate', 'src', '--today', '2026-11-22', '--format', 'json']);
    expect(scan.stderr).toBe('');
    expect(scan.status).toBe(1);
    expect((JSON.parse(scan.stdout) as { findings: Array<{ noticeId: string }> }).findings.map((f) => f.noticeId)).toEqual(['webhook-header-names-lowercase']);
  });

  it('the tarball the registry serves is built and installs without running prepare or any other script', (ctx) => {
    if (offline) ctx.skip(offline);
    // Publishing packs the built tree; `--ignore-scripts` because the clone is built already.
    execFileSync(NPM, ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: actionPath, env, stdio: 'ignore' });
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
    const v = run(app, NPX, ['collab-migrate', '--version']);
    expect(v.stdout.trim(), v.stderr).toBe(pkg.version);
  });
});

describe('the action from a clean clone, as GitHub runs it', { timeout: 1_800_000 }, () => {
  it('the clone holds no dist/ and no node_modules until the action installs and builds them', () => {
    expect(execFileSync('git', ['ls-files', 'dist', 'node_modules'], { cwd: actionPath, encoding: 'utf8' })).toBe('');
    expect(cloneHadDist).toBe(false);
    expect(first.used).toEqual(["Cache collab-migrate's dependencies"]);
    expect(first.ran).toEqual(['Prepare collab-migrate', 'Install and build collab-migrate', 'Scan']);
    expect(existsSync(path.join(actionPath, 'node_modules'))).toBe(true);
    expect(existsSync(path.join(actionPath, 'dist/cli/action/run.js'))).toBe(true);
  });

  it('findings: annotations, outputs, summary and SARIF; exit 1 (fail-on error)', () => {
    expect(first.code, first.stderr).toBe(1);
    expect(first.stdout).toMatch(/^::error file=src\/sim-ring\.ts,line=2,.*title=trunk-error-codes-renamed::/m);
    expect(first.stdout).toMatch(/^::warning file=src\/sig\.ts,line=2,.*title=webhook-header-names-lowercase::/m);
    expect(first.stdout).toContain('::error title=collab-migrate::1 error(s) (fail-on: error).');
    const sarifPath = path.join(firstWorkspace, 'collab-migrate.sarif');
    expect(first.outputs).toMatchObject({ errors: '1', warnings: '1', 'next-effective-date': '2026-05-19', sarif: sarifPath, 'sarif-category': 'collab-migrate', failed: 'false' });
    expect(first.summary).toContain('**1 error, 1 warning**');
    expect(first.summary).toContain(`**Full report:** \`${first.outputs.report}\``);
    expect((JSON.parse(readFileSync(first.outputs.report, 'utf8')) as { findings: unknown[] }).findings).toHaveLength(2);
    const sarif = JSON.parse(readFileSync(sarifPath, 'utf8')) as Sarif;
    expect(sarif.runs[0].automationDetails).toBeUndefined();
    expect(sarif.runs[0].results.map((r) => `${r.locations[0].physicalLocation.artifactLocation.uri} ${r.ruleId}`).sort()).toEqual([
      'src/sig.ts webhook-header-names-lowercase',
      'src/sim-ring.ts trunk-error-codes-renamed',
    ]);
  });

  it('no findings: exit 0, zero counts, an empty SARIF run; nothing installed or built again', () => {
    const d = workspace('clean', { 'src/ok.ts': 'export const answer = 42;\n' });
    const r = runAction({ actionPath, workspace: d, inputs: { today: '2026-03-01' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/^::(error|warning) /m);
    expect(r.stderr).not.toMatch(/added \d+ packages|tsc/);
    expect(r.outputs).toMatchObject({ errors: '0', warnings: '0', 'next-effective-date': '', failed: 'false' });
    expect(r.summary).toContain('collab-migrate readiness');
    expect((JSON.parse(readFileSync(r.outputs.sarif, 'utf8')) as Sarif).runs[0].results).toEqual([]);
  });

  it('a crash (a module of the built CLI missing): a failure of the tool, exit 2, no findings, no stack trace of ours', () => {
    // A chunk the binary imports at start (rolldown names the chunks; the binary's own imports say which they are).
    const chunks = [...readFileSync(path.join(actionPath, 'dist/cli/bin.js'), 'utf8').matchAll(/import\(\s*"\.\/(bin-[\w-]+\.js)"\s*\)|from\s*"\.\/(bin-[\w-]+\.js)"/g)].map((m) => m[1] ?? m[2]);
    expect(chunks.length).toBeGreaterThan(0);
    rmSync(path.join(actionPath, 'dist/cli', chunks[chunks.length - 1]!));
    const d = workspace('crash', { 'src/sim-ring.ts': SIM_RING });
    const r = runAction({ actionPath, workspace: d, inputs: { today: '2026-03-01', 'fail-on': 'never' } });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('::error title=collab-migrate failed::The scan exited with 1 without writing its report. This is a failure of collab-migrate itself, not findings in your code');
    expect(r.stdout).not.toMatch(/^::(warning|notice) /m);
    expect(r.outputs).toMatchObject({ failed: 'true', errors: '', warnings: '', report: '' });
    expect(r.summary).toMatch(/^## ⚠️ collab-migrate failed\n/);
    expect(r.summary).not.toContain('readiness');
    // The child's own error is in the log (that is where the summary sends you); run.js throws nothing itself.
    expect(r.stderr).toContain('ERR_MODULE_NOT_FOUND');
    expect(r.stderr).not.toMatch(/ENOENT|action[\\/]run\.js:\d+/);
    expect(existsSync(path.join(d, 'collab-migrate.sarif'))).toBe(false);
  });
});
