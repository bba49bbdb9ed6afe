/** Scans are read by the same geometry table reader as text PDFs: no separate statement extractor (issue 20). */
import { describe, expect, it } from 'vitest';
import type { PositionedWord, WordPage } from '../layout/model.ts';
import { extractOcrStatement } from './ocr.ts';
import { extractStatement } from './pages.ts';

/** A heading row and bookings with running balances. */
function page(): WordPage {
  const rows: [number, string][][] = [
    [[40, 'Data'], [120, 'Descrizione'], [380, 'Importo'], [480, 'Saldo']],
    [[40, '01/03/2024'], [120, 'SALDO INIZIALE'], [480, '1.000,00']],
    [[40, '02/03/2024'], [120, 'BONIFICO'], [380, '-82,89'], [480, '917,11']],
    [[40, '05/03/2024'], [120, 'STIPENDIO'], [380, '1.500,00'], [480, '2.417,11']],
    [[40, '09/03/2024'], [120, 'AFFITTO'], [380, '-700,00'], [480, '1.777,11']],
    [[40, '12/03/2024'], [120, 'POS'], [380, '-32,89'], [480, '1.694,22']],
  ];
  const words: PositionedWord[] = [];
  rows.forEach((cells, r) => {
    for (const [x, text] of cells) words.push({ text, x0: x, x1: x + text.length * 5, y0: 100 + r * 14, y1: 108 + r * 14, confidence: 0.9 });
  });
  return { page: 1, width: 595, height: 842, words };
}

describe('extractOcrStatement reads with the table reader of text PDFs', () => {
  // (The heading reader and its `reader: 'header'` option are gone: there is no other reader to ask for.)
  it('a scan whose words need no repair gives the statement a text PDF with the same words gives', () => {
    const x = extractOcrStatement([page()]);
    expect(x.statement.transactions.length).toBe(4);
    expect(x.repairs).toEqual([]);
    expect(x.statement).toEqual(extractStatement([page()]).statement);
  });
});
