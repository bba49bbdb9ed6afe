import { describe, expect, it } from 'vitest';
import type { RiskTransaction } from '../types.ts';
import { categoriseOne, categoriseTransactions, normaliseCounterparty, ALL_CATEGORIES, CATEGORISER_VERSION } from './index.ts';
import { LABELLED } from './labelled.fixture.ts';

function txn(amount: number, description: string, counterparty: string | null = null, date = '2026-01-15', codes: RiskTransaction['codes'] = null): RiskTransaction {
  return { date, valueDate: null, amountMinor: Math.round(amount * 100), currency: 'EUR', description, counterparty, balanceMinor: null, codes };
}

describe('categoriser accuracy on the labelled set', () => {
  it('covers ≥150 lines and is ≥90% accurate in each market', () => {
    expect(LABELLED.length).toBeGreaterThanOrEqual(150);
    const misses: string[] = [];
    const perMarket = { it: { n: 0, ok: 0, covered: 0 }, de: { n: 0, ok: 0, covered: 0 } };
    for (const [market, amount, desc, cp, expected, codes] of LABELLED) {
      expect(ALL_CATEGORIES).toContain(expected);
      const r = categoriseOne(txn(amount, desc, cp, '2026-01-15', codes ?? null), market);
      const m = perMarket[market];
      m.n++;
      if (!r.rule_id.startsWith('fallback.')) m.covered++;
      if (r.category === expected) m.ok++;
      else misses.push(`${market} ${desc} → ${r.category} (${r.rule_id}), expected ${expected}`);
    }
    const total = perMarket.it.n + perMarket.de.n;
    const ok = perMarket.it.ok + perMarket.de.ok;
    const covered = perMarket.it.covered + perMarket.de.covered;
    console.log(
      `categoriser ${CATEGORISER_VERSION}: n=${total} accuracy=${((100 * ok) / total).toFixed(1)}% coverage=${((100 * covered) / total).toFixed(1)}% ` +
        `(it ${perMarket.it.ok}/${perMarket.it.n}, de ${perMarket.de.ok}/${perMarket.de.n})\n  misses:\n  ${misses.join('\n  ')}`,
    );
    expect(ok / total).toBeGreaterThanOrEqual(0.9);
    expect(perMarket.it.ok / perMarket.it.n).toBeGreaterThanOrEqual(0.9);
    expect(perMarket.de.ok / perMarket.de.n).toBeGreaterThanOrEqual(0.9);
  });
});

describe('rules', () => {
  it('a returned debit wins over what it reverses, and codes beat generic text', () => {
    expect(categoriseOne(txn(50, 'RUECKLASTSCHRIFT MIETE'), 'de').category).toBe('returned_debit');
    expect(categoriseOne(txn(-50, 'SEPA-LASTSCHRIFT', 'X', '2026-01-01', { gvc: '005' }), 'de')).toEqual({
      category: 'other_expense', group: 'expenses', rule_id: 'code.gvc.debit', rule_trace: ['code.gvc.debit'],
    });
    expect(categoriseOne(txn(-50, 'SEPA-LASTSCHRIFT Miete', null, '2026-01-01', { gvc: '005' }), 'de').category).toBe('rent');
    expect(categoriseOne(txn(10, 'unknown'), 'it').rule_id).toBe('fallback.credit');
  });
});

describe('counterparty normalisation', () => {
  it.each([
    ['ENEL ENERGIA S.P.A.', 'ENEL ENERGIA'],
    ['Autohaus Meyer GmbH & Co. KG', 'AUTOHAUS MEYER'],
    ['PAGAMENTO POS ESSELUNGA MILANO CARTA ****1234 DEL 03/04 ORE 18.22', 'ESSELUNGA MILANO'],
    ['Bäckerei Schmidt e.K.', 'BAECKEREI SCHMIDT'],
    ['ADDEBITO SDD FINDOMESTIC BANCA SPA MANDATO AB12345', 'FINDOMESTIC BANCA'],
    ['KARTENZAHLUNG REWE Markt GmbH Koeln 2026-04-03', 'REWE MARKT KOELN'],
  ])('%s → %s', (raw, expected) => {
    expect(normaliseCounterparty(raw)).toBe(expected);
  });
});

