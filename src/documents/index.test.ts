import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normaliseDocumentType, parseDocument, validateDocument } from './index.ts';
import type { ConformityCheck, ParsedTransaction, ValidationOutcome } from './types.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const CORPUS = '/work/shared/corpus';

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const STATEMENT = [
  ':20:STMT1',
  ':25:DE89370400440532013000',
  ':28C:1/1',
  ':60F:C240131EUR1000,00',
  ':61:2402010201D50,25NDDTNONREF',
  ':86:105?00SEPA-LASTSCHRIFT?20Strom Februar?32STADTWERKE?33 MUSTERSTADT',
  ':61:2402020202C200,00NTRFNONREF',
  ':86:166?00GUTSCHRIFT?20Erstattung',
  ':62F:C240202EUR1149,75',
  '-',
].join('\r\n');

describe('normaliseDocumentType', () => {
  it('accepts prefixed and un-prefixed forms', () => {
    expect(normaliseDocumentType('it.bank_statement')).toBe('bank_statement');
    expect(normaliseDocumentType('BANK_ACCOUNT_MOVEMENTS')).toBe('bank_account_movements');
    expect(normaliseDocumentType('it.residency_permit')).toBe('residency_permit');
    expect(normaliseDocumentType('it.payslip')).toBeNull();
    expect(normaliseDocumentType('')).toBeNull();
  });
});

describe('validateDocument', () => {
  it('empty file', async () => {
    expect(await validateDocument(new Uint8Array(0))).toMatchObject({ status: 'unreadable', errors: [{ code: 'empty_file' }] });
  });

  it('unsupported format', async () => {
    expect(await validateDocument(enc('just some words\n'))).toMatchObject({ format: null, status: 'failure', errors: [{ code: 'unsupported_format' }] });
  });

  it('an image with a truncated header is unreadable (OCR itself is tested in ocr/)', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(await validateDocument(png)).toEqual<ValidationOutcome>({
      format: 'png',
      document_type: 'unknown',
      status: 'unreadable',
      errors: [{ code: 'corrupt_file', message: 'image header cannot be read' }],
      pre_result: null,
      page_count: null,
    });
  });

  it('MT940 with balances is a bank statement', async () => {
    expect(await validateDocument(enc(STATEMENT))).toMatchObject({ format: 'mt940', document_type: 'bank_statement', status: 'success', errors: [] });
  });

  it('asserted type differing from the detected one is a mismatch naming both', async () => {
    const out = await validateDocument(enc(STATEMENT), { assertedType: 'bank_account_movements' });
    expect(out.status).toBe('failure');
    expect(out.errors[0]?.code).toBe('document_type_mismatch');
    expect(out.errors[0]?.message).toMatch(/bank_account_movements.*bank_statement/);
  });

  it('CSV without balances is a list of movements', async () => {
    const out = await validateDocument(enc('Date,Description,Amount\n2024-01-01,a,-1.00\n2024-01-02,b,2.00\n'));
    expect(out).toMatchObject({ format: 'csv', document_type: 'bank_account_movements', status: 'success' });
  });

  it('a corrupt structured file is unreadable', async () => {
    const out = await validateDocument(enc(':20:X\n:25:1\n:60F:C240101EUR1,00\n:61:garbage\n'));
    expect(out).toMatchObject({ format: 'mt940', status: 'unreadable', errors: [{ code: 'corrupt_file' }] });
  });

  it('a truncated PDF passed as a Node Buffer still ends as an outcome from the PDF dispatch', async () => {
    const out = await validateDocument(Buffer.from('%PDF-1.4\n1 0 obj\n<<'));
    expect(out.format).toBe('pdf');
    expect(out.status).not.toBe('success');
  });

  it('statements of two accounts in one MT940 are merged documents', async () => {
    const other = STATEMENT.replace(':20:STMT1', ':20:STMT2').replace('DE89370400440532013000', 'DE02120300000000202051');
    const out = await validateDocument(enc(`${STATEMENT}\r\n${other}`));
    expect(out).toMatchObject({ status: 'merged', errors: [{ code: 'multiple_documents' }] });
  });
});

