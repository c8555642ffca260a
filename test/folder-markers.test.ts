/**
 * The walk's listings answer the engine's per-folder probes (engine/project/folder-markers.ts): which of `.git`,
 * `package.json`, `tsconfig.json`, `jsconfig.json`, `node_modules` and the Plug'n'Play manifests a listed folder may
 * hold. A name is ruled out only when the listing cannot hold it in any letter case (nor as a name outside ASCII),
 * the walk in this thread and in its own thread note the same folders, a listing that rules a name out takes the
 * probe's place, and a scan gives the same project roots and resolutions as the probes alone. The walker thread runs
 * built code, so the walks use `dist/` (build first).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_MARKERS, FOLDER_MARKERS, markerBit, markerBits } from '../engine/project/folder-markers.js';
import { assertBuilt } from './cli/run.js';

const built = <T>(rel: string): Promise<T> => import(new URL(`../dist/${rel}`, import.meta.url).href) as Promise<T>;
const markers = await built<typeof import('../engine/project/folder-markers.js')>('engine/project/folder-markers.js');
const { findFiles } = await built<typeof import('../cli/walk/files.js')>('cli/walk/files.js');
const { startWalk } = await built<typeof import('../cli/walk/walker.js')>('cli/walk/walker.js');
const { ModuleResolver, projectRootOf } = await built<typeof import('../engine/project/resolve.js')>('engine/project/resolve.js');

const bit = (name: (typeof FOLDER_MARKERS)[number]): number => 1 << FOLDER_MARKERS.indexOf(name);

describe('which markers a listed name may be', () => {
  it('each marker by its own name, and in another letter case (a case-insensitive file system answers for it)', () => {
    for (const name of FOLDER_MARKERS) {
      expect(markerBit(name)).toBe(bit(name));
      expect(markerBit(name.toUpperCase())).toBe(bit(name));
    }
    expect(markerBit('Package.json')).toBe(bit('package.json'));
    expect(markerBit('.PNP.CJS')).toBe(bit('.pnp.cjs'));
  });

  it('look-alikes are none: a longer or shorter name, a suffix, another extension', () => {
    for (const name of ['package.json5', 'xpackage.json', 'package.jso', 'tsconfig.base.json', 'tsconfig.json.bak', 'jsconfig', '.gitignore', '.github', 'node_module', '.pnp.loader.mjs', 'index.ts', 'a-very-long-name-of-a-file.ts', ''])
      expect(markerBit(name)).toBe(0);
  });

  it('a name outside ASCII may fold or normalise to any of them: it marks them all', () => {
    // U+FB01 (the ligature fi) folds to "fi"; U+017F (long s) to "s"; a name with a combining mark.
    for (const name of ['tsconﬁg.json', 'ſ', 'e\u0301.ts', 'é.ts', 'x\u200c']) expect(markerBit(name)).toBe(ALL_MARKERS);
  });

  it('a listing marks the union of its names', () => {
    const entries = ['src', 'package.json', 'README.md', 'node_modules', 'TSCONFIG.JSON'].map((name) => ({ name }));
    expect(markerBits(entries)).toBe(bit('package.json') | bit('node_modules') | bit('tsconfig.json'));
    expect(markerBits([])).toBe(0);
  });
});

describe('the run’s listings', () => {
  it('rule a name out only for a folder listed without it, and are forgotten', () => {
    markers.forgetFolderMarkers();
    expect(markers.mayHold('/nowhere/listed', 'package.json')).toBe(true);
    markers.noteFolderMarkers('/nowhere/listed', bit('tsconfig.json'));
    expect(markers.mayHold('/nowhere/listed', 'package.json')).toBe(false);
    expect(markers.mayHold('/nowhere/listed', 'tsconfig.json')).toBe(true);
    expect(markers.mayHold('/nowhere/other', 'package.json')).toBe(true);
    markers.forgetFolderMarkers();
    expect(markers.mayHold('/nowhere/listed', 'package.json')).toBe(true);
  });
});

let temp: string;
let repo: string;

/** A repository with a nested package (its own package.json and tsconfig `paths`), markers as files and folders, and plain folders. */
const FILES: Record<string, string> = {
  'package.json': '{"name":"root","private":true}\n',
  'tsconfig.json': '{"compilerOptions":{"strict":true}}\n',
  'src/a.ts': "import { b } from './lib/b';\nexport const a = b;\n",
  'src/lib/b.ts': 'export const b = 1;\n',
  'src/Package.JSON': '{}\n',
  'packages/app/package.json': '{"name":"app"}\n',
  'packages/app/tsconfig.json': '{"compilerOptions":{"baseUrl":".","paths":{"@app/*":["src/*"]}}}\n',
  'packages/app/src/main.ts': "import { util } from '@app/util';\nimport { a } from '../../../src/a';\nexport const main = util + a;\n",
  'packages/app/src/util.ts': 'export const util = 2;\n',
  'packages/app/node_modules/dep/index.js': 'module.exports = 1;\n',
  'packages/app/.pnp.cjs': '\n',
  'docs/guide.md': '# guide\n',
  'docs/api/x.js': 'export const x = 1;\n',
};

