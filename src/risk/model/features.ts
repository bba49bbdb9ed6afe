/**
 * Model features: bank-behaviour measures that travel between populations and eras because they are
 * relative (to income, to the requested instalment, to the days observed) rather than absolute euros.
 * Each has a definition a credit officer can read, the direction credit logic demands (points must not
 * fall as the value moves the better way) and the reason shown when it costs points. A value that cannot
 * be computed is null: it gets the missing bin and a DATA_MISSING_* reason, never an adverse fact.
 */
import type { ReportParams } from '../types.ts';
import type { CategoryRow, Coverage, Metrics, MonthlyRow } from '../metrics/index.ts';
import type { ReasonText } from '../scorecard/scorecard.types.ts';
import { REASON_CODE_TEXTS } from '../scorecard/index.ts';

export interface FeatureInput {
  metrics: Metrics;
  coverage: Coverage;
  categories: readonly CategoryRow[];
  params: ReportParams;
  /** Per-month rows (inflow, end balance); optional for callers that only have metrics. */
  monthly?: readonly MonthlyRow[];
}

export interface FeatureDef {
  id: string;
  definition: string;
  better: 'higher' | 'lower';
  /** Adverse reason (when the value costs points). */
  reason: ReasonText;
  /** What is missing when the value is null. */
  missing: ReasonText;
  compute(x: FeatureInput): number | null;
}

const r = (code: string, description: string, description_it: string, description_de: string): ReasonText => ({ code, description, description_it, description_de });
const known = (code: string): ReasonText => {
  const t = REASON_CODE_TEXTS[code];
  if (!t) throw new Error(`model features: unknown reason ${code}`);
  return t;
};

const NO_BALANCE = known('DATA_MISSING_BALANCE');
const NO_INCOME = known('DATA_MISSING_INCOME');
const NO_REQUEST = known('DATA_MISSING_REQUEST');
const NO_HISTORY = known('DATA_MISSING_HISTORY');

const income = (x: FeatureInput): number => x.metrics.income.monthly_average;
/** Average monthly money out (every debit) over the months the report covers. */
const averageOutflow = (x: FeatureInput): number => (x.monthly ?? []).reduce((a, m) => a + m.outflow, 0) / Math.max(1, x.coverage.months);
const instalment = (x: FeatureInput): number | null => x.metrics.affordability.instalment;
const countOf = (x: FeatureInput, category: string): number => x.categories.find((c) => c.category === category)?.count ?? 0;

