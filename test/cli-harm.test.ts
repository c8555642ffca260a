/**
 * "Do no harm" at the command line: paths after `--`, runs that select nothing, the uncommitted-changes
 * guard from outside the repository, UTF-16 sources, SIGHUP and temporary files of a killed run. The signal
 * and the temporary files of a killed run go through the built binary; the rest run the CLI in this process
 * (`cliInProcess`: the same arguments, working folder and environment; what they check is what the CLI decides
 * and prints, which a spawn proves nothing more about).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeText } from '../engine/fix/writer.js';
import { assertBuilt, BIN, cli, cliInProcess, git, removeTree, tempTree, withoutNoUndoNote } from './cli/run.js';

const TODAY = ['--today', '2026-11-01'];
const HEADER = "export const s = (h: Record<string, string>) => h['X-Spark-Signature'];\n";
const FIXED = HEADER.replace('X-Spark-Signature', 'x-spark-signature');

beforeAll(assertBuilt);

describe('paths after --', () => {
  it('are the only paths scanned and fixed', async () => {
    const d = tempTree({ 'only.ts': HEADER, 'other.ts': HEADER, '--weird.ts': HEADER });
    try {
      const r = await cliInProcess(['--fix', '--allow-dirty', '--format', 'json', ...TODAY, '--', 'only.ts', '--weird.ts'], { cwd: d });
      expect(withoutNoUndoNote(r.stderr)).toBe('');
      const files = (JSON.parse(r.stdout) as { files: { file: string; outcome: string }[] }).files;
      expect(files.map((f) => f.file).sort()).toEqual(['--weird.ts', 'only.ts']);
      expect(readFileSync(path.join(d, 'only.ts'), 'utf8')).toBe(FIXED);
      expect(readFileSync(path.join(d, '--weird.ts'), 'utf8')).toBe(FIXED);
      expect(readFileSync(path.join(d, 'other.ts'), 'utf8')).toBe(HEADER);
    } finally {
      removeTree(d);
    }
  });

  it('a missing one is a usage error, not a scan of everything', async () => {
    const d = tempTree({ 'other.ts': HEADER });
    try {
      const r = await cliInProcess([...TODAY, '--', 'missing.ts'], { cwd: d });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/missing\.ts/);
      expect(r.stdout).toBe('');
    } finally {
      removeTree(d);
    }
  });
});

describe('a run that selects nothing', () => {
  it('exits 2 naming the globs when they match no file (a typo in --include)', async () => {
    const d = tempTree({ 'src/a.ts': HEADER });
    try {
      const r = await cliInProcess([...TODAY, '--include', 'src/**/*.tsx'], { cwd: d });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('No file to scan');
      expect(r.stderr).toContain('--include src/**/*.tsx');
      const ok = await cliInProcess([...TODAY, '--include', 'src/**/*.tsx', '--no-error-on-unmatched-pattern'], { cwd: d });
      expect(ok.code).toBe(0);
    } finally {
      removeTree(d);
    }
  });

  it('exits 2 with the reason when the only file named is left out', async () => {
    const d = tempTree({ 'a.ts': HEADER });
    try {
      const r = await cliInProcess([...TODAY, '--max-file-size', '10', 'a.ts'], { cwd: d });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/a\.ts \(over the size limit/);
    } finally {
      removeTree(d);
    }
  });
});

describe('the uncommitted-changes guard', () => {
  it('protects a repository when the run starts outside it', async () => {
    const d = tempTree({ 'repo/a.ts': HEADER });
    try {
      const repo = path.join(d, 'repo');
      git(repo, 'init', '-q');
      git(repo, 'add', '-A');
      git(repo, 'commit', '-qm', 'init');
      writeFileSync(path.join(repo, 'a.ts'), HEADER + '// edited\n');
      const r = await cliInProcess(['--fix', ...TODAY, repo], { cwd: '/' });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('uncommitted changes');
      expect(readFileSync(path.join(repo, 'a.ts'), 'utf8')).toBe(HEADER + '// edited\n');
    } finally {
      removeTree(d);
    }
  });

  it('sees a top-level file whose name is pathspec magic or a glob (`:x.ts`, `*.ts`) as the file it is', async () => {
    for (const name of [':x.ts', '*.ts', ':(glob)y.ts']) {
      const d = tempTree({ [name]: HEADER, 'clean.ts': 'export const c = 1;\n' });
      try {
        git(d, 'init', '-q');
        git(d, 'add', '-A');
        git(d, 'commit', '-qm', 'init');
        writeFileSync(path.join(d, name), HEADER + '// edited\n');
        const r = await cliInProcess(['--fix', ...TODAY, '.'], { cwd: d });
        expect(r.code, name).toBe(2);
        expect(r.stderr, name).toContain('uncommitted changes');
        expect(readFileSync(path.join(d, name), 'utf8'), name).toBe(HEADER + '// edited\n');
      } finally {
        removeTree(d);
      }
    }
  });
});

