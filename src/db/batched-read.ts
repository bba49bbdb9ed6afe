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
 * It must only read (no write, no volatile function): the same keys on the same data give the same rows.
 *
 * On the embedded database (PGlite on its thread) answers are also kept while nothing else reaches the
 * database: that client is the database's only connection and counts every call that may write (its
 * write epoch, pglite-threaded.ts), so a row read at epoch E is the row a new read would return for as
 * long as the epoch is still E. Any other statement (a write, a transaction, a job poll, a read this
 * module did not make) moves the epoch on and the next read goes to the database. Not on PostgreSQL:
 * other processes write there unseen. A row is shared by every reader it answers: never change it.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { queryText, type Executor } from './client.ts';
import { PGliteThread, type BytesFieldsOption } from './pglite-threaded.ts';

/** Keys per statement at most; more reads in one turn make several statements. */
export const MAX_BATCH = 64;
/** The embedded database's memo, per statement: rows kept at most, their size together, and one row's. */
export const MEMO_ROWS = 10_000;
export const MEMO_BYTES = 16 << 20;
export const MEMO_ROW_BYTES = 1 << 20;

/** About how much memory a row holds (strings as UTF-16, bytes as they are). */
const sizeOf = (row: object | null): number => {
  let n = 0;
  for (const v of Object.values(row ?? {})) n += typeof v === 'string' ? 2 * v.length : v instanceof Uint8Array ? v.byteLength : 16;
  return n;
};

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

/** The embedded database on its thread, when `db` is its root handle. */
const embedded = (db: Executor): PGliteThread | null => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGliteThread ? client : null;
};

export type BatchedRead<R> = (db: Executor, key: string[]) => Promise<R | null>;

/** A batched read of one statement (`name` as in queryText: one text per name). */
export function batchedRead<R extends { ord: number }>(name: string, text: string, opts: BytesFieldsOption = {}): BatchedRead<R> {
  const open = new WeakMap<object, Batch<R>>();
  /** The embedded database's answers of its current write epoch, by key. */
  const memos = new WeakMap<PGliteThread, { epoch: number; rows: Map<string, R | null>; bytes: number }>();

  const run = async (db: Executor, keys: string[][]): Promise<Map<number, R>> => {
    const parts = keys[0]!.map((_, i) => arrayLiteral(keys.map((k) => k[i]!)));
    const rows = await queryText<R>(db, name, text, parts, { ...opts, readOnly: true });
    return new Map(rows.map((r) => [Number(r.ord), r]));
  };

  const flush = (db: Executor, batch: Batch<R>): void => {
    if (open.get(db) === batch) open.delete(db);
    const lite = embedded(db);
    // Taken before the statement is sent: a call sent in between moves the epoch, and these rows are then not kept.
    const epoch = lite?.writeEpoch;
    run(db, batch.keys).then(
      (found) => {
        let memo = lite && lite.writeEpoch === epoch ? memos.get(lite) : undefined;
        if (lite && lite.writeEpoch === epoch && memo?.epoch !== epoch) memos.set(lite, (memo = { epoch: epoch!, rows: new Map(), bytes: 0 }));
        else if (lite && !memo && memos.get(lite)?.epoch !== lite.writeEpoch) memos.delete(lite); // an older epoch's rows: let them go
        let i = 1;
        for (const [id, waiters] of batch.byKey) {
          const row = found.get(i++) ?? null;
          const size = memo ? sizeOf(row) : 0;
          if (memo && size <= MEMO_ROW_BYTES && memo.bytes + size <= MEMO_BYTES && memo.rows.size < MEMO_ROWS) {
            memo.rows.set(id, row);
            memo.bytes += size;
          }
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
    const id = key.join('\u0000');
    const lite = embedded(db);
    if (lite) {
      const memo = memos.get(lite);
      if (memo && memo.epoch === lite.writeEpoch && memo.rows.has(id)) return Promise.resolve(memo.rows.get(id)!);
    }
    return new Promise<R | null>((resolve, reject) => {
      let batch = open.get(db);
      if (!batch) {
        const b: Batch<R> = { keys: [], byKey: new Map() };
        open.set(db, (batch = b));
        setImmediate(() => {
          if (open.get(db) === b) flush(db, b);
        });
      }
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
