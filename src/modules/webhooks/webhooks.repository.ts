/**
 * webhook_deliveries: the outbox (a pending row is the job: due when next_attempt_at <= now), the lease
 * of an attempt in flight (next_attempt_at pushed to the lease's end, updated_at its fencing token) and
 * the delivery log. Every state change is one statement, and the hot ones work on batches.
 */
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { queryText, type Executor } from '../../db/client.ts';
import { spaces, webhookDeliveries } from '../../db/schema.ts';
import { open } from '../../shared/secret-box.ts';
import type { JsonBytes } from '../../shared/json-bytes.ts';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'skipped';

/** The channel a commit that makes a delivery due notifies (see jobs/wakeup.ts). */
export const WEBHOOKS_CHANNEL = 'docrisk_webhooks';
const URL_COLUMNS = new Set(['doc_engine_url', 'workflow_url']);

export interface SpaceWebhookSettings {
  docEngineUrl: string | null;
  workflowUrl: string | null;
  webhookSecret: string;
  webhookSecretPrevious: string | null;
  webhookSecretRotatedAt: Date | null;
}

/** A delivery claimed for one attempt, with its space's signing secrets (null when the space is gone). */
export interface ClaimedDelivery {
  id: string;
  spaceId: string;
  webhookId: string;
  url: string;
  body: string;
  /** Attempts including this one. */
  attempts: number;
  /** The claim's time: the fencing token (updated_at) its outcome is written against. */
  claimedAt: Date;
  secret: string | null;
  secretPrevious: string | null;
  secretRotatedAt: Date | null;
}

/** An attempt's outcome, or a claim given back unused (`release`). */
export interface AttemptResult {
  id: string;
  claimedAt: Date;
  status: DeliveryStatus;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
  at: Date;
  release?: boolean;
}

const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

/**
 * The lane key of a URL: scheme://authority, lower-cased; the same expression in SQL and in
 * originKey() below, so the claim's per-origin caps and the in-process lanes agree.
 */
