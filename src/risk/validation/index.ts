import type { ReportParams, RiskSource } from '../types.ts';
import { namesMatch, normaliseName } from '../names.ts';
import { checkBalance } from './balance.ts';
import { inputCoverage, reportWindow } from '../coverage.ts';
import type { InputCoverage } from '../metrics/metrics.types.ts';
import type { BalanceItem } from './balance.ts';
import { continuityGaps } from './continuity.ts';
import type { ContinuityOptions, Gap } from './continuity.ts';

export { dedupeTransactions, accountKey } from './dedupe.ts';
export type { SourcedTransaction } from './dedupe.ts';
export { continuityGaps } from './continuity.ts';
export type { Gap, ContinuityOptions } from './continuity.ts';
export type { BalanceItem } from './balance.ts';
export { checkBalance } from './balance.ts';

export interface ValidationInput {
  sources: readonly RiskSource[];
  params: Pick<ReportParams, 'account_holder'> & Partial<ReportParams>;
  fallbacks?: { main_applicant_name?: string | null; main_tax_code?: string | null };
  /** Caller-known reasons a source blocks the report (not parsed, parse error, failed validation). */
  blockingReasons?: Record<string, string | undefined>;
  continuity?: ContinuityOptions;
  /** The report date: when given, window_check says which inputs and transactions fall outside the report's 12 months. */
  asOf?: string;
}

export interface DataDetailsElem {
  id: string;
  type: string;
  account_holder: string;
  normalized_account_holder: string;
  account_holder_mismatch: boolean;
  iban: string;
  has_balance_mismatch: boolean;
  is_blocking_report: boolean;
  /** Why the input blocks the report, when it does. */
  blocking_reason: string | null;
  /**
   * match: the holder matches the selected one; mismatch: it does not; same_iban: no holder printed, but
   * the IBAN is that of an input whose holder matches; unverified: no holder and nothing to tie the input
   * to the applicant (flagged as a mismatch: its money may be someone else's).
   */
  account_holder_status: 'match' | 'mismatch' | 'same_iban' | 'unverified';
}

export interface ValidationResult {
  is_valid: boolean;
  account_holder_check: {
    selected_matches_any_from_files: boolean;
    acc_holders_from_files_are_same: boolean;
    selected_account_holder: string;
  };
  data_details: { elems: DataDetailsElem[] };
  balance_mismatch_check: { passed: boolean; items: BalanceItem[] };
  continuity_check: { passed: boolean; gaps: Gap[] };
  /** Present when the report date is known: the 12-month window and, per input, what falls outside it; passed = every input contributes. */
  window_check?: { passed: boolean; window: { from: string; to: string } | null; inputs: InputCoverage[] };
}

/**
 * Pure input validation for run-validation (and the server-side check of
 * run-report). `balance_mismatch_check.items` lists every source whose balance
 * could be checked, with its difference; `passed` means every difference is 0
 * and no running-balance chain breaks.
 */
export function validateReportInputs(input: ValidationInput): ValidationResult {
  const selected = (input.params.account_holder ?? '').trim() || (input.fallbacks?.main_applicant_name ?? '').trim();
  const elems: DataDetailsElem[] = [];
  const items: BalanceItem[] = [];
  let balancePassed = true;
  const confirmedIbans = new Set(
    input.sources.filter((s) => s.iban && s.accountHolder && namesMatch(s.accountHolder, selected)).map((s) => (s.iban ?? '').replace(/\s+/g, '').toUpperCase()),
  );
  for (const s of input.sources) {
    const holder = (s.accountHolder ?? '').trim();
    const status: DataDetailsElem['account_holder_status'] =
      holder !== '' ? (namesMatch(holder, selected) ? 'match' : 'mismatch') : s.iban && confirmedIbans.has(s.iban.replace(/\s+/g, '').toUpperCase()) ? 'same_iban' : 'unverified';
    const bal = checkBalance(s);
    if (bal.item) items.push(bal.item);
    const mismatch = (bal.item !== null && bal.item.difference !== 0) || bal.chainBreaks > 0;
    if (mismatch) balancePassed = false;
    const reason = input.blockingReasons?.[s.id] ?? (s.transactions.length === 0 ? 'no_transactions' : undefined);
    elems.push({
      id: s.id,
      type: s.type,
      account_holder: holder,
      normalized_account_holder: normaliseName(holder),
      account_holder_mismatch: status === 'mismatch' || status === 'unverified',
      iban: s.iban ?? '',
      has_balance_mismatch: mismatch,
      is_blocking_report: reason !== undefined,
      blocking_reason: reason ?? null,
      account_holder_status: status,
    });
  }
  const holders = elems.filter((e) => e.account_holder !== '');
  const matchesAny = selected !== '' && holders.some((e) => namesMatch(e.account_holder, selected));
  const first = holders[0];
  const allSame = first === undefined || holders.every((e) => namesMatch(e.account_holder, first.account_holder));
  const gaps = continuityGaps(input.sources, input.continuity);
  const blocking = elems.some((e) => e.is_blocking_report) || elems.length === 0;
  return {
    is_valid: !blocking && matchesAny,
    account_holder_check: {
      selected_matches_any_from_files: matchesAny,
      acc_holders_from_files_are_same: allSame,
      selected_account_holder: selected,
    },
    data_details: { elems },
    balance_mismatch_check: { passed: balancePassed, items },
    continuity_check: { passed: gaps.length === 0, gaps },
    ...(input.asOf ? { window_check: windowCheck(input.sources, input.asOf) } : {}),
  };
}

function windowCheck(sources: readonly RiskSource[], asOf: string): NonNullable<ValidationResult['window_check']> {
  const window = reportWindow(sources, asOf);
  const inputs = window ? inputCoverage(sources, window.from, window.to, asOf) : [];
  return { passed: window !== null && inputs.every((i) => i.used), window, inputs };
}
