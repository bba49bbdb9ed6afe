/**
 * The real Postbank specimen (sschuberth/stan, Apache-2.0) against stan's expected
 * JSON. Assertions are derived from the expected file, not from our output.
 * Known, deliberate difference: stan keeps the rotated "Muster" watermark as a
 * description line of one booking; we drop rotated text, so it is removed from
 * the expected info before comparing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ParsedTransaction } from './types.ts';
import { parsePdf, validatePdf } from './pipeline.ts';

const DIR = new URL('../../test/fixtures/samples/stan-postbank/', import.meta.url).pathname;
const STEM = 'PB_KAZ_KtoNr_9999999999_06-04-2017_1200';

interface Expected {
  accountId: string;
  fromDate: string;
  toDate: string;
  balanceOld: number;
  balanceNew: number;
  sumIn: number;
  sumOut: number;
  bookings: { postDate: string; valueDate: string; info: string[]; amount: number }[];
}

const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();

describe('Postbank specimen statement', () => {
  const pdf = new Uint8Array(readFileSync(`${DIR}${STEM}.pdf`));
  const expected = JSON.parse(readFileSync(`${DIR}${STEM}-expected.json`, 'utf8')) as Expected;
  const csvRows = readFileSync(`${DIR}${STEM}-expected.csv`, 'utf8').trim().split('\n');

  it('validates as a bank statement', async () => {
    const v = await validatePdf(pdf, { assertedType: 'bank_statement' });
    expect(v).toMatchObject({ status: 'success', document_type: 'bank_statement', page_count: 2 });
  });

  it('extracts header, balances and every booking', async () => {
    const out = await parsePdf(pdf, { format: 'pdf', documentType: 'bank_statement' });
    const r = out.parsing_result;
    expect(r['iban']?.value).toBe(expected.accountId);
    expect(r['opening_balance']?.value).toBe(expected.balanceOld);
    expect(r['closing_balance']?.value).toBe(expected.balanceNew);
    expect(r['account_holder']?.value).toBe('Petra Pfiffig');
    expect(r['currency_code']?.value).toBe('EUR');
    const txs = r['transactions']?.value as ParsedTransaction[];
    expect(txs).toHaveLength(expected.bookings.length);
    expect(csvRows).toHaveLength(expected.bookings.length);
    txs.forEach((t, i) => {
      const e = expected.bookings[i]!;
      expect(t.date).toBe(e.postDate);
      expect(t.value_date).toBe(e.valueDate);
      expect(t.amount).toBe(e.amount);
      expect(norm(t.description)).toBe(norm(e.info.filter((l) => l !== 'Muster').join(' ')));
      expect(t.date >= expected.fromDate && t.date <= expected.toDate).toBe(true);
    });
    const sumIn = txs.filter((t) => t.amount > 0).reduce((s, t) => s + Math.round(t.amount * 100), 0);
    const sumOut = txs.filter((t) => t.amount < 0).reduce((s, t) => s + Math.round(t.amount * 100), 0);
    expect(sumIn).toBe(Math.round(expected.sumIn * 100));
    expect(sumOut).toBe(Math.round(expected.sumOut * 100));
    // Opening + bookings = closing, and the printed "Summe Zahlungsein/-ausgänge" agree.
    const checks = r['conformity_checks']?.value as { check: string; passed: boolean }[];
    for (const c of ['balance_chain', 'totals_debit', 'totals_credit'])
      expect(checks.find((x) => x.check === c)?.passed).toBe(true);
    expect(r['document_conformed']?.value).toBe(true);
    expect(out.parsing_confidence).toBeGreaterThanOrEqual(0.95);
  });
});
