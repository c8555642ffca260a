/**
 * `npm test`'s runner: `node scripts/run-at-once.mjs [--live SCRIPT] LANE...`, where a lane is an npm script or
 * several steps joined by `+` (`build+test:checkout`: the second starts only when the first passed), and a step is
 * one script or several joined by `,` that start together (`build+test:checkout,check:tests`: both start once the
 * build passed; the step passes when all of them did). The lanes run at the same time; the exit code is 1 when any
 * script failed or did not start. Each script's stdout and stderr are printed whole when it ends (not interleaved),
 * except the `--live` one's, which goes straight to the terminal (the vitest run, whose progress is worth seeing as
 * it comes).
 *
 * `npm test` runs three lanes: the lint; the clean-clone test (the `outside` vitest project, which builds a clone of
 * HEAD and reads nothing of this checkout's build); and this checkout's build (`tsc -b tsconfig.build.json`, then
 * the bundle), followed at the same time by the other two vitest projects, which run on this build, and the type
 * check of the tests (`tsc -b tsconfig.test.json`: the build is up to date by then, so it only checks test/ and
 * writes nothing the tests read). Neither lane reads what another writes (ESLint ignores dist/ and is not
 * type-aware; the clone is a folder of its own), so on two cores the tests start as soon as the build is done,
 * while the lint, the clone's build and the tests' type check still run, and no core waits for the slowest of them.
 * A type error in the sources fails the build and the tests on this checkout do not run; one in the tests fails
 * `check:tests` (vitest does not type-check, so the tests still run and report); either way the exit code is 1.
 * Plain JavaScript: it runs before anything is built.
 */
import { spawn } from 'node:child_process';

const windows = process.platform === 'win32';

/** Runs `npm run <script>`; resolves with its exit code and (unless live) its stdout and stderr as one text. */
function run(script, live) {
  return new Promise((resolve) => {
    const child = spawn(windows ? 'npm.cmd' : 'npm', ['run', script], { stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'], shell: windows });
    const out = [];
    child.stdout?.on('data', (chunk) => out.push(chunk));
    child.stderr?.on('data', (chunk) => out.push(chunk));
    child.on('error', (error) => resolve({ script, code: 1, text: `${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ script, code: code ?? 1, text: Buffer.concat(out).toString('utf8') + (signal ? `(ended by ${signal})\n` : '') }));
  });
}

function report({ script, code, text }) {
  process.stdout.write(text);
  if (code !== 0) process.stderr.write(`npm run ${script} failed (exit ${code})\n`);
}

const args = process.argv.slice(2);
let live;
const liveAt = args.indexOf('--live');
if (liveAt >= 0) [live] = args.splice(liveAt, 2).slice(1);

/**
 * Runs a lane's steps one after another (the scripts of one step at the same time, each reported as it ends); stops
 * after the first step in which a script failed. Resolves with whether all passed.
 */
async function lane(steps) {
  for (const [i, step] of steps.entries()) {
    const results = await Promise.all(step.map((script) => run(script, script === live).then((result) => (report(result), result))));
    const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
    if (failed.length > 0) {
      for (const skipped of steps.slice(i + 1).flat()) process.stderr.write(`npm run ${skipped} not run: ${failed.join(', ')} failed\n`);
      return false;
    }
  }
  return true;
}

const passed = await Promise.all(args.map((a) => lane(a.split('+').map((step) => step.split(',')))));
process.exitCode = passed.every(Boolean) ? 0 : 1;
