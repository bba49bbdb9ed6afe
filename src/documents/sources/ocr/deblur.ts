/**
 * Blurred photos restored before OCR: the blur measured on the sheet's dark-light steps and undone by
 * Richardson–Lucy deconvolution with a Gaussian of that width.
 *
 * Why: a phone photo blurred by a sigma of 0.7–1 pt on the page (the testkit's photos at blur ≥ 1.1) reads
 * its descriptions but its 8–9 pt dates and amounts as letters ("01/11/2024" → "OVIL2024"): no row then has
 * a date and an amount and the statement reads as nothing. Sharpening the normalised sheet (unsharp masks,
 * stretches, thresholds: BENCHMARKS.md "unknown10") read no amount; undoing the measured blur does.
 */
import type { OcrImage } from './types.ts';
import { grainOf, toGray } from './pixels.ts';
import { normalise, percentile as level } from './image.ts';
import { evenLight } from './light.ts';
import { flattenPage, type PageQuad } from './page-quad.ts';

/** Grains above the paper's median shade that still count as paper. */
const PAPER_GRAINS = 2;

/** Gaussian blur of a float image, separable, edges clamped. */
export function gaussBlur(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const r = Math.max(1, Math.ceil(3 * sigma));
  const k = new Float32Array(2 * r + 1);
  let s = 0;
  for (let i = -r; i <= r; i++) s += k[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < k.length; i++) k[i]! /= s;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  convolveLines(src, tmp, h, w, w, 1, k, r);
  convolveLines(tmp, out, w, h, 1, w, k, r);
  return out;
}

/** `lines` lines of `len` samples (a sample's step `step`, lines `stride` apart) convolved with kernel k of radius r. */
function convolveLines(src: Float32Array, dst: Float32Array, lines: number, len: number, stride: number, step: number, k: Float32Array, r: number): void {
  const line = new Float32Array(len + 2 * r);
  for (let l = 0; l < lines; l++) {
    const o = l * stride;
    for (let i = 0; i < len; i++) line[i + r] = src[o + i * step]!;
    const first = line[r]!;
    const last = line[r + len - 1]!;
    for (let i = 0; i < r; i++) {
      line[i] = first;
      line[r + len + i] = last;
    }
    for (let i = 0; i < len; i++) {
      let acc = 0;
      for (let j = 0; j <= 2 * r; j++) acc += k[j]! * line[i + j]!;
      dst[o + i * step] = acc;
    }
  }
}

/**
 * Richardson–Lucy on the ink (255 − shade): glyphs are sparse dark marks on paper, so the ink image is
 * a non-negative signal over a near-zero background, which is what the method assumes.
 */
export function deconvolve(img: OcrImage, sigma: number, iterations: number): OcrImage {
  const g = toGray(img);
  const { width: w, height: h } = img;
  const n = w * h;
  const eps = 1;
  // The paper's own shades and grain are no ink: left in, the method sharpens the grain into specks.
  const hist = new Uint32Array(256);
  for (let i = 0; i < n; i++) hist[g[i]!]!++;
  const floor = 255 - level(hist, n, 0.5) + PAPER_GRAINS * grainOf({ width: w, height: h, channels: 1, data: g });
  const obs = new Float32Array(n);
  for (let i = 0; i < n; i++) obs[i] = Math.max(0, 255 - g[i]! - floor) + eps;
  let est = obs.slice();
  for (let it = 0; it < iterations; it++) {
    const conv = gaussBlur(est, w, h, sigma);
    const ratio = new Float32Array(n);
    for (let i = 0; i < n; i++) ratio[i] = obs[i]! / Math.max(eps, conv[i]!);
    const corr = gaussBlur(ratio, w, h, sigma);
    const next = new Float32Array(n);
    for (let i = 0; i < n; i++) next[i] = Math.min(300, est[i]! * corr[i]!);
    est = next;
  }
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.max(0, Math.min(255, Math.round(255 + eps - est[i]!)));
  return { width: w, height: h, channels: 1, data: out };
}

/**
 * The blur of a page, as the sigma in pixels of a Gaussian, from its dark-light steps: a step of height
 * A blurred by a Gaussian of sigma σ has a steepest central difference of A(2Φ(1/σ) − 1)/2, so each step
 * gives σ = 1/Φ⁻¹(1/2 + g/A). Only steps that span nearly the page's whole range between paper and ink
 * count: a thin stroke blurred does not reach full ink and its slope would say less blur than there is.
 * Null where the page has too few such steps to say.
 */
