import ExcelJS from 'exceljs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../limits.ts';
import { validateDocument } from '../../index.ts';
import { parseCamt053 } from './camt.ts';
import { readCsv } from './csv.ts';
import { csvDocument as parseCsv, xlsxDocument as parseXlsx } from '../../pipeline.ts';
import { parseMt940 } from './mt940.ts';
import { checkZipBudget } from './xlsx.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/** A zip with one deflated entry, with honest central-directory sizes. */
function zipOf(entries: { name: string; data: Buffer }[]): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const comp = deflateRawSync(e.data);
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(comp.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(comp.length, 20);
    cd.writeUInt32LE(e.data.length, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    parts.push(local, name, comp);
    central.push(cd, name);
    offset += local.length + name.length + comp.length;
  }
  const cdBuf = Buffer.concat(central);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cdBuf.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, cdBuf, eocd]));
}

describe('limits', () => {
  it('a 10 MB single-line CSV is refused by its line length', async () => {
    const line = enc('a;'.repeat(5 * 1024 * 1024));
    expect(() => parseCsv(line)).toThrow(/line length/);
    const outcome = await validateDocument(line);
    expect(['unsupported_format', 'corrupt_file']).toContain(outcome.errors[0]?.code);
  });

  it(`CSV with more than ${LIMITS.csvMaxRows} rows is refused`, () => {
    const text = 'Date;Amount\n' + '2024-01-01;1,00\n'.repeat(LIMITS.csvMaxRows + 1);
    expect(() => readCsv(text, ';')).toThrow(/rows/);
  });

  it('an MT940 line over the line limit is refused', () => {
    expect(() => parseMt940(enc(':20:X\n:86:' + 'x'.repeat(LIMITS.maxLineBytes + 1)))).toThrow(/line length/);
  });

  it('a zip bomb (200 MB of zeros) is refused from the central directory, before inflating', async () => {
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(LIMITS.zipMaxUncompressedBytes + 1) },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(() => checkZipBudget(bomb)).toThrow(/zip bomb|size limit/);
    const outcome = await validateDocument(bomb);
    expect(outcome).toMatchObject({ format: 'xlsx', status: 'unreadable', errors: [{ code: 'corrupt_file' }] });
  });

  it('too many zip entries are refused', () => {
    const many = zipOf(Array.from({ length: LIMITS.zipMaxEntries + 1 }, (_, i) => ({ name: `xl/e${i}`, data: Buffer.from('x') })));
    expect(() => checkZipBudget(many)).toThrow(/entries/);
  });

  it(`XLSX with more than ${LIMITS.xlsxMaxRows} rows is refused`, async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow(['Date', 'Amount']);
    ws.getCell(LIMITS.xlsxMaxRows + 2, 1).value = 'x';
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    await expect(parseXlsx(bytes)).rejects.toThrow(/rows/);
  });

  it('an XML entity bomb is refused without expansion', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>&lol2;</Id></Stmt></BkToCstmrStmt></Document>`;
    expect(() => parseCamt053(enc(bomb))).toThrow(/DOCTYPE/);
    const outcome = await validateDocument(enc(bomb));
    expect(outcome).toMatchObject({ format: 'camt053', status: 'unreadable', errors: [{ code: 'corrupt_file' }] });
  });

  it('XML nested deeper than the depth limit is refused', () => {
    const depth = LIMITS.xmlMaxDepth + 10;
    const xml = '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">' + '<a>'.repeat(depth) + '</a>'.repeat(depth) + '</Document>';
    expect(() => parseCamt053(enc(xml))).toThrow();
  });

  it('malformed XML is corrupt', () => {
    expect(() => parseCamt053(enc('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>'))).toThrow(/well-formed/);
  });
});
