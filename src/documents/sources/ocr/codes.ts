/**
 * Letters inside digit codes ("4824G035959", a booking reference): the recogniser's
 * network sees the letter, then its decoder, which favours a run of one character
 * class, writes a digit (G → 6, S → 8, B → 8, U → 1, Z → 7; the word's confidence
 * falls to 0–50 where a clean reference scores 85–95). The glyph's own choices tell:
 * the letter is the network's first candidate and clearly ahead of the digit written.
 * Only codes (digits and capitals, at least half digits) are touched, and only
 * digit → capital: in words the decoder's model is right far more often than its
 * first candidates (measured: "Gutschrift" has "n" first for its "r").
 */
import type { OcrGlyph, OcrImage, OcrWord } from './types.ts';

/** A narrow gap inside a word is at most this share of the page's typical space between words. */
const SPLIT_GAP = 0.75;

/**
 * A code split in two by the recogniser ("9786] 365098" for 9786J365098, "9295C 688490"):
 * where a glyph's side bearing makes a wider gap than its neighbours', tesseract may start a
 * new word. Two code parts on one line (each digits and capitals, with a digit in each)
 * are joined when the gap between them is well below the page's typical space between words,
 * and the whole is a code. A ']' inside a code is the J it looks like.
 */
export function joinSplitCodes(words: readonly OcrWord[]): OcrWord[] {
  const space = typicalSpace(words);
  const out: OcrWord[] = [];
  for (const w of words.map(bracketAsJ)) {
    const prev = out[out.length - 1];
    if (prev && space !== null && sameLine(prev, w)) {
      const gap = w.x0 - prev.x1;
      const text = prev.text + w.text;
      if (gap >= 0 && gap < SPLIT_GAP * space && PART.test(prev.text) && PART.test(w.text) && isCode(text)) {
        out[out.length - 1] = {
          text,
          confidence: Math.min(prev.confidence, w.confidence),
          x0: prev.x0,
          y0: Math.min(prev.y0, w.y0),
          x1: w.x1,
          y1: Math.max(prev.y1, w.y1),
          ...(prev.glyphs && w.glyphs ? { glyphs: [...prev.glyphs, ...w.glyphs] } : {}),
        };
        continue;
      }
    }
    out.push(w);
  }
  return out;
}

/** A code's part: digits and capitals, a digit among them ("ATM 43549" stays two words). */
const PART = /^(?=[A-Z]*\d)[0-9A-Z]{2,}$/;

function bracketAsJ(w: OcrWord): OcrWord {
  if (!/^[0-9A-Z]*\][0-9A-Z]*$/.test(w.text) || !isCode(w.text.replace(']', 'J'))) return w;
  const j = (g: OcrGlyph): OcrGlyph => (g.text === ']' ? { ...g, text: 'J' } : g);
  return { ...w, text: w.text.replace(']', 'J'), ...(w.glyphs ? { glyphs: w.glyphs.map(j) } : {}) };
}

function sameLine(a: OcrWord, b: OcrWord): boolean {
  return Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);
}

/** Median gap between consecutive words of a line (gaps under a word height: spaces, not columns). */
function typicalSpace(words: readonly OcrWord[]): number | null {
  const gaps: number[] = [];
  for (let i = 1; i < words.length; i++) {
    const a = words[i - 1]!;
    const b = words[i]!;
    const h = Math.min(a.y1 - a.y0, b.y1 - b.y0);
    const gap = b.x0 - a.x1;
    if (sameLine(a, b) && gap > 0 && gap < h) gaps.push(gap);
  }
  if (gaps.length < 20) return null;
  gaps.sort((x, y) => x - y);
  return gaps[gaps.length >> 1]!;
}

/** The letter must be ahead of the digit's own candidate by this much (0..1). */
const MARGIN = 0.2;

export function trustLettersInCodes(words: readonly OcrWord[]): OcrWord[] {
  return words.map((w) => {
    const g = w.glyphs;
    if (!g || g.length !== [...w.text].length || !isCode(w.text)) return w;
    let changed = false;
    const text = g
      .map((glyph) => {
        const letter = seenLetter(glyph, g.length);
        if (letter) changed = true;
        return letter ?? glyph.text;
      })
      .join('');
    // The glyphs must spell the word (one-to-one), and the result must still be a code.
    if (!changed || g.map((x) => x.text).join('') !== w.text || !isCode(text)) return w;
    return { ...w, text };
  });
}

