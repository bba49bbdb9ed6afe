/**
 * The extractor on the positioned-word model directly (no pdf.js): this is what
 * an OCR pipeline will feed, with jittered baselines and per-word confidence.
 */
import { describe, expect, it } from 'vitest';
import { apiView } from './api.ts';
import { balanceChecks, conformedBy, conformedConfidence } from './conformity.ts';
import { assertReadable, extractStatement } from './pages.ts';
import type { StatementExtraction } from './pages.ts';
import type { PositionedWord, WordPage } from '../layout/model.ts';

function words(text: string, x: number, y: number, size = 8, confidence?: number): PositionedWord[] {
  const out: PositionedWord[] = [];
  let cx = x;
  for (const t of text.split(' ')) {
    const w = t.length * size * 0.5;
    out.push({
      text: t,
      x0: cx,
      x1: cx + w,
      y0: y,
      y1: y + size,
      ...(confidence !== undefined ? { confidence } : {}),
    });
    cx += w + size * 0.28;
  }
  return out;
}

function right(text: string, rightEdge: number, y: number): PositionedWord[] {
  return words(text, rightEdge - text.length * 4 - (text.split(' ').length - 1) * 2.24, y);
}

function page(): WordPage {
  const ws: PositionedWord[] = [
    ...words('Banca Esempio SpA', 40, 40, 12),
    ...words('ESTRATTO CONTO', 40, 100, 10),
    ...words('Periodo dal 01/03/2026 al 31/03/2026', 40, 115),
    ...words('Intestatario: MARIO ROSSI', 40, 128),
    ...words('IBAN IT60 X054 2811 1010 0000 0123 456', 40, 141),
    ...words('Data', 40, 180),
    ...words('Valuta', 100, 180),
    ...words('Descrizione', 160, 180),
    ...right('Dare', 450, 180),
    ...right('Avere', 540, 180),
    ...words('SALDO INIZIALE', 160, 195),
    ...right('1.000,00', 540, 195.6),
    ...words('02/03/2026', 40, 208),
    ...words('02/03/2026', 100, 208.7),
    ...words('PAGAMENTO POS SUPERMERCATO', 160, 208),
    ...words('CARTA 1234', 160, 217),
    ...right('45,10', 450, 207.4),
    ...words('05/03/2026', 40, 230),
    ...words('06/03/2026', 100, 230),
    ...words('BONIFICO A VOSTRO FAVORE', 160, 230.5),
    ...right('1.500,00', 540, 229.6),
    ...words('SALDO FINALE', 160, 250),
    ...right('2.454,90', 540, 250),
    ...words('Pagina 1 di 1', 480, 800),
  ];
  return { page: 1, width: 595, height: 842, words: ws };
}

describe('extractStatement on positioned words', () => {
  it('reads header fields, rows with multi-line descriptions and a reconciled chain', () => {
    const x = extractStatement([page()]);
    expect(apiView(x).fields['iban']?.value).toBe('IT60X0542811101000000123456');
    expect(apiView(x).fields['account_holder']?.value).toBe('MARIO ROSSI');
    expect(apiView(x).fields['opening_balance']?.value).toBe(1000);
    expect(apiView(x).fields['closing_balance']?.value).toBe(2454.9);
    expect(apiView(x).fields['currency_code']?.value).toBe('EUR');
    expect(apiView(x).transactions.map((t) => [t.date, t.value_date, t.amount, t.description])).toEqual([
      ['2026-03-02', '2026-03-02', -45.1, 'PAGAMENTO POS SUPERMERCATO CARTA 1234'],
      ['2026-03-05', '2026-03-06', 1500, 'BONIFICO A VOSTRO FAVORE'],
    ]);
    expect(x.checks.find((c) => c.check === 'balance_chain')?.passed).toBe(true);
    const src = apiView(x).fields['iban']?.source;
    expect(src?.page).toBe(1);
    expect(src?.bbox?.[0]).toBeGreaterThan(40);
  });

  it('lowers confidence when OCR words are uncertain', () => {
    const p = page();
    p.words = p.words.map((w) => ({ ...w, confidence: 0.4 }));
    expect(extractStatement([p]).quality.lowConfidenceWords).toBe(true);
  });
});

