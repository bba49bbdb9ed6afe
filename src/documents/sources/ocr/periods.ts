/**
 * Periods the recogniser dropped after a word ("Rif." read "Rif" by the ita and deu
 * models, with high confidence, though the dot is plainly printed: the most frequent
 * description error on generated Italian statements). The pixels decide: a period is
 * a small, dark, compact blob of its own, just right of the word and sitting on its
 * baseline, before the next word. Only words ending in a letter get one back (an
 * abbreviation); specks of noise are too small or too light, glyph parts are not
 * separate blobs. On a blurred scan the dot runs into the foot of the letter before it;
 * there a darker ink level sets it apart, after letters open at the bottom right only.
 */
import type { OcrImage, OcrWord } from './types.ts';

/** Ink for the blob search on a normalised page (0 ink … 255 paper): light enough that a glyph's thin terminal stays joined to it. */
const INK = 160;
/** The darker level at which a period blur joined to a letter's foot stands apart. */
const FUSED_INK = 100;
/** Letters with no ink of their own at the bottom right, where a fused period sits. */
const OPEN_FOOT = /[frFPTVY]$/;
/** There, a period's core is as dark as a stem; the thin stroke ends the darker level cuts off are lighter. */
const FUSED_CORE = 35;
/** A period's core is this dark at least (a grey speck is not one). */
const CORE = 110;
/** Words taller than this (px; 24 pt at 300 dpi) are not looked at. */
const MAX_HEIGHT = 100;

/** A word read with a period below this confidence keeps it only where the pixels show one. */
const UNSURE = 0.6;

export function restorePeriods(words: readonly OcrWord[], img: OcrImage): OcrWord[] {
  if (img.channels !== 1) return [...words];
  return words.map((w) => {
    if (/\p{L}{2}$/u.test(w.text) && hasPeriodAfter(w, words, img)) return { ...w, text: w.text + '.' };
    // The other way round: "EDEKA." read with confidence 0.44 where no dot is printed (a
    // line's last word, the recogniser guessing a sentence end).
    if (/\p{L}{2}\.$/u.test(w.text) && w.confidence < UNSURE && !hasPeriodAfter(w, words, img, true)) return { ...w, text: w.text.slice(0, -1) };
    return w;
  });
}

/** `any`: whether any dot-like blob is there (a period the recogniser read is kept if one is). */
function hasPeriodAfter(w: OcrWord, words: readonly OcrWord[], img: OcrImage, any = false): boolean {
  const h = w.y1 - w.y0;
  // Text of a statement, not a heading or a misread blot: the window (and its trace) stays small.
  if (h < 8 || h > MAX_HEIGHT) return false;
  const overlaps = (o: OcrWord): boolean => Math.min(o.y1, w.y1) - Math.max(o.y0, w.y0) > 0.5 * Math.min(h, o.y1 - o.y0);
  const next = words.filter((o) => o !== w && o.x0 >= w.x1 - 1 && overlaps(o)).reduce<number>((m, o) => Math.min(m, o.x0), Infinity);
  // Components are traced over the word's last letters too: a glyph part cut off by a narrow
  // window (the tail of an 'e') would look like a blob of its own.
  const x0 = Math.max(0, Math.floor(w.x1 - 1.5 * h));
  // The dropped dot often lies inside the word's box, at its right end ("Rif" boxed with its period).
  const from = w.x1 - 0.3 * h;
  const x1 = Math.min(img.width, Math.floor(Math.min(next, w.x1 + 0.6 * h)));
  const y0 = Math.max(0, Math.floor(w.y0 - 0.2 * h));
  const y1 = Math.min(img.height, Math.ceil(w.y1 + 0.3 * h));
  if (x1 - x0 < 3 || y1 - y0 < 3) return false;
  const found = dotsIn(blobsIn(img, x0, y0, x1, y1, INK), w, from, Math.max(2.5, 0.15 * h));
  if (found.length > 0 || any) return any ? found.length > 0 : found.length === 1;
  // Blur joins a period to the foot of the letter before it ("Rif." on a blurred scan: one
  // component at the usual ink level); its dark core stands apart at a darker level. Only after
  // a letter open at the bottom right (f, r, T…): the terminal of a C or G, the tail of an a or
  // t, cut off at that level, would look the same.
  if (!OPEN_FOOT.test(w.text)) return false;
  return dotsIn(blobsIn(img, x0, y0, x1, y1, FUSED_INK), w, from, 2).filter((b) => b.darkest <= FUSED_CORE && b.y1 <= w.y1).length === 1;
}

/** Blobs shaped and placed like a period after `w` (compact, dark, on its baseline, right of `from`). */
function dotsIn(blobs: readonly Blob[], w: OcrWord, from: number, min: number): Blob[] {
  const h = w.y1 - w.y0;
  const max = 0.35 * h;
  return blobs.filter((b) => {
    const bw = b.x1 - b.x0;
    const bh = b.y1 - b.y0;
    return (
      !b.touches &&
      b.x0 >= from &&
      bw >= min &&
      bw <= max &&
      bh >= min &&
      bh <= max &&
      bw / bh >= 0.5 &&
      bw / bh <= 2 &&
      b.y1 >= w.y1 - 0.35 * h &&
      b.y1 <= w.y1 + 0.12 * h &&
      b.y0 >= w.y0 + 0.4 * h &&
      b.darkest < CORE &&
      b.n >= 4 &&
      b.n >= 0.5 * bw * bh
    );
  });
}

interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  n: number;
  darkest: number;
  /** Reaches the window's border: part of something larger (a glyph, the next word). */
  touches: boolean;
}

/** 8-connected ink components inside the window [x0, x1) × [y0, y1). */
function blobsIn(img: OcrImage, x0: number, y0: number, x1: number, y1: number, ink: number): Blob[] {
  const ww = x1 - x0;
  const seen = new Uint8Array(ww * (y1 - y0));
  const out: Blob[] = [];
  const stack: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const k = (y - y0) * ww + (x - x0);
      if (seen[k] || img.data[y * img.width + x]! >= ink) continue;
      const b: Blob = { x0: x, y0: y, x1: x + 1, y1: y + 1, n: 0, darkest: 255, touches: false };
      seen[k] = 1;
      stack.push(x, y);
      while (stack.length > 0) {
        const cy = stack.pop()!;
        const cx = stack.pop()!;
        const v = img.data[cy * img.width + cx]!;
        b.n++;
        b.darkest = Math.min(b.darkest, v);
        b.x0 = Math.min(b.x0, cx);
        b.y0 = Math.min(b.y0, cy);
        b.x1 = Math.max(b.x1, cx + 1);
        b.y1 = Math.max(b.y1, cy + 1);
        if (cx === x0 || cx === x1 - 1 || cy === y0 || cy === y1 - 1) b.touches = true;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const nx = cx + dx;
            const ny = cy + dy;
            if (nx < x0 || nx >= x1 || ny < y0 || ny >= y1) continue;
            const nk = (ny - y0) * ww + (nx - x0);
            if (seen[nk] || img.data[ny * img.width + nx]! >= ink) continue;
            seen[nk] = 1;
            stack.push(nx, ny);
          }
        }
      }
      out.push(b);
    }
  }
  return out;
}
