import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOMINAL_DPI } from './image.ts';
import { flatSheet, ocrPageImage, setOcrEngine, whitenedReads } from './index.ts';
import { cardShaped, findPageQuad, flattenPage, offSquare, squarerSheet, type PageQuad } from './page-quad.ts';
import { homography, type Pt } from './warp.ts';
import type { OcrImage } from './types.ts';


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
function photo(q: readonly Pt[], surround: number, grain: number, shade: (x: number, y: number) => number = () => 1, W = 1400, H = 2000, ink = 40): OcrImage {
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
        v = text ? ink : 235 - 45 * Math.max(0, 1 - (x + y) / 900) + rnd() * 4;
      } else {
        v = surround - 30 * (x / W) + rnd() * grain;
      }
      data[y * W + x] = Math.max(0, Math.min(255, Math.round(v * shade(x, y))));
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

  it('finds a landscape sheet, and flattens it at the dpi of an A4 page on its side', () => {
    const wide: Pt[] = [
      { x: 200, y: 230 },
      { x: 1800, y: 150 },
      { x: 1760, y: 1290 },
      { x: 230, y: 1250 },
    ];
    const img = photo(wide, 80, 3, undefined, 2000, 1400);
    const q = findPageQuad(img);
    // Before: a sheet wider than tall was not a page's shape.
    expect(q).not.toBeNull();
    q!.corners.forEach((c, i) => expect(Math.hypot(c.x - wide[i]!.x, c.y - wide[i]!.y)).toBeLessThan(40));
    const flat = flattenPage(img, q!);
    expect(flat.image.width).toBeGreaterThan(flat.image.height);
    expect(flat.dpi).toBeCloseTo(flat.image.width / 11.69, 5);
  });

  it('keeps a corner in a hand’s deep shadow, on a grained surround only a little darker than the paper (a white table)', () => {
    // The shadow falls over sheet and surround alike, from 100 % light to 45 % over the lower right.
    const shade = (x: number, y: number): number => 1 - 0.55 * Math.min(1, Math.max(0, (x + y - 2000) / 700));
    const q = findPageQuad(photo(tilted, 205, 30, shade));
    // Before: the shaded part was darker than the paper floor and the sheet lost its lower right corner.
    expect(q).not.toBeNull();
    q!.corners.forEach((c, i) => expect(Math.hypot(c.x - tilted[i]!.x, c.y - tilted[i]!.y)).toBeLessThan(40));
  });

  it('a scan (paper to the edges) is not a photographed page, and a card-shaped object is not taken for a plain page', () => {
    const scan: OcrImage = { width: 800, height: 1100, channels: 1, data: new Uint8Array(800 * 1100).fill(240) };
    for (let y = 100; y < 900; y += 20) for (let x = 80; x < 700; x++) scan.data[y * 800 + x] = 30;
    expect(findPageQuad(scan)).toBeNull();
    const card: Pt[] = [
      { x: 200, y: 700 },
      { x: 1200, y: 700 },
      { x: 1200, y: 1330 },
      { x: 200, y: 1330 },
    ];
    // A scan whose framed table (a box of rules) holds a page-shaped block of paper: the box is not a
    // sheet, since outside it lies more paper of the same tone, not a surround.
    const framed: OcrImage = { width: 1400, height: 2000, channels: 1, data: new Uint8Array(1400 * 2000).fill(240) };
    const ink = (x0: number, y0: number, x1: number, y1: number): void => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) framed.data[y * 1400 + x] = 30;
    };
    ink(250, 300, 1150, 306);
    ink(250, 1700, 1150, 1706);
    ink(250, 300, 256, 1706);
    ink(1144, 300, 1150, 1706);
    for (let y = 60; y < 280; y += 40) ink(100, y, 1300, y + 12);
    for (let y = 1740; y < 1960; y += 40) ink(100, y, 1300, y + 12);
    expect(findPageQuad(framed)).toBeNull();
    // A sheet on its side is a page now; one with a card's proportions is flagged as possibly a card.
    const q = findPageQuad(photo(card, 80, 3));
    expect(q === null || cardShaped(q)).toBe(true);
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

  it('a photographed sheet under a shadow is read with its light divided out: paper even, glyphs dark in the shadow too', async () => {
    // A hand's shadow over the sheet's lower half, to 45 % of the light.
    const shade = (_x: number, y: number): number => 1 - 0.55 * Math.min(1, Math.max(0, (y - 800) / 500));
    await ocrPageImage(photo(tilted, 80, 3, shade), 1, NOMINAL_DPI, { langs: ['deu'], mrz: 'off' });
    const read = seen[0]!;
    // Paper (a high percentile) and glyphs (a low one) along a band of the flattened sheet, in the light and in the shadow.
    const band = (y0: number, y1: number): number[] => {
      const v: number[] = [];
      for (let y = Math.round(y0 * read.height); y < y1 * read.height; y++) for (let x = Math.round(0.2 * read.width); x < 0.8 * read.width; x++) v.push(read.data[y * read.width + x]!);
      return v.sort((a, b) => a - b);
    };
    const lit = band(0.2, 0.3);
    const dark = band(0.55, 0.65);
    const at = (v: number[], q: number): number => v[Math.floor(v.length * q)]!;
    // Before: the shadowed paper stayed grey (≈ 120 of 255), under tesseract's one threshold for the page.
    expect(at(dark, 0.8)).toBeGreaterThan(220);
    expect(at(lit, 0.8)).toBeGreaterThan(220);
    expect(at(dark, 0.1)).toBeLessThan(90);
  });

  it('faint glyphs (a blurred photo’s thin strokes) on a sheet lying on a coarse-grained surround are read, not painted white', async () => {
    // A smaller sheet on wood: the surround covers most of the photo and its grain is coarse (±45 levels).
    const small: Pt[] = [
      { x: 330, y: 380 },
      { x: 1090, y: 440 },
      { x: 1050, y: 1500 },
      { x: 280, y: 1450 },
    ];
    await ocrPageImage(photo(small, 150, 45, undefined, 1400, 2000, 180), 1, NOMINAL_DPI, { langs: ['deu'], mrz: 'off' });
    const read = seen[0]!;
    const v: number[] = [];
    for (let y = Math.round(0.12 * read.height); y < 0.65 * read.height; y++) for (let x = Math.round(0.15 * read.width); x < 0.85 * read.width; x++) v.push(read.data[y * read.width + x]!);
    v.sort((a, b) => a - b);
    // The glyphs stand 55 levels under the paper. Before: normalise measured the grain over the whole
    // photo, the wood's with it, and painted every shade within five grains of the paper white — the glyphs too.
    expect(v[Math.floor(v.length * 0.05)]!).toBeLessThan(128);
    expect(v[Math.floor(v.length * 0.8)]!).toBeGreaterThan(220);
  });

  it('a sheet on its side with a card’s proportions: the look reads the photo as it stands, and where that is illegible, the flattened sheet', async () => {
    const wide: Pt[] = [
      { x: 120, y: 260 },
      { x: 1880, y: 200 },
      { x: 1860, y: 1280 },
      { x: 140, y: 1300 },
    ];
    const img = photo(wide, 80, 3, undefined, 2000, 1500);
    expect(cardShaped(findPageQuad(img)!)).toBe(true);
    const looked: OcrImage[] = [];
    setOcrEngine({
      recognize: (image: OcrImage) => {
        looked.push(image);
        // The whole photo reads as rubble; the sheet alone reads.
        const c = looked.length === 1 ? 0.3 : 0.95;
        const words = ['Kontoauszug', '01.08.2024', '1.234,56', 'Saldo', 'Betrag'].map((text, i) => ({ text, x0: 100 + i * 200, y0: 100, x1: 250 + i * 200, y1: 130, confidence: c }));
        return Promise.resolve({ words, meanConfidence: c });
      },
      terminate: () => Promise.resolve(),
    });
    const p = await ocrPageImage(img, 1, NOMINAL_DPI, { langs: ['eng'], mrz: 'off', look: true });
    expect(p.verdict.ok).toBe(true);
    // Before: the look had one reading of the whole photo, refused as illegible.
    expect(looked).toHaveLength(2);
    expect(looked[0]!.width).toBe(2000);
    expect(looked[1]!.width).toBeLessThan(1900);
    expect(looked[1]!.width / looked[1]!.height).toBeGreaterThan(1.5);
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

describe('squarerSheet (the sheet on the normalised photo or on its own shades)', () => {
  const q = (...c: [number, number][]): PageQuad => ({ corners: c.map(([x, y]) => ({ x, y })) as PageQuad['corners'] });
  // Corners found on two generated phone photos (debug seed 1459439466, B0017 and B0036: a hand's shadow
  // across the sheet): on the normalised photo the shadow's edge stood in for a side.
  const sheared = q([142, 206], [1539, 131], [1434, 2126], [108, 1546]);
  const sheet = q([139, 206], [1539, 131], [1434, 2128], [99, 2128]);
  const topCut = q([165, 228], [1256, 695], [1217, 1867], [117, 1938]);
  const topSheet = q([165, 221], [1271, 256], [1217, 1813], [125, 1744]);

  it('a corner 20° and more off a right angle is a shadow’s edge, not the sheet: the squarer sheet on the shades is read', () => {
    expect(offSquare(sheared.corners)).toBeGreaterThan(20);
    expect(offSquare(sheet.corners)).toBeLessThan(7);
    // Before: the normalised photo's sheet was taken whenever one was found (0 of 9 and 0 of 7 transactions read).
    expect(squarerSheet(sheared, () => sheet)).toBe(sheet);
    expect(squarerSheet(topCut, () => topSheet)).toBe(topSheet);
  });

  it('keeps the normalised photo’s sheet where the other is no squarer by more than 2°, and takes whichever is found', () => {
    const a = q([176, 298], [1888, 390], [1888, 2510], [176, 2396]);
    const b = q([235, 302], [1749, 383], [1839, 2506], [74, 2392]);
    expect(squarerSheet(a, () => b)).toBe(a);
    expect(squarerSheet(sheet, () => sheared)).toBe(sheet);
    expect(squarerSheet(null, () => sheet)).toBe(sheet);
    expect(squarerSheet(sheet, () => null)).toBe(sheet);
    expect(squarerSheet(null, () => null)).toBeNull();
  });
});

describe('flatSheet (the whitened photo or the sheet’s own shades)', () => {
  it('a whitened photo holding more ink than the sheet’s own shades took a shadow’s grain for ink: the own shades are read', () => {
    // A sharp, noisy photo whose light falls off steeply over the sheet's right side: normalised as a whole
    // photo, the whitening cut through the shadow's grain and left it standing as specks (a quarter of the
    // pixels) over the amounts' column. Before: that sheet still held ≥ 80 % of the own shades' ink, was
    // read, and was refused at 41 % per character (a generated photo at 170 dpi, blur 0.31, shadow 0.44).
    const shades = photo(tilted, 80, 3);
    const whitened: OcrImage = { ...shades, data: new Uint8Array(shades.data) };
    let seed = 5;
    const rnd = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let y = 0; y < whitened.height; y++)
      for (let x = 1000; x < whitened.width; x++) if (inside(tilted, x, y) && rnd() < 0.25) whitened.data[y * whitened.width + x] = 20;
    const q = findPageQuad(shades)!;
    const { image } = flatSheet(whitened, shades, q, false);
    let specks = 0;
    let all = 0;
    // Blank paper under the text rows, on the sheet's right side.
    for (let y = Math.round(0.75 * image.height); y < 0.95 * image.height; y++)
      for (let x = Math.round(0.8 * image.width); x < 0.95 * image.width; x++, all++) if (image.data[y * image.width + x]! < 128) specks++;
    expect(specks / all).toBeLessThan(0.01);
  });

  it('the whitened photo is read where it kept the glyphs and added no ink; not where it lost a fifth of them or gained a quarter', () => {
    expect(whitenedReads(0.05, 0.05)).toBe(true);
    expect(whitenedReads(0.042, 0.05)).toBe(true);
    expect(whitenedReads(0.035, 0.05)).toBe(false);
    expect(whitenedReads(0.0259, 0.0203)).toBe(false);
    expect(whitenedReads(0.055, 0.05)).toBe(true);
  });
});
