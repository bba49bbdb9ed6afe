/**
 * Straightening a page of OCR words: a scan or photo whose lines still run at a slight angle after
 * the image was deskewed puts a row's amount on the line of the next row. The residual angle is the
 * one under which the words' centres pile up into the sharpest horizontal bands (a projection
 * profile over the words, not the pixels); the words are then sheared back so each printed line is
 * level. Pages whose words are already level (every text PDF) come back unchanged.
 */
import type { PositionedWord, WordPage } from './model.ts';

/** Angles tried, in degrees either side of level, and the step between them. */
const MAX_DEG = 3;
const STEP_DEG = 0.1;

function sharpness(words: readonly PositionedWord[], tan: number, bin: number): number {
  const counts = new Map<number, number>();
  for (const w of words) {
    const xc = (w.x0 + w.x1) / 2;
    const yc = (w.y0 + w.y1) / 2 - xc * tan;
    const k = Math.floor(yc / bin);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let s = 0;
  for (const c of counts.values()) s += c * c;
  return s;
}

/** The residual angle of a page's lines, as a slope (tan), or 0 when level. */
export function residualSlope(words: readonly PositionedWord[]): number {
  const ws = words.filter((w) => w.text.trim().length > 0 && w.y1 > w.y0);
  if (ws.length < 30) return 0;
  const hs = ws.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  const bin = Math.max(0.5, hs[Math.floor(hs.length / 2)]! / 3);
  const level = sharpness(ws, 0, bin);
  let best = { tan: 0, s: level };
  for (let d = -MAX_DEG; d <= MAX_DEG + 1e-9; d += STEP_DEG) {
    const tan = Math.tan((d * Math.PI) / 180);
    const s = sharpness(ws, tan, bin);
    if (s > best.s) best = { tan, s };
  }
  // Only a clear gain: noise in a level page must not shear it.
  return Math.abs(best.tan) >= Math.tan((0.15 * Math.PI) / 180) && best.s > level * 1.1 ? best.tan : 0;
}

/** The page with its words sheared level (OCR pages only: a text layer is level by construction). */
export function straighten(page: WordPage): WordPage {
  if (!page.words.some((w) => w.confidence !== undefined)) return page;
  const tan = residualSlope(page.words);
  if (tan === 0) return page;
  return {
    ...page,
    words: page.words.map((w) => {
      const dy = ((w.x0 + w.x1) / 2) * tan;
      return { ...w, y0: w.y0 - dy, y1: w.y1 - dy };
    }),
  };
}
