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
