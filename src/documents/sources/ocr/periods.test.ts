import { describe, expect, it } from 'vitest';
import { restorePeriods } from './periods.ts';
import type { OcrImage, OcrWord } from './types.ts';

const W = 300;
const H = 60;

/** A white line image with ink rectangles (x0, y0, x1, y1) standing in for glyphs. */
function image(rects: [number, number, number, number, number?][]): OcrImage {
  const data = new Uint8Array(W * H).fill(255);
  for (const [x0, y0, x1, y1, v] of rects) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * W + x] = v ?? 0;
  return { width: W, height: H, channels: 1, data };
}

const word = (text: string, x0: number, x1: number): OcrWord => ({ text, x0, y0: 20, x1, y1: 38, confidence: 0.93 });

// "Rif" as three glyph bars on the baseline (y 38), then the reference further right.
const glyphs: [number, number, number, number][] = [
  [10, 20, 16, 38],
  [20, 24, 24, 38],
  [28, 20, 32, 38],
  [60, 20, 120, 38],
];

describe('restorePeriods', () => {
  it('a dot on the baseline inside the box\'s right end, a blob of its own: "Rif" → "Rif."', () => {
    const img = image([...glyphs, [35, 34, 39, 38]]);
    const out = restorePeriods([word('Rif', 10, 40), word('1632N421119', 60, 120)], img);
    expect(out.map((w) => w.text)).toEqual(['Rif.', '1632N421119']);
  });

  it('no dot, a grey speck, a speck of one pixel, or a dot joined to the last glyph: nothing added', () => {
    const words = [word('Rif', 10, 40), word('1632N421119', 60, 120)];
    expect(restorePeriods(words, image(glyphs))[0]!.text).toBe('Rif');
    expect(restorePeriods(words, image([...glyphs, [35, 34, 39, 38, 150]]))[0]!.text).toBe('Rif');
    expect(restorePeriods(words, image([...glyphs, [36, 36, 37, 37]]))[0]!.text).toBe('Rif');
    // The f's foot running into the dot (a blurred scan): one component with the glyph, not a period.
    expect(restorePeriods(words, image([...glyphs, [32, 36, 35, 38], [35, 34, 39, 38]]))[0]!.text).toBe('Rif');
  });

  it('a dot blur joined to the foot of an f or r stands apart at a darker level: put back; after a C or G, or a grey core, not', () => {
    // The bridge from the foot to the dot is grey (120): ink at the usual level, paper at the darker one.
    const bridged = image([...glyphs, [32, 36, 35, 38, 120], [35, 34, 39, 38]]);
    const words = (last: string): OcrWord[] => [word(last, 10, 40), word('1632N421119', 60, 120)];
    expect(restorePeriods(words('Rif'), bridged)[0]!.text).toBe('Rif.');
    expect(restorePeriods(words('Nr'), bridged)[0]!.text).toBe('Nr.');
    // A C's or G's lower terminal cut off by the darker level looks the same: left alone.
    expect(restorePeriods(words('PLC'), bridged)[0]!.text).toBe('PLC');
    expect(restorePeriods(words('STANDING'), bridged)[0]!.text).toBe('STANDING');
    // A grey blob (a thin stroke's end) is no period's core.
    expect(restorePeriods(words('Rif'), image([...glyphs, [32, 36, 35, 38, 120], [35, 34, 39, 38, 60]]))[0]!.text).toBe('Rif');
  });

  it('only words ending in two letters get one: amounts, single-letter markers and punctuated words stay', () => {
    const dot: [number, number, number, number] = [35, 34, 39, 38];
    const img = image([...glyphs, dot]);
    for (const text of ['208,90', 'S', 'Rif.', 'Nr:']) expect(restorePeriods([word(text, 10, 40)], img)[0]!.text).toBe(text);
  });

  it('a blob up at mid-height (a hyphen, a colon\'s upper dot) is not a period', () => {
    const img = image([...glyphs, [35, 26, 39, 30]]);
    expect(restorePeriods([word('Rif', 10, 40)], img)[0]!.text).toBe('Rif');
  });

  it('a period read with low confidence where no dot is printed goes; a printed one, or a confident reading, stays', () => {
    const unsure = (text: string): OcrWord => ({ ...word(text, 10, 40), confidence: 0.44 });
    expect(restorePeriods([unsure('EDEKA.')], image(glyphs))[0]!.text).toBe('EDEKA');
    expect(restorePeriods([unsure('EDEKA.')], image([...glyphs, [35, 34, 39, 38]]))[0]!.text).toBe('EDEKA.');
    expect(restorePeriods([word('Rif.', 10, 40)], image(glyphs))[0]!.text).toBe('Rif.');
  });
});
