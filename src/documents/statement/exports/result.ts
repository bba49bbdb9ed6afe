import { conformedBy, conformedConfidence, partChecks } from '../conformity.ts';
import { bankNameForIban } from '../../banks/lookup.ts';
import type { ConformityCheck, DocumentType, ParseOutcome, ParsedTransaction, ParsingResult } from '../../types.ts';
import type { ExtractedDocument, RawTransaction, StatementModel, StatementPart } from '../model.ts';
import { apiTransaction, statementFields } from '../api.ts';

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

/** An export's row as the API states it (statement/result.ts converts, as for every medium). */
export function toParsedTransaction(t: RawTransaction, fallbackCurrency: string | null): ParsedTransaction {
  return apiTransaction({ ...t, codes: t.codes ?? null }, fallbackCurrency);
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
  const checks = conformityChecks(doc);
  const conformed = conformedBy(checks);
  const first = doc.parts[0];
  const last = doc.parts[doc.parts.length - 1];
  const opening = first?.openingCents ?? null;
  const closing = last?.closingCents ?? null;
  const reconciled = checks.some((c) => c.check === 'balance_chain') && conformed;
  const fromIban = doc.iban ? bankNameForIban(doc.iban) : null;
  const bankName = doc.bankName ?? fromIban;

  let confidence: number;
  if (!conformed) confidence = 0.5;
  else if (reconciled) confidence = 0.98;
  else if (checks.some((c) => c.check === 'running_balance')) confidence = 0.9;
  else confidence = 0.8; // nothing to cross-check the amounts against
  if (raw.length > 0 && doc.skippedRows > 0) confidence -= Math.min(0.3, (doc.skippedRows / (raw.length + doc.skippedRows)) * 0.5 + 0.05);
  confidence = Math.max(0, Math.min(1, Number(confidence.toFixed(3))));

  const statement: StatementModel = {
    bankName: bankName ? { value: bankName, confidence: doc.bankName ? 0.95 : 0.9 } : null,
    iban: doc.iban ? { value: doc.iban, confidence: 0.99 } : null,
    holder: doc.holder ? { value: doc.holder, confidence: 0.9 } : null,
    currency: currency ? { value: currency, confidence: 0.99 } : null,
    opening: opening === null ? null : { value: opening, confidence: 0.99 },
    closing: closing === null ? null : { value: closing, confidence: 0.99 },
    transactions: raw.map((t) => ({ ...t, codes: t.codes ?? null })),
    transactionsConfidence: confidence,
    datesConfidence: 0.99,
    period: null,
  };
  const result: ParsingResult = {
    document_conformed: { value: conformed, confidence: conformedConfidence(checks) },
    ...statementFields(statement),
    conformity_checks: { value: checks },
  };
  return { parsing_result: result, parsing_confidence: confidence };
}
