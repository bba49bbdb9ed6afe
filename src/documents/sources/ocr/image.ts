/**
 * Image intake: dimensions from the header (before any decoding, so a hostile
 * 30,000×30,000 PNG or TIFF is refused in microseconds), decoding (PNG/JPEG with
 * @napi-rs/canvas, which applies JPEG EXIF orientation itself; TIFF with utif2
 * in a worker, tiff.ts, one page at a time as the reader asks), scaling to an OCR-friendly size,
 * grayscale and a percentile contrast stretch.
 */
import { createCanvas, ImageData, loadImage } from '@napi-rs/canvas';
import type { Canvas, Image } from '@napi-rs/canvas';
import type { OcrImage } from './types.ts';
import { grainOf, toGray } from './pixels.ts';
import { ImageError, probeImage } from './header.ts';
import type { ImageHeader } from './header.ts';
import { planDecode, tiffPageCount, tiffPages } from './tiff-format.ts';
import type { TiffPage } from './tiff-format.ts';
import { TiffDecoder } from './tiff.ts';
import type { Raster } from './tiff.ts';
import { LIMITS } from '../../limits.ts';

export { ImageError, probeImage } from './header.ts';
export type { ImageHeader, ImageKind } from './header.ts';

export const IMAGE_LIMITS = {
  /** Decoded pixels above this are refused (too_large) before decoding. */
  maxPixels: LIMITS.imageMaxPixels,
  maxSide: LIMITS.imageMaxSide,
  /** Multi-page TIFF: pixels decoded over all pages; the pages after the budget is spent are left out. */
  maxPixelsAllPages: LIMITS.imageMaxPixelsAllPages,
  /** Shorter side below this cannot carry legible text. */
  minSide: 100,
  /** Images are scaled so their longer side lies in [minLong, maxLong]. */
  minLong: 1600,
  maxLong: 3600,
  maxUpscale: 4,
} as const;

/** Nominal resolution of a normalised image; converts pixels to PDF points. */
export const NOMINAL_DPI = 300;

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

/** Pages of an image file: 1 for PNG/JPEG; a TIFF's from its IFD chain (bounded, no pixels decoded). */
export function imagePageCount(bytes: Uint8Array): number {
  return probeImage(bytes)?.kind === 'tiff' ? tiffPageCount(bytes) : 1;
}

/** Decodes page 1 of a PNG/JPEG/TIFF, upright (EXIF or TIFF orientation), scaled for OCR. */
export async function decodeImage(bytes: Uint8Array): Promise<OcrImage> {
  return (await decodeImagePages(bytes, 1))[0]!;
}

/**
 * Decodes pages 1..maxPages: PNG and JPEG have one (RGBA); a multi-page TIFF
 * gives up to maxPages (gray, one byte a pixel), fewer when they would exceed
 * IMAGE_LIMITS.maxPixelsAllPages. Every page at once: for a reading of many
 * pages use openImagePages.
 */
export async function decodeImagePages(bytes: Uint8Array, maxPages: number): Promise<OcrImage[]> {
  const src = await openImagePages(bytes, maxPages);
  try {
    const out: OcrImage[] = [];
    for (let i = 0; i < src.count; i++) out.push(await src.page(i));
    return out;
  } finally {
    await src.close();
  }
}

/**
 * The pages of an image, decoded one at a time as a reader asks for them: a long TIFF's decoded
 * pages are never all held at once (the OCR reads page n while the others are still compressed).
 */
export interface ImagePages {
  count: number;
  /** Page i (0-based), decoded now; calls are served one after another. */
  page(i: number): Promise<OcrImage>;
  close(): Promise<void>;
}

/** Every header is checked (and a TIFF's pages planned) before the first pixel is decoded. */
export async function openImagePages(bytes: Uint8Array, maxPages: number): Promise<ImagePages> {
  const h = probeImage(bytes);
  if (!h) throw new ImageError('corrupt_file', 'image header cannot be read');
  checkHeader(h);
  if (h.kind === 'tiff') return openTiff(bytes, maxPages);
  return { count: 1, page: () => decodeSingle(bytes), close: async () => undefined };
}

