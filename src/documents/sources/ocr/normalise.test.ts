import { describe, expect, it } from 'vitest';
import { normalise } from './image.ts';
import { grainOf } from './pixels.ts';
import type { OcrImage } from './types.ts';

/** A page of paper shade `paper` ± `grain` with `rows` bars of ink shade `ink` (a few lines of text). */
function page(paper: number, grain: number, ink: number, rows: number): OcrImage {
  const w = 800;
  const h = 1100;
  const data = new Uint8Array(w * h);
  let seed = 7;
  const rnd = (): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 2;
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(paper + rnd() * grain)));
  for (let r = 0; r < rows; r++) {
    for (let y = 60 + r * 30; y < 72 + r * 30; y++) for (let x = 60; x < 500; x += 6) for (let k = 0; k < 3; k++) data[y * w + x + k] = ink;
  }
  return { width: w, height: h, channels: 1, data };
}

const mean = (img: OcrImage, pick: (v: number) => boolean): number => {
  let s = 0;
  let n = 0;
  for (const v of img.data) {
    if (!pick(v)) continue;
    s += v;
    n++;
  }
  return n ? s / n : NaN;
};

describe('normalise', () => {
  it('a sparse grainy page (two lines of ink): the grain is not stretched over the range', () => {
    const img = page(235, 20, 20, 2);
    expect(grainOf(img)).toBeGreaterThan(5);
    // A percentile of the whole page lands in the paper here: the grain grew 3–4 times and tesseract read it as words.
    expect(grainOf(normalise(img))).toBeLessThanOrEqual(grainOf(img) * 1.3);
  });

  it('a grainy page with a little over 1 % ink, mostly grey glyph edges: the dark end is the glyph cores, not the 1st percentile', () => {
    // Glyph cores: 0.6 % of the page.
    const img = page(245, 20, 20, 2);
    // Grey glyph edges (antialiasing, blur) above and below each row: 0.64 % more.
    for (let r = 0; r < 2; r++) {
      for (const y of [56, 57, 58, 59, 72, 73, 74, 75]) for (let x = 60; x < 410; x++) img.data[(y + r * 30) * img.width + x] = 150;
    }
    // The 1st percentile lands among the edges: stretching from there spread the grain over half the range
    // (a statement's last page read as 2,000 noise words in 29 s).
    expect(grainOf(normalise(img))).toBeLessThanOrEqual(grainOf(img) * 1.3);
  });

  it('grainy paper is painted white, the ink kept (a sparse page: Otsu inside tesseract split the grain)', () => {
    const img = page(240, 25, 30, 2);
    const n = normalise(img);
    expect(grainOf(n)).toBe(0);
    expect(mean(n, (v) => v >= 128)).toBe(255);
    // The ink bars are still there, dark.
    expect(n.data[60 * n.width + 60]!).toBeLessThan(40);
  });

  it('faded toner on grey paper is stretched to black on white', () => {
    const img = page(240, 0, 150, 20);
    const n = normalise(img);
    expect(mean(n, (v) => v < 128)).toBeLessThan(10);
    expect(mean(n, (v) => v >= 128)).toBeGreaterThan(250);
  });

  it('a faded JPEG scan: ringing a few shades off the paper becomes paper after the ×2 stretch; glyph edges stay grey', () => {
    const img = page(244, 0, 131, 20);
    const w = img.width;
    // Ringing: rows of pixels 6 shades under the paper just below each ink row; a glyph edge at 190.
    for (let r = 0; r < 20; r++) for (let x = 60; x < 500; x++) img.data[(73 + r * 30) * w + x] = 238;
    img.data[58 * w + 61] = 190;
    const n = normalise(img);
    // Stretched ×2.3 the ringing was 241: tesseract's threshold kept specks of it, read as '.' and ','.
    expect(n.data[73 * w + 100]!).toBe(255);
    expect(n.data[58 * w + 61]!).toBeLessThan(160);
    expect(n.data[60 * w + 60]!).toBeLessThan(10);
  });

  it('grain counts as stretched: a faded page with grain 2–3 stretched ×2 has its paper painted white', () => {
    const img = page(232, 5, 120, 20);
    expect(grainOf(img)).toBeLessThan(4);
    expect(grainOf(normalise(img))).toBe(0);
  });

  it('a blank page keeps its shades (nothing to stretch)', () => {
    const img = page(240, 3, 240, 0);
    expect(Buffer.compare(normalise(img).data as Uint8Array, img.data as Uint8Array)).toBe(0);
  });

  it('a card photo (a third of it portrait and pattern in mid grey): the stretch starts at the darkest ink, so the grey edges of thin strokes stay grey', () => {
    const img = page(235, 0, 0, 10);
    // Portrait: the bottom third in mid grey 100 (the text rows are at the top).
    for (let i = Math.floor((2 * img.data.length) / 3); i < img.data.length; i++) img.data[i] = 100;
    // Antialiased stroke edges: a few pixels at 150, mid-page.
    const edge = Math.floor(img.height / 2) * img.width + 10;
    for (let k = 0; k < 50; k++) img.data[edge + k] = 150;
    const n = normalise(img);
    // Taking the ink's 20th percentile as black (mid grey) would crush the edge to ~80 and thicken every stroke.
    expect(n.data[edge]!).toBeGreaterThan(150);
  });
});

