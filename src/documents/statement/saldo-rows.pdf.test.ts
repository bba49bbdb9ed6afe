/**
 * "SALDO …" rows in a real text PDF (pdfkit, read through pdf.js and the whole parse path): a dated
 * one is a booking only between dated bookings; a dated balance in a summary box above the table
 * stays the statement's balance, even where the table's balances of the day are undated.
 */
import { describe, expect, it } from 'vitest';
import { parsePdf } from '../pipeline.ts';

type Cell = [x: number, text: string, align?: 'right'];

async function statementPdf(lines: Cell[][]): Promise<Uint8Array> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  doc.font('Helvetica').fontSize(8);
  let y = 60;
  for (const cells of lines) {
    for (const [x, text, align] of cells) doc.text(text, align === 'right' ? x - doc.widthOfString(text) : x, y, { lineBreak: false });
    y += 12;
  }
  doc.end();
  await new Promise((r) => doc.on('end', r));
  return new Uint8Array(Buffer.concat(chunks));
}

const head: Cell[][] = [
  [[40, 'Banca Esempio S.p.A.']],
  [[40, 'ESTRATTO CONTO CORRENTE']],
  [[40, 'Intestatario: MARIO ROSSI']],
  [[40, 'IBAN IT60 X054 2811 1010 0000 0123 456']],
  [[40, 'Periodo dal 01/01/2025 al 31/01/2025']],
  [],
];

describe('dated SALDO rows in a text PDF', () => {
  it('keeps a dated balance in a summary box above the table a balance, and reads the dated SALDO booking between bookings as one', async () => {
    const pdf = await statementPdf([
      ...head,
      // the summary box: a dated "Saldo …" line whose figure stands in the table's amount column
      [[40, '31/12/2024'], [150, 'Saldo al 31/12/2024'], [470, '1.000,00', 'right']],
      [],
      [[40, 'Data'], [150, 'Descrizione'], [470, 'Importo', 'right'], [540, 'Saldo', 'right']],
      [[40, '02/01/2025'], [150, 'PAGAMENTO POS AUTOGRILL'], [470, '-64,39', 'right']],
      [[150, 'Saldo del giorno'], [540, '935,61', 'right']],
      [[40, '03/01/2025'], [150, 'BONIFICO A VOSTRO FAVORE'], [470, '100,00', 'right']],
      [[40, '03/01/2025'], [150, 'SALDO FATTURA 2024/118'], [470, '-20,00', 'right']],
      [[150, 'Saldo del giorno'], [540, '1.015,61', 'right']],
      [[40, '04/01/2025'], [150, 'PAGAMENTO CARTA'], [470, '-35,61', 'right']],
      [[150, 'Saldo del giorno'], [540, '980,00', 'right']],
      [[40, '07/01/2025'], [150, 'PRELIEVO ATM'], [470, '-80,00', 'right']],
      [[150, 'Saldo del giorno'], [540, '900,00', 'right']],
      [[40, '08/01/2025'], [150, 'ADDEBITO SDD ENEL ENERGIA'], [470, '-55,20', 'right']],
      [[150, 'Saldo del giorno'], [540, '844,80', 'right']],
      [[40, '09/01/2025'], [150, 'PAGAMENTO POS ESSELUNGA'], [470, '-44,80', 'right']],
      [[150, 'Saldo del giorno'], [540, '800,00', 'right']],
    ]);
    const out = await parsePdf(pdf, { format: 'pdf', documentType: 'bank_statement' });
    const txs = out.parsing_result['transactions']?.value as { date: string; amount: number; description: string }[];
    expect(txs.map((t) => [t.date, t.amount])).toEqual([
      ['2025-01-02', -64.39],
      ['2025-01-03', 100],
      ['2025-01-03', -20],
      ['2025-01-04', -35.61],
      ['2025-01-07', -80],
      ['2025-01-08', -55.2],
      ['2025-01-09', -44.8],
    ]);
    expect(out.parsing_result['opening_balance']?.value).toBe(1000);
    expect((out.parsing_result['conformity_checks']?.value as { passed: boolean | null }[]).filter((c) => c.passed === false)).toEqual([]);
    expect(out.parsing_result['document_conformed']?.value).toBe(true);
  });
});
