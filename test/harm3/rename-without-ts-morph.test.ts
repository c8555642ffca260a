/**
 * Issue 27 (remainder): ts-morph is an optional dependency. Without it, `--fix` cannot rename a property the project
 * declares in its own types together with its uses in other files, so it must not rename any of them (a per-file
 * fix would rename the declaration and leave uses elsewhere, and the project would stop compiling): those findings
 * stay, one line says which renames need ts-morph and how to install it, the other fixes are made, and the run ends
 * as a normal run. ts-morph is made unresolvable in the child process (a `--require` preload that fails its
 * resolution as Node does for a package that is not installed), nothing is uninstalled.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cli, cliInProcess, git, removeTree, tempTree } from '../cli/run.js';

const PRELOAD = `
const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'ts-morph' || request.startsWith('ts-morph/')) {
    const error = new Error("Cannot find module '" + request + "'");
    error.code = 'MODULE_NOT_FOUND';
    throw error;
  }
  return resolve.call(this, request, ...rest);
};
`;

const DECL = `export interface SimRing {
  enabled: boolean;
  answerConfirmationEnabled: boolean;
}
export async function update(workspaceId: string, body: SimRing): Promise<void> {
  await fetch(\`https://webexapis.com/v1/telephony/config/workspaces/\${workspaceId}/simultaneousRing\`, { method: 'PUT', body: JSON.stringify(body) });
}
`;
const USE = `import type { SimRing } from './decl.js';
export function confirm(r: SimRing): boolean {
  return r.answerConfirmationEnabled;
}
export const defaults = (): SimRing => ({ enabled: true, answerConfirmationEnabled: false });
`;
const OTHER = "export const base = 'https://api.ciscospark.com/v1/people';\n";
const TSCONFIG = '{ "compilerOptions": { "strict": true, "module": "nodenext", "noEmit": true }, "include": ["src"] }\n';

/** A temporary tree of `files`, committed in a new git repository (so `--fix` may write). */
function committedTree(files: Record<string, string>): string {
  const dir = tempTree(files);
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, '-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'init');
  return dir;
}

let root: string;
beforeAll(() => {
  assertBuilt();
  root = committedTree({ 'src/decl.ts': DECL, 'src/use.ts': USE, 'src/other.ts': OTHER, 'no-ts-morph.cjs': PRELOAD, 'tsconfig.json': TSCONFIG });
});
afterAll(() => removeTree(root));

const run = (args: string[]) => cli(['--today', '2026-11-01', '--no-progress', ...args, 'src'], { cwd: root, env: { NODE_OPTIONS: `--require ${path.join(root, 'no-ts-morph.cjs')}` } });

describe('--fix without ts-morph installed (issue 27)', () => {
  it('the preload does make ts-morph unresolvable', () => {
    const r = cli(['codemod', '--dry-run'], { cwd: root, env: { NODE_OPTIONS: `--require ${path.join(root, 'no-ts-morph.cjs')}` } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs ts-morph/);
  });

  it('leaves the declared rename unfixed in every file, says once how to install ts-morph, makes the other fixes', () => {
    const r = run(['--fix']);
    // A normal run: the findings left are warnings of a notice in force (exit 0), never a usage error or a crash.
    expect(r.code, r.stderr).toBe(0);
    // Not half-renamed: neither the declaration nor its uses.
    expect(readFileSync(path.join(root, 'src/decl.ts'), 'utf8')).toBe(DECL);
    expect(readFileSync(path.join(root, 'src/use.ts'), 'utf8')).toBe(USE);
    // The other fixes are made.
    expect(readFileSync(path.join(root, 'src/other.ts'), 'utf8')).toContain("'https://webexapis.com/v1/people'");
    const lines = r.stderr.split('\n').filter((l) => l.includes('ts-morph'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('`answerConfirmationEnabled`');
    expect(lines[0]).toContain('npm i -D ts-morph');
    expect(r.stderr).not.toMatch(/Cannot find module|internal error|at .*\.js:\d+/);
    // The findings are still reported.
    expect(r.stdout).toMatch(/answerConfirmationEnabled/);
  });

  it('with ts-morph (no preload), the same repository is renamed in both files', () => {
    git(root, 'checkout', '-q', '--', 'src');
    expect(readFileSync(path.join(root, 'src/other.ts'), 'utf8')).toBe(OTHER);
    const r = cli(['--today', '2026-11-01', '--no-progress', '--fix', 'src'], { cwd: root });
    expect(r.code, r.stderr).toBeLessThanOrEqual(1);
    expect(readFileSync(path.join(root, 'src/decl.ts'), 'utf8')).toContain('answerConfirmationRequiredEnabled: boolean;');
    expect(readFileSync(path.join(root, 'src/use.ts'), 'utf8')).toContain('r.answerConfirmationRequiredEnabled;');
    expect(r.stderr).not.toContain('npm i -D ts-morph');
  });
});

describe('--fix when the project cannot be loaded (a broken tsconfig; issue 28, item 11)', () => {
  let broken: string;
  beforeAll(() => {
    broken = committedTree({ 'src/decl.ts': DECL, 'src/use.ts': USE, 'src/other.ts': OTHER, 'tsconfig.json': '{ "compilerOptions": { "strict": tru' });
  });
  afterAll(() => removeTree(broken));

  it('a property declared in one file and named in another is renamed in neither, and the file says why; the other fixes are made', async () => {
    const r = await cliInProcess(['--today', '2026-11-01', '--no-progress', '--fix', '--format', 'json', 'src'], { cwd: broken });
    expect(r.code, r.stderr).toBeLessThanOrEqual(1);
    expect(readFileSync(path.join(broken, 'src/decl.ts'), 'utf8')).toBe(DECL);
    expect(readFileSync(path.join(broken, 'src/use.ts'), 'utf8')).toBe(USE);
    expect(readFileSync(path.join(broken, 'src/other.ts'), 'utf8')).toContain("'https://webexapis.com/v1/people'");
    expect(r.stdout).toMatch(/needs the project-wide view, which could not be loaded/);
    expect(r.stderr).not.toContain('npm i -D ts-morph');
  });
});

describe('--fix when the declaring file has a suppression comment (it is fixed on its own; issue 28, item 11)', () => {
  const SUPPRESSED = `${DECL}// collab-migrate-ignore-next-line legacy-api-host -- kept for the old tenant\nexport const legacy = 'https://api.ciscospark.com/v1/people';\n`;
  let dir: string;
  beforeAll(() => {
    dir = committedTree({ 'src/decl.ts': SUPPRESSED, 'src/use.ts': USE, 'src/other.ts': OTHER, 'tsconfig.json': TSCONFIG });
  });
  afterAll(() => removeTree(dir));

  it('the declared property named in another file is renamed in neither; the suppressed line stays; the other fixes are made', async () => {
    const r = await cliInProcess(['--today', '2026-11-01', '--no-progress', '--fix', '--format', 'json', 'src'], { cwd: dir });
    expect(r.code, r.stderr).toBeLessThanOrEqual(1);
    expect(readFileSync(path.join(dir, 'src/decl.ts'), 'utf8')).toBe(SUPPRESSED);
    expect(readFileSync(path.join(dir, 'src/use.ts'), 'utf8')).toBe(USE);
    expect(readFileSync(path.join(dir, 'src/other.ts'), 'utf8')).toContain("'https://webexapis.com/v1/people'");
    expect(r.stdout).toMatch(/is declared in one file and named in another/);
  });
});
