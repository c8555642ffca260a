import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findFiles, parseSize } from '../../../cli/walk/files.js';

let root: string;

function write(rel: string, text = 'export {};\n'): void {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function walk(extra: Partial<Parameters<typeof findFiles>[0]> = {}) {
  return findFiles({ cwd: root, paths: [], include: [], exclude: [], maxFileSize: 2 * 1024 * 1024, ...extra });
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'cm-files-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('findFiles', () => {
  it('reads source and config files, skips dependency folders and other file types; lists dist/ and a package\'s build/ files as generated', () => {
    write('src/a.ts');
    write('src/b.jsx');
    write('config/app.yaml', 'host: x\n');
    write('.env.production', 'A=1\n');
    write('README.md', '# hi\n');
    write('node_modules/lib/index.js');
    write('dist/out.js');
    write('build/out.js');
    write('package.json', '{}\n');
    write('src/build/task.ts');
    const { files, skipped } = walk();
    expect(files.map((f) => f.display).sort()).toEqual(['.env.production', 'config/app.yaml', 'package.json', 'src/a.ts', 'src/b.jsx', 'src/build/task.ts']);
    expect(files.find((f) => f.display === 'config/app.yaml')?.language).toBe('config');
    expect(skipped.sort((a, b) => a.display.localeCompare(b.display))).toEqual([
      { display: 'build/out.js', reason: 'generated (in a build/ folder beside package.json)' },
      { display: 'dist/out.js', reason: 'generated (in a dist/ folder)' },
    ]);
  });

  it('honours nested .gitignore files and .collab-migrateignore', () => {
    write('.gitignore', 'generated/\n*.gen.ts\n');
    write('src/.gitignore', 'local.ts\n!keep.gen.ts\n');
    write('.collab-migrateignore', 'legacy/**\n');
    write('src/a.ts');
    write('src/local.ts');
    write('src/x.gen.ts');
    write('src/keep.gen.ts');
    write('generated/g.ts');
    write('legacy/old.js');
    write('other/local.ts');
    const names = walk().files.map((f) => f.display).sort();
    expect(names).toEqual(['other/local.ts', 'src/a.ts', 'src/keep.gen.ts']);
  });

  it('applies .gitignore of parent folders up to the repository root when scanning a subfolder', () => {
    mkdirSync(path.join(root, '.git'));
    write('.gitignore', 'src/vendor/\n');
    write('src/a.ts');
    write('src/vendor/v.ts');
    const names = findFiles({ cwd: root, paths: ['src'], include: [], exclude: [], maxFileSize: 1e6 }).files.map((f) => f.display);
    expect(names).toEqual(['src/a.ts']);
  });

  it('a folder ignored by a parent\'s rules leaves out its files: scanned by name, or re-included by a deeper ignore file', () => {
    mkdirSync(path.join(root, '.git'));
    write('.gitignore', 'gen/\nfoo/\n# nothing below matches these names\nother.ts\n');
    write('gen/sub/z.ts');
    write('a/.gitignore', '!foo/\n');
    write('a/foo/x.ts');
    write('a/y.ts');
    const scan = (paths: string[]) => findFiles({ cwd: root, paths, include: [], exclude: [], maxFileSize: 1e6 }).files.map((f) => f.display);
    expect(scan(['gen'])).toEqual([]);
    // The walk enters a/foo/ (its own folder's rule re-includes it), but the root's rules still ignore what is
    // in it, as the `ignore` library checks a path's folders (git would list a/foo/x.ts).
    expect(scan([])).toEqual(['a/y.ts']);
  });

  it('filters with --include and --exclude globs', () => {
    write('src/a.ts');
    write('src/a.test.ts');
    write('lib/b.js');
    expect(walk({ include: ['src/**'] }).files.map((f) => f.display).sort()).toEqual(['src/a.test.ts', 'src/a.ts']);
    expect(walk({ exclude: ['*.test.ts'] }).files.map((f) => f.display).sort()).toEqual(['lib/b.js', 'src/a.ts']);
  });

  it('lists files over the size limit as skipped', () => {
    write('big.ts', 'x'.repeat(3000));
    write('small.ts', 'x');
    const { files, skipped } = walk({ maxFileSize: 1024 });
    expect(files.map((f) => f.display)).toEqual(['small.ts']);
    expect(skipped).toEqual([{ display: 'big.ts', reason: 'over the size limit (2.9 KB > 1 KB)' }]);
  });

  it('survives link loops and does not follow links outside the root', () => {
    write('src/a.ts');
    symlinkSync(path.join(root, 'src'), path.join(root, 'src', 'loop'));
    const outside = mkdtempSync(path.join(os.tmpdir(), 'cm-outside-'));
    writeFileSync(path.join(outside, 'secret.ts'), 'export {};\n');
    symlinkSync(outside, path.join(root, 'ext'));
    symlinkSync(path.join(root, 'missing.ts'), path.join(root, 'dangling.ts'));
    try {
      const { files, skipped } = walk();
      expect(files.map((f) => f.display)).toEqual(['src/a.ts']);
      expect(skipped).toContainEqual({ display: 'ext', reason: 'symbolic link to outside the scanned folder (not followed)' });
      expect(skipped).toContainEqual({ display: 'dangling.ts', reason: 'broken symbolic link' });
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('handles names with spaces and unicode', () => {
    write('my dir/ünïcödé file.ts');
    expect(walk().files.map((f) => f.display)).toEqual(['my dir/ünïcödé file.ts']);
  });

  it('rejects a missing path', () => {
    expect(() => findFiles({ cwd: root, paths: ['nope'], include: [], exclude: [], maxFileSize: 1e6 })).toThrow('No such file or directory: nope');
  });
});

describe('parseSize', () => {
  it.each([
    ['2mb', 2 * 1024 * 1024],
    ['500KB', 500 * 1024],
    ['1.5m', 1.5 * 1024 * 1024],
    ['1048576', 1048576],
  ])('%s -> %d bytes', (text, bytes) => expect(parseSize(text)).toBe(bytes));
  it('rejects nonsense', () => expect(() => parseSize('big')).toThrow(/Invalid --max-file-size/));
});
