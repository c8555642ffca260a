/**
 * Bad input and faults end to end (issue 7): the built binary on the hostile tree of
 * test/helpers/hostile-tree.ts, scanned and fixed, checked entry by entry (SHA-256, mode, link target);
 * bad configuration; permission errors (as an unprivileged user); SIGTERM during a fix run.
 * Build first: `npm run build`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, readFileSync, unlinkSync, watch, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineStartName } from '../engine/read/printable.js';
import { checkSyntax } from '../engine/fix/edits.js';
import { createHostileTree, snapshotTree, type EntrySnapshot, type HostileTree } from './helpers/hostile-tree.js';
import { assertBuilt, BIN, cli, cliInProcess, git, removeTree, tempTree, withoutNoUndoNote, writeTree } from './cli/run.js';

const TODAY = ['--today', '2026-11-22'];
const STACK = /\n\s+at /;

interface JsonFile {
  file: string;
  outcome: string;
  findings: number;
  unanalysed?: string;
  fixed?: number;
  reason?: string;
}

function expectOneLine(r: { code: number | null; stderr: string; stdout: string }, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr.trim()).toMatch(message);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(STACK);
}

let tree: HostileTree;

beforeAll(() => {
  assertBuilt();
  tree = createHostileTree();
});
afterAll(() => tree?.cleanup());

describe('the hostile tree', { timeout: 180_000 }, () => {
  // The tests of this block run in order: scans first, then the fix, then the second fix.
  let original: Map<string, EntrySnapshot>;
  let outsideOriginal: Map<string, EntrySnapshot>;

  beforeAll(() => {
    original = snapshotTree(tree.root);
    outsideOriginal = snapshotTree(tree.outside);
  });

  it('holds what it says (modes, FIFO, links) before any run', () => {
    for (const c of tree.cases) {
      const entry = original.get(c.path);
      expect(entry, c.path).toBeDefined();
      if (c.mode !== undefined) expect(entry!.mode, c.path).toBe(c.mode);
    }
    expect(original.get('weird/pipe.ts')?.type).toBe('fifo');
    expect(original.get('links/loop')).toEqual({ type: 'link', mode: expect.any(Number), target: '.' });
  });

  it('text scan: exit 1 by findings, no crash, every skipped file listed with its reason', () => {
    const r = cli([...TODAY], { cwd: tree.root });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    // Two lists end the report: skipped files, then files not analysed (issue 13), which include skips such as
    // an unreadable name and the files that do not parse.
    const blocks = r.stdout.split('\n\n').map((b) => b.trim().split('\n'));
    const skippedBlock = blocks.find((b) => b[0].startsWith('Skipped '))!;
    const unanalysedBlock = blocks.find((b) => b[0].startsWith('Not analysed ('))!;
    expect(blocks.at(-1)).toBe(unanalysedBlock);
    const skippedCases = tree.cases.filter((c) => c.expect === 'skipped' || c.expect === 'unanalysed');
    const lines = [...skippedBlock.slice(1), ...unanalysedBlock.slice(1)].map((l) => l.trim());
    expect(unanalysedBlock[0]).toMatch(new RegExp(`^Not analysed \\(${unanalysedBlock.length - 1} files;`));
    expect(lines).toHaveLength(skippedCases.length);
    for (const c of skippedCases) {
      const shown = lineStartName(c.path);
      const line = lines.find((l) => l.startsWith(`${shown}: `));
      expect(line, c.path).toBeDefined();
      expect(line!.slice(shown.length + 2).replace(/ \(text-level findings only\)$/, ''), c.path).toMatch(c.reason!);
    }
    // Findings are shown under the files' own paths, never through a link; names with control
    // characters are escaped, so no line of the output carries a raw control character.
    expect(r.stdout).not.toMatch(/^links\/(src-again|header-link)/m);
    const shownLines = new Set(r.stdout.split('\n'));
    for (const c of tree.cases.filter((x) => x.expect === 'fixed')) expect(shownLines.has(lineStartName(c.path)), c.path).toBe(true);
    expect(r.stdout).not.toMatch(/[\x00-\x09\x0b-\x1f]/);
    // Not plain, so quoted where it starts a line (issue 28).
    expect(shownLines.has("'src/new\\nline.ts'")).toBe(true);
  });

  it('JSON scan: every case has the outcome it should, nothing is reported twice or through a link', () => {
    const r = cli(['--format', 'json', ...TODAY], { cwd: tree.root });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as { files: JsonFile[]; unanalysed: { file: string; textLevel: boolean }[]; summary: { filesScanned: number; filesSkipped: number; unanalysed: number } };
    expect(report.summary.unanalysed).toBe(report.unanalysed.length);
    expect(report.unanalysed.length).toBeGreaterThanOrEqual(tree.cases.filter((c) => c.expect === 'unanalysed').length);
    const byFile = new Map(report.files.map((f) => [f.file, f]));
    expect(byFile.size).toBe(report.files.length);
    for (const c of tree.cases) {
      const f = byFile.get(c.path);
      if (c.expect === 'skipped') {
        expect(f?.outcome, c.path).toBe('skipped');
        expect(f?.reason, c.path).toMatch(c.reason!);
      } else if (c.expect === 'unanalysed') {
        expect(f?.outcome, c.path).toBe('scanned');
        expect(f?.unanalysed, c.path).toMatch(c.reason!);
        expect(report.unanalysed.find((u) => u.file === c.path), c.path).toMatchObject({ textLevel: true });
      } else if (c.expect === 'fixed') {
        expect(f?.outcome, c.path).toBe('scanned');
        expect(f!.findings, c.path).toBeGreaterThan(0);
      } else if (c.expect === 'unlisted') {
        expect(f, c.path).toBeUndefined();
      }
    }
    expect(report.files.filter((f) => f.file.startsWith('links/'))).toEqual(report.files.filter((f) => f.outcome === 'skipped' && f.file.startsWith('links/')));
    expect(report.summary.filesSkipped).toBe(tree.cases.filter((c) => c.expect === 'skipped').length);
    expect(byFile.get('broken/no-token.ts')?.outcome).not.toBe('skipped');
    // A worker thread, and the result cache (cold, then warm), see the same.
    expect(JSON.parse(cli(['--format', 'json', '--concurrency', '1', ...TODAY], { cwd: tree.root }).stdout).files).toEqual(report.files);
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'cm-hostile-cache-'));
    try {
      const cache = ['--format', 'json', '--cache-location', cacheDir, ...TODAY];
      expect(JSON.parse(cli(cache, { cwd: tree.root }).stdout).files).toEqual(report.files);
      expect(JSON.parse(cli(cache, { cwd: tree.root }).stdout).files).toEqual(report.files);
    } finally {
      removeTree(cacheDir);
    }
  });

  it('--check-syntax also lists the syntax errors of files the prefilter ruled out', () => {
    const r = cli(['--format', 'json', '--check-syntax', ...TODAY], { cwd: tree.root });
    expect(r.code).toBe(1);
    const files = (JSON.parse(r.stdout) as { files: JsonFile[] }).files;
    const notParsing = files.filter((f) => f.reason?.startsWith('does not parse')).map((f) => f.file).sort();
    expect(notParsing).toEqual(tree.cases.filter((c) => c.syntaxError).map((c) => c.path).sort());
    expect(files.find((f) => f.file === 'broken/no-token.ts')?.reason).toMatch(/^does not parse: .*\(1:\d+\)$/);
    // Files that parse are still scanned, with the same findings.
    expect(files.find((f) => f.file === 'src/clean.ts')?.outcome).toBe('scanned');
    expect(files.find((f) => f.file === 'src/header.ts')?.findings).toBe(3);
  });

  it('--help says files without notice tokens are not parsed, next to --max-file-size', () => {
    const help = cli(['--help'], { cwd: tree.root }).stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(/--max-file-size .*--check-syntax Also parse files without any notice token and list those that do not parse \(by default they are not parsed, as they cannot hold a finding\)/);
  });

  it('scanning wrote nothing', () => {
    expect(snapshotTree(tree.root)).toEqual(original);
  });

  it('--fix: only files with fixable findings change, to exactly the fixed text; modes, links, BOM and CRLF kept', () => {
    const r = cli(['--fix', '--allow-dirty', '--format', 'json', ...TODAY], { cwd: tree.root });
    // --fix ends by naming the files it could not look at (on stderr: stdout is the JSON report).
    expect(r.stderr).toMatch(/^collab-migrate --fix could not look at \d+ file\(s\):\n  broken\/syntax\.js: does not parse/);
    // Every finding in the tree has an autofix, save the text-level ones of the files that do not parse.
    expect(r.code).toBe(1);
    const files = (JSON.parse(r.stdout) as { files: JsonFile[] }).files;
    const outcome = new Map(files.map((f) => [f.file, f]));
    const after = snapshotTree(tree.root);
    // No entry appeared (temporary files) or disappeared, and no link became a file.
    expect([...after.keys()].sort()).toEqual([...original.keys()].sort());
    const changed: string[] = [];
    for (const [rel, before] of original) {
      const now = after.get(rel)!;
      expect({ rel, type: now.type, mode: now.mode, target: now.target }).toEqual({ rel, type: before.type, mode: before.mode, target: before.target });
      if (now.sha256 !== before.sha256) changed.push(rel);
    }
    const fixedCases = tree.cases.filter((c) => c.expect === 'fixed');
    expect(changed.sort()).toEqual(fixedCases.map((c) => c.path).sort());
    for (const c of fixedCases) {
      expect(outcome.get(c.path)?.outcome, c.path).toBe('fixed');
      const text = readFileSync(path.join(tree.root, c.path), 'utf8');
      if (c.fixedText !== undefined) expect(text, c.path).toBe(c.fixedText);
      if (/\.[cm]?[jt]sx?$/.test(c.path)) expect(checkSyntax(c.path, text), c.path).toBeUndefined();
    }
    for (const c of tree.cases.filter((x) => x.expect === 'skipped')) expect(outcome.get(c.path)?.outcome, c.path).toBe('skipped');
    // Line endings and BOM, byte for byte.
    expect(readFileSync(path.join(tree.root, 'src/crlf.js'), 'utf8')).not.toMatch(/[^\r]\n/);
    expect(readFileSync(path.join(tree.root, 'src/bom.ts'))[0]).toBe(0xef);
    // Nothing outside the root changed.
    expect(snapshotTree(tree.outside)).toEqual(outsideOriginal);
    // git sees exactly the fixed files as modified.
    const status = git(tree.root, 'status', '--porcelain', '-z').split('\0').filter(Boolean);
    expect(status.map((s) => s.slice(3)).sort()).toEqual(fixedCases.map((c) => c.path).sort());
  });

  it('a second --fix changes nothing', () => {
    const before = snapshotTree(tree.root);
    const r = cli(['--fix', '--allow-dirty', '--format', 'json', ...TODAY], { cwd: tree.root });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^collab-migrate --fix could not look at/);
    const files = (JSON.parse(r.stdout) as { files: JsonFile[] }).files;
    expect(files.filter((f) => f.outcome === 'fixed')).toEqual([]);
    expect(snapshotTree(tree.root)).toEqual(before);
    expect(snapshotTree(tree.outside)).toEqual(outsideOriginal);
  });

  it.each([
    [['--output', 'no/such/dir/report.json'], /^collab-migrate: Cannot write --output .*no\/such\/dir\/report\.json \(ENOENT\)\.$/],
    [['--output', 'src'], /^collab-migrate: Cannot write --output .*src \(is a folder\)\.$/],
    [['--output', 'weird/pipe.ts'], /^collab-migrate: Cannot write --output .*pipe\.ts \(not a regular file\)\.$/],
    [['--output', 'src/clean.ts'], /^collab-migrate: Cannot write --output .*clean\.ts \(it is a file the scan reads; not overwritten \(--force-output to replace it\)\)\.$/],
    [['--fix', '--allow-dirty', '-o', 'src/header.ts'], /^collab-migrate: Cannot write --output .*header\.ts \(it is a file the scan reads; not overwritten \(--force-output to replace it\)\)\.$/],
  ])('%j exits 2 with one line, writes nothing', (args, message) => {
    const before = snapshotTree(tree.root);
    const r = cli([...args, ...TODAY], { cwd: tree.root });
    expectOneLine(r, message);
    expect(r.stdout).toBe('');
    expect(snapshotTree(tree.root)).toEqual(before);
  });
});

describe('bad configuration (one line on stderr, exit 2, the stack only with --debug)', { timeout: 180_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = tempTree({
      'src/a.ts': "export const s = (h: Record<string, string>) => h['X-Spark-Signature'];\n",
      'syntax.json': '{\n  "notices": [\n    { "id": "x",, }\n  ]\n}\n',
      'folder.json/x': '',
      'schema.json': JSON.stringify({ notices: [{ id: 'my-own-notice', title: 't', summary: 's', area: 'x', status: 'soon', breaking: false, source: { section: '9' }, instead: 'i', fix: 'none', detections: [] }] }),
    });
  });
  afterAll(() => removeTree(dir));
  beforeAll(() => {
    const r = spawnSync('mkfifo', [path.join(dir, 'fifo.json')]);
    if (r.status !== 0) throw new Error(`mkfifo: ${r.stderr}`);
  });

  it('a FIFO as the configuration file is refused, not read (its read would block)', () => {
    const rc = path.join(dir, '.collab-migraterc.json');
    expect(spawnSync('mkfifo', [rc]).status).toBe(0);
    try {
      expectOneLine(cli([...TODAY], { cwd: dir }), /^collab-migrate: Cannot read \.collab-migraterc\.json \(.*\): not a regular file$/);
    } finally {
      unlinkSync(rc);
    }
  });

  it.each([
    [['--before', 'tomorrow'], /Invalid --before "tomorrow": expected a date as YYYY-MM-DD/],
    [['--before', '2026-13-01'], /Invalid --before "2026-13-01"/],
    [['--frobnicate'], /Unknown option: --frobnicate/],
    [['--only', 'no-such-id'], /--only: Unknown notice "no-such-id"/],
    [['--only', 'webhook-header-names-lowercas'], /Did you mean "webhook-header-names-lowercase"\?/],
    [['src/missing.ts'], /No such file or directory: src\/missing\.ts/],
    [['--notices', 'syntax.json'], /Invalid catalog: .*syntax\.json:3:\d+: JSON syntax error/],
    [['--notices', 'schema.json'], /my-own-notice.*\/notices\/0\/status|\/notices\/0\/status.*my-own-notice/],
    [['--notices', 'fifo.json'], /^collab-migrate: --notices: not a regular file: fifo\.json$/],
    [['--notices', 'folder.json'], /^collab-migrate: --notices: not a regular file: folder\.json$/],
    [['--max-file-size', '0'], /Invalid --max-file-size "0"/],
    [['--concurrency', 'lots'], /Invalid --concurrency "lots"/],
  ])('%j', async (args, message) => {
    // In process (the CLI's main on collected output, test/cli/run.ts) save the FIFO, whose read would block:
    // a message and an exit code need no process of their own; cli.test.ts runs `--debug` through the binary.
    const run = args.includes('fifo.json') ? async (a: string[], o: { cwd: string }) => cli(a, o) : cliInProcess;
    const r = await run([...args, ...TODAY], { cwd: dir });
    expectOneLine(r, message);
    expect(r.stdout).toBe('');
    const debug = await run([...args, ...TODAY, '--debug'], { cwd: dir });
    expect(debug.code).toBe(2);
    expect(debug.stderr).toMatch(STACK);
  });

  it.each([
    ['.collab-migraterc.json', JSON.stringify({ checkSyntax: 'yes' }), /\.collab-migraterc\.json.*invalid option "checkSyntax": "yes" is not allowed; expected true or false/],
    ['.collab-migraterc.json', JSON.stringify({ only: ['no-such-id'] }), /Unknown notice "no-such-id"/],
    ['package.json', JSON.stringify({ name: 'x', 'collab-migrate': { befor: '2026-01-01' } }), /package\.json "collab-migrate" key .*unknown option "befor"; did you mean "before"\?/],
    ['package.json', JSON.stringify({ name: 'x', 'collab-migrate': 'json' }), /package\.json "collab-migrate" key .*expected an object of options, got "json"/],
  ])('%s %s', async (name, content, message) => {
    writeFileSync(path.join(dir, name), content);
    try {
      expectOneLine(await cliInProcess([...TODAY], { cwd: dir }), message);
    } finally {
      unlinkSync(path.join(dir, name));
    }
  });
});

const isRoot = process.getuid?.() === 0;

function runAs(cwd: string, args: string[], user: { uid?: number; gid?: number }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, CI: 'true', NO_COLOR: '1', HOME: os.tmpdir() }, ...user });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Why the user `nobody` cannot read the built binary from here, or undefined when it can. */
function unreachableByNobody(): string | undefined {
  const probe = spawnSync(process.execPath, ['-e', `require('fs').accessSync(${JSON.stringify(BIN)}, require('fs').constants.R_OK)`], { uid: 65534, gid: 65534, encoding: 'utf8' });
  if (probe.status === 0) return undefined;
  return /EACCES|permission denied/i.test(probe.stderr) ? `permission denied on a folder above ${path.relative(process.cwd(), BIN)}` : (probe.stderr.trim().split('\n')[0] ?? `exit ${probe.status}`);
}