describe('batch categorisation', () => {
  it('labels a large monthly credit without cues as salary by recurrence', () => {
    const txns = ['2026-01-27', '2026-02-26', '2026-03-27', '2026-04-27'].map((d, i) =>
      txn(1800 + i * 20, 'BONIFICO A VOSTRO FAVORE', 'ALFA SISTEMI SRL', d),
    );
    const out = categoriseTransactions(txns, 'it');
    expect(out.map((t) => t.category)).toEqual(['salary', 'salary', 'salary', 'salary']);
    expect(out[0]?.rule_id).toBe('recurrence.salary');
    // commercial: a regular payer is a customer, its payments revenue
    expect(categoriseTransactions(txns, 'it', { salaryByRecurrence: false })[0]?.category).toBe('business_revenue');
  });

  it('a transfer to the holder themself is internal', () => {
    const out = categoriseTransactions([txn(-300, 'BONIFICO A FAVORE DI', 'Rossi Mario')], 'it', { holderNames: ['Dott. Mario Rossi'] });
    expect(out[0]?.category).toBe('internal');
  });
});

describe('vocabulary real banks and lenders print (issue 21)', () => {
  it.each([
    ['de', -289, 'SANTANDER CONSUMER BANK RATE KREDIT', null, 'loan_installment'],
    ['de', -149, 'SEPA-LASTSCHRIFT Creditplus Bank AG Darlehensvertrag 4711', null, 'loan_installment'],
    ['de', -99, 'LASTSCHRIFT TARGOBANK Rate 12/48', null, 'loan_installment'],
    ['de', -210, 'Kredit Nr 55 Rate', 'Volkswagen Bank GmbH', 'loan_installment'],
    ['it', -130, 'ADDEBITO SDD COMPASS BANCA SPA RATA', null, 'loan_installment'],
    ['it', -95, 'ADDEBITO RATA 7 DI 36', 'COFIDIS', 'loan_installment'],
    ['de', -120, 'LOAN INSTALMENT', null, 'loan_installment'],
    ['de', -200, 'CASH WITHDRAWAL', null, 'cash_withdrawal'],
    ['de', 300, 'CASH DEPOSIT', null, 'cash_deposit'],
    ['it', 300, 'VERSAMENTO CONTANTI SPORTELLO', null, 'cash_deposit'],
    ['de', 400, 'Bareinzahlung Filiale', null, 'cash_deposit'],
    ['de', -1.2, 'ACCOUNT STATEMENT FEE', null, 'fees'],
    ['de', -3.1, 'PENALTY INTEREST NEGATIVE BALANCE', null, 'overdraft_interest'],
    ['it', 2.4, 'INTEREST CREDITED', null, 'other_income'],
    ['de', -180, 'HOUSEHOLD PAYMENT TRANSFER TO ACCOUNT QR 12345678', null, 'rent'],
    ['de', 420, 'PENSION', null, 'pension'],
    ['it', -30, 'INSURANCE PREMIUM TRANSFER TO ACCOUNT AB 87654321', null, 'insurance'],
    ['de', 50, 'RETURNED DIRECT DEBIT', null, 'returned_debit'],
    ['it', -20, 'PAYMENT PADDY POWER BETTING', null, 'gambling'],
  ] as const)('%s %s %s → %s', (market, amount, desc, cp, expected) => {
    expect(categoriseOne(txn(amount, desc, cp), market).category).toBe(expected);
  });
  it('a credit-card issuer is not mistaken for a lender, nor a credit card for a loan', () => {
    expect(categoriseOne(txn(-300, 'KREDITKARTENABRECHNUNG ADVANZIA BANK'), 'de').category).toBe('credit_card');
    expect(categoriseOne(txn(-25, 'UEBERWEISUNG an Anna Rentenberg'), 'de').category).not.toBe('loan_installment');
  });
  it('every transaction carries a rule trace naming the rule and the text it matched', () => {
    const [t] = categoriseTransactions([txn(-289, 'SANTANDER CONSUMER BANK RATE KREDIT')], 'de');
    expect(t?.rule_trace[0]).toMatch(/^(de\.loan|common\.lender):(SANTANDER CONSUMER|KREDIT|RATE)$/);
  });
});

