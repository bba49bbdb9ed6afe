import type { Flag } from './types.ts';
import type { Coverage, Metrics } from './metrics/index.ts';

/** Flag thresholds, versioned data. */
export const FLAG_RULES = {
  version: 'flags-2026.11.1',
  gamblingShareOfIncome: 0.02,
  gamblingTransactions: 5,
  returnedDebits: 1,
  negativeDaysShare: 0.1,
  overdraftUseRatio: 0.9,
  incomeCv: 0.35,
  minMonths: 3,
} as const;

export interface Flags {
  gambling: Flag;
  returned_debits: Flag;
  overdraft_use: Flag;
  income_irregularity: Flag;
  data_gaps: Flag;
}

const pct = (x: number | null): string => (x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`);

export function computeFlags(m: Metrics, c: Coverage, gamblingCount: number): Flags {
  const b = m.behaviour;
  const share = b.gambling_share_of_income;
  const negShare = m.balances.days_observed > 0 ? m.balances.days_negative / m.balances.days_observed : 0;
  const cv = m.income.stability_cv;
  return {
    gambling: {
      flagged: b.gambling_total > 0 && ((share ?? 1) >= FLAG_RULES.gamblingShareOfIncome || gamblingCount >= FLAG_RULES.gamblingTransactions),
      detail: `${gamblingCount} gambling transactions, ${b.gambling_total.toFixed(2)} ${m.currency} (${pct(share)} of income)`,
    },
    returned_debits: {
      flagged: b.returned_debits_count >= FLAG_RULES.returnedDebits,
      detail: `${b.returned_debits_count} returned direct debits`,
    },
    overdraft_use: {
      flagged: negShare >= FLAG_RULES.negativeDaysShare || (m.overdraft.max_use_ratio ?? 0) >= FLAG_RULES.overdraftUseRatio,
      detail: (m.balances.days_observed === 0 ? 'no account balance observed' : `${m.balances.days_negative} of ${m.balances.days_observed} days negative`) +
        `; max overdrawn ${m.overdraft.max_used.toFixed(2)} ${m.currency}` +
        (m.overdraft.max_use_ratio === null ? '' : ` (${pct(m.overdraft.max_use_ratio)} of limit)`),
    },
    income_irregularity: {
      flagged: m.income.total <= 0 || (cv !== null && cv > FLAG_RULES.incomeCv),
      detail: m.income.total <= 0 ? 'no income detected' : `monthly income coefficient of variation ${cv === null ? 'n/a' : cv.toFixed(2)}`,
    },
    data_gaps: {
      flagged: c.gaps.length > 0 || c.months < FLAG_RULES.minMonths,
      detail: `${c.gaps.length} gaps; ${c.months} months covered (${c.first_date ?? '-'} to ${c.last_date ?? '-'})`,
    },
  };
}
