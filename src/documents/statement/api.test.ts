/** The one cents → API conversion: the same StatementModel reads the same whatever medium built it. */
import { describe, expect, it } from 'vitest';
import { statementFields } from './api.ts';
import type { StatementModel } from './model.ts';

const model = (over: Partial<StatementModel> = {}): StatementModel => ({
  bankName: { value: 'Banca Esempio', confidence: 0.9, page: 1, bbox: [10, 10, 90, 20] },
  iban: { value: 'IT60X0542811101000000123456', confidence: 0.99 },
  holder: null,
  currency: { value: 'EUR', confidence: 0.99 },
  opening: { value: 100_000, confidence: 0.99 },
  closing: { value: -12_345, confidence: 0.99 },
  transactions: [
    { date: '2026-03-05', valueDate: null, amountCents: -112_345, currency: null, description: 'AFFITTO', balanceCents: -12_345, counterparty: null, page: 1, bbox: [40, 200, 540, 210] },
    { date: '2026-03-01', valueDate: '2026-02-28', amountCents: 1, currency: 'USD', description: 'FX', balanceCents: null, counterparty: null },
  ],
  transactionsConfidence: 0.97,
  datesConfidence: 0.95,
  period: { value: { start: '2026-03-01', end: '2026-03-31' }, confidence: 0.9 },
  ...over,
});

describe('statementFields', () => {
  it('turns cents into decimals once, with sources only where a page is known', () => {
    const r = statementFields(model());
    expect(r['opening_balance']).toEqual({ value: 1000, confidence: 0.99 });
    expect(r['closing_balance']?.value).toBe(-123.45);
    expect(r['bank_name']).toEqual({ value: 'Banca Esempio', confidence: 0.9, source: { page: 1, bbox: [10, 10, 90, 20] } });
    expect(r['account_holder']).toEqual({ value: null, confidence: 0 });
    const txs = r['transactions']?.value as { amount: number; balance: number | null; currency: string; page: number | null }[];
    expect(txs.map((t) => [t.amount, t.balance, t.currency, t.page])).toEqual([
      [-1123.45, -123.45, 'EUR', 1],
      [0.01, null, 'USD', null],
    ]);
    // value dates span value date else booking date, sourced where the row's place is known
    expect(r['value_date_min']).toEqual({ value: '2026-02-28', confidence: 0.95 });
    expect(r['value_date_max']).toEqual({ value: '2026-03-05', confidence: 0.95, source: { page: 1, bbox: [40, 200, 540, 210] } });
  });

  it('falls back to the printed period for value dates when no booking was read', () => {
    const r = statementFields(model({ transactions: [] }));
    expect([r['value_date_min']?.value, r['value_date_max']?.value]).toEqual(['2026-03-01', '2026-03-31']);
    expect(r['value_date_min']?.confidence).toBe(0.6);
  });
});
