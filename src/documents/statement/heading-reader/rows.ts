/**
 * Transaction rows across pages. A row starts with a date in the date column and
 * has an amount; lines below it without a date, close enough and holding only
 * description text, continue its description. Carry-forward, opening/closing and
 * totals rows are recognised by wording and kept apart: they give balances for
 * the conformity checks but are never transactions.
 */
import type { Period } from '../../values/date-words.ts';
import { parseDateAt } from '../../values/date-words.ts';
import { CARRY, CLOSING, OPENING, TOTALS_ANY, TOTALS_CREDIT, TOTALS_DEBIT } from '../../data/keywords.data.ts';
import type { BBox, Line } from '../../layout/model.ts';
import { bboxOf } from '../../layout/model.ts';
import type { Phrase } from '../../layout/lines.ts';
import { fold, typicalHeight } from '../../layout/lines.ts';
import type { Cells, Column } from './table.ts';
import { cellsOf, detectHeader, isMoneyKind } from './table.ts';
import type { ParsedAmount } from '../../values/amounts.ts';
import { parseAmount } from '../../values/amounts.ts';

export interface RawTx {
  page: number;
  date: string;
  valueDate: string | null;
  amountCents: number | null;
  /** False when the printed amount carried no sign and the column did not imply one. */
  signKnown: boolean;
  balanceCents: number | null;
  description: string[];
  lines: Line[];
}

export interface BalanceRow {
  kind: 'carry' | 'opening' | 'closing';
  cents: number;
  page: number;
  bbox: BBox;
  /** Number of transactions printed before this row. */
  afterTx: number;
  /** A balance of the day (checked like a carry, but never the statement's opening). */
  day?: boolean;
}

export interface TotalsRow {
  kind: 'debit' | 'credit';
  cents: number;
  page: number;
  bbox: BBox;
}

export interface TableResult {
  txs: RawTx[];
  balances: BalanceRow[];
  totals: TotalsRow[];
  /** Pages where a table header was found. */
  headerPages: number[];
  columns: Column[] | null;
  /** Lines inside table regions (header fields must not be read from them). */
  tableLines: Set<Line>;
  /** The newest booking is printed first. */
  newestFirst?: boolean;
}

export function extractTable(pages: readonly Line[][], period: Period | null): TableResult {
  const res: TableResult = {
    txs: [],
    balances: [],
    totals: [],
    headerPages: [],
    columns: null,
    tableLines: new Set(),
  };
  let cols: Column[] | null = null;
  let open = false;
  for (const lines of pages) {
    const h = typicalHeight(lines);
    let start = lines.findIndex((l) => detectHeader(l) !== null);
    if (start >= 0) {
      cols = detectHeader(lines[start]!);
      res.columns ??= cols;
      res.headerPages.push(lines[start]!.page);
      open = true;
      start += 1;
    } else if (cols && open) {
      start = 0; // table continues from the previous page without a repeated header
    } else {
      continue;
    }
    if (!cols) continue;
    let current: RawTx | null = null;
    for (let i = start; i < lines.length; i++) {
      const line = lines[i]!;
      if (detectHeader(line)) {
        current = null;
        continue;
      }
      const cells = cellsOf(line, cols);
      const amounts = moneyIn(cells);
      const label = labelText(cells);
      const dateP = first(cells, 'date');
      const date = dateP
        ? parseDateAt(
            dateP.words.map((w) => w.text),
            0,
            period,
          )
        : null;
      const balKind = amounts.length > 0 ? balanceKind(label) : null;
      if (balKind) {
        const bal = balanceOf(cells);
        if (bal !== null) {
          res.balances.push({
            kind: balKind,
            cents: bal,
            page: line.page,
            bbox: bboxOf(line.words),
            afterTx: res.txs.length,
          });
          res.tableLines.add(line);
        }
        current = null;
        if (balKind === 'closing') {
          open = false;
          break;
        }
        continue;
      }
      if (!date && amounts.length > 0 && startsWithRe(TOTALS_ANY, label)) {
        recordTotals(line, cells, label, res);
        open = false;
        break;
      }
      if (date) {
        const vd = first(cells, 'value_date');
        const value = vd
          ? parseDateAt(
              vd.words.map((w) => w.text),
              0,
              period,
            )
          : null;
        current = {
          page: line.page,
          date: date.iso,
          valueDate: value?.iso ?? null,
          amountCents: null,
          signKnown: false,
          balanceCents: null,
          description: [],
          lines: [line],
        };
        applyMoney(current, amounts);
        pushDescription(current, cells, dateP);
        res.txs.push(current);
        res.tableLines.add(line);
        continue;
      }
      const prev = current?.lines[current.lines.length - 1];
      const onlyText = [...cells.byKind.keys()].every(
        (k) => k === 'description' || (isMoneyKind(k) && current?.amountCents === null),
      );
      if (current && prev && onlyText && line.y0 - prev.y1 <= h * 1.6) {
        current.lines.push(line);
        if (current.amountCents === null) applyMoney(current, amounts);
        pushDescription(current, cells, null);
        res.tableLines.add(line);
      } else {
        current = null;
      }
    }
  }
  // A date with no amount anywhere is not a booking (e.g. a dated remark line).
  res.txs = res.txs.filter((t) => t.amountCents !== null);
  return res;
}

