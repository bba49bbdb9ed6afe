/**
 * Labelled opening/closing balances on positioned words: summary boxes (value
 * right of or under the label), text lines, rows with the amount left of the
 * label, S/H and DR/CR markers, trailing minus, dated labels decided by the period.
 */
import { describe, expect, it } from 'vitest';
import { amountInWords, findLabelledBalances, preferRows } from './balance-labels.ts';
import { lines, words } from '../../layout/test-words.ts';

const period = { start: '2025-10-01', end: '2025-10-31' };

describe('labelled balances', () => {
  it('reads a summary box with markers and trailing signs', () => {
    const ls = lines(
      words('Anfangssaldo', 51, 253),
      words('10.443,22 H €', 246, 253),
      words('Endsaldo', 51, 265),
      words('9.063,12-', 246, 265),
    );
    const b = findLabelledBalances(ls, period);
    expect(b.opening?.value).toBe(1_044_322);
    expect(b.closing?.value).toBe(-906_312);
  });

  it('reads values printed under their labels', () => {
    const ls = lines(
      words('Saldo precedente', 40, 100),
      words('Saldo finale', 200, 100),
      words('1.234,56', 40, 111),
      words('987,65', 200, 111),
    );
    const b = findLabelledBalances(ls, period);
    expect(b.opening?.value).toBe(123_456);
    expect(b.closing?.value).toBe(98_765);
  });

  it('decides dated labels by the period and ignores day balances inside it', () => {
    const ls = lines(
      words('Saldo al 01/10/2025 -221,35 EUR', 50, 168),
      words('SALDO AL 15/10/2025', 150, 300),
      words('1.377,40', 500, 300),
      words('Balance at 31/10/2025: 469,93', 50, 400),
    );
    const b = findLabelledBalances(ls, period);
    expect(b.opening?.value).toBe(-22_135);
    expect(b.closing?.value).toBe(46_993);
  });

  it('reads an amount left of the label and a debit marker', () => {
    const ls = lines(
      words('53,12 D SALDO PRECEDENTE', 248, 289),
      words('6,871.14', 51, 320),
      words('CLOSING BALANCE', 262, 320),
    );
    const b = findLabelledBalances(ls, period);
    expect(b.opening?.value).toBe(-5_312);
    expect(b.closing?.value).toBe(687_114);
  });

  it('takes "balance carried forward" as closing only when nothing is brought forward after it', () => {
    const page = lines(words('Balance carried forward', 43, 100), words('617,54 CR', 239, 100));
    expect(findLabelledBalances(page, period).closing?.value).toBe(61_754);
    const carry = lines(
      words('Balance carried forward', 43, 100),
      words('617,54', 239, 100),
      words('Balance brought forward', 43, 300),
      words('617,54', 239, 300),
    );
    expect(findLabelledBalances(carry, period).closing).toBeNull();
  });

  it('joins grouped digits and skips currency words', () => {
    expect(amountInWords(words('EUR 7 661,15', 0, 0))?.cents).toBe(766_115);
    expect(amountInWords(words('2,930.81 CR GBP', 0, 0))?.cents).toBe(293_081);
    expect(amountInWords(words('al 31/03/2026', 0, 0))).toBeNull();
  });

  it('defers a row balance to the table reader unless only a printed sign differs', () => {
    const mine = {
      value: 5_312,
      confidence: 0.9,
      page: 1,
      bbox: [0, 0, 0, 0] as [number, number, number, number],
      inTable: true,
      column: null as 'none' | null,
    };
    const rows = {
      value: -5_312,
      confidence: 0.85,
      page: 1,
      bbox: [0, 0, 0, 0] as [number, number, number, number],
    };
    expect(preferRows(mine, rows)?.value).toBe(-5_312);
    expect(preferRows({ ...mine, value: -5_312 }, { ...rows, value: 5_312 })?.value).toBe(-5_312);
    expect(preferRows({ ...mine, inTable: false, value: 100 }, rows)?.value).toBe(100);
    expect(preferRows(mine, null)?.value).toBe(5_312);
    // A summary box the reader took for rows: its amount stands under no amount column.
    expect(preferRows({ ...mine, column: 'none' }, rows)?.value).toBe(5_312);
  });

  it('signs a row balance printed in the debit column of a Paid out / Paid in table', () => {
    const ls = lines(
      words('DETAILS', 62, 216),
      words('POSTING', 610, 216),
      words('DEBITS', 726, 216),
      words('CREDITS', 768, 216),
      words('START BALANCE', 62, 246),
      words('467.86', 726, 246),
      words('CONTACTLESS PAYMENT GREGGS', 62, 259),
      words('01/05/2025', 610, 259),
      words('183.07', 726, 259),
    );
    const b = findLabelledBalances(ls, null, new Set(ls.slice(1)));
    expect(b.opening?.value).toBe(-46_786);
    expect(b.opening?.column).toBe('debit');
  });
});

describe('undated balance words', () => {
  it('takes "Ledger balance:" as the closing balance when nothing else closes', () => {
    const ls = lines(words('Ledger balance: GBP 1355.04 DR', 32, 290));
    expect(findLabelledBalances(ls, null).closing?.value).toBe(-135_504);
    expect(findLabelledBalances(ls, null).opening).toBeNull();
  });

  it('does not take a page carry ("Saldo riportato") for the opening balance', () => {
    const ls = lines(
      words('Saldo al 30-09-2024', 37, 222),
      words('6.839,61', 246, 222),
      words('SALDO RIPORTATO', 118, 400),
      words('6.157,59', 508, 400),
    );
    expect(findLabelledBalances(ls, { start: '2024-10-01', end: '2024-12-31' }).opening?.value).toBe(683_961);
  });

  it('takes the sign of a balance row from a marker column', () => {
    const de = lines(words('-', 123, 195), words("1'384.65 KONTOSTAND VOM 30.11.2024", 138, 195));
    expect(findLabelledBalances(de, { start: '2024-12-01', end: '2024-12-31' }).opening?.value).toBe(
      -138_465,
    );
    const en = lines(words('Previous balance', 96, 287), words('D', 462, 287), words('1176.52', 527, 287));
    expect(findLabelledBalances(en, null).opening?.value).toBe(-117_652);
    const it = lines(words('Saldo iniziale', 96, 287), words('A', 462, 287), words('1.176,52', 527, 287));
    expect(findLabelledBalances(it, null).opening?.value).toBe(117_652);
  });

  it('takes the sign from the signed printing of the same balance', () => {
    const ls = lines(
      words('Kontostand per 31.03.26', 46, 188),
      words('2.489,67 S', 256, 188),
      words('Kontostand am 31.03.26', 109, 245),
      words('2.489,67', 507, 245),
    );
    expect(findLabelledBalances(ls, { start: '2026-01-01', end: '2026-03-31' }).closing?.value).toBe(
      -248_967,
    );
  });
});
