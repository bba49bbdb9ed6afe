/**
 * Table rules out before OCR. Page segmentation reads a page as one block of text
 * lines (see index.ts), and a rule printed just under a header or between rows is
 * taken for part of the line next to it: tesseract then reads the whole row as
 * rubble ("««DIRECTDEBITSKY … sts—(‘<‘iéSOSOSOC") and the transaction is lost.
 * Long thin runs of ink, horizontal or vertical, are painted over with paper;
 * glyph strokes that cross a rule are thicker across it than a rule is, so they stay.
 * A run may wander by a pixel either side (a rule left a hair off level by the
 * deskew, or blurred and faded in a phone photo, is lighter and steps across rows).
 */
import type { OcrImage } from './types.ts';

/** Rule ink: darker than this on a normalised page (ink ~0, paper ~255; a blurred rule is grey). */
const INK = 170;
/**
 * Faint rule ink, for vertical rules only: a column rule one point wide on a phone photo, blurred and
 * enlarged to scan resolution, is a grey band some 7 px wide whose darkest pixels stay at 165–180 — over
 * INK, so it was left on the page and read as "|", "Î" or "!" on line after line, between a row's
 * words and its continuation's. Text does not stand in a column 0.75 in tall (lines are apart), so a
 * vertical run this light is still a rule; horizontally, blurred words of a line run together at this
 * level, so horizontal rules keep INK.
 */
const FAINT = 215;

export interface RuleOptions {
  /** A run of ink at least this long (px) is a rule candidate. */
  minRun: number;
  /** A rule is at most this thick (px) across its direction. */
  maxThick: number;
  /** Ink as long across as a rule is where two rules cross, and goes too (default true). */
  crossings?: boolean;
}

/** Rule sizes for a page scanned at `dpi`: runs of 0.75 in or more, at most 2.5 pt thick. */
export function ruleOptions(dpi: number): RuleOptions {
  return { minRun: Math.round(0.75 * dpi), maxThick: Math.max(2, Math.round((2.5 * dpi) / 72)) };
}

/** The page with its horizontal and vertical rules painted with paper; the same image when it has none. */
export function removeRules(gray: OcrImage, opts: RuleOptions): { image: OcrImage; removed: number } {
  if (gray.channels !== 1) throw new Error('removeRules expects a gray image');
  const { width: w, height: h, data } = gray;
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < ink.length; i++) ink[i] = data[i]! < INK ? 1 : 0;
  // Horizontal rules along the rows; vertical ones along the rows of the transposed page
  // (every pass walks memory in order: a column walk of an A4 page at 200 dpi costs twice as much).
  const mark = new Uint8Array(w * h);
  markRows(ink, mark, w, h, opts);
  const markT = new Uint8Array(w * h);
  markRows(transpose(ink, w, h), markT, h, w, opts);
  // (of the faint ink, only what is thin across: a shaded column is a long light run too, and a glyph
  // touching its edge was taken with it)
  markRows(transpose(thinAcross(data, w, h, FAINT, opts.maxThick), w, h), markT, h, w, { ...opts, crossings: false });
  const back = transpose(markT, h, w);
  let removed = 0;
  for (let i = 0; i < mark.length; i++) {
    mark[i]! |= back[i]!;
    removed += mark[i]!;
  }
  if (removed === 0) return { image: gray, removed };
  const out = new Uint8Array(data);
  for (let i = 0; i < mark.length; i++) if (mark[i]) out[i] = 255;
  return { image: { width: w, height: h, channels: 1, data: out }, removed };
}

/** Pixels darker than `level` in runs along their row no longer than `maxThick` (1), else 0. */
function thinAcross(data: OcrImage['data'], w: number, h: number, level: number, maxThick: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const base = y * w;
    let x = 0;
    while (x < w) {
      if (data[base + x]! >= level) {
        x++;
        continue;
      }
      const start = x;
      while (x < w && data[base + x]! < level) x++;
      if (x - start <= maxThick) out.fill(1, base + start, base + x);
    }
  }
  return out;
}

/** A rule may wander this many rows either side of the row it is followed on. */
const WANDER = 1;

function transpose(m: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  // In tiles, so that both sides stay in cache.
  const T = 64;
  for (let y0 = 0; y0 < h; y0 += T) {
    for (let x0 = 0; x0 < w; x0 += T) {
      const y1 = Math.min(h, y0 + T);
      const x1 = Math.min(w, x0 + T);
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) out[x * h + y] = m[y * w + x]!;
    }
  }
  return out;
}

/**
 * Marks the horizontal rules of a w × h ink mask (1 = ink): runs of ink along a row, a
 * pixel's wander either side allowed, at least minRun long; of their ink, what is thin
 * across (a glyph stroke crossing a rule is thicker) and its fringe. Every pixel's ink run
 * across the rows is measured once beforehand, so a page of solid ink (a dark backdrop, a
 * hostile image) costs a few passes over its pixels like any other page.
 */
function markRows(ink: Uint8Array, mark: Uint8Array, w: number, h: number, o: RuleOptions): void {
  const across = verticalRuns(ink, w, h);
  // Ink on a row or within WANDER rows of it.
  const near = new Uint8Array(ink);
  for (let d = 1; d <= WANDER; d++) {
    const off = d * w;
    for (let i = off; i < ink.length; i++) near[i]! |= ink[i - off]!;
    for (let i = 0; i < ink.length - off; i++) near[i]! |= ink[i + off]!;
  }
  for (let y = 0; y < h; y++) {
    const base = y * w;
    let x = 0;
    while (x < w) {
      if (!near[base + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < w && near[base + x]) x++;
      if (x - start < o.minRun) continue;
      const lo = Math.max(0, y - WANDER);
      const hi = Math.min(h - 1, y + WANDER);
      for (let l = lo; l <= hi; l++) {
        for (let p = start; p < x; p++) {
          const i = l * w + p;
          if (!ink[i]) continue;
          const t = across[i]!;
          // Thin across: the rule itself; a rule's length across: where two rules cross.
          if (t > o.maxThick && (t < o.minRun || o.crossings === false)) continue;
          mark[i] = 1;
          // The rule's lighter fringe, one pixel either side of its ink.
          if (l > 0 && !ink[i - w]) mark[i - w] = 1;
          if (l + 1 < h && !ink[i + w]) mark[i + w] = 1;
        }
      }
    }
  }
}

/** For every ink pixel, the length of its ink run down its column (capped at 65,535): two passes in memory order. */
function verticalRuns(ink: Uint8Array, w: number, h: number): Uint16Array {
  const out = new Uint16Array(w * h);
  // Downwards: the run so far; upwards: each pixel takes the run's total from the pixel below.
  for (let i = 0; i < ink.length; i++) if (ink[i]) out[i] = i >= w ? Math.min(65_535, out[i - w]! + 1) : 1;
  for (let i = ink.length - 1 - w; i >= 0; i--) if (ink[i] && ink[i + w]) out[i] = out[i + w]!;
  return out;
}
