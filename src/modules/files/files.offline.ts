/**
 * `docrisk parse FILE...`: the File resource of a file, computed offline (no server, no database),
 * with exactly the engine path a worker takes: validate, and parse when validation succeeds.
 */
import { createHash } from 'node:crypto';
import { DocumentParseError, parseDocument, validateDocumentKeeping, type DocumentType } from '../../documents/index.ts';
import { enrichParsingResult } from './files.enrich.ts';

export interface OfflineFile {
  process_id: null;
  ext_file_id: string;
  file_id: string;
  sha256: string;
  document_type: DocumentType;
  format: string | null;
  validation_result: { status: string; errors: unknown[]; pre_result: unknown };
  result_path: null;
  parsing_status: 'uploaded' | 'completed' | 'error';
  parsing_confidence: number | null;
  parsing_result: unknown;
  errors: { code: string; message: string }[];
}

/** Stages reported to `onStage` (the CLI prints them as progress on stderr). */
export type OfflineStage = { stage: 'validating' } | { stage: 'parsing'; format: string; document_type: DocumentType };

export async function parseOffline(
  name: string,
  bytes: Uint8Array,
  opts: { assertedType?: DocumentType; checkIdCompleteness?: boolean; onStage?: (s: OfflineStage) => void } = {},
): Promise<OfflineFile> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  opts.onStage?.({ stage: 'validating' });
  // The parse takes what the validation read (a text PDF's words, OCR readings), as the service's parse job does.
  const { outcome: v, reading } = await validateDocumentKeeping(bytes, {
    ...(opts.assertedType ? { assertedType: opts.assertedType } : {}),
    ...(opts.checkIdCompleteness ? { checkIdCompleteness: true } : {}),
  });
  const base: OfflineFile = {
    process_id: null,
    ext_file_id: name,
    file_id: sha256.slice(0, 32).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'),
    sha256,
    document_type: v.document_type,
    format: v.format,
    validation_result: { status: v.status, errors: v.errors, pre_result: v.pre_result },
    result_path: null,
    parsing_status: 'uploaded',
    parsing_confidence: null,
    parsing_result: null,
    errors: [],
  };
  if (v.status !== 'success' || !v.format) return base;
  opts.onStage?.({ stage: 'parsing', format: v.format, document_type: v.document_type });
  try {
    const out = await parseDocument(bytes, { format: v.format, documentType: v.document_type, ...(v.ocr_lang ? { ocrLang: v.ocr_lang } : {}) }, reading);
    return { ...base, parsing_status: 'completed', parsing_confidence: out.parsing_confidence, parsing_result: enrichParsingResult(out.parsing_result) };
  } catch (err) {
    if (!(err instanceof DocumentParseError)) throw err;
    return { ...base, parsing_status: 'error', errors: [{ code: err.code, message: err.message }] };
  }
}