describe('income from a regular payer (issue 21)', () => {
  const months = ['1995-01-10', '1995-02-10', '1995-03-10', '1995-04-10', '1995-05-10'];
  it('monthly transfers from one account are income, the main one salary, whatever the amount', () => {
    const txns = [
      ...months.map((d, i) => txn(380 + i, `TRANSFER FROM ACCOUNT GH 1234${5678 + 0}`, null, d)),
      ...months.map((d) => txn(60, 'TRANSFER FROM ACCOUNT ST 99887766', null, addDaysIso(d, 5))),
    ];
    const out = categoriseTransactions(txns, 'de');
    expect(out.slice(0, 5).every((t) => t.category === 'salary')).toBe(true);
    expect(out[0]?.rule_trace).toEqual(['en.transfer:TRANSFER', 'recurrence.regular_payer', 'recurrence.salary']);
    expect(out.slice(5).every((t) => t.category === 'other_income' && t.rule_id === 'recurrence.regular_payer')).toBe(true);
  });
  it('two payers at the same bank are two payers (the account number is part of the key)', () => {
    const txns = months.flatMap((d, i) => [
      txn(100 + 200 * (i % 2), 'TRANSFER FROM ACCOUNT GH 11111111', null, d),
      txn(300 - 200 * (i % 2), 'TRANSFER FROM ACCOUNT GH 22222222', null, d),
    ]);
    const keys = new Set(categoriseTransactions(txns, 'de').map((t) => t.counterparty_normalised));
    expect(keys.size).toBe(2);
  });
  it('irregular cash deposits are never taken for salary', () => {
    const txns = months.map((d, i) => txn(900 + 3 * i, 'CASH DEPOSIT', null, d));
    expect(categoriseTransactions(txns, 'de').every((t) => t.category === 'cash_deposit')).toBe(true);
  });
});

