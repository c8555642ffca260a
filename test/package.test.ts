/**
 * The package as a consumer gets it: `npm pack` holds the runtime, its types, the catalog and its schema, the
 * docs, README and LICENSE, and nothing else (no build scripts, benchmarks, test configuration or source
 * maps); no script runs on a consumer's install; the tarball installs into an empty folder (from npm's local
 * cache where it can) and its CLI, ESLint plugin, codemod API and engine work from there.
 * Needs a build (`npm test` builds first).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  exports: Record<string, unknown>;
};
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npmEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

/** What may be published: built JS and its types, the catalog, its schema, docs, README, LICENSE, package.json. */
const ALLOWED = [
  /^dist\/(engine|rules|codemods|cli)\/.+\.(js|d\.ts)$/,
  /^dist\/jscodeshift\.(js|d\.ts)$/,
  /^dist\/catalog-index\.json$/,
  /^docs\/.+\.(md|png|svg)$/,
  /^(notices\.json|notices\.schema\.json|baseline\.schema\.json|README\.md|LICENSE|package\.json)$/,
];

function packedFiles(): string[] {
  const out = execFileSync(NPM, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', env: npmEnv, stdio: ['ignore', 'pipe', 'ignore'] });
  return (JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0].files.map((f) => f.path).sort();
}

describe('the packed file list', { timeout: 120_000 }, () => {
  it('holds the runtime, types, catalog, schemas, docs, README and LICENSE only', () => {
    const files = packedFiles();
    expect(files.filter((f) => !ALLOWED.some((re) => re.test(f)))).toEqual([]);
    for (const must of ['LICENSE', 'README.md', 'notices.json', 'notices.schema.json', 'dist/cli/bin.js', 'dist/rules/index.js', 'dist/rules/index.d.ts', 'dist/codemods/codemod.js', 'dist/codemods/codemod.d.ts', 'dist/engine/index.d.ts', 'dist/jscodeshift.js', 'dist/catalog-index.json', 'docs/notices/legacy-api-host.md']) {
      expect(files, must).toContain(must);
    }
    expect(files.some((f) => f.startsWith('dist/scripts/') || f.startsWith('dist/test/') || /vitest\.config/.test(f) || f.endsWith('.map'))).toBe(false);
    // Every worker and chunk the bundled command line loads is there.
    for (const f of readdirSync(path.join(ROOT, 'dist/cli')).filter((x) => x.endsWith('.js'))) expect(files).toContain(`dist/cli/${f}`);
  });

  it('runs no script on a consumer install, and pins typescript to the range typescript-estree supports', () => {
    for (const hook of ['prepare', 'preinstall', 'install', 'postinstall']) expect(pkg.scripts[hook], hook).toBeUndefined();
    expect(pkg.scripts.prepack).toBe('npm run build');
    expect(pkg.dependencies.typescript).toMatch(/^~6\.0\.\d+$/);
    const estree = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@typescript-eslint/typescript-estree/package.json'), 'utf8')) as { peerDependencies: Record<string, string> };
    expect(estree.peerDependencies.typescript).toMatch(/<6\.1\.0/);
    expect(readFileSync(path.join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} collab-migrate contributors\n/);
    expect(readFileSync(path.join(ROOT, '.gitignore'), 'utf8').split('\n')).toContain('*.tgz');
  });
});

describe('the tarball installed into an empty folder', { timeout: 900_000 }, () => {
  let work: string;
  let app: string;

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'cm-pack-'));
    execFileSync(NPM, ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: ROOT, env: npmEnv, stdio: 'ignore' });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
    app = path.join(work, 'app');
    execFileSync('mkdir', ['-p', path.join(app, 'src')]);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    writeFileSync(path.join(app, 'src/hook.js'), "export const hook = { resource: 'telephony_calls', event: 'created', filter: 'address=+1555' };\n");
    const eslintVersion = (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/eslint/package.json'), 'utf8')) as { version: string }).version;
    // From npm's local cache where it can (the project's own install filled it); the registry otherwise.
    const r = spawnSync(NPM, ['install', '--prefer-offline', '--no-package-lock', path.join(work, tarball), `eslint@${eslintVersion}`], { cwd: app, env: npmEnv, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`npm install of the tarball failed:\n${r.stderr}`);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('installs what was packed, without build scripts', () => {
    const installed = path.join(app, 'node_modules/collab-migrate');
    expect(existsSync(path.join(installed, 'dist/cli/bin.js'))).toBe(true);
    expect(existsSync(path.join(installed, 'dist/scripts'))).toBe(false);
    expect(existsSync(path.join(installed, 'LICENSE'))).toBe(true);
  });

  it('runs the CLI: version, a scan with a finding (exit 1), the codemod help', () => {
    const bin = path.join(app, 'node_modules/.bin/collab-migrate');
    const run = (args: string[]) => spawnSync(bin, args, { cwd: app, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: 'true' } });
    expect(run(['--version']).stdout.trim()).toBe(pkg.version);
    const scan = run(['src', '--today', '2026-11-22', '--format', 'json']);
    expect(scan.stderr).toBe('');
    expect(scan.status).toBe(1);
    const report = JSON.parse(scan.stdout) as { findings: Array<{ noticeId: string }> };
    expect(report.findings.map((f) => f.noticeId)).toEqual(['telephony-calls-filter-number']);
    const help = run(['codemod', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--project');
  });

  it('loads the ESLint plugin, the codemod API and the engine by their export names', () => {
    const script = `
      import { Linter } from 'eslint';
      import plugin from 'collab-migrate/eslint';
      import { runCodemod } from 'collab-migrate/codemods/ts-morph';
      import { loadCatalog } from 'collab-migrate';
      import { readFileSync } from 'node:fs';
      const config = plugin.configs.configure({ today: '2026-11-22' });
      const messages = new Linter({ configType: 'flat' }).verify(readFileSync('src/hook.js', 'utf8'), [config], { filename: 'src/hook.js' });
      console.log(JSON.stringify({ rules: messages.map((m) => m.ruleId), codemod: typeof runCodemod, notices: loadCatalog().notices.length > 0 }));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ rules: ['collab-migrate/telephony-calls-filter-number'], codemod: 'function', notices: true });
  });
});