function first(cells: Cells, kind: Column['kind']): Phrase | undefined {
  return cells.byKind.get(kind)?.[0];
}

function moneyIn(cells: Cells): { kind: Column['kind']; amount: ParsedAmount }[] {
  const out: { kind: Column['kind']; amount: ParsedAmount }[] = [];
  for (const [kind, ps] of cells.byKind) {
    if (!isMoneyKind(kind) && kind !== 'balance') continue;
    for (const p of ps) {
      const a = parseAmount(p.text);
      if (a) out.push({ kind, amount: a });
    }
  }
  return out;
}

function applyMoney(tx: RawTx, amounts: { kind: Column['kind']; amount: ParsedAmount }[]): void {
  for (const { kind, amount } of amounts) {
    if (kind === 'balance') {
      tx.balanceCents = amount.cents * (amount.sign ?? 1);
    } else if (tx.amountCents === null) {
      if (kind === 'debit') {
        tx.amountCents = -amount.cents;
        tx.signKnown = true;
      } else if (kind === 'credit') {
        tx.amountCents = amount.cents;
        tx.signKnown = true;
      } else {
        tx.amountCents = amount.cents * (amount.sign ?? 1);
        tx.signKnown = amount.sign !== null;
      }
    }
  }
}

function pushDescription(tx: RawTx, cells: Cells, dateP: Phrase | undefined | null): void {
  const ps =
    cells.byKind.get('description') ?? cells.all.filter((p) => p !== dateP && parseAmount(p.text) === null);
  const text = ps
    .map((p) => p.text)
    .join(' ')
    .trim();
  if (text) tx.description.push(text);
}

/** A balance printed on a carry/opening/closing row: prefer the balance column, else the last number. */
function balanceOf(cells: Cells): number | null {
  const inBalance = (cells.byKind.get('balance') ?? [])
    .map((p) => parseAmount(p.text))
    .filter((a) => a !== null);
  const pick = inBalance[inBalance.length - 1];
  if (pick) return pick.cents * (pick.sign ?? 1);
  let last: { a: ParsedAmount; debit: boolean } | null = null;
  for (const [kind, ps] of cells.byKind) {
    for (const p of ps) {
      const a = parseAmount(p.text);
      if (a) last = { a, debit: kind === 'debit' };
    }
  }
  if (!last) return null;
  return last.a.cents * (last.a.sign ?? (last.debit ? -1 : 1));
}

function recordTotals(line: Line, cells: Cells, text: string, res: TableResult): void {
  const bbox = bboxOf(line.words);
  const fromCol = (kind: 'debit' | 'credit'): void => {
    for (const p of cells.byKind.get(kind) ?? []) {
      const a = parseAmount(p.text);
      if (a) res.totals.push({ kind, cents: a.cents, page: line.page, bbox });
    }
  };
  fromCol('debit');
  fromCol('credit');
  if (res.totals.some((t) => t.bbox === bbox)) return;
  const nums = cells.all.map((p) => parseAmount(p.text)).filter((a) => a !== null);
  if (nums.length === 1 && TOTALS_DEBIT.test(text) !== TOTALS_CREDIT.test(text)) {
    res.totals.push({
      kind: TOTALS_DEBIT.test(text) ? 'debit' : 'credit',
      cents: nums[0]!.cents,
      page: line.page,
      bbox,
    });
  }
}

/** The words of a line that are neither numbers nor dates, folded: what keywords are matched on. */
function labelText(cells: Cells): string {
  return fold(
    cells.all
      .filter(
        (p) =>
          parseAmount(p.text) === null &&
          !parseDateAt(
            p.words.map((w) => w.text),
            0,
            null,
          ),
      )
      .map((p) => p.text)
      .join(' '),
  );
}

/** Keywords count only at the start of a row's label, so "ÜBERTRAG AUF SPARCARD" inside a description is not a carry row. */
function startsWithRe(re: RegExp, label: string): boolean {
  const m = re.exec(label);
  return m !== null && m.index <= 3;
}

function balanceKind(label: string): BalanceRow['kind'] | null {
  if (startsWithRe(CARRY, label)) return 'carry';
  if (startsWithRe(OPENING, label)) return 'opening';
  if (startsWithRe(CLOSING, label)) return 'closing';
  return null;
}

export function descriptionOf(tx: RawTx): string {
  return tx.description.join(' ').replace(/\s+/g, ' ').trim();
}
