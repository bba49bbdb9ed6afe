/**
 * Image intake: dimensions from the header (before any decoding, so a hostile
 * 30,000×30,000 PNG is refused in microseconds), decoding with @napi-rs/canvas
 * (which applies JPEG EXIF orientation itself), scaling to an OCR-friendly size,
 * grayscale and a percentile contrast stretch.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { OcrImage } from './types.ts';
import { toGray } from './pixels.ts';

export const IMAGE_LIMITS = {
  /** Decoded pixels above this are refused (too_large) before decoding. */
  maxPixels: 40_000_000,
  maxSide: 20_000,
  /** Shorter side below this cannot carry legible text. */
  minSide: 100,
  /** Images are scaled so their longer side lies in [minLong, maxLong]. */
  minLong: 1600,
  maxLong: 3600,
  maxUpscale: 4,
} as const;

/** Nominal resolution of a normalised image; converts pixels to PDF points. */
export const NOMINAL_DPI = 300;

export type ImageKind = 'png' | 'jpeg' | 'tiff';

export interface ImageHeader {
  kind: ImageKind;
  width: number;
  height: number;
}

export class ImageError extends Error {
  readonly code: 'too_large' | 'corrupt_file' | 'unsupported_format' | 'low_quality';
  constructor(code: ImageError['code'], message: string) {
    super(message);
    this.name = 'ImageError';
    this.code = code;
  }
}

/** Width and height from the file header; null when the header is not understood. */
export function probeImage(b: Uint8Array): ImageHeader | null {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    if (String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== 'IHDR') return null;
    return { kind: 'png', width: dv.getUint32(16), height: dv.getUint32(20) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return probeJpeg(b, dv);
  if (b.length >= 8 && ((b[0] === 0x49 && b[1] === 0x49) || (b[0] === 0x4d && b[1] === 0x4d))) return probeTiff(dv);
  return null;
}

function probeJpeg(b: Uint8Array, dv: DataView): ImageHeader | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const m = b[i + 1]!;
    if (m === 0xff) {
      i++;
      continue;
    }
    if (m === 0xd8 || m === 0x01 || (m >= 0xd0 && m <= 0xd7)) {
      i += 2;
      continue;
    }
    const len = dv.getUint16(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC) carry the frame size.
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc) {
      return { kind: 'jpeg', height: dv.getUint16(i + 5), width: dv.getUint16(i + 7) };
    }
    if (m === 0xda || len < 2) return null;
    i += 2 + len;
  }
  return null;
}

function probeTiff(dv: DataView): ImageHeader | null {
  const le = dv.getUint8(0) === 0x49;
  if (dv.getUint16(2, le) !== 42) return null;
  const ifd = dv.getUint32(4, le);
  if (ifd + 2 > dv.byteLength) return null;
  const n = dv.getUint16(ifd, le);
  let width = 0;
  let height = 0;
  for (let k = 0; k < n; k++) {
    const e = ifd + 2 + k * 12;
    if (e + 12 > dv.byteLength) return null;
    const tag = dv.getUint16(e, le);
    const type = dv.getUint16(e + 2, le);
    const v = type === 3 ? dv.getUint16(e + 8, le) : dv.getUint32(e + 8, le);
    if (tag === 256) width = v;
    if (tag === 257) height = v;
  }
  return width > 0 && height > 0 ? { kind: 'tiff', width, height } : null;
}

/** Refuses what is too big or too small to be worth decoding. */
export function checkHeader(h: ImageHeader): void {
  if (h.width <= 0 || h.height <= 0) throw new ImageError('corrupt_file', 'image header declares no pixels');
  if (h.width > IMAGE_LIMITS.maxSide || h.height > IMAGE_LIMITS.maxSide || h.width * h.height > IMAGE_LIMITS.maxPixels) {
    throw new ImageError(
      'too_large',
      `image is ${h.width}×${h.height} pixels; the limit is ${IMAGE_LIMITS.maxPixels / 1e6} megapixels and ${IMAGE_LIMITS.maxSide} pixels a side`,
    );
  }
  if (Math.min(h.width, h.height) < IMAGE_LIMITS.minSide) {
    throw new ImageError('low_quality', `image is ${h.width}×${h.height} pixels; too small to read text from`);
  }
}

/** Decodes PNG/JPEG to RGBA, EXIF orientation applied, scaled for OCR. */
export async function decodeImage(bytes: Uint8Array): Promise<OcrImage> {
  const h = probeImage(bytes);
  if (!h) throw new ImageError('corrupt_file', 'image header cannot be read');
  checkHeader(h);
  if (h.kind === 'tiff') {
    throw new ImageError('unsupported_format', 'TIFF images are not supported by this build; send PNG, JPEG or PDF');
  }
  let img: Awaited<ReturnType<typeof loadImage>>;
  try {
    img = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (e) {
    throw new ImageError('corrupt_file', `image cannot be decoded: ${e instanceof Error ? e.message.slice(0, 120) : 'unknown error'}`);
  }
  if (!img.width || !img.height) throw new ImageError('corrupt_file', 'image decodes to no pixels');
  const long = Math.max(img.width, img.height);
  let scale = 1;
  if (long < IMAGE_LIMITS.minLong) scale = Math.min(IMAGE_LIMITS.maxUpscale, IMAGE_LIMITS.minLong / long);
  else if (long > IMAGE_LIMITS.maxLong) scale = IMAGE_LIMITS.maxLong / long;
  const w = Math.max(1, Math.round(img.width * scale));
  const hh = Math.max(1, Math.round(img.height * scale));
  const canvas = createCanvas(w, hh);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, hh);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, 0, 0, w, hh);
  return { width: w, height: hh, channels: 4, data: ctx.getImageData(0, 0, w, hh).data };
}

/** Grayscale with the 1st..99th percentile stretched to 0..255. */
export function normalise(img: OcrImage): OcrImage {
  const g = toGray(img);
  const hist = new Uint32Array(256);
  for (let i = 0; i < g.length; i++) hist[g[i]!]!++;
  const lo = percentile(hist, g.length, 0.01);
  const hi = percentile(hist, g.length, 0.99);
  const out = new Uint8Array(g.length);
  if (hi - lo < 8) {
    out.set(g);
  } else {
    const k = 255 / (hi - lo);
    for (let i = 0; i < g.length; i++) out[i] = Math.max(0, Math.min(255, Math.round((g[i]! - lo) * k)));
  }
  return { width: img.width, height: img.height, channels: 1, data: out };
}

function percentile(hist: Uint32Array, n: number, q: number): number {
  const target = n * q;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= target) return v;
  }
  return 255;
}
