import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { IgnoreScope, mayMatch, type ScopeState } from '../../../cli/walk/ignore-scope.js';

/** A small deterministic random generator (the cases are the same on every run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PARTS = ['a', 'b', 'A', 'ab', 'x.js', 'X.JS', '*.js', '*.JS', '*', '**', '?', 'a*', '*b', 'a?', '[ab]', '\\!a', '!a', '#a', ' a', 'a ', 'a\\ ', 'ς', 'σ', 'é', 'a.b', 'node_modules', 'lib', 'x.log', '*.log', 'a*.js', '.',
  // Brackets, spaces, `$` and parentheses (read since round twenty-four), and their odd forms.
  '*.[568vq]', '[568vq].out', '[._]*.s[a-w][a-z]', 'x.[0-9]*.[0-9]*.json', '[!a]', '[^a]b', '[z-a]', '[]a]', '[!]a]', '[a]]', '[a', 'a]', 'a[b', '[a-c]x', '[A-C]*', '[.]js', '*.[jt]s', 'a b', 'A B', ' a b', '$a', '$A.B', '(a)', 'x(b).js', 'a$', '[(]a', '[$]', 'a:b', 'Thumbs.db:encryptable', 'a!b', 'a#b', "a'b", 'a&b', '*:*', '[:]b'];
const NAMES = ['a', 'b', 'A', 'ab', 'aB', 'x.js', 'X.JS', 'y.Js', 'σ', 'ς', 'é', 'E', 'a b', 'a.b', 'node_modules', 'lib', 'x.log', 'ax.js', '!a', '#a', 'a\\b', '?', 'ſ', 'K',
  'x.5', 'X.Q', '8.out', '.swp', '_x.swo', 'x.sxa', 'x.1.2.json', 'x.12.3.json', 'ba', '^b', 'bx', 'zx', ']a', '[a', 'a]', 'a[b', 'Cx', 'cQ', 'x.ts', '.js', 'A b', ' a b', '$a', '$a.b', '(a)', 'x(b).js', 'a$', '(a', '$', 'a:b', 'thumbs.db:Encryptable', 'a!b', 'a#b', "a'b", 'a&b', ':b', 'a:', 'a:b:c'];

function pattern(next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const parts = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(PARTS));
  let text = parts.join('/');
  if (next() < 0.25) text = `/${text}`;
  if (next() < 0.2) text = `${text}/`;
  if (next() < 0.15) text = `**/${text}`;
  if (next() < 0.15) text = `${text}/**`;
  if (next() < 0.2) text = `!${text}`;
  if (next() < 0.05) text = `${text}  `;
  return text;
}

/** The state of `scope` in the folder `folders` below the ignore file's folder. */
function stateIn(scope: IgnoreScope, folders: readonly string[]): ScopeState {
  return folders.reduce((state, name) => scope.enter(state, name), scope.root);
}

