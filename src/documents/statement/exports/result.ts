import { conformedBy, conformedConfidence, partChecks } from '../conformity.ts';
import { bankNameForIban } from '../../banks/lookup.ts';
import type { ConformityCheck, DocumentType, ParseOutcome, ParsedTransaction, ParsingResult } from '../../types.ts';
import { centsToNumber } from '../../values/money.ts';
import type { ExtractedDocument, RawTransaction, StatementPart } from '../model.ts';

/**
 * A CSV or XLSX export is a list of movements (lista movimenti, Umsatzliste,
 * transaction history) even when it prints balances; MT940 and camt.053 are
 * statements when every part has its opening and closing balance.
 */
export function classifyExtracted(doc: ExtractedDocument): DocumentType {
  if (doc.parts.length === 0) return 'unknown';
  if (doc.format === 'csv' || doc.format === 'xlsx') return 'bank_account_movements';
  const balanced = doc.parts.every((p) => p.openingCents !== null && p.closingCents !== null);
  return balanced ? 'bank_statement' : 'bank_account_movements';
}

/** Balance chain checks: per part, between consecutive parts, and printed running balances (conformity.ts). */
export function conformityChecks(doc: ExtractedDocument): ConformityCheck[] {
  return partChecks(doc.parts);
}

export function toParsedTransaction(t: RawTransaction, fallbackCurrency: string | null): ParsedTransaction {
  return {
    date: t.date,
    value_date: t.valueDate,
    amount: centsToNumber(t.amountCents),
    currency: t.currency ?? fallbackCurrency ?? '',
    description: t.description,
    balance: t.balanceCents === null ? null : centsToNumber(t.balanceCents),
    category: null,
    counterparty: t.counterparty,
    page: null,
    codes: t.codes ?? null,
  };
}

function firstCurrency(parts: readonly StatementPart[]): string | null {
  for (const p of parts) if (p.currency) return p.currency;
  for (const p of parts) for (const t of p.transactions) if (t.currency) return t.currency;
  return null;
}

/** Shapes an extracted document into parsing_result with a confidence that reflects the checks. */
export function buildParseOutcome(doc: ExtractedDocument): ParseOutcome {
  const currency = firstCurrency(doc.parts);
  const raw = doc.parts.flatMap((p) => p.transactions);
  const transactions = raw.map((t) => toParsedTransaction(t, currency));
  const checks = conformityChecks(doc);
  const conformed = conformedBy(checks);
  const first = doc.parts[0];
  const last = doc.parts[doc.parts.length - 1];
  const opening = first?.openingCents ?? null;
  const closing = last?.closingCents ?? null;
  const reconciled = checks.some((c) => c.check === 'balance_chain') && conformed;
  const fromIban = doc.iban ? bankNameForIban(doc.iban) : null;
  const bankName = doc.bankName ?? fromIban;
  const dates = raw.flatMap((t) => [t.valueDate ?? t.date]).sort();

  let confidence: number;
  if (!conformed) confidence = 0.5;
  else if (reconciled) confidence = 0.98;
  else if (checks.some((c) => c.check === 'running_balance')) confidence = 0.9;
  else confidence = 0.8; // nothing to cross-check the amounts against
  if (raw.length > 0 && doc.skippedRows > 0) confidence -= Math.min(0.3, (doc.skippedRows / (raw.length + doc.skippedRows)) * 0.5 + 0.05);
  confidence = Math.max(0, Math.min(1, Number(confidence.toFixed(3))));

  const result: ParsingResult = {
    document_conformed: { value: conformed, confidence: conformedConfidence(checks) },
    bank_name: { value: bankName, confidence: doc.bankName ? 0.95 : fromIban ? 0.9 : 0 },
    iban: { value: doc.iban, confidence: doc.iban ? 0.99 : 0 },
    account_holder: { value: doc.holder, confidence: doc.holder ? 0.9 : 0 },
    currency_code: { value: currency, confidence: currency ? 0.99 : 0 },
    opening_balance: { value: opening === null ? null : centsToNumber(opening), confidence: opening === null ? 0 : 0.99 },
    closing_balance: { value: closing === null ? null : centsToNumber(closing), confidence: closing === null ? 0 : 0.99 },
    value_date_min: { value: dates[0] ?? null, confidence: dates.length ? 0.99 : 0 },
    value_date_max: { value: dates[dates.length - 1] ?? null, confidence: dates.length ? 0.99 : 0 },
    transactions: { value: transactions, confidence },
    conformity_checks: { value: checks },
  };
  return { parsing_result: result, parsing_confidence: confidence };
}
