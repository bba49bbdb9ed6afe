/** Idempotency records of the workflow endpoint and the transaction-scoped locks that serialise it. */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export const workflowRepository = {
  /** Waits for, then holds until the transaction ends, a lock on `key` (PostgreSQL and PGlite alike). */
  async lock(tx: Executor, key: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  },

  async find(db: Executor, spaceId: string, key: string): Promise<IdempotencyRow | null> {
    const rows = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.spaceId, spaceId), eq(idempotencyKeys.key, key)))
      .limit(1);
    return rows[0] ?? null;
  },

  async insertIfAbsent(db: Executor, row: { spaceId: string; key: string; requestHash: string; at: Date }): Promise<void> {
    await db
      .insert(idempotencyKeys)
      .values({ spaceId: row.spaceId, key: row.key, requestHash: row.requestHash, resourceId: null, createdAt: row.at })
      .onConflictDoNothing();
  },

  async setResource(db: Executor, spaceId: string, key: string, resourceId: string): Promise<void> {
    await db
      .update(idempotencyKeys)
      .set({ resourceId })
      .where(and(eq(idempotencyKeys.spaceId, spaceId), eq(idempotencyKeys.key, key)));
  },
};
