import { describe, expect, it } from 'vitest';
import type { OcrEngine, OcrImage, OcrOptions, OcrResult, OcrWord } from './types.ts';
import { rereadWords, wideWords } from './reread.ts';

/** Lines of six words, 10 px per character and 20 px tall; `wide` gives a word extra width. */
function page(texts: string[], wide: Record<string, number> = {}): OcrWord[] {
  const out: OcrWord[] = [];
  let x = 10;
  texts.forEach((text, i) => {
    const y = 30 * Math.floor(i / 6);
    if (i % 6 === 0) x = 10;
    const w = 10 * text.length + (wide[text] ?? 0);
    out.push({ text, x0: x, y0: y, x1: x + w, y1: y + 20, confidence: 0.95 });
    x += w + 8;
  });
  return out;
}

const filler = Array.from({ length: 24 }, (_, i) => ['ADDEBITO', 'DIRETTO', 'BONIFICO', 'SEPA'][i % 4]!);
const img: OcrImage = { width: 400, height: 400, channels: 1, data: new Uint8Array(400 * 400).fill(255) };

/**
 * An engine that reads the strip's rows (one per word re-read, spaced by the tallest) as
 * `answers`, in order, each at `confidence`; it records its calls.
 */
function engine(answers: string[], confidence = 0.95): OcrEngine & { calls: OcrOptions[] } {
  const calls: OcrOptions[] = [];
  return {
    calls,
    async recognize(strip: OcrImage, o: OcrOptions): Promise<OcrResult> {
      calls.push(o);
      // Rows are found back from the ink: every non-white run of rows is one word's crop.
      const rows: [number, number][] = [];
      for (let y = 0; y < strip.height; y++) {
        let ink = false;
        for (let x = 0; x < strip.width && !ink; x++) ink = strip.data[y * strip.width + x]! < 255;
        const last = rows[rows.length - 1];
        if (ink && last && last[1] === y) last[1] = y + 1;
        else if (ink) rows.push([y, y + 1]);
      }
      const words = answers.flatMap((text, i) => {
        const r = rows[i];
        return text && r ? [{ text, x0: 0, y0: r[0], x1: 10, y1: r[1], confidence }] : [];
      });
      return { words, meanConfidence: confidence };
    },
    async terminate() {},
  };
}

/** A page image with a grey box (ink for the fake engine's row finder) under every word. */
function inked(words: OcrWord[]): OcrImage {
  const data = new Uint8Array(img.width * img.height).fill(255);
  for (const w of words) for (let y = w.y0; y < w.y1; y++) for (let x = w.x0; x < Math.min(img.width, w.x1); x++) data[y * img.width + x] = 100;
  return { ...img, data };
}

describe('wideWords', () => {
  it("marks a capital word far wider per character than the page's capitals; not one whose box spans a neighbour", () => {
    const words = page([...filler, 'TM', 'MW'], { TM: 10 });
    expect(wideWords(words).map((i) => words[i]!.text)).toEqual(['TM']);
    // The same width, its box reaching over the next word: tesseract's box, not the word's.
    const over = page([...filler, 'TM', 'ATM'], { TM: 10 });
    over[over.length - 1]!.x0 = over[over.length - 2]!.x1 - 5;
    expect(wideWords(over)).toEqual([]);
  });

  it('leaves out words taller than a line of text (a blot read as capitals): the strip stays small', () => {
    const words = page([...filler, 'TM'], { TM: 10 });
    const tall = words[words.length - 1]!;
    const blot = { ...tall, y1: tall.y0 + 120, x1: tall.x0 + 400 };
    expect(wideWords([...words.slice(0, -1), blot])).toEqual([]);
  });

  it('needs enough capital words for a median', () => {
    expect(wideWords(page(['ADDEBITO', 'TM'], { TM: 10 }))).toEqual([]);
  });
});

describe('rereadWords', () => {
  const last = (ws: OcrWord[]): string => ws[ws.length - 1]!.text;

  it('keeps a wide word re-read that adds characters and fits the width (one recognition of a strip)', async () => {
    const words = page([...filler, 'TM'], { TM: 10 });
    const e = engine(['TIM']);
    expect(last(await rereadWords(words, inked(words), e, ['ita']))).toBe('TIM');
    expect(e.calls).toEqual([{ langs: ['ita'], segmentation: 'block' }]);
  });

  it('keeps the first reading of a wide word when the re-read is no better', async () => {
    const words = page([...filler, 'TM'], { TM: 10 });
    for (const e of [engine(['TM']), engine(['TIM'], 0.5), engine(['Tim']), engine(['']), engine(['TIMMMMM'])]) {
      expect(last(await rereadWords(words, inked(words), e, ['ita']))).toBe('TM');
    }
  });

  it('calls no engine when no word qualifies', async () => {
    const words = page([...filler]);
    const e = engine([]);
    expect(await rereadWords(words, inked(words), e, ['ita'])).toEqual(words);
    expect(e.calls).toEqual([]);
  });
});
