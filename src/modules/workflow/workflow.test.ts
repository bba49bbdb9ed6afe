import { sample } from '../../../test/helpers/samples.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { multipart } from '../../../test/helpers/multipart.ts';
import { waitParsed as parsed } from '../../../test/helpers/files.ts';
import { generateStatement } from '../../../test/fixtures/generator/index.ts';
import { accountBody } from '../reports/reports.test-data.ts';
import { startReceiver, waitFor, type Receiver } from '../webhooks/webhooks.test-support.ts';

const psd2 = (name: string) => JSON.parse(sample(`xs2a-${name}`).toString('utf8')) as Record<string, unknown>;
const IBAN = 'IT60X0542811101000000123456'; // ABI 05428

let t: TestApp;
let receiver: Receiver;
let statement: { pdf: Buffer; holder: string };
beforeAll(async () => {
  t = await createTestApp({ env: { DOCRISK_WEBHOOK_ALLOW_PRIVATE: '1' } });
  receiver = await startReceiver();
  const r = await t.request({ method: 'PATCH', url: '/portal/v1/settings', payload: { webhooks: { workflow_url: receiver.url } } });
  expect(r.statusCode, r.body).toBe(200);
  const g = await generateStatement({ layout: 'it_dare_avere', seed: 7, iban: IBAN, transactions: 40 });
  statement = { pdf: Buffer.from(g.pdf), holder: g.truth.account_holder };
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const legacyFields = (idPratica: string, fileID: string, over: Record<string, string> = {}) => ({
  IdPratica: idPratica,
  ABI: '05428',
  account_holder: statement.holder,
  SuperNSGCompany: 'SC-1',
  SuperNSGUser: 'SU-1',
  NSGCompany: 'C-1',
  NSGUser: 'U-1',
  fileID,
  ...over,
});
const legacyUpload = (fields: Record<string, string>, pdf: Buffer | null = statement.pdf, headers: Record<string, string> = {}) => {
  const m = multipart(fields, pdf ? { content: pdf, filename: 'estratto.pdf', contentType: 'application/pdf' } : undefined);
  return t.request({ method: 'POST', url: '/parsing/bank-statements/sbx/v2/upload', payload: m.payload, headers: { ...m.headers, ...headers } });
};
const workflow = (payload: object, query = '', headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/workflow/sbx/v1/workflow${query}`, payload, headers });
const getFile = async (pid: string, fid: string) => t.request({ method: 'GET', url: `/document-engine/v1/processes/${pid}/files/${fid}` });
const waitParsed = (pid: string, fid: string) => parsed(t, pid, fid, 60_000);
const processesOf = async (idPratica: string) =>
  (await t.request({ method: 'GET', url: `/document-engine/v1/processes?ext_application_id=${encodeURIComponent(idPratica)}` })).json().items as {
    process_id: string;
    total_files: number;
    total_bank_accounts: number;
    total_open_banking_accounts: number;
    total_credit_reports: number;
    attributes: Record<string, unknown>;
  }[];
const base = (idPratica: string) => ({ idPratica, dataMarket: 'it', dataSource: 'retail' });

describe('legacy bank-statement upload', () => {
  it('requires every field and names each missing one; refuses unknown fields and a bad ABI', async () => {
    const r = await legacyUpload({ IdPratica: 'L-MISSING', ABI: '05428', fileID: 'f1' }, null);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(r.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ['NSGCompany', 'NSGUser', 'SuperNSGCompany', 'SuperNSGUser', 'account_holder', 'file'].sort(),
    );
    const blank = await legacyUpload(legacyFields('L-MISSING', 'f1', { NSGUser: '  ' }));
    expect(blank.json().errors).toEqual([{ field: 'NSGUser', code: 'required', message: 'NSGUser is required' }]);
    expect((await legacyUpload({ ...legacyFields('L-MISSING', 'f1'), extra: 'x' })).json().errors[0]).toMatchObject({ field: 'extra', code: 'unknown_field' });
    expect((await legacyUpload(legacyFields('L-MISSING', 'f1', { ABI: 'UNICREDIT' }))).json().errors[0]).toMatchObject({ field: 'ABI' });
    expect(await processesOf('L-MISSING')).toEqual([]);
    const json = await t.request({ method: 'POST', url: '/parsing/bank-statements/sbx/v2/upload', payload: legacyFields('L-MISSING', 'f1') });
    expect(json.statusCode).toBe(415);
  });

  it('requires the subscription key and the bearer token', async () => {
    const m = multipart(legacyFields('L-AUTH', 'f1'), { content: statement.pdf, filename: 's.pdf' });
    const h = await t.headers();
    const noKey = await t.request({ method: 'POST', url: '/parsing/bank-statements/sbx/v2/upload', payload: m.payload, headers: m.headers, auth: { authorization: h.authorization! } });
    expect(noKey.statusCode).toBe(401);
    const noToken = await t.request({ method: 'POST', url: '/workflow/sbx/v1/workflow', payload: base('W-AUTH'), auth: { 'ocp-apim-subscription-key': h['ocp-apim-subscription-key']! } });
    expect(noToken.statusCode).toBe(401);
  });

  it('creates the process, stores the statement as bank_statement and the identifiers as attributes; the same fileID replaces the file', async () => {
    const r = await legacyUpload(legacyFields('L-1', 'stmt-1'));
    expect(r.statusCode, r.body).toBe(201);
    const a = r.json();
    expect(a).toEqual({ IdPratica: 'L-1', fileID: 'stmt-1', process_id: expect.any(String), file_id: expect.any(String), validation_status: 'success', parsing_status: 'processing' });
    const f = await waitParsed(a.process_id, a.file_id);
    expect(f).toMatchObject({ ext_file_id: 'stmt-1', document_type: 'bank_statement', parsing_status: 'completed', validation_result: { status: 'success', errors: [] } });
    expect(f.parsing_result.iban.value).toBe(IBAN);
    const [p] = await processesOf('L-1');
    expect(p!.attributes).toMatchObject({
      account_holder: statement.holder,
      main_applicant_name: statement.holder,
      nsg_user: 'U-1',
      nsg_company: 'C-1',
      super_nsg_user: 'SU-1',
      super_nsg_company: 'SC-1',
      source: 'legacy_upload',
    });

    // Same fileID again (other bytes): the earlier file is gone, counts and refs stay right.
    const other = Buffer.from((await generateStatement({ layout: 'it_dare_avere', seed: 8, iban: IBAN, transactions: 12 })).pdf);
    const again = await legacyUpload(legacyFields('L-1', 'stmt-1', { NSGUser: 'U-2' }), other);
    expect(again.statusCode, again.body).toBe(201);
    const b = again.json();
    expect(b.process_id).toBe(a.process_id);
    expect(b.file_id).not.toBe(a.file_id);
    expect((await getFile(a.process_id, a.file_id)).statusCode).toBe(404);
    await waitParsed(b.process_id, b.file_id);
    const [p2] = await processesOf('L-1');
    expect(p2!.total_files).toBe(1);
    expect(p2!.attributes.nsg_user).toBe('U-2');
    const list = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${a.process_id}/files` })).json();
    expect(list.items.map((x: { file_id: string }) => x.file_id)).toEqual([b.file_id]);
    // A second fileID adds a file.
    expect((await legacyUpload(legacyFields('L-1', 'stmt-2'))).statusCode).toBe(201);
    expect((await processesOf('L-1'))[0]!.total_files).toBe(2);
  }, 90_000);

  it('reports an ABI that disagrees with the parsed IBAN in validation_result.errors', async () => {
    const r = await legacyUpload(legacyFields('L-ABI', 'stmt-1', { ABI: '3069' }));
    expect(r.statusCode, r.body).toBe(201);
    const f = await waitParsed(r.json().process_id, r.json().file_id);
    expect(f.validation_result.status, JSON.stringify(f.validation_result)).toBe('success');
    expect(f.validation_result.errors).toEqual([{ code: 'bank_code_mismatch', message: expect.stringContaining('03069') }]);
  }, 60_000);
});

