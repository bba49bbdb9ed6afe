/**
 * Table rules out before OCR. Page segmentation reads a page as one block of text
 * lines (see index.ts), and a rule printed just under a header or between rows is
 * taken for part of the line next to it: tesseract then reads the whole row as
 * rubble ("««DIRECTDEBITSKY … sts—(‘<‘iéSOSOSOC") and the transaction is lost.
 * Long thin runs of ink, horizontal or vertical, are painted over with paper;
 * glyph strokes that cross a rule are thicker across it than a rule is, so they stay.
 */
import type { OcrImage } from './types.ts';

/** Ink: darker than this on a normalised page (ink ~0, paper ~255). */
const INK = 128;

export interface RuleOptions {
  /** A run of ink at least this long (px) is a rule candidate. */
  minRun: number;
  /** A rule is at most this thick (px) across its direction. */
  maxThick: number;
}

/** Rule sizes for a page scanned at `dpi`: runs of 0.75 in or more, at most 2.5 pt thick. */
export function ruleOptions(dpi: number): RuleOptions {
  return { minRun: Math.round(0.75 * dpi), maxThick: Math.max(2, Math.round((2.5 * dpi) / 72)) };
}

/** The page with its horizontal and vertical rules painted with paper; the same image when it has none. */
export function removeRules(gray: OcrImage, opts: RuleOptions): { image: OcrImage; removed: number } {
  if (gray.channels !== 1) throw new Error('removeRules expects a gray image');
  const { width: w, height: h, data } = gray;
  const mark = new Uint8Array(w * h);
  let removed = 0;
  // Horizontal: long runs along rows, erased where the ink is thin vertically.
  for (let y = 0; y < h; y++) {
    let x = 0;
    while (x < w) {
      if (data[y * w + x]! >= INK) {
        x++;
        continue;
      }
      const start = x;
      while (x < w && data[y * w + x]! < INK) x++;
      if (x - start < opts.minRun) continue;
      for (let k = start; k < x; k++) if (thin(data, w, h, k, y, 0, 1, opts)) mark[y * w + k] = 1;
    }
  }
  // Vertical: the same along columns.
  for (let x = 0; x < w; x++) {
    let y = 0;
    while (y < h) {
      if (data[y * w + x]! >= INK) {
        y++;
        continue;
      }
      const start = y;
      while (y < h && data[y * w + x]! < INK) y++;
      if (y - start < opts.minRun) continue;
      for (let k = start; k < y; k++) if (thin(data, w, h, x, k, 1, 0, opts)) mark[k * w + x] = 1;
    }
  }
  for (let i = 0; i < mark.length; i++) removed += mark[i]!;
  if (removed === 0) return { image: gray, removed };
  const out = new Uint8Array(data);
  const paper = 255;
  // The rule's anti-aliased fringe (one pixel either side, lighter than ink) goes too.
  for (let i = 0; i < mark.length; i++) {
    if (!mark[i]) continue;
    out[i] = paper;
    const y = (i / w) | 0;
    const x = i - y * w;
    for (const j of [i - w, i + w, i - 1, i + 1]) {
      if (j < 0 || j >= out.length || mark[j]) continue;
      const jy = (j / w) | 0;
      if (Math.abs(jy - y) + Math.abs(j - jy * w - x) !== 1) continue;
      if (data[j]! >= INK) out[j] = paper;
    }
  }
  return { image: { width: w, height: h, channels: 1, data: out }, removed };
}

/** Thin across the rule's direction (dx, dy), or where two rules cross (a rule's length across). */
function thin(data: Uint8Array | Uint8ClampedArray, w: number, h: number, x: number, y: number, dx: number, dy: number, o: RuleOptions): boolean {
  const t = thickness(data, w, h, x, y, dx, dy, o.minRun);
  return t <= o.maxThick || t >= o.minRun;
}

/** Length of the ink run through (x, y) along (dx, dy), counted up to cap + 1. */
function thickness(data: Uint8Array | Uint8ClampedArray, w: number, h: number, x: number, y: number, dx: number, dy: number, cap: number): number {
  let n = 1;
  for (let s = 1; n <= cap; s++) {
    const xx = x - dx * s;
    const yy = y - dy * s;
    if (xx < 0 || yy < 0 || data[yy * w + xx]! >= INK) break;
    n++;
  }
  for (let s = 1; n <= cap; s++) {
    const xx = x + dx * s;
    const yy = y + dy * s;
    if (xx >= w || yy >= h || data[yy * w + xx]! >= INK) break;
    n++;
  }
  return n;
}
