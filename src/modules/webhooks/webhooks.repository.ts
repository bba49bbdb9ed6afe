/** webhook_deliveries (outbox + delivery log) and the webhook columns of spaces. */
import { and, count, desc, eq, getTableColumns, lte, sql, inArray, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { spaces, webhookDeliveries } from '../../db/schema.ts';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'skipped';

export interface SpaceWebhookSettings {
  docEngineUrl: string | null;
  workflowUrl: string | null;
  webhookSecret: string;
  webhookSecretPrevious: string | null;
  webhookSecretRotatedAt: Date | null;
}

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

export const webhooksRepository = {
  async spaceSettings(db: Executor, spaceId: string): Promise<SpaceWebhookSettings | null> {
    const rows = await db
      .select({
        docEngineUrl: spaces.docEngineUrl,
        workflowUrl: spaces.workflowUrl,
        webhookSecret: spaces.webhookSecret,
        webhookSecretPrevious: spaces.webhookSecretPrevious,
        webhookSecretRotatedAt: spaces.webhookSecretRotatedAt,
      })
      .from(spaces)
      .where(eq(spaces.id, spaceId))
      .limit(1);
    return rows[0] ?? null;
  },

  async insert(db: Executor, row: typeof webhookDeliveries.$inferInsert): Promise<DeliveryRow> {
    // The body (the whole File resource: tens of MB for a large statement) is the caller's own: not read back.
    const { body: _body, ...columns } = getTableColumns(webhookDeliveries);
    const rows = await db.insert(webhookDeliveries).values(row).returning(columns);
    return { ...rows[0]!, body: row.body };
  },

  async find(db: Executor, id: string): Promise<DeliveryRow | null> {
    const rows = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
    return rows[0] ?? null;
  },

  async findInSpace(db: Executor, spaceId: string, id: string): Promise<DeliveryRow | null> {
    const rows = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.spaceId, spaceId)))
      .limit(1);
    return rows[0] ?? null;
  },

  /** Deliveries an operator replays (`docrisk webhooks replay`): by ids, or by status and age, across spaces. */
  async findForReplay(
    db: Executor,
    f: { ids?: string[]; statuses?: string[]; since?: Date },
    limit: number,
  ): Promise<DeliveryRow[]> {
    const conds = [];
    if (f.ids?.length) conds.push(inArray(webhookDeliveries.id, f.ids));
    if (f.statuses?.length) conds.push(inArray(webhookDeliveries.status, f.statuses));
    if (f.since) conds.push(gte(webhookDeliveries.createdAt, f.since));
    return db
      .select()
      .from(webhookDeliveries)
      .where(conds.length ? and(...conds) : undefined)
      .orderBy(webhookDeliveries.createdAt, webhookDeliveries.id)
      .limit(limit);
  },

  async list(db: Executor, spaceId: string, limit: number, offset: number): Promise<{ rows: DeliveryRow[]; total: number }> {
    const rows = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.spaceId, spaceId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit)
      .offset(offset);
    const totals = await db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.spaceId, spaceId));
    return { rows, total: Number(totals[0]?.n ?? 0) };
  },

  /**
   * Claims a due pending delivery for one attempt: counts the attempt and pushes next_attempt_at to
   * the end of a lease, so a concurrent job (or another process) finds it not due. The returned
   * updated_at is the fencing token of this attempt. The space's signing settings come back with it
   * (UPDATE … FROM spaces … RETURNING): one round trip on the delivery path's hottest statement.
   */
  async claimWithSettings(db: Executor, id: string, now: Date, leaseUntil: Date): Promise<{ row: DeliveryRow; settings: SpaceWebhookSettings } | null> {
    const rows = await db
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: leaseUntil, updatedAt: now })
      .from(spaces)
      .where(
        and(
          eq(webhookDeliveries.id, id),
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          eq(spaces.id, webhookDeliveries.spaceId),
        ),
      )
      .returning({
        ...getTableColumns(webhookDeliveries),
        s_docEngineUrl: spaces.docEngineUrl,
        s_workflowUrl: spaces.workflowUrl,
        s_webhookSecret: spaces.webhookSecret,
        s_webhookSecretPrevious: spaces.webhookSecretPrevious,
        s_webhookSecretRotatedAt: spaces.webhookSecretRotatedAt,
      });
    const r = rows[0];
    if (!r) return null;
    const { s_docEngineUrl, s_workflowUrl, s_webhookSecret, s_webhookSecretPrevious, s_webhookSecretRotatedAt, ...row } = r;
    return {
      row: row as DeliveryRow,
      settings: {
        docEngineUrl: s_docEngineUrl,
        workflowUrl: s_workflowUrl,
        webhookSecret: s_webhookSecret,
        webhookSecretPrevious: s_webhookSecretPrevious,
        webhookSecretRotatedAt: s_webhookSecretRotatedAt,
      },
    };
  },

  /** Records an attempt's outcome unless the row changed since the claim (e.g. a redeliver). */
  async finishAttempt(
    db: Executor,
    id: string,
    claimedAt: Date,
    set: { status: DeliveryStatus; lastStatusCode: number | null; lastError: string | null; nextAttemptAt: Date | null; updatedAt: Date },
  ): Promise<boolean> {
    const rows = await db
      .update(webhookDeliveries)
      .set(set)
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.updatedAt, claimedAt)))
      .returning({ id: webhookDeliveries.id });
    return rows.length > 0;
  },

  async resetForRedelivery(db: Executor, spaceId: string, id: string, url: string, now: Date): Promise<DeliveryRow | null> {
    const rows = await db
      .update(webhookDeliveries)
      .set({ status: 'pending', url, attempts: 0, lastError: null, lastStatusCode: null, nextAttemptAt: now, updatedAt: now })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.spaceId, spaceId)))
      .returning();
    return rows[0] ?? null;
  },

  /** Pending deliveries overdue by `before` with no live job in the queue (a lost job or a lost in-memory hand-over). */
  async orphans(db: Executor, jobName: string, before: Date, limit: number): Promise<string[]> {
    const r = await db.execute(sql`
      select d.id from webhook_deliveries d
      where d.status = 'pending' and d.next_attempt_at <= ${before.toISOString()}::timestamptz
        and not exists (
          select 1 from pgboss.job j
          where j.name = ${jobName} and j.state < 'completed' and j.data->>'deliveryId' = d.id::text)
      order by d.next_attempt_at
      limit ${limit}`);
    return rowsOf<{ id: string }>(r).map((x) => x.id);
  },
};
