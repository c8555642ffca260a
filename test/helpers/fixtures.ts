/**
 * Fixture discovery (never listed by hand). Layout, per notice id:
 *   test/fixtures/<id>/<case>.input.<ext>   ->  <case>.output.<ext>   autofix result on or after the effective date
 *                                                                     (the final form), exact bytes
 *   test/fixtures/<id>/<case>.transitional.<ext>                     autofix result the day before the effective
 *                                                                     date (the transitional form); every pair of an
 *                                                                     `expand-contract` notice has one
 *   test/fixtures/<id>/<case>.options.json                           engine options for that case (e.g. {"region":"eu"})
 *   test/fixtures/<id>/invalid/<file>        every line carrying `expect: <id>` in a comment must be reported, and nothing else
 *   test/fixtures/<id>/valid/<file>          look-alikes: nothing may be reported for <id>
 * JSON files cannot hold comments: their expected lines go in a sidecar `<file>.expect.json` ([line, ...]).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineOptions } from '../../engine/types.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

export interface FixPair {
  id: string;
  name: string;
  input: string;
  output: string;
  /** The transitional form's expected bytes (`<case>.transitional.<ext>`), when the pair has one. */
  transitional?: string;
  options: EngineOptions;
}

export interface MarkedFile {
  id: string;
  file: string;
  /** Lines (1-based) that must be reported for `id`. */
  lines: number[];
}

const isData = (f: string): boolean => f.endsWith('.options.json') || f.endsWith('.expect.json');

export function fixtureIds(): string[] {
  if (!existsSync(FIXTURES)) return [];
  return readdirSync(FIXTURES).filter((d) => statSync(join(FIXTURES, d)).isDirectory()).sort();
}

export function fixPairs(id?: string): FixPair[] {
  const pairs: FixPair[] = [];
  for (const dir of id ? [id] : fixtureIds()) {
    const folder = join(FIXTURES, dir);
    if (!existsSync(folder)) continue;
    for (const f of readdirSync(folder).sort()) {
      const m = /^(.*)\.input\.([\w.]+)$/.exec(f);
      if (!m) continue;
      const output = join(folder, `${m[1]}.output.${m[2]}`);
      const optionsFile = join(folder, `${m[1]}.options.json`);
      const transitional = join(folder, `${m[1]}.transitional.${m[2]}`);
      pairs.push({
        id: dir,
        name: `${m[1]}.${m[2]}`,
        input: join(folder, f),
        output,
        ...(existsSync(transitional) ? { transitional } : {}),
        options: existsSync(optionsFile) ? (JSON.parse(readFileSync(optionsFile, 'utf8')) as EngineOptions) : {},
      });
    }
  }
  return pairs;
}

function listFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => !isData(f) && statSync(join(folder, f)).isFile())
    .sort()
    .map((f) => join(folder, f));
}

/** Lines marked `expect: <id>` (or listed in the `.expect.json` sidecar). */
export function expectedLines(file: string, id: string): number[] {
  const sidecar = `${file}.expect.json`;
  if (existsSync(sidecar)) return JSON.parse(readFileSync(sidecar, 'utf8')) as number[];
  const lines: number[] = [];
  readFileSync(file, 'utf8').split(/\r\n|\r|\n/).forEach((line, i) => {
    const m = /expect:\s*([\w-]+(?:\s*,\s*[\w-]+)*)/.exec(line);
    if (m && m[1].split(/\s*,\s*/).includes(id)) lines.push(i + 1);
  });
  return lines;
}

export function invalidFiles(id?: string): MarkedFile[] {
  return (id ? [id] : fixtureIds()).flatMap((dir) =>
    listFiles(join(FIXTURES, dir, 'invalid')).map((file) => ({ id: dir, file, lines: expectedLines(file, dir) })),
  );
}

export function validFiles(id?: string): Array<{ id: string; file: string }> {
  return (id ? [id] : fixtureIds()).flatMap((dir) => listFiles(join(FIXTURES, dir, 'valid')).map((file) => ({ id: dir, file })));
}

export const display = (file: string): string => file.slice(FIXTURES.length);
export { basename };

/** The JavaScript/TypeScript files below a folder, every level (the project fixtures' modules), in listing order. */
export function sourceFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFilesUnder(full));
    else if (/\.(ts|js|mjs|cjs|tsx|jsx)$/.test(name)) out.push(full);
  }
  return out;
}
