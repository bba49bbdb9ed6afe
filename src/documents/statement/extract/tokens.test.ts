/** Tokens of a line as OCR reads them (no OCR engine involved): a marker letter read twice. */
import { describe, expect, it } from 'vitest';
import type { PositionedWord, WordPage } from '../../layout/model.ts';
import { apiView } from '../api.ts';
import { extractOcrStatement } from '../ocr.ts';

/** One page from rows of [x, text, width?] cells, 14 pt apart; 5 pt a character unless a width is given. */
function page(rows: [number, string, number?][][]): WordPage {
  const words: PositionedWord[] = [];
  rows.forEach((cells, r) => {
    for (const [x, text, width] of cells)
      words.push({ text, x0: x, x1: x + (width ?? text.length * 5), y0: 100 + r * 14, y1: 108 + r * 14, confidence: 0.6 });
  });
  return { page: 1, width: 595, height: 842, words };
}

describe('a debit/credit marker OCR read twice ("Cc" in the box of one C)', () => {
  // Newest first, a D/C column before the amount, each day closed by an "End of day balance" row whose
  // balance stands in the amount column with its C; the debits' D markers were lost on the photo, and no
  // opening balance is printed: only the day balances can sign them.
  const rows = (dayMarker: string, width: number): [number, string, number?][][] => [
    [[40, 'D/C'], [70, 'AMOUNT'], [130, 'DATE'], [200, 'DETAILS']],
    [[40, 'C', 6], [65, '6,033.52'], [200, 'BALANCE'], [245, 'AT'], [262, '31-03-2024']],
    [[80, '34.12'], [130, '29-03-2024'], [200, 'OVERDRAFT'], [250, 'INTEREST']],
    [[40, dayMarker, width], [65, '6,033.52'], [200, 'End'], [220, 'of'], [232, 'day'], [252, 'balance'], [292, '29-03-2024']],
    [[75, '174.16'], [130, '28-03-2024'], [200, 'DIRECT'], [235, 'DEBIT'], [265, 'AVIVA']],
    [[40, dayMarker, width], [65, '6,067.64'], [200, 'End'], [220, 'of'], [232, 'day'], [252, 'balance'], [292, '28-03-2024']],
    [[40, 'C', 6], [65, '1,778.35'], [130, '01-03-2024'], [200, 'FASTER'], [235, 'PAYMENT'], [275, 'RECEIVED']],
    [[40, dayMarker, width], [65, '6,241.80'], [200, 'End'], [220, 'of'], [232, 'day'], [252, 'balance'], [292, '01-03-2024']],
  ];

  it('is the marker: the day rows are balances and the chain signs the debits', () => {
    for (const [marker, width] of [['C', 6], ['Cc', 7]] as const) {
      const x = extractOcrStatement([page(rows(marker, width))]);
      expect(apiView(x).transactions.map((t) => t.amount)).toEqual([-34.12, -174.16, 1778.35]);
    }
  });

  it('two letters as wide as two glyphs stay a word', () => {
    const x = extractOcrStatement([page(rows('Cc', 12))]);
    expect(apiView(x).transactions.map((t) => t.amount)).not.toEqual([-34.12, -174.16, 1778.35]);
  });
});
