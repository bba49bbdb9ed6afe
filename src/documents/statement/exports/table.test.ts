import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DocumentParseError } from '../../types.ts';
import { detectDelimiter } from '../../sources/structured/csv.ts';
import { csvDocument as parseCsv, xlsxDocument as parseXlsx } from '../../pipeline.ts';
import { buildParseOutcome, classifyExtracted } from './result.ts';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const rows = (doc: ReturnType<typeof parseCsv>): unknown[][] =>
  (doc.parts[0]?.transactions ?? []).map((t) => [t.date, t.valueDate, t.amountCents, t.description, t.balanceCents]);

describe('table reader without a header', () => {
  it('finds dates, the debit/credit pair, its orientation and the balance from the balance chain', () => {
    // No header, unsigned Dare/Avere-like pair (credit printed first), two empty trailing columns.
    const csv = [
      '03/02/2024;03/02/2024;STIPENDIO FEBBRAIO ACME SPA;1500,00;;2500,00;;',
      '05/02/2024;04/02/2024;PAGAMENTO POS ESSELUNGA CARTA 1234;;45,10;2454,90;;',
      '06/02/2024;06/02/2024;ADDEBITO SDD ENEL FATT 998877;;60,00;2394,90;;',
      '09/02/2024;08/02/2024;PRELIEVO ATM 4411;;100,00;2294,90;;',
    ].join('\n');
    const doc = parseCsv(utf8(csv));
    expect(rows(doc)).toEqual([
      ['2024-02-03', '2024-02-03', 150_000, 'STIPENDIO FEBBRAIO ACME SPA', 250_000],
      ['2024-02-05', '2024-02-04', -4510, 'PAGAMENTO POS ESSELUNGA CARTA 1234', 245_490],
      ['2024-02-06', '2024-02-06', -6000, 'ADDEBITO SDD ENEL FATT 998877', 239_490],
      ['2024-02-09', '2024-02-08', -10_000, 'PRELIEVO ATM 4411', 229_490],
    ]);
    expect(buildParseOutcome(doc).parsing_result['document_conformed']?.value).toBe(true);
  });

  it('reads an unsigned amount with an S/H marker column, the booking date being the ordered one', () => {
    const csv = [
      '02.03.2024|01.03.2024|Lastschrift|Miete März Wohnung 4|800,00|S',
      '28.02.2024|03.03.2024|Gutschrift|Gehalt 02/2024 PersNr 77|2.100,00|H',
      '05.03.2024|04.03.2024|Kartenzahlung|REWE 0815 Karte 2|35,20|S',
    ].join('\r\n');
    const doc = parseCsv(utf8(csv));
    // Column 2 is ascending: the booking date. Column 1 is not ordered: the value date.
    expect(rows(doc).map((r) => [r[0], r[2], r[3]])).toEqual([
      ['2024-03-01', -80_000, 'Miete März Wohnung 4'],
      ['2024-03-03', 210_000, 'Gehalt 02/2024 PersNr 77'],
      ['2024-03-04', -3520, 'REWE 0815 Karte 2'],
    ]);
  });

  it('where both date columns keep their order, the booking date is the one without weekend dates (value date first)', () => {
    // 16.11.2025 is a Sunday: a card payment's value date, never a booking date.
    const csv = [
      '14.11.2025;Anna Berger;Überweisung Miete;14.11.2025;-850,00;116',
      '16.11.2025;REWE;Kartenzahlung 16.11.2025 10:10 Karte 12;17.11.2025;-90,29;106',
      '18.11.2025;Stadtwerke;Lastschrift Strom;18.11.2025;-61,20;105',
      '20.11.2025;ACME GmbH;Gehalt 11/2025;20.11.2025;2.400,00;153',
    ].join('\n');
    const doc = parseCsv(utf8(csv));
    expect(rows(doc).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['2025-11-14', '2025-11-14', -85_000],
      ['2025-11-17', '2025-11-16', -9029],
      ['2025-11-18', '2025-11-18', -6120],
      ['2025-11-20', '2025-11-20', 240_000],
    ]);
  });

  it('picks the delimiter that makes the table, not the decimal comma', () => {
    const lines = ['Saldo iniziale;196,91', '26/04/2024;POS;ESSELUNGA;;54,43;', '26/04/2024;BONIFICO;ORD ROSSI;687,89;;'];
    expect(detectDelimiter(lines)).toBe(';');
  });
});

