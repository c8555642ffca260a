/**
 * Issue 19, item 9: every read of a repository file goes through the one guarded reader (engine/read/read-file.ts:
 * regular files only, size-limited, opened without blocking). A repository is untrusted input: a
 * `tsconfig.json`, configuration file, baseline, user catalog or report committed as a named pipe or as a
 * link to `/dev/zero` must give a clear message (or be passed over), never hang the run or fill the memory.
 * The cache file is covered in cache.test.ts, sources and ignore files in hostile-walk.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FileTooLarge, NotRegularFile, readFileHead, readRegularFile } from '../engine/read/read-file.js';
import { migrateProject } from '../engine/project/ts-morph.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { assertBuilt, cli, tempTrees, withoutNoUndoNote } from './cli/run.js';

const TODAY = ['--today', '2026-11-01', '--no-progress'];
const SEND = "fetch('https://webexapis.com/v1/telephony/config/workspaces/w1/simultaneousRing', { method: 'PUT', body: JSON.stringify(body) });\n";
// Declares a property a notice renames: `--fix` builds a ts-morph project (reading tsconfig.json) for it.
const DECLARES = `export interface R { answerConfirmationEnabled: boolean }\nconst body: R = { answerConfirmationEnabled: true };\n${SEND}`;
const FIXED = DECLARES.replaceAll('answerConfirmationEnabled', 'answerConfirmationRequiredEnabled');
const BEFORE = ['--before', '2027-01-01'];

const tree = tempTrees();

function mkfifo(file: string): void {
  const r = spawnSync('mkfifo', [file]);
  if (r.status !== 0) throw new Error(`mkfifo: ${r.stderr}`);
}

/** The kinds of hostile file: a named pipe (a read waits for ever) and a link to /dev/zero (a read never ends). */
const HOSTILE: Array<[string, (file: string) => void]> = [
  ['a named pipe', mkfifo],
  ['a link to /dev/zero', (file) => symlinkSync('/dev/zero', file)],
];

beforeAll(assertBuilt);

describe('the guarded reader', () => {
  it('refuses a named pipe and a link to /dev/zero at once, naming what they are', () => {
    const dir = tree({});
    const pipe = path.join(dir, 'pipe');
    mkfifo(pipe);
    const zero = path.join(dir, 'zero');
    symlinkSync('/dev/zero', zero);
    for (const [file, kind] of [
      [pipe, 'a named pipe'],
      [zero, 'a device'],
      [dir, 'a folder'],
    ]) {
      let error: unknown;
      try {
        readRegularFile(file);
      } catch (e) {
        error = e;
      }
      expect(error, file).toBeInstanceOf(NotRegularFile);
      expect((error as NotRegularFile).kind).toBe(kind);
      expect(() => readFileHead(file, 16)).toThrow(NotRegularFile);
    }
  });

  it('refuses a regular file over its limit before reading it, and reads a head only', () => {
    const dir = tree({ 'big.json': 'x'.repeat(5000) });
    const file = path.join(dir, 'big.json');
    expect(() => readRegularFile(file, 4096)).toThrow(FileTooLarge);
    expect(() => readRegularFile(file, 4096)).toThrow(/over the size limit \(4\.9 KB > 4 KB\)/);
    expect(readRegularFile(file, 5000).length).toBe(5000);
    expect(readFileHead(file, 10).toString()).toBe('x'.repeat(10));
  });
});

