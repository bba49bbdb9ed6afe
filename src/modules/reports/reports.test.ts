import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { multipart } from '../../../test/helpers/multipart.ts';
import { newId } from '../../shared/ids.ts';
import { waitParsed as parsed } from '../../../test/helpers/files.ts';
import { startReceiver, waitFor, type Receiver } from '../webhooks/webhooks.test-support.ts';
import { accountBody } from './reports.test-data.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MODELS } from '../../risk/index.ts';
import { loadRiskModels } from './reports.models.ts';

const csv = [
  'Data;Data valuta;Descrizione;Entrate;Uscite;Saldo',
  '01/03/2026;01/03/2026;STIPENDIO MARZO ACME SRL;2.150,00;;3.150,00',
  '03/03/2026;03/03/2026;AFFITTO MARZO;;750,00;2.400,00',
  '05/03/2026;05/03/2026;PRELIEVO BANCOMAT;;100,00;2.300,00',
].join('\n');

const params = { account_holder: 'Mario Rossi', data_market: 'it', data_source: 'retail' };

let t: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  t = await createTestApp({ env: { DOCRISK_WEBHOOK_ALLOW_PRIVATE: '1' } });
  receiver = await startReceiver();
  const r = await t.request({ method: 'PATCH', url: '/portal/v1/settings', payload: { webhooks: { workflow_url: receiver.url } } });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const url = (pid: string, rest = '') => `/document-engine/v1/processes/${pid}${rest}`;
const newProcess = async (app: TestApp = t, attributes?: object) =>
  (await app.request({ method: 'POST', url: '/document-engine/v1/start-process', payload: { ext_application_id: 'REPORTS', ...(attributes ? { attributes } : {}) } })).json();
const addAccount = async (pid: string, body: object = accountBody(), app: TestApp = t) => {
  const r = await app.request({ method: 'POST', url: url(pid, '/bank-accounts'), payload: body });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
};
const upload = async (pid: string, content: string, name: string) => {
  const m = multipart({ ext_file_id: name }, { content, filename: name });
  return (await t.request({ method: 'POST', url: url(pid, '/files'), payload: m.payload, headers: m.headers })).json();
};
const waitParsed = (pid: string, fid: string) => parsed(t, pid, fid, 20_000);
const validate = (pid: string, payload: object, app: TestApp = t) => app.request({ method: 'POST', url: url(pid, '/credit-reports/run-validation'), payload });
const runReport = (pid: string, payload: object, app: TestApp = t) => app.request({ method: 'POST', url: url(pid, '/credit-reports/run-report'), payload });
const getReport = async (pid: string, id: string, app: TestApp = t) => (await app.request({ method: 'GET', url: url(pid, `/credit-reports/${id}`) })).json();
const waitDone = async (pid: string, id: string) => {
  let r = await getReport(pid, id);
  await waitFor(async () => (r = await getReport(pid, id)).status !== 'processing', 30_000, 'report');
  return r;
};

