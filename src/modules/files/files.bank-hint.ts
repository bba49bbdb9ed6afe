/**
 * The bank-code hint of the legacy bank-statement upload (an Italian ABI). The IBAN is only known
 * once the statement is parsed, so the check runs at parse time: a parsed IBAN whose bank code
 * differs from the hint adds a `bank_code_mismatch` entry to validation_result.errors (the status
 * stays success: the document is a valid statement, the hint disagrees with it). When the IBAN
 * agrees with the hint and the statement prints no bank name, the name is taken from the ABI table.
 */
import { electronicFormatIBAN, extractIBAN } from 'ibantools';
import type { ParsingResult } from '../../documents/index.ts';
import { bankNameForCode } from '../../documents/banks/lookup.ts';

export interface BankHintOutcome {
  result: ParsingResult;
  validationErrors: { code: string; message: string }[];
}

export function applyBankCodeHint(result: ParsingResult, hint: string): BankHintOutcome {
  const raw = typeof result.iban?.value === 'string' ? result.iban.value : '';
  const electronic = raw ? electronicFormatIBAN(raw) : null;
  const parts = electronic ? extractIBAN(electronic) : null;
  if (!parts?.valid || !parts.countryCode) return { result, validationErrors: [] };
  const code = parts.bankIdentifier ?? '';
  if (parts.countryCode !== 'IT' || code !== hint) {
    const where = parts.countryCode === 'IT' ? `bank code (ABI) ${code}` : `country ${parts.countryCode} (bank code ${code || 'unknown'}), not an Italian ABI`;
    return {
      result,
      validationErrors: [
        { code: 'bank_code_mismatch', message: `ABI ${hint} was supplied but the statement's IBAN ${electronic} has ${where}` },
      ],
    };
  }
  const printed = typeof result.bank_name?.value === 'string' ? result.bank_name.value.trim() : '';
  const name = bankNameForCode('IT', hint);
  if (printed || !name) return { result, validationErrors: [] };
  return { result: { ...result, bank_name: { value: name } }, validationErrors: [] };
}
