/**
 * The package as a consumer gets it: `npm pack` holds the runtime, its types, the catalog and its schema, the
 * user docs, README, CHANGELOG and LICENSE, and nothing else (no build scripts, benchmarks, test configuration,
 * source maps or `sourceMappingURL` comments); the shipped docs name no file that is not shipped; no script
 * runs on a consumer's install (`prepare` builds a git install). Then what a newcomer does, in a fresh
 * `npm init -y` project on TypeScript 5: the README's install commands with the packed tarball, the README's
 * ESLint snippet unchanged, the CLI, the codemod and the jscodeshift command, with no edit and no prompt; the
 * project keeps its one TypeScript, and the types compile without @types/node (collab-migrate's own declaration
 * files fully checked, every import of every declaration file resolved).
 * Needs a build (`npm test` builds first); npm installs from its local cache where it can.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  exports: Record<string, unknown>;
};
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npmEnv = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

/** What may be published: built JS and its types, the catalog, its schema, docs, README, LICENSE, package.json. */
const ALLOWED = [
  /^dist\/(engine|rules|codemods|cli)\/.+\.(js|d\.ts)$/,
  // The bundled command line's CommonJS bundles, required on first use (scripts/bundle.ts).
  /^dist\/cli\/[\w-]+\.cjs$/,
  // V8's code for the scan's chunk, made by the build (scripts/code-cache.ts); the CommonJS scan's is named by its V8 version (cli/bin.cts).
  /^dist\/cli\/[\w.-]+\.cache$/,
  /^dist\/jscodeshift\.(js|d\.ts)$/,
  /^dist\/catalog-index\.json$/,
  /^docs\/.+\.(md|png|svg)$/,
  /^examples\/github-actions\/[\w-]+\.yml$/,
  /^(notices\.json|notices\.schema\.json|baseline\.schema\.json|README\.md|CHANGELOG\.md|LICENSE|package\.json)$/,
];

/**
 * One `npm pack` for the whole file (it lists what it packed as `--dry-run` does): the file list for the first
 * group, the tarball for the newcomer's project. Made on first use, removed after all tests.
 */
