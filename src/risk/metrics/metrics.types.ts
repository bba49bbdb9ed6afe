import type { Gap } from '../validation/index.ts';

/** All amounts are decimals in the account currency, rounded to 2 places; ratios to 4. */
export interface MonthlyRow {
  month: string;
  inflow: number;
  outflow: number;
  net: number;
  income: number;
  expenses: number;
  end_balance: number | null;
  /** Lowest combined end-of-day balance of the month (days every account covers); null when none is known. */
  min_balance: number | null;
  /** True when data covers the whole month. */
  full: boolean;
}

export interface CategoryRow {
  category: string;
  group: 'income' | 'expenses' | 'transfers';
  total: number;
  count: number;
  /** Share of the group's total. */
  share: number;
}

export interface Coverage {
  first_date: string | null;
  last_date: string | null;
  days: number;
  months: number;
  full_months: number;
  transaction_count: number;
  accounts: number;
  sources: number;
  duplicates_removed: number;
  gaps: Gap[];
  /** The observation window: the 12 months ending on the latest transaction on or before the report date. */
  window?: { from: string; to: string };
  /** Per input: what it contributed and what fell outside the window (an input with nothing inside is not used). */
  inputs?: InputCoverage[];
}

export interface InputCoverage {
  id: string;
  type: string;
  iban: string | null;
  period_from: string | null;
  period_to: string | null;
  transactions: number;
  used_transactions: number;
  outside_window: number;
  used: boolean;
  excluded_reason: 'before_window' | 'after_window' | 'after_report_date' | 'no_transactions' | null;
}

export interface Metrics {
  currency: string;
  income: {
    total: number;
    monthly_average: number;
    monthly_median: number;
    stability_cv: number | null;
    /**
     * Coefficient of variation of the money received from others per full month (every credit but own
     * transfers and savings coming back); null under three full months or when nothing was received.
     */
    received_cv: number | null;
    salary_detected: boolean;
    salary_amount: number | null;
    /**
     * Regular income per month covered: salary, pension, benefits and credits from a payer seen monthly
     * (three times or more); one-off transfers, cash paid in, interest and refunds left out.
     */
    regular_monthly_average: number;
    by_category: Record<string, number>;
  };
  expenses: { total: number; monthly_average: number; by_category: Record<string, number> };
  /** Combined end-of-day balance over the days every account covers (see balances.ts). */
  balances: {
    average: number | null;
    minimum: number | null;
    days_negative: number;
    /** Days the combined balance was below minus the declared overdraft limit (= days_negative when none is declared). */
    days_beyond_overdraft_limit: number;
    days_observed: number;
    /** Days the combined balance was below the requested loan's monthly instalment (null when none was requested). */
    days_below_instalment?: number | null;
    /** Standard deviation of the daily combined balance ÷ average monthly income. */
    volatility_to_income?: number | null;
  };
  overdraft: { limit: number | null; max_used: number; max_use_ratio: number | null; days_in_overdraft: number; interest_paid: number };
  debt_service: { monthly: number; dti: number | null };
  disposable_income: { monthly: number };
  affordability: {
    requested_loan_amount: number | null;
    loan_period: number | null;
    annual_rate: number;
    instalment: number | null;
    instalment_to_disposable: number | null;
    /** Income minus committed outgoings (housing, utilities, telecom, insurance, taxes, existing debt), monthly. */
    income_after_commitments_monthly: number;
    instalment_to_income_after_commitments: number | null;
    /** The requested instalment is at most maxInstalmentToFreeIncome of the income left after commitments. */
    affordable: boolean | null;
  };
  behaviour: {
    gambling_total: number;
    gambling_share_of_income: number | null;
    gambling_share_of_outflow: number;
    returned_debits_count: number;
    cash_withdrawal_share: number;
    fees_total: number;
  };
  commercial: {
    revenue_total: number;
    revenue_monthly_average: number;
    revenue_trend_slope: number;
    revenue_trend_relative: number | null;
    top1_customer_share: number | null;
    top3_customer_share: number | null;
    customers: number;
    tax_outflows: number;
    payroll_outflows: number;
    /** Monthly outflows that run the business: expenses and transfers out, not debt service, own transfers or savings. */
    operating_costs_monthly: number;
    /**
     * Monthly money from named private persons that neither invoice wording nor a monthly rhythm marks as a
     * customer's payment: left out of revenue and net income.
     */
    private_receipts_monthly: number;
    /** Revenue minus operating costs, monthly: what can service a loan. */
    net_income_monthly: number;
  } | null;
}
