import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import type { FileFormat } from '../types.ts';
import { dateToIso, parseDateText, type DayOrder } from './dates.ts';
import { corrupt } from './errors.ts';
import type { ExtractedDocument, RawTransaction } from './model.ts';
import { digitsToCents, numberToCents } from './money.ts';
import { labelKind, roleOf, type ColumnRole } from './table-roles.ts';

/** A spreadsheet or CSV cell: CSV gives strings, XLSX also numbers and dates. */
export type Cell = string | number | Date | null;
export type DecimalConvention = 'comma' | 'dot';

const HEADER_SCAN_ROWS = 50;

function cellText(c: Cell | undefined): string {
  if (c === null || c === undefined) return '';
  if (c instanceof Date) return dateToIso(c) ?? '';
  return String(c).trim();
}

/** The header is the first row naming a date column and an amount (or debit/credit) column. */
function findHeader(rows: readonly Cell[][]): { index: number; roles: (ColumnRole | null)[] } | null {
  for (let i = 0; i < Math.min(rows.length, HEADER_SCAN_ROWS); i++) {
    const roles = (rows[i] ?? []).map((c) => (typeof c === 'string' ? roleOf(c) : null));
    const has = (r: ColumnRole): boolean => roles.includes(r);
    if ((has('date') || has('valueDate')) && (has('amount') || has('debit') || has('credit'))) {
      // Keep only the first column of each single-valued role; descriptions may repeat.
      const seen = new Set<ColumnRole>();
      return {
        index: i,
        roles: roles.map((r) => {
          if (r === null || r === 'description') return r;
          if (seen.has(r)) return null;
          seen.add(r);
          return r;
        }),
      };
    }
  }
  return null;
}

/** Votes on 1.234,56 vs 1,234.56 over every amount-like text; ambiguous ones abstain. */
export function detectDecimal(samples: readonly string[], fallback: DecimalConvention): DecimalConvention {
  let comma = 0;
  let dot = 0;
  for (const raw of samples) {
    const s = raw.replace(/[^\d.,]/g, '');
    if (/,\d{1,2}$/.test(s) || /\.\d{3},/.test(s)) comma++;
    else if (/\.\d{1,2}$/.test(s) || /,\d{3}\./.test(s)) dot++;
  }
  if (comma === dot) return fallback;
  return comma > dot ? 'comma' : 'dot';
}

/** Cents from a printed amount: signs as "-12", "12-", "(12)", "+12"; currency marks ignored. */
export function parseAmountText(raw: string, conv: DecimalConvention): number | null {
  let s = raw.replace(/[\s\u00a0']/g, '').replace(/EUR|USD|CHF|GBP|€|\$|£/gi, '');
  if (s.length === 0) return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  } else if (s.startsWith('-') || s.startsWith('−')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  const [thousands, decimal] = conv === 'comma' ? ['.', ','] : [',', '.'];
  const parts = s.split(thousands).join('').split(decimal);
  if (parts.length > 2) return null;
  return digitsToCents(parts[0] ?? '', parts[1] ?? '', negative);
}

function cellCents(c: Cell | undefined, conv: DecimalConvention): number | null {
  if (typeof c === 'number') return numberToCents(c);
  const t = cellText(c);
  return t.length === 0 ? null : parseAmountText(t, conv);
}

/** Excel stores dates as day serials when a cell lost its date format. */
function cellDate(c: Cell | undefined, order: DayOrder): string | null {
  if (c instanceof Date) return dateToIso(c);
  if (typeof c === 'number') {
    return c > 20_000 && c < 80_000 ? dateToIso(new Date(Date.UTC(1899, 11, 30) + Math.round(c) * 86_400_000)) : null;
  }
  return parseDateText(cellText(c), order);
}

/** US-style exports put the month first; a slash date with a first part over 12 proves day-first. */
function detectDayOrder(values: readonly Cell[]): DayOrder {
  for (const v of values) {
    const m = typeof v === 'string' ? /^(\d{1,2})\/(\d{1,2})\/\d{2,4}/.exec(v.trim()) : null;
    if (m && Number(m[1]) > 12) return 'dmy';
    if (m && Number(m[2]) > 12) return 'mdy';
  }
  return 'dmy';
}

function findIban(text: string): string | null {
  for (const m of text.matchAll(/\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]){11,30}\b/g)) {
    const iban = electronicFormatIBAN(m[0]);
    if (iban && isValidIBAN(iban)) return iban;
  }
  return null;
}

interface AccountInfo {
  iban: string | null;
  holder: string | null;
  bankName: string | null;
  currency: string | null;
  opening: number | null;
  closing: number | null;
}