async function decodeSingle(bytes: Uint8Array): Promise<OcrImage> {
  let img: Image;
  try {
    img = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (e) {
    throw new ImageError('corrupt_file', `image cannot be decoded: ${e instanceof Error ? e.message.slice(0, 120) : 'unknown error'}`);
  }
  if (!img.width || !img.height) throw new ImageError('corrupt_file', 'image decodes to no pixels');
  return scaleForOcr(img, img.width, img.height);
}

function openTiff(bytes: Uint8Array, maxPages: number): ImagePages {
  const pages = tiffPages(bytes, maxPages);
  for (const p of pages) checkHeader({ kind: 'tiff', width: p.width, height: p.height });
  const chosen = withinPixelBudget(pages);
  const plans = chosen.map((p) => planDecode(p, bytes));
  const decoder = new TiffDecoder(bytes);
  // One decode at a time on the file's worker, in the order asked.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    count: plans.length,
    page(i) {
      const run = queue.then(async () => {
        const r = await decoder.decode(plans[i]!);
        const img = scaleForOcr(rasterCanvas(r), r.width, r.height, chosen[i]!.orientation);
        return { width: img.width, height: img.height, channels: 1, data: toGray(img) } satisfies OcrImage;
      });
      queue = run.catch(() => undefined);
      return run;
    },
    close: () => decoder.close(),
  };
}

/** Pages in order while their pixels add up to at most maxPixelsAllPages (page 1 always fits). */
function withinPixelBudget(pages: readonly TiffPage[]): TiffPage[] {
  let total = 0;
  let n = 0;
  while (n < pages.length && (n === 0 || total + pages[n]!.width * pages[n]!.height <= IMAGE_LIMITS.maxPixelsAllPages)) {
    total += pages[n]!.width * pages[n]!.height;
    n++;
  }
  return pages.slice(0, n);
}

function rasterCanvas(r: Raster): Canvas {
  const c = createCanvas(r.width, r.height);
  const pixels = new Uint8ClampedArray(r.rgba.buffer, r.rgba.byteOffset, r.rgba.byteLength);
  c.getContext('2d').putImageData(new ImageData(pixels, r.width, r.height), 0, 0);
  return c;
}

/**
 * Canvas transforms (a, b, c, d, e/width, f/height) that show a stored image
 * upright, by EXIF/TIFF orientation: 2 mirrored, 3 upside down, 6 rotated 90°
 * clockwise to view, 8 counter-clockwise; 5 and 7 transposed.
 */
const ORIENTATION: Record<number, readonly [number, number, number, number, number, number]> = {
  1: [1, 0, 0, 1, 0, 0],
  2: [-1, 0, 0, 1, 1, 0],
  3: [-1, 0, 0, -1, 1, 1],
  4: [1, 0, 0, -1, 0, 1],
  5: [0, 1, 1, 0, 0, 0],
  6: [0, 1, -1, 0, 1, 0],
  7: [0, -1, -1, 0, 1, 1],
  8: [0, -1, 1, 0, 0, 1],
};

/**
 * Draws a decoded image on white, upright, scaled so its longer side lies in
 * [minLong, maxLong] (upscaled at most maxUpscale times).
 */
function scaleForOcr(src: Image | Canvas, width: number, height: number, orientation = 1): OcrImage {
  const long = Math.max(width, height);
  let scale = 1;
  if (long < IMAGE_LIMITS.minLong) scale = Math.min(IMAGE_LIMITS.maxUpscale, IMAGE_LIMITS.minLong / long);
  else if (long > IMAGE_LIMITS.maxLong) scale = IMAGE_LIMITS.maxLong / long;
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const [cw, ch] = orientation >= 5 ? [h, w] : [w, h];
  const canvas = createCanvas(cw, ch);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, cw, ch);
  const [a, b, c, d, e, f] = ORIENTATION[orientation] ?? ORIENTATION[1]!;
  ctx.setTransform(a, b, c, d, e * cw, f * ch);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(src, 0, 0, w, h);
  return { width: cw, height: ch, channels: 4, data: ctx.getImageData(0, 0, cw, ch).data };
}