const ORIGIN_SQL = sql.raw(`lower(coalesce(substring(d.url from '^[^:/?#]+://[^/?#]*'), d.url))`);
const ORIGIN_RE = /^[^:/?#]+:\/\/[^/?#]*/;
export const originKey = (url: string): string => (ORIGIN_RE.exec(url)?.[0] ?? url).toLowerCase();

/** Decrypting a sealed secret costs an AES-GCM open; the same stored value opens to the same secret. */
const opened = new Map<string, string>();
const openCached = (stored: string | null): string | null => {
  if (stored === null) return null;
  let v = opened.get(stored);
  if (v === undefined) {
    v = open(stored);
    if (opened.size > 1000) opened.clear();
    opened.set(stored, v);
  }
  return v;
};

const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

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

  /**
   * Writes one outbox row in the caller's transaction, in one round trip: the URL is read from the space
   * in the same statement (`column`) or given (`fixed`); no URL → `skipped`; with `notify`, a pending row
   * wakes the delivery workers when the transaction commits.
   */
  async insertOutbox(
    tx: Executor,
    v: {
      id: string;
      spaceId: string;
      webhookId: string;
      eventType: string;
      resourceId: string;
      /** Text, or JSON as bytes (sent as a binary text parameter: never decoded on this thread). */
      body: string | JsonBytes;
      now: Date;
      url: { fixed: string } | { column: 'doc_engine_url' | 'workflow_url' };
      /** NOTIFY the delivery workers when the row is pending (see webhooks.outbox.ts on throttling). */
      notify: boolean;
    },
  ): Promise<{ status: 'pending' | 'skipped'; url: string | null }> {
    // One named prepared statement per variant (URL column or given, NOTIFY or not): on PostgreSQL the
    // insert is parsed and planned once per connection, not for every event.
    const fixed = 'fixed' in v.url;
    if (!fixed && !URL_COLUMNS.has((v.url as { column: string }).column)) throw new Error('unknown webhook URL column');
    const urlExpr = fixed ? '$8::text' : `(select ${(v.url as { column: string }).column} from spaces where id = $2::uuid)`;
    const variant = `${fixed ? 'fixed' : (v.url as { column: string }).column}${v.notify ? '_notify' : ''}`;
    const rows = await queryText<{ status: 'pending' | 'skipped'; url: string | null }>(
      tx,
      `docrisk_outbox_insert_${variant}_v1`,
      `with ins as (
        insert into webhook_deliveries (id, space_id, webhook_id, event_type, resource_id, url, body, status, attempts, next_attempt_at, created_at, updated_at)
        select $1::uuid, $2::uuid, $3::text, $4::text, $5::uuid, u.url, $6::text,
               case when u.url is null then 'skipped' else 'pending' end, 0,
               case when u.url is null then null else $7::timestamptz end, $7::timestamptz, $7::timestamptz
        from (select ${urlExpr} as url) u
        returning status, url)
      select status, url${v.notify ? `, (case when status = 'pending' then pg_notify('${WEBHOOKS_CHANNEL}', '') end) is null as n` : ''} from ins`,
      [v.id, v.spaceId, v.webhookId, v.eventType, v.resourceId, v.body, v.now.toISOString(), ...(fixed ? [(v.url as { fixed: string }).fixed] : [])],
    );
    const row = rows[0]!;
    return { status: row.status, url: row.url };
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
   * Claims up to `limit` due deliveries for one attempt each, in one statement: counts the attempt and
   * pushes next_attempt_at to `leaseUntil`, so no other worker finds them due until the lease ends (a
   * crashed worker's claims come back then). Rows locked by a concurrent claim are skipped. `busy` is
   * this process's load per origin: at most `perOrigin` minus that many rows of an origin are taken.
   */
  async claimBatch(
    db: Executor,
    o: { now: Date; leaseUntil: Date; limit: number; perOrigin: number; busy: Record<string, number>; scan: number },
  ): Promise<ClaimedDelivery[]> {
    const now = o.now.toISOString();
    const busy = JSON.stringify(o.busy);
    // Candidates are read and ranked without locks; only the rows picked are locked (a lock writes the
    // row), skipping those another worker holds and re-checking that each is still due.
    const r = await db.execute(sql`
      with cand as (
        select x.id, x.next_attempt_at, x.origin
        from (
          select d.id, d.next_attempt_at, ${ORIGIN_SQL} as origin
          from webhook_deliveries d
          where d.status = 'pending' and d.next_attempt_at <= ${now}::timestamptz
          order by d.next_attempt_at, d.id
        ) x
        where coalesce((${busy}::jsonb ->> x.origin)::int, 0) < ${o.perOrigin}
        limit ${o.scan}
      ), ranked as (
        select id, origin, next_attempt_at, row_number() over (partition by origin order by next_attempt_at, id) as rn from cand
      ), wanted as (
        select id from ranked
        where rn <= ${o.perOrigin} - coalesce((${busy}::jsonb ->> origin)::int, 0)
        order by next_attempt_at, id
        limit ${o.limit}
      ), pick as (
        select d.id from webhook_deliveries d join wanted w on w.id = d.id
        where d.status = 'pending' and d.next_attempt_at <= ${now}::timestamptz
        for update of d skip locked
      )
      update webhook_deliveries d
      set attempts = d.attempts + 1, next_attempt_at = ${o.leaseUntil.toISOString()}::timestamptz, updated_at = ${now}::timestamptz
      from pick
      where d.id = pick.id
      returning d.id, d.space_id, d.webhook_id, d.url, d.body, d.attempts,
        (select s.webhook_secret from spaces s where s.id = d.space_id) as secret,
        (select s.webhook_secret_previous from spaces s where s.id = d.space_id) as secret_previous,
        (select s.webhook_secret_rotated_at from spaces s where s.id = d.space_id) as secret_rotated_at`);
    return rowsOf<Record<string, unknown>>(r).map((x) => ({
      id: String(x.id),
      spaceId: String(x.space_id),
      webhookId: String(x.webhook_id),
      url: String(x.url),
      body: String(x.body),
      attempts: Number(x.attempts),
      claimedAt: o.now,
      secret: openCached((x.secret as string | null) ?? null),
      secretPrevious: openCached((x.secret_previous as string | null) ?? null),
      secretRotatedAt: toDate(x.secret_rotated_at),
    }));
  },

  /**
   * Records many attempts' outcomes in one statement; each only where the row is still the one its
   * claim saw (pending, updated_at = claim time): a redelivery or a newer claim after the lease wins.
   * A release gives a claim back unused (the attempt uncounted, due now). Returns the ids written.
   */
  async finishBatch(db: Executor, results: readonly AttemptResult[]): Promise<Set<string>> {
    if (results.length === 0) return new Set();
    const json = JSON.stringify(
      results.map((x) => ({
        id: x.id,
        claimed: x.claimedAt.toISOString(),
        status: x.status,
        code: x.lastStatusCode,
        err: x.lastError,
        next: x.nextAttemptAt?.toISOString() ?? null,
        at: x.at.toISOString(),
        undo: x.release === true,
      })),
    );
    const r = await db.execute(sql`
      update webhook_deliveries d
      set status = v.status,
          attempts = d.attempts - (case when v.undo then 1 else 0 end),
          last_status_code = case when v.undo then d.last_status_code else v.code end,
          last_error = case when v.undo then d.last_error else v.err end,
          next_attempt_at = v.next,
          updated_at = v.at
      from jsonb_to_recordset(${json}::jsonb) as v(id uuid, claimed timestamptz, status text, code int, err text, next timestamptz, at timestamptz, undo boolean)
      where d.id = v.id and d.status = 'pending' and d.updated_at = v.claimed
      returning d.id`);
    return new Set(rowsOf<{ id: string }>(r).map((x) => String(x.id)));
  },

  /** When the next pending delivery falls due after `now` (a retry, or a lease that ends), or null. */
  async nextDueAfter(db: Executor, now: Date): Promise<Date | null> {
    const r = await db.execute(sql`
      select (extract(epoch from min(next_attempt_at)) * 1000)::float8 as ms
      from webhook_deliveries where status = 'pending' and next_attempt_at > ${now.toISOString()}::timestamptz`);
    const ms = rowsOf<{ ms: number | null }>(r)[0]?.ms;
    return ms === null || ms === undefined ? null : new Date(Number(ms));
  },

  /** Makes a delivery pending again (same webhook-id and body), due now, and notifies the workers. */
  async resetForRedelivery(db: Executor, spaceId: string, id: string, url: string, now: Date): Promise<DeliveryRow | null> {
    const rows = await db
      .update(webhookDeliveries)
      .set({ status: 'pending', url, attempts: 0, lastError: null, lastStatusCode: null, nextAttemptAt: now, updatedAt: now })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.spaceId, spaceId)))
      .returning();
    if (rows[0]) await db.execute(sql`select pg_notify(${WEBHOOKS_CHANNEL}, '')`);
    return rows[0] ?? null;
  },
};
