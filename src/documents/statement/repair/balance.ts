/**
 * A running balance OCR misread beyond one confusable digit (a digit lost, two changed): its row
 * breaks the chain and so does the next row with a balance, while the balance before it plus the
 * amounts up to that next balance makes it — two printed steps fix the figure between them. The
 * word is rewritten to that figure, in the way it is printed, where its digits are within two edits
 * of it (a misreading, not another number), and kept only where the chain then agrees better.
 */
import { inRowOf } from '../../layout/geometry.ts';
import { parseAmount } from '../../values/amounts.ts';
import { chainBreaks } from '../conformity.ts';
import type { Repaired, RepairState } from './edit.ts';
import { tryEdit } from './edit.ts';

/** Edits (insert, delete, replace) between two digit strings. */
export function digitEdits(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur.push(Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * `cents` written the way `text` writes its figure: the same sign and marker around it, the same
 * decimal separator, and thousands grouped where `text` groups them. Null where `text` shows no
 * decimal separator before two digits.
 */
export function printedLike(text: string, cents: number): string | null {
  const first = text.search(/\d/);
  const last = text.length - 1 - [...text].reverse().findIndex((c) => /\d/.test(c));
  if (first < 0) return null;
  const body = text.slice(first, last + 1);
  const k = body.length - 3;
  if (k < 1 || (body[k] !== '.' && body[k] !== ',') || !/^\d\d$/.test(body.slice(k + 1))) return null;
  const dec = body[k]!;
  const whole = body.slice(0, k);
  // (the thousands separator: a mark other than the decimal one, three digits before the decimal point)
  const g = whole.length > 4 ? whole[whole.length - 4]! : '';
  const group = /^[.,' ]$/.test(g) && g !== dec ? g : '';
  const units = String(Math.floor(Math.abs(cents) / 100));
  let grouped = units;
  if (group) for (let i = units.length - 3; i > 0; i -= 3) grouped = `${grouped.slice(0, i)}${group}${grouped.slice(i)}`;
  return `${text.slice(0, first)}${grouped}${dec}${String(Math.abs(cents) % 100).padStart(2, '0')}${text.slice(last + 1)}`;
}

export function misreadBalance({ x, pages }: RepairState): Repaired | null {
  const txs = x.statement.transactions;
  for (const { row, prev } of chainBreaks(txs, x.statement.opening?.value ?? null)) {
    const t = txs[row]!;
    if (t.balanceCents === null || !t.bbox) continue;
    const fixed = prev + t.amountCents;
    let j = row + 1;
    let sum = 0;
    for (; j < txs.length && txs[j]!.balanceCents === null; j++) sum += txs[j]!.amountCents;
    const next = txs[j];
    if (!next || fixed + sum + next.amountCents !== next.balanceCents) continue;
    // (a balance that crossed zero on the page would print its sign otherwise: not rewritten here)
    if (Math.sign(fixed) !== Math.sign(t.balanceCents) || fixed === t.balanceCents) continue;
    if (digitEdits(String(Math.abs(t.balanceCents)), String(Math.abs(fixed))) > 2) continue;
    const page = pages.find((p) => p.page === t.page);
    if (!page) continue;
    const inRow = inRowOf(t.bbox);
    const wi = page.words.findIndex((w) => inRow(w) && parseAmount(w.text)?.cents === Math.abs(t.balanceCents!));
    if (wi < 0) continue;
    const text = printedLike(page.words[wi]!.text, fixed);
    if (text === null || parseAmount(text)?.cents !== Math.abs(fixed)) continue;
    const r = tryEdit(pages, page, wi, text, x);
    if (r) return r;
  }
  return null;
}
