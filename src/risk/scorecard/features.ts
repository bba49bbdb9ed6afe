import type { Coverage, Metrics } from '../metrics/index.ts';
import type { Features } from './scorecard.types.ts';

/**
 * Scorecard features from metrics. Ratios use the monthly average income
 * (revenue for commercial); a feature that cannot be computed is null and falls
 * in the characteristic's missing bin.
 */
export function extractFeatures(m: Metrics, coverage: Coverage): Features {
  const inc = m.income.monthly_average;
  const days = m.balances.days_observed;
  const aff = m.affordability;
  let itd: number | null = null;
  if (aff.instalment !== null) itd = aff.instalment_to_disposable ?? 99; // requested, but nothing disposable
  return {
    income_monthly: inc,
    income_cv: coverage.full_months >= 2 ? m.income.stability_cv : null,
    salary_detected: m.income.salary_detected ? 1 : 0,
    dti: inc > 0 ? m.debt_service.dti : null,
    disposable_ratio: inc > 0 ? m.disposable_income.monthly / inc : null,
    neg_days_share: days > 0 ? m.balances.days_negative / days : null,
    avg_balance_months: m.balances.average !== null && inc > 0 ? m.balances.average / inc : null,
    gambling_share: m.behaviour.gambling_total / Math.max(m.income.total, 1),
    returned_debits: m.behaviour.returned_debits_count,
    cash_share: m.behaviour.cash_withdrawal_share,
    instalment_to_disposable: itd,
    revenue_monthly: m.commercial?.revenue_monthly_average ?? inc,
    revenue_trend: m.commercial ? m.commercial.revenue_trend_relative : null,
    top1_share: m.commercial ? m.commercial.top1_customer_share : null,
  };
}
