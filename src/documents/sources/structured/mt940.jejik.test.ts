import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMt940 } from './mt940.ts';

/**
 * jejik-mt940 fixtures: expectations transcribed from
 * /work/shared/corpus/jejik-mt940/expected-assertions-extracted.json (upstream PHPUnit asserts).
 * `opening` is the first statement's opening balance; tx0 is the first transaction of
 * statement `txStatement` (default 0). ING's upstream parser swaps value/book dates, so only count and
 * amount are asserted for it.
 */
interface Case {
  file: string;
  statements: number;
  account: string;
  opening: number;
  txCount: number;
  tx0: { amount: number; valueDate?: string; bookDate?: string | null; gvc?: string; holder?: string };
  holderAt?: [number, string];
  /** Statement the upstream transaction test reads (its asserts fit only this one). */
  txStatement?: number;
}

const CASES: Case[] = [
  { file: 'abnamro.txt', statements: 2, account: '517852257', opening: 323628, txCount: 8, tx0: { amount: -900, valueDate: '2011-05-24', bookDate: '2011-05-24' } },
  { file: 'bug-core-5401.txt', statements: 1, account: 'DE19662800530622160900', opening: 0, txCount: 1, tx0: { amount: 5000, valueDate: '2021-03-31', bookDate: '2021-03-31', gvc: '166', holder: 'XXXXXXA MXXXXXX' } },
  { file: 'deutschebank.txt', statements: 1, account: '20070000/0123456601', opening: 0, txCount: 1, tx0: { amount: -1235, valueDate: '2020-06-08', bookDate: '2020-06-08', gvc: '109', holder: 'TESTEREL' } },
  { file: 'ing-dos.txt', statements: 1, account: '0001234567', opening: 0, txCount: 7, tx0: { amount: -2503 } },
  { file: 'ing-unix.txt', statements: 1, account: '0001234567', opening: 0, txCount: 7, tx0: { amount: -2503 } },
  { file: 'knab.txt', txStatement: 1, statements: 2, account: '123456789', opening: 0, txCount: 2, tx0: { amount: -726000, valueDate: '2014-07-29', bookDate: '2014-07-29' } },
  { file: 'lbbw.txt', statements: 1, account: '12345678/1324357', opening: 0, txCount: 2, tx0: { amount: -1, valueDate: '2021-02-08', bookDate: '2021-02-08', gvc: '834' }, holderAt: [1, 'NIC RICHTER'] },
  { file: 'oldenburgischelandesbank2.txt', statements: 1, account: 'DE19662800530622160900', opening: 0, txCount: 1, tx0: { amount: 23000, valueDate: '2020-09-04', bookDate: '2020-09-04', gvc: '166', holder: 'EWE VERTRIEB GmbH' } },
  { file: 'oldenburgischelandesbank.txt', statements: 1, account: '28020050/1324354687', opening: 0, txCount: 1, tx0: { amount: 10450, valueDate: '2018-07-16', bookDate: '2018-07-16', gvc: '166', holder: 'WOHNBAU DIEPHOLZ GMBH' } },
  { file: 'K4262927_20200905-080000-952.txt', statements: 1, account: '28020050/1426292700', opening: 0, txCount: 1, tx0: { amount: 23000, valueDate: '2020-09-04', bookDate: '2020-09-04', gvc: '166', holder: 'EWE VERTRIEB GmbH' } },
  { file: 'oldenburgischelandesbankmitbindestrich.txt', statements: 1, account: 'DE12345678900022805304', opening: 27999857, txCount: 1, tx0: { amount: 172700, valueDate: '2021-06-17', bookDate: '2021-06-17', gvc: '166', holder: 'Projektgemeinschaft XXXXXX+ XXXXXXGmbH + Co. KG' } },
  { file: 'postfinance.txt', statements: 2, account: '123456789', opening: 0, txCount: 2, tx0: { amount: 7970, valueDate: '2013-12-09', bookDate: '2013-12-09' } },
  { file: 'rabobank-iban.txt', statements: 2, account: 'NL71RABO0123456789', opening: 100000, txCount: 2, tx0: { amount: -2500, valueDate: '2013-01-01', bookDate: null } },
  { file: 'rabobank.txt', txStatement: 2, statements: 4, account: '129199348', opening: 47317, txCount: 2, tx0: { amount: -4495, valueDate: '2011-06-17', bookDate: null } },
  { file: 'sns.txt', statements: 2, account: '123456789', opening: 123456, txCount: 2, tx0: { amount: -2000, valueDate: '2012-06-07', bookDate: '2012-06-08' } },
  { file: 'sparkasse_interim_balance.txt', txStatement: 1, statements: 3, account: '87052000/123456789', opening: 19457, txCount: 1, tx0: { amount: -2000, valueDate: '2019-02-19', bookDate: '2019-02-19', gvc: '177', holder: 'Max Mustermann' } },
  { file: 'sparkasse3.txt', statements: 1, account: 'DE11222220220222220200', opening: 93105229, txCount: 1, tx0: { amount: -102725, valueDate: '2020-02-01', bookDate: '2020-02-19', gvc: '899', holder: 'GEBÜHREN MANUELL GG UST-FREI' } },
  { file: 'sparkasse2.txt', statements: 1, account: 'DE11222220220222220200', opening: 93105229, txCount: 1, tx0: { amount: 102725, valueDate: '2020-02-01', bookDate: '2020-02-19', gvc: '899', holder: 'GEBÜHREN MANUELL GG UST-FREI' } },
  { file: 'sparkasse.txt', txStatement: 1, statements: 2, account: '87052000/123456789', opening: 19457, txCount: 1, tx0: { amount: -2000, valueDate: '2019-02-19', bookDate: '2019-02-19', gvc: '177', holder: 'Max Mustermann' } },
  { file: 'triodos.txt', statements: 1, account: '390123456', opening: 497509, txCount: 2, tx0: { amount: -1570, valueDate: '2011-01-01', bookDate: null } },
  { file: 'volksbankenraiffeisenbanken.txt', txStatement: 1, statements: 8, account: '66642399/93387', opening: 308500, txCount: 1, tx0: { amount: 8000, valueDate: '2020-02-21', gvc: '166', holder: 'Antonio Sueto' } },
];

