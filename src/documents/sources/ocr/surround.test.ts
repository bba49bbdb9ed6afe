import { describe, expect, it } from 'vitest';
import { paintSurround } from './surround.ts';
import type { OcrImage } from './types.ts';

const W = 600;
const H = 400;

/**
 * A document photographed on a table: surround of shade `table` ± `noise` with uneven light
 * (darker to the left), a paper rectangle inset by `inset` px (white), ink bars on it,
 * one of them running to the paper's edge.
 */
function photo(table: number, noise: number, inset: number): OcrImage {
  const data = new Uint8Array(W * H);
  let seed = 11;
  const rnd = (): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 2;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const paper = x >= inset && x < W - inset && y >= inset && y < H - inset;
      const shade = paper ? 255 : table * (0.85 + (0.15 * x) / W) + rnd() * noise;
      data[y * W + x] = Math.max(0, Math.min(255, Math.round(shade)));
    }
  }
  for (let r = 0; r < 6; r++) for (let y = inset + 20 + r * 30; y < inset + 32 + r * 30; y++) for (let x = inset + 20; x < W - inset - (r === 0 ? 0 : 60); x++) data[y * W + x] = 10;
  return { width: W, height: H, channels: 1, data };
}

const at = (img: OcrImage, x: number, y: number): number => img.data[y * img.width + x]!;

describe('paintSurround', () => {
  it('the table around a photographed document becomes paper, specks included; the document is untouched', () => {
    const img = photo(130, 14, 40);
    // Specks of sensor noise outside the fill's tolerance, inside the surround.
    for (const [x, y] of [[10, 10], [300, 15], [590, 390]] as const) img.data[y * W + x] = 40;
    const { image, painted } = paintSurround(img);
    expect(painted).toBeGreaterThan(0.9 * (W * H - (W - 80) * (H - 80)));
    for (const [x, y] of [[0, 0], [10, 10], [300, 15], [20, 200], [590, 390], [W - 1, H - 1]] as const) expect(at(image, x, y)).toBe(255);
    // Inside the paper every pixel is as it was, the ink bar touching the paper's edge too.
    let changed = 0;
    for (let y = 40; y < H - 40; y++) for (let x = 40; x < W - 40; x++) if (at(image, x, y) !== at(img, x, y)) changed++;
    expect(changed).toBe(0);
    expect(at(image, W - 41, 60)).toBe(10);
  });

  it('a scan whose edges are paper is returned as it is (light grey text near the edge kept)', () => {
    const img = photo(255, 0, 0);
    img.data[5 * W + 5] = 200;
    const r = paintSurround(img);
    expect(r.painted).toBe(0);
    expect(r.image).toBe(img);
  });

  it('a surround showing on only a small part of the edges (a tightly cropped photo) is left', () => {
    const img = photo(255, 0, 0);
    for (let y = 0; y < H; y++) for (let x = 0; x < 30; x++) img.data[y * W + x] = 120;
    expect(paintSurround(img).painted).toBe(0);
  });

  it('the fill stops at light grey print on the paper touching the document\'s edge', () => {
    const img = photo(170, 30, 40);
    for (let y = 100; y < 140; y++) for (let x = 40; x < 120; x++) img.data[y * W + x] = 215;
    const { image } = paintSurround(img);
    expect(at(image, 60, 120)).toBe(215);
    expect(at(image, 5, 120)).toBe(255);
  });

  it('a surround reaching into the document in fingers is filled whole (the scanline fill follows runs up and down)', () => {
    // Comb-shaped surround: fingers of table reaching from the left edge across the paper.
    const img = photo(130, 0, 40);
    for (let f = 0; f < 8; f++) for (let y = 60 + f * 35; y < 75 + f * 35 && y < H - 40; y++) for (let x = 40; x < 500; x++) img.data[y * W + x] = 130;
    const { image } = paintSurround(img);
    expect(at(image, 499, 65)).toBe(255);
    expect(at(image, 300, 170)).toBe(255);
    // Ink on the paper past the fingers' reach is kept.
    expect(at(image, W - 41, 60)).toBe(10);
  });
});