export const FEATURES: readonly FeatureDef[] = [
  {
    id: 'min_balance_to_income',
    definition: 'lowest combined end-of-day balance over the window ÷ average monthly income',
    better: 'higher',
    reason: r('LOW_MINIMUM_BALANCE', 'Balance fell low relative to income', 'Saldo sceso a livelli bassi rispetto al reddito', 'Kontostand im Verhältnis zum Einkommen tief gesunken'),
    missing: NO_BALANCE,
    compute: (x) => (x.metrics.balances.minimum === null ? null : income(x) > 0 ? x.metrics.balances.minimum / income(x) : null),
  },
  {
    id: 'avg_balance_to_income',
    definition: 'average combined end-of-day balance ÷ average monthly income',
    better: 'higher',
    reason: known('LOW_BALANCE_BUFFER'),
    missing: NO_BALANCE,
    compute: (x) => (x.metrics.balances.average === null ? null : income(x) > 0 ? x.metrics.balances.average / income(x) : null),
  },
  {
    id: 'min_balance_to_instalment',
    definition: 'lowest combined end-of-day balance ÷ the requested loan’s monthly instalment',
    better: 'higher',
    reason: r('LOW_BALANCE_FOR_INSTALMENT', 'Lowest balance small relative to the requested instalment', 'Saldo minimo basso rispetto alla rata richiesta', 'Niedrigster Kontostand gering im Verhältnis zur gewünschten Rate'),
    missing: NO_REQUEST,
    compute: (x) => {
      const i = instalment(x);
      return x.metrics.balances.minimum === null || i === null || i <= 0 ? null : x.metrics.balances.minimum / i;
    },
  },
  {
    id: 'end_balance_to_instalment',
    definition: 'combined balance at the end of the window (the application) ÷ the requested loan’s monthly instalment',
    better: 'higher',
    reason: r('LOW_BALANCE_AT_APPLICATION', 'Low balance at application relative to the requested instalment', 'Saldo basso alla domanda rispetto alla rata richiesta', 'Niedriger Kontostand bei Antrag im Verhältnis zur gewünschten Rate'),
    missing: NO_REQUEST,
    compute: (x) => {
      const i = instalment(x);
      const end = x.monthly?.[x.monthly.length - 1]?.end_balance ?? null;
      return end === null || i === null || i <= 0 ? null : end / i;
    },
  },
  {
    id: 'instalment_to_inflow',
    definition: 'requested loan’s monthly instalment ÷ average monthly money received (all credits, own transfers excluded)',
    better: 'lower',
    reason: known('LOW_AFFORDABILITY'),
    missing: NO_REQUEST,
    compute: (x) => {
      const i = instalment(x);
      if (i === null || !x.monthly?.length) return null;
      const own = x.categories.find((c) => c.category === 'internal')?.total ?? 0;
      const inflow = (x.monthly.reduce((a, m) => a + m.inflow, 0) - own) / Math.max(1, x.coverage.months);
      return inflow > 0 ? i / inflow : 99;
    },
  },
  {
    id: 'months_below_instalment',
    definition: 'share of months whose end balance was below the requested loan’s monthly instalment',
    better: 'lower',
    reason: r('BALANCE_OFTEN_BELOW_INSTALMENT', 'Month-end balance often below the requested instalment', 'Saldo di fine mese spesso inferiore alla rata richiesta', 'Monatsendsaldo oft unter der gewünschten Rate'),
    missing: NO_REQUEST,
    compute: (x) => {
      const i = instalment(x);
      const ends = (x.monthly ?? []).map((m) => m.end_balance).filter((v): v is number => v !== null);
      return i === null || i <= 0 || ends.length === 0 ? null : ends.filter((v) => v < i).length / ends.length;
    },
  },
  {
    id: 'months_trough_below_two_instalments',
    definition: 'share of months whose lowest balance was below twice the requested loan’s monthly instalment (the instalment and a month’s reserve)',
    better: 'lower',
    reason: r('BALANCE_TROUGH_BELOW_INSTALMENT', 'Balance at its lowest each month often could not carry the requested instalment with a reserve', 'Il saldo minimo mensile spesso non copre la rata richiesta con una riserva', 'Tiefster Monatssaldo oft zu gering für die gewünschte Rate samt Reserve'),
    missing: NO_REQUEST,
    compute: (x) => {
      const i = instalment(x);
      const troughs = (x.monthly ?? []).map((m) => m.min_balance).filter((v): v is number => v !== null && v !== undefined);
      return i === null || i <= 0 || troughs.length === 0 ? null : troughs.filter((v) => v < 2 * i).length / troughs.length;
    },
  },
  {
    id: 'min_balance_6m_to_instalment',
    definition: 'lowest combined balance of the last six months of the window ÷ the requested loan’s monthly instalment',
    better: 'higher',
    reason: r('LOW_RECENT_BALANCE_FOR_INSTALMENT', 'Recent lowest balance small relative to the requested instalment', 'Saldo minimo recente basso rispetto alla rata richiesta', 'Niedrigster Kontostand der letzten Monate gering im Verhältnis zur gewünschten Rate'),
    missing: NO_REQUEST,
    compute: (x) => {
      const i = instalment(x);
      const troughs = (x.monthly ?? []).slice(-6).map((m) => m.min_balance).filter((v): v is number => v !== null && v !== undefined);
      return i === null || i <= 0 || troughs.length === 0 ? null : Math.min(...troughs) / i;
    },
  },
  {
    id: 'trough_median_to_instalment',
    definition: 'median over the months of the month’s lowest combined balance ÷ the requested loan’s monthly instalment (a typical month’s low point, in instalments)',
    better: 'higher',
    reason: r('LOW_MONTHLY_TROUGH_FOR_INSTALMENT', 'In a typical month the balance fell low relative to the requested instalment', 'In un mese tipico il saldo scende a livelli bassi rispetto alla rata richiesta', 'In einem typischen Monat sinkt der Kontostand tief im Verhältnis zur gewünschten Rate'),
    missing: NO_REQUEST,
    compute: (x) => {
      const i = instalment(x);
      const troughs = (x.monthly ?? []).map((m) => m.min_balance).filter((v): v is number => v !== null && v !== undefined).sort((a, b) => a - b);
      if (i === null || i <= 0 || troughs.length === 0) return null;
      const h = troughs.length >> 1;
      return (troughs.length % 2 ? (troughs[h] ?? 0) : ((troughs[h - 1] ?? 0) + (troughs[h] ?? 0)) / 2) / i;
    },
  },
  {
    id: 'avg_balance_to_instalment',
    definition: 'average combined end-of-day balance ÷ the requested loan’s monthly instalment',
    better: 'higher',
    reason: r('LOW_AVERAGE_BALANCE_FOR_INSTALMENT', 'Average balance small relative to the requested instalment', 'Saldo medio basso rispetto alla rata richiesta', 'Durchschnittlicher Kontostand gering im Verhältnis zur gewünschten Rate'),
    missing: NO_REQUEST,
    compute: (x) => {
      const i = instalment(x);
      return x.metrics.balances.average === null || i === null || i <= 0 ? null : x.metrics.balances.average / i;
    },
  },
  {
    id: 'balance_trend_to_instalment',
    definition: '(average month-end balance of the last three months − that of the first three) ÷ the requested loan’s monthly instalment; six months with balances needed',
    better: 'higher',
    reason: r('BALANCE_FALLING', 'Balance falling over the window relative to the requested instalment', 'Saldo in calo nel periodo rispetto alla rata richiesta', 'Kontostand im Zeitraum fallend im Verhältnis zur gewünschten Rate'),
    missing: NO_HISTORY,
    compute: (x) => {
      const i = instalment(x);
      const ends = (x.monthly ?? []).map((m) => m.end_balance).filter((v): v is number => v !== null);
      if (i === null || i <= 0 || ends.length < 6) return null;
      const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
      return (mean(ends.slice(-3)) - mean(ends.slice(0, 3))) / i;
    },
  },
  {
    id: 'outflow_to_inflow',
    definition: 'money out ÷ money in over the window (every movement): above 1 the account is being run down',
    better: 'lower',
    reason: r('SPENDING_ABOVE_INFLOW', 'More money went out than came in', 'Uscite superiori alle entrate', 'Mehr Ausgänge als Eingänge'),
    missing: NO_HISTORY,
    compute: (x) => {
      const inflow = (x.monthly ?? []).reduce((a, m) => a + m.inflow, 0);
      const outflow = (x.monthly ?? []).reduce((a, m) => a + m.outflow, 0);
      return inflow > 0 ? outflow / inflow : null;
    },
  },
  {
    id: 'buffer_months',
    definition: 'average combined end-of-day balance ÷ average monthly money out (every debit): how many months of the applicant’s own spending the balance would carry',
    better: 'higher',
    reason: r('LOW_BUFFER_AGAINST_SPENDING', 'Balance small against the applicant’s own monthly spending', 'Saldo basso rispetto alle uscite mensili del richiedente', 'Kontostand gering im Verhältnis zu den eigenen monatlichen Ausgaben'),
    missing: NO_BALANCE,
    compute: (x) => {
      const out = averageOutflow(x);
      return x.metrics.balances.average === null || out <= 0 ? null : x.metrics.balances.average / out;
    },
  },
  {
    id: 'trough_median_to_outflow',
    definition: 'median over the months of the month’s lowest combined balance ÷ average monthly money out (every debit): a typical month’s low point, in months of the applicant’s own spending',
    better: 'higher',
    reason: r('LOW_MONTHLY_TROUGH_AGAINST_SPENDING', 'In a typical month the balance fell low against the applicant’s own spending', 'In un mese tipico il saldo scende a livelli bassi rispetto alle uscite del richiedente', 'In einem typischen Monat sinkt der Kontostand tief im Verhältnis zu den eigenen Ausgaben'),
    missing: NO_BALANCE,
    compute: (x) => {
      const out = averageOutflow(x);
      const troughs = (x.monthly ?? []).map((m) => m.min_balance).filter((v): v is number => v !== null && v !== undefined).sort((a, b) => a - b);
      if (out <= 0 || troughs.length === 0) return null;
      const h = troughs.length >> 1;
      return (troughs.length % 2 ? (troughs[h] ?? 0) : ((troughs[h - 1] ?? 0) + (troughs[h] ?? 0)) / 2) / out;
    },
  },
  {
    id: 'free_income_to_instalment',
    definition: 'monthly income left after committed outgoings (housing, utilities, insurance, taxes, existing debt) ÷ the requested loan’s monthly instalment: how many times what is left covers the new instalment',
    better: 'higher',
    reason: known('LOW_AFFORDABILITY'),
    missing: NO_REQUEST,
    compute: (x) => {
      const i = instalment(x);
      return i === null || i <= 0 ? null : x.metrics.affordability.income_after_commitments_monthly / i;
    },
  },
  {
    id: 'regular_income_share',
    definition: 'regular monthly income (salary, pension, benefits, payers seen monthly) ÷ average monthly money received from others (own transfers excluded): how much of what comes in the applicant can count on',
    better: 'higher',
    reason: known('INCOME_IRREGULAR'),
    missing: NO_INCOME,
    compute: (x) => {
      if (!x.monthly?.length) return null;
      const own = x.categories.find((c) => c.category === 'internal')?.total ?? 0;
      const inflow = (x.monthly.reduce((a, m) => a + m.inflow, 0) - own) / Math.max(1, x.coverage.months);
      return inflow > 0 ? Math.min(1, x.metrics.income.regular_monthly_average / inflow) : null;
    },
  },
  {
    id: 'recent_months_below_zero',
    definition: 'share of the last three months whose lowest combined balance was below zero (below the declared overdraft limit, when one is declared)',
    better: 'lower',
    reason: known('FREQUENT_NEGATIVE_BALANCE'),
    missing: NO_BALANCE,
    compute: (x) => {
      const limit = x.params.overdraft_limit ?? 0;
      const troughs = (x.monthly ?? []).slice(-3).map((m) => m.min_balance).filter((v): v is number => v !== null && v !== undefined);
      return troughs.length === 0 ? null : troughs.filter((v) => v < -limit).length / troughs.length;
    },
  },
  {
    id: 'inflow_cv',
    definition: 'coefficient of variation of the money received from others per full month (own transfers and savings excluded)',
    better: 'lower',
    reason: r('INFLOW_IRREGULAR', 'Money received varies strongly from month to month', 'Entrate molto variabili da un mese all’altro', 'Geldeingänge schwanken stark von Monat zu Monat'),
    missing: NO_HISTORY,
    compute: (x) => x.metrics.income.received_cv ?? null,
  },
  {
    id: 'days_below_instalment_share',
    definition: 'share of observed days the combined balance was below the requested loan’s monthly instalment',
    better: 'lower',
    reason: r('BALANCE_OFTEN_BELOW_INSTALMENT', 'Balance often below the requested instalment', 'Saldo spesso inferiore alla rata richiesta', 'Kontostand oft unter der gewünschten Rate'),
    missing: NO_REQUEST,
    compute: (x) => {
      const d = x.metrics.balances.days_below_instalment;
      return d === null || d === undefined || x.metrics.balances.days_observed === 0 ? null : d / x.metrics.balances.days_observed;
    },
  },
  {
    id: 'balance_volatility_to_income',
    definition: 'standard deviation of the daily combined balance ÷ average monthly income',
    better: 'lower',
    reason: r('VOLATILE_BALANCE', 'Balance swings widely relative to income', 'Saldo molto variabile rispetto al reddito', 'Kontostand schwankt stark im Verhältnis zum Einkommen'),
    missing: NO_BALANCE,
    compute: (x) => x.metrics.balances.volatility_to_income ?? null,
  },
  {
    id: 'neg_days_share',
    // an arranged overdraft (a German Dispo, an Italian fido) used within its limit is not an unpaid
    // debt: with a declared limit only the days beyond it count (Berka's accounts had none)
    definition: 'days with a negative combined balance (below the declared overdraft limit, when one is declared) ÷ days observed',
    better: 'lower',
    reason: known('FREQUENT_NEGATIVE_BALANCE'),
    missing: NO_BALANCE,
    compute: (x) => {
      const b = x.metrics.balances;
      return b.days_observed > 0 ? (b.days_beyond_overdraft_limit ?? b.days_negative) / b.days_observed : null;
    },
  },
  {
    id: 'overdraft_interest_per_month',
    definition: 'overdraft or penalty interest charges per month covered',
    better: 'lower',
    reason: r('OVERDRAFT_INTEREST', 'Overdraft or penalty interest charged', 'Addebiti di interessi per scoperto o di mora', 'Überziehungs- oder Strafzinsen belastet'),
    missing: NO_HISTORY,
    compute: (x) => (x.coverage.months > 0 ? countOf(x, 'overdraft_interest') / Math.max(1, x.coverage.months) : null),
  },
  {
    id: 'returned_debits',
    definition: 'returned direct debits in the window',
    better: 'lower',
    reason: known('RETURNED_DEBITS'),
    missing: NO_HISTORY,
    compute: (x) => x.metrics.behaviour.returned_debits_count,
  },
  {
    id: 'instalment_to_income',
    definition: 'requested loan’s monthly instalment ÷ average monthly income',
    better: 'lower',
    reason: known('LOW_AFFORDABILITY'),
    missing: NO_REQUEST,
    compute: (x) => {
      const i = instalment(x);
      if (i === null) return null;
      return income(x) > 0 ? i / income(x) : 99;
    },
  },
  {
    id: 'debt_to_income',
    definition: 'existing monthly debt service (loans, mortgage, credit card) ÷ average monthly income',
    better: 'lower',
    reason: known('HIGH_DEBT_SERVICE'),
    missing: NO_INCOME,
    compute: (x) => (income(x) > 0 ? x.metrics.debt_service.dti : null),
  },
  {
    id: 'disposable_ratio',
    definition: '(income − expenses) ÷ income, monthly averages',
    better: 'higher',
    reason: known('LOW_DISPOSABLE_INCOME'),
    missing: NO_INCOME,
    compute: (x) => (income(x) > 0 ? x.metrics.disposable_income.monthly / income(x) : null),
  },
  {
    id: 'cash_share',
    definition: 'cash withdrawals ÷ all money out',
    better: 'lower',
    reason: known('HIGH_CASH_USE'),
    missing: NO_HISTORY,
    compute: (x) => x.metrics.behaviour.cash_withdrawal_share,
  },
  {
    id: 'income_cv',
    definition: 'coefficient of variation of monthly income over full months',
    better: 'lower',
    reason: known('INCOME_IRREGULAR'),
    missing: NO_HISTORY,
    compute: (x) => (x.coverage.full_months >= 2 ? x.metrics.income.stability_cv : null),
  },
  {
    id: 'salary_detected',
    definition: '1 when a regular salary or pension is seen in at least two months, else 0',
    better: 'higher',
    reason: known('NO_REGULAR_SALARY'),
    missing: NO_HISTORY,
    compute: (x) => (x.metrics.income.salary_detected ? 1 : 0),
  },
  {
    id: 'gambling_share',
    definition: 'gambling spend ÷ income',
    better: 'lower',
    reason: known('GAMBLING'),
    missing: NO_INCOME,
    compute: (x) => x.metrics.behaviour.gambling_total / Math.max(x.metrics.income.total, 1),
  },
  {
    id: 'history_months',
    definition: 'months of transaction history in the window',
    better: 'higher',
    reason: r('SHORT_HISTORY', 'Short account history', 'Storico del conto breve', 'Kurze Kontohistorie'),
    missing: NO_HISTORY,
    compute: (x) => x.coverage.months,
  },
];

