/**
 * Merged uploads are told on every page: a statement followed by a scanned identity card (an image
 * page inside a text PDF), and two statements whose second one prints no IBAN the first shares.
 */
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { shutdownOcr, validateDocument } from '../../src/documents/index.ts';
import { pageSignals, segment } from '../../src/documents/classify/classify.ts';
import { cardImage, cardTruth } from '../fixtures/id/generator.ts';

async function statementThenCardScan(): Promise<Uint8Array> {
  const card = await cardImage(cardTruth('it', 7), { sides: 'back', dpi: 300 });
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  doc.font('Helvetica-Bold').fontSize(16).text('ESTRATTO CONTO', 40, 40);
  doc.font('Helvetica').fontSize(10);
  doc.text('Intestatario: MARIO ROSSI', 40, 80).text('IBAN IT60 X054 2811 1010 0000 0123 456', 40, 96);
  doc.text('Data', 40, 140).text('Descrizione', 120, 140).text('Importo', 380, 140).text('Saldo', 480, 140);
  doc.text('SALDO INIZIALE', 120, 160).text('1.000,00', 470, 160, { width: 70, align: 'right' });
  const rows: [string, string, string, string][] = [
    ['02/03/2026', 'PAGAMENTO POS SUPERMERCATO', '-45,10', '954,90'],
    ['05/03/2026', 'STIPENDIO MARZO', '1.500,00', '2.454,90'],
    ['09/03/2026', 'PRELIEVO BANCOMAT', '-100,00', '2.354,90'],
  ];
  rows.forEach(([d, t, a, b], i) => {
    const y = 178 + i * 18;
    doc.text(d, 40, y).text(t, 120, y).text(a, 370, y, { width: 70, align: 'right' }).text(b, 470, y, { width: 70, align: 'right' });
  });
  doc.text('SALDO FINALE', 120, 240).text('2.354,90', 470, 240, { width: 70, align: 'right' });
  doc.addPage({ size: 'A4', margin: 0 });
  doc.image(Buffer.from(card), 60, 80, { width: 420 });
  doc.end();
  await new Promise((r) => doc.on('end', r));
  return new Uint8Array(Buffer.concat(chunks));
}

describe('merged uploads', () => {
  it('a scanned identity card after a statement page makes the upload merged', { timeout: 120_000 }, async () => {
    const v = await validateDocument(await statementThenCardScan());
    await shutdownOcr();
    expect(v.status).toBe('merged');
    expect(v.errors[0]?.message).toMatch(/pages 2-2: residency_permit/);
  });

  it('a closed statement followed by a page opening another one is a second document', () => {
    const sig = (page: number, o: Partial<ReturnType<typeof pageSignals>>) => ({
      ...pageSignals([], page),
      wordCount: 300,
      table: true,
      ...o,
    });
    const pages = [
      sig(1, { statementTitle: true, opening: true }),
      sig(2, { closing: true }),
      sig(3, { statementTitle: true, opening: true, iban: 'DE93222334310260062297' }),
      sig(4, { closing: true }),
    ];
    expect(segment(pages).map((s) => [s.from, s.to])).toEqual([
      [1, 2],
      [3, 4],
    ]);
    // A page header repeated on every page (title, balances, no account of its own) does not split.
    const repeated = [sig(1, { statementTitle: true, opening: true, closing: true, iban: 'X' }), sig(2, { statementTitle: true, opening: true, closing: true })];
    expect(segment(repeated)).toHaveLength(1);
  });
});
