/** The walk and the reads on hostile entries, in-process (the end-to-end run is in hostile.test.ts). */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findFiles, readRegularFile } from '../cli/walk/files.js';
import { printableName } from '../cli/report/formats/text.js';
import { readText } from '../cli/scan/scan-core.js';
import { writeIfUnchanged } from '../engine/fix/writer.js';
import { assertBuilt, cliInProcess } from './cli/run.js';

let root: string;

function write(rel: string, text = 'export {};\n'): string {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

function mkfifo(rel: string): string {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  const r = spawnSync('mkfifo', [file]);
  if (r.status !== 0) throw new Error(`mkfifo: ${r.stderr}`);
  return file;
}

function walk() {
  const result = findFiles({ cwd: root, paths: [], include: [], exclude: [], maxFileSize: 2 * 1024 * 1024 });
  // Links are visited after the rest of the walk; compare the skipped list in path order.
  result.skipped.sort((a, b) => (a.display < b.display ? -1 : 1));
  return result;
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'cm-hostile-walk-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('walk of a hostile tree', () => {
  it('a file reached directly and through an earlier link (folder or file) is listed once, under its own path', () => {
    write('src/a.ts');
    write('src/deep/b.ts');
    // `links` sorts before `src`, so the walk meets the links first.
    symlinkSync('../src', path.join(root, 'links-dir'));
    mkdirSync(path.join(root, 'a-links'));
    symlinkSync('../src/a.ts', path.join(root, 'a-links', 'a-again.ts'));
    const { files, skipped } = walk();
    expect(files.map((f) => f.display).sort()).toEqual(['src/a.ts', 'src/deep/b.ts']);
    expect(skipped).toEqual([]);
  });

  it('a link inside the root to a file that is not otherwise reached is still scanned, under the link', () => {
    write('vendor-src/c.ts');
    writeFileSync(path.join(root, '.gitignore'), 'vendor-src/\n');
    symlinkSync('vendor-src/c.ts', path.join(root, 'c.ts'));
    expect(walk().files.map((f) => f.display)).toEqual(['c.ts']);
  });

  it('two links pointing at each other are a link loop; a dangling link is broken', () => {
    symlinkSync('pong.ts', path.join(root, 'ping.ts'));
    symlinkSync('ping.ts', path.join(root, 'pong.ts'));
    symlinkSync('missing.ts', path.join(root, 'dangling.ts'));
    symlinkSync('.', path.join(root, 'self'));
    write('ok.ts');
    const { files, skipped } = walk();
    expect(files.map((f) => f.display)).toEqual(['ok.ts']);
    expect(skipped).toEqual([
      { display: 'dangling.ts', reason: 'broken symbolic link' },
      { display: 'ping.ts', reason: 'symbolic link loop' },
      { display: 'pong.ts', reason: 'symbolic link loop' },
    ]);
  });

  it('a FIFO with a source extension is listed as not a regular file and never opened (a link to it too)', { timeout: 10_000 }, () => {
    mkfifo('pipe.ts');
    mkfifo('pipe.md'); // not a source name: not mentioned
    symlinkSync('pipe.ts', path.join(root, 'pipe-link.js'));
    write('ok.ts');
    const { files, skipped } = walk();
    expect(files.map((f) => f.display)).toEqual(['ok.ts']);
    expect(skipped).toEqual([
      { display: 'pipe-link.js', reason: 'not a regular file (a named pipe)' },
      { display: 'pipe.ts', reason: 'not a regular file (a named pipe)' },
    ]);
  });

  it('a file or folder whose name is not UTF-8 is listed (it cannot be opened by its decoded name)', () => {
    writeFileSync(Buffer.concat([Buffer.from(`${root}/caf`), Buffer.from([0xe9]), Buffer.from('.ts')]), 'export {};\n');
    mkdirSync(Buffer.concat([Buffer.from(`${root}/dir`), Buffer.from([0xff])]));
    writeFileSync(Buffer.concat([Buffer.from(`${root}/caf`), Buffer.from([0xe9]), Buffer.from('.md')]), '# not a source name\n');
    write('ok.ts');
    const { files, skipped } = walk();
    expect(files.map((f) => f.display)).toEqual(['ok.ts']);
    expect(skipped).toEqual([
      { display: 'caf\ufffd.ts', reason: 'name is not valid UTF-8 (cannot be opened by it)' },
      { display: 'dir\ufffd/', reason: 'name is not valid UTF-8 (cannot be opened by it)' },
    ]);
  });

  it('a real U+FFFD in a name is an ordinary name', () => {
    write('odd\ufffd.ts');
    expect(walk().files.map((f) => f.display)).toEqual(['odd\ufffd.ts']);
  });

  it('a path given on the command line that is a FIFO is refused, not opened', { timeout: 10_000 }, () => {
    mkfifo('pipe.ts');
    expect(() => findFiles({ cwd: root, paths: ['pipe.ts'], include: [], exclude: [], maxFileSize: 1024 })).toThrow(/Not a file or directory: pipe.ts/);
  });
});

