// db-selection: embedded engine only — PGlite on its own thread; PostgreSQL has no such adapter (test/db-selection.test.ts)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { batchedRead, MEMO_ROW_BYTES } from './batched-read.ts';
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

describe('batched reads on the embedded database: answers kept until anything else reaches it', () => {
  const read = batchedRead<{ ord: number; v: string }>(
    'memo_read_v1',
    `select k.ord::int as ord, m.v from unnest($1::text[]) with ordinality as k(id, ord) join memo_t m on m.id = k.id`,
  );
  let database: Database;
  afterAll(async () => database?.close());

  it('a repeated read is answered without a statement while no other call was sent; any other call ends that', async () => {
    database = await openPglite(null, undefined, true);
    const lite = database.pglite as PGliteThread;
    expect(lite).toBeInstanceOf(PGliteThread);
    await lite.exec(`create table memo_t (id text primary key, v text)`);
    await lite.exec(`insert into memo_t values ('a', 'a1'), ('b', 'b1')`);
    const sent = vi.spyOn(lite, 'query');
    const v = async (id: string) => (await read(database.db, [id]))?.v ?? null;

    expect(await v('a')).toBe('a1'); // prepares the statement (a call that is not a read: not kept)
    expect(await v('a')).toBe('a1');
    const after = sent.mock.calls.length;
    expect(await v('a')).toBe('a1');
    expect(await Promise.all([v('a'), v('a')])).toEqual(['a1', 'a1']);
    expect(sent.mock.calls.length).toBe(after); // before: one statement per turn of reads
    expect(await v('zz')).toBeNull(); // a key not read yet goes to the database (a miss is kept too)
    expect(await v('zz')).toBeNull();
    expect(sent.mock.calls.length).toBe(after + 1);

    // Every way a write reaches the database ends the kept answers; the read just after sees it.
    await database.db.execute(sql`update memo_t set v = 'a2' where id = 'a'`);
    expect(await v('a')).toBe('a2');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update memo_t set v = 'a3' where id = 'a'`);
    });
    expect(await v('a')).toBe('a3');
    await lite.exec(`update memo_t set v = 'a4' where id = 'a'`);
    expect(await v('a')).toBe('a4');
    await lite.query(`insert into memo_t values ('zz', 'z1')`);
    expect(await v('zz')).toBe('z1');
    await lite.transaction(async (tx) => {
      await tx.query(`update memo_t set v = 'a5' where id = 'a'`);
    });
    expect(await v('a')).toBe('a5');
    // A rolled-back write leaves the data as it was, and the read still goes to the database.
    await expect(
      lite.transaction(async (tx) => {
        await tx.query(`update memo_t set v = 'gone' where id = 'a'`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const before = sent.mock.calls.length;
    expect(await v('a')).toBe('a5');
    expect(sent.mock.calls.length).toBe(before + 1);
  }, 60_000);

  it('a write sent while a read is on its way: the read is not kept, the next one sees the write', async () => {
    const lite = database.pglite as PGliteThread;
    const sent = vi.spyOn(lite, 'query');
    const v = async (id: string) => (await read(database.db, [id]))?.v ?? null;
    expect(await v('b')).toBe('b1');
    const first = v('b'); // kept: no statement
    expect(await first).toBe('b1');
    await database.db.execute(sql`update memo_t set v = 'b0' where id = 'zz'`); // moves the epoch on
    const inFlight = v('b');
    await new Promise((r) => setImmediate(r)); // the read has left for the thread
    const write = lite.query(`update memo_t set v = 'b2' where id = 'b'`);
    expect(await inFlight).toBe('b1'); // the thread ran the read first
    await write;
    const n = sent.mock.calls.length;
    expect(await v('b')).toBe('b2');
    expect(sent.mock.calls.length).toBe(n + 1);
  }, 60_000);

  it(`a row larger than ${MEMO_ROW_BYTES} bytes is not kept (a large parse result stays the reader's)`, async () => {
    const lite = database.pglite as PGliteThread;
    await lite.query(`insert into memo_t values ('big', repeat('x', ${MEMO_ROW_BYTES}))`);
    const sent = vi.spyOn(lite, 'query');
    const v = async (id: string) => (await read(database.db, [id]))?.v.length ?? null;
    expect(await v('big')).toBe(MEMO_ROW_BYTES);
    const n = sent.mock.calls.length;
    expect(await v('big')).toBe(MEMO_ROW_BYTES);
    expect(await v('a')).toBe(2);
    expect(await v('a')).toBe(2);
    expect(sent.mock.calls.length).toBe(n + 2); // the large row again, and 'a' once
  }, 60_000);
});
