import { DIGIT_OF_LETTER } from '../../data/ocr-confusions.data.ts';
import { sameColumn, sameLine } from '../../layout/geometry.ts';
import { parseAmount } from '../../values/amounts.ts';
import type { PositionedWord, WordPage } from '../../layout/model.ts';
import { extractStatement } from '../pages.ts';
import type { Keep, Repaired, RepairEvidence, RepairState, WordEdit } from './edit.ts';
import { chainBreaks, failed, keepsChecks, tryEdit } from './edit.ts';

/**
 * A row lost because OCR dropped its amount's decimal separator ("3119S" for "31,19 S": no
 * amount, so no row, and the chain breaks at the next one). Digit-only words in an amount column
 * (their box overlapping those of three amounts on the page) get the page's decimal separator
 * before their last two digits — on pages of S/H markers also before the two digits ahead of a
 * last 5 or 8 read for the S ("35118"), letters of a digit's shape read as that digit ("9L915")
 * — and one is kept where the chain then agrees better.
 */
export function lostSeparator({ x, pages }: RepairState): Repaired | null {
  return restoreLostSeparator({ x, pages });
}

/**
 * A statement without balances has no chain to confirm a restored separator, yet the digits alone
 * ("2747" where every amount of the column prints two decimals) lose the whole row. The separator
 * is put back where that gives the extraction one more row and no failed check more (a number
 * that makes no row, a page number or a reference, is left alone); letters are not read as digits.
 */
export function lostSeparatorUnconfirmed(state: RepairState): Repaired | null {
  return restoreLostSeparator(state, (r, prev) => r.statement.transactions.length > prev.statement.transactions.length && failed(r) <= failed(prev), false, 'one_more_row');
}

function restoreLostSeparator({ x, pages }: RepairState, keep?: Keep, letters = true, by: RepairEvidence = 'balance_chain'): Repaired | null {
  let tries = 0;
  for (const page of pages) {
    const amounts = page.words.filter((w) => /\d[.,]\d\d(?:[SH]|[-+)])?$/.test(w.text) && parseAmount(w.text) !== null);
    if (amounts.length < 3) continue;
    const comma = amounts.filter((w) => /,\d\d\D?$/.test(w.text)).length;
    const sep = comma * 2 >= amounts.length ? ',' : '.';
    // Pages that print S/H after amounts: the S may have been read as a digit of the same shape ("35118" for "35,11 S").
    const marked = page.words.filter((w) => /^[SH]$|\d[SH]$/.test(w.text)).length >= 3;
    for (let wi = 0; wi < page.words.length && tries < 12; wi++) {
      const w = page.words[wi]!;
      // Letters of a digit's shape among at least three digits are read as those digits ("9L915").
      const text = letters && (w.text.match(/\d/g) ?? []).length >= 3 ? w.text.replace(/[OoIlLB]|S(?!$)/g, (c) => DIGIT_OF_LETTER[c] ?? '1') : w.text;
      const m = /^([-+]?\d+)(\d\d)([SH]?)$/.exec(text);
      if (!m || amounts.filter((a) => sameColumn(w, a)).length < 3) continue;
      tries++;
      const edits = [`${m[1]}${sep}${m[2]}${m[3]}`];
      const s = marked && !m[3] ? /^([-+]?\d+)(\d\d)[58]$/.exec(text) : null;
      if (s) edits.push(`${s[1]}${sep}${s[2]}S`);
      for (const edit of edits) {
        const r = tryEdit(pages, page, wi, edit, x, keep, by);
        if (r) return r;
      }
    }
  }
  return null;
}

/**
 * Small type on a scan loses many decimal points at once ("7443", "8156", "26146" down one column of
 * "95.22"-style amounts): one put back per round, each confirmed alone, cannot recover twenty rows,
 * and where the chain misses rows OCR never read, none of them alone makes it agree better. Every
 * digit-only word standing right-aligned in a column of amounts with two decimals, on a line that
 * holds no amount (the row was lost), gets the page's decimal separator before its last two digits,
 * all at once; the edits are kept where every line edited became a row, no check fails more and no
 * running balance breaks more.
 */
export function lostSeparatorsInColumns({ x, pages }: RepairState): Repaired | null {
  const trial: WordPage[] = [];
  const edits: WordEdit[] = [];
  let lines = 0;
  for (const page of pages) {
    const amounts = page.words.filter((w) => /\d[.,]\d\d(?:[SH]|[-+)])?$/.test(w.text) && parseAmount(w.text) !== null);
    if (amounts.length < 3) {
      trial.push(page);
      continue;
    }
    const comma = amounts.filter((w) => /,\d\d\D?$/.test(w.text)).length;
    const sep = comma * 2 >= amounts.length ? ',' : '.';
    const edited: PositionedWord[] = [];
    let words: PositionedWord[] | null = null;
    page.words.forEach((w, wi) => {
      // (a speck after the digits, "7212,", goes with the separator put back)
      const m = /^([-+]?\d{1,7})(\d\d)([SH-]?)[.,:;]?$/.exec(w.text);
      if (!m) return;
      const h = Math.max(1, w.y1 - w.y0);
      // right-aligned with at least three amounts of its column, on a line without an amount
      if (amounts.filter((a) => sameColumn(w, a) && Math.abs(a.x1 - w.x1) <= h * 0.8).length < 3) return;
      if (amounts.some((a) => sameLine(a, w))) return;
      words ??= page.words.slice();
      const to = `${m[1]}${sep}${m[2]}${m[3]}`;
      words[wi] = { ...w, text: to };
      if (!edited.some((e) => sameLine(e, w))) lines++;
      edited.push(w);
      edits.push({ page: page.page, from: w.text, to, by: 'column_rows' });
    });
    trial.push(words ? { ...page, words } : page);
  }
  if (lines < 2) return null;
  const r = extractStatement(trial);
  const gained = r.statement.transactions.length - x.statement.transactions.length;
  const keep = gained >= lines && keepsChecks(r, x) && failed(r) <= failed(x) && chainBreaks(r) <= chainBreaks(x);
  return keep ? { x: r, pages: trial, edits } : null;
}
