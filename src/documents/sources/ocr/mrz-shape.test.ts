/** Glyph shapes against OCR-B templates, and how chooseMrzLines weighs them (no OCR engine). */
import { describe, expect, it } from 'vitest';
import { OCRB_CELL, OCRB_GLYPHS } from '../../data/ocrb-glyphs.data.ts';
import { readMrz } from '../../identity/mrz.ts';
import { cellReading, chooseMrzLines } from './mrz-band.ts';
import { glyphShapes, shapeFavours } from './mrz-shape.ts';
import type { GlyphShapes } from './mrz-shape.ts';
import type { OcrImage, OcrWord } from './types.ts';

/** A line drawn from the templates themselves, each cell `k` pixels a template pixel, on white with a margin. */
function drawn(text: string, k: number): { img: OcrImage; xs: number[]; baseline: number; cap: number; pitch: number } {
  const { width: tw, height: th } = OCRB_CELL;
  const m = 10;
  const w = text.length * tw * k + 2 * m;
  const h = th * k + 2 * m;
  const data = new Uint8Array(w * h).fill(255);
  [...text].forEach((ch, c) => {
    const hex = OCRB_GLYPHS[ch]!;
    for (let y = 0; y < th * k; y++)
      for (let x = 0; x < tw * k; x++) {
        const v = parseInt(hex[Math.floor(y / k) * tw + Math.floor(x / k)]!, 16);
        data[(m + y) * w + m + c * tw * k + x] = 255 - v * 17;
      }
  });
  const pitch = tw * k;
  const baseline = m + OCRB_CELL.baseline * k;
  // The frame is 168/200 em tall, capitals 143/200 em.
  const cap = ((th * k * 200) / 168) * (143 / 200);
  return { img: { width: w, height: h, channels: 1, data }, xs: [...text].map((_, c) => m + (c + 0.5) * pitch), baseline, cap, pitch };
}

describe('glyphShapes: a cell against the OCR-B alphabet', () => {
  it('each glyph of a clean line correlates best with its own character (5 and S, I and L, < and K told apart)', () => {
    const text = 'JI5528996<SLIK<0O';
    const d = drawn(text, 3);
    const shapes = glyphShapes(d.img, d.xs, d.baseline, d.cap, d.pitch);
    [...text].forEach((ch, j) => {
      const s = shapes[j]!;
      const top = Object.entries(s).sort((a, b) => b[1] - a[1])[0]![0];
      expect(top, `glyph ${j}`).toBe(ch);
    });
    // A glyph read as its look-alike: the shape says which it is.
    expect(shapeFavours('S', shapes[2])).toBe('5');
    expect(shapeFavours('5', shapes[2])).toBeNull();
    expect(shapeFavours('K', shapes[9])).toBe('<');
  });

  it('a cell off the line (no ink) favours nothing', () => {
    const d = drawn('ABC', 3);
    const shapes = glyphShapes(d.img, [d.xs[0]! + 10 * d.pitch], d.baseline, d.cap, d.pitch);
    expect(shapeFavours('A', shapes[0])).toBeNull();
  });
});