// A line V8 cannot compile as a regular expression (40,000 `{`; the `ignore` library compiles a rule on its first test)
// ended the walk in an internal error, exit 2: any pull request could stop the scan with one line of .gitignore.
describe('ignore-file lines too large to compile', () => {
  const huge = '{'.repeat(50_000);

  it('a .gitignore or .collab-migrateignore line that cannot be compiled is listed and left out; the other lines apply', () => {
    write('src/a.ts');
    write('src/gen.ts');
    write('lib/b.ts');
    write('.gitignore', `src/gen.ts\n${huge}\n!${huge}\n`);
    write('lib/.collab-migrateignore', `${'?'.repeat(50_000)}\nb.ts\n`);
    const result = walk();
    expect(result.files.map((f) => f.display).sort()).toEqual(['src/a.ts']);
    expect(result.skipped).toEqual([
      { display: '.gitignore', reason: 'line 2 not applied: a pattern of 50000 characters, too large to compile' },
      { display: '.gitignore', reason: 'line 3 not applied: a pattern of 50001 characters, too large to compile' },
      { display: 'lib/.collab-migrateignore', reason: 'line 1 not applied: a pattern of 50000 characters, too large to compile' },
    ]);
  });

  it('long lines that compile are kept (a long wildcard run, a long literal name)', () => {
    write('src/a.ts');
    write('.gitignore', `${'*'.repeat(5_000)}.ts\n`);
    expect(walk().files).toEqual([]);
    write('.gitignore', `${'x'.repeat(2_000)}\n`);
    expect(walk().files.map((f) => f.display)).toEqual(['src/a.ts']);
  });

  it('an --include or --exclude pattern that cannot be compiled is a usage error naming the option', () => {
    write('src/a.ts');
    const withGlobs = (include: string[], exclude: string[]) => () => findFiles({ cwd: root, paths: [], include, exclude, maxFileSize: 1 << 20 });
    expect(withGlobs([huge], [])).toThrow(/^Invalid --include pattern "\{{40}…" \(50000 characters\): too large to compile\.$/);
    expect(withGlobs([], [huge])).toThrow('Invalid --exclude pattern');
  });

  it('the scan goes on and reports: the line in the skipped list, findings as before', async () => {
    assertBuilt();
    write('src/sig.ts', "export function s(req: { headers: Record<string, string> }) {\n  return req.headers['X-Spark-Signature'];\n}\n");
    write('.gitignore', `${huge}\n`);
    const run = await cliInProcess(['--today', '2026-06-01', '--format', 'json'], { cwd: root });
    expect(run.stderr).not.toContain('internal error');
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { findings: Array<{ file: string }>; files: Array<{ file: string; outcome: string; reason?: string }> };
    expect(report.findings.map((f) => f.file)).toEqual(['src/sig.ts']);
    expect(report.files).toContainEqual(expect.objectContaining({ file: '.gitignore', outcome: 'skipped', reason: 'line 1 not applied: a pattern of 50000 characters, too large to compile' }));
  });
});

describe('reads of files that changed after the walk', () => {
  it('a file replaced by a FIFO between walk and read is skipped without blocking', { timeout: 10_000 }, () => {
    const file = write('a.ts', "h['X-Spark-Signature'];\n");
    const [found] = walk().files;
    unlinkSync(file);
    mkfifo('a.ts');
    expect(readText(found)).toEqual({ reason: 'not a regular file (changed during the scan)' });
  });

  it('a file replaced by a folder between walk and read is skipped', () => {
    const file = write('a.ts', "h['X-Spark-Signature'];\n");
    const [found] = walk().files;
    unlinkSync(file);
    mkdirSync(file);
    expect(readText(found)).toEqual({ reason: 'not a regular file (changed during the scan)' });
  });

  it('fix mode does not write a file replaced by a FIFO after it was read', { timeout: 10_000 }, () => {
    const file = write('a.ts', 'old\n');
    unlinkSync(file);
    mkfifo('a.ts');
    const outcome = writeIfUnchanged(file, 'old\n', 'new\n');
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.reason).toMatch(/no longer a regular file/);
  });

  it('readRegularFile reads a regular file', () => {
    expect(readRegularFile(write('a.ts', 'x\n')).toString()).toBe('x\n');
  });
});

describe('file names in the text output', () => {
  it('control characters are escaped, everything else is kept', () => {
    expect(printableName('src/new\nline.ts')).toBe('src/new\\nline.ts');
    expect(printableName('src/\x1b[31mred.ts')).toBe('src/\\x1b[31mred.ts');
    expect(printableName('a\tb\rc\x7f.ts')).toBe('a\\tb\\rc\\x7f.ts');
    expect(printableName('src/naïve file 日本.ts')).toBe('src/naïve file 日本.ts');
  });
});

describe('the project model\'s own folder walks on a hostile tree', () => {
  const call = "fetch('https://api.ciscospark.com/v1/rooms');\n";
  const scan = async () => {
    assertBuilt();
    const r = await cliInProcess(['.', '--format', 'json'], { cwd: root });
    const report = JSON.parse(r.stdout) as { findings: { file: string; noticeId: string }[]; unanalysed: { file: string; reason: string }[] };
    return { files: report.findings.map((f) => `${f.file} ${f.noticeId}`).sort(), unanalysed: report.unanalysed };
  };

  it('a link loop and a folder link back up to the root do not stop the analysis of any file', async () => {
    // The importer and page-address searches walk the package; `src/up -> ..` leads back into it at every level,
    // and `loop-a.ts`/`loop-b.ts` cannot be followed at all (ELOOP).
    write('src/b.js', call);
    write('src/c.js', `import './up/loop-a';\n${call}`);
    symlinkSync('..', path.join(root, 'src', 'up'));
    symlinkSync('loop-b.ts', path.join(root, 'loop-a.ts'));
    symlinkSync('loop-a.ts', path.join(root, 'loop-b.ts'));
    const { files, unanalysed } = await scan();
    expect(unanalysed).toEqual([]);
    expect(files).toEqual(['src/b.js legacy-api-host', 'src/c.js legacy-api-host']);
  });

  it('the same files without the links give the same findings (the links change nothing else)', async () => {
    write('src/b.js', call);
    write('src/c.js', `import './up/loop-a';\n${call}`);
    const { files, unanalysed } = await scan();
    expect(unanalysed).toEqual([]);
    expect(files).toEqual(['src/b.js legacy-api-host', 'src/c.js legacy-api-host']);
  });
});
