import type { RiskSource } from './types.ts';
import type { InputCoverage } from './metrics/index.ts';
import { addDays } from './dates.ts';

/** Observation window: the 365 days ending on the latest transaction not after the report date. */
export const WINDOW_DAYS = 365;

export function reportWindow(sources: readonly RiskSource[], asOf: string): { from: string; to: string } | null {
  let latest: string | null = null;
  for (const s of sources) for (const t of s.transactions) if (t.date <= asOf && (latest === null || t.date > latest)) latest = t.date;
  return latest === null ? null : { from: addDays(latest, -WINDOW_DAYS + 1), to: latest };
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

