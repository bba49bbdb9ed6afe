import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOMINAL_DPI } from './image.ts';
import { ocrPageImage, setOcrEngine } from './index.ts';
import { findPageQuad, flattenPage } from './page-quad.ts';
import { homography, type Pt } from './warp.ts';
import type { OcrImage } from './types.ts';

const W = 1400;
const H = 2000;

/** Is (x, y) inside the convex quadrilateral `q` (corners in order)? */
function inside(q: readonly Pt[], x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!;
    const b = q[(i + 1) % 4]!;
    const c = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
    if (c === 0) continue;
    if (sign === 0) sign = Math.sign(c);
    else if (Math.sign(c) !== sign) return false;
  }
  return true;
}

/**
 * A phone photo: a sheet (corners `q`) of paper shade 235 with rows of dark "text" bars, on a grained
 * surround of mid tone (wood, stone) that is darker on one side, and a shadow over one corner of the sheet.
 */
function photo(q: readonly Pt[], surround: number, grain: number): OcrImage {
  const data = new Uint8Array(W * H);
  let seed = 11;
  const rnd = (): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 2;
  const m = homography(
    [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ],
    q,
  );
  // The inverse map tells where in the sheet (0..1) a pixel lies: rows of text every 2 % of the height.
  const inv = homography(q, [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 1, y: 1 },
    { x: 0, y: 1 },
  ]);
  expect(m.length).toBe(8);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let v: number;
      if (inside(q, x, y)) {
        const z = inv[6]! * x + inv[7]! * y + 1;
        const u = (inv[0]! * x + inv[1]! * y + inv[2]!) / z;
        const t = (inv[3]! * x + inv[4]! * y + inv[5]!) / z;
        const text = u > 0.1 && u < 0.9 && t > 0.1 && t < 0.7 && t % 0.02 < 0.008 && u % 0.03 < 0.02;
        v = text ? 40 : 235 - 45 * Math.max(0, 1 - (x + y) / 900) + rnd() * 4;
      } else {
        v = surround - 30 * (x / W) + rnd() * grain;
      }
      data[y * W + x] = Math.max(0, Math.min(255, Math.round(v)));
    }
  }
  return { width: W, height: H, channels: 1, data };
}

const tilted: Pt[] = [
  { x: 230, y: 150 },
  { x: 1290, y: 250 },
  { x: 1250, y: 1820 },
  { x: 140, y: 1740 },
];

describe('findPageQuad / flattenPage (a photographed sheet)', () => {
  it('finds the corners of a tilted sheet on a smooth dark surround, its shaded corner included', () => {
    const q = findPageQuad(photo(tilted, 80, 3));
    expect(q).not.toBeNull();
    q!.corners.forEach((c, i) => {
      expect(Math.abs(c.x - tilted[i]!.x)).toBeLessThan(30);
      expect(Math.abs(c.y - tilted[i]!.y)).toBeLessThan(30);
    });
  });

  it('finds it on a grained light surround (stone, fabric) too', () => {
    const q = findPageQuad(photo(tilted, 190, 40));
    expect(q).not.toBeNull();
    q!.corners.forEach((c, i) => expect(Math.hypot(c.x - tilted[i]!.x, c.y - tilted[i]!.y)).toBeLessThan(40));
  });

  it('flattens it upright and enlarges it towards a scan (an A4 page ≈ 250 dpi), or not for the look', () => {
    const img = photo(tilted, 80, 3);
    const q = findPageQuad(img)!;
    const big = flattenPage(img, q);
    expect(big.image.width).toBeGreaterThanOrEqual(2000);
    expect(big.image.height / big.image.width).toBeGreaterThan(1.3);
    expect(big.dpi).toBeCloseTo(big.image.width / 8.27, 5);
    // The sheet fills the output: its corners are paper or text, not surround.
    const at = (x: number, y: number): number => big.image.data[y * big.image.width + x]!;
    expect(at(20, 20)).toBeGreaterThan(150);
    expect(at(big.image.width - 20, big.image.height - 20)).toBeGreaterThan(150);
    expect(flattenPage(img, q, false).image.width).toBeLessThan(1200);
  });

  it('a scan (paper to the edges) and a card-shaped object are not a photographed page', () => {
    const scan: OcrImage = { width: 800, height: 1100, channels: 1, data: new Uint8Array(800 * 1100).fill(240) };
    for (let y = 100; y < 900; y += 20) for (let x = 80; x < 700; x++) scan.data[y * 800 + x] = 30;
    expect(findPageQuad(scan)).toBeNull();
    const card: Pt[] = [
      { x: 200, y: 700 },
      { x: 1200, y: 700 },
      { x: 1200, y: 1330 },
      { x: 200, y: 1330 },
    ];
    expect(findPageQuad(photo(card, 80, 3))).toBeNull();
  });
});

describe('ocrPageImage on a photographed page and a scan saved as an image', () => {
  const seen: OcrImage[] = [];
  beforeEach(() => {
    seen.length = 0;
    setOcrEngine({
      recognize: (image: OcrImage) => {
        seen.push(image);
        const words = [
          { text: 'Kontoauszug', x0: 100, y0: 100, x1: 400, y1: 130, confidence: 0.95 },
          { text: '01.08.2024', x0: 100, y0: 200, x1: 300, y1: 230, confidence: 0.95 },
          { text: '1.234,56', x0: 900, y0: 200, x1: 1100, y1: 230, confidence: 0.95 },
          { text: 'Saldo', x0: 100, y0: 300, x1: 250, y1: 330, confidence: 0.95 },
        ];
        return Promise.resolve({ words: seen.length === 1 ? words : [], meanConfidence: 0.95 });
      },
      terminate: () => Promise.resolve(),
    });
  });
  afterEach(() => setOcrEngine(null));

  it('a statement photo is read as its flattened sheet, enlarged, in the page points of an A4 sheet', async () => {
    const p = await ocrPageImage(photo(tilted, 80, 3), 1, NOMINAL_DPI, { langs: ['deu'], mrz: 'off' });
    // Before: the whole photo (surround and all, 1400 pixels wide) was read, and measured card-sized.
    expect(seen[0]!.width).toBeGreaterThanOrEqual(2000);
    expect(p.width).toBeCloseTo(595, -1);
  });

  it('a 200 dpi A4 scan saved as an image (card-sized at the nominal 300 dpi) has its table rules removed for the statement reading', async () => {
    const w = 1654;
    const h = 2339;
    const img: OcrImage = { width: w, height: h, channels: 1, data: new Uint8Array(w * h).fill(245) };
    for (let r = 0; r < 30; r++) for (let y = 300 + r * 40; y < 312 + r * 40; y++) for (let x = 150; x < 1500; x += 9) for (let k = 0; k < 5; k++) img.data[y * w + x + k] = 20;
    for (let y = 1600; y < 1603; y++) for (let x = 100; x < 1550; x++) img.data[y * w + x] = 10;
    await ocrPageImage(img, 1, NOMINAL_DPI, { langs: ['deu'], mrz: 'off' });
    const read = seen[0]!;
    let s = 0;
    for (let x = 400; x < 1200; x++) s += read.data[1601 * read.width + x]!;
    // Before: taken for a card, the page skipped straightening and rule removal (the rule stayed, black).
    expect(s / 800).toBeGreaterThan(200);
  });
});
