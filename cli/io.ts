import { fstatSync, readSync } from 'node:fs';

/**
 * What a command handler may touch of the outside world; injected so handlers stay testable and the
 * clock is read in exactly one place (`realToday`).
 */
export interface Io {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** Standard input (`--stdin-files`); absent where nothing can be read from it. */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /**
   * Standard input read at once, without a stream (see {@link readDescriptor}): undefined where it cannot be (a terminal,
   * Windows, no such function), and then {@link stdin} is read. `ended` false: {@link stdin} holds the rest.
   */
  readStdin?: (max: number) => { bytes: Buffer; ended: boolean } | undefined;
  /**
   * Called with the paths a scan will walk once a list on standard input has been read (`--stdin-files`), before the
   * walk starts: the binary sets V8's flags for a long list there (cli/fast.ts, cli/bin.cts).
   */
  onStdinPaths?: (paths: readonly string[]) => void;
}

/** The process's own; `streams` in place of `process.stdout` and `process.stderr` (cli/fast.ts). */
export function processIo(streams?: Partial<Pick<Io, 'stdout' | 'stderr'>>): Io {
  // process.stdin is made on first use (a stream over the terminal or pipe: 1-2% of a one-file scan); only
  // --stdin-files reads it.
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: streams?.stdout ?? process.stdout,
    stderr: streams?.stderr ?? process.stderr,
    get stdin() {
      return process.stdin;
    },
    readStdin: (max) => readDescriptor(0, max),
  };
}

/**
 * What descriptor `fd` holds up to its end, read with `fs.readSync` when it is a regular file, a pipe or a socket (never a
 * terminal; not on Windows): at most `max` + 1 bytes (more is the caller's error to report). `process.stdin` over a
 * pipe is a `net` socket, and making it and reading it with `for await` cost ~25 M instructions, as much as the rest of
 * a one-file scan's set-up (issue 30, item 2; docs/performance.md, "Twenty-sixth session: 30start5"). A read the descriptor refuses
 * (EAGAIN: a non-blocking pipe with nothing in it yet) or fails gives what was read with `ended` false, and the caller
 * reads the rest from the stream, which waits or reports the error as before. Undefined when the descriptor is none
 * of these kinds (or not open): nothing was read.
 */
export function readDescriptor(fd: number, max: number): { bytes: Buffer; ended: boolean } | undefined {
  if (process.platform === 'win32') return undefined;
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() && !stats.isFIFO() && !stats.isSocket()) return undefined;
  } catch {
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    let read: number;
    try {
      read = readSync(fd, chunk, 0, chunk.length, null);
    } catch {
      return { bytes: Buffer.concat(chunks), ended: false };
    }
    if (read === 0) return { bytes: Buffer.concat(chunks), ended: true };
    chunks.push(chunk.subarray(0, read));
    size += read;
    if (size > max) return { bytes: Buffer.concat(chunks), ended: true };
  }
}

/** The local calendar day, `YYYY-MM-DD`. The only place collab-migrate reads the clock. */
export function realToday(now: Date = new Date()): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