/**
 * The features `docrisk model fit` uses when none are named, and the default retail model's: one
 * measure per credit question, each relative (so it travels between countries and eras) —
 * can the balance carry the new instalment (monthly troughs against two instalments; the lowest
 * balance of the last six months against one), is the account overdrawn (days below zero; overdraft
 * or penalty interest), is money received regular (month-to-month variation), and how heavy is the
 * instalment against what comes in. Fitting on every feature cross-validates lower on the Berka split
 * (docs/risk-model.md): with 46 bads, the redundant ratios add noise.
 */
export const DEFAULT_FEATURE_IDS: readonly string[] = [
  'months_trough_below_two_instalments',
  'min_balance_6m_to_instalment',
  'neg_days_share',
  'overdraft_interest_per_month',
  'inflow_cv',
  'instalment_to_inflow',
];

export const FEATURE_BY_ID: ReadonlyMap<string, FeatureDef> = new Map(FEATURES.map((f) => [f.id, f]));

/**
 * The reason to give for a feature that came out null. A feature of the balance against the requested
 * instalment is missing for want of the request only when none was made: with a loan requested and no
 * balance observed, the balance is what is missing (the report said "no loan amount requested" to a
 * lender who had given one).
 */
export function missingReasonOf(def: FeatureDef, x: FeatureInput): ReasonText {
  if (def.missing !== NO_REQUEST) return def.missing;
  const i = instalment(x);
  if (i === null || i <= 0) return NO_REQUEST;
  return x.metrics.balances.minimum === null ? NO_BALANCE : (x.monthly?.length ?? 0) === 0 ? NO_HISTORY : NO_REQUEST;
}

export function computeModelFeatures(x: FeatureInput): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const f of FEATURES) {
    const v = f.compute(x);
    out[f.id] = v === null || !Number.isFinite(v) ? null : v;
  }
  return out;
}
