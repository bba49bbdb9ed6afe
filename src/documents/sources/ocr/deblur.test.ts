import { describe, expect, it } from 'vitest';
import { normalise } from './image.ts';
import { flatSheet } from './index.ts';
import { flattenPage, type PageQuad } from './page-quad.ts';
import { evenLight } from './light.ts';
import type { OcrImage } from './types.ts';

/** Separable Gaussian blur (the test's own, so the check does not lean on the code under test). */
function blur(img: OcrImage, sigma: number): OcrImage {
  const { width: w, height: h } = img;
  const r = Math.ceil(3 * sigma);
  const k: number[] = [];
  for (let i = -r; i <= r; i++) k.push(Math.exp(-(i * i) / (2 * sigma * sigma)));
  const s = k.reduce((a, b) => a + b, 0);
  const pass = (src: Float64Array, horizontal: boolean): Float64Array => {
    const out = new Float64Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        let acc = 0;
        for (let i = -r; i <= r; i++) {
          const xx = horizontal ? Math.min(w - 1, Math.max(0, x + i)) : x;
          const yy = horizontal ? y : Math.min(h - 1, Math.max(0, y + i));
          acc += k[i + r]! * src[yy * w + xx]!;
        }
        out[y * w + x] = acc / s;
      }
    return out;
  };
  const b = pass(pass(Float64Array.from(img.data), true), false);
  return { width: w, height: h, channels: 1, data: Uint8Array.from(b, (v) => Math.round(v)) };
}

/**
 * A photo of a sheet (paper 235, corners x 100..700, y 80..930 of an 800 × 1000 photo on a dark desk) with
 * rows of glyph-like marks: bold bars 7 px wide and thin strokes 2 px wide, 18 px tall, ink 40.
 */
function sheetPhoto(): { image: OcrImage; quad: PageQuad } {
  const W = 800;
  const H = 1000;
  const data = new Uint8Array(W * H).fill(50);
  for (let y = 80; y < 930; y++)
    for (let x = 100; x < 700; x++) {
      const row = (y - 120) % 40;
      const col = (x - 150) % 24;
      const glyph = y >= 120 && y < 880 && x >= 150 && x < 650 && row < 18 && (col < 7 || (col >= 13 && col < 15));
      data[y * W + x] = glyph ? 40 : 235;
    }
  const quad: PageQuad = { corners: [{ x: 100, y: 80 }, { x: 700, y: 80 }, { x: 700, y: 930 }, { x: 100, y: 930 }] };
  return { image: { width: W, height: H, channels: 1, data }, quad };
}

/** The steepest steps between horizontal neighbours in the glyph area (their 99th percentile): a blurred edge is shallow. */
function steepness(img: OcrImage): number {
  const { width: w, height: h, data } = img;
  const steps: number[] = [];
  for (let y = Math.round(0.2 * h); y < 0.8 * h; y += 2)
    for (let x = Math.round(0.2 * w); x < 0.8 * w; x++) steps.push(Math.abs(data[y * w + x + 1]! - data[y * w + x]!));
  steps.sort((a, b) => a - b);
  return steps[Math.floor(0.99 * steps.length)]!;
}

describe('blurred photos restored before OCR (deblur.ts)', () => {
  it('a blurred photographed sheet is deconvolved: the glyphs’ edges come out steeper than the sheet flattened as it was', () => {
    // A phone photo blurred by a Gaussian of 2.2 px at ~73 dpi of the sheet (1.3 pt): the generated photos
    // at blur ≥ 1.1 that read no amount measure 0.7–0.85 pt on their glyph steps.
    const { image, quad } = sheetPhoto();
    const shades = blur(image, 2.2);
    const plain = normalise(evenLight(flattenPage(shades, quad, true).image));
    const { image: read } = flatSheet(normalise(shades), shades, quad, true);
    expect(read.width).toBe(plain.width);
    expect(steepness(read)).toBeGreaterThan(1.3 * steepness(plain));
  });

  it('a sharp photo is read as before (nothing to restore)', () => {
    const { image, quad } = sheetPhoto();
    const shades = blur(image, 0.3);
    const own = normalise(evenLight(flattenPage(shades, quad, true).image));
    const whitened = normalise(evenLight(flattenPage(normalise(shades), quad, true).image));
    const { image: read } = flatSheet(normalise(shades), shades, quad, true);
    const same = (a: OcrImage): boolean => Buffer.from(read.data).equals(Buffer.from(a.data));
    expect(same(own) || same(whitened)).toBe(true);
  });
});