describe('chooseMrzLines: shapes where the check digits cannot decide', () => {
  // An Italian permit (as a debug seed's it_permit read it, composite digit made right): "LJI552899" read "LJISS2899" at every scale. S − 5 = 23 weighs
  // 23 × 7 + 23 × 3 = 230 ≡ 0 mod 10: the number's digit and the composite hold either way.
  const zone = ['IRITALJI5528996<<<<<<<<<<<<<<<', '7611186M3002016PAK<<<<<<<<<<<4', 'AHMED<<IMRAN<<<<<<<<<<<<<<<<<<'];
  const misread = zone[0]!.replace('JI55', 'JISS');
  /** Shapes that agree with the truth: every glyph correlates 0.9 with its own character, 0.7 with the others. */
  const shapesOf = (truth: string): GlyphShapes =>
    [...truth].map((ch) => ({ ...Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<'].map((c) => [c, 0.7])), [ch]: 0.9 }));

  it('two misreadings that cancel mod 10: the reading the shapes hold wins over the variants agreeing', () => {
    expect(readMrz([misread, zone[1]!, zone[2]!])?.valid).toBe(true);
    const plain = chooseMrzLines([[misread, misread], [zone[1]!], [zone[2]!]])!;
    expect(plain.texts.get(0)).toBe(misread);
    const c = chooseMrzLines([
      [
        { text: misread, shapes: shapesOf(zone[0]!) },
        { text: misread, shapes: shapesOf(zone[0]!) },
      ],
      [zone[1]!],
      [zone[2]!],
    ])!;
    expect(c.valid).toBe(true);
    expect([...c.texts.values()]).toEqual(zone);
  });

  it('names (no check digit): a filler read as K that the shapes call a filler goes', () => {
    const names = 'COSTA<<SARA<<<<<<<<<<<<<<<<<<<';
    const read = 'COSTAK<SARA<<<<<<<<<<<<<<<<<<<';
    const z = [zone[0]!, zone[1]!, names];
    expect(chooseMrzLines([[zone[0]!], [zone[1]!], [read, read]])!.texts.get(2)).toBe(read);
    const c = chooseMrzLines([[zone[0]!], [zone[1]!], [{ text: read, shapes: shapesOf(names) }, { text: read, shapes: shapesOf(names) }]])!;
    expect([...c.texts.values()]).toEqual(z);
  });

  it('shapes that match their glyphs poorly on the whole (a blurred line) decide nothing', () => {
    const weak = (truth: string): GlyphShapes => shapesOf(truth).map((s) => Object.fromEntries(Object.entries(s!).map(([c, v]) => [c, v - 0.3])));
    const c = chooseMrzLines([[{ text: misread, shapes: weak(zone[0]!) }], [zone[1]!], [zone[2]!]])!;
    expect(c.texts.get(0)).toBe(misread);
  });

  it('a check digit outweighs a shape: a shape reading that breaks the number loses', () => {
    // Shapes calling the number's 2 a Z: "LJI55Z899" fails the number's digit; the reading as read holds.
    const odd = [...zone[0]!].map((ch, j) => (j === 10 ? 'Z' : ch)).join('');
    const c = chooseMrzLines([[{ text: zone[0]!, shapes: shapesOf(odd) }], [zone[1]!], [zone[2]!]])!;
    expect(c.valid).toBe(true);
    expect(c.texts.get(0)).toBe(zone[0]);
  });
});

describe('cellReading: the line read cell by cell from its shapes', () => {
  it('a glyph the recogniser lost (the composite digit at the line\'s end) is read where its cell stands', () => {
    const line = '0211107M2803010ALB<<<<<<<<<<<4';
    const d = drawn(line, 3);
    // The recogniser's reading lost the last glyph: its glyphs and their middles stop at the filler run.
    const read = line.slice(0, 29);
    const glyphs = [...read].map((ch, j) => ({ text: ch, x0: d.xs[j]! - 20, x1: d.xs[j]! + 20, y0: d.baseline - d.cap, y1: d.baseline, confidence: 90 }));
    const words: OcrWord[] = [{ text: read, x0: 0, y0: 0, x1: d.img.width, y1: d.img.height, confidence: 90, glyphs }];
    const ink = { left: 10 + 0.15 * d.pitch, right: 10 + 30 * d.pitch - 0.15 * d.pitch };
    const r = cellReading(d.img, words, d.xs.slice(0, 29), ink.left, ink.right);
    expect(r?.text).toBe(line);
    // Ink that spans no format's cells reads nothing.
    expect(cellReading(d.img, words, d.xs.slice(0, 29), ink.left, ink.right - 3 * d.pitch)).toBeNull();
  });
});
