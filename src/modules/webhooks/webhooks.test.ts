import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema.ts';
import { ADMIN_TOKEN } from '../../../test/helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db.ts';
import { newId } from '../../shared/ids.ts';
import { startReceiver, waitFor, webhookTestApp, type Receiver, type WebhookTestApp } from './webhooks.test-support.ts';
import type { EventType } from './webhooks.schemas.ts';

let db: TestDatabase;
let t: WebhookTestApp;
let spaceId: string;
const receivers: Receiver[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  t = await webhookTestApp(db.database);
  spaceId = (await t.request({ method: 'GET', url: '/portal/v1/settings' })).json().space_id;
});
afterAll(async () => {
  await t?.app.close().catch(() => undefined);
  await db?.drop().catch(() => undefined);
  await Promise.all(receivers.map((r) => r.close().catch(() => undefined)));
});

const receiver = async (...a: Parameters<typeof startReceiver>) => {
  const r = await startReceiver(...a);
  receivers.push(r);
  return r;
};

const setUrls = async (urls: { doc_engine_url?: string | null; workflow_url?: string | null }) => {
  const r = await t.request({ method: 'PATCH', url: '/portal/v1/settings', payload: { webhooks: urls } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};

const record = (body: object, eventType: EventType = 'doc_engine.file.parsed', sid = spaceId) =>
  t.app.database.db.transaction((tx) => t.app.services.webhooks.recordEvent(tx, { spaceId: sid, eventType, resourceId: newId(), body }));

const row = async (id: string) => (await t.app.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
const settledStatus = async (id: string, status: string, ms = 20_000) => waitFor(async () => (await row(id)).status === status, ms, `delivery ${status}`);

describe('delivery', () => {
  it('POSTs the exact body, signed per Standard Webhooks, with the documented headers', async () => {
    const rx = await receiver();
    const settings = await setUrls({ doc_engine_url: rx.url });
    const body = { file_id: newId(), parsing_status: 'completed', amount: 1234.5, text: 'àèé € "quoted"', nested: { list: [1, null, true] } };
    const ev = await record(body);
    expect(ev.status).toBe('pending');
    expect(ev.webhookId).toMatch(/^msg_/);
    await settledStatus(ev.deliveryId, 'succeeded');
    expect(rx.received).toHaveLength(1);
    const got = rx.received[0]!;
    expect(got.body).toBe(JSON.stringify(body));
    expect(got.headers['webhook-id']).toBe(ev.webhookId);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toMatch(/^docrisk-webhooks\/\d+\.\d+\.\d+/);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(String(got.headers['webhook-signature'])).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(settings.webhook_signing_secret).verify(got.body, got.headers as Record<string, string>);
    expect(verified).toEqual(body);
    const r = await row(ev.deliveryId);
    expect(r).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
  });

  it('records a skipped row when no URL is configured for the event type', async () => {
    await setUrls({ workflow_url: null });
    const ev = await record({ credit_report_id: 'x' }, 'workflow.credit_report.finished');
    expect(ev.status).toBe('skipped');
    const r = await row(ev.deliveryId);
    expect(r).toMatchObject({ status: 'skipped', url: null, attempts: 0 });
    expect(r.nextAttemptAt).toBeNull(); // never due: no worker will claim it
  });

  it('routes workflow.* events to workflow_url and doc_engine.* to doc_engine_url', async () => {
    const de = await receiver();
    const wf = await receiver();
    await setUrls({ doc_engine_url: de.url, workflow_url: wf.url });
    const a = await record({ kind: 'file' }, 'doc_engine.file.parsed');
    const b = await record({ kind: 'report' }, 'workflow.credit_report.finished');
    await settledStatus(a.deliveryId, 'succeeded');
    await settledStatus(b.deliveryId, 'succeeded');
    expect(de.received.map((x) => x.body)).toEqual(['{"kind":"file"}']);
    expect(wf.received.map((x) => x.body)).toEqual(['{"kind":"report"}']);
  });

  it('receiver down, then up: delivered after a retry with the same webhook-id', async () => {
    const rx = await receiver();
    await setUrls({ doc_engine_url: rx.url });
    await rx.close();
    const ev = await record({ n: 1 });
    await waitFor(async () => (await row(ev.deliveryId)).attempts >= 1 && (await row(ev.deliveryId)).lastError !== null, 20_000, 'a failed attempt');
    const failed = await row(ev.deliveryId);
    expect(failed.status).toBe('pending');
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    await rx.reopen();
    await settledStatus(ev.deliveryId, 'succeeded');
    expect(rx.received.map((x) => x.headers['webhook-id'])).toEqual([ev.webhookId]);
    expect((await row(ev.deliveryId)).attempts).toBeGreaterThanOrEqual(2);
  });

  it('500 → retried on schedule, then failed with last_status_code', async () => {
    const rx = await receiver(() => ({ status: 500 }));
    await setUrls({ doc_engine_url: rx.url });
    const ev = await record({ n: 2 });
    await settledStatus(ev.deliveryId, 'failed', 30_000);
    const r = await row(ev.deliveryId);
    // FAST_TUNING has 3 retries: 4 attempts in all, every one with the same webhook-id.
    expect(r).toMatchObject({ attempts: 4, lastStatusCode: 500, lastError: 'HTTP 500', nextAttemptAt: null });
    expect(rx.received).toHaveLength(4);

    // The operator's replay (`docrisk webhooks replay`) sends it again once the receiver is healthy.
    rx.behave(() => ({ status: 204 }));
    const replay = await t.app.services.webhooks.replay({ statuses: ['failed'], ids: [ev.deliveryId] });
    expect(replay).toEqual({ queued: [ev.deliveryId], refused: [] });
    await settledStatus(ev.deliveryId, 'succeeded', 20_000);
    expect(new Set(rx.received.map((x) => x.headers['webhook-id']))).toEqual(new Set([ev.webhookId]));
    expect(new Set(rx.received.map((x) => x.headers['webhook-id']))).toEqual(new Set([ev.webhookId]));
    // The timestamp and signature are per attempt.
    expect(new Set(rx.received.map((x) => x.headers['webhook-signature'])).size).toBeGreaterThanOrEqual(1);
  });

  it('a receiver slower than the timeout is not a success', async () => {
    const rx = await receiver(() => ({ delayMs: 3000 }));
    await setUrls({ doc_engine_url: rx.url });
    const ev = await record({ n: 3 });
    await settledStatus(ev.deliveryId, 'failed', 40_000);
    const r = await row(ev.deliveryId);
    expect(r.lastStatusCode).toBeNull();
    expect(r.lastError).toMatch(/timeout after 1000 ms/);
    expect(r.attempts).toBe(4);
  });

  it('a 302 redirect is not followed and not a success', async () => {
    const target = await receiver();
    const rx = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    await setUrls({ doc_engine_url: rx.url });
    const ev = await record({ n: 4 });
    await settledStatus(ev.deliveryId, 'failed', 30_000);
    expect(await row(ev.deliveryId)).toMatchObject({ lastStatusCode: 302, attempts: 4 });
    expect(target.received).toHaveLength(0);
  });

  it('a burst of 20 events: exactly 20 distinct messages received, none lost', async () => {
    const rx = await receiver();
    await setUrls({ doc_engine_url: rx.url });
    const evs = await Promise.all(Array.from({ length: 20 }, (_, i) => record({ i })));
    await waitFor(() => new Set(rx.received.map((x) => x.headers['webhook-id'])).size === 20, 30_000, '20 deliveries');
    for (const ev of evs) await settledStatus(ev.deliveryId, 'succeeded');
    const ids = rx.received.map((x) => String(x.headers['webhook-id']));
    expect(new Set(ids)).toEqual(new Set(evs.map((e) => e.webhookId)));
    expect(new Set(rx.received.map((x) => JSON.parse(x.body).i))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => i)));
    expect(rx.maxConcurrent).toBeLessThanOrEqual(4);
  });

  it('a slow receiver holds at most 4 slots and does not delay another endpoint', async () => {
    // The slow receiver answers nothing until released: its 4 slots stay taken and 6 of its events wait.
    // The other endpoint's event must still be delivered meanwhile (a shared queue or a global cap
    // would hold it until the release: it never arrives). An app of its own, whose attempts outlast
    // the hold (this file's app gives up after 1 s).
    const db2 = await createTestDatabase();
    const t2 = await webhookTestApp(db2.database, { tuning: { timeoutMs: 120_000 } });
    let release!: () => void;
    const held = new Promise<void>((res) => (release = res));
    try {
      const sid = (await t2.request({ method: 'GET', url: '/portal/v1/settings' })).json().space_id;
      const slow = await receiver(() => ({ until: held }));
      const fast = await receiver();
      const patched = await t2.request({ method: 'PATCH', url: '/portal/v1/settings', payload: { webhooks: { doc_engine_url: slow.url, workflow_url: fast.url } } });
      expect(patched.statusCode, patched.body).toBe(200);
      const rec = (body: object, eventType: EventType) =>
        t2.app.database.db.transaction((tx) => t2.app.services.webhooks.recordEvent(tx, { spaceId: sid, eventType, resourceId: newId(), body }));
      const status = async (id: string) => (await t2.app.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!.status;
      const slowEvs = await Promise.all(Array.from({ length: 10 }, (_, i) => rec({ slow: i }, 'doc_engine.file.parsed')));
      await waitFor(() => slow.received.length === 4, 20_000, 'the slow receiver holding 4 attempts');
      const f = await rec({ fast: true }, 'workflow.credit_report.finished');
      await waitFor(async () => (await status(f.deliveryId)) === 'succeeded', 30_000, 'the other endpoint delivered while the slow one holds its slots');
      expect(fast.received.map((x) => x.body)).toEqual(['{"fast":true}']);
      // Still nothing answered there, and no fifth attempt sent to it.
      expect(slow.received).toHaveLength(4);
      for (const ev of slowEvs) expect(await status(ev.deliveryId)).not.toBe('succeeded');
      release();
      for (const ev of slowEvs) await waitFor(async () => (await status(ev.deliveryId)) === 'succeeded', 30_000, 'slow deliveries after the release');
      expect(new Set(slow.received.map((x) => JSON.parse(x.body).slow))).toEqual(new Set(Array.from({ length: 10 }, (_, i) => i)));
      expect(slow.maxConcurrent).toBe(4);
    } finally {
      release();
      await t2.app.close().catch(() => undefined);
      await db2.drop().catch(() => undefined);
    }
  });

  it('after a rotation both secrets sign; either verifies', async () => {
    const rx = await receiver();
    const before = await setUrls({ doc_engine_url: rx.url, workflow_url: null });
    const rot = await t.request({ method: 'POST', url: '/portal/v1/settings/rotate-webhook-secret' });
    expect(rot.statusCode).toBe(200);
    const after = rot.json();
    expect(after.webhook_signing_secret).not.toBe(before.webhook_signing_secret);
    const ev = await record({ rotated: true });
    await settledStatus(ev.deliveryId, 'succeeded');
    const got = rx.received[0]!;
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [before.webhook_signing_secret, after.webhook_signing_secret]) {
      expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toEqual({ rotated: true });
    }
  });

  it('redeliver resends the same message; a test event is signed and logged', async () => {
    const rx = await receiver();
    const settings = await setUrls({ doc_engine_url: rx.url });
    const ev = await record({ again: 1 });
    await settledStatus(ev.deliveryId, 'succeeded');
    const re = await t.request({ method: 'POST', url: `/portal/v1/webhook-deliveries/${ev.deliveryId}/redeliver` });
    expect(re.statusCode, re.body).toBe(202);
    expect(re.json()).toMatchObject({ delivery_id: ev.deliveryId, webhook_id: ev.webhookId, status: 'pending', attempts: 0 });
    await waitFor(() => rx.received.length === 2, 20_000, 'redelivery');
    expect(rx.received[1]!.headers['webhook-id']).toBe(ev.webhookId);
    expect(rx.received[1]!.body).toBe(rx.received[0]!.body);
    await settledStatus(ev.deliveryId, 'succeeded');

    const test = await t.request({ method: 'POST', url: '/portal/v1/webhooks/test', payload: { event_type: 'doc_engine.file.parsed' } });
    expect(test.statusCode, test.body).toBe(202);
    expect(test.json().items).toHaveLength(1);
    expect(test.json().items[0]).toMatchObject({ event_type: 'webhook.test', url: rx.url, status: 'pending' });
    await waitFor(() => rx.received.length === 3, 20_000, 'test event');
    const got = rx.received[2]!;
    expect(new Webhook(settings.webhook_signing_secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({
      type: 'webhook.test',
      event_type: 'doc_engine.file.parsed',
    });
    const noUrl = await t.request({ method: 'POST', url: '/portal/v1/webhooks/test', payload: { event_type: 'workflow.credit_report.finished' } });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().errors[0].field).toBe('webhooks.workflow_url');
    const noBody = await t.request({ method: 'POST', url: '/portal/v1/webhooks/test' });
    expect(noBody.statusCode, noBody.body).toBe(202);
  });
});

describe('delivery log', () => {
  it('lists the caller\'s deliveries newest first; another space sees none and gets 404', async () => {
    const list = await t.request({ method: 'GET', url: '/portal/v1/webhook-deliveries?limit=5' });
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page).toMatchObject({ limit: 5, offset: 0 });
    expect(page.total).toBeGreaterThan(5);
    expect(page.items).toHaveLength(5);
    const created = page.items.map((i: { created_at: string }) => i.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    for (const k of ['delivery_id', 'event_type', 'url', 'status', 'attempts', 'last_status_code', 'next_attempt_at', 'created_at']) {
      expect(page.items[0]).toHaveProperty(k);
    }
    const statuses = new Set((await t.request({ method: 'GET', url: '/portal/v1/webhook-deliveries?limit=100' })).json().items.map((i: { status: string }) => i.status));
    for (const s of ['succeeded', 'failed', 'skipped']) expect(statuses.has(s), s).toBe(true);
    const page2 = (await t.request({ method: 'GET', url: '/portal/v1/webhook-deliveries?limit=5&offset=5' })).json();
    expect(page2.items[0].delivery_id).not.toBe(page.items[0].delivery_id);
    expect((await t.request({ method: 'GET', url: '/portal/v1/webhook-deliveries?limit=101' })).statusCode).toBe(400);

    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const s = await t.request({ method: 'POST', url: '/admin/v1/spaces', auth: admin, payload: { name: 'other-lender' } });
    const c = await t.request({ method: 'POST', url: `/admin/v1/spaces/${s.json().space_id}/clients`, auth: admin, payload: { name: 'o' } });
    const cred = c.json();
    const h = await t.tokenHeaders(cred.client_id, cred.client_secret, cred.subscription_key);
    const theirs = await t.request({ method: 'GET', url: '/portal/v1/webhook-deliveries', auth: h });
    expect(theirs.json()).toMatchObject({ items: [], total: 0 });
    const re = await t.request({ method: 'POST', url: `/portal/v1/webhook-deliveries/${page.items[0].delivery_id}/redeliver`, auth: h });
    expect(re.statusCode).toBe(404);
    const unknown = await t.request({ method: 'POST', url: `/portal/v1/webhook-deliveries/${newId()}/redeliver` });
    expect(unknown.statusCode).toBe(404);
  });
});
