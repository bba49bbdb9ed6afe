/**
 * Input model of the risk engine: every source (parsed file, bank-account JSON,
 * Open Banking account) is normalised to this shape by the modules before scoring.
 * Money is integer minor units (cents); dates are YYYY-MM-DD.
 */

export type SourceType = 'file' | 'bank_account' | 'open_banking_account';

export interface RiskTransaction {
  date: string;
  valueDate: string | null;
  /** Signed integer minor units, negative = money out. */
  amountMinor: number;
  currency: string;
  description: string;
  /** The other party as the data named it (a bank-account body, an Open Banking report, a parsed statement's column). */
  counterparty: string | null;
  /**
   * The other party's IBAN when the data gave one (electronic form). With no counterparty name it keys the
   * party (in place of a name read from the description); a transfer to or from another of the applicant's
   * accounts (a source's IBAN) is internal.
   */
  counterpartyIban?: string | null;
  balanceMinor: number | null;
  codes?: { gvc?: string; bank_transaction_code?: string; purpose?: string } | null;
}

export interface RiskSource {
  id: string;
  type: SourceType;
  iban: string | null;
  accountHolder: string | null;
  currency: string;
  openingBalanceMinor: number | null;
  closingBalanceMinor: number | null;
  transactions: RiskTransaction[];
  /** Optional declared statement period (e.g. value_date_min/max of a parsed statement). */
  periodStart?: string | null;
  periodEnd?: string | null;
}

export interface ReportParams {
  account_holder: string;
  data_market: 'it' | 'de';
  data_source: 'retail' | 'commercial';
  tax_code?: string | null;
  loan_period?: number | null;
  requested_loan_amount?: number | null;
  overdraft_limit?: number | null;
}

export type Market = ReportParams['data_market'];
export type Group = 'income' | 'expenses' | 'transfers';

export interface CategoryResult {
  category: string;
  group: Group;
  rule_id: string;
  /**
   * How the category was reached, in order: the winning rule with the text it matched
   * ("de.loan:KREDIT"), then any batch step that relabelled it ("recurrence.regular_payer").
   */
  rule_trace: string[];
}

export interface LabelledTransaction extends RiskTransaction, CategoryResult {
  /**
   * Grouping key for the counterparty: the named counterparty (folded, noise and legal form removed); else
   * `#<last 8 of its IBAN>` when the data gave the IBAN; else read from the description, with the account
   * number when the text names one; '' when none could be derived. Not a display name:
   * the named party is `counterparty`, as the bank printed it (null when it printed none).
   */
  counterparty_normalised: string;
}

export interface CategorisedTransaction extends LabelledTransaction {
  /** Source id and IBAN the transaction came from (after de-duplication: the first source holding it). */
  source_id: string;
  iban: string | null;
}

export type Cadence = 'weekly' | 'biweekly' | 'monthly' | 'quarterly';

export interface RecurringStream {
  /** The named party as the bank printed it (most frequent among the stream's lines); null when no line names one. */
  counterparty: string | null;
  /** The grouping key the stream was detected on (normalised; with the account number when the text gives one). */
  counterparty_key: string;
  /** A representative description of the stream's lines, for a reader when no party is named. */
  label: string;
  category: string;
  direction: 'in' | 'out';
  cadence: Cadence;
  /** Decimal amount in account currency (positive). */
  typical_amount: number;
  count: number;
  first_date: string;
  last_date: string;
}

export interface Flag {
  flagged: boolean;
  detail: string;
}

export interface ReasonCode {
  code: string;
  description: string;
  impact: number;
}

export interface Srg {
  score: number;
  grade: 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';
  pd_12m: number;
  decision: 'approve' | 'review' | 'decline';
  /** Score reasons (points lost against the best bin), strongest first; then policy codes with impact 0. */
  reason_codes: ReasonCode[];
  /** Policy codes that capped the decision whatever the score (empty when the score alone decided). */
  policy_reasons: string[];
  model: { name: string; version: string };
}
