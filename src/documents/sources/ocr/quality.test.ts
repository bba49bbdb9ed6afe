/** The quality gate: what makes a page illegible (no OCR engine involved). */
import { describe, expect, it } from 'vitest';
import { ocrVerdict, textConfidence } from './quality.ts';
import type { OcrWord } from './types.ts';

const word = (text: string, confidence: number): OcrWord => ({ text, confidence, x0: 0, y0: 0, x1: 10, y1: 10 });
const result = (words: OcrWord[]) => ({ words, meanConfidence: words.reduce((s, w) => s + w.confidence, 0) / words.length });

describe('ocrVerdict', () => {
  it('specks read on a photo’s noisy paper do not make legible text illegible: confidence per character read', () => {
    // 30 words read well, 40 specks ("°", ",") read as words at a low confidence: per word 46 %, per character 67 %.
    const words = [...Array.from({ length: 30 }, () => word('Saldo', 0.8)), ...Array.from({ length: 40 }, () => word('°', 0.2))];
    expect(textConfidence(words)).toBeCloseTo(128 / 190, 5);
    expect(ocrVerdict(result(words)).ok).toBe(true);
  });

  it('a page whose words are as unsure as its specks stays illegible', () => {
    const words = [...Array.from({ length: 6 }, () => word('Saldo', 0.75)), ...Array.from({ length: 60 }, () => word('Ruwe', 0.3)), ...Array.from({ length: 40 }, () => word('°', 0.2))];
    const v = ocrVerdict(result(words));
    expect(v.ok).toBe(false);
    expect(v.reason).toMatch(/illegible or blurred/);
  });

  it('a blurred photo’s page with many confident words passes at a lower confidence; an illegible scan’s noise does not', () => {
    // 50 words read confidently, 130 blurred ones at 40 %: per character 50 % (a 150 dpi photo at blur 1.03
    // read 72 of 182 words confidently at 55 %, refused as illegible though every row stood legible).
    const blurred = [...Array.from({ length: 50 }, () => word('Saldo', 0.8)), ...Array.from({ length: 130 }, () => word('Ruwe', 0.4))];
    const c = textConfidence(blurred);
    expect(c).toBeGreaterThan(0.45);
    expect(c).toBeLessThan(0.55);
    // Before: refused (under 55 %).
    expect(ocrVerdict(result(blurred)).ok).toBe(true);
    // Fewer confident words at that confidence: still illegible.
    const few = [...Array.from({ length: 30 }, () => word('Saldo', 0.8)), ...Array.from({ length: 78 }, () => word('Ruwe', 0.4))];
    expect(ocrVerdict(result(few)).ok).toBe(false);
    // Many confident words but the rest noise pulling the page under 45 %: illegible.
    const noisy = [...Array.from({ length: 45 }, () => word('Saldo', 0.75)), ...Array.from({ length: 300 }, () => word('Ruwe', 0.3))];
    expect(textConfidence(noisy)).toBeLessThan(0.45);
    expect(ocrVerdict(result(noisy)).ok).toBe(false);
    // An illegible scan (blur 5, 72–90 dpi): hundreds of words, none confident.
    const noise = Array.from({ length: 500 }, () => word('ee', 0.22));
    expect(ocrVerdict(result(noise)).ok).toBe(false);
  });
});
