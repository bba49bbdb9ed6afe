/**
 * Cost of the process list's first and last page at N processes, on PostgreSQL (BENCH_DATABASE_URL) or
 * PGlite: the page SQL of the repository, timed in-process (median of 20 runs).
 *   node bench/process-list.ts [processes=10000]
 */
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { listPageSql } from '../src/modules/processes/processes.repository.ts';
import pg from 'pg';

const n = Number(process.argv[2] ?? 10000);
const pgUrl = process.env.BENCH_DATABASE_URL ?? null;
let dbName: string | null = null;
let database;
if (pgUrl) {
  dbName = `docrisk_bench_list_${Date.now()}`;
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`create database ${dbName}`);
  await c.end();
  const u = new URL(pgUrl);
  u.pathname = `/${dbName}`;
  database = await openPostgres(u.toString(), 2);
} else {
  database = await openPglite(null);
}
await database.migrate();
const db = database.db;
const space = '00000000-0000-4000-8000-000000000001';
await db.execute(sql`insert into spaces (id, name, webhook_secret) values (${space}::uuid, 'bench', 'whsec_x')`);
await db.execute(sql`insert into processes (id, space_id, ext_application_id, created_at, updated_at)
  select gen_random_uuid(), ${space}::uuid, 'B-' || i, now() - i * interval '1 second', now() from generate_series(1, ${n}) i`);
await db.execute(sql`analyze`);
const time = async (offset: number) => {
  const ms: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await db.execute(listPageSql({ spaceId: space }, 20, offset));
    ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b)[10]!.toFixed(1);
};
console.log(`${database.kind}, ${n} processes, page of 20: first ${await time(0)} ms, last ${await time(n - 20)} ms (median of 20)`);
await database.close();
if (pgUrl && dbName) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`drop database ${dbName} with (force)`);
  await c.end();
}
