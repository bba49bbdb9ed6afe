import { describe, expect, it } from 'vitest';
import { buildReport } from './index.ts';
import type { ReportParams, RiskSource, RiskTransaction } from './types.ts';

const params: ReportParams = { account_holder: 'Mario Rossi', data_market: 'it', data_source: 'retail', requested_loan_amount: 5000, loan_period: 24 };

function tx(date: string, eur: number, description: string, counterparty: string | null = null): RiskTransaction {
  return { date, valueDate: null, amountMinor: Math.round(eur * 100), currency: 'EUR', description, counterparty, balanceMinor: null, codes: null };
}

function account(extra: RiskTransaction[]): RiskSource[] {
  const txns: RiskTransaction[] = [];
  for (let m = 1; m <= 6; m++) {
    const ym = `2026-${String(m).padStart(2, '0')}`;
    txns.push(tx(`${ym}-27`, 2100, 'BONIFICO A VOSTRO FAVORE STIPENDIO', 'ACME SRL'));
    txns.push(tx(`${ym}-03`, -700, 'BONIFICO AFFITTO', 'IMMOBILIARE SOLE SRL'));
    txns.push(tx(`${ym}-05`, -180, 'ADDEBITO SDD FINDOMESTIC RATA', 'FINDOMESTIC BANCA'));
    for (let d = 6; d <= 24; d += 6) txns.push(tx(`${ym}-${String(d).padStart(2, '0')}`, -55.5, 'PAGAMENTO POS ESSELUNGA'));
  }
  const all = [...txns, ...extra].sort((a, b) => a.date.localeCompare(b.date));
  return [{ id: 'f1', type: 'file', iban: 'IT60X0542811101000000123456', accountHolder: 'ROSSI MARIO', currency: 'EUR', openingBalanceMinor: 500000, closingBalanceMinor: null, transactions: all }];
}

describe('income sources by payer (issue 21, the report an underwriter expects)', () => {
  it('groups income by the named payer, with totals, months, share and whether it is regular', () => {
    const r = buildReport({
      sources: account([
        tx('2026-02-14', 3000, 'BONIFICO A VOSTRO FAVORE PRESTITO', 'GIOVANNI BIANCHI'),
        tx('2026-03-10', 200, 'VERSAMENTO CONTANTI'),
        tx('2026-05-10', 250, 'VERSAMENTO CONTANTI'),
      ]),
      params,
      asOf: '2026-07-01',
    });
    const s = r.income_sources;
    expect(s[0]).toMatchObject({ payer: 'ACME SRL', category: 'salary', count: 6, total: 12600, months: 6, regular: true });
    // cash paid in is grouped under the words the bank printed; a one-off transfer from a private person is
    // not income (it is listed among the unusual movements instead)
    expect(s[1]).toMatchObject({ payer: 'VERSAMENTO CONTANTI', category: 'cash_deposit', count: 2, total: 450, months: 2, regular: false });
    expect(s.some((x) => x.payer === 'GIOVANNI BIANCHI')).toBe(false);
    expect(r.evidence.unusual.map((x) => x.counterparty)).toContain('GIOVANNI BIANCHI');
    expect(s.reduce((a, x) => a + x.share, 0)).toBeCloseTo(1, 3);
    expect(s[0]?.monthly_average).toBeCloseTo(12600 / r.coverage.months, 2);
  });

  it('cash paid in, however the bank words it, is one source with no payer (payer_from category), not a payer read from the description', () => {
    const r = buildReport({
      sources: account([
        tx('2026-02-10', 200, 'VERSAMENTO CONTANTI'),
        tx('2026-03-10', 300, 'VERS. CONTANTI ATM 0412'),
        tx('2026-04-10', 250, 'VERSAMENTO CONTANTI SPORTELLO'),
        tx('2026-05-10', 150, 'VERSAMENTO CONTANTI'),
      ]),
      params,
      asOf: '2026-07-01',
    });
    const cash = r.income_sources.filter((x) => x.category === 'cash_deposit');
    expect(cash).toHaveLength(1);
    expect(cash[0]).toMatchObject({ payer: 'VERSAMENTO CONTANTI', payer_from: 'category', payer_key: 'category:cash_deposit', count: 4, total: 900, months: 4 });
    // the salary's payer is still the party the bank named
    expect(r.income_sources[0]).toMatchObject({ payer: 'ACME SRL', payer_from: 'counterparty' });
  });
});

describe('unusual transactions (issue 21)', () => {
  it('lists one-off large movements in either direction, never salary or a recurring obligation', () => {
    const r = buildReport({
      sources: account([
        tx('2026-02-14', 3000, 'BONIFICO A VOSTRO FAVORE PRESTITO', 'GIOVANNI BIANCHI'),
        tx('2026-04-20', -6000, 'BONIFICO ACQUISTO AUTO', 'AUTOSALONE VERDI SRL'),
      ]),
      params,
      asOf: '2026-07-01',
    });
    const u = r.evidence.unusual;
    expect(u.map((x) => x.counterparty)).toEqual(['AUTOSALONE VERDI SRL', 'GIOVANNI BIANCHI']);
    expect(u[0]?.amount).toBe(-6000);
    expect(u[0]?.ratio_to_monthly).toBeGreaterThan(1);
    expect(u.some((x) => x.category === 'salary' || x.counterparty === 'IMMOBILIARE SOLE SRL')).toBe(false);
  });

  it('a business’s one-off large customer payment is revenue, not an unusual movement', () => {
    const r = buildReport({
      sources: account([tx('2026-03-12', 9000, 'BONIFICO DA CLIENTE SALDO FATTURA N. 12', 'NERI ALIMENTARI SRL')]),
      params: { ...params, data_source: 'commercial' },
      asOf: '2026-07-01',
    });
    const invoice = r.income_sources.find((x) => x.payer === 'NERI ALIMENTARI SRL');
    expect(invoice?.category).toBe('business_revenue');
    expect(r.evidence.unusual.map((x) => x.counterparty)).not.toContain('NERI ALIMENTARI SRL');
  });

  it('is empty for an account with nothing out of the ordinary', () => {
    const r = buildReport({ sources: account([]), params, asOf: '2026-07-01' });
    expect(r.evidence.unusual).toEqual([]);
  });
});
