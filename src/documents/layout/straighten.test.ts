import { describe, expect, it } from 'vitest';
import { buildLines } from './lines.ts';
import type { PositionedWord, WordPage } from './model.ts';
import { residualSlope, straighten } from './straighten.ts';

/** Rows of words (date, description, amount) on a page turned by `deg` (y grows with x). */
function page(deg: number, ocr = true): WordPage {
  const tan = Math.tan((deg * Math.PI) / 180);
  const words: PositionedWord[] = [];
  for (let r = 0; r < 20; r++) {
    const y = 100 + r * 11;
    for (const [x, text] of [[30, '03/05/24'], [80, 'PAGAMENTO'], [140, 'POS'], [170, 'NEGOZIO'], [330, '12,50']] as const) {
      const x1 = x + text.length * 4.5;
      const dy = ((x + x1) / 2) * tan;
      words.push({ text, x0: x, x1, y0: y + dy, y1: y + 8 + dy, ...(ocr ? { confidence: 0.9 } : {}) });
    }
  }
  return { page: 1, width: 400, height: 600, words };
}

describe('straighten', () => {
  it('shears a page whose lines run at an angle back level, so a row keeps its amount', () => {
    const tilted = page(1.6);
    expect(buildLines(tilted).some((l) => l.words.length < 5)).toBe(true);
    const lines = buildLines(straighten(tilted));
    expect(lines).toHaveLength(20);
    expect(lines.every((l) => l.words.length === 5)).toBe(true);
    expect(Math.atan(residualSlope(tilted.words)) * (180 / Math.PI)).toBeCloseTo(1.6, 0);
  });

  it('leaves level pages and text-layer pages alone', () => {
    const level = page(0);
    expect(straighten(level).words).toEqual(level.words);
    const textLayer = page(1.6, false);
    expect(straighten(textLayer)).toBe(textLayer);
  });
});