describe('UTF-16 sources', () => {
  it('are scanned and fixed, and stay UTF-16 with their byte order mark', async () => {
    const d = tempTree({ 'le.ts': encodeText('\uFEFF' + HEADER, 'utf16le'), 'be.ts': encodeText('\uFEFF' + HEADER, 'utf16be') });
    try {
      const scan = await cliInProcess(['--format', 'json', ...TODAY], { cwd: d });
      const files = (JSON.parse(scan.stdout) as { files: { file: string; findings: number }[] }).files;
      expect(files).toEqual(expect.arrayContaining([expect.objectContaining({ file: 'le.ts', findings: 1 }), expect.objectContaining({ file: 'be.ts', findings: 1 })]));
      const fix = await cliInProcess(['--fix', '--allow-dirty', ...TODAY], { cwd: d });
      expect(fix.code).toBe(0);
      expect(readFileSync(path.join(d, 'le.ts')).equals(encodeText('\uFEFF' + FIXED, 'utf16le'))).toBe(true);
      expect(readFileSync(path.join(d, 'be.ts')).equals(encodeText('\uFEFF' + FIXED, 'utf16be'))).toBe(true);
    } finally {
      removeTree(d);
    }
  });
});

describe('interruption', { timeout: 120_000 }, () => {
  it('SIGHUP (a closed terminal) stops --fix between two files: exit 129, no temporary file left', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`src/f${String(i).padStart(3, '0')}.ts`] = HEADER;
    const d = tempTree(files);
    try {
      const child = spawn(process.execPath, [BIN, '--fix', '--allow-dirty', '--concurrency', 'off', '--format', 'json', ...TODAY], { cwd: d, env: { ...process.env, CI: 'true' }, stdio: 'ignore' });
      const watcher = watch(path.join(d, 'src'), () => {
        watcher.close();
        child.kill('SIGHUP');
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      watcher.close();
      const names = readdirSync(path.join(d, 'src'));
      expect(names.filter((n) => !/^f\d{3}\.ts$/.test(n))).toEqual([]);
      for (const n of names) expect([HEADER, FIXED]).toContain(readFileSync(path.join(d, 'src', n), 'utf8'));
      expect([129, 0]).toContain(code);
    } finally {
      removeTree(d);
    }
  });

  // The progress bar shows only on a terminal: `script` gives the run one (util-linux; skipped without it).
  const hasScript = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!hasScript)('Ctrl-C while the progress bar shows: the cursor and line wrapping come back, exit 130 (needs `script`)', async () => {
    const files: Record<string, string> = {};
    const call = "fetch('https://webexapis.com/v1/people/me');\n";
    for (let i = 0; i < 3000; i++) files[`src/f${String(i).padStart(4, '0')}.ts`] = HEADER + call;
    const d = tempTree(files);
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm', NO_COLOR: '1' };
      delete env.FORCE_COLOR;
      delete env.CI;
      const command = [process.execPath, BIN, ...TODAY].map((a) => `'${a}'`).join(' ');
      const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: d, env });
      let out = '';
      let sent = false;
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('latin1');
        // Ctrl-C typed the moment the bar hides the cursor.
        if (!sent && out.includes('\x1b[?25l')) {
          sent = true;
          child.stdin.write('\x03');
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      expect(sent).toBe(true);
      expect(code).toBe(130);
      const hidden = out.indexOf('\x1b[?25l');
      expect(out.indexOf('\x1b[?25h', hidden)).toBeGreaterThan(hidden);
      expect(out.indexOf('\x1b[?7h', hidden)).toBeGreaterThan(hidden);
      // Stopped: no report was printed.
      expect(out).not.toContain('findings (');
    } finally {
      removeTree(d);
    }
  });

  it('temporary files a killed run left behind are removed by the next --fix, and said so', () => {
    const d = tempTree({ 'a.ts': HEADER, '.a.ts.collab-migrate-999999999-0badc0de.tmp': 'half written' });
    try {
      const r = cli(['--fix', '--allow-dirty', ...TODAY], { cwd: d });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('Removed 1 temporary file left by an interrupted run');
      expect(readdirSync(d)).toEqual(['a.ts']);
    } finally {
      removeTree(d);
    }
  });
});

