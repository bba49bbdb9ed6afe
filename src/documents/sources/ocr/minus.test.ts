/** Dropped minus signs before amounts: the word's box and the pixels (synthetic page, no OCR engine). */
import { describe, expect, it } from 'vitest';
import { misreadMinus, plusAsMinus, restoreMinus } from './minus.ts';
import type { OcrImage, OcrWord } from './types.ts';

const W = 400;
const H = 240;
const ROW = 30;
const DIGIT = 10;
const MINUS_LEAD = 9;

function blank(): OcrImage {
  return { width: W, height: H, channels: 1, data: new Uint8Array(W * H).fill(255) };
}

function fill(img: OcrImage, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) img.data[y * W + x] = 20;
}

/**
 * An amount right-aligned at x = 300 on row `r`: digit blocks (full height, 8 px of ink each), a
 * comma, and, where `bar`, a minus bar (6 × 2 px at mid-height) before them. `text` is what the
 * recogniser "read"; the box covers all the ink drawn.
 */
function amount(img: OcrImage, r: number, text: string, ink: { bar?: boolean; stem?: boolean } = {}): OcrWord {
  const digits = text.replace(/^-/, '');
  const y0 = 10 + r * ROW;
  const y1 = y0 + 14;
  const x1 = 300;
  const bodyX0 = x1 - digits.length * DIGIT;
  for (let i = 0; i < digits.length; i++) {
    const gx = bodyX0 + i * DIGIT;
    if (/\d/.test(digits[i]!)) fill(img, gx, y0, gx + 8, y1);
    else fill(img, gx + 2, y1 - 3, gx + 4, y1 + 2);
  }
  const hasBar = ink.bar ?? text.startsWith('-');
  const x0 = hasBar || ink.stem ? bodyX0 - MINUS_LEAD : bodyX0;
  if (hasBar) fill(img, x0, y0 + 6, x0 + 6, y0 + 8);
  if (ink.stem) fill(img, x0, y0, x0 + 2, y1);
  const glyphs = [
    ...(text.startsWith('-') ? [{ text: '-', x0, y0: y0 + 6, x1: x0 + 6, y1: y0 + 8, confidence: 0.9 }] : []),
    ...[...digits].map((c, i) => ({ text: c, x0: bodyX0 + i * DIGIT, y0, x1: bodyX0 + i * DIGIT + 8, y1, confidence: 0.9 })),
  ];
  return { text, x0, y0, x1, y1, confidence: 0.9, glyphs };
}

describe('restoreMinus', () => {
  it('a minus inside the box of an amount read without it is put back; plain amounts and other ink stay', () => {
    const img = blank();
    const words = [
      amount(img, 0, '-113,64'),
      amount(img, 1, '-269,10'),
      amount(img, 2, '-247,06'),
      amount(img, 3, '193,12'),
      amount(img, 4, '214,04'),
      amount(img, 5, '491,34', { bar: true }), // read without its minus
      amount(img, 6, '345,03', { stem: true }), // as wide, but its left ink is a full-height stroke
    ];
    expect(restoreMinus(words, img).map((w) => w.text)).toEqual(['-113,64', '-269,10', '-247,06', '193,12', '214,04', '-491,34', '345,03']);
  });

  it('without unsigned amounts of the shape, the signed words less their minus give the plain width', () => {
    const img = blank();
    const words = [amount(img, 0, '-113,64'), amount(img, 1, '-269,10'), amount(img, 2, '-247,06'), amount(img, 3, '491,34', { bar: true })];
    expect(restoreMinus(words, img).map((w) => w.text)).toEqual(['-113,64', '-269,10', '-247,06', '-491,34']);
  });

  it('a page that prints no signed amounts, or fewer than three, is left alone', () => {
    const img = blank();
    const words = [amount(img, 0, '-113,64'), amount(img, 1, '-269,10'), amount(img, 2, '491,34', { bar: true })];
    expect(restoreMinus(words, img).map((w) => w.text)).toEqual(['-113,64', '-269,10', '491,34']);
  });
});

describe('misreadMinus', () => {
  /** An amount printed with a minus bar, read with `sign` in its place (the first glyph too). */
  const misread = (img: OcrImage, r: number, body: string, sign: string): OcrWord => {
    const w = amount(img, r, `-${body}`);
    return { ...w, text: `${sign}${body}`, glyphs: w.glyphs!.map((g, i) => (i === 0 ? { ...g, text: sign } : g)) };
  };

  it('a minus read as "=", an em dash or "~" is a minus where the pixels hold one bar', () => {
    const img = blank();
    const words = [misread(img, 0, '1018,08', '='), misread(img, 1, '139,20', '\u2014'), misread(img, 2, '27,99', '~'), amount(img, 3, '48,02')];
    expect(misreadMinus(words, img).map((w) => w.text)).toEqual(['-1018,08', '-139,20', '-27,99', '48,02']);
  });

  it('an "=" printed as two bars stays, and so does one read without glyph boxes over a stroke', () => {
    const img = blank();
    const w = amount(img, 0, '491,34');
    const x0 = w.x0 - MINUS_LEAD;
    fill(img, x0, w.y0 + 3, x0 + 6, w.y0 + 5);
    fill(img, x0, w.y0 + 9, x0 + 6, w.y0 + 11);
    const eq = { ...w, text: '=491,34', x0, glyphs: undefined };
    const stem = { ...amount(img, 2, '345,03', { stem: true }), text: '=345,03', glyphs: undefined };
    expect(misreadMinus([eq, stem], img).map((x) => x.text)).toEqual(['=491,34', '=345,03']);
  });
});

describe('plusAsMinus', () => {
  it('a "+" before an amount whose sign is a bar alone is a minus; a plus with its upright stroke stays', () => {
    const img = blank();
    // Each amount's sign drawn in the first character's share of the box, as a photo prints them: a bar
    // 7 × 3 px at mid-height; a plus adds an upright stroke 2 px wide from top to bottom through it.
    const signed = (r: number, text: string, plus: boolean): OcrWord => {
      const digits = text.slice(1);
      const y0 = 10 + r * ROW;
      const y1 = y0 + 14;
      const x0 = 300 - text.length * DIGIT;
      for (let i = 0; i < digits.length; i++) {
        const gx = x0 + (i + 1) * DIGIT;
        if (/\d/.test(digits[i]!)) fill(img, gx, y0, gx + 8, y1);
        else fill(img, gx + 2, y1 - 3, gx + 4, y1 + 2);
      }
      fill(img, x0, y0 + 6, x0 + 7, y0 + 9);
      if (plus) fill(img, x0 + 3, y0 + 2, x0 + 5, y1 - 1);
      return { text, x0, y0, x1: 300, y1, confidence: 0.2 };
    };
    const words = [signed(0, '+109.74', false), signed(1, '+1,962.07', true), signed(2, '+50.00', true), signed(3, '-5.00', false)];
    expect(plusAsMinus(words, img).map((w) => w.text)).toEqual(['-109.74', '+1,962.07', '+50.00', '-5.00']);
  });
});