describe('account data around the table', () => {
  it('summary rows are balances, dated "Kontostand vom" lines are opening and closing, currency from the label', () => {
    const csv = [
      'Kontoinhaber:;Max und Erika Mustermann',
      'IBAN:;DE89 3704 0044 0532 0130 00',
      'Kontostand vom 01.02.2024:;1.000,00 EUR',
      'Kontostand vom 29.02.2024:;1.940,00 EUR',
      '',
      'Buchungstag;Valuta;Buchungstext;Verwendungszweck;Betrag;Währung',
      '02.02.2024;02.02.2024;Gutschrift;Gehalt Februar;1.000,00;EUR',
      '05.02.2024;05.02.2024;Kartenzahlung;Amazon US order 5512;-50,00;USD',
      '06.02.2024;06.02.2024;Lastschrift;Strom;-10,00;EUR',
      '',
      ';;;Kontostand;1.940,00;',
    ].join('\n');
    const doc = parseCsv(utf8(csv));
    const part = doc.parts[0];
    expect(part?.transactions).toHaveLength(3);
    expect(part?.transactions.map((t) => t.description)).toEqual(['Gehalt Februar', 'Amazon US order 5512', 'Strom']);
    expect(part?.transactions.map((t) => t.currency)).toEqual(['EUR', 'USD', 'EUR']);
    expect([part?.openingCents, part?.closingCents, part?.currency]).toEqual([100_000, 194_000, 'EUR']);
    expect(doc.holder).toBe('Max und Erika Mustermann');
    expect(classifyExtracted(doc)).toBe('bank_account_movements');
  });

  it('the account currency is the majority of the rows, not a few foreign-exchange rows; every transaction carries one', () => {
    const lines = ['Date,Description,Amount,Currency'];
    for (let d = 10; d < 20; d++) lines.push(`2024-05-${d},Shop ${d},-${d}.00,${d < 14 ? 'USD' : 'EUR'}`);
    const doc = parseCsv(utf8(lines.join('\n')));
    expect(doc.parts[0]?.currency).toBe('EUR');
    const noCurrency = parseCsv(utf8('IBAN;IT60X0542811101000000123456\nData;Descrizione operazioni;Importo\n01/02/2024;Bonifico;-1,00\n'));
    expect(noCurrency.parts[0]?.transactions[0]?.currency).toBe('EUR');
    expect(noCurrency.parts[0]?.transactions[0]?.description).toBe('Bonifico');
  });

  it('an unlabelled amount under the table is the closing balance only when the running balance confirms it', () => {
    const body = ['Value\tDr/Cr\tDescription\tDate\tBalance', '81.55\tDR\tSKY REF 1\t10/04/2025\t1916.94', '1613.24\tCR\tSALARY APR\t14/04/2025\t3530.18', ''];
    expect(parseCsv(utf8([...body, '3530.18\t\t\t\t'].join('\n'))).parts[0]?.closingCents).toBe(353_018);
    expect(parseCsv(utf8([...body, '1694.79\t\t\t\t'].join('\n'))).parts[0]?.closingCents).toBeNull();
  });

  it('a table none of whose rows can be read is a parse error with its own code', () => {
    const csv = ['01.02.2024;a;12,00;', '02.02.2024;b;13,00;', '03.02.2024;c;;5,00', '04.02.2024;d;;6,00', '05.02.2024;e;1,00;2,00'].join('\n');
    expect(() => parseCsv(utf8(csv))).toThrow(DocumentParseError);
    try {
      parseCsv(utf8(csv));
    } catch (e) {
      expect((e as DocumentParseError).code).toBe('no_transactions_extracted');
    }
  });
});

