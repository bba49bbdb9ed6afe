/**
 * Layout-independent statement extraction over pages of positioned words. This
 * is the part an OCR pipeline will reuse: it knows nothing about pdf.js.
 */
import { straighten } from '../layout/straighten.ts';
import type { ConformityCheck } from '../types.ts';
import { DocumentParseError } from '../types.ts';
import { balanceChecks } from './conformity.ts';
import type { RawTransaction, StatementModel } from './model.ts';
import type { Found } from './header/header-fields.ts';
import {
  findBankName,
  findCurrency,
  findHolder,
  findIban,
  findLabelledAmount,
  findPeriod,
} from './header/header-fields.ts';
import { findLabelledBalances, preferRows } from './header/balance-labels.ts';
import { signedByChain } from './balance-sign.ts';
import { CARRY, CLOSING, OPENING, TOTALS_CREDIT, TOTALS_DEBIT } from '../data/keywords.data.ts';
import type { Period } from '../values/date-words.ts';
import type { Line, WordPage } from '../layout/model.ts';
import { bboxOf } from '../layout/model.ts';
import { buildLines, fold } from '../layout/lines.ts';
import type { ReadBalance, ReadTable, ReadTx } from './extract/reader.ts';
import { readTable } from './extract/reader.ts';
import { tokenise } from './extract/tokens.ts';

export interface StatementExtraction {
  /** The statement in cents (statement/result.ts states it for the API). */
  statement: StatementModel;
  checks: ConformityCheck[];
  ibanValue: string | null;
  /** Inputs to parsing_confidence. */
  quality: {
    reconciled: boolean | null;
    missingHeader: number;
    txCount: number;
    lowConfidenceWords: boolean;
    /** A table of bookings is printed (a heading row, or lines that each hold a date and an amount). */
    tableSeen: boolean;
  };
}

/** The table as the statement reads it: a balance of the day is a carry row marked `day`. */
interface Table extends Pick<ReadTable, 'txs' | 'totals' | 'tableLines' | 'newestFirst'> {
  balances: (Omit<ReadBalance, 'kind'> & { kind: 'carry' | 'opening' | 'closing'; day?: boolean })[];
}

