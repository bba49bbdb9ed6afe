/**
 * Stored inputs → risk engine sources (integer cents, YYYY-MM-DD), and the reasons an input blocks a
 * report. Pure: rows in, RiskSource[] out.
 */
import type { StoredBalance, StoredTransaction } from '../accounts/index.ts';
import { openingClosing, toMinor, type BankAccountRow, type OpenBankingAccountRow } from '../accounts/index.ts';
import type { FileRow } from '../files/index.ts';
import type { RiskSource, RiskTransaction } from '../../risk/index.ts';

/** Document types whose parsing_result carries a statement (header + transactions). */
export const STATEMENT_TYPES = new Set(['bank_statement', 'bank_account_movements']);

export type BlockingReason = 'not_parsed' | 'parsing_in_progress' | 'parse_error' | 'failed_validation' | 'unsupported_document_type';

export function fileBlockingReason(f: FileRow): BlockingReason | undefined {
  if (f.validationStatus !== 'success') return 'failed_validation';
  if (!STATEMENT_TYPES.has(f.documentType)) return 'unsupported_document_type';
  switch (f.parsingStatus) {
    case 'completed':
      return undefined;
    case 'processing':
      return 'parsing_in_progress';
    case 'error':
      return 'parse_error';
    default:
      return 'not_parsed';
  }
}

/** A file the include_all_data selection takes: parsed, supported, valid. */
export const isUsableFile = (f: FileRow): boolean => fileBlockingReason(f) === undefined;

type Field = { value?: unknown } | undefined;
const valueOf = (r: Record<string, unknown>, k: string): unknown => (r[k] as Field)?.value ?? null;
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const minorOrNull = (v: unknown): number | null => {
  if (v === null || v === undefined) return null;
  const r = toMinor(v);
  return r.ok ? r.minor : null;
};
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

export function fileToSource(f: FileRow): RiskSource {
  const pr = (f.parsingStatus === 'completed' && f.parsingResult && typeof f.parsingResult === 'object' ? f.parsingResult : {}) as Record<string, unknown>;
  const currency = strOrNull(valueOf(pr, 'currency_code')) ?? 'EUR';
  const raw = valueOf(pr, 'transactions');
  const transactions: RiskTransaction[] = [];
  for (const t of Array.isArray(raw) ? (raw as Record<string, unknown>[]) : []) {
    const amountMinor = minorOrNull(t.amount);
    if (!isDate(t.date) || amountMinor === null) continue;
    transactions.push({
      date: t.date,
      valueDate: isDate(t.value_date) ? t.value_date : null,
      amountMinor,
      currency: strOrNull(t.currency) ?? currency,
      description: typeof t.description === 'string' ? t.description : '',
      counterparty: strOrNull(t.counterparty),
      balanceMinor: minorOrNull(t.balance),
      codes: (t.codes as RiskTransaction['codes']) ?? null,
    });
  }
  const start = valueOf(pr, 'value_date_min');
  const end = valueOf(pr, 'value_date_max');
  return {
    id: f.id,
    type: 'file',
    iban: strOrNull(valueOf(pr, 'iban')),
    accountHolder: strOrNull(valueOf(pr, 'account_holder')),
    currency,
    openingBalanceMinor: minorOrNull(valueOf(pr, 'opening_balance')),
    closingBalanceMinor: minorOrNull(valueOf(pr, 'closing_balance')),
    transactions,
    periodStart: isDate(start) ? start : null,
    periodEnd: isDate(end) ? end : null,
  };
}

const storedToRisk = (t: StoredTransaction): RiskTransaction => ({
  date: t.date,
  valueDate: t.value_date,
  amountMinor: t.amount_minor,
  currency: t.currency,
  description: t.description,
  counterparty: t.counterparty,
  counterpartyIban: t.counterparty_iban ?? null,
  balanceMinor: t.balance_minor,
  codes:
    t.bank_transaction_code || t.purpose_code
      ? { ...(t.bank_transaction_code ? { bank_transaction_code: t.bank_transaction_code } : {}), ...(t.purpose_code ? { purpose: t.purpose_code } : {}) }
      : null,
});

export function bankAccountToSource(a: BankAccountRow): RiskSource {
  return {
    id: a.id,
    type: 'bank_account',
    iban: a.iban,
    accountHolder: a.accountHolder,
    currency: a.currencyCode,
    openingBalanceMinor: minorOrNull(a.openingBalance),
    closingBalanceMinor: minorOrNull(a.closingBalance),
    transactions: (a.transactions as StoredTransaction[]).map(storedToRisk),
    periodStart: a.dateMin,
    periodEnd: a.dateMax,
  };
}

export function openBankingAccountToSource(a: OpenBankingAccountRow): RiskSource {
  const { openingMinor, closingMinor } = openingClosing(a.balances as StoredBalance[]);
  return {
    id: a.id,
    type: 'open_banking_account',
    iban: a.iban,
    accountHolder: a.accountHolder,
    currency: a.currencyCode,
    openingBalanceMinor: openingMinor,
    closingBalanceMinor: closingMinor,
    transactions: (a.transactions as StoredTransaction[]).map(storedToRisk),
    periodStart: a.dateMin,
    periodEnd: a.dateMax,
  };
}
