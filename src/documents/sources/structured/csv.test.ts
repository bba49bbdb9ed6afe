import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { csvDocument as parseCsv } from '../../pipeline.ts';
import { buildParseOutcome, classifyExtracted } from '../../statement/exports/result.ts';
import { detectDecimal, parseAmountText } from '../../statement/exports/table.ts';
import type { ParsedTransaction } from '../../types.ts';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('CSV exports', () => {
  it('Italian: Data operazione/Data valuta/Descrizione/Entrate/Uscite, dd/mm/yyyy, 1.234,56', () => {
    const csv = [
      'Intestatario;Mario Rossi',
      'IBAN;IT60 X054 2811 1010 0000 0123 456',
      'Saldo iniziale;1.000,00',
      '',
      'Data operazione;Data valuta;Descrizione;Entrate;Uscite',
      '02/01/2024;03/01/2024;STIPENDIO ACME;1.234,56;',
      '05/01/2024;05/01/2024;"AFFITTO; GENNAIO";;-700,00',
      'Saldo finale;1.534,56',
    ].join('\r\n');
    const doc = parseCsv(utf8(csv));
    expect(doc.iban).toBe('IT60X0542811101000000123456');
    expect(doc.holder).toBe('Mario Rossi');
    const [part] = doc.parts;
    expect(part?.openingCents).toBe(100_000);
    expect(part?.closingCents).toBe(153_456);
    expect(part?.transactions.map((t) => [t.date, t.valueDate, t.amountCents, t.description])).toEqual([
      ['2024-01-02', '2024-01-03', 123_456, 'STIPENDIO ACME'],
      ['2024-01-05', '2024-01-05', -70_000, 'AFFITTO; GENNAIO'],
    ]);
    // A CSV export lists movements, also when it prints opening and closing balances.
    expect(classifyExtracted(doc)).toBe('bank_account_movements');
    const out = buildParseOutcome(doc);
    expect(out.parsing_result['document_conformed']?.value).toBe(true);
    expect(out.parsing_confidence).toBeGreaterThanOrEqual(0.95);
  });

  it('German Windows-1252 export with preamble, Buchungstag/Valuta, Empfänger, DD.MM.YY', () => {
    const csv = [
      '"Kontonummer:";"DE89 3704 0044 0532 0130 00 / Girokonto";',
      '"Kontoinhaber:";"Jürgen Müller";',
      '"Kontostand vom 31.01.24:";"1.250,00 EUR";',
      '',
      '"Buchungstag";"Valuta";"Auftraggeber / Empfänger";"Buchungstext";"Verwendungszweck";"Betrag (EUR)"',
      '"15.01.24";"15.01.24";"Stadtwerke München";"Lastschrift";"Strom Jänner";"-50,00"',
      '"20.01.24";"20.01.24";"Arbeitgeber GmbH";"Gutschrift";"Lohn";"1.300,00"',
    ].join('\r\n');
    const bytes = iconv.encode(csv, 'win1252');
    const doc = parseCsv(new Uint8Array(bytes));
    expect(doc.iban).toBe('DE89370400440532013000');
    expect(doc.holder).toBe('Jürgen Müller');
    const t = doc.parts[0]?.transactions ?? [];
    // description = the description column; booking text and counterparty are their own columns.
    expect(t.map((x) => [x.date, x.amountCents, x.counterparty, x.description])).toEqual([
      ['2024-01-15', -5000, 'Stadtwerke München', 'Strom Jänner'],
      ['2024-01-20', 130_000, 'Arbeitgeber GmbH', 'Lohn'],
    ]);
    expect(doc.parts[0]?.currency).toBe('EUR');
    // Only a closing balance: movements, not a statement.
    expect(doc.parts[0]?.closingCents).toBe(125_000);
    expect(classifyExtracted(doc)).toBe('bank_account_movements');
    expect(buildParseOutcome(doc).parsing_result['bank_name']?.value).toBe('Commerzbank');
  });

  it('German Soll/Haben columns and a running Saldo that breaks at one row', () => {
    const csv = [
      'Buchungstag;Wertstellung;Verwendungszweck;Soll;Haben;Saldo',
      '01.02.2024;01.02.2024;Miete;800,00;;1.200,00',
      '02.02.2024;02.02.2024;Gehalt;;2.000,00;3.200,00',
      '03.02.2024;03.02.2024;Karte;10,00;;3.100,00',
    ].join('\n');
    const doc = parseCsv(utf8(csv));
    expect(doc.parts[0]?.transactions.map((t) => t.amountCents)).toEqual([-80_000, 200_000, -1000]);
    const out = buildParseOutcome(doc);
    const checks = out.parsing_result['conformity_checks']?.value as { passed: boolean; row?: number }[];
    expect(checks.filter((c) => !c.passed).map((c) => c.row)).toEqual([2]);
    expect(out.parsing_result['document_conformed']?.value).toBe(false);
    expect(out.parsing_confidence).toBeLessThan(0.8);
  });

  it('English UTF-8 BOM export: Date/Description/Payee/Debit/Credit/Balance, 1,234.56, newest first', () => {
    const csv = '\uFEFFDate,Description,Payee,Debit,Credit,Balance\n' +
      '2024-03-02,Card,"Shop, Inc",12.50,,"1,987.50"\n' +
      '2024-03-01,Salary,ACME,,"1,500.00","2,000.00"\n';
    const doc = parseCsv(utf8(csv));
    const t = doc.parts[0]?.transactions ?? [];
    expect(t.map((x) => [x.amountCents, x.balanceCents, x.counterparty])).toEqual([
      [-1250, 198_750, 'Shop, Inc'],
      [150_000, 200_000, 'ACME'],
    ]);
    const out = buildParseOutcome(doc);
    expect(out.parsing_result['document_conformed']?.value).toBe(true);
    expect(out.parsing_result['value_date_min']?.value).toBe('2024-03-01');
    expect(out.parsing_result['value_date_max']?.value).toBe('2024-03-02');
  });

  it('UTF-16LE with BOM, tab-separated, Importo with sign', () => {
    const text = 'Data\tDescrizione\tImporto\n31/12/2023\tBonifico\t-1.000,10\n';
    const buf = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const doc = parseCsv(new Uint8Array(buf));
    expect(doc.parts[0]?.transactions[0]).toMatchObject({ date: '2023-12-31', amountCents: -100_010, description: 'Bonifico' });
  });

  it('refuses a table without dates and amounts', () => {
    expect(() => parseCsv(utf8('a;b\n1;2\n3;4\n'))).toThrow(/no table with dates and amounts/);
  });

  it('reads amount notations', () => {
    expect(parseAmountText('1.234,56', 'comma')).toBe(123_456);
    expect(parseAmountText('1,234.56', 'dot')).toBe(123_456);
    expect(parseAmountText('12,00-', 'comma')).toBe(-1200);
    expect(parseAmountText('(3.50)', 'dot')).toBe(-350);
    expect(parseAmountText('+7 €', 'comma')).toBe(700);
    expect(parseAmountText("1'000.05", 'dot')).toBe(100_005);
    expect(detectDecimal(['1.234', '5,10'], 'dot')).toBe('comma');
    expect(detectDecimal(['1,234', '5.10'], 'comma')).toBe('dot');
  });
});

