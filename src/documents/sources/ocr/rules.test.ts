import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { toGray } from './pixels.ts';
import { removeRules, ruleOptions } from './rules.ts';
import type { OcrImage } from './types.ts';

/** A 200-dpi strip: a header, a 1 pt rule under it touching the row below, a vertical rule, a row of text. */
function strip(withRules: boolean): OcrImage {
  const c = createCanvas(1400, 300);
  const g = c.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, 1400, 300);
  g.fillStyle = '#000';
  g.font = '34px serif';
  g.fillText('Date        Details                 Amount', 60, 80);
  g.fillText('02/01/2025  DIRECT DEBIT SKY  -138.24', 60, 150);
  if (withRules) {
    g.fillRect(50, 96, 1300, 3);
    g.fillRect(700, 40, 2, 240);
  }
  const d = g.getImageData(0, 0, 1400, 300).data;
  return { width: 1400, height: 300, channels: 1, data: toGray({ width: 1400, height: 300, channels: 4, data: d }) };
}

const ink = (img: OcrImage, y0: number, y1: number, x0 = 0, x1 = img.width): number => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (img.data[y * img.width + x]! < 128) n++;
  return n;
};

describe('removeRules', () => {
  it('paints a horizontal and a vertical rule with paper and keeps every glyph', () => {
    const r = removeRules(strip(true), ruleOptions(200));
    expect(r.removed).toBeGreaterThan(3000);
    expect(ink(r.image, 95, 100)).toBe(0);
    expect(ink(r.image, 160, 300, 695, 705)).toBe(0);
    // The text is untouched: the same ink as the page drawn without rules, within the rules' crossings.
    const plain = strip(false);
    expect(Math.abs(ink(r.image, 0, 300) - ink(plain, 0, 300))).toBeLessThan(ink(plain, 0, 300) * 0.02);
  });

  it('a page without rules comes back as it is', () => {
    const img = strip(false);
    expect(removeRules(img, ruleOptions(200)).image).toBe(img);
  });
});

describe('removeRules on solid ink', () => {
  // A page of solid ink (a dark backdrop, a hostile upload) once cost a walk across the page per pixel: minutes.
  it('an A4 page at 200 dpi that is all ink is handled in one pass per axis (the whole area counts as crossing rules)', () => {
    const w = 1654;
    const h = 2339;
    const img: OcrImage = { width: w, height: h, channels: 1, data: new Uint8Array(w * h) };
    const r = removeRules(img, ruleOptions(200));
    expect(r.removed).toBe(w * h);
  }, 20_000);
});
