import { describe, expect, it } from 'vitest';
import { buildReport, categoriseTransactions, RiskEngineError } from './index.ts';
import type { ReportParams, RiskSource, RiskTransaction } from './types.ts';
import { simulatePopulation } from './simulate/index.ts';
import { aucHigherIsGood } from './simulate/evaluate.ts';

const params: ReportParams = { account_holder: 'Mario Rossi', data_market: 'it', data_source: 'retail', requested_loan_amount: 5000, loan_period: 24, overdraft_limit: 1000 };

function tx(date: string, eur: number, description: string, counterparty: string | null = null): RiskTransaction {
  return { date, valueDate: null, amountMinor: Math.round(eur * 100), currency: 'EUR', description, counterparty, balanceMinor: null, codes: null };
}

function source(id: string, txns: RiskTransaction[], iban = 'IT60X0542811101000000123456'): RiskSource {
  return { id, type: 'file', iban, accountHolder: 'ROSSI MARIO', currency: 'EUR', openingBalanceMinor: 150000, closingBalanceMinor: null, transactions: txns };
}

function months(n: number): RiskTransaction[] {
  const out: RiskTransaction[] = [];
  for (let m = 1; m <= n; m++) {
    const ym = `2026-${String(m).padStart(2, '0')}`;
    out.push(tx(`${ym}-27`, 2100, 'BONIFICO A VOSTRO FAVORE STIPENDIO', 'ACME SRL'));
    out.push(tx(`${ym}-03`, -700, 'BONIFICO AFFITTO', 'IMMOBILIARE SOLE SRL'));
    out.push(tx(`${ym}-05`, -180, 'ADDEBITO SDD FINDOMESTIC RATA', 'FINDOMESTIC BANCA'));
    out.push(tx(`${ym}-10`, -80, 'ADDEBITO SDD ENEL ENERGIA SPA', 'ENEL ENERGIA'));
    for (let d = 6; d <= 24; d += 6) out.push(tx(`${ym}-${String(d).padStart(2, '0')}`, -55.5, 'PAGAMENTO POS ESSELUNGA'));
    out.push(tx(`${ym}-15`, -100, 'PRELIEVO BANCOMAT ATM'));
  }
  return out;
}