export function extractStatement(pages: readonly WordPage[]): StatementExtraction {
  const byPage: Line[][] = pages.map((p) => buildLines(straighten(p)));
  const all = byPage.flat();
  const period = findPeriod(all);
  const table = chooseTable(byPage, all, period?.value ?? null);
  const headerLines = all.filter((l) => !table.tableLines.has(l));
  const iban = findIban(headerLines, null) ?? findIban(all, null);
  const holder = findHolder(headerLines);
  const bank = findBankName(all, pages[0]?.height ?? 842);
  const currency = findCurrency(all);
  const txs = table.txs;

  const labelled = findLabelledBalances(all, period?.value ?? null, table.tableLines);
  // A labelled balance on a table row that follows bookings is a balance of the day, not the
  // opening ("SALDO AL 04-06-2024" after that day's bookings); one followed by bookings is not the
  // closing. Newest first, a balance of the day closes the bookings printed above it: not the
  // opening, unless another balance already closed those bookings (the opening printed under the
  // oldest day's balance).
  const rowOf = (f: Found<number>) => table.balances.find((b) => b.page === f.page && b.bbox[1] <= f.bbox[3] && f.bbox[1] <= b.bbox[3]);
  if (labelled.opening) {
    const row = rowOf(labelled.opening);
    const closedAbove = (r: NonNullable<typeof row>): boolean =>
      table.balances.some((b) => b !== r && b.afterTx === r.afterTx && (b.page < r.page || (b.page === r.page && b.bbox[1] < r.bbox[1])));
    // (inside the table, between bookings; a summary box above or under the table is read by its label)
    const inside = (r: NonNullable<typeof row>): boolean => r.afterTx > 0 && r.afterTx < txs.length;
    // (newest first, under the oldest day: dated on or after that day's bookings; an opening dated before them is one)
    const firstBooking = txs.reduce<string | null>((m, t) => (m === null || t.date < m ? t.date : m), null);
    const dated = labelDate(all, labelled.opening);
    // (not a box above every booking: the oldest day's bookings are printed last)
    const byDate = (r: NonNullable<typeof row>): boolean => r.afterTx > 0 && r.day === true && !closedAbove(r) && dated !== null && firstBooking !== null && dated >= firstBooking;
    const ofADay = (r: NonNullable<typeof row>): boolean => {
      const chain = newestFirstChain(txs, table.balances, r);
      return chain ?? byDate(r);
    };
    if (row && (table.newestFirst ? ofADay(row) : inside(row))) labelled.opening = null;
  }
  if (labelled.closing && !table.newestFirst) {
    const row = rowOf(labelled.closing);
    if (row && row.afterTx > 0 && row.afterTx < txs.length) labelled.closing = null;
  }
  let opening = preferRows(labelled.opening, fromRows(table, 'opening'));
  let closing = preferRows(labelled.closing, fromRows(table, 'closing'));
  const carries = table.balances.filter((b) => b.kind === 'carry');
  const firstCarry = carries[0];
  const lastCarry = carries[carries.length - 1];
  if (!opening && !table.newestFirst && firstCarry?.afterTx === 0)
    opening = { value: firstCarry.cents, confidence: 0.8, page: firstCarry.page, bbox: firstCarry.bbox };
  if (!closing && !table.newestFirst && lastCarry && lastCarry.afterTx === txs.length)
    closing = { value: lastCarry.cents, confidence: 0.8, page: lastCarry.page, bbox: lastCarry.bbox };
  // A labelled balance read without its sign, printed again in the table where its column (or
  // marker) signs it ("BALANCE CARRIED FORWARD 4469.55" in the paid-out column): the table's sign.
  if (!table.newestFirst) {
    const atStart = table.balances.filter((b) => b.afterTx === 0);
    const atEnd = table.balances.filter((b) => b.afterTx === txs.length);
    opening = signedBy(opening, atStart[0]);
    closing = signedBy(closing, atEnd[atEnd.length - 1]);
  }
  const chrono = table.newestFirst ? [...txs].reverse() : txs;
  const carried = table.newestFirst ? [] : carries;
  opening = signedByChain(opening, chrono, carried, 'opening');
  closing = signedByChain(closing, chrono, carried, 'closing');

  inferSigns(txs, opening?.value ?? null);

  const totals = [...table.totals];
  const labelledDebit = findLabelledAmount(headerLines, TOTALS_DEBIT, table.tableLines);
  const labelledCredit = findLabelledAmount(headerLines, TOTALS_CREDIT, table.tableLines);
  if (labelledDebit && !totals.some((t) => t.kind === 'debit'))
    totals.push({
      kind: 'debit',
      cents: labelledDebit.value,
      page: labelledDebit.page,
      bbox: labelledDebit.bbox,
    });
  if (labelledCredit && !totals.some((t) => t.kind === 'credit'))
    totals.push({
      kind: 'credit',
      cents: labelledCredit.value,
      page: labelledCredit.page,
      bbox: labelledCredit.bbox,
    });

  const chainTxs = txs.map((t) => ({
    amountCents: t.amountCents,
    balanceCents: t.balanceCents,
    page: t.page,
  }));
  // A balance row before the first or after the last booking that prints the statement's opening or
  // closing (a box above or under a newest-first table, or both) is checked by the chain, not again
  // as a balance between bookings.
  const isEnd = (b: (typeof carries)[number]): boolean =>
    (b.afterTx === 0 || b.afterTx === txs.length) && [opening, closing].some((f) => f && Math.abs(f.value) === Math.abs(b.cents));
  const checks = balanceChecks({
    txs: chainTxs,
    opening: opening?.value ?? null,
    closing: closing?.value ?? null,
    carries: carries.filter((b) => !isEnd(b)),
    totals,
    newestFirst: table.newestFirst,
  });
  const chainChecks = checks.filter((c) => c.check === 'balance_chain' || c.check === 'running_balance');
  const reconciled = chainChecks.length === 0 ? null : !checks.some((c) => c.passed === false);

  const statement: StatementModel = {
    bankName: bank,
    iban,
    holder,
    // (a statement prints its amounts in the account's currency; euro where none is named)
    currency: currency ?? { value: 'EUR', confidence: 0.5 },
    opening,
    closing,
    transactions: txs.map(toTransaction),
    transactionsConfidence: reconciled === false ? 0.5 : reconciled ? 0.97 : 0.75,
    datesConfidence: 0.95,
    period,
  };
  const missingHeader = [iban, holder, currency, opening, closing].filter((x) => !x).length;
  const lowConfidenceWords = pages.some((p) =>
    p.words.some((w) => w.confidence !== undefined && w.confidence < 0.6),
  );
  return {
    statement,
    checks,
    ibanValue: iban?.value ?? null,
    quality: { reconciled, missingHeader, txCount: txs.length, lowConfidenceWords, tableSeen: txs.length > 0 || tableSeen(byPage) },
  };
}

