/** Geometry of positioned words: which boxes share a table column or a line. */
import type { PositionedWord } from './model.ts';

/** Boxes that share most of the narrower one's width: one column of a table. */
export function sameColumn(a: PositionedWord, b: PositionedWord): boolean {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 * Math.min(a.x1 - a.x0, b.x1 - b.x0);
}

/** Boxes that share most of the lower one's height: one line. */
export function sameLine(a: PositionedWord, b: PositionedWord): boolean {
  return Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);
}

/** Words on a row's band [x0, y0, x1, y1] (a point of slack either side). */
export const inRowOf =
  ([, y0, , y1]: readonly [number, number, number, number]) =>
  (w: PositionedWord): boolean =>
    w.y1 >= y0 - 1 && w.y0 <= y1 + 1;
