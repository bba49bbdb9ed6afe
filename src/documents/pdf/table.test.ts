import { describe, expect, it } from 'vitest';
import type { Line, PositionedWord } from './model.ts';
import { detectHeader } from './table.ts';

function line(cells: [string, number][]): Line {
  const words: PositionedWord[] = cells.map(([text, x]) => ({ text, x0: x, x1: x + text.length * 4, y0: 100, y1: 108 }));
  return { words, text: words.map((w) => w.text).join(' '), x0: words[0]!.x0, x1: words.at(-1)!.x1, y0: 100, y1: 108 } as Line;
}

describe('header detection with one OCR letter error', () => {
  it('"Enläuterung" next to exact header words is the description column', () => {
    const cols = detectHeader(line([['Buchungstag', 36], ['Wert', 102], ['Enläuterung', 141], ['Soll', 422], ['Haben', 508]]));
    expect(cols?.map((c) => c.kind)).toEqual(['date', 'value_date', 'description', 'debit', 'credit']);
  });

  it('a near-miss alone never makes a header', () => {
    expect(detectHeader(line([['Enläuterung', 36], ['zur', 102], ['Rechnung', 141]]))).toBeNull();
  });
});
