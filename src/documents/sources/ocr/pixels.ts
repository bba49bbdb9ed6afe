/** Pixel helpers shared by normalisation, the quality gate and the OCR adapter. */
import type { OcrImage } from './types.ts';

/** Luma of every pixel (ITU-R BT.601 weights). */
export function toGray(img: OcrImage): Uint8Array {
  if (img.channels === 1) return img.data instanceof Uint8Array ? img.data : new Uint8Array(img.data);
  const n = img.width * img.height;
  const out = new Uint8Array(n);
  const d = img.data;
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    const a = d[j + 3]! / 255;
    // Transparent pixels are paper, not ink.
    const y = 0.299 * d[j]! + 0.587 * d[j + 1]! + 0.114 * d[j + 2]!;
    out[i] = Math.round(y * a + 255 * (1 - a));
  }
  return out;
}

/** Binary PGM (P5): Leptonica inside tesseract reads it without any codec work. */
export function toPgm(img: OcrImage): Uint8Array {
  const gray = toGray(img);
  const header = new TextEncoder().encode(`P5\n${img.width} ${img.height}\n255\n`);
  const out = new Uint8Array(header.length + gray.length);
  out.set(header, 0);
  out.set(gray, header.length);
  return out;
}

/**
 * Grain of a gray image: the median absolute difference between horizontal
 * neighbours on a sample of rows. Paper dominates every page, so this is the
 * paper's grain: 0 on a clean scan or render, 1–2 after JPEG, ten or more on a
 * grainy scan.
 */
export function grainOf(gray: OcrImage): number {
  const { width: w, height: h, data } = gray;
  const hist = new Uint32Array(256);
  let n = 0;
  const rowStep = Math.max(1, Math.floor(h / 200));
  for (let y = 0; y < h; y += rowStep) {
    const r = y * w;
    for (let x = 0; x + 1 < w; x++) {
      hist[Math.abs(data[r + x + 1]! - data[r + x]!)]!++;
      n++;
    }
  }
  let acc = 0;
  for (let v = 0; v < 256; v++) if ((acc += hist[v]!) * 2 >= n) return v;
  return 0;
}