describe('header labels glued together by the PDF producer', () => {
  it('splits "BuchungstagWert" into two columns', () => {
    const p = page();
    p.words = p.words.filter((w) => w.text !== 'Data' && w.text !== 'Valuta');
    p.words.push({ text: 'BuchungstagWert', x0: 40, x1: 120, y0: 180, y1: 188 });
    const x = extractStatement([p]);
    expect(apiView(x).transactions.map((t) => [t.date, t.value_date])).toEqual([
      ['2026-03-02', '2026-03-02'],
      ['2026-03-05', '2026-03-06'],
    ]);
  });
});

describe('honest results', () => {
  const base = { ibanValue: 'IT60X0542811101000000123456', statement: { transactions: [] } as unknown as StatementExtraction['statement'] };
  const q = (tableSeen: boolean) => ({ reconciled: null, missingHeader: 0, txCount: 0, lowConfidenceWords: false, tableSeen });

  it('a printed table of bookings that yields none is a parse error, not an empty statement', () => {
    expect(() => assertReadable({ ...base, quality: q(true) }, 'PDF')).toThrow(expect.objectContaining({ code: 'no_transactions_extracted' }));
    expect(() => assertReadable({ ...base, quality: q(false) }, 'PDF')).not.toThrow();
    expect(() => assertReadable({ ...base, ibanValue: null, quality: q(false) }, 'PDF')).toThrow(expect.objectContaining({ code: 'no_statement_found' }));
  });

  it('sees bookings on lines with a date and an amount, but not in balance lines or a heading alone', () => {
    const p = page();
    expect(extractStatement([p]).quality.tableSeen).toBe(true);
    const headingOnly: WordPage = { ...p, words: p.words.filter((w) => w.y0 < 200 || w.y0 > 700 || /SALDO|INIZIALE|FINALE|1\.000|2\.454/.test(w.text)) };
    const x = extractStatement([headingOnly]);
    expect(apiView(x).transactions).toHaveLength(0);
    expect(x.quality.tableSeen).toBe(false);
  });

  it('is conformed unless a check failed; an empty list is not a pass; no printed balance is a check that could not run', () => {
    expect(conformedBy([{ check: 'balance_chain', passed: true, message: '' }])).toBe(true);
    expect(conformedBy([{ check: 'pdf_producer', passed: true, message: '' }, { check: 'balance_evidence', passed: null, message: '' }])).toBe(true);
    expect(conformedBy([{ check: 'balance_chain', passed: false, message: '' }, { check: 'pdf_producer', passed: true, message: '' }])).toBe(false);
    expect(conformedBy([])).toBe(false);
    expect(conformedConfidence([{ check: 'balance_chain', passed: true, message: '' }, { check: 'running_balance', passed: true, message: '' }])).toBeGreaterThan(0.9);
    expect(conformedConfidence([{ check: 'balance_evidence', passed: null, message: '' }])).toBeLessThanOrEqual(0.5);
    const p = page();
    p.words = p.words.filter((w) => !/SALDO|INIZIALE|FINALE|1\.000,00|2\.454,90/.test(w.text));
    const checks = extractStatement([p]).checks;
    expect(checks.map((c) => [c.check, c.passed])).toEqual([['balance_evidence', null]]);
  });
});

