import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { FileFormat } from '../types.ts';
import { sniff } from './sniff.ts';
import { readZipDirectory } from './zip.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);

const CAMT = (ns: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${ns}"><BkToCstmrStmt/></Document>`;

const TABLE: [string, Uint8Array, FileFormat | null][] = [
  ['PDF header', enc('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'pdf'],
  ['PDF after junk within 1 KB', enc('junk'.repeat(100) + '%PDF-1.4\n'), 'pdf'],
  ['PDF marker after 1 KB', enc('x'.repeat(1100) + '%PDF-1.4\n'), null],
  ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'jpeg'],
  ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'png'],
  ['TIFF little endian', bytes(0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0), 'tiff'],
  ['TIFF big endian', bytes(0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8), 'tiff'],
  ['camt.053.001.02', enc(CAMT('camt.053.001.02')), 'camt053'],
  ['camt.053.001.08 with prefix', enc('<?xml version="1.0"?><ns:Document xmlns:ns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"></ns:Document>'), 'camt053'],
  ['camt.052 is not camt.053', enc(CAMT('camt.052.001.02')), null],
  ['camt.054 is not camt.053', enc(CAMT('camt.054.001.04')), null],
  ['other XML', enc('<?xml version="1.0"?><html><body/></html>'), null],
  ['MT940 plain', enc(':20:REF\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C240101EUR0,00\n:62F:C240101EUR0,00\n'), 'mt940'],
  ['MT940 in SWIFT envelope', enc('{1:F01BANKDEFFAXXX0000000000}{2:I940BANKDEFFXXXXN}{4:\n:20:X\n:25:123/456\n:60F:C240101EUR1,00\n-}'), 'mt940'],
  ['MT940 with :60M:', enc(':20:X\r\n:60M:C240101EUR1,00\r\n:62M:C240101EUR1,00\r\n'), 'mt940'],
  ['CSV semicolon', enc('Datum;Betrag;Text\n01.01.2024;-1,00;a\n02.01.2024;2,00;b\n'), 'csv'],
  ['CSV comma with quotes', enc('Date,Description,Amount\n2024-01-01,"Shop, Inc",-1.00\n2024-01-02,"Pay",2.00\n'), 'csv'],
  ['CSV tab', enc('Data\tImporto\n01/01/2024\t-1,00\n'), 'csv'],
  ['CSV with German preamble', enc('"Kontonummer:";"DE89 3704";\n"Zeitraum:";"x";\n\nBuchungstag;Wertstellung;Betrag;Text\n01.01.2024;01.01.2024;-1,00;a\n02.01.2024;02.01.2024;1,00;b\n'), 'csv'],
  ['plain prose', enc('Dear customer, this is a letter.\nIt has two lines.\n'), null],
  ['binary noise', bytes(0, 1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 9), null],
  ['empty', new Uint8Array(0), null],
  ['zip that is not xlsx', zipWith(['word/document.xml', '[Content_Types].xml']), null],
];

/** A minimal stored (uncompressed) zip whose entries are empty, enough for the directory reader. */
function zipWith(names: string[]): Uint8Array {
  const local: number[] = [];
  const central: number[] = [];
  const u16 = (n: number): number[] => [n & 0xff, (n >> 8) & 0xff];
  const u32 = (n: number): number[] => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
  for (const name of names) {
    const nb = [...new TextEncoder().encode(name)];
    const offset = local.length;
    local.push(...u32(0x04034b50), ...u16(20), ...u16(0), ...u16(0), ...u32(0), ...u32(0), ...u32(0), ...u32(0), ...u16(nb.length), ...u16(0), ...nb);
    central.push(...u32(0x02014b50), ...u16(20), ...u16(20), ...u16(0), ...u16(0), ...u32(0), ...u32(0), ...u32(0), ...u32(0));
    central.push(...u16(nb.length), ...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(0), ...u32(offset), ...nb);
  }
  const eocd = [...u32(0x06054b50), ...u16(0), ...u16(0), ...u16(names.length), ...u16(names.length), ...u32(central.length), ...u32(local.length), ...u16(0)];
  return Uint8Array.from([...local, ...central, ...eocd]);
}

describe('sniff', () => {
  it.each(TABLE)('%s', (_name, input, expected) => {
    expect(sniff(input)).toBe(expected);
  });

  it('recognises an XLSX by its central directory', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('s').addRow(['Date', 'Amount']);
    const buf = new Uint8Array(await wb.xlsx.writeBuffer());
    expect(sniff(buf)).toBe('xlsx');
    expect(readZipDirectory(buf, 100)?.some((e) => e.name === '[Content_Types].xml')).toBe(true);
  });

  it('a directory listing [Content_Types].xml and xl/ entries is enough', () => {
    expect(sniff(zipWith(['[Content_Types].xml', 'xl/workbook.xml']))).toBe('xlsx');
  });

  it('a truncated zip (PK header only) is not an XLSX', () => {
    expect(sniff(bytes(0x50, 0x4b, 0x03, 0x04, 1, 2, 3))).toBeNull();
  });

  it('decides from content, not names: an MT940 in UTF-16 with BOM', () => {
    const text = ':20:X\n:25:123\n:60F:C240101EUR1,00\n';
    const u16 = new Uint8Array(2 + text.length * 2);
    u16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) u16[2 + i * 2] = text.charCodeAt(i);
    expect(sniff(u16)).toBe('mt940');
  });
});
