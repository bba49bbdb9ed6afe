/**
 * The table reader: transactions from pages of positioned words with no header and no
 * known layout. Columns come from geometry (aligned amount edges, aligned dates), rows from
 * lines holding an amount in a column, column roles from the balance chain (roles.ts), the
 * booking date from evidence (order, years, repetition), descriptions from the text lines
 * around each row (above it when the layout prints a line above the amount row, below it
 * otherwise, decided by the gaps and by the first row). Headings are read where they are
 * printed, as hints only.
 */
import type { Period } from '../../values/date-words.ts';
import { fold } from '../../layout/lines.ts';
import type { BBox, Line } from '../../layout/model.ts';
import { bboxOf } from '../../layout/model.ts';
import { TOTALS_CREDIT, TOTALS_DEBIT } from '../../data/keywords.data.ts';
import { SUMMARY_ROW } from '../../data/table-words.data.ts';
import type { Col } from './columns.ts';
import { centre, clusterBy, digitsRight } from './columns.ts';
import { describe } from './describe.ts';
import { headingRoles, pickBookingColumn, roleHints } from './headings.ts';
import type { Row } from './row.ts';
import { cueOf, median, specialOf } from './row.ts';
import type { Role, SolveRow } from './roles.ts';
import { solveRoles } from './roles.ts';
import type { Tok, TokLine } from './tokens.ts';
import { wordSeparator, tokenise } from './tokens.ts';

export interface ReadTx {
  page: number;
  date: string;
  valueDate: string | null;
  amountCents: number;
  signKnown: boolean;
  balanceCents: number | null;
  description: string[];
  lines: Line[];
}

export interface ReadBalance {
  kind: 'carry' | 'opening' | 'closing' | 'day';
  cents: number;
  page: number;
  bbox: BBox;
  afterTx: number;
}

export interface ReadTotal {
  kind: 'debit' | 'credit';
  cents: number;
  page: number;
  bbox: BBox;
}

export interface ReadTable {
  txs: ReadTx[];
  balances: ReadBalance[];
  totals: ReadTotal[];
  tableLines: Set<Line>;
  /** Chain evidence of the chosen column roles. */
  agree: number;
  disagree: number;
  roles: string[];
  newestFirst: boolean;
}

const EMPTY: ReadTable = { txs: [], balances: [], totals: [], tableLines: new Set(), agree: 0, disagree: 0, roles: [], newestFirst: false };

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The year that puts a year-less date nearest to a reference date. */
function nearestYear(d: number, m: number, ref: string): string {
  const y = Number(ref.slice(0, 4));
  let best = iso(y, m, d);
  let bestDist = Infinity;
  for (const yy of [y - 1, y, y + 1]) {
    const s = iso(yy, m, d);
    const dist = Math.abs(Date.parse(s) - Date.parse(ref));
    if (dist < bestDist) {
      bestDist = dist;
      best = s;
    }
  }
  return best;
}

function dateOf(t: Tok, ref: string | null, years: YearRange | null = null): string | null {
  const day = t.day!;
  // (a year outside the statement's years is a misread digit, "2074" for 2024: the day and month stand)
  if (day.y !== null && (!years || !ref || (day.y >= years.lo && day.y <= years.hi))) return iso(day.y, day.m, day.d);
  return ref ? nearestYear(day.d, day.m, ref) : null;
}

/** The years a statement's dates may carry: the printed period's, else the table's most common year, a year either side. */
export interface YearRange {
  lo: number;
  hi: number;
}