describe('permission denied', { timeout: 180_000 }, () => {
  // chmod 000 does not stop root, so as root the binary runs as the unprivileged user `nobody` (65534),
  // in a folder that user owns, on files that user owns.
  it('an unreadable file and folder are listed, a file in an unwritable folder is not fixed, the rest is', async (ctx) => {
    // A checkout under a folder `nobody` cannot enter (root's home is mode 700) cannot run as `nobody`.
    const blocked = isRoot ? unreachableByNobody() : undefined;
    if (blocked) {
      console.warn(`skipped: the user nobody cannot run the built binary from this checkout (${blocked}); clone under a folder others can enter, e.g. /tmp, to run it`);
      ctx.skip();
    }
    const header = "export const s = (h: Record<string, string>) => h['X-Spark-Signature'];\n";
    const d = tempTree({ 'ok.ts': header, 'locked.ts': header, 'locked-dir/x.ts': header, 'ro-dir/y.ts': header });
    const user = isRoot ? { uid: 65534, gid: 65534 } : {};
    try {
      // The user's own files (a file of another user is not replaced by one of theirs: see writer.test.ts).
      if (isRoot) for (const f of ['', 'ok.ts', 'locked.ts', 'locked-dir', 'ro-dir', 'ro-dir/y.ts']) chownSync(path.join(d, f), 65534, 65534);
      chmodSync(d, 0o755);
      chmodSync(path.join(d, 'locked.ts'), 0o000);
      chmodSync(path.join(d, 'locked-dir'), 0o000);
      chmodSync(path.join(d, 'ro-dir'), 0o555);
      const roBefore = snapshotTree(path.join(d, 'ro-dir'));

      const scan = await runAs(d, ['--format', 'json', ...TODAY], user);
      expect(scan.stderr).toBe('');
      expect(scan.code).toBe(1);
      const files = (JSON.parse(scan.stdout) as { files: JsonFile[] }).files;
      expect(files).toContainEqual({ file: 'locked.ts', outcome: 'skipped', findings: 0, reason: 'cannot read (permission denied)', unanalysed: 'cannot read (permission denied)' });
      expect(files).toContainEqual({ file: 'locked-dir/', outcome: 'skipped', findings: 0, reason: 'cannot read folder (EACCES)', unanalysed: 'cannot read folder (EACCES)' });
      expect(files.find((f) => f.file === 'ok.ts')?.findings).toBe(1);

      const fix = await runAs(d, ['--fix', '--allow-dirty', '--format', 'json', ...TODAY], user);
      expect(withoutNoUndoNote(fix.stderr)).toBe('collab-migrate --fix could not look at 2 file(s):\n  locked-dir/: cannot read folder (EACCES)\n  locked.ts: cannot read (permission denied)\n');
      const outcomes = (JSON.parse(fix.stdout) as { files: JsonFile[] }).files;
      expect(outcomes).toContainEqual(expect.objectContaining({ file: 'ro-dir/y.ts', outcome: 'skipped', reason: 'cannot write (EACCES)' }));
      expect(outcomes).toContainEqual(expect.objectContaining({ file: 'ok.ts', outcome: 'fixed', fixed: 1 }));
      expect(readFileSync(path.join(d, 'ok.ts'), 'utf8')).toBe(header.replace('X-Spark-Signature', 'x-spark-signature'));
      expect(snapshotTree(path.join(d, 'ro-dir'))).toEqual(roBefore);
      expect(readdirSync(d).filter((n) => n.endsWith('.tmp'))).toEqual([]);
      expect(fix.code).toBe(1); // ro-dir/y.ts keeps its finding
    } finally {
      chmodSync(path.join(d, 'locked-dir'), 0o755);
      chmodSync(path.join(d, 'ro-dir'), 0o755);
      removeTree(d);
    }
  });
});

