/**
 * Public types of the document engine. The engine is pure: bytes in, plain data out.
 * Output shapes follow service-spec.md (File resource) and extensions.md section 6.
 */

export type DocumentType =
  | 'bank_statement'
  | 'bank_account_movements'
  | 'residency_permit'
  | 'identity_card'
  | 'passport'
  | 'unknown';

export const DOCUMENT_TYPES: readonly DocumentType[] = [
  'bank_statement',
  'bank_account_movements',
  'residency_permit',
  'identity_card',
  'passport',
  'unknown',
];

export type FileFormat = 'pdf' | 'jpeg' | 'png' | 'tiff' | 'csv' | 'xlsx' | 'mt940' | 'camt053';

export type ValidationStatus = 'success' | 'failure' | 'merged' | 'unreadable' | 'id_doc_incomplete';

export type ValidationErrorCode =
  | 'document_type_mismatch'
  | 'unsupported_format'
  | 'password_protected'
  | 'corrupt_file'
  | 'empty_file'
  | 'low_quality'
  | 'multiple_documents'
  | 'id_side_missing'
  | 'too_large'
  | 'bank_code_mismatch';

export interface ValidationErrorItem {
  code: ValidationErrorCode;
  message: string;
  page?: number;
}

export type Completeness = 'both_sides' | 'front_only' | 'back_only';

export interface PreResult {
  full_name: string | null;
  document_number: string | null;
  validity_start_date: string | null;
  expiration_date: string | null;
  issuing_authority: string | null;
  completeness: Completeness;
}

export interface ValidationOutcome {
  format: FileFormat | null;
  document_type: DocumentType;
  status: ValidationStatus;
  errors: ValidationErrorItem[];
  pre_result: PreResult | null;
  page_count: number | null;
  /**
   * Scans only: the traineddata validation's look picked for the full pass. Not part of the
   * API; kept with the file so that a parse in another process need not look again.
   */
  ocr_lang?: OcrLanguage;
}

/** Traineddata the OCR reads with. */
export type OcrLanguage = 'ita' | 'deu' | 'eng';

/** bbox = [x0, y0, x1, y1] in PDF points from the page's top-left. */
export interface FieldSource {
  page: number;
  bbox?: [number, number, number, number];
}

export interface Field<T> {
  value: T;
  confidence?: number;
  source?: FieldSource;
}

/** A transaction as it appears in parsing_result.transactions.value (extensions section 6). */
export interface ParsedTransaction {
  date: string;
  value_date: string | null;
  /** Signed decimal, negative = money out. */
  amount: number;
  currency: string;
  /** Printed lines joined by one space. */
  description: string;
  balance: number | null;
  category: string | null;
  counterparty: string | null;
  page: number | null;
  /** Position of the row on its page (PDF points, top-left origin), when known. */
  bbox?: [number, number, number, number] | null;
  /** Structured bank codes where the format carries them (MT940 GVC, camt BkTxCd, SEPA purpose). */
  codes?: { gvc?: string; bank_transaction_code?: string; purpose?: string } | null;
}

export interface ConformityCheck {
  check: string;
  /** true = ran and held, false = ran and failed, null = could not run (nothing printed to check against). */
  passed: boolean | null;
  message: string;
  page?: number;
  row?: number;
}

export type ParsingResult = Record<string, Field<unknown>>;

export interface ParseOutcome {
  parsing_result: ParsingResult;
  parsing_confidence: number;
}

export interface ValidateOptions {
  /** Un-prefixed document type asserted by the client, if any. */
  assertedType?: DocumentType;
  checkIdCompleteness?: boolean;
}

export interface ParseOptions {
  format: FileFormat;
  documentType: DocumentType;
  /**
   * Validation's ocr_lang for this file: with a known documentType, a scan's parse skips
   * its own first-page look (classification and language) and reads every page at once.
   */
  ocrLang?: OcrLanguage;
}

/** Thrown by the engine when a document cannot be parsed; `code` is stable. */
export class DocumentParseError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'DocumentParseError';
    this.code = code;
  }
}
