import { DIGIT_OF_LETTER } from '../../data/ocr-confusions.data.ts';
import { extractStatement } from '../pages.ts';
import type { Repaired, RepairState, WordEdit } from './edit.ts';
import { failed, keepsChecks } from './edit.ts';

const AMOUNT_LIKE = /^[-+(]?[0-9OoIlSB]{1,3}([.,'][0-9OoIlSB]{3})*[.,][0-9OoIlSB]{2}[-+)]?$/;

/** "1O5,5O" → "105,50": letters of a digit's shape inside a word shaped like an amount with two digits or more. */
export function fixAmountWord(t: string): string {
  if (!AMOUNT_LIKE.test(t) || !/[OoIlSB]/.test(t) || (t.match(/\d/g) ?? []).length < 2) return t;
  return t.replace(/[OoIlSB]/g, (c) => DIGIT_OF_LETTER[c] ?? c);
}

// A sign, then a speck read as a mark, then an amount: "+.154,00", "-'12,50" (a real Postbank page at 200 dpi).
const STRAY_MARK = /^([-+\u2212])[.,'`´:](\d{1,3}(?:[.,']\d{3})*[.,]\d{2})$/;

/** "+.154,00" → "+154,00": a mark between an amount's sign and its digits is a speck, not a separator. */
export function dropStrayMark(t: string): string {
  const m = STRAY_MARK.exec(t);
  return m ? m[1]! + m[2]! : t;
}

/** Letters inside amounts (O/0, l/1, S/5, B/8), on every page at once; kept where the same checks run and fewer fail. */
export function lettersInAmounts(state: RepairState): Repaired | null {
  return everyWord(state, fixAmountWord);
}

/** Specks between an amount's sign and its digits, on every page at once; kept where the same checks run and fewer fail. */
export function strayMarksInAmounts(state: RepairState): Repaired | null {
  return everyWord(state, dropStrayMark);
}

function everyWord({ x, pages }: RepairState, fix: (t: string) => string): Repaired | null {
  const edits: WordEdit[] = [];
  const fixed = pages.map((p) => ({
    ...p,
    words: p.words.map((w) => {
      const text = fix(w.text);
      if (text === w.text) return w;
      edits.push({ page: p.page, from: w.text, to: text, by: 'fewer_failed_checks' });
      return { ...w, text };
    }),
  }));
  if (edits.length === 0) return null;
  const r = extractStatement(fixed);
  return keepsChecks(r, x) && failed(r) < failed(x) ? { x: r, pages: fixed, edits } : null;
}
