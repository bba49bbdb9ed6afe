/**
 * "Kill between state change and delivery": the event is committed with no worker running, the
 * process goes away, a new process on the same database delivers it. Also: a row whose wake-up
 * signal never came is found by the idle poll.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../db/client.ts';
import { createTestDatabase, migratedPgliteDir, pgliteTemplateReady, TEST_DATABASE_URL, type TestDatabase } from '../../../test/helpers/db.ts';
import { newId } from '../../shared/ids.ts';
import { webhooksRepository } from './webhooks.repository.ts';
import { startReceiver, waitFor, webhookTestApp, type Receiver } from './webhooks.test-support.ts';

const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  if (!TEST_DATABASE_URL) await pgliteTemplateReady();
}, 300_000);
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

/** Opens the same persistent database again after a close (a PGlite directory, or a PostgreSQL database). */
async function persistentDatabase(): Promise<() => Promise<Database>> {
  if (TEST_DATABASE_URL) {
    const tdb: TestDatabase = await createTestDatabase();
    await tdb.database.close();
    cleanups.push(() => tdb.drop().catch(() => undefined));
    return async () => openPostgres(tdb.url!, 5);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docrisk-wh-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  // The run's migrated template on disk: the first app would otherwise migrate an empty directory (≈ 12 CPU s).
  const data = await migratedPgliteDir(path.join(dir, 'pgdata'));
  return async () => openPglite(data);
}

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  cleanups.push(() => r.close());
  return r;
}

describe('outbox survives the process', () => {
  it('an event committed with workers off is delivered by the next process', async () => {
    const open = await persistentDatabase();
    const rx = await receiver();

    const db1 = await open();
    const a1 = await webhookTestApp(db1, { workers: false });
    const settings = (await a1.request({ method: 'PATCH', url: '/portal/v1/settings', payload: { webhooks: { doc_engine_url: rx.url } } })).json();
    const body = { file_id: newId(), parsing_status: 'completed' };
    const ev = await a1.app.database.db.transaction((tx) =>
      a1.app.services.webhooks.recordEvent(tx, { spaceId: settings.space_id, eventType: 'doc_engine.file.parsed', resourceId: body.file_id, body }),
    );
    await a1.app.close();
    expect(rx.received).toHaveLength(0);

    const db2 = await open();
    const a2 = await webhookTestApp(db2, { workers: true });
    cleanups.push(() => a2.app.close());
    await waitFor(() => rx.received.length === 1, 30_000, 'delivery after restart');
    const got = rx.received[0]!;
    expect(got.headers['webhook-id']).toBe(ev.webhookId);
    expect(got.body).toBe(JSON.stringify(body));
    expect(new Webhook(settings.webhook_signing_secret).verify(got.body, got.headers as Record<string, string>)).toEqual(body);

    // A row committed without its NOTIFY (throttled, or a pooler that drops LISTEN) waits for the idle poll.
    await new Promise((r) => setTimeout(r, 1200)); // the worker's hot window (hotForMs) has passed
    const body2 = { unsignalled: true };
    const id2 = newId();
    const webhookId2 = `msg_${newId()}`;
    await a2.app.database.db.transaction((tx) =>
      webhooksRepository.insertOutbox(tx, {
        id: id2,
        spaceId: settings.space_id,
        webhookId: webhookId2,
        eventType: 'doc_engine.file.parsed',
        resourceId: newId(),
        body: JSON.stringify(body2),
        now: new Date(),
        url: { column: 'doc_engine_url' },
        notify: false,
      }),
    );
    // Found by the idle poll (pollIntervalMs, 1 s by default): no signal was sent for it. No timing is asserted
    // (a loaded CI host stretches it); the generous wait only tells a poll from a row never picked up.
    await waitFor(() => rx.received.some((x) => x.headers['webhook-id'] === webhookId2), 20_000, 'polled delivery');
  });
});
