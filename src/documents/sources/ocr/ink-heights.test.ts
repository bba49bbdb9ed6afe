/**
 * A statement page's words come back from the OCR source with boxes as tall as their ink: a box the
 * recogniser drew over a line and a shaded row band under it (a zebra-striped table) put the line's centre
 * nearer the next booking than its own (fake engine over a drawn page; no tesseract).
 */
import { createCanvas } from '@napi-rs/canvas';
import { afterEach, describe, expect, it } from 'vitest';
import { ocrImageBytes, setOcrEngine } from './index.ts';
import type { OcrImage } from './types.ts';

afterEach(() => setOcrEngine(null));

describe('statement OCR words', () => {
  it('a word boxed with the shaded band under its letters comes back as tall as its letters', async () => {
    const c = createCanvas(1240, 1754);
    const g = c.getContext('2d');
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, c.width, c.height);
    // A pale green row band (a zebra stripe) and a line of capitals above it.
    g.fillStyle = 'rgb(226,240,226)';
    g.fillRect(100, 860, 1000, 60);
    g.fillStyle = '#000000';
    g.font = 'bold 28px sans-serif';
    g.fillText('QUOTA CONDOMINIO', 200, 850);
    const png = new Uint8Array(await c.encode('png'));
    let ink: { y0: number; y1: number; k: number } | null = null;
    setOcrEngine({
      recognize: async (img: OcrImage) => {
        // The letters' rows in the image the engine is given; the word is boxed 60 % taller, over the band.
        let y0 = -1;
        let y1 = -1;
        for (let y = 0; y < img.height; y++)
          for (let x = 0; x < img.width; x++)
            if (img.data[(y * img.width + x) * img.channels]! < 100) {
              if (y0 < 0) y0 = y;
              y1 = y + 1;
              break;
            }
        if (y0 < 0) return { words: [], meanConfidence: 0 };
        const h = y1 - y0;
        ink = { y0, y1, k: img.width / 1240 };
        const word = { text: 'QUOTA', x0: 190 * ink.k, x1: 600 * ink.k, y0, y1: y1 + 0.6 * h, confidence: 0.95 };
        return { words: [word], meanConfidence: 0.95 };
      },
      terminate: async () => undefined,
    });
    const [page] = await ocrImageBytes(png, { langs: ['ita'], mrz: 'off' });
    expect(ink).not.toBeNull();
    const w = page!.words.find((x) => x.text === 'QUOTA')!;
    const { y0, y1 } = ink!;
    const ptPerPx = page!.width / (1240 * ink!.k);
    // As tall as the letters (within a pixel), not 1.6 times as tall.
    expect((w.y1 - w.y0) / ptPerPx).toBeLessThan(y1 - y0 + 1.5);
  });
});
