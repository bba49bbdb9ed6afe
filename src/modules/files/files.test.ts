import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateStatement } from '../../../test/fixtures/generator/index.ts';
import { READING } from './files.service.ts';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { multipart } from '../../../test/helpers/multipart.ts';
import { uploadFile, waitParsed as parsed } from '../../../test/helpers/files.ts';
import { sample } from '../../../test/helpers/samples.ts';
import { newId } from '../../shared/ids.ts';

const camt = sample('genkgo-camt053.v2.minimal.ultimate.xml');
const mt940 = sample('actual-budget-data.sta');
const csv = [
  'Data;Data valuta;Descrizione;Entrate;Uscite;Saldo',
  '01/03/2026;01/03/2026;STIPENDIO MARZO ACME SRL;2.150,00;;3.150,00',
  '03/03/2026;03/03/2026;AFFITTO MARZO;;750,00;2.400,00',
  '05/03/2026;05/03/2026;PRELIEVO BANCOMAT;;100,00;2.300,00',
].join('\n');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DOCRISK_MAX_UPLOAD_BYTES: '200000' } });
});
afterAll(async () => t?.close());

const newProcess = async () =>
  (await t.request({ method: 'POST', url: '/document-engine/v1/start-process', payload: { ext_application_id: 'FILES' } })).json();

const upload = (processId: string, fields: Record<string, string>, content?: Buffer | string, filename = 'x.bin') =>
  uploadFile(t, processId, fields, content === undefined ? undefined : { content, filename });
const waitParsed = (processId: string, fileId: string) => parsed(t, processId, fileId, 20_000);

describe('upload → validation → automatic parsing', () => {
  it('a camt.053 statement is validated, parsed in the background and read back', async () => {
    const p = await newProcess();
    const r = await upload(p.process_id, { ext_file_id: 'ext-camt', document_type: 'it.bank_statement' }, camt, 'stmt.xml');
    expect(r.statusCode).toBe(201);
    const f = r.json();
    expect(f).toEqual({
      process_id: p.process_id,
      ext_file_id: 'ext-camt',
      file_id: expect.any(String),
      document_type: 'bank_statement',
      validation_result: { status: 'success', errors: [], pre_result: null },
      result_path: `/processes/${p.process_id}/files/${f.file_id}`,
      parsing_status: 'processing',
      parsing_confidence: null,
      parsing_result: null,
      errors: [],
    });
    const done = await waitParsed(p.process_id, f.file_id);
    expect(done.parsing_status).toBe('completed');
    expect(done.parsing_confidence).toBeGreaterThan(0);
    expect(done.parsing_result.iban.value).toMatch(/^[A-Z]{2}\d{2}/);
    expect(Array.isArray(done.parsing_result.transactions.value)).toBe(true);
    expect(typeof done.parsing_result.document_conformed.value).toBe('boolean');

    const proc = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}` })).json();
    expect(proc.total_files).toBe(1);
    expect(proc.file_refs[0]).toMatchObject({ file_id: f.file_id, ext_file_id: 'ext-camt', parsing_status: 'completed', validation_status: 'success' });
  });

  it('a text PDF is read once: validation keeps its reading beside the blob, the parse job hands it to the engine', async () => {
    const g = await generateStatement({ layout: 'de_sparkasse', seed: 6310, transactions: 30 });
    // The sandbox's parse whose result stays JSON bytes: the reading rides along in its extra argument.
    const parseFile = vi.spyOn(t.app.sandbox!, 'parseFileToJson');
    try {
      const p = await newProcess();
      const r = await upload(p.process_id, { ext_file_id: 'ext-pdf-once' }, Buffer.from(g.pdf), 'stmt.pdf');
      expect(r.statusCode).toBe(201);
      const done = await waitParsed(p.process_id, r.json().file_id);
      expect(done.parsing_status).toBe('completed');
      expect(done.parsing_result.transactions.value).toHaveLength(30);
      const key = (await t.app.database.db.execute(sql`select blob_key from files where id = ${r.json().file_id}`)).rows[0]!.blob_key as string;
      const kept = await t.app.blobs.getDerived(key, READING);
      expect(kept?.length).toBeGreaterThan(1000);
      const call = parseFile.mock.calls.find((c) => c[1].format === 'pdf');
      expect(Buffer.compare(Buffer.from(call![2]!.reading!), kept!)).toBe(0);
    } finally {
      parseFile.mockRestore();
    }
  });

  it('a CSV export and an MT940 file are classified from content and parsed with exact amounts', async () => {
    const p = await newProcess();
    const c = (await upload(p.process_id, { ext_file_id: 'csv-1' }, csv, 'movimenti.csv')).json();
    expect(c.validation_result.status).toBe('success');
    expect(c.document_type).toBe('bank_account_movements');
    const m = (await upload(p.process_id, { ext_file_id: 'mt-1' }, mt940, 'x.sta')).json();
    expect(m.validation_result.status).toBe('success');
    const cd = await waitParsed(p.process_id, c.file_id);
    expect(cd.parsing_result.transactions.value.map((x: { amount: number }) => x.amount)).toEqual([2150, -750, -100]);
    expect(cd.parsing_result.transactions.value[0]).toMatchObject({ date: '2026-03-01', description: 'STIPENDIO MARZO ACME SRL', balance: 3150, category: 'salary' });
    expect(cd.parsing_result.transactions.value.map((x: { category: string }) => x.category)).toEqual(['salary', 'rent', 'cash_withdrawal']);
    const md = await waitParsed(p.process_id, m.file_id);
    expect(md.parsing_status).toBe('completed');
    expect(md.parsing_result.closing_balance.value).toBe(2496.71);

    const list = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/files?limit=1` })).json();
    expect(list).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(list.items[0].file_id).toBe(m.file_id);
  });

  it('an asserted type that differs is a validation failure, never silently accepted, and is not parsed', async () => {
    const p = await newProcess();
    const f = (await upload(p.process_id, { ext_file_id: 'x', document_type: 'residency_permit' }, camt, 'a.xml')).json();
    expect(f.validation_result.status).toBe('failure');
    expect(f.validation_result.errors.map((e: { code: string }) => e.code)).toContain('document_type_mismatch');
    expect(f.parsing_status).toBe('uploaded');
  });

  it.each([
    ['an unsupported format', Buffer.from('GIF89a\x01\x00\x01\x00'), 'failure', 'unsupported_format'],
    ['an empty file', Buffer.alloc(0), 'unreadable', 'empty_file'],
    ['a truncated PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'), 'unreadable', 'corrupt_file'],
  ])('%s → %s/%s', async (_n, content, status, code) => {
    const p = await newProcess();
    const r = await upload(p.process_id, { ext_file_id: 'bad' }, content);
    expect(r.statusCode).toBe(201);
    expect(r.json().validation_result).toMatchObject({ status, errors: [expect.objectContaining({ code })] });
    expect(r.json().parsing_status).toBe('uploaded');
  });
});