/** Reads "label;value" lines above the header and below the data (German exports, footers). */
function scanInfo(rows: readonly Cell[][], conv: DecimalConvention): AccountInfo {
  const info: AccountInfo = { iban: null, holder: null, bankName: null, currency: null, opening: null, closing: null };
  for (const row of rows) {
    const texts = row.map(cellText);
    info.iban ??= findIban(texts.join(' '));
    texts.forEach((t, i) => {
      const colon = t.indexOf(':');
      const kind = labelKind(colon > 0 ? t.slice(0, colon) : t);
      if (!kind) return;
      const inline = colon > 0 ? t.slice(colon + 1).trim() : '';
      const value = inline.length > 0 ? inline : (texts.slice(i + 1).find((x) => x.length > 0) ?? '');
      const valueCell = inline.length > 0 ? inline : row.slice(i + 1).find((x) => cellText(x).length > 0);
      if (value.length === 0) return;
      if (kind === 'holder') info.holder ??= value;
      else if (kind === 'bank') info.bankName ??= value;
      else if (kind === 'currency' && /^[A-Z]{3}$/.test(value)) info.currency ??= value;
      else if (kind === 'iban') info.iban ??= findIban(value.toUpperCase());
      else if (kind === 'opening') info.opening ??= cellCents(valueCell ?? null, conv);
      else if (kind === 'closing') info.closing ??= cellCents(valueCell ?? null, conv);
    });
  }
  return info;
}

/** Turns a table (header somewhere near the top) into one statement part. */
export function tableToDocument(rows: Cell[][], format: FileFormat, fallback: DecimalConvention): ExtractedDocument {
  const header = findHeader(rows);
  if (!header) throw corrupt('no header with a date and an amount column was found');
  const { roles } = header;
  const col = (r: ColumnRole): number => roles.indexOf(r);
  const data = rows.slice(header.index + 1);
  const moneyCols = (['amount', 'debit', 'credit', 'balance'] as const).map(col).filter((i) => i >= 0);
  const samples = data.flatMap((r) => moneyCols.map((i) => r[i])).filter((c): c is string => typeof c === 'string');
  const conv = detectDecimal(samples, fallback);
  const dateCol = col('date') >= 0 ? col('date') : col('valueDate');
  const order = detectDayOrder(data.map((r) => r[dateCol] ?? null));
  const descCols = roles.flatMap((r, i) => (r === 'description' ? [i] : []));

  const transactions: RawTransaction[] = [];
  const outside: Cell[][] = rows.slice(0, header.index);
  let skipped = 0;
  for (const row of data) {
    const date = cellDate(row[dateCol], order);
    const amount = rowAmount(row, roles, conv);
    if (!date || amount === null) {
      outside.push(row);
      // A row with a date-like or amount-like value that we could not read is data lost.
      if (cellText(row[dateCol]).length > 0 && labelKind(cellText(row[0])) === null && (date || amount !== null)) skipped++;
      continue;
    }
    const currencyText = cellText(row[col('currency')]);
    transactions.push({
      date,
      valueDate: col('valueDate') >= 0 && col('valueDate') !== dateCol ? cellDate(row[col('valueDate')], order) : null,
      amountCents: amount,
      currency: /^[A-Z]{3}$/.test(currencyText) ? currencyText : null,
      description: descCols.map((i) => cellText(row[i])).filter((s) => s.length > 0).join(' ').replace(/\s+/g, ' '),
      balanceCents: col('balance') >= 0 ? cellCents(row[col('balance')], conv) : null,
      counterparty: cellText(row[col('counterparty')]) || null,
    });
  }
  if (transactions.length === 0 && data.length > 0 && skipped > 0) throw corrupt('no transaction row could be read');
  const info = scanInfo(outside, conv);
  const euro = samples.some((s) => /€|EUR/.test(s)) || rows.slice(0, header.index + 1).some((r) => r.some((c) => typeof c === 'string' && /€|\bEUR\b/.test(c)));
  const currency = info.currency ?? transactions.find((t) => t.currency)?.currency ?? (euro ? 'EUR' : null);
  return {
    format,
    bankName: info.bankName,
    iban: info.iban,
    holder: info.holder,
    parts: [{ account: info.iban, currency, openingCents: info.opening, closingCents: info.closing, transactions }],
    skippedRows: skipped,
  };
}

function rowAmount(row: readonly Cell[], roles: readonly (ColumnRole | null)[], conv: DecimalConvention): number | null {
  const at = (r: ColumnRole): Cell | undefined => (roles.indexOf(r) >= 0 ? row[roles.indexOf(r)] : undefined);
  let amount: number | null;
  if (roles.includes('amount')) amount = cellCents(at('amount'), conv);
  else {
    const debit = cellCents(at('debit'), conv);
    const credit = cellCents(at('credit'), conv);
    if (debit === null && credit === null) return null;
    // Debit columns print either "50,00" or "-50,00"; both mean money out.
    amount = Math.abs(credit ?? 0) - Math.abs(debit ?? 0);
  }
  if (amount === null) return null;
  const mark = cellText(at('dcMark')).toUpperCase();
  if (mark === 'S' || mark === 'D') return -Math.abs(amount);
  if (mark === 'H' || mark === 'C') return Math.abs(amount);
  return amount;
}
