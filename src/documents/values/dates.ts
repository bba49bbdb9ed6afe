/** Date helpers: every date leaves the engine as a valid YYYY-MM-DD string. */
import { MONTHS as MONTH_NAMES } from '../data/months.data.ts';

export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1900 || year > 2199) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  // Arithmetic for the years a statement holds (a Date per call was a tenth of a 199k-row CSV's reading).
  if (Number.isInteger(year) && year >= 100 && Number.isInteger(month) && month >= 1 && month <= 12)
    return month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : MONTH_DAYS[month - 1]!;
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Two-digit years: banks only issue recent statements, so 00–69 are 20xx. */
export function expandYear(yy: number): number {
  return yy < 70 ? 2000 + yy : 1900 + yy;
}

export type DayOrder = 'dmy' | 'mdy';

/**
 * Parses DD.MM.YYYY, DD/MM/YYYY, DD-MM-YYYY, DD.MM.YY, YYYY-MM-DD (optionally
 * followed by a time) and "03 Jan 2026" / "3. März 26" / "03-gen-2026". `order` only matters for slash dates from US-style exports.
 */
export function parseDateText(text: string, order: DayOrder = 'dmy'): string | null {
  const t = text.trim();
  // Every form below has a separator (an amount cell "1000,00" has none: no regex to try).
  if (!/[\s./-]/.test(t)) return null;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(t);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})\.?[\s-]+(\p{L}{3,10})\.?[\s-]+(\d{4}|\d{2})$/u.exec(t);
  if (m) {
    const month = MONTH_NAMES[(m[2] ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()];
    const yText = m[3] ?? '';
    return month ? isoDate(yText.length === 2 ? expandYear(Number(yText)) : Number(yText), month, Number(m[1])) : null;
  }
  m = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?:\s.*)?$/.exec(t);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[3]);
  const yText = m[4] ?? '';
  const year = yText.length === 2 ? expandYear(Number(yText)) : Number(yText);
  return order === 'mdy' && m[2] === '/' ? isoDate(year, a, b) : isoDate(year, b, a);
}

/** JS Date (exceljs gives dates as UTC midnight) to YYYY-MM-DD. */
export function dateToIso(d: Date): string | null {
  if (Number.isNaN(d.getTime())) return null;
  return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}
