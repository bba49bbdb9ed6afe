/**
 * The IBAN of an account printed only by its national parts (MT940 `:25:BLZ/Konto`,
 * "ABI CAB conto"): the IBAN is fully determined by them. The country follows from
 * the length of the bank code: 10 digits ABI+CAB (Italy, with the CIN check letter),
 * 8 digits BLZ (Germany), 5 digits (Austria; Switzerland when the account is in CHF).
 */
import { composeIBAN, isValidIBAN } from 'ibantools';

// Italian CIN: characters at odd positions are mapped through this table (digits as A–J).
const CIN_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

function cinValue(ch: string, odd: boolean): number | null {
  const code = ch.charCodeAt(0);
  let k: number;
  if (code >= 48 && code <= 57) k = code - 48;
  else if (code >= 65 && code <= 90) k = code - 65;
  else return null;
  return odd ? (CIN_ODD[k] ?? null) : k;
}

/** The CIN check letter of ABI (5) + CAB (5) + conto (12). */
export function italianCin(abi: string, cab: string, conto: string): string | null {
  const s = (abi + cab + conto).toUpperCase();
  if (s.length !== 22) return null;
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const v = cinValue(s[i] ?? '', i % 2 === 0);
    if (v === null) return null;
    sum += v;
  }
  return String.fromCharCode(65 + (sum % 26));
}

function valid(iban: string | null): string | null {
  return iban && isValidIBAN(iban) ? iban : null;
}

/** IBAN from a bank code and an account number, or null when they do not determine one. */
export function ibanFromNational(bankCode: string, account: string, currency: string | null = null): string | null {
  const bank = bankCode.replace(/[\s-]/g, '');
  const acct = account.replace(/[\s-]/g, '').toUpperCase();
  if (!/^\d+$/.test(bank) || !/^[0-9A-Z]{1,12}$/.test(acct)) return null;
  if (bank.length === 10) {
    const conto = acct.padStart(12, '0');
    const cin = italianCin(bank.slice(0, 5), bank.slice(5), conto);
    return cin ? valid(composeIBAN({ countryCode: 'IT', bban: cin + bank + conto })) : null;
  }
  if (!/^\d+$/.test(acct)) return null;
  if (bank.length === 8 && acct.length <= 10) return valid(composeIBAN({ countryCode: 'DE', bban: bank + acct.padStart(10, '0') }));
  if (bank.length === 5 && currency === 'CHF' && acct.length <= 12) return valid(composeIBAN({ countryCode: 'CH', bban: bank + acct.padStart(12, '0') }));
  if (bank.length === 5 && acct.length <= 11) return valid(composeIBAN({ countryCode: 'AT', bban: bank + acct.padStart(11, '0') }));
  return null;
}

/** "54156123/6430607895", "1010824887/000076411249": bank code and account separated by a slash. */
export function ibanFromAccountId(text: string, currency: string | null = null): string | null {
  const m = /^\s*(\d{5,10})\s*\/\s*([0-9A-Za-z]{1,12})\s*$/.exec(text);
  return m ? ibanFromNational(m[1] ?? '', m[2] ?? '', currency) : null;
}
