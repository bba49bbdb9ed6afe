import type { FileFormat } from '../../types.ts';
import { camtToDocument, parseCamt053 } from './camt.ts';
import { parseCsv } from './csv.ts';
import type { ExtractedDocument } from '../../statement/model.ts';
import { mt940ToDocument, parseMt940 } from './mt940.ts';
import { parseXlsx } from './xlsx.ts';

export type StructuredFormat = Extract<FileFormat, 'csv' | 'xlsx' | 'mt940' | 'camt053'>;

export function isStructuredFormat(f: FileFormat): f is StructuredFormat {
  return f === 'csv' || f === 'xlsx' || f === 'mt940' || f === 'camt053';
}

/** Extracts the statement data of a structured export; throws StructuredError. */
export async function extractStructured(format: StructuredFormat, bytes: Uint8Array): Promise<ExtractedDocument> {
  switch (format) {
    case 'csv':
      return parseCsv(bytes);
    case 'xlsx':
      return parseXlsx(bytes);
    case 'mt940':
      return mt940ToDocument(parseMt940(bytes));
    case 'camt053':
      return camtToDocument(parseCamt053(bytes));
  }
}

export { buildParseOutcome, classifyExtracted, conformityChecks } from '../../statement/exports/result.ts';
export { distinctAccounts } from '../../statement/model.ts';
export type { ExtractedDocument } from '../../statement/model.ts';
export { StructuredError } from './errors.ts';
