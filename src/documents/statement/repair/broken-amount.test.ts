/** An amount OCR read into no amount ("4,073.0", "177.4%"), given its figure by the balances around its row (no OCR engine involved). */
import { describe, expect, it } from 'vitest';
import type { PositionedWord, WordPage } from '../../layout/model.ts';
import { apiView } from '../api.ts';
import { extractOcrStatement } from '../ocr.ts';

/** One page from rows of cells: [x, text] left-aligned, or [text, right edge] right-aligned; 5 pt a character, rows 14 pt apart. */
function page(rows: ([number, string] | [string, number])[][]): WordPage {
  const words: PositionedWord[] = [];
  rows.forEach((cells, r) => {
    for (const c of cells) {
      const [x0, text] = typeof c[0] === 'number' ? [c[0], c[1] as string] : [(c[1] as number) - c[0].length * 5, c[0]];
      words.push({ text, x0, x1: x0 + text.length * 5, y0: 100 + r * 14, y1: 108 + r * 14, confidence: 0.6 });
    }
  });
  return { page: 1, width: 595, height: 842, words };
}

describe('broken_amount: an amount read into no amount, held to the balances around its row', () => {
  const rows = (second: string, fourth: string): ([number, string] | [string, number])[][] => [
    [[40, 'DATE'], [110, 'DESCRIPTION'], ['AMOUNT', 340], ['BALANCE', 470]],
    [[110, 'OPENING'], [150, 'BALANCE'], ['33,029.92', 470]],
    [[40, '06/01/2025'], [110, 'ELECTRIC'], [160, 'IRELAND'], ['-105.19', 340], ['32,924.73', 470]],
    [[40, '07/01/2025'], [110, 'TRANSFER'], [160, 'NORTHERN'], [second, 340], ['28,851.64', 470]],
    [[40, '09/01/2025'], [110, 'AVIVA'], [160, 'MANDATE'], ['-177.16', 340], ['28,674.48', 470]],
    [[40, '10/01/2025'], [110, 'TESCO'], [160, 'LOAN'], [fourth, 340], ['28,194.62', 470]],
    [[40, '28/01/2025'], [110, 'GIRO'], [160, 'CREDIT'], ['7,516.95', 340], ['35,711.57', 470]],
    [[110, 'CLOSING'], [150, 'BALANCE'], ['35,711.57', 470]],
  ];
  const amounts = [-105.19, -4073.09, -177.16, -479.86, 7516.95];

  it('"-4,073.0" (a decimal lost) and "-479.8%" (decimals read as a glyph) are the figures the balances give', () => {
    expect(apiView(extractOcrStatement([page(rows('-4,073.09', '-479.86'))])).transactions.map((t) => t.amount)).toEqual(amounts);
    const x = extractOcrStatement([page(rows('-4,073.0', '-479.8%'))]);
    expect(apiView(x).transactions.map((t) => t.amount)).toEqual(amounts);
    expect(x.quality.reconciled).toBe(true);
    expect(x.repairs).toEqual([
      { page: 1, from: '-4,073.0', to: '-4,073.09', by: 'balance_chain', repair: 'broken_amount' },
      { page: 1, from: '-479.8%', to: '-479.86', by: 'balance_chain', repair: 'broken_amount' },
    ]);
  });

  it('a figure more than two edits from what was read is another number: left as read', () => {
    const x = extractOcrStatement([page(rows('-4,973.8', '-479.86'))]);
    expect(x.repairs.filter((e) => e.repair === 'broken_amount').map((e) => e.to)).not.toContain('-4,073.09');
  });

  it('a clean figure the chain breaks at is never rewritten (an edited statement prints clean figures)', () => {
    const x = extractOcrStatement([page(rows('-4,173.09', '-479.86'))]);
    expect(apiView(x).transactions[1]!.amount).toBe(-4173.09);
    expect(x.repairs.filter((e) => e.repair === 'broken_amount')).toEqual([]);
  });
});
