/**
 * The delivery workers on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): batch claims
 * shared by two workers, a crashed worker's lease, the retry schedule and Retry-After, all on the one
 * retry mechanism (the row's next_attempt_at).
 */
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema.ts';
import { systemClock } from '../../shared/clock.ts';
import { newId } from '../../shared/ids.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db.ts';
import { postWebhook, type Poster } from './http-client.ts';
import { WebhookDelivery } from './webhooks.delivery.ts';
import { DEFAULT_TUNING, type WebhookTuning } from './webhooks.tuning.ts';
import { webhooksRepository } from './webhooks.repository.ts';
import { startReceiver, waitFor, webhookTestApp, type Receiver, type WebhookTestApp } from './webhooks.test-support.ts';

let db: TestDatabase;
let t: WebhookTestApp;
let spaceId: string;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  t = await webhookTestApp(db.database, { workers: false });
  spaceId = (await t.request({ method: 'GET', url: '/portal/v1/settings' })).json().space_id;
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  await t?.app.close().catch(() => undefined);
  await db?.drop().catch(() => undefined);
});

const receiver = async (...a: Parameters<typeof startReceiver>): Promise<Receiver> => {
  const r = await startReceiver(...a);
  cleanups.push(() => r.close());
  await t.request({ method: 'PATCH', url: '/portal/v1/settings', payload: { webhooks: { doc_engine_url: r.url } } });
  return r;
};

/** A second connection (pool) to the same database, as another worker process would have. */
const otherConnection = async (): Promise<Database> => {
  if (!db.url) return db.database; // PGlite: one connection per database
  const d = await openPostgres(db.url, 5);
  cleanups.push(() => d.close());
  return d;
};

const worker = (database: Database, tuning: Partial<WebhookTuning> = {}, poster: Poster = postWebhook): WebhookDelivery => {
  const w = new WebhookDelivery({
    database,
    clock: systemClock,
    log: pino({ level: 'silent' }),
    tuning: { ...DEFAULT_TUNING, jitter: 0, timeoutMs: 1000, ...tuning },
    allowPrivate: true,
    version: '0.0.0-test',
    poster,
  });
  cleanups.push(() => w.stop(1000));
  return w;
};

const record = (body: object) =>
  t.app.database.db.transaction((tx) => t.app.services.webhooks.recordEvent(tx, { spaceId, eventType: 'doc_engine.file.parsed', resourceId: newId(), body }));

