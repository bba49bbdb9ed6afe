import type { RiskSource } from '../types.ts';
import { daysBetween } from '../dates.ts';
import { accountKey } from './dedupe.ts';

export interface Gap {
  iban: string;
  from: string;
  to: string;
  days: number;
}

export interface ContinuityOptions {
  /** A gap between the periods of two statements longer than this is reported (default 7 days). */
  statementGapDays?: number;
  /** A stretch without any transaction inside covered data longer than this is reported (default 31 days). */
  transactionGapDays?: number;
}

function sourcePeriod(s: RiskSource): [string, string] | null {
  const dates = s.transactions.map((t) => t.date).sort();
  const from = s.periodStart ?? dates[0];
  const to = s.periodEnd ?? dates[dates.length - 1];
  return from && to ? [from, to] : null;
}

/**
 * Continuity per account: gaps between the periods of consecutive sources
 * (overlaps are fine: they are de-duplicated), and long silent stretches
 * between consecutive transactions. `from`/`to` are the last covered date
 * before and the first covered date after the gap; `days` is their distance.
 */
export function continuityGaps(sources: readonly RiskSource[], opts: ContinuityOptions = {}): Gap[] {
  const stmtGap = opts.statementGapDays ?? 7;
  const txGap = opts.transactionGapDays ?? 31;
  const byAccount = new Map<string, RiskSource[]>();
  for (const s of sources) {
    const k = accountKey(s);
    byAccount.set(k, [...(byAccount.get(k) ?? []), s]);
  }
  const gaps: Gap[] = [];
  for (const k of [...byAccount.keys()].sort()) {
    const list = byAccount.get(k) ?? [];
    const label = list[0]?.iban ?? k;
    const periods = list.map(sourcePeriod).filter((p): p is [string, string] => p !== null).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    let end: string | null = null;
    const found: Gap[] = [];
    for (const [from, to] of periods) {
      if (end !== null && daysBetween(end, from) > stmtGap) found.push({ iban: label, from: end, to: from, days: daysBetween(end, from) });
      if (end === null || to > end) end = to;
    }
    const dates = [...new Set(list.flatMap((s) => s.transactions.map((t) => t.date)))].sort();
    for (let i = 1; i < dates.length; i++) {
      const a = dates[i - 1];
      const b = dates[i];
      if (!a || !b) continue;
      const d = daysBetween(a, b);
      if (d > txGap && !found.some((g) => g.from <= a && g.to >= b)) found.push({ iban: label, from: a, to: b, days: d });
    }
    found.sort((x, y) => (x.from < y.from ? -1 : x.from > y.from ? 1 : 0));
    gaps.push(...found);
  }
  return gaps;
}
