/**
 * Test databases: a fresh PostgreSQL database per call when TEST_DATABASE_URL is set (CI runs both),
 * otherwise an in-memory PGlite restored from a migrated template (≈0.6 s instead of ≈4 s). The template
 * is made once per vitest run and shared by its files through the file test/helpers/global-setup.ts
 * names (DOCRISK_TEST_PGLITE_TEMPLATE); without it (a script outside vitest), once per process.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/db/client.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? null;
export const dbKind = TEST_DATABASE_URL ? 'postgres' : 'pglite';

let template: Promise<Blob> | null = null;

async function pgliteTemplate(): Promise<Blob> {
  const file = process.env.DOCRISK_TEST_PGLITE_TEMPLATE;
  if (file && existsSync(file)) return new Blob([readFileSync(file)]);
  const db = await openPglite(null);
  await db.migrate();
  const blob = (await db.pglite!.dumpDataDir('none')) as Blob;
  await db.close();
  if (file) {
    // Written aside and renamed: a file that reads it sees all of it (two makers at once: the same content).
    const part = `${file}.${process.pid}`;
    writeFileSync(part, new Uint8Array(await blob.arrayBuffer()));
    renameSync(part, file);
  }
  return blob;
}

/**
 * Makes (or loads) the run's migrated template now: a test that copies it in its body calls this in a
 * `beforeAll` with a long budget, so the first file of a run that makes it (≈ 12 CPU s) does not spend
 * its test's budget on it.
 */
export async function pgliteTemplateReady(): Promise<void> {
  await (template ??= pgliteTemplate());
}

/**
 * Makes `dir` a PGlite data directory holding the migrated template: what a service opens from disk (on
 * its database thread, DOCRISK_PGLITE_THREAD) without migrating an empty one first (≈ 12 CPU s each time;
 * the template's dump is a tar of the data directory). `dir` must not exist or be empty.
 */
export async function migratedPgliteDir(dir: string): Promise<string> {
  const blob = await (template ??= pgliteTemplate());
  mkdirSync(dir, { recursive: true });
  const tar = `${dir}.template.tar`;
  writeFileSync(tar, new Uint8Array(await blob.arrayBuffer()));
  try {
    // Its members are named from the data directory's root ("/pg_wal/…"): GNU tar extracts them below
    // `dir` and says so on stderr (kept for a failure's message only).
    execFileSync('tar', ['-xf', tar, '-C', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  } finally {
    rmSync(tar, { force: true });
  }
  return dir;
}

export interface TestDatabase {
  database: Database;
  url: string | null;
  drop(): Promise<void>;
}

/** A new empty database with migrations applied. */
export async function createTestDatabase(opts: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = opts.migrated ?? true;
  if (!TEST_DATABASE_URL) {
    const database = migrated ? await openPglite(null, await (template ??= pgliteTemplate())) : await openPglite(null);
    return { database, url: null, drop: () => database.close() };
  }
  const name = `docrisk_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  if (migrated) await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
