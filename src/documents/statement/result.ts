/**
 * A statement's parsing_result: what a reading of pages (text layer or OCR) becomes, with the
 * conformity verdict and the parse's confidence; an export's is shaped by exports/result.ts.
 */
import type { PdfInfo } from '../layout/model.ts';
import { bankNameForIban } from '../banks/lookup.ts';
import type { ParseOutcome } from '../types.ts';
import { statementFields } from './api.ts';
import { conformedBy, conformedConfidence, editingChecks } from './conformity.ts';
import type { StatementModel } from './model.ts';
import type { StatementExtraction } from './pages.ts';

export { buildParseOutcome as exportOutcome } from './exports/result.ts';
export { apiView, statementFields } from './api.ts';

/**
 * A PDF's statement (its text layer, or its pages through OCR): the bank named from the IBAN where
 * the page names none, the signs of editing in the file checked beside the balances.
 */
export function pdfOutcome(x: StatementExtraction, bytes: Uint8Array, info: PdfInfo): ParseOutcome {
  const m = x.statement;
  const named = m.bankName === null && m.iban ? bankNameFromIban(m.iban.value) : null;
  const statement: StatementModel = named ? { ...m, bankName: { value: named, confidence: 0.8 } } : m;
  const checks = [...x.checks, ...editingChecks(bytes, info)];
  const result = {
    document_conformed: { value: conformedBy(checks), confidence: conformedConfidence(checks) },
    ...statementFields(statement),
    conformity_checks: { value: checks },
  };
  return { parsing_result: result, parsing_confidence: pdfConfidence(x.quality) };
}

/** An image's statement (a photo or a scan as JPEG, PNG, TIFF). */
export function imageOutcome(x: StatementExtraction): ParseOutcome {
  const confidence = x.quality.reconciled === true ? 0.9 : x.quality.reconciled === false ? 0.5 : 0.65;
  return {
    parsing_result: {
      document_conformed: { value: conformedBy(x.checks), confidence: Math.min(0.7, conformedConfidence(x.checks)) },
      ...statementFields(x.statement),
      conformity_checks: { value: x.checks },
    },
    parsing_confidence: x.statement.transactions.length === 0 ? 0.3 : confidence,
  };
}

/**
 * How far the numbers of a PDF's statement can be trusted: a reconciled balance chain proves
 * every amount and sign, a broken one proves something is wrong, no balances proves nothing.
 */
function pdfConfidence(q: StatementExtraction['quality']): number {
  if (q.txCount === 0) return 0.3;
  let c = q.reconciled === true ? 0.98 : q.reconciled === false ? 0.55 : 0.75;
  c -= Math.min(0.03, q.missingHeader * 0.01);
  if (q.lowConfidenceWords) c -= 0.1;
  return Math.round(Math.max(0, Math.min(1, c)) * 100) / 100;
}

function bankNameFromIban(iban: string): string | null {
  try {
    return bankNameForIban(iban);
  } catch {
    return null;
  }
}
