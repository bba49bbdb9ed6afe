/**
 * `npm run test:db`: the tests that use a test database (test/helpers/db-files.ts finds them by their
 * imports, less those that say PGlite is enough), once more on real PostgreSQL. Everything else behaves
 * the same on PGlite and already ran in `npm test`.
 */
import { defineConfig } from 'vitest/config';
import { databaseTestFiles } from './test/helpers/db-files.ts';
import base from './vitest.config.ts';

if (!process.env.TEST_DATABASE_URL)
  throw new Error(
    'npm run test:db repeats the database tests on PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
  );

export default defineConfig({ ...base, test: { ...base.test, include: databaseTestFiles() } });
