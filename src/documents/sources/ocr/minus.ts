/**
 * Minus signs the recogniser dropped in front of an amount ("491,34" for -491,34 on a JPEG scan),
 * on pages that print signed amounts. Where no balance confirms a sign (a list of movements
 * without balances) a lost minus turns a debit into a credit. Two witnesses, both required:
 * - the word's box: tesseract boxes every blob of the word, the dropped minus included, so the
 *   box is as wide as the page's signed amounts of the same shape and wider, by most of a minus,
 *   than the same shape unsigned (the unsigned width is measured on the page, or taken as the
 *   signed width less the minus the signed words show);
 * - the pixels: the box's left part, as wide as the page's minus, holds one short horizontal bar
 *   across the middle of the digits' height and nothing above or below it.
 */
import type { OcrImage, OcrWord } from './types.ts';

const AMOUNT = /^[-\u2212\u2013]?\d{1,3}(?:[.,]\d{3})*[.,]\d\d$/;
const MINUS = /^[-\u2212\u2013]/;
/** Signed amounts a page must print before an unsigned one is looked at. */
const MIN_SIGNED = 3;
/** Ink on a normalised page (0 ink … 255 paper). */
const INK = 128;

const shapeOf = (t: string): string => t.replace(MINUS, '').replace(/\d/g, 'd');
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** A minus read as another dash or bar: "=1018,08", "—139,20", "~27,99" (a U+2212 minus at 200 dpi, blurred). */
const MISREAD = /^[=\u2014~_¬"\u201c\u201d](\d{1,3}(?:[.,]\d{3})*[.,]\d\d|\d+[.,]\d\d)$/;

/**
 * Minus signs read as something else in front of an amount: "=1018,08" for −1018,08 (tesseract takes a
 * typographic minus, longer and thinner than a hyphen, for "=" or an em dash). Kept where the pixels
 * in front of the digits hold one horizontal bar at mid-height and nothing above or below it (barAtLeft),
 * so an "=" really printed (two bars) stays as read.
 */
export function misreadMinus(words: readonly OcrWord[], img: OcrImage): OcrWord[] {
  if (img.channels !== 1) return [...words];
  return words.map((w) => {
    const m = MISREAD.exec(w.text);
    if (!m) return w;
    const width = signWidth(w, (t) => !/\d/.test(t));
    return oneBar(img, w.x0, w.y0, w.x0 + 0.8 * width, w.y1) ? { ...w, text: `-${m[1]}` } : w;
  });
}

/**
 * The width of a word's leading sign: its first glyph's box where the glyph is a sign (`isSign`) at least half
 * a character wide, else one character's share of the word's width.
 */
function signWidth(w: OcrWord, isSign: (glyphText: string) => boolean): number {
  const g = w.glyphs?.[0];
  const share = (w.x1 - w.x0) / w.text.length;
  return g && isSign(g.text) && g.x1 - g.x0 >= 0.5 * share ? g.x1 - g.x0 : share;
}

/** A leading plus before an amount ("+109.74"): a plus or, where the decoder's language model expected one, a minus. */
const PLUSSED = /^\+(\d{1,3}(?:[.,'’]\d{3})*[.,]\d\d)$/;
/** Pixels under this are any trace of ink (a plus's blurred or thin upright stroke is lighter than a glyph's core). */
const TRACE = 200;

/**
 * Minus signs read as a plus on pages that print a plus before credits ("+109.74" for −109.74 on a phone
 * photo whose other amounts are "+1,962.07" and "−550.00": the decoder's model expects the sign it saw most).
 * A plus has an upright stroke through its bar; a minus is the bar alone. The sign's extent (its glyph's box,
 * or one character's share of the word's) holding one horizontal bar at mid-height (oneBar) and, above and
 * below the bar and its fringe, not a trace of ink on more than one row either side, is a minus.
 */
export function plusAsMinus(words: readonly OcrWord[], img: OcrImage): OcrWord[] {
  if (img.channels !== 1) return [...words];
  return words.map((w) => {
    const m = PLUSSED.exec(w.text);
    if (!m) return w;
    const x1 = w.x0 + 0.7 * signWidth(w, (t) => t === '+');
    return oneBar(img, w.x0, w.y0, x1, w.y1) && bareBesideBar(img, w.x0, w.y0, x1, w.y1) ? { ...w, text: `-${m[1]}` } : w;
  });
}

/** No upright stroke through the window's bar: rows holding any trace of ink, above and below the band, at most one each side. */
function bareBesideBar(img: OcrImage, ax0: number, ay0: number, ax1: number, ay1: number): boolean {
  const x0 = Math.max(0, Math.round(ax0));
  const x1 = Math.min(img.width, Math.round(ax1));
  const y0 = Math.max(0, Math.round(ay0));
  const y1 = Math.min(img.height, Math.round(ay1));
  const core: number[] = [];
  const trace: boolean[] = [];
  for (let y = y0; y < y1; y++) {
    let c = 0;
    let t = false;
    for (let x = x0; x < x1; x++) {
      const v = img.data[y * img.width + x]!;
      if (v < INK) c++;
      if (v < TRACE) t = true;
    }
    core.push(c / Math.max(1, x1 - x0));
    trace.push(t);
  }
  const band = core.flatMap((v, i) => (v >= 0.5 ? [i] : []));
  if (band.length === 0) return false;
  const top = band[0]! - 1;
  const bottom = band[band.length - 1]! + 1;
  const above = trace.filter((t, i) => t && i < top - 1).length;
  const below = trace.filter((t, i) => t && i > bottom + 1).length;
  return above <= 1 && below <= 1;
}

export function restoreMinus(words: readonly OcrWord[], img: OcrImage): OcrWord[] {
  if (img.channels !== 1) return [...words];
  const amounts = words.filter((w) => AMOUNT.test(w.text));
  const signed = amounts.filter((w) => MINUS.test(w.text));
  if (signed.length < MIN_SIGNED) return [...words];
  // The minus's extent (its ink and the gap after it), from the signed words' first two glyphs.
  const leads = signed.flatMap((w) => (w.glyphs && w.glyphs.length > 1 && MINUS.test(w.glyphs[0]!.text) ? [w.glyphs[1]!.x0 - w.x0] : []));
  if (leads.length < MIN_SIGNED) return [...words];
  const lead = median(leads);
  return words.map((w) => {
    if (!AMOUNT.test(w.text) || MINUS.test(w.text)) return w;
    const shape = shapeOf(w.text);
    const withMinus = signed.filter((s) => shapeOf(s.text) === shape).map((s) => s.x1 - s.x0);
    if (withMinus.length < 2) return w;
    const width = w.x1 - w.x0;
    const signedWidth = median(withMinus);
    const plain = amounts.filter((o) => !MINUS.test(o.text) && o !== w && shapeOf(o.text) === shape).map((o) => o.x1 - o.x0);
    const unsignedWidth = plain.length >= 2 ? median(plain) : signedWidth - lead;
    if (Math.abs(width - signedWidth) > 0.3 * lead || width - unsignedWidth < 0.6 * lead) return w;
    return barAtLeft(img, w, lead) ? { ...w, text: `-${w.text}` } : w;
  });
}

/** One horizontal bar in the box's first `lead` × 0.7 columns: ink in a band across the middle, none above or below. */
function barAtLeft(img: OcrImage, w: OcrWord, lead: number): boolean {
  const x0 = Math.max(0, Math.round(w.x0));
  const x1 = Math.min(img.width, Math.round(w.x0 + 0.7 * lead));
  const y0 = Math.max(0, Math.round(w.y0));
  const y1 = Math.min(img.height, Math.round(w.y1));
  const h = y1 - y0;
  if (x1 - x0 < 2 || h < 6) return false;
  const inkRows: number[] = [];
  for (let y = y0; y < y1; y++) {
    let n = 0;
    for (let x = x0; x < x1; x++) if (img.data[y * img.width + x]! < INK) n++;
    // Most of the window's width: a bar, not the edge of a glyph or a speck.
    if (n >= 0.5 * (x1 - x0)) inkRows.push(y - y0);
    else if (n > 0.25 * (x1 - x0)) return false;
  }
  if (inkRows.length === 0) return false;
  const top = inkRows[0]!;
  const bottom = inkRows[inkRows.length - 1]!;
  // One band, thin, its middle between a quarter and four fifths of the digits' height.
  const mid = (top + bottom + 1) / 2 / h;
  return bottom - top + 1 === inkRows.length && inkRows.length <= 0.3 * h && mid >= 0.25 && mid <= 0.8;
}

/**
 * One horizontal bar in the window: rows across most of its width form a single band, thin, across
 * the middle of the digits' height; elsewhere (the band's blurred fringe aside) hardly any ink.
 */
function oneBar(img: OcrImage, ax0: number, ay0: number, ax1: number, ay1: number): boolean {
  const x0 = Math.max(0, Math.round(ax0));
  const x1 = Math.min(img.width, Math.round(ax1));
  const y0 = Math.max(0, Math.round(ay0));
  const y1 = Math.min(img.height, Math.round(ay1));
  const h = y1 - y0;
  if (x1 - x0 < 2 || h < 6) return false;
  const n: number[] = [];
  for (let y = y0; y < y1; y++) {
    let c = 0;
    for (let x = x0; x < x1; x++) if (img.data[y * img.width + x]! < INK) c++;
    n.push(c / (x1 - x0));
  }
  const band = n.flatMap((v, i) => (v >= 0.5 ? [i] : []));
  if (band.length === 0) return false;
  const top = band[0]!;
  const bottom = band[band.length - 1]!;
  if (bottom - top + 1 !== band.length || band.length > 0.3 * h) return false;
  if (n.some((v, i) => v > 0.25 && (i < top - 1 || i > bottom + 1))) return false;
  const mid = (top + bottom + 1) / 2 / h;
  return mid >= 0.25 && mid <= 0.8;
}
