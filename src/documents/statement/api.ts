/**
 * The only place the engine's cents become the API's decimals: a StatementModel (statement/model.ts)
 * as the statement fields of a parsing_result, for text PDFs, scans and exports alike.
 */
import type { Field, ParsedTransaction, ParsingResult } from '../types.ts';
import { centsToNumber } from '../values/money.ts';
import type { RawTransaction, Sourced, StatementModel } from './model.ts';

/** A sourced value as a parsing_result field (source only where a page is known). */
function field<T>(f: Sourced<T> | null): Field<T | null> {
  if (!f) return { value: null, confidence: 0 };
  return f.page !== undefined && f.bbox !== undefined ? { value: f.value, confidence: f.confidence, source: { page: f.page, bbox: f.bbox } } : { value: f.value, confidence: f.confidence };
}

/** One transaction as the API states it. */
export function apiTransaction(t: RawTransaction, documentCurrency: string | null): ParsedTransaction {
  return {
    date: t.date,
    value_date: t.valueDate,
    amount: centsToNumber(t.amountCents),
    currency: t.currency ?? documentCurrency ?? '',
    description: t.description,
    balance: t.balanceCents === null ? null : centsToNumber(t.balanceCents),
    category: null,
    counterparty: t.counterparty,
    page: t.page ?? null,
    ...(t.bbox !== undefined ? { bbox: t.bbox } : {}),
    ...(t.codes !== undefined ? { codes: t.codes } : {}),
  };
}

/**
 * The statement fields of a parsing_result, for every medium: the only place the engine's cents
 * become the API's decimals. Value dates span the transactions (value date, else booking date),
 * else the printed period.
 */
export function statementFields(m: StatementModel): ParsingResult {
  const currency = m.currency?.value ?? null;
  const dated = m.transactions.map((t) => ({ d: t.valueDate ?? t.date, t })).sort((a, b) => (a.d < b.d ? -1 : a.d > b.d ? 1 : 0));
  const dateField = (x: { d: string; t: RawTransaction } | undefined, fallback: string | null): Field<string | null> => {
    if (!x) return { value: fallback, confidence: fallback !== null && m.period ? Math.min(0.6, m.period.confidence) : 0 };
    const where = x.t.page != null && x.t.bbox ? { source: { page: x.t.page, bbox: x.t.bbox } } : {};
    return { value: x.d, confidence: m.datesConfidence, ...where };
  };
  const cents = (f: Sourced<number> | null): Field<number | null> => (f ? { ...field(f), value: centsToNumber(f.value) } : { value: null, confidence: 0 });
  return {
    bank_name: field(m.bankName),
    iban: field(m.iban),
    account_holder: field(m.holder),
    currency_code: field(m.currency),
    opening_balance: cents(m.opening),
    closing_balance: cents(m.closing),
    value_date_min: dateField(dated[0], m.period?.value.start ?? null),
    value_date_max: dateField(dated[dated.length - 1], m.period?.value.end ?? null),
    transactions: { value: m.transactions.map((t) => apiTransaction(t, currency)), confidence: m.transactionsConfidence },
  };
}

/** The API's view of an extraction: its fields and transactions as decimals (tests and benches read it). */
export function apiView(x: { statement: StatementModel }): { fields: ParsingResult; transactions: ParsedTransaction[] } {
  const fields = statementFields(x.statement);
  return { fields, transactions: (fields['transactions']?.value as ParsedTransaction[] | undefined) ?? [] };
}

