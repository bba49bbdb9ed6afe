/**
 * The migrated PGlite template as a data directory (test/helpers/db.ts `migratedPgliteDir`): tests that need
 * a service's on-disk database — PGlite on its own thread, reopened after a restart — start from it instead
 * of migrating an empty one (≈ 12 CPU s each). It must be the same database a migration makes: it opens on
 * the database thread with every table, and migrating it again finds nothing to do.
 */
// db-selection: PGlite is enough — the PGlite template copied to a data directory; nothing of PostgreSQL
// db-selection: embedded engine only — it opens PGlite data directories itself; PostgreSQL has none
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../src/db/client.ts';
import { PGliteThread } from '../src/db/pglite-threaded.ts';
import { createTestDatabase, migratedPgliteDir } from './helpers/db.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-template-dir-'));
const open: Database[] = [];
afterAll(async () => {
  for (const d of open) await d.close();
  rmSync(dir, { recursive: true, force: true });
});

const tables = async (d: Database) =>
  ((await d.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`)) as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);

describe('the migrated template as a data directory', { timeout: 180_000 }, () => {
  it('opens on the database thread with the tables of a migrated database, and a migration changes nothing', async () => {
    const fresh = await createTestDatabase();
    open.push(fresh.database);
    const want = await tables(fresh.database);
    expect(want.length).toBeGreaterThan(10);

    const d = await openPglite(await migratedPgliteDir(path.join(dir, 'pgdata')));
    open.push(d);
    expect(d.pglite).toBeInstanceOf(PGliteThread);
    expect(await tables(d)).toEqual(want);
    const applied = async () => ((await d.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const before = await applied();
    expect(before).toBeGreaterThan(0);
    await d.migrate();
    expect(await applied()).toBe(before);
    // A working database: a write and a read back.
    await d.db.execute(sql`insert into meta (key, value) values ('template-dir', '"1"')`);
    expect(((await d.db.execute(sql`select value from meta where key = 'template-dir'`)) as unknown as { rows: { value: string }[] }).rows[0]?.value).toBe('1');
  });
});
