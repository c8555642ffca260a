import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that each take a large share of the run (installs into fresh projects, a build of a clone, crash
 * and hang cases in child processes). On a fresh clone vitest has no durations cached and orders files by size,
 * so one of these could start last and run alone at the end; they start first instead, the rest keep vitest's order.
 */
const SLOW_FIRST = [
  // The `outside` project's clone build: first when a plain `vitest run` runs all three projects.
  'test/clean-clone.test.ts',
  // The packed tarball installed into a newcomer's project (npm installs; its time is mostly in beforeAll).
  'test/package.test.ts',
  // The longest files of the last quiet fresh-clone run (thirtieth session, `a38e942`, 5,243 tests in 263 files; vitest's
  // results cache, seconds of wall), longest first. A file of 20-30 s that started in the last minute would run on after
  // the others had ended, with a core idle (cli-bin-cjs, 27 s, was not listed).
  'test/harm3/deep-shapes.test.ts', // 39.7
  'test/parse-deep.test.ts', // 38.0
  'test/cli-bin-cjs.test.ts', // 27.3
  'test/cache-soundness.test.ts', // 24.3
  'test/walker.test.ts', // 24.1
  'test/hostile.test.ts', // 23.0
  'test/report-browser.test.ts', // 19.9
  'test/action.test.ts', // 16.4
  'test/parity.test.ts', // 15.1
  'test/codemod-command.test.ts', // 14.9
  'test/guarded-reads.test.ts', // 12.2
  'test/cli-fix.test.ts', // 11.4
  'test/gates.test.ts', // 10.4
  'test/cli-harm.test.ts', // 9.7
  'test/eslint-config-files.test.ts', // 9.6
  'test/prefilter.test.ts', // 7.9
  'test/parity-cross-file.test.ts', // 7.4
  'test/pool.test.ts', // 6.8
  'test/harm3/rename-without-ts-morph.test.ts', // 6.7
  'test/cli-baseline.test.ts', // 6.2
  'test/resolve-package-screen.test.ts', // 5.4
  'test/cli-scan.test.ts', // 5.3
  'test/lean-builtins.test.ts', // 4.6
  'test/fix/writer.test.ts', // 4.6
  'test/codemod.test.ts', // 4.5
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const name = relative(process.cwd(), f.moduleId).split('\\').join('/');
      // The files that need a process each go last (see ISOLATED).
      if (ISOLATED.includes(name)) return SLOW_FIRST.length + 1;
      const i = SLOW_FIRST.indexOf(name);
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}

/**
 * Test files that must each have a process of their own. Every other file shares its worker's module cache with
 * the files that ran there before it (`isolate: false`): loading the engine, the plugin and the rule tester again
 * for each file cost about 1.3 s of CPU per file (test/rules/: 59.7 s of CPU isolated, 11.1 s shared). These
 * replace modules (`vi.mock`), set the environment for the modules they load (`vi.stubEnv`, `process.env`), or
 * assert what the process has not loaded yet; harm3/escapes drives `main` from source through the helper that
 * harm3/late-write runs under its mock, and stays apart with it.
 */
const ISOLATED = [
  'test/codemod-lazy.test.ts',
  'test/edits.test.ts',
  'test/harm3/escapes.test.ts',
  'test/harm3/late-write.test.ts',
  'test/harm3/long-lines.test.ts',
  'test/harm3/notice-links.test.ts',
  'test/harm3/writer-race.test.ts',
  'test/plugin-options.test.ts',
  // Counts the resolver's reads through vi.mock, which a module already loaded by another file of the run would bypass.
  'test/resolve-config-reads.test.ts',
  // Counts the same-file function lookups through vi.mock of engine/api/bindings.js, which another file may have loaded.
  'test/forwarder-names.test.ts',
];
/**
 * The from-outside test that neither reads nor needs this checkout's build: it clones the committed HEAD and builds
 * the clone the user's way (the Action's install step, then npm's folder install of the same clone). `npm test` runs
 * it (`vitest run --project outside`, the `test:outside` script) at the same time as the build and the lint of this
 * checkout, and the other two projects once the build is done; a plain `vitest run` runs all three.
 */
const OUTSIDE = ['test/clean-clone.test.ts'];
const EXCLUDE = ['test/fixtures/**', 'node_modules/**', 'dist/**'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's default on a run is one worker fewer than the cores: on a 2-core machine, one test file at a
    // time, with the second core idle while that file waits for the processes it starts (most CLI tests). Two
    // workers still left cores idle: a fresh-clone `npm test` on 2 cores used 321 s of CPU in 253 s (1.27 cores),
    // the tests waiting on the binaries, npm and git they start; with three, 224 s (twenty-sixth session).
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: SlowFirst },
    // Each project names its own files: `extends: true` would add a list set here to a project's.
    projects: [
      { extends: true, test: { name: 'shared', isolate: false, include: ['test/**/*.test.ts'], exclude: [...EXCLUDE, ...ISOLATED, ...OUTSIDE] } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, exclude: EXCLUDE } },
      { extends: true, test: { name: 'outside', include: OUTSIDE, exclude: EXCLUDE } },
    ],
  },
});
