/**
 * `node scripts/run-at-once.mjs build:checked lint`, `npm test`'s first step: runs those npm scripts at the same
 * time; vitest (the test script's next command) runs only when both passed. Neither reads what the other
 * writes (ESLint ignores dist/ and is not type-aware), and each runs on one thread, so on two cores the lint's
 * 12 s of CPU on a fresh clone no longer adds to the build's time. Each one's output is printed whole when it
 * ends (not interleaved); the exit code is 1 when either failed. Plain JavaScript: it runs before anything is
 * built.
 */
import { spawn } from 'node:child_process';

const windows = process.platform === 'win32';

/** Runs `npm run <script>`; resolves with its exit code and its stdout and stderr as one text. */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn(windows ? 'npm.cmd' : 'npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: windows });
    const out = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => out.push(chunk));
    child.on('error', (error) => resolve({ script, code: 1, text: `${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ script, code: code ?? 1, text: Buffer.concat(out).toString('utf8') + (signal ? `(ended by ${signal})\n` : '') }));
  });
}

const scripts = process.argv.slice(2);
const results = await Promise.all(scripts.map((script) => run(script)));
for (const { script, code, text } of results) {
  process.stdout.write(text);
  if (code !== 0) process.stderr.write(`npm run ${script} failed (exit ${code})\n`);
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
