/**
 * A text layer that does not read (fonts without a usable Unicode map) sends the PDF through
 * OCR like a scan, instead of "no statement found".
 */
import PDFDocument from 'pdfkit';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseDocument, validateDocument } from '../../index.ts';
import type { ParsedTransaction } from '../../types.ts';
import type { PositionedWord, WordPage } from '../../layout/model.ts';
import { pageReads, textLayerReads } from './text-layer.ts';

function pageOf(texts: string[]): WordPage {
  const words: PositionedWord[] = texts.map((text, i) => ({ text, x0: (i % 8) * 60, x1: (i % 8) * 60 + 50, y0: Math.floor(i / 8) * 12, y1: Math.floor(i / 8) * 12 + 9 }));
  return { page: 1, width: 595, height: 842, words };
}

describe('pageReads', () => {
  it('reads ordinary statement text', () => {
    const p = pageOf('ESTRATTO CONTO CORRENTE Saldo iniziale 1.234,56 02/03/2026 PAGAMENTO POS SUPERMERCATO CARTA 1234 BONIFICO A VOSTRO FAVORE'.repeat(8).split(' '));
    expect(pageReads(p)).toBe(true);
  });

  it('refuses glyph soup: control and private-use characters', () => {
    expect(pageReads(pageOf(Array.from({ length: 40 }, (_, i) => `\u0003\u0011${String.fromCharCode(0xe000 + i)}`)))).toBe(false);
  });

  it('refuses a substituted alphabet (letters without the vowels of a language)', () => {
    const soup = 'XQZT BRKLM PWSD 1234 GHJK TRVN QWRT PLKM ZXCV BNMQ'.repeat(10).split(' ');
    expect(pageReads(pageOf(soup))).toBe(false);
    expect(textLayerReads([pageOf(soup), pageOf(soup)])).toBe(false);
  });
});

/** A one-page statement typeset with an embedded TrueType font, its ToUnicode map removed. */
async function scrambledStatement(): Promise<Uint8Array> {
  const font = createRequire(import.meta.url).resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf');
  const doc = new PDFDocument({ compress: false, size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  doc.registerFont('L', font);
  doc.font('L').fontSize(16).text('ESTRATTO CONTO', 40, 40);
  doc.fontSize(11);
  doc.text('Intestatario: MARIO ROSSI', 40, 80);
  doc.text('IBAN IT60 X054 2811 1010 0000 0123 456', 40, 98);
  doc.text('Periodo dal 01/03/2026 al 31/03/2026', 40, 116);
  doc.text('Data', 40, 160).text('Descrizione', 130, 160).text('Importo', 390, 160).text('Saldo', 490, 160);
  doc.text('SALDO INIZIALE', 130, 182).text('1.000,00', 480, 182, { width: 60, align: 'right' });
  const rows: [string, string, string, string][] = [
    ['02/03/2026', 'PAGAMENTO POS SUPERMERCATO', '-45,10', '954,90'],
    ['05/03/2026', 'STIPENDIO MARZO', '1.500,00', '2.454,90'],
    ['09/03/2026', 'PRELIEVO BANCOMAT', '-100,00', '2.354,90'],
    ['16/03/2026', 'ADDEBITO SDD ENEL ENERGIA', '-87,30', '2.267,60'],
    ['23/03/2026', 'BONIFICO A FAVORE DI BIANCHI', '-250,00', '2.017,60'],
  ];
  let y = 204;
  for (const [d, desc, amt, bal] of rows) {
    doc.text(d, 40, y).text(desc, 130, y).text(amt, 380, y, { width: 60, align: 'right' }).text(bal, 480, y, { width: 60, align: 'right' });
    y += 22;
  }
  doc.text('SALDO FINALE', 130, y).text('2.017,60', 480, y, { width: 60, align: 'right' });
  doc.end();
  await new Promise((r) => doc.on('end', r));
  // Same length, so the cross-reference offsets stay valid: the font loses its Unicode map.
  const pdf = Buffer.concat(chunks).toString('latin1').replaceAll('/ToUnicode', '/ToUnicodX');
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}

describe('a PDF whose text layer does not read', () => {
  it('is validated and parsed through OCR', { timeout: 120_000 }, async () => {
    const bytes = await scrambledStatement();
    const v = await validateDocument(bytes);
    expect(v.status).toBe('success');
    expect(v.document_type).toBe('bank_statement');
    const out = await parseDocument(bytes, { format: 'pdf', documentType: v.document_type, ...(v.ocr_lang ? { ocrLang: v.ocr_lang } : {}) });
    const txs = out.parsing_result['transactions']?.value as ParsedTransaction[];
    expect(txs.map((t) => [t.date, t.amount])).toEqual([
      ['2026-03-02', -45.1],
      ['2026-03-05', 1500],
      ['2026-03-09', -100],
      ['2026-03-16', -87.3],
      ['2026-03-23', -250],
    ]);
    expect(out.parsing_result['iban']?.value).toBe('IT60X0542811101000000123456');
  });
});

describe('pageReads on ASCII without its patterns', () => {
  // The patterns it applies to every character (text-layer.ts), as a reference.
  const reference = (page: WordPage): boolean => {
    let chars = 0;
    let bad = 0;
    let letters = 0;
    let vowels = 0;
    for (const w of page.words) {
      for (const ch of w.text) {
        chars++;
        if (/[\p{Cc}\p{Co}\p{Cn}\p{Cs}\uFFFD]/u.test(ch)) bad++;
        else if (/[a-zà-ÿ]/i.test(ch)) {
          letters++;
          if (/[aeiouyàèéìòùäöüâêîôû]/i.test(ch)) vowels++;
        }
      }
    }
    if (chars === 0) return true;
    if (bad / chars > 0.2) return false;
    return !(letters >= 200 && (vowels / letters < 0.18 || vowels / letters > 0.62));
  };

  it('counts every ASCII character as the patterns do', () => {
    const ascii = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));
    // Each character alone among plain letters, enough of them to pass or fail each threshold.
    for (const ch of ascii) {
      for (const filler of ['aaaa', 'xxxx', 'a']) {
        const p = pageOf(Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? ch.repeat(3) : filler)));
        expect(pageReads(p), `${ch.charCodeAt(0)} ${filler}`).toBe(reference(p));
      }
    }
    const mixed = pageOf('Ärger Straße ÀÉÎÕÜ àéîõü ÿ × ÷ \u00ad \u0085 \uFFFD \uE000 𝔸 Saldo 1.234,56'.split(' '));
    expect(pageReads(mixed)).toBe(reference(mixed));
  });
});