describe('buildReport', () => {
  it('produces the documented shape with metrics, streams and srg', () => {
    const r = buildReport({ sources: [source('f1', months(6))], params, asOf: '2026-07-15' });
    expect(Object.keys(r)).toEqual(['srg', 'metrics', 'monthly', 'categories', 'flags', 'streams', 'income_sources', 'coverage', 'score_breakdown', 'evidence', 'engine']);
    expect(r.monthly.map((m) => m.month)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    expect(r.metrics.income.salary_detected).toBe(true);
    expect(r.metrics.income.salary_amount).toBe(2100);
    expect(r.metrics.debt_service.monthly).toBe(180);
    expect(r.metrics.affordability.instalment).toBeCloseTo(226.14, 2);
    expect(r.streams.map((s) => `${s.counterparty}:${s.category}:${s.cadence}`)).toEqual(expect.arrayContaining(['ACME SRL:salary:monthly', 'FINDOMESTIC BANCA:loan_installment:monthly']));
    // counterparty is the named party; the grouping key is apart (issue 21)
    expect(r.streams.find((s) => s.category === 'salary')).toMatchObject({ counterparty: 'ACME SRL', counterparty_key: 'ACME', label: 'BONIFICO A VOSTRO FAVORE STIPENDIO' });
    const unnamed = buildReport({ sources: [source('f1', months(6).map((t) => ({ ...t, counterparty: null })))], params, asOf: '2026-07-15' });
    expect(unnamed.streams.every((s) => s.counterparty === null && s.counterparty_key.length > 0)).toBe(true);
    expect(r.monthly[0]?.end_balance).toBe(1500 + 2100 - 700 - 180 - 80 - 4 * 55.5 - 100);
    // the month's trough: the day before the salary, after every January outgoing
    expect(r.monthly[0]?.min_balance).toBe(1500 - 700 - 180 - 80 - 4 * 55.5 - 100);
    expect(r.srg.score).toBeGreaterThan(0);
    expect(r.flags.returned_debits.flagged).toBe(false);
    expect(['approve', 'review', 'decline']).toContain(r.srg.decision);
  });

  it('is deterministic and ignores statement overlaps', () => {
    const all = months(6);
    const a = buildReport({ sources: [source('f1', all.slice(0, 30)), source('f2', all.slice(20))], params, asOf: '2026-07-15' });
    const b = buildReport({ sources: [source('f1', all.slice(0, 30)), source('f2', all.slice(20))], params, asOf: '2026-07-15' });
    const single = buildReport({ sources: [source('f1', all)], params, asOf: '2026-07-15' });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.coverage.duplicates_removed).toBe(10);
    expect(a.metrics.income).toEqual(single.metrics.income);
  });

  it('income in absolute euros is not a reason: a steady 450 € a month with a balance that carries the instalment gets no LOW_INCOME (issue 21)', () => {
    const low: RiskTransaction[] = [];
    for (let m = 1; m <= 12; m++) {
      const ym = `2025-${String(m).padStart(2, '0')}`;
      low.push(tx(`${ym}-05`, 450, 'PENSION'), tx(`${ym}-08`, -120, 'HOUSEHOLD PAYMENT'), tx(`${ym}-12`, -250, 'CASH WITHDRAWAL'));
      for (let d = 14; d <= 26; d += 6) low.push(tx(`${ym}-${d}`, -20, 'CARD PAYMENT'));
    }
    const p: ReportParams = { account_holder: 'Mario Rossi', data_market: 'de', data_source: 'retail', requested_loan_amount: 1500, loan_period: 24 };
    const r = buildReport({ sources: [{ ...source('f1', low), openingBalanceMinor: 300000 }], params: p, asOf: '2026-01-01' });
    expect(r.metrics.income.monthly_average).toBeLessThan(500);
    expect(r.srg.reason_codes.map((c) => c.code)).not.toContain('LOW_INCOME');
  });

  it('insufficient data gives review with INSUFFICIENT_DATA as a policy reason, not an impact of 1000 (issue 21)', () => {
    const r = buildReport({ sources: [source('f1', months(2))], params, asOf: '2026-07-15' });
    expect(r.srg.decision).toBe('review');
    expect(r.srg.policy_reasons).toEqual(['INSUFFICIENT_DATA']);
    const code = r.srg.reason_codes.find((c) => c.code === 'INSUFFICIENT_DATA');
    expect(code?.impact).toBe(0);
    const impacts = r.srg.reason_codes.map((c) => c.impact);
    expect(impacts).toEqual([...impacts].sort((a, b) => b - a));
    expect(r.flags.data_gaps.flagged).toBe(true);
  });

  it('balances are combined only over days every account covers (issue 21)', () => {
    // account A: 1,000 € from January, overdrawn in February; account B: 8,000 € but only from May
    const a = source('a', [tx('2026-01-02', 0.01, 'X'), ...months(6)].map((t) => t), 'IT60X0542811101000000123456');
    a.openingBalanceMinor = 100_000;
    const aTx = [...a.transactions, tx('2026-02-10', -3000, 'BONIFICO A FAVORE DI TERZI', 'TERZI'), tx('2026-03-01', 3000, 'BONIFICO DA TERZI', 'TERZI')];
    const b: RiskSource = { ...source('b', [tx('2026-05-02', 10, 'BONIFICO DA TERZI', 'TERZI'), tx('2026-06-20', -10, 'PAGAMENTO POS ESSELUNGA')], 'DE89370400440532013000'), openingBalanceMinor: 800_000 };
    const r = buildReport({ sources: [{ ...a, transactions: aTx }, b], params, asOf: '2026-07-15' });
    // the February overdraft of A happened before B had any data: it is overdraft use, not a negative combined balance
    expect(r.metrics.overdraft.days_in_overdraft).toBeGreaterThan(0);
    expect(r.metrics.balances.days_negative).toBe(0);
    // minimum and days observed are on the same basis: only days from May (B's first day) on
    expect(r.metrics.balances.days_observed).toBeLessThanOrEqual(31 + 30 + 1);
    expect(r.metrics.balances.minimum).toBeGreaterThan(8000);
    // a single account's history is never projected back before its first day
    const single = buildReport({ sources: [{ ...a, transactions: aTx }], params, asOf: '2026-07-15' });
    expect(single.metrics.balances.days_negative).toBeGreaterThan(0);
    expect(single.metrics.balances.minimum).toBeLessThan(0);
  });

  it('no balance observed: no "frequently negative" reason, a data-missing one (issue 21)', () => {
    const noBal: RiskSource = { ...source('f1', months(6)), openingBalanceMinor: null };
    const r = buildReport({ sources: [noBal], params, asOf: '2026-07-15' });
    expect(r.metrics.balances.days_observed).toBe(0);
    expect(r.metrics.balances.minimum).toBeNull();
    expect(r.srg.reason_codes.map((c) => c.code)).not.toContain('FREQUENT_NEGATIVE_BALANCE');
    expect(r.srg.reason_codes.map((c) => c.code)).not.toContain('LOW_BALANCE_BUFFER');
    expect(r.flags.overdraft_use).toMatchObject({ flagged: false, detail: expect.stringContaining('no account balance observed') });
    // a loan was requested: what is missing is the balance, never "no loan amount requested"
    const codes = r.srg.reason_codes.map((c) => c.code);
    expect(codes).toContain('DATA_MISSING_BALANCE');
    expect(codes).not.toContain('DATA_MISSING_REQUEST');
    const noRequest = buildReport({ sources: [noBal], params: { ...params, requested_loan_amount: null, loan_period: null }, asOf: '2026-07-15' });
    expect(noRequest.srg.reason_codes.map((c) => c.code)).toContain('DATA_MISSING_REQUEST');
  });

  it('a consumer-credit instalment worded the German way is debt service (issue 21)', () => {
    const de: ReportParams = { ...params, account_holder: 'Max Muster', data_market: 'de' };
    const txns = months(6).filter((t) => !t.description.includes('FINDOMESTIC'));
    for (let m = 1; m <= 6; m++) txns.push(tx(`2026-0${m}-04`, -289, 'SANTANDER CONSUMER BANK RATE KREDIT'));
    const r = buildReport({ sources: [{ ...source('f1', txns), accountHolder: 'Max Muster' }], params: de, asOf: '2026-07-15' });
    expect(r.metrics.debt_service.monthly).toBeCloseTo(289, 0);
    expect(r.metrics.debt_service.dti).toBeGreaterThan(0.1);
  });

  it('affordability is judged on income after committed outgoings, not after everyday spending', () => {
    const spendThrift = months(6).concat(Array.from({ length: 6 }, (_, i) => tx(`2026-0${i + 1}-20`, -800, 'PRELIEVO BANCOMAT ATM')));
    const r = buildReport({ sources: [source('f1', spendThrift)], params, asOf: '2026-07-15' });
    // income 2,100; committed rent 700 + Findomestic 180 + Enel 80 = 960; instalment ≈ 226 of 1,140 free: affordable
    expect(r.metrics.affordability.income_after_commitments_monthly).toBeGreaterThan(1000);
    expect(r.metrics.affordability.affordable).toBe(true);
    expect(r.srg.policy_reasons).not.toContain('UNAFFORDABLE');
    const stretched = buildReport({ sources: [source('f1', months(6))], params: { ...params, requested_loan_amount: 30_000, loan_period: 24 }, asOf: '2026-07-15' });
    expect(stretched.metrics.affordability.affordable).toBe(false);
    expect(stretched.srg.policy_reasons).toContain('UNAFFORDABLE');
  });

  it('a small business’s monthly net income is revenue minus operating costs, not revenue (issue 21)', () => {
    const biz: ReportParams = { ...params, account_holder: 'Bianchi SNC', data_source: 'commercial' };
    const txns: RiskTransaction[] = [];
    for (let m = 1; m <= 6; m++) {
      const ym = `2026-0${m}`;
      txns.push(tx(`${ym}-05`, 10_000, 'BONIFICO DA CLIENTE ALFA SALDO FATTURA 12', 'ALFA SRL'));
      txns.push(tx(`${ym}-06`, 5_000, 'ACCREDITO POS INCASSI', null));
      txns.push(tx(`${ym}-10`, -6_000, 'BONIFICO A FAVORE DI FORNITORE BETA FATTURA 7', 'BETA SPA'));
      txns.push(tx(`${ym}-27`, -4_000, 'STIPENDI DIPENDENTI', 'MARIO VERDI'));
      txns.push(tx(`${ym}-16`, -1_000, 'F24 AGENZIA ENTRATE', null));
      txns.push(tx(`${ym}-20`, -500, 'ADDEBITO SDD FINDOMESTIC RATA', 'FINDOMESTIC BANCA'));
    }
    const r = buildReport({ sources: [{ ...source('f1', txns), accountHolder: 'Bianchi SNC' }], params: biz, asOf: '2026-07-15' });
    const c = r.metrics.commercial;
    expect(c?.revenue_monthly_average).toBeGreaterThan(14_000);
    // revenue 15,000 − (6,000 supplier + 4,000 payroll + 1,000 tax) = 4,000 a month over the ~5.8 months observed
    expect((c?.net_income_monthly ?? 0) / (c?.revenue_monthly_average ?? 1)).toBeCloseTo(4_000 / 15_000, 2);
  });

  it('a business’s customers paying by plain transfer, and card settlements carrying a refund or own-transfer word, are revenue (issue 21)', () => {
    const biz: ReportParams = { ...params, account_holder: 'Schneider Haustechnik GmbH', data_market: 'de', data_source: 'commercial' };
    const txns: RiskTransaction[] = [];
    for (let m = 1; m <= 6; m++) {
      const ym = `2026-0${m}`;
      // testkit-like customer payments: a transfer with no invoice word, a settlement of card sales with a purpose word
      txns.push(tx(`${ym}-05`, 8_000, 'Gutschrift Zimmerei Hoffmann KG Anteil Urlaub End-to-End-Ref.: NOTPROVIDED', null));
      txns.push(tx(`${ym}-06`, 4_000, 'Gutschrift Kartenumsätze VOLKSBANK POS Erstattung End-to-End-Ref.: 2189340925', 'VOLKSBANK POS'));
      txns.push(tx(`${ym}-07`, 1_000, 'Gutschrift Elektro Wagner GmbH Erstattung', 'Elektro Wagner GmbH'));
      txns.push(tx(`${ym}-10`, -7_000, 'SEPA-Überweisung Großhandel Meyer GmbH RE 4711', 'Großhandel Meyer GmbH'));
      txns.push(tx(`${ym}-16`, -1_000, 'Finanzamt Umsatzsteuer', null));
    }
    const r = buildReport({ sources: [{ ...source('f1', txns, 'DE89370400440532013000'), accountHolder: 'Schneider Haustechnik GmbH' }], params: biz, asOf: '2026-07-15' });
    const c = r.metrics.commercial;
    const months = r.coverage.days / 30.4375;
    // revenue: the 8,000 transfer and the 4,000 settlement (the 1,000 "Erstattung" from a supplier is not revenue)
    expect((c?.revenue_total ?? 0) / 6).toBeCloseTo(12_000, 0);
    // net: everything received from others (the supplier's refund offsets costs) − 8,000 costs
    expect(c?.net_income_monthly).toBeCloseTo((6 * (13_000 - 8_000)) / months, 0);
  });

  it('a self-employed applicant’s net income: private persons’ money left out, a customer’s own-transfer word and a loan-worded supplier payment do not hide revenue or costs (issue 21)', () => {
    const se: ReportParams = { ...params, data_source: 'commercial' };
    const friends = ['MANCINI ROBERTO', 'MARTINI SARA', 'CONTI FEDERICA', 'SANTORO GIUSEPPE', 'BIANCHI MARIA', 'DE LUCA MARTINA'];
    const supplierPaid = [900, 2500, 1300, 4000, 1800, 3100];
    const txns: RiskTransaction[] = [];
    for (let m = 1; m <= 6; m++) {
      const ym = `2026-0${m}`;
      txns.push(tx(`${ym}-04`, 6_000, `BONIFICO A VOSTRO FAVORE ORD: TECNOMECCANICA SRLS GIROCONTO CRO 1234567${m}`));
      txns.push(tx(`${ym}-08`, 2_000, `BONIFICO A VOSTRO FAVORE ORD: EDILNORD S.R.L. SALDO FATTURA ${m}/2026 CRO 7654321${m}`));
      txns.push(tx(`${ym}-09`, 1_000, `BONIFICO A VOSTRO FAVORE DA PASTICCERIA MARINO S.N.C. RIMBORSO CRO 5555555${m}`));
      txns.push(tx(`${ym}-12`, 350 + 40 * m, `BONIFICO SEPA IN ENTRATA ORD: ${friends[m - 1] ?? ''} REGALO CRO 1111111${m}`));
      txns.push(tx(`${ym}-19`, 200 + 25 * m, `BONIFICO A VOSTRO FAVORE DA ${friends[6 - m] ?? ''} RIMBORSO CRO 2222222${m}`));
      txns.push(tx(`${ym}-14`, -(supplierPaid[m - 1] ?? 0), `BONIFICO A FAVORE DI ORTOFRUTTA S.P.A. RESTITUZIONE PRESTITO IBAN BEN. IT95B726072849701009543973${m}`));
      txns.push(tx(`${ym}-16`, -1_500, `PAGAMENTO F24 AGENZIA DELLE ENTRATE PROT. TELEMATICO 7150629649690048${m}`));
      txns.push(tx(`${ym}-20`, -400, 'ADDEBITO SDD FINDOMESTIC RATA', 'FINDOMESTIC BANCA'));
    }
    const r = buildReport({ sources: [source('f1', txns)], params: se, asOf: '2026-07-15' });
    const c = r.metrics.commercial;
    const perMonth = r.coverage.days / 30.4375;
    const privateTotal = friends.reduce((a, _, i) => a + 350 + 40 * (i + 1) + 200 + 25 * (i + 1), 0);
    // revenue: the customers' 6,000 (own-transfer word) and 2,000 (invoice); the 1,000 "RIMBORSO" from a company is no sale
    expect(c?.revenue_total).toBeCloseTo(6 * 8_000, 0);
    expect(c?.private_receipts_monthly).toBeCloseTo(privateTotal / perMonth, 1);
    // net: money from customers and companies (9,000 a month) − supplier payments − F24; Findomestic's instalment is debt service
    const costs = supplierPaid.reduce((a, b) => a + b, 0) + 6 * 1_500;
    expect(c?.net_income_monthly).toBeCloseTo((6 * 9_000 - costs) / perMonth, 0);
    expect(r.metrics.debt_service.monthly).toBe(400);
  });

  it('the window is 12 calendar months: a statement from 1 February to 31 January keeps its first day across a 29 February (issue 21)', () => {
    const txns: RiskTransaction[] = [];
    for (let i = 0; i < 12; i++) {
      const ym = `${2024 + Math.floor((1 + i) / 12)}-${String(((1 + i) % 12) + 1).padStart(2, '0')}`;
      txns.push(tx(`${ym}-01`, 1_500, 'ACCREDITO PENSIONE INPS', 'INPS'));
      txns.push(tx(`${ym}-10`, -400, 'PAGAMENTO POS ESSELUNGA'));
    }
    txns.push(tx('2025-01-31', -20, 'COMMISSIONI E SPESE'));
    const r = buildReport({ sources: [{ ...source('f1', txns), periodStart: '2024-02-01', periodEnd: '2025-01-31' }], params, asOf: '2025-02-10' });
    expect(r.coverage.window).toEqual({ from: '2024-02-01', to: '2025-01-31' });
    expect(r.metrics.income.total).toBe(12 * 1_500);
    expect(r.coverage.inputs?.[0]?.outside_window).toBe(0);
  });

  it('regular income is the salary (and pension, benefits, monthly payers), not one-off credits or cash paid in (issue 21)', () => {
    const extra = [tx('2026-02-14', 900, 'BONIFICO A VOSTRO FAVORE DA VERDI LUCA FATT. N. 12/2026', 'VERDI LUCA'), tx('2026-04-03', 500, 'VERSAMENTO CONTANTI')];
    const r = buildReport({ sources: [source('f1', [...months(6), ...extra])], params, asOf: '2026-07-15' });
    const perMonth = r.coverage.days / 30.4375;
    expect(r.metrics.income.regular_monthly_average).toBeCloseTo((6 * 2100) / perMonth, 1);
    expect(r.metrics.income.monthly_average).toBeGreaterThan(r.metrics.income.regular_monthly_average + 200);
  });

  it('an arranged overdraft used within its limit is not scored as days below zero; beyond it, it is', () => {
    // opening 200: the month's outgoings take the account down to about −1,080 before the salary on the 27th in the first two months
    const src = { ...source('f1', months(6)), openingBalanceMinor: 20_000 };
    const feature = (limit: number | null) => {
      const r = buildReport({ sources: [src], params: { ...params, overdraft_limit: limit }, asOf: '2026-07-15' });
      return { days: r.metrics.balances, share: r.score_breakdown.find((c) => c.id === 'neg_days_share')?.value };
    };
    const none = feature(null);
    expect(none.days.days_negative).toBeGreaterThan(30);
    expect(none.days.days_beyond_overdraft_limit).toBe(none.days.days_negative);
    expect(none.share).toBeGreaterThan(0.15);
    const arranged = feature(1500);
    expect(arranged.days.days_beyond_overdraft_limit).toBe(0);
    expect(arranged.share).toBe(0);
    expect(feature(300).days.days_beyond_overdraft_limit).toBeGreaterThan(0);
  });

  it('an input wholly outside the window is reported with why (issue 21)', () => {
    const old = source('old', [tx('2024-03-01', -10, 'PAGAMENTO POS ESSELUNGA'), tx('2024-03-05', -10, 'PAGAMENTO POS COOP')], 'DE89370400440532013000');
    const r = buildReport({ sources: [source('f1', months(6)), old], params, asOf: '2026-07-15' });
    expect(r.coverage.inputs?.find((i) => i.id === 'old')).toMatchObject({ used: false, excluded_reason: 'before_window', outside_window: 2, used_transactions: 0 });
    expect(r.coverage.inputs?.find((i) => i.id === 'f1')).toMatchObject({ used: true, outside_window: 0 });
    expect(r.coverage.window).toEqual({ from: '2025-06-28', to: '2026-06-27' });
  });

  it('throws RiskEngineError on impossible input', () => {
    expect(() => buildReport({ sources: [], params, asOf: '2026-07-15' })).toThrow(RiskEngineError);
    const bad = source('f1', [tx('2026-13-01', 1, 'x')]);
    try {
      buildReport({ sources: [bad], params, asOf: '2026-07-15' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RiskEngineError);
      expect((e as RiskEngineError).code).toBe('INVALID_INPUT');
      expect((e as RiskEngineError).details).toContain('sources[0].transactions[0].date');
    }
    expect(() => buildReport({ sources: [source('f1', months(3))], params: { ...params, data_market: 'fr' as 'it' }, asOf: '2026-07-15' })).toThrow(/data_market/);
  });

  it('categoriseTransactions fills category and counterparty for the parsing module', () => {
    const out = categoriseTransactions([tx('2026-01-02', -20, 'PAGAMENTO POS ESSELUNGA MILANO CARTA 1234')], 'it');
    expect(out[0]).toMatchObject({ category: 'groceries', group: 'expenses', rule_id: 'it.groceries', counterparty_normalised: 'ESSELUNGA MILANO' });
  });
});

describe('scorecard on a simulated population', () => {
  it('discriminates: AUC > 0.7 on an out-of-sample seeded population', () => {
    const pop = simulatePopulation(303, 500, { dataSource: 'retail' });
    const scores = pop.map((a) => buildReport({ sources: a.sources, params: a.params, asOf: a.asOf }).srg.score);
    const auc = aucHigherIsGood(scores, pop.map((p) => p.defaulted));
    console.log(`retail AUC on seed 303, n=500: ${auc.toFixed(3)}`);
    expect(auc).toBeGreaterThan(0.7);
  });
});
