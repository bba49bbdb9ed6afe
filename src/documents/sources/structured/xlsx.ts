import ExcelJS from 'exceljs';
import { LIMITS } from '../../limits.ts';
import { readZipDirectory } from '../../sniff/zip.ts';
import { corrupt, tooLarge } from '../../errors.ts';
import type { Cell, DecimalConvention } from '../../layout/model.ts';

/**
 * Refuses archives whose central directory promises more than we will inflate,
 * before exceljs (which inflates everything in memory) sees them.
 */
export function checkZipBudget(bytes: Uint8Array): void {
  const entries = readZipDirectory(bytes, LIMITS.zipMaxEntries);
  if (!entries) throw corrupt('XLSX container is not a readable zip or has too many entries');
  let total = 0;
  for (const e of entries) {
    total += e.uncompressedSize;
    const ratio = e.uncompressedSize / Math.max(1, e.compressedSize);
    if (e.uncompressedSize > 1024 * 1024 && ratio > LIMITS.zipMaxCompressionRatio) {
      throw tooLarge(`XLSX entry ${e.name.slice(0, 80)} has a compression ratio typical of a zip bomb`);
    }
  }
  if (total > LIMITS.zipMaxUncompressedBytes) throw tooLarge('XLSX would inflate beyond the size limit');
}

function toCell(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v;
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('formula' in v || 'sharedFormula' in v) return 'result' in v && v.result !== undefined ? toCell(v.result as ExcelJS.CellValue) : null;
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('error' in v) return null;
  }
  return null;
}

/** Every worksheet → rows of cells: transaction sheets (one per month, too) and info sheets. */
export async function readXlsxSheets(bytes: Uint8Array): Promise<{ sheets: Cell[][][]; decimal: DecimalConvention }> {
  checkZipBudget(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer);
  } catch (e) {
    throw corrupt(`XLSX could not be read: ${(e as Error).message.slice(0, 200)}`);
  }
  if (workbook.worksheets.length === 0) throw corrupt('XLSX has no worksheet');
  const sheets: Cell[][][] = [];
  let total = 0;
  for (const sheet of workbook.worksheets) {
    total += sheet.rowCount;
    if (total > LIMITS.xlsxMaxRows) throw tooLarge(`XLSX has more than ${LIMITS.xlsxMaxRows} rows`);
    const rows: Cell[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: Cell[] = [];
      const count = Math.min(row.cellCount, LIMITS.maxColumns);
      for (let c = 1; c <= count; c++) cells.push(toCell(row.getCell(c).value));
      if (cells.some((c) => c !== null && String(c).trim().length > 0)) rows.push(cells);
    });
    sheets.push(rows);
  }
  // Typed cells carry their numbers; text amounts fall back to 1,234.56.
  return { sheets, decimal: 'dot' };
}
