import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

process.env.TZ = 'UTC';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['node_modules/**', 'portal/**'],
    pool: 'forks',
    // Most test files wait on OCR children, servers, timers and the database: two files at a time even on two
    // cores (vitest's default, cores − 1, ran one at a time there; BENCHMARKS.md "CI time").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['test/helpers/global-setup.ts'],
    // DOCRISK_TEST_CPU_LOG=FILE: each test file's CPU, its children's included (bench/ci-cpu.ts reads it).
    setupFiles: process.env.DOCRISK_TEST_CPU_LOG ? ['test/helpers/cpu-probe.ts'] : [],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { TZ: 'UTC' },
  },
});