/**
 * The geometry reader, given the labelled opening and closing balances printed outside any
 * table as evidence for its column roles.
 */
function chooseTable(byPage: Line[][], all: Line[], period: Period | null): Table {
  const labelled = findLabelledBalances(all, period, new Set<Line>());
  const v2 = readTable(byPage, period, { opening: labelled.opening?.value ?? null, closing: labelled.closing?.value ?? null });
  return {
    txs: v2.txs,
    balances: v2.balances.map((b) => (b.kind === 'day' ? { ...b, kind: 'carry', day: true } : { ...b, kind: b.kind })),
    newestFirst: v2.newestFirst,
    totals: v2.totals,
    tableLines: v2.tableLines,
  };
}

/**
 * At least three lines that each hold a date and an amount and are not balance lines: bookings
 * are printed (a heading row alone is not: a month without movements prints one too).
 */
function tableSeen(byPage: readonly Line[][]): boolean {
  let rows = 0;
  for (const lines of byPage) {
    for (const l of lines) {
      const toks = tokenise(l).toks;
      if (!toks.some((t) => t.kind === 'date') || !toks.some((t) => t.kind === 'amount')) continue;
      const label = fold(l.text);
      if (OPENING.test(label) || CLOSING.test(label) || CARRY.test(label) || /\b(saldo|balance|kontostand)\b/.test(label)) continue;
      if (++rows >= 3) return true;
    }
  }
  return false;
}

/**
 * An extraction that can be reported: some transaction or account detail was read, and a
 * printed table of bookings did not come out empty. Shared by text PDFs and scans.
 */
export function assertReadable(x: Pick<StatementExtraction, 'statement' | 'ibanValue' | 'quality'>, what: string): void {
  if (x.statement.transactions.length === 0 && x.ibanValue === null) {
    throw new DocumentParseError('no_statement_found', `no transaction table or account details found in the ${what}`);
  }
  if (x.statement.transactions.length === 0 && x.quality.tableSeen) {
    throw new DocumentParseError('no_transactions_extracted', `bookings are printed in the ${what} but none could be read`);
  }
}

/**
 * Newest first, whether the balance printed under the oldest bookings is that day's balance (true)
 * or the opening before them (false), by the chain; null where the chain cannot tell. The oldest
 * booking's running balance tells directly; else the nearest balance above it, which is the
 * bottom one plus the bookings after that day (a day's balance) or plus those and the day's own (an opening).
 */