function yearRange(period: Period | null, toks: readonly Tok[]): YearRange | null {
  if (period) return { lo: Number(period.start.slice(0, 4)) - 1, hi: Number(period.end.slice(0, 4)) + 1 };
  const counts = new Map<number, number>();
  for (const t of toks) if (t.day?.y !== null && t.day?.y !== undefined) counts.set(t.day.y, (counts.get(t.day.y) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
  return top ? { lo: top[0] - 1, hi: top[0] + 1 } : null;
}

export function readTable(pages: readonly Line[][], period: Period | null, known: { opening: number | null; closing: number | null }): ReadTable {
  const tls = pages.map((lines) => lines.map(tokenise));
  const first = readOnce(pages, tls, period, known, false);
  if (first.undecided === 0) return first.table;
  // Dated "SALDO …" rows between dated bookings where nothing else tells a balance of the day from a
  // booking ("SALDO FATTURA" in a table without a balance column): both readings are solved and the
  // balance chain decides, as it decides the columns' roles.
  const second = readOnce(pages, tls, period, known, true);
  // (where nothing printed can tell — no balance the chain could check either way — rows that
  // state no day of their own in their label, in a document that prints no other balance of the
  // day, are bookings: balances of the day come day after day, "SALDO FATTURA" is a payment)
  if (second.score === first.score && first.lone) return second.table;
  return second.score > first.score ? second.table : first.table;
}

interface Once {
  table: ReadTable;
  /** The solver's score of the chosen roles (balance chain agreement). */
  score: number;
  /** Dated balance-like rows between dated bookings left as balances of the day by the rules. */
  undecided: number;
  /** Those rows are every balance row of the day in the document, and none names a date in its label. */
  lone: boolean;
}

function readOnce(pages: readonly Line[][], tls: TokLine[][], period: Period | null, known: { opening: number | null; closing: number | null }, datedAsBookings: boolean): Once {
  const all = tls.flat();
  let undecided = 0;
  let lone = false;
  const done = (table: ReadTable, score = -Infinity): Once => ({ table, score, undecided, lone });
  if (all.length === 0) return done(EMPTY);
  const H = median(all.map((l) => l.h));
  const sep = wordSeparator(pages.flat());
  // A date or amount run into the text before it ("DEL 02/01/25", "ORE 14.04") is text, not a cell.
  const cell = (t: Tok, k: number, toks: readonly Tok[]): boolean => !(t.gapL <= sep && toks[k - 1]?.kind === 'text');
  const amountToks = all.flatMap((l) => l.toks.filter((t, k) => t.kind === 'amount' && cell(t, k, l.toks)));
  // …unless the word before it is a short code in a column of its own ("153 29.04.2025 GUTSCHRIFT"):
  // such dates line up on their centre and their codes on their left edge, row after row.
  // (the code is the line's first text: "… *YOUTUBE ON 29 MAR" lines up too in a monospaced layout)
  const codeKey = (t: Tok, left: Tok | undefined, toks: readonly Tok[]): string | null =>
    left && left.kind === 'text' && left.words.length === 1 && left.text.length <= 5 && toks.find((x) => x.kind === 'text') === left
      ? `${Math.round(left.x0 / (H * 0.5))}:${Math.round(centre(t) / (H * 0.5))}`
      : null;
  const codeKeys = new Map<string, number>();
  // (on lines that hold an amount: "ON 29 MAR" at the start of description lines lines up too)
  const withAmount = (l: TokLine): boolean => l.toks.some((t) => t.kind === 'amount');
  for (const l of all)
    l.toks.forEach((t, k) => {
      const key = t.kind === 'date' && withAmount(l) && !cell(t, k, l.toks) ? codeKey(t, l.toks[k - 1], l.toks) : null;
      if (key) codeKeys.set(key, (codeKeys.get(key) ?? 0) + 1);
    });
  const afterCode = (t: Tok, k: number, toks: readonly Tok[]): boolean => {
    const key = codeKey(t, toks[k - 1], toks);
    return key !== null && (codeKeys.get(key) ?? 0) >= 3;
  };
  const dateToks = all.flatMap((l) => l.toks.filter((t, k) => t.kind === 'date' && (cell(t, k, l.toks) || (withAmount(l) && afterCode(t, k, l.toks)))));
  // Singletons count too (a statement may hold one or two bookings); use decides below.
  const aCols = clusterBy(amountToks, digitsRight, H * 0.9, 'amount', 0);
  // A column of dates that run straight into text and start where text-only lines start
  // ("05.12.2024 16:44 Karte …" under "Kartenzahlung REWE") is the start of descriptions.
  // (text-only lines between the page's first and last line with an amount: not the margin text around the table)
  const textStarts = tls.flatMap((ls) => {
    const money = ls.map((l, i) => (l.toks.some((t) => t.kind === 'amount') ? i : -1)).filter((i) => i >= 0);
    const lo = money[0] ?? 0;
    const hi = money[money.length - 1] ?? -1;
    return ls.filter((l, i) => i > lo && i < hi && l.toks.every((t) => t.kind !== 'amount')).map((l) => l.line.x0);
  });
  const runsOn = (t: Tok, l: TokLine): boolean => t.gapR <= sep && l.toks[l.toks.indexOf(t) + 1]?.kind === 'text';
  const lineOfTok = new Map<Tok, TokLine>();
  for (const l of all) for (const t of l.toks) lineOfTok.set(t, l);
  const dCols = clusterBy(dateToks, centre, H * 1.2, 'date', 1000).filter((c) => {
    const x0 = median(c.members.map((t) => t.x0));
    const flowing = c.members.filter((t) => runsOn(t, lineOfTok.get(t)!)).length >= c.members.length * 0.6;
    return !(flowing && textStarts.filter((x) => Math.abs(x - x0) < 1).length >= 3);
  });
  // A date that runs on from a short word before it ("CHG 31/10/2024") is still a cell where it stands
  // exactly in a column of dates that are cells on other rows.
  for (const l of all)
    l.toks.forEach((t, k) => {
      if (t.kind !== 'date' || cell(t, k, l.toks)) return;
      const c = dCols.find((d) => d.members.length >= 3 && Math.abs(centre(t) - d.at) < H * 0.3 && Math.abs(t.x1 - t.x0 - (d.x1 - d.x0)) < H * 2);
      if (c) c.members.push(t);
    });
  const colOf = new Map<Tok, Col>();
  for (const c of [...aCols, ...dCols]) for (const t of c.members) colOf.set(t, c);

  // Candidate rows: a line with an amount in an amount column.
  const rows: Row[] = [];
  tls.forEach((lines, p) =>
    lines.forEach((tl, idx) => {
      const amounts = new Map<number, Tok>();
      const dates = new Map<number, Tok>();
      for (const t of tl.toks) {
        const c = colOf.get(t);
        if (!c) continue;
        if (c.kind === 'amount' && !amounts.has(c.id)) amounts.set(c.id, t);
        if (c.kind === 'date' && !dates.has(c.id)) dates.set(c.id, t);
      }
      if (amounts.size === 0) return;
      const label = fold(tl.toks.filter((t) => t.kind === 'text').map((t) => t.text).join(' ')).trim();
      rows.push({ tl, page: pages[p]![0]?.page ?? p + 1, idx, amounts, dates, special: specialOf(label), label });
    }),
  );
  // Date columns of the table: those on rows that also hold an amount.
  const dateUse = new Map<number, number>();
  for (const r of rows) if (r.special === null) for (const id of r.dates.keys()) dateUse.set(id, (dateUse.get(id) ?? 0) + 1);
  const datedRows = rows.filter((r) => r.special === null && r.dates.size > 0).length;
  const minUse = datedRows <= 2 ? 1 : 2;
  const tableDateCols = dCols.filter((c) => (dateUse.get(c.id) ?? 0) >= minUse && (dateUse.get(c.id) ?? 0) >= c.members.length * 0.3);
  const tdIds = new Set(tableDateCols.map((c) => c.id));
  for (const r of rows) for (const id of [...r.dates.keys()]) if (!tdIds.has(id)) r.dates.delete(id);
  // A "balance" row with a booking and a value date of its own is a booking ("SALDO FATTURA 123"):
  // balances of the day carry no value date.
  if (tableDateCols.length >= 2) for (const r of rows) if (r.special === 'day' && r.dates.size >= 2) r.special = null;
  // …and so is one with a date in the table's date column where the document's balances of the day
  // print none there ("SALDO FATTURA" dated like the bookings among "Saldo del giorno 04/11" rows).
  // (between dated bookings: a summary box above or under the table keeps its balances)
  const dayRows = rows.filter((r) => r.special === 'day');
  const undatedDays = dayRows.filter((r) => r.dates.size === 0).length;
  const datedIdx = rows.map((r, i) => (r.special === null && r.dates.size > 0 ? i : -1)).filter((i) => i >= 0);
  const between = (r: Row): boolean => rows.indexOf(r) > (datedIdx[0] ?? Infinity) && rows.indexOf(r) < (datedIdx[datedIdx.length - 1] ?? -Infinity);
  if (undatedDays >= 3 && undatedDays >= dayRows.length * 0.75) for (const r of dayRows) if (r.dates.size > 0 && between(r)) r.special = null;
  const labelDated = (r: Row): boolean => r.tl.toks.some((t) => t.kind === 'date' && ![...r.dates.values()].includes(t));
  const open = dayRows.filter((r) => r.special === 'day' && r.dates.size > 0 && between(r));
  lone = open.length > 0 && open.length === dayRows.length && !open.some(labelDated);
  for (const r of open) {
    undecided++;
    if (datedAsBookings) r.special = null;
  }
  // ("Money out / Money in": each part of a combined label is a summary)
  const summary = (label: string): boolean => label.length < 80 && label.split('/').every((p) => SUMMARY_ROW.test(p.trim()));
  for (const r of rows) if (r.special === null && r.dates.size === 0 && summary(r.label)) r.special = 'total';
  const dated = rows.filter((r) => r.dates.size > 0 && r.special === null);
  if (dated.length === 0) return done(EMPTY);
  // Amount columns of the table: those used by dated rows.
  const aUse = new Map<number, number>();
  for (const r of dated) for (const id of r.amounts.keys()) aUse.set(id, (aUse.get(id) ?? 0) + 1);
  // (figures on balance/carry/total rows do not raise the bar: a credit column may hold one booking and two carries)
  const onSpecial = new Set(rows.filter((r) => r.special !== null).flatMap((r) => [...r.amounts.values()]));
  const need = (c: Col): number => (c.members.filter((t) => !onSpecial.has(t)).length <= 2 || dated.length <= 2 ? 1 : 2);
  const firstPass = new Set(aCols.filter((c) => (aUse.get(c.id) ?? 0) >= need(c)).map((c) => c.id));
  // Rows without a date (the date printed once per day) count where they have the table's shape:
  // another figure of theirs stands in a column the dated rows use.
  // (inside the table's text column: its text starts where the dated rows' descriptions start and no figure stands left of it)
  const textX0 = (r: Row): number => Math.min(...r.tl.toks.filter((t) => t.kind === 'text').map((t) => t.x0));
  const dStarts = dated.map(textX0).filter(Number.isFinite);
  const dStart = dStarts.length ? median(dStarts) : NaN;
  const firstDatedIdx = rows.indexOf(dated[0]!);
  const lastDatedIdx = rows.indexOf(dated[dated.length - 1]!);
  // (figures left of the text are the table's own where dated rows print theirs there too: debit and
  // credit columns before the description)
  const figuresLeft = dated.filter((r) => [...r.amounts.values()].some((t) => t.x0 < dStart)).length >= dated.length * 0.3;
  for (const r of rows) {
    if (r.special !== null || r.dates.size > 0) continue;
    if (!(Math.abs(textX0(r) - dStart) < H) || (!figuresLeft && [...r.amounts.values()].some((t) => t.x0 < dStart))) continue;
    const ids = [...r.amounts.keys()];
    if (!ids.some((id) => firstPass.has(id)) && !(rows.indexOf(r) > firstDatedIdx && rows.indexOf(r) < lastDatedIdx)) continue;
    for (const id of ids) if (!firstPass.has(id)) aUse.set(id, (aUse.get(id) ?? 0) + 1);
  }
  const tableACols = aCols.filter((c) => firstPass.has(c.id) || (aUse.get(c.id) ?? 0) >= need(c));
  const taIds = new Set(tableACols.map((c) => c.id));
  // Balance rows keep every amount: their figure may stand in a balance column no booking uses.
  for (const r of rows) if (r.special === null) for (const id of [...r.amounts.keys()]) if (!taIds.has(id)) r.amounts.delete(id);
  // A "balance" row with figures in two of the table's columns (an amount and the balance after it)
  // is a booking ("SALDO FATTURA"): a balance of the day prints one figure. (Undated too, between
  // dated bookings, where the date is printed once per day; a summary box outside keeps its rows.)
  for (const r of rows) if (r.special === 'day' && (r.dates.size > 0 || between(r)) && [...r.amounts.keys()].filter((id) => taIds.has(id)).length >= 2) r.special = null;
  // From here on only the table's own columns count as cells.
  colOf.clear();
  for (const c of [...tableACols, ...tableDateCols]) for (const t of c.members) colOf.set(t, c);

  // Rows of the table: after the first dated row (special rows anywhere), until a closing row
  // with no dated row after it on its page.
  const first = rows.indexOf(dated[0]!);
  // Where the descriptions start on dated rows: a row without a date whose text stands left of
  // it (in the date columns: a summary box under the table) is not a booking of the same day.
  // (the left edge where runs of text start on most rows with the most text: a short code printed
  // in a column of its own before the description starts runs too, of a few letters)
  const runs: { x0: number; row: Row; len: number }[] = [];
  for (const r of dated) {
    let cur: { x0: number; row: Row; len: number } | null = null;
    for (const t of r.tl.toks) {
      if (t.kind === 'text' && !colOf.has(t)) {
        if (!cur) {
          cur = { x0: t.x0, row: r, len: 0 };
          runs.push(cur);
        }
        cur.len += t.text.length;
      } else cur = null;
    }
  }
  const runCols = clusterBy(
    runs.map((u) => ({ x0: u.x0, x1: u.x0, len: u.len, row: u.row }) as unknown as Tok),
    (t) => t.x0,
    H * 0.5,
    'text',
    5000,
  );
  const weight = (c: Col): number => {
    const us = c.members as unknown as { len: number; row: Row }[];
    return new Set(us.map((u) => u.row)).size * median(us.map((u) => u.len));
  };
  const descCol = runCols.reduce<Col | null>((b, c) => (!b || weight(c) > weight(b) ? c : b), null);
  const descStart = descCol ? median(descCol.members.map((t) => t.x0)) : -Infinity;
  // (a word in a column of codes the dated rows print too is not outside the table)
  const codeStarts = runCols
    .filter((c) => c !== descCol && new Set((c.members as unknown as { row: Row }[]).map((u) => u.row)).size >= Math.max(2, dated.length * 0.3))
    .map((c) => median(c.members.map((t) => t.x0)));
  // (a code column read as markers on most rows — "DEB" beside "FPI", "DD", centred — is a band of
  // short words before the descriptions on many dated rows: codes of any width standing in it count)
  const before = dated.flatMap((r) => r.tl.toks.filter((t) => !colOf.has(t) && (t.kind === 'text' || t.kind === 'marker') && t.x1 <= descStart - H * 0.5).map((t) => ({ t, r })));
  before.sort((a, b) => a.t.x0 - b.t.x0);
  const codeBands: { x0: number; x1: number; rows: Set<Row> }[] = [];
  for (const { t, r } of before) {
    const last = codeBands[codeBands.length - 1];
    if (last && t.x0 <= last.x1) {
      last.x1 = Math.max(last.x1, t.x1);
      last.rows.add(r);
    } else codeBands.push({ x0: t.x0, x1: t.x1, rows: new Set([r]) });
  }
  const bands = codeBands.filter((b) => b.rows.size >= Math.max(2, dated.length * 0.3));
  const inCodeCol = (t: Tok): boolean =>
    codeStarts.some((x) => Math.abs(t.x0 - x) < H * 0.5) || (t.x1 <= descStart - H * 0.5 && bands.some((b) => t.x0 >= b.x0 - H * 0.5 && t.x1 <= b.x1 + H * 0.5));
  // (nor is a D/C or +/- marker beside an amount printed before the description)
  const leftOfText = (r: Row): boolean => r.tl.toks.some((t) => !colOf.has(t) && t.kind !== 'marker' && t.x0 < descStart - H && !inCodeCol(t));
  // Where every booking between the first and the last dated row prints its date, the date is not
  // printed once per day: undated figures after the last dated row that print fewer figures than
  // every dated row does (no running balance) are no bookings (a settlement block under the table).
  const undatedInside = rows.some((r, i) => r.special === null && r.dates.size === 0 && r.amounts.size > 0 && i > first && i < lastDatedIdx && !leftOfText(r));
  // (fewer figures than any dated row prints: no running balance where every booking has one)
  const fewestFigures = Math.min(...dated.map((r) => r.amounts.size));
  const afterTable = (r: Row, i: number): boolean => !undatedInside && i > lastDatedIdx && r.amounts.size < fewestFigures;
  const table: Row[] = [];
  let closed = false;
  // Lines with figures left out of the table since its last booking (a settlement block under it):
  // a total after them totals those, not the bookings ("TOTALE COMPETENZE").
  let leftOut = false;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (r.amounts.size === 0) continue;
    if (r.special !== null) {
      if (r.special === 'total' && leftOut && i > lastDatedIdx) continue;
      table.push(r);
      // (a balance of the day after the last dated row closes the last day: undated rows after it
      // belong to no day, a summary block under the table)
      if (r.special === 'closing' || r.special === 'total' || (r.special === 'day' && i > lastDatedIdx)) closed = true;
      continue;
    }
    if (r.dates.size > 0) closed = false;
    if (i < first) continue;
    if (closed || (r.dates.size === 0 && (leftOfText(r) || afterTable(r, i)))) {
      leftOut = true;
      continue;
    }
    leftOut = false;
    table.push(r);
  }

  // Markers in a column of their own ("D"/"C", "S"/"H", "+"/"-") give the sign of the amount beside them.
  // (apart from the words beside it; in a monospaced layout one space parts it from a date or an amount cell)
  const cellSide = (t: Tok | undefined): boolean => t === undefined || t.kind === 'date' || t.kind === 'amount';
  const markerToks = table.flatMap((r) =>
    r.tl.toks.filter((t, k, toks) => t.kind === 'marker' && (t.gapL > sep || (k > 0 && cellSide(toks[k - 1]))) && (t.gapR > sep || (k < toks.length - 1 && cellSide(toks[k + 1])))),
  );
  // A column keeps its space: where the description words of the bookings run through it, the
  // "A" of "SALDO A RIPORTARE" on two carry rows is a word of the text, not a D/A column.
  const bookingText = table.filter((r) => r.special === null).flatMap((r) => r.tl.toks.filter((t) => t.kind === 'text'));
  const bookings = table.filter((r) => r.special === null).length;
  const keepsSpace = (c: Col): boolean => {
    const lo = Math.min(...c.members.map((t) => t.x0));
    const hi = Math.max(...c.members.map((t) => t.x1));
    return bookingText.filter((t) => t.x0 < hi - 1 && t.x1 > lo + 1).length <= Math.max(1, bookings * 0.1);
  };
  const mCols = clusterBy(markerToks, centre, H * 0.9, 'marker', 2000).filter((c) => c.members.length >= 2 && keepsSpace(c));
  const markerCol = new Set(mCols.flatMap((c) => c.members));
  // A marker column signs one amount column, not always its neighbour (a balance may stand
  // between them): each amount column is tried and the chain decides.
  const attach = (target: number | null): { signOf: Map<Tok, -1 | 1>; attached: Set<Tok> } => {
    const signOf = new Map<Tok, -1 | 1>();
    const attached = new Set<Tok>();
    for (const r of table) {
      for (const m of r.tl.toks.filter((t) => markerCol.has(t))) {
        const a = target === null ? undefined : r.amounts.get(target);
        if (a) {
          signOf.set(a, m.markerSign!);
          attached.add(m);
        }
      }
    }
    return { signOf, attached };
  };
  // Headings above the table, per column: hints for the solver and for the dates.
  const heading = headingRoles(tls, table, [...tableACols, ...tableDateCols], H);

  // Booking date column: the heading says so, else the column printed on fewer rows (first of
  // the day only), else the one whose dates keep their order, else the leftmost.
  const years = yearRange(period, dateToks);
  const bookingCol = pickBookingColumn(tableDateCols, table, heading, years);
  const valueCols = tableDateCols.filter((c) => c !== bookingCol);

  // The order the bookings are printed in, where their dates show one (a summary box under the
  // table must not make a chronological table read newest first).
  const dateOrder = printedOrder(table, bookingCol ?? tableDateCols[0] ?? null);
  const order = tableACols.map((c) => c.id).sort((a, b) => aCols.find((c) => c.id === a)!.at - aCols.find((c) => c.id === b)!.at);
  const attempt = (target: number | null) => {
    const { signOf, attached } = attach(target);
    const cellOf = (t: Tok): { cents: number; sign: -1 | 1 | null } => ({ cents: t.amount!.cents, sign: t.amount!.sign ?? signOf.get(t) ?? null });
    const solveInput: SolveRow[] = [];
    const solveIndex: Row[] = [];
    for (const r of table) {
      if (r.special === 'day' || r.special === 'carry') {
        const cp = balanceValue(r, cellOf);
        if (cp !== null) {
          const last = [...r.amounts.entries()].sort((a, b) => a[1].x1 - b[1].x1).pop()!;
          solveInput.push({ cells: new Map(), checkpoint: cp, checkpointCol: last[0], checkpointSigned: cellOf(last[1]).sign !== null, cue: 0 });
          solveIndex.push(r);
        }
        continue;
      }
      if (r.special !== null) continue;
      const cells = new Map<number, { cents: number; sign: -1 | 1 | null }>();
      for (const [id, t] of r.amounts) cells.set(id, cellOf(t));
      solveInput.push({ cells, cue: cueOf(r.label) });
      solveIndex.push(r);
    }
    const usedCols = order.filter((id) => solveInput.some((r) => r.cells.has(id))).slice(0, 5);
    const sol = solveRoles(solveInput, usedCols, { opening: known.opening, closing: known.closing, heading: roleHints(heading), order: usedCols, dateOrder });
    return { sol, solveInput, solveIndex, cellOf, attached, usedCols };
  };
  // A marker column signs figures printed without a sign: a column whose every cell on the marker
  // rows carries its own sign ("-884,97 EUR" balances beside "S"/"H" amounts) is not what it signs.
  const markerRows = table.filter((r) => r.tl.toks.some((t) => markerCol.has(t)));
  const targets = order.filter((id) => markerRows.some((r) => r.amounts.get(id)?.amount?.sign === null));
  const tries = markerCol.size > 0 && targets.length > 0 ? targets.map((id) => attempt(id)) : [attempt(null)];
  const best = tries.reduce((x, y) => ((y.sol?.score ?? -Infinity) > (x.sol?.score ?? -Infinity) ? y : x));
  const { sol, solveInput, solveIndex, cellOf, attached, usedCols } = best;
  for (const m of [...markerCol]) if (!attached.has(m)) markerCol.delete(m);
  if (!sol) return done(EMPTY);

  // Descriptions: the text of the amount row and of the lines around it.
  const desc = describe(tls, table, colOf, markerCol, H, sep);

  const res: ReadTable = { txs: [], balances: [], totals: [], tableLines: new Set(), agree: sol.agree, disagree: sol.disagree, roles: usedCols.map((id) => sol.roles.get(id) ?? 'ignore'), newestFirst: sol.newestFirst };
  const fullDates = dateToks.filter((t) => t.day!.y !== null && (!years || (t.day!.y >= years.lo && t.day!.y <= years.hi))).map((t) => dateOf(t, null)!).sort();
  let ref: string | null = period?.end ?? fullDates[Math.floor(fullDates.length / 2)] ?? null;
  let lastDate: string | null = null;
  const balanceCol = [...sol.roles].find(([, role]) => role === 'balance')?.[0];
  // A date printed the way its column prints most of its dates (not a stray "1/2" page count under it).
  const shape = (t: Tok): string => t.text.replace(/\d/g, '9');
  const typicalOf = (t: Tok): boolean => {
    const col = valueCols.find((c) => c.members.includes(t));
    if (!col) return false;
    const n = col.members.filter((m) => shape(m) === shape(t)).length;
    return n * 2 > col.members.length;
  };
  // Booking dates printed on every row, not once a day: two bookings in a row print the same day.
  const bookingToks = solveIndex.map((r) => (r.special === null && bookingCol ? r.dates.get(bookingCol.id) : undefined));
  const sameDay = (a: Tok | undefined, b: Tok | undefined): boolean => a !== undefined && b !== undefined && a.day!.d === b.day!.d && a.day!.m === b.day!.m;
  const everyRow = bookingToks.some((t, k) => k > 0 && sameDay(bookingToks[k - 1], t));
  const nextBookingOf = (k: number): string | null => {
    for (let j = k + 1; j < bookingToks.length; j++) {
      const t = bookingToks[j];
      if (t) return dateOf(t, ref, years);
    }
    return null;
  };
  solveIndex.forEach((r, k) => {
    if (r.special !== null) {
      // A carry or day row is a balance only where its figure stands in the balance column (or alone,
      // without one); carried debit/credit totals in the amount columns are not a balance.
      if (balanceCol !== undefined ? !r.amounts.has(balanceCol) : r.amounts.size !== 1) return;
      const cpRow = solveInput[k]!;
      const debitSide = !cpRow.checkpointSigned && cpRow.checkpointCol !== undefined && sol.roles.get(cpRow.checkpointCol) === 'debit';
      const v = balanceCol !== undefined ? cellOf(r.amounts.get(balanceCol)!).cents * (cellOf(r.amounts.get(balanceCol)!).sign ?? 1) : debitSide ? -cpRow.checkpoint! : cpRow.checkpoint!;
      res.balances.push({ kind: r.special as 'day' | 'carry', cents: v, page: r.page, bbox: bboxOf(r.tl.line.words), afterTx: res.txs.length });
      res.tableLines.add(r.tl.line);
      return;
    }
    const amount = sol.amounts[k];
    if (amount === null || amount === undefined) return;
    const bt = bookingCol ? r.dates.get(bookingCol.id) : undefined;
    const vt = valueCols.map((c) => r.dates.get(c.id)).find((t) => t !== undefined);
    // A first row that continues a day begun before (a page read alone): its value date stands in.
    // A row whose booking date OCR lost, where every row prints its own: its value date stands in when it
    // lies between the bookings around it (else the day before it continues).
    const lost = !bt && lastDate !== null && everyRow && vt && typicalOf(vt) ? dateOf(vt, ref, years) : null;
    const nextBooking = lost ? nextBookingOf(k) : null;
    const date = bt ? dateOf(bt, ref, years) : lost && lost >= lastDate! && (nextBooking === null || lost <= nextBooking) ? lost : (lastDate ?? (vt && typicalOf(vt) ? dateOf(vt, ref, years) : null));
    if (!date) return;
    if (bt && bt.day!.y !== null) ref = date;
    lastDate = date;
    const signKnown = sol.signKnown[k] ?? false;
    const d = desc.get(r) ?? { text: [], lines: [r.tl.line] };
    for (const l of d.lines) res.tableLines.add(l);
    res.txs.push({
      page: r.page,
      date,
      valueDate: vt ? dateOf(vt, date, years) : null,
      amountCents: amount,
      signKnown,
      balanceCents: sol.balances[k] ?? null,
      description: d.text,
      lines: d.lines,
    });
  });
  for (const r of table) {
    if (r.special === 'opening' || r.special === 'closing') {
      // (without a balance column, an unsigned balance printed in the debit column is overdrawn, as on a day's row)
      const last = [...r.amounts.entries()].sort((a, b) => a[1].x1 - b[1].x1).pop();
      const debitSide = balanceCol === undefined && last !== undefined && sol.roles.get(last[0]) === 'debit' && cellOf(last[1]).sign === null;
      const raw = balanceValue(r, cellOf);
      const v = raw !== null && debitSide ? -raw : raw;
      if (v !== null) res.balances.push({ kind: r.special, cents: v, page: r.page, bbox: bboxOf(r.tl.line.words), afterTx: afterTxOf(res, r) });
      res.tableLines.add(r.tl.line);
    } else if (r.special === 'total') {
      totalsOf(r, sol.roles, res);
      res.tableLines.add(r.tl.line);
    }
  }
  return done(res, sol.score);
}

/** 'asc' or 'desc' where consecutive booking dates mostly rise or mostly fall (ties ignored), else null. */
function printedOrder(table: readonly Row[], col: Col | null): 'asc' | 'desc' | null {
  if (!col) return null;
  const keys = table
    .filter((r) => r.special === null)
    .map((r) => r.dates.get(col.id)?.day)
    .filter((d): d is { d: number; m: number; y: number | null } => d !== undefined)
    .map((d) => (d.y ?? 0) * 10000 + d.m * 100 + d.d);
  let up = 0;
  let down = 0;
  for (let i = 1; i < keys.length; i++) {
    if (keys[i]! > keys[i - 1]!) up++;
    else if (keys[i]! < keys[i - 1]!) down++;
  }
  if (up >= 2 && up >= down * 3) return 'asc';
  if (down >= 2 && down >= up * 3) return 'desc';
  return null;
}

function afterTxOf(res: ReadTable, r: Row): number {
  return res.txs.filter((t) => t.page < r.page || (t.page === r.page && t.lines[0]!.y0 < r.tl.line.y0)).length;
}

/** The balance a special row prints: its balance-column cell, else its last amount, signed by its marker. */
function balanceValue(r: Row, cellOf: (t: Tok) => { cents: number; sign: -1 | 1 | null }): number | null {
  const toks = [...r.amounts.values()].sort((a, b) => a.x1 - b.x1);
  const t = toks[toks.length - 1];
  if (!t) return null;
  const c = cellOf(t);
  return c.cents * (c.sign ?? 1);
}

function totalsOf(r: Row, roles: Map<number, Role>, res: ReadTable): void {
  const bbox = bboxOf(r.tl.line.words);
  let found = false;
  for (const [id, t] of r.amounts) {
    const role = roles.get(id);
    if (role === 'debit' || role === 'credit') {
      res.totals.push({ kind: role, cents: t.amount!.cents, page: r.page, bbox });
      found = true;
    }
  }
  if (found || r.amounts.size !== 1) return;
  const isD = TOTALS_DEBIT.test(r.label);
  if (isD !== TOTALS_CREDIT.test(r.label)) res.totals.push({ kind: isD ? 'debit' : 'credit', cents: [...r.amounts.values()][0]!.amount!.cents, page: r.page, bbox });
}

