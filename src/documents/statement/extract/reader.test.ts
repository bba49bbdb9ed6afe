/**
 * The geometry table reader on hand-placed words: no layout is known to it, so each case
 * moves one convention (no heading, debit/credit pair, a marker column away from its
 * amount, a description line above the amount row, the date printed once a day, newest
 * first, a summary box under the table) and checks that amounts, signs, dates and
 * descriptions still come out exactly.
 */
import { describe, expect, it } from 'vitest';
import { buildLines } from '../../layout/lines.ts';
import type { PositionedWord, WordPage } from '../../layout/model.ts';
import { readTable } from './reader.ts';

const SIZE = 8;
const CHAR = SIZE * 0.5;
const SPACE = SIZE * 0.3;

/** Words of a phrase starting at x (left-aligned). */
function left(text: string, x: number, y: number): PositionedWord[] {
  const out: PositionedWord[] = [];
  let cx = x;
  for (const t of text.split(' ')) {
    const w = t.length * CHAR;
    out.push({ text: t, x0: cx, x1: cx + w, y0: y, y1: y + SIZE });
    cx += w + SPACE;
  }
  return out;
}

/** A phrase ending at x (right-aligned, as amounts are). */
function right(text: string, x: number, y: number): PositionedWord[] {
  const width = text.length * CHAR + (text.split(' ').length - 1) * (SPACE - CHAR);
  return left(text, x - width, y);
}

interface Row {
  date?: string;
  vdate?: string;
  desc: string[];
  /** Cells by right edge: [rightEdge, text]. */
  cells: [number, string][];
  above?: string;
}

/** A page: optional heading, then rows at a fixed pitch (rowPad adds space between rows). */
function page(rows: Row[], opts: { heading?: [number, string][]; rowPad?: number; top?: number; summary?: boolean } = {}): WordPage {
  const ws: PositionedWord[] = [...left('Estratto conto', 40, 40)];
  // A summary box above the table whose balances stand in the table's amount column.
  if (opts.summary) ws.push(...left('Saldo iniziale', 150, 70), ...right('1.000,00', 540, 70), ...left('Saldo finale', 150, 82), ...right('819,36', 540, 82));
  let y = opts.top ?? 120;
  if (opts.heading) {
    for (const [x, t] of opts.heading) ws.push(...left(t, x, y));
    y += 16;
  }
  const pitch = SIZE * 1.25;
  for (const r of rows) {
    if (r.above) {
      ws.push(...left(r.above, 150, y));
      y += pitch;
    }
    if (r.date) ws.push(...left(r.date, 40, y));
    if (r.vdate) ws.push(...left(r.vdate, 95, y));
    ws.push(...left(r.desc[0]!, 150, y));
    for (const [x, t] of r.cells) ws.push(...right(t, x, y));
    y += pitch;
    for (const d of r.desc.slice(1)) {
      ws.push(...left(d, 150, y));
      y += pitch;
    }
    y += opts.rowPad ?? 0;
  }
  return { page: 1, width: 595, height: 842, words: ws };
}

function read(p: WordPage, known: { opening: number | null; closing: number | null } = { opening: null, closing: null }) {
  return readTable([buildLines(p)], null, known);
}

const summary = (t: ReturnType<typeof read>) => t.txs.map((x) => [x.date, x.amountCents, x.balanceCents, x.description.join(' ')]);

