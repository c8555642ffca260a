/**
 * A generated repository where every file declares a property that a notice renames and uses the one declared
 * in another file (issue 28, item 14): `--fix` renames each declaration project-wide, with every reference in
 * the other files. Used by `npm run bench` (BENCH_RENAMES=50,150,400) and by the multi-file rename test.
 *
 *   node dist/scripts/gen-renames.js <dir> [--files 50] [--indirect]
 *
 * File `src/ringN.ts` declares `SimRingN` (with `answerConfirmationEnabled`, renamed
 * `answerConfirmationRequiredEnabled` by `workspace-answer-confirmation-renamed`), sends it to the workspace
 * simultaneous ring endpoint (which ties the declaration to the notice with certainty), and reads the
 * property of `SimRing(N-1)` imported from the file before it (the first file imports the last one's). With
 * `indirect`, each file also reads the property of `SimRing(N-2)` through a function of the file before it, a
 * use in a file that does not import the declaring one (the rename search must look further than the importers).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The renamed property and its new name. */
export const RENAMED = { from: 'answerConfirmationEnabled', to: 'answerConfirmationRequiredEnabled' } as const;

/** The text of file `i` of `n`. */
export function renameFile(i: number, n: number, indirect = false): string {
  const prev = (i + n - 1) % n;
  const via = indirect ? `\nexport const via${i} = (): boolean => defaults${prev}().${RENAMED.from};\n` : '';
  return `import ${indirect ? '{ defaults' + prev + ', type' : 'type {'} SimRing${prev} } from './ring${prev}.js';

/** Workspace simultaneous ring settings, as module ${i} models them. */
export interface SimRing${i} {
  enabled: boolean;
  ${RENAMED.from}: boolean;
  phoneNumbers: string[];
}

export async function update${i}(workspaceId: string, body: SimRing${i}): Promise<void> {
  await fetch(\`https://webexapis.com/v1/telephony/config/workspaces/\${workspaceId}/simultaneousRing\`, { method: 'PUT', body: JSON.stringify(body) });
}

export function confirms${i}(ring: SimRing${prev}): boolean {
  const { ${RENAMED.from}: confirm } = ring;
  return confirm && ring.${RENAMED.from};
}

export function defaults${i}(): SimRing${prev} {
  return { enabled: true, ${RENAMED.from}: false, phoneNumbers: [] };
}

declare function fetch(url: string, init: { method: string; body: string }): Promise<unknown>;
${via}`;
}

/** Writes the repository (a tsconfig and `n` files under `src/`), replacing `dir`. */
export function generateRenames(dir: string, n: number, indirect = false): string[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'tsconfig.json'), '{ "compilerOptions": { "strict": true, "module": "nodenext", "target": "es2022", "lib": ["es2022"], "noEmit": true, "skipLibCheck": true }, "include": ["src"] }\n');
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    const file = path.join(dir, 'src', `ring${i}.ts`);
    writeFileSync(file, renameFile(i, n, indirect));
    files.push(file);
  }
  return files;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [dir, ...rest] = process.argv.slice(2);
  if (!dir) {
    process.stderr.write('usage: gen-renames <dir> [--files N]\n');
    process.exit(2);
  }
  const at = rest.indexOf('--files');
  const n = at >= 0 ? Number(rest[at + 1]) : 50;
  generateRenames(dir, n, rest.includes('--indirect'));
  process.stdout.write(`${dir}: ${n} files\n`);
}