const row = async (id: string) => (await t.app.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;

describe('batch claims', () => {
  it('two workers on one outbox: every message sent exactly once, both take a share', async () => {
    const rx = await receiver();
    const sent = [0, 0];
    const counting = (i: number): Poster => (req) => {
      sent[i]!++;
      return postWebhook(req);
    };
    const N = 300;
    const evs: Awaited<ReturnType<typeof record>>[] = [];
    for (let i = 0; i < N; i++) evs.push(await record({ i }));
    // Small batches and low caps force many interleaved claims.
    // The default 10 s send budget: a lease (twice the budget) that a loaded host's stalls do not outlast —
    // with 1 s, an outcome written late let the row fall due again and be sent twice (at-least-once).
    const tuning = { batchSize: 7, maxPerOrigin: 3, timeoutMs: 10_000 };
    const a = worker(db.database, tuning, counting(0));
    const b = worker(await otherConnection(), tuning, counting(1));
    await Promise.all([a.start(), b.start()]);
    await waitFor(() => rx.received.length >= N, 60_000, `${N} deliveries`);
    await waitFor(async () => (await webhooksRepository.findForReplay(t.app.database.db, { statuses: ['pending'] }, 10)).length === 0, 20_000, 'outcomes written');
    await new Promise((r) => setTimeout(r, 300));
    const ids = rx.received.map((x) => String(x.headers['webhook-id']));
    expect(ids).toHaveLength(N);
    expect(new Set(ids)).toEqual(new Set(evs.map((e) => e.webhookId)));
    expect(sent[0]! + sent[1]!).toBe(N);
    expect(sent[0]).toBeGreaterThan(0);
    expect(sent[1]).toBeGreaterThan(0);
    for (const e of evs.slice(0, 20)) expect(await row(e.deliveryId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    // Two workers at 3 per origin each: never more than 6 at once at the receiver.
    expect(rx.maxConcurrent).toBeLessThanOrEqual(6);
    await a.stop(1000);
    await b.stop(1000);
  });
});

describe('crash recovery', () => {
  it('a row claimed by a worker that died comes back when its lease ends, not before', async () => {
    const rx = await receiver();
    const ev = await record({ crashed: true });
    // The dead worker's claim: attempt counted, leased for 1.5 s, never finished.
    const now = new Date();
    const leaseEnds = now.getTime() + 1500;
    const claimed = await webhooksRepository.claimBatch(t.app.database.db, { now, leaseUntil: new Date(leaseEnds), limit: 100, perOrigin: 100, busy: {}, scan: 200 });
    expect(claimed.map((c) => c.id)).toContain(ev.deliveryId);
    const w = worker(await otherConnection());
    await w.start();
    await waitFor(() => rx.received.some((x) => x.headers['webhook-id'] === ev.webhookId), 20_000, 'delivery after the lease');
    const got = rx.received.find((x) => x.headers['webhook-id'] === ev.webhookId)!;
    expect(got.at).toBeGreaterThanOrEqual(leaseEnds - 5);
    expect(got.body).toBe('{"crashed":true}');
    await waitFor(async () => (await row(ev.deliveryId)).status === 'succeeded', 10_000, 'succeeded');
    // The dead worker's attempt counts: this was the second.
    expect((await row(ev.deliveryId)).attempts).toBe(2);
    // The dead worker's late outcome (its fencing token is stale) changes nothing.
    const late = await webhooksRepository.finishBatch(t.app.database.db, [
      { id: ev.deliveryId, claimedAt: now, status: 'failed', lastStatusCode: 500, lastError: 'late', nextAttemptAt: null, at: new Date() },
    ]);
    expect(late.size).toBe(0);
    expect((await row(ev.deliveryId)).status).toBe('succeeded');
    await w.stop(1000);
  });

  it('a worker stopping gives its claimed, unstarted rows back at once', async () => {
    const rx = await receiver(() => ({ delayMs: 400 }));
    const evs: Awaited<ReturnType<typeof record>>[] = [];
    for (let i = 0; i < 6; i++) evs.push(await record({ stop: i }));
    const w = worker(db.database, { maxPerOrigin: 1 });
    await w.start();
    await waitFor(() => rx.received.length >= 1, 10_000, 'first send');
    await w.stop(2000);
    const rows = await Promise.all(evs.map((e) => row(e.deliveryId)));
    const pending = rows.filter((r) => r.status === 'pending');
    expect(pending.length).toBeGreaterThan(0);
    // Released rows are due now with their attempt uncounted, not leased for another worker to wait out.
    for (const r of pending) {
      expect(r.attempts).toBe(0);
      expect(r.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    }
    const w2 = worker(db.database);
    await w2.start();
    await waitFor(async () => (await Promise.all(evs.map((e) => row(e.deliveryId)))).every((r) => r.status === 'succeeded'), 20_000, 'all delivered');
    expect(new Set(rx.received.map((x) => x.headers['webhook-id']))).toEqual(new Set(evs.map((e) => e.webhookId)));
    await w2.stop(1000);
  });
});

describe('retries on the row\'s next_attempt_at', () => {
  it('follows the schedule, then fails; the same webhook-id every time', async () => {
    const rx = await receiver(() => ({ status: 500 }));
    const schedule = [0.4, 0.8, 1.2];
    const w = worker(db.database, { retryScheduleSeconds: schedule });
    await w.start();
    const ev = await record({ schedule: true });
    await waitFor(async () => (await row(ev.deliveryId)).status === 'failed', 30_000, 'failed');
    const mine = rx.received.filter((x) => x.headers['webhook-id'] === ev.webhookId);
    expect(mine).toHaveLength(4);
    for (let i = 1; i < mine.length; i++) {
      const gap = mine[i]!.at - mine[i - 1]!.at;
      // Never earlier than the schedule; late by at most a poll and a send.
      expect(gap).toBeGreaterThanOrEqual(schedule[i - 1]! * 1000 - 5);
      expect(gap).toBeLessThan(schedule[i - 1]! * 1000 + 900);
    }
    expect(await row(ev.deliveryId)).toMatchObject({ status: 'failed', attempts: 4, lastStatusCode: 500, nextAttemptAt: null });
    await w.stop(1000);
  });

  it('a 503 with Retry-After moves the retry later, up to the next step of the schedule', async () => {
    let n = 0;
    const rx = await receiver(() => (++n === 1 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 204 }));
    const w = worker(db.database, { retryScheduleSeconds: [0.2, 3] });
    await w.start();
    const ev = await record({ retryAfter: true });
    await waitFor(async () => (await row(ev.deliveryId)).lastStatusCode === 503, 10_000, 'first attempt recorded');
    const after = await row(ev.deliveryId);
    expect(after.status).toBe('pending');
    // Scheduled 1 s after the attempt (Retry-After), not 0.2 s (the schedule).
    expect(after.nextAttemptAt!.getTime() - after.updatedAt.getTime()).toBe(1000);
    await waitFor(async () => (await row(ev.deliveryId)).status === 'succeeded', 10_000, 'succeeded');
    const mine = rx.received.filter((x) => x.headers['webhook-id'] === ev.webhookId);
    expect(mine).toHaveLength(2);
    expect(mine[1]!.at - mine[0]!.at).toBeGreaterThanOrEqual(995);
    await w.stop(1000);
  });

  it('no queue job is involved: pg-boss has no webhook queue', async () => {
    const r = await t.app.database.db.execute(sql`select count(*)::int as n from pgboss.queue where name like 'webhooks%'`);
    const rows = (Array.isArray(r) ? r : (r as unknown as { rows: { n: number }[] }).rows) as { n: number }[];
    expect(rows[0]!.n).toBe(0);
  });
});
