/**
 * Whether a PDF's text layer can be trusted. Fonts without a usable Unicode map give words made
 * of control characters, private-use code points or letters that are not text (glyph soup); a
 * page like that is read through OCR, as a scan is, instead of being reported as "no statement".
 */
import type { WordPage } from '../../layout/model.ts';

const BAD = /[\p{Cc}\p{Co}\p{Cn}\p{Cs}\uFFFD]/u;
const LATIN = /[a-zà-ÿ]/i;
const VOWEL = /[aeiouyàèéìòùäöüâêîôû]/i;
const ASCII_LETTER = (lower: number): boolean => lower >= 0x61 && lower <= 0x7a;
const ASCII_VOWELS = new Set([...'aeiouy'].map((v) => v.charCodeAt(0)));

/** One page: at most a fifth of its characters unreadable, and Latin letters in the proportions of a language. */
export function pageReads(page: WordPage): boolean {
  let chars = 0;
  let bad = 0;
  let letters = 0;
  let vowels = 0;
  for (const w of page.words) {
    for (const ch of w.text) {
      chars++;
      // ASCII, as the patterns below read it: control characters are unreadable, a-z A-Z are letters.
      const c = ch.charCodeAt(0);
      if (c < 0x80) {
        if (c < 0x20 || c === 0x7f) bad++;
        else if (ASCII_LETTER(c | 0x20)) {
          letters++;
          if (ASCII_VOWELS.has(c | 0x20)) vowels++;
        }
        continue;
      }
      if (BAD.test(ch)) bad++;
      else if (LATIN.test(ch)) {
        letters++;
        if (VOWEL.test(ch)) vowels++;
      }
    }
  }
  if (chars === 0) return true;
  if (bad / chars > 0.2) return false;
  // it/de/en text has 30-45 % vowels among its letters; a substituted alphabet rarely does.
  if (letters >= 200 && (vowels / letters < 0.18 || vowels / letters > 0.62)) return false;
  return true;
}

/** The text layer reads when most pages that carry text read. */
export function textLayerReads(pages: readonly WordPage[]): boolean {
  const withText = pages.filter((p) => p.words.length > 0);
  if (withText.length === 0) return true;
  return withText.filter(pageReads).length * 2 > withText.length;
}
