import type { CategorisedTransaction, LabelledTransaction, Market, RecurringStream, ReportParams, RiskSource, RiskTransaction, Srg } from './types.ts';
import { categoriseTransactions as categoriseBatch, CATEGORISER_VERSION, detectStreams } from './categorise/index.ts';
import type { CategoriseTransactionsOptions } from './categorise/index.ts';
import { isIsoDate } from './dates.ts';
import { RiskEngineError } from './errors.ts';
import { computeFlags } from './flags.ts';
import type { Flags } from './flags.ts';
import { computeMetrics, METRICS_CONFIG } from './metrics/index.ts';
import type { CategoryRow, Coverage, Metrics, MonthlyRow } from './metrics/index.ts';
import { inputCoverage, windowStart } from './coverage.ts';
import { extractFeatures, SCORECARDS, toSrg } from './scorecard/index.ts';
import type { CharacteristicScore } from './scorecard/index.ts';
import { continuityGaps, dedupeTransactions } from './validation/index.ts';
import { computeModelFeatures, missingReasonOf } from './model/features.ts';
import { scoreWithModel } from './model/score.ts';
import type { RiskModel } from './model/model.types.ts';
import { DEFAULT_MODELS } from './model/defaults.ts';
import { evidenceOf, incomeSourcesOf } from './evidence.ts';
import type { Evidence, IncomeSource } from './evidence.ts';

export { RiskEngineError } from './errors.ts';
export { REASON_CODE_TEXTS, SCORECARDS } from './scorecard/index.ts';
export type { RiskEngineErrorCode } from './errors.ts';
export { validateReportInputs } from './validation/index.ts';
export type { RiskModel } from './model/model.types.ts';
export { checkModel } from './model/check.ts';
export { DEFAULT_MODELS } from './model/defaults.ts';
export type { ValidationInput, ValidationResult, DataDetailsElem, BalanceItem, Gap } from './validation/index.ts';
export type { Metrics, MonthlyRow, CategoryRow, Coverage, InputCoverage } from './metrics/index.ts';
export type { Flags } from './flags.ts';
export type * from './types.ts';
export type { Evidence, EvidenceRow, IncomeSource, UnusualRow } from './evidence.ts';

export interface ReportResult {
  srg: Srg;
  metrics: Metrics;
  monthly: MonthlyRow[];
  categories: CategoryRow[];
  flags: Flags;
  streams: RecurringStream[];
  /** Income received, payer by payer (largest first): who pays the applicant, how much and how regularly. */
  income_sources: IncomeSource[];
  coverage: Coverage;
  /** Points per characteristic (transparency; the reason codes derive from it). */
  score_breakdown: CharacteristicScore[];
  /** The rows behind the flags and the largest movements, each with its rule trace, for the underwriter to read. */
  evidence: Evidence;
  engine: { categoriser: string; metrics: string };
}

/** Minimum history for a confident decision. */
const MIN_MONTHS = 3;
const MIN_TRANSACTIONS = 20;

/** Categorise transactions for the parsing module (fills category, group, rule_id, counterparty_normalised). */
export function categoriseTransactions(
  txns: readonly RiskTransaction[],
  market: Market,
  options?: CategoriseTransactionsOptions,
): LabelledTransaction[] {
  if (market !== 'it' && market !== 'de') throw new RiskEngineError('INVALID_INPUT', `unknown market ${String(market)}`, ['market']);
  return categoriseBatch(txns, market, options);
}

