import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../test/helpers/db.ts';
import { arrayLiteral, batchedRead, MAX_BATCH } from './batched-read.ts';
import { queryText } from './client.ts';

const read = batchedRead<{ ord: number; v: string }>(
  'test_batched_read_v1',
  `select k.ord::int as ord, t.v from unnest($1::text[], $2::text[]) with ordinality as k(id, owner, ord)
    join batched_t t on t.id = k.id and t.owner = k.owner`,
);

describe('batched reads', () => {
  let t: TestDatabase;
  let queries: () => number;
  beforeAll(async () => {
    t = await createTestDatabase({ migrated: false });
    await t.database.db.execute(sql.raw(`create table batched_t (id text, owner text, v text)`));
    await t.database.db.execute(
      sql.raw(`insert into batched_t select 'id' || g, case when g % 2 = 0 then 'even' else 'odd' end, 'v' || g from generate_series(1, 200) g`),
    );
    const client = (t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    queries = () => spy.mock.calls.length;
  });
  afterAll(async () => t?.drop());

  it('answers the reads of one turn from one statement, each with its own row (or null), equal keys sharing one', async () => {
    await read(t.database.db, ['id1', 'odd']); // prepares the statement on PGlite
    const before = queries();
    const answers = await Promise.all([
      read(t.database.db, ['id1', 'odd']),
      read(t.database.db, ['id2', 'even']),
      read(t.database.db, ['id1', 'odd']),
      read(t.database.db, ['id3', 'even']), // another owner's row: not found
      read(t.database.db, ['nope', 'odd']),
      read(t.database.db, ['id4', 'even']),
    ]);
    expect(answers.map((a) => a?.v ?? null)).toEqual(['v1', 'v2', 'v1', null, null, 'v4']);
    expect(queries() - before).toBe(1);
  });

  it('reads asked in later turns go in later statements', async () => {
    const before = queries();
    expect((await read(t.database.db, ['id5', 'odd']))?.v).toBe('v5');
    expect((await read(t.database.db, ['id6', 'even']))?.v).toBe('v6');
    expect(queries() - before).toBe(2);
  });

  it(`splits a turn of more than ${MAX_BATCH} keys into several statements`, async () => {
    const before = queries();
    const keys = Array.from({ length: MAX_BATCH + 10 }, (_, i) => [`id${i + 1}`, (i + 1) % 2 === 0 ? 'even' : 'odd']);
    const answers = await Promise.all(keys.map((k) => read(t.database.db, k)));
    expect(answers.map((a) => a?.v)).toEqual(keys.map((k) => k[0]!.replace('id', 'v')));
    expect(queries() - before).toBe(2);
  });

  it('reads inside a transaction through the transaction', async () => {
    let seen: { v: string } | null = null;
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`insert into batched_t values ('tx1', 'odd', 'uncommitted')`));
        seen = await read(tx, ['tx1', 'odd']);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(seen).toMatchObject({ v: 'uncommitted' });
    const inside = await t.database.db.transaction(async (tx) => read(tx, ['id7', 'odd']));
    expect(inside?.v).toBe('v7');
  });

  it('quotes every array element (commas, braces, quotes, backslashes, NULL as text)', async () => {
    const odd = ['a,b', '{c}', 'd"e', 'f\\g', 'NULL', ' h ', ''];
    const rows = await queryText<{ a: string[] }>(t.database.db, 'test_array_literal_v1', 'select $1::text[] as a', [arrayLiteral(odd)]);
    expect(rows[0]!.a).toEqual(odd);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('queryText inside a PostgreSQL transaction', () => {
  it("prepares the statement on the transaction's connection, once", async () => {
    const t = await createTestDatabase({ migrated: false });
    try {
      const names = await t.database.db.transaction(async (tx) => {
        await queryText(tx, 'test_tx_prepared_v1', 'select $1::int + 1 as n', ['1']);
        const again = await queryText<{ n: number }>(tx, 'test_tx_prepared_v1', 'select $1::int + 1 as n', ['2']);
        expect(again[0]!.n).toBe(3);
        const r = await tx.execute(sql.raw(`select name from pg_prepared_statements`));
        return (r as unknown as { rows: { name: string }[] }).rows.map((x) => x.name);
      });
      expect(names).toContain('test_tx_prepared_v1');
    } finally {
      await t.drop();
    }
  });
});