describe('parseDocument', () => {
  it('MT940: fields, transactions, reconciled chain, bank from the BLZ table', async () => {
    const { parsing_result: r, parsing_confidence } = await parseDocument(enc(STATEMENT), { format: 'mt940', documentType: 'bank_statement' });
    expect(r['iban']?.value).toBe('DE89370400440532013000');
    expect(r['bank_name']?.value).toBe('Commerzbank');
    expect(r['currency_code']?.value).toBe('EUR');
    expect(r['opening_balance']?.value).toBe(1000);
    expect(r['closing_balance']?.value).toBe(1149.75);
    expect(r['value_date_min']?.value).toBe('2024-02-01');
    expect(r['value_date_max']?.value).toBe('2024-02-02');
    expect(r['document_conformed']?.value).toBe(true);
    expect(parsing_confidence).toBeGreaterThanOrEqual(0.95);
    const txs = r['transactions']?.value as ParsedTransaction[];
    expect(txs[0]).toMatchObject({
      date: '2024-02-01',
      value_date: '2024-02-01',
      amount: -50.25,
      currency: 'EUR',
      description: 'Strom Februar', // the purpose; the posting text ?00 is not part of it
      counterparty: 'STADTWERKE MUSTERSTADT',
      category: null,
      balance: null,
      codes: { gvc: '105' },
    });
  });

  it('a broken chain is not conformed and lowers confidence', async () => {
    const tampered = STATEMENT.replace('C200,00', 'C210,00');
    const { parsing_result: r, parsing_confidence } = await parseDocument(enc(tampered), { format: 'mt940', documentType: 'bank_statement' });
    expect(r['document_conformed']?.value).toBe(false);
    const checks = r['conformity_checks']?.value as ConformityCheck[];
    expect(checks.find((c) => !c.passed)?.message).toMatch(/closing balance is 1149.75/);
    expect(parsing_confidence).toBeLessThan(0.8);
  });

  it('throws DocumentParseError on corrupt input, never another error', async () => {
    await expect(parseDocument(enc('<Document>'), { format: 'camt053', documentType: 'bank_statement' })).rejects.toMatchObject({
      name: 'StructuredError',
      code: 'corrupt_file',
    });
    await expect(parseDocument(enc('x'), { format: 'jpeg', documentType: 'unknown' })).rejects.toMatchObject({ code: 'corrupt_file' });
  });
});

