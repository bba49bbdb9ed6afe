/**
 * Words the recogniser emitted over bare paper (statement pages): dropped before any repair
 * looks at them.
 */
import type { OcrImage, OcrWord } from './types.ts';

/** Below this, a pixel of a normalised page (0 ink … 255 paper) is ink for withInk(). */
const SOME_INK = 160;
/** Words read at least this sure are kept whatever their box holds. */
const SURE = 0.7;

/**
 * Words the recogniser emitted over bare paper: on blurred scans it reads a "+", "~~" or "~—" at
 * the start of a line where nothing is printed (box of paper only, confidence 0–0.6). Unsure
 * words of one or two characters whose box holds no pixel of ink are dropped.
 */
export function withInk(words: readonly OcrWord[], img: OcrImage): OcrWord[] {
  if (img.channels !== 1) return [...words];
  const inked = (w: OcrWord): boolean => {
    const x0 = Math.max(0, Math.floor(w.x0));
    const x1 = Math.min(img.width, Math.ceil(w.x1));
    for (let y = Math.max(0, Math.floor(w.y0)); y < Math.min(img.height, Math.ceil(w.y1)); y++)
      for (let x = x0; x < x1; x++) if (img.data[y * img.width + x]! < SOME_INK) return true;
    return false;
  };
  return words.filter((w) => w.text.length > 2 || w.confidence >= SURE || inked(w));
}
