/**
 * `npm run test:db`: the tests that use a test database (test/helpers/db-files.ts finds them by their
 * imports, less those that say PGlite is enough), once more on real PostgreSQL. Everything else behaves
 * the same on PGlite and already ran in `npm test`.
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { databaseTestFiles } from './test/helpers/db-files.ts';
import base from './vitest.config.ts';

if (!process.env.TEST_DATABASE_URL)
  throw new Error(
    'npm run test:db repeats the database tests on PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
  );

// CI runs it beside `npm test` (.ci/run): vitest's default worker count (cores − 1), not npm test's two.
export default defineConfig({
  ...base,
  test: { ...base.test, include: databaseTestFiles(), maxWorkers: Math.max(1, availableParallelism() - 1) },
});
