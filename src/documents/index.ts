/**
 * Public entry of the document engine: bytes in, validation outcome or parsing
 * result out. Pure: no I/O, no configuration, no logging. Every failure ends as a
 * ValidationOutcome (validate) or a DocumentParseError (parse). The orchestration is pipeline.ts.
 */
import { parse, validate, validateKeeping } from './pipeline.ts';
import type { Validated } from './pipeline.ts';
import { DOCUMENT_TYPES } from './types.ts';
import type { DocumentType, ParseOptions, ParseOutcome, ValidateOptions, ValidationOutcome } from './types.ts';

export { sniff } from './sniff/sniff.ts';
export { bankNameForIban, bankTableVersions } from './banks/lookup.ts';
export { LIMITS } from './limits.ts';
export * from './types.ts';

export { shutdownOcr } from './sources/ocr/shutdown.ts';
// The sandbox's children choose their OCR engine (one tesseract worker each).
export { setOcrEngine } from './sources/ocr/index.ts';
export { TesseractEngine } from './sources/ocr/tesseract.ts';
export { setOcrModels, type OcrModelsSetting } from './sources/ocr/models.ts';

/** Accepts "bank_statement" and the legacy prefixed "it.bank_statement"; null for unknown types. */
export function normaliseDocumentType(input: string): DocumentType | null {
  const bare = input.trim().toLowerCase().split('.').pop() ?? '';
  return (DOCUMENT_TYPES as readonly string[]).includes(bare) ? (bare as DocumentType) : null;
}

export async function validateDocument(bytes: Uint8Array, opts: ValidateOptions = {}): Promise<ValidationOutcome> {
  return validate(bytes, opts);
}

/**
 * validateDocument, and what its sources read of the file (a text PDF's words, OCR readings) as an
 * opaque byte string to keep with the file: parseDocument given it does not read them again.
 */
export async function validateDocumentKeeping(bytes: Uint8Array, opts: ValidateOptions = {}): Promise<Validated> {
  return validateKeeping(bytes, opts);
}
export type { Validated };

/** `reading`: validateDocumentKeeping's for these bytes (ignored when it is another file's or of another version). */
export async function parseDocument(bytes: Uint8Array, opts: ParseOptions, reading?: Uint8Array | null): Promise<ParseOutcome> {
  return parse(bytes, opts, reading);
}
