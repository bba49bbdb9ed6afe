import os from 'node:os';
import { defineConfig } from 'vitest/config';

process.env.TZ = 'UTC';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['node_modules/**', 'portal/**'],
    pool: 'forks',
    // One test file per core, not vitest's default of cores − 1 (a single worker on a 2-core CI host):
    // most of the suite's time is spent waiting — on OCR worker threads, child processes, servers,
    // heartbeats — so a second file fills the other core (BENCHMARKS.md "CI time").
    maxWorkers: Math.max(2, os.availableParallelism()),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { TZ: 'UTC' },
  },
});
