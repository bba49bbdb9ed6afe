import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { clients, meta, signingKeys, spaces } from '../../db/schema.ts';

export type ClientRow = typeof clients.$inferSelect;
export type SpaceRow = typeof spaces.$inferSelect;
export type SigningKeyRow = typeof signingKeys.$inferSelect;

export const authRepository = {
  async findClient(db: Executor, clientId: string): Promise<ClientRow | null> {
    const rows = await db.select().from(clients).where(eq(clients.clientId, clientId)).limit(1);
    return rows[0] ?? null;
  },
  async countClients(db: Executor): Promise<number> {
    const rows = await db.select({ n: sql<number>`count(*)::int` }).from(clients);
    return rows[0]?.n ?? 0;
  },
  async insertClient(db: Executor, row: typeof clients.$inferInsert): Promise<void> {
    await db.insert(clients).values(row);
  },
  async updateClientCredentials(
    db: Executor,
    clientId: string,
    set: { secretHash: string; subscriptionKeyHash: string; spaceId: string },
  ): Promise<void> {
    await db.update(clients).set({ ...set, revokedAt: null }).where(eq(clients.clientId, clientId));
  },
  async revokeClient(db: Executor, clientId: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(clients)
      .set({ revokedAt: at })
      .where(and(eq(clients.clientId, clientId), isNull(clients.revokedAt)))
      .returning({ id: clients.clientId });
    return rows.length > 0;
  },
  async findSpaceByName(db: Executor, name: string): Promise<SpaceRow | null> {
    const rows = await db.select().from(spaces).where(eq(spaces.name, name)).limit(1);
    return rows[0] ?? null;
  },
  async findSpace(db: Executor, id: string): Promise<SpaceRow | null> {
    const rows = await db.select().from(spaces).where(eq(spaces.id, id)).limit(1);
    return rows[0] ?? null;
  },
  /** Inserts a space unless one of that name exists; returns the row of that name either way. */
  async insertSpace(db: Executor, row: typeof spaces.$inferInsert): Promise<{ row: SpaceRow; created: boolean }> {
    const inserted = await db.insert(spaces).values(row).onConflictDoNothing({ target: spaces.name }).returning();
    if (inserted[0]) return { row: inserted[0], created: true };
    const existing = await authRepository.findSpaceByName(db, row.name);
    if (!existing) throw new Error('space vanished during insert');
    return { row: existing, created: false };
  },
  async activeSigningKeys(db: Executor): Promise<SigningKeyRow[]> {
    return db.select().from(signingKeys).where(eq(signingKeys.active, true)).orderBy(asc(signingKeys.createdAt));
  },
  async insertSigningKey(db: Executor, row: typeof signingKeys.$inferInsert): Promise<void> {
    await db.insert(signingKeys).values(row).onConflictDoNothing();
  },
  async findSigningKey(db: Executor, kid: string): Promise<SigningKeyRow | null> {
    const rows = await db.select().from(signingKeys).where(eq(signingKeys.kid, kid)).limit(1);
    return rows[0] ?? null;
  },
  /** Sets a meta flag once; true when this call set it. */
  async claimMetaFlag(db: Executor, key: string): Promise<boolean> {
    const rows = await db.insert(meta).values({ key, value: true }).onConflictDoNothing().returning({ key: meta.key });
    return rows.length > 0;
  },
};
