/**
 * Page deskew before OCR. A sheet scanned 1° off square drifts 29 px across an A4
 * page at 200 dpi: more than a text line, so the words of one statement row would
 * land on different rows when lines are rebuilt from positions. The tilt is found
 * on the page's ink (the same row-profile search as the MRZ band, mrz-band.ts) and
 * undone by rotating the page about its centre: a shear alone would leave columns
 * slanted (1.2° moves a column's edge by 49 px from the top of an A4 page to its
 * bottom), and columns are rebuilt from x positions too.
 */
import { inkMask, skewOf } from './mrz-band.ts';
import type { OcrImage } from './types.ts';

/** Tilts below this are left alone (an eighth of a line over an A4 width at 200 dpi). */
const MIN_SLOPE = Math.tan((0.2 * Math.PI) / 180);

export interface Deskewed {
  image: OcrImage;
  /** Slope (tan of the tilt) that was removed; 0 when none. */
  slope: number;
}

/** Straightens a gray page; returns it unchanged when it is straight already. */
export function deskewPage(gray: OcrImage): Deskewed {
  if (gray.channels !== 1) throw new Error('deskewPage expects a gray image');
  // The search runs on a half-size copy: the slope is scale-free and this halves its cost.
  const small = halve(gray);
  const slope = skewOf(inkMask(small));
  if (Math.abs(slope) < MIN_SLOPE) return { image: gray, slope: 0 };
  // skewOf finds t with y + x·t constant along a text line: the line falls at slope -t.
  return { image: rotateGray(gray, -Math.atan(slope)), slope };
}

/**
 * Rotates a gray image by -angle (undoing a tilt of angle) about its centre onto a
 * canvas grown to hold every corner (nothing is clipped: a card photographed near
 * the frame's edge keeps its MRZ's last digit); bilinear. Outside the source the
 * border's median shade fills in (white for a scan, the backdrop for a photo), so
 * the corners add no edges for the line finder to take for ink.
 */
function rotateGray(img: OcrImage, angle: number): OcrImage {
  const { width: w, height: h, data } = img;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const W = Math.ceil(w * Math.abs(cos) + h * Math.abs(sin));
  const H = Math.ceil(h * Math.abs(cos) + w * Math.abs(sin));
  const out = new Uint8Array(W * H);
  const fill = borderMedian(img);
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  const ox = (W - 1) / 2;
  const oy = (H - 1) / 2;
  for (let y = 0; y < H; y++) {
    const dy = y - oy;
    for (let x = 0; x < W; x++) {
      const dx = x - ox;
      // Source of this pixel in the tilted page: a row of slope tan(angle) maps to this row.
      const sx = cx + dx * cos - dy * sin;
      const sy = cy + dx * sin + dy * cos;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) {
        out[y * W + x] = fill;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * w + x0;
      out[y * W + x] = Math.round((data[i]! * (1 - fx) + data[i + 1]! * fx) * (1 - fy) + (data[i + w]! * (1 - fx) + data[i + w + 1]! * fx) * fy);
    }
  }
  return { width: W, height: H, channels: 1, data: out };
}

function halve(img: OcrImage): OcrImage {
  const w = img.width >> 1;
  const h = img.height >> 1;
  const out = new Uint8Array(w * h);
  const d = img.data;
  for (let y = 0; y < h; y++) {
    const r0 = 2 * y * img.width;
    const r1 = r0 + img.width;
    for (let x = 0; x < w; x++) out[y * w + x] = (d[r0 + 2 * x]! + d[r0 + 2 * x + 1]! + d[r1 + 2 * x]! + d[r1 + 2 * x + 1]! + 2) >> 2;
  }
  return { width: w, height: h, channels: 1, data: out };
}

function borderMedian(img: OcrImage): number {
  const { width: w, height: h, data } = img;
  const hist = new Uint32Array(256);
  for (let x = 0; x < w; x++) {
    hist[data[x]!]!++;
    hist[data[(h - 1) * w + x]!]!++;
  }
  for (let y = 0; y < h; y++) {
    hist[data[y * w]!]!++;
    hist[data[y * w + w - 1]!]!++;
  }
  const half = (2 * (w + h)) / 2;
  let acc = 0;
  for (let v = 0; v < 256; v++) if ((acc += hist[v]!) >= half) return v;
  return 255;
}
