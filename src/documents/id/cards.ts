/**
 * Cards on a larger image: an identity card scanned on A4 (one side or both), photocopied, or
 * photographed on a table whose surround was painted with paper. OCR binarises the whole image at
 * once, and a grey card on white paper comes out as a black slab: the front's print was lost
 * (0 words on a clean two-page PDF). Each card is found by its tone and cut out to be read alone,
 * at about 500 dpi (a card's 5-pt labels are a few pixels high at the 200 dpi of an A4 scan).
 *
 * Pure pixel work on a gray image: ~1 mm cells (by the image's own scale, the card's side ratio
 * decides, not its size in mm, since a photo's dpi is nominal), a cell is card where it is darker than
 * the paper or holds ink, cells are joined over small gaps, and connected regions with the side ratio
 * of an ID-1/ID-2/ID-3 document (1.3–1.9) and at least 2 % of the image are cards.
 */
import type { OcrImage } from '../ocr/types.ts';

export interface CardBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Cards found on a gray image, in reading order (top to bottom, left to right); [] when the card is the image. */
export function findCards(img: OcrImage, cellPx = 8): CardBox[] {
  if (img.channels !== 1) return [];
  const { width: w, height: h, data } = img;
  const cw = Math.floor(w / cellPx);
  const ch = Math.floor(h / cellPx);
  if (cw < 8 || ch < 8) return [];
  const mean = new Float32Array(cw * ch);
  const spread = new Float32Array(cw * ch);
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      let s = 0;
      let lo = 255;
      let hi = 0;
      for (let y = cy * cellPx; y < (cy + 1) * cellPx; y++) {
        const row = y * w;
        for (let x = cx * cellPx; x < (cx + 1) * cellPx; x++) {
          const v = data[row + x]!;
          s += v;
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
      }
      mean[cy * cw + cx] = s / (cellPx * cellPx);
      spread[cy * cw + cx] = hi - lo;
    }
  }
  // Paper: the tone of the brightest half of the cells (most of a scan sheet is paper).
  const sorted = [...mean].sort((a, b) => a - b);
  const paper = sorted[Math.floor(sorted.length * 0.75)]!;
  const noise = sorted[Math.floor(sorted.length * 0.75)]! - sorted[Math.floor(sorted.length * 0.6)]!;
  const on = new Uint8Array(cw * ch);
  for (let i = 0; i < on.length; i++) on[i] = mean[i]! < paper - Math.max(12, noise * 3) || spread[i]! > 90 ? 1 : 0;
  // Join over gaps of two cells (a card's pale corners, its white photo frame).
  const closed = dilate(dilate(on, cw, ch), cw, ch);
  const seen = new Int32Array(cw * ch).fill(-1);
  const boxes: CardBox[] = [];
  for (let i = 0; i < closed.length; i++) {
    if (!closed[i] || seen[i]! >= 0) continue;
    let x0 = cw;
    let y0 = ch;
    let x1 = -1;
    let y1 = -1;
    let n = 0;
    const stack = [i];
    seen[i] = i;
    while (stack.length > 0) {
      const j = stack.pop()!;
      const x = j % cw;
      const y = (j - x) / cw;
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (const k of [x > 0 ? j - 1 : -1, x < cw - 1 ? j + 1 : -1, y > 0 ? j - cw : -1, y < ch - 1 ? j + cw : -1]) {
        if (k >= 0 && closed[k] && seen[k]! < 0) {
          seen[k] = i;
          stack.push(k);
        }
      }
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    const ratio = Math.max(bw, bh) / Math.min(bw, bh);
    // A card: its side ratio, at least 2 % of the image, and mostly filled (not a frame of specks).
    if (ratio < 1.3 || ratio > 1.9 || bw * bh < cw * ch * 0.02 || n < bw * bh * 0.6) continue;
    boxes.push({ x0: x0 * cellPx, y0: y0 * cellPx, x1: Math.min(w, (x1 + 1) * cellPx), y1: Math.min(h, (y1 + 1) * cellPx) });
  }
  // The card is the image (a cropped photo, a card-sized scan): nothing to cut.
  if (boxes.length === 1 && (boxes[0]!.x1 - boxes[0]!.x0) * (boxes[0]!.y1 - boxes[0]!.y0) > w * h * 0.6) return [];
  return boxes.sort((a, b) => (Math.abs(a.y0 - b.y0) > (a.y1 - a.y0) / 2 ? a.y0 - b.y0 : a.x0 - b.x0));
}

function dilate(m: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(m);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!m[y * w + x]) continue;
      if (x > 0) out[y * w + x - 1] = 1;
      if (x < w - 1) out[y * w + x + 1] = 1;
      if (y > 0) out[(y - 1) * w + x] = 1;
      if (y < h - 1) out[(y + 1) * w + x] = 1;
    }
  }
  return out;
}

/** A region of a gray image with a margin, scaled (bilinear) so that its longer side is about `targetPx`. */
export function cutCard(img: OcrImage, b: CardBox, targetPx = 1800): { image: OcrImage; x0: number; y0: number; scale: number } {
  const m = Math.round(Math.max(b.x1 - b.x0, b.y1 - b.y0) * 0.03);
  const x0 = Math.max(0, b.x0 - m);
  const y0 = Math.max(0, b.y0 - m);
  const x1 = Math.min(img.width, b.x1 + m);
  const y1 = Math.min(img.height, b.y1 + m);
  const sw = x1 - x0;
  const sh = y1 - y0;
  const scale = Math.max(1, Math.min(3, targetPx / Math.max(sw, sh)));
  const w = Math.round(sw * scale);
  const h = Math.round(sh * scale);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(sh - 1, y / scale);
    const iy = Math.floor(fy);
    const dy = fy - iy;
    const iy1 = Math.min(sh - 1, iy + 1);
    for (let x = 0; x < w; x++) {
      const fx = Math.min(sw - 1, x / scale);
      const ix = Math.floor(fx);
      const dx = fx - ix;
      const ix1 = Math.min(sw - 1, ix + 1);
      const p = (yy: number, xx: number): number => img.data[(y0 + yy) * img.width + x0 + xx]!;
      const top = p(iy, ix) * (1 - dx) + p(iy, ix1) * dx;
      const bot = p(iy1, ix) * (1 - dx) + p(iy1, ix1) * dx;
      out[y * w + x] = Math.round(top * (1 - dy) + bot * dy);
    }
  }
  return { image: { width: w, height: h, channels: 1, data: out }, x0, y0, scale };
}

