import type { CategorisedTransaction, RiskSource } from '../types.ts';
import { accountKey } from '../validation/index.ts';
import { addDays, toDayNumber } from '../dates.ts';

export interface DailyBalances {
  /** First day of the series. */
  from: string;
  /**
   * Combined end-of-day balance (minor) of the accounts whose balance is known, on the days every one
   * of them covers (its first to last day of data or declared period); null on any other day, so a sum
   * never mixes an account's real balance with another's balance projected outside its data.
   */
  combined: (number | null)[];
  /** Sum over accounts of the overdrawn part (minor, ≥ 0) per day, each account only within its own data; null where no account is observed. */
  overdrawn: (number | null)[];
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
  const sum: number[] = new Array<number>(days).fill(0);
  const covering: number[] = new Array<number>(days).fill(0);
  const overdrawn: (number | null)[] = new Array<number | null>(days).fill(null);
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
    const own = sources.filter((s) => accountKey(s) === k);
    const starts = [list[0]?.date ?? to, ...own.map((s) => s.periodStart).filter((d): d is string => !!d)].sort();
    const ends = [list[list.length - 1]?.date ?? from, ...own.map((s) => s.periodEnd).filter((d): d is string => !!d)].sort();
    const covFrom = Math.max(0, toDayNumber(starts[0] ?? from) - start);
    const covTo = Math.min(days - 1, toDayNumber(ends[ends.length - 1] ?? to) - start);
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
      if (d < covFrom || d > covTo) continue;
      sum[d] = (sum[d] ?? 0) + cur;
      covering[d] = (covering[d] ?? 0) + 1;
      overdrawn[d] = (overdrawn[d] ?? 0) + (cur < 0 ? -cur : 0);
    }
  }
  const combined = sum.map((v, d) => (known > 0 && covering[d] === known ? v : null));
  return { from, combined, overdrawn, knownAccounts: known };
}

export function dayIndex(series: DailyBalances, date: string): number {
  return toDayNumber(date) - toDayNumber(series.from);
}

export { addDays };
