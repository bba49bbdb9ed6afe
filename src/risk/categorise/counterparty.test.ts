/**
 * A counterparty the data names (a bank-account body's counterparty and counterparty_iban, an Open Banking
 * report's creditor or debtor) comes before a party guessed from the description: one employer whose
 * bookings are worded differently month by month is one rhythmic payer, and a transfer to or from another
 * of the applicant's accounts is internal by its IBAN.
 */
import { describe, expect, it } from 'vitest';
import { buildReport, categoriseTransactions } from '../index.ts';
import type { RiskSource, RiskTransaction } from '../types.ts';

const EMPLOYER_IBAN = 'IT60X0542811101000000123456';
const OWN = 'IT07X0542811101000000654321';
const OTHER_OWN = 'DE89370400440532013000';
const SECOND_EMPLOYER_ACCOUNT = 'DE76215730140403343700';

const tx = (date: string, eur: number, description: string, counterparty: string | null = null, counterpartyIban: string | null = null): RiskTransaction => ({
  date, valueDate: null, amountMinor: Math.round(eur * 100), currency: 'EUR', description, counterparty, counterpartyIban, balanceMinor: null, codes: null,
});

/** Six months of one employer's pay, worded two ways by turns (no salary word), rent and shopping. */
function months(cp: string | null, cpIban: string | null): RiskTransaction[] {
  const out: RiskTransaction[] = [];
  for (let m = 1; m <= 6; m++) {
    const ym = `2026-${String(m).padStart(2, '0')}`;
    out.push(tx(`${ym}-27`, 1850 + m, m % 2 ? 'BONIFICO A VOSTRO FAVORE DA ROSSI COSTRUZIONI' : 'ACCREDITO BONIFICO ORD. R.C. IMPIANTI', cp, cpIban));
    out.push(tx(`${ym}-03`, -700, 'BONIFICO AFFITTO', 'IMMOBILIARE SOLE SRL'));
    for (let d = 6; d <= 24; d += 6) out.push(tx(`${ym}-${String(d).padStart(2, '0')}`, -55.5, 'PAGAMENTO POS ESSELUNGA'));
  }
  return out;
}

const source = (id: string, iban: string, transactions: RiskTransaction[]): RiskSource => ({
  id, type: 'bank_account', iban, accountHolder: 'Mario Bianchi', currency: 'EUR', openingBalanceMinor: 100000, closingBalanceMinor: null, transactions,
});
const report = (sources: RiskSource[]) =>
  buildReport({ sources, params: { account_holder: 'Mario Bianchi', data_market: 'it', data_source: 'retail' }, asOf: '2026-06-30', model: null });

