import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildParseOutcome, classifyExtracted } from '../../statement/exports/result.ts';
import { xlsxDocument as parseXlsx } from '../../pipeline.ts';

async function workbook(rows: unknown[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Movimenti');
  for (const r of rows) ws.addRow(r);
  wb.addWorksheet('Other').addRow(['ignored']);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('XLSX exports', () => {
  it('reads the first sheet with real dates, numbers, a preamble and balances', async () => {
    const bytes = await workbook([
      ['Banca', 'Banca Esempio'],
      ['Intestatario', 'Anna Bianchi'],
      ['IBAN', 'IT60X0542811101000000123456'],
      ['Saldo iniziale', 100.1],
      [],
      ['Data', 'Data valuta', 'Descrizione', 'Importo', 'Saldo'],
      [new Date(Date.UTC(2024, 0, 2)), new Date(Date.UTC(2024, 0, 3)), 'POS SUPERMERCATO', -20.3, 79.8],
      [new Date(Date.UTC(2024, 0, 10)), new Date(Date.UTC(2024, 0, 10)), { richText: [{ text: 'BONIFICO ' }, { text: 'IN ENTRATA' }] }, 0.1 + 0.2, 80.1],
      ['Saldo finale', null, null, null, 80.1],
    ]);
    const doc = await parseXlsx(bytes);
    expect(doc.bankName).toBe('Banca Esempio');
    expect(doc.holder).toBe('Anna Bianchi');
    expect(doc.iban).toBe('IT60X0542811101000000123456');
    const part = doc.parts[0];
    expect(part?.openingCents).toBe(10_010);
    expect(part?.closingCents).toBe(8010);
    expect(part?.transactions.map((t) => [t.date, t.valueDate, t.amountCents, t.description, t.balanceCents])).toEqual([
      ['2024-01-02', '2024-01-03', -2030, 'POS SUPERMERCATO', 7980],
      ['2024-01-10', '2024-01-10', 30, 'BONIFICO IN ENTRATA', 8010],
    ]);
    expect(classifyExtracted(doc)).toBe('bank_account_movements');
    const out = buildParseOutcome(doc);
    expect(out.parsing_result['document_conformed']?.value).toBe(true);
    expect(out.parsing_result['closing_balance']?.value).toBe(80.1);
  });

  it('separate Dare/Avere columns and text dates', async () => {
    const doc = await parseXlsx(await workbook([
      ['Data', 'Causale', 'Dare', 'Avere'],
      ['01/02/2024', 'Commissioni', 1.5, null],
      ['02/02/2024', 'Accredito', null, '1.000,00'],
    ]));
    expect(doc.parts[0]?.transactions.map((t) => t.amountCents)).toEqual([-150, 100_000]);
    expect(classifyExtracted(doc)).toBe('bank_account_movements');
  });

  it('refuses bytes that are not a zip', async () => {
    await expect(parseXlsx(new TextEncoder().encode('PK not really'))).rejects.toThrow(/zip/);
  });
});