beforeAll(() => {
  assertBuilt();
  temp = mkdtempSync(path.join(os.tmpdir(), 'cm-folder-markers-'));
  repo = path.join(temp, 'repo');
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
    writeFileSync(path.join(repo, rel), text);
  }
  mkdirSync(path.join(repo, '.git'));
});
afterAll(() => {
  markers.forgetFolderMarkers();
  rmSync(temp, { recursive: true, force: true });
});

const walkOptions = { cwd: '', paths: ['.'], include: [], exclude: [], maxFileSize: 1 << 20 };

describe('the walk notes what it listed', () => {
  it('every folder it lists, before the files in it, with the markers its listing holds', () => {
    const noted: Array<[string, number]> = [];
    const order: string[] = [];
    findFiles(
      { ...walkOptions, cwd: repo },
      (file) => order.push(`file ${file.display}`),
      undefined,
      (dir, bits) => {
        noted.push([path.relative(repo, dir), bits]);
        order.push(`folder ${path.relative(repo, dir)}`);
      },
    );
    const byFolder = new Map(noted);
    expect(byFolder.get('')).toBe(bit('.git') | bit('package.json') | bit('tsconfig.json'));
    // `Package.JSON` may be `package.json` on a case-insensitive file system: probed, never ruled out.
    expect(byFolder.get('src')).toBe(bit('package.json'));
    expect(byFolder.get('src/lib')).toBe(0);
    expect(byFolder.get('packages')).toBe(0);
    expect(byFolder.get(path.join('packages', 'app'))).toBe(bit('package.json') | bit('tsconfig.json') | bit('node_modules') | bit('.pnp.cjs'));
    expect(byFolder.get('docs')).toBe(0);
    // Folders never entered are not listed: nothing is said of them.
    expect(byFolder.has('.git')).toBe(false);
    expect(byFolder.has(path.join('packages', 'app', 'node_modules'))).toBe(false);
    // A folder is noted before any file in it.
    for (const [i, line] of order.entries()) {
      if (!line.startsWith('file ')) continue;
      const folder = path.dirname(line.slice(5));
      expect(order.indexOf(`folder ${folder === '.' ? '' : folder}`)).toBeLessThan(i);
    }
  });

  it('the walk in this thread and in its own thread note the same folders for the engine', async () => {
    const noted = async (threadFrom: number): Promise<Map<string, boolean[]>> => {
      const stream = startWalk({ ...walkOptions, cwd: repo }, { threadFrom });
      for (let event = await stream.next(); event; event = await stream.next());
      await stream.cancel();
      const folders = ['', 'src', 'src/lib', 'packages', 'packages/app', 'packages/app/src', 'docs', 'docs/api', '.git', 'packages/app/node_modules'];
      return new Map(folders.map((f) => [f, FOLDER_MARKERS.map((name) => markers.mayHold(path.join(repo, f), name))]));
    };
    const inline = await noted(1_000_000);
    const threaded = await noted(0);
    expect(threaded).toEqual(inline);
    expect(inline.get('packages/app')).toEqual(FOLDER_MARKERS.map((name) => name !== '.git' && name !== '.pnp.js' && name !== 'jsconfig.json'));
    expect(inline.get('docs/api')).toEqual(FOLDER_MARKERS.map(() => false));
    // Not listed by the walk: every name may be there.
    expect(inline.get('.git')).toEqual(FOLDER_MARKERS.map(() => true));
    // A new walk starts from nothing.
    startWalk({ ...walkOptions, cwd: path.join(repo, 'docs') }, { threads: false });
    expect(markers.mayHold(path.join(repo, 'packages', 'app'), 'package.json')).toBe(true);
    expect(markers.mayHold(path.join(repo, 'src', 'lib'), 'package.json')).toBe(true);
    markers.forgetFolderMarkers();
  });
});

