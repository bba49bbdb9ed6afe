import { electronicFormatIBAN, extractIBAN } from 'ibantools';
import itAbi from './it-abi.json' with { type: 'json' };
import deBlz from './de-blz.json' with { type: 'json' };

/** A versioned bank-code table: data, not code, so it can be replaced wholesale. */
export interface BankTable {
  version: string;
  source: string;
  entries: Record<string, string>;
}

const TABLES: Record<string, BankTable> = { IT: itAbi, DE: deBlz };

export function bankTableVersions(): Record<string, string> {
  return Object.fromEntries(Object.entries(TABLES).map(([cc, t]) => [cc, t.version]));
}

/** Bank name for a country's national bank code (ABI for IT, BLZ for DE), or null. */
export function bankNameForCode(countryCode: string, bankCode: string): string | null {
  return TABLES[countryCode.toUpperCase()]?.entries[bankCode] ?? null;
}

/** Bank name from the bank identifier of a valid IBAN; null when invalid or not in the tables. */
export function bankNameForIban(iban: string): string | null {
  const electronic = electronicFormatIBAN(iban);
  if (!electronic) return null;
  const parts = extractIBAN(electronic);
  if (!parts.valid || !parts.countryCode || !parts.bankIdentifier) return null;
  return bankNameForCode(parts.countryCode, parts.bankIdentifier);
}
