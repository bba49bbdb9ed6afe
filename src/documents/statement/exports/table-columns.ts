/**
 * Column profiles of a transaction table and the roles read from them: what a
 * column holds is decided by its cells (dates, amounts, codes, currency codes,
 * markers, free text); headings, when the table has them, name the role among the
 * roles the content allows.
 */
import { cellCents, cellDate, cellKind, cellText, currencyOf, parseAmountText, serialDate, type Cell, type CellKind, type DecimalConvention } from './cells.ts';
import { isoDate, type DayOrder } from '../../values/dates.ts';
import { headingRoles, normaliseLabel, type ColumnRole } from './table-roles.ts';
import { CREDIT_MARKS, DEBIT_MARKS } from '../../data/table-vocab.data.ts';

function descriptionScore(p: ColumnProfile, rows: number): number {
  return p.distinct / Math.max(1, p.filled) + 1.5 * p.digitShare + (0.5 * Math.min(p.meanLength, 60)) / 60 + p.filled / Math.max(1, rows) - 1;
}

export type ColumnKind = 'empty' | 'date' | 'number' | 'code' | 'currency' | 'marker' | 'text';

export interface ColumnProfile {
  index: number;
  kind: ColumnKind;
  filled: number;
  distinct: number;
  meanLength: number;
  /** Share of filled cells with a digit (references, dates, card numbers). */
  digitShare: number;
  /** Row-to-row order of the dates: +1 ascending, -1 descending, 0 neither. */
  monotonic: number;
  /** Dates on a Saturday or Sunday (banks book on business days; a card payment's value date may fall on one). */
  weekend: number;
  heading: string;
  hints: ColumnRole[];
  /**
   * What the profile read of each row, kept so the table reader does not read it again: the cents of a
   * number or code column (cellCents), the dates of a date column (cellDate; serials and year-less dates
   * are left to columnDate).
   */
  cents?: (number | null)[];
  dates?: (string | null)[];
}

const COMPATIBLE: Record<ColumnRole, readonly ColumnKind[]> = {
  date: ['date'],
  valueDate: ['date'],
  amount: ['number'],
  debit: ['number'],
  credit: ['number'],
  balance: ['number'],
  dcMark: ['marker'],
  currency: ['currency'],
  code: ['code', 'number', 'text'],
  description: ['text', 'marker', 'currency', 'code', 'number'],
  counterparty: ['text'],
  type: ['text', 'marker'],
  category: ['text', 'marker'],
  status: ['text', 'marker'],
};

export function isCompatible(role: ColumnRole, kind: ColumnKind): boolean {
  return COMPATIBLE[role].includes(kind);
}

export function columnDate(c: Cell | undefined, order: DayOrder, serials: boolean, near: string | null = null): string | null {
  return cellDate(c, order) ?? (serials ? (serialDate(c) ?? yearlessDate(c, near)) : null);
}

/**
 * "04.03." or "04/03": a day and month without a year, dated in the year that puts it
 * nearest to `near` (the booking date of the row); without one, only recognised.
 */
