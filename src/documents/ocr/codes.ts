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
import type { OcrGlyph, OcrWord } from './types.ts';

/** The letter must be ahead of the digit's own candidate by this much (0..1). */
const MARGIN = 0.2;

export function trustLettersInCodes(words: readonly OcrWord[]): OcrWord[] {
  return words.map((w) => {
    const g = w.glyphs;
    if (!g || g.length !== [...w.text].length || !isCode(w.text)) return w;
    let changed = false;
    const text = g
      .map((glyph) => {
        const letter = seenLetter(glyph);
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

/** The capital the network saw where the decoder wrote a digit, if it clearly did. */
function seenLetter(g: OcrGlyph): string | null {
  if (!/^\d$/.test(g.text) || !g.choices || g.choices.length === 0) return null;
  const top = g.choices.reduce((a, b) => (b.confidence > a.confidence ? b : a));
  if (!/^[A-Z]$/.test(top.text)) return null;
  const own = g.choices.find((c) => c.text === g.text)?.confidence ?? 0;
  // Ahead of the decoder's own certainty for the digit, and of the digit's candidate by a margin.
  return top.confidence > g.confidence && top.confidence - own >= MARGIN ? top.text : null;
}
