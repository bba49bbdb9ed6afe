import type { RiskSource } from '../types.ts';

export interface BalanceItem {
  id: string;
  type: string;
  expected_closing: number;
  computed_closing: number;
  difference: number;
}

export interface BalanceCheck {
  /** Checked: an opening balance (declared, or derived from the first running balance) and an expected closing were known. */
  item: BalanceItem | null;
  /** The running balances, where given, break somewhere (a missing or altered line). */
  chainBreaks: number;
}

const toDecimal = (minor: number): number => Math.round(minor) / 100;

/**
 * Balance of one source: opening + Σ amounts must equal the closing balance;
 * each running balance must equal the previous one plus the amount. Opening and
 * closing fall back to the first/last running balance when not declared.
 */
export function checkBalance(s: RiskSource): BalanceCheck {
  const txns = s.transactions;
  const first = txns[0];
  const last = txns[txns.length - 1];
  const opening = s.openingBalanceMinor ?? (first && first.balanceMinor !== null ? first.balanceMinor - first.amountMinor : null);
  const closing = s.closingBalanceMinor ?? (last ? last.balanceMinor : null);
  let chainBreaks = 0;
  let prev: number | null = opening;
  for (const t of txns) {
    if (t.balanceMinor === null) {
      prev = prev === null ? null : prev + t.amountMinor;
      continue;
    }
    if (prev !== null && prev + t.amountMinor !== t.balanceMinor) chainBreaks++;
    prev = t.balanceMinor;
  }
  if (opening === null || closing === null) return { item: null, chainBreaks };
  const computed = opening + txns.reduce((a, t) => a + t.amountMinor, 0);
  return {
    item: {
      id: s.id,
      type: s.type,
      expected_closing: toDecimal(closing),
      computed_closing: toDecimal(computed),
      difference: toDecimal(closing - computed),
    },
    chainBreaks,
  };
}
