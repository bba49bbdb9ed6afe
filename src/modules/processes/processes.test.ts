import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { newId } from '../../shared/ids.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
});
afterAll(async () => t?.close());

const start = (payload: object) => t.request({ method: 'POST', url: '/document-engine/v1/start-process', payload });
const list = (qs: string) => t.request({ method: 'GET', url: `/document-engine/v1/processes${qs}` });

describe('start-process and get', () => {
  it('creates an active process with zero counts and empty refs', async () => {
    const r = await start({
      ext_application_id: 'APP-100',
      options: { ext_user_id: 'user-7', applicant_type: 'employee' },
      attributes: { main_applicant_name: 'Mario Rossi', main_tax_code: 'RSSMRA80A01H501U' },
    });
    expect(r.statusCode).toBe(201);
    const p = r.json();
    expect(p).toEqual({
      process_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ext_application_id: 'APP-100',
      space_id: expect.any(String),
      status: 'active',
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
      total_files: 0,
      total_bank_accounts: 0,
      total_open_banking_accounts: 0,
      total_credit_reports: 0,
      file_refs: [],
      bank_account_refs: [],
      open_banking_account_refs: [],
      credit_report_refs: [],
      options: { ext_user_id: 'user-7', applicant_type: 'employee' },
      attributes: { main_applicant_name: 'Mario Rossi', main_tax_code: 'RSSMRA80A01H501U', source: 'api' },
    });
    const g = await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}` });
    expect(g.statusCode).toBe(200);
    expect(g.json()).toEqual(p);
  });

  it.each([
    [{}, 'ext_application_id'],
    [{ ext_application_id: '' }, 'ext_application_id'],
    [{ ext_application_id: 42 }, 'ext_application_id'],
    [{ ext_application_id: 'x', options: { applicant_type: 'astronaut' } }, 'options.applicant_type'],
    [{ ext_application_id: 'x', options: { shoe_size: 42 } }, 'options.shoe_size'],
    [{ ext_application_id: 'x', surprise: true }, 'surprise'],
  ])('rejects %o naming %s', async (payload, field) => {
    const r = await start(payload);
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(r.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('404s an unknown process and 400s a malformed id', async () => {
    expect((await t.request({ method: 'GET', url: `/document-engine/v1/processes/${newId()}` })).statusCode).toBe(404);
    const bad = await t.request({ method: 'GET', url: '/document-engine/v1/processes/123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('process_id');
  });
});

describe('counts and refs come from the sub-resource tables', () => {
  it('counts every row and previews the ten most recent of each kind', async () => {
    const p = (await start({ ext_application_id: 'COUNTS' })).json();
    const db = t.app.database.db;
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 13; i++) {
      const at = new Date(base + i * 1000).toISOString();
      await db.execute(sql`insert into files (id, process_id, space_id, ext_file_id, size_bytes, sha256, blob_key, document_type,
        validation_status, parsing_status, created_at, updated_at)
        values (${newId()}, ${p.process_id}, ${p.space_id}, ${`f${i}`}, 1, 'x', 'x', 'bank_statement', 'success', 'uploaded', ${at}, ${at})`);
    }
    for (let i = 0; i < 2; i++) {
      await db.execute(sql`insert into bank_accounts (id, process_id, space_id, iban, account_holder, currency_code, total_transactions)
        values (${newId()}, ${p.process_id}, ${p.space_id}, 'IT60X0542811101000000123456', 'Mario Rossi', 'EUR', 0)`);
    }
    await db.execute(sql`insert into credit_reports (id, process_id, space_id, status, report_params, inputs, validation)
      values (${newId()}, ${p.process_id}, ${p.space_id}, 'processing', '{}'::jsonb, '{}'::jsonb, '{}'::jsonb)`);
    const g = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}` })).json();
    expect(g.total_files).toBe(13);
    expect(g.file_refs).toHaveLength(10);
    expect(g.file_refs[0]).toEqual({
      file_id: expect.any(String),
      ext_file_id: 'f12',
      validation_status: 'success',
      parsing_status: 'uploaded',
      document_type: 'bank_statement',
      created_at: '2026-01-01T00:00:12.000Z',
      updated_at: '2026-01-01T00:00:12.000Z',
    });
    expect(g.file_refs.map((f: { ext_file_id: string }) => f.ext_file_id)).toEqual(
      ['f12', 'f11', 'f10', 'f9', 'f8', 'f7', 'f6', 'f5', 'f4', 'f3'],
    );
    expect(g.total_bank_accounts).toBe(2);
    expect(g.bank_account_refs[0]).toMatchObject({ iban: 'IT60X0542811101000000123456' });
    expect(g.total_credit_reports).toBe(1);
    expect(g.credit_report_refs[0]).toMatchObject({ status: 'processing' });
    expect(g.total_open_banking_accounts).toBe(0);

    const archived = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/archive` });
    expect(archived.statusCode).toBe(200);
    const a = archived.json();
    expect(Object.keys(a).sort()).toEqual(['created_at', 'ext_application_id', 'file_refs', 'options', 'process_id', 'status', 'updated_at']);
    expect(a.status).toBe('archived');
    expect(a.file_refs).toHaveLength(10);
    expect(Object.keys(a.file_refs[0]).sort()).toEqual(['document_type', 'ext_file_id', 'file_id', 'parsing_status', 'validation_status']);
  });
});

describe('list, filters and pagination', () => {
  let ids: string[] = [];
  beforeAll(async () => {
    ids = [];
    for (let i = 0; i < 5; i++) ids.push((await start({ ext_application_id: `LIST-${i % 2}` })).json().process_id);
    await t.request({ method: 'POST', url: `/document-engine/v1/processes/${ids[0]}/archive` });
  });

  it('orders by created_at descending and pages with limit/offset', async () => {
    const all = (await list('?ext_application_id=LIST-0')).json();
    expect(all.total).toBe(3);
    expect(all.limit).toBe(20);
    expect(all.offset).toBe(0);
    expect(all.items.map((p: { process_id: string }) => p.process_id)).toEqual([ids[4], ids[2], ids[0]]);
    const page = (await list('?ext_application_id=LIST-0&limit=1&offset=1')).json();
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.items.map((p: { process_id: string }) => p.process_id)).toEqual([ids[2]]);
    const beyond = (await list('?ext_application_id=LIST-0&offset=50')).json();
    expect(beyond).toMatchObject({ total: 3, items: [] });
  });

  it('filters by status (comma-separated or repeated) and by dates', async () => {
    expect((await list('?ext_application_id=LIST-0&statuses=archived')).json().total).toBe(1);
    expect((await list('?ext_application_id=LIST-0&statuses=active')).json().total).toBe(2);
    expect((await list('?ext_application_id=LIST-0&statuses=active,archived')).json().total).toBe(3);
    expect((await list('?ext_application_id=LIST-0&statuses=active&statuses=archived')).json().total).toBe(3);
    expect((await list('?ext_application_id=LIST-1&created_at_from=2000-01-01')).json().total).toBe(2);
    expect((await list('?ext_application_id=LIST-1&created_at_to=2000-01-01')).json().total).toBe(0);
    const future = new Date(Date.now() + 86400000).toISOString();
    expect((await list(`?ext_application_id=LIST-1&created_at_from=${encodeURIComponent(future)}`)).json().total).toBe(0);
    const me = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${ids[1]}` })).json();
    expect((await list(`?ext_application_id=LIST-1&space_ids=${me.space_id}`)).json().total).toBe(2);
  });

  it.each([
    ['?limit=101', 'limit'],
    ['?limit=0', 'limit'],
    ['?offset=-1', 'offset'],
    ['?limit=abc', 'limit'],
    ['?statuses=deleted', 'statuses'],
    ['?created_at_from=yesterday', 'created_at_from'],
    ['?space_ids=not-a-uuid', 'space_ids'],
    ['?colour=blue', 'colour'],
  ])('%s → 400 naming %s', async (qs, field) => {
    const r = await list(qs);
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe('archive guard', () => {
  it('archived processes are read-only: a second archive is 409, reads still work', async () => {
    const p = (await start({ ext_application_id: 'ARCH' })).json();
    const a = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/archive` });
    expect(a.statusCode).toBe(200);
    const again = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/archive` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'process_archived', status: 409 });
    const g = await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}` });
    expect(g.json().status).toBe('archived');
  });

  it('lockActive refuses archived processes inside a transaction', async () => {
    const p = (await start({ ext_application_id: 'GUARD' })).json();
    const svc = t.app.services.processes;
    await t.app.database.db.transaction(async (tx) => {
      expect((await svc.lockActive(tx, p.space_id, p.process_id)).id).toBe(p.process_id);
    });
    await svc.archive(p.space_id, p.process_id);
    await expect(t.app.database.db.transaction((tx) => svc.lockActive(tx, p.space_id, p.process_id))).rejects.toMatchObject({ status: 409 });
    await expect(t.app.database.db.transaction((tx) => svc.lockActive(tx, newId(), p.process_id))).rejects.toMatchObject({ status: 404 });
  });
});
