import type { LabelledTransaction, Market, RiskTransaction } from '../types.ts';
import { normaliseName } from '../names.ts';
import { categoriseWithCounterparty } from './categorise.ts';
import { detectStreams } from './streams.ts';
import { RULES_VERSION } from './rules.data.ts';
import { TAXONOMY } from './taxonomy.data.ts';

export { categoriseOne } from './categorise.ts';
export { detectStreams } from './streams.ts';
export { normaliseCounterparty, fold } from './normalise.ts';
export { TAXONOMY, ALL_CATEGORIES, groupOf } from './taxonomy.data.ts';
export { RULES_VERSION } from './rules.data.ts';

export const CATEGORISER_VERSION = `${TAXONOMY.version}+${RULES_VERSION}`;

export interface CategoriseTransactionsOptions {
  /** Account holder name(s): transfers to or from them are internal. */
  holderNames?: readonly (string | null | undefined)[];
  /** Re-label large monthly credits without a better label as salary (default true; off for commercial). */
  salaryByRecurrence?: boolean;
}

/** Monthly credit at or above this (minor units) that recurs is taken as salary when nothing else explains it. */
const SALARY_MIN_MINOR = 60_000;
const SALARY_RELABEL_FROM = new Set(['other_income', 'other_transfer']);

/**
 * Categorise a batch of transactions (order preserved). Beyond per-line rules,
 * a batch lets recurrence speak: a monthly credit of a similar amount from the
 * same payer, at least three times, is salary when no line already is.
 */
export function categoriseTransactions(
  txns: readonly RiskTransaction[],
  market: Market,
  options: CategoriseTransactionsOptions = {},
): LabelledTransaction[] {
  const holderKeys = (options.holderNames ?? []).map((h) => normaliseName(h).toUpperCase()).filter((h) => h.length > 0);
  const out: LabelledTransaction[] = txns.map((t) => ({ ...t, ...categoriseWithCounterparty(t, market, holderKeys) }));
  if (options.salaryByRecurrence === false) return out;
  if (out.some((t) => t.amountMinor > 0 && (t.category === 'salary' || t.category === 'pension'))) return out;
  const candidates = out.filter((t) => t.amountMinor >= SALARY_MIN_MINOR && SALARY_RELABEL_FROM.has(t.category));
  for (const s of detectStreams(candidates)) {
    if (s.stream.cadence !== 'monthly') continue;
    for (const m of s.members) {
      m.category = 'salary';
      m.group = 'income';
      m.rule_id = 'recurrence.salary';
    }
  }
  return out;
}
