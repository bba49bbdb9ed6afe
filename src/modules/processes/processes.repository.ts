/**
 * Process rows and the aggregated read (counts and ten-most-recent refs from the real sub-resource tables).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryPrepared, type Executor } from '../../db/client.ts';
import { processes } from '../../db/schema.ts';

export type ProcessRow = typeof processes.$inferSelect;

export interface ProcessAggregate {
  row: ProcessRow;
  totals: { files: number; bankAccounts: number; openBankingAccounts: number; creditReports: number };
  fileRefs: Record<string, unknown>[];
  bankAccountRefs: Record<string, unknown>[];
  openBankingAccountRefs: Record<string, unknown>[];
  creditReportRefs: Record<string, unknown>[];
}

export interface ProcessFilter {
  spaceId: string;
  extApplicationId?: string;
  spaceIds?: string[];
  statuses?: string[];
  createdFrom?: Date;
  createdTo?: Date;
}

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

const refs = (table: string, cols: string) =>
  sql.raw(`coalesce((select json_agg(r) from (select ${cols} from ${table} x where x.process_id = p.id
    order by x.created_at desc, x.id desc limit 10) r), '[]'::json)`);

const AGG_COLUMNS = sql`
  p.id, p.space_id, p.ext_application_id, p.status, p.options, p.attributes, p.created_at, p.updated_at, p.archived_at,
  (select count(*) from files x where x.process_id = p.id)::int as total_files,
  (select count(*) from bank_accounts x where x.process_id = p.id)::int as total_bank_accounts,
  (select count(*) from open_banking_accounts x where x.process_id = p.id)::int as total_open_banking_accounts,
  (select count(*) from credit_reports x where x.process_id = p.id)::int as total_credit_reports,
  ${refs('files', 'x.id as file_id, x.ext_file_id, x.validation_status, x.parsing_status, x.document_type, x.created_at, x.updated_at')} as file_refs,
  ${refs('bank_accounts', 'x.id as bank_account_id, x.ext_bank_account_id, x.iban, x.created_at, x.updated_at')} as bank_account_refs,
  ${refs('open_banking_accounts', 'x.id as open_banking_account_id, x.ext_open_banking_account_id, x.iban, x.created_at, x.updated_at')} as open_banking_account_refs,
  ${refs('credit_reports', 'x.id as credit_report_id, x.status, x.created_at, x.updated_at')} as credit_report_refs`;

interface AggRow {
  id: string;
  space_id: string;
  ext_application_id: string | null;
  status: string;
  options: unknown;
  attributes: unknown;
  created_at: Date | string;
  updated_at: Date | string;
  archived_at: Date | string | null;
  total_files: number;
  total_bank_accounts: number;
  total_open_banking_accounts: number;
  total_credit_reports: number;
  file_refs: unknown;
  bank_account_refs: unknown;
  open_banking_account_refs: unknown;
  credit_report_refs: unknown;
}

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const json = (v: unknown): Record<string, unknown>[] =>
  (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as Record<string, unknown>[];
const obj = (v: unknown): Record<string, unknown> =>
  (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as Record<string, unknown>;

function toAggregate(r: AggRow): ProcessAggregate {
  return {
    row: {
      id: r.id,
      spaceId: r.space_id,
      extApplicationId: r.ext_application_id,
      status: r.status,
      options: obj(r.options),
      attributes: obj(r.attributes),
      createdAt: toDate(r.created_at),
      updatedAt: toDate(r.updated_at),
      archivedAt: r.archived_at === null ? null : toDate(r.archived_at),
    },
    totals: {
      files: r.total_files,
      bankAccounts: r.total_bank_accounts,
      openBankingAccounts: r.total_open_banking_accounts,
      creditReports: r.total_credit_reports,
    },
    fileRefs: json(r.file_refs),
    bankAccountRefs: json(r.bank_account_refs),
    openBankingAccountRefs: json(r.open_banking_account_refs),
    creditReportRefs: json(r.credit_report_refs),
  };
}

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
  return sql`select ${AGG_COLUMNS} from (select * from processes p where ${whereOf(f)}
    order by p.created_at desc, p.id desc limit ${limit} offset ${offset}) p
    order by p.created_at desc, p.id desc`;
}

export const processesRepository = {
  async insert(db: Executor, row: typeof processes.$inferInsert): Promise<ProcessRow> {
    const rows = await db.insert(processes).values(row).returning();
    return rows[0] as ProcessRow;
  },

  async findAggregate(db: Executor, spaceId: string, id: string): Promise<ProcessAggregate | null> {
    const rows = await queryPrepared<AggRow>(
      db,
      'docrisk_process_aggregate_v1',
      sql`select ${AGG_COLUMNS} from processes p where p.id = ${id} and p.space_id = ${spaceId}`,
    );
    const row = rows[0];
    return row ? toAggregate(row) : null;
  },

  async list(db: Executor, f: ProcessFilter, limit: number, offset: number): Promise<{ items: ProcessAggregate[]; total: number }> {
    const where = whereOf(f);
    const [page, count] = await Promise.all([db.execute(listPageSql(f, limit, offset)), db.execute(sql`select count(*)::int as n from processes p where ${where}`)]);
    return { items: rowsOf<AggRow>(page).map(toAggregate), total: rowsOf<{ n: number }>(count)[0]?.n ?? 0 };
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
