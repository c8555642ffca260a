/**
 * Module resolution shares an answer between folders only when the same configuration files lie above them
 * (engine/project/resolve.ts, scopes): a folder with its own tsconfig.json, package.json or node_modules gets
 * its own answer, whichever folder asked first.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleResolver } from '../engine/project/resolve.js';

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cm-scope-'));
  roots.push(root);
  mkdirSync(path.join(root, '.git'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

const paths = (target: string): string => JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': [`${target}/*`] } } });

describe('resolution shared between folders', () => {
  const files = {
    'tsconfig.json': paths('lib'),
    'lib/x.ts': 'export const x = 1;\n',
    'other/x.ts': 'export const x = 2;\n',
    'a/one.ts': '',
    'a/deep/two.ts': '',
    'b/three.ts': '',
    'sub/tsconfig.json': paths('../other'),
    'sub/four.ts': '',
    'sub/inner/five.ts': '',
  };

  for (const order of ['root folders first', 'the folder with its own tsconfig first']) {
    it(`an alias follows the tsconfig above each folder (${order})`, () => {
      const root = project(files);
      const resolver = new ModuleResolver(root);
      const at = (rel: string): string | undefined => resolver.resolve(path.join(root, rel), '@lib/x');
      const askers = ['a/one.ts', 'a/deep/two.ts', 'b/three.ts', 'sub/four.ts', 'sub/inner/five.ts'];
      const answers = new Map<string, string | undefined>();
      for (const rel of order.startsWith('root') ? askers : [...askers].reverse()) answers.set(rel, at(rel));
      for (const rel of ['a/one.ts', 'a/deep/two.ts', 'b/three.ts']) expect(answers.get(rel)).toBe(path.join(root, 'lib/x.ts'));
      for (const rel of ['sub/four.ts', 'sub/inner/five.ts']) expect(answers.get(rel)).toBe(path.join(root, 'other/x.ts'));
    });
  }

  it('a package linked into one folder\'s node_modules resolves there only', () => {
    const root = project({
      'packages/shared/package.json': '{ "name": "shared", "main": "index.ts" }',
      'packages/shared/index.ts': 'export const s = 1;\n',
      'packages/app/package.json': '{ "name": "app" }',
      'packages/app/src/main.ts': '',
      'packages/tool/package.json': '{ "name": "tool" }',
      'packages/tool/src/main.ts': '',
    });
    mkdirSync(path.join(root, 'packages/app/node_modules'));
    symlinkSync(path.join(root, 'packages/shared'), path.join(root, 'packages/app/node_modules/shared'), 'dir');
    const resolver = new ModuleResolver(root);
    expect(resolver.resolve(path.join(root, 'packages/tool/src/main.ts'), 'shared')).toBeUndefined();
    expect(resolver.resolve(path.join(root, 'packages/app/src/main.ts'), 'shared')).toBe(path.join(root, 'packages/shared/index.ts'));
  });

  it('a relative path is answered by the file it names, from any folder', () => {
    const root = project({ 'lib/x.ts': '', 'a/one.ts': '', 'a/b/two.ts': '', 'c/three.ts': '' });
    const resolver = new ModuleResolver(root);
    expect(resolver.resolve(path.join(root, 'a/one.ts'), '../lib/x')).toBe(path.join(root, 'lib/x.ts'));
    expect(resolver.resolve(path.join(root, 'a/b/two.ts'), '../../lib/x')).toBe(path.join(root, 'lib/x.ts'));
    expect(resolver.resolve(path.join(root, 'c/three.ts'), './x')).toBeUndefined();
    expect(resolver.resolve(path.join(root, 'a/b/two.ts'), './x')).toBeUndefined();
  });
});
