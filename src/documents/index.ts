/**
 * Public entry of the document engine: bytes in, validation outcome or parsing
 * result out. Pure: no I/O, no configuration, no logging. Every failure ends as a
 * ValidationOutcome (validate) or a DocumentParseError (parse).
 */
import { sniff } from './sniff/sniff.ts';
import { buildParseOutcome, classifyExtracted, distinctAccounts, extractStructured, isStructuredFormat, StructuredError } from './structured/index.ts';
import type { ExtractedDocument } from './structured/index.ts';
import { DOCUMENT_TYPES, DocumentParseError } from './types.ts';
import type { DocumentType, FileFormat, ParseOptions, ParseOutcome, ValidateOptions, ValidationErrorItem, ValidationOutcome, ValidationStatus } from './types.ts';

export { sniff } from './sniff/sniff.ts';
export { bankNameForIban, bankTableVersions } from './banks/lookup.ts';
export { LIMITS } from './limits.ts';
export * from './types.ts';

export { shutdownOcr } from './ocr/shutdown.ts';
export { setOcrModels, type OcrModelsSetting } from './ocr/models.ts';

/** Accepts "bank_statement" and the legacy prefixed "it.bank_statement"; null for unknown types. */
export function normaliseDocumentType(input: string): DocumentType | null {
  const bare = input.trim().toLowerCase().split('.').pop() ?? '';
  return (DOCUMENT_TYPES as readonly string[]).includes(bare) ? (bare as DocumentType) : null;
}

function outcome(
  format: FileFormat | null,
  documentType: DocumentType,
  status: ValidationStatus,
  errors: ValidationErrorItem[] = [],
): ValidationOutcome {
  return { format, document_type: documentType, status, errors, pre_result: null, page_count: null };
}

function isImage(f: FileFormat): boolean {
  return f === 'jpeg' || f === 'png' || f === 'tiff';
}

interface PdfEngine {
  validatePdf(bytes: Uint8Array, opts: ValidateOptions): Promise<ValidationOutcome>;
  parsePdf(bytes: Uint8Array, opts: ParseOptions): Promise<ParseOutcome>;
}

// Loaded on demand: pdf.js is heavy and structured-only callers never need it.
async function pdfEngine(): Promise<PdfEngine> {
  return import('./pdf/index.ts');
}

// Loaded on demand: OCR (tesseract.js) is heavier still.
interface ImageEngine {
  validateImage(bytes: Uint8Array, format: FileFormat, opts: ValidateOptions): Promise<ValidationOutcome>;
  parseImage(bytes: Uint8Array, opts: ParseOptions): Promise<ParseOutcome>;
}

async function imageEngine(): Promise<ImageEngine> {
  return import('./ocr/document.ts');
}

/**
 * pdf.js refuses Node Buffers and detaches the ArrayBuffer it is given, so the PDF
 * engine gets its own plain Uint8Array and the caller's bytes stay usable.
 */
function plainCopy(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

function failureMessage(e: unknown): string {
  if (e instanceof StructuredError) return e.message;
  return 'the file could not be read';
}

/** The outcome of an engine that threw: a limit it named (a page too large to render) keeps its code. */
function thrown(format: FileFormat, e: unknown): ValidationOutcome {
  if (e instanceof DocumentParseError && e.code === 'too_large') return outcome(format, 'unknown', 'unreadable', [{ code: 'too_large', message: e.message }]);
  return outcome(format, 'unknown', 'unreadable', [{ code: 'corrupt_file', message: failureMessage(e) }]);
}

export async function validateDocument(bytes: Uint8Array, opts: ValidateOptions = {}): Promise<ValidationOutcome> {
  const asserted = opts.assertedType;
  if (bytes.length === 0) {
    return outcome(null, asserted ?? 'unknown', 'unreadable', [{ code: 'empty_file', message: 'the uploaded file is empty' }]);
  }
  const format = sniff(bytes);
  if (format === null) {
    return outcome(null, 'unknown', 'failure', [
      { code: 'unsupported_format', message: 'file format not recognised; accepted: PDF, JPEG, PNG, TIFF, CSV, XLSX, MT940, camt.053' },
    ]);
  }
  if (format === 'pdf') {
    try {
      return await (await pdfEngine()).validatePdf(plainCopy(bytes), opts);
    } catch (e) {
      // The PDF engine should answer with an outcome; if it throws, the file still gets one.
      return thrown('pdf', e);
    }
  }
  if (isImage(format)) {
    try {
      return await (await imageEngine()).validateImage(plainCopy(bytes), format, opts);
    } catch (e) {
      return thrown(format, e);
    }
  }
  if (!isStructuredFormat(format)) return outcome(format, 'unknown', 'failure', [{ code: 'unsupported_format', message: `unsupported format ${format}` }]);

  let doc: ExtractedDocument;
  try {
    doc = await extractStructured(format, bytes);
  } catch (e) {
    const unsupported = e instanceof StructuredError && e.failure === 'unsupported';
    return outcome(format, 'unknown', unsupported ? 'failure' : 'unreadable', [
      { code: unsupported ? 'unsupported_format' : 'corrupt_file', message: failureMessage(e) },
    ]);
  }
  const detected = classifyExtracted(doc);
  const accounts = distinctAccounts(doc);
  if (accounts.length > 1) {
    return outcome(format, detected, 'merged', [
      { code: 'multiple_documents', message: `the file holds statements of ${accounts.length} different accounts: ${accounts.slice(0, 5).join(', ')}` },
    ]);
  }
  if (asserted && asserted !== detected) {
    return outcome(format, detected, 'failure', [
      { code: 'document_type_mismatch', message: `document type ${asserted} was asserted but ${detected} was detected` },
    ]);
  }
  return outcome(format, detected, 'success');
}

export async function parseDocument(bytes: Uint8Array, opts: ParseOptions): Promise<ParseOutcome> {
  const { format } = opts;
  if (format === 'pdf') {
    try {
      return await (await pdfEngine()).parsePdf(plainCopy(bytes), opts);
    } catch (e) {
      if (e instanceof DocumentParseError) throw e;
      throw new DocumentParseError('corrupt_file', failureMessage(e));
    }
  }
  if (isImage(format)) {
    try {
      return await (await imageEngine()).parseImage(plainCopy(bytes), opts);
    } catch (e) {
      if (e instanceof DocumentParseError) throw e;
      throw new DocumentParseError('corrupt_file', failureMessage(e));
    }
  }
  if (!isStructuredFormat(format)) throw new DocumentParseError('unsupported_format', `unsupported format ${format}`);
  let doc: ExtractedDocument;
  try {
    doc = await extractStructured(format, bytes);
  } catch (e) {
    if (e instanceof DocumentParseError) throw e;
    throw new DocumentParseError('corrupt_file', failureMessage(e));
  }
  if (distinctAccounts(doc).length > 1) {
    throw new DocumentParseError('multiple_documents', 'the file holds statements of more than one account');
  }
  return buildParseOutcome(doc);
}
