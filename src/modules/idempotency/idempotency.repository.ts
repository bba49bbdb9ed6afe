/** Idempotency-Key records: claimed by the first request, completed with its answer. */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { idempotentRequests } from '../../db/schema.ts';

export type IdempotentRequestRow = typeof idempotentRequests.$inferSelect;
type Id = { spaceId: string; operation: string; key: string };
const where = (id: Id) => and(eq(idempotentRequests.spaceId, id.spaceId), eq(idempotentRequests.operation, id.operation), eq(idempotentRequests.key, id.key));

export const idempotencyRepository = {
  /** True when this request now owns the key (no record, or an unanswered one older than `staleBefore`). */
  async claim(db: Executor, id: Id, requestHash: string, at: Date, staleBefore: Date): Promise<boolean> {
    const inserted = await db
      .insert(idempotentRequests)
      .values({ ...id, requestHash, createdAt: at })
      .onConflictDoNothing()
      .returning({ key: idempotentRequests.key });
    if (inserted.length > 0) return true;
    // A claim whose request never answered (its process died) is taken over after a while.
    const taken = await db
      .update(idempotentRequests)
      .set({ requestHash, createdAt: at })
      .where(and(where(id), isNull(idempotentRequests.statusCode), lt(idempotentRequests.createdAt, staleBefore)))
      .returning({ key: idempotentRequests.key });
    return taken.length > 0;
  },

  async find(db: Executor, id: Id): Promise<IdempotentRequestRow | null> {
    const rows = await db.select().from(idempotentRequests).where(where(id)).limit(1);
    return rows[0] ?? null;
  },

  async complete(db: Executor, id: Id, statusCode: number, response: unknown): Promise<void> {
    await db.update(idempotentRequests).set({ statusCode, response: sql`${JSON.stringify(response)}::jsonb` }).where(where(id));
  },

  /** Forgets every record created before `before` (their keys may then be used afresh). */
  async purgeBefore(db: Executor, before: Date): Promise<void> {
    await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, before));
  },

  /** Drops the claim of a request that failed, so that a retry runs it again. */
  async release(db: Executor, id: Id): Promise<void> {
    await db.delete(idempotentRequests).where(and(where(id), isNull(idempotentRequests.statusCode)));
  },
};