describe('workflow endpoint', () => {
  it('validates the body and waitSeconds, naming the fields', async () => {
    const r = await workflow({ dataMarket: 'fr' });
    expect(r.statusCode).toBe(400);
    expect((await workflow(base('W-Q'), '?waitSeconds=301')).statusCode).toBe(400);
    expect((await workflow(base('W-Q'), '?waitSeconds=-1')).statusCode).toBe(400);
    const unknown = await workflow({ ...base('W-Q'), parse: [{ fileID: 'nope' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'parse[0].fileID', code: 'unknown_file' })]);
    const bad = await workflow({ ...base('W-Q'), coreTransactions: [{ ...accountBody(), iban: 'IT00X0542811101000000123456' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('coreTransactions[0].iban');
    // a bank-account body's counterparty IBAN is checked as on POST …/bank-accounts, named where it sits
    const core = accountBody();
    const badParty = await workflow({ ...base('W-Q'), parsedTransactions: [{ ...core, transactions: core.transactions.map((x, i) => (i === 1 ? { ...x, counterparty: 'ACME', counterparty_iban: 'IT00X0542811101000000123456' } : x)) }] });
    expect(badParty.statusCode).toBe(400);
    expect(badParty.json().errors).toEqual([expect.objectContaining({ field: 'parsedTransactions[0].transactions[1].counterparty_iban', code: 'invalid_iban' })]);
    expect(await processesOf('W-Q')).toEqual([]);
  });

  it('legacy upload → parse → workflow with psd2 and core transactions → 200 with srg; a retry duplicates nothing', async () => {
    const up = (await legacyUpload(legacyFields('W-E2E', 'stmt-1'))).json();
    const body = {
      ...base('W-E2E'),
      accountHolder: statement.holder,
      vatNumber: 'IT01234567890',
      nsgUser: 'U-9',
      requestedLoanAmount: 15000,
      parse: [{ fileID: 'stmt-1' }],
      // core account over the statement's months (May 2025) so the 12-month window holds both
      coreTransactions: [accountBody({ holder: statement.holder, iban: 'IT61X0306909606100000012345', months: ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06'] })],
      psd2Transactions: [{ provider: 'fiducia', ...psd2('fiducia__get-transactions.body.json') }],
    };
    const r = await workflow(body, '?waitSeconds=60');
    expect(r.statusCode, r.body).toBe(200);
    const w = r.json();
    expect(w).toMatchObject({ idPratica: 'W-E2E', process_id: up.process_id, status: 'completed', validation: { is_valid: true } });
    expect(w.credit_report.report_result.srg).toMatchObject({ score: expect.any(Number), grade: expect.any(String), decision: expect.any(String) });
    expect(w.credit_report.report_params).toMatchObject({ account_holder: statement.holder, tax_code: 'IT01234567890', loan_period: 12, requested_loan_amount: 15000 });
    expect(w.credit_report.used_files.map((f: { file_id: string }) => f.file_id)).toEqual([up.file_id]);
    expect(w.credit_report.used_bank_accounts).toHaveLength(1);
    // the PSD2 sample's bookings are of 2018–2019: outside the window, reported as left out, not listed as used
    expect(w.credit_report.used_open_banking_accounts).toHaveLength(0);
    expect(w.credit_report.report_result.coverage.inputs.filter((i: { used: boolean }) => !i.used).map((i: { type: string; excluded_reason: string }) => [i.type, i.excluded_reason])).toEqual([['open_banking_account', 'before_window']]);
    expect(w.validation.data_details.elems).toHaveLength(3);

    const again = await workflow(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().credit_report.credit_report_id).toBe(w.credit_report.credit_report_id);
    const [p] = await processesOf('W-E2E');
    expect(p).toMatchObject({ total_files: 1, total_bank_accounts: 1, total_open_banking_accounts: 1, total_credit_reports: 1 });
    expect(p!.attributes.nsg_user).toBe('U-9');
  }, 90_000);

  it('answers 400 with the validation when an input blocks the report', async () => {
    const r = await workflow({ ...base('W-BLOCK'), accountHolder: 'Mario Rossi', coreTransactions: [{ ...accountBody(), transactions: [] }] });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().validation.is_valid).toBe(false);
    expect((await processesOf('W-BLOCK'))[0]!.total_credit_reports).toBe(0);
  });

  it('waitSeconds exceeded → 202 with status processing, then the report completes and the Workflow callback fires', async () => {
    const r = await workflow({ ...base('W-ASYNC'), accountHolder: 'Mario Rossi', coreTransactions: [accountBody()] }, '?waitSeconds=0');
    expect(r.statusCode, r.body).toBe(202);
    const w = r.json();
    expect(w).toMatchObject({ idPratica: 'W-ASYNC', status: 'processing' });
    const id = w.credit_report.credit_report_id as string;
    await waitFor(() => receiver.received.some((x) => (JSON.parse(x.body) as { credit_report_id?: string }).credit_report_id === id), 30_000, 'callback');
    const cb = JSON.parse(receiver.received.find((x) => (JSON.parse(x.body) as { credit_report_id?: string }).credit_report_id === id)!.body);
    expect(cb).toMatchObject({ status: 'completed', process_id: w.process_id, report_result: { srg: expect.any(Object) } });
  }, 60_000);

  it('waitSeconds exceeded while parsing → 202 without a report; a job runs it and the callback fires', async () => {
    const g = await generateStatement({ layout: 'it_dare_avere', seed: 21, iban: IBAN, transactions: 150 });
    const up = (await legacyUpload(legacyFields('W-ASYNC-PARSE', 'big'), Buffer.from(g.pdf))).json();
    const r = await workflow({ ...base('W-ASYNC-PARSE'), accountHolder: g.truth.account_holder, parse: [{ fileID: 'big' }] }, '?waitSeconds=0');
    expect([200, 202]).toContain(r.statusCode);
    await waitFor(async () => (await processesOf('W-ASYNC-PARSE'))[0]!.total_credit_reports === 1, 60_000, 'report created');
    await waitFor(
      () => receiver.received.some((x) => (JSON.parse(x.body) as { process_id?: string; status?: string }).process_id === up.process_id),
      60_000,
      'callback',
    );
  }, 120_000);

  it('concurrent identical calls create one process and one report', async () => {
    const body = { ...base('W-RACE'), accountHolder: 'Mario Rossi', coreTransactions: [accountBody()] };
    const rs = await Promise.all([workflow(body), workflow(body), workflow(body)]);
    for (const r of rs) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(rs.map((r) => r.json().process_id)).size).toBe(1);
    expect(new Set(rs.map((r) => r.json().credit_report.credit_report_id)).size).toBe(1);
    const ps = await processesOf('W-RACE');
    expect(ps).toHaveLength(1);
    expect(ps[0]).toMatchObject({ total_bank_accounts: 1, total_credit_reports: 1 });
  }, 60_000);

  it('Idempotency-Key: same key and body → same report; another body → 422', async () => {
    const body = { ...base('W-KEY'), accountHolder: 'Mario Rossi', coreTransactions: [accountBody()] };
    const a = await workflow(body, '', { 'idempotency-key': '"k-1"' });
    expect(a.statusCode, a.body).toBe(200);
    const b = await workflow(body, '', { 'idempotency-key': 'k-1' });
    expect(b.json().credit_report.credit_report_id).toBe(a.json().credit_report.credit_report_id);
    const c = await workflow({ ...body, loanPeriod: 24 }, '', { 'idempotency-key': 'k-1' });
    expect(c.statusCode).toBe(422);
    expect(c.json().code).toBe('idempotency_key_reused');
    // Without a key, other content is a new report on the same process.
    const d = await workflow({ ...body, loanPeriod: 24 });
    expect(d.statusCode).toBe(200);
    expect(d.json().process_id).toBe(a.json().process_id);
    expect(d.json().credit_report.credit_report_id).not.toBe(a.json().credit_report.credit_report_id);
    expect((await processesOf('W-KEY'))[0]).toMatchObject({ total_bank_accounts: 1, total_credit_reports: 2 });
  }, 60_000);

  it('appears in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/openapi.json', auth: false })).json();
    expect(doc.paths['/workflow/sbx/v1/workflow'].post).toBeDefined();
    expect(doc.paths['/parsing/bank-statements/sbx/v2/upload'].post).toBeDefined();
  });
});
