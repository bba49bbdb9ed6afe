/** Words the recogniser emitted over bare paper (synthetic page, no OCR engine). */
import { describe, expect, it } from 'vitest';
import { inkHeights, withInk } from './ink.ts';
import type { OcrImage, OcrWord } from './types.ts';

describe('withInk', () => {
  it('drops unsure one- or two-character words whose box is paper only; inked, sure or longer words stay', () => {
    const W = 200;
    const img: OcrImage = { width: W, height: 40, channels: 1, data: new Uint8Array(W * 40).fill(250) };
    // "SALARY" printed at x 60–120; a faint speck (gray 150) at x 10–12.
    for (let y = 10; y < 24; y++) for (let x = 60; x < 120; x++) img.data[y * W + x] = 30;
    for (let y = 15; y < 17; y++) for (let x = 10; x < 12; x++) img.data[y * W + x] = 150;
    const word = (text: string, x0: number, x1: number, confidence: number): OcrWord => ({ text, x0, x1, y0: 8, y1: 26, confidence });
    const words = [
      word('+', 40, 50, 0.4), // paper: dropped
      word('~~', 20, 34, 0.1), // paper: dropped
      word('-', 8, 14, 0.3), // a faint speck is ink enough to keep it
      word('+', 140, 150, 0.9), // sure: kept
      word('abc', 150, 170, 0.2), // three characters: kept
      word('SALARY', 60, 120, 0.95),
    ];
    expect(withInk(words, img).map((w) => w.text)).toEqual(['-', '+', 'abc', 'SALARY']);
  });
});

describe('inkHeights', () => {
  it('cuts a box the recogniser drew half as tall again as its letters to the rows holding ink; tight boxes and inkless words stay', () => {
    const W = 300;
    const img: OcrImage = { width: W, height: 80, channels: 1, data: new Uint8Array(W * 80).fill(255) };
    // Letters at y 30–44 (x 20–120), and a tight word at y 30–44 (x 150–250).
    for (let y = 30; y < 44; y++) for (let x = 20; x < 250; x++) if (x < 120 || x >= 150) img.data[y * W + x] = 20;
    const word = (text: string, x0: number, x1: number, y0: number, y1: number): OcrWord => ({ text, x0, x1, y0, y1, confidence: 0.95 });
    const out = inkHeights(
      [
        word('QUOTA', 20, 120, 26, 66), // boxed with the shaded band under it: 40 px for 14 px of letters
        word('CONDOMINIO', 150, 250, 29, 45), // tight within a pixel: as read
        word('', 260, 290, 26, 66), // no ink: as read
      ],
      img,
    );
    expect(out.map((w) => [w.y0, w.y1])).toEqual([
      [30, 44],
      [29, 45],
      [26, 66],
    ]);
  });
});
