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

/** Below this, a pixel of a normalised page is a glyph's ink for inkHeights(). */
const GLYPH_INK = 128;
/** A box is cut to its ink only where the ink leaves this share of its height or more unused. */
const LOOSE = 0.15;

/**
 * Word boxes cut to the height of their ink (statement pages). The recogniser boxes a word with its text
 * line, and a line it took together with a shaded row band or its neighbour's edge comes back half as
 * tall again as its letters ("QUOTA CONDOMINIO" boxed 385–398 pt over ink at 389–397 on a zebra-striped
 * photo): its centre then lies nearer the next booking than its own, and the description line went to the
 * wrong row. Where the ink between the box's left and right edges fills less of its height, the box's top and
 * bottom move to the first and last rows holding ink; widths, text and a word without ink stay as read.
 */
export function inkHeights(words: readonly OcrWord[], img: OcrImage): OcrWord[] {
  if (img.channels !== 1) return [...words];
  return words.map((w) => {
    const x0 = Math.max(0, Math.floor(w.x0));
    const x1 = Math.min(img.width, Math.ceil(w.x1));
    const y0 = Math.max(0, Math.floor(w.y0));
    const y1 = Math.min(img.height, Math.ceil(w.y1));
    let top = -1;
    let bottom = -1;
    for (let y = y0; y < y1; y++) {
      const row = y * img.width;
      for (let x = x0; x < x1; x++) {
        if (img.data[row + x]! < GLYPH_INK) {
          if (top < 0) top = y;
          bottom = y;
          break;
        }
      }
    }
    if (top < 0 || bottom + 1 - top > (1 - LOOSE) * (w.y1 - w.y0)) return w;
    return { ...w, y0: Math.max(w.y0, top), y1: Math.min(w.y1, bottom + 1) };
  });
}