function checkInput(sources: readonly RiskSource[], params: ReportParams, asOf: string): void {
  const bad: string[] = [];
  if (!isIsoDate(asOf)) bad.push('asOf');
  if (params.data_market !== 'it' && params.data_market !== 'de') bad.push('params.data_market');
  if (params.data_source !== 'retail' && params.data_source !== 'commercial') bad.push('params.data_source');
  for (const k of ['loan_period', 'requested_loan_amount', 'overdraft_limit'] as const) {
    const v = params[k];
    if (v !== null && v !== undefined && (!Number.isFinite(v) || v < 0)) bad.push(`params.${k}`);
  }
  const ids = new Set<string>();
  sources.forEach((s, i) => {
    if (ids.has(s.id)) bad.push(`sources[${i}].id`);
    ids.add(s.id);
    s.transactions.forEach((t, j) => {
      if (!isIsoDate(t.date)) bad.push(`sources[${i}].transactions[${j}].date`);
      if (!Number.isSafeInteger(t.amountMinor)) bad.push(`sources[${i}].transactions[${j}].amountMinor`);
      if (t.balanceMinor !== null && !Number.isSafeInteger(t.balanceMinor)) bad.push(`sources[${i}].transactions[${j}].balanceMinor`);
    });
  });
  if (bad.length) throw new RiskEngineError('INVALID_INPUT', `invalid risk engine input: ${bad.slice(0, 10).join(', ')}`, bad);
}

/**
 * Build the credit risk report from normalised sources. Pure and deterministic:
 * same input, byte-identical JSON output.
 */
export function buildReport(input: {
  sources: readonly RiskSource[];
  params: ReportParams;
  asOf: string;
  /**
   * A fitted model (`docrisk model fit`) to score with. Omitted: the default for the data source
   * (DEFAULT_MODELS); null: the built-in scorecard. A model for another data source is ignored.
   */
  model?: RiskModel | null;
}): ReportResult {
  const { params, asOf } = input;
  checkInput(input.sources, params, asOf);
  const latest = input.sources.flatMap((s) => s.transactions.map((t) => t.date)).filter((d) => d <= asOf).sort().pop();
  if (!latest) throw new RiskEngineError('NO_TRANSACTIONS', 'no transactions dated on or before asOf in the selected sources');
  const from = windowStart(latest);
  const sources = input.sources.map((s) => ({ ...s, transactions: s.transactions.filter((t) => t.date >= from && t.date <= latest) }));
  const inputs = inputCoverage(input.sources, from, latest, asOf);

  const { txns: union, duplicates } = dedupeTransactions(sources);
  const holderNames = [params.account_holder, ...sources.map((s) => s.accountHolder)];
  const ownIbans = sources.map((s) => s.iban);
  const labelled = categoriseBatch(union, params.data_market, { holderNames, ownIbans, salaryByRecurrence: params.data_source === 'retail' });
  const txns: CategorisedTransaction[] = labelled.map((t, i) => ({ ...t, source_id: union[i]?.source_id ?? '', iban: union[i]?.iban ?? null }));
  const streams = detectStreams(txns).map((s) => s.stream);
  const gaps = continuityGaps(sources, { transactionGapDays: METRICS_CONFIG.transactionGapDays });
  const computed = computeMetrics({ txns, sources, params, streams, gaps, duplicatesRemoved: duplicates });
  const { metrics, monthly, categories } = computed;
  const coverage: Coverage = { ...computed.coverage, window: { from, to: latest }, inputs };

  const insufficientData = coverage.months < MIN_MONTHS || coverage.transaction_count < MIN_TRANSACTIONS;
  const policy = { insufficientData, affordable: metrics.affordability.affordable };
  const chosen = input.model === undefined ? (DEFAULT_MODELS[params.data_source] ?? null) : input.model;
  const model = chosen && chosen.data_source === params.data_source ? chosen : null;
  const featureInput = { metrics, coverage, categories, monthly, params };
  const { characteristics, ...srg } = model
    ? scoreWithModel(model, computeModelFeatures(featureInput), policy, (def) => missingReasonOf(def, featureInput))
    : toSrg(SCORECARDS[params.data_market][params.data_source], extractFeatures(metrics, coverage), policy);
  const flags = computeFlags(metrics, coverage, txns.filter((t) => t.category === 'gambling' && t.amountMinor < 0).length);
  return {
    srg,
    metrics,
    monthly,
    categories,
    flags,
    streams,
    income_sources: incomeSourcesOf(txns, streams, coverage.months),
    coverage,
    score_breakdown: characteristics,
    evidence: evidenceOf(txns, streams, coverage.months),
    engine: { categoriser: CATEGORISER_VERSION, metrics: METRICS_CONFIG.version },
  };
}
