/**
 * The scan of a command line that cli/fast-args.ts reads (a pre-commit hook, lint-staged, an editor task), as one
 * function: the entry of the CommonJS bundle `dist/cli/bin-fast.cjs` that the package's binary (`dist/cli/bin.cjs`,
 * scripts/code-cache.ts `launcherText`) runs without Node's ES module loader (issue 30, item 2). The same modules
 * and the same steps as cli/index.ts and cli/main.ts take for such a command line; any other command line returns
 * undefined, and the binary imports the ES module one (`dist/cli/bin.js`), which reads it with yargs.
 */
import { fstatSync, statSync, writeSync } from 'node:fs';
import { run } from './commands/scan.js';
import type { ScanArgs } from './commands/scan-options.js';
import { reportFailure } from './errors.js';
import { fastScanArgs } from './fast-args.js';
import { type Io, processIo } from './io.js';
import { prestartWalker, wantInterruptBudget } from './walk/prestart.js';

type Writer = Io['stdout'];

/**
 * Standard output or error written with `fs.writeSync` on its descriptor when that is a file, a pipe, a socket or
 * `/dev/null` (never a terminal): `process.stdout` and `process.stderr` are streams that Node builds on first use,
 * loading its stream modules (and `net` for a pipe), 3.5 M instructions of a one-file scan whose output goes to
 * `/dev/null` and more for a pipe (issue 30, item 2; docs/performance.md, round twenty-five). The same bytes reach the
 * same descriptor in the same order: Node writes these kinds synchronously on Linux too. A write the descriptor refuses
 * (a full non-blocking pipe, a reader gone: EAGAIN, EPIPE) hands that write and every later one to the stream itself,
 * made then (`stream()`), which waits or reports the error as before. Undefined where that cannot be told without
 * `node:tty` (a character device other than `/dev/null` may be a terminal) or on Windows: then the stream is used.
 */
export function descriptorWriter(fd: 1 | 2, stream: () => NodeJS.WriteStream): Writer | undefined {
  if (process.platform === 'win32') return undefined;
  try {
    const stats = fstatSync(fd);
    if (stats.isCharacterDevice()) {
      if (statSync('/dev/null').rdev !== stats.rdev) return undefined;
    } else if (!stats.isFile() && !stats.isFIFO() && !stats.isSocket()) return undefined;
  } catch {
    return undefined;
  }
  let handed: NodeJS.WriteStream | undefined;
  const writer = {
    isTTY: false,
    write(chunk: string | Uint8Array, ...rest: unknown[]): boolean {
      if (handed) return (handed.write as (...args: unknown[]) => boolean)(chunk, ...rest);
      const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
      const done = rest.find((r): r is (error?: Error | null) => void => typeof r === 'function');
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      let at = 0;
      try {
        while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at);
      } catch {
        handed = stream();
        return done ? handed.write(bytes.subarray(at), done) : handed.write(bytes.subarray(at));
      }
      if (done) process.nextTick(done);
      return true;
    },
  };
  return writer as unknown as Writer;
}

/**
 * Runs the scan `argv` asks for and gives its exit code, or undefined when yargs must read `argv`. `beforeScan` sees
 * the arguments read before anything of the scan runs (with `--stdin-files`: the paths listed, once the list is read,
 * before the walk starts), and says whether the scan wants V8's interrupt budget (cli/bin.cts; set later,
 * cli/walk/prestart.ts); `onStdout`
 * sees `process.stdout` when the scan first makes it (the binary listens for a reader that stops early there).
 */
export function fastStart(argv: readonly string[], beforeScan?: (args: ScanArgs) => boolean, onStdout?: (stdout: NodeJS.WriteStream) => void): Promise<number> | undefined {
  const args = fastScanArgs(argv);
  if (args === undefined) return undefined;
  // A scan of a folder walks it in a thread of its own, started first: Node starts the thread while this one loads the
  // analysis (beforeScan, cli/bin.cts) and reads the settings (cli/index.ts).
  prestartWalker(argv, process.cwd());
  // A list on standard input: the paths are known once it is read (cli/commands/scan.ts), and beforeScan sees them then.
  if (!args.stdinFiles && beforeScan?.(args)) wantInterruptBudget();
  const stdout = (): NodeJS.WriteStream => {
    onStdout?.(process.stdout);
    return process.stdout;
  };
  const io = processIo({ stdout: descriptorWriter(1, stdout) ?? stdout(), stderr: descriptorWriter(2, () => process.stderr) });
  if (args.stdinFiles && beforeScan) {
    io.onStdinPaths = (paths) => {
      if (beforeScan({ ...args, paths: [...paths], stdinFiles: false })) wantInterruptBudget();
    };
  }
  return run(args, io).catch((error: unknown) => reportFailure(error, io, Boolean(args.debug)));
}
