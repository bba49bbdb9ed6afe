import type { CategorisedTransaction, RecurringStream, ReportParams, RiskSource } from '../types.ts';
import type { Gap } from '../validation/index.ts';
import { lastDayOfMonth, monthOf, monthsBetween, toDayNumber } from '../dates.ts';
import { dailyBalances, dayIndex } from './balances.ts';
import { METRICS_CONFIG } from './config.data.ts';
import { annuity, cv, mean, median, money, ratio, round, slope } from './math.ts';
import type { CategoryRow, Coverage, Metrics, MonthlyRow } from './metrics.types.ts';
import { ALL_CATEGORIES, groupOf } from '../categorise/index.ts';
import { payerKind } from '../categorise/payer.ts';

export type { Metrics, MonthlyRow, CategoryRow, Coverage, InputCoverage } from './metrics.types.ts';
export { METRICS_CONFIG } from './config.data.ts';

export interface MetricsInput {
  txns: readonly CategorisedTransaction[];
  sources: readonly RiskSource[];
  params: ReportParams;
  streams: readonly RecurringStream[];
  gaps: readonly Gap[];
  duplicatesRemoved: number;
}

export interface MetricsOutput {
  metrics: Metrics;
  monthly: MonthlyRow[];
  categories: CategoryRow[];
  coverage: Coverage;
}