describe('IgnoreScope', () => {
  it('never says no to a name the library would decide by a pattern (generated patterns and paths)', () => {
    const next = random(18);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
    let skippedChecks = 0;
    for (let round = 0; round < 1000; round++) {
      const lines = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pattern(next));
      if (next() < 0.2) lines.push('# a comment', '');
      const text = lines.join(next() < 0.2 ? '\r\n' : '\n');
      const ig = ignore().add(text);
      const scope = new IgnoreScope([text]);
      for (let p = 0; p < 60; p++) {
        const folders = Array.from({ length: Math.floor(next() * 4) }, () => pick(NAMES));
        const name = pick(NAMES);
        const isDir = next() < 0.4;
        const state = stateIn(scope, folders);
        if (mayMatch(state.filter, name)) continue;
        skippedChecks++;
        // What the walk then assumes: the library answers with the folder's verdict.
        const folder = folders.join('/');
        const rel = folder ? `${folder}/${name}` : name;
        const parentIgnored = folder ? ig.test(`${folder}/`).ignored : false;
        const verdict = ig.test(isDir ? `${rel}/` : rel);
        expect({ text, rel, isDir, ignored: verdict.ignored, unignored: verdict.unignored }).toEqual({ text, rel, isDir, ignored: parentIgnored, unignored: false });
      }
    }
    // The scope does rule most names out, or it would save nothing.
    expect(skippedChecks).toBeGreaterThan(10_000);
  });

  it('reads literal names, endings and patterns tied to folders', () => {
    const scope = new IgnoreScope(['# build output\n*.log\ncoverage/\n/packages/*/lib\n!/packages/keep/lib\n**/test/**/fixtures.js\n', '/.vscode/**\n']);
    const root = scope.root.filter;
    expect(['x.log', 'X.LOG', 'coverage'].filter((n) => mayMatch(root, n))).toEqual(['x.log', 'X.LOG', 'coverage']);
    expect(['a.js', 'lib', 'packages', 'fixtures.js'].some((n) => mayMatch(root, n))).toBe(false);
    expect(mayMatch(stateIn(scope, ['packages', 'core']).filter, 'lib')).toBe(true);
    expect(mayMatch(stateIn(scope, ['packages', 'core', 'src']).filter, 'lib')).toBe(false);
    expect(mayMatch(stateIn(scope, ['src']).filter, 'lib')).toBe(false);
    expect(mayMatch(stateIn(scope, ['a', 'test', 'b']).filter, 'fixtures.js')).toBe(true);
    expect(mayMatch(stateIn(scope, ['a', 'b']).filter, 'fixtures.js')).toBe(false);
    expect(mayMatch(stateIn(scope, ['.vscode', 'deep']).filter, 'settings.json')).toBe(true);
  });

  it('reads wildcard names other than endings (`*.sublime-*`, `._*`) as names, not as "any name"', () => {
    const root = new IgnoreScope(['*.sublime-*\n._*\n/**/.wrangler/*\n']).root.filter;
    expect(root.any).toBe(false);
    expect(['x.sublime-project', 'X.SUBLIME-workspace', '._foo'].filter((n) => mayMatch(root, n))).toEqual(['x.sublime-project', 'X.SUBLIME-workspace', '._foo']);
    expect(['index.ts', 'src', 'sublime', '.foo'].some((n) => mayMatch(root, n))).toBe(false);
  });

  it('reads brackets as any one character, and spaces, `$` and parentheses as themselves (common templates)', () => {
    const root = new IgnoreScope(['*.[568vq]\n[._]*.s[a-w][a-z]\nreport.[0-9]*.[0-9]*.json\nNetwork Trash Folder\n$RECYCLE.BIN/\nThumbs.db:encryptable\n']).root.filter;
    expect(root.any).toBe(false);
    expect(['x.5', 'y.Q', '.x.swp', '_a.sxz', 'report.1.22.json', 'network trash folder', '$recycle.bin', 'thumbs.db:encryptable'].filter((n) => mayMatch(root, n))).toEqual(['x.5', 'y.Q', '.x.swp', '_a.sxz', 'report.1.22.json', 'network trash folder', '$recycle.bin', 'thumbs.db:encryptable']);
    expect(['index.ts', 'x.56', 'report.json', 'Network', 'RECYCLE.BIN', 'src'].some((n) => mayMatch(root, n))).toBe(false);
    const scope = new IgnoreScope(['app/(payload)/admin/importMap.js\n']);
    expect(scope.root.filter.any).toBe(false);
    expect(mayMatch(stateIn(scope, ['app', '(payload)', 'admin']).filter, 'importMap.js')).toBe(true);
    expect(mayMatch(stateIn(scope, ['app', 'payload', 'admin']).filter, 'importMap.js')).toBe(false);
  });

  it('leaves to the library what it does not read: escapes, a bracket cut by a slash, names outside ASCII', () => {
    expect(mayMatch(new IgnoreScope(['a[/]b\n']).root.filter, 'c.ts')).toBe(true);
    expect(mayMatch(new IgnoreScope(['x\ty\n']).root.filter, 'c.ts')).toBe(true);
    expect(mayMatch(new IgnoreScope(['[]a]\n']).root.filter, 'c.ts')).toBe(true);
    expect(mayMatch(new IgnoreScope(['\\#x\n']).root.filter, 'y')).toBe(true);
    const scope = new IgnoreScope(['dist\n']);
    expect(mayMatch(scope.root.filter, 'src')).toBe(false);
    expect(mayMatch(scope.root.filter, 'ďist')).toBe(true);
    // No pattern at all: nothing to ask.
    expect(mayMatch(new IgnoreScope(['# only a comment\n\n']).root.filter, 'é')).toBe(false);
  });
});