export function yearlessDate(c: Cell | undefined, near: string | null): string | null {
  const m = typeof c === 'string' ? /^(\d{1,2})[./](\d{1,2})\.?$/.exec(c.trim()) : null;
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const base = near ? Number(near.slice(0, 4)) : 2000;
  const options = [base - 1, base, base + 1].map((y) => isoDate(y, month, day)).filter((d): d is string => d !== null);
  if (options.length === 0) return null;
  if (!near) return options[0] ?? null;
  const distance = (d: string): number => Math.abs(Date.parse(d) - Date.parse(near));
  return options.sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

function monotonic(dates: readonly (string | null)[]): number {
  const seq = dates.filter((d): d is string => d !== null);
  let up = 0;
  let down = 0;
  for (let i = 1; i < seq.length; i++) {
    if ((seq[i] ?? '') > (seq[i - 1] ?? '')) up++;
    if ((seq[i] ?? '') < (seq[i - 1] ?? '')) down++;
  }
  if (down === 0 && up > 0) return 1;
  if (up === 0 && down > 0) return -1;
  return 0;
}

function isMarker(values: readonly string[]): boolean {
  const distinct = new Set(values.map((v) => v.toLowerCase()));
  if (distinct.size === 0 || distinct.size > 3) return false;
  return [...distinct].every((v) => DEBIT_MARKS.includes(v) || CREDIT_MARKS.includes(v));
}

/** Profiles every column of the data rows; `heading` is the header row, if any. */
export function profileColumns(
  data: readonly Cell[][],
  heading: readonly Cell[] | null,
  order: DayOrder,
  conv: DecimalConvention,
  known?: readonly (readonly CellKind[])[],
): ColumnProfile[] {
  const width = data.reduce((w, r) => Math.max(w, r.length), heading?.length ?? 0);
  const profiles: ColumnProfile[] = [];
  for (let c = 0; c < width; c++) {
    const cells = data.map((r) => r[c] ?? null);
    const kinds = cells.map((x, r) => known?.[r]?.[c] ?? cellKind(x, order));
    const texts = cells.map(cellText).filter((t) => t.length > 0);
    const filled = kinds.filter((k) => k !== 'empty').length;
    const n = (k: string): number => kinds.filter((x) => x === k).length;
    const headingText = cellText(heading?.[c]);
    const hints = headingRoles(headingText);
    let kind: ColumnKind = 'text';
    const dated = hints[0] === 'date' || hints[0] === 'valueDate';
    // Headed date columns may hold Excel serials or year-less dates ("04.03."): dates there, amounts nowhere else.
    const serialDates = dated ? cells.filter((x) => serialDate(x) !== null || yearlessDate(x, null) !== null).length : 0;
    let cents: (number | null)[] | undefined;
    let dates: (string | null)[] | undefined;
    if (filled === 0) kind = 'empty';
    else if (n('date') + serialDates >= filled * 0.8) {
      kind = 'date';
      dates = cells.map((x, r) => (kinds[r] === 'date' ? cellDate(x, order) : null));
    } else if (texts.length > 0 && texts.every((t) => currencyOf(t) === t)) kind = 'currency';
    else if (n('number') >= filled * 0.9) {
      // A text cell of kind 'number' is one isAmountText accepted: its cents at once.
      cents = cells.map((x, r) => (kinds[r] === 'number' && typeof x === 'string' ? parseAmountText(cellText(x), conv) : cellCents(x, conv)));
      const integral = texts.every((t) => /^\d+$/.test(t)) && cells.every((x) => typeof x !== 'number' || Number.isInteger(x));
      kind = integral && cents.every((v) => v === null || v >= 0) && !hints.some((h) => ['amount', 'debit', 'credit', 'balance'].includes(h)) ? 'code' : 'number';
    } else if (isMarker(texts)) kind = 'marker';
    const colDates = dates ? cells.map((x, r) => dates[r] ?? (serialDates > 0 ? (serialDate(x) ?? yearlessDate(x, null)) : null)) : null;
    profiles.push({
      index: c,
      kind,
      filled,
      distinct: new Set(texts).size,
      meanLength: texts.reduce((s, t) => s + t.length, 0) / Math.max(1, texts.length),
      digitShare: texts.filter((t) => /\d/.test(t)).length / Math.max(1, texts.length),
      monotonic: colDates ? monotonic(colDates) : 0,
      weekend: colDates ? colDates.filter((d) => d !== null && [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())).length : 0,
      heading: normaliseLabel(headingText),
      hints,
      ...(cents ? { cents } : {}),
      ...(dates ? { dates } : {}),
    });
  }
  // A lone integer column is more likely whole-euro amounts than a code.
  if (!profiles.some((p) => p.kind === 'number')) {
    const code = profiles.find((p) => p.kind === 'code');
    if (code) code.kind = 'number';
  }
  return profiles;
}

export interface TextRoles {
  date: number;
  valueDate: number | null;
  description: number[];
  type: number | null;
  counterparty: number | null;
  currency: number | null;
  marker: number | null;
  /** Columns given a role here; the money roles are chosen among the others. */
  taken: ReadonlySet<number>;
}

/** Date, text, currency and marker roles; money columns are left to resolveMoney. */
export function textRoles(profiles: readonly ColumnProfile[], rows: number): TextRoles | null {
  const taken = new Set<number>();
  const byHint = (role: ColumnRole): ColumnProfile | undefined =>
    profiles.find((p) => !taken.has(p.index) && p.hints.find((h) => isCompatible(h, p.kind)) === role);
  const take = (p: ColumnProfile | undefined): number | null => {
    if (!p) return null;
    taken.add(p.index);
    return p.index;
  };
  const dates = profiles.filter((p) => p.kind === 'date');
  let date = take(byHint('date'));
  let valueDate = take(byHint('valueDate'));
  if (date === null) {
    // The booking date orders the rows; a value date may not. Where both keep their order, the one
    // with fewer weekend dates: banks book on business days, a card payment's value date is the day
    // of the purchase.
    const free = dates.filter((p) => !taken.has(p.index));
    const ordered = free.filter((p) => p.monotonic !== 0);
    const pool = ordered.length > 0 ? ordered : free;
    date = take(pool.reduce<ColumnProfile | undefined>((b, p) => (!b || p.weekend < b.weekend ? p : b), undefined));
  }
  if (date === null && valueDate !== null) {
    date = valueDate;
    valueDate = null;
  }
  if (date === null) return null;
  valueDate ??= take(dates.find((p) => !taken.has(p.index)));
  // A currency column names the currency of every row; a sparse one is a foreign-exchange detail.
  const currencyColumn = byHint('currency') ?? profiles.find((p) => !taken.has(p.index) && p.kind === 'currency');
  const currency = currencyColumn && currencyColumn.filled >= rows * 0.9 ? take(currencyColumn) : (take(currencyColumn), null);
  const marker = take(byHint('dcMark') ?? profiles.find((p) => !taken.has(p.index) && p.kind === 'marker' && p.hints.length === 0));
  const description: number[] = [];
  for (let p = byHint('description'); p; p = byHint('description')) description.push(take(p) ?? -1);
  const type = take(byHint('type'));
  const counterparty = take(byHint('counterparty'));
  for (const role of ['code', 'category', 'status'] as const) while (take(byHint(role)) !== null);
  if (description.length === 0) {
    // No description heading: the free text that varies most and carries references and
    // numbers (a counterparty repeats and has gaps, a booking type or category repeats).
    const free = profiles
      .filter((p) => !taken.has(p.index) && p.kind === 'text' && p.hints.length === 0)
      .sort((a, b) => descriptionScore(b, rows) - descriptionScore(a, rows));
    const best = take(free[0]);
    if (best !== null) description.push(best);
  }
  return { date, valueDate, description, type, counterparty, currency, marker, taken };
}
