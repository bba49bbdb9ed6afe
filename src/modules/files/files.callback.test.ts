/** The Doc Engine callback: once per file, signed, body equal to GET …/files/{file_id}. */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { multipart } from '../../../test/helpers/multipart.ts';
import { sample } from '../../../test/helpers/samples.ts';
import { startReceiver, type Receiver } from '../webhooks/webhooks.test-support.ts';

const mt940 = sample('actual-budget-data.sta');

let t: TestApp;
let rx: Receiver;
beforeAll(async () => {
  t = await createTestApp({ env: { DOCRISK_WEBHOOK_ALLOW_PRIVATE: '1' } });
  rx = await startReceiver();
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

describe('Doc Engine callback', () => {
  it('fires once per file for a batch, signed, with the body of GET by id', async () => {
    const settings = await t.request({ method: 'PATCH', url: '/portal/v1/settings', payload: { webhooks: { doc_engine_url: rx.url } } });
    expect(settings.statusCode).toBe(200);
    const secret = settings.json().webhook_signing_secret as string;
    const p = (await t.request({ method: 'POST', url: '/document-engine/v1/start-process', payload: { ext_application_id: 'CB' } })).json();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const m = multipart({ ext_file_id: `f${i}` }, { content: mt940, filename: `f${i}.sta` });
      const r = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/files`, payload: m.payload, headers: m.headers });
      expect(r.statusCode).toBe(201);
      ids.push(r.json().file_id);
    }
    for (let i = 0; i < 400 && rx.received.length < 5; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.received).toHaveLength(5);
    const wh = new Webhook(secret);
    const bodies = rx.received.map((x) => {
      const parsed = wh.verify(x.body, {
        'webhook-id': String(x.headers['webhook-id']),
        'webhook-timestamp': String(x.headers['webhook-timestamp']),
        'webhook-signature': String(x.headers['webhook-signature']),
      }) as { file_id: string };
      return { parsed, raw: x.body };
    });
    expect(new Set(bodies.map((b) => b.parsed.file_id))).toEqual(new Set(ids));
    for (const b of bodies) {
      const get = await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/files/${b.parsed.file_id}` });
      expect(JSON.parse(b.raw)).toEqual(get.json());
      expect(get.json().parsing_status).toBe('completed');
    }
    const log = (await t.request({ method: 'GET', url: '/portal/v1/webhook-deliveries?limit=100' })).json();
    expect(log.items.filter((d: { event_type: string }) => d.event_type === 'doc_engine.file.parsed')).toHaveLength(5);
  });
});
