/**
 * An amount OCR read into no amount at all: its last decimal lost ("4,073.0" for 4,073.09) or its
 * decimals read as a glyph that is no digit ("177.4%" for 177.16). The row is lost, or worse, its
 * running balance is taken for its amount. Where such a word stands right-aligned in a column of
 * amounts, it is first read with its decimals as far as they read (a glyph that is no digit as 0),
 * and the row it then makes is held to the chain: the balance before the row and the row's own
 * printed balance give the figure, written in where the word's digits are within two edits of it
 * (a misreading, not another number). A word that reads as an amount is never rewritten here:
 * an edited statement prints clean figures, and the chain breaking at one of them is evidence.
 */
import { inRowOf, sameColumn } from '../../layout/geometry.ts';
import type { WordPage } from '../../layout/model.ts';
import { parseAmount } from '../../values/amounts.ts';
import { chainBreaks } from '../conformity.ts';
import { extractStatement } from '../pages.ts';
import { digitEdits, printedLike } from './balance.ts';
import type { Repaired, RepairState } from './edit.ts';
import { keepsChecks } from './edit.ts';
import type { StatementExtraction } from '../pages.ts';

/** An amount's figure up to its decimal separator, then one or two glyphs that are not two digits. */
const BROKEN = /^([-+(]?\d{1,3}(?:[.,'’]\d{3})*[.,])(\S{1,2})$/;

export function brokenAmount({ x, pages }: RepairState): Repaired | null {
  // Every such word read as far as it reads, at once (one read alone leaves the others' balances
  // standing for amounts, and the columns' roles with them): "4,073.0" → "4,073.00", "177.4%" → "177.40".
  const found: { page: WordPage; wi: number; read: string; first: string; cents: number }[] = [];
  for (const page of pages) {
    const amounts = page.words.filter((w) => /\d[.,]\d\d/.test(w.text) && parseAmount(w.text) !== null);
    if (amounts.length < 3) continue;
    for (const [wi, w] of page.words.entries()) {
      const m = BROKEN.exec(w.text);
      if (!m || /^\d\d$/.test(m[2]!) || !/\d/.test(m[2]!) || parseAmount(w.text) !== null) continue;
      const h = Math.max(1, w.y1 - w.y0);
      if (amounts.filter((a) => sameColumn(w, a) && Math.abs(a.x1 - w.x1) <= h * 0.8).length < 3) continue;
      const first = `${m[1]}${`${m[2]!.replace(/\D/g, '0')}00`.slice(0, 2)}`;
      const cents = parseAmount(first)?.cents;
      if (cents !== undefined) found.push({ page, wi, read: w.text.replace(/\D/g, ''), first, cents });
    }
  }
  if (found.length === 0) return null;
  const withTexts = (texts: string[]): WordPage[] =>
    pages.map((p) => {
      const mine = found.map((f, k) => ({ f, k })).filter(({ f }) => f.page === p);
      if (mine.length === 0) return p;
      const words = p.words.slice();
      for (const { f, k } of mine) words[f.wi] = { ...words[f.wi]!, text: texts[k]! };
      return { ...p, words };
    });
  const firsts = found.map((f) => f.first);
  const r = extractStatement(withTexts(firsts));
  const txs = r.statement.transactions;
  const breaks = chainBreaks(txs, r.statement.opening?.value ?? null);
  // Each row held to its balances: the balance before it and its own printed balance give the figure.
  const texts = found.map((f) => {
    const w = f.page.words[f.wi]!;
    const row = txs.findIndex((t) => t.page === f.page.page && t.bbox != null && inRowOf(t.bbox)(w) && Math.abs(t.amountCents) === f.cents);
    const brk = breaks.find((b) => b.row === row);
    const bal = txs[row]?.balanceCents ?? null;
    if (!brk || bal === null) return f.first;
    const fixed = Math.abs(bal - brk.prev);
    if (fixed === 0 || digitEdits(f.read, String(fixed)) > 2) return f.first;
    const to = printedLike(f.first, fixed);
    return to !== null && parseAmount(to)?.cents === fixed ? to : f.first;
  });
  // Kept where the balances around every row given its figure confirm it, on top of every step that
  // agreed before (under the first reading more checks may run: the balances read as a column again).
  const derived = texts.filter((t, k) => t !== found[k]!.first).length;
  if (derived === 0) return null;
  const trial = withTexts(texts);
  const r2 = extractStatement(trial);
  if (!keepsChecks(r2, x) || agreeingSteps(r2) < agreeingSteps(x) + derived) return null;
  return { x: r2, pages: trial, edits: found.map((f, k) => ({ page: f.page.page, from: f.page.words[f.wi]!.text, to: texts[k]!, by: texts[k] === f.first ? ('column_rows' as const) : ('balance_chain' as const) })) };
}

/** Rows whose printed balance is the balance before them plus their amount. */
function agreeingSteps(x: StatementExtraction): number {
  let prev = x.statement.opening?.value ?? null;
  let n = 0;
  for (const t of x.statement.transactions) {
    if (prev !== null && t.balanceCents !== null && prev + t.amountCents === t.balanceCents) n++;
    prev = t.balanceCents ?? (prev === null ? null : prev + t.amountCents);
  }
  return n;
}
