/**
 * Webhook delivery benchmark: N events recorded (each in its own transaction) to a local receiver.
 * Prints delivered events/s and the latency from recordEvent's commit to receipt (p50/p99).
 *   node bench/webhooks.ts [N]            (PGlite in memory)
 *   TEST_DATABASE_URL=postgres://… node bench/webhooks.ts [N]
 *   node bench/webhooks.ts N RATE      paced: RATE events/s (latency with a healthy, un-backlogged receiver)
 */
import os from 'node:os';
import { createTestDatabase } from '../test/helpers/db.ts';
import { newId } from '../src/shared/ids.ts';
import { startReceiver, waitFor, webhookTestApp } from '../src/modules/webhooks/webhooks.test-support.ts';
import { DEFAULT_TUNING } from '../src/modules/webhooks/index.ts';

const N = Number(process.argv[2] ?? 2000);
const CONCURRENCY = 8;
const RATE = process.argv[3] ? Number(process.argv[3]) : null;

const db = await createTestDatabase();
const rx = await startReceiver();
const t = await webhookTestApp(db.database, { workers: true, tuning: DEFAULT_TUNING });
const spaceId = (await t.request({ method: 'GET', url: '/portal/v1/settings' })).json().space_id as string;
await t.request({ method: 'PATCH', url: '/portal/v1/settings', payload: { webhooks: { doc_engine_url: rx.url } } });

const committed = new Map<string, number>();
const body = (i: number) => ({ file_id: newId(), parsing_status: 'completed', n: i, parsing_result: { iban: 'IT60X0542811101000000123456', lines: Array.from({ length: 20 }, (_, k) => ({ k, amount: k * 1.5 })) } });
const t0 = Date.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < N) {
      const i = next++;
      if (RATE) {
        const due = t0 + (i * 1000) / RATE;
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      }
      const ev = await t.app.database.db.transaction((tx) =>
        t.app.services.webhooks.recordEvent(tx, { spaceId, eventType: 'doc_engine.file.parsed', resourceId: newId(), body: body(i) }),
      );
      committed.set(ev.webhookId, Date.now());
    }
  }),
);
const tRecorded = Date.now();
await waitFor(() => new Set(rx.received.map((r) => r.headers['webhook-id'])).size >= N, 600_000, 'all deliveries');
const tDone = Date.now();

const lat = rx.received
  .map((r) => r.at - (committed.get(String(r.headers['webhook-id'])) ?? r.at))
  .sort((a, b) => a - b);
const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!;
const unique = new Set(rx.received.map((r) => r.headers['webhook-id'])).size;
console.log(`machine: ${os.cpus()[0]?.model} x${os.cpus().length}, node ${process.version}, database ${db.database.kind}`);
console.log(`events: ${N}${RATE ? ` paced at ${RATE}/s` : ''}, recorded in ${tRecorded - t0} ms (${Math.round((N * 1000) / (tRecorded - t0))}/s, ${CONCURRENCY} concurrent transactions)`);
console.log(`delivered: ${unique} unique (${rx.received.length} requests) in ${tDone - t0} ms → ${Math.round((N * 1000) / (tDone - t0))} events/s end to end`);
console.log(`latency commit → receipt: p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${lat[lat.length - 1]} ms; receiver max concurrency ${rx.maxConcurrent}`);
await t.app.close();
await db.drop().catch(() => undefined); // app.close() already closed the database
await rx.close();
