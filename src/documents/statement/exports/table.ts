/**
 * The table reader of CSV and XLSX exports. It needs no header and no known layout:
 * the transaction rows are the rows with a date and an amount in the columns where
 * most rows have them; column roles come from the cells (table-columns.ts) and the
 * balance chain (table-money.ts); a header row, when there is one, names them.
 * Everything else (preamble, info sheets, title and summary rows) is account data.
 */
import type { FileFormat } from '../../types.ts';
import { cellCents, cellKind, cellText, currencyOf, detectDayOrder, detectDecimal, type Cell, type CellKind, type DecimalConvention } from './cells.ts';
import type { DayOrder } from '../../values/dates.ts';
import { corrupt, noRows } from '../../errors.ts';
import type { ExtractedDocument, RawTransaction } from '../model.ts';
import { columnDate, profileColumns, textRoles, type ColumnProfile } from './table-columns.ts';
import { emptyInfo, findIban, scanInfo, sideBalances, type AccountInfo } from './table-info.ts';
import { resolveMoney } from './table-money.ts';
import { headingRoles, labelMatch } from './table-roles.ts';
import { COUNTRY_CURRENCY } from '../../data/table-vocab.data.ts';

export type { Cell, DecimalConvention } from './cells.ts';
export { detectDecimal, parseAmountText } from './cells.ts';

const HEADER_LOOKBACK = 4;

interface Region {
  first: number;
  last: number;
  dataRows: number[];
  header: number | null;
  /** What every cell of the sheet holds, computed once. */
  kinds: CellKind[][];
}

/** Rows with a date and an amount in the columns where most such rows have their date. */
function findRegion(rows: readonly Cell[][], order: DayOrder): Region | null {
  const kinds = rows.map((r) => r.map((c) => cellKind(c, order)));
  const candidates = kinds.map((k, i) => (k.includes('date') && k.includes('number') ? i : -1)).filter((i) => i >= 0);
  if (candidates.length === 0) return null;
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  const dateCols: number[] = [];
  for (let c = 0; c < width; c++) {
    const n = candidates.filter((i) => kinds[i]?.[c] === 'date').length;
    if (n >= candidates.length * 0.5) dateCols.push(c);
  }
  const dataRows = candidates.filter((i) => dateCols.some((c) => kinds[i]?.[c] === 'date'));
  const first = dataRows[0];
  const last = dataRows[dataRows.length - 1];
  if (first === undefined || last === undefined) return null;
  let header: number | null = null;
  let best = 0;
  for (let i = first - 1, seen = 0; i >= 0 && seen < HEADER_LOOKBACK; i--) {
    const cells = rows[i] ?? [];
    if (cells.every((c) => cellText(c).length === 0)) continue;
    seen++;
    const k = kinds[i] ?? [];
    if (k.includes('date') || k.includes('number')) continue;
    const hits = cells.filter((c) => headingRoles(cellText(c)).length > 0).length;
    if (hits >= 2 && hits > best) {
      best = hits;
      header = i;
    }
  }
  return { first, last, dataRows, header, kinds };
}

/** A row of a table that is a balance line rather than a booking ("Saldo iniziale", "Kontostand"). */
function isBalanceRow(row: readonly Cell[], kinds: readonly CellKind[]): boolean {
  const texts = row.filter((_, i) => kinds[i] === 'text').map(cellText);
  if (texts.length !== 1) return false;
  const kind = labelMatch(texts[0] ?? '')?.kind;
  return kind === 'opening' || kind === 'closing' || kind === 'balance';
}

interface SheetResult {
  transactions: RawTransaction[];
  skipped: number;
  hasTable: boolean;
}

