/** IBAN composed from national account parts, with computed check digits. */
import { describe, expect, it } from 'vitest';
import { lines, words } from '../../layout/test-words.ts';
import { cinOf, ibanFromNationalParts } from './national-iban.ts';


describe('IBAN from national parts', () => {
  it('computes the Italian CIN', () => {
    // IT60 X054 2811 1010 0000 0123 456
    expect(cinOf('05428', '11101', '000000123456')).toBe('X');
  });

  it('composes an Italian IBAN from CIN ABI CAB C/C on one line', () => {
    const ls = lines(
      words('Coordinate', 318, 159),
      words('CIN X ABI 05428 CAB 11101 C/C 000000123456', 318, 167),
    );
    expect(ibanFromNationalParts(ls)?.iban).toBe('IT60X0542811101000000123456');
  });

  it('composes an Italian IBAN from stacked labels without the CIN', () => {
    const ls = lines(
      words('ABI', 40, 100),
      words('05428', 40, 109),
      words('CAB', 40, 125),
      words('11101', 40, 134),
      words('C/C', 40, 150),
      words('123456', 40, 159),
    );
    expect(ibanFromNationalParts(ls)?.iban).toBe('IT60X0542811101000000123456');
  });

  it('composes German (BLZ 8 digits) and Swiss (clearing) IBANs', () => {
    expect(ibanFromNationalParts(lines(words('BLZ 37040044 Konto-Nr. 0532013000', 40, 100)))?.iban).toBe(
      'DE89370400440532013000',
    );
    expect(
      ibanFromNationalParts(lines(words('Clearing-Nr. 657 Konto-Nr. 859927128363', 40, 100)))?.iban,
    ).toBe('CH3000657859927128363');
  });

  it('does not read a date or a word as an account number', () => {
    const ls = lines(
      words('ESTRATTO CONTO', 40, 90),
      words('al 2025-12-31', 40, 100),
      words('ABI 05428 CAB 11101', 40, 120),
    );
    expect(ibanFromNationalParts(ls)).toBeNull();
  });
});

describe('account country without an IBAN', () => {
  it('reads a sort code that looks like a date and names the country', async () => {
    const { nationalCountry } = await import('./national-iban.ts');
    const ls = lines(
      words('SORT CODE', 313, 147),
      words('97-53-17', 313, 159),
      words('ACCOUNT NUMBER', 313, 177),
      words('33485977', 313, 187),
    );
    expect(nationalCountry(ls)).toBe('GB');
    expect(ibanFromNationalParts(ls)).toBeNull(); // no BIC printed: the bank code is unknown
    const withBic = lines(
      words('Sort code 40-05-30 Account number 12345678', 50, 100),
      words('BIC: MIDLGB22', 50, 112),
    );
    expect(ibanFromNationalParts(withBic)?.iban).toMatch(/^GB\d\dMIDL40053012345678$/);
  });
});
