/**
 * The sign of an opening or closing balance printed without one, from the balances printed
 * between the bookings (running balances, carried balances).
 */
import type { Found } from './header/header-fields.ts';

interface ChainTx {
  amountCents: number | null;
  signKnown: boolean;
  balanceCents: number | null;
}

/** A balance printed after the first `after` bookings. */
interface Checkpoint {
  after: number;
  cents: number;
}

/**
 * An opening (or closing) balance read with the other sign than the balances printed between the
 * bookings give at that end of the chain — an unsigned figure whose sign was guessed from the
 * column it stands under — takes the chain's sign: where the printed balance nearest that end and
 * the signed amounts between it and the end give the same magnitude with the other sign. `txs` in chronological order; `carries` (balances carried between
 * pages, after `afterTx` bookings) only where that order is the printed one.
 */
export function signedByChain<T extends Found<number>>(
  found: T | null,
  txs: readonly ChainTx[],
  carries: readonly { cents: number; afterTx: number }[],
  end: 'opening' | 'closing',
): T | null {
  if (!found || found.value === 0) return found;
  const byAfter = new Map<number, number>();
  txs.forEach((t, i) => {
    if (t.balanceCents !== null) byAfter.set(i + 1, t.balanceCents);
  });
  // (not a carry at either end: that may be the very figure in question, printed again)
  for (const c of carries) if (c.afterTx > 0 && c.afterTx < txs.length && !byAfter.has(c.afterTx)) byAfter.set(c.afterTx, c.cents);
  const cps: Checkpoint[] = [...byAfter].map(([after, cents]) => ({ after, cents })).sort((a, b) => a.after - b.after);
  if (cps.length === 0) return found;
  /** Σ of the signed amounts of bookings [from, to), null where one is unsigned. */
  const sum = (from: number, to: number): number | null => {
    let s = 0;
    for (let i = from; i < to; i++) {
      const t = txs[i]!;
      if (t.amountCents === null || !t.signKnown) return null;
      s += t.amountCents;
    }
    return s;
  };
  const a = end === 'opening' ? cps[0]! : cps[cps.length - 1]!;
  const outside = end === 'opening' ? sum(0, a.after) : sum(a.after, txs.length);
  if (outside === null) return found;
  const derived = end === 'opening' ? a.cents - outside : a.cents + outside;
  return derived === -found.value ? { ...found, value: derived } : found;
}