describe('printed totals', () => {
  it('one total of a kind is checked against the transactions; per-page totals are not taken for the whole', () => {
    const txs = [
      { amountCents: -1000, balanceCents: null, page: 1 },
      { amountCents: -500, balanceCents: null, page: 2 },
    ];
    const one = balanceChecks({ txs, opening: null, closing: null, carries: [], totals: [{ kind: 'debit', cents: 1500, page: 2 }] });
    expect(one.map((c) => [c.check, c.passed])).toEqual([['totals_debit', true]]);
    const perPage = balanceChecks({
      txs,
      opening: null,
      closing: null,
      carries: [],
      totals: [
        { kind: 'debit', cents: 1000, page: 1 },
        { kind: 'debit', cents: 500, page: 2 },
      ],
    });
    expect(perPage.some((c) => c.check === 'totals_debit')).toBe(false);
  });
});

describe('labelled balances against the table rows they stand on', () => {
  const base = (rows: PositionedWord[][]): WordPage => ({
    page: 1,
    width: 595,
    height: 842,
    words: [...words('Banca Esempio SpA', 40, 40, 12), ...words('ESTRATTO CONTO', 40, 100, 10), ...words('IBAN IT60 X054 2811 1010 0000 0123 456', 40, 141), ...rows.flat()],
  });

  it('a dated "SALDO AL" printed after the first day\'s bookings is a balance of that day, not the opening', () => {
    const p = base([
      [...words('04-06-2024', 40, 200), ...right('(308,61)', 200, 200), ...words('DISPOSIZIONE BONIFICO', 220, 200)],
      [...words('04-06-2024', 40, 212), ...right('(159,95)', 200, 212), ...words('ACQUISTO INTERNET', 220, 212)],
      [...right('3.487,05', 200, 224), ...words('SALDO AL 04-06-2024', 220, 224)],
      [...words('05-06-2024', 40, 236), ...right('1.500,00', 200, 236), ...words('STIPENDIO', 220, 236)],
      [...right('4.987,05', 200, 248), ...words('SALDO AL 05-06-2024', 220, 248)],
      [...words('06-06-2024', 40, 260), ...right('(87,05)', 200, 260), ...words('POS BAR', 220, 260)],
      [...right('4.900,00', 200, 272), ...words('SALDO AL 06-06-2024', 220, 272)],
    ]);
    const x = extractStatement([p]);
    expect(apiView(x).fields['opening_balance']?.value).toBeNull();
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([-308.61, -159.95, 1500, -87.05]);
    expect(x.checks.filter((c) => c.passed === false)).toEqual([]);
  });

  it('newest first, the balance of the oldest day under its bookings is not the opening', () => {
    const p = base([
      [...words('2026-02-09', 40, 200), ...words('Kartenzahlung', 150, 200), ...right('75.07', 470, 200)],
      [...words('Kontostand am 2026-02-09', 150, 212), ...right('1\'863.69', 540, 212)],
      [...words('2026-02-06', 40, 224), ...words('Gutschrift', 150, 224), ...right('1\'000.00', 540, 224)],
      [...words('Kontostand am 2026-02-06', 150, 236), ...right('1\'938.76', 540, 236)],
      [...words('2026-02-02', 40, 248), ...words('SEPA-Lastschrift', 150, 248), ...right('75.97', 470, 248)],
      [...words('Kontostand am 2026-02-02', 150, 260), ...right('938.76', 540, 260)],
    ]);
    const x = extractStatement([p]);
    expect(apiView(x).fields['opening_balance']?.value).toBeNull();
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([-75.07, 1000, -75.97]);
    expect(x.checks.filter((c) => c.passed === false)).toEqual([]);
  });

  it('newest first, a dated opening in a box above every booking stays the opening (the oldest day\'s bookings are printed last)', () => {
    const p = base([
      [...words('Kontostand am 2026-02-02', 150, 160), ...right('1\'014.73', 540, 160)],
      [...words('Neuer Kontostand', 150, 172), ...right('1\'863.69', 540, 172)],
      [...words('2026-02-09', 40, 200), ...words('Kartenzahlung', 150, 200), ...right('75.07', 470, 200)],
      [...words('Kontostand am 2026-02-09', 150, 212), ...right('1\'863.69', 540, 212)],
      [...words('2026-02-06', 40, 224), ...words('Gutschrift', 150, 224), ...right('1\'000.00', 540, 224)],
      [...words('Kontostand am 2026-02-06', 150, 236), ...right('1\'938.76', 540, 236)],
      [...words('2026-02-02', 40, 248), ...words('SEPA-Lastschrift', 150, 248), ...right('75.97', 470, 248)],
      [...words('Kontostand am 2026-02-02', 150, 260), ...right('938.76', 540, 260)],
    ]);
    const x = extractStatement([p]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([-75.07, 1000, -75.97]);
    expect([apiView(x).fields['opening_balance']?.value, apiView(x).fields['closing_balance']?.value]).toEqual([1014.73, 1863.69]);
    expect(x.checks.filter((c) => c.passed === false)).toEqual([]);
  });

  it('a labelled closing read unsigned takes the sign of the same figure in the table\'s debit column', () => {
    // (the column headings are printed on the first page only: the second page's figures have no heading above them)
    const p = base([
      [...words('DATE', 40, 185), ...words('DETAILS', 150, 185), ...words('PAID OUT', 440, 185), ...words('PAID IN', 510, 185)],
      [...words('START BALANCE', 150, 200), ...right('684.95', 470, 200)],
      [...words('01/04/2024', 40, 212), ...words('CREDIT EMMA CLARKE', 150, 212), ...right('362.13', 540, 212)],
      [...words('Balance on 01/04/2024', 150, 224), ...right('322.82', 470, 224)],
    ]);
    const p2: WordPage = {
      page: 2,
      width: 595,
      height: 842,
      words: [
        ...words('02/04/2024', 40, 100), ...words('CARD PAYMENT TESCO', 150, 100), ...right('109.57', 470, 100),
        ...words('Balance on 02/04/2024', 150, 112), ...right('432.39', 470, 112),
        ...words('BALANCE CARRIED FORWARD', 150, 124), ...right('432.39', 470, 124),
      ],
    };
    const x = extractStatement([p, p2]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([362.13, -109.57]);
    expect(apiView(x).fields['closing_balance']?.value).toBe(-432.39);
  });

  it('an unsigned opening and closing in a summary box under the debit column take the sign the running balances give them', () => {
    const p = base([
      [...words('DATE', 40, 185), ...words('DETAILS', 150, 185), ...right('DEBITS', 400, 185), ...right('CREDITS', 470, 185), ...right('BALANCE', 540, 185)],
      [...words('02/03/2026', 40, 200), ...words('ONLINE CARD PAYMENT', 150, 200), ...right('123.29', 400, 200), ...right('-91.62', 540, 200)],
      [...words('02/03/2026', 40, 212), ...words('ONLINE PAYMENT RENT SHARE', 150, 212), ...right('27.56', 400, 212), ...right('-119.18', 540, 212)],
      [...words('05/03/2026', 40, 224), ...words('SALARY ACME LTD', 150, 224), ...right('1,500.00', 470, 224), ...right('1,380.82', 540, 224)],
      [...words('ACCOUNT SUMMARY', 40, 260)],
      [...words('Previous balance', 40, 274), ...right('31.67', 400, 274)],
      [...words('Closing balance', 40, 286), ...right('1,380.82', 400, 286)],
    ]);
    const x = extractStatement([p]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([-123.29, -27.56, 1500]);
    expect([apiView(x).fields['opening_balance']?.value, apiView(x).fields['closing_balance']?.value]).toEqual([31.67, 1380.82]);
    expect(x.checks.filter((c) => c.passed === false)).toEqual([]);
  });

  it('without running balances, the balances carried between pages sign an unsigned opening and closing in a box under the debit column', () => {
    const head = [...words('DATUM', 40, 185), ...words('TEXT', 150, 185), ...right('BELASTUNG', 400, 185), ...right('GUTSCHRIFT', 470, 185)];
    const p1 = base([
      [...words('ZUSAMMENFASSUNG', 40, 150)],
      [...words('Saldo alt', 40, 162), ...right('5.988,70', 400, 162)],
      [...words('Endsaldo', 40, 174), ...right('6.200,00', 400, 174)],
      head,
      [...words('01.01.2026', 40, 200), ...words('GEHALT ACME GMBH', 150, 200), ...right('759,48', 470, 200)],
      [...words('02.01.2026', 40, 212), ...words('MIETE KLAUS WEISS', 150, 212), ...right('850,00', 400, 212)],
      [...words('Übertrag', 150, 230), ...right('5.898,18', 470, 230)],
    ]);
    const p2: WordPage = {
      page: 2,
      width: 595,
      height: 842,
      words: [
        ...head.map((w) => ({ ...w, y0: w.y0 - 85, y1: w.y1 - 85 })),
        ...words('Übertrag', 150, 112), ...right('5.898,18', 470, 112),
        ...words('05.01.2026', 40, 124), ...words('KARTENZAHLUNG MEDIAMARKT', 150, 124), ...right('47,78', 400, 124),
        ...words('06.01.2026', 40, 136), ...words('GUTSCHRIFT ERSTATTUNG', 150, 136), ...right('349,60', 470, 136),
      ],
    };
    const x = extractStatement([p1, p2]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([759.48, -850, -47.78, 349.6]);
    expect([apiView(x).fields['opening_balance']?.value, apiView(x).fields['closing_balance']?.value]).toEqual([5988.7, 6200]);
    expect(x.checks.filter((c) => c.passed === false)).toEqual([]);
  });

  it('newest first, boxes above and under the table that both print the opening and closing are not balances between bookings', () => {
    const p = base([
      [...words('DATE', 40, 185), ...words('DETAILS', 150, 185), ...right('AMOUNT', 470, 185), ...right('BALANCE', 540, 185)],
      [...words('Balance brought forward', 150, 197), ...right('-2.15', 540, 197)],
      [...words('Balance at 29/02/2024', 150, 209), ...right('2,337.05', 540, 209)],
      [...words('29/02/2024', 40, 221), ...words('ACCOUNT FEE', 150, 221), ...right('-1.50', 470, 221), ...right('2,337.05', 540, 221)],
      [...words('28/02/2024', 40, 233), ...words('DIRECT DEBIT OCTOPUS ENERGY', 150, 233), ...right('-137.93', 470, 233), ...right('2,338.55', 540, 233)],
      [...words('26/02/2024', 40, 245), ...words('FASTER PAYMENT RECEIVED NHS', 150, 245), ...right('2,478.63', 470, 245), ...right('2,476.48', 540, 245)],
      [...words('Balance brought forward', 150, 257), ...right('-2.15', 540, 257)],
      [...words('Balance at 29/02/2024', 150, 269), ...right('2,337.05', 540, 269)],
    ]);
    const x = extractStatement([p]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([-1.5, -137.93, 2478.63]);
    expect([apiView(x).fields['opening_balance']?.value, apiView(x).fields['closing_balance']?.value]).toEqual([-2.15, 2337.05]);
    expect(x.checks.filter((c) => c.passed === false)).toEqual([]);
  });

  it('a box above and one under a newest-first table are its closing and opening, not balances between bookings to check again', () => {
    const p = base([
      [...words('DATE', 40, 185), ...words('DETAILS', 150, 185), ...right('AMOUNT', 470, 185), ...right('BALANCE', 540, 185)],
      [...words('Balance at 29/02/2024', 150, 197), ...right('2,337.05', 540, 197)],
      [...words('29/02/2024', 40, 209), ...words('ACCOUNT FEE', 150, 209), ...right('-1.50', 470, 209), ...right('2,337.05', 540, 209)],
      [...words('28/02/2024', 40, 221), ...words('DIRECT DEBIT OCTOPUS ENERGY', 150, 221), ...right('-137.93', 470, 221), ...right('2,338.55', 540, 221)],
      [...words('26/02/2024', 40, 233), ...words('FASTER PAYMENT RECEIVED NHS', 150, 233), ...right('2,478.63', 470, 233), ...right('2,476.48', 540, 233)],
      [...words('Balance brought forward', 150, 245), ...right('-2.15', 540, 245)],
    ]);
    const x = extractStatement([p]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([-1.5, -137.93, 2478.63]);
    expect([apiView(x).fields['opening_balance']?.value, apiView(x).fields['closing_balance']?.value]).toEqual([-2.15, 2337.05]);
    expect(x.checks.filter((c) => c.passed === false)).toEqual([]);
  });
});

describe('balances around the table, by position, dates and the chain', () => {
  const base = (rows: PositionedWord[][]): WordPage => ({
    page: 1,
    width: 595,
    height: 842,
    words: [...words('Raiffeisenbank Beispiel eGen', 40, 40, 12), ...words('Kontoauszug', 40, 100, 10), ...words('IBAN AT48 6408 3006 3937 5809', 40, 141), ...rows.flat()],
  });

  it('a summary box under a chronological table keeps it chronological and gives the opening and closing', () => {
    const p = base([
      [...words('02.01.2024', 40, 200), ...words('Kartenzahlung OEBB', 150, 200), ...right('16,09', 470, 200), ...words('S', 480, 200)],
      [...words('15.01.2024', 40, 212), ...words('Gehalt ACME', 150, 212), ...right('2.500,00', 470, 212), ...words('H', 480, 212)],
      [...words('29.02.2024', 40, 224), ...words('Preis fuer Kontofuehrung', 150, 224), ...right('2,50', 470, 224), ...words('S', 480, 224)],
      [...words('Uebersicht', 60, 260)],
      [...words('Kontostand am 01.01.2024', 60, 274), ...right('1.000,00', 300, 274)],
      [...words('neuer Kontostand', 60, 286), ...right('3.481,41', 300, 286)],
    ]);
    const x = extractStatement([p]);
    expect(apiView(x).transactions.map((t) => [t.date, t.amount])).toEqual([
      ['2024-01-02', -16.09],
      ['2024-01-15', 2500],
      ['2024-02-29', -2.5],
    ]);
    expect([apiView(x).fields['opening_balance']?.value, apiView(x).fields['closing_balance']?.value]).toEqual([1000, 3481.41]);
    expect(x.checks.filter((c) => c.passed === false)).toEqual([]);
  });

  it('newest first, a balance under the oldest booking dated that day is the opening where the booking\'s running balance says so', () => {
    const p = base([
      [...words('Zeitraum 01.01.2026 - 05.01.2026', 40, 160)],
      [...words('05.01.2026', 40, 200), ...words('VISA DEBIT MERKUR', 150, 200), ...right('-29,44', 470, 200), ...right('1.026,32 S', 550, 200)],
      [...words('02.01.2026', 40, 212), ...words('KARTENZAHLUNG HOFER', 150, 212), ...right('-56,12', 470, 212), ...right('996,88 S', 550, 212)],
      [...words('01.01.2026', 40, 224), ...words('EINZAHLUNG', 150, 224), ...right('+200,00', 470, 224), ...right('940,76 S', 550, 224)],
      [...words('KONTOSTAND AM 01.01.26', 150, 236), ...right('1.140,76 S', 550, 236)],
    ]);
    const x = extractStatement([p]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([-29.44, -56.12, 200]);
    expect(apiView(x).fields['opening_balance']?.value).toBe(-1140.76);
  });

  it('newest first, a balance under the oldest bookings is the opening where the nearest running balance above, on the day\'s last booking only, says so', () => {
    // Running balances only on a day's last booking: the oldest bookings print none, so the chain
    // runs from the nearest one above them.
    const p = base([
      [...words('Zeitraum 01.10.2025 - 08.10.2025', 40, 160)],
      [...words('KONTOSTAND PER 08.10.2025', 150, 188), ...right('11.321,53', 550, 188)],
      [...words('08.10.2025', 40, 200), ...words('Gutschrift', 150, 200), ...right('100,00', 470, 200), ...right('11.321,53', 550, 200)],
      [...words('06.10.2025', 40, 212), ...words('Echtzeitüberweisung', 150, 212), ...right('12.371,77', 470, 212), ...right('11.221,53', 550, 212)],
      [...words('01.10.2025', 40, 224), ...words('SEPA-Überweisung', 150, 224), ...right('-850,00', 470, 224)],
      [...words('01.10.2025', 40, 236), ...words('Kartenzahlung', 150, 236), ...right('-50,00', 470, 236)],
      [...words('KONTOSTAND VOM 01.10.2025', 150, 248), ...right('-250,24', 550, 248)],
    ]);
    const x = extractStatement([p]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([100, 12371.77, -850, -50]);
    expect([apiView(x).fields['opening_balance']?.value, apiView(x).fields['closing_balance']?.value]).toEqual([-250.24, 11321.53]);
    expect(x.checks.filter((c) => c.passed === false)).toEqual([]);
  });

  it('a balance box above the table is read by its labels even though the reader sees it before the first booking', () => {
    const p = base([
      [...words('Periodo: 01/12/25 - 31/12/25', 40, 160)],
      [...words('Saldo al 01/12/25', 40, 176), ...right('6433,59', 150, 176)],
      [...words('Saldo contabile al 31/12/25', 40, 188), ...right('6843,31', 190, 188)],
      [...words('01/12/25', 40, 220), ...right('50,00', 190, 220), ...words('-', 208, 220), ...words('PRELEVAMENTO ATM', 232, 220)],
      [...words('08/12/25', 40, 232), ...right('1341,49', 190, 232), ...words('+', 208, 232), ...words('BONIFICO IN ENTRATA', 232, 232)],
      [...words('15/12/25', 40, 244), ...right('881,77', 190, 244), ...words('-', 208, 244), ...words('PAGAMENTO F24', 232, 244)],
    ]);
    const x = extractStatement([p]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([-50, 1341.49, -881.77]);
    expect([apiView(x).fields['opening_balance']?.value, apiView(x).fields['closing_balance']?.value]).toEqual([6433.59, 6843.31]);
  });

  it('a total under a settlement block after the table totals the settlement, not the bookings', () => {
    const p = base([
      [...words('SALDO INIZIALE', 150, 188), ...right('1.000,00', 540, 188)],
      [...words('02/03/2026', 40, 200), ...words('PAGAMENTO POS', 150, 200), ...right('45,10', 450, 200)],
      [...words('05/03/2026', 40, 212), ...words('STIPENDIO', 150, 212), ...right('1.500,00', 540, 212)],
      [...words('07/03/2026', 40, 224), ...words('PRELIEVO ATM', 150, 224), ...right('100,00', 450, 224)],
      [...words('SALDO FINALE', 150, 236), ...right('2.354,90', 540, 236)],
      [...words('PROSPETTO COMPETENZE', 40, 260)],
      [...words('Interessi debitori', 40, 272), ...right('19,30', 450, 272)],
      [...words('Imposta di bollo', 40, 284), ...right('8,55', 450, 284)],
      [...words('TOTALE COMPETENZE', 40, 296), ...right('27,85', 450, 296)],
    ]);
    const x = extractStatement([p]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual([-45.1, 1500, -100]);
    expect(x.checks.filter((c) => c.check.startsWith('totals'))).toEqual([]);
  });
});
