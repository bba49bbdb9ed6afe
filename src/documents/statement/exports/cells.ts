/**
 * Cells of table exports: CSV gives strings, XLSX also numbers and dates. What a
 * cell holds (date, amount, text) is decided here, from its content alone.
 */
import { dateToIso, isoDate, parseDateText, type DayOrder } from '../../values/dates.ts';
import { digitsToCents, numberToCents } from '../../values/money.ts';
import { CURRENCY_CODES } from '../../data/table-vocab.data.ts';

import type { Cell, DecimalConvention } from '../../layout/model.ts';

export type { Cell, DecimalConvention } from '../../layout/model.ts';
export type CellKind = 'empty' | 'date' | 'number' | 'text';

export function cellText(c: Cell | undefined): string {
  if (c === null || c === undefined) return '';
  if (c instanceof Date) return dateToIso(c) ?? '';
  const s = String(c);
  return /\s\s|[\t\n\r\u00a0]/.test(s) ? s.replace(/\s+/g, ' ').trim() : s.trim();
}

// Sign, optional currency, digits with optional grouping and decimals, optional trailing sign or S/H, DR/CR mark.
const AMOUNT =
  // eslint-disable-next-line regexp/no-super-linear-backtracking -- tested on cells of at most 40 characters (isAmountText)
  /^[+\-−]?\(?[+\-−]?\s*(?:[€$£]|[A-Z]{3})?\s*[+\-−]?(?:\d{1,3}(?:[.,'\u00a0 ]\d{3})+|\d+)(?:[.,]\d{1,3})?\s*(?:[€$£]|[A-Z]{3})?\s*\)?\s*(?:[+\-−]|S|H|DR|CR|D|C)?$/;

/** True when a text reads as a printed amount ("-1.234,56", "12,50 EUR", "(3.50)", "7,00-", "5,00 S"). */
export function isAmountText(s: string): boolean {
  if (s.length === 0 || s.length > 40 || !/\d/.test(s)) return false;
  const m = AMOUNT.exec(s);
  if (!m) return false;
  const code = /[A-Z]{3}/.exec(s)?.[0];
  return code === undefined || CURRENCY_CODES.has(code);
}

/** Digits, group and decimal marks and at most a leading sign: what most exports print. */
const PLAIN_AMOUNT = /^[+-]?[\d.,]+$/;

/** Cents from a printed amount: signs as "-12", "12-", "(12)", "+12", "12 S"/"12 H", "12 DR"/"12 CR"; currency marks ignored. */
export function parseAmountText(raw: string, conv: DecimalConvention): number | null {
  // The common case without the clean-up below (none of it applies to it): same result.
  if (PLAIN_AMOUNT.test(raw)) return decimalCents(raw[0] === '-' || raw[0] === '+' ? raw.slice(1) : raw, raw[0] === '-', conv);
  let s = raw.replace(/[\s\u00a0']/g, '').replace(/[€$£]/g, '').replace(/[A-Z]{3}(?=[\d+\-−(]|$)|^[A-Z]{3}/, '');
  let negative = false;
  const mark = /(DR|CR|S|H|D|C)$/.exec(s);
  if (mark && /\d[)]?$/.test(s.slice(0, -mark[0].length))) {
    negative = mark[0] === 'DR' || mark[0] === 'S' || mark[0] === 'D';
    s = s.slice(0, -mark[0].length);
  }
  s = s.replace(/−/g, '-');
  if (s.length === 0) return null;
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = s.startsWith('-') ? !negative : negative;
    s = s.slice(1);
  }
  if (/^\(.*\)$/.test(s)) {
    negative = !negative;
    s = s.slice(1, -1);
  }
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  } else if (s.endsWith('+')) s = s.slice(0, -1);
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  return decimalCents(s, negative, conv);
}

/** Cents of an unsigned amount text with group and decimal marks of the convention. */
function decimalCents(s: string, negative: boolean, conv: DecimalConvention): number | null {
  const [thousands, decimal] = conv === 'comma' ? ['.', ','] : [',', '.'];
  const digits = s.includes(thousands) ? s.replaceAll(thousands, '') : s;
  const at = digits.indexOf(decimal);
  if (at < 0) return digitsToCents(digits, '', negative);
  if (digits.indexOf(decimal, at + 1) >= 0) return null;
  return digitsToCents(digits.slice(0, at), digits.slice(at + 1), negative);
}

/** Votes on 1.234,56 vs 1,234.56 over every amount-like text; ambiguous ones abstain. */
export function detectDecimal(samples: readonly string[], fallback: DecimalConvention): DecimalConvention {
  let comma = 0;
  let dot = 0;
  for (const raw of samples) {
    const s = raw.replace(/[^\d.,]/g, '');
    if (/,\d{1,2}$/.test(s) || /\.\d{3},/.test(s) || /^\d{1,3}(?:\.\d{3}){2,}$/.test(s)) comma++;
    else if (/\.\d{1,2}$/.test(s) || /,\d{3}\./.test(s) || /^\d{1,3}(?:,\d{3}){2,}$/.test(s)) dot++;
  }
  if (comma === dot) return fallback;
  return comma > dot ? 'comma' : 'dot';
}

export function cellCents(c: Cell | undefined, conv: DecimalConvention): number | null {
  if (typeof c === 'number') return numberToCents(c);
  const t = cellText(c);
  return t.length === 0 || !isAmountText(t) ? null : parseAmountText(t, conv);
}

/** "20260302": compact dates of some exports, only with a plausible year. */
function compactDate(t: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (!m || Number(m[1]) < 1990 || Number(m[1]) > 2100) return null;
  return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** A date cell: real dates, dd.mm.yyyy-like texts, compact yyyymmdd; never an amount. */
export function cellDate(c: Cell | undefined, order: DayOrder): string | null {
  if (c instanceof Date) return dateToIso(c);
  if (typeof c === 'number') return null;
  const t = cellText(c);
  if (t.length < 6 || t.length > 25) return null;
  return compactDate(t) ?? parseDateText(t, order);
}

/** Excel day serials, for date columns whose cells lost their date format. */
export function serialDate(c: Cell | undefined): string | null {
  if (typeof c !== 'number' || !Number.isInteger(c) || c < 25_000 || c > 80_000) return null;
  return dateToIso(new Date(Date.UTC(1899, 11, 30) + c * 86_400_000));
}

export function cellKind(c: Cell | undefined, order: DayOrder): CellKind {
  if (c instanceof Date) return 'date';
  if (typeof c === 'number') return 'number';
  const t = cellText(c);
  if (t.length === 0) return 'empty';
  if (cellDate(t, order)) return 'date';
  return isAmountText(t) ? 'number' : 'text';
}

/** US-style exports put the month first; a slash date with a first part over 12 proves day-first. */
export function detectDayOrder(values: readonly Cell[]): DayOrder {
  let dmy = 0;
  let mdy = 0;
  for (const v of values) {
    const m = typeof v === 'string' ? /^(\d{1,2})\/(\d{1,2})\/\d{2,4}/.exec(v.trim()) : null;
    if (m && Number(m[1]) > 12) dmy++;
    if (m && Number(m[2]) > 12) mdy++;
  }
  return mdy > dmy ? 'mdy' : 'dmy';
}

/** A currency code cell ("EUR"), for currency columns and amount suffixes. */
export function currencyOf(text: string): string | null {
  const m = /(?:^|[^A-Z])([A-Z]{3})(?:$|[^A-Z])/.exec(text);
  return m && CURRENCY_CODES.has(m[1] ?? '') ? (m[1] ?? null) : null;
}

export { numberToCents };