function isCode(text: string): boolean {
  if (!/^[0-9A-Z]{4,}$/.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return 2 * digits >= text.length;
}

/** Codes at least this long are references; shorter digit runs may be amounts that lost their separator ("2747"). */
const REFERENCE_LENGTH = 8;

/** The capital the network saw where the decoder wrote a digit, if it clearly did. */
function seenLetter(g: OcrGlyph, wordLength: number): string | null {
  if (!/^\d$/.test(g.text) || !g.choices || g.choices.length === 0) return null;
  const top = g.choices.reduce((a, b) => (b.confidence > a.confidence ? b : a));
  if (!/^[A-Z]$/.test(top.text)) return null;
  const own = g.choices.find((c) => c.text === g.text)?.confidence ?? 0;
  // Ahead of the digit's candidate by a margin, and, in a short code, of the decoder's certainty
  // for its digit. In a reference that certainty is no witness: it stays high (0.90–0.97) where
  // the network saw S, B or C first by 0.2–0.5, and the digit was wrong each time (probe over
  // seeds 19000 and 41040, 7 variants). A short run may be an amount that lost its comma ("2747"
  // for 27,47 read "27A7" with A 0.2 ahead of a blurred 4): there the decoder's certainty counts.
  if (top.confidence - own < MARGIN) return null;
  return wordLength >= REFERENCE_LENGTH || top.confidence > g.confidence ? top.text : null;
}

/** The network must have seen an I at a '1' at least this much (0..1) for the pixels to be asked. */
const I_SEEN = 0.05;
/** Ink on a normalised page (0 ink … 255 paper). */
const INK = 160;

/**
 * A capital I inside a code read as the digit 1 ("7720I798292" read "77201798292": the network
 * puts 1 first, I second at 0.73). Type tells them apart: a 1 has a flag at the top of its stem
 * on the left only; an I is a bare stem or has serifs on both sides. Where the network saw an I
 * among its candidates, the pixels at the top of the stem decide.
 */
export function restoreCapitalI(words: readonly OcrWord[], img: OcrImage): OcrWord[] {
  if (img.channels !== 1) return [...words];
  return words.map((w) => {
    const g = w.glyphs;
    if (!g || g.length !== [...w.text].length || !isCode(w.text)) return w;
    // The word's characters (earlier repairs may have changed some), glyph by glyph.
    const text = [...w.text]
      .map((c, i) => {
        const glyph = g[i]!;
        const seen = glyph.choices?.find((x) => x.text === 'I')?.confidence ?? 0;
        return c === '1' && glyph.text === '1' && seen >= I_SEEN && topIsSymmetric(glyph, img) ? 'I' : c;
      })
      .join('');
    return text !== w.text && isCode(text) ? { ...w, text } : w;
  });
}

/** The stem's top: ink reaching as far left as right of the stem (serifs, or none), not to one side (a flag). */
function topIsSymmetric(g: OcrGlyph, img: OcrImage): boolean {
  const { width: W, height: Hh, data } = img;
  const x0 = Math.max(0, Math.floor(g.x0) - 3);
  const x1 = Math.min(W - 1, Math.ceil(g.x1) + 3);
  const y0 = Math.max(0, Math.floor(g.y0));
  const y1 = Math.min(Hh - 1, Math.ceil(g.y1));
  const h = y1 - y0 + 1;
  if (h < 8 || h > 100 || x1 - x0 < 2) return false;
  const ink = (x: number, y: number): boolean => data[y * W + x]! < INK;
  // The stem: the columns inked on most of the glyph's middle rows.
  const mid0 = y0 + Math.floor(0.35 * h);
  const mid1 = y0 + Math.ceil(0.65 * h);
  const cols: number[] = [];
  for (let x = x0; x <= x1; x++) {
    let n = 0;
    for (let y = mid0; y <= mid1; y++) if (ink(x, y)) n++;
    cols.push(n);
  }
  const need = 0.8 * (mid1 - mid0 + 1);
  // The run of stem columns nearest the glyph box's centre.
  const centre = (g.x0 + g.x1) / 2 - x0;
  let best: [number, number] | null = null;
  for (let i = 0; i < cols.length; ) {
    if (cols[i]! < need) {
      i++;
      continue;
    }
    const a = i;
    while (i < cols.length && cols[i]! >= need) i++;
    const run: [number, number] = [a, i - 1];
    if (!best || Math.abs((run[0] + run[1]) / 2 - centre) < Math.abs((best[0] + best[1]) / 2 - centre)) best = run;
  }
  if (!best) return false;
  const s0 = x0 + best[0];
  const s1 = x0 + best[1];
  if (s1 - s0 + 1 > 0.4 * h) return false; // not a stem
  // The stem's top, then the ink joined to it in each row of its top third.
  let top = mid0;
  while (top > 0 && (ink(s0, top - 1) || ink(s1, top - 1))) top--;
  const zone = Math.max(2, Math.round(0.35 * (mid1 - top)));
  let left = 0;
  let right = 0;
  for (let y = top; y < top + zone; y++) {
    let a = s0;
    while (a > x0 && ink(a - 1, y)) a--;
    let b = s1;
    while (b < x1 && ink(b + 1, y)) b++;
    left = Math.max(left, s0 - a);
    right = Math.max(right, b - s1);
  }
  return Math.abs(left - right) <= 1 && (right > 0 || left === 0);
}
