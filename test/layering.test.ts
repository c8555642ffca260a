/**
 * The layering of ../shared/DESIGN.md, enforced (issue 25): imports only go down
 * `engine <- rules, codemods <- cli` (and scripts, which may use anything), so no file under `engine/`,
 * `rules/` or `codemods/` (or the package's `jscodeshift.ts` entry) imports from `cli/`, the engine imports
 * neither adapter, and there is no import cycle anywhere in the project's own TypeScript (static imports,
 * re-exports, `import type`, dynamic `import()` and `require()` of a relative path all count: a cycle of
 * types only is still two files that cannot be read apart).
 *
 * The graph is read with TypeScript's `preProcessFile` (the compiler's own import scanner, already a
 * dependency), so a commented-out import or a string that looks like one is not an edge.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SOURCE_DIRS = ['engine', 'rules', 'codemods', 'cli', 'scripts'];
const SOURCE_FILES = ['jscodeshift.ts'];

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) walk(rel, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(rel);
  }
}

/** Project files (relative, `/`) and, for each, the project files it imports. */
export function importGraph(): Map<string, string[]> {
  const files: string[] = [...SOURCE_FILES];
  for (const dir of SOURCE_DIRS) walk(dir, files);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const info = ts.preProcessFile(text, true, true);
    const specifiers = info.importedFiles.map((f) => f.fileName).filter((s) => s.startsWith('./') || s.startsWith('../'));
    const targets = new Set<string>();
    for (const spec of specifiers) {
      const joined = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const candidates = [joined.replace(/\.js$/, '.ts'), `${joined}.ts`, `${joined}/index.ts`];
      const hit = candidates.find((c) => known.has(c));
      if (hit) targets.add(hit);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Every cycle's members (strongly connected components of more than one file, or a file importing itself). */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  // Iterative Tarjan: the project's graph is a few hundred files, but recursion depth is not ours to assume.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || edges.includes(frame.node)) found.push(component.sort());
      }
    }
  }
  return found;
}

/** The layer a file belongs to; a file may import its own layer and the ones below it. */
function layerOf(file: string): number {
  if (file.startsWith('engine/')) return 0;
  if (file.startsWith('rules/') || file.startsWith('codemods/') || file === 'jscodeshift.ts') return 1;
  if (file.startsWith('cli/')) return 2;
  return 3; // scripts/
}

describe('layering (DESIGN.md: imports only go down)', () => {
  const graph = importGraph();

  it('reads the whole project', () => {
    expect(graph.size).toBeGreaterThan(100);
    // The scanner sees every kind of import the project writes.
    expect(graph.get('engine/analyze.ts')).toContain('engine/parse/parse.ts');
    expect(graph.get('engine/fix/migrate.ts')).toContain('engine/project/ts-morph.ts'); // a dynamic import()
  });

  it('no file imports from a layer above its own (nothing under engine/, rules/ or codemods/ reaches cli/)', () => {
    const upward: string[] = [];
    for (const [from, targets] of graph) {
      for (const to of targets) if (layerOf(to) > layerOf(from)) upward.push(`${from} -> ${to}`);
    }
    expect(upward).toEqual([]);
  });

  it('no import cycle anywhere', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('the cycle check finds a cycle when there is one (and a self-import)', () => {
    const g = new Map<string, string[]>([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['a']],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c'], ['d']]);
  });
});
