/** Scans are read by the same geometry table reader as text PDFs: no separate statement extractor (issue 20). */
import { describe, expect, it, vi } from 'vitest';
import type { PositionedWord, WordPage } from '../layout/model.ts';
import type * as Pages from './pages.ts';
import type { ExtractOptions } from './pages.ts';

const calls: (ExtractOptions | undefined)[] = [];
vi.mock('./pages.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Pages>();
  return {
    ...actual,
    extractStatement: (pages: Parameters<typeof actual.extractStatement>[0], opts?: ExtractOptions) => {
      calls.push(opts);
      return actual.extractStatement(pages, opts);
    },
  };
});
const { extractOcrStatement } = await import('./ocr.ts');

/** A heading row and bookings with running balances, one misread digit for the repairs to try. */
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

describe('extractOcrStatement reads with the geometry reader only', () => {
  it('never asks for the heading reader, for the first reading or any repair', () => {
    calls.length = 0;
    const x = extractOcrStatement([page()]);
    expect(x.statement.transactions.length).toBe(4);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((o) => o?.reader === 'header')).toEqual([]);
  });
});