const CADENCE_PER_MONTH = { weekly: 52 / 12, biweekly: 26 / 12, monthly: 1, quarterly: 1 / 3 } as const;
const isIncome = (t: CategorisedTransaction): boolean => t.amountMinor > 0 && METRICS_CONFIG.incomeCategories.includes(t.category);
/** Credits that are not money from others: own transfers and savings coming back. */
const OWN_MONEY = ['internal', 'savings'];
const REGULAR_INCOME = ['salary', 'pension', 'benefits'];
const isRegularIncome = (t: CategorisedTransaction): boolean => REGULAR_INCOME.includes(t.category) || t.rule_trace.includes('recurrence.regular_payer');
const isExpense = (t: CategorisedTransaction): boolean => t.group === 'expenses' && t.amountMinor < 0;
const sumMinor = (ts: readonly CategorisedTransaction[]): number => ts.reduce((a, t) => a + t.amountMinor, 0);
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Metrics over the observation window: the de-duplicated union of all sources (txns sorted by date). */
export function computeMetrics(input: MetricsInput): MetricsOutput {
  const { txns, params } = input;
  const dates = txns.map((t) => t.date).sort(cmp);
  const first = dates[0] ?? null;
  const last = dates[dates.length - 1] ?? null;
  const days = first && last ? toDayNumber(last) - toDayNumber(first) + 1 : 0;
  const months = days / 30.4375;
  const perMonth = Math.max(1, months);
  const slack = METRICS_CONFIG.fullMonthSlackDays;
  const monthKeys = first && last ? monthsBetween(first, last) : [];
  const isFull = (m: string): boolean =>
    first !== null && last !== null && toDayNumber(first) <= toDayNumber(`${m}-01`) + slack && toDayNumber(last) >= toDayNumber(lastDayOfMonth(m)) - slack;

  const series = first && last ? dailyBalances(txns, input.sources, first, last) : null;
  const byMonth = new Map<string, CategorisedTransaction[]>(monthKeys.map((m) => [m, []]));
  for (const t of txns) byMonth.get(monthOf(t.date))?.push(t);
  const monthly: MonthlyRow[] = monthKeys.map((m) => {
    const ts = byMonth.get(m) ?? [];
    const inflow = ts.filter((t) => t.amountMinor > 0).reduce((a, t) => a + t.amountMinor, 0);
    const outflow = -ts.filter((t) => t.amountMinor < 0).reduce((a, t) => a + t.amountMinor, 0);
    let endBal: number | null = null;
    let minBal: number | null = null;
    if (series && last && first) {
      const end = lastDayOfMonth(m) < last ? lastDayOfMonth(m) : last;
      const v = series.combined[dayIndex(series, end)];
      endBal = v === undefined || v === null ? null : money(v);
      const start = `${m}-01` > first ? `${m}-01` : first;
      let lo = Infinity;
      for (let d = dayIndex(series, start); d <= dayIndex(series, end); d++) {
        const b = series.combined[d];
        if (b !== undefined && b !== null && b < lo) lo = b;
      }
      minBal = lo === Infinity ? null : money(lo);
    }
    return {
      month: m,
      inflow: money(inflow),
      outflow: money(outflow),
      net: money(inflow - outflow),
      income: money(sumMinor(ts.filter(isIncome))),
      expenses: money(-sumMinor(ts.filter(isExpense))),
      end_balance: endBal,
      min_balance: minBal,
      full: isFull(m),
    };
  });

  // categories
  const catTotals = new Map<string, { total: number; count: number }>();
  for (const t of txns) {
    const c = catTotals.get(t.category) ?? { total: 0, count: 0 };
    c.total += Math.abs(t.amountMinor);
    c.count++;
    catTotals.set(t.category, c);
  }
  const groupTotals = { income: 0, expenses: 0, transfers: 0 };
  for (const [cat, v] of catTotals) {
    const g = groupOf(cat);
    if (g) groupTotals[g] += v.total;
  }
  const categories: CategoryRow[] = ALL_CATEGORIES.filter((c) => catTotals.has(c)).map((c) => {
    const v = catTotals.get(c) ?? { total: 0, count: 0 };
    const group = groupOf(c) ?? 'expenses';
    return { category: c, group, total: money(v.total), count: v.count, share: ratio(groupTotals[group] ? v.total / groupTotals[group] : 0) };
  });

  // income
  const incomeTx = txns.filter(isIncome);
  const incomeTotal = sumMinor(incomeTx);
  const fullMonthly = monthly.filter((r) => r.full);
  const incomeSeries = (fullMonthly.length ? fullMonthly : monthly).map((r) => r.income);
  const salaryTx = incomeTx.filter((t) => t.category === 'salary' || t.category === 'pension');
  const salaryByMonth = new Map<string, number>();
  for (const t of salaryTx) salaryByMonth.set(monthOf(t.date), (salaryByMonth.get(monthOf(t.date)) ?? 0) + t.amountMinor);
  const incomeByCat: Record<string, number> = {};
  for (const c of METRICS_CONFIG.incomeCategories) {
    const v = sumMinor(incomeTx.filter((t) => t.category === c));
    if (v) incomeByCat[c] = money(v);
  }
  const expenseTx = txns.filter(isExpense);
  const expenseTotal = -sumMinor(expenseTx);
  const expenseByCat: Record<string, number> = {};
  for (const r of categories) if (r.group === 'expenses') expenseByCat[r.category] = money(-sumMinor(expenseTx.filter((t) => t.category === r.category)));

  // balances and overdraft
  // one basis for minimum, average and days below zero: the combined balance on days every account covers
  const known = series ? series.combined.filter((v): v is number => v !== null) : [];
  const daysNegative = known.filter((v) => v < 0).length;
  const overdrawnDays = series ? series.overdrawn.filter((v): v is number => v !== null) : [];
  const daysInOverdraft = overdrawnDays.filter((v) => v > 0).length;
  const maxUsed = Math.max(0, ...overdrawnDays);
  const limit = params.overdraft_limit ?? null;
  const limitMinor = limit !== null ? Math.round(limit * 100) : null;

  // debt service: recurring debt streams at their monthly equivalent, plus one-off debt payments spread over the window
  const debtStreams = input.streams.filter((s) => s.direction === 'out' && METRICS_CONFIG.debtCategories.includes(s.category));
  const streamDebt = debtStreams.reduce((a, s) => a + s.typical_amount * 100 * CADENCE_PER_MONTH[s.cadence], 0);
  const inStream = new Set(debtStreams.map((s) => `${s.counterparty_key}|${s.category}`));
  const looseDebt = -sumMinor(txns.filter((t) => t.amountMinor < 0 && METRICS_CONFIG.debtCategories.includes(t.category) && !inStream.has(`${t.counterparty_normalised}|${t.category}`)));
  const debtMonthly = streamDebt + looseDebt / perMonth;
  const incomeMonthly = incomeTotal / perMonth;
  const disposable = (incomeTotal - expenseTotal) / perMonth;

  // affordability
  const rate = METRICS_CONFIG.annualRate[params.data_market];
  const p = params.requested_loan_amount ?? null;
  const n = params.loan_period ?? null;
  const instalment = p !== null && n !== null && p > 0 && n > 0 ? annuity(p, rate, n) : null;
  const itd = instalment !== null && disposable > 0 ? instalment / (disposable / 100) : null;
  // affordability is judged on income left after committed outgoings (housing, utilities, insurance,
  // taxes, existing debt): everyday spending (groceries, cash, shopping) adjusts to a new instalment,
  // and judging on what is left after all of it declares most households unable to afford anything
  const committed = -sumMinor(txns.filter((t) => t.amountMinor < 0 && METRICS_CONFIG.committedCategories.includes(t.category)));
  const free = (incomeTotal - committed) / perMonth;
  const itf = instalment !== null && free > 0 ? instalment / (free / 100) : null;

  const outflowTotal = -sumMinor(txns.filter((t) => t.amountMinor < 0));
  const gambling = -sumMinor(txns.filter((t) => t.category === 'gambling' && t.amountMinor < 0));
  const cash = -sumMinor(txns.filter((t) => t.category === 'cash_withdrawal' && t.amountMinor < 0));

  const metrics: Metrics = {
    currency: input.sources[0]?.currency ?? 'EUR',
    income: {
      total: money(incomeTotal),
      monthly_average: money(incomeMonthly),
      monthly_median: money(median(incomeSeries) * 100),
      stability_cv: stabilityCv(incomeSeries),
      received_cv: receivedCv(txns, fullMonthly.map((r) => r.month)),
      salary_detected: salaryByMonth.size >= 2,
      salary_amount: salaryByMonth.size >= 2 ? money(median([...salaryByMonth.values()])) : null,
      regular_monthly_average: money(sumMinor(incomeTx.filter(isRegularIncome)) / perMonth),
      by_category: incomeByCat,
    },
    expenses: { total: money(expenseTotal), monthly_average: money(expenseTotal / perMonth), by_category: expenseByCat },
    balances: {
      average: known.length ? money(mean(known)) : null,
      minimum: known.length ? money(Math.min(...known)) : null,
      days_negative: daysNegative,
      days_beyond_overdraft_limit: limitMinor !== null && limitMinor > 0 ? known.filter((v) => v < -limitMinor).length : daysNegative,
      days_observed: known.length,
      days_below_instalment: instalment === null ? null : known.filter((v) => v < instalment * 100).length,
      volatility_to_income: known.length > 1 && incomeMonthly > 0 ? ratio(stdev(known) / incomeMonthly) : null,
    },
    overdraft: {
      limit,
      max_used: money(maxUsed),
      max_use_ratio: limitMinor && limitMinor > 0 ? ratio(maxUsed / limitMinor) : null,
      days_in_overdraft: daysInOverdraft,
      interest_paid: money(-sumMinor(txns.filter((t) => t.category === 'overdraft_interest'))),
    },
    debt_service: { monthly: money(debtMonthly), dti: incomeMonthly > 0 ? ratio(debtMonthly / incomeMonthly) : null },
    disposable_income: { monthly: money(disposable) },
    affordability: {
      requested_loan_amount: p,
      loan_period: n,
      annual_rate: rate,
      instalment: instalment === null ? null : round(instalment, 2),
      instalment_to_disposable: itd === null ? null : ratio(itd),
      income_after_commitments_monthly: money(free),
      instalment_to_income_after_commitments: itf === null ? null : ratio(itf),
      affordable: instalment === null ? null : itf !== null && itf <= METRICS_CONFIG.maxInstalmentToFreeIncome,
    },
    behaviour: {
      gambling_total: money(gambling),
      gambling_share_of_income: incomeTotal > 0 ? ratio(gambling / incomeTotal) : null,
      gambling_share_of_outflow: outflowTotal > 0 ? ratio(gambling / outflowTotal) : 0,
      returned_debits_count: txns.filter((t) => t.category === 'returned_debit').length,
      cash_withdrawal_share: outflowTotal > 0 ? ratio(cash / outflowTotal) : 0,
      fees_total: money(-sumMinor(txns.filter((t) => t.category === 'fees'))),
    },
    commercial: params.data_source === 'commercial' ? commercialMetrics(txns, fullMonthly.length ? fullMonthly : monthly, perMonth) : null,
  };
  const coverage: Coverage = {
    first_date: first,
    last_date: last,
    days,
    months: round(months, 1),
    full_months: fullMonthly.length,
    transaction_count: txns.length,
    accounts: new Set(txns.map((t) => t.iban ?? `source:${t.source_id}`)).size,
    sources: input.sources.length,
    duplicates_removed: input.duplicatesRemoved,
    gaps: [...input.gaps],
  };
  return { metrics, monthly, categories, coverage };
}

