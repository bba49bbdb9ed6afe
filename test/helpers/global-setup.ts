/**
 * Once per vitest run (vitest.config.ts `globalSetup`): a directory for what the run's test files share.
 * The migrated PGlite template of test/helpers/db.ts is kept there as a file, made by the first test file
 * that needs a database and loaded by the others (a migration per file cost 2–4 s of CPU); the directory
 * goes when the run ends, so no run sees another's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-vitest-'));
  process.env.DOCRISK_TEST_PGLITE_TEMPLATE = path.join(dir, 'pglite-template.tar');
  return () => rmSync(dir, { recursive: true, force: true });
}
