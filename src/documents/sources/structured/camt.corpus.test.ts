import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sniff } from '../../sniff/sniff.ts';
import { parseCamt053 } from './camt.ts';

/**
 * genkgo-camt corpus: `<stem>.json` is the upstream decoder's output for `<stem>.xml`
 * (amounts in minor units, signed). Records appear only inside entries (getRecord).
 */
const DIR = '/work/shared/corpus/genkgo-camt';

interface GMoney {
  getAmount: string;
  getCurrency: { getCode: string };
}
interface GRecord {
  getId: string;
  getAccount: { getIdentification: string };
  getBalances: { getType: string; getAmount: GMoney }[];
}
interface GEntry {
  getIndex: number;
  getAmount: GMoney;
  getCreditDebitIndicator: string;
  getBookingDate: { 0: string } | null;
  getValueDate: { 0: string } | null;
  getRecord: GRecord | string;
}
interface GMessage {
  getRecords: unknown[];
  getEntries: GEntry[];
}

const files = existsSync(DIR) ? readdirSync(DIR) : [];
const camt053 = files.filter((f) => /^camt0?53.*\.json$/.test(f)).map((f) => f.replace(/\.json$/, ''));

describe.skipIf(!existsSync(DIR))('genkgo-camt corpus', () => {
  it.each(camt053)('%s', (stem) => {
    const bytes = readFileSync(`${DIR}/${stem}.xml`);
    expect(sniff(bytes)).toBe('camt053');
    const expected = JSON.parse(readFileSync(`${DIR}/${stem}.json`, 'utf8')) as GMessage;
    const statements = parseCamt053(bytes);
    expect(statements).toHaveLength(expected.getRecords.length);
    for (const e of expected.getEntries) {
      const record = typeof e.getRecord === 'string' ? null : e.getRecord;
      const st = record ? statements.find((s) => s.id === record.getId) : statements[0];
      expect(st).toBeDefined();
      if (record) {
        expect(st?.account).toBe(record.getAccount.getIdentification);
        const opening = record.getBalances.find((b) => b.getType === 'opening');
        const closing = record.getBalances.find((b) => b.getType === 'closing');
        expect(st?.openingCents).toBe(opening ? Number(opening.getAmount.getAmount) : null);
        expect(st?.closingCents).toBe(closing ? Number(closing.getAmount.getAmount) : null);
      }
      const t = st?.transactions[e.getIndex];
      expect(t?.amountCents).toBe(Number(e.getAmount.getAmount));
      expect(t?.amountCents).toSatisfy((c: number) => (e.getCreditDebitIndicator === 'DBIT' ? c <= 0 : c >= 0));
      expect(t?.currency).toBe(e.getAmount.getCurrency.getCode);
      if (e.getBookingDate) expect(t?.date).toBe(e.getBookingDate[0].slice(0, 10));
      expect(t?.valueDate).toBe(e.getValueDate ? e.getValueDate[0].slice(0, 10) : null);
    }
  });

  it('multi.statement: two statements of one account chain 27.00 → 20.00', () => {
    const [a, b] = parseCamt053(readFileSync(`${DIR}/camt053.v2.multi.statement.xml`));
    expect(a?.account).toBe(b?.account);
    expect(a?.closingCents).toBe(b?.openingCents);
    expect(b?.closingCents).toBe(2000);
  });

  it('wrong.xml (no statement) is refused as corrupt', () => {
    expect(() => parseCamt053(readFileSync(`${DIR}/camt053.v2.wrong.xml`))).toThrow(/no statement/);
  });

  it.each(files.filter((f) => /^camt05[24].*\.xml$/.test(f)))('%s is not camt.053', (f) => {
    expect(sniff(readFileSync(`${DIR}/${f}`))).toBeNull();
  });
});