const txArb = fc.record({
  day: fc.integer({ min: 1, max: 28 }),
  cents: fc.integer({ min: -99_999_999, max: 99_999_999 }).filter((c) => c !== 0),
  text: fc.string({ maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, ' ')),
});

function format(cents: number, style: 'de' | 'en'): string {
  const abs = Math.abs(cents);
  const int = Math.floor(abs / 100).toString();
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, style === 'de' ? '.' : ',');
  return `${cents < 0 ? '-' : ''}${grouped}${style === 'de' ? ',' : '.'}${String(abs % 100).padStart(2, '0')}`;
}

const quote = (s: string): string => `"${s.replace(/"/g, '""')}"`;

describe('CSV round trip (property)', () => {
  it.each(['de', 'en'] as const)('amounts, dates and texts survive exactly (%s style)', (style) => {
    fc.assert(
      fc.property(fc.array(txArb, { minLength: 1, maxLength: 25 }), (txs) => {
        const d = style === 'de' ? ';' : ',';
        const header = style === 'de' ? 'Buchungstag;Verwendungszweck;Betrag' : 'Date,Description,Amount';
        const lines = txs.map((t) => {
          const date = style === 'de' ? `${String(t.day).padStart(2, '0')}.05.2024` : `2024-05-${String(t.day).padStart(2, '0')}`;
          return [date, quote(t.text), quote(format(t.cents, style))].join(d);
        });
        const doc = parseCsv(utf8([header, ...lines].join('\n')));
        const out = buildParseOutcome(doc).parsing_result['transactions']?.value as ParsedTransaction[];
        expect(out.map((t) => t.amount)).toEqual(txs.map((t) => t.cents / 100));
        expect(out.map((t) => t.date)).toEqual(txs.map((t) => `2024-05-${String(t.day).padStart(2, '0')}`));
        expect(out.map((t) => t.description)).toEqual(txs.map((t) => t.text.replace(/\s+/g, ' ').trim()));
      }),
      { numRuns: 60 },
    );
  });
});
