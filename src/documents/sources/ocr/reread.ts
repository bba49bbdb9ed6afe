/**
 * Narrow capitals swallowed between serifs ("TIM" read "TM": at 200 dpi the I's serifs touch
 * the T's and the M's, and the recogniser reads two glyphs, with high confidence). The word's
 * box keeps the width of all three: a word of capitals far wider per character than the page's
 * other capital words is read again at twice the scale, where the glyphs stand apart. The new
 * reading is kept only when it adds characters, is all capitals, is confident, and its width per
 * character falls back among the page's.
 * The words of a page go into one strip image, one word per row, read in a single call.
 * (Tried and dropped: re-reading short abbreviations for a period blur fused with the letter's
 * foot serif, "Rif" for "Rif.": the strip's reading of the period changed with the other words
 * in the strip and the scale — 0 to 3 of 3 — not a reading to rely on.)
 */
import { crop, scaleGray } from './mrz-band.ts';
import type { OcrEngine, OcrImage, OcrWord } from './types.ts';
import { LIMITS } from '../../limits.ts';

/** Width per character (over the word's height) this many times the page's median marks a wide word. */
const WIDE = 1.35;
/** A re-read wide word's width per character must come back under this many times the median. */
const FITS = 1.2;
const MIN_CONFIDENCE = 0.8;
/** Capital words a page needs for a median worth the name. */
const MIN_WORDS = 20;
/** At most this many words re-read per page. */
const MAX_REREADS = LIMITS.ocrMaxRereadsPerPage;
/** Words taller than this (px; 24 pt at 300 dpi) are headings or blots, not re-read: the strip stays small. */
const MAX_HEIGHT = 100;
/** The strip is read at this scale (the page is at 200–300 dpi). */
const SCALE = 2;

const CAPS = /^\p{Lu}{2,}$/u;

const perChar = (w: OcrWord, text = w.text): number => (w.x1 - w.x0) / [...text].length / Math.max(1, w.y1 - w.y0);

const sameLine = (a: OcrWord, b: OcrWord): boolean => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);

function capsMedian(words: readonly OcrWord[]): number | null {
  const per = words.filter((w) => CAPS.test(w.text)).map((w) => perChar(w));
  if (per.length < MIN_WORDS) return null;
  per.sort((a, b) => a - b);
  return per[per.length >> 1]!;
}

/** Words of capitals too wide for their characters: indexes into `words`. */
export function wideWords(words: readonly OcrWord[]): number[] {
  const median = capsMedian(words);
  if (median === null) return [];
  const out: number[] = [];
  words.forEach((w, i) => {
    if (!CAPS.test(w.text) || w.y1 - w.y0 > MAX_HEIGHT || perChar(w) <= WIDE * median) return;
    // A box reaching over another word's is tesseract's box, not the word's width ("WITHDRAWAL" boxed over "ATM").
    if (words.some((o) => o !== w && o.x0 < w.x1 && o.x1 > w.x0 && Math.min(o.y1, w.y1) - Math.max(o.y0, w.y0) > 0)) return;
    out.push(i);
  });
  return out;
}

interface Pending {
  index: number;
  /** Row of the strip: [y0, y1) in strip pixels. */
  y0: number;
  y1: number;
}

export async function rereadWords(
  words: readonly OcrWord[],
  img: OcrImage,
  engine: OcrEngine,
  langs: readonly string[],
): Promise<OcrWord[]> {
  if (img.channels !== 1) return [...words];
  const picked: Pending[] = wideWords(words)
    .slice(0, MAX_REREADS)
    .map((index) => ({ index, y0: 0, y1: 0 }));
  if (picked.length === 0) return [...words];
  // Each word's crop, scaled: its box and a third of its height around it (not into its neighbours).
  const pieces = picked.map((p) => {
    const w = words[p.index]!;
    const h = w.y1 - w.y0;
    const line = words.filter((o) => o !== w && sameLine(o, w));
    const next = line.filter((o) => o.x0 >= w.x1 - 1).reduce((m, o) => Math.min(m, o.x0), Infinity);
    const prev = line.filter((o) => o.x1 <= w.x0 + 1).reduce((m, o) => Math.max(m, o.x1), -Infinity);
    const x0 = Math.min(w.x0, Math.max(w.x0 - 0.3 * h, prev + 1));
    const x1 = Math.max(w.x1, Math.min(w.x1 + 0.3 * h, next - 1));
    return scaleGray(crop(img, { x0, y0: w.y0 - 0.3 * h, x1, y1: w.y1 + 0.3 * h }), SCALE, 0);
  });
  const gap = Math.max(...pieces.map((p) => p.height));
  const width = Math.max(...pieces.map((p) => p.width)) + 2 * gap;
  const height = pieces.reduce((n, p) => n + p.height + gap, gap);
  const strip = new Uint8Array(width * height).fill(255);
  let y = gap;
  pieces.forEach((piece, k) => {
    for (let r = 0; r < piece.height; r++) strip.set(piece.data.subarray(r * piece.width, (r + 1) * piece.width), (y + r) * width + gap);
    picked[k]!.y0 = y;
    picked[k]!.y1 = y + piece.height;
    y += piece.height + gap;
  });
  const r = await engine.recognize({ width, height, channels: 1, data: strip }, { langs, segmentation: 'block' });
  const median = capsMedian(words);
  const out = [...words];
  for (const p of picked) {
    const got = r.words.filter((g) => (g.y0 + g.y1) / 2 >= p.y0 && (g.y0 + g.y1) / 2 < p.y1).sort((a, b) => a.x0 - b.x0);
    const w = words[p.index]!;
    if (got.length !== 1 || got[0]!.confidence < MIN_CONFIDENCE) continue;
    const text = got[0]!.text;
    if (median === null || !CAPS.test(text) || [...text].length <= [...w.text].length) continue;
    const fit = perChar(w, text);
    if (fit > FITS * median || fit < median / 1.5) continue;
    out[p.index] = { ...w, text, confidence: Math.min(w.confidence, got[0]!.confidence) };
  }
  return out;
}
