/** Client input that used to end in a 500: control characters in stored strings, broken multipart. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { multipart } from '../helpers/multipart.ts';

let t: TestApp;
let processId: string;
beforeAll(async () => {
  t = await createTestApp({ workers: false });
  const r = await t.request({
    method: 'POST',
    url: '/document-engine/v1/start-process',
    payload: { ext_application_id: 'edges-1' },
  });
  processId = r.json().process_id;
});
afterAll(async () => t?.close());

const CSV = 'Data;Descrizione;Importo;Saldo\n01/01/2024;X;1,00;1,00\n';

function expectProblem(
  r: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  field: string,
): void {
  expect(r.statusCode).toBe(400);
  expect(r.headers['content-type']).toContain('application/problem+json');
  const body = r.json() as { code: string; errors: { field: string; code: string }[] };
  expect(body.code).toBe('control_character');
  expect(body.errors[0]).toMatchObject({ field, code: 'control_character' });
}

describe('control characters in stored strings are a 400 naming the field', () => {
  it('start-process ext_application_id with U+0000', async () => {
    const r = await t.request({
      method: 'POST',
      url: '/document-engine/v1/start-process',
      payload: { ext_application_id: 'a\u0000b' },
    });
    expectProblem(r, 'ext_application_id');
  });

  it('a nested option with U+001B', async () => {
    const r = await t.request({
      method: 'POST',
      url: '/document-engine/v1/start-process',
      payload: { ext_application_id: 'ok', options: { ext_user_id: 'u\u001b[31m' } },
    });
    expectProblem(r, 'options.ext_user_id');
  });

  it('bank-account JSON with U+0000 in a transaction description', async () => {
    const r = await t.request({
      method: 'POST',
      url: `/document-engine/v1/processes/${processId}/bank-accounts`,
      payload: {
        iban: 'IT60X0542811101000000123456',
        account_holder: 'Mario Rossi',
        transactions: [
          { date: '2025-03-01', amount: 1, description: 'ok' },
          { date: '2025-03-02', amount: 2, description: 'bad\u0000' },
        ],
      },
    });
    expectProblem(r, 'transactions[1].description');
  });

  it('upload: ext_file_id with U+0000', async () => {
    const m = multipart({ ext_file_id: 'f\u00001' }, { filename: 'a.csv', content: CSV });
    const r = await t.request({
      method: 'POST',
      url: `/document-engine/v1/processes/${processId}/files`,
      ...m,
    });
    expectProblem(r, 'ext_file_id');
  });

  it('upload: a file name with U+0000', async () => {
    const m = multipart({ ext_file_id: 'f2' }, { filename: 'a\u0000.csv', content: CSV });
    const r = await t.request({
      method: 'POST',
      url: `/document-engine/v1/processes/${processId}/files`,
      ...m,
    });
    expectProblem(r, 'file (filename)');
  });

  it('legacy upload: IdPratica with U+0000', async () => {
    const m = multipart(
      {
        IdPratica: 'p\u00001',
        ABI: '05428',
        account_holder: 'X',
        SuperNSGCompany: 'a',
        SuperNSGUser: 'b',
        NSGCompany: 'c',
        NSGUser: 'd',
        fileID: 'f',
      },
      { filename: 'a.pdf', content: '%PDF-1.4\n%%EOF\n' },
    );
    const r = await t.request({ method: 'POST', url: '/parsing/bank-statements/sbx/v2/upload', ...m });
    expectProblem(r, 'IdPratica');
  });

  it('token endpoint: a client_id with U+0000 is an RFC 6749 invalid_request', async () => {
    const r = await t.request({
      method: 'POST',
      url: '/auth/v1/oauth/token',
      auth: false,
      headers: { 'ocp-apim-subscription-key': 'k' },
      payload: { client_id: 'x\u0000', client_secret: 'y' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('tab and line breaks in free text stay allowed', async () => {
    const r = await t.request({
      method: 'POST',
      url: '/document-engine/v1/start-process',
      payload: { ext_application_id: 'tab\there\r\n' },
    });
    expect(r.statusCode).toBe(201);
  });
});

describe('broken multipart is a 400, not a 500', () => {
  const url = () => `/document-engine/v1/processes/${processId}/files`;

  it('multipart/form-data without a boundary', async () => {
    const r = await t.request({
      method: 'POST',
      url: url(),
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(r.json().code).toBe('malformed_multipart');
  });

  it('a truncated body (no closing boundary, file cut short)', async () => {
    const m = multipart({ ext_file_id: 'trunc' }, { filename: 'a.csv', content: CSV });
    const cut = m.payload.subarray(0, m.payload.length - 60);
    const r = await t.request({ method: 'POST', url: url(), headers: m.headers, payload: cut });
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(r.json().code).toBe('malformed_multipart');
  });
});