describe.skipIf(!existsSync(CORPUS))('corpus end to end', () => {
  it('actual-budget data.sta reconciles (1500.00 → 2496.71)', async () => {
    const bytes = readFileSync(`${CORPUS}/actual-budget-mt940/data.sta`);
    expect(await validateDocument(bytes)).toMatchObject({ status: 'success', document_type: 'bank_statement' });
    const { parsing_result: r, parsing_confidence } = await parseDocument(bytes, { format: 'mt940', documentType: 'bank_statement' });
    expect(r['opening_balance']?.value).toBe(1500);
    expect(r['closing_balance']?.value).toBe(2496.71);
    expect(r['document_conformed']?.value).toBe(true);
    expect(parsing_confidence).toBeGreaterThanOrEqual(0.95);
  });

  it('genkgo camt053.v2.minimal: closing printed as DBIT 27.00 SEK breaks the chain 18.15 + 8.85', async () => {
    const bytes = readFileSync(`${CORPUS}/genkgo-camt/camt053.v2.minimal.xml`);
    const { parsing_result: r } = await parseDocument(bytes, { format: 'camt053', documentType: 'bank_statement' });
    expect(r['opening_balance']?.value).toBe(18.15);
    expect(r['closing_balance']?.value).toBe(-27);
    expect(r['document_conformed']?.value).toBe(false);
  });

  it('genkgo multi.statement: one account over two statements is one document', async () => {
    const bytes = readFileSync(`${CORPUS}/genkgo-camt/camt053.v2.multi.statement.xml`);
    expect(await validateDocument(bytes)).toMatchObject({ status: 'success', document_type: 'bank_statement' });
    const { parsing_result: r } = await parseDocument(bytes, { format: 'camt053', documentType: 'bank_statement' });
    expect([r['opening_balance']?.value, r['closing_balance']?.value, r['document_conformed']?.value]).toEqual([18.15, 20, true]);
  });

  it('jejik rabobank.txt holds two accounts: merged', async () => {
    const out = await validateDocument(readFileSync(`${CORPUS}/jejik-mt940/input/rabobank.txt`));
    expect(out).toMatchObject({ status: 'merged', errors: [{ code: 'multiple_documents' }] });
  });

  it('every MT940/camt corpus file ends as an outcome, never an exception', async () => {
    const files = [
      ...walk(`${CORPUS}/wolph-mt940/input`),
      ...walk(`${CORPUS}/jejik-mt940/input`),
      `${CORPUS}/actual-budget-mt940/data.sta`,
      ...walk(`${CORPUS}/genkgo-camt`).filter((f) => f.endsWith('.xml')),
    ].filter((f) => !/LICENSE/.test(f));
    const tally: Record<string, number> = {};
    for (const f of files) {
      const out = await validateDocument(readFileSync(f));
      const key = `${out.format}:${out.status}`;
      tally[key] = (tally[key] ?? 0) + 1;
      if (out.status === 'success') {
        await expect(parseDocument(readFileSync(f), { format: out.format ?? 'csv', documentType: out.document_type })).resolves.toBeDefined();
      }
    }
    console.log('corpus validation tally', tally);
    expect(Object.values(tally).reduce((a, b) => a + b, 0)).toBe(files.length);
  });
});

describe('document_conformed: false where a check fails; nothing to check is said, not failed', () => {
  const csv = (rows: string[]) => new TextEncoder().encode(['Data;Descrizione;Importo', ...rows].join('\n'));

  it('an export with no balance of any kind fails no check: conformed at low confidence, with a check that could not run saying why', async () => {
    const out = await parseDocument(csv(['02/03/2026;PAGAMENTO POS;-45,10', '05/03/2026;STIPENDIO;1500,00']), { format: 'csv', documentType: 'bank_account_movements' });
    expect(out.parsing_result['document_conformed']?.value).toBe(true);
    expect(out.parsing_result['document_conformed']?.confidence).toBeLessThanOrEqual(0.5);
    const checks = out.parsing_result['conformity_checks']?.value as ConformityCheck[];
    expect(checks.map((c) => [c.check, c.passed])).toEqual([['balance_evidence', null]]);
  });

  it('an export whose running balances agree is conformed', async () => {
    const bytes = new TextEncoder().encode(['Data;Descrizione;Importo;Saldo', '02/03/2026;PAGAMENTO POS;-45,10;954,90', '05/03/2026;STIPENDIO;1500,00;2454,90'].join('\n'));
    const out = await parseDocument(bytes, { format: 'csv', documentType: 'bank_account_movements' });
    expect(out.parsing_result['document_conformed']?.value).toBe(true);
  });
});

describe('a page too large to render', () => {
  it('is too_large at upload, not a corrupt file', async () => {
    const { default: PDFDocument } = await import('pdfkit');
    const doc = new PDFDocument({ size: [14400, 14400], margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.rect(10, 10, 100, 100).fill('#000');
    doc.end();
    await new Promise((r) => doc.on('end', r));
    const v = await validateDocument(new Uint8Array(Buffer.concat(chunks)));
    expect(v).toMatchObject({ status: 'unreadable', errors: [{ code: 'too_large' }] });
  });
});