describe('a user catalog with a custom handler this version does not have', () => {
  it('is refused up front by every command (exit 2, naming the notice, the handler and a near name), not at scan time', async () => {
    const extra = { notices: [{ id: 'my-notice', title: 't', summary: 's', area: 'x', status: 'contract', breaking: false, source: { section: '9' }, instead: 'i', fix: 'none', detections: [{ kind: 'custom', handler: 'scim-account-status-arrays' }] }] };
    const d = tempTree({ 'extra.json': JSON.stringify(extra), 'a.ts': HEADER });
    try {
      for (const args of [['notices'], ['explain', 'my-notice'], []]) {
        const r = await cliInProcess([...args, '--notices', 'extra.json', ...TODAY], { cwd: d });
        expect(r.code).toBe(2);
        expect(r.stderr).toContain('notice "my-notice" at detections/0/handler: unknown handler "scim-account-status-arrays" (did you mean "scim-account-status-array"?)');
        expect(r.stderr).not.toContain('internal error');
      }
    } finally {
      removeTree(d);
    }
  });
});

describe('report outputs never replace what the scan reads', () => {
  it('refuses a source file reached through a link, package.json and a scanned YAML file; --force-output overrides', async () => {
    const d = tempTree({ 'a.ts': HEADER, 'package.json': '{ "name": "app" }\n', 'conf.yaml': 'host: x\n' });
    try {
      symlinkSync(path.join(d, 'a.ts'), path.join(d, 'report.txt'));
      for (const out of ['report.txt', 'package.json', 'conf.yaml']) {
        const r = await cliInProcess([...TODAY, '-o', out], { cwd: d });
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(/it is a file the scan reads.*--force-output/);
      }
      expect(readFileSync(path.join(d, 'a.ts'), 'utf8')).toBe(HEADER);
      expect(readFileSync(path.join(d, 'package.json'), 'utf8')).toBe('{ "name": "app" }\n');
      const forced = await cliInProcess([...TODAY, '--format', 'json', '-o', 'conf.yaml', '--force-output'], { cwd: d });
      expect(forced.code).toBe(1);
      expect(readFileSync(path.join(d, 'conf.yaml'), 'utf8')).toContain('"collab-migrate"');
    } finally {
      removeTree(d);
    }
  });

  it('replaces its own earlier JSON report, and writes to /dev/null', async () => {
    const d = tempTree({ 'a.ts': HEADER });
    try {
      expect((await cliInProcess([...TODAY, '--format', 'json', '-o', 'report.json'], { cwd: d })).code).toBe(1);
      const again = await cliInProcess([...TODAY, '--format', 'json', '-o', 'report.json'], { cwd: d });
      expect(again.code).toBe(1);
      expect(again.stderr).not.toContain('Cannot write');
      const devNull = await cliInProcess([...TODAY, '-o', '/dev/null'], { cwd: d });
      expect(devNull.code).toBe(1);
      expect(devNull.stderr).not.toContain('Cannot write');
    } finally {
      removeTree(d);
    }
  });
});

describe('a user catalog cannot make --fix inject keys into configuration files', () => {
  it('writes an escaped value into JSON, and leaves a YAML plain value that would add a key alone (reported)', async () => {
    const extra = { notices: [{ id: 'plan-renamed', title: 't', summary: 's', area: 'x', status: 'contract', breaking: false, source: { section: '9' }, instead: 'i', fix: 'autofix', detections: [{ kind: 'value-map', map: { OLD_PLAN: 'new "plan"\ninjected: true' }, config: true }] }] };
    const d = tempTree({ 'extra.json': JSON.stringify(extra), 'conf.yaml': 'plan: OLD_PLAN\n', 'conf.json': '{ "plan": "OLD_PLAN" }\n' });
    try {
      const r = await cliInProcess(['--fix', '--allow-dirty', '--only', 'plan-renamed', '--notices', 'extra.json', '--format', 'json', ...TODAY, 'conf.yaml', 'conf.json'], { cwd: d });
      expect(withoutNoUndoNote(r.stderr)).toBe('');
      expect(readFileSync(path.join(d, 'conf.yaml'), 'utf8')).toBe('plan: OLD_PLAN\n');
      const json = readFileSync(path.join(d, 'conf.json'), 'utf8');
      expect(JSON.parse(json)).toEqual({ plan: 'new "plan"\ninjected: true' });
      const files = (JSON.parse(r.stdout) as { files: { file: string; findings: number }[] }).files;
      expect(files.find((f) => f.file === 'conf.yaml')?.findings).toBe(1);
    } finally {
      removeTree(d);
    }
  });
});