describe('XLSX workbooks', () => {
  it('reads an info sheet, title rows and one sheet per month', async () => {
    const wb = new ExcelJS.Workbook();
    const info = wb.addWorksheet('Info conto');
    info.addRow(['IBAN', 'IT60X0542811101000000123456']);
    info.addRow(['Intestatario', 'ROSSI MARIO E BIANCHI ANNA']);
    info.addRow(['Saldo iniziale', 100]);
    info.addRow(['Saldo finale', 70]);
    for (const [name, day, amount] of [['Gennaio 2024', 15, -10], ['Febbraio 2024', 15, -20]] as const) {
      const ws = wb.addWorksheet(name);
      ws.addRow(['Lista movimenti conto 0123456 - ROSSI MARIO E BIANCHI ANNA']);
      ws.addRow(['Data contabile', 'Descrizione', 'Importo']);
      ws.addRow([new Date(Date.UTC(2024, name.startsWith('G') ? 0 : 1, day)), `PAGAMENTO ${name}`, amount]);
    }
    const doc = await parseXlsx(new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(doc.holder).toBe('ROSSI MARIO E BIANCHI ANNA');
    expect(doc.parts[0]?.transactions.map((t) => [t.date, t.amountCents, t.description])).toEqual([
      ['2024-01-15', -1000, 'PAGAMENTO Gennaio 2024'],
      ['2024-02-15', -2000, 'PAGAMENTO Febbraio 2024'],
    ]);
    expect([doc.parts[0]?.openingCents, doc.parts[0]?.closingCents]).toEqual([10_000, 7000]);
    expect(buildParseOutcome(doc).parsing_result['document_conformed']?.value).toBe(true);
  });
});

describe('layouts of other banks', () => {
  it('Sparkasse-style: the account IBAN on every row, sparse amount columns, a debit-only statement', () => {
    const csv = [
      '"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";"Lastschrift Ursprungsbetrag";"Beguenstigter/Zahlungspflichtiger";"Betrag";"Waehrung";"Info"',
      '"DE89370400440532013000";"02.01.24";"02.01.24";"FOLGELASTSCHRIFT";"Strom 01/2024";"";"Stadtwerke";"-50,00";"EUR";"Umsatz gebucht"',
      '"DE89370400440532013000";"03.01.24";"03.01.24";"GUTSCHRIFT";"Lohn";"";"Arbeitgeber";"1.300,00";"EUR";"Umsatz gebucht"',
    ].join('\n');
    const doc = parseCsv(utf8(csv));
    expect(doc.iban).toBe('DE89370400440532013000');
    expect(doc.parts[0]?.transactions.map((t) => [t.date, t.amountCents, t.description, t.counterparty])).toEqual([
      ['2024-01-02', -5000, 'Strom 01/2024', 'Stadtwerke'],
      ['2024-01-03', 130_000, 'Lohn', 'Arbeitgeber'],
    ]);
    const debitsOnly = parseCsv(utf8('Data;Descrizione;Dare;Avere\n01/02/2024;Commissioni;1,50;\n02/02/2024;Canone;3,00;\n'));
    expect(debitsOnly.parts[0]?.transactions.map((t) => t.amountCents)).toEqual([-150, -300]);
  });

  it('N26-style: a sparse foreign-currency column is not the transactions currency', () => {
    const csv = [
      '"Date","Payee","Account number","Transaction type","Payment reference","Amount (EUR)","Amount (Foreign Currency)","Type Foreign Currency","Exchange Rate"',
      '"2024-01-02","Shop","","MasterCard Payment","","-10.00","-10.80","USD","1.08"',
      '"2024-01-03","ACME","DE89370400440532013000","Income","Salary January","2000.00","","",""',
      '"2024-01-04","Bakery","","MasterCard Payment","","-3.50","","",""',
    ].join('\n');
    const doc = parseCsv(utf8(csv));
    expect(doc.parts[0]?.currency).toBe('EUR');
    expect(doc.parts[0]?.transactions.map((t) => [t.amountCents, t.currency, t.description])).toEqual([
      // No payment reference: the booking type and payee stand in.
      [-1000, 'EUR', 'MasterCard Payment Shop'],
      [200_000, 'EUR', 'Salary January'],
      [-350, 'EUR', 'MasterCard Payment Bakery'],
    ]);
  });
});

describe('more layouts the vocabulary was not written for', () => {
  it('ING-DE-like: preamble, Saldo and Betrag each followed by a Währung column', () => {
    const csv = [
      'Umsatzanzeige;Datei erstellt am: 05.03.2024 10:00',
      'IBAN;DE89 3704 0044 0532 0130 00',
      'Kunde;Erika Mustermann',
      '',
      'Buchung;Valuta;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Saldo;Währung;Betrag;Währung',
      '04.03.2024;04.03.2024;REWE;Lastschrift;Einkauf 0815;1.234,56;EUR;-12,34;EUR',
      '01.03.2024;01.03.2024;ACME GmbH;Gehalt/Rente;Lohn März;1.246,90;EUR;1.000,00;EUR',
    ].join('\n');
    const doc = parseCsv(utf8(csv));
    expect(doc.holder).toBe('Erika Mustermann');
    expect(rows(doc)).toEqual([
      ['2024-03-04', '2024-03-04', -1234, 'Einkauf 0815', 123_456],
      ['2024-03-01', '2024-03-01', 100_000, 'Lohn März', 124_690],
    ]);
    expect(buildParseOutcome(doc).parsing_result['document_conformed']?.value).toBe(true);
  });

  it('Intesa-like: "Valuta" holding currency codes is the currency, not a value date', () => {
    const csv = [
      'Data;Operazione;Dettagli;Conto o carta;Contabilizzazione;Categoria;Valuta;Importo',
      '05/03/2024;Pagamento POS;ESSELUNGA MILANO CARTA 1234;Conto 1000/123;SI;Spesa;EUR;-45,10',
      '06/03/2024;Bonifico in entrata;STIPENDIO MARZO ACME;Conto 1000/123;SI;Stipendio;EUR;1.500,00',
    ].join('\n');
    const doc = parseCsv(utf8(csv));
    expect(doc.parts[0]?.transactions.map((t) => [t.valueDate, t.amountCents, t.currency, t.description])).toEqual([
      [null, -4510, 'EUR', 'ESSELUNGA MILANO CARTA 1234'],
      [null, 150_000, 'EUR', 'STIPENDIO MARZO ACME'],
    ]);
  });

  it('Lloyds-like: sort code and account number columns are not money; Fineco-like "Descrizione_Completa"', () => {
    const lloyds = [
      'Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,Balance',
      "02/01/2024,DEB,'30-94-48,12345678,TESCO STORES 1234,12.50,,987.50",
      "03/01/2024,BGC,'30-94-48,12345678,ACME LTD SALARY,,1500.00,2487.50",
    ].join('\n');
    expect(rows(parseCsv(utf8(lloyds))).map((r) => [r[2], r[3], r[4]])).toEqual([
      [-1250, 'TESCO STORES 1234', 98_750],
      [150_000, 'ACME LTD SALARY', 248_750],
    ]);
    const fineco = 'Data Operazione;Data Valuta;Entrate;Uscite;Descrizione;Descrizione_Completa\n05/03/2024;05/03/2024;;-9,99;Pagamento Visa Debit;NETFLIX.COM Carta N. *1234\n';
    expect(parseCsv(utf8(fineco)).parts[0]?.transactions[0]).toMatchObject({ amountCents: -999, description: 'Pagamento Visa Debit NETFLIX.COM Carta N. *1234' });
  });
});

describe('dates printed with month names', () => {
  it('reads "03 Jan 2024", "3. März 24" and "05-gen-2024" as dates', () => {
    const csv = 'Date,Description,Amount\n03 Jan 2024,Coffee 1,-3.50\n04 Jan 2024,Salary ACME,2000.00\n';
    expect(rows(parseCsv(utf8(csv))).map((r) => r[0])).toEqual(['2024-01-03', '2024-01-04']);
    const de = 'Datum;Text;Betrag\n3. März 24;Miete 3;-800,00\n05-gen-2024;Bonifico 5;10,00\n';
    expect(rows(parseCsv(utf8(de))).map((r) => r[0])).toEqual(['2024-03-03', '2024-01-05']);
  });
});

it('a value date printed without a year takes the year nearest to its booking date', () => {
  const csv = 'Buchungstag;Valuta;Verwendungszweck;Betrag\n02.01.2024;30.12.;Kartenzahlung Silvester;-20,00\n03.01.2024;03.01.;Miete;-700,00\n';
  expect(rows(parseCsv(utf8(csv))).map((r) => [r[0], r[1]])).toEqual([
    ['2024-01-02', '2023-12-30'],
    ['2024-01-03', '2024-01-03'],
  ]);
});

it('balance lines inside the table are opening and closing, with a date between label and amount', () => {
  const csv = [
    'Data;Descrizione;Importo',
    'Saldo iniziale;01/03/2024;100,00',
    '02/03/2024;Bonifico 1;-10,00',
    '03/03/2024;Bonifico 2;-20,00',
    'Saldo finale;31/03/2024;70,00',
  ].join('\n');
  const part = parseCsv(utf8(csv)).parts[0];
  expect([part?.transactions.length, part?.openingCents, part?.closingCents]).toEqual([2, 10_000, 7000]);
});

it('a title line names the holder after the account number', () => {
  const csv = 'Umsatzliste Konto 0123456 - Autohaus Becker UG (haftungsbeschränkt)\nDatum;Text;Betrag\n01.02.2024;Miete 2;-800,00\n';
  expect(parseCsv(utf8(csv)).holder).toBe('Autohaus Becker UG (haftungsbeschränkt)');
});
