import { sample } from '../../../test/helpers/samples.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { newId } from '../../shared/ids.ts';

const psd2 = (name: string) => JSON.parse(sample(`xs2a-${name}`).toString('utf8')) as Record<string, unknown>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const newProcess = async () =>
  (await t.request({ method: 'POST', url: '/document-engine/v1/start-process', payload: { ext_application_id: 'ACCOUNTS' } })).json();
const post = (pid: string, kind: string, payload: unknown) =>
  t.request({ method: 'POST', url: `/document-engine/v1/processes/${pid}/${kind}`, payload: payload as object });

const IBAN = 'IT60X0542811101000000123456';
const body = () => ({
  ext_bank_account_id: 'ba-1',
  iban: 'IT60 X054 2811 1010 0000 0123 456',
  account_holder: 'Mario Rossi',
  bank_name: 'Banca Test',
  opening_balance: '1000.10',
  closing_balance: 2430.15,
  transactions: [
    { date: '2025-03-01', value_date: '2025-03-01', amount: '2150.05', description: 'STIPENDIO MARZO ACME SRL', balance: '3150.15' },
    { date: '2025-03-03', amount: -750, description: 'AFFITTO MARZO', balance: 2400.15 },
    { date: '2025-03-05', amount: '30.00', description: 'RIMBORSO', balance: null },
  ],
});

