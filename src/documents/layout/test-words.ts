/**
 * Test helper: positioned words laid out as a simple font would (no PDF), and lines built from them.
 * Used by the header-field tests.
 */
import { buildLines } from './lines.ts';
import type { Line, PositionedWord } from './model.ts';

/** The words of `text` starting at x on a baseline row at y (character width half the size). */
export function words(text: string, x: number, y: number, size = 9): PositionedWord[] {
  const out: PositionedWord[] = [];
  let cx = x;
  for (const t of text.split(' ')) {
    const w = t.length * size * 0.5;
    out.push({ text: t, x0: cx, x1: cx + w, y0: y, y1: y + size });
    cx += w + size * 0.28;
  }
  return out;
}

/** Lines of one A4 page holding the given words. */
export const lines = (...ws: PositionedWord[][]): Line[] => buildLines({ page: 1, width: 595, height: 842, words: ws.flat() });