describe('the engine asks the listing before probing', () => {
  it('a folder listed without a marker is not probed for it (a `.git` the listing did not hold is not seen)', () => {
    markers.forgetFolderMarkers();
    const inner = path.join(temp, 'unlisted-git', 'a', 'b');
    mkdirSync(path.join(temp, 'unlisted-git', '.git'), { recursive: true });
    mkdirSync(inner, { recursive: true });
    const file = path.join(inner, 'x.ts');
    expect(projectRootOf(file)).toBe(path.join(temp, 'unlisted-git'));
    // A listing that (falsely) holds no `.git`, given for a folder whose probes were not made yet: the listing decides.
    const other = path.join(temp, 'listed-git');
    mkdirSync(path.join(other, '.git'), { recursive: true });
    mkdirSync(path.join(other, 'a'), { recursive: true });
    markers.noteFolderMarkers(other, 0);
    expect(projectRootOf(path.join(other, 'a', 'x.ts'))).not.toBe(other);
    markers.noteFolderMarkers(path.join(temp, 'listed-git-2'), bit('.git'));
    mkdirSync(path.join(temp, 'listed-git-2', '.git'), { recursive: true });
    expect(projectRootOf(path.join(temp, 'listed-git-2', 'x.ts'))).toBe(path.join(temp, 'listed-git-2'));
    markers.forgetFolderMarkers();
  });

  it('resolutions with the walk’s listings are those of the probes alone', async () => {
    const ask = (): Array<string | undefined> => {
      const resolver = new ModuleResolver(repo);
      const main = path.join(repo, 'packages', 'app', 'src', 'main.ts');
      const a = path.join(repo, 'src', 'a.ts');
      return [
        projectRootOf(main),
        resolver.resolve(main, '@app/util'),
        resolver.resolve(main, '../../../src/a'),
        resolver.resolve(main, 'dep'),
        resolver.resolve(main, 'missing-package'),
        resolver.resolve(a, './lib/b'),
        resolver.resolve(a, 'zod'),
        resolver.resolve(path.join(repo, 'docs', 'api', 'x.js'), '../../src/a'),
      ].map((r) => (r === undefined ? r : path.relative(repo, r)));
    };
    markers.forgetFolderMarkers();
    const probed = ask();
    const stream = startWalk({ ...walkOptions, cwd: repo }, { threadFrom: 0 });
    for (let event = await stream.next(); event; event = await stream.next());
    await stream.cancel();
    expect(markers.mayHold(path.join(repo, 'src', 'lib'), 'package.json')).toBe(false);
    const listed = ask();
    markers.forgetFolderMarkers();
    expect(listed).toEqual(probed);
    expect(probed).toEqual(['', path.join('packages', 'app', 'src', 'util.ts'), path.join('src', 'a.ts'), undefined, undefined, path.join('src', 'lib', 'b.ts'), undefined, path.join('src', 'a.ts')]);
  });
});
