/**
 * A batch of found files as the walker thread posts it (cli/walk/walker.ts `packFiles`): columns for the files of the
 * usual shape, the others whole. Unpacked, every file is the one found (same fields, same values, same order), the
 * display path a slice of the absolute path when it ends it, and a batch survives the structured clone a message is.
 */
import { describe, expect, it } from 'vitest';
import type { FoundFile } from '../cli/walk/files.js';
import { packFiles, unpackFiles } from '../cli/walk/walker.js';

const LIMIT = 2 * 1024 * 1024;

const files: FoundFile[] = [
  { path: '/r/src/a.ts', display: 'src/a.ts', language: 'ts', maxSize: LIMIT },
  { path: '/r/b.js', display: 'b.js', language: 'js', maxSize: LIMIT },
  { path: '/r/page.html', display: 'page.html', language: 'html', maxSize: LIMIT },
  { path: '/r/tsconfig.json', display: 'tsconfig.json', language: 'config', maxSize: LIMIT },
  // Other shapes: the walk's stat, a generated file kept, a bundle with its map, another limit.
  { path: '/r/c.ts', display: 'c.ts', language: 'ts', size: 12, mtimeMs: 1700000000000.5 },
  { path: '/r/dist/d.js', display: 'dist/d.js', language: 'js', maxSize: LIMIT, keepGenerated: true },
  { path: '/r/e.js', display: 'e.js', language: 'js', maxSize: LIMIT, bundleMap: '/r/e.js.map' },
  { path: '/r/f.ts', display: 'f.ts', language: 'ts', maxSize: 10 },
  // Display paths that do not end the path after a `/`: outside the working folder, a look-alike suffix, the same text.
  { path: '/elsewhere/g.ts', display: '../elsewhere/g.ts', language: 'ts', maxSize: LIMIT },
  { path: '/r/xh.ts', display: 'h.ts', language: 'ts', maxSize: LIMIT },
  { path: 'i.ts', display: 'i.ts', language: 'ts', maxSize: LIMIT },
  { path: '/r/src/j.ts', display: 'src/j.ts', language: 'ts', maxSize: LIMIT },
];

describe('packed batches of the walker thread', () => {
  it('unpack to the files found, in order, through a structured clone', () => {
    const packed = packFiles(files, LIMIT);
    expect(packed.others).toHaveLength(7);
    expect(packed.paths.filter((p) => p !== '')).toHaveLength(5);
    const back = unpackFiles(structuredClone(packed));
    expect(back).toEqual(files);
    // The same fields, in the same order (a report or cache entry made from them reads alike).
    expect(back.map((f) => Object.keys(f))).toEqual(files.map((f) => Object.keys(f)));
  });

  it('an empty batch, and a batch of one shape only', () => {
    expect(unpackFiles(structuredClone(packFiles([], LIMIT)))).toEqual([]);
    const plain = files.slice(0, 4);
    const packed = packFiles(plain, LIMIT);
    expect(packed.others).toEqual([]);
    expect(unpackFiles(structuredClone(packed))).toEqual(plain);
    const stat = files.slice(4, 5);
    expect(unpackFiles(structuredClone(packFiles(stat, LIMIT)))).toEqual(stat);
  });

  it('the display path is kept as the end of the path, the language as one shared string', () => {
    const back = unpackFiles(structuredClone(packFiles(files, LIMIT)));
    for (const f of back) expect(typeof f.language).toBe('string');
    expect(back[0].display).toBe('src/a.ts');
    expect(back[0].path.endsWith(back[0].display)).toBe(true);
    expect(back[9].display).toBe('h.ts');
  });
});