describe('readTable: columns and roles from geometry and the balance chain', () => {
  it('reads a debit/credit pair with a running balance and no heading at all', () => {
    const t = read(
      page([
        { date: '02/03/2026', desc: ['PAGAMENTO POS', 'SUPERMERCATO'], cells: [[420, '45,10'], [540, '954,90']] },
        { date: '05/03/2026', desc: ['STIPENDIO MARZO'], cells: [[480, '1.500,00'], [540, '2.454,90']] },
        { date: '07/03/2026', desc: ['PRELIEVO ATM'], cells: [[420, '100,00'], [540, '2.354,90']] },
      ]),
      { opening: 100000, closing: 235490 },
    );
    expect(summary(t)).toEqual([
      ['2026-03-02', -4510, 95490, 'PAGAMENTO POS SUPERMERCATO'],
      ['2026-03-05', 150000, 245490, 'STIPENDIO MARZO'],
      ['2026-03-07', -10000, 235490, 'PRELIEVO ATM'],
    ]);
    expect(t.roles).toEqual(['debit', 'credit', 'balance']);
    expect(t.disagree).toBe(0);
  });

  it('tells debit from credit by the chain when the credit column comes first', () => {
    const t = read(
      page([
        { date: '02/03/2026', desc: ['A'], cells: [[420, '45,10'], [540, '954,90']] },
        { date: '05/03/2026', desc: ['B'], cells: [[360, '1.500,00'], [540, '2.454,90']] },
        { date: '07/03/2026', desc: ['C'], cells: [[420, '100,00'], [540, '2.354,90']] },
      ]),
    );
    expect(t.txs.map((x) => x.amountCents)).toEqual([-4510, 150000, -10000]);
  });

  it('gives a D/C marker column to the amount the chain confirms, even across the balance column', () => {
    // marker | balance | amount: the marker signs the amount, not its neighbour.
    const t = read(
      page([
        { date: '01/01/2026', desc: ['DD PAYPAL'], cells: [[400, 'D'], [470, '6,220.83'], [540, '35.06']] },
        { date: '02/01/2026', desc: ['BANK GIRO CREDIT'], cells: [[400, 'C'], [470, '18,676.28'], [540, '12,455.45']] },
        { date: '03/01/2026', desc: ['CARD PAYMENT'], cells: [[400, 'D'], [470, '18,629.10'], [540, '47.18']] },
      ]),
    );
    expect(t.txs.map((x) => [x.amountCents, x.balanceCents])).toEqual([
      [-3506, 622083],
      [1245545, 1867628],
      [-4718, 1862910],
    ]);
  });

  it('puts a description line printed above the amount row back on its row (padded rows)', () => {
    const t = read(
      page(
        [
          { date: '31/07/2024', desc: ['OVERDRAFT FEE'], cells: [[540, '9.00-']] },
          { date: '29/07/2024', above: 'SALARY TESCO STORES', desc: ['WAGES 378406', 'REF 1RDIV5'], cells: [[540, '2,440.97']] },
          { date: '26/07/2024', above: 'POS PRET A MANGER', desc: ['LEEDS'], cells: [[540, '16.22-']] },
        ],
        { rowPad: 3 },
      ),
    );
    expect(summary(t).map((r) => r[3])).toEqual(['OVERDRAFT FEE', 'SALARY TESCO STORES WAGES 378406 REF 1RDIV5', 'POS PRET A MANGER LEEDS']);
    expect(t.txs.map((x) => x.amountCents)).toEqual([-900, 244097, -1622]);
  });

  it('takes the date of the day for rows that print none, and reads newest-first chains', () => {
    const t = read(
      page([
        { date: '10/03/2026', desc: ['BONIFICO'], cells: [[470, '+200,00'], [540, '1.150,00']] },
        { desc: ['POS BAR'], cells: [[470, '-50,00'], [540, '950,00']] },
        { date: '08/03/2026', desc: ['ATM'], cells: [[470, '-100,00'], [540, '1.000,00']] },
      ]),
    );
    expect(t.txs.map((x) => x.date)).toEqual(['2026-03-10', '2026-03-10', '2026-03-08']);
    expect(t.newestFirst).toBe(true);
    expect(t.disagree).toBe(0);
  });

  it('prefers the column its heading calls the value date, and keeps day-balance rows out of the bookings', () => {
    const t = read(
      page(
        [
          { date: '04/01/2025', vdate: '06/01/2025', desc: ['POS AUTOGRILL'], cells: [[540, '-64,39']] },
          { date: '06/01/2025', vdate: '07/01/2025', desc: ['POS TABACCHERIA'], cells: [[540, '-116,25']] },
          { desc: ['Saldo al 07/01/2025'], cells: [[540, '819,36']] },
          { date: '07/01/2025', vdate: '07/01/2025', desc: ['PAGAMENTO CARTA'], cells: [[540, '-27,07']] },
        ],
        { heading: [[40, 'Valuta'], [95, 'Data'], [150, 'Descrizione'], [510, 'Importo']] },
      ),
    );
    expect(t.txs.map((x) => [x.date, x.valueDate])).toEqual([
      ['2025-01-06', '2025-01-04'],
      ['2025-01-07', '2025-01-06'],
      ['2025-01-07', '2025-01-07'],
    ]);
    expect(t.balances.map((b) => [b.kind, b.cents, b.afterTx])).toEqual([['day', 81936, 2]]);
  });

  it('reads the headings above the first booking, not above a summary box higher up', () => {
    const t = read(
      page(
        [
          // value dates after the booking dates: only the headings can tell the columns apart
          { date: '06/01/2025', vdate: '04/01/2025', desc: ['BONIFICO'], cells: [[540, '64,39']] },
          { date: '30/01/2025', vdate: '28/01/2025', desc: ['INTERESSI'], cells: [[540, '-7,01']] },
        ],
        { summary: true, heading: [[40, 'Valuta'], [95, 'Data'], [150, 'Descrizione'], [510, 'Importo']] },
      ),
    );
    expect(t.txs.map((x) => [x.date, x.valueDate])).toEqual([
      ['2025-01-04', '2025-01-06'],
      ['2025-01-28', '2025-01-30'],
    ]);
  });

  it('reads a heading stacked over five lines above a rule and a carried balance, the value date\'s "Datum" under its "Valuta-"', () => {
    // Datum   Valuta-
    //                 Vorgang                                  Soll     Haben     Saldo
    //         Datum
    //                 Verwendungszweck
    // ================================================================================
    //                 Saldovortrag                                                1.000,00
    const ws: PositionedWord[] = [...left('Kontoauszug', 40, 40)];
    let y = 100;
    ws.push(...left('Datum', 40, y), ...left('Valuta-', 95, y));
    y += 10;
    ws.push(...left('Vorgang', 150, y), ...right('Soll', 420, y), ...right('Haben', 480, y), ...right('Saldo', 540, y));
    y += 10;
    ws.push(...left('Datum', 95, y));
    y += 10;
    ws.push(...left('Verwendungszweck', 150, y));
    y += 12;
    ws.push(...left('='.repeat(120), 40, y));
    y += 12;
    ws.push(...left('Saldovortrag', 150, y), ...right('1.000,00', 540, y));
    const rows: [string, string, string, string, string][] = [
      // booked on the next business day: a card payment of Saturday booked on Monday
      ['04.03.2024', '02.03.2024', 'GIROCARD REWE', '57,29', '942,71'],
      ['05.03.2024', '05.03.2024', 'LASTSCHRIFT STROM', '42,61', '900,10'],
      ['06.03.2024', '04.03.2024', 'KARTENZAHLUNG ARAL', '10,10', '890,00'],
    ];
    for (const [d, v, desc, debit, bal] of rows) {
      y += 10;
      ws.push(...left(d, 40, y), ...left(v, 95, y), ...left(desc, 150, y), ...right(debit, 420, y), ...right(bal, 540, y));
    }
    const t = read({ page: 1, width: 595, height: 842, words: ws });
    expect(t.txs.map((x) => [x.date, x.valueDate, x.amountCents])).toEqual([
      ['2024-03-04', '2024-03-02', -5729],
      ['2024-03-05', '2024-03-05', -4261],
      ['2024-03-06', '2024-03-04', -1010],
    ]);
  });

  it('takes no heading from a box of labels over their values above a table without headings', () => {
    // Data emissione
    // 01/10/2025
    //   SALDO INIZIALE 13166.00 ; then rows: value date first, the booking date once per day
    const ws: PositionedWord[] = [...left('Estratto conto', 40, 40), ...left('Data emissione', 40, 90), ...left('01/10/2025', 40, 100)];
    ws.push(...left('SALDO INIZIALE', 150, 114), ...right('13.166,00', 540, 114));
    const rows: [string, string | null, string, string][] = [
      ['01/08/2025', '04/08/2025', 'ACQUISTO INTERNET SPOTIFY', '75,87'],
      ['02/08/2025', null, 'PAGAMENTO POS CONAD', '48,64'],
      ['01/08/2025', null, 'PRELIEVO ATM', '200,00'],
      ['05/08/2025', '05/08/2025', 'PRELEVAMENTO CARTA ATM', '20,00'],
      ['05/08/2025', null, 'PAGAMENTO CARTA DI DEBITO', '45,18'],
      ['05/08/2025', '07/08/2025', 'OPERAZIONE POS EUROSPIN', '237,93'],
    ];
    let y = 114;
    for (const [v, d, desc, debit] of rows) {
      y += 10;
      ws.push(...left(v, 40, y), ...(d ? left(d, 95, y) : []), ...left(desc, 150, y), ...right(debit, 480, y));
    }
    const t = read({ page: 1, width: 595, height: 842, words: ws });
    expect(t.txs.map((x) => [x.date, x.valueDate])).toEqual([
      ['2025-08-04', '2025-08-01'],
      ['2025-08-04', '2025-08-02'],
      ['2025-08-04', '2025-08-01'],
      ['2025-08-05', '2025-08-05'],
      ['2025-08-05', '2025-08-05'],
      ['2025-08-07', '2025-08-05'],
    ]);
  });

  it('keeps undated rows whose code of another width stands centred in a code column read as markers elsewhere', () => {
    // 21/01/2026  DEB EUROSPIN BOLOGNA          -57.43   3,273.64
    //              DD TESCO BANK LOAN            -515.86            (the date printed once per day)
    //             FPI PAUL JONES                  262.56
    const ws: PositionedWord[] = [...left('Transactions export', 40, 40), ...left('Date', 40, 100), ...left('Details', 115, 100), ...right('Amount', 480, 100), ...right('Balance', 540, 100)];
    const rows: [string | null, string, string, string, string | null][] = [
      ['22/01/2026', 'DEB', 'NETFLIX.COM', '-154.71', '3,331.07'],
      ['21/01/2026', 'DEB', 'EUROSPIN BOLOGNA', '-57.43', '3,273.64'],
      [null, 'DD', 'TESCO BANK LOAN', '-515.86', null],
      [null, 'FPI', 'PAUL JONES', '262.56', null],
      [null, 'DEB', 'EUROSPIN FIRENZE', '-397.79', null],
      ['20/01/2026', 'DEB', 'ONLINE PAYMENT', '-78.23', '3,924.72'],
      ['19/01/2026', 'DEB', 'TAMOIL TRENTO', '-68.76', '4,002.95'],
    ];
    let y = 110;
    for (const [d, code, desc, amount, bal] of rows) {
      y += 10;
      const w = code.length * CHAR;
      ws.push(...(d ? left(d, 40, y) : []), ...left(code, 100 - w / 2, y), ...left(desc, 115, y), ...right(amount, 480, y), ...(bal ? right(bal, 540, y) : []));
    }
    const t = read({ page: 1, width: 595, height: 842, words: ws });
    expect(t.txs.map((x) => [x.date, x.amountCents, x.description.join(' ')])).toEqual([
      ['2026-01-22', -15471, 'NETFLIX.COM'],
      ['2026-01-21', -5743, 'EUROSPIN BOLOGNA'],
      ['2026-01-21', -51586, 'TESCO BANK LOAN'],
      ['2026-01-21', 26256, 'PAUL JONES'],
      ['2026-01-21', -39779, 'EUROSPIN FIRENZE'],
      ['2026-01-20', -7823, 'ONLINE PAYMENT'],
      ['2026-01-19', -6876, 'TAMOIL TRENTO'],
    ]);
  });

  it('keeps a credit column printed before the descriptions that only one dated row uses (the other credits are undated)', () => {
    // Datum        Soll      Haben   Buchungstext                    Saldo
    // 19.01.2026  15,02              Online-Überweisung            5.854,36
    //                     2.138,53   SEPA-Gutschrift               7.992,89
    const ws: PositionedWord[] = [...left('Umsatzanzeige', 40, 40)];
    const rows: [string | null, string | null, string | null, string, string][] = [
      ['16.01.2026', '20,00', null, 'Barauszahlung', '5.901,74'],
      [null, '32,36', null, 'girocard', '5.869,38'],
      ['19.01.2026', '15,02', null, 'Online-Überweisung', '5.854,36'],
      [null, null, '2.138,53', 'SEPA-Gutschrift', '7.992,89'],
      ['20.01.2026', '39,64', null, 'SEPA-Lastschrift', '7.953,25'],
      ['26.01.2026', null, '39,64', 'Retoure SEPA-Lastschrift', '7.992,89'],
      [null, '3,00', null, 'Entgelt Rücklastschrift', '7.989,89'],
      ['28.01.2026', '10,00', null, 'Entgelt', '7.979,89'],
      [null, null, '30,08', 'Lastschriftrückgabe', '8.009,97'],
      ['29.01.2026', '100,00', null, 'Bargeldauszahlung', '7.909,97'],
    ];
    let y = 100;
    for (const [d, debit, credit, desc, bal] of rows) {
      y += 10;
      ws.push(...(d ? left(d, 40, y) : []), ...(debit ? right(debit, 130, y) : []), ...(credit ? right(credit, 180, y) : []), ...left(desc, 200, y), ...right(bal, 540, y));
    }
    const t = read({ page: 1, width: 595, height: 842, words: ws });
    expect(t.txs.map((x) => [x.date, x.amountCents])).toEqual([
      ['2026-01-16', -2000],
      ['2026-01-16', -3236],
      ['2026-01-19', -1502],
      ['2026-01-19', 213853],
      ['2026-01-20', -3964],
      ['2026-01-26', 3964],
      ['2026-01-26', -300],
      ['2026-01-28', -1000],
      ['2026-01-28', 3008],
      ['2026-01-29', -10000],
    ]);
  });

  it('reads an undated row whose description line on the amount row begins with "SALDO" as a booking where it prints an amount and the balance after it', () => {
    const t = read(
      page([
        { date: '23/01/2026', desc: ['BOLLETTA GENNAIO 2026'], cells: [[470, '-112,54'], [540, '4.927,24']] },
        { desc: ['SALDO FATTURA', 'CRO 29537989865'], cells: [[470, '+247,30'], [540, '5.174,54']] },
        { desc: ['CARTA DATA OPER. 22/01/26'], cells: [[470, '-27,52'], [540, '5.147,02']] },
        { date: '26/01/2026', desc: ['PAGAMENTO ONLINE BOOKING.COM'], cells: [[470, '-108,49'], [540, '5.038,53']] },
        { desc: ['Saldo del giorno 26/01/2026'], cells: [[540, '5.038,53']] },
      ]),
    );
    expect(t.txs.map((x) => [x.date, x.amountCents, x.balanceCents])).toEqual([
      ['2026-01-23', -11254, 492724],
      ['2026-01-23', 24730, 517454],
      ['2026-01-23', -2752, 514702],
      ['2026-01-26', -10849, 503853],
    ]);
  });

  it('keeps a dated balance in a box above the table a balance where undated balances of the day stand between the bookings', () => {
    const t = read(
      page([
        { date: '31/12/2024', desc: ['Saldo contabile'], cells: [[470, '1.000,00']] },
        { date: '02/01/2025', desc: ['POS AUTOGRILL'], cells: [[470, '-64,39']] },
        { desc: ['Saldo del giorno'], cells: [[540, '935,61']] },
        { date: '03/01/2025', desc: ['BONIFICO'], cells: [[470, '100,00']] },
        { desc: ['Saldo del giorno'], cells: [[540, '1.035,61']] },
        { date: '04/01/2025', desc: ['PAGAMENTO CARTA'], cells: [[470, '-35,61']] },
        { desc: ['Saldo del giorno'], cells: [[540, '1.000,00']] },
      ]),
    );
    expect(t.txs.map((x) => [x.date, x.amountCents])).toEqual([
      ['2025-01-02', -6439],
      ['2025-01-03', 10000],
      ['2025-01-04', -3561],
    ]);
  });

  it('gives a row the lines under it that this document\'s continuation lines open with, even right above a row with no line above it', () => {
    const t = read(
      page([
        { above: 'SEPA-Gutschrift Meyer', date: '14/01/2025', desc: ['Anteil Urlaub', 'End-to-End-Ref.: 123', 'IBAN: DE25794004689414067404'], cells: [[470, '+500,00'], [540, '1.500,00']] },
        { above: 'SEPA Basislastschrift Stadtwerke', date: '15/01/2025', desc: ['Abschlag Fernwaerme', 'End-to-End-Ref.: 456', 'IBAN: DE96753506578368942324'], cells: [[470, '-74,16'], [540, '1.425,84']] },
        { above: 'Gutschrift Renate Meyer', date: '16/01/2025', desc: ['Anteil Miete', 'End-to-End-Ref.: 789', 'IBAN: DE11100100100000000000'], cells: [[470, '+33,67'], [540, '1.459,51']] },
        { date: '17/01/2025', desc: ['GA Direktbank Bremen', 'Karte 7129 Bremen'], cells: [[470, '-150,00'], [540, '1.309,51']] },
        { above: 'Kartenzahlung DB Vertrieb', date: '20/01/2025', desc: ['Folgenr. 07 Karte 7129', 'Terminal 92226996'], cells: [[470, '-100,85'], [540, '1.208,66']] },
      ]),
    );
    expect(t.txs.map((x) => x.description.join(' '))).toEqual([
      'SEPA-Gutschrift Meyer Anteil Urlaub End-to-End-Ref.: 123 IBAN: DE25794004689414067404',
      'SEPA Basislastschrift Stadtwerke Abschlag Fernwaerme End-to-End-Ref.: 456 IBAN: DE96753506578368942324',
      'Gutschrift Renate Meyer Anteil Miete End-to-End-Ref.: 789 IBAN: DE11100100100000000000',
      'GA Direktbank Bremen Karte 7129 Bremen',
      'Kartenzahlung DB Vertrieb Folgenr. 07 Karte 7129 Terminal 92226996',
    ]);
  });

  it('leaves a summary box under the table out of the bookings', () => {
    const p = page([
      { date: '19/01/2020', desc: ['Gutschr. SEPA'], cells: [[540, '+ 154,00']] },
      { date: '21/01/2020', desc: ['SDD Lastschr'], cells: [[470, '- 125,80']] },
      { date: '25/01/2020', desc: ['Inh. Scheck'], cells: [[470, '- 75,00']] },
    ]);
    p.words.push(...left('9999999999 200 100 20 EUR', 40, 300), ...right('+ 4.764,70', 540, 300));
    const t = read(p);
    expect(t.txs.map((x) => x.amountCents)).toEqual([15400, -12580, -7500]);
  });

  it('keeps a date or amount that runs on from description text in the description', () => {
    const t = read(
      page([
        { date: '03/06/2024', desc: ['PAGAMENTO POS BAR', 'CARTA 3681 DEL 01/06/24 ORE 14.04'], cells: [[540, '-95,70']] },
        { date: '04/06/2024', desc: ['PAGAMENTO POS Q8', 'CARTA 3681 DEL 04/06/24 ORE 08.49'], cells: [[540, '-72,17']] },
        { date: '05/06/2024', desc: ['BONIFICO'], cells: [[540, '-210,84']] },
      ]),
    );
    expect(t.txs.map((x) => x.description.join(' '))).toEqual([
      'PAGAMENTO POS BAR CARTA 3681 DEL 01/06/24 ORE 14.04',
      'PAGAMENTO POS Q8 CARTA 3681 DEL 04/06/24 ORE 08.49',
      'BONIFICO',
    ]);
    expect(t.txs.map((x) => x.valueDate)).toEqual([null, null, null]);
  });

  it('keeps a credit column that holds one booking beside carried totals, and carry rows out of the bookings', () => {
    const t = read(
      page([
        { date: '03/06/2025', desc: ['OPERAZIONE POS', 'TRENITALIA VERONA'], cells: [[540, '217,07']] },
        { date: '05/06/2025', desc: ['BONIFICO SEPA A FAVORE'], cells: [[540, '550,00']] },
        { desc: ['SALDO A RIPORTARE'], cells: [[480, '0,00'], [540, '767,07']] },
        { desc: ['SALDO RIPORTATO'], cells: [[480, '0,00'], [540, '767,07']] },
        { date: '26/06/2025', desc: ['BONIFICO A VOSTRO FAVORE'], cells: [[480, '3.197,06']] },
        { date: '27/06/2025', desc: ['PAGAMENTO POS'], cells: [[540, '27,16']] },
      ]),
      { opening: 679106, closing: 957989 },
    );
    expect(summary(t).map((r) => [r[0], r[1]])).toEqual([
      ['2025-06-03', -21707],
      ['2025-06-05', -55000],
      ['2025-06-26', 319706],
      ['2025-06-27', -2716],
    ]);
    expect(t.txs[0]!.description.join(' ')).toBe('OPERAZIONE POS TRENITALIA VERONA');
  });

  it('does not take the second words of descriptions that happen to line up for a code column', () => {
    // "POS", "SDD", "CARTA" stand apart at one x on some rows, but other rows' words run through there.
    const p = page([
      { date: '03/06/2025', desc: ['OPERAZIONE', 'TRENITALIA VERONA'], cells: [[540, '-217,07']] },
      { date: '05/06/2025', desc: ['BONIFICO SEPA A FAVORE', 'COLOMBO ANNA MARIA'], cells: [[540, '-550,00']] },
      { date: '06/06/2025', desc: ['PAGAMENTO', 'DECATHLON VERONA'], cells: [[540, '-2,26']] },
      { date: '13/06/2025', desc: ['ADDEBITO', 'GENERALI ITALIA SPA'], cells: [[540, '-52,80']] },
      { date: '16/06/2025', desc: ['PAGAMENTO', 'PAYPAL EUROPE'], cells: [[540, '-27,65']] },
      { date: '30/06/2025', desc: ['CANONE CARTA DI DEBITO', 'COMPETENZE'], cells: [[540, '-15,05']] },
    ]);
    const second: Record<string, string> = { OPERAZIONE: 'POS', PAGAMENTO: 'CARTA', ADDEBITO: 'SDD' };
    for (const l of buildLines(p)) {
      const w = l.words[1];
      if (w && second[w.text] && l.words.length === 3) p.words.push(...left(second[w.text]!, 200, l.y0));
    }
    const t = read(p);
    expect(t.txs.map((x) => x.description.join(' '))).toEqual([
      'OPERAZIONE POS TRENITALIA VERONA',
      'BONIFICO SEPA A FAVORE COLOMBO ANNA MARIA',
      'PAGAMENTO CARTA DECATHLON VERONA',
      'ADDEBITO SDD GENERALI ITALIA SPA',
      'PAGAMENTO CARTA PAYPAL EUROPE',
      'CANONE CARTA DI DEBITO COMPETENZE',
    ]);
  });

  it('reads a day balance printed in the debit column as below zero', () => {
    const t = read(
      page([
        { date: '01/08/2025', desc: ['Folgelastschrift'], cells: [[470, '20,46']] },
        { desc: ['Tagessaldo 01.08.2025'], cells: [[540, '81,90']] },
        { date: '04/08/2025', desc: ['Kartenzahlung'], cells: [[470, '241,46']] },
        { desc: ['Tagessaldo 04.08.2025'], cells: [[470, '159,56']] },
        { date: '08/08/2025', desc: ['Gehalt'], cells: [[540, '1.718,66']] },
        { desc: ['Tagessaldo 08.08.2025'], cells: [[540, '1.559,10']] },
      ]),
      { opening: 10236, closing: null },
    );
    expect(t.txs.map((x) => x.amountCents)).toEqual([-2046, -24146, 171866]);
    expect(t.balances.map((b) => b.cents)).toEqual([8190, -15956, 155910]);
    expect(t.disagree).toBe(0);
  });

  it('reads a row whose description begins with "SALDO" as a booking when it has a value date, and a month under a row of that month as its description', () => {
    const t = read(
      page([
        { date: '10/10/2025', vdate: '10/10/2025', desc: ['BONIFICO BEN: ROSSI'], cells: [[540, '-274,11']] },
        { date: '13/10/2025', vdate: '13/10/2025', desc: ['SALDO FATTURA 12/2025'], cells: [[480, '9.970,09']] },
        { date: '14/10/2025', vdate: '14/10/2025', desc: ['ADDEBITO FINDOMESTIC RATA', 'OTTOBRE 2025'], cells: [[540, '-276,12']] },
        { desc: ['Pagina 1 di 2'], cells: [] },
      ]),
    );
    expect(summary(t).map((r) => [r[1], r[3]])).toEqual([
      [-27411, 'BONIFICO BEN: ROSSI'],
      [997009, 'SALDO FATTURA 12/2025'],
      [-27612, 'ADDEBITO FINDOMESTIC RATA OTTOBRE 2025'],
    ]);
  });

  it('keeps undated rows that print a code in the dated rows\' code column, and leaves a Money in / Money out summary out', () => {
    const p = page([
      { date: '04/11/2024', desc: ['UBERWEISUNG KARL-HEINZ STEINER'], cells: [[470, '146,07']] },
      { desc: ['KARTENZAHLUNG ONLINE NETFLIX'], cells: [[470, '152,99']] },
      { date: '07/11/2024', desc: ['SEPA-UBERWEISUNG MARKUS FISCHER'], cells: [[470, '127,27']] },
      { desc: ['GUTSCHRIFT KATRIN WEISS'], cells: [[540, '211,93']] },
      { date: '08/11/2024', desc: ['KARTENZAHLUNG ROSSMANN'], cells: [[470, '100,15']] },
    ]);
    // a three-digit code column left of the descriptions, on every row, dated or not
    for (const l of buildLines(p)) if (/[A-Z]{5}/.test(l.text) && l.words.some((w) => w.x0 === 150)) p.words.push(...left('106', 120, l.y0));
    p.words.push(...left('Money out', 150, 400), ...right('526,48', 470, 400), ...left('Money in', 150, 412), ...right('211,93', 540, 412));
    const t = read(p, { opening: 100000, closing: 68545 });
    expect(t.txs.map((x) => [x.date, x.amountCents])).toEqual([
      ['2024-11-04', -14607],
      ['2024-11-04', -15299],
      ['2024-11-07', -12727],
      ['2024-11-07', 21193],
      ['2024-11-08', -10015],
    ]);
  });

  it('reads dates printed one space after a code column as the date column', () => {
    const p = page([
      { date: '29.04.2025', desc: ['GUTSCHR. UEBERWEISUNG'], cells: [[470, '2.756,95'], [540, '4.616,42']] },
      { date: '28.04.2025', desc: ['ONLINE-UEBERWEISUNG'], cells: [[470, '-582,73'], [540, '1.859,47']] },
      { date: '25.04.2025', desc: ['BARGELDAUSZAHLUNG'], cells: [[470, '-100,00'], [540, '2.442,20']] },
      { date: '24.04.2025', desc: ['DEBITKARTE INTERNET'], cells: [[470, '-74,74'], [540, '2.542,20']] },
    ]);
    // a three-digit code right before every date, one space away
    const codes = ['153', '116', '083', '106'];
    for (const l of buildLines(p)) if (/^\d\d\.\d\d\.\d{4}$/.test(l.words[0]!.text)) p.words.push(...left(codes.shift()!, 25.6, l.y0));
    const t = read(p);
    expect(t.txs.map((x) => [x.date, x.amountCents])).toEqual([
      ['2025-04-29', 275695],
      ['2025-04-28', -58273],
      ['2025-04-25', -10000],
      ['2025-04-24', -7474],
    ]);
  });

  it('signs the amounts by an S/H marker column, not the signed balances beside them, where one edited amount breaks the chain', () => {
    // description … | amount | S/H | balance printed with its own minus. The last amount was edited
    // (8,55 printed as 85,50): neither sign reconciles it, and its marker still says debit.
    const t = read(
      page([
        { date: '01.10.2024', desc: ['Basislastschrift Rundfunk'], cells: [[440, '32,14 EUR'], [460, 'S'], [540, '-884,97 EUR']] },
        { date: '04.10.2024', desc: ['Gutschrift Lohn'], cells: [[440, '500,00 EUR'], [460, 'H'], [540, '-384,97 EUR']] },
        { date: '29.10.2024', desc: ['Bargeldauszahlung'], cells: [[440, '250,00 EUR'], [460, 'S'], [540, '-634,97 EUR']] },
        { date: '31.10.2024', desc: ['Entgelt'], cells: [[440, '85,50 EUR'], [460, 'S'], [540, '-643,52 EUR']] },
      ]),
      { opening: -85283, closing: -64352 },
    );
    expect(t.txs.map((x) => x.amountCents)).toEqual([-3214, 50000, -25000, -8550]);
    expect(t.txs.every((x) => x.signKnown)).toBe(true);
  });

  it('reads an amount in parentheses whose thousands are grouped by a space, "(2 648,84)", and the date of its day', () => {
    // (a space a little wider than a third of the text height, as a proportional font prints it)
    const wide = (p: WordPage): WordPage => ({ ...p, words: p.words.map((w) => (/^\(?\d$/.test(w.text) ? { ...w, x0: w.x0 - 1.4, x1: w.x1 - 1.4 } : w)) });
    const t = read(
      wide(page([
        { date: '01/08/2025', vdate: '01/08/2025', desc: ['PRELIEVO CONTANTI'], cells: [[540, '(50,00)']] },
        { vdate: '02/08/2025', desc: ['BONIFICO SEPA IN ENTRATA'], cells: [[540, '187,91']] },
        { date: '04/08/2025', vdate: '04/08/2025', desc: ['BONIFICO ISTANTANEO'], cells: [[540, '(2 648,84)']] },
        { vdate: '03/08/2025', desc: ['PAGAMENTO CARTA'], cells: [[540, '(15,36)']] },
        { vdate: '04/08/2025', desc: ['BONIFICO SEPA IN ENTRATA'], cells: [[540, '3 486,61']] },
      ])),
    );
    expect(t.txs.map((x) => [x.date, x.amountCents])).toEqual([
      ['2025-08-01', -5000],
      ['2025-08-01', 18791],
      ['2025-08-04', -264884],
      ['2025-08-04', -1536],
      ['2025-08-04', 348661],
    ]);
  });

  it('reads a D/C marker column set one space from its date and amount in a monospaced layout', () => {
    // Every character (and every space) as wide as the next: cells one space apart, as on a mainframe print.
    const mono = (lines: string[]): WordPage => {
      const ws: PositionedWord[] = [];
      lines.forEach((l, i) => {
        for (const m of l.matchAll(/\S+/g)) ws.push({ text: m[0], x0: 30 + m.index * CHAR, x1: 30 + (m.index + m[0].length) * CHAR, y0: 120 + i * 10, y1: 128 + i * 10 });
      });
      return { page: 1, width: 595, height: 842, words: ws };
    };
    const t = read(
      mono([
        '04/03 04/03/2026 D   106.44 DIRECT DEBIT PAYMENT TO BT GROUP PLC',
        '04/03 04/03/2026 D   130.80 ONLINE CARD PAYMENT EBAY ON 04 MAR',
        '                 C 6,763.76 Balance at close 04/03/2026',
        '05/03 05/03/2026 C   420.65 CREDIT CLAIRE CLARKE THANKS',
        '04/03 05/03/2026 D    93.87 CONTACTLESS PAYMENT COOP MILANO',
        '                 C 7,090.54 Balance at close 05/03/2026',
        '06/03 06/03/2026 D 1,873.85 FASTER PAYMENT TO CHARLOTTE DAVIES',
        '05/03 06/03/2026 D    11.38 DIRECT DEBIT PAYPAL EUROPE',
        '                 C 5,205.31 Balance at close 06/03/2026',
      ]),
    );
    expect(t.txs.map((x) => [x.date, x.amountCents])).toEqual([
      ['2026-03-04', -10644],
      ['2026-03-04', -13080],
      ['2026-03-05', 42065],
      ['2026-03-05', -9387],
      ['2026-03-06', -187385],
      ['2026-03-06', -1138],
    ]);
  });
});

describe('readTable: where the table ends, balances and descriptions that look alike', () => {
  it('ends the table at a balance of the day after the last dated row: a closing summary under it is no booking', () => {
    const p = page([
      { date: '03.03.2025', desc: ['LASTSCHRIFT STROM'], cells: [[470, '154,24']] },
      { date: '03.03.2025', desc: ['GUTSCHRIFT MIETE'], cells: [[540, '1.200,00']] },
      { desc: ['Kontostand am 31.03.2025'], cells: [[540, '2.045,76']] },
    ]);
    // the settlement of the quarter, printed under the table with its own figures in the table's columns
    p.words.push(...left('Sollzinsen 11,90 % p.a.', 150, 200), ...right('8,71', 470, 200), ...left('Kontofuehrungsentgelt', 150, 210), ...right('8,95', 470, 210));
    const t = read(p, { opening: 100000, closing: 204576 });
    expect(t.txs.map((x) => x.amountCents)).toEqual([-15424, 120000]);
  });

  it('reads an unsigned opening or closing balance in the debit column as overdrawn', () => {
    const t = read(
      page([
        { desc: ['Balance brought forward'], cells: [[540, '76.71']] },
        { date: '03/11/2025', desc: ['CARD PAYMENT TESCO'], cells: [[470, '50.00']] },
        { date: '04/11/2025', desc: ['SALARY ACME'], cells: [[540, '200.00']] },
        { date: '05/11/2025', desc: ['RENT'], cells: [[470, '300.00']] },
        { desc: ['Closing balance'], cells: [[470, '73.29']] },
      ]),
    );
    expect(t.txs.map((x) => x.amountCents)).toEqual([-5000, 20000, -30000]);
    expect(t.balances.map((b) => b.cents)).toEqual([7671, -7329]);
    expect(t.balances.find((b) => b.kind === 'closing')?.cents).toBe(-7329);
  });

  it('reads a dated "SALDO …" row between bookings as a booking where the balance chain says so (no balance column, no balances of the day)', () => {
    // Signed amounts only; the carried balances and the closing reconcile only with "SALDO FATTURA" as a booking.
    const t = read(
      page([
        { date: '02.01.2025', desc: ['PRELIEVO BANCOMAT ATM PADOVA'], cells: [[540, '-50,00']] },
        { date: '07.01.2025', desc: ['PAGAMENTO SDD IREN MERCATO SPA'], cells: [[540, '-152,32']] },
        { date: '13.01.2025', desc: ['BONIFICO SEPA IN ENTRATA'], cells: [[540, '556,88']] },
        { desc: ['SALDO A RIPORTARE'], cells: [[540, '4.239,14']] },
        { desc: ['SALDO RIPORTATO'], cells: [[540, '4.239,14']] },
        { date: '27.01.2025', above: 'DISPOSIZIONE BONIFICO BEN: LO PRESTI MARCO', desc: ['SALDO FATTURA', 'IBAN BEN. IT67P7964645995100043716325'], cells: [[540, '-601,39']] },
        { date: '28.01.2025', desc: ['ADDEBITO SDD CORE ENEL ENERGIA SPA'], cells: [[540, '-73,83']] },
        { date: '31.01.2025', desc: ['SPESE TENUTA CONTO'], cells: [[540, '-2,50']] },
      ]),
      { opening: 388458, closing: 356142 },
    );
    expect(t.txs.map((x) => [x.date, x.amountCents])).toEqual([
      ['2025-01-02', -5000],
      ['2025-01-07', -15232],
      ['2025-01-13', 55688],
      ['2025-01-27', -60139],
      ['2025-01-28', -7383],
      ['2025-01-31', -250],
    ]);
    expect(t.balances.map((b) => b.kind)).toEqual(['carry', 'carry']);
  });

  it('reads a "SALDO …" row dated only by its value date as a booking where nothing can check it and no other balance of the day is printed', () => {
    // Value date on every row, booking date once per day, no balance column, no opening or closing.
    const t = read(
      page([
        { date: '24/03/2025', vdate: '24/03/2025', desc: ['BONIFICO ISTANTANEO QUOTA'], cells: [[540, '-5.389,96']] },
        { vdate: '24/03/2025', desc: ['ACCREDITO BONIFICO REGALO'], cells: [[540, '10.067,32']] },
        { vdate: '24/03/2025', above: 'DISPOSIZIONE BONIFICO BEN: ROSSI STEFANO', desc: ['SALDO FATTURA', 'IBAN BEN. IT63W1573066245010026065002'], cells: [[540, '-1.722,87']] },
        { vdate: '24/03/2025', desc: ['VERSAMENTO CONTANTI'], cells: [[540, '500,00']] },
        { date: '25/03/2025', vdate: '25/03/2025', desc: ['ADDEBITO DIRETTO SDD VODAFONE'], cells: [[540, '-139,37']] },
      ]),
    );
    expect(t.txs.map((x) => [x.date, x.amountCents])).toEqual([
      ['2025-03-24', -538996],
      ['2025-03-24', 1006732],
      ['2025-03-24', -172287],
      ['2025-03-24', 50000],
      ['2025-03-25', -13937],
    ]);
    expect(t.balances).toEqual([]);
  });

  it('keeps a dated "SALDO …" booking where the balances of the day print their date elsewhere', () => {
    const t = read(
      page([
        { date: '04/11/2024', desc: ['PAGAMENTO POS LIDL'], cells: [[540, '-43,63']] },
        { desc: ['Saldo del giorno 04/11/2024'], cells: [[540, '956,37']] },
        { date: '05/11/2024', desc: ['SALDO FATTURA 2291'], cells: [[540, '-467,37']] },
        { desc: ['Saldo del giorno 05/11/2024'], cells: [[540, '489,00']] },
        { date: '06/11/2024', desc: ['BONIFICO A FAVORE'], cells: [[540, '100,00']] },
        { desc: ['Saldo del giorno 06/11/2024'], cells: [[540, '589,00']] },
      ]),
      { opening: 100000, closing: 58900 },
    );
    expect(t.txs.map((x) => [x.date, x.amountCents])).toEqual([
      ['2024-11-04', -4363],
      ['2024-11-05', -46737],
      ['2024-11-06', 10000],
    ]);
  });

  it('gives a line between two rows to the row below only where it does not start like this document continuation lines do', () => {
    // The amount row is the middle line of its description: a line between two rows may be
    // either's. "ID …" lines continue descriptions wherever nothing else can claim them.
    const rows: Row[] = [
      { date: '20/01/2025', above: 'PAGAMENTO ONLINE ZALANDO', desc: ['CARTA XXXX 6476', 'ID KF64NQFYGH'], cells: [[540, '-43,09']] },
      { desc: ['Saldo del giorno 20/01/2025'], cells: [[540, '956,91']] },
      { date: '21/01/2025', above: 'PAGAMENTO ONLINE NETFLIX', desc: ['CARTA XXXX 6476', 'ID KMQVGOQC3D'], cells: [[540, '-13,42']] },
      { desc: ['Saldo del giorno 21/01/2025'], cells: [[540, '943,49']] },
      { date: '30/01/2025', above: 'ADDEBITO DIRETTO TIM SPA', desc: ['BOLLETTA GENNAIO', 'MANDATO W3KT1WBJ', 'ID CREDITORE IT55ZZZ0674'], cells: [[540, '-120,79']] },
      { date: '30/01/2025', desc: ['XYZPRELEVAMENTO ATM MILANO', 'CARTA XXXX 6476'], cells: [[540, '-500,00']] },
      { desc: ['Saldo del giorno 30/01/2025'], cells: [[540, '322,70']] },
    ];
    const t = read(page(rows), { opening: 100000, closing: 32270 });
    expect(t.txs.map((x) => x.description.join(' '))).toEqual([
      'PAGAMENTO ONLINE ZALANDO CARTA XXXX 6476 ID KF64NQFYGH',
      'PAGAMENTO ONLINE NETFLIX CARTA XXXX 6476 ID KMQVGOQC3D',
      'ADDEBITO DIRETTO TIM SPA BOLLETTA GENNAIO MANDATO W3KT1WBJ ID CREDITORE IT55ZZZ0674',
      'XYZPRELEVAMENTO ATM MILANO CARTA XXXX 6476',
    ]);
  });
});

describe('readTable: descriptions set around their amount row', () => {
  it('gives a single line between two rows to the row below where this document sets descriptions around their row elsewhere', () => {
    const t = read(
      page([
        { date: '02/01/2026', desc: ['CARD PAYMENT TO ENI STATION BARI', 'ON 01 JAN CARD *5695'], cells: [[470, '-67,04'], [540, '8.363,29']] },
        { date: '02/01/2026', desc: ['DEBIT CARD PAYMENT BAR CENTRALE', 'ON 01 JAN CARD *5695'], cells: [[470, '-89,29'], [540, '8.274,00']] },
        { date: '05/01/2026', above: 'FASTER PAYMENT TO THOMAS WILLIAMS', desc: ['BILLS', 'REF IFJMSV652H3W'], cells: [[470, '-336,64'], [540, '7.937,36']] },
        { date: '05/01/2026', above: 'FASTER PAYMENT TO OLIVER MACDONALD', desc: ['RENT SHARE', 'REF OGMOM7AGX0RZ'], cells: [[470, '-175,23'], [540, '7.762,13']] },
        { date: '05/01/2026', desc: ['COUNTER CREDIT'], cells: [[470, '100,00'], [540, '7.862,13']] },
        { date: '05/01/2026', above: 'ONLINE PAYMENT RACHEL MACDONALD', desc: ['RENT SHARE', 'REF U3X36L4NN4KY'], cells: [[470, '-757,69'], [540, '7.104,44']] },
        { date: '05/01/2026', desc: ['CARD PAYMENT TO TRENITALIA NAPOLI', 'ON 03 JAN CARD *5695'], cells: [[470, '-103,01'], [540, '7.001,43']] },
      ]),
    );
    expect(t.txs.map((x) => x.description.join(' / '))).toEqual([
      'CARD PAYMENT TO ENI STATION BARI / ON 01 JAN CARD *5695',
      'DEBIT CARD PAYMENT BAR CENTRALE / ON 01 JAN CARD *5695',
      'FASTER PAYMENT TO THOMAS WILLIAMS / BILLS / REF IFJMSV652H3W',
      'FASTER PAYMENT TO OLIVER MACDONALD / RENT SHARE / REF OGMOM7AGX0RZ',
      'COUNTER CREDIT',
      'ONLINE PAYMENT RACHEL MACDONALD / RENT SHARE / REF U3X36L4NN4KY',
      'CARD PAYMENT TO TRENITALIA NAPOLI / ON 03 JAN CARD *5695',
    ]);
  });
});

describe('describe: Italian booking words open a description', () => {
  it('"PRELEVAMENTO CARTA" above a row opens its description, "BOLLO" opens its own (rows on a description\'s second line)', () => {
    const t = read(
      page([
        { date: '02/12/2025', above: 'DISPOSIZIONE DI BONIFICO', desc: ['GALLI GIANLUCA', 'CAUS: AFFITTO APPARTAMENTO DICEMBRE 2025'], cells: [[470, '750,00-'], [540, '6.782,33']] },
        { date: '04/12/2025', above: 'PAGAMENTO TRAMITE POS', desc: ['CONAD VERONA', 'CARTA N. ****3400 DEL 02/12/25 ORE 22.57'], cells: [[470, '195,36-'], [540, '6.586,97']] },
        { date: '23/12/2025', above: 'PAGAMENTO CARTA', desc: ['CARREFOUR EXPRESS NAPOLI', 'CARTA N. ****3400 DEL 22/12/25 ORE 11.45'], cells: [[470, '110,19-'], [540, '6.476,78']] },
        { date: '24/12/2025', above: 'PRELEVAMENTO CARTA', desc: ['ATM BANCAVIVA VERONA', 'CARTA ****3400 DEL 24/12/25 ORE 07.26'], cells: [[470, '100,00-'], [540, '6.376,78']] },
        { date: '31/12/2025', desc: ['CANONE CARTA DI DEBITO', 'PERIODO DICEMBRE 2025'], cells: [[470, '6,00-'], [540, '6.370,78']] },
        { date: '31/12/2025', desc: ['BOLLO ESTRATTO CONTO', 'DPR 642/72'], cells: [[470, '3,42-'], [540, '6.367,36']] },
        { date: '31/12/2025', above: 'ADDEBITO SDD CORE', desc: ['WINDTRE SPA', 'FATTURA N. 6535300188 DEL 31/12/25'], cells: [[470, '177,18-'], [540, '6.190,18']] },
      ]),
    );
    expect(t.txs.map((x) => x.description.join(' / ')).slice(2, 6)).toEqual([
      'PAGAMENTO CARTA / CARREFOUR EXPRESS NAPOLI / CARTA N. ****3400 DEL 22/12/25 ORE 11.45',
      'PRELEVAMENTO CARTA / ATM BANCAVIVA VERONA / CARTA ****3400 DEL 24/12/25 ORE 07.26',
      'CANONE CARTA DI DEBITO / PERIODO DICEMBRE 2025',
      'BOLLO ESTRATTO CONTO / DPR 642/72',
    ]);
  });
});

describe('describe: a row that lost its line under it keeps the line above', () => {
  it('does not give the line above back where the line under the row went to the next row without opening a description there', () => {
    const t = read(
      page([
        { date: '01.10.25', above: 'Dauerauftrag', desc: ['Hausverwaltung Gruber', 'Miete Oktober'], cells: [[470, 'EUR 850,00']] },
        { date: '06.10.25', above: 'girocard', desc: ['MERKUR Innsbruck', '04.10.2025 12:45 ME03 xxxx 9880'], cells: [[470, 'EUR 13,69']] },
        { date: '08.10.25', above: 'Kartenzahlung', desc: ['SPAR Linz', '07.10.2025 18:02 ME03 xxxx 9880'], cells: [[470, 'EUR 41,20']] },
        { date: '09.10.25', above: 'SEPA-Lastschrift', desc: ['Allianz Versicherungs-AG', 'Abschlag Gas 10/2025 Kd-Nr. 40000878'], cells: [[470, 'EUR 132,27']] },
        { date: '20.10.25', above: 'Echtzeitüberweisung', desc: ['Florian Schwarz', 'Erstattung'], cells: [[540, 'EUR 643,42']] },
        { date: '31.10.25', desc: ['Kontoführungsentgelt', 'Grundpreis Kontomodell'], cells: [[470, 'EUR 1,00']] },
        { date: '31.10.25', above: 'Lohn/Gehalt', desc: ['Müller Logistik GmbH', 'Gehalt 10/2025'], cells: [[540, 'EUR 3.282,75']] },
      ]),
    );
    expect(t.txs[3]!.description.join(' / ')).toBe('SEPA-Lastschrift / Allianz Versicherungs-AG / Abschlag Gas 10/2025 Kd-Nr. 40000878');
    expect(t.txs[4]!.description[0]).toBe('Echtzeitüberweisung');
  });
});

describe('describe: rows on their description\'s first line', () => {
  it('keeps a last line that opens like a booking ("MIETE …") on its row where no other row of the document is set around its amount row', () => {
    const t = read(
      page([
        { date: '05.03.2026', desc: ['KARTENZAHLUNG', 'ROSSMANN KÖLN', '05.03.2026 08:04 FOLGENR. 03'], cells: [[470, '-29,49'], [540, '7.677,67']] },
        { date: '06.04.2026', desc: ['ÜBERWEISUNG', 'MICHAEL SCHÄFER', 'MIETE UND NEBENKOSTEN APRIL'], cells: [[470, '-850,00'], [540, '6.827,67']] },
        { date: '06.04.2026', desc: ['ÜBERWEISUNGSGUTSCHRIFT', 'URSULA RICHTER', 'ANTEIL URLAUB'], cells: [[470, '687,61'], [540, '7.515,28']] },
        { date: '07.04.2026', desc: ['KARTENZAHLUNG GIROCARD', 'ARAL LEIPZIG'], cells: [[470, '-94,45'], [540, '7.420,83']] },
      ]),
    );
    expect(t.txs.map((x) => x.description.join(' / '))).toEqual([
      'KARTENZAHLUNG / ROSSMANN KÖLN / 05.03.2026 08:04 FOLGENR. 03',
      'ÜBERWEISUNG / MICHAEL SCHÄFER / MIETE UND NEBENKOSTEN APRIL',
      'ÜBERWEISUNGSGUTSCHRIFT / URSULA RICHTER / ANTEIL URLAUB',
      'KARTENZAHLUNG GIROCARD / ARAL LEIPZIG',
    ]);
  });
});

describe('describe: rows set on the second line of their description', () => {
  it('keeps a line under a two-line row where the row below has nothing under it (every row with a line above has lines under it)', () => {
    const t = read(
      page([
        { date: '02.09.2024', desc: ['Entgelte', 'Grundpreis Kontomodell'], cells: [[470, '15,00-'], [540, '7.976,81']] },
        { date: '02.09.2024', above: 'Kartenzahlung dm-drogerie markt, Leipzig', desc: ['01.09.2024 14:51 Karte 4552', 'Terminal 73892501'], cells: [[470, '88,39-'], [540, '7.888,42']] },
        { date: '05.09.2024', above: 'SEPA Basislastschrift Rundfunk ARD', desc: ['Abschlag Strom 09/2024', 'EREF: RLGGIPZE1P3SU1A4', 'MREF: NUR4YWCAUR'], cells: [[470, '79,67-'], [540, '7.808,75']] },
        { date: '09.09.2024', above: 'SEPA-Lastschrift Volkswagen Bank GmbH', desc: ['Darlehen 4220507157 Rate 09/2024', 'EREF: NXKKYC65G9KPIXN9', 'MREF: VWMAFIBST2'], cells: [[470, '586,14-'], [540, '7.222,61']] },
        { date: '16.09.2024', above: 'Echtzeitüberweisung Jan Meyer', desc: ['RE-Nr 931875', 'IBAN: DE36564142461988749573', 'EREF: QH8NSNAX99OEEZYS'], cells: [[470, '677,07-'], [540, '6.545,54']] },
        { date: '17.09.2024', desc: ['Bargeldauszahlung GA Stadtsparkasse', '16.09.2024 10:03 Karte 4552'], cells: [[470, '50,00-'], [540, '6.495,54']] },
        { date: '20.09.2024', desc: ['Debitkarte Internet ZALANDO SE', '18.09.2024 Karte 4552'], cells: [[470, '13,81-'], [540, '6.481,73']] },
        { date: '27.09.2024', above: 'SEPA Basislastschrift Vattenfall', desc: ['Rechnung 5367806676', 'EREF: TYPNZFT4KKDV7IBW', 'MREF: RY75UE03VH'], cells: [[470, '30,44-'], [540, '6.451,29']] },
        { date: '30.09.2024', desc: ['Habenzinsen', 'Rechnungsabschluss 30.09.2024'], cells: [[470, '2,63+'], [540, '6.453,92']] },
        { date: '30.09.2024', desc: ['Abschluss'], cells: [[470, '1,00-'], [540, '6.452,92']] },
        { date: '30.09.2024', above: 'Kartenzahlung girocard NETTO, Bremen', desc: ['30.09.2024 08:00 Folgenr. 08', 'Terminal 71908944'], cells: [[470, '70,82-'], [540, '6.382,10']] },
      ]),
    );
    expect(t.txs.map((x) => x.description.join(' / ')).slice(-4)).toEqual([
      'SEPA Basislastschrift Vattenfall / Rechnung 5367806676 / EREF: TYPNZFT4KKDV7IBW / MREF: RY75UE03VH',
      'Habenzinsen / Rechnungsabschluss 30.09.2024',
      'Abschluss',
      'Kartenzahlung girocard NETTO, Bremen / 30.09.2024 08:00 Folgenr. 08 / Terminal 71908944',
    ]);
    expect(t.txs[1]!.description.join(' / ')).toBe('Kartenzahlung dm-drogerie markt, Leipzig / 01.09.2024 14:51 Karte 4552 / Terminal 73892501');
  });
});

describe('describe: the end of the table', () => {
  it('leaves a note printed under the last row after a wider gap out of its description', () => {
    const p = page([
      { date: '30/10/2025', desc: ['DD VODAFONE LTD', 'A/C 41464963'], cells: [[470, '-131,86'], [540, '46,82']] },
      { date: '31/10/2025', desc: ['CARD PAYMENT TO GOOGLE *YOUTUBE', 'ON 31 OCT'], cells: [[470, '-121,92'], [540, '-75,10']] },
      { date: '31/10/2025', desc: ['ARRANGED OVERDRAFT FEE'], cells: [[470, '-3,00'], [540, '-78,10']] },
    ]);
    // rows from y 120 at a pitch of 10: the last row at 160, then the note under a wider gap
    p.words.push(...left('Arranged overdraft interest is charged monthly. See our Guide to Charges.', 150, 178));
    expect(read(p).txs.map((x) => x.description.join(' / '))).toEqual(['DD VODAFONE LTD / A/C 41464963', 'CARD PAYMENT TO GOOGLE *YOUTUBE / ON 31 OCT', 'ARRANGED OVERDRAFT FEE']);
  });
});

describe('readTable: page furniture', () => {
  it('a description line that happens to stand at the same height on two pages is furniture on neither', () => {
    const p1 = page([
      { date: '03/01/2026', desc: ['DD', 'THAMES WATER'], cells: [[470, '18,87'], [540, '981,13']] },
      { date: '04/01/2026', desc: ['CARD PAYMENT TESCO'], cells: [[470, '20,00'], [540, '961,13']] },
    ]);
    const p2 = { ...page([{ date: '05/01/2026', desc: ['DD', 'THAMES WATER'], cells: [[470, '18,87'], [540, '942,26']] }]), page: 2 };
    const t = readTable([buildLines(p1), buildLines(p2)], null, { opening: 100000, closing: 94226 });
    expect(t.txs.map((x) => x.description.join(' '))).toEqual(['DD THAMES WATER', 'CARD PAYMENT TESCO', 'DD THAMES WATER']);
  });

  it('a description line under the last row of two pages, at the same height on both, is no furniture', () => {
    const rows = (d: string): Parameters<typeof page>[0] => [
      { date: d, desc: ['OPERAZIONE POS', 'LIDL ITALIA BOLOGNA', 'CIRCUITO MAESTRO'], cells: [[470, '-27,10']] },
      { date: d, desc: ['PAGAMENTO TRAMITE POS', 'MEDIAWORLD FIRENZE', 'CARTA N. *7607 ORE 14.52', 'CIRCUITO MASTERCARD'], cells: [[470, '-49,41']] },
    ];
    const p1 = page(rows('19/01/2026'));
    p1.words.push(...left('Pagina 1', 500, 780));
    const p2 = { ...page(rows('27/02/2026')), page: 2 };
    p2.words.push(...left('Pagina 2', 500, 780));
    const t = readTable([buildLines(p1), buildLines(p2)], null, { opening: null, closing: null });
    expect(t.txs.map((x) => x.description.join(' / '))).toEqual([
      'OPERAZIONE POS / LIDL ITALIA BOLOGNA / CIRCUITO MAESTRO',
      'PAGAMENTO TRAMITE POS / MEDIAWORLD FIRENZE / CARTA N. *7607 ORE 14.52 / CIRCUITO MASTERCARD',
      'OPERAZIONE POS / LIDL ITALIA BOLOGNA / CIRCUITO MAESTRO',
      'PAGAMENTO TRAMITE POS / MEDIAWORLD FIRENZE / CARTA N. *7607 ORE 14.52 / CIRCUITO MASTERCARD',
    ]);
  });

  it('a description line above the first row of two pages that start at the same height is no furniture', () => {
    const p1 = page([
      { date: '01/10/2024', above: 'BANK GIRO CREDIT', desc: ['DWP STATE PENSION', 'REF 6UUIKI1Q5 OCT'], cells: [[470, '2,107.53']] },
      { date: '01/10/2024', above: 'CARD PAYMENT TO', desc: ['TESCO STORES BRISTOL', 'ON 01 OCT CARD *9240'], cells: [[470, '-81.93']] },
      { date: '03/10/2024', above: 'CASH WITHDRAWAL', desc: ['ALBION BRISTOL', 'ON 03 OCT 12:24 CARD *9240'], cells: [[470, '-250.00']] },
    ]);
    const p2 = { ...page([{ date: '14/10/2024', above: 'CONTACTLESS PAYMENT', desc: ['SHELL BIRMINGHAM', 'ON 11 OCT CARD *9240'], cells: [[470, '-128.51']] }]), page: 2 };
    const p3 = { ...page([{ date: '30/10/2024', above: 'CONTACTLESS PAYMENT', desc: ['UBER *TRIP LONDON', 'ON 30 OCT CARD *9240'], cells: [[470, '-110.80']] }]), page: 3 };
    const t = readTable([buildLines(p1), buildLines(p2), buildLines(p3)], null, { opening: null, closing: null });
    expect(t.txs.map((x) => x.description.join(' / ')).slice(-2)).toEqual([
      'CONTACTLESS PAYMENT / SHELL BIRMINGHAM / ON 11 OCT CARD *9240',
      'CONTACTLESS PAYMENT / UBER *TRIP LONDON / ON 30 OCT CARD *9240',
    ]);
  });
});

describe('readTable: where bookings stop, and newest-first chains from the opening', () => {
  it('leaves undated figures after the last dated row out where every booking prints its date and a balance', () => {
    const p = page([
      { date: '28/10/2024', desc: ['ADDEBITO DIRETTO PAYPAL'], cells: [[420, '86,12'], [540, '1.181,55']] },
      { date: '29/10/2024', desc: ['BONIFICO A VOSTRO FAVORE'], cells: [[480, '319,21'], [540, '1.500,76']] },
      { date: '31/10/2024', desc: ['COMMISSIONI E SPESE'], cells: [[420, '0,50'], [540, '1.500,26']] },
      // the settlement of the period under the table: figures in the debit column, no balance
      { desc: ['Interessi debitori'], cells: [[420, '1,80']] },
      { desc: ['Imposta di bollo'], cells: [[420, '8,55']] },
    ]);
    const t = read(p, { opening: 126767, closing: 150026 });
    expect(t.txs.map((x) => x.amountCents)).toEqual([-8612, 31921, -50]);
  });

  it('keeps undated rows after the last dated row where they carry the balance like the dated ones (the last day printed once)', () => {
    const p = page([
      { date: '27/06/2024', desc: ['ADDEBITO SDD CORE'], cells: [[420, '167,83'], [540, '15.413,34']] },
      { date: '28/06/2024', desc: ['CANONE MENSILE CONTO'], cells: [[420, '5,00'], [540, '15.408,34']] },
      { desc: ['BOLLO ESTRATTO CONTO'], cells: [[420, '25,00'], [540, '15.383,34']] },
      { desc: ['INTERESSI CREDITORI'], cells: [[480, '28,97'], [540, '15.412,31']] },
    ]);
    const t = read(p, { opening: 1558117, closing: 1541231 });
    expect(t.txs.map((x) => [x.date, x.amountCents])).toEqual([
      ['2024-06-27', -16783],
      ['2024-06-28', -500],
      ['2024-06-28', -2500],
      ['2024-06-28', 2897],
    ]);
  });

  it('newest first, signs the oldest booking from the opening balance', () => {
    const p = page([
      { date: '07/02/2025', desc: ['PRELIEVO ATM'], cells: [[400, 'D'], [470, '100,00'], [540, '5.123,36']] },
      { date: '05/02/2025', desc: ['BONIFICO AFFITTO'], cells: [[400, 'D'], [470, '1.300,00'], [540, '5.223,36']] },
      { date: '03/02/2025', desc: ['OPERAZIONE POS'], cells: [[400, 'D'], [470, '13,36'], [540, '6.523,36']] },
      { date: '03/02/2025', desc: ['APPLE.COM/BILL 1649'], cells: [[470, '139,01'], [540, '6.536,72']] },
    ]);
    const t = read(p, { opening: 667573, closing: null });
    expect(t.newestFirst).toBe(true);
    expect(t.txs.map((x) => x.amountCents)).toEqual([-10000, -130000, -1336, -13901]);
  });
});

describe('describe: lines above the amount row in a short table', () => {
  it('keeps one line above each row although two single-line rows have none between them', () => {
    const t = read(
      page([
        { date: '02/12/2024', above: 'ADDEBITO DIRETTO ENEL ENERGIA', desc: ['BOLLETTA DICEMBRE 2024', 'MANDATO WH02Z535'], cells: [[470, '-58,07'], [540, '-588,35']] },
        { date: '04/12/2024', above: 'ADDEBITO BONIFICO PERIODICO', desc: ['CANONE LOCAZIONE DICEMBRE', 'IBAN BEN. IT40N994'], cells: [[470, '-750,00'], [540, '-1.338,35']] },
        { date: '07/12/2024', above: 'PAGAMENTO TRAMITE POS DECATHLON', desc: ['CARTA N. XXXX 4188', 'CIRCUITO VISA DEBIT'], cells: [[470, '-164,43'], [540, '-1.502,78']] },
        { date: '09/12/2024', above: 'ADDEBITO SDD CORE ILIAD', desc: ['FATTURA N. 7398757008', 'MANDATO T996E3OB'], cells: [[470, '-77,84'], [540, '-1.580,62']] },
        { date: '31/12/2024', desc: ['CANONE CARTA DI DEBITO'], cells: [[470, '-9,00'], [540, '-1.589,62']] },
        { date: '31/12/2024', desc: ['INTERESSI DEBITORI'], cells: [[470, '-10,33'], [540, '-1.599,95']] },
      ]),
      { opening: -53028, closing: -159995 },
    );
    expect(t.txs.map((x) => x.description.join(' '))).toEqual([
      'ADDEBITO DIRETTO ENEL ENERGIA BOLLETTA DICEMBRE 2024 MANDATO WH02Z535',
      'ADDEBITO BONIFICO PERIODICO CANONE LOCAZIONE DICEMBRE IBAN BEN. IT40N994',
      'PAGAMENTO TRAMITE POS DECATHLON CARTA N. XXXX 4188 CIRCUITO VISA DEBIT',
      'ADDEBITO SDD CORE ILIAD FATTURA N. 7398757008 MANDATO T996E3OB',
      'CANONE CARTA DI DEBITO',
      'INTERESSI DEBITORI',
    ]);
  });
});