/** Upstream's account numbers drop separators and leading zeros of some dialects. */
function digitsOf(account: string | null): string {
  return (account ?? '').replace(/[^A-Z0-9/]/gi, '').replace(/EUR$/, '').replace(/^0+/, '').replace(/^TRIODOSBANK\/0*/, '');
}

const DIR = '/work/shared/corpus/jejik-mt940/input';

describe.skipIf(!existsSync(DIR))('jejik-mt940 corpus', () => {
  it.each(CASES)('$file', (c) => {
    const statements = parseMt940(readFileSync(`${DIR}/${c.file}`));
    expect(statements).toHaveLength(c.statements);
    const s = statements[0];
    expect(digitsOf(s?.account ?? null)).toBe(digitsOf(c.account));
    expect(s?.opening?.cents).toBe(c.opening);
    const ts = statements[c.txStatement ?? 0];
    expect(ts?.transactions).toHaveLength(c.txCount);
    const t = ts?.transactions[0];
    expect(t?.amountCents).toBe(c.tx0.amount);
    if (c.tx0.valueDate) expect(t?.valueDate).toBe(c.tx0.valueDate);
    if (c.tx0.bookDate !== undefined) expect(t?.entryDate).toBe(c.tx0.bookDate);
    if (c.tx0.gvc) expect(t?.gvc).toBe(c.tx0.gvc);
    if (c.tx0.holder) expect(t?.counterparty).toBe(c.tx0.holder);
    if (c.holderAt) expect(ts?.transactions[c.holderAt[0]]?.counterparty).toBe(c.holderAt[1]);
  });
});
