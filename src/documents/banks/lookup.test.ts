import { describe, expect, it } from 'vitest';
import { bankNameForCode, bankNameForIban, bankTableVersions } from './lookup.ts';
import itAbi from './it-abi.json' with { type: 'json' };
import deBlz from './de-blz.json' with { type: 'json' };

describe('bank tables', () => {
  it('are versioned and say they are partial', () => {
    for (const t of [itAbi, deBlz]) {
      expect(t.version).toMatch(/partial/);
      expect(t.source).toMatch(/PARTIAL/);
    }
    expect(bankTableVersions()).toEqual({ IT: itAbi.version, DE: deBlz.version });
  });

  it('hold well-formed codes only', () => {
    for (const code of Object.keys(itAbi.entries)) expect(code).toMatch(/^\d{5}$/);
    for (const code of Object.keys(deBlz.entries)) expect(code).toMatch(/^\d{8}$/);
  });

  it('finds the bank of an Italian IBAN by ABI', () => {
    // Intesa Sanpaolo ABI 03069 (ibantools checks the IBAN check digits, not the CIN).
    expect(bankNameForIban('IT60X0542811101000000123456')).toBeNull(); // ABI 05428 not in the partial table
    expect(bankNameForIban('IT66A0306909606100000012345')).toBe('Intesa Sanpaolo');
    expect(bankNameForCode('it', '02008')).toBe('UniCredit');
  });

  it('finds the bank of a German IBAN by BLZ', () => {
    expect(bankNameForIban('DE89 3704 0044 0532 0130 00')).toBe('Commerzbank');
  });

  it('returns null for invalid IBANs and other countries', () => {
    expect(bankNameForIban('DE89370400440532013001')).toBeNull();
    expect(bankNameForIban('NL91ABNA0417164300')).toBeNull();
    expect(bankNameForIban('')).toBeNull();
  });
});
