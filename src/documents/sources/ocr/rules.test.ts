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

/**
 * A phone photo's column rule, flattened and enlarged to 250 dpi: a grey band 7 px wide, its darkest
 * column at 172 (lighter than a glyph's core), between two columns of text lines.
 */
function photoColumnRule(shadedColumn: boolean): OcrImage {
  const w = 900;
  const h = 700;
  const c = createCanvas(w, h);
  const g = c.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, w, h);
  // A shaded column (light grey, wider than a rule) with text on it: not a rule.
  if (shadedColumn) {
    g.fillStyle = 'rgb(205,205,205)';
    g.fillRect(600, 20, 160, 660);
  }
  g.fillStyle = '#000';
  g.font = 'bold 30px sans-serif';
  for (let y = 60; y < 680; y += 40) {
    g.fillText('21 Jan 2026', 40, y);
    g.fillText('CARD PAYMENT TO', 330, y);
    g.fillText('12,50', 620, y);
  }
  const px = g.getImageData(0, 0, w, h).data;
  const data = toGray({ width: w, height: h, channels: 4, data: px });
  // The rule: 7 px, 214 → 172 → 214 across, painted over paper only (text never touches it here).
  const shades = [214, 196, 180, 172, 180, 196, 214];
  for (let y = 20; y < 680; y++) shades.forEach((v, k) => (data[y * w + 300 + k] = Math.min(data[y * w + 300 + k]!, v)));
  return { width: w, height: h, channels: 1, data };
}

const darker = (img: OcrImage, level: number, y0: number, y1: number, x0: number, x1: number): number => {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (img.data[y * img.width + x]! < level) n++;
  return n;
};

describe('removeRules: a faint vertical rule of a phone photo', () => {
  it('a grey column rule (darkest 172) goes; the text beside it and a shaded column with its text stay', () => {
    const img = photoColumnRule(true);
    expect(darker(img, 215, 20, 680, 300, 307)).toBeGreaterThan(3000);
    const r = removeRules(img, ruleOptions(250));
    // (the rule read as "|" or "Î" on every line before)
    expect(darker(r.image, 215, 20, 680, 298, 309)).toBe(0);
    expect(ink(r.image, 0, 700, 0, 295)).toBe(ink(img, 0, 700, 0, 295));
    expect(ink(r.image, 0, 700, 310, 900)).toBe(ink(img, 0, 700, 310, 900));
    // The shaded column keeps its shade (lighter than the text, darker than paper) as well as its figures.
    expect(darker(r.image, 215, 20, 680, 600, 760)).toBe(darker(img, 215, 20, 680, 600, 760));
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