describe('tsconfig.json read for the project-wide renames of --fix', { timeout: 120_000 }, () => {
  it.each(HOSTILE)('%s as tsconfig.json: --fix finishes, fixes file by file and says the tsconfig was not read', (_kind, make) => {
    const dir = tree({ 'b.ts': DECLARES });
    make(path.join(dir, 'tsconfig.json'));
    const r = cli(['--fix', '--allow-dirty', ...BEFORE, ...TODAY, '--format', 'json', '-o', 'report.json'], { cwd: dir });
    expect(withoutNoUndoNote(r.stderr)).toMatch(/^collab-migrate: 0 errors, 0 warnings in 1 file, 1 skipped, 2 fixed; wrote report\.json \(json\)\n$/);
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(dir, 'b.ts'), 'utf8')).toBe(FIXED);
    const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as { files: Array<{ file: string; outcome: string; reason?: string }> };
    const b = report.files.find((f) => f.file === 'b.ts')!;
    expect(b.outcome).toBe('fixed');
    expect(b.reason).toMatch(/project-wide renames skipped: .*tsconfig\.json: not a regular file \(a (named pipe|device)\); not read/);
  });

  it('a tsconfig.json that extends a named pipe: --fix --dry-run finishes', () => {
    const dir = tree({ 'b.ts': DECLARES, 'tsconfig.json': '{ "extends": "./base.json", "include": ["*.ts"] }\n' });
    mkfifo(path.join(dir, 'base.json'));
    const r = cli(['--fix', '--dry-run', '--allow-dirty', ...BEFORE, ...TODAY], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/would-fix\s+b\.ts/);
  });

  it.each(HOSTILE)('%s as the codemod --project: exit 2 naming it, at once', (_kind, make) => {
    const dir = tree({ 'b.ts': DECLARES });
    make(path.join(dir, 'tsconfig.json'));
    const r = cli(['codemod', '--project', 'tsconfig.json', ...BEFORE, '--today', '2026-11-01'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('collab-migrate: --project: not a regular file: tsconfig.json\n');
  });

  it('migrateProject reads the files it is not given through the guarded reader', async () => {
    const dir = tree({ 'b.ts': DECLARES });
    const pipe = path.join(dir, 'c.ts');
    mkfifo(pipe);
    const catalog = loadCatalog();
    const notices = [catalog.get('workspace-answer-confirmation-renamed')!];
    const results = await migrateProject({ catalog, notices, root: dir, files: [path.join(dir, 'b.ts'), pipe] });
    expect(results[0].after).toBe(FIXED);
    expect(results[1].failure).toMatch(/cannot read: .*c\.ts: not a regular file \(a named pipe\); not read/);
  });
});

describe('configuration, baseline, catalog and report files', { timeout: 120_000 }, () => {
  // package.json: also the one the bundled yargs read (plainly) to guess its version, before the fix in scripts/bundle.ts.
  it.each(HOSTILE)('%s as .collab-migraterc.json or package.json: exit 2 naming the file', (_kind, make) => {
    for (const name of ['.collab-migraterc.json', 'package.json']) {
      const dir = tree({ 'a.ts': 'export const a = 1;\n' });
      make(path.join(dir, name));
      const r = cli([...TODAY], { cwd: dir });
      expect(r.code, name).toBe(2);
      expect(r.stderr, name).toMatch(new RegExp(`^collab-migrate: Cannot read ${name.replace('.', '\\.')} \\(.*${name.replace('.', '\\.')}\\): not a regular file\\n$`));
    }
  });

  it.each(HOSTILE)('%s as the --baseline: exit 2 naming the file', (_kind, make) => {
    const dir = tree({ 'a.ts': 'export const a = 1;\n' });
    make(path.join(dir, 'baseline.json'));
    const r = cli(['--baseline', 'baseline.json', ...TODAY], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^collab-migrate: --baseline .*baseline\.json: cannot read \(not a regular file\)\.\n$/);
  });

  it.each(HOSTILE)('%s as a --notices catalog: exit 2 naming the file', (_kind, make) => {
    const dir = tree({ 'a.ts': 'export const a = 1;\n' });
    make(path.join(dir, 'extra.json'));
    const r = cli(['--notices', 'extra.json', ...TODAY], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('collab-migrate: --notices: not a regular file: extra.json\n');
  });

  it.each(HOSTILE)('%s as a report given to merge: exit 2 naming the file', (_kind, make) => {
    const dir = tree({});
    make(path.join(dir, 'r.json'));
    const r = cli(['merge', 'r.json'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^collab-migrate: Cannot read r\.json \(not a regular file\)\.\n$/);
  });

  it('an output path that is a link to a named pipe is refused without opening it', () => {
    const dir = tree({ 'a.ts': 'export const a = 1;\n' });
    mkfifo(path.join(dir, 'pipe'));
    symlinkSync('pipe', path.join(dir, 'report.txt'));
    const r = cli(['-o', 'report.txt', ...TODAY], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^collab-migrate: Cannot write --output .*report\.txt \(not a regular file\)\.\n$/);
  });
});