describe('bank accounts', () => {
  it('creates, lists and reads a bank account with exact amounts and categorised transactions', async () => {
    const p = await newProcess();
    const r = await post(p.process_id, 'bank-accounts', body());
    expect(r.statusCode).toBe(201);
    const a = r.json();
    expect(a).toEqual({
      bank_account_id: expect.any(String),
      process_id: p.process_id,
      ext_bank_account_id: 'ba-1',
      iban: IBAN,
      account_holder: 'Mario Rossi',
      currency_code: 'EUR',
      bank_name: 'Banca Test',
      opening_balance: 1000.1,
      closing_balance: 2430.15,
      total_transactions: 3,
      date_min: '2025-03-01',
      date_max: '2025-03-05',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const d = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/bank-accounts/${a.bank_account_id}` })).json();
    expect(d.transactions.map((x: { amount: number }) => x.amount)).toEqual([2150.05, -750, 30]);
    expect(d.transactions[0]).toMatchObject({ date: '2025-03-01', value_date: '2025-03-01', currency: 'EUR', balance: 3150.15, category: 'salary' });
    expect(d.transactions[1]).toMatchObject({ value_date: null, category: expect.any(String) });
    expect(typeof d.transactions[2].category).toBe('string');
    const list = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/bank-accounts?limit=5` })).json();
    expect(list).toEqual({ items: [{ ...a }], total: 1, limit: 5, offset: 0 });
    const proc = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}` })).json();
    expect(proc.total_bank_accounts).toBe(1);
    expect(proc.bank_account_refs[0]).toMatchObject({ bank_account_id: a.bank_account_id, ext_bank_account_id: 'ba-1', iban: IBAN });
  });

  it('names every malformed field in one 400', async () => {
    const p = await newProcess();
    const b = body() as Record<string, unknown> & { transactions: Record<string, unknown>[] };
    b.iban = 'IT61X0542811101000000123456';
    b.currency_code = 'EURO';
    b.transactions[0]!.amount = '12,50';
    b.transactions[1]!.date = '2026-02-30';
    b.transactions[2]!.amount = 'abc';
    b.transactions.push({ date: '2025-03-06', amount: 1.234, description: 'x' }, { date: '2025-03-06', amount: 1, description: 'x', colour: 'red' });
    const r = await post(p.process_id, 'bank-accounts', b);
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-type']).toContain('application/problem+json');
    const fields = r.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'iban',
        'currency_code',
        'transactions[0].amount',
        'transactions[1].date',
        'transactions[2].amount',
        'transactions[3].amount',
        'transactions[4].colour',
      ]),
    );
    expect((await post(p.process_id, 'bank-accounts', { ...body(), currency_code: 'XYZ' })).json().errors[0].field).toBe('currency_code');
    const missing = await post(p.process_id, 'bank-accounts', { iban: IBAN, transactions: [{}] });
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['account_holder', 'transactions[0].date', 'transactions[0].amount', 'transactions[0].description']),
    );
    const many = Array.from({ length: 50_001 }, () => ({ date: '2025-01-01', amount: 1, description: 'x' }));
    const big = await post(p.process_id, 'bank-accounts', { ...body(), transactions: many });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors[0]).toMatchObject({ field: 'transactions', code: 'too_many' });
    expect((await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/bank-accounts` })).json().total).toBe(0);
  });

  it('stores and returns each transaction\'s counterparty (one line, trimmed) and counterparty IBAN (electronic form)', async () => {
    const p = await newProcess();
    const b: { transactions: Record<string, unknown>[] } = body();
    b.transactions[0] = { ...b.transactions[0], counterparty: '  ACME   S.r.l.\n ', counterparty_iban: 'de89 3704 0044 0532 0130 00' };
    b.transactions[1] = { ...b.transactions[1], counterparty: '   ', counterparty_iban: null };
    const r = await post(p.process_id, 'bank-accounts', b);
    expect(r.statusCode).toBe(201);
    const d = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/bank-accounts/${r.json().bank_account_id}` })).json();
    expect(d.transactions.map((x: { counterparty: unknown; counterparty_iban: unknown }) => [x.counterparty, x.counterparty_iban])).toEqual([
      ['ACME S.r.l.', 'DE89370400440532013000'],
      [null, null],
      [null, null],
    ]);
    expect(d.transactions[0].category).toBe('salary');
  });

  it('names a bad counterparty or counterparty IBAN by its path, and stores nothing', async () => {
    const p = await newProcess();
    const b: { transactions: Record<string, unknown>[] } = body();
    b.transactions.push({ date: '2025-03-06', amount: -5, description: 'x', counterparty_iban: 'DE89370400440532013001' });
    b.transactions[0] = { ...b.transactions[0], counterparty: 'A'.repeat(141) };
    b.transactions[1] = { ...b.transactions[1], counterparty: 42, counterparty_iban: 'not an iban' };
    const r = await post(p.process_id, 'bank-accounts', b);
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-type']).toContain('application/problem+json');
    expect(r.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'transactions[3].counterparty_iban', code: 'invalid_iban' }),
        expect.objectContaining({ field: 'transactions[1].counterparty_iban', code: 'invalid_iban' }),
        expect.objectContaining({ field: 'transactions[1].counterparty', code: 'invalid_type' }),
        expect.objectContaining({ field: 'transactions[0].counterparty', code: 'too_long' }),
      ]),
    );
    expect(r.json().detail).toContain('transactions[3].counterparty_iban is not a valid IBAN');
    expect((await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/bank-accounts` })).json().total).toBe(0);
  });

  it('404 for an unknown process or account, 409 for an archived process', async () => {
    const p = await newProcess();
    expect((await post(newId(), 'bank-accounts', body())).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/bank-accounts/${newId()}` })).statusCode).toBe(404);
    await t.request({ method: 'POST', url: `/document-engine/v1/processes/${p.process_id}/archive` });
    const r = await post(p.process_id, 'bank-accounts', body());
    expect(r.statusCode).toBe(409);
    expect((await post(p.process_id, 'open-banking-accounts', psd2('fiducia__get-transactions.body.json'))).statusCode).toBe(409);
  });
});

describe('Open Banking accounts (NextGenPSD2)', () => {
  it('ingests a real Fiducia account report: booked transactions, balances, exact amounts', async () => {
    const p = await newProcess();
    const r = await post(p.process_id, 'open-banking-accounts', { ext_open_banking_account_id: 'ob-1', provider: 'fiducia', ...psd2('fiducia__get-transactions.body.json') });
    expect(r.statusCode).toBe(201);
    const a = r.json();
    expect(a).toMatchObject({
      open_banking_account_id: expect.any(String),
      process_id: p.process_id,
      iban: 'DE45499999600000005100',
      account_holder: null,
      currency_code: 'EUR',
      total_transactions: 8,
      date_min: '2018-11-30',
      date_max: '2019-02-15',
      opening_balance: -16054.94,
      closing_balance: -16795.12,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const d = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/open-banking-accounts/${a.open_banking_account_id}` })).json();
    expect(d.transactions).toHaveLength(8);
    expect(d.transactions[0]).toMatchObject({
      date: '2018-11-30',
      value_date: '2018-11-30',
      amount: -231.88,
      currency: 'EUR',
      description: 'Abrechnung vom 30.11.2018',
      bank_transaction_code: 'NDDT+005+990197',
      category: expect.any(String),
    });
    expect(d.transactions.reduce((s: number, x: { amount: number }) => s + Math.round(x.amount * 100), 0)).toBe(-74018);
    const proc = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}` })).json();
    expect(proc.total_open_banking_accounts).toBe(1);
    const list = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/open-banking-accounts` })).json();
    expect(list.items[0]).toEqual(a);
  });

  it('counts only booked transactions, maps counterparties, accepts numeric amounts (comdirect, Deutsche Bank)', async () => {
    const p = await newProcess();
    const db = (await post(p.process_id, 'open-banking-accounts', psd2('deutsche-bank__get-transactions.body.json'))).json();
    expect(db.total_transactions).toBe(2);
    const d = (await t.request({ method: 'GET', url: `/document-engine/v1/processes/${p.process_id}/open-banking-accounts/${db.open_banking_account_id}` })).json();
    expect(d.transactions.map((x: { amount: number }) => x.amount)).toEqual([256.67, 343.01]);
    // the debtor of money in, with its account's IBAN: the fields a bank-account body's counterparty and counterparty_iban fill
    expect(d.transactions[1]).toMatchObject({ counterparty: 'Paul Simpson', counterparty_iban: 'DE76215730140403343700', description: 'Example 2', transaction_id: '1234568' });
    // money in whose report names only a creditor: no counterparty (the creditor of money in is the account itself)
    expect(d.transactions[0]).toMatchObject({ counterparty: null, counterparty_iban: null });
    const cd = await post(p.process_id, 'open-banking-accounts', psd2('comdirect__get-transactions.body.json'));
    expect(cd.statusCode).toBe(201);
    expect(cd.json()).toMatchObject({ total_transactions: 1, closing_balance: 150.02, iban: 'FR7630056009271234567890182' });
  });

  it('names each malformed PSD2 field', async () => {
    const p = await newProcess();
    const b = psd2('fiducia__get-transactions.body.json') as { account: Record<string, unknown>; transactions: { booked: Record<string, unknown>[] } };
    b.account.iban = 'DE45499999600000005101';
    b.transactions.booked[1]!.transactionAmount = { amount: 'twelve', currency: 'EUR' };
    b.transactions.booked[2]!.bookingDate = '2019-02-30';
    b.transactions.booked[3]!.transactionAmount = { amount: '1.00', currency: 'eur' };
    const r = await post(p.process_id, 'open-banking-accounts', b);
    expect(r.statusCode).toBe(400);
    expect(r.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining([
        'account.iban',
        'transactions.booked[1].transactionAmount.amount',
        'transactions.booked[2].bookingDate',
        'transactions.booked[3].transactionAmount.currency',
      ]),
    );
    const none = await post(p.process_id, 'open-banking-accounts', { account: { iban: 'DE45499999600000005100', currency: 'EUR' } });
    expect(none.json().errors[0].field).toBe('transactions');
  });
});