function receivedCv(txns: readonly CategorisedTransaction[], fullMonths: readonly string[]): number | null {
  if (fullMonths.length < 3) return null;
  const byMonth = new Map<string, number>(fullMonths.map((m) => [m, 0]));
  for (const t of txns) {
    if (t.amountMinor <= 0 || OWN_MONEY.includes(t.category)) continue;
    const m = monthOf(t.date);
    const v = byMonth.get(m);
    if (v !== undefined) byMonth.set(m, v + t.amountMinor);
  }
  const v = cv([...byMonth.values()]);
  return v === null ? null : ratio(v);
}

function stdev(xs: readonly number[]): number {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length);
}

/**
 * Credits a business cannot count on: money from a named private person (no legal form, not a bank)
 * that neither invoice wording nor a monthly rhythm marks as a customer's payment. On a
 * self-employed applicant's account these are gifts, shared bills, money lent back and forth among
 * family and friends; a customer without a legal form who pays by plain transfer is missed, the
 * cautious side for a lender. Shown apart as `private_receipts_monthly`.
 */
const PRIVATE_RECEIPT_CATEGORIES = ['other_transfer', 'refund'];
function isPrivateReceipt(t: CategorisedTransaction): boolean {
  if (t.amountMinor <= 0 || !PRIVATE_RECEIPT_CATEGORIES.includes(t.category) || t.rule_trace.includes('recurrence.regular_payer')) return false;
  return payerKind(t) === 'named';
}

