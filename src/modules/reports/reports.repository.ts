import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creditReports, spaces } from '../../db/schema.ts';

export type CreditReportRow = typeof creditReports.$inferSelect;

export const reportsRepository = {
  async insert(db: Executor, row: typeof creditReports.$inferInsert): Promise<CreditReportRow> {
    const rows = await db.insert(creditReports).values(row).returning();
    return rows[0] as CreditReportRow;
  },

  async find(db: Executor, spaceId: string, processId: string, id: string): Promise<CreditReportRow | null> {
    const rows = await db
      .select()
      .from(creditReports)
      .where(and(eq(creditReports.id, id), eq(creditReports.processId, processId), eq(creditReports.spaceId, spaceId)))
      .limit(1);
    return rows[0] ?? null;
  },

  /** The space's name (models are selected per space by name). */
  async spaceName(db: Executor, spaceId: string): Promise<string | null> {
    const rows = await db.select({ name: spaces.name }).from(spaces).where(eq(spaces.id, spaceId)).limit(1);
    return rows[0]?.name ?? null;
  },

  async findById(db: Executor, id: string): Promise<CreditReportRow | null> {
    const rows = await db.select().from(creditReports).where(eq(creditReports.id, id)).limit(1);
    return rows[0] ?? null;
  },

  async list(db: Executor, processId: string, limit: number, offset: number): Promise<{ items: CreditReportRow[]; total: number }> {
    const where = eq(creditReports.processId, processId);
    const [items, n] = await Promise.all([
      db.select().from(creditReports).where(where).orderBy(desc(creditReports.createdAt), desc(creditReports.id)).limit(limit).offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(creditReports).where(where),
    ]);
    return { items, total: n[0]?.n ?? 0 };
  },

  /** Moves a report out of `processing`; null when it already left it (idempotent job). */
  async finish(
    db: Executor,
    id: string,
    set: {
      status: 'completed' | 'error' | 'terminated';
      reportResult: unknown;
      usedFiles: unknown;
      usedBankAccounts: unknown;
      usedOpenBankingAccounts: unknown;
      inputs?: unknown;
      errors: unknown[];
      at: Date;
    },
  ): Promise<CreditReportRow | null> {
    const rows = await db
      .update(creditReports)
      .set({
        status: set.status,
        reportResult: set.reportResult,
        usedFiles: set.usedFiles,
        usedBankAccounts: set.usedBankAccounts,
        usedOpenBankingAccounts: set.usedOpenBankingAccounts,
        ...(set.inputs !== undefined ? { inputs: set.inputs } : {}),
        errors: set.errors,
        updatedAt: set.at,
        finishedAt: set.at,
      })
      .where(and(eq(creditReports.id, id), eq(creditReports.status, 'processing')))
      .returning();
    return rows[0] ?? null;
  },
};
