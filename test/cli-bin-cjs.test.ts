/**
 * The package's binary, `dist/cli/bin.cjs` (cli/bin.cts; issue 30, item 2): a scan whose command line
 * cli/fast-args.ts reads runs from the CommonJS bundle of cli/fast.ts without Node's ES module loader, anything else
 * is the ES module binary's (`dist/cli/bin.js`). Both are asked the same command lines on the same files and must
 * answer byte for byte alike (exit code, stdout, stderr, the files written, the files `--fix` changes); the
 * CommonJS scan of a file list loads no ES module loader, and the build's code cache is one this Node accepts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { INTERRUPT_BUDGET } from '../cli/walk/prestart.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = path.join(ROOT, 'dist', 'cli');
const ESM_BIN = path.join(CLI, 'bin.js');
const CJS_BIN = path.join(CLI, 'bin.cjs');

// Synthesized: a finding of each kind the report formats show (an error, a warning, a fixable one), and a file without any notice token.
const FILES: Record<string, string> = {
  'src/host.ts': "export const people = () => fetch('https://api.ciscospark.com/v1/people');\n",
  'src/sig.ts': "export const sig = (req: { headers: Record<string, string> }) => req.headers['X-Spark-Signature'];\n",
  'src/plain.ts': 'export const answer = 42;\n',
  'src/list.js': "const base = 'https://webexapis.com/v1';\nexport const rooms = () => fetch(`${base}/rooms?max=2000`);\n",
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  files: Record<string, string>;
}

describe.skipIf(!existsSync(CJS_BIN) || !existsSync(ESM_BIN))('the CommonJS binary (dist/cli/bin.cjs)', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'collab-migrate-bin-cjs-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  let n = 0;
  /** A fresh copy of FILES (so `--fix` and written reports start from the same tree), the binary run in it, and the tree after. */
  const runIn = (bin: string, args: readonly string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}): Run => {
    const dir = path.join(work, `t${n++}`);
    for (const [rel, text] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
    }
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', CI: 'true', ...opts.env };
    delete env.FORCE_COLOR;
    const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', input: opts.input ?? '', env, timeout: 60_000 });
    const files: Record<string, string> = {};
    const walk = (sub: string): void => {
      for (const e of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
        const rel = path.join(sub, e.name);
        if (e.isDirectory()) walk(rel);
        else files[rel] = readFileSync(path.join(dir, rel), 'utf8');
      }
    };
    walk('.');
    return { code: r.status, stdout: r.stdout, stderr: r.stderr, files };
  };

  const LINES: Array<{ args: string[]; input?: string }> = [
    { args: ['--today', '2026-11-28', '--no-progress', 'src'] },
    { args: ['--today', '2026-11-28', '--no-progress', 'src/plain.ts'] },
    { args: ['--today', '2026-11-28', '--no-progress', '--stdin-files'], input: 'src/host.ts\nsrc/plain.ts\n' },
    { args: ['--today', '2026-11-28', '--no-progress', '--format', 'json', 'src/host.ts', 'src/sig.ts'] },
    { args: ['--today', '2026-11-28', '--no-progress', '-f', 'sarif', '--output', 'out.sarif', 'src'] },
    { args: ['--today', '2026-11-28', '--no-progress', '--format', 'github', '--markdown-output', 'summary.md', '--html-output', 'r.html', 'src'] },
    { args: ['--today', '2026-11-28', '--no-progress', '--fix', 'src/list.js', 'src/host.ts'] },
    { args: ['--today', '2026-11-28', '--no-progress', '--baseline-write', 'baseline.json', 'src'] },
    { args: ['--today', '2026-11-28', '--no-progress', '--only', 'no-such-notice', 'src'] },
    { args: ['--today', '2026-11-28', '--quiet', '--max-warnings', '0', 'src/sig.ts'] },
    { args: ['--today', '2026-11-28', '--no-progress', 'src/missing.ts'] },
    // Read by yargs in both: an unknown option, a repeated one, a command, help, the version.
    { args: ['--today', '2026-11-28', '--bogus', 'src'] },
    { args: ['--format', 'json', '--format', 'text', 'src/plain.ts'] },
    { args: ['notices', '--format', 'json'] },
    { args: ['--help'] },
    { args: ['--version'] },
  ];

  it('answers every command line as the ES module binary does, byte for byte', { timeout: 300_000 }, () => {
    const outcomes = new Set<number | null>();
    for (const line of LINES) {
      const esm = runIn(ESM_BIN, line.args, { input: line.input });
      const cjs = runIn(CJS_BIN, line.args, { input: line.input });
      expect(cjs, line.args.join(' ')).toEqual(esm);
      outcomes.add(cjs.code);
    }
    // The lines above reach the outcomes they are there for (no finding, findings, a usage error).
    expect(outcomes).toEqual(new Set([0, 1, 2]));
  });

  it('is the package\'s binary, and answers alike without its code cache', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(path.resolve(ROOT, pkg.bin['collab-migrate']!)).toBe(CJS_BIN);
    const args = ['--today', '2026-11-28', '--no-progress', '--format', 'json', 'src'];
    expect(runIn(CJS_BIN, args, { env: { COLLAB_MIGRATE_NO_CODE_CACHE: '1' } })).toEqual(runIn(ESM_BIN, args));
  });

  it('scans a file list without loading Node\'s ES module loader, worker_threads, crypto, child_process or v8', () => {
    // Read at exit by a module required first (`-r`): the modules Node loaded in the binary's process. `module_job`
    // runs ES modules (`Module.createRequire` alone loads the loader's own file, not it).
    const probe = path.join(work, 'probe.cjs');
    writeFileSync(probe, "process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList.filter((m) => /^NativeModule (internal\\/modules\\/esm\\/module_job|worker_threads|crypto|child_process|v8)$/.test(m)))));\n");
    const loaded = (bin: string, args: string[]): string[] => {
      const r = spawnSync(process.execPath, ['-r', probe, bin, '--today', '2026-11-28', '--no-progress', ...args], { cwd: work, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      return JSON.parse(r.stderr) as string[];
    };
    writeFileSync(path.join(work, 'plain.ts'), FILES['src/plain.ts']!);
    expect(loaded(CJS_BIN, ['plain.ts'])).toEqual([]);
    // The look-alikes: the ES module binary loads its loader; a finding's fingerprint (JSON) loads crypto on first call.
    expect(loaded(ESM_BIN, ['plain.ts'])).toContain('NativeModule internal/modules/esm/module_job');
    writeFileSync(path.join(work, 'host.ts'), FILES['src/host.ts']!);
    expect(loaded(CJS_BIN, ['--format', 'json', 'host.ts'])).toContain('NativeModule crypto');
    // A folder's scan sets V8's interrupt budget, through `node:v8` (cli/bin.cts).
    if (process.versions.v8.startsWith('11.3.')) expect(loaded(CJS_BIN, ['.'])).toContain('NativeModule v8');
  });

  // The scan writes its output with fs.writeSync to a file, a pipe or /dev/null (cli/fast.ts, descriptorWriter), not through
  // process.stdout: the same bytes, in the same order, with the same exit code, wherever they go.
  // A limit for a hang, not for speed: 18 runs of each binary, six of them behind a one-second reader; the suite's 60 s
  // was overrun at a load average of 25 (thirty-first session).
  it('writes to a file, to /dev/null and to a reader that stops early as the ES module binary does', { timeout: 300_000 }, () => {
    const LINES_OUT = [
      ['--today', '2026-11-28', '--no-progress', 'src'],
      ['--today', '2026-11-28', '--no-progress', '--format', 'json', 'src/host.ts', 'src/plain.ts'],
      ['--today', '2026-11-28', '--no-progress', '--only', 'no-such-notice', 'src'],
    ];
    const dir = path.join(work, 'out');
    for (const [rel, text] of Object.entries(FILES)) {
      mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      writeFileSync(path.join(dir, rel), text);
    }
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', CI: 'true' };
    delete env.FORCE_COLOR;
    // bash redirects: both streams into one file (their order shows), /dev/null, a pipe whose reader has closed it.
    const shell = (bin: string, args: string[], how: string): { code: number | null; stdout: string } => {
      const quoted = args.map((a) => `'${a}'`).join(' ');
      const r = spawnSync('bash', ['-c', `${how.replace('CMD', `'${process.execPath}' '${bin}' ${quoted}`)}`], { cwd: dir, encoding: 'utf8', env, timeout: 60_000 });
      return { code: r.status, stdout: r.stdout };
    };
    const outcomes = new Set<string>();
    for (const args of LINES_OUT) {
      for (const how of ['CMD > both.txt 2>&1; s=$?; cat both.txt; exit $s', 'CMD > /dev/null 2>&1', 'CMD 2>/dev/null | (exec 0<&-; sleep 1); exit ${PIPESTATUS[0]}']) {
        const esm = shell(ESM_BIN, args, how);
        const cjs = shell(CJS_BIN, args, how);
        expect(cjs, `${args.join(' ')}: ${how}`).toEqual(esm);
        outcomes.add(`${esm.code}`);
      }
    }
    // No finding (0), findings (1), a usage error (2); a reader gone stops the run with 0 (cli/index.ts).
    expect(outcomes).toEqual(new Set(['0', '1', '2']));
  });

  it('makes no stream for stdout or stderr when they are pipes or /dev/null', () => {
    // Read at exit by a module required first (`-r`): `internal/streams/writable` is loaded when Node makes
    // process.stdout or process.stderr (or anything else builds a stream). NO_COLOR set: without it the text report's
    // picocolors reads process.stdout.isTTY when it is set up, which makes the stream (docs/performance.md, round
    // twenty-five).
    const probe = path.join(work, 'stream-probe.cjs');
    writeFileSync(probe, "process.on('exit', () => require('fs').writeSync(3, JSON.stringify(process.moduleLoadList.filter((m) => /^NativeModule (internal\\/streams\\/writable|net|tty)$/.test(m)))));\n");
    writeFileSync(path.join(work, 'plain.ts'), FILES['src/plain.ts']!);
    writeFileSync(path.join(work, 'host.ts'), FILES['src/host.ts']!);
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', NO_COLOR: '1' };
    delete env.FORCE_COLOR;
    const loaded = (bin: string, args: string[], stdio: 'pipe' | 'ignore', extra: NodeJS.ProcessEnv = {}): string[] => {
      const r = spawnSync(process.execPath, ['-r', probe, bin, '--today', '2026-11-28', '--no-progress', ...args], { cwd: work, encoding: 'utf8', env: { ...env, ...extra }, stdio: ['ignore', stdio, stdio, 'pipe'] });
      return JSON.parse(r.output[3] as string) as string[];
    };
    // A file without a notice token (a file with findings loads Node's stream modules for other reasons).
    expect(loaded(CJS_BIN, ['plain.ts'], 'pipe')).toEqual([]);
    expect(loaded(CJS_BIN, ['plain.ts'], 'ignore')).toEqual([]);
    // The look-alikes: the ES module binary makes both streams (Node's stream modules, and net for a pipe); so does the
    // text report without NO_COLOR (picocolors).
    expect(loaded(ESM_BIN, ['plain.ts'], 'pipe')).toEqual(expect.arrayContaining(['NativeModule internal/streams/writable', 'NativeModule net']));
    expect(loaded(CJS_BIN, ['plain.ts'], 'pipe', { NO_COLOR: '' })).toContain('NativeModule internal/streams/writable');
    // A list piped to `--stdin-files` is read with readSync (cli/io.ts, readDescriptor): no socket, no stream either.
    const listed = spawnSync(process.execPath, ['-r', probe, CJS_BIN, '--today', '2026-11-28', '--no-progress', '--stdin-files'], { cwd: work, encoding: 'utf8', env, input: 'plain.ts\n', stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('1 file');
    expect(JSON.parse(listed.output[3] as string)).toEqual([]);
  });

  // Neither entry sets a V8 flag itself: a scan that wants V8's interrupt budget sets it as its file loop begins and once
  // the walker thread has posted its first message (cli/walk/prestart.ts). V8 rejects a code cache made under other
  // flags, Node's own for its internal modules too, which a thread started after the flag compiled from source.
  const flagsOf = (file: string): string[] => [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/setFlagsFromString\('([^']+)'\)/g)].map((m) => m[1]!);

  it('sets no V8 flag in either entry, and the interrupt budget only after the walker thread has started', () => {
    expect(flagsOf('cli/bin.cts')).toEqual([]);
    expect(flagsOf('cli/index.ts')).toEqual([]);
    // A module required first (`-r`) records, in order, the flags set and the first message of each thread started.
    const probe = path.join(work, 'order-probe.cjs');
    writeFileSync(
      probe,
      // (Node requires it in the walker thread too: it records nothing there.)
      "const v8 = require('node:v8'); const { Worker, isMainThread } = require('node:worker_threads'); const seen = [];\n" +
        'if (isMainThread) {\n' +
        "const set = v8.setFlagsFromString; v8.setFlagsFromString = (f) => { seen.push(f); return set.call(v8, f); };\n" +
        "const emit = Worker.prototype.emit; Worker.prototype.emit = function (name, ...rest) { if (name === 'message' && !this.probed) { this.probed = true; seen.push('thread message'); } return emit.call(this, name, ...rest); };\n" +
        "process.on('exit', () => require('node:fs').writeSync(3, JSON.stringify(seen)));\n}\n",
    );
    // More entries than WALK_THREAD_ENTRIES (cli/walk/prestart.ts): the walk runs in a thread of its own.
    const tree = path.join(work, 'many');
    for (let d = 0; d < 21; d++) {
      mkdirSync(path.join(tree, `d${d}`), { recursive: true });
      for (let f = 0; f < 100; f++) writeFileSync(path.join(tree, `d${d}`, `f${f}.ts`), FILES['src/plain.ts']!);
    }
    const budget = process.versions.v8.startsWith('11.3.') ? [INTERRUPT_BUDGET] : [];
    const threads = os.availableParallelism() >= 2;
    for (const bin of [CJS_BIN, ESM_BIN]) {
      const r = spawnSync(process.execPath, ['-r', probe, bin, '--today', '2026-11-28', '--no-progress', '.'], { cwd: tree, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('2100 files');
      const seen = JSON.parse(r.output[3] as string) as string[];
      expect(seen.filter((e) => e.startsWith('--'))).toEqual(budget);
      if (threads) expect(seen.slice(0, 2), bin).toEqual(['thread message', ...budget]);
    }
  });

  it('sets V8\'s interrupt budget for a folder or many files (also listed on stdin), not for a scan of a few files', () => {
    // A module required first (`-r`) records the flags the binary sets, and whether `node:v8` was loaded otherwise.
    const probe = path.join(work, 'flags-probe.cjs');
    writeFileSync(probe, "const v8 = require('node:v8'); const set = v8.setFlagsFromString; const seen = []; v8.setFlagsFromString = (f) => { seen.push(f); return set.call(v8, f); }; process.on('exit', () => process.stderr.write(JSON.stringify(seen)));\n");
    const dir = path.join(work, 'flags');
    mkdirSync(dir, { recursive: true });
    const names = Array.from({ length: 17 }, (_, i) => `f${i}.ts`);
    for (const name of names) writeFileSync(path.join(dir, name), FILES['src/plain.ts']!);
    const flags = (args: string[], input = ''): string[] => {
      const r = spawnSync(process.execPath, ['-r', probe, CJS_BIN, '--today', '2026-11-28', '--no-progress', ...args], { cwd: dir, encoding: 'utf8', input, env: { ...process.env, NO_COLOR: '1' } });
      expect(r.status, r.stderr).toBe(0);
      return (JSON.parse(r.stderr) as string[]).filter((f) => f.startsWith('--interrupt-budget'));
    };
    const budget = process.versions.v8.startsWith('11.3.') ? [INTERRUPT_BUDGET] : [];
    expect(flags(['f0.ts'])).toEqual([]);
    expect(flags(names.slice(0, 16))).toEqual([]);
    // A list on stdin is judged by the paths it names, once read (cli/fast.ts): a few files set nothing.
    expect(flags(['--stdin-files'], 'f0.ts\n')).toEqual([]);
    expect(flags(['--stdin-files'], `${names.slice(0, 16).join('\n')}\n`)).toEqual([]);
    // The look-alikes: a folder, one file more than FEW_FILES, named or listed on stdin (NUL-separated too).
    expect(flags(['.'])).toEqual(budget);
    expect(flags(names)).toEqual(budget);
    expect(flags(['--stdin-files'], `${names.join('\n')}\n`)).toEqual(budget);
    expect(flags(['--stdin-files'], names.join('\0'))).toEqual(budget);
  });

  it('ships a code cache that this Node accepts for the bundle', () => {
    const cache = path.join(CLI, `bin-fast-${process.versions.v8}.cache`);
    expect(existsSync(cache), cache).toBe(true);
    // Compiled as the binary compiles it, under V8's own flags (cli/bin.cts sets the budget after compiling it).
    const check = `const fs = require('fs'), vm = require('vm');
const file = ${JSON.stringify(path.join(CLI, 'bin-fast-main.cjs'))};
const script = new vm.Script('(function (exports, require, module, __filename, __dirname) {' + fs.readFileSync(file, 'utf8') + '\\n})', { filename: file, cachedData: fs.readFileSync(${JSON.stringify(cache)}) });
process.stdout.write(String(script.cachedDataRejected));`;
    const r = spawnSync(process.execPath, ['-e', check], { encoding: 'utf8' });
    expect(r.stdout).toBe('false');
  });
});