function readRegion(rows: Cell[][], region: Region, order: DayOrder, conv: DecimalConvention, info: AccountInfo, totalsKnown: boolean): SheetResult {
  const heading = region.header === null ? null : (rows[region.header] ?? null);
  const balance = new Set(region.dataRows.filter((i) => isBalanceRow(rows[i] ?? [], region.kinds[i] ?? [])));
  const balanceRows = region.dataRows.filter((i) => balance.has(i));
  const inTable = region.dataRows.filter((i) => !balance.has(i));
  const data = inTable.map((i) => rows[i] ?? []);
  const profiles = profileColumns(data, heading, order, conv, inTable.map((i) => region.kinds[i] ?? []));
  const roles = textRoles(profiles, data.length);
  if (!roles) return { transactions: [], skipped: data.length, hasTable: true };
  // Exports that repeat the account on every row ("Auftragskonto"): one IBAN in a whole column.
  for (const p of profiles) {
    if (p.distinct === 1 && p.filled === data.length) info.iban ??= findIban(cellText(data[0]?.[p.index]));
  }
  // Each cell is read once: what the profiles read (dates, cents) is taken from them.
  const byIndex = new Map<number, ColumnProfile>(profiles.map((p) => [p.index, p]));
  const profileOf = (col: number): ColumnProfile | undefined => byIndex.get(col);
  const dateOf = (row: readonly Cell[], i: number, col: number | null, near: string | null = null): string | null =>
    col === null ? null : (profileOf(col)?.dates?.[i] ?? columnDate(row[col], order, true, near));
  const centsOf = (col: number): (number | null)[] => profileOf(col)?.cents ?? data.map((r) => cellCents(r[col], conv));
  const bookingDates = data.map((r, i) => dateOf(r, i, roles.date));
  const days = bookingDates.filter((d): d is string => d !== null).sort();
  const sides = totalsKnown ? sideBalances(info.balances, days[0] ?? null, days[days.length - 1] ?? null) : { opening: null, closing: null };
  const money = resolveMoney(
    profiles.filter((p) => p.kind === 'number' && !roles.taken.has(p.index)).map((p) => ({ index: p.index, cents: centsOf(p.index), hint: p.hints[0] ?? null })),
    roles.marker === null ? null : { index: roles.marker, values: data.map((r) => cellText(r[roles.marker ?? 0]).toLowerCase()) },
    sides,
  );
  if (!money) return { transactions: [], skipped: data.length, hasTable: true };
  const text = (row: readonly Cell[], col: number | null): string => (col === null ? '' : cellText(row[col]));
  const balances = money.balance === null ? null : centsOf(money.balance);
  const transactions: RawTransaction[] = [];
  let skipped = 0;
  data.forEach((row, i) => {
    const date = bookingDates[i] ?? null;
    const amount = money.amounts[i] ?? null;
    if (date === null || amount === null) {
      skipped++;
      return;
    }
    let description = roles.description.map((c) => text(row, c)).filter((s) => s.length > 0).join(' ');
    if (description.length === 0) description = [text(row, roles.type), text(row, roles.counterparty)].filter((s) => s.length > 0).join(' ');
    const cur = text(row, roles.currency).toUpperCase();
    transactions.push({
      date,
      valueDate: dateOf(row, i, roles.valueDate, date),
      amountCents: amount,
      currency: currencyOf(cur) === cur ? cur : null,
      description: description.replace(/\s+/g, ' ').trim(),
      balanceCents: balances === null ? null : (balances[i] ?? null),
      counterparty: text(row, roles.counterparty) || null,
    });
  });
  // Balance lines inside the table ("Saldo iniziale" with a date) are account data.
  const firstTx = inTable[0] ?? region.first;
  scanInfo(balanceRows.filter((i) => i < firstTx).map((i) => rows[i] ?? []), 'before', conv, info);
  scanInfo(balanceRows.filter((i) => i > firstTx).map((i) => rows[i] ?? []), 'after', conv, info);
  return { transactions, skipped, hasTable: true };
}

function sheetConvention(rows: readonly Cell[][], region: Region | null, order: DayOrder, fallback: DecimalConvention): DecimalConvention {
  const source = region ? region.dataRows.slice(0, 5000) : rows.map((_, i) => i).slice(0, 5000);
  const samples: string[] = [];
  for (const i of source) {
    (rows[i] ?? []).forEach((c, k) => {
      const kind = region ? region.kinds[i]?.[k] : cellKind(c, order);
      if (typeof c === 'string' && kind === 'number') samples.push(c);
    });
  }
  return detectDecimal(samples, fallback);
}

