/** Spawns the built binary (`dist/cli/bin.js`, the bundled command line) on temporary folders. Build first: `npm run build`. */
import { afterEach } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const BIN = fileURLToPath(new URL('../../dist/cli/bin.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function assertBuilt(): void {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "npm run build" first`);
}

export function cli(args: readonly string[], opts: { cwd: string; env?: Record<string, string | undefined>; input?: string }): CliResult {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: undefined, COLLAB_MIGRATE_TODAY: undefined, ...opts.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: opts.cwd, env, encoding: 'utf8', input: opts.input ?? '', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A temporary folder with files; returns its path. */
export function tempTree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cm-cli-'));
  writeTree(root, files);
  return root;
}

export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

export function removeTree(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

export function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' },
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

/**
 * Temporary trees for the tests of one file: `tree(files)` makes one, and every tree a test made is removed
 * after it. Call at the top level of a test file (or a describe).
 */
export function tempTrees(): (files: Record<string, string | Buffer>) => string {
  let dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs) removeTree(d);
    dirs = [];
  });
  return (files) => {
    const d = tempTree(files);
    dirs.push(d);
    return d;
  };
}

/** stderr without the note `--fix` writes outside a git repository (there is no undo): for tests about something else. */
export function withoutNoUndoNote(stderr: string): string {
  return stderr.replace(/^collab-migrate --fix: .* not in a git repository, so there is no undo .*\n/m, '');
}

/**
 * The CLI run in this process: `main` of the built command line (`dist/cli/main.js`, what `dist/cli/bin.js` runs)
 * with the same environment as {@link cli}, an empty stdin, and stdout and stderr collected. For tests of what
 * the CLI decides and prints, where a spawn proves nothing more: no process start, and the catalog, parsers and
 * validators are loaded once per test file instead of once per run. What only a process shows (exit on a signal,
 * a crash, a hang, the bundle's own loading, writes to a real terminal) stays with {@link cli}.
 */
export async function cliInProcess(args: readonly string[], opts: { cwd: string; env?: Record<string, string | undefined>; input?: string }): Promise<CliResult> {
  const { main } = (await import(pathToFileURL(MAIN).href)) as typeof import('../../cli/main.js');
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: undefined, COLLAB_MIGRATE_TODAY: undefined, ...opts.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const collect = (): Writable & { text: () => string } => {
    const chunks: Buffer[] = [];
    const stream = new Writable({
      write(chunk: Buffer | string, encoding, done) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding));
        done();
      },
    });
    return Object.assign(stream, { text: () => Buffer.concat(chunks).toString('utf8') });
  };
  const stdout = collect();
  const stderr = collect();
  const code = await main(args, { cwd: opts.cwd, env, stdout, stderr, stdin: Readable.from([Buffer.from(opts.input ?? '')]) });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
