import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/fixtures/**', 'node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's default on a run is one worker fewer than the cores: on a 2-core machine, one test file at a
    // time, with the second core idle while that file waits for the processes it starts (most CLI tests).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