describe('run-parsing with automatic parsing off', () => {
  it('leaves uploads in uploaded until run-parsing, then parses exactly the selected files', async () => {
    const p = await newProcess();
    await t.app.database.db.execute(sql`update spaces set auto_parsing = false where id = ${p.space_id}`);
    try {
      const a = (await upload(p.process_id, { ext_file_id: 'a' }, csv, 'a.csv')).json();
      const b = (await upload(p.process_id, { ext_file_id: 'b' }, mt940, 'b.sta')).json();
      const bad = (await upload(p.process_id, { ext_file_id: 'bad' }, 'just some prose, not a statement')).json();
      expect([a.parsing_status, b.parsing_status]).toEqual(['uploaded', 'uploaded']);

      const unknown = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/run-parsing`, payload: { file_ids_filter: [newId()] } });
      expect(unknown.statusCode).toBe(400);
      const invalid = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/run-parsing`, payload: { file_ids_filter: [bad.file_id] } });
      expect(invalid.statusCode).toBe(400);

      const one = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/run-parsing`, payload: { file_ids_filter: [a.file_id] } });
      expect(one.statusCode).toBe(202);
      expect(one.json()).toEqual({ process_id: p.process_id, file_ids: [a.file_id] });
      expect((await waitParsed(p.process_id, a.file_id)).parsing_status).toBe('completed');
      expect((await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/files/${b.file_id}` })).json().parsing_status).toBe('uploaded');

      const rest = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/run-parsing`, payload: {} });
      expect(rest.json().file_ids).toEqual([b.file_id]);
      expect((await waitParsed(p.process_id, b.file_id)).parsing_status).toBe('completed');
      const none = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/run-parsing`, payload: {} });
      expect(none.json().file_ids).toEqual([]);
    } finally {
      await t.app.database.db.execute(sql`update spaces set auto_parsing = true where id = ${p.space_id}`);
    }
  });
});

