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
  counterparty: string | null;
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
