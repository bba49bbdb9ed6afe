/**
 * What lies around a photographed document (the table, a hand, the scanner lid)
 * painted with paper before OCR. Page segmentation reads an image as one block
 * of text lines (index.ts); a band of mid-grey surround along the left edge is
 * taken for part of every line next to it, and tesseract then loses lines
 * ("n cosnome / surNnaMe", the surname and given names gone): on a phone photo
 * of both sides of a permit the front's labels went missing and the upload was
 * judged back-only.
 *
 * The surround is the region connected to the image's edges in the tone the edges
 * mostly have, when that tone is clearly darker than the paper. Glyphs sit on
 * paper, so the fill stops at the document's edge; a scan whose edges are paper
 * is left as it is.
 */
import type { OcrImage } from './types.ts';

/** The surround is at least this much darker than the paper (255 on a normalised image). */
const MIN_CONTRAST = 60;
/** At least this share of the edge pixels is surround (a photo with the table showing on every side). */
const MIN_EDGE_SHARE = 0.5;
/** Tone tolerance around the surround's median: at least this, or its own spread (uneven light, noise). */
const MIN_TOLERANCE = 24;
/** A pixel with this many of its eight neighbours in the surround is a speck of it. */
const SPECK_RING = 5;

export function paintSurround(gray: OcrImage): { image: OcrImage; painted: number } {
  if (gray.channels !== 1) throw new Error('paintSurround expects a gray image');
  const { width: w, height: h, data } = gray;
  if (w < 3 || h < 3) return { image: gray, painted: 0 };
  const edge: number[] = [];
  for (let x = 0; x < w; x++) edge.push(x, (h - 1) * w + x);
  for (let y = 1; y < h - 1; y++) edge.push(y * w, y * w + w - 1);
  const tones = edge.map((i) => data[i]!).sort((a, b) => a - b);
  // Paper on the edges (a flatbed scan, a cropped photo): the median edge tone is paper.
  const dark = tones.filter((v) => v <= 255 - MIN_CONTRAST);
  if (dark.length < tones.length * MIN_EDGE_SHARE) return { image: gray, painted: 0 };
  const bg = dark[dark.length >> 1]!;
  const spread = (dark[Math.floor(dark.length * 0.9)]! - dark[Math.floor(dark.length * 0.1)]!) / 2;
  const tol = Math.max(MIN_TOLERANCE, Math.ceil(spread));
  // The fill must not reach the paper: its upper end stays below it by a margin.
  const lo = bg - tol;
  const hi = Math.min(bg + tol, 255 - MIN_CONTRAST / 2);
  const out = new Uint8Array(data);
  const mask = new Uint8Array(w * h);
  const fillable = (i: number): boolean => !mask[i] && out[i]! >= lo && out[i]! <= hi;
  // Scanline fill: the stack holds one seed per run of a row, not one per pixel (a 40-megapixel
  // photo's surround would otherwise stack tens of millions of pixels).
  const seeds: number[] = [];
  for (const i of edge) if (fillable(i)) seeds.push(i);
  let painted = 0;
  while (seeds.length > 0) {
    const i = seeds.pop()!;
    if (!fillable(i)) continue;
    const y = Math.floor(i / w);
    const row = y * w;
    let l = i - row;
    let r = l;
    while (l > 0 && fillable(row + l - 1)) l--;
    while (r + 1 < w && fillable(row + r + 1)) r++;
    for (let x = l; x <= r; x++) {
      mask[row + x] = 1;
      out[row + x] = 255;
    }
    painted += r - l + 1;
    for (const ny of [y - 1, y + 1]) {
      if (ny < 0 || ny >= h) continue;
      const nrow = ny * w;
      for (let x = l; x <= r; x++) {
        if (!fillable(nrow + x)) continue;
        seeds.push(nrow + x);
        while (x + 1 <= r && fillable(nrow + x + 1)) x++;
      }
    }
  }
  if (painted === 0) return { image: gray, painted: 0 };
  // Sensor noise leaves specks outside the tolerance inside the surround; left there, the MRZ pass
  // read them as fillers and ran a TD1 line on to 44 characters. A pixel mostly ringed by surround goes too.
  for (let pass = 0; pass < 2; pass++) {
    const specks: number[] = [];
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const i = y * w + x;
        if (mask[i]) continue;
        const ring =
          mask[i - w - 1]! + mask[i - w]! + mask[i - w + 1]! + mask[i - 1]! + mask[i + 1]! + mask[i + w - 1]! + mask[i + w]! + mask[i + w + 1]!;
        if (ring >= SPECK_RING) specks.push(i);
      }
    }
    for (const i of specks) {
      mask[i] = 1;
      out[i] = 255;
    }
    painted += specks.length;
  }
  return { image: { width: w, height: h, channels: 1, data: out }, painted };
}