describe('a parse that keeps failing ends in error, never stuck in processing', () => {
  it('failParse moves a processing file to error with a reason', async () => {
    const p = await newProcess();
    await t.app.database.db.execute(sql`update spaces set auto_parsing = false where id = ${p.space_id}`);
    const f = (await upload(p.process_id, { ext_file_id: 'a' }, csv, 'a.csv')).json();
    await t.app.database.db.execute(sql`update spaces set auto_parsing = true where id = ${p.space_id}`);
    await t.app.database.db.execute(sql`update files set parsing_status = 'processing' where id = ${f.file_id}`);
    await t.app.services.files.failParse(f.file_id, new Error('worker crashed'));
    const after = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/files/${f.file_id}` })).json();
    expect(after.parsing_status).toBe('error');
    expect(after.errors[0]).toMatchObject({ code: 'parse_failed', message: expect.stringContaining('worker crashed') });
    expect(after.parsing_result).toBeNull();
  });
});

describe('bad uploads are clear 4xx problems', () => {
  it.each([
    ['missing file', { ext_file_id: 'x' }, undefined, 400, 'file'],
    ['missing ext_file_id', {}, csv, 400, 'ext_file_id'],
    ['unknown document_type', { ext_file_id: 'x', document_type: 'it.tax_return' }, csv, 400, 'document_type'],
    ['unknown field', { ext_file_id: 'x', colour: 'red' }, csv, 400, 'colour'],
    ['bad check_id_completeness', { ext_file_id: 'x', check_id_completeness: 'maybe' }, csv, 400, 'check_id_completeness'],
  ])('%s', async (_n, fields, content, status, field) => {
    const p = await newProcess();
    const r = await upload(p.process_id, fields as Record<string, string>, content);
    expect(r.statusCode).toBe(status);
    expect(r.json().errors[0].field).toBe(field);
  });

  it('413 past DOCRISK_MAX_UPLOAD_BYTES, with nothing stored', async () => {
    const p = await newProcess();
    const r = await upload(p.process_id, { ext_file_id: 'big' }, Buffer.alloc(300_000, 65), 'big.csv');
    expect(r.statusCode).toBe(413);
    expect(r.json().code).toBe('payload_too_large');
    const list = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/files` })).json();
    expect(list.total).toBe(0);
  });

  it('415 for a JSON body, 404 for an unknown or foreign process, 409 for an archived one', async () => {
    const p = await newProcess();
    const j = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/files`, payload: { ext_file_id: 'x' } });
    expect(j.statusCode).toBe(415);
    expect((await upload(newId(), { ext_file_id: 'x' }, csv)).statusCode).toBe(404);
    await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/archive` });
    const r = await upload(p.process_id, { ext_file_id: 'x' }, csv);
    expect(r.statusCode).toBe(409);
    const rp = await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/run-parsing`, payload: {} });
    expect(rp.statusCode).toBe(409);
    expect((await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/files/${newId()}` })).statusCode).toBe(404);
  });
});

describe('GET …/files/{file_id}/content', () => {
  it('returns the uploaded bytes with the type of the detected format, and 404 elsewhere', async () => {
    const p = await newProcess();
    // The uploader claims text/html; the answer follows the detected format (CSV), never the claim.
    const m = multipart({ ext_file_id: 'content-1' }, { content: csv, filename: 'movimenti marzo.csv', contentType: 'text/html' });
    const f = (await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/files`, payload: m.payload, headers: m.headers })).json();
    const r = await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/files/${f.file_id}/content` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(String(r.headers['content-disposition'])).toContain("filename*=UTF-8''movimenti%20marzo.csv");
    expect(r.rawPayload.equals(Buffer.from(csv))).toBe(true);

    const camtUp = (await upload(p.process_id, { ext_file_id: 'content-2' }, camt, 'stmt.xml')).json();
    const rx = await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/files/${camtUp.file_id}/content` });
    expect(rx.headers['content-type']).toBe('application/xml');
    expect(rx.rawPayload.equals(camt)).toBe(true);

    expect((await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/files/${newId()}/content` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/document-engine/v1/processes/${newId()}/files/${f.file_id}/content` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/files/${f.file_id}/content`, auth: false })).statusCode).toBe(401);

    // A client of another space gets 404 for the same ids.
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const space = (await t.request({ method: 'POST', url: '/admin/v1/spaces', auth: admin, payload: { name: 'content-other' } })).json();
    const other = (await t.request({ method: 'POST', url: `/admin/v1/spaces/${space.space_id}/clients`, auth: admin, payload: {} })).json();
    const token = await t.tokenFor(other.client_id, other.client_secret, other.subscription_key);
    const foreign = await t.request({
      method: 'GET',
      url: `/document-engine/v1/processes/${p.process_id}/files/${f.file_id}/content`,
      auth: { authorization: `Bearer ${token}`, 'ocp-apim-subscription-key': other.subscription_key },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
