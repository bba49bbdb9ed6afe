/**
 * Database factory: PGlite (embedded, single connection) or node-postgres (pool).
 * Both expose the same drizzle API and the same schema; migrations are the committed SQL in drizzle/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { PGliteThread, type BytesFieldsOption, type ReadOnlyOption } from './pglite-threaded.ts';
import { JsonBytes } from '../shared/json-bytes.ts';

export type Schema = typeof schema;
/** The drizzle handle used by repositories; PGlite's and node-postgres' share the PgDatabase API. */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A db or a transaction: repositories accept either. */
export type Executor = Db | Tx;

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Present for kind 'pglite': in this thread, or on a thread of its own (PGliteThread). */
  pglite: PGlite | (PGliteThread & PGliteInterface) | null;
  /** Present for kind 'postgres'. */
  pool: pg.Pool | null;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// numeric → string, bigint → number are set per column; keep timestamptz as Date (pg default).

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'docrisk' });
  pool.on('error', () => {
    /* idle client errors surface on the next query; nothing to do here */
  });
  const db = drizzlePg(pool, { schema });
  return {
    kind: 'postgres',
    db,
    pglite: null,
    pool,
    migrate: async () => {
      // Several API/worker processes may start at once: one migrates, the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(4242001)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock(4242001)').catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * The embedded database. With a data directory (the service) PostgreSQL runs on a thread of its
 * own (pglite-threaded.ts), so a long statement — storing a 40 MB parse result — does not stall
 * the API's event loop; in memory or from a dump (tests, tools) it runs in this thread, and
 * `thread` says otherwise either way.
 */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob, thread = dataDir !== null && !loadDataDir): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  if (thread && loadDataDir) throw new Error('a PGlite dump is loaded in this thread only');
  const pglite = thread
    ? await PGliteThread.create(dataDir)
    : await PGlite.create({
        ...(dataDir ? { dataDir } : {}),
        ...(loadDataDir ? { loadDataDir } : {}),
      });
  const db = drizzlePglite(pglite as PGlite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    pool: null,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await pglite.query('select 1');
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PGlite on a thread of its own (default: yes). */
  pgliteThread?: boolean;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize);
  return openPglite(path.join(opts.dataDir, 'pgdata'), undefined, opts.pgliteThread ?? true);
}

/**
 * Runs a hot read as a named prepared statement on PostgreSQL (parsed and planned once per connection,
 * and its text not resent); elsewhere (PGlite, transactions) as a plain query. Same rows either way.
 */
export async function queryPrepared<T>(db: Executor, name: string, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const q = new PgDialect().sqlToQuery(query);
    const r = await client.query({ name, text: q.sql, values: q.params as unknown[] });
    return r.rows as T[];
  }
  const r = await db.execute(query);
  return (Array.isArray(r) ? r : (r as unknown as { rows: T[] }).rows) as T[];
}

const preparedOn = new WeakMap<object, Set<string>>();

/** A string as an SQL literal (standard_conforming_strings is on: only quotes need doubling). */
function literal(v: string): string {
  if (v.includes('\0')) throw new Error('NUL in an SQL literal');
  return `'${v.replaceAll("'", "''")}'`;
}

/**
 * A hot statement written as SQL text with $1… placeholders: a named prepared statement on PostgreSQL (on
 * the pool, or on a transaction's connection), the PGlite client's own query on PGlite (no query builder on
 * the way), through drizzle inside a PGlite transaction.
 */
export async function queryText<T>(
  db: Executor,
  name: string,
  text: string,
  values: (string | null | JsonBytes)[],
  opts: BytesFieldsOption & ReadOnlyOption = {},
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[];
  // A transaction on PostgreSQL: its connection (drizzle's session client), where the statement is prepared once too.
  const txClient = (db as { session?: { client?: unknown } }).session?.client;
  if (txClient instanceof pg.Client) return (await txClient.query({ name, text, values })).rows as T[];
  if (client instanceof PGlite || client instanceof PGliteThread) {
    const lite = client as PGliteInterface;
    // Text columns asked for as bytes come from the database thread as bytes (pglite-threaded.ts).
    // A read-only statement leaves the thread's write epoch as it is (batched-read.ts memoises by it).
    const o =
      client instanceof PGliteThread && (opts.bytesFields?.length || opts.readOnly)
        ? ({ ...(opts.bytesFields?.length ? { bytesFields: opts.bytesFields } : {}), ...(opts.readOnly ? { readOnly: true } : {}) } as object)
        : undefined;
    // JSON held as bytes (a large parse result) is never made a literal on this thread: a bind parameter,
    // which the PGlite thread's client moves to its thread as bytes (shared/json-bytes.ts).
    if (values.some((v) => v instanceof JsonBytes)) return (await lite.query<T>(text, values, o)).rows;
    // PGlite plans every extended-protocol query afresh (planning was ~80 % of a GET process there): the
    // statement is PREPAREd once per database and EXECUTEd with quoted literals (EXECUTE takes no bind parameters).
    if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad statement name ${name}`);
    let prepared = preparedOn.get(lite);
    if (!prepared) preparedOn.set(lite, (prepared = new Set()));
    if (!prepared.has(name)) {
      await lite.exec(`prepare ${name} as ${text}`);
      prepared.add(name);
    }
    return (await lite.query<T>(`execute ${name}(${values.map((v) => (v === null ? 'null' : literal(v as string))).join(', ')})`, undefined, o)).rows;
  }
  const chunks = text.split(/\$(\d+)/).map((part, i) => (i % 2 === 1 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part)));
  const r = await db.execute(sql.join(chunks));
  return (Array.isArray(r) ? r : (r as unknown as { rows: T[] }).rows) as T[];
}
