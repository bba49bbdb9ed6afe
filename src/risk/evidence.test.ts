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

describe('the rows behind the flags: the most recent, newest first (issue 21, an underwriter weighs whether it goes on)', () => {
  // fourteen bets from January to June, the last four in June; two returned debits, in March and May
  const bets = Array.from({ length: 14 }, (_, i) => tx(`2026-0${1 + Math.floor(i / 3)}-${String(2 + (i % 3) * 9).padStart(2, '0')}`, -(10 + i), 'PAGAMENTO POS SNAI SCOMMESSE'));
  const r = buildReport({
    sources: account([
      ...bets,
      tx('2026-06-28', -99, 'PAGAMENTO POS LOTTOMATICA GRATTA E VINCI'),
      tx('2026-03-06', 180, 'STORNO SDD INSOLUTO FINDOMESTIC'),
      tx('2026-05-06', 180, 'STORNO SDD INSOLUTO FINDOMESTIC'),
    ]),
    params,
    asOf: '2026-07-01',
  });

  it('lists the ten most recent gambling rows, newest first, though the largest and the earliest are older', () => {
    const g = r.evidence.gambling;
    expect(r.categories.find((c) => c.category === 'gambling')?.count).toBe(15);
    expect(g).toHaveLength(10);
    expect(g[0]).toMatchObject({ date: '2026-06-28', amount: -99 });
    const dates = g.map((x) => x.date);
    expect(dates).toEqual([...dates].sort().reverse());
    // the five earliest bets (January and February) are the ones left out
    expect(dates.every((d) => d >= '2026-02-11')).toBe(true);
    expect(dates).not.toContain('2026-01-02');
  });

  it('returned debits newest first; the largest movements stay largest first', () => {
    expect(r.evidence.returned_debits.map((x) => x.date)).toEqual(['2026-05-06', '2026-03-06']);
    const out = r.evidence.largest_debits.map((x) => Math.abs(x.amount));
    expect(out).toEqual([...out].sort((a, b) => b - a));
  });
});