function addDaysIso(d: string, n: number): string {
  return new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

describe('who the other party is (issue 21: a self-employed applicant’s net income)', () => {
  it('own-transfer wording from or to a third-party company is business with that company; from the holder or a bank it stays own money', () => {
    const out = categoriseTransactions(
      [
        txn(4602.16, 'BONIFICO ISTANTANEO A VOSTRO FAVORE ORD: TECNOMECCANICA SRLS GIROCONTO CRO 92792328849'),
        txn(-1200, 'BONIFICO A FAVORE DI BEN: EDILNORD S.N.C. GIROCONTO IBAN BEN. IT07C6676567698100080727309'),
        txn(3000, 'BONIFICO A VOSTRO FAVORE ORD: FERRAMENTA COLOMBO S.R.L. GIROCONTO CRO 1'),
        txn(800, 'GIROCONTO DA CONTO DEPOSITO', 'BANCA SELLA SPA'),
      ],
      'it',
      { holderNames: ['Ferramenta Colombo S.r.l.'] },
    );
    expect(out.map((t) => t.category)).toEqual(['other_transfer', 'other_transfer', 'internal', 'internal']);
    expect(out[0]?.rule_trace).toEqual(['it.internal:GIROCONTO', 'common.third_party_organisation']);
    expect(categoriseTransactions([txn(500, 'UMBUCHUNG vom Tagesgeldkonto', 'ING-DiBa AG')], 'de')[0]?.category).toBe('internal');
  });

  it('loan words on a one-off transfer to somebody who is not a lender are not an instalment on credit', () => {
    const out = categoriseTransactions(
      [
        txn(-4197.17, 'BONIFICO SEPA TRASPORTI GRECO S.R.L. RESTITUZIONE PRESTITO IBAN BEN. IT07I7133612768100045549695'),
        txn(-233.14, 'BONIFICO A FAVORE DI BEN: RINALDI PAOLO RESTITUZIONE PRESTITO IBAN BEN. IT46H1024780417100004776926'),
        txn(-310, 'ADDEBITO SDD CORE SANTANDER CONSUMER BANK PRESTITO 40948395 RATA NOVEMBRE 2025 MANDATO EQKBIH2Q3BXQ'),
        txn(-180, 'BONIFICO A FAVORE DI FINDOMESTIC BANCA SPA RATA PRESTITO 12'),
        txn(-150, 'ADDEBITO DIRETTO RATA FINANZIAMENTO 497445064 MANDATO 5A1X0G0IPFVA'),
      ],
      'it',
    );
    expect(out.map((t) => t.category)).toEqual(['other_transfer', 'other_transfer', 'loan_installment', 'loan_installment', 'loan_installment']);
    expect(out[0]?.rule_trace).toEqual(['it.loan:PRESTITO', 'common.loan_words_to_non_lender']);
    const de = categoriseTransactions(
      [txn(-900, 'Überweisung an Max Müller Darlehen zurück'), txn(-120, 'SEPA-Lastschrift Kredit 4711 Rate 5'), txn(-250, 'Dauerauftrag Rate Darlehen Vater')],
      'de',
    );
    expect(de.map((t) => t.category)).toEqual(['other_transfer', 'loan_installment', 'loan_installment']);
  });

  it('the same loan-worded transfer to one payee every month is an instalment after all (recurrence)', () => {
    const txns = ['2026-01-05', '2026-02-05', '2026-03-05', '2026-04-06'].map((d) => txn(-250, 'BONIFICO A FAVORE DI ROSSI LUCA RATA PRESTITO', null, d));
    const out = categoriseTransactions(txns, 'it');
    expect(out.every((t) => t.category === 'loan_installment' && t.rule_id === 'recurrence.instalment')).toBe(true);
  });

  it('"Gutschr." is a credit transfer; social contributions (INPS, Rentenversicherung) are paid like taxes; the account closing is not an invoice', () => {
    expect(categoriseOne(txn(120, 'Gutschr. SEPA Andreas Huber Geschenk EREF: 294QDDB3XQUUCYR0'), 'de').category).toBe('other_transfer');
    expect(categoriseOne(txn(-780, 'PAGAMENTO CONTRIBUTI INPS GESTIONE SEPARATA'), 'it').category).toBe('taxes');
    expect(categoriseOne(txn(-610, 'SEPA-Lastschrift Deutsche Rentenversicherung Bund Beitrag'), 'de').category).toBe('taxes');
    expect(categoriseOne(txn(2.1, 'Abschluss Rechnungsabschluss 30.06.2025'), 'de').category).toBe('other_income');
    // the tax adviser's invoice is a business cost, not a tax
    expect(categoriseOne(txn(-450, 'Online-Überweisung Steuerkanzlei Richter UG (haftungsbeschränkt) RE 4711'), 'de').category).not.toBe('taxes');
    expect(categoriseOne(txn(-450, 'Überweisung Finanzamt Steuernummer 123/456'), 'de').category).toBe('taxes');
    // a pension paid by INPS is still a pension
    expect(categoriseOne(txn(1400, 'ACCREDITO PENSIONE INPS'), 'it').category).toBe('pension');
  });
});

describe('a regular payer whatever the amount (issue 21: one-payer transfers missed as income)', () => {
  it('a month paid one and a half times is neither a gap in the payer’s rhythm nor left out of income', () => {
    // as on Berka account 6863: 508.40 a month, 762.60 in June
    const amounts = [508.4, 508.4, 508.4, 762.6, 508.4];
    const txns = amounts.map((a, i) => txn(a, 'TRANSFER FROM ACCOUNT GH 78292494', null, `1993-0${i + 3}-07`));
    txns.push(txn(40, 'CASH DEPOSIT', null, '1993-05-20'), txn(55, 'CASH DEPOSIT', null, '1993-07-21'));
    const out = categoriseTransactions(txns, 'de');
    expect(out.slice(0, 5).map((t) => t.category)).toEqual(['salary', 'salary', 'salary', 'salary', 'salary']);
    expect(out[3]?.rule_trace).toEqual(['en.transfer:TRANSFER', 'recurrence.regular_payer', 'recurrence.salary']);
    expect(out.slice(5).every((t) => t.category === 'cash_deposit')).toBe(true);
  });
  it('a payer seen now and then, not monthly, stays a transfer', () => {
    const txns = ['1993-01-07', '1993-01-19', '1993-04-02', '1993-08-30'].map((d, i) => txn(100 + 90 * i, 'TRANSFER FROM ACCOUNT GH 78292494', null, d));
    expect(categoriseTransactions(txns, 'de').every((t) => t.category === 'other_transfer')).toBe(true);
  });
});

describe('every language’s words in every market (issue 21: an account is worded by its bank, not by the applicant’s market)', () => {
  // an Italian applicant's German account, a German applicant's Italian one, and English exports, read under both markets
  const lines: [number, string, string][] = [
    [-200, 'Bargeldauszahlung GAA Sparkasse Köln 12.03.2026 Karte 1', 'cash_withdrawal'],
    [-100, 'GELDAUTOMAT Deutsche Bank Berlin', 'cash_withdrawal'],
    [500, 'Bareinzahlung Filiale München', 'cash_deposit'],
    [-250, 'PRELIEVO BANCOMAT SPORTELLO 1234 MILANO', 'cash_withdrawal'],
    [300, 'VERSAMENTO CONTANTI SPORTELLO', 'cash_deposit'],
    [-80, 'CASH WITHDRAWAL PRAGUE', 'cash_withdrawal'],
    [400, 'CASH DEPOSIT BRANCH', 'cash_deposit'],
    [-9.9, 'Kontoführungsentgelt 03/2026', 'fees'],
    [-12.4, 'Sollzinsen 01.01.2026-31.03.2026', 'overdraft_interest'],
    [-45, 'Rücklastschrift Vodafone GmbH mangels Deckung', 'returned_debit'],
    [-210, 'Lastschrift Creditplus Bank AG Kreditrate 7 von 48', 'loan_installment'],
    [-15, 'COMMISSIONE CANONE MENSILE CONTO', 'fees'],
    [-18, 'INTERESSI PASSIVI SCOPERTO DI CONTO', 'overdraft_interest'],
    [1900, 'Gehalt 03/2026 Müller GmbH', 'salary'],
    [1700, 'BONIFICO A VOSTRO FAVORE STIPENDIO MARZO', 'salary'],
    [-54.3, 'Kartenzahlung REWE Markt GmbH Köln', 'groceries'],
    [-48.2, 'PAGAMENTO POS ESSELUNGA MILANO', 'groceries'],
  ];
  it.each(['it', 'de'] as const)('under market %s each line gets its category', (market) => {
    const got = lines.map(([eur, d]) => categoriseOne(txn(eur, d), market).category);
    expect(got).toEqual(lines.map(([, , c]) => c));
  });

  it('the other language’s brand names do not override the market’s own transfer words (they are names and words there)', () => {
    // "TIM" is an Italian telecom and a German first name, "NORMA" a German discounter and an Italian first name
    expect(categoriseOne(txn(-50, 'SEPA-Überweisung an Tim Schulz Geburtstag'), 'de').category).toBe('other_transfer');
    expect(categoriseOne(txn(-50, 'BONIFICO A FAVORE DI NORMA BIANCHI REGALO'), 'it').category).toBe('other_transfer');
    // with no word of the market's own, the other language's brand decides
    expect(categoriseOne(txn(-30, 'ADDEBITO SDD TIM S.P.A. FATTURA 8Y0012'), 'de').category).toBe('telecom');
  });

  it('a report for an Italian applicant counts the cash withdrawn from a German account', () => {
    const txns = Array.from({ length: 6 }, (_, m) => [
      txn(2000, 'Gehalt Müller GmbH', null, `2026-0${m + 1}-01`),
      txn(-300, 'Bargeldauszahlung GAA Sparkasse', null, `2026-0${m + 1}-10`),
      txn(200, 'Bareinzahlung Filiale', null, `2026-0${m + 1}-20`),
    ]).flat();
    const it_ = categoriseTransactions(txns, 'it').map((t) => t.category);
    expect(it_).toEqual(categoriseTransactions(txns, 'de').map((t) => t.category));
    expect(it_.filter((c) => c === 'cash_withdrawal')).toHaveLength(6);
    expect(it_.filter((c) => c === 'cash_deposit')).toHaveLength(6);
  });

  it('the labelled lines of one market get the same category under the other', () => {
    const differ = LABELLED.filter(([market, amount, desc, cp, , codes]) => {
      const t = txn(amount, desc, cp, '2026-01-15', codes ?? null);
      return categoriseOne(t, market).category !== categoriseOne(t, market === 'it' ? 'de' : 'it').category;
    }).map(([m, , d]) => `${m} ${d}`);
    expect(differ).toEqual([]);
  });
});
