/**
 * Pixel evidence for an MRZ line's glyphs: each glyph's cell compared with the MRZ alphabet drawn in OCR-B (the
 * typeface ICAO 9303 prescribes, data/ocrb-glyphs.data.ts). The recogniser reads OCR-B's 5 as S, I as L or a
 * filler as K with confidence at every scale; where two such misreadings cancel in a check digit ("JI5528996"
 * read "JISS28996": S−5 weighs 23 at weights 7 and 3, 230 ≡ 0) or no check digit covers the glyph (names, the
 * document code), the glyph's shape is the evidence left.
 */
import { OCRB_CELL, OCRB_GLYPHS } from '../../data/ocrb-glyphs.data.ts';
import type { OcrImage } from './types.ts';

/** Per character of a line: normalised cross-correlation (−1..1) of its cell with each OCR-B glyph, or null. */
export type GlyphShapes = readonly (Readonly<Record<string, number>> | null)[];

const TW = OCRB_CELL.width;
const TH = OCRB_CELL.height;

/** Templates as zero-mean, unit-norm vectors, one after the other (computed once). */
const CHARS = Object.keys(OCRB_GLYPHS);
const N = TW * TH;
const TEMPLATES = new Float64Array(CHARS.length * N);
CHARS.forEach((ch, k) => TEMPLATES.set(normalised(Float64Array.from(OCRB_GLYPHS[ch]!, (d) => parseInt(d, 16) / 15)), k * N));

function normalised(v: Float64Array): Float64Array {
  let mean = 0;
  for (let i = 0; i < v.length; i++) mean += v[i]!;
  mean /= v.length;
  let norm = 0;
  for (let i = 0; i < v.length; i++) {
    v[i] = v[i]! - mean;
    norm += v[i]! * v[i]!;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return v;
}

/**
 * Shape scores of a line's characters. `xs`: each character's middle (image pixels); `baseline` and `capHeight`:
 * the line's, from its letters' and digits' boxes; `pitch`: the cell width (OCR-B's advance). Each cell is
 * sampled on the template's grid at a few offsets (the recogniser's boxes are approximate) and the best
 * correlation per glyph kept.
 */
export function glyphShapes(img: OcrImage, xs: readonly number[], baseline: number, capHeight: number, pitch: number): GlyphShapes {
  // OCR-B's capitals are 143/200 em tall, its frame reaches 160/200 em above the baseline and 8/200 below.
  const em = (capHeight * 200) / 143;
  const frameTop = baseline - (em * 160) / 200;
  const frameH = (em * 168) / 200;
  if (!(pitch > 3 && frameH > 6)) return xs.map(() => null);
  const sx = pitch / TW;
  const sy = frameH / TH;
  const { width: w, height: h, data } = img;
  const patch = new Float64Array(N);
  const best = new Float64Array(CHARS.length);
  return xs.map((cx) => {
    best.fill(-1);
    for (let dxi = -2; dxi <= 2; dxi++) {
      for (let dyi = -1; dyi <= 1; dyi++) {
        const ox = cx - pitch / 2 + (dxi * pitch) / 10 - 0.5;
        const oy = frameTop + (dyi * frameH) / 24 - 0.5;
        for (let v = 0; v < TH; v++) {
          const y = oy + (v + 0.5) * sy;
          const y0 = Math.floor(y);
          const fy = y - y0;
          for (let u = 0; u < TW; u++) {
            const x = ox + (u + 0.5) * sx;
            const x0 = Math.floor(x);
            const fx = x - x0;
            let ink = 0;
            if (x0 >= 0 && y0 >= 0 && x0 + 1 < w && y0 + 1 < h) {
              const i = y0 * w + x0;
              ink = 1 - ((data[i]! * (1 - fx) + data[i + 1]! * fx) * (1 - fy) + (data[i + w]! * (1 - fx) + data[i + w + 1]! * fx) * fy) / 255;
            }
            patch[v * TW + u] = ink;
          }
        }
        normalised(patch);
        for (let k = 0; k < CHARS.length; k++) {
          let s = 0;
          const off = k * N;
          for (let i = 0; i < N; i++) s += patch[i]! * TEMPLATES[off + i]!;
          if (s > best[k]!) best[k] = s;
        }
      }
    }
    return Object.fromEntries(CHARS.map((ch, k) => [ch, Math.round(best[k]! * 1000) / 1000]));
  });
}

/**
 * The character the shapes favour over the one read, where they clearly do: the best template correlates well
 * (≥ 0.6) and better than the glyph as read by a margin (0.12). Null where the shape agrees or says nothing, and
 * between O and 0.
 */
export function shapeFavours(read: string, s: Readonly<Record<string, number>> | null | undefined): string | null {
  if (!s) return null;
  let top = '';
  let score = -Infinity;
  for (const [ch, v] of Object.entries(s)) if (v > score) [top, score] = [ch, v];
  // OCR-B's O and 0 differ by a few percent of their height: no shape tells them apart at MRZ sizes.
  if (top === read || score < 0.6 || (/^[O0]$/.test(top) && /^[O0]$/.test(read))) return null;
  return score - (s[read] ?? -1) >= 0.12 ? top : null;
}
