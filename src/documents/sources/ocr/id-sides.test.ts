/**
 * The sides of an identity document in an image-only PDF (issue 20): a card's front scanned on an A4 page
 * reads its title, name and dates confidently while its pattern and portrait read as unsure specks, and the
 * page's mean confidence fell under the gate; the page was dropped and the upload came back with its front
 * side missing although both sides were sent. Beside a page that reads as an identity, it is kept.
 */
import { describe, expect, it } from 'vitest';
import type { OcrPage } from './index.ts';
import { withIdSides } from './index.ts';

const w = (text: string, x0: number, y0: number, confidence = 0.9) => ({ text, x0, y0, x1: x0 + text.length * 5, y1: y0 + 8, confidence });
// A TD1 zone whose check digits hold (a testkit permit: EL AMRANI FATIMA, born 2000-05-13, expires 2028-09-01).
const zone = ['IRITAJ997625391<<<<<<<<<<<<<<<', '0005131F2809012MAR576128901654', 'EL<AMRANI<<FATIMA<<<<<<<<<<<<<'];
const page = (n: number, words: OcrPage['words'], ok: boolean, legibleWords: number): OcrPage => ({
  page: n,
  width: 595,
  height: 842,
  words,
  meanConfidence: ok ? 0.8 : 0.45,
  verdict: ok ? { ok, reason: null, legibleWords } : { ok, reason: 'text is illegible or blurred (mean OCR confidence 45%)', legibleWords },
  dpi: 200,
  lang: null,
});
const back = page(2, [w('RESIDENZA', 40, 60), w('BERGAMO', 100, 60), ...zone.map((l, i) => w(l, 40, 150 + i * 12))], true, 6);
const specks = Array.from({ length: 30 }, (_, i) => w(['ii', 'e,', 'RS', 'pe'][i % 4]!, 10 + (i % 10) * 40, 30 + Math.floor(i / 10) * 20, 0.3));
const front = page(1, [w('PERMESSO', 60, 40), w('SOGGIORNO', 120, 40), w('AMRANI', 80, 60), w('FATIMA', 80, 80), w('01.09.2028', 80, 100), w('03.12.2020', 80, 120), ...specks], false, 6);

describe('withIdSides: the other side of a legible identity page', () => {
  it('keeps a page that read words confidently beside a page whose zone reads', () => {
    const out = withIdSides([front, back]);
    expect(out.map((p) => p.verdict.ok)).toEqual([true, true]);
  });

  it('does not keep a page of specks (no confident word), nor a confident page with no identity beside it', () => {
    const noise = page(1, specks, false, 0);
    expect(withIdSides([noise, back]).map((p) => p.verdict.ok)).toEqual([false, true]);
    const statement = page(2, [w('SALDO', 40, 60), w('INIZIALE', 100, 60), w('1.234,56', 200, 60)], true, 3);
    expect(withIdSides([front, statement]).map((p) => p.verdict.ok)).toEqual([false, true]);
  });
});