/**
 * Grayscale with the ink's dark end and the paper's 99th percentile stretched to
 * 0..255 (faded toner, grey paper). Ink is what is clearly darker than the paper,
 * by more than its grain. The dark end is the darker of the image's 1st percentile
 * and the ink's 20th percentile: on a page with little ink (the last page of a
 * statement, a few lines) the 1st percentile lands among glyph edges or inside the
 * paper and would stretch its grain over the range (tesseract then reads the grain
 * as thousands of words, 25–40 s a page).
 */
export function normalise(img: OcrImage): OcrImage {
  const g = toGray(img);
  const n = g.length;
  const hist = new Uint32Array(256);
  for (let i = 0; i < n; i++) hist[g[i]!]!++;
  const hi = percentile(hist, n, 0.99);
  // Paper covers most of any page; ink lies clearly below it.
  const paper = percentile(hist, n, 0.5);
  const grain = grainOf({ width: img.width, height: img.height, channels: 1, data: g });
  const inkBelow = paper - Math.max(MIN_INK_STEP, 5 * grain);
  let ink = 0;
  for (let v = 0; v < inkBelow; v++) ink += hist[v]!;
  const blank = ink < n * MIN_INK_SHARE;
  // The darker of the page's 1st percentile (a card photo's portrait and patterns count as ink and
  // put the ink's 20th percentile among mid-tones: the chevrons thickened) and the ink's own dark end
  // (on a page with little ink the 1st percentile lies among glyph edges or in the paper).
  const lo = blank ? 0 : Math.min(percentile(hist, n, 0.01), percentileBelow(hist, inkBelow, ink, INK_DARK_END));
  const out = new Uint8Array(n);
  if (blank || hi - lo < 8) {
    out.set(g);
  } else {
    const lut = new Uint8Array(256);
    const k = 255 / (hi - lo);
    for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round((v - lo) * k)));
    // Grainy paper is made white: with little ink on the page, tesseract's global (Otsu)
    // threshold falls inside the grain and reads it as thousands of words (30 s a page).
    // The grain counts as the stretch leaves it (a phone photo's grain 3, stretched ×2).
    if (grain * k >= GRAINY) for (let v = Math.max(0, inkBelow); v < 256; v++) lut[v] = 255;
    // JPEG ringing beside glyphs, a few shades off smooth paper, grows with the stretch too: on a
    // faded scan (×2.1) it darkened into specks read as periods and commas. Near-paper shades go.
    // Not on paper with grain (a card photo): cut there, the grain turns to specks (an MRZ lost).
    if (grain <= SMOOTH) {
      const floor = 255 - RINGING * k;
      for (let v = 0; v < 256; v++) if (lut[v]! >= floor) lut[v] = 255;
    }
    for (let i = 0; i < n; i++) out[i] = lut[g[i]!]!;
  }
  return { width: img.width, height: img.height, channels: 1, data: out };
}

/** Paper grain (grainOf, after the stretch) from which the paper is painted white: a grainy scan; JPEG leaves 1–2. */
const GRAINY = 4;
/** Shades of JPEG ringing off the paper, before the stretch: what is this close to paper after it is paper. */
const RINGING = 14;
/** Paper this smooth (grainOf) is a flatbed scan's or a rendered page's: only JPEG ringing is near it. */
const SMOOTH = 1;
/** Ink lies at least this far below the paper's median shade (or 5 grains, when more). */
const MIN_INK_STEP = 32;
/** Fewer ink pixels than this share: nothing to stretch (a blank page keeps its shades). */
const MIN_INK_SHARE = 1e-4;
/** The dark end: this share of the ink pixels is darker (glyph cores, not their edges). */
const INK_DARK_END = 0.2;

function percentileBelow(hist: Uint32Array, end: number, n: number, q: number): number {
  let acc = 0;
  for (let v = 0; v < end; v++) if ((acc += hist[v]!) >= n * q) return v;
  return Math.max(0, end - 1);
}

/** The shade below which the share `q` of a histogram's `n` pixels lies. */
export function percentile(hist: Uint32Array, n: number, q: number): number {
  const target = n * q;
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= target) return v;
  }
  return 255;
}