describe('a counterparty the data names', () => {
  it('descriptions alone split one employer into two payers none of which is regular: no income', () => {
    const r = report([source('a', OWN, months(null, null))]);
    expect(r.metrics.income.salary_detected).toBe(false);
    expect(r.streams.filter((s) => s.direction === 'in')).toEqual([]);
  });

  it('the supplied counterparty joins them into one monthly payer, the salary, and the report says the payer was named', () => {
    const r = report([source('a', OWN, months('Rossi Costruzioni S.r.l.', null))]);
    expect(r.metrics.income).toMatchObject({ salary_detected: true, salary_amount: 1853.5 });
    expect(r.streams.filter((s) => s.direction === 'in')).toMatchObject([{ counterparty: 'Rossi Costruzioni S.r.l.', category: 'salary', cadence: 'monthly', count: 6 }]);
    expect(r.income_sources).toMatchObject([{ payer: 'Rossi Costruzioni S.r.l.', payer_from: 'counterparty', category: 'salary', months: 6, regular: true, share: 1 }]);
  });

  it("the payer's IBAN alone joins them too (it is the key, not the worded names), and the report says so", () => {
    const r = report([source('a', OWN, months(null, EMPLOYER_IBAN))]);
    expect(r.metrics.income).toMatchObject({ salary_detected: true, salary_amount: 1853.5 });
    expect(r.income_sources).toMatchObject([{ payer_from: 'counterparty_iban', payer_key: '#00123456', category: 'salary', regular: true }]);
    // with a name as well, the name keys the payer: paid from a second account of its own, it stays one payer
    const both = months('Rossi Costruzioni S.r.l.', EMPLOYER_IBAN).map((t, i) => (i > 20 && t.amountMinor > 0 ? { ...t, counterpartyIban: SECOND_EMPLOYER_ACCOUNT } : t));
    const r2 = report([source('a', OWN, both)]);
    expect(r2.income_sources).toMatchObject([{ payer: 'Rossi Costruzioni S.r.l.', payer_from: 'counterparty', payer_key: 'ROSSI COSTRUZIONI', months: 6, regular: true }]);
    expect(r2.metrics.income.salary_detected).toBe(true);
  });

  it('a payer read from descriptions worded alike says "description"', () => {
    const txns = months(null, null).map((t) => ({ ...t, description: t.amountMinor > 0 ? 'BONIFICO A VOSTRO FAVORE DA ROSSI COSTRUZIONI' : t.description }));
    const r = report([source('a', OWN, txns)]);
    expect(r.income_sources).toMatchObject([{ payer: 'BONIFICO A VOSTRO FAVORE DA ROSSI COSTRUZIONI', payer_from: 'description', regular: true }]);
  });

  it("a transfer whose counterparty IBAN is another of the applicant's accounts is internal, not income or spending", () => {
    const a = [...months('Rossi Costruzioni S.r.l.', null), tx('2026-04-10', -1500, 'BONIFICO ISTANTANEO RIF 88812', null, OTHER_OWN)];
    const b = [tx('2026-04-10', 1500, 'BONIFICO ISTANTANEO RIF 88812', null, 'IT07 X054 2811 1010 0000 0654 321'), tx('2026-05-10', -40, 'PAGAMENTO POS BAR')];
    const r = report([source('a', OWN, a), source('b', OTHER_OWN, b)]);
    const moved = r.categories.find((c) => c.category === 'internal');
    expect(moved).toBeDefined();
    expect(r.metrics.income.total).toBeCloseTo(11121, 2);
    // the same transfer to somebody else's IBAN is not internal
    const other = categoriseTransactions([tx('2026-04-10', -1500, 'BONIFICO ISTANTANEO RIF 88812', null, EMPLOYER_IBAN)], 'it', { ownIbans: [OWN, OTHER_OWN] });
    expect(other[0]?.category).not.toBe('internal');
    const own = categoriseTransactions([tx('2026-04-10', -1500, 'BONIFICO ISTANTANEO RIF 88812', null, OTHER_OWN)], 'it', { ownIbans: [OWN, OTHER_OWN] });
    expect(own[0]).toMatchObject({ category: 'internal', rule_id: 'common.own_account_iban' });
  });
});

describe("the holder's own name", () => {
  const pay = (counterparty: string, words = 'SEPA-UEBERWEISUNG EREF 4711') => [tx('2026-03-10', -900, words, counterparty)];
  const holderNames = ['Steuerkanzlei Richter GmbH'];
  it('a company of the same name but another legal form is another company, not an own transfer', () => {
    expect(categoriseTransactions(pay('Steuerkanzlei Richter OHG'), 'de', { holderNames })[0]).toMatchObject({ category: 'other_transfer' });
    expect(categoriseTransactions(pay('STEUERKANZLEI RICHTER UG (HAFTUNGSBESCHRÄNKT)'), 'de', { holderNames })[0]?.category).not.toBe('internal');
  });
  it('the same name with the same legal form, however spelt, or with none, is the holder', () => {
    for (const cp of ['STEUERKANZLEI RICHTER GMBH', 'Steuerkanzlei Richter mbH', 'Steuerkanzlei Richter']) {
      expect(categoriseTransactions(pay(cp), 'de', { holderNames })[0], cp).toMatchObject({ category: 'internal', rule_id: 'common.own_name' });
    }
    expect(categoriseTransactions(pay('ROSSI MARIO', 'BONIFICO SEPA CRO 4711'), 'it', { holderNames: ['Mario Rossi'] })[0]).toMatchObject({ category: 'internal' });
    expect(categoriseTransactions(pay('Edilnord S.R.L.', 'BONIFICO SEPA CRO 4711'), 'it', { holderNames: ['Edilnord Srl'] })[0]).toMatchObject({ category: 'internal' });
  });
});
