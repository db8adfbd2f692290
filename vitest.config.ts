import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Vitest's default is one fork less than the cores: on 2 cores, one file at a time. Most files
    // wait on the processes they spawn (the CLI, workers, Redis, Chromium), so two at a time
    // overlap those waits: the whole suite took 652 s against 963 s at one, at load 8-10.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
