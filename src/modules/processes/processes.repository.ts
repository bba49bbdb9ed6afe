/**
 * Process rows and the Process resource (counts and ten-most-recent refs from the real sub-resource tables).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { batchedRead } from '../../db/batched-read.ts';
import type { Executor } from '../../db/client.ts';
import { processes } from '../../db/schema.ts';

export type ProcessRow = typeof processes.$inferSelect;

export interface ProcessFilter {
  spaceId: string;
  extApplicationId?: string;
  spaceIds?: string[];
  statuses?: string[];
  createdFrom?: Date;
  createdTo?: Date;
}

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, Z). */
const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const refsJson = (table: string, fields: [string, string][]) =>
  `coalesce((select json_agg(json_build_object(${fields.map(([k, e]) => `'${k}', ${e}`).join(', ')}) order by x.created_at desc, x.id desc)
    from (select * from ${table} x where x.process_id = p.id order by x.created_at desc, x.id desc limit 10) x), '[]'::json)`;
const refTimes: [string, string][] = [['created_at', iso('x.created_at')], ['updated_at', iso('x.updated_at')]];

/**
 * The Process resource (ProcessSchema) built by the database as JSON text, for the API's reads: one
 * statement, and the text goes out as it is (no row parsing, no view mapping, no re-serialising).
 */
export const PROCESS_JSON = `json_build_object(
  'process_id', p.id, 'ext_application_id', p.ext_application_id, 'space_id', p.space_id, 'status', p.status,
  'created_at', ${iso('p.created_at')}, 'updated_at', ${iso('p.updated_at')},
  'total_files', (select count(*) from files x where x.process_id = p.id),
  'total_bank_accounts', (select count(*) from bank_accounts x where x.process_id = p.id),
  'total_open_banking_accounts', (select count(*) from open_banking_accounts x where x.process_id = p.id),
  'total_credit_reports', (select count(*) from credit_reports x where x.process_id = p.id),
  'file_refs', ${refsJson('files', [['file_id', 'x.id'], ['ext_file_id', 'x.ext_file_id'], ['validation_status', 'x.validation_status'], ['parsing_status', 'x.parsing_status'], ['document_type', 'x.document_type'], ...refTimes])},
  'bank_account_refs', ${refsJson('bank_accounts', [['bank_account_id', 'x.id'], ['ext_bank_account_id', 'x.ext_bank_account_id'], ['iban', 'x.iban'], ...refTimes])},
  'open_banking_account_refs', ${refsJson('open_banking_accounts', [['open_banking_account_id', 'x.id'], ['ext_open_banking_account_id', 'x.ext_open_banking_account_id'], ['iban', 'x.iban'], ...refTimes])},
  'credit_report_refs', ${refsJson('credit_reports', [['credit_report_id', 'x.id'], ['status', 'x.status'], ...refTimes])},
  'options', json_strip_nulls(json_build_object('ext_user_id', p.options->'ext_user_id', 'applicant_type', p.options->'applicant_type')),
  'attributes', coalesce(p.attributes, '{}'::jsonb))::text`;

/** The reads of one event-loop turn in one statement (src/db/batched-read.ts): keys (id, space_id). */
const processJsonById = batchedRead<{ ord: number; body: string }>(
  'docrisk_process_json_v2',
  `select k.ord::int as ord, ${PROCESS_JSON} as body
    from unnest($1::uuid[], $2::uuid[]) with ordinality as k(id, space_id, ord)
    join processes p on p.id = k.id and p.space_id = k.space_id`,
);

function whereOf(f: ProcessFilter): SQL {
  const parts: SQL[] = [sql`p.space_id = ${f.spaceId}`];
  if (f.extApplicationId !== undefined) parts.push(sql`p.ext_application_id = ${f.extApplicationId}`);
  if (f.spaceIds) parts.push(sql`p.space_id::text in (${sql.join(f.spaceIds.map((s) => sql`${s}`), sql`, `)})`);
  if (f.statuses) parts.push(sql`p.status in (${sql.join(f.statuses.map((s) => sql`${s}`), sql`, `)})`);
  if (f.createdFrom) parts.push(sql`p.created_at >= ${f.createdFrom.toISOString()}::timestamptz`);
  if (f.createdTo) parts.push(sql`p.created_at <= ${f.createdTo.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/**
 * One page of the list: the page's rows are chosen first (an index scan over the skipped ones), and
 * the counts and refs are computed for those `limit` rows only, so a late page costs what the first does.
 */
export function listPageSql(f: ProcessFilter, limit: number, offset: number): SQL {
  return sql`select ${sql.raw(PROCESS_JSON)} as body from (select * from processes p where ${whereOf(f)}
    order by p.created_at desc, p.id desc limit ${limit} offset ${offset}) p
    order by p.created_at desc, p.id desc`;
}

export const processesRepository = {
  async insert(db: Executor, row: typeof processes.$inferInsert): Promise<ProcessRow> {
    const rows = await db.insert(processes).values(row).returning();
    return rows[0] as ProcessRow;
  },

  /** The Process resource as JSON text (PROCESS_JSON), or null. */
  async findJson(db: Executor, spaceId: string, id: string): Promise<string | null> {
    return (await processJsonById(db, [id, spaceId]))?.body ?? null;
  },

  /** One page of Process resources as JSON texts, and the total. */
  async list(db: Executor, f: ProcessFilter, limit: number, offset: number): Promise<{ items: string[]; total: number }> {
    const where = whereOf(f);
    const [page, count] = await Promise.all([db.execute(listPageSql(f, limit, offset)), db.execute(sql`select count(*)::int as n from processes p where ${where}`)]);
    return { items: rowsOf<{ body: string }>(page).map((r) => r.body), total: rowsOf<{ n: number }>(count)[0]?.n ?? 0 };
  },

  async find(db: Executor, spaceId: string, id: string): Promise<ProcessRow | null> {
    const rows = await db
      .select()
      .from(processes)
      .where(and(eq(processes.id, id), eq(processes.spaceId, spaceId)))
      .limit(1);
    return rows[0] ?? null;
  },

  /** Locks the row for the rest of the transaction, serialising modifications with archive. */
  async findForUpdate(db: Executor, spaceId: string, id: string): Promise<ProcessRow | null> {
    const rows = await db
      .select()
      .from(processes)
      .where(and(eq(processes.id, id), eq(processes.spaceId, spaceId)))
      .for('update')
      .limit(1);
    return rows[0] ?? null;
  },

  async findByExtApplicationId(db: Executor, spaceId: string, extId: string): Promise<ProcessRow | null> {
    const rows = await db
      .select()
      .from(processes)
      .where(and(eq(processes.spaceId, spaceId), eq(processes.extApplicationId, extId)))
      .orderBy(sql`${processes.createdAt} desc`)
      .limit(1);
    return rows[0] ?? null;
  },

  async archive(db: Executor, id: string, at: Date): Promise<void> {
    await db.update(processes).set({ status: 'archived', archivedAt: at, updatedAt: at }).where(eq(processes.id, id));
  },

  async touch(db: Executor, id: string, at: Date, attributes?: Record<string, unknown>): Promise<void> {
    await db
      .update(processes)
      .set({ updatedAt: at, ...(attributes ? { attributes } : {}) })
      .where(eq(processes.id, id));
  },
};
