import { describe, expect, it } from 'vitest';
import { buildReport } from '../index.ts';
import type { ReportParams, RiskTransaction } from '../types.ts';
import { computeModelFeatures, FEATURE_BY_ID } from './features.ts';

const params: ReportParams = { account_holder: 'Mario Rossi', data_market: 'it', data_source: 'retail', requested_loan_amount: 4800, loan_period: 24, overdraft_limit: 300 };
const tx = (date: string, eur: number, description: string, counterparty: string | null = null): RiskTransaction => ({
  date, valueDate: null, amountMinor: Math.round(eur * 100), currency: 'EUR', description, counterparty, balanceMinor: null, codes: null,
});

/** Eight months: salary 2,000, rent 700, spending that runs the balance down from 3,000 and, from month 6, below zero. */
function features(): { f: Record<string, number | null>; instalment: number; troughs: (number | null | undefined)[] } {
  const txns: RiskTransaction[] = [];
  for (let m = 1; m <= 8; m++) {
    const ym = `2026-0${m}`;
    txns.push(tx(`${ym}-01`, 2000, 'BONIFICO A VOSTRO FAVORE STIPENDIO', 'ACME SRL'));
    txns.push(tx(`${ym}-02`, -700, 'BONIFICO AFFITTO', 'IMMOBILIARE SOLE SRL'));
    txns.push(tx(`${ym}-20`, -1900, 'PAGAMENTO POS ESSELUNGA'));
  }
  const source = { id: 'f1', type: 'file' as const, iban: 'IT60X0542811101000000123456', accountHolder: 'ROSSI MARIO', currency: 'EUR', openingBalanceMinor: 300000, closingBalanceMinor: null, transactions: txns };
  const r = buildReport({ sources: [source], params, asOf: '2026-09-01' });
  return { f: computeModelFeatures({ metrics: r.metrics, coverage: r.coverage, categories: r.categories, monthly: r.monthly, params }), instalment: r.metrics.affordability.instalment ?? 0, troughs: r.monthly.map((m) => m.min_balance) };
}

describe('balance-behaviour features (issue 21: features that travel)', () => {
  const { f, instalment, troughs } = features();
  it('trough_median_to_instalment: the median monthly low point, in instalments, higher is better', () => {
    const t = troughs.filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
    expect(t.length).toBeGreaterThanOrEqual(8);
    const median = t.length % 2 ? (t[t.length >> 1] ?? 0) : ((t[(t.length >> 1) - 1] ?? 0) + (t[t.length >> 1] ?? 0)) / 2;
    expect((f.trough_median_to_instalment ?? NaN) * instalment).toBeCloseTo(median, 6);
    expect(FEATURE_BY_ID.get('trough_median_to_instalment')?.better).toBe('higher');
  });
  it('outflow_to_inflow: money out ÷ money in (2,600 out for 2,000 in each month)', () => {
    expect(f.outflow_to_inflow).toBeCloseTo(2600 / 2000, 4);
    expect(FEATURE_BY_ID.get('outflow_to_inflow')?.better).toBe('lower');
  });
  it('balance_trend_to_instalment: the last three month-ends against the first three, in instalments', () => {
    // month-end balances 2,400, 1,800, 1,200 … −1,800: the last three average 3,000 below the first three
    expect(instalment).toBeGreaterThan(200);
    expect((f.balance_trend_to_instalment ?? 0) * instalment).toBeCloseTo(-3000, 6);
  });
  it('recent_months_below_zero: the last three months whose trough went below the declared overdraft limit', () => {
    // troughs of months 6-8: −900, −1,500, −2,100; the limit is 300, so all three are beyond it
    expect(f.recent_months_below_zero).toBe(1);
  });
  it('avg_balance_to_instalment is the average balance in instalments, higher is better', () => {
    expect(f.avg_balance_to_instalment).not.toBeNull();
    expect(FEATURE_BY_ID.get('avg_balance_to_instalment')?.better).toBe('higher');
  });
});
