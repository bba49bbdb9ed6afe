/** Month names OCR misread inside "dd Mon yyyy" dates, read against the document's own language (no OCR engine involved). */
import { describe, expect, it } from 'vitest';
import type { PositionedWord, WordPage } from '../layout/model.ts';
import { cleanOcrPages } from './ocr.ts';

/** One page from rows of [x, text] cells, 14 pt apart; words 5 pt a character, a space 4 pt. */
function page(rows: string[]): WordPage {
  const words: PositionedWord[] = [];
  rows.forEach((row, r) => {
    let x = 40;
    for (const text of row.split(' ')) {
      words.push({ text, x0: x, x1: x + text.length * 5, y0: 100 + r * 14, y1: 108 + r * 14, confidence: 0.6 });
      x += text.length * 5 + 4;
    }
  });
  return { page: 1, width: 595, height: 842, words };
}

const lines = (p: WordPage[]): string[] => {
  const byY = new Map<number, string[]>();
  for (const w of p[0]!.words) byY.set(w.y0, [...(byY.get(w.y0) ?? []), w.text]);
  return [...byY.values()].map((ws) => ws.join(' '));
};

describe('misread month names in printed dates', () => {
  it('an English statement: "jen", "Jon", "0ct" are the month its well-read dates name, in the word’s case', () => {
    const p = cleanOcrPages([
      page([
        'OPENING BALANCE ON 31 DEC 2025',
        '08 jan 2026 DIRECT DEBIT 385.64',
        '19 jen 2026 ARRANGED OVERDRAFT FEE 25.00',
        '21 Jon 2026 CARD PAYMENT 102.03',
        'Ol jen 2026 STANDING ORDER 1,100.00',
        '03 0ct 2025 REFUND 3.00',
        'CLOSING BALANCE ON 31 JAN 2026',
      ]),
    ]);
    expect(lines(p)).toEqual([
      'OPENING BALANCE ON 31 DEC 2025',
      '08 jan 2026 DIRECT DEBIT 385.64',
      '19 jan 2026 ARRANGED OVERDRAFT FEE 25.00',
      '21 Jan 2026 CARD PAYMENT 102.03',
      '01 jan 2026 STANDING ORDER 1,100.00',
      '03 oct 2025 REFUND 3.00',
      'CLOSING BALANCE ON 31 JAN 2026',
    ]);
  });

  it('the document’s language decides between two languages’ names; the dates it reads decide between two months', () => {
    // Italian dates: "gcn" is one edit from "gen"; "lng" one from "lug" (July), and "giu" is no closer.
    const it1 = cleanOcrPages([page(['03 gen 2026 BONIFICO 10,00', '05 gcn 2026 POS 3,00', '07 lng 2026 POS 4,00', '02 lug 2026 ATM 5,00'])]);
    expect(lines(it1)).toEqual(['03 gen 2026 BONIFICO 10,00', '05 gen 2026 POS 3,00', '07 lug 2026 POS 4,00', '02 lug 2026 ATM 5,00']);
    // "Jon" is one edit from January and from June: the June statement's dates say June.
    const june = cleanOcrPages([page(['01 Jun 2025 CARD 1.00', '12 Jon 2025 CARD 2.00', '30 Jun 2025 CARD 3.00'])]);
    expect(lines(june)[1]).toBe('12 Jun 2025 CARD 2.00');
    // Nothing read well to tell: "Jon" stays as read.
    expect(lines(cleanOcrPages([page(['12 Jon 2025 CARD 2.00'])]))[0]).toBe('12 Jon 2025 CARD 2.00');
  });

  it('a date run together ("150ct2025", "15 0ct2025", "O4Jun") is read with its month, to be cut into its parts', () => {
    const p = cleanOcrPages([page(['01 Oct 2025 CARD 1.00', '150ct2025 DD BT GROUP 2.00', '15 0ct2025 CARD 3.00', 'O4Jun REFUND 4.00'])]);
    expect(lines(p)).toEqual(['01 Oct 2025 CARD 1.00', '15 oct 2025 DD BT GROUP 2.00', '15 oct 2025 CARD 3.00', '04 Jun REFUND 4.00']);
  });

  it('a word between numbers that is no date stays ("15 per 2026"; a name without a year after it)', () => {
    const p = cleanOcrPages([page(['01 Jan 2026 CARD 1.00', '15 per 2026 INVOICE', 'UNIT 4 Jane 12'])]);
    expect(lines(p)).toEqual(['01 Jan 2026 CARD 1.00', '15 per 2026 INVOICE', 'UNIT 4 Jane 12']);
    // Words whose first letter has a digit's shape are no day run into a month ("I" + "REN" is not 1 GEN).
    const words = cleanOcrPages([page(['01 gen 2026 BONIFICO 1,00', 'ADDEBITO IREN MERCATO', 'QUOTA IBAN BEN.', 'BOLLETTA OTTOBRE 2024'])]);
    expect(lines(words)).toEqual(['01 gen 2026 BONIFICO 1,00', 'ADDEBITO IREN MERCATO', 'QUOTA IBAN BEN.', 'BOLLETTA OTTOBRE 2024']);
  });
});
