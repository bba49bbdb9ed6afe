import { CONFUSABLE_DIGITS } from '../../data/ocr-confusions.data.ts';
import type { Repaired, RepairState } from './edit.ts';
import { failed, firstChainBreak } from './edit.ts';
import { flipSign, trySubstitutions } from './row.ts';

/**
 * No running balance breaks, but opening + Σ amounts ≠ closing: the amounts whose single
 * confusable digit, or whose sign, accounts for exactly the difference are tried, and one is kept
 * only if it alone leaves the fewest failed checks (several amounts may fit the gap; the
 * debit/credit totals usually tell them apart).
 */
export function closingGap({ x, pages }: RepairState): Repaired | null {
  if (firstChainBreak(x) >= 0) return null;
  const txs = x.statement.transactions;
  const opening = x.statement.opening?.value;
  const closing = x.statement.closing?.value;
  if (typeof opening !== 'number' || typeof closing !== 'number') return null;
  const sum = txs.reduce((n, t) => n + t.amountCents, 0);
  const d = closing - opening - sum;
  if (d === 0) return null;
  const fits = txs.filter((t) => {
    const a = t.amountCents;
    const str = String(Math.abs(a));
    return [...str].some((c, i) => (CONFUSABLE_DIGITS[c] ?? []).some((alt) => Math.sign(a) * (Number(str.slice(0, i) + alt + str.slice(i + 1)) - Math.abs(a)) === d));
  });
  // A lost or extra minus accounts for twice the amount.
  const signFits = txs.filter((t) => -2 * t.amountCents === d);
  const results = fits
    .slice(0, 12)
    .map((t) => {
      const a = t.amountCents;
      return trySubstitutions(
        pages,
        x,
        t,
        (cents) => cents === Math.abs(a),
        (cents) => Math.sign(a) * (cents - Math.abs(a)) === d,
      );
    })
    .concat(signFits.slice(0, 12).map((t) => flipSign(pages, x, t)))
    .filter((r) => r !== null);
  if (results.length === 0) return null;
  const fewest = Math.min(...results.map((r) => failed(r.x)));
  const winners = results.filter((r) => failed(r.x) === fewest);
  return winners.length === 1 ? winners[0]! : null;
}
