/**
 * The sign of an opening or closing balance printed without one, from the running balances.
 */
import type { Found } from './header/header-fields.ts';

interface ChainTx {
  amountCents: number | null;
  signKnown: boolean;
  balanceCents: number | null;
}

/**
 * An opening (or closing) balance read with the other sign than the running balances give at
 * that end of the chain — an unsigned figure whose sign was guessed from the column it stands
 * under — takes the chain's sign. Only where the magnitudes are equal and the two running
 * balances nearest that end confirm the signed amounts between them (a tampered row elsewhere
 * does not matter). `txs` in chronological order.
 */
export function signedByChain<T extends Found<number>>(found: T | null, txs: readonly ChainTx[], end: 'opening' | 'closing'): T | null {
  if (!found || found.value === 0) return found;
  const withBal = txs.flatMap((t, i) => (t.balanceCents !== null ? [i] : []));
  if (withBal.length < 2) return found;
  /** Σ of the signed amounts of rows [from, to), null where one is unsigned. */
  const sum = (from: number, to: number): number | null => {
    let s = 0;
    for (let i = from; i < to; i++) {
      const t = txs[i]!;
      if (t.amountCents === null || !t.signKnown) return null;
      s += t.amountCents;
    }
    return s;
  };
  const bal = (i: number): number => txs[i]!.balanceCents!;
  const [a, b] = end === 'opening' ? [withBal[0]!, withBal[1]!] : [withBal[withBal.length - 2]!, withBal[withBal.length - 1]!];
  const between = sum(a + 1, b + 1);
  if (between === null || bal(a) + between !== bal(b)) return found;
  const outside = end === 'opening' ? sum(0, a + 1) : sum(b + 1, txs.length);
  if (outside === null) return found;
  const derived = end === 'opening' ? bal(a) - outside : bal(b) + outside;
  return derived === -found.value ? { ...found, value: derived } : found;
}