describe('a value from a configuration file is named by the file in errors, not by a flag', () => {
  it.each([
    [{ maxFileSize: 'abc' }, /^collab-migrate: Invalid "maxFileSize" in \.collab-migraterc\.json "abc": expected a size/],
    [{ baseline: 'nope.json' }, /^collab-migrate: "baseline" in \.collab-migraterc\.json .*nope\.json: file not found/],
    [{ notices: ['nope.json'] }, /^collab-migrate: "notices" in \.collab-migraterc\.json: file not found: nope\.json/],
    [{ only: ['nope-notice'] }, /^collab-migrate: "only" in \.collab-migraterc\.json: Unknown notice "nope-notice"/],
    [{ skip: ['nope-notice'] }, /^collab-migrate: "skip" in \.collab-migraterc\.json: Unknown notice "nope-notice"/],
    [{ include: ['src/**/*.tsx'] }, /^collab-migrate: No file to scan in \. with "include" in \.collab-migraterc\.json src\/\*\*\/\*\.tsx:/],
    [{ output: 'a.ts' }, /^collab-migrate: Cannot write "output" in \.collab-migraterc\.json .*a\.ts \(it is a file the scan reads/],
    [{ outputs: { json: 'a.ts' } }, /^collab-migrate: Cannot write "outputs\.json" in \.collab-migraterc\.json .*a\.ts \(it is a file the scan reads/],
  ])('%j', async (config, message) => {
    const d = tempTree({ '.collab-migraterc.json': JSON.stringify(config), 'a.ts': 'export const a = 1;\n' });
    try {
      // --trust-config: a configuration may name report files and catalogs only when the command line says so (issue 28).
      const r = await cliInProcess([...TODAY, '--trust-config', '.'], { cwd: d });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/--(max-file-size|baseline|notices|only|skip|include|output|json-output)[\s:]/);
    } finally {
      removeTree(d);
    }
  });

  it('the "collab-migrate" key of a package.json in a parent folder, and a flag over the file is named by the flag', async () => {
    const d = tempTree({ 'package.json': JSON.stringify({ name: 'x', 'collab-migrate': { only: ['nope-notice'] } }), 'sub/a.ts': 'export const a = 1;\n' });
    try {
      const r = await cliInProcess([...TODAY, '.'], { cwd: path.join(d, 'sub') });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^collab-migrate: "collab-migrate\.only" in \.\.\/package\.json: Unknown notice "nope-notice"/);
      const flag = await cliInProcess([...TODAY, '--only', 'nope-too', '.'], { cwd: path.join(d, 'sub') });
      expect(flag.stderr).toMatch(/^collab-migrate: --only: Unknown notice "nope-too"/);
    } finally {
      removeTree(d);
    }
  });
});

describe('what a repository puts in front of a terminal', () => {
  it('many files skipped for one reason are one line with the count (every file stays in the JSON report)', async () => {
    const files: Record<string, string> = { 'a.ts': HEADER, 'one.bin.json': Buffer.from([0, 1, 2]).toString('latin1') };
    for (let i = 0; i < 40; i++) files[`empty/e${String(i).padStart(2, '0')}.ts`] = '';
    const d = tempTree(files);
    try {
      const text = await cliInProcess([...TODAY, '.'], { cwd: d });
      expect(text.stdout).toContain('Skipped 41 files:\n  40 files: empty file (empty/e00.ts, empty/e01.ts, empty/e02.ts and 37 more; each is listed in --format json)\n');
      expect(text.stdout).toContain('  one.bin.json: binary file\n');
      expect(text.stdout.split('\n').filter((l) => l.includes('empty file'))).toHaveLength(1);
      const github = await cliInProcess([...TODAY, '--format', 'github', '.'], { cwd: d });
      expect(github.stdout.split('\n').filter((l) => l.includes('empty file'))).toEqual(['::notice title=collab-migrate skipped 40 files::empty file (empty/e00.ts and 39 more; each is listed in --format json)']);
      const json = JSON.parse((await cliInProcess([...TODAY, '--format', 'json', '.'], { cwd: d })).stdout) as { files: Array<{ file: string; reason?: string }> };
      expect(json.files.filter((f) => f.reason === 'empty file')).toHaveLength(40);
    } finally {
      removeTree(d);
    }
  });

  it('control characters a parser quotes from a source are escaped in every human format', async () => {
    // An OSC sequence that would retitle the terminal, and an ESC, inside a file that does not parse.
    const d = tempTree({ 'bad.ts': `export const s = (h: Record<string, string>) => h['X-Spark-Signature'] \x1b]0;pwned\x07 (;\n` });
    try {
      for (const format of ['text', 'github', 'markdown', 'html', 'json', 'sarif']) {
        const r = await cliInProcess([...TODAY, '--format', format, '.'], { cwd: d });
        expect(r.stdout, format).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
        expect(r.stdout, format).toMatch(/\\\\?x1b/);
      }
      const fix = await cliInProcess([...TODAY, '--fix', '--dry-run', '--allow-dirty', '--check-syntax', '.'], { cwd: d });
      expect(fix.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    } finally {
      removeTree(d);
    }
  });
});
