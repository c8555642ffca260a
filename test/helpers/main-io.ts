/**
 * The command line's `main`, from source, run in this process with a quiet CI environment: what it prints to
 * stdout and stderr is collected as text. Module mocks of the calling test file (`vi.mock`) apply to it.
 */
import { main } from '../../cli/main.js';
import type { Io } from '../../cli/io.js';

export async function runMain(cwd: string, argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = {
    cwd,
    env: { CI: 'true', NO_COLOR: '1' },
    stdout: { write: (s: string) => ((out += s), true) } as unknown as Io['stdout'],
    stderr: { write: (s: string) => ((err += s), true) } as unknown as Io['stderr'],
  };
  const code = await main(argv, io);
  return { code, out, err };
}
