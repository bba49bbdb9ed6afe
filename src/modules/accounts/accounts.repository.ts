import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bankAccounts, openBankingAccounts } from '../../db/schema.ts';

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type OpenBankingAccountRow = typeof openBankingAccounts.$inferSelect;
export type BankAccountSummaryRow = Omit<BankAccountRow, 'transactions'>;
export type OpenBankingAccountSummaryRow = Omit<OpenBankingAccountRow, 'transactions' | 'raw'>;

// Lists never load the transaction arrays (up to 50,000 lines each).
const { transactions: _bt, ...bankSummary } = getTableColumns(bankAccounts);
const { transactions: _ot, raw: _raw, ...obSummary } = getTableColumns(openBankingAccounts);

const count = (n: { n: number }[]) => n[0]?.n ?? 0;

export const accountsRepository = {
  async insertBank(db: Executor, row: typeof bankAccounts.$inferInsert): Promise<BankAccountRow> {
    const rows = await db.insert(bankAccounts).values(row).returning();
    return rows[0] as BankAccountRow;
  },

  async insertOb(db: Executor, row: typeof openBankingAccounts.$inferInsert): Promise<OpenBankingAccountRow> {
    const rows = await db.insert(openBankingAccounts).values(row).returning();
    return rows[0] as OpenBankingAccountRow;
  },

  async findBank(db: Executor, spaceId: string, processId: string, id: string): Promise<BankAccountRow | null> {
    const rows = await db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.processId, processId), eq(bankAccounts.spaceId, spaceId)))
      .limit(1);
    return rows[0] ?? null;
  },

  async findOb(db: Executor, spaceId: string, processId: string, id: string): Promise<OpenBankingAccountRow | null> {
    const rows = await db
      .select()
      .from(openBankingAccounts)
      .where(and(eq(openBankingAccounts.id, id), eq(openBankingAccounts.processId, processId), eq(openBankingAccounts.spaceId, spaceId)))
      .limit(1);
    return rows[0] ?? null;
  },

  async listBank(db: Executor, processId: string, limit: number, offset: number): Promise<{ items: BankAccountSummaryRow[]; total: number }> {
    const where = eq(bankAccounts.processId, processId);
    const [items, n] = await Promise.all([
      db.select(bankSummary).from(bankAccounts).where(where).orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id)).limit(limit).offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(bankAccounts).where(where),
    ]);
    return { items, total: count(n) };
  },

  async listOb(db: Executor, processId: string, limit: number, offset: number): Promise<{ items: OpenBankingAccountSummaryRow[]; total: number }> {
    const where = eq(openBankingAccounts.processId, processId);
    const [items, n] = await Promise.all([
      db
        .select(obSummary)
        .from(openBankingAccounts)
        .where(where)
        .orderBy(desc(openBankingAccounts.createdAt), desc(openBankingAccounts.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(openBankingAccounts).where(where),
    ]);
    return { items, total: count(n) };
  },

  /** Id of an account of the process with exactly this content (same body hash), if any. */
  async findBankIdByHash(db: Executor, processId: string, contentHash: string): Promise<string | null> {
    const rows = await db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.processId, processId), eq(bankAccounts.contentHash, contentHash)))
      .orderBy(bankAccounts.createdAt, bankAccounts.id)
      .limit(1);
    return rows[0]?.id ?? null;
  },

  async findObIdByHash(db: Executor, processId: string, contentHash: string): Promise<string | null> {
    const rows = await db
      .select({ id: openBankingAccounts.id })
      .from(openBankingAccounts)
      .where(and(eq(openBankingAccounts.processId, processId), eq(openBankingAccounts.contentHash, contentHash)))
      .orderBy(openBankingAccounts.createdAt, openBankingAccounts.id)
      .limit(1);
    return rows[0]?.id ?? null;
  },

  /** Every bank account of a process with its transactions, oldest first (report inputs). */
  async allBank(db: Executor, processId: string): Promise<BankAccountRow[]> {
    return db.select().from(bankAccounts).where(eq(bankAccounts.processId, processId)).orderBy(bankAccounts.createdAt, bankAccounts.id);
  },

  async allOb(db: Executor, processId: string): Promise<OpenBankingAccountRow[]> {
    return db
      .select()
      .from(openBankingAccounts)
      .where(eq(openBankingAccounts.processId, processId))
      .orderBy(openBankingAccounts.createdAt, openBankingAccounts.id);
  },
};