export function measureBlur(img: OcrImage): number | null {
  const g = toGray(img);
  const { width: w, height: h } = img;
  const hist = new Uint32Array(256);
  for (let i = 0; i < g.length; i++) hist[g[i]!]!++;
  const paper = level(hist, g.length, PAPER_LEVEL);
  const ink = level(hist, g.length, INK_LEVEL);
  const contrast = paper - ink;
  if (contrast < MIN_CONTRAST) return null;
  const found: number[] = [];
  const scan = (lines: number, len: number, stride: number, step: number): void => {
    for (let l = 0; l < lines; l += LINE_STEP) {
      const o = l * stride;
      const at = (i: number): number => g[o + i * step]!;
      for (let i = STEP_WINDOW + 1; i < len - STEP_WINDOW - 1; i++) {
        const d = Math.abs(at(i + 1) - at(i - 1)) / 2;
        if (d < MIN_SLOPE * contrast) continue;
        if (d < Math.abs(at(i + 2) - at(i)) / 2 || d <= Math.abs(at(i) - at(i - 2)) / 2) continue;
        let lo = 255;
        let hi = 0;
        for (let j = i - STEP_WINDOW; j <= i + STEP_WINDOW; j++) {
          const v = at(j);
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
        const a = hi - lo;
        if (a < FULL_STEP * contrast || d >= a / 2) continue;
        found.push(1 / probit(0.5 + d / a));
      }
    }
  };
  scan(h, w, w, 1);
  scan(w, h, 1, w);
  if (found.length < MIN_STEPS) return null;
  found.sort((x, y) => x - y);
  return found[Math.floor(found.length / 2)]!;
}

/** Paper's shade: this share of the sheet's pixels is darker (glyphs, rules, boxes). */
const PAPER_LEVEL = 0.9;
/** Ink's shade: this share of the sheet's pixels is darker (glyph cores). */
const INK_LEVEL = 0.01;
/** Under this range between paper and ink there are no steps to measure. */
const MIN_CONTRAST = 40;
/** Every other row and column is scanned for steps. */
const LINE_STEP = 2;
/** A step's height is the range of the shades this far either side (px): wide enough for the blur of a photo. */
const STEP_WINDOW = 8;
/** A step is where the slope reaches this share of the paper–ink range (and is the steepest about it). */
const MIN_SLOPE = 0.08;
/** Steps spanning this share of the paper–ink range count: a bold stroke's edge, a box's, a rule's side. */
const FULL_STEP = 0.8;
/** Fewer such steps than this: the blur is not measured. */
const MIN_STEPS = 200;

/** Inverse of the standard normal CDF (Acklam's rational approximation; |error| < 1.2e-9). */
function probit(p: number): number {
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549671010332036, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const lowP = 0.02425;
  if (p < lowP) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p > 1 - lowP) return -probit(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}

/** Bilinear resize of a gray image to width × height (pixel centres aligned). */
export function resize(img: OcrImage, width: number, height: number): OcrImage {
  const g = toGray(img);
  const { width: w, height: h } = img;
  const out = new Uint8Array(width * height);
  const sx = w / width;
  const sy = h / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(w - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w - 1, x0 + 1);
      const tx = fx - x0;
      const top = g[y0 * w + x0]! * (1 - tx) + g[y0 * w + x1]! * tx;
      const bottom = g[y1 * w + x0]! * (1 - tx) + g[y1 * w + x1]! * tx;
      out[y * width + x] = Math.round(top * (1 - ty) + bottom * ty);
    }
  }
  return { width, height, channels: 1, data: out };
}

/**
 * A blurred photographed sheet restored: flattened at the photo's own resolution, its light evened, the
 * blur measured on its glyphs' steps and, where it spans MIN_BLUR_PT or more of the page, deconvolved, then
 * enlarged to width × height and normalised. Null where the sheet is sharp enough as it is (or its blur
 * could not be measured): restoring costs a second or two of CPU and is spent only where blur is measured.
 */
export function restoredSheet(shades: OcrImage, quad: PageQuad, width: number, height: number): OcrImage | null {
  const small = evenLight(flattenPage(shades, quad, false).image);
  const sigma = measureBlur(small);
  if (sigma === null) return null;
  const inches = small.width > small.height ? 11.69 : 8.27;
  if ((sigma * 72 * inches) / small.width < MIN_BLUR_PT) return null;
  const sharp = deconvolve(small, RESTORE_SHARE * sigma, RESTORE_ITERATIONS);
  return normalise(width === small.width && height === small.height ? sharp : resize(sharp, width, height));
}

/**
 * Blur (sigma, in points of the page) from which a sheet is restored: generated photos at the testkit's blur
 * ≥ 1.1 measure 0.66–1.04 pt, sharp ones (blur ≤ 0.7) 0.35–0.52 pt (28 photos of debug seed 4242).
 */
const MIN_BLUR_PT = 0.6;
/** Share of the measured sigma deconvolved: the measure includes the render's own soft edges, and the full sigma rang. */
const RESTORE_SHARE = 0.8;
/** Richardson–Lucy iterations: 5 left amounts unread, 20 read no more than 10 (bench/deblur-proto.ts). */
const RESTORE_ITERATIONS = 10;
