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
  };
}

/** The local calendar day, `YYYY-MM-DD`. The only place collab-migrate reads the clock. */
export function realToday(now: Date = new Date()): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
