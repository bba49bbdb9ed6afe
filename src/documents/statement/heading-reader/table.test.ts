import { describe, expect, it } from 'vitest';
import type { Line, PositionedWord } from '../../layout/model.ts';
import { phrases } from '../../layout/lines.ts';
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

  it('a ten-letter header word may carry two errors ("Enäuterung": rl read as n)', () => {
    const cols = detectHeader(line([['Enäuterung', 141], ['Buchungstag', 36], ['Soll', 422], ['Haben', 508], ['Wert', 102]]));
    expect(cols?.map((c) => c.kind)).toEqual(['date', 'value_date', 'description', 'debit', 'credit']);
  });

  it('a near-miss alone never makes a header', () => {
    expect(detectHeader(line([['Enläuterung', 36], ['zur', 102], ['Rechnung', 141]]))).toBeNull();
  });
});

describe('phrases', () => {
  it('an OCR box without ascenders ("mar") does not split a date: the taller neighbour sets the gap unit', () => {
    const w = (text: string, x0: number, x1: number, y0: number, y1: number): PositionedWord => ({ text, x0, x1, y0, y1, confidence: 0.9 });
    const words = [w('12', 42.1, 49.7, 286.6, 292.7), w('mar', 52.6, 67.0, 288.4, 292.7), w('2026', 68.8, 86.0, 286.9, 292.7), w('13', 112, 119.9, 286.6, 292.7)];
    const l: Line = { page: 1, words, text: '12 mar 2026 13', x0: 42.1, x1: 119.9, y0: 286.6, y1: 292.7 };
    expect(phrases(l).map((p) => p.text)).toEqual(['12 mar 2026', '13']);
  });
});
