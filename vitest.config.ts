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
  'test/git-install.test.ts',
  'test/package.test.ts',
  'test/harm3/deep-shapes.test.ts',
  'test/parse-deep.test.ts',
  'test/hostile.test.ts',
  'test/cli-harm.test.ts',
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.indexOf(relative(process.cwd(), f.moduleId).split('\\').join('/'));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/fixtures/**', 'node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's default on a run is one worker fewer than the cores: on a 2-core machine, one test file at a
    // time, with the second core idle while that file waits for the processes it starts (most CLI tests).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: SlowFirst },
  },
});
