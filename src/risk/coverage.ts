import type { RiskSource } from './types.ts';
import type { InputCoverage } from './metrics/index.ts';
import { addDays, lastDayOfMonth } from './dates.ts';

/** Observation window: the 12 calendar months ending on the latest transaction not after the report date. */
export const WINDOW_MONTHS = 12;

/**
 * First day of the window ending on `latest`: the day after the same date WINDOW_MONTHS months earlier
 * (clamped to that month's end). A 12-month statement from 1 February to 31 January keeps its first day
 * in a leap year too: a fixed 365 days dropped it, and with it a pension paid on the 1st.
 */
export function windowStart(latest: string): string {
  let y = Number(latest.slice(0, 4));
  let m = Number(latest.slice(5, 7)) - WINDOW_MONTHS;
  while (m < 1) {
    m += 12;
    y--;
  }
  const ym = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
  const last = lastDayOfMonth(ym);
  const day = `${ym}-${latest.slice(8, 10)}`;
  return addDays(day > last ? last : day, 1);
}

export function reportWindow(sources: readonly RiskSource[], asOf: string): { from: string; to: string } | null {
  let latest: string | null = null;
  for (const s of sources) for (const t of s.transactions) if (t.date <= asOf && (latest === null || t.date > latest)) latest = t.date;
  return latest === null ? null : { from: windowStart(latest), to: latest };
}

/**
 * What each input contributed: its transactions inside the window, and those left out with why
 * (before the 12-month window, or dated after the report date). An input with none inside is excluded.
 */
export function inputCoverage(sources: readonly RiskSource[], from: string, to: string, asOf: string): InputCoverage[] {
  return sources.map((s) => {
    const before = s.transactions.filter((t) => t.date < from).length;
    const after = s.transactions.filter((t) => t.date > to).length;
    const used = s.transactions.length - before - after;
    const reasons: InputCoverage['excluded_reason'][] = [];
    if (before > 0) reasons.push('before_window');
    if (after > 0) reasons.push(s.transactions.some((t) => t.date > asOf) ? 'after_report_date' : 'after_window');
    const dates = s.transactions.map((t) => t.date).sort();
    return {
      id: s.id,
      type: s.type,
      iban: s.iban,
      period_from: s.periodStart ?? dates[0] ?? null,
      period_to: s.periodEnd ?? dates[dates.length - 1] ?? null,
      transactions: s.transactions.length,
      used_transactions: used,
      outside_window: before + after,
      used: used > 0,
      excluded_reason: used > 0 ? null : s.transactions.length === 0 ? 'no_transactions' : (reasons[0] ?? 'before_window'),
    };
  });
}