describe('run-validation', () => {
  it('checks the holder against the selected data (match and mismatch) and creates no report', async () => {
    const p = await newProcess();
    const a = await addAccount(p.process_id);
    const ok = await validate(p.process_id, { bank_account_ids: [a.bank_account_id], report_params: { ...params, account_holder: 'ROSSI MARIO' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const v = ok.json();
    expect(v.is_valid).toBe(true);
    expect(v.account_holder_check).toEqual({ selected_matches_any_from_files: true, acc_holders_from_files_are_same: true, selected_account_holder: 'ROSSI MARIO' });
    expect(v.data_details.elems).toEqual([
      {
        id: a.bank_account_id,
        type: 'bank_account',
        account_holder: 'Mario Rossi',
        normalized_account_holder: 'mario rossi',
        account_holder_mismatch: false,
        iban: a.iban,
        has_balance_mismatch: false,
        is_blocking_report: false,
        blocking_reason: null,
        account_holder_status: 'match',
      },
    ]);
    expect(v.balance_mismatch_check.passed).toBe(true);
    expect(v.continuity_check).toEqual({ passed: true, gaps: [] });

    const bad = (await validate(p.process_id, { bank_account_ids: [a.bank_account_id], report_params: { ...params, account_holder: 'Giulia Bianchi' } })).json();
    expect(bad.is_valid).toBe(false);
    expect(bad.account_holder_check.selected_matches_any_from_files).toBe(false);
    expect(bad.data_details.elems[0].account_holder_mismatch).toBe(true);
    expect((await t.request({ method: 'GET', url: url(p.process_id, '/credit-reports') })).json().total).toBe(0);
  });

  it('falls back to the process main_applicant_name when account_holder is omitted', async () => {
    const p = await newProcess(t, { main_applicant_name: 'Mario Rossi', main_tax_code: 'RSSMRA80A01H501U' });
    await addAccount(p.process_id);
    const v = (await validate(p.process_id, { include_all_data: true, report_params: { data_market: 'it', data_source: 'retail' } })).json();
    expect(v.account_holder_check.selected_account_holder).toBe('Mario Rossi');
    expect(v.is_valid).toBe(true);
    const none = await validate((await newProcess()).process_id, { include_all_data: true, report_params: { data_market: 'it', data_source: 'retail' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe('report_params.account_holder');
  });

  it('marks a file that failed validation as blocking; include_all_data skips unparsed files', async () => {
    const p = await newProcess();
    const a = await addAccount(p.process_id);
    const prose = await upload(p.process_id, 'just some prose, not a statement', 'x.txt');
    const parsed = await waitParsed(p.process_id, (await upload(p.process_id, csv, 'm.csv')).file_id);
    expect(parsed.parsing_status).toBe('completed');
    await t.app.database.db.execute(sql`update spaces set auto_parsing = false where id = ${p.space_id}`);
    const unparsed = await upload(p.process_id, csv, 'later.csv');
    await t.app.database.db.execute(sql`update spaces set auto_parsing = true where id = ${p.space_id}`);
    expect(unparsed.parsing_status).toBe('uploaded');

    const v = (await validate(p.process_id, { file_ids: [prose.file_id, unparsed.file_id], bank_account_ids: [a.bank_account_id], report_params: params })).json();
    expect(v.is_valid).toBe(false);
    const byId = Object.fromEntries(v.data_details.elems.map((e: { id: string }) => [e.id, e]));
    expect(byId[prose.file_id]).toMatchObject({ type: 'file', is_blocking_report: true, blocking_reason: 'failed_validation' });
    expect(byId[unparsed.file_id]).toMatchObject({ is_blocking_report: true, blocking_reason: 'not_parsed' });

    const all = (await validate(p.process_id, { include_all_data: true, file_ids: [prose.file_id], report_params: params })).json();
    expect(all.data_details.elems.map((e: { id: string }) => e.id).sort()).toEqual([parsed.file_id, a.bank_account_id].sort());
    expect(all.is_valid).toBe(true);
  });

  it('an MT940 statement with no holder and no IBAN is flagged unverified and blocks the report, not passed as ok (issue 21)', async () => {
    const p = await newProcess();
    const mt940 = [':20:STMT', ':25:0532013000', ':28C:1/1', ':60F:C260301EUR1000,00', ':61:2603020302C2400,00NTRFNONREF', ':86:GEHALT ACME GMBH', ':61:2603050305D850,00NTRFNONREF', ':86:MIETE', ':62F:C260331EUR2550,00', '-'].join('\r\n');
    const f = await waitParsed(p.process_id, (await upload(p.process_id, mt940, 'anon.sta')).file_id);
    expect(f.parsing_status).toBe('completed');
    const v = (await validate(p.process_id, { file_ids: [f.file_id], report_params: params })).json();
    expect(v.is_valid).toBe(false);
    expect(v.data_details.elems[0]).toMatchObject({ id: f.file_id, account_holder_status: 'unverified', account_holder_mismatch: true });
    expect((await runReport(p.process_id, { file_ids: [f.file_id], report_params: params })).statusCode).toBe(400);
  });

  it('400 naming unknown or foreign ids and malformed parameters; 404 for an unknown process', async () => {
    const p = await newProcess();
    const other = await newProcess();
    const foreign = await addAccount(other.process_id);
    const r = await validate(p.process_id, { file_ids: [newId()], bank_account_ids: [foreign.bank_account_id], open_banking_account_ids: ['nope'], report_params: params });
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.map((e: { field: string }) => e.field)).toEqual(['file_ids[0]', 'bank_account_ids[0]', 'open_banking_account_ids[0]']);
    const bad = await validate(p.process_id, { report_params: { account_holder: 'x', data_market: 'fr', data_source: 'wholesale', loan_period: 'soon' }, colour: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['report_params.data_market', 'report_params.data_source', 'report_params.loan_period', 'colour']),
    );
    expect((await validate(newId(), { report_params: params })).statusCode).toBe(404);
  });
});

describe('run-report', () => {
  it('201 processing → completed with srg, metrics, monthly, categories, flags; Workflow callback body equals GET', async () => {
    const p = await newProcess();
    const a = await addAccount(p.process_id);
    const f = await waitParsed(p.process_id, (await upload(p.process_id, csv, 'm.csv')).file_id);
    const body = { file_ids: [f.file_id], bank_account_ids: [a.bank_account_id], report_params: { ...params, loan_period: 24, requested_loan_amount: 5000, tax_code: 'RSSMRA80A01H501U' } };
    const r = await runReport(p.process_id, body);
    expect(r.statusCode, r.body).toBe(201);
    const created = r.json();
    expect(created).toEqual({
      credit_report_id: expect.any(String),
      process_id: p.process_id,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      status: 'processing',
      report_params: body.report_params,
      attributes: { is_monitored: false },
      validation: { is_valid: true },
      report_result: null,
    });
    const done = await waitDone(p.process_id, created.credit_report_id);
    expect(done.status).toBe('completed');
    const srg = done.report_result.srg;
    expect(srg).toEqual({
      score: expect.any(Number),
      grade: expect.stringMatching(/^[A-G]$/),
      pd_12m: expect.any(Number),
      decision: expect.stringMatching(/^(approve|review|decline)$/),
      reason_codes: expect.any(Array),
      policy_reasons: expect.any(Array),
      model: { name: expect.any(String), version: expect.any(String) },
    });
    expect(srg.score).toBeGreaterThanOrEqual(0);
    expect(srg.score).toBeLessThanOrEqual(1000);
    expect(srg.reason_codes[0]).toEqual({ code: expect.any(String), description: expect.any(String), impact: expect.any(Number) });
    for (const k of ['metrics', 'monthly', 'categories', 'flags']) expect(done.report_result).toHaveProperty(k);
    expect(done.report_result.monthly.length).toBeGreaterThanOrEqual(9);
    expect(done.used_files).toEqual([{ file_id: f.file_id, ext_file_id: 'm.csv', document_type: 'bank_account_movements', parsing_status: 'completed' }]);
    expect(done.used_bank_accounts).toEqual([{ bank_account_id: a.bank_account_id, ext_bank_account_id: a.ext_bank_account_id, iban: a.iban, account_holder: 'Mario Rossi' }]);
    expect(done.used_open_banking_accounts).toEqual([]);
    expect(done).not.toHaveProperty('errors');

    await waitFor(() => receiver.received.some((x) => JSON.parse(x.body).credit_report_id === created.credit_report_id), 20_000, 'Workflow callback');
    const cb = receiver.received.find((x) => JSON.parse(x.body).credit_report_id === created.credit_report_id)!;
    expect(JSON.parse(cb.body)).toEqual(done);
    expect(cb.headers['webhook-signature']).toMatch(/^v1,/);

    const list = (await t.request({ method: 'GET', url: url(p.process_id, '/credit-reports?limit=1') })).json();
    expect(list).toEqual({ items: [done], total: 1, limit: 1, offset: 0 });
    const proc = (await t.request({ method: 'GET', url: url(p.process_id) })).json();
    expect(proc.total_credit_reports).toBe(1);
    expect(proc.credit_report_refs[0]).toMatchObject({ credit_report_id: created.credit_report_id, status: 'completed' });

    // Same inputs → identical result.
    const again = await waitDone(p.process_id, (await runReport(p.process_id, body)).json().credit_report_id);
    expect(JSON.stringify(again.report_result)).toBe(JSON.stringify(done.report_result));

    // PDF in each language, with the default from data_market.
    for (const lang of ['it', 'de', 'en']) {
      const pdf = await t.request({ method: 'GET', url: url(p.process_id, `/credit-reports/${done.credit_report_id}/generate-pdf?langCountryCode=${lang}`) });
      expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="credit-report-${done.credit_report_id}-${lang}.pdf"`);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const def = await t.request({ method: 'GET', url: url(p.process_id, `/credit-reports/${done.credit_report_id}/generate-pdf`) });
    expect(def.headers['content-disposition']).toContain('-it.pdf');
    const fr = await t.request({ method: 'GET', url: url(p.process_id, `/credit-reports/${done.credit_report_id}/generate-pdf?langCountryCode=fr`) });
    expect(fr.statusCode).toBe(400);
    expect(fr.json().errors[0].field).toBe('langCountryCode');

    // Another space sees nothing.
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const s = await t.request({ method: 'POST', url: '/admin/v1/spaces', auth: admin, payload: { name: 'other-lender' } });
    const c = (await t.request({ method: 'POST', url: `/admin/v1/spaces/${s.json().space_id}/clients`, auth: admin, payload: { name: 'o' } })).json();
    const token = await t.tokenFor(c.client_id, c.client_secret, c.subscription_key);
    const h = { authorization: `Bearer ${token}`, 'ocp-apim-subscription-key': c.subscription_key };
    expect((await t.request({ method: 'GET', url: url(p.process_id, `/credit-reports/${done.credit_report_id}`), auth: h })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: url(p.process_id, '/credit-reports'), auth: h })).statusCode).toBe(404);
  });

  it('an input wholly outside the 12-month window is reported as excluded with why, not listed as used (issue 21)', async () => {
    const p = await newProcess();
    const recent = await addAccount(p.process_id);
    const old = await addAccount(p.process_id, { ...accountBody({ iban: 'DE89370400440532013000', months: ['2024-01', '2024-02', '2024-03'] }) });
    const v = (await validate(p.process_id, { bank_account_ids: [recent.bank_account_id, old.bank_account_id], report_params: params })).json();
    expect(v.is_valid).toBe(true);
    expect(v.window_check.inputs.find((i: { id: string }) => i.id === old.bank_account_id)).toMatchObject({ used: false, excluded_reason: 'before_window' });
    const r = await runReport(p.process_id, { bank_account_ids: [recent.bank_account_id, old.bank_account_id], report_params: params });
    expect(r.statusCode, r.body).toBe(201);
    const done = await waitDone(p.process_id, r.json().credit_report_id);
    expect(done.status).toBe('completed');
    expect(done.used_bank_accounts.map((a: { bank_account_id: string }) => a.bank_account_id)).toEqual([recent.bank_account_id]);
    const inputs = done.report_result.coverage.inputs as { id: string; used: boolean; excluded_reason: string | null; outside_window: number }[];
    expect(inputs.find((i) => i.id === old.bank_account_id)).toMatchObject({ used: false, excluded_reason: 'before_window', outside_window: old.total_transactions });
    expect(inputs.find((i) => i.id === recent.bank_account_id)).toMatchObject({ used: true, excluded_reason: null, outside_window: 0 });
  });

  it('the OpenAPI document describes the rows an underwriter reads, and the answer keeps them as computed (issue 21 item 6)', async () => {
    const doc = (await t.request({ method: 'GET', url: '/openapi.json' })).json();
    const op = doc.paths['/document-engine/v1/processes/{process_id}/credit-reports/{credit_report_id}'].get;
    const deref = (x: { $ref?: string }) => (x.$ref ? doc.components.schemas[x.$ref.split('/').at(-1) ?? ''] : x);
    const schema = deref(op.responses['200'].content['application/json'].schema);
    const result = schema.properties.report_result.anyOf.find((x: { type?: string }) => x.type === 'object');
    expect(Object.keys(result.properties)).toEqual(expect.arrayContaining(['streams', 'income_sources', 'evidence', 'coverage']));
    expect(Object.keys(result.properties.evidence.properties)).toEqual(['gambling', 'returned_debits', 'overdraft_interest', 'largest_debits', 'largest_credits', 'unusual']);
    expect(result.properties.income_sources.items.properties.regular.type).toBe('boolean');
    expect(result.properties.coverage.properties.inputs.items.properties.excluded_reason.anyOf).toEqual(expect.arrayContaining([{ type: 'null' }]));
    // served through that schema: nothing dropped, a null party stays null
    const p = await newProcess();
    const body = accountBody();
    body.transactions.push({ date: '2026-09-20', value_date: '2026-09-20', amount: '-45.00', description: 'PAGAMENTO POS SNAI SCOMMESSE', balance: null as unknown as string });
    const a = await addAccount(p.process_id, body);
    const done = await waitDone(p.process_id, (await runReport(p.process_id, { bank_account_ids: [a.bank_account_id], report_params: params })).json().credit_report_id);
    const r = done.report_result;
    expect(r.streams.length).toBeGreaterThan(0);
    expect(r.streams.every((s: { counterparty: unknown; counterparty_key: string }) => s.counterparty === null && s.counterparty_key.length > 0)).toBe(true);
    expect(r.evidence.gambling).toEqual([{ date: '2026-09-20', amount: -45, description: 'PAGAMENTO POS SNAI SCOMMESSE', counterparty: null, category: 'gambling', rule_trace: expect.any(Array) }]);
    expect(r.income_sources[0]).toMatchObject({ category: 'salary', regular: true });
    expect(r.coverage.inputs[0]).toMatchObject({ id: a.bank_account_id, used: true, excluded_reason: null });
  });

  it("a bank account's counterparty reaches the report: one employer worded two ways is one regular payer, said to be named (issue 21)", async () => {
    const p = await newProcess();
    const body = accountBody() as ReturnType<typeof accountBody> & { transactions: Record<string, unknown>[] };
    let n = 0;
    body.transactions = body.transactions.map((x) =>
      String(x.description).startsWith('STIPENDIO')
        ? { ...x, description: n++ % 2 ? 'ACCREDITO BONIFICO ORD. R.C. IMPIANTI' : 'BONIFICO A VOSTRO FAVORE DA ROSSI COSTRUZIONI', counterparty: ' Rossi Costruzioni S.r.l. ', counterparty_iban: 'DE89 3704 0044 0532 0130 00' }
        : x,
    );
    const a = await addAccount(p.process_id, body);
    const done = await waitDone(p.process_id, (await runReport(p.process_id, { bank_account_ids: [a.bank_account_id], report_params: params })).json().credit_report_id);
    expect(done.status).toBe('completed');
    const r = done.report_result;
    expect(r.metrics.income).toMatchObject({ salary_detected: true, salary_amount: 2500 });
    expect(r.income_sources[0]).toMatchObject({ payer: 'Rossi Costruzioni S.r.l.', payer_from: 'counterparty', payer_key: 'ROSSI COSTRUZIONI', category: 'salary', regular: true, months: 9 });
    const doc = (await t.request({ method: 'GET', url: '/openapi.json' })).json();
    expect(JSON.stringify(doc)).toContain('counterparty_iban (no name given');
  });

  it('the server or a space selects the model (DOCRISK_RISK_MODELS) and every report names model and version (issue 21)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docrisk-models-'));
    const file = join(dir, 'lender.json');
    writeFileSync(file, JSON.stringify({ ...DEFAULT_MODELS.retail, name: 'lender-own-model', version: '9.4.2' }));
    const acmeFile = join(dir, 'acme.json');
    writeFileSync(acmeFile, JSON.stringify({ ...DEFAULT_MODELS.retail, name: 'acme-model', version: '1.2.3' }));
    expect(() => loadRiskModels([join(dir, 'missing.json')])).toThrow(/DOCRISK_RISK_MODELS: .*missing\.json/);
    expect(() => loadRiskModels([{ space: 'acme', file: acmeFile }, { space: 'acme', file }])).toThrow(/two models for retail in space acme/);
    // a bare path serves every space; SPACE=path only the space of that name, over the server-wide one
    const other = await createTestApp({ env: { DOCRISK_RISK_MODELS: `${file}, acme=${acmeFile}` } });
    try {
      const reportIn = async (auth: Record<string, string> | true) => {
        const p = (await other.request({ method: 'POST', url: '/document-engine/v1/start-process', auth, payload: { ext_application_id: 'M' } })).json();
        const a = (await other.request({ method: 'POST', url: url(p.process_id, '/bank-accounts'), auth, payload: accountBody() })).json();
        const r = await other.request({ method: 'POST', url: url(p.process_id, '/credit-reports/run-report'), auth, payload: { bank_account_ids: [a.bank_account_id], report_params: params } });
        expect(r.statusCode, r.body).toBe(201);
        const get = async () => (await other.request({ method: 'GET', url: url(p.process_id, `/credit-reports/${r.json().credit_report_id}`), auth })).json();
        let done = await get();
        await waitFor(async () => (done = await get()).status !== 'processing', 30_000, 'report');
        return done;
      };
      expect((await reportIn(true)).report_result.srg.model).toEqual({ name: 'lender-own-model', version: '9.4.2' });
      const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
      const space = (await other.request({ method: 'POST', url: '/admin/v1/spaces', auth: admin, payload: { name: 'acme' } })).json();
      const cred = (await other.request({ method: 'POST', url: `/admin/v1/spaces/${space.space_id}/clients`, auth: admin, payload: { name: 'app' } })).json();
      const h = { authorization: `Bearer ${await other.tokenFor(cred.client_id, cred.client_secret, cred.subscription_key)}`, 'ocp-apim-subscription-key': cred.subscription_key };
      expect((await reportIn(h)).report_result.srg.model).toEqual({ name: 'acme-model', version: '1.2.3' });
    } finally {
      await other.close();
    }
    // without the setting: the engine's default model, named
    const p = await newProcess();
    const a = await addAccount(p.process_id);
    const done = await waitDone(p.process_id, (await runReport(p.process_id, { bank_account_ids: [a.bank_account_id], report_params: params })).json().credit_report_id);
    expect(done.report_result.srg.model).toEqual({ name: DEFAULT_MODELS.retail?.name, version: DEFAULT_MODELS.retail?.version });
  });

  it('400 with the validation in the body and no report when validation fails; 409 when archived', async () => {
    const p = await newProcess();
    const a = await addAccount(p.process_id);
    const r = await runReport(p.process_id, { bank_account_ids: [a.bank_account_id], report_params: { ...params, account_holder: 'Giulia Bianchi' } });
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(r.json()).toMatchObject({ code: 'report_validation_failed', validation: { is_valid: false, account_holder_check: { selected_matches_any_from_files: false } } });
    const empty = await runReport(p.process_id, { report_params: params });
    expect(empty.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: url(p.process_id, '/credit-reports') })).json().total).toBe(0);
    await t.request({ method: 'POST', url: url(p.process_id, '/archive') });
    expect((await runReport(p.process_id, { bank_account_ids: [a.bank_account_id], report_params: params })).statusCode).toBe(409);
  });
});

describe('scoring outcomes other than completed (job handler driven directly)', () => {
  let q: TestApp;
  beforeAll(async () => {
    q = await createTestApp({ workers: false });
  });
  afterAll(async () => q?.close());

  const deliveryBody = async (id: string) => {
    const r = await q.app.database.db.execute(sql`select body from webhook_deliveries where resource_id = ${id} and event_type = 'workflow.credit_report.finished'`);
    const rows = (Array.isArray(r) ? r : (r as unknown as { rows: { body: string }[] }).rows) as { body: string }[];
    return rows.map((x) => JSON.parse(x.body));
  };

  it('a process archived while the report is processing ends the report in terminated (with the event)', async () => {
    const p = await newProcess(q);
    await addAccount(p.process_id, accountBody(), q);
    const r = (await runReport(p.process_id, { include_all_data: true, report_params: params }, q)).json();
    expect(r.status).toBe('processing');
    const pdf = await q.request({ method: 'GET', url: url(p.process_id, `/credit-reports/${r.credit_report_id}/generate-pdf`) });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().code).toBe('report_not_completed');
    await q.request({ method: 'POST', url: url(p.process_id, '/archive') });
    await q.app.services.reports.scoreReport(r.credit_report_id);
    const after = await getReport(p.process_id, r.credit_report_id, q);
    expect(after).toMatchObject({ status: 'terminated', report_result: null, errors: [{ code: 'process_archived', message: expect.any(String) }] });
    expect(after).not.toHaveProperty('used_files');
    expect(await deliveryBody(r.credit_report_id)).toEqual([after]);
    await q.app.services.reports.scoreReport(r.credit_report_id); // idempotent
    expect(await deliveryBody(r.credit_report_id)).toHaveLength(1);
  });

  it('scoring past the time budget ends in terminated', async () => {
    const p = await newProcess(q);
    await addAccount(p.process_id, accountBody(), q);
    const r = (await runReport(p.process_id, { include_all_data: true, report_params: params }, q)).json();
    await q.app.database.db.execute(sql`update credit_reports set created_at = now() - interval '10 minutes' where id = ${r.credit_report_id}`);
    await q.app.services.reports.scoreReport(r.credit_report_id);
    const after = await getReport(p.process_id, r.credit_report_id, q);
    expect(after).toMatchObject({ status: 'terminated', errors: [{ code: 'time_budget_exceeded' }] });
    expect(await deliveryBody(r.credit_report_id)).toEqual([after]);
  });

  it('a risk engine refusal (no transaction on or before the report date) ends in error; onExhausted too', async () => {
    const p = await newProcess(q);
    await addAccount(p.process_id, accountBody({ months: ['2030-01', '2030-02'] }), q);
    const r = (await runReport(p.process_id, { include_all_data: true, report_params: params }, q)).json();
    await q.app.services.reports.scoreReport(r.credit_report_id);
    const after = await getReport(p.process_id, r.credit_report_id, q);
    expect(after).toMatchObject({ status: 'error', report_result: null, errors: [{ code: 'no_transactions' }] });
    expect(await deliveryBody(r.credit_report_id)).toEqual([after]);

    const p2 = await newProcess(q);
    await addAccount(p2.process_id, accountBody(), q);
    const r2 = (await runReport(p2.process_id, { include_all_data: true, report_params: params }, q)).json();
    await q.app.services.reports.failReport(r2.credit_report_id, new Error('worker crashed'));
    expect(await getReport(p2.process_id, r2.credit_report_id, q)).toMatchObject({ status: 'error', errors: [{ code: 'scoring_failed' }] });
  });
});