/** One or more sheets (one for CSV) into one statement part; transactions in sheet order. */
export function sheetsToDocument(sheets: readonly Cell[][][], format: FileFormat, fallback: DecimalConvention): ExtractedDocument {
  const info = emptyInfo();
  const found = sheets.map((rows) => {
    const order = detectDayOrder(rows.slice(0, 5000).flat());
    const region = findRegion(rows, order);
    return { rows, order, region, conv: sheetConvention(rows, region, order, fallback) };
  });
  // Account data first: it carries the labelled balances the money roles are checked against.
  for (const s of found) {
    const before = s.region ? s.rows.slice(0, s.region.header ?? s.region.first) : s.rows;
    scanInfo(before, s.region ? 'before' : 'before', s.conv, info);
    if (s.region) {
      const data = new Set(s.region.dataRows);
      const first = s.region.first;
      const inner = s.rows.slice(first, s.region.last + 1).filter((_, k) => !data.has(first + k));
      scanInfo(inner, 'after', s.conv, info);
      scanInfo(s.rows.slice(s.region.last + 1), 'after', s.conv, info);
    }
  }
  const tables = found.filter((s) => s.region !== null);
  if (tables.length === 0) throw corrupt('no table with dates and amounts was found');
  const transactions: RawTransaction[] = [];
  let skipped = 0;
  for (const s of tables) {
    if (!s.region) continue;
    const r = readRegion(s.rows, s.region, s.order, s.conv, info, tables.length === 1);
    for (const t of r.transactions) transactions.push(t);
    skipped += r.skipped;
  }
  if (transactions.length === 0) throw noRows(`the table has ${skipped} rows with dates and amounts but none could be read as a transaction`);
  const days = transactions.map((t) => t.date).sort();
  const { opening, closing: labelled } = sideBalances(info.balances, days[0] ?? null, days[days.length - 1] ?? null);
  const closing = labelled ?? unlabelledClosing(found, transactions, opening);
  const currency = accountCurrency(info, sheets, transactions);
  for (const t of transactions) t.currency ??= currency;
  return {
    format,
    bankName: info.bankName,
    iban: info.iban,
    holder: info.holder ?? info.titleHolder,
    parts: [{ account: info.iban, currency, openingCents: opening, closingCents: closing, transactions }],
    skippedRows: skipped,
  };
}

/**
 * A lone amount under the table with no label is the closing balance only when the
 * data confirm it: it equals the newest printed running balance or opening + Σ.
 */
function unlabelledClosing(sheets: readonly { rows: Cell[][]; region: Region | null; conv: DecimalConvention }[], txs: readonly RawTransaction[], opening: number | null): number | null {
  const sum = txs.reduce((a, t) => a + t.amountCents, 0);
  const confirmed = new Set<number>();
  for (const t of [txs[0], txs[txs.length - 1]]) if (t && t.balanceCents !== null) confirmed.add(t.balanceCents);
  if (opening !== null) confirmed.add(opening + sum);
  for (const s of sheets) {
    if (!s.region) continue;
    for (const row of s.rows.slice(s.region.last + 1)) {
      const cells = row.filter((c) => cellText(c).length > 0);
      const v = cells.length === 1 ? cellCents(cells[0], s.conv) : null;
      if (v !== null && confirmed.has(v)) return v;
    }
  }
  return null;
}

/** The account's currency: as labelled, else the rows' majority, else from the headings ("Betrag (EUR)"), else the IBAN country's. */
function accountCurrency(info: AccountInfo, sheets: readonly Cell[][][], transactions: readonly RawTransaction[]): string | null {
  if (info.currency) return info.currency;
  const counts = new Map<string, number>();
  for (const t of transactions) if (t.currency) counts.set(t.currency, (counts.get(t.currency) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (top) return top[0];
  for (const rows of sheets) {
    for (const row of rows.slice(0, 60)) {
      for (const c of row) {
        const t = cellText(c);
        if (t.length < 40 && /\(\s*[A-Z]{3}\s*\)|\bin [A-Z]{3}\b/.test(t) && headingRoles(t).length > 0) {
          const code = currencyOf(t);
          if (code) return code;
        }
      }
    }
  }
  return info.iban ? (COUNTRY_CURRENCY[info.iban.slice(0, 2)] ?? null) : null;
}

/** CSV: one sheet. */
export function tableToDocument(rows: Cell[][], format: FileFormat, fallback: DecimalConvention): ExtractedDocument {
  return sheetsToDocument([rows], format, fallback);
}
