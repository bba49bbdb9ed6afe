// db-selection: embedded engine only — PGlite on its own thread; PostgreSQL has no such adapter (test/db-selection.test.ts)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, queryText, type Database } from './client.ts';
import { PGliteThread } from './pglite-threaded.ts';
import { JsonBytes } from '../shared/json-bytes.ts';

/**
 * How many turns of this thread's event loop fall inside the statement that stores `json`, as the
 * database's own clock bounds it (statement_timestamp() → clock_timestamp() at its end, one shared wall
 * clock): an ordering, not a duration. A statement run on this thread leaves no turn inside it.
 */
async function loopTurnsDuring(lite: Pick<PGliteThread, 'query'>, id: number, json: string): Promise<number> {
  const turns: number[] = [];
  const timer = setInterval(() => turns.push(Date.now()), 2);
  try {
    const r = await lite.query<{ started: number; ended: number }>(
      'insert into t (id, j) values ($1, $2) returning extract(epoch from statement_timestamp())::float8 * 1000 as started, extract(epoch from clock_timestamp())::float8 * 1000 as ended',
      [id, json],
    );
    const { started, ended } = r.rows[0]!;
    // A millisecond of slack each side: Date.now() is whole milliseconds.
    return turns.filter((t) => t > started + 1 && t < ended - 1).length;
  } finally {
    clearInterval(timer);
  }
}

describe('PGlite on a thread of its own (the service with a data directory)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-pglite-thread-'));
  let database: Database;
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('migrates and serves drizzle, transactions, errors, prepared reads and notifications', async () => {
    database = await openPglite(path.join(dir, 'pgdata'));
    expect(database.pglite).toBeInstanceOf(PGliteThread);
    await database.migrate();
    const lite = database.pglite!;
    await lite.exec('create table t (id int primary key, j json, at timestamptz default now())');
    await database.db.transaction(async (tx) => {
      await tx.execute(`insert into t (id, j) values (1, '{"a":1}')` as never);
    });
    const rows = await queryText<{ id: number; j: string }>(database.db, 'pglite_thread_t', 'select id, j::text as j from t where id = $1', ['1']);
    expect(rows).toEqual([{ id: 1, j: '{"a":1}' }]);
    await expect(lite.query('insert into t (id) values (1)')).rejects.toMatchObject({ code: '23505' });
    await expect(
      lite.transaction(async (tx) => {
        await tx.query('insert into t (id) values (2)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await lite.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
    const got: string[] = [];
    const unlisten = await lite.listen('docrisk_wake', (p) => got.push(p));
    await lite.query(`select pg_notify('docrisk_wake', 'hello')`);
    await expect.poll(() => got).toEqual(['hello']);
    await unlisten();
  }, 60_000);

  it('a 23 MB JSON value is stored while this thread keeps turning (it ran on this thread before: the whole statement)', async () => {
    const lite = database.pglite!;
    const big = JSON.stringify({
      transactions: Array.from({ length: 199_000 }, (_, i) => ({ date: '2024-01-01', amount: i, description: `PAGAMENTO POS ${i}`, balance: { value: i * 2, confidence: 0.9 } })),
    });
    expect(await loopTurnsDuring(lite, 3, big)).toBeGreaterThanOrEqual(2);
    const back = await lite.query<{ n: number }>('select length(j::text) as n from t where id = 3');
    expect(back.rows[0]!.n).toBe(big.length);
  }, 60_000);

  it('JSON held as bytes is moved to the database thread (transferred, not copied) and stored as the text; one not given away is copied', async () => {
    const lite = database.pglite!;
    const text = JSON.stringify({ transactions: [{ description: 'CAFFÈ €', amount: 1 }] });
    const moved = new JsonBytes(new Uint8Array(Buffer.from(text)), { transferable: true });
    const kept = new JsonBytes(Buffer.from(text));
    await database.db.execute(sql`insert into t (id, j) values (4, ${moved}::json), (5, ${kept}::json)`);
    // Transferred: this thread's buffer is detached (before: the value was cloned as an object and stored as {"bytes":…}).
    expect(moved.bytes.byteLength).toBe(0);
    expect(kept.bytes.byteLength).toBe(Buffer.byteLength(text));
    const back = await lite.query<{ id: number; j: string }>('select id, j::text as j from t where id in (4, 5) order by id');
    expect(back.rows).toEqual([
      { id: 4, j: text },
      { id: 5, j: text },
    ]);
  }, 60_000);
});