let packed: { dir: string; files: string[]; tarball: string } | undefined;
function pack(): { dir: string; files: string[]; tarball: string } {
  if (packed) return packed;
  const dir = mkdtempSync(path.join(tmpdir(), 'cm-newcomer-'));
  const out = execFileSync(NPM, ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8', env: npmEnv, stdio: ['ignore', 'pipe', 'ignore'] });
  const [entry] = JSON.parse(out) as Array<{ filename: string; files: Array<{ path: string }> }>;
  packed = { dir, files: entry.files.map((f) => f.path).sort(), tarball: path.join(dir, entry.filename) };
  expect(existsSync(packed.tarball), packed.tarball).toBe(true);
  return packed;
}
afterAll(() => {
  if (packed) rmSync(packed.dir, { recursive: true, force: true });
});
const packedFiles = (): string[] => pack().files;

describe('the packed file list', { timeout: 120_000 }, () => {
  it('holds the runtime, types, catalog, schemas, docs, README and LICENSE only', () => {
    const files = packedFiles();
    expect(files.filter((f) => !ALLOWED.some((re) => re.test(f)))).toEqual([]);
    for (const must of ['LICENSE', 'README.md', 'notices.json', 'notices.schema.json', 'dist/cli/bin.js', 'dist/cli/bin.cjs', 'dist/cli/bin-fast-main.cjs', 'dist/rules/index.js', 'dist/rules/eslint-plugin.js', 'dist/rules/index.d.ts', 'dist/codemods/codemod.js', 'dist/codemods/codemod.d.ts', 'dist/engine/index.d.ts', 'dist/jscodeshift.js', 'dist/catalog-index.json', 'docs/notices/legacy-api-host.md']) {
      expect(files, must).toContain(must);
    }
    expect(files.some((f) => f.startsWith('dist/scripts/') || f.startsWith('dist/test/') || /vitest\.config/.test(f) || f.endsWith('.map'))).toBe(false);
    // Every worker and chunk the bundled command line loads is there.
    for (const f of readdirSync(path.join(ROOT, 'dist/cli')).filter((x) => x.endsWith('.js') || x.endsWith('.cjs') || x.endsWith('.cache'))) expect(files).toContain(`dist/cli/${f}`);
  });

  it('ships no sourceMappingURL comment (and no map), and the docs it ships name only files it ships', () => {
    const files = packedFiles();
    for (const f of files.filter((x) => x.endsWith('.js'))) expect(readFileSync(path.join(ROOT, f), 'utf8'), f).not.toMatch(/^\/\/[#@] sourceMappingURL=/m);
    const shipped = new Set(files);
    for (const doc of files.filter((f) => f.endsWith('.md'))) {
      let text = readFileSync(path.join(ROOT, doc), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
      // The README's last section is about working on the repository (a clone), and says so.
      if (doc === 'README.md') text = text.slice(0, text.indexOf('\n## Develop\n'));
      expect(text, `${doc}: a path of the test suite or the build scripts`).not.toMatch(/(^|[\s`(/])(test|scripts)\/[\w.-]+/);
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        const file = path.posix.normalize(path.posix.join(path.posix.dirname(doc), target.replace(/#.*$/, '')));
        const found = shipped.has(file) || files.some((f) => f.startsWith(`${file.replace(/\/$/, '')}/`));
        expect(found, `${doc} links to ${target}, which is not in the package`).toBe(true);
      }
    }
  });

  it('builds in prepare (git installs), runs no install script; TypeScript a peer in typescript-estree\'s range, ts-morph optional', () => {
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepack', 'postpack']) expect(pkg.scripts[hook], hook).toBeUndefined();
    expect(pkg.scripts.prepare).toBe('npm run build');
    expect(pkg.dependencies.typescript).toBeUndefined();
    expect(pkg.dependencies['ts-morph']).toBeUndefined();
    expect(pkg.optionalDependencies['ts-morph']).toMatch(/^\^\d+/);
    expect(pkg.peerDependencies.typescript).toBe('>=5.0.0 <6.1.0');
    expect(pkg.peerDependenciesMeta.typescript).toBeUndefined();
    expect(pkg.peerDependenciesMeta.jscodeshift).toEqual({ optional: true });
    expect(pkg.devDependencies.typescript).toMatch(/^~6\.0\.\d+$/);
    // Our upper bound is typescript-estree's: it needs typescript at run time and supports no later one.
    const estree = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@typescript-eslint/typescript-estree/package.json'), 'utf8')) as { peerDependencies: Record<string, string> };
    expect(estree.peerDependencies.typescript).toMatch(/<6\.1\.0$/);
    expect(readFileSync(path.join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} collab-migrate contributors\n/);
    expect(readFileSync(path.join(ROOT, '.gitignore'), 'utf8').split('\n')).toContain('*.tgz');
    expect(readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8')).toContain(`## ${pkg.version}`);
  });

  it('the organisation workflow runs this exact version, never whatever owns the name', () => {
    const yml = readFileSync(path.join(ROOT, 'examples/github-actions/org-readiness.yml'), 'utf8');
    expect(yml).not.toMatch(/npx (--yes )?collab-migrate(?!@)/);
    expect(yml).toContain(`COLLAB_MIGRATE: collab-migrate@${pkg.version}\n`);
  });
});

/** A fenced block of a Markdown text whose first line is `first` (a file-name comment), without that line. */
function block(markdown: string, first: string): string | undefined {
  for (const m of markdown.matchAll(/```\w*\n([\s\S]*?)```/g)) {
    const [head, ...rest] = m[1].split('\n');
    if (head.trim() === first) return rest.join('\n');
  }
  return undefined;
}

/** The README's install commands: the `npm install` lines of the first block of its Install section. */
function installCommands(readme: string): string[][] {
  const section = readme.slice(readme.indexOf('\n## Install\n'));
  const code = /```sh\n([\s\S]*?)```/.exec(section)![1];
  return code
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter((l) => l.startsWith('npm install'))
    .map((l) => l.split(/\s+/));
}

// Webhook header names arrive in lower case from 2026-05-19: the CLI, the codemod and jscodeshift fix it (the
// final form: that day has passed).
const SIGNATURE = `export function signature(req: { headers: Record<string, string> }) {
  return req.headers['X-Spark-Signature'];
}
`;
const HOOK = "export const hook = { resource: 'telephony_calls', event: 'created', filter: 'address=+1555' };\n";

/**
 * The type check of the installed package, run with the project's TypeScript on types/tsconfig.json
 * (skipLibCheck false, `types: []`, so no @types/node): every diagnostic of the options, of the global scope and
 * of the syntax of every file, every import of any declaration file the program loads that does not resolve
 * (`node:fs` without @types/node), and the full check of collab-migrate's own declaration files and check.mts.
 * The full check of other packages' declaration files (`tsc` with skipLibCheck false) took 15 s of CPU, 8 of
 * them in @typescript-eslint/utils, and is theirs. Then the same check of a planted declaration file that needs
 * @types/node, which must fail.
 */
const CHECK_TYPES = `const path = require('node:path');
const ts = require(process.env.CHECK_TYPESCRIPT || 'typescript');
const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, ' ')); } };
const config = ts.getParsedCommandLineOfConfigFile(path.join(__dirname, process.argv[2] || 'tsconfig.json'), {}, host);
const ours = (f) => !f.includes('/node_modules/') || f.includes('/node_modules/collab-migrate/');
// program.getResolvedModule is TypeScript 5.3's; 5.0 keeps the same answers on the source file.
const resolved = (program, f, spec) => {
  const mode = ts.getModeForUsageLocation(f, spec, config.options);
  return (program.getResolvedModule ? program.getResolvedModule(f, spec.text, mode) : f.resolvedModules?.get(spec.text, mode))?.resolvedModule;
};
function check(rootNames) {
  const program = ts.createProgram({ rootNames, options: config.options });
  const files = program.getSourceFiles();
  const diagnostics = [...config.errors, ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(), ...files.flatMap((f) => program.getSyntacticDiagnostics(f)), ...files.filter((f) => ours(f.fileName)).flatMap((f) => program.getSemanticDiagnostics(f))];
  const text = diagnostics.map((d) => (d.file ? path.relative(process.cwd(), d.file.fileName) + ': ' : '') + 'TS' + d.code + ' ' + ts.flattenDiagnosticMessageText(d.messageText, ' '));
  for (const f of files)
    for (const spec of f.imports)
      if (!resolved(program, f, spec)) text.push(path.relative(process.cwd(), f.fileName) + ": unresolved import '" + spec.text + "'");
  return { text, ownFiles: files.filter((f) => ours(f.fileName)).length };
}
const main = check(config.fileNames);
const planted = check([path.join(__dirname, 'planted.d.mts')]);
console.log(JSON.stringify({ typescript: ts.version, diagnostics: main.text, ownFiles: main.ownFiles, planted: planted.text }));
`;

describe('a newcomer follows the README in a fresh npm init -y project on TypeScript 5', { timeout: 900_000 }, () => {
  let app: string;
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const env = { ...npmEnv, npm_config_prefer_offline: 'true', NO_COLOR: '1', CI: 'true', npm_config_yes: undefined } as NodeJS.ProcessEnv;
  delete env.npm_config_yes;
  const sh = (cmd: string[], extra: NodeJS.ProcessEnv = {}) => {
    const [bin, ...args] = cmd;
    // stdin closed: a prompt (npx asking to download a package) fails instead of waiting.
    return spawnSync(bin === 'npm' ? NPM : bin === 'npx' ? (process.platform === 'win32' ? 'npx.cmd' : 'npx') : bin, args, { cwd: app, env: { ...env, ...extra }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 600_000 });
  };
  const ok = (cmd: string[]) => {
    const r = sh(cmd);
    if (r.status !== 0) throw new Error(`${cmd.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
    return r;
  };

  beforeAll(() => {
    const { dir: work, tarball } = pack();
    app = path.join(work, 'app');
    mkdirSync(path.join(app, 'src'), { recursive: true });
    ok(['npm', 'init', '-y']);
    // The project already uses TypeScript 5.
    // The lowest TypeScript the peer range claims: 5.0 parses less than later 5.x (no string export names before 5.6).
    ok(['npm', 'install', '--save-dev', 'typescript@5.0']);
    for (const cmd of installCommands(readme)) ok(cmd.map((a) => (a === 'collab-migrate' ? tarball : a)));
    writeFileSync(path.join(app, 'src/hook.js'), HOOK);
    writeFileSync(path.join(app, 'src/signature.ts'), SIGNATURE);
    // No DOM library: the sources use none, and the codemod's before/after diagnostics of lib.dom.d.ts cost 4 s of CPU.
    writeFileSync(path.join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, noEmit: true, lib: ['ES2022'] }, include: ['src'] }));
    // A limit for a hang, not for speed (each npm command has its own 600 s): the suite's 120 s for a hook was
    // overrun by these installs in a fresh clone's `npm test` at a load average of 21-28 (twentieth session).
  }, 900_000);

  it('installs the tarball as a CommonJS project gets it: no build output but its own, one TypeScript (the project\'s 5.x)', () => {
    const own = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8')) as { type?: string };
    expect(own.type ?? 'commonjs').toBe('commonjs');
    const installed = path.join(app, 'node_modules/collab-migrate');
    expect(existsSync(path.join(installed, 'dist/cli/bin.js'))).toBe(true);
    expect(existsSync(path.join(installed, 'dist/scripts'))).toBe(false);
    expect(existsSync(path.join(installed, 'CHANGELOG.md'))).toBe(true);
    const ts = JSON.parse(readFileSync(path.join(app, 'node_modules/typescript/package.json'), 'utf8')) as { version: string };
    expect(ts.version).toMatch(/^5\./);
    const copies = execFileSync('find', ['node_modules', '-path', '*/typescript/package.json', '-not', '-path', '*/typescript/*/*'], { cwd: app, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(copies).toEqual(['node_modules/typescript/package.json']);
  });

  for (const config of ['eslint.config.mjs', 'eslint.config.cjs'])
    it(`the README's ESLint snippet (${config}), unchanged, reports the findings in .js and .ts files`, () => {
      const snippet = block(readme, `// ${config}`);
      expect(snippet, `the README shows an ${config}`).toBeDefined();
      writeFileSync(path.join(app, config), snippet!);
      const r = sh(['npx', 'eslint', 'src/hook.js', 'src/signature.ts']);
      rmSync(path.join(app, config));
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain('collab-migrate/telephony-calls-filter-number');
      expect(r.stdout).toContain('collab-migrate/webhook-header-names-lowercase');
    });

  it('the CLI: version, a scan with findings (exit 1), the same with typescript-estree on TypeScript 5', () => {
    expect(ok(['npx', 'collab-migrate', '--version']).stdout.trim()).toBe(pkg.version);
    const findings = (extra: NodeJS.ProcessEnv) => {
      const r = sh(['npx', 'collab-migrate', 'src', '--today', '2026-11-22', '--format', 'json'], extra);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(1);
      return (JSON.parse(r.stdout) as { findings: Array<{ noticeId: string; file: string }> }).findings.map((f) => `${f.file} ${f.noticeId}`).sort();
    };
    const oxc = findings({});
    expect(oxc).toEqual(['src/hook.js telephony-calls-filter-number', 'src/signature.ts webhook-header-names-lowercase']);
    expect(findings({ COLLAB_MIGRATE_PARSER: 'typescript-estree' })).toEqual(oxc);
  });

  it('the README\'s codemod and jscodeshift commands run as written, with no prompt', () => {
    const commands = /```sh\n(npx collab-migrate codemod[^\n]*)\n(npx jscodeshift[^\n]*)\n```/.exec(readme)?.slice(1) ?? [];
    expect(commands).toHaveLength(2);
    const codemod = sh(commands[0].split(/\s+/));
    expect(codemod.stderr).toBe('');
    expect(codemod.status).toBe(0);
    expect(codemod.stdout).toContain("+  return req.headers['x-spark-signature'];");
    expect(codemod.stdout).toContain('nothing written');
    expect(readFileSync(path.join(app, 'src/signature.ts'), 'utf8')).toBe(SIGNATURE);
    const jscs = sh(commands[1].split(/\s+/));
    expect(jscs.status, jscs.stderr).toBe(0);
    expect(jscs.stdout).toMatch(/^0 errors$/m);
    expect(readFileSync(path.join(app, 'src/signature.ts'), 'utf8')).toBe(SIGNATURE.replace('X-Spark-Signature', 'x-spark-signature'));
  });

  it('loads the ESLint plugin, the codemod API and the engine by their export names; the types need no @types/node', () => {
    const script = `
      import { Linter } from 'eslint';
      import plugin from 'collab-migrate/eslint';
      import { runCodemod } from 'collab-migrate/codemods/ts-morph';
      import { loadCatalog } from 'collab-migrate';
      const config = plugin.configs.configure({ today: '2026-11-22' });
      const messages = new Linter({ configType: 'flat' }).verify(${JSON.stringify(HOOK)}, [config], { filename: 'src/hook.js' });
      console.log(JSON.stringify({ rules: messages.map((m) => m.ruleId), codemod: typeof runCodemod, notices: loadCatalog().notices.length > 0 }));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ rules: ['collab-migrate/telephony-calls-filter-number'], codemod: 'function', notices: true });
    mkdirSync(path.join(app, 'types'), { recursive: true });
    writeFileSync(path.join(app, 'types/check.mts'), "import plugin from 'collab-migrate/eslint';\nimport * as engine from 'collab-migrate';\nimport transform from 'collab-migrate/jscodeshift';\nimport { runCodemod } from 'collab-migrate/codemods/ts-morph';\nexport const all = [plugin, engine, transform, runCodemod];\n");
    writeFileSync(path.join(app, 'types/tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2022'], strict: true, noEmit: true, skipLibCheck: false, types: [] }, files: ['check.mts'] }));
    writeFileSync(path.join(app, 'types/check-types.cjs'), CHECK_TYPES);
    // What a package that needs @types/node ships: the check must fail on it.
    writeFileSync(path.join(app, 'types/planted.d.mts'), "export declare const bytes: Buffer;\nexport type Stream = import('node:stream').Readable;\n");
    expect(existsSync(path.join(app, 'node_modules/@types/node'))).toBe(false);
    const tsc = sh(['node', 'types/check-types.cjs']);
    expect(tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    const checked = JSON.parse(tsc.stdout) as { typescript: string; diagnostics: string[]; ownFiles: number; planted: string[] };
    expect(checked.typescript).toMatch(/^5\./);
    expect(checked.diagnostics).toEqual([]);
    // check.mts and the declaration files of the four entry points and what they import.
    expect(checked.ownFiles).toBeGreaterThan(10);
    expect(checked.planted).toEqual([
      expect.stringMatching(/^types\/planted\.d\.mts: TS2591 Cannot find name 'Buffer'/),
      expect.stringMatching(/^types\/planted\.d\.mts: TS2307 Cannot find module 'node:stream'/),
      "types/planted.d.mts: unresolved import 'node:stream'",
    ]);
    // The same check with the other end of the peer range, this checkout's TypeScript 6 (its declaration file of the
    // plugin keeps the `module.exports` export that TypeScript 5.0 cannot parse).
    const ts6 = sh(['node', 'types/check-types.cjs'], { CHECK_TYPESCRIPT: path.join(ROOT, 'node_modules/typescript') });
    expect(ts6.stderr).toBe('');
    const checked6 = JSON.parse(ts6.stdout) as typeof checked;
    expect(checked6.typescript).toMatch(/^6\./);
    expect(checked6.diagnostics).toEqual([]);
    expect(checked6.ownFiles).toBeGreaterThan(10);
    // A CommonJS project's tsconfig (`module: commonjs`): TypeScript 5's default resolution, node10, reads no `exports`.
    writeFileSync(path.join(app, 'types/check.ts'), "import plugin from 'collab-migrate/eslint';\nimport * as engine from 'collab-migrate';\nimport transform from 'collab-migrate/jscodeshift';\nimport { runCodemod } from 'collab-migrate/codemods/ts-morph';\nexport const all = [plugin.configs.recommended, engine, transform, runCodemod];\n");
    writeFileSync(path.join(app, 'types/tsconfig.node10.json'), JSON.stringify({ compilerOptions: { module: 'commonjs', target: 'ES2022', lib: ['ES2022'], strict: true, esModuleInterop: true, noEmit: true, skipLibCheck: false, types: [] }, files: ['check.ts'] }));
    const node10 = sh(['node', 'types/check-types.cjs', 'tsconfig.node10.json']);
    expect(node10.stderr).toBe('');
    const checked10 = JSON.parse(node10.stdout) as typeof checked;
    expect(checked10.typescript).toMatch(/^5\.0\./);
    expect(checked10.diagnostics).toEqual([]);
    expect(checked10.ownFiles).toBeGreaterThan(10);
  });
});