function commercialMetrics(txns: readonly CategorisedTransaction[], rows: readonly MonthlyRow[], perMonth: number): NonNullable<Metrics['commercial']> {
  // a business account's money received from third parties is its revenue: customer payments arrive as
  // plain transfers as often as with an invoice number (income categories and other incoming transfers;
  // refunds, own transfers, savings and private persons' money are not revenue)
  const privateReceipts = txns.filter(isPrivateReceipt);
  const isPrivate = new Set(privateReceipts);
  const revenue = txns.filter((t) => !isPrivate.has(t) && (isIncome(t) || (t.amountMinor > 0 && t.category === 'other_transfer')));
  const total = sumMinor(revenue);
  const byCustomer = new Map<string, number>();
  for (const t of revenue) {
    const k = t.counterparty_normalised || '(unknown)';
    byCustomer.set(k, (byCustomer.get(k) ?? 0) + t.amountMinor);
  }
  const shares = [...byCustomer.values()].sort((a, b) => b - a);
  // operating costs: every outflow that runs the business (expenses, and transfers out to suppliers),
  // not existing debt service, own transfers or savings: revenue minus these is what can service a loan
  const operating = -sumMinor(
    txns.filter((t) => t.amountMinor < 0 && ((t.group === 'expenses' && !METRICS_CONFIG.debtCategories.includes(t.category)) || t.category === 'other_transfer')),
  );
  const received = sumMinor(txns.filter((t) => t.amountMinor > 0 && !OWN_MONEY.includes(t.category) && !isPrivate.has(t)));
  const s = slope(rows.map((r) => r.income));
  const avg = mean(rows.map((r) => r.income));
  return {
    revenue_total: money(total),
    revenue_monthly_average: money(total / perMonth),
    revenue_trend_slope: round(s, 2),
    revenue_trend_relative: avg > 0 ? ratio(s / avg) : null,
    top1_customer_share: total > 0 ? ratio((shares[0] ?? 0) / total) : null,
    top3_customer_share: total > 0 ? ratio(shares.slice(0, 3).reduce((a, b) => a + b, 0) / total) : null,
    customers: byCustomer.size,
    tax_outflows: money(-sumMinor(txns.filter((t) => t.category === 'taxes' && t.amountMinor < 0))),
    payroll_outflows: money(-sumMinor(txns.filter((t) => t.category === 'payroll' && t.amountMinor < 0))),
    operating_costs_monthly: money(operating / perMonth),
    private_receipts_monthly: money(sumMinor(privateReceipts) / perMonth),
    // everything received from others but private persons (refunds and credit notes offset the costs they
    // repay) minus operating costs
    net_income_monthly: money((received - operating) / perMonth),
  };
}

/**
 * Coefficient of variation of monthly income, each month capped at 1.5× the
 * median first: a 13th-month salary or a yearly bonus is not irregularity.
 */
function stabilityCv(series: readonly number[]): number | null {
  const cap = 1.5 * median(series);
  const v = cv(series.map((x) => Math.min(x, cap)));
  return v === null ? null : ratio(v);
}