describe('interruption', { timeout: 180_000 }, () => {
  it('SIGTERM while fixes are being written: exit 143, every file old or new, the rest listed as not written, no temporary file', async () => {
    const before = "export const s = (h: Record<string, string>) => h['X-Spark-Signature'];\n";
    const after = before.replace('X-Spark-Signature', 'x-spark-signature');
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`src/f${String(i).padStart(3, '0')}.ts`] = before;
    const d = tempTree(files);
    try {
      const child = spawn(process.execPath, [BIN, '--fix', '--concurrency', 'off', '--format', 'json', ...TODAY], { cwd: d, env: { ...process.env, CI: 'true' } });
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      // The first rename into src/ means the writing has begun: stop it there.
      const watcher = watch(path.join(d, 'src'), () => {
        watcher.close();
        child.kill('SIGTERM');
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', (c, signal) => resolve(c ?? (signal ? -1 : null))));
      watcher.close();
      const names = readdirSync(path.join(d, 'src'));
      expect(names.filter((n) => !/^f\d{3}\.ts$/.test(n))).toEqual([]);
      expect(names).toHaveLength(300);
      const texts = names.map((n) => readFileSync(path.join(d, 'src', n), 'utf8'));
      for (const text of texts) expect([before, after]).toContain(text);
      const fixed = texts.filter((t) => t === after).length;
      // The signal may arrive after the last write (exit 0: all fixed), never in the middle of one.
      expect([143, 0]).toContain(code);
      if (code === 0) expect(fixed).toBe(300);
      else {
        expect(fixed).toBeGreaterThan(0);
        const report = JSON.parse(stdout) as { files: JsonFile[] };
        const notWritten = report.files.filter((f) => f.reason === 'interrupted before this file was written');
        expect(notWritten).toHaveLength(300 - fixed);
        expect(report.files.filter((f) => f.outcome === 'fixed')).toHaveLength(fixed);
      }
    } finally {
      removeTree(d);
    }
  });
});

describe('uncommitted-changes check when git cannot answer', { timeout: 180_000 }, () => {
  const header = "export const s = (h: Record<string, string>) => h['X-Spark-Signature'];\n";

  it('a work tree git cannot read (corrupt index) is not taken as clean: --fix exits 2, writes nothing; --allow-dirty goes ahead', () => {
    const d = tempTree({ 'src/a.ts': header });
    try {
      git(d, 'init', '-q');
      git(d, 'add', '-A');
      git(d, 'commit', '-qm', 'init');
      writeFileSync(path.join(d, '.git', 'index'), 'garbage\n');
      const r = cli(['--fix', ...TODAY], { cwd: d, env: { LANG: 'de_DE.UTF-8', LANGUAGE: 'de' } });
      expectOneLine(r, /^collab-migrate: Cannot check the files for uncommitted changes: git failed \(.*index.*\)\. Use --allow-dirty to fix anyway\.$/);
      expect(readFileSync(path.join(d, 'src/a.ts'), 'utf8')).toBe(header);
      expect(cli(['--fix', '--allow-dirty', ...TODAY], { cwd: d }).code).toBe(0);
      expect(readFileSync(path.join(d, 'src/a.ts'), 'utf8')).not.toBe(header);
    } finally {
      removeTree(d);
    }
  });

  it.runIf(isRoot)('a repository owned by another user (git: dubious ownership) is not taken as clean', () => {
    const d = tempTree({ 'src/a.ts': header });
    try {
      git(d, 'init', '-q');
      chownSync(d, 65534, 65534);
      chownSync(path.join(d, '.git'), 65534, 65534);
      const r = cli(['--fix', ...TODAY], { cwd: d });
      expectOneLine(r, /dubious ownership.*Use --allow-dirty/);
      expect(readFileSync(path.join(d, 'src/a.ts'), 'utf8')).toBe(header);
    } finally {
      removeTree(d);
    }
  });

  it('outside any git work tree, even in another locale, there is nothing to protect', () => {
    const d = tempTree({ 'src/a.ts': header });
    try {
      const r = cli(['--fix', ...TODAY], { cwd: d, env: { LANG: 'de_DE.UTF-8', LANGUAGE: 'de', GIT_CEILING_DIRECTORIES: path.dirname(d) } });
      expect(withoutNoUndoNote(r.stderr)).toBe('');
      expect(r.code).toBe(0);
    } finally {
      removeTree(d);
    }
  });
});

describe('deep trees', { timeout: 180_000 }, () => {
  it('a folder nested 2,000 deep is walked without recursion (the binary on a 200 KB call stack)', () => {
    const d = tempTree({ 'top.ts': 'export {};\n' });
    const deep = Array.from({ length: 2000 }, () => 'd').join('/');
    try {
      writeTree(d, { [`${deep}/x.ts`]: "export const s = (h: Record<string, string>) => h['X-Spark-Signature'];\n" });
      const r = spawnSync(process.execPath, ['--stack-size=200', BIN, '--format', 'json', ...TODAY], { cwd: d, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(1);
      const report = JSON.parse(r.stdout) as { files: JsonFile[] };
      expect(report.files.map((f) => [f.file, f.findings])).toEqual([[`${deep}/x.ts`, 1], ['top.ts', 0]]);
    } finally {
      // Node's own recursive rmSync overflows the call stack on this tree.
      spawnSync('rm', ['-rf', d]);
    }
  });
});
