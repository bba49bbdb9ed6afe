/**
 * Money helpers: amounts are integer cents inside the engine and become decimal
 * numbers only at the output boundary, so sums are exact.
 */

/**
 * Cents from the integer and fraction digit strings of a decimal; fractions longer
 * than two digits are rounded half away from zero (camt allows five decimals).
 */
export function digitsToCents(intDigits: string, fracDigits: string, negative: boolean): number | null {
  if (!/^\d*$/.test(intDigits) || !/^\d*$/.test(fracDigits)) return null;
  if (intDigits.length === 0 && fracDigits.length === 0) return null;
  if (intDigits.length > 13) return null; // beyond Number's exact integer range in cents
  const whole = intDigits.length > 0 ? Number(intDigits) : 0;
  const frac2 = Number((fracDigits + '00').slice(0, 2));
  const roundUp = fracDigits.length > 2 && Number(fracDigits[2]) >= 5 ? 1 : 0;
  const cents = whole * 100 + frac2 + roundUp;
  return negative && cents !== 0 ? -cents : cents;
}

/** Parses a plain machine decimal ("-12.5", "0.01000"): camt and XLSX text cells. */
export function parseDotDecimal(text: string): number | null {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return null;
  return digitsToCents(m[2] ?? '', m[3] ?? '', m[1] === '-');
}

/** Cents from a spreadsheet number; spreadsheets store binary floats, so round. */
export function numberToCents(n: number): number | null {
  if (!Number.isFinite(n) || Math.abs(n) > 1e13) return null;
  return Math.round(n * 100);
}

/** Output boundary: cents to a decimal number with at most two fraction digits. */
export function centsToNumber(cents: number): number {
  return Number((cents / 100).toFixed(2));
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