function newestFirstChain(
  txs: readonly { date: string; amountCents: number | null; balanceCents: number | null }[],
  balances: readonly { afterTx: number; cents: number }[],
  b: { afterTx: number; cents: number },
): boolean | null {
  const n = b.afterTx;
  const oldest = txs[n - 1];
  if (n === 0 || !oldest) return null;
  const sum = (from: number, to: number): number => txs.slice(from, to).reduce((s, t) => s + (t.amountCents ?? 0), 0);
  const above = balances.filter((x) => x.afterTx < n).sort((x, y) => y.afterTx - x.afterTx)[0];
  // The nearest running balance printed on a booking row above it (balances on some rows only, or
  // at the end of each day): the balance after booking j, which is the bottom one plus every booking
  // from j down (an opening) or plus those above the oldest day's own (that day's balance).
  let j = n - 1;
  while (j >= 0 && (txs[j]!.balanceCents === null || txs[j]!.amountCents === null)) j--;
  if (j >= 0 && (!above || j + 1 >= above.afterTx)) {
    const bj = txs[j]!.balanceCents!;
    let k = n - 1;
    while (k > 0 && txs[k - 1]!.date === oldest.date) k--;
    const open = b.cents + sum(j, n) === bj;
    const day = j < k ? b.cents + sum(j, k) === bj : b.cents === bj + sum(k, j);
    if (open !== day) return day;
  }
  if (!above || above.afterTx === 0) return null;
  const prev = balances.filter((x) => x.afterTx < above.afterTx).reduce((m, x) => Math.max(m, x.afterTx), 0);
  const day = b.cents + sum(prev, above.afterTx) === above.cents;
  const open = b.cents + sum(prev, n) === above.cents;
  return day === open ? null : day;
}

/** The full date printed on a labelled balance's line ("Kontostand vom 01.06.2024"), if one is. */
function labelDate(lines: readonly Line[], f: Found<number>): string | null {
  const line = lines.find((l) => l.page === f.page && l.y0 <= f.bbox[3] && f.bbox[1] <= l.y1);
  const day = line ? tokenise(line).toks.find((t) => t.kind === 'date' && t.day?.y !== null && t.day?.y !== undefined)?.day : undefined;
  if (!day || day.y === null) return null;
  return `${String(day.y).padStart(4, '0')}-${String(day.m).padStart(2, '0')}-${String(day.d).padStart(2, '0')}`;
}

/** A balance read unsigned takes the sign of the same figure where the table signs it. */
function signedBy(found: Found<number> | null, row: { cents: number } | undefined): Found<number> | null {
  if (!found || !row || found.value < 0 || row.cents >= 0 || found.value !== -row.cents) return found;
  return { ...found, value: row.cents };
}

function fromRows(table: Table, kind: 'opening' | 'closing'): Found<number> | null {
  const b = table.balances.find((x) => x.kind === kind);
  return b ? { value: b.cents, confidence: 0.85, page: b.page, bbox: b.bbox } : null;
}


/**
 * A single unsigned amount column: the running balance tells the direction.
 * Without balances the amount stays positive (and the chain check will say so).
 */
function inferSigns(txs: ReadTx[], opening: number | null): void {
  let prev = opening;
  for (const t of txs) {
    if (!t.signKnown && prev !== null && t.balanceCents !== null) {
      const delta = t.balanceCents - prev;
      if (Math.abs(delta) === Math.abs(t.amountCents)) t.amountCents = delta;
    }
    prev = t.balanceCents ?? (prev === null ? null : prev + t.amountCents);
  }
}

// Only an explicit label names the other party; guessing from free text would
// put shop names, references and cities into a field risk rules rely on.
const COUNTERPARTY =
  /\b(?:beneficiario|ordinante|a favore di|empfanger|empfänger|auftraggeber|zahlungsempfanger|payee|payer|beneficiary)\s*:\s*(.{2,60})$/i;

/** A row of the table in the statement model (the document's currency applies: none of its own). */
function toTransaction(t: ReadTx): RawTransaction {
  // Per printed line: the name ends where its line ends.
  const cp = t.description.map((l) => COUNTERPARTY.exec(l)).find((m) => m !== null);
  return {
    date: t.date,
    valueDate: t.valueDate,
    amountCents: t.amountCents,
    currency: null,
    description: t.description.join(' ').replace(/\s+/g, ' ').trim(),
    balanceCents: t.balanceCents,
    counterparty: cp ? cp[1]!.trim() : null,
    page: t.page,
    bbox: bboxOf(t.lines.flatMap((l) => l.words)),
  };
}
