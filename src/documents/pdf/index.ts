/**
 * PDF entry points of the document engine: validation (format, type, merged,
 * unreadable) and parsing of statements from the text layer.
 */
import type {
  DocumentType,
  ParseOptions,
  ParseOutcome,
  ValidateOptions,
  ValidationErrorItem,
  ValidationOutcome,
} from '../types.ts';
import { DocumentParseError } from '../types.ts';
import { pageSignals, segment, typeOfPages } from './classify.ts';
import { editingChecks } from './conformity.ts';
import { extractStatement } from './extract.ts';
import { buildLines } from './lines.ts';
import type { LoadLimits, LoadedPdf } from './load.ts';
import { DEFAULT_LIMITS, loadPdf } from './load.ts';

export type { LoadLimits } from './load.ts';
export type { PositionedWord, WordPage } from './model.ts';
export { extractStatement } from './extract.ts';

export const NO_TEXT_MESSAGE = 'no text layer; scanned PDFs need OCR which this build does not include yet';
/** Fewer words than this in the whole file means there is no usable text layer. */
const MIN_WORDS = 5;

export async function validatePdf(
  bytes: Uint8Array,
  opts: ValidateOptions,
  limits: LoadLimits = DEFAULT_LIMITS,
): Promise<ValidationOutcome> {
  const base = (
    document_type: DocumentType,
    status: ValidationOutcome['status'],
    errors: ValidationErrorItem[],
    page_count: number | null,
  ): ValidationOutcome => ({
    format: 'pdf',
    document_type,
    status,
    errors,
    pre_result: null,
    page_count,
  });
  const asserted = opts.assertedType ?? 'unknown';
  if (bytes.length === 0)
    return base(asserted, 'unreadable', [{ code: 'empty_file', message: 'file is empty' }], null);
  const loaded = await loadPdf(bytes, limits);
  if (!loaded.ok)
    return base(asserted, loaded.status, [{ code: loaded.code, message: loaded.message }], loaded.pageCount);
  const { pdf } = loaded;
  if (wordCount(pdf) < MIN_WORDS) {
    return base(asserted, 'unreadable', [{ code: 'low_quality', message: NO_TEXT_MESSAGE }], pdf.pageCount);
  }
  const signals = pdf.pages.map((p) => pageSignals(buildLines(p), p.page));
  const detected = typeOfPages(signals);
  const docs = segment(signals).filter((s) => s.kind !== 'other');
  if (docs.length > 1) {
    const parts = docs.map((d) => `pages ${d.from}-${d.to}: ${d.type}`).join('; ');
    return base(
      detected,
      'merged',
      [
        {
          code: 'multiple_documents',
          message: `${docs.length} documents in one upload (${parts})`,
          page: docs[1]!.from,
        },
      ],
      pdf.pageCount,
    );
  }
  if (opts.assertedType && opts.assertedType !== detected) {
    return base(
      detected,
      'failure',
      [
        {
          code: 'document_type_mismatch',
          message: `document_type ${opts.assertedType} was asserted but the document was detected as ${detected}`,
        },
      ],
      pdf.pageCount,
    );
  }
  return base(detected, 'success', [], pdf.pageCount);
}

export async function parsePdf(
  bytes: Uint8Array,
  opts: ParseOptions,
  limits: LoadLimits = DEFAULT_LIMITS,
): Promise<ParseOutcome> {
  const loaded = await loadPdf(bytes, limits);
  if (!loaded.ok) throw new DocumentParseError(loaded.code, loaded.message);
  const { pdf } = loaded;
  if (wordCount(pdf) < MIN_WORDS) throw new DocumentParseError('low_quality', NO_TEXT_MESSAGE);
  const type = opts.documentType;
  if (type !== 'bank_statement' && type !== 'bank_account_movements' && type !== 'unknown') {
    throw new DocumentParseError(
      'unsupported_document',
      `parsing ${type} from a PDF text layer is not supported`,
    );
  }
  const x = extractStatement(pdf.pages);
  if (x.transactions.length === 0 && x.fields['iban']?.value == null) {
    throw new DocumentParseError(
      'no_statement_found',
      'no transaction table or account details found in the PDF',
    );
  }
  const bankField = x.fields['bank_name'];
  if (bankField && bankField.value == null && x.ibanValue) {
    const name = await bankNameFromIban(x.ibanValue);
    if (name) x.fields['bank_name'] = { value: name, confidence: 0.8 };
  }
  const checks = [...x.checks, ...editingChecks(bytes, pdf.info)];
  const conformed = checks.every((c) => c.passed);
  const result = {
    document_conformed: { value: conformed, confidence: checks.length > 3 ? 0.95 : 0.7 },
    ...x.fields,
    conformity_checks: { value: checks },
  };
  return { parsing_result: result, parsing_confidence: confidenceOf(x.quality) };
}

/**
 * How far the numbers can be trusted: a reconciled balance chain proves every
 * amount and sign, a broken one proves something is wrong, no balances proves
 * nothing either way.
 */
function confidenceOf(q: ReturnType<typeof extractStatement>['quality']): number {
  if (q.txCount === 0) return 0.3;
  let c = q.reconciled === true ? 0.98 : q.reconciled === false ? 0.55 : 0.75;
  c -= Math.min(0.03, q.missingHeader * 0.01);
  if (q.lowConfidenceWords) c -= 0.1;
  return Math.round(Math.max(0, Math.min(1, c)) * 100) / 100;
}

function wordCount(pdf: LoadedPdf): number {
  return pdf.pages.reduce((n, p) => n + p.words.length, 0);
}

type BankLookup = (iban: string) => string | null;
let lookup: Promise<BankLookup | null> | null = null;

/**
 * The bank tables are owned by another module that may move or not exist yet:
 * look the function up lazily (index first, then the lookup file) and tolerate absence.
 */
async function bankNameFromIban(iban: string): Promise<string | null> {
  lookup ??= findLookup(['../banks/index.ts', '../banks/lookup.ts']);
  const fn = await lookup;
  try {
    return fn ? fn(iban) : null;
  } catch {
    return null;
  }
}

async function findLookup(specifiers: string[]): Promise<BankLookup | null> {
  for (const specifier of specifiers) {
    try {
      const m = (await import(specifier)) as { bankNameForIban?: unknown };
      if (typeof m.bankNameForIban === 'function') return m.bankNameForIban as BankLookup;
    } catch {
      // not there: try the next place
    }
  }
  return null;
}
