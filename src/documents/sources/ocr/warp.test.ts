import { describe, expect, it } from 'vitest';
import type { OcrImage } from './types.ts';
import { dist, homography, mapPoint, quadArea, warpQuad, type Quad } from './warp.ts';

const quad: Quad = [
  { x: 150.5, y: 120 },
  { x: 1040, y: 90.25 },
  { x: 1060, y: 680 },
  { x: 130, y: 650.75 },
];

/** A gray image whose value at (x, y) is (x + 3y) mod 256: every shift or flip shows. */
function ramp(w: number, h: number): OcrImage {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = (x + 3 * y) % 256;
  return { width: w, height: h, channels: 1, data };
}

describe('homography', () => {
  it("maps a known quadrilateral's rectangle onto its corners, exactly to 1e-9 px, and back", () => {
    const rect = [
      { x: 0, y: 0 },
      { x: 900, y: 0 },
      { x: 900, y: 560 },
      { x: 0, y: 560 },
    ];
    const m = homography(rect, quad);
    const inv = homography(quad, rect);
    rect.forEach((p, i) => {
      const q = mapPoint(m, p.x, p.y);
      expect(Math.abs(q.x - quad[i]!.x)).toBeLessThan(1e-9);
      expect(Math.abs(q.y - quad[i]!.y)).toBeLessThan(1e-9);
      const back = mapPoint(inv, q.x, q.y);
      expect(Math.abs(back.x - p.x)).toBeLessThan(1e-9);
      expect(Math.abs(back.y - p.y)).toBeLessThan(1e-9);
    });
    // Projective, not affine: the rectangle's centre goes to the crossing of the quadrilateral's diagonals.
    const c = mapPoint(m, 450, 280);
    const [a, b, d, e] = quad;
    const t = ((b.x - a.x) * (e.y - b.y) - (b.y - a.y) * (e.x - b.x)) / ((d.x - a.x) * (e.y - b.y) - (d.y - a.y) * (e.x - b.x));
    expect(c.x).toBeCloseTo(a.x + t * (d.x - a.x), 6);
    expect(c.y).toBeCloseTo(a.y + t * (d.y - a.y), 6);
  });
});

describe('dist / quadArea', () => {
  it('measures sides and the shoelace area', () => {
    expect(dist({ x: 0, y: 0 }, { x: 3, y: 4 })).toBe(5);
    expect(quadArea([{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 4, y: 3 }, { x: 0, y: 3 }])).toBe(12);
    expect(quadArea([{ x: 0, y: 3 }, { x: 4, y: 3 }, { x: 4, y: 0 }, { x: 0, y: 0 }])).toBe(12);
  });
});

describe('warpQuad', () => {
  it('the whole image as its own quadrilateral comes back pixel for pixel (pixel centres and pixel corners)', () => {
    const img = ramp(64, 48);
    const whole: Quad = [
      { x: 0, y: 0 },
      { x: 64, y: 0 },
      { x: 64, y: 48 },
      { x: 0, y: 48 },
    ];
    expect(warpQuad(img, whole, 64, 48, { offset: 0.5 }).data).toEqual(img.data);
    const corners = warpQuad(img, whole, 64, 48, { offset: 0, fill: 255 });
    // At pixel corners the last column and row need a neighbour the image does not have: filled.
    for (let y = 0; y < 48; y++) {
      for (let x = 0; x < 64; x++) expect(corners.data[y * 64 + x]).toBe(x === 63 || y === 47 ? 255 : img.data[y * 64 + x]);
    }
  });

  it('takes a sub-rectangle by its corners, upright, and a turned one the other way round', () => {
    const img = ramp(64, 48);
    const sub = warpQuad(img, [{ x: 10, y: 5 }, { x: 30, y: 5 }, { x: 30, y: 25 }, { x: 10, y: 25 }], 20, 20, { offset: 0.5 });
    for (let y = 0; y < 20; y++) for (let x = 0; x < 20; x++) expect(sub.data[y * 20 + x]).toBe(img.data[(y + 5) * 64 + x + 10]);
    // Corners listed from the bottom-right: the same square, upside down.
    const turned = warpQuad(img, [{ x: 30, y: 25 }, { x: 10, y: 25 }, { x: 10, y: 5 }, { x: 30, y: 5 }], 20, 20, { offset: 0.5 });
    for (let y = 0; y < 20; y++) for (let x = 0; x < 20; x++) expect(turned.data[y * 20 + x]).toBe(img.data[(24 - y) * 64 + 29 - x]);
  });

  it('off the image: the nearest edge pixel, or the fill value', () => {
    const img = ramp(16, 16);
    const out: Quad = [
      { x: -8, y: 0 },
      { x: 0, y: 0 },
      { x: 0, y: 8 },
      { x: -8, y: 8 },
    ];
    const clamped = warpQuad(img, out, 8, 8);
    for (let y = 0; y < 8; y++) expect(clamped.data[y * 8]).toBe(img.data[y * 16]);
    expect([...warpQuad(img, out, 8, 8, { offset: 0, fill: 255 }).data].every((v) => v === 255)).toBe(true);
  });

  it('refuses a colour image', () => {
    expect(() => warpQuad({ width: 2, height: 2, channels: 4, data: new Uint8Array(16) }, quad, 2, 2)).toThrow(/gray/);
  });
});
