/**
 * A description column printed first, left of the balance, date and amount columns, in padded rows:
 * each description sets its lines around the amount row (one above, one below), and the carry rows
 * at the page ends read "SALDO A RIPORTARE". The "A" of those rows is a word of the text, not a D/A
 * marker column (the bookings' descriptions run through where it stands), so it neither signs a
 * figure nor closes the description region: every line around a row stays in its description.
 */
import { describe, expect, it } from 'vitest';
import { parsePdf } from '../pipeline.ts';

type Cell = [x: number, text: string, align?: 'right'];
/** A printed line and the space under it (the line pitch, more after a row's last line). */
type Printed = { cells: Cell[]; after: number; size?: number };

async function statementPdf(pages: Printed[][]): Promise<Uint8Array> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  doc.font('Helvetica').fontSize(9);
  pages.forEach((lines, p) => {
    if (p > 0) doc.addPage();
    let y = 50;
    for (const { cells, after, size } of lines) {
      doc.fontSize(size ?? 9);
      for (const [x, text, align] of cells) doc.text(text, align === 'right' ? x - doc.widthOfString(text) : x, y, { lineBreak: false });
      y += after;
    }
  });
  doc.end();
  await new Promise((r) => doc.on('end', r));
  return new Uint8Array(Buffer.concat(chunks));
}

const PITCH = 11;
const PAD = 15;
const line = (text: string, after = PITCH): Printed => ({ cells: [[50, text]], after });
/** A booking: a description line above, the amount row (middle line, balance, date, amount), a line below. */
const booking = (top: string, middle: string, bottom: string, balance: string, date: string, amount: string): Printed[] => [
  line(top),
  { cells: [[50, middle], [660, balance, 'right'], [680, date], [790, amount, 'right']], after: PITCH },
  line(bottom, PAD),
];
// The small print under each page (6 pt, long lines): most word gaps of the document are its narrow ones.
const legal = [
  'Banca Esempio S.p.A. - Sede legale e Direzione Generale: Corso Vittorio Emanuele II, 151b, 80197 Napoli NA - Capitale sociale Euro 43.100.000 i.v. - Codice Fiscale e numero',
  "di iscrizione al Registro delle Imprese 61302836653 - Iscritta all'Albo delle Banche al n. 6854 - Aderente al Fondo Interbancario di Tutela dei Depositi e al Fondo Nazionale di Garanzia.",
];
const footer: Printed[] = [{ cells: [[50, legal[0]!]], after: 8, size: 6 }, { cells: [[50, legal[1]!]], after: 30, size: 6 }];
const carry = (label: string, balance: string): Printed => ({ cells: [[50, label], [660, balance, 'right']], after: PAD });

const head: Printed[] = [
  line('Banca Esempio S.p.A.'),
  line('Sede legale e Direzione Generale: Corso Vittorio Emanuele II, 151b, 80197 Napoli'),
  line('Capitale sociale Euro 43.100.000 interamente versato, iscritta all\'Albo delle Banche'),
  line('RENDICONTO DEL CONTO CORRENTE'),
  line('Intestatario: Mario Rossi, via della Spiga 12, Milano'),
  line('IBAN: IT60 X054 2811 1010 0000 0123 456'),
  line('dal 01/07/2025 al 30/09/2025', 30),
  { cells: [[50, 'Dettaglio operazione'], [640, 'Saldo'], [680, 'Data'], [750, 'Importo']], after: PAD },
];

describe('descriptions around their row, description column first, carry rows "SALDO A RIPORTARE"', () => {
  it('keeps the lines above and below each amount row in its description', async () => {
    const pdf = await statementPdf([
      [
        ...head,
        { cells: [[50, 'SALDO CONTABILE INIZIALE'], [660, '1.000,00', 'right']], after: PAD },
        ...booking('ADDEBITO SDD CORE', 'FASTWEB SPA', 'CONTRATTO 032039564 FT 443/2025', '857,76', '03/07/2025', '-142,24'),
        ...booking('BONIFICO SEPA IN ENTRATA', 'DA EDILNORD S.R.L.', 'RIMBORSO SPESE', '2.849,29', '04/07/2025', '+1.991,53'),
        ...booking('PAGAMENTO SDD', 'A2A ENERGIA SPA', 'BOLLETTA LUGLIO 2025', '2.791,84', '07/07/2025', '-57,45'),
        carry('SALDO A RIPORTARE', '2.791,84'),
        ...footer,
      ],
      [
        carry('SALDO RIPORTATO', '2.791,84'),
        ...booking('ADDEBITO DIRETTO', 'IREN MERCATO SPA', 'FATTURA N. 2916854974 DEL 23/07/25', '2.641,29', '23/07/2025', '-150,55'),
        ...booking('ACCREDITO BONIFICO', 'DA PASTICCERIA MARINO S.A.S.', 'REGALO', '10.655,90', '15/08/2025', '+8.014,61'),
        ...booking('ADDEBITO SDD CORE', 'ILIAD ITALIA SPA', 'CONTRATTO 127562980 FT 819/2025', '10.528,98', '26/08/2025', '-126,92'),
        carry('SALDO A RIPORTARE', '10.528,98'),
        ...footer,
      ],
      [
        carry('SALDO RIPORTATO', '10.528,98'),
        ...booking('BONIFICO A VOSTRO FAVORE', 'DA ORTOFRUTTA S.A.S.', 'FATTURA 118', '22.831,53', '29/09/2025', '+12.302,55'),
        ...booking('ADDEBITO CANONE', 'CARTA DI DEBITO', 'PERIODO SETTEMBRE 2025', '22.829,03', '30/09/2025', '-2,50'),
        carry('SALDO CONTABILE FINALE', '22.829,03'),
        ...footer,
      ],
    ]);
    const out = await parsePdf(pdf, { format: 'pdf', documentType: 'bank_statement' });
    const txs = out.parsing_result['transactions']?.value as { date: string; amount: number; description: string }[];
    expect(txs.map((t) => [t.date, t.amount, t.description])).toEqual([
      ['2025-07-03', -142.24, 'ADDEBITO SDD CORE FASTWEB SPA CONTRATTO 032039564 FT 443/2025'],
      ['2025-07-04', 1991.53, 'BONIFICO SEPA IN ENTRATA DA EDILNORD S.R.L. RIMBORSO SPESE'],
      ['2025-07-07', -57.45, 'PAGAMENTO SDD A2A ENERGIA SPA BOLLETTA LUGLIO 2025'],
      ['2025-07-23', -150.55, 'ADDEBITO DIRETTO IREN MERCATO SPA FATTURA N. 2916854974 DEL 23/07/25'],
      ['2025-08-15', 8014.61, 'ACCREDITO BONIFICO DA PASTICCERIA MARINO S.A.S. REGALO'],
      ['2025-08-26', -126.92, 'ADDEBITO SDD CORE ILIAD ITALIA SPA CONTRATTO 127562980 FT 819/2025'],
      ['2025-09-29', 12302.55, 'BONIFICO A VOSTRO FAVORE DA ORTOFRUTTA S.A.S. FATTURA 118'],
      ['2025-09-30', -2.5, 'ADDEBITO CANONE CARTA DI DEBITO PERIODO SETTEMBRE 2025'],
    ]);
    expect(out.parsing_result['document_conformed']?.value).toBe(true);
  });
});
