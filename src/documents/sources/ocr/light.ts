/**
 * Light and shadow divided out of a photographed sheet: the paper's own brightness is estimated
 * block by block (a high percentile of each block: paper covers most of any block), a block much
 * darker than its neighbours taking theirs (a grey box or a dense run of glyphs is not paper),
 * interpolated between block centres, and every pixel is divided by it.
 *
 * Why: a phone photo's light falls off across the sheet and a hand's shadow lies over one side; the
 * stretch of `normalise` and tesseract's global threshold are one level for the whole page, so text in
 * the shadow merged with its darkened paper and the bright side's thin glyphs broke up (photos read
 * 0.385 F1 against 0.889 for scans). Nothing here knows a layout: only paper and light.
 */
import type { OcrImage } from './types.ts';
import { toGray } from './pixels.ts';

/** Blocks the paper's brightness is estimated on (per longer side). */
const BLOCKS_LONG_SIDE = 60;
/** Share of a block's pixels darker than its paper level (glyphs, rules). */
const PAPER_PERCENTILE = 0.9;
/** Light changes by less than this share from one block to the next. */
const MAX_STEP = 0.15;
/** A block darker than this share of the page's paper is not lit paper: left as it is (no light to divide). */
const MIN_PAPER_SHARE = 0.25;

export function evenLight(img: OcrImage): OcrImage {
  const g = toGray(img);
  const { width: w, height: h } = img;
  const s = Math.max(16, Math.ceil(Math.max(w, h) / BLOCKS_LONG_SIDE));
  const bw = Math.ceil(w / s);
  const bh = Math.ceil(h / s);
  const level = new Float32Array(bw * bh);
  const hist = new Uint32Array(256);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      hist.fill(0);
      let n = 0;
      for (let y = by * s; y < Math.min(h, (by + 1) * s); y++) {
        for (let x = bx * s; x < Math.min(w, (bx + 1) * s); x++) {
          hist[g[y * w + x]!]!++;
          n++;
        }
      }
      let acc = 0;
      let v = 0;
      while (v < 255 && (acc += hist[v]!) < n * PAPER_PERCENTILE) v++;
      level[by * bw + bx] = v;
    }
  }
  // A block darker than most of its neighbours by more than light changes over one block (a grey
  // box, a dense run of bold glyphs) takes the neighbours' median level.
  const paper = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      const around: number[] = [];
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = bx + dx;
          const y = by + dy;
          if ((dx || dy) && x >= 0 && y >= 0 && x < bw && y < bh) around.push(level[y * bw + x]!);
        }
      }
      around.sort((p, q) => p - q);
      const med = around[around.length >> 1]!;
      const own = level[by * bw + bx]!;
      paper[by * bw + bx] = own < med * (1 - MAX_STEP) ? med : own;
    }
  }
  const top = Math.max(...paper);
  if (top <= 0) return { width: w, height: h, channels: 1, data: g };
  const floor = top * MIN_PAPER_SHARE;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    // Bilinear between block centres.
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / s - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / s - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const tx = fx - x0;
      const p =
        (paper[y0 * bw + x0]! * (1 - tx) + paper[y0 * bw + x1]! * tx) * (1 - ty) + (paper[y1 * bw + x0]! * (1 - tx) + paper[y1 * bw + x1]! * tx) * ty;
      const i = y * w + x;
      out[i] = p < floor ? g[i]! : Math.min(255, Math.round((g[i]! * top) / p));
    }
  }
  return { width: w, height: h, channels: 1, data: out };
}
