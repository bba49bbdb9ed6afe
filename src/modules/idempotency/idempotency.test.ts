/** Idempotency-Key on the create endpoints: a retry gets the first answer, another request with the key a 422. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT, createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { multipart } from '../../../test/helpers/multipart.ts';
import { sample } from '../../../test/helpers/samples.ts';
import { accountBody } from '../reports/reports.test-data.ts';
import { KEEP_MS } from './idempotency.service.ts';

let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: false, clock });
});
afterAll(async () => t?.close());

const start = (body: object, key?: string) =>
  t.request({ method: 'POST', url: '/document-engine/v1/start-process', payload: body, headers: key === undefined ? {} : { 'idempotency-key': key } });
const upload = (pid: string, ext: string, content: Buffer, key?: string) => {
  const m = multipart({ ext_file_id: ext }, { content, filename: 'x.sta' });
  return t.request({ method: 'POST', url: `/document-engine/v1/processes/${pid}/files`, payload: m.payload, headers: { ...m.headers, ...(key ? { 'idempotency-key': key } : {}) } });
};
const runReport = (pid: string, key: string) =>
  t.request({
    method: 'POST',
    url: `/document-engine/v1/processes/${pid}/credit-reports/run-report`,
    payload: { include_all_data: true, report_params: { account_holder: 'Mario Rossi', data_market: 'it', data_source: 'retail', loan_period: 12 } },
    headers: { 'idempotency-key': key },
  });
const count = async (url: string) => (await t.request({ method: 'GET', url })).json().total as number;

describe('Idempotency-Key', () => {
  it('start-process: the same key and body answer the first process again; another body with the key is a 422', async () => {
    const body = { ext_application_id: 'IDEM-1', attributes: { main_applicant_name: 'Mario Rossi' } };
    const a = await start(body, '"k-start-1"');
    const b = await start(body, '"k-start-1"');
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(a.headers['idempotent-replayed']).toBeUndefined();
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(await count('/document-engine/v1/processes?ext_application_id=IDEM-1')).toBe(1);
    const c = await start({ ...body, ext_application_id: 'IDEM-1b' }, 'k-start-1');
    expect(c.statusCode).toBe(422);
    expect(c.headers['content-type']).toMatch(/problem\+json/);
    expect(c.json().code).toBe('idempotency_key_reused');
    // Without a key every call creates; a bad key is a 400.
    await start({ ext_application_id: 'IDEM-2' });
    await start({ ext_application_id: 'IDEM-2' });
    expect(await count('/document-engine/v1/processes?ext_application_id=IDEM-2')).toBe(2);
    expect((await start(body, 'bad key with spaces')).statusCode).toBe(400);
  });

  it('concurrent retries with one key create one process', async () => {
    const body = { ext_application_id: 'IDEM-3' };
    const rs = await Promise.all([start(body, 'k-conc'), start(body, 'k-conc'), start(body, 'k-conc')]);
    for (const r of rs) expect([201, 409]).toContain(r.statusCode);
    expect(await count('/document-engine/v1/processes?ext_application_id=IDEM-3')).toBe(1);
  });

  it('upload: a retried upload is one file; other content with the key is a 422', async () => {
    const p = (await start({ ext_application_id: 'IDEM-UP' })).json();
    const mt940 = sample('actual-budget-data.sta');
    const a = await upload(p.process_id, 'stmt', mt940, 'k-up-1');
    const b = await upload(p.process_id, 'stmt', mt940, 'k-up-1');
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().file_id).toBe(a.json().file_id);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(await count(`/document-engine/v1/processes/${p.process_id}/files`)).toBe(1);
    const other = await upload(p.process_id, 'stmt', Buffer.concat([mt940, Buffer.from('\n')]), 'k-up-1');
    expect(other.statusCode).toBe(422);
    // The replay kept the first file's bytes.
    const content = await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/files/${a.json().file_id}/content` });
    expect(content.rawPayload.equals(mt940)).toBe(true);
  });

  it('run-report: a retry is the same report; a failed attempt is not kept, so the retry runs once the inputs exist', async () => {
    const p = (await start({ ext_application_id: 'IDEM-RR', attributes: { main_applicant_name: 'Mario Rossi' } })).json();
    const failed = await runReport(p.process_id, 'k-rr-1');
    expect(failed.statusCode).toBe(400);
    const acc = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/bank-accounts`, payload: accountBody({ holder: 'Mario Rossi' }) });
    expect(acc.statusCode).toBe(201);
    const a = await runReport(p.process_id, 'k-rr-1');
    const b = await runReport(p.process_id, 'k-rr-1');
    expect(a.statusCode).toBe(201);
    expect(b.json().credit_report_id).toBe(a.json().credit_report_id);
    expect(await count(`/document-engine/v1/processes/${p.process_id}/credit-reports`)).toBe(1);
  });

  it('keys are per endpoint: one key on start-process and run-report does not collide', async () => {
    const s = await start({ ext_application_id: 'IDEM-X' }, 'shared-key');
    expect(s.statusCode).toBe(201);
    const other = await start({ ext_application_id: 'IDEM-X' }, 'shared-key');
    expect(other.json().process_id).toBe(s.json().process_id);
    expect((await runReport(s.json().process_id, 'shared-key')).statusCode).toBe(400); // no inputs: the report's own answer, not a 422
  });

  it('a key is kept for a day: after that it may be used afresh, and old records are purged', async () => {
    const first = await start({ ext_application_id: 'IDEM-OLD' }, 'k-day');
    expect((await start({ ext_application_id: 'IDEM-OLD-2' }, 'k-day')).statusCode).toBe(422);
    offsetMs = KEEP_MS + 120_000;
    try {
      // A day later the cached token has expired too: a fresh one, issued on the moved clock.
      const token = await t.tokenFor(BOOT.clientId, BOOT.clientSecret, BOOT.subscriptionKey);
      const later = await t.request({
        method: 'POST',
        url: '/document-engine/v1/start-process',
        payload: { ext_application_id: 'IDEM-OLD-2' },
        auth: { authorization: `Bearer ${token}`, 'ocp-apim-subscription-key': BOOT.subscriptionKey, 'idempotency-key': 'k-day' },
      });
      expect(later.statusCode).toBe(201);
      expect(later.json().process_id).not.toBe(first.json().process_id);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      offsetMs = 0;
    }
  });
});
