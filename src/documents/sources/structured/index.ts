import type { Cell, DecimalConvention } from '../../layout/model.ts';
import type { ExtractedDocument } from '../../statement/model.ts';
import type { FileFormat } from '../../types.ts';
import { camtToDocument, parseCamt053 } from './camt.ts';
import { readCsvSheet } from './csv.ts';
import { mt940ToDocument, parseMt940 } from './mt940.ts';
import { readXlsxSheets } from './xlsx.ts';

export type StructuredFormat = Extract<FileFormat, 'csv' | 'xlsx' | 'mt940' | 'camt053'>;

export function isStructuredFormat(f: FileFormat): f is StructuredFormat {
  return f === 'csv' || f === 'xlsx' || f === 'mt940' || f === 'camt053';
}

/**
 * What an export reads into: a table format (CSV, XLSX) into sheets of cells, for the export
 * table reader to find the bookings in; a statement format (MT940, camt.053) into the statements
 * it states itself.
 */
export type StructuredRead =
  | { kind: 'sheets'; format: 'csv' | 'xlsx'; sheets: Cell[][][]; decimal: DecimalConvention }
  | { kind: 'document'; doc: ExtractedDocument };

/** Reads an export; throws StructuredError. */
export async function readStructured(format: StructuredFormat, bytes: Uint8Array): Promise<StructuredRead> {
  switch (format) {
    case 'csv':
      return { kind: 'sheets', format, ...readCsvSheet(bytes) };
    case 'xlsx':
      return { kind: 'sheets', format, ...(await readXlsxSheets(bytes)) };
    case 'mt940':
      return { kind: 'document', doc: mt940ToDocument(parseMt940(bytes)) };
    case 'camt053':
      return { kind: 'document', doc: camtToDocument(parseCamt053(bytes)) };
  }
}

export { StructuredError } from '../../errors.ts';
