/**
 * Hot reads of one row by key, batched: the reads asked for in one turn of the event loop (the requests
 * whose bytes arrived together) go to the database as one prepared statement over arrays of keys, and
 * equal keys share one row. N concurrent GETs then cost one round trip, one executor start and one
 * backend wake-up instead of N — per request, the CPU of both the server and PostgreSQL falls.
 *
 * Freshness is an unbatched read's: a batch leaves at the end of the turn its first read was asked in
 * (setImmediate, no timer), so it starts after every request in it arrived. Inside a transaction a read
 * goes alone, through the transaction.
 *
 * The statement takes one array parameter per key part (`unnest($1::uuid[], $2::uuid[]) with ordinality
 * as k(id, space_id, ord)`) and returns each row it finds with `ord`, the 1-based position of its key.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { queryText, type Executor } from './client.ts';
import { PGliteThread, type BytesFieldsOption } from './pglite-threaded.ts';

/** Keys per statement at most; more reads in one turn make several statements. */
export const MAX_BATCH = 64;

interface Waiter<R> {
  resolve: (row: R | null) => void;
  reject: (err: unknown) => void;
}

interface Batch<R> {
  keys: string[][];
  byKey: Map<string, Waiter<R>[]>;
}

/** A PostgreSQL array literal of strings: every element quoted, so any text is safe in it. */
export const arrayLiteral = (values: string[]): string =>
  `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

const isRoot = (db: Executor): boolean => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool || client instanceof PGlite || client instanceof PGliteThread;
};

export type BatchedRead<R> = (db: Executor, key: string[]) => Promise<R | null>;

/** A batched read of one statement (`name` as in queryText: one text per name). */
export function batchedRead<R extends { ord: number }>(name: string, text: string, opts: BytesFieldsOption = {}): BatchedRead<R> {
  const open = new WeakMap<object, Batch<R>>();

  const run = async (db: Executor, keys: string[][]): Promise<Map<number, R>> => {
    const parts = keys[0]!.map((_, i) => arrayLiteral(keys.map((k) => k[i]!)));
    const rows = await queryText<R>(db, name, text, parts, opts);
    return new Map(rows.map((r) => [Number(r.ord), r]));
  };

  const flush = (db: Executor, batch: Batch<R>): void => {
    if (open.get(db) === batch) open.delete(db);
    run(db, batch.keys).then(
      (found) => {
        let i = 1;
        for (const waiters of batch.byKey.values()) {
          const row = found.get(i++) ?? null;
          for (const w of waiters) w.resolve(row);
        }
      },
      (err: unknown) => {
        for (const waiters of batch.byKey.values()) for (const w of waiters) w.reject(err);
      },
    );
  };

  return (db, key) => {
    if (!isRoot(db)) return run(db, [key]).then((found) => found.get(1) ?? null);
    return new Promise<R | null>((resolve, reject) => {
      let batch = open.get(db);
      if (!batch) {
        const b: Batch<R> = { keys: [], byKey: new Map() };
        open.set(db, (batch = b));
        setImmediate(() => {
          if (open.get(db) === b) flush(db, b);
        });
      }
      const id = key.join('\u0000');
      const waiters = batch.byKey.get(id);
      if (waiters) {
        waiters.push({ resolve, reject });
        return;
      }
      batch.keys.push(key);
      batch.byKey.set(id, [{ resolve, reject }]);
      if (batch.keys.length >= MAX_BATCH) flush(db, batch);
    });
  };
}
