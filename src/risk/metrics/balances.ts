import type { CategorisedTransaction, RiskSource } from '../types.ts';
import { accountKey } from '../validation/index.ts';
import { addDays, toDayNumber } from '../dates.ts';

export interface DailyBalances {
  /** First day of the series. */
  from: string;
  /** Combined end-of-day balance (minor) of the accounts whose balance is known; null when none is. */
  combined: (number | null)[];
  /** Sum over accounts of the overdrawn part (minor, ≥ 0) per day. */
  overdrawn: number[];
  knownAccounts: number;
}

/**
 * Reconstruct end-of-day balances per account: anchored on a running balance
 * where the data gives one (resynchronising on each), else on a declared
 * opening balance. Accounts with neither are left out.
 */
export function dailyBalances(
  txns: readonly CategorisedTransaction[],
  sources: readonly RiskSource[],
  from: string,
  to: string,
): DailyBalances {
  const days = toDayNumber(to) - toDayNumber(from) + 1;
  const start = toDayNumber(from);
  const byAccount = new Map<string, CategorisedTransaction[]>();
  for (const t of txns) {
    const k = accountKey({ id: t.source_id, iban: t.iban });
    const l = byAccount.get(k);
    if (l) l.push(t);
    else byAccount.set(k, [t]);
  }
  const combined: (number | null)[] = new Array<number | null>(days).fill(null);
  const overdrawn: number[] = new Array<number>(days).fill(0);
  let known = 0;
  for (const k of [...byAccount.keys()].sort()) {
    const list = byAccount.get(k) ?? [];
    const idx = list.findIndex((t) => t.balanceMinor !== null);
    let opening: number | null = null;
    if (idx >= 0) {
      const anchor = list[idx];
      if (anchor && anchor.balanceMinor !== null) {
        opening = anchor.balanceMinor - list.slice(0, idx + 1).reduce((a, t) => a + t.amountMinor, 0);
      }
    } else {
      const declared = sources
        .filter((s) => accountKey(s) === k && s.openingBalanceMinor !== null)
        .map((s) => ({ d: s.periodStart ?? s.transactions[0]?.date ?? '9999', v: s.openingBalanceMinor ?? 0 }))
        .sort((a, b) => (a.d < b.d ? -1 : a.d > b.d ? 1 : 0))[0];
      opening = declared ? declared.v : null;
    }
    if (opening === null) continue;
    known++;
    const perDay: number[] = new Array<number>(days).fill(Number.NaN);
    let bal = opening;
    for (const t of list) {
      bal = t.balanceMinor ?? bal + t.amountMinor;
      const d = toDayNumber(t.date) - start;
      if (d >= 0 && d < days) perDay[d] = bal;
    }
    let cur = opening;
    for (let d = 0; d < days; d++) {
      const v = perDay[d];
      if (v !== undefined && !Number.isNaN(v)) cur = v;
      combined[d] = (combined[d] ?? 0) + cur;
      if (cur < 0) overdrawn[d] = (overdrawn[d] ?? 0) - cur;
    }
  }
  return { from, combined, overdrawn, knownAccounts: known };
}

export function dayIndex(series: DailyBalances, date: string): number {
  return toDayNumber(date) - toDayNumber(series.from);
}

export { addDays };
