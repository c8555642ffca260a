/**
 * What resolution reads of a project's configuration (engine/project/resolve.ts), counted: a tsconfig is parsed
 * for its `references` only when its text can hold the key, the nearest configuration with `paths` of its own is
 * looked for once per folder, and a folder's manifest paths are joined as `path.join` would join them. The answers
 * are those of the resolver that parsed and looked every time (docs/performance.md, round twenty-two).
 */
import * as realFs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempProjects } from './helpers/temp-project.js';

/** Every text the resolver's JSONC reader parses, and every `stat` of a tsconfig.json or jsconfig.json. */
const parsed: string[] = [];
const configStats: string[] = [];

vi.mock('../engine/read/jsonc.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../engine/read/jsonc.js')>();
  return {
    ...real,
    parseJsonc: (text: string) => {
      parsed.push(text);
      return real.parseJsonc(text);
    },
  };
});

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const statSync = ((file: realFs.PathLike, options?: realFs.StatSyncOptions) => {
    if (/[\\/](?:ts|js)config\.json$/.test(String(file))) configStats.push(String(file));
    return real.statSync(file, options);
  }) as typeof real.statSync;
  return { ...real, default: { ...real, statSync }, statSync };
});

const { inFolder, ModuleResolver } = await import('../engine/project/resolve.js');

/**
 * Configuration texts also reach `JSON.parse` first (plain JSON is read without the JSONC tokenizer): those that look
 * like a tsconfig are counted too, so `parsed` holds every parse of a configuration by either reader.
 */
const jsonParse = JSON.parse;
const looksLikeConfig = /compilerOptions|ferences"|"files"|"extends"/;

beforeEach(() => {
  parsed.length = 0;
  configStats.length = 0;
  vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    if (typeof text === 'string' && looksLikeConfig.test(text)) parsed.push(text);
    return jsonParse(text, reviver);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const project = tempProjects('cm-config-reads-');

/** An app whose tsconfig is solution-style; its referenced configuration's `baseUrl` resolves `src/...`. */
const solution = (references: string): Record<string, string> => ({
  'tsconfig.json': `{ "files": [], ${references}: [{ "path": "./tsconfig.app.json" }] }\n`,
  'tsconfig.app.json': '{ "extends": "./tsconfig.base.json", "files": ["src/main.ts"] }\n',
  'tsconfig.base.json': '{ "compilerOptions": { "baseUrl": "./" } }\n',
  'src/environments/environment.ts': "export const environment = { api: 'https://api.example.com' };\n",
  'src/app/rooms.service.ts': "import { environment } from 'src/environments/environment';\n",
});

describe("a tsconfig's references", () => {
  it('positive: a solution-style tsconfig resolves a bare specifier through the configuration it references', () => {
    const root = project(solution('"references"'));
    const resolver = new ModuleResolver(root);
    expect(resolver.resolve(path.join(root, 'src/app/rooms.service.ts'), 'src/environments/environment')).toBe(path.join(root, 'src/environments/environment.ts'));
    expect(parsed.some((t) => t.includes('"references"'))).toBe(true);
  });

  it('positive: the key written with an escape (`r\\u0065ferences`) is still parsed and followed', () => {
    const root = project(solution('"r\\u0065ferences"'));
    const resolver = new ModuleResolver(root);
    expect(resolver.resolve(path.join(root, 'src/app/rooms.service.ts'), 'src/environments/environment')).toBe(path.join(root, 'src/environments/environment.ts'));
    expect(parsed.some((t) => t.includes('r\\u0065ferences'))).toBe(true);
  });

  it('look-alike: a tsconfig that lists no references is not parsed for them (the bare specifier stays unresolved)', () => {
    const root = project({
      'tsconfig.json': '{ "compilerOptions": { "strict": true }, "include": ["src"] }\n',
      'src/app/a.ts': "import { x } from 'not-installed';\n",
    });
    const resolver = new ModuleResolver(root);
    for (const spec of ['not-installed', 'also-missing', '@scope/missing']) expect(resolver.resolve(path.join(root, 'src/app/a.ts'), spec)).toBeUndefined();
    expect(parsed).toEqual([]);
    // The counters see this resolver's reads (the tsconfig was looked at), so the empty list above is a count.
    expect(configStats.length).toBeGreaterThan(0);
  });
});

describe('the paths of a tsconfig whose extends is not installed', () => {
  const files = {
    'tsconfig.json': '{ "extends": "some-uninstalled-tsconfig", "compilerOptions": { "paths": { "$lib/*": ["./src/lib/*"] } } }\n',
    'src/lib/a.ts': 'export const a = 1;\n',
    'src/lib/b.ts': 'export const b = 1;\n',
    'src/lib/c.ts': 'export const c = 1;\n',
    'src/routes/deep/page.ts': '',
  };

  it('positive: each specifier resolves through its own paths; the folders above are looked at once, not once per specifier', () => {
    const root = project(files);
    const resolver = new ModuleResolver(root);
    const from = path.join(root, 'src/routes/deep/page.ts');
    expect(resolver.resolve(from, '$lib/a')).toBe(path.join(root, 'src/lib/a.ts'));
    expect(resolver.resolve(from, 'not-installed')).toBeUndefined();
    const afterOne = configStats.length;
    expect(afterOne).toBeGreaterThan(0);
    expect(resolver.resolve(from, '$lib/b')).toBe(path.join(root, 'src/lib/b.ts'));
    expect(resolver.resolve(from, '$lib/c')).toBe(path.join(root, 'src/lib/c.ts'));
    expect(resolver.resolve(from, 'also-missing')).toBeUndefined();
    // Three more resolutions from the same folder: no configuration file is looked for again.
    expect(configStats.length).toBe(afterOne);
  });

  it('look-alike: a folder with a configuration of its own below gets its own answer (the memo is per folder)', () => {
    const root = project({ ...files, 'src/routes/tsconfig.json': '{ "compilerOptions": { "strict": true } }\n' });
    const resolver = new ModuleResolver(root);
    // Below src/routes its own configuration applies (no paths); above it, the root's.
    expect(resolver.resolve(path.join(root, 'src/routes/deep/page.ts'), '$lib/a')).toBeUndefined();
    expect(resolver.resolve(path.join(root, 'src/page.ts'), '$lib/b')).toBe(path.join(root, 'src/lib/b.ts'));
    expect(resolver.resolve(path.join(root, 'src/routes/deep/page.ts'), '$lib/c')).toBeUndefined();
  });
});

describe('inFolder', () => {
  it('is path.join for a plain name, whatever the folder is written as (property)', () => {
    const parts = ['', 'a', 'b.c', '..', '.', 'node_modules', 'x y', 'ü'];
    const names = ['package.json', 'tsconfig.json', '.git', 'node_modules', '.pnp.cjs'];
    let seed = 7;
    const pick = <T>(list: readonly T[]): T => list[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % list.length];
    const dirs = ['/', '/a', '/a/', '//a', '/a//b', '/a/./b', '/a/../b', '/a/..', 'a/b', '.', ''];
    for (let i = 0; i < 400; i++) {
      const n = 1 + (i % 5);
      const segs = Array.from({ length: n }, () => pick(parts));
      dirs.push((i % 3 === 0 ? '' : '/') + segs.join(i % 7 === 0 ? '//' : '/') + (i % 11 === 0 ? '/' : ''));
    }
    for (const dir of dirs) for (const name of names) expect(inFolder(dir, name)).toBe(path.join(dir, name));
  });
});
