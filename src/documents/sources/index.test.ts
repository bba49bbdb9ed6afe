/** The source registry: which sources read a format, in the order the pipeline tries them. */
import { describe, expect, it } from 'vitest';
import type { FileFormat } from '../types.ts';
import { ocr, pdfText, sourcesFor, structured } from './index.ts';

describe('sources registry', () => {
  it('a PDF is read from its text layer first, then by OCR; images by OCR; exports by the structured source', () => {
    expect(sourcesFor('pdf').map((s) => s.name)).toEqual(['pdf-text', 'ocr']);
    for (const f of ['jpeg', 'png', 'tiff'] as const) expect(sourcesFor(f)).toEqual([ocr]);
    for (const f of ['csv', 'xlsx', 'mt940', 'camt053'] as const) expect(sourcesFor(f)).toEqual([structured]);
  });

  it('every format the sniffer names has a source', () => {
    const formats: FileFormat[] = ['pdf', 'jpeg', 'png', 'tiff', 'csv', 'xlsx', 'mt940', 'camt053'];
    for (const f of formats) expect(sourcesFor(f).length).toBeGreaterThan(0);
  });

  it('a text layer reads with words enough; none, or too few, sends the pages to OCR', () => {
    const word = (text: string, x: number) => ({ text, x0: x, x1: x + 30, y0: 100, y1: 110 });
    const page = (texts: string[]) => ({ page: 1, width: 595, height: 842, words: texts.map((t, i) => word(t, 40 + i * 40)) });
    expect(pdfText.reads([page(['Estratto', 'conto', 'al', '31/03/2026', 'Saldo', 'iniziale', '1.000,00'])])).toBe(true);
    expect(pdfText.reads([page(['Pagina', '1'])])).toBe(false);
    expect(pdfText.scannedPage(page([]))).toBe(true);
  });

  it('the structured source reads a CSV into one sheet of cells (the statement is the table reader\'s job)', async () => {
    const read = await structured.read(new TextEncoder().encode('Data;Descrizione;Importo\n01/02/2024;Bonifico;-1,00\n'), 'csv');
    expect(read).toEqual({ kind: 'sheets', format: 'csv', decimal: 'comma', sheets: [[['Data', 'Descrizione', 'Importo'], ['01/02/2024', 'Bonifico', '-1,00']]] });
  });
});
