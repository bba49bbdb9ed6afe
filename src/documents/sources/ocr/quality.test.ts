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
});
