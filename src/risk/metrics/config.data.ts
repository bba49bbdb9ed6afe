/**
 * Metric settings, versioned data. Annual rates are the reference nominal rates
 * used to turn a requested amount and period into a monthly instalment for the
 * affordability check (an assumption of the engine, not an offer).
 */
export const METRICS_CONFIG = {
  version: 'metrics-2026.11.4',
  annualRate: { it: 0.08, de: 0.07 } as const,
  /** Above this share of the income left after committed outgoings the requested instalment is not affordable. */
  maxInstalmentToFreeIncome: 0.4,
  /** Outgoings a household cannot cut to pay a new instalment. */
  committedCategories: ['rent', 'mortgage', 'utilities', 'telecom', 'insurance', 'taxes', 'loan_installment', 'credit_card', 'education', 'payroll'] as readonly string[],
  /** Categories whose outflows are existing debt service. */
  debtCategories: ['loan_installment', 'mortgage', 'credit_card'] as readonly string[],
  /** Income categories counted as income (refunds are not income). */
  incomeCategories: ['salary', 'pension', 'benefits', 'business_revenue', 'cash_deposit', 'other_income'] as readonly string[],
  /** Gap without transactions (days) reported as a data gap inside covered data. */
  transactionGapDays: 31,
  /** A month counts as full when data reaches within this many days of both its ends. */
  fullMonthSlackDays: 3,
} as const;
